"""The sliding-puzzle page in Chromium: slide, hint, solve playback, share, reload, bad input, lab."""

from __future__ import annotations

import re

import pytest
from browser_helpers import cells, wait_message
from browser_helpers import open_page as open_browser_page
from conftest import screenshot

import solvers
from solvers import commands
from solvers import sliding as sliding_family

pytestmark = pytest.mark.browser
SLIDING = solvers.family("sliding")
CENTRE = [1, 2, 3, 4, 0, 5, 7, 8, 6]  # blank in the middle, 2 moves from solved
# 18 moves from solved
SCRAMBLED = commands.run(SLIDING, "generate", {"difficulty": 2, "seed": "browser-test", "size": 3})["tiles"]


def link(tiles: list[int], w: int = 3, h: int = 3, moves: list[int] | None = None) -> str:
    """A share-link fragment."""
    return f"{w}x{h}:" + ",".join(map(str, tiles)) + ("~" + ",".join(map(str, moves)) if moves else "")


def open_page(watch, site_url: str, fragment: str = "", ready: bool = True):
    """Open sliding.html."""
    return open_browser_page(watch, site_url, "sliding", fragment, ready)


def tiles(page) -> list[int]:
    """The board read from the accessible mirror (0 = blank)."""
    out = []
    for text in cells(page):
        m = re.search(r", tile (\d+)", text)
        out.append(int(m.group(1)) if m else 0)
    return out


def width(page) -> int:
    """Columns in the mirror's first row."""
    return page.eval_on_selector("#aria-board [role=row]", "r => r.children.length")


def click_cell(page, index: int) -> None:
    """Click a cell of the canvas."""
    w = width(page)
    h = len(cells(page)) // w
    box = page.locator("#board").bounding_box()
    r, c = divmod(index, w)
    page.mouse.click(box["x"] + (c + 0.5) * box["width"] / w, box["y"] + (r + 0.5) * box["height"] / h)


def distance(page) -> int:
    """The number in the 'N moves from solved' line, once known."""
    page.wait_for_function("/^\\d+ moves?|^Solved/.test(document.querySelector('#distance').innerText)",
                           timeout=60_000)
    return int(re.search(r"(\d+) moves?", page.inner_text("#distance")).group(1))


def goal(n: int) -> list[int]:
    """The solved board."""
    return [*range(1, n), 0]


def test_page_loads_offline_with_board_and_worker(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    assert len(cells(page)) == 16
    assert "ready" in page.inner_text("#status").lower()
    assert page.locator("#difficulty option").count() == 4
    assert sorted(tiles(page)) == list(range(16))
    assert distance(page) > 0
    screenshot(page, "sliding-start")


def test_tile_moves_by_click_key_and_swipe(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(CENTRE))
    assert tiles(page) == CENTRE
    click_cell(page, 5)  # tile 5, right of the blank, slides left
    assert tiles(page) == [1, 2, 3, 4, 5, 0, 7, 8, 6]
    assert page.inner_text("#moves") == "1"
    page.keyboard.press("ArrowRight")  # the tile left of the blank (5) slides right
    assert tiles(page) == CENTRE
    page.keyboard.press("ArrowUp")  # the tile below the blank (8) slides up
    assert tiles(page) == [1, 2, 3, 4, 8, 5, 7, 0, 6]
    click_cell(page, 1)  # tile 2, two above the blank: both tiles of the column slide down
    assert tiles(page) == [1, 0, 3, 4, 2, 5, 7, 8, 6]
    assert page.inner_text("#moves") == "5"
    click_cell(page, 8)  # not in line with the blank
    assert "not in the blank's row or column" in page.inner_text("#message")
    box = page.locator("#board").bounding_box()
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + box["width"] * 0.6, y)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.2, y, steps=4)
    page.mouse.up()  # a swipe left: the tile right of the blank (3) slides left
    assert tiles(page) == [1, 3, 0, 4, 2, 5, 7, 8, 6]
    page.keyboard.press("Control+z")
    assert tiles(page) == [1, 0, 3, 4, 2, 5, 7, 8, 6]
    screenshot(page, "sliding-moved")


