"""Renban lines: the digits on a purple line are different and consecutive, in any order (the "renban" key of the
f-puzzles constraint plugin).

An entry is {"type": "renban", "cells": [[row, col], ...]}.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .. import cages
from ..base import Json
from ..latin import Cell, Mask
from ..rules.latin import cell_name
from . import Item, Line


@cache
def _runs(length: int, n: int) -> tuple[Mask, ...]:
    """The sets of `length` consecutive digits of 1..n, as masks."""
    return tuple(((1 << length) - 1) << start for start in range(n - length + 1))


class Renban(Line):
    """A renban line."""

    key = "renban"
    title = "renban line"
    plural = "renban lines"
    technique = "Renban"
    fpuzzles = ("renban",)

    def read(self, entry: Json, n: int) -> Item:
        """The cells, at most n."""
        cells = super().read(entry, n)
        if len(cells) > n:
            raise ValueError(f"{len(cells)} different consecutive digits do not fit in 1 to {n}")
        return cells

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """Its digits differ."""
        return [item]

    def said(self, item: Item, n: int) -> str:
        """"the digits on the renban line from r1c1 are consecutive"."""
        return f"the digits on the renban line from {cell_name(n, item[0])} are {len(item)} consecutive digits"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """The digits of some filling by a run of consecutive digits."""
        got = cages.keep(_runs(len(item), n), masks)
        return None if 0 in got else got

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """Placed digits too far apart for one run."""
        placed = [values[c] for c in item if values[c]]
        if placed and max(placed) - min(placed) >= len(item):
            return (f"The renban line from {cell_name(n, item[0])} holds {min(placed)} and {max(placed)}, too far "
                    f"apart for {len(item)} consecutive digits")
        return None


TYPE = Renban()
