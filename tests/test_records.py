"""The record of finished games (solvers/rules/records.py): reading a store of either version, merging an import,
statistics per family, size, variant and grade, daily streaks, the summary of older games that keeps every figure
exact (20,000 games), a long text read in pieces, and the same answers under the site's MicroPython within its
heap."""

from __future__ import annotations

import datetime
import inspect
import json
import random
import statistics
from pathlib import Path

from micropython import run_micropython

from solvers.rules import records

ROOT = Path(__file__).resolve().parents[1]
MODULES = {f"rules/{m}": ROOT / "solvers" / "rules" / f"{m}.py" for m in ("__init__", "days", "records")}
KINDS = [("sudoku", "classic", "9×9", ["Easy", "Medium", "Hard", "Expert", "Diabolical"], 420),
         ("sudoku", "killer", "6×6", ["Easy", "Medium", "Hard"], 200), ("sudoku", "classic", "4×4", ["Easy"], 40),
         ("sudoku", "x", "9×9", ["Medium", "Hard"], 600), ("sudoku", "classic", "16×16", ["Hard"], 2400),
         ("sudoku", "classic", "9×9", ["Shared"], 500), ("skyscrapers", "", "5×5", ["Easy", "Hard"], 240),
         ("sliding", "", "4×4", ["Easy", "Medium"], 150), ("genius", "", "", ["Easy", "Hard"], 90),
         ("ubongo", "", "", ["Easy", "Medium", "Hard"], 120)]
TODAY = "2026-01-05"  # the day after the last of `played`'s 1,100 days


def game(family: str = "sudoku", grade: str = "Easy", day: str = "2026-11-20", seconds: int = 300,
         solved: bool = True, daily: bool = False, hints: int = 0, size: str = "9×9", variant: str = "") -> dict:
    """A record as a game page writes it."""
    return {"family": family, "variant": variant, "size": size, "grade": grade, "day": day,
            "ended": f"{day}T12:{seconds // 60 % 60:02d}:{seconds % 60:02d}.000Z",
            "seconds": seconds, "hints": hints, "stages": {"1": hints}, "errors": 0, "daily": daily, "solved": solved,
            "link": f"{family}.html#{grade}{seconds}{day}"}


