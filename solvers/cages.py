"""Killer cages: the digit sets that make a cage's sum, and what they leave each cell (Solo's "killer sums").

A cage is cells whose digits differ and add up to its sum. `combos` lists the digit sets (masks, bit v-1 =
digit v) of a size and sum, computed once per (size, sum, side); `narrow` keeps in each cage cell only the
digits of the sets its cage can still make; `keep` goes further and keeps in each cell only the digits it takes in
some complete filling of the cage (different digits, one of the sets), found by a pass over the masks of digits
used so far; `innies` gives the rule of 45 as extra cages, `partitions` and `shares` a house's whole cages and
other cells sharing its digits, and `line_sums` the rule on unions of rows or columns as sums whose digits may
repeat (`reach` keeps the digits of some choice adding up to the total, for lines of other types too). The
forcing rungs (logic/forcing.py), and with them the variants' search, follow these; the hint rungs that explain
the same logic are in logic/cages.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, product
from typing import TypeVar

from .latin import Cell, Mask, values_of
from .rules.latin import COLUMN, ROW

R = TypeVar("R")
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
    undecided = []
    for c in cells:
        m = cands[c]
        union |= m
        if m & (m - 1):
            undecided.append(m)
        elif m:
            fixed |= m
        else:
            return []  # a cell without a digit: no set
    return [s for s in sets if s & fixed == fixed and s & union == s and all(map(s.__and__, undecided))]


_ALLOWED: dict[tuple[tuple[Mask, ...], tuple[Mask, ...]], Mask] = {}  # (sets, cells' candidates) -> digits left
ALLOWED_KEPT = 1 << 16  # answers kept (all forgotten at once past this): searches meet the same cages again


def _kept(store: dict, key: object, value: R) -> R:
    """Remember `value` under `key` in one of this module's answer caches (emptied once ALLOWED_KEPT are held)."""
    if len(store) >= ALLOWED_KEPT:
        store.clear()
    store[key] = value
    return value


def allowed(cells: Sequence[Cell], sets: tuple[Mask, ...], cands: Sequence[Mask]) -> Mask:
    """The digits of the sets a cage can still make (0: none), remembered by the cells' candidates."""
    key = (sets, tuple(cands[c] for c in cells))
    hit = _ALLOWED.get(key)
    if hit is None:
        hit = 0
        for s in possible(cells, sets, cands):
            hit |= s
        _kept(_ALLOWED, key, hit)
    return hit


FILL_CELLS = 5  # bigger cages keep the digits of their possible sets (fillings cost more than they save)
_FILLS: dict[tuple[tuple[Mask, ...], tuple[Mask, ...]], tuple[Mask, ...]] = {}  # (sets, candidates) -> per cell


