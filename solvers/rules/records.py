"""The player's record of finished games: what the statistics page and the home page read.

A record is one finished game: family, variant, size, grade, score, when (the local day, and the
moment it ended as an ISO 8601 UTC time: it sorts as text), the seconds played, hints by the stage
reached, errors found by Check, whether it was the day's puzzle, whether the player solved it (or
Tessera's Solve finished it) and a replay link. The store is {"v": VERSION, "games": [...]} in
the browser; nothing leaves it. Statistics per family and grade, the daily streaks and the merge of an imported file
are computed here, under CPython and MicroPython (the pages import it; tests check both agree).
The page's MicroPython reads the store whole into a 1 MB heap (a store of 1 M characters does not fit), so `trim`
keeps it to STORE_KEPT characters: past that, the oldest games keep their figures and lose their replay link
("": no replay), puzzle and technique counts.
Known limits: past about 2,000 games even the figures outgrow STORE_KEPT; days are the player's local dates as the
page saw them; a streak counts the days with a daily puzzle solved by the player, per family.
"""

import json

VERSION = 1
FIELDS = {"family": str, "variant": str, "size": str, "grade": str, "day": str, "ended": str, "seconds": int,
          "hints": int, "stages": dict, "errors": int, "daily": bool, "solved": bool, "link": str}
OPTIONAL = {"score": int, "puzzle": str, "techniques": dict}  # techniques: the hints' technique -> times shown
STORE_KEPT = 400_000  # characters of the stored record kept whole, newest games first (see `trim`)


def empty() -> dict:
    """A store with no games."""
    return {"v": VERSION, "games": []}


def problem(record: object) -> str | None:
    """What makes a record unreadable, or None when it is a record."""
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


def read(value: object) -> tuple:
    """(the games of a stored or imported value, None) or (None, why it cannot be read)."""
    if not isinstance(value, dict) or not isinstance(value.get("games"), list):
        return None, "it is not Tessera's record of games"
    if value.get("v") != VERSION:
        return None, "it is version " + str(value.get("v")) + " of the record, not " + str(VERSION)
    for record in value["games"]:
        why = problem(record)
        if why is not None:
            return None, why
    return list(value["games"]), None


def key(record: dict) -> tuple:
    """What makes a game the same game in two files: its family and the moment it ended (not its link, which an
    older game may have lost: see `trim`)."""
    return record["family"], record["ended"]


def merge(games: list, incoming: list) -> tuple:
    """(the games of both, oldest first, each once; how many were new)."""
    seen = set(key(r) for r in games)
    added = [r for r in incoming if key(r) not in seen and not seen.add(key(r))]
    out = sorted(games + added, key=lambda r: r["ended"])
    return out, len(added)


def add(games: list, record: dict) -> list:
    """The games with one more (a record already there is not added again)."""
    return merge(games, [record])[0]


def trim(games: list, kept: int = STORE_KEPT) -> list:
    """The games (oldest first), the newest whole while their JSON adds up to at most `kept` characters, the older
    ones bare: no replay link, puzzle or technique counts (every figure the statistics count is kept)."""
    out = []
    total = 0
    for r in reversed(games):
        total += len(json.dumps(r))
        if total > kept and (r["link"] or "puzzle" in r or "techniques" in r):
            r = dict((name, value) for name, value in r.items() if name not in ("puzzle", "techniques"))
            r["link"] = ""
        out.append(r)
    out.reverse()
    return out


# ----- dates without a datetime module (MicroPython has none) -----------------------------------------------

def day_number(day: str) -> int | None:
    """Days since 1970-01-01 of "YYYY-MM-DD" (the proleptic Gregorian calendar), or None when it is not a date."""
    parts = day.split("-") if isinstance(day, str) and len(day) == 10 else []
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    y, m, d = int(parts[0]), int(parts[1]), int(parts[2])
    if not (1 <= m <= 12 and 1 <= d <= 31):
        return None
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


# ----- statistics ------------------------------------------------------------------------------------------

def median(values: list) -> float | None:
    """The middle value (the mean of the middle two), None for none."""
    if not values:
        return None
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def summary(games: list, order: list | None = None) -> list:
    """Per family and grade: {"family", "grade", "played", "solved", "best", "median" (seconds, of the games
    the player solved), "hints" (per game)}; families in `order` (then any other), grades in order of first play."""
    groups = {}
    for r in games:
        groups.setdefault((r["family"], r["grade"]), []).append(r)
    rank = dict((name, i) for i, name in enumerate(order or []))
    first = {}
    for i, r in enumerate(games):
        first.setdefault((r["family"], r["grade"]), i)
    rows = []
    for (family, grade), rs in sorted(groups.items(), key=lambda kv: (rank.get(kv[0][0], len(rank)), kv[0][0],
                                                                      first[kv[0]])):
        times = [r["seconds"] for r in rs if r["solved"]]
        rows.append({"family": family, "grade": grade, "played": len(rs), "solved": len(times),
                     "best": min(times) if times else None, "median": median(times),
                     "hints": sum(r["hints"] for r in rs) / len(rs)})
    return rows


def streaks(games: list, today: str) -> dict:
    """Per family with a daily puzzle solved: {"current", "longest", "last" (its day), "today" (solved today)}.
    The current streak still counts on the day after its last day (the player has until midnight)."""
    days = {}
    for r in games:
        if r["daily"] and r["solved"]:
            days.setdefault(r["family"], set()).add(day_number(r["day"]))
    now = day_number(today)
    out = {}
    for family, got in days.items():
        ordered = sorted(got)
        longest = run = 1
        for i in range(1, len(ordered)):  # (MicroPython's zip takes no strict=)
            run = run + 1 if ordered[i] == ordered[i - 1] + 1 else 1
            longest = max(longest, run)
        current = 0
        last = ordered[-1]
        if now is not None and now - last <= 1:
            current = 1
            while last - current in got:
                current += 1
        out[family] = {"current": current, "longest": longest, "today": now in got,
                       "last": [r["day"] for r in games if day_number(r["day"]) == last][0]}
    return out


def met(games: list, family: str | None = None) -> dict:
    """How often each technique came in a hint, over the games (of one family)."""
    out = {}
    for r in games:
        if family is None or r["family"] == family:
            for name, count in (r.get("techniques") or {}).items():
                out[name] = out.get(name, 0) + count
    return out


def clock(seconds: float | None) -> str:
    """"4:05" or "1:02:03" ("–" for none)."""
    if seconds is None:
        return "–"
    seconds = int(seconds + 0.5)
    m, s = divmod(seconds, 60)
    h, m = divmod(m, 60)
    return (str(h) + ":" + ("0" + str(m))[-2:] if h else str(m)) + ":" + ("0" + str(s))[-2:]
