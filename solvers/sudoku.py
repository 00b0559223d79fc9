"""Sudoku: fill an n x n grid (n = w*h) so every row, column and w-wide, h-tall box holds 1..n once.

Sizes 4x4 (2x2 boxes), 6x6 (3x2), 9x9 (3x3), 12x12 (4x3), 16x16 (4x4) share one code path;
values above 9 are written A, B, ... A fast complete solver (bitmask candidates, singles
propagation, most-constrained cell first) counts solutions up to a limit; the technique ladder
for hints and grading lives in `sudoku_logic`. Known limits: n <= 25; the naive backtracking
trace of a hard 9x9 can run for millions of steps (it is streamed, never built whole); 9x9 Hard and
16x16 Hard/Expert puzzles come from small pools our generator made, each given a random symmetry (`sudoku_pool`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

from . import latin
from .base import Hint, Json, LegacyFamily, PuzzleError, rng_for
from .latin import Geometry, Mask

Grid = tuple[int, ...]  # row-major values, 0 = blank
Box = tuple[int, int]  # (width, height) of a box

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQ"
BLANKS = ".0"
MAX_N = 25
DEFAULT_BOX: dict[int, Box] = {4: (2, 2), 6: (3, 2), 9: (3, 3), 12: (4, 3), 16: (4, 4)}
GRADES = ("Easy", "Medium", "Hard", "Expert", "Diabolical")


@dataclass(frozen=True)
class Puzzle:
    """A Sudoku: box shape and the givens (0 = blank), row-major."""

    box: Box
    givens: Grid

    @property
    def n(self) -> int:
        """Side length (and number of values)."""
        return self.box[0] * self.box[1]

    @property
    def geometry(self) -> Geometry:
        """Rows, columns, boxes and peers of this size."""
        return latin.square(self.n, self.box)

    @property
    def grid(self) -> str:
        """The givens as grid text ('.' = blank)."""
        return grid_text(self.givens)

    def __repr__(self) -> str:
        return f"parse({describe(self)!r})"


def grid_text(values: Sequence[int]) -> str:
    """Grid text of values: digits, then letters, '.' for blank."""
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


def symbol(v: int) -> str:
    """How a value is written (10 = A)."""
    return SYMBOLS[v - 1]


def cell_name(n: int, cell: int) -> str:
    """r4c7 (1-based)."""
    return f"r{cell // n + 1}c{cell % n + 1}"


def _box_for(ncells: int, box: Sequence[int] | None) -> Box:
    """The box shape for a grid of `ncells` cells, checked."""
    if box is not None:
        if not (isinstance(box, Sequence) and len(box) == 2 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                 for x in box)):
            raise PuzzleError("box must be two whole numbers [width, height]")
        w, h = box
        if w < 2 or h < 2 or w * h > MAX_N:
            raise PuzzleError(f"a box must be at least 2x2 and hold at most {MAX_N} cells; got {w}x{h}")
        n = w * h
        if ncells != n * n:
            raise PuzzleError(f"a {n}x{n} grid with {w}x{h} boxes needs {n * n} cells; this one has {ncells}")
        return (w, h)
    for n, shape in DEFAULT_BOX.items():
        if ncells == n * n:
            return shape
    sizes = ", ".join(str(n * n) for n in DEFAULT_BOX)
    raise PuzzleError(f"a grid must have {sizes} cells (or give its box); this one has {ncells}")


def read_values(text: str, n: int, what: str = "grid") -> list[int]:
    """Values of grid text for an n x n grid (no duplicate check); blanks are 0."""
    out = []
    for i, ch in enumerate(text):
        if ch in BLANKS:
            out.append(0)
            continue
        v = SYMBOLS.find(ch.upper()) + 1
        if v == 0 or not ch.isascii():
            raise PuzzleError(f"unexpected character {ch!r} in the {what} at {cell_name(n, i)}: "
                              f"use 1-{symbol(min(n, 9))}{', A-' + symbol(n) if n > 9 else ''}, '.' or '0'")
        if v > n:
            raise PuzzleError(f"{ch!r} at {cell_name(n, i)} is too large for a {n}x{n} grid")
        out.append(v)
    return out


def duplicate(g: Geometry, values: Sequence[int]) -> tuple[int, int] | None:
    """(unit index, value) of the first value placed twice in a unit, or None."""
    for u, unit in enumerate(g.units):
        seen = 0
        for c in unit:
            v = values[c]
            if v:
                b = 1 << v
                if seen & b:
                    return u, v
                seen |= b
    return None


def parse(text: str, box: Sequence[int] | None = None) -> Puzzle:
    """Read grid text (optionally 'WxH:' prefixed; whitespace ignored) into a Puzzle."""
    if not isinstance(text, str):
        raise PuzzleError("the grid must be text")
    text = "".join(text.split())
    head, sep, body = text.partition(":")
    if sep:
        w, x, h = head.lower().partition("x")
        if not (x and w.isdigit() and h.isdigit() and w.isascii() and h.isascii()):
            raise PuzzleError(f"the size prefix {head!r} should look like 3x3 (box width x height)")
        pref = (int(w), int(h))
        if box is not None and tuple(box) != pref:
            raise PuzzleError(f"the grid says {pref[0]}x{pref[1]} boxes but box is {list(box)}")
        box, text = pref, body
    shape = _box_for(len(text), box)
    n = shape[0] * shape[1]
    values = read_values(text, n)
    puzzle = Puzzle(shape, tuple(values))
    dup = duplicate(puzzle.geometry, values)
    if dup:
        u, v = dup
        raise PuzzleError(f"{symbol(v)} appears twice in {puzzle.geometry.unit_names[u]}")
    return puzzle


def format(puzzle: Puzzle) -> str:  # noqa: A001 - the interface's name (DESIGN.md)
    """The grid text of a puzzle ('.' = blank)."""
    return puzzle.grid


def describe(puzzle: Puzzle) -> str:
    """The canonical description for links: the grid, prefixed 'WxH:' unless the box is the default."""
    if DEFAULT_BOX.get(puzzle.n) == puzzle.box:
        return puzzle.grid
    return f"{puzzle.box[0]}x{puzzle.box[1]}:{puzzle.grid}"


# ---------------------------------------------------------------------------- fast complete solver

@cache
def _tables(n: int, box: Box) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], int]:
    """(peers, units, full mask) for the hot loops."""
    g = latin.square(n, box)
    return g.peers, g.units, g.full


def _propagate(cands: list[Mask], queue: list[int], peers: Sequence[Sequence[int]],
               units: Sequence[Sequence[int]], full: Mask) -> bool:
    """Naked and hidden singles to a fixpoint, in place; `queue` holds newly fixed cells. False = contradiction."""
    while True:
        while queue:
            c = queue.pop()
            m = cands[c]
            for p in peers[c]:
                pm = cands[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return False
                    cands[p] = pm
                    if not pm & (pm - 1):
                        queue.append(p)
        for unit in units:
            once = twice = fixed = 0
            for c in unit:
                m = cands[c]
                twice |= once & m
                once |= m
                if not m & (m - 1):
                    fixed |= m
            if once != full:
                return False
            single = once & ~twice & ~fixed
            if single:
                for c in unit:
                    m = cands[c] & single
                    if m:
                        if m & (m - 1):
                            return False  # two values that fit only in this cell
                        cands[c] = m
                        queue.append(c)
        if not queue:
            return True


class OutOfNodes(Exception):
    """A search ran past its node budget."""


class Search:
    """Depth-first search over candidate masks, counting solutions up to a limit; counts nodes.

    `max_nodes` bounds the work (OutOfNodes past it): a count, not a clock, so generators stay deterministic."""

    def __init__(self, n: int, box: Box, limit: int = 2, rng: Random | None = None,
                 max_nodes: int | None = None) -> None:
        self.peers, self.units, self.full = _tables(n, box)
        self.limit = limit
        self.rng = rng
        self.max_nodes = max_nodes
        self.nodes = 0
        self.solutions: list[Grid] = []

    def run(self, values: Sequence[int]) -> list[Grid]:
        """All solutions (up to the limit) of the given values."""
        full = self.full
        return self.run_cands([1 << (v - 1) if v else full for v in values], [c for c, v in enumerate(values) if v])

    def run_cands(self, cands: list[Mask], fixed: list[int]) -> list[Grid]:
        """All solutions (up to the limit) below candidate masks whose `fixed` cells are decided (consumed)."""
        if _propagate(cands, fixed, self.peers, self.units, self.full):
            self._search(cands)
        return self.solutions

    def _search(self, cands: list[Mask]) -> bool:
        """Search below `cands`; True when the limit is reached."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfNodes
        best = latin.most_constrained(cands)
        if best < 0:
            self.solutions.append(tuple(m.bit_length() for m in cands))
            return len(self.solutions) >= self.limit
        m = cands[best]
        bits = []
        while m:
            b = m & -m
            bits.append(b)
            m ^= b
        if self.rng is not None:
            self.rng.shuffle(bits)
        peers, units, full = self.peers, self.units, self.full
        for b in bits:
            nc = cands[:]
            nc[best] = b
            if _propagate(nc, [best], peers, units, full) and self._search(nc):
                return True
        return False


