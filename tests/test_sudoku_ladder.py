"""Sudoku's technique ladder to the top: every technique checked against the full solver, hints walked to the end.

Hand-built positions pin exact deductions of the new chain and uniqueness techniques; real positions (the
ladder's own path on top95) check every technique the ladder meets never removes a true candidate and
never places a wrong digit; a walk over hard puzzles applies hint after hint and asserts no guess.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solvers import sudoku as S
from solvers.latin import bit, candidates
from solvers.logic import SCORES
from solvers.sudoku import play
from solvers.sudoku import techniques as L

BENCH = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
G9 = S.parse("." * 81).geometry
FULL = (1 << 9) - 1


def golden(name: str) -> list[tuple[str, str]]:
    """(puzzle, solution) pairs of a benchmark file, or skip when the shared folder is missing."""
    path = BENCH / f"{name}_solutions.txt"
    if not path.exists():
        pytest.skip(f"benchmark data missing: {path}")
    return [tuple(line.split()) for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def rc(r: int, c: int) -> int:
    """Cell index of 1-based row and column."""
    return (r - 1) * 9 + c - 1


def only(v: int, keep: set[int], lines: list[list[int]]) -> list[int]:
    """All candidates open, then value v kept only at `keep` within the given lines."""
    cands = [FULL] * 81
    for line in lines:
        for c in line:
            if c not in keep:
                cands[c] &= ~bit(v)
    return cands


def test_skyscraper_hand_checked() -> None:
    # 5 sits twice in column 1 (r1, r7) and column 3 (r2, r7): r7 is shared, so r1c1 or r2c3 is 5.
    col1, col3 = [rc(r, 1) for r in range(1, 10)], [rc(r, 3) for r in range(1, 10)]
    cands = only(5, {rc(1, 1), rc(7, 1), rc(2, 3), rc(7, 3)}, [col1, col3])
    step = L.rung("Skyscraper").find(G9, cands, [0] * 81)
    assert step.technique == "Skyscraper"
    # cells that see both r1c1 and r2c3: the rest of box 1 (outside columns 1 and 3)
    assert set(step.eliminate) == {(rc(1, 2), 5), (rc(2, 2), 5), (rc(3, 2), 5)} | {
        (c, 5) for c in (rc(1, 2), rc(1, 3), rc(2, 1), rc(2, 2)) if c not in (rc(1, 1), rc(2, 3)) and c not in col1
        and c not in col3}
    assert len(step.chain) == 4 and step.chain[0][2] is False and step.chain[-1][2] is True
    assert "loses 5" in step.reason or "lose 5" in step.reason


def test_remote_pair_is_one_step_with_all_its_eliminations_hand_checked() -> None:
    # r1c1 -> r1c5 (row 1) -> r5c5 (column 5) -> r5c9 (row 5) -> r9c9 (column 9) all hold only 2/8, so they
    # alternate: r1c1, r5c5, r9c9 hold one digit and r1c5, r5c9 the other. Cells seeing an opposite pair lose both.
    chain = [rc(1, 1), rc(1, 5), rc(5, 5), rc(5, 9), rc(9, 9)]
    cands = [FULL] * 81
    for c in chain:
        cands[c] = bit(2) | bit(8)
    step = L.rung("Remote pair").find(G9, cands, [0] * 81)
    assert step.technique == "Remote pair" and set(step.cells) == set(chain)
    colours = dict(step.colours)
    assert {colours[c] for c in chain[0::2]} == {colours[chain[0]]} != {colours[c] for c in chain[1::2]}
    sides = [{c for c in chain if colours[c] == k} for k in (0, 1)]
    seeing = {c for c in range(81) if c not in chain and all(any(p in G9.peers[c] for p in side) for side in sides)}
    assert set(step.eliminate) == {(c, v) for c in seeing for v in (2, 8)}  # the whole instance, in one step
    assert {rc(1, 9), rc(5, 1), rc(1, 2)} <= seeing and rc(9, 1) not in seeing  # r9c1 sees r1c1 and r9c9: alike
    assert "r1c1, r1c5, r5c5, r5c9 and r9c9 hold only 2 and 8" in step.reason
    # three linked cells are a wing's business, not a remote pair
    short = [FULL] * 81
    for c in chain[:3]:
        short[c] = bit(2) | bit(8)
    assert L.rung("Remote pair").find(G9, short, [0] * 81) is None


def test_unique_rectangle_type_1_and_bug_hand_checked() -> None:
    cands = [FULL] * 81
    for c in (rc(1, 1), rc(1, 4), rc(2, 1)):
        cands[c] = bit(3) | bit(7)
    cands[rc(2, 4)] = bit(3) | bit(7) | bit(9)  # two boxes: box 1 and box 2
    step = L.rung("Unique rectangle").find(G9, cands, [0] * 81)
    assert step.technique == "Unique rectangle type 1"
    assert set(step.eliminate) == {(rc(2, 4), 3), (rc(2, 4), 7)}


def test_unique_rectangle_type_3_hand_checked() -> None:
    # floor r1c1, r1c4 = 3/7; roof r2c1 = 3/5/7, r2c4 = 3/6/7: one roof cell holds 5 or 6, so the roof acts
    # as one cell of 5/6 and with r2c9 (5/6) makes a naked pair in row 2.
    cands = [FULL] * 81
    for c in (rc(1, 1), rc(1, 4)):
        cands[c] = bit(3) | bit(7)
    cands[rc(2, 1)] = bit(3) | bit(7) | bit(5)
    cands[rc(2, 4)] = bit(3) | bit(7) | bit(6)
    cands[rc(2, 9)] = bit(5) | bit(6)
    step = L.rung("Unique rectangle").find(G9, cands, [0] * 81)
    assert step.technique == "Unique rectangle type 3"
    assert set(step.eliminate) == {(rc(2, c), v) for c in (2, 3, 5, 6, 7, 8) for v in (5, 6)}
    assert "r2c9" in step.reason and "row 2" in step.reason


def test_death_blossom_found_on_top95_hand_checked() -> None:
    """On top95 #57's path (the first position with one, before an XY-chain) a death blossom: stem r2c5 (4/8),
    petal for 4 r8c5/r8c7 (1/4/8: its only 4 in r8c5, in column 5), petal for 8 r2c3/r7c3 (1/4/8: its only 8 in
    r2c3, in row 2). Whichever r2c5 takes, that petal loses it and is locked with a 1 (in r8c7 or r7c3), and r7c7
    and r7c8 see both (row 7, box 9): they lose 1. The solver's solution agrees."""
    from solvers.logic import als

    text, solution = golden("sudoku_top95")[57]
    truth = S.parse(solution).givens
    path = L.solve_path(S.parse(text))
    positions = [(cands, [m.bit_length() if not m & (m - 1) else 0 for m in cands]) for _, _, cands in path.steps]
    cands, values = next(p for p in positions if als.death_blossom(G9, *p))  # the path's index moves as rungs come
    step = als.death_blossom(G9, cands, values)
    assert step is not None and step.technique == "Death blossom" and step.cells[0] == rc(2, 5)
    assert cands[rc(2, 5)] == bit(4) | bit(8)
    assert set(step.eliminate) == {(rc(7, 7), 1), (rc(7, 8), 1)}
    assert set(step.cells) == {rc(2, 5), rc(8, 5), rc(8, 7), rc(2, 3), rc(7, 3)}
    every = list(als.death_blossom.every(G9, cands, values))
    assert every[0] == step and all(truth[c] != v for s in every for c, v in s.eliminate)


