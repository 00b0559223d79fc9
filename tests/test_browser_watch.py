"""The watch-the-solver page in Chromium: traces played to the end, stepping back, Stop, other families."""

from __future__ import annotations

import itertools
import re

import pytest
from conftest import screenshot

import solvers
from solvers import commands

pytestmark = pytest.mark.browser
SUDOKU = solvers.family("sudoku")
SKYSCRAPERS = solvers.family("skyscrapers")
GRID4 = "....1.2..4.1...."
GRID9 = "..1...2..9.4.7..65.6.........9.6.......2..6.77...3..2.6.37924...4.3..8.........3."
FAST = 10  # index into the page's speeds: 100,000 changes/s


def open_watch(watch, site_url: str, fragment: str = ""):
    """Open watch.html and wait for the boards and the worker."""
    page = watch.page
    page.goto(f"{site_url}/watch.html" + (f"#{fragment}" if fragment else ""))
    page.wait_for_function("document.querySelectorAll('#aria-a [role=gridcell]').length >= 16")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    return page


def board(page, key: str) -> str:
    """A pane's board as a grid string read from its accessible mirror ('.' = empty)."""
    texts = page.eval_on_selector_all(f"#aria-{key} [role=gridcell]", "els => els.map(e => e.textContent)")
    return "".join(m.group(1) if (m := re.match(r"row \d+ column \d+, ([0-9A-Z])\b", t)) else "." for t in texts)


def steps(page, key: str) -> int:
    """The step counter a pane shows."""
    return int(page.inner_text(f"#steps-{key}").replace(",", ""))


def set_speed(page, index: int) -> None:
    """Move the speed slider."""
    page.eval_on_selector("#speed", "(e, v) => { e.value = v; e.dispatchEvent(new Event('input')); }", str(index))


def play_to_end(page, keys: str = "ab", timeout: float = 60_000) -> None:
    """Press Play and wait until the given panes say they are solved."""
    page.click("#play")
    for key in keys:
        page.wait_for_selector(f"#pane-{key}[data-done=true]", state="attached", timeout=timeout)
    page.wait_for_function("document.querySelector('#play').innerText == 'Play'")


def solver_steps(family, obj: dict, method: str) -> int:
    """The "solved" steps of a trace computed by CPython."""
    *_, last = commands.run(family, "trace", {**obj, "method": method})
    assert last["event"] == "solved"
    return last["steps"]


def test_4x4_backtracking_plays_to_the_end_and_steps_back(watch, site_url: str) -> None:
    page = open_watch(watch, site_url, "sudoku/" + GRID4)
    assert board(page, "a") == GRID4 and board(page, "b") == GRID4
    solution = commands.run(SUDOKU, "solve", {"grid": GRID4})["solution"]
    set_speed(page, 6)
    play_to_end(page)
    assert board(page, "a") == solution
    assert board(page, "b") == solution
    assert steps(page, "a") == solver_steps(SUDOKU, {"grid": GRID4}, "backtracking")
    assert steps(page, "b") == solver_steps(SUDOKU, {"grid": GRID4}, "propagation")
    assert steps(page, "a") > steps(page, "b")
    assert "solved" in page.inner_text("#message").lower()
    assert "times as many" in page.inner_text("#compare")
    screenshot(page, "watch-4x4-solved")
    page.click("#back")
    page.click("#back")
    assert board(page, "a") != solution
    assert steps(page, "a") < solver_steps(SUDOKU, {"grid": GRID4}, "backtracking")
    page.click("#step")
    page.click("#step")
    page.wait_for_function("document.querySelector('#pane-a').dataset.done == 'true'")
    assert board(page, "a") == solution


def test_step_and_back_replay_the_trace_event_by_event(watch, site_url: str) -> None:
    page = open_watch(watch, site_url, "sudoku/" + GRID4)
    page.select_option("#show", "a")
    assert page.is_hidden("#pane-b")
    events = list(itertools.islice(commands.run(SUDOKU, "trace", {"grid": GRID4, "method": "backtracking"}), 6))
    boards = []
    for ev in events:
        page.click("#step")
        page.wait_for_function(f"document.querySelector('#pane-a').dataset.events == '{len(boards) + 1}'")
        shown = board(page, "a")
        r, c = ev["cell"]
        expected = str(ev["value"]) if ev["event"] == "set" else "."
        assert shown[r * 4 + c] == expected, (ev, shown)
        boards.append(shown)
    assert steps(page, "a") == 6
    assert "6 steps" in page.inner_text("#live")
    for back in range(5, 0, -1):
        page.keyboard.press("ArrowLeft")
        assert board(page, "a") == boards[back - 1]
    page.keyboard.press("ArrowLeft")
    assert board(page, "a") == GRID4
    assert steps(page, "a") == 0


