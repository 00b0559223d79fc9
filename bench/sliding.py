"""Sliding puzzle benchmark: Korf's 100 with pattern databases, PDB choices, the lab table, Parberry.

Run: `.venv/bin/python bench/sliding.py [--quick] [--korf N] [--only-korf]
[--only-24 [--twentyfour N] [--large N]]`. Prints Markdown tables.
Times are CPython wall-clock on this machine (shared cores: expect noise). The 4x4
pattern databases come from $TESSERA_DATA or the build's .cache (built there when missing).
Sections: (1) Korf's 100 solved optimally with the shipped 6-6-3 + reflection databases;
(2) size/speed of PDB choices on the easiest Korf instances; (3) the study's algorithm x
heuristic table on fixed 3x3 and 4x4 positions under budgets; (4) Parberry's move counts
and times next to 8/3 n^3; (5) the time of a hint on random 4x4 positions; (6) the quick
provisional hint on Korf's instances (time, length over the shortest, first moves on a shortest
path; `--only-quick` runs just this); (7) Korf and Felner's 50 24-puzzles by the 5x5 plan against their known optima,
and the plan on 6x6, 8x8, 10x10 against Parberry's (`--only-24` runs just these two).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from solvers import pattern_db, pattern_db_build, sliding_plan  # noqa: E402
from solvers import sliding as sl  # noqa: E402
from solvers.budget import Budget, running  # noqa: E402

KORF = REPO.parent / "shared" / "benchmarks" / "fifteen_korf100.txt"
KORF_FELNER = REPO.parent / "shared" / "benchmarks" / "twentyfour_korf50.txt"  # read there, never copied
STUDY_TIMES = {  # the study's mean seconds (n = 3, n = 4) for reference
    ("A*", "linear conflict"): (0.028, 0.225), ("IDA*", "linear conflict"): (0.040, 0.137),
    ("BFS", ""): (1.26, 124), ("Greedy best-first", "linear conflict"): (0.016, 0.020),
}


def korf_instances() -> list[tuple[int, int, tuple[int, ...]]]:
    """(id, optimal length, tiles with the blank-last goal) for Korf's 100."""
    rows = []
    for line in KORF.read_text().splitlines():
        if line and not line.startswith("#"):
            ident, opt, *tiles = (int(x) for x in line.split())
            board = [0] * 16
            for p, t in enumerate(tiles):  # rotate 180 degrees, relabel t -> 16 - t (the file's header)
                board[15 - p] = 16 - t if t else 0
            rows.append((ident, opt, tuple(board)))
    return rows


def korf_felner_instances() -> list[tuple[int, int, tuple[int, ...]]]:
    """(id, optimal length, tiles with the blank-last goal) for Korf and Felner's 50 24-puzzles (the file's goal has
    the blank first: rotated 180 degrees and relabelled t -> 25 - t, as for Korf's 100)."""
    rows = []
    for line in KORF_FELNER.read_text().splitlines():
        if line and not line.startswith("#"):
            ident, opt, *tiles = (int(x) for x in line.split())
            board = [0] * 25
            for p, t in enumerate(tiles):
                board[24 - p] = 25 - t if t else 0
            rows.append((ident, opt, tuple(board)))
    return rows


