"""Sudoku: parsing, the complete solver (golden files), check, hints, generator, traces and the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers import commands
from solvers import sudoku as S
from solvers.base import PuzzleError, rng_for
from solvers.sudoku import generator, techniques

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO.parent / "shared" / "benchmarks"
SIZES = {4: (2, 2), 6: (3, 2), 9: (3, 3), 12: (4, 3), 16: (4, 4)}
ALPHABET = "123456789ABCDEFG"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
NO_SOLUTION = "12345678." + "........9" + "." * 63  # r1c9 must be 9, but column 9 has its 9
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


def call(command: str, obj: dict) -> dict:
    """One answer of the family's command table (what the CLI and the worker run)."""
    return commands.run(S.FAMILY, command, obj)


def gen(grade: int, seed: int | str, size: int) -> dict:
    """`generate` with a 0-based grade."""
    return call("generate", {"difficulty": grade + 1, "seed": seed, "size": size})


def trace(obj: dict, method: str) -> object:
    """The trace stream of a solve input."""
    return commands.run(S.FAMILY, "trace", {**obj, "method": method})


def golden(name: str) -> list[tuple[str, str]]:
    """(puzzle, solution) pairs of a benchmark file, or skip when the shared folder is missing."""
    path = BENCH / f"{name}_solutions.txt"
    if not path.exists():
        pytest.skip(f"benchmark data missing: {path}")
    pairs = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            puzzle, solution = line.split()
            pairs.append((puzzle, solution))
    return pairs


def box_units(n: int, box: tuple[int, int]) -> list[list[int]]:
    """Rows, columns and boxes, built independently of the solver's geometry."""
    w, h = box
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [[(br + r) * n + bc + c for r in range(h) for c in range(w)]
             for br in range(0, n, h) for bc in range(0, n, w)]
    return rows + cols + boxes


def valid_completion(puzzle: str, solution: str, box: tuple[int, int]) -> bool:
    """Independent checker: every unit holds every symbol once and the givens are kept."""
    n = box[0] * box[1]
    if len(solution) != n * n or any(p not in ".0" and p != s for p, s in zip(puzzle, solution, strict=True)):
        return False
    want = set(ALPHABET[:n])
    return all({solution[c] for c in unit} == want for unit in box_units(n, box))


def solved_grid(size: int, seed: int) -> str:
    """A full grid of a size (from the generator's filler)."""
    box = SIZES[size]
    return S.grid_text(S.random_solution((box, S.CLASSIC), rng_for(seed, "test")))


# ---------------------------------------------------------------------------- parse / format

def test_parse_sizes_and_default_boxes() -> None:
    for n, box in SIZES.items():
        p = S.parse("." * n * n)
        assert p.box == box and p.n == n and p.givens == (0,) * (n * n)
    assert S.parse("3x2:" + "." * 36).box == (3, 2)
    assert S.parse("2x3:" + "." * 36).box == (2, 3)
    assert S.parse("." * 36, [2, 3]).box == (2, 3)
    assert S.format(S.parse("." * 36, [2, 3])).startswith("2x3:")
    assert S.format(S.parse(EASY)) == EASY


def test_parse_accepts_zero_lowercase_and_whitespace() -> None:
    text = EASY.replace(".", "0")
    lines = "\n".join(text[i:i + 9] for i in range(0, 81, 9))
    assert S.parse(lines) == S.parse(EASY)
    sixteen = "a" + "." * 255
    assert S.parse(sixteen).givens[0] == 10
    assert S.format(S.parse(sixteen))[0] == "A"


@pytest.mark.parametrize(("text", "message"), [
    ("123", "this one has 3"),
    ("x" + "." * 80, "unexpected character 'x'"),
    ("A" + "." * 80, "too large for a 9x9"),
    ("55" + "." * 79, "5 appears twice in row 1"),
    ("5" + "." * 9 + "5" + "." * 70, "5 appears twice in box 1"),
    ("5" + "." * 26 + "5" + "." * 53, "5 appears twice in column 1"),
    ("2x2:" + "." * 15, "needs 16 cells"),
    ("axb:" + "." * 16, "should look like 3x3"),
])
def test_parse_errors_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=message) as err:
        S.parse(text)
    assert err.value.kind == "invalid"


def test_row_duplicate_message_names_row_3() -> None:
    text = "." * 18 + "5.5" + "." * 60
    with pytest.raises(PuzzleError, match="5 appears twice in row 3"):
        S.parse(text)


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[str, str, tuple[int, int]]:
    """(puzzle text, its full grid, box): a random grid with a random set of cells blanked."""
    size = draw(st.sampled_from([4, 6, 9, 12]))
    full = solved_grid(size, draw(st.integers(0, 30)))
    keep = draw(st.lists(st.booleans(), min_size=size * size, max_size=size * size))
    text = "".join(ch if k else "." for ch, k in zip(full, keep, strict=True))
    return text, full, SIZES[size]


@given(puzzles())
@settings(max_examples=60, deadline=None)
def test_parse_format_round_trip(case: tuple[str, str, tuple[int, int]]) -> None:
    text, _, _ = case
    p = S.parse(text)
    assert S.format(p) == text
    assert S.parse(S.format(p)) == p
    assert eval(repr(p), {"parse": S.parse}) == p


@given(st.text(alphabet=st.sampled_from(list("123456789ABG.0x: \n") + ["é", "5"]), max_size=300))
@settings(max_examples=300, deadline=None)
def test_any_text_parses_or_raises_puzzle_error(text: str) -> None:
    try:
        p = S.parse(text)
    except PuzzleError as exc:
        assert str(exc)
    else:
        assert S.parse(S.format(p)) == p


@given(st.text(max_size=100))
@settings(max_examples=100, deadline=None)
def test_any_unicode_parses_or_raises_puzzle_error(text: str) -> None:
    try:
        p = S.parse(text)
    except PuzzleError as exc:
        assert exc.kind == "invalid"
    else:
        assert len(p.givens) == p.n * p.n


# ---------------------------------------------------------------------------- complete solver

