"""Arrows: the digits along an arrow add up to the number in its circle (f-puzzles' "arrow"); a circle of two or
three cells (a pill) reads as a number, left to right or top to bottom. Digits on the line may repeat where no
unit forbids it.

An entry is {"type": "arrow", "circle": [[row, col], ...], "cells": [[row, col], ...]}: the circle's cells, then
the line's from the circle out, each touching the next (the first touches the circle).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import product

from .. import cages
from ..base import Json
from ..latin import Cell, Geometry, Mask, values_of
from ..rules.latin import cell_name
from . import Item, Type, cell_of, cells_of, line_of, name_of, rc_of, runs_of, touching


def _number(digits: Sequence[int]) -> int:
    out = 0
    for d in digits:
        out = out * 10 + d
    return out


class Arrow(Type):
    """An arrow."""

    key = "arrow"
    title = "arrow"
    plural = "arrows"
    technique = "Arrow sum"
    fpuzzles = ("arrow",)

    def read(self, entry: Json, n: int) -> Item:
        """(circle cells, line cells)."""
        circle = cells_of(entry, n, "circle")
        if len(circle) > 3:
            raise ValueError("a circle holds one to three cells")
        line = line_of(entry, n, 1)
        if set(circle) & set(line):
            raise ValueError("its line passes through its circle")
        if not any(touching(c, line[0], n) for c in circle):
            raise ValueError(f"its line starts at {cell_name(n, line[0])}, away from its circle")
        return circle, line

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, "circle": rc_of(item[0], n), "cells": rc_of(item[1], n)}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The circle's cells, then the line's."""
        return (*item[0], *item[1])

    def said(self, item: Item, n: int) -> str:
        """"the digits along the arrow from r1c1 add up to its circle"."""
        return f"the digits along the arrow from {cell_name(n, item[0][0])} add up to its circle"

    def keeper(self, item: Item, g: Geometry) -> partial:
        """The arrow's sum, the line's digits different where they see each other."""
        return partial(self._keep, len(item[0]), runs_of(item[1], g), g.n)

    @staticmethod
    def _keep(k: int, runs: tuple[tuple[int, ...], ...], n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Circle readings (its first k cells) the line can make, and line digits that make one of them."""
        circle, line = masks[:k], masks[k:]
        readings = {_number(ds): ds for ds in product(*(values_of(m) for m in circle))}
        totals = sum(1 << v for v in readings if v <= 9 * len(line))
        kept, hit = cages.reach_runs(totals, line, runs, n)
        if not hit:
            return None
        out = [0] * k
        for v, ds in readings.items():
            if hit >> v & 1:
                for i, d in enumerate(ds):
                    out[i] |= 1 << (d - 1)
        return (*out, *kept)

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A full arrow whose line does not add up to its circle."""
        circle, line = item
        if all(values[c] for c in (*circle, *line)):
            total, want = sum(values[c] for c in line), _number([values[c] for c in circle])
            if total != want:
                return f"The digits along the arrow from {cell_name(n, circle[0])} add up to {total}, not {want}"
        return None

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cells": [circle names], "lines": [[circle name, line names...], ...]}, ...]: one item per line."""
        if not isinstance(value, list) or not all(isinstance(e, dict) and isinstance(e.get("cells"), list)
                                                  and isinstance(e.get("lines"), list) for e in value):
            raise ValueError("an f-puzzles arrow has its circle's cells and its lines")
        out = []
        for e in value:
            circle = [cell_of(x, n) for x in e["cells"]]
            for line in e["lines"]:
                cells = [c for c in (cell_of(x, n) for x in line) if c not in circle]
                out.append({"type": self.key, "circle": rc_of(circle, n), "cells": rc_of(cells, n)})
        return out

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """One f-puzzles arrow per item, its line from the circle's last cell."""
        return {"arrow": [{"cells": [name_of(c, n) for c in circle],
                           "lines": [[name_of(c, n) for c in (circle[-1], *line)]]} for circle, line in items]}


TYPE = Arrow()
