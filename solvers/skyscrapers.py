"""Skyscrapers (Towers): fill an N x N grid with towers of height 1..N, once per row and column.

A clue outside the grid counts the towers seen from there (a taller tower hides every
shorter one behind it); clues may be missing (0) and some cells may be given.
The complete solver runs the Java reference's five phases (clue 1, clue N, clue bounds,
line permutation filtering, guessing) on the latin-square propagation of `latin.py`. A
ladder of human techniques, each with a score (HoDoKu's scale where a twin exists), gives
the hints and the five grades: clue 1, clue N, singles and clue bounds (Easy); short lines
and pairs (Medium); line arrangements, triples and quads (Hard); long line permutations, then
the latin patterns shared with Sudoku (`solvers.logic`: fish with fins, skyscraper, kite,
colouring, wings, X/XY-chains, AICs, ALSs; Expert); forcing chains, nets and nested nets, told as
implications ending in a contradiction (Extreme), so no puzzle with one solution needs a
guess. Singles, subsets and the forcing rungs are the shared ones too (the forcing rungs follow
each clued line as a rule of the geometry: `clued`); the clue and line techniques are this
family's own. A puzzle's grade is its hardest technique's, raised by the score band of its
whole path. The generator removes clues (and givens) from a random latin square while the
grade holds (Extreme: while the solution stays unique, kept when the easier rungs get stuck).
Speed: the solution and the costly steps (Expert and up) are remembered per puzzle and position,
so hints after `generate` or `rate` reuse the rating's work; the forcing rungs skip the assumptions
the solution makes true.
Known limits: N <= 12 (generation 3..9); 4x4 puzzles go up to Hard, since Expert needs a
line of five open cells; a hint without pencil marks chains eliminations up to a placement
(on the hardest puzzles several forcing steps, each told by the shorter of two contradictions:
up to about 0.2 s CPython);
generating Extreme 8x8/9x9 takes seconds in CPython; practising a rare latin pattern
(colouring, ALS) may need several seeds.
Possible future work: a bank of Extreme puzzles made at build time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache, partial
from typing import Any

from . import budget, formats, latin, latin_play, logic
from .base import Command, Family, Hint, Json, Method, Params, Problem, PuzzleError, Technique, rng_for, rule_call
from .latin import Cell, Mask, Step, bit, popcount, values_of
from .latin_play import GradedMemo, State, moved, rc, rcv, read_pencil
from .logic import GUESS_SCORE, LogicStep, forcing
from .logic.about import entry
from .logic.board import Finder as StepFinder
from .logic.board import finder
from .logic.explain import path_lines, told
from .rules import latin as latin_rules
from .rules import skyscrapers as rules

SIDES = rules.SIDES
ClueRef = tuple[str, int]  # ("top", 2): the clue above column 3
Grid = list[list[int]]
MAX_N = rules.MAX_N
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


# --------------------------------------------------------------------------- human techniques


@dataclass
class Board:
    """A position for the human solver: placed heights and candidates per cell."""

    puzzle: Puzzle
    values: list[int]
    cands: list[Mask]
    quick: bool = False  # following an assumption: line steps without their long reasons
    lay: Layout = field(init=False)

    def __post_init__(self) -> None:
        self.lay = layout(self.puzzle.n)

    def apply(self, step: Step) -> None:
        """Apply a step and, for a placement, remove the height from the row and column."""
        latin_play.play_step(self.lay.g.peers, self.values, self.cands, step)

    def solved(self) -> bool:
        """Every cell placed."""
        return all(self.values)

    def copy(self) -> Board:
        """An independent copy (for following an assumption)."""
        return Board(self.puzzle, self.values[:], self.cands[:])


Found = tuple[Step, tuple[ClueRef, ...]]
Finder = Callable[[Board], "Found | None"]


def _elim_step(technique: str, cells: Sequence[Cell], reason: str, board: Board,
               drop: dict[Cell, Mask], causes: tuple[tuple[Cell, int], ...] = ()) -> Step | None:
    """A step removing the `drop` masks from open cells, or None when nothing is left to remove; `causes` are the
    candidates it rests on (drawn on the board)."""
    elim = tuple((c, v) for c in sorted(drop) if not board.values[c] for v in values_of(board.cands[c] & drop[c]))
    if not elim:
        return None
    if causes:
        return LogicStep(technique, tuple(cells), reason, eliminate=elim, causes=causes)
    return Step(technique, tuple(cells), reason, eliminate=elim)


@finder
def find_clue_one(board: Board) -> Iterator[Found]:
    """Clue 1: the tower next to it is the tallest."""
    n = board.puzzle.n
    for ref, cells in board.lay.sight.items():
        cell = cells[0]
        if board.puzzle.clue(ref) == 1 and not board.values[cell]:
            reason = f"The 1 {side_name(ref)} sees a single tower, so the tallest, {n}, stands next to it at " \
                     f"{board.lay.g.name(cell)}"
            yield Step("Clue 1", (cell,), reason, place=(cell, n)), (ref,)


@finder
def find_clue_n(board: Board) -> Iterator[Found]:
    """Clue N: the line climbs 1, 2, ..., N from it."""
    n = board.puzzle.n
    for ref, cells in board.lay.sight.items():
        if board.puzzle.clue(ref) == n and n > 1:
            for d, cell in enumerate(cells):
                if not board.values[cell]:
                    reason = f"The {n} {side_name(ref)} sees every tower, so {line_name(ref)} climbs 1 to {n} " \
                             f"away from it: {board.lay.g.name(cell)} is {d + 1}"
                    yield Step("Clue N", (cell,), reason, place=(cell, d + 1)), (ref,)


@finder
def find_clue_bound(board: Board) -> Iterator[Found]:
    """Clue bound: with clue c, the cell at distance d holds at most N - c + 1 + d."""
    n, g = board.puzzle.n, board.lay.g
    for ref, cells in board.lay.sight.items():
        clue = board.puzzle.clue(ref)
        if not 1 < clue < n:
            continue
        drop = {c: g.full & ~((1 << (n - clue + 1 + d)) - 1) for d, c in enumerate(cells) if n - clue + 1 + d < n}
        caps = ", ".join(f"{g.name(c)} at most {n - clue + 1 + d}" for d, c in enumerate(cells) if c in drop)
        reason = f"The {clue} {side_name(ref)} must see {clue} towers rising away from it, so each near cell needs " \
                 f"enough taller towers behind it: {caps}"
        step = _elim_step("Clue bound", tuple(drop), reason, board, drop)
        if step:
            yield step, (ref,)


def _counts(masks: tuple[Mask, ...], front: bool) -> list[int]:
    """The numbers of towers the line could show from its front (or back) end, given its candidates alone."""
    n = len(masks)
    return [k for k in range(1, n + 1) if line_support(masks, *((k, 0) if front else (0, k))) is not None]


def _spell(counts: Sequence[int]) -> str:
    """1, 2 or 3 -> "1, 2 or 3"; a run -> "from 2 to 5"."""
    if not counts:
        return "no number of"
    if len(counts) > 3 and counts[-1] - counts[0] == len(counts) - 1:
        return f"from {counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts[:-1])) + (" or " if len(counts) > 1 else "") + str(counts[-1])


def why_not(masks: tuple[Mask, ...], front: int, back: int, pos: int, v: int, sides: tuple[str, str]) -> str:
    """Why height v cannot stand at `pos` of a line: which clue every remaining order would break, and how."""
    trial = tuple(bit(v) if i == pos else m for i, m in enumerate(masks))
    if line_support(trial, 0, 0) is None:
        return "the line's other cells could then not hold their heights"
    if front and line_support(trial, front, 0) is None:
        return f"the {front} {sides[0]} would see {_spell(_counts(trial, True))}"
    if back and line_support(trial, 0, back) is None:
        return f"the {back} {sides[1]} would see {_spell(_counts(trial, False))}"
    return f"the {front} {sides[0]} and the {back} {sides[1]} could not both be met"


def _line_finder(technique: str, lo: int, hi: int) -> Finder:
    """Line filtering on clued lines with lo..hi open cells (Short line, Line arrangement, Line permutations).

    The reason says, for each height removed, which clue every order with it would break and what that
    clue would see instead (Tatham's line arrangements explained by the orders that survive)."""

    def every(board: Board) -> Iterator[Found]:
        g = board.lay.g
        for cells, fref, bref in board.lay.lines:
            a, b = board.puzzle.clue(fref), board.puzzle.clue(bref)
            open_cells = [c for c in cells if not board.values[c]]
            if not (a or b) or not lo <= len(open_cells) <= hi:
                continue
            masks = tuple(board.cands[c] for c in cells)
            support = line_support(masks, a, b)
            if support is None:
                continue  # a contradiction: the wrong-entry check reports it
            drop = {c: m & ~s for c, m, s in zip(cells, masks, support, strict=True) if m & ~s}
            if not drop:
                continue
            refs = tuple(r for r in (fref, bref) if board.puzzle.clue(r))
            seen = " and ".join(f"{board.puzzle.clue(r)} {side_name(r)}" for r in refs)
            sides = (side_name(fref), side_name(bref))
            whys = [] if board.quick else [f"{g.name(c)} = {v}: {why_not(masks, a, b, cells.index(c), v, sides)}"
                                           for c, m in drop.items() for v in values_of(m)]
            orders = line_orders(masks, a, b, 4) if len(open_cells) <= ARRANGED_LINE and not board.quick else []
            causes: tuple[tuple[Cell, int], ...] = ()
            if orders and len(orders) <= 3:  # the orders left are drawn on the board: their heights in open cells
                causes = tuple(sorted({(c, o[k]) for o in orders for k, c in enumerate(cells) if not board.values[c]}))
                shown = " or ".join("".join(map(str, o)) for o in orders)
                head = f"Of the orders of {line_name(fref)} that fit its candidates, only {shown} agree with the {seen}"
            else:
                head = f"Trying the orders of the {len(open_cells)} open cells of {line_name(fref)} against the {seen}"
            shown_whys = "".join(f"\n· with {w}" for w in whys[:6]) + ("\n· ..." if len(whys) > 6 else "")
            step = _elim_step(technique, open_cells, f"{head}:{shown_whys}" if whys else head, board, drop, causes)
            if step:
                yield step, refs

    every.__doc__ = f"{technique}: line filtering on clued lines with {lo} to {hi} open cells."
    return StepFinder(every)


# --------------------------------------------------------------------------- forcing: the shared rungs


def contradiction(board: Board) -> tuple[str, tuple[Cell, ...]] | None:
    """Why a position cannot be right, in words, with the cells concerned; None when nothing is broken yet."""
    g, p = board.lay.g, board.puzzle
    for u, unit in enumerate(g.units):
        placed: dict[int, Cell] = {}
        union = 0
        for c in unit:
            v = board.values[c]
            if v and v in placed:
                return f"{v} would stand twice in {g.unit_names[u]}", (placed[v], c)
            if v:
                placed[v] = c
            union |= board.cands[c]
        for c in unit:
            if not board.cands[c]:
                return f"{g.name(c)} would have no height left", (c,)
        if union != g.full:
            return f"{g.unit_names[u]} would have no place left for {values_of(g.full & ~union)[0]}", unit
    for cells, fref, bref in board.lay.lines:
        a, b = p.clue(fref), p.clue(bref)
        if (a or b) and line_support(tuple(board.cands[c] for c in cells), a, b) is None:
            return f"no order of {line_name(fref)} would fit {_clues_said(p, fref, bref)}", cells
    return None


def _clues_said(p: Puzzle, *refs: ClueRef) -> str:
    """'the 3 left of row 2' (and 'the 2 right of row 2'): the clues given among `refs`."""
    return " and ".join(f"the {p.clue(r)} {side_name(r)}" for r in refs if p.clue(r))


@lru_cache(maxsize=16)
def clued(puzzle: Puzzle) -> latin.Geometry:
    """The latin square with each clued line as a rule the shared forcing rungs follow (line filtering)."""
    lay = layout(puzzle.n)
    rules = []
    for cells, fref, bref in lay.lines:
        a, b = puzzle.clue(fref), puzzle.clue(bref)
        if a or b:
            seen = _clues_said(puzzle, fref, bref)
            rules.append(latin.Constraint(cells, partial(line_support, front=a, back=b),
                                          f"no order of {line_name(fref)} with it fits {seen}",
                                          f"no order of {line_name(fref)} would fit {seen}"))
    return replace(lay.g, constraints=tuple(rules))


def _apply_forcing(puzzle: Puzzle, cands: list[Mask]) -> bool:
    """Strike out every assumption that breaks by singles and line filtering (else the first forcing net or nested
    net); True if any."""
    g = clued(puzzle)
    values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
    broken = forcing.refuted(g, cands, values)
    for c, v in broken:
        cands[c] &= ~bit(v)
    if broken:
        return True
    for name in ("Forcing net", "Nested forcing net"):
        step = _SHARED[name].find(g, cands, values)
        if step:
            latin.apply_step(cands, step)
            return True
    return False


@dataclass(frozen=True)
class BoardRung:
    """One rung of Skyscrapers' ladder: its name, grade index, score (HoDoKu's scale where a twin exists) and a
    finder that reads the board with its clues (a `logic.Rung` reads the grid's candidates alone).

    `latin` is the shared finder (solvers.logic) behind a rung that needs no clue, for grading in bulk."""

    name: str
    level: int
    score: int
    find: Finder
    latin: logic.Finder | None = None

    def every(self, board: Board) -> Iterator[Found]:
        """Every step the rung finds on a board, lazily (the `steps` command)."""
        return logic.every_step(self.find, board)


EASY, MEDIUM, HARD, EXPERT, EXTREME = range(5)
_SHARED = {rung.name: rung for rung in logic.ladder(uniqueness=False)}  # the latin rungs Sudoku climbs too
FORCING = ("Forcing chain", "Forcing net", "Nested forcing net")


def shared(name: str, level: int) -> BoardRung:
    """A rung of the shared latin ladder at a Skyscrapers grade, with its HoDoKu score; the forcing rungs follow
    the clues too (`clued`)."""
    rung = _SHARED[name]
    follows_clues = name in FORCING

    def first(board: Board) -> Found | None:
        step = rung.find(clued(board.puzzle) if follows_clues else board.lay.g, board.cands, board.values)
        return (step, ()) if step else None

    def every(board: Board) -> Iterator[Found]:
        for step in rung.every(clued(board.puzzle) if follows_clues else board.lay.g, board.cands, board.values):
            yield step, ()

    first.__doc__ = rung.find.__doc__
    return BoardRung(name, level, rung.score, StepFinder(every, first), None if follows_clues else rung.find)


# The latin patterns of the shared ladder, in its order, that a grid of rows and columns can hold: locked
# candidates, empty rectangles, Sue de Coq and grouped nodes need boxes; an XYZ-wing without boxes is a naked
# triple and a turbot fish a skyscraper or kite; uniqueness rules do not apply (clues can tell a deadly
# pattern's halves apart).
LATIN_PATTERNS = ("X-wing", "Skyscraper", "2-string kite", "Finned X-wing", "Swordfish", "Simple colouring",
                  "W-wing", "XY-wing", "Remote pair", "Jellyfish", "Finned swordfish", "Multi colouring",
                  "Finned jellyfish", "X-chain", "XY-chain", "AIC", "ALS-XZ", "ALS-XY-wing")
SASHIMI = {"Sashimi X-wing": "Finned X-wing", "Sashimi swordfish": "Finned swordfish",
           "Sashimi jellyfish": "Finned jellyfish"}  # steps a finned rung names more finely

PATTERN_NAMES = (*LATIN_PATTERNS, *SASHIMI)

# The ladder, easiest first; a hint is the first deduction found, a puzzle's path the hints in turn. The clue
# and line techniques are Skyscrapers' own; singles, subsets and the latin patterns are the shared ones.
TECHNIQUES: tuple[BoardRung, ...] = (
    BoardRung("Clue 1", EASY, 4, find_clue_one),
    BoardRung("Clue N", EASY, 4, find_clue_n),
    shared("Full house", EASY),
    shared("Naked single", EASY),
    shared("Hidden single", EASY),
    BoardRung("Clue bound", EASY, 10, find_clue_bound),
    BoardRung("Short line", MEDIUM, 50, _line_finder("Short line", 1, SHORT_LINE)),
    shared("Naked pair", MEDIUM),
    shared("Hidden pair", MEDIUM),
    shared("Naked triple", HARD),
    BoardRung("Line arrangement", HARD, 90, _line_finder("Line arrangement", SHORT_LINE + 1, ARRANGED_LINE)),
    shared("Hidden triple", HARD),
    shared("Naked quad", HARD),
    shared("Hidden quad", HARD),
    BoardRung("Line permutations", EXPERT, 140, _line_finder("Line permutations", ARRANGED_LINE + 1, MAX_N)),
    *(shared(name, EXPERT) for name in LATIN_PATTERNS),
    *(shared(name, EXTREME) for name in FORCING),
)
RUNGS = {t.name: t for t in TECHNIQUES}
TECHNIQUE_NAMES = (*(t.name for t in TECHNIQUES), *SASHIMI, "Guessing")
SCORES = {**{t.name: t.score for t in TECHNIQUES}, **{s: logic.SCORES[s] for s in SASHIMI}, "Guessing": GUESS_SCORE}
LEVELS = {**{t.name: t.level for t in TECHNIQUES}, **{s: EXPERT for s in SASHIMI}, "Guessing": EXTREME}
# Score bands on the 9x9 scale (a path's score times 81 / n^2): the grade is the hardest technique's grade,
# raised to the band's when a long path of easier steps adds up (HoDoKu grades the same way).
BANDS = (1600, 2600, 4200, 8000)
_LATIN_AT = {lv: [t.latin for t in TECHNIQUES if t.level == lv and t.latin and t.level > EASY] for lv in range(EXTREME)}
CHAINED_TRACES = 2  # contradictions a forcing step of a hint without notes explains to pick the shorter
STEP_MEMO = 1024  # positions whose costly answer (Expert rungs and up) `next_step` remembers
_steps: dict[tuple[Any, ...], tuple[int, Step, tuple[ClueRef, ...]] | None] = {}


def next_step(board: Board, max_level: int = EXTREME,
              techniques: Sequence[BoardRung] = TECHNIQUES) -> tuple[int, Step, tuple[ClueRef, ...]] | None:
    """The first deduction at the lowest level, or None when the ladder (up to max_level) is stuck.

    The answer from the costly rungs (Expert and up) is remembered per position: a hint asks again for
    the positions that rating the puzzle (or the previous hint without notes) went through."""
    key, result = None, None
    for tech in techniques:
        if tech.level > max_level:
            break
        if key is None and tech.level >= EXPERT and techniques is TECHNIQUES:
            key = (board.puzzle, max_level, tuple(board.values), tuple(board.cands))
            if key in _steps:
                return _steps[key]
        found = tech.find(board)
        if found:
            result = tech.level, found[0], found[1]
            break
    if key is not None:
        if len(_steps) >= STEP_MEMO:
            _steps.clear()
        _steps[key] = result
    return result


def start_board(puzzle: Puzzle) -> Board:
    """The board of a fresh puzzle: givens placed, candidates from them."""
    n = puzzle.n
    values = [0] * (n * n)
    for r, c, v in puzzle.givens:
        values[r * n + c] = v
    return Board(puzzle, values, latin.candidates(layout(n).g, values))


@dataclass(frozen=True)
class Rating:
    """A puzzle's grade from its logical path: score (sum of the steps' scores), hardest step, counts."""

    grade: int  # index into GRADES
    score: int
    hardest: str
    counts: dict[str, int]

    def to_json(self) -> Json:
        """{"grade", "difficulty", "score", "hardest", "techniques", "lines" (the path as a page lists it)}."""
        return {"grade": self.grade + 1, "difficulty": GRADES[self.grade], "score": self.score,
                "hardest": self.hardest, "techniques": self.counts, "lines": path_lines(0, None, self.counts)}


def band(score: int, n: int) -> int:
    """The grade a path's score alone reaches (the bands are on the 9x9 scale)."""
    return latin_play.band(score, n * n, BANDS)


def logic_path(puzzle: Puzzle) -> Iterator[tuple[int, Step, tuple[ClueRef, ...]]]:
    """The logical solve, step by step (Guessing only when the whole ladder is stuck)."""
    solution = [v for row in unique_solution(puzzle) for v in row]
    board = start_board(puzzle)

    def find(_values: list[int], _cands: list[Mask]) -> tuple[int, Step, tuple[ClueRef, ...]]:
        with forcing.knowing(solution):  # the board holds the very lists the path plays on
            return next_step(board) or _guess(board, solution)

    return latin_play.logic_path(board.lay.g.peers, board.values, board.cands, find)


@lru_cache(maxsize=64)  # generate rates its puzzle; describe and the rate command then ask again
def rate(puzzle: Puzzle) -> Rating:
    """Grade by the path: max(hardest technique's grade, the score band's grade)."""
    counts: dict[str, int] = {}
    hardest, top = "Clue 1", -1
    for level, step, _ in logic_path(puzzle):
        counts[step.technique] = counts.get(step.technique, 0) + 1
        if (level, SCORES[step.technique]) > (top, SCORES.get(hardest, 0)):
            hardest, top = step.technique, level
    score = sum(SCORES[t] * k for t, k in counts.items())
    return Rating(max(top, band(score, puzzle.n), 0), score, hardest, counts)


def grade(puzzle: Puzzle) -> int | None:
    """The grade index (0 = Easy .. 4 = Extreme) of the scored path; None when even forcing nets get stuck."""
    if level_needed(puzzle) is None:
        return None
    return rate(puzzle).grade


def level_needed(puzzle: Puzzle, cap: int = EXTREME) -> int | None:
    """The hardest technique level the ladder needs (fast, whole levels at once), or None when stuck.

    Works on whole levels at once, which reaches the same level as stepping through hints:
    a level is tried only when every easier one is exhausted, and more eliminations never
    disable a deduction.
    """
    return _grade_from(puzzle, None, cap)[0]


def _grade_from(puzzle: Puzzle, cands: list[Mask] | None, cap: int = EXTREME,
                patterns: bool = True) -> tuple[int | None, list[Mask]]:
    """Level from given candidates (default: the static clue phases); also returns the final candidates.

    Without `patterns` the Expert level is line permutations alone (the generator digs that way: cheaper)."""
    solver = Solver(puzzle, phases=(1, 2, 3))
    g = solver.lay.g
    if cands is None:
        cands = solver.initial()
        if cands is None:
            return None, []
    level = 0
    while True:
        if not latin.propagate_all(g, cands):
            return None, cands
        if all(not m & (m - 1) for m in cands):
            return level, cands
        for lv in range(1, cap + 1):
            if _apply_level(solver, cands, lv, patterns):
                level = max(level, lv)
                break
        else:
            return None, cands


def _apply_level(solver: Solver, cands: list[Mask], level: int, patterns: bool = True) -> bool:
    """Apply one level's deductions (line filtering by open cells, then each latin rung's first step; forcing)
    once; True if anything changed."""
    if level == EXTREME:
        return _apply_forcing(solver.puzzle, cands)
    lo, hi = {1: (1, SHORT_LINE), 2: (SHORT_LINE + 1, ARRANGED_LINE), 3: (ARRANGED_LINE + 1, MAX_N)}[level]
    changed = False
    for cells, a, b in solver.lines:
        masks = tuple(cands[c] for c in cells)
        if lo <= sum(1 for m in masks if m & (m - 1)) <= hi:
            support = line_support(masks, a, b)
            if support is not None and support != masks:
                changed = True
                for c, m in zip(cells, support, strict=True):
                    cands[c] = m
    if level == EXPERT and (changed or not patterns):
        return changed  # the line filtering first: the latin patterns are costlier to look for
    values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
    for tech in _LATIN_AT[level]:
        step = tech(solver.lay.g, cands, values)
        if step:
            latin.apply_step(cands, step)
            if level == EXPERT:
                return True
            changed = True
    return changed


# --------------------------------------------------------------------------- generator


def random_grid(n: int, rng: Any) -> Grid:
    """A random latin square (randomised search on an empty board)."""
    solver = Solver(make_puzzle(n, {}), rng=rng)
    return solver.solutions(1)[0]


def generate(rng: Any, level: int, n: int, attempts: int = 60, technique: str | None = None) -> tuple[Puzzle, Grid]:
    """A puzzle of exactly grade `level` with its solution (and whose path uses `technique`, when named).

    Easy to Expert: clues (and givens) removed from a random latin square while the techniques up to the
    grade still solve it (Expert digs with line permutations only: the latin patterns are costly to look
    for on every trial). Extreme: removed while the solution stays unique, kept when the easier techniques
    then get stuck. Every candidate is then rated on its scored path and kept only when the rating is the
    grade asked for. Practising a latin pattern digs like Extreme and keeps an Expert or Extreme puzzle
    whose path uses it."""
    if not 3 <= n <= 9:
        raise PuzzleError("generated puzzles are 3x3 to 9x9")
    top = max_grade(n)
    if level > top:
        raise PuzzleError(f"{n}x{n} puzzles go up to {GRADES[top]}; pick a larger size")
    for _ in range(attempts):
        grid = random_grid(n, rng)
        full = clues_for(grid)
        if technique in PATTERN_NAMES:  # its grade may also be Extreme: forcing chains may follow the pattern
            puzzle = _dig_unique(full, grid, rng)
            if technique in rate(puzzle).counts:
                return puzzle, grid
            continue
        if level == EXTREME:
            puzzle = _dig_unique(full, grid, rng)
            if level_needed(puzzle, EXPERT) is not None:
                continue
        else:
            givens = _givens_needed(full, grid, level, rng)
            puzzle = _thin(full, givens, level, rng)
            if level_needed(puzzle, level) != level:
                continue
        rating = rate(puzzle)
        if rating.grade == level and (technique is None or technique in rating.counts):
            return puzzle, grid
    raise PuzzleError(f"could not make a {GRADES[level]} {n}x{n} puzzle; try another seed", "timeout")


def max_grade(n: int) -> int:
    """The hardest grade a size allows: 3x3 only Easy; 4x4 up to Hard (Expert needs a line of five open cells)."""
    return {3: EASY, 4: HARD}.get(n, EXTREME)


def _givens_needed(puzzle: Puzzle, grid: Grid, level: int, rng: Any) -> list[list[int]]:
    """Givens that make the all-clue puzzle solvable within `level`: added where the techniques get stuck."""
    n, givens = puzzle.n, []
    found, cands = _grade_from(puzzle, None, level, False)
    while found is None:
        # a given where the most heights are still open tells the most
        widest = max(popcount(m) for m in cands)
        cell = rng.choice([c for c, m in enumerate(cands) if popcount(m) == widest])
        r, c = divmod(cell, n)
        givens.append([r, c, grid[r][c]])
        cands[cell] = bit(grid[r][c])
        found, cands = _grade_from(puzzle, cands, level, False)
    return givens


def _thin(puzzle: Puzzle, givens: list[list[int]], level: int, rng: Any) -> Puzzle:
    """Remove givens, then clues, in random order while the techniques up to `level` still solve it."""
    n = puzzle.n
    clues = {s: list(getattr(puzzle, s)) for s in SIDES}
    kept = list(givens)
    rng.shuffle(kept)
    for g in list(kept):
        trial = [x for x in kept if x is not g]
        if _grade_from(make_puzzle(n, clues, trial), None, level, False)[0] is not None:
            kept = trial
    refs = [(s, i) for s in SIDES for i in range(n)]
    rng.shuffle(refs)
    for side, i in refs:
        old, clues[side][i] = clues[side][i], 0
        if _grade_from(make_puzzle(n, clues, kept), None, level, False)[0] is None:
            clues[side][i] = old
    return make_puzzle(n, clues, kept)


def _dig_unique(puzzle: Puzzle, grid: Grid, rng: Any) -> Puzzle:
    """Every clue plus givens on a few random cells (or none), removed in random order while still unique."""
    n = puzzle.n
    clues = {s: list(getattr(puzzle, s)) for s in SIDES}
    cells = rng.sample(range(n * n), rng.choice((0, n // 2, n)))
    kept = [[c // n, c % n, grid[c // n][c % n]] for c in cells]
    while len(found := solutions(make_puzzle(n, clues, kept), 2)) > 1:  # every clue may still leave two solutions
        r, c = rng.choice([(r, c) for r in range(n) for c in range(n) if found[0][r][c] != found[1][r][c]])
        kept.append([r, c, grid[r][c]])
    refs = [(s, i) for s in SIDES for i in range(n)]
    rng.shuffle(refs)
    for side, i in refs:  # clues first, so that the givens left are the ones the clues cannot replace
        old, clues[side][i] = clues[side][i], 0
        if count_solutions(make_puzzle(n, clues, kept)) != 1:
            clues[side][i] = old
    for g in list(kept):
        trial = [x for x in kept if x is not g]
        if count_solutions(make_puzzle(n, clues, trial)) == 1:
            kept = trial
    return make_puzzle(n, clues, kept)


# --------------------------------------------------------------------------- hints and checks


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
            found_step = next_step(board) or _guess(board, solution)
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
        clues = _clues_said(board.puzzle, *refs)
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


def _guess(board: Board, solution: Sequence[int]) -> tuple[int, Step, tuple[ClueRef, ...]]:
    """When the ladder is stuck: the solution's height in the open cell with fewest candidates."""
    cell = latin_play.fewest(board.values, board.cands)
    name = board.lay.g.name(cell)
    reason = f"No technique on the list finds a step here; trying the {popcount(board.cands[cell])} heights " \
             f"left for {name} shows it must be {solution[cell]}"
    return EXTREME, Step("Guessing", (cell,), reason, place=(cell, solution[cell])), ()


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


# --------------------------------------------------------------------------- the family


class Skyscrapers(Family[Puzzle, State]):
    """Skyscrapers through the typed contract (see DESIGN.md for the command-line contract)."""

    name = "skyscrapers"
    title = "Skyscrapers"
    grades = GRADES
    sizes = (3, 4, 5, 6, 7, 8, 9)
    default_size = 5
    methods = (
        Method("phases", "Phase solver (the study's)",
               "Narrows candidates phase by phase from the clues, then searches line permutations, guessing and "
               "backing up: the five-phase solver of the Skyscrapers study Tessera builds on (a thesis, in Java). "
               "One step = one search node.", ("backtrack",), ("candidates",), study=True),
        Method("logic", "Human logic (Tessera's hints)",
               "Applies the hint techniques one at a time, writing a height or crossing out candidates. One step = "
               "one technique applied.", ("technique",)),
    )

    def __init__(self) -> None:
        self._graded: GradedMemo[Puzzle] = GradedMemo()

    def parse(self, text: str) -> Puzzle:
        """A description "N:top/right/bottom/left[/givens]"."""
        return parse(text)

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

    def format(self, puzzle: Puzzle) -> str:
        """The canonical description."""
        return format(puzzle)

    def read(self, obj: Json) -> Puzzle:
        """{"n", "top", "right", "bottom", "left", "givens"?} or {"description"}."""
        return puzzle_from_json(obj)

    def write(self, puzzle: Puzzle) -> Json:
        """The solve input (givens only when there are some)."""
        return puzzle.to_json()

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
        """Up to 7x7: larger boards take the phase solver too long to be worth watching."""
        return [n for n in self.sizes if n <= 7]

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

    def check(self, puzzle: Puzzle, state: State) -> list[Problem]:
        """Changed givens, repeats, wrong entries, broken clues."""
        return check(puzzle, state)[0]

    def checked(self, puzzle: Puzzle, state: State) -> Json:
        """problems, errors, wrong, conflicts, bad_clues, complete, solved, message: one check."""
        problems, fields = check(puzzle, state)
        return {"problems": [p.to_json() for p in problems], **fields}

    def hint(self, puzzle: Puzzle, state: State, obj: Json) -> Hint:
        """The next step for the player's state (from their notes when "pencil" is sent)."""
        return told(hint(puzzle, state, obj.get("pencil") is not None), state.values, layout(puzzle.n).g.peers)

    def trace(self, puzzle: Puzzle, method: str, obj: Json) -> Iterator[Json]:
        """"phases" (the reference's solver, default) or "logic" (the hint techniques)."""
        return trace_logic(puzzle) if method == "logic" else trace_phases(puzzle)

    def techniques(self) -> tuple[Technique, ...]:
        """The ladder in order: the clue and line techniques among the shared latin ones."""
        return tuple(entry(t.name, GRADES[t.level], t.score) for t in TECHNIQUES)

    def extra(self) -> dict[str, Command]:
        """`rate` (a solve input), `practice` ({"technique", "seed"?, "size"?}) and `steps` (what `hint` takes)."""
        return {"rate": Command("rate a puzzle: count, grade, difficulty, score, hardest technique, technique counts",
                                run=self.rate),
                "practice": Command("a puzzle whose logical path uses a technique: {\"technique\", \"seed\"?, "
                                    "\"size\"?}", run=self.practice),
                "steps": latin_play.steps_command(self, all_steps)}

    def rate(self, obj: Json) -> Json:
        """Solve input -> {"count", "grade", "difficulty", "score", "hardest", "techniques": {name: times}}."""
        puzzle = self.read(obj)
        count = count_solutions(puzzle, 2)
        if count == 0:
            raise PuzzleError("this puzzle has no solution: the clues and givens contradict each other", "no-solution")
        return {"count": count, **(rate(puzzle).to_json() if count == 1 else {})}

    def practice(self, obj: Json) -> Json:
        """{"technique", "seed"?, "size"?} -> a puzzle (generate's shape) whose path needs that technique."""
        name, n, seed = obj.get("technique"), obj.get("size") or 6, obj.get("seed", 0)
        if name not in LEVELS or name == "Guessing":
            raise PuzzleError(f"unknown technique {str(name)[:30]!r}: choose one of {', '.join(TECHNIQUE_NAMES[:-1])}")
        if type(n) is not int or not 4 <= n <= 9:
            raise PuzzleError("practice puzzles are 4x4 to 9x9")
        level = LEVELS[name]
        puzzle, _ = generate(rng_for(seed, "practice", name, n), level, n, technique=name)
        return {**self.write(puzzle), "difficulty": GRADES[level], "technique": name, "seed": seed,
                **self.describe(puzzle)}


FAMILY = Skyscrapers()
