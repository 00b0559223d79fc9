"""Quadruples: the digits in a circle where four cells meet all appear in those four cells (f-puzzles'
"quadruple"; a digit written twice appears twice).

An entry is {"type": "quadruple", "cells": the four cells of a 2x2 square, "values": [digits]}.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import product

from ..base import Json
from ..latin import Cell, Mask, values_of
from ..rules.latin import cell_name
from . import Item, Type, cell_of, cells_of, name_of, rc_of


@cache
def _keep(values: tuple[int, ...], masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell, the digits it takes in some filling that holds every value (as often as written)."""
    need = Counter(values)
    out = [0] * len(masks)
    for digits in product(*(values_of(m) for m in masks)):
        have = Counter(digits)
        if all(have[v] >= k for v, k in need.items()):
            for i, d in enumerate(digits):
                out[i] |= 1 << (d - 1)
    return tuple(out)


class Quadruple(Type):
    """A quadruple clue."""

    key = "quadruple"
    title = "quadruple"
    plural = "quadruples"
    technique = "Quadruple"
    fpuzzles = ("quadruple",)

    def read(self, entry: Json, n: int) -> Item:
        """(values, cells)."""
        cells = tuple(sorted(cells_of(entry, n, least=4)))
        rows, cols = {c // n for c in cells}, {c % n for c in cells}
        if len(cells) != 4 or len(rows) != 2 or len(cols) != 2 or max(rows) - min(rows) != 1 or \
                max(cols) - min(cols) != 1:
            raise ValueError("a quadruple sits where four cells of a 2x2 square meet")
        values = entry.get("values")
        if not isinstance(values, list) or not 1 <= len(values) <= 4 or \
                any(type(v) is not int or not 1 <= v <= n for v in values):
            raise ValueError(f'its "values" are one to four digits from 1 to {n}')
        return tuple(sorted(values)), cells

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, "cells": rc_of(item[1], n), "values": list(item[0])}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The four cells."""
        return item[1]

    def said(self, item: Item, n: int) -> str:
        """"the quadruple at r1c1 holds 1, 2"."""
        return f"the four cells from {cell_name(n, item[1][0])} hold {', '.join(map(str, item[0]))} (a quadruple)"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """The digits of some filling that holds the values."""
        got = _keep(item[0], masks)
        return None if 0 in got else got

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A full square without one of its values."""
        digits = [values[c] for c in item[1]]
        if all(digits):
            have = Counter(digits)
            missing = [v for v, k in Counter(item[0]).items() if have[v] < k]
            if missing:
                return f"The four cells from {cell_name(n, item[1][0])} must hold {missing[0]}"
        return None

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cells": [four names], "values": [digits]}, ...]."""
        if not isinstance(value, list) or not all(isinstance(e, dict) and isinstance(e.get("cells"), list)
                                                  for e in value):
            raise ValueError("an f-puzzles quadruple lists its cells and values")
        return [{"type": self.key, "cells": rc_of([cell_of(x, n) for x in e["cells"]], n),
                 "values": [int(v) for v in e.get("values") or []]} for e in value]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """{"quadruple": [...]}."""
        return {"quadruple": [{"cells": [name_of(c, n) for c in cells], "values": list(values)}
                              for values, cells in items]}


TYPE = Quadruple()
