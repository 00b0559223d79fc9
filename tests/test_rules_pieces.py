"""The piece rules layer (solvers/rules/genius.py, ubongo.py, placing.py, rng.py) on both interpreters.

The page runs these modules under MicroPython, the worker and the CLI under CPython: the same
calls must print the same answers (same seed -> same roll, same links, same checks). Also
checks that the solvers read their tables from the rules layer and that the links round-trip.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from micropython import run_micropython

from solvers import genius, ubongo
from solvers.base import Params
from solvers.rules import genius as rg
from solvers.rules import placing
from solvers.rules import ubongo as ru
from solvers.rules.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
MODULES = {f"rules/{n}": ROOT / "solvers" / "rules" / f"{n}.py" for n in ("__init__", "rng", "placing", "genius",
                                                                           "ubongo")}

# One script, printed line by line: run under CPython (rules as a top-level package) and MicroPython.
SCRIPT = r'''
from rules import genius as g, ubongo as u, placing
from rules.rng import Rng

def show(label, value):
    print(label, repr(value))

def error(fn, *args):
    try:
        return ("ok", fn(*args))
    except ValueError as exc:
        return ("error", str(exc))

r = Rng("tessera")
show("rng", [r.next() for _ in range(5)] + [r.below(7) for _ in range(5)])
items = list(range(10))
r.shuffle(items)
show("shuffle", items)
for seed in (0, 1, 42, "abc", "daily-2026-11-23", "x" * 40):
    show("roll", g.roll(seed))
stream = g.rolls(7)
show("rolls", [next(stream) for _ in range(4)])
show("orientations", [len(g.orientations(g.SHAPE[p])) for p in g.IDS])
show("placements", [len(g.placements(p)) for p in g.IDS])
blockers = g.check_blockers([g.parse_cell(c) for c in g.roll(5)])
show("format", g.format_roll(blockers))
placed = {"O": (0, 1, 6, 7), "T": (12, 13, 14, 19)}
link = g.format_link(blockers, placed)
show("link", link)
show("parse_link", error(g.parse_link, link))
show("parse_link_lower", error(g.parse_link, link.lower()))
for bad in ("A1A2", "A1A1B2C3D4E5F6", "A1A2B2C3D4E5G6", "A1A4B3D3D5F1F2~O:C4C5D4D5", "A1A4B3D3D5F1F2~Q:A2"):
    show("bad_link", error(g.parse_link, bad))
mistakes = {"I4": (18, 19, 20, 21), "O": (21, 22, 27, 28), "T": (0, 1, 7, 13), "1": (2,)}
found = g.problems((2, 4, 9, 17, 25, 29, 30), mistakes)
show("problems", found)
show("texts", [g.problem_text(p) for p in found])
show("moves", [g.parse_move("l4:A1,A2,A3,B1"), g.parse_move("-o"), g.format_move("L4", (2, 1, 0, 6))])
show("bad_move", [error(g.parse_move, t) for t in ("", "O", "Q:A1", "O:A9")])
show("dice_for", g.dice_for(blockers))
show("fit", g.fit(g.SHAPE["L4"], (1, 0), 5, 5))
show("u_rotations", len(u.rotations()))
show("u_orientations", [len(u.orientations(u.SHAPE[p])) for p in u.IDS])
code = "g3-r4-y5_01000.11111_2"
show("code", error(u.parse_code, code))
card = u.card_of(code)
show("card", (card.footprint, card.height, card.pieces, card.size(), card.code()))
cubes = {"g3": ((1, 0, 0), (1, 0, 1), (1, 1, 0)), "r4": ((1, 1, 1), (1, 2, 1), (1, 2, 0), (1, 3, 0))}
show("u_problems", card.problems(cubes))
ulink = u.format_link(card, {"g3": cubes["g3"]})
for text in (code, code + "~g3:x", "g3-r4", link, "A1A2"):
    show("u_puzzle_of", error(lambda t: sorted(u.puzzle_of(t).items()), text))
    show("g_puzzle_of", error(g.puzzle_of, text))
show("u_text_of", (u.text_of(card.request()), u.size_of(card.request())))
for text in ("r4-r2-b4_111.011_2_10001~r2:000001", "r4-r2-b4_111.011_2_10001", "r4-r2-b4_111.011_2_50001",
             "r4-r2-b4_111.011_2_9", "r4-r2-b4_111.011_2_#x", "r4-r2-b4_111.011_2"):  # a link naming its card number
    show("u_number", (error(u.code_number, text), error(lambda t: u.text_of(u.puzzle_of(t)), text)))
show("g_text_of", (g.text_of({"blockers": ["F6", "A1", "B2", "C3", "D4", "E5", "F1"]}), g.size_of({})))
show("u_link", ulink)
back = u.parse_link(ulink)
show("u_parse_link", (back[0] == card, sorted(back[1].items())))
for bad in ("", "g3", "g3_01x_2", "qq_11_2", "r2_11_x", "r2_1001_2", "r2_11.00.01_2", "r2_11_2~r2:000",
            "g3-r4-y5_01000.11111_2~b5:000"):
    show("u_bad", error(u.parse_code if "~" not in bad else u.parse_link, bad))
show("u_moves", [u.parse_move("G3:100,110,101"), u.parse_move("-r2"), u.format_move("g3", ((1, 1, 0), (1, 0, 0)))])
show("u_card_problem", [u.card_problem([(0, 0), (1, 1)], 2, None), u.card_problem([(0, 0), (0, 1)], 2, ["g3"]),
                        u.card_problem([(0, 0), (0, 1)], 2, ["r2", "r2"]), u.card_problem([(0, 0), (0, 1)], 1, ["r2"])])
show("connected", [u.is_connected([]), u.is_connected([(0, 0), (0, 1)]), u.is_connected([(0, 0), (1, 1)])])
show("fit3", u.fit(u.SHAPE["b5"], u.anchor_of(u.SHAPE["b5"]), (1, 4, 1), card.size()))
show("order", u.assembly_order({"g3": cubes["g3"], "r4": cubes["r4"]}))
small = u.card_of("r4-r2-b4_111.011_2")
standing = u.fit(((0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0)), (0, 0, 0), (0, 0, 0), small.size())
bent = ((1, 1, 0), (1, 2, 0), (2, 2, 0), (2, 2, 1))
for pid, laid, on in (("b4", standing, {"r2": ((0, 1, 0), (0, 1, 1))}),
                      ("r4", bent, {"b4": ((0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 0))}),
                      ("r2", ((0, 0, -1), (0, 0, 0)), {})):
    found = u.clash(small, on, pid, laid)
    show("clash", (found, u.clash_text(small, pid, found[0], found[1])))
show("ways_at", [u.ways_at(small, {"r2": ((0, 0, 0), (0, 0, 1))}, p, q) for p in ("r4", "b4")
                 for q in ((0, 1, 0), (1, 2, 1), (0, 0, 0))])
show("where", u.where((1, 2, 0)))
for typed in ("", " #24821 ", "12a45", "9999", "89999", "54821", None):
    show("card_number", error(u.card_number, typed))
show("card_no", [u.card_no(level, kit, 4821) for level in (1, 4) for kit in u.KITS])
show("number_of", [u.number_of({"seed": 24821, "level": 2, "pieces": ["g3", "r4"]}),
                   u.number_of({"seed": 24821, "level": 3, "pieces": ["g3"]}), u.number_of({"seed": "x", "level": 1})])
show("regions", placing.regions([0, 1, 3, 9, 10], g.neighbours))
show("dead", placing.dead_region([0, 1, 3, 9, 10], g.neighbours, [2, 2]))
def g_apply(before, move):
    return sorted(placing.apply_move(before, g.parse_move(move), lambda pl: g.problems(blockers, pl), g.problem_text,
                                     g.label, "board").items())
for move in ("O:A2,A3,B2,B3", "T:C1,C2,C3,D2", "O:C1,C2,D1,D2", "-O", "-L4", "I4:A5,B5,C5,D5"):
    show("apply", error(g_apply, placed, move))
'''


def run_cpython(code: str) -> str:
    """The script's output under CPython with `rules` importable as the page imports it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "solvers")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120,
                          check=True)
    return done.stdout