@given(puzzles())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_solver_answer_is_a_valid_completion(case: tuple[str, str, tuple[int, int]]) -> None:
    text, full, box = case
    out = call("solve", {"grid": text, "box": list(box)})
    assert valid_completion(text, out["solution"], box)
    assert out["count"] in (1, 2)
    if out["count"] == 1:
        assert out["solution"] == full
    else:
        second = S.solutions(S.parse(text, box), 2)[1]
        assert valid_completion(text, S.grid_text(second), box)
        assert S.grid_text(second) != out["solution"]


@pytest.mark.parametrize("name", ["sudoku_top95", "sudoku_hardest"])
def test_golden_files_solved_exactly(name: str) -> None:
    pairs = golden(name)
    assert len(pairs) == {"sudoku_top95": 95, "sudoku_hardest": 11}[name]
    for puzzle, solution in pairs:
        out = call("solve", {"grid": puzzle})
        assert out == {"solution": solution, "count": 1}
        assert valid_completion(puzzle, solution, (3, 3))


def test_solver_counts_nodes_and_stops_at_limit() -> None:
    search = S.Search(((3, 3), S.CLASSIC), 2)
    assert len(search.run([0] * 81)) == 2
    assert search.nodes >= 1
    assert S.count_solutions(S.parse("." * 16), 5) == 5


def test_no_solution_and_multiple() -> None:
    bad = NO_SOLUTION
    p = S.parse(bad)
    assert S.count_solutions(p, 2) == 0
    with pytest.raises(PuzzleError) as err:
        call("solve", {"grid": bad})
    assert err.value.kind == "no-solution"
    with pytest.raises(PuzzleError) as err:
        S.solve(S.parse("." * 81))
    assert err.value.kind == "multiple-solutions"


# ---------------------------------------------------------------------------- check

def test_check_cases_from_the_cpp_study() -> None:
    ok = call("check", {"grid": EASY, "state": EASY})
    assert ok["errors"] == 0 and not ok["complete"] and not ok["solved"]
    # one duplicate in a row (r1c1 = 3 next to the given 3 in r1c3)
    row = call("check", {"grid": EASY, "state": "3" + EASY[1:]})
    assert row["wrong"] == [[0, 0]] and [0, 2] in row["conflicts"] and row["errors"] == 1
    # a wrong entry with no duplicate: r2c2 = 4 (the solution has 6)
    col_state = EASY[:10] + "4" + EASY[11:]
    col = call("check", {"grid": EASY, "state": col_state})
    assert col["wrong"] == [[1, 1]] and col["errors"] == 1
    # solved board with a changed given
    changed = "5" + EASY_SOLUTION[1:]
    bad = call("check", {"grid": EASY, "state": EASY_SOLUTION[:2] + "4" + EASY_SOLUTION[3:]})
    assert bad["changed_givens"] == [[0, 2]] and bad["complete"] and not bad["solved"]
    assert call("check", {"grid": EASY, "state": changed})["wrong"] == [[0, 0]]
    solved = call("check", {"grid": EASY, "state": EASY_SOLUTION})
    assert solved["solved"] and solved["complete"] and solved["errors"] == 0 and "Solved" in solved["message"]


def test_check_row_column_box_duplicates_and_changed_given() -> None:
    state = list(EASY_SOLUTION)
    state[0] = "3"  # duplicates the given 3 at r1c3 (row 1 and box 1)
    state[2] = "9"  # a changed given
    result = call("check", {"grid": EASY, "state": "".join(state)})
    assert result["changed_givens"] == [[0, 2]]
    assert [0, 0] in result["wrong"]
    assert result["errors"] == 2
    assert "error" in result["message"]
    assert result["conflicts"]


def test_check_reports_state_errors() -> None:
    with pytest.raises(PuzzleError, match="81 cells"):
        call("check", {"grid": EASY, "state": "123"})


# ---------------------------------------------------------------------------- hints

def test_hint_wrong_entry_first() -> None:
    state = EASY[:0] + "4" + EASY[1:]  # r1c1 = 4 is right
    state = state[:1] + "9" + state[2:]  # r1c2 = 9 is wrong (solution 8)
    h = call("hint", {"grid": EASY, "state": state})
    assert h["technique"] == "Wrong entry" and h["cells"] == [[0, 1]] and h["move"] == {"clear": [0, 1]}


def test_hint_single_is_true_and_explained() -> None:
    h = call("hint", {"grid": EASY, "state": EASY})
    assert h["technique"] in ("Hidden single", "Naked single")
    r, c, v = h["move"]["place"]
    assert ALPHABET[v - 1] == EASY_SOLUTION[r * 9 + c]
    assert h["reason"] and h["grade"] == "Easy" and h["level"] == 0 and h["region"]["cells"]


def test_hints_solve_a_puzzle_to_the_end() -> None:
    for size in (4, 6, 9):
        out = gen(0, 3, size)
        grid, box = out["grid"], out["box"]
        state = grid
        for _ in range(size * size):
            h = call("hint", {"grid": grid, "box": box, "state": state})
            if h["technique"] == "Solved":
                break
            r, c, v = h["move"]["place"]
            i = r * size + c
            state = state[:i] + ALPHABET[v - 1] + state[i + 1:]
        assert valid_completion(grid, state, tuple(box))


def test_hint_uses_pencil_marks_and_flags_missing_candidates() -> None:
    sol = S.parse(EASY_SOLUTION).givens
    pencil = [""] * 81
    pencil[1] = "8"  # r1c2: the player's single note is the right digit
    h = call("hint", {"grid": EASY, "state": EASY, "pencil": pencil})
    assert h["move"]["place"][2] in range(1, 10)
    pencil[1] = "47"  # leaves out 8
    h = call("hint", {"grid": EASY, "state": EASY, "pencil": pencil})
    assert h["technique"] == "Missing candidate" and h["cells"] == [[0, 1]]
    assert sol[1] == 8
    with pytest.raises(PuzzleError):
        call("hint", {"grid": EASY, "state": EASY, "pencil": ["x"] * 81})


