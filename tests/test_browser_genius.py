"""The Genius Square page in Chromium: pieces by mouse, drag and keys, hints, solve, links, reload.

Also checks, in CPython, the page's rules module (solvers/rules/genius.py, shipped to the page
as `rules.genius`) against solvers/genius.py.
"""

from __future__ import annotations

import re

import pytest
from browser_helpers import ask_hint, cells, open_page, share_links, take_back_by_hint, wait_message
from conftest import screenshot
from hypothesis import given, settings
from hypothesis import strategies as st

import solvers
from solvers import commands, genius
from solvers.rules import genius as gm  # the page imports this very module

GENIUS = solvers.family("genius")
BAND = 0.55  # label band of the page's canvas, in cells
MIRROR = re.compile(r"^([A-F][1-6]): (peg|empty|piece (\S+) \()")
UNSOLVABLE = "A2B1B2C6E2E6F5"  # A1 and F6 are both cut off and there is only one single


# ----- helpers ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def roll() -> dict:
    """A graded roll from the solver, with one of its solutions."""
    r = commands.run(GENIUS, "generate", {"difficulty": 2, "seed": "browser-test"})
    r["solution"] = commands.run(GENIUS, "solve", {"blockers": r["blockers"]})["solution"]
    r["link"] = "".join(sorted(r["blockers"]))
    return r


def board(page) -> dict[str, str]:
    """Cell name -> "peg", "empty" or the piece id, read from the accessible mirror."""
    out = {}
    for text in cells(page):
        m = MIRROR.match(text)
        assert m, text
        out[m.group(1)] = m.group(3) or m.group(2)
    return out


def pieces(page) -> dict[str, list[str]]:
    """Placed piece id -> its cells, from the mirror."""
    out: dict[str, list[str]] = {}
    for name, what in board(page).items():
        if what not in ("peg", "empty"):
            out.setdefault(what, []).append(name)
    return out


def preview(page) -> list[str]:
    """The cells the ghost of the piece in hand covers, from the mirror."""
    return [t.split(":")[0] for t in cells(page) if "preview of" in t]


def point(page, name: str) -> tuple[float, float]:
    """Page coordinates of the middle of a board cell."""
    box = page.locator("#board").bounding_box()
    step = box["width"] / (6 + BAND)
    r, c = "ABCDEF".index(name[0]), int(name[1]) - 1
    return box["x"] + (BAND + c + 0.5) * step, box["y"] + (BAND + r + 0.5) * step


def click_cell(page, name: str) -> None:
    """Click a board cell."""
    page.mouse.click(*point(page, name))


def roll_dice(page) -> None:
    """Press Roll and wait until the new roll is loaded and counted (the first page's message may already name
    dice, and the count's line can move the tray)."""
    page.click("#roll")
    info = "document.querySelector('#difficulty-info').innerText"
    page.wait_for_function(f"{info}.startsWith('Roll') && {info}.includes('solution')"
                           " && document.querySelector('#dice').className == 'gs-dice'", timeout=90_000)
    wait_message(page, "the dice show")


def top_left(cells_: list[str]) -> str:
    """The first cell of a piece in board order (where a square or a single is held)."""
    return min(cells_, key=lambda n: ("ABCDEF".index(n[0]), n[1]))


def assert_valid_cover(blockers: list[str], placed: dict[str, list[str]]) -> None:
    """Independent check: nine pieces in their own shapes cover exactly the 29 free cells."""
    assert sorted(placed) == sorted(p.id for p in genius.PIECES)
    covered = [c for cs in placed.values() for c in cs]
    assert len(covered) == len(set(covered)) == 29
    assert not set(covered) & set(blockers)
    for pid, cs in placed.items():
        shape = genius.normalise(divmod(genius.parse_cell(c), 6) for c in cs)
        assert shape in genius.orientations(genius.PIECE_BY_ID[pid].cells), (pid, cs)


def solvable(blockers: list[str], placed: dict[str, list[str]]) -> bool:
    """Whether the placed pieces are part of some solution (solver answer re-checked)."""
    try:
        ans = commands.run(GENIUS, "solve", {"blockers": blockers, "state": placed})
    except solvers.PuzzleError:
        return False
    assert_valid_cover(blockers, ans["solution"])
    return all(sorted(ans["solution"][p]) == sorted(cs) for p, cs in placed.items())


