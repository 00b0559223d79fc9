"""Optimal IDA* on the sliding puzzle: linear conflict, or the pattern databases with move pruning."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable

from .. import move_pruning, pattern_db
from ..search import Budget
from .puzzle import (
    OPTIMAL_CELLS,
    SMALL_CELLS,
    Cell,
    Puzzle,
    col_conflicts,
    manhattan,
    neighbours,
    require_solvable,
    row_conflicts,
)

NO_PDB_SECONDS = 20.0  # a 4x4 without its database files gives up on optimality after this


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


class LinearConflictIda(_Ida):
    """IDA* with Manhattan + linear conflict, updated incrementally (two lines per move)."""

    def __init__(self, puzzle: Puzzle, budget: Budget | None = None) -> None:
        super().__init__(puzzle, budget)
        w, tiles = puzzle.width, puzzle.tiles
        self.lines = [row_conflicts(w, tiles, r) for r in range(puzzle.height)]
        self.lines += [col_conflicts(w, tiles, c) for c in range(w)]
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
            return row_conflicts(w, board, line) if line < h else col_conflicts(w, board, line - h)

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


class PatternIda(_Ida):
    """IDA* on 4x4 with Manhattan + the additive PDB offsets, max of direct and reflected.

    Its depth-first loop mirrors LinearConflictIda's on purpose: each is specialised to its
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


def solver_for(puzzle: Puzzle, budget: Budget | None = None, first: int | None = None) -> _Ida:
    """The fastest exact solver for the size (linear conflict when the pattern databases are absent); `first`: a
    tile the pattern-database search tries first."""
    if puzzle.width * puzzle.height > SMALL_CELLS:
        db = pattern_db.database(puzzle.width, puzzle.height)
        if db is not None:
            return PatternIda(puzzle, db, budget, first=first)
    return LinearConflictIda(puzzle, budget)


def with_tables(width: int, height: int) -> bool:
    """Whether this size's exact search uses the pattern databases (read from their files)."""
    return width * height > OPTIMAL_CELLS and pattern_db.database(width, height) is not None


def exact_budget(width: int, height: int, budget: Budget | None) -> Budget | None:
    """The budget of an exact search: a 4x4 without its database files gets NO_PDB_SECONDS."""
    if budget is None and width * height > OPTIMAL_CELLS and not with_tables(width, height):
        return Budget(max_seconds=NO_PDB_SECONDS)
    return budget


def solve_optimal(puzzle: Puzzle, budget: Budget | None = None,
                  on_iteration: Callable[[int, int], None] | None = None, first: int | None = None) -> list[int]:
    """A shortest move sequence (tile numbers; through the `first` tile's move when the search finds one there
    first); the position must be solvable."""
    require_solvable(puzzle)
    return solver_for(puzzle, budget, first).solve(on_iteration)


def within(puzzle: Puzzle, bound: int, budget: Budget | None = None) -> bool:
    """True when the position can be solved in at most `bound` moves (one bounded pass)."""
    if bound < 0:
        return False
    s = solver_for(puzzle, budget)
    return s.h0 <= bound and s.search(bound) is not None
