"""Fish beyond rows and columns (Franken and mutant), kraken fish and templates: HoDoKu's last single-digit rungs.

A fish on one value v: k base sets (houses that must each hold v, no candidate of v in two of them) whose
candidates of v all lie in k cover sets (other houses, each holding v at most once), but for fins. Without fins
the k values of the base sets fill the cover sets, so the rest of the cover sets lose v, and a base candidate in
two cover sets too (it would fill two of them at once). With fins, either a fin holds v or the fish does: only
cells that see every fin lose v. A basic fish takes rows as base and columns as cover (or the other way round);
a Franken fish adds boxes (any house not a line: boxes, jigsaw regions, diagonals) to either side; a mutant fish
mixes rows and columns on one side. A kraken fish is a finned fish whose fins do not all see a cover cell, but
each fin, if it held v, would take v from that cell by a forcing chain. A template is one way to place every v of
the grid that the candidates allow: a cell in all of them takes v, a candidate in none of them goes.

Bounds (the hint runs in a browser worker): fish of at most four sets, no candidate in two base sets (no endo
fins), at most three fins (two for kraken), FISH_NODES steps of search per rung and position; grids up to 9x9
(TEMPLATE_N; larger ones skip these rungs) and a cap on the template states counted. Every fish elimination is a
template deletion, so where the templates of a value delete nothing its fish are not searched at all: on most
positions the fish rungs cost one template count per value.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .. import budget
from ..latin import Geometry, bit
from ..memo import by_identity
from ..rules.latin import BOX, COLUMN, ROW
from .board import (
    SMALL_N,
    Cands,
    Finder,
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
from .forcing import Trace, saturate

SIZES = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}
MAX_FINS = 3  # fins of a finned Franken or mutant fish
KRAKEN_FINS = 2
KRAKEN_FISH = (("basic", 2), ("basic", 3), ("franken", 2), ("basic", 4))  # (family, size) tried, in turn
FISH_NODES = 15_000  # steps one rung's search may take on a position: a bound on the time (~0.1 s), not on logic
KRAKEN_NODES = 6_000  # the kraken rung's search steps per position (each fin it meets also costs a propagation)
KRAKEN_LINES = 10  # implications one fin's chain may take
TEMPLATE_N = SMALL_N  # the largest grid whose templates are counted
TEMPLATE_STATES = 40_000  # partial templates remembered per value before giving up

# ---------------------------------------------------------------------------- templates

class _TooMany(Exception):
    """Too many partial templates to count."""


Templates = tuple[int, int, int]  # (how many, open cells in some template, open cells in every one)
_memo: list = [None, None, None, {}]  # the geometry, candidates and values last asked, and per value its answer


@by_identity(of=lambda g: g.cell_units)
def _masks(g: Geometry) -> tuple[int, ...]:
    """Per cell, the bitset of its units' indices."""
    return tuple(sum(1 << u for u in us) for us in g.cell_units)


def templates(g: Geometry, cands: Cands, values: Values, v: int) -> Templates | None:
    """The templates of v (one cell per row, no two sharing a house, every house used), counted by rows with the
    houses used so far as the state; None above TEMPLATE_N or past TEMPLATE_STATES. Remembered per position."""
    if _memo[0] is not g or _memo[1] != tuple(cands) or _memo[2] != tuple(values):
        _memo[:] = g, tuple(cands), tuple(values), {}
    if v not in _memo[3]:
        _memo[3][v] = _count(g, cands, values, v) if g.n <= TEMPLATE_N else None
    return _memo[3][v]


