"""Sudoku rules for the page and the solvers: box shapes, grid text with its box, the geometry.

A Sudoku of side n = w * h has n boxes w cells wide and h cells tall. The grid text is n*n
symbols row-major (1-9, A-Z; '.' or '0' blank; whitespace ignored). The canonical text is
the plain grid when the box is the size's default (BOXES), else prefixed with the box as
"WxH:" (width x height), e.g. "2x3:" + 36 symbols for a 6x6 of boxes 2 wide and 3 tall.

Variants add a layout after the grid, in sections that start with '/':
    /x                    both main diagonals are units too (X Sudoku)
    /r<n*n symbols>       jigsaw: each cell's region 1..n (irregular regions replace the boxes)
    /k<n*n ids>=<sums>    killer: each cell's cage id (CAGE_IDS, '.' = none) and the cages' sums in id order;
                          a cage's digits differ and add up to its sum
    /c<JSON list>         further constraints, each {"type": ..., ...} (thermometers, ...): the solvers'
                          `constraints` package reads each type; here they are kept as canonical JSON text
A layout is (regions or None, diagonals, cages, constraints) with cages as ((sum, cells), ...), ordered by first
cell, and constraints as a tuple of canonical JSON texts.
Runs under CPython and MicroPython alike.
"""

import json

from . import latin

BOXES = {4: (2, 2), 6: (3, 2), 9: (3, 3), 12: (4, 3), 16: (4, 4)}  # side -> (width, height)
MAX_N = 25
CAGE_IDS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"  # a killer's cage ids in link texts
CLASSIC = (None, False, (), ())  # the layout of a plain Sudoku
# (name, label, jigsaw, diagonals, killer): the variants the family plays, classic first
VARIANTS = (("classic", "Classic", False, False, False), ("killer", "Killer", False, False, True),
            ("jigsaw", "Jigsaw", True, False, False), ("x", "X (diagonals)", False, True, False),
            ("killer-x", "Killer X", False, True, True), ("jigsaw-x", "Jigsaw X", True, True, False))
# The sizes each variant is generated in (any size opens and plays from a link): a 6x6 jigsaw X's random regions
# leave too few grids with both diagonals (a third of its seeds found no puzzle in bench/variants.py).
VARIANT_SIZES = {"classic": (4, 6, 9, 12, 16), "killer": (4, 6, 9), "jigsaw": (4, 6, 9), "x": (4, 6, 9),
                 "killer-x": (4, 6, 9), "jigsaw-x": (9,)}
# (name, label) of the variants made of further constraints (the generator's setter lays them on a full grid): a
# name is its constraint types joined by "-" in the order laid, as `variant_name` names such a layout.
SET_VARIANTS = (("thermo", "Thermo"), ("arrow", "Arrow"), ("kropki", "Kropki"), ("xv", "XV"),
                ("littlekiller", "Little killer"), ("sandwich", "Sandwich"), ("whispers", "German whispers"),
                ("renban", "Renban"), ("antiknight", "Anti-knight"), ("antiking", "Anti-king"),
                ("nonconsecutive", "Non-consecutive"), ("between", "Between lines"), ("palindrome", "Palindromes"),
                ("regionsum", "Region sum lines"), ("xsum", "X-sums"), ("skyscraper", "Sudoku skyscrapers"),
                ("quadruple", "Quadruples"), ("minmax", "Minimum/maximum"), ("parity", "Odd/even"),
                ("arrow-kropki", "Arrow + Kropki"), ("thermo-antiknight", "Thermo + anti-knight"))
# a 6x6 whisper (a difference of 5) is 1 or 6; a 9x9 non-consecutive full grid takes the random search about 3 s to
# find; a 6x6's two odd/even marks leave it no Hard or harder puzzle (a link opens any of them at any size)
_ONLY = {"whispers": (9,), "parity": (9,), "nonconsecutive": (6,)}
for _name, _label in SET_VARIANTS:
    VARIANT_SIZES[_name] = _ONLY.get(_name, (6, 9))

