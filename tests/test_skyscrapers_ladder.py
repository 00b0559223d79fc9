"""Skyscrapers' technique ladder: every step sound, no guessing on hard puzzles, scored grades re-derived.

Hard puzzles come from two makers: Simon Tatham's Towers (its Extreme and Unreasonable grades; the game IDs
below were made with `sgt-towers --generate`) and our own Extreme generator (clues dug while the solution
stays unique, some with given cells). Hints are walked to the end with full pencil marks; a "Guessing" hint or
a step that removes the true height fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solvers import commands
from solvers import skyscrapers as sky
from solvers.base import rng_for

BENCH = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "skyscrapers.json"

TATHAM = [  # Towers game IDs: N:top/bottom/left/right clues, then givens (letters = runs of blanks)
    "6://3///2/////2//2/2///3/////4//2,f2i4b2m2b",  # Extreme
    "6://///3////5/////2/2/2/2//4//3//,a3u3l",  # Extreme
    "6://4////4/4/2////1//2///4/3/2/3//1/,j3y",  # Unreasonable
    "6:4/2///3/3/2//2/3/2////3///4//4///3/,u1n",  # Unreasonable
    "7:/5/2/1///4///2/3/2///4//3//4////4///2//2,j1b3f1zb",  # Unreasonable
    "7:3//3/3//2///3/3/3/4///3//4/3////2/4//3/3/4/,o2h2d6m4b3b",  # Unreasonable
    "8:2/1///5//2/4//4///2/4/2/4//5////2///3////4/3/3/3,zc2d4j5b2c1c5g",  # Extreme
    "8:2/2/3/6//2///3//3//5/3/3/3///3/4/3/2/////3//1/3/3/3,f3c4o7f3c5i3c2l",  # Unreasonable
]


def tatham(text: str) -> sky.Puzzle:
    """A Towers game ID as a puzzle (clues top, bottom, left, right; givens with letters for blank runs)."""
    head, _, body = text.partition(":")
    n = int(head)
    clue_text, _, given_text = body.partition(",")
    vals = [int(x) if x else 0 for x in clue_text.split("/")]
    top, bottom, left, right = (vals[k * n:(k + 1) * n] for k in range(4))
    givens, cell, i = [], 0, 0
    while i < len(given_text):
        ch = given_text[i]
        if ch.isalpha():
            cell, i = cell + ord(ch) - ord("a") + 1, i + 1
        elif ch == "_":
            i += 1
        else:
            j = i
            while j < len(given_text) and given_text[j].isdigit():
                j += 1
            givens.append([cell // n, cell % n, int(given_text[i:j])])
            cell, i = cell + 1, j
    return sky.make_puzzle(n, {"top": top, "bottom": bottom, "left": left, "right": right}, givens)


def walk(puzzle: sky.Puzzle) -> dict[str, int]:
    """Walk the hints with full pencil marks to the end; assert every step sound; count the techniques."""
    n, obj = puzzle.n, puzzle.to_json()
    (sol,) = sky.solutions(puzzle, 2)
    state = [[0] * n for _ in range(n)]
    for r, c, v in puzzle.givens:
        state[r][c] = v
    pencil = [[sky.DIGITS[:n]] * n for _ in range(n)]
    counts: dict[str, int] = {}
    for _ in range(n ** 3):
        h = commands.run(sky.FAMILY, "hint", {**obj, "state": state, "pencil": pencil})
        if h["technique"] == "Solved":
            break
        counts[h["technique"]] = counts.get(h["technique"], 0) + 1
        assert h["technique"] != "Guessing", (sky.format(puzzle), h)
        assert h["score"] == sky.SCORES[h["technique"]] and h["reason"]
        if "place" in h["move"]:
            assert h.get("places", [h["move"]["place"]])[0] == h["move"]["place"]  # "move" keeps the first
            for r, c, v in h.get("places", [h["move"]["place"]]):
                assert sol[r][c] == v and not state[r][c], (sky.format(puzzle), h)
                state[r][c] = v
        else:
            assert h["move"]["eliminate"]
            for r, c, v in h["move"]["eliminate"]:
                assert sol[r][c] != v and sky.DIGITS[v - 1] in pencil[r][c], (sky.format(puzzle), h)
                pencil[r][c] = pencil[r][c].replace(sky.DIGITS[v - 1], "")
        if h["technique"] in sky.FORCING:  # the shared rungs, following the clues: told as implications
            assert h["reason"].startswith("If ") or " choices, and each leads to " in h["reason"], h["reason"]
            assert h["implications"][0].startswith("if r") and len(h["implications"]) >= 2
    assert state == sol
    return counts


TATHAM_EXTREME = {TATHAM[0], TATHAM[1], TATHAM[6]}  # Tatham's own solver finishes these without recursion


@pytest.mark.parametrize("text", TATHAM)
def test_tatham_extreme_and_unreasonable_finish_without_guessing(text: str) -> None:
    puzzle = tatham(text)
    assert sky.count_solutions(puzzle) == 1
    counts = walk(puzzle)
    patterns = sum(counts.get(t, 0) for t in (*sky.LATIN_PATTERNS, *sky.SASHIMI))
    forcing = counts.get("Forcing chain", 0) + counts.get("Forcing net", 0)
    if text in TATHAM_EXTREME:  # the shared latin patterns (fish, wings, chains) finish them, as Tatham's does
        assert patterns > 0 and forcing == 0
    else:  # Unreasonable (Tatham's solver needs recursion): they do need the top rung
        assert forcing > 0


@pytest.mark.parametrize("n, seed", [(6, 1), (7, 2), (8, 0)])
def test_own_extreme_puzzles_finish_without_guessing(n: int, seed: int) -> None:
    puzzle, grid = sky.generate(rng_for(seed, "ladder-test", n), sky.EXTREME, n)
    assert sky.solutions(puzzle, 2) == [grid]
    assert sky.level_needed(puzzle, sky.EXPERT) is None  # stuck below the top rung ...
    counts = walk(puzzle)  # ... and finished by forcing chains, never a guess
    assert counts.get("Forcing chain", 0) + counts.get("Forcing net", 0) > 0


def test_public_instances_all_finish_by_logic() -> None:
    if not BENCH.exists():
        pytest.skip(f"public instances not found at {BENCH}")
    for inst in json.loads(BENCH.read_text())["instances"]:
        puzzle = sky.make_puzzle(inst["n"], inst["clues"], inst.get("givens") or [])
        rating = sky.rate(puzzle)
        assert "Guessing" not in rating.counts, inst["id"]
        assert sky.level_needed(puzzle) == sky.LEVELS[rating.hardest], inst["id"]
        if inst["id"] in ("sky22_n7", "sky38_n7"):  # the two the first ladder had to guess: latin patterns now
            assert rating.hardest in (*sky.LATIN_PATTERNS, *sky.SASHIMI) and rating.grade >= sky.EXPERT
            assert "Forcing chain" not in walk(puzzle)


def test_ladder_uses_the_shared_latin_techniques_in_order() -> None:
    names = [t.name for t in sky.TECHNIQUES]
    levels = [t.level for t in sky.TECHNIQUES]
    assert levels == sorted(levels)
    latin_rungs = [t for t in sky.TECHNIQUES if t.latin is not None]
    assert {t.name for t in latin_rungs} >= {"Naked single", "Hidden single", "Naked pair", "Hidden quad",
                                            *sky.LATIN_PATTERNS}
    assert all(t.latin.__module__.startswith("solvers.logic") for t in latin_rungs)  # no second copy here
    patterns = [names.index(p) for p in sky.LATIN_PATTERNS]
    assert names.index("Line permutations") < min(patterns) and max(patterns) < names.index("Forcing chain")
    assert not {"Unique rectangle", "BUG+1"} & set(names)  # clues can tell a deadly pattern's halves apart
    assert all(t.score == sky.SCORES[t.name] for t in sky.TECHNIQUES)


# ----------------------------------------------------------------- hand-checked positions


def board_of(puzzle: sky.Puzzle, cands: dict[tuple[int, int], str] | None = None) -> sky.Board:
    """The start board, with some cells' candidates set by hand (row, col) -> "124"."""
    board = sky.start_board(puzzle)
    for (r, c), text in (cands or {}).items():
        board.cands[r * puzzle.n + c] = sum(sky.bit(int(ch)) for ch in text)
    return board


