"""Minimum and maximum cells: a cell marked minimum holds less than every cell beside it, a maximum more (f-puzzles'
"minimum" and "maximum").

An entry is {"type": "minmax", "mark": "min" | "max", "cells": [[row, col], ...]}; each cell is an item.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..latin import Constraint, Geometry
from ..rules.latin import cell_name
from . import SIDES, CellMarks, Item, pair_rule, support

KEYS = {"min": "minimum", "max": "maximum"}


class MinMax(CellMarks):
    """Minimum and maximum cells."""

    key = "minmax"
    title = "minimum or maximum cell"
    plural = "minimum and maximum cells"
    technique = "Minimum or maximum"
    fpuzzles = ("minimum", "maximum")
    KEYS = KEYS

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """One rule per cell and neighbour: lower (min) or higher (max)."""
        n, out = g.n, []
        less, more = support(n, lambda x, y: x < y), support(n, lambda x, y: x > y)
        for mark, c in items:
            for dr, dc in (*SIDES, *((-a, -b) for a, b in SIDES)):
                r, k = c // n + dr, c % n + dc
                if 0 <= r < n and 0 <= k < n:
                    table, back = (less, more) if mark == "min" else (more, less)
                    out.append(pair_rule(g, (c, r * n + k), table, f"{g.name(c)}, a {KEYS[mark]}, is "
                                         f"{'less' if mark == 'min' else 'more'} than {g.name(r * n + k)} beside it",
                                         back))
        return out

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A placed neighbour on the wrong side."""
        mark, c = item
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            r, k = c // n + dr, c % n + dc
            if 0 <= r < n and 0 <= k < n and values[c] and values[r * n + k] and \
                    (values[c] > values[r * n + k] if mark == "min" else values[c] < values[r * n + k]):
                return (f"{cell_name(n, c)} is a {KEYS[mark]}, so it must be {'less' if mark == 'min' else 'more'} "
                        f"than {cell_name(n, r * n + k)} beside it")
        return None


TYPE = MinMax()
