"""Tessera's solvers: one module per puzzle family behind one interface (see base.py).

`FAMILIES` maps a family's name to its `Family` object; modules are imported lazily so
the browser worker only pays for the family a page uses.
"""

from __future__ import annotations

import importlib
import importlib.util

from .base import Family, Hint, PuzzleError

# name -> module that defines FAMILY
_MODULES: dict[str, str] = {
    "sudoku": "solvers.sudoku",
    "skyscrapers": "solvers.skyscrapers",
    "sliding": "solvers.sliding",
    "genius": "solvers.genius",
    "ubongo": "solvers.ubongo",
}

__all__ = ["Family", "Hint", "PuzzleError", "family", "names"]


def names() -> list[str]:
    """The registered family names whose module is present."""
    return [n for n, m in _MODULES.items() if importlib.util.find_spec(m) is not None]


def family(name: str) -> Family:
    """The family registered under `name`."""
    if name not in names():
        raise PuzzleError(f"unknown puzzle family {name!r}: choose one of {', '.join(names())}")
    return importlib.import_module(_MODULES[name]).FAMILY
