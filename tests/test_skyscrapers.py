"""Skyscrapers: solver, grades, generator, hints, checks, traces, text form and CLI.

Every solver answer is validated by `valid`, a checker written here from the rules alone.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from itertools import permutations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers import PuzzleError, commands
from solvers import skyscrapers as sky

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO.parent / "shared" / "benchmarks" / "skyscrapers.json"
SIDES = ("top", "right", "bottom", "left")


def call(command: str, obj: dict) -> dict:
    """One answer of the family's command table (what the CLI and the worker run)."""
    return commands.run(sky.FAMILY, command, obj)


def gen(grade: int, seed: int | str, size: int) -> dict:
    """`generate` with a 0-based grade."""
    return call("generate", {"difficulty": grade + 1, "seed": seed, "size": size})


def trace(obj: dict, method: str) -> object:
    """The trace stream of a solve input."""
    return commands.run(sky.FAMILY, "trace", {**obj, "method": method})


def seen(line: list[int]) -> int:
    """Towers seen from the start of a line."""
    return sum(1 for i, h in enumerate(line) if all(h > x for x in line[:i]))


def sight_lines(grid: list[list[int]]) -> dict[tuple[str, int], list[int]]:
    """Each clue's line of heights, read from the clue outwards."""
    n = len(grid)
    cols = [[grid[r][c] for r in range(n)] for c in range(n)]
    out = {}
    for i in range(n):
        out[("top", i)], out[("bottom", i)] = cols[i], cols[i][::-1]
        out[("left", i)], out[("right", i)] = grid[i], grid[i][::-1]
    return out


def valid(obj: dict, grid: list[list[int]]) -> bool:
    """Whether `grid` solves the JSON puzzle `obj`: latin square, every clue, every given."""
    n = obj["n"]
    want = list(range(1, n + 1))
    if len(grid) != n or any(sorted(row) != want for row in grid):
        return False
    if any(sorted(grid[r][c] for r in range(n)) != want for c in range(n)):
        return False
    if any(grid[r][c] != v for r, c, v in obj.get("givens") or []):
        return False
    return all(not obj[s][i] or seen(line) == obj[s][i] for (s, i), line in sight_lines(grid).items())


def all_clues(grid: list[list[int]]) -> dict:
    """The JSON puzzle with every clue of a grid."""
    n = len(grid)
    return {"n": n, **{s: [seen(sight_lines(grid)[(s, i)]) for i in range(n)] for s in SIDES}}


def instances() -> list[dict]:
    """The public instances, or a skip when shared/ is missing."""
    if not BENCH.exists():
        pytest.skip(f"public instances not found at {BENCH}")
    return json.loads(BENCH.read_text())["instances"]


def as_input(inst: dict) -> dict:
    """A public instance as the solve input."""
    return {"n": inst["n"], **inst["clues"], "givens": inst.get("givens") or []}


# ----------------------------------------------------------------- golden: the 40 public instances


def test_public_instances_solved_to_listed_solutions() -> None:
    data = instances()
    assert len(data) == 40
    for inst in data:
        obj = as_input(inst)
        out = call("solve", obj)
        assert out == {"solution": inst["solution"], "count": 1}, inst["id"]
        assert valid(obj, out["solution"]), inst["id"]


def test_public_instances_hints_play_to_the_solution() -> None:
    for inst in instances()[::5] + [i for i in instances() if i["id"] in ("sky22_n7", "sky38_n7")]:
        obj = as_input(inst)
        n, state = obj["n"], start_state(obj)
        for _ in range(n * n + 1):
            h = call("hint", {**obj, "state": state})
            if h["technique"] == "Solved":
                break
            r, c, v = h["move"]["place"]
            assert inst["solution"][r][c] == v and not state[r][c], (inst["id"], h)
            state[r][c] = v
        assert state == inst["solution"], inst["id"]


# ----------------------------------------------------------------- solver on random puzzles


