"""Extra regions: a shaded region of n cells holds 1..n once, as a box does (windoku; f-puzzles' "extraregion").

An entry is {"type": "extraregion", "cells": [[row, col], ...]} with n cells.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Json
from ..rules import latin as latin_rules
from . import Item, Type, Unit, cell_of, cells_of, name_of, rc_of


class ExtraRegion(Type):
    """An extra region."""

    key = "extraregion"
    title = "extra region"
    plural = "extra regions"
    fpuzzles = ("extraregion",)

    def read(self, entry: Json, n: int) -> Item:
        """Its n cells, in order."""
        cells = cells_of(entry, n, least=n)
        if len(cells) != n:
            raise ValueError(f"it holds {len(cells)} cells; an extra region holds {n}")
        return tuple(sorted(cells))

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, "cells": rc_of(item, n)}

    def units(self, item: Item, n: int) -> list[Unit]:
        """The region as a unit."""
        return [(item, latin_rules.REGION, f"the extra region at {latin_rules.cell_name(n, item[0])}")]

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cells": ["R1C1", ...]}, ...]."""
        if not isinstance(value, list) or not all(isinstance(e, dict) and isinstance(e.get("cells"), list)
                                                  for e in value):
            raise ValueError("an f-puzzles extra region lists its cells")
        return [{"type": self.key, "cells": rc_of([cell_of(x, n) for x in e["cells"]], n)} for e in value]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """{"extraregion": [...]}."""
        return {"extraregion": [{"cells": [name_of(c, n) for c in item]} for item in items]}


TYPE = ExtraRegion()
