"""Benchmark: Genius Square solving, counting, hints, generation and the new-dice search.

Prints one table of CPU seconds (this process; the new-dice search in wall seconds), with
counting ratios against plain enumeration in the same run. The full 62,208-roll count is
`python -m solvers genius stats`.

    .venv/bin/python bench/genius.py [--rolls 200] [--dice-tries 6]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table import print_rows

from solvers import commands
from solvers import genius as g
from solvers.base import Params


def cpu(fn: Callable[[], Any]) -> tuple[Any, float]:
    """(result, CPU seconds) of one call."""
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=200, help="rolls sampled for solve/count")
    parser.add_argument("--dice-tries", type=int, default=6, help="tries of the new-dice search")
    args = parser.parse_args()
    rolls = random.Random(1).sample(g.all_rolls(), args.rolls)
    g.problem()  # build the matrix outside the timings
    rows: list[tuple[str, str]] = []

    _, secs = cpu(lambda: [g.solve(r) for r in rolls])
    rows.append(("solve (first solution)", f"{secs / len(rolls) * 1000:.2f} ms/roll"))

    plain, base = cpu(lambda: [g.count_solutions(r, memo=False) for r in rolls])
    rows.append(("count, plain enumeration", f"{base / len(rolls) * 1000:.1f} ms/roll (1.00x)"))
    memo, secs = cpu(lambda: [g.count_solutions(r) for r in rolls])
    rows.append(("count, memo per roll", f"{secs / len(rolls) * 1000:.1f} ms/roll ({secs / base:.2f}x)"))
    shared: dict[int, int] = {}
    ordered = sorted(rolls)
    together, secs = cpu(lambda: [g.count_solutions(r, memo=shared) for r in ordered])
    rows.append(("count, one memo, sorted rolls", f"{secs / len(rolls) * 1000:.1f} ms/roll ({secs / base:.2f}x)"))
    assert plain == memo and sorted(zip(rolls, plain, strict=True)) == list(zip(ordered, together, strict=True))
    rows.append(("  mean solutions of the sample", f"{statistics.fmean(plain):,.0f}"))

    requests = [{"blockers": [g.cell_name(c) for c in r]} for r in rolls[:30]]
    _, secs = cpu(lambda: [commands.run(g.FAMILY, "hint", obj) for obj in requests])
    rows.append(("hint on an empty board", f"{secs / 30 * 1000:.0f} ms"))
    _, secs = cpu(lambda: [g.random_chance(r) for r in rolls[:10]])
    rows.append(("difficulty measure (chance)", f"{secs / 10 * 1000:.0f} ms"))
    for grade, (name, _) in enumerate(g.GRADE_BOUNDS):
        _, secs = cpu(lambda grade=grade: [g.FAMILY.generate(Params(grade), seed) for seed in range(5)])
        rows.append((f"generate {name}", f"{secs / 5 * 1000:.0f} ms"))

    dice, times = g.new_dice(7, args.dice_tries)
    kept = sum(a != b for a, b in zip(dice, [list(d) for d in g.DICE], strict=True))
    rows.append((f"new dice: {args.dice_tries} swap tries", f"{sum(times):.1f} s wall in all, the longest "
                 f"{max(times):.1f} s; {kept} dice changed"))

    print_rows(f"Genius Square, {len(rolls)} random rolls (CPU time)", rows)


if __name__ == "__main__":
    main()
