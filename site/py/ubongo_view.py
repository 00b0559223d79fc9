"""The Cubes 3D view (MicroPython and CPython): an orthographic 3D drawing of cubes on a 2D canvas.

Visible cube faces sorted far to near (painter's order), flat-shaded, outlined; picking the
piece under a point. The rules (pieces, cards, moves) are `rules.ubongo`'s; this module only
draws. Pure Python with no browser imports, so tests run it in CPython.
Known limits: orthographic only; no textures or shadows.
"""

import math


def rgb(colour):
    """(r, g, b) of '#rrggbb'."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def hex_colour(channels):
    """'#rrggbb' of three channel values (clamped to 0..255)."""
    return "#" + "".join("0123456789abcdef"[v // 16] + "0123456789abcdef"[v % 16]
                         for v in (max(0, min(255, int(round(x)))) for x in channels))


def mix(colour, target, share):
    """A colour moved `share` of the way towards the channels `target`."""
    return hex_colour(v + (t - v) * share for v, t in zip(rgb(colour), target))


def vivid(colour):
    """A colour pushed away from its grey (more saturated)."""
    channels = rgb(colour)
    grey = sum(channels) / 3
    return hex_colour(grey + (v - grey) * 1.35 for v in channels)


# Other colourings for study mode's Recolour button: each turns a piece's own colour (rules.ubongo.COLOUR), so
# the pieces keep their colour names (the yellow five stays yellow) and light and dark stay apart.
PALETTES = (
    ("vivid", vivid),
    ("soft", lambda colour: mix(colour, (255, 255, 255), 0.45)),
    ("deep", lambda colour: mix(colour, (0, 0, 0), 0.35)),
)

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
CLASH_AHEAD = 0.002  # a "clash" cube (a ghost's cube in the way) is painted over a placed cube in the same place
LIGHT = (-0.35, 0.55, 0.76)  # in view coordinates: from the upper left, in front


def world(q):
    """The world min-corner of cube (row, col, layer)."""
    return (q[1], -q[0] - 1, q[2])


def shade(colour, factor):
    """A '#rrggbb' colour scaled by a brightness factor, as 'rgb(r,g,b)'."""
    r, g, b = rgb(colour)
    return ("rgb(" + str(min(255, int(r * factor))) + "," + str(min(255, int(g * factor))) + ","
            + str(min(255, int(b * factor))) + ")")


class Group:
    """Cubes drawn alike: owner (a piece id or None), colour, opacity, style ("solid" and "wrong" placed pieces,
    "ghost" the piece in hand, "clash" its cubes in the way, "hint"), and a lift (z offset)."""

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
                depth = sum(p[2] for p in pts) / 4 + (CLASH_AHEAD if g.style == "clash" else 0.0)
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
    """Paint faces in order: flat-shaded fills, then their edges (colours: plate, plate-edge, edge, wrong); the faces
    of a "clash" cube are crossed."""
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
        elif style in ("ghost", "hint", "clash"):
            ctx.strokeStyle = colours["hint-edge"] if style == "hint" else colours["ghost-edge"]
            ctx.lineWidth = line_width * 2
            if style == "clash":  # crossed out, so that it differs from a red piece
                ctx.moveTo(pts[0][0], pts[0][1])
                ctx.lineTo(pts[2][0], pts[2][1])
                ctx.moveTo(pts[1][0], pts[1][1])
                ctx.lineTo(pts[3][0], pts[3][1])
        else:
            ctx.strokeStyle = colours["edge"]
            ctx.lineWidth = line_width
        ctx.globalAlpha = 1.0 if style != "plate" else 0.8
        ctx.stroke()
    ctx.globalAlpha = 1.0


def paint(canvas, camera, box, footprint, groups, css, ratio=1.0, solved=False):
    """Size a canvas to its width (0.77 as high) and paint a card's plate and groups on it, framed in the "solved"
    colour when `solved`; returns the faces (for picking). `css` reads a colour of the page's theme."""
    w = int((canvas.getBoundingClientRect().width or 560) * ratio)
    h = int(w * 0.77)
    if canvas.width != w or canvas.height != h:
        canvas.width = w
        canvas.height = h
    ctx = canvas.getContext("2d")
    ctx.fillStyle = css("--ub-sky") or "#eef2f7"
    ctx.fillRect(0, 0, w, h)
    faces = polygons(camera, box, footprint, groups, w, h)
    colours = {"plate": css("--ub-plate") or "#d9c7a3", "plate-edge": css("--ub-plate-edge") or "#8a7a5c",
               "edge": css("--ub-edge") or "#1f2328", "wrong": css("--wrong") or "#d92d20",
               "ghost-edge": css("--ink") or "#1f2328", "hint-edge": css("--hint-line") or "#d69e00"}
    ctx.lineJoin = "round"
    draw(ctx, faces, colours, max(1.0, ratio))
    if solved:
        ctx.strokeStyle = css("--ok")
        ctx.lineWidth = 4 * ratio
        ctx.strokeRect(2 * ratio, 2 * ratio, w - 4 * ratio, h - 4 * ratio)
    return faces


