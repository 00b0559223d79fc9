"""Latin-square candidate propagation, shared by Sudoku and Skyscrapers.

A board is a list of candidate bitmasks, one per cell (bit v-1 set = value v possible);
a `Geometry` lists its units (rows, columns, and boxes for Sudoku), each of which must
hold every value once. The `find_*` functions return the first deduction a person could
make with one technique, as a `Step` with a reason in plain words; `propagate` applies
singles to a fixpoint for the complete solvers (Sudoku's search, Skyscrapers' phases). The
rules both families share with the page (symbols, units, moves) are in `rules/latin.py`.
Limits: values 1..n with n <= 35.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from .rules import latin as rules

Mask = int  # bit v-1 set = value v is possible
Cell = int  # index into the board, row-major


@dataclass(frozen=True)
class Constraint:
    """A rule over some cells beyond their units (a killer cage's sum, a Skyscrapers line's clues), as the forcing
    rungs follow it: `keep` maps the cells' candidates to what each keeps in some way of meeting the rule (a 0
    somewhere, or None, when there is none); `said` is the rule in words ("the cage at r1c1 adds up to 15"),
    `broken` what a contradiction of it says."""

    cells: tuple[Cell, ...]
    keep: Callable[[tuple[Mask, ...]], tuple[Mask, ...] | None] = field(compare=False)
    said: str
    broken: str


@dataclass(frozen=True)
class Geometry:
    """Cells, units and peers of a board whose units each hold 1..n once."""

    n: int
    rows: int
    cols: int
    units: tuple[tuple[Cell, ...], ...]
    unit_names: tuple[str, ...]  # "row 4", "column 2", "box 5" (1-based, for reasons: words only)
    unit_kinds: tuple[str, ...]  # rules.ROW, COLUMN, BOX, REGION or DIAGONAL: what code branches on
    peers: tuple[tuple[Cell, ...], ...] = field(repr=False)
    cell_units: tuple[tuple[int, ...], ...] = field(repr=False)  # unit indices per cell
    groups: tuple[tuple[str, tuple[Cell, ...]], ...] = ()  # (what, cells) whose digits differ: a cage's, ...
    typed: tuple[tuple[str, tuple], ...] = ()  # (constraint type, its items) beyond the units: ("cage", cages), ...
    constraints: tuple[Constraint, ...] = field(default=(), repr=False)  # further rules the forcing rungs follow

    @property
    def cages(self) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
        """A killer's cages (sum, cells), the items of its "cage" constraint type."""
        for key, items in self.typed:
            if key == "cage":
                return items
        return ()

    @property
    def full(self) -> Mask:
        """The mask with every value possible."""
        return (1 << self.n) - 1

    def name(self, cell: Cell) -> str:
        """A cell's name as players read it: r4c7 (1-based)."""
        return f"r{cell // self.cols + 1}c{cell % self.cols + 1}"


def make_geometry(n: int, rows: int, cols: int, units: Sequence[Sequence[Cell]], unit_names: Sequence[str],
                  unit_kinds: Sequence[str], groups: Sequence[tuple[str, Sequence[Cell]]] = (),
                  typed: tuple[tuple[str, tuple], ...] = ()) -> Geometry:
    """Build a geometry (peers and per-cell units) from its units (their names and kinds), the groups of cells
    whose digits differ beyond them (what they are in words, cells) and its constraints by type (the
    `constraints` package reads them)."""
    ncells = rows * cols
    peer_sets: list[set[Cell]] = [set() for _ in range(ncells)]
    cell_units: list[list[int]] = [[] for _ in range(ncells)]
    for u, unit in enumerate(units):
        for c in unit:
            peer_sets[c].update(unit)
            cell_units[c].append(u)
    for _what, cells in groups:
        for c in cells:
            peer_sets[c].update(cells)
    peers = tuple(tuple(sorted(p - {c})) for c, p in enumerate(peer_sets))
    return Geometry(n, rows, cols, tuple(map(tuple, units)), tuple(unit_names), tuple(unit_kinds), peers,
                    tuple(map(tuple, cell_units)), tuple((what, tuple(cells)) for what, cells in groups), typed)


@cache
def square(n: int, box: tuple[int, int] | None = None) -> Geometry:
    """An n x n latin square, with w x h boxes when `box` = (w, h) (Sudoku); built once per shape."""
    return make_geometry(n, n, n, rules.units(n, box), rules.unit_names(n, box), rules.unit_kinds(n, box))


