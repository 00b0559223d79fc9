"""Skyscrapers' generator: clues (and givens) removed from a random latin square while the grade holds."""

from __future__ import annotations

from typing import Any

from ..base import PuzzleError
from ..latin import bit, popcount
from .puzzle import (
    GRADES,
    SIDES,
    SIZES,
    Grid,
    Puzzle,
    Solver,
    clues_for,
    count_solutions,
    make_puzzle,
    sizes_said,
    solutions,
)
from .techniques import (
    EASY,
    EXPERT,
    EXTREME,
    HARD,
    PATTERN_NAMES,
    grade_from,
    level_needed,
    rate,
)


def random_grid(n: int, rng: Any) -> Grid:
    """A random latin square (randomised search on an empty board)."""
    solver = Solver(make_puzzle(n, {}), rng=rng)
    return solver.solutions(1)[0]


def generate(rng: Any, level: int, n: int, attempts: int = 60, technique: str | None = None) -> tuple[Puzzle, Grid]:
    """A puzzle of exactly grade `level` with its solution (and whose path uses `technique`, when named).

    Easy to Expert: clues (and givens) removed from a random latin square while the techniques up to the
    grade still solve it (Expert digs with line permutations only: the latin patterns are costly to look
    for on every trial). Extreme: removed while the solution stays unique, kept when the easier techniques
    then get stuck. Every candidate is then rated on its scored path and kept only when the rating is the
    grade asked for. Practising a latin pattern digs like Extreme and keeps an Expert or Extreme puzzle
    whose path uses it."""
    if n not in SIZES:
        raise PuzzleError(f"generated puzzles are {sizes_said(SIZES)}")
    top = max_grade(n)
    if level > top:
        raise PuzzleError(f"{n}x{n} puzzles go up to {GRADES[top]}; pick a larger size")
    for _ in range(attempts):
        grid = random_grid(n, rng)
        full = clues_for(grid)
        if technique in PATTERN_NAMES:  # its grade may also be Extreme: forcing chains may follow the pattern
            puzzle = _dig_unique(full, grid, rng)
            if technique in rate(puzzle).counts:
                return puzzle, grid
            continue
        if level == EXTREME:
            puzzle = _dig_unique(full, grid, rng)
            if level_needed(puzzle, EXPERT) is not None:
                continue
        else:
            givens = _givens_needed(full, grid, level, rng)
            puzzle = _thin(full, givens, level, rng)
            if level_needed(puzzle, level) != level:
                continue
        rating = rate(puzzle)
        if rating.grade == level and (technique is None or technique in rating.counts):
            return puzzle, grid
    raise PuzzleError(f"could not make a {GRADES[level]} {n}x{n} puzzle; try another seed", "timeout")


def max_grade(n: int) -> int:
    """The hardest grade a size allows: 3x3 only Easy; 4x4 up to Hard (Expert needs a line of five open cells)."""
    return {3: EASY, 4: HARD}.get(n, EXTREME)


def _givens_needed(puzzle: Puzzle, grid: Grid, level: int, rng: Any) -> list[list[int]]:
    """Givens that make the all-clue puzzle solvable within `level`: added where the techniques get stuck."""
    n, givens = puzzle.n, []
    found, cands = grade_from(puzzle, None, level, False)
    while found is None:
        # a given where the most heights are still open tells the most
        widest = max(popcount(m) for m in cands)
        cell = rng.choice([c for c, m in enumerate(cands) if popcount(m) == widest])
        r, c = divmod(cell, n)
        givens.append([r, c, grid[r][c]])
        cands[cell] = bit(grid[r][c])
        found, cands = grade_from(puzzle, cands, level, False)
    return givens


def _thin(puzzle: Puzzle, givens: list[list[int]], level: int, rng: Any) -> Puzzle:
    """Remove givens, then clues, in random order while the techniques up to `level` still solve it."""
    n = puzzle.n
    clues = {s: list(getattr(puzzle, s)) for s in SIDES}
    kept = list(givens)
    rng.shuffle(kept)
    for g in list(kept):
        trial = [x for x in kept if x is not g]
        if grade_from(make_puzzle(n, clues, trial), None, level, False)[0] is not None:
            kept = trial
    refs = [(s, i) for s in SIDES for i in range(n)]
    rng.shuffle(refs)
    for side, i in refs:
        old, clues[side][i] = clues[side][i], 0
        if grade_from(make_puzzle(n, clues, kept), None, level, False)[0] is None:
            clues[side][i] = old
    return make_puzzle(n, clues, kept)


def _dig_unique(puzzle: Puzzle, grid: Grid, rng: Any) -> Puzzle:
    """Every clue plus givens on a few random cells (or none), removed in random order while still unique."""
    n = puzzle.n
    clues = {s: list(getattr(puzzle, s)) for s in SIDES}
    cells = rng.sample(range(n * n), rng.choice((0, n // 2, n)))
    kept = [[c // n, c % n, grid[c // n][c % n]] for c in cells]
    while len(found := solutions(make_puzzle(n, clues, kept), 2)) > 1:  # every clue may still leave two solutions
        r, c = rng.choice([(r, c) for r in range(n) for c in range(n) if found[0][r][c] != found[1][r][c]])
        kept.append([r, c, grid[r][c]])
    refs = [(s, i) for s in SIDES for i in range(n)]
    rng.shuffle(refs)
    for side, i in refs:  # clues first, so that the givens left are the ones the clues cannot replace
        old, clues[side][i] = clues[side][i], 0
        if count_solutions(make_puzzle(n, clues, kept)) != 1:
            clues[side][i] = old
    for g in list(kept):
        trial = [x for x in kept if x is not g]
        if count_solutions(make_puzzle(n, clues, trial)) == 1:
            kept = trial
    return make_puzzle(n, clues, kept)
