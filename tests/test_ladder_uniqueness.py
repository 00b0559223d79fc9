"""The uniqueness rungs past unique rectangles 1-4 and BUG+1, and the nice loops: each on a real or made position,
every step checked against the puzzle's one solution (the full solver's).

Found positions are candidate grids the level-2 ladder reached on top1465 puzzles (written out, so that rungs added
later cannot move them); made ones are top95 #0's start candidates with a few cells' candidates set by hand to a
superset of the solution's values, which any player's notes could be.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from solvers import latin
from solvers import sudoku as S
from solvers.latin import bit
from solvers.logic import SCORES, LogicStep, chains, ladder, uniqueness
from solvers.logic.board import tables
from solvers.sudoku import techniques as T

BENCH = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
UNIQUE_RUNGS = {"Unique rectangle types 5 and 6", "Hidden rectangle", "Avoidable rectangle", "BUG+n"}


def golden(name: str, index: int) -> tuple[S.Puzzle, list[int]]:
    """A benchmark puzzle and its solution (by the solver), or skip when the shared folder is missing."""
    path = BENCH / f"{name}.txt"
    if not path.exists():
        pytest.skip(f"benchmark data missing: {path}")
    lines = [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    puzzle = S.parse(lines[index])
    return puzzle, list(S.solve(puzzle))


def grid(text: str) -> tuple[list[int], list[int]]:
    """(candidates, values) from 81 candidate sets such as '5 89 89 6 ...' (one digit: a placed value)."""
    cands = [sum(bit(int(d)) for d in word) for word in text.split()]
    assert len(cands) == 81
    return cands, [m.bit_length() if not m & (m - 1) else 0 for m in cands]


def made(puzzle: S.Puzzle, cells: dict[str, str]) -> tuple[list[int], list[int]]:
    """The puzzle's start candidates with the named cells ('r1c4': '239') set; a cell set to one value is placed and
    that value leaves its peers."""
    cands = T.start_cands(puzzle.givens, puzzle.shape)
    assert cands is not None
    g = puzzle.geometry
    for name, digits in cells.items():
        c = (int(name[1]) - 1) * 9 + int(name[3]) - 1
        cands[c] = sum(bit(int(d)) for d in digits)
    for name, digits in cells.items():
        if len(digits) == 1:
            for p in g.peers[(int(name[1]) - 1) * 9 + int(name[3]) - 1]:
                cands[p] &= ~bit(int(digits))
    return cands, [m.bit_length() if not m & (m - 1) else 0 for m in cands]


def sound(steps: Iterable[LogicStep], truth: list[int]) -> list[LogicStep]:
    """The steps, each asserted never to remove a true candidate nor place a wrong value, and to say why."""
    out = list(steps)
    for step in out:
        assert all(truth[c] != v for c, v in step.eliminate), step.reason
        assert step.place is None or truth[step.place[0]] == step.place[1], step.reason
        assert step.reason and step.cells and step.technique in SCORES and (step.eliminate or step.place)
    return out


def rc(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def test_unique_rectangle_type_6_found_on_top1465() -> None:
    """top1465 #37 on the level-2 path: r1c8, r1c9, r4c8, r4c9 on 2/7, r1c9 and r4c8 just 2/7, 2 only in the
    rectangle in rows 1 and 4: r1c8 or r4c9 being 2 makes both 2 and the rest 7, so both lose 2."""
    puzzle, truth = golden("sudoku_top1465", 37)
    cands, values = grid(
        "5 89 89 6 1 3 47 247 27 16 2 16 45 47 457 9 8 3 3 47 47 89 2 89 1 6 5 68 1 34568 458 9 45678 3578 27 278 289 "
        "4589 24589 3 47 14578 578 19 6 7 35689 35689 1258 56 12568 358 19 4 169 3679 13679 149 8 1469 2 5 179 4 5689 "
        "12589 7 56 12569 68 3 189 12689 56789 1256789 1259 3 12569 4678 47 1789")
    steps = sound(uniqueness.unique_rectangle_more.every(puzzle.geometry, cands, values), truth)
    six = [s for s in steps if s.technique == "Unique rectangle type 6"]
    assert six and set(six[0].eliminate) == {(rc(1, 8), 2), (rc(4, 9), 2)}
    assert set(six[0].cells) == {rc(1, 8), rc(1, 9), rc(4, 8), rc(4, 9)} and "row 1 and row 4" in six[0].reason


def test_unique_rectangle_type_5_made_on_top95() -> None:
    """top95 #0 with r1c6 and r6c4 set to 3/9 (both 9 in the solution), r1c4 and r6c6 to 2/3/9 (3 and 2): one of
    the two diagonal roof cells is 2, so r2c6 and r3c6 (box 2 and column 6) lose 2."""
    puzzle, truth = golden("sudoku_top95", 0)
    cands, values = made(puzzle, {"r1c4": "239", "r1c6": "39", "r6c4": "39", "r6c6": "239"})
    assert all(cands[c] >> (truth[c] - 1) & 1 for c in range(81))
    steps = sound(uniqueness.unique_rectangle_more.every(puzzle.geometry, cands, values), truth)
    five = [s for s in steps if s.technique == "Unique rectangle type 5"]
    assert five and set(five[0].eliminate) == {(rc(2, 6), 2), (rc(3, 6), 2)}


def test_hidden_rectangle_found_on_top1465() -> None:
    """top1465 #0: r4c2, r4c3, r7c2, r7c3 on 4/6, r7c2 just 4/6, 4 only in the rectangle in row 4 and column 3:
    r4c3 being 6 would force the deadly pattern, so r4c3 loses 6."""
    puzzle, truth = golden("sudoku_top1465", 0)
    cands, values = grid(
        "4 569 1268 5789 3 15789 25 2567 5679 1237 359 12 6 127 14579 8 2357 34579 23678 3569 268 45789 278 45789 2345 "
        "23567 1 1236 346 1246 378 5 13678 23 9 378 123 8 59 3479 17 13479 6 12357 357 136 7 59 2 168 13689 345 1358 "
        "3458 68 46 468 1 9 2 7 35 35 5 1 3 78 678 678 9 4 2 9 2 7 35 4 35 1 68 68")
    steps = sound(uniqueness.hidden_rectangle.every(puzzle.geometry, cands, values), truth)
    assert steps[0].technique == "Hidden rectangle" and steps[0].eliminate == ((rc(4, 3), 6),)


def test_avoidable_rectangle_type_1_found_on_top1465_needs_the_givens() -> None:
    """top1465 #753: r1c6 and r2c1 solved as 2, r2c6 as 1, none given: r1c1 being 1 would let 1 and 2 swap in all
    four cells, so r1c1 loses 1. Without the givens the rung cannot tell solved cells from givens: nothing."""
    puzzle, truth = golden("sudoku_top1465", 753)
    cands, values = grid(
        "17 1567 8 4 9 2 156 36 1356 2 3 9 5 6 1 7 8 4 14 1456 456 7 3 8 9 26 1256 1348 9 2345 68 2458 7 1268 236 "
        "12368 6 4578 2345 1 2458 345 28 9 2378 1378 178 23 9 28 36 4 5 123678 5 68 7 3 1 9 268 4 268 348 2 346 68 7 "
        "456 568 1 9 9 468 1 2 458 456 3 7 568")
    g = puzzle.geometry
    assert list(uniqueness.avoidable_rectangle.every(g, cands, values)) == []
    with uniqueness.givens(puzzle.givens):
        steps = sound(uniqueness.avoidable_rectangle.every(g, cands, values), truth)
    one = [s for s in steps if s.technique == "Avoidable rectangle type 1"]
    assert one and one[0].eliminate == ((rc(1, 1), 1),) and "none given" in one[0].reason


def test_avoidable_rectangle_type_2_made_on_top95() -> None:
    """top95 #0 with r1c2 solved as 1 and r1c8 as 2 (neither given), r3c2 set to 2/5 and r3c8 to 1/5: unless one of
    them is 5 they would be 2 and 1 and the four cells could swap, so row 3's other cells lose 5."""
    puzzle, truth = golden("sudoku_top95", 0)
    cands, values = made(puzzle, {"r1c2": "1", "r1c8": "2", "r3c2": "25", "r3c8": "15"})
    assert all(cands[c] >> (truth[c] - 1) & 1 for c in range(81))
    with uniqueness.givens(puzzle.givens):
        steps = sound(uniqueness.avoidable_rectangle.every(puzzle.geometry, cands, values), truth)
    two = [s for s in steps if s.technique == "Avoidable rectangle type 2"]
    assert two and {v for _, v in two[0].eliminate} == {5} and all(c // 9 == 2 for c, _ in two[0].eliminate)


def test_bug_plus_n_found_on_top1465() -> None:
    """top1465 #225: every open cell is bivalue but r3c1 (2/7/9), r3c2 (4/6/7/9) and r3c3 (2/6/9); without 9 in
    r3c1, 6 and 7 in r3c2 and 9 in r3c3 the grid is a BUG, so one of those is true, and r3c2 being 9 would rule
    out all four: r3c2 loses 9."""
    puzzle, truth = golden("sudoku_top1465", 225)
    cands, values = grid(
        "38 68 1 4 36 7 9 2 5 5 47 39 2 1 39 6 8 47 279 4679 269 8 69 5 47 1 3 4 5 8 6 39 39 1 7 2 79 1 69 57 2 48 3 "
        "56 48 23 67 23 57 48 1 48 56 9 6 3 4 1 5 2 78 9 78 89 89 5 3 7 6 2 4 1 1 2 7 9 48 48 5 3 6")
    steps = sound(uniqueness.bug_plus_n.every(puzzle.geometry, cands, values), truth)
    assert steps and steps[0].technique == "BUG+n" and steps[0].eliminate == ((rc(3, 2), 9),)
    assert set(steps[0].causes) == {(rc(3, 1), 9), (rc(3, 2), 6), (rc(3, 2), 7), (rc(3, 3), 9)}


def test_nice_loops_on_top95_start() -> None:
    """top95 #4 after its singles: every continuous and discontinuous nice loop (grouped or not) is sound; a
    continuous loop's chain closes on its first node, a discontinuous one starts off and ends on at the placed
    candidate (r9c2 not 1 → r9c1 is 1 → r8c2 is not 1 → r9c2 is 1); the hint's pick is sound too."""
    puzzle, truth = golden("sudoku_top95", 4)
    cands = T.start_cands(puzzle.givens, puzzle.shape)
    assert cands is not None
    values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
    g = puzzle.geometry
    kinds = set()
    for grouped in (False, True):
        find = chains.nice_loop(grouped, 6)
        steps = sound(find.every(g, cands, values), truth)
        for step in steps:
            kinds.add(step.technique)
            first, last = step.chain[0], step.chain[-1]
            assert first[:2] == last[:2] and first[2] is False
            if "discontinuous" in step.technique.lower():
                assert last[2] is True and step.place == (first[0][0], first[1])
            else:
                assert last[2] is False and len(step.chain) >= 5 and "loop closes" in step.reason
        best = find(g, cands, values)
        assert best is not None and sound([best], truth)
    assert {"Continuous nice loop", "Discontinuous nice loop", "Grouped continuous nice loop"} <= kinds
    dnl = next(s for s in chains.nice_loop(False, 6).every(g, cands, values) if s.place is not None)
    assert dnl.place == (rc(9, 2), 1) and [cells for cells, _, _ in dnl.chain] == [(rc(9, 2),), (rc(9, 1),),
                                                                                     (rc(8, 2),), (rc(9, 2),)]


def test_new_rungs_sit_in_the_ladder_by_score() -> None:
    names = [r.name for r in ladder()]
    for name in UNIQUE_RUNGS:
        assert name in names and next(r for r in ladder() if r.name == name).level == 2
        assert name not in [r.name for r in ladder(uniqueness=False)]
    assert names.index("Nice loop") < names.index("AIC") < names.index("Grouped nice loop") < names.index(
        "Grouped AIC")
    for step in ("Unique rectangle type 5", "Unique rectangle type 6", "Hidden rectangle", "Avoidable rectangle type 1",
                 "Avoidable rectangle type 2", "BUG+n"):
        assert SCORES[step] == 100
    assert SCORES["Continuous nice loop"] == SCORES["Discontinuous nice loop"] == 280


def test_rectangles_of_other_geometries() -> None:
    """Deadly-pattern frames: any two rows and columns without boxes; in Sudoku only those spanning two boxes."""
    assert len(uniqueness.frames(tables(latin.square(5)))) == 10 * 10
    nine = uniqueness.frames(tables(S.parse("." * 81).geometry))
    assert len(nine) == 3 * 3 * 3 * 9 * 2  # row pairs in one band x column pairs in different stacks, and across
    assert all(len({c // 27 * 3 + c % 9 // 3 for c in f}) == 2 for f in nine)


def test_new_rungs_sound_on_a_banked_12x12_path_and_left_out_of_its_ladder() -> None:
    """The new finders, run directly at every position of a banked 12x12 Diabolical's level-2 path, are sound; the
    ladder's rungs find nothing there (they run up to 9x9 only: the bank was graded without them)."""
    from solvers.logic import every_step
    from solvers.sudoku import bank

    puzzle = bank.of_grade(12, 4)[0].puzzle
    truth = list(S.solve(puzzle))
    path = T.solve_path(puzzle, max_level=2)
    g = puzzle.geometry
    finders = (uniqueness.unique_rectangle_more, uniqueness.hidden_rectangle, uniqueness.avoidable_rectangle,
               uniqueness.bug_plus_n)
    rungs = [r for r in T.LADDER if r.name in UNIQUE_RUNGS]
    assert len(rungs) == len(UNIQUE_RUNGS)
    with uniqueness.givens(puzzle.givens):
        for _, _, cands in path.steps:
            values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
            for find in finders:
                sound(every_step(find, g, cands, values), truth)
            assert all(next(iter(r.every(g, cands, values)), None) is None for r in rungs)
