"""The Sudoku page (MicroPython, main thread): the grid view with boxes, on the midend.

Links: sudoku.html#<grid> (the canonical text of `rules.sudoku`, "WxH:" first for other
boxes) with optional ~<moves>, the older #<grid>~<entries>, or #daily.
"""

from pyscript import document
from rules import sudoku

from grid_game import GridGame
from midend import Midend
from tessera_ui import click
from tessera_ui import el
from tessera_ui import guard
from tessera_ui import say
from tessera_ui import spawn


class SudokuGame(GridGame):
    """Sudoku: rows, columns and boxes each hold every value once."""

    family = "sudoku"
    rules = sudoku
    label = "Sudoku"
    verify = True

    _layouts = (None, None)

    def layout(self, puzzle):
        """The variant's regions, diagonals and cages (rules.sudoku's layout), read once per puzzle."""
        if self._layouts[0] is not puzzle:
            self._layouts = (puzzle, sudoku.layout_of(puzzle))
        return self._layouts[1]

    def loaded(self, puzzle):
        """Also the rules line of the variant."""
        GridGame.loaded(self, puzzle)
        regions, _diagonals, cages, _more = layout = self.layout(puzzle)
        line = document.querySelector(".rules")
        if line is not None:
            line.textContent = sudoku.rules_text(layout)
        if el("hint-legend") is not None:  # the hint's key names the houses this variant has
            el("hint-legend").textContent = GridGame.legend + (
                " Regions (the thick outlines) are numbered in the order their first cells come, row by row: region 1"
                " holds the top left cell."
                if regions is not None else " Boxes are numbered across, then down: box 1 is top left.") + (
                " A cage's digits differ and add up to the small number in its corner." if cages else "")

    def record_info(self, puzzle):
        """Also the variant."""
        info = GridGame.record_info(self, puzzle)
        info["variant"] = sudoku.variant_name(self.layout(puzzle))
        return info

    _solution = (None, None)  # (puzzle, its one solution) when the worker found it

    def wants_solution(self, puzzle):
        """A puzzle with further constraints (thermometers, ...)."""
        return bool(self.layout(puzzle)[3])

    def learn_solution(self, puzzle, answer):
        """Keep the solution: the page cannot check further constraints (thermometers, ...) itself."""
        self._solution = (puzzle, sudoku.solution_of(answer, self.shape(puzzle)[0]))

    def extra_solved(self, puzzle, values):
        """Every killer cage adds up to its sum; with further constraints, the grid is the worker's solution."""
        layout = self.layout(puzzle)
        if layout[3]:
            return self._solution[0] is puzzle and list(values) == list(self._solution[1])
        return not sudoku.broken_cages(values, layout)

    def choices(self, obj):
        """The size and variant chosen; a size the variant does not come in becomes its nearest below 9x9 or 9."""
        obj = GridGame.choices(self, obj)
        sizes = sudoku.VARIANT_SIZES.get(obj.get("variant", "classic"), ())
        if sizes and obj.get("size", 9) not in sizes:
            obj["size"] = 9 if 9 in sizes else sizes[-1]
        return obj

    def daily_request(self, date):
        """Sudoku's daily puzzle of the chosen size and variant (each has its own): its grade follows the weekday."""
        obj = self.choices({"date": date})
        obj.setdefault("size", 9)
        obj.setdefault("variant", "classic")
        return "daily", obj

    def welcome(self, puzzle):
        """New puzzle · grade · givens."""
        grade = puzzle.get("difficulty")
        givens = sum(1 for v in self.shape(puzzle)[1] if v)
        return "New puzzle" + (" · " + str(grade) if grade else "") + " · " + str(givens) + " givens"

    def bind(self):
        """Also the custom-puzzle box."""
        GridGame.bind(self)
        click("custom-load", lambda: spawn(self.load_custom()))

    async def load_custom(self):
        """Play a typed or pasted grid after checking it has one solution."""
        try:
            puzzle = self.read_puzzle(str(el("custom").value))
        except ValueError as exc:
            say("That grid cannot be read: " + str(exc) + ".", "error")
            return
        if not await self.checked_custom(puzzle, "grid"):
            return
        graded = await self.midend.worker.call(self.family, "grade", {"grid": puzzle["grid"], "box": puzzle["box"]})
        grade = graded.get("difficulty") or graded.get("grade") or "Custom"
        puzzle["difficulty"] = "Custom · " + str(grade)
        self.midend.load(puzzle, message="Your puzzle has exactly one solution; it grades " + str(grade) + ". Enjoy!")


PAGE = Midend(SudokuGame())
guard(PAGE.start)
