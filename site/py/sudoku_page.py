"""The Sudoku page (MicroPython, main thread): a `GridGame` with boxes.

Links: sudoku.html#<grid> or #<grid>~<entries> (progress), or #daily. Grids are n*n
characters, 1-9 then A-G, '.' blank; the box shape follows from the size.
"""

from grid_game import GridGame
from gridboard import SYMBOLS
from tessera_ui import click
from tessera_ui import el
from tessera_ui import say
from tessera_ui import spawn

BOXES = {4: (2, 2), 6: (3, 2), 9: (3, 3), 12: (4, 3), 16: (4, 4)}


def parse_grid(text):
    """Values (0 = blank) and box of a grid string, or raise ValueError with a reason."""
    text = "".join(text.split())
    length = len(text)
    n = int(length ** 0.5 + 0.5)
    if n * n != length or n not in BOXES:
        raise ValueError("a grid needs 16, 36, 81, 144 or 256 characters, not " + str(length))
    values = []
    for ch in text.upper():
        if ch in ".0":
            values.append(0)
        else:
            v = SYMBOLS.find(ch) + 1
            if v < 1 or v > n:
                raise ValueError("'" + ch + "' is not a value of a " + str(n) + "x" + str(n) + " sudoku")
            values.append(v)
    return values, BOXES[n]


def format_grid(values):
    """The grid string of a list of values."""
    return "".join(SYMBOLS[v - 1] if v else "." for v in values)


class SudokuPage(GridGame):
    """Sudoku: rows, columns and boxes each hold every value once."""

    family = "sudoku"
    label = "Sudoku"
    default_grades = ["Easy", "Medium", "Hard", "Expert", "Diabolical"]

    def bind(self):
        """Also the custom-puzzle box."""
        super().bind()
        click("custom-load", lambda: spawn(self.load_custom()))

    def daily_request(self, date, size):
        """Sudoku's daily puzzle: its grade follows the weekday."""
        return "daily", {"date": date, "size": 9}

    def decode(self, puzzle):
        """Sudoku puzzles are a grid string."""
        values, box = parse_grid(puzzle["grid"])
        return int(len(values) ** 0.5 + 0.5), values, box, None

    def peers_for(self, n, box):
        """Row, column and box peers."""
        bw, bh = box
        out = []
        for i in range(n * n):
            r, c = divmod(i, n)
            cells = set(r * n + k for k in range(n)) | set(k * n + c for k in range(n))
            r0, c0 = r - r % bh, c - c % bw
            cells |= set((r0 + dr) * n + c0 + dc for dr in range(bh) for dc in range(bw))
            cells.discard(i)
            out.append(cells)
        return out

    def puzzle_request(self):
        """The grid and its box."""
        return {"grid": format_grid(self.givens), "box": list(self.box)}

    def state_payload(self, values):
        """Entries as a grid string."""
        return format_grid(values)

    def solution_values(self, ans):
        """The solution string as values."""
        return parse_grid(ans["solution"])[0]

    def link_of(self, values=None):
        """#<grid> or #<grid>~<entries>."""
        return format_grid(self.givens) + ("~" + format_grid(values) if values else "")

    def from_link(self, fragment):
        """Read #<grid>[~<entries>]."""
        grid, _, progress = fragment.partition("~")
        givens, _ = parse_grid(grid)
        values = None
        if progress:
            values, _ = parse_grid(progress)
            if len(values) != len(givens):
                raise ValueError("the progress does not match the puzzle's size")
            for g, v in zip(givens, values):
                if g and g != v:
                    raise ValueError("the progress changes a given digit")
        return {"grid": format_grid(givens)}, values

    def load(self, puzzle, values=None, pencil=None, seconds=0, message=""):
        """Say how many givens a new puzzle has."""
        if not message:
            givens = sum(1 for ch in puzzle["grid"] if ch not in ".0")
            grade = puzzle.get("difficulty")
            message = "New puzzle" + (" · " + str(grade) if grade else "") + " · " + str(givens) + " givens"
        super().load(puzzle, values, pencil, seconds, message)

    async def load_custom(self):
        """Play a typed or pasted grid after checking it."""
        try:
            givens, _ = parse_grid(str(el("custom").value))
        except ValueError as exc:
            say("That grid cannot be read: " + str(exc) + ".", "error")
            return
        grid = format_grid(givens)
        ans = await self.worker.call(self.family, "solve", {"grid": grid}, "Checking your grid once the solver loads…")
        if "error" in ans:
            say("That grid cannot be played: " + ans["error"], "error")
            return
        if ans.get("count") != 1:
            say("That grid has more than one solution; add givens until it has exactly one.", "error")
            return
        graded = await self.worker.call(self.family, "grade", {"grid": grid})
        grade = graded.get("difficulty") or graded.get("grade") or "Custom"
        self.load({"grid": grid, "difficulty": "Custom · " + str(grade)},
                  message="Your puzzle has exactly one solution; it grades " + str(grade) + ". Enjoy!")


PAGE = SudokuPage()
spawn(PAGE.start())
