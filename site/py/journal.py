"""The player's record of finished games in this browser (MicroPython, main thread): the store behind the
statistics page, the home page's streaks and every game page's finished games (rules.records reads and counts
them). A store that cannot be read is set aside under `tessera-records-unreadable`, never lost or read again.
Known limits: localStorage only (about 5 MB: thousands of games; a replay link of a 16x16 is a few kB).
"""

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
        if not self.store.has():
            return [], None
        games, why = records.read(self.store.load())
        return (games, None) if games is not None else ([], why)

    def set_aside(self):
        """Keep an unreadable store aside and start a new one."""
        self.store.set_aside()

    def add(self, record):
        """Add a finished game; the words of a problem met (the old store set aside), else None."""
        games, why = self.games()
        if why is not None:
            self.set_aside()
        self.save(records.add(games, record))
        return None if why is None else ("Your record of games could not be read (" + why + "); it was set aside "
                                         "and a new one started with this game.")

    def save(self, games):
        """Replace every game (kept oldest first)."""
        self.store.save({"v": records.VERSION, "games": games})


def today():
    """The local date, "YYYY-MM-DD" (the day the daily puzzles use)."""
    return str(window.Date.new().toLocaleDateString("en-CA"))
