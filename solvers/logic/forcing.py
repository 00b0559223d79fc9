"""Forcing chains and nets over a latin grid: what follows from one assumption, told as a chain of implications.

Contradiction: "if r1c2 is 4, then r1c5 is 7 (its only value left), then ... and r3c3 has no value left:
so r1c2 is not 4". Verity: every value of a cell (or every place of a value in a unit) leads to the
same conclusion, so it holds. The implications are singles (naked and hidden), locked candidates
(a value confined to where a box and a line meet leaves the rest of the other) and the geometry's rules
beyond its units (`latin.Constraint`: a killer's cages, the innies of its houses and the innies and outies
of unions of lines, Skyscrapers' clued lines), found with the latin propagation engine plus intersections first
and then traced once for the explanation. A chain is a forcing net when some step rests on two or more earlier
steps of the assumption, a forcing chain when each rests on one. This is logic, not guessing: every line is a
step a player can check.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from .. import budget, constraints, latin
from ..latin import Constraint, Geometry, bit, values_of
from ..memo import by_identity
from .board import Cands, Finder, LogicStep, Values, finder, symbol, tables

_truth: list[Sequence[int] | None] = [None]  # the solution, when the caller knows it (see `knowing`)
_blame: list[list[int] | None] = [None]  # per cell, how often a rule through it failed (see `blaming`)


@contextmanager
def blaming(weights: list[int]) -> Iterator[None]:
    """While inside, each rule that cannot be met adds one to its cells' `weights` (a search that prefers
    cells whose rules fail often: dom/wdeg)."""
    _blame[0] = weights
    try:
        yield
    finally:
        _blame[0] = None


@contextmanager
def knowing(solution: Sequence[int] | None) -> Iterator[None]:
    """While inside, the forcing rungs skip assumptions that agree with this solution: a true assumption never
    leads to a contradiction, so the step found is the same, sooner (the candidates must all allow it)."""
    _truth[0] = solution
    try:
        yield
    finally:
        _truth[0] = None


def _false_order(cands: Cands, values: Values) -> list[tuple[int, int]]:
    """`_order` less the assumptions the known solution makes true (all of them when none is known)."""
    order, truth = _order(cands, values), _truth[0]
    if truth is None or len(truth) != len(cands):
        return order
    return [(c, v) for c, v in order if truth[c] != v]


Fact = tuple[int, int, bool]  # (cell, value, placed) — placed False means "the value is ruled out"
MAX_TRACED = 12  # contradictions explained to pick the shortest
_traced_max = [MAX_TRACED]  # the limit in force (`tracing`)


@contextmanager
def tracing(limit: int) -> Iterator[None]:
    """While inside, the contradiction rungs explain at most `limit` contradictions to pick the shortest (a hint
    that chains many forcing steps to one placement tells only its key step in full)."""
    before = _traced_max[0]
    _traced_max[0] = limit
    try:
        yield
    finally:
        _traced_max[0] = before


Pair = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]


@by_identity(of=lambda g: g.units)  # by the units: a geometry with other rules shares them
def intersections(g: Geometry) -> tuple[Pair, ...]:
    """(rest of unit a, a ∩ b, rest of unit b, a, b) for units meeting in two cells or more (box and line)."""
    out = []
    for a, ua in enumerate(g.units):
        sa = set(ua)
        for b, ub in enumerate(g.units):
            inter = tuple(c for c in ub if c in sa)
            if a != b and 2 <= len(inter) < len(ua):
                out.append((tuple(c for c in ua if c not in inter), inter, tuple(c for c in ub if c not in sa), a, b))
    return tuple(out)


def confined(cands: Cands, pair: Pair) -> int:
    """The values that unit a can only hold where it meets unit b (so b's other cells lose them)."""
    rest_a, inter, _, _, _ = pair
    outside = inside = 0
    for c in rest_a:
        outside |= cands[c]
    for c in inter:
        inside |= cands[c]
    return inside & ~outside


Locks = tuple[tuple[tuple[int, ...], ...], list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]]]


