"""Ubongo 3D: pieces and rotations, every family card against the data file, independent
counting and symmetry reduction, the difficulty measure, generator, hints, checks and CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterable
from math import prod
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from independent import connected

from solvers import PuzzleError, commands
from solvers import ubongo as u
from solvers.base import Params
from solvers.rules import ubongo as ru

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "benchmarks"
FAMILY_FILE = SHARED / "ubongo3d_family.json"
RAW_FILE = SHARED / "ubongo3d.json"
ORIGINAL_FILE = SHARED / "ubongo3d_original_pieces.json"
PLACEMENT_TECHNIQUES = ("forced piece", "forced cube", "most constrained piece", "most constrained cube",
                        "cut-off region")
needs_data = pytest.mark.skipif(not (FAMILY_FILE.exists() and RAW_FILE.exists() and ORIGINAL_FILE.exists()),
                                reason=f"Ubongo benchmark data missing in {SHARED}")

Cube = tuple[int, int, int]
CARD_1_1 = [[0, 1], [1, 0], [1, 1], [1, 2], [1, 3], [1, 4]]  # family card 1-1


# ----- independent geometry (no code shared with the module) ----------------------------


def shift(cubes: Iterable[Cube]) -> frozenset[Cube]:
    """Cubes moved so every coordinate starts at 0."""
    cubes = list(cubes)
    lo = [min(q[i] for q in cubes) for i in range(3)]
    return frozenset(tuple(q[i] - lo[i] for i in range(3)) for q in cubes)


def turn_x(q: Cube) -> Cube:
    """A quarter turn about the first axis."""
    return (q[0], -q[2], q[1])


def turn_y(q: Cube) -> Cube:
    """A quarter turn about the second axis."""
    return (q[2], q[1], -q[0])


def orientations(cubes: Iterable[Cube]) -> set[frozenset[Cube]]:
    """All orientations of a polycube: closure of the start under two quarter turns (they generate all 24)."""
    start = shift(cubes)
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for t in (turn_x, turn_y):
            n = shift(t(q) for q in s)
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def box_maps(cubes: list[Cube]) -> list[dict[Cube, Cube]]:
    """The isometries of space (quarter turns and one mirror, closed) mapping the box onto itself."""
    group = {(0, 1, 2, 1, 1, 1)}  # (axis perm, signs) as a tuple
    gens = [(0, 2, 1, 1, -1, 1), (2, 1, 0, 1, 1, -1), (0, 1, 2, -1, 1, 1)]  # turn x, turn y, mirror

    def compose(g: tuple[int, ...], h: tuple[int, ...]) -> tuple[int, ...]:
        # apply h then g: (g∘h)(q)[i] = g_sign[i] * h(q)[g_perm[i]]
        perm = tuple(h[g[i]] for i in range(3))
        signs = tuple(g[3 + i] * h[3 + g[i]] for i in range(3))
        return perm + signs

    todo = list(group)
    while todo:
        g = todo.pop()
        for h in gens:
            n = compose(h, g)
            if n not in group:
                group.add(n)
                todo.append(n)
    assert len(group) == 48
    box = set(cubes)
    lo = [min(q[i] for q in cubes) for i in range(3)]
    out = []
    for g in group:
        moved = {q: tuple(g[3 + i] * q[g[i]] for i in range(3)) for q in cubes}
        mlo = [min(m[i] for m in moved.values()) for i in range(3)]
        image = {q: tuple(m[i] - mlo[i] + lo[i] for i in range(3)) for q, m in moved.items()}
        if set(image.values()) == box:
            out.append(image)
    return out


def box_of(footprint: Iterable[Iterable[int]], height: int = 2) -> list[Cube]:
    """The cubes of footprint x height, sorted."""
    return sorted((r, c, z) for r, c in footprint for z in range(height))


def shapes_from_file() -> dict[str, set[frozenset[Cube]]]:
    """Orientations of the family pieces as the data file gives them."""
    data = json.loads(FAMILY_FILE.read_text())
    return {p["id"]: orientations(tuple(c) for c in p["cells"]) for p in data["pieces"]}


PIECE_SHAPES = {p.id: orientations(p.cubes) for p in u.PIECES}  # replaced by the file's in the data test


def is_valid_solution(footprint: list[list[int]], pieces: list[str], sol: dict[str, list[list[int]]],
                      height: int = 2) -> bool:
    """Independent checker: the listed pieces, each once in one of its orientations, fill the box exactly."""
    if sorted(sol) != sorted(pieces):
        return False
    seen: list[Cube] = []
    for pid, cubes in sol.items():
        cs = [tuple(q) for q in cubes]
        if shift(cs) not in PIECE_SHAPES[pid]:
            return False
        seen += cs
    return len(seen) == len(set(seen)) and sorted(seen) == box_of(footprint, height)


def brute_solutions(footprint: list[list[int]], pieces: list[str], height: int = 2) -> list[dict[str, frozenset]]:
    """Every filling, by filling the first empty cube with each orientation of each piece left."""
    box = box_of(footprint, height)
    inside = set(box)
    shapes = {p: [sorted(s) for s in PIECE_SHAPES[p]] for p in pieces}
    out: list[dict[str, frozenset]] = []

    def rec(filled: set[Cube], left: tuple[str, ...], sol: dict[str, frozenset]) -> None:
        if not left:
            if len(filled) == len(box):
                out.append(dict(sol))
            return
        first = next(q for q in box if q not in filled)
        for pid in left:
            for shape in shapes[pid]:
                d = [first[i] - shape[0][i] for i in range(3)]
                cubes = frozenset(tuple(q[i] + d[i] for i in range(3)) for q in shape)
                if cubes <= inside and not cubes & filled:
                    sol[pid] = cubes
                    rec(filled | cubes, tuple(p for p in left if p != pid), sol)
                    del sol[pid]

    rec(set(), tuple(pieces), {})
    return out


def orbit_key(sol: dict[str, frozenset], maps: list[dict[Cube, Cube]]) -> frozenset:
    """The set of all images of a solution (equal for symmetric duplicates)."""
    return frozenset(frozenset((pid, frozenset(m[q] for q in cubes)) for pid, cubes in sol.items()) for m in maps)


def brute_probability(footprint: list[list[int]], pieces: list[str], height: int = 2) -> float:
    """The reference's measure from brute force: prod(used / legal) / distinct solutions."""
    sols = brute_solutions(footprint, pieces, height)
    if not sols:
        return 0.0
    inside = set(box_of(footprint, height))
    maps = box_maps(box_of(footprint, height))
    distinct = len({orbit_key(s, maps) for s in sols})
    rows = max(r for r, _ in footprint) + 1
    cols = max(c for _, c in footprint) + 1
    ratio = []
    for pid in pieces:
        legal = set()
        for shape in PIECE_SHAPES[pid]:
            for dr in range(rows):
                for dc in range(cols):
                    for dz in range(height):
                        cubes = frozenset((a + dr, b + dc, z + dz) for a, b, z in shape)
                        if cubes <= inside:
                            legal.add(cubes)
        used = {s[pid] for s in sols}
        ratio.append(len(used) / len(legal))
    return prod(ratio) / distinct