def sound(board: sky.Board, step: sky.Step) -> None:
    """The step never removes the true height and never places a wrong one (checked against the full solver)."""
    (sol,) = sky.solutions(board.puzzle, 2)
    flat = [v for row in sol for v in row]
    if step.place is not None:
        assert flat[step.place[0]] == step.place[1]
    assert step.eliminate and all(flat[c] != v for c, v in step.eliminate) or step.place is not None


def test_clue_techniques_by_hand() -> None:
    # 4x4: the 1 left of row 1 puts 4 at r1c1; the 4 above column 2 climbs 1..4; the 2 right of row 3 caps r3c4
    puzzle = sky.make_puzzle(4, {"left": [1, 0, 0, 0], "top": [0, 4, 0, 0], "right": [0, 0, 2, 0]})
    board = board_of(puzzle)
    step, refs = sky.find_clue_one(board)
    assert step.place == (0, 4) and refs == (("left", 0),)
    step, refs = sky.find_clue_n(board)
    assert step.place == (1, 1) and refs == (("top", 1),)
    step, refs = sky.find_clue_bound(board)
    assert step.technique == "Clue bound" and step.eliminate == ((11, 4),) and "at most 3" in step.reason


def test_clue_n_hint_places_the_whole_line() -> None:
    """One hint plays a clue N's whole line: "places" lists its open cells, the move string plays them
    at once, the words say the line; walked by move strings, every hint agrees with the solution."""
    puzzle = sky.parse("5:.1534/...../...../...4./j1")  # Easy 5x5: the 5 above column 3
    (sol,) = sky.solutions(puzzle, 2)
    obj, state, hints = puzzle.to_json(), [[0] * 5 for _ in range(5)], []
    for r, c, v in puzzle.givens:
        state[r][c] = v
    while (h := commands.run(sky.FAMILY, "hint", {**obj, "state": state}))["technique"] != "Solved":
        hints.append(h)
        after = commands.run(sky.FAMILY, "apply", {**obj, "state": state, "moves": [h["stages"]["move"]]})["state"]
        changed = [[r, c, after[r][c]] for r in range(5) for c in range(5) if after[r][c] != state[r][c]]
        assert changed == sorted(h.get("places", [h["move"]["place"]])), h
        assert all(sol[r][c] == v for r, c, v in changed), h
        state = after
    assert state == sol
    (clue_n,) = [h for h in hints if h["technique"] == "Clue N"]
    assert clue_n["places"] == [[r, 2, r + 1] for r in range(5)] and clue_n["move"] == {"place": [0, 2, 1]}
    assert clue_n["stages"]["move"] == "r1c3=1,r2c3=2,r3c3=3,r4c3=4,r5c3=5"
    assert "column 3 climbs 1 to 5" in clue_n["reason"] and "r5c3 is 5" in clue_n["reason"]
    assert sorted(clue_n["cells"]) == [[r, 2] for r in range(5)]
    assert all("places" not in h for h in hints if h is not clue_n)  # clue 1 and the rest place one cell


