"""The player's record of finished games: what the statistics, home and learn pages read.

A game is one finished game: family, variant, size, grade, score, when (the local day, and the moment it ended as an
ISO 8601 UTC time: it sorts as text), the seconds played, hints by the stage reached, errors found by Check, whether
it was the day's puzzle, whether the player solved it (or Tessera's Solve finished it), a replay link, the puzzle
and how often each technique came in a hint. Nothing leaves the browser.

The record, version 2, is {"v": 2, "id", "games": [the newest games, whole, oldest first], "old": the older games
summarised}. The page's MicroPython reads it whole into a heap of 1 MB (which cannot take a longer string at once;
and it collects garbage only between calls from JavaScript, so reading and counting must allocate little: loops,
not generators, in what the pages run), so `compact` keeps at most RECENT games whole (of about KEPT characters) and
folds the older ones into a summary whose size grows with the kinds of game and the months played, not with the
count of games (20,000 games: about 190,000 characters, read and counted in under 1 MB):
- per group (family, variant, size, grade): a row per month [YYYYMM, played, solved, seconds of the solved, hints,
  errors], the techniques its hints named, and its solve times as a histogram of exact whole seconds, a flat sorted
  list [seconds, how many, seconds, how many, ...]. With exact seconds the best, the median and the mean over any
  number of games are exactly those of the games themselves (a coarser histogram would make the median
  approximate), and its length is bounded by the distinct times of the group, a few thousand at most (a sorted
  list of every time, also exact, would grow with every game);
- per family, the days with a daily puzzle solved as runs [first day, days in a row]: streaks stay exact;
- "through", the end of the newest game folded: every game of this record that ended then or earlier is summarised;
  "merged": per other record imported (by its id), the end of the newest of its games taken.
So every figure the statistics page shows stays exact at any size: played, solved, best and median times and hints
per group, the streaks, the techniques met; the chart draws the older games as one dot per month and group (their
mean time) and the history lists them per month and group. The older games lose their replay links and puzzles.
Version 1 ({"v": 1, "games": [...]}, every game whole) is read and folded. A text too long to read whole (an old
version-1 record of thousands of games, an imported file) is read game by game by `Reader`, folding as it goes: once,
a second or a few (its garbage, a few times the text, waits for the end of the call).

A record's "id" is the key of its first game. Importing a file of the same id (this record at another moment) counts
each game once, exactly: the summary reaching later is kept and games up to its end are in it. A file of another
record adds its summary and its games, and "merged" keeps importing it again from adding them twice.
The statistics, streaks and merges are computed here, under CPython and MicroPython (the pages import it; tests check
both agree).
Known limits: when a file of another record is imported again after it summarised more games, only its games kept
whole and newer than the last import are added (its newly summarised ones cannot be told from those counted); days
are the player's local dates as the page saw them; a streak counts the days with a daily puzzle solved by the player.
"""

import json

from .days import day_number, day_text, month_text

VERSION = 2
FIELDS = {"family": str, "variant": str, "size": str, "grade": str, "day": str, "ended": str, "seconds": int,
          "hints": int, "stages": dict, "errors": int, "daily": bool, "solved": bool, "link": str}
OPTIONAL = {"score": int, "puzzle": str, "techniques": dict}  # techniques: the hints' technique -> times shown
GROUP = ("family", "variant", "size", "grade")  # what a game is, for its statistics
KEPT = 100_000  # characters of the newest games kept whole, about (see `compact`)
RECENT = 400  # games kept whole at most
SHARED = "Shared"  # the grade of a shared link's game when the worker did not grade it
UNGRADED = (SHARED, "Practice", "Other")  # grades that are no level of difficulty, listed after the family's own


def empty() -> dict:
    """A record with no games."""
    return {"v": VERSION, "id": "", "games": [], "old": empty_old()}


def empty_old() -> dict:
    """A summary of no games."""
    return {"through": "", "groups": [], "dailies": {}, "merged": {}}


