"""Sudoku's family object: the typed contract (base.Family) over Puzzle and State, and its extra commands.

The solve input is {"grid", "box"?, and a variant's layout} (DESIGN.md): classic, killer, jigsaw, X and their
mixes; "state" is the player's grid text and "pencil" their notes (n*n strings). Its own JSON commands: `grade`,
`daily`, `practice` (a puzzle whose path needs a technique) and `steps` (every step of a position).
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from random import Random

from .. import budget, constraints, formats
from ..base import Codec, Command, Hint, Json, Params, Problem, PuzzleError, read_seed, rng_for, watch_methods
from ..latin_play import LatinFamily, StepsAsk
from ..logic import SCORES, ladder
from ..logic.explain import path_lines
from ..logic.rating import HOW as SE_HOW
from ..logic.rating import se_estimate
from ..rules import sudoku as rules
from ..rules.latin import mask_text
from . import bank, play
from .generator import daily, generate
from .grid import DEFAULT_BOX, GRADES, Puzzle, format, grid_text, parse, read, symbol, write
from .play import State
from .solver import NO_SOLUTION, count_solutions, solutions
from .techniques import LADDER, grade, grade_of_path, solve_path, start_cands
from .techniques import SINGLES as SINGLE_RUNGS
from .techniques import Path as LadderPath

READS = ("a Sudoku grid of 81 digits and dots, or 16, 36, 144 or 256 cells; a Tessera, f-puzzles, SudokuPad or "
         "SudokuWiki link; a Tatham game ID, the one with ':'")

def _givens(puzzle: Puzzle) -> int:
    return sum(1 for v in puzzle.givens if v)


def _charged(events: Iterator[Json]) -> Iterator[Json]:
    """A trace's events, each charged as one node to the current budget (so its limits apply from the first)."""
    for event in events:
        budget.spend()
        yield event


