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

The package's modules import one way only:

    puzzle      the Puzzle (clues and givens), its text, what each clue sees, line support, the phase Solver
    techniques  the human ladder (the clue and line rungs, the shared latin ones), next_step, rating and grade
    generator   graded removal of clues and givens from a random latin square
    play        a player's State, hints, all steps, check, traces of both solvers
    family      FAMILY: the typed contract (base.Family) and the `rate`/`practice` commands
"""

from __future__ import annotations

from .family import FAMILY, Skyscrapers
from .generator import generate, max_grade, random_grid
from .play import State, all_steps, hint
from .puzzle import (
    DIGITS,
    GRADES,
    PHASES,
    SIDES,
    Puzzle,
    PuzzleError,
    Solver,
    bit,
    clues_for,
    count_solutions,
    format,
    is_solution,
    layout,
    line_support,
    make_puzzle,
    parse,
    puzzle_from_json,
    solutions,
    values_of,
)
from .techniques import (
    BANDS,
    EXPERT,
    EXTREME,
    FORCING,
    LATIN_PATTERNS,
    LEVELS,
    SASHIMI,
    SCORES,
    TECHNIQUE_NAMES,
    TECHNIQUES,
    Board,
    BoardRung,
    Step,
    band,
    contradiction,
    find_clue_bound,
    find_clue_n,
    find_clue_one,
    grade,
    level_needed,
    next_step,
    rate,
    start_board,
    why_not,
)

__all__ = ["BANDS", "Board", "BoardRung", "DIGITS", "EXPERT", "EXTREME", "FAMILY", "FORCING", "GRADES",
           "LATIN_PATTERNS", "LEVELS", "PHASES", "Puzzle", "PuzzleError", "SASHIMI", "SCORES", "SIDES", "Skyscrapers",
           "Solver", "State", "Step", "TECHNIQUES", "TECHNIQUE_NAMES", "all_steps", "band", "bit", "clues_for",
           "contradiction", "count_solutions", "find_clue_bound", "find_clue_n", "find_clue_one", "format", "generate",
           "grade", "hint", "is_solution", "layout", "level_needed", "line_support", "make_puzzle", "max_grade",
           "next_step", "parse", "puzzle_from_json", "random_grid", "rate", "solutions", "start_board", "values_of",
           "why_not"]
