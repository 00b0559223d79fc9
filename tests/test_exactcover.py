"""Exact cover engine: known matrices, brute force on small random ones, the API's edges."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.exactcover import Counters, ExactCover, is_exact_cover

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks"

# Knuth, TAOCP 7.2.2.1, the example matrix (6): its only solution is {a d f}, {b g}, {c e}.
KNUTH = ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]


def knuth() -> ExactCover:
    """Knuth's 7-item example."""
    return ExactCover([o.split() for o in KNUTH])


def test_knuth_example_has_its_one_solution() -> None:
    ec = knuth()
    assert list(ec.solutions()) == [[0, 3, 4]]
    assert ec.first() == [0, 3, 4]
    assert ec.count() == ec.count(memo=False) == 1
    assert sorted(map(sorted, ec.decode([0, 3, 4]))) == [["a", "d", "f"], ["b", "g"], ["c", "e"]]
    assert ec.counters.nodes > 0 and ec.counters.updates > 0


def test_knuth_example_work_is_small_and_repeatable() -> None:
    a, b = knuth(), knuth()
    a.count(memo=False)
    b.count(memo=False)
    assert a.counters == b.counters
    assert a.counters.nodes == 5  # item a branches twice; everything after is forced or dead


def queens(n: int) -> ExactCover:
    """n queens: rows and columns primary, diagonals secondary (at most one queen each)."""
    options = [[("r", r), ("c", c), ("a", r + c), ("b", r - c)] for r in range(n) for c in range(n)]
    primary = [("r", i) for i in range(n)] + [("c", i) for i in range(n)]
    secondary = [("a", i) for i in range(2 * n - 1)] + [("b", i) for i in range(-n + 1, n)]
    return ExactCover(options, primary, secondary)


# OEIS A000170: 1, 0, 0, 2, 10, 4, 40, 92
@pytest.mark.parametrize(("n", "expected"), [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)])
def test_n_queens_counts_with_secondary_items(n: int, expected: int) -> None:
    ec = queens(n)
    assert ec.count() == expected
    assert ec.count(memo=False) == expected == ec.count_in_order()
    sols = list(ec.solutions())
    assert len(sols) == expected
    for sol in sols:
        assert is_exact_cover(ec.options, sol, ec.items[: ec.n_primary], ec.items[ec.n_primary:])
        squares = [divmod(k, n) for k in sol]
        assert len({r - c for r, c in squares}) == len({r + c for r, c in squares}) == n


PENTOMINOES = {
    "F": [".##", "##.", ".#."], "I": ["#####"], "L": ["####", "#..."], "N": ["##..", ".###"],
    "P": ["##", "##", "#."], "T": ["###", ".#.", ".#."], "U": ["#.#", "###"], "V": ["#..", "#..", "###"],
    "W": ["#..", "##.", ".##"], "X": [".#.", "###", ".#."], "Y": ["..#.", "####"], "Z": ["##.", ".#.", ".##"],
}


def pentomino_box(height: int, width: int) -> ExactCover:
    """The 12 pentominoes in a box, every orientation at every place."""
    options = []
    for name, picture in PENTOMINOES.items():
        cells = [(r, c) for r, row in enumerate(picture) for c, ch in enumerate(row) if ch == "#"]
        shapes = set()
        for flip in (False, True):
            cur = [(r, -c) for r, c in cells] if flip else cells
            for _ in range(4):
                cur = [(c, -r) for r, c in cur]
                r0, c0 = min(r for r, _ in cur), min(c for _, c in cur)
                shapes.add(tuple(sorted((r - r0, c - c0) for r, c in cur)))
        for shape in shapes:
            for dr in range(height):
                for dc in range(width):
                    placed = [(r + dr, c + dc) for r, c in shape]
                    if all(r < height and c < width for r, c in placed):
                        options.append([name, *placed])
    return ExactCover(options)


def test_pentomino_3x20_has_two_tilings_times_four_symmetries() -> None:
    ec = pentomino_box(3, 20)
    sols = list(ec.solutions())
    assert len(sols) == 8 == ec.count() == ec.count(memo=False) == ec.count_in_order()
    assert sorted(ec.solutions_in_order()) == sorted(sols)
    for sol in sols:
        assert is_exact_cover(ec.options, sol, ec.items)
    # Up to the box's 4 symmetries there are 2 tilings (a classic fact).
    def canon(sol: list[int]) -> frozenset[frozenset[tuple[int, int]]]:
        pieces = [frozenset(ec.options[k][1:]) for k in sol]
        images = []
        for fr in (False, True):
            for fc in (False, True):
                images.append(frozenset(frozenset((2 - r if fr else r, 19 - c if fc else c) for r, c in p)
                                        for p in pieces))
        return min(images, key=lambda s: sorted(sorted(p) for p in s))
    assert len({canon(s) for s in sols}) == 2


