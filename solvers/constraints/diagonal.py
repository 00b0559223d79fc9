"""The long diagonals of X Sudoku: each holds 1..n once (the solve input's "diagonals": true, a layout's /x).

An item is a diagonal's cells, from r1c1 down to the right or from r1cn down to the left; both are units, so every
latin technique works on them as on rows.
"""

from __future__ import annotations

from ..rules import latin as latin_rules
from ..rules import sudoku as sudoku_rules
from . import Item, Type, Unit


class Diagonal(Type):
    """A long diagonal."""

    key = "diagonal"
    title = "diagonal"
    plural = "diagonals"
    entries = False

    def units(self, item: Item, n: int) -> list[Unit]:
        """The diagonal as a unit."""
        return [(item, latin_rules.DIAGONAL, sudoku_rules.diagonal_names(n)[0 if item[0] == 0 else 1])]


def items(n: int) -> tuple[Item, ...]:
    """Both diagonals of an n x n grid."""
    return tuple(tuple(cells) for cells in sudoku_rules.diagonal_units(n))


TYPE = Diagonal()
