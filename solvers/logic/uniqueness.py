"""Uniqueness techniques beyond unique rectangles types 1 to 4 and BUG+1 (basic.py): unique rectangles types 5 and
6, hidden rectangles, avoidable rectangles types 1 and 2 and BUG+n.

All assume the puzzle has one solution. A deadly pattern is four cells in two rows and two columns, every unit
holding none or two of them (two boxes in Sudoku; any two rows and columns without boxes), whose two values could
swap: the solution avoids it. Avoidable rectangles also need to know which placed values were givens (a pattern
of givens is not deadly: the swap would change a given); the finders see only (geometry, candidates, values), so
the caller says it with `givens` (like `forcing.knowing`); without it the avoidable rectangle rung finds nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from itertools import combinations, product

from ..latin import Cell, Geometry, bit, values_of
from ..memo import by_identity
from .basic import rectangles
from .board import (
    Cands,
    LogicStep,
    Tables,
    Values,
    causes_of,
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

Corners = tuple[Cell, ...]  # (a, b, c, d): a, b in one row, c, d in the other; a, c in one column

_givens: list[Sequence[int] | None] = [None]  # the puzzle's givens (0 = not given) while `givens` is on


@contextmanager
def givens(values: Sequence[int] | None) -> Iterator[None]:
    """While inside, the avoidable rectangle rung knows the puzzle's givens (values, 0 = not a given)."""
    before = _givens[0]
    _givens[0] = values
    try:
        yield
    finally:
        _givens[0] = before


def _pair_name(x: int, y: int) -> str:
    """'3/7'."""
    return f"{symbol(x)}/{symbol(y)}"


def _conjugate(g: Geometry, t: Tables, w: Sequence[int], v: int, p: Cell, q: Cell) -> int | None:
    """A unit holding both p and q in which v fits only in p and q (its index), else None."""
    pair = 1 << p | 1 << q
    for u in g.cell_units[p]:
        if t.unit_bits[u] & pair == pair and w[v] & t.unit_bits[u] == pair:
            return u
    return None


def _opposite(corners: Corners, c: Cell) -> Cell:
    """The corner diagonally across from c."""
    a, b, cc, d = corners
    return {a: d, d: a, b: cc, cc: b}[c]


# ---------------------------------------------------------------------------- unique rectangles 5 and 6, hidden

