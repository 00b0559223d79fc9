"""Constraint types (solvers/constraints/): thermometers opened, solved, checked and walked by hints; the types'
rules against brute force; bad entries refused with a clear message; cages and diagonals as typed members."""

from __future__ import annotations

import json
import re
from itertools import product
from random import Random

import pytest
from constraint_makers import MAKERS, made

from solvers import commands, constraints, family, formats
from solvers.base import PuzzleError
from solvers.latin import bit, values_of
from solvers.rules import latin as latin_rules
from solvers.sudoku import grid, solver

SUDOKU = family("sudoku")
UNIQUENESS = ("Unique rectangle", "Avoidable rectangle", "Hidden rectangle", "BUG")  # unsound beyond the units
THERMO = constraints.TYPES["thermo"]


def thermo_puzzle(seed: int, size: int = 9, count: int = 6) -> tuple[dict, str]:
    """(solve input, solution text) of a thermometer Sudoku made for the test: thermometers laid along rising runs
    of a seeded random solution, then givens dug while the solution stays unique."""
    rng = Random(seed)
    box = grid.DEFAULT_BOX[size]
    truth = solver.random_solution((box, grid.CLASSIC), rng)
    used: set[int] = set()
    lines: list[list[int]] = []
    while len(lines) < count:
        line = [rng.randrange(size * size)]
        if line[0] in used:
            continue
        while len(line) < 5:
            r, k = divmod(line[-1], size)
            nxt = [(r + dr) * size + k + dk for dr, dk in product((-1, 0, 1), repeat=2) if (dr or dk)
                   and 0 <= r + dr < size and 0 <= k + dk < size]
            nxt = [c for c in nxt if c not in used and c not in line and truth[c] > truth[line[-1]]]
            if not nxt:
                break
            line.append(rng.choice(nxt))
        if len(line) >= 3:
            lines.append(line)
            used.update(line)
    entries = [{"type": "thermo", "cells": [[c // size, c % size] for c in line]} for line in lines]
    givens = list(truth)
    for c in rng.sample(range(size * size), size * size):
        kept, givens[c] = givens[c], 0
        if solver.count_solutions(grid.read({"grid": grid.grid_text(givens), "constraints": entries}), 2) != 1:
            givens[c] = kept
    return {"grid": grid.grid_text(givens), "constraints": entries}, grid.grid_text(truth)


def test_a_thermometer_keeps_exactly_the_digits_of_some_rising_filling() -> None:
    """`keep` against brute force over every filling, on random candidate masks of lines of two to five cells."""
    rng = Random(5)
    n = 9
    for _ in range(400):
        length = rng.randint(2, 5)
        masks = tuple(rng.randrange(1, 1 << n) for _ in range(length))
        want = [0] * length
        for filling in product(*(values_of(m) for m in masks)):
            if all(a < b for a, b in zip(filling, filling[1:], strict=False)):
                for i, v in enumerate(filling):
                    want[i] |= bit(v)
        got = THERMO.keep(tuple(range(length)), n, masks)
        assert (got is None or 0 in got) if 0 in want else got == tuple(want), (masks, got, want)


@pytest.mark.parametrize("seed, size", [(1, 9), (2, 9), (3, 6)])
def test_a_thermometer_sudoku_solves_uniquely_and_walks_to_the_end_by_logic(seed: int, size: int) -> None:
    puzzle, truth = thermo_puzzle(seed, size, 6 if size == 9 else 3)
    answer = commands.run(SUDOKU, "solve", puzzle)
    assert answer["solution"] == truth and answer["count"] == 1
    p = grid.read(puzzle)
    assert solver.is_solution(p, tuple(latin_rules.read_values(truth, size)))
    used = walk(puzzle, truth)
    assert "Thermometer" in used
    step = next(s for s in commands.run(SUDOKU, "grade", puzzle)["path"] if s["technique"] == "Thermometer")
    assert step["reason"].startswith("The digits along the thermometer from r")


def test_check_marks_a_thermometer_that_does_not_rise() -> None:
    puzzle, truth = thermo_puzzle(1)
    cells = [r * 9 + c for r, c in puzzle["constraints"][0]["cells"]]
    values = [0] * 81
    values[cells[0]], values[cells[1]] = 5, 5 - 1  # falls from the bulb
    got = commands.run(SUDOKU, "check", {**puzzle, "state": latin_rules.values_text(values)})
    assert any(p["rule"] == "thermo" and "must rise" in p["text"] for p in got["problems"]), got
    values = [0] * 81
    values[cells[-1]] = 1  # the tip cannot be 1: digits below it are needed
    got = commands.run(SUDOKU, "check", {**puzzle, "state": latin_rules.values_text(values)})
    assert any(p["rule"] == "thermo" and "needs a digit from" in p["text"] for p in got["problems"]), got
    assert not commands.run(SUDOKU, "check", {**puzzle, "state": truth})["problems"]


@pytest.mark.parametrize("entry, said", [
    ({"type": "clone", "cells": [[0, 0]]}, "uses clone constraints, which Tessera does not play yet"),
    ({"type": "thermo", "cells": [[0, 0], [2, 0]]}, "jumps from r1c1 to r3c1"),
    ({"type": "thermo", "cells": [[0, 0], [0, 1], [0, 0]]}, "passes r1c1 twice"),
    ({"type": "thermo", "cells": [[0, 0]]}, "at least 2 cells"),
    ({"type": "thermo", "cells": [[0, 0], [0, 9]]}, "rows and columns from 0 to 8"),
    ({"type": "thermo", "cells": [[r, 0] for r in range(9)] + [[8, 1]]}, "cannot rise through digits 1 to 9"),
    ({"type": "thermo"}, '"cells" must list'),
    ({"type": "thermo", "cells": "r1c1"}, '"cells" must list'),
    ({"cells": [[0, 0]]}, 'a constraint is {"type"'),
])
def test_a_bad_constraint_is_refused_with_a_message(entry: dict, said: str) -> None:
    with pytest.raises(PuzzleError, match=re.escape(said)) as got:
        commands.run(SUDOKU, "solve", {"grid": "." * 81, "constraints": [entry]})
    assert got.value.kind == "invalid"


def test_constraints_travel_in_the_puzzle_text_and_back() -> None:
    puzzle, _ = thermo_puzzle(2)
    text = commands.run(SUDOKU, "format", puzzle)["text"]
    assert "/c[" in text
    again = commands.run(SUDOKU, "parse", {"text": text})
    assert again["constraints"] == puzzle["constraints"]
    assert grid.read(again).variant == "thermo"


def test_cages_and_diagonals_are_typed_members_of_the_geometry() -> None:
    p = grid.read({"grid": "." * 16, "diagonals": True, "cages": [{"sum": 3, "cells": [[0, 0], [0, 1]]}]})
    kinds = dict(p.geometry.typed)
    assert set(kinds) == {"cage", "diagonal"} and kinds["cage"] == ((3, (0, 1)),)
    assert [len(d) for d in kinds["diagonal"]] == [4, 4] and ("cage", (0, 1)) in p.geometry.groups
    assert p.geometry.unit_names[-2:] == ("diagonal r1c1-r4c4", "diagonal r1c4-r4c1")
    said = [rule.said for rule in constraints.rules(p.geometry)]
    assert said[0] == "the cage at r1c1 adds up to 3"


def test_thermometers_travel_through_f_puzzles_and_sudokupad_links_and_back() -> None:
    puzzle, _ = thermo_puzzle(1)
    formats = commands.run(SUDOKU, "export", puzzle)["formats"]
    assert [f["name"] for f in formats] == ["Tessera text", "f-puzzles link", "SudokuPad link"]  # Solo: none
    for f in formats:
        again = commands.run(SUDOKU, "import", {"text": f["text"]})
        assert again["constraints"] == puzzle["constraints"] and again["grid"] == puzzle["grid"], f["name"]
    data = ('{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],'
            '"thermometer":[{"lines":[["R1C1","R2C2","R3C3"]]}]}')
    got = commands.run(SUDOKU, "import", {"text": data})
    assert got["constraints"] == [{"type": "thermo", "cells": [[0, 0], [1, 1], [2, 2]]}]
    with pytest.raises(PuzzleError, match=r"rules Tessera does not play \(clone\)"):
        commands.run(SUDOKU, "import", {"text": data.replace('"thermometer"', '"clone"')})


def test_a_thermometer_sudoku_has_a_grade_but_no_sudoku_explainer_estimate() -> None:
    puzzle, _ = thermo_puzzle(1)
    graded = commands.run(SUDOKU, "grade", puzzle)
    assert graded["difficulty"] in grid.GRADES and graded["logic"] and graded["se"]["estimate"] is None


# ----- every type: made, solved, walked by hints, checked, linked ----------------------------------------------

KINDS = sorted(MAKERS)


@pytest.mark.parametrize("kind", KINDS)
def test_each_type_solves_uniquely_and_walks_to_the_end_by_logic(kind: str) -> None:
    puzzle, truth = made(kind, floor=22)
    assert commands.run(SUDOKU, "solve", puzzle) == {"solution": truth, "count": 1}
    assert solver.is_solution(grid.read(puzzle), tuple(latin_rules.read_values(truth, 9)))
    used = walk(puzzle, truth)
    technique = constraints.TYPES[kind].technique
    assert not technique or technique in used, used


def walk(puzzle: dict, truth: str) -> list[str]:
    """Apply each hint (and ask again) to the end; every step true, none a guess; the techniques used."""
    size = int(len(truth) ** 0.5)
    state, pencil, used = puzzle["grid"], None, []
    for _ in range(size * size * 4):
        obj = {**puzzle, "state": state, **({"pencil": pencil} if pencil else {})}
        hint = commands.run(SUDOKU, "hint", obj)
        if hint["technique"] == "Solved":
            return used
        assert hint["technique"] not in ("Trial and error", "Wrong entry", "Missing candidate"), hint["technique"]
        assert not any(w in hint["technique"] for w in UNIQUENESS), hint["technique"]  # not sound here
        used.append(hint["technique"])
        move = hint["move"]
        if "place" in move:
            r, c, v = move["place"]
            assert truth[r * size + c] == latin_rules.symbol(v), hint["reason"]
        for r, c, v in move.get("eliminate", []):
            assert truth[r * size + c] != latin_rules.symbol(v), hint["reason"]
        out = commands.run(SUDOKU, "apply", {**obj, "moves": [hint["stages"]["move"]]})
        state, pencil = out["state"], out.get("pencil")
    raise AssertionError("the walk did not end")


@pytest.mark.parametrize("kind", KINDS)
def test_each_types_rules_never_remove_a_digit_of_the_solution(kind: str) -> None:
    """Every rule of the type, given random candidates that hold the solution's digits, keeps those digits."""
    puzzle, truth = made(kind, floor=22)
    g = grid.read(puzzle).geometry
    sol = latin_rules.read_values(truth, 9)
    rng = Random(kind)
    for rule in constraints.rules_by_type(g).get(kind, ()):
        for _ in range(20):
            masks = tuple(bit(sol[c]) | rng.randrange(1 << 9) for c in rule.cells)
            got = rule.keep(masks)
            assert got is not None and all(k & bit(sol[c]) for c, k in zip(rule.cells, got, strict=True)), rule.said


@pytest.mark.parametrize("kind", KINDS)
def test_each_type_travels_in_the_text_and_in_f_puzzles_links_where_it_can(kind: str) -> None:
    puzzle, truth = made(kind, floor=22)
    formats = {f["name"]: f["text"] for f in commands.run(SUDOKU, "export", puzzle)["formats"]}
    same = sorted(json.dumps(e, sort_keys=True) for e in puzzle["constraints"])
    for name, text in formats.items():
        again = commands.run(SUDOKU, "import", {"text": text})
        assert sorted(json.dumps(e, sort_keys=True) for e in again["constraints"]) == same, name
        assert again["grid"] == puzzle["grid"], name
    try:  # f-puzzles has no negative white dots of Kropki's, nor whispers of another gap, ...
        writes = bool(constraints.TYPES[kind].to_fpuzzles(dict(grid.read(puzzle).geometry.typed)[kind], 9))
    except ValueError:
        writes = False
    assert ("f-puzzles link" in formats) == writes and "Tatham Solo game ID" not in formats
    assert writes or kind == "kropki"  # every type f-puzzles has travels there (not negative white dots)


@pytest.mark.parametrize("kind", KINDS)
def test_each_type_says_what_a_wrong_grid_breaks(kind: str) -> None:
    """A full grid that keeps the units but breaks the type's rule: check names the rule (or a repeat)."""
    puzzle, truth = made(kind, floor=22)
    sol = latin_rules.read_values(truth, 9)
    swapped = [({1: 2, 2: 1}.get(v, v)) for v in sol]  # digits 1 and 2 exchanged everywhere: units still hold
    p = grid.read(puzzle)
    broken = constraints.broken(p.geometry, swapped)
    repeats = [cells for _what, cells in p.geometry.groups if len({swapped[c] for c in cells}) < len(cells)]
    if broken or repeats:
        got = commands.run(SUDOKU, "check", {**puzzle, "state": latin_rules.values_text(swapped)})
        assert got["problems"] and not got["solved"]
        assert {p["rule"] for p in got["problems"]} & {constraints.TYPES[kind].problem or kind, "repeat", "wrong"}


def test_f_puzzles_keys_of_the_plugin_negative_marks_and_copied_drawings() -> None:
    """Renban and whispers by the plugin's keys, negative ratio and XV marks, nonconsecutive beside white dots,
    and the drawings the plugin copies its rules into (left out: the rule comes once)."""
    empty = [[{} for _ in range(4)] for _ in range(4)]
    data = {"size": 4, "grid": empty, "renban": [{"lines": [["R1C1", "R1C2", "R1C3"]]}],
            "whispers": [{"lines": [["R2C1", "R3C2"]], "value": "3"}], "negative": ["ratio", "xv"],
            "nonconsecutive": True, "difference": [{"cells": ["R4C1", "R4C2"], "value": ""}],
            "line": [{"lines": [["R1C1", "R1C2", "R1C3"]], "fromConstraint": "Renban"}],
            "cage": [{"cells": [], "value": "title: Test"}]}
    got = commands.run(SUDOKU, "import", {"text": json.dumps(data)})["constraints"]
    assert {json.dumps(e, sort_keys=True) for e in got} == {json.dumps(e, sort_keys=True) for e in [
        {"type": "renban", "cells": [[0, 0], [0, 1], [0, 2]]},
        {"type": "whispers", "cells": [[1, 0], [2, 1]], "gap": 3},
        {"type": "kropki", "negative": ["black"]}, {"type": "xv", "negative": True}, {"type": "nonconsecutive"},
        {"type": "kropki", "mark": "white", "cells": [[3, 0], [3, 1]]}]}
    g = grid.read({"grid": "." * 16, "constraints": got}).geometry
    assert all(rule.cells != (12, 13) for rule in constraints.rules_by_type(g)["nonconsecutive"])  # the white dot's
    for bad, why in (({"difference": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}, "mark '3' is not one"),
                     ({"line": [{"lines": [["R1C1", "R1C2"]]}]}, r"does not play \(line\)")):
        with pytest.raises(PuzzleError, match=why):
            commands.run(SUDOKU, "import", {"text": json.dumps({"size": 4, "grid": empty, **bad})})


def test_a_region_sum_line_entering_a_box_again_starts_a_new_segment() -> None:
    """Box borders split a line into segments of one sum: r1c2-r1c3 | r1c4-r2c4 | r2c3-r2c2 is three segments (two
    in box 1), not box 1's four digits against box 2's two."""
    rule = constraints.TYPES["regionsum"]
    line = tuple(r * 9 + c for r, c in ((0, 1), (0, 2), (0, 3), (1, 3), (1, 2), (1, 1)))
    values = [0] * 81
    for c, v in zip(line, (1, 8, 4, 5, 2, 7), strict=True):  # 9, 9 and 9
        values[c] = v
    assert rule.broken(line, values, 9) is None
    keep = rule.rules([line], grid.read({"grid": "." * 81}).geometry)[0].keep
    assert keep(tuple(bit(values[c]) for c in line)) == tuple(bit(values[c]) for c in line)
    values[line[5]] = 6  # 2 + 6 = 8, not 9
    assert "add up to 8 and 9" in rule.broken(line, values, 9)
    masks = [bit(values[c]) for c in line[:5]]
    assert keep((*masks, (1 << 9) - 1)) == (*masks, bit(7))  # the last cell must make 9


def fpuzzles_data(puzzle: dict) -> dict:
    """The f-puzzles JSON of a puzzle's exported f-puzzles link."""
    link = next(f["text"] for f in commands.run(SUDOKU, "export", puzzle)["formats"] if f["name"] == "f-puzzles link")
    return json.loads(formats.fpuzzles_link(link))


def test_a_killer_cage_over_other_cages_opens_solves_and_travels_back() -> None:
    """An f-puzzles killer whose extra cage overlaps two others: the extra one is a cage of its own beside the
    killer's (a "distinct" entry with its sum), solved to the same grid, checked, and written back to f-puzzles."""
    p = commands.run(SUDOKU, "generate", {"difficulty": 1, "seed": 3, "size": 9, "variant": "killer"})
    truth = commands.run(SUDOKU, "solve", p)["solution"]
    a, b = p["cages"][0]["cells"][0], p["cages"][1]["cells"][0]
    total = sum(int(truth[r * 9 + c]) for r, c in (a, b))
    data = fpuzzles_data(p)
    data["killercage"].append({"cells": [f"R{r + 1}C{c + 1}" for r, c in (a, b)], "value": str(total)})
    got = commands.run(SUDOKU, "import", {"text": json.dumps(data)})
    assert got["constraints"] == [{"type": "distinct", "cells": sorted([a, b]), "sum": total}]
    assert commands.run(SUDOKU, "solve", got)["solution"] == truth
    wrong = truth[:a[0] * 9 + a[1]] + str(int(truth[a[0] * 9 + a[1]]) % 9 + 1) + truth[a[0] * 9 + a[1] + 1:]
    said = [x["text"] for x in commands.run(SUDOKU, "check", {**got, "state": wrong})["problems"]]
    assert any(f"not {total}" in s for s in said), said
    back = fpuzzles_data(got)
    assert {"cells": [f"R{r + 1}C{c + 1}" for r, c in sorted([a, b])], "value": str(total)} in back["killercage"]
    assert commands.run(SUDOKU, "import", {"text": json.dumps(back)})["constraints"] == got["constraints"]
