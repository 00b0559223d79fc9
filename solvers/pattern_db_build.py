"""Sliding puzzle: build the additive pattern databases on the host (numpy; the build and test fixtures only).

A pattern database stores, for every placement of a few tiles, the fewest moves OF THOSE
TILES needed to bring them home (other tiles are indistinct, their moves are free), so the
values of disjoint patterns add up to an admissible heuristic. Each pattern is explored by
a breadth-first search in numpy layers over (tile positions, the region the blank can reach),
so the free moves cost no search at all (`pattern_distances`); `reference_table` is a plain
0-1 breadth-first search over (blank, tile positions) in Python for small boards (a cross-check).
The solvers only read the files, with `solvers.pattern_db`. Limits: boards of at most 25 cells
(a region is a 32-bit mask); a 5-tile 5x5 pattern: 6.4 M placements, about 5 s of one core and
0.25 GB; the 4x4 6-6-3 and 5x5 5-5-5-5-4 sets about 60 s of CPU, a third of it zlib at level 9
(the builder before this one, searching every blank cell, took about 4 minutes; the same bytes).
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


def _spread(width: int, height: int) -> Any:
    """A function giving a set of cells (a bit mask per entry) with every orthogonal neighbour of its cells added."""
    n = width * height
    full = (1 << n) - 1
    not_first = full & ~sum(1 << (r * width) for r in range(height))  # cells not in the first column
    not_last = full & ~sum(1 << (r * width + width - 1) for r in range(height))

    def spread(cells: Any) -> Any:
        return cells | ((cells << 1) & not_first) | ((cells >> 1) & not_last) | ((cells << width) & full) | (
            cells >> width)
    return spread


def _distinct(keys: Any) -> Any:
    """The keys sorted, each once (a sort: numpy's hash-based unique is several times slower here)."""
    import numpy as np

    keys.sort()
    return keys[np.concatenate(([True], keys[1:] != keys[:-1]))] if keys.size else keys


def _regions(seeds: Any, free: Any, spread: Any) -> Any:
    """The connected region of `free` cells holding each seed cell (masks), grown one step at a time; only the
    entries still growing are worked on."""
    import numpy as np

    region = seeds.copy()
    todo = np.arange(region.size)
    current, room = region, free
    while todo.size:  # two steps between looking which entries still grow (the looking costs more than a step)
        grown = spread(spread(current) & room) & room
        growing = grown != current
        region[todo] = grown
        todo, current, room = todo[growing], grown[growing], room[growing]
    return region


def pattern_distances(width: int, height: int, tiles: tuple[int, ...]) -> Any:
    """Additive distances (uint8, 255 = impossible placement) indexed by sum(pos_i * N**i).

    A breadth-first search over (placement of the pattern's tiles, the region of free cells the blank can reach
    without moving a pattern tile): moves of other tiles are free, so each such region is one state, and every
    edge (a pattern tile slides into a cell of the blank's region) costs one move. A layer is a numpy array of
    states; a placement's distance is the layer that first reaches it. Visited regions are kept as a bit mask per
    placement (a region holds the cell a move's blank lands on: one bit says whether that region was seen)."""
    import numpy as np

    n = width * height
    k = len(tiles)
    if n > 25 or k > (7 if n <= 16 else 5):
        raise ValueError("pattern databases are built for boards of at most 25 cells (at most 7 tiles on 16 "
                         "cells, 5 beyond)")
    full = (1 << n) - 1
    power = [n**i for i in range(k)]
    spread = _spread(width, height)
    steps = [(d, np.array([1 << (cell + d) if 0 <= cell // width + dr < height and 0 <= cell % width + dc < width
                           else 0 for cell in range(n)], dtype=np.int32))  # per cell: the cell beside it, as a bit
             for d, dr, dc in ((-width, -1, 0), (width, 1, 0), (-1, 0, -1), (1, 0, 1))]
    seen = np.zeros(n**k, dtype=np.int32)  # per placement: the cells of the regions reached
    dist = np.full(n**k, 255, dtype=np.uint8)
    start = np.array([sum((t - 1) * w for t, w in zip(tiles, power, strict=True))], dtype=np.int32)
    home = np.array([sum(1 << (t - 1) for t in tiles)], dtype=np.int32)
    region = _regions(np.array([1 << (n - 1)], dtype=np.int32), full & ~home, spread)
    seen[start] = region
    dist[start] = 0
    placements, depth = start, 0
    while True:
        depth += 1
        found = []
        for w in power:
            cell = (placements // w) % n
            for delta, beside in steps:
                at = np.flatnonzero(region & beside[cell])  # the blank can reach the cell the tile slides into
                moved, blank = placements[at] + delta * w, cell[at]  # the blank: where the tile was
                found.append(((moved << 5) | blank)[((seen[moved] >> blank) & 1) == 0])
        key = _distinct(np.concatenate(found))  # each (placement, blank) not seen once, by placement
        moved, blank = key >> 5, key & 31
        layer, regions = [], []
        while moved.size:  # each placement's first blank: its region; its other blanks out of that region: again
            first = np.concatenate(([True], moved[1:] != moved[:-1]))
            at = moved[first]
            occupied = np.zeros(at.size, dtype=np.int32)
            for w in power:
                occupied |= np.int32(1) << ((at // w) % n)
            region = _regions(np.int32(1) << blank[first], full & ~occupied, spread)
            seen[at] |= region
            dist[at[dist[at] == 255]] = depth
            layer.append(at)
            regions.append(region)
            rest = ((region[np.cumsum(first, dtype=np.int32) - 1] >> blank) & 1) == 0
            moved, blank = moved[rest], blank[rest]
        if not layer:
            break
        placements, region = np.concatenate(layer), np.concatenate(regions)
    return dist


def encode(width: int, height: int, tiles: tuple[int, ...], dist: Any) -> bytes:
    """Pack (distance - pattern Manhattan) / 2 as 4-bit entries, zlib-compressed: byte i holds entry i in its low
    nibble and entry i + half in its high one (half = the entries rounded up to even, halved)."""
    import numpy as np

    cells = np.arange(width * height)
    md = np.zeros(1, dtype=np.int16)  # the pattern's Manhattan distance per index: a sum over the tiles' digits,
    for t in reversed(tiles):  # the last tile's the slowest (no division of every index)
        md = np.add.outer(md, np.abs(cells // width - (t - 1) // width) + np.abs(cells % width - (t - 1) % width)
                          ).ravel().astype(np.int16)
    valid = dist != 255
    diff = dist.astype(np.int16) - md
    if (diff[valid] < 0).any() or (diff[valid] % 2).any() or diff[valid].max() > 2 * 15:
        raise ValueError(f"pattern {tiles}: distances do not fit the 4-bit Manhattan-offset encoding")
    extra = np.where(valid, diff // 2, 0).astype(np.uint8)
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


def _heap_for_numpy() -> None:
    """Undo, in a Dask worker, glibc's setting Dask starts it with (MALLOC_TRIM_THRESHOLD_, which pins the mmap
    threshold at 128 kB): every numpy temporary was then mapped and zeroed afresh, and a table took up to 8 times as
    long. Blocks under 32 MB come from the heap again, kept when freed (glibc only; elsewhere nothing changes)."""
    import ctypes

    if "MALLOC_TRIM_THRESHOLD_" not in os.environ:
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return
    libc.mallopt(-3, 32 << 20)  # M_MMAP_THRESHOLD
    libc.mallopt(-1, 256 << 20)  # M_TRIM_THRESHOLD


def _table(piece: tuple[int, int, tuple[int, ...]]) -> tuple[bytes, int]:
    """One pattern's table file and its largest distance (a batch piece)."""
    _heap_for_numpy()
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
            print("building the sliding puzzle's pattern databases (4x4 and 5x5: under a minute, once)...", flush=True)
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