def test_9x9_propagation_reaches_the_end(watch, site_url: str) -> None:
    page = open_watch(watch, site_url, "sudoku/" + GRID9)
    page.select_option("#show", "b")
    set_speed(page, 5)
    play_to_end(page, "b")
    assert board(page, "b") == commands.run(SUDOKU, "solve", {"grid": GRID9})["solution"]
    assert steps(page, "b") == solver_steps(SUDOKU, {"grid": GRID9}, "propagation")
    assert page.get_attribute("#pane-a", "data-steps") == "0"  # hidden pane was not played
    screenshot(page, "watch-9x9-propagation")


def test_9x9_backtracking_streams_fast_and_stops(watch, site_url: str) -> None:
    page = open_watch(watch, site_url, "sudoku/" + GRID9)
    set_speed(page, FAST)
    page.click("#play")
    page.wait_for_function("Number(document.querySelector('#pane-a').dataset.steps) > 20000", timeout=60_000)
    assert page.get_attribute("#pane-b", "data-done") == "true"
    page.click("#watch-stop")
    at_stop = steps(page, "a")
    assert "Stopped" in page.inner_text("#message")
    assert 20000 < at_stop < solver_steps(SUDOKU, {"grid": GRID9}, "backtracking")
    page.wait_for_timeout(500)
    assert steps(page, "a") == at_stop
    before = board(page, "a")
    for _ in range(3):
        page.click("#back")
    assert board(page, "a") != before
    assert steps(page, "a") < at_stop
    screenshot(page, "watch-9x9-stopped")
    page.click("#restart")
    assert board(page, "a") == GRID9 and steps(page, "a") == 0


def test_skyscrapers_traces_play_to_the_end(watch, site_url: str) -> None:
    page = open_watch(watch, site_url)
    page.select_option("#family", "skyscrapers")
    page.wait_for_function("document.querySelector('#title-a').innerText.includes('Phase')", timeout=60_000)
    page.select_option("#size", "5")
    page.select_option("#difficulty", "3")
    page.evaluate("document.querySelector('#message').innerText = ''")  # wait for the new puzzle's message
    page.click("#new")
    page.wait_for_function("document.querySelector('#message').innerText.includes('Play')", timeout=60_000)
    page.click("#share")
    assert "#skyscrapers/5:" in page.input_value("#share-link")  # the canonical description, as on its own page
    # New's puzzle is random: the one played to the end is a seeded Hard 5x5, opened by its link
    obj = commands.run(SKYSCRAPERS, "generate", {"size": 5, "difficulty": 3, "seed": 3})
    page.goto("about:blank")
    page = open_watch(watch, site_url, "skyscrapers/" + SKYSCRAPERS.format(SKYSCRAPERS.read(obj)))
    set_speed(page, FAST)
    play_to_end(page)
    obj = SKYSCRAPERS.write(SKYSCRAPERS.read(obj))
    solution = "".join(str(v) for row in commands.run(SKYSCRAPERS, "solve", obj)["solution"] for v in row)
    assert board(page, "a") == solution
    assert board(page, "b") == solution
    assert steps(page, "a") == solver_steps(SKYSCRAPERS, obj, "phases")
    assert steps(page, "b") == solver_steps(SKYSCRAPERS, obj, "logic")
    page.click("#theme")
    screenshot(page, "watch-skyscrapers-dark")


