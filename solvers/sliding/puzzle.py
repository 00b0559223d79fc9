"""Sliding puzzle values: the Puzzle, its text and moves, solvability, and the heuristics."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import pattern_db
from ..base import PuzzleError, rule_call
from ..rules import sliding as rules

Tiles = tuple[int, ...]  # row-major, tile number per cell, 0 = blank
Cell = int

MIN_SIDE, MAX_SIDE = rules.MIN_SIDE, rules.MAX_SIDE
OPTIMAL_CELLS, SMALL_CELLS = rules.OPTIMAL_CELLS, rules.SMALL_CELLS
GRADES = rules.GRADES
EXACT_GRADES = rules.EXACT_GRADES
goal = rules.goal
optimal_available = rules.optimal_available
inversions = rules.inversions


# ---------------------------------------------------------------- model


@dataclass(frozen=True)
class Puzzle:
    """A position: board size and tiles (row-major, 0 = blank).

    `grade` and `distance` record how `generate` made it (for `describe`); they take no
    part in equality or the description.
    """

    width: int
    height: int
    tiles: Tiles
    grade: str | None = field(default=None, compare=False, repr=False)
    distance: int | None = field(default=None, compare=False, repr=False)

    @property
    def blank(self) -> Cell:
        """The blank's cell."""
        return self.tiles.index(0)

    def is_goal(self) -> bool:
        """True when the tiles are in order with the blank last."""
        return self.tiles == goal(self.width, self.height)


@dataclass(frozen=True)
class State:
    """The player's board: the tiles after the moves so far."""

    tiles: Tiles



def validate(width: Any, height: Any, tiles: Any) -> Puzzle:
    """A Puzzle from raw input, or PuzzleError saying what is wrong."""
    return Puzzle(width, height, rule_call(rules.check_tiles, width, height, tiles))


def parse(text: str) -> Puzzle:
    """Read the description `WxH:t,t,...` (Tatham's Fifteen game ID, the share-link payload)."""
    if not isinstance(text, str):
        raise PuzzleError("a sliding-puzzle description is text like " + rules.FORM)
    return Puzzle(*rule_call(rules.parse, text))


def format(puzzle: Puzzle) -> str:
    """The description `WxH:t,t,...` that `parse` reads."""
    return rules.format(puzzle.width, puzzle.height, puzzle.tiles)


def neighbours(width: int, height: int, cell: Cell) -> list[Cell]:
    """Cells next to `cell` (up, down, left, right)."""
    return rules.neighbours(width, height, cell)


def movable(puzzle: Puzzle) -> list[int]:
    """The tiles that can slide into the blank."""
    return rules.movable(puzzle.width, puzzle.height, puzzle.tiles)


def apply(puzzle: Puzzle, tile: int) -> Puzzle:
    """The position after sliding `tile` into the blank (PuzzleError when it is not next to it)."""
    return Puzzle(puzzle.width, puzzle.height, rule_call(rules.slide, puzzle.width, puzzle.height, puzzle.tiles, tile))


def replay(puzzle: Puzzle, moves: Sequence[int]) -> Puzzle:
    """The position after a sequence of moves (tile numbers)."""
    w, h = puzzle.width, puzzle.height
    return Puzzle(w, h, rule_call(rules.replay, w, h, puzzle.tiles, list(moves)))


def direction(puzzle: Puzzle, tile: int) -> str:
    """Which way `tile` slides into the blank: up, down, left or right."""
    return rules.direction(puzzle.width, puzzle.tiles, tile)


def simplify(moves: Sequence[int]) -> list[int]:
    """Drop every move immediately undone by the next (the same tile slid back)."""
    out: list[int] = []
    for t in moves:
        if out and out[-1] == t:
            out.pop()
        else:
            out.append(t)
    return out


# ---------------------------------------------------------------- solvability


def parity_report(puzzle: Puzzle) -> tuple[bool, str]:
    """Whether the position can be solved, and the parity argument in words."""
    return rules.parity(puzzle.width, puzzle.height, puzzle.tiles)


def is_solvable(puzzle: Puzzle) -> bool:
    """The study's parity rule."""
    return parity_report(puzzle)[0]


def require_solvable(puzzle: Puzzle) -> None:
    """Raise the no-solution error, with its explanation, for an unsolvable position."""
    ok, why = parity_report(puzzle)
    if not ok:
        raise PuzzleError(why, "no-solution")


# ---------------------------------------------------------------- heuristics


def misplaced(width: int, tiles: Sequence[int]) -> int:
    """Tiles not on their goal cell."""
    return sum(1 for cell, t in enumerate(tiles) if t and t != cell + 1)


def out_of_row_col(width: int, tiles: Sequence[int]) -> int:
    """Tiles outside their goal row plus tiles outside their goal column (each needs a move of that kind)."""
    total = 0
    for cell, t in enumerate(tiles):
        if t:
            total += ((t - 1) // width != cell // width) + ((t - 1) % width != cell % width)
    return total


def manhattan(width: int, tiles: Sequence[int]) -> int:
    """Sum over tiles of the row and column distance to the goal cell."""
    total = 0
    for cell, t in enumerate(tiles):
        if t:
            g = t - 1
            total += abs(g // width - cell // width) + abs(g % width - cell % width)
    return total


def _removals(order: Sequence[int]) -> int:
    """Fewest items to remove so the rest increase: len - longest increasing subsequence."""
    tails: list[int] = []
    for x in order:
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        tails[lo:lo + 1] = [x]
    return len(order) - len(tails)


def row_conflicts(width: int, tiles: Sequence[int], r: int) -> int:
    """Linear-conflict removals in row r (tiles whose goal is that row, by goal column)."""
    return _removals([(t - 1) % width for t in tiles[r * width:(r + 1) * width] if t and (t - 1) // width == r])


def col_conflicts(width: int, tiles: Sequence[int], c: int) -> int:
    """Linear-conflict removals in column c."""
    return _removals([(t - 1) // width for t in tiles[c::width] if t and (t - 1) % width == c])


def linear_conflict(width: int, tiles: Sequence[int]) -> int:
    """Manhattan plus 2 per tile that must leave its goal row or column to let others pass."""
    height = len(tiles) // width
    extra = sum(row_conflicts(width, tiles, r) for r in range(height))
    extra += sum(col_conflicts(width, tiles, c) for c in range(width))
    return manhattan(width, tiles) + 2 * extra


def pattern_heuristic(width: int, tiles: Sequence[int]) -> int | None:
    """The additive pattern-database value, or None when no database exists for the size."""
    db = pattern_db.database(width, len(tiles) // width)
    if db is None:
        return None
    return manhattan(width, tiles) + db.extra(list(tiles))
