"""Sliding puzzle: additive disjoint pattern databases, loaded in pure Python.

The tiles are split into disjoint patterns; a pattern's table gives the fewest moves of
its own tiles that bring them home, so the tables' values add up to an admissible
heuristic (Korf and Felner). Tables are indexed by sum(position_i * N**i) over the
pattern's tiles and store (distance - Manhattan distance of those tiles) / 2, so the
heuristic is Manhattan + 2 * the sum of the stored values; the transposed board gives a
second lookup for free ("reflection"), the maximum of the two is kept.

Files (built on the host by `solvers.pdb_build`): `sliding-WxH.json` lists the patterns
and their files; each file is zlib-compressed 4-bit entries. Small boards (<= 9 cells)
are built here at first use. Limits: boards of at most 16 cells.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from collections import deque
from pathlib import Path

FORMAT = "tessera-pdb-1"

# (width, height) -> the disjoint patterns (tile numbers, goal = 1..N-1 then the blank).
DEFAULT_PARTITIONS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (4, 4): ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4)),
}
SMALL_PARTITIONS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (3, 3): ((1, 2, 3, 4, 7), (5, 6, 8)),  # the study's 8-puzzle example partition
}

_data_dir: Path | None = None
_loaded: dict[tuple[int, int], PatternDatabase | None] = {}

_LOW = bytes(b & 15 for b in range(256))
_HIGH = bytes(b >> 4 for b in range(256))


def manifest_name(width: int, height: int) -> str:
    """The manifest's file name for a board size."""
    return f"sliding-{width}x{height}.json"


def pattern_file_name(width: int, height: int, tiles: tuple[int, ...]) -> str:
    """The table file's name for one pattern."""
    return f"sliding-{width}x{height}-{'-'.join(map(str, tiles))}.pdb"


def set_data_dir(path: str | Path | None) -> None:
    """Read pattern databases from this directory (None: $TESSERA_DATA or the cache)."""
    global _data_dir
    _data_dir = Path(path) if path is not None else None
    _loaded.clear()


def data_dirs() -> list[Path]:
    """Directories searched for pattern databases, in order."""
    dirs = []
    if _data_dir is not None:
        dirs.append(_data_dir)
    if os.environ.get("TESSERA_DATA"):
        dirs.append(Path(os.environ["TESSERA_DATA"]))
    dirs.append(cache_dir())
    return dirs


def cache_dir() -> Path:
    """Where CPython builds the databases when no built files are found."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tessera" / "sliding"


def unpack(data: bytes) -> bytearray:
    """Decompress a table file into one byte per entry."""
    raw = zlib.decompress(data)
    table = bytearray(2 * len(raw))
    table[0::2] = raw.translate(_LOW)
    table[1::2] = raw.translate(_HIGH)
    return table


class PatternDatabase:
    """Additive disjoint pattern databases for one board size, with the reflected lookup."""

    def __init__(self, width: int, height: int, patterns: tuple[tuple[int, ...], ...],
                 tables: list[bytearray]) -> None:
        n = width * height
        if sorted(t for p in patterns for t in p) != list(range(1, n)):
            raise ValueError("the patterns must split the tiles 1..N-1")
        self.width, self.height, self.patterns, self.tables = width, height, patterns, tables
        self.slot: list[tuple[int, int]] = [(0, 0)] * n  # tile -> (pattern, N**position in pattern)
        for p, tiles in enumerate(patterns):
            for i, t in enumerate(tiles):
                self.slot[t] = (p, n**i)
        # Reflection: transpose the board; tile t's image is the tile whose goal is t's goal transposed.
        self.reflects = width == height
        self.mirror_cell = [(c % width) * width + c // width for c in range(n)] if self.reflects else []
        self.mirror_tile = [0] + [self.mirror_cell[t - 1] + 1 for t in range(1, n)] if self.reflects else []
        reflected = {tuple(sorted(self.mirror_tile[t] for t in p)) for p in patterns} if self.reflects else set()
        self.reflects = self.reflects and reflected != {tuple(sorted(p)) for p in patterns}
        # Tile t at cell c contributes to the reflected lookup as tile mirror_tile[t] at mirror_cell[c].
        self.mirror_slot: list[tuple[int, int]] = [self.slot[self.mirror_tile[t]] if t else (0, 0)
                                                   for t in range(n)] if self.reflects else []

    def indices(self, board: list[int]) -> list[int]:
        """Each pattern's table index for a board (cell -> tile)."""
        idx = [0] * len(self.patterns)
        for cell, t in enumerate(board):
            if t:
                p, w = self.slot[t]
                idx[p] += cell * w
        return idx

    def mirror_indices(self, board: list[int]) -> list[int]:
        """Each pattern's table index for the transposed board."""
        idx = [0] * len(self.patterns)
        for cell, t in enumerate(board):
            if t:
                p, w = self.mirror_slot[t]
                idx[p] += self.mirror_cell[cell] * w
        return idx

    def extra(self, board: list[int]) -> int:
        """The heuristic minus Manhattan, halved: max over the direct and reflected lookups."""
        direct = sum(table[i] for table, i in zip(self.tables, self.indices(board), strict=True))
        if not self.reflects:
            return direct
        mirrored = sum(table[i] for table, i in zip(self.tables, self.mirror_indices(board), strict=True))
        return max(direct, mirrored)