def section_24(count: int) -> None:
    """Korf and Felner's 24-puzzles: the plan (the shorter of a beam from the position and one from the goal, on the
    5-5-5-5-4 databases) against the known optimum, its lower bound, the quick provisional first move, CPU time and
    nodes (children generated)."""
    if count < 1:
        return
    rows = korf_felner_instances()[:count]
    print(f"\n## Korf and Felner's 24-puzzles ({len(rows)}): beam width {sl.BEAM} forward, {sl.BEAM // 2} back from "
          f"the goal (quick: {sl.QUICK_BEAM}, {sl.QUICK_BEAM // 2}) on the 5-5-5-5-4 databases + reflection\n")
    print("| id | optimal | length | ratio | lower bound | nodes | CPU s | quick length | quick CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    ratios, times, quick_times = [], [], []
    for ident, opt, tiles in rows:
        p = sl.Puzzle(5, 5, tiles)
        sl.forget_plans()
        began = time.process_time()
        quick = sl.near_optimal(p, quick=True)
        quick_times.append(time.process_time() - began)
        work = Budget()
        began = time.process_time()
        with running(work):
            sol = sl.near_optimal(p)
        times.append(time.process_time() - began)
        assert sl.replay(p, sol.moves).is_goal() and sl.replay(p, quick.moves).is_goal()
        assert sol.lower_bound is not None and sol.lower_bound <= opt
        ratios.append(len(sol.moves) / opt)
        print(f"| {ident} | {opt} | {len(sol.moves)} | {ratios[-1]:.3f} | {sol.lower_bound} | {work.nodes:,} | "
              f"{times[-1]:.2f} | {len(quick.moves)} | {quick_times[-1]:.3f} |", flush=True)
    print(f"\nMean ratio {statistics.mean(ratios):.3f}, max {max(ratios):.3f}; CPU s median "
          f"{statistics.median(times):.2f}, max {max(times):.2f}; quick first move median "
          f"{statistics.median(quick_times) * 1000:.0f} ms, max {max(quick_times) * 1000:.0f} ms. "
          "Targets: mean <= 1.10, max <= 1.25.")


def section_large(sizes: list[int], count: int) -> None:
    """The plan beyond 5x5 (rows and columns by a beam over each line's tiles and carries, both minding the other
    tiles' way home, then the 5x5 beams) against Parberry's method on the same seeded random positions."""
    if count < 1:
        return
    print(f"\n## Larger boards ({count} seeded random positions each): the plan (line beam widths {sl.SWEEP}, and "
          f"{sliding_plan.WIDE_SWEEP} on rests of at most {sliding_plan.WIDE_CELLS} cells) against Parberry's\n")
    print("| n | plan moves (mean) | Parberry moves (mean) | ratio | lower bound (mean) | plan CPU s (mean) | max |")
    print("|---|---|---|---|---|---|---|")
    for n in sizes:
        plan, parb, low, times = [], [], [], []
        for seed in range(count):
            p = sl.random_solvable(n, n, random.Random(f"bench-{n}-{seed}"))
            sl.forget_plans()
            began = time.process_time()
            sol = sl.near_optimal(p)
            times.append(time.process_time() - began)
            assert sl.replay(p, sol.moves).is_goal()
            plan.append(len(sol.moves))
            parb.append(len(sl.parberry(p)[0]))
            low.append(sol.lower_bound)
        print(f"| {n} | {statistics.mean(plan):.0f} | {statistics.mean(parb):.0f} | "
              f"{sum(plan) / sum(parb):.2f} | {statistics.mean(low):.0f} | {statistics.mean(times):.2f} | "
              f"{max(times):.2f} |", flush=True)
    print("\nTarget: the plan at most 0.6 of Parberry's moves.")


def solve_set(db: pattern_db.PatternDatabase, instances: list[tuple[int, int, tuple[int, ...]]],
              verbose: bool = False) -> tuple[float, int, list[float], bool, float]:
    """Solve every instance; total seconds, total nodes, per-instance seconds, all lengths right, CPU seconds."""
    total_nodes, times, ok, cpu = 0, [], True, 0.0
    for ident, opt, tiles in instances:
        p = sl.Puzzle(4, 4, tiles)
        began, began_cpu = time.perf_counter(), time.process_time()
        solver = sl.PatternIda(p, db)
        moves = solver.solve()
        times.append(time.perf_counter() - began)
        took = time.process_time() - began_cpu
        cpu += took
        total_nodes += solver.nodes
        ok &= len(moves) == opt and sl.replay(p, moves).is_goal()
        if verbose:
            print(f"| {ident} | {opt} | {len(moves)} | {solver.nodes:,} | {times[-1]:.2f} | {took:.2f} |", flush=True)
    return sum(times), total_nodes, times, ok, cpu


def section_korf(db: pattern_db.PatternDatabase, count: int) -> None:
    """Korf's 100 (or the `count` easiest) solved optimally."""
    instances = korf_instances()
    if count < len(instances):
        instances = sorted(instances, key=lambda r: r[1])[:count]
    print(f"\n## Korf's 15-puzzle instances ({len(instances)}), IDA* + 6-6-3 PDB + reflection\n")
    print("| id | published | found | nodes | seconds | CPU seconds |\n|---|---|---|---|---|---|")
    total, nodes, times, ok, cpu = solve_set(db, instances, verbose=True)
    print(f"\nTotal {total:.1f} s wall-clock ({cpu:.1f} s of CPU time: the cores are shared), "
          f"mean {total / len(times):.2f} s, median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s; {nodes:,} nodes ({nodes / len(times):,.0f} per instance, "
          f"{nodes / cpu:,.0f} per CPU second); all lengths equal the published optima: {ok}.")
    print("Published C figures for comparison: 6-6-3 PDB 0.16 s and 617,555 nodes per instance.")


def section_pdb_choices(db: pattern_db.PatternDatabase, quick: bool) -> None:
    """File size, build time and search effort for partitions, with and without reflection."""
    ranked = sorted(korf_instances(), key=lambda r: r[1])
    easy = ranked[:10] if quick else ranked[0:90:10]  # a spread of difficulties, without the hardest tenth
    print(f"\n## Pattern database choices (Korf instances {', '.join(f'#{r[0]}' for r in easy)}; "
          f"optimal lengths {easy[0][1]}..{easy[-1][1]})\n")
    print("| partition | reflection | files (bytes) | build s | memory (MB) | nodes | seconds | CPU s | "
          "nodes vs shipped |")
    print("|---|---|---|---|---|---|---|---|---|")
    variants = [("6-6-3 (shipped)", db, None)]
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        p555 = ((1, 5, 6, 9, 13), (2, 3, 4, 7, 8), (10, 11, 12, 14, 15))
        pattern_db_build.build_databases(Path(tmp), {(4, 4): p555})
        built = time.perf_counter() - began
        db555 = pattern_db.read(Path(tmp), 4, 4)
        size555 = sum(f.stat().st_size for f in Path(tmp).glob("*.pdb"))
        variants.append(("5-5-5", db555, (size555, built)))
        shipped_nodes = None
        for name, base, info in variants:
            for reflect in (True, False):
                v = pattern_db.PatternDatabase(4, 4, base.patterns, base.tables)
                v.reflects = v.reflects and reflect
                total, nodes, _, ok, cpu = solve_set(v, easy)
                assert ok
                shipped_nodes = shipped_nodes or nodes
                if info is None:
                    files = sum(p["bytes"] for p in shipped_manifest())
                    size, build = f"{files:,}", "see build"
                else:
                    size, build = f"{info[0]:,}", f"{info[1]:.1f}"
                memory = sum(len(t) for t in base.tables) / 1e6
                print(f"| {name} | {'yes' if reflect else 'no'} | {size} | {build} | {memory:.0f} | {nodes:,} | "
                      f"{total:.1f} | {cpu:.1f} | {nodes / shipped_nodes:.2f} |", flush=True)


def shipped_manifest() -> list[dict]:
    """Pattern entries of the 4x4 manifest in use."""
    import json

    for d in pattern_db.directories():
        path = d / pattern_db.manifest_name(4, 4)
        if path.is_file():
            return json.loads(path.read_text())["patterns"]
    return []


def lab_positions(width: int, depths: list[int], seed: int) -> list[sl.Puzzle]:
    """A fixed set of positions at exact optimal depths."""
    rng = random.Random(seed)
    return [sl.scramble_exact(width, width, d, rng) for d in depths]


def section_lab(width: int, depths: list[int], max_nodes: int, max_seconds: float) -> None:
    """The study-style table: mean time, mean moves, solved % per algorithm and heuristic."""
    positions = lab_positions(width, depths, seed=width)
    print(f"\n## Algorithm lab, {width}x{width}: {len(positions)} positions at optimal depths {depths}; "
          f"budget {max_nodes:,} nodes / {max_seconds:g} s per run\n")
    print("| algorithm | heuristic | solved % | mean moves (solved) | mean seconds | mean nodes | "
          "time vs A* Manhattan | study's mean s |")
    print("|---|---|---|---|---|---|---|---|")
    pairs = sl.default_lab(width, width)
    results = []
    for algo, heur in pairs:
        rows = [sl.lab_run(p, algo, heur, max_nodes, max_seconds) for p in positions]
        results.append(rows)
    base = statistics.mean(r["seconds"] for r in results[pairs.index(("a*", "manhattan"))])
    for rows in results:
        solved = [r for r in rows if r["solved"]]
        mean_s = statistics.mean(r["seconds"] for r in rows)
        moves = f"{statistics.mean(r['length'] for r in solved):.1f}" if solved else "-"
        study = STUDY_TIMES.get((rows[0]["algorithm"], rows[0]["heuristic"]))
        study_s = f"{study[0 if width == 3 else 1]:g}" if study else ""
        print(f"| {rows[0]['algorithm']} | {rows[0]['heuristic']} | {100 * len(solved) / len(rows):.0f} | {moves} | "
              f"{mean_s:.3f} | {statistics.mean(r['nodes'] for r in rows):,.0f} | {mean_s / base:.2f} | {study_s} |",
              flush=True)
    for label, fn in (("IDA* specialised (this solver)", lambda p: sl.solve_optimal(p)),
                      ("Parberry real-time", lambda p: sl.parberry(p)[0])):
        times, lengths = [], []
        for p in positions:
            began = time.perf_counter()
            lengths.append(len(fn(p)))
            times.append(time.perf_counter() - began)
        heur = "PDB 6-6-3 + reflection" if width == 4 else "linear conflict"
        print(f"| {label} | {heur if 'IDA' in label else ''} | 100 | {statistics.mean(lengths):.1f} | "
              f"{statistics.mean(times):.3f} | | {statistics.mean(times) / base:.2f} | |")


def section_parberry(sizes: list[int]) -> None:
    """Parberry's algorithm: moves and time per size next to the expected 8/3 n^3."""
    print("\n## Parberry's real-time algorithm on random n x n boards\n")
    print("| n | moves | 8/3 n^3 | ratio | seconds | CPU s | moves per CPU second |\n|---|---|---|---|---|---|---|")
    for n in sizes:
        p = sl.random_solvable(n, n, random.Random(n))
        began, began_cpu = time.perf_counter(), time.process_time()
        moves, _ = sl.parberry(p)
        took, cpu = time.perf_counter() - began, time.process_time() - began_cpu
        assert sl.replay(p, moves).is_goal()
        expected = 8 / 3 * n**3
        print(f"| {n} | {len(moves):,} | {expected:,.0f} | {len(moves) / expected:.2f} | {took:.3f} | "
              f"{cpu:.3f} | {len(moves) / max(cpu, 1e-9):,.0f} |", flush=True)
    print("\nThe study's C++ figures: n = 10 in 1.3 ms, n = 50 in 2.5 s, n = 100 in 93 s.")


def section_hints(count: int) -> None:
    """Time of a hint (a full optimal solve) on random 4x4 positions."""
    rng = random.Random(44)
    times, lengths = [], []
    for _ in range(count):
        p = sl.random_solvable(4, 4, rng)
        began = time.perf_counter()
        h = sl.hint(p, p)
        times.append(time.perf_counter() - began)
        lengths.append(h.extra["distance_before"])
    print(f"\n## Hint on {count} random 4x4 positions (CPython)\n")
    print(f"median {statistics.median(times):.2f} s, mean {statistics.mean(times):.2f} s, max {max(times):.2f} s; "
          f"mean optimal distance {statistics.mean(lengths):.1f}")


def section_quick(count: int) -> None:
    """The quick provisional hint on Korf's instances: its time, its solution's length against the
    shortest, and whether its first move starts a shortest solution (one bounded search checks)."""
    rows = korf_instances()[:count]
    times, extra, good = [], [], 0
    for _, opt, tiles in rows:
        p = sl.Puzzle(4, 4, tiles)
        began = time.process_time()
        moves = sl.quick_moves(p)
        times.append(time.process_time() - began)
        assert moves is not None and sl.replay(p, moves).is_goal()
        extra.append(len(moves) - opt)
        good += sl.within(sl.apply(p, moves[0]), opt - 1)
    print(f"\n## Quick hint on Korf's first {count} (CPython; weights {sl.QUICK_WEIGHTS}, "
          f"{sl.QUICK_NODES:,} nodes each)\n")
    print(f"time median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; solution "
          f"{statistics.mean(extra):.1f} moves longer than the shortest on average (max {max(extra)}); "
          f"its first move starts a shortest solution in {good} of {count}.")


def main() -> None:
    """Run the sections."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer instances everywhere")
    parser.add_argument("--korf", type=int, default=None, help="how many Korf instances (easiest first)")
    parser.add_argument("--only-quick", action="store_true", help="only the quick hint section")
    parser.add_argument("--only-korf", action="store_true", help="only Korf's instances solved optimally")
    parser.add_argument("--only-24", action="store_true", help="only the 24-puzzles and the larger boards")
    parser.add_argument("--twentyfour", type=int, default=50, help="how many of Korf and Felner's 24-puzzles")
    parser.add_argument("--large", type=int, default=5, help="random positions per larger board size")
    args = parser.parse_args()
    began = time.perf_counter()
    if not pattern_db.directories():  # no $TESSERA_DATA: the build's cached files (built here when missing)
        pattern_db.use_directory(pattern_db_build.built(REPO / ".cache", verbose=True)[0])
    if args.only_24:
        section_24(args.twentyfour)
        section_large([6, 8, 10], args.large)
        return
    db = pattern_db.database(4, 4)
    print(f"# Sliding puzzle benchmark\n\n4x4 databases ready in {time.perf_counter() - began:.2f} s "
          f"(read from the files); directories searched: {[str(d) for d in pattern_db.directories()]}")
    if db is None:
        sys.exit("no 4x4 pattern database available")
    if args.only_quick:
        section_quick(args.korf or 100)
        return
    section_korf(db, args.korf or (20 if args.quick else 100))
    if args.only_korf:
        return
    section_quick(args.korf or (20 if args.quick else 100))
    section_pdb_choices(db, args.quick)
    section_lab(3, [8, 14, 20, 24, 28] if args.quick else [6, 10, 14, 18, 20, 22, 24, 26, 28], 100_000, 1.0)
    section_lab(4, [12, 18, 24] if args.quick else [12, 16, 20, 24, 28, 32], 50_000, 1.0)
    section_parberry([3, 4, 5, 10, 20, 50] + ([] if args.quick else [100]))
    section_hints(5 if args.quick else 15)
    section_24(10 if args.quick else args.twentyfour)
    section_large([6, 8, 10], 2 if args.quick else args.large)
    print(f"\nTotal benchmark time {time.perf_counter() - began:.0f} s.")


if __name__ == "__main__":
    main()