def call(command: str, obj: dict) -> Any:
    """One command of the family's table (what the CLI and the worker run); PuzzleError raised."""
    return commands.run(u.FAMILY, command, obj)


def family_cards() -> list[dict]:
    """The 144 cards of ubongo3d.json with their computed filling subsets."""
    return json.loads(RAW_FILE.read_text())["ubongo3d_family"]["cards"]


# ----- pieces and rotations ------------------------------------------------------------


def test_rotation_group_and_counts() -> None:
    mats = set(u.ROTATIONS)
    assert len(mats) == 24
    # Known orientation counts: screw tetracubes 12, L-tromino 12, domino 3, the rest asymmetric 24.
    assert [len(u.orientations(p.cubes)) for p in u.PIECES[:8]] == [24, 12, 12, 3, 12, 24, 24, 24]
    for p in u.PIECES:
        assert set(map(frozenset, u.orientations(p.cubes))) == PIECE_SHAPES[p.id]
    assert len(u.orientations(((0, 0, 0),))) == 1
    assert len(u.orientations(((0, 0, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)))) == 3  # square
    assert len(u.orientations(((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)))) == 8  # tripod


@needs_data
def test_original_pieces_rotation_counts() -> None:
    pieces = json.loads(ORIGINAL_FILE.read_text())["pieces"]
    assert len(pieces) == 16
    for p in pieces:
        cubes = tuple(tuple(c) for c in p["cells"])
        assert len(u.orientations(u.normalise(cubes))) == len(orientations(cubes)), p["name"]


@needs_data
def test_pieces_match_the_data_file() -> None:
    data = json.loads(FAMILY_FILE.read_text())
    assert [p["id"] for p in data["pieces"]] == list(u.SETS["family"]) == list(u.PIECE_IDS[:8])
    assert data["board_height"] == u.HEIGHT
    assert shapes_from_file() == {pid: PIECE_SHAPES[pid] for pid in u.SETS["family"]}
    assert [len(u.PIECE_BY_ID[pid].cubes) for pid in u.SETS["family"]] == [p["cubes"] for p in data["pieces"]]
    table = u.pieces_json()
    assert [t["id"] for t in table] == list(u.PIECE_IDS) and len({t["colour"] for t in table[:8]}) == 8


@needs_data
def test_original_set_matches_its_data_file() -> None:
    """The 16 types of the original game: the file's cells are [layer, row, column]; shapes compared under the
    24 turns only, so a mirror image would fail; names say the file's colour; colours differ within the set."""
    data = json.loads(ORIGINAL_FILE.read_text())["pieces"]
    assert [p["name"].lower() for p in data] == list(u.SETS["original"])
    for p in data:
        pid = p["name"].lower()
        assert orientations((y, x, z) for z, y, x in p["cells"]) == PIECE_SHAPES[pid], pid
        assert len(u.PIECE_BY_ID[pid].cubes) == p["cubes"]
        assert u.PIECE_BY_ID[pid].name.startswith(p["color"] + " ")
    assert len({frozenset(PIECE_SHAPES[pid]) for pid in u.SETS["original"]}) == 16  # 16 different shapes
    assert len({u.PIECE_BY_ID[pid].colour for pid in u.SETS["original"]}) == 16


