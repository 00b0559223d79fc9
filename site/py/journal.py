"""The player's record of finished games in this browser (MicroPython, main thread): the store behind the
statistics page, the home page's streaks and every game page's finished games (rules.records reads and counts
them). A store that cannot be read is set aside under `tessera-records-unreadable`, never lost or read again.
Known limits: localStorage only (about 5 MB); the oldest games lose their replay links past records.STORE_KEPT.
"""

import json

from pyscript import window
from rules import records

from tessera_ui import Store

KEY = "tessera-records"


class Journal:
    """The finished games: read, add one, replace all (import, clear)."""

    def __init__(self):
        self.store = Store(KEY)

    def games(self):
        """(the games, None) or ([], why the store cannot be read); an empty store has no games."""
        value = self.store.load()  # the store read once: it may be a few hundred thousand characters
        if value is None and not self.store.has():
            return [], None
        games, why = records.read(value)
        return (games, None) if games is not None else ([], why)

    def set_aside(self):
        """Keep an unreadable store aside and start a new one."""
        self.store.set_aside()

    def add(self, record):
        """Add a finished game; the words of a problem met (the old store set aside, or the store full), else None."""
        games, why = self.games()
        if why is not None:
            self.set_aside()
        full = self.save(records.add(games, record))
        if why is not None:
            return ("Your record of games could not be read (" + why + "); it was set aside and a new one started "
                    "with this game.")
        return full

    def save(self, games, kept=records.STORE_KEPT):
        """Replace every game (kept oldest first, the oldest ones bare past `kept` characters: `records.trim`); when
        the browser's storage is full, fewer are kept whole; None, or words saying the games could not be saved."""
        while not self.store.save({"v": records.VERSION, "games": records.trim(games, kept)}):
            if kept == 0:  # the storage is full even without links
                return "This browser's storage is full: Your games could not be saved."
            kept //= 4
        return None

    def make_room(self):
        """Free storage for a game's own save: keep a quarter of the games whole; whether any room was made."""
        games, why = self.games()
        whole = [r for r in games if r["link"]] if why is None else []
        if not whole:
            return False
        return self.save(games, len(json.dumps(whole)) // 4) is None


def today():
    """The local date, "YYYY-MM-DD" (the day the daily puzzles use)."""
    return str(window.Date.new().toLocaleDateString("en-CA"))