def tile_distance(width: int, tile: int, cell: int) -> int:
    """Manhattan distance from a cell to a tile's goal cell."""
    goal = tile - 1
    return abs(goal // width - cell // width) + abs(goal % width - cell % width)


def build_small(width: int, height: int, tiles: tuple[int, ...]) -> bytearray:
    """One pattern table by a pure-Python 0-1 breadth-first search (small boards only)."""
    n = width * height
    k = len(tiles)
    neighbours = [[c + d for d, ok in ((-width, c >= width), (width, c < n - width),
                                       (-1, c % width > 0), (1, c % width < width - 1)) if ok] for c in range(n)]
    weight = [n ** (i + 1) for i in range(k)]
    size = n ** (k + 1)
    seen = bytearray(size)
    table = bytearray(b"\xff") * (n**k)
    start = (n - 1) + sum((t - 1) * w for t, w in zip(tiles, weight, strict=True))
    seen[start] = 1
    frontier = [start]
    depth = 0
    while frontier:
        pending = []
        queue = deque(frontier)
        while queue:
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
    # Store as Manhattan offsets, like the files.
    for idx in range(n**k):
        if table[idx] != 255:
            md = sum(tile_distance(width, t, (idx // n**i) % n) for i, t in enumerate(tiles))
            table[idx] = (table[idx] - md) // 2
        else:
            table[idx] = 0
    return table


def _read(directory: Path, width: int, height: int) -> PatternDatabase | None:
    """The databases described by a manifest in `directory`, or None when absent."""
    path = directory / manifest_name(width, height)
    if not path.is_file():
        return None
    manifest = json.loads(path.read_text())
    if manifest.get("format") != FORMAT:
        return None
    patterns = tuple(tuple(p["tiles"]) for p in manifest["patterns"])
    n = width * height
    tables = [unpack((directory / p["file"]).read_bytes())[:n ** len(p["tiles"])] for p in manifest["patterns"]]
    return PatternDatabase(width, height, patterns, tables)


def _can_build() -> bool:
    """True on a host that can build the large tables (CPython with numpy)."""
    if sys.platform == "emscripten":
        return False
    try:
        import numpy  # noqa: F401
    except ImportError:
        return False
    return True


def database(width: int, height: int) -> PatternDatabase | None:
    """The pattern databases for a board size, loaded once; None when unavailable."""
    key = (width, height)
    if key in _loaded:
        return _loaded[key]
    found: PatternDatabase | None = None
    if key in SMALL_PARTITIONS:
        patterns = SMALL_PARTITIONS[key]
        found = PatternDatabase(width, height, patterns, [build_small(width, height, p) for p in patterns])
    elif key in DEFAULT_PARTITIONS:
        for directory in data_dirs():
            found = _read(directory, width, height)
            if found:
                break
        if found is None and _can_build():
            from .pdb_build import build_databases

            build_databases(cache_dir(), {key: DEFAULT_PARTITIONS[key]})
            found = _read(cache_dir(), width, height)
    _loaded[key] = found
    return found
