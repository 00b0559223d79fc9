"""The puzzle interface every family implements, and the values it trades in.

A family is one module in `solvers/` holding typed functions (parse, format, generate,
solve, check, hint, apply) and one `Family` subclass that exposes them on JSON objects,
so the command line, the browser worker and the tests are written once (see DESIGN.md).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Literal

ErrorKind = Literal["invalid", "no-solution", "multiple-solutions", "timeout"]
Json = dict[str, Any]


class PuzzleError(ValueError):
    """Bad input or an unsolvable request, with a message a player can read."""

    def __init__(self, message: str, kind: ErrorKind = "invalid") -> None:
        super().__init__(message)
        self.kind: ErrorKind = kind

    def to_json(self) -> Json:
        """The CLI/worker error object."""
        return {"error": str(self), "kind": self.kind}


@dataclass(frozen=True)
class Hint:
    """One step a person could take: technique, cells involved, a reason and the move."""

    technique: str
    cells: list[Any]
    reason: str
    move: Any = None
    level: int = 0  # index of the technique's grade, 0 = easiest
    extra: dict[str, Any] = field(default_factory=dict)  # family-specific (eliminations...)

    def to_json(self) -> Json:
        """The hint as the CLI prints it; `extra` keys are merged in."""
        out = asdict(self)
        out.update(out.pop("extra"))
        return out


def grade_index(grades: tuple[str, ...], difficulty: str | int | None) -> int:
    """Read a grade given as its name (any case) or its 1-based number; None = easiest."""
    if difficulty is None or difficulty == "":
        return 0
    text = str(difficulty).strip().lower().replace("_", " ").replace("-", " ")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(grades):
            return number - 1
    else:
        names = [g.lower().replace("-", " ") for g in grades]
        if text in names:
            return names.index(text)
    raise PuzzleError(f"unknown difficulty {difficulty!r}: choose one of {', '.join(grades)} or 1..{len(grades)}")


class Family(ABC):
    """A puzzle family seen through JSON objects, as the CLI and the worker use it."""

    name: ClassVar[str]
    grades: ClassVar[tuple[str, ...]]  # ordered, easiest first

    @abstractmethod
    def solve(self, obj: Json) -> Json:
        """Solve the puzzle in `obj` (the CLI's solve input)."""

    @abstractmethod
    def generate(self, grade: int, seed: int, size: int | None) -> Json:
        """A new puzzle in solve-input form plus "difficulty"; same seed, same puzzle."""

    def hint(self, obj: Json) -> Json:
        """The next step for the solve input plus "state"."""
        raise PuzzleError(f"{self.name} has no hints yet")

    def check(self, obj: Json) -> Json:
        """Problems in "state" for the solve input plus "state"."""
        raise PuzzleError(f"{self.name} has no checker yet")

    def trace(self, obj: Json, method: str | None) -> Iterator[Json]:
        """Solver events for watch-the-solver; the last is {"event": "solved", ...}."""
        raise PuzzleError(f"{self.name} has no trace yet")

    def commands(self) -> tuple[str, ...]:
        """The CLI commands this family answers."""
        base = ("solve", "generate", "hint", "check", "trace")
        return tuple(c for c in base if getattr(type(self), c) is not getattr(Family, c)) + self.extra_commands()

    def extra_commands(self) -> tuple[str, ...]:
        """Family-specific commands beyond the common ones (handled by `run_extra`)."""
        return ()

    def run_extra(self, command: str, argv: list[str]) -> int:
        """Run a family-specific command; returns the exit status."""
        raise PuzzleError(f"unknown command {command!r}")


def rng_for(seed: int | str, *parts: object) -> random.Random:
    """A deterministic generator for a seed and parameters (same inputs, same stream)."""
    return random.Random("|".join(str(p) for p in (seed, *parts)))