def values_of(mask: Mask) -> list[int]:
    """The values (1-based) in a mask, ascending."""
    out, v = [], 1
    while mask:
        if mask & 1:
            out.append(v)
        mask >>= 1
        v += 1
    return out


def bit(value: int) -> Mask:
    """The mask of one value."""
    return 1 << (value - 1)


def popcount(mask: Mask) -> int:
    """Number of values in a mask."""
    return bin(mask).count("1")


def candidates(g: Geometry, values: Sequence[int]) -> list[Mask]:
    """Candidates computed from placed values alone (0 = empty): full minus peers' values."""
    return rules.candidates(list(values), list(g.peers), g.n)


def propagate(cands: list[Mask], queue: list[Cell], peers: Sequence[Sequence[Cell]],
              units: Sequence[Sequence[Cell]], full: Mask,
              cell_units: Sequence[Sequence[int]] | None = None, changed: Sequence[Cell] = ()) -> bool:
    """Naked and hidden singles to a fixpoint, in place; False on a contradiction.

    The one propagation engine of every latin-grid solver (the hot loop of Sudoku's search):
    `queue` holds the cells newly decided (consumed); `propagate_all` starts from every decided cell.
    With `cell_units` (each cell's unit indices) the masks must be a fixpoint but for the queued cells and the
    `changed` ones: the hidden singles are then looked for only in the units whose cells changed (the same
    fixpoint, found sooner)."""
    dirty = None if cell_units is None else {u for c in (*queue, *changed) for u in cell_units[c]}
    while True:
        while queue:
            c = queue.pop()
            m = cands[c]
            for p in peers[c]:
                pm = cands[p]
                if pm & m:
                    pm ^= m
                    if not pm:
                        return False
                    cands[p] = pm
                    if dirty is not None:
                        dirty.update(cell_units[p])
                    if not pm & (pm - 1):
                        queue.append(p)
        if dirty is None:
            scan = units
        else:
            scan, dirty = [units[u] for u in dirty], set()
        for unit in scan:
            once = twice = fixed = 0
            for c in unit:
                m = cands[c]
                twice |= once & m
                once |= m
                if not m & (m - 1):
                    fixed |= m
            if once != full:
                return False
            single = once & ~twice & ~fixed
            if single:
                for c in unit:
                    m = cands[c] & single
                    if m:
                        if m & (m - 1):
                            return False  # two values that fit only in this cell
                        cands[c] = m
                        queue.append(c)
                        if dirty is not None:
                            dirty.update(cell_units[c])
        if not queue:
            return True


def propagate_all(g: Geometry, cands: list[Mask]) -> bool:
    """Singles to a fixpoint from every decided cell, in place; False on a contradiction (an empty cell too)."""
    if 0 in cands:
        return False
    return propagate(cands, [c for c, m in enumerate(cands) if not m & (m - 1)], g.peers, g.units, g.full)


@dataclass(frozen=True)
class Step:
    """One deduction: place a value, or remove candidates, with its reason."""

    technique: str
    cells: tuple[Cell, ...]  # the cells a player should look at
    reason: str
    place: tuple[Cell, int] | None = None  # (cell, value)
    eliminate: tuple[tuple[Cell, int], ...] = ()  # (cell, value) pairs removed
    unit: int | None = None  # the unit the deduction is about, if any


def apply_step(cands: list[Mask], step: Step) -> None:
    """Apply a step's placement or eliminations to candidates in place (no propagation)."""
    if step.place is not None:
        cell, v = step.place
        cands[cell] = bit(v)
    for cell, v in step.eliminate:
        cands[cell] &= ~bit(v)


