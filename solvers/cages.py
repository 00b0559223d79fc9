"""Killer cages: the digit sets that make a cage's sum, and what they leave each cell (Solo's "killer sums").

A cage is cells whose digits differ and add up to its sum. `combos` lists the digit sets (masks, bit v-1 =
digit v) of a size and sum, computed once per (size, sum, side); `narrow` keeps in each cage cell only the
digits of the sets its cage can still make, and `settle` alternates that with the latin singles to a fixpoint:
the search's propagation for killer puzzles. The hint rungs that explain the same logic are in logic/cages.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from .latin import Cell, Mask, propagate

Cage = tuple[tuple[Cell, ...], tuple[Mask, ...]]  # (cells, the digit sets that make its sum)


@cache
def combos(size: int, total: int, n: int) -> tuple[Mask, ...]:
    """The sets of `size` different digits 1..n adding up to `total`, as masks, ascending."""
    return tuple(sorted(sum(1 << (d - 1) for d in pick) for pick in combinations(range(1, n + 1), size)
                        if sum(pick) == total))


def prepare(cages: Sequence[tuple[int, Sequence[Cell]]], n: int) -> tuple[Cage, ...]:
    """(cells, digit sets) of each cage (sum, cells)."""
    return tuple((tuple(cells), combos(len(cells), total, n)) for total, cells in cages)


def possible(cells: Sequence[Cell], sets: Sequence[Mask], cands: Sequence[Mask]) -> list[Mask]:
    """The digit sets a cage can still make: each holds every decided digit of the cage, lies within the cage's
    candidates, and gives every cell one of its candidates."""
    union = fixed = 0
    for c in cells:
        m = cands[c]
        union |= m
        if not m & (m - 1):
            fixed |= m
    return [s for s in sets if s & fixed == fixed and s & union == s and all(cands[c] & s for c in cells)]


_ALLOWED: dict[tuple[tuple[Mask, ...], tuple[Mask, ...]], Mask] = {}  # (sets, cells' candidates) -> digits left
ALLOWED_KEPT = 1 << 16  # answers kept (all forgotten at once past this): searches meet the same cages again


def allowed(cells: Sequence[Cell], sets: tuple[Mask, ...], cands: Sequence[Mask]) -> Mask:
    """The digits of the sets a cage can still make (0: none), remembered by the cells' candidates."""
    key = (sets, tuple(cands[c] for c in cells))
    hit = _ALLOWED.get(key)
    if hit is None:
        hit = 0
        for s in possible(cells, sets, cands):
            hit |= s
        if len(_ALLOWED) >= ALLOWED_KEPT:
            _ALLOWED.clear()
        _ALLOWED[key] = hit
    return hit


def narrow(cands: list[Mask], cages: Sequence[Cage]) -> list[Cell] | None:
    """Keep in each cage cell only the digits of its cage's possible sets, in place: the cells that changed,
    or None when a cage can make no set."""
    changed = []
    for cells, sets in cages:
        allowed_here = allowed(cells, sets, cands)
        if not allowed_here:
            return None
        for c in cells:
            m = cands[c]
            if m & ~allowed_here:
                m &= allowed_here
                cands[c] = m
                changed.append(c)
    return changed


def settle(cands: list[Mask], queue: list[Cell], peers: Sequence[Sequence[Cell]], units: Sequence[Sequence[Cell]],
           full: Mask, cages: Sequence[Cage]) -> bool:
    """Latin singles and cage sums to a common fixpoint, in place; False on a contradiction."""
    if not propagate(cands, queue, peers, units, full):
        return False
    while cages:
        changed = narrow(cands, cages)
        if changed is None or 0 in (cands[c] for c in changed):
            return False
        if not changed:
            return True
        if not propagate(cands, [c for c in changed if not cands[c] & (cands[c] - 1)], peers, units, full):
            return False
    return True
