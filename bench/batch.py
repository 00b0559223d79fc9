"""Benchmark: the batch jobs on Dask, by layout: 1 and 2 local workers, and a loopback cluster (`dask scheduler` +
2 `dask worker` processes on 127.0.0.1, as someone would start one by hand), checking that every layout writes the
same bytes.

Jobs: a 16x16 Sudoku bank over a fixed seed range (`bank_build`), and `genius stats` (all 62,208 rolls, or
`--rolls N` of them). Wall seconds, with the ratio against 1 local worker in the same run.

    .venv/bin/python bench/batch.py [--seeds 0 16] [--rolls 0]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers import batch
from solvers import genius as g
from solvers.sudoku import bank_build
from solvers.sudoku.bank import file_name


def bank(seeds: tuple[int, int], **where: object) -> bytes:
    """The 16x16 bank file of a seed range, built in a fresh directory."""
    with tempfile.TemporaryDirectory() as tmp:
        bank_build.build(16, *seeds, out=Path(tmp), quiet=True, **where)
        return (Path(tmp) / file_name(16)).read_bytes()


def stats(rolls: int, **where: object) -> bytes:
    """The solution count of every roll (or the first `rolls`), as text."""
    chosen = g.all_rolls()[:rolls or None]
    counts, _cpu = g.count_all_timed(chosen, quiet=True, **where)
    return "".join(f"{' '.join(map(g.cell_name, r))},{n}\n" for r, n in zip(chosen, counts, strict=True)).encode()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs=2, default=(0, 16), metavar=("START", "STOP"))
    ap.add_argument("--rolls", type=int, default=0, help="only the first N rolls (0: all 62,208)")
    args = ap.parse_args()
    jobs = {f"16x16 bank, seeds {args.seeds[0]}..{args.seeds[1] - 1}": lambda **w: bank(tuple(args.seeds), **w),
            f"genius stats, {args.rolls or len(g.all_rolls()):,} rolls": lambda **w: stats(args.rolls, **w)}
    rows = []
    with batch.loopback(2) as address:
        layouts = {"1 local worker": {"workers": 1}, "2 local workers": {"workers": 2},
                   "loopback scheduler + 2 workers": {"scheduler": address}}
        for job, fn in jobs.items():
            base, first = 0.0, None
            for layout, where in layouts.items():
                t0 = time.perf_counter()
                out = fn(**where)
                secs = time.perf_counter() - t0
                base = base or secs
                first = first or out
                rows.append((job, layout, secs, secs / base, hashlib.sha256(out).hexdigest()[:12], out == first))
    print(f"{'job':<28} {'layout':<31} {'wall s':>7} {'ratio':>6}  {'sha256':<12} same")
    for job, layout, secs, ratio, digest, same in rows:
        print(f"{job:<28} {layout:<31} {secs:>7.1f} {ratio:>6.2f}  {digest:<12} {'yes' if same else 'NO'}")
    if not all(row[-1] for row in rows):
        raise SystemExit("the layouts disagree")


if __name__ == "__main__":
    main()
