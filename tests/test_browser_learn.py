"""The learn page in Chromium, on a desktop and a 390x844 touch phone: every technique of both ladders in ladder
order with its example drawn; Practice opens, on the game page, a fresh puzzle whose solving path (`sudoku grade`,
`skyscrapers rate`) needs the technique, and the game in progress there stays one "Resume your game" away; a rung
with no practice puzzle practises from its example's position, where Hint names it; a hint's technique name links
to its entry; the entry counts the hints of finished games that named it."""

from __future__ import annotations

import json
from urllib.parse import unquote

import pytest
from browser_helpers import click_cell
from conftest import screenshot
from test_browser_stats import device as desktop_or_phone
from test_browser_stats import press, solve_by_hints

from solvers import commands, learn_build
from solvers import family as solver_family
from solvers.rules import skyscrapers as sky_rules
from solvers.rules import sudoku as sudoku_rules

pytestmark = pytest.mark.browser
GRID4 = "1..4.4.2..4.4..1"
RULES = {"sudoku": sudoku_rules, "skyscrapers": sky_rules}
GRADED = {"sudoku": "grade", "skyscrapers": "rate"}  # the command whose answer lists a puzzle's techniques
device = desktop_or_phone  # the statistics tests' fixture: a desktop and a 390x844 touch phone, watched for errors


def open_learn(page, site_url: str, anchor: str = "") -> None:
    """The learn page, its data read."""
    page.goto(f"{site_url}/learn.html" + (f"#{anchor}" if anchor else ""))
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)


def learn_example(name: str, technique: str) -> dict | None:
    """A rung's example as the learn data holds it (None: it has none)."""
    return learn_build.load()["families"][name]["techniques"][technique]["example"]


def ladder(name: str) -> list[dict]:
    """A family's ladder as the registry lists it."""
    return commands.info(solver_family(name))["ladder"]


def test_every_technique_of_both_ladders_in_order_with_its_example(device, site_url: str) -> None:
    page = device
    open_learn(page, site_url)
    for name in ("sudoku", "skyscrapers"):
        shown = page.eval_on_selector_all(f"#{name} article.technique", "els => els.map(e => e.id)")
        assert shown == [t["anchor"] for t in ladder(name)]
        titles = page.eval_on_selector_all(f"#{name} article.technique h3", "els => els.map(e => e.textContent)")
        assert titles == [t["name"] for t in ladder(name)]
    boards = page.eval_on_selector_all("canvas.example-board", "els => els.map(e => e.id)")
    assert len(boards) >= 70  # the rarest techniques say instead that no example has turned up yet
    assert len(boards) + page.locator("article.technique p.example").count() == len(ladder("sudoku") +
                                                                                     ladder("skyscrapers"))
    for ident in boards:  # each is drawn as it comes into view
        page.locator(f"#{ident}").scroll_into_view_if_needed()
        page.wait_for_selector(f"#{ident}[data-drawn]", state="attached", timeout=10_000)
    drawn = page.evaluate("""id => { const c = document.getElementById(id), seen = new Set();
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        for (let i = 0; i < d.length; i += 4 * 97) seen.add(d[i] + ',' + d[i + 1] + ',' + d[i + 2]);
        return seen.size; }""", "board-sudoku-x-wing")
    assert drawn > 5  # lines, digits, marks and the hint's colours
    page.locator("#sudoku-x-wing").scroll_into_view_if_needed()
    screenshot(page, f"learn-{'phone' if page.touch else 'desktop'}")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    text = page.inner_text("#sudoku-jellyfish")
    assert "No practice puzzle" in text and "9×9, 6×6 or 4×4" in text  # said where the generator finds none
    listed = next(e for e in ladder("sudoku") if (ex := learn_example("sudoku", e["name"])) and ex.get("first"))
    text = page.inner_text(f"#{listed['anchor']}")  # an example All steps here lists: it says what comes first
    assert f"here the hint is {learn_example('sudoku', listed['name'])['first']}" in text
    assert "All steps here lists this one too" in text and page.is_visible(f"#practice-{listed['anchor']}")


@pytest.mark.parametrize(("anchor", "device"), [("sudoku-x-wing", "desktop"), ("skyscrapers-line-arrangement", "phone"),
                                               ("sudoku-cage-and-house", "phone")], indirect=["device"])
