"""Cubes 3D (Ubongo 3D) rules for the page and the worker: pieces, turns, cards, links, moves.

Rules: fill a card's footprint `height` cubes high with the card's polycube pieces, each used
once, turned any way in space (no mirror images: they are solid pieces). Cubes are
(row, column, layer) tuples, layer 0 at the bottom. Errors are ValueError with a sentence.
Two piece sets: the eight-piece family set and the original game's 16 piece types; a card's
pieces come from one set, each type at most once (as the study's generator uses them).
A generated card has a number (`card_number`): the level and piece set in its first digit, and the generator's
seed. `clash` says which cubes of a refused placement are outside the card or on another piece, `ways_at`
which turns of a piece fit at a chosen cube.
Known limits: no solving here (see solvers/ubongo.py); a card number needs the worker to make its card.
"""

from . import placing

# id (colour letter + number of cubes), name, colour, cubes of one orientation. The two pieces of a
# colour differ in lightness (one light, one dark) so that they are told apart at a glance.
PIECES = (
    ("y5", "yellow five", "#f5d547", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 0), (1, 0, 1))),
    ("y4", "yellow four", "#b98500", ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 1, 0))),
    ("r4", "red four", "#e5534b", ((0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 1, 1))),
    ("r2", "red two", "#8a1c14", ((0, 0, 0), (0, 0, 1))),
    ("g3", "green three", "#7fd160", ((0, 0, 0), (0, 0, 1), (0, 1, 0))),
    ("g5", "green five", "#1d6636", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 2), (1, 1, 2))),
    ("b4", "blue four", "#5ba6ec", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0))),
    ("b5", "blue five", "#243f8f", ((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 2, 1))),
    # The original Ubongo 3D's 16 piece types (four per colour, named by colour and letter); the four of a
    # colour go from light to dark so that two of one colour on a card are told apart.
    ("yt", "yellow T", "#fbe68a", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 1, 0), (0, 0, 1))),
    ("yl", "yellow L", "#f2c230", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (0, 2, 1))),
    ("yv", "yellow V", "#c99700", ((0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 1, 1))),
    ("yu", "yellow U", "#8c6a00", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 2, 0))),
    ("bl", "blue L", "#a8d4fb", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 0), (1, 2, 1))),
    ("bs", "blue S", "#5ba6ec", ((0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0), (1, 0, 1))),
    ("bp", "blue P", "#2f6cc4", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 1, 0), (1, 2, 0))),
    ("bv", "blue V", "#1c3a80", ((0, 0, 0), (0, 1, 0), (1, 0, 0))),
    ("ro", "red O", "#f7a49c", ((0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0), (0, 0, 1))),
    ("rv", "red V", "#e5534b", ((0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 0, 1))),
    ("rl", "red L", "#b3261e", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 0), (0, 0, 1))),
    ("rz", "red Z", "#6e130d", ((0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 1, 0))),
    ("gs", "green S", "#b8eaa0", ((0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 2, 0), (0, 0, 1))),
    ("gl", "green L", "#6cc24a", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 0, 0), (1, 0, 1))),
    ("gt", "green T", "#2e8b3a", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 1, 0))),
    ("gj", "green J", "#15522a", ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 0))),
)
KITS = ("family", "original")  # the piece sets in order: the first is the default, the order numbers cards
SETS = {KITS[0]: [p[0] for p in PIECES[:8]], KITS[1]: [p[0] for p in PIECES[8:]]}
SET_NAMES = {"family": "the family set", "original": "the original game's set"}
IDS = [p[0] for p in PIECES]
NAME = {p[0]: p[1] for p in PIECES}
COLOUR = {p[0]: p[2] for p in PIECES}
SHAPE = {p[0]: p[3] for p in PIECES}
GRADES = ["Easy", "Medium", "Hard", "Expert"]
HEIGHT = 2
MAX_SIDE = 12  # largest footprint row/column number accepted
MAX_HEIGHT = 4
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"  # one link digit per coordinate


def label(pid: str) -> str:
    """ "the red two (r2)"."""
    return "the " + NAME[pid] + " (" + pid + ")"


def where(q: tuple) -> str:
    """ "layer 1, row 2, column 3" for cube (1, 2, 0): counted from 1, as the page's layer grids are."""
    return "layer " + str(q[2] + 1) + ", row " + str(q[0] + 1) + ", column " + str(q[1] + 1)


