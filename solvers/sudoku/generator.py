"""Sudoku's generator: dig a random full grid, grade it by the technique ladder, keep it when the grade fits.

`generate(rng, grade, size, technique=...)` is deterministic for a seeded rng; `daily` seeds it by the date.
Every 9x9 grade is dug on demand, graded only as far as deciding the grade needs (`quick_grade`); 12x12 and
16x16 Expert and Diabolical (and 16x16 Hard) come from the bank our generator made (bank.py).
`python -m solvers.sudoku.generator --grade 4 --count 10` prints puzzles of a grade with their seeds and timings.
"""

from __future__ import annotations

import datetime
import sys
import time
from collections.abc import Iterator, Sequence
from random import Random

from .. import latin
from ..base import PuzzleError, rng_for
from ..logic import SCORES
from .grid import DEFAULT_BOX, GRADES, Box, Grid, Puzzle
from .solver import OutOfNodes, Search, dig, random_solution
from .techniques import LADDER, TOP, Path, _ladder, _start, grade_of_path, logic_solve, rung, score_cap, solve_path

# Fresh solution grids tried per size before settling for the closest grade (small boxes cannot need
# every technique): the count, not a clock, keeps generation deterministic.
ATTEMPTS = {4: 20, 6: 40, 9: 200, 12: 20, 16: 3}
RUNG_NAMES = tuple(r.name for r in LADDER)
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


def _candidate(rng: Random, box: Box, level: int | None, symmetric: bool) -> Puzzle:
    """One fresh puzzle: dug while the ladder up to `level` solves it (level 0 or 1, or 2 from 12x12 up), else by
    uniqueness alone.

    Hard and above are dug by uniqueness: a minimal 9x9 puzzle takes ~0.02 s to dig and is Hard or harder about
    half the time, cheaper than grading every removal with the upper rungs. On 16x16 the singles go first,
    because uniqueness checks of sparse 16x16 grids are slow while singles are cheap."""
    n = box[0] * box[1]
    solution = random_solution(n, box, rng)
    if level is not None and (level <= 1 or (level == 2 and n >= 12)):  # 12x12 dug by uniqueness is rarely Hard
        return Puzzle(box, _dig(solution, box, rng, level, symmetric, DIG_NODES.get(n))[0])
    if n >= 16:
        return Puzzle(box, dig(_dig(solution, box, rng, 0, symmetric)[0], box, rng, 0, symmetric, DIG_NODES[n]))
    return Puzzle(box, _dig(solution, box, rng, None, symmetric, DIG_NODES.get(n))[0])


def uses(path: Path, technique: str) -> bool:
    """Whether a solving path takes a step of the technique (a rung name or a step's own name)."""
    return any(step.technique == technique or technique in _rung_names(step.technique) for step, _, _ in path.steps)


def _rung_names(step_name: str) -> tuple[str, ...]:
    """The rung names a step name belongs to ("Unique rectangle type 2" -> "Unique rectangle")."""
    return tuple(r.name for r in LADDER if step_name.startswith(r.name))


def quick_grade(puzzle: Puzzle, level: int) -> tuple[int, bool]:
    """(grade, exact): as much of the candidate's grade as deciding whether it is `level` needs.

    The ladder's path with fewer rungs is the full path up to the first step that needs a rung left out, and a
    path's grade only grows along it. So the ladder runs up to `level`'s rungs, stopping once the score passes
    the grade's band: stuck or over the band means "above `level`" (not exact); solved gives the exact grade.
    For the top grade the ladder stops below the top rungs: stuck or over the band below means the top grade."""
    cells = len(puzzle.givens)
    below = min(level, TOP - 1)
    path = solve_path(puzzle, below, score_cap=score_cap(below, cells))
    if path.solved:
        return grade_of_path(path, cells), True
    return (TOP, True) if level >= TOP else (below + 1, False)


