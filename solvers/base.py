"""The typed contract every puzzle family fills in, and the values it trades in.

Modelled on Simon Tatham's `struct game`: a family is one object holding typed
functions over its own immutable values: a Puzzle (what was set), a State (what the player
has done) and moves as short strings. `parse`/`format` give the canonical text of a
puzzle (the share-link payload), `read`/`write` its JSON solve input. The command table
(`commands.py`) turns these into the CLI and the worker, once for every family.

    puzzle = fam.parse(text)                 # or fam.read(obj), fam.generate(Params(grade, size), seed)
    state = fam.start(puzzle)                # the empty board
    state = fam.apply(puzzle, state, move)   # a new state; moves are short strings
    fam.check(puzzle, state) -> [Problem]    # one shape for every family
    fam.hint(puzzle, state) -> Hint          # stages: where, what, why, the move
    fam.is_solved(puzzle, state)
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, TypeVar

ErrorKind = Literal["invalid", "no-solution", "multiple-solutions", "timeout"]
Json = dict[str, Any]
P = TypeVar("P")  # a family's Puzzle
S = TypeVar("S")  # a family's State


class PuzzleError(ValueError):
    """Bad input or an unsolvable request, with a message a player can read."""

    def __init__(self, message: str, kind: ErrorKind = "invalid") -> None:
        super().__init__(message)
        self.kind: ErrorKind = kind

    def to_json(self) -> Json:
        """The CLI/worker error object."""
        return {"error": str(self), "kind": self.kind}


@dataclass(frozen=True)
class Params:
    """What `generate` is asked for: a grade (index into `grades`, 0 = easiest), a size and a variant."""

    grade: int = 0
    size: int | None = None  # None = the family's default
    variant: str | None = None  # one of the family's `variants` (None = the first)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a state: the cells involved, the rule broken and a sentence."""

    cells: list[Any]
    rule: str  # a short id: "repeat", "wrong", "given", "clue", "overlap", "off-board", "stuck", ...
    text: str

    def to_json(self) -> Json:
        """{"cells", "rule", "text"}."""
        return {"cells": self.cells, "rule": self.rule, "text": self.text}


@dataclass(frozen=True)
class Hint:
    """One step a person could take, revealed in stages: where, what, why, then the move.

    `technique`, `cells`, `reason` and the JSON `move` keep the command-line contract's
    shape; `where` and `what` are the first two stages' sentences, `move_text` the move as the
    family's move string (what `apply` takes), None when there is nothing to play. `reveal` is
    what a page shows in turn, as (title, text) pairs, in the family's own words (empty: where,
    then what and why).
    """

    technique: str
    cells: list[Any]
    reason: str
    move: Any = None
    level: int = 0  # index of the technique's grade, 0 = easiest
    extra: dict[str, Any] = field(default_factory=dict)  # family-specific (eliminations, chains...)
    where: str = ""
    what: str = ""
    move_text: str | None = None
    reveal: tuple[tuple[str, str], ...] = ()

    def told(self) -> tuple[tuple[str, str], ...]:
        """The stages a page reveals: the family's `reveal`, else where to look, then what and why."""
        if self.reveal:
            return self.reveal
        what, why = self.what, self.reason
        text = f"{what}. {why}" if what and what != self.technique and what not in why else why
        return (("Look here", self.where), (self.technique, text)) if self.where else ((self.technique, text),)

    def to_json(self) -> Json:
        """The hint as the CLI prints it: the contract's fields, "stages", "reveal", then `extra`."""
        out: Json = {"technique": self.technique, "cells": self.cells, "reason": self.reason, "move": self.move,
                     "level": self.level,
                     "stages": {"where": self.where or self.reason, "what": self.what or self.technique,
                                "why": self.reason, "move": self.move_text},
                     "reveal": [list(stage) for stage in self.told()]}
        out.update(self.extra)
        return out


def rule_call(fn: Callable[..., Any], *args: Any) -> Any:
    """Call a rules-layer function (solvers/rules/), turning its ValueError into PuzzleError."""
    try:
        return fn(*args)
    except PuzzleError:
        raise
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None


def grade_index(grades: tuple[str, ...], difficulty: object) -> int:
    """Read a grade given as its name (any case) or its 1-based number; None = easiest."""
    if difficulty is None or difficulty == "":
        return 0
    text = str(difficulty).strip().lower().replace("_", " ").replace("-", " ")
    if text.isascii() and text.isdigit() and len(text) < 4:
        number = int(text)
        if 1 <= number <= len(grades):
            return number - 1
    else:
        names = [g.lower().replace("-", " ") for g in grades]
        if text in names:
            return names.index(text)
    shown = str(difficulty)[:20]
    raise PuzzleError(f"unknown difficulty {shown!r}: choose one of {', '.join(grades)} or 1..{len(grades)}")