def test_page_and_worker_give_the_same_answers() -> None:
    cpython = run_cpython(SCRIPT)
    mpy = run_micropython(SCRIPT, MODULES)
    assert "Traceback" not in mpy
    for ours, theirs in zip(cpython.splitlines(), mpy.splitlines(), strict=True):
        assert ours == theirs
    assert cpython.count("\n") > 40


def test_rng_is_deterministic_and_spread() -> None:
    a, b = Rng(7), Rng(7)
    stream = [a.next() for _ in range(1000)]
    assert stream == [b.next() for _ in range(1000)] and len(set(stream)) == 1000
    counts = [0] * 6
    r = Rng("dice")
    for _ in range(6000):
        counts[r.below(6)] += 1
    assert min(counts) > 900 and max(counts) < 1100
    assert Rng(1).next() != Rng(2).next() and Rng("1").next() == Rng(1).next()


def test_solvers_read_their_tables_from_the_rules() -> None:
    assert [(p.id, p.name, p.colour, p.cells) for p in genius.PIECES] == list(rg.PIECES)
    assert genius.DICE is rg.DICE
    assert [(p.id, p.name, p.colour, p.cubes) for p in ubongo.PIECES] == list(ru.PIECES)
    assert list(ubongo.GRADES) == ru.GRADES and ubongo.HEIGHT == ru.HEIGHT
    assert sorted(genius.orientations(genius.PIECE_BY_ID["L4"].cells)) == sorted(rg.orientations(rg.SHAPE["L4"]))
    assert len(set(ubongo.ROTATIONS)) == 24