def test_clue_bound_hint_shows_the_bounds() -> None:
    puzzle = tatham(TATHAM[1])  # the 4 right of row 2 caps its three nearest cells at 5, 4 and 3
    state = [[0] * 6 for _ in range(6)]
    for r, c, v in puzzle.givens:
        state[r][c] = v
    h = commands.run(sky.FAMILY, "hint", {**puzzle.to_json(), "state": state, "pencil": [["123456"] * 6] * 6})
    assert h["technique"] == "Clue bound" and h["clues"] == [["right", 1]]
    assert h["bounds"] == [[1, 3, 5], [1, 4, 4], [1, 5, 3]]
    assert h["removes"] == h["move"]["eliminate"] == [[1, 3, 6], [1, 4, 5], [1, 4, 6], [1, 5, 4], [1, 5, 5], [1, 5, 6]]
    assert h["region"] == {"name": "row 2", "cells": [[1, 5 - c] for c in range(6)]}


def test_line_reason_names_the_broken_clue() -> None:
    masks = (0b1111,) * 4
    # with a 3 in front, a 4 first hides everything: that clue would see 1
    assert sky.why_not(masks, 3, 0, 0, 4, ("left of row 1", "right of row 1")) == "the 3 left of row 1 would see 1"
    # with 2 behind, a 4 last makes the back see 1
    assert sky.why_not(masks, 0, 2, 3, 4, ("x", "right of row 1")) == "the 2 right of row 1 would see 1"
    assert "could not both be met" in sky.why_not(masks, 2, 2, 1, 4, ("a", "b")) or \
        "would see" in sky.why_not(masks, 2, 2, 1, 4, ("a", "b"))


