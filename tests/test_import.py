"""The `import` command: Tessera links of every family, and other apps' texts (DESIGN.md's command-line contract).

Foreign formats are written here by small encoders of our own (Tatham's run-length grids, pzprjs's number
code), so each reader is checked against an independent writer; Tatham Towers IDs are also read by the
ladder tests' own parser.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_skyscrapers_ladder import TATHAM, tatham

import solvers
from solvers import commands, formats
from solvers.base import Params, PuzzleError

ROOT = Path(__file__).resolve().parents[1]
GRID = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def imported(name: str, text: str) -> dict:
    """The `import` answer of a family."""
    return commands.run(solvers.family(name), "import", {"text": text})


def pzpr_code(values: list[int]) -> str:
    """pzprjs's 16-number code: a hex digit per value, g-z for runs of 1-20 empty items."""
    out, count = "", 0
    for v in values:
        if v:
            out += ("" if not count else "ghijklmnopqrstuvwxyz"[count - 1]) + "0123456789abcdef"[v]
            count = 0
        else:
            count += 1
            if count == 20:
                out, count = out + "z", 0
    return out + ("ghijklmnopqrstuvwxyz"[count - 1] if count else "")


def test_sudoku_reads_sudokuwiki_strings_and_tessera_links() -> None:
    want = {"grid": GRID.replace("0", "."), "box": [3, 3]}
    assert imported("sudoku", "https://www.sudokuwiki.org/sudoku.htm?bd=" + GRID + "&x=1") == want
    assert imported("sudoku", GRID.replace("0", "-")) == want
    assert imported("sudoku", " " + GRID + "\n") == want
    link = "https://tessera.example/sudoku.html#" + GRID.replace("0", ".") + "~r1c1=4;r1c2^5"
    assert imported("sudoku", link) == want
    assert imported("sudoku", "watch.html#sudoku/" + GRID.replace("0", "%2E")) == want


# Solo IDs written by hand from Tatham's encoding (a letter per run of blanks, '_' between two numbers)
SOLO = {"2x2:1c3b2a1b4b3": {"grid": "1...3..2.1..4..3", "box": [2, 2]},
        "3x3:b3a2a6b9b3a5b1b1_8a6_4d8_1a2_9b7g8b6_7a8_2d2_6a9_5b8b2a3b9b5a1a3b": {"grid": GRID.replace("0", "."),
                                                                                "box": [3, 3]},
        "2x3:1e2_3zb": {"grid": "1.....23" + "." * 28, "box": [3, 2]}}


@pytest.mark.parametrize("text", SOLO)
def test_sudoku_reads_and_writes_tatham_solo_ids(text: str) -> None:
    assert imported("sudoku", text) == SOLO[text]
    if text != "2x3:1e2_3zb":  # not a puzzle with one solution, but read all the same
        formats = commands.run(solvers.family("sudoku"), "export", SOLO[text])["formats"]
        assert {"name": "Tatham Solo game ID", "text": text} in formats


@pytest.mark.parametrize("name", solvers.names())
@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
def test_every_export_imports_back(name: str, size: int) -> None:
    fam = solvers.family(name)
    if fam.sizes and size not in fam.sizes or not fam.sizes and size != 4:
        pytest.skip("not a size of the family")
    puzzle = fam.generate(Params(0, size if fam.sizes != (6,) else None), size)
    formats = commands.run(fam, "export", fam.write(puzzle))["formats"]
    assert formats[0]["name"] == "Tessera text"
    for item in formats:
        assert fam.read(imported(name, item["text"])) == puzzle, item["name"]


def fpuzzles(values: str, **extra: object) -> str:
    """An f-puzzles puzzle's JSON (as its links hold it, before compression) of a 9x9 grid string."""
    grid = [[{"value": int(ch), "given": True} if ch not in "0." else {} for ch in values[r * 9:(r + 1) * 9]]
            for r in range(9)]
    return json.dumps({"size": 9, "title": "t", "grid": grid, **extra})


def test_an_fpuzzles_link_brings_its_setters_title_author_and_rules_as_plain_words() -> None:
    """`import` adds what the link says of its puzzle: "title", "author", "rules" (its ruleset), spaces tidied, a
    long text cut, anything that is not text left out; the solve input reads the same with them."""
    rules = "Normal sudoku rules apply.\n  Digits  on a <b>thermo</b> rise.  \n"
    text = fpuzzles(GRID, title="  A   name ", author="Ann", ruleset=rules)
    link = "https://sudokupad.app/fpuzzles" + formats.lz_base64(text)
    for given in (text, link):
        out = imported("sudoku", given)
        assert (out["title"], out["author"]) == ("A name", "Ann")
        assert out["rules"] == "Normal sudoku rules apply.\nDigits on a <b>thermo</b> rise."
        assert commands.run(solvers.family("sudoku"), "solve", out)["count"] == 1
    long = imported("sudoku", fpuzzles(GRID, title="", author=7, ruleset="x" * 5000))
    assert "title" not in long and "author" not in long and len(long["rules"]) == 2000 and long["rules"][-1] == "…"
    assert "title" not in imported("sudoku", GRID)