def piece_id(text: object) -> str:
    """The piece id written in any case; ValueError for unknown pieces."""
    return placing.piece_id(text, IDS, False)


def set_of(pieces: object) -> str:
    """The piece set that holds every one of `pieces` ("family" when there are none); ValueError when none does."""
    pieces = list(pieces or ())
    for name in SETS:
        if all(p in SETS[name] for p in pieces):
            return name
    raise ValueError("a card's pieces come from one set: " + " or ".join(
        SET_NAMES[n] + " (" + ", ".join(SETS[n]) + ")" for n in SETS))


def volume(pieces: object) -> int:
    """Total cubes of some pieces."""
    return sum(len(SHAPE[p]) for p in pieces)


# ----- turns ---------------------------------------------------------------------------


def normalise(cubes: object) -> tuple:
    """Shift cubes so each coordinate's minimum is 0, sorted."""
    cubes = list(cubes)
    lo = [min(q[i] for q in cubes) for i in range(3)]
    return tuple(sorted((q[0] - lo[0], q[1] - lo[1], q[2] - lo[2]) for q in cubes))


def _quarter(q: tuple, axis: int) -> tuple:
    """A cube turned a quarter about an axis: 0 rows (roll), 1 columns (tip), 2 layers (turn)."""
    r, c, z = q
    if axis == 2:
        return (c, -r, z)
    if axis == 1:
        return (z, c, -r)
    return (r, z, -c)


def turn(shape: object, anchor: tuple, axis: int) -> tuple:
    """(shape, anchor) turned a quarter about an axis; the anchor cube moves with the shape."""
    moved = [_quarter(q, axis) for q in shape]
    lo = [min(q[i] for q in moved) for i in range(3)]
    a = _quarter(anchor, axis)
    return normalise(moved), (a[0] - lo[0], a[1] - lo[1], a[2] - lo[2])


def rotations() -> list:
    """The 24 turns of space as signed axis permutations ((source axis, sign) per output axis)."""
    start = ((0, 1), (1, 1), (2, 1))
    found = [start]
    todo = [start]
    while todo:
        rot = todo.pop()
        for axis in range(3):
            # turning the image of the basis: output i of the quarter turn reads its source axis
            probe = _quarter((1, 2, 3), axis)
            nxt = tuple((rot[abs(v) - 1][0], rot[abs(v) - 1][1] * (1 if v > 0 else -1)) for v in probe)
            if nxt not in found:
                found.append(nxt)
                todo.append(nxt)
    return sorted(found)


_ORIENTATIONS = {}


def orientations(shape: object) -> tuple:
    """The distinct orientations of a polycube under the 24 turns of space (no mirrors), sorted."""
    key = normalise(shape)
    if key not in _ORIENTATIONS:
        found = [key]
        todo = [key]
        while todo:
            cur = todo.pop()
            for axis in range(3):
                nxt = normalise(_quarter(q, axis) for q in cur)
                if nxt not in found:
                    found.append(nxt)
                    todo.append(nxt)
        _ORIENTATIONS[key] = tuple(sorted(found))
    return _ORIENTATIONS[key]


def anchor_of(shape: object) -> tuple:
    """The cube a piece is held by: in its lowest layer, nearest the middle of its rows and columns."""
    n = len(shape)
    mr = sum(q[0] for q in shape) / n
    mc = sum(q[1] for q in shape) / n
    low = min(q[2] for q in shape)
    return min((q for q in shape if q[2] == low), key=lambda q: ((q[0] - mr) ** 2 + (q[1] - mc) ** 2, q))


def fit(shape: object, anchor: tuple, at: tuple, size: tuple) -> tuple:
    """The cubes of `shape` with its anchor at `at` (row, col, layer), pushed inside the box `size`."""
    pts = [(at[0] + q[0] - anchor[0], at[1] + q[1] - anchor[1], at[2] + q[2] - anchor[2]) for q in shape]
    shift = []
    for i in range(3):  # a piece longer than the box starts at 0 and sticks out past the far side (above the top)
        lo = min(p[i] for p in pts)
        hi = max(p[i] for p in pts)
        shift.append(-lo if lo < 0 else max(size[i] - 1 - hi, -lo) if hi > size[i] - 1 else 0)
    return tuple(sorted((p[0] + shift[0], p[1] + shift[1], p[2] + shift[2]) for p in pts))


