"""Hostile input and work budgets: nothing a user sends may break the solvers or the CLI.

Fuzzing is seeded (hypothesis with derandomize=True, no example database), and every search
runs under a node budget, so the suite gives the same answers on every run and machine.
"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import json
import random
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from conftest import run_coroutine
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solvers
from solvers import budget, commands
from solvers.base import Params, PuzzleError
from solvers.budget import Budget, SearchAborted

ROOT = Path(__file__).resolve().parents[1]
SIDES = ("top", "right", "bottom", "left")
FAMILIES = solvers.names()
FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=150,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SMALL = {"nodes": 3000, "seconds": 5}  # every fuzzed request's budget: deterministic (nodes) with a clock backstop

# Arbitrary JSON values: what a hostile line may hold in any field.
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
# Field names the families read, so that fuzzed objects reach past the first check.
KEYS = ["grid", "box", "n", "top", "right", "bottom", "left", "givens", "width", "height", "tiles", "optimal",
        "blockers", "count", "footprint", "pieces", "state", "pencil", "moves", "text", "method", "max_steps",
        "difficulty", "seed", "size", "limit", "date", "algorithms", "max_nodes", "max_seconds", "rows"]


def example(name: str) -> tuple[Any, dict]:
    """A small valid puzzle of a family and its solve input (seeded)."""
    fam = solvers.family(name)
    size = {"sudoku": 4, "skyscrapers": 4, "sliding": 3}.get(name)
    puzzle = fam.generate(Params(0, size), 1)
    return puzzle, fam.write(puzzle)


EXAMPLES = {name: example(name) for name in FAMILIES}


def drain(out: Any, most: int = 200) -> list:
    """A command's answer as a list (a stream read no further than `most` events)."""
    if isinstance(out, dict):
        return [out]
    return list(itertools.islice(out, most))


# --- parse, read, read_state, apply: PuzzleError or an answer, nothing else -------------------

@pytest.mark.parametrize("name", FAMILIES)
@FUZZ
@given(text=st.text(max_size=300) | st.sampled_from(["", "4x4:", "3x3:1,2", "%", "#", "9" * 5000, "\x00", "1:2:3"]),
       cut=st.tuples(st.integers(0, 400), st.integers(0, 400)), mutate=st.booleans())
def test_parse_raises_only_puzzle_error(name: str, text: str, cut: tuple[int, int], mutate: bool) -> None:
    fam = solvers.family(name)
    if mutate:  # a valid description with a slice replaced by the text: reaches past the first checks
        valid = fam.format(EXAMPLES[name][0])
        text = valid[:min(cut)] + text[:8] + valid[max(cut):]
    try:
        puzzle = fam.parse(text)
    except PuzzleError:
        return
    assert fam.parse(fam.format(puzzle)) == puzzle


@pytest.mark.parametrize("name", FAMILIES)
@FUZZ
@given(obj=st.dictionaries(st.sampled_from(KEYS), JSON, max_size=5), base=st.booleans())
def test_read_and_read_state_raise_only_puzzle_error(name: str, obj: dict, base: bool) -> None:
    fam = solvers.family(name)
    puzzle, valid = EXAMPLES[name]
    request = {**valid, **obj} if base else obj
    with budget.running(Budget(SMALL["nodes"], SMALL["seconds"], parent=None)):
        with contextlib.suppress(PuzzleError):
            fam.read(request)
        with contextlib.suppress(PuzzleError):
            fam.read_state(puzzle, request)


@pytest.mark.parametrize("name", FAMILIES)
@FUZZ
@given(move=st.text(max_size=60) | st.sampled_from(["r1c1=1", "r9c9=9", "1", "L4:A1,A2,A3,B1", "r1c1^1", "r0c0=0",
                                                   "r99999999999c1=1", "=", "^", "-", "r1c1-", "x:" * 40]))
def test_apply_raises_only_puzzle_error(name: str, move: str) -> None:
    fam = solvers.family(name)
    puzzle, _ = EXAMPLES[name]
    with contextlib.suppress(PuzzleError):
        fam.apply(puzzle, fam.start(puzzle), move)


# --- every command: only PuzzleError comes out of the command table ---------------------------

def _commands(name: str) -> list[str]:
    fam = solvers.family(name)
    return [c for c in commands.names(fam) if c in commands.COMMON or fam.extra()[c].run is not None]


CASES = [(name, command) for name in FAMILIES for command in _commands(name)]


