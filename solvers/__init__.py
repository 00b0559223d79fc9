"""Tessera's solvers: one module per puzzle family behind one typed contract (base.py).

`family(name)` gives a family's object; modules are imported lazily so the browser worker
only pays for the family a page uses. `commands.py` turns any family into the command
line and the worker's calls.
"""

from __future__ import annotations

import importlib
import importlib.util

from .base import Family, Hint, Params, Problem, PuzzleError

# name -> module that defines FAMILY
_MODULES: dict[str, str] = {
    "sudoku": "solvers.sudoku",
    "skyscrapers": "solvers.skyscrapers",
    "sliding": "solvers.sliding",
    "genius": "solvers.genius",
    "ubongo": "solvers.ubongo",
}

__all__ = ["Family", "Hint", "Params", "Problem", "PuzzleError", "family", "names"]


def names() -> list[str]:
    """The registered family names whose module is present."""
    return [n for n, m in _MODULES.items() if importlib.util.find_spec(m) is not None]


def family(name: str) -> Family:
    """The family registered under `name`."""
    if name not in names():
        raise PuzzleError(f"unknown puzzle family {str(name)[:40]!r}: choose one of {', '.join(names())}")
    return importlib.import_module(_MODULES[name]).FAMILY