def test_practice_opens_a_puzzle_whose_path_needs_the_technique(device, site_url: str, anchor: str) -> None:
    page = device
    name = anchor.split("-")[0]
    entry = next(t for t in ladder(name) if t["anchor"] == anchor)
    page.goto(f"{site_url}/sudoku.html#{GRID4}")  # a game in progress, which Practice must not lose
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    click_cell(page, 1)
    press(page, "#pad button:nth-child(2)")  # 1 2 . 4: the solution's 2
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]')[1].textContent.includes(', 2')")
    open_learn(page, site_url, anchor)
    assert page.is_visible(f"#practice-{anchor}")
    visited = []  # the game page drops its link's fragment once it has read it: keep what Practice opened
    page.on("framenavigated", lambda frame: visited.append(frame.url) if frame == page.main_frame else None)
    press(page, f"#practice-{anchor}")
    page.wait_for_function(f"location.pathname.endsWith('/{name}.html')", timeout=120_000)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    link = next(u for u in visited if f"/{name}.html#" in u)
    technique, _, text = unquote(link.split("#", 1)[1]).removeprefix("practice:").partition("|")
    assert technique == entry["name"]  # the game page names the technique it opens for
    puzzle = RULES[name].puzzle_of(text)
    used = commands.run(solver_family(name), GRADED[name], puzzle)["techniques"]
    assert entry["name"] in used or set(entry["also"]) & set(used), used
    page.wait_for_function("document.querySelector('#message').innerText.includes('one solution')", timeout=60_000)
    assert entry["name"] in page.inner_text("#message")
    if entry["variant"]:
        assert page.input_value("#variant") == entry["variant"]
    if name == "sudoku":  # the 4x4 played before is one button away
        assert page.is_visible("#resume")


@pytest.mark.parametrize("device", ["desktop"], indirect=True)
def test_practice_of_every_constraint_technique_opens_its_variant_needing_it(device, site_url: str) -> None:
    """Each constraint type's rung practises on that type's variant: Practice makes a fresh puzzle in the learn
    page's worker, and the game page opens it with its variant chosen and its constraints on the board."""
    page = device
    visited = []  # the game page drops its link's fragment once it has read it: keep what Practice opened
    page.on("framenavigated", lambda frame: visited.append(frame.url) if frame == page.main_frame else None)
    typed = [e for e in ladder("sudoku") if e["variant"] not in (None, "killer")]
    assert len(typed) >= 17
    open_learn(page, site_url)
    for entry in typed:
        anchor = entry["anchor"]
        if not page.url.endswith("/learn.html") and "/learn.html#" not in page.url:
            page.go_back()  # back to the learn page (its worker kept, when the browser keeps the page)
            page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
        page.locator(f"#practice-{anchor}").scroll_into_view_if_needed()
        page.click(f"#practice-{anchor}")
        page.wait_for_function("location.pathname.endsWith('/sudoku.html')", timeout=120_000)
        page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length >= 36")
        link = next(u for u in reversed(visited) if "/sudoku.html#" in u)
        technique, _, text = unquote(link.split("#", 1)[1]).removeprefix("practice:").partition("|")
        assert technique == entry["name"]
        puzzle = sudoku_rules.puzzle_of(text)
        assert {c["type"] for c in puzzle["constraints"]} == {entry["variant"]}, entry["name"]
        assert entry["name"] in commands.run(solver_family("sudoku"), "grade", puzzle)["techniques"], entry["name"]
        page.wait_for_function(f"document.getElementById('variant').value === {json.dumps(entry['variant'])}")


def test_practice_from_a_position_where_the_technique_is_the_next_step(watch, site_url: str) -> None:
    page = watch.page  # a desktop: a rung with no practice puzzle practises from its example's position
    entry = next(e for f in learn_build.build(say=None)["families"] if f["name"] == "sudoku" for e in f["entries"]
                 if not e["practice"] and e["example"] and not e.get("from") and not e["example"].get("first"))
    anchor, ex = entry["anchor"], entry["example"]
    open_learn(page, site_url, anchor)
    assert "No practice puzzle" in page.inner_text(f"#{anchor}")
    assert page.inner_text(f"#note-{anchor}") == "Practice opens a position where it is the next step."
    page.click(f"#practice-{anchor}")
    page.wait_for_function("location.pathname.endsWith('/sudoku.html')", timeout=60_000)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("document.querySelector('#message').innerText.includes('one solution')", timeout=60_000)
    said = page.inner_text("#message")
    assert said.startswith(f"Practice {entry['name']}: ") and said.endswith(
        f"from this position the next logical step is {entry['name']}; Hint names it.")
    cells = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")
    assert sum(", notes " in c for c in cells) == ex["values"].count(0)  # every empty cell has the example's notes
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    page.click("#hint-more")
    assert page.inner_text("#hint-title a") in {entry["name"], *entry["also"]}


