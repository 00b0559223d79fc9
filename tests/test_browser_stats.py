"""The record of finished games in Chromium: a game finished on each page reaches the statistics page (and stays
after a reload; a shared link's game is graded, never "Other"), a daily puzzle on two consecutive days makes a streak
of 2 (the clock set by the test), export, clear and import give the same statistics, an unreadable record gives a
message and a working page, a record of 20,000 games (and an old version-1 record longer than the page's heap can
take at once) shows every figure right on the statistics and home pages, the chart of one game labels it once, and
a table wider than a phone says it scrolls. Desktop and a 390x844 touch phone."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from browser_helpers import cell_centres, values, walk_by_hints
from conftest import PageWatch, contexts_for, screenshot
from test_records import TODAY, game, played

from solvers import commands
from solvers import family as solver_family
from solvers.rules import records

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
GRID4 = "1..4.4.2..4.4..1"


def fragments() -> dict[str, str]:
    """A small puzzle of each family as its page's link (from the solvers, seeded)."""
    sky = commands.run(solver_family("skyscrapers"), "generate", {"difficulty": 1, "seed": "stats"})
    tiles = commands.run(solver_family("sliding"), "generate", {"difficulty": 1, "seed": "stats", "size": 3})["tiles"]
    roll = commands.run(solver_family("genius"), "generate", {"difficulty": 1, "seed": "stats"})
    card = commands.run(solver_family("ubongo"), "generate", {"difficulty": 1, "seed": "stats"})
    return {"sudoku": GRID4, "skyscrapers": sky["description"], "sliding": "3x3:" + ",".join(map(str, tiles)),
            "genius": "".join(sorted(roll["blockers"])), "ubongo": card["code"]}


# Tests whose work does not depend on the device run on one (the page's layout on both is checked by the
# figures and chart tests).
ON_PHONE = pytest.mark.parametrize("device", ["phone"], indirect=True)
ON_DESKTOP = pytest.mark.parametrize("device", ["desktop"], indirect=True)


@pytest.fixture(params=["desktop", "phone"])
def device(request, profiles, site_url: str):
    """A context with nothing stored on a desktop or a touch phone, watched for page errors."""
    phone = request.param == "phone"
    ctx = contexts_for(request, profiles).new_context(viewport=PHONE if phone else {"width": 1280, "height": 800},
                                                      has_touch=phone, is_mobile=phone, service_workers="block",
                                                      accept_downloads=True)
    page = ctx.new_page()
    watch = PageWatch(page, site_url)
    page.touch = phone
    yield page
    watch.assert_clean()
    ctx.close()


def press(page, selector: str) -> None:
    """Tap on a phone, click on a desktop."""
    if page.touch:
        page.tap(selector)
    else:
        page.click(selector)


def solve_by_hints(page, rounds: int = 120) -> None:
    """Ask for hints and apply them until the page says the puzzle is solved (the player's own solve)."""
    walk_by_hints(page, rounds)


def solve_by_typing(page, solution: str) -> None:
    """Enter the solution's digit in every empty cell (a tap or a click, then the key), as a player who knows it,
    the whole board scrolled into sight first (the buttons below it may have scrolled it partly out)."""
    page.evaluate("document.getElementById('board').scrollIntoView({block: 'center'})")
    centres = cell_centres(page)  # the board stays put: what changes as a player types is below it
    for index, cell in enumerate(values(page)):
        if cell == ".":
            x, y = centres[index]
            if page.touch:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
            page.keyboard.press(solution[index])
    page.wait_for_function("document.querySelector('#message').innerText.toLowerCase().includes('solved in')")


def open_game(page, site_url: str, name: str, fragment: str = "") -> None:
    """A game page, its solver ready."""
    page.goto(f"{site_url}/{name}.html" + (f"#{fragment}" if fragment else ""))
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)


def open_stats(page, site_url: str) -> dict:
    """The statistics page's tables, as text rows."""
    page.goto(f"{site_url}/stats.html")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    rows = {}
    for table in ("summary", "history"):
        rows[table] = page.eval_on_selector_all(f"#{table} tbody tr", "rs => rs.map(r => [...r.cells].map("
                                                "c => c.textContent))")
    rows["streaks"] = page.inner_text("#streaks")
    return rows


