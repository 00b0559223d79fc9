"""Genius Square: data, counts against the golden file, independent checks, hints, CLI."""

from __future__ import annotations

import io
import itertools
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from independent import connected

from solvers import PuzzleError, commands
from solvers import genius as g
from solvers.base import Params
from solvers.rules import genius as rules

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "benchmarks"
DATA = SHARED / "genius_square.json"
CSV = SHARED / "genius_square_solution_counts.csv"
needs_data = pytest.mark.skipif(not DATA.exists() or not CSV.exists(), reason=f"benchmark data missing in {SHARED}")

# Our ids -> the data file's piece names.
DATA_NAMES = {"1": "DOT", "2": "BAR2", "I3": "BAR3", "L3": "L3", "I4": "BAR4", "O": "SQUARE", "T": "T", "S": "S",
              "L4": "L4"}
MIN_ROLL = ["A3", "A5", "B4", "C6", "E2", "E6", "F1"]  # 11 solutions (the data file's example)


def rc(name: str) -> tuple[int, int]:
    """(row, column) of a cell name, independent of the module."""
    return "ABCDEF".index(name[0]), int(name[1]) - 1


def shapes_of(cells: list[tuple[int, int]]) -> set[frozenset[tuple[int, int]]]:
    """All rotations and reflections of a cell set, shifted to the origin (independent code)."""
    out = set()
    for flip in (1, -1):
        for turn in range(4):
            pts = [(r, c * flip) for r, c in cells]
            for _ in range(turn):
                pts = [(-c, r) for r, c in pts]
            r0, c0 = min(p[0] for p in pts), min(p[1] for p in pts)
            out.add(frozenset((r - r0, c - c0) for r, c in pts))
    return out


def reference_shapes() -> dict[str, set[frozenset[tuple[int, int]]]]:
    """Piece shapes from the data file, by our ids."""
    pieces = {p["name"]: p["cells"] for p in json.loads(DATA.read_text())["pieces"]}
    return {pid: shapes_of([tuple(c) for c in pieces[name]]) for pid, name in DATA_NAMES.items()}


def is_valid_solution(blockers: list[str], solution: dict[str, list[str]]) -> bool:
    """Independent checker: the nine pieces, each in its shape, fill exactly the free cells."""
    shapes = reference_shapes()
    if sorted(solution) != sorted(shapes):
        return False
    covered: list[tuple[int, int]] = []
    for pid, names in solution.items():
        cells = [rc(n) for n in names]
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        if frozenset((r - r0, c - c0) for r, c in cells) not in shapes[pid]:
            return False
        covered += cells
    free = {(r, c) for r in range(6) for c in range(6)} - {rc(b) for b in blockers}
    return len(covered) == len(set(covered)) == 29 and set(covered) == free


def slow_count(blockers: list[str]) -> int:
    """Independent counter: fill the first empty cell in reading order with every piece that fits."""
    shapes = reference_shapes()
    placements = {pid: [sorted(s) for s in ss] for pid, ss in shapes.items()}

    def rec(filled: set[tuple[int, int]], left: tuple[str, ...]) -> int:
        if not left:
            return 1
        first = min({(r, c) for r in range(6) for c in range(6)} - filled)
        total = 0
        for pid in left:
            for shape in placements[pid]:
                dr, dc = first[0] - shape[0][0], first[1] - shape[0][1]  # shape's first cell on `first`
                cells = {(r + dr, c + dc) for r, c in shape}
                if all(0 <= r < 6 and 0 <= c < 6 for r, c in cells) and not cells & filled:
                    total += rec(filled | cells, tuple(p for p in left if p != pid))
        return total

    return rec({rc(b) for b in blockers}, tuple(shapes))


def call(command: str, obj: dict) -> Any:
    """One command of the family's table (what the CLI and the worker run); PuzzleError raised."""
    return commands.run(g.FAMILY, command, obj)


def golden() -> dict[tuple[int, ...], int]:
    """The golden counts file."""
    return g.read_counts_csv(CSV)