def problem(record: object) -> str | None:
    """What makes a game unreadable, or None when it is a game."""
    if not isinstance(record, dict):
        return "a record is not an object"
    for name, kind in FIELDS.items():
        value = record.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            return "a record's " + repr(name) + " is missing or not " + kind.__name__
    for name, kind in OPTIONAL.items():
        if name in record and record[name] is not None and not isinstance(record[name], kind):
            return "a record's " + repr(name) + " is not " + kind.__name__
    if day_number(record["day"]) is None:
        return "a record's day is not a date like 2026-11-26"
    return None


def counts(values: object, width: int = 0) -> bool:
    """Whether `values` is a list of whole numbers, none negative (of a length that is a multiple of `width`).
    (Loops, not generators, here and below: on the page a generator is garbage MicroPython keeps until the end.)"""
    if not isinstance(values, list) or (width and len(values) % width):
        return False
    for v in values:  # noqa: SIM110 (see above)
        if type(v) is not int or v < 0:
            return False
    return True


def old_problem(old: object) -> str | None:
    """What makes a summary of older games unreadable, or None."""
    if not isinstance(old, dict) or not isinstance(old.get("through"), str) or not isinstance(old.get("groups"), list) \
            or not isinstance(old.get("dailies"), dict) or not isinstance(old.get("merged"), dict):
        return "its summary of older games is not one"
    for group in old["groups"]:
        if not isinstance(group, dict) or not isinstance(group.get("months"), list) \
                or not counts(group.get("times"), 2) or not isinstance(group.get("techniques"), dict):
            return "a summarised group's months, times or techniques are broken"
        for name in GROUP:
            if not isinstance(group.get(name), str):
                return "a summarised group does not say what game it is"
        for month in group["months"]:
            if not counts(month) or len(month) != 6:
                return "a summarised group's months, times or techniques are broken"
    for runs in old["dailies"].values():
        if not isinstance(runs, list):
            return "a summarised streak is broken"
        for run in runs:
            if not isinstance(run, list) or len(run) != 2 or type(run[1]) is not int or run[1] < 1 \
                    or day_number(run[0]) is None:
                return "a summarised streak is broken"
    return None


def read(value: object) -> tuple:
    """(the record of a stored or imported value of any version, None) or (None, why it cannot be read)."""
    if not isinstance(value, dict) or not isinstance(value.get("games"), list):
        return None, "it is not Tessera's record of games"
    version = value.get("v")
    if version not in (1, VERSION):
        return None, "it is version " + str(version) + " of the record, not one this Tessera reads (1 or 2)"
    for game in value["games"]:
        why = problem(game)
        if why is not None:
            return None, why
    old = value.get("old") if version == VERSION else empty_old()
    why = old_problem(old)
    if why is not None:
        return None, why
    ident = value.get("id", "") if version == VERSION else ""
    if not isinstance(ident, str):
        return None, "its id is not text"
    games = sorted(value["games"], key=lambda r: r["ended"])
    return {"v": VERSION, "id": ident or (name_of(games[0]) if games else ""), "games": games, "old": old}, None


def key(game: dict) -> tuple:
    """What makes a game the same game in two files: its family and the moment it ended."""
    return game["family"], game["ended"]


def name_of(game: dict) -> str:
    """A game's key as text (a record's id is its first game's)."""
    return game["family"] + " " + game["ended"]


def joined(games: list, incoming: list) -> tuple:
    """(the games of both, oldest first, each once; how many of `incoming` were new)."""
    seen = set(key(r) for r in games)
    added = [r for r in incoming if key(r) not in seen and not seen.add(key(r))]
    return sorted(games + added, key=lambda r: r["ended"]), len(added)


def add(record: dict, game: dict) -> dict:
    """The record (changed) with one more game (a game already there is not added again)."""
    if not record["id"]:
        record["id"] = name_of(game)
    record["games"] = joined(record["games"], [game])[0]
    return record


def played(record: dict) -> int:
    """How many games the record holds, summarised or whole."""
    return len(record["games"]) + sum(m[1] for g in record["old"]["groups"] for m in g["months"])


