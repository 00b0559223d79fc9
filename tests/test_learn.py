"""The learn page's solver side: every rung of both hint ladders has plain words and an entry id, every technique
name a hint can give finds its entry, Sudoku's `practice` covers the singles and the killer rungs, the stored
examples are the hints the game pages give from those positions, and every practice puzzle the page offers needs
its technique (`sudoku grade`, `skyscrapers rate`)."""

from __future__ import annotations

import re
from functools import cache

import pytest
from conftest import ROOT

from solvers import commands, family, learn_build
from solvers import skyscrapers as sky
from solvers.base import Json, Technique
from solvers.logic import SCORES, ladder
from solvers.logic.about import ABOUT, ALSO

LADDERS = ("sudoku", "skyscrapers")


@cache
def learn() -> dict[str, Json]:
    """The learn data as the build makes it (from .cache/, made there when missing or stale), by family."""
    return {f["name"]: f for f in learn_build.build(ROOT / ".cache", say=None)["families"]}


def told(t: Technique | Json) -> set[str]:
    """The names a hint of an entry may carry."""
    name, also = (t.name, t.also) if isinstance(t, Technique) else (t["name"], t["also"])
    return {name, *also}


def test_every_rung_of_both_ladders_has_words_in_two_or_three_sentences() -> None:
    sudoku = [r.name for r in ladder(uniqueness=True, cages=True)]
    assert [t.name for t in family("sudoku").techniques()] == sudoku
    assert [t.name for t in family("skyscrapers").techniques()] == [t.name for t in sky.TECHNIQUES]
    assert set(ABOUT) == set(sudoku) | {t.name for t in sky.TECHNIQUES}  # no words for a rung that is gone
    for name, words in ABOUT.items():
        sentences = re.split(r"(?<=[.!?])\s+(?=[A-Z])", words.strip())
        assert 2 <= len(sentences) <= 3, (name, sentences)
        assert words.endswith("."), name
    assert learn_build.ladder_families() == sorted(LADDERS)


def test_every_technique_a_hint_can_name_finds_its_entry() -> None:
    for name in LADDERS:
        fam = family(name)
        anchors = [t.anchor(name) for t in fam.techniques()]
        assert len(set(anchors)) == len(anchors) and all(re.fullmatch(r"[a-z][a-z0-9-]*", a) for a in anchors)
        assert [e["anchor"] for e in commands.info(fam)["ladder"]] == anchors
        names = [n for t in fam.techniques() for n in told(t)]
        assert len(set(names)) == len(names)
        hinted = set(SCORES) if name == "sudoku" else set(sky.TECHNIQUE_NAMES) - {"Guessing"}
        assert hinted <= set(names), hinted - set(names)
    assert {n for names in ALSO.values() for n in names} <= set(SCORES)
    assert family("sudoku").techniques()[3].anchor("sudoku") == "sudoku-cage-combination"


def test_practice_covers_the_singles_and_the_killer_rungs() -> None:
    fam = family("sudoku")
    out = commands.run(fam, "practice", {"technique": "Naked single", "seed": 0, "size": 6})
    assert out["difficulty"] == "Easy" and out["variant"] == "classic"
    events = commands.run(fam, "trace", {"grid": out["grid"], "box": out["box"], "method": "logic"})
    assert "Naked single" in {e.get("name") for e in events}
    out = commands.run(fam, "practice", {"technique": "Rule of 45", "seed": 0, "size": 6, "variant": "killer"})
    assert out["cages"] and out["variant"] == "killer"
    assert "Rule of 45" in commands.run(fam, "grade", out)["techniques"]
    with pytest.raises(Exception, match="variant"):
        commands.run(fam, "practice", {"technique": "X-wing", "variant": "hexagonal"})


def test_examples_are_the_hints_the_game_pages_give_there() -> None:
    for name, data in learn().items():
        fam, rules = family(name), learn_build.rules(name)
        for entry in data["entries"]:
            example = entry["example"]
            if example is None or entry.get("from"):
                continue  # none found, or another family's (checked there)
            n = rules.grid_of(example["puzzle"])[0]
            hint = commands.run(fam, "hint", {**example["puzzle"],
                                              **rules.state_input(n, example["values"], example["notes"])})
            assert hint["technique"] in told(entry), (name, entry["name"], hint["technique"])
            assert hint["technique"] == example["hint"]["technique"] and hint["move"] == example["hint"]["move"]
    shown = {name: sum(1 for e in data["entries"] if e["example"]) for name, data in learn().items()}
    assert shown["sudoku"] >= 36 and shown["skyscrapers"] >= 30, shown  # only the rarest techniques have none


@pytest.mark.slow
def test_every_practice_puzzle_the_page_offers_needs_its_technique() -> None:
    """For every technique with Practice on the page: the practice command's puzzle (seed 0, its smallest size)
    needs it, as the grade command's solving path says (the hints' path for a single: `grade` leaves singles out)."""
    checked = 0
    for name, data in learn().items():
        fam = family(name)
        for entry in data["entries"]:
            if not entry["practice"]:
                continue
            request = {"technique": entry["name"], "seed": 0, "size": min(entry["practice"])}
            puzzle = commands.run(fam, "practice", {**request, **({"variant": entry["variant"]}
                                                                  if entry["variant"] else {})})
            if name == "skyscrapers":
                used = set(commands.run(fam, "rate", puzzle)["techniques"])
            elif entry["name"] in ("Full house", "Naked single", "Hidden single"):
                used = {e.get("name") for e in commands.run(fam, "trace", {**puzzle, "method": "logic"})}
            else:
                used = set(commands.run(fam, "grade", puzzle)["techniques"])
            assert used & told(entry), (name, entry["name"], request, used)
            checked += 1
    assert checked >= 55
