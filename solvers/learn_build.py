"""The learn page's data, made at build time from our own generator and solver (never copied puzzles).

For every technique of a family's hint ladder (`Family.techniques`): at which sizes the `practice` command finds a
puzzle needing it for seed 0 within the generator's own budget (a count of attempts, so the answer is the same on
every machine), and an example: such a puzzle's hints walked (its `trace --method logic`) until the technique is
the next one, stored as the position (values and full notes) with the very hint the game page would give there.
A technique no practice puzzle needs is looked for in the other practice puzzles' paths.

    build(cache_dir) -> {"families": [...]}     cached per family in cache_dir/learn-<family>.json
    python -m solvers.learn_build [--fresh]     the same, printing each check's time (--fresh: all made again)

Making a family's data takes a few minutes on two cores, most of it spent showing that rare techniques have no
puzzle within budget; it is made once (again when the ladder or VERSION changes). When the solver sources it reads
change (their hash), each example's hint is asked again from its position (seconds), so the page draws the hint the
game gives now; the practice checks are kept (`tests/test_learn.py` runs each offered one again).
Known limits: sizes checked are SIZES' (Skyscrapers stops at 6x6: a 7x7 check costs minutes per technique);
seed 0 only, so a rarely needed technique may have practice puzzles for other seeds (the page offers none).
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from . import commands
from . import family as family_of
from . import names as family_names
from .base import Json, PuzzleError, Technique
from .batch import Batch
from .rules import latin as latin_rules

# sizes checked per family (smaller boards need only the easier techniques); an example comes from the smallest
SIZES = {"sudoku": (9, 6, 4), "skyscrapers": (6, 5, 4)}
VERSION = 2  # of the cached data's making (bump it to make every family's again)
# a technique whose practice finds no puzzle for seed 0 at any size, and (size, seed) where our search found one:
# tried for its example only (the page still says that practice finds none within budget)
EXAMPLE_SEEDS = {("sudoku", "Jellyfish"): (9, 2)}
MAX_LINES = 12  # implications of a forcing step kept for the page (the hint box shows them all)
HERE = Path(__file__).resolve().parent


def ladder_families() -> list[str]:
    """The families with a hint ladder and a `practice` command, by name."""
    return [name for name in family_names()
            if family_of(name).techniques() and "practice" in family_of(name).extra()]


def source_hash(name: str) -> str:
    """The hash of the solver sources a family's module imports, directly or through others (its ladder, generator
    and hints), but the learn page's words (read afresh at every build); a change to this module: bump VERSION."""
    digest = hashlib.sha256(str(VERSION).encode())
    for f in sorted(imported(Path(sys.modules[type(family_of(name)).__module__].__file__ or ""))):
        if f.name != "about.py":
            digest.update(f.relative_to(HERE).as_posix().encode() + b"\0" + f.read_bytes())
    return digest.hexdigest()[:16]


def imported(start: Path) -> set[Path]:
    """A solvers module and every solvers module it imports, directly or through others (relative imports, and
    those inside functions too)."""
    found, todo = set(), [start]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = path.parent
                for _ in range(node.level - 1):
                    base = base.parent
                target = base.joinpath(*(node.module or "").split(".")) if node.module else base
                todo += [f for f in (target.with_suffix(".py"), target / "__init__.py",
                                     *(target / f"{a.name}.py" for a in node.names)) if f.is_file()]
    return found


def practise(name: str, technique: str, variant: str | None, size: int, seed: int = 0) -> tuple[Json | None, float]:
    """The family's practice puzzle for a seed (None when its generator finds none within budget) and the seconds
    it took."""
    start = time.perf_counter()
    request: Json = {"technique": technique, "seed": seed, "size": size, **({"variant": variant} if variant else {})}
    try:
        puzzle = commands.run(family_of(name), "practice", request)
    except PuzzleError:
        puzzle = None
    return puzzle, round(time.perf_counter() - start, 2)


def solve_input(name: str, puzzle: Json) -> Json:
    """A practice answer's solve input alone (the family's own `write` of it)."""
    fam = family_of(name)
    return fam.write(fam.read(puzzle))