def test_new_sizes_share_and_reload(watch, site_url: str, context) -> None:
    page = open_watch(watch, site_url)
    for size in (4, 6, 16):
        page.select_option("#size", str(size))
        page.wait_for_function(f"document.querySelectorAll('#aria-a [role=gridcell]').length == {size * size}",
                               timeout=60_000)
        grid = board(page, "a")
        assert commands.run(SUDOKU, "solve", {"grid": grid})["count"] == 1
    set_speed(page, FAST)  # a random 16x16: its propagation trace can be long
    page.click("#play")
    page.wait_for_selector("#pane-b[data-done=true]", state="attached", timeout=60_000)
    page.click("#watch-stop")
    screenshot(page, "watch-16x16")
    page.click("#share")
    link = page.input_value("#share-link")
    page.click("#copy")  # the clipboard, or (where the browser refuses) the link selected to copy by hand
    assert page.evaluate("document.activeElement.id") == "share-link"
    assert page.inner_text("#message") in ("Link copied.", "Select the link and copy it.")
    other = context.new_page()
    other.goto(link)
    other.wait_for_function("document.querySelectorAll('#aria-a [role=gridcell]').length == 256")
    assert board(other, "a") == grid
    other.close()
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-a [role=gridcell]').length == 256")
    assert board(page, "a") == grid
    assert "Welcome back" in page.inner_text("#message")
    assert page.input_value("#speed") == str(FAST)  # the speed is remembered


def options(page, key: str) -> list[str]:
    """The titles a pane's method choice lists."""
    return page.eval_on_selector_all(f"#method-{key} option", "els => els.map(e => e.textContent)")


def test_each_pane_runs_the_method_chosen_in_it(watch, site_url: str) -> None:
    """A pair the page does not start with (propagation, then the hint logic, chosen by keyboard) runs to the end
    in the panes that chose it, and the choice is Sudoku's after a reload."""
    page = open_watch(watch, site_url, "sudoku/" + GRID4)
    notes = {m["name"]: m for m in commands.info(SUDOKU)["method_notes"]}
    assert options(page, "a") == options(page, "b") == [notes[m]["title"] for m in ("backtracking", "propagation",
                                                                                       "logic")]
    assert [page.input_value(f"#method-{key}") for key in "ab"] == ["backtracking", "propagation"]  # as before
    page.focus("#method-b")
    page.keyboard.press("ArrowDown")  # the next method, as a keyboard player picks it
    page.wait_for_function("document.querySelector('#title-b').innerText.includes('Human logic')")
    page.select_option("#method-a", "propagation")
    page.wait_for_function(f"document.querySelector('#title-a').innerText == {notes['propagation']['title']!r}")
    assert page.inner_text("#about-b") == notes["logic"]["about"] and "Play" in page.inner_text("#message")
    set_speed(page, 5)
    play_to_end(page)
    solution = commands.run(SUDOKU, "solve", {"grid": GRID4})["solution"]
    assert board(page, "a") == board(page, "b") == solution
    assert steps(page, "a") == solver_steps(SUDOKU, {"grid": GRID4}, "propagation")
    assert steps(page, "b") == solver_steps(SUDOKU, {"grid": GRID4}, "logic")
    assert page.get_attribute("#pane-b", "data-done") == "true" and "Solved in" in page.inner_text("#phase-b")
    assert notes["logic"]["title"] + " solved it in" in page.inner_text("#message")
    screenshot(page, "watch-chosen-methods")
    page.select_option("#method-a", "logic")  # the same method on both sides is allowed: this pane starts again
    assert steps(page, "a") == 0 and page.get_attribute("#pane-a", "data-done") == "false"
    assert "Both panes" in page.inner_text("#message") and steps(page, "b") > 0
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-a [role=gridcell]').length == 16")
    assert [page.input_value(f"#method-{key}") for key in "ab"] == ["logic", "logic"]
    assert page.inner_text("#title-a") == page.inner_text("#title-b") == notes["logic"]["title"]
    saved = page.evaluate("JSON.parse(localStorage.getItem('tessera-watch'))")
    assert saved["methods"] == {"sudoku": ["logic", "logic"]}
    for methods, shown in (({"sudoku": ["gone", "logic"]}, ["backtracking", "logic"]),  # a method no longer offered
                           (None, ["backtracking", "propagation"])):  # saved before the panes had a choice
        saved.pop("methods", None)
        if methods:
            saved["methods"] = methods
        page.evaluate("s => localStorage.setItem('tessera-watch', JSON.stringify(s))", saved)
        page.reload()
        page.wait_for_function("document.querySelector('#message').innerText.includes('Welcome back')")
        assert [page.input_value(f"#method-{key}") for key in "ab"] == shown


