"""Pieces for the batch tests, importable by Dask workers started with this folder on PYTHONPATH."""

from __future__ import annotations

import os
import time
from pathlib import Path

STALL = 120.0  # seconds the first run of the stalling piece waits to be killed


def stall_once(piece: tuple[int, str]) -> int:
    """x*x; the first run of piece 2 (no earlier start by another process in `marker_dir`) waits to be killed and
    fails if it is not, so the job can only finish by Dask running the piece again on another worker process."""
    x, marker_dir = piece
    marks = Path(marker_dir)
    earlier = [m for m in marks.glob(f"started-{x}-*") if m.name != f"started-{x}-{os.getpid()}"]
    (marks / f"started-{x}-{os.getpid()}").write_text(str(os.getpid()))
    if x == 2 and not earlier:
        time.sleep(STALL)
        raise RuntimeError("the stalled piece was not killed")
    return x * x