class SudokuFamily(LatinFamily[Puzzle]):
    """Sudoku through the typed contract (CLI and worker go through commands.py)."""

    name = "sudoku"
    title = "Sudoku"
    grades = GRADES
    sizes = tuple(DEFAULT_BOX)
    default_size = 9
    codec = Codec(parse, format, read, write)  # grid text ('WxH:'-prefixed keeps the box); {"grid", "box", layout}
    variants = (*((name, label) for name, label, *_flags in rules.VARIANTS), *rules.SET_VARIANTS)
    watch_compare = True
    methods = watch_methods("sudoku")

    def imported(self, text: str) -> Puzzle:
        """Also SudokuWiki `bd=` links, Tatham Solo game IDs, 81-character strings with any blank mark, and classic
        f-puzzles and SudokuPad links (or their JSON, decompressed)."""
        readers: dict[str, list] = {}
        for kind in constraints.TYPES.values():
            for key in kind.fpuzzles:
                readers.setdefault(key, []).append(partial(kind.from_fpuzzles, key))
        found = formats.fpuzzles(text, readers)
        if found is not None:
            return self._of_parts(found)
        wiki = formats.sudokuwiki(text)
        if wiki is not None:
            return parse(wiki)
        body = formats.fragment(text, self.name)
        solo = formats.tatham_solo(body)
        if solo is not None:
            return self._of_parts(solo)
        if len(body) == 81:
            body = "".join("." if ch in "-_*x0" else ch for ch in body)
        grid = rules.split_text(body)[0]
        if ":" not in grid and rules.stray(grid):  # no grid, nor any other form: say what is read, not a size
            raise PuzzleError(formats.unread(text, READS))
        return parse(body)

    def _of_parts(self, parts: dict) -> Puzzle:
        """The puzzle of another app's parts: {"n", "box" (None: the size's default), "values", "regions",
        "diagonals", "cages" [(sum, cells)]}."""
        n = parts["n"]
        if parts["box"] is None and n not in DEFAULT_BOX:
            raise PuzzleError(f"Tessera plays jigsaw Sudoku of sizes {', '.join(map(str, DEFAULT_BOX))}, not {n}x{n}")
        box = parts["box"] or DEFAULT_BOX[n]
        obj = {"grid": grid_text(parts["values"]), "box": list(box)}
        if parts.get("regions") is not None:
            obj["regions"] = "".join(symbol(r + 1) for r in parts["regions"])
        if parts.get("diagonals"):
            obj["diagonals"] = True
        if parts.get("cages"):
            obj["cages"] = [{"sum": total, "cells": [[c // n, c % n] for c in cells]}
                            for total, cells in parts["cages"]]
        if parts.get("constraints"):
            obj["constraints"] = parts["constraints"]
        return read(obj)

    def exports(self, puzzle: Puzzle) -> dict[str, str]:
        """A Solo game ID (any box, jigsaw, X, killer); a 9x9 classic also as 81 digits, 0 for blank (SudokuWiki's
        `bd=`); f-puzzles and SudokuPad links (f-puzzles' boxes, or a jigsaw)."""
        regions, diagonals, cages, more = puzzle.layout
        out = {}
        with contextlib.suppress(ValueError):  # cages Solo cannot show (cells outside every cage, cages touching)
            if not more:  # Solo has no further constraints
                out["Tatham Solo game ID"] = formats.solo_id(puzzle.box, list(puzzle.givens), regions, diagonals,
                                                             [(total, list(cells)) for total, cells in cages])
        if puzzle.n == 9 and puzzle.variant == "classic":
            out["81-character string"] = "".join(str(v) for v in puzzle.givens)
        kinds = [(constraints.TYPES[key], items) for key, items in constraints.read(more, puzzle.n)]
        keys: dict[str, object] = {}
        try:  # a link without one of its rules would mislead: none then
            for kind, items in kinds:
                for key, value in kind.to_fpuzzles(items, puzzle.n).items():
                    keys[key] = [*keys[key], *value] if isinstance(keys.get(key), list) else value  # "negative"
        except ValueError:
            return out
        return {**out, **formats.fpuzzles_links(puzzle.box, list(puzzle.givens), puzzle.layout, keys)}

    def start(self, puzzle: Puzzle) -> State:
        """The givens, no notes."""
        return play.start(puzzle)

    def read_state(self, puzzle: Puzzle, obj: Json) -> State:
        """"state" (grid text, default the givens) and "pencil" (n*n strings)."""
        return play.read_state(puzzle, obj.get("state", puzzle.grid), obj.get("pencil"))

    def write_state(self, puzzle: Puzzle, state: State) -> str:
        """The grid text."""
        return state.text

    def write_notes(self, puzzle: Puzzle, state: State) -> list[str]:
        """n*n strings of note symbols ("" = none)."""
        return [mask_text(m) for m in state.notes]

    def apply(self, puzzle: Puzzle, state: State, move: str) -> State:
        """r1c2=4 (place; =0 clears), r1c2^4 (toggle a note), r1c2-47 (remove notes); see rules/latin.py."""
        return play.apply(puzzle, state, move)

    def is_solved(self, puzzle: Puzzle, state: State) -> bool:
        """Full, keeping the givens, and the unique solution (or rule-abiding when not unique)."""
        if not all(state.values) or any(g and g != v for g, v in zip(puzzle.givens, state.values, strict=True)):
            return False
        return play.check(puzzle, state).solved

    def generate(self, params: Params, seed: int | str) -> Puzzle:
        """A puzzle of the grade; same seed and size, same puzzle."""
        size = params.size or 9
        variant = params.variant or "classic"
        rng = rng_for(seed, "sudoku", params.grade, size) if variant == "classic" else \
            rng_for(seed, "sudoku", variant, params.grade, size)
        puzzle, got = generate(rng, params.grade, size, variant=variant)
        return self._graded.remember(puzzle, got)

    def describe(self, puzzle: Puzzle) -> Json:
        """"difficulty" (the ladder's grade), "givens" and "variant"."""
        level = self._graded.get(puzzle)
        return {"difficulty": GRADES[grade(puzzle) if level is None else level], "givens": _givens(puzzle),
                "variant": puzzle.variant}

    def solve(self, puzzle: Puzzle, obj: Json) -> Json:
        """{"solution", "count": 1|2}."""
        found = solutions(puzzle, 2)
        return {"solution": grid_text(found[0]), "count": len(found)}

    def count(self, puzzle: Puzzle, limit: int = 2) -> int:
        """Solutions counted up to `limit`."""
        return count_solutions(puzzle, limit)

    def judge(self, puzzle: Puzzle, state: State) -> tuple[list[Problem], Json]:
        """Changed givens, repeats, wrong entries, broken constraints; errors, wrong, conflicts, changed_givens,
        complete, solved, unique, message."""
        result = play.check(puzzle, state)
        return play.problems(puzzle, state, result), play.check_json(puzzle, result)

    def hint(self, puzzle: Puzzle, state: State, obj: Json) -> Hint:
        """A wrong entry first, else the easiest deduction (from the notes when "pencil" is sent)."""
        return play.next_step(puzzle, state, obj.get("pencil") is not None)

    def trace(self, puzzle: Puzzle, method: str, obj: Json) -> Iterator[Json]:
        """"propagation" (Tessera's: singles, then guesses), "backtracking" (the study's) or "logic" (the hints one
        at a time); "max_steps" caps it.

        Lazy: givens that propagation refutes are no-solution at once; any other puzzle without a solution is
        found out by the trace itself (no-solution at its end), each event charged to the request's budget."""
        limit = obj.get("max_steps")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
            raise PuzzleError("max_steps must be a positive whole number")
        if start_cands(puzzle.givens, puzzle.shape) is None:  # refuted by propagation: said at once, before any event
            raise PuzzleError(NO_SOLUTION, "no-solution")
        traces = {"backtracking": play.trace_backtracking, "logic": play.trace_logic}
        return _charged(traces.get(method, play.trace_propagation)(puzzle, limit))

    def build_data(self, directory: str, cache: str) -> list[str]:
        """The bank's files (not in the worker's snapshot: fetched by the first call that reads them)."""
        import shutil

        banks = sorted(Path(bank.__file__).parent.glob("bank_*.txt"))
        for f in banks:
            shutil.copy2(f, Path(directory) / f.name)
        return [f.name for f in banks]

    def use_data(self, directory: str) -> None:
        """Read the bank's files (12x12 and 16x16 hard grades) from the worker's fetched copies."""
        bank.use_directory(directory)

    def data_files(self, command: str, obj: object) -> tuple[str, ...]:
        """Only a new or daily puzzle of a banked size reads the bank, and only that size's file (a 9x9 player
        never fetches one)."""
        size = obj.get("size") if isinstance(obj, dict) else None
        return (bank.file_name(size),) if command in ("generate", "daily") and size in bank.BANKED else ()

    def rungs(self) -> Iterator[tuple[str, int, int, str | None]]:
        """Every rung the hints climb in ladder order: the killer rungs (practised on killers) and the constraint
        types' own (each practised on its type's variant) among them."""
        classic = {r.name for r in LADDER}
        typed = {kind.technique: kind.key for kind in constraints.TYPES.values() if kind.technique}
        return ((r.name, r.level, r.score, None if r.name in classic else typed.get(r.name, "killer"))
                for r in ladder(uniqueness=True, cages=True, typed=True))

    grade_doc = "grade a puzzle: count, grade, difficulty, givens, techniques used"
    practice_doc = ("a puzzle whose solving path needs a technique: {\"technique\", \"seed\"?, \"size\"?, "
                    "\"variant\"?}")

    def extra(self) -> dict[str, Command]:
        """`grade` (a solve input), `daily` ({"date"?, "size"?}), `practice` and `steps` (what `hint` takes)."""
        common = super().extra()
        return {"grade": common["grade"],
                "daily": Command("the day's puzzle: {\"date\"?: \"YYYY-MM-DD\", \"size\"?: n, \"variant\"?}",
                                 run=self.daily),
                "practice": common["practice"], "steps": common["steps"]}

    def all_steps(self, puzzle: Puzzle, state: State, use_notes: bool, ask: StepsAsk) -> Json:
        """Every step each rung finds (a killer's cage rungs too)."""
        return play.all_steps(puzzle, state, use_notes, ask)

    def grade(self, obj: Json) -> Json:
        """Solve input -> {"count", "grade", "difficulty", "givens", "techniques" (in order of use), "score",
        "hardest" (its technique's grade), "hardest_step" (that technique, the highest scored at that grade; null
        when singles are enough), "logic" (finished by the ladder), "singles", "path" (steps past singles),
        "lines" (the path as a page lists it), "se" (an estimate of its Sudoku Explainer rating: "estimate",
        "technique" it comes from, "how"; both null for a killer, which SE does not rate)}. With `"partial": true`, a
        path cut short by the budget is answered as far as it got: "complete": false, "decided" of "cells", and no
        grade."""
        puzzle = self.read(obj)
        count = count_solutions(puzzle, 2)
        if count == 0:
            raise PuzzleError(NO_SOLUTION, "no-solution")
        out: Json = {"count": count, "givens": _givens(puzzle)}
        if count == 1:
            path = LadderPath()
            try:
                solve_path(puzzle, path=path)
            except budget.SearchAborted as exc:
                if obj.get("partial") is not True or str(exc) == "cancelled":
                    raise
                return {**out, **_path_json(path), "complete": False, "cells": len(puzzle.givens),
                        "decided": sum(1 for v in puzzle.givens if v) + path.singles +
                        sum(1 for step, _, _ in path.steps if step.place is not None),
                        "seconds": round(exc.seconds, 1), "stopped": str(exc)}
            level = grade_of_path(path, len(puzzle.givens))
            used = list(dict.fromkeys(step.technique for step, _, _ in path.steps))
            se, by = se_estimate(step for step, _, _ in path.steps) if path.solved else (11.9, "Trial and error")
            if puzzle.layout[2] or puzzle.layout[3]:  # Sudoku Explainer rates no cage sums nor other constraints
                se, by = None, None
            top = [step.technique for step, lvl, _ in path.steps if lvl == path.hardest]
            out.update(grade=level, difficulty=GRADES[level], techniques=used, score=path.score,
                       hardest=GRADES[path.hardest], logic=path.solved, singles=path.singles,
                       hardest_step=max(top, key=lambda t: SCORES.get(t, 0)) if top else None,
                       se={"estimate": se, "technique": by, "how": SE_HOW}, **_path_json(path))
        return out

    def practice(self, obj: Json) -> Json:
        """{"technique", "seed"?, "size"?, "variant"?} -> a puzzle (generate's shape) whose solving path needs the
        technique (a killer rung's: of a variant with cages). Every puzzle needs singles: for a single, an Easy
        puzzle whose hints name it."""
        technique, size, variant = obj.get("technique"), obj.get("size", 9), obj.get("variant", "classic")
        if not isinstance(technique, str):
            raise PuzzleError('give the technique to practise, e.g. {"technique": "X-wing"}')
        if variant not in rules.VARIANT_SIZES:
            raise PuzzleError(f"the variant must be one of {', '.join(rules.VARIANT_SIZES)}")
        if size not in rules.VARIANT_SIZES[variant]:
            raise PuzzleError(f"{variant} puzzles are made at {', '.join(map(str, rules.VARIANT_SIZES[variant]))} "
                              "only")
        seed = read_seed(obj.get("seed", 0))
        rng = rng_for(seed, "sudoku-practice", technique, size, *([variant] if variant != "classic" else []))
        if technique in SINGLES:
            puzzle, got = _single_practice(rng, size, technique)
        else:
            puzzle, got = generate(rng, 0, size, technique=technique, variant=variant)
        return {**self.write(puzzle), "difficulty": GRADES[got], "givens": _givens(puzzle), "seed": seed,
                "technique": technique, "variant": variant}

    def daily(self, obj: Json) -> Json:
        """{"date"?: "YYYY-MM-DD", "size"?: n} -> the day's puzzle in generate's shape plus "date"."""
        date, size, variant = obj.get("date"), obj.get("size", 9), obj.get("variant", "classic")
        if date is not None and not isinstance(date, str):
            raise PuzzleError('"date" must be text like "2026-11-23"')
        if isinstance(size, bool) or not isinstance(size, int) or size not in DEFAULT_BOX:
            raise PuzzleError(f"the size must be one of {', '.join(map(str, DEFAULT_BOX))}")
        if variant not in rules.VARIANT_SIZES:
            raise PuzzleError(f"the variant must be one of {', '.join(rules.VARIANT_SIZES)}")
        puzzle, got = daily(date, size, variant)
        return {**self.write(puzzle), "difficulty": GRADES[got], "givens": _givens(puzzle), "variant": variant,
                "date": date or datetime.date.today().isoformat()}


SINGLES = tuple(r.name for r in LADDER[:SINGLE_RUNGS])  # every path needs them: `grade` leaves them out
SINGLE_TRIES = 20  # Easy puzzles tried for one whose hints name a given single


def _single_practice(rng: Random, size: int, technique: str) -> tuple[Puzzle, int]:
    """An Easy puzzle (solved by singles alone) whose hints, one at a time, name the single `technique`."""
    for _ in range(SINGLE_TRIES):
        puzzle, got = generate(rng, 0, size)
        if any(step.technique == technique for _level, step, _fields in play.logic_path(puzzle)):
            return puzzle, got
    raise PuzzleError(f"no {size}x{size} puzzle whose hints need a {technique} was found for this seed: try another "
                      "seed")


def _path_json(path: LadderPath) -> Json:
    """A path's steps past singles ("path") and its lines as a page lists them ("lines")."""
    steps = [{"technique": step.technique, "level": lvl, "score": SCORES.get(step.technique, 0),
              "reason": step.reason} for step, lvl, _ in path.steps]
    return {"path": steps, "lines": path_lines(path.singles, steps)}


FAMILY = SudokuFamily()
