"""Sudoku as people solve it: the ladder of techniques for hints, scored grading and generation.

The techniques are the generic latin ones of `solvers.logic` (Sudoku's boxes are just more units), from
singles through fish, wings, colouring, uniqueness, chains and almost locked sets to forcing chains and
nets; each has a level (the grade it belongs to) and HoDoKu's score. A puzzle's path is the ladder's
solve, singles applied in bulk between steps; its score is the sum of the path (a cell the bulk singles
decide scores SINGLE_SCORE, between HoDoKu's naked single 4 and hidden single 14, since bulk propagation
does not tell them apart), and its grade is the higher of its hardest technique's level and its score's
band. Known limits: see `solvers.logic`; "Diabolical" also covers a puzzle the ladder cannot finish (none of
top95).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from .. import budget, constraints, latin
from ..base import PuzzleError
from ..latin import Geometry, Mask, Step
from ..latin_play import band
from ..logic import SCORES, LogicStep, Rung, ladder, uniqueness
from ..logic.board import tables
from ..memo import by_identity
from ..rules.latin import BOX, COLUMN, ROW
from .grid import GRADES, Puzzle, Shape, geometry
from .solver import NO_SOLUTION

LADDER: list[Rung] = ladder(uniqueness=True)
# Variants: no uniqueness rungs (swapping two digits can break a cage's sum or a diagonal, so a deadly pattern is not
# deadly), and the killer rungs, which find nothing where there are no cages.
VARIANT_LADDER: list[Rung] = ladder(uniqueness=False, cages=True)
TYPED_LADDER: list[Rung] = ladder(uniqueness=False, cages=True, typed=True)  # with rungs of constraint types


@by_identity()
def rungs(g: Geometry) -> list[Rung]:
    """The ladder of a geometry: the classic one, or the variants' (jigsaw regions, diagonals, cages)."""
    if not g.typed and set(g.unit_kinds) <= {ROW, COLUMN, BOX}:
        return LADDER
    return TYPED_LADDER if any(constraints.TYPES[key].technique for key, _items in g.typed) else VARIANT_LADDER
SINGLES = 3  # the first three rungs: full house, naked and hidden single
SINGLE_SCORE = 10
BANDS = (800, 1000, 1600, 2600)  # score caps of Easy, Medium, Hard, Expert on 9x9 (scaled by cells): HoDoKu's first
# three; its Unfair cap (1800) is raised to 2600 because our flat single score and bulk singles differ from its
# path, and 2600 splits the chain-level puzzles our digger makes about evenly between Expert and Diabolical.
KILLER_BANDS = (2000, 2600, 3400, 4600)  # a killer has no givens, so every cell's single and every cage step counts:
# its bands are set so that killers solved by cage combinations and locked candidates alone are Easy or Medium
TOP = len(GRADES) - 1


def rung(name: str) -> Rung:
    """The rung of a technique name (KeyError for an unknown name)."""
    for r in LADDER:
        if r.name == name:
            return r
    raise KeyError(name)


def peer_sets(g: Geometry) -> list[frozenset[int]]:
    """Each cell's peers as a set."""
    return [frozenset(p) for p in g.peers]


def first_step(g: Geometry, cands: Sequence[Mask], values: Sequence[int], max_level: int = 99,
               start: int = 0) -> tuple[LogicStep, int] | None:
    """The easiest step the ladder finds (rungs from `start`, up to `max_level`) and its level."""
    tables(g)
    for tech in rungs(g)[start:]:
        if tech.level > max_level:
            break
        step = tech.find(g, cands, values)
        if step is not None:
            return step, tech.level
    return None


# ---------------------------------------------------------------------------- the solving path and grades

@dataclass
class Path:
    """A logical solve: the steps above singles (with the candidates before each), the score and the outcome."""

    steps: list[tuple[Step, int, list[Mask]]] = field(default_factory=list)
    singles: int = 0  # cells decided by singles
    hardest: int = 0
    solved: bool = False
    bands: tuple[int, ...] = BANDS  # the score caps of the grades (KILLER_BANDS for a killer)

    @property
    def score(self) -> int:
        """HoDoKu-style score: the sum over the path."""
        return self.singles * SINGLE_SCORE + sum(SCORES.get(s.technique, 0) for s, _, _ in self.steps)


def bands_of(puzzle: Puzzle) -> tuple[int, ...]:
    """The score bands that grade a puzzle (a killer's own)."""
    return KILLER_BANDS if puzzle.layout[2] else BANDS


def score_cap(level: int, cells: int, bands: tuple[int, ...] = BANDS) -> int | None:
    """The highest score a puzzle of a grade can have (None for the top grade)."""
    return None if level >= len(bands) else int(bands[level] * cells / 81)


def grade_of_path(path: Path, cells: int) -> int:
    """The grade: the hardest level used or the score's band, whichever is higher; the top one when stuck."""
    if not path.solved:
        return TOP
    return max(path.hardest, band(path.score, cells, path.bands))