def test_hint_names_the_move_and_the_distance(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(SCRAMBLED))
    assert distance(page) == 18
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    title = page.inner_text("#hint-title")
    m = re.fullmatch(r"Slide (\d+) (up|down|left|right)", title)
    assert m, title
    assert "18 → 17" in page.inner_text("#hint-reason")
    assert any(", hint" in t for t in cells(page))
    screenshot(page, "sliding-hint")
    before = tiles(page)
    page.click("#hint-apply")
    after = tiles(page)
    assert after[before.index(int(m.group(1)))] == 0
    assert distance(page) == 17


# Korf's instance 3 (59 moves; blank-last labels): about a second of exact search in CPython
KORF_3 = [1, 15, 10, 13, 0, 11, 4, 7, 12, 6, 5, 3, 14, 8, 9, 2]


def test_hard_4x4_hint_shows_a_good_move_then_the_shortest(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(KORF_3, 4, 4))
    page.evaluate("""() => { const box = document.querySelector('#hint-reason'); window.reasons = [];
        new MutationObserver(() => window.reasons.push(box.innerText))
            .observe(box, {childList: true, characterData: true, subtree: true}); }""")
    page.click("#hint")
    page.wait_for_function("window.reasons.some(r => r.includes('Moves to solved'))", timeout=90_000)
    reasons = page.evaluate("window.reasons")
    first = next(r for r in reasons if r)
    if "quick search" in first:  # the usual way: a good move at once, then the shortest confirms or replaces it
        assert int(re.search(r"solution of (\d+) moves", first).group(1)) >= 59, reasons
        assert "Confirmed: this move starts a shortest solution" in reasons[-1] or "the quick move (" in reasons[-1]
    else:  # the page's own distance search found the shortest path before the hint was asked: exact at once
        assert first == reasons[-1] and "This move starts a shortest solution." in first, reasons
    assert "Moves to solved: 59 → 58" in reasons[-1], reasons
    screenshot(page, "sliding-hint-confirmed")
    assert distance(page) == 59
    before = tiles(page)
    m = re.fullmatch(r"Slide (\d+) (up|down|left|right)", page.inner_text("#hint-title"))
    assert m
    page.click("#hint-apply")
    assert tiles(page)[before.index(int(m.group(1)))] == 0
    assert distance(page) == 58


def test_following_hints_solves_a_scrambled_3x3(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(SCRAMBLED))
    for _ in range(30):
        if tiles(page) == goal(9):
            break
        page.click("#hint")
        page.wait_for_selector("#hint-box:not([hidden])")
        page.click("#hint-apply")
    assert tiles(page) == goal(9)
    assert distance(page) == 0
    assert "Solved in 18 moves" in page.inner_text("#message")
    screenshot(page, "sliding-solved-by-hints")


def paused_playback(watch, site_url: str):
    """The scrambled position's page with Tessera's solution playing, paused at once."""
    page = open_page(watch, site_url, link(SCRAMBLED))
    page.select_option("#speed", "700")
    page.click("#solve")
    page.wait_for_selector("#player:not([hidden])", timeout=60_000)
    page.click("#play-pause")
    return page


def test_solve_animation_pauses_steps_and_ends_solved(watch, site_url: str) -> None:
    page = paused_playback(watch, site_url)
    page.wait_for_timeout(800)
    count = page.inner_text("#play-count")
    assert re.fullmatch(r"move \d+ of 18", count), count
    done = int(count.split()[1])
    page.click("#play-step")
    assert page.inner_text("#play-count") == f"move {done + 1} of 18"
    assert page.inner_text("#moves") == str(done + 1)
    assert page.inner_text("#distance").startswith(f"{18 - done - 1} move")  # the line counts down as it plays
    page.select_option("#speed", "15")
    page.click("#play-pause")
    wait_message(page, "solved by tessera")
    assert tiles(page) == goal(9)
    assert "0 moves" in page.inner_text("#distance")
    screenshot(page, "sliding-solve-played")


