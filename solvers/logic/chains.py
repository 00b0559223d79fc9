"""Chains over a latin grid: alternating inference chains with grouped nodes, and the named patterns they contain.

A node is a value in a cell, or in a group of cells of one crossing (a box's part of a row). A strong
link says "if A is off, B is on" (the only two places of a value in a unit, or the only two values of a
cell); a weak link says "if A is on, B is off" (the same value in cells that see each other, or two values
of one cell). A chain starts off, alternates strong and weak links, and ends on a strong link: its first
or its last node is on, so any candidate that sees both ends goes. Short single-value chains are the
skyscraper, the 2-string kite, the turbot fish and the empty rectangle; chains through two-valued cells
are XY-chains and remote pairs; the W-wing is a three-link mix. A nice loop is a chain back to its start:
from a candidate off to it on (discontinuous: the candidate is true), or closed with links alternating all round
(continuous: every weak link then has one true end, so what sees both its ends goes). A discontinuous loop whose
start is off at both ends is the AIC between its two neighbours, and is told as that AIC. A search is breadth
first (the shortest chain wins) and bounded by the number of strong links.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator

from .. import budget
from ..latin import Geometry, bit
from ..rules.latin import COLUMN, ROW
from .board import (
    Cands,
    Elims,
    Finder,
    LogicStep,
    Values,
    cells_in,
    name_cells,
    removed_words,
    seen_by_all,
    symbol,
    tables,
    where,
)

Node = tuple[int, int]  # (value, cell bitset)


class Graph:
    """The nodes and strong links of a candidate grid for one kind of chain."""

    def __init__(self, g: Geometry, cands: Cands, values: Values, digits: Collection[int], grouped: bool,
                 unit_links: bool, cell_links: bool) -> None:
        t = self.t = tables(g)
        self.g, self.cands = g, list(cands)  # its own copy: the ladder changes the grid it was made of
        w = self.w = where(cands, values, t.cells)
        self.nodes: list[Node] = []
        self.index: dict[Node, int] = {}
        self.by_digit: dict[int, list[int]] = {}
        for v in digits:
            if v >= len(w) or not w[v]:
                continue
            for c in cells_in(w[v]):
                self._add((v, 1 << c))
            if grouped:
                for _, _, shared in t.crossings:
                    m = w[v] & shared
                    if m & (m - 1):
                        self._add((v, m))
        self.strong: list[list[tuple[int, int]]] = [[] for _ in self.nodes]  # (node, unit or -1 for a cell)
        if unit_links:  # a node inside a unit's places of v links strongly to the rest of them, when a node
            for v, ids in self.by_digit.items():
                groups = [(a, self.nodes[a][1]) for a in ids if self.nodes[a][1] & (self.nodes[a][1] - 1)]
                for u, ub in enumerate(t.unit_bits):
                    m = w[v] & ub
                    if not m & (m - 1):
                        continue
                    inside = [self.index[(v, 1 << c)] for c in cells_in(m)]
                    for a in inside + [a for a, bits in groups if not bits & ~m]:
                        b = self.index.get((v, m & ~self.nodes[a][1]))
                        if b is not None:
                            self.strong[a].append((b, u))
        if cell_links:
            for c in range(t.cells):
                m = cands[c]
                if values[c] or m.bit_count() != 2:
                    continue
                x, y = (m & -m).bit_length(), m.bit_length()
                a, b = self.index.get((x, 1 << c)), self.index.get((y, 1 << c))
                if a is not None and b is not None:
                    self.strong[a].append((b, -1))
                    self.strong[b].append((a, -1))
        self.cell_links = cell_links
        self._weak: dict[int, list[int]] = {}

    def _add(self, node: Node) -> None:
        if node not in self.index:
            self.index[node] = len(self.nodes)
            self.nodes.append(node)
            self.by_digit.setdefault(node[0], []).append(self.index[node])

    def weak(self, a: int) -> list[int]:
        """Nodes that are off when node a is on (only those with a strong link onward)."""
        hit = self._weak.get(a)
        if hit is not None:
            return hit
        v, bits = self.nodes[a]
        sees = seen_by_all(self.t, bits)
        out = [b for b in self.by_digit[v] if b != a and self.strong[b] and not self.nodes[b][1] & ~sees]
        if self.cell_links and not bits & (bits - 1):
            m = self.cands[bits.bit_length() - 1] & ~bit(v)
            while m:
                low = m & -m
                b = self.index.get((low.bit_length(), bits))
                if b is not None and self.strong[b]:
                    out.append(b)
                m ^= low
        self._weak[a] = out
        return out

    def elims(self, a: int, b: int) -> Elims:
        """What goes when node a or node b is on."""
        (va, ba), (vb, bb) = self.nodes[a], self.nodes[b]
        t = self.t
        if va == vb:
            gone = self.w[va] & seen_by_all(t, ba) & seen_by_all(t, bb) & ~ba & ~bb
            return tuple((c, va) for c in cells_in(gone))
        out = []
        if ba == bb and not ba & (ba - 1):
            c = ba.bit_length() - 1
            m = self.cands[c] & ~bit(va) & ~bit(vb)
            return tuple((c, v) for v in range(1, m.bit_length() + 1) if m & bit(v))
        if not bb & (bb - 1) and self.cands[bb.bit_length() - 1] & bit(va) and bb & seen_by_all(t, ba):
            out.append((bb.bit_length() - 1, va))
        if not ba & (ba - 1) and self.cands[ba.bit_length() - 1] & bit(vb) and ba & seen_by_all(t, bb):
            out.append((ba.bit_length() - 1, vb))
        return tuple(out)


_graphs: dict[tuple, Graph] = {}
_grid: tuple = ()


def graph(g: Geometry, cands: Cands, values: Values, digits: Collection[int], grouped: bool, unit_links: bool,
          cell_links: bool, grid: tuple | None = None) -> Graph:
    """The Graph of a candidate grid, made once per grid and kind: the chain rungs of one ladder step (skyscraper,
    kite, turbot fish, X-chain) share them. `grid` is the grid's key when the caller has it already."""
    global _grid
    grid = grid or (id(g), tuple(cands), tuple(values))
    if grid != _grid:
        _graphs.clear()
        _grid = grid
    kind = (tuple(digits), grouped, unit_links, cell_links)
    found = _graphs.get(kind)
    if found is None:
        found = _graphs[kind] = Graph(g, cands, values, digits, grouped, unit_links, cell_links)
    return found


