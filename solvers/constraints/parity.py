"""Odd and even cells: a grey circle holds an odd digit, a grey square an even one (f-puzzles' "odd" and "even").

An entry is {"type": "parity", "mark": "odd" | "even", "cells": [[row, col], ...]}; each cell is an item.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..latin import Mask
from ..rules.latin import cell_name
from . import CellMarks, Item

SHAPES = {"odd": "circle", "even": "square"}


class Parity(CellMarks):
    """Odd and even cells."""

    key = "parity"
    title = "odd or even cell"
    plural = "odd and even cells"
    technique = "Odd or even cell"
    fpuzzles = ("odd", "even")
    KEYS = {"odd": "odd", "even": "even"}

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


TYPE = Parity()
