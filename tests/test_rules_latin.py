"""The latin-grid rules layer (rules/latin, rules/sudoku, rules/skyscrapers) and the typed contract on top of it.

Round trips of the canonical texts for every size and box shape, move sequences, the check and
hint shapes of both families, and the same calls under the page's MicroPython giving exactly
the CPython answers.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solvers.rules
from solvers import PuzzleError, commands
from solvers import skyscrapers as sky
from solvers import sudoku as S
from solvers.base import rng_for
from solvers.rules import latin, skyscrapers, sudoku
from tests.micropython import run_micropython

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "solvers" / "rules"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# every box shape of a side up to 16 (width x height), the default ones and their transposes
SHAPES = [(w, h) for w in range(2, 9) for h in range(2, 9) if w * h <= 16]


def run(family: str, command: str, obj: dict) -> dict:
    return commands.run(commands.family(family), command, obj)


# ---------------------------------------------------------------------------- canonical texts

@given(st.sampled_from(SHAPES), st.integers(0, 50), st.data())
@settings(max_examples=60, deadline=None)
def test_sudoku_text_round_trips_every_box_shape(box: tuple[int, int], seed: int, data: st.DataObject) -> None:
    n = box[0] * box[1]
    full = S.random_solution((box, S.CLASSIC), rng_for(seed, "rules"))
    keep = data.draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    puzzle = S.Puzzle(box, tuple(v if k else 0 for v, k in zip(full, keep, strict=True)))
    text = S.format(puzzle)
    assert S.parse(text) == puzzle
    assert text.startswith(f"{box[0]}x{box[1]}:") == (sudoku.BOXES.get(n) != box)
    assert sudoku.parse_grid(text) == (list(puzzle.givens), box)
    # the solve input keeps the box too
    fam = S.FAMILY
    assert fam.read(fam.write(puzzle)) == puzzle and fam.parse(fam.format(puzzle)) == puzzle


def test_sudoku_format_keeps_non_default_boxes() -> None:
    for box in [(3, 2), (2, 3), (4, 3), (3, 4), (2, 4), (4, 2), (2, 2), (4, 4), (3, 3)]:
        n = box[0] * box[1]
        p = S.parse("." * (n * n), list(box))
        assert p.box == box and S.parse(S.format(p)) == p
    assert S.format(S.parse("." * 36, [2, 3])) == "2x3:" + "." * 36
    assert S.format(S.parse("." * 36)) == "." * 36  # 3x2 is the default for 6x6
    assert S.format(S.parse(EASY)) == EASY
    assert run("sudoku", "format", {"grid": "." * 144, "box": [3, 4]})["text"].startswith("3x4:")
    assert run("sudoku", "parse", {"text": "3x4:" + "." * 144})["box"] == [3, 4]


@given(st.sampled_from([3, 4, 5, 6, 7]), st.integers(0, 40), st.data())
@settings(max_examples=40, deadline=None)
def test_skyscrapers_description_round_trips(n: int, seed: int, data: st.DataObject) -> None:
    grid = sky.random_grid(n, rng_for(seed, "rules-sky"))
    full = sky.clues_for(grid)
    clues = {s: [c if data.draw(st.booleans()) else 0 for c in getattr(full, s)] for s in sky.SIDES}
    cells = data.draw(st.lists(st.integers(0, n * n - 1), max_size=n * n, unique=True))
    givens = [[c // n, c % n, grid[c // n][c % n]] for c in cells]
    puzzle = sky.make_puzzle(n, clues, givens)
    text = skyscrapers.format_description(n, clues, givens)
    assert text == sky.format(puzzle) and sky.parse(text) == puzzle
    parsed = skyscrapers.parse_description(text)
    assert parsed[0] == n and parsed[1] == clues and sorted(parsed[2]) == sorted(givens)


def test_skyscrapers_reads_the_old_page_links() -> None:
    p = sky.parse("4/0300/2000/0010/0002/023,131")
    assert p.top == (0, 3, 0, 0) and p.right == (2, 0, 0, 0) and p.givens == ((0, 2, 3), (1, 3, 1))
    assert sky.parse(sky.format(p)) == p and sky.format(p).startswith("4:.3../2.../")
    with pytest.raises(PuzzleError, match="digit triples"):
        sky.parse("4/0300/2000/0010/0002/0234")


def test_rules_errors_are_value_errors_with_reasons() -> None:
    for text, message in [("123", "this one has 3"), ("55" + "." * 79, "5 appears twice in row 1"),
                          ("x" + "." * 80, "unexpected character 'x'"), ("A" + "." * 80, "too large for a 9x9"),
                          ("2x2:" + "." * 15, "needs 16 cells"), ("axb:" + "." * 16, "should look like 3x3")]:
        with pytest.raises(ValueError, match=message):
            sudoku.parse_grid(text)
    with pytest.raises(ValueError, match="a colon"):
        skyscrapers.parse_description("4-....")
    with pytest.raises(ValueError, match="off the"):
        latin.parse_move("r5c1=1", 4)


# ---------------------------------------------------------------------------- moves

def test_move_syntax_round_trips() -> None:
    atoms = [(1, "=", 4), (27, "-", 0b1001000), (132, "^", 10), (5, "=", 0)]
    text = latin.format_move(12, atoms)
    assert text == "r1c2=4,r3c4-47,r12c1^A,r1c6=0"
    assert latin.parse_move(text, 12) == atoms
    assert latin.parse_move("r1c6=.", 12) == [(5, "=", 0)]
    assert latin.move_of_json(9, {"place": [0, 1, 4]}) == "r1c2=4"
    assert latin.move_of_json(9, {"clear": [8, 8]}) == "r9c9=0"
    assert latin.move_of_json(9, {"eliminate": [[0, 0, 4], [0, 0, 7], [2, 3, 7]]}) == "r1c1-47,r3c4-7"
    assert latin.move_of_json(9, None) is None
    for bad in ["", "r1c2", "r1c2=", "r1c2=44", "r0c1=1", "x1c2=1", "r1c2^0", "r1c2-", "r1c2%4", "r1c2=Z",
                "r1c2*0", "r1c2!A", "r1c2!", "r1c2+"]:
        with pytest.raises(ValueError):
            latin.parse_move(bad, 9)


def test_marks_corner_colour_and_set_notes() -> None:
    """Corner marks and colours are the page's: apply_marks keeps them, apply_move (the solvers') ignores them;
    "+" sets a cell's notes to a mask (fill in candidates)."""
    atoms = [(0, "+", 0b1011), (1, "*", 5), (2, "!", 7), (3, "+", 0), (4, "!", 0)]
    text = latin.format_move(9, atoms)
    assert text == "r1c1+124,r1c2*5,r1c3!7,r1c4+0,r1c5!0" and latin.parse_move(text, 9) == atoms
    corners, colours = latin.apply_marks([0] * 81, [0] * 81, "r1c2*5,r1c2*6,r1c3!7,r1c2*5,r1c1=4", 9)
    assert corners[1] == 1 << 5 and colours[2] == 7 and sum(corners) + sum(colours) == (1 << 5) + 7
    peers = latin.peers(9, (3, 3))
    values, notes = latin.apply_move([0] * 81, [0] * 81, "r1c1+124,r1c2*5,r1c3!7", 9, peers)
    assert notes[0] == 0b1011 and sum(notes) == 0b1011 and values == tuple([0] * 81)
    values, notes = latin.apply_move(values, notes, "r1c1+0", 9, peers)
    assert notes[0] == 0
    givens = [3] + [0] * 80
    assert latin.apply_move(givens, [0] * 81, "r1c1!2,r1c1*4", 9, peers, givens)[0] == tuple(givens)  # givens may
    with pytest.raises(ValueError, match="given"):  # be coloured, not given notes
        latin.apply_move(givens, [0] * 81, "r1c1+1", 9, peers, givens)
    out = run("sudoku", "apply", {"grid": EASY, "moves": ["r1c1!3", "r1c2*4", "r1c1+47"]})
    assert out["state"] == EASY and out["pencil"][0] == "47"  # the CLI takes the page's moves