def merge(record: dict, incoming: dict) -> tuple:
    """(the record, changed, with an imported record's games, each once; how many games were added): see the module's
    note on ids."""
    before = played(record)
    mine, theirs = record["old"], incoming["old"]
    if not record["id"] or (not record["games"] and not mine["groups"]):
        record["id"] = incoming["id"]  # an empty record takes the file's as its own
    if incoming["id"] == record["id"]:  # this record at another moment
        if theirs["through"] > mine["through"]:
            record["old"] = theirs
            record["games"] = [r for r in record["games"] if r["ended"] > theirs["through"]]
        counted = record["old"]["through"]
    else:
        counted = mine["merged"].get(incoming["id"], "")
        if not counted:
            combine(mine, theirs)
        newest = max([theirs["through"]] + [r["ended"] for r in incoming["games"]])
        mine["merged"][incoming["id"]] = max(counted, newest)
    record["games"] = joined(record["games"], [r for r in incoming["games"] if r["ended"] > counted])[0]
    return record, max(0, played(record) - before)


# ----- the summary of older games ----------------------------------------------------------------------------

def compact(record: dict, kept: int = KEPT, most: int = RECENT) -> dict:
    """The record (changed) with its newest games whole, at most `most` of them and of at most `kept` characters
    (`weight`), and the older ones folded into its summary."""
    games = record["games"]
    cut = len(games)
    total = 0
    while cut and len(games) - cut < most:
        total += weight(games[cut - 1])
        if total > kept:
            break
        cut -= 1
    if cut:
        fold(record["old"], games[:cut])
        record["games"] = games[cut:]
    return record


def weight(game: dict) -> int:
    """About the characters a game takes in the store (counted alike by CPython and MicroPython, whose JSON
    differ: MicroPython writes "×" as it is)."""
    return 250 + len(game["link"]) + len(game.get("puzzle") or "") + 24 * len(game.get("techniques") or {})


def group_of(index: dict, groups: list, what: dict) -> dict:
    """The group of a game or a group in `index` (made, and added to `groups`, when new)."""
    name = group_name(what)
    group = index.get(name)
    if group is None:
        group = dict((n, what[n]) for n in GROUP)
        group.update({"months": [], "times": [], "techniques": {}})
        index[name] = group
        groups.append(group)
    return group


def group_name(what: dict) -> tuple:
    """The group (family, variant, size, grade) of a game or of a summarised group."""
    return what["family"], what["variant"], what["size"], what["grade"]


def indexed(groups: list) -> dict:
    """Groups by what game they are."""
    return dict((group_name(g), g) for g in groups)


def fold(old: dict, games: list) -> dict:
    """The summary (changed) with `games` folded in."""
    index = indexed(old["groups"])
    dailies = {}
    for r in games:
        group = group_of(index, old["groups"], r)
        solved = 1 if r["solved"] else 0
        add_month(group["months"], [int(r["day"][:4] + r["day"][5:7]), 1, solved, r["seconds"] * solved,
                                    r["hints"], r["errors"]])
        if solved:
            add_time(group["times"], r["seconds"], 1)
        add_counts(group["techniques"], r.get("techniques") or {})
        if r["daily"] and solved:
            dailies.setdefault(r["family"], []).append([r["day"], 1])
        old["through"] = max(old["through"], r["ended"])
    for family, days in dailies.items():
        old["dailies"][family] = runs_of(old["dailies"].get(family, []), days)
    return old


def combine(old: dict, other: dict) -> dict:
    """The summary (changed) with another record's summary added."""
    index = indexed(old["groups"])
    for theirs in other["groups"]:
        group = group_of(index, old["groups"], theirs)
        for month in theirs["months"]:
            add_month(group["months"], list(month))
        for i in range(0, len(theirs["times"]), 2):
            add_time(group["times"], theirs["times"][i], theirs["times"][i + 1])
        add_counts(group["techniques"], theirs["techniques"])
    for family, runs in other["dailies"].items():
        old["dailies"][family] = runs_of(old["dailies"].get(family, []), runs)
    for ident, through in other["merged"].items():
        old["merged"][ident] = max(old["merged"].get(ident, ""), through)
    old["through"] = max(old["through"], other["through"])
    return old