@pytest.mark.parametrize("seed", [0, 3, "page", "daily-2026-01-01"])
def test_rolls_are_real_throws_and_links_round_trip(seed: object) -> None:
    faces = rg.roll(seed)
    assert all(f in die for f, die in zip(faces, rg.DICE, strict=True))
    blockers = rg.check_blockers([rg.parse_cell(f) for f in faces])
    assert rg.dice_for(blockers) == faces
    solution = genius.FAMILY.solve(genius.Roll(blockers), {})["solution"]
    placed = {pid: tuple(sorted(rg.parse_cell(c) for c in cells)) for pid, cells in list(solution.items())[:4]}
    assert rg.parse_link(rg.format_link(blockers, placed)) == (blockers, placed)
    for pid, cells in placed.items():
        assert rg.parse_move(rg.format_move(pid, cells)) == (pid, cells)


def test_ubongo_links_and_moves_round_trip() -> None:
    card = ubongo.FAMILY.generate(Params(2), 5)
    page_card = ru.card_of(ubongo.format_card(card))
    assert (page_card.footprint, page_card.height, tuple(page_card.pieces)) == (card.footprint, card.height,
                                                                               card.pieces)
    sol = {pid: tuple(sorted(cubes)) for pid, cubes in ubongo.solve(card).items()}
    assert ru.parse_link(ru.format_link(page_card, sol)) == (page_card, sol)
    for pid, cubes in sol.items():
        assert ru.parse_move(ru.format_move(pid, cubes)) == (pid, cubes)
        assert ru.fits_piece(pid, cubes)
    pid = card.pieces[0]
    far = [(r, c + 30, z) for r, c, z in ru.SHAPE[pid]]
    with pytest.raises(ValueError, match="sticks out"):
        ru.parse_link(f"{ubongo.format_card(card)}~{pid}:{ru.format_cubes(far)}")


def test_placing_finds_dead_regions() -> None:
    assert placing.subset_sums([1, 2, 4]) == {0, 1, 2, 3, 4, 5, 6, 7}
    assert placing.regions([0, 1, 3, 9, 10], rg.neighbours) == [(3, 9, 10), (0, 1)]
    assert placing.dead_region([0, 1, 3, 9, 10], rg.neighbours, [2, 2]) == (3, 9, 10)
    assert placing.dead_region([0, 1, 3, 9, 10], rg.neighbours, [2, 3]) == ()


BAD_LINKS = {  # per family: links its page must refuse, each with a reason
    "genius": ["", "A1", "A1A1B3D3D5F1F2", "A1A4B3D3D5F1G2", "A1A4B3D3D5F1F2~X:A2", "A1A4B3D3D5F1F2~O:A2A3B2B4",
               "A1A4B3D3D5F1F2~1:A1", "A1A4B3D3D5F1F2~1:A2,1:A3", "A1A4B3D3D5F1F2~2:A2A3,1:A3", "A1A4B3D3D5F1F2~O"],
    "ubongo": ["", "zz", "r4-r2_1111_2", "r4-r2-b4_111.011_x", "r4-q2-b4_111.011_2", "r4-r2-b4_101.101_2",
               "r4-r2-b4_111.011_2~r2:000", "r4-r2-b4_111.011_2~r2:000002", "r4-r2-b4_111.011_2~y5:000001",
               "r4-r2-b4_111.011_2~r2:000001,r2:010011"],
}


@pytest.mark.parametrize(("name", "bad"), [(name, bad) for name, links in BAD_LINKS.items() for bad in links])
def test_bad_links_are_refused_with_a_reason(name: str, bad: str) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        {"genius": rg, "ubongo": ru}[name].parse_link(bad)
