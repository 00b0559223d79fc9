"""Almost locked sets over a latin grid: ALS-XZ, ALS-XY-wing, ALS-XY-chain, death blossom (and Sue de Coq).

An almost locked set (ALS) is N open cells of one unit holding N+1 values between them: take any one of
its values away and the rest are locked. Two ALSs share a restricted common value x when every x of one
sees every x of the other (x can be in at most one of them); then a second common value z is in one of
them, and cells that see every z of both lose z.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .. import budget
from ..latin import Geometry, values_of
from ..rules.latin import COLUMN, ROW
from .board import (
    SMALL_N,
    Cands,
    LogicStep,
    Tables,
    Values,
    cells_in,
    elims_of,
    finder,
    list_words,
    name_cells,
    seen_by_all,
    symbol,
    tables,
    where,
)

Als = tuple[int, int, dict[int, int]]  # (cell bits, value mask, value -> cell bits)


def find_als(g: Geometry, t: Tables, cands: Cands, values: Values) -> list[Als]:
    """Every ALS of up to four cells (three on grids above SMALL_N), deduplicated, in a fixed order."""
    top = 4 if g.n <= SMALL_N else 3
    seen: dict[int, Als] = {}
    for unit in g.units:
        open_cells = [c for c in unit if not values[c] and cands[c] & (cands[c] - 1)]
        for k in range(1, min(top, len(open_cells) - 1) + 1):
            for group in combinations(open_cells, k):
                mask = 0
                for c in group:
                    mask |= cands[c]
                if mask.bit_count() != k + 1:
                    continue
                bits = sum(1 << c for c in group)
                if bits in seen:
                    continue
                digits = {v: sum(1 << c for c in group if cands[c] >> (v - 1) & 1) for v in values_of(mask)}
                seen[bits] = (bits, mask, digits)
    return list(seen.values())


def _rcc(t: Tables, a: Als, b: Als) -> list[int]:
    """The restricted common values of two disjoint ALSs."""
    out = []
    for x in values_of(a[1] & b[1]):
        xa, xb = a[2][x], b[2][x]
        if not xb & ~seen_by_all(t, xa):
            out.append(x)
    return out


def _describe(g: Geometry, a: Als) -> str:
    return f"{name_cells(g, a[0])} ({'/'.join(symbol(v) for v in values_of(a[1]))})"


@finder
def als_xz(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """ALS-XZ: two ALSs with a restricted common x; another common value z leaves cells seeing all its places."""
    t = tables(g)
    w = where(cands, values, t.cells)
    sets = find_als(g, t, cands, values)
    for a, b in combinations(sets, 2):
        if a[0] & b[0] or not (a[1] & b[1]) & (a[1] & b[1]) - 1:
            continue
        for x in _rcc(t, a, b):
            for z in values_of(a[1] & b[1]):
                if z == x:
                    continue
                zs = a[2][z] | b[2][z]
                gone = w[z] & seen_by_all(t, zs) & ~(a[0] | b[0])
                if gone:
                    reason = (f"{_describe(g, a)} and {_describe(g, b)} are almost locked sets; every {symbol(x)} of "
                              f"one sees every {symbol(x)} of the other, so at most one holds {symbol(x)} and "
                              f"the other is locked: {symbol(z)} is in one of them, and cells that see all their "
                              f"{symbol(z)}s lose {symbol(z)}")
                    cells = tuple(cells_in(a[0] | b[0]))
                    causes = tuple((c, v) for c in cells for v in (x, z) if cands[c] >> (v - 1) & 1)
                    yield LogicStep("ALS-XZ", cells, reason, eliminate=elims_of(gone, z), causes=causes)


@finder
def als_xy_wing(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """ALS-XY-wing: a pivot ALS C with restricted commons x to ALS A and y to ALS B (x != y): one of A and B is
    locked, so a value z common to A and B leaves cells seeing all its places in both."""
    t = tables(g)
    w = where(cands, values, t.cells)
    sets = find_als(g, t, cands, values)
    for c in sets:
        links = [(a, x) for a in sets if not a[0] & c[0] for x in _rcc(t, c, a)]
        for (a, x), (b, y) in combinations(links, 2):
            if x == y or a[0] & b[0]:
                continue
            for z in values_of(a[1] & b[1] & ~(1 << (x - 1)) & ~(1 << (y - 1))):
                zs = a[2][z] | b[2][z]
                gone = w[z] & seen_by_all(t, zs) & ~(a[0] | b[0] | c[0])
                if gone:
                    reason = (f"The almost locked set {_describe(g, c)} holds {symbol(x)} or {symbol(y)} or neither, "
                              f"so {_describe(g, a)} (sharing {symbol(x)}) or {_describe(g, b)} (sharing {symbol(y)}) "
                              f"is locked; {symbol(z)} is in one of them: cells that see all their {symbol(z)}s lose "
                              f"{symbol(z)}")
                    cells = tuple(cells_in(a[0] | b[0] | c[0]))
                    causes = tuple((d, v) for d in cells for v in (x, y, z) if cands[d] >> (v - 1) & 1)
                    yield LogicStep("ALS-XY-wing", cells, reason, eliminate=elims_of(gone, z), causes=causes)


MAX_CHAIN = 6  # almost locked sets in an ALS-XY-chain


def _links(t: Tables, sets: list[Als]) -> list[list[tuple[int, int]]]:
    """Per ALS, (another disjoint ALS, a restricted common value of the two) for every such pair."""
    links: list[list[tuple[int, int]]] = [[] for _ in sets]
    for i, a in enumerate(sets):
        for j in range(i + 1, len(sets)):
            b = sets[j]
            if a[0] & b[0] or not (a[1] & b[1]) & ((a[1] & b[1]) - 1):
                continue
            for x in _rcc(t, a, b):
                links[i].append((j, x))
                links[j].append((i, x))
    return links


@finder
def als_chain(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """ALS-XY-chain: almost locked sets A1 .. An (n from 4 to MAX_CHAIN, each disjoint from the others), each linked
    to the next by a restricted common value, the value into a set differing from the value out of it. If A1 lacks
    z it is locked, so it holds its link value x1, so A2 lacks x1 and is locked ... so An holds z: z is in A1 or An,
    and cells seeing every z of both lose it. Breadth first from each set: the shortest chain to each end."""
    t = tables(g)
    w = where(cands, values, t.cells)
    sets = find_als(g, t, cands, values)
    links = _links(t, sets)
    told: set[tuple] = set()
    for start, first in enumerate(sets):
        budget.spend()
        parent: dict[tuple[int, int], tuple[int, int] | None] = {}
        frontier = []
        for j, x in links[start]:
            if (j, x) not in parent:
                parent[(j, x)] = None
                frontier.append((j, x, x, first[0] | sets[j][0], 2))
        while frontier:
            nxt = []
            for node, x_in, x_first, used, size in frontier:
                if size >= 4:
                    end = sets[node]
                    for z in values_of(first[1] & end[1] & ~(1 << (x_first - 1)) & ~(1 << (x_in - 1))):
                        gone = w[z] & seen_by_all(t, first[2][z] | end[2][z]) & ~used
                        key = (z, gone)
                        if gone and key not in told:
                            told.add(key)
                            chain = _chain_of(parent, start, (node, x_in))
                            yield _als_chain_step(g, sets, chain, z, gone, cands)
                if size == MAX_CHAIN:
                    continue
                for k, x in links[node]:
                    if x != x_in and (k, x) not in parent and not sets[k][0] & used:
                        parent[(k, x)] = (node, x_in)
                        nxt.append((k, x, x_first, used | sets[k][0], size + 1))
            frontier = nxt


def _chain_of(parent: dict, start: int, last: tuple[int, int]) -> list[tuple[int, int | None]]:
    """The chain from its first set to `last`: (set, value linking it to the one before, None for the first)."""
    out: list[tuple[int, int | None]] = []
    key: tuple[int, int] | None = last
    while key is not None:
        out.append(key)
        key = parent[key]
    out.append((start, None))
    out.reverse()
    return out


def _als_chain_step(g: Geometry, sets: list[Als], chain: list[tuple[int, int | None]], z: int, gone: int,
                    cands: Cands) -> LogicStep:
    """The step of an ALS-XY-chain, read link by link."""
    parts = [_describe(g, sets[chain[0][0]])]
    for node, x in chain[1:]:
        parts.append(f"—{symbol(x)}— {_describe(g, sets[node])}")
    reason = (f"The almost locked sets {' '.join(parts)} form a chain, each linked to the next by a digit that can "
              f"be in only one of the two: if the first set lacked {symbol(z)} it would be locked, and so, link by "
              f"link, would the last, which then holds {symbol(z)}. So {symbol(z)} is in the first or the last set, "
              f"and cells that see all their {symbol(z)}s lose {symbol(z)}")
    bits = 0
    for node, _ in chain:
        bits |= sets[node][0]
    cells = tuple(cells_in(bits))
    links = {x for _, x in chain if x is not None} | {z}
    causes = tuple((c, v) for c in cells for v in sorted(links) if cands[c] >> (v - 1) & 1)
    return LogicStep("ALS-XY-chain", cells, reason, eliminate=elims_of(gone, z), causes=causes)


@finder
def death_blossom(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Death blossom: a stem cell whose every value x has a petal, an ALS holding x in cells that all see the stem.
    The stem takes one value, so that value's petal is locked without it: a value z every petal holds (and the stem
    not) is then in some petal, and cells that see every z of every petal lose z."""
    t = tables(g)
    w = where(cands, values, t.cells)
    sets = find_als(g, t, cands, values)
    for stem in range(t.cells):
        sm = cands[stem]
        if values[stem] or not 2 <= sm.bit_count() <= 3:
            continue
        xs = values_of(sm)
        petals = [[a for a in sets if not a[0] >> stem & 1 and a[1] >> (x - 1) & 1
                   and not a[2][x] & ~t.peer_bits[stem]] for x in xs]
        if any(not p for p in petals):
            continue
        yield from _blossoms(g, t, w, stem, xs, petals, 0, 0, ~sm & g.full, [])


