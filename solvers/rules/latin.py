"""Latin-grid rules shared by Sudoku and Skyscrapers: symbols, cells, units, moves, conflicts.

A board of side n holds values 1..n (0 = empty), row-major; cell i is row i // n, column
i % n. Values are written with one symbol each: 1-9, then A-Z (10 = A). Notes (pencil
marks) are bit masks per cell: bit v-1 set = note v.

Moves are short strings with 1-based rows and columns; several moves joined by commas
make one move (a hint that removes notes from several cells):

    r1c2=4      place 4 at row 1, column 2 (clears that cell's notes and 4 from its peers' notes)
    r1c2=0      clear the cell (`r1c2=.` too): its value and its notes
    r1c2^4      toggle note 4 (the cell must be empty)
    r1c2-47     remove notes 4 and 7; a cell without notes first gets every candidate its
                peers allow, then loses those (what playing an elimination hint does)
    r1c2+1279   set the notes to exactly 1, 2, 7, 9 (`+0`: none): "fill in candidates"
    r1c2*4      toggle corner mark 4 (any cell)
    r1c2!3      paint the cell in colour 3 of COLOURS (`!0` clears it; givens too)

Notes are the centre marks the hints read; corner marks and colours are the player's own marks
(SudokuPad's): `apply_move` accepts and ignores them, `apply_marks` keeps them.

Runs under CPython and MicroPython alike (see the package's docstring).
"""

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BLANKS = ".0"
MAX_N = len(SYMBOLS)
PLACE, TOGGLE, REMOVE = "=", "^", "-"
SET_NOTES, CORNER, COLOUR = "+", "*", "!"
KINDS = (PLACE, TOGGLE, REMOVE, SET_NOTES, CORNER, COLOUR)
COLOURS = 9  # cell colours 1..9 (0: none)
REPAIR = "Missing candidate"  # the hint technique of notes that leave out a cell's true digit (they are repaired)


def symbol(v: int) -> str:
    """How a value is written: 1-9, then A (10), B, ...; '.' for 0."""
    return SYMBOLS[v - 1] if v else "."


def a_symbol(v: int) -> str:
    """The value with its article as it is read aloud: "a 7", "an 8", "an A" (eight, ay, ef, ...)."""
    text = symbol(v)
    return ("an " if text in "8AEFHILMNORSX" else "a ") + text


def value_of(ch: str, n: int) -> int:
    """The value of one symbol for side n (0 for '.' or '0'); ValueError when it is not one."""
    if ch in BLANKS:
        return 0
    v = SYMBOLS.find(ch.upper()) + 1 if len(ch) == 1 and ord(ch) < 128 else 0
    if v < 1 or (v > n and v > 16):  # past the largest played size a letter is no symbol at all
        raise ValueError("unexpected character " + repr(ch) + ": use " + symbol_range(n) + ", '.' or '0'")
    if v > n:
        raise ValueError(repr(ch) + " is too large for a " + str(n) + "x" + str(n) + " grid")
    return v


def symbol_range(n: int) -> str:
    """The symbols of side n in words: '1-9, A-C' for 12."""
    text = "1-" + SYMBOLS[min(n, 9) - 1]
    if n > 9:
        text += ", A-" + SYMBOLS[n - 1]
    return text


def values_text(values: list[int]) -> str:
    """Values as one symbol each ('.' = empty): the grid text of a board."""
    return "".join(symbol(v) for v in values)


def read_values(text: str, n: int, what: str = "grid") -> list[int]:
    """Values of one symbol per cell ('.' or '0' = empty); ValueError naming the cell of a bad one."""
    out = []
    for i in range(len(text)):
        try:
            out.append(value_of(text[i], n))
        except ValueError as exc:
            raise ValueError(str(exc) + " (in the " + what + " at " + cell_name(n, i) + ")") from None
    return out