@st.composite
def puzzles(draw: st.DrawFn, max_n: int = 7) -> tuple[dict, list[list[int]]]:
    """A grid's clues with some removed and a few givens, and the grid."""
    n = draw(st.integers(1, max_n))
    grid = sky.random_grid(n, random.Random(draw(st.integers(0, 10**6))))
    obj = all_clues(grid)
    for s in SIDES:
        obj[s] = [c if draw(st.booleans()) else 0 for c in obj[s]]
    cells = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3, unique=True))
    obj["givens"] = [[r, c, grid[r][c]] for r, c in cells]
    return obj, grid


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_solutions_satisfy_clues_and_givens(case: tuple[dict, list[list[int]]]) -> None:
    obj, grid = case
    out = call("solve", obj)
    assert valid(obj, out["solution"])
    found = sky.solutions(sky.puzzle_from_json(obj), 2)
    assert len(found) == out["count"]
    assert all(valid(obj, g) for g in found)
    if out["count"] == 1:
        assert out["solution"] == grid
    else:
        assert found[0] != found[1]


@settings(max_examples=30, deadline=None)
@given(puzzles(max_n=5))
def test_count_agrees_with_brute_force(case: tuple[dict, list[list[int]]]) -> None:
    obj, _ = case
    n = obj["n"]
    rows = [list(p) for p in permutations(range(1, n + 1))]
    count = 0

    def fill(prefix: list[list[int]]) -> None:
        nonlocal count
        if count >= 2:
            return
        if len(prefix) == n:
            count += valid(obj, prefix)
            return
        for row in rows:
            if all(row[c] != p[c] for p in prefix for c in range(n)):
                fill([*prefix, row])

    if n <= 4:
        fill([])
        assert sky.count_solutions(sky.puzzle_from_json(obj)) == count


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.lists(st.integers(1, (1 << n) - 1), min_size=n, max_size=n), st.integers(0, n), st.integers(0, n))))
def test_line_support_matches_enumeration(case: tuple[list[int], int, int]) -> None:
    masks, front, back = case
    n = len(masks)
    support = [0] * n
    for perm in permutations(range(1, n + 1)):
        if all(masks[i] >> (v - 1) & 1 for i, v in enumerate(perm)) and \
                (not front or seen(list(perm)) == front) and (not back or seen(list(perm[::-1])) == back):
            for i, v in enumerate(perm):
                support[i] |= 1 << (v - 1)
    got = sky.line_support(tuple(masks), front, back)
    assert got == (tuple(support) if any(support) else None)


def test_ablation_phases_give_the_same_answers() -> None:
    for inst in instances():
        if inst["n"] > 5:
            continue
        puzzle = sky.puzzle_from_json(as_input(inst))
        for phases in ((1, 2, 5), (1, 2, 3, 5), (4, 5), sky.PHASES):
            assert sky.Solver(puzzle, phases=phases).solutions(2) == [inst["solution"]], (inst["id"], phases)


def test_guessing_counters_and_phases_ordering() -> None:
    inst = next(i for i in instances() if i["id"] == "sky05_n6")
    puzzle = sky.puzzle_from_json(as_input(inst))
    full, partial = sky.Solver(puzzle), sky.Solver(puzzle, phases=(1, 2, 3, 5))
    assert full.solutions(2) == partial.solutions(2) == [inst["solution"]]
    assert full.guesses < partial.guesses  # line filtering saves guesses, as the reference found
    stuck = sky.Solver(puzzle, phases=(1, 2, 5), max_guesses=50)
    with pytest.raises(PuzzleError) as err:
        stuck.solutions(2)
    assert err.value.kind == "timeout"


def test_largest_size_and_empty_board() -> None:
    empty = {"n": 12, **{s: [0] * 12 for s in SIDES}}
    out = call("solve", empty)
    assert out["count"] == 2 and valid(empty, out["solution"])
    grid = sky.random_grid(12, random.Random(5))
    obj = all_clues(grid)
    for keep in (0, 1):
        obj["givens"] = [[r, c, grid[r][c]] for r in range(12) for c in range(12) if (r * 5 + c * 7) % 3 != keep]
        found = sky.solutions(sky.puzzle_from_json(obj), 2)
        assert found and all(valid(obj, g) for g in found)
        assert grid in found


# ----------------------------------------------------------------- bad input


