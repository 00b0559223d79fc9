"""Sliding puzzle beyond 4x4: the 5x5 pattern databases, the beam, rows and columns by carries, hints and answers.

Every solution is replayed to the goal by the checker below (written apart from the solvers); lower bounds are
checked against Korf and Felner's known optima. The beams are the page's own widths (bench/sliding.py times them).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solvers import commands, pattern_db, pattern_db_build, sliding_plan
from solvers import sliding as sl
from solvers.base import PuzzleError
from solvers.budget import Budget
from solvers.rules import sliding as rules

ROOT = Path(__file__).resolve().parents[1]
KORF_FELNER = ROOT.parent / "shared" / "benchmarks" / "twentyfour_korf50.txt"


def reaches_goal(width: int, height: int, tiles: tuple[int, ...] | list[int], moves: list[int]) -> bool:
    """Replay tile moves by (row, column) adjacency; True when every move is legal and the tiles end in order."""
    where = {t: divmod(i, width) for i, t in enumerate(tiles)}
    for t in moves:
        (br, bc), (tr, tc) = where[0], where[t]
        if abs(br - tr) + abs(bc - tc) != 1:
            return False
        where[0], where[t] = (tr, tc), (br, bc)
    return all(where[t] == divmod(t - 1, width) for t in range(1, width * height))


def korf_felner() -> list[tuple[int, tuple[int, ...]]]:
    """(optimal length, tiles with the blank last) of Korf and Felner's 50 24-puzzles (the file's goal has the blank
    first: rotated 180 degrees, t -> 25 - t)."""
    rows = []
    for line in KORF_FELNER.read_text().splitlines():
        if line and not line.startswith("#"):
            _, opt, *cells = (int(x) for x in line.split())
            rows.append((opt, tuple(25 - t if t else 0 for t in reversed(cells))))
    return rows


@pytest.fixture(scope="module")
def tables() -> Path:
    """Every size's tables, built once into the build's .cache (as build.py does) and read from there."""
    pytest.importorskip("numpy")
    directory, _ = pattern_db_build.built(ROOT / ".cache")
    sl.FAMILY.use_data(str(directory))
    yield directory
    pattern_db.use_directory(None)


@pytest.fixture
def narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh plans: no plan remembered from another test."""
    monkeypatch.setattr(sl.play, "_known_plans", {})


def call(command: str, obj: dict) -> dict:
    """One answer of the family's command table."""
    return commands.run(sl.FAMILY, command, obj)


def test_lower_bounds_never_exceed_the_known_optima(tables: Path) -> None:
    rows = korf_felner()
    assert len(rows) == 50
    for opt, tiles in rows:
        p = sl.Puzzle(5, 5, tiles)
        low = sl.lower_bound(p)
        assert low <= opt and (opt - low) % 2 == 0 and low >= sl.linear_conflict(5, tiles)


def test_5x5_tables_add_up_and_reflect(tables: Path) -> None:
    db = pattern_db.database(5, 5)
    assert db is not None and db.reflects and [len(p) for p in db.patterns] == [5, 5, 5, 5, 4]
    assert db.extra(list(sl.goal(5, 5))) == 0
    rnd = random.Random(5)
    for _ in range(8):  # admissible against the exact search; a move changes it by an odd amount (parity)
        p = sl.random_walk(5, 5, rnd.randint(5, 30), rnd)
        h = sl.lower_bound(p)
        assert h <= len(sl.solve_optimal(p))
        for t in sl.movable(p):
            assert abs(sl.lower_bound(sl.apply(p, t)) - h) % 2 == 1


def test_plans_on_korf_felner_reach_the_goal_within_their_bounds(tables: Path, narrow: None) -> None:
    for opt, tiles in korf_felner()[:3]:
        p = sl.Puzzle(5, 5, tiles)
        sol = sl.near_optimal(p)
        assert reaches_goal(5, 5, tiles, sol.moves) and not sol.optimal
        assert sol.lower_bound <= opt <= len(sol.moves) < 2 * opt
        assert sl.quick_moves(p) is None  # the plan is remembered: the full hint is immediate


def test_close_5x5_positions_are_solved_optimally(tables: Path, narrow: None) -> None:
    rnd = random.Random(3)
    for steps in (6, 14, 22):
        p = sl.random_walk(5, 5, steps, rnd)
        answer = call("solve", {**sl.FAMILY.write(p), "optimal": True})
        assert answer["optimal"] and answer["lower_bound"] <= answer["length"] <= steps
        assert reaches_goal(5, 5, p.tiles, answer["moves"])
        assert len(sl.solve_optimal(p)) == answer["length"]  # the 5x5 tables' IDA*, to the end


