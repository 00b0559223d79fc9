"""The command table: every family's contract as JSON commands, for the CLI and the worker.

One declared table (`COMMON` plus each family's `extra()`) answers a JSON input object;
`run` is the only way the command line (`__main__.py`) and the browser worker reach a
family, so neither has a per-family branch. Answers are JSON objects; a failure is
`{"error", "kind"}` (see DESIGN.md's command-line contract).

Every request runs under a work budget (budget.py): the input's `"limit": {"seconds": S,
"nodes": N}`, else `DEFAULT_SECONDS`; the solvers charge it through `budget.spend()`, and
when it runs out the answer is `{"error", "kind": "timeout", "nodes", "seconds"}`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from . import budget, family, formats
from .base import Family, Json, Params, PuzzleError, grade_index, read_seed
from .budget import Budget, SearchAborted

MAX_MOVES = 100_000  # moves accepted by one `apply` call
DEFAULT_SECONDS = budget.DEFAULT_SECONDS  # a request's wall-clock budget when its input sets none


class Timeout(PuzzleError):
    """A request's budget ran out: the timeout error, with the work done ("nodes", "seconds")."""

    def __init__(self, stop: SearchAborted) -> None:
        super().__init__(f"no answer within the budget: {stop}", "timeout")
        self.nodes, self.seconds = stop.nodes, stop.seconds

    def to_json(self) -> Json:
        """{"error", "kind": "timeout", "nodes", "seconds"}."""
        return {**super().to_json(), "nodes": self.nodes, "seconds": self.seconds}


def load_json(text: str) -> object:
    """An input's JSON text as a value (the CLI's lines, the worker's calls); PuzzleError for text that is not JSON
    (of any size or depth)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise PuzzleError(f"not valid JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise PuzzleError("the JSON is nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of thousands of digits
        raise PuzzleError(f"not valid JSON: {str(exc)[:100]}") from None


def request_budget(obj: Json, cancel: Callable[[], bool] | None = None,
                   seconds: float | None = DEFAULT_SECONDS) -> Budget:
    """The budget of one input: its "limit" object, else `seconds` (None: no clock, as for a direct `run`)."""
    try:
        return budget.from_limit(obj.get("limit"), seconds, None, cancel)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None


def _generate(fam: Family, obj: Json) -> Json:
    """{"difficulty"?, "seed"?, "size"?} -> the puzzle's solve input plus its description; with "technique", the
    family's `practice` command answers (a puzzle whose solving path needs the technique)."""
    if obj.get("technique") is not None and "practice" in fam.extra():
        return _handler(fam, "practice")(obj)
    size = obj.get("size")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int)):
        raise PuzzleError("the size must be a whole number")
    if fam.sizes and size is not None and size not in fam.sizes:
        raise PuzzleError(f"{fam.name} comes in sizes {sizes_text(fam.sizes)}, not {size}")
    variant = obj.get("variant")
    if variant is not None and variant not in [name for name, _ in fam.variants]:
        names = ", ".join(name for name, _ in fam.variants)
        raise PuzzleError(f"{fam.name} has the variants {names}" if names else f"{fam.name} has no variants")
    seed = read_seed(obj.get("seed", 0))
    puzzle = fam.generate(Params(grade_index(fam.grades, obj.get("difficulty")), size, variant), seed)
    return {**fam.write(puzzle), **fam.describe(puzzle), "seed": seed}


def with_level(fam: Family, out: Json) -> Json:
    """An answer with "level": its "difficulty" as a number on the one scale of every family and command
    (generate, practice, daily, grade, rate...): 1 = the family's easiest grade, as `generate --difficulty` takes
    it; none when the answer's difficulty is no grade of the family (an answer's own "level" stays)."""
    difficulty = out.get("difficulty")
    return {"level": fam.grades.index(difficulty) + 1, **out} if difficulty in fam.grades else out


def sizes_text(sizes: tuple[int, ...]) -> str:
    """Sizes as a player reads them: "2 to 100" for a run, else a list."""
    if len(sizes) > 3 and list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return ", ".join(map(str, sizes))


def _hint(fam: Family, obj: Json) -> Json:
    puzzle = fam.read(obj)
    return fam.hint(puzzle, fam.read_state(puzzle, obj), obj).to_json()


def _check(fam: Family, obj: Json) -> Json:
    puzzle = fam.read(obj)
    return fam.checked(puzzle, fam.read_state(puzzle, obj))


def _apply(fam: Family, obj: Json) -> Json:
    """Solve input + "state"? + "moves": [move strings] -> {"state", "solved"}."""
    puzzle = fam.read(obj)
    moves = obj.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise PuzzleError('"moves" must be a list of move strings')
    if len(moves) > MAX_MOVES:
        raise PuzzleError(f"at most {MAX_MOVES} moves at once")
    state = fam.read_state(puzzle, obj)
    for move in moves:
        state = fam.apply(puzzle, state, move)
    out: Json = {"state": fam.write_state(puzzle, state), "solved": fam.is_solved(puzzle, state)}
    notes = fam.write_notes(puzzle, state)
    if notes is not None:
        out["pencil"] = notes
    return out


def _parse(fam: Family, obj: Json) -> Json:
    text = obj.get("text")
    if not isinstance(text, str):
        raise PuzzleError('give the puzzle\'s description as {"text": "..."}')
    return fam.write(fam.parse(text))


