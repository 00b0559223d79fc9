"""The learn page's data, made from our own generator and solver (never copied puzzles), once per solver version, and
kept in the repository as `solvers/data/learn.json` (the build only reads it).

For every technique of a family's hint ladder (`Family.techniques`): at which sizes the `practice` command finds a
puzzle needing it for seed 0 within the generator's own budget (a count of attempts, so the answer is the same on
every machine) and those puzzles, and an example: such a puzzle's hints walked (its `trace --method logic`) until the
technique is the next one, stored as the position (values and full notes) with the very hint the game page would
give there. A technique no practice puzzle needs is looked for in the other practice puzzles' paths, and (a
maintainer's search, `--positions`) along the paths of our generator's hardest puzzles. The learn page practises a
rung without a practice puzzle from its example's position.

    python -m solvers.learn_build               say whether the file is up to date with the solver sources
    python -m solvers.learn_build --write       bring it up to date (rungs new to a ladder get their practice
                                                checks; every example is asked again: about a minute)
    python -m solvers.learn_build --write --puzzles the same, and every stored practice puzzle made again from its
                                                seed (the generator changed: minutes)
    python -m solvers.learn_build --write --fresh   make it all again (the practice checks: 15-25 minutes)
    python -m solvers.learn_build --positions SECONDS   look for positions of the rungs with no example in our
                                                generator's hardest puzzles, seeds 0, 1, 2, ... (`search`; one
                                                process, at most SECONDS): those found are kept as examples
    python -m solvers.learn_build --positions SECONDS --listed   the same, where a position whose `steps` list
                                                has a step of the rung will do (a rung that an easier one always
                                                comes before: the example says which hint comes first there)
    build(say) -> {"families": [...]}           the page's data from the file (build.py), saying if it is stale

The file: {"version", "families": {family: {"hash", "checked", "techniques": {name: {"practice": [sizes],
"puzzles": {size: solve input}, "example": {"puzzle", "values", "notes", "hint"[, "first"]} or null}}}}}, one
technique a line ("first": the example is a step *All steps here* lists, and the hint there is this easier one)
(a dict per technique: a later kind of practice adds its own keys). "hash" is of the solver sources the family's
module imports (`source_hash`): when they change, `tests/test_learn.py` fails until `--write` is run.
Known limits: sizes checked are SIZES' (Skyscrapers stops at 6x6: a 7x7 check costs minutes per technique);
seed 0 only, so a rarely needed technique may have practice puzzles for other seeds (the page offers none);
`--write` keeps a kept rung's practice checks (the generator may now find a puzzle it did not: `--fresh` looks).
"""

from __future__ import annotations

import argparse
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
VERSION = 3  # of the file's making and shape (bump it, then `--write`: every family's is made again)
# a technique whose practice finds no puzzle for seed 0 at any size, and (size, seed) where our search found one:
# tried for its example only (the page still says that practice finds none within budget)
EXAMPLE_SEEDS = {("sudoku", "Jellyfish"): (9, 2)}
EXAMPLE_SIZE = {("sudoku", "Rule of 45"): 9}  # a rung whose name is a 9x9's (1 + ... + 9 = 45) shows a 9x9
SINGLES = ("Full house", "Naked single", "Hidden single")  # a position they are the next step of shows little
MAX_LINES = 12  # implications of a forcing step kept for the page (the hint box shows them all)
# where `--positions` looks for the positions of rungs no puzzle above gave an example: (size, grade, 1-based) of our
# generator's hardest puzzles, tried in turn for seeds 0, 1, 2, ...
SEARCH = {"sudoku": ((9, 5), (9, 4)), "skyscrapers": ((6, 5), (6, 4), (5, 5))}
HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "learn.json"
COMMAND = ".venv/bin/python -m solvers.learn_build --write"


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
    return examples(name, [technique], puzzle).get(technique.name)


