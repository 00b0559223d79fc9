"""Shared page plumbing for Tessera (MicroPython, main thread).

The solver worker client (ready status, calls as JSON, interrupts through shared memory, else cancel by restarting
the worker), saved progress, links, the timer, theme and small DOM helpers. Pages import
this and only draw, listen and call the worker (STYLE.md habit 10).
"""

import asyncio
import json
import time

from pyscript import document
from pyscript import window
from pyscript.ffi import create_proxy
from pyscript.ffi import to_js
from rules import records
from rules.trace import grouped  # noqa: F401 - the pages take it from here

_keep = []  # proxies must stay alive as long as their listeners

ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}  # key -> (dr, dc)


def el(ident):
    """The element with this id."""
    return document.getElementById(ident)


def on(target, event, fn):
    """Listen to `event` on an element (or its id) with a Python function."""
    if isinstance(target, str):
        target = el(target)
    elif target is window:
        target = document.defaultView  # MicroPython's `window` is the js module, not a Window
    proxy = create_proxy(fn)
    _keep.append(proxy)
    target.addEventListener(event, proxy)
    return proxy


class Mirror:
    """A board's accessible mirror: ARIA rows of gridcells, one per key; a cell's words and attributes are written
    only when they change (boards redraw often, screen readers should hear only what changed)."""

    def __init__(self, box, label, rows):
        """Fill `box` with one row per list of keys in `rows`."""
        box.innerHTML = ""
        box.setAttribute("aria-label", label)
        self.rows, self.cells, self.cache = [], {}, {}
        for keys in rows:
            row = document.createElement("div")
            row.setAttribute("role", "row")
            for key in keys:
                self.cells[key] = row.appendChild(document.createElement("div"))
                self.cells[key].setAttribute("role", "gridcell")
            box.appendChild(row)
            self.rows.append(row)

    def set(self, key, text, attrs=()):
        """A cell's words and (name, value) attributes."""
        if self.cache.get(key) != (text, attrs):
            self.cache[key] = (text, attrs)
            node = self.cells[key]
            node.textContent = text
            for name, value in attrs:
                node.setAttribute(name, value)

    def label_row(self, r, text):
        """A row's own label."""
        if self.cache.get(("row", r)) != text:
            self.cache[("row", r)] = text
            self.rows[r].setAttribute("aria-label", text)


def grid_rows(rows, cols):
    """The keys of a rows x cols grid as Mirror rows: cell indices row by row."""
    return [list(range(r * cols, (r + 1) * cols)) for r in range(rows)]


def click(ident, fn):
    """Call fn() when the button is clicked (the event is not passed)."""
    on(ident, "click", lambda _ev: fn())


def spawn(coro):
    """Run a coroutine in the background; failures are shown, never swallowed silently."""

    async def guarded():
        try:
            await coro
        except Exception as exc:
            say("Something went wrong: " + str(exc), "error")

    return asyncio.create_task(guarded())


def guard(call):
    """Run `call` now; a failure is shown, never swallowed silently (spawn's guard, for plain calls)."""
    try:
        call()
    except Exception as exc:
        say("Something went wrong: " + str(exc), "error")


def say(text, kind=""):
    """Show a message to the player (kind: '', 'error', 'good')."""
    box = el("message")
    if box is not None:
        box.innerText = text
        box.className = "message " + kind


def say_instead(old, new):
    """Replace the message with `new` if it still says `old` (nothing was said since)."""
    box = el("message")
    if box is not None and str(box.innerText) == old:
        say(new)


def status(text, ready=False):
    """Show the worker status line."""
    box = el("status")
    if box is not None:
        box.innerText = text
        box.className = "status ready" if ready else "status"


def calm():
    """Whether the visitor asked for reduced motion (animations then jump to their end)."""
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def touch_only():
    """Whether the device has only a coarse pointer and no hover (a phone or tablet): no keyboard tips."""
    return bool(window.matchMedia("(pointer: coarse) and (hover: none)").matches)


def reveal(ident):
    """Scroll an element into view if it is out of it (a hint box opening below the fold on a phone)."""
    node = el(ident)
    if node is not None:
        node.scrollIntoView(to_js({"block": "nearest"}))


def fit_square(canvas, fallback=540):
    """Size a canvas to a square of its shown width in device pixels (`fallback` while it has no layout); the side."""
    size = int((canvas.getBoundingClientRect().width or fallback) * (window.devicePixelRatio or 1))
    if canvas.width != size:
        canvas.width = size
        canvas.height = size
    return size