def _ends(graph: Graph, s: int, limit: int, back: bool = False) -> Iterator[tuple[int, int, dict]]:
    """Breadth first from node s (off) along strong then weak links: (strong links, an end node b that is then on,
    the parents to read the chain back) for every end first reached with 2 to `limit` strong links (with `back`,
    for loops: s itself too, a chain from s off to s on, and every other node enters once, on or off, but for a
    strong neighbour of s, which may come back off to close the loop)."""
    parent: dict[tuple[int, bool], tuple | None] = {(s, False): None}

    def fresh(b: int, on: bool) -> bool:
        if (b, on) in parent:
            return False
        if not back or b == s or (b, not on) not in parent:
            return True
        return not on and parent[(b, True)] is not None and parent[(b, True)][0] == (s, False)

    frontier = [s]
    for depth in range(1, limit + 1):
        on = []
        for a in frontier:
            for b, u in graph.strong[a]:
                if fresh(b, True):
                    parent[(b, True)] = ((a, False), u)
                    on.append(b)
        if depth >= 2:
            for b in on:
                if b != s or back:
                    yield depth, b, parent
        if depth == limit:
            return
        frontier = []
        for a in on:
            if a == s:  # a loop back to s ends there
                continue
            for b in graph.weak(a):
                if fresh(b, False):
                    parent[(b, False)] = ((a, True), None)
                    frontier.append(b)
        if not frontier:
            return


def search(graph: Graph, max_strong: int, accept: Collection[str] | None = None) -> LogicStep | None:
    """The shortest chain (at most `max_strong` strong links) that removes something and whose name is accepted."""
    best: tuple[int, list, Elims, str] | None = None
    limit = max_strong
    for s in range(len(graph.nodes)):
        if not graph.strong[s]:
            continue
        for depth, b, parent in _ends(graph, s, limit):
            gone = graph.elims(s, b)
            if not gone:
                continue
            path = _path(parent, b)
            name = classify(graph, path)
            if accept is None or name in accept:
                best = (depth, path, gone, name)
                limit = depth - 1
                break
        if best is not None and best[0] == 2:
            break
    if best is None:
        return None
    return _step(graph, *best[1:])


def search_all(graph: Graph, max_strong: int, accept: Collection[str] | None = None) -> Iterator[LogicStep]:
    """Every chain (at most `max_strong` strong links) that removes something and whose name is accepted: from each
    start, the shortest chain to each end, once per set of removals."""
    told: set[Elims] = set()
    for s in range(len(graph.nodes)):
        if not graph.strong[s]:
            continue
        budget.spend()
        for _, b, parent in _ends(graph, s, max_strong):
            gone = graph.elims(s, b)
            if not gone or tuple(sorted(gone)) in told:
                continue
            path = _path(parent, b)
            name = classify(graph, path)
            if accept is None or name in accept:
                told.add(tuple(sorted(gone)))
                yield _step(graph, path, gone, name)