def examples(name: str, techniques: list[Technique], puzzle: Json, listed: bool = False) -> dict[str, Json]:
    """`example` of each of the techniques whose hints the path of `puzzle` names, by name (one walk of its path).
    `listed`: a technique the hints never name there may be shown by a position where *All steps here* (`steps`)
    lists a step of it that no easier rung makes: that step, with "first", the easier technique the hint gives."""
    fam = family_of(name)
    found: dict[str, Json] = {}
    n, givens, _box, _clues = rules(name).grid_of(puzzle)
    for step, moves, start in steps(name, puzzle):
        technique = next((t for t in techniques if t.name not in found and step in {t.name, *t.also}), None)
        if technique is None and not (listed and step not in SINGLES):
            continue
        notes = [0 if v else m for v, m in zip(givens, start, strict=True)]
        read = fam.read(puzzle)
        state = fam.read_state(read, {**puzzle, **rules(name).state_input(n, list(givens), notes)})
        for move in moves:
            state = fam.apply(read, state, move)
        values, notes = list(state.values), list(state.notes)
        hint = commands.run(fam, "hint", {**puzzle, **rules(name).state_input(n, values, notes)})
        if technique and hint.get("technique") in {technique.name, *technique.also}:
            found[technique.name] = {"puzzle": puzzle, "values": values, "notes": notes, "hint": trimmed(hint)}
        if listed:
            for other, told in listed_steps(name, [t for t in techniques if t.name not in found], puzzle, values,
                                            notes).items():
                found[other] = {"puzzle": puzzle, "values": values, "notes": notes, "hint": told,
                                "first": hint.get("technique")}
        if len(found) == len(techniques):
            break
    return found


def listed_steps(name: str, techniques: list[Technique], puzzle: Json, values: list[int],
                 notes: list[int]) -> dict[str, Json]:
    """The first step `steps` lists in a position for each of these techniques it lists, as a hint (trimmed)."""
    state = {**puzzle, **rules(name).state_input(rules(name).grid_of(puzzle)[0], values, notes)}
    brief = commands.run(family_of(name), "steps", {**state, "brief": True})["steps"]
    out = {}
    for technique in techniques:
        at = next((i for i, s in enumerate(brief) if s["technique"] in {technique.name, *technique.also}), None)
        if at is not None:
            step = commands.run(family_of(name), "steps", {**state, "first": at, "count": 1})["steps"][0]
            out[technique.name] = trimmed({k: v for k, v in step.items() if k != "rung"})
    return out


def search(data: Json, seconds: float, say: Any = print, listed: bool = False) -> dict[str, dict[str, Json]]:
    """Positions for the rungs the file gives no example (of no variant), from our own generator: the puzzles of
    SEARCH's sizes and grades for seeds 0, 1, 2, ... in turn (one process), each one's hints walked from full notes
    (`examples`), the first position where a rung is the next step kept; until every such rung has one or after
    `seconds` (a puzzle begun is finished). By family, {rung: example}; the same for the same time on any machine
    only as far as it got (the seeds are tried in order). `listed`: a position where `steps` lists the rung will do
    (`examples`), for a rung an easier one always comes before."""
    wanted = {name: [t for t in family_of(name).techniques() if not t.variant
                     and not data["families"][name]["techniques"][t.name]["example"]] for name in SEARCH}
    found: dict[str, dict[str, Json]] = {name: {} for name in SEARCH}
    start, seed = time.perf_counter(), 0
    while time.perf_counter() - start < seconds and any(len(found[n]) < len(wanted[n]) for n in SEARCH):
        for name, shapes in SEARCH.items():
            for size, grade in shapes:
                todo = [t for t in wanted[name] if t.name not in found[name]]
                if not todo or time.perf_counter() - start >= seconds:
                    continue
                try:
                    made = commands.run(family_of(name), "generate", {"difficulty": grade, "seed": seed, "size": size})
                except PuzzleError:
                    continue  # none of that grade for this seed
                for technique, ex in examples(name, todo, solve_input(name, made), listed).items():
                    found[name][technique] = ex
                    if say:
                        say(f"positions: {name} {technique} from the {size}x{size} grade {grade} puzzle of seed "
                            f"{seed} ({time.perf_counter() - start:.0f} s)")
        seed += 1
    if say:
        for name in SEARCH:
            left = [t.name for t in wanted[name] if t.name not in found[name]]
            say(f"positions: {name}: {len(found[name])} of {len(wanted[name])} found in "
                f"{time.perf_counter() - start:.0f} s (seeds 0-{seed - 1})" + (f"; none for {', '.join(left)}"
                                                                               if left else ""))
    return found


def positions(seconds: float, path: Path = DATA, say: Any = print, listed: bool = False) -> Json:
    """`search` the file's rungs with no example and write those found into it as their examples."""
    data = load(path)
    for name, got in search(data, seconds, say, listed).items():
        for technique, ex in got.items():
            data["families"][name]["techniques"][technique]["example"] = ex
    path.write_text(dumps(data))
    return data


