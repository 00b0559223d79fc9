"""Tessera Cubes 3D for the page (MicroPython and CPython): pieces, cards, links and the 3D view.

Rules: fill a card's footprint two cubes high with the card's polycube pieces, each used once,
turned any way in space (no mirror images). The view is an orthographic projection drawn on
a 2D canvas: visible cube faces sorted far to near (painter's order), flat-shaded, outlined.
Pure Python with no browser imports, so tests run it in CPython against `solvers.ubongo`.
Known limits: the piece table mirrors solvers/ubongo.py by hand (a test compares them).
"""

import math

# id, name, colour, cubes (row, column, layer) of one orientation: same as solvers/ubongo.py PIECES.
PIECES = (
    ("y5", "yellow five", "#f2c12e", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 0), (1, 0, 1))),
    ("y4", "yellow four", "#e8a317", ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 1, 0))),
    ("r4", "red four", "#d64541", ((0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 1, 1))),
    ("r2", "red two", "#a93226", ((0, 0, 0), (0, 0, 1))),
    ("g3", "green three", "#58b368", ((0, 0, 0), (0, 0, 1), (0, 1, 0))),
    ("g5", "green five", "#2e7d4f", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 2), (1, 1, 2))),
    ("b4", "blue four", "#4a90d9", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0))),
    ("b5", "blue five", "#2c4f9e", ((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 2, 1))),
)
IDS = [p[0] for p in PIECES]
NAME = {p[0]: p[1] for p in PIECES}
COLOUR = {p[0]: p[2] for p in PIECES}
SHAPE = {p[0]: p[3] for p in PIECES}
GRADES = ["Easy", "Medium", "Hard", "Expert"]
HEIGHT = 2
MAX_SIDE = 12

# Other colourings for study mode's Recolour button (one colour per piece, in PIECES order).
PALETTES = (
    ("card colours", [p[2] for p in PIECES]),
    ("bright", ["#ff595e", "#ff924c", "#ffca3a", "#8ac926", "#1982c4", "#6a4c93", "#36c9c6", "#f15bb5"]),
    ("pastel", ["#f4a6a6", "#f7c59f", "#f9e79f", "#b8e0a8", "#a8d8ea", "#c3b1e1", "#f5b7d1", "#b5c7a1"]),
    ("greys", ["#e0e0e0", "#9e9e9e", "#cfcfcf", "#757575", "#bdbdbd", "#616161", "#eeeeee", "#8d8d8d"]),
)


def label(pid):
    """ "the red two (r2)"."""
    return "the " + NAME[pid] + " (" + pid + ")"


def piece_id(text):
    """The piece id written in any case; ValueError for unknown pieces."""
    name = str(text).strip().lower()
    if name not in NAME:
        raise ValueError("there is no piece " + repr(str(text)) + " (pieces: " + " ".join(IDS) + ")")
    return name


# ----- shapes ------------------------------------------------------------------------


def normalise(cubes):
    """Shift cubes so each coordinate's minimum is 0, sorted."""
    lo = [min(q[i] for q in cubes) for i in range(3)]
    return tuple(sorted((q[0] - lo[0], q[1] - lo[1], q[2] - lo[2]) for q in cubes))


def _quarter(q, axis):
    """A cube turned a quarter about an axis: 0 rows (roll), 1 columns (tip), 2 layers (turn)."""
    r, c, z = q
    if axis == 2:
        return (c, -r, z)
    if axis == 1:
        return (z, c, -r)
    return (r, z, -c)


def turn(shape, anchor, axis):
    """Turn a shape a quarter about an axis; the anchor cube moves with it."""
    moved = [_quarter(q, axis) for q in shape]
    lo = [min(q[i] for q in moved) for i in range(3)]
    a = _quarter(anchor, axis)
    return normalise(moved), (a[0] - lo[0], a[1] - lo[1], a[2] - lo[2])


def orientations(shape):
    """The distinct orientations of a shape under the 24 turns of space (no mirrors)."""
    start = normalise(shape)
    found = [start]
    todo = [start]
    while todo:
        cur = todo.pop()
        for axis in range(3):
            nxt = turn(cur, cur[0], axis)[0]
            if nxt not in found:
                found.append(nxt)
                todo.append(nxt)
    return sorted(found)


def anchor_of(shape):
    """The cube a piece is held by: in its lowest layer, nearest the middle of its rows and columns."""
    n = len(shape)
    mr = sum(q[0] for q in shape) / n
    mc = sum(q[1] for q in shape) / n
    low = min(q[2] for q in shape)
    return min((q for q in shape if q[2] == low), key=lambda q: ((q[0] - mr) ** 2 + (q[1] - mc) ** 2, q))


