"""Building the Sudoku bank (bank.py reads and serves it): every seed of a range makes one candidate, graded by
the full ladder, kept when its grade is banked, with the easier entries `derive` makes from it.

    python -m solvers.sudoku.bank_build --size 12 --seeds 0 1800 --workers 2   (--resume: go on from where it stopped)

Each seed is a piece of a batch job (`solvers.batch`: a local Dask cluster, or `--scheduler tcp://HOST:PORT`); the
results come back in seed order, so the file is the same whatever the workers.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

from ..base import rng_for
from . import bank
from .bank import BANKED, HERE, entries, file_name, forget, read
from .generator import candidate
from .grid import CLASSIC, DEFAULT_BOX, GRADES, Puzzle, grid_text, symbol
from .solver import solve
from .techniques import TOP, grade_of_path, run_ladder, score_cap, start_cands
from .techniques import Path as LadderPath

DERIVE_TRIES = 3  # cells tried for a derived given that would skip a wanted grade


def make(args: tuple[int, int]) -> tuple[int, list[str], str, float]:
    """(seed, bank lines, what it made, seconds) of one seed: its candidate, graded like `generator.quick_grade`
    asks for the top grade (the ladder below the top rungs, stopping once the score passes the Expert band: a
    Diabolical score is a lower bound, "2900+"), and when banked the easier entries `derive` makes from it."""
    seed, size = args
    t = time.perf_counter()
    puzzle = candidate(rng_for(seed, "sudoku-bank", size), (DEFAULT_BOX[size], CLASSIC), None, False)
    grade, score, _ = grade_of(puzzle)
    lines = [f"{grade} {score} {seed} {grid_text(puzzle.givens)}"] if grade in BANKED[size] else []
    return seed, lines + _derived(seed, puzzle, grade, size), f"{GRADES[grade]} score {score}", time.perf_counter() - t


def _derived(seed: int, puzzle: Puzzle, grade: int, size: int) -> list[str]:
    """The derived bank lines of a banked puzzle."""
    if grade not in BANKED[size]:
        return []
    return [f"{g} {score} {seed}+ {added}" for g, score, added in derive(puzzle, grade, size)]


def _derive_entry(args: tuple[int, int, str]) -> tuple[int, list[str], str, float]:
    """`make`'s answer for a seed already banked: only the derived lines (for a bank made before derivation), the
    bank read from `directory`."""
    seed, size, directory = args
    t = time.perf_counter()
    bank.use_directory(directory)
    entry = next(e for e in entries(size) if e.seed == seed and not e.added)
    lines = _derived(seed, entry.puzzle, entry.grade, size)
    return seed, lines, f"{len(lines)} derived", time.perf_counter() - t


def grade_of(puzzle: Puzzle) -> tuple[int, str, list]:
    """(grade, score text, candidates where the path needed more than the grade below) of a puzzle, graded
    as `make` says. The candidates are those before the first step above the next grade down (for the top
    grade: where the path stopped), the state where a given added back makes the puzzle easier."""
    cells = len(puzzle.givens)
    cands = start_cands(puzzle.givens, puzzle.shape)
    path = LadderPath(singles=sum(1 for v, m in zip(puzzle.givens, cands, strict=True) if not v and not m & (m - 1)))
    run_ladder(puzzle.shape, cands, TOP - 1, path, score_cap=score_cap(TOP - 1, cells))
    if not path.solved:
        return TOP, f"{path.score}+", cands
    grade = grade_of_path(path, cells)
    harder = [before for _, level, before in path.steps if level >= grade]
    return grade, str(path.score), (harder or [before for _, _, before in path.steps[-1:]] or [cands])[0]


def derive(puzzle: Puzzle, grade: int, size: int) -> list[tuple[int, str, str]]:
    """(grade, score, added givens) of the easier banked grades made from one banked puzzle by adding givens
    back from its solution, one at a time, until the grade drops.

    Each given goes where the path needed the harder technique (`grade_of`'s candidates): the undecided cell with
    the fewest candidates, the first in cell order. A given that skips a wanted grade is taken back and the next
    such cell tried (up to DERIVE_TRIES). A superset of a unique puzzle's givens is unique, and every grade is measured
    by the same ladder; the added givens are written as (cell in two hex digits, symbol) triples."""
    wanted = sorted((g for g in BANKED[size] if g < grade), reverse=True)
    solution = solve(puzzle)
    givens, added, out = list(puzzle.givens), "", []
    _, _, cands = grade_of(puzzle)
    for target in wanted:
        while grade > target:
            cells = sorted((c for c, m in enumerate(cands) if m & (m - 1)), key=lambda c: (cands[c].bit_count(), c))
            first = None
            for cell in cells[:DERIVE_TRIES]:
                givens[cell] = solution[cell]
                grade, score, after = grade_of(Puzzle(puzzle.box, tuple(givens)))
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


def build(size: int, start: int, stop: int, workers: int | None = None, every: int = 20, resume: bool = False,
          scheduler: str | None = None, out: Path = HERE, quiet: bool = False) -> list[str]:
    """The bank lines of seeds start..stop-1 (the banked grades and the entries derived from them), in seed
    order, written to `out`'s data file; the file is rewritten every `every` seeds, so an interrupted build keeps a
    bank of the seeds done so far. With `resume`, the file's own lines are kept: entries of seeds banked before
    derivation (from its `# derived` seed on) are derived first, then the build goes on from the seed it stopped
    at. The seeds run as a batch job (`batch.Batch`: `workers` local processes or the cluster at `scheduler`)."""
    before = bank.directory()
    bank.use_directory(None if out == HERE else str(out))
    try:
        return _build(size, start, stop, workers, every, resume, scheduler, out, quiet)
    finally:
        bank.use_directory(before)  # the bank served in this process is the one it served before


def _build(size: int, start: int, stop: int, workers: int | None, every: int, resume: bool, scheduler: str | None,
           out: Path, quiet: bool) -> list[str]:
    """`build`, its bank directory set to `out`."""
    from ..batch import Batch  # here, not at import: the worker never builds a bank

    lines: list[str] = []
    first = derived = start
    if resume:
        seeds, derived, lines = read(size)
        if seeds[0] != start:
            raise SystemExit(f"the bank starts at seed {seeds[0]}, not {start}")
        first = seeds[1]
    todo = sorted({e.seed for e in entries(size) if e.seed >= derived and not e.added}) if resume else []
    said = {"note": lambda made: f"seed {made[0]}: {made[2]} in {made[3]:.1f} s", "unit": "seeds", "quiet": quiet}
    with Batch(workers, scheduler) as batch:
        done = batch.run(_derive_entry, [(s, size, str(out)) for s in todo], label="deriving", **said)
        for count, (seed, new, _what, _secs) in enumerate(done, 1):
            at = max(i for i, x in enumerate(lines) if x.split()[2].rstrip("+") == str(seed))
            lines[at + 1:at + 1] = new
            if count % every == 0 or count == len(todo):
                write(size, lines, (start, first), todo[count] if count < len(todo) else first, out)
        made = batch.run(make, [(s, size) for s in range(first, stop)], label=f"{size}x{size} bank", **said)
        for seed, new, _what, _secs in made:
            lines += new
            if (seed + 1 - first) % every == 0 or seed + 1 == stop:
                write(size, lines, (start, seed + 1), seed + 1, out)
    return lines


def write(size: int, lines: Sequence[str], seeds: tuple[int, int], derived: int, out: Path = HERE) -> Path:
    """Write a size's data file into `out` (`derived`: the seeds below it have their derived entries)."""
    path = out / file_name(size)
    counts = ", ".join(f"{GRADES[g]} {sum(1 for x in lines if x.split()[0] == str(g))}" for g in BANKED[size])
    made = sum(1 for x in lines if x.split()[2].endswith("+"))
    head = (f"# {size}x{size} Sudoku bank: seeds {seeds[0]}..{seeds[1] - 1} ({counts}; {made} of them derived).\n"
            f"# Made by `python -m solvers.sudoku.bank_build --size {size} --seeds {seeds[0]} {seeds[1]}`; lines are "
            f"`<grade> <score> <seed> <givens>`, or `<grade> <score> <seed>+ <added givens>` for one derived from "
            f"the seed's entry (see bank.py).\n# seeds {seeds[0]} {seeds[1]}\n# derived {derived}\n")
    part = path.with_suffix(".part")  # written whole, then renamed: a reader never sees half a bank
    part.write_text(head + "".join(line + "\n" for line in lines))
    part.replace(path)
    forget()
    return path


def main(argv: Sequence[str] | None = None) -> None:
    """Build one size's bank from a seed range."""
    import argparse  # here, not at import: the worker never runs the command line

    from .. import batch
    ap = argparse.ArgumentParser(description="Build the Sudoku bank of a size from a range of seeds.")
    ap.add_argument("--size", type=int, choices=tuple(BANKED), required=True)
    ap.add_argument("--seeds", type=int, nargs=2, metavar=("START", "STOP"), required=True)
    ap.add_argument("--resume", action="store_true", help="keep the bank's lines, go on from where it stopped")
    ap.add_argument("--out", type=Path, default=HERE, help="the directory of the bank file (default: the package's)")
    batch.options(ap)
    args = ap.parse_args(argv)
    build(args.size, *args.seeds, workers=args.workers, resume=args.resume, scheduler=args.scheduler, out=args.out)
    sys.stderr.write(f"wrote {args.out / file_name(args.size)}\n")


if __name__ == "__main__":
    main()