@ON_PHONE
def test_a_game_finished_on_each_page_is_in_the_statistics(device, site_url: str) -> None:
    page = device
    links = fragments()
    for name, fragment in links.items():
        open_game(page, site_url, name, fragment)
        solve_by_hints(page)
    stats = open_stats(page, site_url)
    titles = sorted(row[0] for row in stats["summary"])
    assert [t.split(" ")[0] for t in titles] == ["Cubes", "Genius", "Skyscrapers", "Sliding", "Sudoku"], titles
    assert "Sudoku 4×4" in titles and "Sliding puzzle 3×3" in titles  # with its size
    assert all(row[2] == "1" and row[3] == "1" and row[6] != "0" for row in stats["summary"])  # by hints
    grades = {row[0].split(" ")[0]: row[1] for row in stats["summary"]}  # each game came from a shared link
    assert set(grades.values()) <= {"Easy", "Medium", "Hard", "Expert", "Extreme", "Shared link (not graded)"}
    assert grades["Sliding"] == "Shared link (not graded)", grades  # no worker's grade for a shared sliding board
    assert len(stats["history"]) == 5 and stats["history"][-1][1] == "Sudoku 4×4"  # newest first
    assert page.locator("#history a").count() == 5
    screenshot(page, f"stats-{'phone' if page.touch else 'desktop'}")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert_scroll_cues(page)
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    assert page.locator("#summary tbody tr").count() == 5
    page.locator("#history a").last.click()  # the Sudoku game's replay link reopens it with its moves
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    page.wait_for_function("!document.querySelector('#replay').disabled")
    assert "." not in page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => "
                                                "/, ([0-9])\\b/.test(e.textContent) ? 'x' : '.').join('')")


@ON_PHONE
@pytest.mark.clock
def test_dailies_on_two_days_in_a_row_make_a_streak_of_two(device, site_url: str) -> None:
    page = device
    page.clock.install(time=datetime.datetime(2026, 11, 20, 10, 0))
    open_game(page, site_url, "sudoku")
    for day in (20, 21):  # the day's 9x9, its grade by the weekday
        page.clock.set_system_time(datetime.datetime(2026, 11, day, 10, 0))
        press(page, "#daily")
        page.wait_for_function(f"document.querySelector('#message').innerText.includes('2026-11-{day}')"
                               " || document.querySelector('#grade-info').innerText.includes('2026-11-{day}')",
                               timeout=60_000)
        daily = commands.run(solver_family("sudoku"), "daily", {"date": f"2026-11-{day}"})
        assert values(page) == daily["grid"], "the page's daily is the solvers' daily"
        solve_by_typing(page, commands.run(solver_family("sudoku"), "solve", daily)["solution"])
    stats = open_stats(page, site_url)
    assert "Sudoku: 2 days now, longest 2 days · today's done ✓" in stats["streaks"]
    assert [row[1] for row in stats["history"]] == ["Sudoku 9×9 · daily"] * 2, stats["history"]
    page.goto(f"{site_url}/index.html")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    assert "Sudoku · streak 2 days" in page.inner_text("#you-list")
    assert "Sudoku ✓" in page.inner_text("#you-daily")
    page.clock.set_system_time(datetime.datetime(2026, 11, 23, 10, 0))  # a day missed: the streak is over
    stats = open_stats(page, site_url)
    assert "Sudoku: 0 days now, longest 2 days" in stats["streaks"]


@ON_DESKTOP
def test_export_clear_and_import_give_the_same_statistics(device, site_url: str, tmp_path: Path) -> None:
    page = device
    open_game(page, site_url, "sudoku", GRID4)
    solve_by_hints(page)
    open_game(page, site_url, "sliding", fragments()["sliding"])
    solve_by_hints(page)
    before = open_stats(page, site_url)
    with page.expect_download() as got:
        press(page, "#export")
    saved = tmp_path / "games.json"
    got.value.save_as(saved)
    assert len(json.loads(saved.read_text())["games"]) == 2
    press(page, "#clear")
    press(page, "#clear-no")  # asked first: keeping them changes nothing
    assert page.locator("#history tbody a").count() == 2
    press(page, "#clear")
    press(page, "#clear-yes")
    assert "Cleared 2 games" in page.inner_text("#message")
    assert page.locator("#history tbody a").count() == 0
    page.set_input_files("#import-file", str(saved))
    page.wait_for_function("document.querySelector('#message').innerText.includes('Imported 2 games')")
    page.set_input_files("#import-file", str(saved))  # again: nothing is added twice
    page.wait_for_function("document.querySelector('#message').innerText.includes('Imported 0 games')")
    assert open_stats(page, site_url) == before
    broken = tmp_path / "broken.json"
    broken.write_text('{"v": 1, "games": [{"family": "sudoku"}]}')
    page.set_input_files("#import-file", str(broken))
    page.wait_for_function("document.querySelector('#message').innerText.includes('could not be imported')")
    assert open_stats(page, site_url) == before


