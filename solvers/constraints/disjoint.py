"""Disjoint groups: the cells in the same place of each box hold 1..n once (f-puzzles' "disjointgroups")."""

from __future__ import annotations

from ..rules import latin as latin_rules
from ..rules.sudoku import BOXES
from . import Everywhere, Item, Unit


class Disjoint(Everywhere):
    """Disjoint groups."""

    key = "disjoint"
    title = "disjoint group"
    plural = "disjoint groups"
    fpuzzles = ("disjointgroups",)

    def units(self, item: Item, n: int) -> list[Unit]:
        """One unit per place in a box (the size's usual boxes)."""
        w, h = BOXES[n]
        out = []
        for p in range(n):
            pr, pc = divmod(p, w)
            cells = tuple((br * h + pr) * n + bc * w + pc for br in range(n // h) for bc in range(n // w))
            out.append((cells, latin_rules.REGION, f"disjoint group {p + 1}"))
        return out


TYPE = Disjoint()
