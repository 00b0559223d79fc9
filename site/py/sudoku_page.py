"""The Sudoku page (MicroPython, main thread): the grid view with boxes, on the midend.

Links: sudoku.html#<grid> (the canonical text of `rules.sudoku`, "WxH:" first for other
boxes) with optional ~<moves>, the older #<grid>~<entries>, or #daily.
"""

from rules import sudoku

from grid_game import GridGame
from midend import Midend
from tessera_ui import click
from tessera_ui import el
from tessera_ui import say
from tessera_ui import spawn


class SudokuGame(GridGame):
    """Sudoku: rows, columns and boxes each hold every value once."""

    family = "sudoku"
    rules = sudoku
    label = "Sudoku"
    verify = True
    legend = GridGame.legend + " Boxes are numbered across, then down: box 1 is top left."

    def daily_request(self, date):
        """Sudoku's daily puzzle: its grade follows the weekday."""
        return "daily", {"date": date, "size": 9}

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
spawn(PAGE.start())