def test_placements_stay_in_the_box() -> None:
    card = u.parse_card({"footprint": CARD_1_1, "pieces": ["g3", "r4", "y5"]})
    b = card.board
    inside = set(box_of(CARD_1_1))
    assert b.placements and all(set(pl.cubes) <= inside for pl in b.placements)
    assert len({(pl.piece, frozenset(pl.cubes)) for pl in b.placements}) == len(b.placements)
    # The domino lies along each of 6 row pairs? count it independently: adjacent cube pairs in the box.
    pairs = {frozenset((q, n)) for q in inside for n in inside if sum(abs(q[i] - n[i]) for i in range(3)) == 1}
    assert sum(pl.piece == "r2" for pl in b.placements) == len(pairs)


# ----- the family cards ------------------------------------------------------------------


@needs_data
def test_every_family_card_is_filled_by_its_listed_subsets() -> None:
    cards = family_cards()
    assert len(cards) == 144
    for c in cards:
        subsets = u.fill_subsets([tuple(s) for s in c["footprint_rc"]])
        assert subsets, c["card"]
        assert sorted(map(sorted, subsets)) == sorted(map(sorted, c["tileable_piece_subsets_computed"])), c["card"]
        for s in subsets:
            out = call("solve", {"footprint": c["footprint_rc"], "height": 2, "pieces": list(s)})
            assert is_valid_solution(c["footprint_rc"], list(s), out["solution"]), (c["card"], s)


@needs_data
def test_family_card_footprints_agree_between_files() -> None:
    fam = {c["card"]: c["footprint"] for c in json.loads(FAMILY_FILE.read_text())["cards"]}
    assert {c["card"]: c["footprint_rc"] for c in family_cards()} == fam


@needs_data
def test_counts_and_distinct_solutions_match_brute_force_on_sample() -> None:
    rng = random.Random(3)
    for c in rng.sample(family_cards(), 12):
        fp = c["footprint_rc"]
        maps = box_maps(box_of(fp))
        for s in c["tileable_piece_subsets_computed"][:3]:
            sols = brute_solutions(fp, s)
            card = u.parse_card({"footprint": fp, "pieces": s})
            assert u.count_raw(card) == len(sols)
            distinct = u.distinct_solutions(card)
            assert len(distinct) == len({orbit_key(x, maps) for x in sols})
            assert all(is_valid_solution(fp, s, u.solution_json(d)) for d in distinct)


@pytest.mark.slow
@needs_data
def test_every_family_pair_counts_like_brute_force() -> None:
    for c in family_cards():
        fp = c["footprint_rc"]
        for s in c["tileable_piece_subsets_computed"]:
            card = u.parse_card({"footprint": fp, "pieces": s})
            assert u.count_raw(card) == len(brute_solutions(fp, s)), (c["card"], s)


# ----- symmetry reduction -----------------------------------------------------------------


@pytest.mark.parametrize("footprint, pieces", [
    # a 2x4x2 block: 16 symmetries, including a quarter turn about its long axis
    ([[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3]], ["y5", "y4", "r4", "g3"]),
    ([[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3]], ["y5", "r2", "b4", "b5"]),
    ([[0, 1], [1, 0], [1, 1], [1, 2], [2, 1], [3, 1]], ["y5", "r4", "g3"]),  # mirror + layer swap
])
def test_symmetric_duplicates_are_removed(footprint: list[list[int]], pieces: list[str]) -> None:
    card = u.parse_card({"footprint": footprint, "pieces": pieces})
    maps = box_maps(box_of(footprint))
    assert len(card.board.symmetries) == len(maps)
    raw = brute_solutions(footprint, pieces)
    assert u.count_raw(card) == len(raw) > 0
    distinct = u.distinct_solutions(card)
    keys = [orbit_key({p: frozenset(c) for p, c in d.items()}, maps) for d in distinct]
    assert len(set(keys)) == len(keys)  # no two kept solutions are images of each other
    assert set(keys) == {orbit_key(s, maps) for s in raw}  # every solution is an image of a kept one
    if len(maps) > 1:
        assert len(raw) > len(distinct)
    out = call("solutions", {"footprint": footprint, "pieces": pieces})
    assert out["count"] == len(distinct) and len(out["solutions"]) == min(len(distinct), u.SOLUTIONS_CAP)
    assert all(is_valid_solution(footprint, pieces, s) for s in out["solutions"])


# ----- difficulty and generator -------------------------------------------------------------


