"""Sudoku's grid model: the Puzzle (box shape and givens), its canonical text, symbols and geometry.

The rules the page shares (box shapes, grid text with its "WxH:" box prefix, units) are in
`rules/sudoku.py`; this module gives them the solvers' typed values and PuzzleError.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .. import constraints, latin
from ..base import PuzzleError, rule_call
from ..constraints import diagonal
from ..latin import Geometry
from ..rules import latin as latin_rules
from ..rules import sudoku as rules

Grid = tuple[int, ...]  # row-major values, 0 = blank
Box = tuple[int, int]  # (width, height) of a box
Layout = tuple  # (regions or None, diagonals, cages, constraints): rules.sudoku's layout (CLASSIC: none)
Shape = tuple[Box, Layout]  # what the solvers' tables are built for
CLASSIC: Layout = rules.CLASSIC

SYMBOLS = latin_rules.SYMBOLS
MAX_N = rules.MAX_N
DEFAULT_BOX: dict[int, Box] = rules.BOXES
GRADES = ("Easy", "Medium", "Hard", "Expert", "Diabolical")


@dataclass(frozen=True)
class Puzzle:
    """A Sudoku: box shape, the givens (0 = blank), row-major, and a variant's layout (jigsaw regions, diagonals,
    killer cages)."""

    box: Box
    givens: Grid
    layout: Layout = CLASSIC

    @property
    def n(self) -> int:
        """Side length (and number of values)."""
        return self.box[0] * self.box[1]

    @property
    def shape(self) -> Shape:
        """The box and the layout: what the solvers' tables are built for."""
        return self.box, self.layout

    @property
    def geometry(self) -> Geometry:
        """Rows, columns, boxes (or regions), diagonals, cages and peers."""
        return geometry(self.shape)

    @property
    def variant(self) -> str:
        """"classic", "killer", "jigsaw", "x", "killer-x" or "jigsaw-x"."""
        return rules.variant_name(self.layout)

    @property
    def grid(self) -> str:
        """The givens as plain grid text ('.' = blank), without the box."""
        return grid_text(self.givens)

    def __repr__(self) -> str:
        return f"parse({format(self)!r})"


@cache
def geometry(shape: Shape) -> Geometry:
    """The geometry of a shape, built once: a latin square with boxes, or boxes or a jigsaw's regions, diagonals
    and killer cages (rules.sudoku's layout)."""
    box, layout = shape
    n = box[0] * box[1]
    if layout == CLASSIC:
        return latin.square(n, box)
    regions, diagonals, cages, more = layout
    units, names, _peers, kinds = rules.tables(n, box, (regions, False, (), ()))
    typed = ((("diagonal", diagonal.items(n)),) if diagonals else ()) + ((("cage", cages),) if cages else ()) + \
        constraints.read(more, n)
    units, names, kinds = list(units), list(names), list(kinds)
    groups = []
    for key, items in typed:
        kind = constraints.TYPES[key]
        for item in items:
            for cells, unit_kind, name in kind.units(item, n):
                units.append(list(cells))
                names.append(name)
                kinds.append(unit_kind)
            groups += [(kind.title, cells) for cells in kind.groups(item, n)]
    return latin.make_geometry(n, n, n, units, names, kinds, groups, typed)


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
    return rule_call(latin_rules.read_values, text, n, what)


def parse(text: str, box: Sequence[int] | None = None) -> Puzzle:
    """Read a puzzle text (grid, optionally 'WxH:' prefixed, then a variant's '/' sections; whitespace ignored)."""
    if box is not None and not (isinstance(box, Sequence) and not isinstance(box, str)):
        raise PuzzleError("box must be two whole numbers [width, height]")
    try:
        if box is not None:
            values, shape = rules.parse_grid(text, tuple(box))
            return Puzzle(shape, tuple(values))
        values, shape, layout = rules.read_text(text)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    return Puzzle(shape, tuple(values), layout)


def read(obj: dict) -> Puzzle:
    """The puzzle of a solve input: "grid", "box"?, and a variant's "regions", "diagonals", "cages"."""
    if "grid" not in obj:
        raise PuzzleError('missing "grid": give the puzzle as {"grid": "<81 chars>"}')
    values, shape, layout = rule_call(rules.read_input, obj)
    return Puzzle(shape, tuple(values), layout)


def write(puzzle: Puzzle) -> dict:
    """The solve input of a puzzle."""
    return {"grid": puzzle.grid, "box": list(puzzle.box), **rules.input_of_layout(puzzle.layout, puzzle.n)}


def format(puzzle: Puzzle) -> str:
    """The canonical text: the grid, prefixed 'WxH:' unless the box is the size's default, then the variant's
    layout sections (parse(format(p)) == p)."""
    return rules.format_grid(list(puzzle.givens), puzzle.box) + rules.layout_text(puzzle.layout, puzzle.n)


def conflicts(g: Geometry, values: Sequence[int]) -> list[int]:
    """Cells whose value also appears elsewhere in one of their units, ascending."""
    return latin_rules.conflicts(list(values), list(g.peers))
