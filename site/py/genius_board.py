"""The Genius Square board on a canvas (MicroPython, main thread): labels, pegs, pieces, the ghost of the piece in
hand, hints, the latest piece; and its accessible mirror. The Genius page plays on it, the watch page shows the exact
cover search on it."""

from rules import genius as gm

from tessera_ui import Mirror
from tessera_ui import css
from tessera_ui import el
from tessera_ui import fit_square
from tessera_ui import grid_rows

BAND = 0.55  # width of the row/column label band, in cells
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"


class Board:
    """The 6x6 canvas: labels, pegs, pieces, the ghost of the piece in hand, hints; and its mirror."""

    def __init__(self, canvas="board", aria="aria-board"):
        self.canvas = el(canvas)
        self.ctx = self.canvas.getContext("2d")
        self.aria = el(aria)
        self.blockers = ()
        self.placed = {}
        self.ghost = None  # (pid, cells, fits)
        self.hint_cells = set()
        self.hint_piece = None  # (pid, cells)
        self.wrong = set()
        self.cursor = (0, 0)
        self.show_cursor = False
        self.solved = False
        self.latest = ""  # a piece to outline (the watch page's latest placed piece)
        self._mirror = None  # made at the first draw (so it never shows empty)

    def cell_at(self, x, y):
        """The (row, column) under client coordinates, or None off the grid."""
        rect = self.canvas.getBoundingClientRect()
        if not rect.width:
            return None
        span = gm.SIZE + BAND
        cx = (x - rect.left) / rect.width * span - BAND
        cy = (y - rect.top) / rect.height * span - BAND
        if 0 <= cx < gm.SIZE and 0 <= cy < gm.SIZE:
            return int(cy), int(cx)
        return None

    def owner(self):
        """Cell -> piece id of the placed pieces."""
        return {c: pid for pid, cells in self.placed.items() for c in cells}

    # drawing --------------------------------------------------------------------------
    def draw(self):
        """Redraw the board and refresh the accessible mirror."""
        size = fit_square(self.canvas)
        ctx = self.ctx
        cell = size / (gm.SIZE + BAND)
        off = BAND * cell
        col = {k: css("--" + k) for k in ("bg", "muted", "gs-board", "gs-hole", "gs-peg", "gs-peg-edge", "hint",
                                          "hint-line", "wrong", "entry", "ok")}
        ctx.fillStyle = col["bg"]
        ctx.fillRect(0, 0, size, size)
        ctx.fillStyle = col["gs-board"]
        ctx.fillRect(off, off, gm.SIZE * cell, gm.SIZE * cell)
        ctx.fillStyle = col["muted"]
        ctx.font = "600 " + str(int(cell * 0.3)) + "px " + FONT
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        for k in range(gm.SIZE):
            ctx.fillText(gm.ROWS[k], off / 2, off + (k + 0.5) * cell)
            ctx.fillText(gm.COLS[k], off + (k + 0.5) * cell, off / 2)
        pad = cell * 0.06
        for i in range(gm.SIZE * gm.SIZE):
            r, c = divmod(i, gm.SIZE)
            ctx.fillStyle = col["hint"] if i in self.hint_cells else col["gs-hole"]
            ctx.fillRect(off + c * cell + pad, off + r * cell + pad, cell - 2 * pad, cell - 2 * pad)
        for pid, cells in self.placed.items():
            self._piece(cells, gm.COLOUR[pid], cell, off, 1.0)
        if self.latest in self.placed and not self.solved:  # the piece a search put down last
            self._outline(self.placed[self.latest], col["entry"], cell, off, False)
        if self.hint_piece is not None:
            self._piece(self.hint_piece[1], gm.COLOUR[self.hint_piece[0]], cell, off, 0.45)
            self._outline(self.hint_piece[1], col["hint-line"], cell, off, True)
        for b in self.blockers:
            self._peg(b, cell, off, col)
        if self.ghost is not None:
            pid, cells, fits = self.ghost
            self._piece(cells, gm.COLOUR[pid] if fits else col["wrong"], cell, off, 0.55 if fits else 0.4)
            self._outline(cells, gm.COLOUR[pid] if fits else col["wrong"], cell, off, not fits)
        for i in self.wrong:
            self._outline([i], col["wrong"], cell, off, False)
        if self.show_cursor:
            r, c = self.cursor
            ctx.strokeStyle = col["entry"]
            ctx.lineWidth = max(2, cell * 0.06)
            ctx.setLineDash([])
            ctx.strokeRect(off + c * cell + 2, off + r * cell + 2, cell - 4, cell - 4)
        if self.solved:
            ctx.strokeStyle = col["ok"]
            ctx.lineWidth = max(3, cell * 0.08)
            ctx.setLineDash([])
            ctx.strokeRect(off, off, gm.SIZE * cell, gm.SIZE * cell)
        self._update_aria()

    def _piece(self, cells, colour, cell, off, alpha):
        """Fill a piece's cells, bridging the gaps between its own neighbours."""
        ctx = self.ctx
        ctx.globalAlpha = alpha
        ctx.fillStyle = colour
        inset = cell * 0.09
        seam = -1 if alpha >= 1 else 0  # solid pieces overlap a pixel inside, so no seam shows
        mine = set(cells)
        for i in cells:
            r, c = divmod(i, gm.SIZE)
            x, y = off + c * cell, off + r * cell
            left = inset if c == 0 or i - 1 not in mine else seam
            right = inset if c == gm.SIZE - 1 or i + 1 not in mine else 0
            top = inset if i - gm.SIZE not in mine else seam
            bottom = inset if i + gm.SIZE not in mine else 0
            ctx.fillRect(x + left, y + top, cell - left - right, cell - top - bottom)
        ctx.globalAlpha = 1.0

    def _outline(self, cells, colour, cell, off, dashed):
        """Stroke the outer edges of a set of cells."""
        ctx = self.ctx
        mine = set(cells)
        ctx.strokeStyle = colour
        ctx.lineWidth = max(2, cell * 0.05)
        ctx.setLineDash([cell * 0.12, cell * 0.08] if dashed else [])
        ctx.beginPath()
        for i in cells:
            r, c = divmod(i, gm.SIZE)
            x, y = off + c * cell, off + r * cell
            if r == 0 or i - gm.SIZE not in mine:
                ctx.moveTo(x, y)
                ctx.lineTo(x + cell, y)
            if r == gm.SIZE - 1 or i + gm.SIZE not in mine:
                ctx.moveTo(x, y + cell)
                ctx.lineTo(x + cell, y + cell)
            if c == 0 or i - 1 not in mine:
                ctx.moveTo(x, y)
                ctx.lineTo(x, y + cell)
            if c == gm.SIZE - 1 or i + 1 not in mine:
                ctx.moveTo(x + cell, y)
                ctx.lineTo(x + cell, y + cell)
        ctx.stroke()
        ctx.setLineDash([])

    def _peg(self, i, cell, off, col):
        """A round blocker peg."""
        ctx = self.ctx
        r, c = divmod(i, gm.SIZE)
        x, y = off + (c + 0.5) * cell, off + (r + 0.5) * cell
        ctx.fillStyle = col["gs-peg"]
        ctx.strokeStyle = col["gs-peg-edge"]
        ctx.lineWidth = max(1.5, cell * 0.04)
        ctx.beginPath()
        ctx.arc(x, y, cell * 0.3, 0, 6.2832)
        ctx.fill()
        ctx.stroke()
        ctx.fillStyle = col["gs-peg-edge"]
        ctx.globalAlpha = 0.25
        ctx.beginPath()
        ctx.arc(x + cell * 0.06, y + cell * 0.07, cell * 0.17, 0, 6.2832)
        ctx.fill()
        ctx.globalAlpha = 1.0

    # accessible mirror ----------------------------------------------------------------
    def forget_mirror(self):
        """Build the accessible mirror afresh at the next draw (another view used its element meanwhile)."""
        self._mirror = None

    def describe(self, i, owner, ghost):
        """What the mirror says of cell i: "A1: peg", "B3: piece L4 (L)", "C2: empty"."""
        text = gm.cell_name(i) + ": "
        if i in self.blockers:
            text += "peg"
        elif i in owner:
            text += "piece " + owner[i] + " (" + gm.NAME[owner[i]] + ")"
        else:
            text += "empty"
        if i in ghost:
            text += ", preview of " + ghost[i]
        if i in self.hint_cells:
            text += ", hint"
        if i in self.wrong:
            text += ", wrong"
        return text

    def _update_aria(self):
        if self._mirror is None:
            self._mirror = Mirror(self.aria, "Genius Square, 6 by 6, rows A to F, columns 1 to 6",
                                  grid_rows(gm.SIZE, gm.SIZE))
        owner = self.owner()
        ghost = {}
        if self.ghost is not None:
            pid, cells, fits = self.ghost
            for c in cells:
                ghost[c] = pid + ("" if fits else " (does not fit)")
        cur = self.cursor[0] * gm.SIZE + self.cursor[1]
        for i in range(gm.SIZE * gm.SIZE):
            self._mirror.set(i, self.describe(i, owner, ghost), (
                ("aria-selected", "true" if i == cur else "false"),
                ("data-cell", str(i // gm.SIZE) + "," + str(i % gm.SIZE) + ",0"), ("data-piece", owner.get(i, ""))))
