"""Non-consecutive: side-by-side cells never hold consecutive digits (f-puzzles' "nonconsecutive")."""

from __future__ import annotations

from collections.abc import Sequence

from ..latin import Constraint, Geometry
from . import SIDES, Everywhere, Item, neighbours, pair_rule, support


class NonConsecutive(Everywhere):
    """Non-consecutive."""

    key = "nonconsecutive"
    title = "non-consecutive rule"
    plural = "non-consecutive rules"
    technique = "Non-consecutive"
    fpuzzles = ("nonconsecutive",)

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """One rule per pair of side-by-side cells."""
        table = support(g.n, lambda x, y: abs(x - y) != 1)
        return [pair_rule(g, pair, table, f"{g.name(pair[0])} and {g.name(pair[1])} touch, so their digits are not "
                          "consecutive") for pair in neighbours(g.n, SIDES)]

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """Two side-by-side cells with consecutive digits."""
        for a, b in neighbours(n, SIDES):
            if values[a] and values[b] and abs(values[a] - values[b]) == 1:
                return (f"r{a // n + 1}c{a % n + 1} and r{b // n + 1}c{b % n + 1} touch but hold consecutive digits "
                        f"{values[a]} and {values[b]}")
        return None


TYPE = NonConsecutive()
