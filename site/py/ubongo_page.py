"""Tessera Cubes 3D page (MicroPython, main thread): fill a card two layers high, in a 3D view.

Rules: use each of the card's pieces once, turned any way in space, to fill its squares two
cubes high. Play: take a piece from the tray, turn it, click a square of layer 1 or 2 in the
layer view to put it there (a ghost shows where, in both views). Study: the card's solutions
one by one, an assembly animation, lift pieces out and put them back, recolour. Links:
ubongo.html#<card code>[~<id>:<cubes>,...], e.g. #r4-r2-b4_111.011_2~r2:000001.
Known limits: pieces are placed through the layer view (not dragged in 3D); study mode shows
at most the solver's first 50 solutions.
"""

import asyncio

from pyscript import document
from pyscript import window

import ubongo_view as uv
from piece_game import PieceGame
from piece_game import cell_owner
from piece_game import new_seed
from piece_game import upper_first
from tessera_ui import click
from tessera_ui import css
from tessera_ui import el
from tessera_ui import fetch_json
from tessera_ui import history_buttons
from tessera_ui import on
from tessera_ui import say
from tessera_ui import set_fragment
from tessera_ui import spawn

FAMILY = "ubongo"
DEFAULT = "r4-r2-b4_111.011_2"  # a card to show when neither link, save nor starters are there
STEP = 15  # degrees per key press
FRAME = 0.03  # seconds per animation frame


def where(q):
    """ "layer 1, row 2, column 3" for cube (1, 2, 0)."""
    return "layer " + str(q[2] + 1) + ", row " + str(q[0] + 1) + ", column " + str(q[1] + 1)


