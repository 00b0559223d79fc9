"""A playable latin-grid game page (MicroPython): the shared controller of Sudoku and Skyscrapers.

Holds the game (values, pencil marks, undo history, timer, saved progress), reads keys and
the pad, and asks the worker to check, hint, solve and generate. A family page subclasses
`GridGame` and fills in the hooks marked "family hook": how its puzzles look as values,
what the worker wants, and how links encode them.
"""

import random

from pyscript import document
from pyscript import window

from gridboard import SYMBOLS
from gridboard import GridBoard
from tessera_ui import History
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
from tessera_ui import toggle_theme


class GridGame:
    """Controller: holds the game, talks to the board and the worker."""

    family = ""
    label = "Board"
    default_grades = []
    daily_grade = 2

    def __init__(self):
        self.board = GridBoard("board", "aria-board", self.label)
        self.board.on_cell = self.select
        self.worker = Worker()
        self.store = Store("tessera-" + self.family)
        self.timer = Timer(on_tick=self.save_soon)
        self.pencil_mode = False
        self.hint = None
        self.hint_stage = 0
        self.grades = list(self.default_grades)
        self.starters = []
        self.puzzle = None
        self._tick = 0
        self.bind()

    # family hooks ------------------------------------------------------------------
    def decode(self, puzzle):
        """Family hook: (n, givens as values, box or None, clues dict or None); ValueError if bad."""
        raise NotImplementedError

    def peers_for(self, n, box):
        """Family hook: for each cell, the cells that may not repeat its value."""
        raise NotImplementedError

    def puzzle_request(self):
        """Family hook: the puzzle as the worker's solve input."""
        raise NotImplementedError

    def state_payload(self, values):
        """Family hook: the player's values as the worker's "state"."""
        raise NotImplementedError

    def solution_values(self, ans):
        """Family hook: the values of a worker solve answer."""
        raise NotImplementedError

    def link_of(self, values=None):
        """Family hook: the link fragment of this puzzle (with progress when values are given)."""
        raise NotImplementedError

    def from_link(self, fragment):
        """Family hook: (puzzle, values or None) from a link fragment; ValueError if bad."""
        raise NotImplementedError

    def extra_solved_check(self, values):
        """Family hook: further rules a full, conflict-free grid must meet (clues)."""
        return True

    def daily_request(self, date, size):
        """Family hook: the worker command and object that make the puzzle of a date."""
        return "generate", {"difficulty": self.daily_grade, "seed": "daily-" + date, "size": size}

    def on_loaded(self):
        """Family hook: after a puzzle is set up (e.g. clue marks)."""

    # setup -------------------------------------------------------------------------
    def bind(self):
        """Wire buttons and keys."""
        click("undo", self.undo)
        click("redo", self.redo)
        click("pencil", self.toggle_pencil)
        click("erase", lambda: self.enter(0))
        click("restart", self.restart)
        click("check", lambda: spawn(self.check()))
        click("hint", lambda: spawn(self.ask_hint()))
        click("hint-more", self.hint_more)
        click("hint-apply", self.apply_hint)
        click("hint-close", self.close_hint)
        click("solve", lambda: spawn(self.solve()))
        click("new", lambda: spawn(self.new_puzzle()))
        click("daily", lambda: spawn(self.daily()))
        click("share", self.share)
        click("copy", self.copy_link)
        click("theme", self.retheme)
        on(document, "keydown", self.key)

    def retheme(self):
        """Toggle dark mode and redraw in its colours."""
        toggle_theme()
        self.board.draw()

    def fill_grades(self):
        """The difficulty choices."""
        select = el("difficulty")
        keep = select.value
        select.innerHTML = ""
        for i, name in enumerate(self.grades):
            opt = document.createElement("option")
            opt.value = str(i + 1)
            opt.textContent = name
            select.appendChild(opt)
        if keep:
            select.value = keep

    def build_pad(self, n):
        """Number pad buttons 1..n."""
        pad = el("pad")
        pad.innerHTML = ""
        pad.style.gridTemplateColumns = "repeat(" + str(n if n <= 9 else (n + 1) // 2) + ", 1fr)"
        for v in range(1, n + 1):
            b = document.createElement("button")
            b.type = "button"
            b.textContent = SYMBOLS[v - 1]
            b.setAttribute("aria-label", "enter " + SYMBOLS[v - 1])
            on(b, "click", lambda _e, v=v: self.enter(v))
            pad.appendChild(b)

    async def start(self):
        """Show a board at once, then validate links and load grades when the worker is ready."""
        data = await fetch_json("./data/starters.json")
        self.starters = (data or {}).get(self.family, [])
        if self.starters:
            self.grades = [p.get("difficulty") for p in self.starters]
        self.fill_grades()
        fragment = link_fragment()
        saved = self.store.load()
        if fragment:
            self.open_link(fragment, saved)
        elif saved and saved.get("puzzle"):
            self.resume(saved)
        else:
            self.load(self.starter(0))
        spawn(self.after_worker())

    def starter(self, grade):
        """The build-time puzzle of this grade (shown before the worker can make one)."""
        return dict(self.starters[min(grade, len(self.starters) - 1)])

    async def after_worker(self):
        """Once the worker runs: learn the grades and validate a linked puzzle."""
        await self.worker.ready.wait()
        info = await self.worker.call(self.family, "info", {})
        if "grades" in info:
            self.grades = info["grades"]
            self.fill_grades()
        if self.puzzle and self.puzzle.get("unverified"):
            await self.verify()

    # game state ---------------------------------------------------------------------
    def load(self, puzzle, values=None, pencil=None, seconds=0, message=""):
        """Start playing `puzzle` (a family dict)."""
        n, givens, box, clues = self.decode(puzzle)
        self.puzzle = puzzle
        self.n, self.box = n, box
        self.peers = self.peers_for(n, box)
        self.board.setup(n, box, clues)
        self.board.given = [v != 0 for v in givens]
        self.givens = givens
        values = values or givens
        pencil = pencil or [0] * (n * n)
        self.history = History((tuple(values), tuple(pencil)))
        self.on_loaded()
        self.show_state()
        self.close_hint()
        self.build_pad(n)
        if el("size") is not None:
            el("size").value = str(n)
        self.timer.reset(seconds, running=True)
        grade = puzzle.get("difficulty")
        say(message or ("New puzzle" + (" · " + str(grade) if grade else "")))
        self.check_solved(announce=False)
        self.save()

    def resume(self, saved):
        """Continue a saved game."""
        try:
            self.load(saved["puzzle"], saved.get("values"), saved.get("pencil"), saved.get("seconds", 0),
                      "Welcome back: your game is as you left it.")
        except (ValueError, KeyError, TypeError, IndexError):
            self.load(self.starter(0), message="Your saved game could not be read; here is a fresh puzzle.")

    def open_link(self, fragment, saved):
        """Open a shared link; a bad one gives a message and a fresh puzzle."""
        set_fragment("")
        if fragment.startswith("daily"):
            self.load(self.starter(self.daily_grade - 1), message="Loading today's puzzle…")
            spawn(self.daily())
            return
        try:
            puzzle, values = self.from_link(fragment)
            self.decode(puzzle)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            why = "That link is not a valid puzzle (" + str(exc) + "); here is a fresh one."
            self.load(self.starter(0), message=why)
            self.error_style()
            return
        if saved and saved.get("puzzle") and values is None and self.same_puzzle(saved["puzzle"], puzzle):
            self.resume(saved)
            return
        puzzle["difficulty"] = "Shared"
        puzzle["unverified"] = True
        self.load(puzzle, values, message="Shared puzzle loaded; checking it…")

    def same_puzzle(self, a, b):
        """Whether two puzzle dicts describe the same puzzle."""
        return self.decode(a)[1:] == self.decode(b)[1:]

    def error_style(self):
        """Style the message box as an error."""
        el("message").className = "message error"

    async def verify(self):
        """Make sure a linked or custom puzzle has exactly one solution."""
        ans = await self.worker.call(self.family, "solve", self.puzzle_request())
        if "error" in ans or ans.get("count") != 1:
            why = ans.get("error") or "it has more than one solution"
            self.load(self.starter(0), message="That puzzle cannot be played: " + why + ". Here is a fresh one.")
            self.error_style()
            return False
        self.puzzle.pop("unverified", None)
        say("Shared puzzle checked: it has exactly one solution. Have fun!", "good")
        self.save()
        return True

    def state(self):
        """Current (values, pencil) snapshot."""
        return self.history.current

    def show_state(self):
        """Push the current snapshot to the board and redraw."""
        values, pencil = self.state()
        self.board.values = list(values)
        self.board.pencil = list(pencil)
        self.board.wrong = set()
        self.board.conflict = self.conflicts(values)
        self.board.draw()
        el("undo").disabled = self.history.index == 0
        el("redo").disabled = self.history.index + 1 >= len(self.history.states)

    def conflicts(self, values):
        """Cells whose value repeats among their peers."""
        out = set()
        for i, v in enumerate(values):
            if v:
                for p in self.peers[i]:
                    if values[p] == v:
                        out.add(i)
        return out

    def change(self, values, pencil):
        """Record a move (undoable), redraw, save, detect the end."""
        self.history.push((tuple(values), tuple(pencil)))
        self.close_hint()
        say("")  # an old check or hint message no longer describes the board
        self.show_state()
        self.check_solved()
        self.save()

    def check_solved(self, announce=True):
        """A full grid without conflicts that meets the family's extra rules is solved."""
        values = self.state()[0]
        solved = all(values) and not self.board.conflict and self.extra_solved_check(values)
        self.board.solved = solved
        if solved:
            was_running = self.timer.running
            self.timer.running = False
            if announce and was_running:
                say("Solved in " + self.timer.text() + "! Well done.", "good")
            self.board.draw()
        else:
            self.timer.running = True
        return solved

    def save(self):
        """Save the game in localStorage."""
        values, pencil = self.state()
        self.store.save({"puzzle": self.puzzle, "values": list(values), "pencil": list(pencil),
                         "seconds": self.timer.seconds})

    def save_soon(self):
        """Save every few ticks of the timer."""
        self._tick += 1
        if self._tick % 5 == 0:
            self.save()

    # input ---------------------------------------------------------------------------
    def select(self, r, c):
        """Move the cursor."""
        self.board.cursor = (r, c)
        self.board.draw()

    def key(self, ev):
        """Keyboard: digits, Shift+digit, arrows, erase, undo/redo, pencil, hint."""
        target = str(ev.target.tagName).upper()
        if target in ("INPUT", "TEXTAREA", "SELECT") or self.puzzle is None:
            return
        key, code = str(ev.key), str(ev.code)
        ctrl = ev.ctrlKey or ev.metaKey
        value = None
        if code.startswith("Digit") or code.startswith("Numpad"):
            digit = code[-1]
            if digit.isdigit():
                value = int(digit)
        elif len(key) == 1 and key.upper() in SYMBOLS[9:self.n] and not ctrl:
            value = SYMBOLS.find(key.upper()) + 1
        moves = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
        if ctrl and key.lower() == "z":
            self.redo() if ev.shiftKey else self.undo()
        elif ctrl and key.lower() == "y":
            self.redo()
        elif ctrl:
            return
        elif key in moves:
            dr, dc = moves[key]
            r, c = self.board.cursor
            self.select((r + dr) % self.n, (c + dc) % self.n)
        elif key in ("Backspace", "Delete") or value == 0:
            self.enter(0)
        elif value is not None and value <= self.n:
            self.enter(value, pencil=ev.shiftKey or self.pencil_mode)
        elif key.lower() == "p":
            self.toggle_pencil()
        elif key.lower() == "h":
            spawn(self.ask_hint())
        else:
            return
        ev.preventDefault()

    def enter(self, v, pencil=None):
        """Enter (or with pencil, toggle a note of) value v at the cursor; 0 erases."""
        if pencil is None:
            pencil = self.pencil_mode
        r, c = self.board.cursor
        i = r * self.n + c
        if self.board.given[i]:
            say("That cell is a given: it cannot change.")
            return
        values, marks = list(self.state()[0]), list(self.state()[1])
        if v == 0:
            values[i], marks[i] = 0, 0
        elif pencil:
            if values[i]:
                return
            marks[i] ^= 1 << (v - 1)
        else:
            values[i] = 0 if values[i] == v else v
            if values[i]:
                marks[i] = 0
                bit = ~(1 << (v - 1))
                for p in self.peers[i]:
                    marks[p] &= bit  # a placed value clears that note from its peers
        self.change(values, marks)

    def toggle_pencil(self):
        """Switch between entering values and notes."""
        self.pencil_mode = not self.pencil_mode
        el("pencil").setAttribute("aria-pressed", "true" if self.pencil_mode else "false")

    def undo(self):
        """Step back one move."""
        if self.history.undo():
            self.close_hint()
            self.show_state()
            self.check_solved(announce=False)
            self.save()

    def redo(self):
        """Step forward one move."""
        if self.history.redo():
            self.close_hint()
            self.show_state()
            self.check_solved()
            self.save()

    def restart(self):
        """Clear all entries (undoable)."""
        self.change(list(self.givens), [0] * len(self.givens))
        self.timer.reset(0)
        say("Restarted: the givens remain.")

    # worker actions -------------------------------------------------------------------
    def request(self):
        """The puzzle and the player's position as the worker wants them."""
        values, pencil = self.state()
        obj = self.puzzle_request()
        obj["state"] = self.state_payload(values)
        if any(pencil):
            notes = ["".join(SYMBOLS[k] for k in range(self.n) if (m >> k) & 1) for m in pencil]
            obj["pencil"] = self.pencil_payload(notes)
        return obj

    def pencil_payload(self, notes):
        """Family hook: notes (one string per cell) as the worker wants them."""
        return notes

    async def check(self):
        """Mark wrong entries and conflicts and say how many errors there are."""
        ans = await self.worker.call(self.family, "check", self.request(), "Check will run once the solver loads…")
        if "error" in ans:
            say(ans["error"], "error")
            return
        n = self.n
        cells = ans.get("wrong", []) + ans.get("changed_givens", [])
        self.board.wrong = set(r * n + c for r, c in cells)
        self.board.conflict = set(r * n + c for r, c in ans.get("conflicts", [])) | self.board.conflict
        self.board.bad_clues = set((side, i) for side, i in ans.get("bad_clues", []))
        self.board.draw()
        errors = ans.get("errors", len(self.board.wrong))
        text = ans.get("message") or (str(errors) + " errors" if errors else "No errors so far.")
        say(text, "error" if errors else "good")

    async def ask_hint(self):
        """Fetch the next step and reveal it in stages."""
        if self.hint is not None and self.hint_stage < 1 and not el("hint-more").hidden:
            self.hint_more()
            return
        ans = await self.worker.call(self.family, "hint", self.request(), "The hint will come once the solver loads…")
        if "error" in ans:
            say(ans["error"], "error")
            return
        self.hint = ans
        self.hint_stage = 0
        self.show_hint()

    def show_hint(self):
        """Draw the hint at its current stage: where to look, then the technique and reason."""
        h, n = self.hint, self.n
        cells = set(r * n + c for r, c in h.get("cells", []))
        region_info = h.get("region") or {}
        region = set(r * n + c for r, c in region_info.get("cells", [])) or cells
        el("hint-box").hidden = False
        technique = h.get("technique", "Hint")
        if technique == "Solved":
            el("hint-title").innerText = "Solved"
            el("hint-reason").innerText = h.get("reason", "The puzzle is complete.")
            el("hint-apply").hidden = True
            el("hint-more").hidden = True
            return
        first = self.hint_stage == 0 and technique not in ("Wrong entry", "Changed given", "Missing candidate")
        if first:
            el("hint-title").innerText = "Look here"
            where = region_info.get("name") or "the highlighted cells"
            el("hint-reason").innerText = "Look at " + where + ": there is a step to find there."
            self.board.hint_region = region
            self.board.hint_cells = set()
        else:
            el("hint-title").innerText = technique
            el("hint-reason").innerText = h.get("reason", "")
            self.board.hint_region = set()
            self.board.hint_cells = cells
            move = h.get("move") or {}
            if "place" in move:
                r, c, v = move["place"]
                self.board.hint_place = (r * n + c, v)
            self.board.hint_elim = set((r * n + c, v) for r, c, v in move.get("eliminate", []))
            if self.board.hint_elim:
                values, pencil = self.state()
                shown = list(self.board.pencil)
                for i in set(i for i, _v in self.board.hint_elim) | cells:
                    if not pencil[i] and not values[i]:
                        shown[i] = self.candidates(values, i)  # show notes so the deduction is visible
                self.board.pencil = shown
        self.board.bad_clues = set((side, i) for side, i in h.get("clues", [])) if not first else set()
        el("hint-more").hidden = not first
        el("hint-apply").hidden = first
        self.board.draw()

    def candidates(self, values, i):
        """The values no peer holds, as a mask."""
        used = 0
        for p in self.peers[i]:
            if values[p]:
                used |= 1 << (values[p] - 1)
        return ((1 << self.n) - 1) & ~used

    def hint_more(self):
        """Reveal the technique and the reason."""
        if self.hint is not None:
            self.hint_stage += 1
            self.show_hint()

    def apply_hint(self):
        """Play the hinted move."""
        if self.hint is None:
            return
        move = self.hint.get("move") or {}
        n = self.n
        values, pencil = list(self.state()[0]), list(self.state()[1])
        if "place" in move:
            r, c, v = move["place"]
            self.board.cursor = (r, c)
            self.close_hint()
            self.enter(v, pencil=False)
            return
        if "clear" in move:
            r, c = move["clear"]
            values[r * n + c] = self.givens[r * n + c]
            pencil[r * n + c] = 0
        for r, c, v in move.get("eliminate", []):
            i = r * n + c
            if not pencil[i]:
                pencil[i] = self.candidates(values, i)
            pencil[i] &= ~(1 << (v - 1))
        self.change(values, pencil)

    def close_hint(self):
        """Hide the hint and its highlights."""
        self.hint = None
        self.hint_stage = 0
        el("hint-box").hidden = True
        b = self.board
        if b.n:
            b.hint_cells, b.hint_region, b.hint_place, b.hint_elim = set(), set(), None, set()

    async def solve(self):
        """Fill in the solution (undoable)."""
        ans = await self.worker.call(self.family, "solve", self.puzzle_request(),
                                     "Solve will run when the solver has loaded…")
        if "error" in ans:
            say(ans["error"], "error")
            return
        values = self.solution_values(ans)
        self.timer.running = False
        self.change(values, [0] * len(values))
        say("Solved by Tessera. Undo takes it back.", "good")

    async def new_puzzle(self):
        """A new puzzle of the chosen size and difficulty (unique solution)."""
        size = int(el("size").value)
        grade = int(el("difficulty").value or "1")
        seed = random.getrandbits(30)
        start = self.starters[min(grade, len(self.starters)) - 1] if self.starters else None
        if not self.worker.ready.is_set() and start and self.decode(start)[0] == size:
            self.load(self.starter(grade - 1), message="New puzzle (the solver is still loading, so this is a "
                      "ready-made one).")
            return
        say("Making a new puzzle…")
        ans = await self.worker.call(self.family, "generate", {"difficulty": grade, "seed": seed, "size": size},
                                     "The new puzzle will come when the solver has loaded…")
        if "error" in ans:
            say(ans["error"], "error")
            return
        self.load(ans)

    async def daily(self):
        """Today's puzzle: the same for everyone on this date."""
        date = str(window.Date.new().toLocaleDateString("en-CA"))
        command, obj = self.daily_request(date, int(el("size").value))
        ans = await self.worker.call(self.family, command, obj, "Today's puzzle will come when the solver has loaded…")
        if "error" in ans:
            say(ans["error"], "error")
            return
        ans["difficulty"] = "Daily " + date + " · " + str(ans.get("difficulty", ""))
        self.load(ans)

    def share(self):
        """Show a link that reopens this puzzle (optionally with progress)."""
        with_progress = el("share-progress").checked
        fragment = self.link_of(self.state()[0] if with_progress else None)
        el("share-row").hidden = False
        el("share-link").value = page_url(fragment)
        el("share-link").select()
        say("Link ready: copy and send it. It reopens this puzzle" + (" with your entries." if with_progress else "."))

    def copy_link(self):
        """Copy the share link to the clipboard."""
        try:
            window.navigator.clipboard.writeText(el("share-link").value)
            say("Link copied.", "good")
        except Exception:  # noqa: BLE001 - clipboard may be unavailable
            say("Select the link and copy it.")