def steps(name: str, puzzle: Json) -> Iterator[tuple[str, list[str], list[int]]]:
    """The hints' path on a puzzle, one step at a time: (technique, the moves of the steps before it, the notes of
    the start: every candidate)."""
    n = rules(name).grid_of(puzzle)[0]
    notes: list[int] = []
    moves: list[str] = []
    for event in commands.run(family_of(name), "trace", {**puzzle, "method": "logic"}):
        kind = event.get("event")
        if kind == "candidates":
            notes = [latin_rules.mask_of(text, n) for row in event["grid"] for text in row]
        elif kind == "technique":
            yield event["name"], moves, notes
        elif kind == "set":
            moves.append(latin_rules.place_move(n, event["cell"][0] * n + event["cell"][1], event["value"]))
        elif kind == "eliminate":
            gone: dict[int, int] = {}
            for r, c, v in event["cells"]:
                gone[r * n + c] = gone.get(r * n + c, 0) | 1 << (v - 1)
            moves += [latin_rules.format_move(n, [(cell, latin_rules.REMOVE, mask)]) for cell, mask in gone.items()]


def rules(name: str) -> Any:
    """The family's rules module (the page's side of its puzzles)."""
    return importlib.import_module(f"{__package__}.rules.{name}")


def example(name: str, technique: Technique, puzzle: Json) -> Json | None:
    """The position where the hints of `puzzle` first name the technique (or one of its finer names), with that
    hint as the game page would give it from full notes; None when its path never does."""
    fam, told = family_of(name), {technique.name, *technique.also}
    n, givens, _box, _clues = rules(name).grid_of(puzzle)
    for step, moves, start in steps(name, puzzle):
        if step not in told:
            continue
        notes = [0 if v else m for v, m in zip(givens, start, strict=True)]
        read = fam.read(puzzle)
        state = fam.read_state(read, {**puzzle, **rules(name).state_input(n, list(givens), notes)})
        for move in moves:
            state = fam.apply(read, state, move)
        values, notes = list(state.values), list(state.notes)
        hint = commands.run(fam, "hint", {**puzzle, **rules(name).state_input(n, values, notes)})
        if hint.get("technique") not in told:
            continue  # the page's hint from these notes is another step (it should not be): try the next one
        return {"puzzle": puzzle, "values": values, "notes": notes, "hint": trimmed(hint)}
    return None


Job = tuple[Any, ...]  # a practice request: (family, technique, variant, size[, seed])


def _practise(job: Job) -> tuple[Job, Json | None, float]:
    """One practice check (a batch piece)."""
    puzzle, seconds = practise(*job)
    return job, puzzle, seconds


def _example(job: tuple[str, Technique, list[Json]]) -> Json | None:
    """The first example the puzzles give (a batch piece)."""
    name, technique, puzzles = job
    return next((ex for p in puzzles for ex in [example(name, technique, p)] if ex), None)


def _named(job: tuple[str, Json]) -> set[str]:
    """Every technique the hints name on a puzzle's path (a batch piece)."""
    return {step for step, _moves, _notes in steps(*job)}


def make(name: str, workers: int, say: Any = None) -> Json:
    """A family's learn data: its ladder with the practice sizes found and an example per technique."""
    fam = family_of(name)
    ladder, sizes = fam.techniques(), SIZES.get(name, (fam.default_size,))
    found: dict[tuple[str, int], tuple[Json | None, float]] = {}
    with Batch(workers) as batch:
        checks = [(name, t.name, t.variant, size) for t in ladder for size in sizes]
        told = batch.run(_practise, checks, label=f"{name} practice", unit="checks", quiet=say is None,
                         note=lambda r: f"{r[0][1]} ({r[0][3]}): {'a puzzle' if r[1] else 'none'} in {r[2]:.1f} s")
        for (_, technique, _, size), puzzle, seconds in told:
            found[technique, size] = (solve_input(name, puzzle) if puzzle else None, seconds)
        own = {t.name: [p for s in sorted(sizes) if (p := found[t.name, s][0])] for t in ladder}  # the smallest:
        # its example reads best (a 9x9 killer's notes are a crowd on a phone)
        seeded = [(name, t.name, t.variant, *EXAMPLE_SEEDS[name, t.name]) for t in ladder if not own[t.name]
                  and (name, t.name) in EXAMPLE_SEEDS]
        for (_, technique, _, _, _), puzzle, _ in batch.run(_practise, seeded, quiet=True):
            own[technique] = [solve_input(name, puzzle)] if puzzle else []
        shown = dict(zip([t.name for t in ladder], batch.run(_example, [(name, t, own[t.name]) for t in ladder],
                                                             label=f"{name} examples", quiet=say is None),
                         strict=True))
        missing = [t for t in ladder if shown[t.name] is None]
        if missing:  # no practice puzzle (or its hints took another road): another technique's puzzle may need it
            puzzles = [(t.variant, p) for t in ladder for p in own[t.name]]
            named = list(batch.run(_named, [(name, p) for _, p in puzzles], quiet=True))
            jobs = [(name, t, [p for (variant, p), has in zip(puzzles, named, strict=True)
                               if variant == t.variant and has & {t.name, *t.also}][:1]) for t in missing]
            for t, ex in zip(missing, batch.run(_example, jobs, quiet=True), strict=True):
                shown[t.name] = ex
    entries = [{"name": t.name, "practice": [s for s in sizes if found[t.name, s][0]], "checked": list(sizes),
                "seconds": {str(s): found[t.name, s][1] for s in sizes}, "example": shown[t.name]} for t in ladder]
    return {"name": name, "version": VERSION, "hash": source_hash(name), "entries": entries}


