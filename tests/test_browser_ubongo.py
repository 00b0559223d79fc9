"""The Cubes 3D (Ubongo 3D) page in Chromium: 3D view, layer view, hints, solve, study, links.

Also checks, in CPython, the rules module the page imports (solvers/rules/ubongo.py, shipped as
`rules.ubongo`) against solvers/ubongo.py, and the page's 3D view (site/py/ubongo_view.py).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from browser_helpers import ask_hint, cells, share_links, take_back_by_hint, wait_message
from browser_helpers import open_page as open_browser_page
from conftest import PageWatch, screenshot
from hypothesis import given, settings
from hypothesis import strategies as st
from test_browser_genius import hints_to_the_end, last_stage

import solvers
from solvers import commands, ubongo
from solvers.rules import ubongo as ub  # the page imports this very module

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "site" / "py"))
import ubongo_view as cv

UBONGO = solvers.family("ubongo")
MIRROR = re.compile(r"^layer (\d+), row (\d+), column (\d+): (empty|(\w+) \()")
UNSOLVABLE = "r4-b4_1111_2"  # a flat 4 x 1 x 2 slab cannot hold the 3D red four
Cube = tuple[int, int, int]


# ----- helpers ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def card() -> dict:
    """A level 1 card with several solutions, from the solver, with its distinct solutions."""
    c = commands.run(UBONGO, "generate", {"difficulty": 1, "seed": "browser-test-0"})
    c["all"] = commands.run(UBONGO, "solutions", c)["solutions"]
    assert len(c["all"]) >= 2
    return c


def open_page(watch, site_url: str, fragment: str = "", ready: bool = False):
    """Open the page (maybe with a link) and wait for the mirror (and the worker)."""
    return open_browser_page(watch, site_url, "ubongo", fragment, ready, min_cells=2)


def mirror(page) -> dict[Cube, str | None]:
    """Cube (row, col, layer) -> piece id or None, read from the accessible mirror."""
    out: dict[Cube, str | None] = {}
    for text in cells(page):
        m = MIRROR.match(text)
        assert m, text
        out[(int(m.group(2)) - 1, int(m.group(3)) - 1, int(m.group(1)) - 1)] = m.group(5)
    return out


def pieces(page) -> dict[str, list[Cube]]:
    """Piece id -> its cubes, from the mirror."""
    out: dict[str, list[Cube]] = {}
    for q, pid in mirror(page).items():
        if pid:
            out.setdefault(pid, []).append(q)
    return {p: sorted(v) for p, v in out.items()}


def preview(page) -> list[Cube]:
    """The cubes the ghost of the piece in hand covers, from the mirror."""
    cubes = []
    for text in cells(page):
        if "preview of" in text:
            m = MIRROR.match(text)
            cubes.append((int(m.group(2)) - 1, int(m.group(3)) - 1, int(m.group(1)) - 1))
    return sorted(cubes)


def cell(page, q: Cube):
    """The layer view's square of a cube."""
    return page.locator(f'.ub-cell[data-cube="{q[0]},{q[1]},{q[2]}"]')


def image(page) -> str:
    """The 3D view's pixels as a data URL."""
    return page.evaluate("document.querySelector('#view').toDataURL()")


def drawn_pixels(page) -> int:
    """How many pixels of the 3D view differ from its background (the corner pixel)."""
    return page.evaluate("""() => { const c = document.querySelector('#view');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
        for (let i = 0; i < d.length; i += 4) if (Math.abs(d[i] - d[0]) + Math.abs(d[i+1] - d[1])
            + Math.abs(d[i+2] - d[2]) > 30) n++; return n; }""")


def assert_valid_fill(c: dict, placed: dict[str, list[Cube]]) -> None:
    """Independent check: the card's pieces, each in its own shape, fill footprint x 2 exactly once."""
    assert sorted(placed) == sorted(c["pieces"])
    cubes = [tuple(q) for cs in placed.values() for q in cs]
    box = {(r, col, z) for r, col in c["footprint"] for z in range(c["height"])}
    assert len(cubes) == len(set(cubes)) and set(cubes) == box
    for pid, cs in placed.items():
        shape = ubongo.normalise(tuple(q) for q in cs)
        assert shape in ubongo.orientations(ubongo.PIECE_BY_ID[pid].cubes), (pid, cs)