def test_apply_sequences_on_sudoku() -> None:
    fam = S.FAMILY
    p = S.parse(EASY)
    state = fam.start(p)
    state = fam.apply(p, state, "r1c1^4")
    state = fam.apply(p, state, "r1c1^7")
    assert state.notes[0] == 0b1001000
    state = fam.apply(p, state, "r1c2^4")
    state = fam.apply(p, state, "r1c1=4")  # placing clears the cell's notes and 4 from its peers' notes
    assert state.values[0] == 4 and state.notes[0] == 0 and state.notes[1] == 0
    state = fam.apply(p, state, "r1c1=0")
    assert state.values[0] == 0
    state = fam.apply(p, state, "r1c2-48")  # no notes yet: its candidates, less 4 and 8
    cands = latin.cell_candidates(list(state.values), list(p.geometry.peers), 9, 1)
    assert state.notes[1] == cands & ~0b10001000
    with pytest.raises(PuzzleError, match="given"):
        fam.apply(p, state, "r1c3=5")
    assert fam.apply(p, state, "r1c3=3") == state  # a given's own value changes nothing
    state = fam.apply(p, state, "r1c1=4")
    with pytest.raises(PuzzleError, match="clear it"):
        fam.apply(p, state, "r1c1^5")
    before = state
    assert fam.apply(p, state, "r2c2=6") != before and before.values[10] == 0  # states are values


