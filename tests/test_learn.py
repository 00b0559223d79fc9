"""The learn page's solver side: every rung of both hint ladders has plain words and an entry id, every technique
name a hint can give finds its entry, Sudoku's `practice` covers the singles and the killer rungs, and the learn
data kept in the repository (solvers/data/learn.json) is that of the solver sources now: re-checked hint by hint (each
example is the hint the game pages give from its position; each stored practice puzzle needs its technique, as
`sudoku grade` and `skyscrapers rate` say; a seeded sample of practice seeds, all of them when slow, still gives
the stored puzzle); the maintainer's position search keeps the first position of our generator's where a rung is
the next step."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path

import pytest

from solvers import commands, family, learn_build
from solvers import skyscrapers as sky
from solvers.base import Json, Technique
from solvers.logic import ALSO, SCORES, ladder
from solvers.logic.about import ABOUT
from solvers.rules import sudoku as sudoku_rules

LADDERS = ("sudoku", "skyscrapers")


SAMPLE = 6  # practice seeds made again per family by the fast test (below the largest size: seconds)


@cache
def learn() -> dict[str, Json]:
    """The learn data as the build reads it (from solvers/data/learn.json), by family."""
    return {f["name"]: f for f in learn_build.build(say=None)["families"]}


@cache
def stored() -> Json:
    """The file itself."""
    return learn_build.load()


def told(t: Technique | Json) -> set[str]:
    """The names a hint of an entry may carry."""
    name, also = (t.name, t.also) if isinstance(t, Technique) else (t["name"], t["also"])
    return {name, *also}


def test_every_rung_of_both_ladders_has_words_in_two_or_three_sentences() -> None:
    sudoku = [r.name for r in ladder(uniqueness=True, cages=True, typed=True)]
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
    typed = [t for t in family("sudoku").techniques() if t.variant not in (None, "killer")]
    assert list(family("sudoku").techniques()[3:3 + len(typed)]) == typed  # the constraint rungs come after the singles
    assert {t.anchor("sudoku") for t in typed} >= {"sudoku-thermometer", "sudoku-kropki-dot", "sudoku-x-sum"}


def test_practice_covers_the_singles_the_killer_and_the_constraint_rungs() -> None:
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
    for t in fam.techniques():  # each constraint type's rung: on that type's own variant, where a path needs it
        if t.variant not in (None, "killer"):
            size = max(sudoku_rules.VARIANT_SIZES[t.variant])
            out = commands.run(fam, "practice", {"technique": t.name, "seed": 0, "size": size, "variant": t.variant})
            assert {c["type"] for c in out["constraints"]} == {t.variant}, t.name
            assert t.name in commands.run(fam, "grade", out)["techniques"], t.name
            listed = commands.run(fam, "steps", {**out, "state": out["grid"]})["steps"]
            assert {s["score"] for s in listed if s["technique"] == t.name} <= {t.score}  # not scored as a guess
    with pytest.raises(Exception, match="made at 9 only"):
        commands.run(fam, "practice", {"technique": "Whispers", "size": 6, "variant": "whispers"})


def test_examples_are_the_hints_the_game_pages_give_there() -> None:
    for name, data in learn().items():
        fam, rules = family(name), learn_build.rules(name)
        for entry in data["entries"]:
            example = entry["example"]
            if example is None or entry.get("from"):
                continue  # none found, or another family's (checked there)
            n = rules.grid_of(example["puzzle"])[0]
            state = {**example["puzzle"], **rules.state_input(n, example["values"], example["notes"])}
            hint = commands.run(fam, "hint", state)
            if example.get("first"):  # a step All steps here lists, where the hint is an easier one
                assert hint["technique"] == example["first"] and example["first"] not in told(entry), entry["name"]
                listed = commands.run(fam, "steps", state)["steps"]
                assert [s["technique"] for s in listed].index(hint["technique"]) < \
                    [s["technique"] in told(entry) for s in listed].index(True), entry["name"]
                hint = next(s for s in listed if s["move"] == example["hint"]["move"])
            assert hint["technique"] in told(entry), (name, entry["name"], hint["technique"])
            assert hint["technique"] == example["hint"]["technique"] and hint["move"] == example["hint"]["move"]
    shown = {name: sum(1 for e in data["entries"] if e["example"]) for name, data in learn().items()}
    assert shown["sudoku"] >= 36 and shown["skyscrapers"] >= 30, shown  # only the rarest techniques have none


def test_the_position_search_keeps_the_first_position_where_a_rung_is_the_next_step() -> None:
    data = json.loads(json.dumps(stored()))
    for name in LADDERS:  # every rung has an example but X-wing
        for made in data["families"][name]["techniques"].values():
            made["example"] = made["example"] or {"kept": True}
    data["families"]["sudoku"]["techniques"]["X-wing"]["example"] = None
    found = learn_build.search(data, 600, say=None)  # a limit, not a timing: seed 0's Diabolical needs an X-wing
    assert list(found["sudoku"]) == ["X-wing"] and found["skyscrapers"] == {}
    ex, rules = found["sudoku"]["X-wing"], learn_build.rules("sudoku")
    assert learn_build.solve_input("sudoku", commands.run(family("sudoku"), "generate", {
        "difficulty": "Diabolical", "seed": 0, "size": 9})) == ex["puzzle"]
    hint = commands.run(family("sudoku"), "hint", {**ex["puzzle"], **rules.state_input(9, ex["values"], ex["notes"])})
    assert hint["technique"] == ex["hint"]["technique"] == "X-wing" and hint["move"] == ex["hint"]["move"]


def test_the_learn_data_is_that_of_the_solver_sources_now() -> None:
    problems = [why for name in LADDERS if (why := learn_build.stale(name, stored()))]
    assert not problems, f"{problems}: run `{learn_build.COMMAND}` (then commit solvers/data/learn.json)"
    for name in LADDERS:
        data = stored()["families"][name]
        for technique, made in data["techniques"].items():
            assert {"practice", "puzzles", "example"} <= set(made), technique
            assert made["practice"] == [s for s in data["checked"] if str(s) in made["puzzles"]], technique
            assert list(made["puzzles"]) == [str(s) for s in made["practice"]], technique


def uses(name: str, technique: str, puzzle: Json) -> set[str]:
    """The techniques a puzzle's solving path needs (`rate`, `grade`; the hints' path for a single: `grade`
    leaves singles out)."""
    fam = family(name)
    if name == "skyscrapers":
        return set(commands.run(fam, "rate", puzzle)["techniques"])
    if technique in ("Full house", "Naked single", "Hidden single"):
        return {e.get("name") for e in commands.run(fam, "trace", {**puzzle, "method": "logic"})}
    return set(commands.run(fam, "grade", puzzle)["techniques"])


def test_every_stored_practice_puzzle_needs_its_technique() -> None:
    checked = 0
    for name in LADDERS:
        ladder = {t.name: t for t in family(name).techniques()}
        for technique, made in stored()["families"][name]["techniques"].items():
            for size, puzzle in made["puzzles"].items():
                assert uses(name, technique, puzzle) & told(ladder[technique]), (name, technique, size)
                checked += 1
    assert checked >= 100


def practice_seeds(name: str) -> list[tuple[str, int]]:
    """Every (technique, size) of a family whose practice seed 0 the file says gives a puzzle."""
    return [(technique, size) for technique, made in stored()["families"][name]["techniques"].items()
            for size in made["practice"]]


def practised_again(name: str, technique: str, size: int) -> None:
    """The practice command's puzzle for seed 0 is the stored one."""
    variant = next(t.variant for t in family(name).techniques() if t.name == technique)
    puzzle, _seconds = learn_build.practise(name, technique, variant, size)
    assert puzzle is not None, (name, technique, size)
    made = stored()["families"][name]["techniques"][technique]["puzzles"][str(size)]
    assert learn_build.solve_input(name, puzzle) == made, (name, technique, size)