def recheck(name: str, data: Json) -> Json:
    """Cached data brought up to date after the solver sources changed, without the practice checks (minutes): each
    example's hint asked again from its position (the page must draw the hint the game gives now), or, when the
    hints now take another step there, the technique looked for again along its puzzle's path."""
    ladder = {t.name: t for t in family_of(name).techniques()}
    fam = family_of(name)
    for entry in data["entries"]:
        ex = entry["example"]
        if ex is None:
            continue
        n = rules(name).grid_of(ex["puzzle"])[0]
        hint = commands.run(fam, "hint", {**ex["puzzle"], **rules(name).state_input(n, ex["values"], ex["notes"])})
        technique = ladder[entry["name"]]
        entry["example"] = ({**ex, "hint": trimmed(hint)} if hint.get("technique") in {technique.name, *technique.also}
                            else example(name, technique, ex["puzzle"]))
    return {**data, "hash": source_hash(name)}


def trimmed(hint: Json) -> Json:
    """A hint as the page keeps it: a forcing step's implications cut to MAX_LINES."""
    if len(hint.get("implications") or []) > MAX_LINES:
        return {**hint, "implications": [*hint["implications"][:MAX_LINES], "…"]}
    return hint


def build(cache_dir: str | Path, workers: int | None = None, say: Any = print, fresh: bool = False) -> Json:
    """Every ladder family's learn data: made in full when there is no cache of it (or its ladder or VERSION
    changed, or `fresh`); from the cache, its examples checked again, when the solver sources changed since."""
    cache = Path(cache_dir)
    cache.mkdir(parents=True, exist_ok=True)
    workers = workers or max(1, min(2, os.cpu_count() or 1))
    out = []
    for name in ladder_families():
        path = cache / f"learn-{name}.json"
        key = source_hash(name)
        data = json.loads(path.read_text()) if path.exists() and not fresh else None
        start = time.perf_counter()
        if data is None or data.get("version") != VERSION or \
                [e["name"] for e in data["entries"]] != [t.name for t in family_of(name).techniques()]:
            data = make(name, workers, say)
            path.write_text(json.dumps(data))
            if say:
                say(f"learn page: {name}'s practice checks and examples made in {time.perf_counter() - start:.0f} s "
                    f"(cached in {path})")
        elif data.get("hash") != key:
            data = recheck(name, data)
            path.write_text(json.dumps(data))
            if say:
                say(f"learn page: {name}'s solver changed: its examples checked again in "
                    f"{time.perf_counter() - start:.0f} s (practice checks kept: `python -m solvers.learn_build "
                    "--fresh` makes them again)")
        made = {e["name"]: e for e in data["entries"]}  # the words and grades as they are now (not cached)
        fam = family_of(name)
        out.append({"name": name, "title": fam.title,
                    "entries": [{**t.json(name), "about": t.about, **made[t.name]} for t in fam.techniques()]})
    borrow(out)
    return {"families": out}


def borrow(families: list[Json]) -> None:
    """A technique without an example of its own shows another family's example of it (a latin technique is the
    same on any latin grid), marked with that family's name in "from"."""
    shown = {e["name"]: (f["name"], e["example"]) for f in families for e in f["entries"] if e["example"]}
    for f in families:
        for e in f["entries"]:
            if not e["example"] and e["name"] in shown:
                e["from"], e["example"] = shown[e["name"]]


if __name__ == "__main__":
    build(Path(__file__).resolve().parents[1] / ".cache", fresh="--fresh" in sys.argv)