def part_of_solution(c: dict, placed: dict[str, list[Cube]]) -> bool:
    """Whether the placed pieces agree with one of the card's solutions (under the box's turns)."""
    card = ubongo.parse_card(c)
    for sol in ubongo.raw_solutions(card):
        if all(tuple(sorted(sol[p])) == tuple(sorted(cs)) for p, cs in placed.items()):
            assert_valid_fill(c, {p: list(v) for p, v in sol.items()})
            return True
    return False


def spot(c: dict, pid: str) -> tuple[Cube, tuple[Cube, ...]]:
    """A square where the piece, as it comes from the tray, fits on the empty card (and its cubes)."""
    card = ub.card_of(c["code"])
    shape = ub.normalise(ub.SHAPE[pid])
    anchor = ub.anchor_of(shape)
    for q in card.cubes:
        cubes = ub.fit(shape, anchor, q, card.size())
        if all(x in card.inside for x in cubes):
            return q, cubes
    raise AssertionError(f"{pid} fits nowhere on {c['code']} as it is")


def placeable(c: dict) -> str:
    """A piece of the card that fits somewhere without turning."""
    for pid in c["pieces"]:
        try:
            spot(c, pid)
            return pid
        except AssertionError:
            continue
    raise AssertionError("no piece fits unturned")


def place_one(page, c: dict) -> tuple[str, tuple[Cube, ...]]:
    """Put a piece that fits unturned on the card, through the tray and the layer view."""
    pid = placeable(c)
    at, cubes = spot(c, pid)
    page.click(f"#tray button[data-piece={pid}]")
    cell(page, at).click()
    return pid, cubes


# ----- the page's tables, links and view (CPython, no browser) --------------------------------


def test_page_tables_match_the_solver() -> None:
    assert [(p.id, p.name, p.colour, p.cubes) for p in ubongo.PIECES] == [tuple(p) for p in ub.PIECES]
    assert list(ubongo.GRADES) == ub.GRADES
    for pid, shape in ub.SHAPE.items():
        assert sorted(ub.orientations(shape)) == sorted(ubongo.orientations(ubongo.PIECE_BY_ID[pid].cubes))
    for _, recolour in cv.PALETTES:  # every piece keeps its colour name; the pieces of a set stay apart
        for ids in ub.SETS.values():
            assert len({recolour(ub.COLOUR[p]) for p in ids}) == len(ids)
        for p in ub.IDS:
            before, after = cv.rgb(ub.COLOUR[p]), cv.rgb(recolour(ub.COLOUR[p]))
            assert max(range(3), key=lambda i: before[i]) == max(range(3), key=lambda i: after[i]), p


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 3), st.integers(0, 10**6), st.data())
def test_codes_and_links_round_trip(grade: int, seed: int, data: st.DataObject) -> None:
    r = commands.run(UBONGO, "generate", {"difficulty": grade + 1, "seed": seed})
    card = ub.card_of(r["code"])
    ref = ubongo.parse(r["code"])
    assert card.code() == r["code"] == ubongo.format_card(ref)
    assert card.footprint == ref.footprint and tuple(card.pieces) == ref.pieces
    sol = commands.run(UBONGO, "solve", r)["solution"]
    keep = data.draw(st.lists(st.sampled_from(sorted(sol)), unique=True))
    placed = {p: tuple(sorted(tuple(q) for q in sol[p])) for p in keep}
    text = ub.format_link(card, placed)  # the older link form, which the page still opens
    back, got = ub.parse_link(text)
    assert back.code() == card.code() and got == placed
    for pid, cubes in placed.items():  # the moves of the links the page makes now
        move = ub.format_move(pid, cubes)
        assert ub.parse_move(move) == (pid, cubes) and ub.parse_move(ub.format_move(pid)) == (pid, None)


