"""Skyscrapers' puzzle values: clues, givens, their text, what each clue sees, and the phase solver."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from .. import budget, latin, latin_play
from ..base import Json, PuzzleError, rule_call
from ..latin import Cell, Mask, bit, values_of
from ..rules import latin as latin_rules
from ..rules import skyscrapers as rules

SIDES = rules.SIDES
ClueRef = tuple[str, int]  # ("top", 2): the clue above column 3
Grid = list[list[int]]
MAX_N = rules.MAX_N
SIZES = tuple(range(3, 10))  # the boards the generator makes (the solver takes up to MAX_N)
PRACTICE_SIZES = SIZES[1:]  # a practice puzzle needs room for its technique
WATCH_MAX = 7  # the largest board the phase solver plays through in a watchable time
GRADES = ("Easy", "Medium", "Hard", "Expert", "Extreme")
PHASES = (1, 2, 3, 4, 5)  # the reference's phases; 5 = guessing
DIGITS = latin_rules.SYMBOLS[:MAX_N]  # tower heights as one character each, 10..12 as A..C
SHORT_LINE, ARRANGED_LINE = 3, 4  # most open cells a Medium / Hard line deduction may try


# --------------------------------------------------------------------------- puzzle values


@dataclass(frozen=True)
class Puzzle:
    """Clues on the four sides (0 = none; top/bottom left to right, left/right top to bottom) and givens."""

    n: int
    top: tuple[int, ...]
    right: tuple[int, ...]
    bottom: tuple[int, ...]
    left: tuple[int, ...]
    givens: tuple[tuple[int, int, int], ...] = ()  # (row, col, value), sorted

    def clue(self, ref: ClueRef) -> int:
        """The clue at a side and index (0 = none)."""
        return getattr(self, ref[0])[ref[1]]

    def to_json(self) -> Json:
        """The CLI's solve input."""
        out: Json = {"n": self.n, **{s: list(getattr(self, s)) for s in SIDES}}
        if self.givens:
            out["givens"] = [list(g) for g in self.givens]
        return out


def sizes_said(sizes: Sequence[int]) -> str:
    """'4x4 to 9x9': a run of sizes in words."""
    return f"{sizes[0]}x{sizes[0]} to {sizes[-1]}x{sizes[-1]}"


def make_puzzle(n: int, clues: dict[str, Sequence[int]], givens: Sequence[Sequence[int]] = ()) -> Puzzle:
    """A validated puzzle from clue lists and (row, col, value) givens (rules/skyscrapers.py checks them)."""
    sides, checked = rule_call(rules.validate, n, clues, list(givens))
    repeat = rules.repeated_given(checked)
    if repeat:
        raise PuzzleError(repeat, "no-solution")
    return Puzzle(n, sides["top"], sides["right"], sides["bottom"], sides["left"], tuple(checked))


def puzzle_from_json(obj: Json) -> Puzzle:
    """Read the solve input ({"n", "top", ... , "givens"?} or {"description"})."""
    if "n" not in obj and isinstance(obj.get("description"), str):
        return parse(obj["description"])
    givens = obj.get("givens") or []
    if not isinstance(givens, list):
        raise PuzzleError("givens must be a list of [row, column, value]")
    return make_puzzle(obj.get("n"), {s: obj.get(s) for s in SIDES}, givens)  # type: ignore[arg-type]


def parse(text: str) -> Puzzle:
    """Read a description "N:top/right/bottom/left[/givens]" (or an older page link; see rules/skyscrapers.py)."""
    n, clues, givens = rule_call(rules.parse_description, text)
    return make_puzzle(n, clues, givens)


def format(puzzle: Puzzle) -> str:
    """The compact description, e.g. "4:.3../2.../..1./...2/c4" (parse(format(p)) == p)."""
    return rules.format_description(puzzle.n, {s: getattr(puzzle, s) for s in SIDES}, list(puzzle.givens))


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class Layout:
    """The latin square of size n, each clue's cells seen from it, and the clued lines."""

    n: int
    g: latin.Geometry
    sight: dict[ClueRef, tuple[Cell, ...]]  # cells from the clue outwards
    lines: tuple[tuple[tuple[Cell, ...], ClueRef, ClueRef], ...]  # rows then columns, with front/back clue


@cache
def layout(n: int) -> Layout:
    """Tables for size n, built once."""
    g = latin.square(n)
    sight: dict[ClueRef, tuple[Cell, ...]] = {}
    for i in range(n):  # this order (left, right, top, bottom per index) is the order techniques scan clues in
        for side in ("left", "right", "top", "bottom"):
            sight[(side, i)] = tuple(rules.line_of(n, side, i))
    lines = [(sight[("left", i)], ("left", i), ("right", i)) for i in range(n)]
    lines += [(sight[("top", j)], ("top", j), ("bottom", j)) for j in range(n)]
    return Layout(n, g, sight, tuple(lines))


visible = rules.visible