def test_apply_command_plays_to_the_solution() -> None:
    moves = [f"r{c // 9 + 1}c{c % 9 + 1}={EASY_SOLUTION[c]}" for c in range(81) if EASY[c] == "."]
    out = run("sudoku", "apply", {"grid": EASY, "moves": moves})
    assert out == {"state": EASY_SOLUTION, "solved": True, "pencil": [""] * 81}
    out = run("sudoku", "apply", {"grid": EASY, "moves": moves[:-1]})
    assert out["solved"] is False and out["state"].count(".") == 1
    sky_puzzle = run("skyscrapers", "generate", {"seed": 3, "size": 4})
    sol = run("skyscrapers", "solve", sky_puzzle)["solution"]
    moves = [f"r{r + 1}c{c + 1}={sol[r][c]}" for r in range(4) for c in range(4)
             if [r, c, sol[r][c]] not in (sky_puzzle.get("givens") or [])]
    empty = [[""] * 4 for _ in range(4)]
    played = run("skyscrapers", "apply", {**sky_puzzle, "moves": moves})
    assert played == {"state": sol, "solved": True, "pencil": empty}
    notes = run("sudoku", "apply", {"grid": EASY, "moves": ["r1c1^4", "r1c1^7", "r1c1^4"]})
    assert notes["pencil"][0] == "7" and notes["state"] == EASY  # notes survive the round trip


# ---------------------------------------------------------------------------- check and hint shapes

def test_sudoku_check_problems_and_old_fields() -> None:
    state = "3" + EASY_SOLUTION[1:2] + "9" + EASY_SOLUTION[3:]  # r1c1 wrong (3, repeats row 1), r1c3 given changed
    out = run("sudoku", "check", {"grid": EASY, "state": state})
    assert {"errors", "wrong", "conflicts", "changed_givens", "complete", "solved", "unique", "message",
            "problems"} <= out.keys()
    rules = [p["rule"] for p in out["problems"]]
    assert rules[0] == "given" and "repeat" in rules and "wrong" in rules
    assert {"cells": [[0, 2]], "rule": "given", "text": "r1c3 is a given 3, but it now shows 9"} in out["problems"]
    assert all(set(p) == {"cells", "rule", "text"} for p in out["problems"])
    assert out["solved"] is False and out["changed_givens"] == [[0, 2]]
    clean = run("sudoku", "check", {"grid": EASY, "state": EASY})
    assert clean["problems"] == [] and clean["message"] == "No mistakes so far."


