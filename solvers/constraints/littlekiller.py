"""Little killers: the digits along a diagonal, from a clue outside the grid, add up to the clue (f-puzzles'
"littlekillersum"); they may repeat where no unit forbids it.

An entry is {"type": "littlekiller", "sum": s, "cells": [[row, col], ...]}: the diagonal from the cell next to the
clue to the grid's edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from .. import cages
from ..base import Json
from ..latin import Cell, Geometry, Mask
from ..rules.latin import cell_name
from . import Item, Type, cells_of, rc_of, runs_of

DIRECTIONS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}  # f-puzzles' arrows


class LittleKiller(Type):
    """A little killer clue."""

    key = "littlekiller"
    title = "little killer"
    plural = "little killer clues"
    technique = "Little killer"
    fpuzzles = ("littlekillersum",)

    def read(self, entry: Json, n: int) -> Item:
        """(sum, cells)."""
        cells = cells_of(entry, n)
        steps = {(b // n - a // n, b % n - a % n) for a, b in zip(cells, cells[1:], strict=False)}
        if len(steps) > 1 or not steps <= set(DIRECTIONS.values()):
            raise ValueError("its cells run along one diagonal")
        total = entry.get("sum")
        if type(total) is not int or not 1 <= total <= n * len(cells):
            raise ValueError(f"its sum must be a whole number from 1 to {n * len(cells)}")
        return total, cells

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, "sum": item[0], "cells": rc_of(item[1], n)}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The diagonal's cells."""
        return item[1]

    def said(self, item: Item, n: int) -> str:
        """"the little killer clue 15 on the diagonal from r1c2 adds up to 15"."""
        return f"the digits on the diagonal from {cell_name(n, item[1][0])} add up to its little killer clue {item[0]}"

    def keeper(self, item: Item, g: Geometry) -> partial:
        """The diagonal's sum, its digits different where they see each other (box by box)."""
        return partial(self._keep, item[0], runs_of(item[1], g), g.n)

    @staticmethod
    def _keep(total: int, runs: tuple[tuple[int, ...], ...], n: int, masks: tuple[Mask, ...]
              ) -> tuple[Mask, ...] | None:
        """Digits of some choice adding up to the clue, different within each run of cells that see each other."""
        kept, hit = cages.reach_runs(1 << total, masks, runs, n)
        return kept if hit else None

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A full diagonal off its sum, or placed digits already over it."""
        total, cells = item
        got = sum(values[c] for c in cells)
        if got > total or (all(values[c] for c in cells) and got != total):
            return f"The digits on the diagonal from {cell_name(n, cells[0])} add up to {got}, not {total}"
        return None

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cell": "R0C2", "direction": "DR", "value": "15"}, ...]: the clue outside and its arrow."""
        out = []
        for e in value if isinstance(value, list) else [None]:
            if not (isinstance(e, dict) and e.get("direction") in DIRECTIONS and str(e.get("value", "")).isdigit()):
                raise ValueError("an f-puzzles little killer has a clue cell, a direction and a sum")
            dr, dc = DIRECTIONS[e["direction"]]
            r, c = _outside(e["cell"], n)
            cells = []
            while True:
                r, c = r + dr, c + dc
                if not (0 <= r < n and 0 <= c < n):
                    break
                cells.append([r, c])
            out.append({"type": self.key, "sum": int(e["value"]), "cells": cells})
        return out

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """The clue cell before the diagonal, its direction and sum."""
        out = []
        for total, cells in items:
            a, b = divmod(cells[0], n)
            dr, dc = (cells[1] // n - a, cells[1] % n - b) if len(cells) > 1 else _lone(a, b, n)
            name = next(k for k, v in DIRECTIONS.items() if v == (dr, dc))
            out.append({"cell": f"R{a - dr + 1}C{b - dc + 1}", "direction": name, "value": str(total)})
        return {"littlekillersum": out}


def _outside(name: object, n: int) -> tuple[int, int]:
    """(row, col), 0-based, of an f-puzzles cell name that may lie one step outside the grid ("R0C3")."""
    text = str(name).strip().upper()
    row, _, col = text[1:].partition("C")
    if not (text[:1] == "R" and row.isdigit() and col.isdigit() and 0 <= int(row) <= n + 1
            and 0 <= int(col) <= n + 1):
        raise ValueError(f"{text[:12]!r} is not a clue cell of the grid")
    return int(row) - 1, int(col) - 1


def _lone(r: int, c: int, n: int) -> tuple[int, int]:
    """The direction of a one-cell diagonal in a corner: from outside that corner inwards."""
    return (1 if r == 0 else -1), (1 if c == 0 else -1)


TYPE = LittleKiller()
