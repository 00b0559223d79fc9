"""Solving and hints: optimal up to 4x4, near-optimal plans beyond, remembered paths, quick hints."""

from __future__ import annotations

from dataclasses import dataclass

from .. import pattern_db, sliding_plan
from ..base import Hint, Json
from ..budget import current as request_budget
from ..search import Budget, SearchAborted
from .optimal import (
    PatternIda,
    exact_budget,
    solve_optimal,
    solver_for,
    with_tables,
)
from .puzzle import (
    OPTIMAL_CELLS,
    SMALL_CELLS,
    Puzzle,
    Tiles,
    apply,
    direction,
    linear_conflict,
    movable,
    optimal_available,
    pattern_heuristic,
    replay,
    require_solvable,
    simplify,
)
from .realtime import parberry, phase_at


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
    tile whose move the exact search tries first (see PatternIda).
    """
    require_solvable(puzzle)
    w, h = puzzle.width, puzzle.height
    if (optimal and optimal_available(w, h)) or w * h <= SMALL_CELLS:
        key = (w, h, puzzle.tiles)
        with_pdb = with_tables(w, h)
        budget = exact_budget(w, h, budget)
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
            return PatternIda(puzzle, db, Budget(max_nodes=nodes)).solve(), True
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
        path = solver_for(child, exact_budget(child.width, child.height, None)).search(n - 1)
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
    if w * h <= OPTIMAL_CELLS or (w, h, state.tiles) in _known_paths or not with_tables(w, h):
        return None
    db = pattern_db.database(w, h)
    assert db is not None
    for weight in QUICK_WEIGHTS:
        local = Budget(max_nodes=QUICK_NODES)
        try:
            return PatternIda(state, db, local, weight).solve()
        except SearchAborted:
            if request_budget().exhausted():
                raise
    moves, _ = parberry(state)
    return moves
