"""Benchmark: page start times, cold and warm, and the same solver in the browser worker and in CPython.

    .venv/bin/python bench/browser.py [--limit N] [--hints N] [--rounds N] [--korf N] [--rolls N] [--cards N]
                                      [--waits N] [--twentyfour N]
                                      [--starts | --waits-only | --sliding-only | --hard-only]

Builds dist/ if missing, serves it on 127.0.0.1 and drives Debian's Chromium. First, for every
page: the time from navigation to a drawn board (its accessible mirror filled) and to a ready
worker, taken by the page's own clock (a mutation observer installed before the page's scripts;
Playwright's own waits add 0.1-0.5 s), cold (a fresh profile: nothing cached, the service worker
installs) and warm (the second visit: everything from the service worker's cache, compiled code
cached by the browser); the median of --rounds fresh profiles (--starts: only these), with the bytes a first visit
fetched before its worker was ready (as sent: the server gzips what compresses, as static hosts do) and the
largest of those files on the first page. Then it
times, inside the worker (its exported `timeit`) and here in CPython in the same run: `solve` on
top95 and hardest; a Sudoku `hint` on each top95 puzzle once its singles are played (the first
hint that needs a real technique); every hint of the hint walks of `hardest` (values and notes as
a player meets them); every Skyscrapers hint of the walks of Tatham's Extreme and Unreasonable
Towers and a generated 9x9 Extreme; the sliding puzzle's optimal `hint` on random 4x4 positions
(pattern databases loaded first) and on Korf's 100 (the quick provisional hint, then the optimal
one); the 24-puzzle plan's hints (quick, then full) on Korf and Felner's 50 and 10x10 solves (--sliding-only: just
these); every hint of the walks of hardest and of bench/hints.py's top1465hard (--hard-only: just these two);
Genius Square counting every solution of --rolls rolls; Cubes 3D level-4 generation (both
piece sets). And what a player waits for a sliding hint asked the moment the worker is ready on a
Korf position (the page's own distance search under way), on a cross-origin isolated page (the
hint interrupts that search) and on one served without the isolation headers (it waits behind it).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

# CPython uses the built pattern databases (of the site at $TESSERA_DIST, as the tests)
os.environ.setdefault("TESSERA_DATA", str(Path(os.environ.get("TESSERA_DIST", ROOT / "dist")) / "data"))
from conftest import BENCHMARKS, CHROMIUM, CHROMIUM_FLAGS, DIST, _Plain, _Quiet, _Server  # noqa: E402

import solvers  # noqa: E402
from solvers import commands  # noqa: E402

PAGES = {"sudoku": "#aria-board [role=gridcell]", "skyscrapers": "#aria-board [role=gridcell]",
         "sliding": "#aria-board [role=gridcell]", "genius": "#aria-board [role=gridcell]",
         "ubongo": "#aria-board [role=gridcell]", "watch": "#aria-a [role=gridcell]"}


def puzzles(name: str, limit: int) -> list[dict]:
    """Solve inputs from a benchmark file."""
    lines = [x.strip() for x in (BENCHMARKS / name).read_text().splitlines() if x.strip() and not x.startswith("#")]
    return [{"grid": x} for x in lines[:limit]]


def sliding_positions(count: int) -> list[dict]:
    """Random solvable 4x4 positions (the generator's Random grade), as hint inputs."""
    fam = solvers.family("sliding")
    out = []
    for seed in range(count):
        p = commands.run(fam, "generate", {"difficulty": len(fam.grades), "seed": f"bench-{seed}", "size": 4})
        out.append({"width": 4, "height": 4, "tiles": p["tiles"]})
    return out


def korf_positions(count: int, quick: bool) -> list[dict]:
    """Korf's 100 (the first `count`) as sliding hint inputs; `quick` asks for the provisional good move."""
    from sliding import korf_instances

    extra = {"quick": True} if quick else {}
    return [{"width": 4, "height": 4, "tiles": list(tiles), "limit": {"seconds": 300}, **extra}
            for _, _, tiles in korf_instances()[:count]]


def twentyfour_positions(count: int, quick: bool) -> list[dict]:
    """Korf and Felner's 24-puzzles (the first `count`) as sliding hint inputs (the plan; `quick`: its first move)."""
    from sliding import korf_felner_instances

    extra = {"quick": True} if quick else {}
    return [{"width": 5, "height": 5, "tiles": list(tiles), "limit": {"seconds": 60}, **extra}
            for _, _, tiles in korf_felner_instances()[:count]]


def large_positions(side: int, count: int) -> list[dict]:
    """Seeded random side x side positions (bench/sliding.py's), as solve inputs."""
    import random

    from solvers import sliding as sl

    return [{"width": side, "height": side, "limit": {"seconds": 60},
             "tiles": list(sl.random_solvable(side, side, random.Random(f"bench-{side}-{seed}")).tiles)}
            for seed in range(count)]


def genius_rolls(count: int) -> list[dict]:
    """Every (62,208 // count)-th roll of the real dice, as solve inputs that count every solution."""
    from solvers import genius

    rolls = genius.all_rolls()
    return [{"blockers": [genius.cell_name(c) for c in r], "count": True} for r in rolls[::len(rolls) // count][:count]]


def cubes_level4(count: int) -> list[dict]:
    """Generate requests for Cubes 3D level-4 cards (both piece sets), seeds 0.."""
    return [{"difficulty": 4, "seed": f"bench-{i // 2}", "variant": ("family", "original")[i % 2]}
            for i in range(count)]


SINGLES = ("Full house", "Naked single", "Hidden single")


def hard_hint_positions(name: str, limit: int) -> list[dict]:
    """Hint inputs: each puzzle after its singles, where the next hint needs a real technique."""
    fam = solvers.family("sudoku")
    out = []
    for obj in puzzles(name, limit):
        state = obj["grid"]
        for _ in range(81):
            hint = commands.run(fam, "hint", {"grid": obj["grid"], "state": state})
            if hint.get("technique") not in SINGLES:
                break
            r, c, v = hint["move"]["place"]
            state = state[:r * 9 + c] + str(v) + state[r * 9 + c + 1:]
        out.append({"grid": obj["grid"], "state": state})
    return out


def walk_positions(name: str, limit: int) -> list[dict]:
    """Hint inputs (values and notes) at every step of the hint walks of a set (a file of ../shared/benchmarks, or
    bench/hints.py's `top1465hard`), as a player meets them."""
    from solvers.latin import bit, candidates
    from solvers.sudoku import play

    fam = solvers.family("sudoku")
    out = []
    if name == "top1465hard":
        from hints import HARD_1465

        every = puzzles("sudoku_top1465.txt", max(HARD_1465) + 1)
        chosen = [every[i] for i in HARD_1465][:limit]
    else:
        chosen = puzzles(name, limit)
    for obj in chosen:
        puzzle = fam.read(obj)
        values, notes = list(puzzle.givens), candidates(puzzle.geometry, list(puzzle.givens))
        for _ in range(400):
            state = play.State(tuple(values), tuple(0 if values[c] else notes[c] for c in range(81)))
            pencil = ["".join(str(v) for v in range(1, 10) if m >> (v - 1) & 1) for m in state.notes]
            text = "".join(str(v) if v else "." for v in values)
            hint = play.next_step(puzzle, state, use_notes=True)
            if hint.technique == "Solved":
                break
            out.append({"grid": obj["grid"], "state": text, "pencil": pencil})
            if "place" in hint.move:
                r, c, v = hint.move["place"]
                values[r * 9 + c] = v
                for q in puzzle.geometry.peers[r * 9 + c]:
                    notes[q] &= ~bit(v)
            else:
                for r, c, v in hint.move["eliminate"]:
                    notes[r * 9 + c] &= ~bit(v)
    return out


def skyscrapers_walk_positions() -> list[dict]:
    """Hint inputs (heights and notes) at every step of the hint walks of Tatham's Extreme and Unreasonable Towers
    (6x6-8x8) and of a generated 9x9 Extreme, as a player meets them."""
    from hints_skyscrapers import walk
    from test_skyscrapers_ladder import TATHAM, tatham

    from solvers import skyscrapers as sky
    from solvers.base import rng_for

    out: list[dict] = []
    puzzles = [tatham(t) for t in TATHAM] + [sky.generate(rng_for(0, "bench-browser", 9), sky.EXTREME, 9)[0]]
    for puzzle in puzzles:
        walk(puzzle, True, out)
    return out


# a request straight to the page's worker (window.tesseraWorker), answered by its id
ASK = ("([fn, args]) => new Promise(done => { const w = window.tesseraWorker, id = 'bench' + Math.random();"
       " const hear = e => { if (e.data.id === id) {"
       " w.removeEventListener('message', hear); done(e.data.value); } };"
       " w.addEventListener('message', hear); w.postMessage({id, fn, args}); })")


def cpython_ms(family: str, command: str, objs: list[dict]) -> list[float]:
    """Per-object time of a family command in CPython."""
    fam = solvers.family(family)
    out = []
    for obj in objs:
        t = time.perf_counter()
        commands.run(fam, command, obj)
        out.append((time.perf_counter() - t) * 1000)
    return out


# Marks taken inside the page (milliseconds since navigation began, performance.now()): when the board's
# accessible mirror first has cells (the board is drawn with it) and when the worker is ready.
MARKS = """window.__marks = {};
new MutationObserver(() => {
    const m = window.__marks;
    if (!m.board && document.querySelector(%s)) m.board = performance.now();
    const body = document.body;
    if (!m.worker && body && body.getAttribute('data-worker') === 'ready') m.worker = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true});"""


def visit(page, url: str, mirror: str) -> tuple[float, float]:
    """Seconds from navigation to a drawn board and to a ready worker, as the page's own clock saw them."""
    page.add_init_script(MARKS % json.dumps(mirror))
    page.goto(url)
    page.wait_for_function("window.__marks && window.__marks.board && window.__marks.worker", timeout=180_000)
    marks = page.evaluate("window.__marks")
    return marks["board"] / 1000, marks["worker"] / 1000


def fetched_before_ready(page, finished: list) -> list[tuple[str, int]]:
    """(file, bytes as sent) of every request of the page and its worker that ended before the worker was ready."""
    ready = page.evaluate("performance.timeOrigin + window.__marks.worker")
    out = []
    for request in finished:
        timing = request.timing
        if timing["startTime"] + timing["responseEnd"] <= ready:
            out.append((request.url.rsplit("/", 1)[-1] or "/", request.sizes()["responseBodySize"]))
    return out


def start_times(browser, base: str, rounds: int) -> tuple[list[tuple], list[tuple[str, int]]]:
    """Per page: median board and worker times, cold then warm (service worker cache), and the median bytes fetched
    before the worker was ready on a first visit; and the files of the first page's first visit."""
    rows, files = [], []
    for name, mirror in PAGES.items():
        cold, warm, sent = [], [], []
        for _ in range(rounds):
            ctx = browser.new_context()
            finished: list = []
            ctx.on("requestfinished", lambda request, finished=finished: finished.append(request))
            page = ctx.new_page()
            cold.append(visit(page, f"{base}/{name}.html", mirror))
            fetched = fetched_before_ready(page, finished)
            sent.append(sum(n for _, n in fetched))
            files = files or fetched
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=180_000)
            page.evaluate("navigator.serviceWorker.ready.then(() => caches.keys())")
            page.close()
            page = ctx.new_page()
            warm.append(visit(page, f"{base}/{name}.html", mirror))
            ctx.close()
        rows.append((name, statistics.median(b for b, _ in cold), statistics.median(w for _, w in cold),
                     statistics.median(b for b, _ in warm), statistics.median(w for _, w in warm),
                     statistics.median(sent)))
    return rows, files


HINT_SEEN = """() => { const box = document.querySelector('#hint-reason'); window.__hint = null;
    new MutationObserver(() => { if (window.__hint === null && box.innerText.trim())
        window.__hint = performance.now(); }).observe(box, {childList: true, characterData: true, subtree: true}); }"""


def hint_while_searching(browser, count: int) -> list[tuple[str, list[float]]]:
    """Milliseconds from pressing Hint to the first hint shown, on a Korf position opened by a link, the moment the
    worker is ready (when the page has started its own distance search): served with and without isolation."""
    from sliding import korf_instances

    out = []
    for label, handler in (("isolated (interrupts)", _Quiet), ("not isolated (waits)", _Plain)):
        server = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(DIST)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        times = []
        for _, _, tiles in korf_instances()[:count]:
            ctx = browser.new_context(service_workers="block")
            page = ctx.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/sliding.html#4x4:" + ",".join(map(str, tiles)))
            page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=120_000)
            page.evaluate(HINT_SEEN)
            t0 = page.evaluate("performance.now()")
            page.click("#hint")
            page.wait_for_function("window.__hint !== null", timeout=120_000)
            times.append(page.evaluate("window.__hint") - t0)
            ctx.close()
        server.shutdown()
        out.append((label, times))
    return out


BIG = ("sliding 24 quick hint", "sliding 24 plan hint", "sliding 10x10 solve")  # the sets beyond 4x4


def make_sets(args: argparse.Namespace) -> list[tuple[str, str, str, list[dict]]]:
    """The timed sets: (name, family, command, inputs); --sliding-only: the sets beyond 4x4."""
    if args.sliding_only:
        return [(BIG[0], "sliding", "hint", twentyfour_positions(args.twentyfour, True)),
                (BIG[1], "sliding", "hint", twentyfour_positions(args.twentyfour, False)),
                (BIG[2], "sliding", "solve", large_positions(10, 5))]
    sets = [(name, "sudoku", "solve", puzzles(name, args.limit)) for name in ("sudoku_top95.txt", "sudoku_hardest.txt")]
    sets.append(("sudoku hint past singles", "sudoku", "hint", hard_hint_positions("sudoku_top95.txt", args.limit)))
    sets.append(("sudoku hint, hardest walks", "sudoku", "hint", walk_positions("sudoku_hardest.txt", args.limit)))
    sets.append(("skyscrapers hint, hard walks", "skyscrapers", "hint", skyscrapers_walk_positions()))
    sets.append(("sliding 4x4 hint", "sliding", "hint", sliding_positions(args.hints)))
    sets.append(("sliding quick hint, Korf", "sliding", "hint", korf_positions(args.korf, True)))
    sets.append(("sliding hint, Korf", "sliding", "hint", korf_positions(args.korf, False)))
    sets += make_sets(argparse.Namespace(**{**vars(args), "sliding_only": True}))
    sets.append(("genius count a roll", "genius", "solve", genius_rolls(args.rolls)))
    sets.append(("cubes 3D level 4 generate", "ubongo", "generate", cubes_level4(args.cards)))
    return sets


def main() -> None:
    """Run and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=95)
    parser.add_argument("--hints", type=int, default=10, help="random 4x4 sliding positions to hint")
    parser.add_argument("--rounds", type=int, default=3, help="fresh profiles per page for the start times")
    parser.add_argument("--starts", action="store_true", help="only the page start times")
    parser.add_argument("--korf", type=int, default=100, help="Korf instances to hint (optimal and quick)")
    parser.add_argument("--rolls", type=int, default=50, help="Genius rolls to count")
    parser.add_argument("--cards", type=int, default=10, help="Cubes 3D level-4 cards to generate")
    parser.add_argument("--waits", type=int, default=10, help="Korf positions to hint while the page searches")
    parser.add_argument("--waits-only", action="store_true", help="only the hints while the page searches")
    parser.add_argument("--twentyfour", type=int, default=50, help="Korf and Felner's 24-puzzles to hint")
    parser.add_argument("--sliding-only", action="store_true", help="only the sliding sets beyond 4x4 (no starts)")
    parser.add_argument("--hard-only", action="store_true", help="only the Sudoku hint walks of hardest and "
                        "top1465hard (no starts)")
    args = parser.parse_args()
    if not (DIST / "sudoku.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True)
    server = _Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    url = f"{base}/sudoku.html"
    warming = _Quiet.warm(str(DIST))
    if warming is not None:
        warming.join()  # the server's gzipped runtime made before any visit is timed
    from playwright.sync_api import sync_playwright

    sets = [] if args.starts or args.waits_only or args.hard_only else make_sets(args)
    ask = ASK
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        quiet = args.waits_only or args.sliding_only or args.hard_only
        starts, files = ([], []) if quiet else start_times(browser, base, args.rounds)
        waits = [] if args.starts or args.sliding_only or args.hard_only else hint_while_searching(browser, args.waits)
        if args.hard_only:
            sets = [("sudoku hint, hardest walks", "sudoku", "hint", walk_positions("sudoku_hardest.txt", 11)),
                    ("sudoku hint, top1465hard walks", "sudoku", "hint", walk_positions("top1465hard", 30))]
        page = browser.new_context(service_workers="block").new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_function("document.querySelectorAll('#aria-board [role=gridcell]').length == 81")
        board_s = time.perf_counter() - t0
        page.wait_for_selector("body[data-worker=ready]", state="attached", timeout=120_000)
        worker_s = time.perf_counter() - t0
        t1 = time.perf_counter()
        page.evaluate(ask, ["call", ["sliding", "check", json.dumps({"width": 4, "height": 4, "tiles": [
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15]})]])  # loads the pattern databases
        data_s = time.perf_counter() - t1
        for name, family, command, objs in sets:
            result = json.loads(page.evaluate(ask, ["timeit", [family, command, json.dumps(objs)]]))
            rows.append((name, cpython_ms(family, command, objs), result["ms"]))
        browser.close()
    server.shutdown()
    print(f"start times: median of {args.rounds} fresh profiles per page (cold: nothing cached; warm: the second "
          f"visit, from the service worker's cache), by the page's own clock; MB sent: what the cold visit fetched "
          f"before its worker was ready, as sent (gzipped where it compresses)")
    print(f"{'page':<14}{'board cold s':>14}{'worker cold s':>15}{'board warm s':>14}{'worker warm s':>15}"
          f"{'MB sent':>10}")
    for name, bc, wc, bw, ww, sent in starts:
        print(f"{name:<14}{bc:>14.2f}{wc:>15.2f}{bw:>14.2f}{ww:>15.2f}{sent / 1e6:>10.2f}")
    if files:
        big = sorted(files, key=lambda f: -f[1])
        print(f"{next(iter(PAGES))}'s first cold visit: {len(files)} files, {sum(n for _, n in files) / 1e6:.2f} MB "
              "before ready; the largest: " + ", ".join(f"{name} {n / 1e6:.2f}" for name, n in big[:6]))
    for label, ms in waits:
        if not ms:
            continue
        print(f"sliding hint while the page searches, {label}: median {statistics.median(ms):.0f} ms, "
              f"max {max(ms):.0f} ms over {len(ms)} Korf positions")
    print(f"board visible after {board_s * 1000:.0f} ms; worker ready after {worker_s:.1f} s (no service worker); "
          f"pattern databases fetched and loaded in {data_s:.1f} s")
    print(f"{'set':<32}{'where':<10}{'median ms':>10}{'p99 ms':>10}{'max ms':>10}{'total ms':>10}{'ratio':>8}")
    for name, here, there in rows:
        base = sum(here)
        for where, ms in (("CPython", here), ("browser", there)):
            p99 = sorted(ms)[int(0.99 * (len(ms) - 1))]
            print(f"{name:<32}{where:<10}{statistics.median(ms):>10.2f}{p99:>10.2f}{max(ms):>10.2f}{sum(ms):>10.1f}"
                  f"{sum(ms) / base:>8.2f}")


if __name__ == "__main__":
    main()
