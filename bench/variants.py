"""Benchmark: Sudoku variants (killer, jigsaw, X, killer X, jigsaw X, and those of further constraints: thermo,
arrow, Kropki, ...) per variant, size and grade.

    .venv/bin/python bench/variants.py [--seeds N] [--sizes 9 6] [--variants killer x ...] [--browser]
    .venv/bin/python bench/variants.py --worker-generate K [--sizes ...] [--variants ...]

For each variant, size and grade asked, over --seeds seeded puzzles: the generation time and the grades got; the
solve time (the complete solver, counting to two); the puzzles an independent count (tests/independent_sudoku.py, no
solver code) proves unique ("indep.", "+k?" for those past its budget of INDEPENDENT_NODES); and the hint walk from
the givens to the end (apply each hint, ask again, the player's notes carried): the share of walks finished by named
logic (no "Trial and error"), the wrong steps (a placement or an elimination the unique solution contradicts: must
be 0), the walks whose path takes a step of a constraint type's own technique ("own"), the techniques used and the
slowest hint in CPython. With --browser, every position of every walk is hinted again inside the page's worker
(Pyodide, the page's own `timeit` export) and the same positions in CPython in the same run, with the ratio (the
issue's target: under 1 s per hint in the worker, and a median 9x9 killer solve under 50 ms); then seed 0's puzzle
of every grade is generated in both.
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

import independent_sudoku  # noqa: E402
from browser import ASK, cpython_ms  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_FLAGS, DIST, _Quiet, _Server  # noqa: E402

from solvers import commands, constraints  # noqa: E402
from solvers import family as solver_family  # noqa: E402
from solvers.base import PuzzleError  # noqa: E402
from solvers.rules import latin, sudoku  # noqa: E402

SUDOKU = solver_family("sudoku")
GRADES = SUDOKU.grades
INDEPENDENT_NODES = 20_000  # the independent count's budget per puzzle (tests/independent_sudoku.py)
OWN = {kind.technique for kind in constraints.TYPES.values() if kind.technique}  # the constraint types' techniques


def walk(puzzle: dict) -> tuple[list[dict], bool, int, collections.Counter, float]:
    """(the hint inputs met, finished by logic, wrong steps, techniques used, slowest hint ms) of a hint walk."""
    n = int(len(puzzle["grid"]) ** 0.5)
    truth = commands.run(SUDOKU, "solve", puzzle)["solution"]
    state, pencil, seen, wrong, used, slowest = puzzle["grid"], None, [], 0, collections.Counter(), 0.0
    for _ in range(n * n * 10):  # a step per rule: a 9x9 min/max walk took over 300
        obj = {**puzzle, "state": state, **({"pencil": pencil} if pencil else {})}
        t = time.perf_counter()
        hint = commands.run(SUDOKU, "hint", obj)
        slowest = max(slowest, (time.perf_counter() - t) * 1000)
        if hint["technique"] == "Solved":
            return seen, True, wrong, used, slowest
        seen.append(obj)
        used[hint["technique"]] += 1
        if hint["technique"] == "Trial and error":
            return seen, False, wrong, used, slowest
        move = hint["move"]
        if "place" in move:
            r, c, v = move["place"]
            wrong += truth[r * n + c] != latin.symbol(v)
        wrong += sum(truth[r * n + c] == latin.symbol(v) for r, c, v in move.get("eliminate", []))
        out = commands.run(SUDOKU, "apply", {**obj, "moves": [hint["stages"]["move"]]})
        state, pencil = out["state"], out.get("pencil")
    return seen, False, wrong, used, slowest


def main() -> None:
    """Print the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=2, help="puzzles per variant, size and grade")
    ap.add_argument("--sizes", type=int, nargs="+", default=[9, 6])
    ap.add_argument("--variants", nargs="+", default=[v for v in sudoku.VARIANT_SIZES if v != "classic"])
    ap.add_argument("--browser", action="store_true", help="also time every walk's hints in the browser worker")
    ap.add_argument("--worker-generate", type=int, default=0, metavar="K",
                    help="only time generation, seeds 0..K-1 per variant, size and grade, in the worker and CPython")
    args = ap.parse_args()
    if args.worker_generate:
        worker_times([(f"generate ({args.worker_generate} seeds)", "generate", {
            f"{variant} {size} {GRADES[grade]}": [{"difficulty": grade + 1, "seed": seed, "size": size,
                                                  "variant": variant} for seed in range(args.worker_generate)]
            for variant in args.variants for size in args.sizes if size in sudoku.VARIANT_SIZES[variant]
            for grade in range(len(GRADES))})])
        return
    print(f"{'variant':<18}{'size':>5} {'grade asked':<11}{'gen med s':>10}{'gen max s':>10} {'got':<22}"
          f"{'solve med ms':>13}{'solve max ms':>13}{'indep.':>8}{'by logic':>9}{'wrong':>6}{'own':>6}"
          f"{'hint max ms':>12}"
          "  techniques past singles")
    positions: dict[str, list[dict]] = collections.defaultdict(list)
    asks: dict[str, list[dict]] = collections.defaultdict(list)  # seed 0's generate inputs, timed in the worker
    for variant in args.variants:
        for size in args.sizes:
            if size not in sudoku.VARIANT_SIZES[variant]:
                continue
            for grade in range(len(GRADES)):
                gen, got, solve_ms, logic, wrong, slowest, used, own = [], [], [], 0, 0, 0.0, collections.Counter(), 0
                unique, over = 0, 0  # proven unique by the independent count; over its budget
                for seed in range(args.seeds):
                    ask = {"difficulty": grade + 1, "seed": seed, "size": size, "variant": variant}
                    asks[f"{variant} {size}"] += [ask] if seed == 0 else []
                    t = time.perf_counter()
                    try:
                        p = commands.run(SUDOKU, "generate", ask)
                    except PuzzleError:  # no puzzle of that grade found: said in the table, the run goes on
                        gen.append(time.perf_counter() - t)
                        got.append("none")
                        continue
                    gen.append(time.perf_counter() - t)
                    got.append(p["difficulty"][:4])
                    p = {k: v for k, v in p.items() if k in ("grid", "box", "regions", "diagonals", "cages",
                                                             "constraints")}
                    solve_ms += cpython_ms("sudoku", "solve", [p])
                    try:
                        unique += independent_sudoku.count(p, 2, INDEPENDENT_NODES) == 1
                    except independent_sudoku.Budget:
                        over += 1
                    seen, done, bad, techniques, ms = walk(p)
                    positions[f"{variant} {size}"] += seen
                    logic += done
                    wrong += bad
                    slowest = max(slowest, ms)
                    used.update(techniques)
                    own += bool(OWN & set(techniques))
                past = ", ".join(f"{k} {v}" for k, v in used.most_common() if k not in
                                 ("Full house", "Naked single", "Hidden single"))
                solve_ms = solve_ms or [0.0]
                print(f"{variant:<18}{size:>5} {GRADES[grade]:<11}{statistics.median(gen):>10.2f}{max(gen):>10.2f} "
                      f"{','.join(got):<22}{statistics.median(solve_ms):>13.1f}{max(solve_ms):>13.1f}"
                      f"{f'{unique}' + (f'+{over}?' if over else ''):>8}"
                      f"{logic:>6}/{args.seeds:<2}{wrong:>6}{own:>6}{slowest:>12.0f}  {past}", flush=True)
    if args.browser:  # every walk position hinted in the page's worker and in CPython, in the same run; then
        # seed 0's puzzle of every grade generated in both
        worker_times([("hints of every walk", "hint", positions), ("generate (seed 0, each grade)", "generate", asks)])


def worker_times(tables: list[tuple[str, str, dict[str, list[dict]]]]) -> None:
    """Each table's inputs run by its Sudoku command in the page's worker and in CPython, in the same run: per row
    (a name's inputs) the median and max milliseconds in each and the ratio of their sums."""
    from playwright.sync_api import sync_playwright

    if not (DIST / "sudoku.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True)
    server = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_context(service_workers="block").new_page()
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/sudoku.html")
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=120_000)
        for title, command, table in tables:
            print(f"\n{title:<30}{'where':<10}{'inputs':>7}{'median ms':>10}{'max ms':>10}{'ratio':>8}")
            for name, objs in table.items():
                there = json.loads(page.evaluate(ASK, ["timeit", ["sudoku", command, json.dumps(objs)]]))["ms"]
                here = cpython_ms("sudoku", command, objs)
                for where, ms in (("CPython", here), ("browser", there)):
                    print(f"{name:<30}{where:<10}{len(ms):>7}{statistics.median(ms):>10.1f}{max(ms):>10.1f}"
                          f"{sum(ms) / sum(here):>8.2f}", flush=True)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
