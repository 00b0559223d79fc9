"""German whispers: neighbours along a green line differ by at least 5 (Dutch whispers, an orange line: 4; any
other gap as given; the "whispers" key of the f-puzzles constraint plugin, its "value" the gap).

An entry is {"type": "whispers", "cells": [[row, col], ...], "gap"?: 5}.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, partial

from ..base import Json
from ..latin import Cell, Constraint, Geometry, Mask
from ..rules.latin import cell_name
from . import Item, Line, chain_keep, name_of, support

GERMAN = 5  # German whispers' gap, the default


@cache
def _table(n: int, gap: int) -> tuple[Mask, ...]:
    return support(n, lambda x, y: abs(x - y) >= gap)


class Whispers(Line):
    """A whispers line."""

    key = "whispers"
    title = "whispers line"
    plural = "whispers lines"
    technique = "Whispers"
    fpuzzles = ("whispers",)

    def read(self, entry: Json, n: int) -> Item:
        """(gap, cells)."""
        gap = entry.get("gap", GERMAN)
        if type(gap) is not int or not 1 <= gap < n:
            raise ValueError(f'its "gap" must be a whole number from 1 to {n - 1}')
        return gap, super().read(entry, n)

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {**super().write(item[1], n), **({"gap": item[0]} if item[0] != GERMAN else {})}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The line's cells."""
        return item[1]

    def said(self, item: Item, n: int) -> str:
        """"neighbours on the whispers line from r1c1 differ by at least 5"."""
        return f"neighbours on the whispers line from {cell_name(n, item[1][0])} differ by at least {item[0]}"

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """One rule per line (a pass each way)."""
        return [Constraint(item[1], partial(chain_keep, _table(g.n, item[0])), self.said(item, g.n),
                           f"{self.said(item, g.n)}, which no digits left can meet") for item in items]

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """Placed neighbours too close."""
        gap, cells = item
        for a, b in zip(cells, cells[1:], strict=False):
            if values[a] and values[b] and abs(values[a] - values[b]) < gap:
                return (f"{cell_name(n, a)} = {values[a]} and {cell_name(n, b)} = {values[b]} are neighbours on a "
                        f"whispers line, so they must differ by at least {gap}")
        return None


    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """The lines, each with the entry's "value" as its gap (5 when none)."""
        out = super().from_fpuzzles(key, value, n)
        gaps = [int(e["value"]) if str(e.get("value") or "").isdigit() else GERMAN
                for e in value if isinstance(e, dict) for _line in e["lines"]]  # type: ignore[union-attr]
        return [{**entry, **({"gap": gap} if gap != GERMAN else {})} for entry, gap in zip(out, gaps, strict=True)]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """One entry per line, its gap as "value"."""
        return {"whispers": [{"lines": [[name_of(c, n) for c in cells]], "value": str(gap)} for gap, cells in items]}


TYPE = Whispers()