def test_hint_solved_and_errors() -> None:
    assert call("hint", {"grid": EASY, "state": EASY_SOLUTION})["technique"] == "Solved"
    with pytest.raises(PuzzleError) as err:
        call("hint", {"grid": "." * 81, "state": "." * 81})
    assert err.value.kind == "multiple-solutions"


# ---------------------------------------------------------------------------- generator

@pytest.mark.parametrize("size", [4, 6, 9])
def test_generated_puzzles_unique_and_deterministic(size: int) -> None:
    for grade in (0, 1, 4):  # Hard and Expert are slower to dig: tested on their own below
        out = gen(grade, 11, size)
        assert out == gen(grade, 11, size)
        assert out["box"] == list(SIZES[size])
        p = S.parse(out["grid"], out["box"])
        assert out["difficulty"] == S.GRADES[L.grade(p)]  # honest: small grids cannot need every technique
        if size == 9:
            assert out["difficulty"] == S.GRADES[grade]
        assert S.count_solutions(p, 2) == 1
        assert out["givens"] == sum(1 for v in p.givens if v)


@given(st.integers(0, 10_000), st.sampled_from([4, 6, 9]))
@settings(max_examples=15, deadline=None)
def test_generated_puzzles_are_unique(seed: int, size: int) -> None:
    out = gen(0, seed, size)
    assert S.count_solutions(S.parse(out["grid"], out["box"]), 2) == 1


def test_generate_rejects_bad_size() -> None:
    with pytest.raises(PuzzleError, match="size"):
        gen(0, 1, 7)


# ---------------------------------------------------------------------------- traces

def replay(grid: str, box: tuple[int, int], events: list[dict]) -> str:
    """Apply set/clear events over the givens."""
    n = box[0] * box[1]
    cells = list(grid)
    for e in events:
        if e["event"] == "set":
            r, c = e["cell"]
            cells[r * n + c] = ALPHABET[e["value"] - 1]
        elif e["event"] == "clear":
            r, c = e["cell"]
            assert grid[r * n + c] in ".0", "a given was cleared"
            cells[r * n + c] = "."
    return "".join(cells)


@pytest.mark.parametrize("method", ["backtracking", "propagation", "logic"])
@pytest.mark.parametrize("size", [4, 6, 9])
def test_trace_replays_to_the_solution(method: str, size: int) -> None:
    if size == 9:  # naive backtracking on a generated 9x9 can take millions of steps: use a classic easy one
        grid, box = EASY, (3, 3)
    else:
        out = gen(1, 5, size)
        grid, box = out["grid"], tuple(out["box"])
    events = list(trace({"grid": grid, "box": list(box)}, method))
    assert events[-1]["event"] == "solved" and events[-1]["steps"] >= 1
    assert replay(grid, box, events[:-1]) == call("solve", {"grid": grid, "box": list(box)})["solution"]


@pytest.mark.parametrize("variant", ["classic", "killer", "jigsaw", "x"])
def test_logic_trace_is_the_hints_one_at_a_time(variant: str) -> None:
    """Each step of the "logic" trace is the hint Tessera gives on the position so far (without notes, the
    candidates being the trace's own), it crosses out no true digit, and the starting candidates stay notes."""
    obj = call("generate", {"difficulty": 3, "seed": 2, "size": 6, "variant": variant})
    solution = call("solve", obj)["solution"]
    events = list(trace(obj, "logic"))
    first = call("hint", obj)
    assert events[0]["event"] == "candidates" and events[0]["notes"] is True
    assert events[1]["event"] == "technique" and events[1]["name"] == first["technique"]
    n = int(len(solution) ** 0.5)
    grid = [[int(solution[r * n + c], 36) for c in range(n)] for r in range(n)]
    techniques = [e for e in events if e["event"] == "technique"]
    assert events[-1] == {"event": "solved", "steps": len(techniques), "solution": grid}
    for e in events:
        if e["event"] == "eliminate":
            assert all(grid[r][c] != v for r, c, v in e["cells"]), e
        elif e["event"] == "set":
            assert grid[e["cell"][0]][e["cell"][1]] == e["value"], e
    assert "Trial and error" not in {e["name"] for e in techniques}  # a generated puzzle: the ladder solves it
    with pytest.raises(PuzzleError) as err:
        list(trace({**obj, "max_steps": 3}, "logic"))
    assert err.value.kind == "timeout"


def test_trace_propagation_on_hard_puzzles() -> None:
    for puzzle, solution in golden("sudoku_hardest")[:4]:
        events = list(trace({"grid": puzzle}, "propagation"))
        assert replay(puzzle, (3, 3), events[:-1]) == solution
        assert any(e["event"] == "clear" for e in events) or len(events) < 200


UNSOLVABLE = ".5......88..4......3.......1.....6.....2........1.....48....1.....5...9...1..248."  # propagation agrees
REFUTED = ".12345678" + "9........" + "." * 63  # r1c1 has no value left: propagation refutes it


def test_trace_proves_no_solution_by_propagation_at_once_and_else_lazily() -> None:
    for method in ("propagation", "backtracking"):
        with pytest.raises(PuzzleError) as err:
            trace({"grid": REFUTED}, method)  # before the stream starts: no search at all
        assert err.value.kind == "no-solution"
    stream = trace({"grid": UNSOLVABLE}, "propagation")  # no solve first: the stream itself finds out
    events = []
    with pytest.raises(PuzzleError) as err:
        for event in stream:
            events.append(event)
    assert err.value.kind == "no-solution" and len(events) > 100
    assert events[0]["event"] == "technique" and any(e["event"] == "clear" for e in events)
    # the backtracking trace of it would run for a very long time: the budget stops it at once
    stream = commands.run(S.FAMILY, "trace", {"grid": UNSOLVABLE, "method": "backtracking", "limit": {"nodes": 300}})
    with pytest.raises(PuzzleError) as err:
        list(stream)
    assert err.value.kind == "timeout"
    first = commands.run(S.FAMILY, "trace", {"grid": UNSOLVABLE, "method": "backtracking", "limit": {"nodes": 3}})
    assert next(first)["event"] == "set"


