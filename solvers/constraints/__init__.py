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
from collections.abc import Callable, Sequence
from functools import cache, partial

from ..base import Json, PuzzleError
from ..latin import Cell, Constraint, Geometry, Mask, values_of
from ..memo import by_identity
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
    fpuzzles: tuple[str, ...] = ()  # the f-puzzles keys it reads and writes (formats.py)
    technique = ""  # the name of its own hint rung (logic/typed.py: each item narrowed by `keep`), if any
    level = 0  # that rung's level (grade index) and score
    score = 20

    entries = True  # read from "constraints" entries (cages and diagonals have fields of their own)

    def read(self, entry: Json, n: int) -> Item:
        """The item of one "constraints" entry on an n x n grid; ValueError with a player's message."""
        raise ValueError(f"a {self.title} cannot be written as a constraint entry")

    def read_all(self, entry: Json, n: int) -> list[Item]:
        """The items of one entry (one, unless the type makes one per cell)."""
        return [self.read(entry, n)]

    def write(self, item: Item, n: int) -> Json:
        """The "constraints" entry of an item (read(write(item)) == item)."""
        raise ValueError(f"a {self.title} cannot be written as a constraint entry")

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """The "constraints" entries of the value of one of its f-puzzles keys (cells named "R1C1"); ValueError
        when malformed."""
        raise ValueError(f"Tessera cannot read f-puzzles {self.plural} yet")

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """Its f-puzzles keys and their values for these items."""
        raise ValueError(f"Tessera cannot write f-puzzles {self.plural} yet")

    def units(self, item: Item, n: int) -> list[Unit]:
        """Units the item adds: cells that hold 1..n once."""
        return []

    def groups(self, item: Item, n: int) -> list[tuple[Cell, ...]]:
        """Groups of cells whose digits must differ (beyond the units): a cage, a thermometer, each pair a knight's
        move apart."""
        return []

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
        if type(self).keep is Type.keep and type(self).keeper is Type.keeper:
            return []
        out = []
        for item in items:
            said = self.said(item, g.n)
            out.append(Constraint(self.cells(item), self.keeper(item, g), said,
                                  f"{said}, which no digits left to it can make"))
        return out

    def keeper(self, item: Item, g: Geometry) -> Callable[[tuple[Mask, ...]], tuple[Mask, ...] | None]:
        """The item's `keep` on the cells' candidates alone (a type whose rule reads the geometry, which cells see
        each other, binds it here)."""
        return partial(self.keep, item, g.n)

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """What the placed values (0 = empty) break of the item, in words; None when nothing yet."""
        return None

    def check(self, items: Sequence[Item], g: Geometry, values: Sequence[int]) -> list[tuple[tuple[Cell, ...], str]]:
        """(cells, what is broken) of each item the placed values break (`broken`, item by item)."""
        out = []
        for item in items:
            said = self.broken(item, values, g.n)
            if said is not None:
                out.append((self.cells(item), said))
        return out

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
            known = ", ".join(k for k, t in sorted(TYPES.items()) if t.entries)
            raise PuzzleError(f"this puzzle uses {entry['type']} constraints, which Tessera does not play yet "
                              f"(its constraint entries: {known}; cages and diagonals have fields of their own)")
        try:
            by_type.setdefault(kind.key, []).extend(kind.read_all(entry, n))
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


def name_of(cell: Cell, n: int) -> str:
    """The f-puzzles name of a cell: "R1C1"."""
    return f"R{cell // n + 1}C{cell % n + 1}"


