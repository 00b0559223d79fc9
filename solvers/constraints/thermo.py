"""Thermometers: along a thermometer the digits rise strictly from its bulb (f-puzzles' "thermometer").

An entry is {"type": "thermo", "cells": [[row, col], ...]}, bulb first, each cell touching the next (sideways or
diagonally). Its digits differ, and each cell's candidates lie between the bulb's least digit plus its place and
the tip's greatest minus the cells after it: two passes along the line keep exactly the digits each cell takes in
some rising filling.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Json
from ..latin import Cell, Mask
from ..rules.latin import cell_name
from . import Item, Line


class Thermo(Line):
    """A thermometer."""

    key = "thermo"
    title = "thermometer"
    plural = "thermometers"
    technique = "Thermometer"
    fpuzzles = ("thermometer",)

    def read(self, entry: Json, n: int) -> Item:
        """The cells, bulb first; ValueError when shorter than two, off the grid, broken or longer than n."""
        cells = super().read(entry, n)
        if len(cells) > n:
            raise ValueError(f"{len(cells)} cells cannot rise through digits 1 to {n}")
        return cells

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """Rising digits differ."""
        return [item]

    def said(self, item: Item, n: int) -> str:
        """"the thermometer from r1c1 rises"."""
        return f"the digits along the thermometer from {cell_name(n, item[0])} rise"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Each cell above the least digit its cells before allow, below the greatest its cells after allow."""
        out = list(masks)
        low = 0  # digits <= low are ruled out (as a count: the least digit allowed is low + 1)
        for i, m in enumerate(out):
            m &= ~((1 << low) - 1)
            if not m:
                return None
            out[i] = m
            low = (m & -m).bit_length()
        high = n + 1  # digits >= high are ruled out
        for i in range(len(out) - 1, -1, -1):
            m = out[i] & ((1 << (high - 1)) - 1)
            if not m:
                return None
            out[i] = m
            high = m.bit_length()
        return tuple(out)

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A placed digit with too few digits below or above it for its place, or two that do not rise by at least
        one per cell along the line."""
        placed = [(i, c, values[c]) for i, c in enumerate(item) if values[c]]
        for i, c, v in placed:
            if not i + 1 <= v <= n - (len(item) - 1 - i):
                return (f"{cell_name(n, c)} = {v} cannot be cell {i + 1} of the {len(item)} on the thermometer from "
                        f"{cell_name(n, item[0])}: it needs a digit from {i + 1} to {n - (len(item) - 1 - i)}")
        for (i, a, va), (j, b, vb) in zip(placed, placed[1:], strict=False):
            if vb - va < j - i:
                gap = f", {j - i} cells on" if j - i > 1 else ""
                return (f"The thermometer from {cell_name(n, item[0])} must rise, but {cell_name(n, b)} = {vb} "
                        f"comes after {cell_name(n, a)} = {va}{gap}")
        return None


TYPE = Thermo()
