"""Hint benchmark (Sudoku half): walk the hints to the end and count what explained logic finishes.

Run: `.venv/bin/python bench/hints.py [--sets top95,hardest,royle17,bank] [--royle N] [--bank N] [--grades K]
[--skip-walk]`. The set `bank` is a seeded sample of the 12x12 and 16x16 banks' Expert and Diabolical puzzles
(`--bank` of each), their solutions found by the search. For each set: apply every hint (place or eliminate,
keeping the notes a player would keep), ask again, and check each hint against the listed solution (never a
wrong digit, never a true candidate removed); a puzzle counts as finished by logic when no hint said "Trial and
error". Prints the share finished, per-technique counts, and mean/max seconds per hint (CPython; the browser
worker is about 2x slower), then generation time and grade checks for every grade of every size (`--grades`
seeds each).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from solvers import sudoku as S  # noqa: E402
from solvers.base import rng_for  # noqa: E402
from solvers.latin import bit, candidates  # noqa: E402
from solvers.sudoku import play  # noqa: E402
from solvers.sudoku import techniques as T  # noqa: E402

BENCH = REPO.parent / "shared" / "benchmarks"
FILES = {"top95": "sudoku_top95", "hardest": "sudoku_hardest", "royle17": "sudoku_royle17_first1000"}


def load(name: str, limit: int | None = None) -> list[tuple[str, str]]:
    """(puzzle, solution) pairs of a benchmark set (`limit`: the first ones, or for the bank, each sample's size)."""
    if name == "bank":
        return load_bank(limit or 5)
    out = []
    for line in (BENCH / f"{FILES[name]}_solutions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            p, s = line.split()
            out.append((p, s))
    return out[:limit]


def load_bank(per: int) -> list[tuple[str, str]]:
    """(puzzle, solution) texts of `per` banked puzzles of each of Expert and Diabolical on 12x12 and 16x16."""
    from solvers.sudoku import bank

    out = []
    for size in (12, 16):
        for grade in (3, 4):
            for entry in rng_for("bench-hints-bank", size, grade).sample(bank.of_grade(size, grade), per):
                p = entry.puzzle
                out.append((S.format(p), S.format(S.Puzzle(p.box, S.solve(p)))))
    return out


def walk(puzzle_text: str, solution_text: str) -> tuple[bool, Counter, list[float], list[str]]:
    """Hints applied until solved: (no trial and error, technique counts, seconds per hint, errors)."""
    puzzle = S.parse(puzzle_text)
    truth = S.parse(solution_text).givens
    n = puzzle.n
    values = list(puzzle.givens)
    notes = candidates(puzzle.geometry, values)
    counts: Counter = Counter()
    times: list[float] = []
    errors: list[str] = []
    logic = True
    for _ in range(4 * n * n * n):
        state = play.State(tuple(values), tuple(0 if values[c] else notes[c] for c in range(n * n)))
        t = time.perf_counter()
        hint = play.next_step(puzzle, state, use_notes=True)
        times.append(time.perf_counter() - t)
        if hint.technique == "Solved":
            break
        counts[hint.technique] += 1
        logic &= hint.technique != "Trial and error"
        move = hint.move
        if "place" in move:
            r, c, v = move["place"]
            if truth[r * n + c] != v:
                errors.append(f"{hint.technique}: r{r + 1}c{c + 1}={v} is wrong")
                break
            values[r * n + c] = v
            for p in puzzle.geometry.peers[r * n + c]:
                notes[p] &= ~bit(v)
        elif "eliminate" in move:
            for r, c, v in move["eliminate"]:
                if truth[r * n + c] == v:
                    errors.append(f"{hint.technique}: removed the true {v} of r{r + 1}c{c + 1}")
                notes[r * n + c] &= ~bit(v)
            if errors:
                break
        else:
            errors.append(f"unexpected hint {hint.technique}")
            break
    return logic and not errors and all(values), counts, times, errors


def bench_set(name: str, limit: int | None) -> None:
    """Walk a benchmark set and print its row and technique counts."""
    pairs = load(name, limit)
    finished, total_counts, all_times, bad = 0, Counter(), [], 0
    t0 = time.perf_counter()
    for puzzle, solution in pairs:
        ok, counts, times, errors = walk(puzzle, solution)
        finished += ok
        total_counts.update(counts)
        all_times += times
        bad += len(errors)
        for e in errors:
            print(f"  WRONG in {puzzle}: {e}")
    secs = time.perf_counter() - t0
    print(f"{name:>8}: {finished}/{len(pairs)} finished by explained logic; {sum(total_counts.values())} hints, "
          f"{total_counts['Trial and error']} trial and error, {bad} wrong; per hint mean "
          f"{statistics.mean(all_times) * 1e3:.1f} ms, median {statistics.median(all_times) * 1e3:.1f} ms, "
          f"p95 {sorted(all_times)[int(0.95 * len(all_times))] * 1e3:.0f} ms, max {max(all_times):.2f} s "
          f"({secs:.0f} s in all)")
    print("          " + ", ".join(f"{k} {v}" for k, v in total_counts.most_common()))


def bench_generation(seeds: int) -> None:
    """Generation time per grade and size, each puzzle re-graded and checked unique."""
    print(f"\nGeneration (unique, graded by the ladder and score bands), {seeds} seeds per grade")
    print(f"{'size':>5} {'grade asked':12} {'median s':>9} {'max s':>8} {'got':>24} {'score median':>13}")
    for size in (4, 6, 9, 12, 16):
        for grade in range(len(S.GRADES)):
            times, got, scores = [], Counter(), []
            for seed in range(seeds):
                t = time.perf_counter()
                puzzle, level = S.generate(rng_for(seed, "bench-hints", grade), grade, size)
                times.append(time.perf_counter() - t)
                assert S.count_solutions(puzzle, 2) == 1
                path = T.solve_path(puzzle)
                assert T.grade_of_path(path, size * size) == level
                got[S.GRADES[level]] += 1
                scores.append(path.score)
            print(f"{size:>5} {S.GRADES[grade]:12} {statistics.median(times):9.2f} {max(times):8.2f} "
                  f"{', '.join(f'{k} {v}' for k, v in got.items()):>24} {statistics.median(scores):13.0f}")


def main() -> None:
    """Print the tables."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default="top95,hardest,royle17,bank")
    ap.add_argument("--royle", type=int, default=1000, help="puzzles of the Royle 17-clue set to walk")
    ap.add_argument("--bank", type=int, default=5, help="banked puzzles of each big grade and size to walk")
    ap.add_argument("--grades", type=int, default=3, help="seeds per grade for the generation table (0 = skip)")
    ap.add_argument("--skip-walk", action="store_true")
    args = ap.parse_args()
    if not args.skip_walk:
        print("Sudoku hints walked to the end (CPython; the browser worker is about 2x slower)")
        for name in args.sets.split(","):
            bench_set(name, {"royle17": args.royle, "bank": args.bank}.get(name))
    if args.grades:
        bench_generation(args.grades)


if __name__ == "__main__":
    main()

