"""The sliding-puzzle page (MicroPython, main thread): play, hints, solve playback, lab.

Rules: slide tiles into the blank until they read 1..N row by row, blank last; only
positions of the goal's parity can be solved. Links: sliding.html#<w>x<h>:<tiles>[~<moves>]
(tiles row by row, 0 = blank; moves = tile numbers slid from that position).
Limits: exact distances for boards up to 12 cells and 4x4 only (the worker's solver);
larger boards show the real-time plan's move count, labelled as such.
"""

import asyncio
import random

from pyscript import document
from pyscript import window

from midend import Midend
from slideboard import SlideBoard
from tessera_ui import Store
from tessera_ui import Timer
from tessera_ui import Worker
from tessera_ui import click
from tessera_ui import el
from tessera_ui import fetch_json
from tessera_ui import link_fragment
from tessera_ui import on
from tessera_ui import page_url
from tessera_ui import say
from tessera_ui import set_fragment
from tessera_ui import spawn
from tessera_ui import status
from tessera_ui import toggle_theme

FAMILY = "sliding"
MIN_SIDE, MAX_SIDE = 2, 10
EXACT_GRADE_SIZES = ((3, 3), (4, 4))  # the worker scrambles these to an exact optimal distance
WALKS = (1, 3, 10)  # random-walk length per grade, times the cell count (as the solver does)
DEFAULT_GRADES = ["Easy", "Medium", "Hard", "Random"]
INFORMED = ("a*", "ida*", "greedy")
MOVE_MS = 110  # one slide's animation
DIRECTIONS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right",
              "w": "up", "s": "down", "a": "left", "d": "right"}


# ---------------------------------------------------------------- position helpers


def exact_size(w, h):
    """Whether the worker gives exact optimal distances for this size."""
    return w * h <= 12 or (w, h) == (4, 4)


def goal(w, h):
    """The solved tiles."""
    return list(range(1, w * h)) + [0]


def parse_size(text):
    """(width, height) from 'WxH'; ValueError when it is not a size the page plays."""
    parts = str(text).lower().strip().split("x")
    if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit():
        raise ValueError("a size looks like 4x4 (width x height)")
    w, h = int(parts[0]), int(parts[1])
    if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE) or w * h < 6:
        raise ValueError("sides must be " + str(MIN_SIDE) + " to " + str(MAX_SIDE) + " with at least 6 cells")
    return w, h


def read_numbers(tokens):
    """Whole numbers from text tokens ('_' and '.' are the blank)."""
    out = []
    for tok in tokens:
        if tok in ("_", "."):
            out.append(0)
        elif tok.isdigit():
            out.append(int(tok))
        else:
            raise ValueError("'" + tok + "' is not a tile number")
    return out


def check_tiles(w, h, tiles):
    """The tiles as a list, or ValueError saying what is wrong with them."""
    n = w * h
    if len(tiles) != n:
        raise ValueError("a " + str(w) + "x" + str(h) + " board needs " + str(n) + " tiles (0 for the blank), not "
                         + str(len(tiles)))
    seen = set()
    for t in tiles:
        if t < 0 or t >= n:
            raise ValueError("tile numbers go from 1 to " + str(n - 1) + " with 0 for the blank; " + str(t)
                             + " is out of range")
        if t in seen:
            raise ValueError(("the blank" if t == 0 else "tile " + str(t)) + " appears twice")
        seen.add(t)
    return list(tiles)


def parity(w, h, tiles):
    """(solvable, explanation) by the inversion and blank-row rule."""
    order = [t for t in tiles if t]
    inv = 0
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if a > b:
                inv += 1
    if w % 2:
        ok = inv % 2 == 0
        why = ("On a board of odd width (" + str(w) + ") every move keeps the parity of the number of inversions "
               "(pairs of tiles where a larger number comes before a smaller one, reading row by row). The goal "
               "has 0 inversions (even); this position has " + str(inv) + " (" + ("even" if ok else "odd") + ").")
    else:
        row = h - tiles.index(0) // w
        total = inv + row
        ok = total % 2 == 1
        why = ("On a board of even width (" + str(w) + ") a sideways move keeps the inversions (pairs of tiles where "
               "a larger number comes before a smaller one) and an up or down move changes them by an odd number "
               "while the blank changes row, so the parity of inversions + the blank's row counted from the bottom "
               "never changes. The goal has 0 + 1 = 1 (odd); this position has " + str(inv) + " + " + str(row)
               + " = " + str(total) + " (" + ("odd" if ok else "even") + ").")
    if ok:
        return True, "This position can be solved. " + why
    return False, ("This position cannot be solved: its parity differs from the goal's. " + why
                   + " Swapping any two tiles would make it solvable.")