NO_SOLUTION = "this puzzle has no solution: its givens contradict each other"


def solutions(puzzle: Puzzle, limit: int = 2, need: int = 1) -> list[Grid]:
    """Up to `limit` solutions of a puzzle; PuzzleError(no-solution) when fewer than `need` exist."""
    found = Search(puzzle.n, puzzle.box, limit).run(puzzle.givens)
    if len(found) < need:
        raise PuzzleError(NO_SOLUTION, "no-solution")
    return found


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """The number of solutions, counted up to `limit`."""
    return len(solutions(puzzle, limit, need=0))


def solve(puzzle: Puzzle, why: str = "") -> Grid:
    """The unique solution; PuzzleError when there is none or more than one."""
    found = solutions(puzzle, 2)
    if len(found) > 1:
        raise PuzzleError(f"this puzzle has more than one solution{why}", "multiple-solutions")
    return found[0]


def is_solution(puzzle: Puzzle, grid: Sequence[int]) -> bool:
    """True when `grid` fills every cell, keeps the givens and breaks no rule (independent check)."""
    n = puzzle.n
    if len(grid) != n * n or any(g and g != v for g, v in zip(puzzle.givens, grid, strict=True)):
        return False
    want = set(range(1, n + 1))
    return all({grid[c] for c in unit} == want for unit in puzzle.geometry.units)


