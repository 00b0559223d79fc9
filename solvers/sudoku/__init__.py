"""Sudoku: fill an n x n grid (n = w*h) so every row, column and w-wide, h-tall box holds 1..n once.

Sizes 4x4 (2x2 boxes), 6x6 (3x2), 9x9 (3x3), 12x12 (4x3), 16x16 (4x4) share one code path;
values above 9 are written A, B, ... The package's modules import one way only:

    grid        the Puzzle (box and givens), its canonical text (rules/sudoku.py), geometry
    solver      the fast complete solver (bitmask candidates, latin.propagate, most constrained cell first)
    techniques  the ladder of human techniques that gives hints and grades
    pool        grid symmetries (relabel digits, permute lines within bands, bands, transpose)
    bank        puzzles our generator made ahead for the grades too slow to dig on demand on big grids,
                served under a seeded symmetry (data in bank_12x12.txt, bank_16x16.txt)
    generator   graded digging (graded only as far as the grade asked needs), the daily puzzle
    play        a player's State, check, hints, solver traces
    family      FAMILY: the typed contract (base.Family) and the `grade`/`daily`/`practice` commands

Known limits: n <= 25; the naive backtracking trace of a hard 9x9 can run for millions of steps
(it is streamed, never built whole); every 9x9 grade is dug on demand, while 12x12 Expert/Diabolical and
16x16 Hard/Expert/Diabolical come from the bank (a small one for 16x16, see bank.py).
"""

from __future__ import annotations

from .. import latin
from .family import FAMILY, SudokuFamily
from .generator import DAILY_GRADES, daily, generate, generate_graded
from .grid import CLASSIC, DEFAULT_BOX, GRADES, SYMBOLS, Box, Grid, Puzzle, cell_name, format, grid_text, parse, symbol
from .play import State, check, next_step, read_state
from .solver import NO_SOLUTION, OutOfNodes, Search, count_solutions, is_solution, random_solution, solutions, solve
from .techniques import LADDER, grade, logic_solve

__all__ = ["CLASSIC", "DAILY_GRADES", "DEFAULT_BOX", "FAMILY", "GRADES", "LADDER", "NO_SOLUTION", "SYMBOLS", "Box",
           "Grid", "OutOfNodes", "Puzzle", "Search", "State", "SudokuFamily", "cell_name", "check",
           "count_solutions", "daily", "format", "generate", "generate_graded", "grade", "grid_text", "is_solution",
           "latin", "logic_solve", "next_step", "parse", "random_solution", "read_state", "solutions", "solve",
           "symbol"]