Job = tuple[Any, ...]  # a practice request: (family, technique, variant, size[, seed])


def _practise(job: Job) -> tuple[Job, Json | None, float]:
    """One practice check (a batch piece)."""
    puzzle, seconds = practise(*job)
    return job, puzzle, seconds


def _example(job: tuple[str, Technique, list[Json]]) -> Json | None:
    """The first example the puzzles give (a batch piece)."""
    name, technique, puzzles = job
    return next((ex for p in puzzles for ex in [example(name, technique, p)] if ex), None)


def _again(job: tuple[str, Technique, Json]) -> Json | None:
    """A stored example brought up to date (a batch piece)."""
    return again(*job)


def _named(job: tuple[str, Json]) -> set[str]:
    """Every technique the hints name on a puzzle's path (a batch piece)."""
    return {step for step, _moves, _notes in steps(*job)}


def make(name: str, workers: int, say: Any = None, keep: Json | None = None, puzzles_again: bool = False) -> Json:
    """A family's learn data: per ladder technique the practice sizes found with their puzzles and an example.

    `keep`: the family's data as the file holds it (same sizes checked); its rungs keep their practice checks and
    their examples when the hint there still names the technique; only new rungs are checked (minutes each), and
    with `puzzles_again` the sizes where a kept rung has a practice puzzle (each puzzle made again from its seed)."""
    fam = family_of(name)
    ladder, sizes = fam.techniques(), SIZES.get(name, (fam.default_size,))
    kept: dict[str, Json] = (keep or {}).get("techniques", {})
    puzzles: dict[str, dict[int, Json]] = {t.name: {} if puzzles_again else
                                           {int(s): p for s, p in kept[t.name]["puzzles"].items()}
                                           for t in ladder if t.name in kept}
    with Batch(workers) as batch:
        checks = [(name, t.name, t.variant, size) for t in ladder for size in sizes
                  if t.name not in kept or (puzzles_again and size in kept[t.name]["practice"])]
        told = batch.run(_practise, checks, label=f"{name} practice", unit="checks", quiet=say is None,
                         note=lambda r: f"{r[0][1]} ({r[0][3]}): {'a puzzle' if r[1] else 'none'} in {r[2]:.1f} s")
        for (_, technique, _, size), puzzle, _seconds in told:
            if puzzle:
                puzzles.setdefault(technique, {})[size] = solve_input(name, puzzle)
        # the smallest first: its example reads best (a 9x9 killer's notes are a crowd on a phone), unless the rung
        # names a size
        own = {t.name: [puzzles.get(t.name, {})[s] for s in sorted(puzzles.get(t.name, {}), key=lambda s, t=t: (
            s != EXAMPLE_SIZE.get((name, t.name), s), s))] for t in ladder}
        asked = [(name, t, kept[t.name]["example"]) for t in ladder if t.name in kept and kept[t.name]["example"]
                 and sized(name, t, kept[t.name]["example"])]
        shown: dict[str, Json | None] = {job[1].name: ex for job, ex in zip(asked, batch.run(
            _again, asked, label=f"{name} examples asked again", quiet=say is None or not asked), strict=True)}
        todo = [t for t in ladder if t.name not in kept or (kept[t.name]["example"] and not shown.get(t.name))]
        seeded = [(name, t.name, t.variant, *EXAMPLE_SEEDS[name, t.name]) for t in todo if not own[t.name]
                  and (name, t.name) in EXAMPLE_SEEDS]
        for (_, technique, _, _, _), puzzle, _ in batch.run(_practise, seeded, quiet=True):
            own[technique] = [solve_input(name, puzzle)] if puzzle else []
        for t, ex in zip(todo, batch.run(_example, [(name, t, own[t.name]) for t in todo],
                                         label=f"{name} examples", quiet=say is None or not todo), strict=True):
            shown[t.name] = ex
        missing = [t for t in todo if shown[t.name] is None]
        if missing:  # no practice puzzle (or its hints took another road): another technique's puzzle may need it
            pool = [(t.variant, p) for t in ladder for p in own[t.name]]
            named = list(batch.run(_named, [(name, p) for _, p in pool], quiet=True))
            jobs = [(name, t, [p for (variant, p), has in zip(pool, named, strict=True)
                               if variant == t.variant and has & {t.name, *t.also}][:1]) for t in missing]
            for t, ex in zip(missing, batch.run(_example, jobs, quiet=True), strict=True):
                shown[t.name] = ex
    return {"hash": source_hash(name), "checked": list(sizes),
            "techniques": {t.name: {"practice": [s for s in sizes if s in puzzles.get(t.name, {})],
                                    "puzzles": {str(s): puzzles[t.name][s] for s in sizes
                                                if s in puzzles.get(t.name, {})},
                                    "example": shown.get(t.name)} for t in ladder}}


