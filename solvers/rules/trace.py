"""Solver traces replayed on a board: the model of *Watch the solver* (the page), replayed whole by the tests.

A family's `trace` command yields events ({"event": "set", "cell": [r, c], "value": v}, "place", "move",
"technique", "solved", ...). A `Replay` plays them one at a time on a board, keeps how to undo each (the
last `limit`), and counts the method's steps as its registry entry says ("steps": the events that are one
step; "steps_with_depth": kinds that count when they carry a depth). Three boards: `Grid` (a latin grid's
values and notes; the givens stay), `Tiles` (a sliding position) and `Pieces` (placed pieces). A board's
`apply(ev)` changes it and returns (undo record, text or None), `undo(record)` reverses that.
Written in the subset of Python that MicroPython runs too (the page imports this very file).
"""

from . import latin


def grouped(number):
    """12345 -> '12,345'."""
    text = str(int(number or 0))
    out = ""
    while len(text) > 3:
        out = "," + text[-3:] + out
        text = text[:-3]
    return text + out


def depth_words(ev):
    """' (depth 3)' when the event has a depth, else ''."""
    return " (depth " + str(ev["depth"]) + ")" if "depth" in ev else ""


class Replay:
    """A trace played on a board: counters, the phase text, and a bounded log to step back through."""

    def __init__(self, board, method, limit=5000):
        self.board = board
        self.kinds = method.get("steps") or []
        self.depth_kinds = method.get("steps_with_depth") or []
        self.limit = limit
        self.log = []  # (event, counters before it, the board's undo record)
        self.trimmed = False  # the log has dropped its oldest entries
        self.steps = 0
        self.events = 0
        self.technique = ""
        self.done = False
        self.solved_steps = None  # what the solver itself counted, from its "solved" event

    def counts(self, ev):
        """Whether an event is one step of the method."""
        kind = ev.get("event")
        return kind in self.kinds or (kind in self.depth_kinds and "depth" in ev)

    def play(self, ev):
        """Play one event on the board, logging how to undo it."""
        before = (self.technique, self.steps, self.done)
        record, text = self.board.apply(ev)
        kind = ev.get("event")
        if text is not None:
            self.technique = text
        elif kind in ("technique", "phase"):
            self.technique = str(ev.get("name", ""))
        elif kind == "threshold":
            self.technique = ("Threshold " + str(ev.get("bound", "")) + " moves, after " + grouped(ev.get("nodes", 0))
                              + " positions")
        elif kind == "backtrack":
            self.technique = "Dead end, back up" + depth_words(ev)
        elif kind == "solved":
            self.done = True
            self.solved_steps = ev.get("steps")
            self.technique = "Solved"
        if self.counts(ev):
            self.steps += 1
        self.events += 1
        self.log.append((ev, before, record))

    def forward(self, take, count, late=None):
        """Play up to `count` events from `take()` (None: no event at hand); stop early when `late()` says so.
        Returns how many were played."""
        played = 0
        while played < count and not self.done:
            ev = take()
            if ev is None:
                break
            self.play(ev)
            played += 1
            if late is not None and not played & 127 and late():
                break
        if len(self.log) > self.limit:
            del self.log[:len(self.log) - self.limit]
            self.trimmed = True
        return played

    def back(self):
        """Undo the last event played; returns it (None when the log has none left)."""
        if not self.log:
            return None
        ev, before, record = self.log.pop()
        self.board.undo(record)
        self.technique, self.steps, self.done = before
        self.events -= 1
        return ev


