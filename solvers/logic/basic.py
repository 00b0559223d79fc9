"""The generic latin techniques below chains: singles, locked candidates, subsets, fish, wings, colouring, uniqueness.

Every finder takes (geometry, candidates, values) and returns the first deduction of its kind as a
`LogicStep` (or None); its `every` gives all of them in the same order (a `board.Finder`). They use only
units and peers, so any latin grid (Sudoku with its boxes, Skyscrapers without) shares them; box-line
crossings are simply units that share several cells.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from .. import latin
from ..latin import Geometry, bit, values_of
from ..rules.latin import COLUMN, ROW
from .board import (
    SEEN_KEPT,
    Cands,
    Finder,
    LogicStep,
    Tables,
    Values,
    causes_of,
    cells_in,
    elims_of,
    finder,
    list_words,
    name_cells,
    removed_words,
    seen_by_all,
    symbol,
    tables,
    where,
)


@finder
def full_house(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """A unit with one open cell left: it takes the missing value."""
    for u, unit in enumerate(g.units):
        open_cells = [c for c in unit if not values[c]]
        if len(open_cells) != 1:
            continue
        c = open_cells[0]
        missing = g.full
        for d in unit:
            if values[d]:
                missing &= ~bit(values[d])
        if missing and not missing & (missing - 1) and cands[c] & missing:
            v = missing.bit_length()
            reason = f"{g.name(c)} is the last open cell of {g.unit_names[u]}, which still lacks {symbol(v)}"
            yield LogicStep("Full house", (c,), reason, place=(c, v), unit=u)


@finder
def naked_single(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """An open cell with one candidate left (latin.py's finder, with its causes)."""
    for step in latin.naked_singles(g, cands, values):
        yield LogicStep(**vars(step))


@finder
def hidden_single(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """A value with one place left in a unit (latin.py's finder)."""
    for step in latin.hidden_singles(g, cands, values):
        yield LogicStep(**vars(step))


def locked(pointing: bool) -> Finder[LogicStep]:
    """Locked candidates: a value of one unit confined to its crossing with another leaves the rest of the other.

    Pointing looks from boxes (any unit that is not a line) to lines, claiming from lines to the others."""

    @finder
    def steps(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        t = tables(g)
        w = where(cands, values, t.cells)
        lines = (ROW, COLUMN)
        for a, b, shared in t.crossings:
            ka, kb = t.kinds[a], t.kinds[b]
            if (ka in lines) == (kb in lines):
                continue
            line, other = (a, b) if ka in lines else (b, a)
            base, cover = (other, line) if pointing else (line, other)
            for v in range(1, len(w)):
                inside = w[v] & t.unit_bits[base]
                if not inside or inside & ~shared:
                    continue
                gone = w[v] & t.unit_bits[cover] & ~shared
                if gone:
                    name, cname = g.unit_names[base], g.unit_names[cover]
                    reason = (f"In {name}, {symbol(v)} fits only {'in' if pointing else 'inside'} {cname}, "
                              f"so {symbol(v)} is removed from the rest of {cname}")
                    label = "pointing" if pointing else "claiming"
                    cells = tuple(cells_in(inside))
                    yield LogicStep(f"Locked candidates ({label})", cells, reason, eliminate=elims_of(gone, v),
                                    unit=base, causes=tuple((c, v) for c in cells))

    return steps


def subset(naked: bool, k: int) -> Finder[LogicStep]:
    """Naked or hidden subsets of size k (latin.py's finders), with the subset's candidates as causes."""

    @finder
    def steps(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        find = latin.naked_subsets if naked else latin.hidden_subsets
        for step in find(g, cands, values, k):
            gone = 0
            for _, v in step.eliminate:
                gone |= bit(v)
            union = 0
            for c in step.cells:
                union |= cands[c]
            keep = gone if naked else union & ~gone
            yield LogicStep(**vars(step), causes=causes_of(step.cells, cands, keep))

    return steps


FISH = {2: "X-wing", 3: "Swordfish", 4: "Jellyfish"}


def fish(k: int, finned: bool = False) -> Finder[LogicStep]:
    """Fish of size k on one value: k base lines whose places lie in k cover lines.

    Basic: the value leaves the rest of the cover lines. Finned: the base lines also have fins (places outside the
    cover); either a fin holds the value or the basic fish does, so only cover cells that see every fin lose it.
    Sashimi: a finned fish one of whose base lines keeps a single place in the cover."""

    @finder
    def steps(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        t = tables(g)
        w = where(cands, values, t.cells)
        cap = k + 2 if finned else k  # the most cover lines a group's places may span
        for v in range(1, len(w)):
            for base_lines, cross_lines, pos in ((t.rows, t.cols, t.col_of), (t.cols, t.rows, t.row_of)):
                lines = []
                for u in base_lines:
                    m = w[v] & t.unit_bits[u]
                    places = t.places.get(m << 1 | (pos is t.row_of))
                    if places is None:
                        places = _places(t, m, pos)
                    if (2 <= places.bit_count() <= k) if not finned else (1 <= places.bit_count() <= cap):
                        lines.append((u, m, places))
                for group, every in _groups(lines, k, cap):
                    spread = every.bit_count()  # at most `cap`: _groups cut the rest
                    if spread < k or (finned and spread == k):  # a finned fish needs a fin outside its cover
                        continue
                    base_bits = 0
                    for _, m, _ in group:
                        base_bits |= m
                    spots = list(cells_in(every))  # the cover lines' positions
                    for cover in (combinations(spots, k) if finned else [tuple(spots)]):
                        cover_bits = 0
                        for i in cover:
                            cover_bits |= t.unit_bits[cross_lines[i]]
                        gone = w[v] & cover_bits & ~base_bits
                        if not gone:
                            continue
                        fins = base_bits & ~cover_bits
                        if finned:
                            if any(not m & cover_bits for _, m, _ in group):
                                continue
                            gone &= seen_by_all(t, fins)
                            if not gone:
                                continue
                        yield _fish_step(g, t, v, k, group, cover, cross_lines, cover_bits, base_bits, fins, gone)

    return steps


def _places(t: Tables, m: int, pos: tuple[int, ...]) -> int:
    """The positions (bits) of a line's cells m across the line, remembered per geometry."""
    places = 0
    for c in cells_in(m):
        places |= 1 << pos[c]
    if len(t.places) >= SEEN_KEPT:
        t.places.clear()
    t.places[m << 1 | (pos is t.row_of)] = places
    return places


def _groups(lines: list, k: int, cap: int, start: int = 0, every: int = 0, group: tuple = ()):
    """(k lines, the union of their places) in `combinations` order, leaving out every group whose places span
    more than `cap` cover lines (a union only grows, so a partial group past the cap is cut at once)."""
    if len(group) == k:
        yield group, every
        return
    for i in range(start, len(lines) - (k - len(group)) + 1):
        union = every | lines[i][2]
        if union.bit_count() <= cap:
            yield from _groups(lines, k, cap, i + 1, union, group + (lines[i],))


def _fish_step(g: Geometry, t: Tables, v: int, k: int, group: list, cover: tuple, cross_lines: tuple,
               cover_bits: int, base_bits: int, fins: int, gone: int) -> LogicStep:
    """The step of a found fish, named basic, finned or sashimi."""
    name = FISH[k]
    base_names = _names(g, [u for u, _, _ in group])
    cover_names = _names(g, [cross_lines[i] for i in cover])
    s = symbol(v)
    if fins:
        sashimi = any((m & cover_bits).bit_count() <= 1 for _, m, _ in group)
        name = ("Sashimi " if sashimi else "Finned ") + (name if k == 2 else name.lower())
        reason = (f"In {base_names}, {s} fits only in {cover_names} apart from the fin {name_cells(g, fins)}; "
                  f"either the fin holds {s} or the fish does, so cells of {cover_names} that see the fin lose {s}")
    else:
        reason = f"In {base_names}, {s} fits only in {cover_names}, so {s} is removed from the rest of {cover_names}"
    cells = tuple(cells_in(base_bits))
    return LogicStep(name, cells, reason, eliminate=elims_of(gone, v), causes=tuple((c, v) for c in cells))


def _names(g: Geometry, units: list[int]) -> str:
    """'rows 2, 5 and 7' from unit indices of one kind (each numbered among the units of its kind)."""
    kind = g.unit_kinds[units[0]]
    return f"{kind}s {list_words([str(g.unit_kinds[:u].count(kind) + 1) for u in units])}"


def wing(xyz: bool) -> Finder[LogicStep]:
    """XY-wing (pivot xy, pincers xz and yz: z leaves cells seeing both pincers) or
    XYZ-wing (pivot xyz, pincers xz and yz: z leaves cells seeing all three)."""

    @finder
    def steps(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        t = tables(g)
        w = where(cands, values, t.cells)
        pairs = [c for c in range(t.cells) if not values[c] and cands[c].bit_count() == 2]
        for pivot in (c for c in range(t.cells) if not values[c] and cands[c].bit_count() == (3 if xyz else 2)):
            pm = cands[pivot]
            wings = [c for c in pairs if t.peer_bits[pivot] >> c & 1
                     and (cands[c] & pm == cands[c] if xyz else (cands[c] & pm).bit_count() == 1)]
            for a, b in combinations(wings, 2):
                am, bm = cands[a], cands[b]
                z = am & bm if xyz else am & bm & ~pm
                ok = (am | bm) == pm if xyz else am & pm != bm & pm
                if not ok or not z or z & (z - 1):
                    continue
                v = z.bit_length()
                group = (1 << pivot | 1 << a | 1 << b) if xyz else (1 << a | 1 << b)
                gone = w[v] & seen_by_all(t, group) & ~(1 << pivot | 1 << a | 1 << b)
                if not gone:
                    continue
                s = symbol(v)
                if xyz:
                    reason = (f"One of {g.name(pivot)}, {g.name(a)} and {g.name(b)} must be {s}, so {s} is removed "
                              f"from cells that see all three")
                else:
                    x, y = values_of(pm)
                    reason = (f"{g.name(pivot)} is {symbol(x)} or {symbol(y)}, so {g.name(a)} or {g.name(b)} must be "
                              f"{s}: {s} is removed from cells that see both")
                cells = (pivot, a, b)
                yield LogicStep("XYZ-wing" if xyz else "XY-wing", cells, reason, eliminate=elims_of(gone, v),
                                causes=causes_of(cells, cands, g.full))

    return steps


def _conjugate_colours(g: Geometry, t: Tables, w: Sequence[int], v: int) -> list[dict[int, int]]:
    """The clusters of value v's conjugate pairs (units where v has two places), each 2-coloured: cell -> 0/1."""
    links: dict[int, list[int]] = {}
    for ubits in t.unit_bits:
        m = w[v] & ubits
        if m and (m & (m - 1)) and not (m & (m - 1)) & ((m & (m - 1)) - 1):
            x, y = cells_in(m)
            links.setdefault(x, []).append(y)
            links.setdefault(y, []).append(x)
    seen: set[int] = set()
    clusters = []
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        todo = [start]
        while todo:
            c = todo.pop()
            for d in links[c]:
                if d not in colour:
                    colour[d] = 1 - colour[c]
                    todo.append(d)
        seen.update(colour)
        clusters.append(colour)
    return clusters


@finder
def colouring(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Simple colouring: a chain of conjugate pairs of one value, coloured alternately; one colour holds the value."""
    t = tables(g)
    w = where(cands, values, t.cells)
    for v in range(1, len(w)):
        s = symbol(v)
        for colour in _conjugate_colours(g, t, w, v):
            if len(colour) < 3:
                continue
            chain = tuple(sorted(colour))
            groups = [sum(1 << c for c in chain if colour[c] == k) for k in (0, 1)]
            causes = tuple((c, v) for c in chain)
            for k in (0, 1):  # colour wrap: two cells of one colour see each other, so that colour is false
                if any(t.peer_bits[c] & groups[k] for c in cells_in(groups[k])):
                    reason = (f"The chain of {s}s through {len(chain)} cells alternates; two cells of one colour see "
                              f"each other, so {s} is removed from every cell of that colour")
                    yield LogicStep("Simple colouring", chain, reason, eliminate=elims_of(groups[k], v),
                                    causes=causes, colours=tuple(sorted(colour.items())))
            gone = 0
            for c in cells_in(w[v] & ~(groups[0] | groups[1])):
                if t.peer_bits[c] & groups[0] and t.peer_bits[c] & groups[1]:
                    gone |= 1 << c
            if gone:
                reason = (f"The chain of {s}s through {len(chain)} cells alternates, so one of its two colours holds "
                          f"{s}; cells that see both colours lose {s}")
                yield LogicStep("Simple colouring", chain, reason, eliminate=elims_of(gone, v), causes=causes,
                                colours=tuple(sorted(colour.items())))


REMOTE_MIN = 4  # cells of a remote pair (two or three are a pair or a wing, found on lower rungs)


@finder
def remote_pair(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Remote pair: open cells holding the same two candidates, linked by seeing each other, alternate between
    the two digits along every link (coloured two ways); a cell that sees both colours holds neither digit. One
    step makes all of a linked group's eliminations (HoDoKu's whole instance), the group at least REMOTE_MIN cells."""
    t = tables(g)
    by_pair: dict[int, int] = {}
    for c, m in enumerate(cands):
        if not values[c] and m.bit_count() == 2:
            by_pair[m] = by_pair.get(m, 0) | 1 << c
    for pair, members in by_pair.items():
        left = members
        while left:
            start = (left & -left).bit_length() - 1
            colour, todo, consistent = {start: 0}, [start], True
            while todo:
                c = todo.pop()
                for d in cells_in(t.peer_bits[c] & members):
                    if d not in colour:
                        colour[d] = 1 - colour[c]
                        todo.append(d)
                    elif colour[d] == colour[c]:
                        consistent = False  # two linked cells of one colour: the notes contradict themselves
            group = sum(1 << c for c in colour)
            left &= ~group
            if not consistent or len(colour) < REMOTE_MIN:
                continue
            sides = [sum(1 << c for c in colour if colour[c] == k) for k in (0, 1)]
            gone = tuple((c, v) for c in range(t.cells) if not values[c] and cands[c] & pair and not group >> c & 1
                         and t.peer_bits[c] & sides[0] and t.peer_bits[c] & sides[1]
                         for v in values_of(cands[c] & pair))
            if gone:
                a, b = (symbol(v) for v in values_of(pair))
                chain = tuple(sorted(colour))
                reason = (f"{list_words([g.name(c) for c in chain])} hold only {a} and {b} and are linked by seeing "
                          f"each other, so the two digits alternate along every link: {name_cells(g, sides[0])} "
                          f"hold one of them and {name_cells(g, sides[1])} the other. A cell that sees both holds "
                          f"neither: {removed_words(g, gone)}")
                yield LogicStep("Remote pair", chain, reason, eliminate=gone,
                                causes=causes_of(chain, cands, pair), colours=tuple(sorted(colour.items())))


@finder
def multi_colouring(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Multi colouring: two clusters of one value linked by a colour of each seeing each other (so one of the
    other two colours is true): cells seeing both of those lose the value; or a colour seeing both colours of
    another cluster is false."""
    t = tables(g)
    w = where(cands, values, t.cells)
    for v in range(1, len(w)):
        s = symbol(v)
        clusters = [cl for cl in _conjugate_colours(g, t, w, v) if len(cl) >= 2]
        colour_bits = [[sum(1 << c for c in cl if cl[c] == k) for k in (0, 1)] for cl in clusters]
        for i, j in combinations(range(len(clusters)), 2):
            for a in (0, 1):
                for b in (0, 1):
                    ca, cb = colour_bits[i][a], colour_bits[j][b]
                    if not any(t.peer_bits[c] & cb for c in cells_in(ca)):
                        continue
                    # ca and cb cannot both hold v: one of the opposite colours is true
                    oa, ob = colour_bits[i][1 - a], colour_bits[j][1 - b]
                    gone = 0
                    for c in cells_in(w[v] & ~(oa | ob | ca | cb)):
                        if t.peer_bits[c] & oa and t.peer_bits[c] & ob:
                            gone |= 1 << c
                    if gone:
                        cells = tuple(sorted(clusters[i]) + sorted(clusters[j]))
                        reason = (f"Two chains of {s}s are each coloured two ways; a colour of one sees a colour "
                                  f"of the other, so one of the two opposite colours holds {s}: cells that see both "
                                  f"lose {s}")
                        colours = (*sorted(clusters[i].items()), *((c, 2 + k) for c, k in sorted(clusters[j].items())))
                        yield LogicStep("Multi colouring", cells, reason, eliminate=elims_of(gone, v),
                                        causes=tuple((c, v) for c in cells), colours=colours)


# ---------------------------------------------------------------------------- uniqueness (unique puzzles only)

def rectangles(g: Geometry, t: Tables, cands: Cands, values: Values) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """(corners, x, y) of every deadly-pattern rectangle: four open cells in two rows and two columns, every unit
    holding none or two of them (two boxes in Sudoku), all allowing the two values x and y."""
    for r1, r2 in combinations(t.rows, 2):
        open_cols = [(a, b, cands[a] & cands[b]) for a, b in zip(g.units[r1], g.units[r2], strict=True)
                     if not values[a] and not values[b]]
        for (a, c, m1), (b, d, m2) in combinations([col for col in open_cols if col[2].bit_count() > 1], 2):
            common = m1 & m2
            if common.bit_count() < 2:
                continue
            bits = 1 << a | 1 << b | 1 << c | 1 << d
            if any((ub & bits).bit_count() not in (0, 2) for ub in t.unit_bits):
                continue
            for x, y in combinations(values_of(common), 2):
                yield (a, b, c, d), x, y


@finder
def unique_rectangle(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Unique rectangles types 1 to 4: four cells that could swap x and y would give two solutions, so the
    puzzle's one solution avoids that pattern."""
    t = tables(g)
    w = where(cands, values, t.cells)
    for corners, x, y in rectangles(g, t, cands, values):
        xy = bit(x) | bit(y)
        floor = [c for c in corners if cands[c] == xy]
        roof = [c for c in corners if cands[c] != xy]
        names = ", ".join(g.name(c) for c in corners)
        pair = f"{symbol(x)}/{symbol(y)}"
        causes = tuple((c, v) for c in corners for v in (x, y))
        if len(roof) == 1:
            c = roof[0]
            reason = (f"{names} form a rectangle on {pair}; if {g.name(c)} were {symbol(x)} or {symbol(y)} too, the "
                      f"two values could swap and the puzzle would have two solutions, so {g.name(c)} is neither")
            yield LogicStep("Unique rectangle type 1", corners, reason, eliminate=((c, x), (c, y)), causes=causes)
            continue
        if len(roof) != 2 or len(floor) != 2:
            continue
        a, b = roof
        if not t.peer_bits[a] >> b & 1:
            continue
        extra_a, extra_b = cands[a] & ~xy, cands[b] & ~xy
        if extra_a == extra_b and extra_a.bit_count() == 1:
            z = extra_a.bit_length()
            gone = w[z] & seen_by_all(t, 1 << a | 1 << b)
            if gone:
                reason = (f"{names} form a rectangle on {pair}; one of {g.name(a)} and {g.name(b)} must be "
                          f"{symbol(z)} or the puzzle would have two solutions, so cells seeing both lose {symbol(z)}")
                yield LogicStep("Unique rectangle type 2", corners, reason, eliminate=elims_of(gone, z),
                                causes=causes + ((a, z), (b, z)))
        yield from _ur_type_3(g, t, w, cands, values, corners, (a, b), xy, names + f" form a rectangle on {pair}")
        for u in range(len(g.units)):
            ub = t.unit_bits[u]
            if not (ub >> a & 1 and ub >> b & 1):
                continue
            for keep, drop in ((x, y), (y, x)):
                if w[keep] & ub == (1 << a | 1 << b):
                    reason = (f"{names} form a rectangle on {pair}; in {g.unit_names[u]}, {symbol(keep)} must go in "
                              f"{g.name(a)} or {g.name(b)}, so {symbol(drop)} there would allow two solutions: "
                              f"{g.name(a)} and {g.name(b)} lose {symbol(drop)}")
                    yield LogicStep("Unique rectangle type 4", corners, reason, eliminate=((a, drop), (b, drop)),
                                    causes=causes, unit=u)


def _ur_type_3(g: Geometry, t: Tables, w: Sequence[int], cands: Cands, values: Values, corners: tuple[int, ...],
               roof: tuple[int, int], xy: int, told: str) -> Iterator[LogicStep]:
    """Unique rectangle type 3: one of the two roof cells must hold an extra value, so together they act as one
    cell holding their extras; with other cells of a unit they share that make a naked subset, the rest of the
    unit loses the subset's values."""
    a, b = roof
    extra = (cands[a] | cands[b]) & ~xy
    if extra.bit_count() < 2:
        return
    for u in range(len(g.units)):
        ub = t.unit_bits[u]
        if not (ub >> a & 1 and ub >> b & 1):
            continue
        others = [c for c in g.units[u] if not values[c] and c not in roof]
        for k in range(1, min(4, len(others))):
            for group in combinations(others, k):
                union = extra
                for c in group:
                    union |= cands[c]
                if union.bit_count() != k + 1:
                    continue
                eliminate = tuple((c, v) for c in others if c not in group
                                  for v in values_of(union) if cands[c] & bit(v))
                if not eliminate:
                    continue
                digits = list_words([symbol(v) for v in values_of(union)])
                reason = (f"{told}; one of {g.name(a)} and {g.name(b)} must hold one of their other values "
                          f"({list_words([symbol(v) for v in values_of(extra)])}) or the puzzle would have two "
                          f"solutions, so with {name_cells(g, group)} they hold {digits} in {g.unit_names[u]}: "
                          f"its other cells lose them")
                causes = tuple((c, v) for c in corners for v in values_of(cands[c] & (xy | extra)))
                causes += tuple((c, v) for c in group for v in values_of(cands[c]))
                yield LogicStep("Unique rectangle type 3", (*corners, *group), reason, eliminate=eliminate,
                                causes=causes, unit=u)


@finder
def bug_plus_one(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """BUG+1: every open cell has two candidates but one with three; without its extra value the grid would be a
    deadly pattern with two solutions, so that cell takes the value that appears three times in its units."""
    t = tables(g)
    three = []
    for c in range(t.cells):
        if values[c]:
            continue
        k = cands[c].bit_count()
        if k == 3:
            three.append(c)
        elif k != 2:
            return
    if len(three) != 1:
        return
    c = three[0]
    w = where(cands, values, t.cells)
    for v in values_of(cands[c]):
        # the grave without v in c: every value twice (or not at all) in every unit
        if all(((w[x] & ~(1 << c) if x == v else w[x]) & bits).bit_count() in (0, 2)
               for x in range(1, len(w)) for bits in t.unit_bits):
            reason = (f"Every open cell but {g.name(c)} has two candidates; unless {g.name(c)} is {symbol(v)}, each "
                      f"unit would hold every candidate twice and the puzzle would have two solutions")
            yield LogicStep("BUG+1", (c,), reason, place=(c, v), causes=causes_of((c,), cands, g.full))
            return