def generate_graded(rng: Random, level: int, box: Box, symmetric: bool = False,
                    technique: str | None = None) -> tuple[Puzzle, int]:
    """A unique puzzle of the requested grade (or whose path needs `technique`) and the grade it got.

    Fresh candidates are graded (by `quick_grade`, no further than the grade asked needs) until one matches;
    after ATTEMPTS the closest one is returned, so small grids say honestly which grades they cannot reach."""
    n = box[0] * box[1]
    best: tuple[int, Puzzle, int] | None = None
    dig_level = level if technique is None else min(rung(technique).level, 2) if technique in RUNG_NAMES else None
    for _ in range(ATTEMPTS.get(n, 10) * (4 if technique else 1)):
        puzzle = _candidate(rng, box, dig_level, symmetric)
        if technique is not None:
            path = solve_path(puzzle)
            if uses(path, technique):
                return puzzle, grade_of_path(path, n * n)
            continue
        got, exact = quick_grade(puzzle, level)
        if got == level:
            return puzzle, got
        if not exact:  # already harder than asked: graded in full only if nothing closer turns up
            if best is None:
                best = (len(GRADES), puzzle, -1)
            continue
        if best is None or abs(got - level) < best[0]:
            best = (abs(got - level), puzzle, got)
    if best is None:
        raise PuzzleError(f"no {n}x{n} puzzle needing {technique} was found for this seed: try another seed "
                          f"or a more common technique")
    if best[2] < 0:
        return best[1], grade_of_path(solve_path(best[1]), n * n)
    return best[1], best[2]


def generate(rng: Random, grade: int = 0, size: int = 9, symmetric: bool = False,
             technique: str | None = None) -> tuple[Puzzle, int]:
    """A puzzle with a unique solution of the given grade (index into GRADES), and the grade it got.

    Every grade is dug fresh, except those too slow to dig on demand on big grids, served from the bank
    (bank.py); with `technique` (a ladder rung's name) the puzzle's solving path takes a step of that
    technique, whatever its grade."""
    if size not in DEFAULT_BOX:
        raise PuzzleError(f"size must be one of {', '.join(map(str, DEFAULT_BOX))}; got {size}")
    if not 0 <= grade < len(GRADES):
        raise PuzzleError(f"grade must be 0..{len(GRADES) - 1}")
    if technique is not None and technique not in RUNG_NAMES and technique not in SCORES:
        raise PuzzleError(f"unknown technique {technique!r}; the ladder's techniques are: {', '.join(RUNG_NAMES)}")
    if technique is None and not symmetric:
        from . import bank  # imported late: `python -m solvers.sudoku.bank` runs it as the main module

        banked = bank.serve(rng, grade, size)
        if banked is not None:
            return banked, grade
    return generate_graded(rng, grade, DEFAULT_BOX[size], symmetric, technique)


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
        puzzle, got = generate_graded(rng_for(seed, "sudoku-build", grade), grade, box)
        hits += got == grade
        yield seed, puzzle, got, time.perf_counter() - t
        seed += 1


def main(argv: Sequence[str] | None = None) -> None:
    """Print puzzles of a grade with their seeds (timings on stderr)."""
    import argparse  # here, not at import: the worker never runs the command line
    import statistics
    ap = argparse.ArgumentParser(description="Generate Sudoku puzzles of a grade with the graded generator.")
    ap.add_argument("--count", type=int, default=10, help="puzzles wanted")
    ap.add_argument("--grade", type=int, default=2, help="grade index (2 = Hard)")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--size", type=int, default=9, choices=tuple(DEFAULT_BOX), help="grid size")
    args = ap.parse_args(argv)
    times = []
    for seed, puzzle, got, secs in build(args.grade, DEFAULT_BOX[args.size], args.count, args.start):
        times.append(secs)
        sys.stderr.write(f"seed {seed}: grade {got} in {secs:.2f} s\n")
        if got == args.grade:
            print(puzzle.grid, seed)
    sys.stderr.write(f"{len(times)} seeds: median {statistics.median(times):.2f} s, max {max(times):.2f} s\n")


if __name__ == "__main__":
    main()
