"""Killer techniques as killer solvers teach them, over any latin geometry with cages (`Geometry.cages`).

- Cage combination: only some sets of different digits make a cage's sum with the candidates its cells have;
  a digit in none of them leaves the cage (a cage of one cell is its sum), and a cell keeps only the digits it can
  take while the other cells take the rest of a set (cages up to four cells; `cages.keep`).
- Cage and house: a digit every possible set of a cage holds, whose places in the cage all lie in one house,
  is the cage's there: it leaves the rest of that house.
- Rule of 45: a house (row, column, box or region) holds 1..n, so the cells of a house outside the cages wholly
  inside it (its innies) add up to the house's total minus those cages' sums, and the cells that cages reaching
  into the house have outside it (its outies) add up to those cages' sums minus the house's total; innies or
  outies that see each other are then a cage of their own.
Each finder returns the first step it finds (its `every`, all of them), with the cage's cells as causes. Known
limits: the rule of 45 looks at one house at a time (not at unions of houses), at most six innies or outies, and
outies only when they all see each other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .. import cages as engine
from ..latin import Geometry, Mask, bit, values_of
from ..rules.latin import DIAGONAL
from .board import Cands, LogicStep, Values, finder, list_words, name_cells, symbol, tables


def _masks(cands: Cands, values: Values) -> list[Mask]:
    """Candidates with the placed digits as single masks."""
    return [bit(v) if v else m for m, v in zip(cands, values, strict=True)]


def _sets_text(sets: Sequence[Mask]) -> str:
    """'1+2+7, 1+3+6 or 2+3+5'."""
    words = ["+".join(symbol(v) for v in values_of(s)) for s in sets]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _narrowing(g: Geometry, cells: Sequence[int], total: int, masks: Sequence[Mask], values: Values,
               what: str, cage: bool) -> LogicStep | None:
    """The step a cage (`cage`) or the rule of 45's virtual cage of `cells` adding up to `total` gives: a placement
    for one open cell, else the digits no filling of it gives a cell (a digit of no possible set, or one the other
    cells leave no way to complete), removed from its open cells."""
    combos = engine.combos(len(cells), total, g.n)
    sets = engine.possible(cells, combos, masks)
    if not sets:
        return None  # a contradiction: not this finder's to tell (the search and the checks do)
    keep = engine.keep(combos, tuple(masks[c] for c in cells))
    if 0 in keep:
        return None
    allowed = 0
    for s in sets:
        allowed |= s
    technique = "Cage combination" if cage else "Rule of 45"
    # "the cage … adds up … it has", "the innies of row 5 … add up … they have"
    is_, adds, has, it = ("is", "adds", "it has", "it") if cage else ("are", "add", "they have", "them")
    open_cells = [c for c in cells if not values[c]]
    if len(open_cells) == 1 and len(cells) == 1:
        c = cells[0]
        v = allowed.bit_length()
        reason = f"{what} {is_} {g.name(c)} alone and {adds} up to {total}, so {g.name(c)} is {symbol(v)}"
        return LogicStep(technique, (c,), reason, place=(c, v), causes=((c, v),))
    elim = tuple((c, v) for c, k in zip(cells, keep, strict=True) if not values[c] for v in values_of(masks[c] & ~k))
    if not elim:
        return None
    names = name_cells(g, list(cells))
    reason = f"{what} ({names}) {adds} up to {total}: with the candidates {has}, only {_sets_text(sets)} make that sum"
    gone = sorted({v for _, v in elim if not allowed & bit(v)})
    if gone:
        reason += (f", so {list_words([symbol(v) for v in gone])} {'is' if len(gone) == 1 else 'are'} not in {it}")
    fitted = [(c, k) for c, k in zip(cells, keep, strict=True)
              if not values[c] and masks[c] & allowed & ~k]  # cells that lose a digit the sets still have
    if fitted:
        told = "; ".join(f"{g.name(c)} can only be {'/'.join(symbol(v) for v in values_of(k))}" for c, k in fitted)
        reason += (f"{' and' if gone else ','} as each cell takes a different digit of the set and every cell must "
                   f"get one: {told}")
    causes = tuple((c, v) for c, k in zip(cells, keep, strict=True) for v in values_of(masks[c] & k))
    return LogicStep(technique, tuple(cells), reason, eliminate=elim, causes=causes)


@finder
def combination(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Cage combination: the digit sets that make a cage's sum keep its cells' candidates within them."""
    if not g.cages:
        return
    masks = _masks(cands, values)
    for total, cells in g.cages:
        if all(values[c] for c in cells):
            continue
        step = _narrowing(g, cells, total, masks, values, f"The cage at {g.name(cells[0])}", True)
        if step is not None:
            yield step