def last_stage(page) -> str:
    """Reveal the open hint's stages (where, what, why) until Apply shows; return that stage's title."""
    for _ in range(4):
        if page.is_visible("#hint-apply"):
            return page.inner_text("#hint-title")
        page.click("#hint-more")
    raise AssertionError("the hint never offers Apply")


def hints_to_the_end(page, rounds: int, still_right) -> None:
    """Ask for hints and apply each at its last stage until the page says it is solved; re-check after each."""
    for _ in range(rounds):
        if "solved in" in page.inner_text("#message").lower():
            break
        ask_hint(page)
        last_stage(page)
        page.click("#hint-apply")
        assert still_right()
    assert "solved in" in page.inner_text("#message").lower()


# ----- the page's tables and links (CPython, no browser) ------------------------------------


def test_page_tables_match_the_solver() -> None:
    assert [(p.id, p.name, p.colour, p.cells) for p in genius.PIECES] == list(gm.PIECES)
    assert tuple(gm.DICE) == genius.DICE
    assert [len(gm.orientations(s)) for s in gm.SHAPE.values()] == [1, 2, 2, 4, 2, 1, 4, 4, 8]
    for pid, shape in gm.SHAPE.items():
        assert sorted(gm.orientations(shape)) == sorted(genius.orientations(genius.PIECE_BY_ID[pid].cells))


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=12))
def test_seeded_rolls_are_real_throws(seed: str) -> None:
    faces = gm.roll(seed)
    assert faces == gm.roll(seed)
    assert all(f in die for f, die in zip(faces, gm.DICE, strict=True))
    cells_ = [gm.parse_cell(f) for f in faces]
    assert gm.dice_for(cells_) == faces
    assert genius.count_solutions(tuple(sorted(cells_)), limit=1) == 1


@pytest.mark.parametrize("seed", ["k3x9qa", "0p2m7z", "daily-2026-11-23", "browser-test"])
def test_a_page_roll_is_the_solvers_roll_of_its_seed_and_grade(seed: str) -> None:
    faces = gm.roll(seed)  # what Roll and Daily show for this seed, made on the page
    blockers = tuple(sorted(gm.parse_cell(f) for f in faces))
    grade = genius.grade_of(genius.count_solutions(blockers))
    made = commands.run(GENIUS, "generate", {"seed": seed, "difficulty": grade})
    assert made["blockers"] == [gm.cell_name(c) for c in blockers] and made["dice"] == faces


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2), st.integers(0, 10**6), st.data())
def test_links_round_trip(grade: int, seed: int, data: st.DataObject) -> None:
    r = commands.run(GENIUS, "generate", {"difficulty": grade + 1, "seed": seed})
    sol = commands.run(GENIUS, "solve", {"blockers": r["blockers"]})["solution"]
    keep = data.draw(st.lists(st.sampled_from(sorted(sol)), unique=True))
    placed = {p: tuple(sorted(gm.parse_cell(c) for c in sol[p])) for p in keep}
    blockers = tuple(sorted(gm.parse_cell(c) for c in r["blockers"]))
    text = gm.format_link(blockers, placed)  # the older link form, which the page still opens
    assert gm.parse_link(text) == (blockers, placed)
    assert gm.parse_link(text.lower()) == (blockers, placed)
    for pid, cells_ in placed.items():  # the moves of the links the page makes now
        assert gm.parse_move(gm.format_move(pid, cells_)) == (pid, cells_)
        assert gm.parse_move(gm.format_move(pid)) == (pid, None)


def test_fit_keeps_pieces_on_the_board() -> None:
    for pid, shape in gm.SHAPE.items():
        for orient in gm.orientations(shape):
            for anchor in orient:
                for i in range(36):
                    placed = gm.fit(orient, anchor, *divmod(i, 6))
                    assert gm.fits_piece(pid, placed)
                    assert all(0 <= c < 36 for c in placed)


# ----- the page in Chromium -------------------------------------------------------------------------