def sized(name: str, technique: Technique, ex: Json) -> bool:
    """Whether an example is of the size its rung asks for (any, when it names none)."""
    size = EXAMPLE_SIZE.get((name, technique.name))
    return size is None or rules(name).grid_of(ex["puzzle"])[0] == size


def again(name: str, technique: Technique, ex: Json) -> Json | None:
    """A stored example brought up to date: its hint asked again from its position (the page must draw the hint the
    game gives now), or, when the hints now take another step there, the technique looked for again along its
    puzzle's path (None when the path no longer needs it)."""
    n = rules(name).grid_of(ex["puzzle"])[0]
    hint = commands.run(family_of(name), "hint", {**ex["puzzle"], **rules(name).state_input(n, ex["values"],
                                                                                            ex["notes"])})
    if hint.get("technique") in {technique.name, *technique.also}:
        return {k: v for k, v in {**ex, "hint": trimmed(hint)}.items() if k != "first"}
    if "first" in ex:  # a listed step (`examples`): still listed there, or looked for again along the path
        step = listed_steps(name, [technique], ex["puzzle"], ex["values"], ex["notes"]).get(technique.name)
        return {**ex, "hint": step, "first": hint.get("technique")} if step else \
            examples(name, [technique], ex["puzzle"], listed=True).get(technique.name)
    return example(name, technique, ex["puzzle"])


def trimmed(hint: Json) -> Json:
    """A hint as the page keeps it: a forcing step's implications cut to MAX_LINES."""
    if len(hint.get("implications") or []) > MAX_LINES:
        return {**hint, "implications": [*hint["implications"][:MAX_LINES], "…"]}
    return hint


def load(path: Path = DATA) -> Json:
    """The file's data (empty when there is no file)."""
    return json.loads(path.read_text()) if path.exists() else {"version": VERSION, "families": {}}


def stale(name: str, data: Json) -> str | None:
    """Why the file's data of a family is not that of the solver sources now (None: it is)."""
    fam, stored = family_of(name), data["families"].get(name)
    if stored is None:
        return f"no learn data for {name}"
    if data.get("version") != VERSION:
        return f"the learn data was made by another version of solvers/learn_build.py ({data.get('version')})"
    have, ladder = list(stored["techniques"]), [t.name for t in fam.techniques()]
    if have != ladder:
        new, gone = [t for t in ladder if t not in have], [t for t in have if t not in ladder]
        return (f"{name}'s ladder changed since its learn data was made" + (f" (new: {', '.join(new)})" if new else "")
                + (f" (gone: {', '.join(gone)})" if gone else ""))
    if stored["checked"] != list(SIZES.get(name, (fam.default_size,))):
        return f"{name}'s learn data checked other sizes"
    if stored["hash"] != source_hash(name):
        return f"{name}'s solver sources changed since its learn data was made"
    wrong = [t.name for t in fam.techniques() if (ex := stored["techniques"][t.name]["example"])
             and not sized(name, t, ex)]
    return f"{name}'s examples of {', '.join(wrong)} are not of the size their rungs name" if wrong else None


def build(path: Path = DATA, say: Any = print) -> Json:
    """Every ladder family's learn data for the page, read from the file (never made here): its ladder as it is
    now, with the words and grades of the solvers and the practice sizes and example the file holds for each rung
    (none for a rung it lacks); `say` is told when the file is stale."""
    data, out = load(path), []
    for name in ladder_families():
        why = stale(name, data)
        if why and say:
            say(f"learn page: {why}: the page shows {path.name} as it is (`{COMMAND}` remakes it)")
        fam = family_of(name)
        stored = data["families"].get(name) or {}
        made = stored.get("techniques", {})
        checked = stored.get("checked") or list(SIZES.get(name, (fam.default_size,)))
        out.append({"name": name, "title": fam.title,
                    "entries": [{**t.json(name), "about": t.about, "checked": checked,
                                 "practice": made.get(t.name, {}).get("practice", []),
                                 "example": made.get(t.name, {}).get("example")} for t in fam.techniques()]})
    borrow(out)
    return {"families": out}