# ---------------------------------------------------------------------------- player state: check

def read_state(puzzle: Puzzle, state: str) -> list[int]:
    """The player's grid (givens + entries) as values; a blank at a given counts as the given."""
    if not isinstance(state, str):
        raise PuzzleError("the state must be grid text")
    state = "".join(state.split())
    n = puzzle.n
    if len(state) != n * n:
        raise PuzzleError(f"the state must have {n * n} cells like the grid; it has {len(state)}")
    values = read_values(state, n, "state")
    return [v or g for v, g in zip(values, puzzle.givens, strict=True)]


def conflicts(g: Geometry, values: Sequence[int]) -> list[int]:
    """Cells whose value also appears elsewhere in one of their units, ascending."""
    bad: set[int] = set()
    for unit in g.units:
        where: dict[int, list[int]] = {}
        for c in unit:
            if values[c]:
                where.setdefault(values[c], []).append(c)
        for cells in where.values():
            if len(cells) > 1:
                bad.update(cells)
    return sorted(bad)


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


def check(puzzle: Puzzle, state: str) -> Check:
    """Compare the player's grid with the rules and the unique solution."""
    n = puzzle.n
    values = read_state(puzzle, state)
    raw = read_values("".join(state.split()), n, "state")
    changed = tuple(c for c, (g, v) in enumerate(zip(puzzle.givens, raw, strict=True)) if g and v and v != g)
    found = solutions(puzzle, 2)
    unique = len(found) == 1
    sol = found[0]
    entries = [c for c in range(n * n) if not puzzle.givens[c] and values[c]]
    wrong = tuple(c for c in entries if values[c] != sol[c]) if unique else ()
    clash = tuple(conflicts(puzzle.geometry, values))
    complete = all(values)
    solved = complete and not changed and (values == list(sol) if unique else not clash)
    # With a unique solution every conflict involves a wrong entry or a changed given, which are counted.
    at_fault = set(wrong) | set(changed) | (set() if unique else {c for c in clash if not puzzle.givens[c]})
    return Check(wrong, clash, changed, complete, solved, unique, len(at_fault))


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
    if result.conflicts:
        parts.append(f"{len(result.conflicts)} cells in conflict")
    if result.changed_givens:
        k = len(result.changed_givens)
        parts.append(f"{k} changed given{'s' if k > 1 else ''}")
    return f"{result.errors} error{'s' if result.errors > 1 else ''}: " + ", ".join(parts) + "."


# ---------------------------------------------------------------------------- generator