def touching(a: Cell, b: Cell, n: int, diagonal: bool = True) -> bool:
    """Whether two cells touch: side by side, or (with `diagonal`) corner to corner."""
    dr, dc = abs(a // n - b // n), abs(a % n - b % n)
    return max(dr, dc) == 1 if diagonal else dr + dc == 1


def outside_of(name: object, n: int) -> tuple[str, int, bool]:
    """(line, index, from the far end) of an f-puzzles clue cell outside the grid: "R0C3" is above column 3 (read
    down), "R10C3" below it (read up), "R2C0" left of row 2, "R2C10" right of it."""
    text = str(name).strip().upper()
    row, _, col = text[1:].partition("C")
    if not (text[:1] == "R" and row.isdigit() and col.isdigit()):
        raise ValueError(f"{text[:12]!r} is not a clue cell of the grid")
    r, c = int(row), int(col)
    if r in (0, n + 1) and 1 <= c <= n:
        return "column", c - 1, r == n + 1
    if c in (0, n + 1) and 1 <= r <= n:
        return "row", r - 1, c == n + 1
    raise ValueError(f"{text[:12]!r} is not a clue cell beside a row or a column")


def outside_name(line: str, index: int, far: bool, n: int) -> str:
    """The f-puzzles name of the clue cell outside a line (`outside_of` reads it back)."""
    edge = n + 1 if far else 0
    return f"R{edge}C{index + 1}" if line == "column" else f"R{index + 1}C{edge}"


def line_cells(line: str, index: int, far: bool, n: int) -> tuple[Cell, ...]:
    """A row's or column's cells as a clue outside it reads them (from the far end: reversed)."""
    cells = tuple(index * n + k for k in range(n)) if line == "row" else tuple(k * n + index for k in range(n))
    return cells[::-1] if far else cells


SIDE_WORDS = {("row", False): "the left", ("row", True): "the right", ("column", False): "above",
              ("column", True): "below"}


class Outside(Type):
    """A clue outside a row or column, read from its side ({"type", "row" or "column", "far"?: true from the right
    or the bottom, "value"}; f-puzzles' [{"cell": "R0C3", "value": "21"}]); item (line, index, far, value,
    cells in reading order). Subclasses give the rule and the range of values."""

    def read(self, entry: Json, n: int) -> Item:
        """The item."""
        line = "row" if "row" in entry else "column"
        index, value, far = entry.get(line), entry.get("value"), entry.get("far", False) is True
        if type(index) is not int or not 0 <= index < n:
            raise ValueError(f'it names its "row" or "column", 0 to {n - 1}')
        low, high = self.values(n)
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f'its "value" must be a whole number from {low} to {high}')
        return line, index, far, value, line_cells(line, index, far, n)

    def values(self, n: int) -> tuple[int, int]:
        """The least and greatest clue."""
        return 0, n * n

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        line, index, far, value, _cells = item
        return {"type": self.key, line: index, **({"far": True} if far else {}), "value": value}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The line's cells, as the clue reads them."""
        return item[4]

    def where(self, item: Item) -> str:
        """"row 3 from the right"."""
        line, index, far, _value, _cells = item
        return f"{line} {index + 1} from {SIDE_WORDS[line, far]}"

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cell": "R0C3", "value": "21"}, ...] (blank values skipped)."""
        out = []
        for e in value if isinstance(value, list) else [None]:
            if not isinstance(e, dict):
                raise ValueError(f"an f-puzzles {key} clue has a cell and a value")
            if not str(e.get("value", "")).strip():
                continue
            if not str(e["value"]).strip().isdigit():
                raise ValueError(f"an f-puzzles {key} clue's value is a whole number")
            line, index, far = outside_of(e.get("cell"), n)
            out.append({"type": self.key, line: index, **({"far": True} if far else {}), "value": int(e["value"])})
        return out

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """Each clue at its cell outside the grid."""
        return {self.fpuzzles[0]: [{"cell": outside_name(line, index, far, n), "value": str(value)}
                                   for line, index, far, value, _cells in items]}


def line_of(entry: Json, n: int, least: int = 2, what: str = "cells") -> tuple[Cell, ...]:
    """The cells of a line entry, each touching the next; ValueError otherwise."""
    cells = cells_of(entry, n, what, least)
    for a, b in zip(cells, cells[1:], strict=False):
        if not touching(a, b, n):
            raise ValueError(f"it jumps from {latin_rules.cell_name(n, a)} to {latin_rules.cell_name(n, b)}: each cell "
                             "must touch the next")
    return cells


def support(n: int, ok: Callable[[int, int], bool]) -> tuple[Mask, ...]:
    """Per digit x (index x, 1..n), the mask of the digits y with ok(x, y): a relation between two cells."""
    return (0, *(sum(1 << (y - 1) for y in range(1, n + 1) if ok(x, y)) for x in range(1, n + 1)))


def pair_keep(table: tuple[Mask, ...], masks: tuple[Mask, ...], back: tuple[Mask, ...] | None = None
              ) -> tuple[Mask, ...]:
    """What each of two cells keeps under a relation (`support`, read from the first cell; `back` from the second
    when it is not symmetric): the digits the other still allows."""
    a, b = masks
    back = table if back is None else back
    return (sum(1 << (x - 1) for x in values_of(a) if table[x] & b),
            sum(1 << (y - 1) for y in values_of(b) if back[y] & a))