_TABLES = {}


def check_box(box: tuple[int, int], ncells: int) -> tuple[int, int]:
    """The box (width, height) for a grid of `ncells` cells, validated; ValueError when it does not fit."""
    if len(box) != 2 or not all(type(x) is int for x in box):
        raise ValueError("box must be two whole numbers [width, height]")
    w, h = box[0], box[1]
    if w < 2 or h < 2 or w * h > MAX_N:
        raise ValueError("a box must be at least 2x2 and hold at most " + str(MAX_N) + " cells; got "
                         + str(w) + "x" + str(h))
    n = w * h
    if ncells != n * n:
        raise ValueError("a " + str(n) + "x" + str(n) + " grid with " + str(w) + "x" + str(h) + " boxes needs "
                         + str(n * n) + " cells; this one has " + str(ncells))
    return (w, h)


def default_box(ncells: int) -> tuple[int, int]:
    """The default box of a grid of `ncells` cells; ValueError for a size without one."""
    sides = sorted(BOXES)  # MicroPython's dicts keep no insertion order
    for n in sides:
        if ncells == n * n:
            return BOXES[n]
    sizes = ", ".join(str(n * n) for n in sides)
    raise ValueError("a grid must have " + sizes + " cells (or give its box); this one has " + str(ncells))


def split_box(text: str) -> tuple[tuple[int, int] | None, str]:
    """(box or None, grid) of a text with an optional "WxH:" prefix (whitespace already removed)."""
    head, sep, body = text.partition(":")
    if not sep:
        return None, text
    w, x, h = head.lower().partition("x")
    if not (x and _digits(w) and _digits(h)):
        raise ValueError("the size prefix " + repr(head[:12]) + " should look like 3x3 (box width x height)")
    return (int(w), int(h)), body


def stray(grid: str) -> str:
    """The first character of a grid text without a "WxH:" prefix that no grid of a default size holds (not a
    symbol up to 16x16's G, nor a blank), or '' when there is none."""
    for ch in grid:
        if ch not in latin.BLANKS and ch.upper() not in latin.SYMBOLS[:16]:
            return ch
    return ""


def no_stray(grid: str) -> int:
    """The number of cells of a grid text without a prefix; ValueError naming a character no such grid holds (said
    before its size is guessed from its length)."""
    ch = stray(grid)
    if ch:
        raise ValueError("unexpected character " + repr(ch) + ": a grid holds 1-9 (and A-C on 12x12, A-G on "
                         "16x16), '.' or '0'")
    return len(grid)


def _digits(text: str) -> bool:
    return 0 < len(text) < 3 and all("0" <= ch <= "9" for ch in text)


def parse_grid(text: str, box: tuple[int, int] | None = None, layout: tuple | None = None) \
        -> tuple[list[int], tuple[int, int]]:
    """(values, box) of grid text, optionally "WxH:"-prefixed; `box` when the caller knows it; repeats are looked
    for in the units of `layout` (classic when None).

    ValueError with a player's message for a bad text or a value repeated in a unit."""
    if not isinstance(text, str):
        raise ValueError("the grid must be text")
    prefix, body = split_box("".join(text.split()))
    if prefix is not None and box is not None and tuple(box) != prefix:
        raise ValueError("the grid says " + str(prefix[0]) + "x" + str(prefix[1]) + " boxes but box is "
                         + str(list(box)))
    box = prefix or box
    shape = check_box(box, len(body)) if box is not None else default_box(no_stray(body))
    n = shape[0] * shape[1]
    values = latin.read_values(body, n)
    if layout is None:
        layout = CLASSIC
    dup = first_repeat(values, n, shape, layout)
    if dup is not None:
        raise ValueError(latin.symbol(dup[1]) + " appears twice in " + tables(n, shape, layout)[1][dup[0]])
    return values, shape


