"""Open a puzzle from another app's link or text, and export one, in Chromium (the "Open or export" box)."""

from __future__ import annotations

import pytest
from browser_helpers import open_page, values, wait_message
from conftest import screenshot
from test_import import fpuzzles
from test_skyscrapers_ladder import TATHAM

import solvers
from solvers import commands, formats

pytestmark = pytest.mark.browser
GRID = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def paste(page, text: str) -> None:
    """Open the box, paste, press Open."""
    if page.locator("#open-box").get_attribute("open") is None:
        page.click("#open-box summary")
    page.fill("#open-text", text)
    page.click("#open-load")


def test_sudokuwiki_link_opens_and_exports_as_solo_id(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "sudoku")
    paste(page, "https://www.sudokuwiki.org/sudoku.htm?bd=" + GRID)
    wait_message(page, "exactly one solution")
    assert values(page) == GRID.replace("0", ".")
    page.click("#export")
    page.wait_for_selector("#export-list input")
    texts = page.eval_on_selector_all("#export-list input", "e => e.map(x => x.value)")
    want = commands.run(solvers.family("sudoku"), "export", {"grid": GRID})["formats"]
    assert texts == [f["text"] for f in want] and any(t.startswith("3x3:") for t in texts)
    assert GRID in texts  # the 81-character string
    page.locator("#export-list").scroll_into_view_if_needed()
    screenshot(page, "open-export")


@pytest.mark.parametrize("prefix", ["https://www.f-puzzles.com/?load=", "https://sudokupad.app/fpuzzles"])
def test_fpuzzles_and_sudokupad_links_open(watch, site_url: str, prefix: str) -> None:
    page = open_page(watch, site_url, "sudoku")
    paste(page, prefix + formats.lz_base64(fpuzzles(GRID)) + "&settings=1")  # lz-string's own (test_sudoku_variants)
    wait_message(page, "exactly one solution")
    assert values(page) == GRID.replace("0", ".")
    for extra, why in (({"diagonal+": True}, "one diagonal"), ({"clone": [{"cells": ["R1C1"], "cloneCells": ["R2C2"]}]},
                                                                "does not play")):
        paste(page, prefix + formats.lz_base64(fpuzzles(GRID, **extra)))
        wait_message(page, why)
        assert values(page) == GRID.replace("0", ".")  # the game as it was


def test_a_towers_id_pasted_on_the_sudoku_page_opens_skyscrapers(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "sudoku")
    paste(page, TATHAM[0])
    page.wait_for_url("**/skyscrapers.html**", timeout=60_000)
    page.wait_for_function("document.body.dataset.worker == 'ready'", timeout=90_000)
    wait_message(page, "exactly one solution")
    puzzle = solvers.family("skyscrapers").imported(TATHAM[0])
    assert values(page).count(".") == puzzle.n * puzzle.n - len(puzzle.givens)
    page.click("#open-box summary")
    page.click("#export")
    page.wait_for_selector("#export-list input")
    assert TATHAM[0] in page.eval_on_selector_all("#export-list input", "e => e.map(x => x.value)")


def test_unreadable_text_says_so(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "sliding")
    paste(page, "3x3:1,2,3,4,5,6,8,7,0")  # Fifteen's ID of a position no sequence of slides solves
    text = wait_message(page, "cannot be played")
    assert "solv" in text.lower()
    paste(page, "no puzzle at all")
    wait_message(page, "cannot read")
    paste(page, "3x3:1,2,3,4,5,6,7,0,8")
    wait_message(page, "Opened")
    assert page.locator("#message").get_attribute("class").find("error") < 0


@pytest.mark.parametrize(("text", "words"), [
    ("hello world garbage", "none of the texts Tessera reads (a Sudoku grid of 81 digits"),
    ("3x3kdi#123456789", "a Tatham random seed"),
    ("sudoku.html#garbage-link-xyz", "that link is not a puzzle link"),
])
def test_open_says_what_it_reads_not_a_guessed_size(watch, site_url: str, text: str, words: str) -> None:
    page = open_page(watch, site_url, "sudoku")
    before = values(page)
    paste(page, text)
    said = wait_message(page, words)
    assert "this one has" not in said and "too large" not in said and "4x4" not in said, said
    assert values(page) == before  # the game as it was


def test_a_link_without_a_puzzle_names_the_character_not_a_size(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "sudoku", "garbage-link-xyz")
    said = wait_message(page, "unexpected character 'r'")
    assert "too large" not in said and "4x4" not in said, said


def test_a_shared_puzzles_title_author_and_rules_show_as_plain_text_and_stay(watch, site_url: str) -> None:
    """A SudokuPad link's own title, author and rules stand under the board, as text (never HTML), through a
    reload; a new puzzle has none."""
    page = open_page(watch, site_url, "sudoku")
    assert page.is_hidden("#setter")
    rules = "Normal sudoku rules apply.\n<img src=x onerror=alert(1)> Have fun!"
    paste(page, "https://sudokupad.app/fpuzzles" + formats.lz_base64(fpuzzles(GRID, title="Opening night",
                                                                               author="Ann", ruleset=rules)))
    wait_message(page, "exactly one solution")
    for _ in range(2):
        assert page.is_visible("#setter")
        assert page.inner_text("#setter-title") == "“Opening night” by Ann"
        assert page.inner_text("#setter-rules") == rules and page.locator("#setter img").count() == 0
        screenshot(page, "open-setter")
        page.reload()
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
        wait_message(page, "welcome back")
    page.click("#new")
    page.wait_for_function("document.querySelector('#setter').hidden", timeout=60_000)