def cell_towards(w, h, blank, direction):
    """The cell whose tile slides into the blank in `direction`, or -1."""
    r, c = divmod(blank, w)
    if direction == "up" and r < h - 1:
        return blank + w
    if direction == "down" and r > 0:
        return blank - w
    if direction == "left" and c < w - 1:
        return blank + 1
    if direction == "right" and c > 0:
        return blank - 1
    return -1


def line_moves(w, tiles, cell):
    """Tiles that slide (nearest the blank first) when the tile at `cell` is pushed towards the blank."""
    blank = tiles.index(0)
    if cell == blank:
        return []
    br, bc = divmod(blank, w)
    r, c = divmod(cell, w)
    if r == br:
        step = 1 if c > bc else -1
    elif c == bc:
        step = w if r > br else -w
    else:
        return []
    return [tiles[k] for k in range(blank + step, cell + step, step)]


def random_position(w, h, grade):
    """A solvable position made on this page: a random walk by grade, or a uniform shuffle ('Random')."""
    n = w * h
    if grade >= len(WALKS):
        tiles = list(range(n))
        for i in range(n - 1, 0, -1):
            j = random.getrandbits(24) % (i + 1)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        if not parity(w, h, tiles)[0]:
            a, b = [k for k in range(n) if tiles[k]][:2]
            tiles[a], tiles[b] = tiles[b], tiles[a]
        return tiles if tiles != goal(w, h) else random_position(w, h, 0)
    tiles = goal(w, h)
    blank, prev = n - 1, -1
    for _ in range(WALKS[grade] * n):
        r, c = divmod(blank, w)
        options = [k for k, ok in ((blank - w, r > 0), (blank + w, r < h - 1), (blank - 1, c > 0),
                                   (blank + 1, c < w - 1)) if ok and k != prev]
        k = options[random.getrandbits(16) % len(options)]
        tiles[blank], tiles[k] = tiles[k], 0
        prev, blank = blank, k
    return tiles if tiles != goal(w, h) else random_position(w, h, grade)


def parse_link(fragment):
    """(w, h, tiles, moves) from '<w>x<h>:<tiles>[~<moves>]'; ValueError when malformed."""
    body, _, progress = fragment.strip().partition("~")
    size, sep, rest = body.partition(":")
    if not sep:
        raise ValueError("it should look like 3x3:1,2,3,4,5,6,7,0,8")
    w, h = parse_size(size)
    tiles = check_tiles(w, h, read_numbers([t for t in rest.split(",") if t.strip()]))
    moves = read_numbers([t for t in progress.split(",") if t.strip()]) if progress else []
    return w, h, tiles, moves


def parse_custom(text):
    """(w, h, tiles) from typed rows, or 'WxH:' and all tiles; ValueError with a reason."""
    text = text.strip()
    if ":" in text:
        w, h, tiles, _ = parse_link(text.replace(" ", ",").replace("\n", ","))
        return w, h, tiles
    rows = [line.replace(",", " ").split() for line in text.split("\n") if line.strip()]
    if not rows:
        raise ValueError("type the tiles row by row first")
    if len(rows) == 1:
        n = len(rows[0])
        side = int(n ** 0.5 + 0.5)
        if side * side != n:
            raise ValueError("one line must hold a square number of tiles (9, 16, …); use one line per row "
                             "or WxH: for other shapes")
        w = h = side
    else:
        w, h = len(rows[0]), len(rows)
        if any(len(r) != w for r in rows):
            raise ValueError("every row needs the same number of tiles")
    parse_size(str(w) + "x" + str(h))
    tiles = check_tiles(w, h, read_numbers([t for r in rows for t in r]))
    return w, h, tiles


