"""Benchmark: Tessera's exact cover engine against installable peers, in the same run.

Peers: pure-Python `dlx` (Raaphorst's DLX) and `algorithm-x` (linked nodes), C-backed
`exact-cover` (numpy matrix) and `miniexact` (Knuth's Algorithm X in C). Missing peers
are pip-installed into this interpreter's environment; one that cannot be installed or
imported is reported as unavailable. Every solver counts ALL solutions of the same
matrices; each solver runs in a child process with a time limit (reported as "> limit").
Times are CPU seconds of the child (the best of 3 runs when a run is under 5 s), so
other work on a shared machine disturbs them less than wall-clock time would.

Tessera runs four ways: enumerating every solution (what the peers do), memoising the count on
the covered items, counting cell by cell with a memo (`count_in_order`, with the cells first:
pentomino boxes a column at a time; on the "stats order" row one board matrix and one memo for all
its rolls, each roll's blockers covered, the way `genius stats` counts), and listing every solution
from that memo ("in order, listed": `solutions_in_order`, the same output as the peers'). The memo
and in-order counts reach the same totals without visiting each solution; the peers and the first
two columns take each roll's own matrix.

    .venv/bin/python bench/exactcover.py [--timeout 300] [--rolls 20] [--stats-rolls 1000] [--skip-6x10]
                                         [--peers miniexact ...]
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers import genius
from solvers.exactcover import ExactCover

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks"
Matrix = tuple[list[Any], list[list[Any]]]  # (primary items, options as item lists)

PENTOMINOES = {
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."], "N": ["##..", ".###"],
    "P": ["##", "##", "#."], "T": ["###", ".#.", ".#."], "U": ["#.#", "###"], "V": ["#..", "#..", "###"],
    "W": ["#..", "##.", ".##"], "X": [".#.", "###", ".#."], "Y": ["..#.", "####"], "Z": ["##.", ".#.", ".##"],
}


def pentomino(height: int, width: int) -> Matrix:
    """The 12 pentominoes on a height x width box: items are pieces and cells."""
    items: list[Any] = list(PENTOMINOES) + [(r, c) for r in range(height) for c in range(width)]
    options = []
    for name, picture in PENTOMINOES.items():
        cells = tuple((r, c) for r, row in enumerate(picture) for c, ch in enumerate(row) if ch == "#")
        for shape in genius.orientations(genius.normalise(cells)):
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            for dr in range(height - h + 1):
                for dc in range(width - w + 1):
                    options.append([name] + [(r + dr, c + dc) for r, c in shape])
    return items, options


def sudoku(grid: str) -> Matrix:
    """A 9x9 sudoku as exact cover: cell, row-digit, column-digit and box-digit items."""
    items: list[Any] = [(kind, a, b) for kind in "prcb" for a in range(9) for b in range(9)]
    options = []
    for i, ch in enumerate(grid):
        r, c = divmod(i, 9)
        for d in [int(ch) - 1] if ch in "123456789" else range(9):
            options.append([("p", r, c), ("r", r, d), ("c", c, d), ("b", r // 3 * 3 + c // 3, d)])
    return items, options


def genius_roll(blockers: tuple[int, ...]) -> Matrix:
    """One Genius Square roll on its own: the free cells and the placements avoiding the blockers."""
    items: list[Any] = [p.id for p in genius.PIECES] + [c for c in range(36) if c not in blockers]
    options = [[pl.piece, *pl.cells] for pl in genius.placements() if not set(pl.cells) & set(blockers)]
    return items, options


def numbered(m: Matrix) -> tuple[int, list[list[int]]]:
    """Items as 0..n-1 and options as sorted index lists (what the peers take)."""
    items, options = m
    index = {it: j for j, it in enumerate(items)}
    return len(items), [sorted(index[i] for i in o) for o in options]


# ----- solvers: each counts all solutions of a list of matrices ------------------------


def run_ours(ms: list[Matrix], memo: bool) -> int:
    """Tessera's engine, enumerating (memo off) or memoising the count."""
    return sum(ExactCover(opts, items).count(memo=memo) for items, opts in ms)