def add_month(months: list, row: list) -> None:
    """Add a month's row [YYYYMM, played, solved, seconds, hints, errors] to a group's rows (kept in order)."""
    i = len(months)
    while i and months[i - 1][0] > row[0]:
        i -= 1
    if i and months[i - 1][0] == row[0]:
        months[i - 1] = [row[0]] + [months[i - 1][k] + row[k] for k in range(1, len(row))]
    else:
        months.insert(i, row)


def add_time(times: list, seconds: int, count: int) -> None:
    """Add `count` solves of `seconds` to a flat sorted histogram [seconds, how many, ...]."""
    lo, hi = 0, len(times) // 2
    while lo < hi:
        mid = (lo + hi) // 2
        if times[2 * mid] < seconds:
            lo = mid + 1
        else:
            hi = mid
    if 2 * lo < len(times) and times[2 * lo] == seconds:
        times[2 * lo + 1] += count
    else:
        times.insert(2 * lo, count)
        times.insert(2 * lo, seconds)


def add_counts(into: dict, more: dict) -> None:
    """Add counts by name."""
    for name, count in more.items():
        into[name] = into.get(name, 0) + count


def spans(runs: list) -> list:
    """[first, last] day numbers of runs of days [first day, days in a row] (and of single day numbers), in order,
    overlapping or touching ones joined."""
    out = []
    for start, end in sorted([day_number(r[0]), day_number(r[0]) + r[1] - 1] if isinstance(r, list) else [r, r]
                             for r in runs):
        if out and start <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], end)
        else:
            out.append([start, end])
    return out


def runs_of(runs: list, more: list) -> list:
    """Runs of days [first day, days in a row] covering the days of both lists of runs, in order (`runs` in order
    and apart already, as this makes them: only its runs that reach the days of `more` are read again)."""
    k = apart(runs, min([day_number(d) for d, _n in more]) if more else None)
    return runs[:k] + [[day_text(start), end - start + 1] for start, end in spans(runs[k:] + more)]


def apart(runs: list, low: int | None) -> int:
    """How many runs (in order and apart) end before the day before day number `low`, except the last."""
    k = len(runs) - 1 if runs else 0
    while k and low is not None and day_number(runs[k - 1][0]) + runs[k - 1][1] >= low:
        k -= 1
    return k


# ----- reading a long text piece by piece --------------------------------------------------------------------

