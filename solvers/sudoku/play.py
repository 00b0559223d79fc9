"""Sudoku on a player's position: the State, what is wrong with it, the next hint, and solver traces.

A State is the player's grid (givens and entries; a changed given shows what overwrote it)
and their notes as candidate masks; moves are the latin move strings of `rules/latin.py`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from .. import constraints, latin, latin_play
from ..base import Hint, Json, Problem, PuzzleError, rule_call
from ..latin import Geometry, Mask, Step, values_of
from ..latin_play import State, moved, rc, read_pencil
from ..logic import GUESS_SCORE, Rung, forcing, uniqueness
from ..logic.explain import told
from ..rules import latin as latin_rules
from ..rules import sudoku as rules
from .grid import GRADES, Puzzle, cell_name, symbol
from .solver import NO_SOLUTION, solutions, solve
from .techniques import first_step, rungs

T = TypeVar("T")
TRIAL = "Trial and error"  # the hints' and the logic trace's step where the ladder is stuck


def start(puzzle: Puzzle) -> State:
    """The givens and no notes."""
    return latin_play.start(puzzle.givens)


def read_state(puzzle: Puzzle, text: object, pencil: object = None) -> State:
    """The state of grid text (a blank at a given counts as the given) and optional pencil strings."""
    values = rule_call(rules.read_state, text, list(puzzle.givens), puzzle.n)
    notes = read_pencil(pencil, puzzle.n) if pencil is not None else [0] * len(values)
    return State(tuple(values), tuple(notes))


def apply(puzzle: Puzzle, state: State, move: str) -> State:
    """The state after a move string; PuzzleError for one that cannot be made."""
    return moved(rules.apply_move, list(puzzle.givens), list(state.values), list(state.notes), move, puzzle.box,
                 puzzle.layout)


# ---------------------------------------------------------------------------- check

@dataclass(frozen=True)
class Check:
    """What is wrong with a player's grid (the C++ study's CountErrors, plus conflicts)."""

    wrong: tuple[int, ...]  # entries that differ from the unique solution
    conflicts: tuple[int, ...]  # cells in a duplicate within a row, column or box
    changed_givens: tuple[int, ...]  # givens the state overwrote
    complete: bool
    solved: bool
    unique: bool  # False: more than one solution, so `wrong` cannot be known
    errors: int  # distinct cells at fault: wrong entries and changed givens (conflicts when not unique)
    solution: tuple[int, ...] | None  # the unique solution (None when there are more)


def check(puzzle: Puzzle, state: State) -> Check:
    """Compare the player's grid with the rules and the unique solution."""
    values = list(state.values)
    changed = tuple(latin_play.changed_givens(puzzle.givens, values))
    found = solutions(puzzle, 2)
    unique = len(found) == 1
    sol = found[0]
    wrong = tuple(latin_play.wrong_entries(puzzle.givens, values, sol if unique else None))
    clash = tuple(latin_rules.conflicts(values, list(puzzle.geometry.peers)))
    complete = all(values)
    solved = complete and not changed and (values == list(sol) if unique else
                                           not clash and not constraints.broken(puzzle.geometry, values))
    # With a unique solution every conflict involves a wrong entry or a changed given, which are counted.
    at_fault = set(wrong) | set(changed) | (set() if unique else {c for c in clash if not puzzle.givens[c]})
    return Check(wrong, clash, changed, complete, solved, unique, len(at_fault), tuple(sol) if unique else None)


def problems(puzzle: Puzzle, state: State, result: Check) -> list[Problem]:
    """The check as problems: changed givens, repeats in a unit or a group (a cage, ...), wrong entries, then the
    broken constraints (a cage's sum, a thermometer that does not rise, ...)."""
    g, values = puzzle.geometry, state.values
    out = latin_play.problems(g, puzzle.givens, values, result.solution, constraints.groups_named(g))
    return out + [Problem(rc(g.n, cells), kind, said) for kind, cells, said in constraints.broken(g, values)]


def check_json(puzzle: Puzzle, result: Check) -> Json:
    """The check's fields as the CLI has always printed them."""
    n = puzzle.n
    return {"errors": result.errors, "wrong": rc(n, result.wrong), "conflicts": rc(n, result.conflicts),
            "changed_givens": rc(n, result.changed_givens), "complete": result.complete,
            "solved": result.solved, "unique": result.unique, "message": check_message(result)}