def genius_in_order(rolls: list[tuple[int, ...]]) -> Callable[[bool], int]:
    """Tessera's `count_in_order` (or, `listed`, `solutions_in_order`) on the Genius board (cells first, in
    board order) with one memo for all the rolls (the same rolls as the row's matrices)."""
    def run(listed: bool) -> int:
        ec, memo = genius.board_problem(), {}
        if listed:
            return sum(sum(1 for _ in ec.solutions_in_order(covered=b, memo=memo)) for b in rolls)
        return sum(ec.count_in_order(blockers, memo) for blockers in rolls)
    return run


def box_in_order(height: int, width: int) -> Callable[[bool], int]:
    """Tessera's `count_in_order` (or, `listed`, `solutions_in_order`) on a pentomino box, the cells first, a
    column at a time (a short profile)."""
    def run(listed: bool) -> int:
        items, options = pentomino(height, width)
        cells = sorted((i for i in items if isinstance(i, tuple)), key=lambda rc: (rc[1], rc[0]))
        ec = ExactCover(options, cells + list(PENTOMINOES))
        return sum(1 for _ in ec.solutions_in_order()) if listed else ec.count_in_order()
    return run


def run_in_order(_ms: list[Matrix], run: Callable[[bool], int], listed: bool) -> int:
    """A row's in-order count, or the number of solutions it lists (its own matrix, from the same pieces or
    rolls)."""
    return run(listed)


def run_dlx(ms: list[Matrix]) -> int:
    """Raaphorst's `dlx` with its smallest-column selector."""
    from dlx import DLX

    total = 0
    for m in ms:
        n, rows = numbered(m)
        d = DLX([(str(j), DLX.PRIMARY) for j in range(n)], rows)
        total += sum(1 for _ in d.solve(DLX.smallestColumnSelector))
    return total


def run_algorithm_x(ms: list[Matrix]) -> int:
    """The `algorithm-x` package (linked node objects, smallest column first)."""
    from algorithm_x import AlgorithmX

    total = 0
    for m in ms:
        n, rows = numbered(m)
        solver = AlgorithmX(n)
        for r in rows:
            solver.appendRow(r)
        total += sum(1 for _ in solver.solve())
    return total


def run_exact_cover(ms: list[Matrix]) -> int:
    """The C-backed `exact-cover` package on a dense numpy matrix."""
    import exact_cover
    import numpy as np

    total = 0
    for m in ms:
        n, rows = numbered(m)
        a = np.zeros((len(rows), n), dtype=bool)
        for k, r in enumerate(rows):
            a[k, r] = True
        total += int(exact_cover.get_solution_count(a))
    return total


def run_miniexact(ms: list[Matrix]) -> int:
    """`miniexact`'s Algorithm X in C, asked for one solution after another."""
    from miniexact import miniexacts_x

    total = 0
    for m in ms:
        n, rows = numbered(m)
        s = miniexacts_x()
        ids = [s.primary(str(j)) for j in range(n)]
        for r in rows:
            s.add([ids[j] for j in r])
        while s.solve() == 10:
            total += 1
    return total


PEERS: dict[str, tuple[str, str, Callable[[list[Matrix]], int]]] = {
    # label: (pip name, import name, runner)
    "dlx (py)": ("dlx", "dlx", run_dlx),
    "algorithm-x (py)": ("algorithm-x", "algorithm_x", run_algorithm_x),
    "exact-cover (C)": ("exact-cover", "exact_cover", run_exact_cover),
    "miniexact (C)": ("miniexact", "miniexact", run_miniexact),
}


def ensure(pip_name: str, module: str) -> str | None:
    """Import a peer, pip-installing it first if needed; None if fine, else why not."""
    try:
        importlib.import_module(module)
        return None
    except ImportError:
        pass
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", pip_name], capture_output=True, text=True)
    if proc.returncode != 0:
        return f"pip install {pip_name} failed"
    importlib.invalidate_caches()
    try:
        importlib.import_module(module)
        return None
    except ImportError as exc:
        return f"import failed: {exc}"


def _child(runner: Callable[[list[Matrix]], int], ms: list[Matrix], queue: Any) -> None:
    """Run one solver in a child process and send back (count, best CPU seconds of up to 3 runs)."""
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        n = runner(ms)
        best = min(best, time.process_time() - t0)
        if best > 5.0:  # long runs vary little; short ones are repeated
            break
    queue.put((n, best))


