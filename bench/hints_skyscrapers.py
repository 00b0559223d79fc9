"""Skyscrapers hints benchmark: walk the hints to the end and count what the ladder needed.

Run: `.venv/bin/python bench/hints_skyscrapers.py [--seeds K] [--sizes 4,5,6,7,8,9] [--tatham FILE]`.
Sets: the 40 public instances, the Tatham Towers IDs of the ladder tests, generated puzzles of every grade
and size (seeds 0..K-1), and optionally a file of Tatham Towers game IDs (one per line, e.g. from
`sgt-towers --generate 20 7dx`). Each puzzle is walked hint by hint with full pencil marks (apply the hint,
ask again). Prints Markdown tables: the share finished by explained logic (no "Guessing"), wrong steps (a
true height removed or a wrong one placed), guesses, forcing steps, per-technique counts, mean and max CPU
time per hint (CPython, this process, so other load on the machine counts less; the steps remembered from
rating a generated puzzle are forgotten first) and generation time per grade.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from test_skyscrapers_ladder import TATHAM, TATHAM_EXTREME, tatham  # noqa: E402

from solvers import commands  # noqa: E402
from solvers import skyscrapers as sky  # noqa: E402
from solvers.base import rng_for  # noqa: E402

BENCH = REPO.parent / "shared" / "benchmarks" / "skyscrapers.json"


def walk(puzzle: sky.Puzzle, notes: bool = True, record: list[dict] | None = None) -> tuple[Counter, int, list[float]]:
    """(technique counts, wrong steps, CPU seconds per hint) of one hint walk with full pencil marks (or without
    notes: then each hint chains the steps up to a placement); `record` gets every hint request."""
    n, obj = puzzle.n, puzzle.to_json()
    sol = sky.solutions(puzzle, 2)[0]
    state = [[0] * n for _ in range(n)]
    for r, c, v in puzzle.givens:
        state[r][c] = v
    pencil = [[sky.DIGITS[:n]] * n for _ in range(n)]
    counts, wrong, times = Counter(), 0, []
    sky.techniques._steps.clear()  # cold: no step remembered from rating the puzzle (generated puzzles would hit)
    while True:
        request = {**obj, "state": state, **({"pencil": pencil} if notes else {})}
        if record is not None:
            record.append(json.loads(json.dumps(request)))
        start = time.process_time()
        h = commands.run(sky.FAMILY, "hint", request)
        times.append(time.process_time() - start)
        if h["technique"] == "Solved":
            return counts, wrong, times
        counts[h["technique"]] += 1
        if "place" in h["move"]:
            for r, c, v in h.get("places", [h["move"]["place"]]):  # a clue N places its whole line at once
                wrong += sol[r][c] != v
                state[r][c] = v
        else:
            for r, c, v in h["move"]["eliminate"]:
                wrong += sol[r][c] == v
                pencil[r][c] = pencil[r][c].replace(sky.DIGITS[v - 1], "")


def table(title: str, header: list[str], rows: list[list[object]]) -> None:
    """Print a Markdown table."""
    print(f"\n### {title}\n")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(str(x) for x in row) + " |")


def summarise(name: str, puzzles: list[sky.Puzzle], totals: Counter, notes: bool = True) -> list[object]:
    """One row: puzzles, finished by logic, wrong steps, guesses, forcing steps, hints, mean/max ms per hint."""
    logic = wrong = guesses = forcing = 0
    times: list[float] = []
    for puzzle in puzzles:
        counts, bad, t = walk(puzzle, notes)
        totals.update(counts if notes else {})
        logic += not counts["Guessing"]
        guesses += counts["Guessing"]
        forcing += counts["Forcing chain"] + counts["Forcing net"]
        wrong += bad
        times += t
    return [name, len(puzzles), f"{logic}/{len(puzzles)}", wrong, guesses, forcing, len(times),
            f"{1000 * statistics.mean(times):.1f}", f"{1000 * max(times):.0f}"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--sizes", default="4,5,6,7,8,9")
    ap.add_argument("--tatham", action="append", default=[], help="a file of Towers game IDs")
    args = ap.parse_args()
    header = ["set", "puzzles", "by logic", "wrong steps", "guesses", "forcing steps", "hints", "mean CPU ms/hint",
              "max CPU ms/hint"]
    rows, totals = [], Counter()
    if BENCH.exists():
        public = [sky.make_puzzle(i["n"], i["clues"], i.get("givens") or [])
                  for i in json.loads(BENCH.read_text())["instances"]]
        rows.append(summarise("public 40", public, totals))
    bare = []  # the hardest sets again without notes
    for name, keep in (("Extreme", True), ("Unreasonable", False)):
        ids = [t for t in TATHAM if (t in TATHAM_EXTREME) == keep]
        rows.append(summarise(f"Tatham {name} (test IDs)", [tatham(t) for t in ids], totals))
        bare.append(summarise(f"Tatham {name} (test IDs)", [tatham(t) for t in ids], totals, False))
    for path in args.tatham:
        ids = [line.strip() for line in Path(path).read_text().splitlines() if line.strip()]
        rows.append(summarise(f"Tatham {Path(path).name}", [tatham(t) for t in ids], totals))
    gen_rows = []
    for n in (int(x) for x in args.sizes.split(",")):
        for level in range(sky.max_grade(n) + 1):
            made, secs = [], []
            for seed in range(args.seeds):
                start = time.perf_counter()
                made.append(sky.generate(rng_for(seed, "bench-hints", level, n), level, n)[0])
                secs.append(time.perf_counter() - start)
            scores = [sky.rate(p).score for p in made]
            gen_rows.append([f"{n}x{n}", sky.GRADES[level], len(made), f"{statistics.median(secs):.2f}",
                             f"{max(secs):.2f}", f"{statistics.mean(scores):.0f}"])
            rows.append(summarise(f"generated {n}x{n} {sky.GRADES[level]}", made, totals))
            if level == sky.EXTREME:
                bare.append(summarise(f"generated {n}x{n} {sky.GRADES[level]}", made, totals, False))
    table("Hint walks (full pencil marks; CPython CPU time)", header, rows)
    table("Hint walks without notes (each hint chained to a placement; CPython CPU time)", header, bare)
    table("Generation per grade (s, CPython)", ["size", "grade", "puzzles", "median s", "max s", "mean score"],
          gen_rows)
    table("Techniques used", ["technique", "grade", "score", "hints"],
          [[t, sky.GRADES[sky.LEVELS[t]], sky.SCORES[t], totals[t]] for t in sky.TECHNIQUE_NAMES])
    return 0


if __name__ == "__main__":
    sys.exit(main())
