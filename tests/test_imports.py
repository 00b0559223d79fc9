"""The import graph of solvers/: no cycle (function-level imports too), no private name used across modules."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import imports


def test_no_import_cycle_and_no_private_reach_in() -> None:
    assert imports.problems() == []


def test_the_check_sees_a_cycle_and_a_reach_in(tmp_path: Path) -> None:
    pkg = tmp_path / "solvers"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .. import a\n    return a._hidden\n")
    (pkg / "c.py").write_text("from .a import _secret\n")
    found = imports.problems(tmp_path)
    assert "import cycle: solvers.a <-> solvers.sub.b" in found
    assert any("uses a._hidden" in p for p in found) and any("imports _secret from solvers.a" in p for p in found)
