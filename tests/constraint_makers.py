"""Puzzles of each constraint type made for the tests: constraints laid on a seeded random solution by the setter
(solvers/sudoku/setter.py), then every given dug that keeps the solution unique (the solver proves it). Shared by
the constraint tests, the browser tests and bench/constraints.py."""

from __future__ import annotations

from random import Random

from solvers.sudoku import grid, solver
from solvers.sudoku.setter import EVERYWHERE, MAKERS

__all__ = ["MAKERS", "made"]


def made(kind: str, seed: int = 1, n: int = 9, floor: int = 0, negative: bool = True) -> tuple[dict, str]:
    """(solve input, solution text) of a puzzle of one constraint type (or several: "arrow+kropki"), with at least
    `floor` givens; without `negative`, no negative marks."""
    rng = Random(f"{kind}-{seed}")
    box = grid.DEFAULT_BOX[n]
    kinds = kind.split("+")
    rules = [k for k in kinds if k in EVERYWHERE or k == "extraregion"]  # the solution must already meet these
    entries = [e for k in rules for e in MAKERS[k]([], n, rng)]
    layout = grid.read({"grid": "." * n * n, "constraints": entries}).layout if entries else grid.CLASSIC
    sol = list(solver.Search((box, layout), 1, rng).run([0] * (n * n))[0])
    entries += [e for k in kinds if k not in rules for e in MAKERS[k](sol, n, rng)
                if negative or "negative" not in e]
    givens = list(sol)
    for c in rng.sample(range(n * n), n * n):
        if sum(map(bool, givens)) <= floor:
            break
        kept, givens[c] = givens[c], 0
        if solver.count_solutions(grid.read({"grid": grid.grid_text(givens), "constraints": entries}), 2) != 1:
            givens[c] = kept
    return {"grid": grid.grid_text(givens), "constraints": entries}, grid.grid_text(sol)
