"""Benchmark: Sudoku with each constraint type (thermometers, arrows, Kropki dots, ...), fully dug puzzles.

    .venv/bin/python bench/constraints.py [--seeds N] [--types thermo arrow ...] [--browser]

Per type, over --seeds puzzles made by the tests' maker (constraints laid on a seeded random solution, then every
given dug that keeps the solution unique): the givens left, the solve-and-count time (the complete solver counting
to two, CPython), the grade, and the hint walk from the givens to the end (apply each hint, ask again): finished by
named logic or not, wrong steps (must be 0), the type's own technique used, and the slowest hint in CPython. With
--browser, the same solves and every hint of the walks run again in the page's worker and in CPython, in one run.
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
from variants import walk, worker_times  # noqa: E402

from solvers import commands, constraints  # noqa: E402
from solvers import family as solver_family  # noqa: E402

SUDOKU = solver_family("sudoku")


def main() -> None:
    """Print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3, help="puzzles per type")
    ap.add_argument("--types", nargs="+", default=sorted(MAKERS))
    ap.add_argument("--browser", action="store_true", help="also time the solves and hints in the browser worker")
    args = ap.parse_args()
    solves_of: dict[str, list[dict]] = {}
    hints_of: dict[str, list[dict]] = {}
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
            seen, done, bad, used, worst = walk(puzzle)
            solves_of.setdefault(kind, []).append(puzzle)
            hints_of.setdefault(kind, []).extend(seen)
            logic += done
            wrong += bad
            own += bool(constraints.TYPES[kind].technique in used)
            slowest = max(slowest, worst)
        print(f"{kind:15s} {statistics.median(givens):7.0f} {statistics.median(solves):7.0f} /{max(solves):6.0f} "
              f"{' '.join(grades):24s} {logic:3d}/{args.seeds:<2d} {wrong:5d} {own:5d}/{args.seeds:<2d} "
              f"{slowest:16.0f}", flush=True)
    if args.browser:
        worker_times([("solve and count", "solve", solves_of), ("hints of every walk", "hint", hints_of)])


if __name__ == "__main__":
    main()