def test_als_xy_chain_found_on_top95_hand_checked() -> None:
    """top95 #85's path meets an ALS-XY-chain of four sets: r2c6 (1/7) -1- r1c4/r1c6 (1/7/9) -7- r1c1 (1/7) -1-
    r9c1/r9c5/r9c7/r9c9 (1/2/3/4/7). If r2c6 is not 7 it is 1, so row 1's pair is 7/9 without 1... link by link the
    row-9 set holds 7: r2c6 or row 9 holds 7, and r9c6 sees both (column 6, row 9). The solution agrees."""
    from solvers.logic import als

    text, solution = golden("sudoku_top95")[85]
    truth = S.parse(solution).givens
    path = L.solve_path(S.parse(text))
    step, _, cands = next(found for found in path.steps if found[0].technique == "ALS-XY-chain")
    values = [m.bit_length() if not m & (m - 1) else 0 for m in cands]
    assert step.eliminate == ((rc(9, 6), 7),) and truth[rc(9, 6)] != 7
    assert {rc(2, 6), rc(1, 4), rc(1, 6), rc(1, 1), rc(9, 1), rc(9, 5), rc(9, 7), rc(9, 9)} == set(step.cells)
    assert cands[rc(2, 6)] == cands[rc(1, 1)] == bit(1) | bit(7)
    again = list(als.als_chain.every(G9, cands, values))
    assert again[0] == step and all(truth[c] != v for s in again for c, v in s.eliminate)