def test_turns_are_rotations_and_fit_stays_in_the_box() -> None:
    box = (3, 4, 2)
    for pid, shape in ub.SHAPE.items():
        for orient in ub.orientations(shape):
            for axis in range(3):
                turned, anchor = ub.turn(orient, orient[0], axis)
                assert turned in ub.orientations(shape) and anchor in turned
            cubes = ub.fit(orient, orient[-1], (1, 1, 1), box)
            assert ub.fits_piece(pid, cubes)
            if all(max(q[i] for q in orient) < box[i] for i in range(3)):
                assert all(0 <= q[i] < box[i] for q in cubes for i in range(3))


def test_painters_order_and_picking() -> None:
    camera = cv.Camera()
    groups = [cv.Group(((0, 0, 0),), "#ff0000", "back"), cv.Group(((1, 0, 0),), "#0000ff", "front")]
    faces = cv.polygons(camera, (2, 1, 1), ((0, 0), (1, 0)), groups, 400, 300)
    depths = [f[0] for f in faces]
    assert depths == sorted(depths)
    owners = [f[5] for f in faces if f[5]]
    assert owners.index("front") > owners.index("back")  # the near cube is painted after the far one
    # the shared face is hidden; each cube shows at most three faces from this corner of view
    assert sum(f[5] == "front" for f in faces) <= 3 and sum(f[5] == "back" for f in faces) <= 2
    front = [f for f in faces if f[5] == "front"][0][1]
    x = sum(p[0] for p in front) / 4
    y = sum(p[1] for p in front) / 4
    assert cv.pick(faces, x, y) == "front"
    assert cv.pick(faces, -5, -5) is None
    key = camera.key()
    camera.turn(1, 15)
    assert camera.key() != key
    camera.reset()
    assert camera.key() == key


# ----- the page in Chromium -------------------------------------------------------------------------


@pytest.mark.browser
def test_view_renders_turns_and_zooms(watch, site_url: str, card: dict) -> None:
    page = open_page(watch, site_url, card["code"])
    found = mirror(page)
    assert len(found) == 2 * len(card["footprint"]) and set(found.values()) == {None}
    assert page.locator("#tray button").count() == len(card["pieces"])
    assert drawn_pixels(page) > 2000  # the card plate is drawn, not just the background
    screenshot(page, "ubongo-start")
    start = image(page)
    page.locator("#view").focus()
    page.keyboard.press("a")
    turned = image(page)
    assert turned != start
    page.keyboard.press("Shift+A")
    assert image(page) == start  # and back
    page.keyboard.press("ArrowLeft")
    assert image(page) != start
    page.keyboard.press("0")
    assert image(page) == start
    page.keyboard.press("+")
    zoomed = image(page)
    assert zoomed != start and drawn_pixels(page) > 2000
    page.mouse.move(400, 300)
    box = page.locator("#view").bounding_box()
    page.mouse.move(box["x"] + 100, box["y"] + 100)
    page.mouse.wheel(0, 300)
    assert image(page) != zoomed
    page.mouse.down()
    page.mouse.move(box["x"] + 180, box["y"] + 140, steps=5)
    page.mouse.up()
    assert image(page) not in (start, zoomed)
    page.click("#view-reset")
    assert image(page) == start
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("document.querySelector('#card-info').innerText.includes('solution')", timeout=60_000)
    assert f"{card['solutions']} solution" in page.inner_text("#card-info")


@pytest.mark.browser
def test_place_by_layer_view_turn_and_take_back(watch, site_url: str, card: dict) -> None:
    page = open_page(watch, site_url, card["code"])
    pid = placeable(card)
    at, cubes = spot(card, pid)
    page.click(f"#tray button[data-piece={pid}]")
    assert "in hand" in page.inner_text(f"#piece-list li[data-piece={pid}]")
    cell(page, at).hover()
    assert preview(page) == sorted(cubes)
    before = image(page)
    page.keyboard.press("r")  # turn it: the ghost turns in the mirror and the view
    turned = preview(page)  # (cubes of the ghost off the card are not in the mirror)
    assert turned != sorted(cubes) and set(turned) <= set(mirror(page))
    if len(turned) == len(cubes):
        assert ub.normalise(turned) in ub.orientations(ub.SHAPE[pid])
    assert image(page) != before
    page.keyboard.press("Shift+R")
    assert preview(page) == sorted(cubes)
    screenshot(page, "ubongo-ghost")
    cell(page, at).click()
    assert pieces(page) == {pid: sorted(cubes)}
    assert "placed at" in page.inner_text(f"#piece-list li[data-piece={pid}]")
    # a click on a placed piece takes it back into the hand; Escape returns it to the tray
    cell(page, cubes[-1]).click()
    assert pieces(page) == {}
    assert "in hand" in page.inner_text(f"#piece-list li[data-piece={pid}]")
    page.keyboard.press("Escape")
    assert "in the tray" in page.inner_text(f"#piece-list li[data-piece={pid}]")
    assert preview(page) == []
    page.click("#undo")  # undo the take-back
    assert pieces(page) == {pid: sorted(cubes)}
    page.click("#theme")
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    screenshot(page, "ubongo-dark")


