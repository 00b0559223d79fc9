"""The latin-grid view of Sudoku and Skyscrapers (MicroPython, main thread): a `Game` for the midend.

The state is (values, notes, corner marks, colours) as tuples; moves are the strings of
`rules.latin` (r1c2=4, r1c2^4, r1c2-47, r1c2+127, r1c2*4, r1c2!3). This view draws the state on a
`GridBoard`, turns keys, clicks and the pad into moves, and shows what check and hint found.

Marking as in SudokuPad: a digit writes a value, a centre mark (the notes the hints read), a
corner mark or a colour (the mode buttons, Space); several cells can be selected (a drag,
Ctrl/Shift+click, Shift+arrows) and one entry marks them all as one move (undone, saved and
linked like any). Options: placing a digit removes it from the notes it sees (or not), "fill in
candidates", conflicts shown as you enter, on Check or never. A family page fills in the hooks marked
"family hook": how its puzzle reads and writes as text and which rules module applies moves.

Hints come in the stages the worker words (solvers/logic/explain.py), told in the DOM (aria-live)
and drawn on the board: *where* (the house or cells to look at), *what* (the technique and the
digit), *why* (the candidates it rests on and those it removes in two colours on the pencil marks,
the placed digits that make a single visible, a chain's links, a forcing chain's implications as
lines), then Apply. Notes that leave out a cell's true digit come first, with a move that repairs
them. The solving path (the family's grade command) lists every step with its technique and score.
*All steps here* (the family's steps command) lists every step each technique finds in the position shown, by
technique, as the list shows them (brief) and in two pieces, the easier steps first; a chosen step is then asked
for told in full and shown as a hint (its stages, drawing and Apply).
"""

from pyscript import document
from rules import latin

from gridboard import COLOUR_NAMES
from gridboard import GridBoard
from midend import Game
from midend import split_moves
from tessera_ui import ARROWS
from tessera_ui import Store
from tessera_ui import click
from tessera_ui import el
from tessera_ui import on
from tessera_ui import say
from tessera_ui import spawn

MOVE_MARKS = latin.KINDS
MODES = ("digit", "centre", "corner", "colour")
MODE_BUTTONS = {"digit": "digit", "centre": "pencil", "corner": "corner", "colour": "colour"}
AUTO_GRADE_MAX = 9  # sides up to this are graded in the background when a puzzle loads
GRADE_LIMIT = {"seconds": 5}  # a background grade gives way quickly to the player's own requests
PATIENT_GRADE = 30  # seconds of a second background grade where a player's request interrupts it (a slow device)
PATH_SECONDS = 120  # the solving path a player opens: a 16x16's can take a minute in the worker
STEPS_LIMIT = {"seconds": 8}  # listing every step: the page's own call, which a player's request interrupts
STEPS_OPEN = 12  # a technique with at most this many steps shows them at once (larger groups open on a click)
STEPS_PIECE = 50  # the list's first piece (the rest follows in a second answer): a hard position has hundreds


