"""Helpers for driving the grid pages through their accessible mirror and canvas."""

from __future__ import annotations

import contextlib
import json
import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout


def open_page(watch, site_url: str, page_name: str, fragment: str = "", ready: bool = True,
              min_cells: int = 9):
    """Open a page (optionally with a link fragment) and wait for the board (and the worker)."""
    page = watch.page
    page.goto(f"{site_url}/{page_name}.html" + (f"#{fragment}" if fragment else ""))
    page.wait_for_function(f"document.querySelectorAll('#aria-board [role=gridcell]').length >= {min_cells}")
    if ready:
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    return page


def cells(page) -> list[str]:
    """What the accessible mirror says of every cell, row-major."""
    return page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")


def values(page) -> str:
    """The board as a grid string read from the accessible mirror ('.' = empty)."""
    out = []
    for text in cells(page):
        m = re.match(r"row \d+ column \d+, ([0-9A-Z])\b", text)
        out.append(m.group(1) if m else ".")
    return "".join(out)


VALUES_JS = ("() => Array.from(document.querySelectorAll('#aria-board [role=gridcell]'), "
             "e => (e.textContent.match(/row \\d+ column \\d+, ([0-9A-Z])\\b/) || [0, '.'])[1]).join('')")


def wait_values(page, expected: str, timeout: float = 10_000) -> str:
    """The board's values (as `values` reads them) once they are `expected`, or as they are after `timeout` ms: a
    press's redraw may come a moment after the press returns."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"({VALUES_JS})() === {json.dumps(expected)}", timeout=timeout)
    return values(page)


def cell_centres(page, ring: int = 0) -> list[tuple[float, float]]:
    """The page coordinates of every canvas cell's middle, in index order (ring = clue rows around the grid)."""
    n = int(len(cells(page)) ** 0.5)
    box = page.locator("#board").bounding_box()
    step = box["width"] / (n + 2 * ring)
    return [(box["x"] + (c + ring + 0.5) * step, box["y"] + (r + ring + 0.5) * step)
            for r in range(n) for c in range(n)]


def cell_centre(page, index: int, ring: int = 0) -> tuple[float, float]:
    """The page coordinates of a canvas cell's middle, by its index (ring = clue rows around the grid)."""
    return cell_centres(page, ring)[index]


def click_cell(page, index: int, ring: int = 0) -> None:
    """Click a cell of the canvas by its index (ring = clue rows around the grid)."""
    page.mouse.click(*cell_centre(page, index, ring))


def settle(page, *selectors: str, frames: int = 3, timeout: float = 10_000) -> None:
    """Wait until the boxes of `selectors` have held still for `frames` animation frames (a scroll or the layout a
    change made has ended): a wait on the page, not on the clock."""
    page.evaluate("() => { window.__settle = {box: null, still: 0}; }")
    page.wait_for_function(
        """([sels, frames]) => {
            const box = JSON.stringify(sels.map(s => document.querySelector(s)?.getBoundingClientRect()));
            const s = window.__settle;
            s.still = box === s.box ? s.still + 1 : 0;
            s.box = box;
            return s.still >= frames;
        }""", arg=[list(selectors), frames], polling="raf", timeout=timeout)


def wait_message(page, text: str, timeout: float = 60_000) -> str:
    """Wait until the message box contains `text` (case-insensitive); return the message."""
    page.wait_for_function(
        "t => document.querySelector('#message').innerText.toLowerCase().includes(t)", arg=text.lower(),
        timeout=timeout)
    return page.inner_text("#message")


# One hint asked, every stage opened and applied, in one script: the buttons' own click events, each press waiting
# on what the page shows next (a walk of 70 hints pressed one by one from the test costs 8 round trips a hint).
# Answers the hint's title ("" when the page already said solved) and whether the page says solved after it.
ONE_HINT_JS = """async () => {
  const $ = (id) => document.getElementById(id);
  const shown = (e) => !!e && !e.hidden && e.offsetParent !== null;
  const solved = () => $("message").innerText.toLowerCase().includes("solved in");
  const until = (test, what) => new Promise((resolve, reject) => {
    if (test()) return resolve();
    const watch = new MutationObserver(() => { if (test()) { watch.disconnect(); clearTimeout(timer); resolve(); } });
    watch.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    const timer = setTimeout(() => { watch.disconnect();
      reject(new Error("waited 60 s for " + what + "; the message says: " + $("message").innerText)); }, 60000);
  });
  if (solved()) return {title: "", solved: true};
  const box = $("hint-box"), more = $("hint-more"), apply = $("hint-apply");
  $("hint").click();
  await until(() => shown(box) || solved(), "the hint");
  if (!shown(box)) return {title: "", solved: true};
  while (shown(more)) {
    const before = box.innerText;
    more.click();
    await until(() => !shown(more) || box.innerText !== before, "the hint's next stage");
  }
  await until(() => shown(apply) && !apply.disabled, "Apply");
  const title = $("hint-title").innerText;
  apply.click();
  await until(() => !shown(box) || solved(), "the hint applied");
  return {title, solved: solved()};
}"""


def walk_by_hints(page, rounds: int = 200, by_hand: int = 1) -> list[str]:
    """Ask for hints, open every stage and apply each, until the page says solved; the hints' titles in order.
    The first `by_hand` hints are pressed as a player presses (a tap on a touch page, else a click), the rest by
    ONE_HINT_JS."""
    titles = []
    for number in range(rounds):
        if number < by_hand:
            if "solved in" in page.inner_text("#message").lower():
                return titles
            pressing = page.tap if getattr(page, "touch", False) else page.click
            pressing("#hint")
            page.wait_for_selector("#hint-box:not([hidden])", timeout=60_000)
            while page.is_visible("#hint-more"):
                pressing("#hint-more")
            page.wait_for_selector("#hint-apply:not([hidden]):not([disabled])", timeout=60_000)
            titles.append(page.inner_text("#hint-title"))
            pressing("#hint-apply")
            page.wait_for_function("document.getElementById('hint-box').hidden || document.getElementById('message')"
                                   ".innerText.toLowerCase().includes('solved in')")
            continue
        step = page.evaluate(ONE_HINT_JS)
        if step["title"]:
            titles.append(step["title"])
        if step["solved"]:
            return titles
    assert "solved in" in page.inner_text("#message").lower(), f"not solved after {rounds} hints"
    return titles


# ----- the piece pages (Genius Square, Cubes 3D): hint box, share row -------------------


def ask_hint(page) -> str:
    """Press Hint, wait for the hint box and return its title."""
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    return page.inner_text("#hint-title")


def hint_until_solved(page, rounds: int, still_right) -> None:
    """Apply hints until the page says it is solved; `still_right()` re-checks the board after each."""
    for _ in range(rounds):
        if "solved in" in page.inner_text("#message").lower():
            break
        ask_hint(page)
        page.click("#hint-apply")
        assert still_right()
    assert "solved in" in page.inner_text("#message").lower()


def take_back_by_hint(page) -> None:
    """Check says a piece must go, the hint says which to take back, Apply takes it back."""
    page.click("#check")
    wait_message(page, "take a piece back")
    assert "take back" in ask_hint(page).lower()
    page.click("#hint-apply")


def share_links(page) -> tuple[str, str]:
    """The share link without, then with, the player's progress."""
    page.click("#share")
    plain = page.input_value("#share-link")
    page.check("#share-progress")
    page.click("#share")
    return plain, page.input_value("#share-link")
