"""Watch the solver (MicroPython, main thread): two solver traces of one puzzle, animated side by side.

Each pane runs one of the family's trace methods (the registry's "method_notes"), chosen in the pane; the
study's method faces Tessera's at first (a family with one method shows one pane). The page knows no family by
name: what it shows of each comes from the registry (data/families.json), its rules module (family_rules) and
its view (watch_views); the family first shown is the one the page's family choice starts on, and the typed grid
box is that family's. A pane's choice restarts that pane on the same puzzle;
both panes may run the same method; the choices are saved per family with the speed and layout (links carry
the puzzle alone). Events stream from the worker in chunks as the
animation uses them; Back undoes events from a bounded log (the last BACK_LIMIT per pane).
Each family's registry entry (data/families.json) says how it is watched ("watch": the view, whether its methods
compare, its sizes); its rules module comes from family_rules (written by the build from the registry). Latin grids
draw on a GridBoard (with the cages, regions and diagonals of a rules module's `layout_of`: the Variant choice
generates one), others on a view adapter of watch_views with setup / draw.
Links: #<family>/<text>, the text being the family's canonical one (its rules module's, the same
as its own page's link); older forms still open. Grades, sizes and variants come from the registry too
(a variant's own sizes from its rules module's VARIANT_SIZES).
"""

import asyncio
import json
import random
import time

from family_rules import RULES
from pyscript import document
from rules import trace

from gridboard import GridBoard
from tessera_ui import Store
from tessera_ui import Worker
from tessera_ui import click
from tessera_ui import copy_share_link
from tessera_ui import el
from tessera_ui import grouped
from tessera_ui import guard
from tessera_ui import link_fragment
from tessera_ui import on
from tessera_ui import page_data
from tessera_ui import say
from tessera_ui import set_fragment
from tessera_ui import show_share_link
from tessera_ui import spawn
from tessera_ui import toggle_theme
from tessera_ui import touch_only
from watch_views import GRID_IDS
from watch_views import VIEWS

SPEEDS = [1, 3, 10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000, 300000]
BACK_LIMIT = 5000  # events each pane can step back over
FRAME = 1 / 30  # seconds between frames while playing
FRAME_BUDGET_MS = 24  # time per frame for applying events (both panes)
STUCK_MS = 2500  # a chunk request older than this at Stop means the worker is stuck
PREPARED = set()  # (family, worker generation): the data files that worker has fetched (a restarted one has none)

WATCH = {}  # family -> how it is watched: its registry entry's "watch" (view, compare, unit, sizes, data)


def watched(family):
    """How a family is watched (an empty entry for one the registry does not know)."""
    return WATCH.get(family) or {}


def set_options(select, items):
    """Replace a select's options by (value, label) pairs."""
    select.innerHTML = ""
    for value, label in items:
        opt = document.createElement("option")
        opt.value = str(value)
        opt.textContent = label
        select.appendChild(opt)


def steps_text(number):
    """'1 step', '12,345 steps'."""
    return grouped(number) + (" step" if number == 1 else " steps")


# puzzles: every family's canonical text through its rules module ----------------------------------
def size_of(family, puzzle):
    """The size-choice value of a puzzle (validating it; ValueError when malformed)."""
    return RULES[family].size_of(puzzle)


def size_label(family, size):
    """'9×9', '3 pieces'."""
    return str(size) + (" pieces" if watched(family).get("unit") == "pieces" else "×" + str(size))


def link_text(family, puzzle):
    """The link fragment of a puzzle: the family, then its canonical text (what its own page's link holds)."""
    return family + "/" + RULES[family].text_of(puzzle)


def read_link(fragment):
    """(family, solve input) of a link fragment '<family>/<text>'; ValueError when it is not one."""
    family, slash, text = fragment.partition("/")
    if not slash or family not in RULES:
        raise ValueError("it should be #<family>/<puzzle>, with the family one of " + ", ".join(RULES))
    return family, RULES[family].puzzle_of(text)


def request_of(family, puzzle):
    """The solver input of a puzzle (its canonical form: without generator extras such as difficulty)."""
    rules = RULES[family]
    return rules.puzzle_of(rules.text_of(puzzle))