@needs_data
def test_probability_matches_independent_computation() -> None:
    rng = random.Random(5)
    for c in rng.sample(family_cards(), 8):
        s = rng.choice(c["tileable_piece_subsets_computed"])
        r = u.rate(u.parse_card({"footprint": c["footprint_rc"], "pieces": s}))
        assert r.probability == pytest.approx(brute_probability(c["footprint_rc"], s), rel=1e-12)
        assert r.level == u.level_of(r.probability) and 1 <= r.level <= 4


def test_level_bands() -> None:
    assert u.level_of(0.0) == 0
    assert u.level_of(0.5) == 1 and u.level_of(1e-3) == 2 and u.level_of(5e-5) == 3 and u.level_of(1e-5) == 4
    assert u.level_of(1e-9) == 4


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_generator_is_deterministic_and_on_level(level: int) -> None:
    for seed in (0, 1, "abc"):
        out = call("generate", {"difficulty": level, "seed": seed})
        assert out == call("generate", {"difficulty": u.GRADES[level - 1], "seed": seed})
        assert out["level"] == level and out["difficulty"] == u.GRADES[level - 1]
        fp, pieces = out["footprint"], out["pieces"]
        assert len(pieces) == u.DEFAULT_PIECES[level]
        assert out["probability"] == pytest.approx(brute_probability(fp, pieces), rel=1e-12)
        assert u.level_of(brute_probability(fp, pieces)) == level
        sol = call("solve", {"footprint": fp, "height": 2, "pieces": pieces})["solution"]
        assert is_valid_solution(fp, pieces, sol)
        assert u.parse(out["code"]) == u.parse_card(out)
    assert call("generate", {"seed": 1})["code"] != call("generate", {"seed": 2})["code"]


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_original_set_generator_is_deterministic_and_on_level(level: int) -> None:
    for seed in (0, 7):
        out = call("generate", {"difficulty": level, "seed": seed, "variant": "original"})
        assert out == call("generate", {"difficulty": level, "seed": seed, "variant": "original"})
        fp, pieces = out["footprint"], out["pieces"]
        assert out["level"] == level and len(pieces) == u.DEFAULT_PIECES[level]
        assert set(pieces) <= set(u.SETS["original"]) and len(set(pieces)) == len(pieces)
        assert out["probability"] == pytest.approx(brute_probability(fp, pieces), rel=1e-12)
        assert is_valid_solution(fp, pieces, call("solve", out)["solution"])
        card = u.parse(out["code"])
        assert card == u.parse_card(out) and card.kit == "original"
        state: dict[str, list[list[int]]] = {}  # walk the hints to the end: every step keeps it solvable
        for _ in pieces:
            h = call("hint", {**out, "state": state})
            state[h["move"]["piece"]] = h["move"]["cells"]
            assert solvable_brute(fp, pieces, state)
        assert is_valid_solution(fp, pieces, state)
    assert call("generate", {"seed": 3, "variant": "family"}) == call("generate", {"seed": 3})


def test_sets_do_not_mix_and_variants_are_named() -> None:
    with pytest.raises(PuzzleError, match="one set"):
        u.make_card([(0, 0), (0, 1), (0, 2), (1, 0)], 2, ["yv", "y4"])
    with pytest.raises(PuzzleError, match="family, original"):
        call("generate", {"seed": 0, "variant": "deluxe"})
    assert call("info", {})["variants"][1][0] == "original"
    whole = call("solve", {"footprint": [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]], "variant": "original"})
    assert whole["subsets"] and all(set(s) <= set(u.SETS["original"]) for s in whole["subsets"])


def test_generator_size_and_bad_requests() -> None:
    out = call("generate", {"difficulty": 3, "seed": 9, "size": 5})
    assert len(out["pieces"]) == 5 and out["level"] == 3
    with pytest.raises(PuzzleError):
        u.generate(5, 0)
    with pytest.raises(PuzzleError):
        call("generate", {"seed": 0, "size": 9})


# ----- hints and checks -------------------------------------------------------------------


def solvable_brute(footprint: list[list[int]], pieces: list[str], state: dict[str, list[list[int]]]) -> bool:
    """Whether some filling extends the placed pieces (brute force)."""
    placed = {p: frozenset(map(tuple, c)) for p, c in state.items()}
    return any(all(s[p] == c for p, c in placed.items()) for s in brute_solutions(footprint, pieces))


def test_hints_lead_to_a_solution() -> None:
    fp, pieces = CARD_1_1, ["g3", "g5", "b4"]
    state: dict[str, list[list[int]]] = {}
    for _ in range(len(pieces)):
        h = call("hint", {"footprint": fp, "pieces": pieces, "state": state})
        assert h["technique"] in PLACEMENT_TECHNIQUES
        assert h["solvable"] and h["reason"]
        state[h["move"]["piece"]] = h["move"]["cells"]
        assert solvable_brute(fp, pieces, state)
    assert is_valid_solution(fp, pieces, state)
    assert call("hint", {"footprint": fp, "pieces": pieces, "state": state})["technique"] == "solved"
    assert call("check", {"footprint": fp, "pieces": pieces, "state": state})["solved"] is True


