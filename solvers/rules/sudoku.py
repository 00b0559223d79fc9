"""Sudoku rules for the page and the solvers: box shapes, grid text with its box, the geometry.

A Sudoku of side n = w * h has n boxes w cells wide and h cells tall. The grid text is n*n
symbols row-major (1-9, A-Z; '.' or '0' blank; whitespace ignored). The canonical text is
the plain grid when the box is the size's default (BOXES), else prefixed with the box as
"WxH:" (width x height), e.g. "2x3:" + 36 symbols for a 6x6 of boxes 2 wide and 3 tall.
Runs under CPython and MicroPython alike.
"""

from . import latin

BOXES = {4: (2, 2), 6: (3, 2), 9: (3, 3), 12: (4, 3), 16: (4, 4)}  # side -> (width, height)
MAX_N = 25

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


def _digits(text: str) -> bool:
    return 0 < len(text) < 3 and all("0" <= ch <= "9" for ch in text)


def parse_grid(text: str, box: tuple[int, int] | None = None) -> tuple[list[int], tuple[int, int]]:
    """(values, box) of grid text, optionally "WxH:"-prefixed; `box` when the caller knows it.

    ValueError with a player's message for a bad text or a value repeated in a unit."""
    if not isinstance(text, str):
        raise ValueError("the grid must be text")
    prefix, body = split_box("".join(text.split()))
    if prefix is not None and box is not None and tuple(box) != prefix:
        raise ValueError("the grid says " + str(prefix[0]) + "x" + str(prefix[1]) + " boxes but box is "
                         + str(list(box)))
    box = prefix or box
    shape = check_box(box, len(body)) if box is not None else default_box(len(body))
    n = shape[0] * shape[1]
    values = latin.read_values(body, n)
    dup = first_repeat(values, n, shape)
    if dup is not None:
        raise ValueError(latin.symbol(dup[1]) + " appears twice in " + tables(n, shape)[1][dup[0]])
    return values, shape


def format_grid(values: list[int], box: tuple[int, int]) -> str:
    """The canonical text: the grid ('.' = blank), prefixed "WxH:" unless the box is the default."""
    n = box[0] * box[1]
    grid = latin.values_text(values)
    if BOXES.get(n) == tuple(box):
        return grid
    return str(box[0]) + "x" + str(box[1]) + ":" + grid


def tables(n: int, box: tuple[int, int]) -> tuple[list[list[int]], list[str], list[tuple[int, ...]]]:
    """(units, unit names, peers) of a size and box, built once."""
    key = (n, box[0], box[1])
    hit = _TABLES.get(key)
    if hit is None:
        hit = _TABLES[key] = (latin.units(n, box), latin.unit_names(n, box), latin.peers(n, box))
    return hit


def first_repeat(values: list[int], n: int, box: tuple[int, int]) -> tuple[int, int] | None:
    """(unit index, value) of the first value placed twice in a unit, or None."""
    found = latin.repeats(values, tables(n, box)[0])
    return (found[0][0], found[0][1]) if found else None


def conflicts(values: list[int], box: tuple[int, int]) -> list[int]:
    """Cells whose value repeats in their row, column or box, ascending."""
    n = box[0] * box[1]
    return latin.conflicts(values, tables(n, box)[2])


def read_state(text: str, givens: list[int], n: int) -> list[int]:
    """The player's grid text as values (a blank at a given counts as the given); ValueError if unreadable."""
    if not isinstance(text, str):
        raise ValueError("the state must be grid text")
    text = "".join(text.split())
    if len(text) != n * n:
        raise ValueError("the state must have " + str(n * n) + " cells like the grid; it has " + str(len(text)))
    values = latin.read_values(text, n, "state")
    return [values[c] or givens[c] for c in range(n * n)]


def changed_givens(values: list[int], givens: list[int]) -> list[int]:
    """Cells where a given was overwritten."""
    return [c for c in range(len(givens)) if givens[c] and values[c] and values[c] != givens[c]]


def apply_move(givens: list[int], values: list[int], notes: list[int], move: str,
               box: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(values, notes) after a move string (see latin.py); givens cannot change."""
    n = box[0] * box[1]
    return latin.apply_move(values, notes, move, n, tables(n, box)[2], givens)


# ----- the uniform puzzle text of every rules module (the share link's puzzle part) ---------------

EXAMPLE = "....1.2..4.1...."  # a 4x4 to show where the build's starters are missing


def puzzle_of(text: str) -> dict:
    """The solve input of a grid text, maybe "WxH:"-prefixed; ValueError when malformed."""
    values, box = parse_grid(text)
    return {"grid": latin.values_text(values), "box": list(box)}


def text_of(puzzle: dict) -> str:
    """The canonical text of a solve input; ValueError when malformed."""
    return format_grid(*parse_grid(puzzle["grid"], puzzle.get("box")))


def size_of(puzzle: dict) -> int:
    """The side of a solve input's grid."""
    box = parse_grid(puzzle["grid"], puzzle.get("box"))[1]
    return box[0] * box[1]


# ----- the latin-grid view's side of the worker's JSON (rules.skyscrapers has the same three) --------------

def grid_of(puzzle: dict) -> tuple:
    """(n, givens as flat values, box, no clues) of a solve input; ValueError when malformed."""
    values, box = parse_grid(puzzle["grid"], puzzle.get("box"))
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
