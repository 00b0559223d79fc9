"""Play on a latin grid, written once for Sudoku (every variant) and Skyscrapers.

A State is the player's grid (givens included; 0 = empty) and notes (candidate masks). This module holds what
a position means whatever the family: a move applied, notes read, what is wrong (changed givens, repeats,
wrong entries, in one wording), the hints that come before any logic (put back a given, clear a wrong entry,
repair notes, solved), a logic step's drawing fields, the logical solve played step by step and its trace
(*Watch the solver*'s "Human logic"), grade bands and the memo of generated grades. The families add their own
constraints: Sudoku's cages, Skyscrapers' clues.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from . import budget, latin
from .base import Command, Family, Hint, Json, Problem, PuzzleError, Technique, rule_call
from .latin import Cell, Geometry, Mask, Step, bit
from .logic import GUESS_SCORE, SCORES, LogicStep, entry
from .logic.explain import notes_to_repair, told
from .logic.typed import rungs as typed_rungs
from .rules import latin as latin_rules

P = TypeVar("P")
T = TypeVar("T")
F = TypeVar("F", bound=tuple[int, Step, Any])  # a logic path's step: (level, step, what the family adds)
GRADED_MEMO = 64  # generated puzzles whose grade `describe` remembers
LISTING_MEMO = 4  # positions whose listed steps `list_steps` remembers


@dataclass(frozen=True)
class State:
    """The player's grid (0 = empty; givens included) and notes (candidate masks, 0 = none)."""

    values: tuple[int, ...]
    notes: tuple[Mask, ...]

    @property
    def text(self) -> str:
        """The grid as text ('.' = empty)."""
        return latin_rules.values_text(list(self.values))


def start(givens: Sequence[int]) -> State:
    """The givens (0 = open) and no notes."""
    return State(tuple(givens), (0,) * len(givens))


def moved(apply_move: Callable[..., tuple[Any, Any]], *args: Any) -> State:
    """The State a rules module's `apply_move(*args)` gives; PuzzleError for a move that cannot be made."""
    values, notes = rule_call(apply_move, *args)
    return State(tuple(values), tuple(notes))


def read_pencil(pencil: object, n: int) -> list[Mask]:
    """The player's notes as masks: n*n strings of symbols ("137"; "" or "." = none), or n rows of n strings."""
    flat = pencil
    if isinstance(pencil, list) and len(pencil) == n and all(isinstance(row, list) for row in pencil):
        flat = [s for row in pencil for s in (row if len(row) == n else [None])]
    if not isinstance(flat, Sequence) or isinstance(flat, str) or len(flat) != n * n:
        raise PuzzleError(f"pencil must be {n * n} strings of candidate digits (or {n} rows of {n})")
    out = []
    for marks in flat:
        if marks is not None and not isinstance(marks, str):
            raise PuzzleError("each pencil entry must be a string such as \"137\"")
        digits = rule_call(latin_rules.read_values, (marks or "").replace(".", "").replace("0", "").upper(), n,
                           "pencil marks")
        out.append(sum(bit(v) for v in set(digits)))
    return out


