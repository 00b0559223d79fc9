"""Every page on a 390x844 touch phone: a one-line header, nothing wider than the screen, play by
taps, hints and messages in view, and the newcomer's trip-ups of the game controller (New keeps
the old game one Undo away, a size change starts a puzzle, typing a digit again keeps it)."""

from __future__ import annotations

import re

import pytest
from browser_helpers import cells, settle, values
from conftest import screenshot

from solvers import commands
from solvers import family as solver_family

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
CANVAS = {"sudoku": "#board", "skyscrapers": "#board", "sliding": "#board", "genius": "#board", "ubongo": "#view",
          "watch": "#board-a"}
PAGES = {name: "#aria-a" if name == "watch" else "#aria-board" for name in CANVAS}  # the board's mirror
FIRST_CONTROL = {"sudoku": "#pad", "skyscrapers": "#pad", "sliding": "#hint", "genius": "#tray", "ubongo": "#tray",
                 "watch": "#play"}  # what a player needs first, on the first screen with the board
GRID4 = "1..4.4.2..4.4..1"  # one solution: 1234341221434321
GENIUS = solver_family("genius")


@pytest.fixture
def phone(profiles, site_url: str):
    """A page in a touch phone's context (service workers off, as in the other browser tests)."""
    ctx = profiles.new_context(viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    ctx.close()
    assert errors == []


def open_phone(page, site_url: str, name: str, fragment: str = ""):
    """Open a page and wait for its board's mirror."""
    page.goto(f"{site_url}/{name}.html" + (f"#{fragment}" if fragment else ""))
    page.wait_for_function(f"document.querySelectorAll('{PAGES[name]} [role=gridcell]').length > 0", timeout=60_000)
    return page


def in_view(page, selector: str) -> bool:
    """Whether an element's top edge is on the screen (bounding boxes are relative to the viewport)."""
    box = page.locator(selector).bounding_box()
    return box is not None and 0 <= box["y"] < PHONE["height"] - 10


def tap(page, target: str | tuple[float, float]) -> None:
    """Tap an element (a selector: its click) or a point (its pointerup), and wait until the page has handled
    that event: Chromium may make it after Playwright's tap returns, so reading the page at once could race it."""
    kind = "click" if isinstance(target, str) else "pointerup"
    count = f"window.tapped_{kind}"
    before = page.evaluate(f"{count} === undefined ? ({count} = 0, document.addEventListener('{kind}',"
                           f" () => {count}++, true), 0) : {count}")
    if isinstance(target, str):
        page.tap(target)
    else:
        page.touchscreen.tap(*target)
    page.wait_for_function(f"{count} > {before}")  # the page's own handlers have run: this check is a later task


def tap_cell(page, index: int, n: int) -> None:
    """Tap the middle of a square board's cell."""
    box = page.locator("#board").bounding_box()
    r, c = divmod(index, n)
    step = box["width"] / n
    tap(page, (box["x"] + (c + 0.5) * step, box["y"] + (r + 0.5) * step))


@pytest.mark.parametrize("name", list(PAGES))
def test_every_page_fits_a_phone(phone, site_url: str, name: str) -> None:
    page = open_phone(phone, site_url, name)
    tops = page.eval_on_selector_all("header.top > *", "els => els.filter(e => e.offsetParent)"
                                     ".map(e => e.getBoundingClientRect().top)")
    heights = page.eval_on_selector_all("header.top > *", "els => els.map(e => e.getBoundingClientRect().height)")
    assert tops and max(tops) - min(tops) < max(heights), f"the header wraps: tops {tops}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "wider than the screen"
    assert in_view(page, CANVAS[name]) and in_view(page, FIRST_CONTROL[name])
    screenshot(page, f"phone-{name}")


def test_sudoku_by_touch_with_the_hint_in_view(phone, site_url: str) -> None:
    page = open_phone(phone, site_url, "sudoku", GRID4)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    tap_cell(page, 1, 4)
    tap(page, "#pad button[aria-label='enter 2']")
    assert values(page)[1] == "2"
    tap(page, "#pad button[aria-label='enter 2']")  # the digit the cell holds: it stays
    assert values(page)[1] == "2"
    tap(page, "#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    settle(page, "#hint-box")
    assert in_view(page, "#hint-box")
    screenshot(page, "phone-sudoku-hint")


def test_genius_by_touch_previews_then_places_the_piece_on_the_tapped_square(phone, site_url: str) -> None:
    roll = commands.run(GENIUS, "generate", {"difficulty": 2, "seed": "phone"})
    solution = commands.run(GENIUS, "solve", {"blockers": roll["blockers"]})["solution"]
    page = open_phone(phone, site_url, "genius", "".join(sorted(roll["blockers"])))
    board_box = page.locator("#board").bounding_box()
    tray_box = page.locator("#tray").bounding_box()
    assert tray_box["y"] - (board_box["y"] + board_box["height"]) < 200  # the tray sits under the board
    tap(page, "#tray button[data-piece=O]")
    assert "Holding" in page.inner_text("#message") and in_view(page, "#message")
    square = solution["O"]
    first = min(square, key=lambda n: ("ABCDEF".index(n[0]), n[1]))
    band = 0.55  # the canvas's label band, in cells
    step = board_box["width"] / (6 + band)
    r, c = "ABCDEF".index(first[0]), int(first[1]) - 1
    page.locator("#board").scroll_into_view_if_needed()
    board_box = page.locator("#board").bounding_box()
    at = (board_box["x"] + (band + c + 0.5) * step, board_box["y"] + (band + r + 0.5) * step)
    tap(page, at)  # the first tap shows where it would go
    assert f"Tap {first} again" in page.inner_text("#message")
    assert not [t for t in cells(page) if "piece O " in t]
    screenshot(page, "phone-genius-preview")
    tap(page, at)  # the second places it
    placed = sorted(t.split(":")[0] for t in cells(page) if "piece O " in t)
    assert placed == sorted(square)
    assert in_view(page, "#message")
    screenshot(page, "phone-genius-placed")


def test_new_keeps_the_old_game_one_undo_away_and_a_size_change_starts_a_puzzle(phone, site_url: str) -> None:
    page = open_phone(phone, site_url, "sudoku", GRID4)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("document.querySelector('#message').innerText.includes('checked')", timeout=60_000)
    tap_cell(page, 1, 4)
    tap(page, "#pad button[aria-label='enter 2']")
    page.select_option("#size", "6")  # a new choice starts a puzzle of it
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36", timeout=60_000)
    assert "Undo brings back" in page.inner_text("#message")
    tap(page, "#undo")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    assert values(page) == GRID4[:1] + "2" + GRID4[2:]
    assert "previous game is back" in page.inner_text("#message")


def swipe(page, starts: list[tuple[float, float]], ends: list[tuple[float, float]], steps: int = 8) -> None:
    """Put fingers down at `starts`, move them in steps to `ends`, lift them: touch events through Chromium's
    input pipeline (it makes the pointer events fingers make)."""
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
            {"x": x, "y": y, "id": i, "radiusX": 2, "radiusY": 2, "force": 1} for i, (x, y) in enumerate(points)]})

    touch("touchStart", starts)
    for k in range(1, steps + 1):
        touch("touchMove", [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps)
                            for (x0, y0), (x1, y1) in zip(starts, ends, strict=True)])
    touch("touchEnd", [])
    cdp.detach()


