"""Sudoku as people solve it: an ordered ladder of techniques for hints, grading and generation.

Each technique finds the first deduction of its kind on a candidate grid and returns a
`latin.Step` (placement or eliminations, cells, a one-sentence reason). A puzzle's grade is
the grade of the hardest technique the ladder needed; "Diabolical" means it had to guess.
Known limits: no uniqueness-based techniques, no chains beyond simple colouring.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from .. import latin
from ..base import PuzzleError
from ..latin import Geometry, Mask, Step, bit, values_of
from .grid import GRADES, Box, Puzzle, symbol
from .solver import NO_SOLUTION, _tables

Finder = Callable[[Geometry, Sequence[Mask], Sequence[int]], Step | None]


@dataclass(frozen=True)
class Technique:
    """One rung of the ladder: its name, grade index and finder."""

    name: str
    level: int
    find: Finder


def _hidden_single(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    return latin.find_hidden_single(g, cands, values)


def _naked_single(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    return latin.find_naked_single(g, cands, values)


def _where(unit: Sequence[int], cands: Sequence[Mask], values: Sequence[int], b: Mask) -> list[int]:
    """The open cells of a unit where the value with mask `b` is still a candidate."""
    return [c for c in unit if not values[c] and cands[c] & b]


def _elim(cells: Sequence[int], cands: Sequence[Mask], values: Sequence[int], v: int, keep: Collection[int]) -> tuple:
    """(cell, v) eliminations for the open cells outside `keep` that still allow v."""
    b = bit(v)
    return tuple((c, v) for c in cells if c not in keep and not values[c] and cands[c] & b)


def _open_or(cands: Sequence[Mask], values: Sequence[int], cells: Sequence[int]) -> Mask:
    """The union of candidates over the open cells among `cells`."""
    m = 0
    for c in cells:
        if not values[c]:
            m |= cands[c]
    return m


def _locked(g: Geometry, cands: Sequence[Mask], values: Sequence[int], pointing: bool) -> Step | None:
    """Locked candidates: a value of one unit confined to its overlap with a crossing unit leaves the rest of it.

    Pointing looks from boxes to rows/columns, claiming from rows/columns to boxes; the overlaps are the
    box's row and column segments, compared as candidate masks."""
    for u, crossing in _crossings(g, pointing):
        unit = g.units[u]
        segs = [_open_or(cands, values, cells) for _, cells, _ in crossing]
        for i, (cu, cells, kind) in enumerate(crossing):
            others = 0
            for j, (_, _, other_kind) in enumerate(crossing):
                if j != i and other_kind == kind:
                    others |= segs[j]
            confined = segs[i] & ~others
            for v in values_of(confined):
                where = [c for c in cells if not values[c] and cands[c] & bit(v)]
                elim = _elim(g.units[cu], cands, values, v, unit)
                if elim:
                    name, other = g.unit_names[u], g.unit_names[cu]
                    reason = (f"In {name}, {symbol(v)} fits only {'in' if pointing else 'inside'} {other}, "
                              f"so {symbol(v)} is removed from the rest of {other}")
                    label = "pointing" if pointing else "claiming"
                    return Step(f"Locked candidates ({label})", tuple(where), reason, eliminate=elim, unit=u)
    return None


_CROSSINGS: dict[tuple[int, bool], tuple[Geometry, list]] = {}


def _crossings(g: Geometry, pointing: bool) -> list[tuple[int, list[tuple[int, tuple[int, ...], bool]]]]:
    """For each base unit (boxes when pointing, else lines): its crossing units, shared cells, and kind."""
    hit = _CROSSINGS.get((id(g), pointing))
    if hit is None or hit[0] is not g:
        n = g.n
        out = []
        for u in (range(2 * n, 3 * n) if pointing else range(2 * n)):
            shared: dict[int, list[int]] = {}
            for c in g.units[u]:
                for cu in g.cell_units[c]:
                    if cu != u and (cu >= 2 * n) != pointing:
                        shared.setdefault(cu, []).append(c)
            out.append((u, [(cu, tuple(cells), cu < n) for cu, cells in shared.items()]))
        hit = _CROSSINGS[(id(g), pointing)] = (g, out)
    return hit[1]


