"""The latin-grid view of Sudoku and Skyscrapers (MicroPython, main thread): a `Game` for the midend.

The state is (values, notes) as tuples; moves are the strings of `rules.latin` (r1c2=4,
r1c2^4, r1c2-47). This view draws the state on a `GridBoard`, turns keys, clicks and the pad
into moves, and shows what check and hint found. A family page fills in the hooks marked
"family hook": how its puzzle reads and writes as text and which rules module applies moves.
"""

from pyscript import document
from rules import latin

from gridboard import GridBoard
from midend import Game
from midend import split_moves
from tessera_ui import click
from tessera_ui import el
from tessera_ui import on
from tessera_ui import say

ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
DIRECT = ("Wrong entry", "Changed given", "Missing candidate")  # hints shown at once, no "look here" stage
MOVE_MARKS = (latin.PLACE, latin.TOGGLE, latin.REMOVE)
_PEERS = {}  # (n, box) -> peers


class GridGame(Game):
    """A latin grid: the rules hooks of the midend over (values, notes), and the board view."""

    label = "Board"

    def __init__(self):
        self.board = GridBoard("board", "aria-board", self.label)
        self.board.on_cell = self.select
        self.pencil_mode = False
        self.n = 0
        self.givens = []
        self.peers = []

    # family hooks ---------------------------------------------------------------------------------
    def shape(self, puzzle):
        """Family hook: (n, givens as values, box or None, clues dict or None); ValueError if bad."""
        raise NotImplementedError

    def read_puzzle(self, text):
        """Family hook: the puzzle dict of a link's puzzle text; ValueError if bad."""
        raise NotImplementedError

    def solution_values(self, answer):
        """Family hook: the values of the worker's solve answer."""
        raise NotImplementedError

    def state_payload(self, values, notes):
        """Family hook: the player's values and notes as the worker's "state" and "pencil" fields."""
        raise NotImplementedError

    def extra_solved(self, puzzle, values):
        """Family hook: further rules a full, conflict-free grid must meet (clues)."""
        return True

    # rules hooks of the midend ----------------------------------------------------------------------
    def read(self, text):
        """(puzzle, moves) of `<puzzle>[~<moves or an old entries grid>]`."""
        body, _, progress = text.partition("~")
        puzzle = self.read_puzzle(body)
        n, givens, _box, _clues = self.shape(puzzle)
        if not progress:
            return puzzle, []
        if progress == "restart" or any(mark in progress for mark in MOVE_MARKS):
            return puzzle, split_moves(progress)
        entries = latin.read_values(progress, n, "progress")  # the older form: every entry as a grid
        if len(entries) != n * n:
            raise ValueError("the progress does not match the puzzle's size")
        moves = []
        for i in range(n * n):
            if givens[i] and entries[i] and entries[i] != givens[i]:
                raise ValueError("the progress changes a given digit")
            if entries[i] and not givens[i]:
                moves.append(latin.place_move(n, i, entries[i]))
        return puzzle, moves

    def size_of(self, puzzle):
        """The side of a puzzle."""
        return self.shape(puzzle)[0]

    def start(self, puzzle):
        """The givens and no notes."""
        n, givens, _box, _clues = self.shape(puzzle)
        return tuple(givens), tuple([0] * (n * n))

    def apply(self, puzzle, state, move):
        """The shared latin move rules (givens cannot change)."""
        n, givens, box, _clues = self.shape(puzzle)
        return latin.apply_move(state[0], state[1], move, n, self.peer_lists(n, box), givens)

    def peer_lists(self, n, box):
        """Each cell's peers (rows, columns and boxes when there are boxes), built once per shape."""
        key = (n, box)
        if key not in _PEERS:
            _PEERS[key] = latin.peers(n, box)
        return _PEERS[key]

    def is_solved(self, puzzle, state):
        """A full grid without a repeat that meets the family's extra rules."""
        values = state[0]
        n, _givens, box, _clues = self.shape(puzzle)
        return all(values) and not latin.conflicts(values, self.peer_lists(n, box)) \
            and self.extra_solved(puzzle, values)

    def request(self, puzzle, state):
        """The puzzle with the player's entries (and notes)."""
        obj = self.solve_request(puzzle, state)
        obj.update(self.state_payload(state[0], state[1]))
        return obj

    def solution_moves(self, puzzle, state, answer):
        """Place every value of the solution that differs."""
        n = self.n
        return [latin.place_move(n, i, v) for i, v in enumerate(self.solution_values(answer)) if state[0][i] != v]

    def hint_moves(self, puzzle, state, hint):
        """The hint's move string (its "move" stage, else its JSON move)."""
        move = (hint.get("stages") or {}).get("move") or latin.move_of_json(self.n, hint.get("move"))
        if not move:
            raise ValueError("That hint has nothing to apply.")
        return [move]

    def hint_stages(self, hint):
        """Where to look first, then the technique with what to do and why; wrong entries at once."""
        technique = hint.get("technique", "Hint")
        if technique == "Solved":
            return [("Solved", hint.get("reason", "The puzzle is complete."))]
        stages = hint.get("stages") or {}
        why = stages.get("why") or hint.get("reason", "")
        what = stages.get("what") or ""
        text = what + ". " + why if what and what != technique and what not in why else why
        if technique in DIRECT:
            return [(technique, text)]
        where = stages.get("where") or ("Look at " + ((hint.get("region") or {}).get("name")
                                                      or "the highlighted cells"))
        return [("Look here", where + ": there is a step to find there."), (technique, text)]

    # view hooks ----------------------------------------------------------------------------------
    def bind(self):
        """The pencil and erase buttons (the midend wires the rest)."""
        click("pencil", self.toggle_pencil)
        click("erase", lambda: self.enter(0))

    def loaded(self, puzzle):
        """Set up the board, the pad and the size choice for a new puzzle."""
        n, givens, box, clues = self.shape(puzzle)
        self.n, self.givens = n, givens
        self.peers = self.peer_lists(n, box)
        self.board.setup(n, box, clues)
        self.board.given = [v != 0 for v in givens]
        self.build_pad(n)
        if el("size") is not None:
            el("size").value = str(n)

    def build_pad(self, n):
        """Number pad buttons 1..n."""
        pad = el("pad")
        pad.innerHTML = ""
        pad.style.gridTemplateColumns = "repeat(" + str(n if n <= 9 else (n + 1) // 2) + ", 1fr)"
        for v in range(1, n + 1):
            b = document.createElement("button")
            b.type = "button"
            b.textContent = latin.symbol(v)
            b.setAttribute("aria-label", "enter " + latin.symbol(v))
            on(b, "click", lambda _e, v=v: self.enter(v))
            pad.appendChild(b)

    def show(self, state):
        """Push the state to the board and redraw."""
        values, notes = state
        b = self.board
        b.values, b.pencil = list(values), list(notes)
        b.wrong = set()
        b.conflict = set(latin.conflicts(values, self.peers))
        b.bad_clues = self.bad_clues(values)
        b.draw()

    def bad_clues(self, values):
        """Clues to show as broken (none for families without clues)."""
        return set()

    def show_solved(self, done):
        """The board's solved look."""
        self.board.solved = done
        self.board.draw()

    def show_check(self, ans):
        """Mark wrong entries, conflicts and broken clues; the worker's message."""
        n = self.n
        b = self.board
        b.wrong = set(r * n + c for r, c in ans.get("wrong", []) + ans.get("changed_givens", []))
        b.conflict = set(r * n + c for r, c in ans.get("conflicts", [])) | b.conflict
        b.bad_clues = set((side, i) for side, i in ans.get("bad_clues", []))
        b.draw()
        errors = ans.get("errors", len(b.wrong))
        return ans.get("message") or (str(errors) + " errors" if errors else "No errors so far."), not errors

    def show_hint(self, hint, stage, last):
        """Highlight where to look, then the cells, the placement and the notes it removes."""
        n, b = self.n, self.board
        cells = set(r * n + c for r, c in hint.get("cells", []))
        region_info = hint.get("region") or {}
        if not last:
            b.hint_region = set(r * n + c for r, c in region_info.get("cells", [])) or cells
            b.hint_cells, b.bad_clues = set(), set()
            b.draw()
            return
        b.hint_region, b.hint_cells = set(), cells
        move = hint.get("move") or {}
        if "place" in move:
            r, c, v = move["place"]
            b.hint_place = (r * n + c, v)
        b.hint_elim = set((r * n + c, v) for r, c, v in move.get("eliminate", []))
        if b.hint_elim:
            values, notes = self.midend.state
            shown = list(b.pencil)
            for i in set(i for i, _v in b.hint_elim) | cells:
                if not notes[i] and not values[i]:
                    shown[i] = latin.cell_candidates(values, self.peers, n, i)  # the deduction made visible
            b.pencil = shown
        b.bad_clues = set((side, i) for side, i in hint.get("clues", []))
        b.draw()

    def forget_hint(self):
        """Drop the hint highlights."""
        b = self.board
        if b.n:
            b.hint_cells, b.hint_region, b.hint_place, b.hint_elim = set(), set(), None, set()

    # input -------------------------------------------------------------------------------------------
    def select(self, r, c):
        """Move the cursor."""
        self.board.cursor = (r, c)
        self.board.draw()

    def key(self, ev):
        """Digits (Shift: notes), letters above 9, arrows, erase, P for pencil mode."""
        key, code = str(ev.key), str(ev.code)
        value = None
        if code.startswith("Digit") or code.startswith("Numpad"):
            if code[-1].isdigit():
                value = int(code[-1])
        elif len(key) == 1 and key.upper() in latin.SYMBOLS[9:self.n]:
            value = latin.SYMBOLS.find(key.upper()) + 1
        if key in ARROWS:
            dr, dc = ARROWS[key]
            r, c = self.board.cursor
            self.select((r + dr) % self.n, (c + dc) % self.n)
        elif key in ("Backspace", "Delete") or value == 0:
            self.enter(0)
        elif value is not None and value <= self.n:
            self.enter(value, pencil=ev.shiftKey or self.pencil_mode)
        elif key.lower() == "p":
            self.toggle_pencil()
        else:
            return False
        return True

    def enter(self, v, pencil=None):
        """Enter v at the cursor (again: erase it), or toggle note v in pencil mode; 0 erases."""
        if pencil is None:
            pencil = self.pencil_mode
        r, c = self.board.cursor
        i = r * self.n + c
        if self.givens[i]:
            say("That cell is a given: it cannot change.")
            return
        values = self.midend.state[0]
        if v and pencil:
            if values[i]:
                return
            move = latin.format_move(self.n, [(i, latin.TOGGLE, v)])
        else:
            move = latin.place_move(self.n, i, 0 if values[i] == v else v)
        self.midend.play(move)

    def toggle_pencil(self):
        """Switch between entering values and notes."""
        self.pencil_mode = not self.pencil_mode
        el("pencil").setAttribute("aria-pressed", "true" if self.pencil_mode else "false")

    async def checked_custom(self, puzzle, what):
        """Load a typed puzzle when the worker finds exactly one solution (else say why)."""
        ans = await self.midend.worker.call(self.family, "solve", self.solve_request(puzzle, None),
                                            "Checking your " + what + " once the solver loads…")
        if "error" in ans:
            say("That " + what + " cannot be played: " + ans["error"], "error")
            return False
        if ans.get("count") != 1:
            say("That " + what + " has more than one solution; add to it until it has exactly one.", "error")
            return False
        return True