class Game(PieceGame):
    """Controller: the card, placed pieces (undoable), the piece in hand, the 3D view, study mode."""

    FAMILY = FAMILY
    IDS = uv.IDS
    PUZZLE = "card"
    BOARD = "card"
    SOLVED = "Every square is filled two cubes high."

    def __init__(self):
        self.canvas = el("view")
        self.ctx = self.canvas.getContext("2d")
        self.camera = uv.Camera()
        super().__init__()
        self.card = uv.parse_code(DEFAULT)
        self.rating = None
        self.cursor = None  # (row, col, layer) under the pointer or keyboard focus in the layer view
        self.errors = set()
        self.mode = "play"
        self.solutions = None
        self.capped = False
        self.total = 0
        self.sol_index = 0
        self.lifted = []
        self.palette = 0
        self.preview = None  # a solution being animated in play mode
        self.anim = None  # {"hidden": set of ids, "lift": {id: z offset}} while pieces fly in
        self.faces = []
        self.pointers = {}
        self.drag = None
        self.pinch = None
        self.cells = {}
        self.mirror = {}
        self._cache = {}
        self.bind()

    # setup ------------------------------------------------------------------------------
    def bind(self):
        """Wire buttons, pointer and keys."""
        super().bind()
        click("new", lambda: spawn(self.new_card()))
        click("mode-play", lambda: self.set_mode("play"))
        click("mode-study", lambda: spawn(self.study()))
        click("view-x", lambda: self.turn_view(0, STEP))
        click("view-y", lambda: self.turn_view(1, STEP))
        click("view-z", lambda: self.turn_view(2, STEP))
        click("zoom-in", lambda: self.zoom(1.2))
        click("zoom-out", lambda: self.zoom(1 / 1.2))
        click("view-reset", self.reset_view)
        click("turn-z", lambda: self.turn_hand(2))
        click("turn-x", lambda: self.turn_hand(1))
        click("turn-y", lambda: self.turn_hand(0))
        click("putback", self.put_back)
        click("sol-prev", lambda: self.step_solution(-1))
        click("sol-next", lambda: self.step_solution(1))
        click("assemble", lambda: spawn(self.assemble()))
        click("lift-back", self.unlift)
        click("recolour", self.recolour)
        on(self.canvas, "pointerdown", self.view_down)
        on(self.canvas, "pointermove", self.view_move)
        on(self.canvas, "pointerup", self.view_up)
        on(self.canvas, "pointercancel", self.view_cancel)
        on(self.canvas, "wheel", self.wheel)
        on(self.canvas, "contextmenu", self.context_menu)
        on(document, "keydown", self.key)
        on(window, "resize", lambda _e: self.draw_view())

    async def start(self):
        """Show a card at once (link, saved game or a starter), then wait for the worker."""
        data = await fetch_json("./data/starters.json")
        self.starters = (data or {}).get(FAMILY, [])
        select = el("level")
        select.innerHTML = "".join("<option value=" + str(k + 1) + ">" + str(k + 1) + " · " + name + "</option>"
                                   for k, name in enumerate(uv.GRADES))
        self.open_first("code")
        spawn(self.after_worker())

    async def after_worker(self):
        """Once the worker runs, rate the card on the board."""
        await self.worker.ready.wait()
        await self.measure()

    def starter(self, level):
        """A ready-made card of a level (1..4) from starters.json, or the built-in one."""
        for s in self.starters:
            if s.get("level") == level and s.get("code"):
                try:
                    return uv.parse_code(s["code"])
                except ValueError:
                    pass
        return uv.parse_code(DEFAULT)

    def fresh(self, message, error=False):
        """A ready-made card of the chosen level."""
        level = int(el("level").value or "1")
        self.load(self.starter(level), label=uv.GRADES[level - 1], message=message)
        if error:
            el("message").className = "message error"

    # state ------------------------------------------------------------------------------
    def load(self, card, placed=None, seconds=0, label="", message=""):
        """Start a card, maybe with pieces already placed."""
        self.card = card
        self.rating = None
        self.solutions = None
        self.sol_index = 0
        self.lifted = []
        self.anim = None
        self.begin(placed, label)
        self.cursor = None
        self.build_layers()
        self.build_tray()
        self.present(seconds, message)
        if self.mode == "study":
            spawn(self.study())

    def resume(self, saved):
        """Continue a saved game."""
        try:
            card = uv.parse_code(saved["code"])
            placed = uv.cubes_of(saved.get("placed") or {})
            bad = card.problem(placed)
            if bad:
                raise ValueError(bad)
            self.load(card, placed, int(saved.get("seconds") or 0), str(saved.get("label") or ""),
                      "Welcome back: your card is as you left it.")
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            self.fresh("Your saved game could not be read; here is a fresh card.")

    def open_link(self, fragment, saved):
        """Open a shared link; a bad one gives a message and a fresh card."""
        set_fragment("")
        try:
            card, placed = uv.parse_link(fragment)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            self.fresh("That link is not a valid card (" + str(exc) + "); here is a fresh one.", error=True)
            return
        if saved and not placed and saved.get("code") == card.code():
            self.resume(saved)
            return
        self.load(card, placed, label="Shared",
                  message="Shared card loaded" + (" with " + str(len(placed)) + " pieces placed." if placed else "."))

    # the hooks of PieceGame ------------------------------------------------------------
    def first_puzzle(self):
        """A ready-made card of the chosen level."""
        self.fresh("A card to fill: take a piece from the tray and put it on layer 1 or 2.")

    def puzzle(self):
        """The card as the worker wants it."""
        return self.card.request()

    def saved_puzzle(self):
        """The card as the save keeps it."""
        return {"code": self.card.code()}

    def encode(self, cells):
        """Cubes as lists."""
        return [list(q) for q in cells]

    def decode(self, cells):
        """Cube lists as sorted cubes."""
        return tuple(sorted(tuple(q) for q in cells))

    def link(self, pieces):
        """The link fragment of this card (maybe with pieces)."""
        return uv.format_link(self.card, pieces)

    def piece_name(self, pid):
        """ "the red two (r2)"."""
        return uv.label(pid)

    def fits(self, pid, cells):
        """Whether the piece can go on these cubes now (moving it if placed)."""
        return self.clash(cells, ignore=pid) is None

    def mark_solved(self, done):
        """Say on the page whether it is solved (the view frames it)."""
        document.body.setAttribute("data-solved", "yes" if done else "no")

    def mark_errors(self, cells):
        """Mark the cubes a check found wrong."""
        self.errors = set(tuple(q) for q in cells)
        self.show()

    def clear_errors(self):
        """No wrong cubes."""
        self.errors = set()

    def locked(self):
        """Moves wait while animating and in study mode."""
        return self.busy or self.mode != "play"

    def solved(self):
        """Every piece of the card placed legally (so the card is full)."""
        placed = self.placed()
        return len(placed) == len(self.card.pieces) and self.card.problem(placed) is None

    # what is shown ---------------------------------------------------------------------------
    def colour(self, pid):
        """The piece's colour in the current palette."""
        return uv.PALETTES[self.palette][1][uv.IDS.index(pid)]

    def shown(self):
        """The pieces in the view: placed ones (play) or the current solution minus lifted ones (study)."""
        if self.mode == "study":
            if not self.solutions:
                return {}
            sol = self.solutions[self.sol_index]
            return dict((pid, cubes) for pid, cubes in sol.items() if pid not in self.lifted)
        return dict(self.preview) if self.preview is not None else self.placed()

    def ghost(self):
        """(piece id, cubes, fits) of the piece in hand at the cursor, or None."""
        if self.mode != "play" or self.hand is None or self.cursor is None:
            return None
        cubes = uv.fit(self.hand["shape"], self.hand["anchor"], self.cursor, self.card.size())
        return (self.hand["pid"], cubes, self.clash(cubes) is None)

    def clash(self, cubes, ignore=None):
        """Why the cubes cannot hold a piece now (None when they can)."""
        owner = cell_owner(self.placed())
        for q in cubes:
            if q not in self.card.inside:
                if q[2] >= self.card.height:
                    return "it would stand above the second layer"
                return "it would stick out over the edge of the card"
        for q in cubes:
            if q in owner and owner[q] != ignore:
                return "it would overlap " + uv.label(owner[q])
        return None

    def groups(self):
        """What the 3D view draws, as groups of cubes."""
        out = []
        anim = self.anim or {}
        hidden = anim.get("hidden", set())
        lift = anim.get("lift", {})
        wrong_pieces = set(cell_owner(self.placed()).get(q) for q in self.errors)
        for pid, cubes in self.shown().items():
            if pid in hidden:
                continue
            style = "wrong" if pid in wrong_pieces and self.mode == "play" else "solid"
            out.append(uv.Group(cubes, self.colour(pid), pid, 1.0, style, lift.get(pid, 0.0)))
        if self.mode == "play" and self.hint is not None:
            move = self.hint.get("move") or {}
            if "piece" in move:
                cubes = tuple(tuple(q) for q in move["cells"])
                out.append(uv.Group(cubes, self.colour(move["piece"]), None, 0.45, "hint"))
        ghost = self.ghost()
        if ghost is not None:
            pid, cubes, fits = ghost
            out.append(uv.Group(cubes, self.colour(pid) if fits else css("--wrong") or "#d92d20", None,
                                0.5 if fits else 0.4, "ghost"))
        return out

    # drawing ------------------------------------------------------------------------------
    def show(self):
        """Everything after a change."""
        self.draw_view()
        self.update_layers()
        self.draw_tray()
        self.update_list()
        self.show_info()
        history_buttons(self.history, self.mode == "play")
        for ident in ("turn-z", "turn-x", "turn-y", "putback"):
            el(ident).disabled = self.hand is None
        el("lift-back").disabled = not self.lifted

    def draw_view(self):
        """Paint the 3D view."""
        ratio = window.devicePixelRatio or 1
        width = self.canvas.getBoundingClientRect().width or 560
        w = int(width * ratio)
        h = int(width * 0.77 * ratio)
        if self.canvas.width != w or self.canvas.height != h:
            self.canvas.width = w
            self.canvas.height = h
        ctx = self.ctx
        ctx.fillStyle = css("--ub-sky") or "#eef2f7"
        ctx.fillRect(0, 0, w, h)
        self.faces = uv.polygons(self.camera, self.card.size(), self.card.footprint, self.groups(), w, h)
        colours = {"plate": css("--ub-plate") or "#d9c7a3", "plate-edge": css("--ub-plate-edge") or "#8a7a5c",
                   "edge": css("--ub-edge") or "#1f2328", "wrong": css("--wrong") or "#d92d20",
                   "ghost-edge": css("--ink") or "#1f2328", "hint-edge": css("--hint-line") or "#d69e00"}
        ctx.lineJoin = "round"
        uv.draw(ctx, self.faces, colours, max(1.0, ratio))
        if self.mode == "play" and self.solved():
            ctx.strokeStyle = css("--ok")
            ctx.lineWidth = 4 * ratio
            ctx.strokeRect(2 * ratio, 2 * ratio, w - 4 * ratio, h - 4 * ratio)
        self.canvas.setAttribute("data-view", ",".join(str(v) for v in self.camera.key()))

    def build_layers(self):
        """One grid of squares per layer (the layer view) and the accessible mirror."""
        box = el("layers")
        box.innerHTML = ""
        self.cells = {}
        self._cache = {}
        card = self.card
        for z in range(card.height):
            wrap = document.createElement("div")
            wrap.className = "ub-layer"
            head = document.createElement("h3")
            head.textContent = "Layer " + str(z + 1) + (" (bottom)" if z == 0 else " (top)" if z == card.height - 1
                                                         else "")
            wrap.appendChild(head)
            grid = document.createElement("div")
            grid.className = "ub-grid"
            grid.style.gridTemplateColumns = "repeat(" + str(card.cols) + ", var(--ub-cell))"
            for r in range(card.rows):
                for c in range(card.cols):
                    if (r, c) not in card.footprint:
                        grid.appendChild(document.createElement("span"))
                        continue
                    q = (r, c, z)
                    node = document.createElement("button")
                    node.type = "button"
                    node.className = "ub-cell"
                    node.setAttribute("data-cube", str(r) + "," + str(c) + "," + str(z))
                    on(node, "click", lambda _ev, q=q: self.cell_click(q))
                    on(node, "pointerenter", lambda _ev, q=q: self.hover(q))
                    on(node, "focus", lambda _ev, q=q: self.hover(q))
                    on(node, "contextmenu", self.context_menu)
                    grid.appendChild(node)
                    self.cells[q] = node
            wrap.appendChild(grid)
            box.appendChild(wrap)
        aria = el("aria-board")
        aria.innerHTML = ""
        self.mirror = {}
        for z in range(card.height):
            for r in range(card.rows):
                row = document.createElement("div")
                row.setAttribute("role", "row")
                for c in range(card.cols):
                    if (r, c) in card.footprint:
                        node = document.createElement("div")
                        node.setAttribute("role", "gridcell")
                        row.appendChild(node)
                        self.mirror[(r, c, z)] = node
                aria.appendChild(row)

    def update_layers(self):
        """Colour the layer view's squares and refresh the mirror's words."""
        owner = cell_owner(self.shown())
        ghost = self.ghost()
        gcubes = {}
        if ghost is not None:
            for q in ghost[1]:
                gcubes[q] = ghost[0] + ("" if ghost[2] else " (does not fit)")
        hinted = set()
        if self.hint is not None:
            hinted = set(tuple(q) for q in self.hint.get("cells", []))
        for q, node in self.cells.items():
            pid = owner.get(q)
            text = where(q) + ": " + (pid + " (" + uv.NAME[pid] + ")" if pid else "empty")
            if q in gcubes:
                text += ", preview of " + gcubes[q]
            if q in hinted:
                text += ", hint"
            if q in self.errors:
                text += ", wrong"
            cls = "ub-cell" + (" filled" if pid else "") + (" ghost" if q in gcubes else "") + (
                " bad" if q in gcubes and ghost is not None and not ghost[2] else "") + (
                " hint" if q in hinted else "") + (" wrong" if q in self.errors else "") + (
                " cursor" if q == self.cursor and self.hand is not None else "")
            colour = self.colour(pid) if pid else (self.colour(ghost[0]) if q in gcubes and ghost[2] else "")
            key = (text, cls, colour)
            if self._cache.get(q) == key:
                continue
            self._cache[q] = key
            node.className = cls
            node.style.backgroundColor = colour
            node.textContent = pid or ""
            node.setAttribute("aria-label", text)
            self.mirror[q].textContent = text

    def draw_tray(self):
        """Tray buttons: a small 3D picture of each card piece (the piece in hand as it is turned)."""
        placed = self.placed()
        camera = uv.Camera()
        colours = {"plate": "#000000", "plate-edge": "#000000", "edge": css("--ub-edge") or "#1f2328",
                   "wrong": "#d92d20", "ghost-edge": "#000000", "hint-edge": "#000000"}
        for k, pid in enumerate(self.card.pieces):
            button, pic = self.tray[pid]
            in_hand = self.hand is not None and self.hand["pid"] == pid
            shape = self.hand["shape"] if in_hand else uv.normalise(uv.SHAPE[pid])
            box = tuple(max(q[i] for q in shape) + 1 for i in range(3))
            ctx = pic.getContext("2d")
            ctx.clearRect(0, 0, pic.width, pic.height)
            faces = uv.polygons(camera, box, None, [uv.Group(shape, self.colour(pid), pid)], pic.width, pic.height)
            ctx.globalAlpha = 0.35 if pid in placed else 1.0
            uv.draw(ctx, faces, colours, 1.0)
            ctx.globalAlpha = 1.0
            state = "placed" if pid in placed else "in hand" if in_hand else "in the tray"
            button.setAttribute("aria-label", "Piece " + str(k + 1) + ": " + uv.NAME[pid] + " (" + pid + "), "
                                + str(len(uv.SHAPE[pid])) + " cubes, " + state)
            button.setAttribute("aria-pressed", "true" if in_hand else "false")
            button.className = "ub-piece" + (" placed" if pid in placed else "") + (" in-hand" if in_hand else "")

    def build_tray(self):
        """One button per card piece, with its picture."""
        tray = el("tray")
        tray.innerHTML = ""
        self.tray = {}
        for k, pid in enumerate(self.card.pieces):
            button = document.createElement("button")
            button.type = "button"
            button.className = "ub-piece"
            button.setAttribute("data-piece", pid)
            pic = document.createElement("canvas")
            pic.width = 84
            pic.height = 72
            pic.setAttribute("aria-hidden", "true")
            button.appendChild(pic)
            tag = document.createElement("span")
            tag.textContent = str(k + 1) + " · " + pid
            button.appendChild(tag)
            on(button, "click", lambda _ev, pid=pid: self.take(pid))
            tray.appendChild(button)
            self.tray[pid] = (button, pic)

    def pieces(self):
        """The card's pieces."""
        return self.card.pieces

    def listed(self):
        """The pieces in the view."""
        return self.shown()

    def piece_words(self, pid, shown):
        """ "red two (r2, 2 cubes): placed at layer 1, row 1, column 1; …" (or lifted out, in hand, …)."""
        text = uv.NAME[pid] + " (" + pid + ", " + str(len(uv.SHAPE[pid])) + " cubes): "
        if pid in shown:
            return text + ("in the solution at " if self.mode == "study" else "placed at ") + "; ".join(
                where(q) for q in shown[pid])
        if self.mode == "study":
            return text + ("lifted out" if pid in self.lifted else "not shown")
        return text + self.hand_words(pid)

    def show_info(self):
        """The card's pieces, size and (once rated) level and solution count."""
        card = self.card
        text = (self.label + " · " if self.label else "") + str(len(card.pieces)) + " pieces · " + str(
            len(card.footprint)) + " squares × " + str(card.height) + " layers"
        if self.rating is not None:
            level = self.rating.get("level", 0)
            n = self.rating.get("solutions", 0)
            text += " · level " + str(level) + " (" + uv.GRADES[level - 1] + ") · " + str(n) + " solution" + (
                "" if n == 1 else "s")
        elif not self.worker.ready.is_set():
            text += " · level when the solver has loaded"
        el("card-info").innerText = text

    def redraw(self):
        """Redraw in the current colours."""
        self._cache = {}
        self.show()

    # the view ---------------------------------------------------------------------------------
    def turn_view(self, axis, degrees):
        """Turn the 3D view."""
        self.camera.turn(axis, degrees)
        self.draw_view()

    def zoom(self, factor):
        """Zoom the 3D view."""
        self.camera.scale(factor)
        self.draw_view()

    def reset_view(self):
        """Back to the starting view."""
        self.camera.reset()
        self.draw_view()

    def canvas_point(self, ev):
        """The event's position in canvas pixels."""
        rect = self.canvas.getBoundingClientRect()
        if not rect.width:
            return None
        return ((ev.clientX - rect.left) * self.canvas.width / rect.width,
                (ev.clientY - rect.top) * self.canvas.height / rect.height)

    def view_down(self, ev):
        """Press on the view: start a drag (turn), a pinch (zoom) or a click (pick)."""
        self.pointers[ev.pointerId] = (ev.clientX, ev.clientY)
        try:  # noqa: SIM105 - MicroPython has no contextlib.suppress
            self.canvas.setPointerCapture(ev.pointerId)
        except Exception:  # noqa: BLE001 - capture is a nicety
            pass
        if len(self.pointers) == 2:
            (x1, y1), (x2, y2) = list(self.pointers.values())
            self.pinch = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 or 1
            self.drag = None
        elif len(self.pointers) == 1:
            self.drag = {"x": ev.clientX, "y": ev.clientY, "moved": False, "button": ev.button}

    def view_move(self, ev):
        """Drag to turn the view; two fingers zoom it."""
        if ev.pointerId not in self.pointers:
            return
        self.pointers[ev.pointerId] = (ev.clientX, ev.clientY)
        if len(self.pointers) == 2 and self.pinch:
            (x1, y1), (x2, y2) = list(self.pointers.values())
            dist = ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 or 1
            self.zoom(dist / self.pinch)
            self.pinch = dist
            return
        drag = self.drag
        if drag is None:
            return
        dx = ev.clientX - drag["x"]
        dy = ev.clientY - drag["y"]
        if not drag["moved"] and dx * dx + dy * dy < 16:
            return
        drag["moved"] = True
        drag["x"] = ev.clientX
        drag["y"] = ev.clientY
        self.camera.turn(1, dx * 0.5)
        self.camera.turn(0, dy * 0.5)
        self.draw_view()

    def view_up(self, ev):
        """Release: a click without a drag picks the piece under the pointer."""
        self.pointers.pop(ev.pointerId, None)
        if len(self.pointers) < 2:
            self.pinch = None
        drag, self.drag = self.drag, None
        if drag is None or drag["moved"] or drag["button"] != 0:
            return
        pt = self.canvas_point(ev)
        if pt is None:
            return
        pid = uv.pick(self.faces, pt[0], pt[1])
        self.canvas.setAttribute("data-picked", pid or "")
        if pid is None or self.busy:
            return
        if self.mode == "study":
            self.lift(pid)
        elif self.hand is None:
            self.take(pid)

    def view_cancel(self, ev):
        """A cancelled touch does nothing."""
        self.pointers.pop(ev.pointerId, None)
        self.drag = None
        self.pinch = None

    def wheel(self, ev):
        """The wheel zooms."""
        ev.preventDefault()
        self.zoom(1.1 if ev.deltaY < 0 else 1 / 1.1)

    def context_menu(self, ev):
        """Right click: put back the last lifted piece (study) or the piece in hand (play)."""
        ev.preventDefault()
        if self.mode == "study":
            self.unlift()
        else:
            self.put_back()

    def key(self, ev):
        """Keys for the view, the piece in hand, hints and solutions."""
        target = ev.target
        tag = str(target.tagName).upper()
        if tag in ("INPUT", "TEXTAREA", "SELECT") or self.modified_key(ev):
            return
        key = str(ev.key)
        low = key.lower()
        sign = -1 if ev.shiftKey else 1
        arrows = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
        if low in ("a", "s", "d"):
            self.turn_view("asd".index(low), sign * STEP)
        elif key in arrows and "ub-cell" in str(target.className or ""):
            self.move_focus(target, arrows[key])
        elif key in arrows:
            dr, dc = arrows[key]
            if dc:
                self.turn_view(1, dc * STEP)
            else:
                self.turn_view(0, dr * STEP)
        elif key in ("+", "="):
            self.zoom(1.2)
        elif key in ("-", "_"):
            self.zoom(1 / 1.2)
        elif key == "0":
            self.reset_view()
        elif self.busy:
            return
        elif len(key) == 1 and "1" <= key <= "9" and self.mode == "play":
            k = int(key) - 1
            if k < len(self.card.pieces):
                self.take(self.card.pieces[k])
        elif low in ("r", "t", "e") and self.mode == "play":
            self.turn_hand({"r": 2, "t": 1, "e": 0}[low], 3 if ev.shiftKey else 1)
        elif key == "Escape":
            self.put_back() if self.mode == "play" else self.unlift()
        elif low == "h" and self.mode == "play":
            spawn(self.ask_hint())
        elif low in ("n", "p") and self.mode == "study":
            self.step_solution(1 if low == "n" else -1)
        else:
            return
        ev.preventDefault()

    def move_focus(self, node, delta):
        """Arrow keys in the layer view move between squares of the same layer."""
        parts = str(node.getAttribute("data-cube")).split(",")
        r, c, z = int(parts[0]), int(parts[1]), int(parts[2])
        for step in range(1, 13):
            q = (r + delta[0] * step, c + delta[1] * step, z)
            if q in self.cells:
                self.cells[q].focus()
                return

    # play: the piece in hand ---------------------------------------------------------------------
    def hover(self, q):
        """The pointer or focus is on a square of the layer view: move the ghost there."""
        if self.cursor == q:
            return
        self.cursor = q
        if self.hand is not None and self.mode == "play":
            self.draw_view()
            self.update_layers()

    def take(self, pid, cube=None):
        """Hold a piece: from the tray, or taken back from the card (undoable)."""
        if self.busy or self.mode != "play":
            return
        placed = self.placed()
        if pid in placed:
            cubes = placed[pid]
            lo = [min(q[i] for q in cubes) for i in range(3)]
            shape = uv.normalise(cubes)
            at = cube if cube in cubes else None
            anchor = (at[0] - lo[0], at[1] - lo[1], at[2] - lo[2]) if at else uv.anchor_of(shape)
            self.hand = {"pid": pid, "shape": shape, "anchor": anchor}
            if at is None:
                self.cursor = (lo[0] + anchor[0], lo[1] + anchor[1], lo[2] + anchor[2])
            del placed[pid]
            self.commit(placed)
            say("Took back " + uv.label(pid) + ": place it again, or press Escape to put it in the tray.")
            return
        if self.hand is not None and self.hand["pid"] == pid:
            return
        shape = uv.normalise(uv.SHAPE[pid])
        self.hand = {"pid": pid, "shape": shape, "anchor": uv.anchor_of(shape)}
        say("In hand: " + uv.label(pid) + ". Turn it with R, T, E; click a square of a layer to put it there.")
        self.show()

    def turn_hand(self, axis, times=1):
        """Turn the piece in hand a quarter about an axis (0 roll, 1 tip, 2 turn)."""
        if self.hand is None:
            say("Take a piece from the tray first (keys 1 to " + str(len(self.card.pieces)) + ").")
            return
        for _ in range(times):
            self.hand["shape"], self.hand["anchor"] = uv.turn(self.hand["shape"], self.hand["anchor"], axis)
        self.show()

    def put_back(self):
        """Return the piece in hand to the tray."""
        if self.hand is not None:
            say(upper_first(uv.label(self.hand["pid"])) + " is back in the tray.")
            self.hand = None
            self.show()

    def cell_click(self, q):
        """A square of the layer view: place the piece in hand, take a piece back, or lift one (study)."""
        if self.busy:
            return
        self.cursor = q
        owner = cell_owner(self.shown())
        if self.mode == "study":
            if q in owner:
                self.lift(owner[q])
            return
        if self.hand is None:
            if q in owner:
                self.take(owner[q], q)
            else:
                say("Take a piece from the tray first, then click where it goes.")
            return
        pid = self.hand["pid"]
        cubes = uv.fit(self.hand["shape"], self.hand["anchor"], q, self.card.size())
        why = self.clash(cubes)
        if why is not None:
            say(upper_first(uv.label(pid)) + " does not fit there: " + why + ".", "error")
            self.show()
            return
        self.put(pid, cubes)

    # worker ------------------------------------------------------------------------------------
    async def measure(self):
        """Rate the card (level, solutions); a card that cannot be filled is replaced."""
        token = self.token
        ans = await self.worker.call(FAMILY, "rate", self.puzzle())
        if token != self.token:
            return
        if "error" in ans or not ans.get("level"):
            why = ans.get("error") or "these pieces cannot fill it"
            self.fresh("That card cannot be played: " + why + ". Here is a fresh one.", error=True)
            return
        self.rating = ans
        self.show_info()

    async def new_card(self):
        """A new card of the chosen level (a ready-made one while the solver loads)."""
        if self.busy:
            return
        level = int(el("level").value or "1")
        if not self.worker.ready.is_set():
            self.fresh("A ready-made level " + str(level) + " card (the solver is still loading).")
            return
        say("Making a level " + str(level) + " card…")
        token = self.token
        ans = await self.worker.call(FAMILY, "generate", {"difficulty": level, "seed": new_seed()})
        if token != self.token:
            return
        if "error" in ans:
            say(ans["error"], "error")
            return
        card = uv.parse_code(ans["code"])
        self.load(card, label=uv.GRADES[level - 1],
                  message="A new level " + str(level) + " card with " + str(len(card.pieces)) + " pieces.")
        self.rating = {"level": ans.get("level", level), "solutions": ans.get("solutions", 0)}
        self.show_info()

    async def load_solutions(self):
        """The card's distinct solutions from the worker (once per card); False if unavailable."""
        if self.solutions is not None:
            return True
        ans = await self.ask("solutions", self.puzzle(), "Solutions come once the solver loads…")
        if ans is None:
            return False
        self.solutions = [uv.cubes_of(s) for s in ans.get("solutions", [])]
        self.total = ans.get("count", len(self.solutions))
        self.capped = bool(ans.get("capped"))
        self.sol_index = 0
        return bool(self.solutions)

    async def fly_in(self, final, order):
        """Animate pieces of `order` dropping one by one into `final` (the rest shown at rest)."""
        self.anim = {"hidden": set(order), "lift": {}}
        try:
            for pid in order:
                self.anim["hidden"].discard(pid)
                for k in range(8, -1, -1):
                    self.anim["lift"][pid] = 3.0 * (k / 8) ** 2
                    self.draw_view()
                    await asyncio.sleep(FRAME)
                self.anim["lift"][pid] = 0.0
        finally:
            self.anim = None

    async def solve(self):
        """Fill in a solution piece by piece (keeping the player's pieces when possible); undoable."""
        if self.locked():
            return
        token = self.token
        if not await self.load_solutions() or token != self.token:
            return
        placed = self.placed()
        sol = None
        for s in self.solutions:
            if all(s.get(pid) == cubes for pid, cubes in placed.items()):
                sol = s
                break
        kept = sol is not None
        if sol is None:
            sol = self.solutions[0]
            placed = {}
        order = [pid for pid in uv.assembly_order(sol) if pid not in placed]
        await self.fill_in(sol, kept, self.preview_in(sol, order))

    async def preview_in(self, sol, order):
        """Fly the pieces of `order` into the solution shown in play mode."""
        self.preview = sol
        try:
            await self.fly_in(sol, order)
        finally:
            self.preview = None

    # study mode ------------------------------------------------------------------------------------
    def set_mode(self, mode):
        """Switch between playing and studying the solutions."""
        if self.busy:
            return
        self.mode = mode
        document.body.setAttribute("data-mode", mode)
        el("mode-play").setAttribute("aria-pressed", "true" if mode == "play" else "false")
        el("mode-study").setAttribute("aria-pressed", "true" if mode == "study" else "false")
        el("play-panel").hidden = mode != "play"
        el("study-panel").hidden = mode != "study"
        el("tray").hidden = mode != "play"
        self.close_hint(redraw=False)
        self._cache = {}
        self.show()

    async def study(self):
        """Study mode: show the first solution of the card."""
        if self.busy:
            return
        self.set_mode("study")
        self.lifted = []
        el("sol-info").innerText = "Asking the solver for the solutions…"
        token = self.token
        if not await self.load_solutions() or token != self.token or self.mode != "study":
            return
        self.show_solution()
        say("Study: " + str(el("sol-info").innerText) + ". Click a piece to lift it out; Assemble builds it.")

    def show_solution(self):
        """Redraw the current solution and say which one it is."""
        n = len(self.solutions or [])
        text = "Solution " + str(self.sol_index + 1) + " of " + str(self.total if not self.capped else n)
        if self.capped:
            text += " (the first " + str(n) + " of " + str(self.total) + ")"
        el("sol-info").innerText = text
        self._cache = {}
        self.show()

    def step_solution(self, delta):
        """Next or previous solution."""
        if self.busy or not self.solutions:
            return
        self.sol_index = (self.sol_index + delta) % len(self.solutions)
        self.lifted = []
        self.show_solution()
        say("Solution " + str(self.sol_index + 1) + ": press Assemble to watch it built.")

    async def assemble(self):
        """Bring the pieces of the solution in one by one."""
        if self.busy or self.mode != "study" or not self.solutions:
            return
        self.lifted = []
        sol = self.solutions[self.sol_index]
        self.busy = True
        try:
            self.show()
            await self.fly_in(sol, uv.assembly_order(sol))
        finally:
            self.busy = False
        self.show()
        say("Assembled, bottom layer first.")

    def lift(self, pid):
        """Lift a piece out of the shown solution."""
        if pid in self.lifted:
            return
        self.lifted.append(pid)
        self.show()
        say("Lifted out " + uv.label(pid) + ". Right click or Put back returns it.")

    def unlift(self):
        """Put the last lifted piece back."""
        if self.busy or not self.lifted:
            return
        pid = self.lifted.pop()
        self.show()
        say("Put back " + uv.label(pid) + ".")

    def recolour(self):
        """The next colouring of the pieces."""
        self.palette = (self.palette + 1) % len(uv.PALETTES)
        self.redraw()
        say("Colours: " + uv.PALETTES[self.palette][0] + ".")


GAME = Game()
spawn(GAME.start())