class Reader:
    """Reads a record from its JSON text fed in pieces (`feed`, then `finish`), never holding more than the text
    outside its games, one game's text and the games `compact` keeps whole: each game is read as it comes and the
    oldest folded. For a text too long for the page's heap (an old version-1 record, an imported file).
    A game ends at a "}" followed by "," and "{" or by "]" (no game holds a list of objects) where the text so far
    reads as JSON (such a "}" inside a string leaves the string open): the games are cut by the fast `find`, and
    only the text around them (the version, the summary) is followed bracket by bracket. The text is read as UTF-8
    bytes: MicroPython finds a character of a long str by counting from its start."""

    SPECIAL = (b'"', b"{", b"}", b"[", b"]")
    LONGEST = 200_000  # characters of one game at most (a replay link of a long game is a few thousand)

    def __init__(self, kept: int = KEPT, most: int = RECENT):
        self.kept, self.most = kept, most
        self.text = b""  # what is fed and not read yet
        self.open = []  # the containers open outside the games: "{", "[", or "G" for the games' list
        self.last = b""  # the last string read in the outermost object (a key: "games")
        self.outer = []  # the text outside the games ({"v": 1, "games": [], ...}), in pieces
        self.games = []
        self.sizes = []  # the characters of each game in `games`
        self.size = 0
        self.old = empty_old()  # the games read and folded
        self.first = ""  # the first game's key
        self.why = None

    def feed(self, text: str) -> None:
        """Read more of the text."""
        self.text += text.encode()
        at = 0
        while self.why is None:
            step = self.in_games(at) if self.open[-1:] == ["G"] else self.around(at)
            if step is None:
                break
            at = step
        self.text = self.text[at:]

    def around(self, at: int) -> int | None:
        """Read the text outside the games from `at` up to a bracket or a whole string; where it stopped, or None
        when it needs more text."""
        text = self.text
        end = len(text)
        for ch in self.SPECIAL:
            found = text.find(ch, at, end)
            if found != -1:
                end = found
        if end > at:  # numbers, commas, spaces
            self.outer.append(text[at:end])
            return end
        if end == len(text):
            return None
        ch = text[end:end + 1]
        if ch == b'"':
            close = text.find(b'"', end + 1)
            while close != -1 and (close - len(text[end + 1:close].rstrip(b"\\")) - end - 1) % 2:
                close = text.find(b'"', close + 1)  # an escaped quote: the string goes on
            if close == -1:
                return None
            if self.open == ["{"]:
                self.last = text[end + 1:close]
            self.outer.append(text[end:close + 1])
            return close + 1
        if ch in (b"}", b"]"):
            if not self.open or (ch == b"}") != (self.open[-1] == "{"):
                self.why = "it is not Tessera's record of games: its brackets do not match"
                return None
            self.open.pop()
        else:
            self.open.append("G" if ch == b"[" and self.open == ["{"] and self.last == b"games" else
                             "{" if ch == b"{" else "[")
        self.outer.append(ch)
        return end + 1

    def in_games(self, at: int) -> int | None:
        """Read the next game (or the end of the games) from `at`; where it stopped, or None when it needs more."""
        text = self.text
        start = at
        while start < len(text) and text[start] in b" \t\r\n,":
            start += 1
        if start == len(text):
            return None
        if text[start:start + 1] == b"]":
            self.open.pop()
            self.outer.append(b"]")
            return start + 1
        if text[start:start + 1] != b"{":
            self.why = "it is not Tessera's record of games: its games are not objects"
            return None
        close = start
        while True:
            close = text.find(b"}", close + 1)
            if close == -1:
                if len(text) - start > self.LONGEST:
                    self.why = "a game in it is broken"
                return None
            after = close + 1
            while after < len(text) and text[after] in b" \t\r\n":
                after += 1
            follow = after + 1
            while follow < len(text) and text[follow] in b" \t\r\n":
                follow += 1
            then, next_one = text[after:after + 1], text[follow:follow + 1]
            if not then or (then == b"," and not next_one):
                return None  # what follows the "}" is not here yet
            if then == b"]" or (then == b"," and next_one == b"{"):
                try:
                    game = json.loads(text[start:close + 1])
                except ValueError:
                    continue  # the "}" was inside a string
                self.take(game)
                return after

    def take(self, game: object) -> None:
        """A game read: keep it whole; fold the oldest past the bounds (with room to spare, to fold in batches)."""
        self.why = problem(game)
        if self.why is not None:
            return
        self.first = self.first or name_of(game)
        self.games.append(game)
        self.sizes.append(weight(game))
        self.size += self.sizes[-1]
        if len(self.games) > self.most + self.most // 4 or self.size > self.kept + self.kept // 4:
            cut = len(self.games)
            total = 0
            while cut and len(self.games) - cut < self.most and total + self.sizes[cut - 1] <= self.kept:
                total += self.sizes[cut - 1]
                cut -= 1
            fold(self.old, self.games[:cut])
            self.games, self.sizes, self.size = self.games[cut:], self.sizes[cut:], total

    def finish(self) -> tuple:
        """(the record read, None) or (None, why it cannot be read)."""
        if self.why is None and (self.open or self.text.strip()):
            self.why = "it is not Tessera's record of games: it stops short"
        if self.why is not None:
            return None, self.why
        try:
            value = json.loads(b"".join(self.outer))
        except ValueError:
            return None, "it is not Tessera's record of games"
        if isinstance(value, dict) and value.get("games") != []:
            return None, "it is not Tessera's record of games"
        record, why = read(value)
        if record is None:
            return None, why
        combine(record["old"], self.old)
        record["games"] = self.games
        record["id"] = record["id"] or self.first
        return compact(record, self.kept, self.most), None


# ----- statistics ------------------------------------------------------------------------------------------