def test_sliding_greedy_against_parberry(watch, site_url: str) -> None:
    """The lab's greedy search, chosen in the first pane, plays its own moves to the goal."""
    page = open_fragment(watch, site_url, "sliding/3x3:" + ",".join(map(str, TILES3)), "#slide-aria-a [role=gridcell]")
    assert "Greedy best-first (Manhattan)" in options(page, "a")
    page.select_option("#method-a", "greedy")
    page.wait_for_function("document.querySelector('#title-a').innerText.includes('Greedy')")
    set_speed(page, 6)
    play_to_end(page)
    obj = {"width": 3, "height": 3, "tiles": TILES3}
    assert tiles(page, "a") == tiles(page, "b") == [*range(1, 9), 0]
    assert steps(page, "a") == solver_steps(SLIDING, obj, "greedy")
    assert steps(page, "b") == solver_steps(SLIDING, obj, "parberry")


def test_method_choices_on_a_phone(profiles, site_url: str) -> None:
    """On a 390x844 touch screen both panes show their method choice beside each other, big enough to tap, with
    the boards and Play still on the first screen; a choice changes its pane."""
    ctx = profiles.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                              service_workers="block")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{site_url}/watch.html#sudoku/{GRID4}")
        page.wait_for_function("document.querySelectorAll('#aria-a [role=gridcell]').length == 16")
        boxes = [page.locator(f"#method-{key}").bounding_box() for key in "ab"]
        assert all(box and box["height"] >= 40 and 0 <= box["y"] < 844 for box in boxes)
        assert boxes[0]["x"] + boxes[0]["width"] <= boxes[1]["x"]  # side by side, as the panes are
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert len(options(page, "a")) == len(options(page, "b")) == 3
        page.select_option("#method-b", "logic")
        page.wait_for_function("document.querySelector('#title-b').innerText.includes('Human logic')")
        for selector in ("#board-a", "#board-b", "#play"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["y"] + 20 < 844, selector
        screenshot(page, "watch-phone-methods")
    finally:
        ctx.close()
    assert errors == []


def test_bad_link_gives_a_message_and_a_puzzle(watch, site_url: str) -> None:
    page = open_watch(watch, site_url, "sudoku/12345")
    assert "not a valid puzzle" in page.inner_text("#message")
    assert len(board(page, "a")) == 81


# ----- sliding, Genius Square, Cubes 3D ---------------------------------------------------------
SLIDING = solvers.family("sliding")
GENIUS = solvers.family("genius")
UBONGO = solvers.family("ubongo")
TILES3 = [1, 2, 3, 0, 7, 6, 5, 4, 8]
TILES4 = [0, 2, 5, 4, 1, 6, 3, 8, 10, 9, 7, 11, 14, 13, 15, 12]  # sliding generate --size 4 --difficulty 2 --seed 11
ROLL = ["A3", "A5", "B4", "C6", "E2", "E6", "F1"]  # 11 solutions: some search to watch
CARD = {"footprint": [[0, 1], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4]], "height": 2, "pieces": ["g3", "r4", "y5"]}


def open_fragment(watch, site_url: str, fragment: str, ready: str):
    """Open watch.html on a link and wait for the worker and the `ready` selector."""
    page = watch.page
    page.goto(f"{site_url}/watch.html#{fragment}")
    page.wait_for_selector(ready, state="attached")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    return page


def tiles(page, key: str) -> list[int]:
    """A pane's sliding tiles read from its accessible mirror (0 = blank)."""
    texts = page.eval_on_selector_all(f"#slide-aria-{key} [role=gridcell]", "els => els.map(e => e.textContent)")
    return [int(m.group(1)) if (m := re.search(r"tile (\d+)", t)) else 0 for t in texts]


def pieces(page, key: str = "a") -> dict[str, list[list[int]]]:
    """piece id -> sorted [row, col, layer] cells, read from a pane's accessible mirror."""
    cells = page.eval_on_selector_all(f"#pieces-aria-{key} [role=gridcell]",
                                      "els => els.map(e => [e.dataset.cell, e.dataset.piece])")
    out: dict[str, list[list[int]]] = {}
    for where, pid in cells:
        if pid:
            out.setdefault(pid, []).append([int(v) for v in where.split(",")])
    return {pid: sorted(v) for pid, v in out.items()}