def solve_path(puzzle: Puzzle, max_level: int = TOP, score_cap: int | None = None, path: Path | None = None) -> Path:
    """The ladder's solve of a puzzle up to `max_level` (PuzzleError when the givens contradict).

    With `score_cap`, stop (unsolved) once the score passes it: the generator's early exit. A `path` given is
    filled in place, so that a caller whose budget runs out still has the steps made so far."""
    cands = start_cands(puzzle.givens, puzzle.shape)
    if cands is None:
        raise PuzzleError(NO_SOLUTION, "no-solution")
    path = path if path is not None else Path()
    path.singles = sum(1 for v, m in zip(puzzle.givens, cands, strict=True) if not v and not m & (m - 1))
    path.bands = bands_of(puzzle)
    with uniqueness.givens(puzzle.givens):  # the avoidable rectangles' solved cells are the ones not given
        run_ladder(puzzle.shape, cands, max_level, path, score_cap=score_cap)
    return path


def quick_grade(puzzle: Puzzle, level: int) -> tuple[int, bool]:
    """(grade, exact): as much of the candidate's grade as deciding whether it is `level` needs.

    The ladder's path with fewer rungs is the full path up to the first step that needs a rung left out, and a
    path's grade only grows along it. So the ladder runs up to `level`'s rungs, stopping once the score passes
    the grade's band: stuck or over the band means "above `level`" (not exact); solved gives the exact grade.
    For the top grade the ladder stops below the top rungs: stuck or over the band below means the top grade."""
    cells = len(puzzle.givens)
    below = min(level, TOP - 1)
    path = solve_path(puzzle, below, score_cap=score_cap(below, cells, bands_of(puzzle)))
    if path.solved:
        return grade_of_path(path, cells), True
    return (TOP, True) if level >= TOP else (below + 1, False)


def logic_solve(puzzle: Puzzle, max_level: int = TOP,
                record: list[tuple[Step, int, list[Mask]]] | None = None) -> tuple[int, list[int] | None]:
    """(hardest level used, solved values or None when stuck) solving by the ladder up to `max_level`.

    `record` receives (step, level, candidates before it) for every step above singles."""
    cands = start_cands(puzzle.givens, puzzle.shape)
    if cands is None:
        raise PuzzleError(NO_SOLUTION, "no-solution")
    path = Path()
    with uniqueness.givens(puzzle.givens):
        run_ladder(puzzle.shape, cands, max_level, path)
    if record is not None:
        record.extend(path.steps)
    if not path.solved:
        return max(path.hardest, TOP), None
    return path.hardest, [m.bit_length() for m in cands]


def start_cands(values: Sequence[int], shape: Shape) -> list[Mask] | None:
    """Candidates of the givens after the latin singles (a killer's cage sums are the ladder's to explain), or
    None on a contradiction."""
    g = geometry(shape)
    full = g.full
    cands = [1 << (v - 1) if v else full for v in values]
    return cands if latin.propagate(cands, [c for c, v in enumerate(values) if v], g.peers, g.units, full) else None


def run_ladder(shape: Shape, cands: list[Mask], max_level: int, path: Path | None = None,
               until: Collection[int] = (), score_cap: int | None = None) -> tuple[int, bool]:
    """Run the ladder (rungs above singles, up to `max_level`) on candidates in place: (hardest level, solved).

    With `until`, stop as soon as those cells are decided (solved = True then). A `path` records the steps."""
    g = geometry(shape)
    peers, units, full = g.peers, g.units, g.full
    path = path if path is not None else Path()
    while True:
        budget.spend()  # one rung step: the request's budget bounds grading and hints on big grids
        if until and all(not cands[c] & (cands[c] - 1) for c in until):
            path.solved = True
            return path.hardest, True
        values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
        if all(values):
            path.solved = True
            return path.hardest, True
        if score_cap is not None and path.score > score_cap:  # before the search: no finder runs in vain
            return path.hardest, False
        found = first_step(g, cands, values, max_level, SINGLES)  # singles were applied in bulk
        if found is None:
            return path.hardest, False
        step, level = found
        path.hardest = max(path.hardest, level)
        path.steps.append((step, level, cands[:]))
        decided = sum(1 for m in cands if not m & (m - 1))
        latin.apply_step(cands, step)
        queue = [c for c, _ in step.eliminate if cands[c] and not cands[c] & (cands[c] - 1)]
        if step.place is not None:
            queue.append(step.place[0])
        if not latin.propagate(cands, queue, peers, units, full):
            raise PuzzleError(NO_SOLUTION, "no-solution")
        path.singles += sum(1 for m in cands if not m & (m - 1)) - decided - (step.place is not None)


def grade(puzzle: Puzzle) -> int:
    """The grade index: the hardest technique's level or the score's band; the last grade when the ladder is stuck."""
    return grade_of_path(solve_path(puzzle), len(puzzle.givens))
