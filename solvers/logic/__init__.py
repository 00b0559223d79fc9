"""Human techniques for any latin grid, easiest first: the ladder Sudoku hints climb (and Skyscrapers can share).

Every technique is a finder (geometry, candidates, values) -> `LogicStep` | None (and, through `Rung.every`,
every step it finds, for the `steps` command) written over units and peers only (`latin.Geometry`), so Sudoku
(rows, columns, boxes), Skyscrapers (rows, columns) and every size use the same code. A `Rung` gives a finder
its level (0 = singles .. 4 = forcing chains) and score (HoDoKu's published scale, see
../shared/REFERENCES.md; the finned/sashimi swordfish and jellyfish, which HoDoKu's list leaves out, are
extrapolated). Uniqueness techniques assume the puzzle has one
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

from ..latin import Geometry
from . import als, basic, board, chains, forcing
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


# HoDoKu's scores by step name (a rung may name its steps more finely: finned or sashimi, grouped or not).
SCORES: dict[str, int] = {
    "Full house": 4, "Naked single": 4, "Hidden single": 14,
    "Locked candidates (pointing)": 50, "Locked candidates (claiming)": 50, "Naked pair": 60, "Hidden pair": 70,
    "Naked triple": 80, "Hidden triple": 100, "Naked quad": 120, "Hidden quad": 150,
    "X-wing": 140, "Swordfish": 150, "Jellyfish": 160, "Skyscraper": 130, "2-string kite": 150, "Turbot fish": 120,
    "Empty rectangle": 120, "Finned X-wing": 130, "Sashimi X-wing": 150, "Finned swordfish": 200,
    "Sashimi swordfish": 240, "Finned jellyfish": 240, "Sashimi jellyfish": 280, "XY-wing": 160, "XYZ-wing": 180,
    "W-wing": 150, "Remote pair": 110, "Simple colouring": 150, "Multi colouring": 200,
    "Unique rectangle type 1": 100, "Unique rectangle type 2": 100, "Unique rectangle type 3": 100,
    "Unique rectangle type 4": 100, "BUG+1": 100, "Unique rectangle type 5": 100, "Unique rectangle type 6": 100,
    "Hidden rectangle": 100, "Avoidable rectangle type 1": 100, "Avoidable rectangle type 2": 100,
    "BUG+n": 100,  # not in HoDoKu: scored as its BUG+1
    "Discontinuous nice loop": 280, "Continuous nice loop": 280, "Grouped discontinuous nice loop": 300,
    "Grouped continuous nice loop": 300, "Nice loop": 280, "Grouped nice loop": 300,  # the last two: rungs
    "Sue de Coq": 250, "X-chain": 260, "XY-chain": 260, "AIC": 280, "Grouped X-chain": 300, "Grouped AIC": 300,
    "ALS-XZ": 300, "ALS-XY-wing": 320, "ALS-XY-chain": 340, "Death blossom": 360, "Forcing chain": 500,
    "Forcing net": 700, "Nested forcing net": 1500,
    "Franken X-wing": 300, "Franken swordfish": 350, "Franken jellyfish": 370, "Finned Franken X-wing": 390,
    "Finned Franken swordfish": 410, "Finned Franken jellyfish": 430, "Mutant X-wing": 450, "Mutant swordfish": 450,
    "Mutant jellyfish": 450, "Finned mutant X-wing": 470, "Finned mutant swordfish": 470,
    "Finned mutant jellyfish": 470, "Kraken fish": 500,
    # HoDoKu scores templates as brute force (10000); here between the kraken fish and forcing nets: a template is
    # a forcing search on one value only (Sudoku Explainer's Nishio, rated below forcing chains). "Template": the rung
    "Template set": 600, "Template delete": 600, "Template": 600,
    "Cage combination": 20, "Cage and house": 50, "Rule of 45": 60,  # killer: not in HoDoKu; placed by hand
}
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


def ladder(uniqueness: bool = True, cages: bool = False, typed: bool = False) -> list[Rung]:
    """The techniques in the order the hints try them (by level, then roughly by score); with `cages`, the killer
    rungs too (they find nothing on a grid without cages); with `typed`, the constraint types' own rungs after
    the singles."""
    sd, cf = chains.single_digit, chains.chain_finder
    rungs = [
        ("Full house", 0, basic.full_house),
        ("Naked single", 0, basic.naked_single),
        ("Hidden single", 0, basic.hidden_single),
        ("Cage combination", 0, killer.combination),
        ("Locked candidates (pointing)", 1, basic.locked(True)),
        ("Locked candidates (claiming)", 1, basic.locked(False)),
        ("Cage and house", 1, killer.cage_and_house),
        ("Rule of 45", 1, killer.rule_of_45),
        ("Naked pair", 1, basic.subset(True, 2)),
        ("Hidden pair", 1, basic.subset(False, 2)),
        ("Naked triple", 1, basic.subset(True, 3)),
        ("Hidden triple", 1, basic.subset(False, 3)),
        ("Naked quad", 2, basic.subset(True, 4)),
        ("X-wing", 2, basic.fish(2)),
        ("Skyscraper", 2, sd(("Skyscraper",), False, 2)),
        ("2-string kite", 2, sd(("2-string kite",), False, 2)),
        ("Turbot fish", 2, sd(("Turbot fish",), False, 2)),
        ("Empty rectangle", 2, sd(("Empty rectangle",), True, 2)),
        ("Finned X-wing", 2, basic.fish(2, finned=True)),
        ("Swordfish", 2, basic.fish(3)),
        ("Hidden quad", 2, basic.subset(False, 4)),
        ("Simple colouring", 2, basic.colouring),
        ("W-wing", 2, cf(("W-wing",), False, True, True, 3)),
        ("XY-wing", 2, basic.wing(False)),
        ("Remote pair", 2, cf(("Remote pair",), False, False, True, 8)),
        ("Jellyfish", 2, basic.fish(4)),
        ("XYZ-wing", 2, basic.wing(True)),
        ("Unique rectangle", 2, basic.unique_rectangle),
        ("BUG+1", 2, basic.bug_plus_one),
        ("Unique rectangle types 5 and 6", 2, _small(deadly.unique_rectangle_more)),
        ("Hidden rectangle", 2, _small(deadly.hidden_rectangle)),
        ("Avoidable rectangle", 2, _small(deadly.avoidable_rectangle)),
        ("BUG+n", 2, _small(deadly.bug_plus_n)),
        ("Finned swordfish", 2, basic.fish(3, finned=True)),
        ("Multi colouring", 2, basic.multi_colouring),
        ("Finned jellyfish", 2, basic.fish(4, finned=True)),
        ("Sue de Coq", 3, als.sue_de_coq),
        ("X-chain", 3, sd(("X-chain",), False, 8)),
        ("XY-chain", 3, cf(("XY-chain",), False, False, True, 8)),
        ("Nice loop", 3, _small(chains.nice_loop(False, 6))),
        ("AIC", 3, cf(None, False, True, True, 6)),
        ("ALS-XZ", 3, als.als_xz),
        ("Grouped nice loop", 3, _small(chains.nice_loop(True, 6))),
        ("Grouped AIC", 3, cf(None, True, True, True, 6)),
        ("Franken X-wing", 3, fishes.fish("franken", 2)),
        ("ALS-XY-wing", 3, als.als_xy_wing),
        ("ALS-XY-chain", 3, als.als_chain),
        ("Franken swordfish", 3, fishes.fish("franken", 3)),
        ("Death blossom", 3, als.death_blossom),
        ("Franken jellyfish", 3, fishes.fish("franken", 4)),
        *((fishes.fish_name(kind, k, finned), 3, fishes.fish(kind, k, finned))
          for kind, finned in (("franken", True), ("mutant", False), ("mutant", True)) for k in (2, 3, 4)),
        ("Kraken fish", 3, fishes.kraken),
        ("Template", 3, fishes.template),
        ("Forcing chain", 4, forcing.contradiction(False)),
        ("Forcing net", 4, _either(forcing.contradiction(True), forcing.verity)),
        ("Nested forcing net", 4, forcing.nested),
    ]
    unique = {"Unique rectangle", "BUG+1", "Unique rectangle types 5 and 6", "Hidden rectangle", "Avoidable rectangle",
              "BUG+n"}
    skip = unique if not uniqueness else set()
    if not cages:
        skip |= {"Cage combination", "Cage and house", "Rule of 45"}
    out = [Rung(name, level, SCORES.get(name, SCORES["Unique rectangle type 1"]), find)
           for name, level, find in rungs if name not in skip]
    return out[:3] + [Rung(*rung) for rung in typed_rungs.rungs()] + out[3:] if typed else out


def score(step: LogicStep) -> int:
    """A step's score by its own name."""
    return SCORES.get(step.technique, GUESS_SCORE)


__all__ = ["GUESS_SCORE", "SCORES", "LogicStep", "Rung", "every_step", "ladder", "score"]