@pytest.mark.parametrize("obj, kind", [
    ({"n": 4, "top": [1, 2, 3], "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4}, "invalid"),
    ({"n": 4, "top": [5, 0, 0, 0], "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4}, "invalid"),
    ({"n": 4, "top": ["1", 0, 0, 0], "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4}, "invalid"),
    ({"n": 13, "top": [0] * 13, "right": [0] * 13, "bottom": [0] * 13, "left": [0] * 13}, "invalid"),
    ({"n": "4", "top": [0] * 4}, "invalid"),
    ({"n": 4, "top": [0] * 4, "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4, "givens": [[0, 0, 2], [0, 3, 2]]},
     "no-solution"),
    ({"n": 4, "top": [0] * 4, "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4, "givens": [[4, 0, 1]]}, "invalid"),
    ({"n": 4, "top": [4, 4, 0, 0], "right": [0] * 4, "bottom": [0] * 4, "left": [0] * 4}, "no-solution"),
    ({"n": 4, "top": [1, 0, 0, 0], "right": [0] * 4, "bottom": [1, 0, 0, 0], "left": [0] * 4}, "no-solution"),
])
def test_bad_input_is_a_clear_error(obj: dict, kind: str) -> None:
    with pytest.raises(PuzzleError) as err:
        call("solve", obj)
    assert err.value.kind == kind
    assert len(str(err.value)) > 10


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 15) | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=5), max_leaves=20)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["n", "top", "right", "bottom", "left", "givens", "description"]),
                       json_values, max_size=7))
def test_junk_objects_raise_puzzle_error_only(obj: dict) -> None:
    try:
        puzzle = sky.puzzle_from_json(obj)
    except PuzzleError as err:
        assert err.kind in ("invalid", "no-solution") and str(err)
    else:
        assert sky.puzzle_from_json(puzzle.to_json()) == puzzle


# ----------------------------------------------------------------- text form


@st.composite
def puzzle_values(draw: st.DrawFn) -> sky.Puzzle:
    """Any valid puzzle value (clues need not be consistent), givens from a latin square."""
    n = draw(st.integers(1, 12))
    grid = sky.random_grid(n, random.Random(draw(st.integers(0, 999))))
    clues = {s: draw(st.lists(st.integers(0, n), min_size=n, max_size=n)) for s in SIDES}
    cells = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=n * n, unique=True))
    return sky.make_puzzle(n, clues, [[r, c, grid[r][c]] for r, c in cells])


@settings(max_examples=150, deadline=None)
@given(puzzle_values())
def test_format_parse_round_trip(puzzle: sky.Puzzle) -> None:
    text = sky.format(puzzle)
    assert sky.parse(text) == puzzle
    assert sky.puzzle_from_json({"description": text}) == puzzle
    assert sky.puzzle_from_json(puzzle.to_json()) == puzzle


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.from_regex(r"\A[0-9]{1,2}:[.0-9A-Ea-z/]{0,60}\Z")))
def test_parse_never_crashes_on_junk(text: str) -> None:
    try:
        puzzle = sky.parse(text)
    except PuzzleError:
        return
    assert sky.parse(sky.format(puzzle)) == puzzle


def test_description_example() -> None:
    p = sky.parse("4:.3../2.../..1./...2/c4")
    assert p.top == (0, 3, 0, 0) and p.right == (2, 0, 0, 0) and p.bottom == (0, 0, 1, 0) and p.left == (0, 0, 0, 2)
    assert p.givens == ((0, 3, 4),)
    assert sky.format(p) == "4:.3../2.../..1./...2/c4"


# ----------------------------------------------------------------- grades and generator


CASES = [(n, level) for n in (4, 5, 6, 7) for level in range(4) if not (n == 4 and level == 3)]


@pytest.mark.parametrize("n, level", CASES)
def test_generated_puzzles_are_unique_and_of_the_grade(n: int, level: int) -> None:
    for seed in (1, 2):
        out = gen(level, seed, n)
        assert out["difficulty"] == sky.GRADES[level] and out["seed"] == seed and out["n"] == n
        puzzle = sky.puzzle_from_json(out)
        assert sky.count_solutions(puzzle) == 1
        assert sky.grade(puzzle) == level
        assert sky.parse(out["description"]) == puzzle
        assert valid(out, call("solve", out)["solution"])
        # grading in bulk and stepping through the hint ladder agree
        board, top = sky.start_board(puzzle), 0
        while not board.solved():
            found = sky.next_step(board)
            assert found is not None
            top = max(top, found[0])
            board.apply(found[1])
        assert top == level


def test_generator_is_deterministic() -> None:
    a = gen(2, 42, 6)
    assert a == gen(2, 42, 6)
    assert a != gen(2, 43, 6)
    assert gen(1, "daily-2024-05-01", 5) == gen(1, "daily-2024-05-01", 5)


@pytest.mark.slow
@pytest.mark.parametrize("n", [8, 9])
def test_generated_large_puzzles(n: int) -> None:
    for level in range(4):
        out = gen(level, 3, n)
        puzzle = sky.puzzle_from_json(out)
        assert sky.count_solutions(puzzle) == 1 and sky.grade(puzzle) == level