@pytest.mark.browser
def test_hints_apply_pieces_of_a_solution_to_the_end(watch, site_url: str, card: dict) -> None:
    page = open_page(watch, site_url, card["code"], ready=True)
    assert ask_hint(page) == "Look here"  # where first, then what and why
    assert any(t.endswith(", hint") for t in cells(page))
    title = last_stage(page)
    assert page.inner_text("#hint-reason").strip()
    assert any(t.endswith(", hint") for t in cells(page))
    screenshot(page, "ubongo-hint")
    page.click("#hint-apply")
    placed = pieces(page)
    assert len(placed) == 1 and next(iter(placed)) in title
    assert part_of_solution(card, placed)
    hints_to_the_end(page, len(card["pieces"]) + 2, lambda: part_of_solution(card, pieces(page)))
    assert_valid_fill(card, pieces(page))
    assert page.get_attribute("body", "data-solved") == "yes"


@pytest.mark.browser
def test_check_take_back_hint_and_animated_solve(watch, site_url: str, card: dict) -> None:
    page = open_page(watch, site_url, card["code"], ready=True)
    # a piece where no solution has it: Check says so and the hint says to take it back
    c = ubongo.parse_card(card)
    bad = next((pl for pl in c.board.placements if pl.piece in card["pieces"] and not part_of_solution(
        card, {pl.piece: list(pl.cubes)})), None)
    assert bad is not None
    link = ub.format_link(ub.card_of(card["code"]), {bad.piece: tuple(sorted(bad.cubes))})
    page.goto(f"{site_url}/ubongo.html#{link}")
    page.reload()
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    assert pieces(page) == {bad.piece: sorted(bad.cubes)}
    take_back_by_hint(page)
    assert pieces(page) == {}
    page.click("#solve")
    page.wait_for_timeout(150)
    screenshot(page, "ubongo-solving")
    wait_message(page, "solved by tessera")
    assert page.get_attribute("body", "data-solved") == "yes"
    assert_valid_fill(card, pieces(page))
    screenshot(page, "ubongo-solved")
    page.click("#undo")
    assert pieces(page) == {}


@pytest.mark.browser
def test_study_mode_solutions_assembly_lift_and_put_back(watch, site_url: str, card: dict) -> None:
    page = open_page(watch, site_url, card["code"], ready=True)
    page.click("#mode-study")
    page.wait_for_function("document.querySelector('#sol-info').innerText.startsWith('Solution 1 of')")
    assert f"of {len(card['all'])}" in page.inner_text("#sol-info")
    first = pieces(page)
    assert_valid_fill(card, first)
    assert first in [{p: sorted(tuple(q) for q in v) for p, v in s.items()} for s in card["all"]]
    view1 = image(page)
    page.click("#sol-next")
    assert "Solution 2 of" in page.inner_text("#sol-info")
    second = pieces(page)
    assert second != first and image(page) != view1
    assert_valid_fill(card, second)
    page.keyboard.press("p")
    assert pieces(page) == first and image(page) == view1
    page.click("#assemble")
    page.wait_for_timeout(120)
    screenshot(page, "ubongo-assembling")
    wait_message(page, "assembled")
    assert pieces(page) == first
    # click the middle of the view: the piece drawn there is lifted out
    box = page.locator("#view").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    picked = page.get_attribute("#view", "data-picked")
    assert picked in card["pieces"]
    assert picked not in pieces(page) and len(pieces(page)) == len(first) - 1
    assert "lifted out" in page.inner_text(f"#piece-list li[data-piece={picked}]")
    screenshot(page, "ubongo-lifted")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, button="right")
    assert pieces(page) == first
    # lift through the layer view, put back with the button; recolour changes the picture
    q = next(iter(first[card["pieces"][0]]))
    cell(page, q).click()
    assert card["pieces"][0] not in pieces(page)
    page.click("#lift-back")
    assert pieces(page) == first
    before = image(page)
    page.click("#recolour")
    assert image(page) != before
    page.click("#mode-play")
    assert pieces(page) == {}


