"""Shared fixtures: the built site served on 127.0.0.1 and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import fcntl
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import settings

# Every property test draws the same examples on every run and in every test process (no example database).
settings.register_profile("tessera", derandomize=True, database=None)
settings.load_profile("tessera")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import solvers  # noqa: E402
from build import QuietHandler  # noqa: E402

DIST = Path(os.environ.get("TESSERA_DIST", ROOT / "dist"))
_ENTRIES = {p.stem: json.loads(p.read_text()) for p in sorted((ROOT / "site" / "pages").glob("*.json"))}
SITE_PAGES = [name for name, e in _ENTRIES.items() if e.get("board", True)]  # every page with a board
TOOL_PAGES = [name for name, e in _ENTRIES.items() if not e.get("board", True)]  # the statistics: no board, no worker
GAME_PAGES = [p for p in SITE_PAGES if p in solvers.names()]  # a family's own page (the others: watch the solver)
T = TypeVar("T")
BENCHMARKS = ROOT.parent / "shared" / "benchmarks"
SCREENSHOTS = ROOT / "tests" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Any request that tries to leave this machine fails loudly.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


def _poll_every(ms: int) -> None:
    """A page's or frame's wait on a function polls every `ms` milliseconds unless the test asks otherwise:
    Playwright's default polls every animation frame, which keeps headless Chromium drawing 60 frames a second
    (about 0.07 CPU s per second waited, against 0.015 at 50 ms: the suite's cores are its limit)."""
    from playwright.sync_api import Frame, Page

    for kind in (Page, Frame):
        def polled(self, expression: str, *, arg: object = None, timeout: float | None = None,
                   polling: float | str | None = None, _wait=kind.wait_for_function):
            return _wait(self, expression, arg=arg, timeout=timeout, polling=ms if polling is None else polling)
        kind.wait_for_function = polled


_poll_every(50)


# Files whose tests one xdist worker runs one after another: a module's costly setup made once (test_batch's
# loopback cluster), or tests that read files others of them may write (the learn data under .cache/).
TOGETHER = {"test_batch.py": "batch", "test_learn.py": "learn-data", "test_new_family.py": "learn-data"}


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--rare`: run the `rare` tests too (skipped otherwise)."""
    parser.addoption("--rare", action="store_true", help="also run the tests marked rare (long full checks)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that opens the built site is a browser test, marked or not (`-m "not browser"` never builds dist/).
    A `rare` test is skipped unless `--rare` is given. Under pytest-xdist the `slow` tests come first (each worker
    collects the same order; the longest start at once instead of one ending alone after the rest)."""
    rare = config.getoption("--rare")
    for item in items:
        if not rare and item.get_closest_marker("rare"):
            item.add_marker(pytest.mark.skip(reason="rare: a long full check, run with --rare"))
        if {"site_url", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if item.path.name in TOGETHER:
            item.add_marker(pytest.mark.xdist_group(TOGETHER[item.path.name]))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable: the order within each kept


def run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end in a thread of its own (Playwright's loop may be running in this one)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


class _Quiet(QuietHandler):
    """build.py's static handler (types, isolation headers), silent."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Plain(_Quiet):
    """A static host that sends no cross-origin isolation headers (most do not): the page cannot interrupt its
    worker."""

    def end_headers(self) -> None:
        http.server.SimpleHTTPRequestHandler.end_headers(self)


class _Server(http.server.ThreadingHTTPServer):
    """A static server that ignores browsers hanging up mid-download (a page closed by a test)."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError)):
            super().handle_error(request, client_address)


def built_site() -> Path:
    """dist/, built first when missing; the test processes (pytest-xdist's workers) take turns, so one builds it
    and the others wait for that build and find it there."""
    lock = Path(tempfile.gettempdir()) / f"tessera-build-{hashlib.sha256(bytes(DIST.resolve())).hexdigest()[:12]}.lock"
    with lock.open("w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if not (DIST / "sudoku.html").exists():
            subprocess.run([sys.executable, str(ROOT / "build.py")], check=True)
    return DIST


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Serve dist/ (building it when missing) on a free 127.0.0.1 port: one server per test process."""
    built_site()
    handler = functools.partial(_Quiet, directory=str(DIST))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright():
    """Playwright's driver, one per test process."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium (build.py test does this)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    """Debian's Chromium, headless (never a downloaded browser): fresh contexts with nothing cached, for the tests
    of a first visit (service workers, the offline site)."""
    b = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
    yield b
    b.close()


STORED = "cookies,file_systems,indexeddb,local_storage,websql,service_workers,cache_storage"  # all a site keeps


class Profiles:
    """Chromium profiles kept on disk for one test process and lent to its tests one at a time, as a returning
    visitor's browser: its HTTP and compiled-code caches stay warm (a page load costs about a CPU second less than
    in a fresh context, which compiles Pyodide again), while what the site stored is cleared between tests. A
    profile per kind of device (touch, mobile); viewport and colour scheme are set per page."""

    def __init__(self, playwright) -> None:
        self.playwright = playwright
        self.free: dict[tuple[bool, bool], list] = {}
        self.made: list = []
        self.root = Path(tempfile.mkdtemp(prefix="tessera-profiles-"))

    def lend(self, has_touch: bool, is_mobile: bool):
        """A free profile of that kind (launched when none is free)."""
        free = self.free.setdefault((has_touch, is_mobile), [])
        if free:
            return free.pop()
        ctx = self.playwright.chromium.launch_persistent_context(
            self.root / str(len(self.made)), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, service_workers="block",
            has_touch=has_touch, is_mobile=is_mobile, accept_downloads=True)
        self.made.append(ctx)
        return ctx

    def give_back(self, key: tuple[bool, bool], ctx, origins: set[str]) -> None:
        """A profile its test is done with, cleared, free again (closed when it cannot be cleared)."""
        try:
            keep = ctx.pages[0]  # the profile's first page stays open, blank: the profile lives while a page does
            for page in ctx.pages[1:]:
                page.close()
            keep.goto("about:blank")
            cdp = ctx.new_cdp_session(keep)
            for origin in origins:
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORED})
            cdp.detach()
            ctx.clear_cookies()
        except Exception:  # a crashed profile: launch another next time
            self.made.remove(ctx)
            with contextlib.suppress(Exception):
                ctx.close()
            return
        self.free[key].append(ctx)

    def close(self) -> None:
        """Close every profile and remove them from disk."""
        for ctx in self.made:
            ctx.close()
        shutil.rmtree(self.root, ignore_errors=True)


class Lent:
    """A profile lent to one test, used as a fresh context: `new_page` gives the asked viewport and colour scheme,
    `close` gives the profile back cleared, `browser.new_context` lends another (a second visitor)."""

    def __init__(self, lender: Lender, key: tuple[bool, bool], ctx, viewport: dict, color_scheme: str | None) -> None:
        self.browser = lender
        self._key, self._ctx, self._viewport, self._scheme = key, ctx, viewport, color_scheme
        self.origins: set[str] = set()  # where its pages went: what to clear
        self._seen = lambda request: self.origins.add("/".join(request.url.split("/")[:3])) \
            if request.url.startswith("http") else None
        ctx.on("request", self._seen)
        self.closed = False

    def new_page(self):
        """A new page of the profile, at the viewport and colour scheme asked."""
        page = self._ctx.new_page()
        page.set_viewport_size(self._viewport)
        if self._scheme:
            page.emulate_media(color_scheme=self._scheme)
        return page

    @property
    def pages(self) -> list:
        """The pages the test opened."""
        return self._ctx.pages[1:]

    def close(self) -> None:
        """Give the profile back (its pages closed, the site's storage cleared)."""
        if not self.closed:
            self.closed = True
            self._ctx.remove_listener("request", self._seen)
            self.browser.profiles.give_back(self._key, self._ctx, self.origins)

    def __getattr__(self, name: str):
        return getattr(self._ctx, name)


class Lender:
    """What a test borrows profiles through, as it would make contexts: `new_context(**options)`; every profile
    still lent when the test ends is given back."""

    def __init__(self, profiles: Profiles) -> None:
        self.profiles = profiles
        self.lent: list[Lent] = []

    def new_context(self, viewport: dict | None = None, has_touch: bool = False, is_mobile: bool = False,
                    color_scheme: str | None = None, service_workers: str = "block", accept_downloads: bool = True
                    ) -> Lent:
        """A warm profile as a context with these options (service workers always blocked, downloads accepted)."""
        assert service_workers == "block", "a test of service workers makes its own context (browser fixture)"
        assert accept_downloads, "the profiles accept downloads"
        key = (has_touch, is_mobile)
        lent = Lent(self, key, self.profiles.lend(*key), viewport or {"width": 1280, "height": 720}, color_scheme)
        self.lent.append(lent)
        return lent

    def give_all_back(self) -> None:
        """Return what the test did not close."""
        for lent in self.lent:
            lent.close()


def contexts_for(request: pytest.FixtureRequest, profiles: Lender):
    """What a device fixture makes its context with: the test's warm profiles, or a fresh browser context for a
    test marked `clock` (a context's fake clock stays in it)."""
    return request.getfixturevalue("browser") if request.node.get_closest_marker("clock") else profiles


@pytest.fixture(scope="session")
def _profiles(playwright) -> Iterator[Profiles]:
    """The test process's warm profiles."""
    profiles = Profiles(playwright)
    yield profiles
    profiles.close()


@pytest.fixture
def profiles(_profiles: Profiles) -> Iterator[Lender]:
    """Warm profiles lent to this test as contexts (`profiles.new_context(...)`), given back at its end."""
    lender = Lender(_profiles)
    yield lender
    lender.give_all_back()


class PageWatch:
    """Records requests and errors of a page so tests can assert on them."""

    def __init__(self, page, origin: str) -> None:
        self.page = page
        self.origin = origin
        self.outside: list[str] = []
        self.errors: list[str] = []
        page.on("request", self._request)
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on("console", lambda m: self.errors.append(m.text) if "Traceback" in m.text or m.text.startswith(
            "Tessera:") else None)  # a Python error, or a page lacking an element id or rules hook it declares

    def _request(self, request) -> None:
        url = request.url
        if not (url.startswith(self.origin) or url.startswith(("blob:", "data:"))):
            self.outside.append(url)

    def assert_clean(self) -> None:
        """No request left 127.0.0.1 and no page error happened."""
        assert self.outside == [], f"requests left the machine: {self.outside}"
        assert self.errors == [], f"page errors: {self.errors}"


@pytest.fixture
def context(profiles: Lender):
    """A context with nothing stored (a warm profile; service workers off: test_browser_offline.py covers them)."""
    ctx = profiles.new_context(viewport={"width": 1100, "height": 820})
    yield ctx
    ctx.close()


@pytest.fixture
def watch(context, site_url):
    """A page in a fresh context, checked for outside requests and errors at the end."""
    page = context.new_page()
    w = PageWatch(page, site_url)
    yield w
    w.assert_clean()


def screenshot(page, name: str) -> Path:
    """Save a screenshot under tests/screenshots/ (look at them)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    partial = path.with_name(f"{name}.{os.getpid()}.tmp")  # another test process never sees half a file
    partial.write_bytes(page.screenshot())
    os.replace(partial, path)
    return path
