"""Build-time batch jobs on Dask, with progress a person can follow.

A job is a function and its independent pieces (a seed, a block of rolls, a table): `run` submits them to
`dask.distributed` and yields the results in piece order, whatever the number of workers or the order they
finish in, so a job's output is the same on one worker as on a cluster. By default a `LocalCluster` of this
machine's cores (`workers` processes, one thread each); `scheduler` (or $TESSERA_SCHEDULER) sends the very same job
to a running cluster (`dask scheduler`, then `dask worker tcp://HOST:PORT` on each machine, run where this package
is installed). A worker that dies mid-task has its piece run again by Dask. Where Dask is not installed (the build
extra brings it; a machine set up by hand to only serve the site may lack it), the pieces run one after another in
this process: the same function calls, the same answers.

`Progress` is the one progress report: a tqdm bar (count, rate, time left) on a terminal where tqdm is installed
(the build extra); elsewhere (a CI log, or a package installed without its extras) a line every few seconds and
one at the end. The package itself needs neither Dask nor tqdm. The worker never imports this module.
"""

from __future__ import annotations

import os
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO, TypeVar

SCHEDULER_ENV = "TESSERA_SCHEDULER"
LOG_EVERY = 5.0  # seconds between progress lines when the output is not a terminal

P = TypeVar("P")
R = TypeVar("R")


def clock(seconds: float) -> str:
    """A duration as mm:ss, or h:mm:ss past an hour."""
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


def meter(done: int, total: int, elapsed: float, label: str, unit: str) -> str:
    """One progress line without a bar: "label: 40% 4/10 [00:03<00:04, 1.25 unit/s]" (elapsed<left, rate)."""
    rate = done / elapsed if elapsed > 0 else 0.0
    left = clock((total - done) / rate) if rate and total >= done else "?"
    share = f"{100 * done / total:3.0f}% " if total else ""
    return f"{label + ': ' if label else ''}{share}{done}/{total} [{clock(elapsed)}<{left}, {rate:.2f} {unit}/s]"


class Progress:
    """Progress of a job of `total` units: `add(n)` as units finish, `close()` at the end."""

    def __init__(self, total: int, label: str, unit: str = "it", stream: TextIO | None = None,
                 every: float = LOG_EVERY) -> None:
        self.out = stream or sys.stderr
        self.total, self.label, self.unit, self.every = total, label, unit, every
        self.done, self.start, self.logged = 0, time.monotonic(), time.monotonic()
        self.note, self.shown = "", -1
        self.bar = self._bar() if self._tty() else None

    def _bar(self) -> Any:
        """A tqdm bar, or None where tqdm is not installed (then plain lines, as in a log)."""
        try:
            from tqdm import tqdm  # here, not at import: the worker never reports progress
        except ImportError:
            return None
        return tqdm(total=self.total, desc=self.label, unit=self.unit, file=self.out, dynamic_ncols=True, leave=True)

    def _tty(self) -> bool:
        isatty = getattr(self.out, "isatty", None)
        return bool(isatty and isatty())

    def add(self, n: int = 1, note: str = "") -> None:
        """`n` more units done (`note`: what the last one made, shown beside the bar)."""
        self.done += n
        self.note = note or self.note
        if self.bar is not None:
            if note:
                self.bar.set_postfix_str(note, refresh=False)
            self.bar.update(n)
        elif time.monotonic() - self.logged >= self.every:
            self._line()

    def _line(self) -> None:
        """One plain line: the meter without its bar, and the last note."""
        self.logged, self.shown = time.monotonic(), self.done
        text = meter(self.done, self.total, self.logged - self.start, self.label, self.unit)
        self.out.write(text + (f" · {self.note}" if self.note else "") + "\n")
        self.out.flush()

    def close(self) -> None:
        """The final state: the bar closed, or a last line."""
        if self.bar is not None:
            self.bar.close()
        elif self.shown != self.done:
            self._line()


def address(scheduler: str | None = None) -> str | None:
    """The scheduler to use: the one given, else $TESSERA_SCHEDULER, else None (a local cluster)."""
    return scheduler or os.environ.get(SCHEDULER_ENV) or None