@finder
def cage_and_house(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """A digit a cage must hold, confined within the cage to one house, leaves the rest of that house."""
    if not g.cages:
        return
    t = tables(g)
    masks = _masks(cands, values)
    for total, cells in g.cages:
        sets = engine.possible(cells, engine.combos(len(cells), total, g.n), masks)
        if not sets:
            continue
        must = sets[0]
        for s in sets[1:]:
            must &= s
        cage_bits = sum(1 << c for c in cells)
        for v in values_of(must):
            if any(values[c] == v for c in cells):
                continue
            spots = [c for c in cells if masks[c] & bit(v)]
            spot_bits = sum(1 << c for c in spots)
            for u, unit_bits in enumerate(t.unit_bits):
                if spot_bits & ~unit_bits:
                    continue
                gone = [c for c in g.units[u] if not cage_bits >> c & 1 and not values[c] and masks[c] & bit(v)]
                if gone:
                    reason = (f"The cage at {g.name(cells[0])} (sum {total}) can only be {_sets_text(sets)}: each "
                              f"holds {symbol(v)}, and in the cage {symbol(v)} can only go in "
                              f"{name_cells(g, spots)}, inside {g.unit_names[u]}; so {symbol(v)} leaves the rest "
                              f"of {g.unit_names[u]}")
                    yield LogicStep("Cage and house", tuple(spots), reason, eliminate=tuple((c, v) for c in gone),
                                    unit=u, causes=tuple((c, v) for c in spots))


def _mutual(g: Geometry, cells: Sequence[int]) -> bool:
    """Whether the cells all see each other (so their digits differ)."""
    t = tables(g)
    return all(t.peer_bits[a] >> b & 1 for i, a in enumerate(cells) for b in cells[i + 1:])


@finder
def rule_of_45(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
    """Innies and outies of one house, told as a cage of their own when they see each other."""
    if not g.cages:
        return
    cage_of = {c: k for k, (_total, cells) in enumerate(g.cages) for c in cells}
    masks = _masks(cands, values)
    house_total = g.n * (g.n + 1) // 2
    for u, unit in enumerate(g.units):
        if g.unit_kinds[u] == DIAGONAL:
            continue
        inside = set(unit)
        touching = sorted({cage_of[c] for c in unit if c in cage_of})
        whole = [k for k in touching if all(c in inside for c in g.cages[k][1])]
        innies = [c for c in unit if c not in cage_of or cage_of[c] not in whole]
        if innies and len(innies) <= engine.INNIES_MAX and any(not values[c] for c in innies):
            total = house_total - sum(g.cages[k][0] for k in whole)
            step = _narrowing(g, innies, total, masks, values, f"The innies of {g.unit_names[u]}", False)
            if step is not None:
                yield step
        if all(c in cage_of for c in unit):
            outies = sorted(c for k in touching if k not in whole for c in g.cages[k][1] if c not in inside)
            if outies and len(outies) <= engine.INNIES_MAX and any(not values[c] for c in outies) and \
                    _mutual(g, outies):
                total = sum(g.cages[k][0] for k in touching) - house_total
                step = _narrowing(g, outies, total, masks, values, f"The outies of {g.unit_names[u]}", False)
                if step is not None:
                    yield step
