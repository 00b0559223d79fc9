"""Sliding puzzle: solvability, optimal solvers, pattern databases, Parberry, the typed contract, hints, lab, CLI."""

from __future__ import annotations

import functools
import itertools
import json
import os
import random
import subprocess
import sys
from collections import deque
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers import budget, commands, move_pruning, pattern_db, pattern_db_build
from solvers import sliding as sl
from solvers.base import Hint, Params, Problem, PuzzleError
from solvers.rules import sliding as rules
from solvers.search import Budget, astar, bfs, greedy, ida_star, iddfs, run

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT.parent / "shared" / "benchmarks"
FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- independent checkers


def neighbours(w: int, h: int, cell: int) -> list[int]:
    """Adjacent cells, written independently of the solver."""
    r, c = divmod(cell, w)
    return [rr * w + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < h and 0 <= cc < w]


def play(w: int, h: int, tiles: list[int] | tuple[int, ...], moves: list[int]) -> tuple[int, ...]:
    """Replay tile moves, asserting each is legal; the final board."""
    board = list(tiles)
    for t in moves:
        blank, cell = board.index(0), board.index(t)
        assert cell in neighbours(w, h, blank), f"illegal move {t}"
        board[blank], board[cell] = t, 0
    return tuple(board)


def solved(w: int, h: int) -> tuple[int, ...]:
    """The goal: 1..N-1 then the blank."""
    return (*range(1, w * h), 0)


def bfs_distances(w: int, h: int) -> dict[tuple[int, ...], int]:
    """Distance from the goal of every reachable position (exhaustive BFS)."""
    start = solved(w, h)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        b = s.index(0)
        for c in neighbours(w, h, b):
            n = list(s)
            n[b], n[c] = n[c], 0
            t = tuple(n)
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


@functools.cache
def distances(w: int, h: int) -> dict[tuple[int, ...], int]:
    """Cached exhaustive distances for a small size."""
    return bfs_distances(w, h)


def make_solvable(w: int, h: int, tiles: list[int]) -> list[int]:
    """Swap two tiles when the position is unsolvable (the rule is tested separately)."""
    if not sl.is_solvable(sl.Puzzle(w, h, tuple(tiles))):
        a, b = [i for i, t in enumerate(tiles) if t][:2]
        tiles[a], tiles[b] = tiles[b], tiles[a]
    return tiles


def korf_blank_last(tiles: list[int]) -> list[int]:
    """Korf's blank-first goal to ours: rotate 180 degrees and relabel t -> 16 - t (file header)."""
    out = [0] * 16
    for p, t in enumerate(tiles):
        out[15 - p] = 16 - t if t else 0
    return out


@pytest.fixture(scope="module")
def eight() -> dict[tuple[int, ...], int]:
    """Exact distances of all 181,440 solvable 3x3 positions."""
    return distances(3, 3)


@pytest.fixture(scope="session")
def tables() -> Path:
    """The pattern database files, built once by the host-side builder into the build's .cache (as build.py does)."""
    pytest.importorskip("numpy")
    directory, _ = pattern_db_build.built(ROOT / ".cache")
    return directory


@pytest.fixture
def db(tables: Path) -> pattern_db.PatternDatabase:
    """The 4x4 pattern databases, read from the built files for one test (the reader is pointed back after)."""
    sl.FAMILY.use_data(str(tables))
    found = pattern_db.database(4, 4)
    assert found is not None
    yield found
    pattern_db.use_directory(None)


def call(command: str, obj: dict) -> dict:
    """One answer of the family's command table (what the CLI and the worker print)."""
    return commands.run(sl.FAMILY, command, obj)


def gen(grade: int, seed: int | str, size: int) -> dict:
    """The generate command's answer for a 0-based grade."""
    return call("generate", {"difficulty": grade + 1, "seed": seed, "size": size})


def trace(obj: dict, method: str | None = None) -> list[dict]:
    """A trace's events through the command table."""
    return list(commands.run(sl.FAMILY, "trace", {**obj, "method": method} if method else obj))


# ---------------------------------------------------------------- model and bad input


