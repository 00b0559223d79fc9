"""Killer and jigsaw Sudoku on the page: a killer played to the end by touch on a phone, a jigsaw by hints on a
desktop, the Variant choice making a new puzzle of that variant, and a Solo killer ID opened by Open."""

from __future__ import annotations

import datetime

import pytest
from browser_helpers import open_page, values, wait_message, walk_by_hints
from conftest import screenshot
from constraint_makers import made as made_of
from test_browser_keep import at_cell, press
from test_browser_stats import ON_DESKTOP
from test_browser_stats import device as desktop_or_phone
from test_constraints import thermo_puzzle

from solvers import commands
from solvers import family as solver_family
from solvers.rules.sudoku import SET_VARIANTS, VARIANTS

pytestmark = pytest.mark.browser
SUDOKU = solver_family("sudoku")
device = desktop_or_phone  # the statistics tests' fixture: a fresh context for a test that sets the clock
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def made(variant: str, size: int, seed: int = 8) -> tuple[dict, str, str]:
    """(a generated puzzle, its link text, its solution)."""
    p = commands.run(SUDOKU, "generate", {"difficulty": 1, "seed": seed, "size": size, "variant": variant})
    return p, commands.run(SUDOKU, "format", p)["text"], commands.run(SUDOKU, "solve", p)["solution"]


