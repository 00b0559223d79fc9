"""Duplicate-path pruning for the sliding puzzle's depth-first searches (after Taylor and Korf's finite-state
machine, "Pruning duplicate nodes in depth-first search", 1993).

Which position a sequence of blank moves reaches depends only on the cells the blank visits, not on the tiles: two
blank paths from one cell to another with the same effect on the board reach the same position from every start.
Of every such pair a search needs only one, the shorter, or of two as short the one whose cells come first. A
breadth-first search from every cell finds the other ones up to DEPTH moves (only those whose shorter parts are all
needed); an Aho-Corasick automaton over the blank's cells recognises them as the search goes, and a move that would
complete one is never made. Every position keeps its shortest path that comes first, and every part of that path is
such a path too, so no shortest solution is lost; immediate reversals are the two-move case. On Korf's 100 the
pattern-database IDA* expands about a third fewer nodes (bench/sliding.py).

Building the 5x5 automaton takes seconds and its breadth-first search megabytes, so the build makes the automata
in CPython, packed (`pack`, kept in its cache by `packed_file`): the worker's snapshot holds the 4x4 one (`keep`),
the 5x5 one is a data file the worker fetches with the 5x5 pattern databases (`keep_from`); a search unpacks its
size's at first use, in milliseconds.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from array import array
from collections import deque
from pathlib import Path
from typing import NamedTuple

IN_SNAPSHOT: list[tuple[int, int]] = []  # the sizes whose automata the worker's snapshot holds (none: see AS_DATA)
AS_DATA = [(4, 4), (5, 5)]  # the sizes whose automata are data files, fetched with their size's pattern databases
DEPTH = 10  # longest dominated path recognised: 10,873 automaton states on 4x4, built in about 0.2 s


class Automaton(NamedTuple):
    """moves[state]: the (cell, next state) of every move allowed there; start[cell]: the state of a search whose
    blank starts at that cell; cell[state]: where the blank is in that state."""

    moves: list[list[tuple[int, int]]]
    start: list[int]
    cell: list[int]


def _neighbours(width: int, height: int) -> list[list[int]]:
    """The cells next to each cell, in increasing order."""
    out = []
    for c in range(width * height):
        r, k = divmod(c, width)
        near = [c - width] if r else []
        near += [c - 1] if k else []
        near += [c + 1] if k < width - 1 else []
        near += [c + width] if r < height - 1 else []
        out.append(near)
    return out


def dominated_paths(width: int, height: int, depth: int = DEPTH) -> set[tuple[int, ...]]:
    """Blank paths (the cells visited, start included) of at most `depth` moves that another path from the same cell
    to the same position beats (shorter, or as short and first in cell order), whose shorter parts are not beaten."""
    near = _neighbours(width, height)
    n = width * height
    shift = max(1, (n - 1).bit_length())  # bits per cell of a position packed in an int: cell c holds its label
    mask = (1 << shift) - 1
    start = sum(c << (shift * c) for c in range(n))
    bad: set[tuple[int, ...]] = set()
    for s in range(n):  # one start cell at a time (little memory); shorter parts are checked against all so far
        seen = {start}  # every position reached from s (the blank labelled s)
        level = [((s,), start)]
        for _ in range(depth):
            sizes = sorted({len(p) for p in bad})
            grown, found = [], []
            for path, board in level:  # in cell order, so the first path to a position is the one kept
                b = path[-1]
                for c in near[b]:
                    longer = path + (c,)
                    if any(longer[-k:] in bad for k in sizes if k < len(longer)):
                        continue  # holds a shorter dominated path: not a new pattern
                    label = (board >> (shift * c)) & mask  # the tile at c slides to b, the blank (s) to c
                    key = board + ((label - s) << (shift * b)) + ((s - label) << (shift * c))
                    if key in seen:
                        found.append(longer)
                    else:
                        seen.add(key)
                        grown.append((longer, key))
            level = grown
            bad.update(found)
    # a path that holds a dominated path of a later start cell is not minimal: drop it
    return {p for p in bad if not any(p[i:j] in bad for i in range(len(p) - 2) for j in range(i + 3, len(p) + 1)
                                      if j - i < len(p))}


_packed: dict[tuple[int, int, int], bytes] = {}  # (width, height, depth) -> its automaton, `pack`ed
_taken: set[str] = set()  # the data files `keep_from` has kept


def pack(auto: Automaton, width: int, height: int) -> bytes:
    """An automaton as bytes (32-bit little-endian ints): the number of states, each state's cell, then for each
    state and each neighbour of its cell in order, the next state of that move or -1 (not allowed)."""
    near = _neighbours(width, height)
    out = array("i", [len(auto.cell), *auto.cell])
    for row, cell in zip(auto.moves, auto.cell, strict=True):
        nxt = dict(row)
        out.extend(nxt.get(c, -1) for c in near[cell])
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def unpack(data: bytes, width: int, height: int) -> Automaton:
    """The automaton `pack` wrote."""
    near = _neighbours(width, height)
    ints = array("i", data)
    if sys.byteorder == "big":
        ints.byteswap()
    count = ints[0]
    cells = ints[1:count + 1].tolist()
    at = count + 1
    if len(ints) != at + sum(len(near[cell]) for cell in cells):
        raise ValueError(f"not a packed {width}x{height} automaton ({len(ints)} ints)")
    moves = []
    for cell in cells:
        row = near[cell]
        moves.append([(c, nxt) for c, nxt in zip(row, ints[at:at + len(row)], strict=True) if nxt >= 0])
        at += len(row)
    return Automaton(moves, list(range(width * height)), cells)


def keep(width: int, height: int, data: bytes, depth: int = DEPTH) -> None:
    """Use this packed automaton (`pack`) for the size instead of building it (the worker's snapshot holds these)."""
    _packed[width, height, depth] = data


def file_name(width: int, height: int, depth: int = DEPTH) -> str:
    """The name of a size's packed automaton as a data file."""
    return f"automaton-{width}x{height}-{depth}.bin"


def packed_file(width: int, height: int, cache: Path) -> Path:
    """The size's automaton packed, made once per version of this module and kept under `cache`."""
    version = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    kept = cache / f"automaton-{width}x{height}-{version}.bin"
    if not kept.exists():
        cache.mkdir(parents=True, exist_ok=True)
        part = kept.with_suffix(f".{os.getpid()}.tmp")  # builds running at once each write their own
        part.write_bytes(pack(automaton(width, height), width, height))
        part.replace(kept)
    return kept


def keep_from(directory: str | Path, sizes: list[tuple[int, int]]) -> None:
    """`keep` the packed automata of these sizes found in `directory` (data files), each file once."""
    for w, h in sizes:
        path = Path(directory) / file_name(w, h)
        if str(path) not in _taken and path.exists():
            _taken.add(str(path))
            keep(w, h, path.read_bytes())


@functools.cache
def automaton(width: int, height: int, depth: int = DEPTH) -> Automaton:
    """The automaton that rejects the moves completing a dominated path (built once per size, or unpacked from
    what `keep` was given)."""
    if (width, height, depth) in _packed:
        return unpack(_packed.pop((width, height, depth)), width, height)
    near = _neighbours(width, height)
    n = width * height
    trie: list[dict[int, int]] = [{}]
    last = [-1]  # the cell a trie node ends with
    end = [False]  # a dominated path ends here (or, after the failure links, one of its suffixes does)
    for path in sorted(dominated_paths(width, height, depth)) + [(c,) for c in range(n)]:
        node = 0
        for c in path:
            if c not in trie[node]:
                trie[node][c] = len(trie)
                trie.append({})
                last.append(c)
                end.append(False)
            node = trie[node][c]
        end[node] = end[node] or len(path) > 1
    fail = [0] * len(trie)
    queue = deque(trie[0].values())
    while queue:
        node = queue.popleft()
        for c, child in trie[node].items():
            f = fail[node]
            while f and c not in trie[f]:
                f = fail[f]
            fail[child] = trie[f][c] if node else 0
            end[child] = end[child] or end[fail[child]]
            queue.append(child)

    def step(node: int, c: int) -> int:
        while node and c not in trie[node]:
            node = fail[node]
        return trie[node][c]  # every cell has a node of depth 1

    number: dict[int, int] = {}
    order = [trie[0][c] for c in range(n)]
    for node in order:
        number[node] = len(number)
    moves: list[list[tuple[int, int]]] = []
    for node in order:  # grows while it is read: the states reachable by allowed moves
        row = []
        for c in near[last[node]]:
            nxt = step(node, c)
            if not end[nxt]:
                if nxt not in number:
                    number[nxt] = len(number)
                    order.append(nxt)
                row.append((c, number[nxt]))
        moves.append(row)
    return Automaton(moves, list(range(n)), [last[node] for node in order])
