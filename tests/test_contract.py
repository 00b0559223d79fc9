"""The family contract, for every registered family: one loop over `solvers.names()`.

Round trips (text and JSON), determinism per seed, moves and states, hint walks to a solved
board checked by `is_solved` and `check`, error kinds, the command table through the CLI,
and the worker module run under CPython.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import subprocess
import sys
import types
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import run_coroutine

import solvers
from solvers import commands
from solvers.base import Family, Hint, Params, Problem, PuzzleError
from solvers.latin_play import LatinFamily

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = solvers.names()
SEEDS = (1, 7, "daily-2026-11-23")


def typed(name: str) -> Family:
    """The family, which must be on the typed contract."""
    fam = solvers.family(name)
    assert isinstance(fam, Family), f"{name} is not on the typed contract"
    return fam


def small(fam: Family) -> Params:
    """The quickest puzzle to make and walk: easiest grade, smallest size."""
    return Params(0, min(fam.sizes) if fam.sizes else None)


@pytest.mark.parametrize("name", FAMILIES)
def test_every_family_is_typed(name: str) -> None:
    fam = typed(name)
    assert fam.name == name and fam.grades and fam.title
    info = commands.info(fam)
    assert set(commands.COMMON) <= set(info["commands"]) and info["title"] == fam.title


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_pages_rules_read_and_write_the_familys_text(name: str, seed: int | str) -> None:
    """The page's rules module (`puzzle_of`, `text_of`, `size_of`) and the worker's family agree on a puzzle's
    canonical text, the share link's puzzle part."""
    fam = typed(name)
    rules = importlib.import_module(f"solvers.rules.{name}")
    puzzle = fam.generate(Params(1, max(fam.sizes) if name == "sudoku" else None), seed)
    text = fam.format(puzzle)
    assert fam.read(rules.puzzle_of(text)) == puzzle
    assert rules.text_of(fam.write(puzzle)) == text == rules.text_of(rules.puzzle_of(text))
    assert rules.size_of(fam.write(puzzle)) in fam.sizes
    with pytest.raises(ValueError):
        rules.puzzle_of("not a puzzle")


@pytest.mark.parametrize("name", FAMILIES)
def test_the_rules_example_is_a_playable_puzzle(name: str) -> None:
    """Pages show their rules module's EXAMPLE where the build's starters are missing: it must be playable."""
    fam = typed(name)
    rules = importlib.import_module(f"solvers.rules.{name}")
    puzzle = fam.parse(rules.EXAMPLE)
    assert fam.format(puzzle) == rules.text_of(rules.puzzle_of(rules.EXAMPLE))
    assert fam.count(puzzle, 2) == 1 if name in ("sudoku", "skyscrapers", "sliding") else fam.count(puzzle, 2) >= 1
    assert not fam.is_solved(puzzle, fam.start(puzzle))


@pytest.mark.parametrize("name", FAMILIES)
def test_every_trace_method_counts_its_own_steps(name: str) -> None:
    """Each declared method traces a small puzzle to "solved", and the events its registry entry counts as steps
    (what the watch page's counters count) number what the solver itself reports."""
    fam = typed(name)
    puzzle = fam.write(fam.generate(small(fam), 1))
    notes = commands.info(fam)["method_notes"]
    assert [m["name"] for m in notes] == commands.info(fam)["methods"] and notes
    for note in notes:
        events = list(commands.run(fam, "trace", {**puzzle, "method": note["name"]}))
        counted = sum(1 for e in events if e["event"] in note["steps"]
                      or (e["event"] in note["steps_with_depth"] and "depth" in e))
        assert events[-1]["event"] == "solved", note["name"]
        assert counted == events[-1].get("steps", counted) and counted > 0, note["name"]
        assert note["title"] and "One step" in note["about"]


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("seed", SEEDS)
def test_generate_is_deterministic_and_round_trips(name: str, seed: int | str) -> None:
    fam = typed(name)
    a = fam.generate(small(fam), seed)
    b = fam.generate(small(fam), seed)
    assert a == b and fam.format(a) == fam.format(b)
    text = fam.format(a)
    assert isinstance(text, str) and text
    assert fam.parse(text) == a
    assert fam.format(fam.parse(text)) == text
    obj = fam.write(a)
    assert fam.read(json.loads(json.dumps(obj))) == a
    assert fam.count(a, 2) >= 1  # Genius and Cubes 3D cards have many solutions by design


