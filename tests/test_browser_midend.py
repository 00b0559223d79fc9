"""The shared game controller (site/py/midend.py) in Chromium: history across reloads, links with
moves, and every page surviving broken links and garbage saves with a message and a board."""

from __future__ import annotations

import json

import pytest
from browser_helpers import cells, click_cell, values
from browser_helpers import open_page as open_browser_page
from conftest import GAME_PAGES, SITE_PAGES, screenshot

pytestmark = pytest.mark.browser
GRID4 = "1..4.4.2..4.4..1"  # 4x4 with one solution (the old constant had none)
SOLUTION4 = "1234341221434321"
# page -> (localStorage key, selector of its board's cells)
PAGES = {name: (f"tessera-{name}", "#aria-a [role=gridcell]" if name == "watch" else "#aria-board [role=gridcell]")
         for name in SITE_PAGES}
MIDEND_PAGES = tuple(GAME_PAGES)  # the game pages: their save is versioned
GARBAGE = ["5", "[]", '{"v":2}', '{"puzzle":{}}', "{not json", '{"v":2,"puzzle":"1...","moves":[],"index":0}',
           '{"v":2,"puzzle":"' + GRID4 + '","moves":["r1c2=9"],"index":1,"seconds":0}',
           '{"speed":"fast","show":7}']
# The other pages read their saves through the same code as Sudoku's (site/py/midend.py; test_hostile fuzzes each
# family's reading in CPython): they reload with the garbage that reaches their own part of it.
SOME_GARBAGE = ["{not json", '{"v":2}', '{"v":2,"puzzle":"1...","moves":[],"index":0}', '{"speed":"fast","show":7}']


def wait_board(page, selector: str) -> None:
    """Wait until the page shows its board and a message."""
    page.wait_for_function(f"document.querySelectorAll('{selector}').length > 0")
    page.wait_for_function("document.querySelector('#message').innerText.trim().length > 0")


def message(page) -> str:
    """The message box's text."""
    return page.inner_text("#message")


def sudoku4(watch, site_url: str, fragment: str = GRID4):
    """The Sudoku page on a 4x4 link."""
    return open_browser_page(watch, site_url, "sudoku", fragment, ready=False, min_cells=16)


def test_undo_and_redo_survive_a_reload(watch, site_url: str) -> None:
    page = sudoku4(watch, site_url)
    first, second = GRID4.index("."), GRID4.index(".", GRID4.index(".") + 1)
    click_cell(page, first)
    page.keyboard.press(SOLUTION4[first])
    click_cell(page, second)
    page.keyboard.press(SOLUTION4[second])
    page.click("#undo")
    assert values(page)[first] == SOLUTION4[first] and values(page)[second] == "."
    # the link's check (one solution) may end after the moves: its save is the one a reload must keep
    page.wait_for_function("JSON.parse(localStorage.getItem('tessera-sudoku') || '{}').verified === true",
                           timeout=90_000)
    saved = json.loads(page.evaluate("localStorage.getItem('tessera-sudoku')"))
    assert saved["v"] == 2 and saved["index"] == 1 and len(saved["moves"]) == 2
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    assert "Welcome back" in message(page)
    assert values(page)[first] == SOLUTION4[first] and values(page)[second] == "."
    assert page.is_enabled("#redo") and page.is_enabled("#undo")
    assert json.loads(page.evaluate("localStorage.getItem('tessera-sudoku')")) == saved  # resuming keeps the save
    page.reload()  # at once, before any move or the timer's save: the history is still there
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    assert "Welcome back" in message(page) and values(page)[first] == SOLUTION4[first]
    page.click("#redo")
    assert values(page)[second] == SOLUTION4[second]
    page.click("#undo")
    page.click("#undo")
    assert values(page) == GRID4
    assert page.is_disabled("#undo")


def test_a_link_with_moves_reopens_the_same_state(watch, site_url: str, context) -> None:
    page = sudoku4(watch, site_url)
    empty = [i for i, ch in enumerate(GRID4) if ch == "."]
    click_cell(page, empty[0])
    page.keyboard.press(SOLUTION4[empty[0]])
    click_cell(page, empty[1])
    page.keyboard.press("Shift+Digit2")  # a note
    page.keyboard.press("Shift+Digit4")
    page.check("#share-progress")
    page.click("#share")
    link = page.input_value("#share-link")
    assert "~" in link
    shown = cells(page)
    assert "notes 2 4" in shown[empty[1]]
    visitor = context.browser.new_context(service_workers="block")  # a second visitor
    other = visitor.new_page()
    errors = []
    other.on("pageerror", lambda exc: errors.append(str(exc)))
    other.goto(link)
    other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    assert cells(other) == shown
    other.click("#undo")  # the link's moves are one step: undo goes back to the puzzle
    assert values(other) == GRID4
    assert errors == []
    visitor.close()


def test_an_old_progress_link_still_opens(watch, site_url: str) -> None:
    entries = SOLUTION4[:8] + GRID4[8:]
    page = sudoku4(watch, site_url, GRID4 + "~" + entries)
    assert values(page) == entries


@pytest.mark.parametrize("name", list(PAGES))
def test_a_broken_fragment_gives_a_message_and_a_board(watch, site_url: str, name: str) -> None:
    page = watch.page
    page.goto(f"{site_url}/{name}.html#%E0%A4%A")
    wait_board(page, PAGES[name][1])
    assert "went wrong" not in message(page).lower()
    if name in MIDEND_PAGES:
        assert "could not be read" in message(page) or "not a valid" in message(page)
    screenshot(page, f"midend-broken-fragment-{name}")


