"""The house's shared parts know no family: the build and the watch page read the registry, never a family's
name or title, so a new family needs no edit there (test_new_family adds one)."""

from __future__ import annotations

import re
from pathlib import Path

import solvers

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("build.py", "site/py/watch_page.py")


def family_words() -> set[str]:
    """Every registered family's name and each word of its title ("Cubes 3D" -> cubes)."""
    words = set(solvers.names())
    for name in solvers.names():
        words.update(w.lower() for w in re.findall(r"[A-Za-z]{4,}", solvers.family(name).title))
    return words - {"square", "puzzle"}  # words a board's shape or the site's own text uses


def test_the_build_and_the_watch_page_name_no_family() -> None:
    words = family_words()
    assert {"sudoku", "skyscrapers", "sliding", "genius", "ubongo", "cubes"} <= words
    found = [f"{path}:{n}: {word}" for path in SHARED
             for n, line in enumerate((ROOT / path).read_text().splitlines(), 1)
             for word in words if re.search(rf"\b{word}", line, re.I)]
    assert found == []


def test_no_solvers_file_over_700_lines() -> None:
    long = {str(f.relative_to(ROOT)): n for f in sorted((ROOT / "solvers").rglob("*.py"))
            if (n := len(f.read_text().splitlines())) > 700}
    assert long == {}


TEXT_BRANCH = re.compile(r"\b(name|technique|step_name|reason|words|label|how)\.(startswith|endswith|split)\(|"
                         r"[\"'] in (step\.)?(reason|words)\b|\[\"name\"\]\.(startswith|split)\(")


def test_no_branch_on_a_units_or_a_techniques_words() -> None:
    """Units carry kinds and techniques names from their tables: code never reads a name's words to decide."""
    found = [f"{f.relative_to(ROOT)}:{n}: {line.strip()}" for f in sorted((ROOT / "solvers").rglob("*.py"))
             if f.name not in ("formats.py", "learn_build.py")  # other apps' texts; the maintainer's tool
             for n, line in enumerate(f.read_text().splitlines(), 1) if TEXT_BRANCH.search(line)]
    assert found == []


def test_a_technique_is_one_row() -> None:
    """Every fact of a latin technique comes from its row of `logic.TABLE`: the ladder's order, levels and finders,
    the HoDoKu scores and SE ratings of its step names, its finer names, its words and Skyscrapers' share of it."""
    from solvers import logic
    from solvers import skyscrapers as sky
    from solvers.logic import rating
    from solvers.logic.about import ABOUT

    assert [r.name for r in logic.ladder(uniqueness=True, cages=True)] == [row.name for row in logic.TABLE]
    for row in logic.TABLE:
        assert row.name in ABOUT and 0 <= row.level <= 4 and row.score > 0 and row.needs in (None, "unique", "cages")
        assert all(logic.SCORES[f.name] == f.score and rating.SE[f.name] == (f.se, f.chained) for f in row.finer)
        assert (row.name in logic.SCORES) == row.named and (row.name in rating.SE) == (row.se is not None)
    assert set(logic.SCORES) == {f.name for row in logic.TABLE for f in logic.step_names(row)}
    assert set(rating.SE) - set(logic.SCORES) == {"Trial and error"}
    shared = {row.name: row.towers for row in logic.TABLE if row.towers is not None}
    assert {t.name: t.level for t in sky.TECHNIQUES if t.name in shared} == shared
    assert all(sky.SCORES[name] == logic.SCORES[name] for name in [*shared, *sky.SASHIMI])