def test_impossible_grade_and_size_are_refused() -> None:
    with pytest.raises(PuzzleError, match="up to Hard"):
        gen(3, 1, 4)
    with pytest.raises(PuzzleError):
        gen(0, 1, 10)


# ----------------------------------------------------------------- hints and checks


def generated(level: int, n: int, seed: int = 5) -> tuple[dict, list[list[int]]]:
    """A generated puzzle and its solution."""
    obj = gen(level, seed, n)
    return obj, call("solve", obj)["solution"]


def start_state(obj: dict) -> list[list[int]]:
    """The player's grid before any move: the givens only."""
    state = [[0] * obj["n"] for _ in range(obj["n"])]
    for r, c, v in obj.get("givens") or []:
        state[r][c] = v
    return state


@pytest.mark.parametrize("level, n", [(0, 5), (2, 6), (3, 6)])
def test_hints_with_pencil_marks_are_sound_and_finish(level: int, n: int) -> None:
    obj, sol = generated(level, n)
    state = start_state(obj)
    pencil = [["123456789"[:n]] * n for _ in range(n)]
    seen_levels = set()
    for _ in range(n ** 3):
        h = call("hint", {**obj, "state": state, "pencil": pencil})
        if h["technique"] == "Solved":
            break
        assert h["reason"] and h["technique"] in sky.TECHNIQUE_NAMES and h["grade"] == sky.GRADES[h["level"]]
        seen_levels.add(h["level"])
        for side, i in h["clues"]:
            assert obj[side][i]
        if "place" in h["move"]:
            r, c, v = h["move"]["place"]
            assert sol[r][c] == v
            state[r][c] = v
        else:
            assert h["move"]["eliminate"]
            for r, c, v in h["move"]["eliminate"]:
                assert sol[r][c] != v and str(v) in pencil[r][c]
                pencil[r][c] = pencil[r][c].replace(str(v), "")
    assert state == sol
    assert max(seen_levels) == level


def test_hint_without_pencil_chains_to_a_placement() -> None:
    obj, sol = generated(3, 6)
    state = start_state(obj)
    levels = []
    while True:
        h = call("hint", {**obj, "state": state})
        if h["technique"] == "Solved":
            break
        r, c, v = h["move"]["place"]
        assert sol[r][c] == v and [r, c] in h["cells"]
        levels.append(h["level"])
        if "steps" in h:
            assert h["level"] == max(s["level"] for s in h["steps"])
        state[r][c] = v
    assert state == sol and max(levels) == 3


def test_hint_clears_a_wrong_entry_first() -> None:
    obj, sol = generated(1, 5)
    state = [[0] * 5 for _ in range(5)]
    state[2][3] = sol[2][3] % 5 + 1
    h = call("hint", {**obj, "state": state})
    assert h["technique"] == "Wrong entry" and h["move"] == {"clear": [2, 3]} and h["cells"] == [[2, 3]]


def test_hint_on_ambiguous_puzzle_is_an_error() -> None:
    obj = {"n": 4, **{s: [0] * 4 for s in SIDES}, "state": [[0] * 4 for _ in range(4)]}
    with pytest.raises(PuzzleError) as err:
        call("hint", obj)
    assert err.value.kind == "multiple-solutions"


def test_check_reports_wrong_conflicts_and_broken_clues() -> None:
    obj, sol = generated(2, 5)
    empty = call("check", {**obj, "state": [[0] * 5 for _ in range(5)]})
    assert empty["errors"] == 0 and not empty["complete"] and not empty["solved"]
    done = call("check", {**obj, "state": sol})
    assert done["solved"] and done["complete"] and done["errors"] == 0 and done["message"].startswith("Solved")
    # swap two rows: still a latin square, no conflicts, but wrong cells and some clues broken
    swapped = [sol[1], sol[0], *sol[2:]]
    out = call("check", {**obj, "state": swapped})
    assert not out["solved"] and out["complete"] and not out["conflicts"]
    assert {tuple(x) for x in out["wrong"]} == {(r, c) for r in (0, 1) for c in range(5) if swapped[r][c] != sol[r][c]}
    broken = {(s, i) for (s, i), line in sight_lines(swapped).items() if obj[s][i] and seen(line) != obj[s][i]}
    assert {tuple(x) for x in out["bad_clues"]} == broken
    # a repeat in a row
    state = [[0] * 5 for _ in range(5)]
    state[0][0] = state[0][4] = 3
    out = call("check", {**obj, "state": state})
    assert [0, 0] in out["conflicts"] and [0, 4] in out["conflicts"]


