"""Sliding puzzle: the 15-puzzle and its W x H relatives (2x2 to 100x100).

Rules: W*H-1 numbered tiles and one blank; a move slides a tile next to the blank into it.
Goal: tiles 1..W*H-1 in row-major order with the blank last. The rules themselves (goal,
parity, moves, text) live in `rules/sliding.py`, shared with the page.

Solvers: optimal IDA* (Manhattan + linear conflict up to 3x4; additive 6-6-3 pattern
databases with the reflected lookup on 4x4), Parberry's real-time algorithm for any size,
and an algorithm lab (BFS, DFS, depth-limited DFS, IDDFS, A*, IDA*, greedy, genetic, annealing) as in the study.
Known limits: optimal answers only up to 4x4 (larger boards get a real-time answer, not
optimal); without its pattern database files (`use_data`) a 4x4 gets a shortest answer only
when linear conflict finds one within NO_PDB_SECONDS, else the real-time one.
"""

from __future__ import annotations

import functools
import math
import random
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import move_pruning, pattern_db, sliding_plan
from .base import Command, Family, Hint, Json, Method, Params, Problem, PuzzleError, rng_for, rule_call
from .budget import current as request_budget
from .rules import sliding as rules
from .search import Budget, Result, SearchAborted, astar, bfs, depth_limited, dfs, greedy, ida_star, iddfs, run

Tiles = tuple[int, ...]  # row-major, tile number per cell, 0 = blank
Cell = int

MIN_SIDE, MAX_SIDE = rules.MIN_SIDE, rules.MAX_SIDE
OPTIMAL_CELLS = rules.OPTIMAL_CELLS
NO_PDB_SECONDS = 20.0  # a 4x4 without its database files gives up on optimality after this
GRADES = rules.GRADES
EXACT_GRADES = rules.EXACT_GRADES
goal = rules.goal
optimal_available = rules.optimal_available
inversions = rules.inversions


# ---------------------------------------------------------------- model


@dataclass(frozen=True)
class Puzzle:
    """A position: board size and tiles (row-major, 0 = blank).

    `grade` and `distance` record how `generate` made it (for `describe`); they take no
    part in equality or the description.
    """

    width: int
    height: int
    tiles: Tiles
    grade: str | None = field(default=None, compare=False, repr=False)
    distance: int | None = field(default=None, compare=False, repr=False)

    @property
    def blank(self) -> Cell:
        """The blank's cell."""
        return self.tiles.index(0)

    def is_goal(self) -> bool:
        """True when the tiles are in order with the blank last."""
        return self.tiles == goal(self.width, self.height)


@dataclass(frozen=True)
class State:
    """The player's board: the tiles after the moves so far."""

    tiles: Tiles



def validate(width: Any, height: Any, tiles: Any) -> Puzzle:
    """A Puzzle from raw input, or PuzzleError saying what is wrong."""
    return Puzzle(width, height, rule_call(rules.check_tiles, width, height, tiles))


def parse(text: str) -> Puzzle:
    """Read the description `WxH:t,t,...` (Tatham's Fifteen game ID, the share-link payload)."""
    if not isinstance(text, str):
        raise PuzzleError("a sliding-puzzle description is text like " + rules.FORM)
    return Puzzle(*rule_call(rules.parse, text))


def format(puzzle: Puzzle) -> str:
    """The description `WxH:t,t,...` that `parse` reads."""
    return rules.format(puzzle.width, puzzle.height, puzzle.tiles)


def neighbours(width: int, height: int, cell: Cell) -> list[Cell]:
    """Cells next to `cell` (up, down, left, right)."""
    return rules.neighbours(width, height, cell)


def movable(puzzle: Puzzle) -> list[int]:
    """The tiles that can slide into the blank."""
    return rules.movable(puzzle.width, puzzle.height, puzzle.tiles)


def apply(puzzle: Puzzle, tile: int) -> Puzzle:
    """The position after sliding `tile` into the blank (PuzzleError when it is not next to it)."""
    return Puzzle(puzzle.width, puzzle.height, rule_call(rules.slide, puzzle.width, puzzle.height, puzzle.tiles, tile))


def replay(puzzle: Puzzle, moves: Sequence[int]) -> Puzzle:
    """The position after a sequence of moves (tile numbers)."""
    w, h = puzzle.width, puzzle.height
    return Puzzle(w, h, rule_call(rules.replay, w, h, puzzle.tiles, list(moves)))


def direction(puzzle: Puzzle, tile: int) -> str:
    """Which way `tile` slides into the blank: up, down, left or right."""
    return rules.direction(puzzle.width, puzzle.tiles, tile)


# ---------------------------------------------------------------- solvability


def parity_report(puzzle: Puzzle) -> tuple[bool, str]:
    """Whether the position can be solved, and the parity argument in words."""
    return rules.parity(puzzle.width, puzzle.height, puzzle.tiles)


def is_solvable(puzzle: Puzzle) -> bool:
    """The study's parity rule."""
    return parity_report(puzzle)[0]


def require_solvable(puzzle: Puzzle) -> None:
    """Raise the no-solution error, with its explanation, for an unsolvable position."""
    ok, why = parity_report(puzzle)
    if not ok:
        raise PuzzleError(why, "no-solution")


# ---------------------------------------------------------------- heuristics


def misplaced(width: int, tiles: Sequence[int]) -> int:
    """Tiles not on their goal cell."""
    return sum(1 for cell, t in enumerate(tiles) if t and t != cell + 1)


