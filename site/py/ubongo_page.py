"""Cubes 3D page (MicroPython, main thread): the 3D and layer views of `rules.ubongo` on the midend.

Rules: use each of the card's pieces once, turned any way in space, to fill its squares two
cubes high; the pieces come from the family set or from the original game's 16 types. Play:
take a piece from the tray, turn it, click a square of layer 1 or 2 in the layer view to put
it there (a ghost shows where, in both views; the cubes that keep it out are drawn red and named). With a
square chosen, turning the piece steps through the turns of it that fit there. Every card New makes has a
number (`rules.ubongo.card_number`): Card no. + Go opens one again. Study: the card's solutions one by one, an
assembly animation, lift pieces out and put them back, recolour. Links:
ubongo.html#<card code>[~<moves>], e.g. #r4-r2-b4_111.011_2~r2:000,001 (the older ~r2:000001,...
opens too). Known limits: pieces are placed through the layer view (not dragged in 3D); study
mode shows at most the solver's first 50 solutions.
"""

import asyncio
import random

from pyscript import document
from pyscript import window
from rules import ubongo as ub

import ubongo_view as cv
from midend import Midend
from piece_game import PieceGame
from piece_game import cell_owner
from tessera_ui import ARROWS
from tessera_ui import Mirror
from tessera_ui import calm
from tessera_ui import click
from tessera_ui import css
from tessera_ui import el
from tessera_ui import guard
from tessera_ui import on
from tessera_ui import say
from tessera_ui import spawn

STEP = 15  # degrees per key press
FRAME = 0.03  # seconds per animation frame
PALETTES = (("card colours", lambda colour: colour),) + cv.PALETTES


def lift_frames():
    """The heights (eighths, falling to 0) a piece drops through; reduced motion: a pause, then in place."""
    return [0] * 8 if calm() else range(8, -1, -1)


