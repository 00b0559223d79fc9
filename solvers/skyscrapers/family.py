"""Skyscrapers through the typed contract (see DESIGN.md for the command-line contract)."""

from __future__ import annotations

from collections.abc import Iterator

from .. import formats
from ..base import Codec, Command, Hint, Json, Params, Problem, PuzzleError, rng_for, watch_methods
from ..latin_play import LatinFamily, State, StepsAsk
from ..logic.explain import told
from ..rules import latin as latin_rules
from .generator import generate
from .play import (
    all_steps,
    apply,
    check,
    hint,
    read_state,
    start,
    trace_logic,
    trace_phases,
)
from .puzzle import (
    GRADES,
    PRACTICE_SIZES,
    SIDES,
    SIZES,
    WATCH_MAX,
    Puzzle,
    count_solutions,
    format,
    is_solution,
    layout,
    make_puzzle,
    parse,
    puzzle_from_json,
    sizes_said,
    solutions,
)
from .techniques import (
    LEVELS,
    TECHNIQUE_NAMES,
    TECHNIQUES,
    grade,
    rate,
)


class Skyscrapers(LatinFamily[Puzzle]):
    """Skyscrapers through the typed contract (see DESIGN.md for the command-line contract)."""

    name = "skyscrapers"
    title = "Skyscrapers"
    grades = GRADES
    sizes = SIZES
    default_size = 5
    codec = Codec(parse, format, puzzle_from_json, Puzzle.to_json)  # "N:top/right/bottom/left[/givens]"; JSON
    methods = watch_methods("skyscrapers")

    def imported(self, text: str) -> Puzzle:
        """Also Tatham Towers game IDs and puzz.link (pzprjs) Skyscrapers URLs."""
        found = formats.puzzlink_skyscrapers(text.strip())
        if found is None:
            found = formats.tatham_towers(formats.fragment(text, self.name))
        if found is not None:
            return make_puzzle(*found)
        return parse(formats.fragment(text, self.name))

    def exports(self, puzzle: Puzzle) -> dict[str, str]:
        """A Tatham Towers game ID."""
        clues = {side: list(getattr(puzzle, side)) for side in SIDES}
        return {"Tatham Towers game ID": formats.towers_id(puzzle.n, clues, [list(g) for g in puzzle.givens])}

    def start(self, puzzle: Puzzle) -> State:
        """The givens, no notes."""
        return start(puzzle)

    def read_state(self, puzzle: Puzzle, obj: Json) -> State:
        """"state" (n rows of heights) and "pencil" (n rows of strings)."""
        return read_state(puzzle, obj)

    def write_state(self, puzzle: Puzzle, state: State) -> list[list[int]]:
        """Rows of heights, 0 = empty."""
        n = puzzle.n
        return [list(state.values[r * n:(r + 1) * n]) for r in range(n)]

    def write_notes(self, puzzle: Puzzle, state: State) -> list[list[str]]:
        """n rows of note strings ("" = none)."""
        n = puzzle.n
        return [[latin_rules.mask_text(m) for m in state.notes[r * n:(r + 1) * n]] for r in range(n)]

    def apply(self, puzzle: Puzzle, state: State, move: str) -> State:
        """r1c2=4 (place; =0 clears), r1c2^4 (toggle a note), r1c2-47 (remove notes); see rules/latin.py."""
        return apply(puzzle, state, move)

    def is_solved(self, puzzle: Puzzle, state: State) -> bool:
        """A full latin square meeting every clue and given."""
        n = puzzle.n
        return all(state.values) and is_solution(puzzle, [list(state.values[r * n:(r + 1) * n]) for r in range(n)])

    def generate(self, params: Params, seed: int | str) -> Puzzle:
        """A puzzle of the grade, deterministic for (grade, seed, size)."""
        n = params.size or 5
        puzzle, _ = generate(rng_for(seed, "skyscrapers", params.grade, n), params.grade, n)
        return self._graded.remember(puzzle, params.grade)

    def watch_sizes(self) -> list[int]:
        """Up to WATCH_MAX: larger boards take the phase solver too long to be worth watching."""
        return [n for n in self.sizes if n <= WATCH_MAX]

    def describe(self, puzzle: Puzzle) -> Json:
        """"difficulty", "score" (of the logical path) and the "description" (the share-link text)."""
        level = self._graded.get(puzzle)
        if level is None:
            level = grade(puzzle)
        out: Json = {"difficulty": GRADES[level] if level is not None else "Unknown", "description": format(puzzle)}
        if level is not None:
            out["score"] = rate(puzzle).score
        return out

    def solve(self, puzzle: Puzzle, obj: Json) -> Json:
        """{"solution": rows, "count": 1|2}; an error when there is no solution."""
        found = solutions(puzzle, 2)
        if not found:
            raise PuzzleError("this puzzle has no solution: the clues and givens contradict each other", "no-solution")
        return {"solution": found[0], "count": len(found)}

    def count(self, puzzle: Puzzle, limit: int = 2) -> int:
        """Solutions counted up to `limit`."""
        return count_solutions(puzzle, limit)

    def judge(self, puzzle: Puzzle, state: State) -> tuple[list[Problem], Json]:
        """Changed givens, repeats, wrong entries, broken clues; errors, wrong, conflicts, bad_clues, complete,
        solved, message."""
        return check(puzzle, state)

    def hint(self, puzzle: Puzzle, state: State, obj: Json) -> Hint:
        """The next step for the player's state (from their notes when "pencil" is sent)."""
        return told(hint(puzzle, state, obj.get("pencil") is not None), state.values, layout(puzzle.n).g.peers)

    def trace(self, puzzle: Puzzle, method: str, obj: Json) -> Iterator[Json]:
        """"phases" (the reference's solver, default) or "logic" (the hint techniques)."""
        return trace_logic(puzzle) if method == "logic" else trace_phases(puzzle)

    def rungs(self) -> Iterator[tuple[str, int, int, str | None]]:
        """The ladder in order: the clue and line techniques among the shared latin ones."""
        return ((t.name, t.level, t.score, None) for t in TECHNIQUES)

    grade_doc = ("grade a puzzle (sudoku grade's shape): count, grade (from 0), difficulty, score, techniques in order "
                 "of use, hardest (its grade), hardest_step, lines")

    def extra(self) -> dict[str, Command]:
        """`grade` (a solve input), `practice` and `steps`, and `rate` (the older grading, its own shape)."""
        return {**super().extra(), "rate": Command("rate a puzzle: count, grade (from 1), difficulty, score, hardest "
                                                   "technique, technique counts", run=self.rate)}

    def all_steps(self, puzzle: Puzzle, state: State, use_notes: bool, ask: StepsAsk) -> Json:
        """Every step each rung finds, the clued lines' with the clues they read."""
        return all_steps(puzzle, state, use_notes, ask)

    def _count(self, obj: Json) -> tuple[Puzzle, int]:
        """The puzzle of a solve input and its solutions counted to 2; no-solution when there are none."""
        puzzle = self.read(obj)
        count = count_solutions(puzzle, 2)
        if count == 0:
            raise PuzzleError("this puzzle has no solution: the clues and givens contradict each other", "no-solution")
        return puzzle, count

    def grade(self, obj: Json) -> Json:
        """Solve input -> {"count", and for one solution "grade" (0 = the easiest), "difficulty", "score",
        "techniques" (in order of use), "hardest" (the grade of the hardest technique), "hardest_step" (that
        technique), "lines"}: `sudoku grade`'s fields."""
        puzzle, count = self._count(obj)
        if count != 1:
            return {"count": count}
        rating = rate(puzzle)
        return {"count": 1, "grade": rating.grade, "difficulty": GRADES[rating.grade], "score": rating.score,
                "techniques": list(rating.counts), "hardest": GRADES[LEVELS[rating.hardest]],
                "hardest_step": rating.hardest, "lines": rating.to_json()["lines"]}

    def rate(self, obj: Json) -> Json:
        """Solve input -> {"count", "grade" (from 1), "difficulty", "score", "hardest", "techniques": {name: times}}."""
        puzzle, count = self._count(obj)
        return {"count": count, **(rate(puzzle).to_json() if count == 1 else {})}

    def practice(self, obj: Json) -> Json:
        """{"technique", "seed"?, "size"?} -> a puzzle (generate's shape) whose path needs that technique."""
        name, n, seed = obj.get("technique"), obj.get("size") or 6, obj.get("seed", 0)
        if name not in LEVELS or name == "Guessing":
            raise PuzzleError(f"unknown technique {str(name)[:30]!r}: choose one of {', '.join(TECHNIQUE_NAMES[:-1])}")
        if type(n) is not int or n not in PRACTICE_SIZES:
            raise PuzzleError(f"practice puzzles are {sizes_said(PRACTICE_SIZES)}")
        level = LEVELS[name]
        puzzle, _ = generate(rng_for(seed, "practice", name, n), level, n, technique=name)
        return {**self.write(puzzle), "difficulty": GRADES[level], "technique": name, "seed": seed,
                **self.describe(puzzle)}


FAMILY = Skyscrapers()