@pytest.mark.parametrize("name", FAMILIES)
def test_one_grade_scale_across_families_and_commands(name: str) -> None:
    """"level" is a difficulty's number on one scale everywhere: what `generate --difficulty` takes (1 = easiest);
    a family's grading command says the level its generator made."""
    fam = typed(name)
    size = fam.default_size
    grading = [c for c in ("grade", "rate") if c in fam.extra()]
    for level in (1, 2):
        out = commands.run(fam, "generate", {"difficulty": level, "seed": 5, "size": size})
        assert (out["level"], out["difficulty"]) == (level, fam.grades[level - 1])
        for command in grading:
            graded = commands.run(fam, command, out)
            assert graded["level"] == level and graded.get("difficulty", fam.grades[level - 1]) == fam.grades[level - 1]


LATIN = [name for name in FAMILIES if isinstance(typed(name), LatinFamily)]
GRADE_FIELDS = {"count", "grade", "difficulty", "score", "techniques", "hardest", "hardest_step", "lines", "level"}


def test_every_latin_family_grades_in_one_shape() -> None:
    """Every latin family answers `grade` with the same fields, "grade" counting from 0 (the level less one),
    "hardest" a grade's name and "hardest_step" a technique of its ladder."""
    assert {"sudoku", "skyscrapers"} <= set(LATIN)
    for name in LATIN:
        fam = typed(name)
        rungs = {t.name for t in fam.techniques()}
        for level in (1, 2):
            out = commands.run(fam, "generate", {"difficulty": level, "seed": 5, "size": fam.default_size})
            graded = commands.run(fam, "grade", out)
            assert set(graded) >= GRADE_FIELDS, (name, sorted(graded))
            assert graded["grade"] == level - 1 and graded["difficulty"] == fam.grades[graded["grade"]]
            assert graded["hardest"] in fam.grades and isinstance(graded["techniques"], list)
            assert graded["hardest_step"] is None or graded["hardest_step"] in rungs


@pytest.mark.parametrize("name", FAMILIES)
def test_start_state_and_check_shape(name: str) -> None:
    fam = typed(name)
    puzzle = fam.generate(small(fam), 3)
    state = fam.start(puzzle)
    assert not fam.is_solved(puzzle, state)
    problems = fam.check(puzzle, state)
    assert isinstance(problems, list) and all(isinstance(p, Problem) for p in problems)
    assert all(p.text and p.rule for p in problems)
    written = fam.write_state(puzzle, state)
    again = fam.read_state(puzzle, {**fam.write(puzzle), "state": json.loads(json.dumps(written))})
    assert again == state


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("seed", (2, 11))
def test_hint_walk_reaches_a_solved_board(name: str, seed: int) -> None:
    """Apply each hint's move and ask again: the board ends solved, with no problem on the way."""
    fam = typed(name)
    puzzle = fam.generate(small(fam), seed)
    state = fam.start(puzzle)
    request = fam.write(puzzle)
    for _ in range(400):
        if fam.is_solved(puzzle, state):
            break
        hint = fam.hint(puzzle, state, request)
        assert isinstance(hint, Hint) and hint.technique and hint.reason
        out = hint.to_json()
        assert set(out["stages"]) == {"where", "what", "why", "move"}
        reveal = out["reveal"]  # what a page shows in turn: (title, text) pairs, every one worded
        assert reveal and all(len(stage) == 2 and all(isinstance(t, str) and t for t in stage) for stage in reveal)
        titles = [title for title, _text in reveal]
        assert len(set(titles)) == len(titles), f"{name}: each stage has its own title, not {titles}"
        assert hint.move_text, f"{name}: a hint on an unsolved board must carry a move"
        state = fam.apply(puzzle, state, hint.move_text)
        assert fam.check(puzzle, state) == [] or not fam.is_solved(puzzle, state)
    assert fam.is_solved(puzzle, state)
    assert fam.check(puzzle, state) == []


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("text", ["", "???", "9" * 500, "\x00", "[1, 2]", "x:y:z"])
def test_parse_rejects_garbage_with_the_projects_error(name: str, text: str) -> None:
    fam = typed(name)
    try:
        puzzle = fam.parse(text)
    except PuzzleError as exc:
        assert exc.kind == "invalid" and str(exc)
    else:  # whatever parses must format back to a description that parses to the same puzzle
        assert fam.parse(fam.format(puzzle)) == puzzle


@pytest.mark.parametrize("name", FAMILIES)
def test_bad_move_is_a_puzzle_error(name: str) -> None:
    fam = typed(name)
    puzzle = fam.generate(small(fam), 4)
    for move in ("", "??", "r99c99=1", "-", "zz:Q9"):
        with pytest.raises(PuzzleError):
            fam.apply(puzzle, fam.start(puzzle), move)


