"""Work budgets: one limit on every search (nodes and/or wall seconds, a cancel hook).

A `Budget` counts the work of one request. `commands.answer` makes one for each input from its
`"limit": {"seconds": S, "nodes": N}` (or the defaults below) and makes it the *current* budget
while the request runs, so a solver's loop just calls `spend()` (or keeps `b = current()` and
calls `b.spend()` in a hot loop) without a budget parameter threaded through every function.
When a limit is reached `spend` raises `SearchAborted`, which the command table turns into
`{"error": ..., "kind": "timeout", "nodes": ..., "seconds": ...}`.

A search that keeps its own local limit (the sliding puzzle's lab rows, IDA* without tables)
makes a child `Budget`: its parent is the current budget, so the request's limit still holds.
Clock reads are rationed: the clock is looked at every `check_every` nodes, a number that adapts
so that checks happen about every 20 ms whatever a node costs (a Sudoku node is microseconds,
a Skyscrapers guess a millisecond, more in Pyodide).

Known limits: one current budget per process (the CLI and the Pyodide worker are single
threaded); a loop that never calls `spend` is not bounded by it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

# The defaults keep every CLI request and worker call under about 20 s on the reference machine
# (the clock is read every ~20 ms, so a request stops within a few hundredths of its limit).
DEFAULT_SECONDS = 15.0
MAX_SECONDS = 3600.0  # the most a request may ask for
MAX_NODES = 10**12
_TARGET = 0.02  # seconds between clock reads
_MAX_EVERY = 4096


class SearchAborted(Exception):
    """A budget ran out or the run was cancelled; the message says which, with the work done."""

    def __init__(self, reason: str, nodes: int = 0, seconds: float = 0.0) -> None:
        super().__init__(reason)
        self.nodes = nodes
        self.seconds = seconds


class Budget:
    """Limits on one run: nodes spent, wall-clock seconds while running, a cancel callback.

    `parent` (the current budget by default) is charged with this budget's nodes and checked
    with it, so a local limit never lifts the request's. Seconds count only while the budget
    is in use (`running`), so a trace the page reads slowly is charged for its work alone.
    """

    def __init__(self, max_nodes: int | None = None, max_seconds: float | None = None,
                 cancel: Callable[[], bool] | None = None, check_every: int = 64,
                 parent: Budget | None | bool = True) -> None:
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.cancel = cancel
        self.check_every = max(1, check_every)
        self.parent: Budget | None = _current if parent is True else (parent or None)
        if isinstance(self.parent, _Unlimited):
            self.parent = None
        self.nodes = 0
        self._charged = 0  # nodes already passed on to the parent
        self._spent = 0.0  # seconds of earlier runs
        self._since: float | None = time.perf_counter()  # start of the current run, None when paused
        self._last = self._since
        self._next_check = 0

    # --- the hot path ------------------------------------------------------------------
    def spend(self, count: int = 1) -> None:
        """Count `count` nodes of work; every so often check the limits (SearchAborted when one is reached)."""
        self.nodes += count
        if self.nodes >= self._next_check:
            self.check()

    def check(self) -> None:
        """Check every limit now; raise SearchAborted when one is reached."""
        now = time.perf_counter()
        if self._since is not None:  # adapt how often the clock is read to what a node costs
            gap = now - self._last
            if gap < _TARGET / 4 and self.check_every < _MAX_EVERY:
                self.check_every *= 2
            elif gap > _TARGET and self.check_every > 1:
                self.check_every //= 2
            self._last = now
        self._next_check = self.nodes + self.check_every
        if self.max_nodes is not None:
            self._next_check = min(self._next_check, self.max_nodes)
            if self.nodes >= self.max_nodes:
                self._abort(f"node budget of {self.max_nodes:,} reached")
        if self.max_seconds is not None and self._elapsed(now) >= self.max_seconds:
            self._abort(f"time budget of {self.max_seconds:g} s reached")
        if self.cancel is not None and self.cancel():
            self._abort("cancelled")
        if self.parent is not None:
            self.parent.spend(self.nodes - self._charged)
            self._charged = self.nodes
            room = self.parent.room()
            if room is not None:  # the parent's node limit is exact too
                self._next_check = min(self._next_check, self.nodes + max(1, room))

    def room(self) -> int | None:
        """Nodes left before this budget or an ancestor stops (None: no node limit)."""
        mine = None if self.max_nodes is None else self.max_nodes - self.nodes
        above = None if self.parent is None else self.parent.room()
        return above if mine is None else (mine if above is None else min(mine, above))

    def _abort(self, reason: str) -> None:
        raise SearchAborted(reason, self.nodes, round(self.elapsed(), 3))

    # --- time --------------------------------------------------------------------------
    def _elapsed(self, now: float) -> float:
        return self._spent + (now - self._since if self._since is not None else 0.0)

    def elapsed(self) -> float:
        """Seconds of work so far (running time only)."""
        return self._elapsed(time.perf_counter())

    def pause(self) -> None:
        """Stop the clock (between the answers of a stream)."""
        if self._since is not None:
            self._spent += time.perf_counter() - self._since
            self._since = None

    def resume(self) -> None:
        """Start the clock again."""
        if self._since is None:
            self._since = self._last = time.perf_counter()

    def exhausted(self) -> str:
        """Why the budget is used up ("" when it is not), without raising."""
        try:
            self.check()
        except SearchAborted as exc:
            return str(exc)
        return ""

    def __repr__(self) -> str:
        return f"Budget(max_nodes={self.max_nodes}, max_seconds={self.max_seconds}, nodes={self.nodes})"


class _Unlimited(Budget):
    """The budget outside any request: counts nothing, never stops."""

    def __init__(self) -> None:
        super().__init__(parent=None)
        self._next_check = 1 << 62

    def spend(self, count: int = 1) -> None:
        """Nothing to count."""

    def check(self) -> None:
        """Nothing to check."""

    def room(self) -> int | None:
        """No limit."""
        return None


UNLIMITED: Budget = _Unlimited()
_current: Budget = UNLIMITED


def current() -> Budget:
    """The budget of the request being answered (an unlimited one outside requests)."""
    return _current


def spend(count: int = 1) -> None:
    """Charge the current budget with `count` nodes of work (SearchAborted past its limit)."""
    _current.spend(count)


@contextmanager
def running(budget: Budget) -> Iterator[Budget]:
    """Make `budget` the current one (its clock running) for the block; the previous one after."""
    global _current
    previous = _current
    _current = budget
    budget.resume()
    try:
        yield budget
    finally:
        budget.pause()
        _current = previous


def metered(items: Iterator[Any], budget: Budget) -> Iterator[Any]:
    """Run a stream (a trace) under `budget` step by step: its clock runs only while the next item is made."""
    while True:
        with running(budget):
            try:
                item = next(items)
            except StopIteration:
                return
        yield item


def _positive(value: Any, name: str, most: float) -> float | None:
    """A positive number no larger than `most`, or None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise ValueError(f"{name} must be a positive number")
    if value > most:
        raise ValueError(f"{name} is at most {most:g}")
    return value


def from_limit(limit: Any, seconds: float | None = DEFAULT_SECONDS, nodes: int | None = None,
               cancel: Callable[[], bool] | None = None) -> Budget:
    """The budget of an input's `"limit": {"seconds": S, "nodes": N}`; defaults for what it leaves out.

    ValueError (with a message for the player) when the limit is not such an object.
    """
    if limit is not None:
        if not isinstance(limit, dict) or not set(limit) <= {"seconds", "nodes"}:
            raise ValueError('"limit" must be an object like {"seconds": 5, "nodes": 1000000}')
        asked_seconds = _positive(limit.get("seconds"), "limit.seconds", MAX_SECONDS)
        asked_nodes = _positive(limit.get("nodes"), "limit.nodes", MAX_NODES)
        if asked_nodes is not None and not isinstance(asked_nodes, int):
            raise ValueError("limit.nodes must be a whole number")
        seconds = asked_seconds if asked_seconds is not None else seconds
        nodes = asked_nodes if asked_nodes is not None else nodes
    return Budget(nodes, seconds, cancel, parent=None)