def timed(runner: Callable[..., int], ms: list[Matrix], timeout: float, *args: Any) -> tuple[int | None, float | None]:
    """(count, seconds) of a solver in a child process, or (None, None) past the timeout."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_child, args=((lambda m: runner(m, *args)) if args else runner, ms, queue))
    proc.start()
    proc.join(timeout)
    if proc.is_alive():
        proc.terminate()
        proc.join()
        return None, None
    return queue.get() if not queue.empty() else (None, None)


Row = tuple[str, list[Matrix], int | None, Callable[[bool], int] | None]  # name, matrices, count, in-order count


def matrices(rolls: int, stats_rolls: int, skip_6x10: bool) -> list[Row]:
    """The benchmark matrices: (name, matrices, expected total count or None, the in-order count or None)."""
    out: list[Row] = []
    all_rolls = genius.all_rolls()
    sample = all_rolls[:: max(1, len(all_rolls) // rolls)][:rolls]
    golden_path = SHARED / "genius_square_solution_counts.csv"
    golden = genius.read_counts_csv(golden_path) if golden_path.exists() else None
    expect = sum(golden[r] for r in sample) if golden else None
    out.append((f"genius {len(sample)} rolls", [genius_roll(r) for r in sample], expect, None))
    if stats_rolls:  # consecutive rolls in the order `genius stats` counts them (by their last cells), mid-list
        order = sorted(all_rolls, key=lambda r: r[::-1])
        run = order[(len(order) - stats_rolls) // 2:][:stats_rolls]
        expect = sum(golden[r] for r in run) if golden else None
        out.append((f"genius {len(run)} (stats order)", [genius_roll(r) for r in run], expect, genius_in_order(run)))
    if not skip_6x10:
        out.append(("pentomino 6x10", [pentomino(6, 10)], 9356, box_in_order(6, 10)))
    out.append(("pentomino 3x20", [pentomino(3, 20)], 8, box_in_order(3, 20)))
    path = SHARED / "sudoku_top95.txt"
    if path.exists():
        grids = [ln.split()[0] for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
        out.append((f"sudoku x{len(grids)} (top95)", [sudoku(g) for g in grids], len(grids), None))
    return out


def main() -> None:
    """Print the table: seconds per solver per matrix and ratios to ours."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per solver and matrix")
    parser.add_argument("--rolls", type=int, default=20, help="Genius Square rolls to count")
    parser.add_argument("--stats-rolls", type=int, default=1000, help="consecutive rolls in stats order (0: none)")
    parser.add_argument("--skip-6x10", action="store_true", help="leave out pentomino 6x10 (slow for peers)")
    parser.add_argument("--peers", nargs="*", metavar="NAME", help="only the peers whose label holds a NAME")
    args = parser.parse_args()
    peers = {k: v for k, v in PEERS.items() if args.peers is None or any(x in k for x in args.peers)}
    status = {label: ensure(pip, mod) for label, (pip, mod, _) in peers.items()}
    for label, why in status.items():
        if why:
            print(f"{label}: unavailable ({why})")
    solvers: list[tuple[str, Callable[..., int], tuple[Any, ...]]] = [
        ("tessera (enumerate)", run_ours, (False,)),
        ("tessera (memo)", run_ours, (True,)),
        ("tessera (in order)", run_in_order, (False,)),
        ("in order, listed", run_in_order, (True,)),
    ] + [(label, run, ()) for label, (_, _, run) in peers.items() if not status[label]]
    print(f"{'matrix':<24}" + "".join(f"{name:>21}" for name, _, _ in solvers))
    for name, ms, expect, in_order in matrices(args.rolls, args.stats_rolls, args.skip_6x10):
        cells = []
        base = None
        for label, runner, extra in solvers:
            if runner is run_in_order and in_order is None:
                cells.append("-")  # only where an order of the items is known to suit the problem
                continue
            n, secs = timed(runner, ms, args.timeout, *((in_order, *extra) if runner is run_in_order else extra))
            if n is None or secs is None:
                cells.append(f"> {args.timeout:.0f} s")
                continue
            if label == "tessera (enumerate)":
                base = secs
            wrong = "" if expect is None or n == expect else f" WRONG {n}"
            ratio = f" ({secs / base:.2f}x)" if base and label != "tessera (enumerate)" else ""
            cells.append(f"{secs:.3f} s{ratio}{wrong}")
        print(f"{name:<24}" + "".join(f"{c:>21}" for c in cells), flush=True)
    print("ratios: a solver's time over tessera (enumerate), the same work as the peers (every solution visited)")


if __name__ == "__main__":
    main()
