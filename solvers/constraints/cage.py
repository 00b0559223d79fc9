"""Killer cages: a cage's digits differ and add up to its sum (the solve input's "cages", a layout's /k section).

An item is (sum, cells). Besides each cage's own sum the type gives the forcing rungs and the variants' search
the rule of 45 (a house's innies as a cage of their own) and the sums of unions of lines; the digit sets and
what they leave each cell are in `solvers/cages.py`, the techniques that explain them in `logic/cages.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .. import cages
from ..latin import Cell, Constraint, Geometry, Mask
from ..rules.latin import cell_name
from . import Item, Type


class Cage(Type):
    """A killer cage."""

    key = "cage"
    title = "cage"
    plural = "killer cages"
    problem = "sum"
    entries = False

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The cage's cells."""
        return item[1]

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """A cage's digits differ."""
        return [item[1]]

    def said(self, item: Item, n: int) -> str:
        """"the cage at r1c1 adds up to 15"."""
        return f"the cage at {cell_name(n, item[1][0])} adds up to {item[0]}"

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """Each cage's sum, the innies of every house (the rule of 45) as cages, and the innies and outies of
        unions of lines as sums."""
        named = [*((total, cells, self.said((total, cells), g.n)) for total, cells in items),
                 *((total, cells, f"{g.name(cells[0])}, the one innie of {g.unit_names[u]}, is {total}"
                    if len(cells) == 1 else
                    f"{'+'.join(map(g.name, cells))}, the innies of {g.unit_names[u]}, add up to {total}")
                   for total, cells, u in cages.innies(g.units, items, g.n))]
        out = [Constraint(tuple(cells), partial(cages.keep, cages.combos(len(cells), total, g.n)), said,
                          f"{said}, which no digits left to it can make") for total, cells, said in named]
        for u, cells, parts in cages.partitions(g.units, items, g.n):
            said = f"the cages inside {g.unit_names[u]} and its other cells share its digits"
            out.append(Constraint(cells, partial(cages.shares, parts), said,
                                  f"{said}, which no digits left to them can do"))
        for total, cells, what in cages.line_sums(g.units, g.unit_kinds, items, g.n):
            said = f"{'+'.join(map(g.name, cells))}, {what}, add up to {total}"
            out.append(Constraint(cells, partial(cages.sums, total), said,
                                  f"{said}, which no digits left to them can make"))
        return out

    def fits(self, item: Item, values: Sequence[int], n: int) -> bool:
        """Whether the cage's digits so far can still add up to its sum (exactly, once it is full)."""
        total, cells = item
        placed = [values[c] for c in cells if values[c]]
        left = len(cells) - len(placed)
        return sum(placed) == total if not left else sum(placed) + left * (left + 1) // 2 <= total

    def narrow(self, items: Sequence[Item], g: Geometry, cands: list[Mask]) -> bool:
        """Each cage keeps the digits of the sets it can still make."""
        return cages.narrow(cands, cages.prepare(items, g.n)) is not None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A full cage whose digits do not add up to its sum."""
        total, cells = item
        got = sum(values[c] for c in cells)
        if all(values[c] for c in cells) and got != total:
            return f"The digits of the cage at {cell_name(n, cells[0])} add up to {got}, not {total}"
        return None


TYPE = Cage()