def clues_for(grid: Sequence[Sequence[int]]) -> Puzzle:
    """The puzzle with every clue of a filled grid and no givens."""
    n = len(grid)
    lay = layout(n)
    flat = [v for row in grid for v in row]
    clues = {s: [visible([flat[c] for c in lay.sight[(s, i)]]) for i in range(n)] for s in SIDES}
    return make_puzzle(n, clues)


def side_name(ref: ClueRef) -> str:
    """Where a clue sits, in words: "left of row 2", "above column 3"."""
    return rules.side_name(*ref)


def line_name(ref: ClueRef) -> str:
    """The row or column a clue looks along."""
    return rules.line_name(*ref)


# --------------------------------------------------------------------------- line filtering (phase 4)


@lru_cache(maxsize=1 << 15)
def line_support(masks: tuple[Mask, ...], front: int, back: int) -> tuple[Mask, ...] | None:
    """Per cell, the candidates used by some order of the line that fits both clues; None if none does.

    A depth-first walk over (used values, towers seen from the front, towers seen from the
    back), memoised: a value is seen from the front when it beats every value placed so far
    and from the back when it is the largest value not yet placed, so both counts follow
    from the set of used values alone and the walk never lists whole permutations.
    """
    n = len(masks)
    full = (1 << n) - 1
    support = [0] * n
    memo: dict[int, bool] = {}

    def good(pos: int, used: int, fv: int, bv: int) -> bool:
        if pos == n:
            return (not front or fv == front) and (not back or bv == back)
        key = used | fv << 12 | bv << 16
        known = memo.get(key)
        if known is not None:
            return known
        ok = False
        top_unused = (full & ~used).bit_length()
        rest = n - pos - 1  # cells after this one
        avail = masks[pos] & ~used
        while avail:
            x = avail & -avail
            avail ^= x
            nfv = nbv = 0  # a missing clue's count is not tracked, which merges states
            if front:
                # still to come into view from the front: at least the tallest if unplaced, at most
                # every height above the tallest placed so far
                tallest = (used | x).bit_length()
                nfv = fv + (x > used)
                if nfv + (tallest < n) > front or nfv + n - tallest < front:
                    continue
            if back:
                # the largest height left is always seen from the back, so each later cell may add one
                nbv = bv + (x.bit_length() == top_unused)
                if nbv + (rest > 0) > back or nbv + rest < back:
                    continue
            if good(pos + 1, used | x, nfv, nbv):
                ok = True
                support[pos] |= x
        memo[key] = ok
        return ok

    return tuple(support) if good(0, 0, 0, 0) else None


def line_orders(masks: Sequence[Mask], front: int, back: int, limit: int) -> list[tuple[int, ...]]:
    """Up to `limit` orders of the line's values that fit candidates and clues (for reasons)."""
    n, out, seq = len(masks), [], []

    def walk(pos: int, used: int) -> None:
        if len(out) >= limit:
            return
        if pos == n:
            if (not front or visible(seq) == front) and (not back or visible(seq[::-1]) == back):
                out.append(tuple(seq))
            return
        for v in values_of(masks[pos] & ~used):
            seq.append(v)
            walk(pos + 1, used | bit(v))
            seq.pop()

    walk(0, 0)
    return out


# --------------------------------------------------------------------------- complete solver