# ----- data ---------------------------------------------------------------------------


def test_orientation_counts_and_sizes() -> None:
    assert [len(g.orientations(p.cells)) for p in g.PIECES] == [1, 2, 2, 4, 2, 1, 4, 4, 8]
    assert sum(len(p.cells) for p in g.PIECES) == 29
    assert len({p.colour for p in g.PIECES}) == 9
    table = g.pieces_json()
    assert [p["id"] for p in table] == ["1", "2", "I3", "L3", "I4", "O", "T", "S", "L4"]


@needs_data
def test_dice_and_pieces_match_the_data_file() -> None:
    data = json.loads(DATA.read_text())
    assert [list(d) for d in g.DICE] == data["dice"]
    shapes = reference_shapes()
    for p in g.PIECES:
        ours = {frozenset(s) for s in g.orientations(p.cells)}
        assert ours == shapes[p.id], p.id


@needs_data
def test_every_roll_is_in_the_golden_file() -> None:
    rolls = g.all_rolls()
    assert len(rolls) == 62_208
    assert set(rolls) == set(golden())


# ----- counting -------------------------------------------------------------------------


@needs_data
def test_sample_of_roll_counts_equal_the_golden_file() -> None:
    counts = golden()
    rolls = random.Random(6).sample(sorted(counts), 12)
    rolls.append(tuple(sorted(g.parse_cell(c) for c in MIN_ROLL)))
    memo: dict[int, int] = {}
    for roll in rolls:
        assert g.count_solutions(roll) == counts[roll]
        assert g.problem().count(covered=roll, memo=memo) == counts[roll]  # shared memo, same answers
    assert g.count_all(rolls[:4], workers=2) == [counts[r] for r in rolls[:4]]
    memo.clear()
    assert [g.board_problem().count_in_order(r, memo) for r in rolls] == [counts[r] for r in rolls]  # cell by cell
    first = g.problem().first((), rolls[0])  # with pieces given: the same as the S heuristic's count
    assert [g.count_solutions(rolls[0], first[:k]) for k in range(4)] == [
        g.problem().count(first[:k], rolls[0], memo=False) for k in range(4)]


@needs_data
def test_counting_many_rolls_reports_progress_and_equals_the_golden_file() -> None:
    counts = golden()
    rolls = sorted(counts)[::97]  # 642 rolls from all over the sorted list
    out = io.StringIO()
    assert g.count_all_timed(rolls, 1, stream=out)[0] == [counts[r] for r in rolls]
    lines = out.getvalue().splitlines()  # not a terminal: a line every few seconds and one at the end
    classes = len({g.canonical(r) for r in rolls})
    assert lines[-1].startswith("Genius rolls: 100%") and f"{classes}/{classes}" in lines[-1]
    assert "classes/s" in lines[-1] and "\r" not in out.getvalue()


@needs_data
@pytest.mark.parametrize("blockers", [MIN_ROLL, ["A3", "A5", "B4", "C5", "E2", "F1", "F5"]])
def test_counts_equal_a_slow_independent_counter(blockers: list[str]) -> None:
    roll = tuple(sorted(g.parse_cell(c) for c in blockers))
    assert g.count_solutions(roll) == slow_count(blockers) == golden()[roll]


def test_symmetric_rolls_have_equal_counts() -> None:
    roll = tuple(sorted(g.parse_cell(c) for c in MIN_ROLL))
    images = g.symmetries(roll)
    assert len(set(images)) == 8 and g.canonical(roll) == min(images, key=lambda cells: cells[::-1])
    assert {g.count_solutions(im) for im in images[:4]} == {11}


@needs_data
@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9))
def test_solutions_of_random_rolls_are_valid(seed: int) -> None:
    blockers = rules.roll(seed)
    out = call("solve", {"blockers": blockers})
    assert is_valid_solution(blockers, out["solution"])