@pytest.mark.parametrize("size", [(6, 6), (8, 8), (10, 10), (7, 4), (4, 7), (2, 8), (9, 2), (3, 10), (6, 5),
                                  (8, 3), (6, 8)])
def test_larger_boards_reach_the_goal_in_fewer_moves_than_parberry(tables: Path, narrow: None,
                                                                   size: tuple[int, int]) -> None:
    w, h = size
    p = sl.random_solvable(w, h, random.Random(f"plan-{w}x{h}"))
    answer = call("solve", {**sl.FAMILY.write(p), "optimal": True})
    assert set(answer) == {"moves", "length", "optimal", "lower_bound"}
    assert reaches_goal(w, h, p.tiles, answer["moves"]) and answer["length"] == len(answer["moves"])
    assert answer["lower_bound"] <= answer["length"] < len(sl.parberry(p)[0])


def test_hints_follow_one_plan_to_the_goal(tables: Path, narrow: None) -> None:
    p = sl.random_solvable(6, 6, random.Random(9))
    quick = call("hint", {**sl.FAMILY.write(p), "quick": True})
    assert quick["provisional"] and quick["lower_bound"] <= quick["distance_before"]
    state, n = list(p.tiles), None
    while True:
        h = call("hint", {**sl.FAMILY.write(p), "state": state, "prefer": quick["move"]})
        if h["technique"] == "Solved":
            break
        assert n is None or h["distance_before"] == n  # the plan's length drops by one a move
        assert h["lower_bound"] <= h["distance_before"]
        n = h["distance_after"]
        state = list(sl.apply(sl.Puzzle(6, 6, tuple(state)), h["move"]).tiles)
    assert n == 0


def test_a_proven_shortest_plan_stays_proven_when_asked_again(tables: Path, narrow: None) -> None:
    """A 5x5 close to solved is solved exactly; asking again (the page's Hint after its distance, or a quick hint)
    answers from the remembered plan, still exact, and only then is it worded as a distance."""
    p = sl.Puzzle(5, 5, tuple(rules.scramble(5, 5, 0, 1)))  # the page's Easy 5x5 of seed 1
    obj = sl.FAMILY.write(p)
    first = call("hint", obj)
    assert first["technique"] == "Optimal move" and first["exact"]
    for again in (call("hint", obj), call("hint", {**obj, "quick": True}), call("solve", obj)):
        assert again.get("exact", again.get("optimal")) is True, again
        assert again.get("distance_before", again.get("length")) == first["distance_before"]
    after = call("hint", {**obj, "state": list(sl.apply(p, first["move"]).tiles)})
    assert after["exact"] and after["distance_before"] == first["distance_after"]
    sl.forget_plans()
    far = call("hint", sl.FAMILY.write(sl.random_solvable(5, 5, random.Random(3))))
    assert not far["exact"] and far["lower_bound"] < far["distance_before"]  # a plan: never worded as exact


def test_without_5x5_tables_a_5x5_is_reduced_to_the_4x4_or_smaller(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                                   narrow: None) -> None:
    monkeypatch.delenv("TESSERA_DATA", raising=False)
    monkeypatch.setattr(pattern_db, "_directory", tmp_path)
    monkeypatch.setattr(pattern_db, "_loaded", {})
    p = sl.random_solvable(5, 5, random.Random(2))
    sol = sl.near_optimal(p)
    assert reaches_goal(5, 5, p.tiles, sol.moves) and sol.lower_bound == sl.linear_conflict(5, p.tiles)


def test_a_spent_budget_is_a_timeout_not_a_traceback(tables: Path, narrow: None) -> None:
    p = sl.random_solvable(5, 5, random.Random(4))
    answer = next(commands.answer("sliding", "solve", {**sl.FAMILY.write(p), "limit": {"nodes": 50}}))
    assert answer["kind"] == "timeout"
    with pytest.raises(PuzzleError, match="cannot be solved"):
        call("solve", {"width": 5, "height": 5, "tiles": [2, 1, *range(3, 25), 0]})


def test_the_worker_fetches_only_the_tables_a_size_needs() -> None:
    four = sl.FAMILY.data_files("hint", {"width": 4, "height": 4, "tiles": list(range(16))})
    five = sl.FAMILY.data_files("solve", {"tiles": list(range(25))})
    big = sl.FAMILY.data_files("hint", {"width": 10, "height": 7, "tiles": list(range(70))})
    assert four and not any("5x5" in f for f in four)
    assert "sliding-5x5.json" in five and set(five) == set(big)
    assert sl.FAMILY.data_files("check", {"width": 5, "height": 5}) == ()
    assert sl.FAMILY.data_files("generate", {"size": 3}) == tuple(pattern_db.file_names(3, 3))


