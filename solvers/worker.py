"""Tessera's solver worker (Pyodide): the functions the page calls, off its main thread.

`site/worker/boot.js` (the module worker the page starts) restores Pyodide with this package imported (or
loads it with Pyodide's own package loader) and calls these functions. Every call takes and returns JSON
text; errors come back as {"error", "kind"} objects so the page can show a message instead of a traceback.
Every call runs a declared command under its request's budget (the input's "limit", else the default:
commands.py), so a hard puzzle answers "timeout" instead of tying the worker up. Traces are streamed in
chunks; at most MAX_TRACES stay open and one left unread for TRACE_IDLE_SECONDS is dropped. Importable under
CPython (the tests call it there); only fetching data files needs the browser. Restored from the snapshot, the
worker has no files of the standard library or the solvers until an import needs one (`later`).
"""

import asyncio
import contextlib
import importlib
import io
import itertools
import json
import site
import sys
import time
import zipfile
import zipimport
from collections.abc import Callable, Iterator

import solvers
from solvers import commands
from solvers.base import PuzzleError

MAX_TRACES = 4  # open traces kept; starting one more drops the least recently read
TRACE_IDLE_SECONDS = 600.0  # a trace nobody read for this long is dropped
MAX_CHUNK = 100_000  # events in one trace_next

_traces: dict[int, tuple[Iterator[dict], float]] = {}  # id -> (events, when last read)
_ids = itertools.count(1)
_loaded: set[str] = set()  # data files fetched
_fetching: dict[str, asyncio.Future] = {}  # data file -> its fetch under way
_listed: dict | None = None  # data/manifest.json, once fetched
_base = ""  # the site's URL, set by the page through configure()
_interrupts = None  # the page's interrupt counter (an Int32Array over shared memory), once handed over
INTERRUPTED = {"error": "interrupted: a request of the player's came first", "kind": "cancelled", "interrupted": True}


def _guard(fn):
    """Turn any failure of `fn` into an error object."""

    async def wrapped(*args):
        try:
            return json.dumps(await fn(*args))
        except PuzzleError as exc:
            return json.dumps(exc.to_json())
        except RecursionError:
            return json.dumps({"error": "the puzzle is too large to handle", "kind": "invalid"})
        except Exception as exc:
            return json.dumps({"error": f"internal error: {type(exc).__name__}: {exc}", "kind": "internal"})

    return wrapped


async def _ensure_data(family: str, command: str, obj: object) -> None:
    """Fetch the data files a call may read (e.g. pattern databases) into the worker's file system, once each.

    Calls run concurrently (each awaits its fetches), so a second call that needs a file waits for the
    first one's fetch instead of writing the same file again under a reader (a half-written table
    once read as empty JSON); a failed fetch is tried afresh by the next call.
    """
    if not _base:
        return
    fam = solvers.family(family)
    wanted = fam.data_files(command, obj)
    if wanted == ():
        return
    listed = (await _manifest()).get(family, [])
    tasks = []
    for name in listed if wanted is None else [n for n in listed if n in wanted]:
        if name in _loaded:
            continue
        task = _fetching.get(name)
        if task is None:
            task = _fetching[name] = asyncio.ensure_future(_fetch_file(family, name))
        tasks.append((name, task))
    try:
        for _, task in tasks:
            await task
    finally:
        for name, task in tasks:
            if task.done() and _fetching.get(name) is task:
                del _fetching[name]


async def _manifest() -> dict:
    """data/manifest.json (family -> its data files), fetched once; none listed when the site has none."""
    global _listed
    if _listed is None:
        from pyodide.http import pyfetch

        resp = await pyfetch(_base + "data/manifest.json")
        _listed = await resp.json() if resp.ok else {}
    return _listed


async def _fetch_file(family: str, name: str) -> None:
    """Download one data file into data/ and point its family there; only then is it counted as loaded (a call
    that finds it loaded never reads before the family knows the file)."""
    import os

    from pyodide.http import pyfetch

    resp = await pyfetch(_base + "data/" + name)
    if not resp.ok:
        raise PuzzleError(f"could not load the solver's data file {name} (HTTP {resp.status})")
    body = await resp.bytes()  # all of it before the file appears: another call's `use_data` may look meanwhile
    os.makedirs("data", exist_ok=True)
    with open(f"data/{name}.part", "wb") as f:
        f.write(body)
    os.replace(f"data/{name}.part", f"data/{name}")
    solvers.family(family).use_data("data")
    _loaded.add(name)


_later: dict[str, str] = {}  # what `later` fetches: "stdlib" and "wheel" -> their URLs


def later(stdlib: str, wheel: str) -> None:
    """Started from the snapshot, Pyodide's standard library is an empty zip and the solvers have no files (what
    they import is in memory): before the first import of a module the snapshot does not hold, fetch the standard
    library's zip and the solvers' wheel from these URLs (once, synchronously: an import cannot wait)."""
    _later.update(stdlib=stdlib, wheel=wheel)
    if _FetchFirst not in sys.meta_path:
        sys.meta_path.insert(0, _FetchFirst)


