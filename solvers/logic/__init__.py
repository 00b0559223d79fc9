"""Human techniques for any latin grid, easiest first: the ladder Sudoku hints climb (and Skyscrapers can share).

Every technique is a finder (geometry, candidates, values) -> `LogicStep` | None (and, through `Rung.every`,
every step it finds, for the `steps` command) written over units and peers only (`latin.Geometry`), so Sudoku
(rows, columns, boxes), Skyscrapers (rows, columns) and every size use the same code. Each technique is one
`Row` of `TABLE`, everything it is known by: its finder, level (0 = singles .. 4 = forcing chains), score
(HoDoKu's published scale, see ../shared/REFERENCES.md), Sudoku Explainer rating, finer step names, size limit,
what it needs and where Skyscrapers climbs it; `SCORES`, `SE`, `ALSO`, the ladders and the learn page's entries
are read from it, and its words for players stand in `about.ABOUT`. Uniqueness techniques assume the puzzle has one
solution: leave them out (`uniqueness=False`) where that is not known, or where clues beyond the
latin rules (Skyscrapers) could tell the two halves of a deadly pattern apart.

Modules: board (bitset tables, LogicStep), basic (singles, locked candidates, subsets, fish, wings,
colouring, unique rectangles 1-4, BUG+1), uniqueness (unique rectangles 5 and 6, hidden and avoidable rectangles,
BUG+n), chains (AICs and nice loops with grouped nodes, and the named short chains), als (ALS-XZ,
ALS-XY-wing, ALS-XY-chain, death blossom, Sue de Coq), fish (Franken, mutant and kraken fish, templates), forcing
(forcing chains and nets, explained as implications).
Forcing chains and nets follow singles, locked candidates and the geometry's rules beyond its units (killer
cages and the innies of houses, Skyscrapers' clued lines: `latin.Constraint`); nested forcing nets come last.
Known limits: ALSs of at most four cells (three above 9x9); chains of at most 8 strong links (6 for AICs); the rungs
added last (unique rectangles 5 and 6, hidden and avoidable rectangles, BUG+n, nice loops, Franken, mutant and
kraken fish, templates) only up to 9x9 (SMALL: the 12x12 and 16x16 banks were graded without them); fish of at most
four sets, a bounded search (`fish`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from ..base import Technique
from ..latin import Geometry
from . import about, als, basic, board, chains, forcing
from . import cages as killer
from . import fish as fishes
from . import typed as typed_rungs
from . import uniqueness as deadly
from .board import SMALL_N, Cands, LogicStep, Values

Finder = Callable[[Geometry, Cands, Values], LogicStep | None]
T = TypeVar("T")


@dataclass(frozen=True)
class Rung:
    """One technique of the ladder: its name, level (grade index), score and finder."""

    name: str
    level: int
    score: int
    find: Finder

    def every(self, g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        """Every step the rung finds in a position, lazily (the `steps` command)."""
        return every_step(self.find, g, cands, values)


GUESS_SCORE = 10_000  # HoDoKu's brute force


def every_step(find: Callable[..., T | None], *args: Any) -> Iterator[T]:
    """Every step of a finder on its arguments: a `board.Finder`'s `every`, else its one step."""
    every = getattr(find, "every", None)
    if every is not None:
        yield from every(*args)
        return
    step = find(*args)
    if step is not None:
        yield step


SMALL = SMALL_N  # the HoDoKu-reach rungs (bench/hints.py NEW_RUNGS) run up to it: bigger grids keep the ladder
# their banks were graded with (a banked puzzle's grade and score must stay what its file says)