def test_sliding_ida_and_parberry_play_to_the_goal(watch, site_url: str) -> None:
    page = open_fragment(watch, site_url, "sliding/3/" + ",".join(map(str, TILES3)), "#slide-aria-a [role=gridcell]")
    assert tiles(page, "a") == TILES3 and tiles(page, "b") == TILES3
    assert page.is_hidden("#board-a") and page.is_visible("#slide-a")
    obj = {"width": 3, "height": 3, "tiles": TILES3}
    set_speed(page, 3)
    play_to_end(page)
    goal = [*range(1, 9), 0]
    assert tiles(page, "a") == goal and tiles(page, "b") == goal
    assert steps(page, "a") == solver_steps(SLIDING, obj, "ida*") == commands.run(SLIDING, "solve", obj)["length"]
    assert steps(page, "b") == solver_steps(SLIDING, obj, "parberry")
    assert "Solved in" in page.inner_text("#phase-a")
    screenshot(page, "watch-sliding-solved")
    page.click("#back")  # "solved", then the last move undone
    page.click("#back")
    assert tiles(page, "a") != goal and steps(page, "a") == solver_steps(SLIDING, obj, "ida*") - 1
    page.click("#restart")
    page.click("#step")
    page.wait_for_function("document.querySelector('#pane-a').dataset.events == '1'")
    assert "Threshold" in page.inner_text("#phase-a") and tiles(page, "a") == TILES3


def test_sliding_4x4_uses_the_pattern_databases(watch, site_url: str) -> None:
    # A fixed position (seed 11, Medium): its optimal length and Parberry's length are facts computed here,
    # so the test asserts what must hold, never what a random scramble usually gives.
    obj = {"width": 4, "height": 4, "tiles": TILES4}
    optimal = commands.run(SLIDING, "solve", {**obj, "optimal": True})["length"]
    parberry = solver_steps(SLIDING, obj, "parberry")
    assert optimal < parberry
    fragment = "sliding/4/" + ",".join(map(str, TILES4))  # the older link form still opens
    page = open_fragment(watch, site_url, fragment, "#slide-aria-a [role=gridcell]")
    page.wait_for_function("document.querySelector('#title-a').innerText.includes('IDA')", timeout=60_000)
    page.click("#share")  # the share link holds the family's canonical text
    assert page.input_value("#share-link").split("#", 1)[1] == "sliding/" + SLIDING.format(SLIDING.read(obj))
    assert tiles(page, "a") == TILES4
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    set_speed(page, 8)  # fast: the test is about the traces' steps, not the pace (a loaded machine draws slowly)
    play_to_end(page, timeout=120_000)
    assert tiles(page, "a") == tiles(page, "b") == [*range(1, 16), 0]
    assert steps(page, "a") == optimal
    assert steps(page, "b") == parberry
    assert "times as many" in page.inner_text("#compare") or steps(page, "b") < 2 * steps(page, "a")
    page.click("#theme")
    screenshot(page, "watch-sliding-4x4-dark")


def test_genius_exact_cover_plays_to_the_solution(watch, site_url: str) -> None:
    page = open_fragment(watch, site_url, "genius/" + "".join(ROLL), "#pieces-aria-a [role=gridcell]")
    assert page.is_hidden("#pane-b") and page.is_disabled("#show")
    assert page.is_disabled("#method-a") and options(page, "a") == ["Exact cover search (Algorithm X)"]  # one method
    assert pieces(page) == {} and len(page.query_selector_all("#pieces-aria-a [role=gridcell]")) == 36
    set_speed(page, 1)
    page.click("#play")  # slow enough to see a piece being tried
    page.wait_for_function("Number(document.querySelector('#pane-a').dataset.steps) >= 2")
    assert "trying the" in page.inner_text("#phase-a")
    screenshot(page, "watch-genius-searching")
    set_speed(page, 6)
    page.wait_for_selector("#pane-a[data-done=true]", state="attached", timeout=60_000)
    page.wait_for_function("document.querySelector('#play').innerText == 'Play'")
    solution = commands.run(GENIUS, "solve", {"blockers": ROLL})["solution"]
    expected = {pid: sorted([ord(c[0]) - 65, int(c[1]) - 1, 0] for c in cells) for pid, cells in solution.items()}
    assert pieces(page) == expected
    assert steps(page, "a") == solver_steps(GENIUS, {"blockers": ROLL}, "exact-cover")
    assert "solved" in page.inner_text("#message").lower()
    screenshot(page, "watch-genius-solved")
    page.click("#back")
    page.click("#back")
    assert pieces(page) != expected
    page.click("#step")
    page.click("#step")
    page.wait_for_function("document.querySelector('#pane-a').dataset.done == 'true'")
    assert pieces(page) == expected


