"""Sliding puzzle: build the additive pattern databases on the host (numpy; the build and test fixtures only).

A pattern database stores, for every placement of a few tiles, the fewest moves OF THOSE
TILES needed to bring them home (other tiles are indistinct, their moves are free), so the
values of disjoint patterns add up to an admissible heuristic. Each pattern is explored by
a 0-1 breadth-first search over (blank, tile positions) in numpy; `reference_table` does the
same in plain Python for small boards (a cross-check). The solvers only read the files, with
`solvers.pattern_db`. Limits: boards of at most 25 cells; up to 16 cells a key holds a digit per
nibble, beyond that base N (a 5-tile 5x5 pattern: 127 M states, about 40 s and 0.8 GB).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import zlib
from collections import deque
from pathlib import Path
from typing import Any

from .pattern_db import FORMAT, PARTITIONS, manifest_name, pattern_file_name, tile_distance


def _fresh(keys: Any, visited: Any) -> Any:
    """The distinct keys not yet visited, now marked visited."""
    import numpy as np

    keys = keys[~visited[keys]]
    keys.sort()
    if keys.size > 1:
        keys = keys[np.concatenate(([True], keys[1:] != keys[:-1]))]
    visited[keys] = True
    return keys


def pattern_distances(width: int, height: int, tiles: tuple[int, ...]) -> Any:
    """Additive distances (uint8, 255 = impossible placement) indexed by sum(pos_i * N**i)."""
    import numpy as np

    n = width * height
    k = len(tiles)
    if n > 25 or k > (7 if n <= 16 else 5):
        raise ValueError("pattern databases are built for boards of at most 25 cells (at most 7 tiles on 16 "
                         "cells, 5 beyond)")
    # search key: one digit per cell number, the blank's the lowest, tile i's digit i + 1; base 16 (shifts) up to
    # 16 cells, base N beyond (so the key without the blank's digit is already the table's index)
    base = 16 if n <= 16 else n
    shifted = base == 16

    def digit(keys: Any, i: int) -> Any:
        return (keys >> (4 * i)) & 15 if shifted else (keys // base**i) % base

    dtype = np.int32 if base ** (k + 1) < 2**31 else np.int64
    neighbours = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        table = np.full(base, -1, dtype=dtype)
        for cell in range(n):
            r, c = divmod(cell, width)
            if 0 <= r + dr < height and 0 <= c + dc < width:
                table[cell] = (r + dr) * width + c + dc
        neighbours.append(table)
    visited = np.zeros(base ** (k + 1), dtype=bool)
    dist = np.full(base**k, 255, dtype=np.uint8)
    start = (n - 1) + sum((t - 1) * base ** (i + 1) for i, t in enumerate(tiles))
    frontier = np.array([start], dtype=dtype)
    visited[frontier] = True
    depth = 0
    while frontier.size:
        layer = [frontier]
        pending: list[Any] = []
        current = frontier
        while current.size:  # closure under free (non-pattern) moves
            blank = digit(current, 0)
            pos = [digit(current, i + 1) for i in range(k)]
            free_next = []
            for table in neighbours:
                target = table[blank]
                ok = target >= 0
                occupant = np.full(current.size, -1, dtype=np.int8)
                for i in range(k):
                    occupant[pos[i] == target] = i
                free = ok & (occupant < 0)
                free_next.append(current[free] - blank[free] + target[free])
                for i in range(k):
                    sel = ok & (occupant == i)
                    if sel.any():
                        b, t = blank[sel], target[sel]
                        moved = current[sel] - b + t + (b - t) * base ** (i + 1)
                        pending.append(moved[~visited[moved]])
            current = _fresh(np.concatenate(free_next), visited)
            layer.append(current)
        states = np.concatenate(layer)
        states = states >> 4 if shifted else states // base
        fresh = dist[states] == 255
        dist[states[fresh]] = depth
        frontier = _fresh(np.concatenate(pending), visited) if pending else np.zeros(0, dtype=dtype)
        depth += 1
    del visited
    if base == n:
        return dist
    # re-index from nibbles to sum(pos_i * N**i)
    index = np.arange(dist.size, dtype=np.int64)
    digits = [(index >> (4 * i)) & 15 for i in range(k)]
    valid = np.all([d < n for d in digits], axis=0)
    out = np.full(n**k, 255, dtype=np.uint8)
    out[sum(d[valid] * n**i for i, d in enumerate(digits))] = dist[valid]
    return out


def encode(width: int, height: int, tiles: tuple[int, ...], dist: Any) -> bytes:
    """Pack (distance - pattern Manhattan) / 2 as 4-bit entries, zlib-compressed: byte i holds entry i in its low
    nibble and entry i + half in its high one (half = the entries rounded up to even, halved)."""
    import numpy as np

    n = width * height
    index = np.arange(dist.size, dtype=np.int64)
    md = np.zeros(dist.size, dtype=np.int64)
    for i, t in enumerate(tiles):
        cell = (index // n**i) % n
        md += np.abs(cell // width - (t - 1) // width) + np.abs(cell % width - (t - 1) % width)
    valid = dist != 255
    extra = np.zeros(dist.size, dtype=np.int64)
    diff = dist[valid].astype(np.int64) - md[valid]
    if (diff < 0).any() or (diff % 2).any() or diff.max() > 2 * 15:
        raise ValueError(f"pattern {tiles}: distances do not fit the 4-bit Manhattan-offset encoding")
    extra[valid] = diff // 2
    if extra.size % 2:
        extra = np.append(extra, 0)
    half = extra.size // 2
    packed = (extra[:half] | (extra[half:] << 4)).astype(np.uint8)
    return zlib.compress(packed.tobytes(), 9)


def _write_atomically(path: Path, data: bytes) -> None:
    """Write via a temporary file and rename, so a concurrent reader never sees half a file."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _table(piece: tuple[int, int, tuple[int, ...]]) -> tuple[bytes, int]:
    """One pattern's table file and its largest distance (a batch piece)."""
    width, height, tiles = piece
    dist = pattern_distances(width, height, tiles)
    return encode(width, height, tiles, dist), int(dist[dist != 255].max())