class Orbit:
    """Pointer control of a 3D view on a canvas: a drag turns the camera, two fingers or the wheel zoom, a press
    without a drag is passed to `click` (in canvas pixels); `redraw` follows every change. The page listens with
    `handlers()` (this module has no browser imports)."""

    def __init__(self, canvas, camera, redraw, click=None):
        self.canvas, self.camera, self.redraw, self.click = canvas, camera, redraw, click
        self.pointers = {}
        self.drag = None
        self.pinch = None

    def handlers(self):
        """(event, handler) pairs for the canvas."""
        return (("pointerdown", self.down), ("pointermove", self.move), ("pointerup", self.up),
                ("pointercancel", self.cancel), ("wheel", self.wheel))

    def turn(self, axis, degrees):
        """Turn the view about a view axis."""
        self.camera.turn(axis, degrees)
        self.redraw()

    def zoom(self, factor):
        """Zoom the view."""
        self.camera.scale(factor)
        self.redraw()

    def reset(self):
        """Back to the starting view."""
        self.camera.reset()
        self.redraw()

    def spread(self):
        """The distance between the two pointers of a pinch."""
        (x1, y1), (x2, y2) = list(self.pointers.values())
        return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 or 1

    def down(self, ev):
        """A press: start a drag (turn), a pinch (zoom) or a click."""
        self.pointers[ev.pointerId] = (ev.clientX, ev.clientY)
        try:  # noqa: SIM105 - MicroPython has no contextlib.suppress
            self.canvas.setPointerCapture(ev.pointerId)
        except Exception:
            pass
        if len(self.pointers) == 2:
            self.pinch = self.spread()
            self.drag = None
        elif len(self.pointers) == 1:
            self.drag = {"x": ev.clientX, "y": ev.clientY, "moved": False, "button": ev.button}

    def move(self, ev):
        """A drag turns the view; two fingers zoom it."""
        if ev.pointerId not in self.pointers:
            return
        self.pointers[ev.pointerId] = (ev.clientX, ev.clientY)
        if len(self.pointers) == 2 and self.pinch:
            dist = self.spread()
            self.zoom(dist / self.pinch)
            self.pinch = dist
            return
        drag = self.drag
        if drag is None:
            return
        dx, dy = ev.clientX - drag["x"], ev.clientY - drag["y"]
        if not drag["moved"] and dx * dx + dy * dy < 16:
            return
        drag["moved"], drag["x"], drag["y"] = True, ev.clientX, ev.clientY
        self.camera.turn(1, dx * 0.5)
        self.camera.turn(0, dy * 0.5)
        self.redraw()

    def up(self, ev):
        """A release: a press without a drag is a click."""
        self.pointers.pop(ev.pointerId, None)
        if len(self.pointers) < 2:
            self.pinch = None
        drag, self.drag = self.drag, None
        rect = self.canvas.getBoundingClientRect()
        if drag is None or drag["moved"] or drag["button"] != 0 or self.click is None or not rect.width:
            return
        self.click(((ev.clientX - rect.left) * self.canvas.width / rect.width,
                    (ev.clientY - rect.top) * self.canvas.height / rect.height))

    def cancel(self, ev):
        """A cancelled touch does nothing."""
        self.pointers.pop(ev.pointerId, None)
        self.drag = None
        self.pinch = None

    def wheel(self, ev):
        """The wheel zooms."""
        ev.preventDefault()
        self.zoom(1.1 if ev.deltaY < 0 else 1 / 1.1)
