"""Banked Sudoku puzzles for the grades too slow to dig on demand (12x12 and 16x16 Expert and Diabolical).

Every entry was made by our own generator: seed s digs the candidate `generator._candidate(rng_for(s,
"sudoku-bank", n), box, None)` (a random full grid dug while it stays unique) and the full ladder grades
it; every candidate of a banked grade is kept, so nothing is dug in vain. The data modules
`bank_<n>x<n>.py` hold one line per puzzle, `<grade> <score> <seed> <givens>` (the grade index, the
path's score, the seed that made it, the grid text); grading stops once a puzzle is sure to be Diabolical,
so a Diabolical score is a lower bound, written "2900+". Rebuild one, reproducibly, from its seed range:

    python -m solvers.sudoku.bank --size 12 --seeds 0 1800 --jobs 2   (--resume: go on from where it stopped)

A puzzle is served under a seeded random grid symmetry (pool.py) and re-graded there (only as far as the
grade needs, generator.quick_grade): the hardest technique survives a symmetry but the score follows the
order the ladder meets steps in, so a served puzzle whose band moved is swapped for another symmetry, and
after a few tries for the stored grid itself. `tests/test_sudoku.py` re-verifies and re-grades the entries.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from random import Random
from typing import NamedTuple

from ..base import rng_for
from .grid import DEFAULT_BOX, GRADES, Puzzle, grid_text, parse
from .pool import transform

BANKED = {12: (3, 4), 16: (2, 3, 4)}  # size -> the grades served from the bank
TRIES = 3  # symmetries tried before the stored grid itself is served
HERE = Path(__file__).resolve().parent


class Entry(NamedTuple):
    """One banked line: the grade, the path's score (a lower bound when `more`), the seed, the puzzle."""

    grade: int
    score: int
    more: bool
    seed: int
    puzzle: Puzzle


def module_name(size: int) -> str:
    """The data module of a size."""
    return f"bank_{size}x{size}"


@cache
def entries(size: int) -> tuple[Entry, ...]:
    """Every banked entry of a size (none when the size has no bank)."""
    if size not in BANKED:
        return ()
    try:
        data = importlib.import_module(f"{__package__}.{module_name(size)}").ENTRIES
    except ImportError:
        return ()
    box = DEFAULT_BOX[size]
    out = []
    for line in data.split("\n"):
        if line.strip():
            grade, score, seed, text = line.split()
            out.append(Entry(int(grade), int(score.rstrip("+")), score.endswith("+"), int(seed), parse(text, box)))
    return tuple(out)


def of_grade(size: int, grade: int) -> tuple[Entry, ...]:
    """The banked entries of a grade."""
    return tuple(e for e in entries(size) if e.grade == grade)


def serve(rng: Random, grade: int, size: int) -> Puzzle | None:
    """A banked puzzle of the grade under a seeded symmetry that keeps its grade (None: nothing banked)."""
    from .generator import quick_grade  # the generator serves from here: import late

    if grade not in BANKED.get(size, ()):
        return None
    bank = of_grade(size, grade)
    if not bank:
        return None
    entry = bank[rng.randrange(len(bank))]
    for _ in range(TRIES):
        moved = Puzzle(entry.puzzle.box, transform(entry.puzzle.givens, entry.puzzle.box, rng))
        if quick_grade(moved, grade) == (grade, True):
            return moved
    return entry.puzzle


# ---------------------------------------------------------------------------- building

def make(args: tuple[int, int]) -> tuple[int, int, str, str, float]:
    """(seed, grade, score, grid text, seconds) of one seed's candidate.

    Graded like `generator.quick_grade` asks for the top grade: the ladder below the top rungs, stopping once
    the score passes the Expert band. Below the top the path is the full one (its score exact); a Diabolical
    path stops early, so its score is written as a lower bound ("2900+")."""
    from .generator import _candidate
    from .techniques import TOP, grade_of_path, score_cap, solve_path

    seed, size = args
    t = time.perf_counter()
    cells = size * size
    puzzle = _candidate(rng_for(seed, "sudoku-bank", size), DEFAULT_BOX[size], None, False)
    path = solve_path(puzzle, TOP - 1, score_cap=score_cap(TOP - 1, cells))
    grade, score = (grade_of_path(path, cells), str(path.score)) if path.solved else (TOP, f"{path.score}+")
    return seed, grade, score, grid_text(puzzle.givens), time.perf_counter() - t


def build(size: int, start: int, stop: int, jobs: int = 1, every: int = 20, resume: bool = False) -> list[str]:
    """The bank lines of seeds start..stop-1 (the banked grades only), in seed order; the data module is
    rewritten every `every` seeds, so an interrupted build keeps a bank of the seeds done so far. With
    `resume`, the module's own lines are kept and the build goes on from the seed it stopped at."""
    from multiprocessing import Pool  # here, not at import: the worker never runs the command line
    lines: list[str] = []
    first = start
    if resume:
        data = importlib.import_module(f"{__package__}.{module_name(size)}")
        if data.SEEDS[0] != start:
            raise SystemExit(f"the bank starts at seed {data.SEEDS[0]}, not {start}")
        lines, first = [x for x in data.ENTRIES.split("\n") if x.strip()], data.SEEDS[1]
    wanted = BANKED[size]
    with Pool(jobs) as pool:
        for seed, grade, score, text, secs in pool.imap(make, [(s, size) for s in range(first, stop)]):
            sys.stderr.write(f"seed {seed}: {GRADES[grade]} score {score} in {secs:.1f} s\n")
            if grade in wanted:
                lines.append(f"{grade} {score} {seed} {text}")
            if (seed + 1 - first) % every == 0 or seed + 1 == stop:
                write(size, lines, (start, seed + 1))
    return lines


def write(size: int, lines: Sequence[str], seeds: tuple[int, int]) -> Path:
    """Write a size's data module."""
    path = HERE / f"{module_name(size)}.py"
    counts = ", ".join(f"{GRADES[g]} {sum(1 for x in lines if x.split()[0] == str(g))}" for g in BANKED[size])
    body = "\n".join(lines)
    path.write_text(f'"""{size}x{size} Sudoku bank: seeds {seeds[0]}..{seeds[1] - 1} ({counts}).\n\n'
                    f'Made by `python -m solvers.sudoku.bank --size {size} --seeds {seeds[0]} {seeds[1]}`; '
                    f'lines are `<grade> <score> <seed> <givens>` (see bank.py)."""\n# ruff: noqa: E501\n\n'
                    f'SEEDS = {seeds}\nENTRIES = """\n{body}\n"""\n')
    return path


def main(argv: Sequence[str] | None = None) -> None:
    """Build one size's bank from a seed range."""
    import argparse  # here, not at import: the worker never runs the command line
    ap = argparse.ArgumentParser(description="Build the Sudoku bank of a size from a range of seeds.")
    ap.add_argument("--size", type=int, choices=tuple(BANKED), required=True)
    ap.add_argument("--seeds", type=int, nargs=2, metavar=("START", "STOP"), required=True)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--resume", action="store_true", help="keep the bank's lines, go on from where it stopped")
    args = ap.parse_args(argv)
    build(args.size, *args.seeds, jobs=args.jobs, resume=args.resume)
    sys.stderr.write(f"wrote {HERE / module_name(args.size)}.py\n")


if __name__ == "__main__":
    main()