def _pointing(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    """In a box, a value confined to one row or column leaves the rest of that line."""
    return _locked(g, cands, values, True)


def _claiming(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    """In a row or column, a value confined to one box leaves the rest of that box."""
    return _locked(g, cands, values, False)


def _subset(naked: bool, k: int) -> Finder:
    """A finder for naked or hidden subsets of size k (latin.py's shared engine)."""
    find = latin.find_naked_subset if naked else latin.find_hidden_subset

    def finder(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
        return find(g, cands, values, k)

    return finder


FISH = {2: "X-wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(k: int) -> Finder:
    """A finder for basic fish of size k: k lines where a value fits only in the same k cross lines."""

    def finder(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
        n = g.n
        for v in range(1, n + 1):
            b = bit(v)
            for base in (0, n):  # rows as base lines (columns covered), then columns
                cross = (lambda c: n + c % n) if base == 0 else (lambda c: c // n)
                lines = []
                for u in range(base, base + n):
                    where = _where(g.units[u], cands, values, b)
                    if 2 <= len(where) <= k:
                        lines.append((u, where))
                for group in combinations(lines, k):
                    cover = {cross(c) for _, where in group for c in where}
                    if len(cover) != k:
                        continue
                    cells = [c for _, where in group for c in where]
                    elim = tuple(e for cu in sorted(cover) for e in _elim(g.units[cu], cands, values, v, cells))
                    if elim:
                        names = _names(g, [u for u, _ in group])
                        cover_names = _names(g, sorted(cover))
                        reason = (f"In {names}, {symbol(v)} fits only in {cover_names}, so {symbol(v)} is removed "
                                  f"from the rest of {cover_names}")
                        return Step(FISH[k], tuple(sorted(cells)), reason, eliminate=elim)
        return None

    return finder


def _names(g: Geometry, units: Sequence[int]) -> str:
    """'rows 2, 5 and 7' from unit indices of one kind."""
    words = [g.unit_names[u].split() for u in units]
    nums = [w[1] for w in words]
    kind = words[0][0] + "s"
    return f"{kind} {', '.join(nums[:-1])} and {nums[-1]}"


_PEER_SETS: dict[int, tuple[Geometry, list[frozenset[int]]]] = {}


def peer_sets(g: Geometry) -> list[frozenset[int]]:
    """Each cell's peers as a set (cached per geometry)."""
    hit = _PEER_SETS.get(id(g))
    if hit is None or hit[0] is not g:
        hit = _PEER_SETS[id(g)] = (g, [frozenset(p) for p in g.peers])
    return hit[1]


def _open_cells(cands: Sequence[Mask], values: Sequence[int], sizes: Collection[int]) -> list[int]:
    """Open cells with a number of candidates in `sizes`."""
    return [c for c, m in enumerate(cands) if not values[c] and m.bit_count() in sizes]


def _seen_by_all(g: Geometry, cands: Sequence[Mask], values: Sequence[int], v: int, cells: Sequence[int]) -> tuple:
    """Eliminations of v from open cells that see every one of `cells`."""
    ps = peer_sets(g)
    common = set.intersection(*(set(ps[c]) for c in cells)) - set(cells)
    return _elim(sorted(common), cands, values, v, ())


def _wing(g: Geometry, cands: Sequence[Mask], values: Sequence[int], xyz: bool) -> Step | None:
    """XY-wing (pivot xy, pincers xz and yz among its peers: z leaves cells seeing both pincers) or
    XYZ-wing (pivot xyz, pincers xz and yz: z leaves cells seeing all three)."""
    ps = peer_sets(g)
    pairs = _open_cells(cands, values, (2,))
    for pivot in _open_cells(cands, values, (3,) if xyz else (2,)):
        pm = cands[pivot]
        # an XYZ pincer lies inside the pivot's three values; an XY pincer shares exactly one of its two
        wings = [c for c in pairs if c in ps[pivot]
                 and (cands[c] & pm == cands[c] if xyz else (cands[c] & pm).bit_count() == 1)]
        for a, b in combinations(wings, 2):
            am, bm = cands[a], cands[b]
            z = am & bm & ~pm if not xyz else am & bm
            ok = am | bm == pm if xyz else am & pm != bm & pm
            if not ok or not z or z & (z - 1):
                continue
            v = z.bit_length()
            elim = _seen_by_all(g, cands, values, v, (pivot, a, b) if xyz else (a, b))
            if not elim:
                continue
            if xyz:
                reason = (f"One of {g.name(pivot)}, {g.name(a)} and {g.name(b)} must be {symbol(v)}, so {symbol(v)} "
                          f"is removed from cells that see all three")
            else:
                x, y = values_of(pm)
                reason = (f"{g.name(pivot)} is {symbol(x)} or {symbol(y)}, so {g.name(a)} or {g.name(b)} must be "
                          f"{symbol(v)}: {symbol(v)} is removed from cells that see both")
            return Step("XYZ-wing" if xyz else "XY-wing", (pivot, a, b), reason, eliminate=elim)
    return None


def _xy_wing(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    return _wing(g, cands, values, False)


def _xyz_wing(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    return _wing(g, cands, values, True)


def _colouring(g: Geometry, cands: Sequence[Mask], values: Sequence[int]) -> Step | None:
    """Simple colouring: chains of conjugate pairs of one value, coloured alternately."""
    ps = peer_sets(g)
    n = g.n
    for v in range(1, n + 1):
        b = bit(v)
        links: dict[int, list[int]] = {}
        for unit in g.units:
            where = _where(unit, cands, values, b)
            if len(where) == 2:
                x, y = where
                links.setdefault(x, []).append(y)
                links.setdefault(y, []).append(x)
        seen: set[int] = set()
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
            if len(colour) < 3:
                continue
            chain = tuple(sorted(colour))
            groups = [[c for c in chain if colour[c] == k] for k in (0, 1)]
            for k in (0, 1):  # colour wrap: two cells of one colour see each other, so that colour is false
                if any(d in ps[c] for c, d in combinations(groups[k], 2)):
                    elim = tuple((c, v) for c in groups[k])
                    reason = (f"The chain of {symbol(v)}s through {len(chain)} cells alternates; two cells of one "
                              f"colour see each other, so {symbol(v)} is removed from every cell of that colour")
                    return Step("Simple colouring", chain, reason, eliminate=elim)
            elim = tuple((c, v) for c in range(n * n) if c not in colour and not values[c] and cands[c] & b
                         and any(d in ps[c] for d in groups[0]) and any(d in ps[c] for d in groups[1]))
            if elim:
                reason = (f"The chain of {symbol(v)}s through {len(chain)} cells alternates, so one of its two colours "
                          f"holds {symbol(v)}; cells that see both colours lose {symbol(v)}")
                return Step("Simple colouring", chain, reason, eliminate=elim)
    return None


LADDER: list[Technique] = [
    Technique("Hidden single", 0, _hidden_single),
    Technique("Naked single", 0, _naked_single),
    Technique("Locked candidates (pointing)", 1, _pointing),
    Technique("Locked candidates (claiming)", 1, _claiming),
    Technique("Naked pair", 1, _subset(True, 2)),
    Technique("Naked triple", 1, _subset(True, 3)),
    Technique("Hidden pair", 2, _subset(False, 2)),
    Technique("X-wing", 2, _fish(2)),
    Technique("Naked quad", 2, _subset(True, 4)),
    Technique("Hidden triple", 2, _subset(False, 3)),
    Technique("Hidden quad", 2, _subset(False, 4)),
    Technique("Swordfish", 3, _fish(3)),
    Technique("XY-wing", 3, _xy_wing),
    Technique("XYZ-wing", 3, _xyz_wing),
    Technique("Simple colouring", 3, _colouring),
    Technique("Jellyfish", 3, _fish(4)),
]
SINGLES = 2  # the first two rungs


def first_step(g: Geometry, cands: Sequence[Mask], values: Sequence[int],
               max_level: int = 99, start: int = 0) -> tuple[Step, int] | None:
    """The easiest step the ladder finds (rungs from `start`, up to `max_level`) and its level."""
    for tech in LADDER[start:]:
        if tech.level > max_level:
            break
        step = tech.find(g, cands, values)
        if step is not None:
            return step, tech.level
    return None


# ---------------------------------------------------------------------------- grading

def logic_solve(puzzle: Puzzle, max_level: int = 3,
                record: list[tuple[Step, int, list[Mask]]] | None = None) -> tuple[int, list[int] | None]:
    """(hardest level used, solved values or None when stuck) solving by the ladder up to `max_level`.

    Singles are applied in bulk between steps; `record` receives (step, level, candidates before it) for
    every step above singles."""
    cands = _start(puzzle.givens, puzzle.box)
    if cands is None:
        raise PuzzleError(NO_SOLUTION, "no-solution")
    hardest, solved = _ladder(puzzle.geometry, puzzle.box, cands, max_level, record)
    if not solved:
        return max(hardest, len(GRADES) - 1), None
    return hardest, [m.bit_length() for m in cands]


def _start(values: Sequence[int], box: Box) -> list[Mask] | None:
    """Candidates of the givens after singles, or None on a contradiction."""
    peers, units, full = _tables(box[0] * box[1], box)
    cands = [1 << (v - 1) if v else full for v in values]
    return cands if latin.propagate(cands, [c for c, v in enumerate(values) if v], peers, units, full) else None


def _ladder(g: Geometry, box: Box, cands: list[Mask], max_level: int,
            record: list[tuple[Step, int, list[Mask]]] | None = None, until: Collection[int] = ()) -> tuple[int, bool]:
    """Run the ladder (rungs above singles, up to `max_level`) on candidates in place: (hardest level, solved).

    With `until`, stop as soon as those cells are decided (solved = True then)."""
    peers, units, full = _tables(g.n, box)
    hardest = 0
    while True:
        if until and all(not cands[c] & (cands[c] - 1) for c in until):
            return hardest, True
        values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
        if all(values):
            return hardest, True
        found = first_step(g, cands, values, max_level, SINGLES)  # singles were applied in bulk
        if found is None:
            return hardest, False
        step, level = found
        hardest = max(hardest, level)
        if record is not None:
            record.append((step, level, cands[:]))
        latin.apply_step(cands, step)
        queue = [c for c, _ in step.eliminate if cands[c] and not cands[c] & (cands[c] - 1)]
        if step.place is not None:
            queue.append(step.place[0])
        if not latin.propagate(cands, queue, peers, units, full):
            raise PuzzleError(NO_SOLUTION, "no-solution")


def grade(puzzle: Puzzle) -> int:
    """The grade index: hardest technique needed, the last grade when guessing is needed."""
    return logic_solve(puzzle)[0]
