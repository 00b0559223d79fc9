"""The record of finished games (solvers/rules/records.py): reading a store, merging an import, statistics per
family and grade, daily streaks, and the same answers under the site's MicroPython."""

from __future__ import annotations

import datetime
import json
import random
import statistics
from pathlib import Path

from micropython import run_micropython

from solvers.rules import records

ROOT = Path(__file__).resolve().parents[1]


def game(family: str = "sudoku", grade: str = "Easy", day: str = "2026-11-20", seconds: int = 300,
         solved: bool = True, daily: bool = False, hints: int = 0) -> dict:
    """A record as a game page writes it."""
    return {"family": family, "variant": "", "size": "9×9", "grade": grade, "day": day,
            "ended": f"{day}T12:{seconds // 60 % 60:02d}:{seconds % 60:02d}.000Z",
            "seconds": seconds, "hints": hints, "stages": {"1": hints}, "errors": 0, "daily": daily, "solved": solved,
            "link": f"{family}.html#{grade}{seconds}{day}"}


def test_day_numbers_agree_with_the_calendar() -> None:
    rng = random.Random(7)
    for _ in range(500):
        day = datetime.date(1970, 1, 1) + datetime.timedelta(days=rng.randrange(0, 60_000))
        assert records.day_number(day.isoformat()) == (day - datetime.date(1970, 1, 1)).days
    assert [records.day_number(x) for x in ("2026-13-01", "26-11-2026", "2026-1-1", 5, "2026-11-2x")] == [None] * 5


def test_read_sets_aside_what_is_not_a_record() -> None:
    good = {"v": records.VERSION, "games": [game()]}
    assert records.read(good) == ([game()], None)
    for bad in (None, [], {"v": 1}, {"v": 99, "games": []}, {"v": 1, "games": [5]},
                {"v": 1, "games": [{**game(), "seconds": "5"}]}, {"v": 1, "games": [{**game(), "day": "yesterday"}]},
                {"v": 1, "games": [{**game(), "solved": 1}]}):
        games, why = records.read(bad)
        assert games is None and why


def test_merge_keeps_each_game_once_and_in_order() -> None:
    a, b, c = game(seconds=100), game(seconds=200, day="2026-11-21"), game(seconds=50, day="2026-11-19")
    merged, added = records.merge([a, b], [c, b, c])
    assert merged == [c, a, b] and added == 1
    assert records.merge(merged, merged) == (merged, 0)
    assert records.add(merged, a) == merged


def test_trim_makes_the_oldest_games_bare_past_the_budget() -> None:
    games = [{**game(seconds=s), "link": "x" * 100, "puzzle": "p" * 50, "techniques": {"X-wing": 1}}
             for s in range(1, 11)]
    size = len(json.dumps(games[0]))
    kept = records.trim(games, 3 * size + 10)  # (the newest are a character or two longer)
    assert [len(r["link"]) for r in kept] == [0] * 7 + [100] * 3  # the three newest keep theirs
    assert all("puzzle" not in r and "techniques" not in r for r in kept[:7]) and kept[7:] == games[7:]
    figures = [{k: v for k, v in r.items() if k not in ("link", "puzzle", "techniques")} for r in games]
    assert [{k: v for k, v in r.items() if k != "link"} for r in kept[:7]] == figures[:7]  # every figure kept
    assert records.trim(games) == games and records.read({"v": 1, "games": kept}) == (kept, None)
    assert records.summary(kept) == records.summary(games)
    assert records.merge(kept, games) == (kept, 0)  # an older export with full links adds nothing twice


def test_summary_per_family_and_grade() -> None:
    games = [game(seconds=s, hints=h, solved=ok) for s, h, ok in ((300, 0, True), (100, 2, True), (50, 4, False),
                                                                   (200, 0, True))]
    games += [game("genius", "Hard", seconds=90), game(grade="Hard", seconds=700)]
    rows = records.summary(games, ["genius", "sudoku"])
    assert [(r["family"], r["grade"]) for r in rows] == [("genius", "Hard"), ("sudoku", "Easy"), ("sudoku", "Hard")]
    easy = rows[1]
    assert (easy["played"], easy["solved"], easy["best"]) == (4, 3, 100)
    assert easy["median"] == statistics.median([300, 100, 200]) and easy["hints"] == 6 / 4
    assert records.median([]) is None and records.median([4, 1]) == 2.5


def test_streaks_count_consecutive_daily_days() -> None:
    days = ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-24", "2026-11-25"]
    games = [game(day=d, daily=True) for d in days] + [game(day="2026-11-23", daily=True, solved=False)]
    games += [game("skyscrapers", day="2026-11-25", daily=False)]  # not a daily: no streak
    assert records.streaks(games, "2026-11-25")["sudoku"] == {"current": 2, "longest": 3, "today": True,
                                                              "last": "2026-11-25"}
    assert records.streaks(games, "2026-11-26")["sudoku"]["current"] == 2  # until the day ends
    assert records.streaks(games, "2026-11-27")["sudoku"]["current"] == 0
    assert "skyscrapers" not in records.streaks(games, "2026-11-25")
    assert records.clock(65) == "1:05" and records.clock(3725) == "1:02:05" and records.clock(None) == "–"


def test_micropython_gives_the_same_statistics() -> None:
    games = [game(day=f"2026-11-{d:02d}", daily=d % 3 != 0, seconds=60 * d, hints=d % 2) for d in range(1, 20)]
    games += [game("genius", "Medium", day="2026-11-18", seconds=42, daily=True)]
    script = ("import json\nfrom rules import records\n"
              f"games = json.loads({json.dumps(json.dumps(games))})\n"
              "print(json.dumps([records.summary(games, ['sudoku']), records.streaks(games, '2026-11-19'),"
              " records.read({'v': 1, 'games': games})[1], records.merge(games[:5], games[3:9])[1],"
              " records.day_number('2026-11-26'), records.trim(games, 900)]))\n")
    got = run_micropython(script, {f"rules/{m}": ROOT / "solvers" / "rules" / f"{m}.py" for m in ("__init__",
                                                                                                  "records")})
    want = [records.summary(games, ["sudoku"]), records.streaks(games, "2026-11-19"),
            records.read({"v": 1, "games": games})[1], records.merge(games[:5], games[3:9])[1],
            records.day_number("2026-11-26"), records.trim(games, 900)]
    assert json.loads(got) == json.loads(json.dumps(want))


def test_met_counts_the_techniques_of_the_hints() -> None:
    games = [{**game(), "techniques": {"X-wing": 2, "Naked single": 1}}, {**game(), "techniques": {"X-wing": 1}},
             {**game("skyscrapers"), "techniques": {"Clue 1": 3}}, game()]
    assert records.met(games) == {"X-wing": 3, "Naked single": 1, "Clue 1": 3}
    assert records.met(games, "skyscrapers") == {"Clue 1": 3}
    assert records.read({"v": 1, "games": games})[1] is None
    assert records.read({"v": 1, "games": [{**game(), "techniques": 3}]})[1]