def test_skyscrapers_check_reports_broken_clues_as_problems() -> None:
    puzzle = run("skyscrapers", "generate", {"seed": 5, "size": 5, "difficulty": 3})
    sol = run("skyscrapers", "solve", puzzle)["solution"]
    out = run("skyscrapers", "check", {**puzzle, "state": [sol[1], sol[0], *sol[2:]]})
    clue_problems = [p for p in out["problems"] if p["rule"] == "clue"]
    assert len(clue_problems) == len(out["bad_clues"]) and "wrong" in {p["rule"] for p in out["problems"]}
    assert all("sees" in p["text"] and len(p["cells"]) == 5 for p in clue_problems)


@pytest.mark.parametrize("family", ["sudoku", "skyscrapers"])
def test_hint_stages_and_step_apply(family: str) -> None:
    fam = commands.family(family)
    obj = run(family, "generate", {"seed": 7, "size": 6 if family == "sudoku" else 5, "difficulty": 2})
    puzzle = fam.read(obj)
    state = fam.start(puzzle)
    for _ in range(60):
        out = run(family, "hint", {**obj, "state": fam.write_state(puzzle, state)})
        stages = out["stages"]
        if out["technique"] == "Solved":
            assert stages["move"] is None
            break
        assert stages["where"].startswith("Look at") and stages["what"].startswith(out["technique"])
        assert stages["why"] == out["reason"] and stages["move"]
        if "place" in out["move"]:
            r, c, v = out["move"]["place"]
            assert stages["move"] == f"r{r + 1}c{c + 1}={latin.symbol(v)}"
            assert latin.symbol(v) in stages["what"]
            if out["technique"] in ("Naked single", "Hidden single"):
                assert f"r{r + 1}c{c + 1}" not in stages["where"]  # the house, never the answer cell alone
        state = fam.apply(puzzle, state, stages["move"])
    assert fam.is_solved(puzzle, state)


@pytest.mark.parametrize("family", ["sudoku", "skyscrapers"])
def test_notes_that_leave_out_the_answer_come_first_and_their_step_repairs_them(family: str) -> None:
    fam = commands.family(family)
    obj = run(family, "generate", {"seed": 3, "size": 6 if family == "sudoku" else 5, "difficulty": 2})
    puzzle = fam.read(obj)
    n, state = puzzle.n, fam.start(puzzle)
    answer = run(family, "solve", obj)["solution"]
    solution = latin.read_values(answer, n) if family == "sudoku" else [v for row in answer for v in row]
    empty = [c for c in range(n * n) if not state.values[c]][:2]
    marks = [""] * (n * n)
    for c in empty:  # every digit but the true one
        marks[c] = "".join(latin.symbol(v) for v in range(1, n + 1) if v != solution[c])
    pencil = marks if family == "sudoku" else [marks[r * n:(r + 1) * n] for r in range(n)]
    request = {**obj, "state": fam.write_state(puzzle, state), "pencil": pencil}
    out = run(family, "hint", request)
    assert out["technique"] == "Missing candidate" and out["reveal"][0][0] == "Notes to repair"
    assert sorted(r * n + c for r, c in out["cells"]) == sorted(empty)
    after = fam.apply(puzzle, fam.read_state(puzzle, request), out["stages"]["move"])
    peers = latin.peers(n, tuple(obj["box"]) if family == "sudoku" else None)
    for c in empty:  # the repair gives back every digit the placed ones allow: the true one among them
        assert after.notes[c] >> (solution[c] - 1) & 1
        assert after.notes[c] == latin.cell_candidates(list(state.values), peers, n, c)