def format_grid(values: list[int], box: tuple[int, int]) -> str:
    """The canonical text: the grid ('.' = blank), prefixed "WxH:" unless the box is the default."""
    n = box[0] * box[1]
    grid = latin.values_text(values)
    if BOXES.get(n) == tuple(box):
        return grid
    return str(box[0]) + "x" + str(box[1]) + ":" + grid


def tables(n: int, box: tuple[int, int], layout: tuple = CLASSIC) \
        -> tuple[list[list[int]], list[str], list[tuple[int, ...]], list[str]]:
    """(units, unit names, peers, unit kinds) of a size, box and layout, built once. Units are rows, columns, then
    the boxes (or the jigsaw's regions), then the diagonals; a killer cage's cells are peers too (its digits
    differ) but no unit (it need not hold every digit)."""
    key = (n, box[0], box[1], layout)
    hit = _TABLES.get(key)
    if hit is None:
        regions, diagonals, cages, _more = layout
        if regions is None:
            units, names, kinds = latin.units(n, box), latin.unit_names(n, box), latin.unit_kinds(n, box)
        else:
            units, names, kinds = latin.units(n), latin.unit_names(n), latin.unit_kinds(n)
            units += [[c for c in range(n * n) if regions[c] == k] for k in range(n)]
            names += ["region " + str(k + 1) for k in range(n)]
            kinds += [latin.REGION] * n
        if diagonals:
            units += diagonal_units(n)
            names += diagonal_names(n)
            kinds += [latin.DIAGONAL] * 2
        sets = [set() for _ in range(n * n)]
        for group in units + [list(cells) for _total, cells in cages]:
            for c in group:
                sets[c].update(group)
        peers = [tuple(sorted(p - {c})) for c, p in enumerate(sets)]
        hit = _TABLES[key] = (units, names, peers, kinds)
    return hit


def diagonal_units(n: int) -> list[list[int]]:
    """The two long diagonals of an n x n grid, from r1c1 and from r1cn."""
    return [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]


def diagonal_names(n: int) -> list[str]:
    """The two long diagonals' names, for reasons."""
    return ["diagonal r1c1-r" + str(n) + "c" + str(n), "diagonal r1c" + str(n) + "-r" + str(n) + "c1"]


def first_repeat(values: list[int], n: int, box: tuple[int, int], layout: tuple = CLASSIC) -> tuple[int, int] | None:
    """(unit index, value) of the first value placed twice in a unit, or None."""
    found = latin.repeats(values, tables(n, box, layout)[0])
    return (found[0][0], found[0][1]) if found else None


def conflicts(values: list[int], box: tuple[int, int], layout: tuple = CLASSIC) -> list[int]:
    """Cells whose value repeats in their row, column, box (region, diagonal) or cage, ascending."""
    n = box[0] * box[1]
    return latin.conflicts(values, tables(n, box, layout)[2])


def cage_sum_bounds(size: int, n: int) -> tuple[int, int]:
    """The smallest and largest sum of `size` different digits 1..n."""
    return size * (size + 1) // 2, size * n - size * (size - 1) // 2


def broken_cages(values: list[int], layout: tuple) -> list[int]:
    """Indices of the cages that are full and do not add up to their sum."""
    out = []
    for k, (total, cells) in enumerate(layout[2]):
        if all(values[c] for c in cells) and sum(values[c] for c in cells) != total:
            out.append(k)
    return out


def rules_text(layout: tuple) -> str:
    """The rules of a variant in two sentences, as the page states them."""
    regions, diagonals, cages, more = layout
    houses = "every row, every column and every " + ("region (thick outline)" if regions is not None else "box")
    if diagonals:
        houses += " and both long diagonals"
    text = "Fill the grid so that " + houses + " hold each value exactly once."
    if cages:
        text += " The digits of each dashed cage differ and add up to the small number in its corner."
    for kind in constraint_types(layout):
        text += " " + RULE_WORDS.get(kind, "It also has " + kind + " constraints.")
    if any('"negative":true' in entry for entry in more):
        text += " Where two side-by-side cells have no mark between them, no marked rule holds for them."
    return text