def fits_piece(pid: str, cubes: object) -> bool:
    """Whether cubes have the piece's shape (some turn of it)."""
    cubes = tuple(cubes)
    return len(set(cubes)) == len(cubes) == len(SHAPE[pid]) and normalise(cubes) in orientations(SHAPE[pid])


def neighbours(q: tuple) -> list:
    """The six cubes sharing a face with a cube."""
    r, c, z = q
    return [(r - 1, c, z), (r + 1, c, z), (r, c - 1, z), (r, c + 1, z), (r, c, z - 1), (r, c, z + 1)]


# ----- cards -----------------------------------------------------------------------------


def is_connected(squares: object) -> bool:
    """Whether squares form one edge-connected region (empty is not)."""
    left = set(squares)
    if not left:
        return False
    todo = [left.pop()]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in left:
                left.remove(n)
                todo.append(n)
    return not left


def card_problem(squares: object, height: int, pieces: object) -> str | None:
    """Why footprint squares, a height and pieces (None: any) are not a card, or None when they are."""
    squares = list(squares)
    if not squares:
        return "the card's footprint is empty: give at least one [row, col] square"
    if len(squares) > (MAX_SIDE + 1) * (MAX_SIDE + 1):
        return "a footprint has at most " + str((MAX_SIDE + 1) * (MAX_SIDE + 1)) + " squares"
    if len(set(squares)) != len(squares):
        seen = set()  # the first square listed twice, in one pass (never a count per square)
        for s in squares:
            if s in seen:
                return "footprint square " + str(list(s)) + " is listed twice"
            seen.add(s)
    if max(max(r, c) for r, c in squares) > MAX_SIDE or min(min(r, c) for r, c in squares) < 0:
        return "the card is too large to play (rows and columns 0 to " + str(MAX_SIDE) + ")"
    if not 1 <= height <= MAX_HEIGHT:
        return "the card's height must be 1 to " + str(MAX_HEIGHT)
    if not is_connected(squares):
        return "the card's footprint is in several parts: its squares must touch edge to edge"
    if pieces is None:
        return None
    pieces = list(pieces)
    if not pieces:
        return "the card lists no pieces"
    if len(set(pieces)) != len(pieces):
        return "each piece can be on a card only once"
    try:
        set_of(pieces)
    except ValueError as exc:
        return str(exc)
    if volume(pieces) != len(squares) * height:
        return ("the pieces have " + str(volume(pieces)) + " cubes but the card holds " + str(len(squares))
                + " squares x " + str(height) + " layers = " + str(len(squares) * height) + " cubes")
    return None


def format_code(footprint: object, height: int, pieces: object) -> str:
    """A card's link text: pieces joined by '-', '_', footprint rows as 0/1 joined by '.', '_', height."""
    footprint = set(tuple(s) for s in footprint)
    rows = max(r for r, _ in footprint) + 1
    cols = max(c for _, c in footprint) + 1
    grid = ".".join("".join("1" if (r, c) in footprint else "0" for c in range(cols)) for r in range(rows))
    return "-".join(pieces or ()) + "_" + grid + "_" + str(height)


def parse_code(text: object) -> tuple:
    """(sorted squares, height, pieces in PIECES order or None) of a card code (its card number, a fourth part, is
    checked: see `code_number`); ValueError when not a card."""
    parts = text.strip().split("_") if isinstance(text, str) else []
    if len(parts) not in (2, 3, 4) or not parts[1] or [ch for ch in parts[1] if ch not in "01."]:
        raise ValueError("this card link is malformed: expected pieces_rows_height like g3-r4-y5_01000.11111_2")
    if len(parts) >= 3 and not (parts[2].isdigit() and len(parts[2]) < 3):
        raise ValueError("this card link's height is not a number")
    height = int(parts[2]) if len(parts) == 3 else HEIGHT
    rows = parts[1].split(".")
    if len(rows) > MAX_SIDE + 1 or max(len(row) for row in rows) > MAX_SIDE + 1:
        raise ValueError("this card link describes a board too large to play")
    squares = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "1"]
    pieces = [piece_id(p) for p in parts[0].split("-")] if parts[0] else None
    bad = card_problem(squares, height, pieces)
    if bad:
        raise ValueError(bad)
    code_number(text)
    return tuple(sorted(squares)), height, None if pieces is None else tuple(p for p in IDS if p in pieces)