def centre(page, selector: str) -> tuple[float, float]:
    """The middle of an element on the screen."""
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_genius_piece_dragged_by_a_finger_from_the_tray(phone, site_url: str) -> None:
    roll = commands.run(GENIUS, "generate", {"difficulty": 2, "seed": "phone"})
    solution = commands.run(GENIUS, "solve", {"blockers": roll["blockers"]})["solution"]
    page = open_phone(phone, site_url, "genius", "".join(sorted(roll["blockers"])))
    page.locator("#board").scroll_into_view_if_needed()
    page.locator("#tray button[data-piece=O]").scroll_into_view_if_needed()
    assert in_view(page, "#board") and in_view(page, "#tray button[data-piece=O]")
    board_box = page.locator("#board").bounding_box()
    first = min(solution["O"], key=lambda n: ("ABCDEF".index(n[0]), n[1]))
    band = 0.55  # the canvas's label band, in cells
    step = board_box["width"] / (6 + band)
    r, c = "ABCDEF".index(first[0]), int(first[1]) - 1
    target = (board_box["x"] + (band + c + 0.5) * step, board_box["y"] + (band + r + 0.5) * step)
    swipe(page, [centre(page, "#tray button[data-piece=O]")], [target], steps=12)
    page.wait_for_function("[...document.querySelectorAll('#aria-board [role=gridcell]')]"
                           ".some(e => e.textContent.includes('piece O '))")
    assert sorted(t.split(":")[0] for t in cells(page) if "piece O " in t) == sorted(solution["O"])
    screenshot(page, "phone-genius-dragged")