def test_trace_is_a_stream_and_can_be_capped() -> None:
    stream = trace({"grid": golden("sudoku_top95")[0][0]}, "backtracking")
    first = [next(stream) for _ in range(1000)]
    assert all(e["event"] in ("set", "clear") for e in first)
    with pytest.raises(PuzzleError) as err:
        list(trace({"grid": EASY, "max_steps": 10}, "backtracking"))
    assert err.value.kind == "timeout"
    with pytest.raises(PuzzleError, match="unknown trace method"):
        trace({"grid": EASY}, "magic")


# ---------------------------------------------------------------------------- CLI

def cli(args: list[str], stdin: str = "") -> tuple[int, list[dict], str]:
    """Run `python -m solvers sudoku ...`; (exit status, output objects, stderr)."""
    proc = subprocess.run([sys.executable, "-m", "solvers", "sudoku", *args], input=stdin, capture_output=True,
                          text=True, cwd=REPO, timeout=120)
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()], proc.stderr


def test_cli_solve_lines_bad_json_and_bad_grid() -> None:
    lines = [json.dumps({"grid": EASY}), "{not json", json.dumps({"grid": "12"}), json.dumps({"grid": "." * 81}),
             json.dumps({"grid": "1" * 16}), json.dumps({"grid": NO_SOLUTION}),
             json.dumps({"grid": EASY})]
    code, out, err = cli(["solve"], "\n".join(lines) + "\n")
    assert code == 0 and "Traceback" not in err
    assert out[0] == {"solution": EASY_SOLUTION, "count": 1} == out[6]
    assert out[1]["kind"] == "invalid" and "JSON" in out[1]["error"]
    assert out[2]["kind"] == "invalid"
    assert out[3]["count"] == 2 and valid_completion("." * 81, out[3]["solution"], (3, 3))
    assert out[4]["kind"] == "invalid" and "twice" in out[4]["error"]
    assert out[5]["kind"] == "no-solution"


def test_cli_generate_hint_check_trace() -> None:
    code, out, _ = cli(["generate", "--difficulty", "easy", "--seed", "42"])
    assert code == 0 and out[0]["difficulty"] == "Easy" and out[0]["seed"] == 42
    assert cli(["generate", "--difficulty", "1", "--seed", "42"])[1] == out
    code, six, _ = cli(["generate", "--difficulty", "2", "--seed", "1", "--size", "6"])
    assert six[0]["box"] == [3, 2] and len(six[0]["grid"]) == 36
    code, hints, _ = cli(["hint"], json.dumps({"grid": EASY, "state": EASY}) + "\n")
    assert hints[0]["technique"] in ("Hidden single", "Naked single")
    code, checks, _ = cli(["check"], json.dumps({"grid": EASY, "state": EASY_SOLUTION}) + "\n")
    assert checks[0]["solved"] is True
    code, events, _ = cli(["trace", "--method", "backtracking"], json.dumps({"grid": EASY}) + "\n{}\n")
    assert code == 0 and events[-2]["event"] == "solved" and events[-1]["kind"] == "invalid"
    assert replay(EASY, (3, 3), events[:-2]) == EASY_SOLUTION
    code, _, err = cli(["generate", "--difficulty", "impossible"])
    assert code == 0


# ---------------------------------------------------------------------------- stage 2: the technique ladder

from solvers.latin import bit  # noqa: E402
from solvers.sudoku import techniques as L  # noqa: E402

G9 = S.parse("." * 81).geometry
FULL = (1 << 9) - 1


def rc(r: int, c: int) -> int:
    """Cell index of 1-based row and column."""
    return (r - 1) * 9 + c - 1


def position(restrict: dict[int, set[int]] | None = None, value_cells: dict[int, set[int]] | None = None) -> list[int]:
    """A hand-built candidate grid: every cell open with all candidates, then `restrict` sets cells' candidates
    and `value_cells` confines a value to the given cells (removed from all others)."""
    cands = [FULL] * 81
    for v, cells in (value_cells or {}).items():
        for c in range(81):
            if c not in cells:
                cands[c] &= ~bit(v)
    for c, vals in (restrict or {}).items():
        cands[c] = sum(bit(v) for v in vals)
    return cands


def finder(name: str):
    """The ladder's finder for a technique name."""
    return next(t.find for t in L.LADDER if t.name == name)


def elims(step) -> set[tuple[int, int]]:
    return set(step.eliminate)


def test_pointing_hand_checked() -> None:
    cands = position()
    for c in (rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3), rc(1, 3)):
        cands[c] &= ~bit(5)  # box 1: 5 only in r1c1, r1c2
    step = finder("Locked candidates (pointing)")(G9, cands, [0] * 81)
    assert step.technique == "Locked candidates (pointing)"
    assert elims(step) == {(rc(1, c), 5) for c in range(4, 10)}
    assert step.reason == "In box 1, 5 fits only in row 1, so 5 is removed from the rest of row 1"


def test_claiming_hand_checked() -> None:
    cands = position(value_cells=None)
    for c in range(4, 10):
        cands[rc(1, c)] &= ~bit(7)  # row 1: 7 only in box 1
    step = finder("Locked candidates (claiming)")(G9, cands, [0] * 81)
    assert elims(step) == {(rc(r, c), 7) for r in (2, 3) for c in (1, 2, 3)}
    assert "fits only inside box 1" in step.reason


def test_naked_pair_and_hidden_pair_hand_checked() -> None:
    cands = position({rc(1, 1): {1, 2}, rc(1, 2): {1, 2}})
    step = finder("Naked pair")(G9, cands, [0] * 81)
    assert elims(step) == {(rc(1, c), v) for c in range(3, 10) for v in (1, 2)}
    cands = position()
    for c in range(3, 10):
        cands[rc(1, c)] &= ~(bit(1) | bit(2))  # row 1: 1 and 2 only in r1c1, r1c2
    step = finder("Hidden pair")(G9, cands, [0] * 81)
    assert elims(step) == {(c, v) for c in (rc(1, 1), rc(1, 2)) for v in range(3, 10)}