def code_number(text: object) -> int | None:
    """The card number a card code carries as a fourth part, after the height (g3-r4-y5_01000.11111_2_24821: the
    page's link of a card New made names it), or None; ValueError when it is no card number of the code's pieces."""
    parts = text.strip().split("~")[0].split("_") if isinstance(text, str) else []
    if len(parts) != 4:
        return None
    number, _level, kit = card_number(parts[3])
    if set_of(piece_id(p) for p in parts[0].split("-") if p) != kit:
        raise ValueError("card no. " + str(number) + " is a card of " + SET_NAMES[kit] + ", not of these pieces")
    return number


class Card:
    """A card as the page holds it: footprint squares (sorted), height, the pieces (PIECES order)."""

    def __init__(self, footprint: object, height: int, pieces: object) -> None:
        self.footprint = tuple(sorted(tuple(s) for s in footprint))
        self.height = height
        self.pieces = [p for p in IDS if p in pieces]
        self.rows = max(r for r, _ in self.footprint) + 1
        self.cols = max(c for _, c in self.footprint) + 1
        self.cubes = [(r, c, z) for z in range(height) for r, c in self.footprint]
        self.inside = set(self.cubes)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Card) and self.footprint == other.footprint and self.height == other.height
                and self.pieces == other.pieces)

    def size(self) -> tuple:
        """The bounding box (rows, columns, layers)."""
        return (self.rows, self.cols, self.height)

    def code(self) -> str:
        """The card's link text (see `format_code`)."""
        return format_code(self.footprint, self.height, self.pieces)

    def request(self) -> dict:
        """The solver's input form."""
        return {"footprint": [list(s) for s in self.footprint], "height": self.height, "pieces": list(self.pieces)}

    def problems(self, placed: dict) -> list:
        """What is wrong with placed pieces: [(rule, piece, cubes, other)] (see rules.placing)."""
        return problems(self.inside, self.pieces, placed)

    def problem(self, placed: dict) -> str | None:
        """The first problem's sentence, or None when the placed pieces are a legal partial build."""
        found = self.problems(placed)
        return problem_text(found[0]) if found else None


def make_card(squares: object, height: int, pieces: object) -> Card:
    """A validated card with its pieces; ValueError for empty, disconnected or mismatched input."""
    if pieces is None:
        raise ValueError("the card lists no pieces")
    bad = card_problem([tuple(s) for s in squares], height, pieces)
    if bad:
        raise ValueError(bad)
    return Card(squares, height, pieces)


def card_of(text: str) -> Card:
    """The page's card of a code like "g3-r4-y5_01000.11111_2"; ValueError when malformed."""
    squares, height, pieces = parse_code(text)
    return make_card(squares, height, pieces)


def problems(inside: object, pieces: object, placed: dict) -> list:
    """Mistakes in a build on the cubes `inside` with the card's `pieces` (None: any): see rules.placing."""
    return placing.problems(placed, IDS, fits_piece, inside, (), None if pieces is None else set(pieces))


def problem_text(problem: tuple) -> str:
    """A sentence for one of `problems`' tuples."""
    rule, pid, cubes, other = problem
    name = "The " + NAME[pid] + " (" + pid + ")"
    if rule == "unknown":
        return name + " is not one of this card's pieces."
    if rule == "shape":
        return name + " has " + str(len(SHAPE[pid])) + " cubes in its own shape and cannot fill those cubes."
    if rule == "off-board":
        return name + " sticks out of the card."
    if rule == "overlap":
        return name + " and " + label(other) + " overlap."
    return name + " cannot go there."


def clash(card: Card, placed: dict, pid: str, cubes: object) -> tuple:
    """Where a piece laid on `cubes` beside the `placed` pieces breaks the rules: (the cubes outside the card,
    ((cube, the piece already there), ...)), both sorted; two empty tuples when none is (or the cubes are not
    the piece's shape: see `problems`)."""
    build = dict(placed)
    build[pid] = tuple(cubes)
    outside = []
    covered = []
    for rule, first, found, other in card.problems(build):
        if rule == "off-board" and first == pid:
            outside.extend(found)
        elif rule == "overlap" and pid in (first, other):
            covered.append((found[0], other if first == pid else first))
    return tuple(sorted(outside)), tuple(sorted(covered))


def _square(q: tuple) -> str:
    """ "row 1, column 2": where a cube above or below the card is."""
    return "row " + str(q[0] + 1) + ", column " + str(q[1] + 1)


