"""The fish rungs past the basic fish (Franken and mutant, finned or not), kraken fish and templates.

Every step is checked against the puzzle's one solution (from the full solver): never a true candidate removed,
never a wrong digit placed. Positions come from the hint walks of top95 (where every earlier rung of the ladder
found nothing: asserted) and from seeded random candidates around a known solution (rich in every kind of fish),
on classic Sudoku, a jigsaw X and Skyscrapers' grid of rows and columns.
"""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from test_sudoku_ladder import golden

from solvers import commands
from solvers import skyscrapers as sky
from solvers import sudoku as S
from solvers.latin import Geometry, bit
from solvers.logic import SCORES, board
from solvers.logic import fish as F
from solvers.sudoku import techniques as L

NEW = [r for r in L.LADDER if isinstance(r.find, board.Finder) and r.find.every.__module__ == F.__name__]


def test_the_new_rungs_sit_at_level_3_by_score_before_forcing_chains() -> None:
    names = [r.name for r in NEW]
    assert names == ["Franken X-wing", "Franken swordfish", "Franken jellyfish", "Finned Franken X-wing",
                     "Finned Franken swordfish", "Finned Franken jellyfish", "Mutant X-wing", "Mutant swordfish",
                     "Mutant jellyfish", "Finned mutant X-wing", "Finned mutant swordfish",
                     "Finned mutant jellyfish", "Kraken fish", "Template"]
    order = [r.name for r in L.LADDER]
    assert all(r.level == 3 and order.index(r.name) < order.index("Forcing chain") for r in NEW)
    assert [r.score for r in NEW] == [300, 350, 370, 390, 410, 430, 450, 450, 450, 470, 470, 470, 500, 600]
    assert SCORES["Template set"] == SCORES["Template delete"] == 600


def decode(text: str) -> tuple[list[int], list[int]]:
    """(values, candidates) of 81 tokens: a cell's candidate digits, or '=d' for a placed d."""
    values, cands = [], []
    for token in text.split():
        digits = [int(d) for d in token.lstrip("=")]
        values.append(digits[0] if token.startswith("=") else 0)
        cands.append(sum(bit(d) for d in digits))
    return values, cands


def sound(g: Geometry, step, truth: list[int]) -> None:
    """A step never removes the solution's digit nor places another one."""
    assert all(truth[c] != v for c, v in step.eliminate), step.reason
    assert step.place is None or truth[step.place[0]] == step.place[1], step.reason
    assert step.eliminate or step.place is not None
    assert step.reason and step.cells and step.causes


# Positions of top95's hint walks (each hint applied, notes kept) where the hint is the rung's own step.
WALKS = {
    "Kraken fish": (6, "=6 4789 =2 14789 =5 479 1389 179 39 1789 578 15789 1789 169 =3 1689 =4 =2 13789 4789 13489 "
                       "14789 1469 =2 1689 15679 569 =4 =3 579 1579 =2 =8 169 1569 569 789 =1 56789 34579 349 45679 "
                       "=2 359 48 289 25689 5689 13459 1349 4569 =7 1359 48 =5 4689 134689 =2 =7 149 3469 69 369 "
                       "279 24679 4679 3459 349 459 4569 =8 =1 139 49 1349 =6 =8 1459 3459 =2 =7"),
    "Finned Franken jellyfish": (11, "3478 =6 3478 =5 238 =1 478 =9 24 =1 =2 78 46 =9 46 78 =5 =3 =9 35 3458 23 238 "
                                     "=7 1468 12468 1246 2356 =4 2359 =8 1236 239 16 =7 126 2367 39 2379 12349 1346 "
                                     "2349 =5 1246 =8 26 =8 =1 =7 246 =5 469 =3 2469 348 139 3489 13469 =5 3469 =2 "
                                     "1468 =7 23458 1359 234589 123469 =7 23469 134689 1468 14569 2345 =7 =6 12349 "
                                     "1234 =8 1349 14 1459"),
    "Finned Franken swordfish": (21, "19 136 =2 =4 =7 369 369 =5 =8 4789 34567 3467 235689 3568 35689 23679 1679 "
                                     "1367 789 3567 367 235689 3568 =1 23679 =4 367 147 13467 13467 57 =2 45 368 68 "
                                     "=9 =5 =2 =8 =1 =9 36 =4 67 367 47 36 =9 3678 3468 3468 =1 =2 =5 =2 1479 147 "
                                     "5689 14568 45689 689 =3 146 =3 149 14 689 1468 =7 =5 1689 =2 =6 =8 =5 39 134 "
                                     "=2 79 179 147"),
    "Template": (65, "=3 =4 =5 =6 =7 =1 =2 =9 =8 1689 1689 =7 =2 =5 349 1346 346 1346 169 =2 19 39 =8 349 =5 =7 "
                     "1346 1249 169 2348 =7 369 =5 148 346 13469 4569 =7 349 38 =1 3689 34 =2 34569 15689 15689 "
                     "1389 =4 369 =2 13678 356 1579 5789 =3 =6 589 =2 89 47 =1 457 1278 158 128 1358 =4 368 =9 356 "
                     "3567 1459 159 149 1359 369 =7 36 =8 =2"),
}