def naked_singles(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Iterator[Step]:
    """Every empty cell with one candidate left."""
    for c, m in enumerate(cands):
        if not values[c] and m and not m & (m - 1):
            v = values_of(m)[0]
            said = f"{g.name(c)} can only be {rules.symbol(v)}: every other value is "
            kinds = [*dict.fromkeys(g.unit_kinds[u] for u in g.cell_units[c])]
            kinds += [*dict.fromkeys(what for what, cells in g.groups if c in cells)]
            reason = said + (f"already in its {', '.join(kinds[:-1])} or {kinds[-1]}" if len(kinds) > 2 else
                             "ruled out")  # a row and a column alone (Skyscrapers): its clues rule out more
            yield Step("Naked single", (c,), reason, place=(c, v))


def hidden_singles(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Iterator[Step]:
    """Every value that fits in only one empty cell of a unit (boxes first, as people look)."""
    order = sorted(range(len(g.units)), key=lambda u: (g.unit_kinds[u] not in (rules.BOX, rules.REGION), u))
    for u in order:
        unit = g.units[u]
        placed = 0
        for c in unit:
            if values[c]:
                placed |= bit(values[c])
        for v in values_of(g.full & ~placed):
            where = [c for c in unit if not values[c] and cands[c] & bit(v)]
            if len(where) == 1:
                c = where[0]
                reason = f"In {g.unit_names[u]}, {rules.symbol(v)} fits only in {g.name(c)}"
                yield Step("Hidden single", (c,), reason, place=(c, v), unit=u)


def naked_subsets(g: Geometry, cands: Sequence[Mask], values: Sequence[int], k: int) -> Iterator[Step]:
    """Every k empty cells of a unit whose candidates together are k values: remove them elsewhere."""
    label = {2: "pair", 3: "triple", 4: "quad"}[k]
    for u, unit in enumerate(g.units):
        empty = [c for c in unit if not values[c] and 1 < popcount(cands[c]) <= k]
        for group in combinations(empty, k):
            union = 0
            for c in group:
                union |= cands[c]
            if popcount(union) != k:
                continue
            elim = tuple((c, v) for c in unit if c not in group and not values[c] for v in values_of(cands[c] & union))
            if elim:
                vals = "/".join(map(rules.symbol, values_of(union)))
                cells = ", ".join(g.name(c) for c in group)
                where = g.unit_names[u]
                reason = f"In {where}, {cells} hold {vals} between them, so {vals} leave the rest of {where}"
                yield Step(f"Naked {label}", group, reason, eliminate=elim, unit=u)


def hidden_subsets(g: Geometry, cands: Sequence[Mask], values: Sequence[int], k: int) -> Iterator[Step]:
    """Every k values of a unit that fit only in the same k cells: those cells lose other values."""
    label = {2: "pair", 3: "triple", 4: "quad"}[k]
    for u, unit in enumerate(g.units):
        placed = 0
        for c in unit:
            if values[c]:
                placed |= bit(values[c])
        open_values = values_of(g.full & ~placed)
        where = {v: [c for c in unit if not values[c] and cands[c] & bit(v)] for v in open_values}
        usable = [v for v in open_values if 1 < len(where[v]) <= k]
        for group in combinations(usable, k):
            cells = sorted({c for v in group for c in where[v]})
            if len(cells) != k:
                continue
            mask = sum(bit(v) for v in group)
            elim = tuple((c, v) for c in cells for v in values_of(cands[c] & ~mask))
            if elim:
                vals = "/".join(map(rules.symbol, group))
                names = ", ".join(g.name(c) for c in cells)
                reason = f"In {g.unit_names[u]}, {vals} fit only in {names}, so those cells can hold nothing else"
                yield Step(f"Hidden {label}", tuple(cells), reason, eliminate=elim, unit=u)


def find_naked_single(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    """An empty cell with one candidate left."""
    return next(naked_singles(g, cands, values), None)


def find_hidden_single(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    """A value that fits in only one empty cell of a unit (boxes first, as people look)."""
    return next(hidden_singles(g, cands, values), None)


def find_naked_subset(g: Geometry, cands: Sequence[Mask], values: Sequence[int], k: int) -> Step | None:
    """k empty cells of a unit whose candidates together are k values: remove them elsewhere."""
    return next(naked_subsets(g, cands, values, k), None)


def find_hidden_subset(g: Geometry, cands: Sequence[Mask], values: Sequence[int], k: int) -> Step | None:
    """k values of a unit that fit only in the same k cells: those cells lose other values."""
    return next(hidden_subsets(g, cands, values, k), None)


def most_weighted(cands: Sequence[Mask], weights: Sequence[int]) -> Cell:
    """The open cell with the fewest candidates per failure of its rules (`weights`; dom/wdeg), or -1 when every
    cell is decided."""
    best, size = -1, 1 << 30
    for c, m in enumerate(cands):
        if m & (m - 1):
            k = m.bit_count() / (1 + weights[c])
            if k < size:
                best, size = c, k
    return best


def most_constrained(cands: Sequence[Mask]) -> Cell:
    """The open cell with the fewest candidates (first of the ties), or -1 when every cell is decided."""
    best, size = -1, 1 << 30
    for c, m in enumerate(cands):
        if m & (m - 1):
            k = m.bit_count()
            if k < size:
                best, size = c, k
                if k == 2:
                    break
    return best
