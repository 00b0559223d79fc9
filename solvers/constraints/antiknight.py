"""Anti-knight: two cells a chess knight's move apart never hold the same digit (f-puzzles' "antiknight")."""

from __future__ import annotations

from ..latin import Cell
from . import Everywhere, Item, neighbours

KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1))


class AntiKnight(Everywhere):
    """Anti-knight."""

    key = "antiknight"
    title = "anti-knight rule"
    plural = "anti-knight rules"
    fpuzzles = ("antiknight",)

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """Every pair a knight's move apart."""
        return neighbours(n, KNIGHT)


TYPE = AntiKnight()
