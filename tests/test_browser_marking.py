"""Marking like SudokuPad on the grid pages: several cells selected (keyboard, Ctrl+click, a drag), centre and
corner marks and colours entered in all of them as one undoable move, kept in a progress link and on reload;
the options (removing a placed digit from the notes, filling in candidates, when conflicts show)."""

from __future__ import annotations

import pytest
from browser_helpers import cells, click_cell, open_page, share_links, values
from conftest import screenshot

from solvers import commands
from solvers import family as solver_family
from solvers.rules import latin

pytestmark = pytest.mark.browser
GRID4 = "1..4.4.2..4.4..1"  # one solution: 1234341221434321
SKY = solver_family("skyscrapers")


def cell_text(page, index: int) -> str:
    """The mirror's words for one cell."""
    return cells(page)[index]


def selected(page) -> list[int]:
    """The indices of the selected cells, from the mirror."""
    return page.eval_on_selector_all("#aria-board [role=gridcell]",
                                     "els => els.flatMap((e, i) => e.ariaSelected == 'true' ? [i] : [])")


def drag(page, start: int, end: int, n: int) -> None:
    """Press on one cell and move the mouse to another before letting go."""
    box = page.locator("#board").bounding_box()
    step = box["width"] / n
    points = [(box["x"] + (i % n + 0.5) * step, box["y"] + (i // n + 0.5) * step) for i in (start, end)]
    page.mouse.move(*points[0])
    page.mouse.down()
    page.mouse.move(*points[1], steps=6)
    page.mouse.up()


def test_marks_over_several_cells_undo_link_and_reload(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "sudoku", GRID4, min_cells=16)
    page.evaluate("localStorage.removeItem('tessera-marking')")
    click_cell(page, 1)
    page.keyboard.press("Shift+ArrowRight")  # r1c2 and r1c3
    assert selected(page) == [1, 2]
    page.click("#corner")
    page.keyboard.press("2")
    page.keyboard.press("3")
    assert all("corner 2 3" in cell_text(page, i) for i in (1, 2))
    page.click("#colour")
    assert page.locator("#pad button.swatch").count() == latin.COLOURS
    page.click("#pad button[aria-label='colour 4, yellow']")
    assert all("colour yellow" in cell_text(page, i) for i in (1, 2))
    page.keyboard.press("Control+z")  # one move for both cells
    assert not any("colour" in cell_text(page, i) for i in (1, 2))
    assert "corner 2 3" in cell_text(page, 2)
    page.keyboard.press("Control+y")
    click_cell(page, 4)  # Ctrl+click adds r2c1 and r3c1 to r2c1
    page.keyboard.down("Control")
    click_cell(page, 8)
    click_cell(page, 9)
    click_cell(page, 9)  # a second Ctrl+click takes it out again
    page.keyboard.up("Control")
    assert selected(page) == [4, 8]
    page.click("#pencil")  # centre marks: the notes the hints read
    page.keyboard.press("2")
    assert all("notes 2" in cell_text(page, i) for i in (4, 8))
    page.keyboard.press("2")  # in every selected cell already: it goes from all
    assert not any("notes" in cell_text(page, i) for i in (4, 8))
    page.keyboard.press("3")
    drag(page, 12, 14, 4)  # a drag selects r4c1..r4c3 (r4c1 is a given)
    assert selected(page) == [12, 13, 14]
    page.keyboard.press(" ")  # Space: the next mode, Corner
    assert page.get_attribute("#corner", "aria-pressed") == "true"
    page.keyboard.press("4")
    assert "corner 4" in cell_text(page, 13) and "corner" not in cell_text(page, 12)
    screenshot(page, "sudoku-marking")
    _, link = share_links(page)
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    page.wait_for_function("document.querySelector('#aria-board').textContent.includes('colour yellow')")
    restored = cells(page)
    assert all("corner 2 3" in restored[i] and "colour yellow" in restored[i] for i in (1, 2))
    assert all("notes 3" in restored[i] for i in (4, 8)) and "corner 4" in restored[13]
    page.reload()  # saved: the same marks come back
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    page.wait_for_function("document.querySelector('#aria-board').textContent.includes('corner 4')")
    assert cells(page) == restored


def test_options_remove_notes_fill_candidates_and_conflicts(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "sudoku", GRID4, min_cells=16)
    page.evaluate("localStorage.removeItem('tessera-marking')")
    page.click("#marking summary")
    page.click("#fill-notes")
    peers = latin.peers(4, (2, 2))
    grid = [latin.value_of(ch, 4) for ch in GRID4]
    for i, text in enumerate(cells(page)):
        if not grid[i]:
            mask = latin.cell_candidates(grid, peers, 4, i)
            assert "notes " + " ".join(latin.mask_text(mask)) in text, (i, text)
    click_cell(page, 1)
    page.keyboard.press("2")  # the placed 2 leaves the notes of r3c2 (a peer: notes 1 2 3)
    assert values(page)[1] == "2" and cell_text(page, 9).endswith("notes 1 3")
    page.keyboard.press("Control+z")
    page.uncheck("#auto-remove")
    click_cell(page, 1)  # the focus back on the board
    page.keyboard.press("2")  # now the notes keep their 2
    assert values(page)[1] == "2" and cell_text(page, 9).endswith("notes 1 2 3")
    click_cell(page, 2)
    page.keyboard.press("2")  # a second 2 in row 1: a conflict
    assert "conflict" in cell_text(page, 2)
    page.select_option("#conflicts", "check")
    assert "conflict" not in cell_text(page, 2)
    page.click("#check")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]')[2].textContent"
                           ".includes('conflict') || document.querySelectorAll('#aria-board [role=gridcell]')[2]"
                           ".textContent.includes('wrong')")
    page.select_option("#conflicts", "never")
    assert "conflict" not in cell_text(page, 2)
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 16")
    assert page.input_value("#conflicts") == "never" and not page.is_checked("#auto-remove")
    page.click("#marking summary")
    page.select_option("#conflicts", "entry")
    page.check("#auto-remove")


def test_skyscrapers_cells_take_corner_marks_and_colours(watch, site_url: str) -> None:
    puzzle = commands.run(SKY, "generate", {"seed": 5, "size": 4})
    page = open_page(watch, site_url, "skyscrapers", SKY.format(SKY.read(puzzle)), min_cells=16)
    empty = values(page).index(".")
    click_cell(page, empty, ring=1)
    page.click("#corner")
    page.keyboard.press("3")
    page.click("#colour")
    page.keyboard.press("2")
    assert "corner 3" in cell_text(page, empty) and "colour sky blue" in cell_text(page, empty)
    page.click("#digit")