@needs_data
def test_solve_with_count_and_measure() -> None:
    out = call("solve", {"blockers": MIN_ROLL, "count": True, "measure": True})
    assert is_valid_solution(MIN_ROLL, out["solution"])
    assert out["count"] == 11 and out["difficulty"] == "Expert"
    assert 0 < out["chance"] < 1
    for pid, (used, legal) in out["placements"].items():
        assert 1 <= used <= legal, pid
    # The measure as defined: product of used/legal over pieces, over the count.
    product = 1.0
    for used, legal in out["placements"].values():
        product *= used / legal
    assert out["chance"] == pytest.approx(product / 11)


def test_solve_continues_a_partial_placement() -> None:
    first = call("solve", {"blockers": MIN_ROLL})["solution"]
    part = {pid: first[pid] for pid in ("O", "T")}
    out = call("solve", {"blockers": MIN_ROLL, "state": part, "count": True})
    assert all(out["solution"][p] == part[p] for p in part)
    assert 1 <= out["count"] <= 11


# ----- hints and checks -------------------------------------------------------------------


@needs_data
@pytest.mark.parametrize("blockers", [MIN_ROLL, ["B3", "B4", "F1", "F2", "F3", "F4", "F6"]])
def test_following_hints_solves_the_roll(blockers: list[str]) -> None:
    state: dict[str, list[str]] = {}
    for _ in range(9):
        h = call("hint", {"blockers": blockers, "state": state})
        assert h["technique"] in ("forced cell", "forced piece", "most constrained cell", "most constrained piece",
                                  "cut-off region") and h["solvable"]
        assert h["reason"] and set(h["move"]["cells"]) <= set(h["cells"])
        state[h["move"]["piece"]] = h["move"]["cells"]
        assert call("check", {"blockers": blockers, "state": state})["solvable"]
    assert is_valid_solution(blockers, state)
    assert call("hint", {"blockers": blockers, "state": state})["technique"] == "solved"
    assert call("check", {"blockers": blockers, "state": state})["solved"]


def test_hint_names_the_piece_to_take_back() -> None:
    state = {"O": ["A1", "A2", "B1", "B2"], "1": ["C1"]}  # the single on C1 leaves no way to finish
    assert not call("check", {"blockers": MIN_ROLL, "state": state})["solvable"]
    h = call("hint", {"blockers": MIN_ROLL, "state": state})
    assert h["technique"] == "take back" and not h["solvable"]
    rest = {p: c for p, c in state.items() if p != h["move"]["remove"]}
    assert call("check", {"blockers": MIN_ROLL, "state": rest})["solvable"]


def test_hint_reason_for_a_forced_cell_names_the_cell_and_piece() -> None:
    h = call("hint", {"blockers": MIN_ROLL})
    assert h["cells"][0] in h["reason"]
    assert g.PIECE_BY_ID[h["move"]["piece"]].name in h["reason"]


def test_check_reports_overlaps_shapes_and_blockers() -> None:
    state = {"I4": ["D1", "D2", "D3", "D4"], "O": ["D4", "D5", "E4", "E5"], "T": ["A1", "A2", "B2", "C2"],
             "1": ["A3"]}
    out = call("check", {"blockers": MIN_ROLL, "state": state})
    assert not out["solved"] and not out["solvable"] and len(out["problems"]) == 3
    assert set(out["errors"]) == {"D4", "A1", "A2", "B2", "C2", "A3"}
    assert [p["rule"] for p in out["problems"]] == ["blocked", "overlap", "shape"]  # in piece order
    assert [p["cells"] for p in out["problems"]] == [["A3"], ["D4"], ["A1", "A2", "B2", "C2"]]
    assert out["messages"] == [p["text"] for p in out["problems"]]
    assert any("overlap" in p for p in out["messages"]) and any("peg at" in p for p in out["messages"])
    h = call("hint", {"blockers": MIN_ROLL, "state": state})  # the first mistake, to take back
    assert h["technique"] == "mistake" and h["move"] == {"remove": "1"} and h["stages"]["move"] == "-1"


