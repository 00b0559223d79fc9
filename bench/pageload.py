"""Benchmark: what one page load costs the machine, as a browser test pays it (issue of the suite's length).

    .venv/bin/python bench/pageload.py [--pages sudoku,stats] [--loads N] [--warm]

Serves the built dist/ as the tests do (tests/conftest.py's server) and drives Debian's Chromium with the tests'
flags. Per page: --loads times a fresh context (service workers off, as the `context` fixture), navigation, the
board and (on a page with a solver) its worker ready; then the wall time per load and the CPU seconds Chromium's
processes and this one spent per load, split by process kind (a closed page's renderer counts in the total only,
as its parent reaped it). A warm-up load first fills the server's gzip cache. With --warm, each load is a new page in
one profile kept on disk, as the tests' `profiles` fixture lends them (HTTP and compiled-code caches warm, the
site's storage cleared after each load). Measure alone: 2 cores.
"""

from __future__ import annotations

import argparse
import collections
import functools
import re
import sys
import threading
import time
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from conftest import CHROMIUM, CHROMIUM_FLAGS, DIST, TOOL_PAGES, Lender, Profiles, _Quiet, _Server


def cpu_total(proc: psutil.Process) -> float:
    """CPU seconds of a process and everything below it, reaped children included."""
    total = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.NoSuchProcess:
            pass
    return total


def by_kind(proc: psutil.Process) -> collections.Counter:
    """CPU seconds of the live processes by kind (Chromium's --type, or "browser", or "python")."""
    out: collections.Counter = collections.Counter()
    for p in [proc, *proc.children(recursive=True)]:
        try:
            line = " ".join(p.cmdline())
            t = p.cpu_times()
        except psutil.NoSuchProcess:
            continue
        kind = re.search(r"--type=([a-z-]+)", line)
        out[kind.group(1) if kind else "python" if p.pid == proc.pid or "python" in line else "browser"] += \
            t.user + t.system
    return out


def load(browser, url: str, worker: bool) -> float:
    """One load as a test makes it (`browser`: a Browser, or a warm profile's Lender); its wall seconds."""
    ctx = browser.new_context(service_workers="block", viewport={"width": 1100, "height": 820})
    page = ctx.new_page()
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-worker=ready]" if worker else "body[data-ready]", state="attached",
                           timeout=120_000)
    seconds = time.perf_counter() - t0
    ctx.close()
    return seconds


def main() -> None:
    """Run and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default="sudoku,stats", help="pages to load, comma-separated")
    parser.add_argument("--loads", type=int, default=6)
    parser.add_argument("--warm", action="store_true", help="loads in one warm profile, as the tests make them")
    args = parser.parse_args()
    server = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    me = psutil.Process()
    print(f"{'page':10} {'wall s':>7} {'CPU s':>6}  CPU s by process kind (live ones)")
    with sync_playwright() as pw:
        profiles = Profiles(pw) if args.warm else None
        browser = Lender(profiles) if profiles else pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        for name in args.pages.split(","):
            url, worker = f"{base}/{name}.html", name not in TOOL_PAGES
            load(browser, url, worker)
            cpu0, kinds0, walls = cpu_total(me), by_kind(me), []
            for _ in range(args.loads):
                walls.append(load(browser, url, worker))
            kinds = by_kind(me)
            split = ", ".join(f"{k} {(kinds[k] - kinds0.get(k, 0)) / args.loads:.2f}" for k in sorted(kinds))
            print(f"{name:10} {sum(walls) / args.loads:7.2f} {(cpu_total(me) - cpu0) / args.loads:6.2f}  {split}")
        profiles.close() if profiles else browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
