"""Killer cages: the digit sets that make a cage's sum, and what they leave each cell (Solo's "killer sums").

A cage is cells whose digits differ and add up to its sum. `combos` lists the digit sets (masks, bit v-1 =
digit v) of a size and sum, computed once per (size, sum, side); `narrow` keeps in each cage cell only the
digits of the sets its cage can still make; `keep` goes further and keeps in each cell only the digits it takes in
some complete filling of the cage (different digits, one of the sets), found by a pass over the masks of digits
used so far; `innies` gives the rule of 45 as extra cages, and `line_sums` the rule on unions of rows or
columns as sums whose digits may repeat (`sums` keeps the digits of some choice adding up to the total). The
forcing rungs (logic/forcing.py), and with them the variants' search, follow these; the hint rungs that explain
the same logic are in logic/cages.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from .latin import Cell, Mask
from .rules.latin import COLUMN, ROW

Cage = tuple[tuple[Cell, ...], tuple[Mask, ...]]  # (cells, the digit sets that make its sum)


@cache
def combos(size: int, total: int, n: int) -> tuple[Mask, ...]:
    """The sets of `size` different digits 1..n adding up to `total`, as masks, ascending."""
    return tuple(sorted(sum(1 << (d - 1) for d in pick) for pick in combinations(range(1, n + 1), size)
                        if sum(pick) == total))


INNIES_MAX = 6  # innies of a house that the search treats as a cage of their own (the rule of 45)


def innies(units: Sequence[Sequence[Cell]], cages: Sequence[tuple[int, Sequence[Cell]]], n: int
           ) -> list[tuple[int, tuple[Cell, ...], int]]:
    """The rule of 45 as extra cages (sum, cells, the unit's index): per unit, the cells outside the cages wholly
    inside it hold different digits adding up to the unit's total minus those cages' sums (kept when one to
    INNIES_MAX cells)."""
    cage_of = {c: k for k, (_total, cells) in enumerate(cages) for c in cells}
    out = []
    for u, unit in enumerate(units):
        inside = set(unit)
        whole = {k for k in {cage_of[c] for c in unit if c in cage_of} if set(cages[k][1]) <= inside}
        rest = tuple(c for c in unit if cage_of.get(c) not in whole)
        if 1 <= len(rest) <= INNIES_MAX:
            out.append((n * (n + 1) // 2 - sum(cages[k][0] for k in whole), rest, u))
    return out


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


FILL_CELLS = 4  # bigger cages keep the digits of their possible sets (fillings cost more than they save)
_FILLS: dict[tuple[tuple[Mask, ...], tuple[Mask, ...]], tuple[Mask, ...]] = {}  # (sets, candidates) -> per cell


def fillings(sets: tuple[Mask, ...], masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell (candidates `masks`), the digits it holds in some filling of the cage: different digits, one per
    cell, together one of `sets`; all 0 when there is none. Per set still possible: layer i holds the digits the
    first i cells can use, and a backward pass keeps the steps that end in the whole set."""
    key = (sets, masks)
    hit = _FILLS.get(key)
    if hit is not None:
        return hit
    out = [0] * len(masks)
    for s in possible(range(len(masks)), sets, masks):
        within = [m & s for m in masks]
        if all(m == s for m in within):  # every cell may hold every digit of the set
            for i in range(len(out)):
                out[i] |= s
            continue
        layers: list[set[Mask]] = [{0}]
        for m in within:
            nxt: set[Mask] = set()
            for used in layers[-1]:
                free = m & ~used
                while free:
                    b = free & -free
                    free ^= b
                    nxt.add(used | b)
            layers.append(nxt)
        good = layers[-1]
        for i in range(len(within) - 1, -1, -1):
            back: set[Mask] = set()
            for used in layers[i]:
                free = within[i] & ~used
                while free:
                    b = free & -free
                    free ^= b
                    if used | b in good:
                        out[i] |= b
                        back.add(used)
            good = back
    if len(_FILLS) >= ALLOWED_KEPT:
        _FILLS.clear()
    hit = _FILLS[key] = tuple(out)
    return hit


def keep(sets: tuple[Mask, ...], masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell of a cage (candidates `masks`), what it keeps: the digits of some filling (`fillings`) for cages up
    to FILL_CELLS cells, those of some possible set for bigger ones; a 0 when the cage cannot be filled."""
    if len(masks) > FILL_CELLS:
        a = allowed(range(len(masks)), sets, masks)
        return tuple(m & a for m in masks)
    return fillings(sets, masks)


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


SUM_CELLS = 6  # innies or outies of a union of lines kept as a sum (at most this many cells)


def line_sums(units: Sequence[Sequence[Cell]], unit_kinds: Sequence[str], cages: Sequence[tuple[int, Sequence[Cell]]],
              n: int) -> list[tuple[int, tuple[Cell, ...], str]]:
    """The rule of 45 on unions of 2..n-1 side-by-side rows or columns: (sum, cells, the union's name) for its
    innies (the cells outside the cages wholly inside it) and its outies (the cells of cages reaching into it that
    lie outside), when 1..SUM_CELLS cells. Their digits may repeat (they span several lines)."""
    cage_of = {c: k for k, (_total, cells) in enumerate(cages) for c in cells}
    out = []
    for kind in (ROW, COLUMN):
        lines = [u for u, k in enumerate(unit_kinds) if k == kind]
        for width in range(2, n):
            for start in range(n - width + 1):
                inside = {c for u in lines[start:start + width] for c in units[u]}
                touched = {cage_of[c] for c in inside if c in cage_of}
                whole = {k for k in touched if set(cages[k][1]) <= inside}
                part = touched - whole
                name = f"{kind}s {start + 1}-{start + width}"
                innies = tuple(sorted(c for c in inside if cage_of.get(c) not in whole))
                total = n * (n + 1) // 2 * width
                total -= sum(cages[k][0] for k in whole)
                if 2 <= len(innies) <= SUM_CELLS:
                    out.append((total, innies, f"the innies of {name}"))
                if all(c in cage_of for c in innies):
                    outies = tuple(sorted(c for k in part for c in cages[k][1] if c not in inside))
                    if 1 <= len(outies) <= SUM_CELLS:
                        out.append((sum(cages[k][0] for k in part) - total, outies, f"the outies of {name}"))
    return out


_SUMS: dict[tuple[int, tuple[Mask, ...]], tuple[Mask, ...]] = {}


def sums(total: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell (candidates `masks`), the digits it holds in some choice of one candidate per cell adding up to
    `total` (digits may repeat); all 0 when there is none. Reachable sums as bit sets, forward then backward."""
    key = (total, masks)
    hit = _SUMS.get(key)
    if hit is not None:
        return hit
    digits = [[v + 1 for v in range(m.bit_length()) if m >> v & 1] for m in masks]
    fwd = [1]
    for ds in digits:
        reach = 0
        for d in ds:
            reach |= fwd[-1] << d
        fwd.append(reach)
    out = [0] * len(masks)
    need = 1 << total  # the sums still to make after each cell, from the last
    for i in range(len(masks) - 1, -1, -1):
        back = 0
        for d in digits[i]:
            if fwd[i] & (need >> d):
                out[i] |= 1 << (d - 1)
                back |= need >> d
        need = back
    if len(_SUMS) >= ALLOWED_KEPT:
        _SUMS.clear()
    hit = _SUMS[key] = tuple(out) if all(out) else (0,) * len(masks)
    return hit
