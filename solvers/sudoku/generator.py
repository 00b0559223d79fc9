"""Sudoku's generator: dig a random full grid while the technique ladder grades it, or disguise a pool puzzle.

`generate(rng, grade, size)` is deterministic for a seeded rng; `daily` seeds it by the date.
Regenerate a pool: `python -m solvers.sudoku.generator [--size 16] [--grade 3] [--count N]`.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from random import Random

from .. import latin
from ..base import PuzzleError, rng_for
from .grid import DEFAULT_BOX, GRADES, Box, Grid, Puzzle, parse
from .pool import POOL_STREAM, POOLS, transform
from .solver import OutOfNodes, Search, dig, random_solution
from .techniques import _ladder, _start, logic_solve
from .techniques import grade as grade_of

# Fresh solution grids tried per size before settling for the closest grade (small boxes cannot need
# every technique): the count, not a clock, keeps generation deterministic.
ATTEMPTS = {4: 20, 6: 40, 9: 150, 12: 20, 16: 3}
DIG_NODES = {12: 20_000, 16: 500}  # node budget of one uniqueness check on big grids (over budget = keep the given)


def solvable(puzzle: Puzzle, max_level: int) -> bool:
    """Whether the ladder up to `max_level` solves the puzzle (which proves it unique)."""
    return logic_solve(puzzle, max_level)[1] is not None


def _another_solution(values: Sequence[int], solution: Grid, group: Sequence[int], box: Box,
                      max_nodes: int | None) -> bool:
    """Whether the givens `values` (the `group` cells blanked) allow a solution other than `solution`.

    Any other solution differs in a blanked cell: the first such cell excludes its digit, earlier ones keep theirs.
    A search past `max_nodes` counts as yes (the caller keeps its givens)."""
    n = box[0] * box[1]
    full = (1 << n) - 1
    for i, c in enumerate(group):
        cands = [1 << (v - 1) if v else full for v in values]
        for d in group[:i]:
            cands[d] = 1 << (solution[d] - 1)
        cands[c] = full & ~(1 << (solution[c] - 1))
        fixed = [x for x, v in enumerate(values) if v] + list(group[:i])
        try:
            if Search(n, box, 1, max_nodes=max_nodes).run_cands(cands, fixed):
                return True
        except OutOfNodes:
            return True
    return False


def _dig(solution: Grid, box: Box, rng: Random, max_level: int | None, symmetric: bool = False,
         max_nodes: int | None = None) -> tuple[Grid, int]:
    """Blank cells in random order while the solution stays unique and (unless `max_level` is None) the ladder up
    to `max_level` solves the puzzle: (givens, grade), the grade tracked incrementally (0 when `max_level` is None).

    Removing a given only adds candidates, and the ladder's rungs are resolution rules (the order they fire in does
    not change what they reach), so the new grade is the old one or the hardest rung needed before the blanked
    cells are decided again: each check stops there instead of solving the whole grid."""
    n = box[0] * box[1]
    g = latin.square(n, box)
    values = list(solution)
    order = list(range(n * n))
    rng.shuffle(order)
    level = 0
    for c in order:
        if not values[c]:
            continue
        group = sorted({c, n * n - 1 - c}) if symmetric else [c]
        for x in group:
            values[x] = 0
        # Low rungs are cheaper than a uniqueness search (a ladder that solves proves uniqueness); high ones are not.
        ok = max_level in (0, 1) or not _another_solution(values, solution, group, box, max_nodes)
        if ok and max_level is not None:
            cands = _start(values, box)
            assert cands is not None
            hardest, ok = _ladder(g, box, cands, max_level, until=group)
            level = max(level, hardest) if ok else level
        if not ok:
            for x in group:
                values[x] = solution[x]
    return tuple(values), level


def dig_logic(solution: Grid, box: Box, rng: Random, max_level: int, symmetric: bool = False) -> Grid:
    """Remove givens in random order while the ladder up to `max_level` still solves the puzzle."""
    return _dig(solution, box, rng, max_level, symmetric)[0]


def generate_graded(rng: Random, level: int, box: Box, symmetric: bool = False) -> tuple[Puzzle, int]:
    """A unique puzzle of the requested grade and the grade it got (the request unless attempts ran out)."""
    n = box[0] * box[1]
    top = len(GRADES) - 1
    best: tuple[int, Puzzle] | None = None
    for _ in range(ATTEMPTS.get(n, 10)):
        solution = random_solution(n, box, rng)
        if level < top:
            values, got = _dig(solution, box, rng, level, symmetric, DIG_NODES.get(n))
        else:
            # Diabolical: dig by uniqueness alone; on 16x16 first as far as singles follow, because
            # uniqueness checks of sparse 16x16 grids are slow while singles are cheap.
            # (there a plain limit-2 search measured faster than excluding each digit in turn.)
            if n >= 16:
                values = dig(_dig(solution, box, rng, 0, symmetric)[0], box, rng, 0, symmetric, DIG_NODES[n])
            else:
                values = _dig(solution, box, rng, None, symmetric, DIG_NODES.get(n))[0]
            got = grade_of(Puzzle(box, values))
        puzzle = Puzzle(box, values)
        if got == level:
            return puzzle, got
        if best is None or abs(got - level) < abs(best[0] - level):
            best = (got, puzzle)
    assert best is not None
    return best[1], best[0]


def from_pool(rng: Random, grade: int, box: Box) -> tuple[Puzzle, int] | None:
    """A pool puzzle of the grade in a random disguise, checked by re-grading; None when there is no pool."""
    pool = POOLS.get((box, grade))
    if not pool:
        return None
    base = parse(pool[rng.randrange(len(pool))]).givens
    for _ in range(3):  # every symmetry keeps the grade (tested); the re-grade only keeps the answer honest
        puzzle = Puzzle(box, transform(base, box, rng))
        if grade_of(puzzle) == grade:
            return puzzle, grade
    return Puzzle(box, base), grade



def generate(rng: Random, grade: int = 0, size: int = 9, symmetric: bool = False) -> tuple[Puzzle, int]:
    """A puzzle with a unique solution of the given grade (index into GRADES), and the grade it got.

    Dug fresh, except (without `symmetric`) 9x9 Hard and 16x16 Hard and Expert: those come from a pool of 36 (9x9)
    or 10 (16x16) puzzles our generator made (`pool.py`), each given a random symmetry and re-graded, because
    digging one takes seconds (9x9) to minutes (16x16)."""
    if size not in DEFAULT_BOX:
        raise PuzzleError(f"size must be one of {', '.join(map(str, DEFAULT_BOX))}; got {size}")
    if not 0 <= grade < len(GRADES):
        raise PuzzleError(f"grade must be 0..{len(GRADES) - 1}")
    box = DEFAULT_BOX[size]
    pooled = None if symmetric else from_pool(rng, grade, box)
    return pooled or generate_graded(rng, grade, box, symmetric)


DAILY_GRADES = (0, 0, 1, 1, 2, 3, 4)  # Monday .. Sunday: harder towards the weekend


def daily(date_str: str | None = None, size: int = 9) -> tuple[Puzzle, int]:
    """The day's puzzle, the same for everyone (seeded by the date), and its grade index."""
    try:
        day = datetime.date.fromisoformat(date_str) if date_str else datetime.date.today()
    except (TypeError, ValueError):
        raise PuzzleError(f"a date looks like 2025-01-31; got {date_str!r}") from None
    return generate(rng_for("daily", day.isoformat(), size), DAILY_GRADES[day.weekday()], size)


