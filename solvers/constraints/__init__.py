"""Constraint types: the rules a latin grid may have beyond its rows, columns and boxes, one module per type.

Each module here defines one `Type` as `TYPE`, and is found by its file alone (no list to edit): a killer's cages
(`cage`), the long diagonals (`diagonal`), thermometers (`thermo`), ... A type says what its items are (`read`,
from the solve input's `"constraints"` entries), which units they add (cells holding 1..n once) and which cells
must differ, how it narrows candidates (`keep`, or `rules` for more than one rule per item: the forcing rungs and
the variants' search follow them), when filled values break it (`broken`, for check and the independent solution
check) and its words. A geometry holds its items by type (`Geometry.typed`); code branches on the type's key,
never on its words.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Sequence

from ..base import Json, PuzzleError
from ..latin import Cell, Constraint, Geometry, Mask
from ..rules import latin as latin_rules

Item = tuple  # one constraint of a type, hashable (a thermometer's cells, a cage's (sum, cells))
Unit = tuple[tuple[Cell, ...], str, str]  # (cells, kind, name) of a unit a constraint adds


class Type:
    """A constraint type. Subclasses set `key` (the solve input's "type"), `title` (its name in words, singular),
    `plural`, and override what they need; the defaults add nothing."""

    key = ""
    title = ""
    plural = ""
    problem = ""  # a check's rule id when an item is broken (its key when "")
    fpuzzles = ""  # the f-puzzles key whose list it reads and writes (formats.py), if any
    technique = ""  # the name of its own hint rung (logic/typed.py: each item narrowed by `keep`), if any
    level = 0  # that rung's level (grade index) and score
    score = 20

    def read(self, entry: Json, n: int) -> Item:
        """The item of one "constraints" entry on an n x n grid; ValueError with a player's message."""
        raise ValueError(f"a {self.title} cannot be written as a constraint entry")

    def write(self, item: Item, n: int) -> Json:
        """The "constraints" entry of an item (read(write(item)) == item)."""
        raise ValueError(f"a {self.title} cannot be written as a constraint entry")

    def from_fpuzzles(self, value: object, n: int) -> list[Json]:
        """The "constraints" entries of the value of its f-puzzles key (cells named "R1C1"); ValueError when
        malformed."""
        raise ValueError(f"Tessera cannot read f-puzzles {self.plural} yet")

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> object:
        """The value of its f-puzzles key for these items."""
        raise ValueError(f"Tessera cannot write f-puzzles {self.plural} yet")

    def units(self, item: Item, n: int) -> list[Unit]:
        """Units the item adds: cells that hold 1..n once."""
        return []

    def distinct(self, item: Item) -> tuple[Cell, ...]:
        """Cells whose digits must differ (beyond the units); () when none."""
        return ()

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Per cell of the item (candidates `masks`), the digits it takes in some way of meeting the rule; None (or
        a 0) when there is none."""
        return masks

    def said(self, item: Item, n: int) -> str:
        """The item's rule in words, for a forcing chain's lines: "the thermometer from r1c1 rises"."""
        return f"the {self.title} at {latin_rules.cell_name(n, self.cells(item)[0])}"

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The cells the item constrains (its rule's, in order)."""
        return tuple(item)

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """The rules the forcing rungs and the variants' search follow: one per item by `keep` (a type whose
        items give more, like a killer's innies, overrides this); none when the type keeps no `keep` of its own."""
        if type(self).keep is Type.keep:
            return []
        out = []
        for item in items:
            said = self.said(item, g.n)

            def keep(masks: tuple[Mask, ...], item: Item = item) -> tuple[Mask, ...] | None:
                return self.keep(item, g.n, masks)

            out.append(Constraint(self.cells(item), keep, said, f"{said}, which no digits left to it can make"))
        return out

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """What the placed values (0 = empty) break of the item, in words; None when nothing yet."""
        return None

    def fits(self, item: Item, values: Sequence[int], n: int) -> bool:
        """Whether the placed values can still meet the item's rule (a backtracking search's test)."""
        return self.broken(item, values, n) is None

    def narrow(self, items: Sequence[Item], g: Geometry, cands: list[Mask]) -> bool:
        """One pass of the items' rules over the candidates, in place (Watch the solver's propagation); False when
        one cannot be met."""
        for rule in self.rules(items, g):
            got = rule.keep(tuple(cands[c] for c in rule.cells))
            if got is None or 0 in got:
                return False
            for c, m in zip(rule.cells, got, strict=True):
                cands[c] = m
        return True


def read(entries: Sequence[str], n: int) -> tuple[tuple[str, tuple[Item, ...]], ...]:
    """The items by type of a layout's constraint entries (canonical JSON texts), types in order of first use;
    PuzzleError naming a type Tessera does not play, or what is wrong with an entry."""
    by_type: dict[str, list[Item]] = {}
    for text in entries:
        entry = json.loads(text)
        kind = TYPES.get(entry["type"])
        if kind is None:
            known = ", ".join(k for k, t in sorted(TYPES.items()) if type(t).read is not Type.read)
            raise PuzzleError(f"this puzzle uses {entry['type']} constraints, which Tessera does not play yet "
                              f"(its constraint entries: {known}; cages and diagonals have fields of their own)")
        try:
            by_type.setdefault(kind.key, []).append(kind.read(entry, n))
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise PuzzleError(f"a {kind.title}: {exc}" if isinstance(exc, ValueError) else
                              f"a {kind.title} entry is malformed ({entry})") from None
    return tuple((key, tuple(items)) for key, items in by_type.items())


def cells_of(entry: Json, n: int, what: str = "cells", least: int = 1) -> tuple[Cell, ...]:
    """The cells of an entry's [[row, col], ...] list (0-based), each once; ValueError when off the grid."""
    raw = entry.get(what)
    if not isinstance(raw, list) or len(raw) < least:
        raise ValueError(f'"{what}" must list at least {least} cells as [[row, col], ...]')
    out = []
    for rc in raw:
        if not (isinstance(rc, list) and len(rc) == 2 and all(type(x) is int and 0 <= x < n for x in rc)):
            raise ValueError(f"a cell is [row, col] with rows and columns from 0 to {n - 1}, not {rc}")
        c = rc[0] * n + rc[1]
        if c in out:
            raise ValueError(f"it passes {latin_rules.cell_name(n, c)} twice")
        out.append(c)
    return tuple(out)


def cell_of(name: object, n: int) -> Cell:
    """The cell of an f-puzzles cell name "R3C7"; ValueError when it is not one of the grid."""
    text = str(name).strip().upper()
    row, _, col = text[1:].partition("C")
    if not (text[:1] == "R" and row.isdigit() and col.isdigit() and 1 <= int(row) <= n and 1 <= int(col) <= n):
        raise ValueError(f"{text[:12]!r} is not a cell of the grid")
    return (int(row) - 1) * n + int(col) - 1


def rc_of(cells: Sequence[Cell], n: int) -> list[list[int]]:
    """[[row, col], ...] of cells."""
    return [[c // n, c % n] for c in cells]


def rules(g: Geometry) -> list[Constraint]:
    """Every rule of a geometry's typed constraints."""
    return [rule for key, items in g.typed for rule in TYPES[key].rules(items, g)]


def broken(g: Geometry, values: Sequence[int]) -> list[tuple[str, tuple[Cell, ...], str]]:
    """(rule id, cells, what is broken) of every typed constraint the placed values break."""
    out = []
    for key, items in g.typed:
        kind = TYPES[key]
        for item in items:
            said = kind.broken(item, values, g.n)
            if said is not None:
                out.append((kind.problem or kind.key, kind.cells(item), said))
    return out


def narrow(g: Geometry, cands: list[Mask]) -> bool:
    """One pass of every typed constraint's rules over the candidates, in place; False when one cannot be met."""
    return all(TYPES[key].narrow(items, g, cands) for key, items in g.typed)


def fits(g: Geometry, values: Sequence[int], cell: Cell) -> bool:
    """Whether the placed values can still meet every typed constraint through `cell`."""
    return all(kind.fits(item, values, g.n) for key, items in g.typed for kind in (TYPES[key],) for item in items
               if cell in kind.cells(item))


def groups_named(g: Geometry) -> list[tuple[str, tuple[Cell, ...]]]:
    """The geometry's groups of differing digits named for a player: ("the cage at r1c1", cells)."""
    return [(f"the {what} at {g.name(cells[0])}", cells) for what, cells in g.groups]


def _load() -> dict[str, Type]:
    """Every type of this package, by key (each module's `TYPE`)."""
    out: dict[str, Type] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        kind = importlib.import_module(f"{__name__}.{info.name}").TYPE
        out[kind.key] = kind
    return out


TYPES: dict[str, Type] = _load()