@pytest.mark.parametrize("name", sorted(WALKS))
def test_walk_positions_fire_only_past_every_earlier_rung(name: str) -> None:
    index, text = WALKS[name]
    puzzle_text, solution_text = golden("sudoku_top95")[index]
    puzzle = S.parse(puzzle_text)
    truth = list(S.solve(puzzle))
    assert truth == list(S.parse(solution_text).givens)
    g = puzzle.geometry
    values, cands = decode(text)
    assert all(truth[c] == values[c] or not values[c] for c in range(81))
    assert all(cands[c] & bit(truth[c]) for c in range(81))
    order = [r.name for r in L.LADDER]
    for earlier in L.LADDER[:order.index(name)]:
        assert earlier.find(g, cands, values) is None, earlier.name
    rung = L.rung(name)
    first = rung.find(g, cands, values)
    assert first is not None and first.technique.startswith(name)
    steps = list(rung.every(g, cands, values))
    assert first in steps
    for step in steps:
        sound(g, step, truth)
    if name == "Template":
        assert first.technique == "Template delete" and first.eliminate == ((45, 6),)  # r6c1 loses 6
        assert "10 ways" in first.reason
    if name == "Kraken fish":
        assert first.lines and all(line.startswith("if r") for line in first.lines)
        assert "fins" in first.reason and "So r" in first.reason


def made(seed: int, g: Geometry, values: list[int], truth: list[int], share: float = 0.25) -> list[int]:
    """Seeded random candidates: the solution's digit in every open cell, other digits at random (never one a
    placed peer holds)."""
    rng = random.Random(seed)
    cands = []
    for c in range(len(truth)):
        m = bit(truth[c])
        if not values[c]:
            for x in range(1, g.n + 1):
                if rng.random() < share and all(values[q] != x for q in g.peers[c]):
                    m |= bit(x)
        cands.append(m)
    return cands


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_positions_every_step_of_every_new_rung_is_sound(seed: int) -> None:
    """Every fish rung fires on seed 0's position (asserted), each step named after its rung."""
    puzzle_text, solution_text = golden("sudoku_top95")[seed]
    puzzle = S.parse(puzzle_text)
    g, values, truth = puzzle.geometry, list(puzzle.givens), list(S.solve(puzzle))
    cands = made(seed, g, values, truth)
    fired = set()
    for rung in NEW:
        steps = rung.every(g, cands, values)
        assert iter(steps) is steps  # lazy: a generator, not a list
        for k, step in enumerate(steps):
            sound(g, step, truth)
            assert step.technique == rung.name or (rung.name == "Template" and step.technique.startswith("Template "))
            fired.add(rung.name)
            if k >= 40:
                break
    if seed == 0:
        assert fired >= {r.name for r in NEW} - {"Kraken fish"}


