"""Between lines: the digits on a line lie strictly between the digits in the circles at its two ends (f-puzzles'
"betweenline").

An entry is {"type": "between", "cells": [[row, col], ...]}: the first and last cells are the circles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..latin import Mask, values_of
from ..rules.latin import cell_name
from . import Item, Line


class Between(Line):
    """A between line."""

    key = "between"
    title = "between line"
    plural = "between lines"
    technique = "Between line"
    fpuzzles = ("betweenline",)
    least = 3

    def said(self, item: Item, n: int) -> str:
        """"the digits on the line from r1c1 to r1c5 lie between its ends'"."""
        return (f"the digits on the between line from {cell_name(n, item[0])} to {cell_name(n, item[-1])} lie "
                "strictly between those two")

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Over every pair of end digits two or more apart: the middle cells' digits strictly between."""
        first, last, middle = masks[0], masks[-1], masks[1:-1]
        out = [0] * len(masks)
        for a in values_of(first):
            for b in values_of(last):
                lo, hi = min(a, b), max(a, b)
                inside = ((1 << (hi - 1)) - 1) & ~((1 << lo) - 1)  # digits lo+1 .. hi-1
                kept = [m & inside for m in middle]
                if hi - lo < 2 or 0 in kept:
                    continue
                out[0] |= 1 << (a - 1)
                out[-1] |= 1 << (b - 1)
                for i, m in enumerate(kept, 1):
                    out[i] |= m
        return tuple(out) if out[0] else None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A placed middle digit not strictly between the placed ends."""
        a, b = values[item[0]], values[item[-1]]
        if a and b:
            for c in item[1:-1]:
                if values[c] and not min(a, b) < values[c] < max(a, b):
                    return (f"{cell_name(n, c)} = {values[c]} is on the between line from {cell_name(n, item[0])}, so "
                            f"it must lie strictly between {a} and {b}")
        return None


TYPE = Between()
