"""Banked Sudoku puzzles for the grades too slow to dig on demand (12x12 Expert and Diabolical, 16x16 Hard and up).

Every entry was made by our own generator: seed s digs the candidate `generator.candidate(rng_for(s,
"sudoku-bank", n), box, None)` (a random full grid dug while it stays unique) and the full ladder grades
it; every candidate of a banked grade is kept, so nothing is dug in vain. The data files
`bank_<n>x<n>.txt` (package data; the worker fetches them, see `use_directory`) hold a few `# ` header lines
and one line per puzzle, `<grade> <score> <seed> <givens>` (the grade index, the path's score, the seed that
made it, the grid text); grading stops once a puzzle is sure to be Diabolical, so a Diabolical score is a
lower bound, written "2900+". From every banked puzzle `derive` makes easier banked grades by adding givens of
its solution back (lines `<grade> <score> <seed>+ <added givens>`): a harder grade is far more often dug than
an easier one, so this is what fills 16x16 Hard. Rebuild one, reproducibly, from its seed range:

    python -m solvers.sudoku.bank --size 12 --seeds 0 1800 --jobs 2   (--resume: go on from where it stopped)

A puzzle is served under a seeded random grid symmetry (pool.py) and re-graded there (only as far as the
grade needs, generator.quick_grade): the hardest technique survives a symmetry but the score follows the
order the ladder meets steps in, so a served puzzle whose band moved is swapped for another symmetry, and
after a few tries for the stored grid itself. `tests/test_sudoku.py` re-verifies and re-grades the entries.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from random import Random
from typing import NamedTuple

from ..base import rng_for
from .grid import CLASSIC, DEFAULT_BOX, GRADES, SYMBOLS, Puzzle, grid_text, parse, symbol
from .pool import transform

BANKED = {12: (3, 4), 16: (2, 3, 4)}  # size -> the grades served from the bank
TRIES = 3  # symmetries tried before the stored grid itself is served
DERIVE_TRIES = 3  # cells tried for a derived given that would skip a wanted grade
HERE = Path(__file__).resolve().parent


class Entry(NamedTuple):
    """One banked line: the grade, the path's score (a lower bound when `more`), the seed, the puzzle, and for a
    derived entry the number of givens added back to the seed's puzzle (0: the seed's own puzzle)."""

    grade: int
    score: int
    more: bool
    seed: int
    puzzle: Puzzle
    added: int = 0


_directory: Path | None = None  # where the worker put the fetched bank files (None: the package's own)


def file_name(size: int) -> str:
    """The data file of a size."""
    return f"bank_{size}x{size}.txt"


def use_directory(path: str | None) -> None:
    """Read the bank files from this directory (the worker's fetched copies; None: the package's own)."""
    global _directory
    _directory = Path(path) if path is not None else None
    for cached in (_file, _index, entries):
        cached.cache_clear()


def read(size: int) -> tuple[tuple[int, int], int, list[str]]:
    """(seed range, seeds below which entries are derived, entry lines) of a size's file (empty when missing)."""
    seeds, derived, lines = _file(size)
    return seeds, derived, list(lines)


@cache
def _file(size: int) -> tuple[tuple[int, int], int, tuple[str, ...]]:
    """`read`'s answer, read once: every reader sees one version of the file, even while a build rewrites it."""
    path = (_directory or HERE) / file_name(size)
    if size not in BANKED or not path.exists():
        return (0, 0), 0, ()
    header: dict[str, list[int]] = {}
    lines = []
    for line in path.read_text().split("\n"):
        if line.startswith("# "):
            key, *values = line[2:].split()
            if values and all(v.isdigit() for v in values):
                header[key] = [int(v) for v in values]
        elif line.strip():
            lines.append(line)
    seeds = tuple(header.get("seeds", (0, 0)))
    return (seeds[0], seeds[1]), header.get("derived", seeds[:1])[0], tuple(lines)


@cache
def _index(size: int) -> tuple[dict[int, str], dict[int, list[str]]]:
    """(each seed's own grid text, the lines of each grade) of a size's bank, not parsed: a served puzzle parses
    only its own line (every entry at once takes a third of a second in CPython, more in the worker)."""
    bases: dict[int, str] = {}
    by_grade: dict[int, list[str]] = {}
    for line in _file(size)[2]:
        grade, _, seed, text = line.split()
        if not seed.endswith("+"):
            bases[int(seed)] = text
        by_grade.setdefault(int(grade), []).append(line)
    return bases, by_grade