class Solver:
    """Complete search over candidates with the reference's phases; counts guesses and nodes."""

    def __init__(self, puzzle: Puzzle, phases: Sequence[int] = PHASES, max_guesses: int | None = None,
                 rng: Any = None, trace: bool = False) -> None:
        self.puzzle, self.phases = puzzle, frozenset(phases)
        self.lay = layout(puzzle.n)
        self.max_guesses, self.rng, self.trace = max_guesses, rng, trace
        self.guesses = self.nodes = 0
        self.lines = [(cells, puzzle.clue(a), puzzle.clue(b)) for cells, a, b in self.lay.lines
                      if puzzle.clue(a) or puzzle.clue(b)]

    def initial(self) -> list[Mask] | None:
        """Candidates after the givens and the static phases 1-3; None on a contradiction."""
        n, p = self.puzzle.n, self.puzzle
        cands = [self.lay.g.full] * (n * n)
        for r, c, v in p.givens:
            cands[r * n + c] = bit(v)
        for ref, cells in self.lay.sight.items():
            clue = p.clue(ref)
            if not clue:
                continue
            for d, cell in enumerate(cells):
                if clue == 1 and 1 in self.phases and d == 0:
                    cands[cell] &= bit(n)
                elif clue == n and 2 in self.phases:
                    cands[cell] &= bit(d + 1)
                elif 3 in self.phases and n - clue + 1 + d < n:
                    cands[cell] &= (1 << (n - clue + 1 + d)) - 1
        return cands if all(cands) else None

    def reduce(self, cands: list[Mask], queue: list[Cell] | None = None) -> bool:
        """Singles, then phase 4 on every clued line, to a fixpoint; False on a contradiction.

        With `queue`, only those cells are new since the singles were last followed (a cheaper start)."""
        g = self.lay.g
        while True:
            budget.spend()
            if queue is None:
                if not latin.propagate_all(g, cands):
                    return False
            elif 0 in cands or not latin.propagate(cands, queue, g.peers, g.units, g.full):
                return False
            if 4 not in self.phases:
                return self.complete_lines_ok(cands)
            changed, queue = False, []
            for cells, a, b in self.lines:
                budget.spend()  # a long line's support walk is the costly part on big boards
                masks = tuple(cands[c] for c in cells)
                support = line_support(masks, a, b)
                if support is None:
                    return False
                if support != masks:
                    changed = True
                    for c, m, old in zip(cells, support, masks, strict=True):
                        cands[c] = m
                        if m != old and not m & (m - 1):
                            queue.append(c)
            if not changed:
                return True

    def complete_lines_ok(self, cands: Sequence[Mask]) -> bool:
        """Without phase 4, a line is only checked against its clues once it is full."""
        for cells, a, b in self.lines:
            masks = [cands[c] for c in cells]
            if all(not m & (m - 1) for m in masks):
                heights = [m.bit_length() for m in masks]
                if (a and visible(heights) != a) or (b and visible(heights[::-1]) != b):
                    return False
        return True

    def search(self, cands: list[Mask], depth: int = 0) -> Iterator[Any]:
        """Yield solved candidate lists (and trace events when tracing), most constrained cell first."""
        self.nodes += 1
        budget.spend()  # the request's budget (budget.py) bounds the guessing, not only max_guesses
        if not self.reduce(cands):
            if self.trace:
                yield {"event": "backtrack", "depth": depth}
            return
        if self.trace:
            yield {"event": "candidates", "grid": latin_play.candidate_grid(cands, self.puzzle.n), "depth": depth}
        best = latin.most_constrained(cands)
        if best < 0:
            yield cands
            return
        if 5 not in self.phases:
            return
        options = values_of(cands[best])
        if self.rng is not None:
            self.rng.shuffle(options)
        for v in options:
            self.guesses += 1
            if self.max_guesses is not None and self.guesses > self.max_guesses:
                raise PuzzleError(f"gave up after {self.max_guesses} guesses: the search is too long", "timeout")
            if self.trace:
                n = self.puzzle.n
                yield {"event": "guess", "cell": [best // n, best % n], "value": v, "depth": depth + 1}
            board = cands[:]
            board[best] = bit(v)
            yield from self.search(board, depth + 1)

    def solutions(self, limit: int = 2) -> list[Grid]:
        """Up to `limit` solutions."""
        start = self.initial()
        out: list[Grid] = []
        if start is None:
            return out
        for item in self.search(start):
            if isinstance(item, list):
                out.append(to_grid(item, self.puzzle.n))
                if len(out) >= limit:
                    break
        return out


def to_grid(cands: Sequence[Mask], n: int) -> Grid:
    """Solved candidates as rows of heights."""
    return [[cands[r * n + c].bit_length() for c in range(n)] for r in range(n)]


def solutions(puzzle: Puzzle, limit: int = 2, max_guesses: int | None = 200_000) -> list[Grid]:
    """Up to `limit` solutions of the puzzle (empty when it has none); a timeout error past max_guesses."""
    return Solver(puzzle, max_guesses=max_guesses).solutions(limit)


def count_solutions(puzzle: Puzzle, limit: int = 2) -> int:
    """The number of solutions, counting no further than `limit`."""
    return len(solutions(puzzle, limit))


@lru_cache(maxsize=64)  # every hint asks again for the puzzle's solution
def _unique(puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
    """The only solution as tuples (errors are raised, so never remembered)."""
    found = solutions(puzzle, 2)
    if not found:
        raise PuzzleError("this puzzle has no solution: the clues and givens contradict each other", "no-solution")
    if len(found) > 1:
        raise PuzzleError("this puzzle has more than one solution", "multiple-solutions")
    return tuple(map(tuple, found[0]))


def unique_solution(puzzle: Puzzle) -> Grid:
    """The only solution, or a PuzzleError saying why there is none."""
    return [list(row) for row in _unique(puzzle)]


def is_solution(puzzle: Puzzle, grid: Sequence[Sequence[int]]) -> bool:
    """Whether a grid is a latin square of 1..n meeting every clue and given."""
    n = puzzle.n
    if len(grid) != n or any(sorted(row) != list(range(1, n + 1)) for row in grid):
        return False
    if any(sorted(grid[r][c] for r in range(n)) != list(range(1, n + 1)) for c in range(n)):
        return False
    if any(grid[r][c] != v for r, c, v in puzzle.givens):
        return False
    flat = [v for row in grid for v in row]
    return all(not puzzle.clue(ref) or visible([flat[c] for c in cells]) == puzzle.clue(ref)
               for ref, cells in layout(n).sight.items())
