"""The watch page's model (rules/trace.py): every family's traces replayed whole under CPython end on the solution,
count the solver's own steps, and step back to the start; MicroPython replays a trace the same way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from micropython import run_micropython

import solvers
from solvers import commands
from solvers.base import Params
from solvers.rules import genius, sliding, trace

ROOT = Path(__file__).resolve().parents[1]


def board_of(name: str, obj: dict) -> object:
    """The trace board of a puzzle, as the watch page makes it."""
    if name == "sliding":
        return trace.Tiles(obj["tiles"])
    if name == "genius":
        return trace.Pieces(genius.NAME, lambda c: genius.parse_cell(c))
    if name == "ubongo":
        return trace.Pieces({}, tuple)
    if name == "sudoku":
        return trace.Grid(int(len(obj["grid"]) ** 0.5), [0 if ch == "." else int(ch, 36) for ch in obj["grid"]])
    grid = [0] * obj["n"] ** 2
    for r, c, v in obj.get("givens") or []:
        grid[r * obj["n"] + c] = v
    return trace.Grid(obj["n"], grid)


def snapshot(board: object) -> object:
    """What a board shows."""
    if isinstance(board, trace.Grid):
        return list(board.values), list(board.pencil), board.mark
    if isinstance(board, trace.Tiles):
        return list(board.tiles)
    return dict(board.placed), dict(board.owner), board.last


@pytest.mark.parametrize("name", solvers.names())
def test_every_trace_replays_to_the_solution_and_back(name: str) -> None:
    fam = solvers.family(name)
    obj = fam.write(fam.generate(Params(0, 3 if name == "sliding" else min(fam.sizes)), 5))
    for method in commands.info(fam)["method_notes"]:
        events = list(commands.run(fam, "trace", {**obj, "method": method["name"]}))
        board = board_of(name, obj)
        start = snapshot(board)
        replay = trace.Replay(board, method, limit=10 ** 6)
        queue = list(reversed(events))
        assert replay.forward(lambda q=queue: q.pop() if q else None, 10 ** 6) == len(events)
        assert replay.done and replay.technique == "Solved" and replay.events == len(events)
        assert replay.steps == events[-1].get("steps", replay.steps)
        if isinstance(board, trace.Grid):
            assert all(board.values) and fam.is_solved(fam.read(obj), fam.read_state(fam.read(obj), {
                **obj, "state": ("".join(str(v) for v in board.values) if name == "sudoku"
                                 else [board.values[r * board.n:(r + 1) * board.n] for r in range(board.n)])}))
        elif isinstance(board, trace.Tiles):
            assert tuple(board.tiles) == sliding.goal(obj["width"], obj["height"])
        else:
            assert len(board.owner) == sum(len(c) for c in board.placed.values()) > 0
        while replay.back() is not None:
            pass
        assert snapshot(board) == start and replay.steps == 0 and replay.events == 0 and not replay.done


def test_candidates_sent_as_notes_stay_notes() -> None:
    """A logic trace's first candidates are notes even where one is left (its own step writes that value); other
    traces' candidate grids show a lone candidate as the cell's value."""
    board = trace.Grid(2, [1, 0, 0, 0])
    board.apply({"event": "candidates", "grid": [["1", "2"], ["2", "12"]], "notes": True})
    assert board.values == [1, 0, 0, 0] and board.pencil == [0, 2, 2, 3]
    board.apply({"event": "candidates", "grid": [["1", "2"], ["2", "12"]]})
    assert board.values == [1, 2, 2, 0] and board.pencil == [0, 0, 0, 3]


def test_a_short_log_is_trimmed_and_says_so() -> None:
    fam = solvers.family("sudoku")
    obj = fam.write(fam.generate(Params(0, 4), 5))
    events = list(commands.run(fam, "trace", {**obj, "method": "backtracking"}))
    replay = trace.Replay(board_of("sudoku", obj), commands.info(fam)["method_notes"][1], limit=5)
    queue = list(reversed(events))
    replay.forward(lambda: queue.pop() if queue else None, len(events))
    assert replay.trimmed and len(replay.log) == 5
    assert sum(replay.back() is not None for _ in range(10)) == 5


def test_micropython_replays_like_cpython() -> None:
    fam = solvers.family("sudoku")
    obj = fam.write(fam.generate(Params(0, 4), 5))
    events = list(commands.run(fam, "trace", {**obj, "method": "backtracking"}))
    method = commands.info(fam)["method_notes"][1]
    script = ("import json\nfrom rules import trace\n"
              f"events = json.loads({json.dumps(json.dumps(events))})\n"
              f"method = json.loads({json.dumps(json.dumps(method))})\n"
              f"g = trace.Grid(4, {board_of('sudoku', obj).values})\nr = trace.Replay(g, method)\n"
              "q = list(reversed(events))\n"
              "print(r.forward(lambda: q.pop() if q else None, 10 ** 6), r.steps, r.technique, g.values)\n"
              "for _ in range(7):\n    r.back()\nprint(r.steps, r.events, g.values, g.mark, trace.grouped(1234567))\n")
    rules = ROOT / "solvers" / "rules"
    got = run_micropython(script, {f"rules/{m}": rules / f"{m}.py" for m in ("__init__", "latin", "trace")})
    board = board_of("sudoku", obj)
    replay = trace.Replay(board, method)
    queue = list(reversed(events))
    first = f"{replay.forward(lambda: queue.pop() if queue else None, 10 ** 6)} {replay.steps} {replay.technique} " \
            f"{board.values}"
    for _ in range(7):
        replay.back()
    second = f"{replay.steps} {replay.events} {board.values} {board.mark} {trace.grouped(1234567)}"
    assert got.split("\n")[:2] == [first, second]
