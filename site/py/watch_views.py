"""Watch the solver's views of boards that are not latin grids, each an adapter with setup / draw over its own
page's board: SlideView (a SlideBoard: a single new slide animates), GeniusView (the Genius Square page's own
board), PieceView (a Cubes 3D card in the 3D view, turned by a drag, zoomed by the wheel or two fingers).

VIEWS: a registry entry's watch "view" -> (adapter class, the ids its canvas and mirror carry before the pane's
key); the latin grid ("grid") is the pane's GridBoard, not an adapter. Two views may share a canvas: only the
shown one (`active`) redraws on resize.
"""

from pyscript import window
from rules import genius as gm
from rules import trace
from rules import ubongo as ub

import ubongo_view as cv
from genius_board import Board
from slideboard import SlideBoard
from tessera_ui import Mirror
from tessera_ui import css
from tessera_ui import el
from tessera_ui import on


class SlideView:
    """Sliding puzzle: the trace's Tiles drawn on a SlideBoard (a single new slide animates)."""

    def __init__(self, key):
        self.board = SlideBoard("slide-" + key, "slide-aria-" + key)
        self.model = None

    def setup(self, _family, puzzle):
        """Show the starting tiles; the model the trace plays on."""
        self.model = trace.Tiles(puzzle["tiles"])
        self.board.setup(puzzle["width"], puzzle["height"], list(self.model.tiles))
        return self.model

    def draw(self, mirror, solved):
        """Draw the tiles; a single new move slides smoothly."""
        board, model = self.board, self.model
        board.solved = solved
        if len(model.recent) == 1 and not solved:
            tile, cell = model.recent[0]
            board.slide(list(model.tiles), {tile: cell}, 110)
        else:
            board.tiles = list(model.tiles)
            board.moving = {}
            board.draw(aria=mirror)
        model.recent = []


class GeniusView:
    """Genius Square: the trace's pieces on the Genius page's own board (genius_board.Board)."""

    def __init__(self, key):
        self.board = Board("pieces-" + key, "pieces-aria-" + key)
        self.model = None
        self.active = False
        on(window, "resize", lambda _e: self.draw(False, self.board.solved) if self.active else None)

    def setup(self, _family, puzzle):
        """The roll's pegs; the model the trace plays on (cells as board indices)."""
        self.board.blockers = gm.check_blockers(gm.parse_cell(b) for b in puzzle["blockers"])
        self.board.forget_mirror()  # Cubes 3D may have used the mirror's element
        self.board.canvas.style.touchAction = ""
        self.model = trace.Pieces(gm.NAME, gm.parse_cell)
        return self.model

    def draw(self, _mirror, solved):
        """Draw the pieces placed so far, the latest outlined."""
        board = self.board
        board.placed, board.solved, board.latest = self.model.placed, solved, self.model.last
        board.draw()


class PieceView:
    """Cubes 3D: the card in the Cubes page's 3D view (ubongo_view: turned by a drag, zoomed by the wheel or two
    fingers), pieces placed and taken back."""

    def __init__(self, key):
        self.canvas = el("pieces-" + key)
        self.aria = el("pieces-aria-" + key)
        self.camera = cv.Camera()
        self.mirror = None
        self.active = False  # the canvas is the Genius view's too: only the shown view listens
        for event, handler in cv.Orbit(self.canvas, self.camera, lambda: self.draw(False, self.solved)).handlers():
            on(self.canvas, event, lambda ev, handler=handler: handler(ev) if self.active else None)
        on(window, "resize", lambda _e: self.draw(False, self.solved) if self.active else None)
        self.card = None
        self.solved = False
        self.model = None

    def setup(self, _family, puzzle):
        """The card's squares, two layers high."""
        self.card = ub.card_of_puzzle(puzzle)
        self.canvas.style.touchAction = "none"  # a drag turns the view (the Genius view lets the page scroll)
        self.cells = [(r, c, z) for z in range(self.card.height) for r, c in self.card.footprint]
        self.model = trace.Pieces(ub.NAME, lambda cell: (int(cell[0]), int(cell[1]), int(cell[2])))
        self.solved = False
        self.build_aria()
        return self.model

    def draw(self, mirror, solved):
        """The pieces placed so far in 3D, the latest one outlined."""
        self.solved = solved
        groups = [cv.Group(cubes, ub.COLOUR.get(pid, "#888888"), pid, 1.0,
                           "hint" if pid == self.model.last and not solved else "solid")
                  for pid, cubes in self.model.placed.items()]
        cv.paint(self.canvas, self.camera, self.card.size(), self.card.footprint, groups, css,
                 window.devicePixelRatio or 1, solved)
        if mirror:
            self.update_aria()

    # accessible mirror -----------------------------------------------------------------------------
    def build_aria(self):
        """One row per board row (per layer), one cell per square."""
        lines = {}  # (layer, row) -> its squares
        for cell in self.cells:
            lines.setdefault((cell[2], cell[0]), []).append(cell)
        self.mirror = Mirror(self.aria, "Cubes 3D card", [sorted(lines[key]) for key in sorted(lines)])
        self.update_aria()

    def update_aria(self):
        """Refresh the cells whose text changed."""
        for cell in self.cells:
            r, c, z = cell
            owner = self.model.owner.get(cell)
            text = "layer " + str(z + 1) + " row " + str(r + 1) + " column " + str(c + 1) + (
                ", " + self.model.names.get(owner, owner) + " (" + owner + ")" if owner else ", empty")
            self.mirror.set(cell, text, (("data-cell", ",".join(str(v) for v in cell)), ("data-piece", owner or "")))


GRID_IDS = ("board-", "aria-")  # the pane's own GridBoard
VIEWS = {"slide": (SlideView, ("slide-", "slide-aria-")), "pieces": (PieceView, ("pieces-", "pieces-aria-")),
         "genius": (GeniusView, ("pieces-", "pieces-aria-"))}