@pytest.mark.parametrize("family", ["sudoku", "skyscrapers"])
def test_the_pages_grid_view_of_a_puzzle_and_its_state_is_the_workers(family: str) -> None:
    """grid_of, state_input and solution_of (what the grid pages send and read) agree with the family."""
    fam, rules = commands.family(family), {"sudoku": sudoku, "skyscrapers": skyscrapers}[family]
    obj = run(family, "generate", {"seed": 4, "size": 6, "difficulty": 1})
    puzzle = fam.read(obj)
    n, givens, box, clues = rules.grid_of(obj)
    assert n == puzzle.n and list(givens) == list(fam.start(puzzle).values) and (box is None) == (clues is not None)
    solution = rules.solution_of(run(family, "solve", obj), n)
    values = [v if c % 3 else givens[c] for c, v in enumerate(solution)]
    notes = [0 if values[c] else 1 << (solution[c] - 1) | 1 for c in range(n * n)]
    state = fam.read_state(puzzle, {**obj, **rules.state_input(n, values, notes)})
    assert list(state.values) == values and list(state.notes) == notes


def test_the_solving_path_is_worded_for_the_page() -> None:
    hard = run("sudoku", "generate", {"seed": 2, "difficulty": 3})
    graded = run("sudoku", "grade", hard)
    lines, path = graded["lines"], graded["path"]
    assert lines[0] == f"{graded['singles']} singles along the way (full houses, naked and hidden singles)"
    assert len(lines) == len(path) + 1 and path
    for k, (line, step) in enumerate(zip(lines[1:], path, strict=True), 1):
        assert line == f"{k}. {step['technique']}: {step['reason']} (score {step['score']})"
    easy = run("sudoku", "grade", run("sudoku", "generate", {"seed": 2, "difficulty": 1}))
    assert easy["path"] == [] and len(easy["lines"]) == 1 and "singles along the way" in easy["lines"][0]
    rated = run("skyscrapers", "rate", run("skyscrapers", "generate", {"seed": 2, "size": 5, "difficulty": 3}))
    assert rated["lines"] == [f"{name} × {count}" for name, count in rated["techniques"].items()]


def test_a_hidden_single_is_shown_by_rings_that_rule_out_the_rest_of_its_house() -> None:
    fam = commands.family("sudoku")
    obj = run("sudoku", "generate", {"seed": 1, "difficulty": 1})  # 18 of its 55 steps are hidden singles
    puzzle = fam.read(obj)
    state = fam.start(puzzle)
    seen = 0
    for _ in range(81):
        out = run("sudoku", "hint", {**obj, "state": fam.write_state(puzzle, state)})
        if out["technique"] == "Solved":
            break
        if out["technique"] == "Hidden single":
            (r, c, v), peers = out["move"]["place"], latin.peers(9, (3, 3))
            house = [i * 9 + j for i, j in out["region"]["cells"]]
            rings = [i * 9 + j for i, j in out["rings"]]
            assert rings and all(state.values[q] == v for q in rings)
            for q in house:  # each other open cell of the house sees a ringed v
                if q != r * 9 + c and not state.values[q]:
                    assert any(p in rings for p in peers[q])
            seen += 1
        state = fam.apply(puzzle, state, out["stages"]["move"])
    assert seen


def test_sudoku_hint_wrong_entry_step_clears_it() -> None:
    state = EASY[:1] + "9" + EASY[2:]
    out = run("sudoku", "hint", {"grid": EASY, "state": state})
    assert out["move"] == {"clear": [0, 1]} and out["stages"]["move"] == "r1c2=0"