def test_every_technique_met_on_top95_is_sound() -> None:
    """The ladder's path on a sample of top95: each step's finder, run again on the recorded position, never
    removes a true candidate nor places a wrong digit; and the path needs no guess."""
    pairs = golden("sudoku_top95")
    used: set[str] = set()
    for index in (0, 3, 4, 5, 6, 7, 9, 28, 39):
        puzzle, solution = pairs[index]
        truth = S.parse(solution).givens
        path = L.solve_path(S.parse(puzzle))
        assert path.solved, f"top95 #{index} needs a guess"
        for step, level, _ in path.steps:
            used.add(step.technique)
            assert all(truth[c] != v for c, v in step.eliminate), step.reason
            assert step.place is None or truth[step.place[0]] == step.place[1], step.reason
            assert step.reason and level == L.rung(_rung_of(step.technique)).level
            assert step.technique in SCORES
    assert {"AIC", "Forcing net"} <= used and len(used) >= 10


def _rung_of(name: str) -> str:
    """The rung a step's name belongs to."""
    from solvers.logic import ALSO

    return next(r.name for r in L.LADDER if name == r.name or name.startswith(r.name) or name in ALSO.get(r.name, ())
                or (r.name.startswith("Finned") and name.startswith("Sashimi") and name.endswith(r.name.split()[1]))
                or (r.name == "AIC" and name in ("AIC", "X-chain", "XY-chain"))
                or (r.name == "Grouped AIC" and name.startswith("Grouped")))


def walk(puzzle_text: str, solution_text: str, guesses: bool = False) -> list[str]:
    """Apply hints (with notes) to the end; the techniques used. Asserts every hint is true (and, unless
    `guesses`, that none is trial and error)."""
    puzzle = S.parse(puzzle_text)
    truth = S.parse(solution_text).givens
    values, n = list(puzzle.givens), puzzle.n
    notes = candidates(puzzle.geometry, values)
    used = []
    for _ in range(4 * n * n):
        state = play.State(tuple(values), tuple(0 if values[c] else notes[c] for c in range(n * n)))
        hint = play.next_step(puzzle, state, use_notes=True)
        if hint.technique == "Solved":
            return used
        used.append(hint.technique)
        assert guesses or hint.technique != "Trial and error"
        assert "score" in hint.extra and "removes" in hint.extra
        if "place" in hint.move:
            r, c, v = hint.move["place"]
            assert truth[r * n + c] == v, hint.reason
            values[r * n + c] = v
            for p in puzzle.geometry.peers[r * n + c]:
                notes[p] &= ~bit(v)
        else:
            for r, c, v in hint.move["eliminate"]:
                assert truth[r * n + c] != v, hint.reason
                notes[r * n + c] &= ~bit(v)
    raise AssertionError("the walk did not end")