def test_a_sample_of_practice_seeds_still_gives_the_stored_puzzles() -> None:
    for name in LADDERS:
        largest = max(stored()["families"][name]["checked"])  # the smaller boards: seconds each
        seeds = [(t, size) for t, size in practice_seeds(name) if size < largest]
        for technique, size in random.Random(44).sample(seeds, SAMPLE):
            practised_again(name, technique, size)


@pytest.mark.slow
@pytest.mark.rare  # ten minutes; the sample above and the source hash check what changes it in every run
def test_every_practice_seed_still_gives_the_stored_puzzle() -> None:
    for name in LADDERS:
        for technique, size in practice_seeds(name):
            practised_again(name, technique, size)


def test_the_build_reads_the_file_and_says_when_it_is_stale(tmp_path: Path) -> None:
    data = json.loads(json.dumps(stored()))
    data["families"]["skyscrapers"]["hash"] = "0" * 16
    del data["families"]["sudoku"]["techniques"]["Rule of 45"]
    path = tmp_path / "learn.json"
    path.write_text(learn_build.dumps(data))
    said: list[str] = []
    out = {f["name"]: f for f in learn_build.build(path, say=said.append)["families"]}
    assert len(said) == 2 and all(learn_build.COMMAND in line for line in said), said
    assert "solver sources changed" in said[0] and "new: Rule of 45" in said[1]
    rule = next(e for e in out["sudoku"]["entries"] if e["name"] == "Rule of 45")
    assert rule["practice"] == [] and rule["example"] is None  # shown without, never made here
    assert out["skyscrapers"]["entries"] == learn()["skyscrapers"]["entries"]
    assert json.loads(learn_build.dumps(stored())) == stored()