def test_fish_hand_checked() -> None:
    # X-wing: in rows 1 and 5, 4 fits only in columns 3 and 7.
    cands = position()
    for r in (1, 5):
        for c in range(1, 10):
            if c not in (3, 7):
                cands[rc(r, c)] &= ~bit(4)
    step = finder("X-wing")(G9, cands, [0] * 81)
    assert elims(step) == {(rc(r, c), 4) for r in range(1, 10) if r not in (1, 5) for c in (3, 7)}
    # Swordfish: rows 1, 4, 7 hold 6 only in columns {1,4}, {4,7}, {1,7}.
    cands = position()
    for r, keep in ((1, {1, 4}), (4, {4, 7}), (7, {1, 7})):
        for c in range(1, 10):
            if c not in keep:
                cands[rc(r, c)] &= ~bit(6)
    assert finder("X-wing")(G9, cands, [0] * 81) is None
    step = finder("Swordfish")(G9, cands, [0] * 81)
    assert elims(step) == {(rc(r, c), 6) for r in range(1, 10) if r not in (1, 4, 7) for c in (1, 4, 7)}
    # Jellyfish: rows 1, 2, 4, 5 hold 8 only in columns 1, 2, 4, 5 (two each, no smaller fish).
    cands = position()
    for r, keep in ((1, {1, 2}), (2, {2, 4}), (4, {4, 5}), (5, {5, 1})):
        for c in range(1, 10):
            if c not in keep:
                cands[rc(r, c)] &= ~bit(8)
    assert finder("Swordfish")(G9, cands, [0] * 81) is None
    step = finder("Jellyfish")(G9, cands, [0] * 81)
    assert elims(step) == {(rc(r, c), 8) for r in (3, 6, 7, 8, 9) for c in (1, 2, 4, 5)}


def test_wings_hand_checked() -> None:
    cands = position({rc(1, 1): {1, 2}, rc(1, 5): {1, 3}, rc(5, 1): {2, 3}})
    step = finder("XY-wing")(G9, cands, [0] * 81)
    assert elims(step) == {(rc(5, 5), 3)} and set(step.cells) == {rc(1, 1), rc(1, 5), rc(5, 1)}
    cands = position({rc(1, 1): {1, 2, 3}, rc(1, 2): {1, 3}, rc(3, 1): {2, 3}})
    step = finder("XYZ-wing")(G9, cands, [0] * 81)
    box1 = {rc(r, c) for r in (1, 2, 3) for c in (1, 2, 3)}
    assert elims(step) == {(c, 3) for c in box1 - {rc(1, 1), rc(1, 2), rc(3, 1)}}


def test_hidden_triple_and_quad_hand_checked() -> None:
    for k, name in ((3, "Hidden triple"), (4, "Hidden quad")):
        cands = position()
        vals = set(range(1, k + 1))
        for c in range(k + 1, 10):
            cands[rc(1, c)] &= ~sum(bit(v) for v in vals)
        step = finder(name)(G9, cands, [0] * 81)
        assert elims(step) == {(rc(1, c), v) for c in range(1, k + 1) for v in range(k + 1, 10)}


def test_simple_colouring_hand_checked() -> None:
    # 9 sits twice in row 1 (c1, c9), column 9 (r1, r9) and row 9 (c1, c9): the chain r1c1 - r1c9 - r9c9 - r9c1
    # colours r1c1 and r9c9 one way, r1c9 and r9c1 the other; r2c1..r8c1 see r1c1 and r9c1, so they lose 9.
    chain = {rc(1, 1), rc(1, 9), rc(9, 9), rc(9, 1)}
    cands = position()
    for i in range(1, 10):
        for c in (rc(1, i), rc(9, i), rc(i, 9)):
            if c not in chain:
                cands[c] &= ~bit(9)
    step = finder("Simple colouring")(G9, cands, [0] * 81)
    assert set(step.cells) == chain
    assert elims(step) == {(rc(r, 1), 9) for r in range(2, 9)}
    colours = dict(step.colours)  # the page draws these: opposite corners share a colour
    assert set(colours) == chain and colours[rc(1, 1)] == colours[rc(9, 9)] != colours[rc(1, 9)] == colours[rc(9, 1)]
    # colour wrap: add r1c5 so row 1 is no longer a pair; link r9c9 - r5c9? instead make two same-coloured cells
    # meet: chain r1c1 - r1c9 (row 1), r1c9 - r9c9 (column 9), r9c9 - r9c2 (row 9), r9c2 - r2c2? (column 2)
    wrap = {rc(1, 1), rc(1, 9), rc(9, 9), rc(9, 2), rc(2, 2)}
    cands = position()
    for i in range(1, 10):
        for c in (rc(1, i), rc(9, i), rc(i, 9), rc(i, 2)):
            if c not in wrap:
                cands[c] &= ~bit(9)
    # r1c1 and r2c2 get the same colour (r1c1 A, r1c9 B, r9c9 A, r9c2 B, r2c2 A) and share box 1: A is false.
    step = finder("Simple colouring")(G9, cands, [0] * 81)
    assert elims(step) == {(rc(1, 1), 9), (rc(9, 9), 9), (rc(2, 2), 9)}


def ladder_steps(puzzle: str) -> list[tuple]:
    """The steps above singles the ladder takes on a puzzle, with the candidates before each."""
    record: list = []
    L.logic_solve(S.parse(puzzle), 3, record)
    return record


@pytest.mark.parametrize(("index", "technique"), [
    (0, "Locked candidates (pointing)"), (0, "Locked candidates (claiming)"), (0, "Naked pair"),
    (12, "Naked triple"), (0, "Hidden pair"), (249, "Simple colouring"), (10, "Hidden triple"),
    (43, "XY-wing"), (51, "Swordfish"), (65, "XYZ-wing"), (200, "X-wing"), (155, "Naked quad"),
])
def test_technique_on_a_real_puzzle_never_removes_a_true_candidate(index: int, technique: str) -> None:
    puzzle, solution = golden("sudoku_top1465")[index]
    truth = S.parse(solution).givens
    steps = [(step, cands) for step, _, cands in ladder_steps(puzzle) if step.technique == technique]
    assert steps, f"{technique} expected in top1465 #{index}"
    step, cands = steps[0]
    values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
    again = finder(technique)(G9, cands, values)  # the finder alone finds it on the recorded position
    assert again is not None and again.eliminate
    for c, v in again.eliminate:
        assert cands[c] & bit(v) and truth[c] != v
    assert step.reason and all(0 <= c < 81 for c in step.cells)