def test_hint_walk_on_hard_puzzles_never_guesses_and_is_never_wrong() -> None:
    pairs = golden("sudoku_top95")
    used = []
    for index in (6, 28):
        used += walk(*pairs[index])
    assert "Forcing net" in used or "Forcing chain" in used
    # A cell forcing net once removed a value only one branch ruled out (regression: it must go in every branch).
    # The two puzzles of `hardest` that needed trial and error before nested forcing nets: logic to the end.
    for start in ("1....7.9..3..2...8..96..5", "..53.....8......2..7..1.5"):
        used = walk(*next(p for p in golden("sudoku_hardest") if p[0].startswith(start)))
        assert "Nested forcing net" in used


def test_hint_walk_on_a_banked_12x12_diabolical_never_guesses_and_is_never_wrong() -> None:
    """Big grids use the same ladder: a banked 12x12 Diabolical walked by hints, each checked against the search."""
    from solvers.sudoku import bank

    puzzle = min(bank.of_grade(12, 4), key=lambda e: (e.seed, e.added)).puzzle
    used = walk(S.format(puzzle), S.format(S.Puzzle(puzzle.box, S.solve(puzzle))))
    assert L.grade_of_path(L.solve_path(puzzle), 144) == 4 and len(set(used)) > 5


def test_a_nested_forcing_net_explains_each_inner_chain() -> None:
    puzzle = S.parse(next(p for p, _ in golden("sudoku_hardest") if p.startswith("..53.....8......2..7..1.5")))
    g = puzzle.geometry
    values, cands = list(puzzle.givens), candidates(g, list(puzzle.givens))
    step = None
    for _ in range(200):  # the ladder's steps up to the first nested net
        found = L.first_step(g, cands, values)
        assert found is not None
        step = found[0]
        if step.technique == "Nested forcing net":
            break
        for c, v in step.eliminate:
            cands[c] &= ~bit(v)
        if step.place is not None:
            c, v = step.place
            values[c], cands[c] = v, bit(v)
            for p in g.peers[c]:
                cands[p] &= ~bit(v)
    assert step is not None and step.technique == "Nested forcing net"
    (c, v), = step.eliminate
    assert step.lines[0].startswith(f"if {g.name(c)} is {v}:") and "is not" in step.lines[-1]
    inner = step.lines[1:-1]
    assert inner and all(line.startswith("then if ") and " so " in line for line in inner)


def test_forcing_hint_reads_as_implications() -> None:
    pairs = golden("sudoku_top95")
    path = L.solve_path(S.parse(pairs[6][0]))
    step = next(s for s, _, _ in path.steps if s.technique.startswith("Forcing"))
    assert step.reason.startswith(("If r", "R", "1", "2", "3", "4", "5", "6", "7", "8", "9"))
    assert step.lines


@pytest.mark.parametrize("size", [4, 6, 9])
def test_every_size_uses_the_same_ladder(size: int) -> None:
    from solvers.base import rng_for
    puzzle, got = S.generate(rng_for(5, "ladder", size), 2, size)
    path = L.solve_path(puzzle)
    assert path.solved and L.grade_of_path(path, size * size) == got


def test_practice_a_technique_and_grade_scores() -> None:
    from solvers import commands
    out = commands.run(S.FAMILY, "practice", {"technique": "Skyscraper", "seed": 1})
    path = L.solve_path(S.parse(out["grid"]))
    assert any(s.technique == "Skyscraper" for s, _, _ in path.steps)
    graded = commands.run(S.FAMILY, "grade", {"grid": out["grid"]})
    assert graded["difficulty"] == out["difficulty"] and graded["score"] == path.score
    assert graded["score"] == graded["singles"] * L.SINGLE_SCORE + sum(p["score"] for p in graded["path"])