def css(name):
    """A CSS custom property of the current theme."""
    return str(window.getComputedStyle(document.documentElement).getPropertyValue(name)).strip()


def toggle_theme():
    """Switch light/dark and remember the choice."""
    dark = document.documentElement.classList.toggle("dark")
    window.tesseraStore("tessera-theme", "dark" if dark else "light")


AUTO_SECONDS = 2  # budget of a call the page makes on its own
USER_SECONDS = 15  # the worker's default budget for a call a player asked for (solvers/commands.py)
WATCHDOG = 20  # seconds past its budget before a call's worker counts as stuck
PING_SECONDS = 5  # an idle worker that does not answer a ping within this is dead and replaced
STOP_SECONDS = 3  # an interrupted call answers at its budget's next check (ms; more when busy); else Stop restarts
TIMED_OUT = "__timed_out__"
CANCELLED = "__cancelled__"  # what the requests under way answer when their worker is replaced
STOPPED = ("Stopped. The solver is restarting; try again or choose something quicker.",
           "Stopped. The solver has restarted: try again or choose something quicker.")


def _later(ms, value):
    """A JS promise that resolves to `value` after `ms` milliseconds."""
    def executor(resolve, _reject):
        window.setTimeout(create_proxy(lambda *_: resolve(value)), ms)

    return window.Promise.new(create_proxy(executor))