def build_databases(out_dir: Path, partitions: dict[tuple[int, int], tuple[tuple[int, ...], ...]] | None = None,
                    verbose: bool = False, workers: int | None = None) -> list[Path]:
    """Write the manifest and pattern files for each board size into out_dir; return their paths. Each table is a
    piece of one batch job (`batch.Batch`: `workers` local processes, every core by default), with a progress bar
    when `verbose`."""
    from .batch import Batch

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = partitions or PARTITIONS
    pieces = [(width, height, tiles) for (width, height), patterns in sizes.items() for tiles in patterns]
    with Batch(workers) as batch:
        made = dict(zip(pieces, batch.run(_table, pieces, label="pattern databases", unit="entries",
                                          size=lambda p: (p[0] * p[1]) ** len(p[2]), quiet=not verbose,
                                          note=lambda r: f"{len(r[0]):,} bytes"), strict=True))
    written: list[Path] = []
    for (width, height), patterns in sizes.items():
        entries = []
        for tiles in patterns:
            data, top = made[width, height, tiles]
            path = out_dir / pattern_file_name(width, height, tiles)
            _write_atomically(path, data)
            written.append(path)
            entries.append({"tiles": list(tiles), "file": path.name, "bytes": len(data), "max": top})
        manifest = {"format": FORMAT, "width": width, "height": height, "patterns": entries}
        path = out_dir / manifest_name(width, height)
        _write_atomically(path, (json.dumps(manifest, indent=1) + "\n").encode())
        written.append(path)
    return written


def built(cache: Path, verbose: bool = False) -> tuple[Path, list[str]]:
    """The directory under `cache` holding every size's files for this builder and format, built once.

    The directory's name carries a hash of this module and the reader's, so a change to either
    builds afresh; a `done` file lists the files once all are written.
    """
    here = Path(__file__).resolve().parent
    sources = b"".join((here / f).read_bytes() for f in ("pattern_db_build.py", "pattern_db.py"))
    target = Path(cache) / f"pattern-db-{hashlib.sha256(sources).hexdigest()[:16]}"
    done = target / "done"
    if not done.exists():
        if verbose:
            print("building the sliding puzzle's pattern databases (4x4 and 5x5: about 4 minutes, once)...", flush=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        shutil.rmtree(partial, ignore_errors=True)
        names = [p.name for p in build_databases(partial, verbose=verbose)]
        (partial / "done").write_text("\n".join(names) + "\n")
        try:
            os.replace(partial, target)  # another process may have finished first: keep its files
        except OSError:
            shutil.rmtree(partial, ignore_errors=True)
    return target, done.read_text().split()


def reference_table(width: int, height: int, tiles: tuple[int, ...]) -> bytearray:
    """One pattern's stored offsets by a plain-Python 0-1 breadth-first search (small boards: a cross-check)."""
    n = width * height
    k = len(tiles)
    neighbours = [[c + d for d, ok in ((-width, c >= width), (width, c < n - width),
                                       (-1, c % width > 0), (1, c % width < width - 1)) if ok] for c in range(n)]
    weight = [n ** (i + 1) for i in range(k)]
    seen = bytearray(n ** (k + 1))
    table = bytearray(b"\xff") * (n**k)
    start = (n - 1) + sum((t - 1) * w for t, w in zip(tiles, weight, strict=True))
    seen[start] = 1
    frontier = [start]
    depth = 0
    while frontier:
        pending = []
        queue = deque(frontier)
        while queue:  # moves of other tiles are free: same depth
            key = queue.popleft()
            if table[key // n] == 255:
                table[key // n] = depth
            blank = key % n
            where = {(key // w) % n: w for w in weight}
            for nb in neighbours[blank]:
                w = where.get(nb)
                nxt = key - blank + nb + ((blank - nb) * w if w else 0)
                if not seen[nxt]:
                    if w:
                        pending.append(nxt)
                    else:
                        seen[nxt] = 1
                        queue.append(nxt)
        frontier = []
        for key in pending:
            if not seen[key]:
                seen[key] = 1
                frontier.append(key)
        depth += 1
    for idx in range(n**k):  # stored as Manhattan offsets, like the files
        if table[idx] != 255:
            md = sum(tile_distance(width, t, (idx // n**i) % n) for i, t in enumerate(tiles))
            table[idx] = (table[idx] - md) // 2
        else:
            table[idx] = 0
    return table


if __name__ == "__main__":
    import sys

    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("dist/data")
    for p in build_databases(target, verbose=True):
        print(p, p.stat().st_size)
