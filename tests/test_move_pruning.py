"""The sliding puzzle's duplicate-path automaton: no position is lost, none is reached twice within its depth."""

from __future__ import annotations

import random
from collections import deque

import pytest

from solvers import move_pruning


def slide(board: tuple[int, ...], blank: int, cell: int) -> tuple[int, ...]:
    """The board after the tile at `cell` slides into the blank."""
    out = list(board)
    out[blank], out[cell] = out[cell], 0
    return tuple(out)


def layers(width: int, height: int, board: tuple[int, ...], depth: int) -> list[set[tuple[int, ...]]]:
    """Breadth-first search: the positions first reached at each number of moves, up to `depth`."""
    near = move_pruning._neighbours(width, height)
    seen, out, frontier = {board}, [{board}], deque([board])
    for _ in range(depth):
        nxt = []
        for b in frontier:
            blank = b.index(0)
            for c in near[blank]:
                moved = slide(b, blank, c)
                if moved not in seen:
                    seen.add(moved)
                    nxt.append(moved)
        out.append(set(nxt))
        frontier = deque(nxt)
    return out


@pytest.mark.parametrize(("width", "height", "depth"), [(3, 3, 10), (2, 4, 10), (4, 4, 6)])
def test_every_position_is_reached_once_at_its_distance(width: int, height: int, depth: int) -> None:
    """Walking only the moves the automaton allows, from every blank cell, reaches each position within `depth` by
    exactly one path, as long as its shortest: what breadth-first search finds."""
    auto = move_pruning.automaton(width, height, depth)
    rnd = random.Random(width * 10 + height)
    for blank in range(width * height):
        tiles = list(range(1, width * height))
        rnd.shuffle(tiles)
        board = tuple(tiles[:blank] + [0] + tiles[blank:])
        reached: list[list[tuple[int, ...]]] = [[] for _ in range(depth + 1)]
        stack = [(board, auto.start[blank], 0)]
        while stack:
            b, state, moves = stack.pop()
            reached[moves].append(b)
            if moves < depth:
                here = b.index(0)
                assert auto.cell[state] == here
                stack.extend((slide(b, here, c), nxt, moves + 1) for c, nxt in auto.moves[state])
        for moves, expected in enumerate(layers(width, height, board, depth)):
            assert len(reached[moves]) == len(set(reached[moves])), f"a position reached twice in {moves} moves"
            assert set(reached[moves]) == expected, f"positions lost or late at {moves} moves"


def test_dominated_paths_are_minimal_and_start_with_reversals() -> None:
    bad = move_pruning.dominated_paths(4, 4)
    reversals = {p for p in bad if len(p) == 3}
    assert reversals == {(a, b, a) for a in range(16) for b in move_pruning._neighbours(4, 4)[a]}
    for p in bad:  # no shorter dominated path inside a longer one
        assert not any(p[i:j] in bad for i in range(len(p)) for j in range(i + 3, len(p) + 1) if (i, j) != (0, len(p)))


@pytest.mark.parametrize(("width", "height", "depth"), [(3, 3, 10), (2, 4, 10), (4, 4, 6)])
def test_packed_automaton_is_the_same(width: int, height: int, depth: int) -> None:
    """What the worker's snapshot holds (`pack`, then `keep`) unpacks to the automaton built here, once."""
    built = move_pruning.automaton(width, height, depth)
    data = move_pruning.pack(built, width, height)
    assert move_pruning.unpack(data, width, height) == built
    move_pruning.automaton.cache_clear()
    try:
        move_pruning.keep(width, height, data, depth)
        assert move_pruning.automaton(width, height, depth) == built
        assert (width, height, depth) not in move_pruning._packed  # the bytes are dropped once unpacked
    finally:
        move_pruning.automaton.cache_clear()
    with pytest.raises(ValueError, match="automaton"):
        move_pruning.unpack(data[:-4], width, height)


def test_the_automata_are_data_files_the_worker_fetches_with_their_tables(tmp_path) -> None:
    """The build writes each size's packed automaton as a data file (`packed_file`, kept once per version); the
    sliding family names it among the files a call on that size needs, and reading the data directory keeps it
    for the search to unpack, once."""
    from solvers import family

    sliding = family("sliding")
    for w, h in move_pruning.AS_DATA:
        name = move_pruning.file_name(w, h)
        assert name in sliding.data_files("hint", {"width": w, "height": h, "tiles": list(range(w * h))})
    assert move_pruning.file_name(5, 5) in sliding.data_files("hint", {"width": 6, "height": 6})  # its plan ends on 5x5
    assert not any(n.startswith("automaton") for n in sliding.data_files("hint", {"width": 3, "height": 3}))
    made = move_pruning.packed_file(2, 4, tmp_path / "cache")
    assert move_pruning.packed_file(2, 4, tmp_path / "cache") == made  # kept: made once
    (tmp_path / move_pruning.file_name(2, 4)).write_bytes(made.read_bytes())
    built = move_pruning.automaton(2, 4)
    move_pruning.automaton.cache_clear()
    try:
        move_pruning.keep_from(tmp_path, [(2, 4)])
        assert (2, 4, move_pruning.DEPTH) in move_pruning._packed
        assert move_pruning.automaton(2, 4) == built and (2, 4, move_pruning.DEPTH) not in move_pruning._packed
        move_pruning.keep_from(tmp_path, [(2, 4)])  # a later fetch of another table does not keep it again
        assert (2, 4, move_pruning.DEPTH) not in move_pruning._packed
    finally:
        move_pruning.automaton.cache_clear()