def test_sudoku_daily_and_grade_are_extra_commands() -> None:
    info = run("sudoku", "info", {})
    assert {"grade", "daily", "apply", "format", "parse"} <= set(info["commands"])
    assert info["methods"] == ["propagation", "backtracking", "logic"]
    assert run("sudoku", "daily", {"date": "2025-03-03"})["date"] == "2025-03-03"
    assert run("skyscrapers", "info", {})["methods"] == ["phases", "logic"]


# ---------------------------------------------------------------------------- MicroPython gives the same answers

PROBE = """
from rules import latin, sudoku, skyscrapers
out = []
def norm(r):
    if isinstance(r, dict):
        return sorted((k, norm(v)) for k, v in r.items())
    if isinstance(r, tuple):
        return tuple(norm(x) for x in r)
    return r
def keep(f, *args):
    try:
        r = f(*args)
    except ValueError as e:
        r = ('error', str(e))
    out.append(norm(r))
for text in [EASY, '2x3:' + '1' + '.' * 35, '3x4:' + '.' * 143 + 'c', '.' * 16, '55' + '.' * 79,
             'x' + '.' * 80, 'A' + '.' * 80, '2x2:' + '.' * 15, 'axb:' + '.' * 16, '3x3:' + EASY, '123',
             '5' + '.' * 9 + '5' + '.' * 70, 'G' + '.' * 255]:
    keep(sudoku.parse_grid, text)
for values, box in [([1, 2, 0, 0] * 4, (2, 2)), ([0] * 36, (2, 3)), ([0] * 36, (3, 2)), ([5] + [0] * 143, (4, 3))]:
    keep(sudoku.format_grid, values, box)
    keep(sudoku.conflicts, values, box)
keep(latin.peers, 6, (2, 3))
keep(latin.units, 4, (2, 2))
keep(latin.unit_names, 6, (3, 2))
keep(latin.repeats, [1, 1, 0, 0, 0, 2, 0, 2] + [0] * 8, latin.units(4, (2, 2)))
givens = sudoku.parse_grid(EASY)[0]
values, notes = givens, [0] * 81
for move in ['r1c1^4', 'r1c1^7', 'r1c2^4', 'r1c1=4', 'r1c2-48', 'r1c3=5', 'r1c3=3', 'r1c1^5', 'r1c1=0',
             'r9c9=.', 'r2c2=6,r2c3-1', 'r10c1=1', 'r1c2+127', 'r1c2*3,r1c3!4', 'r1c2+0', 'r1c3+1', 'bad']:
    try:
        values, notes = sudoku.apply_move(givens, values, notes, move, (3, 3))
        out.append((list(values), list(notes)))
    except ValueError as e:
        out.append(('error', str(e)))
keep(latin.parse_move, 'r1c2=4,r3c4-47,r12c1^A', 12)
for progress in ('1234' + '.' * 12, '2...' + '.' * 12, '12', '1x' + '.' * 14):
    keep(latin.entries_moves, progress, 4, [1] + [0] * 15)
keep(latin.apply_marks, [0] * 16, [0] * 16, 'r1c1*2,r1c1*3,r2c2!9,r1c1*2,r3c3=1', 4)
keep(latin.format_move, 9, [(0, '+', 0), (1, '*', 5), (2, '!', 7), (3, '+', 6)])
keep(latin.format_move, 12, [(1, '=', 4), (27, '-', 72)])
keep(latin.move_of_json, 9, {'eliminate': [[0, 0, 4], [0, 0, 7], [2, 3, 7]]})
keep(latin.candidates, [1, 0, 0, 0] * 4, latin.peers(4, (2, 2)), 4)
keep(latin.mask_of, '1A', 12)
keep(latin.mask_text, 0b1000000001)
for text in ['4:.3../2.../..1./...2/c4', '4/0300/2000/0010/0002/023,131', '12:' + '/'.join(['C' * 12] * 4),
             '5:...../...../...../.....', '4:.3../2.../..1./...2/zz', '4-..', '4:.3../2.../..1.',
             '4:.9../2.../..1./...2']:
    keep(skyscrapers.parse_description, text)
keep(skyscrapers.format_description, 4, {'top': [0, 3, 0, 0], 'left': [0, 0, 0, 2]}, [[0, 2, 4], [3, 3, 1]])
keep(skyscrapers.visible, [2, 1, 4, 3, 5])
for side in skyscrapers.SIDES:
    keep(skyscrapers.line_of, 4, side, 1)
    keep(skyscrapers.side_name, side, 2)
grid = [1, 2, 3, 4, 2, 1, 4, 3, 3, 4, 1, 2, 4, 3, 2, 1]
clues = {'top': [4, 0, 2, 1], 'left': [0, 3, 2, 1], 'bottom': [1, 2, 0, 4], 'right': [4, 0, 0, 0]}
keep(skyscrapers.broken_clues, 4, clues, grid)
keep(skyscrapers.broken_clues, 4, clues, [1, 2, 0, 0] + [0] * 12, False)
keep(skyscrapers.validate, 4, clues, [[0, 0, 1], [0, 0, 1]])
keep(skyscrapers.validate, 4, {'top': [5, 0, 0, 0]}, [])
keep(skyscrapers.validate, 4, clues, [[0, 0, 2], [0, 0, 1]])
keep(skyscrapers.repeated_given, [[0, 0, 1], [0, 3, 1]])
keep(skyscrapers.apply_move, [0] * 16, [0] * 16, [0] * 16, 'r1c1=4,r2c2-4', 4)
for text in ['2x3:' + '1' + '.' * 35, EASY, '11' + '.' * 79, '4:.3../2.../..1./...2']:
    keep(sudoku.puzzle_of, text)
    keep(skyscrapers.puzzle_of, text)
keep(sudoku.text_of, {'grid': '1' + '.' * 35, 'box': [3, 2]})
keep(sudoku.size_of, {'grid': '.' * 36, 'box': [2, 3]})
keep(skyscrapers.text_of, {'n': 4, 'top': [0, 3, 0, 0], 'givens': [[0, 2, 4]]})
keep(skyscrapers.size_of, {'n': 5})
for rules, puzzle, answer in ((sudoku, {'grid': '1' + '.' * 15, 'box': [2, 2]}, {'solution': '1234341221434321'}),
                              (skyscrapers, {'n': 4, 'top': [0, 3, 0, 0], 'givens': [[0, 2, 4]]},
                               {'solution': [[1, 2, 3, 4], [2, 1, 4, 3], [3, 4, 1, 2], [4, 3, 2, 1]]})):
    keep(rules.grid_of, puzzle)
    keep(rules.state_input, 4, [1, 0, 0, 2] + [0] * 12, [0] * 16)
    keep(rules.state_input, 4, [1, 0, 0, 2] + [0] * 12, [0, 6, 0, 0] + [0] * 12)
    keep(rules.solution_of, answer, 4)
for row in out:
    print(repr(row))
""".replace("EASY", repr(EASY))


def _cpython(code: str) -> str:
    """Run the probe with the rules package importable as `rules` (as on the page)."""
    saved = {k: sys.modules.get(k) for k in ("rules", "rules.latin", "rules.sudoku", "rules.skyscrapers")}
    sys.modules.update({"rules": solvers.rules, "rules.latin": latin, "rules.sudoku": sudoku,
                        "rules.skyscrapers": skyscrapers})
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            exec(code, {})
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    return buf.getvalue()


def test_micropython_gives_the_cpython_answers() -> None:
    expected = _cpython(PROBE)
    assert "error" in expected and "appears twice" in expected and expected.count("\n") > 60
    modules = {f"rules/{m}": RULES / f"{m}.py" for m in ("__init__", "latin", "sudoku", "skyscrapers")}
    got = run_micropython(PROBE, modules)
    for want, have in zip(expected.splitlines(), got.splitlines(), strict=True):
        assert have == want