def test_every_ladder_step_is_sound_on_hard_puzzles() -> None:
    pairs = golden("sudoku_top1465")[:60] + golden("sudoku_top95")[:20]
    used = set()
    for puzzle, solution in pairs:
        truth = S.parse(solution).givens
        record: list = []
        level, values = L.logic_solve(S.parse(puzzle), 3, record)
        if values is not None:
            assert tuple(values) == truth
        for step, lvl, _ in record:
            used.add(step.technique)
            assert all(truth[c] != v for c, v in step.eliminate), step.reason
            assert step.place is None or truth[step.place[0]] == step.place[1]
            assert lvl <= level
    assert len(used) >= 8


# ---------------------------------------------------------------------------- stage 2: grading, generator, daily

def test_grades_and_levels_are_declared_once() -> None:
    assert S.FAMILY.grades == ("Easy", "Medium", "Hard", "Expert", "Diabolical")
    levels = [t.level for t in L.LADDER]
    assert levels == sorted(levels) and set(levels) == {0, 1, 2, 3, 4}


@pytest.mark.parametrize("grade", range(5))
def test_generated_9x9_grade_regrades_equal(grade: int) -> None:
    seed = 8
    out = gen(grade, seed, 9)
    assert out["difficulty"] == S.GRADES[grade]
    p = S.parse(out["grid"])
    assert S.count_solutions(p, 2) == 1
    assert L.grade(p) == grade
    assert call("grade", {"grid": out["grid"]})["difficulty"] == S.GRADES[grade]


@pytest.mark.parametrize("grade", range(5))
def test_each_9x9_grade_is_reached_for_fixed_seeds(grade: int) -> None:
    for seed in (0, 1):
        puzzle, got = S.generate(rng_for(seed, "reach", grade), grade, 9)
        assert got == grade and L.grade(puzzle) == grade
        assert S.count_solutions(puzzle, 2) == 1


def test_dig_keeps_uniqueness_and_tracks_the_grade_incrementally() -> None:
    rng = rng_for(4, "dig")
    solution = S.random_solution(((3, 3), S.CLASSIC), rng)
    for level in (0, 1, 3):
        values, got = generator.dig_graded(solution, ((3, 3), S.CLASSIC), rng, level)
        p = S.Puzzle((3, 3), values)
        assert S.count_solutions(p, 2) == 1 and L.grade(p) == got <= level
    values, _ = generator.dig_graded(solution, ((3, 3), S.CLASSIC), rng, None, symmetric=True)
    assert S.count_solutions(S.Puzzle((3, 3), values), 2) == 1
    assert all(bool(values[c]) == bool(values[80 - c]) for c in range(81))


@pytest.mark.parametrize("size", [4, 6, 12])
def test_other_sizes_generate_unique_and_report_their_true_grade(size: int) -> None:
    for grade in (0, 1, 4) if size == 12 else range(5):
        out = gen(grade, 2, size)
        p = S.parse(out["grid"], out["box"])
        assert S.count_solutions(p, 2) == 1
        assert S.GRADES[L.grade(p)] == out["difficulty"]
        assert S.parse(S.format(p)) == p


def test_symmetric_givens() -> None:
    p, got = S.generate(rng_for(1, "sym"), 1, 9, symmetric=True)
    assert all(bool(p.givens[c]) == bool(p.givens[80 - c]) for c in range(81))
    assert S.count_solutions(p, 2) == 1 and got == L.grade(p)


def test_daily_is_the_same_for_everyone() -> None:
    a = S.daily("2025-03-03")
    assert a == S.daily("2025-03-03") and a[1] == S.DAILY_GRADES[0]
    assert S.daily("2025-03-04")[0] != a[0]
    out = call("daily", {"date": "2025-03-03"})
    assert out["grid"] == a[0].grid and out["date"] == "2025-03-03"
    with pytest.raises(PuzzleError, match="date"):
        S.daily("tomorrow")


def test_grade_command_for_custom_puzzles() -> None:
    out = call("grade", {"grid": EASY})
    se = out.pop("se")  # the Sudoku Explainer estimate: singles only, so a naked single's 2.3
    assert (se["estimate"], se["technique"]) == (2.3, "Naked single") and "hardest step" in se["how"]
    assert out == {"count": 1, "givens": 32, "grade": 0, "difficulty": "Easy", "level": 1, "techniques": [],
                   "score": 490, "hardest": "Easy", "hardest_step": None, "logic": True, "singles": 49, "path": [],
                   "lines": ["49 singles along the way (full houses, naked and hidden singles)"]}
    assert call("grade", {"grid": "." * 81})["count"] == 2
    hard = call("grade", {"grid": golden("sudoku_top1465")[0][0]})
    assert hard["count"] == 1 and "Naked pair" in hard["techniques"]