class Grid:
    """A latin grid's values and notes (bit v-1 = v noted) as a trace changes them; `mark` is the last change:
    (cells, "set" | "clear" | "focus")."""

    def __init__(self, n, givens):
        self.n = n
        self.given = [v != 0 for v in givens]
        self.values = list(givens)  # changed in place: a board view may hold these very lists
        self.pencil = [0] * (n * n)
        self.mark = ((), "")

    def cell(self, rc):
        """Index of a [row, col] pair."""
        return rc[0] * self.n + rc[1]

    def put(self, changes, i, value, pencil):
        """Change cell i, recording its old state."""
        changes.append((i, self.values[i], self.pencil[i]))
        self.values[i] = value
        self.pencil[i] = pencil

    def apply(self, ev):
        """Digits written and rubbed out, candidates crossed out or listed, the solution; (record, text)."""
        changes = []
        record = (self.mark, changes)
        kind = ev.get("event")
        text = None
        if kind in ("set", "guess", "clear"):
            i = self.cell(ev["cell"])
            self.put(changes, i, 0 if kind == "clear" else ev["value"], 0)
            self.mark = ((i,), "clear" if kind == "clear" else "set")
            if kind == "guess":
                text = "Guess" + depth_words(ev)
        elif kind == "eliminate":
            cells = []
            for r, c, v in ev.get("cells") or []:
                i = r * self.n + c
                self.put(changes, i, self.values[i], self.pencil[i] & ~(1 << (v - 1)))
                cells.append(i)
            self.mark = (tuple(cells), "clear")
        elif kind == "candidates":  # a lone candidate is the cell's value, unless the event lists "notes"
            cells = []
            notes = ev.get("notes")
            for r, row in enumerate(ev["grid"]):
                for c, marks in enumerate(row):
                    i = r * self.n + c
                    if self.given[i]:
                        continue
                    single = len(marks) == 1 and not notes
                    value, pencil = (latin.value_of(marks, self.n), 0) if single else (0, latin.mask_of(marks, self.n))
                    if (value, pencil) != (self.values[i], self.pencil[i]):
                        self.put(changes, i, value, pencil)
                        cells.append(i)
            self.mark = (tuple(cells), "set")
        elif kind in ("technique", "phase"):
            self.mark = (tuple(self.cell(rc) for rc in ev.get("cells") or [] if len(rc) == 2), "focus")
        elif kind in ("backtrack", "solved"):
            self.mark = ((), "")
            for r, row in enumerate(ev.get("solution") or []):
                for c, v in enumerate(row):
                    if self.values[r * self.n + c] != v:
                        self.put(changes, r * self.n + c, v, 0)
        return record, text

    def undo(self, record):
        """Put the cells and the mark back."""
        self.mark, changes = record
        for i, value, pencil in reversed(changes):
            self.values[i] = value
            self.pencil[i] = pencil


class Tiles:
    """A sliding position as "move" events slide tiles into the blank; `recent` lists (tile, cell it left) of
    the slides since a view last took them."""

    def __init__(self, tiles):
        self.tiles = list(tiles)
        self.recent = []

    def apply(self, ev):
        """Slide a "move" event's tile into the blank (other events leave the tiles)."""
        if ev.get("event") != "move":
            return None, None
        tile = ev["tile"]
        blank, cell = self.tiles.index(0), self.tiles.index(tile)
        self.tiles[blank], self.tiles[cell] = tile, 0
        self.recent.append((tile, cell))
        return (tile, cell, blank), None

    def undo(self, record):
        """Slide it back."""
        if record is None:
            return
        tile, cell, blank = record
        self.tiles[cell], self.tiles[blank] = tile, 0
        self.recent.append((tile, blank))


class Pieces:
    """Pieces placed and taken back by an exact cover search: piece -> cells, cell -> piece, the latest piece.
    `names` gives each piece's name, `key` a cell key of an event's cell."""

    def __init__(self, names, key):
        self.names = names
        self.key = key
        self.placed = {}
        self.owner = {}
        self.last = ""

    def put(self, pid, cells):
        """Put a piece on cells."""
        self.placed[pid] = cells
        for cell in cells:
            self.owner[cell] = pid

    def take(self, pid):
        """Take a piece off; its cells."""
        cells = self.placed.pop(pid, [])
        for cell in cells:
            self.owner.pop(cell, None)
        return cells

    def apply(self, ev):
        """Place or take back a piece; the text says which piece is tried or given up."""
        pid = ev.get("piece")
        kind = ev.get("event")
        if kind not in ("place", "remove"):
            return None, None
        record = (kind, pid, self.last, self.placed.get(pid))
        name = self.names.get(pid, pid)
        if kind == "place":
            self.put(pid, [self.key(c) for c in ev["cells"]])
            self.last = pid
            return record, "Piece " + str(len(self.placed)) + ": trying the " + name
        depth = str(len(self.placed))
        self.take(pid)
        self.last = ""
        return record, "Piece " + depth + ": the " + name + " leads nowhere, take it back"

    def undo(self, record):
        """Reverse a place or a take-back."""
        if record is None:
            return
        kind, pid, self.last, cells = record
        if kind == "place":
            self.take(pid)
        else:
            self.put(pid, cells)