def test_check_rejects_a_malformed_state() -> None:
    obj, _ = generated(0, 4)
    for state in ([[0] * 4] * 3, [[0, 0, 0, 9]] * 4, "1234"):
        with pytest.raises(PuzzleError):
            call("check", {**obj, "state": state})


# ----------------------------------------------------------------- traces


@pytest.mark.parametrize("method", ["phases", "logic"])
def test_traces_end_solved_and_stay_sound(method: str) -> None:
    for inst in [i for i in instances() if i["id"] in ("sky05_n6", "sky22_n7", "sky38_n7")]:
        sol = inst["solution"]
        events = list(trace(as_input(inst), method))
        assert events[-1]["event"] == "solved" and events[-1]["solution"] == sol
        assert any(e["event"] == "technique" for e in events)
        if method == "logic":
            values = {(r, c): v for r, c, v in inst.get("givens") or []}
            for e in events:
                if e["event"] == "set":
                    values[tuple(e["cell"])] = e["value"]
                elif e["event"] == "eliminate":
                    assert all(sol[r][c] != v for r, c, v in e["cells"])
            assert values == {(r, c): sol[r][c] for r in range(inst["n"]) for c in range(inst["n"])}
        else:
            grids = [e["grid"] for e in events if e["event"] == "candidates" and e.get("depth", 0) == 0]
            assert all(str(sol[r][c]) in g[r][c] for g in grids for r in range(inst["n"]) for c in range(inst["n"]))


# ----------------------------------------------------------------- command line


def run_cli(*args: str, stdin: str = "") -> list[dict]:
    """Run `python -m solvers skyscrapers ...` and read its JSON lines."""
    out = subprocess.run([sys.executable, "-m", "solvers", "skyscrapers", *args], input=stdin, capture_output=True,
                         text=True, cwd=REPO, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_cli_solve_generate_hint_check_trace() -> None:
    data = instances()[:3]
    lines = "\n".join(json.dumps(as_input(i)) for i in data) + "\nnot json\n" + json.dumps({"n": 4, "top": [9]}) + "\n"
    out = run_cli("solve", stdin=lines)
    assert [o.get("solution") for o in out[:3]] == [i["solution"] for i in data]
    assert all(o["count"] == 1 for o in out[:3])
    assert out[3]["kind"] == "invalid" and out[4]["kind"] == "invalid" and len(out) == 5

    (puzzle,) = run_cli("generate", "--difficulty", "medium", "--seed", "11", "--size", "5")
    assert puzzle["difficulty"] == "Medium" and puzzle == run_cli("generate", "-d", "2", "-s", "11", "-n", "5")[0]
    assert {"n", "top", "right", "bottom", "left"} <= puzzle.keys()
    (bad,) = run_cli("generate", "--difficulty", "nightmare")
    assert bad["kind"] == "invalid"

    state = {**puzzle, "state": [[0] * 5 for _ in range(5)]}
    (h,) = run_cli("hint", stdin=json.dumps(state))
    assert {"technique", "cells", "reason", "move"} <= h.keys()
    (c,) = run_cli("check", stdin=json.dumps(state))
    assert c["errors"] == 0 and c["complete"] is False
    events = run_cli("trace", stdin=json.dumps(puzzle))
    assert events[-1]["event"] == "solved"
    assert run_cli("trace", "--method", "logic", stdin=json.dumps(puzzle))[-1]["event"] == "solved"


# ----- the independent checker of a solve answer (tests/test_contract.py runs it) ---------------------------

def solution_ok(puzzle: dict, answer: dict) -> bool:
    """A latin square that meets every clue and given."""
    rows, n = answer["solution"], puzzle["n"]
    cols = [[rows[r][c] for r in range(n)] for c in range(n)]
    latin = all(sorted(line) == list(range(1, n + 1)) for line in rows + cols)
    views = {"top": cols, "bottom": [c[::-1] for c in cols], "left": rows, "right": [r[::-1] for r in rows]}
    clues = all(not clue or seen(views[side][i]) == clue for side in views for i, clue in enumerate(puzzle[side]))
    givens = all(rows[r][c] == v for r, c, v in puzzle.get("givens") or [])
    return latin and clues and givens
