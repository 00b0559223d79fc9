"""Helpers for driving the grid pages through their accessible mirror and canvas."""

from __future__ import annotations

import re


def open_page(watch, site_url: str, page_name: str, fragment: str = "", ready: bool = True):  # noqa: ANN001, ANN201
    """Open a page (optionally with a link fragment) and wait for the board (and the worker)."""
    page = watch.page
    page.goto(f"{site_url}/{page_name}.html" + (f"#{fragment}" if fragment else ""))
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length >= 9")
    if ready:
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=90_000)
    return page


def cells(page) -> list[str]:  # noqa: ANN001
    """What the accessible mirror says of every cell, row-major."""
    return page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")


def values(page) -> str:  # noqa: ANN001
    """The board as a grid string read from the accessible mirror ('.' = empty)."""
    out = []
    for text in cells(page):
        m = re.match(r"row \d+ column \d+, ([0-9A-Z])\b", text)
        out.append(m.group(1) if m else ".")
    return "".join(out)


def click_cell(page, index: int, ring: int = 0) -> None:  # noqa: ANN001
    """Click a cell of the canvas by its index (ring = clue rows around the grid)."""
    n = int(len(cells(page)) ** 0.5)
    box = page.locator("#board").bounding_box()
    r, c = divmod(index, n)
    step = box["width"] / (n + 2 * ring)
    page.mouse.click(box["x"] + (c + ring + 0.5) * step, box["y"] + (r + ring + 0.5) * step)


def wait_message(page, text: str, timeout: float = 60_000) -> str:  # noqa: ANN001
    """Wait until the message box contains `text` (case-insensitive); return the message."""
    page.wait_for_function(
        "t => document.querySelector('#message').innerText.toLowerCase().includes(t)", arg=text.lower(),
        timeout=timeout)
    return page.inner_text("#message")
