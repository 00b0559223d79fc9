"""Hint benchmark (Sudoku half): walk the hints to the end and count what explained logic finishes.

Run: `.venv/bin/python bench/hints.py [--sets top95,hardest,royle17,bank] [--royle N] [--bank N] [--grades K]
[--skip-walk] [--before] [--steps N] [--se N]`. The set `top1465hard` is 30 of top1465 (HARD_1465); `bank` is a
seeded sample of the 12x12 and 16x16 banks' Expert and Diabolical puzzles (`--bank` of each), their solutions found
by the search. For each set: apply every hint (place or eliminate, keeping the notes a player would keep), ask
again, and check each hint against the listed solution (never a wrong digit, never a true candidate removed); a
puzzle counts as finished by logic when no hint said "Trial and error". Prints the share finished, per-technique
counts, the share of forcing chains and nets among the hints past singles, mean/median/p95/p99/max seconds per hint
(CPython; the browser worker is about 2.3x slower: its own figures come from `bench/browser.py`), each set's
estimated Sudoku Explainer ratings (`solvers/logic/rating.py`), the estimate's agreement with published SE ratings
(`--se N`: the first N puzzles of `bench/data/sudoku_exchange_se.txt`, public domain, rated by Sukaku Explainer),
then generation time and grade checks for every grade of every size (`--grades` seeds each). `--before` walks each
set a second time first without the HoDoKu-reach rungs (NEW_RUNGS): the counts before and after, in one run.
`--steps N` lists every step (the `steps` command) at every Nth position of the walks, checks each listed step
against the solution and times the lists.
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
from solvers.logic.rating import se_estimate  # noqa: E402
from solvers.sudoku import play  # noqa: E402
from solvers.sudoku import techniques as T  # noqa: E402

BENCH = REPO.parent / "shared" / "benchmarks"
SE_SET = REPO / "bench" / "data" / "sudoku_exchange_se.txt"
FILES = {"top95": "sudoku_top95", "hardest": "sudoku_hardest", "royle17": "sudoku_royle17_first1000",
         "top1465hard": "sudoku_top1465"}
# top1465's hardest for our ladder: the first 30 whose path (before the NEW_RUNGS) needed forcing nets with the
# longest chains (our SE estimate 9.6, the set's highest); with hardest's 11, the SE 10-class puzzles we have
HARD_1465 = (1, 2, 76, 88, 112, 124, 129, 131, 180, 181, 186, 203, 204, 214, 223, 224, 231, 243, 245, 259, 273, 279,
             293, 318, 331, 355, 359, 368, 386, 387)
# the HoDoKu-reach rungs, the last ones added to the ladder: `--before` leaves them out (`--new` names others)
NEW_RUNGS = ("ALS-XY-chain", "Death blossom", "Unique rectangle types 5 and 6", "Hidden rectangle",
             "Avoidable rectangle", "BUG+n", "Nice loop", "Grouped nice loop", "Franken X-wing", "Franken swordfish",
             "Franken jellyfish", "Finned Franken X-wing", "Finned Franken swordfish", "Finned Franken jellyfish",
             "Mutant X-wing", "Mutant swordfish", "Mutant jellyfish", "Finned mutant X-wing", "Finned mutant swordfish",
             "Finned mutant jellyfish", "Kraken fish", "Template")
FORCING = ("Forcing chain", "Forcing net", "Nested forcing net")
SINGLES = ("Full house", "Naked single", "Hidden single")


def load(name: str, limit: int | None = None) -> list[tuple[str, str]]:
    """(puzzle, solution) pairs of a benchmark set (`limit`: the first ones, or for the bank, each sample's size)."""
    if name == "bank":
        return load_bank(limit or 5)
    out = []
    for line in (BENCH / f"{FILES[name]}_solutions.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            p, s = line.split()
            out.append((p, s))
    if name == "top1465hard":
        out = [out[i] for i in HARD_1465]
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


def bench_set(name: str, limit: int | None, label: str = "") -> None:
    """Walk a benchmark set and print its row, technique counts, share of forcing and SE estimates."""
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
    ordered = sorted(all_times)
    print(f"{name + label:>8}: {finished}/{len(pairs)} finished by explained logic; {sum(total_counts.values())} "
          f"hints, {total_counts['Trial and error']} trial and error, {bad} wrong; per hint mean "
          f"{statistics.mean(all_times) * 1e3:.1f} ms, median {statistics.median(all_times) * 1e3:.1f} ms, "
          f"p95 {ordered[int(0.95 * len(ordered))] * 1e3:.0f} ms, p99 {ordered[int(0.99 * len(ordered))] * 1e3:.0f} "
          f"ms, max {max(all_times):.2f} s ({secs:.0f} s in all)")
    past = sum(v for k, v in total_counts.items() if k not in SINGLES)
    forcing = sum(total_counts[k] for k in FORCING)
    print(f"          forcing chains and nets: {forcing} of {past} hints past singles "
          f"({100 * forcing / max(1, past):.1f}%)")
    print("          " + ", ".join(f"{k} {v}" for k, v in total_counts.most_common()))
    if not label:
        bench_se(pairs)


def bench_se(pairs: list[tuple[str, str]]) -> None:
    """The estimated SE ratings of a set's puzzles (from their grading paths)."""
    rated = []
    for puzzle, _ in pairs:
        path = T.solve_path(S.parse(puzzle))
        rated.append(se_estimate(step for step, _, _ in path.steps)[0] if path.solved else 11.9)
    print(f"          SE estimate: min {min(rated):.1f}, median {statistics.median(rated):.1f}, max {max(rated):.1f} "
          "(no published SE ratings for this set)")


def ranks(xs: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=xs.__getitem__)
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def bench_se_agreement(limit: int) -> None:
    """Our SE estimate against the published ratings of a rated set: exact, within 0.5, mean difference, and
    Spearman's rank correlation."""
    rows = [line.split() for line in SE_SET.read_text().splitlines() if line.strip() and not line.startswith("#")]
    ours, theirs = [], []
    t0 = time.perf_counter()
    for digits, rating in rows[:limit]:
        path = T.solve_path(S.parse(digits.replace("0", ".")))
        ours.append(se_estimate(step for step, _, _ in path.steps)[0] if path.solved else 11.9)
        theirs.append(float(rating))
    diffs = [a - b for a, b in zip(ours, theirs, strict=True)]
    exact = sum(abs(d) < 0.05 for d in diffs)
    near = sum(abs(d) <= 0.5 + 1e-9 for d in diffs)
    rho = statistics.correlation(ranks(ours), ranks(theirs)) if len(set(ours)) > 1 else float("nan")
    n = len(diffs)
    print(f"SE estimate against published SE ratings ({SE_SET.name}, {n} puzzles, published {min(theirs):.1f}.."
          f"{max(theirs):.1f}, {time.perf_counter() - t0:.0f} s)")
    print(f"  exact {exact} ({100 * exact / n:.0f}%), within 0.5: {near} ({100 * near / n:.0f}%), mean difference "
          f"{statistics.mean(diffs):+.2f}, mean absolute {statistics.mean(map(abs, diffs)):.2f}, Spearman rho "
          f"{rho:.2f}")
    by: dict[float, list[float]] = {}
    for a, b in zip(ours, theirs, strict=True):
        by.setdefault(b, []).append(a)
    print("  published -> our estimate (median, count): " + ", ".join(
        f"{b:.1f} -> {statistics.median(v):.1f} ({len(v)})" for b, v in sorted(by.items())))


def without(names: tuple[str, ...]) -> list:
    """Take the named rungs out of the classic ladder (in place); the rungs as they were, to put back."""
    kept = list(T.LADDER)
    T.LADDER[:] = [r for r in kept if r.name not in names]
    return kept


def bench_steps(name: str, stride: int) -> None:
    """The `steps` list at every `stride`-th position of the set's hint walks: time per list, steps listed, and every
    listed step checked against the solution."""
    times, listed, wrong, positions = [], 0, 0, 0
    for puzzle_text, solution_text in load(name):
        puzzle, truth = S.parse(puzzle_text), S.parse(solution_text).givens
        n = puzzle.n
        values = list(puzzle.givens)
        notes = candidates(puzzle.geometry, values)
        while True:
            state = play.State(tuple(values), tuple(0 if values[c] else notes[c] for c in range(n * n)))
            hint = play.next_step(puzzle, state, use_notes=True)
            if hint.technique == "Solved":
                break
            positions += 1
            if positions % stride == 1 or stride == 1:
                t = time.perf_counter()
                answer = play.all_steps(puzzle, state, use_notes=True)
                times.append(time.perf_counter() - t)
                listed += len(answer["steps"])
                for step in answer["steps"]:
                    move = step["move"]
                    cells = [move["place"]] if "place" in move else move["eliminate"]
                    wrong += sum(1 for r, c, v in cells if (truth[r * n + c] == v) != ("place" in move))
            for r, c, v in [hint.move["place"]] if "place" in hint.move else hint.move["eliminate"]:
                if "place" in hint.move:
                    values[r * n + c] = v
                    for p in puzzle.geometry.peers[r * n + c]:
                        notes[p] &= ~bit(v)
                else:
                    notes[r * n + c] &= ~bit(v)
    ordered = sorted(times)
    print(f"{name:>8} steps: {len(times)} positions listed (every {stride}th of {positions}), {listed} steps, "
          f"{wrong} wrong; per list mean {statistics.mean(times) * 1e3:.0f} ms, median "
          f"{statistics.median(times) * 1e3:.0f} ms, p99 {ordered[int(0.99 * len(ordered))] * 1e3:.0f} ms, max "
          f"{max(times):.2f} s")


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
    ap.add_argument("--before", action="store_true", help="walk each set first without NEW_RUNGS too")
    ap.add_argument("--new", default=",".join(NEW_RUNGS), help="the rungs --before leaves out (comma-separated names)")
    ap.add_argument("--steps", type=int, default=0, help="also list every step at every Nth position (0 = skip)")
    ap.add_argument("--se", type=int, default=160, help="puzzles of the SE-rated set to compare (0 = skip)")
    args = ap.parse_args()
    if args.se:
        bench_se_agreement(args.se)
    if not args.skip_walk:
        print("Sudoku hints walked to the end (CPython; the browser worker is about 2.3x slower)")
        for name in args.sets.split(","):
            limit = {"royle17": args.royle, "bank": args.bank}.get(name)
            if args.before:
                kept = without(tuple(args.new.split(",")))
                bench_set(name, limit, " before")
                T.LADDER[:] = kept
            bench_set(name, limit)
            if args.steps and name in FILES:
                bench_steps(name, args.steps)
    if args.grades:
        bench_generation(args.grades)


if __name__ == "__main__":
    main()

