"""Genius Square for the page (MicroPython and CPython): pieces, dice, shapes, rolls and links.

Rules: seven dice put pegs on seven cells of a 6x6 board (rows A-F, columns 1-6); the nine
pieces, turned and flipped at will, must cover the other 29 cells. Pure Python with no
browser imports, so the tests run it in CPython against `solvers.genius`.
Known limits: the tables mirror solvers/genius.py by hand (a test compares them).
"""

SIZE = 6
ROWS = "ABCDEF"
COLS = "123456"

# id, name, colour, cells of one orientation (row, column): same as solvers/genius.py PIECES.
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

# The faces of the seven dice as printed (repeats weigh a face more).
DICE = (
    ("A5", "A5", "F2", "F2", "E1", "B6"),
    ("A1", "C1", "D1", "D2", "E2", "F3"),
    ("D5", "E4", "E5", "E6", "F4", "F5"),
    ("B4", "C3", "C4", "D3", "D4", "E3"),
    ("A6", "A6", "A6", "F1", "F1", "F1"),
    ("A4", "B5", "C5", "C6", "D6", "F6"),
    ("A2", "A3", "B1", "B2", "B3", "C2"),
)


def cell_name(cell):
    """ "A1" for cell 0 (cells are row * 6 + column)."""
    return ROWS[cell // SIZE] + COLS[cell % SIZE]


def parse_cell(text):
    """The cell named like "d6" or "D6"; ValueError otherwise."""
    name = str(text).strip().upper()
    if len(name) != 2 or name[0] not in ROWS or name[1] not in COLS:
        raise ValueError(repr(str(text)) + " is not a cell (rows A-F, columns 1-6)")
    return ROWS.index(name[0]) * SIZE + COLS.index(name[1])


def piece_id(text):
    """The piece id written in any case; ValueError for unknown pieces."""
    name = str(text).strip().upper()
    if name not in IDS:
        raise ValueError("there is no piece " + repr(str(text)) + " (pieces: " + " ".join(IDS) + ")")
    return name


# ----- shapes ----------------------------------------------------------------------


def normalise(cells):
    """Shift (row, column) cells so the smallest row and column are 0, sorted."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def turn(cells, anchor):
    """Rotate a shape a quarter turn clockwise; the anchor cell moves with it."""
    moved = [(c, -r) for r, c in cells]
    r0 = min(r for r, _ in moved)
    c0 = min(c for _, c in moved)
    return normalise(moved), (anchor[1] - r0, -anchor[0] - c0)


def mirror(cells, anchor):
    """Flip a shape left to right; the anchor cell moves with it."""
    moved = [(r, -c) for r, c in cells]
    c0 = min(c for _, c in moved)
    return normalise(moved), (anchor[0], -anchor[1] - c0)


def orientations(cells):
    """The distinct rotations and reflections of a shape."""
    found = []
    cur = normalise(cells)
    anchor = cur[0]
    for _ in range(2):
        for _ in range(4):
            if cur not in found:
                found.append(cur)
            cur, anchor = turn(cur, anchor)
        cur, anchor = mirror(cur, anchor)
    return found


def centre_cell(cells):
    """The cell of a shape nearest its middle (where the pointer holds it)."""
    n = len(cells)
    mr = sum(r for r, _ in cells) / n
    mc = sum(c for _, c in cells) / n
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


def fit(shape, anchor, row, col):
    """The board cells of `shape` held at `anchor` over (row, col), pushed inside the board."""
    pts = [(row + r - anchor[0], col + c - anchor[1]) for r, c in shape]
    dr = max(0, -min(r for r, _ in pts)) - max(0, max(r for r, _ in pts) - (SIZE - 1))
    dc = max(0, -min(c for _, c in pts)) - max(0, max(c for _, c in pts) - (SIZE - 1))
    return tuple(sorted((r + dr) * SIZE + c + dc for r, c in pts))


def shape_of(cells):
    """The normalised (row, column) shape of board cells."""
    return normalise([divmod(c, SIZE) for c in cells])


def fits_piece(pid, cells):
    """Whether board cells have the piece's shape (some rotation or flip)."""
    return len(set(cells)) == len(cells) == len(SHAPE[pid]) and shape_of(cells) in orientations(SHAPE[pid])


# ----- rolls -----------------------------------------------------------------------


class Rng:
    """A tiny seeded generator (FNV-1a of the seed, then xorshift32): same rolls everywhere."""

    def __init__(self, seed):
        h = 2166136261
        for ch in str(seed):
            h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
        self.state = h or 1

    def next(self):
        """The next 32-bit number."""
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n):
        """A number in 0..n-1."""
        return self.next() % n


def roll(seed):
    """One face per die for a seed: the faces in die order (seven distinct cells)."""
    rng = Rng("genius-" + str(seed))
    for _ in range(3):
        rng.next()  # stir short seeds
    return [die[rng.below(len(die))] for die in DICE]


def dice_for(blockers):
    """The die faces showing these blockers (die order), or None if no throw gives them."""
    names = set(cell_name(c) for c in blockers)
    faces = []
    for die in DICE:
        hit = [f for f in die if f in names]
        if not hit:
            return None
        faces.append(hit[0])
    return faces if len(set(faces)) == len(names) == len(DICE) else None


# ----- links -----------------------------------------------------------------------


def format_link(blockers, placed=None):
    """ "A1A4B3D3D5F1F2" or with placements "...~O:C4C5D4D5,T:C1C2C3D2"."""
    text = "".join(cell_name(c) for c in sorted(blockers))
    if placed:
        parts = [pid + ":" + "".join(cell_name(c) for c in sorted(placed[pid])) for pid in IDS if pid in placed]
        text += "~" + ",".join(parts)
    return text


def cells_of(text):
    """Cells written back to back ("A1B2C3")."""
    text = text.strip()
    if len(text) % 2:
        raise ValueError(repr(text) + " is not a list of cells like A1B2")
    return [parse_cell(text[i:i + 2]) for i in range(0, len(text), 2)]


def check_blockers(cells):
    """Seven distinct cells, sorted; ValueError otherwise."""
    if len(cells) != 7:
        raise ValueError("the dice block 7 cells, not " + str(len(cells)))
    if len(set(cells)) != 7:
        raise ValueError("the blocked cells must be distinct")
    return tuple(sorted(cells))


def check_placed(blockers, placed):
    """Raise ValueError unless every piece has its shape, stays off the pegs and off the others."""
    used = set(blockers)
    for pid in IDS:
        if pid not in placed:
            continue
        cells = placed[pid]
        if not fits_piece(pid, cells):
            raise ValueError("the " + NAME[pid] + " (" + pid + ") cannot cover " + " ".join(map(cell_name, cells)))
        for c in cells:
            if c in used:
                raise ValueError("the " + NAME[pid] + " (" + pid + ") overlaps at " + cell_name(c))
            used.add(c)


def parse_link(fragment):
    """(blockers, placed) from a link made by format_link; ValueError with a reason if bad."""
    body, _, progress = fragment.partition("~")
    blockers = check_blockers(cells_of(body))
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
