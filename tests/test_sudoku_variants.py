"""Sudoku variants (killer, jigsaw, X and their mixes) on the one latin-grid model: texts and other apps' IDs
both ways, the killer techniques on hand-made positions, seeded generators walked to the end by hints, and bad
input turned into messages."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from pathlib import Path

import independent_sudoku
import pytest

from solvers import cages, commands, formats
from solvers import family as solver_family
from solvers.base import PuzzleError
from solvers.latin import bit
from solvers.logic import cages as killer
from solvers.rules import sudoku as rules
from solvers.sudoku import generator, grid, solver
from solvers.sudoku.techniques import solve_path

SUDOKU = solver_family("sudoku")
ROOT = Path(__file__).resolve().parent.parent
VARIANTS = [name for name, *_ in rules.VARIANTS if name != "classic"]
SOLO_KILLER = "2x2k:p,_a_aaaca_____a__,4_5a6a5b7a7b6b"  # the cages of a worked example (two solutions)


def answer(command: str, obj: dict) -> dict:
    """One CLI answer (errors as {"error", "kind"})."""
    return next(iter(commands.answer("sudoku", command, obj)))


@pytest.fixture(scope="module", params=[(v, size) for v in VARIANTS for size in (6, 9)
                                        if size in rules.VARIANT_SIZES[v]])
def made(request) -> dict:
    """A generated puzzle of each variant and size (Medium, seeded), with its solution."""
    variant, size = request.param
    p = commands.run(SUDOKU, "generate", {"difficulty": 2, "seed": 11, "size": size, "variant": variant})
    p["solution"] = commands.run(SUDOKU, "solve", p)["solution"]
    return p


def puzzle_of(obj: dict) -> grid.Puzzle:
    """The typed puzzle of a solve input."""
    return SUDOKU.read(obj)


def test_generated_puzzles_are_unique_valid_and_of_their_variant(made: dict) -> None:
    puzzle = puzzle_of(made)
    assert made["variant"] == puzzle.variant
    assert solver.count_solutions(puzzle, 3) == 1
    values = rules.read_text(made["solution"] + rules.layout_text(puzzle.layout, puzzle.n))[0]
    assert solver.is_solution(puzzle, values)
    regions, diagonals, cage_list, _more = puzzle.layout
    n = puzzle.n
    if "killer" in made["variant"]:
        assert cage_list and sum(total for total, _ in cage_list) == sum(values[c] for _, cells in cage_list
                                                                        for c in cells)
        assert sorted(c for _, cells in cage_list for c in cells) == list(range(n * n))  # cages tile the grid
    if "jigsaw" in made["variant"]:
        assert regions is not None and sorted(regions) == sorted(list(range(n)) * n)
    if made["variant"].endswith("x"):
        assert diagonals and len({values[i * n + i] for i in range(n)}) == n


def test_the_same_seed_gives_the_same_puzzle() -> None:
    for variant in ("jigsaw", "arrow-kropki"):
        obj = {"difficulty": 1, "seed": 3, "size": 6, "variant": variant}
        assert commands.run(SUDOKU, "generate", obj) == commands.run(SUDOKU, "generate", obj)


SET_VARIANTS = [name for name, _label in rules.SET_VARIANTS]


@pytest.mark.parametrize(("variant", "size"), [(v, size) for v in SET_VARIANTS for size in rules.VARIANT_SIZES[v]])
def test_set_variants_are_generated_unique_of_their_constraints_and_grade(variant: str, size: int) -> None:
    """A variant of further constraints (thermometers, Kropki dots, ...) is generated at the grade asked, with one
    solution that meets every rule (the types' own checks of a full grid) and the constraints its name lists."""
    p = commands.run(SUDOKU, "generate", {"difficulty": 2, "seed": 5, "size": size, "variant": variant})
    puzzle = puzzle_of(p)
    assert p["variant"] == puzzle.variant == variant and p["difficulty"] == "Medium"
    assert rules.constraint_types(puzzle.layout) == variant.split("-")
    assert solver.count_solutions(puzzle, 3) == 1
    assert solver.is_solution(puzzle, solver.solve(puzzle))
    entries = {k: p[k] for k in ("grid", "box", "constraints")}
    assert independent_sudoku.count(entries) == 1  # the same by a count that shares no solver code
    assert independent_sudoku.count({**entries, "grid": commands.run(SUDOKU, "solve", entries)["solution"]}) == 1


def test_the_independent_count_sees_a_second_solution_and_a_broken_rule() -> None:
    p = commands.run(SUDOKU, "generate", {"difficulty": 1, "seed": 5, "size": 6, "variant": "thermo"})
    entries = {k: p[k] for k in ("grid", "box", "constraints")}
    assert independent_sudoku.count(entries) == 1
    assert independent_sudoku.count({**entries, "constraints": []}) == 2  # the thermometers carry the puzzle
    solved = {**entries, "grid": commands.run(SUDOKU, "solve", entries)["solution"]}
    backwards = {"type": "thermo", "cells": entries["constraints"][0]["cells"][::-1]}
    assert independent_sudoku.count({**solved, "constraints": [*entries["constraints"], backwards]}) == 0


def test_texts_solo_ids_and_fpuzzles_json_round_trip(made: dict) -> None:
    puzzle = puzzle_of(made)
    text = commands.run(SUDOKU, "format", made)["text"]
    assert puzzle_of(commands.run(SUDOKU, "parse", {"text": text})) == puzzle
    formats_out = {f["name"]: f["text"] for f in commands.run(SUDOKU, "export", made)["formats"]}
    for name, prefix in formats.FPUZZLES_LINKS:  # f-puzzles' own boxes (or a jigsaw): both links, read back
        assert formats_out[name].startswith(prefix)
        assert puzzle_of(commands.run(SUDOKU, "import", {"text": formats_out[name]})) == puzzle
    cage_sizes = [len(cells) for _, cells in puzzle.layout[2]]
    if cage_sizes and (min(cage_sizes) < 2 or sum(cage_sizes) < puzzle.n ** 2):
        assert "Tatham Solo game ID" not in formats_out  # Solo's cages cover the grid, two cells or more each
        return
    solo = formats_out["Tatham Solo game ID"]
    params = solo.split(":")[0]
    assert ("j" in params) == ("jigsaw" in made["variant"]) and ("k" in params) == ("killer" in made["variant"])
    assert puzzle_of(commands.run(SUDOKU, "import", {"text": solo})) == puzzle
    fp = formats.fpuzzles_json(puzzle.box, list(puzzle.givens), puzzle.layout)
    assert puzzle_of(commands.run(SUDOKU, "import", {"text": fp})) == puzzle


def test_lz_base64_is_lz_strings_compress_to_base64() -> None:
    """The links' payload, checked against the lz-string package (run by node): the worker reads pasted links."""
    rng = random.Random(5)
    texts = ["", "a", "ab", "aaaaaaaaaaaa", "{\"size\":9}", "é€ and 🙂 " * 4] + [
        "".join(rng.choice("{}[]:,\"RC0123456789abcdefgh") for _ in range(rng.randint(1, 600))) for _ in range(30)]
    script = ("const L = require('./node_modules/lz-string'); const texts = JSON.parse(require('fs').readFileSync(0,"
              " 'utf8')); console.log(JSON.stringify(texts.map(t => L.compressToBase64(t))))")
    run = subprocess.run(["node", "-e", script], input=json.dumps(texts), capture_output=True, text=True, check=True,
                         cwd=ROOT)
    assert [formats.lz_base64(t) for t in texts] == json.loads(run.stdout)
    assert [formats.lz_unbase64(formats.lz_base64(t)) for t in texts] == texts
    assert formats.lz_unbase64("#!") is None
    with pytest.raises(PuzzleError, match="decompressed"):
        commands.run(SUDOKU, "import", {"text": "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOAN"})


def test_solo_ids_read_as_solo_writes_them() -> None:
    """Solo's edge code for blocks (the vertical edges row by row, then the horizontal ones column by column)."""
    assert formats.solo_blocks("abbbbbbba", 4) == [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
    irregular = [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]
    assert formats.solo_blocks("b__b__bc___c_", 4) == irregular
    assert formats.write_solo_blocks(irregular, 4) == "b__b__bc___c_"
    p = commands.run(SUDOKU, "import", {"text": SOLO_KILLER})
    assert [(c["sum"], c["cells"]) for c in p["cages"]][:3] == [(4, [[0, 0], [1, 0]]), (5, [[0, 1], [0, 2]]),
                                                                (6, [[0, 3], [1, 3]])]
    assert {f["text"] for f in commands.run(SUDOKU, "export", p)["formats"]} >= {SOLO_KILLER}
    assert answer("solve", p)["count"] == 2  # the example's cages leave two grids: said, not guessed
    assert answer("hint", {**p, "state": p["grid"]})["kind"] == "multiple-solutions"
    for variant in VARIANTS:  # Solo's symmetry and difficulty letters in the params change nothing
        made = commands.run(SUDOKU, "generate", {"difficulty": 1, "seed": 1, "size": 9, "variant": variant})
        solo = next(f["text"] for f in commands.run(SUDOKU, "export", made)["formats"] if f["name"].startswith("Tat"))
        assert puzzle_of(commands.run(SUDOKU, "import", {"text": solo.replace(":", "m4du:", 1)})) == puzzle_of(made)


@pytest.mark.parametrize("bad, why", [
    ({"grid": "." * 16, "cages": [{"sum": 30, "cells": [[0, 0], [0, 1]]}]}, "add up to 30"),
    ({"grid": "." * 16, "cages": [{"sum": 3, "cells": [[0, 0], [0, 1]]}, {"sum": 4, "cells": [[0, 1], [1, 1]]}]},
     "overlap"),
    ({"grid": "." * 16, "regions": "1111222233334444" [:-1] + "3"}, "region"),
    ({"grid": "." * 16, "regions": 7}, "text"),
    ({"grid": "." * 16, "diagonals": "yes"}, "true or false"),
    ({"grid": "." * 16, "cages": [{"sum": 3, "cells": [[0, 9]]}]}, "rows and columns"),
    ({"grid": "." * 16, "cages": "3"}, "list"),
])
def test_bad_layouts_are_clear_messages(bad: dict, why: str) -> None:
    out = answer("solve", bad)
    assert out["kind"] == "invalid" and why in out["error"]


@pytest.mark.parametrize("text, why", [
    ("3x3k:zzzc,abc,zzzc", "block layout"),  # cages that do not cover the grid's edges
    ("9j:zzzc,abbb", "block layout"),
    ("5x5:" + "y" * 25, "4x4 to 16x16"),
    ('{"size": 9, "grid": [], "thermometer": [1]}', "size and a grid"),
])
def test_ids_tessera_cannot_play_are_messages(text: str, why: str) -> None:
    out = answer("import", {"text": text})
    assert out["kind"] == "invalid" and why in out["error"], out


def test_check_names_broken_cage_sums_and_repeats() -> None:
    p = commands.run(SUDOKU, "generate", {"difficulty": 1, "seed": 2, "size": 6, "variant": "killer"})
    solution = commands.run(SUDOKU, "solve", p)["solution"]
    cage = max(p["cages"], key=lambda c: len(c["cells"]))
    (r0, c0), (r1, c1) = cage["cells"][:2]
    state = list(solution)
    state[r0 * 6 + c0], state[r1 * 6 + c1] = state[r1 * 6 + c1], state[r0 * 6 + c0]  # same sum, other places
    swapped = commands.run(SUDOKU, "check", {**p, "state": "".join(state)})
    assert not swapped["solved"]
    state = list(solution)
    state[r0 * 6 + c0] = state[r1 * 6 + c1]  # a repeat in the cage, and a wrong sum
    out = commands.run(SUDOKU, "check", {**p, "state": "".join(state)})
    rules_hit = {problem["rule"] for problem in out["problems"]}
    assert {"repeat", "sum"} <= rules_hit and not out["solved"]


# ----- the killer techniques on positions made by hand, checked against the full solver -----------------

def killer_geometry(cage_list: list[tuple[int, list[int]]]):
    """A 9x9 killer geometry with these cages (sum, cells)."""
    layout = (None, False, rules.check_cages(cage_list, 9), ())
    return grid.geometry(((3, 3), layout)), layout


def test_cage_combination_keeps_only_the_digits_of_the_sums() -> None:
    g, _ = killer_geometry([(3, [0, 1]), (17, [9, 10])])  # 3 = 1+2; 17 = 8+9
    step = killer.combination(g, [g.full] * 81, [0] * 81)
    assert step is not None and step.technique == "Cage combination"
    assert set(step.eliminate) == {(c, v) for c in (0, 1) for v in range(3, 10)}
    assert "1+2" in step.reason
    assert cages.combos(3, 10, 9) == tuple(sorted(bit(a) | bit(b) | bit(c) for a, b, c in
                                                  ((1, 2, 7), (1, 3, 6), (1, 4, 5), (2, 3, 5))))


def test_a_lone_cell_cage_is_its_sum() -> None:
    g, _ = killer_geometry([(6, [40])])
    step = killer.combination(g, [g.full] * 81, [0] * 81)
    assert step is not None and step.place == (40, 6)


def test_cage_and_house_and_rule_of_45_follow_from_the_rules() -> None:
    # Row 1: cages r1c1-r1c4 (sum 10 = 1+2+3+4) and r1c5-r1c8 (sum 26), and r1c9 in a cage with r2c9 (sum 12):
    # the innie r1c9 is 45 - 36 = 9.
    g, layout = killer_geometry([(10, [0, 1, 2, 3]), (26, [4, 5, 6, 7]), (12, [8, 17])])
    step = killer.rule_of_45(g, [g.full] * 81, [0] * 81)
    assert step is not None and step.place == (8, 9)
    assert "The innies of row 1 are r1c9 alone and add up to 9" in step.reason
    # Two innies r1c8+r1c9 add up to 45 - 10 - 21 = 14: 5+9 or 6+8 (the sentence's verb agrees with "innies").
    g, _ = killer_geometry([(10, [0, 1, 2, 3]), (21, [4, 5, 6])])
    step = killer.rule_of_45(g, [g.full] * 81, [0] * 81)
    said = "The innies of row 1 (r1c8/r1c9) add up to 14: with the candidates they have, only 6+8 or 5+9 make"
    assert step is not None and said in step.reason and step.reason.endswith("are not in them"), step.reason
    step = killer.combination(g, [g.full] * 81, [0] * 81)
    assert step is not None and "The cage at r1c1 (" in step.reason and ") adds up to 10: " in step.reason, step.reason
    # A cage r1c1+r1c2 of sum 3 holds 1 and 2, inside row 1: they leave the rest of row 1.
    g, layout2 = killer_geometry([(3, [0, 1])])
    step = killer.cage_and_house(g, [g.full] * 81, [0] * 81)
    assert step is not None and set(step.eliminate) == {(c, 1) for c in range(2, 9)} and "row 1" in step.reason
    for technique in (killer.combination, killer.cage_and_house, killer.rule_of_45):
        check_sound(technique)


def test_line_sums_keep_exactly_the_digits_of_some_sum() -> None:
    rng = random.Random(7)
    for _ in range(400):
        masks = tuple(rng.randint(1, 511) for _ in range(rng.randint(1, 4)))
        total = rng.randint(len(masks), 9 * len(masks))
        expect = [0] * len(masks)
        for pick in itertools.product(*[[v for v in range(1, 10) if m & bit(v)] for m in masks]):
            if sum(pick) == total:
                for i, v in enumerate(pick):
                    expect[i] |= bit(v)
        assert cages.sums(total, masks) == (tuple(expect) if all(expect) else (0,) * len(masks))


def test_innies_and_outies_of_lines_hold_in_the_solution() -> None:
    p = commands.run(SUDOKU, "generate", {"difficulty": 4, "seed": 2, "size": 9, "variant": "killer"})
    puzzle = puzzle_of(p)
    truth, g = solver.solve(puzzle), puzzle.geometry
    found = cages.line_sums(g.units, g.unit_kinds, g.cages, g.n)
    assert any("innies" in what for *_, what in found) and any("outies" in what for *_, what in found)
    for total, cells, _what in found:
        assert sum(truth[c] for c in cells) == total


def test_easing_and_hardening_a_killer_keep_its_one_solution() -> None:
    rng = random.Random(3)
    p = commands.run(SUDOKU, "generate", {"difficulty": 2, "seed": 4, "size": 9, "variant": "killer"})
    puzzle = puzzle_of(p)
    truth = solver.solve(puzzle)
    easier = generator.ease(puzzle, truth, rng)
    harder = generator.harden(puzzle, truth, rng)
    assert easier is not None and harder is not None
    assert len(easier.layout[2]) == len(puzzle.layout[2]) + 1 or sum(map(bool, easier.givens)) == sum(
        map(bool, puzzle.givens)) + 1
    assert len(harder.layout[2]) == len(puzzle.layout[2]) - 1
    for made in (easier, harder):
        assert solver.solutions(made, 2) == [truth]


def check_sound(finder) -> None:
    """Every step the finder makes on the ladder's path of a generated killer keeps the true digits."""
    p = commands.run(SUDOKU, "generate", {"difficulty": 3, "seed": 5, "size": 9, "variant": "killer"})
    puzzle = puzzle_of(p)
    truth = solver.solve(puzzle)
    seen = 0
    for _step, _, before in solve_path(puzzle).steps:
        values = [m.bit_length() if not m & (m - 1) else 0 for m in before]
        found = finder(puzzle.geometry, before, values)
        if found is None:
            continue
        seen += 1
        assert all(truth[c] != v for c, v in found.eliminate)
        assert found.place is None or truth[found.place[0]] == found.place[1]
    assert seen or finder is not killer.combination


# ----- walks: apply each hint and ask again until solved -------------------------------------------------

@pytest.mark.parametrize("variant, size, grade", [("killer", 9, 1), ("killer", 9, 3), ("killer", 6, 2),
                                                  ("jigsaw", 9, 2), ("x", 9, 3), ("killer-x", 9, 2),
                                                  ("jigsaw-x", 9, 1), ("thermo", 9, 3), ("arrow-kropki", 6, 2),
                                                  ("xv", 6, 3), ("antiking", 9, 2)])
def test_hints_walk_every_variant_to_the_end_without_guessing(variant: str, size: int, grade: int) -> None:
    p = commands.run(SUDOKU, "generate", {"difficulty": grade, "seed": 21, "size": size, "variant": variant})
    truth = commands.run(SUDOKU, "solve", p)["solution"]
    state, pencil, used = p["grid"], None, set()
    for _ in range(size * size * 4):
        obj = {**p, "state": state, **({"pencil": pencil} if pencil else {})}
        hint = commands.run(SUDOKU, "hint", obj)
        if hint["technique"] == "Solved":
            break
        assert hint["technique"] not in ("Trial and error", "Wrong entry", "Missing candidate"), hint["technique"]
        used.add(hint["technique"])
        move = hint["move"]
        if "place" in move:
            r, c, v = move["place"]
            assert truth[r * size + c] == rules.latin.symbol(v)
        for r, c, v in move.get("eliminate", []):
            assert truth[r * size + c] != rules.latin.symbol(v)
        out = commands.run(SUDOKU, "apply", {**obj, "moves": [hint["stages"]["move"]]})
        state, pencil = out["state"], out.get("pencil")
    assert state == truth
    if "killer" in variant:
        assert "Cage combination" in used


def test_a_house_split_into_cages_keeps_exactly_what_some_filling_of_it_uses() -> None:
    """`cages.shares` (whole cages in a house and its other cells share its digits) against every permutation of
    a 6-cell house: the digits each cell takes in some filling that meets every part's sum, no more, no less."""
    rng = random.Random(6)
    n = 6
    for _ in range(300):
        perm = rng.sample(range(1, n + 1), n)
        sizes = rng.choice([(2, 4), (3, 3), (2, 2, 2), (1, 2, 3), (4, 2)])
        totals, start = [], 0
        for size in sizes:
            totals.append(sum(perm[start:start + size]))
            start += size
        parts = tuple((size, cages.combos(size, total, n)) for size, total in zip(sizes, totals, strict=True))
        masks = tuple(rng.randrange(1 << n) | (1 << (v - 1)) if rng.random() < 0.8 else rng.randrange(1, 1 << n)
                      for v in perm)
        want = [0] * n
        for p in itertools.permutations(range(1, n + 1)):
            start, fits = 0, all(masks[i] >> (p[i] - 1) & 1 for i in range(n))
            for size, total in zip(sizes, totals, strict=True):
                fits = fits and sum(p[start:start + size]) == total
                start += size
            if fits:
                for i in range(n):
                    want[i] |= 1 << (p[i] - 1)
        assert cages.shares(parts, masks) == (tuple(want) if all(want) else (0,) * n), (sizes, totals, masks)


def test_sums_whose_digits_may_repeat_keep_exactly_the_digits_of_some_choice() -> None:
    """`cages.reach` against every choice of one candidate per cell."""
    rng = random.Random(7)
    for _ in range(300):
        masks = tuple(rng.randrange(1, 1 << 9) for _ in range(rng.randint(1, 4)))
        totals = rng.getrandbits(37)
        want, made = [0] * len(masks), 0
        for pick in itertools.product(*[[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks]):
            if totals >> sum(pick) & 1:
                made |= 1 << sum(pick)
                for i, v in enumerate(pick):
                    want[i] |= 1 << (v - 1)
        assert cages.reach(totals, masks) == (tuple(want), made)


def test_sums_over_runs_of_different_digits_keep_exactly_the_digits_of_some_choice() -> None:
    """`cages.reach_runs` (a little killer's diagonal box by box, an arrow's line) against every choice of one
    candidate per cell whose digits differ within each run (exact up to RUN_CELLS cells a run)."""
    rng = random.Random(8)
    for _ in range(300):
        size = rng.randint(1, cages.RUN_CELLS)
        cuts = sorted(rng.sample(range(1, size), rng.randint(0, size - 1))) if size > 1 else []
        runs = tuple(tuple(range(a, b)) for a, b in zip([0, *cuts], [*cuts, size], strict=True))
        masks = tuple(rng.randrange(1, 1 << 9) for _ in range(size))
        totals = rng.getrandbits(46)
        want, made = [0] * size, 0
        for pick in itertools.product(*[[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks]):
            if all(len({pick[i] for i in run}) == len(run) for run in runs) and totals >> sum(pick) & 1:
                made |= 1 << sum(pick)
                for i, v in enumerate(pick):
                    want[i] |= 1 << (v - 1)
        assert cages.reach_runs(totals, masks, runs, 9) == (tuple(want), made), (runs, masks)