def test_solve_is_one_step_of_the_history_and_stop_keeps_the_moves_shown(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(SCRAMBLED))
    page.click("#hint")  # a move of the player's first
    page.wait_for_selector("#hint-box:not([hidden])")
    page.click("#hint-apply")
    played = tiles(page)
    page.select_option("#speed", "0")
    page.click("#solve")
    wait_message(page, "solved by tessera")
    assert tiles(page) == goal(9) and page.inner_text("#moves") == "18"
    page.click("#undo")  # the whole solution is one step
    assert tiles(page) == played and page.inner_text("#moves") == "1"
    page.select_option("#speed", "700")
    page.click("#solve")
    page.wait_for_selector("#player:not([hidden])", timeout=60_000)
    page.click("#play-pause")
    page.click("#play-step")
    page.click("#play-stop")
    wait_message(page, "stopped after")
    shown = tiles(page)
    assert shown != played and page.is_hidden("#player")
    page.click("#undo")
    assert tiles(page) == played
    page.click("#redo")
    assert tiles(page) == shown


def test_stopping_the_solution_playback_keeps_the_clock_running(watch, site_url: str) -> None:
    """The clock pauses while Tessera plays its solution and runs again when the player stops it part way."""
    page = paused_playback(watch, site_url)
    clock = page.inner_text("#timer")
    page.wait_for_timeout(1_300)
    assert page.inner_text("#timer") == clock  # paused with the playback
    page.click("#play-stop")
    wait_message(page, "stopped after")
    page.wait_for_function("t => document.querySelector('#timer').innerText !== t", arg=clock, timeout=5_000)


def new_random(watch, site_url: str, side: int):
    """The page with a new random board of this side."""
    page = open_page(watch, site_url)
    page.select_option("#size", f"{side}x{side}")
    page.select_option("#difficulty", "4")
    page.click("#new")
    page.wait_for_function(f"document.querySelectorAll('#aria-board [role=gridcell]').length == {side * side}")
    return page


def test_large_board_hint_follows_the_plan(watch, site_url: str) -> None:
    page = new_random(watch, site_url, 10)
    assert sorted(tiles(page)) == list(range(100))
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    page.wait_for_function("document.querySelector('#distance').innerText.includes('at most')", timeout=60_000)
    assert "at least" in page.inner_text("#distance")
    screenshot(page, "sliding-10x10")


def test_5x5_hint_gives_a_quick_move_then_the_plan_with_its_bounds(watch, site_url: str) -> None:
    page = new_random(watch, site_url, 5)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    page.wait_for_function("""() => !document.querySelector('#hint-reason').innerText.includes('Looking for')""",
                           timeout=90_000)  # the plan came, or it did not fit the worker's budget
    reason, line = page.inner_text("#hint-reason"), page.inner_text("#distance")
    if reason.startswith("Moves to solved: "):  # the plan met its lower bound: proven shortest
        assert line == reason.split()[3] + " moves from solved (proven shortest)", (reason, line)
        return
    bounds = re.fullmatch(r"solved in at most (\d+) moves \(at least (\d+)\)", line)
    assert bounds and int(bounds[2]) <= int(bounds[1]), line
    if "along this plan" not in reason:  # a busy machine: the quick solution's length stands, and the hint says so
        quick = re.fullmatch(r"A good move from a quick search: it starts a solution of (\d+) moves\. A shorter "
                             r"plan did not come in the time allowed\.", reason)
        assert quick and quick[1] == bounds[1], (reason, line)
    screenshot(page, "sliding-5x5-hint")


EASY_5X5 = [6, 1, 4, 5, 10, 2, 8, 3, 9, 0, 11, 7, 12, 14, 15, 16, 17, 13, 19, 24, 21, 22, 18, 20, 23]  # the page's
# Easy 5x5 of seed 1 (rules.scramble): 21 moves from solved, which the worker proves (an exact search)


