"""Tables and values shared by the generic latin techniques: cell bitsets over a `latin.Geometry`.

A finder sees a geometry, candidate masks (bit v-1 = value v) and the placed values (0 = open);
sets of cells are ints with bit c set for cell c, so "cells that see all of these" is an AND of
peer bitsets. Nothing here knows Sudoku: boxes are just units named "box ..." whose crossings
with rows and columns hold more than one cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..latin import Cell, Geometry, Mask, Step, bit
from ..memo import by_identity
from ..rules.latin import COLUMN, ROW
from ..rules.latin import symbol as symbol  # re-exported: the finders write values with it

T = TypeVar("T")
SMALL_N = 9  # the largest grid the HoDoKu-reach rungs run on, whole (larger ones: without them, or smaller ALSs)
Cands = Sequence[Mask]
Values = Sequence[int]
Elims = tuple[tuple[Cell, int], ...]


@dataclass(frozen=True)
class LogicStep(Step):
    """A latin Step with what caused it: the candidates it rests on and, for chains, the nodes in order.

    `chain` holds (cells, value, on) per node: the chain reads "node 1 off, so node 2 on, so node 3 off...";
    `lines` are the implications in words for forcing chains."""

    causes: tuple[tuple[Cell, int], ...] = ()
    chain: tuple[tuple[tuple[Cell, ...], int, bool], ...] = ()
    lines: tuple[str, ...] = ()
    colours: tuple[tuple[Cell, int], ...] = ()  # colouring: each cell's colour, 0/1 (2/3 for a second cluster)


class Finder(Generic[T]):
    """A technique's finder made of a generator of every step it finds, in its own order: called, the first one
    (or None), which is what a hint needs; `every(...)`, all of them, lazily (the `steps` command's list).

    `best`, when given, answers the call instead (a chain search wants the shortest chain, not the first)."""

    def __init__(self, every: Callable[..., Iterator[T]], best: Callable[..., T | None] | None = None) -> None:
        self.every = every
        self.best = best
        self.__doc__ = (best or every).__doc__

    def __call__(self, *args: object) -> T | None:
        return self.best(*args) if self.best is not None else next(self.every(*args), None)


def finder(every: Callable[..., Iterator[T]]) -> Finder[T]:
    """Decorator: a generator of steps as a `Finder`."""
    return Finder(every)


@dataclass(frozen=True)
class Tables:
    """Bitset tables of a geometry, built once per geometry."""

    g: Geometry
    cells: int  # number of cells
    peer_bits: tuple[int, ...]
    unit_bits: tuple[int, ...]
    kinds: tuple[str, ...]  # "row", "column", "box", ... per unit
    rows: tuple[int, ...]  # unit indices of the rows, top to bottom
    cols: tuple[int, ...]  # unit indices of the columns, left to right
    row_of: tuple[int, ...]  # per cell: its row's position in `rows`
    col_of: tuple[int, ...]
    crossings: tuple[tuple[int, int, int], ...]  # (unit a, unit b, shared cells) sharing two or more cells
    seen: dict[int, int] = field(default_factory=dict, compare=False, repr=False)  # seen_by_all's answers
    places: dict[int, int] = field(default_factory=dict, compare=False, repr=False)  # fish lines' positions




@by_identity(of=lambda g: g.peers)  # a geometry with other rules (Skyscrapers' clues) shares its peers (and units)
def tables(g: Geometry) -> Tables:
    """The bitset tables of a geometry (cached by identity of its peers and units; geometries are built once per
    shape, and one with other rules shares them)."""
    ncells = g.rows * g.cols
    peer_bits = tuple(sum(1 << p for p in g.peers[c]) for c in range(ncells))
    unit_bits = tuple(sum(1 << c for c in unit) for unit in g.units)
    rows = tuple(u for u, k in enumerate(g.unit_kinds) if k == ROW)
    cols = tuple(u for u, k in enumerate(g.unit_kinds) if k == COLUMN)
    row_of, col_of = [0] * ncells, [0] * ncells
    for i, u in enumerate(rows):
        for c in g.units[u]:
            row_of[c] = i
    for i, u in enumerate(cols):
        for c in g.units[u]:
            col_of[c] = i
    crossings = []
    for a in range(len(g.units)):
        for b in range(a + 1, len(g.units)):
            shared = unit_bits[a] & unit_bits[b]
            if shared & (shared - 1):
                crossings.append((a, b, shared))
    return Tables(g, ncells, peer_bits, unit_bits, g.unit_kinds, rows, cols, tuple(row_of), tuple(col_of),
                  tuple(crossings))


def cells_in(bits: int) -> Iterator[Cell]:
    """The cells of a bitset, ascending."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


_WHERE: list = [None, ()]  # the last `where` asked and its answer (one ladder step asks it of every finder)


def where(cands: Cands, values: Values, ncells: int) -> tuple[int, ...]:
    """Per value v (index v): the bitset of open cells that still allow v (index 0 unused)."""
    key = (ncells, tuple(cands), tuple(values))
    if _WHERE[0] == key:
        return _WHERE[1]
    n = max((m.bit_length() for m in cands), default=0)
    out = [0] * (n + 1)
    for c in range(ncells):
        if values[c]:
            continue
        m = cands[c]
        while m:
            low = m & -m
            out[low.bit_length()] |= 1 << c
            m ^= low
    _WHERE[:] = key, tuple(out)
    return _WHERE[1]


SEEN_KEPT = 1 << 15  # seen_by_all answers kept per geometry (forgotten all at once past this)


def seen_by_all(t: Tables, bits: int) -> int:
    """Cells that see every cell of a bitset (never the cells themselves); remembered per geometry (the chain and
    ALS searches ask the same few thousand sets again and again)."""
    if not bits & (bits - 1):
        return t.peer_bits[bits.bit_length() - 1] if bits else 0
    hit = t.seen.get(bits)
    if hit is None:
        out = -1
        for c in cells_in(bits):
            out &= t.peer_bits[c]
        if len(t.seen) >= SEEN_KEPT:
            t.seen.clear()
        hit = t.seen[bits] = out & ~bits
    return hit


def elims_of(bits: int, v: int) -> Elims:
    """(cell, v) for the cells of a bitset."""
    return tuple((c, v) for c in cells_in(bits))


def causes_of(cells: Sequence[Cell], cands: Cands, mask: Mask) -> tuple[tuple[Cell, int], ...]:
    """(cell, v) for the candidates in `mask` of the given cells."""
    return tuple((c, v) for c in cells for v in range(1, cands[c].bit_length() + 1) if cands[c] & mask & bit(v))


def name_cells(g: Geometry, bits_or_cells: int | Sequence[Cell]) -> str:
    """'r1c2' or 'r1c2/r1c3' for a group."""
    cells = list(cells_in(bits_or_cells)) if isinstance(bits_or_cells, int) else list(bits_or_cells)
    return "/".join(g.name(c) for c in cells)


def removed_words(g: Geometry, gone: Elims) -> str:
    """'r1c1 and r2c2 lose 5; r3c3 loses 7'."""
    by_value: dict[int, list[int]] = {}
    for c, v in gone:
        by_value.setdefault(v, []).append(c)
    return "; ".join(f"{list_words([g.name(c) for c in cs])} {'loses' if len(cs) == 1 else 'lose'} {symbol(v)}"
                     for v, cs in by_value.items())


def list_words(words: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    words = list(words)
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


