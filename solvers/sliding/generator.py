"""Sliding positions: uniformly random, random walks, exact distances, the graded ones."""

from __future__ import annotations

import random

from ..base import PuzzleError, rng_for
from ..rules import sliding as rules
from ..search import Budget, SearchAborted
from .optimal import (
    exact_budget,
    with_tables,
    within,
)
from .play import (
    solve,
)
from .puzzle import (
    EXACT_GRADES,
    GRADES,
    OPTIMAL_CELLS,
    SMALL_CELLS,
    Puzzle,
    apply,
    goal,
    is_solvable,
    movable,
)


def random_solvable(width: int, height: int, rng: random.Random) -> Puzzle:
    """A uniformly random solvable position (never the goal itself, except on tiny boards by chance)."""
    tiles = list(range(width * height))
    while True:
        rng.shuffle(tiles)
        p = Puzzle(width, height, tuple(tiles))
        if not is_solvable(p):
            a, b = [c for c in range(len(tiles)) if tiles[c]][:2]  # swapping two tiles flips the parity
            tiles[a], tiles[b] = tiles[b], tiles[a]
            p = Puzzle(width, height, tuple(tiles))
        if not p.is_goal():
            return p


def random_walk(width: int, height: int, steps: int, rng: random.Random) -> Puzzle:
    """A scramble by `steps` random moves that never undo the previous one."""
    p = Puzzle(width, height, goal(width, height))
    prev = 0
    for _ in range(steps):
        t = rng.choice([m for m in movable(p) if m != prev])
        p = apply(p, t)
        prev = t
    return p


def scramble_exact(width: int, height: int, distance: int, rng: random.Random, checks: int = 5000,
                   budget: Budget | None = None) -> Puzzle:
    """A position exactly `distance` optimal moves from the goal: walk outward, backtracking at dead ends."""
    left = [checks]

    def extend(p: Puzzle, prev: int, d: int) -> Puzzle | None:
        if d == distance:
            return p
        options = [m for m in movable(p) if m != prev]
        rng.shuffle(options)
        for t in options:
            if left[0] <= 0:
                return None
            left[0] -= 1
            nxt = apply(p, t)
            # each move changes the distance by exactly 1: it grew unless solvable in d - 1
            if not within(nxt, d - 1, budget):
                found = extend(nxt, t, d + 1)
                if found is not None:
                    return found
        return None

    found = extend(Puzzle(width, height, goal(width, height)), 0, 0)
    if found is None:
        raise PuzzleError(f"could not find a position {distance} moves from the goal")
    return found


def generate(grade: int, seed: int | str, width: int, height: int) -> Puzzle:
    """A position for New (same seed, same position), with its grade and its optimal distance when known.

    Sizes with exact grades (EXACT_GRADES) are scrambled to an exact distance by search; the
    others come from `rules.scramble`, which the page runs too (same seed, same position).
    """
    name = GRADES[grade]
    ranges = EXACT_GRADES.get((width, height))
    if name != "Random" and ranges:
        rng = rng_for(seed, "sliding", width, height, grade)
        lo, hi = ranges[grade]
        k = rng.randint(lo, hi)
        try:
            p = scramble_exact(width, height, k, rng, budget=exact_budget(width, height, None))
        except SearchAborted:
            if with_tables(width, height) or width * height <= OPTIMAL_CELLS:
                raise  # the request's own budget ran out
            raise PuzzleError(f"a graded {width}x{height} puzzle needs the pattern database files, which are not "
                              "loaded", "timeout") from None
        return Puzzle(width, height, p.tiles, name, k)
    tiles = rules.scramble(width, height, grade, seed)
    small = width * height <= SMALL_CELLS  # its distance is instant
    distance = len(solve(Puzzle(width, height, tiles), True).moves) if small else None
    return Puzzle(width, height, tiles, name, distance)
