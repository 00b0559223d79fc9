"""Command line: `python -m solvers <family> <command> [options]`, JSON lines in and out.

Each input line is one JSON object; each answer is one JSON object on its own line, in
order. A line that cannot be handled yields {"error": ..., "kind": ...} and processing
goes on. `generate` reads no input. The exit status is 0 unless the command line is wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from . import family, names
from .base import Family, PuzzleError


def answers(fam: Family, command: str, line: str, method: str | None) -> Iterator[dict[str, Any]]:
    """The output objects for one input line (several for a trace)."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        yield {"error": f"not valid JSON: {exc.msg} at column {exc.colno}", "kind": "invalid"}
        return
    if not isinstance(obj, dict):
        yield {"error": "each line must be a JSON object", "kind": "invalid"}
        return
    try:
        if command == "trace":
            yield from fam.trace(obj, method)
        else:
            yield getattr(fam, command)(obj)
    except PuzzleError as exc:
        yield exc.to_json()
    except RecursionError:
        yield {"error": "the puzzle is too large to handle", "kind": "invalid"}
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        # A malformed object that slipped past validation: still a line, never a traceback.
        yield {"error": f"malformed input: {exc}", "kind": "invalid"}


def main(argv: list[str] | None = None, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Run the CLI; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m solvers", description=__doc__.splitlines()[0])
    parser.add_argument("family", choices=names())
    parser.add_argument("command")
    parser.add_argument("--difficulty", "-d", default=None, help="grade name or number, 1 = easiest")
    parser.add_argument("--seed", "-s", default="0", help="seed: same seed, same puzzle")
    parser.add_argument("--size", "-n", type=int, default=None, help="board size (family-specific)")
    parser.add_argument("--method", "-m", default=None, help="solver method for trace")
    args, rest = parser.parse_known_args(argv)
    fam = family(args.family)
    if args.command not in fam.commands():
        parser.error(f"{args.family} has no command {args.command!r}; choose one of {', '.join(fam.commands())}")
    if args.command in fam.extra_commands():
        return fam.run_extra(args.command, rest)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")

    def emit(obj: dict[str, Any]) -> None:
        stdout.write(json.dumps(obj, separators=(", ", ": ")) + "\n")

    if args.command == "generate":
        from .base import grade_index

        try:
            seed = int(args.seed) if str(args.seed).lstrip("-").isdigit() else args.seed
            emit(fam.generate(grade_index(fam.grades, args.difficulty), seed, args.size))
        except PuzzleError as exc:
            emit(exc.to_json())
        return 0
    for line in stdin:
        if line.strip():
            for obj in answers(fam, args.command, line, args.method):
                emit(obj)
            stdout.flush()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(0)