@pytest.mark.slow
@pytest.mark.rare  # a minute; the 3x20 box above checks the same counts and listings on a smaller cover
def test_pentomino_6x10_has_9356_tilings() -> None:
    ec = pentomino_box(6, 10)
    assert ec.count() == 9356  # 2,339 up to symmetry, times 4
    # Listed cell by cell, a column at a time (the short profile that makes the in-order memo small).
    cells = sorted((i for i in ec.items if isinstance(i, tuple)), key=lambda rc: (rc[1], rc[0]))
    by_column = ExactCover(ec.options, cells + list(PENTOMINOES))
    listed = list(by_column.solutions_in_order())
    assert len(listed) == len({tuple(s) for s in listed}) == 9356
    assert all(is_exact_cover(ec.options, sol, ec.items) for sol in listed)


def test_sudoku_as_exact_cover_matches_the_known_solution() -> None:
    path = SHARED / "sudoku_hardest_solutions.txt"
    if not path.exists():
        pytest.skip(f"benchmark data missing: {path}")
    puzzle, solution = next(ln.split() for ln in path.read_text().splitlines() if ln.strip() and ln[0] != "#")
    options, names = [], []
    for i, ch in enumerate(puzzle):
        r, c = divmod(i, 9)
        for d in [ch] if ch in "123456789" else "123456789":
            options.append([("cell", r, c), ("row", r, d), ("col", c, d), ("box", r // 3 * 3 + c // 3, d)])
            names.append((i, d))
    ec = ExactCover(options)
    sol = ec.first()
    assert sol is not None and ec.count(limit=2) == 1
    grid = dict(names[k] for k in sol)
    assert "".join(grid[i] for i in range(81)) == solution


# ----- random small matrices against brute force ----------------------------------------

matrices = st.integers(1, 6).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.sets(st.integers(0, n + 1), min_size=1, max_size=n + 2), min_size=0, max_size=11),
        st.integers(0, 2),
    )
)


def brute_force(options: list[set[int]], primary: set[int], secondary: set[int]) -> list[list[int]]:
    """Every subset of options that is an exact cover (independent of the engine)."""
    out = []
    for size in range(len(options) + 1):
        for chosen in combinations(range(len(options)), size):
            if is_exact_cover(options, chosen, primary, secondary):
                out.append(list(chosen))
    return out


@settings(max_examples=150, deadline=None)
@given(matrices)
def test_agrees_with_brute_force(case: tuple[int, list[set[int]], int]) -> None:
    n, options, n_secondary = case
    primary = set(range(n))
    secondary = set(range(n, n + n_secondary))
    options = [(o & (primary | secondary)) | {min(o) % n} for o in options]  # each holds a primary item
    ec = ExactCover(options, sorted(primary), sorted(secondary))
    expected = brute_force(options, primary, secondary)
    sols = list(ec.solutions())
    assert sorted(sols) == sorted(expected)
    for sol in sols:  # every primary item exactly once, secondary at most once
        assert is_exact_cover(options, sol, primary, secondary)
    assert ec.count() == ec.count(memo=False) == ec.count_in_order() == len(expected)
    assert sorted(ec.solutions_in_order()) == sorted(expected)
    for limit in (1, 2):
        assert ec.count(limit=limit) == ec.count(limit=limit, memo=False) == min(limit, len(expected))
    assert (ec.first() is None) == (not expected)
    assert ec.options_in_solutions() == {k for s in expected for k in s}
    if expected:  # giving an option of a solution keeps exactly the solutions holding it
        k = expected[0][0]
        assert sorted(ec.solutions(given=[k])) == sorted(s for s in expected if k in s)
        assert sorted(ec.solutions_in_order(given=[k])) == sorted(s for s in expected if k in s)
        assert ec.count(given=[k]) == sum(k in s for s in expected)


def test_covered_items_and_given_options() -> None:
    ec = knuth()
    # With "c" and "e" pre-covered, option 0 is out and {a d f}, {b g} remain.
    assert list(ec.solutions(covered=["c", "e"])) == [[3, 4]]
    assert ec.count(given=[1]) == 0  # a d g leaves b c e f uncoverable
    assert ec.first(given=[0, 2]) is None  # two options sharing c
    assert ec.start(given=[0, 2]) is None
    assert ec.live_options(given=[4]) == [0, 3]  # b g rules out a d g, b c f and d e g
    assert ec.solvable(given=[4]) and not ec.solvable(given=[5])