def out_of_row_col(width: int, tiles: Sequence[int]) -> int:
    """Tiles outside their goal row plus tiles outside their goal column (each needs a move of that kind)."""
    total = 0
    for cell, t in enumerate(tiles):
        if t:
            total += ((t - 1) // width != cell // width) + ((t - 1) % width != cell % width)
    return total


def manhattan(width: int, tiles: Sequence[int]) -> int:
    """Sum over tiles of the row and column distance to the goal cell."""
    total = 0
    for cell, t in enumerate(tiles):
        if t:
            g = t - 1
            total += abs(g // width - cell // width) + abs(g % width - cell % width)
    return total


def _removals(order: Sequence[int]) -> int:
    """Fewest items to remove so the rest increase: len - longest increasing subsequence."""
    tails: list[int] = []
    for x in order:
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if tails[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        tails[lo:lo + 1] = [x]
    return len(order) - len(tails)


def _row_conflicts(width: int, tiles: Sequence[int], r: int) -> int:
    """Linear-conflict removals in row r (tiles whose goal is that row, by goal column)."""
    return _removals([(t - 1) % width for t in tiles[r * width:(r + 1) * width] if t and (t - 1) // width == r])


def _col_conflicts(width: int, tiles: Sequence[int], c: int) -> int:
    """Linear-conflict removals in column c."""
    return _removals([(t - 1) // width for t in tiles[c::width] if t and (t - 1) % width == c])


def linear_conflict(width: int, tiles: Sequence[int]) -> int:
    """Manhattan plus 2 per tile that must leave its goal row or column to let others pass."""
    height = len(tiles) // width
    extra = sum(_row_conflicts(width, tiles, r) for r in range(height))
    extra += sum(_col_conflicts(width, tiles, c) for c in range(width))
    return manhattan(width, tiles) + 2 * extra


def pattern_heuristic(width: int, tiles: Sequence[int]) -> int | None:
    """The additive pattern-database value, or None when no database exists for the size."""
    db = pattern_db.database(width, len(tiles) // width)
    if db is None:
        return None
    return manhattan(width, tiles) + db.extra(list(tiles))


# ---------------------------------------------------------------- optimal IDA*


@functools.cache
def _move_tables(w: int, h: int) -> tuple[list[list[Cell]], list[int]]:
    """Per size, built once: the cells that may slide for (blank, previous blank), and Manhattan deltas."""
    n = w * h
    nbrs = [neighbours(w, h, c) for c in range(n)]
    # children[blank * (n + 1) + prev + 1]: the cells whose tile may slide, never straight back
    children = [[c for c in nbrs[b] if c != p] for b in range(n) for p in range(-1, n)]
    md_delta = [0] * (n * n * n)  # [tile][from][to] flattened: change of Manhattan distance
    for t in range(1, n):
        for a in range(n):
            for b in nbrs[a]:
                md_delta[(t * n + a) * n + b] = pattern_db.tile_distance(w, t, b) - pattern_db.tile_distance(w, t, a)
    return children, md_delta


class _Ida:
    """Shared iterative-deepening driver; subclasses provide h0 and one bounded search."""

    def __init__(self, puzzle: Puzzle, budget: Budget | None) -> None:
        self.puzzle = puzzle
        self.budget = budget or Budget()
        self.board = list(puzzle.tiles)
        self.children, self.md_delta = _move_tables(puzzle.width, puzzle.height)
        self.md = manhattan(puzzle.width, puzzle.tiles)
        self.nodes = 0
        self.h0 = 0
        self.first_bound = 0  # the first iteration's bound (h0, or h0 scaled by a weight)

    def search(self, bound: int) -> list[int] | None:
        """Moves of a solution of length <= bound, or None (also sets self.next_bound)."""
        raise NotImplementedError

    def solve(self, on_iteration: Callable[[int, int], None] | None = None) -> list[int]:
        """An optimal solution (raises SearchAborted when the budget runs out)."""
        bound = self.first_bound
        while True:
            if on_iteration:
                on_iteration(bound, self.nodes)
            found = self.search(bound)
            if found is not None:
                return found
            bound = self.next_bound

    def _tick(self) -> None:
        """Charge 1024 nodes to the budget (called from the hot loops)."""
        self.budget.spend(1024)


class _LinearConflictIda(_Ida):
    """IDA* with Manhattan + linear conflict, updated incrementally (two lines per move)."""

    def __init__(self, puzzle: Puzzle, budget: Budget | None = None) -> None:
        super().__init__(puzzle, budget)
        w, tiles = puzzle.width, puzzle.tiles
        self.lines = [_row_conflicts(w, tiles, r) for r in range(puzzle.height)]
        self.lines += [_col_conflicts(w, tiles, c) for c in range(w)]
        self.h0 = self.first_bound = self.md + 2 * (sum(self.lines))

    def search(self, bound: int) -> list[int] | None:
        """One depth-first pass with f = g + h <= bound."""
        board, children, mdd, lines = self.board, self.children, self.md_delta, self.lines
        w, h = self.puzzle.width, self.puzzle.height
        n = len(board)
        n1 = n + 1
        # lines 0..h-1 are the rows, h..h+w-1 the columns
        slices = [slice(r * w, r * w + w) for r in range(h)] + [slice(c, n, w) for c in range(w)]
        row_of = [c // w for c in range(n)]
        col_of = [h + c % w for c in range(n)]
        path: list[int] = []
        least = [1 << 30]
        memo: dict[tuple[int, ...], int] = {}

        def conflicts(line: int) -> int:
            return _row_conflicts(w, board, line) if line < h else _col_conflicts(w, board, line - h)

        def dfs(blank: int, prev: int, g: int, md: int, lc: int) -> bool:
            self.nodes += 1
            if not self.nodes & 1023:
                self._tick()
            for nb in children[blank * n1 + prev + 1]:
                t = board[nb]
                nmd = md + mdd[(t * n + nb) * n + blank]
                board[blank] = t
                board[nb] = 0
                # a horizontal move changes two columns' contents, a vertical one two rows'
                l1, l2 = (col_of[blank], col_of[nb]) if nb - blank in (1, -1) else (row_of[blank], row_of[nb])
                k1, k2 = (l1, *board[slices[l1]]), (l2, *board[slices[l2]])
                v1 = memo.get(k1)
                if v1 is None:
                    v1 = memo[k1] = conflicts(l1)
                v2 = memo.get(k2)
                if v2 is None:
                    v2 = memo[k2] = conflicts(l2)
                old1, old2 = lines[l1], lines[l2]
                nlc = lc - old1 - old2 + v1 + v2
                f = g + 1 + nmd + 2 * nlc
                if f <= bound:
                    if nmd == 0:
                        path.append(t)
                        return True
                    lines[l1], lines[l2] = v1, v2
                    path.append(t)
                    if dfs(nb, blank, g + 1, nmd, nlc):
                        return True
                    path.pop()
                    lines[l1], lines[l2] = old1, old2
                elif f < least[0]:
                    least[0] = f
                board[nb] = t
                board[blank] = 0
            return False

        if self.h0 == 0:
            return []
        found = dfs(self.board.index(0), -1, 0, self.md, sum(self.lines))
        self.next_bound = least[0]
        if found:
            # leave the board as it started: undo the winning path
            self.board[:] = self.puzzle.tiles
            return path
        return None


class _PatternIda(_Ida):
    """IDA* on 4x4 with Manhattan + the additive PDB offsets, max of direct and reflected.

    Its depth-first loop mirrors _LinearConflictIda's on purpose: each is specialised to its
    heuristic's incremental update, which is where the time goes. `weight` (a, b) searches
    with f = g + (a / b) * h: not optimal then, but far faster (the quick hint's search).
    In the first ORDERED plies the children are tried lowest f first: the last iteration
    finds a solution sooner when the most promising branches come first (Korf #17 in 22% fewer
    nodes, bench/sliding.py); deeper, sorting would cost more than it saves. A `first` tile is tried
    before the other moves of the root (a hint confirming a quick move finds the path through it when
    one of the shortest paths the search keeps starts with it).
    """

    ORDERED = 4

    def __init__(self, puzzle: Puzzle, db: pattern_db.PatternDatabase, budget: Budget | None = None,
                 weight: tuple[int, int] = (1, 1), first: int | None = None) -> None:
        super().__init__(puzzle, budget)
        self.db = db
        self.weight = weight
        self.first = first
        self.idx = db.indices(self.board)
        self.ridx = db.mirror_indices(self.board) if db.reflects else list(self.idx)
        self.val = [tb[i] for tb, i in zip(db.tables, self.idx, strict=True)]
        self.rval = [tb[i] for tb, i in zip(db.tables, self.ridx, strict=True)]
        self.h0 = self.md + max(sum(self.val), sum(self.rval))
        self.first_bound = weight[0] * self.h0

    def search(self, bound: int) -> list[int] | None:
        """One depth-first pass with b * g + a * h <= bound (a = b = 1: f = g + h)."""
        db = self.db
        board, steps = self.board, _pattern_moves(db)
        tables, idx, ridx, val, rval = db.tables, self.idx, self.ridx, self.val, self.rval
        a, step = self.weight
        ordered = self.ORDERED * step
        path: list[int] = []  # the solution's moves, last first (appended as the recursion returns)
        least = 1 << 30
        nodes = self.nodes  # counted here, stored back when the pass ends (or is stopped)

        def dfs(blank: int, state: int, g: int, h: int, rh: int) -> bool:
            nonlocal least, nodes
            nodes += 1
            if not nodes & 1023:
                self._tick()
            g += step
            for nb, nstate, by_tile in steps[state] if g > ordered else by_f(state, h, rh, g == step):
                t = board[nb]
                p, di, rp, dri, dmd = by_tile[t]
                ni = idx[p] + di
                nv = tables[p][ni]
                nh = h + dmd + nv - val[p]
                f = g + a * nh
                if f > bound and f >= least:  # pruned by the direct lookup alone: the reflected one is not needed
                    continue
                nri = ridx[rp] + dri
                nrv = tables[rp][nri]
                nrh = rh + dmd + nrv - rval[rp]
                if nrh > nh:
                    f = g + a * nrh
                if f > bound:
                    if f < least:
                        least = f
                    continue
                if nh == 0:
                    path.append(t)
                    return True
                ov, orv, oi, ori = val[p], rval[rp], idx[p], ridx[rp]
                board[blank] = t
                board[nb] = 0
                idx[p], ridx[rp], val[p], rval[rp] = ni, nri, nv, nrv
                if dfs(nb, nstate, g, nh, nrh):
                    path.append(t)
                    return True
                idx[p], ridx[rp], val[p], rval[rp] = oi, ori, ov, orv
                board[nb] = t
                board[blank] = 0
            return False

        def by_f(state: int, h: int, rh: int, root: bool) -> list[_Move]:
            """The moves allowed in `state`, their children lowest f first (ties: automaton order); at the root,
            the `first` tile's move before all."""
            first = self.first if root else None

            def key(move: _Move) -> tuple[bool, int]:
                t = board[move[0]]
                p, di, rp, dri, dmd = move[2][t]
                return t != first, max(h + dmd + tables[p][idx[p] + di] - val[p],
                                       rh + dmd + tables[rp][ridx[rp] + dri] - rval[rp])
            return sorted(steps[state], key=key)

        if self.h0 == 0:
            return []
        blank = board.index(0)
        try:
            found = dfs(blank, move_pruning.automaton(db.width, db.height).start[blank], 0,
                        self.md + sum(val), self.md + sum(rval))
        finally:
            self.nodes = nodes
        self.next_bound = least
        return path[::-1] if found else None


_Move = tuple[int, int, list[tuple[int, int, int, int, int]]]  # (cell, next state, by tile)
_Steps = list[list[_Move]]


_moves_of: weakref.WeakKeyDictionary[pattern_db.PatternDatabase, _Steps] = weakref.WeakKeyDictionary()


def _pattern_moves(db: pattern_db.PatternDatabase) -> _Steps:
    """steps[state]: (cell, next state, by tile) for every move that move_pruning's automaton allows in that state,
    by_tile[tile] = (pattern, index change, reflected pattern, its index change, Manhattan change) when `tile`
    slides from `cell` into the blank: one lookup per child in the search's loop."""
    if db in _moves_of:
        return _moves_of[db]
    w, n = db.width, db.width * db.height
    by_move = db.deltas()
    pruning = move_pruning.automaton(w, db.height)
    steps = [[(cell, nxt, by_move[pruning.cell[state] * n + cell]) for cell, nxt in row]
             for state, row in enumerate(pruning.moves)]
    _moves_of[db] = steps
    return steps


def _solver(puzzle: Puzzle, budget: Budget | None = None, first: int | None = None) -> _Ida:
    """The fastest exact solver for the size (linear conflict when the pattern databases are absent); `first`: a
    tile the pattern-database search tries first."""
    if puzzle.width * puzzle.height > 9:
        db = pattern_db.database(puzzle.width, puzzle.height)
        if db is not None:
            return _PatternIda(puzzle, db, budget, first=first)
    return _LinearConflictIda(puzzle, budget)


def _with_tables(width: int, height: int) -> bool:
    """Whether this size's exact search uses the pattern databases (read from their files)."""
    return width * height > OPTIMAL_CELLS and pattern_db.database(width, height) is not None


def _exact_budget(width: int, height: int, budget: Budget | None) -> Budget | None:
    """The budget of an exact search: a 4x4 without its database files gets NO_PDB_SECONDS."""
    if budget is None and width * height > OPTIMAL_CELLS and not _with_tables(width, height):
        return Budget(max_seconds=NO_PDB_SECONDS)
    return budget


def solve_optimal(puzzle: Puzzle, budget: Budget | None = None,
                  on_iteration: Callable[[int, int], None] | None = None, first: int | None = None) -> list[int]:
    """A shortest move sequence (tile numbers; through the `first` tile's move when the search finds one there
    first); the position must be solvable."""
    require_solvable(puzzle)
    return _solver(puzzle, budget, first).solve(on_iteration)


def within(puzzle: Puzzle, bound: int, budget: Budget | None = None) -> bool:
    """True when the position can be solved in at most `bound` moves (one bounded pass)."""
    if bound < 0:
        return False
    s = _solver(puzzle, budget)
    return s.h0 <= bound and s.search(bound) is not None


# ---------------------------------------------------------------- Parberry's real-time algorithm


class _Parberry:
    """Solve the top row, then the left column, and recurse; the last 2x2 by search.

    The board is padded with a wall so neighbour arithmetic needs no bounds checks. Tiles
    travel one cell at a time; the blank reaches the cell in front of the tile by an
    L-shaped path, or around the tile (the 5-move macro), or by search near a wall.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        w, h = puzzle.width, puzzle.height
        self.w, self.h, self.s = w, h, w + 2
        size = (w + 2) * (h + 2)
        self.board = [-1] * size
        self.blocked = bytearray(b"\x01") * size  # walls and finished cells
        self.pos = [0] * (w * h)
        for cell, t in enumerate(puzzle.tiles):
            p = self.cell(*divmod(cell, w))
            self.board[p] = t
            self.blocked[p] = 0
            if t:
                self.pos[t] = p
            else:
                self.blank = p
        self.moves: list[int] = []
        self.phases: list[tuple[int, str]] = []  # (index of the phase's first move, name)

    def cell(self, r: int, c: int) -> int:
        """Padded index of board cell (r, c)."""
        return (r + 1) * self.s + c + 1

    def walk(self, path: Sequence[int]) -> None:
        """Move the blank along adjacent cells, sliding each tile it meets."""
        board, pos, moves = self.board, self.pos, self.moves
        blank = self.blank
        for c in path:
            t = board[c]
            board[blank] = t
            pos[t] = blank
            board[c] = 0
            if moves and moves[-1] == t:  # the blank stepped straight back: the two moves cancel
                moves.pop()
            else:
                moves.append(t)
            blank = c
        self.blank = blank

    def _lpath(self, a: int, b: int, vertical_first: bool) -> list[int]:
        """Cells from a (excluded) to b along one row and one column."""
        s = self.s
        ar, ac = divmod(a, s)
        br, bc = divmod(b, s)
        vstep = s if br > ar else -s
        hstep = 1 if bc > ac else -1
        if vertical_first:
            corner = br * s + ac
            return [*range(a + vstep, corner + vstep, vstep), *range(corner + hstep, b + hstep, hstep)] \
                if br != ar else [*range(a + hstep, b + hstep, hstep)]
        corner = ar * s + bc
        return [*range(a + hstep, corner + hstep, hstep), *range(corner + vstep, b + vstep, vstep)] \
            if bc != ac else [*range(a + vstep, b + vstep, vstep)]

    def route(self, dest: int, avoid: int) -> bool:
        """Bring the blank to `dest` without touching `avoid` or finished cells."""
        a = self.blank
        if a == dest:
            return True
        blocked = self.blocked
        if blocked[dest] or dest == avoid:
            return False
        for vf in (True, False):
            path = self._lpath(a, dest, vf)
            if avoid not in path and not any(blocked[c] for c in path):
                self.walk(path)
                return True
        for q in (a - self.s, a + self.s, a - 1, a + 1):
            if blocked[q] or q == avoid:
                continue
            for vf in (True, False):
                path = self._lpath(q, dest, vf) if q != dest else []
                if avoid not in path and not any(blocked[c] for c in path):
                    self.walk([q, *path])
                    return True
        return self._search_route(dest, avoid)

    def _search_route(self, dest: int, avoid: int) -> bool:
        """Breadth-first route for the blank (rare: near walls and finished cells)."""
        blocked, s = self.blocked, self.s
        parent = {self.blank: -1}
        queue = deque([self.blank])
        while queue:
            c = queue.popleft()
            if c == dest:
                path = []
                while c != self.blank:
                    path.append(c)
                    c = parent[c]
                self.walk(path[::-1])
                return True
            for q in (c - s, c + s, c - 1, c + 1):
                if q not in parent and not blocked[q] and q != avoid:
                    parent[q] = c
                    queue.append(q)
        return False

    def move_tile(self, tile: int, target: int, horizontal_first: bool) -> bool:
        """Slide `tile` to `target` step by step; False if the blank gets stuck."""
        s, pos, blocked = self.s, self.pos, self.blocked
        while pos[tile] != target:
            p = pos[tile]
            pr, pc = divmod(p, s)
            tr, tc = divmod(target, s)
            hmove = p + (1 if tc > pc else -1) if tc != pc else -1
            vmove = p + (s if tr > pr else -s) if tr != pr else -1
            order = (hmove, vmove) if horizontal_first else (vmove, hmove)
            step = next((q for q in order if q >= 0 and not blocked[q]), -1)
            if step < 0:
                return False
            b, d = self.blank, step - p
            sides = (s, -s) if d in (1, -1) else (1, -1)
            if b == p - d:  # blank behind the tile: go round it (with the slide, Parberry's 5-move macro)
                e = next((e for e in sides if not (blocked[b + e] or blocked[p + e] or blocked[step + e])), 0)
                if e:
                    self.walk((b + e, p + e, step + e, step, p))
                    continue
            elif b - p in sides and not blocked[step + b - p]:  # beside the tile
                self.walk((step + b - p, step, p))
                continue
            elif b - step in sides:  # diagonally in front
                self.walk((step, p))
                continue
            if not self.route(step, p):
                return False
            self.walk((p,))
        return True

    def _window(self, cells: list[int], done: Callable[[list[int]], bool]) -> None:
        """Finish a small window (blank inside) by breadth-first search over its arrangements."""
        index = {c: i for i, c in enumerate(cells)}
        adjacent = [[index[q] for q in (c - self.s, c + self.s, c - 1, c + 1) if q in index] for c in cells]
        start = tuple(self.board[c] for c in cells)
        parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            if done(list(state)):
                path = []
                link = parent[state]
                while link is not None:
                    state, moved_to = link[0], link[1]
                    path.append(cells[moved_to])
                    link = parent[state]
                self.walk(path[::-1])
                return
            b = state.index(0)
            for j in adjacent[b]:
                nxt = list(state)
                nxt[b], nxt[j] = nxt[j], 0
                key = tuple(nxt)
                if key not in parent:
                    parent[key] = (state, j)
                    queue.append(key)
        raise RuntimeError("sliding: window cannot be finished (unsolvable position?)")

    def last_two(self, a: int, b: int, inward: int, window: list[int], horizontal_first: bool) -> None:
        """Place the last two tiles of a line (targets a, b; b at the line's end)."""
        ta, tb = self.target_tile(a), self.target_tile(b)
        pos, blocked = self.pos, self.blocked
        if not (pos[ta] == a and pos[tb] == b):
            ok = self.move_tile(ta, b, horizontal_first)
            blocked[b] = ok
            if ok and pos[tb] != a and self.move_tile(tb, b + inward, horizontal_first) and self.route(a, pos[tb]):
                self.walk((b, b + inward))
            elif pos[ta] != a or pos[tb] != b:
                # trapped (tile b in a's cell, or the blank shut in a): solve the 3x2 window by search
                blocked[b] = 0
                if self.blank not in window:
                    for c in (pos[ta], pos[tb]):
                        blocked[c] = 1
                    moved = any(self.route(c, -1) for c in window if not blocked[c])
                    for c in (pos[ta], pos[tb]):
                        blocked[c] = 0
                    if not moved:
                        raise RuntimeError("sliding: the blank cannot reach the corner")
                self._window(window, lambda st: st[window.index(a)] == ta and st[window.index(b)] == tb)
        blocked[a] = blocked[b] = 1

    def target_tile(self, padded: int) -> int:
        """The tile whose goal is this padded cell."""
        r, c = divmod(padded, self.s)
        return (r - 1) * self.w + c

    def solve(self) -> list[int]:
        """Run the whole algorithm; moves in self.moves, phases in self.phases."""
        top = left = 0
        w, h, s = self.w, self.h, self.s
        while True:
            rows, cols = h - top, w - left
            if rows == 2 and cols == 2:
                self.phases.append((len(self.moves), "finishing the last 2x2 block"))
                cells = [self.cell(r, c) for r in (top, top + 1) for c in (left, left + 1)]
                goal_tiles = [self.target_tile(c) for c in cells[:3]] + [0]  # this block is the bottom-right one
                self._window(cells, goal_tiles.__eq__)
                return self.moves
            if rows > 2 and (rows >= cols or cols == 2):
                line = [self.cell(top, c) for c in range(left, w)]
                window = [self.cell(r, c) for r in (top, top + 1, top + 2) for c in (w - 2, w - 1)]
                self.place_line(f"placing row {top + 1}", line, s, window, True)
                top += 1
            else:
                line = [self.cell(r, left) for r in range(top, h)]
                window = [self.cell(r, c) for r in (h - 2, h - 1) for c in (left, left + 1, left + 2)]
                self.place_line(f"placing column {left + 1}", line, 1, window, False)
                left += 1

    def place_line(self, label: str, line: list[int], inward: int, window: list[int], horizontal_first: bool) -> None:
        """Place a whole row or column: tiles one by one, then the last two together."""
        self.phases.append((len(self.moves), label))
        for p in line[:-2]:
            if not self.move_tile(self.target_tile(p), p, horizontal_first):
                raise RuntimeError("sliding: could not place a tile")
            self.blocked[p] = 1
        self.last_two(line[-2], line[-1], inward, window, horizontal_first)


def parberry(puzzle: Puzzle) -> tuple[list[int], list[tuple[int, str]]]:
    """Parberry's real-time solution: moves, and (first move index, phase name) per phase."""
    require_solvable(puzzle)
    solver = _Parberry(puzzle)
    solver.solve()
    phases, end = [], len(solver.moves)
    for start, label in reversed(solver.phases):  # cancelled moves may shift a phase's start
        end = min(start, end)
        phases.append((end, label))
    return solver.moves, phases[::-1]


def phase_at(phases: list[tuple[int, str]], index: int) -> str:
    """The phase name of move number `index`."""
    name = phases[0][1] if phases else ""
    for start, label in phases:
        if start <= index:
            name = label
    return name


# ---------------------------------------------------------------- solving, hints, generation


@dataclass(frozen=True)
class Solution:
    """Moves (tile numbers), whether they are known to be a shortest solution, and a proven lower bound on the
    shortest (None where the answer is shortest anyway)."""

    moves: list[int]
    optimal: bool
    method: str
    lower_bound: int | None = None


_known_paths: dict[tuple[int, int, Tiles], list[int]] = {}  # position -> remaining optimal moves


def _remember(puzzle: Puzzle, moves: list[int]) -> None:
    """Cache the optimal tail of every position along a solution (hints follow the same path)."""
    if len(_known_paths) > 20000:
        _known_paths.clear()
    cur = puzzle
    for i, t in enumerate(moves):
        _known_paths[(cur.width, cur.height, cur.tiles)] = moves[i:]
        cur = apply(cur, t)


def solve(puzzle: Puzzle, optimal: bool = True, budget: Budget | None = None, first: int | None = None) -> Solution:
    """Optimal when asked and available (up to 3x4, and 4x4); otherwise the fastest method for the size.

    A 4x4 without its pattern database files searches with linear conflict for at most
    NO_PDB_SECONDS, then falls back to the real-time answer (marked not optimal). `first`: a
    tile whose move the exact search tries first (see _PatternIda).
    """
    require_solvable(puzzle)
    w, h = puzzle.width, puzzle.height
    if (optimal and optimal_available(w, h)) or w * h <= 9:
        key = (w, h, puzzle.tiles)
        with_pdb = _with_tables(w, h)
        budget = _exact_budget(w, h, budget)
        try:
            if key not in _known_paths and not puzzle.is_goal():
                _remember(puzzle, solve_optimal(puzzle, budget, first=first))
            method = "IDA* with pattern databases" if with_pdb else "IDA* with linear conflict"
            return Solution(list(_known_paths.get(key, [])), True, method)
        except SearchAborted:
            if w * h <= OPTIMAL_CELLS:
                raise
    if not optimal_available(w, h):
        return near_optimal(puzzle)
    moves, _ = parberry(puzzle)
    return Solution(moves, False, "Parberry real-time")


# ---------------------------------------------------------------- near-optimal plans beyond 4x4

BEAM = 2000  # beam width on a 5x5 itself, and half of it from the goal (bench/sliding.py: mean 1.095 x the shortest
# on Korf and Felner's 50, none over 1.21)
FINISH_BEAM = 600  # on the 5x5 left once a larger board's first rows and columns are home
SWEEP = (12, 0)  # beam widths bringing a larger board's row or column tiles home together (0: carries only), each tried
QUICK_BEAM = 60  # the provisional hint's (about 0.05 s in CPython)
FINISH_EXACT_NODES = 300_000  # a 4x4 left over is solved exactly within this, else by the beam
REST_EXACT_NODES = 0  # that try's nodes on the 5x5 left of a larger board (0: none; never shorter on the benchmark's
# 30 positions, and its move tables cost about 1.5 s in CPython the first time)
CLOSE = 60  # a 5x5 whose lower bound is at most this tries the exact search first (within FINISH_EXACT_NODES)
PLAN_CELLS = 256  # boards up to this many cells get a plan (16x16: a few seconds at most); larger ones, up to
# 100x100, Parberry's real-time method (the plan's beams and carries grow too slow: a random 20x20 about 10 s)

_known_plans: dict[tuple[int, int, Tiles], tuple[list[int], bool]] = {}  # position -> the rest of a plan made
# earlier, and whether it is a shortest (the rest of a shortest solution is one too)


def forget_plans() -> None:
    """Drop the plans remembered so far (benchmarks time fresh ones)."""
    _known_plans.clear()


def lower_bound(puzzle: Puzzle) -> int:
    """A proven lower bound on the shortest solution: linear conflict, or the pattern databases where loaded."""
    lc = linear_conflict(puzzle.width, puzzle.tiles)
    pdb = pattern_heuristic(puzzle.width, puzzle.tiles) if (puzzle.width, puzzle.height) in pattern_db.PARTITIONS \
        else None
    return lc if pdb is None else max(lc, pdb)


def _finishable(width: int, height: int) -> bool:
    """Whether a block of this size is finished by a search (exact, or the beam on loaded pattern databases)."""
    if width * height <= OPTIMAL_CELLS and optimal_available(width, height):
        return True
    return (width, height) in pattern_db.PARTITIONS and pattern_db.database(width, height) is not None


def _finish(puzzle: Puzzle, beam_width: int, close_nodes: int = FINISH_EXACT_NODES) -> tuple[list[int], bool]:
    """A short solution of a finishable board and whether it is a shortest: exact when quick (small boards; a 4x4
    within FINISH_EXACT_NODES, or a 5x5 within CLOSE of solved within `close_nodes`, if any), else the beam."""
    w, h = puzzle.width, puzzle.height
    if puzzle.is_goal():
        return [], True
    db = pattern_db.database(w, h) if (w, h) in pattern_db.PARTITIONS else None
    if db is None:
        return solve_optimal(puzzle), True  # up to 3x4 by linear conflict: quick
    if optimal_available(w, h) or close_nodes and lower_bound(puzzle) <= CLOSE:
        try:
            nodes = FINISH_EXACT_NODES if optimal_available(w, h) else close_nodes
            return _PatternIda(puzzle, db, Budget(max_nodes=nodes)).solve(), True
        except SearchAborted:
            if request_budget().exhausted():
                raise
    budget = request_budget()  # the beam back from the goal (half as wide) first; the forward beam must beat it
    back = sliding_plan.beam_back(puzzle.tiles, db, max(1, beam_width // 2), budget)
    ahead = sliding_plan.beam(puzzle.tiles, db, beam_width, budget, len(back))
    return (back if ahead is None else ahead), False


def plan_moves(puzzle: Puzzle, beam_width: int = BEAM, finish_width: int = FINISH_BEAM,
               sweep: tuple[int, ...] = SWEEP) -> tuple[list[int], str]:
    """A short solution beyond the exact search, and its method's name (a 5x5 close to solved: "shortest"): the
    beams on a 5x5 (with its tables);
    larger boards (and any without tables) place rows and columns (a beam of each `sweep` width over a line's tiles,
    then carries that push the other tiles homeward; the way with the fewest moves kept) down to a block that a
    search finishes; Parberry's plan if a carry ever gets stuck."""
    w, h = puzzle.width, puzzle.height
    if _finishable(w, h):
        moves, exact = _finish(puzzle, beam_width)
        return moves, "shortest" if exact else "beam searches on pattern databases"
    reduced = sliding_plan.reduce(w, h, puzzle.tiles, _finishable, request_budget(), sweep)
    if reduced is None:
        return parberry(puzzle)[0], "Parberry real-time"
    moves, top, left = reduced
    rest = replay(puzzle, moves)
    block = Puzzle(w - left, h - top, tuple(sliding_plan.relabel(w, h, rest.tiles, top, left)))
    tail = sliding_plan.lift(w, top, left, block.width, _finish(block, finish_width, REST_EXACT_NODES)[0])
    return simplify(moves + tail), "rows and columns by beams and carries, then a search"


def near_optimal(puzzle: Puzzle, quick: bool = False) -> Solution:
    """The plan for a board beyond the exact search (remembered along its positions, so hints follow it), with a
    proven lower bound; optimal when its length meets the bound. `quick`: a narrow beam, at once."""
    bound = lower_bound(puzzle)
    key = (puzzle.width, puzzle.height, puzzle.tiles)
    if puzzle.width * puzzle.height > PLAN_CELLS:  # quick, and the same every time: nothing to remember
        moves = parberry(puzzle)[0]
        return Solution(moves, len(moves) == bound, "Parberry real-time", bound)
    if key in _known_plans:
        rest, shortest = _known_plans[key]
        moves, method = list(rest), "shortest" if shortest else "the plan made earlier"
    elif quick:
        moves, method = plan_moves(puzzle, QUICK_BEAM, QUICK_BEAM, (0,))
    else:
        moves, method = plan_moves(puzzle)
        if len(_known_plans) > 20000:
            _known_plans.clear()
        tiles, where = list(puzzle.tiles), {t: c for c, t in enumerate(puzzle.tiles)}
        for i, t in enumerate(moves):  # each position's plan is the rest of this one
            _known_plans[(puzzle.width, puzzle.height, tuple(tiles))] = moves[i:], method == "shortest"
            b, c = where[0], where[t]
            tiles[b], tiles[c] = t, 0
            where[t], where[0] = b, c
    return Solution(moves, method == "shortest" or len(moves) == bound, method, bound)


def hint(puzzle: Puzzle, state: Puzzle, quick: bool = False, prefer: int | None = None) -> Hint:
    """The next move: on a shortest path when the size allows, else Parberry's next move with its phase.

    `quick` answers at once where the shortest path could take long to find (a 4x4 whose path is
    not known yet): a good move from a weighted search, marked "provisional", for the page to
    show while it asks again without `quick`. A `prefer`red tile is the answer whenever sliding
    it also starts a shortest solution (so the quick move is confirmed, not swapped for an equal one).
    """
    require_solvable(state)
    if state.is_goal():
        why = "The tiles are already in order."
        return Hint("Solved", [], why, None, extra={"distance_before": 0, "distance_after": 0, "phase": "solved"},
                    where="Nothing is left to move.", what="Solved", reveal=(("Solved", why),))
    good = quick_moves(state) if quick else None
    if good is not None:
        t, n = good[0], len(good)
        exact = optimal_available(state.width, state.height)
        told = f"A good move from a quick search: it starts a solution of {n} moves."
        return _move_hint(state, t, n, "Good move", "quick", 2,
                          f"Sliding {t} {direction(state, t)} starts a solution of {n} moves that a quick search "
                          f"found; a shorter one may exist (the {'full search' if exact else 'wider plan'} follows).",
                          f"{told} Looking for {'the shortest' if exact else 'a shorter plan'}…", provisional=True,
                          lower=None if exact else lower_bound(state),
                          settled=f"{told} {'The shortest' if exact else 'A shorter plan'} did not come in the time "
                                  "allowed.")
    asked = prefer
    prefer = prefer if prefer in movable(state) else None
    if not optimal_available(state.width, state.height):
        return _plan_hint(state, asked)
    exact = solve(state, True, first=prefer)
    if exact is not None and exact.optimal:
        t, n = exact.moves[0], len(exact.moves)
        if prefer is not None and prefer != t and _starts_shortest(state, prefer, n):
            t = prefer
        told = ("Confirmed: this move starts a shortest solution." if asked == t else
                f"This move starts a shortest solution; the quick move ({asked}) does not." if asked is not None else
                "This move starts a shortest solution.")
        return _move_hint(state, t, n, "Optimal move", "optimal", 0,
                          f"Sliding {t} {direction(state, t)} starts a shortest solution: distance {n} -> {n - 1}.",
                          f"Moves to solved: {n} → {n - 1}. {told}")
    moves, phases = parberry(state)
    t, n, phase = moves[0], len(moves), phase_at(phases, 0)
    return _move_hint(state, t, n, "Real-time (Parberry)", phase, 1,
                      f"Sliding {t} {direction(state, t)} is the next step of {phase} in the real-time plan: "
                      f"distance {n} -> {n - 1} along this plan (not necessarily the shortest).",
                      f"Real-time plan, {phase}: {n} → {n - 1} moves along the plan (not necessarily the shortest).")


def _plan_hint(state: Puzzle, asked: int | None) -> Hint:
    """The next move of the near-optimal plan, with its length and the lower bound on the shortest."""
    sol = near_optimal(state)
    t, n, low = sol.moves[0], len(sol.moves), sol.lower_bound
    told = ("The quick move is also this plan's." if asked == t else
            f"This plan starts differently from the quick move ({asked})." if asked is not None else "")
    if sol.optimal:
        return _move_hint(state, t, n, "Optimal move", "optimal", 0,
                          f"Sliding {t} {direction(state, t)} starts a shortest solution: distance {n} -> {n - 1}.",
                          f"Moves to solved: {n} → {n - 1}. {told}".strip(), lower=low)
    name = "Real-time (Parberry)" if sol.method == "Parberry real-time" else "Near-optimal plan"  # beyond PLAN_CELLS
    return _move_hint(state, t, n, name, "plan", 1,
                      f"Sliding {t} {direction(state, t)} starts a solution of {n} moves ({sol.method}); the "
                      f"shortest takes at least {low}.",
                      f"Solved in at most {n} moves along this plan (at least {low}). {told}".strip(), lower=low)


def _starts_shortest(state: Puzzle, tile: int, n: int) -> bool:
    """Whether sliding `tile` leaves a position n - 1 moves from solved (its path is remembered)."""
    child = apply(state, tile)
    key = (child.width, child.height, child.tiles)
    if child.is_goal():
        return n == 1
    if key not in _known_paths:
        path = _solver(child, _exact_budget(child.width, child.height, None)).search(n - 1)
        if path is None:
            return False
        _remember(child, path)
    return len(_known_paths[key]) == n - 1


def _move_hint(state: Puzzle, t: int, n: int, technique: str, phase: str, level: int, reason: str, told: str,
               provisional: bool = False, lower: int | None = None, settled: str = "") -> Hint:
    """A hint to slide tile t, with the distance (n moves) before and after it along the plan (and `lower`, a lower
    bound on the shortest, where it is not known); `told` is what a page shows under "Slide t <way>"; a
    provisional hint's `settled` is what it shows instead when the fuller answer does not come."""
    r, c = divmod(state.tiles.index(t), state.width)
    extra: Json = {"distance_before": n, "distance_after": n - 1, "phase": phase, "exact": level == 0}
    if provisional:
        extra["provisional"] = True
        extra["settled"] = settled
    if lower is not None:
        extra["lower_bound"] = lower
    return Hint(technique, [[r, c]], reason, t, level, extra=extra,
                where=f"Look at tile {t}, next to the blank (row {r + 1}, column {c + 1}).",
                what=f"Slide {t} {direction(state, t)}.", move_text=str(t),
                reveal=((f"Slide {t} {direction(state, t)}", told),))


QUICK_WEIGHTS = ((5, 4), (3, 2), (2, 1))  # f = g + w * h, tried in turn, each under QUICK_NODES
QUICK_NODES = 20_000  # about 30 ms in CPython: the quick hint's whole search is under 0.1 s


def quick_moves(state: Puzzle) -> list[int] | None:
    """A solution from a weighted IDA* (short, not always shortest), or None when the exact answer
    is quick anyway: small boards, known paths, sizes without pattern databases (Parberry's plan)."""
    w, h = state.width, state.height
    if not optimal_available(w, h):  # beyond 4x4: the plan's own quick version, unless a plan is known already
        return None if (w, h, state.tiles) in _known_plans else near_optimal(state, quick=True).moves
    if w * h <= OPTIMAL_CELLS or (w, h, state.tiles) in _known_paths or not _with_tables(w, h):
        return None
    db = pattern_db.database(w, h)
    assert db is not None
    for weight in QUICK_WEIGHTS:
        local = Budget(max_nodes=QUICK_NODES)
        try:
            return _PatternIda(state, db, local, weight).solve()
        except SearchAborted:
            if request_budget().exhausted():
                raise
    moves, _ = parberry(state)
    return moves


def random_solvable(width: int, height: int, rng: random.Random) -> Puzzle:
    """A uniformly random solvable position (never the goal itself, except on tiny boards by chance)."""
    tiles = list(range(width * height))
    while True:
        rng.shuffle(tiles)
        p = Puzzle(width, height, tuple(tiles))
        if not is_solvable(p):
            a, b = [c for c in range(len(tiles)) if tiles[c]][:2]  # swapping two tiles flips the parity
            tiles[a], tiles[b] = tiles[b], tiles[a]
            p = Puzzle(width, height, tuple(tiles))
        if not p.is_goal():
            return p


def random_walk(width: int, height: int, steps: int, rng: random.Random) -> Puzzle:
    """A scramble by `steps` random moves that never undo the previous one."""
    p = Puzzle(width, height, goal(width, height))
    prev = 0
    for _ in range(steps):
        t = rng.choice([m for m in movable(p) if m != prev])
        p = apply(p, t)
        prev = t
    return p


def scramble_exact(width: int, height: int, distance: int, rng: random.Random, checks: int = 5000,
                   budget: Budget | None = None) -> Puzzle:
    """A position exactly `distance` optimal moves from the goal: walk outward, backtracking at dead ends."""
    left = [checks]

    def extend(p: Puzzle, prev: int, d: int) -> Puzzle | None:
        if d == distance:
            return p
        options = [m for m in movable(p) if m != prev]
        rng.shuffle(options)
        for t in options:
            if left[0] <= 0:
                return None
            left[0] -= 1
            nxt = apply(p, t)
            # each move changes the distance by exactly 1: it grew unless solvable in d - 1
            if not within(nxt, d - 1, budget):
                found = extend(nxt, t, d + 1)
                if found is not None:
                    return found
        return None

    found = extend(Puzzle(width, height, goal(width, height)), 0, 0)
    if found is None:
        raise PuzzleError(f"could not find a position {distance} moves from the goal")
    return found


def generate(grade: int, seed: int | str, width: int, height: int) -> Puzzle:
    """A position for New (same seed, same position), with its grade and its optimal distance when known.

    Sizes with exact grades (EXACT_GRADES) are scrambled to an exact distance by search; the
    others come from `rules.scramble`, which the page runs too (same seed, same position).
    """
    name = GRADES[grade]
    ranges = EXACT_GRADES.get((width, height))
    if name != "Random" and ranges:
        rng = rng_for(seed, "sliding", width, height, grade)
        lo, hi = ranges[grade]
        k = rng.randint(lo, hi)
        try:
            p = scramble_exact(width, height, k, rng, budget=_exact_budget(width, height, None))
        except SearchAborted:
            if _with_tables(width, height) or width * height <= OPTIMAL_CELLS:
                raise  # the request's own budget ran out
            raise PuzzleError(f"a graded {width}x{height} puzzle needs the pattern database files, which are not "
                              "loaded", "timeout") from None
        return Puzzle(width, height, p.tiles, name, k)
    tiles = rules.scramble(width, height, grade, seed)
    distance = len(solve(Puzzle(width, height, tiles), True).moves) if width * height <= 9 else None  # instant
    return Puzzle(width, height, tiles, name, distance)


# ---------------------------------------------------------------- algorithm lab


def simplify(moves: Sequence[int]) -> list[int]:
    """Drop every move immediately undone by the next (the same tile slid back)."""
    out: list[int] = []
    for t in moves:
        if out and out[-1] == t:
            out.pop()
        else:
            out.append(t)
    return out


def loop_erase(puzzle: Puzzle, moves: Sequence[int]) -> list[int]:
    """Cut every cycle from a walk (returning to an earlier position), keeping a valid path."""
    tiles = list(puzzle.tiles)
    where = {t: c for c, t in enumerate(tiles)}
    seen = {tuple(tiles): 0}
    out: list[int] = []
    for t in moves:
        b, c = where[0], where[t]
        tiles[b], tiles[c] = t, 0
        where[t], where[0] = b, c
        out.append(t)
        key = tuple(tiles)
        if key in seen:
            del out[seen[key]:]
            seen = {k: i for k, i in seen.items() if i <= len(out)}
        else:
            seen[key] = len(out)
    return out


def _fitness(width: int, tiles: Sequence[int]) -> float:
    """The study's fitness: 1 - 0.01 x Manhattan - 0.01 x misplaced (1 = solved)."""
    return 1 - 0.01 * manhattan(width, tiles) - 0.01 * misplaced(width, tiles)


class _Walker:
    """A move sequence from the start position and the board it reaches (a GA individual)."""

    __slots__ = ("moves", "tiles", "blank", "fit")

    def __init__(self, moves: list[int], tiles: list[int], blank: int, fit: float) -> None:
        self.moves, self.tiles, self.blank, self.fit = moves, tiles, blank, fit

    def copy(self) -> _Walker:
        """An independent copy."""
        return _Walker(list(self.moves), list(self.tiles), self.blank, self.fit)

    def slide(self, cell: int) -> None:
        """Slide the tile at `cell` into the blank and record it."""
        t = self.tiles[cell]
        self.tiles[self.blank], self.tiles[cell] = t, 0
        self.blank = cell
        self.moves.append(t)


def genetic(puzzle: Puzzle, budget: Budget, rng: random.Random, population: int = 500, generations: int = 500,
            crossover: float = 0.10, initial_length: int = 30) -> list[int] | None:
    """The study's genetic algorithm on move sequences; nodes = individuals evaluated."""
    w, h = puzzle.width, puzzle.height
    nbrs = [neighbours(w, h, c) for c in range(w * h)]
    start = list(puzzle.tiles)

    def evaluate(ind: _Walker) -> _Walker:
        budget.spend()
        ind.fit = _fitness(w, ind.tiles)
        return ind

    def undo_last(ind: _Walker) -> None:
        t = ind.moves.pop()
        ind.slide(ind.tiles.index(t))
        ind.moves.pop()

    def grow(ind: _Walker, best: bool) -> None:
        last = ind.moves[-1] if ind.moves else 0
        cells = [c for c in nbrs[ind.blank] if ind.tiles[c] != last] or nbrs[ind.blank]
        if best:
            scores = []
            for c in cells:
                trial = ind.copy()
                trial.slide(c)
                scores.append((_fitness(w, trial.tiles), c))
            ind.slide(max(scores)[1])
        else:
            ind.slide(rng.choice(cells))

    def mutate(ind: _Walker) -> None:
        kind = rng.randrange(4)
        if kind == 2 and ind.moves:  # replace the last move
            last = ind.moves[-1]
            undo_last(ind)
            cells = [c for c in nbrs[ind.blank] if ind.tiles[c] != last] or nbrs[ind.blank]
            ind.slide(rng.choice(cells))
        elif kind == 3 and len(ind.moves) > 1:  # truncate
            for _ in range(rng.randint(1, min(5, len(ind.moves) - 1))):
                undo_last(ind)
        else:
            grow(ind, kind == 0)

    def cross(a: _Walker, b: _Walker) -> _Walker:
        cut = rng.randint(0, min(len(a.moves), len(b.moves)))
        child = _Walker([], list(start), start.index(0), 0.0)
        for t in a.moves[:cut]:
            child.slide(child.tiles.index(t))
        for t in b.moves[cut:]:
            c = child.tiles.index(t)
            if c not in nbrs[child.blank]:
                break
            child.slide(c)
        return child

    pop = []
    for _ in range(population):
        ind = _Walker([], list(start), start.index(0), 0.0)
        for _ in range(initial_length):
            grow(ind, False)
        pop.append(evaluate(ind))
    elite = max(1, population // 20)
    for _ in range(generations):
        pop.sort(key=lambda i: -i.fit)
        if pop[0].fit >= 1.0 - 1e-9:
            return pop[0].moves
        nxt = [p.copy() for p in pop[:elite]]
        while len(nxt) < population:
            a = max(rng.sample(pop, 2), key=lambda i: i.fit)
            child = cross(a, max(rng.sample(pop, 2), key=lambda i: i.fit)) if rng.random() < crossover else a.copy()
            mutate(child)
            nxt.append(evaluate(child))
        seen: set[tuple[int, ...]] = set()
        for ind in nxt[elite:]:  # diversity: hyper-mutate duplicates
            key = tuple(ind.tiles)
            if key in seen:
                for _ in range(5):
                    mutate(ind)
                evaluate(ind)
            seen.add(key)
        pop = nxt
        best = max(pop, key=lambda i: i.fit)
        if best.fit >= 1.0 - 1e-9:
            return best.moves
    return None


def annealing(puzzle: Puzzle, budget: Budget, rng: random.Random, t_start: float = 100.0, cooling: float = 0.9999,
              t_end: float = 1e-4) -> list[int] | None:
    """The study's simulated annealing: random successor, Manhattan energy, accept worse w.p. exp(-dE/T)."""
    w, h = puzzle.width, puzzle.height
    nbrs = [neighbours(w, h, c) for c in range(w * h)]
    tiles = list(puzzle.tiles)
    blank = tiles.index(0)
    energy = manhattan(w, tiles)
    moves: list[int] = []
    temp = t_start
    while temp > t_end:
        if energy == 0:
            return moves
        budget.spend()
        cell = rng.choice(nbrs[blank])
        t = tiles[cell]
        delta = pattern_db.tile_distance(w, t, blank) - pattern_db.tile_distance(w, t, cell)
        if delta <= 0 or rng.random() < math.exp(-delta / temp):
            tiles[blank], tiles[cell] = t, 0
            blank = cell
            moves.append(t)
            energy += delta
        temp *= cooling
    return moves if energy == 0 else None


ALGORITHMS = {"bfs": "BFS", "dfs": "DFS", "dls": "Depth-limited DFS", "iddfs": "IDDFS", "a*": "A*", "ida*": "IDA*",
              "greedy": "Greedy best-first",
              "genetic": "Genetic algorithm", "annealing": "Simulated annealing"}
_ALGORITHM_ALIASES = {"astar": "a*", "a-star": "a*", "idastar": "ida*", "ida": "ida*", "ida-star": "ida*",
                      "gbfs": "greedy", "best-first": "greedy", "ga": "genetic", "sa": "annealing",
                      "simulated annealing": "annealing", "genetic algorithm": "genetic", "depth-first": "dfs",
                      "depth-limited": "dls", "dldfs": "dls", "breadth-first": "bfs"}
HEURISTICS: dict[str, str] = {"misplaced": "misplaced tiles", "out-of-row-col": "tiles out of row and column",
                              "manhattan": "Manhattan",
                              "linear-conflict": "linear conflict", "pdb": "pattern database"}
_HEURISTIC_ALIASES = {"lc": "linear-conflict", "linear conflict": "linear-conflict",
                      "linear_conflict": "linear-conflict", "pattern": "pdb", "pattern database": "pdb",
                      "misplaced tiles": "misplaced", "md": "manhattan", "row-col": "out-of-row-col",
                      "out of row and column": "out-of-row-col"}
INFORMED = ("a*", "ida*", "greedy")
LAB_CHOSEN = ("a*", "ida*", "greedy", "manhattan", "linear-conflict")  # ticked when the page's lab opens
OPTIMAL_ALGORITHMS = ("bfs", "iddfs", "a*", "ida*")
MEMORY_BOUND = ("bfs", "dfs")  # they keep every position seen: offered on boards of at most 9 cells
GODS_NUMBERS = {(3, 3): 31, (4, 4): 80}  # the most moves any position needs: depth-limited DFS's limit


def dls_limit(width: int, height: int) -> int:
    """Depth-limited DFS's limit: God's number where known, else a generous bound."""
    return GODS_NUMBERS.get((min(width, height), max(width, height)), width * height * (width + height))


def default_lab(width: int, height: int) -> list[tuple[str, str]]:
    """The study's comparison for a size: every algorithm with every heuristic it takes."""
    small = width * height <= 9
    rows: list[tuple[str, str]] = [(a, "") for a in ("bfs", "dfs", "dls") if small]
    rows.append(("iddfs", ""))
    for algo in INFORMED:
        rows += [(algo, h) for h in HEURISTICS]
    return rows + [("genetic", ""), ("annealing", "")]


def _name(text: Any, table: dict[str, str], aliases: dict[str, str], what: str) -> str:
    """Normalise an algorithm or heuristic name."""
    key = str(text or "").strip().lower()
    key = aliases.get(key, key)
    if key not in table:
        raise PuzzleError(f"unknown {what} {text!r}: choose one of {', '.join(table)}")
    return key


def lab_run(puzzle: Puzzle, algorithm: str, heuristic: str = "", max_nodes: int | None = 1_000_000,
            max_seconds: float | None = 10.0, cancel: Callable[[], bool] | None = None, seed: int = 0) -> Json:
    """Run one algorithm (with one heuristic) under budgets; the lab table's row."""
    require_solvable(puzzle)
    algo = _name(algorithm, ALGORITHMS, _ALGORITHM_ALIASES, "algorithm")
    heur = _name(heuristic, HEURISTICS, _HEURISTIC_ALIASES, "heuristic") if algo in INFORMED else ""
    row: Json = {"algorithm": ALGORITHMS[algo], "heuristic": HEURISTICS.get(heur, ""), "solved": False,
                 "length": None, "nodes": 0, "seconds": 0.0, "optimal": algo in OPTIMAL_ALGORITHMS, "note": ""}
    w, h = puzzle.width, puzzle.height
    if algo in MEMORY_BOUND and w * h > 9:
        row["note"] = (ALGORITHMS[algo] + " is offered on boards of at most 9 cells (it keeps every position it "
                       "has seen)")
        return row
    if heur == "pdb" and pattern_db.database(w, h) is None:
        row["note"] = f"no pattern database for {w}x{h}"
        return row
    width, target = w, goal(w, h)
    nbrs = [neighbours(w, h, c) for c in range(w * h)]

    def successors(state: Tiles) -> Iterator[tuple[int, Tiles]]:
        b = state.index(0)
        for c in nbrs[b]:
            s = list(state)
            s[b], s[c] = s[c], 0
            yield state[c], tuple(s)

    def is_goal(state: Tiles) -> bool:
        return state == target

    hfun: Callable[[Tiles], int] = {
        "misplaced": lambda s: misplaced(width, s), "manhattan": lambda s: manhattan(width, s),
        "out-of-row-col": lambda s: out_of_row_col(width, s),
        "linear-conflict": lambda s: linear_conflict(width, s),
        "pdb": lambda s: pattern_heuristic(width, s) or 0, "": lambda s: 0}[heur]
    rng = random.Random(seed)
    start = puzzle.tiles
    searches: dict[str, Callable[[Budget], list[int] | None]] = {
        "bfs": lambda b: bfs(start, successors, is_goal, b),
        "dfs": lambda b: dfs(start, successors, is_goal, b),
        "dls": lambda b: depth_limited(start, successors, is_goal, b, dls_limit(w, h)),
        "iddfs": lambda b: iddfs(start, successors, is_goal, b),
        "a*": lambda b: astar(start, successors, hfun, is_goal, b),
        "ida*": lambda b: ida_star(start, successors, hfun, is_goal, b),
        "greedy": lambda b: greedy(start, successors, hfun, is_goal, b),
        "genetic": lambda b: genetic(puzzle, b, rng),
        "annealing": lambda b: annealing(puzzle, b, rng),
    }
    result: Result = run(searches[algo], Budget(max_nodes, max_seconds, cancel))
    moves = result.moves
    if moves is not None and algo in ("genetic", "annealing"):
        moves = loop_erase(puzzle, simplify(moves))
    if moves is not None and not replay(puzzle, moves).is_goal():  # every answer checked
        raise RuntimeError(f"sliding lab: {algo} returned a wrong solution")
    row.update(solved=moves is not None, length=None if moves is None else len(moves), nodes=result.nodes,
               seconds=round(result.seconds, 4), note=result.reason, moves=moves)
    return row


def lab(puzzle: Puzzle, algorithms: Sequence[Sequence[str]] | None = None, max_nodes: int | None = 1_000_000,
        max_seconds: float | None = 10.0, cancel: Callable[[], bool] | None = None, seed: int = 0) -> list[Json]:
    """The study-style table: one row per (algorithm, heuristic) run on the position."""
    pairs = algorithms or default_lab(puzzle.width, puzzle.height)
    rows = []
    for pair in pairs:
        algo, heur = (pair, "") if isinstance(pair, str) else ((list(pair) + [""])[:2])
        if (cancel is not None and cancel()) or request_budget().exhausted():
            break  # the request's budget is spent: the rows so far are the answer
        rows.append(lab_run(puzzle, algo, heur, max_nodes, max_seconds, cancel, seed))
    return rows


# ---------------------------------------------------------------- the family


def _puzzle(obj: Json, key: str = "tiles") -> Puzzle:
    """The position in a solve-input object (width and height may be left out for a square board)."""
    tiles = obj.get(key)
    if tiles is None:
        raise PuzzleError(f"missing {key!r}: the tiles in row-major order, 0 for the blank")
    width, height = obj.get("width"), obj.get("height")
    if width is None and height is None and isinstance(tiles, list):
        side = math.isqrt(len(tiles))
        width = height = side if side * side == len(tiles) else None
    return validate(width, height, tiles)


def _positive(value: Any, name: str, default: float | None) -> Any:
    """A positive number from the input, or the default."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise PuzzleError(f"{name} must be a positive number")
    return value


MAX_LAB_RUNS = 50  # (algorithm, heuristic) pairs in one lab request


def _lab_pairs(algorithms: Any) -> list[tuple[str, str]] | None:
    """The lab's "algorithms": names or [algorithm, heuristic] pairs, at most MAX_LAB_RUNS."""
    if algorithms is None:
        return None
    if not isinstance(algorithms, list) or len(algorithms) > MAX_LAB_RUNS:
        raise PuzzleError(f'"algorithms" must be a list of at most {MAX_LAB_RUNS} names or [algorithm, heuristic] '
                          "pairs")
    pairs = []
    for pair in algorithms:
        if isinstance(pair, str):
            pair = [pair]
        if not (isinstance(pair, list) and 1 <= len(pair) <= 2 and all(isinstance(x, str) for x in pair)):
            raise PuzzleError('each of "algorithms" is a name or an [algorithm, heuristic] pair of names')
        pairs.append((pair[0], pair[1] if len(pair) > 1 else ""))
    return pairs


def _trace_greedy(puzzle: Puzzle) -> Iterator[Json]:
    """The lab's greedy best-first run with Manhattan distance (its budgets), told as a phase, then its moves."""
    row = lab_run(puzzle, "greedy", "manhattan")
    if not row["solved"]:
        raise PuzzleError(f"greedy best-first found no solution within the lab's limits ({row['note']})", "timeout")
    moves = row["moves"]
    yield {"event": "phase", "name": f"Looked at {row['nodes']:,} positions; playing the "
           f"{len(moves)} move{'' if len(moves) == 1 else 's'} found", "nodes": row["nodes"]}
    for tile in moves:
        yield {"event": "move", "tile": tile}
    yield {"event": "solved", "moves": moves, "length": len(moves), "optimal": False, "nodes": row["nodes"],
           "steps": len(moves)}


def _position(puzzle: Puzzle, state: State) -> Puzzle:
    """The player's board as a position to solve from."""
    return Puzzle(puzzle.width, puzzle.height, state.tiles)


class SlidingFamily(Family[Puzzle, State]):
    """The sliding puzzle on the typed contract: moves are tile numbers ("7")."""

    name = "sliding"
    title = "Sliding puzzle"
    grades = GRADES
    sizes = tuple(range(MIN_SIDE, MAX_SIDE + 1))  # square boards for `generate`; any W x H is played
    default_size = 4
    watch_view, watch_compare = "slide", True
    methods = (
        Method("ida*", "IDA* (shortest solution)",
               "Deepens a search bound by bound (the threshold) until a solution of that length exists, guided by "
               "distances that never overestimate; then plays the shortest solution. One step = one move.", ("move",)),
        Method("parberry", "Parberry (real time)",
               "Puts the tiles home row by row and column by column without searching; fast, but the moves are "
               "longer than needed. One step = one move.", ("move",)),
        Method("greedy", "Greedy best-first (Manhattan)",
               "The algorithm lab's greedy search: always looks next at the position that seems closest to the goal by "
               "Manhattan distance (how far each tile is from home), whatever it took to get there; then plays the "
               "solution it found, quickly but often far longer than the shortest. One step = one move.", ("move",)),
    )

    # --- text and JSON ---------------------------------------------------------------
    def parse(self, text: str) -> Puzzle:
        """`WxH:t,t,...` (Tatham's Fifteen game ID)."""
        return parse(text)

    def exports(self, puzzle: Puzzle) -> dict[str, str]:
        """Tessera's text is Tatham's Fifteen game ID already."""
        return {"Tatham Fifteen game ID": self.format(puzzle)}

    def format(self, puzzle: Puzzle) -> str:
        """The description `parse` reads."""
        return format(puzzle)

    def read(self, obj: Json) -> Puzzle:
        """{"width", "height", "tiles"} (width and height optional for a square board)."""
        return _puzzle(obj)

    def write(self, puzzle: Puzzle) -> Json:
        """The solve input of a position."""
        return {"width": puzzle.width, "height": puzzle.height, "tiles": list(puzzle.tiles)}

    # --- states and moves ------------------------------------------------------------
    def start(self, puzzle: Puzzle) -> State:
        """The position as set."""
        return State(puzzle.tiles)

    def read_state(self, puzzle: Puzzle, obj: Json) -> State:
        """The tiles in "state" (a board of the puzzle's size), or the start."""
        if obj.get("state") is None:
            return self.start(puzzle)
        return State(rule_call(rules.check_tiles, puzzle.width, puzzle.height, obj["state"]))

    def write_state(self, puzzle: Puzzle, state: State) -> list[int]:
        """The tiles, row by row."""
        return list(state.tiles)

    def apply(self, puzzle: Puzzle, state: State, move: str) -> State:
        """Slide the tile numbered `move` into the blank."""
        tile = rule_call(rules.read_move, move)
        return State(rule_call(rules.slide, puzzle.width, puzzle.height, state.tiles, tile))

    def is_solved(self, puzzle: Puzzle, state: State) -> bool:
        """Tiles in order, blank last."""
        return state.tiles == goal(puzzle.width, puzzle.height)

    # --- solving ---------------------------------------------------------------------
    def generate(self, params: Params, seed: int | str) -> Puzzle:
        """A square position of side `params.size` (default 4) for a grade."""
        n = self.default_size if params.size is None else params.size
        rule_call(rules.check_size, n, n)
        return generate(params.grade, seed, n, n)

    def describe(self, puzzle: Puzzle) -> Json:
        """The grade it was made for and its optimal distance (None when unknown)."""
        out: Json = {} if puzzle.grade is None else {"difficulty": puzzle.grade}
        distance = puzzle.distance
        if distance is None and puzzle.width * puzzle.height <= 9 and is_solvable(puzzle):
            distance = len(solve(puzzle, True).moves)  # instant on small boards
        out["distance"] = distance
        return out

    def solve(self, puzzle: Puzzle, obj: Json) -> Json:
        """{"moves", "length", "optimal"} for {"optimal": bool (default true)}."""
        try:
            sol = solve(puzzle, bool(obj.get("optimal", True)))  # under the request's budget (budget.py)
        except SearchAborted as exc:
            raise PuzzleError(f"no answer within the limit: {exc}", "timeout") from None
        out: Json = {"moves": sol.moves, "length": len(sol.moves), "optimal": sol.optimal}
        if sol.lower_bound is not None:
            out["lower_bound"] = sol.lower_bound
        if obj.get("optimal", True) and not sol.optimal and optimal_available(puzzle.width, puzzle.height):
            out["note"] = f"no shortest solution within the budget: this one is {sol.method}'s, not the shortest"
        return out

    def count(self, puzzle: Puzzle, limit: int = 2) -> int:
        """One goal: 1 when the position can reach it, else 0."""
        return min(limit, 1) if is_solvable(puzzle) else 0

    def check(self, puzzle: Puzzle, state: State) -> list[Problem]:
        """An unsolvable board (with the parity argument), then the tiles not yet home."""
        return self._checked(puzzle, state)[0]

    def _checked(self, puzzle: Puzzle, state: State) -> tuple[list[Problem], Json]:
        """The problems, and the fields the page reads: solvable, reason (the parity sentence), misplaced."""
        problems = []
        ok, why = parity_report(_position(puzzle, state))
        if not ok:
            problems.append(Problem([], "unsolvable", why))
        w = puzzle.width
        wrong = [[c // w, c % w] for c in rules.misplaced(state.tiles)]
        if wrong:
            count = f"{len(wrong)} tile{'s are' if len(wrong) > 1 else ' is'}"
            problems.append(Problem(wrong, "misplaced", f"{count} not home yet."))
        return problems, {"solvable": ok, "reason": why, "misplaced": wrong}

    def checked(self, puzzle: Puzzle, state: State) -> Json:
        """problems, solved, message, and solvable, reason (the parity sentence), misplaced [row, col]."""
        problems, fields = self._checked(puzzle, state)
        return {"problems": [p.to_json() for p in problems], "solved": not problems,
                "message": problems[0].text if problems else "Solved.", **fields}

    def hint(self, puzzle: Puzzle, state: State, obj: Json) -> Hint:
        """The next move with the distance before and after it, and the plan's phase; {"quick": true}
        may answer at once with a good (not surely shortest) move marked "provisional"; "prefer":
        a tile to name when it too starts a shortest solution."""
        prefer = obj.get("prefer")
        prefer = int(prefer) if isinstance(prefer, (int, str)) and str(prefer).isdigit() else None
        return hint(puzzle, _position(puzzle, state), bool(obj.get("quick")), prefer)

    def trace(self, puzzle: Puzzle, method: str, obj: Json) -> Iterator[Json]:
        """IDA* thresholds ("ida*"), Parberry phases ("parberry") or the lab's greedy search ("greedy"), then the
        moves.

        Each move of the solution is {"event": "move", "tile": t} (after the thresholds or the greedy search's
        count, or within its Parberry phase); "solved" also gives "steps", the number of moves. Without
        a method asked for, a board too big for IDA* gets Parberry's.
        """
        require_solvable(puzzle)
        if not obj.get("method") and not optimal_available(puzzle.width, puzzle.height):
            method = "parberry"
        if method == "greedy":
            yield from _trace_greedy(puzzle)
            return
        if method == "parberry":
            moves, phases = parberry(puzzle)
            pending = list(phases)
            for i, tile in enumerate([*moves, None]):  # each phase, then its moves (to animate the board)
                while pending and (tile is None or pending[0][0] <= i):
                    start, label = pending.pop(0)
                    yield {"event": "phase", "name": label, "start": start}
                if tile is not None:
                    yield {"event": "move", "tile": tile}
            yield {"event": "solved", "moves": moves, "length": len(moves), "optimal": False, "steps": len(moves)}
            return
        if not optimal_available(puzzle.width, puzzle.height):
            raise PuzzleError("the IDA* trace is offered for boards up to 4x4")
        solver = _solver(puzzle, _exact_budget(puzzle.width, puzzle.height, None))
        bound, moves = solver.h0, None
        try:
            while moves is None:  # each threshold is told before its pass runs: the trace is lazy
                yield {"event": "threshold", "bound": bound, "nodes": solver.nodes}
                moves = solver.search(bound)
                bound = solver.next_bound
        except SearchAborted as exc:
            raise PuzzleError(f"no shortest solution within the limit ({exc})", "timeout") from None
        for tile in moves:  # the solution found, to animate the board
            yield {"event": "move", "tile": tile}
        yield {"event": "solved", "moves": moves, "length": len(moves), "optimal": True, "nodes": solver.nodes,
               "steps": len(moves)}

    # --- beyond the common commands ------------------------------------------------------
    def tables(self) -> Json:
        """The algorithm lab's choices: [name, label, takes a heuristic, ticked at first] for each algorithm,
        [name, label, ticked at first] for each heuristic."""
        small = " (3×3 and smaller)"
        return {"lab": {"algorithms": [[a, label + (small if a in MEMORY_BOUND else ""), a in INFORMED, a in LAB_CHOSEN]
                                       for a, label in ALGORITHMS.items()],
                        "heuristics": [[h, label[:1].upper() + label[1:], h in LAB_CHOSEN]
                                       for h, label in HEURISTICS.items()]}}

    def lab(self, obj: Json, cancel: Callable[[], bool] | None = None) -> Json:
        """Run the algorithm lab: {"rows": [...]} with solved, length, nodes, seconds per run."""
        puzzle = _puzzle(obj)
        seed = obj.get("seed", 0) or 0
        if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > 2**63:
            raise PuzzleError("the lab's seed must be a whole number")
        rows = lab(puzzle, _lab_pairs(obj.get("algorithms")), _positive(obj.get("max_nodes"), "max_nodes", 1_000_000),
                   _positive(obj.get("max_seconds"), "max_seconds", 10.0), cancel, seed)
        if not obj.get("moves"):
            for row in rows:
                row.pop("moves", None)
        return {"rows": rows}

    def extra(self) -> dict[str, Command]:
        """`lab`: the study's algorithm x heuristic table on a position, one JSON answer per line."""
        return {"lab": Command("run search algorithms with budgets on a position: {\"rows\": [...]}", run=self.lab)}

    def watch_sizes(self) -> list[int]:
        """The boards whose shortest solutions IDA* traces in a watchable time (with the pattern databases)."""
        return [n for n in self.sizes if rules.optimal_available(n, n) and n * n >= rules.PLAY_MIN_CELLS]

    def build_data(self, directory: str, cache: str) -> list[str]:
        """The pattern databases, rebuilt only when their builder or format changes (kept in `cache`)."""
        import shutil

        from . import pattern_db_build

        built, names = pattern_db_build.built(Path(cache), verbose=True)
        for name in names:
            shutil.copy2(built / name, Path(directory) / name)
        for w, h in move_pruning.AS_DATA:
            shutil.copy2(move_pruning.packed_file(w, h, Path(cache)), Path(directory) / move_pruning.file_name(w, h))
        self.use_data(directory)  # starters use the tables, as the worker will
        return [*names, *(move_pruning.file_name(w, h) for w, h in move_pruning.AS_DATA)]

    def use_data(self, directory: str) -> None:
        """Read the pattern databases and packed automata from `directory` (the worker's fetched files, the build's
        output)."""
        pattern_db.use_directory(directory)
        move_pruning.keep_from(directory, move_pruning.AS_DATA)

    def data_files(self, command: str, obj: object) -> tuple[str, ...]:
        """The tables of the size a call solves: its own (3x3, 4x4), and for larger boards the 5x5 and 4x4 ones
        their plans finish on (a 4x4 player never fetches the 5x5 tables). A call without a size: the 4x4's."""
        if command not in ("solve", "hint", "generate", "trace", "lab"):
            return ()
        obj = obj if isinstance(obj, dict) else {}
        w, h = obj.get("width"), obj.get("height")
        tiles, size = obj.get("tiles"), obj.get("size")
        if w is None and h is None:
            side = size if isinstance(size, int) else math.isqrt(len(tiles)) if isinstance(tiles, list) else 4
            w = h = side
        if not (isinstance(w, int) and isinstance(h, int)):
            return ()
        sizes = [(w, h)] if optimal_available(w, h) else [(5, 5), (4, 4)]
        return tuple(name for size in sizes if size in pattern_db.PARTITIONS for name in pattern_db.file_names(*size)) \
            + tuple(move_pruning.file_name(*size) for size in sizes if size in move_pruning.AS_DATA)


FAMILY = SlidingFamily()