def _import(fam: Family, obj: Json) -> Json:
    text = obj.get("text")
    if not isinstance(text, str) or not text.strip():
        raise PuzzleError('give the link or puzzle text as {"text": "..."}')
    if len(text) > 20_000:
        raise PuzzleError("that text is too long to be a puzzle")
    if formats.tatham_seed(text):
        raise PuzzleError(formats.SEED_WORDS)
    try:
        return {**fam.write(fam.imported(text)), **formats.fpuzzles_setter(text)}
    except (ValueError, IndexError) as exc:
        if isinstance(exc, PuzzleError):
            raise
        raise PuzzleError(f"that is not a {fam.name} puzzle Tessera can read: {exc}") from None


def _export(fam: Family, obj: Json) -> Json:
    """{"formats": [{"name", "text"}, ...]}: Tessera's own text first, then other apps' (`import` reads each)."""
    puzzle = fam.read(obj)
    texts = {"Tessera text": fam.format(puzzle), **fam.exports(puzzle)}
    return {"formats": [{"name": name, "text": text} for name, text in texts.items()]}


def _trace(fam: Family, obj: Json) -> Iterator[Json]:
    known = [m.name for m in fam.methods]
    method = obj.get("method") or (known[0] if known else "")
    if known and method not in known:
        raise PuzzleError(f"unknown trace method {str(method)[:40]!r}: choose one of {', '.join(known)}")
    return fam.trace(fam.read(obj), method, obj)


def info(fam: Family) -> Json:
    """What a family offers: its title, grades, sizes, trace methods (names, and as the watch page tells them),
    commands, the tables its page offers, its hint ladder (the learn page's entries) and how the watch page shows
    it."""
    return {"name": fam.name, "title": fam.title, "grades": list(fam.grades), "sizes": list(fam.sizes),
            "default_size": fam.default_size,
            "methods": [m.name for m in fam.methods], "method_notes": [m.json() for m in fam.methods],
            "variants": [list(v) for v in fam.variants], "commands": names(fam), "tables": fam.tables(),
            "ladder": [t.json(fam.name) for t in fam.techniques()],
            "watch": {"view": fam.watch_view, "compare": fam.watch_compare, "unit": fam.size_unit,
                      "sizes": fam.watch_sizes(), "data": _trace_reads_data(fam)}}


def _trace_reads_data(fam: Family) -> bool:
    """Whether a trace reads the family's build-time data files (the watch page has them fetched first)."""
    files = fam.data_files("trace", {})
    return bool(files) if files is not None else type(fam).build_data is not Family.build_data


# name -> handler (of the common commands only `trace` streams several answers)
COMMON: dict[str, Callable[[Family, Json], Any]] = {
    "solve": lambda fam, obj: fam.solve(fam.read(obj), obj),
    "generate": _generate,
    "hint": _hint,
    "check": _check,
    "apply": _apply,
    "format": lambda fam, obj: {"text": fam.format(fam.read(obj))},
    "parse": _parse,
    "trace": _trace,
    "info": lambda fam, obj: info(fam),
    "import": _import,
    "export": _export,
}


def names(fam: Family) -> list[str]:
    """The commands a family answers."""
    return [*COMMON, *fam.extra()]


def streams(fam: Family, command: str) -> bool:
    """Whether a command answers with several objects (a trace)."""
    if command == "trace":  # the one common command that streams
        return True
    extra = fam.extra().get(command)
    return bool(extra and extra.stream)


def _handler(fam: Family, command: str) -> Callable[[Json], Any]:
    """The function answering a declared command."""
    if command not in names(fam):
        raise PuzzleError(f"{fam.name} has no command {str(command)[:40]!r}; choose one of {', '.join(names(fam))}")
    if command in COMMON:
        return lambda obj: COMMON[command](fam, obj)
    handler = fam.extra()[command].run
    if handler is None:
        raise PuzzleError(f"{fam.name} {command} runs from the command line only")
    return handler


def _metered(items: Iterator[Json], work: Budget) -> Iterator[Json]:
    """A stream's answers, each made under the request's budget (its clock stops between them)."""
    try:
        yield from budget.metered(iter(items), work)
    except SearchAborted as stop:
        raise Timeout(stop) from None


def run(fam: Family, command: str, obj: Json, work: Budget | None = None) -> Any:
    """Answer one input object with a declared command (a dict, or an iterator for streams).

    The work runs under `work`, by default the input's own "limit" alone (a direct call from Python
    has no clock, so it stays deterministic; `answer`, which the CLI and the worker use, adds the
    default seconds). A stream's events are made under it one by one as they are read. Timeout (a
    PuzzleError) when it runs out.
    """
    handler = _handler(fam, command)
    work = work if work is not None else request_budget(obj, seconds=None)
    try:
        with budget.running(work):
            out = handler(obj)
    except SearchAborted as stop:
        raise Timeout(stop) from None
    if streams(fam, command):
        return _metered(out, work)
    return with_level(fam, out) if isinstance(out, dict) else out


def answer(family_name: str, command: str, obj: object, cancel: Callable[[], bool] | None = None) -> Iterator[Json]:
    """Every answer to one input, errors included: what the CLI prints and the worker returns.

    `cancel` (a callback) stops the work as a timeout when it returns True."""
    try:
        if not isinstance(obj, dict):
            raise PuzzleError("each input must be a JSON object")
        fam = family(family_name)
        out = run(fam, command, obj, request_budget(obj, cancel))
        if streams(fam, command):
            yield from out
        else:
            yield out
    except PuzzleError as exc:
        yield exc.to_json()
    except SearchAborted as stop:  # a stream's own consumer outside _metered (never expected)
        yield Timeout(stop).to_json()
    except (RecursionError, MemoryError):
        yield {"error": "the puzzle is too large to handle", "kind": "invalid"}
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError) as exc:
        # A malformed object that slipped past validation: still an answer, never a traceback.
        yield {"error": f"malformed input: {str(exc)[:200]}", "kind": "invalid"}
