"""Explained hints on the Sudoku and Skyscrapers pages, in Chromium.

Stages (where → what → why → apply), the candidates a step rests on and those it removes drawn
in two colours on the pencil marks (read back from the accessible mirror and the canvas pixels),
a chain's links, a forcing net's implications as lines, clue bounds, notes to repair, Escape,
the solving path and the grade line; a hard puzzle walked by hints with every step checked
against the solution. Positions are reached by links with moves computed here by the same
commands the worker runs.
"""

from __future__ import annotations

import pytest
from browser_helpers import cells, click_cell, open_page, values, wait_message
from conftest import screenshot

import solvers
from solvers import commands
from solvers.rules import latin

pytestmark = pytest.mark.browser
SUDOKU = solvers.family("sudoku")
SKY = solvers.family("skyscrapers")
SINGLES = ("Hidden single", "Naked single", "Full house")


HARD = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."  # top95 no. 11


def moves_before(grid: str, technique: str, limit: int = 400) -> tuple[list[str], dict]:
    """The hint moves that lead (in CPython, as the page plays them) to the first hint of `technique`."""
    n = 9
    peers = latin.peers(n, (3, 3))
    vals, notes = tuple(latin.read_values(grid, n)), tuple([0] * n * n)
    moves: list[str] = []
    for _ in range(limit):
        obj: dict = {"grid": grid, "state": latin.values_text(list(vals))}
        if any(notes):
            obj["pencil"] = [latin.mask_text(m) for m in notes]
        hint = commands.run(SUDOKU, "hint", obj)
        if hint["technique"] == technique:
            return moves, hint
        assert hint["technique"] != "Solved", f"no {technique} on the way"
        moves.append(hint["stages"]["move"])
        vals, notes = latin.apply_move(list(vals), list(notes), moves[-1], n, peers)
    raise AssertionError(f"no {technique} within {limit} hints")


def stage_through(page) -> list[str]:
    """Press Hint, then Show more until the last stage; the titles seen."""
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    titles = [page.inner_text("#hint-title")]
    while page.is_visible("#hint-more"):
        page.click("#hint-more")
        titles.append(page.inner_text("#hint-title"))
    return titles


def colour_pixels(page, var: str) -> int:
    """How many canvas pixels are (nearly) the theme colour `var`."""
    return page.evaluate("""v => {
        const hex = getComputedStyle(document.documentElement).getPropertyValue(v).trim();
        const want = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16));
        const c = document.querySelector('#board');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let k = 0;
        for (let i = 0; i < d.length; i += 4) {
            if (Math.abs(d[i] - want[0]) + Math.abs(d[i + 1] - want[1]) + Math.abs(d[i + 2] - want[2]) < 24) k++;
        }
        return k;
    }""", var)


def sudoku_at(watch, site_url: str, grid: str, moves: list[str]):
    """The Sudoku page at a position (a shared link with moves), checked unique by the worker."""
    page = open_page(watch, site_url, "sudoku", grid + ("~" + ";".join(moves) if moves else ""))
    wait_message(page, "exactly one solution")
    return page


def test_a_chain_is_drawn_with_causes_removals_and_links(watch, site_url: str) -> None:
    grid = HARD
    moves, hint = moves_before(grid, "Empty rectangle")
    assert hint.get("chain") and hint["removes"]
    page = sudoku_at(watch, site_url, grid, moves)
    assert colour_pixels(page, "--link") == 0
    titles = stage_through(page)
    assert titles[0] == "Look here" and titles[1] == "Empty rectangle" and titles[-1].startswith("Why")
    assert len(titles) == 3
    mirror = cells(page)
    r, c, v = hint["removes"][0]
    assert f"removes {v}" in mirror[r * 9 + c]
    for r, c, v in hint["causes"]:
        assert f" {v}" in mirror[r * 9 + c].split("rests on")[-1] or "other colour" in mirror[r * 9 + c]
    assert colour_pixels(page, "--link") > 50  # the chain's links
    assert colour_pixels(page, "--cause-bg") > 50 and colour_pixels(page, "--wrong-bg") > 10
    assert page.is_visible("#hint-key")
    assert "row 3, column 5" in page.inner_text(".hint-legend")
    screenshot(page, "hints-sudoku-chain")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#hint-box").scroll_into_view_if_needed()
    screenshot(page, "hints-sudoku-chain-phone")
    page.set_viewport_size({"width": 1100, "height": 820})
    page.keyboard.press("Escape")  # Escape closes the hint and its drawing
    assert page.is_hidden("#hint-box")
    assert colour_pixels(page, "--link") == 0


