"""Sudoku grid symmetries: relabel digits, permute rows within bands, bands, columns within stacks, stacks, transpose.

Every symmetry maps a puzzle with one solution to another with one solution. The stored pools this module
once held are gone: every grade is now dug on demand (generator.py), so this is the one place symmetries live.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from .grid import Box, Grid


def symmetry(box: Box, rng: Random) -> tuple[list[int], list[int]]:
    """(cell map, digit map): a random grid symmetry of a box shape; new[c] = digits[old[cells[c]]]."""
    w, h = box
    n = w * h
    rows = _blocks(n, h, rng)  # bands are h rows tall
    cols = _blocks(n, w, rng)  # stacks are w columns wide
    cells = [rows[r] * n + cols[c] for r in range(n) for c in range(n)]
    if w == h and rng.random() < 0.5:  # only square boxes survive a transpose
        cells = [cells[c % n * n + c // n] for c in range(n * n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    return cells, [0, *digits]


def _blocks(n: int, size: int, rng: Random) -> list[int]:
    """A permutation of 0..n-1 that shuffles blocks of `size` lines and the lines within each block."""
    blocks = list(range(n // size))
    rng.shuffle(blocks)
    out = []
    for b in blocks:
        lines = list(range(b * size, b * size + size))
        rng.shuffle(lines)
        out.extend(lines)
    return out


def transform(values: Sequence[int], box: Box, rng: Random) -> Grid:
    """The grid under a random symmetry (uniqueness and the ladder's grade are kept)."""
    cells, digits = symmetry(box, rng)
    return tuple(digits[values[c]] for c in cells)
