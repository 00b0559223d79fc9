"""A game set aside is stored, not held, on a desktop and on a 390x844 touch phone: every way a page
replaces a game in progress keeps the old one in the browser's storage, so *Resume your game* and Undo at the
start bring it back after a reload, a visit to another page and a second link; the home page lists it; a link
that cannot be played leaves the game as it was; Practice twice keeps the real game."""

from __future__ import annotations

import json

import pytest
from browser_helpers import values, wait_message, wait_values
from test_browser_keep import GRID4, SOLUTION4, open_at, open_text, play_first_entry, press
from test_browser_keep import device as desktop_or_phone

pytestmark = pytest.mark.browser
device = desktop_or_phone  # the keep tests' fixture: a desktop and a 390x844 touch phone, watched for errors
OTHER4 = ".42.1..........3"  # another 4x4 with one solution (a link's puzzle; generate seed 0)
CLASSIC9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
BOARD = "document.querySelectorAll('#aria-board [role=gridcell]').length > 0"


def shelf(page, family: str) -> list[dict]:
    """The games set aside on a family's page, as stored."""
    stored = page.evaluate(f"localStorage.getItem('tessera-{family}-aside')")
    return json.loads(stored)["games"] if stored else []


def wait_shelf(page, family: str, count: int) -> None:
    """Wait until the family's shelf holds `count` games (a quick check of a linked puzzle may replace the words
    that said so)."""
    page.wait_for_function("([k, n]) => (JSON.parse(localStorage.getItem(k) || '{}').games || []).length == n",
                           arg=[f"tessera-{family}-aside", count], timeout=90_000)


def reload(page) -> None:
    """Reload and wait for the board and a message."""
    page.reload()
    page.wait_for_function(BOARD)
    page.wait_for_function("document.querySelector('#message').innerText.trim().length > 0")


def back_by_resume(page, touch: bool, played: str, by_undo: bool = False) -> None:
    """After a reload, *Resume your game* (or Undo) brings back the game played, with its history."""
    assert page.is_visible("#resume"), page.inner_text("#message")
    press(page, "#undo" if by_undo else "#resume", touch)
    page.wait_for_function(f"document.querySelectorAll('#aria-board [role=gridcell]').length == {len(played)}")
    assert wait_values(page, played) == played
    assert not page.is_visible("#resume")
    press(page, "#undo", touch)  # its own history came back too: the entry is undone
    assert wait_values(page, GRID4) == GRID4
    press(page, "#redo", touch)
    assert wait_values(page, played) == played


def set_aside_by(page, way: str, touch: bool, site_url: str) -> None:
    """Replace the 4x4 game in progress one way, and wait until the page says the old one is one Undo away."""
    if way in ("new", "daily"):
        press(page, f"#{way}", touch)
    elif way == "open":
        open_text(page, CLASSIC9, touch)
    elif way in ("difficulty", "size", "variant"):
        choice = {"difficulty": "3", "size": "6", "variant": "x"}[way]
        page.select_option(f"#{way}", choice)
    elif way == "link":
        page.goto(f"{site_url}/sudoku.html#{OTHER4}")
        page.wait_for_function(BOARD)
        wait_shelf(page, "sudoku", 1)
        return
    wait_message(page, "undo brings back the game you were playing", timeout=90_000)


# Each way on one device, Open on both: the shelf is the same code whatever set the game aside; the devices differ
# in how the player presses (tap or click) and in the layout of the choices and the Open dialog.
WAYS = [("new", "phone"), ("daily", "desktop"), ("open", "desktop"), ("open", "phone"), ("difficulty", "desktop"),
        ("size", "phone"), ("variant", "phone"), ("link", "desktop")]


