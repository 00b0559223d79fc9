"""X-sums: a clue outside a row or column is the sum of the first X digits read from that side, where X is the
first of them (f-puzzles' "xsum").

An entry is {"type": "xsum", "row" | "column": i, "far"?: true (from the right or below), "value": s}.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import cages
from ..latin import Mask
from . import Item, Outside


class XSum(Outside):
    """An X-sum clue."""

    key = "xsum"
    title = "X-sum clue"
    plural = "X-sum clues"
    technique = "X-sum"
    fpuzzles = ("xsum",)

    def values(self, n: int) -> tuple[int, int]:
        """1 (the first digit 1) to the sum of 1..n."""
        return 1, n * (n + 1) // 2

    def said(self, item: Item, n: int) -> str:
        """"the first X digits of row 3 from the left add up to 21"."""
        return f"the first X digits of {self.where(item)} add up to {item[3]}, X being the first of them"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Over every first digit x: the x cells from the clue adding up to the clue."""
        out = [0] * n
        for x in range(1, n + 1):
            if not masks[0] >> (x - 1) & 1 or (x == 1 and item[3] != 1) or item[3] < x:
                continue
            if x == 1:
                kept: tuple[Mask, ...] = () if item[3] == 1 else (0,)
            else:  # one line's digits: different, none of them x
                rest = tuple(m & ~(1 << (x - 1)) for m in masks[1:x])
                kept = cages.keep(cages.combos(x - 1, item[3] - x, n), rest)
            if 0 in kept:
                continue
            out[0] |= 1 << (x - 1)
            for i, m in enumerate(kept, 1):
                out[i] |= m
            for i in range(x, n):
                out[i] |= masks[i]
        return tuple(out) if out[0] else None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """The first digit and the cells it counts placed, adding up to another sum."""
        cells, want = item[4], item[3]
        x = values[cells[0]]
        if x and all(values[c] for c in cells[:x]) and sum(values[c] for c in cells[:x]) != want:
            return (f"The first {x} digits of {self.where(item)} add up to {sum(values[c] for c in cells[:x])}, "
                    f"not {want}")
        return None


TYPE = XSum()
