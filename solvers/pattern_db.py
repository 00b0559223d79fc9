"""Sliding puzzle: additive disjoint pattern databases, their file format and a pure-Python reader.

The tiles are split into disjoint patterns; a pattern's table gives the fewest moves of
its own tiles that bring them home, so the tables' values add up to an admissible
heuristic (Korf and Felner). Tables are indexed by sum(position_i * N**i) over the
pattern's tiles; the files store (distance - Manhattan distance of those tiles) / 2 and the
tables in memory that difference itself, so the heuristic is Manhattan + the sum of the looked-up
values; the transposed board gives a second lookup for free ("reflection"), the maximum of the two
is kept.

Files: `sliding-WxH.json` (the manifest) lists the patterns and their table files; each
table is zlib-compressed 4-bit entries, the first half of the table in the low nibbles and the second
in the high ones (unpacked by two translations, no interleaving). They are made on the host by
`solvers.pattern_db_build` (numpy) at build time or by a test fixture; this module only
reads them, never builds and never writes. Where it looks: the directory given to
`use_directory` (the worker's fetched files), then $TESSERA_DATA. Limits: boards of at most 25 cells (5x5:
5-5-5-5-4, 1.4 MB of files, about 40 MB in memory once read).
"""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

FORMAT = "tessera-pdb-2"  # 2: the high nibbles hold the table's second half (1: odd entries)

# (width, height) -> the disjoint patterns (tile numbers, goal = 1..N-1 then the blank).
PARTITIONS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {
    (3, 3): ((1, 2, 3, 4, 7), (5, 6, 8)),  # the study's 8-puzzle example partition
    (4, 4): ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4)),
    (5, 5): ((1, 2, 3, 6, 7), (4, 5, 8, 9, 10), (11, 12, 16, 17, 21), (13, 14, 15, 18, 19), (20, 22, 23, 24)),
}

_directory: Path | None = None
_loaded: dict[tuple[Path, int, int], PatternDatabase | None] = {}  # (directory, width, height)

_NIBBLES = {scale: (bytes(scale * (b & 15) for b in range(256)), bytes(scale * (b >> 4) for b in range(256)))
            for scale in (1, 2)}  # (low, high) nibble of every byte, times 1 (as stored) or 2 (in moves)


def manifest_name(width: int, height: int) -> str:
    """The manifest's file name for a board size."""
    return f"sliding-{width}x{height}.json"


def pattern_file_name(width: int, height: int, tiles: tuple[int, ...]) -> str:
    """The table file's name for one pattern."""
    return f"sliding-{width}x{height}-{'-'.join(map(str, tiles))}.pdb"


def file_names(width: int, height: int) -> list[str]:
    """The manifest and table files of a board size (PARTITIONS)."""
    return [manifest_name(width, height)] + [pattern_file_name(width, height, p) for p in PARTITIONS[(width, height)]]


def tile_distance(width: int, tile: int, cell: int) -> int:
    """Manhattan distance from a cell to a tile's goal cell (what the stored offsets are relative to)."""
    goal = tile - 1
    return abs(goal // width - cell // width) + abs(goal % width - cell % width)


def unpack(data: bytes, scale: int = 1) -> bytearray:
    """Decompress a table file into one byte per entry: the stored (halved) offsets times `scale` (1 or 2)."""
    raw = zlib.decompress(data)
    low, high = _NIBBLES[scale]
    table = bytearray(raw.translate(low))
    table += raw.translate(high)
    return table


class PatternDatabase:
    """Additive disjoint pattern databases for one board size, with the reflected lookup.

    `tables[p][index]`: the fewest moves of pattern p's tiles less their Manhattan distance (even)."""

    def __init__(self, width: int, height: int, patterns: tuple[tuple[int, ...], ...],
                 tables: list[bytearray]) -> None:
        n = width * height
        if sorted(t for p in patterns for t in p) != list(range(1, n)):
            raise ValueError("the patterns must split the tiles 1..N-1")
        self.width, self.height, self.patterns, self.tables = width, height, patterns, tables
        self._deltas: list[list[tuple[int, int, int, int, int]]] | None = None
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

    def deltas(self) -> list[list[tuple[int, int, int, int, int]]]:
        """deltas[blank * N + cell][tile]: (pattern, index change, reflected pattern, its index change, Manhattan
        change) when `tile` slides from `cell` into the blank (empty rows for cells that are not neighbours): one
        lookup per child in a search's loop. Built once per database."""
        if self._deltas is None:
            w, h, n = self.width, self.height, self.width * self.height
            mslot, mcell = (self.mirror_slot, self.mirror_cell) if self.reflects else (self.slot, list(range(n)))
            self._deltas = [[] for _ in range(n * n)]
            for blank in range(n):
                r, c = divmod(blank, w)
                for cell in [x for x, ok in ((blank - w, r > 0), (blank + w, r < h - 1), (blank - 1, c > 0),
                                             (blank + 1, c < w - 1)) if ok]:
                    row = [(0, 0, 0, 0, 0)]
                    for t in range(1, n):
                        (p, wt), (rp, rwt) = self.slot[t], mslot[t]
                        row.append((p, (blank - cell) * wt, rp, (mcell[blank] - mcell[cell]) * rwt,
                                    tile_distance(w, t, blank) - tile_distance(w, t, cell)))
                    self._deltas[blank * n + cell] = row
        return self._deltas

    def extra(self, board: list[int]) -> int:
        """The heuristic minus Manhattan: max over the direct and reflected lookups."""
        direct = sum(table[i] for table, i in zip(self.tables, self.indices(board), strict=True))
        if not self.reflects:
            return direct
        mirrored = sum(table[i] for table, i in zip(self.tables, self.mirror_indices(board), strict=True))
        return max(direct, mirrored)


def read(directory: str | Path, width: int, height: int) -> PatternDatabase | None:
    """The databases described by a manifest in `directory`; None when absent or of another format."""
    directory = Path(directory)
    path = directory / manifest_name(width, height)
    if not path.is_file():
        return None
    manifest = json.loads(path.read_text())
    if manifest.get("format") != FORMAT:
        return None
    patterns = tuple(tuple(p["tiles"]) for p in manifest["patterns"])
    n = width * height
    tables = []
    for p in manifest["patterns"]:  # in memory: the offsets in moves
        table = unpack((directory / p["file"]).read_bytes(), 2)
        size = n ** len(p["tiles"])
        tables.append(table if len(table) == size else table[:size])
    return PatternDatabase(width, height, patterns, tables)


def use_directory(path: str | Path | None) -> None:
    """Read pattern databases from this directory first (None: only $TESSERA_DATA)."""
    global _directory
    _directory = Path(path) if path is not None else None


def directories() -> list[Path]:
    """Directories searched for pattern databases, in order."""
    dirs = [] if _directory is None else [_directory]
    if os.environ.get("TESSERA_DATA"):
        dirs.append(Path(os.environ["TESSERA_DATA"]))
    return dirs


def database(width: int, height: int) -> PatternDatabase | None:
    """The pattern databases for a board size, read once per directory; None when no files are found."""
    if (width, height) not in PARTITIONS:
        return None
    for directory in directories():
        key = (directory, width, height)
        if key not in _loaded:
            _loaded[key] = read(directory, width, height)  # absent files are looked for again next time
        found = _loaded[key] if _loaded[key] is not None else _loaded.pop(key)
        if found is not None:
            return found
    return None


def forget() -> None:
    """Drop the tables read so far (they are read again from the files on next use)."""
    _loaded.clear()
