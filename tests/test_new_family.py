"""A new family needs only its own files: a small latin-square family added in a temporary copy of the tree
appears in the registry, the home page, the watch page and the manifest, and answers the common commands,
without an edit anywhere else (ARCHITECTURE.md's *Adding a family* lists the same files)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAMILY = '''"""A latin square: each row and column of an n x n grid holds 1..n once."""

from __future__ import annotations

from .base import Family, Hint, Json, Method, Params, Problem, PuzzleError, rng_for
from .rules import latinsquare as rules

Square = tuple[int, ...]  # row-major values, 0 = blank


def _fill(values: list[int], n: int, limit: int, out: list[Square]) -> None:
    """Solutions by backtracking, up to `limit`."""
    if len(out) >= limit:
        return
    if 0 not in values:
        out.append(tuple(values))
        return
    c = values.index(0)
    r, k = divmod(c, n)
    for v in range(1, n + 1):
        if all(values[r * n + j] != v for j in range(n)) and all(values[i * n + k] != v for i in range(n)):
            values[c] = v
            _fill(values, n, limit, out)
            values[c] = 0


def solutions(puzzle: Square, limit: int = 2) -> list[Square]:
    """Up to `limit` solutions."""
    out: list[Square] = []
    _fill(list(puzzle), rules.side(puzzle), limit, out)
    return out


class LatinSquareFamily(Family[Square, Square]):
    """Latin squares: moves are "r1c2=3" (0 clears)."""

    name = "latinsquare"
    title = "Latin square"
    grades = ("Easy",)
    sizes = (4,)
    default_size = 4
    methods = (Method("backtracking", "Backtracking", "Tries each value in turn. One step = one value.", ("place",)),)

    def parse(self, text: str) -> Square:
        """A row-major grid of digits, '.' for blanks."""
        try:
            return tuple(rules.values_of(text))
        except ValueError as exc:
            raise PuzzleError(str(exc)) from None

    def format(self, puzzle: Square) -> str:
        """The grid text."""
        return rules.text_of({"grid": rules.text(puzzle)})

    def read(self, obj: Json) -> Square:
        """{"grid": text}."""
        return self.parse(str(obj.get("grid", "")))

    def write(self, puzzle: Square) -> Json:
        """{"grid": text}."""
        return {"grid": rules.text(puzzle)}

    def start(self, puzzle: Square) -> Square:
        """The givens."""
        return puzzle

    def read_state(self, puzzle: Square, obj: Json) -> Square:
        """The "state" grid, else the givens."""
        return self.parse(obj["state"]) if "state" in obj else puzzle

    def write_state(self, puzzle: Square, state: Square) -> str:
        """The grid text."""
        return rules.text(state)

    def apply(self, puzzle: Square, state: Square, move: str) -> Square:
        """"r1c2=3"."""
        n = rules.side(puzzle)
        r, c, v = rules.move_of(move, n)
        if puzzle[r * n + c]:
            raise PuzzleError("that cell is given")
        return (*state[:r * n + c], v, *state[r * n + c + 1:])

    def is_solved(self, puzzle: Square, state: Square) -> bool:
        """Full and latin."""
        return 0 not in state and not rules.repeats(state)

    def generate(self, params: Params, seed: int | str) -> Square:
        """A random square with every other cell blanked while it stays unique."""
        n = params.size or 4
        rng = rng_for(seed, self.name, n)
        row = list(range(1, n + 1))
        rng.shuffle(row)
        values = [row[(r + c) % n] for r in range(n) for c in range(n)]
        for c in rng.sample(range(n * n), n * n):
            kept, values[c] = values[c], 0
            if len(solutions(tuple(values))) > 1:
                values[c] = kept
        return tuple(values)

    def solve(self, puzzle: Square, obj: Json) -> Json:
        """{"solution": text}."""
        found = solutions(puzzle, 2)
        if len(found) != 1:
            raise PuzzleError("this square has no solution" if not found else "more than one solution",
                              "no-solution" if not found else "multiple-solutions")
        return {"solution": rules.text(found[0])}

    def count(self, puzzle: Square, limit: int = 2) -> int:
        """Solutions up to `limit`."""
        return len(solutions(puzzle, limit))

    def check(self, puzzle: Square, state: Square) -> list[Problem]:
        """Repeated values."""
        n = rules.side(puzzle)
        return [Problem([[c // n, c % n]], "repeat", "a value repeats") for c in rules.repeats(state)]

    def hint(self, puzzle: Square, state: Square, obj: Json) -> Hint:
        """The first blank cell's value in the solution."""
        n = rules.side(puzzle)
        found = solutions(puzzle, 1)
        if 0 not in state or not found:
            return Hint("Solved", [], "Nothing to do")
        c = state.index(0)
        r, k, v = c // n, c % n, found[0][c]
        return Hint("Solution", [[r, k]], f"r{r + 1}c{k + 1} is {v}", move={"place": [r, k, v]},
                    move_text=f"r{r + 1}c{k + 1}={v}")