def test_hint_takes_back_a_blocking_piece() -> None:
    fp, pieces = CARD_1_1, ["g3", "g5", "b4"]
    state = {"g3": [[1, 3, 0], [1, 4, 0], [1, 4, 1]]}
    assert not solvable_brute(fp, pieces, state)
    h = call("hint", {"footprint": fp, "pieces": pieces, "state": state})
    assert h["technique"] == "take back" and h["move"] == {"remove": "g3"} and h["solvable"] is False
    c = call("check", {"footprint": fp, "pieces": pieces, "state": state})
    assert c["errors"] == [] and c["solvable"] is False and c["solved"] is False
    assert [p["rule"] for p in c["problems"]] == ["stuck"] and c["messages"]


def test_hint_and_check_report_mistakes() -> None:
    fp, pieces = CARD_1_1, ["g3", "g5", "b4"]
    out = {"g3": [[0, 1, 0], [0, 1, 1], [0, 2, 0]]}  # sticks out at (0, 2)
    h = call("hint", {"footprint": fp, "pieces": pieces, "state": out})
    assert h["technique"] == "mistake" and h["move"] == {"remove": "g3"} and h["cells"] == [[0, 2, 0]]
    c = call("check", {"footprint": fp, "pieces": pieces, "state": out})
    assert c["errors"] == [[0, 2, 0]] and c["messages"] and not c["solved"]
    assert c["problems"] == [{"cells": [[0, 2, 0]], "rule": "off-board", "text": c["messages"][0]}]
    wrong = {"g3": [[1, 0, 0], [1, 1, 0], [1, 2, 0]]}  # a straight three is not the green L
    assert [p["rule"] for p in call("check", {"footprint": fp, "pieces": pieces, "state": wrong})["problems"]] == [
        "shape"]
    overlap = {"g3": [[1, 0, 0], [1, 1, 0], [1, 0, 1]], "b4": [[1, 0, 0], [1, 1, 1], [1, 2, 1], [1, 3, 1]]}
    assert call("check", {"footprint": fp, "pieces": pieces, "state": overlap})["problems"]
    overlap["b4"] = [[1, 1, 0], [1, 2, 0], [1, 3, 0], [0, 1, 0]]  # a true b4, on the green three's [1, 1, 0]
    c = call("check", {"footprint": fp, "pieces": pieces, "state": overlap})
    assert c["problems"] == [{"cells": [[1, 1, 0]], "rule": "overlap", "text": c["messages"][0]}]
    other = call("hint", {"footprint": fp, "pieces": pieces, "placed": {"r2": [[0, 1, 0], [0, 1, 1]]}})
    assert other["move"] == {"remove": "r2"}


# ----- parsing and bad input ------------------------------------------------------------------


@pytest.mark.parametrize("obj", [
    {"footprint": []},
    {"footprint": [[0, 0], [2, 2]], "pieces": ["g3"]},
    {"footprint": [[0, 0], [0, 1]], "pieces": ["zz"]},
    {"footprint": [[0, 0], [0, 1]], "pieces": ["g3"]},
    {"footprint": [[0, 0], [0, 1]], "pieces": ["r2", "r2"]},
    {"footprint": [[0, 0], [0, 0]], "pieces": ["r2"]},
    {"footprint": [[0, "a"]], "pieces": ["r2"]},
    {"footprint": "x"},
    {"footprint": [[0, 0], [0, 1]], "pieces": "r2"},
    {"footprint": [[0, 0]], "height": 9, "pieces": ["r2"]},
    {"footprint": [[0, 0], [0, 1]], "pieces": ["r2", "g3"], "height": 2},
])
def test_bad_input_is_a_puzzle_error(obj: dict) -> None:
    with pytest.raises(PuzzleError) as err:
        call("solve", obj)
    assert err.value.kind == "invalid" and str(err.value)


@pytest.mark.parametrize("text", ["", "g3", "g3_01x_2", "qq_11_2", "r2_11_x", "r2_1001_2", "r2_11.00.01_2"])
def test_bad_links(text: str) -> None:
    with pytest.raises(PuzzleError):
        u.parse(text)


def test_unsolvable_and_subset_modes() -> None:
    with pytest.raises(PuzzleError) as err:
        call("solve", {"footprint": [[0, 0], [0, 1], [0, 2], [0, 3]], "pieces": ["g3", "g5"]})
    assert err.value.kind == "no-solution"
    out = call("solve", {"footprint": CARD_1_1, "count": True})
    assert ["y5", "r4", "g3"] in out["subsets"] and len(out["counts"]) == len(out["subsets"])
    assert is_valid_solution(CARD_1_1, out["pieces"], out["solution"])


@st.composite
def footprints(draw: st.DrawFn) -> list[tuple[int, int]]:
    """A random connected footprint of 3..8 squares."""
    seed = draw(st.integers(0, 10**6))
    return list(u.grow_footprint(random.Random(seed), draw(st.integers(3, 8))))


@st.composite
def piece_lists(draw: st.DrawFn) -> list[str]:
    """1..4 different pieces of one set."""
    kit = draw(st.sampled_from(sorted(u.SETS)))
    return draw(st.lists(st.sampled_from(u.SETS[kit]), min_size=1, max_size=4, unique=True))


