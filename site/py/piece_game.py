"""The shared controller of the "place pieces on a board" pages (MicroPython, main thread).

Genius Square and Tessera Cubes 3D: the player places each piece once; the placed pieces
(piece id -> cells) are the undoable state, saved, shared, checked, hinted and solved through
the worker. A page subclasses PieceGame and fills in the hooks (how cells read and write as
JSON, what the puzzle is, how it is drawn). Known limits: one piece in hand at a time.
"""

import random

from pyscript import document

from tessera_ui import History
from tessera_ui import Store
from tessera_ui import Timer
from tessera_ui import Worker
from tessera_ui import click
from tessera_ui import copy_share_link
from tessera_ui import el
from tessera_ui import link_fragment
from tessera_ui import say
from tessera_ui import show_share_link
from tessera_ui import spawn
from tessera_ui import toggle_theme


def upper_first(text):
    """The text with its first letter in capitals."""
    return text[:1].upper() + text[1:]


def new_seed():
    """A short random seed (six letters or digits)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return "".join(digits[random.getrandbits(8) % 36] for _ in range(6))


def cell_owner(pieces):
    """Cell -> piece id of pieces (piece id -> cells)."""
    out = {}
    for pid, cells in pieces.items():
        for c in cells:
            out[c] = pid
    return out


class PieceGame:
    """History, saving, sharing, the hint box, check/solve plumbing and the solved clock of a piece page."""

    FAMILY = ""
    IDS = ()  # every piece id, in the order snapshots list them
    PUZZLE = "puzzle"  # what one puzzle is called in messages ("roll", "card")
    BOARD = "board"  # what the pieces lie on, in messages
    SOLVED = "Every piece fits."  # said after "Solved in 1:23!"

    def __init__(self):
        self.worker = Worker()
        self.store = Store("tessera-" + self.FAMILY)
        self.timer = Timer(on_tick=self.save_soon)
        self.label = ""
        self.history = History(())
        self.hand = None  # {"pid", "shape", "anchor"}
        self.hint = None
        self.token = 0  # bumped by every new puzzle, so late worker answers for an old one are dropped
        self.busy = False  # animating: moves wait
        self.starters = []
        self._tick = 0
        self.tray = {}

    def bind(self):
        """Wire the buttons every piece page has."""
        click("undo", self.undo)
        click("redo", self.redo)
        click("restart", self.clear)
        click("check", lambda: spawn(self.check()))
        click("hint", lambda: spawn(self.ask_hint()))
        click("hint-apply", self.apply_hint)
        click("hint-close", self.close_hint)
        click("solve", lambda: spawn(self.solve()))
        click("share", self.share)
        click("copy", copy_share_link)
        click("theme", self.retheme)

    # hooks a page fills in ----------------------------------------------------------------------
    def puzzle(self):
        """The puzzle (no pieces) as the worker wants it: a new dict."""
        raise NotImplementedError

    def saved_puzzle(self):
        """The puzzle as the save keeps it: a new dict."""
        return self.puzzle()

    def encode(self, cells):
        """A piece's cells as JSON."""
        raise NotImplementedError

    def decode(self, cells):
        """A piece's cells from JSON (sorted tuple)."""
        raise NotImplementedError

    def link(self, pieces):
        """The link fragment of this puzzle, with these pieces (or None)."""
        raise NotImplementedError

    def piece_name(self, pid):
        """ "the L (L4)"."""
        raise NotImplementedError

    def where_words(self, cells):
        """Where a placed piece went, for the message after "Placed the L" ('' to say nothing)."""
        return ""

    def fits(self, pid, cells):
        """Whether the piece can go on these cells now."""
        raise NotImplementedError

    def solved(self):
        """Whether the placed pieces solve the puzzle."""
        raise NotImplementedError

    def mark_solved(self, done):
        """Show (or stop showing) that the puzzle is solved."""

    def mark_errors(self, cells):
        """Mark the cells the worker's check found wrong (JSON cells), and redraw."""
        raise NotImplementedError

    def clear_errors(self):
        """Forget the marks of the last check."""

    def show_hint(self, ans):
        """Draw the highlights of a hint the worker gave."""
        self.show()

    def forget_hint(self):
        """Drop the highlights of the hint (no redraw)."""

    def locked(self):
        """Whether moves, hints, checks and solves must wait now."""
        return self.busy

    def pieces(self):
        """The ids of this puzzle's pieces, in tray order."""
        return self.IDS

    def listed(self):
        """The pieces the list says are on the board: piece id -> cells."""
        return self.placed()

    def piece_words(self, pid, shown):
        """What the piece list says of one piece."""
        raise NotImplementedError

    def show(self):
        """Draw everything after a change."""
        raise NotImplementedError

    def redraw(self):
        """Redraw in the current colours."""
        self.show()

    def open_link(self, fragment, saved):
        """Open a shared link (its fragment; the saved game, maybe None, may hold progress on it)."""
        raise NotImplementedError

    def resume(self, saved):
        """Continue a saved game."""
        raise NotImplementedError

    def first_puzzle(self):
        """A fresh puzzle, when neither a link nor a saved game gives one."""
        raise NotImplementedError

    async def measure(self):
        """Ask the worker about the puzzle on the board (called after a load once it runs)."""

    async def solve(self):
        """Fill in a solution (keeping the player's pieces when possible), maybe through fill_in."""
        raise NotImplementedError

    # state -------------------------------------------------------------------------------------
    def placed(self):
        """The placed pieces now: piece id -> cells."""
        return dict(self.history.current)

    def snapshot(self, placed):
        """An immutable, ordered form of placed pieces for the history."""
        return tuple((pid, tuple(sorted(placed[pid]))) for pid in self.IDS if pid in placed)

    def encoded(self, placed):
        """Placed pieces as JSON."""
        return dict((pid, self.encode(cells)) for pid, cells in placed.items())

    def begin(self, placed, label):
        """First half of loading a puzzle: fresh history (maybe with pieces), empty hand, no hint."""
        self.token += 1
        self.label = label
        self.history = History(self.snapshot(placed or {}))
        self.hand = None
        self.clear_errors()
        self.close_hint(redraw=False)

    def present(self, seconds, message):
        """Second half of loading a puzzle: clock, drawing, message, save, the worker's measure."""
        self.timer.reset(seconds, running=True)
        self.show()
        say(message or "New " + self.PUZZLE + ".")
        self.check_solved(announce=False)
        self.save()
        if self.worker.ready.is_set():
            spawn(self.measure())

    def open_first(self, key):
        """Show a puzzle at once: the link's, else the saved game (when it has `key`), else a fresh one."""
        fragment = link_fragment()
        bad = self.store.unreadable()
        saved = self.store.load()
        if fragment:
            self.open_link(fragment, saved)
        elif saved and saved.get(key):
            self.resume(saved)
        else:
            self.first_puzzle()
        if bad:
            say("Your saved game could not be read (it was set aside); here is a fresh " + self.PUZZLE + ".", "error")

    def save(self):
        """Save the game in localStorage."""
        data = self.saved_puzzle()
        data["label"] = self.label
        data["seconds"] = self.timer.seconds
        data["placed"] = self.encoded(self.placed())
        self.store.save(data)

    def save_soon(self):
        """Save every few seconds while the timer runs."""
        self._tick += 1
        if self._tick % 5 == 0:
            self.save()

    def commit(self, placed):
        """Record a change of the placed pieces (undoable), redraw, save, detect the end."""
        self.history.push(self.snapshot(placed))
        self.after_change()

    def after_change(self, announce=True):
        """Common tail of moves, undo and redo."""
        if self.hand is not None and self.hand["pid"] in self.placed():
            self.hand = None
        self.clear_errors()
        self.close_hint(redraw=False)
        self.show()
        self.check_solved(announce)
        self.save()

    def check_solved(self, announce=True):
        """Stop the clock and say so when the puzzle is solved."""
        done = self.solved()
        racing, self.timer.running = self.timer.running, not done
        self.mark_solved(done)
        if done and announce and racing:
            say("Solved in " + self.timer.text() + "! " + self.SOLVED, "good")

    def put(self, pid, cells):
        """Place a piece (undoable) and say where, unless that solved the puzzle."""
        placed = self.placed()
        placed[pid] = cells
        if self.hand is not None and self.hand["pid"] == pid:
            self.hand = None
        self.commit(placed)
        if not self.solved():
            say("Placed " + self.piece_name(pid) + self.where_words(cells) + ".")

    # moves through the history ---------------------------------------------------------------------
    def undo(self):
        """Step back one move."""
        if not self.locked() and self.history.undo():
            self.after_change(announce=False)

    def redo(self):
        """Step forward one move."""
        if not self.locked() and self.history.redo():
            self.after_change()

    def clear(self):
        """Take every piece back (undoable)."""
        if self.placed() and not self.locked():
            self.hand = None
            self.commit({})
            say("All pieces are back in the tray. Undo brings them back.")

    def modified_key(self, ev):
        """Keys with Ctrl, Cmd or Alt: Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo, the rest is the browser's.

        Returns whether the key had such a modifier (the caller then stops).
        """
        ctrl = ev.ctrlKey or ev.metaKey
        if not (ctrl or ev.altKey):
            return False
        low = str(ev.key).lower()
        if ctrl and low in ("z", "y"):
            self.redo() if low == "y" or ev.shiftKey else self.undo()
            ev.preventDefault()
        return True

    # the worker ---------------------------------------------------------------------------------------
    def request(self):
        """The puzzle and the placed pieces as the worker wants them."""
        req = self.puzzle()
        req["state"] = self.encoded(self.placed())
        return req

    async def ask(self, command, obj, waiting):
        """The worker's answer for this puzzle; None (after saying why) on an error or a newer puzzle."""
        token = self.token
        ans = await self.worker.call(self.FAMILY, command, obj, waiting)
        if token != self.token:
            return None
        if "error" in ans:
            say(ans["error"], "error")
            return None
        return ans

    async def consult(self, command, waiting):
        """The worker's answer about the board now; None while moves wait, on an error or for an old puzzle."""
        if self.locked():
            return None
        return await self.ask(command, self.request(), waiting)

    async def check(self):
        """Mistakes and whether the puzzle can still be solved."""
        ans = await self.consult("check", "Check will run once the solver loads…")
        if ans is None:
            return
        self.mark_errors(ans.get("errors", []))
        text = ans.get("message", "")
        more = [p.get("text", "") if isinstance(p, dict) else str(p) for p in ans.get("problems") or []]
        if len(more) > 1 or (more and more[0] not in text):
            text += " " + " ".join(more)
        say(text, "good" if ans.get("solvable") else "error")

    async def ask_hint(self):
        """The most forced next piece (or the piece to take back), with its reason."""
        ans = await self.consult("hint", "The hint will come once the solver loads…")
        if ans is None:
            return
        move = ans.get("move") or {}
        self.hint = ans
        el("hint-box").hidden = False
        technique = upper_first(str(ans.get("technique", "hint")))
        if "piece" in move:
            technique += ": " + self.piece_name(move["piece"])
        elif "remove" in move:
            technique = "Take back " + self.piece_name(move["remove"])
        el("hint-title").innerText = technique
        el("hint-reason").innerText = ans.get("reason", "")
        el("hint-apply").hidden = not move
        self.show_hint(ans)

    def apply_hint(self):
        """Play the hinted move."""
        if self.hint is None or self.busy:
            return
        move = self.hint.get("move") or {}
        if "piece" in move:
            pid = move["piece"]
            cells = self.decode(move["cells"])
            if not self.fits(pid, cells):
                say("The " + self.BOARD + " changed since the hint; ask again.", "error")
                return
            self.put(pid, cells)
        elif "remove" in move:
            pid = move["remove"]
            placed = self.placed()
            placed.pop(pid, None)
            self.commit(placed)
            say(upper_first(self.piece_name(pid)) + " is back in the tray.")

    def close_hint(self, redraw=True):
        """Hide the hint and its highlights."""
        self.hint = None
        el("hint-box").hidden = True
        self.forget_hint()
        if redraw:
            self.show()

    async def fill_in(self, solution, kept, animation, extra=""):
        """Play a solution's animation with moves locked, then commit it and say so."""
        self.busy = True
        self.hand = None
        self.close_hint(redraw=False)
        self.timer.running = False
        try:
            await animation
        finally:
            self.busy = False
        self.commit(solution)
        say("Solved by Tessera" + ("" if kept else " (your pieces could not all stay, so they moved)") + "."
            + extra + " Undo takes it back.", "good")

    # showing and links ---------------------------------------------------------------------------------
    def update_list(self):
        """The accessible list of pieces (#piece-list): where each one is."""
        shown = self.listed()
        box = el("piece-list")
        box.innerHTML = ""
        for pid in self.pieces():
            item = document.createElement("li")
            item.textContent = self.piece_words(pid, shown)
            item.setAttribute("data-piece", pid)
            item.className = "placed" if pid in shown else ""
            box.appendChild(item)

    def hand_words(self, pid):
        """ "in hand" or "in the tray", for a piece not on the board."""
        return "in hand" if self.hand is not None and self.hand["pid"] == pid else "in the tray"

    def retheme(self):
        """Toggle dark mode and redraw."""
        toggle_theme()
        self.redraw()

    def share(self):
        """Show (selected, ready to copy) a link that reopens this puzzle, maybe with the pieces."""
        pieces = self.placed() if el("share-progress").checked else None
        show_share_link(self.link(pieces))
        say("Link ready: it reopens this " + self.PUZZLE
            + (" with your " + str(len(pieces)) + " pieces." if pieces else "."))