def _entry(line: str, own: Callable[[int], Puzzle]) -> Entry:
    """The entry of a line (`own`: a seed's own puzzle)."""
    grade, score, seed, text = line.split()
    base = own(int(seed.rstrip("+")))
    puzzle = _added(base, text) if seed.endswith("+") else base  # derived: the givens in `text` added back
    added = sum(1 for v in puzzle.givens if v) - sum(1 for v in base.givens if v)
    return Entry(int(grade), int(score.rstrip("+")), score.endswith("+"), int(seed.rstrip("+")), puzzle, added)


@cache
def entries(size: int) -> tuple[Entry, ...]:
    """Every banked entry of a size (none when the size has no bank)."""
    bases = _index(size)[0]
    own = cache(lambda seed: parse(bases[seed], DEFAULT_BOX[size]))
    return tuple(_entry(line, own) for line in _file(size)[2])


def _added(puzzle: Puzzle, text: str) -> Puzzle:
    """The puzzle with givens added: `text` holds (cell in two hex digits, symbol) triples."""
    givens = list(puzzle.givens)
    for i in range(0, len(text), 3):
        givens[int(text[i:i + 2], 16)] = SYMBOLS.index(text[i + 2]) + 1
    return Puzzle(puzzle.box, tuple(givens))


def of_grade(size: int, grade: int) -> tuple[Entry, ...]:
    """The banked entries of a grade."""
    return tuple(e for e in entries(size) if e.grade == grade)


def serve(rng: Random, grade: int, size: int) -> Puzzle | None:
    """A banked puzzle of the grade under a seeded symmetry that keeps its grade (None: nothing banked)."""
    from .generator import quick_grade  # the generator serves from here: import late

    if grade not in BANKED.get(size, ()):
        return None
    bases, by_grade = _index(size)
    lines = by_grade.get(grade)
    if not lines:
        return None
    entry = _entry(lines[rng.randrange(len(lines))], lambda seed: parse(bases[seed], DEFAULT_BOX[size]))
    for _ in range(TRIES):
        moved = Puzzle(entry.puzzle.box, transform(entry.puzzle.givens, entry.puzzle.box, rng))
        if quick_grade(moved, grade) == (grade, True):
            return moved
    return entry.puzzle


# ---------------------------------------------------------------------------- building

def make(args: tuple[int, int]) -> tuple[int, list[str], str, float]:
    """(seed, bank lines, what it made, seconds) of one seed: its candidate, graded like `generator.quick_grade`
    asks for the top grade (the ladder below the top rungs, stopping once the score passes the Expert band: a
    Diabolical score is a lower bound, "2900+"), and when banked the easier entries `derive` makes from it."""
    from .generator import candidate

    seed, size = args
    t = time.perf_counter()
    puzzle = candidate(rng_for(seed, "sudoku-bank", size), (DEFAULT_BOX[size], CLASSIC), None, False)
    grade, score, _ = _grade(puzzle)
    lines = [f"{grade} {score} {seed} {grid_text(puzzle.givens)}"] if grade in BANKED[size] else []
    return seed, lines + _derived(seed, puzzle, grade, size), f"{GRADES[grade]} score {score}", time.perf_counter() - t


def _derived(seed: int, puzzle: Puzzle, grade: int, size: int) -> list[str]:
    """The derived bank lines of a banked puzzle."""
    if grade not in BANKED[size]:
        return []
    return [f"{g} {score} {seed}+ {added}" for g, score, added in derive(puzzle, grade, size)]


def _derive_entry(args: tuple[int, int]) -> tuple[int, list[str], str, float]:
    """`make`'s answer for a seed already banked: only the derived lines (for a bank made before derivation)."""
    seed, size = args
    t = time.perf_counter()
    entry = next(e for e in entries(size) if e.seed == seed and not e.added)
    lines = _derived(seed, entry.puzzle, entry.grade, size)
    return seed, lines, f"{len(lines)} derived", time.perf_counter() - t


def _grade(puzzle: Puzzle) -> tuple[int, str, list]:
    """(grade, score text, candidates where the path needed more than the grade below) of a puzzle, graded
    as `make` says. The candidates are those before the first step above the next grade down (for the top
    grade: where the path stopped), the state where a given added back makes the puzzle easier."""
    from .techniques import TOP, Path, grade_of_path, run_ladder, score_cap, start_cands

    cells = len(puzzle.givens)
    cands = start_cands(puzzle.givens, puzzle.shape)
    path = Path(singles=sum(1 for v, m in zip(puzzle.givens, cands, strict=True) if not v and not m & (m - 1)))
    run_ladder(puzzle.shape, cands, TOP - 1, path, score_cap=score_cap(TOP - 1, cells))
    if not path.solved:
        return TOP, f"{path.score}+", cands
    grade = grade_of_path(path, cells)
    harder = [before for _, level, before in path.steps if level >= grade]
    return grade, str(path.score), (harder or [before for _, _, before in path.steps[-1:]] or [cands])[0]