def read_seed(seed: object) -> int | str:
    """A seed as the CLI and the worker accept it: a whole number or a short text."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise PuzzleError("the seed must be a whole number or a short text")
    text = str(seed).strip()
    if len(text) > 100:
        raise PuzzleError("the seed is too long (at most 100 characters)")
    if text.lstrip("-").isascii() and text.lstrip("-").isdigit():
        return int(text)
    return text


def rng_for(seed: int | str, *parts: object) -> random.Random:
    """A deterministic generator for a seed and parameters (same inputs, same stream)."""
    return random.Random("|".join(str(p) for p in (seed, *parts)))


@dataclass(frozen=True)
class Method:
    """A trace method as *Watch the solver* shows it: its name, title, what it does (one step = ...), the trace
    events that count as one of its steps (an event with a "depth" counts for `steps_with_depth` kinds), and
    whether it is the study's own method (shown first, beside Tessera's)."""

    name: str
    title: str
    about: str
    steps: tuple[str, ...]
    steps_with_depth: tuple[str, ...] = ()
    study: bool = False

    def json(self) -> Json:
        """As `info` lists it."""
        return {"name": self.name, "title": self.title, "about": self.about, "steps": list(self.steps),
                "steps_with_depth": list(self.steps_with_depth), "study": self.study}


def watch_methods(family: str) -> tuple[Method, ...]:
    """A family's trace methods as methods.json tells them (their words are data: one file for every family)."""
    told = json.loads((Path(__file__).with_name("methods.json")).read_text(encoding="utf-8"))[family]
    return tuple(Method(m["name"], m["title"], m["about"], tuple(m["steps"]), tuple(m.get("steps_with_depth", ())),
                        m.get("study", False)) for m in told)


@dataclass(frozen=True)
class Technique:
    """A rung of a family's hint ladder as the learn page tells it: its name, grade, score, two or three plain
    sentences, the finer names its steps may carry (a hint naming one belongs to this rung) and the variant whose
    puzzles can need it (None: the family's first)."""

    name: str
    grade: str
    score: int
    about: str
    also: tuple[str, ...] = ()
    variant: str | None = None

    def anchor(self, family: str) -> str:
        """The id of its entry on the learn page: "sudoku-x-wing"."""
        return family + "-" + "-".join("".join(ch if ch.isalnum() else " " for ch in self.name.lower()).split())

    def json(self, family: str) -> Json:
        """As `info` lists it (the words stay out: the learn page has them)."""
        return {"name": self.name, "anchor": self.anchor(family), "grade": self.grade, "score": self.score,
                "also": list(self.also), "variant": self.variant}


@dataclass(frozen=True)
class Command:
    """A command a family answers beyond the common ones (see commands.py).

    `run(obj)` answers one JSON input object; `stream` commands yield several objects;
    `main(argv)` commands take over the command line (statistics runs) and return an exit status.
    """

    doc: str
    run: Callable[[Json], Any] | None = None
    stream: bool = False
    main: Callable[[list[str]], int] | None = None


@dataclass(frozen=True)
class Codec(Generic[P]):
    """How a family writes its puzzles, as four functions of its rules: the canonical text (`parse`, `format`:
    parse(format(p)) == p) and the solve-input object of the CLI contract (`read`, `write`: read(write(p)) == p).
    `Family`'s methods of those names answer through it."""

    parse: Callable[[str], P]
    format: Callable[[P], str]
    read: Callable[[Json], P]
    write: Callable[[P], Json]


