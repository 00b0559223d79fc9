"""Cages without a sum: the digits in a dashed cage differ (f-puzzles' killer cages with no value).

An entry is {"type": "distinct", "cells": [[row, col], ...]}.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Json
from ..latin import Cell
from . import Item, Type, cells_of, name_of, rc_of


class Distinct(Type):
    """A cage without a sum."""

    key = "distinct"
    title = "cage"
    plural = "cages without a sum"

    def read(self, entry: Json, n: int) -> Item:
        """Its cells, at most n."""
        cells = cells_of(entry, n)
        if len(cells) > n:
            raise ValueError(f"{len(cells)} different digits do not fit in 1 to {n}")
        return tuple(sorted(cells))

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, "cells": rc_of(item, n)}

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """Its digits differ."""
        return [item]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """Killer cages without a value."""
        return {"killercage": [{"cells": [name_of(c, n) for c in item]} for item in items]}


TYPE = Distinct()
