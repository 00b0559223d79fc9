"""Sudoku's grid model: the Puzzle (box shape and givens), its canonical text, symbols and geometry.

The rules the page shares (box shapes, grid text with its "WxH:" box prefix, units) are in
`rules/sudoku.py`; this module gives them the solvers' typed values and PuzzleError.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import latin
from ..base import PuzzleError
from ..latin import Geometry
from ..rules import latin as latin_rules
from ..rules import sudoku as rules

Grid = tuple[int, ...]  # row-major values, 0 = blank
Box = tuple[int, int]  # (width, height) of a box

SYMBOLS = latin_rules.SYMBOLS
MAX_N = rules.MAX_N
DEFAULT_BOX: dict[int, Box] = rules.BOXES
GRADES = ("Easy", "Medium", "Hard", "Expert", "Diabolical")


@dataclass(frozen=True)
class Puzzle:
    """A Sudoku: box shape and the givens (0 = blank), row-major."""

    box: Box
    givens: Grid

    @property
    def n(self) -> int:
        """Side length (and number of values)."""
        return self.box[0] * self.box[1]

    @property
    def geometry(self) -> Geometry:
        """Rows, columns, boxes and peers of this size."""
        return latin.square(self.n, self.box)

    @property
    def grid(self) -> str:
        """The givens as plain grid text ('.' = blank), without the box."""
        return grid_text(self.givens)

    def __repr__(self) -> str:
        return f"parse({format(self)!r})"


def grid_text(values: Sequence[int]) -> str:
    """Grid text of values: digits, then letters, '.' for blank."""
    return latin_rules.values_text(list(values))


def symbol(v: int) -> str:
    """How a value is written (10 = A)."""
    return latin_rules.symbol(v)


def cell_name(n: int, cell: int) -> str:
    """r4c7 (1-based)."""
    return latin_rules.cell_name(n, cell)


def read_values(text: str, n: int, what: str = "grid") -> list[int]:
    """Values of grid text for an n x n grid (no duplicate check); blanks are 0."""
    try:
        return latin_rules.read_values(text, n, what)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None


def parse(text: str, box: Sequence[int] | None = None) -> Puzzle:
    """Read grid text (optionally 'WxH:' prefixed; whitespace ignored) into a Puzzle."""
    if box is not None and not (isinstance(box, Sequence) and not isinstance(box, str)):
        raise PuzzleError("box must be two whole numbers [width, height]")
    try:
        values, shape = rules.parse_grid(text, None if box is None else tuple(box))
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    return Puzzle(shape, tuple(values))


def format(puzzle: Puzzle) -> str:  # noqa: A001 - the interface's name (DESIGN.md)
    """The canonical text: the grid, prefixed 'WxH:' unless the box is the size's default (parse(format(p)) == p)."""
    return rules.format_grid(list(puzzle.givens), puzzle.box)


def conflicts(g: Geometry, values: Sequence[int]) -> list[int]:
    """Cells whose value also appears elsewhere in one of their units, ascending."""
    return latin_rules.conflicts(list(values), list(g.peers))