def test_5x5_distance_proven_shortest_stays_so_after_hints(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(EASY_5X5, 5, 5))
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    for _ in range(2):  # the second hint answers from the plan the first made: still proven
        page.click("#hint")
        page.wait_for_function("document.querySelector('#hint-reason').innerText.includes('Moves to solved: 21')",
                               timeout=60_000)
        assert page.inner_text("#distance") == "21 moves from solved (proven shortest)"
        page.click("#hint-close")
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    page.wait_for_function("document.querySelector('#hint-reason').innerText.includes('Moves to solved: 21')",
                           timeout=60_000)
    page.click("#hint-apply")
    page.wait_for_function("document.querySelector('#distance').innerText == '20 moves from solved (proven "
                           "shortest)'", timeout=60_000)


def test_solve_right_after_new_says_so_and_the_distance_follows_the_playback(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.select_option("#size", "6x6")  # a plan beyond 5x5: no exact distance, the line gives the plan's bounds
    page.select_option("#difficulty", "1")
    page.click("#new")
    # the board is drawn before its words are written: observe only what Solve says
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36 && "
                           "document.querySelector('#message').innerText.startsWith('New puzzle')")
    page.evaluate("""() => { const box = document.querySelector('#message'); window.said = [];
        new MutationObserver(() => window.said.push(box.innerText))
            .observe(box, {childList: true, characterData: true, subtree: true}); }""")
    page.select_option("#speed", "700")
    page.click("#solve")
    page.wait_for_selector("#player:not([hidden])", timeout=60_000)
    page.click("#play-pause")
    said = [m for m in page.evaluate("window.said") if m]
    assert said[0] == "Working out a solution…" and said[1].startswith("Playing"), said  # at once, then the playback
    moves = int(page.inner_text("#play-count").split()[-1])
    lines = []
    for _ in range(2):
        page.click("#play-step")
        done = int(page.inner_text("#play-count").split()[1])
        page.wait_for_function("""left => /^(solved in at most )?\\d+ moves?/.test(document.querySelector('#distance')
            .innerText) && document.querySelector('#distance').innerText.match(/\\d+/)[0] == String(left)""",
                               arg=moves - done, timeout=10_000)  # the line follows the step (on a busy machine, a
        line = page.inner_text("#distance")  # moment after the count)
        exact = re.fullmatch(r"(\d+) moves? from solved \(proven shortest\)", line)  # an easy board's plan may be
        bounds = exact or re.fullmatch(r"solved in at most (\d+) moves? \(at least (\d+)\)", line)
        assert bounds is not None and int(bounds.group(1)) == moves - done, line  # not "computing…"
        lines.append(int(bounds.group(1 if exact else 2)))
    assert lines[1] == max(0, lines[0] - 1)  # one move on, the shortest is (at least) one less
    page.select_option("#speed", "0")
    page.click("#play-pause")
    wait_message(page, "solved by tessera")
    assert page.inner_text("#distance").startswith("Solved")


def test_share_link_reopens_the_same_position(watch, site_url: str, context) -> None:
    page = open_page(watch, site_url, link(CENTRE))
    click_cell(page, 5)
    moved = tiles(page)
    page.check("#share-progress")
    page.click("#share")
    shared = page.input_value("#share-link")
    assert shared.split("@")[0].endswith("#" + link(CENTRE, moves=[5]))  # then "@<seconds>": a replay link
    page.uncheck("#share-progress")
    page.click("#share")
    start_only = page.input_value("#share-link")
    visitor = context.browser.new_context(service_workers="block")  # a second visitor
    other = visitor.new_page()
    for url, expected in ((shared, moved), (start_only, CENTRE)):
        other.goto(url)  # the second time only the fragment changes: the page follows it
        other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 9")
        other.wait_for_function("document.querySelector('#message').innerText.includes('Shared position')")
        other.wait_for_function(
            "want => [...document.querySelectorAll('#aria-board [role=gridcell]')].map("
            "e => (e.textContent.match(/tile (\\d+)/) || [0, '0'])[1]).join(',') === want",
            arg=",".join(map(str, expected)), timeout=10_000)
    visitor.close()


