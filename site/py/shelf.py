"""The games a page set aside (MicroPython, main thread), kept in the browser's storage.

Every way a page replaces a game in progress (New, Daily, Open, a link, Practice, a size, grade or variant change,
a roll, a new card) first puts the game here: a short list per family, newest first, each entry a saved game in the
midend's own save format (so it comes back with its whole history, clock and hints). *Resume your game*, Undo at the
start of the new puzzle and the home page's Continue read it, so a game set aside survives a reload, a visit to
another page, a second Practice and a second link.
Known limits: the newest KEPT games per family; when the browser's storage is full, old replay links of the record of
games make room first, then the oldest games set aside go.
"""

from pyscript import window

from tessera_ui import Store

VERSION = 1
KEPT = 5  # games kept per family, newest first
SEP = ";"  # between the moves of one step, and of a link's moves (the midend reads it here)


def split_moves(text):
    """The moves of a save's or a link's move text."""
    return [m for m in text.split(SEP) if m]


def played(saved):
    """The moves of a saved game from its start to the state it shows."""
    out = []
    for step in saved["moves"][:saved["index"]]:
        out.extend(split_moves(step))
    return out


def readable(saved):
    """Whether a stored entry has the shape of a saved game (what `played` and the home page read)."""
    if not isinstance(saved, dict) or not isinstance(saved.get("puzzle"), str):
        return False
    moves, index = saved.get("moves"), saved.get("index")
    return (isinstance(moves, list) and all(isinstance(m, str) for m in moves) and type(index) is int
            and 0 <= index <= len(moves))


class Shelf:
    """A family's games set aside: read, put one on top, take one back."""

    def __init__(self, family, make_room=None):
        self.store = Store("tessera-" + family + "-aside")
        self.make_room = make_room  # frees storage (the record's old replay links); True if it did
        self.games = []
        self.read()

    def read(self):
        """The games as stored now (another tab may have changed them); an unreadable list is set aside."""
        value = self.store.load()
        if value is None:
            self.store.unreadable()
            self.games = []
        elif value.get("v") != VERSION or not isinstance(value.get("games"), list):
            self.store.set_aside()
            self.games = []
        else:
            self.games = [g for g in value["games"] if readable(g)]
        return self.games

    def index_of(self, ident):
        """The index of the game set aside under `ident` (its "aside" time, which the home page links to), or -1."""
        for k, saved in enumerate(self.read()):
            if saved.get("aside") == ident:
                return k
        return -1

    def push(self, saved):
        """Put a saved game on top, stamped with the time it was set aside (its id), the same puzzle and moves kept
        once; whether it was stored."""
        saved = dict(saved)
        saved["aside"] = str(window.Date.new().toISOString())
        games = [g for g in self.read() if g["puzzle"] != saved["puzzle"] or played(g) != played(saved)]
        self.games = ([saved] + games)[:KEPT]
        return self.write()

    def pop(self, k=0):
        """Take the game at `k` (the newest by default) off the shelf; None when there is none."""
        games = self.read()
        if not 0 <= k < len(games):
            return None
        saved = games.pop(k)
        self.write()
        return saved

    def write(self):
        """Store the list; when the storage is full, make room, then drop the oldest games (never the newest)."""
        while not self.store.save({"v": VERSION, "games": self.games}):
            if self.make_room is not None and self.make_room():
                continue
            if len(self.games) <= 1:
                return False
            self.games = self.games[:-1]
        return True