class Worker:
    """The Pyodide solver worker (site/worker/boot.js): starts at page load, answers JSON, can be cancelled.

    Messages are {id, fn, args} one way and {id, ok, value} back; `request` turns one into a promise.
    The JavaScript Worker is also `window.tesseraWorker` (the benchmark and the tests reach it there)."""

    def __init__(self, name="solver"):
        self.name = name
        self.node = None  # the JavaScript Worker
        self.pending = {}  # request id -> the resolve function of its promise
        self.ids = 0
        self.ready = asyncio.Event()
        self.generation = 0
        self.busy = 0
        self.autos = 0  # the page's own calls under way
        self.stops = 0  # Stop presses answered by an interrupt
        self.note = ("", "")  # what was said as the worker restarted, and what replaces it once it is back
        self.interrupts = None  # the counter that interrupts the worker's calls (cross-origin isolated pages)
        status("Loading the solver in the background… the board is playable meanwhile.")
        spawn(self._attach())
        if el("stop") is not None:
            click("stop", self.stop)

    def _start(self):
        """Start the worker and listen to it. Not before the page runs: a worker started with the page's first
        script competed with the page's MicroPython for the machine (boards 0.04 s later, the worker 0.02 s sooner)."""
        node = window.Worker.new("./worker/boot.js", to_js({"type": "module"}))
        node.onmessage = create_proxy(self._answer)
        self.node = node
        window.tesseraWorker = node

    def _answer(self, event):
        """A worker's answer resolves its request's promise (a failure in the worker becomes an error object)."""
        data = event.data
        resolve = self.pending.pop(str(data.id), None)
        if resolve is not None:
            resolve(data.value if data.ok else json.dumps({"error": "the solver failed: " + str(data.value),
                                                           "kind": "internal"}))

    def request(self, fn, *args):
        """Send one request; a promise of its answer (JSON text). It never settles if the worker dies."""
        self.ids += 1
        ident = "r" + str(self.ids)  # a string: numbers may come back from JavaScript as floats

        def executor(resolve, _reject):
            self.pending[ident] = resolve

        promise = window.Promise.new(create_proxy(executor))
        self.node.postMessage(to_js({"id": ident, "fn": fn, "args": list(args)}))
        return promise

    async def _attach(self):
        generation = self.generation
        self._start()
        # asked at once, not one after another: the worker answers them in order as soon as it has started
        asked = [self.request("configure", str(document.baseURI).split("#")[0])]
        interrupts = window.Int32Array.new(window.SharedArrayBuffer.new(4)) if window.crossOriginIsolated else None
        if interrupts is not None:
            asked.append(self.request("interrupts", interrupts))
        text = await self.request("ping")
        for promise in asked:
            await promise
        if generation != self.generation:
            return  # replaced meanwhile: the newer start sets ready
        if interrupts is not None:
            self.interrupts = window.tesseraInterrupts = interrupts  # the tests reach it there
            document.body.setAttribute("data-interrupts", "1")
        info = json.loads(text)
        self.ready.set()
        status("Solver ready (Python " + info.get("python", "?") + ")", True)
        document.body.setAttribute("data-worker", "ready")
        if generation:
            say_instead(*self.note)

    def restart(self, now, later, kind=""):
        """Replace the worker, saying `now`; `later` replaces it once the new worker is ready."""
        self.cancel()
        self.note = (now, later)
        say(now, kind)

    async def call(self, family, command, obj, waiting="Waiting for the solver to load…", auto=False):
        """Run `command` of `family` in the worker; returns the answer dict (maybe an error).

        `auto` marks a call the page makes on its own (checking a link, a distance, a rating): it
        waits until no other call runs and gets a small budget. A player's call interrupts it on a
        cross-origin isolated page (it is asked again once the player's call is answered); elsewhere
        the player's call waits behind it, at most AUTO_SECONDS.
        An idle worker is pinged first: one that does not answer within PING_SECONDS is dead and is
        replaced before the call runs. A call that outlives its budget by WATCHDOG seconds means the
        worker is stuck or dead: it is replaced and the call answers a timeout.
        """
        while True:  # an interrupted call (the page's own, by design) is asked again after the player's
            stops = self.stops
            answer = await self._call(family, command, obj, waiting, auto, stops)
            if not answer.get("interrupted"):
                return answer
            if stops != self.stops:  # interrupted by Stop: not asked again
                return {"error": "stopped", "kind": "cancelled"}

    async def _call(self, family, command, obj, waiting, auto, stops):
        """One try of `call`."""
        while auto and self.busy > 0:  # let a player's request go first
            await asyncio.sleep(0.05)
        if auto and stops != self.stops:  # Stop was pressed meanwhile: it stops the page's own work too
            return {"error": "stopped", "kind": "cancelled"}
        if auto and not self.ready.is_set():  # loading, or restarted meanwhile (Stop): not the page's to wait for
            return {"error": "skipped: the solver is loading", "kind": "cancelled"}
        if not self.ready.is_set():
            say(waiting)
            await self.ready.wait()
            say_instead(waiting, "")  # the call goes ahead: no longer waiting
        if self.busy == 0 and not await self.alive():
            self.restart("The solver had stopped answering, so it is restarting; your request follows…",
                         "The solver had stopped answering and has restarted.", "error")
        if not self.ready.is_set():  # restarted just now, or while it was pinged (Stop, a watchdog)
            await self.ready.wait()
        if auto and "limit" not in obj:
            obj = dict(obj)
            obj["limit"] = {"seconds": AUTO_SECONDS}
        seconds = (obj.get("limit") or {}).get("seconds") or USER_SECONDS
        generation = self.generation
        self._busy(1)
        if auto:
            self.autos += 1
        elif self.autos and self.interrupts is not None:
            window.Atomics.add(self.interrupts, 0, 1)  # the page's own search yields to the player
        try:
            seen = [int(window.Atomics.load(self.interrupts, 0))] if self.interrupts is not None else []  # for Stop
            text = await window.Promise.race(to_js([self.request("call", family, command, json.dumps(obj), *seen),
                                                    _later((seconds + WATCHDOG) * 1000, TIMED_OUT)]))
        except Exception as exc:
            text = TIMED_OUT
            self.restart("The solver failed (" + str(exc) + "); it is restarting.",
                         "The solver failed (" + str(exc) + ") and has restarted: try again.", "error")
        finally:
            if generation == self.generation:
                self._busy(-1)
                if auto:
                    self.autos -= 1
        if generation != self.generation:
            return {"error": "cancelled", "kind": "cancelled"}
        if str(text) == TIMED_OUT:
            self.cancel()
            return {"error": "the solver stopped answering, so it was restarted; try again", "kind": "timeout"}
        return json.loads(text)

    async def alive(self):
        """Whether the (idle) worker answers a ping within PING_SECONDS."""
        try:
            text = await window.Promise.race(to_js([self.request("ping"), _later(PING_SECONDS * 1000, TIMED_OUT)]))
        except Exception:
            return False
        return str(text) != TIMED_OUT  # CANCELLED: replaced meanwhile by a new worker, which the caller waits for

    def _busy(self, delta):
        """Count calls under way; the Stop button shows while any runs."""
        self.busy += delta
        button = el("stop")
        if button is not None:
            button.hidden = self.busy <= 0

    def stop(self):
        """The Stop button: interrupt the calls under way (on a cross-origin isolated page), else or when they do not
        answer within STOP_SECONDS (a trace chunk checks no budget) abandon them and restart the worker."""
        if self.interrupts is None:
            self.restart(*STOPPED)
            return
        self.stops += 1
        window.Atomics.add(self.interrupts, 0, 1)
        say("Stopped. Try again or choose something quicker.")
        spawn(self._restart_if_stuck(self.generation, list(self.pending)))

    async def _restart_if_stuck(self, generation, asked):
        """Restart the worker when a call that Stop interrupted has not answered within STOP_SECONDS."""
        await asyncio.sleep(STOP_SECONDS)
        if generation == self.generation and any(ident in self.pending for ident in asked):
            self.restart(*STOPPED)

    async def method(self, name, *args):
        """Call another exported worker function (traces); answers are JSON text. It counts as busy, so that no
        ping meanwhile takes a worker computing a long trace chunk for a dead one."""
        if not self.ready.is_set():
            await self.ready.wait()
        generation = self.generation
        self._busy(1)
        try:
            text = await self.request(name, *args)
        finally:
            if generation == self.generation:
                self._busy(-1)
        if str(text) == CANCELLED:
            return {"error": "the solver was restarted", "kind": "cancelled"}
        return json.loads(text)

    def cancel(self):
        """Stop whatever the worker is doing by replacing it with a fresh one."""
        self.generation += 1
        document.body.setAttribute("data-restarts", str(self.generation))
        document.body.setAttribute("data-worker", "restarting")
        self.busy = self.autos = 0
        self.interrupts = None
        self._busy(0)
        if self.node is not None:
            self.node.terminate()
        pending, self.pending = self.pending, {}
        for resolve in pending.values():  # the requests under way end now (not at their watchdog, 35 s on)
            resolve(CANCELLED)
        self.ready = asyncio.Event()
        status("Restarting the solver…")
        spawn(self._attach())