def _at(cubes: list, words: object) -> str:
    """ "(at row 1, column 2; row 1, column 3)": where some cubes are, in `words`."""
    return "(at " + "; ".join(words(q) for q in cubes) + ")"


def clash_text(card: Card, pid: str, outside: object, covered: object) -> str:
    """The sentence for `clash`'s answer: how many of the piece's cubes are in the way, and which: above the top
    layer, below the bottom one, off the card's edge, or on which other piece."""
    top = card.height
    groups = [("above the top layer", _square, [q for q in outside if q[2] >= top]),
              ("below the bottom layer", _square, [q for q in outside if q[2] < 0]),
              ("off the card's edge", where, [q for q in outside if 0 <= q[2] < top])]
    for other in IDS:
        groups.append(("on " + other + ", the " + NAME[other], where, [q for q, o in covered if o == other]))
    parts = [str(len(cubes)) + " " + what + " " + _at(cubes, words) for what, words, cubes in groups if cubes]
    count, size = len(outside) + len(covered), len(SHAPE[pid])
    kind = ("outside the card or on another piece" if outside and covered else "outside the card" if outside
            else "on another piece")
    many = "all " + str(size) + " of its cubes " if count == size else str(count) + " of its " + str(size) + " cubes "
    listed = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    return label(pid)[:1].upper() + label(pid)[1:] + " would have " + many + kind + ": " + listed + "."


def ways_at(card: Card, placed: dict, pid: str, at: tuple) -> list:
    """The turns of a piece that fit on the card with a cube at `at`, beside the other `placed` pieces:
    [(shape, anchor)] in `orientations` order, the anchor being the cube put at `at` (the piece's lowest middle
    cube when that fits, else the first cube that does), so that `fit(shape, anchor, at, ...)` lays it there."""
    taken = set(q for other, cubes in placed.items() if other != pid for q in cubes)
    if at not in card.inside or at in taken:
        return []
    out = []
    for shape in orientations(SHAPE[pid]):
        first = anchor_of(shape)
        for a in [first] + [q for q in shape if q != first]:
            laid = [(at[0] + q[0] - a[0], at[1] + q[1] - a[1], at[2] + q[2] - a[2]) for q in shape]
            if all(q in card.inside and q not in taken for q in laid):
                out.append((shape, a))
                break
    return out


# ----- card numbers ------------------------------------------------------------------------
# A card New makes has a number, like 24821: its first digit is the level (1 to 4 with the family set, 5 to 8 the
# same levels with the original game's pieces) and the whole number is the generator's seed, so it makes the same
# card everywhere (python -m solvers ubongo generate --seed 24821 --difficulty 2).

CARDS_PER_LEVEL = 10000
FIRST_CARD = CARDS_PER_LEVEL
LAST_CARD = CARDS_PER_LEVEL * (len(KITS) * len(GRADES) + 1) - 1


def card_no(level: int, kit: str, serial: int) -> int:
    """The number of card `serial` (0 to 9999) of a level (1 to 4) and piece set."""
    return (KITS.index(kit) * len(GRADES) + level) * CARDS_PER_LEVEL + serial % CARDS_PER_LEVEL