def _blossoms(g: Geometry, t: Tables, w: tuple[int, ...], stem: int, xs: list[int], petals: list[list[Als]],
              k: int, used: int, common: int, chosen: list[Als]) -> Iterator[LogicStep]:
    """The death blossoms from petals chosen for the stem's first k values (cells `used`, values `common` to them all
    so far): one disjoint petal per value, each keeping a value in common with the others."""
    if k == len(xs):
        for z in values_of(common):
            zs = 0
            for a in chosen:
                zs |= a[2][z]
            gone = w[z] & seen_by_all(t, zs) & ~used & ~(1 << stem)
            if gone:
                yield _blossom_step(g, stem, xs, chosen, z, gone)
        return
    x = xs[k]
    for a in petals[k]:
        if a[0] & used or a[0] >> stem & 1:
            continue
        left = common & a[1] & ~(1 << (x - 1))
        if left:
            yield from _blossoms(g, t, w, stem, xs, petals, k + 1, used | a[0], left, [*chosen, a])


def _blossom_step(g: Geometry, stem: int, xs: list[int], chosen: list[Als], z: int, gone: int) -> LogicStep:
    """The step of a death blossom."""
    petals = "; ".join(f"{symbol(x)}: {_describe(g, a)}" for x, a in zip(xs, chosen, strict=True))
    reason = (f"{g.name(stem)} is {'/'.join(symbol(x) for x in xs)}, and each of its values has a petal, an almost "
              f"locked set whose cells holding it all see {g.name(stem)} ({petals}); whichever value {g.name(stem)} "
              f"takes, that petal is locked without it and holds {symbol(z)}: cells that see every {symbol(z)} of "
              f"the petals lose {symbol(z)}")
    bits = 0
    for a in chosen:
        bits |= a[0]
    cells = (stem, *cells_in(bits))
    causes = tuple((stem, x) for x in xs) + tuple(
        (c, v) for x, a in zip(xs, chosen, strict=True) for v in (x, z) for c in cells_in(a[2][v]))
    return LogicStep("Death blossom", cells, reason, eliminate=elims_of(gone, z), causes=causes)