def _path(parent: dict, end: int) -> list[tuple[int, bool, int | None]]:
    """The chain from its start to `end` (on): (node, on, unit of the strong link into it or None)."""
    out = []
    key: tuple[int, bool] | None = (end, True)
    while key is not None:
        entry = parent[key]
        out.append((key[0], key[1], entry[1] if entry else None))
        key = entry[0] if entry else None
    out.reverse()
    return out


def classify(graph: Graph, path: list[tuple[int, bool, int | None]]) -> str:
    """The chain's name by its shape."""
    nodes = [graph.nodes[i] for i, _, _ in path]
    digits = {v for v, _ in nodes}
    strong = [u for _, on, u in path if on]
    grouped = any(bits & (bits - 1) for _, bits in nodes)
    kinds = [graph.t.kinds[u] for u in strong if u is not None and u >= 0]
    if len(digits) == 1:
        if len(strong) == 2 and not grouped:
            if kinds[0] == kinds[1] and kinds[0] in (ROW, COLUMN):
                return "Skyscraper"
            return "2-string kite" if set(kinds) == {ROW, COLUMN} else "Turbot fish"
        if len(strong) == 2 and any(k not in (ROW, COLUMN) for k in kinds):
            return "Empty rectangle"
        return "Grouped X-chain" if grouped else "X-chain"
    if all(u == -1 for u in strong):
        masks = {graph.cands[bits.bit_length() - 1] for _, bits in nodes}
        return "Remote pair" if len(masks) == 1 and len(strong) >= 4 else "XY-chain"
    if len(strong) == 3 and strong[0] == -1 and strong[2] == -1 and strong[1] != -1 and not grouped \
            and graph.cands[nodes[0][1].bit_length() - 1] == graph.cands[nodes[-1][1].bit_length() - 1]:
        return "W-wing"
    return "Grouped AIC" if grouped else "AIC"


def _step(graph: Graph, path: list[tuple[int, bool, int | None]], gone: Elims, name: str) -> LogicStep:
    """The step of a chain, with its reason read out link by link."""
    g = graph.g
    (v0, b0), (v1, b1) = graph.nodes[path[0][0]], graph.nodes[path[-1][0]]
    ends = f"{name_cells(g, b0)} is {symbol(v0)} or {name_cells(g, b1)} is {symbol(v1)}"
    reason = f"If {' → '.join(_read(graph, path))}: so {ends}, and {removed_words(g, gone)}"
    return _chain_step(graph, name, path, reason, gone)


def _read(graph: Graph, path: list[tuple[int, bool, int | None]]) -> list[str]:
    """A chain's nodes in words: 'r1c2 is 5', 'r3c4 is not 7', '5 is in r1c1/r1c2'."""
    words = []
    for i, on, _ in path:
        v, bits = graph.nodes[i]
        where_ = name_cells(graph.g, bits)
        if bits & (bits - 1):
            words.append(f"{symbol(v)} is {'in' if on else 'not in'} {where_}")
        else:
            words.append(f"{where_} is {'' if on else 'not '}{symbol(v)}")
    return words


def _chain_step(graph: Graph, name: str, path: list[tuple[int, bool, int | None]], reason: str, gone: Elims,
                place: tuple[int, int] | None = None) -> LogicStep:
    """A chain's step: its nodes in order as the chain the page draws, their cells and candidates as causes."""
    chain = tuple((tuple(cells_in(graph.nodes[i][1])), graph.nodes[i][0], on) for i, on, _ in path)
    cells = tuple(dict.fromkeys(c for cs, _, _ in chain for c in cs))
    causes = tuple(dict.fromkeys((c, v) for cs, v, _ in chain for c in cs))
    return LogicStep(name, cells, reason, eliminate=gone, causes=causes, chain=chain, place=place)