@ON_PHONE
def test_an_unreadable_record_is_set_aside_with_a_message(device, site_url: str) -> None:
    page = device
    page.goto(f"{site_url}/index.html")
    for garbage in ("{not json", '{"v": 1, "games": [5]}', '{"v": 7, "games": []}'):
        page.evaluate(f"localStorage.setItem('tessera-records', {json.dumps(garbage)})")
        page.goto(f"{site_url}/index.html")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)  # the home page still works
        stats = open_stats(page, site_url)
        assert "could not be read" in page.inner_text("#message") and stats["summary"][0][0].startswith("No finished")
        assert page.evaluate("localStorage.getItem('tessera-records-unreadable')") == garbage
    page.evaluate("localStorage.setItem('tessera-records', '[1, 2]')")  # a game finished then starts a new record
    open_game(page, site_url, "sudoku", GRID4)
    solve_by_hints(page)
    assert "solved in" in page.inner_text("#message").lower()
    assert len(json.loads(page.evaluate("localStorage.getItem('tessera-records')"))["games"]) == 1


FILL = """() => {  // 120 old games with replay links (300,000 characters), then every byte left taken by filler
    const games = [];
    for (let i = 0; i < 120; i++) {
        games.push({family: "sudoku", variant: "", size: "9×9", grade: "Easy", day: "2026-10-01",
                    ended: "2026-10-01T10:00:" + String(i).padStart(3, "0") + "Z", seconds: 60, hints: 0, stages: {},
                    errors: 0, daily: false, solved: true, link: "sudoku.html#" + "x".repeat(2500)});
    }
    localStorage.setItem("tessera-records", JSON.stringify({v: 1, games: games}));
    let size = 1 << 22, k = 0;
    while (size >= 1) {
        try { localStorage.setItem("filler" + k, "f".repeat(size)); k++; } catch (e) { size = size >> 1; }
    }
    try { localStorage.setItem("probe", "p".repeat(64)); return false; } catch (e) { return true; }
}"""


def test_a_full_storage_summarises_old_games_and_keeps_the_game(profiles, site_url: str) -> None:
    ctx = profiles.new_context(service_workers="block")
    page = ctx.new_page()
    watch = PageWatch(page, site_url)
    page.touch = False
    open_game(page, site_url, "sudoku", GRID4)
    assert page.evaluate(FILL)  # full: not even 64 more characters fit
    solve_by_hints(page)  # every move's save and the finished game's record must find room
    message = page.inner_text("#message")
    assert "solved in" in message.lower() and "storage is full" not in message
    record = json.loads(page.evaluate("localStorage.getItem('tessera-records')"))
    assert record["v"] == 2 and records.played(record) == 121  # the old games summarised, none lost
    games = record["games"]
    assert games[-1]["link"].startswith("sudoku.html#") and games[-1]["solved"] and games[-1]["size"] == "4×4"
    assert len(games) < 121 and record["old"]["groups"][0]["months"][0][:3] == [202610, 121 - len(games),
                                                                                121 - len(games)]
    page.reload()
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    assert "solved" in page.inner_text("#message").lower()  # the finished game was saved
    stats = open_stats(page, site_url)
    assert stats["history"][-1][:3] == ["2026-10", f"Sudoku 9×9 · {121 - len(games)} games", "Easy"]
    assert stats["history"][-1][-1] == "–" and len(stats["history"]) == len(games) + 1  # summarised: no replay
    watch.assert_clean()
    ctx.close()


def assert_scroll_cues(page) -> None:
    """A table wider than its box says so under it and fades at the edge; one that fits says nothing."""
    for wide, hint, shaded in page.eval_on_selector_all(".table-wrap", "ws => ws.map(w => [w.scrollWidth > "
                                                        "w.clientWidth + 1, !w.nextElementSibling.hidden, "
                                                        "w.classList.contains('scrolls')])"):
        assert wide == hint == shaded


CANVAS_TEXT = """{  // every text the page draws on a canvas, kept in window.drawn
    window.drawn = [];
    const draw = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        window.drawn.push(String(text));
        return draw.call(this, text, ...rest);
    };
}"""


def seed(page, site_url: str, value: dict) -> None:
    """Store a record of games in the browser (the home page open first: the site's origin)."""
    page.goto(f"{site_url}/index.html")
    page.evaluate("text => localStorage.setItem('tessera-records', text)", json.dumps(value))


def shown(record: dict, families: dict) -> list[list[str]]:
    """The summary table's rows as the statistics page must show them (titles, variants' names, clocks)."""
    grades = {name: info["grades"] for name, info in families.items()}
    words = {"Shared": "Shared link (not graded)", "Other": "Not graded"}
    rows = []
    for row in records.summary(record, list(families), grades):
        info = families[row["family"]]
        variant = "" if row["variant"] in ("", "classic") else dict(info.get("variants") or []).get(row["variant"])
        what = " ".join(x for x in (info["title"], row["size"], variant) if x)
        hints = str(int(row["hints"] * 10 + 0.5) / 10).removesuffix(".0")
        rows.append([what, words.get(row["grade"], row["grade"]), str(row["played"]), str(row["solved"]),
                     records.clock(row["best"]), records.clock(row["median"]), hints])
    return rows