def cell_name(n: int, cell: int) -> str:
    """A cell as players read it: r4c7 (1-based)."""
    return "r" + str(cell // n + 1) + "c" + str(cell % n + 1)


def mask_text(mask: int) -> str:
    """Notes of a mask as symbols, ascending ("" for none)."""
    out = ""
    v = 1
    while mask:
        if mask & 1:
            out += SYMBOLS[v - 1]
        mask >>= 1
        v += 1
    return out


def mask_of(text: str, n: int) -> int:
    """The mask of notes written as symbols ('.' and '0' ignored); ValueError for a bad symbol."""
    mask = 0
    for ch in text:
        v = value_of(ch, n)
        if v:
            mask |= 1 << (v - 1)
    return mask


# --------------------------------------------------------------------------- units and peers

def units(n: int, box: tuple[int, int] | None = None) -> list[list[int]]:
    """Rows, then columns, then (with box = (width, height)) boxes left to right, top to bottom."""
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if box is not None:
        w, h = box
        for b in range(n):
            r0, c0 = (b // (n // w)) * h, (b % (n // w)) * w
            out.append([(r0 + dr) * n + c0 + dc for dr in range(h) for dc in range(w)])
    return out


ROW, COLUMN, BOX, REGION, DIAGONAL = "row", "column", "box", "region", "diagonal"  # unit kinds: code branches on
# these, never on a unit's name (its words: "row 4", "diagonal r1c1-r9c9")


def unit_kinds(n: int, box: tuple[int, int] | None = None) -> list[str]:
    """The kind of each unit of `units`: ROW.., COLUMN.., BOX.."""
    return [ROW] * n + [COLUMN] * n + ([BOX] * n if box is not None else [])


def unit_names(n: int, box: tuple[int, int] | None = None) -> list[str]:
    """"row 1".., "column 1".., "box 1".. in the order of `units`."""
    names = ["row " + str(r + 1) for r in range(n)] + ["column " + str(c + 1) for c in range(n)]
    if box is not None:
        names += ["box " + str(b + 1) for b in range(n)]
    return names


_PEERS = {}  # (n, box) -> peers, built once per shape


def peers(n: int, box: tuple[int, int] | None = None) -> list[tuple[int, ...]]:
    """Each cell's peers (the other cells of its units), ascending; built once per shape (do not change it)."""
    key = (n, None if box is None else tuple(box))
    hit = _PEERS.get(key)
    if hit is None:
        sets = [set() for _ in range(n * n)]
        for unit in units(n, box):
            for c in unit:
                sets[c].update(unit)
        hit = _PEERS[key] = [tuple(sorted(s - {c})) for c, s in enumerate(sets)]
    return hit


def candidates(values: list[int], peer_lists: list[tuple[int, ...]], n: int) -> list[int]:
    """Per cell, the mask of values no peer holds (a filled cell: its own value's bit)."""
    return [cell_candidates(values, peer_lists, n, c) for c in range(len(values))]


def cell_candidates(values: list[int], peer_lists: list[tuple[int, ...]], n: int, cell: int) -> int:
    """The mask of values no peer of `cell` holds (a filled cell: its own value's bit)."""
    v = values[cell]
    if v:
        return 1 << (v - 1)
    used = 0
    for p in peer_lists[cell]:
        if values[p]:
            used |= 1 << (values[p] - 1)
    return ((1 << n) - 1) & ~used


def conflicts(values: list[int], peer_lists: list[tuple[int, ...]]) -> list[int]:
    """Cells whose value a peer also holds, ascending."""
    out = []
    for c in range(len(values)):
        v = values[c]
        if v:
            for p in peer_lists[c]:
                if values[p] == v:
                    out.append(c)
                    break
    return out


def repeats(values: list[int], unit_list: list[list[int]]) -> list[tuple[int, int, list[int]]]:
    """(unit index, value, cells) for every value placed more than once in a unit."""
    out = []
    for u in range(len(unit_list)):
        where = {}
        for c in unit_list[u]:
            v = values[c]
            if v:
                where.setdefault(v, []).append(c)
        for v in sorted(where):
            if len(where[v]) > 1:
                out.append((u, v, where[v]))
    return out


# --------------------------------------------------------------------------- moves

def parse_move(text: str, n: int) -> list[tuple[int, str, int]]:
    """The atoms of a move string as (cell, kind, value or notes mask); ValueError when unreadable.

    kind is PLACE ('=', value 0 = clear), TOGGLE ('^', one value), REMOVE ('-', a mask), SET_NOTES ('+', a
    mask), CORNER ('*', one value) or COLOUR ('!', 0..COLOURS)."""
    out = []
    for part in text.split(","):
        part = part.strip()
        i = 0
        if not part or part[0] not in "rR":
            raise ValueError("a move looks like r1c2=4, r1c2^4 or r1c2-47; got " + repr(text[:40]))
        i, row = _number(part, 1)
        if i >= len(part) or part[i] not in "cC":
            raise ValueError("a move names its cell as r<row>c<column>; got " + repr(part[:40]))
        i, col = _number(part, i + 1)
        if not (1 <= row <= n and 1 <= col <= n):
            raise ValueError("r" + str(row) + "c" + str(col) + " is off the " + str(n) + "x" + str(n) + " board")
        cell = (row - 1) * n + col - 1
        if i >= len(part) or part[i] not in KINDS:
            raise ValueError("after the cell comes =, ^, -, +, * or !: " + repr(part[:40]))
        kind, rest = part[i], part[i + 1:]
        if kind == PLACE:
            if len(rest) != 1:
                raise ValueError("place one symbol: r1c2=4 (or =0 to clear); got " + repr(part[:40]))
            out.append((cell, kind, value_of(rest, n)))
        elif kind in (TOGGLE, CORNER):
            if len(rest) != 1 or rest in BLANKS:
                raise ValueError("toggle one mark: r1c2" + kind + "4; got " + repr(part[:40]))
            out.append((cell, kind, value_of(rest, n)))
        elif kind == COLOUR:
            if len(rest) != 1 or not "0" <= rest <= str(COLOURS):
                raise ValueError("a colour is 0 to " + str(COLOURS) + ": r1c2!3; got " + repr(part[:40]))
            out.append((cell, kind, int(rest)))
        elif kind == SET_NOTES:
            if not rest:
                raise ValueError("name the notes: r1c2+1279 (or +0 for none); got " + repr(part[:40]))
            out.append((cell, kind, mask_of(rest, n)))
        else:
            if not rest:
                raise ValueError("name the notes to remove: r1c2-47; got " + repr(part[:40]))
            out.append((cell, kind, mask_of(rest, n)))
    return out


def _number(text: str, i: int) -> tuple[int, int]:
    """(index after, value) of the decimal number starting at text[i]."""
    j = i
    while j < len(text) and "0" <= text[j] <= "9":
        j += 1
    if j == i or j - i > 3:
        raise ValueError("expected a row or column number in " + repr(text[:40]))
    return j, int(text[i:j])


def format_move(n: int, atoms: list[tuple[int, str, int]]) -> str:
    """The move string of (cell, kind, value or mask) atoms (parse_move's inverse)."""
    parts = []
    for cell, kind, x in atoms:
        if kind in (REMOVE, SET_NOTES):
            parts.append(cell_name(n, cell) + kind + (mask_text(x) or "0"))
        elif kind == COLOUR:
            parts.append(cell_name(n, cell) + kind + str(x))
        else:
            parts.append(cell_name(n, cell) + kind + (symbol(x) if x else "0"))
    return ",".join(parts)


def place_move(n: int, cell: int, v: int) -> str:
    """'r1c2=4' (v = 0: clear the cell)."""
    return format_move(n, [(cell, PLACE, v)])


def entries_moves(text: str, n: int, givens: list[int]) -> list[str]:
    """The moves of an older link's progress, every entry written as a grid (givens as they are, blanks empty);
    ValueError when it does not fit the puzzle."""
    entries = read_values(text, n, "progress")
    if len(entries) != n * n:
        raise ValueError("the progress does not match the puzzle's size")
    moves = []
    for i in range(n * n):
        if givens[i] and entries[i] and entries[i] != givens[i]:
            raise ValueError("the progress changes a given digit")
        if entries[i] and not givens[i]:
            moves.append(place_move(n, i, entries[i]))
    return moves


def move_of_json(n: int, move: dict | None) -> str | None:
    """The move string of a hint's JSON move ({"place": [r, c, v]}, {"clear": [r, c]},
    {"eliminate": [[r, c, v], ...]}, 0-based); None for none."""
    if not move:
        return None
    if "place" in move:
        r, c, v = move["place"]
        return place_move(n, r * n + c, v)
    if "clear" in move:
        r, c = move["clear"]
        return place_move(n, r * n + c, 0)
    masks = {}
    order = []
    for r, c, v in move.get("eliminate", []):
        cell = r * n + c
        if cell not in masks:
            masks[cell] = 0
            order.append(cell)
        masks[cell] |= 1 << (v - 1)
    return format_move(n, [(cell, REMOVE, masks[cell]) for cell in order]) or None


def apply_move(values: list[int], notes: list[int], move: str, n: int, peer_lists: list[tuple[int, ...]],
               givens: list[int] | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The (values, notes) after a move string, as new tuples; ValueError for a move that cannot be made.

    Givens (nonzero entries of `givens`) cannot change (placing a given's own value restores it);
    notes live only in empty cells."""
    vals = list(values)
    marks = list(notes)
    for cell, kind, x in parse_move(move, n):
        if kind in (CORNER, COLOUR):
            continue  # the player's own marks (apply_marks)
        if givens is not None and givens[cell] and not (kind == PLACE and x == givens[cell]):
            raise ValueError(cell_name(n, cell) + " is a given: it cannot change")
        if kind == PLACE:
            vals[cell] = x
            marks[cell] = 0
            if x:
                keep = ~(1 << (x - 1))
                for p in peer_lists[cell]:
                    marks[p] &= keep
        elif vals[cell]:
            raise ValueError(cell_name(n, cell) + " holds " + symbol(vals[cell]) + ": clear it before writing notes")
        elif kind == TOGGLE:
            marks[cell] ^= 1 << (x - 1)
        elif kind == SET_NOTES:
            marks[cell] = x
        else:
            if not marks[cell]:
                marks[cell] = cell_candidates(vals, peer_lists, n, cell)
            marks[cell] &= ~x
    return tuple(vals), tuple(marks)


def apply_marks(corners: list[int], colours: list[int], move: str, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The (corner marks as masks, colours) after a move string (its other atoms are `apply_move`'s)."""
    corner = list(corners)
    paint = list(colours)
    for cell, kind, x in parse_move(move, n):
        if kind == CORNER:
            corner[cell] ^= 1 << (x - 1)
        elif kind == COLOUR:
            paint[cell] = x
    return tuple(corner), tuple(paint)
