"""A game in progress is never lost (the rough-edges issue's data-losing points), on a desktop and on a
390x844 touch phone: a failed Open leaves the game as it was, a link opens its own puzzle and offers the
saved game back, greyed Skyscrapers clues and a solved game survive a reload, and the clock stops while the
player is away."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from browser_helpers import values, wait_message, wait_values
from conftest import contexts_for

from solvers import commands
from solvers import family as solver_family

pytestmark = pytest.mark.browser
GRID4 = "1..4.4.2..4.4..1"  # 4x4 with one solution
SOLUTION4 = "1234341221434321"
TWO_SOLUTIONS9 = "1" + "." * 80  # an 81-character string with too few givens
TWO_SOLUTIONS4 = "1..............."
DEVICES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}


@pytest.fixture(params=list(DEVICES))
def device(request, profiles, site_url: str) -> Iterator[tuple]:
    """(a page on that device, whether it is touched) in a context with nothing stored; no page error at the end."""
    ctx = contexts_for(request, profiles).new_context(service_workers="block", **DEVICES[request.param])
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if "Traceback" in m.text else None)
    yield page, request.param == "phone"
    ctx.close()
    assert errors == []


def press(page, selector: str, touch: bool) -> None:
    """Tap on a phone, click on a desktop."""
    page.locator(selector).scroll_into_view_if_needed()
    page.tap(selector) if touch else page.click(selector)


def at_cell(page, index: int, n: int, touch: bool, ring: int = 0) -> None:
    """Tap or click a cell of a square canvas board (`ring`: clue rows around it)."""
    page.locator("#board").scroll_into_view_if_needed()
    box = page.locator("#board").bounding_box()
    r, c = divmod(index, n)
    step = box["width"] / (n + 2 * ring)
    x, y = box["x"] + (c + ring + 0.5) * step, box["y"] + (r + ring + 0.5) * step
    page.touchscreen.tap(x, y) if touch else page.mouse.click(x, y)


def open_at(page, site_url: str, name: str, fragment: str, cells: int):
    """Open a page on a link and wait for its board and its solver."""
    page.goto(f"{site_url}/{name}.html#{fragment}")
    page.wait_for_function(f"document.querySelectorAll('#aria-board [role=gridcell]').length == {cells}")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    return page


def play_first_entry(page, touch: bool) -> str:
    """Enter the first empty cell's digit of GRID4 by the pad; the board's values after it."""
    first = GRID4.index(".")
    at_cell(page, first, 4, touch)
    press(page, f"#pad button:nth-child({SOLUTION4[first]})", touch)
    page.wait_for_function(f"document.querySelectorAll('#aria-board [role=gridcell]')[{first}]"
                           f".textContent.includes(', {SOLUTION4[first]}')")
    return values(page)


def open_text(page, text: str, touch: bool) -> None:
    """Paste into Open or export a puzzle and press Open."""
    if page.locator("#open-box").get_attribute("open") is None:
        press(page, "#open-box summary", touch)
    page.fill("#open-text", text)
    press(page, "#open-load", touch)


@pytest.mark.parametrize("text", [TWO_SOLUTIONS9, "3x3:a1" + "z" * 3 + "a"])
def test_a_failed_open_leaves_the_game_as_it_was(device, site_url: str, text: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    played = play_first_entry(page, touch)
    open_text(page, text, touch)
    said = wait_message(page, "cannot be played", timeout=90_000)
    assert "as it was" in said and "fresh" not in said
    assert values(page) == played and len(values(page)) == 16
    press(page, "#undo", touch)  # the game's own history is intact
    assert wait_values(page, GRID4) == GRID4


def test_a_link_opens_its_puzzle_and_offers_the_saved_game(device, site_url: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    played = play_first_entry(page, touch)
    press(page, "#share", touch)
    link = page.input_value("#share-link")  # without the moves
    assert "~" not in link
    page.goto("about:blank")
    page.goto(link)  # the same browser opens the link: the link's puzzle, fresh, not the saved progress
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    assert values(page) == GRID4
    assert page.is_visible("#resume") and page.inner_text("#resume") == "Resume your game"
    press(page, "#resume", touch)
    assert values(page) == played
    assert not page.is_visible("#resume")


def test_a_link_that_cannot_be_played_gives_the_saved_game_back(device, site_url: str) -> None:
    page, touch = device
    open_at(page, site_url, "sudoku", GRID4, 16)
    played = play_first_entry(page, touch)
    page.goto("about:blank")
    page.goto(f"{site_url}/sudoku.html#{TWO_SOLUTIONS4}")
    said = wait_message(page, "cannot be played", timeout=90_000)
    assert "your game is back" in said.lower()
    assert values(page) == played
    saved = json.loads(page.evaluate("localStorage.getItem('tessera-sudoku')"))
    assert saved["puzzle"] == GRID4 and saved["index"] == 1


def test_greyed_clues_and_a_solved_game_survive_a_reload(device, site_url: str) -> None:
    page, touch = device
    family = solver_family("skyscrapers")
    puzzle = commands.run(family, "generate", {"difficulty": 1, "seed": "keep", "size": 4})
    solution = [v for row in commands.run(family, "solve", puzzle)["solution"] for v in row]
    open_at(page, site_url, "skyscrapers", puzzle["description"], 16)
    column = next(i for i, v in enumerate(puzzle["top"]) if v)  # a clue over the grid, greyed by a tap
    box = page.locator("#board").bounding_box()
    step = box["width"] / 6
    x, y = box["x"] + (column + 1.5) * step, box["y"] + 0.5 * step
    page.touchscreen.tap(x, y) if touch else page.mouse.click(x, y)
    done = "document.querySelector('#aria-clues').textContent.includes('(done)')"
    page.wait_for_function(done)
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    page.wait_for_function(done)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    for cell, v in enumerate(solution):  # solve it by the pad
        if values(page)[cell] == ".":
            at_cell(page, cell, 4, touch, ring=1)
            press(page, f"#pad button:nth-child({v})", touch)
    wait_message(page, "solved in")
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    said = wait_message(page, "welcome back")
    assert "you solved" in said.lower() and "good" in page.locator("#message").get_attribute("class")


@pytest.mark.clock
def test_the_clock_stops_while_the_player_is_away(device, site_url: str) -> None:
    page, touch = device
    page.clock.install()
    open_at(page, site_url, "sudoku", GRID4, 16)
    play_first_entry(page, touch)
    seconds = page.evaluate("() => +document.querySelector('#timer').getAttribute('aria-label').split(':').pop()")
    page.clock.run_for(10 * 60_000)  # ten minutes without a touch: the clock stops after 90 seconds idle
    label = page.locator("#timer").get_attribute("aria-label")
    minutes, secs = (int(x) for x in label.split()[-1].split(":"))
    assert 60 <= minutes * 60 + secs - seconds <= 92, label
    page.evaluate("Object.defineProperty(document, 'hidden', {get: () => true, configurable: true})")
    at_cell(page, 0, 4, touch)  # back at the board, but the tab is hidden: no time counts
    before = page.locator("#timer").get_attribute("aria-label")
    page.clock.run_for(60_000)
    assert page.locator("#timer").get_attribute("aria-label") == before