def dask_present() -> bool:
    """Whether `dask.distributed` can be imported."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


class Batch:
    """A place to run jobs: a local Dask cluster of `workers` processes (default: every core), the running cluster
    at `scheduler` (or $TESSERA_SCHEDULER), or this process alone where Dask is absent. A context manager: the
    cluster starts on entry and stops on exit, and serves every `run` in between."""

    def __init__(self, workers: int | None = None, scheduler: str | None = None) -> None:
        self.workers, self.scheduler = workers, address(scheduler)
        self.client: Any = None
        self.cluster: Any = None

    def __enter__(self) -> Batch:
        if not dask_present():
            if self.scheduler is not None:
                raise SystemExit(f"a Dask scheduler ({self.scheduler}) needs Dask installed: pip install -e '.[build]'")
            if self.workers not in (None, 1):
                sys.stderr.write("Dask is not installed: the pieces run here, one after another\n")
            return self  # no Dask here: the same calls, in this process
        import logging

        from distributed import Client, LocalCluster

        if self.scheduler is None:
            self.cluster = LocalCluster(n_workers=self.workers or os.cpu_count() or 1, threads_per_worker=1,
                                        processes=True, host="127.0.0.1", dashboard_address=":0",
                                        silence_logs=logging.ERROR)
            self.client = Client(self.cluster)
        else:
            self.client = Client(self.scheduler, timeout=30)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None

    def run(self, fn: Callable[[P], R], pieces: Sequence[P], *, label: str = "", unit: str = "pieces",
            size: Callable[[P], int] | None = None, note: Callable[[R], str] | None = None,
            stream: TextIO | None = None, quiet: bool = False) -> Iterator[R]:
        """fn(piece) for every piece, yielded in piece order as soon as all the pieces before it are done.

        `fn` must be a module-level function (the workers import it). Progress counts `size(piece)` units per
        piece (default 1) and shows `note(result)` of the latest one; `quiet`: no progress report."""
        total = sum(size(p) for p in pieces) if size else len(pieces)
        progress = None if quiet else Progress(total, label, unit, stream)

        def done(piece: P, result: R) -> None:
            if progress is not None:
                progress.add(size(piece) if size else 1, note(result) if note else "")

        try:
            if self.client is None:
                for piece in pieces:
                    result = fn(piece)
                    done(piece, result)
                    yield result
                return
            from distributed import as_completed

            job = f"{getattr(fn, '__name__', 'piece')}-{uuid.uuid4().hex[:8]}"
            futures = self.client.map(fn, pieces, key=[f"{job}-{i}" for i in range(len(pieces))])
            where = {f.key: i for i, f in enumerate(futures)}
            results: dict[int, R] = {}
            following = 0
            try:
                for future, result in as_completed(futures, with_results=True):
                    at = where[future.key]
                    results[at] = result
                    done(pieces[at], result)
                    while following in results:
                        yield results.pop(following)
                        following += 1
            finally:
                self.client.cancel(futures)
        finally:
            if progress is not None:
                progress.close()


def run(fn: Callable[[P], R], pieces: Sequence[P], *, workers: int | None = None, scheduler: str | None = None,
        **kw: Any) -> Iterator[R]:
    """`Batch(workers, scheduler).run(fn, pieces, **kw)` on a cluster of its own, stopped at the end."""
    with Batch(workers, scheduler) as batch:
        yield from batch.run(fn, pieces, **kw)


@contextmanager
def loopback(workers: int = 2, log_dir: Path | None = None, path: Sequence[str] = ()) -> Iterator[str]:
    """A cluster as someone would start it by hand, on 127.0.0.1 only: `dask scheduler` and `workers` single-process
    `dask worker`s (with `path` added to their PYTHONPATH); yields the scheduler's address and stops them all."""
    import json
    import signal
    import subprocess
    import tempfile

    from distributed import Client

    dask = str(Path(sys.executable).parent / "dask")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[1]), *path])}
    with tempfile.TemporaryDirectory() as tmp:
        logs = log_dir or Path(tmp)
        info = Path(tmp) / "scheduler.json"
        procs: list[subprocess.Popen] = []

        def start(args: list[str], log: str) -> None:
            procs.append(subprocess.Popen([dask, *args], stdout=(logs / log).open("w"), stderr=subprocess.STDOUT,
                                          env=env, start_new_session=True))
        try:
            start(["scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file",
                   str(info)], "scheduler.log")
            deadline = time.monotonic() + 60
            while not (info.exists() and info.read_text().strip()):
                if time.monotonic() > deadline or procs[0].poll() is not None:
                    raise RuntimeError(f"the Dask scheduler did not start (see {logs / 'scheduler.log'})")
                time.sleep(0.1)
            address = json.loads(info.read_text())["address"]
            for k in range(workers):
                start(["worker", address, "--nworkers", "1", "--nthreads", "1", "--host", "127.0.0.1",
                       "--no-dashboard", "--name", f"w{k}"], f"worker{k}.log")
            with Client(address, timeout=60) as client:
                client.wait_for_workers(workers, timeout=120)
            yield address
        finally:
            for proc in reversed(procs):
                os.killpg(proc.pid, signal.SIGTERM)
            for proc in procs:
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)


def options(parser: Any, jobs: bool = True) -> None:
    """The batch options of a command line: --workers (alias --jobs) and --scheduler."""
    if jobs:
        parser.add_argument("--workers", "--jobs", dest="workers", type=int, default=None,
                            help="local worker processes (default: every core)")
    parser.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                        help=f"run on this Dask cluster instead (default: ${SCHEDULER_ENV}, else a local one)")


def in_chunks(items: Sequence[Any], size: int) -> list[list[Any]]:
    """Consecutive chunks of at most `size` items."""
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


__all__ = ["SCHEDULER_ENV", "Batch", "Progress", "address", "clock", "dask_present", "in_chunks", "loopback", "meter",
           "options", "run"]
