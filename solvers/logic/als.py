"""Almost locked sets over a latin grid: ALS-XZ and ALS-XY-wing.

An almost locked set (ALS) is N open cells of one unit holding N+1 values between them: take any one of
its values away and the rest are locked. Two ALSs share a restricted common value x when every x of one
sees every x of the other (x can be in at most one of them); then a second common value z is in one of
them, and cells that see every z of both lose z.
"""

from __future__ import annotations

from itertools import combinations

from ..latin import Geometry, values_of
from .board import (
    Cands,
    LogicStep,
    Tables,
    Values,
    cells_in,
    elims_of,
    list_words,
    name_cells,
    seen_by_all,
    symbol,
    tables,
    where,
)

Als = tuple[int, int, dict[int, int]]  # (cell bits, value mask, value -> cell bits)


def find_als(g: Geometry, t: Tables, cands: Cands, values: Values) -> list[Als]:
    """Every ALS of up to four cells (three on grids above 9x9), deduplicated, in a fixed order."""
    top = 4 if g.n <= 9 else 3
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


def als_xz(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
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
                    return LogicStep("ALS-XZ", cells, reason, eliminate=elims_of(gone, z), causes=causes)
    return None


def als_xy_wing(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
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
                    return LogicStep("ALS-XY-wing", cells, reason, eliminate=elims_of(gone, z), causes=causes)
    return None


def sue_de_coq(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
    """Sue de Coq: two or three open cells of a line-box crossing hold N+2 values; a set in the rest of the line
    and one in the rest of the box lock the extra values, so both rests lose what their set holds."""
    t = tables(g)
    lines = ("row", "column")
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
                            return LogicStep("Sue de Coq", cells, reason, eliminate=tuple(sorted(set(gone))),
                                             causes=causes)
    return None
