"""A canvas board for latin-square puzzles (Sudoku, Skyscrapers), MicroPython main thread.

Draws values, givens, pencil marks (centre notes), corner marks, cell colours, the cursor and
the selected cells, highlights (hint, wrong, conflict), boxes and an optional clue ring; maps
clicks and drags to cells; keeps an ARIA grid that states every cell for screen readers and tests.
It knows nothing of rules: the page sets its fields.
An explained hint draws on the pencil marks: the candidates a step rests on in one colour
(a chain's or a colouring's second colour in another), removed ones struck through in red,
the placement in green, links between a chain's nodes (strong solid, weak dashed), rings
round placed digits that cause a single, the clues it rests on and the bounds they give (`show_hint` reads all of it
from the worker's hint JSON, so a page without a game, the learn page, draws a stored hint the same way).
"""

import json

from pyscript import document
from pyscript import window
from rules.latin import COLOURS
from rules.latin import cell_candidates
from rules.latin import symbol

from tessera_ui import Mirror
from tessera_ui import css
from tessera_ui import fit_square
from tessera_ui import grid_rows
from tessera_ui import on

# the names of the cell colours 1..9 (CSS --mark-1..9)
COLOUR_NAMES = ("orange", "sky blue", "green", "yellow", "blue", "vermilion", "purple", "grey", "brown")
NOTE_PX = 7  # the smallest centre mark drawn, in CSS pixels (a 16x16 cell on a phone is 23: its 16 notes would be 3)


