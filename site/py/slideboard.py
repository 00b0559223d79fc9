"""A canvas board for the sliding puzzle (MicroPython, main thread).

Draws W x H tiles with a short sliding animation, maps taps and swipes to tiles or
directions, and keeps an ARIA grid stating every tile row by row. It knows no rules
beyond adjacency: the page owns the game and sets `tiles`, `hint_tile`, `solved`.
"""

from pyscript import document
from pyscript import window
from pyscript.ffi import create_proxy

from tessera_ui import Mirror
from tessera_ui import calm
from tessera_ui import css
from tessera_ui import grid_rows
from tessera_ui import on

FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"


def now():
    """Milliseconds from the page's clock."""
    return window.performance.now()


class SlideBoard:
    """W x H tiles on a canvas; 0 is the blank."""

    def __init__(self, canvas_id, aria_id):
        self.canvas = document.getElementById(canvas_id)
        self.ctx = self.canvas.getContext("2d")
        self.aria = document.getElementById(aria_id)
        self.w = self.h = 0
        self.tiles = []
        self.hint_tile = 0
        self.solved = False
        self.on_tap = None  # fn(cell) when a tile is tapped
        self.on_swipe = None  # fn(direction) with 'up', 'down', 'left', 'right'
        self.moving = {}  # tile -> cell it slides from
        self.anim_start = 0
        self.anim_ms = 0
        self._down = None
        self._frame = create_proxy(self._step)
        self._mirror = None
        on(self.canvas, "pointerdown", self._pointer_down)
        on(self.canvas, "pointerup", self._pointer_up)
        on(self.canvas, "pointercancel", lambda _e: self._forget())
        on(window, "resize", lambda _e: self.draw())

    def setup(self, w, h, tiles):
        """Start a board of w x h cells."""
        self.w, self.h = w, h
        self.tiles = list(tiles)
        self.moving = {}
        self.hint_tile = 0
        self.solved = False
        self.canvas.style.width = str(int(100 * w / h)) + "%" if h > w else "100%"  # tall boards stay in view
        label = "Sliding puzzle, " + str(w) + " wide and " + str(h) + " high"
        self._mirror = Mirror(self.aria, label, grid_rows(h, w))
        self.draw()

    # geometry -----------------------------------------------------------------
    def _metrics(self):
        ratio = window.devicePixelRatio or 1
        css_width = self.canvas.getBoundingClientRect().width or 540
        width = int(css_width * ratio)
        cell = width / self.w
        height = int(cell * self.h)
        if self.canvas.width != width or self.canvas.height != height:
            self.canvas.width = width
            self.canvas.height = height
        return width, height, cell

    def _cell_at(self, ev):
        rect = self.canvas.getBoundingClientRect()
        x = (ev.clientX - rect.left) / rect.width * self.w
        y = (ev.clientY - rect.top) / rect.height * self.h
        c, r = int(x), int(y)
        if 0 <= r < self.h and 0 <= c < self.w:
            return r * self.w + c
        return -1

    # input --------------------------------------------------------------------
    def _pointer_down(self, ev):
        if not self.w:
            return
        self._down = (ev.clientX, ev.clientY, self._cell_at(ev))
        self.canvas.focus()
        ev.preventDefault()

    def _forget(self):
        self._down = None

    def _pointer_up(self, ev):
        if self._down is None:
            return
        x0, y0, cell = self._down
        self._down = None
        dx, dy = ev.clientX - x0, ev.clientY - y0
        rect = self.canvas.getBoundingClientRect()
        reach = 0.35 * rect.width / self.w
        if max(abs(dx), abs(dy)) >= reach:
            horizontal = abs(dx) > abs(dy)
            direction = ("right" if dx > 0 else "left") if horizontal else ("down" if dy > 0 else "up")
            if self.on_swipe is not None:
                self.on_swipe(direction)
        elif cell >= 0 and self.on_tap is not None:
            self.on_tap(cell)

    # animation ------------------------------------------------------------------
    def slide(self, tiles, moved, duration):
        """Show `tiles`, with each tile of `moved` (tile -> old cell) sliding for `duration` ms."""
        self.tiles = list(tiles)
        if duration <= 0 or not moved or calm():
            self.moving = {}
            self.draw()
            return
        running = bool(self.moving)
        self.moving = dict(moved)
        self.anim_start = now()
        self.anim_ms = duration
        if not running:
            window.requestAnimationFrame(self._frame)
        self._update_aria()

    def _step(self, _ts=None):
        if not self.moving:
            return
        if now() - self.anim_start >= self.anim_ms:
            self.moving = {}
            self.draw()
            return
        self.draw(aria=False)
        window.requestAnimationFrame(self._frame)

    # drawing ----------------------------------------------------------------------
    def draw(self, aria=True):
        """Redraw the board (and, unless told otherwise, the accessible mirror)."""
        if not self.w:
            return
        ctx, w = self.ctx, self.w
        width, height, cell = self._metrics()
        colours = {k: css("--" + k) for k in ("panel", "bg", "line", "thin", "given", "muted", "hint",
                                               "hint-line", "ok", "accent", "slide-tile", "slide-home")}
        ctx.fillStyle = colours["thin"]
        ctx.fillRect(0, 0, width, height)
        progress = 1.0
        if self.moving:
            progress = min(1.0, (now() - self.anim_start) / max(1, self.anim_ms))
            progress = 1 - (1 - progress) * (1 - progress)  # ease out
        gap = max(1.0, cell * 0.04)
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        ctx.font = "600 " + str(int(cell * (0.42 if len(self.tiles) <= 99 else 0.36))) + "px " + FONT
        for i, t in enumerate(self.tiles):
            if not t:
                continue
            r, c = divmod(i, w)
            x, y = c * cell, r * cell
            if t in self.moving:
                r0, c0 = divmod(self.moving[t], w)
                x = (c0 + (c - c0) * progress) * cell
                y = (r0 + (r - r0) * progress) * cell
            home = t == i + 1
            if t == self.hint_tile:
                fill, ink, edge = colours["hint"], colours["given"], colours["hint-line"]
            elif self.solved:
                fill, ink, edge = colours["slide-home"], colours["ok"], colours["ok"]
            else:
                fill, ink, edge = colours["slide-tile"], colours["given"], colours["slide-home"] if home else ""
            self._tile(x + gap, y + gap, cell - 2 * gap, fill, edge, max(2.0, cell * 0.03))
            ctx.fillStyle = ink
            ctx.fillText(str(t), x + cell / 2, y + cell / 2 + cell * 0.02)
        if aria:
            self._update_aria()

    def _tile(self, x, y, size, fill, edge, line):
        ctx = self.ctx
        radius = size * 0.12
        ctx.beginPath()
        if ctx.roundRect:
            ctx.roundRect(x, y, size, size, radius)
        else:
            ctx.rect(x, y, size, size)
        ctx.fillStyle = fill
        ctx.fill()
        if edge:
            ctx.lineWidth = line
            ctx.strokeStyle = edge
            ctx.stroke()

    # accessible mirror ----------------------------------------------------------------
    def describe(self, i):
        """What the accessible mirror says of cell i."""
        r, c = divmod(i, self.w)
        t = self.tiles[i]
        text = "row " + str(r + 1) + " column " + str(c + 1) + ", " + ("tile " + str(t) if t else "blank")
        if t and t == self.hint_tile:
            text += ", hint"
        return text

    def _update_aria(self):
        w = self.w
        for r in range(self.h):
            self._mirror.label_row(r, "row " + str(r + 1) + ": " + " ".join(str(t) if t else "blank"
                                                                            for t in self.tiles[r * w:(r + 1) * w]))
        for i in range(w * self.h):
            self._mirror.set(i, self.describe(i))