def test_ubongo_view_turns_with_one_finger_and_zooms_with_two(phone, site_url: str) -> None:
    page = open_phone(phone, site_url, "ubongo")
    page.locator("#view").scroll_into_view_if_needed()
    view = lambda: page.get_attribute("#view", "data-view")  # noqa: E731 - the camera's orientation and zoom
    start = view()
    x, y = centre(page, "#view")
    swipe(page, [(x - 60, y)], [(x + 60, y)])  # one finger: the view turns
    turned = view()
    assert turned != start
    swipe(page, [(x - 30, y), (x + 30, y)], [(x - 120, y), (x + 120, y)])  # two fingers apart: it zooms in
    zoomed = view()
    assert zoomed != turned
    assert float(zoomed.split(",")[-1]) > float(turned.split(",")[-1])  # the last number is the zoom
    swipe(page, [(x - 120, y), (x + 120, y)], [(x - 40, y), (x + 40, y)])  # together: it zooms out
    assert float(view().split(",")[-1]) < float(zoomed.split(",")[-1])
    screenshot(page, "phone-cubes-turned")


def test_cubes_piece_placed_by_two_taps(phone, site_url: str) -> None:
    page = open_phone(phone, site_url, "ubongo", "r4-r2-b4_111.011_2")
    tap(page, "#tray button[data-piece=r2]")  # the red two comes standing up: one square, both layers
    page.locator('.ub-cell[data-cube="0,0,0"]').scroll_into_view_if_needed()
    tap(page, '.ub-cell[data-cube="0,0,0"]')
    placed = sorted(t.split(":")[0] for t in cells(page) if ": r2 (" in t)
    assert placed == ["layer 1, row 1, column 1", "layer 2, row 1, column 1"], cells(page)
    assert in_view(page, "#message")


