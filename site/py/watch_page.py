"""Watch the solver (MicroPython, main thread): two solver traces of one puzzle, animated side by side.

Sudoku pits the study's naive backtracking against Tessera's propagation; Skyscrapers the
reference's phase solver against the hint logic. Events stream from the worker in chunks as
the animation uses them; Back undoes events from a bounded log (the last BACK_LIMIT per pane).
Links: #sudoku/<grid> or #skyscrapers/<n>/<top>/<right>/<bottom>/<left>[/<r><c><v>,...].
"""

import asyncio
import json
import random
import time

from pyscript import document

from gridboard import SYMBOLS
from gridboard import GridBoard
from tessera_ui import Store
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
from tessera_ui import toggle_theme

SPEEDS = [1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000, 300000]
BACK_LIMIT = 5000  # events each pane can step back over
FRAME = 1 / 30  # seconds between frames while playing
FRAME_BUDGET_MS = 24  # time per frame for applying events (both panes)
STUCK_MS = 2500  # a chunk request older than this at Stop means the worker is stuck
SIDES = ("top", "right", "bottom", "left")
BOXES = {4: (2, 2), 6: (3, 2), 9: (3, 3), 12: (4, 3), 16: (4, 4)}

FAMILIES = {
    "sudoku": {
        "name": "Sudoku", "compare": True,
        "sizes": [(4, "4×4"), (6, "6×6"), (9, "9×9"), (16, "16×16")], "size": 9,
        "grades": ["Easy", "Medium", "Hard", "Expert", "Diabolical"],
        "methods": [
            ("backtracking", "Naive backtracking (the study)",
             "Tries 1, 2, 3… in each empty cell in reading order, checks its row, column and box, and "
             "steps back to the previous cell when no digit fits. One step = one digit written or rubbed out."),
            ("propagation", "Tessera's propagation",
             "Writes only forced digits (naked and hidden singles); when stuck it guesses at the cell with the "
             "fewest candidates and undoes the guess if it fails. One step = one digit written."),
        ],
    },
    "skyscrapers": {
        "name": "Skyscrapers", "compare": False,  # a search node and a technique are not the same unit
        "sizes": [(4, "4×4"), (5, "5×5"), (6, "6×6"), (7, "7×7")], "size": 5,
        "grades": ["Easy", "Medium", "Hard", "Extreme"],
        "methods": [
            ("phases", "Phase solver (the reference)",
             "Narrows candidates phase by phase from the clues, then searches line permutations, guessing "
             "and backing up. One step = one search node."),
            ("logic", "Human logic (Tessera's hints)",
             "Applies the hint techniques one at a time, writing a height or crossing out candidates. "
             "One step = one technique applied."),
        ],
    },
}


# the events that are one solver step of a method, so a counter ends on the solver's own "steps"
COUNTED = {"backtracking": ("set", "clear"), "propagation": ("set",), "phases": ("backtrack",), "logic": ("technique",)}


def counts(method, ev):
    """Whether event `ev` is one solver step of `method` (a search node, for the phase solver)."""
    kind = ev.get("event")
    return kind in COUNTED.get(method, ()) or (method == "phases" and kind == "candidates" and "depth" in ev)


def grouped(number):
    """12345 -> '12,345'."""
    text = str(number)
    out = ""
    while len(text) > 3:
        out = "," + text[-3:] + out
        text = text[:-3]
    return text + out


def steps_text(number):
    """'1 step', '12,345 steps'."""
    return grouped(number) + (" step" if number == 1 else " steps")


def mask_of(text):
    """The candidate bitmask of a string of symbols ('135')."""
    mask = 0
    for ch in text:
        k = SYMBOLS.find(ch.upper())
        if k >= 0:
            mask |= 1 << k
    return mask


