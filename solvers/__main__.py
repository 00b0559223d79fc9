"""Command line: `python -m solvers <family> <command> [options]`, JSON lines in and out.

Each input line is one JSON object; each answer is one JSON object on its own line, in
order. A line that cannot be handled yields {"error": ..., "kind": ...} and processing
goes on, whatever bytes it holds. `generate` reads no input. `--limit SECONDS` sets each
request's work budget (an input's own "limit" wins). The exit status is 0 unless
the command line is wrong. Every command comes from the table in `commands.py`. Data files (the sliding
puzzle's pattern databases) are read from $TESSERA_DATA, else, in a checkout, from the built site's `data/`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from . import budget, commands, family, names
from .base import PuzzleError

MAX_LINE = 4_000_000  # bytes in one input line


def decode(line: bytes) -> Any:
    """One input line as a JSON value; PuzzleError when it is not one."""
    if len(line) > MAX_LINE:
        raise PuzzleError(f"the line is too long (at most {MAX_LINE} bytes)")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleError("the line is not UTF-8 text") from None
    return commands.load_json(text)


def answers(family_name: str, command: str, line: bytes, options: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The output objects for one input line (several for a trace)."""
    try:
        obj = decode(line)
    except PuzzleError as exc:
        yield exc.to_json()
        return
    if isinstance(obj, dict):
        obj = {**options, **obj}
    yield from commands.answer(family_name, command, obj)


def emit(stdout: TextIO, obj: dict[str, Any]) -> None:
    """Print one answer line."""
    stdout.write(json.dumps(obj, separators=(", ", ": ")) + "\n")


def limit_seconds(parser: argparse.ArgumentParser, text: str) -> float:
    """The --limit value: positive seconds, at most budget.MAX_SECONDS (a usage error otherwise)."""
    try:
        seconds = float(text) if len(text) < 30 and text.isascii() else float("nan")
    except ValueError:
        seconds = float("nan")
    if not 0 < seconds <= budget.MAX_SECONDS:
        parser.error(f"--limit must be a number of seconds above 0 and at most {budget.MAX_SECONDS:g}, "
                     f"not {text[:20]!r}")
    return seconds


def use_built_data() -> None:
    """Without $TESSERA_DATA, read data files from the built site in this checkout ($TESSERA_DIST or dist/) if any."""
    built = Path(os.environ.get("TESSERA_DIST") or Path(__file__).resolve().parents[1] / "dist") / "data"
    if not os.environ.get("TESSERA_DATA") and (built / "manifest.json").is_file():
        os.environ["TESSERA_DATA"] = str(built)


def main(argv: list[str] | None = None, stdin: BinaryIO | None = None, stdout: TextIO = sys.stdout) -> int:
    """Run the CLI; returns the exit status."""
    use_built_data()
    parser = argparse.ArgumentParser(prog="python -m solvers", description=__doc__.splitlines()[0])
    parser.add_argument("family", choices=names())
    parser.add_argument("command")
    parser.add_argument("--difficulty", "-d", default=None, help="grade name or number, 1 = easiest")
    parser.add_argument("--seed", "-s", default="0", help="seed: same seed, same puzzle")
    parser.add_argument("--size", "-n", default=None, help="board size (family-specific)")
    parser.add_argument("--variant", default=None, help="what else generate can vary (ubongo: family|original)")
    parser.add_argument("--method", "-m", default=None, help="solver method for trace")
    parser.add_argument("--limit", default=None, metavar="SECONDS",
                        help=f"seconds of work for each request (default {commands.DEFAULT_SECONDS:g}; "
                        'an input\'s own "limit" wins)')
    words = list(sys.argv[1:] if argv is None else argv)
    args, rest = parser.parse_known_args(words)
    fam = family(args.family)
    known = commands.names(fam)
    if args.command not in known:
        parser.error(f"{args.family} has no command {args.command!r}; choose one of {', '.join(known)}")
    extra = fam.extra().get(args.command)
    if extra is not None and extra.main is not None:  # its own options, --limit and --seed included
        for word in (args.family, args.command):
            words.remove(word)
        return extra.main(words)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    size: int | None = None
    if args.size is not None:
        if not (args.size.isascii() and args.size.isdigit() and len(args.size) < 4):
            parser.error(f"--size must be a small whole number, not {args.size[:20]!r}")
        size = int(args.size)
    if len(str(args.seed)) > 100:
        parser.error("--seed is too long (at most 100 characters)")
    options: dict[str, Any] = {"method": args.method} if args.method else {}
    if args.limit is not None:
        options["limit"] = {"seconds": limit_seconds(parser, args.limit)}
    if args.command == "generate":
        obj = {"difficulty": args.difficulty, "seed": args.seed, "size": size, **options}
        if args.variant is not None:
            obj["variant"] = args.variant
        for out in commands.answer(args.family, "generate", obj):
            emit(stdout, out)
        return 0
    source = stdin if stdin is not None else sys.stdin.buffer
    for line in source:
        if line.strip():
            for out in answers(args.family, args.command, line, options):
                emit(stdout, out)
            stdout.flush()
    return 0


def run() -> None:
    """The `tessera` console command: the same CLI as `python -m solvers`."""
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(0)


if __name__ == "__main__":
    run()
