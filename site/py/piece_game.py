"""The shared view of the "place pieces" pages on the midend (MicroPython, main thread).

Genius Square and Cubes 3D: the state is the placed pieces, a tuple of (piece id, cells) in
the rules' piece order; moves are the rules' strings ("L4:A1,A2,A3,B1" places or moves a
piece, "-L4" takes it back). The midend keeps the history, links, saves, hints and solving;
this class applies moves with the family's rules module, holds the piece in hand, lists the
pieces, shows the worker's hints (where, what, why, then Apply) and plays solutions as an animation.
A page fills in the hooks marked "family hook". Known limits: one piece in hand at a time.
"""

from pyscript import document
from rules import placing

from midend import RESTART
from midend import Game
from midend import split_moves
from tessera_ui import el
from tessera_ui import say
from tessera_ui import spawn


def upper_first(text):
    """The text with its first letter in capitals."""
    return text[:1].upper() + text[1:]


def cell_owner(placed):
    """Cell -> piece id of placed pieces (a dict or the state's pairs)."""
    out = {}
    for pid, cells in (placed.items() if isinstance(placed, dict) else placed):
        for c in cells:
            out[c] = pid
    return out


class PieceGame(Game):
    """Placed pieces as the midend's state; the piece in hand, the piece list and hint stages as the view."""

    board_word = "board"  # what the pieces lie on, in messages
    rules_hooks = Game.rules_hooks + ("IDS", "parse_move", "format_move", "problem_text", "label")
    ids = ("check", "hint-more", "piece-list", "putback", "tray")
    solved_words = "Every piece fits."

    def __init__(self):
        self.hand = None  # {"pid", "shape", "anchor"}
        self.busy = False  # rolling or animating: moves wait
        self.wrong = ((), set())  # (the state, the cells its check found wrong)
        self.hint = None
        self.hint_stage = 0
        self.measured = None  # what the worker said of the puzzle (count, level), once asked
        self._misfit = (None, None, None, None)  # (puzzle, state, (piece, cells), answer) of the last `misfit`

    # family hooks ---------------------------------------------------------------------------------
    def problems(self, puzzle, placed):
        """Family hook: the rules' problems of placed pieces (piece id -> cells) on this puzzle."""
        raise NotImplementedError

    def pieces(self, puzzle):
        """Family hook: the puzzle's piece ids, in tray order."""
        return list(self.rules.IDS)

    def cell_json(self, cell):
        """Family hook: a cell as the worker writes it."""
        raise NotImplementedError

    def cell_of(self, obj):
        """Family hook: a cell from the worker's JSON."""
        raise NotImplementedError

    def where_words(self, cells):
        """Family hook: where a placed piece went, after "Placed the L" ('' to say nothing)."""
        return ""

    def known(self, puzzle):
        """Family hook: what is known of a puzzle already (a generated one's count or level), or None."""
        return None

    async def measure(self, puzzle):
        """Family hook: ask the worker about a new puzzle (once it runs); return what to keep, or None."""

    async def arrive(self, placed, pid):
        """Family hook: show one piece of a solution arriving (during Solve's animation)."""

    # rules hooks of the midend --------------------------------------------------------------------
    def read(self, text):
        """(puzzle, moves) of `<puzzle>[~<moves joined by ';'>]`; the older `~<id>:<cells>,...` too."""
        body, _, progress = text.partition("~")
        puzzle = self.read_puzzle(body)
        moves = split_moves(progress)
        try:
            for move in moves:
                if move != RESTART:
                    self.rules.parse_move(move)
        except ValueError:
            placed = self.rules.parse_link(text)[1]  # the older form: every placed piece, comma-separated
            moves = [self.rules.format_move(pid, placed[pid]) for pid in self.rules.IDS if pid in placed]
        return puzzle, moves

    def start(self, puzzle):
        """No piece placed."""
        return ()

    def apply(self, puzzle, state, move):
        """Place (or move) a piece, or take it back; ValueError with the rule it would break (rules.placing)."""
        placed = placing.apply_move(dict(state), self.rules.parse_move(move), lambda p: self.problems(puzzle, p),
                                    self.rules.problem_text, self.rules.label, self.board_word)
        return tuple((p, placed[p]) for p in self.rules.IDS if p in placed)

    def misfit(self, pid, cells):
        """Why a piece cannot go on these cells now (the rules' sentence), or None when it can. The last answer is
        kept: the ghost asks again at every frame of a turning 3D view, and a placement asks what its ghost did."""
        puzzle, state, key = self.midend.puzzle, self.midend.state, (pid, tuple(cells))
        last = self._misfit
        if last[0] is puzzle and last[1] is state and last[2] == key:
            return last[3]
        try:
            self.apply(puzzle, state, self.rules.format_move(pid, cells))
            why = None
        except ValueError as exc:
            why = str(exc)
        self._misfit = (puzzle, state, key, why)
        return why

    def record_info(self, puzzle):
        """The grade the worker measured, once it has."""
        measured = self.measured or {}
        return {"grade": measured.get("difficulty")} if measured.get("difficulty") else {}

    def is_solved(self, puzzle, state):
        """Every piece of the puzzle placed, without a mistake."""
        return len(state) == len(self.pieces(puzzle)) and not self.problems(puzzle, dict(state))

    def encoded(self, placed):
        """Placed pieces as the worker's "state"."""
        return dict((pid, [self.cell_json(c) for c in cells]) for pid, cells in placed.items())

    def request(self, puzzle, state):
        """The puzzle's solve input and the placed pieces."""
        obj = self.solve_request(puzzle, state)
        obj["state"] = self.encoded(dict(state))
        return obj

    def decoded(self, obj):
        """piece id -> sorted cells, from the worker's JSON."""
        return dict((pid, tuple(sorted(self.cell_of(c) for c in cells))) for pid, cells in obj.items())

    def order(self, solution):
        """The order a solution's pieces are laid (largest first)."""
        return sorted(solution, key=lambda pid: (-len(solution[pid]), self.rules.IDS.index(pid)))

    def moves_to(self, state, solution):
        """Take back the pieces that differ, then place the rest in `order`."""
        placed = dict(state)
        back = [self.rules.format_move(pid) for pid in placed if solution.get(pid) != placed[pid]]
        return back + [self.rules.format_move(pid, solution[pid]) for pid in self.order(solution)
                       if placed.get(pid) != solution[pid]]

    def solution_moves(self, puzzle, state, answer):
        """The moves from the placed pieces to the worker's solution."""
        return self.moves_to(state, self.decoded(answer["solution"]))

    def hint_piece(self, hint):
        """(piece id, cells or None for a take-back) of a hint's move, or None."""
        move = (hint.get("stages") or {}).get("move")
        try:
            return self.rules.parse_move(move) if move else None
        except ValueError:
            return None

    # view hooks of the midend ---------------------------------------------------------------------
    def loaded(self, puzzle):
        """A new puzzle: empty hand, no marks; ask the worker about it."""
        self.hand = None
        self.measured = self.known(puzzle)
        if self.measured is None:
            spawn(self.measure_when_ready(puzzle))

    async def measure_when_ready(self, puzzle):
        """Once the worker runs, ask it about the puzzle (unless a newer one came meanwhile)."""
        midend = self.midend
        token = midend.token
        await midend.worker.ready.wait()
        found = await self.measure(puzzle)
        if token == midend.token and found is not None:
            self.measured = found
            midend.show_grade(str(found.get("difficulty") or ""))  # the menu agrees with the roll
            self.show_info()

    def show_info(self):
        """The line that says what the puzzle is (label, size, solutions)."""

    def show_check(self, answer):
        """Mark the cells of every problem; the worker's message and its problems' sentences."""
        problems = answer.get("problems") or []
        self.wrong = (self.midend.state, set(self.cell_of(c) for p in problems for c in p.get("cells", [])))
        self.redraw()
        text = answer.get("message", "")
        more = [p.get("text", "") for p in problems if p.get("text") and p.get("text") not in text]
        return " ".join([text] + more), answer.get("solvable", not problems)

    def marks(self):
        """The cells the last check found wrong, while the board is as it was checked."""
        return self.wrong[1] if self.wrong[0] == self.midend.state else set()

    def show_hint(self, hint, stage, last):
        """Remember the hint and its stage; the page draws it."""
        self.hint, self.hint_stage = hint, stage
        self.redraw()

    def forget_hint(self):
        """No hint to draw."""
        self.hint = None

    def hinted(self):
        """(cells to highlight, (piece id, cells) to show as a ghost or None) of the open hint."""
        if self.hint is None:
            return set(), None
        cells = set(self.cell_of(c) for c in self.hint.get("cells", []))
        found = self.hint_piece(self.hint)
        if found is None or found[1] is None or self.hint_stage == 0:
            return cells, None
        return cells, found

    def redraw(self):
        """Draw the state again."""
        if self.midend.puzzle is not None:
            self.show(self.midend.state)

    def locked(self):
        """Moves wait while the dice roll or a solution is laid."""
        return self.busy

    async def animate(self, moves):
        """Lay a solution's pieces one by one (moves wait meanwhile)."""
        self.busy = True
        self.hand = None
        try:
            placed = dict(self.midend.state)
            for move in moves:
                pid, cells = self.rules.parse_move(move)
                if cells is None:
                    placed.pop(pid, None)
                else:
                    placed[pid] = cells
                    await self.arrive(dict(placed), pid)
        finally:
            self.busy = False

    # the piece in hand ----------------------------------------------------------------------------
    def placed(self):
        """The placed pieces now: piece id -> cells."""
        return dict(self.midend.state)

    def show(self, state):
        """Drop the hand when its piece is on the board again (after an undo), then draw."""
        if self.hand is not None and self.hand["pid"] in dict(state):
            self.hand = None
        self.draw(state)

    def draw(self, state):
        """Family hook: draw everything."""
        raise NotImplementedError

    def hold(self, pid, cells=None, at=None):
        """Family hook: the hand holding a piece, as it comes from the tray, or as it lies on cells (held at `at`)."""
        raise NotImplementedError

    def take(self, pid, at=None):
        """Hold a piece: from the tray, or picked up from the board (an undoable move)."""
        if self.busy:
            return
        placed = self.placed()
        if pid in placed:
            hand = self.hold(pid, placed[pid], at)
            if self.midend.play(self.rules.format_move(pid)):
                self.hand = hand
                self.redraw()
                say("Picked up " + self.rules.label(pid) + ": place it again, or press Escape to put it back in the "
                    "tray.")
            return
        if self.hand is not None and self.hand["pid"] == pid:
            return
        self.hand = self.hold(pid)
        self.redraw()
        say("Holding " + self.rules.label(pid) + ": now tap or click where it goes.")

    def put(self, pid, cells):
        """Play the move that places a piece and say where, or say why it does not fit; whether it was played."""
        why = self.misfit(pid, cells)
        if why is not None:
            say("That does not fit: " + why[:1].lower() + why[1:], "error")
            return False
        return self.midend.play(self.rules.format_move(pid, cells),
                                "Placed " + self.rules.label(pid) + self.where_words(cells) + ".")

    def put_back(self):
        """Return the piece in hand to the tray."""
        if self.hand is not None:
            say(upper_first(self.rules.label(self.hand["pid"])) + " is back in the tray.")
            self.hand = None
            self.redraw()

    # the piece list -------------------------------------------------------------------------------
    def hand_words(self, pid):
        """ "in hand" or "in the tray", for a piece not on the board."""
        return "in hand" if self.hand is not None and self.hand["pid"] == pid else "in the tray"

    def piece_words(self, pid, shown):
        """Family hook: what the piece list says of one piece."""
        raise NotImplementedError

    def update_list(self, shown):
        """The accessible list of pieces (#piece-list): where each one is."""
        box = el("piece-list")
        box.innerHTML = ""
        for pid in self.pieces(self.midend.puzzle):
            item = document.createElement("li")
            item.textContent = self.piece_words(pid, shown)
            item.setAttribute("data-piece", pid)
            item.className = "placed" if pid in shown else ""
            box.appendChild(item)

    def tray_button(self, pid, kind, label, width, height):
        """A tray button (class `kind`) holding a picture canvas and a label, added to the tray; (button, picture)."""
        button = document.createElement("button")
        button.type = "button"
        button.className = kind
        button.setAttribute("data-piece", pid)
        pic = button.appendChild(document.createElement("canvas"))
        pic.width, pic.height = width, height
        pic.setAttribute("aria-hidden", "true")
        button.appendChild(document.createElement("span")).textContent = label
        el("tray").appendChild(button)
        self.tray[pid] = (button, pic)
        return button

    def tray_state(self, button, pid, size, placed, unit):
        """A tray button's words and look: placed, in hand or in the tray."""
        in_hand = self.hand is not None and self.hand["pid"] == pid
        where = "placed" if pid in placed else "in hand" if in_hand else "in the tray"
        shown = str(button.querySelector("span").textContent)  # the name starts with the words shown (WCAG 2.5.3)
        button.setAttribute("aria-label", shown + ": " + self.rules.NAME[pid] + " (" + pid + "), " + str(size) + " "
                            + unit + ", " + where)
        button.setAttribute("aria-pressed", "true" if in_hand else "false")
        button.className = button.className.split(" ")[0] + (" placed" if pid in placed else "") + (
            " in-hand" if in_hand else "")
        return in_hand
