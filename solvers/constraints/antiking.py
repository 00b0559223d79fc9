"""Anti-king: two cells a chess king's move apart (touching, corners too) never hold the same digit (f-puzzles'
"antiking")."""

from __future__ import annotations

from ..latin import Cell
from . import Everywhere, Item, neighbours

KING = ((0, 1), (1, -1), (1, 0), (1, 1))


class AntiKing(Everywhere):
    """Anti-king."""

    key = "antiking"
    title = "anti-king rule"
    plural = "anti-king rules"
    fpuzzles = ("antiking",)

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """Every pair of touching cells."""
        return neighbours(n, KING)


TYPE = AntiKing()