def test_the_beam_back_from_the_goal_and_the_capped_beam(tables: Path) -> None:
    db = pattern_db.database(5, 5)
    assert db is not None
    rnd = random.Random(11)
    for steps in (30, 61):  # the blank anywhere: it walks to its corner first
        p = sl.random_walk(5, 5, steps, rnd)
        back = sliding_plan.beam_back(p.tiles, db, 60, Budget())
        assert reaches_goal(5, 5, p.tiles, back)
        ahead = sliding_plan.beam(p.tiles, db, 60, Budget(), len(back))
        assert ahead is None or (reaches_goal(5, 5, p.tiles, ahead) and len(ahead) < len(back))
        assert sliding_plan.beam(p.tiles, db, 60, Budget(), sl.lower_bound(p)) is None  # nothing beats the bound


@pytest.mark.parametrize("size", [(8, 8), (7, 5), (5, 9)])
def test_line_sweeps_keep_finished_cells(size: tuple[int, int]) -> None:
    w, h = size

    def down_to_four(bw: int, bh: int) -> bool:
        return bw <= 4 and bh <= 4

    for seed in range(2):
        p = sl.random_solvable(w, h, random.Random(f"sweep-{w}x{h}-{seed}"))
        moves, top, left = sliding_plan.reduce(w, h, p.tiles, down_to_four, Budget(), (12, 0))
        rest = sl.replay(p, moves).tiles
        assert top + left == (w - 4) + (h - 4)
        assert all(rest[r * w + c] == r * w + c + 1 for r in range(h) for c in range(w) if r < top or c < left)


def test_line_sweeps_take_tile_numbers_past_255() -> None:
    """A board of more than 256 cells (tiles past one byte) is reduced by the same beams and carries."""
    w, h = 17, 16
    p = sl.random_walk(w, h, 80, random.Random(4))
    moves, top, left = sliding_plan.reduce(w, h, p.tiles, lambda bw, bh: bw <= 4 and bh <= 4, Budget(), (12, 0))
    rest = sl.replay(p, moves).tiles
    assert top + left == (w - 4) + (h - 4) and max(p.tiles) > 255
    assert all(rest[r * w + c] == r * w + c + 1 for r in range(h) for c in range(w) if r < top or c < left)


@pytest.mark.parametrize("size", [(8, 8), (9, 6)])
def test_a_lines_last_two_take_the_shortest_of_their_ways(monkeypatch: pytest.MonkeyPatch,
                                                          size: tuple[int, int]) -> None:
    w, h = size
    row, column = list(range(w)), [r * w for r in range(h)]
    row_end = [r * w + c for r in range(3) for c in range(w - 3, w)]
    column_end = [r * w + c for r in range(h - 3, h) for c in range(3)]
    for seed in range(3):
        p = sl.random_solvable(w, h, random.Random(f"pair-{w}x{h}-{seed}"))
        lengths = []
        for tries in (0, 2):  # more ways tried: never more moves
            monkeypatch.setattr(sliding_plan, "PAIR_TRIES", tries)
            board = sliding_plan._Board(w, h, p.tiles, Budget())
            assert board.line(row, row_end)
            lengths.append(len(board.moves))  # the row's: the way after it then starts elsewhere
            assert board.line(column[1:], column_end)
            rest = sl.replay(p, board.moves).tiles  # each move legal (replay checks)
            assert all(rest[c] == c + 1 for c in row + column)
            assert all(board.done[c] for c in row + column)
        assert lengths[1] <= lengths[0]


@pytest.mark.parametrize("size", [(8, 8), (7, 5)])
def test_a_carry_brings_its_tile_and_leaves_finished_cells(size: tuple[int, int]) -> None:
    w, h = size
    for seed in range(3):
        p = sl.random_solvable(w, h, random.Random(f"carry-{w}x{h}-{seed}"))
        board = sliding_plan._Board(w, h, p.tiles, Budget())
        assert board.line(list(range(w)), [r * w + c for r in range(3) for c in range(w - 3, w)])
        before = list(board.tiles)
        assert board.carry(w + 1, w)  # the next row's first tile home, the finished row untouched
        after = sl.replay(p, board.moves).tiles  # each move legal (replay checks)
        assert list(after) == board.tiles and after[w] == w + 1 and after[:w] == tuple(before[:w])


def test_cell_distances_are_manhattan() -> None:
    far = sliding_plan._distances(5, 3)
    assert far[0][14] == 6 and far[7][7] == 0 and far[2][11] == far[11][2] == 3
