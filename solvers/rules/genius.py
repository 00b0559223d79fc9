"""The Genius Square's rules for the page and the worker: pieces, dice, cells, shapes, rolls, links, moves.

Rules: seven dice put pegs on seven cells of a 6x6 board (rows A-F, columns 1-6); the nine
pieces, turned and flipped at will, must cover the other 29 cells. Cells are ints
(row * 6 + column, "A1" = 0). Errors are ValueError with a sentence a player can read.
Known limits: none of the solving lives here (see solvers/genius.py and solvers/placement.py).
"""

from . import placing
from .rng import Rng

SIZE = 6
ROWS = "ABCDEF"
COLS = "123456"

# id, name, colour, cells of one orientation (row, column). Ids are stable: links and moves use them;
# colours follow the wooden game's.
PIECES = (
    ("1", "single", "#2f6fde", ((0, 0),)),
    ("2", "domino", "#8b5a2b", ((0, 0), (0, 1))),
    ("I3", "straight three", "#f28c28", ((0, 0), (0, 1), (0, 2))),
    ("L3", "corner", "#8e44ad", ((0, 0), (1, 0), (1, 1))),
    ("I4", "straight four", "#7f8c8d", ((0, 0), (0, 1), (0, 2), (0, 3))),
    ("O", "square", "#27ae60", ((0, 0), (0, 1), (1, 0), (1, 1))),
    ("T", "T", "#f1c40f", ((0, 0), (0, 1), (0, 2), (1, 1))),
    ("S", "S", "#e74c3c", ((0, 1), (0, 2), (1, 0), (1, 1))),
    ("L4", "L", "#17a2b8", ((0, 0), (1, 0), (2, 0), (2, 1))),
)
IDS = [p[0] for p in PIECES]
NAME = {p[0]: p[1] for p in PIECES}
COLOUR = {p[0]: p[2] for p in PIECES}
SHAPE = {p[0]: p[3] for p in PIECES}

# The faces of the seven dice as printed (a repeated face is more likely).
DICE = (
    ("A5", "A5", "F2", "F2", "E1", "B6"),
    ("A1", "C1", "D1", "D2", "E2", "F3"),
    ("D5", "E4", "E5", "E6", "F4", "F5"),
    ("B4", "C3", "C4", "D3", "D4", "E3"),
    ("A6", "A6", "A6", "F1", "F1", "F1"),
    ("A4", "B5", "C5", "C6", "D6", "F6"),
    ("A2", "A3", "B1", "B2", "B3", "C2"),
)
BOARD = tuple(range(SIZE * SIZE))