@finder
def unique_rectangle_more(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Unique rectangles type 5 (two diagonal or three corners with the same one extra value: one of them holds
    it, so cells seeing them all lose it) and type 6 (two diagonal bivalue corners and a value with only the
    rectangle's two places in both rows or both columns: the other two corners lose it)."""
    t = tables(g)
    w = where(cands, values, t.cells)
    for corners, x, y in rectangles(g, t, cands, values):
        xy = bit(x) | bit(y)
        roof = [c for c in corners if cands[c] != xy]
        names = ", ".join(g.name(c) for c in corners)
        causes = tuple((c, v) for c in corners for v in (x, y))
        told = f"{names} form a rectangle on {_pair_name(x, y)}"
        extras = {cands[c] & ~xy for c in roof}
        roof_bits = sum(1 << c for c in roof)
        diagonal = len(roof) == 2 and not t.peer_bits[roof[0]] >> roof[1] & 1
        if (len(roof) == 3 or diagonal) and len(extras) == 1 and extras.pop().bit_count() == 1:
            z = (cands[roof[0]] & ~xy).bit_length()
            gone = w[z] & seen_by_all(t, roof_bits)
            if gone:
                reason = (f"{told}; one of {name_cells(g, roof)} must be {symbol(z)} or the values could swap and the "
                          f"puzzle would have two solutions, so cells seeing all of them lose {symbol(z)}")
                yield LogicStep("Unique rectangle type 5", corners, reason, eliminate=elims_of(gone, z),
                                causes=causes + tuple((c, z) for c in roof))
        if not diagonal:
            continue
        a, b, c, d = corners
        for u, other in ((x, y), (y, x)):
            lines = [((a, b), (c, d)), ((a, c), (b, d))]
            for (p1, q1), (p2, q2) in lines:
                u1, u2 = _conjugate(g, t, w, u, p1, q1), _conjugate(g, t, w, u, p2, q2)
                if u1 is None or u2 is None:
                    continue
                r1, r2 = roof
                reason = (f"{told}; {symbol(u)} fits only in the rectangle in {g.unit_names[u1]} and "
                          f"{g.unit_names[u2]}, so if {g.name(r1)} or {g.name(r2)} were {symbol(u)}, both would be and "
                          f"the other two corners {symbol(other)}: the values could swap and the puzzle would have two "
                          f"solutions, so {g.name(r1)} and {g.name(r2)} lose {symbol(u)}")
                yield LogicStep("Unique rectangle type 6", corners, reason,
                                eliminate=tuple((r, u) for r in roof), causes=causes)
                break


@finder
def hidden_rectangle(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Hidden rectangle: a corner holding just x and y, and x with only the rectangle's two places in both units
    joining the opposite corner to the other two: the opposite corner being y would force the deadly pattern, so it
    loses y."""
    t = tables(g)
    w = where(cands, values, t.cells)
    for corners, x, y in rectangles(g, t, cands, values):
        xy = bit(x) | bit(y)
        for f in corners:
            if cands[f] != xy:
                continue
            o = _opposite(corners, f)
            p, q = (c for c in corners if c not in (f, o))
            for u, other in ((x, y), (y, x)):
                if not cands[o] & bit(other):
                    continue
                u1, u2 = _conjugate(g, t, w, u, o, p), _conjugate(g, t, w, u, o, q)
                if u1 is None or u2 is None:
                    continue
                reason = (f"{', '.join(g.name(c) for c in corners)} form a rectangle on {_pair_name(x, y)} and "
                          f"{g.name(f)} holds only these two; {symbol(u)} fits only in the rectangle in "
                          f"{g.unit_names[u1]} and {g.unit_names[u2]}, so if {g.name(o)} were {symbol(other)}, "
                          f"{g.name(p)} and {g.name(q)} would be {symbol(u)}, {g.name(f)} {symbol(other)}, and the "
                          f"puzzle would have two solutions: {g.name(o)} loses {symbol(other)}")
                yield LogicStep("Hidden rectangle", corners, reason, eliminate=((o, other),),
                                causes=tuple((c, v) for c in corners for v in (x, y)))


# ---------------------------------------------------------------------------- avoidable rectangles



@by_identity()
def frames(t: Tables) -> list[Corners]:
    """Every rectangle of the geometry that could be a deadly pattern (each unit holds none or two corners)."""
    g, out = t.g, []
    for r1, r2 in combinations(t.rows, 2):
        for (a, c), (b, d) in combinations(list(zip(g.units[r1], g.units[r2], strict=True)), 2):
            bits = 1 << a | 1 << b | 1 << c | 1 << d
            if all((t.unit_bits[u] & bits).bit_count() == 2 for k in (a, b, c, d) for u in g.cell_units[k]):
                out.append((a, b, c, d))
    return out


@finder
def avoidable_rectangle(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Avoidable rectangles: corners placed by solving (not givens) could swap with the open ones if those took the
    deadly pattern's values. Type 1: three placed corners, the fourth loses the value that would complete it. Type
    2: two placed corners in a line, the open ones each hold the value the pattern needs and the same one extra z:
    one of them is z, so cells seeing both lose z. Needs the givens (`givens`)."""
    given = _givens[0]
    if given is None or len(given) != len(values) or any(v and values[c] != v for c, v in enumerate(given)):
        return
    t = tables(g)
    w = where(cands, values, t.cells)
    for corners in frames(t):
        if any(given[c] for c in corners):
            continue
        placed = [c for c in corners if values[c]]
        open_ = [c for c in corners if not values[c]]
        names = ", ".join(g.name(c) for c in corners)
        if len(placed) == 3:
            o = open_[0]
            d = _opposite(corners, o)
            v = values[d]
            s1, s2 = (c for c in placed if c != d)
            if values[s1] == values[s2] and cands[o] & bit(v):
                reason = (f"{names} form a rectangle; {g.name(d)} is {symbol(v)}, {g.name(s1)} and {g.name(s2)} are "
                          f"{symbol(values[s1])}, all solved, none given: if {g.name(o)} were {symbol(v)} the two "
                          f"values could swap in all four and the puzzle would have two solutions, so {g.name(o)} "
                          f"loses {symbol(v)}")
                yield LogicStep("Avoidable rectangle type 1", corners, reason, eliminate=((o, v),),
                                causes=tuple((c, values[c]) for c in placed))
        elif len(placed) == 2 and t.peer_bits[placed[0]] >> placed[1] & 1:
            need = {_opposite(corners, s): values[s] for s in placed}  # each open corner: the pattern's value
            extra = {cands[o] & ~bit(v) for o, v in need.items()}
            if len(extra) != 1 or any(not cands[o] & bit(v) for o, v in need.items()):
                continue
            z_bit = extra.pop()
            if z_bit.bit_count() != 1:
                continue
            z = z_bit.bit_length()
            gone = w[z] & seen_by_all(t, sum(1 << o for o in open_))
            if gone:
                s1, s2 = placed
                reason = (f"{names} form a rectangle; {g.name(s1)} is {symbol(values[s1])} and {g.name(s2)} is "
                          f"{symbol(values[s2])}, both solved, neither given: unless {name_cells(g, open_)} hold "
                          f"{symbol(z)}, {g.name(_opposite(corners, s1))} would be {symbol(values[s1])} and "
                          f"{g.name(_opposite(corners, s2))} {symbol(values[s2])}, allowing two solutions; so one of "
                          f"them is {symbol(z)} and cells seeing both lose {symbol(z)}")
                causes = tuple((c, values[c]) for c in placed) + causes_of(open_, cands, g.full)
                yield LogicStep("Avoidable rectangle type 2", corners, reason, eliminate=elims_of(gone, z),
                                causes=causes)


# ---------------------------------------------------------------------------- BUG+n

BUG_CELLS = 4  # the most cells with more than two candidates a BUG+n looks at
BUG_TRIES = 4096  # the most ways of keeping two candidates per such cell it tries


@finder
def bug_plus_n(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """BUG+n: every open cell has two candidates but a few; taking some of those few cells' extra candidates away
    would leave every value twice in each unit where it fits (a BUG, which never has one solution), so one of the
    extras is true: a candidate that would rule out every extra goes (the cell's own two when all the extras are
    in one cell; the value in cells seeing all its places when the extras are one value)."""
    t = tables(g)
    opens = [c for c in range(t.cells) if not values[c]]
    if any(cands[c].bit_count() < 2 or any(cands[c] & bit(values[p]) for p in g.peers[c] if values[p]) for c in opens):
        return  # a single or a candidate a placed peer rules out: not a grid the BUG argument covers
    many = [c for c in opens if cands[c].bit_count() > 2]
    if not many or len(many) > BUG_CELLS:
        return
    keeps = [[bit(x) | bit(y) for x, y in combinations(values_of(cands[c]), 2)] for c in many]
    tries = 1
    for k in keeps:
        tries *= len(k)
    if tries > BUG_TRIES:
        return
    w = where(cands, values, t.cells)
    told: set[tuple] = set()
    for kept in product(*keeps):
        extras = tuple((c, v) for c, m in zip(many, kept, strict=True) for v in values_of(cands[c] & ~m))
        if len(extras) < 2 or not _is_bug(t, w, extras):
            continue
        gone = _ruling_out(t, w, extras)
        key = tuple(sorted(gone))
        if not gone or key in told:
            continue
        told.add(key)
        words = list_words([f"{symbol(v)} in {g.name(c)}" for c, v in extras])
        reason = (f"Every open cell has two candidates but {name_cells(g, many)}; without {words} each value would "
                  f"fit exactly twice in every unit where it fits, a pattern that never has one solution, so one of "
                  f"these extras is true: {', '.join(f'{g.name(c)} loses {symbol(v)}' for c, v in key)}")
        yield LogicStep("BUG+n", tuple(many), reason, eliminate=key, causes=extras)


def _is_bug(t: Tables, w: Sequence[int], extras: tuple[tuple[Cell, int], ...]) -> bool:
    """Whether the candidates less `extras` place every value 0 or 2 times in each unit."""
    less = list(w)
    for c, v in extras:
        less[v] &= ~(1 << c)
    return all((less[v] & ub).bit_count() in (0, 2) for v in range(1, len(less)) for ub in t.unit_bits)


def _ruling_out(t: Tables, w: Sequence[int], extras: tuple[tuple[Cell, int], ...]) -> list[tuple[Cell, int]]:
    """The candidates that, if true, would make every extra false: another value of an extra's cell rules that
    extra out, the same value in a cell seeing it too."""
    out = []
    for v in range(1, len(w)):
        spots = w[v]
        for c, z in extras:
            spots &= t.peer_bits[c] if z == v else 1 << c
        out += [(c, v) for c in cells_in(spots)]
    return out
