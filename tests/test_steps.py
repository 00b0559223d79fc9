"""The `steps` command (Sudoku and Skyscrapers): every step each rung finds in a position, checked against the solution.

A walk applies hint after hint over top95 (with the notes a player keeps) and lists every step at its positions: no
listed step may place a wrong digit or remove a true candidate, and the hint itself is among them. The walk lists
the steps at every STRIDE-th position (32 by default, listing them costs about half a second a position;
`TESSERA_STEPS_STRIDE=1` checks every position of every walk, about 20 minutes idle). The answer's shape is
DESIGN.md's contract; the request's budget bounds it (a cut list says so and names the rungs not tried). Every run
walks every fifth puzzle of top95 from the first; `--rare` walks the other four fifths, and three more of Tatham's
Towers.
"""

from __future__ import annotations

import json
import os

import pytest
from test_skyscrapers_ladder import TATHAM, tatham
from test_sudoku_ladder import golden

import solvers
from solvers import commands, latin_play
from solvers import skyscrapers as sky
from solvers import sudoku as S
from solvers.latin import bit, candidates
from solvers.sudoku import play
from solvers.sudoku import techniques as L

STRIDE = int(os.environ.get("TESSERA_STEPS_STRIDE", "32"))
PARTS = 5  # the top95 walks in five tests of 19 puzzles (every fifth): the first in every run, all with --rare
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"  # top95 #0


def run(family: str, obj: dict) -> dict:
    """One `steps` answer through the command table (as the CLI and the worker call it)."""
    (out,) = commands.answer(family, "steps", obj)
    return out


def check_sudoku_steps(answer: dict, truth: list[int], n: int) -> None:
    """Every listed step is true to the solution; the list has the contract's shape and no move twice."""
    assert answer["complete"] is True
    moves = set()
    for step in answer["steps"]:
        assert {"technique", "rung", "cells", "move", "reason", "level", "stages", "reveal"} <= set(step)
        move = step["move"]
        if "place" in move:
            r, c, v = move["place"]
            assert truth[r * n + c] == v, step["reason"]
            key: tuple = ("place", r, c, v)
        else:
            assert move["eliminate"], step
            for r, c, v in move["eliminate"]:
                assert truth[r * n + c] != v, step["reason"]
            key = ("eliminate", *sorted(map(tuple, move["eliminate"])))
        assert key not in moves, f"listed twice: {move}"
        moves.add(key)


def play_move(move: dict, n: int, peers: list, values: list[int], notes: list[int]) -> None:
    """Play a hint's move on a position in place: a placement (its digit leaves the notes it sees) or eliminations."""
    for r, c, v in [move["place"]] if "place" in move else move["eliminate"]:
        if "place" not in move:
            notes[r * n + c] &= ~bit(v)
            continue
        values[r * n + c] = v
        for p in peers[r * n + c]:
            notes[p] &= ~bit(v)


def test_steps_answer_shape_and_ladder_order() -> None:
    answer = run("sudoku", {"grid": HARD})
    assert answer["complete"] is True and answer["steps"]
    order = [r.name for r in L.LADDER]
    rungs = [order.index(step["rung"]) for step in answer["steps"]]
    assert rungs == sorted(rungs), "steps come in ladder order"
    seen: list[str] = []  # within a rung, grouped by technique
    for step in answer["steps"]:
        if seen and step["technique"] != seen[-1]:
            assert step["technique"] not in seen or step["rung"] != answer["steps"][0]["rung"]
        seen.append(step["technique"])
    names = {step["technique"] for step in answer["steps"]}
    assert {"Hidden single", "Locked candidates (pointing)", "Forcing chain"} <= names
    check_sudoku_steps(answer, S.parse(golden("sudoku_top95")[0][1]).givens, 9)
    hint = play.next_step(S.parse(HARD), play.start(S.parse(HARD)))
    assert hint.move in [step["move"] for step in answer["steps"]]