def pair_rule(g: Geometry, cells: tuple[Cell, Cell], table: tuple[Mask, ...], said: str,
              back: tuple[Mask, ...] | None = None) -> Constraint:
    """A relation between two cells as a rule the forcing rungs follow (`back`: the table read from the second
    cell, when the relation is not symmetric)."""
    return Constraint(cells, partial(pair_keep, table, back=back), said,
                      f"{said}, which no digits left to them can meet")


def runs_of(cells: Sequence[Cell], g: Geometry) -> tuple[tuple[int, ...], ...]:
    """The positions of `cells` in runs of consecutive cells that all see each other (their digits differ): a
    little killer's diagonal box by box."""
    out: list[list[int]] = []
    for i, c in enumerate(cells):
        if out and all(c in g.peers[cells[j]] for j in out[-1]):
            out[-1].append(i)
        else:
            out.append([i])
    return tuple(map(tuple, out))


def chain_keep(table: tuple[Mask, ...], masks: tuple[Mask, ...]) -> tuple[Mask, ...]:
    """What each cell of a line keeps when every two neighbours on it meet a symmetric relation (`support`): a
    pass each way (exact on a line)."""
    out = list(masks)
    for i in range(1, len(out)):
        out[i] &= _allowed(table, out[i - 1])
    for i in range(len(out) - 2, -1, -1):
        out[i] &= _allowed(table, out[i + 1])
    return tuple(out)


def _allowed(table: tuple[Mask, ...], mask: Mask) -> Mask:
    """The digits some digit of `mask` supports."""
    out = 0
    for x in values_of(mask):
        out |= table[x]
    return out


def neighbours(n: int, steps: Sequence[tuple[int, int]]) -> list[tuple[Cell, Cell]]:
    """The pairs of cells one of `steps` apart (each pair once)."""
    out = []
    for c in range(n * n):
        r, k = divmod(c, n)
        for dr, dk in steps:
            if 0 <= r + dr < n and 0 <= k + dk < n and (r + dr) * n + k + dk > c:
                out.append((c, (r + dr) * n + k + dk))
    return out


SIDES = ((0, 1), (1, 0))  # the steps to a cell's right and lower neighbours


class Everywhere(Type):
    """A rule over the whole grid (anti-knight, non-consecutive, ...): the entry {"type"} alone, f-puzzles' key
    true; its item is ()."""

    def read(self, entry: Json, n: int) -> Item:
        """()."""
        return ()

    def write(self, item: Item, n: int) -> Json:
        """{"type"}."""
        return {"type": self.key}

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """true: the rule holds."""
        return [{"type": self.key}] if value is True else []

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """{key: true}."""
        return {self.fpuzzles[0]: True}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """No cells of its own."""
        return ()


class CellMarks(Type):
    """Marks in single cells ({"type", "mark", "cells": [...]}, one item (mark, cell) per cell; f-puzzles'
    [{"cell": "R1C1"}, ...] under each mark's key). Subclasses set KEYS: mark -> its f-puzzles key."""

    KEYS: dict[str, str] = {}

    def read_all(self, entry: Json, n: int) -> list[Item]:
        """One (mark, cell) per cell of the entry."""
        if entry.get("mark") not in self.KEYS:
            raise ValueError(f'"mark" must be {" or ".join(map(repr, self.KEYS))}')
        return [(entry["mark"], c) for c in cells_of(entry, n)]

    def write(self, item: Item, n: int) -> Json:
        """The entry of one cell."""
        return {"type": self.key, "mark": item[0], "cells": rc_of([item[1]], n)}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """Its cell."""
        return (item[1],)

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cell": "R1C1"}, ...] of one mark's key."""
        if not isinstance(value, list) or not all(isinstance(e, dict) and "cell" in e for e in value):
            raise ValueError(f"an f-puzzles {key} cell names its cell")
        mark = next(m for m, k in self.KEYS.items() if k == key)
        return [{"type": self.key, "mark": mark, "cells": rc_of([cell_of(e["cell"], n) for e in value], n)}]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """Each mark's cells under its key."""
        out: dict[str, list] = {}
        for mark, c in items:
            out.setdefault(self.KEYS[mark], []).append({"cell": name_of(c, n)})
        return dict(out)


