"""Tessera's solvers: one module per puzzle family behind one typed contract (base.py).

`family(name)` gives a family's object; modules are imported lazily so the browser worker
only pays for the family a page uses. `commands.py` turns any family into the command
line and the worker's calls.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from functools import cache
from pathlib import Path

from .base import Family, Hint, Params, Problem, PuzzleError

__all__ = ["Family", "Hint", "Params", "Problem", "PuzzleError", "family", "names"]

_DEFINES_FAMILY = re.compile(r"^(FAMILY = |from \S+ import .*\bFAMILY\b)", re.M)


@cache
def _modules() -> dict[str, str]:
    """name -> module of every family: a module or package of solvers/ named after its family whose source
    defines (or imports) FAMILY, found by reading the files, so that no family is imported before it is asked for."""
    found = {}
    for module in pkgutil.iter_modules(__path__):
        origin = importlib.util.find_spec(f"{__name__}.{module.name}").origin
        if origin and origin.endswith(".py") and _DEFINES_FAMILY.search(Path(origin).read_text(encoding="utf-8")):
            found[module.name] = f"{__name__}.{module.name}"
    return found


def names() -> list[str]:
    """The registered family names, in alphabetical order."""
    return sorted(_modules())


def family(name: str) -> Family:
    """The family registered under `name`."""
    if name not in names():
        raise PuzzleError(f"unknown puzzle family {str(name)[:40]!r}: choose one of {', '.join(names())}")
    return importlib.import_module(_modules()[name]).FAMILY