@pytest.mark.parametrize(("way", "device"), WAYS, indirect=["device"])
def test_a_game_set_aside_comes_back_after_a_reload(device, site_url: str, way: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    played = play_first_entry(page, touch)
    set_aside_by(page, way, touch, site_url)
    games = shelf(page, "sudoku")
    assert [g["puzzle"] for g in games] == [GRID4] and games[0]["index"] == 1
    reload(page)
    back_by_resume(page, touch, played, by_undo=way == "daily")
    assert shelf(page, "sudoku") == []  # it came back: no longer set aside
    saved = json.loads(page.evaluate("localStorage.getItem('tessera-sudoku')"))
    assert saved["puzzle"] == GRID4 and saved["index"] == 1


def test_a_second_link_and_a_visit_home_keep_both_games(device, site_url: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    played = play_first_entry(page, touch)
    set_aside_by(page, "link", touch, site_url)  # the first link: the 4x4 is set aside
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    press(page, "#hint", touch)  # one move on the linked puzzle, by a hint
    page.wait_for_selector("#hint-box:not([hidden])")
    while page.is_visible("#hint-more"):
        press(page, "#hint-more", touch)
    press(page, "#hint-apply", touch)
    wait_message(page, "applied")
    linked = values(page)
    assert linked != OTHER4
    page.goto(f"{site_url}/sudoku.html#{CLASSIC9}")  # a second link: the linked game goes on the shelf too
    wait_shelf(page, "sudoku", 2)
    assert [g["puzzle"] for g in shelf(page, "sudoku")] == [OTHER4, GRID4]
    page.goto(f"{site_url}/index.html")  # home: the set-aside games are listed under the game in progress
    page.wait_for_selector("body[data-ready]", state="attached")
    links = page.locator("#you-list .aside-list a")
    assert links.count() == 2 and "1 move" in links.nth(1).inner_text()
    press(page, "#you-list .aside-list li:nth-child(2) a", touch)  # the older one, the 4x4 played first
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    wait_message(page, "set aside is back")
    assert values(page) == played
    assert [g["puzzle"] for g in shelf(page, "sudoku")] == [OTHER4]  # the 9x9 had no moves: nothing to keep
    press(page, "#undo", touch)  # a tap's click may land after the tap returns: wait for the board to show it
    assert wait_values(page, GRID4) == GRID4  # with its own history
    press(page, "#redo", touch)
    assert wait_values(page, played) == played


@pytest.mark.parametrize("fragment", ["abc", "garbage-link-xyz", "%E0%A4%A"])
def test_a_link_that_cannot_be_read_leaves_the_game_as_it_was(device, site_url: str, fragment: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    played = play_first_entry(page, touch)
    page.goto("about:blank")
    page.goto(f"{site_url}/sudoku.html#{fragment}")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    said = wait_message(page, "as you left it")
    assert "fresh" not in said and "error" in page.locator("#message").get_attribute("class")
    assert values(page) == played
    press(page, "#undo", touch)
    assert wait_values(page, GRID4) == GRID4


PIECE_PAGES = {"sliding": "#new", "genius": "#roll", "ubongo": "#new"}


@pytest.mark.parametrize("name", list(PIECE_PAGES))
def test_new_a_roll_or_a_new_card_keep_the_game(device, site_url: str, name: str) -> None:
    page, touch = device
    page.goto(f"{site_url}/{name}.html")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    press(page, "#hint", touch)  # one move, by a hint
    page.wait_for_selector("#hint-box:not([hidden])")
    while page.is_visible("#hint-more"):
        press(page, "#hint-more", touch)
    press(page, "#hint-apply", touch)
    wait_message(page, "applied")
    before = json.loads(page.evaluate(f"localStorage.getItem('tessera-{name}')"))
    assert before["index"] == 1
    press(page, PIECE_PAGES[name], touch)
    wait_message(page, "undo brings back the game you were playing", timeout=90_000)
    assert [g["puzzle"] for g in shelf(page, name)] == [before["puzzle"]]
    reload(page)
    assert page.is_visible("#resume")
    press(page, "#resume", touch)
    wait_message(page, "is back")
    after = json.loads(page.evaluate(f"localStorage.getItem('tessera-{name}')"))
    assert (after["puzzle"], after["moves"], after["index"]) == (before["puzzle"], before["moves"], 1)


def test_practice_twice_keeps_the_real_game(device, site_url: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    played = play_first_entry(page, touch)
    for anchor in ("sudoku-x-wing", "sudoku-hidden-single"):
        page.goto(f"{site_url}/learn.html#{anchor}")
        page.wait_for_selector("body[data-ready]", state="attached")
        press(page, f"#practice-{anchor}", touch)
        page.wait_for_function("location.pathname.endsWith('/sudoku.html')", timeout=120_000)
        page.wait_for_function(BOARD)
        page.wait_for_function("document.querySelector('#message').innerText.trim().length > 0")
    assert [g["puzzle"] for g in shelf(page, "sudoku")] == [GRID4]
    back_by_resume(page, touch, played)


def test_the_shelf_keeps_five_games_and_survives_garbage(device, site_url: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    page.evaluate("localStorage.setItem('tessera-sudoku-aside', '{not json')")
    reload(page)  # an unreadable shelf is set aside (kept under its own key), never a crash
    assert page.evaluate("localStorage.getItem('tessera-sudoku-aside-unreadable')") == "{not json"
    older = [{"v": 2, "puzzle": GRID4, "label": "Shared", "moves": [move], "index": 1, "seconds": 5,
              "aside": f"2026-01-0{k + 1}T00:00:00.000Z"}
             for k, move in enumerate(["r1c3=3", "r1c3=1", "r1c3=2", "r2c1=3", "r2c1=2"])]
    page.evaluate("g => localStorage.setItem('tessera-sudoku-aside', JSON.stringify({v: 1, games: g}))", older)
    played = play_first_entry(page, touch)
    set_aside_by(page, "new", touch, site_url)
    games = shelf(page, "sudoku")
    assert [g["moves"] for g in games] == [[f"r1c2={SOLUTION4[1]}"]] + [g["moves"] for g in older[:4]]
    reload(page)
    back_by_resume(page, touch, played)