class _FetchFirst:
    """First on sys.meta_path until `later`'s files are in place."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        """Put the files in place (unless the module is built in), then let the ordinary finders look for it."""
        if name in sys.builtin_module_names:
            return
        with contextlib.suppress(ValueError):
            sys.meta_path.remove(_FetchFirst)
        try:
            stdlib, wheel = _fetch_now(_later["stdlib"]), _fetch_now(_later["wheel"])
        except ImportError:
            sys.meta_path.insert(0, _FetchFirst)  # the next import tries again
            raise
        archive = next(p for p in sys.path if p.endswith(".zip"))
        with open(archive, "wb") as f:
            f.write(stdlib)
        with zipfile.ZipFile(io.BytesIO(wheel)) as z:
            z.extractall(site.getsitepackages()[0], [n for n in z.namelist() if n.endswith(".py")])
        zipimport._zip_directory_cache.pop(archive, None)
        importlib.invalidate_caches()


def _fetch_now(url: str) -> bytes:
    """A file of the site, fetched synchronously (a worker may)."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send()
    if request.status != 200:
        raise ImportError(f"could not load {url.rsplit('/', 1)[-1]} (HTTP {request.status}) for a module of the solver")
    return request.response.to_bytes()


def _load(text: str) -> object:
    """A call's JSON text as a value; PuzzleError for text that is not JSON (of any size or depth)."""
    return commands.load_json(text or "{}")


def _expire(now: float, keep: int = MAX_TRACES) -> None:
    """Drop traces idle for TRACE_IDLE_SECONDS, then the least recently read beyond `keep`."""
    for tid, (_, seen) in list(_traces.items()):
        if now - seen > TRACE_IDLE_SECONDS:
            del _traces[tid]
    for tid, _ in sorted(_traces.items(), key=lambda item: item[1][1])[: max(0, len(_traces) - keep)]:
        del _traces[tid]


@_guard
async def configure(base_url: str) -> dict:
    """Learn the site's base URL (a worker started from a blob: URL cannot resolve relative paths)."""
    global _base
    _base = base_url.rsplit("/", 1)[0] + "/"
    return {"base": _base}


@_guard
async def interrupts(counter: object) -> dict:
    """Take the page's interrupt counter (an Int32Array over a SharedArrayBuffer, on cross-origin isolated pages):
    when the page bumps it, every call that started before answers INTERRUPTED at its budget's next check."""
    global _interrupts
    _interrupts = counter
    return {"interrupts": True}


def _bumped(seen: int) -> Callable[[], bool]:
    """Whether the page bumped its interrupt counter since it read `seen` (the budget's cancel hook)."""
    return lambda: _interrupts is not None and int(_interrupts[0]) != seen


@_guard
async def call(family: str, command: str, text: str, seen: int | None = None) -> dict:
    """Run one declared command of a family on a JSON object, as the CLI would (never a trace); the page's
    interrupt counter stops it (a player's request goes first). `seen` is the counter as the page read it when it
    sent the request, so a Stop pressed while the request waited in the worker's queue still stops it."""
    if seen is None:
        seen = int(_interrupts[0]) if _interrupts is not None else 0
    bumped = _bumped(int(seen))
    obj = _load(text)
    await _ensure_data(family, command, obj)
    if commands.streams(solvers.family(family), command):
        raise PuzzleError(f"{command} streams its answers: use trace_start")
    out = next(commands.answer(family, command, obj, bumped))
    return INTERRUPTED if bumped() else out  # stopped early (maybe with a weaker answer): the page asks again


@_guard
async def trace_start(family: str, text: str, method: str) -> dict:
    """Start a solver trace; returns its id for trace_next."""
    obj = _load(text)
    await _ensure_data(family, "trace", obj)
    if method and isinstance(obj, dict):
        obj["method"] = method
    events = commands.answer(family, "trace", obj)
    first = next(events, None)
    if first is None or "error" in first:
        return first or {"error": "the trace is empty", "kind": "invalid"}
    now = time.monotonic()
    _expire(now, MAX_TRACES - 1)
    tid = next(_ids)
    _traces[tid] = (itertools.chain([first], events), now)
    return {"id": tid}


@_guard
async def trace_next(tid: int, count: int) -> dict:
    """The next `count` events of a trace (fewer at its end, which also closes it)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_CHUNK:
        raise PuzzleError(f"ask for 1 to {MAX_CHUNK} trace events at a time")
    now = time.monotonic()
    _expire(now)
    if tid not in _traces:
        raise PuzzleError("this trace has ended (or was dropped after it sat unread)")
    events = _traces[tid][0]
    _traces[tid] = (events, now)
    chunk = list(itertools.islice(events, count))
    done = len(chunk) < count
    if done:
        _traces.pop(tid, None)
    return {"events": chunk, "done": done}


@_guard
async def trace_stop(tid: int) -> dict:
    """Drop a trace."""
    _traces.pop(tid, None)
    return {"stopped": tid}


@_guard
async def timeit(family: str, command: str, lines: str) -> dict:
    """Time a command on each JSON object of a list (for the browser-vs-CPython benchmark)."""
    fam = solvers.family(family)
    times = []
    objs = _load(lines)
    if not isinstance(objs, list) or not all(isinstance(obj, dict) for obj in objs):
        raise PuzzleError("timeit takes a JSON list of input objects")
    for obj in objs:
        await _ensure_data(family, command, obj)  # fetched before its clock starts
        t = time.perf_counter()
        commands.run(fam, command, obj)
        times.append((time.perf_counter() - t) * 1000)
    return {"ms": times}


@_guard
async def ping() -> dict:
    """The worker's Python version and families, to show it is ready."""
    return {"python": sys.version.split()[0], "families": solvers.names()}


# what the page may call
EXPORTS = ("configure", "interrupts", "call", "trace_start", "trace_next", "trace_stop", "timeit", "ping")