def test_a_forcing_net_lists_its_implications_and_the_walk_stays_right(watch, site_url: str) -> None:
    grid = HARD
    moves, hint = moves_before(grid, "Forcing net")
    assert len(hint["implications"]) > 2
    solution = commands.run(SUDOKU, "solve", {"grid": grid})["solution"]
    page = sudoku_at(watch, site_url, grid, moves)
    seen = []
    for step in range(8):  # apply each hint, ask again: never a wrong digit, never a true candidate removed
        titles = stage_through(page)
        seen.append(titles[1] if len(titles) > 1 else titles[0])
        if step == 0:
            assert titles[1] == "Forcing net"
            lines = page.eval_on_selector_all("#hint-lines li", "els => els.map(e => e.textContent)")
            assert lines == hint["implications"]
            assert page.is_visible("#hint-lines")
            screenshot(page, "hints-sudoku-forcing-net")
        page.click("#hint-apply")
        board = values(page)
        assert all(d in (".", solution[i]) for i, d in enumerate(board))
        for i, text in enumerate(cells(page)):
            if "notes" in text:
                assert f" {solution[i]}" in text.split("notes")[1], (i, text)
    assert seen[0] == "Forcing net" and len(seen) == 8


def test_a_hidden_single_rings_the_digits_that_rule_out_the_house(watch, site_url: str) -> None:
    grid = HARD
    page = sudoku_at(watch, site_url, grid, [])
    hint = commands.run(SUDOKU, "hint", {"grid": grid})
    assert hint["technique"] == "Hidden single"
    titles = stage_through(page)
    assert titles[1] == "Hidden single"
    mirror = cells(page)
    rings = [i for i, t in enumerate(mirror) if "rules others out" in t]
    assert rings and all(values(page)[i] == str(hint["move"]["place"][2]) for i in rings)
    r, c, v = hint["move"]["place"]
    assert f"place {v}" in mirror[r * 9 + c]


def test_where_never_shows_the_answer_cell_alone(watch, site_url: str) -> None:
    grid = HARD
    moves, hint = moves_before(grid, "Naked single")
    page = sudoku_at(watch, site_url, grid, moves)
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-title") == "Look here"
    looked = [i for i, t in enumerate(cells(page)) if "look here" in t]
    assert len(looked) == 9  # the box, not the cell


def test_wrong_notes_are_pointed_out_first_and_repaired(watch, site_url: str) -> None:
    grid = HARD
    solution = commands.run(SUDOKU, "solve", {"grid": grid})["solution"]
    page = sudoku_at(watch, site_url, grid, [])
    empty = grid.index(".")
    wrong = next(d for d in "123456789" if d != solution[empty])
    click_cell(page, empty)
    page.keyboard.press(f"Shift+Digit{wrong}")  # notes holding one wrong digit: the true one is left out
    assert f"notes {wrong}" in cells(page)[empty]
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-title") == "Notes to repair"
    assert latin.cell_name(9, empty) in page.inner_text("#hint-reason")
    assert page.inner_text("#hint-apply") == "Repair notes"
    screenshot(page, "hints-notes-to-repair")
    page.click("#hint-apply")
    assert f" {solution[empty]}" in cells(page)[empty].split("notes")[1]
    page.click("#hint")  # then the hints go on from the repaired notes
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-title") == "Look here"


def test_solving_path_and_grade(watch, site_url: str) -> None:
    grid = HARD
    graded = commands.run(SUDOKU, "grade", {"grid": grid})
    page = sudoku_at(watch, site_url, grid, [])
    page.wait_for_function("document.querySelector('#grade-info').textContent.includes('score')", timeout=60_000)
    assert f"score {graded['score']}" in page.inner_text("#grade-info")
    assert graded["difficulty"] in page.inner_text("#grade-info")
    assert f"SE ≈ {graded['se']['estimate']:.1f} " in page.inner_text("#grade-info") + " "  # one decimal
    page.click("summary:has-text('Show the solving path')")
    items = page.eval_on_selector_all("#path-list li", "els => els.map(e => e.textContent)")
    assert len(items) == len(graded["path"]) + 1  # the singles, then every step past them
    assert all("score" in x for x in items[1:])
    assert items[1].startswith("1. " + graded["path"][0]["technique"])
    screenshot(page, "hints-solving-path")