def replay(w, tiles, moves):
    """The tiles after sliding `moves` (tile numbers); ValueError at the first impossible one."""
    tiles = list(tiles)
    h = len(tiles) // w
    for t in moves:
        if t <= 0 or t >= len(tiles):
            raise ValueError("there is no tile " + str(t))
        blank, cell = tiles.index(0), tiles.index(t)
        if cell not in [blank + d for d in (-w, w, -1, 1)] or (abs(cell - blank) == 1 and cell // w != blank // w):
            raise ValueError("tile " + str(t) + " is not next to the blank")
        tiles[blank], tiles[cell] = t, 0
    if len(tiles) != w * h:
        raise ValueError("bad board")
    return tiles


def sliding_word(w, tiles, t):
    """Which way tile t would slide into the blank."""
    d = tiles.index(t) - tiles.index(0)
    return {w: "up", -w: "down", 1: "left", -1: "right"}.get(d, "")


# ---------------------------------------------------------------- the page


class SlidingPage:
    """Controller: the game (start, moves, undo), the board, the worker calls."""

    # shared with the grid pages: difficulty choices, theme toggle, copying the link
    fill_grades = Midend.fill_grades
    copy_link = Midend.copy_link

    def retheme(self):
        """Toggle dark mode and redraw in its colours."""
        toggle_theme()
        self.board.draw()

    def __init__(self):
        self.board = SlideBoard("board", "aria-board")
        self.board.on_tap = self.tap
        self.board.on_swipe = self.swipe
        self.worker = Worker()
        self.store = Store("tessera-sliding")
        self.timer = Timer(on_tick=self.save_soon)
        self.grades = list(DEFAULT_GRADES)
        self.starters = []
        self.w = self.h = 0
        self.start_tiles = []
        self.tiles = []
        self.moves = []
        self.index = 0
        self.meta = {}
        self.hint = None
        self.dist = None  # (tiles key, distance, exact)
        self.dist_busy = False
        self.dist_gen = 0
        self.player = None
        self.lab_gen = 0
        self.by_tessera = False
        self._tick = 0
        self.bind()

    def bind(self):
        """Wire buttons and keys."""
        click("undo", self.undo)
        click("redo", self.redo)
        click("restart", self.restart)
        click("hint", lambda: spawn(self.ask_hint()))
        click("hint-apply", self.apply_hint)
        click("hint-close", self.close_hint)
        click("solve", lambda: spawn(self.solve()))
        click("play-pause", self.toggle_pause)
        click("play-step", self.step_player)
        click("play-stop", self.stop_player)
        click("new", lambda: spawn(self.new_puzzle()))
        click("share", self.share)
        click("copy", self.copy_link)
        click("custom-load", self.load_custom)
        click("lab-run", lambda: spawn(self.run_lab()))
        click("lab-stop", self.stop_lab)
        click("theme", self.retheme)
        on(document, "keydown", self.key)
        on(window, "hashchange", lambda _e: self.open_link(link_fragment(), None) if link_fragment() else None)

    async def start(self):
        """Show a board at once (saved game, link or starter); the worker loads meanwhile."""
        data = await fetch_json("./data/starters.json")
        self.starters = [p for p in (data or {}).get(FAMILY, []) if "tiles" in p]
        if self.starters:
            self.grades = [str(p.get("difficulty")) for p in self.starters]
        self.fill_grades()
        fragment = link_fragment()
        bad = self.store.unreadable()
        saved = self.store.load()
        if fragment:
            self.open_link(fragment, saved)
        elif saved and saved.get("start"):
            self.resume(saved)
        else:
            self.fresh("Your saved game could not be read (it was set aside); here is a fresh puzzle." if bad else "")
        spawn(self.after_worker())

    async def after_worker(self):
        """Once the worker runs: take its grade names and work out the distance."""
        await self.worker.ready.wait()
        info = await self.worker.call(FAMILY, "info", {})
        if info.get("grades"):
            self.grades = list(info["grades"])
            self.fill_grades()
        self.want_distance()

    def fresh(self, message=""):
        """A ready-made starter (or a page-made position when there is none)."""
        if self.starters:
            p = self.starters[0]
            self.load(p["width"], p["height"], p["tiles"], {"difficulty": p.get("difficulty"),
                                                            "distance": p.get("distance")}, message=message)
        else:
            self.load(4, 4, random_position(4, 4, 1), {"difficulty": "Medium"}, message=message)

    # game state ----------------------------------------------------------------------
    def load(self, w, h, tiles, meta=None, moves=None, index=None, seconds=0, message=""):
        """Start playing a position (moves: already played from it)."""
        self.stop_player()
        self.w, self.h = w, h
        self.start_tiles = list(tiles)
        self.moves = list(moves or [])
        self.index = len(self.moves) if index is None else max(0, min(index, len(self.moves)))
        self.tiles = replay(w, tiles, self.moves[:self.index])
        self.meta = dict(meta or {})
        self.dist = None
        self.by_tessera = False
        if self.meta.get("distance") is not None and exact_size(w, h):
            self.dist = (tuple(tiles), int(self.meta["distance"]), True)
        self.board.setup(w, h, self.tiles)
        self.close_hint()
        el("size").value = str(w) + "x" + str(h)
        self.timer.reset(seconds, running=True)
        grade = self.meta.get("difficulty")
        say(message or ("New puzzle" + (" · " + str(grade) if grade else "") + " · " + str(w) + "×" + str(h)))
        if message.startswith("That") or message.startswith("Your saved"):
            el("message").className = "message error"
        self.after_change(announce=False)

    def resume(self, saved):
        """Continue a saved game."""
        try:
            w, h = parse_size(str(saved["w"]) + "x" + str(saved["h"]))
            tiles = check_tiles(w, h, [int(t) for t in saved["start"]])
            if not parity(w, h, tiles)[0]:
                raise ValueError("unsolvable")
            self.load(w, h, tiles, saved.get("meta"), [int(t) for t in saved.get("moves", [])],
                      int(saved.get("index", 0)), int(saved.get("seconds", 0)),
                      "Welcome back: your game is as you left it.")
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            self.fresh("Your saved game could not be read; here is a fresh puzzle.")

    def open_link(self, fragment, saved):
        """Open a shared position; a bad link gives a message and a fresh puzzle."""
        set_fragment("")
        try:
            w, h, tiles, moves = parse_link(fragment)
        except ValueError as exc:
            self.fresh("That link is not a valid position (" + str(exc) + "); here is a fresh puzzle.")
            return
        ok, why = parity(w, h, tiles)
        if not ok:
            self.fresh("That link's position cannot be solved, so here is a fresh puzzle. " + why)
            return
        try:
            replay(w, tiles, moves)
        except ValueError as exc:
            self.load(w, h, tiles, {"difficulty": "Shared"},
                      message="Shared position loaded, but its moves do not fit it (" + str(exc) + ").")
            return
        if saved and not moves and saved.get("start") == tiles and saved.get("w") == w and saved.get("h") == h:
            self.resume(saved)
            return
        played = ". Good luck!"
        if moves:
            played = " with " + str(len(moves)) + (" move" if len(moves) == 1 else " moves") + " played."
        self.load(w, h, tiles, {"difficulty": "Shared"}, moves, message="Shared position loaded" + played)

    def solved(self):
        """Whether the tiles are in order."""
        return self.tiles == goal(self.w, self.h)

    def after_change(self, announce=True, moved=None, duration=0):
        """Redraw, count, save, detect the end, refresh the distance."""
        self.board.solved = self.solved()
        if moved:
            self.board.slide(self.tiles, moved, duration)
        else:
            self.board.tiles = list(self.tiles)
            self.board.draw()
        el("moves").innerText = str(self.index)
        el("undo").disabled = self.index == 0
        el("redo").disabled = self.index >= len(self.moves)
        if self.board.solved:
            was_running = self.timer.running
            self.timer.running = False
            if announce and was_running:
                if self.by_tessera:
                    say("Solved by Tessera. Undo takes the moves back.", "good")
                else:
                    say("Solved in " + str(self.index) + " moves and " + self.timer.text() + "! Well done.", "good")
        else:
            self.timer.running = True
        self.save()
        self.want_distance()

    def play(self, seq, duration=MOVE_MS, by_tessera=False):
        """Slide these tiles one after another (each must be next to the blank); True when all moved."""
        w = self.w
        moved = {}
        for t in seq:
            try:
                before = self.tiles.index(t)
                self.tiles = replay(w, self.tiles, [t])
            except ValueError:
                return False
            moved[t] = before
            if self.index < len(self.moves) and self.moves[self.index] == t:
                self.index += 1  # same as the redo branch: keep it
            else:
                del self.moves[self.index:]
                self.moves.append(t)
                self.index += 1
        if not seq:
            return False
        self.by_tessera = by_tessera
        hint = self.hint
        if hint is not None and seq == [hint.get("move")] and hint.get("exact"):
            self.dist = (tuple(self.tiles), int(hint["distance_after"]), True)
        self.close_hint()
        self.after_change(moved=moved, duration=duration)
        return True

    def save(self):
        """Save the game in localStorage."""
        self.store.save({"w": self.w, "h": self.h, "start": self.start_tiles, "moves": self.moves,
                         "index": self.index, "seconds": self.timer.seconds, "meta": self.meta})

    def save_soon(self):
        """Save every few ticks of the timer."""
        self._tick += 1
        if self._tick % 5 == 0:
            self.save()

    # distance ----------------------------------------------------------------------------
    def show_distance(self):
        """The 'N moves from solved' line."""
        box = el("distance")
        if self.solved():
            box.innerText = "Solved: 0 moves left"
            box.className = "distance good"
            return
        if self.dist is not None and self.dist[0] == tuple(self.tiles):
            n, exact = self.dist[1], self.dist[2]
            words = str(n) + (" move" if n == 1 else " moves")
            if exact:
                box.innerText = words + " from solved"
            else:
                box.innerText = words + " by the real-time plan (the shortest may be fewer)"
            box.className = "distance"
            return
        box.innerText = "distance: computing…" if self.worker.ready.is_set() else "distance: once the solver loads"
        box.className = "distance muted"

    def want_distance(self):
        """Ask the worker for the current distance unless it is known or a request runs."""
        self.show_distance()
        if self.solved() or (self.dist is not None and self.dist[0] == tuple(self.tiles)):
            return
        if not self.dist_busy:
            spawn(self.distance_loop())

    async def distance_loop(self):
        """One request at a time; when the position moved meanwhile, ask again for the new one."""
        self.dist_busy = True
        gen = self.dist_gen
        try:
            while gen == self.dist_gen:
                await self.worker.ready.wait()
                key = tuple(self.tiles)
                if self.solved() or (self.dist is not None and self.dist[0] == key) or self.player is not None:
                    break
                ans = await self.worker.call(FAMILY, "hint", {"width": self.w, "height": self.h, "tiles": list(key)})
                if gen != self.dist_gen:
                    return
                if "distance_before" in ans:
                    if key == tuple(self.tiles):  # otherwise the loop asks again for the new position
                        self.dist = (key, int(ans["distance_before"]), bool(ans.get("exact")))
                elif "error" in ans:
                    el("distance").innerText = "distance unknown: " + str(ans["error"])
                    break
                self.show_distance()
        finally:
            if gen == self.dist_gen:
                self.dist_busy = False

    # input -----------------------------------------------------------------------------------
    def tap(self, cell):
        """A tile clicked: slide it (and those between it and the blank) if it is in line."""
        if self.player is not None:
            self.stop_player()
        seq = line_moves(self.w, self.tiles, cell)
        if not seq:
            if self.tiles[cell]:
                say("Tile " + str(self.tiles[cell]) + " is not in the blank's row or column.")
            return
        self.play(seq)

    def swipe(self, direction):
        """Slide the tile that moves in this direction."""
        if self.player is not None:
            self.stop_player()
        cell = cell_towards(self.w, self.h, self.tiles.index(0), direction)
        if cell < 0:
            say("No tile can slide " + direction + ".")
            return
        self.play([self.tiles[cell]])

    def key(self, ev):
        """Keyboard: arrows and WASD slide, H hint, Ctrl+Z/Y undo/redo, Space pauses a solve."""
        target = str(ev.target.tagName).upper()
        if target in ("INPUT", "TEXTAREA", "SELECT") or not self.w:
            return
        key = str(ev.key)
        ctrl = ev.ctrlKey or ev.metaKey
        if ctrl and key.lower() == "z":
            self.redo() if ev.shiftKey else self.undo()
        elif ctrl and key.lower() == "y":
            self.redo()
        elif ctrl or ev.altKey:
            return
        elif key in DIRECTIONS or key.lower() in ("w", "a", "s", "d"):
            self.swipe(DIRECTIONS.get(key) or DIRECTIONS[key.lower()])
        elif key.lower() == "h":
            spawn(self.ask_hint())
        elif key == " " and self.player is not None:
            self.toggle_pause()
        else:
            return
        ev.preventDefault()

    def undo(self):
        """Slide the last tile back."""
        if self.index == 0:
            return
        self.stop_player()
        t = self.moves[self.index - 1]
        before = self.tiles.index(t)
        self.tiles = replay(self.w, self.tiles, [t])
        self.index -= 1
        self.close_hint()
        self.after_change(announce=False, moved={t: before}, duration=MOVE_MS)

    def redo(self):
        """Replay the next undone move."""
        if self.index < len(self.moves):
            self.stop_player()
            self.play([self.moves[self.index]])

    def restart(self):
        """Back to the starting position (the moves stay in the redo list)."""
        self.stop_player()
        self.tiles = list(self.start_tiles)
        self.index = 0
        self.close_hint()
        self.timer.reset(0)
        self.after_change(announce=False)
        say("Back at the start: Redo replays your moves.")

    # hints ----------------------------------------------------------------------------------------
    async def ask_hint(self):
        """Ask the worker for the next move and show it with the distance before and after."""
        if self.solved():
            say("The tiles are already in order.", "good")
            return
        key = list(self.tiles)
        say("Looking for the next move…")
        ans = await self.worker.call(FAMILY, "hint", {"width": self.w, "height": self.h, "tiles": key},
                                     "The hint will come once the solver has loaded…")
        if key != self.tiles:
            return
        if "error" in ans:
            say(ans["error"], "error")
            return
        t = ans.get("move")
        if not t:
            say(ans.get("reason", "No move to suggest."))
            return
        self.hint = ans
        before, after = ans.get("distance_before"), ans.get("distance_after")
        exact = bool(ans.get("exact"))
        self.dist = (tuple(key), int(before), exact)
        self.show_distance()
        way = sliding_word(self.w, self.tiles, t)
        el("hint-box").hidden = False
        el("hint-title").innerText = "Slide " + str(t) + " " + way
        if exact:
            detail = ("Moves to solved: " + str(before) + " → " + str(after) + ". This move starts a shortest "
                      "solution.")
        else:
            detail = ("Real-time plan, " + str(ans.get("phase", "")) + ": " + str(before) + " → " + str(after)
                      + " moves along the plan (not necessarily the shortest).")
        el("hint-reason").innerText = detail
        self.board.hint_tile = t
        self.board.draw()
        say("Hint: slide " + str(t) + " " + way + " (" + str(before) + " → " + str(after) + ").")

    def apply_hint(self):
        """Play the hinted move."""
        if self.hint is not None and self.hint.get("move"):
            self.play([self.hint["move"]])

    def close_hint(self):
        """Hide the hint and its highlight."""
        self.hint = None
        el("hint-box").hidden = True
        if self.board.hint_tile:
            self.board.hint_tile = 0
            self.board.draw()

    # solve playback -----------------------------------------------------------------------------------
    async def solve(self):
        """Fetch a solution and play it at the chosen speed (pause, step, stop)."""
        if self.solved():
            say("The tiles are already in order.", "good")
            return
        self.stop_player()
        key = list(self.tiles)
        say("Finding a solution…")
        ans = await self.worker.call(FAMILY, "solve", {"width": self.w, "height": self.h, "tiles": key,
                                                       "optimal": True},
                                     "Solve will run when the solver has loaded…")
        if key != self.tiles:
            return
        if "error" in ans:
            say(ans["error"], "error")
            return
        moves = list(ans.get("moves", []))
        kind = "a shortest solution" if ans.get("optimal") else "the real-time method's solution (not the shortest)"
        if ans.get("optimal"):
            self.dist = (tuple(key), len(moves), True)
        say("Playing " + kind + ": " + str(len(moves)) + " moves.")
        self.player = {"moves": moves, "i": 0, "paused": False, "kind": kind}
        el("player").hidden = False
        self.show_player()
        await self.run_player(self.player)

    def show_player(self):
        """The playback controls' state."""
        p = self.player
        if p is None:
            el("player").hidden = True
            return
        el("play-pause").innerText = "Resume" if p["paused"] else "Pause"
        el("play-pause").setAttribute("aria-pressed", "true" if p["paused"] else "false")
        el("play-count").innerText = "move " + str(p["i"]) + " of " + str(len(p["moves"]))

    async def run_player(self, p):
        """Play the moves until the end, a stop or a change of position."""
        while self.player is p and p["i"] < len(p["moves"]):
            if p["paused"]:
                await asyncio.sleep(0.05)
                continue
            speed = int(el("speed").value or "300")
            if speed <= 0:
                rest = p["moves"][p["i"]:]
                p["i"] = len(p["moves"])
                self.play_batch(rest)
                break
            self.player_move(p, min(int(speed * 0.8), 220))
            await asyncio.sleep(speed / 1000)
        if self.player is p:
            self.player = None
            self.show_player()
            if self.solved():
                say("Solved by Tessera with " + p["kind"] + ": " + str(len(p["moves"])) + " moves. Undo takes "
                    "them back.", "good")

    def player_move(self, p, duration):
        """Play the player's next move."""
        t = p["moves"][p["i"]]
        p["i"] += 1
        keep, self.player = self.player, None  # a move by the player itself must not stop it
        self.play([t], duration, by_tessera=True)
        self.player = keep
        self.show_player()

    def play_batch(self, seq):
        """Play many moves at once without animation."""
        for t in seq:
            self.tiles = replay(self.w, self.tiles, [t])
            del self.moves[self.index:]
            self.moves.append(t)
            self.index += 1
        self.by_tessera = True
        self.close_hint()
        self.after_change()

    def toggle_pause(self):
        """Pause or resume the playback."""
        if self.player is not None:
            self.player["paused"] = not self.player["paused"]
            self.show_player()

    def step_player(self):
        """One move of a paused playback."""
        p = self.player
        if p is None:
            return
        p["paused"] = True
        if p["i"] < len(p["moves"]):
            self.player_move(p, MOVE_MS)

    def stop_player(self):
        """End the playback where it is."""
        if self.player is not None:
            self.player = None
            self.show_player()
            self.want_distance()

    # new, share, custom ---------------------------------------------------------------------------
    async def new_puzzle(self):
        """A new position of the chosen size and difficulty."""
        try:
            w, h = parse_size(el("size").value)
        except ValueError as exc:
            say(str(exc), "error")
            return
        grade = max(1, min(int(el("difficulty").value or "1"), len(self.grades))) - 1
        name = self.grades[grade]
        if (w, h) in EXACT_GRADE_SIZES and name != "Random":
            start = self.starters[grade] if grade < len(self.starters) else None
            if not self.worker.ready.is_set() and start and (start["width"], start["height"]) == (w, h):
                self.load(w, h, start["tiles"], {"difficulty": name, "distance": start.get("distance")},
                          message="New puzzle · " + name + " (the solver is still loading, so this is a "
                          "ready-made one).")
                return
            say("Making a new puzzle…")
            ans = await self.worker.call(FAMILY, "generate", {"difficulty": grade + 1, "size": w,
                                                              "seed": random.getrandbits(30)},
                                         "The new puzzle will come when the solver has loaded…")
            if "error" in ans:
                say(ans["error"], "error")
                return
            self.load(w, h, ans["tiles"], {"difficulty": name, "distance": ans.get("distance")},
                      message="New puzzle · " + name + " · " + str(ans.get("distance")) + " moves from solved")
            return
        self.load(w, h, random_position(w, h, grade), {"difficulty": name})

    def link_of(self, with_moves):
        """#<w>x<h>:<tiles>[~<moves>]."""
        text = str(self.w) + "x" + str(self.h) + ":" + ",".join(str(t) for t in self.start_tiles)
        if with_moves and self.index:
            text += "~" + ",".join(str(t) for t in self.moves[:self.index])
        return text

    def share(self):
        """Show a link that reopens this position (optionally with the moves played)."""
        with_moves = el("share-progress").checked
        el("share-row").hidden = False
        el("share-link").value = page_url(self.link_of(with_moves))
        el("share-link").select()
        say("Link ready: it reopens this puzzle" + (" with your moves." if with_moves else " from its start."))

    def load_custom(self):
        """Play a typed position; an unsolvable one is explained, not accepted."""
        try:
            w, h, tiles = parse_custom(str(el("custom").value))
        except ValueError as exc:
            say("That position cannot be read: " + str(exc) + ".", "error")
            return
        ok, why = parity(w, h, tiles)
        if not ok:
            say(why, "error")
            return
        self.load(w, h, tiles, {"difficulty": "Custom"}, message="Your position is loaded. " + why)

    # lab ---------------------------------------------------------------------------------------------
    def checked(self, name):
        """Values of the checked boxes of a group."""
        nodes = document.querySelectorAll("input[name=" + name + "]:checked")
        return [str(nodes.item(i).value) for i in range(nodes.length)]

    async def run_lab(self):
        """Run each chosen (algorithm, heuristic) on the current position and fill the table."""
        algos, heurs = self.checked("algo"), self.checked("heur")
        pairs = []
        for a in algos:
            if a in INFORMED:
                pairs += [[a, h] for h in heurs]
            else:
                pairs.append([a, ""])
        if not pairs:
            say("Choose at least one algorithm (and a heuristic for A*, IDA* or greedy).", "error")
            return
        try:
            nodes = max(1000, int(float(el("lab-nodes").value)))
            seconds = max(0.5, float(el("lab-seconds").value))
        except ValueError:
            say("The budgets must be numbers.", "error")
            return
        self.lab_gen += 1
        gen = self.lab_gen
        tiles = list(self.tiles)
        w, h = self.w, self.h
        el("lab-table").hidden = False
        el("lab-rows").innerHTML = ""
        caption = str(w) + "×" + str(h) + " position " + ",".join(str(t) for t in tiles)
        if self.dist is not None and self.dist[0] == tuple(tiles) and self.dist[2]:
            caption += " · shortest solution " + str(self.dist[1]) + " moves"
        el("lab-caption").innerText = caption + " · budget " + str(nodes) + " nodes, " + str(seconds) + " s per run"
        el("lab-run").disabled = True
        el("lab-stop").disabled = False
        done = 0
        for a, hname in pairs:
            if gen != self.lab_gen:
                return
            row = self.lab_row([a.upper() if a in ("bfs", "iddfs") else a, hname, "running…", "", "", "", ""])
            el("lab-status").innerText = "Running " + str(done + 1) + " of " + str(len(pairs)) + "…"
            ans = await self.worker.call(FAMILY, "lab", {"width": w, "height": h, "tiles": tiles,
                                                         "algorithms": [[a, hname]], "max_nodes": nodes,
                                                         "max_seconds": seconds},
                                         "The lab will run once the solver has loaded…")
            if gen != self.lab_gen:
                return
            if "error" in ans:
                self.fill_row(row, [a, hname, "error", "", "", "", ans["error"]])
            else:
                for r in ans.get("rows", []):
                    self.fill_row(row, self.lab_values(r))
            done += 1
        el("lab-status").innerText = "Done: " + str(done) + " runs."
        el("lab-run").disabled = False
        el("lab-stop").disabled = True
        say("Lab finished: " + str(done) + " runs on this position.", "good")

    def lab_values(self, r):
        """A lab answer row as the table's cells."""
        length = r.get("length")
        if length is not None and r.get("solved") and r.get("optimal"):
            length = str(length) + " (optimal)"
        return [r.get("algorithm", ""), r.get("heuristic") or "—", "yes" if r.get("solved") else "no",
                "" if length is None else str(length), self.thousands(r.get("nodes", 0)),
                "{:.3f}".format(float(r.get("seconds") or 0)), r.get("note") or ""]

    def thousands(self, n):
        """12345 -> '12,345'."""
        s = str(int(n or 0))
        out = ""
        while len(s) > 3:
            out = "," + s[-3:] + out
            s = s[:-3]
        return s + out

    def lab_row(self, values):
        """Append a table row."""
        tr = document.createElement("tr")
        for _ in values:
            tr.appendChild(document.createElement("td"))
        el("lab-rows").appendChild(tr)
        self.fill_row(tr, values)
        return tr

    def fill_row(self, tr, values):
        """Set a row's cells."""
        cells = tr.children
        for i, v in enumerate(values):
            cells.item(i).textContent = str(v)
        tr.className = "lab-" + ("ok" if values[2] == "yes" else "no" if values[2] in ("no", "error") else "run")

    def stop_lab(self):
        """Stop the lab by restarting the worker."""
        self.lab_gen += 1
        self.dist_gen += 1
        self.dist_busy = False
        self.worker.cancel()
        rows = el("lab-rows").children
        for i in range(rows.length):
            tr = rows.item(i)
            if tr.className == "lab-run":
                self.fill_row(tr, [tr.children.item(0).textContent, tr.children.item(1).textContent, "stopped",
                                   "", "", "", "stopped by you"])
        el("lab-status").innerText = "Stopped; the solver restarts."
        el("lab-run").disabled = False
        el("lab-stop").disabled = True
        status("Restarting the solver…")
        spawn(self.after_restart())

    async def after_restart(self):
        """Once the new worker runs, resume the distance."""
        await self.worker.ready.wait()
        self.want_distance()


PAGE = SlidingPage()
spawn(PAGE.start())
