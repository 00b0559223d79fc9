"""The learn page (MicroPython, main thread): every technique of the hint ladders, with examples and Practice.

The words are the page's own HTML (build.py writes them from the solvers' table); this script draws each example
on a `GridBoard` as it scrolls into view, from the position and the hint the build stored (data/learn.json), with
the board's own hint drawing (`GridBoard.show_hint`, what the game pages use); says how often the player met each
technique in hints (rules.records over the finished games); and makes Practice puzzles: the worker (started at
the first press) answers the family's `practice` command, and the game page opens the puzzle through its link, so
a game in progress there stays one Undo or "Resume your game" away. A rung with no practice puzzle but an example
practises from that position: its link carries the example's values and notes as moves (`position_link`), so the
game page's next hint is the technique; where an easier step comes first (the example's "first"), the game page opens
its *All steps here* list, which names the technique among the others.
Known limits: a practice puzzle of a rare technique may not be found for a given seed (the note says so: try
again).
"""

import random

from family_rules import RULES
from pyscript import document
from pyscript import window
from pyscript.ffi import create_proxy
from pyscript.ffi import to_js
from rules import latin
from rules import records

from gridboard import GridBoard
from journal import Journal
from shelf import SEP
from tessera_ui import Worker
from tessera_ui import click
from tessera_ui import el
from tessera_ui import fetch_json
from tessera_ui import spawn
from tessera_ui import status
from tessera_ui import toggle_theme

PRACTICE_SECONDS = 90  # a rare technique's puzzle can take a minute in the worker