def random_solution(n: int, box: Box, rng: Random) -> Grid:
    """A random complete grid."""
    return Search(n, box, 1, rng).run([0] * (n * n))[0]


def dig(solution: Grid, box: Box, rng: Random, keep: int = 0, symmetric: bool = False,
        max_nodes: int | None = None) -> Grid:
    """Remove givens in random order while the solution stays unique (stop at `keep` givens).

    A uniqueness check that needs more than `max_nodes` search nodes counts as failed (the given stays)."""
    n = box[0] * box[1]
    values = list(solution)
    order = list(range(n * n))
    rng.shuffle(order)
    count = n * n
    for c in order:
        if count <= keep:
            break
        if not values[c]:
            continue
        group = {c, n * n - 1 - c} if symmetric else {c}
        saved = {x: values[x] for x in group}
        for x in group:
            values[x] = 0
        try:
            unique = len(Search(n, box, 2, max_nodes=max_nodes).run(values)) == 1
        except OutOfNodes:
            unique = False
        if not unique:
            for x, v in saved.items():
                values[x] = v
        else:
            count -= len(group)
    return tuple(values)


def generate(rng: Random, grade: int = 0, size: int = 9, symmetric: bool = False) -> tuple[Puzzle, int]:
    """A puzzle with a unique solution of the given grade (index into GRADES), and the grade it got.

    Dug fresh, except (without `symmetric`) 9x9 Hard and 16x16 Hard and Expert: those come from a pool of 36 (9x9)
    or 10 (16x16) puzzles our generator made (`sudoku_pool`), each given a random symmetry and re-graded, because
    digging one takes seconds (9x9) to minutes (16x16)."""
    from .sudoku_logic import generate_graded
    from .sudoku_pool import from_pool

    if size not in DEFAULT_BOX:
        raise PuzzleError(f"size must be one of {', '.join(map(str, DEFAULT_BOX))}; got {size}")
    if not 0 <= grade < len(GRADES):
        raise PuzzleError(f"grade must be 0..{len(GRADES) - 1}")
    box = DEFAULT_BOX[size]
    pooled = None if symmetric else from_pool(rng, grade, box)
    return pooled or generate_graded(rng, grade, box, symmetric)


DAILY_GRADES = (0, 0, 1, 1, 2, 3, 4)  # Monday .. Sunday: harder towards the weekend


def daily(date_str: str | None = None, size: int = 9) -> tuple[Puzzle, int]:
    """The day's puzzle, the same for everyone (seeded by the date), and its grade index."""
    try:
        day = datetime.date.fromisoformat(date_str) if date_str else datetime.date.today()
    except (TypeError, ValueError):
        raise PuzzleError(f"a date looks like 2025-01-31; got {date_str!r}") from None
    return generate(rng_for("daily", day.isoformat(), size), DAILY_GRADES[day.weekday()], size)


# ---------------------------------------------------------------------------- traces (watch the solver)

