"""Banked Sudoku puzzles for the grades too slow to dig on demand (12x12 Expert and Diabolical, 16x16 Hard and up).

Every entry was made by our own generator: seed s digs the candidate `generator.candidate(rng_for(s,
"sudoku-bank", n), box, None)` (a random full grid dug while it stays unique) and the full ladder grades
it; every candidate of a banked grade is kept, so nothing is dug in vain. The data files
`bank_<n>x<n>.txt` (package data; the worker fetches them, see `use_directory`) hold a few `# ` header lines
and one line per puzzle, `<grade> <score> <seed> <givens>` (the grade index, the path's score, the seed that
made it, the grid text); grading stops once a puzzle is sure to be Diabolical, so a Diabolical score is a
lower bound, written "2900+". From every banked puzzle `derive` makes easier banked grades by adding givens of
its solution back (lines `<grade> <score> <seed>+ <added givens>`): a harder grade is far more often dug than
an easier one, so this is what fills 16x16 Hard. This module reads and serves the bank; `bank_build.py` makes
it, reproducibly, from a seed range:

    python -m solvers.sudoku.bank_build --size 12 --seeds 0 1800 --workers 2   (--resume: go on from where it stopped)

A puzzle is served under a seeded random grid symmetry (pool.py) and re-graded there (only as far as the
grade needs, techniques.quick_grade): the hardest technique survives a symmetry but the score follows the
order the ladder meets steps in, so a served puzzle whose band moved is swapped for another symmetry, and
after a few tries for the stored grid itself. `tests/test_sudoku.py` re-verifies and re-grades the entries.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from random import Random
from typing import NamedTuple

from .grid import DEFAULT_BOX, SYMBOLS, Puzzle, parse
from .pool import transform
from .techniques import quick_grade

BANKED = {12: (3, 4), 16: (2, 3, 4)}  # size -> the grades served from the bank
TRIES = 3  # symmetries tried before the stored grid itself is served
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


def directory() -> str | None:
    """The directory `use_directory` set (None: the package's own files)."""
    return None if _directory is None else str(_directory)


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


def forget() -> None:
    """Drop the files read (after the builder rewrote one)."""
    for cached in (_file, _index, entries):
        cached.cache_clear()
