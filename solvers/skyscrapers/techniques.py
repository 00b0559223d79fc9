"""Skyscrapers' human techniques: the clue and line rungs, the shared latin ones, the ladder, rating."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from typing import Any

from .. import latin, latin_play, logic
from ..base import Json
from ..latin import Cell, Mask, Step, bit, popcount, values_of
from ..logic import GUESS_SCORE, LogicStep, forcing
from ..logic.board import Finder as StepFinder
from ..logic.board import finder
from ..logic.explain import path_lines
from .puzzle import (
    ARRANGED_LINE,
    GRADES,
    MAX_N,
    SHORT_LINE,
    ClueRef,
    Layout,
    Puzzle,
    Solver,
    layout,
    line_name,
    line_orders,
    line_support,
    side_name,
    unique_solution,
)


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
            return f"no order of {line_name(fref)} would fit {clues_said(p, fref, bref)}", cells
    return None


def clues_said(p: Puzzle, *refs: ClueRef) -> str:
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
            seen = clues_said(puzzle, fref, bref)
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
FORCING = tuple(row.name for row in logic.TABLE if row.towers == EXTREME)  # they follow the clues too


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
LATIN_PATTERNS = tuple(row.name for row in logic.TABLE if row.towers == EXPERT)
SASHIMI = {f.name: row.name for row in logic.TABLE if row.towers == EXPERT
           for f in row.finer}  # steps a finned rung names more finely

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


def guess_step(board: Board, solution: Sequence[int]) -> tuple[int, Step, tuple[ClueRef, ...]]:
    """When the ladder is stuck: the solution's height in the open cell with fewest candidates."""
    cell = latin_play.fewest(board.values, board.cands)
    name = board.lay.g.name(cell)
    reason = f"No technique on the list finds a step here; trying the {popcount(board.cands[cell])} heights " \
             f"left for {name} shows it must be {solution[cell]}"
    return EXTREME, Step("Guessing", (cell,), reason, place=(cell, solution[cell])), ()


def logic_path(puzzle: Puzzle) -> Iterator[tuple[int, Step, tuple[ClueRef, ...]]]:
    """The logical solve, step by step (Guessing only when the whole ladder is stuck)."""
    solution = [v for row in unique_solution(puzzle) for v in row]
    board = start_board(puzzle)

    def find(_values: list[int], _cands: list[Mask]) -> tuple[int, Step, tuple[ClueRef, ...]]:
        with forcing.knowing(solution):  # the board holds the very lists the path plays on
            return next_step(board) or guess_step(board, solution)

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
    return grade_from(puzzle, None, cap)[0]


def grade_from(puzzle: Puzzle, cands: list[Mask] | None, cap: int = EXTREME,
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
