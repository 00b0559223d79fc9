"""The record of finished games in Chromium: a game finished on each page reaches the statistics page (and stays
after a reload), a daily puzzle on two consecutive days makes a streak of 2 (the clock set by the test), export,
clear and import give the same statistics, and an unreadable record gives a message and a working page. Desktop and
a 390x844 touch phone."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from conftest import PageWatch, screenshot

from solvers import commands
from solvers import family as solver_family

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


@pytest.fixture(params=["desktop", "phone"])
def device(request, browser, site_url: str):
    """A fresh browser context (its own localStorage) on a desktop or a touch phone, watched for page errors."""
    phone = request.param == "phone"
    ctx = browser.new_context(viewport=PHONE if phone else {"width": 1280, "height": 800}, has_touch=phone,
                              is_mobile=phone, service_workers="block", accept_downloads=True)
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
    for _ in range(rounds):
        if "solved in" in page.inner_text("#message").lower():
            return
        press(page, "#hint")
        page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
        while page.is_visible("#hint-more"):
            press(page, "#hint-more")
        page.wait_for_selector("#hint-apply:not([hidden])")
        press(page, "#hint-apply")
    assert "solved in" in page.inner_text("#message").lower()


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


def test_a_game_finished_on_each_page_is_in_the_statistics(device, site_url: str) -> None:
    page = device
    links = fragments()
    for name, fragment in links.items():
        open_game(page, site_url, name, fragment)
        solve_by_hints(page)
    stats = open_stats(page, site_url)
    titles = {row[0] for row in stats["summary"]}
    assert titles == {"Sudoku", "Skyscrapers", "Sliding puzzle", "Genius Square", "Cubes 3D"}
    assert all(row[2] == "1" and row[3] == "1" and row[6] != "0" for row in stats["summary"])  # by hints
    assert len(stats["history"]) == 5 and stats["history"][-1][1] == "Sudoku 4×4"  # newest first
    assert page.locator("#history a").count() == 5
    screenshot(page, f"stats-{'phone' if page.touch else 'desktop'}")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    assert page.locator("#summary tbody tr").count() == 5
    page.locator("#history a").last.click()  # the Sudoku game's replay link reopens it with its moves
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    page.wait_for_function("!document.querySelector('#replay').disabled")
    assert "." not in page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => "
                                                "/, ([0-9])\\b/.test(e.textContent) ? 'x' : '.').join('')")


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
        solve_by_hints(page)
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


def test_a_full_storage_trims_old_replay_links_and_keeps_the_game(browser, site_url: str) -> None:
    ctx = browser.new_context(service_workers="block")
    page = ctx.new_page()
    watch = PageWatch(page, site_url)
    page.touch = False
    open_game(page, site_url, "sudoku", GRID4)
    assert page.evaluate(FILL)  # full: not even 64 more characters fit
    solve_by_hints(page)  # every move's save and the finished game's record must find room
    message = page.inner_text("#message")
    assert "solved in" in message.lower() and "storage is full" not in message
    games = json.loads(page.evaluate("localStorage.getItem('tessera-records')"))["games"]
    assert len(games) == 121 and games[-1]["link"].startswith("sudoku.html#") and games[-1]["solved"]
    assert sum(1 for g in games if not g["link"]) > 0 and games[0]["link"] == ""  # the oldest links went first
    page.reload()
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    assert "solved" in page.inner_text("#message").lower()  # the finished game was saved
    stats = open_stats(page, site_url)
    assert len(stats["history"]) == 121 and stats["history"][-1][-1] == "–"  # a trimmed game: no replay
    watch.assert_clean()
    ctx.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pages_with_games_pass_axe(browser, site_url: str, scheme: str) -> None:
    """The statistics and home pages filled in (tables, chart, links), audited by axe-core."""
    from test_browser_axe import audit

    ctx = browser.new_context(service_workers="block", color_scheme=scheme)
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