@pytest.mark.parametrize(("obj", "message"), [
    ({"blockers": ["A1"]}, "7 cells"),
    ({"blockers": ["A1", "A1", "B2", "C3", "D4", "E5", "F6"]}, "distinct"),
    ({"blockers": ["A1", "A2", "B2", "C3", "D4", "E5", "G6"]}, "off the board"),
    ({"blockers": "A1 A2"}, "blockers"),
    ({"blockers": MIN_ROLL, "state": {"Q": ["A1"]}}, "unknown piece"),
    ({"blockers": MIN_ROLL, "state": {"O": ["A1", "A7"]}}, "off the board"),
])
def test_bad_input_raises_a_readable_error(obj: dict, message: str) -> None:
    with pytest.raises(PuzzleError, match=message):
        call("solve", obj)


def test_unfillable_blockers_are_a_no_solution_error() -> None:
    with pytest.raises(PuzzleError) as err:  # A1, A6 and F6 walled in: three cells only a single could fill
        call("solve", {"blockers": ["A2", "B1", "F5", "E6", "A5", "B6", "F2"]})
    assert err.value.kind == "no-solution"


# ----- generation -------------------------------------------------------------------------


def test_generate_is_seeded_and_graded() -> None:
    for grade, (name, low) in enumerate(g.GRADE_BOUNDS):
        a = call("generate", {"difficulty": grade + 1, "seed": 42})
        assert a == call("generate", {"difficulty": name, "seed": 42})
        assert a["difficulty"] == name and a["count"] >= low
        if grade:
            assert a["count"] < g.GRADE_BOUNDS[grade - 1][1]
        assert [f in die for f, die in zip(a["dice"], g.DICE, strict=True)] == [True] * 7
        assert sorted(a["dice"]) == a["blockers"]
        assert g.count_solutions(tuple(g.parse_cell(c) for c in a["blockers"])) == a["count"]


def test_every_roll_with_fixed_faces_is_solvable() -> None:
    dice = [[g.parse_cell(f) for f in die] for die in g.DICE]
    fixed = {0: g.parse_cell("A5"), 1: g.parse_cell("C1"), 2: g.parse_cell("E5"), 3: g.parse_cell("C3")}
    assert g.all_solvable(dice, fixed, {})