def fit(shape, anchor, at, size):
    """The cubes of `shape` with its anchor at `at` (row, col, layer), pushed inside the box `size`."""
    pts = [(at[0] + q[0] - anchor[0], at[1] + q[1] - anchor[1], at[2] + q[2] - anchor[2]) for q in shape]
    shift = []
    for i in range(3):
        lo = min(p[i] for p in pts)
        hi = max(p[i] for p in pts)
        shift.append(-lo if lo < 0 else size[i] - 1 - hi if hi > size[i] - 1 else 0)
    return tuple(sorted((p[0] + shift[0], p[1] + shift[1], p[2] + shift[2]) for p in pts))


def fits_piece(pid, cubes):
    """Whether cubes have the piece's shape (some turn of it)."""
    return len(set(cubes)) == len(cubes) == len(SHAPE[pid]) and normalise(cubes) in orientations(SHAPE[pid])


# ----- cards and links ----------------------------------------------------------------


def connected(squares):
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


class Card:
    """A card: footprint squares (sorted), height, the pieces to use (PIECES order)."""

    def __init__(self, footprint, height, pieces):
        self.footprint = tuple(sorted(tuple(s) for s in footprint))
        self.height = height
        self.pieces = [p for p in IDS if p in pieces]
        self.rows = max(r for r, _ in self.footprint) + 1
        self.cols = max(c for _, c in self.footprint) + 1
        self.cubes = [(r, c, z) for z in range(height) for r, c in self.footprint]
        self.inside = set(self.cubes)

    def size(self):
        """The bounding box (rows, columns, layers)."""
        return (self.rows, self.cols, self.height)

    def code(self):
        """Link text: pieces joined by '-', '_', footprint rows as 0/1 joined by '.', '_', height."""
        grid = ".".join("".join("1" if (r, c) in self.footprint else "0" for c in range(self.cols))
                        for r in range(self.rows))
        return "-".join(self.pieces) + "_" + grid + "_" + str(self.height)

    def request(self):
        """The solver's input form."""
        return {"footprint": [list(s) for s in self.footprint], "height": self.height, "pieces": list(self.pieces)}

    def problem(self, placed):
        """Why placed pieces are not a legal partial build (None when they are)."""
        used = {}
        for pid in IDS:
            if pid not in placed:
                continue
            cubes = placed[pid]
            if pid not in self.pieces:
                return label(pid) + " is not one of this card's pieces"
            if not fits_piece(pid, cubes):
                return label(pid) + " does not have its own shape"
            for q in cubes:
                if q not in self.inside:
                    return label(pid) + " sticks out of the card"
                if q in used:
                    return label(pid) + " overlaps " + label(used[q])
                used[q] = pid
        return None


def make_card(squares, height, pieces):
    """A validated card; ValueError for empty, disconnected or mismatched input."""
    if not squares:
        raise ValueError("the card has no squares")
    if not connected(squares):
        raise ValueError("the card's squares must touch edge to edge")
    if not 1 <= height <= 4:
        raise ValueError("the card's height must be 1 to 4")
    if not pieces:
        raise ValueError("the card lists no pieces")
    if len(set(pieces)) != len(pieces):
        raise ValueError("each piece can be on a card only once")
    vol = sum(len(SHAPE[p]) for p in pieces)
    if vol != len(squares) * height:
        raise ValueError("the pieces have " + str(vol) + " cubes but the card holds " + str(len(squares) * height))
    if max(max(r, c) for r, c in squares) > MAX_SIDE:
        raise ValueError("the card is too large")
    return Card(squares, height, pieces)


def parse_code(text):
    """The card of a code like "g3-r4-y5_01000.11111_2"; ValueError when malformed."""
    parts = str(text).strip().split("_")
    if len(parts) not in (2, 3) or not parts[1] or [ch for ch in parts[1] if ch not in "01."]:
        raise ValueError("expected pieces_rows_height like g3-r4-y5_01000.11111_2")
    if len(parts) == 3 and not parts[2].isdigit():
        raise ValueError("the height is not a number")
    height = int(parts[2]) if len(parts) == 3 else HEIGHT
    squares = [(r, c) for r, row in enumerate(parts[1].split(".")) for c, ch in enumerate(row) if ch == "1"]
    pieces = [piece_id(p) for p in parts[0].split("-")] if parts[0] else []
    return make_card(squares, height, pieces)


DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def format_link(card, placed=None):
    """The card's code, with placed pieces as "~r2:000001,g3:..." (three base-36 digits a cube)."""
    text = card.code()
    if placed:
        parts = [pid + ":" + "".join(DIGITS[r] + DIGITS[c] + DIGITS[z] for r, c, z in placed[pid])
                 for pid in IDS if pid in placed]
        text += "~" + ",".join(parts)
    return text


