"""Offline and installable, in Chromium: the service worker, the manifest, the content security policy,
hosting under a sub-path, and a rebuilt site announcing itself.

These tests serve the built site from servers of their own, so they can stop them: after one visit
with the server up, every page must reload, play, hint and open links with no server at all.
"""

from __future__ import annotations

import functools
import json
import shutil
import struct
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import DIST, SITE_PAGES, TOOL_PAGES, PageWatch, _Plain, _Quiet, _Server, screenshot

pytestmark = pytest.mark.browser
PAGES = ["index", *SITE_PAGES, *TOOL_PAGES]
GAMES = list(SITE_PAGES)
NEEDED = ["default-src 'self'", "object-src 'none'", "base-uri 'none'", "'wasm-unsafe-eval'"]
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
CSP_LOG = ("window.__csp = []; document.addEventListener('securitypolicyviolation',"
           " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI))")


class Site:
    """A static server for one folder that a test can stop and start again on the same port."""

    def __init__(self, root: Path, plain: bool = False) -> None:
        self.root = root
        self.handler = _Plain if plain else _Quiet
        self.port = 0
        self.server: _Server | None = None
        self.start()

    def start(self) -> None:
        """Serve the folder (again, on the same port)."""
        handler = functools.partial(self.handler, directory=str(self.root))
        self.server = _Server(("127.0.0.1", self.port), handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        """Stop serving: any request that reaches the network now fails."""
        assert self.server is not None
        self.server.shutdown()
        self.server.server_close()
        self.server = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[Site]:
    """dist/ served by a server of the test's own, one that sends no isolation headers."""
    site = Site(DIST, plain=True)
    yield site
    if site.server is not None:
        site.stop()


@pytest.fixture
def sw_context(browser):
    """A fresh context with service workers allowed and CSP violations recorded."""
    ctx = browser.new_context(viewport={"width": 1100, "height": 820})
    ctx.add_init_script(CSP_LOG)
    yield ctx
    ctx.close()


def controlled(page, url: str) -> None:
    """Open `url` and wait until the service worker has cached the site and controls the page."""
    page.goto(url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.evaluate("navigator.serviceWorker.ready")


def worker_ready(page) -> None:
    page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=120_000)


def ask_hint(page) -> str:
    """Press Hint and return the hint box's text once it has one."""
    page.click("#hint")
    page.wait_for_function("(document.querySelector('#hint-box') || {}).hidden === false", timeout=60_000)
    page.wait_for_function("document.querySelector('#hint-title').innerText.trim().length > 0", timeout=60_000)
    return page.inner_text("#hint-box")


@pytest.mark.parametrize("name", PAGES)
def test_every_page_has_the_policy_and_breaks_none_of_it(browser, site_url: str, name: str) -> None:
    ctx = browser.new_context(service_workers="block")
    ctx.add_init_script(CSP_LOG)
    page = ctx.new_page()
    watch = PageWatch(page, site_url)
    page.goto(f"{site_url}/{name}.html")
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert policy and all(part in policy for part in NEEDED)
    assert "'unsafe-inline'" not in policy and "*" not in policy
    assert page.eval_on_selector_all("*", "els => els.filter(e => [...e.attributes].some("
                                     "a => a.name.startsWith('on'))).length") == 0  # no inline handlers
    if name in TOOL_PAGES:
        page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    elif name != "index":
        worker_ready(page)
    assert page.evaluate("window.__csp") == []
    watch.assert_clean()
    ctx.close()


def test_manifest_is_valid_and_its_icons_exist(site_url: str) -> None:
    manifest = json.loads((DIST / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] == "Tessera"
    assert manifest["display"] == "standalone" and manifest["theme_color"].startswith("#")
    assert (DIST / manifest["start_url"]).is_file()
    sizes = {}
    for icon in manifest["icons"]:
        path = DIST / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            head = path.read_bytes()[:24]
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", head[16:24])
            assert f"{width}x{height}" == icon["sizes"]
            sizes[width] = path
    assert {192, 512} <= set(sizes)
    for name in PAGES:
        html = (DIST / f"{name}.html").read_text()
        assert 'rel="manifest" href="./manifest.webmanifest"' in html and "./app.js" in html


def test_every_url_is_relative_and_the_worker_lists_every_file() -> None:
    for page in DIST.glob("*.html"):
        html = page.read_text()
        assert 'src="/' not in html and 'href="/' not in html, page.name
    sw = (DIST / "sw.js").read_text()
    listed = set(json.loads(sw[sw.index("const FILES = ") + len("const FILES = "):sw.index(";", sw.index("FILES ="))]))
    files = {"./" + f.relative_to(DIST).as_posix() for f in DIST.rglob("*") if f.is_file() and f.name != "sw.js"}
    assert files <= listed


def test_pages_play_with_the_server_stopped(sw_context, own_site: Site) -> None:
    """One visit with the server up; then stop it: reload, play, hint, open links, other pages, saved progress."""
    page = sw_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    controlled(page, f"{own_site.url}/sudoku.html")
    worker_ready(page)
    assert not page.evaluate("crossOriginIsolated")  # the host sends no isolation headers
    own_site.stop()

    page.reload()
    worker_ready(page)  # the service worker adds them: the page can interrupt the worker's own searches
    assert page.evaluate("crossOriginIsolated") and page.get_attribute("body", "data-interrupts") == "1"
    assert "trial" not in ask_hint(page).lower()
    page.keyboard.press("Escape")
    page.goto(f"{own_site.url}/sudoku.html#{EASY}")  # a shared link of another puzzle
    page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 81")
    worker_ready(page)
    first = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")
    assert any(", 3" in text for text in first[:3])
    ask_hint(page)
    for _ in range(6):  # reveal the stages (where, what, why) up to Apply
        if page.is_visible("#hint-apply"):
            break
        page.click("#hint-more")
    page.click("#hint-apply")  # progress is saved and survives a reload with no server
    after = page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)")
    page.reload()
    worker_ready(page)
    assert page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.map(e => e.textContent)") == after
    page.select_option("#size", "16")  # a 16x16 Hard comes from the bank: its file, never fetched yet, is cached
    page.select_option("#difficulty", "3")
    page.click("#new")
    page.wait_for_function("document.querySelector('#message').innerText.includes('Hard')", timeout=60_000)
    assert page.eval_on_selector_all("#aria-board [role=gridcell]", "els => els.length") == 256

    page.goto(f"{own_site.url}/sliding.html")  # never visited: precached, pattern databases included
    worker_ready(page)
    text = ask_hint(page)
    assert "move" in text.lower() or "slide" in text.lower()
    screenshot(page, "offline-sliding-hint")
    for name in [p for p in GAMES if p not in ("sudoku", "sliding")] + ["index", *TOOL_PAGES]:  # every other page
        page.goto(f"{own_site.url}/{name}.html")
        if name in TOOL_PAGES:
            page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
        elif name != "index":
            worker_ready(page)
    assert errors == []
    assert page.evaluate("window.__csp") == []


def test_a_new_build_offers_to_reload(sw_context, tmp_path: Path) -> None:
    """Serve a copy, then change it as a rebuild would: the page says a new version is ready."""
    root = tmp_path / "site"
    shutil.copytree(DIST, root)
    site = Site(root)
    try:
        page = sw_context.new_page()
        controlled(page, f"{site.url}/index.html")
        sw = root / "sw.js"
        old = sw.read_text()
        start = old.index('const CACHE = "') + len('const CACHE = "')
        sw.write_text(old[:start] + "rebuilt-" + old[start:])  # a new build hash
        (root / "app.js").write_text((root / "app.js").read_text() + "\n// rebuilt\n")
        page.reload()
        page.wait_for_selector("#update-notice", timeout=120_000)
        assert "new version" in page.inner_text("#update-notice").lower()
        screenshot(page, "offline-update-notice")
        page.click("#update-notice button")
        page.wait_for_function("navigator.serviceWorker.controller && "
                               "caches.keys().then(k => k.some(n => n.includes('rebuilt-')))", timeout=60_000)
        page.wait_for_selector("#update-notice", state="detached", timeout=60_000)  # the page reloaded
        page.wait_for_load_state()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
    finally:
        site.stop()


def test_the_site_plays_under_a_sub_path(browser, tmp_path: Path) -> None:
    """dist/ hosted at /tessera/: every URL is relative, so pages, the worker and data files load."""
    (tmp_path / "tessera").symlink_to(DIST, target_is_directory=True)
    site = Site(tmp_path, plain=True)  # and not isolated: the page plays without interrupts
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        watch = PageWatch(page, site.url)
        page.goto(f"{site.url}/tessera/sliding.html")
        worker_ready(page)
        assert not page.evaluate("crossOriginIsolated") and page.get_attribute("body", "data-interrupts") is None
        ask_hint(page)
        page.goto(f"{site.url}/tessera/index.html")
        page.click("#card-sudoku")
        page.wait_for_url("**/tessera/sudoku.html")
        worker_ready(page)
        ask_hint(page)
        watch.assert_clean()
    finally:
        ctx.close()
        site.stop()