def test_a_practice_puzzle_is_no_harder_than_its_technique() -> None:
    """An X-wing practice once came out Diabolical (a forcing net after the X-wing). Clues of the solution are
    added while the path keeps the X-wing and gets easier: its hardest step is now at the X-wing's own grade, and
    the grade line names that step."""
    from solvers import commands
    out = commands.run(S.FAMILY, "practice", {"technique": "X-wing", "seed": 0})
    graded = commands.run(S.FAMILY, "grade", {"grid": out["grid"]})
    assert "X-wing" in graded["techniques"] and graded["count"] == 1
    assert graded["hardest"] == L.GRADES[L.rung("X-wing").level]
    top = [p for p in graded["path"] if p["technique"] == graded["hardest_step"]]
    assert top and all(L.rung(p["technique"]).level <= L.rung("X-wing").level for p in graded["path"]
                       if p["technique"] in [r.name for r in L.LADDER])


def test_values_past_9_are_written_as_the_board_shows_them() -> None:
    """On 16x16 the singles and subsets name 10 and 11 as A and B, the symbols a player sees (never "10")."""
    from solvers import latin

    g = S.parse("." * 256).geometry
    values, cands = [0] * 256, [g.full] * 256
    cands[0] = bit(10)
    assert latin.find_naked_single(g, cands, values).reason.startswith("r1c1 can only be A:")
    cands = [g.full & ~bit(11) if c in g.units[g.unit_names.index("box 1")] and c else g.full for c in range(256)]
    assert latin.find_hidden_single(g, cands, values).reason == "In box 1, B fits only in r1c1"
    cands = [bit(10) | bit(11) if c < 2 else g.full for c in range(256)]
    assert "hold A/B between them" in latin.find_naked_subset(g, cands, values, 2).reason
    cands = [g.full if c < 2 else g.full & ~bit(10) & ~bit(11) for c in range(256)]
    assert "A/B fit only in r1c1, r1c2" in latin.find_hidden_subset(g, cands, values, 2).reason


def test_se_estimate_follows_the_hardest_step() -> None:
    """The grade's estimate on Sudoku Explainer's scale: SE's chain-length modifier, singles-only puzzles at 2.3,
    and a puzzle whose path needs a nested forcing net at SE's dynamic (+forcing chains) level."""
    from solvers import commands
    from solvers.logic.rating import length_bonus

    assert [length_bonus(k) for k in (4, 5, 6, 7, 8, 9, 12, 13)] == [0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4]
    easy = commands.run(S.FAMILY, "grade", {"grid": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28"
                                                    "....419..5....8..79"})
    assert easy["se"]["estimate"] == 2.3 and easy["se"]["how"]
    text = next(p for p, _ in golden("sudoku_hardest") if p.startswith("1....7.9..3..2...8..96..5"))
    hard = commands.run(S.FAMILY, "grade", {"grid": text})
    assert "Nested forcing net" in hard["techniques"]
    assert hard["se"]["technique"] == "Nested forcing net" and 9.9 <= hard["se"]["estimate"] <= 11.9


def test_every_classic_technique_has_a_place_on_the_se_scale_and_a_killer_has_no_estimate() -> None:
    """An unmapped technique would rate its puzzle 11.9; SE does not rate cage sums, so a killer's estimate is null."""
    from solvers import commands
    from solvers.logic import ALSO
    from solvers.logic.rating import SE

    cage_rungs = {"Cage combination", "Cage and house", "Rule of 45"}
    # a rung that names its steps more finely (ALSO: "Unique rectangle" -> its types) is rated by its steps' names
    unmapped = {name for name in SCORES if name not in SE and name not in cage_rungs and name not in ALSO}
    assert not unmapped, unmapped
    killer = commands.run(S.FAMILY, "generate", {"variant": "killer", "size": 6, "seed": "se-killer", "difficulty": 1})
    graded = commands.run(S.FAMILY, "grade", {k: v for k, v in killer.items() if k in ("grid", "box", "cages")})
    assert graded["count"] == 1 and graded["se"]["estimate"] is None and graded["se"]["technique"] is None