@pytest.mark.browser
def test_share_link_reopens_card_and_progress(watch, site_url: str, card: dict, context) -> None:
    page = open_page(watch, site_url, card["code"])
    pid, cubes = place_one(page, card)
    plain, link = share_links(page)
    assert link.split("@")[0].endswith("#" + card["code"] + "~" + ub.format_move(pid, cubes))  # "@<times>" follows
    assert plain.endswith("#" + card["code"])
    visitor = context.browser.new_context(service_workers="block")  # a second visitor
    other = visitor.new_page()
    other.goto(link)
    other.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length >= 2")
    assert pieces(other) == {pid: sorted(cubes)}
    assert set(mirror(other)) == set(mirror(page))
    assert sorted(other.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)")) == sorted(
        card["pieces"])
    visitor.close()


@pytest.mark.browser
def test_reload_keeps_progress(watch, site_url: str, card: dict) -> None:
    page = open_page(watch, site_url, card["code"])
    pid, cubes = place_one(page, card)
    page.goto(f"{site_url}/ubongo.html")
    page.reload()
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length >= 2")
    assert pieces(page) == {pid: sorted(cubes)}
    assert "Welcome back" in page.inner_text("#message")
    assert len(mirror(page)) == 2 * len(card["footprint"])


@pytest.mark.browser
def test_bad_links_show_a_message_and_a_fresh_card(watch, site_url: str) -> None:
    page = open_page(watch, site_url, "r4-r2-b4_111.011_2~r2:000002")
    assert "not a valid card" in page.inner_text("#message")
    assert len(mirror(page)) >= 4 and pieces(page) == {}
    screenshot(page, "ubongo-bad-link")
    page.goto(f"{site_url}/ubongo.html#q9_11_2")  # the page follows a new fragment
    assert "not a valid card" in wait_message(page, "unknown piece 'q9'")
    page.goto(f"{site_url}/ubongo.html#{UNSOLVABLE}")
    wait_message(page, "cannot be played", timeout=90_000)
    assert page.locator("#tray button").count() >= 2
    assert sorted(page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)")) != ["b4", "r4"]


@pytest.mark.browser
def test_new_card_by_level(watch, site_url: str) -> None:
    page = open_page(watch, site_url, ready=True)
    page.select_option("#difficulty", "3")
    page.click("#new")
    wait_message(page, "new level 3 card")
    assert "level 3 (Hard)" in page.inner_text("#card-info")
    tray = page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)")
    footprint = [list(k[:2]) for k in mirror(page) if k[2] == 0]
    rating = commands.run(UBONGO, "rate", {"footprint": footprint, "pieces": tray})
    assert rating["level"] == 3


@pytest.mark.browser
def test_original_game_pieces_play_to_the_end(watch, site_url: str) -> None:
    """Choose the original game's pieces: a card of them comes (its level as asked), placed by hints to the end,
    every step part of a solution; its link reopens it; study mode shows its solutions."""
    page = open_page(watch, site_url, ready=True)
    assert page.eval_on_selector_all("#variant option", "els => els.map(e => e.value)") == ["family", "original"]
    page.select_option("#difficulty", "2")
    page.select_option("#variant", "original")  # a new choice makes a card of it
    wait_message(page, "original game")
    tray = page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)")
    assert len(tray) == 3 and set(tray) <= set(ub.SETS["original"])
    footprint = [list(k[:2]) for k in mirror(page) if k[2] == 0]
    c = {"footprint": footprint, "height": 2, "pieces": tray, "code": ub.format_code(footprint, 2, tray)}
    assert commands.run(UBONGO, "rate", c)["level"] == 2
    hints_to_the_end(page, 8, lambda: part_of_solution(c, pieces(page)))  # (New's seed is random: any card)
    assert_valid_fill(c, pieces(page))
    screenshot(page, "ubongo-original-solved")
    plain, _ = share_links(page)
    page.goto("about:blank")
    page.goto(plain)
    page.wait_for_function("document.querySelectorAll('#tray button').length > 0")
    assert sorted(page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)")) == sorted(tray)
    assert page.input_value("#variant") == "original"
    page.click("#mode-study")
    page.wait_for_function("document.querySelector('#sol-info').innerText.startsWith('Solution 1 of')")
    assert_valid_fill(c, pieces(page))