def derive(puzzle: Puzzle, grade: int, size: int) -> list[tuple[int, str, str]]:
    """(grade, score, added givens) of the easier banked grades made from one banked puzzle by adding givens
    back from its solution, one at a time, until the grade drops.

    Each given goes where the path needed the harder technique (`_grade`'s candidates): the undecided cell with
    the fewest candidates, the first in cell order. A given that skips a wanted grade is taken back and the next
    such cell tried (up to DERIVE_TRIES). A superset of a unique puzzle's givens is unique, and every grade is measured
    by the same ladder; the added givens are written as (cell in two hex digits, symbol) triples."""
    from .solver import solve

    wanted = sorted((g for g in BANKED[size] if g < grade), reverse=True)
    solution = solve(puzzle)
    givens, added, out = list(puzzle.givens), "", []
    _, _, cands = _grade(puzzle)
    for target in wanted:
        while grade > target:
            cells = sorted((c for c, m in enumerate(cands) if m & (m - 1)), key=lambda c: (cands[c].bit_count(), c))
            first = None
            for cell in cells[:DERIVE_TRIES]:
                givens[cell] = solution[cell]
                grade, score, after = _grade(Puzzle(puzzle.box, tuple(givens)))
                first = first or (cell, grade, score, after)
                if grade >= target:
                    break
                givens[cell] = 0
            else:
                cell, grade, score, after = first
                givens[cell] = solution[cell]
            added += f"{cell:02x}{symbol(solution[cell])}"
            cands = after
        if grade in wanted and all(g != grade for g, _, _ in out):
            out.append((grade, score, added))
    return out


def build(size: int, start: int, stop: int, jobs: int = 1, every: int = 20, resume: bool = False) -> list[str]:
    """The bank lines of seeds start..stop-1 (the banked grades and the entries derived from them), in seed
    order; the data file is rewritten every `every` seeds, so an interrupted build keeps a bank of the seeds
    done so far. With `resume`, the file's own lines are kept: entries of seeds banked before derivation (from
    its `# derived` seed on) are derived first, then the build goes on from the seed it stopped at."""
    from multiprocessing import Pool  # here, not at import: the worker never runs the command line
    lines: list[str] = []
    first = derived = start
    if resume:
        seeds, derived, lines = read(size)
        if seeds[0] != start:
            raise SystemExit(f"the bank starts at seed {seeds[0]}, not {start}")
        first = seeds[1]
    todo = sorted({e.seed for e in entries(size) if e.seed >= derived and not e.added}) if resume else []
    with Pool(jobs) as pool:
        for count, (seed, new, what, secs) in enumerate(pool.imap(_derive_entry, [(s, size) for s in todo]), 1):
            sys.stderr.write(f"seed {seed}: {what} in {secs:.1f} s\n")
            at = max(i for i, x in enumerate(lines) if x.split()[2].rstrip("+") == str(seed))
            lines[at + 1:at + 1] = new
            if count % every == 0 or count == len(todo):
                write(size, lines, (start, first), todo[count] if count < len(todo) else first)
        for seed, new, what, secs in pool.imap(make, [(s, size) for s in range(first, stop)]):
            sys.stderr.write(f"seed {seed}: {what} in {secs:.1f} s\n")
            lines += new
            if (seed + 1 - first) % every == 0 or seed + 1 == stop:
                write(size, lines, (start, seed + 1), seed + 1)
    return lines


def write(size: int, lines: Sequence[str], seeds: tuple[int, int], derived: int) -> Path:
    """Write a size's data file (`derived`: the seeds below it have their derived entries)."""
    path = HERE / file_name(size)
    counts = ", ".join(f"{GRADES[g]} {sum(1 for x in lines if x.split()[0] == str(g))}" for g in BANKED[size])
    made = sum(1 for x in lines if x.split()[2].endswith("+"))
    head = (f"# {size}x{size} Sudoku bank: seeds {seeds[0]}..{seeds[1] - 1} ({counts}; {made} of them derived).\n"
            f"# Made by `python -m solvers.sudoku.bank --size {size} --seeds {seeds[0]} {seeds[1]}`; lines are "
            f"`<grade> <score> <seed> <givens>`, or `<grade> <score> <seed>+ <added givens>` for one derived from "
            f"the seed's entry (see bank.py).\n# seeds {seeds[0]} {seeds[1]}\n# derived {derived}\n")
    part = path.with_suffix(".part")  # written whole, then renamed: a reader never sees half a bank
    part.write_text(head + "".join(line + "\n" for line in lines))
    part.replace(path)
    for cached in (_file, _index, entries):
        cached.cache_clear()
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
    sys.stderr.write(f"wrote {HERE / file_name(args.size)}\n")


if __name__ == "__main__":
    main()