class Pane:
    """One solver's side: its board state, the streamed events, and a bounded log for stepping back."""

    def __init__(self, key, worker):
        self.key = key
        self.worker = worker
        self.board = GridBoard("board-" + key, "aria-" + key, "Board")
        self.gen = 0
        self.tid = None
        self.family = ""
        self.method = ""
        self.request = None
        self.views = {}  # a watch view's name -> its adapter, made when first needed
        self.view = None  # the adapter of the family shown (None: the latin grid board)

    # setup --------------------------------------------------------------------------------
    def reset(self, family, method, puzzle):
        """Show the puzzle's givens and forget any trace (`method`: the method's registry entry)."""
        self.drop_trace()
        self.family, self.method = family, method
        self.request = request_of(family, puzzle)
        el("title-" + self.key).innerText = method["title"]
        el("name-" + self.key).innerText = method["title"]  # the choice's face: the whole title, wrapped if need be
        el("about-" + self.key).innerText = method["about"]
        el("method-" + self.key).value = method["name"]
        kind = watched(family).get("view", "grid")
        shown = VIEWS[kind][1] if kind in VIEWS else GRID_IDS
        for ids in [GRID_IDS] + [ids for _view, ids in VIEWS.values()]:
            for ident in ids:
                el(ident + self.key).hidden = ids != shown
        if kind not in VIEWS:
            self.view = None
            rules = RULES[family]
            n, givens, box, clues = rules.grid_of(puzzle)
            model = trace.Grid(n, givens)
            self.board.label = "Board of " + self.title()
            layout_of = getattr(rules, "layout_of", None)  # cages, regions, diagonals
            self.board.setup(n, box, clues, layout_of(puzzle) if layout_of else None)
            self.board.given, self.board.values, self.board.pencil = model.given, model.values, model.pencil
        else:
            if kind not in self.views:
                self.views[kind] = VIEWS[kind][0](self.key)
            self.view = self.views[kind]
            model = self.view.setup(family, puzzle)
        for view in self.views.values():  # views may share a canvas: only the shown one redraws on resize
            view.active = view is self.view
        self.model = model
        self.replay = trace.Replay(model, method, BACK_LIMIT)
        self.queue = []  # chunks of events not yet played
        self.buf = []
        self.at = 0
        self.exhausted = False
        self.fetching = 0  # ticks_ms when a request started, 0 when none
        self.stopped = False
        self.redo = []  # events stepped back over, to play again
        self.error = ""
        self.show(True)

    def title(self):
        """The method's display name."""
        return self.method["title"]

    def drop_trace(self):
        """Ignore late answers and free the worker's generator."""
        self.gen += 1
        self.fetching = 0
        if self.tid is not None and self.worker.ready.is_set():
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
        if self.replay.done or self.exhausted or self.stopped or self.fetching or self.error:
            return
        if self.pending() < ahead:
            self.fetching = time.ticks_ms() or 1
            spawn(self.fetch(max(64, min(20000, ahead // 2))))

    async def fetch(self, count):
        """One chunk of events from the worker (starting the trace first if needed)."""
        gen = self.gen
        try:
            if self.tid is None:
                prepared = (self.family, self.worker.generation)
                if watched(self.family).get("data") and prepared not in PREPARED:
                    ans = await self.worker.call(self.family, "check", self.request)  # fetches its data files
                    if gen != self.gen:
                        return
                    if ans.get("kind") != "internal":
                        PREPARED.add(prepared)
                ans = await self.worker.method("trace_start", self.family, json.dumps(self.request),
                                                 self.method["name"])
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
        return not self.replay.done and not self.error and not self.pending() and not (self.exhausted or self.stopped)

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
        """Play up to `count` events (within the frame's deadline); returns how many."""
        late = None if deadline is None else (lambda: time.ticks_diff(deadline, time.ticks_ms()) < 0)
        return self.replay.forward(self.take, count, late)

    def back(self):
        """Undo the last played event; False when the log has none left."""
        ev = self.replay.back()
        if ev is None:
            return False
        self.redo.append(ev)
        return True

    # showing ----------------------------------------------------------------------------------
    def show(self, mirror):
        """Draw the board (the accessible mirror too when `mirror`) and the counters."""
        if self.view is not None:
            self.view.draw(mirror, self.replay.done and not self.error)
        else:
            self.show_grid(mirror)
        self.show_counters()

    def show_grid(self, mirror):
        """Draw the latin grid with the latest change marked."""
        board = self.board
        cells, kind = self.model.mark
        board.hint_cells = set(cells) if kind == "set" else set()
        board.wrong = set(cells) if kind == "clear" else set()
        board.hint_region = set(cells) if kind == "focus" else set()
        if cells:
            board.cursor = divmod(cells[-1], self.model.n)
        board.solved = self.replay.done and not self.error
        board.draw(mirror)  # the accessible mirror only when asked, not at every frame

    def show_counters(self):
        """The step counter, the phase line and the pane's data attributes."""
        el("steps-" + self.key).innerText = grouped(self.replay.steps)
        phase = self.replay.technique
        if self.error:
            phase = "Stopped: " + self.error
        elif self.stopped and not self.replay.done:
            phase = "Stopped"
        elif self.replay.done:
            total = self.replay.solved_steps if self.replay.solved_steps is not None else self.replay.steps
            phase = "Solved in " + steps_text(total)
        el("phase-" + self.key).innerText = phase
        pane = el("pane-" + self.key)
        pane.setAttribute("data-steps", str(self.replay.steps))
        pane.setAttribute("data-events", str(self.replay.events))
        pane.setAttribute("data-done", "true" if self.replay.done else "false")
        pane.className = "watch-pane" + (" done" if self.replay.done else "")

    def summary(self):
        """One sentence for the live region."""
        text = self.title() + ": " + steps_text(self.replay.steps)
        if self.replay.done:
            text += ", solved"
        elif self.replay.technique:
            text += ", " + self.replay.technique
        return text


class WatchPage:
    """The controller: puzzle choice, the two panes, transport buttons, speed, links and saving."""

    def __init__(self):
        self.worker = Worker()
        self.store = Store("tessera-watch")
        self.order = [Pane("a", self.worker), Pane("b", self.worker)]
        self.panes = {p.key: p for p in self.order}
        self.home = str(el("family").value)  # the family the page's choice starts on (its typed grid box's)
        self.family = self.home
        self.variant_family = None  # the family whose variants the variant choice offers
        self.puzzle = None
        self.playing = False
        self.show_mode = "both"
        self.speed_index = 6  # 1,000 board changes a second (100 left naive backtracking crawling)
        self.starters = {}
        self.info = {}  # family -> its registry entry (data/families.json: grades, sizes, methods)
        self.choices = {}  # family -> the method names its panes run, as chosen (saved)
        self.last_live = 0
        self.asked = 0  # numbers the puzzle requests: only the latest one's answer is shown
        self.bind()
        self.enable(False)

    def bind(self):
        """Wire buttons, selects and keys."""
        click("play", self.toggle_play)
        click("step", lambda: spawn(self.step()))
        click("back", self.back)
        click("restart", self.restart)
        click("watch-stop", self.stop)  # not "stop": tessera_ui.Worker owns that id
        click("new", self.new_puzzle)
        click("custom-load", lambda: spawn(self.load_custom()))
        click("share", self.share)
        click("copy", copy_share_link)
        click("theme", self.retheme)
        on("speed", "input", lambda _e: self.set_speed(int(el("speed").value)))
        on("family", "change", lambda _e: self.change_family())
        on("size", "change", lambda _e: self.new_puzzle())
        on("variant", "change", lambda _e: self.change_variant())
        on("show", "change", lambda _e: self.set_show(str(el("show").value)))
        for key in self.panes:
            on("method-" + key, "change", lambda _e, key=key: self.choose_method(key))
        on(document, "keydown", self.key)

    # start-up ---------------------------------------------------------------------------------
    def start(self):
        """Show a puzzle at once (link, saved, or a build-time starter); Play waits for the worker."""
        data = page_data()
        self.starters, self.info = data.get("starters") or {}, data.get("families") or {}
        WATCH.update({name: entry.get("watch") or {} for name, entry in self.info.items()})
        bad = self.store.unreadable()
        saved = self.store.load() or {}
        speed = saved.get("speed")
        self.set_speed(speed if type(speed) is int else self.speed_index)
        self.set_show(saved.get("show", "both"))
        choices = saved.get("methods")
        self.choices = choices if type(choices) is dict else {}  # saved before panes had a choice: the defaults
        fragment = link_fragment()
        if fragment:
            set_fragment("")
            try:
                family, puzzle = read_link(fragment)
            except (ValueError, KeyError, TypeError, IndexError) as exc:
                self.load(self.home, self.starter(self.home))
                say("That link is not a valid puzzle (" + str(exc) + "); here is another one.", "error")
            else:
                self.load(family, puzzle, "Shared puzzle: press Play to watch both solvers.")
        elif saved.get("puzzle"):
            try:
                self.load(saved["family"], saved["puzzle"], "Welcome back: the same puzzle, ready to watch again.")
            except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                self.load(self.home, self.starter(self.home), "Your saved puzzle could not be read; here is another.")
        else:
            self.load(self.home, self.starter(self.home))
        if bad:
            say("Your saved settings could not be read; they were set aside.", "error")
        spawn(self.reenable())

    def starter(self, family):
        """A build-time puzzle of a family (the easiest), or its rules module's example."""
        found = self.starters.get(family) or []
        return dict(found[0]) if found else RULES[family].puzzle_of(RULES[family].EXAMPLE)

    def enable(self, on_):
        """Enable the transport once the worker runs."""
        for ident in ("play", "step"):
            el(ident).disabled = not on_

    # puzzles ---------------------------------------------------------------------------------
    def methods(self, family):
        """A family's trace methods from the registry, the study's own first (one for a one-method family)."""
        found = (self.info.get(family) or {}).get("method_notes") or []
        return [m for m in found if m.get("study")] + [m for m in found if not m.get("study")]

    def chosen(self, family):
        """The methods of the two panes: the saved choice of each that the family still has, else the first two
        (a one-method family's second pane keeps its one method, ready but hidden)."""
        methods = self.methods(family)
        by_name = {m["name"]: m for m in methods}
        saved = self.choices.get(family)
        saved = saved if type(saved) is list and len(saved) == 2 else [None, None]
        defaults = methods[:2] + methods[-1:]
        return [by_name.get(name) if type(name) is str and name in by_name else default
                for name, default in zip(saved, defaults)]

    def fill_methods(self, family):
        """Each pane's method choice: every method of the family by its title (disabled when it has one)."""
        methods = self.methods(family)
        for key in self.panes:
            set_options(el("method-" + key), [(m["name"], m["title"]) for m in methods])
            el("method-" + key).disabled = len(methods) < 2

    def choose_method(self, key):
        """A pane's method chosen: that pane starts again on the same puzzle with it (remembered for the family)."""
        pane = self.panes[key]
        if self.puzzle is None:
            return
        name = str(el("method-" + key).value)
        family = pane.family  # the puzzle's (a family chosen meanwhile has no puzzle yet)
        found = [m for m in self.methods(family) if m["name"] == name]
        if not found or name == pane.method["name"]:
            el("method-" + key).value = pane.method["name"]
            return
        pane.reset(family, found[0], self.puzzle)
        names = [p.method["name"] for p in self.order]
        self.choices[family] = names
        self.update_compare()
        self.save_prefs()
        same = " Both panes now run it, step for step alike." if names[0] == names[1] else ""
        say(("The first" if key == "a" else "The second") + " pane now runs " + found[0]["title"] + ", from the start"
            + (": it is playing." if self.playing else ": press Play to watch it.") + same)

    def fill_selects(self, family, size=None):
        """The family's watched sizes and grades from its registry entry (and the puzzle's own size).
        `size` is chosen (None: the choice stays)."""
        info = self.info.get(family) or {}
        sizes = list(watched(family).get("sizes") or info.get("sizes") or [])
        self.offer_variants(family)
        sizes = [n for n in sizes if n in self.variant_sizes(family).get(self.variant(), sizes)]  # a variant's own
        shown = size if size is not None else int(el("size").value or "0")
        if shown and shown not in sizes:
            sizes = sorted(sizes + [shown])  # a linked puzzle's own size is always offered
        grades = info.get("grades") or []
        el("family").value = family
        for ident, items, chosen in (("size", [(n, size_label(family, n)) for n in sizes], str(shown)),
                                     ("difficulty", [(i + 1, g) for i, g in enumerate(grades)], None)):
            select = el(ident)
            keep = chosen or str(select.value or "1")
            set_options(select, items)
            if items:
                select.value = keep if any(str(v) == keep for v, _ in items) else str(items[0][0])
        el("custom-box").hidden = family != self.home

    def offer_variants(self, family):
        """The variant choice offers the family's own variants (hidden for a family without any)."""
        variants = (self.info.get(family) or {}).get("variants") or []
        el("variant-row").hidden = not variants
        if variants and self.variant_family != family:
            set_options(el("variant"), variants)
            self.variant_family = family

    def variant(self):
        """The variant chosen ("" for a family without variants)."""
        return str(el("variant").value or "") if (self.info.get(self.family) or {}).get("variants") else ""

    def variant_sizes(self, family):
        """A family's sizes per variant, where a variant has its own (its rules module's VARIANT_SIZES)."""
        return getattr(RULES[family], "VARIANT_SIZES", None) or {}

    def change_variant(self):
        """A fresh puzzle of the variant chosen (at the chosen size when the variant has it, else its largest)."""
        size = int(el("size").value or "0")
        sizes = self.variant_sizes(self.family).get(self.variant())
        self.fill_selects(self.family, size if not sizes or size in sizes else max(sizes))
        self.new_puzzle()

    def load(self, family, puzzle, message=""):
        """Set both panes to a puzzle (ValueError when it is malformed)."""
        n = size_of(family, puzzle)
        self.asked += 1  # a puzzle asked for before this one came is no longer wanted
        self.pause()
        self.family = family
        self.puzzle = puzzle
        self.offer_variants(family)
        variant_of = getattr(RULES[family], "variant_of", None)
        if variant_of:  # the variant choice follows the puzzle (and the sizes offered, the variant)
            el("variant").value = variant_of(puzzle)
        self.fill_selects(family, n)
        self.fill_methods(family)
        for pane, method in zip(self.order, self.chosen(family)):
            pane.reset(family, method, puzzle)
        self.layout()
        el("share-row").hidden = True
        self.update_compare()
        grade = puzzle.get("difficulty")
        single = self.single()
        if single:
            message = message.replace("both solvers", "the solver")
        title = (self.info.get(family) or {}).get("title", family)
        say(message or ("A " + size_label(family, n) + " " + title + (" · " + grade if grade else "")
                        + (": press Play to watch the solver work on it." if single else
                           ": press Play to watch both solvers work on it.")))
        self.save_prefs()

    def new_puzzle(self):
        """Generate a puzzle of the chosen size and difficulty in the worker; the choices are read and the request
        numbered at once (in the event), so a late answer to an earlier request cannot set them back."""
        size = int(el("size").value)
        self.asked += 1
        spawn(self.generate(size, int(el("difficulty").value or "1"), self.asked))

    async def generate(self, size, difficulty, asked):
        """The puzzle of `new_puzzle`, unless a newer one was asked for meanwhile."""
        say("Making a " + size_label(self.family, size) + " puzzle…")
        seed = random.getrandbits(30)
        obj = {"difficulty": difficulty, "seed": seed, "size": size}
        if self.variant():
            obj["variant"] = self.variant()
        ans = await self.ask(self.family, "generate", obj, "Making a puzzle once the solver has loaded…")
        if asked != self.asked:
            return  # a newer request (New, size, family, a typed grid) owns the board
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

    def change_family(self):
        """Switch to another family (a fresh puzzle of it, of its default size)."""
        family = str(el("family").value)
        if family == self.family:
            return
        self.family = family
        info = self.info.get(family) or {}
        self.fill_selects(family, info.get("default_size") or size_of(family, self.starter(family)))
        self.new_puzzle()

    async def load_custom(self):
        """Watch a typed puzzle of the page's own family (checked by the solver first)."""
        try:
            puzzle = RULES[self.home].puzzle_of(str(el("custom").value))
        except ValueError as exc:
            say("That grid cannot be read: " + str(exc) + ".", "error")
            return
        ans = await self.ask(self.home, "solve", puzzle, "Checking your grid once the solver loads…")
        if "error" in ans:
            say("That grid cannot be watched: " + ans["error"], "error")
            return
        self.load(self.home, puzzle, "Your grid: press Play to watch both solvers.")

    # transport ---------------------------------------------------------------------------------
    def single(self):
        """Whether the family has one solver method (only the first pane is used)."""
        return len(self.methods(self.family)) == 1

    def mode(self):
        """The panes shown: "both", "a" or "b" (always "a" for a family with one method)."""
        return "a" if self.single() else self.show_mode

    def visible(self):
        """The panes being shown."""
        return [p for p in self.order if self.mode() in ("both", p.key)]

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
        if all(p.replay.done or p.error for p in panes):
            self.restart()
        for p in panes:
            if p.stopped:
                p.reset(self.family, p.method, self.puzzle)
        self.playing = True
        el("play").innerText = "Pause"
        say("Playing at " + grouped(SPEEDS[self.speed_index]) + " board changes a second" +
            (": Pause or the speed slider change it." if touch_only() else ": Space pauses, + and − change the speed."))
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
            panes = [p for p in self.visible() if not (p.replay.done or p.error)]
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
                if p.forward(1) or p.replay.done or p.error or p.exhausted and not p.pending():
                    break
                p.want(64)
                await asyncio.sleep(0.02)
        self.refresh(True)
        if all(p.replay.done for p in self.visible()):
            self.announce_end()

    def back(self):
        """One event back in every shown pane (within the kept log)."""
        self.pause()
        moved = [p.back() for p in self.visible()]
        if not any(moved):
            limited = any(p.replay.trimmed for p in self.visible())
            say("Back goes at most " + grouped(BACK_LIMIT) + " steps back; Restart replays from the start."
                if limited else "This is the start.")
        self.refresh(True)

    def restart(self):
        """Back to the givens; the traces start again on Play."""
        self.pause()
        for p in self.visible():
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
            PREPARED.clear()
            self.worker.cancel()
            self.enable(False)
            spawn(self.reenable())
        self.refresh(True)
        say("Stopped. Back and Step still move through what was played; Play starts again from the beginning.")

    async def reenable(self):
        """Enable Play once the worker runs (at the start, and after a restart)."""
        await self.worker.ready.wait()
        self.enable(True)

    def set_speed(self, index):
        """Choose a speed from SPEEDS."""
        self.speed_index = max(0, min(len(SPEEDS) - 1, int(index)))
        el("speed").value = str(self.speed_index)
        el("speed-label").innerText = grouped(SPEEDS[self.speed_index]) + " changes/s"  # events shown, not steps
        self.save_prefs()

    def set_show(self, mode):
        """Show both panes, or only one."""
        self.show_mode = mode if mode in ("both", "a", "b") else "both"
        self.layout()
        self.refresh(True)
        self.save_prefs()

    def layout(self):
        """Show and hide the panes for the show mode (one pane for a one-method family)."""
        mode = self.mode()
        el("show").value = mode
        el("show").disabled = self.single()
        for key in self.panes:
            el("pane-" + key).hidden = mode not in ("both", key)
        el("panes").className = "watch-panes" + ("" if mode == "both" else " single")

    def save_prefs(self):
        """Remember speed, layout and the panes' methods with the puzzle."""
        if self.puzzle is not None:
            self.store.save({"family": self.family, "puzzle": self.puzzle, "speed": self.speed_index,
                             "show": self.show_mode, "methods": self.choices})

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
        if self.mode() != "both" or not watched(self.family).get("compare") or not (a.replay.steps or b.replay.steps):
            el("compare").innerText = ""
            return
        slow, fast = (a, b) if a.replay.steps >= b.replay.steps else (b, a)
        text = " · ".join(p.title() + ": " + steps_text(p.replay.steps) + (" (solved)" if p.replay.done else " so far")
                          for p in (fast, slow))
        if fast.replay.steps:
            ratio = slow.replay.steps // fast.replay.steps
            if ratio >= 2:
                text += " — " + grouped(ratio) + " times as many"
        el("compare").innerText = text

    def announce_end(self):
        """Say how the run ended."""
        panes = self.visible()
        if all(p.replay.done for p in panes):
            say(". ".join(p.title() + " solved it in " + steps_text(p.replay.steps) for p in panes) + ".", "good")

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
        show_share_link(link_text(self.family, self.puzzle))


PAGE = WatchPage()
guard(PAGE.start)