def card_number(text: object) -> tuple:
    """(number, level, piece set) of a card number as typed (spaces and a leading "#" are ignored); ValueError
    with a sentence a player can read when it is empty, not a number or no card's."""
    typed = str(text if text is not None else "").strip()
    digits = typed.replace(" ", "").lstrip("#")
    if not digits:
        raise ValueError("Type a card's number first, like 24821: each card New makes shows its number.")
    if [ch for ch in digits if ch not in "0123456789"]:
        raise ValueError("A card number is written with digits only, like 24821; " + repr(typed[:20])
                         + " is not one.")
    number = int(digits)
    if not FIRST_CARD <= number <= LAST_CARD:
        raise ValueError("There is no card " + str(number) + ": card numbers go from " + str(FIRST_CARD) + " to "
                         + str(LAST_CARD) + " (the first digit is the level: 1 to 4, or 5 to 8 with the original "
                         "game's pieces).")
    k = number // CARDS_PER_LEVEL - 1
    return number, k % len(GRADES) + 1, KITS[k // len(GRADES)]


def number_of(puzzle: dict) -> int | None:
    """The number of a generated card (its seed, when that is a card number of its level and piece set), or None."""
    seed = puzzle.get("seed")
    if type(seed) is not int or not puzzle.get("level") or not puzzle.get("pieces"):
        return None
    try:
        number, level, kit = card_number(str(seed))
        return number if (level, kit) == (puzzle["level"], set_of(puzzle["pieces"])) else None
    except ValueError:
        return None


# ----- links and moves ---------------------------------------------------------------------


def format_cubes(cubes: object, sep: str = "") -> str:
    """Cubes as three base-36 digits each (row, column, layer), sorted, joined by `sep`."""
    return sep.join(DIGITS[r] + DIGITS[c] + DIGITS[z] for r, c, z in sorted(cubes))


def cubes_text(text: str) -> tuple:
    """The sorted cubes of a `format_cubes` text (commas allowed); ValueError when malformed."""
    d = text.replace(",", "").strip().lower()
    if not d or len(d) % 3 or [ch for ch in d if ch not in DIGITS]:
        raise ValueError("cubes are written as three digits each (row, column, layer), like 000,001")
    return tuple(sorted((DIGITS.index(d[i]), DIGITS.index(d[i + 1]), DIGITS.index(d[i + 2]))
                        for i in range(0, len(d), 3)))


def format_link(card: Card, placed: dict | None = None) -> str:
    """The card's code, with placed pieces as "~r2:000001,g3:..." (three base-36 digits a cube)."""
    text = card.code()
    if placed:
        text += "~" + ",".join(pid + ":" + format_cubes(placed[pid]) for pid in IDS if pid in placed)
    return text


def parse_link(fragment: str) -> tuple:
    """(card, placed) from a `format_link` text; ValueError with a reason if bad."""
    body, _, progress = str(fragment).strip().partition("~")
    card = card_of(body)
    placed = {}
    for part in progress.split(","):
        if not part.strip():
            continue
        name, colon, digits = part.strip().partition(":")
        if not colon or not digits:
            raise ValueError("a placed piece looks like r2:000001")
        pid = piece_id(name)
        if pid in placed:
            raise ValueError(label(pid) + " is placed twice")
        placed[pid] = cubes_text(digits)
    bad = card.problem(placed)
    if bad:
        raise ValueError(bad)
    return card, placed


def assembly_order(placed: dict) -> list:
    """Pieces bottom-up (lowest cube, then lowest average layer, then bigger first): how to build."""
    def key(pid: str) -> tuple:
        cubes = placed[pid]
        return (min(q[2] for q in cubes), sum(q[2] for q in cubes) / len(cubes), -len(cubes), IDS.index(pid))
    return sorted(placed, key=key)


def format_move(pid: str, cubes: object = None) -> str:
    """A move: "g3:100,110,101" puts a piece on cubes (row, column, layer digits), "-g3" takes it back."""
    return "-" + pid if cubes is None else pid + ":" + format_cubes(cubes, ",")


def parse_move(text: object) -> tuple:
    """(piece, sorted cubes) of a `format_move` text, cubes None for a take-back; ValueError if malformed."""
    return placing.parse_move(text, "g3:100,110,101", piece_id, cubes_text)


# ----- the uniform puzzle text of every rules module (the share link's puzzle part) ---------------

EXAMPLE = "r4-r2-b4_111.011_2"  # a small card to show where the build's starters are missing


def card_of_puzzle(puzzle: dict) -> Card:
    """The card of a solve input; ValueError when malformed."""
    return make_card([tuple(s) for s in puzzle["footprint"]], int(puzzle.get("height", HEIGHT)), puzzle["pieces"])


def puzzle_of(text: str) -> dict:
    """The solve input of a card code (a link's placed pieces after "~" are left out), with the "seed" and "level"
    of its card number when it names one (as New's cards have them); ValueError if bad."""
    code = str(text).partition("~")[0]
    puzzle = card_of(code).request()
    number = code_number(code)
    if number is not None:
        puzzle["seed"], puzzle["level"] = number, card_number(str(number))[1]
    return puzzle


def text_of(puzzle: dict) -> str:
    """The card code of a solve input, with its card number (`number_of`) when it has one."""
    number = number_of(puzzle)
    return card_of_puzzle(puzzle).code() + ("" if number is None else "_" + str(number))


def size_of(puzzle: dict) -> int:
    """The number of pieces on the card."""
    return len(card_of_puzzle(puzzle).pieces)