def cell_name(cell: int) -> str:
    """ "A1" for cell 0."""
    return ROWS[cell // SIZE] + COLS[cell % SIZE]


def parse_cell(text: object) -> int:
    """The cell named like "d6" or "D6"; ValueError otherwise."""
    if not isinstance(text, str) or len(text.strip()) != 2:
        raise ValueError(repr(text) + " is not a cell: use a row A-F and a column 1-6, like D6")
    name = text.strip().upper()
    if name[0] not in ROWS or name[1] not in COLS:
        raise ValueError(repr(text) + " is off the board: rows are A-F and columns 1-6")
    return ROWS.index(name[0]) * SIZE + COLS.index(name[1])


def piece_id(text: object) -> str:
    """The piece id written in any case; ValueError for unknown pieces."""
    return placing.piece_id(text, IDS, True)


def label(pid: str) -> str:
    """ "the L (L4)"."""
    return "the " + NAME[pid] + " (" + pid + ")"


def neighbours(cell: int) -> list[int]:
    """The cells sharing an edge with a cell."""
    r, c = divmod(cell, SIZE)
    out = []
    if r:
        out.append(cell - SIZE)
    if c:
        out.append(cell - 1)
    if c < SIZE - 1:
        out.append(cell + 1)
    if r < SIZE - 1:
        out.append(cell + SIZE)
    return out


# ----- shapes ----------------------------------------------------------------------


def normalise(cells: object) -> tuple:
    """Shift (row, column) cells so the smallest row and column are 0, sorted."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def turn(cells: object, anchor: tuple) -> tuple:
    """(shape, anchor) turned a quarter clockwise; the anchor cell moves with the shape."""
    moved = [(c, -r) for r, c in cells]
    r0 = min(r for r, _ in moved)
    c0 = min(c for _, c in moved)
    return normalise(moved), (anchor[1] - r0, -anchor[0] - c0)


def mirror(cells: object, anchor: tuple) -> tuple:
    """(shape, anchor) flipped left to right; the anchor cell moves with the shape."""
    moved = [(r, -c) for r, c in cells]
    c0 = min(c for _, c in moved)
    return normalise(moved), (anchor[0], -anchor[1] - c0)


_ORIENTATIONS = {}


def orientations(cells: object) -> tuple:
    """The distinct rotations and reflections of a shape, sorted."""
    key = normalise(cells)
    if key not in _ORIENTATIONS:
        found = set()
        cur = key
        anchor = cur[0]
        for _ in range(2):
            for _ in range(4):
                found.add(cur)
                cur, anchor = turn(cur, anchor)
            cur, anchor = mirror(cur, anchor)
        _ORIENTATIONS[key] = tuple(sorted(found))
    return _ORIENTATIONS[key]


def centre_cell(cells: object) -> tuple:
    """The cell of a shape nearest its middle (where the pointer holds it)."""
    n = len(cells)
    mr = sum(r for r, _ in cells) / n
    mc = sum(c for _, c in cells) / n
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


def fit(shape: object, anchor: tuple, row: int, col: int) -> tuple:
    """The board cells of `shape` held at `anchor` over (row, col), pushed inside the board."""
    pts = [(row + r - anchor[0], col + c - anchor[1]) for r, c in shape]
    dr = max(0, -min(r for r, _ in pts)) - max(0, max(r for r, _ in pts) - (SIZE - 1))
    dc = max(0, -min(c for _, c in pts)) - max(0, max(c for _, c in pts) - (SIZE - 1))
    return tuple(sorted((r + dr) * SIZE + c + dc for r, c in pts))


def shape_of(cells: object) -> tuple:
    """The normalised (row, column) shape of board cells."""
    return normalise([divmod(c, SIZE) for c in cells])


def fits_piece(pid: str, cells: object) -> bool:
    """Whether board cells have the piece's shape (some rotation or flip)."""
    cells = tuple(cells)
    return len(set(cells)) == len(cells) == len(SHAPE[pid]) and shape_of(cells) in orientations(SHAPE[pid])


def placements(pid: str) -> list:
    """Every placement of a piece on the empty board, as sorted cell tuples."""
    out = []
    for shape in orientations(SHAPE[pid]):
        height = max(r for r, _ in shape) + 1
        width = max(c for _, c in shape) + 1
        for dr in range(SIZE - height + 1):
            for dc in range(SIZE - width + 1):
                out.append(tuple(sorted((r + dr) * SIZE + c + dc for r, c in shape)))
    return out


# ----- rolls -----------------------------------------------------------------------


def rolls(seed: object) -> object:
    """The throws of a seed, endlessly: each one face per die in die order (seven distinct cells)."""
    rng = Rng("genius-" + str(seed))
    while True:
        yield [rng.choice(die) for die in DICE]


def roll(seed: object) -> list[str]:
    """The seed's first throw: the faces in die order. The page's Roll and the solver's generate agree."""
    for faces in rolls(seed):
        return faces


def dice_for(blockers: object) -> list | None:
    """The die faces showing these blockers (die order), or None if no throw gives them."""
    names = set(cell_name(c) for c in blockers)
    faces = []
    for die in DICE:
        hit = [f for f in die if f in names]
        if not hit:
            return None
        faces.append(hit[0])
    return faces if len(set(faces)) == len(names) == len(DICE) else None


# ----- checks ----------------------------------------------------------------------


def check_blockers(cells: object) -> tuple:
    """Seven distinct cells, sorted; ValueError otherwise."""
    cells = list(cells)
    if len(cells) != 7:
        raise ValueError("the dice block 7 cells, not " + str(len(cells)))
    if len(set(cells)) != 7:
        twice = sorted(set(cell_name(c) for c in cells if cells.count(c) > 1))
        raise ValueError("blocker cells must be distinct: " + ", ".join(twice) + " given twice")
    return tuple(sorted(cells))


def problems(blockers: object, placed: dict) -> list:
    """What is wrong with placed pieces: [(rule, piece, cells, other)] (see rules.placing)."""
    return placing.problems(placed, IDS, fits_piece, BOARD, set(blockers))


def problem_text(problem: tuple) -> str:
    """A sentence for one of `problems`' tuples."""
    rule, pid, cells, other = problem
    where = " ".join(cell_name(c) for c in cells)
    if rule == "shape":
        return ("The " + NAME[pid] + " (" + pid + ") cannot cover " + where + ": it has " + str(len(SHAPE[pid]))
                + " cells in its own shape.")
    if rule == "blocked":
        return "The " + NAME[pid] + " (" + pid + ") sits on the peg at " + ", ".join(map(cell_name, cells)) + "."
    if rule == "overlap":
        return "The " + NAME[pid] + " (" + pid + ") and " + label(other) + " overlap at " + where + "."
    return "The " + NAME[pid] + " (" + pid + ") cannot go on " + where + "."


def check_placed(blockers: object, placed: dict) -> None:
    """Raise ValueError (the first problem's sentence) unless the placed pieces are a legal partial fill."""
    found = problems(blockers, placed)
    if found:
        raise ValueError(problem_text(found[0]))


# ----- links and moves ---------------------------------------------------------------


def format_roll(blockers: object) -> str:
    """The canonical text of a roll: its seven cells sorted, back to back ("A1A4B3D3D6F1F2")."""
    return "".join(cell_name(c) for c in sorted(blockers))


def cells_of(text: str) -> list[int]:
    """Cells written back to back ("A1B2C3"), commas allowed between them."""
    text = text.replace(",", "").strip()
    if len(text) % 2:
        raise ValueError(repr(text) + " is not a list of cells like A1B2")
    return [parse_cell(text[i:i + 2]) for i in range(0, len(text), 2)]


def parse_roll(text: object) -> tuple:
    """The sorted blockers of a `format_roll` text; ValueError when malformed."""
    if not isinstance(text, str):
        raise ValueError("a roll is written as its seven cells, like A1A4B3D3D6F1F2")
    return check_blockers(cells_of(text))


def format_link(blockers: object, placed: dict | None = None) -> str:
    """ "A1A4B3D3D5F1F2", or with placed pieces "...~O:C4C5D4D5,T:C1C2C3D2"."""
    text = format_roll(blockers)
    if placed:
        parts = [pid + ":" + "".join(cell_name(c) for c in sorted(placed[pid])) for pid in IDS if pid in placed]
        text += "~" + ",".join(parts)
    return text


def parse_link(fragment: str) -> tuple:
    """(blockers, placed) from a `format_link` text; ValueError with a reason if bad."""
    body, _, progress = str(fragment).partition("~")
    blockers = parse_roll(body)
    placed = {}
    for part in progress.split(","):
        if not part.strip():
            continue
        name, colon, cells = part.partition(":")
        if not colon:
            raise ValueError("a placement looks like T:C1C2C3D2")
        pid = piece_id(name)
        if pid in placed:
            raise ValueError("the " + NAME[pid] + " is placed twice")
        placed[pid] = tuple(sorted(cells_of(cells)))
    check_placed(blockers, placed)
    return blockers, placed


def format_move(pid: str, cells: object = None) -> str:
    """A move: "L4:A1,A2,A3,B1" puts a piece on cells, "-L4" takes it back (cells None)."""
    if cells is None:
        return "-" + pid
    return pid + ":" + ",".join(cell_name(c) for c in sorted(cells))


def parse_move(text: object) -> tuple:
    """(piece, sorted cells) of a `format_move` text, cells None for a take-back; ValueError if malformed."""
    return placing.parse_move(text, "L4:A1,A2,A3,B1", piece_id, lambda cells: tuple(sorted(cells_of(cells))))


# ----- the uniform puzzle text of every rules module (the share link's puzzle part) ---------------

EXAMPLE = "A3A5B4C6E2E6F1"  # a roll to show where the build's starters are missing


def puzzle_of(text: str) -> dict:
    """The solve input of a roll's text (a link's placed pieces after "~" are left out); ValueError if bad."""
    return {"blockers": [cell_name(c) for c in parse_roll(str(text).partition("~")[0])]}


def text_of(puzzle: dict) -> str:
    """The canonical text of a solve input's roll."""
    return format_roll(check_blockers(parse_cell(b) for b in puzzle["blockers"]))


def size_of(puzzle: dict) -> int:
    """The board's side (one size)."""
    return SIZE