def test_all_steps_here_lists_by_technique_and_shows_a_chosen_step(watch, site_url: str) -> None:
    """The "All steps here" panel lists the steps command's answer by technique; a chosen step is shown as a hint
    (stages, drawing, Apply), and after Apply the list is of the new position."""
    grid = HARD
    solution = commands.run(SUDOKU, "solve", {"grid": grid})["solution"]
    listed = commands.run(SUDOKU, "steps", {"grid": grid, "state": grid})
    assert listed["complete"]
    techniques = list(dict.fromkeys(s["technique"] for s in listed["steps"]))
    page = sudoku_at(watch, site_url, grid, [])
    page.click("summary:has-text('All steps here')")
    page.wait_for_function("document.querySelector('#steps-status').textContent.includes('steps by')",
                           timeout=60_000)
    groups = page.eval_on_selector_all("#steps-list summary", "els => els.map(e => e.textContent)")
    want = [f"{t} · {sum(1 for s in listed['steps'] if s['technique'] == t)}" for t in techniques]
    if "Not every technique finished" in page.inner_text("#steps-status"):  # the page's 8 s ran out (a busy machine)
        assert groups[:-1] == want[:len(groups) - 1] and groups[-1].split(" · ")[0] == techniques[len(groups) - 1]
    else:
        assert groups == want and page.locator("#steps-list button").count() == len(listed["steps"])
    screenshot(page, "hints-all-steps")
    # an elimination: shown as a hint from its first stage, its removals drawn at the last
    k = next(i for i, s in enumerate(listed["steps"]) if "eliminate" in s["move"])
    page.locator("#steps-list button").nth(k).click()
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-title") == "Look here"
    while page.is_visible("#hint-more"):
        page.click("#hint-more")
    assert page.inner_text("#hint-title") == "Why: " + listed["steps"][k]["technique"]
    r, c, v = listed["steps"][k]["move"]["eliminate"][0]
    assert f"removes {v}" in cells(page)[r * 9 + c]
    # a placement, applied: the digit is placed and the list is of the new position
    k = next(i for i, s in enumerate(listed["steps"]) if "place" in s["move"])
    r, c, v = listed["steps"][k]["move"]["place"]
    page.locator("#steps-list button").nth(k).click()  # the step is asked for told in full: the box opens anew
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-title") == "Look here"
    while page.is_visible("#hint-more"):
        page.click("#hint-more")
    page.click("#hint-apply")
    assert values(page)[r * 9 + c] == str(v) == solution[r * 9 + c]
    page.wait_for_function("document.querySelector('#steps-status').textContent.includes('steps by')",
                           timeout=60_000)
    labels = page.eval_on_selector_all("#steps-list button", "els => els.map(e => e.textContent)")
    assert f"r{r + 1}c{c + 1} = {v}" not in labels and labels


def test_skyscrapers_clue_bounds_and_rate(watch, site_url: str) -> None:
    puzzle = commands.run(SKY, "generate", {"difficulty": 1, "seed": 0, "size": 5})
    hint = commands.run(SKY, "hint", puzzle)
    assert "at most" in hint["reason"] and hint["clues"]
    page = open_page(watch, site_url, "skyscrapers", puzzle["description"])
    wait_message(page, "exactly one solution")
    titles = stage_through(page)
    assert titles[0] == "Look here" and titles[1] == hint["technique"]
    side, i = hint["clues"][0]
    assert f"{side} of " in page.text_content("#aria-clues") and "(hint)" in page.text_content("#aria-clues")
    bounds = [t for t in cells(page) if "bound ≤" in t]
    assert bounds
    assert "Clue" in page.inner_text(".hint-legend") or "clue" in page.inner_text(".hint-legend")
    screenshot(page, "hints-skyscrapers-bounds")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "hints-skyscrapers-bounds-phone")
    page.set_viewport_size({"width": 1100, "height": 820})
    page.click("#hint-close")
    page.click("summary:has-text('Show the solving path')")
    page.wait_for_function("document.querySelectorAll('#path-list li').length > 0", timeout=60_000)
    rated = commands.run(SKY, "rate", puzzle)
    assert f"score {rated['score']}" in page.inner_text("#grade-info")