class GridGame(Game):
    """A latin grid: the rules hooks of the midend over (values, notes), and the board view."""

    label = "Board"
    rules_hooks = Game.rules_hooks + ("grid_of", "state_input", "solution_of")
    ids = ("board", "pad", "digit", "corner", "colour", "erase", "pencil", "auto-remove", "fill-notes", "conflicts",
           "check", "grade-info", "hint-key", "hint-legend", "hint-lines", "hint-more", "key-cause", "key-cause2",
           "key-elim", "key-place", "key-ring", "path-box", "path-list", "size", "steps-box", "steps-list",
           "steps-status", "stop")
    grade_command = "grade"  # the family's command that grades a puzzle and lists its solving path
    legend = "r3c5 means row 3, column 5 (rows count from the top, columns from the left)."
    box = None

    def __init__(self):
        self.board = GridBoard("board", "aria-board", self.label)
        self.board.on_cell = self.press
        self.board.on_drag = self.drag_to
        self.mode = "digit"
        self.options = Store("tessera-marking")  # the marking options, for every grid page
        self.n = 0
        self.givens = []
        self.peers = []
        self.graded = (None, None)  # (puzzle text, the grade command's answer)
        self.steps_key = None  # the position the "All steps here" list is of (or is being fetched for)
        self.steps = []

    # the puzzle through the family's rules module, and the family hooks ---------------------------
    _memo = (None, None)

    def shape(self, puzzle):
        """(n, givens as values, box or None, clues dict or None) of the rules module, read once per puzzle;
        ValueError if bad."""
        if self._memo[0] is not puzzle:
            self._memo = (puzzle, self.rules.grid_of(puzzle))
        return self._memo[1]

    def layout(self, puzzle):
        """A Sudoku variant's (regions, diagonals, cages) of the rules module, or None (a plain latin grid)."""
        return None

    def solve_request(self, puzzle, state):
        """The puzzle's canonical solve input."""
        return self.rules.puzzle_of(self.text(puzzle))

    def extra_solved(self, puzzle, values):
        """Family hook: further rules a full, conflict-free grid must meet (clues)."""
        return True

    def clue_cells(self, side, i):
        """Family hook: the cells a clue looks along (none for families without clues)."""
        return []

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
        return puzzle, latin.entries_moves(progress, n, givens)  # the older form: every entry as a grid

    def size_of(self, puzzle):
        """The side of a puzzle."""
        return self.shape(puzzle)[0]

    def record_info(self, puzzle):
        """The size (9×9) and, once graded, the grade and score."""
        n = self.size_of(puzzle)
        info = {"size": str(n) + "×" + str(n)}
        if self.graded[0] == self.text(puzzle) and self.graded[1]:
            info["grade"], info["score"] = self.graded[1].get("difficulty"), self.graded[1].get("score")
        return info

    def start(self, puzzle):
        """The givens; no notes, corner marks or colours."""
        n, givens, _box, _clues = self.shape(puzzle)
        none = tuple([0] * (n * n))
        return tuple(givens), none, none, none

    def apply(self, puzzle, state, move):
        """The shared latin move rules (givens cannot change); corner marks and colours."""
        n, givens, box, _clues = self.shape(puzzle)
        values, notes = latin.apply_move(state[0], state[1], move, n, self.peer_lists(n, box, self.layout(puzzle)),
                                         givens)
        if latin.CORNER in move or latin.COLOUR in move:
            return (values, notes) + latin.apply_marks(state[2], state[3], move, n)
        return values, notes, state[2], state[3]

    def peer_lists(self, n, box, layout=None):
        """Each cell's peers (rows, columns and boxes when there are boxes; a variant's regions, diagonals and
        cages), built once per shape."""
        return latin.peers(n, box) if layout is None else self.rules.tables(n, box, layout)[2]

    def is_solved(self, puzzle, state):
        """A full grid without a repeat that meets the family's extra rules."""
        values = state[0]
        n, _givens, box, _clues = self.shape(puzzle)
        return all(values) and not latin.conflicts(values, self.peer_lists(n, box, self.layout(puzzle))) \
            and self.extra_solved(puzzle, values)

    def request(self, puzzle, state):
        """The puzzle with the player's entries (and notes)."""
        obj = self.solve_request(puzzle, state)
        obj.update(self.rules.state_input(self.n, state[0], state[1]))
        return obj

    def solution_moves(self, puzzle, state, answer):
        """Place every value of the solution that differs."""
        n = self.n
        return [latin.place_move(n, i, v) for i, v in enumerate(self.rules.solution_of(answer, n)) if state[0][i] != v]

    def hint_cell_set(self, hint):
        """The hint's cells as indices."""
        return set(r * self.n + c for r, c in hint.get("cells", []))

    # view hooks ----------------------------------------------------------------------------------
    def bind(self):
        """The mode, erase and marking option controls, the solving path (the midend wires the rest)."""
        for mode, ident in MODE_BUTTONS.items():
            click(ident, lambda mode=mode: self.set_mode(mode))
        click("erase", lambda: self.enter(0))
        click("fill-notes", self.fill_notes)
        saved = self.options.load() or {}
        el("auto-remove").checked = saved.get("auto", True) is not False
        if saved.get("conflicts") in ("entry", "check", "never"):
            el("conflicts").value = saved["conflicts"]
        on(el("auto-remove"), "change", lambda _e: self.save_options())
        on(el("conflicts"), "change", lambda _e: self.save_options())
        if el("hint-legend") is not None:
            el("hint-legend").textContent = self.legend
        if el("path-box") is not None:
            on(el("path-box"), "toggle", lambda _e: self.path_opened())
        if el("steps-box") is not None:
            on(el("steps-box"), "toggle", lambda _e: self.refresh_steps())

    def path_opened(self):
        """Grade the puzzle now if the background grade was skipped (large boards)."""
        puzzle = self.midend.puzzle
        if el("path-box").open and puzzle is not None and self.graded[0] != self.text(puzzle):
            el("path-list").innerHTML = ("<li>Working out the solving path… (up to " + str(PATH_SECONDS // 60) +
                                         " minutes on a big board; your own moves and hints go first)</li>")
            spawn(self.fetch_grade(puzzle, PATH_SECONDS))

    def loaded(self, puzzle):
        """Set up the board, the pad and the size choice for a new puzzle; grade it in the background."""
        n, givens, box, clues = self.shape(puzzle)
        self.n, self.givens, self.box = n, givens, box
        layout = self.layout(puzzle)
        self.peers = self.peer_lists(n, box, layout)
        self.show_grade(puzzle, None)
        if el("path-list") is not None:
            el("path-list").innerHTML = ""
        if n <= AUTO_GRADE_MAX or (el("path-box") is not None and el("path-box").open):
            spawn(self.fetch_grade(puzzle))
        self.board.setup(n, box, clues, layout)
        self.board.given = [v != 0 for v in givens]
        if el("variant") is not None and layout is not None:
            self.show_variant(self.rules.variant_name(layout))
        self.build_pad(n)
        if el("size") is not None:
            el("size").value = str(n)

    def show_variant(self, name):
        """Set the variant choice to the puzzle's; rules no choice makes (a shared thermometer Sudoku) show as a
        "Shared rules" entry that cannot be chosen (choosing another variant starts a puzzle of it)."""
        select = el("variant")
        known = [str(option.value) for option in select.options if not option.disabled]
        extra = el("variant-shared")
        if name not in known:
            if extra is None:
                extra = document.createElement("option")
                extra.id, extra.disabled, extra.textContent = "variant-shared", True, "Shared rules"
                select.appendChild(extra)
            extra.value = name
        elif extra is not None:
            extra.remove()
        select.value = name

    def build_pad(self, n):
        """Number pad buttons 1..n (colour swatches 1..9 in colour mode)."""
        pad = el("pad")
        pad.innerHTML = ""
        count = latin.COLOURS if self.mode == "colour" else n
        pad.style.gridTemplateColumns = "repeat(" + str(count if count <= 9 else (count + 1) // 2) + ", 1fr)"
        for v in range(1, count + 1):
            b = document.createElement("button")
            b.type = "button"
            b.textContent = latin.symbol(v)
            if self.mode == "colour":
                b.className = "swatch"
                b.style.background = "var(--mark-" + str(v) + ")"
                b.setAttribute("aria-label", "colour " + str(v) + ", " + COLOUR_NAMES[v - 1])
            else:
                b.setAttribute("aria-label", "enter " + latin.symbol(v))
            on(b, "click", lambda _e, v=v: self.enter(v))
            pad.appendChild(b)

    def show(self, state):
        """Push the state to the board and redraw (conflicts as the option says)."""
        values, notes, corners, colours = state
        b = self.board
        b.values, b.pencil, b.corners, b.colours = list(values), list(notes), list(corners), list(colours)
        b.wrong = set()
        live = self.conflict_mode() == "entry"
        b.conflict = set(latin.conflicts(values, self.peers)) if live else set()
        b.bad_clues = self.bad_clues(values) if live else set()
        b.draw()
        self.refresh_steps()

    def conflict_mode(self):
        """"entry", "check" or "never" (the marking option)."""
        return str(el("conflicts").value) if el("conflicts") is not None else "entry"

    def save_options(self):
        """Remember the marking options; conflicts are redrawn at once."""
        self.options.save({"auto": bool(el("auto-remove").checked), "conflicts": self.conflict_mode()})
        if self.midend.puzzle is not None:
            self.show(self.midend.state)

    def bad_clues(self, values):
        """Clues to show as broken (none for families without clues)."""
        return set()

    def show_check(self, ans):
        """Mark wrong entries, conflicts and broken clues; the worker's message."""
        n = self.n
        b = self.board
        b.wrong = set(r * n + c for r, c in ans.get("wrong", []) + ans.get("changed_givens", []))
        if self.conflict_mode() != "never":
            b.conflict = set(r * n + c for r, c in ans.get("conflicts", [])) | b.conflict
            b.bad_clues = set((side, i) for side, i in ans.get("bad_clues", []))
        b.draw()
        errors = ans.get("errors", len(b.wrong))
        return ans.get("message") or (str(errors) + " errors" if errors else "No errors so far."), not errors

    def show_hint(self, hint, stage, last):
        """Stage 0: the house to look at; 1: the pattern; last: causes, removals, links, rings and bounds."""
        b = self.board
        self.forget_hint()
        technique = hint.get("technique", "")
        cells = self.hint_cell_set(hint)
        clues = set((side, i) for side, i in hint.get("clues", []))
        if stage == 0 and last:  # told at once (a wrong entry, notes to repair, solved): its cells
            b.hint_cells = cells
            if technique == latin.REPAIR:
                b.show_candidates(cells, self.midend.state[0], self.midend.state[1], self.peers)
            self.hint_details(hint, technique == latin.REPAIR)
            b.draw()
            return
        move = hint.get("move") or {}
        if stage == 0 or not last:
            b.hint_region = self.where_cells(hint, cells, clues)
            b.hint_clues = clues
            if stage > 0 and "place" not in move:
                b.hint_cells = cells
            self.hint_details(hint, False)
            b.draw()
            return
        b.show_hint(hint, self.midend.state[0], self.midend.state[1], self.peers)
        self.hint_details(hint, True)
        b.draw()

    def where_cells(self, hint, cells, clues):
        """The first stage's cells: the hint's house or pattern (never the answer cell alone), a clue's line."""
        region = set(r * self.n + c for r, c in (hint.get("region") or {}).get("cells", [])) or set(cells)
        for side, i in clues:
            region |= set(self.clue_cells(side, i))
        return region

    def hint_details(self, hint, full):
        """The DOM beside the hint's text: the technique's name as a link to its entry on the learn page, the colour
        key and a forcing chain's implications (at the last stage), and the Apply button's words."""
        self.link_technique(hint)
        key, lines = el("hint-key"), el("hint-lines")
        if el("hint-apply") is not None:
            el("hint-apply").textContent = "Repair notes" if hint.get("technique") == latin.REPAIR else "Apply"
        if key is None or lines is None:
            return
        implications = [str(x) for x in hint.get("implications") or []]
        if not implications:
            implications = [str(step.get("reason", "")) for step in hint.get("chain") or []
                            if isinstance(step, dict) and "reason" in step]
        lines.innerHTML = ""
        for text in implications if full else []:
            item = document.createElement("li")
            item.textContent = text
            lines.appendChild(item)
        lines.hidden = not (full and implications)
        b = self.board
        used = {"key-cause": "cause" in b.hint_marks.values(), "key-cause2": "cause2" in b.hint_marks.values(),
                "key-ring": bool(b.hint_rings), "key-elim": bool(b.hint_elim), "key-place": bool(b.hint_places)}
        for ident, shown in used.items():
            if el(ident) is not None:
                el(ident).hidden = not shown
        key.hidden = not (full and any(used.values()))

    def link_technique(self, hint):
        """The technique's name in the hint's title (once a stage names it) links to its entry on the learn page.
        In a new tab: the hint stays open here at its stage, beside the explanation (the game is saved either way)."""
        title, name = el("hint-title"), str(hint.get("technique") or "")
        anchor = self.learn_anchors().get(name)
        text = str(title.textContent)
        at = text.find(name) if anchor else -1
        if at < 0:
            return
        link = document.createElement("a")
        link.href = "./learn.html#" + anchor
        link.target = "_blank"
        link.rel = "noopener"
        link.title = "What is this technique? (opens the learn page in a new tab)"
        link.textContent = name
        title.textContent = text[:at]
        title.appendChild(link)
        title.appendChild(document.createTextNode(text[at + len(name):]))

    _anchors = None

    def learn_anchors(self):
        """Every technique name the hints give (a rung's finer names too) -> its entry's id on the learn page, from
        the registry's ladder (empty until the registry is read)."""
        if not self._anchors:
            ladder = (self.midend.families.get(self.family) or {}).get("ladder") or []
            self._anchors = dict((name, t["anchor"]) for t in ladder for name in [t["name"]] + list(t["also"]))
        return self._anchors

    def forget_hint(self):
        """Drop the hint highlights."""
        if self.board.n:
            self.board.forget_hint()
        for ident in ("hint-key", "hint-lines"):
            if el(ident) is not None:
                el(ident).hidden = True

    # every step of the position ------------------------------------------------------------------
    def steps_position(self):
        """The position shown, as the key of its list of steps."""
        midend = self.midend
        return (self.text(midend.puzzle), tuple(midend.state[0]), tuple(midend.state[1]))

    def refresh_steps(self):
        """When the "All steps here" panel is open and its list is of another position, list this one's."""
        box = el("steps-box")
        midend = self.midend
        if box is None or not box.open or midend.puzzle is None:
            return
        key = self.steps_position()
        if key == self.steps_key:
            return
        self.steps_key = key
        self.steps = []
        el("steps-list").innerHTML = ""
        el("steps-status").textContent = "Listing every step of this position…"
        spawn(self.fetch_steps(key))

    def listing(self, key):
        """Whether the list being made is still of the position shown."""
        return self.steps_key == key and self.midend.puzzle is not None and self.steps_position() == key

    async def fetch_steps(self, key):
        """Ask the worker for the steps of the position as the list shows them (brief), in pieces: the first
        STEPS_PIECE steps (the easier techniques, found at once), then the rest; each the page's own call."""
        midend = self.midend
        await midend.worker.ready.wait()
        while self.listing(key):
            obj = self.request(midend.puzzle, midend.state)
            obj.update({"limit": STEPS_LIMIT, "brief": True, "first": len(self.steps)})
            if not self.steps:
                obj["count"] = STEPS_PIECE
            ans = await midend.worker.call(self.family, "steps", obj, auto=True)
            if not self.listing(key):
                return  # the position changed meanwhile: its own list is on its way
            self.show_steps(ans)
            if "error" in ans or not ans.get("more") or not ans.get("steps"):
                return

    def show_steps(self, ans):
        """Add a piece of the list and show it by technique, each step a button that shows it as a hint; what was
        not tried, if anything."""
        listing, status = el("steps-list"), el("steps-status")
        if "error" in ans:
            status.textContent = "The steps could not be listed: " + str(ans["error"]) + "."
            return
        opened = set(str(d.getAttribute("data-technique")) for d in listing.querySelectorAll("details[open]"))
        listing.innerHTML = ""
        self.steps = self.steps + list(ans.get("steps") or [])
        groups = ordered_groups(str(step.get("technique", "")) for step in self.steps)
        for name, items in groups:
            group = document.createElement("details")
            group.className = "steps-group"
            group.setAttribute("data-technique", name)
            group.open = len(items) <= STEPS_OPEN or name in opened
            group.appendChild(document.createElement("summary")).textContent = name + " · " + str(len(items))
            items_list = group.appendChild(document.createElement("ul"))
            for i in items:
                button = document.createElement("button")
                button.type = "button"
                button.textContent = step_label(self.steps[i])
                on(button, "click", lambda _e, i=i: self.choose_step(i))
                items_list.appendChild(document.createElement("li")).appendChild(button)
            listing.appendChild(group)
        count = len(self.steps)
        techniques = str(len(groups)) + (" technique" if len(groups) == 1 else " techniques")
        if ans.get("more"):
            status.textContent = "The first " + str(count) + " steps (by " + techniques + "); listing the rest…"
            return
        words = (str(count) + (" step" if count == 1 else " steps") + " by " + techniques + ".") if count else \
            "No step: nothing to find here."
        if ans.get("complete") is False:
            later = list(ans.get("not_tried") or [])
            words += (" Not every technique finished in time: " + str(ans.get("cut_short")) + " was cut short" +
                      (" and " + ", ".join(later) + " not tried." if later else "."))
        status.textContent = words

    def choose_step(self, i):
        """Show a listed step as a hint, from its first stage (Apply plays it); the hint shown until then closes."""
        if 0 <= i < len(self.steps):
            self.midend.close_hint()
            spawn(self.open_step(i, self.steps_key))

    async def open_step(self, i, key):
        """Ask for listed step i told in full (the list holds what it shows) and open it as a hint."""
        midend = self.midend
        obj = self.request(midend.puzzle, midend.state)
        obj.update({"first": i, "count": 1})
        ans = await midend.ask("steps", obj, "The step will show once the solver loads…")
        if ans is None or not self.listing(key):
            return
        told = (ans.get("steps") or [None])[0]
        if told is None or told.get("move") != self.steps[i].get("move"):
            say("That step could not be shown: list the steps again.", "error")
            return
        midend.open_hint(told)

    # grade and solving path ------------------------------------------------------------------------
    async def fetch_grade(self, puzzle, seconds=None, patient=False):
        """Grade the puzzle in the worker once it is ready (the score, the hardest step, the path); `seconds`: the
        budget of a path the player asked for (else a background grade's, tried again with PATIENT_GRADE seconds
        when it ran out and the player's requests can interrupt it)."""
        text = self.text(puzzle)
        if self.graded[0] == text:
            self.show_grade(puzzle, self.graded[1])
            return
        await self.midend.worker.ready.wait()
        if self.midend.puzzle is not puzzle:
            return
        obj = self.solve_request(puzzle, None)
        obj["limit"] = {"seconds": seconds} if seconds else {"seconds": PATIENT_GRADE} if patient else GRADE_LIMIT
        if seconds:
            obj["partial"] = True  # a path cut short comes back as far as it got
        ans = await self.midend.worker.call(self.family, self.grade_command, obj, auto=True)
        if ans.get("complete") is False and self.midend.puzzle is puzzle:
            self.show_grade(puzzle, {"lines": list(ans.get("lines") or []) + [
                "… the path stops here: not finished within " + str(seconds) + " s (" + str(ans.get("decided")) +
                " of " + str(ans.get("cells")) + " cells decided so far)."]})
            return
        if (ans.get("kind") == "timeout" and not seconds and not patient and self.midend.puzzle is puzzle
                and self.midend.worker.interrupts is not None):
            await self.fetch_grade(puzzle, patient=True)
            return
        if self.midend.puzzle is not puzzle or "error" in ans:
            if el("path-list") is not None and self.midend.puzzle is puzzle:
                why = ("it stopped to answer your request: close and open it again to go on" if ans.get("kind") ==
                       "cancelled" else "not within " + str(obj["limit"]["seconds"]) + " s")
                el("path-list").innerHTML = "<li>The solving path could not be worked out: " + why + ".</li>"
            return
        self.graded = (text, ans)
        self.show_grade(puzzle, ans)

    def show_grade(self, puzzle, ans):
        """The grade line (grade, score, hardest step) and the solving path's list."""
        line = el("grade-info")
        if line is None:
            return
        ans = ans or {}
        grade = ans.get("difficulty") or puzzle.get("difficulty")
        score = ans.get("score") if ans.get("score") is not None else puzzle.get("score")
        words = []
        if grade and str(grade) != "Shared":
            words.append("Grade: " + str(grade))
        if score is not None:
            words.append("score " + str(score))
        se = ans.get("se") or {}
        if se.get("estimate") is not None:  # beside our score: an estimate on Sudoku Explainer's scale
            words.append("SE ≈ {:.1f}".format(se["estimate"]))  # MicroPython: str(9.3) is 9.300000000000001
        if ans.get("difficulty"):
            self.midend.show_grade(str(ans["difficulty"]))  # the Difficulty choice agrees with the grade line
        hardest = ans.get("hardest_step") or ans.get("hardest")  # Sudoku names its grade "hardest", Skyscrapers a step
        grades = (self.midend.families.get(self.family) or {}).get("grades") or []
        if hardest and hardest != grade and str(hardest) not in grades:
            words.append("hardest step: " + str(hardest))
        line.textContent = " · ".join(words)
        listing = el("path-list")
        if listing is None or not ans:
            return
        listing.innerHTML = ""
        for text in ans.get("lines") or []:  # the worker words the path
            listing.appendChild(document.createElement("li")).textContent = text

    # input -------------------------------------------------------------------------------------------
    def select(self, r, c, keep=False):
        """Move the cursor; `keep` adds its cell to the selection (else the cursor's cell alone is selected)."""
        b = self.board
        if keep:
            b.selected.add(self.cursor_cell())
        else:
            b.selected = set()
        b.cursor = (r, c)
        b.draw()

    def press(self, r, c, ev):
        """A click: select the cell; Ctrl adds or takes it away, Shift adds it; a drag goes on selecting."""
        b = self.board
        i = r * self.n + c
        if ev.ctrlKey or ev.metaKey:
            b.selected.add(self.cursor_cell())
            if i in b.selected and len(b.selected) > 1:
                b.selected.discard(i)
                b.cursor = divmod(min(b.selected), self.n)
                b.draw()
                return
        self.select(r, c, keep=bool(ev.ctrlKey or ev.metaKey or ev.shiftKey))

    def drag_to(self, r, c):
        """A press dragged on to another cell: it joins the selection."""
        self.select(r, c, keep=True)

    def cursor_cell(self):
        """The index of the cursor's cell."""
        return self.board.cursor[0] * self.n + self.board.cursor[1]

    def chosen(self):
        """The selected cells, in board order."""
        return sorted(self.board.selected | {self.cursor_cell()})

    def key(self, ev):
        """Digits (Shift: centre marks), letters above 9, arrows (Shift: select on), erase, P, Space for the mode."""
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
            self.select((r + dr) % self.n, (c + dc) % self.n, keep=ev.shiftKey)
        elif key in ("Backspace", "Delete") or value == 0:
            self.enter(0)
        elif value is not None and value <= (latin.COLOURS if self.mode == "colour" else self.n):
            self.enter(value, mode="centre" if ev.shiftKey and self.mode == "digit" else None)
        elif key.lower() == "p":
            self.toggle_pencil()
        elif key == " " and str(ev.target.tagName).upper() not in ("BUTTON", "A", "SUMMARY"):
            self.set_mode(MODES[(MODES.index(self.mode) + 1) % len(MODES)])
        else:
            return False
        return True

    def enter(self, v, mode=None):
        """Write v in every selected cell as the mode says (a value, a centre or corner mark, a colour); 0 erases.
        A mark already in every cell is taken out of them all; a digit a cell holds stays."""
        mode = mode or self.mode
        state = self.midend.state
        values, notes, corners, colours = state
        cells = self.chosen()
        free = [i for i in cells if not self.givens[i]]
        if mode == "colour":
            now = [i for i in cells if colours[i] != v]
            atoms = [(i, latin.COLOUR, v) for i in now] or [(i, latin.COLOUR, 0) for i in cells if colours[i]]
        elif not free:
            say("That cell is a given: it cannot change." if len(cells) == 1 else "Those cells are givens.")
            return
        elif not v and mode == "digit":
            atoms = [(i, latin.PLACE, 0) for i in free if values[i] or notes[i]]
        elif not v and mode == "centre":
            atoms = [(i, latin.SET_NOTES, 0) for i in free if notes[i] and not values[i]]
        elif not v:
            atoms = [(i, latin.CORNER, k) for i in free for k in range(1, self.n + 1) if (corners[i] >> (k - 1)) & 1]
        elif mode == "digit":
            atoms = [(i, latin.PLACE, v) for i in free if values[i] != v]
        else:
            empty = [i for i in free if not values[i]]
            marks = notes if mode == "centre" else corners
            kind = latin.TOGGLE if mode == "centre" else latin.CORNER
            lacking = [i for i in empty if not (marks[i] >> (v - 1)) & 1]
            atoms = [(i, kind, v) for i in (lacking or empty)]
        if not atoms:
            return  # nothing changes (a digit a cell holds stays; Backspace or Erase clears it)
        move = latin.format_move(self.n, atoms)
        if mode == "digit" and v and not el("auto-remove").checked:
            after = self.apply(self.midend.puzzle, state, move)[1]  # the notes the placement took: back
            placed = set(a[0] for a in atoms)
            back = [(i, latin.TOGGLE, v) for i in range(self.n * self.n)
                    if (notes[i] >> (v - 1)) & 1 and not (after[i] >> (v - 1)) & 1 and i not in placed]
            move = latin.format_move(self.n, atoms + back)
        self.midend.play(move)

    def fill_notes(self):
        """Every empty cell's centre marks become the digits its row, column (and box) allow: one move."""
        values, notes = self.midend.state[0], self.midend.state[1]
        atoms = []
        for i in range(self.n * self.n):
            if not values[i]:
                mask = latin.cell_candidates(list(values), self.peers, self.n, i)
                if mask != notes[i]:
                    atoms.append((i, latin.SET_NOTES, mask))
        if not atoms:
            say("The notes already hold every candidate.")
            return
        self.midend.play(latin.format_move(self.n, atoms))

    def set_mode(self, mode):
        """What a digit writes: a value, a centre mark, a corner mark or a colour."""
        self.mode = mode
        for name, ident in MODE_BUTTONS.items():
            el(ident).setAttribute("aria-pressed", "true" if name == mode else "false")
        if self.n:
            self.build_pad(self.n)

    def toggle_pencil(self):
        """Switch between entering values and centre marks (P)."""
        self.set_mode("digit" if self.mode == "centre" else "centre")

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


def step_label(step):
    """A listed step in a few words: "r6c2 = 4", or "r2c1, r2c3 lose 7"."""
    move = step.get("move") or {}
    if "place" in move:
        r, c, v = move["place"]
        return "r" + str(r + 1) + "c" + str(c + 1) + " = " + latin.symbol(v)
    gone = move.get("eliminate") or []
    groups = ordered_groups(v for _r, _c, v in gone)
    return "; ".join(", ".join("r" + str(gone[i][0] + 1) + "c" + str(gone[i][1] + 1) for i in items) +
                     (" loses " if len(items) == 1 else " lose ") + latin.symbol(v) for v, items in groups)


def ordered_groups(keys):
    """[(key, [indices])] in the order keys first come (MicroPython's dicts keep no order)."""
    out, where = [], {}
    for i, key in enumerate(keys):
        if key not in where:
            where[key] = len(out)
            out.append((key, []))
        out[where[key]][1].append(i)
    return out
