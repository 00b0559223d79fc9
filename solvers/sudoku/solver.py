"""Sudoku's fast complete solver: bitmask candidates, the latin propagation engine, most constrained cell first.

Counts solutions up to a limit (uniqueness checks for the generator and the CLI's "count");
`max_nodes` bounds a search by work, not time, so generation stays deterministic. Every node
is also charged to the request's budget (budget.py): a puzzle that defeats the search (Norvig's
"impossible" kind) ends as a timeout, while one whose givens propagation refutes is no-solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random

from .. import budget, cages, constraints, latin
from ..base import PuzzleError
from ..latin import Mask, propagate
from ..logic import forcing
from .grid import CLASSIC, Grid, Puzzle, Shape, geometry


@cache
def tables(shape: Shape) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int,
                                  tuple[tuple[int, ...], ...]]:
    """(peers, units, full mask, each cell's units) for the hot loops."""
    g = geometry(shape)
    return g.peers, g.units, g.full, g.cell_units


def settle(shape: Shape, cands: list[Mask], queue: list[int], changed: list[int] | None = None) -> bool:
    """Singles to a fixpoint from the `queue` of decided cells, in place; False on a contradiction. A variant also
    follows locked candidates and its cages' fillings and innies (the forcing rungs' closure). With `changed`,
    only the units of the queued and changed cells are scanned (a fixpoint before)."""
    if shape[1] != CLASSIC:
        return forcing.saturate(geometry(shape), cands, queue, range(len(cands)) if changed is None else changed)
    peers, units, full, cell_units = tables(shape)
    if changed is None:
        return propagate(cands, queue, peers, units, full)
    return propagate(cands, queue, peers, units, full, cell_units, changed)


Branches = list[list[tuple[int, Mask]]]  # per branch, (cell, the candidates it keeps there)
SPLIT_COST = 2  # how much finer than the best cell's candidates a cage's or a house's split must be to be chosen


@cache
def killer_cages(shape: Shape) -> tuple[cages.Cage, ...]:
    """A shape's killer cages as (cells, digit sets); none for a shape without cages."""
    box, layout = shape
    return () if layout == CLASSIC else cages.prepare(layout[2], box[0] * box[1])


def finer_split(shape: Shape, cands: list[Mask], weights: Sequence[int], score: float) -> Branches | None:
    """A killer's branching finer than a cell of dom/wdeg `score` (candidates per failure of its rules): the digit
    sets a cage can still make, or the two places a digit has left in a house, each scored the same way (its count
    over one plus its cells' mean failures) and chosen when SPLIT_COST times that is lower; None when none is."""
    best: Branches | None = None
    for cells, sets in killer_cages(shape):
        if any(cands[c] & (cands[c] - 1) for c in cells):
            left = cages.possible(cells, sets, cands)
            if len(left) >= 2:
                mine = SPLIT_COST * len(left) / (1 + sum(weights[c] for c in cells) / len(cells))
                if mine < score:
                    best, score = [[(c, s) for c in cells] for s in left], mine
    for unit in tables(shape)[1]:
        once = twice = more = 0
        for c in unit:
            m = cands[c]
            if m & (m - 1):
                more |= twice & m
                twice = (twice & ~m) | (once & m)
                once |= m
        two = twice & ~more  # the digits with exactly two open places in the unit
        while two:
            b = two & -two
            two ^= b
            places = [c for c in unit if cands[c] & b]
            if len(places) == 2:
                mine = SPLIT_COST * 2 / (1 + (weights[places[0]] + weights[places[1]]) / 2)
                if mine < score:
                    best, score = [[(c, b)] for c in places], mine
    return best


class OutOfNodes(Exception):
    """A search ran past its node budget."""


class Search:
    """Depth-first search over candidate masks, counting solutions up to a limit; counts nodes.

    `max_nodes` bounds the work (OutOfNodes past it): a count, not a clock, so generators stay deterministic.
    With `other_than` (a solution known), that grid is not counted and each cell tries its digit last: a second
    solution, when there is one, tends to come first."""

    def __init__(self, shape: Shape, limit: int = 2, rng: Random | None = None,
                 max_nodes: int | None = None, other_than: Grid | None = None) -> None:
        self.shape = shape
        self.other_than = other_than
        self.full = tables(shape)[2]
        self.limit = limit
        self.rng = rng
        self.max_nodes = max_nodes
        self.nodes = 0
        self.solutions: list[Grid] = []
        self.spend = budget.current().spend
        self.weights: list[int] | None = None

    def run(self, values: Sequence[int]) -> list[Grid]:
        """All solutions (up to the limit) of the given values."""
        full = self.full
        return self.run_cands([1 << (v - 1) if v else full for v in values], [c for c, v in enumerate(values) if v])

    def run_cands(self, cands: list[Mask], fixed: list[int]) -> list[Grid]:
        """All solutions (up to the limit) below candidate masks whose `fixed` cells are decided (consumed). A
        variant's count or solve (no random order, no node budget: the same answer in any order) prefers the
        cells whose rules failed most (its rules are what make it hard)."""
        if self.shape[1] != CLASSIC and self.rng is None and self.max_nodes is None:
            self.weights = [0] * len(cands)
            with forcing.blaming(self.weights):
                if settle(self.shape, cands, fixed):
                    self._search(cands)
        elif settle(self.shape, cands, fixed):
            self._search(cands)
        return self.solutions

    def _search(self, cands: list[Mask]) -> bool:
        """Search below `cands`; True when the limit is reached."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfNodes
        self.spend()
        best = latin.most_constrained(cands) if self.weights is None else latin.most_weighted(cands, self.weights)
        if best < 0:
            grid = tuple(m.bit_length() for m in cands)
            if grid != self.other_than:
                self.solutions.append(grid)
            return len(self.solutions) >= self.limit
        m = cands[best]
        if self.weights is not None and m.bit_count() > 2 and killer_cages(self.shape):
            split = finer_split(self.shape, cands, self.weights, m.bit_count() / (1 + self.weights[best]))
            if split is not None:
                return self._branch(cands, split)
        bits = []
        while m:
            b = m & -m
            bits.append(b)
            m ^= b
        if self.rng is not None:
            self.rng.shuffle(bits)
        if self.other_than is not None:
            last = 1 << (self.other_than[best] - 1)
            bits.sort(key=lambda b: b == last)
        shape = self.shape
        for b in bits:
            nc = cands[:]
            nc[best] = b  # below a fixpoint: only the units of changed cells can hold a new hidden single
            if settle(shape, nc, [best], []) and self._search(nc):
                return True
        return False


    def _branch(self, cands: list[Mask], split: Branches) -> bool:
        """Search below each branch of a split in turn; True when the limit is reached."""
        for branch in split:
            nc = cands[:]
            changed = []
            for c, keep in branch:
                if nc[c] & ~keep:
                    nc[c] &= keep
                    changed.append(c)
            if all(nc[c] for c in changed) and settle(
                    self.shape, nc, [c for c in changed if not nc[c] & (nc[c] - 1)], changed) and self._search(nc):
                return True
        return False


NO_SOLUTION = "this puzzle has no solution: its givens contradict each other"


def solutions(puzzle: Puzzle, limit: int = 2, need: int = 1) -> list[Grid]:
    """Up to `limit` solutions of a puzzle; PuzzleError(no-solution) when fewer than `need` exist."""
    found = Search(puzzle.shape, limit).run(puzzle.givens)
    if len(found) < need:
        raise PuzzleError(NO_SOLUTION, "no-solution")
    return found


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """The number of solutions, counted up to `limit`."""
    return len(solutions(puzzle, limit, need=0))


SOLVED_KEPT = 8  # puzzles whose unique solution `solve` remembers (a player asks hint after hint of one puzzle)
_solved: dict[Puzzle, Grid] = {}


def solve(puzzle: Puzzle, why: str = "") -> Grid:
    """The unique solution; PuzzleError when there is none or more than one."""
    hit = _solved.get(puzzle)
    if hit is not None:
        return hit
    found = solutions(puzzle, 2)
    if len(found) > 1:
        raise PuzzleError(f"this puzzle has more than one solution{why}", "multiple-solutions")
    if len(_solved) >= SOLVED_KEPT:
        del _solved[next(iter(_solved))]
    _solved[puzzle] = found[0]
    return found[0]


def is_solution(puzzle: Puzzle, grid: Sequence[int]) -> bool:
    """True when `grid` fills every cell, keeps the givens and breaks no rule (independent check)."""
    n = puzzle.n
    if len(grid) != n * n or any(g and g != v for g, v in zip(puzzle.givens, grid, strict=True)):
        return False
    want, geo = set(range(1, n + 1)), puzzle.geometry
    return all({grid[c] for c in unit} == want for unit in geo.units) and all(
        len({grid[c] for c in cells}) == len(cells) for _what, cells in geo.groups) and \
        not constraints.broken(geo, grid)



def random_solution(shape: Shape, rng: Random) -> Grid:
    """A random complete grid of a shape (a killer's cages and other constraints ignored: they come from the
    grid)."""
    box, (regions, diagonals, _cages, _more) = shape
    n = box[0] * box[1]
    return Search((box, (regions, diagonals, (), ())), 1, rng).run([0] * (n * n))[0]


def dig(solution: Grid, shape: Shape, rng: Random, keep: int = 0, symmetric: bool = False,
        max_nodes: int | None = None) -> Grid:
    """Remove givens in random order while the solution stays unique (stop at `keep` givens).

    A uniqueness check that needs more than `max_nodes` search nodes counts as failed (the given stays)."""
    box = shape[0]
    n = box[0] * box[1]
    values = list(solution)
    order = list(range(n * n))
    rng.shuffle(order)
    count = n * n
    for c in order:
        if count <= keep:
            break
        if not values[c]:
            continue
        group = {c, n * n - 1 - c} if symmetric else {c}
        saved = {x: values[x] for x in group}
        for x in group:
            values[x] = 0
        try:
            unique = len(Search(shape, 2, max_nodes=max_nodes).run(values)) == 1
        except OutOfNodes:
            unique = False
        if not unique:
            for x, v in saved.items():
                values[x] = v
        else:
            count -= len(group)
    return tuple(values)