def test_reload_keeps_progress(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(SCRAMBLED), ready=False)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    position = tiles(page)
    assert position != SCRAMBLED
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 9")
    assert tiles(page) == position
    assert page.inner_text("#moves") == "2"
    assert "Welcome back" in page.inner_text("#message")
    page.click("#undo")
    page.click("#undo")
    assert tiles(page) == SCRAMBLED


@pytest.mark.parametrize(("fragment", "words"), [
    ("not-a-position", "not a valid position"),
    ("3x3:1,2,3,4,5,6,7,8,8", "appears twice"),
    ("3x3:1,2,3,4,5,6,8,7,0", "cannot be solved"),
])
def test_bad_link_gives_a_message_and_a_fresh_puzzle(watch, site_url: str, fragment: str, words: str) -> None:
    page = open_page(watch, site_url, fragment, ready=False)
    assert words in page.inner_text("#message")
    assert "fresh puzzle" in page.inner_text("#message")
    assert len(cells(page)) == 16
    screenshot(page, "sliding-bad-link")


def test_unsolvable_custom_position_is_explained_not_accepted(watch, site_url: str) -> None:
    page = open_page(watch, site_url, ready=False)
    before = tiles(page)
    page.click("summary:has-text('Enter your own position')")
    page.fill("#custom", "1 2 3\n4 5 6\n8 7 0")
    page.click("#custom-load")
    message = page.inner_text("#message")
    assert "cannot be solved" in message and "parity" in message and "1 (odd)" in message, message
    assert tiles(page) == before
    screenshot(page, "sliding-unsolvable")
    page.fill("#custom", "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0")
    page.click("#custom-load")
    assert "0 + 1 = 1 (odd)" in page.inner_text("#message")
    page.fill("#custom", "4x3:1,2,3,4,5,6,7,8,9,10,0,11")
    page.click("#custom-load")
    assert tiles(page) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11]
    assert width(page) == 4
    assert "can be solved" in page.inner_text("#message")


def test_lab_runs_algorithms_and_shows_a_table(watch, site_url: str) -> None:
    page = open_page(watch, site_url, link(SCRAMBLED))
    page.click("summary:has-text('Algorithm lab')")
    offered = page.eval_on_selector_all("input[name=algo]", "els => els.map(e => [e.value, e.dataset.informed])")
    assert [a for a, _ in offered] == list(sliding_family.ALGORITHMS)  # the solver's table, written in by the build
    assert [a for a, informed in offered if informed] == list(sliding_family.INFORMED)
    assert not page.is_checked("input[value='bfs']")  # memory-bound searches are the player's choice
    for value in ("bfs", "dfs", "dls", "out-of-row-col"):
        page.check(f"input[value='{value}']")
    page.fill("#lab-seconds", "300")  # only the node budget binds (DFS sees at most 181,440 positions): no timing
    page.click("#lab-run")
    page.wait_for_function("document.querySelector('#lab-status').innerText.startsWith('Done')", timeout=90_000)
    rows = page.eval_on_selector_all("#lab-rows tr", "rs => rs.map(r => [...r.children].map(c => c.innerText))")
    assert len(rows) == 12  # BFS, DFS, depth-limited DFS, then A*, IDA*, greedy with three heuristics each
    assert [r[0] for r in rows[:3]] == ["BFS", "DFS", "Depth-limited DFS"]
    assert rows[0][2] == "yes" and rows[0][3] == "18 (optimal)"
    assert all(r[2] == "yes" for r in rows if r[0] != "Depth-limited DFS"), [(r[0], r[1], r[2], r[6]) for r in rows]
    assert int(rows[1][3].replace(",", "")) >= 18  # DFS: a path, rarely a short one
    dls = rows[2]  # at depth 31 it may run out of nodes before it meets the goal: then it says so
    assert (dls[2] == "yes" and 18 <= int(dls[3]) <= 31) or (dls[2] == "no" and "node budget" in dls[6])
    assert all(r[3].startswith("18") for r in rows if r[0] in ("A*", "IDA*"))
    assert sum(r[1] == "tiles out of row and column" for r in rows) == 3
    page.locator("#lab").scroll_into_view_if_needed()
    screenshot(page, "sliding-lab")


