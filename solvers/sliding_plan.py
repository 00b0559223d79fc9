"""Sliding puzzle: near-optimal plans for boards beyond the exact search (the 24-puzzle and larger, any W x H).

Rules as in `rules/sliding.py`: tiles 1..N-1 row by row, the blank last. Two engines, both pure Python under the
request's budget:

- `beam`: a breadth-first beam search on the additive pattern databases (5x5: 5-5-5-5-4 with the reflected
  lookup): each depth keeps the `width` children with the smallest heuristic, never a position seen before. Its
  work is width x depth, whatever the position (weighted IDA* and weighted A* measured worse: bench/sliding.py).
  `beam_back` runs it from the goal towards the position; its mistakes are others, so the shorter of the two
  plans is kept (and the forward beam drops what its admissible heuristic says cannot beat the first).
- `reduce`: places whole rows and columns until what is left is a board some exact or beam search finishes. A beam
  over the free board (`sweep`) brings a line's tiles home several at once, its last two staged beside the line's
  end for their turn in; then every tile still away goes home by a carry (an A* over the blank's and that tile's
  cells, the other tiles free), the last two of a line together in a small window by breadth-first search, after
  the cheapest of a few ways of bringing them near (the last tile beside or behind its neighbour's home, or
  parked); finished cells are never touched again. Moves are spent with the rest in mind: the beam ranks boards by
  the other tiles' distances from home too, and a carry's moves cost more when they push a tile away from home; a
  tile of the next row or column weighs NEXT times, one a line further in one less (together about 15% fewer moves
  on 8x8 and 10x10; the rest in the beam's stopping rule, or the same weight for every tile, did worse). Where
  the rest is square, the row and the column are both tried (each with the beam and without it); the fewest moves
  plus REST_COST times the rest's Manhattan distance is kept.

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
LINE_WEIGHT = 4  # a line's tile away by one more cell costs about this many blank moves (the beam's heuristic)
REST_COST = 3  # moves a unit of the rest's Manhattan distance is reckoned to cost, to choose how a line goes
STALL = 30  # levels without a better board before a line's beam stops (the carries finish the line)
ACROSS = 3  # a line's last two tiles are placed in a window this many cells deep from its end, three lines wide
PAIR_TRIES = 2  # parking cells tried for a line's last tile (the farthest first), besides the two direct ways
WIDE_SWEEP = 24  # a line's beam of this width is tried too where the rest has at most WIDE_CELLS cells
WIDE_CELLS = 64
LINE_RANK = 2  # a line beam ranks boards by this many times its heuristic plus the other tiles' (weighted) distances
NEXT = 3  # how much the distance home of a tile of the next row or column weighs (one less a line further in)
CARRY_MOVE = 5  # a carry's move costs this plus the change in the moved tile's (weighted) distance from home
WHOLE = 24  # free cells up to which a line's last two tiles are placed by a search over all of them (13,824 states)


def _neighbours(width: int, height: int) -> list[list[int]]:
    """The cells next to each cell (up, down, left, right)."""
    out = []
    for c in range(width * height):
        r, k = divmod(c, width)
        out.append([x for x, ok in ((c - width, r > 0), (c + width, r < height - 1), (c - 1, k > 0),
                                    (c + 1, k < width - 1)) if ok])
    return out


_far: dict[tuple[int, int], list[list[int]]] = {}


def _distances(width: int, height: int) -> list[list[int]]:
    """Manhattan distances between every two cells (cached per size)."""
    if (width, height) not in _far:
        cells = range(width * height)
        _far[width, height] = [[abs(a // width - b // width) + abs(a % width - b % width) for b in cells]
                               for a in cells]
    return _far[width, height]


def beam(tiles: Tiles, db: PatternDatabase, width: int, budget: Budget, shorter: int | None = None) -> list[int] | None:
    """A solution (tile numbers) by beam search of the given width on the pattern databases; the position must be
    solvable. With `shorter`, only a solution of fewer moves: children that the (admissible) heuristic says cannot
    make it are dropped, and None when none is left. Charges the budget one node per child generated."""
    n = db.width * db.height
    near = _neighbours(db.width, db.height)
    deltas, tables = db.deltas(), db.tables
    bits = max(n - 1, 1).bit_length()  # a board is an int: tile at cell c in bits [c * bits, (c + 1) * bits)
    shift = [c * bits for c in range(n)]
    step = [[(1 << shift[b]) - (1 << shift[c]) for c in range(n)] for b in range(n)]
    mask = (1 << bits) - 1
    board = sum(t << shift[c] for c, t in enumerate(tiles))
    idx = db.indices(list(tiles))
    ridx = db.mirror_indices(list(tiles)) if db.reflects else idx
    md = sum(abs((t - 1) // db.width - c // db.width) + abs((t - 1) % db.width - c % db.width)
             for c, t in enumerate(tiles) if t)
    val = sum(tb[i] for tb, i in zip(tables, idx, strict=True))
    rval = sum(tb[i] for tb, i in zip(tables, ridx, strict=True))
    parent: dict[int, tuple[int, int] | None] = {board: None}
    level = [(board, list(tiles).index(0), idx, ridx, md, val, rval)]
    spend, first = budget.spend, itemgetter(0)
    depth, cap = 0, (shorter if shorter is not None else 1 << 30) - 1  # a child's g + h must stay under `shorter`
    while level:
        depth += 1
        children = []  # the index tuples are made only for the children kept
        keep = children.append
        for i, (board, blank, idx, ridx, md, val, rval) in enumerate(level):
            if md == 0:
                return path_to(parent, board)
            around = near[blank]
            spend(len(around))
            row, swap = blank * n, step[blank]
            for cell in around:
                t = (board >> shift[cell]) & mask
                key = board + t * swap[cell]
                if key in parent:
                    continue
                parent[key] = (board, t)
                move = deltas[row + cell][t]
                p, di, rp, dri, dmd = move
                tp, trp = tables[p], tables[rp]
                nval = val - tp[idx[p]] + tp[idx[p] + di]
                nrval = rval - trp[ridx[rp]] + trp[ridx[rp] + dri]
                h = md + dmd + (nval if nval > nrval else nrval)
                if depth + h <= cap:
                    keep((h, key, cell, i, move, nval, nrval))
        children.sort(key=first)
        previous, level = level, []
        add = level.append
        for _, key, cell, i, (p, di, rp, dri, dmd), nval, nrval in children[:width]:
            _, _, idx, ridx, md, _, _ = previous[i]
            ni, nri = idx.copy(), ridx.copy()
            ni[p] += di
            nri[rp] += dri
            add((key, cell, ni, nri, md + dmd, nval, nrval))
    if shorter is not None:
        return None
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
        self.pull = [1] * (width * height)  # how much each tile's way home weighs (`line` sets it)

    def copy(self) -> _Board:
        """An independent copy (to try a line one way and another)."""
        other = _Board.__new__(_Board)
        other.w, other.h, other.near, other.budget = self.w, self.h, self.near, self.budget
        other.tiles, other.done, other.moves = list(self.tiles), bytearray(self.done), list(self.moves)
        other.pull = self.pull
        return other

    def manhattan(self) -> int:
        """The tiles' Manhattan distances from home."""
        w = self.w
        return sum(abs(c // w - (t - 1) // w) + abs(c % w - (t - 1) % w) for c, t in enumerate(self.tiles) if t)

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
        """Bring `tile` to `target` (other tiles free, `fixed` and finished cells untouched) in few moves that push
        the other tiles home rather than away.

        A* over (blank, tile) cells; a move costs CARRY_MOVE plus the change in the moved tile's distance from home
        times its `pull` (the tile a cell held at the start: the state does not follow the others); the estimate:
        CARRY_MOVE times the blank's way to the tile, then at least 3 moves for every step after the first (the blank
        must come round in front again)."""
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
        far = _distances(w, self.h)
        tiles, pull = self.tiles, self.pull
        start = start_blank * n + start_tile
        came: dict[int, int] = {start: -1}
        cost = {start: 0}
        heap = [(CARRY_MOVE * bound(start_blank, start_tile), 0, start)]
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
                if c == at:
                    nat, t = blank, tile
                else:
                    nat, t = at, (tiles[c] if c != start_tile else 0)
                step = CARRY_MOVE + (pull[t] * (far[blank][t - 1] - far[c][t - 1]) if t else 0)
                nkey = c * n + nat
                if g + step < cost.get(nkey, 1 << 30):
                    cost[nkey], came[nkey] = g + step, key
                    heapq.heappush(heap, (g + step + CARRY_MOVE * bound(c, nat), g + step, nkey))
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

    def sweep(self, cells: list[int], beam_width: int) -> None:
        """Bring a row's or column's tiles home several at once, its last two staged for their turn into place (the
        last tile on the cell before the line's end, the one before it just inside that): a beam over the free board
        whose heuristic is those tiles' Manhattan distances from their targets (times LINE_WEIGHT) plus the blank's
        way to the nearest of them still away; it keeps the boards where LINE_RANK times that plus the other tiles'
        distances from home (times their `pull`) is least. Whenever the best board (by the heuristic) has more of the
        line's first cells home, it is walked to and those cells are finished (the beam starts again from there); it
        stops on a board with every tile on its target, or after STALL levels without a better board (walking to the
        best one)."""
        w, near, done = self.w, self.near, self.done
        far = _distances(w, self.h)
        head = len(cells) - 2
        inward = w if cells[1] - cells[0] == 1 else 1
        targets = cells[:head] + [cells[-2] + inward, cells[-2]]
        goal = [c + 1 for c in cells]
        pull = self.pull
        # boards as bytes where every tile number fits in one (hashed fast), as tuples beyond 16x16
        pack, loose = (bytes, bytearray) if len(self.tiles) <= 256 else (tuple, list)

        def score(blank: int, pos: tuple[int, ...], md: int) -> int:
            """The line's weighted distance `md` plus the blank's way to the nearest tile still away (-1: all there)."""
            row = far[blank]
            return min((row[p] for p, c in zip(pos, todo, strict=True) if p != c), default=-1) + md

        while True:
            k = 0
            while k < head and self.tiles[cells[k]] == goal[k]:
                done[cells[k]] = 1
                k += 1
            todo = targets[k:]
            slot = {t: i for i, t in enumerate(goal[k:])}
            board = pack(self.tiles)
            pos = tuple(board.index(t) for t in goal[k:])
            md = LINE_WEIGHT * sum(far[p][c] for p, c in zip(pos, todo, strict=True))
            if not md:
                return
            parent: dict[Tiles, tuple[Tiles, int] | None] = {board: None}
            level = [(board, board.index(0), pos, md, 0)]
            best, since, gained = (score(level[0][1], pos, md), board), 0, False
            while since < STALL and not gained and best[0] >= 0:
                children = []
                for board, blank, pos, md, rest in level:
                    self.budget.spend(len(near[blank]))
                    for cell in near[blank]:
                        if done[cell]:
                            continue
                        t = board[cell]
                        nxt = loose(board)
                        nxt[blank], nxt[cell] = t, 0
                        key = pack(nxt)
                        if key in parent:
                            continue
                        parent[key] = (board, cell)
                        npos, nmd, nrest = pos, md, rest
                        if t in slot:
                            i = slot[t]
                            npos = pos[:i] + (blank,) + pos[i + 1:]
                            nmd += LINE_WEIGHT * (far[blank][todo[i]] - far[cell][todo[i]])
                        else:
                            nrest += pull[t] * (far[blank][t - 1] - far[cell][t - 1])
                        sc = score(cell, npos, nmd)
                        children.append((sc * LINE_RANK + nrest, key, cell, npos, nmd, nrest, sc))
                if not children:
                    break
                children.sort(key=itemgetter(0))
                since += 1
                top = min(children, key=itemgetter(6))
                if top[6] < best[0]:
                    best, since = (top[6], top[1]), 0
                    gained = k < head and top[3][0] == todo[0]  # the next cell of the line is home: keep it
                level = [c[1:6] for c in children[:beam_width]]
            path = []
            link = parent[best[1]]
            while link is not None:
                path.append(link[1])
                link = parent[link[0]]
            self.walk(path[::-1])
            if not gained:
                return

    def line(self, cells: list[int], across: list[int], sweep: int = 0) -> bool:
        """Finish a row or column: tiles one by one (after a `sweep` of that beam width, if any), the last two together
        in the window `across` of the line's end (its last three cells and the two lines beyond, as far as they
        exist): the last tile carried to its neighbour's home (that one then beside it) or to a parking cell (the
        farthest first), the other home, then the window; of the first 2 + PAIR_TRIES ways, the fewest moves."""
        w = self.w  # the rest after this line starts at (top, left): a tile's way home weighs NEXT there, one less
        top, left = divmod(cells[0], w)  # a line further in (at least 1), one more for the line's own tiles
        top, left = (top + 1, left) if cells[1] - cells[0] == 1 else (top, left + 1)
        self.pull = [max(1, NEXT - min((t - 1) // w - top, (t - 1) % w - left)) if t else 0
                     for t in range(len(self.tiles))]
        if sweep and len(cells) > 2:
            self.sweep(cells, sweep)
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
        if self.tiles[a] != ta or self.tiles[b] != tb:
            inward = w if cells[1] - cells[0] == 1 else 1
            ways = [(tb, a, ta, a + inward, a)] + [(tb, c, ta, a, c) for c in far]  # the fixed cell last
            if self.tiles[a] == ta:
                ways.insert(0, (ta, a, tb, b, a))  # tb straight home beside it
            best: _Board | None = None
            for i, (t1, at1, t2, at2, hold) in enumerate(ways):  # t1 to at1, t2 to at2 with hold kept, the window
                if best is not None and i >= 2 + PAIR_TRIES:  # the fewest moves of the first ways that work
                    break
                trial = self.copy()
                if trial.carry(t1, at1) and trial.carry(t2, at2, hold) and (
                        trial.tiles[a] == ta and trial.tiles[b] == tb or trial.window(across, a, b, ta, tb)) and (
                        best is None or len(trial.moves) < len(best.moves)):
                    best = trial
            if best is None:
                return False
            self.tiles, self.moves = best.tiles, best.moves
        self.done[a] = self.done[b] = 1
        return True


def reduce(width: int, height: int, tiles: Tiles, finishable: Callable[[int, int], bool],
           budget: Budget, sweep: Sequence[int] = (0,)) -> tuple[list[int], int, int] | None:
    """Place the top row or the left column (the longer side first, either when square) until the rest, the
    bottom-right block from (top, left), is a board `finishable(w, h)` says a search finishes: (moves, top, left);
    None when a carry gets stuck (never seen: the caller then falls back on Parberry's method). Each line is placed
    once per `sweep` width (0: carries only) and per side allowed; the fewest moves plus REST_COST times the rest's
    Manhattan distance wins."""
    board = _Board(width, height, tiles, budget)
    top = left = 0
    while not finishable(width - left, height - top):
        rows, cols = height - top, width - left
        sides = [s for s, ok in ((0, rows > 2 and (rows >= cols or cols == 2)),
                                 (1, cols > 2 and (cols >= rows or rows == 2))) if ok] or [1]
        best: tuple[int, _Board, int] | None = None
        for side in sides:
            widths = list(sweep) + ([WIDE_SWEEP] if WIDE_SWEEP and rows * cols <= WIDE_CELLS else [])
            for beam_width in widths:
                trial = board.copy()
                if side == 0:
                    cells = [top * width + c for c in range(left, width)]
                    span = range(top, min(height, top + 3))
                    across = [r * width + c for r in span for c in range(max(left, width - ACROSS), width)]
                else:
                    cells = [r * width + left for r in range(top, height)]
                    span = range(left, min(width, left + 3))
                    across = [r * width + c for r in range(max(top, height - ACROSS), height) for c in span]
                if trial.line(cells, across, beam_width):
                    cost = len(trial.moves) + REST_COST * trial.manhattan()
                    if best is None or cost < best[0]:
                        best = (cost, trial, side)
        if best is None:
            return None
        board = best[1]
        top, left = (top + 1, left) if best[2] == 0 else (top, left + 1)
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



def beam_back(tiles: Tiles, db: PatternDatabase, width: int, budget: Budget) -> list[int]:
    """The beam run from the goal towards the position (tile numbers, the position's way to the goal).

    The blank first walks to its home corner (right, then down); tiles are then renamed by the cell they hold, so the
    goal becomes a position of its own and the position its goal, and the path found is walked backwards. A second
    opinion: its mistakes are not the forward beam's."""
    w, n = db.width, len(tiles)
    board, blank = list(tiles), tiles.index(0)
    walk = []
    for step, times in ((1, w - 1 - blank % w), (w, n // w - 1 - blank // w)):
        for _ in range(times):
            walk.append(board[blank + step])
            board[blank], board[blank + step] = board[blank + step], 0
            blank += step
    where = [0] * n
    for c, t in enumerate(board):
        where[t] = c
    start = [where[c + 1] + 1 for c in range(n - 1)] + [0]  # the goal board, each tile renamed
    moves = beam(start, db, width, budget)
    assert moves is not None
    return walk + [board[m - 1] for m in reversed(moves)]


