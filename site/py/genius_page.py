"""The Genius Square page (MicroPython, main thread): the board view of `rules.genius` on the midend.

Rules: seven dice put pegs on the board; cover the 29 other cells with the nine pieces,
turned and flipped at will. Links: genius.html#<7 blocker cells>[~<moves>], e.g.
#A1A4B3D3D5F1F2~T:C1,C2,C3,D2 (the older ~T:C1C2C3D2,O:... opens too); #daily opens today's
roll. Roll and Daily throw `rules.genius.roll(seed)` here (instant): the seed's first throw,
which is what `python -m solvers genius generate --seed S --difficulty <its grade>` gives.
Touch: a first tap on the board shows where the piece in hand would go, a second tap there places it.
Known limits: no touch pinch/zoom of the board; a drag that leaves the window is dropped.
"""

import asyncio
import random

from pyscript import document
from pyscript import window
from pyscript.ffi import to_js
from rules import genius as gm

from genius_board import Board
from midend import Midend
from midend import new_seed
from piece_game import PieceGame
from tessera_ui import ARROWS
from tessera_ui import calm
from tessera_ui import click
from tessera_ui import css
from tessera_ui import el
from tessera_ui import grouped
from tessera_ui import guard
from tessera_ui import on
from tessera_ui import say
from tessera_ui import spawn

TRAY_CELL = 12  # tray pictures: pixels per cell


def names(cells):
    """Cell names in board order."""
    return [gm.cell_name(c) for c in sorted(cells)]