def test_franken_and_mutant_fish_say_their_sets() -> None:
    puzzle_text, solution_text = golden("sudoku_top95")[0]
    puzzle = S.parse(puzzle_text)
    g, values, truth = puzzle.geometry, list(puzzle.givens), list(S.solve(puzzle))
    cands = made(0, g, values, truth)
    t = board.tables(g)
    step = L.rung("Franken swordfish").find(g, cands, values)
    assert "(the base sets)" in step.reason and "(the cover sets)" in step.reason and "box" in step.reason
    step = L.rung("Finned mutant X-wing").find(g, cands, values)
    assert "fin" in step.reason and ("row" in step.reason and "column" in step.reason)
    assert F.family(t, t.rows[:2], t.cols[:2]) == "basic"
    boxes = [u for u, k in enumerate(t.kinds) if k == "box"]
    assert F.family(t, [t.rows[0], boxes[4]], t.cols[:2]) == "franken"
    assert F.family(t, [t.rows[0], t.cols[3]], t.cols[:2]) == "mutant"


def test_templates_of_empty_grids_are_the_placements_of_one_digit() -> None:
    """An empty 9x9 grid has 46656 templates per digit; 6x6 (boxes 2 rows by 3 columns): counted by brute force."""
    g9 = S.parse("." * 81).geometry
    assert F.templates(g9, [g9.full] * 81, [0] * 81, 1) == (46656, (1 << 81) - 1, 0)
    g6 = S.parse("." * 36).geometry
    boxes = [u for u in g6.units if u not in g6.units[:12]]
    box_of = {c: k for k, unit in enumerate(boxes) for c in unit}
    count = sum(1 for p in permutations(range(6)) if len({box_of[r * 6 + p[r]] for r in range(6)}) == 6)
    assert F.templates(g6, [g6.full] * 36, [0] * 36, 4)[0] == count


def test_template_set_and_delete_on_a_made_position() -> None:
    puzzle_text, _ = golden("sudoku_top95")[0]
    puzzle = S.parse(puzzle_text)
    g, values, truth = puzzle.geometry, list(puzzle.givens), list(S.solve(puzzle))
    cands = made(0, g, values, truth)
    steps = list(L.rung("Template").every(g, cands, values))
    kinds = {s.technique for s in steps}
    assert kinds == {"Template set", "Template delete"}
    for step in steps:
        sound(g, step, truth)
        assert "ways" in step.reason or "way " in step.reason


def test_every_new_rung_works_on_a_jigsaw_x_and_on_skyscrapers_rows_and_columns() -> None:
    made_jigsaw = commands.run(S.FAMILY, "generate", {"difficulty": 2, "seed": 11, "size": 9, "variant": "jigsaw-x"})
    solution = commands.run(S.FAMILY, "solve", made_jigsaw)["solution"]
    puzzle = S.FAMILY.read(made_jigsaw)
    g = puzzle.geometry
    assert any(name.startswith("region") for name in g.unit_names)
    truth = [int(ch) for ch in solution]
    values = list(puzzle.givens)
    n = 6
    lay = sky.layout(n).g
    square = [(r + c) % n + 1 for r in range(n) for c in range(n)]
    for geometry, vals, sol in ((g, values, truth), (lay, [0] * (n * n), square)):
        for seed in (0, 1):
            cands = made(seed, geometry, vals, sol, 0.3)
            fired = set()
            for rung in NEW:
                for k, step in enumerate(rung.every(geometry, cands, vals)):
                    sound(geometry, step, sol)
                    fired.add(rung.name)
                    if k >= 20:
                        break
            assert "Template" in fired
            if geometry is lay:
                assert not fired & {"Franken X-wing", "Franken swordfish", "Finned Franken X-wing"}  # no boxes