class Dots(Type):
    """Marks between two side-by-side cells, each a relation ({"type", "mark", "cells": [a, b]}), and negative
    ones ({"type", "negative": true or [marks]}): where two side-by-side cells have no mark, none of those marks'
    relations holds. Subclasses set MARKS: mark -> (the relation, its words, its f-puzzles key, the f-puzzles values
    it is written with, the first the one written) and NEGATIVE: f-puzzles' "negative" member -> the marks it
    covers."""

    MARKS: dict[str, tuple[Callable[[int, int], bool], str, str, tuple[str, ...]]] = {}
    NEGATIVE: dict[str, tuple[str, ...]] = {}
    MARK_NAME = "{}"  # a mark in words: "white dot"

    def read(self, entry: Json, n: int) -> Item:
        """(mark, a, b) or ("negative", marks)."""
        if "negative" in entry:
            marks = tuple(self.MARKS) if entry["negative"] is True else entry["negative"]
            if not isinstance(marks, (list, tuple)) or not marks or any(m not in self.MARKS for m in marks):
                raise ValueError(f'"negative" is true or a list of {" and ".join(map(repr, self.MARKS))}')
            return ("negative", tuple(m for m in self.MARKS if m in marks))
        mark = entry.get("mark")
        if mark not in self.MARKS:
            raise ValueError(f'"mark" must be {" or ".join(map(repr, self.MARKS))}')
        cells = cells_of(entry, n, least=2)
        if len(cells) != 2 or not touching(*cells, n, diagonal=False):
            raise ValueError('it sits between two cells side by side: "cells": [[row, col], [row, col]]')
        return (mark, min(cells), max(cells))

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        if item[0] == "negative":
            return {"type": self.key, "negative": True if item[1] == tuple(self.MARKS) else list(item[1])}
        return {"type": self.key, "mark": item[0], "cells": rc_of(item[1:], n)}

    def cells(self, item: Item) -> tuple[Cell, ...]:
        """The two cells (none for negative)."""
        return () if item[0] == "negative" else tuple(item[1:])

    def said(self, item: Item, n: int) -> str:
        """"the white dot between r1c1 and r1c2 joins consecutive digits"."""
        a, b = (latin_rules.cell_name(n, c) for c in item[1:])
        return f"the {self.MARK_NAME.format(item[0])} between {a} and {b} joins {self.MARKS[item[0]][1]}"

    def rules(self, items: Sequence[Item], g: Geometry) -> list[Constraint]:
        """One rule per mark; with negative marks, one per unmarked pair of side-by-side cells: none of them."""
        out = [pair_rule(g, item[1:], _tables(type(self), (item[0],), g.n), self.said(item, g.n)) for item in items
               if item[0] != "negative"]
        negative = tuple(m for m in self.MARKS if any(item[0] == "negative" and m in item[1] for item in items))
        if negative:
            marked = {item[1:] for item in items if item[0] != "negative"}
            none = _tables(type(self), negative, g.n, False)
            words = " nor ".join(self.MARKS[m][1] for m in negative)
            out += [pair_rule(g, pair, none, f"no {' or '.join(self.MARK_NAME.format(m) for m in negative)} between "
                              f"{g.name(pair[0])} and {g.name(pair[1])}, so neither {words}")
                    for pair in neighbours(g.n, SIDES) if pair not in marked]
        return out

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """A full pair whose digits break its mark."""
        if item[0] == "negative" or not all(values[c] for c in item[1:]):
            return None
        a, b = item[1:]
        if not self.MARKS[item[0]][0](values[a], values[b]):
            return f"{self.said(item, n)[:1].upper()}{self.said(item, n)[1:]}: {values[a]} and {values[b]} are not"
        return None

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"cells": ["R1C1", "R1C2"], "value"?}, ...] of a mark's key; f-puzzles' "negative" list."""
        if key == "negative":
            marks = [m for member in (value if isinstance(value, list) else []) for m in self.NEGATIVE.get(member, ())]
            if not marks:
                return []
            return [{"type": self.key, "negative": True if set(marks) == set(self.MARKS) else marks}]
        if not isinstance(value, list):
            raise ValueError(f"an f-puzzles {key} lists its marks")
        out = []
        for entry in value:
            named = str(entry.get("value") or "").strip().upper() if isinstance(entry, dict) else "?"
            mark = next((m for m, (_ok, _w, k, names) in self.MARKS.items() if k == key and named in names), None)
            if mark is None or not isinstance(entry.get("cells"), list):
                raise ValueError(f"its {key} mark {named!r} is not one Tessera plays")
            out.append({"type": self.key, "mark": mark, "cells": rc_of([cell_of(x, n) for x in entry["cells"]], n)})
        return out

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, list]:
        """Each mark under its key; negative marks as f-puzzles' "negative" list (ValueError for one it has not)."""
        out: dict[str, list] = {}
        for item in items:
            if item[0] == "negative":
                members = [k for k, marks in self.NEGATIVE.items() if set(marks) <= set(item[1])]
                if {m for k in members for m in self.NEGATIVE[k]} != set(item[1]):
                    raise ValueError(f"f-puzzles has no negative {' or '.join(item[1])} marks")
                out.setdefault("negative", []).extend(members)
                continue
            _ok, _words, key, names = self.MARKS[item[0]]
            mark: dict[str, object] = {"cells": [name_of(c, n) for c in item[1:]]}
            if names[0]:
                mark["value"] = names[0]
            out.setdefault(key, []).append(mark)
        return out