class GeniusGame(PieceGame):
    """The roll, the board, the tray, the dice; the pointer and the keys."""

    family = "genius"
    noun = "roll"
    rules = gm
    solved_words = "All nine pieces fit."
    ids = PieceGame.ids + ("board", "daily", "dice", "difficulty-info", "flip", "roll", "rotate")

    def __init__(self):
        PieceGame.__init__(self)
        self.board = Board()
        self.drag = None  # {"from": "tray" | "board" | "click", "cell"}
        self.hover = False
        self.preview = None  # the cell a finger's first tap shows the piece in hand at (a second tap places it)
        self.tray = {}
        self._wheel = 0
        self.build_tray()
        self.build_dice()

    # family hooks -----------------------------------------------------------------------
    def blockers(self, puzzle):
        """The sorted pegs of a puzzle."""
        return gm.check_blockers(gm.parse_cell(b) for b in puzzle["blockers"])

    def solve_request(self, puzzle, state):
        """The pegs (and the placed pieces, which a solution keeps)."""
        obj = {"blockers": names(self.blockers(puzzle))}
        if state:
            obj["state"] = self.encoded(dict(state))
        return obj

    def problems(self, puzzle, placed):
        """Shapes, pegs and overlaps (rules.genius)."""
        return gm.problems(self.blockers(puzzle), placed)

    def cell_json(self, cell):
        """ "A1"."""
        return gm.cell_name(cell)

    def cell_of(self, obj):
        """A cell from its name."""
        return gm.parse_cell(obj)

    def where_words(self, cells):
        """ " on A1 A2 B1 B2"."""
        return " on " + " ".join(names(cells))

    def roll_of(self, seed):
        """The puzzle of a seed's first throw."""
        return {"blockers": sorted(gm.roll(seed))}

    def daily_puzzle(self, date):
        """Today's throw, decided here from the date."""
        return self.roll_of("daily-" + date)

    def welcome(self, puzzle):
        """What the dice show, or the grade of a graded roll."""
        if "count" not in puzzle:
            return "The dice show " + " ".join(gm.dice_for(self.blockers(puzzle)) or puzzle["blockers"]) + \
                ". Fit the nine pieces around the pegs."
        grade = str(puzzle.get("difficulty") or "")
        return ("An " if grade[:1] in "AEIOU" else "A ") + grade + " roll: fit the nine pieces around the pegs."

    def known(self, puzzle):
        """A graded roll comes with its count and grade."""
        return puzzle if "count" in puzzle else None

    async def measure(self, puzzle):
        """The roll's solution count and grade; a roll that cannot be played is replaced."""
        ans = await self.midend.worker.call(self.family, "solve", {"blockers": puzzle["blockers"], "count": True})
        if ans.get("kind") in ("no-solution", "invalid") and puzzle is self.midend.puzzle:
            self.midend.unplayable(ans["error"])
            return None
        if "error" in ans:
            el("difficulty-info").innerText = "The solver could not count this roll: " + ans["error"]
            return None
        return ans

    async def arrive(self, placed, pid):
        """A piece of the solution drops in."""
        self.board.placed = placed
        self.board.draw()
        await asyncio.sleep(0.08)

    # setup ------------------------------------------------------------------------------
    def bind(self):
        """The roll and hand buttons, the pointer (the midend wires the rest)."""
        click("roll", lambda: spawn(self.roll()))
        click("rotate", self.rotate)
        click("flip", self.flip)
        click("putback", self.put_back)
        canvas = self.board.canvas
        on(canvas, "pointerdown", self.board_down)
        on(canvas, "wheel", self.wheel)
        on(document, "pointermove", self.pointer_move)
        on(document, "pointerup", self.pointer_up)
        on(document, "pointercancel", self.pointer_cancel)
        on(window, "resize", lambda _e: self.redraw())

    def build_tray(self):
        """Nine buttons, each with a picture of its piece."""
        el("tray").innerHTML = ""
        for k, pid in enumerate(gm.IDS):
            button = self.tray_button(pid, "gs-piece", str(k + 1), TRAY_CELL * 5, TRAY_CELL * 5)
            on(button, "pointerdown", lambda ev, pid=pid: self.tray_down(ev, pid))
            on(button, "click", lambda ev, pid=pid: self.tray_click(ev, pid))

    def build_dice(self):
        """Seven dice faces above the tray."""
        box = el("dice")
        box.innerHTML = ""
        self.die_nodes = []
        for k in range(len(gm.DICE)):
            node = document.createElement("span")
            node.className = "gs-die"
            node.setAttribute("title", "Die " + str(k + 1) + ": " + " ".join(gm.DICE[k]))
            box.appendChild(node)
            self.die_nodes.append(node)

    def loaded(self, puzzle):
        """A new roll: its pegs and dice."""
        PieceGame.loaded(self, puzzle)
        self.board.blockers = self.blockers(puzzle)
        self.show_dice(gm.dice_for(self.board.blockers))

    # showing ----------------------------------------------------------------------------
    def draw(self, state):
        """Board, tray, piece list, info and the hand's buttons."""
        placed = dict(state)
        b = self.board
        b.placed = placed
        b.wrong = self.marks()
        b.hint_cells, b.hint_piece = self.hinted()
        self.update_ghost()
        b.draw()
        self.draw_tray(placed)
        self.update_list(placed)
        self.show_info()
        for ident in ("rotate", "flip", "putback"):
            el(ident).disabled = self.hand is None

    def show_dice(self, dice):
        """The faces of the seven dice (or the pegs when no throw gives them)."""
        pegs = names(self.board.blockers)
        for k, node in enumerate(self.die_nodes):
            node.textContent = dice[k] if dice else (pegs[k] if pegs else "")
        el("dice").setAttribute("aria-label", "Pegs at " + " ".join(pegs))

    def show_info(self):
        """The roll's label and, once known, its solution count and grade."""
        label = self.midend.label
        known = self.measured if self.measured is not None and "count" in self.measured else None
        grade = str(known.get("difficulty", "")) if known is not None else ""
        shown = label if label and label != grade else ""  # a graded roll's label is its grade: said once, last
        text = (shown + " · " if shown else "") + "Pegs " + " ".join(names(self.board.blockers))
        if known is not None:
            count = known["count"]
            text += " · " + grouped(count) + " solution" + ("" if count == 1 else "s") + " · " + grade
        elif not self.midend.worker.ready.is_set():
            text += " · difficulty when the solver has loaded"
        el("difficulty-info").innerText = text

    def update_ghost(self):
        """Where the piece in hand would go (under the pointer or the keyboard cursor)."""
        hand = self.hand
        if hand is None:
            self.preview = None
        if hand is None or not (self.hover or self.board.show_cursor):
            self.board.ghost = None
            return
        r, c = self.board.cursor
        cells = gm.fit(hand["shape"], hand["anchor"], r, c)
        self.board.ghost = (hand["pid"], cells, self.misfit(hand["pid"], cells) is None)

    def draw_tray(self, placed):
        """Tray pictures: the piece in hand in its current orientation, placed pieces faded."""
        back = css("--thin")
        for pid in gm.IDS:
            button, pic = self.tray[pid]
            in_hand = self.tray_state(button, pid, len(gm.SHAPE[pid]), placed, "cells")
            shape = self.hand["shape"] if in_hand else gm.SHAPE[pid]
            ctx = pic.getContext("2d")
            ctx.clearRect(0, 0, pic.width, pic.height)
            h = max(r for r, _ in shape) + 1
            w = max(c for _, c in shape) + 1
            x0 = (pic.width - w * TRAY_CELL) / 2
            y0 = (pic.height - h * TRAY_CELL) / 2
            for r, c in shape:
                ctx.fillStyle = back if pid in placed else gm.COLOUR[pid]
                ctx.fillRect(x0 + c * TRAY_CELL + 1, y0 + r * TRAY_CELL + 1, TRAY_CELL - 2, TRAY_CELL - 2)

    def piece_words(self, pid, placed):
        """ "L (L4, 4 cells): placed on A1 A2 A3 B1" (or in hand, in the tray)."""
        size = len(gm.SHAPE[pid])
        text = gm.NAME[pid] + " (" + pid + ", " + str(size) + (" cell): " if size == 1 else " cells): ")
        return text + ("placed on " + " ".join(names(placed[pid])) if pid in placed else self.hand_words(pid))

    # the piece in hand -------------------------------------------------------------------
    def hold(self, pid, cells=None, at=None):
        """The hand: the tray's shape held by its middle, or a placed piece held at the clicked cell."""
        if cells is None:
            shape = gm.normalise(gm.SHAPE[pid])
            return {"pid": pid, "shape": shape, "anchor": gm.centre_cell(shape)}
        r0 = min(c // gm.SIZE for c in cells)
        c0 = min(c % gm.SIZE for c in cells)
        at = at if at is not None and at in cells else cells[0]
        return {"pid": pid, "shape": gm.shape_of(cells), "anchor": (at // gm.SIZE - r0, at % gm.SIZE - c0)}

    def rotate(self, turns=1):
        """Turn the piece in hand clockwise."""
        if self.hand is None:
            say("Pick a piece from the tray first (keys 1 to 9).")
            return
        for _ in range(turns % 4):
            self.hand["shape"], self.hand["anchor"] = gm.turn(self.hand["shape"], self.hand["anchor"])
        self.redraw()

    def flip(self):
        """Flip the piece in hand left to right."""
        if self.hand is None:
            say("Pick a piece from the tray first (keys 1 to 9).")
            return
        self.hand["shape"], self.hand["anchor"] = gm.mirror(self.hand["shape"], self.hand["anchor"])
        self.redraw()

    def place_at(self, rc, pick_fallback=False):
        """Put the piece in hand at (row, col) if it fits; else maybe pick up what is there."""
        if self.hand is None or self.busy:
            return
        pid = self.hand["pid"]
        cells = gm.fit(self.hand["shape"], self.hand["anchor"], rc[0], rc[1])
        i = rc[0] * gm.SIZE + rc[1]
        owner = self.board.owner()
        if pick_fallback and i in owner and self.misfit(pid, cells) is not None:
            self.take(owner[i], i)
            return
        self.put(pid, cells)

    # pointer and keys -------------------------------------------------------------------------
    def tray_down(self, ev, pid):
        """Press on a tray piece: hold it by the square pressed (a drag onto the board places it, and a tap on
        the board puts that square where it is tapped)."""
        if self.busy:
            return
        self.drag = {"from": "tray", "cell": None}
        self.take(pid)
        if self.hand is not None and self.hand["pid"] == pid:
            self.hand["anchor"] = self.grabbed(ev, pid)
            self.update_ghost()

    def grabbed(self, ev, pid):
        """The square of the tray's picture nearest the pointer, as the shape's (row, column); the piece's middle
        square when the pointer is near the piece's middle."""
        shape = self.hand["shape"]
        pic = self.tray[pid][1]
        rect = pic.getBoundingClientRect()
        if not rect.width:
            return self.hand["anchor"]
        h = max(r for r, _ in shape) + 1
        w = max(c for _, c in shape) + 1
        x = (ev.clientX - rect.left) * pic.width / rect.width - (pic.width - w * TRAY_CELL) / 2
        y = (ev.clientY - rect.top) * pic.height / rect.height - (pic.height - h * TRAY_CELL) / 2
        mr = sum(r for r, _ in shape) / len(shape) + 0.5
        mc = sum(c for _, c in shape) / len(shape) + 0.5
        if (mr * TRAY_CELL - y) ** 2 + (mc * TRAY_CELL - x) ** 2 < (TRAY_CELL / 2) ** 2:
            return gm.centre_cell(shape)
        return min(shape, key=lambda rc: ((rc[0] + 0.5) * TRAY_CELL - y) ** 2 + ((rc[1] + 0.5) * TRAY_CELL - x) ** 2)

    def tray_click(self, ev, pid):
        """Keyboard activation of a tray button (a pointer press already took the piece)."""
        if ev.detail == 0 and not self.busy and (self.hand is None or self.hand["pid"] != pid):
            self.board.show_cursor = True
            self.take(pid)
            self.board.canvas.focus()

    def board_down(self, ev):
        """Press on the board: start placing the piece in hand, or pick up a placed piece."""
        rc = self.board.cell_at(ev.clientX, ev.clientY)
        if rc is None or self.busy:
            return
        ev.preventDefault()
        self.board.canvas.focus(to_js({"preventScroll": True}))  # a scroll here would shift the tap
        self.board.show_cursor = False
        self.hover = True
        self.board.cursor = rc
        i = rc[0] * gm.SIZE + rc[1]
        owner = self.board.owner()
        if self.hand is not None:
            self.drag = {"from": "click", "cell": rc, "touch": str(ev.pointerType) == "touch"}
        elif i in owner:
            self.drag = {"from": "board", "cell": rc}
            self.take(owner[i], i)
        elif i in self.board.blockers:
            say("A peg: no piece can go on " + gm.cell_name(i) + ".")
        else:
            say("Choose a piece from the tray first, then click where it goes.")

    def pointer_move(self, ev):
        """Follow the pointer over the board with the ghost of the piece in hand."""
        rc = self.board.cell_at(ev.clientX, ev.clientY)
        if rc is not None and (rc != self.board.cursor or not self.hover or self.board.show_cursor):
            redraw = self.hand is not None or self.board.show_cursor
            self.board.cursor = rc
            self.board.show_cursor = False
            self.hover = True
        elif rc is None and self.hover:
            redraw = self.hand is not None
            self.hover = False
        else:
            return
        if redraw:
            self.update_ghost()
            self.board.draw()

    def pointer_up(self, ev):
        """Release: drop a dragged piece on the board, or place on a click."""
        drag, self.drag = self.drag, None
        if drag is None or self.hand is None:
            return
        rc = drag["cell"] if drag["from"] == "click" else self.board.cell_at(ev.clientX, ev.clientY)
        if rc is None or (drag["from"] == "board" and rc == drag["cell"]):
            return
        if drag.get("touch") and self.preview != rc and not self.picks(rc):
            self.show_preview(rc)
            return
        self.preview = None
        self.place_at(rc, pick_fallback=drag["from"] == "click")

    def picks(self, rc):
        """Whether a tap on (row, col) picks up the piece there (the piece in hand would not fit)."""
        hand = self.hand
        return rc[0] * gm.SIZE + rc[1] in self.board.owner() and \
            self.misfit(hand["pid"], gm.fit(hand["shape"], hand["anchor"], rc[0], rc[1])) is not None

    def show_preview(self, rc):
        """A finger's first tap: draw where the piece in hand would go and say how to place it."""
        self.preview = self.board.cursor = rc
        self.hover = True
        self.update_ghost()
        self.board.draw()
        hand = self.hand
        why = self.misfit(hand["pid"], gm.fit(hand["shape"], hand["anchor"], rc[0], rc[1]))
        name = gm.cell_name(rc[0] * gm.SIZE + rc[1])
        if why is None:
            say("Tap " + name + " again to place " + gm.label(hand["pid"]) + " there, or tap another square. "
                "Rotate and Flip change it.")
        else:
            say("It would not fit on " + name + ": " + why[:1].lower() + why[1:] + " Rotate or Flip it, or tap another "
                "square.", "error")

    def pointer_cancel(self, _ev):
        """A cancelled touch drops nothing."""
        self.drag = None

    def wheel(self, ev):
        """The wheel turns the piece in hand (at most a few turns a second)."""
        if self.hand is None:
            return
        ev.preventDefault()
        now = window.performance.now()
        if now - self._wheel < 120:
            return
        self._wheel = now
        self.rotate(1 if ev.deltaY > 0 else 3)

    def key(self, ev):
        """1-9 take a piece, R/F turn it, arrows move, Enter places or picks up, Esc puts back."""
        if self.busy:
            return False
        key = str(ev.key)
        low = key.lower()
        if len(key) == 1 and "1" <= key <= "9":
            self.board.show_cursor = True
            self.take(gm.IDS[int(key) - 1])
        elif low == "r":
            self.rotate(3 if ev.shiftKey else 1)
        elif low == "f":
            self.flip()
        elif key == "Escape":
            self.put_back()
        elif key in ARROWS:
            dr, dc = ARROWS[key]
            r, c = self.board.cursor
            self.board.cursor = ((r + dr) % gm.SIZE, (c + dc) % gm.SIZE)
            self.board.show_cursor = True
            self.update_ghost()
            self.board.draw()
        elif key in ("Enter", " ") and str(ev.target.tagName).upper() != "BUTTON":
            self.board.show_cursor = True
            r, c = self.board.cursor
            i = r * gm.SIZE + c
            owner = self.board.owner()
            if self.hand is not None:
                self.place_at((r, c), pick_fallback=True)
            elif i in owner:
                self.take(owner[i], i)
            else:
                say("Choose a piece first: keys 1 to 9.")
            self.update_ghost()
            self.board.draw()
        else:
            return False
        return True

    # rolls ---------------------------------------------------------------------------------------
    async def roll(self):
        """Throw the dice: a short animation, then the faces a fresh seed decides."""
        if self.busy:
            return
        seed = new_seed()
        puzzle = self.roll_of(seed)
        self.busy = True
        self.hand = None
        self.board.placed = {}
        self.board.ghost = None
        el("dice").className = "gs-dice" if calm() else "gs-dice rolling"
        try:
            for _ in range(0 if calm() else 8):
                fake = [die[random.getrandbits(8) % len(die)] for die in gm.DICE]
                self.show_dice(fake)
                self.board.blockers = tuple(gm.parse_cell(f) for f in fake)
                self.board.draw()
                await asyncio.sleep(0.06)
        finally:
            self.busy = False
            el("dice").className = "gs-dice"
        self.midend.load(puzzle, label="Roll " + seed)


PAGE = Midend(GeniusGame())
guard(PAGE.start)
