"""Minimum and maximum cells: a cell marked minimum holds less than every cell beside it, a maximum more (f-puzzles'
"minimum" and "maximum").

An entry is {"type": "minmax", "mark": "min" | "max", "cells": [[row, col], ...]}; each cell is an item.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Json
from ..latin import Cell, Constraint, Geometry
from ..rules.latin import cell_name
from . import SIDES, Item, Type, cell_of, cells_of, name_of, pair_rule, rc_of, support

KEYS = {"min": "minimum", "max": "maximum"}


class MinMax(Type):
    """Minimum and maximum cells."""

    key = "minmax"
    title = "minimum or maximum cell"
    plural = "minimum and maximum cells"
    technique = "Minimum or maximum"
    fpuzzles = ("minimum", "maximum")

    def read_all(self, entry: Json, n: int) -> list[Item]:
        """One (mark, cell) per cell."""
        if entry.get("mark") not in KEYS:
            raise ValueError('"mark" must be "min" or "max"')
        return [(entry["mark"], c) for c in cells_of(entry, n)]

    def write(self, item: Item, n: int) -> Json:
        """The entry of one cell."""
        return {"type": self.key, "mark": item[0], "cells": rc_of([item[1]], n)}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """Its cell."""
        return (item[1],)

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

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cell": "R1C1"}, ...]."""
        if not isinstance(value, list) or not all(isinstance(e, dict) and "cell" in e for e in value):
            raise ValueError(f"an f-puzzles {key} cell names its cell")
        mark = next(m for m, k in KEYS.items() if k == key)
        return [{"type": self.key, "mark": mark, "cells": rc_of([cell_of(e["cell"], n) for e in value], n)}]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """{"minimum": [...], "maximum": [...]}."""
        out: dict[str, list] = {}
        for mark, c in items:
            out.setdefault(KEYS[mark], []).append({"cell": name_of(c, n)})
        return dict(out)


TYPE = MinMax()
