"""The Skyscrapers page in Chromium: clue ring, entry, check, hints to the end, links, reload."""

from __future__ import annotations

import pytest
from browser_helpers import cells, click_cell, open_page, values, wait_message, walk_by_hints
from conftest import screenshot

import solvers
from solvers import commands

pytestmark = pytest.mark.browser
SKY = solvers.family("skyscrapers")
SIDES = ("top", "right", "bottom", "left")


@pytest.fixture(scope="module")
def puzzle() -> dict:
    """A 5x5 puzzle from the generator, and its solution."""
    p = commands.run(SKY, "generate", {"difficulty": 2, "seed": "browser-test", "size": 5})
    p["solution"] = commands.run(SKY, "solve", p)["solution"]
    return p


def fragment(p: dict, progress: str = "") -> str:
    """The page's link format."""
    text = f"{p['n']}/" + "/".join("".join(map(str, p[s])) for s in SIDES)
    if p.get("givens"):
        text += "/" + ",".join(f"{r}{c}{v}" for r, c, v in p["givens"])
    return text + (f"~{progress}" if progress else "")


def flat(p: dict) -> str:
    """The solution as a string."""
    return "".join(str(v) for row in p["solution"] for v in row)


def test_link_opens_checks_and_plays_to_the_end_with_hints(watch, site_url: str, puzzle: dict) -> None:
    page = open_page(watch, site_url, "skyscrapers", fragment(puzzle))
    wait_message(page, "exactly one solution")
    assert len(cells(page)) == 25
    clue_words = page.text_content("#aria-clues")
    first = next((side, i) for side in SIDES for i, v in enumerate(puzzle[side]) if v)
    assert f"{first[0]} of " in clue_words and f": {puzzle[first[0]][first[1]]}" in clue_words
    screenshot(page, "skyscrapers-start")
    solution = flat(puzzle)
    empty = values(page).index(".")
    wrong = next(d for d in "12345" if d != solution[empty])
    click_cell(page, empty, ring=1)
    page.keyboard.press(wrong)
    assert values(page)[empty] == wrong
    page.click("#check")
    wait_message(page, "wrong")
    assert "wrong" in cells(page)[empty]
    page.click("#hint")  # a wrong entry is pointed out first
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint-title") == "Wrong entry"
    page.click("#hint-apply")
    assert values(page)[empty] == "."
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    while page.is_visible("#hint-more"):  # where, what, why: then Apply
        page.click("#hint-more")
    screenshot(page, "skyscrapers-hint")
    page.click("#hint-apply")
    walk_by_hints(page, 40, by_hand=0)
    assert values(page) == solution
    assert "solved in" in page.inner_text("#message").lower()
    screenshot(page, "skyscrapers-solved")


def test_clue_n_hint_draws_and_places_the_whole_line(watch, site_url: str) -> None:
    """A clue N's hint marks every cell of its line "place k" at its last stage; Apply fills the line."""
    p = commands.run(SKY, "parse", {"text": "5:.1534/...../...../...4./j1"})  # the 5 above column 3
    p["solution"] = commands.run(SKY, "solve", p)["solution"]
    page = open_page(watch, site_url, "skyscrapers", fragment(p))
    wait_message(page, "exactly one solution")
    titles = []
    while "Clue N" not in titles:
        assert len(titles) < 4, titles
        page.click("#hint")
        page.wait_for_selector("#hint-box:not([hidden])")
        while page.is_visible("#hint-more"):
            page.click("#hint-more")
        titles.append(page.inner_text("#hint-title").removeprefix("Why: "))
        if titles[-1] != "Clue N":
            page.click("#hint-apply")
    column = [r * 5 + 2 for r in range(5)]
    assert all(f"place {r + 1}" in cells(page)[i] for r, i in enumerate(column)), [cells(page)[i] for i in column]
    assert "r5c3 is 5" in page.inner_text("#hint-reason")
    screenshot(page, "skyscrapers-clue-n")
    page.click("#hint-apply")
    assert [values(page)[i] for i in column] == ["1", "2", "3", "4", "5"]
    assert "Clue N" in page.inner_text("#message")


def test_reload_keeps_progress_and_share_link_carries_it(watch, site_url: str, puzzle: dict, context) -> None:
    page = open_page(watch, site_url, "skyscrapers", fragment(puzzle))
    wait_message(page, "exactly one solution")
    empty = values(page).index(".")
    click_cell(page, empty, ring=1)
    page.keyboard.press(flat(puzzle)[empty])
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 25")
    assert values(page)[empty] == flat(puzzle)[empty]
    page.check("#share-progress")
    page.click("#share")
    link = page.input_value("#share-link")
    visitor = context.browser.new_context(service_workers="block")  # a second visitor
    other = visitor.new_page()
    other.goto(link)
    other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 25")
    assert values(other)[empty] == flat(puzzle)[empty]
    visitor.close()


def test_bad_links_and_new_puzzles(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "skyscrapers", "5/9/9", ready=False)
    assert "not a valid puzzle" in page.inner_text("#message")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.goto("about:blank")  # a fresh load of the link below (a hash change then a reload raced the page's own
    page.goto(f"{site_url}/skyscrapers.html#4/0000/0000/0000/0000")  # check, whose fresh puzzle replaces the link)
    wait_message(page, "cannot be played")  # many solutions
    page.select_option("#size", "6")
    page.click("#new")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36", timeout=60_000)
    screenshot(page, "skyscrapers-new6")