def _count(g: Geometry, cands: Cands, values: Values, v: int) -> Templates | None:
    """`templates` worked out: completions per state (suffix counts), then prefixes forward to count each cell."""
    t, masks = tables(g), _masks(g)
    b = bit(v)
    options = []
    for u in t.rows:
        cells = [c for c in g.units[u] if values[c] == v] or [c for c in g.units[u] if not values[c] and cands[c] & b]
        options.append([(c, masks[c]) for c in cells])
    full = sum(1 << u for u, unit in enumerate(g.units) if len(unit) == g.n)
    suffix: dict[int, int] = {}

    def completions(i: int, used: int) -> int:
        if i == len(options):
            return int(used & full == full)
        got = suffix.get(used)
        if got is None:
            if len(suffix) >= TEMPLATE_STATES:
                raise _TooMany
            got = suffix[used] = sum(completions(i + 1, used | m) for _, m in options[i] if not used & m)
        return got

    try:
        total = completions(0, 0)
        hits: dict[int, int] = {}
        level = {0: 1}
        for i, row in enumerate(options):
            budget.spend()
            after: dict[int, int] = {}
            for used, before in level.items():
                for c, m in row:
                    if not used & m and (k := completions(i + 1, used | m)):
                        hits[c] = hits.get(c, 0) + before * k
                        after[used | m] = after.get(used | m, 0) + before
            level = after
    except _TooMany:
        return None
    some = every = 0
    for c, k in hits.items():
        if not values[c]:
            some |= 1 << c
            if k == total:
                every |= 1 << c
    return total, some, every


def _deletable(g: Geometry, cands: Cands, values: Values, v: int, w: Sequence[int]) -> int | None:
    """The candidates of v that no template uses (every fish on v can only remove these); None when not counted."""
    found = templates(g, cands, values, v)
    return None if found is None or not found[0] else w[v] & ~found[1]