class LearnPage:
    """The examples, the counts of hints met and the Practice buttons."""

    def __init__(self):
        self.entries = {}  # anchor -> (family, its entry in data/learn.json)
        self.boards = {}  # anchor -> the GridBoard of its example, once drawn
        self.worker = None  # started at the first Practice
        self.running = None  # the anchor whose practice puzzle is being made

    async def start(self):
        """Read the data and the record; draw examples as they come into view; wire Practice."""
        click("theme", self.theme)
        data = await fetch_json("./data/learn.json") or {}
        for family in data.get("families") or []:
            for entry in family["entries"]:
                self.entries[entry["anchor"]] = (family["name"], entry)
        self.show_met()
        watcher = window.IntersectionObserver.new(create_proxy(self.seen), to_js({"rootMargin": "300px"}))
        for anchor, (_family, entry) in self.entries.items():
            if entry.get("example") and el("board-" + anchor) is not None:
                watcher.observe(el("board-" + anchor))
            if not entry.get("practice") and entry.get("example"):
                self.add_position_practice(anchor, entry)
            if el("practice-" + anchor) is not None:
                click("practice-" + anchor, lambda anchor=anchor: self.press(anchor))
        status("Every technique is listed; its example is drawn as you reach it.", ready=True)
        document.body.setAttribute("data-ready", "1")

    def show_met(self):
        """Each entry's count of hints that named it (its finer names too), from the finished games."""
        record, _why = Journal().read()
        met = dict((family, records.met(record, family)) for family in set(f for f, _e in self.entries.values()))
        for anchor, (family, entry) in self.entries.items():
            times = sum(met[family].get(name, 0) for name in [entry["name"]] + list(entry.get("also") or []))
            line = el("met-" + anchor)
            if line is not None:
                line.textContent = ("You have not met it in a hint yet." if not times else
                                    "You have met it once in a hint." if times == 1 else
                                    "You have met it " + str(times) + " times in hints.")

    def seen(self, changes, observer):
        """Draw the examples that come into view (once each; resizes and the theme redraw them)."""
        for change in changes:
            if change.isIntersecting:
                observer.unobserve(change.target)
                self.draw(str(change.target.id)[len("board-"):])

    def draw(self, anchor):
        """An entry's example: its stored position with full notes and its hint drawn as the game pages draw it."""
        family, entry = self.entries[anchor]
        example = entry["example"]
        rules = RULES[entry.get("from") or family]
        puzzle = example["puzzle"]
        n, givens, box, clues = rules.grid_of(puzzle)
        layout = rules.layout_of(puzzle) if hasattr(rules, "layout_of") else None
        peers = latin.peers(n, box) if layout is None else rules.tables(n, box, layout)[2]
        board = GridBoard("board-" + anchor, "aria-" + anchor, "Example for " + entry["name"], cursor=False)
        board.setup(n, box, clues, layout)
        board.given = [v != 0 for v in givens]
        board.values, board.pencil = list(example["values"]), list(example["notes"])
        board.show_hint(example["hint"], example["values"], example["notes"], peers)
        board.draw()
        self.boards[anchor] = board
        board.canvas.setAttribute("data-drawn", "1")

    def theme(self):
        """Dark / light, and every drawn board in the new colours."""
        toggle_theme()
        for board in self.boards.values():
            board.draw()

    def add_position_practice(self, anchor, entry):
        """Practice for a rung with no practice puzzle: a button (after the note saying why there is none) that
        opens its example's position, with a note saying so."""
        said = document.querySelector("#" + anchor + " .words p.note")
        if said is None:
            return
        row = document.createElement("div")
        row.className = "row practice-row"
        button = row.appendChild(document.createElement("button"))
        button.type, button.id, button.className = "button", "practice-" + anchor, "practice primary"
        button.textContent = "Practice"
        note = document.createElement("p")
        note.className, note.id = "note", "note-" + anchor
        note.setAttribute("aria-live", "polite")
        other = entry.get("from")
        whose = "the " + other[0].upper() + other[1:] + " example's" if other else "a"
        first = entry["example"].get("first")
        note.textContent = "Practice opens " + whose + " position where " + (
            "it is the next step." if not first else
            "All steps here lists it (the hint there is " + first + ", which comes first).")
        said.after(row, note)

    def press(self, anchor):
        """Practice: make the puzzle (Stop while it is being made), or open the position of a rung without one."""
        family, entry = self.entries[anchor]
        if not entry.get("practice"):
            window.location.href = position_link(entry.get("from") or family, entry)
        elif self.running == anchor:
            self.worker.stop()
        elif self.running is None:
            spawn(self.practice(anchor))

    async def practice(self, anchor):
        """Ask the worker for a fresh puzzle needing the technique at the chosen size; open it on its game page."""
        family, entry = self.entries[anchor]
        size = int(el("size-" + anchor).value)
        note, button = el("note-" + anchor), el("practice-" + anchor)
        self.running = anchor
        button.textContent = "Stop"
        note.textContent = ("Making a " + str(size) + "×" + str(size) + " puzzle whose solving path needs " +
                            entry["name"] + "… (a rare technique can take a minute)")
        if self.worker is None:
            self.worker = Worker()
            status("Loading the solver for the practice puzzle…")
        request = {"technique": entry["name"], "size": size, "seed": random.getrandbits(30),
                   "limit": {"seconds": PRACTICE_SECONDS}}
        if entry.get("variant"):
            request["variant"] = entry["variant"]
        ans = await self.worker.call(family, "practice", request, "Loading the solver for the practice puzzle…")
        self.running = None
        button.textContent = "Practice"
        if "error" in ans:
            note.textContent = ("Stopped." if ans.get("kind") == "cancelled" else
                                "No puzzle this time (" + str(ans["error"]) + "). Press Practice again: each try "
                                "is a fresh puzzle.")
            return
        note.textContent = "Opening it…"
        window.location.href = ("./" + family + ".html#practice:" + str(window.encodeURIComponent(entry["name"])) + "|"
                                + RULES[family].text_of(ans))


def position_link(family, entry):
    """The game page's practice link of an entry's example position: its puzzle with moves that place the values
    beyond the givens and give every empty cell exactly the example's notes."""
    example, rules = entry["example"], RULES[family]
    values, notes = example["values"], example["notes"]
    n, givens = rules.grid_of(example["puzzle"])[:2]
    moves = [latin.place_move(n, i, v) for i, v in enumerate(values) if v and not givens[i]]
    moves.append(latin.format_move(n, [(i, latin.SET_NOTES, m) for i, m in enumerate(notes) if not values[i]]))
    return ("./" + family + ".html#practice:" + str(window.encodeURIComponent(entry["name"]))
            + (";also" if example.get("first") else "") + "|" + rules.text_of(example["puzzle"]) + "~"
            + SEP.join(moves))


spawn(LearnPage().start())
