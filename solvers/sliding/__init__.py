"""Sliding puzzle: the 15-puzzle and its W x H relatives (2x2 to 100x100).

Rules: W*H-1 numbered tiles and one blank; a move slides a tile next to the blank into it.
Goal: tiles 1..W*H-1 in row-major order with the blank last. The rules themselves (goal,
parity, moves, text) live in `rules/sliding.py`, shared with the page.

Solvers: optimal IDA* (Manhattan + linear conflict up to 3x4; additive 6-6-3 pattern
databases with the reflected lookup on 4x4), Parberry's real-time algorithm for any size,
and an algorithm lab (BFS, DFS, depth-limited DFS, IDDFS, A*, IDA*, greedy, genetic, annealing) as in the study.
Known limits: optimal answers only up to 4x4 (larger boards get a real-time answer, not
optimal); without its pattern database files (`use_data`) a 4x4 gets a shortest answer only
when linear conflict finds one within NO_PDB_SECONDS, else the real-time one.

The package's modules import one way only:

    puzzle     the Puzzle (size and tiles), its text and moves, solvability, the heuristics
    optimal    optimal IDA* (linear conflict; pattern databases with duplicate-path pruning)
    realtime   Parberry's real-time algorithm, for any size
    play       solving (optimal, or a near-optimal plan beyond 4x4), the remembered paths, hints
    generator  random and graded positions (exact distance on small boards)
    algorithm_lab  the algorithm lab: the study's searches with a heuristic each, one row per run
    family     FAMILY: the typed contract (base.Family), the `lab` and `plan` commands
"""

from __future__ import annotations

from .algorithm_lab import ALGORITHMS, INFORMED, default_lab, dls_limit, lab, lab_run
from .family import FAMILY, SlidingFamily
from .generator import generate, random_solvable, random_walk, scramble_exact
from .optimal import LinearConflictIda, PatternIda, solve_optimal, within
from .play import (
           BEAM,
           QUICK_BEAM,
           QUICK_NODES,
           QUICK_WEIGHTS,
           SWEEP,
           forget_plans,
           hint,
           lower_bound,
           near_optimal,
           quick_moves,
           solve,
)
from .puzzle import (
           EXACT_GRADES,
           GRADES,
           Puzzle,
           State,
           apply,
           format,
           goal,
           inversions,
           is_solvable,
           linear_conflict,
           manhattan,
           misplaced,
           movable,
           out_of_row_col,
           parse,
           pattern_heuristic,
           replay,
           rules,
           validate,
)
from .realtime import parberry

__all__ = ["ALGORITHMS", "BEAM", "EXACT_GRADES", "FAMILY", "GRADES", "INFORMED", "LinearConflictIda", "PatternIda",
           "Puzzle", "QUICK_BEAM", "QUICK_NODES", "QUICK_WEIGHTS", "SWEEP", "SlidingFamily", "State", "apply",
           "default_lab", "dls_limit", "forget_plans", "format", "generate", "goal", "hint", "inversions",
           "is_solvable", "lab", "lab_run", "linear_conflict", "lower_bound", "manhattan", "misplaced", "movable",
           "near_optimal", "out_of_row_col", "parberry", "parse", "pattern_heuristic", "quick_moves",
           "random_solvable", "random_walk", "replay", "rules", "scramble_exact", "solve", "solve_optimal", "validate",
           "within"]