# ----- a refused placement, the turns that fit at a square, card numbers ----------------------------------------

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
CARD_NO = re.compile(r"Card no\. (\d{5})")


@pytest.fixture
def desktop(profiles, site_url: str):
    """A page on a 1280x800 screen, checked for outside requests and errors at the end."""
    ctx = profiles.new_context(viewport=DESKTOP, service_workers="block")
    watch = PageWatch(ctx.new_page(), site_url)
    yield watch
    ctx.close()
    watch.assert_clean()


def red_pixels(page) -> int:
    """How many pixels of the 3D view are a clear red (the colour of cubes in the way, in either theme)."""
    return page.evaluate("""() => { const c = document.querySelector('#view');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] > 150 && d[i] > 1.8 * d[i+1] && d[i] > 1.8 * d[i+2]) n++;
        return n; }""")


def fitting_turns(c: dict, placed: dict[str, tuple[Cube, ...]], pid: str, at: Cube) -> set[tuple[Cube, ...]]:
    """Brute force: the orientations of a piece (the solver's) with a cube at `at` and every cube on a free cube."""
    taken = {q for cubes in placed.values() for q in cubes}
    free = {(r, col, z) for r, col in c["footprint"] for z in range(c["height"])} - taken
    return {shape for shape in ubongo.orientations(ubongo.PIECE_BY_ID[pid].cubes) for k in shape
            if all((at[0] + q[0] - k[0], at[1] + q[1] - k[1], at[2] + q[2] - k[2]) in free for q in shape)}


def clash_spot(c: dict) -> tuple[str, tuple[Cube, ...], str, Cube, list[Cube], list[Cube]]:
    """A placed piece of a solution and another piece (not red) whose tray turn, at some free square, sticks out of
    the card and lands on it: (placed piece, its cubes, piece in hand, square, cubes outside, cubes on the piece)."""
    card = ub.card_of(c["code"])
    box = {(r, col, z) for r, col in c["footprint"] for z in range(c["height"])}
    sol = {p: tuple(sorted(tuple(q) for q in v)) for p, v in c["all"][0].items()}
    for first, cubes in sol.items():
        for pid in (p for p in c["pieces"] if p != first and not p.startswith("r")):
            shape = ub.normalise(ub.SHAPE[pid])
            for q in sorted(box - set(cubes)):
                laid = ub.fit(shape, ub.anchor_of(shape), q, card.size())
                outside = [x for x in laid if x not in box]
                covered = [x for x in laid if x in cubes]
                if outside and covered:
                    return first, cubes, pid, q, outside, covered
    raise AssertionError("no square where a piece both sticks out and lands on another")


