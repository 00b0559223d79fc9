"""Region sum lines: where a line crosses boxes, its digits in each box add up to the same sum (f-puzzles plugin's
"regionsumline"). The boxes are the size's usual ones.

An entry is {"type": "regionsum", "cells": [[row, col], ...]}.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..latin import Cell, Mask
from ..rules.latin import cell_name
from ..rules.sudoku import BOXES
from . import Item, Line, sums_keep


def _segments(cells: Sequence[Cell], n: int) -> list[list[int]]:
    """The line's positions grouped by box, in order (a box met twice is one group)."""
    w, h = BOXES[n]
    groups: dict[int, list[int]] = {}
    for i, c in enumerate(cells):
        groups.setdefault((c // n // h) * (n // w) + (c % n) // w, []).append(i)
    return list(groups.values())


class RegionSum(Line):
    """A region sum line."""

    key = "regionsum"
    title = "region sum line"
    plural = "region sum lines"
    technique = "Region sum line"
    fpuzzles = ("regionsumline",)

    def said(self, item: Item, n: int) -> str:
        """"the region sum line from r1c1 adds up the same in each box"."""
        return f"the digits of the region sum line from {cell_name(n, item[0])} add up to the same in each box"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Over every sum each box's part can make: what each cell keeps."""
        parts = _segments(item, n)
        reach = None
        for part in parts:
            got = sums_keep((1 << (n * len(part) + 1)) - 1, [masks[i] for i in part])[1]
            reach = got if reach is None else reach & got
        out = [0] * len(masks)
        for total in range(1, (reach or 0).bit_length()):
            if not reach >> total & 1:  # type: ignore[operator]
                continue
            kept = [sums_keep(1 << total, [masks[i] for i in part]) for part in parts]
            if all(hit for _k, hit in kept):
                for part, (k, _hit) in zip(parts, kept, strict=True):
                    for i, m in zip(part, k, strict=True):
                        out[i] |= m
        return tuple(out) if all(out) else None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """Full box parts with different sums."""
        sums = {sum(values[item[i]] for i in part) for part in _segments(item, n) if all(values[item[i]] for i in part)}
        if len(sums) > 1:
            return (f"The parts of the region sum line from {cell_name(n, item[0])} add up to {min(sums)} and "
                    f"{max(sums)}, not one sum")
        return None


TYPE = RegionSum()
