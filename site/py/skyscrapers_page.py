"""The Skyscrapers page (MicroPython, main thread): the grid view with a ring of clues, on the midend.

Links: skyscrapers.html#<description of `rules.skyscrapers`> (e.g. 4:.3../2.../..1./...2)
with optional ~<moves>; the older #<n>/<top>/<right>/<bottom>/<left>[/<givens>][~<entries>].
"""

from rules import skyscrapers as sky

from grid_game import GridGame
from midend import Midend
from tessera_ui import click
from tessera_ui import el
from tessera_ui import guard
from tessera_ui import say
from tessera_ui import spawn


class SkyscrapersGame(GridGame):
    """Skyscrapers: a latin square plus visibility clues around it."""

    family = "skyscrapers"
    rules = sky
    label = "Skyscrapers"
    verify = True
    grade_command = "rate"
    legend = GridGame.legend + (" A clue is a number outside the grid (\u201cthe 3 left of row 2\u201d): how many"
                                " towers you see from there. A small \u2264k in a cell, drawn by a hint, means its"
                                " tower is at most k high.")

    def extra_solved(self, puzzle, values):
        """Every clue sees as many towers as it says."""
        n, _givens, _box, clues = self.shape(puzzle)
        return not sky.broken_clues(n, clues, values, False)

    def bad_clues(self, values):
        """Clues whose full line sees the wrong number of towers."""
        n, _givens, _box, clues = self.shape(self.midend.puzzle)
        return set(sky.broken_clues(n, clues, values))

    def clue_cells(self, side, i):
        """The line a clue looks along."""
        return sky.line_of(self.n, side, i)

    def bind(self):
        """Also clue clicks and the custom-clues box."""
        GridGame.bind(self)
        self.board.on_clue = self.toggle_clue
        click("custom-load", lambda: spawn(self.load_custom()))

    def toggle_clue(self, side, i):
        """Grey a clue out as done (or back)."""
        done = self.board.done_clues
        if (side, i) in done:
            done.discard((side, i))
        else:
            done.add((side, i))
        self.board.draw()
        self.midend.save()  # greyed clues are kept with the game

    def kept(self):
        """The greyed clues, as [side, index] pairs."""
        return sorted([side, i] for side, i in self.board.done_clues) or None

    def restore(self, kept):
        """Grey the saved clues again (a save may hold anything: only clues of this board count)."""
        clues = self.board.clues or {}
        done = set()
        for item in kept if isinstance(kept, list) else []:
            if isinstance(item, list) and len(item) == 2 and item[0] in clues and type(item[1]) is int \
                    and 0 <= item[1] < len(clues[item[0]]):
                done.add((item[0], item[1]))
        self.board.done_clues = done

    async def load_custom(self):
        """Play typed clues (four lines: top, right, bottom, left) after checking they have one solution."""
        lines = [line.strip() for line in str(el("custom").value).split("\n") if line.strip()]
        try:
            if len(lines) != 4:
                raise ValueError("four lines are needed: top, right, bottom, left")
            puzzle = self.read_puzzle(str(len(lines[0])) + ":" + "/".join(lines))
        except ValueError as exc:
            say("Those clues cannot be read: " + str(exc) + ".", "error")
            return
        if not await self.checked_custom(puzzle, "set of clues"):
            return
        puzzle["difficulty"] = "Custom"
        self.midend.load(puzzle, message="Your puzzle has exactly one solution. Enjoy!")


PAGE = Midend(SkyscrapersGame())
guard(PAGE.start)