@by_identity(of=lambda g: g.units)  # as `intersections`
def _locks_of(g: Geometry) -> Locks:
    """The intersections as segments: (the segments' cells, per unit a its intersections as (the segment where a
    meets b, the segments that make up the rest of a, the rest of b)). The rest of a unit is the union of its
    other crossings where they tile it (a box's other rows), else a segment of its own; so a round unions each
    segment it needs once and a pair's confined values are a few ORs."""
    index: dict[tuple[int, ...], int] = {}
    by_unit: list[list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = [[] for _ in g.units]

    def seg(cells: tuple[int, ...]) -> int:
        return index.setdefault(cells, len(index))

    pairs = intersections(g)
    for rest_a, inter, rest_b, a, _b in pairs:
        tiles, covered = [], set()
        for other in (q[1] for q in pairs if q[3] == a):
            if set(other) <= set(rest_a) and not covered & set(other):
                tiles.append(other)
                covered |= set(other)
        outside = tuple(seg(t) for t in tiles) if covered == set(rest_a) else (seg(rest_a),)
        by_unit[a].append((seg(inter), outside, rest_b))
    return tuple(index), by_unit


def saturate(g: Geometry, cands: Cands, queue: list[int], changed: Sequence[int] = ()) -> bool:
    """Singles and locked candidates to a fixpoint, in place; False on a contradiction.

    `cands` must be such a fixpoint but for the queued cells (newly decided) and the `changed` ones (the ladder's
    state at the forcing rungs is one: every rung below found nothing): each round then looks again only at the
    units whose cells changed. These rules only remove candidates, so the fixpoint (or the contradiction) they
    reach is the same in any order."""
    segments, by_unit = _locks_of(g)
    cell_units = g.cell_units
    changed = [*queue, *changed]
    rules, cell_rules = _rules(g)
    seen = cands[:]  # the candidates the rules last looked at
    cells = range(len(cands))
    for c in changed:
        seen[c] = -1
    while True:
        before = cands[:]
        if not latin.propagate(cands, queue, g.peers, g.units, g.full, cell_units, changed):
            return False
        narrowed = None
        if rules:  # the rules whose cells changed, then singles again
            todo = sorted({k for c, m, was in zip(cells, cands, seen, strict=True) if m != was
                           for k in cell_rules[c]})
            seen = cands[:]
            narrowed = follow([rules[k] for k in todo], cands)
            if narrowed is None:
                return False
            if narrowed and not latin.propagate(cands, [c for c in narrowed if not cands[c] & (cands[c] - 1)],
                                                g.peers, g.units, g.full, cell_units, narrowed):
                return False
        units = {u for c in changed for u in cell_units[c]}
        units.update(u for c, m, was in zip(cells, cands, before, strict=True) if m != was for u in cell_units[c])
        changed = []
        union = [-1] * len(segments)  # each segment's candidates, once asked
        for a in sorted(units):
            for inside, outside, rest_b in by_unit[a]:
                gone = 0
                for k in (inside, *outside):
                    m = union[k]
                    if m < 0:
                        m = 0
                        for c in segments[k]:
                            m |= cands[c]
                        union[k] = m
                    gone = m if k == inside else gone & ~m
                if not gone:
                    continue
                for c in rest_b:
                    m = cands[c]
                    if m & gone:
                        m &= ~gone
                        if not m:
                            return False
                        cands[c] = m
                        changed.append(c)
                        if not m & (m - 1):
                            queue.append(c)
        if not changed and not narrowed:
            return True


Rules = tuple[tuple[Constraint, ...], tuple[tuple[int, ...], ...]]
RULES_KEPT = 16  # geometries whose rules are remembered (Skyscrapers makes one per puzzle)


@by_identity(kept=RULES_KEPT)
def _rules(g: Geometry) -> Rules:
    """The rules beyond the units that forcing follows: those of the geometry's constraint types (a killer's cages
    with the rule of 45, thermometers, ...), then its own (Skyscrapers' clued lines); and per cell the indices of
    its rules."""
    out = [*constraints.rules(g), *g.constraints]
    cell_rules = tuple(tuple(k for k, rule in enumerate(out) if c in rule.cells) for c in range(len(g.peers)))
    return tuple(out), cell_rules


def follow(rules: Sequence[Constraint], cands: Cands) -> list[int] | None:
    """Keep in each rule's cells only what the rule leaves them, in place: the cells that changed, or None when
    a rule cannot be met."""
    changed = []
    for rule in rules:
        cells = rule.cells
        masks = tuple([cands[c] for c in cells])
        got = rule.keep(masks)
        if got == masks:  # most rules keep all they see
            continue
        if got is None or 0 in got:
            weights = _blame[0]
            if weights is not None:
                for c in cells:
                    weights[c] += 1
            return None
        for c, k in zip(cells, got, strict=True):
            if cands[c] != k:
                cands[c] = k
                changed.append(c)
    return changed


class Trace:
    """Singles from one assumption, remembering why each fact holds; stops at the first contradiction."""

    def __init__(self, g: Geometry, cands: Cands) -> None:
        self.g = g
        self.cands = list(cands)
        self.why: dict[Fact, tuple[str, tuple[Fact, ...]]] = {}
        self.order: list[Fact] = []
        self.said: dict[Fact, str] = {}  # a removal worth its own line in the explanation -> its reason
        self.queue: deque[Fact] = deque()
        self.contradiction: tuple[str, tuple[Fact, ...]] | None = None
        self.gone = [0] * len(cands)  # per cell, the values the trace removed (a mask)

    def run(self, cell: int, value: int, placed: bool = True) -> Trace:
        """Assume cell = value (or cell != value) and follow singles, then locked candidates, to the end."""
        if placed:
            self._place(cell, value, "assumed", ())
        else:
            self._remove(cell, value, "assumed", ())
        self._singles()
        while self.contradiction is None and (self._locked() or self._rules()):
            self._singles()
        return self

    def _rules(self) -> bool:
        """The rules beyond the units (killer cages and innies, Skyscrapers' clues) on the trace's candidates:
        what no way of meeting a rule gives a cell leaves it (or a rule that cannot be met is the contradiction);
        whether any was removed."""
        found = False
        for rule in _rules(self.g)[0]:
            keep = rule.keep(tuple(self.cands[c] for c in rule.cells))
            if keep is None or 0 in keep:
                self.contradiction = (rule.broken, self._gone_in(rule.cells, None))
                return False
            for c, k in zip(rule.cells, keep, strict=True):
                for v in values_of(self.cands[c] & ~k):
                    self._remove(c, v, "rule", self._gone_in(rule.cells, None), rule.said)
                    found = True
        return found

    def _locked(self) -> bool:
        """Locked candidates on the trace's candidates; whether any was removed."""
        g, found = self.g, False
        for pair in intersections(g):
            gone = confined(self.cands, pair)
            rest_a, _, rest_b, a, b = pair
            for v in values_of(gone):
                targets = [c for c in rest_b if self.cands[c] & bit(v)]
                if not targets:
                    continue
                said = f"{symbol(v)} in {g.unit_names[a]} lies in {g.unit_names[b]}"
                parents = self._gone_in(rest_a, v)
                for c in targets:
                    self._remove(c, v, "locked", parents, said)
                found = True
        return found

    def _singles(self) -> None:
        """Follow the queued removals: naked and hidden singles, or a contradiction."""
        g = self.g
        while self.queue and self.contradiction is None:
            c, v, _ = self.queue.popleft()
            m = self.cands[c]
            if not m:
                self.contradiction = (f"{g.name(c)} has no value left", self._gone_in([c], None))
                break
            if not m & (m - 1) and (c, m.bit_length(), True) not in self.why:
                self._place(c, m.bit_length(), "naked", self._gone_in([c], None))
            b, cands = bit(v), self.cands
            for u in g.cell_units[c]:
                unit = g.units[u]
                places = [p for p in unit if cands[p] & b]
                if not places:
                    self.contradiction = (f"{symbol(v)} has no place left in {g.unit_names[u]}",
                                          self._gone_in(unit, v))
                    break
                if len(places) == 1 and cands[places[0]] != b:
                    self._place(places[0], v, g.unit_names[u], self._gone_in(unit, v))

    def _gone_in(self, cells, v: int | None) -> tuple[Fact, ...]:
        """The derived removals in these cells (of v, or of any value)."""
        gone = self.gone
        if v is not None:
            b = bit(v)
            return tuple((c, v, False) for c in cells if gone[c] & b)
        return tuple((c, x, False) for c in cells if gone[c] for x in values_of(gone[c]))

    def _place(self, c: int, v: int, how: str, parents: tuple[Fact, ...]) -> None:
        key = (c, v, True)
        if key in self.why:
            return
        self.why[key] = (how, parents)
        self.order.append(key)
        for x in values_of(self.cands[c] & ~bit(v)):
            self._remove(c, x, "cell", (key,))
        for p in self.g.peers[c]:
            if self.cands[p] & bit(v):
                self._remove(p, v, "sees", (key,))

    def _remove(self, c: int, v: int, how: str, parents: tuple[Fact, ...], said: str = "") -> None:
        key = (c, v, False)
        if key in self.why or not self.cands[c] & bit(v):
            return
        if said:
            self.said[key] = said
        self.cands[c] &= ~bit(v)
        self.gone[c] |= bit(v)
        self.why[key] = (how, parents)
        self.order.append(key)
        self.queue.append(key)

    def explain(self, goal: tuple[str, tuple[Fact, ...]]) -> tuple[list[str], bool, list[Fact]]:
        """(lines, is a net, placements used) for the facts a conclusion rests on, in the order they were found."""
        need: set[Fact] = set()
        todo = list(goal[1])
        while todo:
            f = todo.pop()
            if f in need:
                continue
            need.add(f)
            todo.extend(self.why[f][1])
        net = len(_feeders(self, goal[1])) > 1
        lines, used = [], []
        g = self.g
        for f in self.order:
            how, parents = self.why[f]
            c, v, _ = f
            if f in need and f in self.said:  # a removal worth its own line
                lines.append(f"{g.name(c)} is not {symbol(v)} ({self.said[f]})")
                net = net or len(_feeders(self, parents)) > 1
            if f not in need or not f[2]:
                continue
            used.append(f)
            if how == "assumed":
                continue
            net = net or len(_feeders(self, parents)) > 1
            if how == "naked":
                lines.append(f"{g.name(c)} is {symbol(v)} (its only value left)")
            else:
                lines.append(f"{g.name(c)} is {symbol(v)} (the only place for {symbol(v)} in {how})")
        return lines, net, used


def _feeders(trace: Trace, parents: tuple[Fact, ...]) -> set[Fact]:
    """The placements behind a set of removals."""
    out = set()
    for f in parents:
        if f[2]:
            out.add(f)
        else:
            out.update(p for p in trace.why[f][1] if p[2])
    return out


_broken: list = [None, (), {}, {}]  # the geometry and candidates the contradiction rungs last tried, and answers
Explained = tuple[list[str], bool, str] | None  # a broken assumption's lines, whether a net, the end


def _breaks(g: Geometry, cands: Cands, c: int, v: int) -> bool:
    """`_fast_contradiction`, remembered for the last position asked (the chain and net rungs try the same
    assumptions in turn)."""
    if _broken[0] is not g or _broken[1] != tuple(cands):
        _broken[:] = g, tuple(cands), {}, {}
    known = _broken[2].get((c, v))
    if known is None:
        known = _broken[2][(c, v)] = _fast_contradiction(g, cands, c, v)
    return known


def _explained(g: Geometry, cands: Cands, c: int, v: int) -> Explained:
    """How c = v breaks, traced and told (None when singles do not break it), remembered as `_breaks` is (the
    chain and net rungs of a `steps` list tell the same contradictions)."""
    if not _breaks(g, cands, c, v):
        return None
    memo = _broken[3]
    if (c, v) not in memo:
        trace = Trace(g, cands).run(c, v)
        told = None
        if trace.contradiction is not None:
            lines, net, _ = trace.explain(trace.contradiction)
            told = lines, net, trace.contradiction[0]
        memo[(c, v)] = told
    return memo[(c, v)]


def _fast_contradiction(g: Geometry, cands: Cands, c: int, v: int) -> bool:
    """Whether c = v leads to a contradiction by singles (the latin engine, no reasons kept)."""
    trial = list(cands)
    trial[c] = bit(v)
    return not saturate(g, trial, [c])


def _fast_result(g: Geometry, cands: Cands, c: int, v: int) -> list[int] | None:
    """The candidates after c = v and singles, or None on a contradiction."""
    trial = list(cands)
    trial[c] = bit(v)
    return trial if saturate(g, trial, [c]) else None


def refuted(g: Geometry, cands: Cands, values: Values) -> list[tuple[int, int]]:
    """Every assumption (cell, value) that the forcing implications break, each tried on `cands` (a fixpoint of
    them): what a whole level of forcing chains strikes out at once (for grading in bulk)."""
    return [(c, v) for c, v in _order(cands, values) if _fast_contradiction(g, cands, c, v)]


def _order(cands: Cands, values: Values) -> list[tuple[int, int]]:
    """Assumptions to try: cells with fewer candidates first."""
    return [(c, v) for _, c in sorted((cands[c].bit_count(), c) for c in range(len(cands))
                                      if not values[c] and cands[c] & (cands[c] - 1))
            for v in values_of(cands[c])]


def contradiction(want_net: bool) -> Finder[LogicStep]:
    """A finder: an assumption whose singles end in a contradiction (a chain, or with `want_net` a net too); called,
    the shortest of the first few explained (`tracing`)."""

    def traced(g: Geometry, cands: Cands, values: Values) -> Iterator[tuple[int, int, list[str], bool, str]]:
        """(cell, value, lines, is a net, the end) of every assumption that breaks, explained."""
        for c, v in _false_order(cands, values):
            budget.spend()
            told = _explained(g, cands, c, v)
            if told is not None:
                yield c, v, *told

    def every(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        for found in traced(g, cands, values):
            if want_net or not found[3]:
                yield _contradiction_step(g, *found)

    def best(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
        chosen = None
        for count, found in enumerate(traced(g, cands, values), 1):
            if want_net or not found[3]:
                if chosen is None or len(found[2]) < len(chosen[2]):
                    chosen = found
                if len(found[2]) <= 2:
                    break
            if count >= _traced_max[0]:
                break
        return None if chosen is None else _contradiction_step(g, *chosen)

    return Finder(every, best)


def _contradiction_step(g: Geometry, c: int, v: int, lines: list[str], net: bool, end: str) -> LogicStep:
    """The step of an assumption that breaks: c is not v, with the implications that show it."""
    name = "Forcing net" if net else "Forcing chain"
    steps = ", then ".join(lines) if lines else "at once"
    reason = f"If {g.name(c)} were {symbol(v)}: {steps}; then {end}. So {g.name(c)} is not {symbol(v)}"
    return LogicStep(name, (c,), reason, eliminate=((c, v),), causes=((c, v),),
                     lines=(f"if {g.name(c)} is {symbol(v)}", *lines, end))


def _verities(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Cell and unit forcing nets: every choice of a cell (or place of a value in a unit) gives the same result."""
    t = tables(g)
    choices: list[tuple[str, list[tuple[int, int]]]] = []
    for c in range(t.cells):
        if not values[c] and 2 <= cands[c].bit_count() <= 3:
            choices.append((g.name(c), [(c, v) for v in values_of(cands[c])]))
    for u, unit in enumerate(g.units):
        for v in range(1, g.n + 1):
            places = [c for c in unit if not values[c] and cands[c] & bit(v) and cands[c] != bit(v)]
            if 2 <= len(places) <= 3 and not any(values[c] == v for c in unit):
                choices.append((f"{symbol(v)} in {g.unit_names[u]}", [(c, v) for c in places]))
    choices.sort(key=lambda ch: len(ch[1]))
    for label, options in choices:
        budget.spend()
        results = [_fast_result(g, cands, c, v) for c, v in options]
        if any(r is None for r in results):
            continue  # a contradiction: the contradiction rung handles it
        for d in range(t.cells):
            if values[d] or not cands[d] & (cands[d] - 1):
                continue
            left = 0  # what some branch still allows: a value no branch allows is gone for sure
            for r in results:
                left |= r[d]  # type: ignore[index]
            if left == cands[d]:
                continue
            if not left & (left - 1):
                yield _verity_step(g, cands, label, options, (d, left.bit_length(), True))
            else:
                for x in values_of(cands[d] & ~left):
                    yield _verity_step(g, cands, label, options, (d, x, False))


verity = Finder(_verities)


def _verity_step(g: Geometry, cands: Cands, label: str, options: list[tuple[int, int]],
                 fact: tuple[int, int, bool]) -> LogicStep:
    """Explain a verity: each option's implications down to the common fact."""
    d, x, placed = fact
    said = f"{g.name(d)} is {symbol(x)}" if placed else f"{g.name(d)} is not {symbol(x)}"
    parts, lines = [], []
    for c, v in options:
        trace = Trace(g, cands).run(c, v)
        got, _, _ = trace.explain(("", (fact,))) if fact in trace.why else ([], False, [])
        steps = ", then ".join(got) if got else "at once"
        parts.append(f"if {g.name(c)} is {symbol(v)}: {steps}")
        lines.append(f"if {g.name(c)} is {symbol(v)}: " + "; ".join(got))
    reason = f"{label.capitalize()} has {len(options)} choices, and each leads to {said}: " + "; ".join(parts)
    cells = tuple(dict.fromkeys([c for c, _ in options] + [d]))
    move = {"place": (d, x)} if placed else {"eliminate": ((d, x),)}
    return LogicStep("Forcing net", cells, reason, causes=tuple(options), lines=tuple(lines), **move)


MAX_NESTED = 40  # inner contradictions one nested net may use


@finder
def nested(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Nested forcing net: under one assumption, other assumptions that end in a contradiction (each a
    forcing chain of its own) are ruled out, until the first assumption itself runs out of room.

    The last resort before trial and error (Sudoku Explainer's nested forcing chains): it solves the
    hardest published puzzles by logic. Each inner step is checked the same way as a forcing chain."""
    tried = []
    for c, v in _false_order(cands, values):
        budget.spend()
        trial = list(cands)
        trial[c] = bit(v)
        if saturate(g, trial, [c]):  # else a plain contradiction: the forcing-chain rung finds it
            tried.append((sum(m.bit_count() for m in trial), c, v, trial))
    tried.sort(key=lambda t: t[0])
    for _, c, v, trial in tried:  # the assumptions that leave the fewest candidates first: they die soonest
        inner: list[tuple[list[int], int, int]] = []  # (the state it was tried in, cell, value)
        dead, found = False, True
        while found and not dead and len(inner) < MAX_NESTED:  # passes over the assumptions, each to its end
            found = False
            for c2, v2 in _order(trial, values):
                budget.spend()
                if not trial[c2] & bit(v2) or not _fast_contradiction(g, trial, c2, v2):
                    continue
                found = True
                inner.append((list(trial), c2, v2))
                trial[c2] &= ~bit(v2)
                dead = not trial[c2] or not saturate(g, trial, [c2] if not trial[c2] & (trial[c2] - 1) else [],
                                                     [c2])
                if dead or len(inner) >= MAX_NESTED:
                    break
        if dead:
            step = _nested_step(g, cands, c, v, inner)
            if step is not None:
                yield step


def _nested_step(g: Geometry, cands: Cands, c: int, v: int,
                 inner: list[tuple[list[int], int, int]]) -> LogicStep | None:
    """Explain a nested net: each inner contradiction as its own chain, then the end (None when an inner one that
    the fast check found cannot be traced: seen by `steps` on positions that are no fixpoint of singles)."""
    outer = Trace(g, cands).run(c, v)
    found, _, _ = outer.explain(("", tuple(f for f in outer.order if f[2] and outer.why[f][0] != "assumed")))
    lines = [f"if {g.name(c)} is {symbol(v)}: " + (", then ".join(found) if found else "nothing follows at once")]
    for state, c2, v2 in inner:
        trace = Trace(g, state).run(c2, v2)
        if trace.contradiction is None:  # the fast check found one that the told rules do not reach
            return None
        got, _, _ = trace.explain(trace.contradiction)
        steps = ", then ".join(got) if got else "at once"
        lines.append(f"then if {g.name(c2)} were {symbol(v2)}: {steps}; then {trace.contradiction[0]}; "
                     f"so {g.name(c2)} is not {symbol(v2)}")
    lines.append(f"with those ruled out, the grid has no room left: so {g.name(c)} is not {symbol(v)}")
    ruled = ", ".join(f"{g.name(c2)} = {symbol(v2)}" for _, c2, v2 in inner)
    reason = (f"If {g.name(c)} were {symbol(v)}, each of {ruled} would in turn lead to a contradiction (each shown "
              f"below as its own chain); ruling them all out leaves no room. So {g.name(c)} is not {symbol(v)}")
    return LogicStep("Nested forcing net", (c,), reason, eliminate=((c, v),), causes=((c, v),), lines=tuple(lines))