def check_message(result: Check) -> str:
    """One sentence for the player."""
    if result.solved:
        return "Solved: every cell is right."
    if not result.errors:
        if not result.unique:
            return "No broken rules so far (this puzzle has more than one solution, so entries cannot be checked)."
        return "No mistakes so far." if not result.complete else "Complete, and no mistakes."
    parts = []
    if result.wrong:
        parts.append(f"{len(result.wrong)} wrong {'entry' if len(result.wrong) == 1 else 'entries'}")
    if result.changed_givens:
        k = len(result.changed_givens)
        parts.append(f"{k} changed given{'s' if k > 1 else ''}")
    if result.conflicts and not parts:
        parts.append(f"{len(result.conflicts)} cells in conflict")
    text = f"{result.errors} error{'s' if result.errors > 1 else ''}: " + ", ".join(parts) + "."
    if result.conflicts and len(parts) and result.unique:  # the clashes come from the errors counted: not added
        text += f" {len(result.conflicts)} cells share a digit with a peer."
    return text


# ---------------------------------------------------------------------------- hints on a player's position

def _hint(n: int, technique: str, cells: Sequence[int], reason: str, move: dict, level: int,
          region: dict | None = None, where: str = "", what: str = "") -> Hint:
    """A Hint with the grade name, a region to look at first and its stages."""
    extra = {"grade": GRADES[level], "region": region or {"name": "", "cells": rc(n, cells)}}
    return Hint(technique, rc(n, cells), reason, move, level, extra, where=where, what=what,
                move_text=latin_rules.move_of_json(n, move))


def _unit(g: Geometry, u: int) -> dict:
    """A unit as a hint's region: its name and cells."""
    return {"name": g.unit_names[u], "cells": rc(g.n, g.units[u])}