def test_practice_from_a_position_where_all_steps_here_lists_the_technique(watch, site_url: str) -> None:
    page = watch.page  # a rung an easier one always comes before practises where the list of every step names it
    entry = next(e for f in learn_build.build(say=None)["families"] if f["name"] == "sudoku" for e in f["entries"]
                 if not e["practice"] and e["example"] and not e.get("from") and e["example"].get("first"))
    anchor, first = entry["anchor"], entry["example"]["first"]
    open_learn(page, site_url, anchor)
    assert page.inner_text(f"#note-{anchor}") == (f"Practice opens a position where All steps here lists it (the "
                                                  f"hint there is {first}, which comes first).")
    page.click(f"#practice-{anchor}")
    page.wait_for_function("location.pathname.endsWith('/sudoku.html')", timeout=60_000)
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    page.wait_for_function("document.querySelector('#message').innerText.includes('one solution')", timeout=60_000)
    said = page.inner_text("#message")
    assert said.startswith(f"Practice {entry['name']}: ") and "an easier step comes first here" in said
    assert page.evaluate("document.getElementById('steps-box').open")  # the list the practice is about, open
    page.wait_for_function("t => document.getElementById('steps-list').innerText.includes(t)", arg=entry["name"],
                           timeout=120_000)
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
    page.click("#hint-more")
    assert page.inner_text("#hint-title a") == first  # the hint still gives the easier step


def test_a_hints_technique_name_links_to_its_entry(device, site_url: str) -> None:
    page = device
    sky = commands.run(solver_family("skyscrapers"), "generate", {"difficulty": 1, "seed": "learn"})
    for name, fragment in (("sudoku", GRID4), ("skyscrapers", sky["description"])):
        page.goto(f"{site_url}/{name}.html#{fragment}")
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
        press(page, "#hint")
        page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
        assert page.locator("#hint-title a").count() == 0  # "Look here" does not name the technique yet
        press(page, "#hint-more")
        link = page.locator("#hint-title a")
        technique = link.inner_text()
        entry = next(t for t in ladder(name) if technique in [t["name"], *t["also"]])
        assert link.get_attribute("href") == f"./learn.html#{entry['anchor']}"
        assert link.get_attribute("target") == "_blank"  # the hint stays open beside it
        screenshot(page, f"learn-link-{name}-{'phone' if page.touch else 'desktop'}")
        open_learn(page, site_url, entry["anchor"])
        assert page.evaluate("document.querySelector(':target').id") == entry["anchor"]
        assert page.locator(f"#{entry['anchor']} h3").is_visible()
        box = page.locator(f"#{entry['anchor']}").bounding_box()
        assert 0 <= box["y"] < page.viewport_size["height"] / 2  # scrolled to it


def test_an_entry_counts_the_hints_that_named_it(device, site_url: str) -> None:
    page = device
    open_learn(page, site_url)
    assert page.inner_text("#met-sudoku-x-wing") == "You have not met it in a hint yet."
    if not page.touch:  # a game finished with hints: its record names their techniques
        page.goto(f"{site_url}/sudoku.html#{GRID4}")
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
        solve_by_hints(page)
        games = json.loads(page.evaluate("localStorage.getItem('tessera-records')"))["games"]
        met = games[0]["techniques"]
        assert met and sum(met.values()) == games[0]["hints"]
        open_learn(page, site_url)
        for technique, times in met.items():
            anchor = next(t["anchor"] for t in ladder("sudoku") if t["name"] == technique)
            words = "once in a hint" if times == 1 else f"{times} times in hints"
            assert page.inner_text(f"#met-{anchor}") == f"You have met it {words}."
        return
    record = {"family": "sudoku", "variant": "classic", "size": "9×9", "grade": "Expert", "day": "2026-11-20",
              "ended": "2026-11-20T10:00:00.000Z", "seconds": 600, "hints": 3, "stages": {"1": 3}, "errors": 0,
              "daily": False, "solved": True, "link": "sudoku.html#" + GRID4,
              "techniques": {"Sashimi X-wing": 2, "Finned X-wing": 1, "X-wing": 1}}
    page.evaluate(f"localStorage.setItem('tessera-records', {json.dumps(json.dumps({'v': 1, 'games': [record]}))})")
    open_learn(page, site_url)
    assert page.inner_text("#met-sudoku-finned-x-wing") == "You have met it 3 times in hints."  # its sashimi too
    assert page.inner_text("#met-sudoku-x-wing") == "You have met it once in a hint."
    assert page.inner_text("#met-skyscrapers-x-wing") == "You have not met it in a hint yet."  # per family


def test_an_example_board_has_the_accessible_mirror(device, site_url: str) -> None:
    page = device
    open_learn(page, site_url, "sudoku-x-wing")
    page.locator("#board-sudoku-x-wing").scroll_into_view_if_needed()
    page.wait_for_selector("#board-sudoku-x-wing[data-drawn]", state="attached")
    said = page.eval_on_selector_all("#aria-sudoku-x-wing [role=gridcell]", "els => els.map(e => e.textContent)")
    assert len(said) == 81 and said[0].startswith("row 1 column 1")
    assert any("removes" in s for s in said)  # the hint's eliminations, as the game pages say them
    assert sum(", notes " in s for s in said) > 0
