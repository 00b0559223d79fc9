"""Region sum lines: box borders divide a line into segments that add up to the same sum (f-puzzles plugin's
"regionsumline"). The boxes are the size's usual ones.

An entry is {"type": "regionsum", "cells": [[row, col], ...]}.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .. import cages
from ..latin import Cell, Geometry, Mask
from ..rules.latin import cell_name
from ..rules.sudoku import BOXES
from . import Item, Line


def _segments(cells: Sequence[Cell], n: int) -> list[list[int]]:
    """The line's positions split where it crosses a box border, in order (a box entered again starts a new
    segment)."""
    w, h = BOXES[n]
    out: list[list[int]] = []
    last = -1
    for i, c in enumerate(cells):
        box = (c // n // h) * (n // w) + (c % n) // w
        if box != last:
            out.append([])
            last = box
        out[-1].append(i)
    return out


class RegionSum(Line):
    """A region sum line."""

    key = "regionsum"
    title = "region sum line"
    plural = "region sum lines"
    technique = "Region sum line"
    fpuzzles = ("regionsumline",)

    def said(self, item: Item, n: int) -> str:
        """"the segments of the region sum line from r1c1 (box borders split it) add up to the same sum"."""
        return (f"the segments of the region sum line from {cell_name(n, item[0])} (box borders split it) add up to "
                "the same sum")

    def keeper(self, item: Item, g: Geometry) -> partial:
        """The line's segments of one sum."""
        return partial(self._keep, tuple(map(tuple, _segments(item, g.n))), g.n)

    @staticmethod
    def _keep(segments: tuple[tuple[int, ...], ...], n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Over every sum each segment can make with different digits (they share a box): what each cell
        keeps."""
        options = [cages.run_sums(tuple([masks[i] for i in seg]), n) for seg in segments]
        common = set(options[0]).intersection(*options[1:])
        out = [0] * len(masks)
        for total in common:
            for seg, sums in zip(segments, options, strict=True):
                for i, m in zip(seg, sums[total], strict=True):
                    out[i] |= m
        return tuple(out) if all(out) else None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """Full segments with different sums."""
        sums = {sum(values[item[i]] for i in part) for part in _segments(item, n) if all(values[item[i]] for i in part)}
        if len(sums) > 1:
            return (f"The segments of the region sum line from {cell_name(n, item[0])} add up to {min(sums)} and "
                    f"{max(sums)}, not one sum")
        return None


TYPE = RegionSum()