@pytest.mark.browser
def test_a_refused_placement_names_and_draws_the_cubes_in_the_way(desktop, site_url: str, card: dict) -> None:
    first, cubes, pid, q, outside, covered = clash_spot(card)
    page = open_page(desktop, site_url, card["code"] + "~" + ub.format_move(first, cubes))
    assert pieces(page) == {first: sorted(cubes)}
    page.click(f"#tray button[data-piece={pid}]")
    before = red_pixels(page)
    cell(page, q).hover()
    assert page.get_attribute("#view", "data-clash") == str(len(outside) + len(covered))
    assert red_pixels(page) > before + 300  # the cubes in the way are drawn red
    bad = page.eval_on_selector_all(".ub-cell.bad", "els => els.map(e => e.dataset.cube)")
    assert sorted(bad) == sorted(f"{x[0]},{x[1]},{x[2]}" for x in covered)  # outside cubes have no square
    assert all(f": {first} is there" in t for t in cells(page) if "preview of" in t and "layer" in t and any(
        t.startswith(ub.where(x) + ":") for x in covered))
    cell(page, q).click()
    message = page.inner_text("#message")
    n, size = len(outside) + len(covered), len(ub.SHAPE[pid])
    assert message.startswith(f"That does not fit: the {ub.NAME[pid]} ({pid}) would have ")
    assert (f"all {size} of its cubes" if n == size else f"{n} of its {size} cubes") in message
    where = "; ".join(ub.where(x) for x in sorted(covered))
    assert f"{len(covered)} on {first}, the {ub.NAME[first]} (at {where})" in message
    assert "The crossed red cubes in the view show them." in message
    ways = len(fitting_turns(card, {first: cubes}, pid, q))
    assert (f"turned {ways} ways" if ways > 1 else "turned one way" if ways else "No turn of it fits") in message
    assert pieces(page) == {first: sorted(cubes)}  # nothing placed
    screenshot(page, "ubongo-refused")
    page.click("#theme")
    assert page.evaluate("document.documentElement.classList.contains('dark')")
    assert red_pixels(page) > before + 300
    screenshot(page, "ubongo-refused-dark")


@pytest.mark.browser
def test_turning_at_a_chosen_square_steps_through_the_turns_that_fit(desktop, site_url: str, card: dict) -> None:
    first, cubes, pid, _, _, _ = clash_spot(card)
    placed = {first: cubes}
    free = sorted({(r, col, z) for r, col in card["footprint"] for z in range(2)} - set(cubes))
    at = max(free, key=lambda x: (len(fitting_turns(card, placed, pid, x)), x))
    want = fitting_turns(card, placed, pid, at)
    assert len(want) >= 2
    page = open_page(desktop, site_url, card["code"] + "~" + ub.format_move(first, cubes))
    page.click(f"#tray button[data-piece={pid}]")
    cell(page, at).hover()
    seen = []
    for k in range(len(want)):  # R, T and E each step to the next turn that fits there
        page.keyboard.press("rte"[k % 3])
        seen.append(tuple(preview(page)))
        assert f"Way {k + 1} of {len(want)} that {ub.label(pid)} fits at {ub.where(at)}" in page.inner_text(
            "#message")
    for laid in seen:  # every one is a legal placement covering the square, in a turn of the piece
        assert at in laid and set(laid) <= set(free) and len(laid) == len(ub.SHAPE[pid])
    assert {ubongo.normalise(laid) for laid in seen} == want
    page.keyboard.press("r")
    assert tuple(preview(page)) == seen[0]  # round again
    page.keyboard.press("Shift+R")
    assert tuple(preview(page)) == seen[-1]  # and back
    page.click("#turn-x")  # the buttons too
    assert tuple(preview(page)) == seen[0]
    cell(page, at).click()
    assert pieces(page) == {first: sorted(cubes), pid: sorted(seen[0])}
    # on a square no turn fits (another piece is there): it says so, and turns through every turn as before
    other = next(p for p in card["pieces"] if p not in (first, pid))
    page.click(f"#tray button[data-piece={other}]")
    cell(page, cubes[0]).hover()
    page.keyboard.press("r")
    assert f"No turn of {ub.label(other)} fits at {ub.where(cubes[0])}" in page.inner_text("#message")
    assert page.get_attribute(f"#tray button[data-piece={other}]", "aria-pressed") == "true"


