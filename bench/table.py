"""What the benchmarks share: a table of (what, figures) rows printed under a title; a check for their data."""

from __future__ import annotations

import sys
from pathlib import Path


def print_rows(title: str, rows: list[tuple[str, str]]) -> None:
    """The title, then each row's label padded to the widest and its figures."""
    width = max(len(a) for a, _ in rows)
    print(title)
    for a, b in rows:
        print(f"{a:<{width}}  {b}")


def needs(path: Path) -> None:
    """Stop with a message when the benchmark data at `path` (under ../shared/benchmarks/) is missing."""
    if not path.exists():
        sys.exit(f"benchmark data missing: {path}")
