"""Sliding puzzle: near-optimal plans for boards beyond the exact search (the 24-puzzle and larger, any W x H).

Rules as in `rules/sliding.py`: tiles 1..N-1 row by row, the blank last. Two engines, both pure Python under the
request's budget:

- `beam`: a breadth-first beam search on the additive pattern databases (5x5: 5-5-5-5-4 with the reflected
  lookup): each depth keeps the `width` children with the smallest heuristic, never a position seen before. Its
  work is width x depth, whatever the position (weighted IDA* and weighted A* measured worse: bench/sliding.py).
- `reduce`: places whole rows and columns until what is left is a board some exact or beam search finishes. Every
  tile goes home by a shortest carry (an A* over the blank's and that tile's cells, the other tiles free), the last
  two of a line together in a small window by breadth-first search; finished cells are never touched again.

`relabel` and `lift` turn the rest into a small puzzle of its own and its moves back. Known limits: the beam
promises no bound on its length (the answer's lower bound says how far it can be from the shortest); `reduce`
needs at least two rows and two columns left.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Sequence
from operator import itemgetter

from .budget import Budget
from .pattern_db import PatternDatabase
from .search import path_to

Tiles = Sequence[int]
WHOLE = 24  # free cells up to which a line's last two tiles are placed by a search over all of them (13,824 states)


def _neighbours(width: int, height: int) -> list[list[int]]:
    """The cells next to each cell (up, down, left, right)."""
    out = []
    for c in range(width * height):
        r, k = divmod(c, width)
        out.append([x for x, ok in ((c - width, r > 0), (c + width, r < height - 1), (c - 1, k > 0),
                                    (c + 1, k < width - 1)) if ok])
    return out


def beam(tiles: Tiles, db: PatternDatabase, width: int, budget: Budget) -> list[int]:
    """A solution (tile numbers) by beam search of the given width on the pattern databases; the position must be
    solvable. Charges the budget one node per child generated."""
    n = db.width * db.height
    near = _neighbours(db.width, db.height)
    deltas, tables = db.deltas(), db.tables
    board = bytes(tiles)
    idx = db.indices(list(tiles))
    ridx = db.mirror_indices(list(tiles)) if db.reflects else idx
    md = sum(abs((t - 1) // db.width - c // db.width) + abs((t - 1) % db.width - c % db.width)
             for c, t in enumerate(tiles) if t)
    val = sum(tb[i] for tb, i in zip(tables, idx, strict=True))
    rval = sum(tb[i] for tb, i in zip(tables, ridx, strict=True))
    parent: dict[bytes, tuple[bytes, int] | None] = {board: None}
    level = [(board, board.index(0), idx, ridx, md, val, rval)]
    while level:
        children = []  # the index tuples are made only for the children kept
        for i, (board, blank, idx, ridx, md, val, rval) in enumerate(level):
            if md == 0:
                return path_to(parent, board)
            budget.spend(len(near[blank]))
            row = blank * n
            for cell in near[blank]:
                t = board[cell]
                nxt = bytearray(board)
                nxt[blank], nxt[cell] = t, 0
                key = bytes(nxt)
                if key in parent:
                    continue
                parent[key] = (board, t)
                move = deltas[row + cell][t]
                p, di, rp, dri, dmd = move
                nval = val - tables[p][idx[p]] + tables[p][idx[p] + di]
                nrval = rval - tables[rp][ridx[rp]] + tables[rp][ridx[rp] + dri]
                children.append((md + dmd + max(nval, nrval), key, cell, i, move, nval, nrval))
        children.sort(key=itemgetter(0))
        previous, level = level, []
        for _, key, cell, i, (p, di, rp, dri, dmd), nval, nrval in children[:width]:
            _, _, idx, ridx, md, _, _ = previous[i]
            ni, nri = list(idx), list(ridx)
            ni[p] += di
            nri[rp] += dri
            level.append((key, cell, ni, nri, md + dmd, nval, nrval))
    raise RuntimeError("sliding: the beam lost every position (unsolvable?)")


# ---------------------------------------------------------------- rows and columns, tile by tile


class _Board:
    """A position being reduced: tiles by cell, the cells finished so far, the moves made."""

    def __init__(self, width: int, height: int, tiles: Tiles, budget: Budget) -> None:
        self.w, self.h = width, height
        self.tiles = list(tiles)
        self.near = _neighbours(width, height)
        self.done = bytearray(width * height)  # finished cells: never entered again
        self.moves: list[int] = []
        self.budget = budget

    def walk(self, path: Sequence[int]) -> None:
        """Move the blank along adjacent cells, sliding each tile it meets."""
        tiles, blank = self.tiles, self.tiles.index(0)
        for c in path:
            t = tiles[c]
            tiles[blank], tiles[c] = t, 0
            if self.moves and self.moves[-1] == t:  # straight back: the two moves cancel
                self.moves.pop()
            else:
                self.moves.append(t)
            blank = c

    def carry(self, tile: int, target: int, fixed: int = -1) -> bool:
        """Bring `tile` to `target` in the fewest moves (other tiles free, `fixed` and finished cells untouched).

        A* over (blank, tile) cells; the bound: the blank's way to the tile, then at least 3 moves for every step
        after the first (the blank must come round in front again)."""
        w, near, done = self.w, self.near, self.done
        start_tile, start_blank = self.tiles.index(tile), self.tiles.index(0)
        if start_tile == target:
            return True
        tr, tc = divmod(target, w)

        def bound(blank: int, at: int) -> int:
            steps = abs(at // w - tr) + abs(at % w - tc)
            if not steps:
                return 0
            reach = abs(blank // w - at // w) + abs(blank % w - at % w) - 1
            return reach + 1 + 3 * (steps - 1)

        n = w * self.h
        start = start_blank * n + start_tile
        came: dict[int, int] = {start: -1}
        cost = {start: 0}
        heap = [(bound(start_blank, start_tile), 0, start)]
        while heap:
            _, g, key = heapq.heappop(heap)
            if g > cost[key]:
                continue
            blank, at = divmod(key, n)
            if at == target:
                path = []
                while came[key] >= 0:
                    path.append(key // n)
                    key = came[key]
                self.walk(path[::-1])
                return True
            self.budget.spend()
            for c in near[blank]:
                if done[c] or c == fixed:
                    continue
                nat = blank if c == at else at
                nkey = c * n + nat
                if g + 1 < cost.get(nkey, 1 << 30):
                    cost[nkey], came[nkey] = g + 1, key
                    heapq.heappush(heap, (g + 1 + bound(c, nat), g + 1, nkey))
        return False

    def window(self, cells: list[int], a: int, b: int, ta: int, tb: int) -> bool:
        """Put tile ta on a and tb on b by breadth-first search over (blank, ta, tb) inside `cells` (all three
        must be there)."""
        inside = {c for c in cells if not self.done[c]}
        tiles = self.tiles
        start = (tiles.index(0), tiles.index(ta), tiles.index(tb))
        if not inside.issuperset(start):
            return False
        came: dict[tuple[int, int, int], tuple[int, int, int] | None] = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            blank, pa, pb = state
            if pa == a and pb == b:
                path = []
                link: tuple[int, int, int] | None = state
                while came[link] is not None:
                    path.append(link[0])
                    link = came[link]
                self.walk(path[::-1])
                return True
            self.budget.spend()
            for c in self.near[blank]:
                if c in inside:
                    nxt = (c, blank if c == pa else pa, blank if c == pb else pb)
                    if nxt not in came:
                        came[nxt] = state
                        queue.append(nxt)
        return False

    def line(self, cells: list[int], across: list[int]) -> bool:
        """Finish a row or column: tiles one by one, the last two together in the window `across` of the line's
        end (its last three cells and the two lines beyond, as far as they exist)."""
        goal = [c + 1 for c in cells]
        for cell, tile in zip(cells[:-2], goal, strict=False):
            if not self.carry(tile, cell):
                return False
            self.done[cell] = 1
        a, b = cells[-2], cells[-1]
        ta, tb = goal[-2], goal[-1]
        free = [c for c in range(len(self.tiles)) if not self.done[c]]
        if len(free) <= WHOLE:  # a small or narrow rest: the pair's shortest placement over all of it
            ok = self.window(free, a, b, ta, tb)
            self.done[a] = self.done[b] = ok
            return ok
        w = self.w
        far = sorted((c for c in across if c not in (a, b)),  # tb waits far from the line's end, ta goes home
                     key=lambda c: -abs(c // w - b // w) - abs(c % w - b % w))
        for parking in far:
            if self.tiles[a] == ta and self.tiles[b] == tb or (
                    self.carry(tb, parking) and self.carry(ta, a, parking) and self.window(across, a, b, ta, tb)):
                self.done[a] = self.done[b] = 1
                return True
        return False


def reduce(width: int, height: int, tiles: Tiles, finishable: Callable[[int, int], bool],
           budget: Budget) -> tuple[list[int], int, int] | None:
    """Place the top row or the left column (the longer side first) until the rest, the bottom-right block from
    (top, left), is a board `finishable(w, h)` says a search finishes: (moves, top, left); None when a carry gets
    stuck (never seen: the caller then falls back on Parberry's method)."""
    board = _Board(width, height, tiles, budget)
    top = left = 0
    while not finishable(width - left, height - top):
        rows, cols = height - top, width - left
        if rows > 2 and (rows >= cols or cols == 2):
            cells = [top * width + c for c in range(left, width)]
            span = range(top, min(height, top + 3))
            across = [r * width + c for r in span for c in range(max(left, width - 3), width)]
            ok = board.line(cells, across)
            top += 1
        else:
            cells = [r * width + left for r in range(top, height)]
            span = range(left, min(width, left + 3))
            across = [r * width + c for r in range(max(top, height - 3), height) for c in span]
            ok = board.line(cells, across)
            left += 1
        if not ok:
            return None
    return board.moves, top, left


def relabel(width: int, height: int, tiles: Tiles, top: int, left: int) -> list[int]:
    """The bottom-right block from (top, left) as a puzzle of its own: each tile numbered by its goal in the block."""
    w = width - left
    out = []
    for r in range(top, height):
        for c in range(left, width):
            t = tiles[r * width + c]
            out.append(0 if t == 0 else ((t - 1) // width - top) * w + (t - 1) % width - left + 1)
    return out


def lift(width: int, top: int, left: int, block_width: int, moves: Sequence[int]) -> list[int]:
    """A block's moves (its own tile numbers) as the whole board's tile numbers."""
    return [((m - 1) // block_width + top) * width + (m - 1) % block_width + left + 1 for m in moves]
