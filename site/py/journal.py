"""The player's record of finished games in this browser (MicroPython, main thread): the store behind the
statistics page, the home and learn pages and every game page's finished games (rules.records keeps, summarises
and counts them). A store that cannot be read is set aside under `tessera-records-unreadable`, never lost or read
again.

The page's MicroPython heap starts at 1 MB and cannot allocate a string much longer than that at once, so a stored
or imported text longer than WHOLE characters (a version-1 record of a few thousand games, an old export) never
crosses into MicroPython whole: JavaScript holds it and hands it over in pieces that records.Reader reads game by
game, folding the older ones as it goes. The record is stored back as version 2, compact (records.compact), with
JSON's short separators.
Known limits: localStorage only (about 5 MB).
"""

import json

from pyscript import window
from rules import records

KEY = "tessera-records"
WHOLE = 300_000  # characters of a text read at once; a longer one is read in pieces of PIECE
PIECE = 32_768


def method(owner, name):
    """A JavaScript function as it is (an attribute read through MicroPython's FFI binds it to its owner)."""
    return window.Reflect.get(owner, name)


# cut(text, start, end) is text.substring(start, end): Function.prototype.call bound to String.prototype.substring
CUT = window.Reflect.apply(method(window.Function.prototype, "bind"), method(window.Function.prototype, "call"),
                           window.Array.of(method(window.String.prototype, "substring")))


def stored(key):
    """The text stored under `key`, held by JavaScript in a one-item array ([null] when there is none)."""
    return window.Array.of(key).map(method(window.localStorage, "getItem").bind(window.localStorage))


def held_text(held):
    """Whether a held text is there and not empty."""
    return bool(held.filter(window.Boolean).length)


def piece(held, start, end):
    """Characters `start` to `end` of a held text."""
    return str(window.Reflect.apply(CUT, None, held.concat(start, end)))


def read_text(held):
    """(the record of a held text (in JavaScript: see `stored`), None, whether it must be stored back: an older
    version or a long text) or (None, why it cannot be read, False)."""
    first = piece(held, 0, WHOLE + 1)
    if len(first) <= WHOLE:
        try:
            value = json.loads(first)
        except ValueError:
            return None, "it is not JSON", False
        record, why = records.read(value)
        return record, why, record is not None and value.get("v") != records.VERSION
    reader = records.Reader()
    start = 0
    while first:
        reader.feed(first)
        start += len(first)
        first = piece(held, start, start + PIECE)
    record, why = reader.finish()
    return record, why, True


class Journal:
    """The finished games: read, add one, replace all (import, clear)."""

    def read(self):
        """(the record, None) or (an empty record, why the stored one cannot be read); a record of an older version
        or past its bounds is stored back compact."""
        held = stored(KEY)
        if not held_text(held):
            return records.empty(), None
        record, why, changed = read_text(held)
        if record is None:
            return records.empty(), why
        whole = len(record["games"])
        records.compact(record)
        if changed or len(record["games"]) != whole:
            self.save(record)
        return record, None

    def set_aside(self):
        """Keep an unreadable store aside (in JavaScript: it may be too long for MicroPython) and start a new one."""
        held = stored(KEY)
        if held_text(held):
            held.forEach(window.tesseraStore.bind(None, KEY + "-unreadable"))
        window.localStorage.removeItem(KEY)

    def add(self, game):
        """Add a finished game; the words of a problem met (the old store set aside, or the store full), else None."""
        record, why = self.read()
        if why is not None:
            self.set_aside()
        full = self.save(records.add(record, game))
        if why is not None:
            return ("Your record of games could not be read (" + why + "); it was set aside and a new one started "
                    "with this game.")
        return full

    def save(self, record, kept=records.KEPT):
        """Store the record (compact: its newest games whole within `kept` characters); when the browser's storage
        is full, fewer are kept whole; None, or words saying the games could not be saved."""
        while not window.tesseraStore(KEY, json.dumps(records.compact(record, kept), separators=(",", ":"))):
            if kept == 0:  # the storage is full even with every game summarised
                return "This browser's storage is full: Your games could not be saved."
            kept //= 4
        return None

    def make_room(self):
        """Free storage for a game's own save: keep a quarter of the games whole; whether any room was made."""
        record, why = self.read()
        if why is not None or not record["games"]:
            return False
        return self.save(record, len(json.dumps(record["games"])) // 4) is None


def today():
    """The local date, "YYYY-MM-DD" (the day the daily puzzles use)."""
    return str(window.Date.new().toLocaleDateString("en-CA"))