@cache
def _tables(kind: type, marks: tuple[str, ...], n: int, holds: bool = True) -> tuple[Mask, ...]:
    """The relation of one mark (`holds`), or of none of `marks` holding (not `holds`)."""
    oks = [kind.MARKS[m][0] for m in marks]
    return support(n, (lambda x, y: oks[0](x, y)) if holds else (lambda x, y: not any(ok(x, y) for ok in oks)))


class Line(Type):
    """A type whose items are lines of touching cells drawn on the grid (entry {"type", "cells"}, f-puzzles'
    [{"lines": [[names]]}]); subclasses give the rule (`keep`, `broken`)."""

    least = 2  # the fewest cells of a line

    def read(self, entry: Json, n: int) -> Item:
        """The line's cells in order."""
        return line_of(entry, n, self.least)

    def write(self, item: Item, n: int) -> Json:
        """{"type", "cells"}."""
        return {"type": self.key, "cells": rc_of(item, n)}

    def from_fpuzzles(self, key: str, value: object, n: int) -> list[Json]:
        """[{"lines": [["R1C1", "R1C2", ...], ...]}, ...]: each line an item."""
        if not isinstance(value, list) or not all(isinstance(t, dict) and isinstance(t.get("lines"), list)
                                                  for t in value):
            raise ValueError(f"an f-puzzles {self.title} lists its lines")
        return [{"type": self.key, "cells": rc_of([cell_of(name, n) for name in line], n)}
                for t in value for line in t["lines"] if isinstance(line, list)]

    def to_fpuzzles(self, items: Sequence[Item], n: int) -> dict[str, object]:
        """One f-puzzles entry per line."""
        if not self.fpuzzles:
            raise ValueError(f"f-puzzles has no {self.plural} of its own")
        return {self.fpuzzles[0]: [{"lines": [[name_of(c, n) for c in item]]} for item in items]}

    def said(self, item: Item, n: int) -> str:
        """"the renban line from r1c1"."""
        return f"the {self.title} from {latin_rules.cell_name(n, item[0])}"


@by_identity()
def rules_by_type(g: Geometry) -> dict[str, list[Constraint]]:
    """The rules of a geometry's typed constraints, by type (worked out once per geometry)."""
    return {key: TYPES[key].rules(items, g) for key, items in g.typed}


def rules(g: Geometry) -> list[Constraint]:
    """Every rule of a geometry's typed constraints."""
    return [rule for found in rules_by_type(g).values() for rule in found]


def broken(g: Geometry, values: Sequence[int]) -> list[tuple[str, tuple[Cell, ...], str]]:
    """(rule id, cells, what is broken) of every typed constraint the placed values break."""
    return [(TYPES[key].problem or key, cells, said) for key, items in g.typed
            for cells, said in TYPES[key].check(items, g, values)]


def narrow(g: Geometry, cands: list[Mask]) -> bool:
    """One pass of every typed constraint's rules over the candidates, in place; False when one cannot be met."""
    return all(TYPES[key].narrow(items, g, cands) for key, items in g.typed)


def fits(g: Geometry, values: Sequence[int], cell: Cell) -> bool:
    """Whether the placed values can still meet every typed constraint through `cell` (its items' `fits`, and no
    rule over the whole grid broken there)."""
    return all(kind.fits(item, values, g.n) for key, items in g.typed for kind in (TYPES[key],) for item in items
               if cell in kind.cells(item)) and not any(
        cell in cells for key, items in g.typed if not any(TYPES[key].cells(item) for item in items)
        for cells, _said in TYPES[key].check(items, g, values))


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