@pytest.mark.slow
@pytest.mark.parametrize("part", [0, *(pytest.param(p, marks=pytest.mark.rare) for p in range(1, PARTS))])
def test_steps_on_top95_walks_never_list_a_wrong_step(part: int) -> None:
    """Hints walked over every PARTS-th puzzle of top95 from `part` (the parts run side by side under xdist); the
    steps of every STRIDE-th position of the walks (staggered by puzzle, the first puzzle's first) all checked."""
    checked = listed = positions = 0
    for index, (text, solution) in list(enumerate(golden("sudoku_top95")))[part::PARTS]:
        puzzle, truth = S.parse(text), S.parse(solution).givens
        values = list(puzzle.givens)
        notes = candidates(puzzle.geometry, values)
        for at in range(4 * 81):
            state = play.State(tuple(values), tuple(0 if values[c] else notes[c] for c in range(81)))
            hint = play.next_step(puzzle, state, use_notes=True)
            if hint.technique == "Solved":
                break
            positions += 1
            if (index + at) % STRIDE == 0:
                answer = play.all_steps(puzzle, state, use_notes=True)
                check_sudoku_steps(answer, truth, 9)
                assert hint.move in [step["move"] for step in answer["steps"]], hint.technique
                checked += 1
                listed += len(answer["steps"])
            play_move(hint.move, 9, puzzle.geometry.peers, values, notes)
        else:
            raise AssertionError(f"top95 #{index}: the walk did not end")
    assert checked > positions // STRIDE - len(range(part, 95, PARTS)) and checked and listed > 20 * checked


def test_steps_budget_cut_says_what_was_not_tried() -> None:
    latin_play._listings.clear()  # no listing of HARD remembered from another test
    answer = run("sudoku", {"grid": HARD, "limit": {"nodes": 200}})  # the solve fits, the list does not
    assert answer["complete"] is False and answer["not_tried"] and answer["cut_short"]
    assert answer["not_tried"][-1] == "Nested forcing net"
    assert "budget" in answer["stopped"]
    order = [r.name for r in L.LADDER]
    assert all(order.index(s["rung"]) <= order.index(answer["cut_short"]) for s in answer["steps"])


def test_steps_before_logic_and_bad_input() -> None:
    solution = S.parse(golden("sudoku_top95")[0][1]).givens
    wrong = next(v for v in range(1, 10) if v != solution[1])
    state = HARD[0] + str(wrong) + HARD[2:]
    answer = run("sudoku", {"grid": HARD, "state": state})
    assert [s["technique"] for s in answer["steps"]] == ["Wrong entry"] and answer["complete"] is True
    solved = "".join(map(str, solution))
    assert run("sudoku", {"grid": HARD, "state": solved}) == {"steps": [], "complete": True}
    for bad in ({}, {"grid": "12"}, {"grid": HARD, "pencil": 7}, {"grid": HARD, "state": 3}):
        out = run("sudoku", bad)
        assert out["kind"] == "invalid" and out["error"]


def test_steps_follow_the_notes() -> None:
    """With notes, steps read the notes: a note set narrowed to the true digit makes a naked single listed."""
    puzzle = S.parse(HARD)
    solution = S.parse(golden("sudoku_top95")[0][1]).givens
    cands = candidates(puzzle.geometry, list(puzzle.givens))
    pencil = ["" if puzzle.givens[c] else "".join(str(v) for v in range(1, 10) if cands[c] >> (v - 1) & 1)
              for c in range(81)]
    pencil[1] = str(solution[1])
    answer = run("sudoku", {"grid": HARD, "pencil": pencil})
    assert {"rung": "Naked single", "place": [0, 1, solution[1]]} in [
        {"rung": s["rung"], **s["move"]} for s in answer["steps"]]


@pytest.mark.parametrize("index", [0, *(pytest.param(i, marks=pytest.mark.rare) for i in (1, 2, 3))])
def test_skyscrapers_steps_on_hard_walks_are_true(index: int) -> None:
    """One of Tatham's hardest Towers walked with full notes, playing a different listed step each time: every step
    listed at every position is true, and the hint is among them."""
    for text in TATHAM[index:index + 1]:
        puzzle = tatham(text)
        n = puzzle.n
        (sol,) = sky.solutions(puzzle, 2)
        truth = [v for row in sol for v in row]
        first = run("skyscrapers", puzzle.to_json())
        assert first["complete"] is True and first["steps"][0]["rung"] in ("Clue 1", "Clue N", "Clue bound")
        values = [0] * (n * n)
        for r, c, v in puzzle.givens:
            values[r * n + c] = v
        notes = candidates(sky.layout(n).g, values)
        for position in range(4 * n * n):
            state = sky.State(tuple(values), tuple(0 if values[c] else notes[c] for c in range(n * n)))
            answer = sky.all_steps(puzzle, state, use_notes=True)
            if all(values):
                assert answer == {"steps": [], "complete": True}
                break
            check_sudoku_steps(answer, truth, n)
            assert sky.hint(puzzle, state, use_notes=True).move in [s["move"] for s in answer["steps"]]
            move = answer["steps"][position % len(answer["steps"])]["move"]  # any listed step can be played
            play_move(move, n, sky.layout(n).g.peers, values, notes)
        else:
            raise AssertionError("the walk did not end")