@pytest.mark.browser
def test_loads_offline_with_pegs_and_difficulty(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "genius", ready=False)
    found = board(page)
    assert len(found) == 36 and list(found.values()).count("peg") == 7
    assert page.locator("#tray button").count() == 9
    screenshot(page, "genius-start")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("document.querySelector('#difficulty-info').innerText.includes('solution')",
                           timeout=60_000)
    m = re.search(r"([\d,]+) solutions? · (\w+)", page.inner_text("#difficulty-info"))
    assert m, page.inner_text("#difficulty-info")
    blockers = tuple(sorted(genius.parse_cell(c) for c, w in found.items() if w == "peg"))
    assert int(m.group(1).replace(",", "")) == genius.count_solutions(blockers)
    assert page.locator("#difficulty option").count() == 4


@pytest.mark.browser
def test_roll_the_dice_gives_seven_pegs_from_the_dice(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "genius", ready=False)
    before = board(page)
    page.evaluate("""() => { window.diceClasses = [];
        new MutationObserver(() => window.diceClasses.push(document.querySelector('#dice').className))
            .observe(document.querySelector('#dice'), {attributes: true}); }""")
    roll_dice(page)
    assert "gs-dice rolling" in page.evaluate("window.diceClasses")  # the dice tumble
    after = board(page)
    pegs = [c for c, w in after.items() if w == "peg"]
    assert len(pegs) == 7 and pegs != [c for c, w in before.items() if w == "peg"]
    assert gm.dice_for([gm.parse_cell(c) for c in pegs]) is not None  # one face of each die
    faces = page.eval_on_selector_all("#dice .gs-die", "els => els.map(e => e.textContent)")
    assert sorted(faces) == sorted(pegs)
    info = "document.querySelector('#difficulty-info').innerText"
    page.click("#daily")
    page.wait_for_function(f"{info}.includes('Daily')")
    daily = board(page)
    page.click("#roll")
    page.wait_for_function(f"{info}.startsWith('Roll')")
    page.click("#daily")
    page.wait_for_function(f"{info}.includes('Daily')")
    assert board(page) == daily  # the same roll for everyone today
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("window.diceClasses = []")
    page.click("#roll")
    page.wait_for_function(f"{info}.startsWith('Roll')")
    assert "gs-dice rolling" not in page.evaluate("window.diceClasses")  # no tumbling


@pytest.mark.browser
def test_place_with_mouse_and_drag_then_take_back(watch, site_url: str, roll: dict) -> None:
    page = open_page(watch, site_url, "genius", roll["link"], ready=False)
    square = roll["solution"]["O"]
    page.click("#tray button[data-piece=O]")
    click_cell(page, top_left(square))
    assert sorted(pieces(page)["O"]) == sorted(square)
    assert "placed on" in page.inner_text("#piece-list li[data-piece=O]")
    # drag the single from the tray onto its cell
    single = roll["solution"]["1"][0]
    page.locator("#tray button[data-piece='1']").hover()
    page.mouse.down()
    page.mouse.move(*point(page, single), steps=6)
    page.mouse.up()
    assert pieces(page)["1"] == [single]
    screenshot(page, "genius-placed")
    # a click on a placed piece takes it back into the hand; Escape returns it to the tray
    click_cell(page, square[0])
    assert "O" not in pieces(page)
    assert "in hand" in page.inner_text("#piece-list li[data-piece=O]")
    page.keyboard.press("Escape")
    assert "in the tray" in page.inner_text("#piece-list li[data-piece=O]")
    # overlaps are refused with a reason (the square taken from the tray by the keyboard: held by its middle)
    page.focus("#tray button[data-piece=O]")
    page.keyboard.press("Enter")
    pegs = {gm.parse_cell(c) for c in roll["blockers"]}
    shape = gm.SHAPE["O"]
    spot = next(i for i in range(36) if i not in pegs | {gm.parse_cell(single)}
                and set(gm.fit(shape, gm.centre_cell(shape), *divmod(i, 6))) & pegs)
    click_cell(page, gm.cell_name(spot))
    assert "O" not in pieces(page)
    assert "does not fit" in page.inner_text("#message") and "peg" in page.inner_text("#message")
    click_cell(page, single)  # a click on a placed piece that the ghost does not fit picks that piece up
    assert "1" not in pieces(page) and "in hand" in page.inner_text("#piece-list li[data-piece='1']")
    page.click("#undo")  # undo both take-backs: the single, then the square are on the board again
    assert pieces(page)["1"] == [single] and "O" not in pieces(page)
    page.click("#undo")
    assert sorted(pieces(page)["O"]) == sorted(square)
    page.click("#redo")
    assert "O" not in pieces(page)


