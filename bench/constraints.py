"""Benchmark: Sudoku with each constraint type (thermometers, arrows, Kropki dots, ...), fully dug puzzles.

    .venv/bin/python bench/constraints.py [--seeds N] [--types thermo arrow ...]

Per type, over --seeds puzzles made by the tests' maker (constraints laid on a seeded random solution, then every
given dug that keeps the solution unique): the givens left, the solve-and-count time (the complete solver counting
to two, CPython), the grade, and the hint walk from the givens to the end (apply each hint, ask again): finished by
named logic or not, wrong steps (must be 0), the type's own technique used, and the slowest hint in CPython.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from constraint_makers import MAKERS, made  # noqa: E402
from variants import walk  # noqa: E402

from solvers import commands, constraints  # noqa: E402
from solvers import family as solver_family  # noqa: E402

SUDOKU = solver_family("sudoku")


def main() -> None:
    """Print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3, help="puzzles per type")
    ap.add_argument("--types", nargs="+", default=sorted(MAKERS))
    args = ap.parse_args()
    print(f"{'type':15s} {'givens':>7s} {'solve ms':>15s} {'grades':24s} {'logic':>6s} {'wrong':>5s} "
          f"{'own rung':>8s} {'slowest hint ms':>16s}")
    for kind in args.types:
        givens, solves, grades, logic, wrong, own, slowest = [], [], [], 0, 0, 0, 0.0
        for seed in range(1, args.seeds + 1):
            puzzle, _truth = made(kind, seed)
            givens.append(sum(ch != "." for ch in puzzle["grid"]))
            t = time.perf_counter()
            assert commands.run(SUDOKU, "solve", puzzle)["count"] == 1
            solves.append((time.perf_counter() - t) * 1000)
            grades.append(commands.run(SUDOKU, "grade", puzzle)["difficulty"][:4])
            _seen, done, bad, used, worst = walk(puzzle)
            logic += done
            wrong += bad
            own += bool(constraints.TYPES[kind].technique in used)
            slowest = max(slowest, worst)
        print(f"{kind:15s} {statistics.median(givens):7.0f} {statistics.median(solves):7.0f} /{max(solves):6.0f} "
              f"{' '.join(grades):24s} {logic:3d}/{args.seeds:<2d} {wrong:5d} {own:5d}/{args.seeds:<2d} "
              f"{slowest:16.0f}", flush=True)


if __name__ == "__main__":
    main()