def build(grade: int, box: Box, count: int, start: int = 0) -> Iterator[tuple[int, Puzzle, int, float]]:
    """(seed, puzzle, grade got, seconds) from the graded generator, seeds from `start` until `count` hit `grade`."""
    seed, hits = start, 0
    while hits < count:
        t = time.perf_counter()
        puzzle, got = generate_graded(rng_for(seed, POOL_STREAM, grade), grade, box)
        hits += got == grade
        yield seed, puzzle, got, time.perf_counter() - t
        seed += 1


def main(argv: Sequence[str] | None = None) -> None:
    """Print a fresh pool as Python source (timings on stderr)."""
    ap = argparse.ArgumentParser(description="Regenerate a Sudoku pool with the graded generator.")
    ap.add_argument("--count", type=int, default=36, help="puzzles wanted")
    ap.add_argument("--grade", type=int, default=2, help="grade index (2 = Hard)")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--size", type=int, default=9, choices=(9, 16), help="grid size")
    args = ap.parse_args(argv)
    lines, times = [], []
    for seed, puzzle, got, secs in build(args.grade, DEFAULT_BOX[args.size], args.count, args.start):
        times.append(secs)
        sys.stderr.write(f"seed {seed}: grade {got} in {secs:.2f} s\n")
        if got == args.grade:
            grid = puzzle.grid
            if len(grid) > 81:  # four lines of 64 cells keep 16x16 source under the line limit
                grid = '"\n     "'.join(grid[i:i + 64] for i in range(0, len(grid), 64))
                lines.append(f'    ("{grid}"),  # seed {seed}')
            else:
                lines.append(f'    "{grid}",  # seed {seed}')
    sys.stderr.write(f"{len(times)} seeds: median {statistics.median(times):.2f} s, max {max(times):.2f} s\n")
    print("(\n" + "\n".join(lines) + "\n)")


if __name__ == "__main__":
    main()
