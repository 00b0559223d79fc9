"""The Sudoku page in Chromium: play, check, hint, solve, share, reload, bad links, offline."""

from __future__ import annotations

import re

import pytest
from browser_helpers import cells, click_cell, values, walk_by_hints
from browser_helpers import open_page as open_browser_page
from conftest import screenshot

import solvers
from solvers import commands

pytestmark = pytest.mark.browser
SUDOKU = solvers.family("sudoku")
EASY = "..1...2..9.4.7..65.6...3...2.9.6.......2..6.775..3..2.6.37924...4.3168...9.....3."


def open_page(watch, site_url: str, fragment: str = "", ready: bool = True):
    """Open sudoku.html."""
    return open_browser_page(watch, site_url, "sudoku", fragment, ready)


def load_grid(page, grid: str) -> None:
    """Open a grid through the custom-puzzle box."""
    page.click("summary:has-text('Enter your own puzzle')")
    page.fill("#custom", grid)
    page.click("#custom-load")
    page.wait_for_function("document.querySelector('#message').innerText.includes('exactly one solution')")


def test_board_shows_and_worker_loads(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    assert len(cells(page)) == 81
    assert "ready" in page.inner_text("#status").lower()
    assert page.locator("#difficulty option").count() == 5
    screenshot(page, "sudoku-start")


def test_keyboard_entry_undo_redo_and_pencil(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    load_grid(page, EASY)
    empty = values(page).index(".")
    click_cell(page, empty)
    page.keyboard.press("5")
    assert values(page)[empty] == "5"
    page.keyboard.press("Control+z")
    assert values(page)[empty] == "."
    page.keyboard.press("Control+y")
    assert values(page)[empty] == "5"
    page.keyboard.press("Backspace")
    page.keyboard.press("Shift+Digit3")
    page.keyboard.press("Shift+Digit7")
    assert "notes 3 7" in cells(page)[empty]
    page.keyboard.press("ArrowRight")
    assert page.eval_on_selector_all("#aria-board [aria-selected=true]", "e => e.length") == 1
    screenshot(page, "sudoku-pencil")


def test_check_flags_a_wrong_digit(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    load_grid(page, EASY)
    solution = commands.run(SUDOKU, "solve", {"grid": EASY})["solution"]
    empty = EASY.index(".")
    wrong = next(d for d in "123456789" if d != solution[empty])
    click_cell(page, empty)
    page.keyboard.press(wrong)
    page.click("#check")
    page.wait_for_function("document.querySelector('#message').innerText.match(/error/i)")
    assert "wrong" in cells(page)[empty]
    assert re.search(r"\b1\b", page.inner_text("#message"))
    screenshot(page, "sudoku-check")


def test_hint_names_a_technique_highlights_and_applies(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    load_grid(page, EASY)
    before = values(page)
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-title") == "Look here"
    page.click("#hint-more")
    title = page.inner_text("#hint-title")
    assert "single" in title.lower(), title
    assert page.inner_text("#hint-reason").strip()
    page.click("#hint-more")  # why: the reason, the cell and what it rests on
    assert page.inner_text("#hint-title").startswith("Why")
    assert page.inner_text("#hint-reason").strip()
    assert any("hint" in t for t in cells(page))
    screenshot(page, "sudoku-hint")
    page.click("#hint-apply")
    assert page.inner_text("#message") == "Applied: " + title + "."  # says what was played
    after = values(page)
    changed = [i for i in range(81) if before[i] != after[i]]
    assert len(changed) == 1
    solution = commands.run(SUDOKU, "solve", {"grid": EASY})["solution"]
    assert after[changed[0]] == solution[changed[0]]


def test_play_to_the_end_with_hints(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    load_grid(page, EASY)
    walk_by_hints(page, 81, by_hand=3)  # where, what, why: then Apply
    assert values(page) == commands.run(SUDOKU, "solve", {"grid": EASY})["solution"]
    assert "Solved" in page.inner_text("#message")
    screenshot(page, "sudoku-solved")


def test_solve_is_undoable(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    load_grid(page, EASY)
    page.click("#solve")
    page.wait_for_function("document.querySelector('#message').innerText.includes('Solved by Tessera')")
    assert "." not in values(page)
    page.click("#undo")
    assert values(page) == EASY


def test_share_link_reopens_the_same_puzzle_with_progress(watch, site_url: str, context) -> None:
    page = open_page(watch, site_url)
    load_grid(page, EASY)
    empty = EASY.index(".")
    click_cell(page, empty)
    page.keyboard.press("8")
    page.check("#share-progress")
    page.click("#share")
    link = page.input_value("#share-link")
    assert "#" in link
    visitor = context.browser.new_context(service_workers="block")  # a second visitor
    other = visitor.new_page()
    other.goto(link)
    other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 81")
    assert values(other)[empty] == "8"
    assert all(values(other)[i] == EASY[i] for i in range(81) if EASY[i] != ".")
    visitor.close()


def test_reload_keeps_progress(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    load_grid(page, EASY)
    empty = EASY.index(".")
    click_cell(page, empty)
    page.keyboard.press("4")
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 81")
    assert values(page)[empty] == "4"
    assert "Welcome back" in page.inner_text("#message")


def test_malformed_link_shows_a_message_and_a_fresh_puzzle(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "this-is-not-a-sudoku", ready=False)
    assert "not a valid puzzle" in page.inner_text("#message")
    assert len(cells(page)) == 81
    screenshot(page, "sudoku-bad-link")


def test_contradictory_link_is_reported(watch, site_url: str) -> None:
    bad = "11" + "." * 79  # two 1s in row 1
    page = open_page(watch, site_url, bad)
    page.wait_for_function("document.querySelector('#message').innerText.includes('cannot be played')")
    assert values(page) != bad


def test_new_puzzle_of_each_size_and_dark_mode(watch, site_url: str) -> None:
    """New puzzles of every size; the worker fetches a bank file only for a size that has one, and only its own."""
    page = open_page(watch, site_url)
    banks: list[str] = []
    page.on("request", lambda r: banks.append(r.url) if "/data/bank_" in r.url else None)
    for size in (4, 6, 16):
        page.select_option("#size", str(size))
        page.click("#new")
        page.wait_for_function(f"document.querySelectorAll('#aria-board [role=gridcell]').length == {size * size}",
                               timeout=60_000)
        grid = values(page)
        assert commands.run(SUDOKU, "solve", {"grid": grid})["count"] == 1
        assert [b.rsplit("/", 1)[1] for b in banks] == (["bank_16x16.txt"] if size == 16 else []), banks
    page.select_option("#difficulty", "3")  # 16x16 Hard: from the bank, whose files the worker fetches
    page.wait_for_function("document.querySelector('#message').innerText.includes('Hard')", timeout=60_000)
    grid = values(page)
    assert len(grid) == 256 and commands.run(SUDOKU, "grade", {"grid": grid})["difficulty"] == "Hard"
    page.click("#theme")
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    screenshot(page, "sudoku-16-dark")


# Norvig's "impossible" puzzle: no solution, but propagation cannot prove it, so a search runs until its budget ends.
IMPOSSIBLE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."


def test_stop_interrupts_a_long_solve_and_keeps_the_worker(watch, site_url: str) -> None:
    """On a cross-origin isolated page Stop interrupts the worker's search: it answers at once and the same worker
    (no restart, no reload) takes the next request. The page's own check of the link, which the player's Solve
    interrupted, is not asked again after Stop (it would bring Stop back)."""
    page = open_page(watch, site_url, IMPOSSIBLE)
    assert page.get_attribute("body", "data-interrupts") == "1"
    page.click("#solve")  # while the page's own check of the link runs: Solve goes first
    page.wait_for_selector("#stop:not([hidden])", timeout=30_000)
    page.click("#stop")
    page.wait_for_selector("#stop", state="hidden", timeout=5_000)
    assert "Stopped." in page.inner_text("#message")
    assert page.get_attribute("body", "data-restarts") is None and values(page) == IMPOSSIBLE
    page.wait_for_timeout(3500)  # past the restart fallback's 3 s: nothing was left unanswered, nothing asked again
    assert page.get_attribute("body", "data-restarts") is None and page.is_hidden("#stop")
    assert "Stopped." in page.inner_text("#message")
    assert page.get_attribute("body", "data-worker") == "ready"


def test_stop_restarts_the_worker_where_the_page_is_not_isolated(watch, site_url: str) -> None:
    """Served without the isolation headers (a plain static host's first visit), Stop ends a long solve by
    restarting the worker, and says so until the new one is ready."""
    def plain(route) -> None:
        response = route.fetch()
        headers = {k: v for k, v in response.headers.items() if not k.lower().startswith("cross-origin")}
        route.fulfill(response=response, headers=headers)

    watch.page.route("**/sudoku.html*", plain)
    page = open_page(watch, site_url, IMPOSSIBLE)
    assert not page.evaluate("crossOriginIsolated") and page.get_attribute("body", "data-interrupts") is None
    page.click("#solve")  # queued in the worker behind the page's own long check of the link
    page.wait_for_selector("#stop:not([hidden])", timeout=30_000)
    before = int(page.get_attribute("body", "data-restarts") or 0), page.inner_text("#message")
    page.click("#stop")
    after = int(page.get_attribute("body", "data-restarts") or 0), page.inner_text("#message")
    assert after[0] == before[0] + 1 and "Stopped." in after[1], (before, after)  # one restart, by Stop
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("document.querySelector('#message').innerText.includes('has restarted')", timeout=10_000)
    assert values(page) == IMPOSSIBLE


DROP_GENERATE = """() => {  // the solver never answers New: what Stop is for
    const worker = window.tesseraWorker, post = worker.postMessage.bind(worker);
    worker.postMessage = (msg) => msg.fn === 'call' && msg.args[1] === 'generate' ? undefined : post(msg);
}"""


@pytest.mark.parametrize("choice", ["#difficulty", "#size"])
def test_stop_sets_the_choice_back_to_the_puzzle_shown(watch, site_url: str, choice: str) -> None:
    """A new puzzle asked for by a choice, stopped before it came: the choice shows the puzzle still shown, not
    the grade or size that never came (the worker, which never answers here, is restarted by Stop)."""
    page = open_page(watch, site_url)
    before, board = page.input_value(choice), values(page)
    page.evaluate(DROP_GENERATE)
    asked = "4" if choice == "#difficulty" and before != "4" else "3" if choice == "#difficulty" else "6"
    page.select_option(choice, asked)
    page.wait_for_selector("#stop:not([hidden])", timeout=30_000)
    assert page.input_value(choice) == asked and "Making a new puzzle" in page.inner_text("#message")
    page.click("#stop")
    page.wait_for_function(f"document.querySelector('{choice}').value === '{before}'", timeout=10_000)
    assert "Stopped." in page.inner_text("#message") and values(page) == board
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    assert page.input_value(choice) == before and values(page) == board


def test_daily_takes_the_chosen_size_and_says_whole_sentences(watch, site_url: str) -> None:
    """Daily at 6x6 is the day's 6x6 puzzle (each size has its own), and its welcome is a sentence before
    "Undo brings back…" (it read "… 10 givens Undo brings back …")."""
    page = open_page(watch, site_url)
    page.select_option("#size", "6")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length === 36 && "
                           "document.querySelector('#message').innerText.includes('givens')", timeout=60_000)
    empty = values(page).index(".")
    click_cell(page, empty)
    page.keyboard.press("1")  # a move: the daily sets this game aside
    page.click("#daily")
    message = page.wait_for_function("() => { const m = document.querySelector('#message').innerText; "
                                     "return m.includes('Daily') && m; }", timeout=60_000).json_value()
    assert len(values(page)) == 36 and page.input_value("#size") == "6"
    date = re.search(r"Daily (\d{4}-\d\d-\d\d)", message).group(1)
    daily = commands.run(SUDOKU, "daily", {"date": date, "size": 6})
    assert values(page) == daily["grid"]
    assert re.search(r" givens\. Undo brings back the game you were playing\.$", message.strip()), message
