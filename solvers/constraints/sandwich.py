"""Sandwich sums: a clue outside a row or column is the sum of the digits between its 1 and its n (f-puzzles'
"sandwichsum", read for 9x9 as between 1 and 9).

An entry is {"type": "sandwich", "sum": s, "row": r} or {..., "column": c} (0-based).
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cages
from ..base import Json
from ..latin import Cell, Mask
from . import Item, Type


class Sandwich(Type):
    """A sandwich clue."""

    key = "sandwich"
    title = "sandwich clue"
    plural = "sandwich clues"
    technique = "Sandwich"
    fpuzzles = ("sandwichsum",)

    def read(self, entry: Json, n: int) -> Item:
        """(line, index, sum, cells): line "row" or "column"."""
        line = "row" if "row" in entry else "column"
        index, total = entry.get(line), entry.get("sum")
        if type(index) is not int or not 0 <= index < n:
            raise ValueError(f'it names its "row" or "column", 0 to {n - 1}')
        if type(total) is not int or not 0 <= total <= sum(range(2, n)):
            raise ValueError(f"its sum must be a whole number from 0 to {sum(range(2, n))}")
        cells = tuple(index * n + k for k in range(n)) if line == "row" else tuple(k * n + index for k in range(n))
        return line, index, total, cells

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, item[0]: item[1], "sum": item[2]}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The row's or column's cells."""
        return item[3]

    def said(self, item: Item, n: int) -> str:
        """"the digits between 1 and 9 in row 3 add up to 12"."""
        return f"the digits between 1 and {n} in {item[0]} {item[1] + 1} add up to {item[2]}"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Over every place of the 1 and the n: what each cell keeps."""
        ends = 1 | 1 << (n - 1)
        out = [0] * n
        for i in range(n):
            for j in range(i + 1, n):
                for lo, hi in ((1, 1 << (n - 1)), (1 << (n - 1), 1)):
                    if not (masks[i] & lo and masks[j] & hi):
                        continue
                    inside = tuple(m & ~ends for m in masks[i + 1:j])  # one row's: different digits
                    inner = cages.keep(cages.combos(len(inside), item[2], n), inside) if inside else ()
                    outer = [m & ~ends for m in (*masks[:i], *masks[j + 1:])]
                    if (not inside and item[2]) or 0 in inner or 0 in outer:
                        continue
                    for k, m in zip((*range(i), *range(j + 1, n)), outer, strict=True):
                        out[k] |= m
                    for k, m in zip(range(i + 1, j), inner, strict=True):
                        out[k] |= m
                    out[i] |= lo
                    out[j] |= hi
        return tuple(out) if any(out) else None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """The 1 and the n placed with every digit between them, adding up to something else."""
        row = [values[c] for c in item[3]]
        if 1 in row and n in row:
            i, j = sorted((row.index(1), row.index(n)))
            if all(row[i + 1:j]) and sum(row[i + 1:j]) != item[2]:
                return (f"The digits between 1 and {n} in {item[0]} {item[1] + 1} add up to {sum(row[i + 1:j])}, "
                        f"not {item[2]}")
        return None

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cell": "R0C3", "value": "12"}, ...]: a clue above a column (R0) or left of a row (C0)."""
        out = []
        for e in value if isinstance(value, list) else [None]:
            if not (isinstance(e, dict) and str(e.get("value", "")).isdigit()):
                raise ValueError("an f-puzzles sandwich clue has a cell and a sum")
            text = str(e.get("cell", "")).upper()
            row, _, col = text[1:].partition("C")
            if not (row.isdigit() and col.isdigit()) or (int(row) != 0) == (int(col) != 0):
                raise ValueError(f"{text[:12]!r} is not a clue cell above a column or left of a row")
            line, index = ("column", int(col) - 1) if int(row) == 0 else ("row", int(row) - 1)
            out.append({"type": self.key, line: index, "sum": int(e["value"])})
        return out

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """Each clue outside its line."""
        return {"sandwichsum": [{"cell": f"R0C{i + 1}" if line == "column" else f"R{i + 1}C0", "value": str(total)}
                                for line, i, total, _cells in items]}


TYPE = Sandwich()
