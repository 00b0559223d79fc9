"""Cages beside the killer cages: the digits in a dashed cage differ, and add up to its sum when it has one
(f-puzzles' killer cages with no value, and cages drawn over other cages).

An entry is {"type": "distinct", "cells": [[row, col], ...]}, with "sum" for a cage that overlaps others.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cages
from ..base import Json
from ..latin import Cell, Constraint, Geometry, Mask
from ..rules.latin import cell_name
from . import Item, Type, cells_of, name_of, rc_of


class Distinct(Type):
    """A cage without a sum, or one over other cages: an item is (sum or 0, cells)."""

    key = "distinct"
    title = "cage"
    plural = "cages without a sum"

    def read(self, entry: Json, n: int) -> Item:
        """Its cells, at most n, and its sum (0: none) that different digits can make."""
        cells = cells_of(entry, n)
        if len(cells) > n:
            raise ValueError(f"{len(cells)} different digits do not fit in 1 to {n}")
        total = entry.get("sum", 0)
        if type(total) is not int or total < 0:
            raise ValueError('a cage\'s "sum" is a whole number')
        if total and not cages.combos(len(cells), total, n):
            raise ValueError(f"no {len(cells)} different digits add up to {total}")
        return total, tuple(sorted(cells))

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, "cells": rc_of(item[1], n), **({"sum": item[0]} if item[0] else {})}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The cage's cells."""
        return item[1]

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """Its digits differ."""
        return [item[1]]

    def said(self, item: Item, n: int) -> str:
        """"the cage at r1c1 adds up to 15"."""
        return f"the cage at {cell_name(n, item[1][0])} adds up to {item[0]}"

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """A cage with a sum keeps the digits of its fillings."""
        return super().rules([item for item in items if item[0]], g)

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """The digits of some filling by different digits adding up to the sum."""
        got = cages.keep(cages.combos(len(item[1]), item[0], n), masks)
        return None if 0 in got else got

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A full cage whose digits do not add up to its sum."""
        total, cells = item
        got = sum(values[c] for c in cells)
        if total and all(values[c] for c in cells) and got != total:
            return f"The digits of the cage at {cell_name(n, cells[0])} add up to {got}, not {total}"
        return None

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """Killer cages, with their value when they have one."""
        return {"killercage": [{"cells": [name_of(c, n) for c in cells], **({"value": str(total)} if total else {})}
                               for total, cells in items]}


TYPE = Distinct()