def fillings(sets: tuple[Mask, ...], masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell (candidates `masks`), the digits it holds in some filling of the cage: different digits, one per
    cell, together one of `sets`; all 0 when there is none."""
    key = (sets, masks)
    hit = _FILLS.get(key)
    if hit is not None:
        return hit
    out = [0] * len(masks)
    for s in possible(range(len(masks)), sets, masks):
        for i, m in enumerate(filling(tuple(map(s.__and__, masks)))):
            out[i] |= m
    hit = _kept(_FILLS, key, tuple(out))
    return hit


_FILL: dict[tuple[Mask, ...], tuple[Mask, ...]] = {}


def filling(within: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell (candidates `within`, as many digits in all as cells), the digits it holds in some filling by
    different digits, one per cell; all 0 when there is none. Layer i holds the digits the first i cells can use,
    and a backward pass keeps the steps that end in the whole set."""
    hit = _FILL.get(within)
    if hit is not None:
        return hit
    out = [0] * len(within)
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
    hit = _kept(_FILL, within, tuple(out))
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


def partitions(units: Sequence[Sequence[Cell]], cages: Sequence[tuple[int, Sequence[Cell]]], n: int
               ) -> list[tuple[int, tuple[Cell, ...], tuple[tuple[int, tuple[Mask, ...]], ...]]]:
    """Per unit holding a whole cage: (the unit's index, its cells ordered part by part, the parts as (cells,
    digit sets)): the whole cages inside it, then its other cells as one part adding up to the rest (none when the
    cages fill it). The parts' digit sets must be disjoint: together they are the unit's digits."""
    out = []
    for u, unit in enumerate(units):
        inside = set(unit)
        whole = [(total, tuple(cells)) for total, cells in cages if set(cells) <= inside]
        if not whole:
            continue
        taken = {c for _total, cells in whole for c in cells}
        rest = tuple(c for c in unit if c not in taken)
        parts = [*whole, *([(n * (n + 1) // 2 - sum(t for t, _ in whole), rest)] if rest else [])]
        cells = tuple(c for _total, part in parts for c in part)
        out.append((u, cells, tuple((len(part), combos(len(part), total, n)) for total, part in parts)))
    return out


_SHARES: dict[tuple, tuple[Mask, ...]] = {}


def shares(parts: tuple[tuple[int, tuple[Mask, ...]], ...], masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell of a unit split into parts (each (size, digit sets), the cells part by part), what it keeps: the
    digits of a filling of its part (`keep`) by a set that, with one set of every other part, makes disjoint sets;
    all 0 when there is none."""
    key = (parts, masks)
    hit = _SHARES.get(key)
    if hit is not None:
        return hit
    options = []  # per part: [(set, what each cell keeps)]
    start = 0
    for size, sets in parts:
        mine = masks[start:start + size]
        start += size
        got = []
        for s in possible(range(size), sets, mine):
            kept = tuple(map(s.__and__, mine))
            if size <= FILL_CELLS:
                kept = filling(kept)
            if all(kept):
                got.append((s, kept))
        if not got:
            hit = _SHARES[key] = (0,) * len(masks)
            return hit
        options.append(got)
    order = sorted(range(len(options)), key=lambda i: len(options[i]))
    good = [[False] * len(o) for o in options]  # per part, per option: whether some disjoint choice uses it
    chosen = [0] * len(options)

    def walk(depth: int, taken: Mask) -> bool:
        if depth == len(order):
            for i, k in enumerate(chosen):
                good[i][k] = True
            return True
        i = order[depth]
        found = False
        for k, (s, _leaves) in enumerate(options[i]):
            if not s & taken:
                chosen[i] = k
                if walk(depth + 1, taken | s):
                    found = True
        return found

    walk(0, 0)
    out = []
    for i, got in enumerate(options):
        size = len(got[0][1])
        part = [0] * size
        for k, (_s, kept) in enumerate(got):
            if good[i][k]:
                for j in range(size):
                    part[j] |= kept[j]
        out.extend(part)
    hit = _kept(_SHARES, key, tuple(out) if all(out) else (0,) * len(masks))
    return hit


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


_SUMS: dict[tuple[int, tuple[Mask, ...]], tuple[tuple[Mask, ...], int]] = {}


def reach(totals: int, masks: tuple[Mask, ...]) -> tuple[tuple[Mask, ...], int]:
    """Per cell (candidates `masks`), the digits it holds in some choice of one candidate per cell adding up to
    one of `totals` (a bitset: bit s = sum s; digits may repeat), and the totals some choice makes."""
    key = (totals, masks)
    hit = _SUMS.get(key)
    if hit is None:
        options = [{v: (1 << (v - 1),) for v in values_of(m)} for m in masks]
        hit = _kept(_SUMS, key, _through(totals, options, [(i,) for i in range(len(masks))], len(masks)))
    return hit


def _through(totals: int, options: Sequence[dict[int, tuple[Mask, ...]]], groups: Sequence[Sequence[int]],
             size: int) -> tuple[tuple[Mask, ...], int]:
    """Groups of cells in a row, each with the sums it can make and what each leaves its cells (`options`): per
    cell what it keeps where the groups' sums add up to one of `totals`, and the totals made. Reachable sums as
    bit sets, forward, then the sums still to make, backward."""
    fwd = [1]
    for got in options:
        reached = 0
        for total in got:
            reached |= fwd[-1] << total
        fwd.append(reached)
    made = fwd[-1] & totals
    out = [0] * size
    need = made  # the sums still to make after each group, from the last
    for i in range(len(groups) - 1, -1, -1):
        back = 0
        for total, kept in options[i].items():
            if fwd[i] & (need >> total):
                back |= need >> total
                for j, m in zip(groups[i], kept, strict=True):
                    out[j] |= m
        need = back
    return tuple(out), made


def sums(total: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Per cell (candidates `masks`), the digits it holds in some choice of one candidate per cell adding up to
    `total` (digits may repeat); all 0 when there is none."""
    kept, made = reach(1 << total, masks)
    return kept if made else (0,) * len(masks)


_RUNS: dict[tuple, tuple[tuple[Mask, ...], int]] = {}


def reach_runs(totals: int, masks: tuple[Mask, ...], runs: tuple[tuple[int, ...], ...], n: int
               ) -> tuple[tuple[Mask, ...], int]:
    """As `reach`, when the cells fall into runs whose digits differ (positions of `masks`; cells that see each
    other): per run the sums its sets make and what each sum leaves its cells (`keep`), then the runs' sums
    forward and back."""
    key = (totals, masks, runs, n)
    hit = _RUNS.get(key)
    if hit is not None:
        return hit
    options = [run_sums(tuple([masks[i] for i in run]), n) for run in runs]
    hit = _kept(_RUNS, key, _through(totals, options, runs, len(masks)))
    return hit


_RUN_SUMS: dict[tuple[tuple[Mask, ...], int], dict[int, tuple[Mask, ...]]] = {}
RUN_CELLS = 4  # runs up to this long are filled digit by digit; longer ones set by set


def run_sums(masks: tuple[Mask, ...], n: int) -> dict[int, tuple[Mask, ...]]:
    """The sums different digits of cells with candidates `masks` make, each with what it leaves each cell (a
    shared answer: read it, never change it)."""
    key = (masks, n)
    hit = _RUN_SUMS.get(key)
    if hit is not None:
        return hit
    k = len(masks)
    if k <= RUN_CELLS:
        by_sum: dict[int, list[Mask]] = {}
        for pick in product(*map(values_of, masks)):
            if len(set(pick)) == k:
                kept = by_sum.setdefault(sum(pick), [0] * k)
                for i, v in enumerate(pick):
                    kept[i] |= 1 << (v - 1)
        got = {total: tuple(kept) for total, kept in sorted(by_sum.items())}
    else:
        got = {total: kept for total in range(k * (k + 1) // 2, k * (2 * n - k + 1) // 2 + 1)
               if all(kept := keep(combos(k, total, n), masks))}
    hit = _kept(_RUN_SUMS, key, got)
    return hit