def test_shared_memo_between_calls_gives_the_same_counts() -> None:
    ec = queens(6)
    memo: dict[int, int] = {}
    firsts = [ec.count(given=[c], memo=memo) for c in range(6)]  # queen of row 0 in column c
    assert firsts == [ec.count(given=[c], memo=False) for c in range(6)]
    assert sum(firsts) == 4


def test_counting_in_item_order_shares_its_memo_and_records_work() -> None:
    ec = queens(6)
    memo: dict[int, int] = {}
    rows = [[("r", 0), ("c", c), ("a", c), ("b", -c)] for c in range(6)]  # the items of a queen at row 0
    ways = [ec.count_in_order(covered=items, memo=memo) for items in rows]
    assert ways == [ec.count(covered=items, memo=False) for items in rows] and sum(ways) == 4
    ec.counters = Counters()
    assert ec.count_in_order(covered=rows[1], memo=memo) == 1 and ec.counters.nodes == 0  # from the memo
    assert ec.count_in_order(covered=rows[1]) == 1 and ec.counters.nodes > 0 and ec.counters.updates > 0
    assert ec.count_in_order(covered=[("r", 0), ("c", 0), ("r", 0)]) == 0  # an item covered twice: no state
    listed = [ec.solutions_in_order(covered=items, memo=memo) for items in rows]  # the shared memo lists them too
    assert [sorted(x) for x in listed] == [sorted(ec.solutions(covered=items)) for items in rows]
    assert list(ec.solutions_in_order(covered=[("r", 0), ("c", 0), ("r", 0)])) == []


def test_bad_matrices_raise() -> None:
    with pytest.raises(ValueError, match="neither primary nor secondary"):
        ExactCover([["a", "x"]], primary=["a"])
    with pytest.raises(ValueError, match="twice"):
        ExactCover([["a", "a"]])
    with pytest.raises(ValueError, match="no primary item"):
        ExactCover([["a"], ["s"]], primary=["a"], secondary=["s"])
    with pytest.raises(ValueError, match="both primary and secondary"):
        ExactCover([["a"]], primary=["a"], secondary=["a"])


def test_no_primary_items_and_no_options() -> None:
    assert ExactCover([]).count() == 1  # the empty choice covers nothing, as required
    assert list(ExactCover([]).solutions()) == [[]]
    assert ExactCover([], primary=["a"]).count() == 0


# ----- the traced search (watch the solver) ---------------------------------------------


def replay(events: list[tuple[str, int]]) -> tuple[list[int], str, int]:
    """Options still chosen after replaying a trace, with its last event; checks undo matches the last choice."""
    chosen: list[int] = []
    for kind, r in events[:-1]:
        if kind == "choose":
            chosen.append(r)
        else:
            assert kind == "undo" and chosen and chosen[-1] == r, (kind, r, chosen)
            chosen.pop()
    kind, steps = events[-1]
    assert steps == sum(k == "choose" for k, _ in events)
    return chosen, kind, steps


@settings(max_examples=150, deadline=None)
@given(matrices)
def test_trace_replays_to_first(case: tuple[int, list[set[int]], int]) -> None:
    n, raw, n_secondary = case
    primary, secondary = set(range(n)), set(range(n, n + n_secondary))
    options = [(o & (primary | secondary)) | {min(o) % n} for o in raw]  # as above: each holds a primary item
    ec = ExactCover(options, sorted(primary), sorted(secondary))
    chosen, kind, steps = replay(list(ec.trace()))
    first = ec.first()
    if first is None:
        assert kind == "failed" and not chosen
        return
    assert kind == "solved" and sorted(chosen) == first
    assert is_exact_cover(options, chosen, primary, secondary)
    if steps > 1:  # a limit below the work stops the trace with its own event
        *_, last = ec.trace(max_steps=steps - 1)
        assert last == ("stopped", steps - 1)


def test_trace_with_given_and_covered_items() -> None:
    ec = knuth()
    chosen, kind, _ = replay(list(ec.trace(covered=["c", "e"])))
    assert kind == "solved" and sorted(chosen) == ec.first(covered=["c", "e"]) == [3, 4]
    chosen, kind, _ = replay(list(ec.trace(given=[0])))
    assert kind == "solved" and sorted([0, *chosen]) == ec.first(given=[0]) == [0, 3, 4]
    assert list(ec.trace(given=[0, 2])) == [("failed", 0)]
    chosen, kind, steps = replay(list(queens(6).trace()))
    assert kind == "solved" and sorted(chosen) == queens(6).first() and steps > 6  # queens needs backtracking
