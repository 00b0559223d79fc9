"""Sudoku skyscrapers: a clue outside a row or column counts the digits seen from that side, a digit hiding every
lower one behind it (f-puzzles' "skyscraper").

An entry is {"type": "skyscraper", "row" | "column": i, "far"?: true (from the right or below), "value": k}.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..latin import Mask, values_of
from . import Item, Outside


@lru_cache(maxsize=1 << 14)
def _keep(want: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """Along the line, states (digits used so far, seen so far; the tallest is the highest used): forward the
    states each cell's digit reaches, backward those that end showing `want`; a digit stays where some path through
    it does."""
    fronts = [{(0, 0)}]
    for m in masks:
        nxt = set()
        for used, seen in fronts[-1]:
            for d in values_of(m & ~used):
                state = (used | 1 << (d - 1), seen + (1 << (d - 1) > used))
                if state[1] <= want:
                    nxt.add(state)
        fronts.append(nxt)
    good = {s for s in fronts[-1] if s[1] == want}
    out = [0] * len(masks)
    for i in range(len(masks) - 1, -1, -1):
        back = set()
        for used, seen in fronts[i]:
            for d in values_of(masks[i] & ~used):
                if (used | 1 << (d - 1), seen + (1 << (d - 1) > used)) in good:
                    out[i] |= 1 << (d - 1)
                    back.add((used, seen))
        good = back
    return tuple(out)


class Skyscraper(Outside):
    """A skyscraper clue on a Sudoku."""

    key = "skyscraper"
    title = "skyscraper clue"
    plural = "skyscraper clues"
    technique = "Skyscraper clue"
    fpuzzles = ("skyscraper",)

    def values(self, n: int) -> tuple[int, int]:
        """1 to n."""
        return 1, n

    def said(self, item: Item, n: int) -> str:
        """"from the left of row 3, 4 digits can be seen"."""
        return f"{item[3]} digits can be seen along {self.where(item)}, each hiding the lower ones behind it"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """The digits each cell takes in some filling of the line (different digits) that shows the clue."""
        got = _keep(item[3], masks)
        return got if all(got) else None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A full line that shows another count."""
        line = [values[c] for c in item[4]]
        if all(line):
            seen = sum(1 for i, v in enumerate(line) if all(v > w for w in line[:i]))
            if seen != item[3]:
                return f"{seen} digits can be seen along {self.where(item)}, not {item[3]}"
        return None


TYPE = Skyscraper()
