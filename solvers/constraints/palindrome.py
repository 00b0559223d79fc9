"""Palindromes: a grey line reads the same from either end (f-puzzles' "palindrome").

An entry is {"type": "palindrome", "cells": [[row, col], ...]}.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..latin import Constraint, Geometry
from ..rules.latin import cell_name
from . import Item, Line, pair_rule, support


class Palindrome(Line):
    """A palindrome line."""

    key = "palindrome"
    title = "palindrome"
    plural = "palindromes"
    technique = "Palindrome"
    fpuzzles = ("palindrome",)

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """One rule per pair of cells the same distance from either end: they hold the same digit."""
        same = support(g.n, lambda x, y: x == y)
        return [pair_rule(g, (item[i], item[-1 - i]), same, f"{g.name(item[i])} and {g.name(item[-1 - i])} mirror "
                          f"each other on the palindrome from {g.name(item[0])}, so they hold the same digit")
                for item in items for i in range(len(item) // 2)]

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """Mirrored cells with different digits."""
        for i in range(len(item) // 2):
            a, b = values[item[i]], values[item[-1 - i]]
            if a and b and a != b:
                return (f"{cell_name(n, item[i])} = {a} and {cell_name(n, item[-1 - i])} = {b} mirror each other on "
                        f"the palindrome from {cell_name(n, item[0])}, so they must be the same")
        return None


TYPE = Palindrome()
