"""Sudoku benchmark: Tessera's solver against a plain backtracking baseline and pip-installable peers.

Run: `.venv/bin/python bench/sudoku.py [--baseline-cap SECONDS] [--seeds K] [--generation-only]`. Prints a
table of solve times (median, max, total) on top95 and hardest, ratios to Tessera, and generation time per
grade and size: every 9x9 grade is dug on demand; rows marked "(bank)" are served from the bank (bank.py).
Peers (`dlx`, `algorithm-x`, `py-sudoku`) are pip-installed into this venv when missing; a peer that
cannot be installed is reported as unavailable. Every answer is checked against the listed solution.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# This file is bench/sudoku.py: keep its folder off the path so `import sudoku` finds the py-sudoku peer.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(REPO))

from bench.table import needs  # noqa: E402  (its folder is off the path)
from solvers import sudoku as S  # noqa: E402
from solvers.base import rng_for  # noqa: E402
from solvers.sudoku import grade  # noqa: E402
from solvers.sudoku.bank import BANKED, of_grade  # noqa: E402

BENCH = REPO.parent / "shared" / "benchmarks"
Solver = Callable[[str], str | None]


def load(name: str) -> list[tuple[str, str]]:
    """(puzzle, solution) pairs of a benchmark set."""
    out = []
    for line in (BENCH / f"{name}_solutions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            p, s = line.split()
            out.append((p, s))
    return out


def tessera(puzzle: str) -> str:
    """Tessera: solutions counted up to 2 (the uniqueness proof is included in the time)."""
    return S.grid_text(S.solutions(S.parse(puzzle), 2)[0])


class Timeout(Exception):
    """The baseline ran past its cap."""


def baseline(cap: float) -> Solver:
    """The C++ study's solver: empty cells in order, digits 1..9 in order, row/column/box bitsets, backtrack."""

    def solve(puzzle: str) -> str | None:
        grid = [0 if ch in ".0" else int(ch) for ch in puzzle]
        rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
        for i, v in enumerate(grid):
            if v:
                b = 1 << v
                rows[i // 9] |= b
                cols[i % 9] |= b
                boxes[i // 27 * 3 + i % 9 // 3] |= b
        empty = [i for i, v in enumerate(grid) if not v]
        deadline = time.perf_counter() + cap
        counter = [0]

        def rec(k: int) -> bool:
            if k == len(empty):
                return True
            counter[0] += 1
            if counter[0] & 0xFFFF == 0 and time.perf_counter() > deadline:
                raise Timeout
            i = empty[k]
            r, c = i // 9, i % 9
            bx = r // 3 * 3 + c // 3
            used = rows[r] | cols[c] | boxes[bx]
            for v in range(1, 10):
                b = 1 << v
                if not used & b:
                    grid[i] = v
                    rows[r] |= b
                    cols[c] |= b
                    boxes[bx] |= b
                    if rec(k + 1):
                        return True
                    rows[r] ^= b
                    cols[c] ^= b
                    boxes[bx] ^= b
            grid[i] = 0
            return False

        try:
            return "".join(map(str, grid)) if rec(0) else None
        except Timeout:
            return None

    return solve


def _exact_cover_rows(puzzle: str) -> list[tuple[int, int, list[int]]]:
    """(cell, value, columns) options of the standard 324-column exact cover, givens fixed."""
    out = []
    for i, ch in enumerate(puzzle):
        r, c = i // 9, i % 9
        bx = r // 3 * 3 + c // 3
        for v in ([int(ch)] if ch not in ".0" else range(1, 10)):
            out.append((i, v, [i, 81 + r * 9 + v - 1, 162 + c * 9 + v - 1, 243 + bx * 9 + v - 1]))
    return out


def _first_grid(found: Iterable[Iterable[tuple[int, int]]]) -> str | None:
    """The grid of the first exact-cover solution, given as (cell, value) options."""
    for sol in found:
        grid = ["."] * 81
        for i, v in sol:
            grid[i] = str(v)
        return "".join(grid)
    return None


def peer_dlx() -> Solver:
    """`dlx` (pip): DLX class, smallest-column selection."""
    dlx = importlib.import_module("dlx")

    def solve(puzzle: str) -> str | None:
        d = dlx.DLX([(k, dlx.DLX.PRIMARY) for k in range(324)])
        for i, v, cols in _exact_cover_rows(puzzle):
            d.appendRow(cols, (i, v))
        return _first_grid([d.N[row] for row in sol] for sol in d.solve())

    return solve


def peer_algorithm_x() -> Solver:
    """`algorithm-x` (pip): AlgorithmX with dancing links."""
    mod = importlib.import_module("algorithm_x")

    def solve(puzzle: str) -> str | None:
        ax = mod.AlgorithmX(324)
        for i, v, cols in _exact_cover_rows(puzzle):
            ax.appendRow(cols, (i, v))
        return _first_grid(ax.solve())

    return solve


def peer_py_sudoku() -> Solver:
    """`py-sudoku` (pip): Sudoku(3).solve()."""
    mod = importlib.import_module("sudoku")

    def solve(puzzle: str) -> str | None:
        board = [[int(ch) if ch not in ".0" else 0 for ch in puzzle[r * 9:r * 9 + 9]] for r in range(9)]
        sol = mod.Sudoku(3, 3, board=board).solve()
        if sol is None or any(v is None for row in sol.board for v in row):
            return None
        return "".join(str(v) for row in sol.board for v in row)

    return solve


PEERS = {"dlx": ("dlx", "dlx", peer_dlx), "algorithm-x": ("algorithm_x", "algorithm-x", peer_algorithm_x),
         "py-sudoku": ("sudoku", "py-sudoku", peer_py_sudoku)}


def ensure(module: str, package: str) -> bool:
    """Whether a peer can be imported, pip-installing it into this interpreter's environment when missing."""
    if importlib.util.find_spec(module) is None:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", package], capture_output=True, check=False)
        importlib.invalidate_caches()
    return importlib.util.find_spec(module) is not None


def run(solver: Solver, pairs: list[tuple[str, str]]) -> tuple[list[float], int, int]:
    """(times, wrong answers, unsolved) over a set."""
    times, wrong, unsolved = [], 0, 0
    for puzzle, solution in pairs:
        t = time.perf_counter()
        got = solver(puzzle)
        times.append(time.perf_counter() - t)
        if got is None:
            unsolved += 1
        elif got != solution:
            wrong += 1
    return times, wrong, unsolved


def solver_tables(cap: float) -> None:
    """Print solve times on the benchmark sets for Tessera, the baseline and the peers."""
    sets = {"top95": load("sudoku_top95"), "hardest": load("sudoku_hardest")}
    solvers: dict[str, Solver | None] = {"tessera": tessera, "baseline (C++ study)": baseline(cap)}
    for name, (module, package, make) in PEERS.items():
        solvers[name] = make() if ensure(module, package) else None
    print(f"Python {sys.version.split()[0]}; baseline capped at {cap:g} s per puzzle "
          "(capped puzzles count at the cap, so its times are lower bounds)\n")
    print(f"{'set':8} {'solver':22} {'median ms':>10} {'max ms':>10} {'total s':>9} {'x tessera':>10}  notes")
    for set_name, pairs in sets.items():
        base_total = None
        for name, solver in solvers.items():
            if solver is None:
                print(f"{set_name:8} {name:22} {'unavailable (pip install failed)':>43}")
                continue
            times, wrong, unsolved = run(solver, pairs)
            total = sum(times)
            if base_total is None:
                base_total = total
            notes = []
            if wrong:
                notes.append(f"{wrong} WRONG")
            if unsolved:
                notes.append(f"{unsolved} unsolved/capped")
            print(f"{set_name:8} {name:22} {statistics.median(times) * 1e3:10.2f} {max(times) * 1e3:10.2f} "
                  f"{total:9.3f} {total / base_total:10.1f}  {', '.join(notes)}")


def main() -> None:
    """Print the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline-cap", type=float, default=3.0, help="seconds per puzzle for the baseline")
    ap.add_argument("--seeds", type=int, default=10, help="puzzles generated per grade (9x9)")
    ap.add_argument("--generation-only", action="store_true", help="skip the solver tables")
    args = ap.parse_args()
    needs(BENCH)
    if not args.generation_only:
        solver_tables(args.baseline_cap)
    print(f"\nGeneration (unique solution, graded by the technique ladder), {args.seeds} seeds per 9x9 grade; "
          "every 9x9 grade is dug on demand, '(bank)' rows come from the bank under a seeded symmetry")
    print(f"{'size':>5} {'grade asked':17} {'median s':>9} {'max s':>8} {'got (1=Easy..5)':>24} {'givens':>12}")
    plan = [(9, g, args.seeds) for g in range(5)] + [(n, g, 2) for n in (4, 6) for g in (0, 1, 4)] + \
        [(n, g, 2) for n in (12, 16) for g in range(5)]
    for size, level, seeds in plan:
        label = " (bank)" if level in BANKED.get(size, ()) and of_grade(size, level) else ""
        generation_row(size, level, seeds, S.generate, label)


def generation_row(size: int, level: int, seeds: int, make: Callable, label: str = "") -> float:
    """Generate puzzles of a grade, check each, print a row; the median seconds."""
    times, got, givens = [], [], []
    for seed in range(seeds):
        t = time.perf_counter()
        puzzle, graded = make(rng_for(seed, "bench", level, size), level, size)
        times.append(time.perf_counter() - t)
        assert S.count_solutions(puzzle, 2) == 1 and grade(puzzle) == graded
        got.append(str(graded + 1))
        givens.append(sum(1 for v in puzzle.givens if v))
    print(f"{size:5} {S.GRADES[level] + label:17} {statistics.median(times):9.2f} {max(times):8.2f} "
          f"{''.join(got):>24} {min(givens):>5}-{max(givens):<6}")
    return statistics.median(times)


if __name__ == "__main__":
    main()