@pytest.mark.browser
def test_rotate_changes_the_ghost_and_the_placement(watch, site_url: str) -> None:
    link = "A1A6B2C6D3E1E6"
    page = open_page(watch, site_url, "genius", link, ready=False)
    page.click("#tray button[data-piece=I4]")
    page.mouse.move(*point(page, "C4"))
    flat = preview(page)
    assert len(flat) == 4 and len({c[0] for c in flat}) == 1  # one row
    page.keyboard.press("r")
    page.mouse.move(*point(page, "C5"))
    page.mouse.move(*point(page, "C4"))
    upright = preview(page)
    assert len(upright) == 4 and len({c[1] for c in upright}) == 1  # one column
    screenshot(page, "genius-ghost")
    click_cell(page, "C4")
    assert sorted(pieces(page)["I4"]) == sorted(upright)
    # keyboard: take the L (key 9), turn it with the button, flip it, move and place with Enter
    page.keyboard.press("9")
    page.click("#rotate")
    page.click("#flip")
    page.locator("#board").focus()
    for _ in range(36):  # walk the cursor until the ghost fits
        page.keyboard.press("ArrowRight" if _ % 6 else "ArrowDown")
        if not any("does not fit" in t for t in cells(page)):
            break
    ghost = preview(page)
    assert len(ghost) == 4
    page.keyboard.press("Enter")
    placed = pieces(page)
    assert sorted(placed["L4"]) == sorted(ghost)
    assert gm.fits_piece("L4", [gm.parse_cell(c) for c in placed["L4"]])
    page.click("#tray button[data-piece=T]")
    page.click("#theme")
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    page.mouse.move(*point(page, "E3"))
    screenshot(page, "genius-dark")


@pytest.mark.browser
def test_hints_apply_pieces_of_a_solution_to_the_end(watch, site_url: str, roll: dict) -> None:
    page = open_page(watch, site_url, "genius", roll["link"])
    assert ask_hint(page) == "Look here"  # where first, then what and why
    hinted = [t.split(":")[0] for t in cells(page) if t.endswith(", hint")]
    assert hinted and page.inner_text("#hint-reason").strip()
    title = last_stage(page)
    assert page.inner_text("#hint-reason").strip()
    screenshot(page, "genius-hint")
    page.click("#hint-apply")
    placed = pieces(page)
    assert len(placed) == 1 and f"({next(iter(placed))})" in title
    assert solvable(roll["blockers"], placed)
    hints_to_the_end(page, 12, lambda: solvable(roll["blockers"], pieces(page)))
    assert_valid_cover(roll["blockers"], pieces(page))
    screenshot(page, "genius-solved")


@pytest.mark.browser
def test_take_back_hint_then_solve_and_undo(watch, site_url: str, roll: dict) -> None:
    # the single on a cell where no solution has it
    page = open_page(watch, site_url, "genius", roll["link"])
    blockers = tuple(sorted(genius.parse_cell(c) for c in roll["blockers"]))
    bad = next(pl for i, pl in enumerate(genius.placements()) if pl.piece == "1" and not set(pl.cells) & set(blockers)
               and not genius.count_solutions(blockers, [i], limit=1))
    page.click("#tray button[data-piece='1']")
    click_cell(page, [genius.cell_name(c) for c in bad.cells][0])
    assert pieces(page) == {"1": [genius.cell_name(c) for c in bad.cells]}
    take_back_by_hint(page)
    assert pieces(page) == {}
    # Solve fills the board in; one undo empties it again
    page.click("#solve")
    wait_message(page, "solved by tessera")
    assert_valid_cover(roll["blockers"], pieces(page))
    assert "empty" not in board(page).values()
    page.click("#undo")
    assert pieces(page) == {}
    assert list(board(page).values()).count("empty") == 29