def _step_hint(g: Geometry, step: Step, level: int) -> Hint:
    """A ladder step as a hint: look at its unit (or its pattern's cells), then the technique and digit."""
    n = g.n
    if step.place is not None:
        c, v = step.place
        move: dict = {"place": [c // n, c % n, v]}
    else:
        move = {"eliminate": [[c // n, c % n, v] for c, v in step.eliminate]}
    if step.unit is not None:
        region = _unit(g, step.unit)
    elif step.place is not None:  # a naked single: point at its box, not the cell
        region = _unit(g, g.cell_units[step.place[0]][-1])
    else:
        region = {"name": ", ".join(g.name(c) for c in step.cells), "cells": rc(n, step.cells)}
    hint = _hint(n, step.technique, step.cells, step.reason, move, level, region, f"Look at {region['name']}",
                 latin_play.what_stage(step.technique, step))
    hint.extra.update(latin_play.step_extra(n, step))
    return hint


def next_step(puzzle: Puzzle, state: State, use_notes: bool = False) -> Hint:
    """A changed given or wrong entry first, then the easiest deduction on the player's position, told in stages.

    With `use_notes`, the player's notes narrow the candidates (note sets leaving out the answer come first)."""
    return told(_next_step(puzzle, state, use_notes), state.values, puzzle.geometry.peers)


def _before_logic(puzzle: Puzzle, state: State, use_notes: bool) -> tuple[Sequence[int], Hint | None]:
    """(the solution, the hint that comes before any logic: a changed given, a wrong entry, solved, notes to repair;
    None when the ladder answers)."""
    values = list(state.values)
    # a changed given is put back before anything needs the solution
    changed = latin_play.changed_givens(puzzle.givens, values)
    sol = puzzle.givens if changed else solve(puzzle, ", so no hint can be sure")
    found = latin_play.position_hint(puzzle.geometry, puzzle.givens, values, state.notes if use_notes else None, sol,
                                     {"grade": GRADES[0]})
    if found is not None:
        found.extra.setdefault("region", {"name": "", "cells": found.cells})
    return sol, found


def _candidates(puzzle: Puzzle, state: State, use_notes: bool) -> list[Mask]:
    """The candidates of the player's position (narrowed by their notes with `use_notes`)."""
    cands = latin.candidates(puzzle.geometry, state.values)
    return latin_play.with_notes(cands, state.values, state.notes) if use_notes else cands


def all_steps(puzzle: Puzzle, state: State, use_notes: bool = False,
              ask: latin_play.StepsAsk = latin_play.EVERY_STEP) -> Json:
    """The `steps` command: every step each rung of the ladder finds on the player's position, in ladder order, each
    told as a hint, or those `ask` wants (latin_play.list_steps). A hint that comes before logic (a wrong entry,
    notes to repair) is the only step while it stands; a solved grid has none."""
    g, values = puzzle.geometry, list(state.values)
    sol, found = _before_logic(puzzle, state, use_notes)
    if found is not None:
        return latin_play.steps_before_logic(found, values, g.peers, ask)
    cands = _candidates(puzzle, state, use_notes)
    with forcing.knowing(sol), uniqueness.givens(puzzle.givens):
        return latin_play.list_steps(
            [(r.name, partial(_rung_steps, r, g, cands, values)) for r in rungs(g)],
            lambda found: told(_step_hint(g, found[1], found[0]), values, g.peers),
            lambda found: latin_play.brief_step(g.n, found[0], found[1]), ask,
            ("sudoku", puzzle, tuple(values), tuple(cands)))


def _rung_steps(rung: Rung, g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Iterator[tuple[int, Step]]:
    """(level, step) for every step of a rung."""
    for step in rung.every(g, cands, values):
        yield rung.level, step


def _next_step(puzzle: Puzzle, state: State, use_notes: bool) -> Hint:
    """The hint of `next_step`, before its stages."""
    g, n = puzzle.geometry, puzzle.n
    values = list(state.values)
    sol, found = _before_logic(puzzle, state, use_notes)
    if found is not None:
        return found
    cands = _candidates(puzzle, state, use_notes)
    level, step = _ladder_step(g, values, cands, sol, puzzle.givens)
    if step.technique != TRIAL:
        return _step_hint(g, step, level)
    assert step.place is not None  # trial and error places the solution's value
    cell, v = step.place
    hint = _hint(n, TRIAL, [cell], step.reason, {"place": [cell // n, cell % n, v]}, level,
                 _unit(g, g.cell_units[cell][-1]),
                 where=f"Look at {cell_name(n, cell)}, the cell with the fewest candidates",
                 what=f"{TRIAL} among {_options(cands[cell])}")
    hint.extra.update(score=GUESS_SCORE, removes=[])
    return hint


def _options(mask: Mask) -> str:
    """A cell's candidates as '2/5/7'."""
    return "/".join(symbol(x) for x in values_of(mask))


def _ladder_step(g: Geometry, values: Sequence[int], cands: Sequence[Mask], sol: Sequence[int],
                 givens: Sequence[int]) -> tuple[int, Step]:
    """The easiest deduction on a position (level, step); when the ladder is stuck, trial and error at the cell with
    the fewest candidates (`sol`, the solution, tells which value works and speeds up the forcing rungs; `givens`
    tell the avoidable rectangles which placed values were solved)."""
    with forcing.knowing(sol), uniqueness.givens(givens):
        found = first_step(g, cands, values)
    if found is not None:
        return found[1], found[0]
    cell = latin_play.fewest(values, cands)
    reason = (f"No technique on Tessera's list applies here: try {_options(cands[cell])} in {cell_name(g.n, cell)} "
              f"one by one; {symbol(sol[cell])} is the one that works")
    return len(GRADES) - 1, Step(TRIAL, (cell,), reason, place=(cell, sol[cell]))


# ---------------------------------------------------------------------------- traces (watch the solver)

def logic_path(puzzle: Puzzle) -> Iterator[tuple[int, Step, Json]]:
    """The hints' logical solve from the givens (latin_play.logic_path): the ladder's easiest step each time,
    singles one by one, and trial and error where the ladder is stuck."""
    g = puzzle.geometry
    sol = solve(puzzle, ", so the logic cannot be traced")
    values = list(puzzle.givens)
    return latin_play.logic_path(g.peers, values, latin.candidates(g, values),
                                 lambda now, cands: (*_ladder_step(g, now, cands, sol, puzzle.givens), {}))


def trace_logic(puzzle: Puzzle, max_steps: int | None = None) -> Iterator[Json]:
    """Tessera's hints one at a time (latin_play.trace_path): the candidates, then each technique and the digit it
    writes or the candidates it crosses out."""
    path = logic_path(puzzle)
    return latin_play.trace_path(puzzle.n, puzzle.givens, latin.candidates(puzzle.geometry, puzzle.givens),
                                 path if max_steps is None else _capped(path, max_steps))


def _capped(items: Iterator[T], limit: int) -> Iterator[T]:
    """The first `limit` items; a timeout error where there would be more."""
    for count, item in enumerate(items, 1):
        if count > limit:
            raise PuzzleError(f"stopped after {limit} steps", "timeout")
        yield item


def trace_backtracking(puzzle: Puzzle, max_steps: int | None = None) -> Iterator[Json]:
    """The study's step machine: next digit, validate, move on or step back to the last non-given cell."""
    n, g = puzzle.n, puzzle.geometry
    peers = g.peers
    values = list(puzzle.givens)
    empties = [c for c, v in enumerate(values) if not v]
    i = steps = 0
    while i < len(empties):
        if i < 0:
            raise PuzzleError(NO_SOLUTION, "no-solution")
        c = empties[i]
        v = values[c] + 1
        steps += 1
        if max_steps is not None and steps > max_steps:
            raise PuzzleError(f"stopped after {max_steps} steps", "timeout")
        if v > n:
            values[c] = 0
            yield {"event": "clear", "cell": rc(n, [c])[0]}
            i -= 1
            continue
        values[c] = v
        yield {"event": "set", "cell": rc(n, [c])[0], "value": v}
        if all(values[p] != v for p in peers[c]) and (not g.typed or constraints.fits(g, values, c)):
            i += 1
    yield {"event": "solved", "steps": steps}


def trace_propagation(puzzle: Puzzle, max_steps: int | None = None) -> Iterator[Json]:
    """Tessera's way: singles first, a guess at the most constrained cell only when stuck; undo on failure."""
    n, g = puzzle.n, puzzle.geometry
    values = list(puzzle.givens)
    counter = {"steps": 0, "technique": ""}

    def emit_technique(name: str) -> Iterator[Json]:
        if counter["technique"] != name:
            counter["technique"] = name
            yield {"event": "technique", "name": name}

    def place(c: int, v: int, placed: list[int]) -> Iterator[Json]:
        counter["steps"] += 1
        if max_steps is not None and counter["steps"] > max_steps:
            raise PuzzleError(f"stopped after {max_steps} steps", "timeout")
        values[c] = v
        placed.append(c)
        yield {"event": "set", "cell": rc(n, [c])[0], "value": v}

    def undo(placed: list[int]) -> Iterator[Json]:
        for c in reversed(placed):
            values[c] = 0
            yield {"event": "clear", "cell": rc(n, [c])[0]}

    def run() -> Iterator[Json]:
        placed: list[int] = []
        while True:
            cands = latin.candidates(g, values)
            if g.typed and not constraints.narrow(g, cands):  # a killer's sums, ..., narrow the candidates too
                cands[0] = 0
            if any(not values[c] and not cands[c] for c in range(n * n)) or not _units_ok(g, cands) or \
                    any(not cands[c] for c in range(n * n)):
                yield from undo(placed)
                return False
            step = latin.find_naked_single(g, cands, values) or latin.find_hidden_single(g, cands, values)
            if step is None:
                break
            yield from emit_technique(step.technique)
            assert step.place is not None
            yield from place(*step.place, placed)
        empty = [c for c in range(n * n) if not values[c]]
        if not empty:
            return True
        cell = min(empty, key=lambda c: cands[c].bit_count())
        for v in latin.values_of(cands[cell]):
            yield from emit_technique("Guess")
            sub: list[int] = []
            yield from place(cell, v, sub)
            if (yield from run()):
                return True
            yield from undo(sub)
            counter["technique"] = ""
        yield from undo(placed)
        return False

    if not (yield from run()):
        raise PuzzleError(NO_SOLUTION, "no-solution")
    yield {"event": "solved", "steps": counter["steps"]}


def _units_ok(g: Geometry, cands: Sequence[Mask]) -> bool:
    """Every unit can still hold every value."""
    full = g.full
    for unit in g.units:
        seen = 0
        for c in unit:
            seen |= cands[c]
        if seen != full:
            return False
    return True