@pytest.mark.parametrize(("name", "command"), CASES)
@settings(FUZZ, max_examples=40)
@given(obj=st.dictionaries(st.sampled_from(KEYS), JSON, max_size=4), base=st.booleans())
def test_every_command_raises_only_puzzle_error(name: str, command: str, obj: dict, base: bool) -> None:
    fam = solvers.family(name)
    request = {**(EXAMPLES[name][1] if base else {}), **obj, "limit": SMALL}
    try:
        drain(commands.run(fam, command, request))
    except PuzzleError as exc:
        assert str(exc) and exc.kind in ("invalid", "no-solution", "multiple-solutions", "timeout")


@pytest.mark.parametrize(("name", "command"), CASES)
def test_every_command_answers_non_objects_and_bad_limits(name: str, command: str) -> None:
    for obj in ([], "x", 5, None, {"limit": 5}, {"limit": {"nodes": -1}}, {"limit": {"seconds": 1e9}},
                {"limit": {"nodes": 1.5}}, {"limit": {"hours": 1}}):
        out = list(commands.answer(name, command, obj))
        assert len(out) == 1 and out[0]["kind"] == "invalid", (obj, out)


# --- the command line: any bytes, one answer per line, exit 0 ----------------------------------

def cli(args: list[str], data: bytes = b"", env: dict | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "solvers", *args], input=data, capture_output=True, cwd=ROOT,
                          timeout=120, env=env)


HOSTILE_LINES = [b"\xff\xfe\x00\n", b"[" * 60_000 + b"\n", b"{" * 60_000 + b"\n", b"9" * 5000 + b"\n",
                 b'{"grid": ' + b"1" * 5000 + b"}\n", b"\x1b[2J\r\n", b"null\n", b"[]\n", b'"text"\n',
                 b'{"a": NaN}\n', b'{"limit": {"nodes": 0}}\n', "{\"grid\": \"\u00b2\"}\n".encode(),
                 b"\xc3\x28\n", b"{}\n"]