@pytest.mark.browser
def test_card_number_opens_a_card_and_bad_input_keeps_the_game(desktop, site_url: str, card: dict) -> None:
    page = open_page(desktop, site_url, card["code"], ready=True)
    pid, cubes = place_one(page, card)
    tray = page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)")
    for typed, said in [("", "Type a card's number first"), ("abc", "digits only"), ("24a21", "digits only"),
                        ("5", "There is no card 5: card numbers go from 10000 to 89999"),
                        ("99999", "There is no card 99999")]:
        page.fill("#card-no", typed)
        page.click("#card-go")
        assert said in page.inner_text("#message")
        assert "error" in page.get_attribute("#message", "class")
        assert pieces(page) == {pid: sorted(cubes)}  # the game in progress is as it was
        assert page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)") == tray
    number = ub.card_no(2, "family", 4821)
    made = commands.run(UBONGO, "generate", {"seed": number, "difficulty": 2, "variant": "family"})
    page.fill("#card-no", str(number))
    page.press("#card-no", "Enter")
    message = wait_message(page, f"card no. {number}: level 2")
    assert "Undo brings back the game you were playing" in message
    assert page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)") == made["pieces"]
    assert sorted({k[:2] for k in mirror(page)}) == sorted(tuple(s) for s in made["footprint"])
    assert f"Card no. {number} · " in page.inner_text("#card-info")
    assert page.input_value("#difficulty") == "2"
    page.click("#card-go")  # the same number again: nothing to replace
    assert "is the card you are playing" in page.inner_text("#message")
    page.click("#undo")  # the game in progress comes back
    assert pieces(page) == {pid: sorted(cubes)}
    assert "Card no." not in page.inner_text("#card-info")  # a linked card has no number
    # New gives every card a number, which makes that very card, and a reload keeps it
    page.select_option("#difficulty", "3")
    wait_message(page, "a new level 3 card (no. 3")
    shown = CARD_NO.search(page.inner_text("#card-info"))
    assert shown and shown.group(1).startswith("3")
    again = commands.run(UBONGO, "generate", {"seed": int(shown.group(1)), "difficulty": 3})
    assert page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)") == again["pieces"]
    page.reload()
    page.wait_for_function("document.querySelector('#card-info').innerText.includes('Card no.')")
    assert f"Card no. {shown.group(1)}" in page.inner_text("#card-info")


@pytest.mark.browser
def test_card_number_by_touch_on_a_phone(profiles, site_url: str) -> None:
    ctx = profiles.new_context(viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block")
    watch = PageWatch(ctx.new_page(), site_url)
    page = open_page(watch, site_url, ready=True)
    page.locator("#card-no").scroll_into_view_if_needed()
    for ident in ("#card-no", "#card-go"):
        box = page.locator(ident).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["height"] >= 30, (ident, box)
    page.tap("#card-go")  # nothing typed: said where the player looks
    assert "Type a card's number first" in page.inner_text("#message")
    box = page.locator("#message").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    page.tap("#card-no")
    page.keyboard.type("54821")
    page.tap("#card-go")
    wait_message(page, "card no. 54821: level 1")
    made = commands.run(UBONGO, "generate", {"seed": 54821, "difficulty": 1, "variant": "original"})
    assert page.eval_on_selector_all("#tray button", "els => els.map(e => e.dataset.piece)") == made["pieces"]
    assert page.input_value("#variant") == "original"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    screenshot(page, "phone-cubes-card-number")
    ctx.close()
    watch.assert_clean()


@pytest.mark.browser
def test_the_starter_card_and_a_cards_link_show_its_number(desktop, profiles, site_url: str) -> None:
    """The ready-made card shown at first has a number, and the share link of a card carries it: the card line of
    the page the link opens shows it, before the solver has loaded and once it has rated the card."""
    page = desktop.page
    page.goto(f"{site_url}/ubongo.html")
    number = UBONGO.starter_seed(0)  # the level 1 starter's card number
    page.wait_for_function("document.querySelector('#card-info').innerText.includes('Card no.')", timeout=60_000)
    assert f"Card no. {number} · " in page.inner_text("#card-info")
    plain, _moves = share_links(page)
    assert plain.endswith(f"_{number}"), plain
    ctx = profiles.new_context(viewport=DESKTOP, service_workers="block")  # no saved game there
    other = PageWatch(ctx.new_page(), site_url)
    opened = open_page(other, site_url, plain.split("#", 1)[1])
    assert f"Card no. {number} · " in opened.inner_text("#card-info")
    opened.wait_for_function("document.querySelector('#card-info').innerText.includes('solution')", timeout=90_000)
    assert f"Card no. {number} · " in opened.inner_text("#card-info")
    ctx.close()
    other.assert_clean()