def test_lab_stop_interrupts_the_run_and_keeps_the_worker(watch, site_url: str) -> None:
    hard = commands.run(SLIDING, "generate", {"difficulty": 4, "seed": "lab-stop", "size": 4})["tiles"]
    page = open_page(watch, site_url, link(hard, 4, 4))
    # the page's own distance search first (it loads the pattern databases, which no interrupt can stop): then the
    # lab's run is the only call under way when Stop is pressed
    page.wait_for_function("/moves|unknown|Solved/.test(document.querySelector('#distance').innerText)",
                           timeout=90_000)
    page.click("summary:has-text('Algorithm lab')")
    page.uncheck("input[value='a*']")
    page.uncheck("input[value='greedy']")
    page.check("input[value='iddfs']")
    page.fill("#lab-nodes", "100000000")
    page.fill("#lab-seconds", "600")
    page.click("#lab-run")
    page.wait_for_selector("#lab-rows tr.lab-run")
    page.click("#lab-stop")
    assert "stopped" in page.inner_text("#lab-rows") and page.inner_text("#lab-status") == "Stopped."
    page.wait_for_timeout(3500)  # past Stop's restart fallback: the interrupted run answered, the worker stays
    assert page.get_attribute("body", "data-restarts") is None
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("document.querySelector('#status').innerText.includes('ready')", timeout=90_000)
    page.keyboard.press("Escape")
    page.fill("#lab-seconds", "1")
    page.click("#lab-run")
    page.wait_for_function("document.querySelector('#lab-status').innerText.startsWith('Done')", timeout=90_000)


def test_new_sizes_and_dark_mode(watch, site_url: str) -> None:
    page = open_page(watch, site_url)
    for size, n in (("3x3", 9), ("3x4", 12), ("5x5", 25)):
        page.select_option("#size", size)
        page.select_option("#difficulty", "2")
        page.click("#new")
        page.wait_for_function(f"document.querySelectorAll('#aria-board [role=gridcell]').length == {n}",
                               timeout=60_000)
        board = tiles(page)
        assert sorted(board) == list(range(n)) and board != goal(n)
    assert width(page) == 5
    page.click("#theme")
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    screenshot(page, "sliding-5x5-dark")


INTERRUPTED = """async ([tiles, wait]) => {
    const w = window.tesseraWorker, id = 't-long';
    const answer = new Promise(done => { const hear = e => { if (e.data.id === id) {
        w.removeEventListener('message', hear); done(e.data.value); } }; w.addEventListener('message', hear); });
    const t0 = performance.now();
    w.postMessage({id, fn: 'call', args: ['sliding', 'solve',
                   JSON.stringify({width: 4, height: 4, tiles, limit: {seconds: 60}})]});
    await new Promise(r => setTimeout(r, wait));
    Atomics.add(window.tesseraInterrupts, 0, 1);
    const value = JSON.parse(await answer);
    return [value, performance.now() - t0];
}"""


def test_the_page_interrupts_a_long_search_without_restarting_the_worker(watch, site_url: str) -> None:
    """Cross-origin isolated (the server's or the service worker's headers), the page holds an interrupt byte: a
    search it stops answers at once and the same worker goes on (a player's request interrupts the page's own
    distance search this way)."""
    page = open_page(watch, site_url, link(CENTRE))
    assert page.evaluate("crossOriginIsolated") and page.get_attribute("body", "data-interrupts") == "1"
    assert distance(page) == 2  # the page's own search is done: the worker is idle
    answer, ms = page.evaluate(INTERRUPTED, [KORF_3, 300])  # an optimal solve of 59 moves takes seconds
    assert answer["kind"] == "cancelled" and answer["interrupted"] is True, answer
    assert page.get_attribute("body", "data-restarts") in (None, "0")  # the same worker
    page.click("#hint")
    page.wait_for_function("document.querySelector('#hint-title').innerText.startsWith('Slide')", timeout=60_000)
    assert distance(page) == 2