def test_line_finders_are_sound_and_explained() -> None:
    puzzle = tatham(TATHAM[0])
    board = board_of(puzzle)
    for name in ("Short line", "Line arrangement", "Line permutations"):
        tech = next(t for t in sky.TECHNIQUES if t.name == name)
        found = tech.find(board)
        if found:
            sound(board, found[0])
            assert " = " in found[0].reason and ("would see" in found[0].reason or "both" in found[0].reason)


def first_stuck_board(puzzle: sky.Puzzle) -> sky.Board:
    """The board where the ladder below forcing chains first gets stuck."""
    board = sky.start_board(puzzle)
    while (found := sky.next_step(board, sky.EXPERT)) is not None:
        board.apply(found[1])
    return board


def test_latin_patterns_are_sound_and_explained() -> None:
    seen = set()
    texts = sorted(TATHAM_EXTREME) + ["7:3//3/3//2///3/3/3/4///3//4/3////2/4//3/3/4/,o2h2d6m4b3b"]
    puzzles = [tatham(text) for text in texts]
    puzzles.append(sky.parse("6:.2..../...3../.3.314/24.2../i6b3g4"))  # `practice` AIC, seed 3
    for puzzle in puzzles:
        board = sky.start_board(puzzle)
        while (found := sky.next_step(board)) is not None:
            level, step, refs = found
            if step.technique in (*sky.LATIN_PATTERNS, *sky.SASHIMI):
                seen.add(step.technique)
                sound(board, step)  # never removes a true height (checked against the full solver)
                assert level == sky.EXPERT and not refs and step.reason and step.causes
                assert all(board.cands[c] & sky.bit(v) for c, v in step.causes)  # rests on notes the player has
                assert all(board.cands[c] & sky.bit(v) for c, v in step.eliminate)
            board.apply(step)
        assert board.solved()
    assert {"X-wing", "XY-wing", "XY-chain", "AIC", "W-wing"} <= seen