def parse_link(fragment):
    """(card, placed) from a link made by format_link; ValueError with a reason if bad."""
    body, _, progress = str(fragment).strip().partition("~")
    card = parse_code(body)
    placed = {}
    for part in progress.split(","):
        if not part.strip():
            continue
        name, colon, digits = part.strip().partition(":")
        if not colon or not digits or len(digits) % 3 or [ch for ch in digits.lower() if ch not in DIGITS]:
            raise ValueError("a placed piece looks like r2:000001")
        pid = piece_id(name)
        if pid in placed:
            raise ValueError(label(pid) + " is placed twice")
        d = digits.lower()
        placed[pid] = tuple(sorted((DIGITS.index(d[i]), DIGITS.index(d[i + 1]), DIGITS.index(d[i + 2]))
                                   for i in range(0, len(d), 3)))
    bad = card.problem(placed)
    if bad:
        raise ValueError(bad)
    return card, placed


def cubes_of(obj):
    """piece id -> sorted cube tuples, from JSON ({"r2": [[0, 0, 0], ...]})."""
    return {piece_id(pid): tuple(sorted(tuple(int(v) for v in q) for q in cubes)) for pid, cubes in obj.items()}


def assembly_order(placed):
    """Pieces bottom-up (lowest cube, then lowest average layer, then bigger first): how to build."""
    def key(pid):
        cubes = placed[pid]
        return (min(q[2] for q in cubes), sum(q[2] for q in cubes) / len(cubes), -len(cubes), IDS.index(pid))
    return sorted(placed, key=key)


# ----- the 3D view ----------------------------------------------------------------------

# World axes: x = column, y = -row (row 0 at the back), z = layer (up). View axes: u right, v up,
# w towards the viewer. Camera.m maps world to view; the identity looks straight down.


def _mul(a, b):
    """3x3 matrix product."""
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def rotation(axis, degrees):
    """The rotation matrix about a view axis (0 u, 1 v, 2 w)."""
    t = degrees * math.pi / 180
    c, s = math.cos(t), math.sin(t)
    if axis == 0:
        return [[1, 0, 0], [0, c, -s], [0, s, c]]
    if axis == 1:
        return [[c, 0, s], [0, 1, 0], [-s, 0, c]]
    return [[c, -s, 0], [s, c, 0], [0, 0, 1]]


class Camera:
    """Orientation (a rotation matrix) and zoom of the 3D view."""

    def __init__(self, tilt=-58, spin=-28):
        self.tilt = tilt
        self.spin = spin
        self.reset()

    def reset(self):
        """The starting view: from the front, above, a little to the side."""
        self.m = _mul(rotation(0, self.tilt), rotation(2, self.spin))
        self.zoom = 1.0

    def turn(self, axis, degrees):
        """Rotate the scene about a view axis (0 left-right, 1 up-down, 2 the line of sight)."""
        self.m = _mul(rotation(axis, degrees), self.m)

    def scale(self, factor):
        """Zoom in (factor > 1) or out, within limits."""
        self.zoom = min(4.0, max(0.35, self.zoom * factor))

    def apply(self, p):
        """A world point in view coordinates."""
        m = self.m
        return (m[0][0] * p[0] + m[0][1] * p[1] + m[0][2] * p[2],
                m[1][0] * p[0] + m[1][1] * p[1] + m[1][2] * p[2],
                m[2][0] * p[0] + m[2][1] * p[1] + m[2][2] * p[2])

    def key(self):
        """A hashable summary (for tests and caches)."""
        return tuple(round(v, 4) for row in self.m for v in row) + (round(self.zoom, 4),)


def _faces():
    """The six faces of the unit cube: (normal, four corners)."""
    out = []
    for axis in range(3):
        o1, o2 = [k for k in range(3) if k != axis]
        for side in (0, 1):
            corners = []
            for a, b in ((0, 0), (1, 0), (1, 1), (0, 1)):
                p = [0, 0, 0]
                p[axis] = side
                p[o1] = a
                p[o2] = b
                corners.append(tuple(p))
            normal = [0, 0, 0]
            normal[axis] = 1 if side else -1
            out.append((tuple(normal), tuple(corners)))
    return tuple(out)


FACES = _faces()
SOLID = ("solid", "wrong")  # styles of placed pieces (pickable, hiding faces they touch)
LIGHT = (-0.35, 0.55, 0.76)  # in view coordinates: from the upper left, in front


def world(q):
    """The world min-corner of cube (row, col, layer)."""
    return (q[1], -q[0] - 1, q[2])


def shade(colour, factor):
    """A '#rrggbb' colour scaled by a brightness factor, as 'rgb(r,g,b)'."""
    r = int(colour[1:3], 16)
    g = int(colour[3:5], 16)
    b = int(colour[5:7], 16)
    return ("rgb(" + str(min(255, int(r * factor))) + "," + str(min(255, int(g * factor))) + ","
            + str(min(255, int(b * factor))) + ")")