def write(path: Path = DATA, fresh: bool = False, only: list[str] | None = None, workers: int | None = None,
          say: Any = print, puzzles_again: bool = False) -> Json:
    """Bring the file up to date (see `make`; `fresh`: every family in `only`, or all, made again in full) and
    write it, one technique a line."""
    data = load(path)
    if data.get("version") != VERSION:
        data, fresh = {"version": VERSION, "families": {}}, True
    workers = workers or max(1, min(2, os.cpu_count() or 1))
    families = {}
    for name in ladder_families():
        old = data["families"].get(name)
        if only and name not in only:
            if old:
                families[name] = old
            continue
        fam, start = family_of(name), time.perf_counter()
        keep = None if fresh or not old or old["checked"] != list(SIZES.get(name, (fam.default_size,))) else old
        families[name] = make(name, workers, say, keep, puzzles_again)
        if say:
            say(f"learn data: {name} {'brought up to date' if keep else 'made'} in {time.perf_counter() - start:.0f} s")
    data = {"version": VERSION, "families": families}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(data))
    return data


def dumps(data: Json) -> str:
    """The file's text: one technique a line, so a remake's diff shows which rungs changed."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    families = []
    for name, fam in data["families"].items():
        rungs = ",\n".join(f"   {line(t)}: {line(v)}" for t, v in fam["techniques"].items())
        families.append(f' {line(name)}: {{"hash": {line(fam["hash"])}, "checked": {line(fam["checked"])}, '
                        f'"techniques": {{\n{rungs}}}}}')
    return f'{{"version": {data["version"]}, "families": {{\n' + ",\n".join(families) + "}}\n"


def borrow(families: list[Json]) -> None:
    """A technique without an example of its own shows another family's example of it (a latin technique is the
    same on any latin grid), marked with that family's name in "from"; so does one whose own example is only a
    listed step ("first") where another family's is the next step there."""
    shown: dict[str, tuple[str, Json]] = {}
    for f in families:
        for e in f["entries"]:
            if e["example"] and (e["name"] not in shown or shown[e["name"]][1].get("first")):
                shown[e["name"]] = (f["name"], e["example"])
    for f in families:
        for e in f["entries"]:
            other = shown.get(e["name"])
            if other and other[0] != f["name"] and (not e["example"] or (e["example"].get("first")
                                                                            and not other[1].get("first"))):
                e["from"], e["example"] = other


def main(argv: list[str] | None = None) -> int:
    """The maintainer's command: say whether the file is up to date, or (`--write`) bring it up to date."""
    parser = argparse.ArgumentParser(description="The learn page's data (solvers/data/learn.json).")
    parser.add_argument("--write", action="store_true", help="bring the file up to date with the solver sources")
    parser.add_argument("--fresh", action="store_true", help="with --write: make every practice check again")
    parser.add_argument("--puzzles", action="store_true",
                        help="with --write: make the stored practice puzzles again from their seeds (minutes)")
    parser.add_argument("--family", action="append", choices=ladder_families(), help="only this family (repeat)")
    parser.add_argument("--workers", type=int, help="processes (default: 2 at most)")
    parser.add_argument("--positions", type=float, metavar="SECONDS",
                        help="look for positions of the rungs with no example in our generator's hardest puzzles "
                             "(one process, for at most SECONDS) and keep those found as their examples")
    parser.add_argument("--listed", action="store_true",
                        help="with --positions: a position where All steps here lists the rung will do")
    args = parser.parse_args(argv)
    if args.write:
        write(fresh=args.fresh, only=args.family, workers=args.workers, puzzles_again=args.puzzles)
    if args.positions:
        positions(args.positions, listed=args.listed)
    data = load()
    problems = [why for name in ladder_families() if (why := stale(name, data))]
    for why in problems:
        print(f"{why}: `{COMMAND}` brings it up to date")
    if not problems:
        print(f"{DATA.relative_to(HERE.parent)} is up to date ({DATA.stat().st_size:,} bytes)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
