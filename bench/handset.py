"""Benchmark: hand-set Sudoku puzzles kept outside the repository (shared variant puzzles with their solutions).

    .venv/bin/python bench/handset.py PUZZLES.jsonl [more.jsonl ...] [--seconds 15] [--walk] [--names A B ...]

Each line of a file is {"name", "input", "solution"}: `input` is a solve input (as the CLI takes it) or
{"text": an f-puzzles / SudokuPad link or any text `sudoku import` reads}; `solution` the published grid as a string.
Per puzzle, through the CLI's own path (`commands.answer`, the budget of `--seconds`): opened (the input accepted),
solved and proved unique to the published solution (CPython seconds), and with `--walk` the hint walk from the givens
(apply each hint, ask again, each hint under the same budget): finished by named logic, wrong steps (must be 0), the
slowest hint. Prints a row per puzzle and the totals.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solvers import commands  # noqa: E402
from solvers.rules import latin  # noqa: E402

GUESSES = ("Trial and error",)


def ask(command: str, obj: dict, seconds: float) -> dict:
    """The CLI's answer to one input under a budget of `seconds`."""
    return list(commands.answer("sudoku", command, {**obj, "limit": {"seconds": seconds}}))[-1]


def walk(puzzle: dict, truth: str, seconds: float) -> tuple[str, int, int, float]:
    """(how the walk ended, steps, wrong steps, slowest hint s) of a hint walk from the givens."""
    n = int(len(truth) ** 0.5)
    state, pencil, steps, wrong, slowest = puzzle["grid"], None, 0, 0, 0.0
    for _ in range(n * n * 4):
        obj = {**puzzle, "state": state, **({"pencil": pencil} if pencil else {})}
        t = time.perf_counter()
        hint = ask("hint", obj, seconds)
        slowest = max(slowest, time.perf_counter() - t)
        if "error" in hint:
            return f"{hint.get('kind', 'error')}", steps, wrong, slowest
        if hint["technique"] == "Solved":
            return "by logic", steps, wrong, slowest
        if hint["technique"] in GUESSES:
            return "guessed", steps, wrong, slowest
        steps += 1
        move = hint["move"]
        if "place" in move:
            r, c, v = move["place"]
            wrong += truth[r * n + c] != latin.symbol(v)
        wrong += sum(truth[r * n + c] == latin.symbol(v) for r, c, v in move.get("eliminate", []))
        out = ask("apply", {**obj, "moves": [hint["stages"]["move"]]}, seconds)
        state, pencil = out["state"], out.get("pencil")
    return "no end", steps, wrong, slowest


def main() -> None:
    """Print the table."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--seconds", type=float, default=15.0, help="the budget of each solve and each hint")
    ap.add_argument("--walk", action="store_true", help="also walk each solved puzzle by hints")
    ap.add_argument("--names", nargs="+", help="only these puzzles")
    args = ap.parse_args()
    rows = [json.loads(line) for f in args.files for line in f.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r.get("input") is not None and (not args.names or r["name"] in args.names)]
    print(f"{'puzzle':36s} {'opened':>6s} {'solve s':>8s} {'solved':>10s}" +
          (f" {'walk':>11s} {'steps':>5s} {'wrong':>5s} {'slowest s':>9s}" if args.walk else ""))
    totals = {"puzzles": len(rows), "opened": 0, "solved": 0, "timeouts": 0, "walked": 0, "wrong": 0}
    for row in rows:
        inp = row["input"]
        if "text" in inp:
            inp = ask("import", inp, args.seconds)
        opened = "error" not in inp
        totals["opened"] += opened
        said, seconds, walked = "-", 0.0, None
        if opened:
            t = time.perf_counter()
            out = ask("solve", inp, args.seconds)
            seconds = time.perf_counter() - t
            got = out.get("solution")
            said = "same" if got == row["solution"] else out.get("kind", "different") if "error" in out else "different"
            totals["solved"] += said == "same"
            totals["timeouts"] += said == "timeout"
            if args.walk and said == "same":
                walked = walk(inp, row["solution"], args.seconds)
                totals["walked"] += walked[0] == "by logic"
                totals["wrong"] += walked[2]
        line = f"{row['name'][:36]:36s} {'yes' if opened else 'no':>6s} {seconds:8.2f} {said:>10s}"
        if walked is not None:
            line += f" {walked[0]:>11s} {walked[1]:5d} {walked[2]:5d} {walked[3]:9.2f}"
        print(line, flush=True)
    print(" ".join(f"{k} {v}" for k, v in totals.items()))


if __name__ == "__main__":
    main()
