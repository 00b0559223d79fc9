"""Sudoku on a player's position: the State, what is wrong with it, the next hint, and solver traces.

A State is the player's grid (givens and entries; a changed given shows what overwrote it)
and their notes as candidate masks; moves are the latin move strings of `rules/latin.py`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .. import cages, latin
from ..base import Hint, Json, Problem, PuzzleError
from ..latin import Geometry, Mask, Step, bit, values_of
from ..logic import GUESS_SCORE, SCORES, LogicStep
from ..logic.explain import notes_to_repair, told
from ..rules import latin as latin_rules
from ..rules import sudoku as rules
from .grid import GRADES, Grid, Puzzle, cell_name, grid_text, read_values, symbol
from .solver import NO_SOLUTION, solutions, solve
from .techniques import first_step


@dataclass(frozen=True)
class State:
    """The player's grid (0 = empty; givens included) and notes (candidate masks, 0 = none)."""

    values: Grid
    notes: tuple[Mask, ...]

    @property
    def text(self) -> str:
        """The grid as text ('.' = empty)."""
        return grid_text(self.values)


def start(puzzle: Puzzle) -> State:
    """The givens and no notes."""
    return State(puzzle.givens, (0,) * len(puzzle.givens))


def read_state(puzzle: Puzzle, text: object, pencil: object = None) -> State:
    """The state of grid text (a blank at a given counts as the given) and optional pencil strings."""
    try:
        values = rules.read_state(text, list(puzzle.givens), puzzle.n)  # type: ignore[arg-type]
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    notes = pencil_masks(puzzle.n, pencil) if pencil is not None else [0] * len(values)
    return State(tuple(values), tuple(notes))


def pencil_masks(n: int, pencil: object) -> list[Mask]:
    """The player's notes (n*n strings of symbols) as masks (0 = no notes in that cell)."""
    if not isinstance(pencil, Sequence) or isinstance(pencil, str) or len(pencil) != n * n:
        raise PuzzleError(f"pencil must be a list of {n * n} strings of candidate digits")
    out = []
    for marks in pencil:
        if not isinstance(marks, str):
            raise PuzzleError("each pencil entry must be a string such as \"137\"")
        mask = 0
        for v in read_values(marks.replace(".", "").replace("0", ""), n, "pencil marks"):
            mask |= bit(v)
        out.append(mask)
    return out


def apply(puzzle: Puzzle, state: State, move: str) -> State:
    """The state after a move string; PuzzleError for one that cannot be made."""
    try:
        values, notes = rules.apply_move(list(puzzle.givens), list(state.values), list(state.notes), move,
                                         puzzle.box, puzzle.layout)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    return State(values, notes)


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


def check(puzzle: Puzzle, state: State) -> Check:
    """Compare the player's grid with the rules and the unique solution."""
    n = puzzle.n
    values = list(state.values)
    changed = tuple(rules.changed_givens(values, list(puzzle.givens)))
    found = solutions(puzzle, 2)
    unique = len(found) == 1
    sol = found[0]
    entries = [c for c in range(n * n) if not puzzle.givens[c] and values[c]]
    wrong = tuple(c for c in entries if values[c] != sol[c]) if unique else ()
    clash = tuple(latin_rules.conflicts(values, list(puzzle.geometry.peers)))
    complete = all(values)
    solved = complete and not changed and (values == list(sol) if unique else not clash)
    # With a unique solution every conflict involves a wrong entry or a changed given, which are counted.
    at_fault = set(wrong) | set(changed) | (set() if unique else {c for c in clash if not puzzle.givens[c]})
    return Check(wrong, clash, changed, complete, solved, unique, len(at_fault))


def problems(puzzle: Puzzle, state: State, result: Check) -> list[Problem]:
    """The check as problems: changed givens, repeats in a unit, then wrong entries."""
    n, g = puzzle.n, puzzle.geometry
    out = [Problem(_rc(n, [c]), "given", f"{cell_name(n, c)} is a given {symbol(puzzle.givens[c])}, but it now "
                   f"shows {symbol(state.values[c])}") for c in result.changed_givens]
    for u, v, cells in latin_rules.repeats(list(state.values), [list(unit) for unit in g.units]):
        times = "twice" if len(cells) == 2 else f"{len(cells)} times"
        out.append(Problem(_rc(n, cells), "repeat", f"{symbol(v)} appears {times} in {g.unit_names[u]}"))
    for total, cells in puzzle.layout[2]:
        where = f"the cage at {cell_name(n, cells[0])}"
        for _unit, v, at in latin_rules.repeats(list(state.values), [list(cells)]):
            times = "twice" if len(at) == 2 else f"{len(at)} times"
            out.append(Problem(_rc(n, at), "repeat", f"{symbol(v)} appears {times} in {where}"))
        if all(state.values[c] for c in cells) and sum(state.values[c] for c in cells) != total:
            out.append(Problem(_rc(n, cells), "sum", f"The digits of {where} add up to "
                               f"{sum(state.values[c] for c in cells)}, not {total}"))
    out += [Problem(_rc(n, [c]), "wrong", f"The {symbol(state.values[c])} in {cell_name(n, c)} is wrong")
            for c in result.wrong]
    return out