FAMILY = LatinSquareFamily()
'''

RULES = '''"""Latin squares as text: n*n characters, digits and '.' for blanks (shared with the page)."""

EXAMPLE = "12..3.1...4...21"


def values_of(text):
    """The values of a grid text; ValueError when it is not a square of digits."""
    text = "".join(text.split())
    n = int(len(text) ** 0.5)
    if n < 2 or n * n != len(text) or any(ch not in ".0123456789"[:n + 2] for ch in text):
        raise ValueError("a latin square is n*n digits 1..n, '.' for blanks")
    return [0 if ch == "." else int(ch) for ch in text]


def side(values):
    """n of n*n values."""
    return int(len(values) ** 0.5)


def text(values):
    """The grid text of values."""
    return "".join(str(v) if v else "." for v in values)


def repeats(values):
    """Cells whose value repeats in their row or column."""
    n = side(values)
    return sorted(c for c, v in enumerate(values) if v and any(
        values[x] == v for x in range(len(values)) if x != c and (x // n == c // n or x % n == c % n)))


def move_of(move, n):
    """(row, column, value) of "r1c2=3"."""
    where, _, value = move.partition("=")
    r, _, c = where[1:].partition("c")
    return int(r) - 1, int(c) - 1, int(value or 0)


def puzzle_of(text_):
    """The solve input of a grid text."""
    return {"grid": text(values_of(text_))}


def text_of(puzzle):
    """The canonical text of a solve input."""
    return text(values_of(puzzle["grid"]))


def size_of(puzzle):
    """The side of a solve input."""
    return side(values_of(puzzle["grid"]))


def grid_of(puzzle):
    """(n, givens, no box, no clues) for the latin-grid view."""
    values = values_of(puzzle["grid"])
    return side(values), values, None, None
'''

VIEW = '''"""The latin square page (MicroPython, main thread): the grid view on the midend."""

from rules import latinsquare

from grid_game import GridGame
from midend import Midend


class LatinSquareGame(GridGame):
    """Every row and column holds each value once."""

    family = "latinsquare"
    rules = latinsquare
    label = "Latin square"


Midend(LatinSquareGame()).start()
'''

PAGE = {"template": "grid_page.html", "rules": "Every row and column holds each value once.", "custom": "",
        "card": {"order": 9, "tag": "Play", "text": "Fill the square so no value repeats in a row or column."}}

TESTS = '''"""The latin square family."""


def solution_ok(puzzle: dict, answer: dict) -> bool:
    """Every row and column holds 1..n once and the givens stay."""
    grid = answer["solution"]
    n = int(len(grid) ** 0.5)
    rows = [grid[r * n:(r + 1) * n] for r in range(n)]
    lines = rows + ["".join(row[c] for row in rows) for c in range(n)]
    return all(sorted(line) == [str(v) for v in range(1, n + 1)] for line in lines) and all(
        g == "." or g == s for g, s in zip(puzzle["grid"], grid, strict=True))
'''

# the five files of ARCHITECTURE.md's list (the page's HTML comes from the shared template)
NEW_FILES = {"solvers/latinsquare.py": FAMILY, "solvers/rules/latinsquare.py": RULES,
             "site/py/latinsquare_page.py": VIEW, "site/pages/latinsquare.json": json.dumps(PAGE),
             "tests/test_latinsquare.py": TESTS}

CHECK = """
import json, sys
import build, solvers
from solvers import commands
build.DIST.mkdir()
build.render_pages()
fam = solvers.family("latinsquare")
made = commands.run(fam, "generate", {"seed": 1})
sys.path.insert(0, "tests")
import test_latinsquare
print(json.dumps({
    "names": solvers.names(),
    "registry": list(build.registry()),
    "rules": build.family_rules(list(build.registry())),
    "solved": test_latinsquare.solution_ok(made, commands.run(fam, "solve", made)),
    "hint": commands.run(fam, "hint", made)["technique"],
    "check": commands.run(fam, "check", {**made, "state": made["grid"]})["message"],
}))
"""


def test_a_new_family_needs_only_its_own_files(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "bank_*.txt")
    for part in ("solvers", "site"):
        shutil.copytree(ROOT / part, tree / part, ignore=skip)
    (tree / "tests").mkdir()
    shutil.copy2(ROOT / "build.py", tree / "build.py")
    architecture = (ROOT / "ARCHITECTURE.md").read_text()
    for path, text in NEW_FILES.items():
        assert f"`{path.replace('latinsquare', '<name>')}`" in architecture, f"ARCHITECTURE.md should list {path}"
        (tree / path).write_text(text)
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=tree, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert "latinsquare" in out["names"] and out["registry"][-1] == "latinsquare"  # its card comes last
    assert "from rules import latinsquare" in out["rules"] and '"latinsquare": latinsquare' in out["rules"]
    assert out["solved"] and out["hint"] == "Solution" and out["check"] == "No mistakes so far."
    dist = tree / "dist"
    home = (dist / "index.html").read_text()
    assert 'href="./latinsquare.html" id="card-latinsquare"' in home and "<h2>Latin square</h2>" in home
    assert '<option value="latinsquare">Latin square</option>' in (dist / "watch.html").read_text()
    page = (dist / "latinsquare.html").read_text()
    assert "<title>" in page and "Latin square" in page and "./py/latinsquare_page.py" in page
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert {"name": "Latin square", "url": "./latinsquare.html"} in manifest["shortcuts"]
    assert "Latin square" in manifest["description"]


EVEN = '''"""Even cells: a grey square holds an even digit (f-puzzles' "even")."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Json
from ..latin import Mask
from ..rules.latin import cell_name
from . import Item, Type, cells_of, rc_of


class Even(Type):
    """Cells that hold even digits."""

    key = "even"
    title = "even cell"
    plural = "even cells"
    technique = "Even cell"

    def read(self, entry: Json, n: int) -> Item:
        """{"type": "even", "cells": [[row, col], ...]}."""
        return cells_of(entry, n)

    def write(self, item: Item, n: int) -> Json:
        """The entry."""
        return {"type": self.key, "cells": rc_of(item, n)}

    def said(self, item: Item, n: int) -> str:
        """"the grey cells r1c1, r2c3 are even"."""
        return f"the grey cells {', '.join(cell_name(n, c) for c in item)} are even"

    def keep(self, item: Item, n: int, masks: tuple[Mask, ...]) -> tuple[Mask, ...] | None:
        """Only the even digits."""
        return tuple(m & int("10" * n, 2) for m in masks)

    def broken(self, item: Item, values: Sequence[int], n: int) -> str | None:
        """An odd digit in a grey cell."""
        odd = [c for c in item if values[c] % 2]
        return f"{cell_name(n, odd[0])} is grey but holds an odd digit" if odd else None


TYPE = Even()
'''

EVEN_TESTS = '''"""The even-cells constraint."""


def solution_ok(puzzle: dict, answer: dict) -> bool:
    """Every grey cell holds an even digit."""
    n = int(len(answer["solution"]) ** 0.5)
    return all(int(answer["solution"][r * n + c]) % 2 == 0 for e in puzzle["constraints"] for r, c in e["cells"])
'''

CHECK_EVEN = """
import json, sys
from solvers import commands, family
fam = family("sudoku")
truth = "1234341221434321"
even = [[c // 4, c % 4] for c in range(16) if int(truth[c]) % 2 == 0]
grid = list(truth)
for c in range(16):
    kept, grid[c] = grid[c], "."
    rules = [{"type": "even", "cells": even}]
    if commands.run(fam, "solve", {"grid": "".join(grid), "constraints": rules})["count"] != 1:
        grid[c] = kept
puzzle = {"grid": "".join(grid), "constraints": [{"type": "even", "cells": even}]}
sys.path.insert(0, "tests")
import test_even
wrong = truth.replace("2", "x").replace("1", "2").replace("x", "1")
print(json.dumps({
    "answer": commands.run(fam, "solve", puzzle),
    "plain": commands.run(fam, "solve", {"grid": "".join(grid)})["count"],
    "ok": test_even.solution_ok(puzzle, commands.run(fam, "solve", puzzle)),
    "hint": commands.run(fam, "hint", puzzle)["technique"],
    "check": commands.run(fam, "check", {**puzzle, "state": wrong})["problems"],
    "text": commands.run(fam, "format", puzzle)["text"],
}))
"""


def test_a_new_constraint_type_needs_only_its_own_module(tmp_path: Path) -> None:
    """A constraint type added as one module in solvers/constraints/ (plus its test) is read, solved, checked,
    hinted by its own rung and written in the puzzle's text, with no edit anywhere else."""
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "solvers", tree / "solvers", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (tree / "tests").mkdir()
    (tree / "solvers/constraints/even.py").write_text(EVEN)
    (tree / "tests/test_even.py").write_text(EVEN_TESTS)
    done = subprocess.run([sys.executable, "-c", CHECK_EVEN], cwd=tree, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["answer"] == {"solution": "1234341221434321", "count": 1} and out["plain"] == 2 and out["ok"]
    assert out["hint"] == "Even cell"
    assert any(p["rule"] == "even" and "holds an odd digit" in p["text"] for p in out["check"])
    assert '"type":"even"' in out["text"]