def _small(find: Finder) -> Finder:
    """A finder that finds nothing on grids above SMALL."""

    def every(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        if g.n <= SMALL:
            yield from every_step(find, g, cands, values)

    def best(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
        return find(g, cands, values) if g.n <= SMALL else None

    return board.Finder(every, best)


def _either(*finders: Finder) -> Finder:
    """The first finder's step, else the next one's (every step: all of the first's, then the next one's)."""

    def every(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        for f in finders:
            yield from every_step(f, g, cands, values)

    def best(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
        for f in finders:
            step = f(g, cands, values)
            if step is not None:
                return step
        return None

    return board.Finder(every, best)


@dataclass(frozen=True)
class Finer:
    """A finer name a rung's steps may carry (a sashimi fish, a unique rectangle's type): its HoDoKu score and
    Sudoku Explainer rating (`logic.rating`; None: SE rates no such step)."""

    name: str
    score: int
    se: float | None
    chained: bool = False


@dataclass(frozen=True)
class Row:
    """One technique, all it is known by: its name, grade index, HoDoKu score (see ../shared/REFERENCES.md), finder,
    Sudoku Explainer rating (base, and whether a chain's length adds to it; None: SE rates no such step), the finer
    names its steps may carry, whether it runs only up to SMALL (9x9), what it needs ("unique": a puzzle known to
    have one solution; "cages": a killer's cages), the Skyscrapers grade at which that ladder climbs it (None: not
    there: it needs boxes or uniqueness) and whether its own name is a step's (else only its finer names are).
    Its words for players are `about.ABOUT[name]`: a row without them is an error at import."""

    name: str
    level: int
    score: int
    find: Finder
    se: float | None
    chained: bool = False
    finer: tuple[Finer, ...] = ()
    small: bool = False
    needs: str | None = None
    towers: int | None = None
    named: bool = True


EXPERT, EXTREME = 3, 4  # Skyscrapers' grades for the latin patterns and the forcing rungs
_sd, _cf = chains.single_digit, chains.chain_finder
_UR = "unique"


def _fishes(kind: str, finned: bool, se: tuple[float, float, float], score: int) -> Iterator[Row]:
    """The finned Franken or the mutant fish rows of 2 to 4 sets: HoDoKu scores the first 20 apart from `score`,
    the mutant ones alike."""
    for k, rating in zip((2, 3, 4), se, strict=True):
        yield Row(fishes.fish_name(kind, k, finned), 3, score if kind == "mutant" else score + 20 * (k - 2),
                  fishes.fish(kind, k, finned), rating)


# The ladder: every technique in the order hints try it (by level, then roughly by score).
TABLE: tuple[Row, ...] = (
    Row("Full house", 0, 4, basic.full_house, 1.0),
    Row("Naked single", 0, 4, basic.naked_single, 2.3),
    Row("Hidden single", 0, 14, basic.hidden_single, 1.5),
    # killer cages: not in HoDoKu (scores placed by hand), and SE rates no cage sums
    Row("Cage combination", 0, 20, killer.combination, None, needs="cages"),
    Row("Locked candidates (pointing)", 1, 50, basic.locked(True), 2.6),
    Row("Locked candidates (claiming)", 1, 50, basic.locked(False), 2.8),
    Row("Cage and house", 1, 50, killer.cage_and_house, None, needs="cages"),
    Row("Rule of 45", 1, 60, killer.rule_of_45, None, needs="cages"),
    Row("Naked pair", 1, 60, basic.subset(True, 2), 3.0),
    Row("Hidden pair", 1, 70, basic.subset(False, 2), 3.4),
    Row("Naked triple", 1, 80, basic.subset(True, 3), 3.6),
    Row("Hidden triple", 1, 100, basic.subset(False, 3), 4.0),
    Row("Naked quad", 2, 120, basic.subset(True, 4), 5.0),
    Row("X-wing", 2, 140, basic.fish(2), 3.2, towers=EXPERT),
    Row("Skyscraper", 2, 130, _sd(("Skyscraper",), False, 2), 6.5, True, towers=EXPERT),
    Row("2-string kite", 2, 150, _sd(("2-string kite",), False, 2), 6.5, True, towers=EXPERT),
    Row("Turbot fish", 2, 120, _sd(("Turbot fish",), False, 2), 6.5, True),
    Row("Empty rectangle", 2, 120, _sd(("Empty rectangle",), True, 2), 6.5, True),
    Row("Finned X-wing", 2, 130, basic.fish(2, finned=True), 6.5, finer=(Finer("Sashimi X-wing", 150, 6.5),),
        towers=EXPERT),
    Row("Swordfish", 2, 150, basic.fish(3), 3.8, towers=EXPERT),
    Row("Hidden quad", 2, 150, basic.subset(False, 4), 5.4),
    Row("Simple colouring", 2, 150, basic.colouring, 6.5, True, towers=EXPERT),
    Row("W-wing", 2, 150, _cf(("W-wing",), False, True, True, 3), 6.6, True, towers=EXPERT),
    Row("XY-wing", 2, 160, basic.wing(False), 4.2, towers=EXPERT),
    Row("Remote pair", 2, 110, basic.remote_pair, 6.6, towers=EXPERT),
    Row("Jellyfish", 2, 160, basic.fish(4), 5.2, towers=EXPERT),
    Row("XYZ-wing", 2, 180, basic.wing(True), 4.4),
    Row("Unique rectangle", 2, 100, basic.unique_rectangle, None, needs=_UR, named=False,
        finer=(Finer("Unique rectangle type 1", 100, 4.5), Finer("Unique rectangle type 2", 100, 4.6),
               Finer("Unique rectangle type 3", 100, 4.6), Finer("Unique rectangle type 4", 100, 4.5))),
    Row("BUG+1", 2, 100, basic.bug_plus_one, 5.6, needs=_UR),
    # uniqueness beyond types 1-4: SE's unique rectangles and loops (4.5-5.0) and BUG types 2-4 (5.7-6.1)
    Row("Unique rectangle types 5 and 6", 2, 100, deadly.unique_rectangle_more, None, small=True, needs=_UR,
        named=False, finer=(Finer("Unique rectangle type 5", 100, 4.6), Finer("Unique rectangle type 6", 100, 4.6))),
    Row("Hidden rectangle", 2, 100, deadly.hidden_rectangle, 4.6, small=True, needs=_UR),
    Row("Avoidable rectangle", 2, 100, deadly.avoidable_rectangle, None, small=True, needs=_UR, named=False,
        finer=(Finer("Avoidable rectangle type 1", 100, 4.5), Finer("Avoidable rectangle type 2", 100, 4.6))),
    Row("BUG+n", 2, 100, deadly.bug_plus_n, 5.7, small=True, needs=_UR),  # not in HoDoKu: scored as its BUG+1
    Row("Finned swordfish", 2, 200, basic.fish(3, finned=True), 6.6, finer=(Finer("Sashimi swordfish", 240, 6.6),),
        towers=EXPERT),
    Row("Multi colouring", 2, 200, basic.multi_colouring, 6.8, True, towers=EXPERT),
    # the finned/sashimi jellyfish, which HoDoKu's list leaves out, are extrapolated
    Row("Finned jellyfish", 2, 240, basic.fish(4, finned=True), 6.7, finer=(Finer("Sashimi jellyfish", 280, 6.7),),
        towers=EXPERT),
    Row("Sue de Coq", 3, 250, als.sue_de_coq, 7.0),
    Row("X-chain", 3, 260, _sd(("X-chain",), False, 8), 6.5, True, towers=EXPERT),
    Row("XY-chain", 3, 260, _cf(("XY-chain",), False, False, True, 8), 6.6, True, towers=EXPERT),
    # loops: SE's bidirectional cycles
    Row("Nice loop", 3, 280, chains.nice_loop(False, 6), None, small=True,
        finer=(Finer("Continuous nice loop", 280, 7.0, True), Finer("Discontinuous nice loop", 280, 7.0, True))),
    Row("AIC", 3, 280, _cf(None, False, True, True, 6), 7.0, True, towers=EXPERT),
    Row("ALS-XZ", 3, 300, als.als_xz, 7.1, towers=EXPERT),
    Row("Grouped nice loop", 3, 300, chains.nice_loop(True, 6), None, small=True,
        finer=(Finer("Grouped continuous nice loop", 300, 7.0, True),
               Finer("Grouped discontinuous nice loop", 300, 7.0, True))),
    Row("Grouped AIC", 3, 300, _cf(None, True, True, True, 6), 7.0, True,
        finer=(Finer("Grouped X-chain", 300, 7.0, True),)),
    # fish with boxes (SE has none): X-cycles past the finned fish
    Row("Franken X-wing", 3, 300, fishes.fish("franken", 2), 6.6),
    Row("ALS-XY-wing", 3, 320, als.als_xy_wing, 7.3, towers=EXPERT),
    Row("ALS-XY-chain", 3, 340, als.als_chain, 7.5),
    Row("Franken swordfish", 3, 350, fishes.fish("franken", 3), 6.7),
    Row("Death blossom", 3, 360, als.death_blossom, 7.6),
    Row("Franken jellyfish", 3, 370, fishes.fish("franken", 4), 6.8),
    *_fishes("franken", True, (6.7, 6.8, 6.9), 390),
    *_fishes("mutant", False, (7.0, 7.0, 7.0), 450),
    *_fishes("mutant", True, (7.1, 7.1, 7.1), 470),
    # kraken fish and templates: SE's forcing chains and Nishio. HoDoKu scores templates as brute force (10000);
    # here between the kraken fish and forcing nets: a template is a forcing search on one value only (Sudoku
    # Explainer's Nishio, rated below forcing chains)
    Row("Kraken fish", 3, 500, fishes.kraken, 7.5),
    Row("Template", 3, 600, fishes.template, None,
        finer=(Finer("Template set", 600, 7.5), Finer("Template delete", 600, 7.5))),
    Row("Forcing chain", 4, 500, forcing.contradiction(False), 8.8, True, towers=EXTREME),
    Row("Forcing net", 4, 700, _either(forcing.contradiction(True), forcing.verity), 9.1, True, towers=EXTREME),
    Row("Nested forcing net", 4, 1500, forcing.nested, 9.9, True, towers=EXTREME),
)
_unsaid = [row.name for row in TABLE if row.name not in about.ABOUT]
if _unsaid:
    raise ImportError(f"techniques without words in logic/about.py: {', '.join(_unsaid)}")

# HoDoKu's scores by step name (a rung may name its steps more finely: finned or sashimi, grouped or not).
def step_names(row: Row) -> list[Finer]:
    """The names a row's steps carry, each with its score and SE rating (its own name first, when it is one)."""
    return ([Finer(row.name, row.score, row.se, row.chained)] if row.named else []) + list(row.finer)


SCORES: dict[str, int] = {f.name: f.score for row in TABLE for f in step_names(row)}
SE: dict[str, tuple[float, bool]] = {f.name: (f.se, f.chained) for row in TABLE for f in step_names(row)
                                     if f.se is not None}
ALSO: dict[str, tuple[str, ...]] = {row.name: tuple(f.name for f in row.finer) for row in TABLE if row.finer}


def rungs_of(step_name: str) -> tuple[str, ...]:
    """The rungs whose finer names include a step's ("Unique rectangle type 5" -> "Unique rectangle types 5 and 6")."""
    return tuple(rung for rung, finer in ALSO.items() if step_name in finer)


def entry(name: str, grade: str, score: int, variant: str | None = None) -> Technique:
    """A rung as the learn page tells it: its words (`about.ABOUT`) and finer names."""
    return Technique(name, grade, score, about.ABOUT[name], ALSO.get(name, ()), variant)


def ladder(uniqueness: bool = True, cages: bool = False, typed: bool = False) -> list[Rung]:
    """The techniques in the order the hints try them (by level, then roughly by score); with `cages`, the killer
    rungs too (they find nothing on a grid without cages); with `typed`, the constraint types' own rungs after
    the singles."""
    out = [Rung(row.name, row.level, row.score, _small(row.find) if row.small else row.find) for row in TABLE
           if (row.needs != _UR or uniqueness) and (row.needs != "cages" or cages)]
    return out[:3] + [Rung(*rung) for rung in typed_rungs.rungs()] + out[3:] if typed else out


def score(step: LogicStep) -> int:
    """A step's score by its own name."""
    return SCORES.get(step.technique, GUESS_SCORE)


__all__ = ["ALSO", "GUESS_SCORE", "SCORES", "SE", "TABLE", "LogicStep", "Row", "Rung", "entry", "every_step", "ladder",
           "rungs_of", "score"]