def _rc(n: int, cell: int) -> list[int]:
    """[row, col] 0-based."""
    return [cell // n, cell % n]


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
            yield {"event": "clear", "cell": _rc(n, c)}
            i -= 1
            continue
        values[c] = v
        yield {"event": "set", "cell": _rc(n, c), "value": v}
        if all(values[p] != v for p in peers[c]):
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
        yield {"event": "set", "cell": _rc(n, c), "value": v}

    def undo(placed: list[int]) -> Iterator[Json]:
        for c in reversed(placed):
            values[c] = 0
            yield {"event": "clear", "cell": _rc(n, c)}

    def run() -> Iterator[Json]:
        placed: list[int] = []
        while True:
            cands = latin.candidates(g, values)
            if any(not values[c] and not cands[c] for c in range(n * n)) or not _units_ok(g, cands):
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


# ---------------------------------------------------------------------------- hints

def hint(puzzle: Puzzle, state: str, pencil: Sequence[str] | None = None) -> Hint:
    """The next step on the player's position: a wrong entry first, else the easiest deduction."""
    from .sudoku_logic import next_step

    return next_step(puzzle, state, pencil)


# ---------------------------------------------------------------------------- JSON family

def _puzzle_of(obj: Json) -> Puzzle:
    """The puzzle of a solve-input object."""
    if "grid" not in obj:
        raise PuzzleError('missing "grid": give the puzzle as {"grid": "<81 chars>"}')
    return parse(obj["grid"], obj.get("box"))


def _cells(n: int, cells: Sequence[int]) -> list[list[int]]:
    """Cells as [[row, col], ...]."""
    return [_rc(n, c) for c in cells]


class SudokuFamily(LegacyFamily):
    """Sudoku through JSON objects (CLI and worker)."""

    name = "sudoku"
    grades = GRADES

    def solve(self, obj: Json) -> Json:
        """{"grid", "box"?} -> {"solution", "count": 1|2}."""
        found = solutions(_puzzle_of(obj), 2)
        return {"solution": grid_text(found[0]), "count": len(found)}

    def generate(self, grade: int, seed: Any, size: int | None) -> Json:
        """A puzzle of a grade; same seed and size, same puzzle."""
        size = 9 if size is None else size
        puzzle, got = generate(rng_for(seed, "sudoku", grade, size), grade, size)
        return {"grid": puzzle.grid, "box": list(puzzle.box), "difficulty": GRADES[got],
                "givens": sum(1 for v in puzzle.givens if v), "seed": seed}

    def hint(self, obj: Json) -> Json:
        """Solve input + "state" (+ "pencil") -> the next step."""
        puzzle = _puzzle_of(obj)
        state = obj.get("state", puzzle.grid)
        return hint(puzzle, state, obj.get("pencil")).to_json()

    def check(self, obj: Json) -> Json:
        """Solve input + "state" -> errors, wrong cells, conflicts, changed givens, flags, message."""
        puzzle = _puzzle_of(obj)
        result = check(puzzle, obj.get("state", puzzle.grid))
        n = puzzle.n
        return {"errors": result.errors, "wrong": _cells(n, result.wrong), "conflicts": _cells(n, result.conflicts),
                "changed_givens": _cells(n, result.changed_givens), "complete": result.complete,
                "solved": result.solved, "unique": result.unique, "message": check_message(result)}

    def trace(self, obj: Json, method: str | None) -> Iterator[Json]:
        """Solver events; method "backtracking" (the study's) or "propagation" (Tessera's, default)."""
        puzzle = _puzzle_of(obj)
        limit = obj.get("max_steps")
        if limit is not None and (not isinstance(limit, int) or limit < 1):
            raise PuzzleError("max_steps must be a positive whole number")
        solutions(puzzle, 1)
        method = method or "propagation"
        if method == "backtracking":
            return trace_backtracking(puzzle, limit)
        if method == "propagation":
            return trace_propagation(puzzle, limit)
        raise PuzzleError(f"unknown trace method {method!r}: choose backtracking or propagation")


    def grade(self, obj: Json) -> Json:
        """Solve input -> {"count", "grade", "difficulty", "givens", "techniques": [names in order of use]}."""
        from .sudoku_logic import logic_solve

        puzzle = _puzzle_of(obj)
        count = count_solutions(puzzle, 2)
        if count == 0:
            raise PuzzleError(NO_SOLUTION, "no-solution")
        out: Json = {"count": count, "givens": sum(1 for v in puzzle.givens if v)}
        if count == 1:
            record: list = []
            level = logic_solve(puzzle, len(GRADES) - 2, record)[0]
            used = list(dict.fromkeys(step.technique for step, _, _ in record))
            out.update(grade=level, difficulty=GRADES[level], techniques=used)
        return out

    def daily(self, obj: Json) -> Json:
        """{"date"?: "YYYY-MM-DD", "size"?: n} -> the day's puzzle in generate's shape plus "date"."""
        date, size = obj.get("date"), obj.get("size", 9)
        puzzle, got = daily(date, size)
        return {"grid": puzzle.grid, "box": list(puzzle.box), "difficulty": GRADES[got],
                "givens": sum(1 for v in puzzle.givens if v), "date": date or datetime.date.today().isoformat()}

    def extra_commands(self) -> tuple[str, ...]:
        """`grade` (JSON lines like solve) and `daily` (JSON lines {"date", "size"?})."""
        return ("grade", "daily")

    def run_extra(self, command: str, argv: list[str]) -> int:
        """Answer JSON lines from stdin with `grade` or `daily`."""
        import json
        import sys

        from .__main__ import answers

        if argv:
            sys.stderr.write(f"unexpected arguments: {' '.join(argv)}\n")
            return 2
        for line in sys.stdin:
            if line.strip():
                for out in answers(self, command, line, None):
                    sys.stdout.write(json.dumps(out, separators=(", ", ": ")) + "\n")
                sys.stdout.flush()
        return 0


FAMILY = SudokuFamily()