@pytest.mark.browser
def test_share_link_reopens_roll_and_pieces(watch, site_url: str, roll: dict, context) -> None:
    page = open_page(watch, site_url, "genius", ready=False)
    roll_dice(page)
    pegs = sorted(c for c, w in board(page).items() if w == "peg")
    sol = commands.run(GENIUS, "solve", {"blockers": pegs})["solution"]
    page.click("#tray button[data-piece=O]")
    click_cell(page, top_left(sol["O"]))
    plain, link = share_links(page)
    assert "~O:" in link and "~" not in plain
    visitor = context.browser.new_context(service_workers="block")  # a second visitor
    other = visitor.new_page()
    other.goto(link)
    other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36")
    assert sorted(c for c, w in board(other).items() if w == "peg") == pegs
    assert sorted(pieces(other)["O"]) == sorted(sol["O"])
    other.click("#undo")  # the link's moves are one step: undo goes back to the bare roll
    assert pieces(other) == {}
    older = gm.format_link([gm.parse_cell(c) for c in pegs], {p: [gm.parse_cell(c) for c in sol[p]] for p in "OT"})
    other.goto(plain.split("#")[0] + "#" + older)  # the older link form (every piece, comma-separated)
    other.wait_for_function("[...document.querySelectorAll('#aria-board [role=gridcell]')]"
                            ".some(e => e.textContent.includes('piece T'))")
    assert {p: sorted(v) for p, v in pieces(other).items()} == {p: sorted(sol[p]) for p in "OT"}
    other.goto(plain)
    other.reload()
    other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36")
    assert sorted(c for c, w in board(other).items() if w == "peg") == pegs
    visitor.close()


@pytest.mark.browser
def test_reload_keeps_progress(watch, site_url: str, roll: dict) -> None:
    page = open_page(watch, site_url, "genius", roll["link"], ready=False)
    page.click("#tray button[data-piece=O]")
    click_cell(page, top_left(roll["solution"]["O"]))
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36")
    assert sorted(pieces(page)["O"]) == sorted(roll["solution"]["O"])
    assert sorted(c for c, w in board(page).items() if w == "peg") == sorted(roll["blockers"])
    assert "Welcome back" in page.inner_text("#message")


@pytest.mark.browser
def test_bad_links_show_a_message_and_a_fresh_roll(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "genius", "A1A1B3D3D5F1F2", ready=False)
    assert "not a valid roll" in page.inner_text("#message")
    assert list(board(page).values()).count("peg") == 7
    screenshot(page, "genius-bad-link")
    page.goto(f"{site_url}/genius.html#A1A4B3D3D5F1F2~O:A2A3B2B4")  # the page follows a new fragment
    assert "not a valid roll" in wait_message(page, "square")
    page.goto(f"{site_url}/genius.html#{UNSOLVABLE}")
    wait_message(page, "cannot be played", timeout=90_000)
    assert sorted(c for c, w in board(page).items() if w == "peg") != sorted(
        UNSOLVABLE[i:i + 2] for i in range(0, 14, 2))


def test_a_piece_is_held_by_the_square_pressed_in_the_tray(watch, site_url: str, roll: dict) -> None:
    """Pressing the straight four's first square in the tray, then clicking a cell, puts that first square there
    (not the piece's middle): the four lands on the clicked cell and the three to its right."""
    page = open_page(watch, site_url, "genius", roll["link"], ready=False)
    pegs = {gm.parse_cell(c) for c in roll["blockers"]}
    start = next(r * 6 + c for r in range(6) for c in range(3) if not {r * 6 + c + k for k in range(4)} & pegs)
    pic = page.locator("#tray button[data-piece=I4] canvas").bounding_box()
    scale = pic["width"] / (12 * 5)  # the picture: 5 squares of 12 px, the piece drawn in its middle
    page.mouse.click(pic["x"] + (6 + 6) * scale, pic["y"] + pic["height"] / 2)  # the middle of its first square
    click_cell(page, gm.cell_name(start))
    assert sorted(pieces(page)["I4"]) == sorted(gm.cell_name(start + k) for k in range(4))