class Group:
    """Cubes drawn alike: owner (a piece id or None), colour, opacity, style, and a lift (z offset)."""

    def __init__(self, cubes, colour, owner=None, alpha=1.0, style="solid", lift=0.0):
        self.cubes = cubes
        self.colour = colour
        self.owner = owner
        self.alpha = alpha
        self.style = style
        self.lift = lift


def polygons(camera, box, footprint, groups, width, height):
    """The visible faces in a box (rows, cols, layers) on a footprint plate, far to near.

    Each face is (depth, points, colour, brightness, alpha, owner, style).
    A face is dropped when it looks away from the viewer or touches another cube of the
    solid groups at rest (its own group for others), then faces are sorted by the depth of
    their centres: for unit cubes on a grid under an orthographic view this is a correct
    painter's order.
    """
    rows, cols, layers = box
    centre = (cols / 2, -rows / 2, layers / 2)
    span = 0.85 * math.sqrt(rows * rows + cols * cols + layers * layers) + 0.5
    s = camera.zoom * min(width, height) / span
    ox, oy = width / 2, height / 2
    solid = set()
    for g in groups:
        if g.style in SOLID and not g.lift:
            solid.update(world(q) for q in g.cubes)
    out = []

    def project(p):
        u, v, w = camera.apply((p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]))
        return (ox + s * u, oy - s * v, w)

    if footprint:
        up = camera.apply((0, 0, 1))
        if up[2] > 0.02:
            bright = 0.7 + 0.3 * max(0.0, up[0] * LIGHT[0] + up[1] * LIGHT[1] + up[2] * LIGHT[2])
            for r, c in footprint:
                x, y = c, -r - 1
                pts = [project((x + a, y + b, -0.001)) for a, b in ((0, 0), (1, 0), (1, 1), (0, 1))]
                depth = sum(p[2] for p in pts) / 4 - 0.001
                out.append((depth, [(p[0], p[1]) for p in pts], None, bright, 1.0, None, "plate"))
    normals = [camera.apply(normal) for normal, _ in FACES]
    for g in groups:
        hide = solid if g.style in SOLID and not g.lift else set(world(q) for q in g.cubes)
        for q in g.cubes:
            base = world(q)
            for k in range(6):
                n = normals[k]
                if n[2] <= 1e-6:
                    continue
                normal, corners = FACES[k]
                if (base[0] + normal[0], base[1] + normal[1], base[2] + normal[2]) in hide:
                    continue
                pts = [project((base[0] + a, base[1] + b, base[2] + c + g.lift)) for a, b, c in corners]
                bright = 0.5 + 0.55 * max(0.0, n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2])
                depth = sum(p[2] for p in pts) / 4
                out.append((depth, [(p[0], p[1]) for p in pts], g.colour, bright, g.alpha, g.owner, g.style))
    out.sort(key=lambda f: f[0])
    return out


def inside(points, x, y):
    """Whether (x, y) lies in a convex polygon."""
    sign = 0
    n = len(points)
    for i in range(n):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % n]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross:
            if sign and (cross > 0) != (sign > 0):
                return False
            sign = cross
    return True


def pick(faces, x, y):
    """The owner of the nearest drawn face under (x, y), testing faces front to back (None if none)."""
    for face in reversed(faces):
        if face[5] is not None and face[6] in SOLID and inside(face[1], x, y):
            return face[5]
    return None


def draw(ctx, faces, colours, line_width=1.0):
    """Paint faces in order: flat-shaded fills, then their edges (colours: plate, plate-edge, edge, wrong)."""
    cache = {}
    for _depth, pts, colour, bright, alpha, _owner, style in faces:
        fill = colours["plate"] if style == "plate" else colour
        key = (fill, int(bright * 50))
        if key not in cache:
            cache[key] = shade(fill, key[1] / 50)
        ctx.globalAlpha = alpha
        ctx.fillStyle = cache[key]
        ctx.beginPath()
        ctx.moveTo(pts[0][0], pts[0][1])
        ctx.lineTo(pts[1][0], pts[1][1])
        ctx.lineTo(pts[2][0], pts[2][1])
        ctx.lineTo(pts[3][0], pts[3][1])
        ctx.closePath()
        ctx.fill()
        if style == "plate":
            ctx.strokeStyle = colours["plate-edge"]
            ctx.lineWidth = line_width
        elif style == "wrong":
            ctx.strokeStyle = colours["wrong"]
            ctx.lineWidth = line_width * 2.5
        elif style in ("ghost", "hint"):
            ctx.strokeStyle = colours["ghost-edge"] if style == "ghost" else colours["hint-edge"]
            ctx.lineWidth = line_width * 2
        else:
            ctx.strokeStyle = colours["edge"]
            ctx.lineWidth = line_width
        ctx.globalAlpha = 1.0 if style != "plate" else 0.8
        ctx.stroke()
    ctx.globalAlpha = 1.0