# How the page words each further constraint it draws (the solvers' constraint types give the hints' words).
RULE_WORDS = {
    "thermo": "Along each grey thermometer the digits rise from its bulb.",
    "arrow": "The digits along an arrow add up to the number in its circle (they may repeat).",
    "kropki": "A white dot joins consecutive digits, a black dot two digits one double the other.",
    "xv": "Digits joined by an X add up to 10, by a V to 5.",
    "parity": "A grey circle holds an odd digit, a grey square an even one.",
    "littlekiller": "A number outside the grid is the sum of the diagonal its arrow points along.",
    "sandwich": "A number outside a row or column is the sum of the digits between its 1 and its highest digit.",
    "whispers": "Neighbours on a green line differ by at least 5.",
    "renban": "A purple line holds different consecutive digits, in any order.",
    "palindrome": "A grey line reads the same from either end.",
    "between": "Digits on a line with circles at its ends lie strictly between the digits in the circles.",
    "antiknight": "Cells a chess knight's move apart never hold the same digit.",
    "antiking": "Touching cells, corners too, never hold the same digit.",
    "nonconsecutive": "Side-by-side cells never hold consecutive digits.",
    "disjoint": "Cells in the same place of each box hold each digit once.",
    "extraregion": "Each shaded region holds each digit once.",
    "xsum": "A number outside a row or column is the sum of the first X digits from that side, X being the first.",
    "skyscraper": "A number outside a row or column counts the digits seen from that side, a digit hiding every "
                  "lower one behind it.",
    "quadruple": "The digits in a circle where four cells meet all appear in those four cells.",
    "minmax": "A cell marked min holds less than every cell beside it, one marked max more.",
    "regionsum": "Box borders divide each blue line into segments whose digits add up to the same sum.",
    "distinct": "The digits in a dashed cage differ (and add up to its number, where a cage overlaps another).",
}


def constraint_types(layout: tuple) -> list[str]:
    """The types of a layout's further constraints, each once, in order of first use."""
    out = []
    for entry in layout[3]:
        kind = entry.split('"type":"', 1)[1].split('"', 1)[0]
        if kind not in out:
            out.append(kind)
    return out


def variant_name(layout: tuple) -> str:
    """The variant a layout plays ("classic", "killer-x", ...)."""
    regions, diagonals, cages, more = layout
    for name, _label, jigsaw, diag, killer in VARIANTS:
        if jigsaw == (regions is not None) and diag == diagonals and killer == bool(cages) and not more:
            return name
    parts = (["jigsaw"] if regions is not None else []) + (["killer"] if cages else []) + constraint_types(layout)
    return "-".join(parts + (["x"] if diagonals else []))


# ----- layouts: reading, writing and checking the variants' regions, diagonals and cages -------------

def check_regions(regions: list[int], n: int) -> tuple:
    """Regions 0..n-1 of n cells each, as a tuple; ValueError otherwise."""
    if len(regions) != n * n:
        raise ValueError("the regions must name one region per cell: " + str(n * n) + ", not " + str(len(regions)))
    for k in range(n):
        size = sum(1 for r in regions if r == k)
        if size != n:
            raise ValueError("region " + str(k + 1) + " has " + str(size) + " cells; every region needs " + str(n))
    number = {}  # canonical: regions numbered in the order their first cells come, row by row
    for r in regions:
        if r not in number:
            number[r] = len(number)
    return tuple(number[r] for r in regions)