@finder
def sue_de_coq(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Sue de Coq: two or three open cells of a line-box crossing hold N+2 values; a set in the rest of the line
    and one in the rest of the box lock the extra values, so both rests lose what their set holds."""
    t = tables(g)
    lines = (ROW, COLUMN)
    for a, b, shared in t.crossings:
        if (t.kinds[a] in lines) == (t.kinds[b] in lines):
            continue
        line, box = (a, b) if t.kinds[a] in lines else (b, a)
        inner = [c for c in cells_in(shared) if not values[c] and cands[c] & (cands[c] - 1)]
        for k in (2, 3):
            for core in combinations(inner, k):
                cm = 0
                for c in core:
                    cm |= cands[c]
                if cm.bit_count() != k + 2:
                    continue
                rest_line = [c for c in g.units[line] if not values[c] and not shared >> c & 1]
                rest_box = [c for c in g.units[box] if not values[c] and not shared >> c & 1]
                for lc in rest_line:
                    lm = cands[lc]
                    if lm.bit_count() != 2 or lm & ~cm:
                        continue
                    for bc in rest_box:
                        bm = cands[bc]
                        if bm.bit_count() != 2 or bm & ~cm or bm & lm:
                            continue
                        # the core plus lc and bc: k+2 cells holding exactly cm (k+2 values): all locked
                        gone = []
                        for c in rest_line:
                            if c != lc:
                                gone += [(c, v) for v in values_of(cands[c] & (cm & ~bm))]
                        for c in rest_box:
                            if c != bc:
                                gone += [(c, v) for v in values_of(cands[c] & (cm & ~lm))]
                        extra = [c for c in inner if c not in core]
                        gone += [(c, v) for c in extra for v in values_of(cands[c] & cm)]
                        if gone:
                            cells = (*core, lc, bc)
                            reason = (f"{list_words([g.name(c) for c in core])} in {g.unit_names[line]} and "
                                      f"{g.unit_names[box]} hold {'/'.join(symbol(v) for v in values_of(cm))} with "
                                      f"{g.name(lc)} and {g.name(bc)}: those values are locked in these cells, so "
                                      f"the rest of the row or column and of the box lose them")
                            causes = tuple((c, v) for c in cells for v in values_of(cands[c]))
                            yield LogicStep("Sue de Coq", cells, reason, eliminate=tuple(sorted(set(gone))),
                                            causes=causes)