def test_sudoku_reads_fpuzzles_json_and_refuses_rules_it_does_not_play() -> None:
    assert imported("sudoku", fpuzzles(GRID)) == {"grid": GRID.replace("0", "."), "box": [3, 3], "title": "t"}
    both = imported("sudoku", fpuzzles("1" + "." * 80, **{"diagonal+": True, "diagonal-": True}))
    assert both["diagonals"] is True
    for extra, why in (({"diagonal+": True}, "one diagonal"), ({"clone": [{"cells": ["R1C1"], "cloneCells": ["R2C2"]}]},
                                                                r"does not play \(clone\)"),
                       ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "?"}]}, "sum is a whole number")):
        with pytest.raises(PuzzleError, match=why):
            imported("sudoku", fpuzzles(GRID, **extra))
    for bad in ("[1, 2]", "{\"size\": 9}", "{not json"):
        with pytest.raises(PuzzleError):
            imported("sudoku", bad)


def test_sudoku_import_errors_are_messages() -> None:
    for bad in ("3x3j:" + "a" * 3, "3x3k:abc", "3x3:zzz", "hello", "https://www.sudokuwiki.org/sudoku.htm?bd=12"):
        with pytest.raises(PuzzleError):
            commands.run(solvers.family("sudoku"), "import", {"text": bad})
    for obj in ({}, {"text": 7}, {"text": "  "}, {"text": "x" * 30_000}):
        with pytest.raises(PuzzleError):
            commands.run(solvers.family("sudoku"), "import", obj)


def error_of(name: str, command: str, text: str) -> str:
    """The error line of `import` or `parse` through the CLI (what the CLI and the page's worker both answer)."""
    [answer] = commands.answer(name, command, {"text": text})
    assert answer.get("kind") == "invalid", answer
    return answer["error"]


def test_texts_that_are_no_puzzle_say_what_tessera_reads() -> None:
    said = error_of("sudoku", "import", "hello world garbage")
    assert said.startswith("it is none of the texts Tessera reads")
    assert all(w in said for w in ("81 digits", "f-puzzles", "SudokuPad", "SudokuWiki", "Tatham game ID", "':'"))
    assert "this one has" not in said and "cells;" in said  # no guessed size, but what a grid holds
    for link in ("sudoku.html#garbage-link-xyz", "https://tessera.example/sudoku.html#garbage-link-xyz"):
        said = error_of("sudoku", "import", link)
        assert said.startswith("that link is not a puzzle link") and "too large" not in said and "4x4" not in said
    # a grid of the wrong length is still a grid: its count is the help
    assert "this one has 17" in error_of("sudoku", "import", "1" * 17)
    # parse (the page's link reader, the very rules module) names the character instead of guessing a 4x4
    said = error_of("sudoku", "parse", "garbage-link-xyz")
    assert said.startswith("unexpected character 'r'") and "4x4" not in said
    assert error_of("sudoku", "parse", "hello world garbage").startswith("unexpected character 'h'")


@pytest.mark.parametrize("name", ["sudoku", "skyscrapers", "sliding"])
@pytest.mark.parametrize("text", ["3x3kdi#123456789", "5#123", " 4x4#99 "])
def test_a_tatham_random_seed_asks_for_the_game_id(name: str, text: str) -> None:
    said = error_of(name, "import", text)
    assert "Tatham random seed" in said and "game ID" in said and "':'" in said
    assert "this one has" not in said


@pytest.mark.parametrize("text", TATHAM)
def test_skyscrapers_reads_and_writes_tatham_towers_ids(text: str) -> None:
    fam = solvers.family("skyscrapers")
    assert fam.imported(text) == tatham(text)
    assert fam.exports(tatham(text)) == {"Tatham Towers game ID": text}


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_skyscrapers_reads_puzzlink_urls(seed: int) -> None:
    fam = solvers.family("skyscrapers")
    obj = fam.write(fam.generate(Params(2, 6), seed))
    n = obj["n"]
    clues = [*obj["top"], *obj["bottom"], *obj["left"], *obj["right"]]
    url = f"https://puzz.link/p?skyscrapers/{n}/{n}/" + pzpr_code(clues)
    got = imported("skyscrapers", url)
    assert {k: got[k] for k in ("n", "top", "right", "bottom", "left")} == {
        k: obj[k] for k in ("n", "top", "right", "bottom", "left")}
    if obj.get("givens"):  # the code goes on with the givens, cell by cell
        grid = [0] * (n * n)
        for r, c, v in obj["givens"]:
            grid[r * n + c] = v
        assert imported("skyscrapers", url + pzpr_code(grid))["givens"] == obj["givens"]
    assert imported("skyscrapers", "http://pzv.jp/p.html?building/4/4/1g2g3g4g1g2g3g4g")["left"] == [1, 0, 2, 0]
    with pytest.raises(PuzzleError):
        commands.run(fam, "import", {"text": "https://puzz.link/p?skyscrapers/4/5/1g"})


@pytest.mark.parametrize("name", solvers.names())
def test_every_family_imports_its_own_links(name: str) -> None:
    fam = solvers.family(name)
    puzzle = fam.generate(Params(0, None), 11)
    text = fam.format(puzzle)
    for link in (text, f"https://tessera.example/{name}.html#{text}", f"https://tessera.example/watch.html#{name}/{text}"):
        assert fam.read(imported(name, link)) == puzzle


def test_sliding_reads_tatham_fifteen_ids_and_the_cli_imports() -> None:
    tiles = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
    assert imported("sliding", "4x4:" + tiles) == {"width": 4, "height": 4, "tiles": [int(t) for t in tiles.split(",")]}
    proc = subprocess.run([sys.executable, "-m", "solvers", "sliding", "import"], input=json.dumps({"text": "3x3:9"}),
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    answer = json.loads(proc.stdout)
    assert answer["kind"] == "invalid" and "Traceback" not in proc.stderr