@pytest.mark.parametrize("name", FAMILIES)
def test_command_table_through_the_cli(name: str) -> None:
    """generate, then format, parse, apply, check and hint on what it made, as JSON lines."""
    fam = typed(name)
    size = [] if not fam.sizes else ["--size", str(min(fam.sizes))]
    gen = subprocess.run([sys.executable, "-m", "solvers", name, "generate", "--seed", "5", *size],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    made = json.loads(gen.stdout)
    assert "error" not in made
    request = {k: v for k, v in made.items() if k in fam.write(fam.read(made))}
    for command in ("format", "check", "hint", "solve", "info"):
        out = subprocess.run([sys.executable, "-m", "solvers", name, command], input=json.dumps(request) + "\n",
                             capture_output=True, text=True, cwd=ROOT, check=True)
        answer = json.loads(out.stdout)
        assert "error" not in answer, (command, answer)
        if command == "format":
            parsed = subprocess.run([sys.executable, "-m", "solvers", name, "parse"], input=json.dumps(answer) + "\n",
                                    capture_output=True, text=True, cwd=ROOT, check=True)
            assert fam.read(json.loads(parsed.stdout)) == fam.read(request)
        if command == "check":
            assert {"problems", "solved", "message"} <= set(answer)


def test_cli_survives_hostile_lines() -> None:
    """Each line gets one answer and the next line is still read, whatever the bytes."""
    lines = [b"\xff\xfe\n", b"[" * 50_000 + b"\n", b"1" * 5000 + b"\n", b"{\"grid\": 5}\n", b"{}\n"]
    out = subprocess.run([sys.executable, "-m", "solvers", "sudoku", "solve"], input=b"".join(lines),
                         capture_output=True, cwd=ROOT, check=True)
    answers = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert len(answers) == len(lines)
    assert all(a["kind"] == "invalid" and a["error"] for a in answers)
    assert out.stderr == b""


@pytest.mark.parametrize("flags", [["--difficulty", "²"], ["--seed", "9" * 5000], ["--size", "x"]])
def test_generate_flags_give_a_message_not_a_traceback(flags: list[str]) -> None:
    out = subprocess.run([sys.executable, "-m", "solvers", "sudoku", "generate", *flags], capture_output=True,
                         text=True, cwd=ROOT)
    assert "Traceback" not in out.stderr
    assert out.returncode == 2 or json.loads(out.stdout)["kind"] == "invalid"


def _worker_module() -> types.ModuleType:
    """solvers/worker.py (the worker's functions) as a fresh module under CPython (no browser needed)."""
    spec = importlib.util.spec_from_file_location("tessera_worker", ROOT / "solvers" / "worker.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_worker_runs_declared_commands_only() -> None:
    worker = _worker_module()

    async def calls() -> list[dict]:
        made = json.loads(await worker.call("sudoku", "generate", json.dumps({"difficulty": 1, "seed": 3, "size": 4})))
        solved = json.loads(await worker.call("sudoku", "solve", json.dumps(made)))
        hidden = json.loads(await worker.call("sudoku", "__class__", "{}"))
        unknown = json.loads(await worker.call("nosuch", "solve", "{}"))
        traced = json.loads(await worker.trace_start("sudoku", json.dumps(made), "propagation"))
        events = json.loads(await worker.trace_next(traced["id"], 100_000))
        return [made, solved, hidden, unknown, events]

    made, solved, hidden, unknown, events = run_coroutine(calls())
    assert "grid" in made and solved["count"] == 1
    assert hidden["kind"] == "invalid" and "no command" in hidden["error"]
    assert unknown["kind"] == "invalid"
    assert events["done"] and events["events"][-1]["event"] == "solved"


# --- every solve answer checked by code that shares nothing with the solvers ------------------

def independent_checker(name: str) -> Callable[[dict, dict], bool]:
    """The family's independent checker of a solve answer: `solution_ok(puzzle, answer)` in tests/test_<name>.py."""
    try:
        return importlib.import_module(f"test_{name}").solution_ok
    except (ImportError, AttributeError):
        pytest.fail(f"family {name!r} has no independent checker: add solution_ok(puzzle, answer) -> bool (the "
                    f"solve answer checked against the rules, without the solver) to tests/test_{name}.py")


@pytest.mark.parametrize("name", FAMILIES)
@pytest.mark.parametrize("seed", (1, 2, 3))
def test_every_solve_answer_passes_an_independent_checker(name: str, seed: int) -> None:
    fam = typed(name)
    checked = 0
    for grade in range(len(fam.grades)):
        for size in sorted(fam.sizes)[:3] or [None]:
            try:
                made = commands.run(fam, "generate", {"difficulty": grade + 1, "seed": seed, "size": size})
            except PuzzleError:
                continue  # that grade is not offered at that size
            puzzle = fam.write(fam.read(made))
            answer = commands.run(fam, "solve", puzzle)
            assert independent_checker(name)(puzzle, answer), (name, grade, size, seed)
            checked += 1
            break
    assert checked == len(fam.grades)