def check_cages(cages: list, n: int) -> tuple:
    """Cages as ((sum, sorted cells), ...) ordered by their first cell; ValueError for overlapping cages, a cell
    off the grid, or a sum its cells cannot make with different digits."""
    seen = {}
    out = []
    for total, cells in cages:
        cells = sorted(cells)
        if not cells or len(cells) > n:
            raise ValueError("a cage holds 1 to " + str(n) + " cells; one has " + str(len(cells)))
        for c in cells:
            if type(c) is not int or not 0 <= c < n * n:
                raise ValueError("a cage's cell is off the " + str(n) + "x" + str(n) + " grid")
            if c in seen:
                raise ValueError("cages overlap at " + latin.cell_name(n, c))
            seen[c] = True
        low, high = cage_sum_bounds(len(cells), n)
        if type(total) is not int or not low <= total <= high:
            raise ValueError("no " + str(len(cells)) + " different digits add up to " + str(total) + " (the cage at "
                             + latin.cell_name(n, cells[0]) + " needs a sum from " + str(low) + " to " + str(high)
                             + ")")
        out.append((total, tuple(cells)))
    out.sort(key=lambda cage: cage[1][0])
    return tuple(out)


def _canonical(value) -> str:
    """A constraint's JSON text, one form for one value: keys sorted, no spaces; ValueError for what a constraint
    cannot hold (floats, null, text beyond letters, digits, '-' and '_')."""
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    if type(value) is str:
        if not all(ch.isalpha() or ch.isdigit() or ch in "-_" for ch in value):
            raise ValueError("a constraint's text may hold letters, digits, '-' and '_' only, not " + repr(value))
        return '"' + value + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_canonical(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(_canonical(str(k)) + ":" + _canonical(value[k]) for k in sorted(value)) + "}"
    raise ValueError("a constraint holds whole numbers, text, true/false and lists, not " + repr(value))


def check_constraints(entries) -> tuple:
    """Further constraints as canonical JSON texts; ValueError unless each is an object with a "type" (the
    solvers check each type's fields)."""
    if not isinstance(entries, list):
        raise ValueError('"constraints" must be a list of {"type": ..., ...}')
    out = []
    for entry in entries:
        if not isinstance(entry, dict) or type(entry.get("type")) is not str or not entry["type"]:
            raise ValueError('a constraint is {"type": ..., ...}, for instance {"type": "thermo", "cells": [[0, 0], '
                             '[0, 1]]}')
        out.append(_canonical(entry))
    return tuple(out)


def read_layout(sections: list[str], n: int) -> tuple:
    """The layout of a text's '/' sections (see the module's docstring); ValueError with a player's message."""
    regions, diagonals, cages, more = None, False, (), ()
    for part in sections:
        kind, body = part[:1], part[1:]
        if kind == "x" and not body:
            diagonals = True
        elif kind == "r":
            regions = check_regions([latin.value_of(ch, n) - 1 for ch in body], n)
        elif kind == "k":
            ids, eq, sums = body.partition("=")
            if not eq or len(ids) != n * n:
                raise ValueError("a killer layout is one cage id per cell (" + str(n * n) + "), '=' and the sums")
            try:
                totals = [int(t) for t in sums.split(",")]
            except ValueError:
                raise ValueError("a cage's sum must be a whole number") from None
            groups = {}
            for c in range(n * n):
                if ids[c] != ".":
                    k = CAGE_IDS.find(ids[c])
                    if k < 0 or k >= len(totals):
                        raise ValueError("the cage id " + repr(ids[c]) + " at " + latin.cell_name(n, c)
                                         + " has no sum")
                    groups.setdefault(k, []).append(c)
            if len(groups) != len(totals):
                raise ValueError("there are " + str(len(totals)) + " sums for " + str(len(groups)) + " cages")
            cages = check_cages([(totals[k], groups[k]) for k in sorted(groups)], n)
        elif kind == "c":
            try:
                entries = json.loads(body)
            except ValueError:
                raise ValueError("a constraints section is /c and a JSON list of constraints") from None
            more = check_constraints(entries)
        else:
            raise ValueError("unknown layout section " + repr(part[:8])
                             + ": use /x, /r<regions>, /k<cages>=<sums> or /c<constraints>")
    return regions, diagonals, cages, more


def layout_text(layout: tuple, n: int) -> str:
    """The layout's '/' sections ('' for classic)."""
    regions, diagonals, cages, more = layout
    out = "/x" if diagonals else ""
    if regions is not None:
        out += "/r" + "".join(latin.symbol(r + 1) for r in regions)
    if cages:
        if len(cages) > len(CAGE_IDS):
            raise ValueError("at most " + str(len(CAGE_IDS)) + " cages can be written")
        ids = ["."] * (n * n)
        for k, (_total, cells) in enumerate(cages):
            for c in cells:
                ids[c] = CAGE_IDS[k]
        out += "/k" + "".join(ids) + "=" + ",".join(str(total) for total, _cells in cages)
    if more:
        out += "/c[" + ",".join(more) + "]"
    return out


def layout_of_input(puzzle: dict, n: int) -> tuple:
    """The layout of a solve input's "regions" (n*n symbols 1..n), "diagonals" (true), "cages"
    ([{"sum", "cells": [[row, col], ...]}]) and "constraints" ([{"type", ...}]); ValueError with a player's
    message."""
    regions, diagonals, cages, more = None, False, (), ()
    if puzzle.get("regions") is not None:
        text = puzzle["regions"]
        if not isinstance(text, str):
            raise ValueError('"regions" must be text: each cell\'s region 1..' + latin.symbol(n) + ", row by row")
        regions = check_regions([latin.value_of(ch, n) - 1 for ch in "".join(text.split())], n)
    if puzzle.get("diagonals") not in (None, False, True):
        raise ValueError('"diagonals" must be true or false')
    diagonals = puzzle.get("diagonals") is True
    if puzzle.get("cages") is not None:
        raw = puzzle["cages"]
        if not isinstance(raw, list):
            raise ValueError('"cages" must be a list of {"sum": s, "cells": [[row, col], ...]}')
        found = []
        for cage in raw:
            if not isinstance(cage, dict) or not isinstance(cage.get("cells"), list):
                raise ValueError('a cage is {"sum": s, "cells": [[row, col], ...]}')
            cells = []
            for rc in cage["cells"]:
                if not (isinstance(rc, list) and len(rc) == 2 and type(rc[0]) is int and type(rc[1]) is int
                        and 0 <= rc[0] < n and 0 <= rc[1] < n):
                    raise ValueError("a cage's cell is [row, col] with rows and columns from 0 to " + str(n - 1))
                cells.append(rc[0] * n + rc[1])
            found.append((cage.get("sum"), cells))
        cages = check_cages(found, n)
    if puzzle.get("constraints") is not None:
        more = check_constraints(puzzle["constraints"])
    return regions, diagonals, cages, more


def input_of_layout(layout: tuple, n: int) -> dict:
    """The solve input's fields of a layout (none for classic)."""
    regions, diagonals, cages, more = layout
    out = {}
    if regions is not None:
        out["regions"] = "".join(latin.symbol(r + 1) for r in regions)
    if diagonals:
        out["diagonals"] = True
    if cages:
        out["cages"] = [{"sum": total, "cells": [[c // n, c % n] for c in cells]} for total, cells in cages]
    if more:
        out["constraints"] = [json.loads(entry) for entry in more]
    return out


def read_state(text: str, givens: list[int], n: int) -> list[int]:
    """The player's grid text as values (a blank at a given counts as the given); ValueError if unreadable."""
    if not isinstance(text, str):
        raise ValueError("the state must be grid text")
    text = "".join(text.split())
    if len(text) != n * n:
        raise ValueError("the state must have " + str(n * n) + " cells like the grid; it has " + str(len(text)))
    values = latin.read_values(text, n, "state")
    return [values[c] or givens[c] for c in range(n * n)]


def apply_move(givens: list[int], values: list[int], notes: list[int], move: str,
               box: tuple[int, int], layout: tuple = CLASSIC) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(values, notes) after a move string (see latin.py); givens cannot change."""
    n = box[0] * box[1]
    return latin.apply_move(values, notes, move, n, tables(n, box, layout)[2], givens)


# ----- the uniform puzzle text of every rules module (the share link's puzzle part) ---------------

EXAMPLE = "....1.2..4.1...."  # a 4x4 to show where the build's starters are missing


def split_text(text: str) -> tuple[str, list[str]]:
    """(grid text, layout sections) of a puzzle text (whitespace removed)."""
    parts = "".join(text.split()).split("/")
    return parts[0], [p for p in parts[1:] if p]


def read_text(text: str) -> tuple[list[int], tuple[int, int], tuple]:
    """(values, box, layout) of a puzzle text with its layout sections; ValueError when malformed."""
    if not isinstance(text, str):
        raise ValueError("the grid must be text")
    grid, sections = split_text(text)
    box = split_box(grid)[0] or default_box(no_stray(split_box(grid)[1]))
    layout = read_layout(sections, box[0] * box[1]) if sections else CLASSIC
    values, box = parse_grid(grid, None, layout)
    return values, box, layout


def read_input(puzzle: dict) -> tuple[list[int], tuple[int, int], tuple]:
    """(values, box, layout) of a solve input; ValueError when malformed."""
    grid = puzzle["grid"]
    if not isinstance(grid, str):
        raise ValueError("the grid must be text")
    box = puzzle.get("box")
    if box is not None and not isinstance(box, (list, tuple)):
        raise ValueError("box must be two whole numbers [width, height]")
    plain = split_box("".join(grid.split()))
    shape = check_box(tuple(box), len(plain[1])) if box is not None else plain[0] or default_box(no_stray(plain[1]))
    layout = layout_of_input(puzzle, shape[0] * shape[1])
    values, box = parse_grid(grid, None if box is None else tuple(box), layout)
    return values, box, layout


def puzzle_of(text: str) -> dict:
    """The solve input of a puzzle text (grid, maybe "WxH:"-prefixed, and layout sections); ValueError when
    malformed."""
    values, box, layout = read_text(text)
    out = {"grid": latin.values_text(values), "box": list(box)}
    out.update(input_of_layout(layout, box[0] * box[1]))
    return out


def text_of(puzzle: dict) -> str:
    """The canonical text of a solve input; ValueError when malformed."""
    values, box, layout = read_input(puzzle)
    return format_grid(values, box) + layout_text(layout, box[0] * box[1])


def size_of(puzzle: dict) -> int:
    """The side of a solve input's grid."""
    box = read_input(puzzle)[1]
    return box[0] * box[1]


def layout_of(puzzle: dict) -> tuple:
    """The layout of a solve input (CLASSIC for a plain Sudoku)."""
    return read_input(puzzle)[2]


# ----- the latin-grid view's side of the worker's JSON (rules.skyscrapers has the same three) --------------

def variant_of(puzzle: dict) -> str:
    """The variant's name of a puzzle (its layout's)."""
    return variant_name(layout_of(puzzle))


def grid_of(puzzle: dict) -> tuple:
    """(n, givens as flat values, box, no clues) of a solve input; ValueError when malformed."""
    values, box, _layout = read_input(puzzle)
    return box[0] * box[1], values, box, None


def state_input(n: int, values: list, notes: list) -> dict:
    """The player's entries as the worker's "state" (grid text) and notes as "pencil" (a string per cell)."""
    obj = {"state": latin.values_text(values)}
    if any(notes):
        obj["pencil"] = [latin.mask_text(m) for m in notes]
    return obj


def solution_of(answer: dict, n: int) -> list:
    """The flat values of the worker's solve answer."""
    return latin.read_values(answer["solution"], n)