def test_a_killer_plays_to_the_end_by_touch_on_a_phone(profiles, site_url: str) -> None:
    puzzle, text, solution = made("killer", 6)
    ctx = profiles.new_context(service_workers="block", **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/sudoku.html#{text}")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    cells = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")
    first = min(puzzle["cages"], key=lambda c: c["cells"])
    assert f"cage of {len(first['cells'])} adding up to {first['sum']}" in cells[0]  # the mirror reads the cage
    screenshot(page, "variants-killer-phone")
    start = values(page)  # the empty cells, read once: only the taps below fill them
    for cell, digit in enumerate(solution):
        if start[cell] == ".":
            at_cell(page, cell, 6, True)
            press(page, f"#pad button:nth-child({digit})", True)
    wait_message(page, "solved in")
    assert values(page) == solution
    ctx.close()
    assert errors == []


def play_by_hints(page) -> set[str]:
    """Ask for a hint, open every stage and apply it, until the page says solved; the hints' titles (none trial and
    error)."""
    used = set(walk_by_hints(page, 80))
    assert "Trial and error" not in used
    return used


def test_a_jigsaw_plays_to_the_end_by_hints(watch, site_url: str) -> None:
    _puzzle, text, solution = made("jigsaw", 6)
    page = open_page(watch, site_url, "sudoku", text, min_cells=36)
    assert "region" in page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els[0].textContent")
    play_by_hints(page)
    assert values(page) == solution
    screenshot(page, "variants-jigsaw-solved")


def test_a_killer_with_a_cage_over_two_others_is_drawn_and_plays_to_the_end_by_hints(watch, site_url: str) -> None:
    puzzle, _text, solution = made("killer", 6)
    a, b = next((a, b) for k, cage in enumerate(puzzle["cages"]) for a in cage["cells"]
                for other in puzzle["cages"][k + 1:] for b in other["cells"]
                if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
    over = {"type": "distinct", "cells": sorted([a, b]), "sum": sum(int(solution[r * 6 + c]) for r, c in (a, b))}
    text = commands.run(SUDOKU, "format", {**puzzle, "constraints": [over]})["text"]
    page = open_page(watch, site_url, "sudoku", text, min_cells=36)
    cells = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")
    assert f"cage of 2 adding up to {over['sum']}" in cells[a[0] * 6 + a[1]]  # the mirror reads the cage over
    screenshot(page, "variants-killer-overlapping-cage")
    shown = "s => s.options[s.selectedIndex].textContent"
    assert page.eval_on_selector("#variant", shown) == "Shared rules"  # no variant choice makes these rules
    play_by_hints(page)
    assert values(page) == solution
    page.click("#new")  # a new puzzle of the first variant, the shared rules' entry gone
    page.wait_for_function("document.querySelector('#variant').value == 'classic'")
    assert page.eval_on_selector("#variant", "s => s.options.length") == len(VARIANTS) + len(SET_VARIANTS)


def test_a_thermometer_sudoku_from_an_f_puzzles_link_plays_to_the_end_by_hints(watch, site_url: str) -> None:
    puzzle, solution = thermo_puzzle(3, 6, 3)
    link = next(f["text"] for f in commands.run(SUDOKU, "export", puzzle)["formats"] if f["name"] == "f-puzzles link")
    text = commands.run(SUDOKU, "format", commands.run(SUDOKU, "import", {"text": link}))["text"]
    page = open_page(watch, site_url, "sudoku", text, min_cells=36)
    bulb = puzzle["constraints"][0]["cells"][0]
    cells = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")
    assert "thermometer cell 1 of" in cells[bulb[0] * 6 + bulb[1]]  # the mirror reads the thermometer
    used = play_by_hints(page)
    assert values(page) == solution and any("Thermometer" in t for t in used)
    screenshot(page, "variants-thermo-solved")


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_an_arrow_and_kropki_sudoku_from_an_f_puzzles_link_plays_to_the_end_by_touch(profiles, site_url: str,
                                                                                    scheme: str) -> None:
    puzzle, solution = made_of("arrow+kropki", seed=2, floor=45, negative=False)
    link = next(f["text"] for f in commands.run(SUDOKU, "export", puzzle)["formats"] if f["name"] == "SudokuPad link")
    text = commands.run(SUDOKU, "format", commands.run(SUDOKU, "import", {"text": link}))["text"]
    ctx = profiles.new_context(service_workers="block", color_scheme=scheme, **PHONE)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{site_url}/sudoku.html#{text}")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 81")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    wait_message(page, "exactly one solution")
    cells = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")
    assert any("on an arrow" in c for c in cells) and any("dot with" in c for c in cells)
    screenshot(page, f"variants-arrow-kropki-{scheme}")
    start = values(page)  # the empty cells, read once: only the taps below fill them
    for cell, digit in enumerate(solution):
        if start[cell] == ".":
            at_cell(page, cell, 9, True)
            press(page, f"#pad button:nth-child({digit})", True)
    wait_message(page, "solved in")
    assert values(page) == solution and errors == []
    ctx.close()


def test_a_whispers_sudoku_from_an_f_puzzles_link_plays_to_the_end_by_hints(watch, site_url: str) -> None:
    puzzle, solution = made_of("whispers", seed=1, floor=30)
    link = next(f["text"] for f in commands.run(SUDOKU, "export", puzzle)["formats"] if f["name"] == "f-puzzles link")
    text = commands.run(SUDOKU, "format", commands.run(SUDOKU, "import", {"text": link}))["text"]
    page = open_page(watch, site_url, "sudoku", text, min_cells=81)
    assert "differ by at least 5" in page.inner_text("body")
    used = play_by_hints(page)
    assert values(page) == solution and any("Whispers" in t for t in used)


def test_the_variant_choice_and_a_solo_killer_id(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "sudoku")
    legend = "document.querySelector('#hint-legend').textContent"
    assert "box 1" in page.evaluate(legend) and "cage" not in page.evaluate(legend)  # the classic key: no cages
    page.select_option("#size", "6")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36", timeout=90_000)
    page.select_option("#variant", "x")
    wait_message(page, "new puzzle ·", timeout=90_000)  # not "Making a new puzzle…"
    puzzle, _text, _solution = made("killer", 6, seed=4)
    solo = next(f["text"] for f in commands.run(SUDOKU, "export", puzzle)["formats"] if f["name"].startswith("Tat"))
    if page.locator("#open-box").get_attribute("open") is None:
        page.click("#open-box summary")
    page.fill("#open-text", solo)
    page.click("#open-load")
    wait_message(page, "opened: it has exactly one solution", timeout=90_000)  # not the "Checking…" before it
    assert page.input_value("#variant") == "killer"
    first = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els[0].textContent")
    assert "cage of" in first
    assert "cage" in page.evaluate(legend)
    screenshot(page, "variants-solo-killer")


@pytest.mark.parametrize("variant, letter", [("killer", "u"), ("jigsaw", "e"), ("x", "a"), ("killer-x", "i"),
                                             ("jigsaw-x", "t")])
def test_solo_ids_of_every_variant_open_with_any_difficulty(watch, site_url: str, variant: str, letter: str) -> None:
    """A Solo game ID of each variant, its params carrying one of Solo's difficulty letters, opens on the page as
    that variant; its first hint is logic (the CLI walks every grade to the end: bench/variants.py, the tests)."""
    page = open_page(watch, site_url, "sudoku")
    puzzle, _text, solution = made(variant, 9, seed=5)
    solo = next(f["text"] for f in commands.run(SUDOKU, "export", puzzle)["formats"] if f["name"].startswith("Tat"))
    solo = solo.replace(":", "d" + letter + ":", 1)
    if page.locator("#open-box").get_attribute("open") is None:
        page.click("#open-box summary")
    page.fill("#open-text", solo)
    page.click("#open-load")
    wait_message(page, "opened: it has exactly one solution", timeout=90_000)
    assert page.input_value("#variant") == variant
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    while page.is_visible("#hint-more"):
        page.click("#hint-more")
    assert "trial" not in page.inner_text("#hint-title").lower()
    page.click("#hint-apply")
    page.wait_for_function("document.querySelector('#hint-box').hidden")
    assert all(v in (".", s) for v, s in zip(values(page), solution, strict=True))


@pytest.mark.clock
@ON_DESKTOP
@pytest.mark.parametrize(("variant", "said", "technique"), [("kropki", "white dot with", "Kropki dot"),
                                                           ("thermo", "thermometer cell 1 of", "Thermometer")])
def test_the_daily_of_a_constraint_variant_plays_to_the_end_by_hints(device, site_url: str, variant: str, said: str,
                                                                     technique: str) -> None:
    """Variant and size chosen, Daily gives the day's puzzle of that variant (a Wednesday's: Medium), drawn with
    its constraints and played to the end by hints that use the constraint's own technique."""
    page = device
    page.clock.install(time=datetime.datetime(2026, 11, 25, 10, 0))
    page.goto(f"{site_url}/sudoku.html")
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.select_option("#size", "6")
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 36", timeout=90_000)
    page.select_option("#variant", variant)
    wait_message(page, "new puzzle ·", timeout=90_000)
    page.click("#daily")
    page.wait_for_function("document.querySelector('#grade-info').innerText.includes('2026-11-25') || "
                           "document.querySelector('#message').innerText.includes('2026-11-25')", timeout=90_000)
    daily = commands.run(SUDOKU, "daily", {"date": "2026-11-25", "size": 6, "variant": variant})
    assert daily["variant"] == variant and daily["difficulty"] == "Medium"
    assert values(page) == daily["grid"]
    assert any(said in cell for cell in page.eval_on_selector_all("#aria-board [role=gridcell]",
                                                                   "els => els.map(e => e.textContent)"))
    used = play_by_hints(page)
    assert values(page) == commands.run(SUDOKU, "solve", daily)["solution"] and any(technique in t for t in used)
    screenshot(page, f"variants-daily-{variant}")