@pytest.mark.parametrize("command", ["solve", "hint", "check", "apply", "trace", "format", "parse"])
def test_cli_answers_every_line_whatever_the_bytes(command: str) -> None:
    data = b"".join(HOSTILE_LINES)
    out = cli(["sudoku", command], data, {"LC_ALL": "C", "PYTHONUTF8": "0", "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0 and out.stderr == b"", out.stderr[-2000:]
    answers = [json.loads(line) for line in out.stdout.decode("utf-8").splitlines()]
    assert len(answers) == len(HOSTILE_LINES)
    assert all(a["kind"] == "invalid" and a["error"] for a in answers)


@pytest.mark.parametrize("flags", [["--limit", "0"], ["--limit", "x"], ["--limit", "nan"], ["--limit", "1e999"],
                                   ["--limit", "²"], ["--size", "9" * 5000], ["--seed", "7" * 5000],
                                   ["--size", "-3"], ["--bogus"]])
def test_cli_bad_flags_are_usage_errors(flags: list[str]) -> None:
    out = cli(["sudoku", "generate", *flags])
    assert out.returncode == 2 and b"Traceback" not in out.stderr and b"usage" in out.stderr


def test_cli_limit_gives_timeouts_and_the_next_line_is_read() -> None:
    lines = [{"grid": IMPOSSIBLE}, {"grid": IMPOSSIBLE, "limit": {"nodes": 200}}, {"grid": "1" + "." * 80}]
    out = cli(["sudoku", "solve", "--limit", "0.5"], "".join(json.dumps(x) + "\n" for x in lines).encode())
    answers = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert out.returncode == 0 and len(answers) == 3
    assert answers[0]["kind"] == "timeout" and "time budget of 0.5 s" in answers[0]["error"]
    assert answers[1]["kind"] == "timeout" and answers[1]["nodes"] == 200
    assert answers[2]["count"] == 2


def test_genius_stats_and_sliding_lab_loops_survive_bad_input() -> None:
    out = cli(["genius", "stats", "--limit", "0", "--workers", "1"])
    assert out.returncode == 2 and b"Traceback" not in out.stderr
    out = cli(["genius", "stats", "--limit", "-4", "--workers", "0"])
    assert out.returncode == 2 and b"Traceback" not in out.stderr
    lines = [b'{"tiles": [1, 2, 3, 0], "seed": "x"}', b'{"tiles": [1, 2, 3, 0], "algorithms": 5}',
             b'{"tiles": [1, 2, 3, 0], "algorithms": [[1, 2]]}', b'{"tiles": [1, 2, 3, 0], "algorithms": [{}]}',
             b'{"tiles": [1, 2, 3, 0], "algorithms": ["bfs"] }', b'{"tiles": [1, 2, 3, 0], "max_nodes": -1}',
             json.dumps({"tiles": [1, 2, 3, 0], "algorithms": ["bfs"] * 1000}).encode()]
    out = cli(["sliding", "lab"], b"\n".join(lines) + b"\n")
    answers = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert out.returncode == 0 and out.stderr == b"" and len(answers) == len(lines)
    assert [("rows" in a) for a in answers] == [False, False, False, False, True, False, False]
    assert all(a["kind"] == "invalid" for a in answers if "rows" not in a)


# --- budgets -------------------------------------------------------------------------------------

# Norvig's "impossible" puzzle: no solution, but propagation cannot show it and the search takes ages.
IMPOSSIBLE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
# r1c1 sees 1-8 in its row and 9 in its column: no repeat, but propagation refutes it at once.
REFUTED = ".12345678" + "9........" + "." * 63
# One of the 17 hardest 15-puzzle positions: 80 moves (Brüngger et al.).
HARDEST_15 = [0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1]


def ask(name: str, command: str, obj: dict) -> list[dict]:
    return list(commands.answer(name, command, obj))


def test_budget_counts_nodes_exactly_and_charges_its_parent() -> None:
    outer = Budget(max_nodes=10, parent=None)
    inner = Budget(max_nodes=1000, parent=outer)
    with pytest.raises(SearchAborted) as stop:
        for _ in range(20):
            inner.spend()
    assert "node budget of 10" in str(stop.value) and outer.nodes == 10
    with budget.running(Budget(max_nodes=5, parent=None)), pytest.raises(SearchAborted):
        for _ in range(6):
            budget.spend()
    assert budget.current() is budget.UNLIMITED
    cancelled = Budget(cancel=lambda: True, parent=None)
    with pytest.raises(SearchAborted, match="cancelled"):
        cancelled.check()


def test_budget_clock_runs_only_while_used() -> None:
    work = Budget(max_seconds=0.05, parent=None)
    work.pause()
    import time
    time.sleep(0.1)
    assert work.exhausted() == ""
    with budget.running(work):
        assert budget.current() is work


def test_unsolvable_sudoku_is_no_solution_when_propagation_proves_it_else_timeout() -> None:
    assert ask("sudoku", "solve", {"grid": REFUTED})[0]["kind"] == "no-solution"
    out = ask("sudoku", "solve", {"grid": IMPOSSIBLE, "limit": {"nodes": 500}})[0]
    assert out["kind"] == "timeout" and out["nodes"] == 500 and "node budget" in out["error"]
    for command in ("hint", "check", "grade", "trace"):
        out = ask("sudoku", command, {"grid": IMPOSSIBLE, "limit": {"nodes": 500}})[-1]
        assert out["kind"] == "timeout", (command, out)


def test_hardest_15_puzzle_answers_within_the_budget() -> None:
    out = ask("sliding", "solve", {"tiles": HARDEST_15, "limit": {"nodes": 20_000}})[0]
    assert out["optimal"] is False and "no shortest solution within the budget" in out["note"]
    assert out["length"] >= 80
    events = ask("sliding", "trace", {"tiles": HARDEST_15, "method": "ida*", "limit": {"nodes": 20_000}})
    assert events[0]["event"] == "threshold" and events[-1]["kind"] == "timeout"
    hint = ask("sliding", "hint", {"tiles": HARDEST_15, "limit": {"nodes": 20_000}})[0]
    assert hint["technique"] == "Real-time (Parberry)"


def test_traces_are_lazy_and_budgeted_per_event() -> None:
    fam = solvers.family("sliding")
    stream = commands.run(fam, "trace", {"tiles": HARDEST_15, "method": "ida*", "limit": {"nodes": 20_000}})
    first = next(stream)  # told before any search pass: no full solve first
    assert first == {"event": "threshold", "bound": first["bound"], "nodes": 0}
    with pytest.raises(PuzzleError) as err:
        list(stream)
    assert err.value.kind == "timeout"
    stream = commands.run(solvers.family("genius"), "trace", {"blockers": ["A1", "B2", "C3", "D4", "E5", "F6", "A6"],
                                                               "max_steps": 2})
    assert [e["event"] for e in itertools.islice(stream, 2)] == ["place", "place"]


def test_skyscrapers_and_cubes_searches_are_bounded() -> None:
    rng = random.Random(3)  # a large random board: many solutions, long line walks, much guessing
    big = {"n": 12, **{side: [rng.choice([0] * 12 + [2, 3, 4]) for _ in range(12)] for side in SIDES},
           "limit": {"nodes": 300}}
    for command in ("solve", "check", "hint"):
        out = ask("skyscrapers", command, big)[-1]
        assert out["kind"] in ("timeout", "multiple-solutions"), (command, out)
        if out["kind"] == "timeout":
            assert out["nodes"] == 300
    huge = {"footprint": [[0, 0]] * 200_000, "pieces": ["A", "B"], "height": 2}
    out = ask("ubongo", "solve", huge)[0]
    assert out["kind"] == "invalid" and "at most" in out["error"]


def test_input_sizes_are_bounded_before_any_work() -> None:
    cases = [
        ("sudoku", {"grid": "." * 10**6}),
        ("sudoku", {"grid": "." * 81, "state": "." * 10**6}),
        ("sudoku", {"grid": "." * 81, "pencil": ["1"] * 10**5}),
        ("sudoku", {"grid": "." * 81, "box": [10**9, 1]}),
        ("skyscrapers", {"n": 10**9}),
        ("skyscrapers", {"n": 4, "top": [0] * 10**5, "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4}),
        ("skyscrapers", {"n": 4, "top": [0] * 4, "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4,
                         "givens": [[0, 0, 1]] * 10**5}),
        ("sliding", {"width": 10**6, "height": 10**6, "tiles": []}),
        ("sliding", {"tiles": list(range(10**6))}),
        ("genius", {"blockers": ["A1"] * 10**5}),
        ("ubongo", {"footprint": [[r, c] for r in range(400) for c in range(400)], "pieces": ["A"], "height": 2}),
        ("ubongo", {"footprint": [[0, 0]], "pieces": ["A"] * 10**5, "height": 2}),
    ]
    for name, obj in cases:
        out = ask(name, "check", obj)[0]
        assert out["kind"] == "invalid" and len(out["error"]) < 300, (name, out)


# --- the worker: declared commands only, traces expire -------------------------------------------

def _worker_module() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("tessera_worker_hostile", ROOT / "solvers" / "worker.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_worker_traces_expire_and_calls_survive_hostile_text() -> None:
    worker = _worker_module()
    roll = {"blockers": ["A1", "B2", "C3", "D4", "E5", "F6", "A6"]}

    async def session() -> list:
        ids = [json.loads(await worker.trace_start("genius", json.dumps(roll), ""))["id"] for _ in range(6)]
        oldest = json.loads(await worker.trace_next(ids[0], 1))
        newest = json.loads(await worker.trace_next(ids[-1], 1))
        open_before = len(worker._traces)
        for tid in list(worker._traces):  # all idle for a long time
            events, _ = worker._traces[tid]
            worker._traces[tid] = (events, -10**9)
        idle = json.loads(await worker.trace_next(ids[-1], 1))
        texts = ("[" * 60_000, "9" * 5000, "{", "[]", json.dumps({"grid": IMPOSSIBLE, "limit": {"nodes": 50}}))
        bad = [json.loads(await worker.call("sudoku", "solve", text)) for text in texts]
        chunk = json.loads(await worker.trace_next(ids[-1], 10**9))
        return [oldest, newest, open_before, idle, bad, chunk]

    oldest, newest, open_before, idle, bad, chunk = run_coroutine(session())
    assert "error" in oldest and "dropped" in oldest["error"]  # six started, at most MAX_TRACES kept
    assert newest["events"][0]["event"] == "place" and open_before <= worker.MAX_TRACES
    assert "error" in idle
    assert [b["kind"] for b in bad] == ["invalid", "invalid", "invalid", "invalid", "timeout"]
    assert chunk["kind"] == "invalid"


def test_worker_calls_stop_when_the_page_bumps_its_interrupt_counter() -> None:
    """The page's counter in shared memory (tessera_ui.Worker, on cross-origin isolated pages) stops a call that
    started before it was bumped, at the budget's next check; the worker lives on and later calls run."""
    worker = _worker_module()

    class Bumped:
        """Reads 0 when the call starts, 1 at every later read: bumped while the search runs."""

        reads = 0

        def __getitem__(self, _i: int) -> int:
            self.reads += 1
            return 0 if self.reads == 1 else 1

    hard = json.dumps({"width": 4, "height": 4, "tiles": [1, 15, 10, 13, 0, 11, 4, 7, 12, 6, 5, 3, 14, 8, 9, 2]})

    async def session() -> tuple[dict, dict, dict]:
        ready = json.loads(await worker.interrupts(Bumped()))
        first = json.loads(await worker.call("sliding", "solve", hard))
        worker._interrupts = [7]  # not bumped during the call
        second = json.loads(await worker.call("sliding", "solve", json.dumps({"tiles": [1, 2, 3, 4, 0, 5, 7, 8, 6]})))
        return ready, first, second

    ready, first, second = run_coroutine(session())
    assert ready == {"interrupts": True} and "interrupts" in worker.EXPORTS
    assert first == worker.INTERRUPTED and first["kind"] == "cancelled"
    assert "error" not in second and len(second["moves"]) == 2