def check_json(puzzle: Puzzle, result: Check) -> Json:
    """The check's fields as the CLI has always printed them."""
    n = puzzle.n
    return {"errors": result.errors, "wrong": _rc(n, result.wrong), "conflicts": _rc(n, result.conflicts),
            "changed_givens": _rc(n, result.changed_givens), "complete": result.complete,
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

def _rc(n: int, cells: Sequence[int]) -> list[list[int]]:
    """Cells as [[row, col], ...] (0-based)."""
    return [[c // n, c % n] for c in cells]


def _hint(n: int, technique: str, cells: Sequence[int], reason: str, move: dict, level: int,
          region: dict | None = None, where: str = "", what: str = "") -> Hint:
    """A Hint with the grade name, a region to look at first and its stages."""
    extra = {"grade": GRADES[level], "region": region or {"name": "", "cells": _rc(n, cells)}}
    return Hint(technique, _rc(n, cells), reason, move, level, extra, where=where, what=what,
                step=latin_rules.move_of_json(n, move))


def _unit(g: Geometry, u: int) -> dict:
    """A unit as a hint's region: its name and cells."""
    return {"name": g.unit_names[u], "cells": _rc(g.n, g.units[u])}


def _step_hint(g: Geometry, step: Step, level: int) -> Hint:
    """A ladder step as a hint: look at its unit (or its pattern's cells), then the technique and digit."""
    n = g.n
    if step.place is not None:
        c, v = step.place
        move: dict = {"place": [c // n, c % n, v]}
        what = f"{step.technique}: {latin_rules.a_symbol(v)}"
    else:
        move = {"eliminate": [[c // n, c % n, v] for c, v in step.eliminate]}
        gone = sorted({v for _, v in step.eliminate})
        what = f"{step.technique}: remove {'/'.join(symbol(v) for v in gone)}"
    if step.unit is not None:
        region = _unit(g, step.unit)
    elif step.place is not None:  # a naked single: point at its box, not the cell
        region = _unit(g, g.cell_units[step.place[0]][-1])
    else:
        region = {"name": ", ".join(g.name(c) for c in step.cells), "cells": _rc(n, step.cells)}
    hint = _hint(n, step.technique, step.cells, step.reason, move, level, region, f"Look at {region['name']}", what)
    hint.extra.update(_step_extra(n, step))
    return hint


def _step_extra(n: int, step: Step) -> dict:
    """What a step rests on, for the page: causing and removed candidates, the chain's nodes, its score."""
    out: dict = {"score": SCORES.get(step.technique, GUESS_SCORE),
                 "removes": [[c // n, c % n, v] for c, v in step.eliminate]}
    if isinstance(step, LogicStep):
        out["causes"] = [[c // n, c % n, v] for c, v in step.causes]
        if step.chain:
            out["chain"] = [{"cells": _rc(n, cells), "value": v, "on": on} for cells, v, on in step.chain]
        if step.lines:
            out["implications"] = list(step.lines)
        if step.colours:
            out["colours"] = [[c // n, c % n, k] for c, k in step.colours]
    return out


def next_step(puzzle: Puzzle, state: State, use_notes: bool = False) -> Hint:
    """A changed given or wrong entry first, then the easiest deduction on the player's position, told in stages.

    With `use_notes`, the player's notes narrow the candidates (note sets leaving out the answer come first)."""
    return told(_next_step(puzzle, state, use_notes), state.values, puzzle.geometry.peers)


def _next_step(puzzle: Puzzle, state: State, use_notes: bool) -> Hint:
    """The hint of `next_step`, before its stages."""
    g, n = puzzle.geometry, puzzle.n
    values = list(state.values)
    for c in rules.changed_givens(values, list(puzzle.givens)):
        given = puzzle.givens[c]
        reason = f"{cell_name(n, c)} is a given {symbol(given)}, but it now shows {symbol(values[c])}"
        return _hint(n, "Changed given", [c], reason, {"place": [c // n, c % n, given]}, 0,
                     where=f"Look at {cell_name(n, c)}", what=f"Changed given: put back the {symbol(given)}")
    sol = solve(puzzle, ", so no hint can be sure")
    for c, v in enumerate(values):
        if v and v != sol[c]:
            clash = [p for p in g.peers[c] if values[p] == v]
            why = f"it clashes with {cell_name(n, clash[0])}" if clash else "it does not lead to the solution"
            return _hint(n, "Wrong entry", [c], f"The {symbol(v)} in {cell_name(n, c)} is wrong: {why}",
                         {"clear": [c // n, c % n]}, 0, where=f"Look at {cell_name(n, c)}",
                         what=f"Wrong entry: the {symbol(v)} does not belong there")
    if all(values):
        return _hint(n, "Solved", [], "Every cell is filled in correctly", {}, 0, where="Nothing left to do",
                     what="Solved")
    cands = latin.candidates(g, values)
    if use_notes:
        repair = notes_to_repair(values, state.notes, sol, g.peers, 0, {"grade": GRADES[0]})
        if repair is not None:
            return repair
        for c, mask in enumerate(state.notes):
            if mask and not values[c]:
                cands[c] &= mask
    found_step = first_step(g, cands, values)
    if found_step is not None:
        return _step_hint(g, *found_step)
    empty = [c for c in range(n * n) if not values[c]]
    cell = min(empty, key=lambda c: cands[c].bit_count())
    v = sol[cell]
    options = "/".join(symbol(x) for x in values_of(cands[cell]))
    reason = (f"No technique on Tessera's list applies here: try {options} in {cell_name(n, cell)} one by one; "
              f"{symbol(v)} is the one that works")
    hint = _hint(n, "Trial and error", [cell], reason, {"place": [cell // n, cell % n, v]}, len(GRADES) - 1,
                 _unit(g, g.cell_units[cell][-1]),
                 where=f"Look at {cell_name(n, cell)}, the cell with the fewest candidates",
                 what=f"Trial and error among {options}")
    hint.extra.update(score=GUESS_SCORE, removes=[])
    return hint


# ---------------------------------------------------------------------------- traces (watch the solver)

def _cell(n: int, cell: int) -> list[int]:
    """[row, col] 0-based."""
    return [cell // n, cell % n]


def trace_backtracking(puzzle: Puzzle, max_steps: int | None = None) -> Iterator[Json]:
    """The study's step machine: next digit, validate, move on or step back to the last non-given cell."""
    n, g = puzzle.n, puzzle.geometry
    peers = g.peers
    cage_of = {c: cage for cage in g.cages for c in cage[1]}
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
            yield {"event": "clear", "cell": _cell(n, c)}
            i -= 1
            continue
        values[c] = v
        yield {"event": "set", "cell": _cell(n, c), "value": v}
        if all(values[p] != v for p in peers[c]) and (c not in cage_of or _cage_fits(values, *cage_of[c])):
            i += 1
    yield {"event": "solved", "steps": steps}


def _cage_fits(values: Sequence[int], total: int, cells: Sequence[int]) -> bool:
    """Whether a cage's digits so far can still add up to its sum (exactly, once it is full)."""
    placed = [values[c] for c in cells if values[c]]
    left = len(cells) - len(placed)
    return sum(placed) == total if not left else sum(placed) + left * (left + 1) // 2 <= total


def trace_propagation(puzzle: Puzzle, max_steps: int | None = None) -> Iterator[Json]:
    """Tessera's way: singles first, a guess at the most constrained cell only when stuck; undo on failure."""
    n, g = puzzle.n, puzzle.geometry
    cage_sets = cages.prepare(g.cages, n)
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
        yield {"event": "set", "cell": _cell(n, c), "value": v}

    def undo(placed: list[int]) -> Iterator[Json]:
        for c in reversed(placed):
            values[c] = 0
            yield {"event": "clear", "cell": _cell(n, c)}

    def run() -> Iterator[Json]:
        placed: list[int] = []
        while True:
            cands = latin.candidates(g, values)
            if cage_sets and cages.narrow(cands, cage_sets) is None:  # a killer's sums narrow the candidates too
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