def test_cubes_exact_cover_plays_to_the_solution(watch, site_url: str) -> None:
    code = "g3-r4-y5_01000.11111_2"
    page = open_fragment(watch, site_url, "ubongo/" + code, "#pieces-aria-a [role=gridcell]")
    assert len(page.query_selector_all("#pieces-aria-a [role=gridcell]")) == 12
    offered = page.eval_on_selector_all("#variant option", "os => os.map(o => o.value)")
    assert offered == [name for name, _label in UBONGO.variants]  # the family's own piece sets, not Sudoku's
    assert page.is_hidden("#custom-box")  # the typed grid is the page's own family's
    set_speed(page, 2)
    play_to_end(page, "a")
    assert pieces(page) == commands.run(UBONGO, "solve", CARD)["solution"]
    assert steps(page, "a") == solver_steps(UBONGO, CARD, "exact-cover")
    screenshot(page, "watch-cubes-solved")
    image = "document.querySelector('#pieces-a').toDataURL()"
    solved, box = page.evaluate(image), page.locator("#pieces-a").bounding_box()
    page.mouse.move(box["x"] + 100, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + 180, box["y"] + 140, steps=5)  # a drag turns the view, as on the Cubes page
    page.mouse.up()
    turned = page.evaluate(image)
    page.mouse.wheel(0, 300)  # the wheel zooms
    assert turned != solved and page.evaluate(image) not in (solved, turned)
    assert pieces(page) == commands.run(UBONGO, "solve", CARD)["solution"]  # turning changes no piece
    page.select_option("#family", "genius")  # another family: a fresh roll in the same pane
    page.wait_for_function("document.querySelector('#message').innerText.includes('Genius')", timeout=60_000)
    assert len(page.query_selector_all("#pieces-aria-a [role=gridcell]")) == 36
    page.select_option("#family", "sudoku")
    page.wait_for_function("document.querySelectorAll('#aria-a [role=gridcell]').length == 81", timeout=60_000)
    assert page.is_visible("#pane-b") and page.is_visible("#board-a") and page.is_hidden("#pieces-a")


def test_sudoku_variants_play_and_choose(watch, site_url: str) -> None:
    from solvers.rules import sudoku as sudoku_rules

    out = commands.run(SUDOKU, "generate", {"difficulty": 1, "seed": 1, "size": 6, "variant": "killer"})
    puzzle = {k: v for k, v in out.items() if k in ("grid", "box", "regions", "diagonals", "cages")}
    page = open_watch(watch, site_url, "sudoku/" + sudoku_rules.text_of(puzzle))
    assert page.input_value("#variant") == "killer" and page.is_visible("#variant-row")
    assert "cage" in page.inner_text("#aria-a")  # a cell's cage and its sum are read out
    set_speed(page, FAST)
    play_to_end(page)
    solution = commands.run(SUDOKU, "solve", puzzle)["solution"]
    assert board(page, "a") == board(page, "b") == solution
    assert steps(page, "b") == solver_steps(SUDOKU, puzzle, "propagation")
    screenshot(page, "watch-killer")
    page.select_option("#variant", "jigsaw")  # a fresh jigsaw puzzle of the size chosen
    page.wait_for_function("document.querySelector('#aria-a').innerText.includes('region')", timeout=60_000)
    assert page.input_value("#variant") == "jigsaw" and page.input_value("#size") == "6"
    page.select_option("#family", "skyscrapers")  # the choice is Sudoku's alone
    page.wait_for_function("document.querySelector('#variant-row').hidden")