def test_pattern_hint_shows_causes_and_chain() -> None:
    puzzle = tatham(TATHAM[0])
    board = sky.start_board(puzzle)
    while (found := sky.next_step(board))[1].technique != "XY-chain":
        board.apply(found[1])
    n = puzzle.n
    state = [board.values[r * n:(r + 1) * n] for r in range(n)]
    pencil = [["".join(sky.DIGITS[v - 1] for v in sky.values_of(board.cands[r * n + c])) for c in range(n)]
              for r in range(n)]
    h = commands.run(sky.FAMILY, "hint", {**puzzle.to_json(), "state": state, "pencil": pencil})
    assert h["technique"] == "XY-chain" and h["score"] == sky.SCORES["XY-chain"] and h["grade"] == "Expert"
    assert h["removes"] == h["move"]["eliminate"] and h["causes"] and h["clues"] == []
    assert [node["on"] for node in h["chain"]] == [False, True] * (len(h["chain"]) // 2)
    assert h["reason"].startswith("If ") and h["stages"]["where"].startswith("Look at r")


def rung(name: str) -> sky.BoardRung:
    return next(t for t in sky.TECHNIQUES if t.name == name)


def test_forcing_chain_by_hand() -> None:
    puzzle = tatham(TATHAM[2])
    board = first_stuck_board(puzzle)
    assert not board.solved() and sky.contradiction(board) is None
    step, _ = rung("Forcing chain").find(board) or rung("Forcing net").find(board)  # a net: a step rests on two
    sound(board, step)
    (cell, v), = step.eliminate
    name = board.lay.g.name(cell)
    assert step.reason.startswith(f"If {name} were {v}: ") and step.reason.endswith(f"So {name} is not {v}")
    assert any("no order of" in line for line in step.lines)  # the clues are followed, line by line
    # the complete solver's own propagation (singles and phase 4) breaks on the assumption too
    trial = board.cands[:]
    trial[cell] = sky.bit(v)
    assert not sky.Solver(puzzle).reduce(trial)


def test_forcing_net_by_hand() -> None:
    puzzle = tatham(TATHAM[3])
    board = first_stuck_board(puzzle)
    found = rung("Forcing chain").find(board) or rung("Forcing net").find(board)
    assert found is not None
    step = found[0]
    sound(board, step)
    assert step.technique in ("Forcing chain", "Forcing net") and step.lines


def test_contradiction_sentences() -> None:
    puzzle = sky.make_puzzle(4, {"left": [1, 0, 0, 0]})
    board = board_of(puzzle, {(0, 0): "3"})
    assert sky.contradiction(board) == ("no order of row 1 would fit the 1 left of row 1", (0, 1, 2, 3))
    board = board_of(puzzle, {(1, 0): ""})
    assert sky.contradiction(board)[0] == "r2c1 would have no height left"


# ----------------------------------------------------------------- grades and generators


@pytest.mark.parametrize("n", [5, 6])
def test_every_grade_generated_and_re_derived(n: int) -> None:
    for level in range(len(sky.GRADES)):
        out = commands.run(sky.FAMILY, "generate", {"difficulty": level + 1, "seed": 7, "size": n})
        assert out == commands.run(sky.FAMILY, "generate", {"difficulty": level + 1, "seed": 7, "size": n})
        puzzle = sky.puzzle_from_json(out)
        assert out["difficulty"] == sky.GRADES[level]
        assert sky.count_solutions(puzzle) == 1
        rating = sky.rate(puzzle)
        assert rating.grade == level == sky.grade(puzzle)
        assert sky.LEVELS[rating.hardest] == level  # the grade is the hardest technique's, not a band's bump
        assert rating.score == sum(sky.SCORES[t] * k for t, k in rating.counts.items())


def test_score_bands_raise_a_long_path() -> None:
    assert sky.band(0, 9) == 0 and sky.band(sky.BANDS[0] + 1, 9) == 1 and sky.band(10 ** 6, 9) == len(sky.BANDS)
    assert sky.band(sky.BANDS[0], 9) == 0  # a cap is inclusive
    assert sky.band(sky.BANDS[1] * 25 // 81 + 10, 5) >= 2  # scores scale with the board's area


def test_practice_a_technique() -> None:
    out = commands.run(sky.FAMILY, "practice", {"technique": "Line arrangement", "seed": 3, "size": 6})
    puzzle = sky.puzzle_from_json(out)
    assert out["technique"] == "Line arrangement" and "Line arrangement" in sky.rate(puzzle).counts
    assert out == commands.run(sky.FAMILY, "practice", {"technique": "Line arrangement", "seed": 3, "size": 6})
    out = commands.run(sky.FAMILY, "practice", {"technique": "X-wing", "seed": 1, "size": 6})  # a latin pattern
    rating = sky.rate(sky.puzzle_from_json(out))
    assert "X-wing" in rating.counts and out["difficulty"] == sky.GRADES[rating.grade] in ("Expert", "Extreme")
    with pytest.raises(sky.PuzzleError):
        commands.run(sky.FAMILY, "practice", {"technique": "Telepathy", "seed": 3, "size": 6})


def test_rate_command() -> None:
    out = commands.run(sky.FAMILY, "rate", {"description": sky.format(tatham(TATHAM[2]))})  # Tatham: Unreasonable
    assert out["difficulty"] == "Extreme" and out["score"] > 0 and out["hardest"].startswith("Forcing")
    out = commands.run(sky.FAMILY, "rate", {"description": sky.format(tatham(TATHAM[0]))})  # Tatham: Extreme
    assert out["difficulty"] == "Expert" and out["hardest"] in sky.LATIN_PATTERNS and out["techniques"]["X-wing"]


def test_line_arrangements_draw_the_orders_left() -> None:
    """With at most three orders left, a line step rests on their heights in the open cells: drawn on the board, and
    each open cell's true height is among them."""
    puzzle = sky.FAMILY.parse("5:.22.3/...../3..4./....4/m1")
    (grid,) = sky.solutions(puzzle, 2)
    solution = [v for row in grid for v in row]
    board = sky.start_board(puzzle)
    while (found := sky.next_step(board, sky.EXPERT)) is not None and " agree " not in found[1].reason:
        board.apply(found[1])
    assert found is not None and found[1].technique in ("Short line", "Line arrangement")
    step = found[1]
    orders = step.reason.split("only ")[1].split(" agree")[0].split(" or ")
    cells = sorted({c for c, _ in step.causes})
    assert cells == sorted(step.cells) and 1 <= len(orders) <= 3
    line = [int(d) for d in orders[0]]  # the line's heights from its first clue's side
    along = (lambda c: c // 5) if "of column" in step.reason else (lambda c: c % 5)
    assert all((c, line[along(c)]) in step.causes for c in cells)
    assert all((c, solution[c]) in step.causes for c in cells)
    assert not set(step.causes) & set(step.eliminate)