class UbongoGame(PieceGame):
    """The card in a 3D view and a layer view, the tray, study mode; the pointer and the keys."""

    family = "ubongo"
    noun = "card"
    rules = ub
    board_word = "card"
    solved_words = "Every square is filled two cubes high."
    ids = PieceGame.ids + ("assemble", "card-go", "card-info", "card-no", "layers", "lift-back", "mode-play",
                           "mode-study", "play-panel", "recolour", "sol-info", "sol-next", "sol-prev", "study-panel",
                           "turn-x", "turn-y", "turn-z", "variant", "view", "view-reset", "view-x", "view-y", "view-z",
                           "zoom-in", "zoom-out")
    _memo = (None, None)

    def __init__(self):
        PieceGame.__init__(self)
        self.canvas = el("view")
        self.camera = cv.Camera()
        self.card = None
        self.cursor = None  # (row, col, layer) under the pointer or keyboard focus in the layer view
        self.mode = "play"
        self.solutions = None
        self.capped = False
        self.total = 0
        self.sol_index = 0
        self.lifted = []
        self.palette = 0
        self.preview = None  # a solution being laid in play mode
        self.anim = None  # {"hidden": set of ids, "lift": {id: z offset}} while pieces fly in
        self.faces = []
        self.orbit = cv.Orbit(self.canvas, self.camera, self.draw_view, self.pick)
        self.cells = {}
        self.mirror = None
        self.tray = {}
        self._cache = {}
        self.number = None  # the card's number (rules.ubongo.card_number), when it has one
        self._clash = (None, None, None)  # (state, (piece, cubes), rules.ubongo.clash's answer) of the last asked

    # family hooks -----------------------------------------------------------------------
    def card_of(self, puzzle):
        """The card of a puzzle, made once per puzzle."""
        if self._memo[0] is not puzzle:
            self._memo = (puzzle, ub.card_of_puzzle(puzzle))
        return self._memo[1]

    def solve_request(self, puzzle, state):
        """The card."""
        return self.card_of(puzzle).request()

    def problems(self, puzzle, placed):
        """Shapes, the card's pieces, edges and overlaps (rules.ubongo)."""
        return self.card_of(puzzle).problems(placed)

    def pieces(self, puzzle):
        """The card's pieces."""
        return self.card_of(puzzle).pieces

    def cell_json(self, cell):
        """[row, col, layer]."""
        return list(cell)

    def cell_of(self, obj):
        """(row, col, layer)."""
        return tuple(int(v) for v in obj)

    def welcome(self, puzzle):
        """A new card of a level (and its number), or a ready-made one."""
        level = puzzle.get("level")
        if level:
            number = ub.number_of(puzzle)
            return ("A new level " + str(level) + " card" + (" (no. " + str(number) + ")" if number else "") + " with "
                    + str(len(puzzle["pieces"])) + " pieces of " + ub.SET_NAMES[ub.set_of(puzzle["pieces"])] + ".")
        return "A card to fill: take a piece from the tray and put it on layer 1 or 2."

    def new_request(self):
        """A card of the chosen level and pieces whose seed is a card number, so that it can be opened again."""
        level = int(el("difficulty").value or "1")
        return {"seed": ub.card_no(level, el("variant").value or ub.KITS[0], random.getrandbits(16)),
                "difficulty": level, "variant": el("variant").value or ub.KITS[0]}

    def kept(self):
        """The card's number (a link's card has none), saved with the game."""
        return {"card": self.number} if self.number else None

    def restore(self, kept):
        """The saved card number, when it is one of this card's piece set."""
        try:
            number, _, kit = ub.card_number(str(kept["card"]))
            if kit == ub.set_of(self.card.pieces):
                self.number = number
                self.show_info()
        except (ValueError, KeyError, TypeError):
            pass

    def open_number(self):
        """Card no. + Go: open the card of a typed number (a bad one is refused and the game stays as it was)."""
        try:
            number, level, kit = ub.card_number(el("card-no").value)
        except ValueError as exc:
            say(str(exc), "error")
            return
        if number == self.number:
            say("Card no. " + str(number) + " is the card you are playing.")
            return
        spawn(self.make_number(number, level, kit, self.midend.ask_puzzle()))

    async def make_number(self, number, level, kit, asked):
        """Ask the worker for card `number` and play it; the game in progress stays one Undo away."""
        say("Opening card no. " + str(number) + "…")
        ans = await self.midend.ask("generate", {"seed": number, "difficulty": level, "variant": kit},
                                    "Card no. " + str(number) + " opens when the solver has loaded…")
        if ans is not None and asked == self.midend.asked:
            self.midend.load(ans, message="Card no. " + str(number) + ": level " + str(level) + " with "
                             + str(len(ans["pieces"])) + " pieces of " + ub.SET_NAMES[kit] + ".")

    def order(self, solution):
        """Bottom-up, the way a card is built."""
        return ub.assembly_order(solution)

    def solution_moves(self, puzzle, state, answer):
        """To a solution that keeps the placed pieces when study mode knows one, else the worker's."""
        placed = dict(state)
        found = [s for s in self.solutions or [] if all(s.get(p) == c for p, c in placed.items())]
        return self.moves_to(state, found[0] if found else self.decoded(answer["solution"]))

    def known(self, puzzle):
        """A generated card comes with its level and solutions (a link's card number gives only its level)."""
        return puzzle if puzzle.get("level") and puzzle.get("solutions") else None

    async def measure(self, puzzle):
        """The card's level and solutions; a card that cannot be filled is replaced."""
        ans = await self.midend.worker.call(self.family, "rate", self.solve_request(puzzle, None))
        if "error" in ans or not ans.get("level"):
            if puzzle is self.midend.puzzle:
                self.midend.unplayable(ans.get("error") or "these pieces cannot fill it")
            return None
        if self.number and puzzle is self.midend.puzzle and ub.card_number(str(self.number))[1] != ans["level"]:
            self.number = None  # a link's card number that is not this card's (its level differs): not shown
        return ans

    async def arrive(self, placed, pid):
        """A piece of the solution drops into place."""
        self.preview = placed
        self.anim = {"hidden": set(), "lift": {}}
        try:
            for k in lift_frames():
                self.anim["lift"][pid] = 3.0 * (k / 8) ** 2
                self.draw_view()
                await asyncio.sleep(FRAME)
        finally:
            self.anim = None
            self.preview = None

    # setup ------------------------------------------------------------------------------
    def bind(self):
        """The view, hand and study buttons, the pointer (the midend wires the rest)."""
        click("mode-play", lambda: self.set_mode("play"))
        click("mode-study", lambda: spawn(self.study()))
        click("view-x", lambda: self.orbit.turn(0, STEP))
        click("view-y", lambda: self.orbit.turn(1, STEP))
        click("view-z", lambda: self.orbit.turn(2, STEP))
        click("zoom-in", lambda: self.orbit.zoom(1.2))
        click("zoom-out", lambda: self.orbit.zoom(1 / 1.2))
        click("view-reset", self.orbit.reset)
        click("turn-z", lambda: self.turn_hand(2))
        click("turn-x", lambda: self.turn_hand(1))
        click("turn-y", lambda: self.turn_hand(0))
        click("putback", self.put_back)
        click("sol-prev", lambda: self.step_solution(-1))
        click("sol-next", lambda: self.step_solution(1))
        click("assemble", lambda: spawn(self.assemble()))
        click("lift-back", self.unlift)
        click("recolour", self.recolour)
        click("card-go", self.open_number)
        on(el("card-no"), "keydown", lambda ev: self.open_number() if str(ev.key) == "Enter" else None)
        for event, handler in self.orbit.handlers():
            on(self.canvas, event, handler)
        on(self.canvas, "contextmenu", self.context_menu)
        on(window, "resize", lambda _e: self.draw_view())

    def loaded(self, puzzle):
        """A new card: its layers and tray; study mode shows its solutions."""
        PieceGame.loaded(self, puzzle)
        self.card = self.card_of(puzzle)
        self.number = ub.number_of(puzzle)
        el("variant").value = ub.set_of(self.card.pieces)  # the piece set choice follows the card shown
        self.solutions = None
        self.sol_index = 0
        self.lifted = []
        self.anim = None
        self.cursor = None
        self.build_layers()
        self.build_tray()
        if self.mode == "study":
            spawn(self.study())

    def locked(self):
        """Moves wait while animating and in study mode."""
        return self.busy or self.mode != "play"

    # what is shown ---------------------------------------------------------------------------
    def colour(self, pid):
        """The piece's colour in the current palette."""
        return PALETTES[self.palette][1](ub.COLOUR[pid])

    def shown(self):
        """The pieces in the view: placed ones (play) or the current solution minus lifted ones (study)."""
        if self.mode == "study":
            if not self.solutions:
                return {}
            sol = self.solutions[self.sol_index]
            return dict((pid, cubes) for pid, cubes in sol.items() if pid not in self.lifted)
        return dict(self.preview) if self.preview is not None else self.placed()

    def ghost(self):
        """(piece id, cubes, fits, the cubes in the way) of the piece in hand at the cursor, or None."""
        if self.mode != "play" or self.hand is None or self.cursor is None:
            return None
        pid = self.hand["pid"]
        cubes = ub.fit(self.hand["shape"], self.hand["anchor"], self.cursor, self.card.size())
        if self.misfit(pid, cubes) is None:
            return (pid, cubes, True, ())
        outside, covered = self.clash(pid, cubes)
        return (pid, cubes, False, outside + tuple(q for q, _ in covered) or cubes)

    def clash(self, pid, cubes):
        """`rules.ubongo.clash` of a piece on cubes now; the last answer is kept for the frames of a turning view."""
        state, key = self.midend.state, (pid, tuple(cubes))
        if self._clash[0] is not state or self._clash[1] != key:
            others = dict((p, c) for p, c in state if p != pid)
            self._clash = (state, key, ub.clash(self.card, others, pid, cubes))
        return self._clash[2]

    def misfit(self, pid, cells):
        """Why a piece cannot go on these cubes: how many and which are outside the card or on another piece (the
        rules' sentence for anything else), or None when it can."""
        why = PieceGame.misfit(self, pid, cells)
        if why is None:
            return None
        outside, covered = self.clash(pid, cells)
        return ub.clash_text(self.card, pid, outside, covered) if outside or covered else why

    def ways(self):
        """The turns of the piece in hand that fit at the chosen square (`rules.ubongo.ways_at`); None without one."""
        if self.mode != "play" or self.hand is None or self.cursor is None:
            return None
        return ub.ways_at(self.card, self.placed(), self.hand["pid"], self.cursor)

    def ways_words(self, ways):
        """What fits at the chosen square, for a refused placement."""
        if not ways:
            return "No turn of it fits on this square: try another."
        return ("It fits here turned " + ("one way: press R, T or E (or a turn button) to turn it so." if len(ways) == 1
                else str(len(ways)) + " ways: press R, T or E (or the turn buttons) to go through them."))

    def groups(self):
        """What the 3D view draws, as groups of cubes."""
        out = []
        anim = self.anim or {}
        hidden = anim.get("hidden", set())
        lift = anim.get("lift", {})
        wrong_pieces = set(cell_owner(self.placed()).get(q) for q in self.marks())
        for pid, cubes in self.shown().items():
            if pid in hidden:
                continue
            style = "wrong" if pid in wrong_pieces and self.mode == "play" else "solid"
            out.append(cv.Group(cubes, self.colour(pid), pid, 1.0, style, lift.get(pid, 0.0)))
        hinted = self.hinted()[1]
        if self.mode == "play" and hinted is not None:
            out.append(cv.Group(hinted[1], self.colour(hinted[0]), None, 0.45, "hint"))
        ghost = self.ghost()
        if ghost is not None:  # the cubes in the way red, the rest as a ghost that fits
            pid, cubes, _fits, bad = ghost
            rest = [q for q in cubes if q not in bad]
            if rest:
                out.append(cv.Group(rest, self.colour(pid), None, 0.5, "ghost"))
            if bad:
                out.append(cv.Group(bad, css("--wrong") or "#d92d20", None, 0.85, "clash"))
        return out

    # drawing ------------------------------------------------------------------------------
    def draw(self, state):
        """Everything after a change."""
        shown = self.shown()
        self.draw_view()
        self.update_layers(shown)
        self.draw_tray(dict(state))
        self.update_list(shown)
        self.show_info()
        for ident in ("turn-z", "turn-x", "turn-y", "putback"):
            el(ident).disabled = self.hand is None
        el("lift-back").disabled = not self.lifted

    def show_solved(self, done):
        """Say on the page whether it is solved (the view frames it; painted again only when that changes)."""
        if document.body.getAttribute("data-solved") != ("yes" if done else "no"):
            document.body.setAttribute("data-solved", "yes" if done else "no")
            self.draw_view()

    def draw_view(self):
        """Paint the 3D view (its `data-clash` says how many cubes it draws red, in the way of the piece in hand)."""
        if self.card is None:
            return
        solved = self.mode == "play" and self.preview is None and self.is_solved(self.midend.puzzle,
                                                                                  self.midend.state)
        groups = self.groups()
        self.faces = cv.paint(self.canvas, self.camera, self.card.size(), self.card.footprint, groups, css,
                              window.devicePixelRatio or 1, solved)
        self.canvas.setAttribute("data-view", ",".join(str(v) for v in self.camera.key()))
        self.canvas.setAttribute("data-clash", str(sum(len(g.cubes) for g in groups if g.style == "clash")))

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
        self.mirror = Mirror(el("aria-board"), el("aria-board").getAttribute("aria-label"),
                             [[(r, c, z) for c in range(card.cols) if (r, c) in card.footprint]
                              for z in range(card.height) for r in range(card.rows)])

    def update_layers(self, shown):
        """Colour the layer view's squares and refresh the mirror's words."""
        owner = cell_owner(shown)
        ghost = self.ghost()
        gcubes = {}
        bad = ()
        if ghost is not None:
            pid, cubes, fits, bad = ghost
            on_piece = dict(self.clash(pid, cubes)[1]) if not fits else {}
            for q in cubes:
                gcubes[q] = pid + ("" if fits else " (does not fit" + (": " + on_piece[q] + " is there" if q in on_piece
                                                                       else "") + ")")
        hinted = self.hinted()[0] if self.mode == "play" else set()
        errors = self.marks()
        for q, node in self.cells.items():
            pid = owner.get(q)
            text = ub.where(q) + ": " + (pid + " (" + ub.NAME[pid] + ")" if pid else "empty")
            if q in gcubes:
                text += ", preview of " + gcubes[q]
            if q in hinted:
                text += ", hint"
            if q in errors:
                text += ", wrong"
            cls = "ub-cell" + (" filled" if pid else "") + (" ghost" if q in gcubes else "") + (
                " bad" if q in bad else "") + (
                " hint" if q in hinted else "") + (" wrong" if q in errors else "") + (
                " cursor" if q == self.cursor and self.hand is not None else "")
            colour = self.colour(pid) if pid else (self.colour(ghost[0]) if q in gcubes and q not in bad else "")
            key = (text, cls, colour)
            if self._cache.get(q) == key:
                continue
            self._cache[q] = key
            node.className = cls
            node.style.backgroundColor = colour
            node.textContent = pid or ""
            node.setAttribute("aria-label", text)
            self.mirror.set(q, text)

    def draw_tray(self, placed):
        """Tray buttons: a small 3D picture of each card piece (the piece in hand as it is turned)."""
        camera = cv.Camera()
        colours = {"plate": "#000000", "plate-edge": "#000000", "edge": css("--ub-edge") or "#1f2328",
                   "wrong": "#d92d20", "ghost-edge": "#000000", "hint-edge": "#000000"}
        for pid in self.card.pieces:
            button, pic = self.tray[pid]
            in_hand = self.tray_state(button, pid, len(ub.SHAPE[pid]), placed, "cubes")
            shape = self.hand["shape"] if in_hand else ub.normalise(ub.SHAPE[pid])
            box = tuple(max(q[i] for q in shape) + 1 for i in range(3))
            ctx = pic.getContext("2d")
            ctx.clearRect(0, 0, pic.width, pic.height)
            faces = cv.polygons(camera, box, None, [cv.Group(shape, self.colour(pid), pid)], pic.width, pic.height)
            ctx.globalAlpha = 0.35 if pid in placed else 1.0
            cv.draw(ctx, faces, colours, 1.0)
            ctx.globalAlpha = 1.0

    def build_tray(self):
        """One button per card piece, with its picture."""
        el("tray").innerHTML = ""
        self.tray = {}
        for k, pid in enumerate(self.card.pieces):
            on(self.tray_button(pid, "ub-piece", str(k + 1) + " · " + pid, 84, 72), "click",
               lambda _ev, pid=pid: self.take(pid))

    def piece_words(self, pid, shown):
        """ "red two (r2, 2 cubes): placed at layer 1, row 1, column 1; …" (or lifted out, in hand, …)."""
        text = ub.NAME[pid] + " (" + pid + ", " + str(len(ub.SHAPE[pid])) + " cubes): "
        if pid in shown:
            return text + ("in the solution at " if self.mode == "study" else "placed at ") + "; ".join(
                ub.where(q) for q in shown[pid])
        if self.mode == "study":
            return text + ("lifted out" if pid in self.lifted else "not shown")
        return text + self.hand_words(pid)

    def show_info(self):
        """The card's pieces, size and (once rated) level and solution count."""
        card = self.card
        label = self.midend.label
        known = self.measured
        grade = ub.GRADES[known.get("level", 0) - 1] if known is not None and known.get("level") else ""
        shown = label if label and label != grade else ""  # a card of a chosen level: its grade said once, later
        text = (shown + " · " if shown else "") + str(len(card.pieces)) + " pieces · " + str(
            len(card.footprint)) + " squares × " + str(card.height) + " layers"
        if self.number:
            text = "Card no. " + str(self.number) + " · " + text
        if known is not None:
            level = known.get("level", 0)
            n = known.get("solutions", 0)
            text += " · level " + str(level) + " (" + ub.GRADES[level - 1] + ") · " + str(n) + " solution" + (
                "" if n == 1 else "s")
        elif not self.midend.worker.ready.is_set():
            text += " · level when the solver has loaded"
        el("card-info").innerText = text

    def redraw(self):
        """Redraw in the current colours."""
        self._cache = {}
        PieceGame.redraw(self)

    # the view ---------------------------------------------------------------------------------
    def pick(self, pt):
        """A click on the view (no drag): lift the piece under it (study) or take it (play)."""
        pid = cv.pick(self.faces, pt[0], pt[1])
        self.canvas.setAttribute("data-picked", pid or "")
        if pid is None or self.busy:
            return
        if self.mode == "study":
            self.lift(pid)
        elif self.hand is None:
            self.take(pid)

    def context_menu(self, ev):
        """Right click: put back the last lifted piece (study) or the piece in hand (play)."""
        ev.preventDefault()
        if self.mode == "study":
            self.unlift()
        else:
            self.put_back()

    def key(self, ev):
        """Keys for the view, the piece in hand and the solutions (undo, redo and H are the midend's)."""
        target = ev.target
        key = str(ev.key)
        low = key.lower()
        sign = -1 if ev.shiftKey else 1
        if low in ("a", "s", "d"):
            self.orbit.turn("asd".index(low), sign * STEP)
        elif key in ARROWS and "ub-cell" in str(target.className or ""):
            self.move_focus(target, ARROWS[key])
        elif key in ARROWS:
            dr, dc = ARROWS[key]
            self.orbit.turn(1, dc * STEP) if dc else self.orbit.turn(0, dr * STEP)
        elif key in ("+", "="):
            self.orbit.zoom(1.2)
        elif key in ("-", "_"):
            self.orbit.zoom(1 / 1.2)
        elif key == "0":
            self.orbit.reset()
        elif self.busy:
            return False
        elif len(key) == 1 and "1" <= key <= "9" and self.mode == "play":
            k = int(key) - 1
            if k < len(self.card.pieces):
                self.take(self.card.pieces[k])
        elif low in ("r", "t", "e") and self.mode == "play":
            self.turn_hand({"r": 2, "t": 1, "e": 0}[low], 3 if ev.shiftKey else 1)
        elif key == "Escape":
            self.put_back() if self.mode == "play" else self.unlift()
        elif low in ("n", "p") and self.mode == "study":
            self.step_solution(1 if low == "n" else -1)
        else:
            return False
        return True

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
            self.update_layers(self.shown())

    def hold(self, pid, cells=None, at=None):
        """The hand: the tray's shape held by its lowest middle cube, or a placed piece held where clicked."""
        if cells is None:
            shape = ub.normalise(ub.SHAPE[pid])
            say("In hand: " + ub.label(pid) + ". Turn it with R, T, E; click a square of a layer to put it there.")
            return {"pid": pid, "shape": shape, "anchor": ub.anchor_of(shape)}
        lo = [min(q[i] for q in cells) for i in range(3)]
        shape = ub.normalise(cells)
        if at in cells:
            anchor = (at[0] - lo[0], at[1] - lo[1], at[2] - lo[2])
        else:
            anchor = ub.anchor_of(shape)
            self.cursor = (lo[0] + anchor[0], lo[1] + anchor[1], lo[2] + anchor[2])
        return {"pid": pid, "shape": shape, "anchor": anchor}

    def take(self, pid, at=None):
        """Hold a piece (play mode only)."""
        if self.mode == "play":
            PieceGame.take(self, pid, at)

    def turn_hand(self, axis, times=1):
        """Turn the piece in hand: with a square chosen, to the next turn of it that fits there (the previous one
        when `times` is 3, Shift); else, or when none fits there, a quarter about an axis (0 roll, 1 tip, 2 turn)."""
        if self.hand is None:
            say("Take a piece from the tray first (keys 1 to " + str(len(self.card.pieces)) + ").")
            return
        hand, ways = self.hand, self.ways()
        if ways:
            shapes = [shape for shape, _ in ways]
            step = -1 if times == 3 else 1
            if hand["shape"] in shapes:  # held so that it does not fit: first the way this turn of it fits
                k = shapes.index(hand["shape"]) + (step if self.ghost()[2] else 0)
            else:
                k = 0 if step == 1 else -1
            hand["shape"], hand["anchor"] = ways[k % len(ways)]
            say("Way " + str(k % len(ways) + 1) + " of " + str(len(ways)) + " that " + ub.label(hand["pid"])
                + " fits at " + ub.where(self.cursor) + " (R, T or E: the next; with Shift: back). Tap or click the "
                "square to put it there.")
        else:
            for _ in range(times):
                hand["shape"], hand["anchor"] = ub.turn(hand["shape"], hand["anchor"], axis)
            if ways is not None:
                say("No turn of " + ub.label(hand["pid"]) + " fits at " + ub.where(self.cursor) + ", so it turns "
                    "through all its turns as usual: choose another square to see what fits there.")
        self.redraw()

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
        if not self.put(self.hand["pid"], ub.fit(self.hand["shape"], self.hand["anchor"], q, self.card.size())):
            self.redraw()  # the ghost, where it does not fit

    def put(self, pid, cubes):
        """Place a piece; when it does not fit, say which cubes are in the way (drawn red) and what fits there."""
        why = self.misfit(pid, cubes)
        if why is None:
            return PieceGame.put(self, pid, cubes)
        say("That does not fit: " + why[:1].lower() + why[1:] + " The crossed red cubes in the view show them. "
            + self.ways_words(self.ways()), "error")
        return False

    # study mode ------------------------------------------------------------------------------------
    async def load_solutions(self):
        """The card's distinct solutions from the worker (once per card); False if unavailable."""
        if self.solutions is not None:
            return True
        ans = await self.midend.ask("solutions", self.solve_request(self.midend.puzzle, None),
                                    "Solutions come once the solver loads…")
        if ans is None:
            return False
        self.solutions = [self.decoded(s) for s in ans.get("solutions", [])]
        self.total = ans.get("count", len(self.solutions))
        self.capped = bool(ans.get("capped"))
        self.sol_index = 0
        return bool(self.solutions)

    def set_mode(self, mode):
        """Switch between playing and studying the solutions."""
        if self.busy:
            return
        was, self.mode = self.mode, mode
        document.body.setAttribute("data-mode", mode)
        el("mode-play").setAttribute("aria-pressed", "true" if mode == "play" else "false")
        el("mode-study").setAttribute("aria-pressed", "true" if mode == "study" else "false")
        el("play-panel").hidden = mode != "play"
        el("study-panel").hidden = mode != "study"
        el("tray").hidden = mode != "play"
        if mode == "play":
            self.palette = 0  # Recolour is a study aid: play shows the card's own colours
            if was == "study":
                say("Back to your game.")  # study's last words (an assembly, a solution shown) no longer apply
        self._cache = {}
        self.midend.close_hint(redraw=False)
        self.midend.redraw()

    async def study(self):
        """Study mode: show the first solution of the card."""
        if self.busy:
            return
        self.set_mode("study")
        self.lifted = []
        el("sol-info").innerText = "Asking the solver for the solutions…"
        token = self.midend.token
        if not await self.load_solutions() or token != self.midend.token or self.mode != "study":
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
        self.redraw()

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
            self.redraw()
            self.anim = {"hidden": set(sol), "lift": {}}
            for pid in ub.assembly_order(sol):
                self.anim["hidden"].discard(pid)
                for k in lift_frames():
                    self.anim["lift"][pid] = 3.0 * (k / 8) ** 2
                    self.draw_view()
                    await asyncio.sleep(FRAME)
                self.anim["lift"][pid] = 0.0
        finally:
            self.anim = None
            self.busy = False
        self.redraw()
        say("Assembled, bottom layer first.")

    def lift(self, pid):
        """Lift a piece out of the shown solution."""
        if pid in self.lifted:
            return
        self.lifted.append(pid)
        self.redraw()
        say("Lifted out " + ub.label(pid) + ". Right click or Put back returns it.")

    def unlift(self):
        """Put the last lifted piece back."""
        if self.busy or not self.lifted:
            return
        pid = self.lifted.pop()
        self.redraw()
        say("Put back " + ub.label(pid) + ".")

    def recolour(self):
        """The next colouring of the pieces."""
        self.palette = (self.palette + 1) % len(PALETTES)
        self.redraw()
        say("Colours: " + PALETTES[self.palette][0] + ".")


PAGE = Midend(UbongoGame())
guard(PAGE.start)