@settings(max_examples=60, deadline=None)
@given(footprints(), piece_lists())
def test_format_parse_round_trip_and_solve(fp: list[tuple[int, int]], pieces: list[str]) -> None:
    if u.volume(pieces) != 2 * len(fp):
        with pytest.raises(PuzzleError):
            u.make_card(fp, 2, pieces)
        return
    card = u.make_card(fp, 2, pieces)
    assert u.parse(u.format_card(card)) == card
    sol = u.solve(card)
    brute = brute_solutions([list(s) for s in fp], pieces)
    assert (sol is None) == (not brute)
    if sol is not None:
        assert is_valid_solution([list(s) for s in fp], pieces, u.solution_json(sol))


# ----- command line ---------------------------------------------------------------------------


def run_cli(*args: str, stdin: str = "") -> list[dict]:
    """JSON lines printed by `python -m solvers ubongo ...`."""
    proc = subprocess.run([sys.executable, "-m", "solvers", "ubongo", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120, check=True)
    assert "Traceback" not in proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_cli_solve_generate_hint() -> None:
    lines = [
        {"footprint": CARD_1_1, "height": 2, "pieces": ["g3", "r4", "y5"], "count": True},
        {"footprint": [[0, 0], [2, 2]], "pieces": ["g3"]},
    ]
    stdin = "\n".join(json.dumps(x) for x in lines) + "\nnot json\n"
    first, bad, broken = run_cli("solve", stdin=stdin)
    assert is_valid_solution(CARD_1_1, ["g3", "r4", "y5"], first["solution"]) and first["count"] == 1
    assert bad["kind"] == "invalid" and "parts" in bad["error"] and broken["kind"] == "invalid"
    gen = run_cli("generate", "--difficulty", "3", "--seed", "11")
    assert gen == run_cli("generate", "--difficulty", "Hard", "--seed", "11")
    assert gen[0]["level"] == 3 and gen[0]["difficulty"] == "Hard"
    hint = run_cli("hint", stdin=json.dumps({**gen[0], "state": {}}) + "\n")[0]
    assert hint["move"]["piece"] in gen[0]["pieces"] and hint["solvable"] is True
    assert call("solutions", gen[0])["count"] == gen[0]["solutions"]


# ----- trace (watch the solver) ---------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_trace_replays_to_the_solution(seed: int) -> None:
    card = call("generate", {"difficulty": seed % 4 + 1, "seed": seed})
    events = list(call("trace", card))
    box: dict[tuple[int, ...], str] = {}  # cube -> piece, replayed
    for ev in events[:-1]:
        if ev["event"] == "place":
            cubes = [tuple(q) for q in ev["cells"]]
            assert ev["piece"] not in box.values() and not set(cubes) & set(box), ev
            box.update(dict.fromkeys(cubes, ev["piece"]))
        else:
            assert ev["event"] == "remove" and ev["piece"] in box.values()
            box = {q: p for q, p in box.items() if p != ev["piece"]}
    assert events[-1] == {"event": "solved", "steps": sum(ev["event"] == "place" for ev in events)}
    sol = {pid: sorted([list(q) for q, p in box.items() if p == pid]) for pid in set(box.values())}
    assert is_valid_solution(card["footprint"], card["pieces"], sol)
    assert sol == call("solve", card)["solution"]


def test_trace_errors_and_cli() -> None:
    with pytest.raises(PuzzleError, match="unknown trace method"):
        call("trace", {"footprint": CARD_1_1, "pieces": ["g3", "r4", "y5"], "method": "guess"})
    with pytest.raises(PuzzleError) as err:
        call("trace", {"footprint": [[0, 0], [0, 1], [0, 2]], "pieces": ["g3", "r2", "y4"][:2]})
    assert err.value.kind in ("invalid", "no-solution")
    with pytest.raises(PuzzleError) as err:
        list(call("trace", {"footprint": CARD_1_1, "pieces": ["g3", "r4", "y5"], "max_steps": 1}))
    assert err.value.kind == "timeout"
    *moves, last = run_cli("trace", stdin=json.dumps({"footprint": CARD_1_1, "pieces": ["g3", "r4", "y5"]}) + "\n")
    assert last["event"] == "solved" and {m["event"] for m in moves} <= {"place", "remove"}


# ----- the typed contract ---------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_card_round_trip_apply_and_hint_steps(seed: int) -> None:
    card = u.FAMILY.generate(Params(seed % 4), seed)
    text = u.FAMILY.format(card)
    assert u.FAMILY.parse(text) == card == u.FAMILY.read(u.FAMILY.write(card))
    assert u.FAMILY.parse(text + "~r2:000001") == card  # a link's placed pieces are not the puzzle
    state = u.FAMILY.start(card)
    for _ in card.pieces or ():
        h = u.FAMILY.hint(card, state, {})
        assert h.where and h.what and h.move_text and h.technique in PLACEMENT_TECHNIQUES
        state = u.FAMILY.apply(card, state, h.move_text)
        assert u.FAMILY.check(card, state) == []
    assert u.FAMILY.is_solved(card, state)
    sol = u.FAMILY.write_state(card, state)
    assert is_valid_solution(card.to_json()["footprint"], list(card.pieces or ()), sol)
    back = u.FAMILY.apply(card, state, "-" + (card.pieces or ("",))[0])
    assert not u.FAMILY.is_solved(card, back)
    moves = [f"{pid}:{','.join(''.join(map(str, q)) for q in cubes)}" for pid, cubes in sol.items()]
    assert call("apply", {**card.to_json(), "moves": moves}) == {"state": sol, "solved": True}


def test_bad_moves_are_refused() -> None:
    card = u.parse_card({"footprint": CARD_1_1, "pieces": ["g3", "g5", "b4"]})
    state = u.FAMILY.apply(card, u.FAMILY.start(card), "g3:100,110,101")
    for bad, message in [("r2:000,001", "not one of this card's pieces"), ("g5:000,001", "own shape"),
                         ("b4:110,120,130,010", "overlap"), ("-g5", "not on the card"), ("g3", "a move looks like"),
                         ("g3:00", "three digits")]:
        with pytest.raises(PuzzleError, match=message):
            u.FAMILY.apply(card, state, bad)
    assert u.FAMILY.write_state(card, u.FAMILY.apply(card, state, "g3:130,140,141")) == {
        "g3": [[1, 3, 0], [1, 4, 0], [1, 4, 1]]}  # placing a piece again moves it


def test_extra_commands_answer_through_the_table() -> None:
    info = call("info", {})
    assert info["commands"][-2:] == ["solutions", "rate"] and info["sizes"] == [2, 3, 4, 5]
    card = {"footprint": CARD_1_1, "pieces": ["g3", "r4", "y5"]}
    assert call("rate", card)["level"] == u.rate(u.parse_card(card)).level
    assert call("solutions", card)["count"] == 1


# ----- the page's placing aids (rules/ubongo.py): why a placement is refused, the turns that fit ----------------


def partial_builds(seed: int) -> tuple[ru.Card, list[dict[str, tuple[Cube, ...]]]]:
    """A generated card and builds on it: nothing placed, then the pieces of a solution one at a time."""
    card = u.FAMILY.generate(Params(seed % 4), seed)
    page = ru.card_of(u.format_card(card))
    sol = u.solve(card)
    builds = [dict(list(sol.items())[:k]) for k in range(len(sol))]
    return page, builds


@pytest.mark.parametrize("seed", range(5))
def test_the_turns_that_fit_at_a_cube_match_brute_force(seed: int) -> None:
    page, builds = partial_builds(seed)
    for placed in builds:
        taken = {q for cubes in placed.values() for q in cubes}
        free = set(box_of(page.footprint, page.height)) - taken
        for pid in (p for p in page.pieces if p not in placed):
            for at in box_of(page.footprint, page.height):
                # brute force: every orientation, every cube of it put at `at`, every cube free
                want = {shape for shape in PIECE_SHAPES[pid] for c in shape
                        if all((at[0] + q[0] - c[0], at[1] + q[1] - c[1], at[2] + q[2] - c[2]) in free
                               for q in shape)}
                ways = ru.ways_at(page, placed, pid, at)
                assert {frozenset(shape) for shape, _ in ways} == want, (pid, at)
                assert len(ways) == len(want)  # one way a turn
                for shape, anchor in ways:
                    laid = ru.fit(shape, anchor, at, page.size())
                    assert at in laid and set(laid) <= free and ru.fits_piece(pid, laid)
                    assert ru.clash(page, placed, pid, laid) == ((), ())


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 3), st.data())
def test_a_refused_placement_names_the_cubes_outside_and_on_other_pieces(seed: int, data: st.DataObject) -> None:
    page, builds = partial_builds(seed)
    placed = builds[-1]
    pid = data.draw(st.sampled_from([p for p in page.pieces if p not in placed] or page.pieces))
    placed = {p: c for p, c in placed.items() if p != pid}
    shape = sorted(data.draw(st.sampled_from(sorted(PIECE_SHAPES[pid], key=sorted))))
    dr, dc, dz = (data.draw(st.integers(-2, 4)) for _ in range(3))
    cubes = tuple(sorted((r + dr, c + dc, z + dz) for r, c, z in shape))
    owner = {q: other for other, qs in placed.items() for q in qs}
    inside = set(box_of(page.footprint, page.height))
    want_outside = tuple(q for q in cubes if q not in inside)
    want_covered = tuple((q, owner[q]) for q in cubes if q in owner)
    outside, covered = ru.clash(page, placed, pid, cubes)
    assert (outside, covered) == (want_outside, want_covered)
    refused = ru.card_of(page.code()).problem({**placed, pid: cubes}) is not None
    assert refused == bool(outside or covered)
    if not refused:
        return
    text = ru.clash_text(page, pid, outside, covered)
    bad = len(outside) + len(covered)
    assert text.startswith(f"The {ru.NAME[pid]} ({pid}) would have ")
    assert (f"all {len(cubes)} of its cubes" if bad == len(cubes) else f"{bad} of its {len(cubes)} cubes") in text
    assert ("above the top layer (at " in text) == any(q[2] >= 2 for q in outside)
    assert ("below the bottom layer (at " in text) == any(q[2] < 0 for q in outside)
    assert ("off the card's edge (at " in text) == any(0 <= q[2] < 2 for q in outside)
    for other in {o for _, o in covered}:
        n = sum(o == other for _, o in covered)
        assert f"{n} on {other}, the {ru.NAME[other]} (at " in text
    for q in [q for q, _ in covered] + [q for q in outside if 0 <= q[2] < 2]:
        assert f"layer {q[2] + 1}, row {q[0] + 1}, column {q[1] + 1}" in text