class Store:
    """JSON values in localStorage under one key per page."""

    def __init__(self, key):
        self.key = key

    def load(self):
        """The saved object (a dict), or None when there is none or it is not one (see `unreadable`)."""
        text = window.localStorage.getItem(self.key)
        if not text:
            return None
        try:
            value = json.loads(str(text))
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def unreadable(self):
        """Set aside a stored value `load` cannot give (not JSON, not an object); True if there was one."""
        if self.load() is not None or not self.has():
            return False
        self.set_aside()
        return True

    def save(self, value):
        """Save a JSON-able value; False when the browser's storage is full (app.js's `tesseraStore`)."""
        return bool(window.tesseraStore(self.key, json.dumps(value)))

    def has(self):
        """Whether anything is stored under the key."""
        return bool(window.localStorage.getItem(self.key))

    def set_aside(self):
        """Keep an unreadable value under `<key>-unreadable` (not lost, not read again) and clear the key."""
        text = window.localStorage.getItem(self.key)
        if text:
            window.tesseraStore(self.key + "-unreadable", text)
        window.localStorage.removeItem(self.key)


HEX = "0123456789abcdefABCDEF"


def decode_fragment(text):
    """Percent-decode a link fragment (UTF-8); ValueError when an escape is broken. Written out: JavaScript's
    decodeURIComponent throws a URIError that MicroPython cannot catch (it surfaces as a page error)."""
    if "%" not in text:
        return text
    out = bytearray()
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "%":
            pair = text[i + 1:i + 3]
            if len(pair) != 2 or pair[0] not in HEX or pair[1] not in HEX:
                raise ValueError("a % escape is broken")
            out.append(int(pair, 16))
            i += 3
        else:
            out.extend(ch.encode("utf-8"))
            i += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        raise ValueError("a % escape is not text") from None


def link_fragment():
    """The URL fragment without '#', percent-decoded ('' when none; as written when it cannot be decoded,
    so the page's own reader rejects it with a message)."""
    h = str(window.location.hash or "")
    if not h.startswith("#"):
        return ""
    try:
        return decode_fragment(h[1:])
    except ValueError:
        return h[1:]


def set_fragment(fragment):
    """Replace the URL fragment without reloading or adding history."""
    base = str(window.location.href).split("#")[0]
    window.history.replaceState(None, "", base + ("#" + fragment if fragment else ""))


def page_url(fragment):
    """This page's URL with a fragment."""
    return str(window.location.href).split("#")[0] + "#" + fragment