@pytest.mark.parametrize(("obj", "words"), [
    ({"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 8]}, "needs 9 tiles"),
    ({"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 7, 0]}, "tile 7 appears twice"),
    ({"width": 3, "height": 3, "tiles": [1, 2, 7, 4, 5, 6, 7, 7, 0]}, "tile 7 appears 3 times"),
    ({"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 9, 0]}, "out of range"),
    ({"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 8, -1]}, "out of range"),
    ({"width": 1, "height": 3, "tiles": [1, 2, 0]}, "between 2 and 100"),
    ({"width": 101, "height": 2, "tiles": list(range(202))}, "between 2 and 100"),
    ({"width": "3", "height": 3, "tiles": list(range(9))}, "whole number"),
    ({"width": 2, "height": 2, "tiles": [1, 2, "x", 0]}, "whole numbers"),
    ({"width": 2, "height": 2}, "missing 'tiles'"),
])
def test_bad_input_is_explained(obj: dict, words: str) -> None:
    with pytest.raises(PuzzleError, match=words) as info:
        call("solve", obj)
    assert info.value.kind == "invalid"


def test_unsolvable_position_explains_parity() -> None:
    with pytest.raises(PuzzleError) as info:
        call("solve", {"width": 4, "height": 4, "tiles": [*range(1, 14), 15, 14, 0]})
    assert info.value.kind == "no-solution"
    text = str(info.value)
    assert "cannot be solved" in text and "inversions" in text and "1 + 1 = 2" in text


@given(st.integers(2, 6), st.integers(2, 6), st.randoms(use_true_random=False))
@FAST
def test_parse_format_round_trip(w: int, h: int, rnd: random.Random) -> None:
    tiles = list(range(w * h))
    rnd.shuffle(tiles)
    p = sl.validate(w, h, tiles)
    assert sl.parse(sl.format(p)) == p
    with pytest.raises(PuzzleError):
        sl.parse("3x3:1,2,3")


@given(st.lists(st.integers(0, 40), unique=True, max_size=30))
@FAST
def test_inversions_match_pair_count(tiles: list[int]) -> None:
    naive = sum(1 for a, b in itertools.combinations([t for t in tiles if t], 2) if a > b)
    assert sl.inversions(tiles) == naive


# ---------------------------------------------------------------- solvability rule vs exhaustive search


@pytest.mark.parametrize(("w", "h"), [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2)])
def test_parity_rule_matches_exhaustive_bfs(w: int, h: int) -> None:
    reachable = bfs_distances(w, h)
    count = 0
    for perm in itertools.permutations(range(w * h)):
        assert sl.is_solvable(sl.Puzzle(w, h, perm)) == (perm in reachable)
        count += 1
    assert len(reachable) * 2 == count  # exactly half, as the study proves


def test_parity_rule_matches_bfs_on_3x3(eight: dict[tuple[int, ...], int]) -> None:
    assert len(eight) == 181440 and max(eight.values()) == 31
    for s in random.Random(0).sample(sorted(eight), 20000):
        assert sl.is_solvable(sl.Puzzle(3, 3, s))
        # swapping two tiles maps the reachable half onto the other half: all must be unsolvable
        t = list(s)
        a, b = [i for i, x in enumerate(t) if x][:2]
        t[a], t[b] = t[b], t[a]
        assert not sl.is_solvable(sl.Puzzle(3, 3, tuple(t)))


# ---------------------------------------------------------------- optimal solvers


def small_examples() -> list[tuple[str, int, int, list[int]]]:
    """Rows of sliding_small_examples.txt (goal = blank last)."""
    path = BENCH / "sliding_small_examples.txt"
    if not path.exists():
        pytest.skip(f"benchmark data missing: {path}")
    rows = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            name, n, opt, *tiles = line.split()
            rows.append((name, int(n), int(opt), [int(t) for t in tiles]))
    return rows


def test_small_examples_optimal_lengths(db: pattern_db.PatternDatabase) -> None:
    for name, n, opt, tiles in small_examples():
        out = call("solve", {"width": n, "height": n, "tiles": tiles, "optimal": True})
        assert play(n, n, tiles, out["moves"]) == solved(n, n), name
        if n <= 4:
            assert out["optimal"] and out["length"] == opt, name
        else:  # the 5x5 plan: shortest when close to solved (nit24_easy), never shorter than the known optimum
            assert (out["length"] == opt) if out["optimal"] else (out["length"] >= opt), name
            assert out["lower_bound"] <= opt, name


def test_korf_subset_optimal_lengths(db: pattern_db.PatternDatabase) -> None:
    rows = korf_rows()
    assert len(rows) == 100
    for ident, opt, *tiles in sorted(rows, key=lambda r: r[1])[:8]:
        board = korf_blank_last(tiles)
        moves = sl.solve_optimal(sl.validate(4, 4, board))
        assert len(moves) == opt, f"Korf #{ident}"
        assert play(4, 4, board, moves) == solved(4, 4)


def korf_rows() -> list[list[int]]:
    """Korf's 100 as [id, optimal length, tiles...] (skips the test when the data is missing)."""
    path = BENCH / "fifteen_korf100.txt"
    if not path.exists():
        pytest.skip(f"benchmark data missing: {path}")
    return [[int(x) for x in line.split()] for line in path.read_text().splitlines() if line and line[0] != "#"]


def test_quick_hint_is_a_good_move_within_its_node_budget(db: pattern_db.PatternDatabase,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sl.play, "_known_paths", {})
    for ident, opt, *tiles in korf_rows()[:12]:
        p = sl.validate(4, 4, korf_blank_last(tiles))
        with budget.running(Budget()) as spent:
            moves = sl.quick_moves(p)
        assert moves is not None and play(4, 4, p.tiles, moves) == solved(4, 4), f"Korf #{ident}"
        assert opt <= len(moves) <= 2 * opt  # weight 2 at most: never longer than twice the shortest
        assert spent.nodes <= len(sl.QUICK_WEIGHTS) * (sl.QUICK_NODES + 1024)
        h = call("hint", {**sl.FAMILY.write(p), "quick": True})
        assert h["provisional"] and not h["exact"] and h["technique"] == "Good move"
        assert h["move"] == moves[0] and h["distance_before"] == len(moves) and "quick search" in h["reason"]
    small = sl.random_walk(3, 3, 30, random.Random(2))
    assert sl.quick_moves(small) is None  # the shortest is quick to find anyway
    assert "provisional" not in call("hint", {**sl.FAMILY.write(small), "quick": True})
    ident, opt, *tiles = sorted(korf_rows(), key=lambda r: r[1])[0]
    p = sl.validate(4, 4, korf_blank_last(tiles))
    exact = call("hint", sl.FAMILY.write(p))
    assert exact["exact"] and exact["distance_before"] == opt
    assert sl.quick_moves(p) is None  # its path is known now: the exact hint is immediate
    assert call("hint", {**sl.FAMILY.write(p), "quick": True}) == exact


def test_hint_keeps_a_preferred_move_only_when_it_is_also_shortest(db: pattern_db.PatternDatabase) -> None:
    rnd, seen = random.Random(8), {"both": 0, "worse": 0}
    while min(seen.values()) == 0:
        p = sl.random_walk(4, 4, 40, rnd)
        n = len(sl.LinearConflictIda(p).solve())  # an independent exact solver
        shortest = {t for t in sl.movable(p) if len(sl.LinearConflictIda(sl.apply(p, t)).solve()) == n - 1}
        plain = call("hint", sl.FAMILY.write(p))
        assert plain["move"] in shortest and plain["distance_before"] == n
        for t in sl.movable(p):
            h = call("hint", {**sl.FAMILY.write(p), "prefer": str(t)})
            assert h["move"] == (t if t in shortest else plain["move"]) and h["distance_before"] == n
            seen["both" if t in shortest and t != plain["move"] else "worse" if t not in shortest else "same"] = 1


def test_the_exact_search_tries_a_first_tile_before_the_others(db: pattern_db.PatternDatabase) -> None:
    swapped = 0  # tiles that start a shortest solution other than the one found without `first`
    for seed in (4, 5, 13, 18):  # seeds 5, 13 and 18 have more than one shortest first move
        p = sl.random_walk(4, 4, 40, random.Random(seed))
        n = len(sl.LinearConflictIda(p).solve())  # an independent exact solver
        plain = sl.solve_optimal(p)
        for t in sl.movable(p):
            path = sl.solve_optimal(p, first=t)
            assert len(path) == n and sl.replay(p, path).is_goal()
            if len(sl.LinearConflictIda(sl.apply(p, t)).solve()) == n - 1:
                assert path[0] == t  # on these positions a kept shortest path starts with every such tile
                swapped += t != plain[0]
    assert swapped > 0


@given(st.randoms(use_true_random=False))
@FAST
def test_3x3_optimal_equals_bfs_distance(eight: dict[tuple[int, ...], int], rnd: random.Random) -> None:
    tiles = tuple(make_solvable(3, 3, rnd.sample(range(9), 9)))
    moves = sl.solve_optimal(sl.Puzzle(3, 3, tiles))
    assert len(moves) == eight[tiles]
    assert play(3, 3, tiles, moves) == solved(3, 3)


@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]), st.randoms(use_true_random=False))
@FAST
def test_small_rectangles_optimal_equals_bfs(size: tuple[int, int], rnd: random.Random) -> None:
    w, h = size
    tiles = tuple(make_solvable(w, h, rnd.sample(range(w * h), w * h)))
    out = call("solve", {"width": w, "height": h, "tiles": list(tiles), "optimal": True})
    assert out["optimal"] and out["length"] == distances(w, h)[tiles]


def test_pattern_solver_agrees_with_linear_conflict(db: pattern_db.PatternDatabase) -> None:
    rnd = random.Random(5)
    for _ in range(6):
        p = sl.random_walk(4, 4, 40, rnd)
        fast = sl.PatternIda(p, db).solve()
        plain = sl.LinearConflictIda(p).solve()
        assert len(fast) == len(plain)
        assert play(4, 4, p.tiles, fast) == solved(4, 4)


def test_pruned_search_expands_fewer_nodes_and_stays_optimal(db: pattern_db.PatternDatabase,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Duplicate-path pruning (solvers/move_pruning.py) against the same search with only immediate reversals
    pruned (an automaton of depth 2)."""
    rnd = random.Random(8)
    positions = [sl.random_walk(4, 4, 60, rnd) for _ in range(5)]
    pruned = [sl.PatternIda(p, db) for p in positions]
    lengths = [len(s.solve()) for s in pruned]
    plain_auto = move_pruning.automaton(4, 4, 2)
    monkeypatch.setattr(move_pruning, "automaton", lambda w, h: plain_auto)
    monkeypatch.setattr(sl.optimal, "_moves_of", type(sl.optimal._moves_of)())
    plain = [sl.PatternIda(p, db) for p in positions]
    assert [len(s.solve()) for s in plain] == lengths
    assert sum(s.nodes for s in pruned) < 0.9 * sum(s.nodes for s in plain)


def test_pattern_heuristic_admissible_and_consistent(db: pattern_db.PatternDatabase) -> None:
    rnd = random.Random(11)
    for _ in range(8):
        p = sl.random_walk(4, 4, rnd.randint(10, 60), rnd)
        h = sl.pattern_heuristic(4, p.tiles)
        assert h is not None
        assert sl.linear_conflict(4, p.tiles) >= 0
        assert h <= len(sl.solve_optimal(p))
        for t in sl.movable(p):
            assert abs(sl.pattern_heuristic(4, sl.apply(p, t).tiles) - h) == 1  # parity: exactly +-1
    assert sl.pattern_heuristic(4, solved(4, 4)) == 0


def test_numpy_builder_matches_pure_python_builder(tmp_path: Path, tables: Path) -> None:
    for w, h, tiles in [(3, 3, (1, 2, 3, 4, 7)), (3, 3, (5, 6, 8)), (4, 4, (2, 3, 4)), (3, 4, (1, 4, 7))]:
        dist = pattern_db_build.pattern_distances(w, h, tiles)
        table = pattern_db.unpack(pattern_db_build.encode(w, h, tiles, dist))
        small = pattern_db_build.reference_table(w, h, tiles)
        assert table[:len(small)] == small
    paths = pattern_db_build.build_databases(tmp_path, {(3, 3): pattern_db.PARTITIONS[(3, 3)]})
    assert {p.name for p in paths} >= {pattern_db.manifest_name(3, 3)}
    loaded = pattern_db.read(tmp_path, 3, 3)
    shipped = pattern_db.read(tables, 3, 3)
    assert loaded is not None and shipped is not None and loaded.tables == shipped.tables
    # in memory: the offsets themselves, twice what the files store
    assert loaded.tables == [bytearray(2 * v for v in pattern_db_build.reference_table(3, 3, p))
                             for p in pattern_db.PARTITIONS[(3, 3)]]
    assert pattern_db.read(tmp_path, 4, 4) is None  # no manifest: nothing, and nothing built


@pytest.fixture
def no_tables(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No pattern database files anywhere, and a fresh home directory that must stay empty."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.delenv("TESSERA_DATA", raising=False)
    for var in ("HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(home))
    monkeypatch.setattr(pattern_db, "_directory", tmp_path / "empty")
    monkeypatch.setattr(pattern_db, "_loaded", {})
    monkeypatch.setattr(sl.optimal, "NO_PDB_SECONDS", 0.0)  # gives up at its first check (1024 nodes): no timing
    monkeypatch.setattr(sl.play, "_known_paths", {})
    return home


def test_without_database_files_4x4_falls_back(no_tables: Path) -> None:
    assert pattern_db.database(4, 4) is None and pattern_db.database(3, 3) is None
    easy = sl.scramble_exact(4, 4, 8, random.Random(1))  # linear conflict alone is quick here
    out = sl.solve(easy)
    assert out.optimal and len(out.moves) == 8
    hard = sl.Puzzle(4, 4, tuple(korf_blank_last([14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3])))
    out = sl.solve(hard)  # Korf #1 (57 moves) is far beyond 1024 nodes without the database
    assert not out.optimal and play(4, 4, hard.tiles, out.moves) == solved(4, 4)
    h = sl.hint(hard, hard)
    assert h.technique == "Real-time (Parberry)"
    with pytest.raises(PuzzleError, match="pattern database files") as info:  # Hard 4x4: 34..40 moves
        sl.FAMILY.generate(Params(2, 4), 1)
    assert info.value.kind == "timeout"
    assert call("lab", {**sl.FAMILY.write(easy), "algorithms": [["ida*", "pdb"]]})["rows"][0]["note"] == \
        "no pattern database for 4x4"
    assert list(no_tables.rglob("*")) == []  # nothing written to the home directory while solving


def test_solving_never_needs_numpy() -> None:
    """The reader is pure Python: with numpy unimportable, a 4x4 still solves (from files, or by falling back)."""
    code = ("import sys, json; sys.modules['numpy'] = None\n"
            "from solvers import commands\n"
            "obj = {'width': 4, 'height': 4, 'tiles': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15],"
            " 'optimal': True}\n"
            "print(json.dumps(next(commands.answer('sliding', 'solve', obj))))\n"
            "print('pattern_db_build' in sys.modules)")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    answer, imported = out.stdout.splitlines()
    assert json.loads(answer) == {"moves": [15], "length": 1, "optimal": True}
    assert imported == "False"


# ---------------------------------------------------------------- Parberry's real-time algorithm


@pytest.mark.parametrize(("w", "h"), [(2, 2), (2, 3), (3, 2), (2, 7), (7, 2), (3, 3), (3, 5), (5, 3), (4, 4),
                                      (5, 5), (6, 4), (8, 8), (10, 10), (13, 7), (20, 20), (30, 30)])
def test_parberry_solves_random_boards(w: int, h: int) -> None:
    rnd = random.Random(w * 100 + h)
    for _ in range(3 if w * h < 200 else 1):
        tiles = make_solvable(w, h, rnd.sample(range(w * h), w * h))
        moves, phases = sl.parberry(sl.Puzzle(w, h, tuple(tiles)))
        assert play(w, h, tiles, moves) == solved(w, h)
        starts = [s for s, _ in phases]
        assert starts == sorted(starts)
        # the longer side shrinks first: a row when there are at least as many rows as columns
        first = "placing row 1" if h >= 3 and (h >= w or w == 2) else "placing column 1" if w >= 3 else "finishing"
        assert phases[0][1].startswith(first)
        assert all(a != b for a, b in itertools.pairwise(moves))  # no move undone at once


@given(st.integers(2, 9), st.integers(2, 9), st.randoms(use_true_random=False))
@settings(max_examples=60, deadline=None)
def test_parberry_property(w: int, h: int, rnd: random.Random) -> None:
    tiles = make_solvable(w, h, rnd.sample(range(w * h), w * h))
    moves, _ = sl.parberry(sl.Puzzle(w, h, tuple(tiles)))
    assert play(w, h, tiles, moves) == solved(w, h)


def test_parberry_trapped_last_two() -> None:
    # the last two tiles of the first row swapped (parity fixed by swapping 7 and 8)
    for tiles in ([1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 11, 12, 13, 14, 15, 0],
                  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 14, 0][::-1]):
        tiles = make_solvable(4, 4, list(tiles))
        moves, _ = sl.parberry(sl.Puzzle(4, 4, tuple(tiles)))
        assert play(4, 4, tiles, moves) == solved(4, 4)


# ---------------------------------------------------------------- hints and generation


def test_hint_optimal_distance_drops_by_one(eight: dict[tuple[int, ...], int], db: pattern_db.PatternDatabase) -> None:
    rnd = random.Random(3)
    state = list(sl.random_solvable(3, 3, rnd).tiles)
    while tuple(state) != solved(3, 3):
        h = call("hint", {"width": 3, "height": 3, "tiles": state, "state": state})
        assert h["technique"] == "Optimal move" and h["distance_before"] == eight[tuple(state)]
        r, c = h["cells"][0]
        assert state[r * 3 + c] == h["move"]
        state = list(play(3, 3, state, [h["move"]]))
        assert eight[tuple(state)] == h["distance_after"] == h["distance_before"] - 1
    last = call("hint", {"width": 3, "height": 3, "tiles": state})
    assert last["technique"] == "Solved" and last["move"] is None
    p = sl.random_walk(4, 4, 60, rnd)
    h = call("hint", {"width": 4, "height": 4, "tiles": list(p.tiles)})
    after = sl.apply(p, h["move"])
    assert len(sl.solve_optimal(after)) == h["distance_after"] == h["distance_before"] - 1


def test_hint_beyond_5x5_follows_the_plan() -> None:
    p = sl.random_solvable(7, 7, random.Random(1))
    h = call("hint", {"width": 7, "height": 7, "tiles": list(p.tiles)})
    assert h["technique"] == "Near-optimal plan" and h["phase"] == "plan"
    assert h["move"] in sl.movable(p) and "at least" in h["reason"]
    assert h["distance_after"] == h["distance_before"] - 1 and h["lower_bound"] <= h["distance_before"]
    assert h["distance_before"] < len(sl.parberry(p)[0])
    with pytest.raises(PuzzleError, match="cannot be solved"):
        call("hint", {"width": 3, "height": 3, "tiles": [*range(1, 9), 0], "state": [2, 1, 3, 4, 5, 6, 7, 8, 0]})


def test_generate_grades_are_exact_and_deterministic(eight: dict[tuple[int, ...], int]) -> None:
    for grade, (lo, hi) in enumerate(sl.EXACT_GRADES[(3, 3)]):
        for seed in range(3):
            out = gen(grade, seed, 3)
            assert out == gen(grade, seed, 3)
            assert out["difficulty"] == sl.GRADES[grade]
            assert lo <= out["distance"] <= hi and eight[tuple(out["tiles"])] == out["distance"]
    rand = gen(3, 1, 3)
    assert eight[tuple(rand["tiles"])] == rand["distance"]
    assert gen(3, 1, 3) != gen(3, 2, 3)
    for size in (5, 10):
        big = gen(1, 4, size)
        assert sl.is_solvable(sl.validate(size, size, big["tiles"]))
    with pytest.raises(PuzzleError):
        gen(0, 1, 1)


def test_generate_4x4_easy_is_exact(db: pattern_db.PatternDatabase) -> None:
    out = gen(0, 9, 4)
    lo, hi = sl.EXACT_GRADES[(4, 4)][0]
    assert lo <= out["distance"] <= hi
    assert len(sl.solve_optimal(sl.validate(4, 4, out["tiles"]))) == out["distance"]


# ---------------------------------------------------------------- the lab and generic search


def test_lab_rows_are_checked_and_optimal_where_claimed(eight: dict[tuple[int, ...], int],
                                                        db: pattern_db.PatternDatabase) -> None:
    p = sl.Puzzle(3, 3, sl.scramble_exact(3, 3, 12, random.Random(2)).tiles)
    out = call("lab", {"width": 3, "height": 3, "tiles": list(p.tiles), "max_nodes": 50000, "max_seconds": 5,
                         "moves": True})
    rows = out["rows"]
    assert len(rows) == len(sl.default_lab(3, 3))
    for row in rows:
        assert set(row) >= {"algorithm", "heuristic", "solved", "length", "nodes", "seconds"}
        if row["solved"]:
            assert play(3, 3, p.tiles, row["moves"]) == solved(3, 3)
            assert row["length"] == len(row["moves"]) >= 12
            if row["optimal"]:
                assert row["length"] == eight[p.tiles] == 12
        else:
            assert row["note"]
    assert all(r["solved"] for r in rows if r["algorithm"] in ("BFS", "A*", "IDA*"))
    dls = next(r for r in rows if r["algorithm"] == "Depth-limited DFS")
    assert dls["solved"] and 12 <= dls["length"] <= sl.dls_limit(3, 3) == 31 and not dls["optimal"]
    assert {r["algorithm"] for r in rows} >= {"DFS", "Depth-limited DFS", "IDDFS"}
    assert {r["heuristic"] for r in rows} >= {"tiles out of row and column"}


def test_lab_dfs_finds_a_path_and_out_of_row_col_sits_between_misplaced_and_manhattan(
        eight: dict[tuple[int, ...], int]) -> None:
    p = sl.Puzzle(3, 3, sl.scramble_exact(3, 3, 6, random.Random(4)).tiles)
    row = sl.lab_run(p, "dfs", max_nodes=None, max_seconds=None)  # at most every one of the 181,440 positions
    assert row["solved"] and play(3, 3, p.tiles, row["moves"]) == solved(3, 3) and row["length"] >= 6
    rng = random.Random(5)
    for _ in range(300):
        tiles = sl.random_solvable(3, 3, rng).tiles
        assert sl.misplaced(3, tiles) <= sl.out_of_row_col(3, tiles) <= sl.manhattan(3, tiles) <= eight[tiles]


def test_lab_budgets_and_cancel() -> None:
    p = sl.random_solvable(4, 4, random.Random(8))
    row = sl.lab_run(p, "ida*", "misplaced", max_nodes=2000)
    assert not row["solved"] and "node budget" in row["note"]
    row = sl.lab_run(p, "a*", "manhattan", max_nodes=None, max_seconds=0.2)
    assert not row["solved"] and "time budget" in row["note"]
    row = sl.lab_run(p, "genetic", "", cancel=lambda: True)
    assert not row["solved"] and row["note"] == "cancelled"
    assert "at most 9 cells" in sl.lab_run(p, "bfs")["note"] and "at most 9 cells" in sl.lab_run(p, "dfs")["note"]
    with pytest.raises(PuzzleError, match="unknown algorithm"):
        sl.lab_run(p, "dijkstra")
    with pytest.raises(PuzzleError, match="unknown heuristic"):
        sl.lab_run(p, "a*", "euclid")


def test_generic_searches_on_a_small_graph() -> None:
    # states are numbers; moves +1 / *2; goal 11 from 1: shortest is 1+1=2,*2=4,+1=5,*2=10,+1=11 (5 moves)
    def succ(x: int) -> list[tuple[str, int]]:
        return [("+1", x + 1), ("*2", x * 2)] if x < 40 else []

    def goal(x: int) -> bool:
        return x == 11

    def h(x: int) -> int:
        return 0 if x == 11 else 1

    for search in (lambda b: bfs(1, succ, goal, b), lambda b: iddfs(1, succ, goal, b, 20),
                   lambda b: astar(1, succ, h, goal, b), lambda b: ida_star(1, succ, h, goal, b)):
        result = run(search, Budget(max_nodes=10000))
        assert result.solved and result.length == 5 and result.nodes > 0
    assert run(lambda b: greedy(1, succ, h, goal, b)).solved
    assert run(lambda b: bfs(1, succ, lambda x: x == -1, b), Budget(max_nodes=5)).reason.startswith("node budget")


def test_ga_and_annealing_answers_replay() -> None:
    p = sl.scramble_exact(3, 3, 6, random.Random(4))
    for algo in ("genetic", "annealing"):
        for seed in range(2):
            row = sl.lab_run(p, algo, max_seconds=5, seed=seed)
            if row["solved"]:
                assert play(3, 3, p.tiles, row["moves"]) == solved(3, 3)


def test_trace_events() -> None:
    events = trace({"width": 3, "height": 3, "tiles": [8, 6, 7, 2, 5, 4, 3, 0, 1]})
    bounds = [e["bound"] for e in events if e["event"] == "threshold"]
    assert bounds == sorted(bounds) and bounds[-1] == 31
    assert events[-1]["event"] == "solved" and events[-1]["length"] == 31
    tiles = list(sl.random_walk(5, 5, 50, random.Random(1)).tiles)
    events = trace({"width": 5, "height": 5, "tiles": tiles}, "parberry")
    assert events[-1]["event"] == "solved" and any(e["event"] == "phase" for e in events)


# ---------------------------------------------------------------- command line


def cli(*args: str, stdin: str = "") -> list[dict]:
    """Run `python -m solvers sliding ...` and parse its JSON lines."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-m", "solvers", "sliding", *args], input=stdin, capture_output=True,
                         text=True, cwd=ROOT, env=env, timeout=120)
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_cli_solve_contract() -> None:
    lines = [
        {"width": 3, "height": 3, "tiles": [8, 6, 7, 2, 5, 4, 3, 0, 1], "optimal": True},
        {"width": 3, "height": 3, "tiles": [2, 1, 3, 4, 5, 6, 7, 8, 0], "optimal": True},
        {"width": 6, "height": 6, "tiles": list(sl.random_walk(6, 6, 100, random.Random(2)).tiles), "optimal": False},
        {"width": 3, "height": 3, "tiles": [1, 1, 3, 4, 5, 6, 7, 8, 0]},
    ]
    text = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n"
    out = cli("solve", stdin=text)
    assert len(out) == 5
    assert set(out[0]) == {"moves", "length", "optimal"} and out[0]["length"] == 31 and out[0]["optimal"] is True
    assert play(3, 3, lines[0]["tiles"], out[0]["moves"]) == solved(3, 3)
    assert out[1]["kind"] == "no-solution" and "cannot be solved" in out[1]["error"]
    assert out[2]["optimal"] is False and play(6, 6, lines[2]["tiles"], out[2]["moves"]) == solved(6, 6)
    assert out[3]["kind"] == "invalid" and out[4]["kind"] == "invalid"


def test_cli_solves_and_round_trips_the_largest_boards() -> None:
    """30x30 and 100x100 (the largest the contract takes: tile numbers past 255) solve, hint, apply, format and
    parse through the CLI; every answer replays to the goal by the independent checker."""
    boards = [sl.random_solvable(30, 30, random.Random(30)), sl.random_walk(100, 100, 60, random.Random(1)),
              sl.random_walk(100, 100, 3000, random.Random(3))]
    lines = [{"width": p.width, "height": p.height, "tiles": list(p.tiles)} for p in boards]
    out = cli("solve", stdin="".join(json.dumps(x) + "\n" for x in lines))
    assert len(out) == 3
    for obj, answer in zip(lines, out, strict=True):
        assert "error" not in answer, answer
        assert solution_ok(obj, answer) and answer["optimal"] is False
        assert obj["tiles"] != list(solved(obj["width"], obj["height"])) and answer["lower_bound"] <= answer["length"]
    big = lines[1]
    text = cli("format", stdin=json.dumps(big) + "\n")[0]
    assert text["text"].startswith("100x100:") and cli("parse", stdin=json.dumps(text) + "\n")[0] == big
    hint = cli("hint", stdin=json.dumps(big) + "\n")[0]
    assert hint["move"] == out[1]["moves"][0] and hint["distance_before"] == out[1]["length"]
    moves = {**big, "state": big["tiles"], "moves": [str(t) for t in out[1]["moves"]]}
    assert cli("apply", stdin=json.dumps(moves) + "\n")[0]["solved"] is True


def test_check_reports_parity_and_misplaced() -> None:
    out = call("check", {"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 0, 8]})
    assert out["solvable"] and not out["solved"] and out["misplaced"] == [[2, 2]]
    out = call("check", {"width": 3, "height": 3, "tiles": [1, 2, 3, 4, 5, 6, 7, 8, 0],
                           "state": [2, 1, 3, 4, 5, 6, 7, 8, 0]})
    assert not out["solvable"] and "cannot be solved" in out["reason"]


def test_cli_generate_hint_lab() -> None:
    gen = cli("generate", "--difficulty", "Medium", "--seed", "5", "--size", "3")[0]
    assert gen["difficulty"] == "Medium" and gen == cli("generate", "-d", "2", "-s", "5", "-n", "3")[0]
    hint = cli("hint", stdin=json.dumps(gen) + "\n")[0]
    assert {"technique", "cells", "reason", "move"} <= set(hint)
    lab = cli("lab", stdin=json.dumps({**gen, "algorithms": [["ida*", "manhattan"], ["greedy", "lc"]]}) + "\n")[0]
    assert [r["solved"] for r in lab["rows"]] == [True, True]
    assert lab["rows"][0]["length"] == gen["distance"]


def test_trace_moves_replay_to_the_goal() -> None:
    for obj, method in (({"width": 3, "height": 3, "tiles": [8, 6, 7, 2, 5, 4, 3, 0, 1]}, "ida*"),
                        ({"width": 5, "height": 5, "tiles": list(sl.random_walk(5, 5, 60, random.Random(2)).tiles)},
                         "parberry"),
                        ({"width": 4, "height": 4, "tiles": [0, 2, 5, 4, 1, 6, 3, 8, 10, 9, 7, 11, 14, 13, 15, 12]},
                         "greedy")):
        events = trace(obj, method)
        moves = [e["tile"] for e in events if e["event"] == "move"]
        last = events[-1]
        assert last["event"] == "solved" and moves == last["moves"] and last["steps"] == len(moves)
        tiles = list(obj["tiles"])
        w = obj["width"]
        for t in moves:  # independent replay: the tile must be next to the blank
            b, c = tiles.index(0), tiles.index(t)
            assert abs(b - c) == w or (abs(b - c) == 1 and b // w == c // w), (t, tiles)
            tiles[b], tiles[c] = t, 0
        assert tiles == [*range(1, len(tiles)), 0]
        kinds = [e["event"] for e in events]
        if method == "ida*":  # thresholds first, then the moves
            assert kinds == ["threshold"] * kinds.count("threshold") + ["move"] * len(moves) + ["solved"]
        elif method == "greedy":  # the lab's own run (the same moves and nodes), told before its moves
            row = sl.lab_run(sl.FAMILY.read(obj), "greedy", "manhattan")
            assert kinds == ["phase"] + ["move"] * len(moves) + ["solved"]
            assert moves == row["moves"] and last["nodes"] == events[0]["nodes"] == row["nodes"]
            assert len(moves) > commands.run(sl.FAMILY, "solve", obj)["length"]  # longer than the shortest
        else:  # each phase before its moves, starting where the phase says
            done = 0
            for e in events:
                if e["event"] == "phase":
                    assert e["start"] == done
                done += e["event"] == "move"


# ---------------------------------------------------------------- the typed contract


def test_text_round_trips_in_tathams_format() -> None:
    fam = sl.FAMILY
    p = fam.parse("4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
    assert (p.width, p.height, p.tiles[-2:]) == (4, 4, (0, 15))
    assert fam.format(p) == "4x4:1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
    assert fam.parse(" 3X2: 1 2 3 4 _ 5 ") == fam.parse("3x2:1,2,3,4,0,5")
    made = fam.generate(Params(1, 3), "round")
    assert fam.parse(fam.format(made)) == made and fam.read(json.loads(json.dumps(fam.write(made)))) == made
    assert call("parse", {"text": fam.format(made)}) == fam.write(made)
    for bad in ("", "3x3", "3x3:1,2,3", "3x:1,2,3", "1x9:1,2,3,4,5,6,7,8,0", "3x3:1,2,3,4,5,6,7,8,x",
                "99999999x1:1", "3x3:1,2,3,4,5,6,7,8,²"):
        with pytest.raises(PuzzleError) as info:
            fam.parse(bad)
        assert info.value.kind == "invalid" and str(info.value)


def test_apply_sequences_equal_the_solvers_answers() -> None:
    for size, seed in ((3, 1), (3, 2), (4, 3), (6, 4)):
        puzzle = sl.FAMILY.generate(Params(1, size), seed)
        request = sl.FAMILY.write(puzzle)
        answer = call("solve", {**request, "optimal": size <= 4})
        steps = [str(t) for t in answer["moves"]]
        assert call("apply", {**request, "moves": steps}) == {"state": list(sl.goal(size, size)), "solved": True}
        half = call("apply", {**request, "moves": steps[:len(steps) // 2]})
        assert not half["solved"]
        rest = call("apply", {**request, "state": half["state"], "moves": steps[len(steps) // 2:]})
        assert rest["solved"]
        state = sl.FAMILY.start(puzzle)  # one move at a time, through the typed methods
        for step in steps:
            state = sl.FAMILY.apply(puzzle, state, step)
        assert sl.FAMILY.is_solved(puzzle, state) and sl.FAMILY.check(puzzle, state) == []


def test_bad_moves_are_refused() -> None:
    puzzle = sl.FAMILY.parse("3x3:1,2,3,4,5,6,7,0,8")
    start = sl.FAMILY.start(puzzle)
    for move in ("", "1", "0", "9", "-8", "x", "8,5", "99999999"):
        with pytest.raises(PuzzleError):
            sl.FAMILY.apply(puzzle, start, move)
    assert sl.FAMILY.apply(puzzle, start, " 8 ").tiles == sl.goal(3, 3)
    assert call("apply", {**sl.FAMILY.write(puzzle), "moves": ["5"]})["state"] == [1, 2, 3, 4, 0, 6, 7, 5, 8]


def test_check_problems_and_fields() -> None:
    fam = sl.FAMILY
    puzzle = fam.parse("3x3:1,2,3,4,5,6,7,0,8")
    problems = fam.check(puzzle, fam.start(puzzle))
    assert problems == [Problem([[2, 2]], "misplaced", "1 tile is not home yet.")]
    swapped = sl.State((2, 1, 3, 4, 5, 6, 7, 8, 0))
    problems = fam.check(puzzle, swapped)
    assert [p.rule for p in problems] == ["unsolvable", "misplaced"]
    assert "cannot be solved" in problems[0].text and problems[1].cells == [[0, 0], [0, 1]]
    out = call("check", {**fam.write(puzzle), "state": [2, 1, 3, 4, 5, 6, 7, 8, 0]})
    assert set(out) == {"problems", "solved", "message", "solvable", "reason", "misplaced"}
    assert not out["solvable"] and not out["solved"] and out["message"] == problems[0].text
    assert out["misplaced"] == [[0, 0], [0, 1]] and out["reason"] == problems[0].text
    done = call("check", {**fam.write(puzzle), "state": list(sl.goal(3, 3))})
    assert done["problems"] == [] and done["solved"] and done["solvable"] and done["misplaced"] == []
    with pytest.raises(PuzzleError, match="needs 9 tiles"):
        call("check", {**fam.write(puzzle), "state": [1, 2, 3]})


def test_hint_stages_and_step(eight: dict[tuple[int, ...], int]) -> None:
    fam = sl.FAMILY
    puzzle = fam.generate(Params(1, 3), 8)
    state = fam.start(puzzle)
    walked = 0
    while not fam.is_solved(puzzle, state):
        h = fam.hint(puzzle, state, fam.write(puzzle))
        assert isinstance(h, Hint) and h.move_text == str(h.move)
        stages = h.to_json()["stages"]
        assert stages["move"] == h.move_text and f"tile {h.move}" in stages["where"]
        assert stages["what"].startswith(f"Slide {h.move} ") and stages["why"] == h.reason
        assert f"distance {eight[state.tiles]} -> {eight[state.tiles] - 1}" in h.reason
        d = eight[state.tiles]
        assert h.to_json()["reveal"] == [[stages["what"].rstrip("."), f"Moves to solved: {d} → {d - 1}. This move "
                                          "starts a shortest solution."]]
        others = [t for t in rules.movable(3, 3, state.tiles) if eight[fam.apply(puzzle, state, str(t)).tiles] != d - 1]
        for asked, told in ((h.move, "Confirmed: this move starts a shortest solution."),
                            *((t, f"the quick move ({t}) does not.") for t in others[:1])):
            again = fam.hint(puzzle, state, {"prefer": asked}).to_json()["reveal"][0][1]
            assert again.endswith(told), again
        state = fam.apply(puzzle, state, h.move_text)
        walked += 1
    assert walked == puzzle.distance
    done = fam.hint(puzzle, state, {})
    assert done.technique == "Solved" and done.move_text is None and done.to_json()["move"] is None


def test_generate_describe_and_count() -> None:
    fam = sl.FAMILY
    made = call("generate", {"difficulty": "medium", "seed": 5, "size": 3})
    assert set(made) == {"width", "height", "tiles", "difficulty", "level", "distance", "seed"}
    assert made["difficulty"] == "Medium" and made["level"] == 2 and made["seed"] == 5
    again = fam.generate(Params(1, 3), 5)
    assert list(again.tiles) == made["tiles"] and fam.describe(again) == {"difficulty": "Medium",
                                                                          "distance": made["distance"]}
    assert fam.describe(fam.parse(fam.format(again))) == {"distance": made["distance"]}  # made elsewhere: no grade
    big = fam.generate(Params(3, 12), "x")
    assert fam.describe(big) == {"difficulty": "Random", "distance": None}
    assert fam.count(big) == 1 and fam.count(fam.parse("3x3:2,1,3,4,5,6,7,8,0")) == 0
    tiny = [fam.generate(Params(g, 2), s) for g in range(4) for s in range(5)]
    assert all(not p.is_goal() and sl.is_solvable(p) for p in tiny)  # never the goal, even on 2x2
    assert commands.info(fam)["methods"] == ["ida*", "parberry", "greedy"] and "lab" in commands.info(fam)["commands"]


def test_page_and_worker_scramble_alike() -> None:
    """Sizes without exact grades come from the rules' scramble: the page makes the same position for a seed."""
    for grade, size, seed in ((0, 5, 1), (1, 6, "a"), (2, 7, 3), (3, 5, 9)):
        made = sl.FAMILY.generate(Params(grade, size), seed)
        assert made.tiles == rules.scramble(size, size, grade, seed)


def test_limit_gives_a_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sl.play, "_known_paths", {})  # no answer remembered from another test
    p = sl.validate(3, 3, [8, 6, 7, 2, 5, 4, 3, 0, 1])  # 31 moves
    with pytest.raises(PuzzleError) as info:
        call("solve", {**sl.FAMILY.write(p), "limit": {"nodes": 50}})
    assert info.value.kind == "timeout"
    assert list(commands.answer("sliding", "solve", {**sl.FAMILY.write(p), "limit": 5}))[0]["kind"] == "invalid"


# ----- the independent checker of a solve answer (tests/test_contract.py runs it) ---------------------------

def solution_ok(puzzle: dict, answer: dict) -> bool:
    """The moves, each a tile beside the blank, end at the goal; the length is their count (each tile's (row,
    column) followed, so a 100x100's millions of moves replay in seconds)."""
    w, tiles = puzzle["width"], puzzle["tiles"]
    where = {t: divmod(c, w) for c, t in enumerate(tiles)}
    for t in answer["moves"]:
        if t not in where or t == 0:
            return False
        (br, bc), (tr, tc) = where[0], where[t]
        if abs(br - tr) + abs(bc - tc) != 1:
            return False
        where[0], where[t] = (tr, tc), (br, bc)
    return (all(where[t] == divmod(t - 1, w) for t in range(1, len(tiles)))
            and answer["length"] == len(answer["moves"]))