@finder
def template(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Template set and delete: a cell in every template of v takes v; a candidate in none of them loses v."""
    t = tables(g)
    w = where(cands, values, t.cells)
    houses = list_words(list(dict.fromkeys(g.unit_kinds)))
    for v in range(1, len(w)):
        found = templates(g, cands, values, v)
        if found is None or not found[0]:
            continue
        total, some, every = found
        s, ways = symbol(v), f"{total} way{'s' if total > 1 else ''}"
        causes = tuple((c, v) for c in cells_in(w[v]))
        told = (f"One {s} goes in every {houses}: the candidates allow {ways} (templates) to place all the {s}s "
                f"at once")
        for c in cells_in(every & w[v]):
            reason = f"{told}, and every one puts a {s} in {g.name(c)}: so {g.name(c)} is {s}"
            yield LogicStep("Template set", (c,), reason, place=(c, v), causes=causes)
        gone = w[v] & ~some
        if gone:
            reason = f"{told}, and none of them uses {name_cells(g, gone)}: so {s} is removed there"
            yield LogicStep("Template delete", tuple(cells_in(gone)), reason, eliminate=elims_of(gone, v),
                            causes=causes)


# ---------------------------------------------------------------------------- fish search

def _kind(t: Tables, u: int) -> str:
    """'row', 'column' or 'box' (every other house: boxes, jigsaw regions, diagonals)."""
    kind = t.kinds[u]
    return kind if kind in (ROW, COLUMN) else BOX


def family(t: Tables, bases: Sequence[int], covers: Sequence[int]) -> str:
    """'basic' (rows to columns or back), 'franken' (boxes on either side too) or 'mutant' (rows and columns mixed
    on one side)."""
    kb, kc = {_kind(t, u) for u in bases}, {_kind(t, u) for u in covers}
    for a, b in ((ROW, COLUMN), (COLUMN, ROW)):
        if kb <= {a, BOX} and kc <= {b, BOX}:
            return "franken" if BOX in kb | kc else "basic"
    return "mutant"


Found = tuple[tuple[int, ...], tuple[int, ...], int, int]  # (base sets, cover sets, base cells, fins)


def search(g: Geometry, t: Tables, wv: int, k: int, bases: Sequence[int], covers: Sequence[int], fins: int,
           reach: int, kills: Sequence[int] | None = None, left: list[int] | None = None) -> Iterator[Found]:
    """(base sets, cover sets, base cells, fins) of every fish of size k on the candidates `wv` of one value: base
    sets from `bases` (disjoint on wv), cover sets from `covers` (never a base set), with up to `fins` fins, which
    must share a peer in `reach` (the cells that could lose the value): with `kills`, not a peer but a cell that
    each fin's kills (per cell, the candidates it would remove) hold. The search stops once `left` (a count of
    steps, shared by a rung's searches) runs out."""
    left = left if left is not None else [FISH_NODES]
    pool = [(u, wv & t.unit_bits[u]) for u in bases if wv & t.unit_bits[u]]
    allowed_all = sum(1 << u for u in covers if wv & t.unit_bits[u])
    masks = _masks(g)

    def pick(start: int, chosen: tuple[int, ...], acc: int, allowed: int) -> Iterator[Found]:
        if len(chosen) == k:
            budget.spend()
            for cover, fin in _covers(g, t, acc, allowed, k, fins, reach, kills, left):
                yield chosen, cover, acc, fin
            return
        for i in range(start, len(pool) - (k - len(chosen)) + 1):
            if left[0] <= 0:
                return
            left[0] -= 1
            u, m = pool[i]
            if not m & acc and _needed(masks, acc | m, allowed & ~(1 << u)) <= k + fins:
                yield from pick(i + 1, (*chosen, u), acc | m, allowed & ~(1 << u))

    return pick(0, (), 0, allowed_all)


def _covers(g: Geometry, t: Tables, base: int, allowed: int, k: int, most: int,
            reach: int, kills: Sequence[int] | None, left: list[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """(k cover sets, fins) covering the base cells but the fins, each way once: the lowest open base cell is
    covered by one of its houses (not by those tried before it) or, while fins are allowed, is a fin. `left` counts
    down the steps the search may still take."""
    masks = _masks(g)

    def go(chosen: tuple[int, ...], covered: int, fins: int, banned: int) -> Iterator[tuple[tuple[int, ...], int]]:
        rest = base & ~covered & ~fins
        left[0] -= 1
        if not rest:
            if len(chosen) == k:
                yield chosen, fins
            return
        if len(chosen) == k:
            fins |= rest
            if fins.bit_count() <= most and _hit(t, fins, kills) & reach:
                yield chosen, fins
            return
        if left[0] <= 0 or _needed(masks, rest, allowed & ~banned) > k - len(chosen) + most - fins.bit_count():
            return
        x = (rest & -rest).bit_length() - 1
        houses = [u for u in g.cell_units[x] if allowed >> u & 1]
        for u in houses:
            if not banned >> u & 1:
                yield from go((*chosen, u), covered | t.unit_bits[u], fins, banned)
                banned |= 1 << u
        if fins.bit_count() < most and _hit(t, fins | 1 << x, kills) & reach:
            yield from go(chosen, covered, fins | 1 << x, banned | sum(1 << u for u in houses))

    return go((), 0, 0, 0)


def _hit(t: Tables, fins: int, kills: Sequence[int] | None) -> int:
    """The cells every fin sees (or, with `kills`, would remove the value from)."""
    if kills is None:
        return seen_by_all(t, fins)
    out = -1
    for f in cells_in(fins):
        out &= kills[f]
    return out & ~fins


def _needed(masks: Sequence[int], cells: int, allowed: int) -> int:
    """A lower bound on the cover sets and fins that cells need: cells no two of which share an allowed house."""
    need = houses = 0
    for c in cells_in(cells):
        m = masks[c] & allowed
        if not m & houses:
            need += 1
            houses |= m
    return need


def _gone(t: Tables, wv: int, base: int, cover: tuple[int, ...], fins: int) -> int:
    """What a fish removes: the cover sets' other candidates and base candidates in two cover sets (cannibals),
    only those seeing every fin when it has fins."""
    acc = twice = 0
    for u in cover:
        m = wv & t.unit_bits[u]
        twice |= acc & m
        acc |= m
    gone = (acc & ~base) | (twice & base & ~fins)
    return gone & seen_by_all(t, fins) if fins else gone


def _pools(t: Tables, kind: str) -> list[tuple[list[int], list[int]]]:
    """(base houses, cover houses) to search for a family of fish."""
    rows, cols = list(t.rows), list(t.cols)
    boxes = [u for u in range(len(t.kinds)) if _kind(t, u) == BOX]
    if kind == "mutant":
        every = list(range(len(t.kinds)))
        return [(every, every)]
    if kind == "franken":
        return [(rows + boxes, cols + boxes), (cols + boxes, rows + boxes)]
    return [(rows, cols), (cols, rows)]


def _placed(g: Geometry, values: Values, v: int) -> set[int]:
    """The houses where v is placed already: never a base or cover set (stray candidates of v there are no fish)."""
    return {u for c, x in enumerate(values) if x == v for u in g.cell_units[c]}


def _houses(g: Geometry, units: Sequence[int]) -> str:
    """'row 2, box 5 and column 7'."""
    return list_words([g.unit_names[u] for u in units])


def fish_name(kind: str, k: int, finned: bool) -> str:
    """HoDoKu's name of a fish: 'Franken swordfish', 'Finned mutant X-wing'..."""
    size = SIZES[k]
    name = {"basic": size, "franken": f"Franken {size}", "mutant": f"mutant {size}"}[kind]
    return f"Finned {name}" if finned else name[0].upper() + name[1:]


def fish(kind: str, k: int, finned: bool = False) -> Finder[LogicStep]:
    """Franken or mutant fish of size k (finned or not), on the values whose templates delete something."""

    @finder
    def steps(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        t = tables(g)
        w = where(cands, values, t.cells)
        pools, left, told = _pools(t, kind), [FISH_NODES], set()
        for v in range(1, len(w)):
            reach = _deletable(g, cands, values, v, w)
            if not reach:  # nothing to remove (or too big a grid to tell)
                continue
            done = _placed(g, values, v)
            for bases, covers in pools:
                bases, covers = [u for u in bases if u not in done], [u for u in covers if u not in done]
                for chosen, cover, base, fins in search(g, t, w[v], k, bases, covers, MAX_FINS if finned else 0,
                                                        reach, None, left):
                    gone = _gone(t, w[v], base, cover, fins)
                    if gone and bool(fins) == finned and (v, gone) not in told and family(t, chosen, cover) == kind:
                        told.add((v, gone))  # each removal once: the first (fewest fins) fish that makes it
                        yield _fish_step(g, v, fish_name(kind, k, finned), chosen, cover, base, fins, gone)

    return steps


def _fish_step(g: Geometry, v: int, name: str, bases: tuple[int, ...], covers: tuple[int, ...], base: int,
               fins: int, gone: int) -> LogicStep:
    """The step of a Franken or mutant fish: its sets, fins and what goes (a base cell in two cover sets, a
    cannibal, goes too: it would fill two of them)."""
    s = symbol(v)
    said = (f"Each of {_houses(g, bases)} (the base sets) must hold a {s}, and their {s}s lie only in "
            f"{_houses(g, covers)} (the cover sets), which hold at most one {s} each")
    if fins:
        said += (f", apart from the fin{'s' if fins & (fins - 1) else ''} {name_cells(g, fins)}: either a fin holds "
                 f"{s} or the base sets' {s}s fill the cover sets")
        seeing = ", seeing every fin"
    else:
        said += f": so the base sets' {s}s fill the cover sets"
        seeing = ""
    parts = []
    for cells, where_ in ((gone & ~base, "in the cover sets, not the base sets"), (gone & base, "in two cover sets")):
        if cells:
            parts.append(f"{name_cells(g, cells)} ({where_}{seeing}) {_lose(cells)} {s}")
    reason = f"{said}; so {' and '.join(parts)}"
    cells = tuple(cells_in(base))
    return LogicStep(name, cells, reason, eliminate=elims_of(gone, v), causes=tuple((c, v) for c in cells))


def _lose(cells: int) -> str:
    """'loses' for one cell, 'lose' for more."""
    return "lose" if cells & (cells - 1) else "loses"


# ---------------------------------------------------------------------------- kraken fish

_after: list = [None, None, {}, {}]  # the geometry and candidates last asked, per (cell, value) what follows and
# per (cell, value, target) the chain told


def implied(g: Geometry, cands: Cands, c: int, v: int) -> list[int] | None:
    """The candidates once c is v and singles, locked candidates and the geometry's rules have run (None on a
    contradiction); remembered per position."""
    if _after[0] is not g or _after[1] != tuple(cands):
        _after[:] = g, tuple(cands), {}, {}
    known = _after[2]
    if (c, v) not in known:
        budget.spend()
        trial = list(cands)
        trial[c] = bit(v)
        known[(c, v)] = trial if saturate(g, trial, [c]) else None
    return known[(c, v)]


def _chain(g: Geometry, cands: Cands, fin: int, v: int, target: int) -> list[str] | None:
    """How fin = v takes v from the target, as a forcing chain's lines (None when it does not, or only as a net);
    remembered per position, as `implied`."""
    after = implied(g, cands, fin, v)
    if after is None or after[target] & bit(v):
        return None
    told = _after[3]
    if (fin, v, target) not in told:
        trace = told.get((fin, v))
        if trace is None:
            trace = told[(fin, v)] = Trace(g, cands).run(fin, v)
        fact = (target, v, False)
        lines, net = trace.explain(("", (fact,)))[:2] if fact in trace.why else (None, True)
        told[(fin, v, target)] = None if net or len(lines) > KRAKEN_LINES else lines
    return told[(fin, v, target)]


class _Kills(dict):
    """Per cell holding v as a candidate, the candidates of v it takes out if it is v, worked out when first asked:
    its peers and what follows by `implied` (only its peers when it leads to a contradiction: that is the forcing
    chains' step)."""

    def __init__(self, g: Geometry, t: Tables, cands: Cands, wv: int, v: int) -> None:
        super().__init__()
        self.g, self.t, self.cands, self.wv, self.v = g, t, cands, wv, v

    def __missing__(self, f: int) -> int:
        after = implied(self.g, self.cands, f, self.v)
        off, b = 0, bit(self.v)
        if after is not None:
            for c in cells_in(self.wv):
                if not after[c] & b:
                    off |= 1 << c
        self[f] = (self.t.peer_bits[f] | off) & self.wv & ~(1 << f)
        return self[f]


@finder
def kraken(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Kraken fish: a finned fish (KRAKEN_FISH: basic up to jellyfish, Franken X-wings) with at most two
    fins, and a cover cell that not every fin sees; when each fin that does not see it would remove v from it by a
    forcing chain, it loses v.

    Each fin is asked what it removes first (`implied`), and the fish search keeps only fins that would all remove
    some candidate: so the search stays as small as a finned fish's."""
    if g.n > TEMPLATE_N:
        return
    t = tables(g)
    w = where(cands, values, t.cells)
    left: list[int] = [KRAKEN_NODES]
    kills: dict[int, _Kills] = {}
    told: set[tuple[int, int]] = set()
    for kind, k in KRAKEN_FISH:
        for v in range(1, len(w)):
            done = _placed(g, values, v)
            for bases, covers in _pools(t, kind):
                bases, covers = [u for u in bases if u not in done], [u for u in covers if u not in done]
                if v not in kills:
                    kills[v] = _Kills(g, t, cands, w[v], v)
                for chosen, cover, base, fins in search(g, t, w[v], k, bases, covers, KRAKEN_FINS, w[v], kills[v],
                                                        left):
                    if not fins or family(t, chosen, cover) != kind:
                        continue
                    inside = 0
                    for u in cover:
                        inside |= w[v] & t.unit_bits[u]
                    for target in cells_in(inside & ~base & _hit(t, fins, kills[v]) & ~seen_by_all(t, fins)):
                        step = None if (target, v) in told else _kraken_step(g, cands, v, kind, chosen, cover, base,
                                                                               fins, target)
                        if step is not None:
                            told.add((target, v))
                            yield step


def _kraken_step(g: Geometry, cands: Cands, v: int, kind: str, bases: tuple[int, ...], cover: tuple[int, ...],
                 base: int, fins: int, target: int) -> LogicStep | None:
    """The step of a kraken fish on one target, or None when a fin's chain does not reach it."""
    t = tables(g)
    s = symbol(v)
    lines = []
    for fin in cells_in(fins):
        if t.peer_bits[fin] >> target & 1:
            lines.append(f"if {g.name(fin)} is {s}, it sees {g.name(target)}")
            continue
        chain = _chain(g, cands, fin, v, target)
        if chain is None:
            return None
        lines.append(f"if {g.name(fin)} is {s}: " + ", then ".join(chain))
    fish = fish_name(kind, len(bases), True)
    reason = (f"{fish} on {s}: base sets {_houses(g, bases)}, cover sets {_houses(g, cover)}, fins "
              f"{name_cells(g, fins)}. Either a fin holds {s} or the base sets fill the cover sets, which takes {s} "
              f"from {g.name(target)}; and each fin would take it too ({'; '.join(lines)}). So {g.name(target)} is "
              f"not {s}")
    cells = tuple(cells_in(base))
    return LogicStep("Kraken fish", cells, reason, eliminate=((target, v),),
                     causes=tuple((c, v) for c in cells), lines=tuple(lines))