def rc(n: int, cells: Sequence[Cell]) -> list[list[int]]:
    """Cells as [row, col] pairs (0-based)."""
    return [[c // n, c % n] for c in cells]


def rcv(n: int, items: Sequence[tuple[Cell, int]]) -> list[list[int]]:
    """(cell, value) pairs as [row, col, value]."""
    return [[c // n, c % n, v] for c, v in items]


def times(k: int) -> str:
    """'twice', '3 times'."""
    return "twice" if k == 2 else f"{k} times"


# ----- what is wrong -----------------------------------------------------------------------------------------

def changed_givens(givens: Sequence[int], values: Sequence[int]) -> list[Cell]:
    """Givens the player's grid shows another value in."""
    return [c for c, g in enumerate(givens) if g and values[c] not in (0, g)]


def wrong_entries(givens: Sequence[int], values: Sequence[int], solution: Sequence[int] | None) -> list[Cell]:
    """Entries (not givens) that differ from the unique solution (none known without one)."""
    if solution is None:
        return []
    return [c for c, v in enumerate(values) if v and not givens[c] and v != solution[c]]


def problems(g: Geometry, givens: Sequence[int], values: Sequence[int], solution: Sequence[int] | None,
             groups: Sequence[tuple[str, Sequence[Cell]]] = ()) -> list[Problem]:
    """Changed givens, a value repeated in a unit (or in one of the named `groups`, such as cages), then wrong
    entries; the family adds its own constraints' problems."""
    n, sym = g.n, latin_rules.symbol
    out = [Problem(rc(n, [c]), "given", f"{g.name(c)} is a given {sym(givens[c])}, but it now shows "
                   f"{sym(values[c])}") for c in changed_givens(givens, values)]
    named = [*zip(g.unit_names, g.units, strict=True), *groups]
    for u, v, cells in latin_rules.repeats(list(values), [list(cells) for _, cells in named]):
        out.append(Problem(rc(n, cells), "repeat", f"{sym(v)} appears {times(len(cells))} in {named[u][0]}"))
    out += [Problem(rc(n, [c]), "wrong", f"The {sym(values[c])} in {g.name(c)} is wrong")
            for c in wrong_entries(givens, values, solution)]
    return out


# ----- hints ---------------------------------------------------------------------------------------------------

def position_hint(g: Geometry, givens: Sequence[int], values: Sequence[int], notes: Sequence[Mask] | None,
                  solution: Sequence[int], extra: Json) -> Hint | None:
    """The hints before any logic: put back a changed given, clear a wrong entry, solved, repair notes that leave
    out a cell's true value (with `notes`); None when the logic ladder should answer. `extra` is the family's
    base of every hint's extra fields (its easiest grade, ...)."""
    n, sym = g.n, latin_rules.symbol
    for c in changed_givens(givens, values):
        move = {"place": [c // n, c % n, givens[c]]}
        return Hint("Changed given", rc(n, [c]), f"{g.name(c)} is a given {sym(givens[c])}, but it now shows "
                    f"{sym(values[c])}", move, 0, dict(extra), where=f"Look at {g.name(c)}",
                    what=f"Changed given: put back the {sym(givens[c])}", move_text=latin_rules.move_of_json(n, move))
    for c in wrong_entries(givens, values, solution):
        clash = [p for p in g.peers[c] if values[p] == values[c]]
        why = f"it clashes with {g.name(clash[0])}" if clash else "it does not lead to the solution"
        move = {"clear": [c // n, c % n]}
        return Hint("Wrong entry", rc(n, [c]), f"The {sym(values[c])} in {g.name(c)} is wrong: {why}", move, 0,
                    dict(extra), where=f"Look at {g.name(c)}",
                    what=f"Wrong entry: the {sym(values[c])} does not belong there",
                    move_text=latin_rules.place_move(n, c, 0))
    if all(values):
        return Hint("Solved", [], "Every cell is filled in correctly", {}, 0, dict(extra), where="Nothing left to do",
                    what="Solved")
    return None if notes is None else notes_to_repair(list(values), notes, solution, g.peers, 0, dict(extra))


def with_notes(cands: list[Mask], values: Sequence[int], notes: Sequence[Mask]) -> list[Mask]:
    """Candidates narrowed by the player's notes (a cell without notes keeps its own)."""
    for c, mask in enumerate(notes):
        if mask and not values[c]:
            cands[c] &= mask
    return cands


# a hint's score by its technique: HoDoKu's for the latin techniques, a constraint type's own rung's for its steps
HINT_SCORES = {**SCORES, **{name: points for name, _level, points, _find in typed_rungs()}}


def step_extra(n: int, step: Step, scores: dict[str, int] = HINT_SCORES) -> Json:
    """What a logic step rests on, for the page: its score (of the family's `scores`), the candidates it removes
    and, for a pattern, the candidates causing it, a chain's nodes in order, its implications and colours."""
    out: Json = {"score": scores.get(step.technique, GUESS_SCORE), "removes": rcv(n, step.eliminate)}
    if isinstance(step, LogicStep):
        out["causes"] = rcv(n, step.causes)
        if step.chain:
            out["chain"] = [{"cells": rc(n, cells), "value": v, "on": on} for cells, v, on in step.chain]
        if step.lines:
            out["implications"] = list(step.lines)
        if step.colours:
            out["colours"] = [[c // n, c % n, k] for c, k in step.colours]
    return out


def what_stage(technique: str, last: Step) -> str:
    """A hint's second stage: the technique and the value it places, or the values it removes."""
    if last.place is not None:
        return f"{technique}: {latin_rules.a_symbol(last.place[1])}"
    gone = sorted({v for _, v in last.eliminate})
    return f"{technique}: remove {'/'.join(latin_rules.symbol(v) for v in gone)}"


# ----- every step of a position (the `steps` command) ---------------------------------------------------------

@dataclass(frozen=True)
class StepsAsk:
    """What a `steps` request asks for: each step told in full as a hint (the contract's default) or `brief` (what
    a list of them shows: technique, move, cells, the short "what"), and which of them: from index `first`, at most
    `count` (None: every one). The rungs run only as far as the steps asked for need."""

    brief: bool = False
    first: int = 0
    count: int | None = None

    @property
    def plain(self) -> bool:
        """Whether this is the contract's default request (every step, in full)."""
        return self == EVERY_STEP

    @property
    def end(self) -> int | None:
        """The index after the last step asked for (None: to the end)."""
        return None if self.count is None else self.first + self.count


EVERY_STEP = StepsAsk()  # the contract's default: every step, told in full


def read_steps_ask(obj: Json) -> StepsAsk:
    """A `steps` input's "brief" (true/false), "first" (an index from 0) and "count" (1 or more); PuzzleError when
    one is not of that kind."""
    brief, first, count = obj.get("brief", False), obj.get("first", 0), obj.get("count")
    if not isinstance(brief, bool):
        raise PuzzleError('"brief" is true or false')
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise PuzzleError('"first" is the index of the first step to send: a whole number from 0')
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
        raise PuzzleError('"count" is how many steps to send: a whole number from 1')
    return StepsAsk(brief, first, count)


def brief_step(n: int, level: int, step: Step) -> Json:
    """A step as a list shows it (what a hint of it says first): technique, move, cells, level and "what" (the
    technique with the value placed or removed)."""
    move: Json = {"place": [step.place[0] // n, step.place[0] % n, step.place[1]]} if step.place is not None else \
        {"eliminate": rcv(n, step.eliminate)}
    return {"technique": step.technique, "cells": rc(n, step.cells), "move": move, "level": level,
            "what": what_stage(step.technique, step)}


def brief_hint(hint: Json) -> Json:
    """A told hint's JSON cut to what `brief_step` gives."""
    return {"technique": hint["technique"], "cells": hint["cells"], "move": hint["move"], "level": hint["level"],
            "what": hint["stages"]["what"]}


def move_key(move: Json) -> tuple:
    """A hint's move as a key that two steps making the same placement or eliminations share."""
    if "place" in move:
        return ("place", *move["place"])
    return ("eliminate", *sorted(map(tuple, move.get("eliminate", []))))


def steps_before_logic(found: Hint, values: Sequence[int], peers: Sequence[Sequence[Cell]],
                       ask: StepsAsk = EVERY_STEP) -> Json:
    """The `steps` answer while a hint that comes before logic stands (a changed given, a wrong entry, notes to
    repair): that hint alone, since steps read from such a position could be wrong; none on a solved grid."""
    first = [] if found.technique == "Solved" else [{"rung": found.technique, **told(found, values, peers).to_json()}]
    if ask.brief:
        first = [{"rung": step["rung"], **brief_hint(step)} for step in first]
    return _answer(first[ask.first:ask.end], ask, {}, len(first))


@dataclass
class Listing:
    """A position's steps listed so far: those of its first `ran` rungs (listed, each with the item it tells) and
    their moves."""

    listed: list[tuple[Json, Any]] = field(default_factory=list)
    seen: set[tuple] = field(default_factory=set)
    ran: int = 0


_listings: dict[Hashable, Listing] = {}  # the latest positions' listings: a page or a chosen step goes on from them


def list_steps(rungs: Sequence[tuple[str, Callable[[], Iterable[T]]]], tell: Callable[[T], Hint],
               brief: Callable[[T], Json], ask: StepsAsk = EVERY_STEP, key: Hashable = None) -> Json:
    """Every step the rungs find, in ladder order, grouped by its technique within its rung; a move an earlier step
    made already is listed once. `brief` gives a step as a list shows it (its move tells it apart); the steps `ask`
    wants are sent told as hints (JSON) by `tell`, or brief. Under the request's budget: when it runs out, the steps
    found so far with "complete": false, the rung cut short and those not tried. With paging (`ask.count`) the rungs
    stop once the page is full: the answer says "first", "more" (steps may follow) and, when every rung ran,
    "total". The rungs listed in full are remembered for the position `key` (the family's: the puzzle and the
    position's values and candidates), so the next page, or a step chosen from the list, goes on from them."""
    done = _listings.get(key) if key is not None else None
    if done is None:
        done = Listing()
        if key is not None:
            if len(_listings) >= LISTING_MEMO:
                _listings.pop(next(iter(_listings)))
            _listings[key] = done
    end, cut, partial = ask.end, {}, []
    for i in range(done.ran, len(rungs)):
        if end is not None and len(done.listed) >= end:
            break
        name, every = rungs[i]
        found: list[tuple[Json, T]] = []
        moves: set[tuple] = set()
        try:
            for item in every():
                budget.spend()
                entry = {"rung": name, **brief(item)}
                move = move_key(entry["move"])
                if move not in done.seen and move not in moves:
                    moves.add(move)
                    found.append((entry, item))
        except budget.SearchAborted as exc:
            if str(exc) == "cancelled":
                raise
            cut = {"complete": False, "stopped": str(exc), "cut_short": name,
                   "not_tried": [later for later, _ in rungs[i + 1:]]}
            partial = _by_technique(found)  # sent, not remembered: the rung did not finish
            break
        done.listed += _by_technique(found)
        done.seen |= moves
        done.ran += 1
    listed = done.listed + partial
    steps = [entry if ask.brief else {"rung": entry["rung"], **tell(item).to_json()}
             for entry, item in listed[ask.first:end]]
    return _answer(steps, ask, cut, len(listed) if done.ran == len(rungs) else None)


def _answer(steps: list[Json], ask: StepsAsk, cut: Json, total: int | None) -> Json:
    """The `steps` answer: the steps, whether the budget let every rung finish (and if not, where it stopped); a
    paged or brief request also "first", "more" and the "total" when known."""
    out: Json = {"steps": steps, "complete": True, **cut}
    if not ask.plain:
        out["first"] = ask.first
        out["more"] = (total is None and not cut) or (total is not None and ask.end is not None and total > ask.end)
        if total is not None:
            out["total"] = total
    return out


def _by_technique(found: list[tuple[Json, T]]) -> list[tuple[Json, T]]:
    """A rung's steps grouped by technique name (a finned rung names sashimi fish too), in order of first use."""
    order = list(dict.fromkeys(entry["technique"] for entry, _ in found))
    return sorted(found, key=lambda pair: order.index(pair[0]["technique"]))


# ----- the logical solve, one step at a time ---------------------------------------------------------------------

def play_step(peers: Sequence[Sequence[Cell]], values: list[int], cands: list[Mask], step: Step) -> None:
    """Play a logic step on a position in place: its eliminations, or its value placed and crossed out of the
    cell's peers."""
    if step.place is not None:
        cell, v = step.place
        values[cell] = v
        for p in peers[cell]:
            cands[p] &= ~bit(v)
    latin.apply_step(cands, step)


def fewest(values: Sequence[int], cands: Sequence[Mask]) -> Cell:
    """The open cell with the fewest candidates (the first of them): where trial and error starts."""
    return min((c for c, v in enumerate(values) if not v), key=lambda c: cands[c].bit_count())


def logic_path(peers: Sequence[Sequence[Cell]], values: list[int], cands: list[Mask],
               find: Callable[[list[int], list[Mask]], F]) -> Iterator[F]:
    """A logical solve played on a position in place: `find` gives the next step from it (the family's ladder's
    first, or its guess when the ladder is stuck); each is yielded, then played."""
    while not all(values):
        found = find(values, cands)
        yield found
        play_step(peers, values, cands, found[1])


def candidate_grid(cands: Sequence[Mask], n: int) -> list[list[str]]:
    """Candidates as rows of symbol strings ("137" per cell), as the traces send them."""
    return [[latin_rules.mask_text(cands[r * n + c]) for c in range(n)] for r in range(n)]


def trace_path(n: int, values: Sequence[int], cands: Sequence[Mask],
               path: Iterable[tuple[int, Step, Json]]) -> Iterator[Json]:
    """The trace of a logical solve from a position (the `path` of `logic_path`, its third items the fields a
    family adds to a step's event): the candidates, as notes even where one is left (a step writes each value),
    then per step its "technique" event and the value it writes or the candidates it crosses out; "solved" with
    the grid and the number of steps."""
    values = list(values)
    yield {"event": "candidates", "grid": candidate_grid(cands, n), "notes": True}
    steps = 0
    for level, step, fields in path:
        steps += 1
        yield {"event": "technique", "name": step.technique, "level": level, "reason": step.reason,
               "cells": rc(n, step.cells), **fields}
        if step.place is not None:
            cell, v = step.place
            values[cell] = v
            yield {"event": "set", "cell": [cell // n, cell % n], "value": v}
        else:
            yield {"event": "eliminate", "cells": rcv(n, step.eliminate)}
    yield {"event": "solved", "steps": steps, "solution": [values[r * n:(r + 1) * n] for r in range(n)]}


# ----- grades --------------------------------------------------------------------------------------------------

def band(score: int, cells: int, bands: Sequence[int]) -> int:
    """The grade index a path's score alone reaches: the caps are on the 9x9 scale (they scale with the cells);
    a cap is inclusive."""
    return sum(1 for cap in bands if score * 81 > cap * cells)


class GradedMemo(Generic[P]):
    """The grades the generator reported for its recent puzzles, so `describe` need not grade them again."""

    def __init__(self) -> None:
        self._grades: dict[P, int] = {}

    def remember(self, puzzle: P, level: int) -> P:
        """Keep a generated puzzle's grade; the puzzle."""
        if len(self._grades) >= GRADED_MEMO:
            self._grades.clear()
        self._grades[puzzle] = level
        return puzzle

    def get(self, puzzle: P) -> int | None:
        """The grade remembered, or None."""
        return self._grades.get(puzzle)


class LatinFamily(Family[P, State]):
    """A latin family (Sudoku and its variants, Skyscrapers): `check`, `checked`, `techniques`, the `grade`,
    `practice` and `steps` commands and the memo of generated grades in one shape. A family gives the hooks below
    (what is wrong, its rungs, grading, practice, every step) and keeps only what is its own (clues, boxes, cages).
    Grades are indexes into `grades` (0 = the easiest) everywhere."""

    grade_doc: ClassVar[str] = "grade a puzzle: count, grade, difficulty, techniques used"
    practice_doc: ClassVar[str] = "a puzzle whose solving path needs a technique: {\"technique\", \"seed\"?, \"size\"?}"

    def __init__(self) -> None:
        self._graded: GradedMemo[P] = GradedMemo()

    @abstractmethod
    def judge(self, puzzle: P, state: State) -> tuple[list[Problem], Json]:
        """What is wrong in a state, and the `check` answer's fields beyond "problems" (one check)."""

    @abstractmethod
    def rungs(self) -> Iterable[tuple[str, int, int, str | None]]:
        """(name, grade index, score, learn group or None) of every rung, in the order the hints try them."""

    @abstractmethod
    def grade(self, obj: Json) -> Json:
        """The `grade` command: a solve input -> {"count", and for one solution "grade" (an index into `grades`),
        "difficulty", "score", "techniques", ...}."""

    @abstractmethod
    def practice(self, obj: Json) -> Json:
        """The `practice` command: {"technique", "seed"?, "size"?} -> a puzzle (generate's shape) whose logical
        path needs that technique."""

    @abstractmethod
    def all_steps(self, puzzle: P, state: State, use_notes: bool, ask: StepsAsk) -> Json:
        """The `steps` answer: every step each rung finds in a position."""

    def check(self, puzzle: P, state: State) -> list[Problem]:
        """What is wrong (changed givens, repeats, wrong entries, broken rules)."""
        return self.judge(puzzle, state)[0]

    def checked(self, puzzle: P, state: State) -> Json:
        """The `check` answer: "problems" and the family's fields, from one check."""
        problems, fields = self.judge(puzzle, state)
        return {"problems": [p.to_json() for p in problems], **fields}

    def techniques(self) -> tuple[Technique, ...]:
        """The ladder in the order the hints try it, each rung with its grade's name (the learn page)."""
        return tuple(entry(name, self.grades[level], score, group) for name, level, score, group in self.rungs())

    def extra(self) -> dict[str, Command]:
        """`grade`, `practice` and `steps` (what `hint` takes)."""
        return {"grade": Command(self.grade_doc, run=self.grade),
                "practice": Command(self.practice_doc, run=self.practice),
                "steps": steps_command(self, self.all_steps)}


def steps_command(family: Any, all_steps: Callable[[Any, Any, bool, StepsAsk], Json]) -> Command:
    """A latin family's `steps` command: what `hint` takes -> {"steps": [hints, each with its "rung"],
    "complete"}, from the family's `all_steps(puzzle, state, with_notes, ask)`; "brief", "first" and "count" ask
    for the steps as a list shows them, a page at a time (`StepsAsk`)."""

    def run(obj: Json) -> Json:
        ask = read_steps_ask(obj)
        puzzle = family.read(obj)
        return all_steps(puzzle, family.read_state(puzzle, obj), obj.get("pencil") is not None, ask)

    return Command("every step each technique finds in a position (what hint takes; \"brief\": true for what a "
                   "list shows, \"first\" and \"count\" for a page): steps, complete", run=run)