class Family(ABC, Generic[P, S]):
    """One puzzle family: typed rules and solvers over its Puzzle and State values."""

    name: ClassVar[str]
    title: ClassVar[str]  # what players call it ("Cubes 3D"): page titles and messages
    grades: ClassVar[tuple[str, ...]]  # ordered, easiest first
    sizes: ClassVar[tuple[int, ...]] = ()  # sizes `generate` accepts (empty: one fixed size)
    default_size: ClassVar[int | None] = None
    methods: ClassVar[tuple[Method, ...]] = ()  # trace methods, the first is the default
    variants: ClassVar[tuple[tuple[str, str], ...]] = ()  # (name, label) of what `generate` can vary; first default
    # how *Watch the solver* shows it: the board ("grid": a latin grid through its rules' `grid_of`; "slide",
    # "genius", "pieces"), whether its methods' steps compare, what its size counts ("pieces" or a side)
    watch_view: ClassVar[str] = "grid"
    watch_compare: ClassVar[bool] = False
    size_unit: ClassVar[str] = "side"

    # --- puzzles as text and JSON (through `codec`) ------------------------------------
    codec: ClassVar[Codec[Any]]

    def parse(self, text: str) -> P:
        """The puzzle of a canonical description; PuzzleError if it cannot be read."""
        return self.codec.parse(text)

    def imported(self, text: str) -> P:
        """The puzzle of a link or text from Tessera (a page or watch link, maybe with moves) or, where the
        family reads them, from another app (see formats.py); PuzzleError when it is none of those."""
        from .formats import fragment

        return self.parse(fragment(text, self.name))

    def exports(self, puzzle: P) -> dict[str, str]:
        """The puzzle in other apps' texts, by name ("Tatham Solo game ID": "3x3:..."); `imported` reads each back."""
        return {}

    def format(self, puzzle: P) -> str:
        """The canonical description: parse(format(p)) == p."""
        return self.codec.format(puzzle)

    def read(self, obj: Json) -> P:
        """The puzzle of a solve-input object (the CLI contract's shape)."""
        return self.codec.read(obj)

    def write(self, puzzle: P) -> Json:
        """The solve-input object of a puzzle: read(write(p)) == p."""
        return self.codec.write(puzzle)

    # --- states and moves --------------------------------------------------------------
    @abstractmethod
    def start(self, puzzle: P) -> S:
        """The state before any move."""

    @abstractmethod
    def read_state(self, puzzle: P, obj: Json) -> S:
        """The state in a solve input's "state" (and notes), or the start when absent."""

    @abstractmethod
    def write_state(self, puzzle: P, state: S) -> Any:
        """The JSON "state" value of a state."""

    def write_notes(self, puzzle: P, state: S) -> Any:
        """The JSON "pencil" value of a state's notes; None when the family keeps none."""
        return None

    @abstractmethod
    def apply(self, puzzle: P, state: S, move: str) -> S:
        """The state after a move (a new value); PuzzleError for a move that cannot be made."""

    @abstractmethod
    def is_solved(self, puzzle: P, state: S) -> bool:
        """Whether the state is a finished, correct solution."""

    # --- solving -----------------------------------------------------------------------
    @abstractmethod
    def generate(self, params: Params, seed: int | str) -> P:
        """A new puzzle; the same params and seed always give the same puzzle."""

    @abstractmethod
    def solve(self, puzzle: P, obj: Json) -> Json:
        """The CLI's solve answer for a puzzle (`obj` carries options such as "count")."""

    @abstractmethod
    def count(self, puzzle: P, limit: int = 2) -> int:
        """How many solutions, counting no further than `limit`."""

    @abstractmethod
    def check(self, puzzle: P, state: S) -> list[Problem]:
        """What is wrong in a state (empty when nothing is)."""

    @abstractmethod
    def hint(self, puzzle: P, state: S, obj: Json) -> Hint:
        """The next step from a state (`obj`: the whole input, for notes and options)."""

    def describe(self, puzzle: P) -> Json:
        """Fields added to a generated puzzle's JSON (difficulty and the like)."""
        return {}

    def checked(self, puzzle: P, state: S) -> Json:
        """A `check` request's answer, worked out once: "problems", "solved", "message" (a family may add fields:
        "wrong", "conflicts" and the like)."""
        problems = self.check(puzzle, state)
        solved = not problems and self.is_solved(puzzle, state)
        return {"problems": [p.to_json() for p in problems], "solved": solved,
                "message": problems[0].text if problems else ("Solved." if solved else "No mistakes so far.")}

    def trace(self, puzzle: P, method: str, obj: Json) -> Iterator[Json]:
        """Solver events for watch-the-solver; the last is {"event": "solved", ...}."""
        raise PuzzleError(f"{self.name} has no trace")

    def extra(self) -> dict[str, Command]:
        """Commands this family answers beyond the common ones."""
        return {}

    def watch_sizes(self) -> list[int]:
        """The sizes *Watch the solver* offers (those its traces finish in a watchable time)."""
        return list(self.sizes)

    def tables(self) -> Json:
        """Family-specific tables its page offers (the registry's "tables": the build writes them into the page)."""
        return {}

    def techniques(self) -> tuple[Technique, ...]:
        """The hint ladder in the order hints try it, for the learn page (none: the family has no ladder)."""
        return ()

    def starter_seed(self, grade: int) -> int | str:
        """The seed of the build's ready-made puzzle of a grade index (shown while the worker loads)."""
        return f"starter-{grade}"

    def build_data(self, directory: str, cache: str) -> list[str]:
        """At build time: write into `directory` the data files the worker fetches on demand (`cache`: a directory
        kept between builds) and read them (`use_data`); their names."""
        return []

    def use_data(self, directory: str) -> None:
        """Read the data files the build made for this family (e.g. pattern databases) from `directory`."""

    def data_files(self, command: str, obj: object) -> tuple[str, ...] | None:
        """The data files a call may read (None: all of the family's): the worker fetches them before it runs."""
        return None