def test_sliding_by_swipe_and_tap(phone, site_url: str) -> None:
    sliding = solver_family("sliding")
    start = {"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 0, 7, 8]}
    page = open_phone(phone, site_url, "sliding", sliding.format(sliding.read(start)))
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.locator("#board").scroll_into_view_if_needed()
    x, y = centre(page, "#board")
    swipe(page, [(x + 60, y)], [(x - 60, y)])  # a swipe to the left: the 7 slides into the blank
    page.wait_for_function("[...document.querySelectorAll('#aria-board [role=gridcell]')]"
                           ".some(e => e.textContent === 'row 3 column 1, tile 7')")
    box = page.locator("#board").bounding_box()
    tap(page, (box["x"] + box["width"] * 5 / 6, box["y"] + box["height"] * 5 / 6))  # the 8 slides home
    page.wait_for_function("document.querySelector('#message').innerText.toLowerCase().includes('solved')")
    assert "row 3 column 3, blank" in cells(page)
    screenshot(page, "phone-sliding-solved")


def on_screen(page, selector: str) -> bool:
    """Whether an element is wholly on the screen."""
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


def test_the_hide_button_says_it_hides_the_timer(phone, site_url: str) -> None:
    """The phone's one-word Hide is named "Hide timer" (its label and title) and sits joined to the time it hides;
    hidden, the time's place stays, marked, and the button says Show."""
    page = open_phone(phone, site_url, "sudoku")
    toggle = page.locator("#timer-toggle")
    assert toggle.inner_text().strip() == "Hide"  # the wide words are hidden on a phone
    assert toggle.get_attribute("aria-label") == toggle.get_attribute("title") == "Hide timer"
    timer, button = page.locator("#timer").bounding_box(), toggle.bounding_box()
    assert abs(timer["x"] + timer["width"] - button["x"]) < 2, (timer, button)  # one pill: no gap between them
    assert abs(timer["y"] + timer["height"] / 2 - button["y"] - button["height"] / 2) < 2, (timer, button)
    tap(page, "#timer-toggle")
    assert toggle.get_attribute("aria-label") == toggle.get_attribute("title") == "Show timer"
    assert page.inner_text("#timer") == "" and page.locator("#timer").bounding_box()["width"] > 30  # "–:––" there
    screenshot(page, "phone-timer-hidden")
    tap(page, "#timer-toggle")


def test_no_empty_gap_above_the_hint_box(phone, site_url: str) -> None:
    """With nothing to say (a move clears the message), the message takes no room between Check/Hint and the
    hint box."""
    page = open_phone(phone, site_url, "sudoku", GRID4)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    tap_cell(page, 1, 4)
    tap(page, "#pad button >> nth=1")  # a move: the message is emptied
    assert page.inner_text("#message") == ""
    tap(page, "#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    actions, box = page.locator(".actions").bounding_box(), page.locator("#hint-box").bounding_box()
    assert page.inner_text("#message") == "" and box["y"] - (actions["y"] + actions["height"]) < 30, (actions, box)
    screenshot(page, "phone-sudoku-hint-no-gap")


NOTES = re.compile(r"empty, notes ([0-9A-G ]+)")


def test_16x16_notes_are_readable_on_a_phone(phone, site_url: str) -> None:
    """A 16x16 cell on a phone is about 23 px: its centre marks are drawn no smaller than 7 px, as many as fit,
    and "+N" says how many more the cell holds (the mirror lists them all)."""
    puzzle = commands.run(solver_family("sudoku"), "generate", {"size": 16, "difficulty": 1, "seed": 1})
    page = open_phone(phone, site_url, "sudoku", puzzle["grid"])
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length === 256")
    page.evaluate("""() => {  // every text the board draws: text, font, canvas point
        const fill = CanvasRenderingContext2D.prototype.fillText;
        window.drawn = [];
        CanvasRenderingContext2D.prototype.fillText = function (text, x, y) {
            if (this.canvas.id === 'board') window.drawn.push([String(text), this.font, x, y]);
            return fill.apply(this, arguments);
        };
    }""")
    page.locator("summary:has-text('Marking options')").click()
    tap(page, "#fill-notes")  # every empty cell gets its candidates
    page.wait_for_function("document.querySelector('#aria-board').textContent.includes('notes')")
    side = page.evaluate("document.querySelector('#board').width") / 16
    ratio = page.evaluate("devicePixelRatio")
    drawn: dict[int, set[str]] = {}
    sizes = []
    for text, font, x, y in page.evaluate("window.drawn"):
        size = float(font.split("px")[0].split()[-1]) / ratio
        if size < 10:  # a mark or "+N" (givens are drawn at 14)
            drawn.setdefault(int(y // side) * 16 + int(x // side), set()).add(text)
            sizes.append(size)
    assert sizes and min(sizes) >= 7 - 1, min(sizes)  # CSS pixels (a font is whole device pixels)
    crowded = 0
    for i, words in enumerate(cells(page)):
        found = NOTES.search(words)
        if found is None:
            continue
        notes = found.group(1).split()
        marks = drawn.get(i, set())
        more = [int(t[1:]) for t in marks if t.startswith("+")]
        assert len(marks) - len(more) + sum(more) == len(notes) and marks - {f"+{n}" for n in more} <= set(notes), (
            i, notes, marks)
        crowded += bool(more)
    assert crowded, "no cell had more notes than fit: the test shows nothing"
    screenshot(page, "phone-sudoku16-notes")


# A visible watch pane's method name shows whole (wrapped, not cut), inside its pane, with the select lying over it.
FITS = """key => {
    const pane = document.querySelector('#pane-' + key);
    if (!pane || pane.offsetParent === null) return true;
    const name = document.querySelector('#name-' + key), choice = document.querySelector('#method-' + key);
    const shown = name.getBoundingClientRect(), box = pane.getBoundingClientRect();
    const over = choice.getBoundingClientRect();
    return shown.width > 0 && name.scrollWidth <= name.clientWidth && name.scrollHeight <= name.clientHeight
        && box.x <= shown.x && shown.x + shown.width <= box.x + box.width + 0.5
        && Math.abs(over.x - shown.x) < 1 && Math.abs(over.width - shown.width) < 1; }"""


def test_watch_method_names_show_whole(phone, site_url: str) -> None:
    """Each pane's method choice shows its method's whole title, wrapped rather than cut (it read "Naive backtracking
    (the stud…"), for every family; the choice itself is the select lying over it."""
    page = open_phone(phone, site_url, "watch")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    for family in ("sudoku", "skyscrapers", "sliding", "genius"):
        if page.input_value("#family") != family:
            page.select_option("#family", family)
        page.wait_for_function("""() => ['a', 'b'].every(k => {
            const s = document.querySelector('#method-' + k);
            return s.selectedOptions.length && document.querySelector('#name-' + k).textContent ===
                s.selectedOptions[0].textContent; })""", timeout=90_000)
        for key in "ab":  # what must hold once the pane is laid out (it may be re-laid as the worker answers)
            page.wait_for_function(FITS, arg=key, timeout=15_000)
        if family == "sudoku":
            screenshot(page, "phone-watch-method-names")


@pytest.mark.parametrize("name", ["sudoku", "watch", "ubongo", "sliding"])
def test_a_label_stays_on_the_line_of_its_choice(phone, site_url: str, name: str) -> None:
    """Where a row of choices wraps, a label goes with its select (the Sudoku page's *Variant* ended a line with
    its select on the next)."""
    page = open_phone(phone, site_url, name)
    apart = page.eval_on_selector_all(".row label[for]", """els => els.filter(e => e.offsetParent).map(e => {
        const a = e.getBoundingClientRect(), b = document.getElementById(e.htmlFor).getBoundingClientRect();
        return [e.textContent, Math.abs((a.top + a.bottom) / 2 - (b.top + b.bottom) / 2), b.left - a.right];
    }).filter(([_, dy, dx]) => dy > 8 || dx < 0)""")
    assert apart == [], apart


@pytest.mark.parametrize("name", ["sudoku", "skyscrapers"])
def test_a_hint_keeps_the_board_and_its_buttons_on_screen(phone, site_url: str, name: str) -> None:
    """Check and Hint on the first screen with the board; a hint's stages, drawn on the board, and its Apply
    button on screen together."""
    page = open_phone(phone, site_url, name)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    assert on_screen(page, "#board") and on_screen(page, "#check") and on_screen(page, "#hint")
    tap(page, "#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    while page.is_visible("#hint-more"):
        tap(page, "#hint-more")
    settle(page, "#board", "#hint-apply")
    assert on_screen(page, "#board") and on_screen(page, "#hint-apply"), page.locator("#hint-box").bounding_box()
    screenshot(page, f"phone-{name}-hint-and-board")


@pytest.mark.parametrize("name, board", [("genius", "#board"), ("ubongo", "#layers")])
def test_piece_pages_keep_the_board_and_the_hint_on_screen(phone, site_url: str, name: str, board: str) -> None:
    """Genius Square and Cubes 3D: after Hint, the board (the layer grids) and the hint's buttons are on screen
    together, and the message sits by Check and Hint instead of covering the rows below."""
    page = open_phone(phone, site_url, name)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    tap(page, "#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    settle(page, board, "#hint-close", "#message")
    assert on_screen(page, board) and on_screen(page, "#hint-close") and on_screen(page, "#check")
    message, hint = page.locator("#message").bounding_box(), page.locator("#hint").bounding_box()
    assert 0 < message["y"] - hint["y"] < 120  # right under the Check/Hint row
    screenshot(page, f"phone-{name}-hint-and-board")