@pytest.mark.parametrize("family", ["sudoku", "skyscrapers"])
def test_steps_is_declared(family: str) -> None:
    assert "steps" in commands.names(solvers.family(family))


def exact(family: str, obj: dict) -> dict:
    """One `steps` answer without a clock (only the input's own "limit"): a loaded machine cuts no list short."""
    return commands.run(solvers.family(family), "steps", obj)


def same_steps(brief: list[dict], full: list[dict]) -> None:
    """A brief list names the same steps as the full one, in the same order: rung, technique, move, cells, level
    and the short "what" (a full step's second stage)."""
    assert len(brief) == len(full)
    for b, f in zip(brief, full, strict=True):
        assert set(b) == {"rung", "technique", "cells", "move", "level", "what"}, b
        assert (b["rung"], b["technique"], b["move"], b["cells"], b["level"]) == \
            (f["rung"], f["technique"], f["move"], f["cells"], f["level"])
        assert b["what"] == f["stages"]["what"]


def test_brief_steps_list_what_the_full_answer_lists() -> None:
    """"brief": the same steps as the full answer (top95 #1's full answer is over 1 MB), a fraction of its
    size; the default answer keeps the contract's shape."""
    top95_1 = golden("sudoku_top95")[1][0]
    for family, obj in (("sudoku", {"grid": HARD}), ("sudoku", {"grid": top95_1}),
                        ("skyscrapers", tatham(TATHAM[2]).to_json())):
        full, brief = exact(family, obj), exact(family, {**obj, "brief": True})
        assert set(full) == {"steps", "complete"} and full["complete"] is True
        assert brief["complete"] is True and brief["more"] is False and brief["total"] == len(full["steps"])
        same_steps(brief["steps"], full["steps"])
        assert len(json.dumps(brief)) * 10 < len(json.dumps(full))


def test_steps_come_in_pages_and_one_step_in_full() -> None:
    """"first" and "count": a page of the list (the rungs stop once it is full: "more", no "total"); the pieces make
    the whole list; one step asked for alone is told in full as in the whole answer."""
    latin_play._listings.clear()  # HARD listed afresh: the first page runs only the rungs it needs
    head = exact("sudoku", {"grid": HARD, "brief": True, "count": 50})
    full = exact("sudoku", {"grid": HARD})["steps"]
    brief = exact("sudoku", {"grid": HARD, "brief": True})["steps"]
    assert head["more"] is True and head["first"] == 0 and "total" not in head and head["steps"] == brief[:50]
    rest = exact("sudoku", {"grid": HARD, "brief": True, "first": 50})
    assert rest["more"] is False and rest["total"] == len(brief) and head["steps"] + rest["steps"] == brief
    for i in (0, 49, 50, len(full) - 1):
        one = exact("sudoku", {"grid": HARD, "first": i, "count": 1})
        assert one["steps"] == [full[i]] and one["first"] == i and (one["more"] or i == len(full) - 1)
    past = exact("sudoku", {"grid": HARD, "first": len(full), "count": 5})
    assert past["steps"] == [] and past["more"] is False and past["total"] == len(full)
    wrong = HARD[0] + "9" + HARD[2:]  # a wrong entry: the one step there, brief too
    (before,) = exact("sudoku", {"grid": HARD, "state": wrong, "brief": True})["steps"]
    assert before["technique"] == "Wrong entry" and "stages" not in before and before["move"] == {"clear": [0, 1]}
    for bad in ({"brief": "yes"}, {"first": -1}, {"first": 1.5}, {"count": 0}, {"count": True}):
        out = run("sudoku", {"grid": HARD, **bad})
        assert out["kind"] == "invalid" and out["error"].startswith('"'), out


def test_a_listed_position_goes_on_from_its_rungs() -> None:
    """The rungs a listing ran are remembered for the position: the rest of the list, and a step chosen from it,
    need no finding again (a budget of 200 nodes lists nothing of HARD from scratch)."""
    latin_play._listings.clear()
    head = exact("sudoku", {"grid": HARD, "brief": True, "count": 50})
    rest = exact("sudoku", {"grid": HARD, "brief": True, "first": 50})
    last = exact("sudoku", {"grid": HARD, "first": rest["total"] - 1, "count": 1, "limit": {"nodes": 200}})
    assert last["complete"] is True and last["steps"][0]["move"] == rest["steps"][-1]["move"]
    assert last["steps"][0]["reveal"] and head["steps"][0]["rung"] == "Hidden single"
    assert exact("sudoku", {"grid": HARD, "brief": True, "limit": {"nodes": 200}})["steps"] == \
        head["steps"] + rest["steps"]