# puzzles -------------------------------------------------------------------------------
def read_grid(text):
    """Sudoku values and box of a grid string; ValueError with a reason when it is not one."""
    text = "".join(text.split()).upper()
    n = int(len(text) ** 0.5 + 0.5)
    if n * n != len(text) or n not in BOXES:
        raise ValueError("a Sudoku grid has 16, 36, 81, 144 or 256 characters, not " + str(len(text)))
    out = []
    for ch in text:
        v = 0 if ch in ".0" else SYMBOLS.find(ch) + 1
        if v < 0 or v > n or (v == 0 and ch not in ".0"):
            raise ValueError("'" + ch + "' is not a value of a " + str(n) + "×" + str(n) + " Sudoku")
        out.append(v)
    return out, BOXES[n]


def grid_text(values):
    """The grid string of Sudoku values."""
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


def within(value, low, high, what):
    """`value` when low <= value <= high, else ValueError naming `what`."""
    if not low <= value <= high:
        raise ValueError(what + " must be " + str(low) + " to " + str(high) + ", not " + str(value))
    return value


def decode(family, puzzle):
    """(n, box or None, clues or None, givens as values) of a puzzle dict; ValueError when malformed."""
    if family == "sudoku":
        values, box = read_grid(str(puzzle["grid"]))
        return int(len(values) ** 0.5 + 0.5), box, None, values
    n = int(puzzle["n"])
    within(n, 3, 9, "the size")
    clues = dict((side, [within(int(v), 0, n, "a " + side + " clue") for v in puzzle.get(side) or [0] * n])
                 for side in SIDES)
    if any(len(line) != n for line in clues.values()):
        raise ValueError("every side needs " + str(n) + " clues (0 for none)")
    givens = [0] * (n * n)
    for given in puzzle.get("givens") or []:
        r, c, v = (within(int(x), lo, hi, "a given") for x, lo, hi in zip(given, (0, 0, 1), (n - 1, n - 1, n)))
        givens[r * n + c] = v
    return n, None, clues, givens


def link_text(family, puzzle):
    """The link fragment of a puzzle."""
    if family == "sudoku":
        return "sudoku/" + grid_text(read_grid(puzzle["grid"])[0])
    parts = ["skyscrapers", str(puzzle["n"])] + ["".join(str(v) for v in puzzle[s]) for s in SIDES]
    if puzzle.get("givens"):
        parts.append(",".join(str(r) + str(c) + str(v) for r, c, v in puzzle["givens"]))
    return "/".join(parts)


def read_link(fragment):
    """(family, puzzle dict) from a link fragment; ValueError when it is not one."""
    parts = fragment.split("/")
    if parts[0] == "sudoku" and len(parts) == 2:
        values, box = read_grid(parts[1])
        return "sudoku", {"grid": grid_text(values), "box": list(box)}
    if parts[0] == "skyscrapers" and len(parts) in (6, 7) and parts[1].isdigit():
        n = int(parts[1])
        puzzle = {"n": n}
        for side, text in zip(SIDES, parts[2:6]):
            if len(text) != n or not text.isdigit():
                raise ValueError("each clue line needs " + str(n) + " digits")
            puzzle[side] = [int(ch) for ch in text]
        givens = []
        if len(parts) == 7 and parts[6]:
            for item in parts[6].split(","):
                if len(item) != 3 or not item.isdigit():
                    raise ValueError("givens are written row, column, value")
                givens.append([int(item[0]), int(item[1]), int(item[2])])
        puzzle["givens"] = givens
        decode("skyscrapers", puzzle)
        return "skyscrapers", puzzle
    raise ValueError("it should be #sudoku/<grid> or #skyscrapers/<size>/<clues>")


def request_of(family, puzzle):
    """The solver input of a puzzle dict (without generator extras such as difficulty)."""
    keys = ("grid", "box") if family == "sudoku" else ("n", "givens") + SIDES
    return {k: puzzle[k] for k in keys if k in puzzle}


# the board ---------------------------------------------------------------------------------
class WatchBoard(GridBoard):
    """A GridBoard whose accessible mirror is refreshed only when asked (not at every frame)."""

    mirror = True

    def _update_aria(self):
        if self.mirror:
            super()._update_aria()