def test_fit_keeps_a_piece_too_long_for_the_card_on_the_plate() -> None:
    card = ru.card_of("r4-r2-b4_111.011_2")
    standing = ((0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0))  # the blue four standing up: three cubes high
    cubes = ru.fit(standing, (0, 0, 0), (0, 1, 1), card.size())
    assert min(q[2] for q in cubes) == 0 and max(q[2] for q in cubes) == 2  # on the plate, one cube above layer 2
    assert ru.clash(card, {}, "b4", cubes) == (((0, 1, 2),), ())
    assert ru.parse_move(ru.format_move("b4", cubes)) == ("b4", cubes)  # no negative cube to write


@pytest.mark.parametrize("text, message", [
    ("", "Type a card's number first"), ("  ", "Type a card's number first"), ("12a45", "digits only"),
    ("-20001", "digits only"), ("2.5", "digits only"), ("9999", "There is no card 9999"),
    ("90000", "go from 10000 to 89999"), ("1" * 40, "There is no card")])
def test_bad_card_numbers_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ru.card_number(text)


@pytest.mark.parametrize("level, kit", [(1, "family"), (4, "family"), (2, "original"), (4, "original")])
def test_card_numbers_name_their_level_and_pieces_and_make_the_same_card(level: int, kit: str) -> None:
    number = ru.card_no(level, kit, 4821)
    assert ru.card_number(str(number)) == (number, level, kit) == ru.card_number(f" #{number} ")
    made = commands.run(u.FAMILY, "generate", {"seed": number, "difficulty": level, "variant": kit})
    assert made["level"] == level and set(made["pieces"]) <= set(ru.SETS[kit])
    assert ru.number_of(made) == number
    again = commands.run(u.FAMILY, "generate", {"seed": str(number), "difficulty": level, "variant": kit})
    assert again["code"] == made["code"]  # the number typed on the page makes the card New made
    assert ru.number_of({**made, "level": level % 4 + 1}) is None  # not this level's number
    assert ru.number_of({**made, "seed": "daily-2026-01-01"}) is None and ru.number_of({**made, "seed": 7}) is None
    text = ru.text_of(made)  # the page's link names the card's number, and reads it back
    assert text == made["code"] + f"_{number}" and ru.text_of(ru.puzzle_of(text)) == text
    assert ru.number_of(ru.puzzle_of(text + "~" + made["pieces"][0] + ":000")) == number
    opened = commands.run(u.FAMILY, "import", {"text": f"http://127.0.0.1/ubongo.html#{text}~-g3"})
    assert ru.text_of(opened) == made["code"]  # the command line reads such a link as the card