# ----- command line -----------------------------------------------------------------------


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m solvers genius ...` in a subprocess."""
    return subprocess.run([sys.executable, "-m", "solvers", "genius", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_cli_solve_counts_and_reports_errors_per_line() -> None:
    lines = [json.dumps({"blockers": MIN_ROLL, "count": True}), "not json", json.dumps({"blockers": ["A1"]})]
    proc = run_cli("solve", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    out = [json.loads(ln) for ln in proc.stdout.splitlines()]
    assert len(out) == 3 and out[0]["count"] == 11
    assert set(out[0]["solution"]) == set(DATA_NAMES)
    assert out[1]["kind"] == out[2]["kind"] == "invalid"


def test_cli_generate_hint_and_check() -> None:
    gen = json.loads(run_cli("generate", "--difficulty", "Hard", "--seed", "3").stdout)
    assert gen["difficulty"] == "Hard" and len(gen["blockers"]) == 7
    hint = json.loads(run_cli("hint", stdin=json.dumps({"blockers": gen["blockers"], "state": {}}) + "\n").stdout)
    assert hint["move"]["piece"] in DATA_NAMES
    check = json.loads(run_cli("check", stdin=json.dumps({"blockers": gen["blockers"]}) + "\n").stdout)
    assert check["solvable"] and not check["solved"]


@needs_data
def test_cli_stats_on_a_few_rolls_agrees_with_the_golden_file() -> None:
    proc = run_cli("stats", "--limit", "12", "--workers", "2")
    assert proc.returncode == 0, proc.stderr
    assert "12 rolls equal, 0 differ" in proc.stdout
    assert "min" in proc.stdout and "median" in proc.stdout


# ----- trace (watch the solver) ---------------------------------------------------------


def replay_trace(blockers: list[str], events: list[dict]) -> tuple[dict[str, list[str]], int]:
    """The pieces on the board after a trace's place/remove events, checking each is legal; and the steps."""
    board: dict[str, list[str]] = {}
    for ev in events[:-1]:
        if ev["event"] == "place":
            used = {c for cells in board.values() for c in cells} | set(blockers)
            assert ev["piece"] not in board and not used & set(ev["cells"]), ev
            board[ev["piece"]] = ev["cells"]
        else:
            assert ev == {"event": "remove", "piece": ev["piece"]} and ev["piece"] in board
            del board[ev["piece"]]
    assert events[-1]["event"] == "solved"
    assert events[-1]["steps"] == sum(ev["event"] == "place" for ev in events)
    return board, events[-1]["steps"]


@needs_data
@pytest.mark.parametrize("seed", range(4))
def test_trace_replays_to_the_solution(seed: int) -> None:
    roll = call("generate", {"difficulty": seed % 4 + 1, "seed": seed})
    board, steps = replay_trace(roll["blockers"], list(call("trace", roll)))
    assert is_valid_solution(roll["blockers"], board)
    assert board == call("solve", {"blockers": roll["blockers"]})["solution"]
    assert steps >= 9


def test_trace_limits_and_errors() -> None:
    events = call("trace", {"blockers": MIN_ROLL, "max_steps": 3, "method": "exact-cover"})
    assert [ev["event"] for ev in itertools.islice(events, 3)] == ["place"] * 3
    with pytest.raises(PuzzleError) as err:
        list(events)
    assert err.value.kind == "timeout"
    with pytest.raises(PuzzleError, match="unknown trace method"):
        call("trace", {"blockers": MIN_ROLL, "method": "guessing"})
    with pytest.raises(PuzzleError, match="max_steps"):
        call("trace", {"blockers": MIN_ROLL, "max_steps": 0})
    with pytest.raises(PuzzleError) as err:  # unfillable: refused at once, before any event
        call("trace", {"blockers": ["A2", "B1", "F5", "E6", "A5", "B6", "F2"]})
    assert err.value.kind == "no-solution"


def test_cli_trace_prints_events_then_solved() -> None:
    proc = run_cli("trace", stdin=json.dumps({"blockers": MIN_ROLL}) + "\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    events = [json.loads(ln) for ln in proc.stdout.splitlines()]
    board, _ = replay_trace(MIN_ROLL, events)
    assert board == call("solve", {"blockers": MIN_ROLL})["solution"]


# ----- the typed contract ---------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_parse_format_round_trip(seed: int) -> None:
    roll = g.Roll(tuple(sorted(g.parse_cell(c) for c in rules.roll(seed))))
    text = g.FAMILY.format(roll)
    assert len(text) == 14 and g.FAMILY.parse(text) == roll == g.FAMILY.parse(text.lower())
    assert g.FAMILY.read(g.FAMILY.write(roll)) == roll
    assert call("parse", {"text": text}) == {"blockers": sorted(rules.roll(seed))}


def test_generate_is_the_first_throw_of_the_seed_in_the_grade() -> None:
    for grade in range(4):
        roll = g.FAMILY.generate(Params(grade), "page")
        faces, count, throw = g.first_roll(grade, "page")
        assert roll.blockers == tuple(sorted(g.parse_cell(f) for f in faces))
        assert faces == list(itertools.islice(rules.rolls("page"), throw, throw + 1))[0]
        assert g.grade_of(g.count_solutions(roll.blockers)) == g.GRADE_BOUNDS[grade][0]
    # A seed whose first throw is in the grade gives exactly the page's roll.
    seed = next(s for s in range(100) if g.first_roll(0, s)[2] == 0)
    assert call("generate", {"seed": seed})["blockers"] == sorted(rules.roll(seed))


def test_apply_places_moves_and_takes_back() -> None:
    puzzle = g.FAMILY.read({"blockers": MIN_ROLL})
    solution = call("solve", {"blockers": MIN_ROLL})["solution"]
    state = g.FAMILY.start(puzzle)
    for pid, cells in solution.items():
        assert not g.FAMILY.is_solved(puzzle, state)
        state = g.FAMILY.apply(puzzle, state, f"{pid}:{','.join(cells)}")
    assert g.FAMILY.is_solved(puzzle, state) and g.FAMILY.write_state(puzzle, state) == solution
    assert g.FAMILY.check(puzzle, state) == []
    back = g.FAMILY.apply(puzzle, state, "-O")
    assert "O" not in g.FAMILY.write_state(puzzle, back) and not g.FAMILY.is_solved(puzzle, back)
    out = call("apply", {"blockers": MIN_ROLL, "moves": [f"{p}:{','.join(c)}" for p, c in solution.items()]})
    assert out == {"state": solution, "solved": True}
    for bad, message in [("O:A3,A4,B3,B4", "peg at"), ("O:A1,A2,A3,A4", "cannot cover"), ("-T", "not on the board"),
                         ("Q:A1", "unknown piece"), ("O", "a move looks like")]:
        with pytest.raises(PuzzleError, match=message):
            g.FAMILY.apply(puzzle, g.FAMILY.apply(puzzle, back, "-T") if bad == "-T" else back, bad)


def test_hint_stages_give_a_move_that_applies() -> None:
    puzzle = g.FAMILY.read({"blockers": MIN_ROLL})
    state = g.FAMILY.start(puzzle)
    for _ in range(9):
        h = g.FAMILY.hint(puzzle, state, {})
        assert h.where and h.what and h.reason and h.move_text
        state = g.FAMILY.apply(puzzle, state, h.move_text)
        assert not g.FAMILY.check(puzzle, state)
    assert g.FAMILY.is_solved(puzzle, state)
    assert g.FAMILY.hint(puzzle, state, {}).move_text is None


def test_stuck_board_names_the_dead_region() -> None:
    state = {"O": ["A1", "A2", "B1", "B2"], "1": ["C1"]}  # A4 is walled in and the single is used
    out = call("check", {"blockers": MIN_ROLL, "state": state})
    assert out["problems"] == [{"cells": ["A4"], "rule": "stuck", "text": out["messages"][0]}]
    assert "A4" in out["messages"][0] and out["errors"] == [] and not out["solvable"]
    h = call("hint", {"blockers": MIN_ROLL, "state": state})
    assert h["region"] == ["A4"] and h["move"] == {"remove": "1"} and h["stages"]["move"] == "-1"


def test_commands_and_info() -> None:
    info = call("info", {})
    assert info["commands"][-2:] == ["stats", "dice"] and info["methods"] == ["exact-cover"]
    assert g.FAMILY.extra()["stats"].main is not None


def test_a_cut_off_region_comes_first() -> None:
    h = call("hint", {"blockers": MIN_ROLL})  # A4 is walled in by the pegs on A3, A5 and B4
    assert h["technique"] == "cut-off region" and h["move"] == {"piece": "1", "cells": ["A4"]}
    assert h["level"] == 1 and "A4" in h["reason"] and h["stages"]["move"] == "1:A4"
    h = call("hint", {"blockers": MIN_ROLL, "state": {"1": ["A4"]}})
    assert h["technique"] != "cut-off region" or h["move"]["piece"] != "1"


# ----- the independent checker of a solve answer (tests/test_contract.py runs it) ---------------------------

def solution_ok(puzzle: dict, answer: dict) -> bool:
    """Nine connected pieces of the set's sizes cover every cell but the blockers."""
    def rc(name: str) -> tuple[int, int]:
        return "ABCDEF".index(name[0]), int(name[1:]) - 1

    pieces = [{rc(c) for c in cells} for cells in answer["solution"].values()]
    covered = [c for p in pieces for c in p] + [rc(b) for b in puzzle["blockers"]]
    return (len(pieces) == 9 and sorted(map(len, pieces)) == [1, 2, 3, 3, 4, 4, 4, 4, 4]
            and sorted(covered) == [(r, c) for r in range(6) for c in range(6)] and all(map(connected, pieces)))