def test_hint_returns_the_easiest_step_with_a_region() -> None:
    puzzle, solution = golden("sudoku_top1465")[0]
    p = S.parse(puzzle)
    g = p.geometry
    # walk by hints until a non-single step appears; each must be true and come with a region to look at
    state = puzzle
    truth = S.parse(solution).givens
    pencil = None
    for _ in range(200):
        h = call("hint", {"grid": puzzle, "state": state, **({"pencil": pencil} if pencil else {})})
        assert h["region"]["cells"] and h["grade"] == S.GRADES[h["level"]]
        if "place" in h["move"]:
            r, c, v = h["move"]["place"]
            assert truth[r * 9 + c] == v
            state = state[:r * 9 + c] + str(v) + state[r * 9 + c + 1:]
            if pencil:
                pencil[r * 9 + c] = ""
        elif "eliminate" in h["move"]:
            assert h["level"] >= 1
            if pencil is None:
                values_now = S.read_state(p, state).values
                cands = S.latin.candidates(g, values_now)
                pencil = ["" if values_now[c] else "".join(str(v) for v in S.latin.values_of(cands[c]))
                          for c in range(81)]
            for r, c, v in h["move"]["eliminate"]:
                assert truth[r * 9 + c] != v
                pencil[r * 9 + c] = pencil[r * 9 + c].replace(str(v), "")
            if h["level"] >= 1:
                break
        else:
            break
    assert h["technique"] not in ("Hidden single", "Naked single")


# ---------------------------------------------------------------------------- no pools: every grade dug fresh

from solvers.sudoku import pool as P  # noqa: E402


def test_no_stored_pools_every_9x9_grade_is_dug_unique_distinct_and_deterministic() -> None:
    assert not hasattr(P, "POOLS") and not hasattr(P, "HARD_9X9")
    for grade in range(5):
        grids = set()
        for seed in range(3):
            out = gen(grade, seed, 9)
            assert out == gen(grade, seed, 9) and out["difficulty"] == S.GRADES[grade]
            p = S.parse(out["grid"])
            found = S.solutions(p, 2)
            assert len(found) == 1 and valid_completion(out["grid"], S.grid_text(found[0]), (3, 3))
            assert L.grade(p) == grade and out["givens"] == sum(1 for v in p.givens if v)
            grids.add(out["grid"])
        assert len(grids) == 3


