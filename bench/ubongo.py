"""Benchmark: Ubongo 3D on the 144 family cards (which piece sets fill each, solving, counting,
rating) and card generation per level, against the reference study's generation times.

CPU seconds of this process. The baseline in the same run builds a fresh exact cover
matrix for every piece set, where the solver shares one matrix per footprint.

    .venv/bin/python bench/ubongo.py [--seeds 20]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from table import print_rows

from solvers import ubongo as u
from solvers.exactcover import ExactCover

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks" / "ubongo3d.json"
REFERENCE_MEAN = {1: 0.54, 2: 0.91, 3: 8.2, 4: 154.7}  # seconds per generated card (REFERENCES.md #3)


def cpu(fn: Callable[[], Any]) -> tuple[Any, float]:
    """(result, CPU seconds) of one call."""
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def subsets_fresh_matrices(footprint: list[tuple[int, int]]) -> list[tuple[str, ...]]:
    """Baseline: the filling piece sets, one newly built matrix per candidate set."""
    b = u.Board(tuple(sorted(footprint)), u.HEIGHT)  # uncached placements
    out = []
    for k in range(1, len(b.ids) + 1):
        for subset in combinations(b.ids, k):
            if u.volume(subset) != len(b.cubes):
                continue
            opts = [(pl.piece, *pl.cubes) for pl in b.placements if pl.piece in subset]
            if opts and ExactCover(opts, primary=[*b.cubes, *subset]).solvable():
                out.append(subset)
    return out


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="cards generated per level")
    args = parser.parse_args()
    rows: list[tuple[str, str]] = []
    if DATA.exists():
        family = json.loads(DATA.read_text())["ubongo3d_family"]["cards"]
        cards = [[tuple(s) for s in c["footprint_rc"]] for c in family]
        base_subsets, base = cpu(lambda: [subsets_fresh_matrices(fp) for fp in cards])
        u.board.cache_clear()
        subsets, secs = cpu(lambda: [u.fill_subsets(fp) for fp in cards])
        assert [sorted(s) for s in subsets] == [sorted(s) for s in base_subsets]
        pairs = [(fp, s) for fp, ss in zip(cards, subsets, strict=True) for s in ss]
        rows.append((f"fill subsets, {len(cards)} cards, fresh matrix per set (baseline)",
                     f"{base:.2f} s, {base / len(cards) * 1000:.1f} ms/card (1.00x)"))
        rows.append((f"fill subsets, {len(cards)} cards, one matrix per footprint",
                     f"{secs:.2f} s, {secs / len(cards) * 1000:.1f} ms/card ({secs / base:.2f}x)"))
        per: list[float] = []
        for fp, s in pairs:
            _, t = cpu(lambda fp=fp, s=s: u.solve(u.make_card(fp, 2, s)))
            per.append(t)
        rows.append((f"solve one card + piece set ({len(pairs)} pairs)",
                     f"median {statistics.median(per) * 1000:.2f} ms, max {max(per) * 1000:.1f} ms"))
        counts, secs = cpu(lambda: [len(u.distinct_solutions(u.make_card(fp, 2, s))) for fp, s in pairs])
        rows.append(("count distinct solutions, all pairs", f"{secs:.2f} s ({secs / len(pairs) * 1000:.2f} ms/pair); "
                     f"mean {statistics.fmean(counts):.2f}, max {max(counts)}"))
        ratings, secs = cpu(lambda: [u.rate(u.make_card(fp, 2, s)) for fp, s in pairs])
        rows.append(("rate (probability + level), all pairs", f"{secs:.2f} s ({secs / len(pairs) * 1000:.2f} ms/pair)"))
        share = [sum(r.level == lv for r in ratings) for lv in (1, 2, 3, 4)]
        rows.append(("  family pairs per level 1/2/3/4", " / ".join(f"{n} ({n / len(pairs):.0%})" for n in share)))
        _, secs = cpu(lambda: [u.hint(u.make_card(fp, 2, s), {}) for fp, s in pairs[:100]])
        rows.append(("hint on an empty card (100 pairs)", f"{secs / 100 * 1000:.2f} ms"))
    else:
        rows.append(("family cards", f"skipped: {DATA} is missing"))

    rows.append(("", ""))
    for kit in u.SETS:
        rows.append((f"generate, {kit} set ({len(u.SETS[kit])} pieces), {args.seeds} seeds per level (cold cache)",
                     "median / max CPU s, tries; reference mean"))
        for level in (1, 2, 3, 4):
            times, tries = [], []
            for seed in range(args.seeds):
                u.board.cache_clear()
                (_, _, n), t = cpu(lambda level=level, seed=seed, kit=kit: u.generate(level, seed, kit=kit))
                times.append(t)
                tries.append(n)
            med = statistics.median(times)
            rows.append((f"  level {level} ({u.DEFAULT_PIECES[level]} pieces)",
                         f"{med:.3f} / {max(times):.3f} s, {statistics.median(tries):g} footprints; "
                         f"ref {REFERENCE_MEAN[level]} s ({REFERENCE_MEAN[level] / med:,.0f}x)"))

    print_rows(f"Ubongo 3D benchmark, Python {sys.version.split()[0]}", rows)


if __name__ == "__main__":
    main()
