"""Skyscrapers' play: a player's State, hints told as chains, all steps, checks, and the solvers' traces."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from .. import latin, latin_play
from ..base import Hint, Json, Problem, PuzzleError
from ..latin import Step
from ..latin_play import State, moved, rc, rcv, read_pencil
from ..logic import LogicStep, forcing
from ..logic.explain import told
from ..rules import latin as latin_rules
from ..rules import skyscrapers as rules
from .puzzle import (
    GRADES,
    PHASES,
    SIDES,
    ClueRef,
    Puzzle,
    Solver,
    layout,
    line_name,
    side_name,
    solutions,
    to_grid,
    unique_solution,
    visible,
)
from .techniques import (
    CHAINED_TRACES,
    FORCING,
    RUNGS,
    SCORES,
    TECHNIQUES,
    Board,
    BoardRung,
    clues_said,
    guess_step,
    logic_path,
    next_step,
    start_board,
)


def start(puzzle: Puzzle) -> State:
    """The givens and no notes."""
    return latin_play.start(rules.givens_values(puzzle.n, list(puzzle.givens)))


def _cells(obj: Json, key: str, n: int) -> list[Any] | None:
    """The n x n grid under `key`, flattened, or None when absent."""
    rows = obj.get(key)
    if rows is None:
        return None
    if not isinstance(rows, list) or len(rows) != n or any(not isinstance(r, list) or len(r) != n for r in rows):
        raise PuzzleError(f"the {key} must be {n} rows of {n} cells")
    return [v for row in rows for v in row]


def read_state(puzzle: Puzzle, obj: Json) -> State:
    """The player's grid ("state": n rows of heights, 0 or null = empty; a blank given counts as given) and
    notes ("pencil": n rows of strings like "124"; "" = none; or n*n strings as Sudoku's)."""
    n = puzzle.n
    flat = [0 if v is None else v for v in _cells(obj, "state", n) or [0] * (n * n)]
    for v in flat:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= n:
            raise PuzzleError(f"the state holds {v!r}: cells hold 1 to {n}, or 0 when empty")
    for r, c, v in puzzle.givens:
        flat[r * n + c] = flat[r * n + c] or v
    pencil = obj.get("pencil")
    notes = read_pencil(pencil, n) if pencil is not None else [0] * (n * n)
    return State(tuple(flat), tuple(notes))


def apply(puzzle: Puzzle, state: State, move: str) -> State:
    """The state after a move string (rules/latin.py's syntax); PuzzleError for one that cannot be made."""
    n = puzzle.n
    return moved(rules.apply_move, rules.givens_values(n, list(puzzle.givens)), list(state.values),
                 list(state.notes), move, n)


def _position(puzzle: Puzzle, state: State, use_notes: bool) -> tuple[list[int], Hint | None, Board, bool]:
    """(the solution, the hint that comes before logic or None, the board of the player's position with their
    notes when they keep any, whether they do)."""
    n = puzzle.n
    solution = [v for row in unique_solution(puzzle) for v in row]
    values = list(state.values)
    g = layout(n).g
    pencil = state.notes if use_notes else None
    found = latin_play.position_hint(g, rules.givens_values(n, list(puzzle.givens)), values, pencil, solution,
                                     {"grade": GRADES[0], "clues": []})
    board = Board(puzzle, values, latin.candidates(g, values))
    tracked = pencil is not None and any(pencil[c] for c in range(n * n) if not values[c])
    if tracked:
        latin_play.with_notes(board.cands, values, state.notes)
    return solution, found, board, tracked


def hint(puzzle: Puzzle, state: State, use_notes: bool = False) -> Hint:
    """The next step: a wrong entry to clear, notes to repair, else the easiest deduction (chained to a placement
    without notes)."""
    n = puzzle.n
    solution, found, board, tracked = _position(puzzle, state, use_notes)
    if found is not None:
        return found
    chain: list[tuple[int, Step, tuple[ClueRef, ...]]] = []
    while True:
        with forcing.knowing(solution), forcing.tracing(forcing.MAX_TRACED if tracked else CHAINED_TRACES):
            found_step = next_step(board) or guess_step(board, solution)
        chain.append(found_step)
        if tracked or found_step[1].place is not None or len(chain) > 4 * n * n:
            break
        board.apply(found_step[1])
    return _chain_hint(board, chain, _together(board, chain[-1]))


def _together(board: Board, found: tuple[int, Step, tuple[ClueRef, ...]]) -> list[Step]:
    """The placements one clue deduction makes at once, `found`'s first: every placement its rung finds from the
    same clues (a clue N fixes its whole line, so one hint places it all); `found`'s alone for any other step."""
    _, step, refs = found
    rung = RUNGS.get(step.technique)
    if step.place is None or not refs or rung is None:
        return [step]
    return [step, *(s for s, r in rung.every(board) if r == refs and s.place is not None and s.place != step.place)]


def _joined(steps: Sequence[Step]) -> str:
    """The reasons of placements made together: "head: r1c1 is 1, r1c2 is 2 and r1c3 is 3" when they share their
    head (the words before their last ": "), else one after another."""
    heads = {s.reason.rpartition(": ")[0] for s in steps}
    if len(heads) == 1 and "" not in heads:
        tails = [s.reason.rpartition(": ")[2] for s in steps]
        return f"{heads.pop()}: {_listed(tails)}"
    return "; ".join(s.reason for s in steps)


def _listed(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def all_steps(puzzle: Puzzle, state: State, use_notes: bool = False,
              ask: latin_play.StepsAsk = latin_play.EVERY_STEP) -> Json:
    """The `steps` command: every step each rung of the ladder finds on the player's position (its notes too when
    sent), in ladder order, each told as a hint of its own (never chained to a placement), or those `ask` wants; a
    hint that comes before logic (a wrong entry, notes to repair) is the only step while it stands; a solved grid
    has none."""
    solution, found, board, _ = _position(puzzle, state, use_notes)
    peers = board.lay.g.peers
    if found is not None:
        return latin_play.steps_before_logic(found, board.values, peers, ask)
    with forcing.knowing(solution):
        return latin_play.list_steps(
            [(t.name, partial(_rung_steps, t, board)) for t in TECHNIQUES],
            lambda found: told(_chain_hint(board, [found]), board.values, peers),
            lambda found: latin_play.brief_step(puzzle.n, found[0], found[1]), ask,
            ("skyscrapers", puzzle, tuple(board.values), tuple(board.cands)))


def _rung_steps(rung: BoardRung, board: Board) -> Iterator[tuple[int, Step, tuple[ClueRef, ...]]]:
    """(level, step, clues) for every step of a rung."""
    for step, refs in rung.every(board):
        yield rung.level, step, refs


def _chain_hint(board: Board, chain: list[tuple[int, Step, tuple[ClueRef, ...]]],
                together: Sequence[Step] = ()) -> Hint:
    """The hint of steps played in turn up to the last one's move, told by its key step; with `together` (the
    last step first, then the placements its deduction makes at the same time) one move places them all: "move"
    keeps the first placement, "places" lists every one and the move string plays them at once."""
    n = board.puzzle.n
    last = chain[-1][1]
    level, step, refs = _key_step(chain)
    move: Json = {"place": [last.place[0] // n, last.place[0] % n, last.place[1]]} if last.place else \
        {"eliminate": rcv(n, last.eliminate)}
    places = [s.place for s in together if s.place is not None] if len(together) > 1 else []
    cells = list(dict.fromkeys((*last.cells, *step.cells, *(c for c, _ in places))))
    said = _joined(together) if places else last.reason
    reason = said if step is last else f"{step.reason}. Then {said[0].lower()}{said[1:]}"
    extra: Json = {"grade": GRADES[level], "clues": [list(r) for r in dict.fromkeys(refs + chain[-1][2])],
                   **latin_play.step_extra(n, step, SCORES)}
    bounds = _bounds(board.puzzle, [(s, r) for _, s, r in chain if s.technique == "Clue bound"])
    if bounds:
        extra["bounds"] = bounds
    extra["region"] = _region(board, step, refs)
    if len(chain) > 1:
        extra["steps"] = [{"technique": s.technique, "reason": s.reason, "level": lv, "score": SCORES[s.technique]}
                          for lv, s, _ in chain]
    what, move_text = latin_play.what_stage(step.technique, last), latin_rules.move_of_json(n, move)
    if places:
        extra["places"] = rcv(n, places)
        what = f"{step.technique}: {_listed([latin_rules.symbol(v) for _, v in places])} at once"
        move_text = latin_rules.format_move(n, [(c, latin_rules.PLACE, v) for c, v in places])
    return Hint(step.technique, rc(n, cells), reason + ".", move, level, extra,
                where=_where(board, step, refs), what=what, move_text=move_text)


def _bounds(puzzle: Puzzle, steps: Sequence[tuple[Step, tuple[ClueRef, ...]]]) -> list[list[int]]:
    """[row, col, most] for the cells clue bounds capped in these steps (the lowest cap per cell)."""
    n, caps = puzzle.n, {}
    lay = layout(n)
    for step, refs in steps:
        for ref in refs:
            for d, c in enumerate(lay.sight[ref]):
                most = n - puzzle.clue(ref) + 1 + d
                if c in step.cells and most < n:
                    caps[c] = min(caps.get(c, n), most)
    return [[c // n, c % n, k] for c, k in sorted(caps.items())]


def _region(board: Board, step: Step, refs: tuple[ClueRef, ...]) -> Json:
    """The first stage's cells with a name: the clue's line, the step's unit, or the pattern's cells."""
    n, g = board.puzzle.n, board.lay.g
    if refs:
        return {"name": line_name(refs[0]), "cells": rc(n, board.lay.sight[refs[0]])}
    if step.unit is not None:
        return {"name": g.unit_names[step.unit], "cells": rc(n, g.units[step.unit])}
    if step.place is not None and len(step.cells) == 1:  # a naked single or a guess: its row, not the cell alone
        r = step.place[0] // n
        return {"name": f"row {r + 1}", "cells": [[r, c] for c in range(n)]}
    return {"name": ", ".join(g.name(c) for c in step.cells), "cells": rc(n, step.cells)}


def _where(board: Board, step: Step, refs: tuple[ClueRef, ...]) -> str:
    """The first stage of a hint: the clue and line, the unit, or the pattern's cells to look at."""
    if refs:
        clues = clues_said(board.puzzle, *refs)
        return f"Look at {line_name(refs[0])} and {clues}"
    g = board.lay.g
    if step.technique in FORCING:  # the assumption's cell: what would follow from it?
        return f"Look at {g.name(step.cells[0])}: what would follow from each height there?"
    if step.unit is not None:
        return f"Look at {g.unit_names[step.unit]}"
    heights = {v for _, v in step.causes} if isinstance(step, LogicStep) else set()
    if len(heights) == 1 and step.place is None:  # a pattern of one height (fish, colouring, X-chain)
        return f"Look at where {heights.pop()} can stand in " + ", ".join(g.name(c) for c in step.cells)
    if step.place is not None:  # a naked single or a guess: its row, without naming the cell
        return f"Look at row {step.place[0] // board.puzzle.n + 1}"
    return "Look at " + ", ".join(g.name(c) for c in step.cells)


def _key_step(chain: list[tuple[int, Step, tuple[ClueRef, ...]]]) -> tuple[int, Step, tuple[ClueRef, ...]]:
    """The step that explains a chained hint: the hardest, preferring an elimination on the placed cell."""
    last = chain[-1][1]
    target = {last.place[0]} if last.place else set()
    relevant = [f for f in chain[:-1] if any(c in target for c, _ in f[1].eliminate)] + [chain[-1]]
    hardest = max(f[0] for f in chain)
    pool = [f for f in relevant if f[0] == hardest] or [f for f in chain if f[0] == hardest]
    return pool[0] if pool[0][1].eliminate else pool[-1]


def check(puzzle: Puzzle, state: State) -> tuple[list[Problem], Json]:
    """Mistakes in the player's grid against the rules and the unique solution (searched once): the problems
    (changed givens, repeated heights, wrong entries, broken clues) and the check's fields (errors, wrong,
    conflicts, bad_clues, complete, solved, message)."""
    n = puzzle.n
    values = list(state.values)
    lay = layout(n)
    givens = rules.givens_values(n, list(puzzle.givens))
    found = solutions(puzzle, 2)
    solution = [v for row in found[0] for v in row] if len(found) == 1 else None
    wrong = sorted({*latin_play.wrong_entries(givens, values, solution), *latin_play.changed_givens(givens, values)})
    conflicts = latin_rules.conflicts(values, list(lay.g.peers))
    broken = set(rules.broken_clues(n, {s: getattr(puzzle, s) for s in SIDES}, values))
    bad = [ref for ref in lay.sight if ref in broken]
    problems = latin_play.problems(lay.g, givens, values, solution)
    for side, i in bad:
        cells = lay.sight[(side, i)]
        clue = puzzle.clue((side, i))
        problems.append(Problem(rc(n, cells), "clue", f"The {clue} {side_name((side, i))} sees "
                                f"{visible([values[c] for c in cells])} towers, not {clue}"))
    errors = len(set(wrong) | set(conflicts)) + len(bad)
    complete = all(values)
    solved = complete and errors == 0
    if solved:
        message = "Solved: every tower is in place"
    elif errors:
        parts = [f"{len(wrong)} wrong" if wrong else "", f"{len(conflicts)} repeated" if conflicts else "",
                 f"{len(bad)} clue{'s' if len(bad) > 1 else ''} not met" if bad else ""]
        message = "Not right yet: " + ", ".join(p for p in parts if p)
    else:
        message = "No mistakes so far" if not complete else "Complete"
    if not found:
        message += " (this puzzle has no solution)"
    elif solution is None:
        message += " (this puzzle has more than one solution)"
    return problems, {"errors": errors, "wrong": rc(n, wrong), "conflicts": rc(n, sorted(conflicts)),
                      "bad_clues": [list(r) for r in bad], "complete": complete, "solved": solved, "message": message}


# --------------------------------------------------------------------------- traces


def trace_logic(puzzle: Puzzle) -> Iterator[Json]:
    """The human solver's steps (latin_play.trace_path): technique with the clues it reads, then the cells it sets
    or the candidates it removes."""
    board = start_board(puzzle)
    return latin_play.trace_path(puzzle.n, board.values, board.cands,
                                 ((level, step, {"clues": [list(r) for r in refs]})
                                  for level, step, refs in logic_path(puzzle)))


def trace_phases(puzzle: Puzzle, max_guesses: int = 100_000) -> Iterator[Json]:
    """The phase solver as the reference prints it: candidate grids after each phase and guess."""
    n = puzzle.n
    solver = Solver(puzzle, max_guesses=max_guesses, trace=True)
    cands = [solver.lay.g.full] * (n * n)
    for phases, name in (((), "Givens"), ((1,), "Clue 1"), ((1, 2), "Clue N"), ((1, 2, 3), "Clue bound")):
        solver.phases = frozenset(phases)
        cands = solver.initial()
        if cands is None:
            raise PuzzleError("this puzzle has no solution: the clues and givens contradict each other", "no-solution")
        yield {"event": "technique", "name": name}
        yield {"event": "candidates", "grid": latin_play.candidate_grid(cands, n)}
    solver.phases = frozenset(PHASES)
    yield {"event": "technique", "name": "Line permutations"}
    for item in solver.search(cands):
        if isinstance(item, list):
            yield {"event": "solved", "steps": solver.nodes, "guesses": solver.guesses, "solution": to_grid(item, n)}
            return
        yield item
    raise PuzzleError("this puzzle has no solution", "no-solution")
