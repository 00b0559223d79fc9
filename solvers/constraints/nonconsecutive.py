"""Non-consecutive: side-by-side cells never hold consecutive digits (f-puzzles' "nonconsecutive")."""

from __future__ import annotations

from collections.abc import Sequence

from ..latin import Cell, Constraint, Geometry
from . import SIDES, Everywhere, Item, neighbours, pair_rule, support


class NonConsecutive(Everywhere):
    """Non-consecutive."""

    key = "nonconsecutive"
    title = "non-consecutive rule"
    plural = "non-consecutive rules"
    technique = "Non-consecutive"
    fpuzzles = ("nonconsecutive",)

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """One rule per pair of side-by-side cells, but those a white Kropki dot joins (f-puzzles' reading: the
        rule is its negative white dots)."""
        table = support(g.n, lambda x, y: abs(x - y) != 1)
        white = _white_pairs(g.typed)
        return [pair_rule(g, pair, table, f"{g.name(pair[0])} and {g.name(pair[1])} touch, so their digits are not "
                          "consecutive") for pair in neighbours(g.n, SIDES) if pair not in white]

    def check(self, items: Sequence[Item], g: Geometry, values: Sequence[int]) -> list[tuple[tuple[Cell, ...], str]]:
        """Side-by-side cells (no white dot between them) with consecutive digits."""
        white = _white_pairs(g.typed)
        return [(pair, f"{g.name(pair[0])} and {g.name(pair[1])} touch but hold consecutive digits "
                 f"{values[pair[0]]} and {values[pair[1]]}") for pair in neighbours(g.n, SIDES)
                if pair not in white and values[pair[0]] and values[pair[1]]
                and abs(values[pair[0]] - values[pair[1]]) == 1]


def _white_pairs(typed: tuple[tuple[str, tuple], ...]) -> set[tuple[int, ...]]:
    """The pairs of cells a white Kropki dot joins."""
    return {item[1:] for key, items in typed if key == "kropki" for item in items if item[0] == "white"}


TYPE = NonConsecutive()