def single_digit(names: Collection[str], grouped: bool, max_strong: int) -> Finder[LogicStep]:
    """A finder for single-value chains of the given names (each value on its own)."""

    def every(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        grid = (id(g), tuple(cands), tuple(values))
        for v in range(1, g.n + 1):
            yield from search_all(graph(g, cands, values, (v,), grouped, True, False, grid), max_strong, names)

    def best(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
        best = None
        grid = (id(g), tuple(cands), tuple(values))
        for v in range(1, g.n + 1):
            step = search(graph(g, cands, values, (v,), grouped, True, False, grid), max_strong, names)
            if step is not None and (best is None or len(step.chain) < len(best.chain)):
                best = step
                if len(step.chain) == 4:
                    break
        return best

    return Finder(every, best)


def chain_finder(names: Collection[str] | None, grouped: bool, unit_links: bool, cell_links: bool,
                 max_strong: int) -> Finder[LogicStep]:
    """A finder for chains over every value (XY-chains, W-wings, AICs)."""

    def of(g: Geometry, cands: Cands, values: Values) -> Graph:
        return graph(g, cands, values, range(1, g.n + 1), grouped, unit_links, cell_links)

    def every(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        return search_all(of(g, cands, values), max_strong, names)

    def best(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
        return search(of(g, cands, values), max_strong, names)

    return Finder(every, best)


# ---------------------------------------------------------------------------- nice loops

def _weakly_linked(graph: Graph, a: int, b: int) -> bool:
    """Whether nodes a and b cannot both be on: one value in two sets of cells that see each other, or two values
    of one cell."""
    (va, ba), (vb, bb) = graph.nodes[a], graph.nodes[b]
    if va == vb:
        return not bb & ~seen_by_all(graph.t, ba)
    return ba == bb and not ba & (ba - 1)


def _loops(graph: Graph, max_strong: int, shrink: bool) -> Iterator[LogicStep]:
    """Every nice loop (at most `max_strong` strong links) that does something, from each start the shortest to each
    end: a chain from node s off back to s on (discontinuous: s is true), or to a node on that rules s out, all
    nodes distinct (continuous: with as many strong as weak links, each weak link has exactly one true end, so
    what both ends of a weak link rule out goes). With `shrink`, each loop yielded is shorter than the last."""
    limit = max_strong
    for s in range(len(graph.nodes)):
        if not graph.strong[s]:
            continue
        budget.spend()
        for depth, b, parent in _ends(graph, s, limit, back=True):
            path = _path(parent, b)
            step = _closed(graph, path) if b != s else _discontinuous(graph, path)
            if step is not None:
                yield step
                if shrink:
                    limit = depth - 1
                    break


def _discontinuous(graph: Graph, path: list[tuple[int, bool, int | None]]) -> LogicStep | None:
    """The placement of a chain from a one-cell node off back to it on, through other nodes once each."""
    v, bits = graph.nodes[path[0][0]]
    inner = [i for i, _, _ in path[1:-1]]
    if bits & (bits - 1) or len(set(inner)) != len(inner) or path[0][0] in inner:
        return None
    c = bits.bit_length() - 1
    grouped = any(graph.nodes[i][1] & (graph.nodes[i][1] - 1) for i, _, _ in path)
    reason = (f"If {' → '.join(_read(graph, path))}: assuming {graph.g.name(c)} is not {symbol(v)} proves it is, so "
              f"{graph.g.name(c)} is {symbol(v)}")
    name = "Grouped discontinuous nice loop" if grouped else "Discontinuous nice loop"
    return _chain_step(graph, name, path, reason, (), (c, v))


def _closed(graph: Graph, path: list[tuple[int, bool, int | None]]) -> LogicStep | None:
    """The step of a continuous nice loop (None when the path does not close into one or removes nothing)."""
    ids = [i for i, _, _ in path]
    if len(set(ids)) != len(ids) or not _weakly_linked(graph, ids[-1], ids[0]):
        return None
    inside = {(c, graph.nodes[i][0]) for i in ids for c in cells_in(graph.nodes[i][1])}
    gone: set[tuple[int, int]] = set()
    for (a, on, _), b in zip(path, ids[1:] + ids[:1], strict=True):
        if on:  # a weak link: one of its ends is true
            gone.update(graph.elims(a, b))
    gone -= inside
    if not gone:
        return None
    grouped = any(graph.nodes[i][1] & (graph.nodes[i][1] - 1) for i in ids)
    elims = tuple(sorted(gone))
    reason = (f"If {' → '.join(_read(graph, path + path[:1]))}: the loop closes, so each of its weak links has one "
              f"true end, and {removed_words(graph.g, elims)}")
    name = "Grouped continuous nice loop" if grouped else "Continuous nice loop"
    return _chain_step(graph, name, path + path[:1], reason, elims)


def nice_loop(grouped: bool, max_strong: int) -> Finder[LogicStep]:
    """A finder for continuous and discontinuous nice loops over every value (grouped nodes with `grouped`)."""

    def of(g: Geometry, cands: Cands, values: Values) -> Graph:
        return graph(g, cands, values, range(1, g.n + 1), grouped, True, True)

    def every(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        told: set[tuple] = set()
        for step in _loops(of(g, cands, values), max_strong, False):
            key = (step.place, tuple(sorted(step.eliminate)))
            if key not in told:
                told.add(key)
                yield step

    def best(g: Geometry, cands: Cands, values: Values) -> LogicStep | None:
        last = None
        for step in _loops(of(g, cands, values), max_strong, True):
            last = step
        return last

    return Finder(every, best)