def streak_lines(record: dict, families: dict) -> list[str]:
    """The streaks' lines the statistics page must show."""
    found = records.streaks(record, TODAY)
    days = lambda n: f"{n} day" + ("" if n == 1 else "s")  # noqa: E731
    return [f"{families[f]['title']}: {days(s['current'])} now, longest {days(s['longest'])} · "
            + ("today's done ✓" if s["today"] else "today's still to play") for f, s in
            [(f, found[f]) for f in families if f in found]]


@pytest.mark.clock
@pytest.mark.parametrize("version", [2, 1])
def test_20000_games_show_every_figure(device, site_url: str, version: int) -> None:
    """20,000 games stored compact (version 2), or an old version-1 record of 4,000 whole games (2.4 million
    characters: more than the page's heap takes as one string), read by the home page first: every figure right,
    the history a page at a time, the chart drawn, no page error."""
    page = device
    page.clock.install(time=datetime.datetime(2026, 1, 5, 10, 0))
    games = played(20_000 if version == 2 else 4000)
    record = records.compact(records.read({"v": 1, "games": games})[0])
    seed(page, site_url, record if version == 2 else {"v": 1, "games": games})
    page.goto(f"{site_url}/index.html")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    solved = sum(1 for r in games if r["solved"])
    assert f"{solved} puzzles solved on this device" in page.inner_text("#you")
    stored = json.loads(page.evaluate("localStorage.getItem('tessera-records')"))
    assert stored["v"] == 2 and records.summary(stored) == records.summary(record)  # read and stored back compact
    families = page.evaluate("fetch('data/families.json').then(r => r.json())")
    for family, streak in records.streaks(record, TODAY).items():
        if streak["current"]:
            assert f"{families[family]['title']} · streak {streak['current']} day" in page.inner_text("#you-list")
    stats = open_stats(page, site_url)
    assert stats["summary"] == shown(record, families)
    assert "Sudoku 6×6 Killer" in [row[0] for row in stats["summary"]]  # apart from the 9x9 classic games
    assert stats["streaks"].split("\n") == streak_lines(record, families)
    assert len(stats["history"]) == 100 and stats["history"][0][0] == games[-1]["day"]
    assert page.locator("#history a").count() == 100  # the games kept whole replay
    press(page, "#history-more")
    assert page.locator("#history tbody tr").count() == 200
    assert page.locator("#history a").count() == len(record["games"]) < 200
    months = [row for row in page.eval_on_selector_all("#history tbody tr", "rs => rs.map(r => r.cells[1]"
                                                       ".textContent)") if " games" in row or " game" in row]
    assert months and all(" · " in m for m in months)
    label = page.get_attribute("#chart", "aria-label")
    assert label.startswith("Sudoku solve times of ") and "2023-01 to " in label
    assert "hollow dot" in page.inner_text("#chart-note")
    assert_scroll_cues(page)
    screenshot(page, f"stats-20000-{'phone' if page.touch else 'desktop'}")


def test_the_chart_of_one_game_labels_it_once(device, site_url: str) -> None:
    page = device
    page.add_init_script(CANVAS_TEXT)
    for days, want in ((["2026-11-20"], ["game 1 · 2026-11-20"]),
                       (["2026-11-20", "2026-11-22"], ["game 1 · 2026-11-20", "game 2 · 2026-11-22"])):
        seed(page, site_url, {"v": 1, "games": [game(day=d, seconds=100 + k) for k, d in enumerate(days)]})
        open_stats(page, site_url)
        assert [t for t in page.evaluate("window.drawn") if t.startswith("game")] == want


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pages_with_games_pass_axe(profiles, site_url: str, scheme: str) -> None:
    """The statistics and home pages filled in (tables, chart, links), audited by axe-core."""
    from test_browser_axe import audit

    ctx = profiles.new_context(service_workers="block", color_scheme=scheme)
    page = ctx.new_page()
    watch = PageWatch(page, site_url)
    page.goto(f"{site_url}/index.html")
    record = {"family": "sudoku", "variant": "classic", "size": "9×9", "grade": "Hard", "day": "2026-11-20",
              "ended": "2026-11-20T10:00:00.000Z", "seconds": 321, "hints": 2, "stages": {"1": 2}, "errors": 1,
              "daily": True, "solved": True, "link": "sudoku.html#" + GRID4}
    page.evaluate(f"localStorage.setItem('tessera-records', {json.dumps(json.dumps({'v': 1, 'games': [record]}))})")
    for name in ("stats", "index"):
        page.goto(f"{site_url}/{name}.html")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
        assert audit(page, site_url) == [], name
    assert not page.is_hidden("#you")
    watch.assert_clean()
    ctx.close()
