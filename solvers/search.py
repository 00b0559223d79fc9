"""Generic state-space search with budgets: BFS, IDDFS, A*, IDA* and greedy best-first.

A problem is given by functions: `successors(state)` yields (move, next state) pairs of
unit cost, `is_goal(state)`, and for the informed searches `h(state)`. Every search runs
under a `Budget` (budget.py: nodes expanded, seconds, a cancel callback; a child of the
request's budget) and returns a `Result` with its counters instead of raising.
Limits: unit move costs; states must be hashable.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from .budget import Budget, SearchAborted

__all__ = ["Budget", "Result", "SearchAborted", "astar", "best_first", "bfs", "greedy", "ida_star", "iddfs", "path_to",
           "run"]

State = TypeVar("State", bound=Hashable)
Move = Any
Successors = Callable[[Any], Iterable[tuple[Move, Any]]]
Heuristic = Callable[[Any], int]


@dataclass
class Result:
    """What a search found: the moves (None when unsolved) and its counters."""

    solved: bool
    moves: list[Move] | None
    nodes: int
    seconds: float
    reason: str = ""  # why it stopped unsolved

    @property
    def length(self) -> int | None:
        """Number of moves, or None when unsolved."""
        return None if self.moves is None else len(self.moves)


def run(search: Callable[[Budget], list[Move] | None], budget: Budget | None = None) -> Result:
    """Run a search under a budget and wrap its answer or its abort reason in a Result."""
    budget = budget if budget is not None else Budget()
    try:
        moves = search(budget)
    except SearchAborted as stop:
        return Result(False, None, budget.nodes, budget.elapsed(), str(stop))
    except MemoryError:
        return Result(False, None, budget.nodes, budget.elapsed(), "out of memory")
    return Result(moves is not None, moves, budget.nodes, budget.elapsed(), "" if moves is not None else "no solution")


def path_to(parents: dict[Any, tuple[Any, Move] | None], state: Any) -> list[Move]:
    """The moves leading to `state` in a parent map."""
    moves = []
    link = parents[state]
    while link is not None:
        state, move = link
        moves.append(move)
        link = parents[state]
    moves.reverse()
    return moves


def _graph_search(start: Any, successors: Successors, is_goal: Callable[[Any], bool], budget: Budget,
                  depth_first: bool) -> list[Move] | None:
    """Visit every state once from a queue (breadth first) or a stack (depth first); memory grows."""
    parents: dict[Any, tuple[Any, Move] | None] = {start: None}
    frontier = deque([start])
    take = frontier.pop if depth_first else frontier.popleft
    while frontier:
        state = take()
        if is_goal(state):
            return path_to(parents, state)
        budget.spend()
        for move, nxt in successors(state):
            if nxt not in parents:
                parents[nxt] = (state, move)
                frontier.append(nxt)
    return None


def bfs(start: Any, successors: Successors, is_goal: Callable[[Any], bool], budget: Budget) -> list[Move] | None:
    """Breadth-first search: shortest path, memory grows with the state space."""
    return _graph_search(start, successors, is_goal, budget, depth_first=False)


def dfs(start: Any, successors: Successors, is_goal: Callable[[Any], bool], budget: Budget) -> list[Move] | None:
    """Plain depth-first graph search: some path, usually a very long one; memory grows like BFS."""
    return _graph_search(start, successors, is_goal, budget, depth_first=True)


def depth_limited(start: Any, successors: Successors, is_goal: Callable[[Any], bool], budget: Budget,
                  limit: int) -> list[Move] | None:
    """Depth-limited DFS: the first path of at most `limit` moves found (skips the move back)."""
    path: list[Move] = []

    def dive(state: Any, parent: Any, depth: int) -> bool:
        if is_goal(state):
            return True
        if depth == 0:
            return False
        budget.spend()
        for move, nxt in successors(state):
            if nxt != parent:
                path.append(move)
                if dive(nxt, state, depth - 1):
                    return True
                path.pop()
        return False

    return path if dive(start, None, limit) else None


def iddfs(start: Any, successors: Successors, is_goal: Callable[[Any], bool], budget: Budget,
          max_depth: int = 200) -> list[Move] | None:
    """Iterative deepening: depth-limited DFS at limits 0, 1, 2, ...: the first path found is shortest."""
    for limit in range(max_depth + 1):
        path = depth_limited(start, successors, is_goal, budget, limit)
        if path is not None:
            return path
    return None


def ida_star(start: Any, successors: Successors, h: Heuristic, is_goal: Callable[[Any], bool], budget: Budget,
             on_iteration: Callable[[int, int], None] | None = None) -> list[Move] | None:
    """Iterative-deepening A*: thresholds on f = g + h, each the least f that exceeded the last."""
    path: list[Move] = []
    inf = float("inf")

    def dfs(state: Any, parent: Any, g: int, bound: int) -> float:
        f = g + h(state)
        if f > bound:
            return f
        if is_goal(state):
            return -1
        budget.spend()
        least = inf
        for move, nxt in successors(state):
            if nxt != parent:
                path.append(move)
                t = dfs(nxt, state, g + 1, bound)
                if t < 0:
                    return t
                least = min(least, t)
                path.pop()
        return least

    bound = h(start)
    while True:
        if on_iteration:
            on_iteration(bound, budget.nodes)
        t = dfs(start, None, 0, bound)
        if t < 0:
            return path
        if t == inf:
            return None
        bound = int(t)


def best_first(start: Any, successors: Successors, h: Heuristic, is_goal: Callable[[Any], bool], budget: Budget,
               weight_g: int = 1) -> list[Move] | None:
    """A* (weight_g = 1, priority g + h) or greedy best-first (weight_g = 0, priority h)."""
    tie = itertools.count()
    parents: dict[Any, tuple[Any, Move] | None] = {start: None}
    best_g = {start: 0}
    heap = [(h(start), next(tie), 0, start)]
    closed = set()
    while heap:
        _, _, g, state = heapq.heappop(heap)
        if state in closed:
            continue
        if is_goal(state):
            return path_to(parents, state)
        closed.add(state)
        budget.spend()
        for move, nxt in successors(state):
            ng = g + 1
            if nxt in closed or ng >= best_g.get(nxt, ng + 1):
                continue
            best_g[nxt] = ng
            parents[nxt] = (state, move)
            heapq.heappush(heap, (weight_g * ng + h(nxt), next(tie), ng, nxt))
    return None


def astar(start: Any, successors: Successors, h: Heuristic, is_goal: Callable[[Any], bool],
          budget: Budget) -> list[Move] | None:
    """A*: optimal with an admissible, consistent heuristic."""
    return best_first(start, successors, h, is_goal, budget, 1)


def greedy(start: Any, successors: Successors, h: Heuristic, is_goal: Callable[[Any], bool],
           budget: Budget) -> list[Move] | None:
    """Greedy best-first: always expands the state that looks closest; fast, not optimal."""
    return best_first(start, successors, h, is_goal, budget, 0)
