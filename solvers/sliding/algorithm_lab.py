"""The algorithm lab: the study's searches (uninformed, informed, genetic, annealing) one row per run."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .. import pattern_db
from ..base import Json, PuzzleError
from ..budget import current as request_budget
from ..search import Budget, Result, astar, bfs, depth_limited, dfs, greedy, ida_star, iddfs, run
from .puzzle import (
    SMALL_CELLS,
    Puzzle,
    Tiles,
    goal,
    linear_conflict,
    manhattan,
    misplaced,
    neighbours,
    out_of_row_col,
    pattern_heuristic,
    replay,
    require_solvable,
    simplify,
)


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
LAB_NODES = 1_000_000  # a lab run's node budget unless asked otherwise
GODS_NUMBERS = {(3, 3): 31, (4, 4): 80}  # the most moves any position needs: depth-limited DFS's limit


def dls_limit(width: int, height: int) -> int:
    """Depth-limited DFS's limit: God's number where known, else a generous bound."""
    return GODS_NUMBERS.get((min(width, height), max(width, height)), width * height * (width + height))


def default_lab(width: int, height: int) -> list[tuple[str, str]]:
    """The study's comparison for a size: every algorithm with every heuristic it takes."""
    small = width * height <= SMALL_CELLS
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


def lab_run(puzzle: Puzzle, algorithm: str, heuristic: str = "", max_nodes: int | None = LAB_NODES,
            max_seconds: float | None = 10.0, cancel: Callable[[], bool] | None = None, seed: int = 0) -> Json:
    """Run one algorithm (with one heuristic) under budgets; the lab table's row."""
    require_solvable(puzzle)
    algo = _name(algorithm, ALGORITHMS, _ALGORITHM_ALIASES, "algorithm")
    heur = _name(heuristic, HEURISTICS, _HEURISTIC_ALIASES, "heuristic") if algo in INFORMED else ""
    row: Json = {"algorithm": ALGORITHMS[algo], "heuristic": HEURISTICS.get(heur, ""), "solved": False,
                 "length": None, "nodes": 0, "seconds": 0.0, "optimal": algo in OPTIMAL_ALGORITHMS, "note": ""}
    w, h = puzzle.width, puzzle.height
    if algo in MEMORY_BOUND and w * h > SMALL_CELLS:
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


def lab(puzzle: Puzzle, algorithms: Sequence[Sequence[str]] | None = None, max_nodes: int | None = LAB_NODES,
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