class GridBoard:
    """An n x n grid on a canvas, optionally with w x h boxes and a ring of clues."""

    def __init__(self, canvas_id, aria_id, label="Board", cursor=True):
        """`aria_id` None: no accessible mirror (the page says in words what the board shows); `cursor` False: no
        cursor, selection or peer shading (a board that only shows)."""
        self.canvas = document.getElementById(canvas_id)
        self.ctx = self.canvas.getContext("2d")
        self.aria = document.getElementById(aria_id) if aria_id else None
        self.label = label
        self.cursor_shown = cursor
        self.on_cell = None  # fn(r, c, ev) when a cell is pressed
        self.on_drag = None  # fn(r, c) when a press moves on to another cell
        self.on_clue = None  # fn(side, i) when a clue is clicked
        self.n = 0
        self._drag = None  # the cell a pressed pointer is over
        on(self.canvas, "pointerdown", self._pointer)
        on(self.canvas, "pointermove", self._move)
        on(window, "pointerup", self._release)
        on(window, "pointercancel", self._release)
        on(window, "resize", lambda _e: self.draw())

    def setup(self, n, box=None, clues=None, layout=None):
        """Start a board of size n (box = (w, h) or None; clues = dict side -> list or None; layout = a Sudoku
        variant's (regions or None, diagonals, cages, constraints) as rules.sudoku gives it, or None)."""
        self.n = n
        self.box = box
        self.regions, self.diagonals, self.cages = layout[:3] if layout is not None else (None, False, ())
        self.marks = [json.loads(entry) for entry in (layout[3] if layout is not None else ())]  # further rules
        self.cages = tuple(self.cages) + tuple((rule.get("sum"), tuple(r * n + c for r, c in rule["cells"]))
                                               for rule in self.marks if rule.get("type") == "distinct")
        self.mark_words = {}  # cell -> what the accessible mirror says of the rules through it
        self.clues = clues or _outside_clues(n, self.marks)
        for rule in self.marks:
            for i, (r, c) in enumerate(rule.get("cells") or []):
                said = _cell_words(rule, i)
                if said:
                    self.mark_words.setdefault(r * n + c, []).append(said)
        self.cage_of = {}  # cell -> cage index
        for k in range(len(self.cages)):
            for c in self.cages[k][1]:
                self.cage_of[c] = k
        self.values = [0] * (n * n)
        self.given = [False] * (n * n)
        self.pencil = [0] * (n * n)  # bitmask per cell
        self.corners = [0] * (n * n)  # corner marks, a bitmask per cell
        self.colours = [0] * (n * n)  # colour 1..COLOURS per cell, 0 none
        self.cursor = (0, 0)
        self.selected = set()  # more selected cells (the cursor's is always selected)
        self.wrong = set()
        self.conflict = set()
        self.hint_cells = set()
        self.hint_region = set()
        self.hint_places = {}  # cell -> value: the cells a hint places (a clue N places its whole line)
        self.hint_elim = set()  # (cell, value)
        self.hint_marks = {}  # (cell, value) -> "cause" or "cause2": candidates a hint rests on
        self.hint_rings = {}  # cell -> "cause" or "cause2": placed digits a hint rests on
        self.hint_links = []  # (node, node, strong) with nodes as lists of (cell, value)
        self.hint_clues = set()  # (side, i) clues a hint rests on
        self.hint_bounds = {}  # cell -> short text such as "≤2" (a clue's bound)
        self.bad_clues = set()
        self.done_clues = set()
        self.solved = False
        self._mirror = None
        if self.aria is not None:
            self._mirror = Mirror(self.aria, self.label + ", " + str(n) + " by " + str(n), grid_rows(n, n))
        wrap = self.canvas.parentElement
        if wrap is not None and wrap.classList.contains("board-wrap"):
            wrap.classList.toggle("big", n >= 12)  # 12x12 and 16x16 take the room the window gives (CSS)

    # geometry ---------------------------------------------------------------
    def _metrics(self):
        size = fit_square(self.canvas)
        ring = 1 if self.clues else 0
        cell = size / (self.n + 2 * ring)
        return size, cell, ring * cell

    def _at(self, ev):
        """(row, column) under a pointer event, maybe off the grid (the clue ring)."""
        rect = self.canvas.getBoundingClientRect()
        size, cell, off = self._metrics()
        x = (ev.clientX - rect.left) * size / rect.width - off
        y = (ev.clientY - rect.top) * size / rect.height - off
        return int(y // cell), int(x // cell)

    def _move(self, ev):
        """A pressed pointer moving on to another cell (a drag selects several)."""
        if self._drag is None or not self.n:
            return
        r, c = self._at(ev)
        if 0 <= r < self.n and 0 <= c < self.n and (r, c) != self._drag:
            self._drag = (r, c)
            if self.on_drag is not None:
                self.on_drag(r, c)

    def _release(self, _ev):
        self._drag = None

    def _pointer(self, ev):
        if not self.n:
            return
        r, c = self._at(ev)
        if 0 <= r < self.n and 0 <= c < self.n:
            self.canvas.focus()
            self._drag = (r, c)
            if self.on_cell is not None:
                self.on_cell(r, c, ev)
        elif self.clues and self.on_clue is not None:
            if r < 0 and 0 <= c < self.n:
                self.on_clue("top", c)
            elif r >= self.n and 0 <= c < self.n:
                self.on_clue("bottom", c)
            elif c < 0 and 0 <= r < self.n:
                self.on_clue("left", r)
            elif c >= self.n and 0 <= r < self.n:
                self.on_clue("right", r)

    # drawing ------------------------------------------------------------------
    def draw(self, aria=True):
        """Redraw the whole board and (unless `aria` is False) update the accessible mirror."""
        if not self.n:
            return
        n, ctx = self.n, self.ctx
        size, cell, off = self._metrics()
        colours = {k: css("--" + k) for k in (
            "panel", "bg", "line", "thin", "given", "entry", "sel", "same", "peer", "wrong", "wrong-bg",
            "conflict", "hint", "hint-line", "ok", "pencil", "muted", "cause", "cause-bg", "cause2", "cause2-bg",
            "link")}
        ctx.fillStyle = colours["bg"] if self.clues else colours["panel"]
        ctx.fillRect(0, 0, size, size)
        cr, cc = self.cursor if self.cursor_shown else (-n, -n)  # no cursor: no cell is its row, column or box
        cur_value = self.values[cr * n + cc] if self.cursor_shown else 0
        bw, bh = self.box if self.box else (n, n)
        font = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        for r in range(n):
            for c in range(n):
                i = r * n + c
                x, y = off + c * cell, off + r * cell
                if not self.cursor_shown:
                    same_box = False
                elif self.regions is not None:
                    same_box = self.regions[i] == self.regions[cr * n + cc]
                else:
                    same_box = self.box and r // bh == cr // bh and c // bw == cc // bw
                if i in self.hint_cells:
                    bg = colours["hint"]
                elif (r, c) == (cr, cc) or i in self.selected:
                    bg = colours["sel"]
                elif i in self.wrong:
                    bg = colours["wrong-bg"]
                elif i in self.hint_region:
                    bg = colours["hint"]
                elif cur_value and self.values[i] == cur_value:
                    bg = colours["same"]
                elif r == cr or c == cc or same_box:
                    bg = colours["peer"]
                else:
                    bg = colours["panel"]
                ctx.fillStyle = bg
                ctx.fillRect(x, y, cell, cell)
                if self.colours[i]:  # the player's colour, over the highlight so both show
                    ctx.globalAlpha = 0.6 if bg == colours["panel"] else 0.45
                    ctx.fillStyle = css("--mark-" + str(self.colours[i]))
                    ctx.fillRect(x, y, cell, cell)
                    ctx.globalAlpha = 1
                v = self.values[i]
                if v:
                    if i in self.wrong or i in self.conflict:
                        ctx.fillStyle = colours["wrong"]
                    else:
                        ctx.fillStyle = colours["given"] if self.given[i] else colours["entry"]
                    weight = "600 " if self.given[i] else "400 "
                    ctx.font = weight + str(int(cell * 0.6)) + "px " + font
                    if i in self.hint_rings:
                        ctx.strokeStyle = colours[self.hint_rings[i]]
                        ctx.lineWidth = max(2, cell * 0.06)
                        ctx.beginPath()
                        ctx.arc(x + cell / 2, y + cell / 2, cell * 0.4, 0, 6.2832)
                        ctx.stroke()
                    ctx.fillText(symbol(v), x + cell / 2, y + cell * 0.54)
                elif self.pencil[i] or i in self.hint_places:
                    self._draw_pencil(i, x, y, cell, colours, font)
                if self.corners[i] and not v:
                    self._draw_corners(i, x, y, cell, colours, font)
                if i in self.hint_bounds and not v:
                    ctx.fillStyle = colours["cause"]
                    ctx.font = "600 " + str(int(cell * 0.22)) + "px " + font
                    ctx.fillText(self.hint_bounds[i], x + cell * 0.82, y + cell * 0.86)
        self._draw_lines(size, cell, off, colours)
        if self.marks:
            self._draw_marks(cell, off, colours, font)
        if self.cages:
            self._draw_cages(cell, off, colours, font)
        if self.hint_links:
            self._draw_links(cell, off, colours)
        if self.clues:
            self._draw_clues(cell, off, colours, font)
        if self.solved:
            ctx.strokeStyle = colours["ok"]
            ctx.lineWidth = max(3, cell * 0.08)
            ctx.strokeRect(off, off, n * cell, n * cell)
        if aria:
            self._update_aria()

    def centre_layout(self, i, least=0.0):
        """Where the centre marks of cell i go, as SudokuPad draws them: the marks present (and a hint's placed
        value), smallest first, in one centred row, or two or three when many: ({value: (x, y) as fractions of the
        cell}, font size as a fraction of the cell, None or (how many marks are not drawn, where "+N" says so)).
        Marks are never drawn smaller than `least` (a fraction of the cell): those that do not fit at that size
        are left out, the ones a hint shows last, and "+N" takes the last places."""
        mask = self.pencil[i]
        marks = [v for v in range(1, self.n + 1) if (mask >> (v - 1)) & 1 or self.hint_places.get(i) == v]
        lines = 1 if len(marks) <= 3 else 2 if len(marks) <= 8 else 3
        per = max(1, (len(marks) + lines - 1) // lines)
        size, pitch, rest, wide = min(0.3, 0.86 / per), 1.1, 0, 1
        if size < least:  # too small to read: as many as fit at the least size, packed closer
            size, pitch = min(least, 0.45), 1.0
            per = max(1, int(0.95 / size))
            lines = max(1, min(3, int(0.95 / (size * 1.25))))
            wide = 2 if per >= 3 else 1  # "+N" is two or three glyphs: it takes two places where a line has three
            if len(marks) > per * lines:
                shown = per * lines - wide  # the last places say how many are left out
                hinted = [v for v in marks if self.hint_places.get(i) == v or (i, v) in self.hint_elim
                          or (i, v) in self.hint_marks]
                keep = set(hinted[:shown] + [v for v in marks if v not in hinted][:max(0, shown - len(hinted))])
                rest = len(marks) - len(keep)
                marks = [v for v in marks if v in keep]
            else:
                lines = max(1, (len(marks) + per - 1) // per)
        spots = []
        slots = len(marks) + (wide if rest else 0)
        for k in range(slots):
            line, at = divmod(k, per)
            width = min(per, slots - line * per)
            spots.append((0.5 + (at - (width - 1) / 2) * size * pitch, 0.52 + (line - (lines - 1) / 2) * size * 1.25))
        out = dict(zip(marks, spots))
        if not rest:
            return out, size, None
        last = spots[len(marks):]
        return out, size, (rest, (sum(x for x, _ in last) / len(last), last[0][1]))

    def least_note(self, cell):
        """The smallest centre mark, as a fraction of a cell of `cell` canvas pixels (NOTE_PX CSS pixels)."""
        return NOTE_PX * (window.devicePixelRatio or 1) / cell

    def _draw_pencil(self, i, x, y, cell, colours, font):
        ctx = self.ctx
        if not self.pencil[i] and i in self.hint_places:  # a placement on a cell without notes
            ctx.fillStyle = colours["cause-bg"]
            ctx.beginPath()
            ctx.arc(x + cell / 2, y + cell / 2, cell * 0.38, 0, 6.2832)
            ctx.fill()
            ctx.fillStyle = colours["ok"]
            ctx.font = "600 " + str(int(cell * 0.55)) + "px " + font
            ctx.fillText(symbol(self.hint_places[i]), x + cell / 2, y + cell * 0.54)
            return
        spots, size, rest = self.centre_layout(i, self.least_note(cell))
        ctx.font = str(int(cell * size)) + "px " + font
        if rest is not None:  # "+5": marks left out, in the last place, kept within the cell
            text = "+" + str(rest[0])
            ctx.fillStyle = colours["muted"]
            half = ctx.measureText(text).width / 2
            ctx.fillText(text, min(x + rest[1][0] * cell, x + cell - half - cell * 0.04), y + rest[1][1] * cell)
        for v, (fx, fy) in spots.items():
            place = self.hint_places.get(i) == v
            elim = (i, v) in self.hint_elim
            mark = self.hint_marks.get((i, v))
            px, py = x + fx * cell, y + fy * cell
            if mark or elim or place:  # a disc behind the mark: its role in the hint at a glance
                ctx.fillStyle = colours["wrong-bg"] if elim else colours["cause-bg"] if place else colours[mark + "-bg"]
                ctx.beginPath()
                ctx.arc(px, py - cell * size * 0.05, cell * size * 0.62, 0, 6.2832)
                ctx.fill()
            ctx.fillStyle = colours["wrong"] if elim else colours["ok"] if place else (
                colours[mark] if mark else colours["pencil"])
            ctx.fillText(symbol(v), px, py)
            if elim:
                ctx.strokeStyle = colours["wrong"]
                ctx.lineWidth = max(1, cell / 30)
                ctx.beginPath()
                ctx.moveTo(px - cell * size * 0.4, py + cell * size * 0.4)
                ctx.lineTo(px + cell * size * 0.4, py - cell * size * 0.4)
                ctx.stroke()

    def _draw_corners(self, i, x, y, cell, colours, font):
        """Corner marks: corners first, then the middles of the edges, smallest digit first."""
        ctx = self.ctx
        ctx.font = "500 " + str(int(cell * 0.2)) + "px " + font
        ctx.fillStyle = colours["entry"]
        spots = ((0.16, 0.18), (0.84, 0.18), (0.16, 0.84), (0.84, 0.84), (0.5, 0.18), (0.5, 0.84), (0.16, 0.5),
                 (0.84, 0.5), (0.33, 0.18), (0.67, 0.18), (0.33, 0.84), (0.67, 0.84))
        marks = [v for v in range(1, self.n + 1) if (self.corners[i] >> (v - 1)) & 1]
        for k, v in enumerate(marks[:len(spots)]):
            ctx.fillText(symbol(v), x + spots[k][0] * cell, y + spots[k][1] * cell)

    def mark_centre(self, cell_index, v, cell, off):
        """The canvas point of centre mark v in a cell (where `_draw_pencil` draws it; the cell's centre when the
        mark is not there)."""
        r, c = divmod(cell_index, self.n)
        fx, fy = self.centre_layout(cell_index, self.least_note(cell))[0].get(v, (0.5, 0.5))
        return off + c * cell + fx * cell, off + r * cell + fy * cell

    def _draw_links(self, cell, off, colours):
        """A chain's links between the centres of its nodes: strong links solid, weak ones dashed, with arrows."""
        ctx = self.ctx
        ctx.strokeStyle = colours["link"]
        ctx.fillStyle = colours["link"]
        ctx.lineWidth = max(1.5, cell * 0.035)
        for a, b, strong in self.hint_links:
            pa = [self.mark_centre(i, v, cell, off) for i, v in a]
            pb = [self.mark_centre(i, v, cell, off) for i, v in b]
            ax, ay = sum(p[0] for p in pa) / len(pa), sum(p[1] for p in pa) / len(pa)
            bx, by = sum(p[0] for p in pb) / len(pb), sum(p[1] for p in pb) / len(pb)
            dx, dy = bx - ax, by - ay
            length = (dx * dx + dy * dy) ** 0.5 or 1
            ux, uy = dx / length, dy / length
            gap = cell * 0.12  # stop short of the marks so they stay readable
            sx, sy, ex, ey = ax + ux * gap, ay + uy * gap, bx - ux * gap, by - uy * gap
            ctx.setLineDash([] if strong else [cell * 0.1, cell * 0.07])
            ctx.beginPath()
            ctx.moveTo(sx, sy)
            ctx.lineTo(ex, ey)
            ctx.stroke()
            ctx.setLineDash([])
            head = cell * 0.1
            ctx.beginPath()
            ctx.moveTo(ex, ey)
            ctx.lineTo(ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6)
            ctx.lineTo(ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6)
            ctx.fill()

    def _draw_cages(self, cell, off, colours, font):
        """Each killer cage as a dashed outline inside its cells, its sum small in its first cell's corner; a cage
        over cells of an earlier one is drawn further inside, its sum in the bottom corner."""
        n, ctx = self.n, self.ctx
        ctx.strokeStyle = colours["given"]
        ctx.lineWidth = max(1, cell * 0.025)
        ctx.setLineDash([max(2, cell * 0.07), max(2, cell * 0.05)])
        size = max(8, int(cell * 0.22))
        seen, labels = set(), []
        ctx.beginPath()
        for total, cells in self.cages:
            members = set(cells)
            over = bool(seen & members)
            seen.update(members)
            d = cell * (0.2 if over else 0.09)

            def inside(r, c, members=members):
                return 0 <= r < n and 0 <= c < n and r * n + c in members

            for i in cells:
                r, c = divmod(i, n)
                x0, y0 = off + c * cell, off + r * cell
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    if inside(r + dr, c + dc):
                        continue
                    # the side faces out of the cage: a line inset by d, its ends reaching the neighbours' lines
                    pr, pc = dc, dr  # along the side
                    ends = []
                    for sign in (-1, 1):
                        if not inside(r + pr * sign, c + pc * sign):
                            ends.append(d)  # a convex corner
                        elif inside(r + pr * sign + dr, c + pc * sign + dc):
                            ends.append(-d)  # a concave corner: meet the next cell's line
                        else:
                            ends.append(0)
                    if dr:
                        y = y0 + (d if dr < 0 else cell - d)
                        ctx.moveTo(x0 + ends[0], y)
                        ctx.lineTo(x0 + cell - ends[1], y)
                    else:
                        x = x0 + (d if dc < 0 else cell - d)
                        ctx.moveTo(x, y0 + ends[0])
                        ctx.lineTo(x, y0 + cell - ends[1])
            if total is not None:  # a cage without a sum shows none
                r, c = divmod(min(cells), n)
                labels.append((str(total), off + c * cell + d * 0.6,
                               off + r * cell + (cell - d * 0.6 - size if over else d * 0.6)))
        ctx.stroke()
        ctx.setLineDash([])
        ctx.font = "600 " + str(size) + "px " + font
        ctx.textAlign = "left"
        ctx.textBaseline = "top"
        for text, x, y in labels:
            ctx.fillStyle = colours["panel"]
            ctx.fillRect(x - 1, y - 1, ctx.measureText(text).width + 2, size + 2)
            ctx.fillStyle = colours["given"]
            ctx.fillText(text, x, y)
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"

    def _draw_lines(self, size, cell, off, colours):
        n, ctx = self.n, self.ctx
        if self.diagonals:
            ctx.strokeStyle = colours["muted"]
            ctx.lineWidth = max(1, cell * 0.03)
            ctx.beginPath()
            ctx.moveTo(off, off)
            ctx.lineTo(off + n * cell, off + n * cell)
            ctx.moveTo(off + n * cell, off)
            ctx.lineTo(off, off + n * cell)
            ctx.stroke()
        if self.regions is not None:
            self._draw_regions(cell, off, colours)
            return
        bw, bh = self.box if self.box else (1, 1)
        for k in range(n + 1):
            for vertical in (True, False):
                thick = k % (bw if vertical else bh) == 0 if self.box else k in (0, n)
                ctx.strokeStyle = colours["line"] if thick else colours["thin"]
                ctx.lineWidth = max(2, cell * 0.05) if thick else max(1, cell * 0.015)
                ctx.beginPath()
                if vertical:
                    ctx.moveTo(off + k * cell, off)
                    ctx.lineTo(off + k * cell, off + n * cell)
                else:
                    ctx.moveTo(off, off + k * cell)
                    ctx.lineTo(off + n * cell, off + k * cell)
                ctx.stroke()
        self._draw_cursor(cell, off, colours)

    def _draw_marks(self, cell, off, colours, font):
        """The further rules as SudokuPad draws them: thermometers (grey bulb and line), arrows (a circle and a line
        with a head), whispers (green), renban (purple), palindromes and between lines (grey, the latter with
        circles at its ends), Kropki dots and X/V marks on the edge between two cells, odd (circle) and even
        (square) cells; light enough that the digits read through them."""
        ctx = self.ctx

        def centre(rc):
            return off + (rc[1] + 0.5) * cell, off + (rc[0] + 0.5) * cell

        def line(cells, colour, width, alpha):
            ctx.globalAlpha = alpha
            ctx.strokeStyle = colour
            ctx.lineWidth = cell * width
            ctx.lineCap = "round"
            ctx.lineJoin = "round"
            ctx.beginPath()
            ctx.moveTo(*centre(cells[0]))
            for rc in cells[1:]:
                ctx.lineTo(*centre(rc))
            ctx.stroke()
            ctx.globalAlpha = 1
            ctx.lineCap = "butt"
            ctx.lineJoin = "miter"

        def circle(rc, radius, fill, stroke):
            x, y = centre(rc)
            ctx.beginPath()
            ctx.arc(x, y, cell * radius, 0, 6.2832)
            if fill:
                ctx.fillStyle = fill
                ctx.fill()
            if stroke:
                ctx.strokeStyle = stroke
                ctx.lineWidth = max(1, cell * 0.04)
                ctx.stroke()

        for rule in self.marks:
            kind, cells = rule.get("type"), rule.get("cells") or []
            if kind == "thermo":
                line(cells, colours["muted"], 0.28, 0.35)
                ctx.globalAlpha = 0.35
                circle(cells[0], 0.36, colours["muted"], None)
                ctx.globalAlpha = 1
            elif kind in LINES:
                colour, width = LINES[kind]
                line(cells, colour or colours["muted"], width, 0.55)
                if kind == "between":
                    for rc in (cells[0], cells[-1]):
                        circle(rc, 0.4, colours["panel"], colours["muted"])
            elif kind == "arrow":
                circle_cells = rule["circle"]
                for rc in circle_cells:
                    circle(rc, 0.4, None, colours["muted"])
                ctx.globalAlpha = 0.7
                line([circle_cells[-1]] + cells, colours["muted"], 0.05, 0.7)
                (x0, y0), (x1, y1) = centre(([circle_cells[-1]] + cells)[-2]), centre(cells[-1])
                dx, dy = x1 - x0, y1 - y0
                size = (dx * dx + dy * dy) ** 0.5 or 1
                ux, uy, head = dx / size, dy / size, cell * 0.22
                ctx.strokeStyle = colours["muted"]
                ctx.lineWidth = cell * 0.05
                ctx.beginPath()
                ctx.moveTo(x1 - head * (ux + uy), y1 - head * (uy - ux))
                ctx.lineTo(x1, y1)
                ctx.lineTo(x1 - head * (ux - uy), y1 - head * (uy + ux))
                ctx.stroke()
                ctx.globalAlpha = 1
            elif kind in ("kropki", "xv") and len(cells) == 2:
                (xa, ya), (xb, yb) = centre(cells[0]), centre(cells[1])
                x, y = (xa + xb) / 2, (ya + yb) / 2
                if kind == "kropki":
                    ctx.beginPath()
                    ctx.arc(x, y, cell * 0.13, 0, 6.2832)
                    ctx.fillStyle = colours["given"] if rule.get("mark") == "black" else colours["panel"]
                    ctx.fill()
                    ctx.strokeStyle = colours["given"]
                    ctx.lineWidth = max(1, cell * 0.035)
                    ctx.stroke()
                else:
                    ctx.fillStyle = colours["panel"]
                    ctx.fillRect(x - cell * 0.15, y - cell * 0.17, cell * 0.3, cell * 0.34)
                    ctx.fillStyle = colours["given"]
                    ctx.font = "700 " + str(int(cell * 0.3)) + "px " + font
                    ctx.fillText(str(rule.get("mark", "")), x, y + cell * 0.02)
            elif kind == "parity":
                ctx.globalAlpha = 0.3
                ctx.fillStyle = colours["muted"]
                for rc in cells:
                    x, y = centre(rc)
                    if rule.get("mark") == "odd":
                        circle(rc, 0.38, colours["muted"], None)
                    else:
                        ctx.fillRect(x - cell * 0.36, y - cell * 0.36, cell * 0.72, cell * 0.72)
                ctx.globalAlpha = 1
            elif kind == "quadruple":
                x, y = off + (min(rc[1] for rc in cells) + 1) * cell, off + (min(rc[0] for rc in cells) + 1) * cell
                ctx.beginPath()
                ctx.arc(x, y, cell * 0.26, 0, 6.2832)
                ctx.fillStyle = colours["panel"]
                ctx.fill()
                ctx.strokeStyle = colours["given"]
                ctx.lineWidth = max(1, cell * 0.03)
                ctx.stroke()
                ctx.fillStyle = colours["given"]
                ctx.font = "600 " + str(int(cell * 0.17)) + "px " + font
                values = [str(v) for v in rule.get("values") or []]
                ctx.fillText("".join(values[:2]), x, y - (cell * 0.08 if len(values) > 2 else 0))
                if len(values) > 2:
                    ctx.fillText("".join(values[2:]), x, y + cell * 0.1)
            elif kind == "minmax":
                ctx.fillStyle = colours["muted"]
                ctx.font = "600 " + str(int(cell * 0.18)) + "px " + font
                for rc in cells:
                    x, y = centre(rc)
                    ctx.globalAlpha = 0.18
                    ctx.fillRect(x - cell / 2, y - cell / 2, cell, cell)
                    ctx.globalAlpha = 1
                    ctx.fillText(str(rule.get("mark")), x, y + cell * 0.36)
            elif kind == "extraregion":
                ctx.globalAlpha = 0.18
                ctx.fillStyle = colours["muted"]
                for rc in cells:
                    ctx.fillRect(off + rc[1] * cell, off + rc[0] * cell, cell, cell)
                ctx.globalAlpha = 1

    def _draw_cursor(self, cell, off, colours):
        if not self.cursor_shown:
            return
        cr, cc = self.cursor
        ctx = self.ctx
        ctx.strokeStyle = colours["entry"]
        ctx.lineWidth = max(2, cell * 0.06)
        ctx.strokeRect(off + cc * cell + 2, off + cr * cell + 2, cell - 4, cell - 4)

    def _draw_regions(self, cell, off, colours):
        """A jigsaw's grid: thin lines between cells, thick ones where two regions meet and round the edge."""
        n, ctx, regions = self.n, self.ctx, self.regions
        for thick in (False, True):
            ctx.strokeStyle = colours["line"] if thick else colours["thin"]
            ctx.lineWidth = max(2, cell * 0.05) if thick else max(1, cell * 0.015)
            ctx.beginPath()
            for r in range(n):
                for c in range(n + 1):  # the vertical line left of (r, c)
                    edge = c in (0, n) or regions[r * n + c - 1] != regions[r * n + c]
                    if edge == thick:
                        ctx.moveTo(off + c * cell, off + r * cell)
                        ctx.lineTo(off + c * cell, off + (r + 1) * cell)
            for r in range(n + 1):
                for c in range(n):  # the horizontal line above (r, c)
                    edge = r in (0, n) or regions[(r - 1) * n + c] != regions[r * n + c]
                    if edge == thick:
                        ctx.moveTo(off + c * cell, off + r * cell)
                        ctx.lineTo(off + (c + 1) * cell, off + r * cell)
            ctx.stroke()
        self._draw_cursor(cell, off, colours)

    def _draw_clues(self, cell, off, colours, font):
        n, ctx = self.n, self.ctx
        ctx.font = "600 " + str(int(cell * 0.5)) + "px " + font
        for side, values in self.clues.items():
            for i, v in enumerate(values):
                if not v:
                    continue
                if side == "top":
                    x, y = off + (i + 0.5) * cell, off / 2
                elif side == "bottom":
                    x, y = off + (i + 0.5) * cell, off + n * cell + off / 2
                elif side == "left":
                    x, y = off / 2, off + (i + 0.5) * cell
                else:
                    x, y = off + n * cell + off / 2, off + (i + 0.5) * cell
                key = (side, i)
                if key in self.hint_clues:
                    ctx.fillStyle = colours["hint"]
                    ctx.beginPath()
                    ctx.arc(x, y, cell * 0.36, 0, 6.2832)
                    ctx.fill()
                    ctx.strokeStyle = colours["hint-line"]
                    ctx.lineWidth = max(2, cell * 0.05)
                    ctx.stroke()
                ctx.fillStyle = colours["wrong"] if key in self.bad_clues else (
                    colours["thin"] if key in self.done_clues else colours["given"])
                ctx.fillText(str(v), x, y)

    # a hint's drawing --------------------------------------------------------------
    def forget_hint(self):
        """Drop every hint highlight (no redraw)."""
        self.hint_cells, self.hint_region, self.hint_places, self.hint_elim = set(), set(), {}, set()
        self.hint_marks, self.hint_rings, self.hint_links, self.hint_clues, self.hint_bounds = {}, {}, [], set(), {}

    def show_hint(self, hint, values, notes, peers):
        """A hint's last stage from the worker's JSON (no redraw): its cells and clues, the placement, the candidates
        it removes and those it rests on, the rings round placed digits that show a single and the clue bounds; the
        empty cells it marks that have no notes show their candidates (from `values` and `peers`)."""
        n = self.n
        self.forget_hint()
        self.hint_cells = set(r * n + c for r, c in hint.get("cells", []))
        self.hint_clues = set((side, i) for side, i in hint.get("clues", []))
        move = hint.get("move") or {}
        for r, c, v in hint.get("places") or ([move["place"]] if "place" in move else []):
            self.hint_places[r * n + c] = v
        self.hint_elim = set((r * n + c, v) for r, c, v in hint.get("removes") or move.get("eliminate", []))
        self.mark_causes(hint)
        self.hint_rings = dict((r * n + c, "cause") for r, c in hint.get("rings") or [])
        self.hint_bounds = dict((r * n + c, "≤" + str(k)) for r, c, k in hint.get("bounds") or [])
        shown = set(i for i, _v in self.hint_elim) | set(i for i, _v in self.hint_marks)
        shown |= set(self.hint_places)
        self.show_candidates(shown, values, notes, peers)

    def mark_causes(self, hint):
        """The candidates a step rests on: a chain's nodes in two colours (on/off) with its links, a colouring's
        two colours, else one colour."""
        n = self.n
        chain = [node for node in hint.get("chain") or [] if isinstance(node, dict) and "value" in node]
        if chain:
            nodes = [[(r * n + c, node["value"]) for r, c in node["cells"]] for node in chain]
            for node, cands in zip(chain, nodes):
                for key in cands:
                    self.hint_marks[key] = "cause" if node.get("on") else "cause2"
            self.hint_links = [(nodes[k], nodes[k + 1], not chain[k].get("on") and bool(chain[k + 1].get("on")))
                               for k in range(len(nodes) - 1)]
        causes = [(r * n + c, v) for r, c, v in hint.get("causes") or []]
        colours = dict((r * n + c, k) for r, c, k in hint.get("colours") or [])  # colouring: the solver's colours
        for key in causes:
            if key not in self.hint_marks:
                self.hint_marks[key] = "cause2" if colours.get(key[0], 0) % 2 else "cause"

    def show_candidates(self, cells, values, notes, peers):
        """Show the candidates of empty cells without notes (the deduction made visible on the pencil marks)."""
        shown = list(self.pencil)
        for i in cells:
            if not values[i] and not notes[i]:
                shown[i] = cell_candidates(list(values), peers, self.n, i)
        self.pencil = shown

    # accessible mirror ------------------------------------------------------------
    def describe(self, i):
        """What the accessible mirror says of cell i."""
        r, c = divmod(i, self.n)
        v = self.values[i]
        words = ["row " + str(r + 1) + " column " + str(c + 1)]
        if v:
            words.append(symbol(v) + (" given" if self.given[i] else ""))
        elif self.pencil[i]:
            marks = [symbol(k + 1) for k in range(self.n) if (self.pencil[i] >> k) & 1]
            words.append("empty, notes " + " ".join(marks))
        else:
            words.append("empty")
        if i in self.cage_of:
            total, cells = self.cages[self.cage_of[i]]
            words.append("cage of " + str(len(cells)) + ("" if total is None else " adding up to " + str(total)))
        words += self.mark_words.get(i, [])
        if self.regions is not None:
            words.append("region " + str(self.regions[i] + 1))
        if self.corners[i] and not v:
            words.append("corner " + " ".join(symbol(k + 1) for k in range(self.n) if (self.corners[i] >> k) & 1))
        if 0 < self.colours[i] <= COLOURS:
            words.append("colour " + COLOUR_NAMES[self.colours[i] - 1])
        if i in self.wrong:
            words.append("wrong")
        if i in self.conflict:
            words.append("conflict")
        if i in self.hint_cells:
            words.append("hint")
        if i in self.hint_region:
            words.append("look here")
        if i in self.hint_rings:
            words.append("this digit rules others out")
        marks = [(v, m) for (c, v), m in self.hint_marks.items() if c == i]
        for kind, label in (("cause", "rests on"), ("cause2", "other colour")):
            vs = sorted(v for v, m in marks if m == kind)
            if vs:
                words.append(label + " " + " ".join(symbol(v) for v in vs))
        gone = sorted(v for c, v in self.hint_elim if c == i)
        if gone:
            words.append("removes " + " ".join(symbol(v) for v in gone))
        if i in self.hint_places:
            words.append("place " + symbol(self.hint_places[i]))
        if i in self.hint_bounds:
            words.append("bound " + self.hint_bounds[i])
        return ", ".join(words)

    def clue_text(self):
        """The clue ring in words, for the accessible mirror (empty when there are no clues)."""
        if not self.clues:
            return ""
        parts = []
        for side, values in self.clues.items():
            along = "column" if side in ("top", "bottom") else "row"
            for i, v in enumerate(values):
                if v:
                    state = " (wrong)" if (side, i) in self.bad_clues else (
                        " (hint)" if (side, i) in self.hint_clues else (
                            " (done)" if (side, i) in self.done_clues else ""))
                    parts.append(side + " of " + along + " " + str(i + 1) + ": " + str(v) + state)
        return "Clues: " + "; ".join(parts) + "."

    def _update_aria(self):
        if self._mirror is None:
            return
        clue_box, text = document.getElementById("aria-clues"), self.clue_text()
        if clue_box is not None and clue_box.textContent != text:
            clue_box.textContent = text
        cr, cc = self.cursor
        for i in range(self.n * self.n):
            selected = i == cr * self.n + cc or i in self.selected
            self._mirror.set(i, self.describe(i), (("aria-selected", "true" if selected else "false"),))


# the further rules' lines: type -> (colour or None for the theme's grey, width as a share of a cell)
LINES = {"whispers": ("rgb(60, 170, 60)", 0.16), "renban": ("rgb(170, 80, 200)", 0.16),
         "palindrome": (None, 0.14), "between": (None, 0.06), "regionsum": ("rgb(60, 120, 220)", 0.14)}
ARROWS = {(1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖"}


def _cell_words(rule, i):
    """What the accessible mirror says of a further rule through a cell (its i-th)."""
    kind, cells = rule.get("type"), rule.get("cells") or []
    if kind == "thermo":
        return "thermometer cell " + str(i + 1) + " of " + str(len(cells))
    if kind in ("kropki", "xv"):
        return str(rule.get("mark")) + (" dot" if kind == "kropki" else "") + " with r" + str(cells[1 - i][0] + 1) \
            + "c" + str(cells[1 - i][1] + 1)
    if kind == "parity":
        return str(rule.get("mark")) + " cell"
    if kind == "arrow":
        return "on an arrow, cell " + str(i + 1) + " of its line"
    if kind in ("sandwich", "littlekiller", "xsum", "skyscraper", "distinct"):
        return ""
    if kind == "quadruple":
        return "quadruple " + " ".join(str(v) for v in rule.get("values") or [])
    if kind == "minmax":
        return str(rule.get("mark")) + " cell"
    return str(kind) + " line cell " + str(i + 1) + " of " + str(len(cells))


def _outside_clues(n, marks):
    """The clues outside the grid of sandwich sums (above columns, left of rows) and little killers (where the
    diagonal starts, with its arrow), as the clue ring's sides; None when there are none."""
    sides = {}
    for rule in marks:
        kind = rule.get("type")
        if kind == "sandwich":
            side, i = ("top", rule["column"]) if "column" in rule else ("left", rule["row"])
            sides.setdefault(side, [""] * n)[i] = str(rule["sum"])
        elif kind in ("xsum", "skyscraper"):
            far = rule.get("far") is True
            side, i = (("bottom" if far else "top"), rule["column"]) if "column" in rule else \
                (("right" if far else "left"), rule["row"])
            sides.setdefault(side, [""] * n)[i] = str(rule["value"])
        elif kind == "littlekiller":
            cells = rule["cells"]
            (r, c) = cells[0]
            dr, dc = (cells[1][0] - r, cells[1][1] - c) if len(cells) > 1 else \
                (1 if r == 0 else -1, 1 if c == 0 else -1)
            r, c = r - dr, c - dc
            side, i = ("top", c) if r < 0 else ("bottom", c) if r >= n else ("left", r) if c < 0 else ("right", r)
            if 0 <= i < n:
                sides.setdefault(side, [""] * n)[i] = str(rule["sum"]) + ARROWS[(dr, dc)]
    return sides or None