@pytest.mark.parametrize("name", list(PAGES))
def test_garbage_saves_give_a_message_and_a_board(watch, site_url: str, name: str) -> None:
    key, selector = PAGES[name]
    page = watch.page
    page.goto(f"{site_url}/{name}.html")
    wait_board(page, selector)
    for garbage in GARBAGE if name == "sudoku" else SOME_GARBAGE:
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, garbage])
        page.reload()
        wait_board(page, selector)
        text = message(page)
        assert "went wrong" not in text.lower(), (garbage, text)
        if name in MIDEND_PAGES:
            assert "could not be read" in text, (garbage, text)
            assert page.evaluate(f"localStorage.getItem('{key}-unreadable')") == garbage
            assert json.loads(page.evaluate(f"localStorage.getItem('{key}')"))["v"] == 2
    if name == "sliding":  # and the board plays
        before = cells(page)
        page.keyboard.press("ArrowDown")
        assert cells(page) != before and page.inner_text("#moves") == "1"
    elif name in ("sudoku", "skyscrapers"):
        before = values(page)
        empty = before.index(".")
        click_cell(page, empty, ring=1 if name == "skyscrapers" else 0)
        page.keyboard.press("1")
        assert values(page)[empty] == "1"


def test_a_dead_worker_is_found_by_ping_and_replaced(watch, site_url: str) -> None:
    page = sudoku4(watch, site_url)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("!document.querySelector('#message').innerText.includes('Checking')", timeout=60_000)
    page.evaluate("window.tesseraWorker.terminate()")  # the idle worker dies
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=90_000)
    assert page.get_attribute("body", "data-restarts") == "1"
    assert page.inner_text("#hint-title").strip()
    page.click("#hint-close")
    page.evaluate("document.querySelector('#message').innerText = ''")
    page.click("#check")
    page.wait_for_function("document.querySelector('#message').innerText.length > 0", timeout=60_000)
    assert "restart" not in message(page)
    assert page.get_attribute("body", "data-restarts") == "1"  # the new worker answers: no second restart


ASK_WORKER = ("([fn, args]) => new Promise(done => { const w = window.tesseraWorker, id = 't' + Math.random();"
              " const hear = e => { if (e.data.id === id) { w.removeEventListener('message', hear); "
              "done(e.data.value); } }; w.addEventListener('message', hear); w.postMessage({id, fn, args}); })")


@pytest.mark.parametrize("snapshot", [True, False])
def test_the_worker_starts_from_its_snapshot_or_without_it(watch, site_url: str, snapshot: bool) -> None:
    page = watch.page
    if not snapshot:  # a host that cannot serve it: the worker starts Pyodide afresh and loads the wheel
        page.route("**/snapshot.bin.gz", lambda route: route.fulfill(status=404, body="gone"))
    sudoku4(watch, site_url)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    how = page.evaluate(ASK_WORKER, ["how", []])
    assert how.startswith("snapshot") if snapshot else how.startswith("fresh")
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    assert page.inner_text("#hint-title").strip()


def test_a_replay_link_opens_and_replays_move_by_move(watch, site_url: str, context) -> None:
    page = sudoku4(watch, site_url)
    empty = [i for i, ch in enumerate(GRID4) if ch == "."]
    page.click("#hint")  # one hint asked for: the replay says so
    page.wait_for_selector("#hint-box:not([hidden])")
    page.keyboard.press("Escape")
    for i in empty[:3]:
        click_cell(page, i)
        page.keyboard.press(SOLUTION4[i])
    shown = values(page)
    page.check("#share-progress")
    page.click("#share")
    link = page.input_value("#share-link")
    assert "~" in link and "@" in link and link.endswith("h1")
    visitor = context.browser.new_context(service_workers="block")  # a second visitor
    other = visitor.new_page()
    other.goto(link)
    other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    other.wait_for_function("document.querySelector('#message').innerText.includes('with a replay: 3 moves')"
                            " && document.querySelector('#message').innerText.includes('1 hint used')")
    assert values(other) == shown
    other.select_option("#replay-speed", "16")
    other.click("#replay")
    other.wait_for_function("document.querySelector('#message').innerText.includes('Replay: move 1 of 3')")
    other.wait_for_function("document.querySelector('#message').innerText.includes('End of the replay')")
    assert values(other) == shown  # the game is as it was
    assert other.inner_text("#replay") == "Replay"
    visitor.close()


def test_a_hint_asked_before_the_solver_loads_comes_once_it_has_loaded(watch, site_url: str) -> None:
    """Hint pressed while the worker is still loading: the page says it waits, then answers, and the waiting
    message goes once the call goes ahead."""
    held = []
    watch.page.route("**/worker/boot.js", lambda route: held.append(route))  # no worker until the test lets it
    page = open_browser_page(watch, site_url, "sudoku", ready=False)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#message').innerText.includes('solver')")
    waiting = page.inner_text("#message")
    assert "load" in waiting and page.is_hidden("#hint-box"), waiting
    page.wait_for_timeout(300)  # still held: no answer meanwhile
    assert page.is_hidden("#hint-box") and len(held) == 1
    held[0].continue_()
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    assert page.inner_text("#message") != waiting
    watch.assert_clean()
