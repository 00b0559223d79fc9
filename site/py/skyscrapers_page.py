"""The Skyscrapers page (MicroPython, main thread): a `GridGame` with a ring of clues.

Links: skyscrapers.html#<n>/<top>/<right>/<bottom>/<left>[/<givens>][~<entries>], clue
lines as digits (0 = no clue), givens as r c v digit triples (0-based) joined by commas.
"""

from grid_game import GridGame
from tessera_ui import click
from tessera_ui import el
from tessera_ui import say
from tessera_ui import spawn

SIDES = ("top", "right", "bottom", "left")


def visible(heights):
    """How many towers are seen looking along `heights`."""
    seen, tallest = 0, 0
    for h in heights:
        if h > tallest:
            seen, tallest = seen + 1, h
    return seen


def line_of(n, side, i):
    """The cells a clue looks along, nearest first."""
    if side == "top":
        return [r * n + i for r in range(n)]
    if side == "bottom":
        return [r * n + i for r in range(n - 1, -1, -1)]
    if side == "left":
        return [i * n + c for c in range(n)]
    return [i * n + c for c in range(n - 1, -1, -1)]


def read_clues(text, n):
    """A line of n clue digits."""
    if len(text) != n or not text.isdigit():
        raise ValueError("each clue line needs " + str(n) + " digits")
    clues = [int(ch) for ch in text]
    if max(clues) > n:
        raise ValueError("a clue cannot exceed " + str(n))
    return clues


class SkyscrapersPage(GridGame):
    """Skyscrapers: latin square plus visibility clues around it."""

    family = "skyscrapers"
    label = "Skyscrapers"
    default_grades = ["Easy", "Medium", "Hard", "Extreme"]
    daily_grade = 2

    def bind(self):
        """Also clue clicks and the custom-clues box."""
        super().bind()
        self.board.on_clue = self.toggle_clue
        click("custom-load", lambda: spawn(self.load_custom()))

    def decode(self, puzzle):
        """n, givens, no boxes, the clue ring."""
        n = int(puzzle["n"])
        if not 3 <= n <= 12:
            raise ValueError("the size must be 3 to 12")
        clues = {}
        for side in SIDES:
            line = [int(v) for v in puzzle.get(side) or [0] * n]
            if len(line) != n or min(line) < 0 or max(line) > n:
                raise ValueError("the " + side + " clues must be " + str(n) + " numbers from 0 to " + str(n))
            clues[side] = line
        givens = [0] * (n * n)
        for r, c, v in puzzle.get("givens") or []:
            if not (0 <= r < n and 0 <= c < n and 1 <= v <= n):
                raise ValueError("a given cell is outside the grid")
            givens[r * n + c] = v
        return n, givens, None, clues

    def peers_for(self, n, box):
        """Row and column peers."""
        return [(set(i // n * n + k for k in range(n)) | set(k * n + i % n for k in range(n))) - {i}
                for i in range(n * n)]

    def puzzle_request(self):
        """The clues and givens."""
        p = self.puzzle
        return {"n": self.n, "top": p["top"], "right": p["right"], "bottom": p["bottom"], "left": p["left"],
                "givens": p.get("givens") or []}

    def state_payload(self, values):
        """Rows of values, 0 = empty."""
        n = self.n
        return [list(values[r * n:(r + 1) * n]) for r in range(n)]

    def pencil_payload(self, notes):
        """Rows of note strings."""
        n = self.n
        return [notes[r * n:(r + 1) * n] for r in range(n)]

    def solution_values(self, ans):
        """Rows flattened."""
        return [v for row in ans["solution"] for v in row]

    def link_of(self, values=None):
        """n/top/right/bottom/left[/givens][~entries]."""
        p = self.puzzle
        parts = [str(self.n)] + ["".join(str(v) for v in p[side]) for side in SIDES]
        if p.get("givens"):
            parts.append(",".join(str(r) + str(c) + str(v) for r, c, v in p["givens"]))
        text = "/".join(parts)
        if values:
            text += "~" + "".join(str(v) if v else "." for v in values)
        return text

    def from_link(self, fragment):
        """Read a link made by link_of."""
        body, _, progress = fragment.partition("~")
        parts = body.split("/")
        if len(parts) not in (5, 6) or not parts[0].isdigit():
            raise ValueError("a skyscrapers link has a size and four clue lines")
        n = int(parts[0])
        if not 3 <= n <= 9:
            raise ValueError("the size must be 3 to 9")
        puzzle = {"n": n}
        for side, text in zip(SIDES, parts[1:5]):
            puzzle[side] = read_clues(text, n)
        givens = []
        if len(parts) == 6 and parts[5]:
            for triple in parts[5].split(","):
                if len(triple) != 3 or not triple.isdigit():
                    raise ValueError("givens are row, column, value digit triples")
                givens.append([int(ch) for ch in triple])
        puzzle["givens"] = givens
        values = None
        if progress:
            if len(progress) != n * n:
                raise ValueError("the progress does not match the puzzle's size")
            values = [0 if ch == "." else int(ch) for ch in progress]
        return puzzle, values

    def extra_solved_check(self, values):
        """Every clue sees as many towers as it says."""
        return not self.broken_clues(values, complete_only=False)

    def broken_clues(self, values, complete_only=True):
        """Clues whose line is complete (or any line, when not complete_only) and disagrees."""
        out = set()
        n = self.n
        for side in SIDES:
            for i, clue in enumerate(self.puzzle[side]):
                if clue:
                    heights = [values[k] for k in line_of(n, side, i)]
                    if (all(heights) or not complete_only) and visible(heights) != clue:
                        out.add((side, i))
        return out

    def show_state(self):
        """Also turn red the clues whose full line sees the wrong number of towers."""
        super().show_state()
        self.board.bad_clues = self.broken_clues(self.state()[0])
        self.board.draw()

    def toggle_clue(self, side, i):
        """Grey a clue out as done (or back)."""
        key = (side, i)
        if key in self.board.done_clues:
            self.board.done_clues.discard(key)
        else:
            self.board.done_clues.add(key)
        self.board.draw()

    async def load_custom(self):
        """Play typed clues after checking they have one solution."""
        lines = [line.strip() for line in str(el("custom").value).split("\n") if line.strip()]
        try:
            if len(lines) != 4:
                raise ValueError("four lines are needed: top, right, bottom, left")
            n = len(lines[0])
            if not 3 <= n <= 9:
                raise ValueError("the size must be 3 to 9")
            puzzle = {"n": n, "givens": []}
            for side, text in zip(SIDES, lines):
                puzzle[side] = read_clues(text, n)
        except ValueError as exc:
            say("Those clues cannot be read: " + str(exc) + ".", "error")
            return
        ans = await self.worker.call(self.family, "solve", puzzle, "Checking your clues once the solver loads…")
        if "error" in ans:
            say("Those clues cannot be played: " + ans["error"], "error")
            return
        if ans.get("count") != 1:
            say("Those clues allow more than one solution; add clues until there is exactly one.", "error")
            return
        puzzle["difficulty"] = "Custom"
        self.load(puzzle, message="Your puzzle has exactly one solution. Enjoy!")


PAGE = SkyscrapersPage()
spawn(PAGE.start())