def played(count: int, seed: int = 43, days: int = 1100) -> list[dict]:
    """`count` finished games over `days` days from 2023-01-01 (seeded): every kind of game, log-normal times,
    some dailies (streaks with gaps), hints and techniques, replay links of a few hundred characters."""
    rng = random.Random(seed)
    start = datetime.date(2023, 1, 1)
    out = []
    for i in range(count):
        day = (start + datetime.timedelta(days=i * days // count)).isoformat()
        family, variant, size, grades, base = KINDS[rng.randrange(len(KINDS))]
        g = rng.randrange(len(grades))
        hints = rng.choice([0, 0, 0, 1, 2, 5])
        out.append({"family": family, "variant": variant, "size": size, "grade": grades[g], "day": day,
                    "ended": f"{day}T{i % 24:02d}:{i % 60:02d}:{i * 7 % 60:02d}.{i % 1000:03d}Z",
                    "seconds": max(5, int(rng.lognormvariate(0, 0.5) * base * (1 + g))), "hints": hints,
                    "stages": {"1": hints} if hints else {}, "errors": rng.choice([0, 0, 1]),
                    "daily": rng.random() < 0.1, "solved": rng.random() < 0.93,
                    "link": f"{family}.html#" + "".join(rng.choice("123456789.") for _ in range(81)) + "~"
                            + "r1c2=5," * rng.randrange(5, 40),
                    "puzzle": "".join(rng.choice("123456789.") for _ in range(81)),
                    "techniques": {"Naked single": hints, "X-wing": hints // 2} if hints else {}})
    return sorted(out, key=lambda r: r["ended"])


def figures(games: list[dict], today: str = TODAY) -> dict:
    """Every figure the statistics page shows, counted from every game whole (by hand, not by records)."""
    groups: dict[tuple, list[dict]] = {}
    for r in games:
        groups.setdefault((r["family"], r["variant"], r["size"], r["grade"]), []).append(r)
    table = {}
    for name, rs in groups.items():
        times = [r["seconds"] for r in rs if r["solved"]]
        table[name] = {"played": len(rs), "solved": len(times), "best": min(times, default=None),
                       "median": statistics.median(times) if times else None,
                       "hints": sum(r["hints"] for r in rs) / len(rs)}
    days: dict[str, set[int]] = {}
    for r in games:
        if r["daily"] and r["solved"]:
            days.setdefault(r["family"], set()).add(datetime.date.fromisoformat(r["day"]).toordinal())
    now = datetime.date.fromisoformat(today).toordinal()
    streaks = {}
    for family, got in days.items():
        runs, run = [], 0
        for d in sorted(got):
            run = run + 1 if d - 1 in got else 1
            runs.append(run)
        last = max(got)
        current = 0
        while now - last <= 1 and last - current in got:
            current += 1
        streaks[family] = {"current": current, "longest": max(runs), "today": now in got,
                           "last": datetime.date.fromordinal(last).isoformat()}
    met: dict[str, int] = {}
    for r in games:
        for name, count in (r.get("techniques") or {}).items():
            met[name] = met.get(name, 0) + count
    return {"table": table, "streaks": streaks, "met": met, "played": len(games),
            "solved": sum(1 for r in games if r["solved"])}


def counted(record: dict, today: str = TODAY) -> dict:
    """The same figures as records counts them from a record (whole or summarised)."""
    table = {}
    for row in records.summary(record):
        table[records.group_name(row)] = {k: row[k] for k in ("played", "solved", "best", "median", "hints")}
    totals = records.totals(record)
    return {"table": table, "streaks": records.streaks(record, today), "met": records.met(record),
            "played": totals["played"], "solved": totals["solved"]}


def read(games: list[dict]) -> dict:
    """A version-1 store of the games, read."""
    record, why = records.read({"v": 1, "games": [dict(r) for r in games]})
    assert why is None
    return record


def rounded(value: object) -> object:
    """A value with its floats to 6 places (MicroPython prints a float's last digit its own way)."""
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, list):
        return [rounded(v) for v in value]
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    return value


def test_day_numbers_agree_with_the_calendar() -> None:
    rng = random.Random(7)
    for _ in range(500):
        day = datetime.date(1970, 1, 1) + datetime.timedelta(days=rng.randrange(-3000, 60_000))
        number = (day - datetime.date(1970, 1, 1)).days
        assert records.day_number(day.isoformat()) == number and records.day_text(number) == day.isoformat()
    assert [records.day_number(x) for x in ("2026-13-01", "26-11-2026", "2026-1-1", 5, "2026-11-2x")] == [None] * 5


def test_read_takes_both_versions_and_sets_aside_what_is_not_a_record() -> None:
    one, _ = records.read({"v": 1, "games": [game()]})
    assert one == {"v": 2, "id": "sudoku " + game()["ended"], "games": [game()], "old": records.empty_old()}
    assert records.read(json.loads(json.dumps(one))) == (one, None)
    old = records.compact(read(played(50)), 2000)["old"]
    assert old["groups"] and records.read({"v": 2, "id": "x", "games": [], "old": old})[1] is None
    broken = [{**old, "groups": [{**old["groups"][0], "times": [1, 2, 3]}]}, {**old, "dailies": {"sudoku": [["x", 1]]}},
              {**old, "through": 5}, None]
    for bad in [None, [], {"v": 1}, {"v": 99, "games": []}, {"v": 1, "games": [5]},
                {"v": 1, "games": [{**game(), "seconds": "5"}]}, {"v": 1, "games": [{**game(), "day": "yesterday"}]},
                {"v": 1, "games": [{**game(), "solved": 1}]}, {"v": 2, "id": 5, "games": [], "old": old}] + [
                {"v": 2, "id": "", "games": [], "old": b} for b in broken]:
        record, why = records.read(bad)
        assert record is None and why


def test_summary_groups_by_size_variant_and_grade_in_the_sites_order() -> None:
    games = [game(seconds=s, hints=h, solved=ok) for s, h, ok in ((300, 0, True), (100, 2, True), (50, 4, False),
                                                                   (200, 0, True))]
    games += [game("genius", "Hard", seconds=90, size=""), game(grade="Hard", seconds=700),
              game(grade="Shared", seconds=500), game(grade="Easy", size="6×6", variant="killer", seconds=80),
              game(grade="Easy", size="6×6", seconds=60)]
    rows = records.summary(read(games), ["genius", "sudoku"], {"sudoku": ["Easy", "Medium", "Hard"]})
    assert [(r["family"], r["size"], r["variant"], r["grade"]) for r in rows] == [
        ("genius", "", "", "Hard"), ("sudoku", "6×6", "", "Easy"), ("sudoku", "6×6", "killer", "Easy"),
        ("sudoku", "9×9", "", "Easy"), ("sudoku", "9×9", "", "Hard"), ("sudoku", "9×9", "", "Shared")]
    easy = rows[3]
    assert (easy["played"], easy["solved"], easy["best"]) == (4, 3, 100)
    assert easy["median"] == statistics.median([300, 100, 200]) and easy["hints"] == 6 / 4
    assert rows[2]["best"] == 80 and rows[1]["best"] == 60  # a 6x6 killer's time is not a 9x9's
    assert records.median_of([]) is None and records.median_of([1, 1], [4]) == 2.5
    assert records.median_of([3, 2, 9, 1], [1, 10]) == 3 and records.median_of([5, 3]) == 5


def test_streaks_count_consecutive_daily_days() -> None:
    days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24", "2026-11-25"]
    games = [game(day=d, daily=True) for d in days] + [game(day="2026-11-23", daily=True, solved=False)]
    games += [game("skyscrapers", day="2026-11-25", daily=False)]  # not a daily: no streak
    record = read(games)
    assert records.streaks(record, "2026-11-25")["sudoku"] == {"current": 2, "longest": 3, "today": True,
                                                               "last": "2026-11-25"}
    assert records.streaks(record, "2026-11-26")["sudoku"]["current"] == 2  # until the day ends
    assert records.streaks(record, "2026-11-27")["sudoku"]["current"] == 0
    assert "skyscrapers" not in records.streaks(record, "2026-11-25")
    folded = records.compact(read(games), 0)  # every game summarised: the same streaks
    assert not folded["games"] and folded["old"]["dailies"]["sudoku"] == [["2026-11-20", 3], ["2026-11-24", 2]]
    assert records.streaks(folded, "2026-11-26") == records.streaks(record, "2026-11-26")
    assert records.clock(65) == "1:05" and records.clock(3725) == "1:02:05" and records.clock(None) == "–"


def test_20000_games_keep_every_figure_in_a_small_record() -> None:
    games = played(20_000)
    want = figures(games)
    record = records.compact(read(games))
    assert counted(record) == want
    text = json.dumps(record, separators=(",", ":"))
    assert len(text) < 250_000  # (every game whole: 12 million characters)
    kept = record["games"]
    assert 0 < len(kept) <= records.RECENT and sum(records.weight(r) for r in kept) <= records.KEPT
    assert kept == games[-len(kept):]  # the newest games whole, with their replay links
    assert record["old"]["through"] == games[-len(kept) - 1]["ended"]
    months = records.history(record)
    assert sum(m[1] for _g, m in months) == 20_000 - len(kept)
    assert [m[0] for _g, m in months] == sorted((m[0] for _g, m in months), reverse=True)
    chart = records.chart(record, "sudoku")
    assert chart["count"] == sum(1 for r in games if r["family"] == "sudoku" and r["solved"])
    assert (chart["first"], chart["last"]) == ("2023-01", games[-1]["day"])
    xs = sorted(p[0] for s in chart["series"] for p in s["points"])
    assert xs[0] >= 0 and xs[-1] == chart["count"] - 1
    again = records.compact(read(games[:5000]))  # grown a few thousand games at a time: the same
    for start in range(5000, 20_000, 3000):
        again["games"] += [dict(r) for r in games[start:start + 3000]]
        records.compact(again)
    assert counted(again) == want and again["games"] == kept


def test_a_long_text_is_read_in_pieces_as_it_is_read_whole() -> None:
    rng = random.Random(5)
    games = played(3000)
    games[7]["link"] = 'sudoku.html#}, {"odd": "\\" \\\\'  # a game end, a quote and a backslash inside a string
    games[8]["techniques"] = {"Wing}, {": 2, "]": 1}
    for value in ({"v": 1, "games": games}, records.compact(read(games))):
        text = json.dumps(value, separators=(",", ":") if value["v"] == 2 else None)
        reader = records.Reader()
        at = 0
        while at < len(text):
            size = rng.randrange(1, 6000)
            reader.feed(text[at:at + size])
            at += size
        got, why = reader.finish()
        assert why is None and got == records.compact(read(games)) and counted(got) == figures(games)
    cut_short = json.dumps({"v": 1, "games": games})[:-9]
    for bad in ('{"v": 1, "games": [{"family": "sudoku"}]}', '{"v": 1, "games": [', '{"v": 1, "games": [5]}',
                '{"v": 1, "games": []]', "not json", '{"v": 3, "games": []}', cut_short):
        reader = records.Reader()
        reader.feed(bad)
        record, why = reader.finish()
        assert record is None and why, bad


def test_an_import_counts_each_game_once() -> None:
    games = played(4000)
    mine = records.compact(read(games[:3000]))
    older = records.compact(read(games[:2000]))  # this record's export of earlier
    record, added = records.merge(json.loads(json.dumps(mine)), older)
    assert added == 0 and counted(record) == figures(games[:3000])
    later = records.compact(read(games))  # this record's export of later, into this older state
    record, added = records.merge(json.loads(json.dumps(mine)), json.loads(json.dumps(later)))
    assert added == 1000 and counted(record) == figures(games)
    other = [{**r, "ended": r["ended"].replace("Z", "9Z")} for r in played(2500, seed=8)]  # another browser's
    theirs = records.compact(read(other))
    record, added = records.merge(json.loads(json.dumps(mine)), json.loads(json.dumps(theirs)))
    assert added == 2500 and counted(record) == figures(games[:3000] + other)
    record = records.compact(record)
    again, added = records.merge(json.loads(json.dumps(record)), json.loads(json.dumps(theirs)))
    assert added == 0 and counted(again) == counted(record)  # the same file twice adds nothing
    empty, added = records.merge(records.empty(), json.loads(json.dumps(mine)))
    assert added == 3000 and empty["id"] == mine["id"] and counted(empty) == figures(games[:3000])
    a, b, c = game(seconds=100), game(seconds=200, day="2026-11-21"), game(seconds=50, day="2026-11-19")
    assert records.joined([a, b], [c, b, c]) == ([c, a, b], 1) and records.add(read([a, b]), a)["games"] == [a, b]


def test_met_counts_the_techniques_of_the_hints() -> None:
    games = [{**game(), "techniques": {"X-wing": 2, "Naked single": 1}},
             {**game(seconds=5), "techniques": {"X-wing": 1}}, {**game("skyscrapers"), "techniques": {"Clue 1": 3}},
             game(seconds=9)]
    for record in (read(games), records.compact(read(games), 0)):
        assert records.met(record) == {"X-wing": 3, "Naked single": 1, "Clue 1": 3}
        assert records.met(record, "skyscrapers") == {"Clue 1": 3}
    assert records.read({"v": 1, "games": [{**game(), "techniques": 3}]})[1]


def seen(record: dict) -> list:
    """What the statistics page shows of a record, and the games it keeps whole (MicroPython runs it too; its output
    is kept short: the test's runner loses what passes 64 KB)."""
    return [records.summary(record, ["sudoku"]), records.streaks(record, TODAY), records.chart(record, "genius"),
            [[records.group_name(g), m] for g, m in records.history(record)[:60]],
            [sum(m[k] for _g, m in records.history(record)) for k in range(6)], records.met(record),
            records.totals(record), record["old"]["through"], [r["ended"] for r in record["games"]]]


SEEN = f"TODAY = {TODAY!r}\n" + inspect.getsource(seen)  # MicroPython runs the same


def test_micropython_counts_20000_games_alike_within_the_pages_heap() -> None:
    """The page's heap starts at 1 MB, and MicroPython's WebAssembly port collects garbage only between calls from
    JavaScript: reading the stored text and every figure of the statistics page together must allocate less."""
    record = records.compact(read(played(20_000)))
    text = json.dumps(record, separators=(",", ":"))
    script = ("import gc, json\nfrom rules import records\n"
              f"text = {text!r}\n"
              "gc.collect()\nbase = gc.mem_alloc()\n"
              "record, why = records.read(json.loads(text))\n"
              "shown = [records.summary(record, ['sudoku']), records.streaks(record, '" + TODAY + "'),"
              " records.history(record), records.chart(record, 'sudoku'), records.totals(record)]\n"
              "used = gc.mem_alloc() - base + len(text)  # what the statistics page reads and counts\n"
              "print(json.dumps([why] + seen(record) + [shown[3]]))\nprint(used)\n")
    got, used = run_micropython(SEEN + script, MODULES, timeout=300).strip().rsplit("\n", 1)
    want = [None] + seen(record) + [records.chart(record, "sudoku")]
    assert rounded(json.loads(got)) == rounded(json.loads(json.dumps(want)))
    assert int(used) < 1_000_000, used


def test_micropython_reads_a_long_version_1_record_in_pieces(tmp_path: Path) -> None:
    games = played(2000)
    text = json.dumps({"v": 1, "games": games})
    assert len(text) > 1_000_000  # more than the page's heap can take as one string
    (tmp_path / "store.py").write_text(text)
    script = ("import json\nfrom rules import records\n"
              "reader = records.Reader()\nstored = open('/lib/store.py')\n"
              "while True:\n    piece = stored.read(32768)\n    if not piece:\n        break\n    reader.feed(piece)\n"
              "record, why = reader.finish()\n"
              "print(json.dumps([why] + seen(record)))\n")
    got = run_micropython(SEEN + script, {**MODULES, "store": tmp_path / "store.py"}, timeout=300)
    record = records.compact(read(games))
    assert rounded(json.loads(got)) == rounded(json.loads(json.dumps([None] + seen(record))))