@pytest.mark.parametrize("size", [4, 6, 9, 12])
def test_symmetry_maps_solutions_to_solutions(size: int) -> None:
    box = SIZES[size]
    for seed in range(5):
        cells, digits = P.symmetry(box, rng_for(seed, "sym", size))
        assert sorted(cells) == list(range(size * size)) and sorted(digits) == list(range(size + 1))
        grid = S.parse(solved_grid(size, seed), box).givens
        moved = P.transform(grid, box, rng_for(seed, "sym", size))
        assert valid_completion("." * size * size, S.grid_text(moved), box)
    transposed = [P.symmetry((3, 3), rng_for(s, "t"))[0] for s in range(20)]
    kinds = {"row" if len({x // 9 for x in t[:9]}) == 1 else "column" if len({x % 9 for x in t[:9]}) == 1 else "?"
             for t in transposed}
    assert kinds == {"row", "column"}  # the first row comes from a row, or from a column when transposed


def test_symmetries_keep_the_grade_of_every_grade() -> None:
    puzzles = [S.generate(rng_for(seed, "iso", g), g, 9)[0] for g in (0, 1, 2, 3, 4) for seed in (0, 1)]
    puzzles += [S.parse(p) for p, _ in golden("sudoku_top95")[:6]]
    puzzles += [S.generate(rng_for(seed, "iso-hard"), 2, 9)[0] for seed in range(6)]
    for i, p in enumerate(puzzles):
        # The hardest technique is kept; the score (and so its band) follows the order steps are met in.
        level = L.solve_path(p).hardest
        for k in range(4):
            q = S.Puzzle((3, 3), P.transform(p.givens, (3, 3), rng_for(i, k, "iso")))
            assert L.solve_path(q).hardest == level
            assert S.count_solutions(q, 2) == 1


@pytest.mark.slow
def test_slow_all_grades_all_sizes() -> None:
    for size in (4, 6, 9, 12, 16):
        for grade in range(5):
            out = gen(grade, 1, size)
            p = S.parse(out["grid"], out["box"])
            assert S.count_solutions(p, 2) == 1
            assert S.GRADES[L.grade(p)] == out["difficulty"]


# ---------------------------------------------------------------------------- speed: graded only as far as needed

from solvers.sudoku import bank as B  # noqa: E402
from solvers.sudoku import bank_build as BB  # noqa: E402


def test_quick_grade_is_exact_or_a_true_lower_bound() -> None:
    rng = rng_for(3, "quick")
    for _ in range(8):
        p = generator.candidate(rng, ((3, 3), S.CLASSIC), None, False)
        full = L.grade(p)
        for level in range(5):
            got, exact = techniques.quick_grade(p, level)
            if exact:
                assert got == full
            else:
                assert level < got <= full and level < 4
            assert (got == level and exact) == (full == level)


def test_generate_with_a_technique_is_practice() -> None:
    made = commands.run(S.FAMILY, "generate", {"technique": "Hidden pair", "seed": 3})
    assert made == commands.run(S.FAMILY, "practice", {"technique": "Hidden pair", "seed": 3})
    assert any(s.technique == "Hidden pair" for s, _, _ in L.solve_path(S.parse(made["grid"])).steps)
    assert gen(0, 3, 9) == call("generate", {"difficulty": 1, "seed": 3, "technique": None, "size": 9})


def test_12x12_hard_is_dug_on_demand() -> None:
    out = gen(2, 4, 12)
    p = S.parse(out["grid"], out["box"])
    assert out["difficulty"] == "Hard" and L.grade(p) == 2 and S.count_solutions(p, 2) == 1
    assert out == gen(2, 4, 12)


def test_the_worker_fetches_the_bank_only_for_a_call_that_may_read_it() -> None:
    """`data_files` names the size's bank file for every new or daily puzzle a bank may serve, and nothing for
    all else (a 9x9 player's worker never downloads the bank, a 16x16 one never the 12x12 file)."""
    fam = S.FAMILY
    for size in S.DEFAULT_BOX:
        for grade in range(len(S.GRADES)):
            asked = {"difficulty": grade + 1, "size": size}
            if grade in B.BANKED.get(size, ()):
                assert fam.data_files("generate", asked) == fam.data_files("daily", asked) == (B.file_name(size),)
            elif not fam.data_files("generate", asked):
                assert B.serve(rng_for(grade), grade, size) is None
    assert not any(fam.data_files(c, {"grid": EASY}) for c in ("solve", "hint", "grade", "check", "trace"))


def sample(items: tuple, k: int, seed: str) -> list:
    """A seeded sample of up to k items."""
    return rng_for(seed).sample(list(items), min(k, len(items)))


@pytest.mark.parametrize("size", sorted(B.BANKED))
def test_bank_entries_are_ours_unique_and_regraded(size: int) -> None:
    """The bank holds our generator's puzzles: well formed and distinct; a seeded sample is unique, and on 12x12
    one entry is remade from its seed (the same lines) and re-graded. TESSERA_FULL_BANK=1 runs the test below,
    which does that for every entry (hours of CPU)."""
    bank = B.entries(size)
    assert bank, f"no {size}x{size} bank"
    assert len({(e.seed, e.added) for e in bank}) == len(bank) == len({e.puzzle for e in bank})
    assert {e.grade for e in bank} <= set(B.BANKED[size])
    assert all(e.grade == 4 for e in bank if e.more)  # only a Diabolical path stops early
    assert all(S.count_solutions(e.puzzle, 2) == 1 for e in sample(bank, 20 if size == 12 else 3, f"bank{size}"))
    if size == 12:
        _regrade(size, min((e for e in bank if not e.added), key=lambda e: (e.grade, e.score)))  # cheapest to remake


@pytest.mark.parametrize("size", sorted(B.BANKED))
def test_derived_bank_entries_add_givens_of_the_solution_and_are_easier(size: int) -> None:
    """A derived entry is its seed's puzzle with givens of that puzzle's solution added back (so unique), of an
    easier banked grade than the seed's own entry; a seeded sample is re-graded to its grade and score."""
    bank = B.entries(size)
    base = {e.seed: e for e in bank if not e.added}
    derived = [e for e in bank if e.added]
    assert derived, f"no derived {size}x{size} entries"
    for e in derived:
        parent = base[e.seed]
        assert e.grade < parent.grade and e.grade in B.BANKED[size]
        extra = [c for c, (a, b) in enumerate(zip(parent.puzzle.givens, e.puzzle.givens, strict=True)) if a != b]
        assert len(extra) == e.added and all(not parent.puzzle.givens[c] for c in extra)
    for e in sample(tuple(derived), 4 if size == 12 else 2, f"derived{size}"):
        solution = S.solve(base[e.seed].puzzle)
        assert all(v in (0, solution[c]) for c, v in enumerate(e.puzzle.givens))
        assert techniques.quick_grade(e.puzzle, e.grade) == (e.grade, True)
        assert (e.grade, str(e.score)) == BB.grade_of(e.puzzle)[:2]


def _regrade(size: int, e: B.Entry) -> None:
    """A seed's entry is unique, remade by its seed (with the entries derived from it) and graded again to the
    same grade and score."""
    assert S.count_solutions(e.puzzle, 2) == 1
    seed, lines, _, _ = BB.make((e.seed, size))
    mine = [f"{x.grade} {x.score}{'+' if x.more else ''} {x.seed}" for x in B.entries(size) if x.seed == e.seed]
    assert [" ".join(line.split()[:3]).rstrip("+") for line in lines] == mine
    assert lines[0].split()[3] == S.grid_text(e.puzzle.givens)
    assert techniques.quick_grade(e.puzzle, e.grade) == (e.grade, True)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TESSERA_FULL_BANK"), reason="set TESSERA_FULL_BANK=1 (about an hour)")
@pytest.mark.parametrize("size", sorted(B.BANKED))
def test_slow_every_bank_entry_remade_and_regraded(size: int) -> None:
    for e in B.entries(size):
        if not e.added:
            _regrade(size, e)


def test_bank_serves_a_seeded_symmetry_of_the_grade() -> None:
    for grade in B.BANKED[12]:
        if not B.of_grade(12, grade):
            continue
        served = [B.serve(rng_for(seed, "serve"), grade, 12) for seed in range(2)]
        assert served[0] == B.serve(rng_for(0, "serve"), grade, 12)
        for p in served:
            assert S.count_solutions(p, 2) == 1 and techniques.quick_grade(p, grade) == (grade, True)
        stored = {e.puzzle for e in B.of_grade(12, grade)}
        assert any(p not in stored for p in served)  # a symmetry, not the stored grid
    assert B.serve(rng_for(0), 2, 9) is None and B.serve(rng_for(0), 0, 12) is None


# ----- the independent checker of a solve answer (tests/test_contract.py runs it) ---------------------------

def solution_ok(puzzle: dict, answer: dict) -> bool:
    """The solution fills every unit with n different symbols and keeps the givens."""
    grid, (bw, bh) = answer["solution"], puzzle["box"]
    n = bw * bh
    rows = [grid[r * n:(r + 1) * n] for r in range(n)]
    units = rows + ["".join(row[c] for row in rows) for c in range(n)]
    units += ["".join(rows[r0 + dr][c0 + dc] for dr in range(bh) for dc in range(bw))
              for r0 in range(0, n, bh) for c0 in range(0, n, bw)]
    given = puzzle["grid"].split(":")[-1]
    return all(len(set(u)) == n and "." not in u for u in units) and all(
        g in ".0" or g == s for g, s in zip(given, grid, strict=True))


def test_grade_cut_short_says_how_far_it_got() -> None:
    """With "partial", a grade whose budget runs out answers the path so far (a prefix of the full path) and how
    many cells it decided; without it, the budget's error as before."""
    grid = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."  # top95 no. 11
    full = commands.run(S.FAMILY, "grade", {"grid": grid})
    cut = commands.run(S.FAMILY, "grade", {"grid": grid, "partial": True, "limit": {"nodes": 60}})
    assert cut["complete"] is False and "node budget" in cut["stopped"] and "difficulty" not in cut
    assert grid.count(".") + cut["decided"] > 81 and cut["decided"] < cut["cells"] == 81
    assert cut["path"] == full["path"][:len(cut["path"])]
    with pytest.raises(commands.Timeout):
        commands.run(S.FAMILY, "grade", {"grid": grid, "limit": {"nodes": 60}})
