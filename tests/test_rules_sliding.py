"""The sliding puzzle's rules module (solvers/rules/sliding.py): its own properties, and the same answers
under CPython (the worker, the CLI) and under the page's MicroPython."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from micropython import run_micropython

from solvers.rules import sliding as rules

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "solvers" / "rules"
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# One script, run by both interpreters: every line it prints must agree.
SCRIPT = r'''
from rules import sliding as s

def show(f, *args):
    try:
        print(repr(f(*args)))
    except ValueError as exc:
        print("ValueError: " + str(exc))

boards = [(3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8)), (3, 3, (1, 2, 3, 4, 5, 6, 8, 7, 0)),
          (3, 3, (8, 6, 7, 2, 5, 4, 3, 0, 1)), (4, 4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0)),
          (4, 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11)), (2, 2, (0, 3, 2, 1)), (5, 2, (9, 8, 7, 6, 5, 4, 3, 2, 1, 0))]
for w, h, tiles in boards:
    show(s.goal, w, h)
    show(s.optimal_available, w, h)
    show(s.parity, w, h, tiles)
    show(s.inversions, tiles)
    show(s.movable, w, h, tiles)
    show(s.misplaced, tiles)
    show(s.format, w, h, tiles)
    show(s.format_link, w, h, tiles, [tiles[c] for c in s.neighbours(w, h, tiles.index(0))][:1])
    for t in range(1, w * h):
        show(s.direction, w, tiles, t)
        show(s.slide, w, h, tiles, t)
    for way in s.DIRECTIONS:
        show(s.cell_towards, w, h, tiles.index(0), way)
    for cell in range(w * h):
        show(s.line_moves, w, tiles, cell)
show(s.replay, 3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8), [5, 6, 8, 5])
show(s.replay, 3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8), [5, 1])
show(s.replay, 3, 3, (1, 2, 3, 4, 5, 6, 7, 0, 8), [0])
for w, h in ((1, 3), (101, 2), (3, 3), (10, 10), (11, 2), (2, 2), (3, "3")):
    show(s.check_size, w, h)
    show(s.check_size, w, h, True)
for tiles in ([1, 2, 3], [1, 2, 3, 4, 5, 6, 7, 7, 0], [1, 7, 7, 4, 5, 6, 7, 8, 0], [0, 1, 2, 3, 4, 5, 6, 7, 9],
              [1, 2, 3, 4, 5, 6, 7, 8, -1], [1, 2, 3, 4, 5, 6, 7, 8, True], (8, 7, 6, 5, 4, 3, 2, 1, 0)):
    show(s.check_tiles, 3, 3, tiles)
for text in ("3x3:1,2,3,4,5,6,7,0,8", " 3X2: 1 2 3 4 _ 5 ", "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,.,15", "3x3",
             "3x3:1,2,3", "x3:1", "1x9:1,2,3,4,5,6,7,8,0", "99999999x1:1", "3x3:1,2,3,4,5,6,7,8,\u00b2",
             "11x11:" + ",".join(str(t) for t in range(121))):
    show(s.parse, text)
    show(s.parse, text, True)
for link in ("3x3:1,2,3,4,5,6,7,0,8~8", "3x3:1,2,3,4,5,6,0,7,8~7,8", "3x3:1,2,3,4,5,6,7,0,8~x", "not-a-position",
             "3x3:1,2,3,4,5,6,7,8,8", "2x2:1,2,3,0"):
    show(s.parse_link, link)
for typed in ("1 2 3\n4 5 6\n8 7 0", "1 2 3 4 5 6 7 0 8", "1 2 3 4 5", "1 2\n3", "", "4x3:1,2,3,4,5,6,7,8,9,10,0,11",
              "1 2 3\n4 5 6\n7 _ 8"):
    show(s.parse_custom, typed)
for move in ("7", " 12 ", "", "-1", "x", "7,8", "1234567"):
    show(s.read_move, move)
for text in ("3x3:1,2,3,4,5,6,7,0,8", "3/1,2,3,4,5,6,7,0,8", "3x3:1,2,3,4,5,6,8,7,0", "3x3"):
    show(lambda t: sorted(s.puzzle_of(t).items()), text)
show(s.text_of, {"width": 3, "height": 2, "tiles": [1, 2, 3, 4, 0, 5]})
show(s.size_of, {"width": 5, "height": 5, "tiles": []})
for w, h in ((2, 2), (3, 3), (3, 4), (5, 5), (10, 10), (2, 7)):
    for grade in range(4):
        for seed in (0, 1, "daily-2026-11-23", -5, "\u00e9t\u00e9"):
            show(s.scramble, w, h, grade, seed)
'''


def _modules() -> dict[str, Path]:
    """The rules package files MicroPython needs for the sliding module."""
    return {f"rules/{name}": RULES / f"{name}.py" for name in ("__init__", "rng", "sliding")}


def _cpython(code: str) -> str:
    """Run `code` under CPython with the rules package importable as `rules`, as the page imports it."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "solvers"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_micropython_gives_exactly_the_cpython_answers() -> None:
    expected = _cpython(SCRIPT)
    got = run_micropython(SCRIPT, _modules())
    lines = expected.splitlines()
    assert len(lines) > 400 and sum(line.startswith("ValueError") for line in lines) > 40
    for i, (a, b) in enumerate(zip(lines, got.splitlines(), strict=True)):
        assert a == b, f"line {i}: CPython {a!r} != MicroPython {b!r}"