def clock(seconds):
    """m:ss."""
    return str(seconds // 60) + ":" + ("0" + str(seconds % 60))[-2:]


IDLE_SECONDS = 90  # a player who has not touched the page for this long is away: the clock waits for their return


def idle(now, used):
    """Whether the player is away: more than IDLE_SECONDS between `used` and `now`, two readings of MicroPython's
    wrapping millisecond ticks. JavaScript's Date.now() cannot be used: it reaches MicroPython as a 32-bit int that
    wraps (1.7e12 came out as 507064033). ticks_diff is right across the ticks' own wrap for spans under half their
    period (about six days); a span that comes out negative is a longer absence."""
    return not 0 <= time.ticks_diff(now, used) <= IDLE_SECONDS * 1000


class Timer:
    """Seconds spent on a puzzle, shown in #timer; can be hidden and paused. It counts only while the page is
    seen and in use: not in a hidden tab or an unfocused window, nor once the player has been away (no key,
    click or touch) for IDLE_SECONDS (a headless or covered window never says it is hidden). `now` reads the
    ticks `idle` compares (the tests give a clock of their own)."""

    def __init__(self, on_tick=None, now=None):
        self.seconds = 0
        self.running = False
        self.on_tick = on_tick
        self.now = now or time.ticks_ms
        self.hidden = window.localStorage.getItem("tessera-timer-hidden") == "1"
        self.used = self.now()  # when the player last pressed a key, clicked or touched
        for kind in ("keydown", "pointerdown", "wheel"):
            on(document, kind, self.touched)
        self._show()
        window.setInterval(create_proxy(self._tick), 1000)
        click("timer-toggle", self.toggle)

    def touched(self, *_):
        """The player is here."""
        self.used = self.now()

    def away(self):
        """Whether the player is not playing now (hidden tab, another window in front, or idle too long)."""
        return bool(document.hidden) or not document.hasFocus() or idle(self.now(), self.used)

    def _tick(self, *_):
        if self.running and not self.away():
            self.seconds += 1
            self._show()
            if self.on_tick is not None:
                self.on_tick()

    def _show(self):
        text = records.clock(self.seconds)
        box = el("timer")
        box.innerText = "" if self.hidden else text
        box.setAttribute("aria-label", "time " + text)
        button = el("timer-toggle")
        words = "Show timer" if self.hidden else "Hide timer"
        button.innerHTML = ('<span class="wide">' + words + '</span><span class="narrow" aria-hidden="true">'
                            + words.split(" ")[0] + "</span>")  # a phone's header has room for one word
        button.setAttribute("aria-label", words)
        button.title = words  # a phone's button says only "Hide": the header shows it joined to the time
        button.setAttribute("aria-pressed", "true" if self.hidden else "false")

    def toggle(self):
        """Hide or show the time."""
        self.hidden = not self.hidden
        window.tesseraStore("tessera-timer-hidden", "1" if self.hidden else "0")
        self._show()

    def reset(self, seconds=0, running=True):
        """Start over from `seconds`."""
        self.seconds = seconds
        self.running = running
        self.used = self.now()
        self._show()

    def text(self):
        """The time as m:ss."""
        return clock(self.seconds)


def page_data():
    """What the build wrote into the page for its first draw (the <script type="application/json" id="page-data">:
    `starters`, the family's build-time puzzles, and `families`, the registry), read without a wait; {} when the
    page has none."""
    node = document.getElementById("page-data") if not PAGE_DATA else None
    if node:
        PAGE_DATA.update(json.loads(str(node.textContent)))
    return PAGE_DATA


PAGE_DATA = {}


async def fetch_json(url):
    """GET a JSON file from the site (None when it fails)."""
    try:
        resp = await window.fetch(url)
        if not resp.ok:
            return None
        return json.loads(str(await resp.text()))
    except Exception:
        return None


def show_share_link(fragment):
    """Show the share row (#share-row, #share-link) with this page's link, selected, ready to copy."""
    box = el("share-link")
    box.value = page_url(fragment)
    el("share-row").hidden = False
    box.select()


def copy_share_link():
    """Put the link of #share-link on the clipboard (selected too, to copy by hand where the browser refuses)."""
    el("share-link").select()
    try:
        window.navigator.clipboard.writeText(el("share-link").value)
        say("Link copied.", "good")
    except Exception:
        say("Select the link and copy it.")