@pytest.mark.parametrize("text, message", [
    ("r4-r2-b4_111.011_2_50001", "is a card of the original game's set, not of these pieces"),
    ("r4-r2-b4_111.011_2_9", "There is no card 9"), ("r4-r2-b4_111.011_2_x", "digits only")])
def test_a_link_with_a_number_of_no_card_of_its_pieces_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ru.puzzle_of(text)
    with pytest.raises(PuzzleError, match=message):
        u.FAMILY.parse(text)


def test_the_starter_cards_have_numbers() -> None:
    """The build's ready-made cards (shown while the worker loads) are made from card numbers: the card line shows
    one as it does for New's cards."""
    for grade in range(len(u.FAMILY.grades)):
        seed = u.FAMILY.starter_seed(grade)
        made = commands.run(u.FAMILY, "generate", {"difficulty": grade + 1, "seed": seed})
        assert ru.number_of(made) == seed and ru.card_number(str(seed))[1:] == (grade + 1, ru.KITS[0])


# ----- the independent checker of a solve answer (tests/test_contract.py runs it) ---------------------------

def solution_ok(puzzle: dict, answer: dict) -> bool:
    """The card's pieces, each connected, fill its footprint two layers high."""
    pieces = [{tuple(c) for c in cubes} for cubes in answer["solution"].values()]
    covered = sorted(c for p in pieces for c in p)
    want = sorted((r, c, layer) for r, c in puzzle["footprint"] for layer in range(puzzle["height"]))
    return sorted(answer["solution"]) == sorted(puzzle["pieces"]) and covered == want and all(map(connected, pieces))