class Pane:
    """One solver's side: its board state, the streamed events, and a bounded log for stepping back."""

    def __init__(self, key, worker):
        self.key = key
        self.worker = worker
        self.board = WatchBoard("board-" + key, "aria-" + key, "Board")
        self.gen = 0
        self.tid = None
        self.family = ""
        self.method = ""
        self.request = None

    # setup --------------------------------------------------------------------------------
    def reset(self, family, method, puzzle):
        """Show the puzzle's givens and forget any trace."""
        self.drop_trace()
        self.family, self.method = family, method
        self.request = request_of(family, puzzle)
        n, box, clues, givens = decode(family, puzzle)
        self.n = n
        self.board.label = "Board of " + self.title()
        self.board.setup(n, box, clues)
        self.board.given = [v != 0 for v in givens]
        self.board.values = list(givens)
        self.values = self.board.values
        self.pencil = self.board.pencil
        self.queue = []  # chunks of events not yet played
        self.buf = []
        self.at = 0
        self.exhausted = False
        self.fetching = 0  # ticks_ms when a request started, 0 when none
        self.stopped = False
        self.log = []  # (event, undo) of played events, the last BACK_LIMIT
        self.trimmed = False
        self.redo = []  # events stepped back over, to play again
        self.steps = 0
        self.events = 0
        self.technique = ""
        self.mark = ((), "")
        self.done = False
        self.solved_steps = None
        self.error = ""
        self.show(True)

    def title(self):
        """The method's display name."""
        for name, label, _ in FAMILIES[self.family]["methods"]:
            if name == self.method:
                return label
        return self.method

    def drop_trace(self):
        """Ignore late answers and free the worker's generator."""
        self.gen += 1
        self.fetching = 0
        if self.tid is not None and self.worker.proxy is not None:
            spawn(self.worker.method("trace_stop", self.tid))
        self.tid = None

    def stop(self):
        """Stop asking for events (the board and its log stay)."""
        self.drop_trace()
        self.stopped = not self.exhausted

    # streaming ------------------------------------------------------------------------------
    def pending(self):
        """Events buffered and not yet played."""
        return len(self.buf) - self.at + sum(len(c) for c in self.queue) + len(self.redo)

    def want(self, ahead):
        """Ask the worker for more events when fewer than `ahead` are buffered."""
        if self.done or self.exhausted or self.stopped or self.fetching or self.error:
            return
        if self.pending() < ahead:
            self.fetching = time.ticks_ms() or 1
            spawn(self.fetch(max(64, min(20000, ahead // 2))))

    async def fetch(self, count):
        """One chunk of events from the worker (starting the trace first if needed)."""
        gen = self.gen
        try:
            if self.tid is None:
                ans = await self.worker.method("trace_start", self.family, json.dumps(self.request), self.method)
                if gen != self.gen:
                    if "id" in ans:
                        await self.worker.method("trace_stop", ans["id"])
                    return
                if "error" in ans:
                    self.fail(ans["error"])
                    return
                self.tid = ans["id"]
            ans = await self.worker.method("trace_next", self.tid, count)
            if gen != self.gen:
                return
            if "error" in ans:
                self.fail(ans["error"])
                return
            if ans["events"]:
                self.queue.append(ans["events"])
            if ans["done"]:
                self.exhausted = True
                self.tid = None
        finally:
            if gen == self.gen:
                self.fetching = 0

    def fail(self, why):
        """The solver could not go on (an error from the worker)."""
        self.error = why
        self.exhausted = True
        self.tid = None
        say(self.title() + ": " + why, "error")

    def waiting(self):
        """Whether the pane wants events it does not have yet."""
        return not self.done and not self.error and not self.pending() and not (self.exhausted or self.stopped)

    def take(self):
        """The next event to play, or None when none is at hand."""
        if self.redo:
            return self.redo.pop()
        while self.at >= len(self.buf):
            if not self.queue:
                return None
            self.buf = self.queue.pop(0)
            self.at = 0
        ev = self.buf[self.at]
        self.at += 1
        return ev

    # playing --------------------------------------------------------------------------------
    def forward(self, count, deadline=None):
        """Play up to `count` events (set and clear inline: they are most of a long trace); returns how many."""
        played = 0
        values, pencil, log, n = self.values, self.pencil, self.log, self.n
        counted = COUNTED.get(self.method, ())
        while played < count and not self.done:
            ev = self.take()
            if ev is None:
                break
            kind = ev["event"]
            if kind == "set" or kind == "clear":
                rc = ev["cell"]
                i = rc[0] * n + rc[1]
                log.append((ev, self.mark, i, values[i], pencil[i]))
                values[i] = ev["value"] if kind == "set" else 0
                pencil[i] = 0
                self.mark = (i, kind)
                if kind in counted:
                    self.steps += 1
                self.events += 1
            else:
                self.apply(ev)
            played += 1
            if deadline is not None and not played & 127 and time.ticks_diff(deadline, time.ticks_ms()) < 0:
                break
        if len(log) > BACK_LIMIT:
            del log[:len(log) - BACK_LIMIT]
            self.trimmed = True
        return played

    def cell(self, rc):
        """Index of a [row, col] pair."""
        return rc[0] * self.n + rc[1]

    def put(self, changes, i, value, pencil):
        """Change cell i, recording its old state in `changes`."""
        changes.append((i, self.values[i], self.pencil[i]))
        self.values[i] = value
        self.pencil[i] = pencil

    def apply(self, ev):
        """Play one event, logging how to undo it."""
        undo = (self.technique, self.steps, self.mark, self.done)
        changes = []
        kind = ev.get("event")
        if kind in ("set", "guess"):
            i = self.cell(ev["cell"])
            self.put(changes, i, ev["value"], 0)
            self.mark = (i, "set")
            if kind == "guess":
                self.technique = "Guess" + (" (depth " + str(ev["depth"]) + ")" if "depth" in ev else "")
        elif kind == "clear":
            i = self.cell(ev["cell"])
            self.put(changes, i, 0, 0)
            self.mark = (i, "clear")
        elif kind == "eliminate":
            cells = []
            for r, c, v in ev.get("cells") or []:
                i = r * self.n + c
                self.put(changes, i, self.values[i], self.pencil[i] & ~(1 << (v - 1)))
                cells.append(i)
            self.mark = (tuple(cells), "clear")
        elif kind == "candidates":
            cells = []
            for r, row in enumerate(ev["grid"]):
                for c, text in enumerate(row):
                    i = r * self.n + c
                    if self.board.given[i]:
                        continue
                    mask = mask_of(text)
                    single = len(text) == 1
                    value, pencil = (SYMBOLS.find(text.upper()) + 1 if single else 0), (0 if single else mask)
                    if (value, pencil) != (self.values[i], self.pencil[i]):
                        self.put(changes, i, value, pencil)
                        cells.append(i)
            self.mark = (tuple(cells), "set")
        elif kind in ("technique", "phase"):
            self.technique = str(ev.get("name", ""))
            cells = ev.get("cells") or []
            self.mark = (tuple(self.cell(rc) for rc in cells if len(rc) == 2), "focus")
        elif kind == "threshold":
            self.technique = "Threshold " + str(ev.get("bound", ""))
        elif kind == "backtrack":
            self.technique = "Dead end, back up" + (" (depth " + str(ev["depth"]) + ")" if "depth" in ev else "")
            self.mark = ((), "")
        elif kind == "solved":
            self.done = True
            self.solved_steps = ev.get("steps")
            self.technique = "Solved"
            self.mark = ((), "")
            for r, row in enumerate(ev.get("solution") or []):
                for c, v in enumerate(row):
                    i = r * self.n + c
                    if self.values[i] != v:
                        self.put(changes, i, v, 0)
        if counts(self.method, ev):
            self.steps += 1
        self.events += 1
        self.log.append((ev, undo, changes))

    def back(self):
        """Undo the last played event; False when the log has none left."""
        if not self.log:
            return False
        entry = self.log.pop()
        ev = entry[0]
        if len(entry) == 5:  # an inline set or clear
            _, self.mark, i, self.values[i], self.pencil[i] = entry
            self.steps -= 1 if ev["event"] in COUNTED.get(self.method, ()) else 0
        else:
            _, undo, changes = entry
            for i, value, pencil in reversed(changes):
                self.values[i] = value
                self.pencil[i] = pencil
            self.technique, self.steps, self.mark, self.done = undo
        self.events -= 1
        self.redo.append(ev)
        return True

    # showing ----------------------------------------------------------------------------------
    def show(self, mirror):
        """Draw the board (the accessible mirror too when `mirror`) and the counters."""
        board = self.board
        cells, kind = self.mark
        if isinstance(cells, int):
            cells = (cells,)
        board.hint_cells = set(cells) if kind == "set" else set()
        board.wrong = set(cells) if kind == "clear" else set()
        board.hint_region = set(cells) if kind == "focus" else set()
        if cells:
            board.cursor = divmod(cells[-1], self.n)
        board.solved = self.done and not self.error
        board.mirror = mirror
        board.draw()
        el("steps-" + self.key).innerText = grouped(self.steps)
        phase = self.technique
        if self.error:
            phase = "Stopped: " + self.error
        elif self.stopped and not self.done:
            phase = "Stopped"
        elif self.done:
            total = self.solved_steps if self.solved_steps is not None else self.steps
            phase = "Solved in " + steps_text(total)
        el("phase-" + self.key).innerText = phase
        pane = el("pane-" + self.key)
        pane.setAttribute("data-steps", str(self.steps))
        pane.setAttribute("data-events", str(self.events))
        pane.setAttribute("data-done", "true" if self.done else "false")
        pane.className = "watch-pane" + (" done" if self.done else "")

    def summary(self):
        """One sentence for the live region."""
        text = self.title() + ": " + steps_text(self.steps)
        if self.done:
            text += ", solved"
        elif self.technique:
            text += ", " + self.technique
        return text


class WatchPage:
    """The controller: puzzle choice, the two panes, transport buttons, speed, links and saving."""

    def __init__(self):
        self.worker = Worker()
        self.store = Store("tessera-watch")
        self.order = [Pane("a", self.worker), Pane("b", self.worker)]
        self.panes = {p.key: p for p in self.order}
        self.family = "sudoku"
        self.puzzle = None
        self.playing = False
        self.show_mode = "both"
        self.speed_index = 4
        self.starters = {}
        self.last_live = 0
        self.bind()
        self.enable(False)

    def bind(self):
        """Wire buttons, selects and keys."""
        click("play", self.toggle_play)
        click("step", lambda: spawn(self.step()))
        click("back", self.back)
        click("restart", self.restart)
        click("watch-stop", self.stop)  # not "stop": tessera_ui.Worker owns that id
        click("new", lambda: spawn(self.new_puzzle()))
        click("custom-load", lambda: spawn(self.load_custom()))
        click("share", self.share)
        click("copy", self.copy_link)
        click("theme", self.retheme)
        on("speed", "input", lambda _e: self.set_speed(int(el("speed").value)))
        on("family", "change", lambda _e: spawn(self.change_family()))
        on("size", "change", lambda _e: spawn(self.new_puzzle()))
        on("show", "change", lambda _e: self.set_show(str(el("show").value)))
        on(document, "keydown", self.key)

    # start-up ---------------------------------------------------------------------------------
    async def start(self):
        """Show a puzzle at once (link, saved, or a build-time starter), then wait for the worker."""
        self.starters = await fetch_json("./data/starters.json") or {}
        saved = self.store.load() or {}
        self.set_speed(saved.get("speed", self.speed_index))
        self.set_show(saved.get("show", "both"))
        fragment = link_fragment()
        if fragment:
            set_fragment("")
            try:
                family, puzzle = read_link(fragment)
            except (ValueError, KeyError, TypeError, IndexError) as exc:
                self.load("sudoku", self.starter("sudoku"))
                say("That link is not a valid puzzle (" + str(exc) + "); here is another one.", "error")
            else:
                self.load(family, puzzle, "Shared puzzle: press Play to watch both solvers.")
        elif saved.get("puzzle"):
            try:
                self.load(saved["family"], saved["puzzle"], "Welcome back: the same puzzle, ready to watch again.")
            except (ValueError, KeyError, TypeError, IndexError):
                self.load("sudoku", self.starter("sudoku"), "Your saved puzzle could not be read; here is another.")
        else:
            self.load("sudoku", self.starter("sudoku"))
        await self.worker.ready.wait()
        self.enable(True)

    def starter(self, family):
        """A build-time puzzle of a family (the easiest), or a tiny fixed one."""
        found = self.starters.get(family) or []
        if found:
            return dict(found[0])
        if family == "sudoku":
            return {"grid": "1...3..2.1..4..3", "box": [2, 2]}
        return {"n": 4, "top": [0, 0, 0, 0], "right": [0, 0, 0, 0], "bottom": [0, 0, 0, 0], "left": [4, 0, 0, 0]}

    def enable(self, on_):
        """Enable the transport once the worker runs."""
        for ident in ("play", "step"):
            el(ident).disabled = not on_

    # puzzles ---------------------------------------------------------------------------------
    def fill_selects(self, family, size):
        """Sizes and difficulties of the family."""
        spec = FAMILIES[family]
        el("family").value = family
        for ident, items, chosen in (("size", spec["sizes"], str(size)),
                                     ("difficulty", [(i + 1, g) for i, g in enumerate(spec["grades"])], None)):
            select = el(ident)
            keep = chosen or str(select.value or "1")
            select.innerHTML = ""
            for value, label in items:
                opt = document.createElement("option")
                opt.value = str(value)
                opt.textContent = label
                select.appendChild(opt)
            select.value = keep if any(str(v) == keep for v, _ in items) else str(items[0][0])
        el("custom-box").hidden = family != "sudoku"

    def load(self, family, puzzle, message=""):
        """Set both panes to a puzzle (ValueError when it is malformed)."""
        n = decode(family, puzzle)[0]
        self.pause()
        self.family = family
        self.puzzle = puzzle
        self.fill_selects(family, n)
        for pane, (method, label, about) in zip(self.order, FAMILIES[family]["methods"]):
            pane.reset(family, method, puzzle)
            el("title-" + pane.key).innerText = label
            el("about-" + pane.key).innerText = about
        el("share-row").hidden = True
        self.update_compare()
        grade = puzzle.get("difficulty")
        say(message or ("A " + str(n) + "×" + str(n) + " " + FAMILIES[family]["name"] + (" · " + grade if grade else "")
                        + ": press Play to watch both solvers work on it."))
        self.store.save({"family": family, "puzzle": puzzle, "speed": self.speed_index, "show": self.show_mode})

    async def new_puzzle(self):
        """Generate a puzzle of the chosen size and difficulty in the worker."""
        size = int(el("size").value)
        if size not in [s for s, _ in FAMILIES[self.family]["sizes"]]:
            size = FAMILIES[self.family]["size"]
        difficulty = int(el("difficulty").value or "1")
        say("Making a " + str(size) + "×" + str(size) + " puzzle…")
        seed = random.getrandbits(30)
        ans = await self.ask(self.family, "generate", {"difficulty": difficulty, "seed": seed, "size": size},
                             "Making a puzzle once the solver has loaded…")
        if "error" in ans:
            say("No puzzle this time: " + ans["error"], "error")
            return
        self.load(self.family, ans)

    async def ask(self, family, command, obj, waiting):
        """A worker call, tried twice when the worker fails internally (its first data fetch can fail)."""
        ans = await self.worker.call(family, command, obj, waiting)
        if ans.get("kind") == "internal":
            ans = await self.worker.call(family, command, obj, waiting)
        return ans

    async def change_family(self):
        """Switch between Sudoku and Skyscrapers (a fresh puzzle of the new family)."""
        family = str(el("family").value)
        if family == self.family:
            return
        self.family = family
        self.fill_selects(family, FAMILIES[family]["size"])
        await self.new_puzzle()

    async def load_custom(self):
        """Watch a typed Sudoku grid (checked by the solver first)."""
        try:
            values, box = read_grid(str(el("custom").value))
        except ValueError as exc:
            say("That grid cannot be read: " + str(exc) + ".", "error")
            return
        puzzle = {"grid": grid_text(values), "box": list(box)}
        ans = await self.ask("sudoku", "solve", puzzle, "Checking your grid once the solver loads…")
        if "error" in ans:
            say("That grid cannot be watched: " + ans["error"], "error")
            return
        self.load("sudoku", puzzle, "Your grid: press Play to watch both solvers.")

    # transport ---------------------------------------------------------------------------------
    def visible(self):
        """The panes being shown."""
        return [p for p in self.order if self.show_mode in ("both", p.key)]

    def toggle_play(self):
        """Play or pause."""
        if self.playing:
            self.pause()
        else:
            self.play()

    def play(self):
        """Start the animation loop."""
        if self.playing or not self.worker.ready.is_set():
            return
        panes = self.visible()
        if all(p.done or p.error for p in panes):
            self.restart()
        for p in panes:
            if p.stopped:
                p.reset(self.family, p.method, self.puzzle)
        self.playing = True
        el("play").innerText = "Pause"
        spawn(self.run())

    def pause(self):
        """Stop the loop, keeping everything; refresh the accessible mirrors."""
        self.playing = False
        el("play").innerText = "Play"
        self.refresh(True)

    async def run(self):
        """The animation loop (a failure pauses it, never leaves it half running)."""
        try:
            await self.frames()
        finally:
            if self.playing:  # every shown pane finished, or a frame failed
                self.pause()
                self.announce_end()

    async def frames(self):
        """Events per frame from the speed, fetched ahead, drawn once per frame."""
        carry = 0.0
        last = time.ticks_ms()
        while self.playing:
            now = time.ticks_ms()
            dt = min(time.ticks_diff(now, last), 250) / 1000
            last = now
            speed = SPEEDS[self.speed_index]
            carry += speed * dt
            count = int(carry)
            carry -= count
            panes = [p for p in self.visible() if not (p.done or p.error)]
            if not panes:
                break
            for k, p in enumerate(panes):
                p.forward(count, time.ticks_add(now, FRAME_BUDGET_MS * (k + 1) // len(panes)))
                p.want(max(200, min(40000, speed)))
                if p.stopped and not p.pending():
                    self.playing = False
            self.refresh(False)
            spent = time.ticks_diff(time.ticks_ms(), now) / 1000
            await asyncio.sleep(max(0.004, FRAME - spent))

    async def step(self):
        """One event forward in every shown pane (waiting for the worker if needed)."""
        if not self.worker.ready.is_set():
            return
        self.pause()
        for p in self.visible():
            if p.stopped and not p.pending():
                p.reset(self.family, p.method, self.puzzle)
            for _ in range(200):
                if p.forward(1) or p.done or p.error or p.exhausted and not p.pending():
                    break
                p.want(64)
                await asyncio.sleep(0.02)
        self.refresh(True)
        if all(p.done for p in self.visible()):
            self.announce_end()

    def back(self):
        """One event back in every shown pane (within the kept log)."""
        self.pause()
        moved = [p.back() for p in self.visible()]
        if not any(moved):
            limited = any(p.trimmed for p in self.visible())
            say("Back goes at most " + grouped(BACK_LIMIT) + " steps back; Restart replays from the start."
                if limited else "This is the start.")
        self.refresh(True)

    def restart(self):
        """Back to the givens; the traces start again on Play."""
        self.pause()
        for p in self.order:
            p.reset(self.family, p.method, self.puzzle)
        self.update_compare()
        say("Back at the start.")

    def stop(self):
        """Stop asking for events; restart the worker when it is stuck in a long request."""
        self.pause()
        now = time.ticks_ms()
        stuck = any(p.fetching and time.ticks_diff(now, p.fetching) > STUCK_MS for p in self.order)
        for p in self.order:
            p.stop()
        if stuck:
            self.worker.cancel()
            self.enable(False)
            spawn(self.reenable())
        self.refresh(True)
        say("Stopped. Back and Step still move through what was played; Play starts again from the beginning.")

    async def reenable(self):
        """After a worker restart, enable Play again once it runs."""
        await self.worker.ready.wait()
        self.enable(True)

    def set_speed(self, index):
        """Choose a speed from SPEEDS."""
        self.speed_index = max(0, min(len(SPEEDS) - 1, int(index)))
        el("speed").value = str(self.speed_index)
        el("speed-label").innerText = grouped(SPEEDS[self.speed_index]) + " steps/s"
        self.save_prefs()

    def set_show(self, mode):
        """Show both panes, or only one."""
        self.show_mode = mode if mode in ("both", "a", "b") else "both"
        el("show").value = self.show_mode
        for key in self.panes:
            el("pane-" + key).hidden = self.show_mode not in ("both", key)
        el("panes").className = "watch-panes" + ("" if self.show_mode == "both" else " single")
        self.refresh(True)
        self.save_prefs()

    def save_prefs(self):
        """Remember speed and layout with the puzzle."""
        if self.puzzle is not None:
            self.store.save({"family": self.family, "puzzle": self.puzzle, "speed": self.speed_index,
                             "show": self.show_mode})

    # display -----------------------------------------------------------------------------------
    def refresh(self, mirror):
        """Redraw shown panes; the accessible mirrors and live text only when `mirror` (or every 5 s)."""
        if self.puzzle is None:
            return
        now = time.ticks_ms()
        live = mirror or time.ticks_diff(now, self.last_live) > 5000
        for p in self.visible():
            p.show(mirror)
        self.update_compare()
        waiting = [p for p in self.visible() if p.waiting() and p.fetching]
        if waiting and time.ticks_diff(now, waiting[0].fetching) > 4000:
            say("The solver is busy preparing the next steps… Stop cancels it.")
        if live:
            self.last_live = now
            el("live").innerText = ". ".join(p.summary() for p in self.visible())

    def update_compare(self):
        """A sentence comparing the two counters."""
        a, b = self.panes["a"], self.panes["b"]
        if not (a.steps or b.steps) or self.show_mode != "both" or not FAMILIES[self.family]["compare"]:
            el("compare").innerText = ""
            return
        slow, fast = (a, b) if a.steps >= b.steps else (b, a)
        text = fast.title() + ": " + steps_text(fast.steps) + (" (solved)" if fast.done else " so far")
        text += " · " + slow.title() + ": " + steps_text(slow.steps) + (" (solved)" if slow.done else " so far")
        if fast.steps:
            ratio = slow.steps // fast.steps
            if ratio >= 2:
                text += " — " + grouped(ratio) + " times as many"
        el("compare").innerText = text

    def announce_end(self):
        """Say how the run ended."""
        panes = self.visible()
        if all(p.done for p in panes):
            say(". ".join(p.title() + " solved it in " + steps_text(p.steps) for p in panes) + ".", "good")

    def retheme(self):
        """Toggle dark mode and redraw."""
        toggle_theme()
        self.refresh(True)

    def key(self, ev):
        """Space, arrows, Home, Escape, + and -."""
        target = ev.target
        tag = str(target.tagName).lower() if target is not None and target.tagName else ""
        if tag in ("input", "textarea", "select") or ev.ctrlKey or ev.metaKey or ev.altKey:
            return
        k = str(ev.key)
        actions = {" ": self.toggle_play, "ArrowRight": lambda: spawn(self.step()), "ArrowLeft": self.back,
                   "Home": self.restart, "Escape": self.stop,
                   "+": lambda: self.set_speed(self.speed_index + 1), "=": lambda: self.set_speed(self.speed_index + 1),
                   "-": lambda: self.set_speed(self.speed_index - 1)}
        if k in actions and not (k == " " and tag == "button"):
            ev.preventDefault()
            actions[k]()

    # sharing -------------------------------------------------------------------------------------
    def share(self):
        """Show a link that opens this puzzle."""
        el("share-link").value = page_url(link_text(self.family, self.puzzle))
        el("share-row").hidden = False
        el("share-link").select()

    def copy_link(self):
        """Copy the share link."""
        el("share-link").select()
        document.execCommand("copy")
        say("Link copied.", "good")


PAGE = WatchPage()
spawn(PAGE.start())
