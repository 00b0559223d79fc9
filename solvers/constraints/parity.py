"""Odd and even cells: a grey circle holds an odd digit, a grey square an even one (f-puzzles' "odd" and "even").

An entry is {"type": "parity", "mark": "odd" | "even", "cells": [[row, col], ...]}; each cell is an item.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Json
from ..latin import Cell, Mask
from ..rules.latin import cell_name
from . import Item, Type, cell_of, cells_of, name_of, rc_of

SHAPES = {"odd": "circle", "even": "square"}


class Parity(Type):
    """Odd and even cells."""

    key = "parity"
    title = "odd or even cell"
    plural = "odd and even cells"
    technique = "Odd or even cell"
    fpuzzles = ("odd", "even")

    def read_all(self, entry: Json, n: int) -> list[Item]:
        """One (mark, cell) per cell of the entry."""
        mark = entry.get("mark")
        if mark not in SHAPES:
            raise ValueError('"mark" must be "odd" or "even"')
        return [(mark, c) for c in cells_of(entry, n)]

    def write(self, item: Item, n: int) -> Json:
        """The entry of one cell."""
        return {"type": self.key, "mark": item[0], "cells": rc_of(item[1:], n)}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """Its cell."""
        return (item[1],)

    def said(self, item: Item, n: int) -> str:
        """"r1c1 (a grey circle) is odd"."""
        return f"{cell_name(n, item[1])} (a grey {SHAPES[item[0]]}) is {item[0]}"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """The odd or the even digits."""
        odd = int("01" * n, 2) & ((1 << n) - 1)  # bits 0, 2, ...: digits 1, 3, ...
        return (masks[0] & (odd if item[0] == "odd" else ~odd),)

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A placed digit of the other parity."""
        v = values[item[1]]
        if v and (v % 2 == 1) != (item[0] == "odd"):
            return f"{cell_name(n, item[1])} is a grey {SHAPES[item[0]]}, so it holds an {item[0]} digit, not {v}"
        return None

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cell": "R1C1"}, ...]."""
        if not isinstance(value, list) or not all(isinstance(e, dict) and "cell" in e for e in value):
            raise ValueError(f"an f-puzzles {key} cell names its cell")
        return [{"type": self.key, "mark": key, "cells": rc_of([cell_of(e["cell"], n) for e in value], n)}]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """{"odd": [...], "even": [...]}."""
        out: dict[str, list] = {}
        for mark, c in items:
            out.setdefault(mark, []).append({"cell": name_of(c, n)})
        return dict(out)


TYPE = Parity()