def median_of(times: list, extra: list | None = None) -> float | None:
    """The middle time (the mean of the middle two; None for none) of a flat sorted histogram [seconds, how many, ...]
    and a sorted list of more seconds."""
    extra = extra or []
    total = len(extra)
    for i in range(1, len(times), 2):
        total += times[i]
    if not total:
        return None
    wanted = ((total - 1) // 2, total // 2)
    found = []
    seen = i = j = 0
    while len(found) < 2:  # the two sorted lists in one order, counted until the middle
        if j < len(extra) and (i >= len(times) or extra[j] < times[i]):
            value, count = extra[j], 1
            j += 1
        else:
            value, count = times[i], times[i + 1]
            i += 2
        seen += count
        while len(found) < 2 and wanted[len(found)] < seen:
            found.append(value)
    return found[0] if total % 2 else (found[0] + found[1]) / 2


def size_rank(size: str) -> int:
    """The first number of a size ("9×9" → 9; none → 0), to list smaller boards first."""
    digits = ""
    for ch in size:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else 0


def ranked(names: list, order: list | None, grades: dict | None) -> list:
    """Groups (tuples of GROUP) in the site's order of families, then by size, variant (classic first) and the
    family's grades (ungraded ones after: Shared, Practice, Other, then any other by name)."""
    rank = dict((name, i) for i, name in enumerate(order or []))

    def place(name):
        family, variant, size, grade = name
        levels = (grades or {}).get(family) or []
        level = levels.index(grade) if grade in levels else len(levels) + (
            UNGRADED.index(grade) if grade in UNGRADED else len(UNGRADED))
        return (rank.get(family, len(rank)), family, size_rank(size), size, variant not in ("", "classic"), variant,
                level, grade)

    return [item[1] for item in sorted((place(name), name) for name in names)]  # (keys computed once)


def named(name: tuple) -> dict:
    """{"family", "variant", "size", "grade"} of a group's tuple."""
    return dict((field, name[k]) for k, field in enumerate(GROUP))


def tallies(record: dict) -> dict:
    """Per group (a tuple of GROUP): {"played", "solved", "hints", "times" (the summary's histogram), "extra" (the
    sorted seconds of the solved games kept whole), "techniques"}."""
    out = {}
    for group in record["old"]["groups"]:
        row = tally(out, group)
        for month in group["months"]:
            row["played"] += month[1]
            row["solved"] += month[2]
            row["hints"] += month[4]
        row["times"] = group["times"]
        add_counts(row["techniques"], group["techniques"])
    for r in record["games"]:
        row = tally(out, r)
        row["played"] += 1
        row["hints"] += r["hints"]
        if r["solved"]:
            row["solved"] += 1
            row["extra"].append(r["seconds"])
        add_counts(row["techniques"], r.get("techniques") or {})
    for row in out.values():
        row["extra"].sort()
    return out


def tally(rows: dict, what: dict) -> dict:
    """The tally of a game's or a group's group in `rows` (made when new)."""
    name = group_name(what)
    row = rows.get(name)
    if row is None:
        row = rows[name] = {"played": 0, "solved": 0, "hints": 0, "times": [], "extra": [], "techniques": {}}
    return row


def summary(record: dict, order: list | None = None, grades: dict | None = None) -> list:
    """Per family, variant, size and grade: {"family", "variant", "size", "grade", "played", "solved", "best",
    "median" (seconds, of the games the player solved), "hints" (per game)}, in the order of `ranked`."""
    rows = tallies(record)
    out = []
    for name in ranked(list(rows), order, grades):
        row = rows[name]
        times, extra = row["times"], row["extra"]
        best = min(times[:1] + extra[:1]) if times or extra else None
        item = named(name)
        item.update({"played": row["played"], "solved": row["solved"], "best": best,
                     "median": median_of(times, extra), "hints": row["hints"] / row["played"]})
        out.append(item)
    return out


def totals(record: dict) -> dict:
    """{"played", "solved"} over every game."""
    rows = tallies(record).values()
    return {"played": sum(r["played"] for r in rows), "solved": sum(r["solved"] for r in rows)}


def streaks(record: dict, today: str) -> dict:
    """Per family with a daily puzzle solved: {"current", "longest", "last" (its day), "today" (solved today)}.
    The current streak still counts on the day after its last day (the player has until midnight)."""
    recent = {}
    for r in record["games"]:
        if r["daily"] and r["solved"]:
            recent.setdefault(r["family"], []).append(day_number(r["day"]))
    now = day_number(today)
    out = {}
    for family in set(list(record["old"]["dailies"]) + list(recent)):
        runs = record["old"]["dailies"].get(family, [])
        days = recent.get(family, [])
        k = apart(runs, min(days) if days else None)  # only the runs reaching the games kept whole can join them
        found = spans(runs[k:] + days)
        first, last = found[-1]
        out[family] = {"current": last - first + 1 if now is not None and now - last <= 1 else 0,
                       "longest": max([r[1] for r in runs[:k]] + [end - start + 1 for start, end in found]),
                       "last": day_text(last),
                       "today": any(start <= now <= end for start, end in found) if now is not None else False}
    return out


def met(record: dict, family: str | None = None) -> dict:
    """How often each technique came in a hint, over the games (of one family)."""
    out = {}
    for name, row in tallies(record).items():
        if family is None or name[0] == family:
            add_counts(out, row["techniques"])
    return out


def history(record: dict, order: list | None = None, grades: dict | None = None) -> list:
    """The summarised games per month and group, the newest month first (then in the order of `ranked`), as pairs
    (the group, its month's row [YYYYMM, played, solved, seconds of the solved, hints, errors])."""
    groups = record["old"]["groups"]
    place = dict((name, k) for k, name in enumerate(ranked([group_name(g) for g in groups], order, grades)))
    rows = []
    for g, group in enumerate(groups):
        k = place[group_name(group)]
        for m, month in enumerate(group["months"]):
            rows.append((-month[0], k, g, m))
    rows.sort()  # (MicroPython's sort calls a key function at every comparison: plain tuples allocate nothing)
    return [(groups[g], groups[g]["months"][m]) for _month, _k, g, m in rows]


def chart(record: dict, family: str, grades: dict | None = None) -> dict:
    """The solve times of a family, oldest first, as the chart draws them: {"count" (games solved), "first", "last"
    (the day or month of the first and last), "series": per group (in the order of `ranked`) {"family", "variant",
    "size", "grade", "points": [[x, seconds, games]]}}: x counts the family's solved games from 0, a summarised month
    is one point at the middle of its games with their mean time, a game kept whole is a point of its own."""
    groups = [g for g in record["old"]["groups"] if g["family"] == family]
    per_month = {}
    for group in groups:
        for month in group["months"]:
            per_month[month[0]] = per_month.get(month[0], 0) + month[2]
    start = {}
    count = 0
    for month in sorted(per_month):
        start[month] = count
        count += per_month[month]
    points = {}
    for group in groups:
        points[group_name(group)] = [[start[m[0]] + (per_month[m[0]] - 1) / 2, m[3] / m[2], m[2]]
                                                  for m in group["months"] if m[2]]
    games = [r for r in record["games"] if r["family"] == family and r["solved"]]
    for r in games:
        points.setdefault(group_name(r), []).append([count, r["seconds"], 1])
        count += 1
    solved_months = [m for m in sorted(per_month) if per_month[m]]
    ends = [month_text(m) for m in solved_months[:1]] + [r["day"] for r in games]
    if solved_months and not games:
        ends.append(month_text(solved_months[-1]))
    series = []
    for name in ranked([n for n in points if points[n]], [family], grades):
        item = named(name)
        item["points"] = sorted(points[name])
        series.append(item)
    return {"count": count, "first": ends[0] if ends else "", "last": ends[-1] if ends else "", "series": series}


def clock(seconds: float | None) -> str:
    """"4:05" or "1:02:03" ("–" for none)."""
    if seconds is None:
        return "–"
    seconds = int(seconds + 0.5)
    m, s = divmod(seconds, 60)
    h, m = divmod(m, 60)
    return (str(h) + ":" + ("0" + str(m))[-2:] if h else str(m)) + ":" + ("0" + str(s))[-2:]