def test_the_solver_imports_the_same_module() -> None:
    from solvers import sliding

    assert sliding.rules is rules and sliding.goal is rules.goal and sliding.GRADES is rules.GRADES
    assert sliding.FAMILY.parse("3x3:1,2,3,4,5,6,7,0,8").tiles == rules.parse("3x3:1,2,3,4,5,6,7,0,8")[2]


# ---------------------------------------------------------------- properties (CPython)


def positions(max_side: int = 6) -> st.SearchStrategy[tuple[int, int, tuple[int, ...]]]:
    """Random boards (solvable or not) of 2..max_side a side."""
    return st.tuples(st.integers(2, max_side), st.integers(2, max_side), st.randoms(use_true_random=False)).map(
        lambda x: (x[0], x[1], tuple(x[2].sample(range(x[0] * x[1]), x[0] * x[1]))))


@given(positions())
@FAST
def test_line_moves_bring_the_blank_to_the_tapped_cell(board: tuple[int, int, tuple[int, ...]]) -> None:
    w, h, tiles = board
    blank = tiles.index(0)
    for cell in range(w * h):
        seq = rules.line_moves(w, tiles, cell)
        in_line = cell != blank and (cell // w == blank // w or cell % w == blank % w)
        assert bool(seq) == in_line
        if seq:
            after = rules.replay(w, h, tiles, seq)
            assert after.index(0) == cell and len(seq) == abs(cell - blank) // (1 if cell // w == blank // w else w)


@given(positions())
@FAST
def test_arrows_and_directions_agree(board: tuple[int, int, tuple[int, ...]]) -> None:
    w, h, tiles = board
    blank = tiles.index(0)
    reached = set()
    for way in rules.DIRECTIONS:
        cell = rules.cell_towards(w, h, blank, way)
        if cell >= 0:
            assert rules.direction(w, tiles, tiles[cell]) == way
            assert rules.slide(w, h, tiles, tiles[cell]).index(0) == cell
            reached.add(tiles[cell])
    assert reached == set(rules.movable(w, h, tiles))
    for t in set(range(1, w * h)) - reached:
        assert rules.direction(w, tiles, t) == ""
        with pytest.raises(ValueError, match="not next to the blank"):
            rules.slide(w, h, tiles, t)


@given(positions(12), st.lists(st.integers(1, 30), max_size=4))
@FAST
def test_text_round_trips(board: tuple[int, int, tuple[int, ...]], moves: list[int]) -> None:
    w, h, tiles = board
    text = rules.format(w, h, tiles)
    assert rules.parse(text) == (w, h, tiles)
    if w <= rules.PLAY_MAX_SIDE and h <= rules.PLAY_MAX_SIDE and w * h >= rules.PLAY_MIN_CELLS:
        assert rules.parse_link(rules.format_link(w, h, tiles, moves)) == (w, h, tiles, moves)
        rows = "\n".join(" ".join(str(t) for t in tiles[r * w:(r + 1) * w]) for r in range(h))
        assert rules.parse_custom(rows) == (w, h, tiles)
    else:
        with pytest.raises(ValueError, match="sides must be"):
            rules.parse_link(text)


def test_scramble_is_seeded_solvable_and_never_the_goal() -> None:
    for w, h in ((2, 2), (2, 3), (3, 3), (4, 4), (5, 3), (8, 8)):
        for grade in range(len(rules.GRADES)):
            made = [rules.scramble(w, h, grade, seed) for seed in range(6)]
            assert made == [rules.scramble(w, h, grade, seed) for seed in range(6)]
            for tiles in made:
                assert sorted(tiles) == list(range(w * h)) and tiles != rules.goal(w, h)
                assert rules.is_solvable(w, h, tiles)
            assert len(set(made)) > 1 or w * h == 4
    # a walk only goes WALKS[grade] x N moves from the goal: its misplaced tiles are bounded by that
    assert len(rules.misplaced(rules.scramble(10, 10, 0, 1))) <= rules.WALKS[0] * 100


def test_parity_sentences() -> None:
    ok, why = rules.parity(3, 3, (1, 2, 3, 4, 5, 6, 8, 7, 0))
    assert not ok and "cannot be solved" in why and "has 1 (odd)" in why and "Swapping any two tiles" in why
    ok, why = rules.parity(4, 4, (*range(1, 14), 15, 14, 0))
    assert not ok and "1 + 1 = 2 (even)" in why
    ok, why = rules.parity(4, 4, rules.goal(4, 4))
    assert ok and why.startswith("This position can be solved.") and "0 + 1 = 1 (odd)" in why
    rnd = random.Random(4)
    for _ in range(200):  # swapping two tiles always flips the answer
        w, h = rnd.randint(2, 7), rnd.randint(2, 7)
        tiles = rnd.sample(range(w * h), w * h)
        a, b = [i for i, t in enumerate(tiles) if t][:2]
        swapped = list(tiles)
        swapped[a], swapped[b] = swapped[b], swapped[a]
        assert rules.is_solvable(w, h, tiles) != rules.is_solvable(w, h, swapped)


def test_messages_a_player_can_read() -> None:
    cases = [((3, 3, [1, 2, 3]), "a 3x3 board needs 9 tiles (0 for the blank), not 3"),
             ((3, 3, [1, 2, 3, 4, 5, 6, 7, 7, 0]), "tile 7 appears twice"),
             ((3, 3, [0, 2, 3, 4, 5, 6, 7, 8, 0]), "the blank (0) appears twice"),
             ((3, 3, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
              "tile numbers go from 1 to 8 with 0 for the blank; 9 is out of range"),
             ((1, 3, [1, 2, 0]), "the width must be between 2 and 100, not 1")]
    for args, message in cases:
        with pytest.raises(ValueError) as info:
            rules.check_tiles(*args)
        assert str(info.value) == message
    with pytest.raises(ValueError, match="sides must be 2 to 10 with at least 6 cells"):
        rules.parse_link("2x2:1,2,3,0")
    with pytest.raises(ValueError, match="looks like 3x3:1,2,3,4,5,6,7,0,8"):
        rules.parse("not-a-position")
    with pytest.raises(ValueError, match="the number of the tile"):
        rules.read_move("up")
