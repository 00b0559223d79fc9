"""The game controller of every Tessera puzzle page (MicroPython, main thread), after Tatham's midend.c.

One `Midend` owns the puzzle (its link text), the history (states with the move strings between
them), undo/redo, links (`#<puzzle>` plus optional `~<moves>`), the versioned save, the timer,
hint stages, check, solve-as-moves, New/Daily and share. A family page is a `Game`: rules hooks
(read and write the puzzle, start, apply a move) and view hooks (draw, map input to moves, its
own panels). Moves are short strings; a step of the history may be several moves joined by ';'.
Known limits: a save replays its moves, so a family whose `apply` changes breaks old saves (they are set
aside with a message, never a crash).
"""

import asyncio
import random

from pyscript import document
from pyscript import window

from journal import Journal
from journal import today
from shelf import SEP
from shelf import Shelf
from shelf import split_moves
from tessera_ui import Store
from tessera_ui import Timer
from tessera_ui import Worker
from tessera_ui import click
from tessera_ui import clock
from tessera_ui import copy_share_link
from tessera_ui import decode_fragment
from tessera_ui import el
from tessera_ui import on
from tessera_ui import page_data
from tessera_ui import reveal
from tessera_ui import say
from tessera_ui import say_instead
from tessera_ui import set_fragment
from tessera_ui import show_share_link
from tessera_ui import spawn
from tessera_ui import toggle_theme

STORE_VERSION = 2
RESTART = "restart"  # the move back to the start
ASIDE = "aside:"  # a link fragment naming a game set aside (the home page's Continue), then its id
PRACTICE = "practice:"  # the learn page's Practice link: "practice:<technique>[;also]|<the puzzle's link text>"
ALSO = "also"  # a practice position where an easier step comes first and *All steps here* lists the technique
BAD = (ValueError, KeyError, TypeError, IndexError, AttributeError)
CHECK_SECONDS = 10  # budget for checking that a linked puzzle has one solution (automatic, so below a hint's 15 s)
SETTER = ("title", "author", "rules")  # what a shared link says of its puzzle in its setter's words (`import`)
SOLVING = "Working out a solution…"  # said at once when Solve is pressed
CHOICES = ("size", "difficulty", "variant")  # the choices whose change asks for a new puzzle
# the element ids every game page has (its template's and the shared partials'); a Game adds its view's own `ids`.
# Bound only where a page has them: board, check, daily, hint-more, moves, size, stop, variant, view.
PAGE_IDS = ("aria-board", "copy", "difficulty", "export", "export-list", "hint", "hint-apply", "hint-box", "hint-close",
            "hint-reason", "hint-title", "message", "new", "open-load", "open-text", "redo", "replay", "replay-speed",
            "restart", "share", "share-link", "share-progress", "share-row", "solve", "status", "theme", "timer",
            "timer-toggle", "undo")


def undeclared(game):
    """What the page lacks of what it declares: element ids (PAGE_IDS and the game's `ids`) and the rules
    module's hooks (the game's `rules_hooks`), as one sentence ('' when nothing is missing)."""
    ids = [i for i in PAGE_IDS + tuple(game.ids) if document.getElementById(i) is None]
    hooks = [h for h in game.rules_hooks if not hasattr(game.rules, h)]
    parts = (["element ids " + ", ".join(ids)] if ids else []) + (["rules hooks " + ", ".join(hooks)] if hooks else [])
    return "; ".join(parts)


def read_fragment():
    """(the URL fragment without '#', percent-decoded; a problem text or '')."""
    raw = str(window.location.hash or "")
    if not raw.startswith("#"):
        return "", ""
    try:
        return decode_fragment(raw[1:]), ""
    except ValueError as exc:
        return "", "That link could not be read (" + str(exc) + ")."


def read_replay(fragment):
    """(the link without its replay part, seconds of each move or None, hints used) of '<link>@t1,t2,...[h<n>]'."""
    fragment, at, tail = fragment.partition("@")
    if not at:
        return fragment, None, 0
    tail, _, hints = tail.partition("h")
    try:
        return fragment, [int(t) for t in tail.split(",") if t], int(hints or "0")
    except ValueError:
        return fragment, None, 0


def practice_words(technique, position):
    """What a practice game's message says of its technique (`position`: opened mid-game with it the next step;
    ALSO: with an easier step first and the technique one of those *All steps here* lists)."""
    if position == ALSO:
        return ("an easier step comes first here, and " + technique + " is one of the steps the list All steps here "
                "shows: find it on the board, then pick it from that list to see it explained.")
    if position:
        return "from this position the next logical step is " + technique + "; Hint names it."
    return "its solving path needs " + technique + "; Hint names it when you reach it."


def new_seed():
    """A short random seed (six letters or digits)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return "".join(digits[random.getrandbits(8) % 36] for _ in range(6))


class Game:
    """A family page: rules hooks (puzzle, states, moves) and view hooks (draw, input, panels).

    A puzzle is a dict (the worker's solve input, maybe with "difficulty"); a state is any
    value the page's `apply` understands; a move is a short string.
    """

    family = ""
    rules = None  # the family's rules module (solvers/rules/<family>.py: the worker's very rules)
    rules_hooks = ("puzzle_of", "text_of", "EXAMPLE")  # what the page needs of it (checked at start)
    ids = ()  # the element ids the view needs beyond PAGE_IDS (checked at start)
    noun = "puzzle"  # what one puzzle is called in messages
    fresh_words = "a fresh one"  # what a broken link is replaced with, in messages
    solved_words = "Well done."  # said after "Solved in 1:23!"
    verify = False  # check a linked puzzle has exactly one solution before trusting it
    daily_grade = 2

    midend = None  # set by Midend

    # rules hooks --------------------------------------------------------------------------------
    def read(self, text):
        """(puzzle, moves) of a link text; old progress forms turn into moves. ValueError if bad."""
        raise NotImplementedError

    def foreign_text(self, text):
        """Another app's pasted link as the text the worker's `import` reads (as it is, unless a page knows better)."""
        return text

    def read_puzzle(self, text):
        """The puzzle of a link's puzzle text (the rules module's); ValueError if bad."""
        return self.rules.puzzle_of(text)

    def text(self, puzzle):
        """The link text of a puzzle, without moves (the rules module's canonical text)."""
        return self.rules.text_of(puzzle)

    def link(self, puzzle, moves):
        """The link text of a puzzle with the moves played (the page's `read` reads it back)."""
        return self.text(puzzle) + ("~" + SEP.join(moves) if moves else "")

    def start(self, puzzle):
        """The first state of a puzzle; ValueError if the puzzle cannot be played."""
        raise NotImplementedError

    def apply(self, puzzle, state, move):
        """The state after one move (a new value); ValueError with a reason if it is not legal."""
        raise NotImplementedError

    def is_solved(self, puzzle, state):
        """Whether the state solves the puzzle."""
        raise NotImplementedError

    def wants_solution(self, puzzle):
        """Whether the page needs the worker's solution to know when the puzzle is solved (rules it cannot check)."""
        return False

    def learn_solution(self, puzzle, answer):
        """The worker found the puzzle's one solution (`answer` of solve): a view whose rules the page cannot check
        itself keeps it to know when the puzzle is solved."""

    def request(self, puzzle, state):
        """The worker's input for hint and check."""
        raise NotImplementedError

    def solve_request(self, puzzle, state):
        """The worker's input for solve."""
        return self.request(puzzle, state)

    def hint_request(self, puzzle, state):
        """The worker's input for a hint (an answer marked "provisional" is then asked again by `request`)."""
        return self.request(puzzle, state)

    def solution_moves(self, puzzle, state, answer):
        """The moves that turn the state into the worker's solution."""
        raise NotImplementedError

    def hint_moves(self, puzzle, state, hint):
        """The moves of a hint: its move string; ValueError (said to the player) when it has none."""
        move = (hint.get("stages") or {}).get("move")
        if not move:
            raise ValueError("That hint has nothing to apply.")
        return [move]

    def hint_stages(self, hint):
        """The hint's stages to reveal in turn, as (title, text) pairs: the worker's "reveal"."""
        return [(str(t), str(x)) for t, x in hint.get("reveal") or []] or [(str(hint.get("technique", "Hint")),
                                                                          str(hint.get("reason", "")))]

    def starter(self, starters, grade):
        """A build-time puzzle of a grade (1-based) from the starters, else None."""
        if not starters:
            return None
        return dict(starters[max(0, min(grade, len(starters)) - 1)])

    def size_of(self, puzzle):
        """The size a puzzle has in the #size choice (None when the page has no sizes)."""
        return puzzle.get("size")

    def record_info(self, puzzle):
        """What the record of a finished game says of the puzzle: "size", "variant", "grade", "score" (each
        optional; the grade otherwise comes from the puzzle's label)."""
        size = self.size_of(puzzle)
        return {"size": size} if size is not None else {}

    def fallback(self):
        """A puzzle to show when there is no starter: the rules module's example."""
        return self.rules.puzzle_of(self.rules.EXAMPLE)

    def made(self, obj):
        """A puzzle for New that the page makes itself from `new_request`'s input (None: the worker makes it)."""
        return None

    def solved_message(self, time):
        """What is said when the player solves the puzzle in `time` (m:ss)."""
        return "Solved in " + time + "! " + self.solved_words

    def choices(self, obj):
        """`obj` with the page's size and variant choices (where the page has them)."""
        for ident, read in (("size", int), ("variant", str)):
            field = el(ident)
            if field is not None and field.value:
                chosen = field.options.item(field.selectedIndex) if str(field.tagName) == "SELECT" else None
                if chosen is None or not chosen.disabled:  # a shared puzzle's rules: no choice to make one of
                    obj[ident] = read(field.value)
        return obj

    def new_request(self):
        """The worker's generate input for New."""
        grade = el("difficulty")
        return self.choices({"seed": random.getrandbits(30), "difficulty": int(grade.value or "1") if grade else 1})

    def daily_request(self, date):
        """The worker command and input of the puzzle of a date."""
        return "generate", self.choices({"difficulty": self.daily_grade, "seed": "daily-" + date})

    def daily_puzzle(self, date):
        """The puzzle of a date when the page makes it itself (None: `daily_request` asks the worker)."""
        return None

    def welcome(self, puzzle):
        """The message when a new puzzle starts."""
        grade = puzzle.get("difficulty")
        return "New " + self.noun + (" · " + str(grade) if grade else "") + "."

    # view hooks ---------------------------------------------------------------------------------
    def bind(self):
        """Wire the page's own controls."""

    def loaded(self, puzzle):
        """A new puzzle is set up (before the first draw)."""

    def show(self, state):
        """Draw the state (and the accessible mirror)."""
        raise NotImplementedError

    def show_solved(self, done):
        """Show (or stop showing) that the puzzle is solved: a page's `board` is drawn again when its solved look
        changes (`show` has just drawn the rest)."""
        board = getattr(self, "board", None)
        if board is not None and board.solved != done:
            board.solved = done
            board.draw()

    def show_check(self, answer):
        """Mark what the worker's check found; returns (message, whether it is good)."""
        problems = answer.get("problems") or []
        return answer.get("message", ""), not problems

    def show_hint(self, hint, stage, last):
        """Highlight a hint at a stage (0 = the first); `last` when it is the final one."""

    def forget_hint(self):
        """Drop the highlights of a hint (no redraw)."""

    def kept(self):
        """What the view keeps of a game beside its moves (saved with it: Skyscrapers' greyed clues), or None."""
        return None

    def restore(self, kept):
        """Take back what `kept` gave (from a save, which may hold anything: ignore what does not fit)."""

    def key(self, ev):
        """A key the midend did not take (undo and redo are its own); return True if used."""
        return False

    def locked(self):
        """Whether moves must wait (an animation runs)."""
        return False

    async def animate(self, moves):
        """Play a solution's moves as an animation before they are committed; returns how many of them to
        commit (None: all; fewer when the player stopped the playback)."""



def show_setter(puzzle):
    """A shared puzzle's title, author and rules in its setter's words (an f-puzzles or SudokuPad link carries
    them); hidden for any other puzzle. Plain text: a link's words are never read as HTML."""
    box = el("setter")
    if box is None:
        return
    title, author, rules = (str(puzzle.get(k) or "") for k in SETTER)
    box.hidden = not (title or author or rules)
    el("setter-title").textContent = ("“" + title + "”" if title else "The setter's rules") + \
        (" by " + author if author else "")
    el("setter-rules").textContent = rules

class Midend:
    """The controller: puzzle, history of states and moves, links, saves, hints, timer, worker."""

    def __init__(self, game, worker=None):
        self.game = game
        game.midend = self
        self.family = game.family
        self.worker = worker or Worker()
        self.store = Store("tessera-" + self.family)
        self.timer = Timer(on_tick=self.save_soon)
        self.puzzle = None
        self.states = []
        self.moves = []  # moves[i] leads from states[i] to states[i + 1]
        self.times = []  # times[i]: the timer's seconds when moves[i] was played
        self.move_times = None  # a replay link's seconds of each of its moves (one step when loaded)
        self.hints = 0  # hints asked for on this puzzle
        self.stages = {}  # of those hints, how many reached each stage ("1", "2", "3"...) and were applied
        self.techniques = {}  # the techniques those hints named, and how often
        self.errors = 0  # errors found by Check on this puzzle
        self.journal = Journal()  # the finished games (statistics, streaks, history)
        self.replaying = False
        self.index = 0
        self.label = ""
        self.verified = True
        self.position = False  # a practice position: True (its technique the next step), ALSO (one listed) or False
        self.starters = []
        self.hint = None
        self.stage = 0
        self.token = 0  # bumped by every new puzzle: late worker answers for an old one are dropped
        self.asked = 0  # numbers requests for a new puzzle (New, Daily): a late answer to an older one is dropped
        self.shelf = Shelf(self.family, self.journal.make_room)  # the games set aside: Undo at the start brings back
        self.families = {}  # every family's registry entry (data/families.json), for pasted puzzles of another family
        self.chosen = {}  # the choices (CHOICES) as the puzzle shown has them
        self._tick = 0
        self.bind()

    # the state ----------------------------------------------------------------------------------
    @property
    def previous(self):
        """The newest game set aside (a save, kept in the browser's storage), or None."""
        return self.shelf.games[0] if self.shelf.games else None

    @property
    def state(self):
        """The state shown now."""
        return self.states[self.index]

    def played(self):
        """The moves from the start to the state shown now."""
        out = []
        for step in self.moves[:self.index]:
            out.extend(split_moves(step))
        return out

    def replay(self, puzzle, moves, state=None, start=None):
        """The state after moves from `state` (the start when None); ValueError if one is illegal."""
        start = self.game.start(puzzle) if start is None else start
        state = start if state is None else state
        for move in moves:
            # "restart" is the midend's own move: back to the start, undoable like any other
            state = start if move == RESTART else self.game.apply(puzzle, state, move)
        return state

    # wiring -------------------------------------------------------------------------------------
    def bind(self):
        """The buttons every page has (those present), keys, then the page's own."""
        for ident, fn in (("undo", self.undo), ("redo", self.redo), ("restart", self.restart),
                          ("check", lambda: spawn(self.check())), ("hint", lambda: spawn(self.ask_hint())),
                          ("hint-more", self.hint_more), ("hint-apply", self.apply_hint),
                          ("hint-close", self.close_hint), ("solve", lambda: spawn(self.solve())),
                          ("new", self.new), ("daily", lambda: spawn(self.daily())),
                          ("share", self.share), ("copy", copy_share_link), ("theme", self.retheme),
                          ("open-load", lambda: spawn(self.open_text())), ("export", lambda: spawn(self.export())),
                          ("replay", lambda: spawn(self.play_replay()))):
            if el(ident) is not None:
                click(ident, fn)
        if el("share-progress") is not None:  # a link already shown follows the "with my moves" box
            on(el("share-progress"), "change", lambda _ev: self.share() if not el("share-row").hidden else None)
        for ident in CHOICES:  # a new choice starts a puzzle of it (Undo brings back the old)
            if el(ident) is not None:
                on(el(ident), "change", lambda _ev: self.new())
        box = el("message")
        if box is not None and el("resume") is None:  # offered while a new puzzle holds the place of an unfinished game
            button = document.createElement("button")
            button.id, button.type, button.hidden = "resume", "button", True
            button.textContent = "Resume your game"
            box.insertAdjacentElement("afterend", button)
        if el("resume") is not None:
            click("resume", self.undo)
        on(document, "keydown", self.key)
        on(window, "hashchange", lambda _ev: self.follow_link())
        self.game.bind()

    def key(self, ev):
        """Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo, H asks a hint; the rest goes to the page."""
        low = str(ev.key).lower()
        if low == "escape" and self.hint is not None:  # Escape closes the hint, wherever the focus is
            self.close_hint()
            ev.preventDefault()
            return
        if str(ev.target.tagName).upper() in ("INPUT", "TEXTAREA", "SELECT") or self.puzzle is None:
            return
        ctrl = ev.ctrlKey or ev.metaKey
        if ctrl and low in ("z", "y"):
            self.redo() if low == "y" or ev.shiftKey else self.undo()
            ev.preventDefault()
            return
        if ctrl or ev.altKey:
            return
        if self.game.key(ev):
            ev.preventDefault()
        elif low == "h" and el("hint") is not None:
            spawn(self.ask_hint())
            ev.preventDefault()

    def retheme(self):
        """Toggle dark mode and redraw in its colours."""
        toggle_theme()
        self.redraw()

    def redraw(self):
        """Draw the state again (and the hint's highlights)."""
        if self.puzzle is not None:
            self.game.show(self.state)
            if self.hint is not None:
                self.game.show_hint(self.hint, self.stage, self.stage + 1 >= len(self.game.hint_stages(self.hint)))
        self.buttons()

    def buttons(self):
        """Enable undo and redo as far as the history allows; offer the game a new puzzle replaced."""
        locked = self.game.locked()
        if el("undo") is not None:
            el("undo").disabled = locked or (self.index == 0 and self.previous is None)
            el("redo").disabled = locked or self.index + 1 >= len(self.states)
        if el("resume") is not None:
            el("resume").hidden = self.index != 0 or self.previous is None

    # starting -----------------------------------------------------------------------------------
    def start(self):
        """Show a board at once (link, else save, else a starter); a linked puzzle is checked once the worker runs.
        A page that lacks what its game declares says so in the console (the tests watch it) and to the player."""
        missing = undeclared(self.game)
        if missing:
            window.console.error("Tessera: this page lacks " + missing)
            say("This page is incomplete (" + missing + "); some buttons may not work.", "error")
        data = page_data()
        self.starters = (data.get("starters") or {}).get(self.family, [])
        self.families = data.get("families") or {}
        fragment, problem = read_fragment()
        set_fragment("")
        saved = self.store.load()
        if saved is None and self.store.has():
            saved = "unreadable"  # not a JSON object: resume sets it aside with a message
        if problem:
            self.resume_quietly(saved)
            self.link_failed(problem)
        elif fragment:
            self.resume_quietly(saved)  # a link opens its puzzle; the saved game is set aside, one Undo away
            self.open_link(fragment)
        elif saved is not None:
            self.resume(saved)
        else:
            self.fresh("")

    def follow_link(self):
        """A new link typed or opened in this tab (only the fragment changed): open it."""
        fragment, problem = read_fragment()
        if not fragment and not problem:
            return
        set_fragment("")
        if problem:
            self.link_failed(problem)
        else:
            self.open_link(fragment)

    def fresh(self, message, error=False, grade=1):
        """A ready-made puzzle (a build-time starter, else the page's fallback)."""
        puzzle = self.game.starter(self.starters, grade) or self.game.fallback()
        self.load(puzzle, message=message)
        if error:
            el("message").className = "message error"

    def resume_quietly(self, saved):
        """Set up a saved game without showing or saving it, so that the link opened next keeps it one Undo
        away (a save that cannot be read is left for `resume` to set aside later: nothing is lost)."""
        if saved is None:
            return
        try:
            if not isinstance(saved, dict):
                raise ValueError("not a saved game")
            self.resume(saved, quiet=True, keep=True)
        except BAD:
            self.store.set_aside()  # kept under its "-unreadable" key, as `resume` does
            self.puzzle = None

    def link_failed(self, why):
        """A link that cannot be played: the game in progress stays (the save set up quietly at the start is shown
        as it was), else the newest game set aside comes back, else a fresh puzzle."""
        if self.puzzle is not None:
            self.changed(announce=False)
            say(why + " Your game is as you left it.", "error")
        elif self.previous is not None:
            self.undo_to_previous(why + " Your game is back as you left it.")
            el("message").className = "message error"
        else:
            self.fresh(why + " Here is " + self.game.fresh_words + ".", error=True)

    def unplayable(self, why):
        """The puzzle shown (a link's, just opened) cannot be played: the game it set aside comes back, else a
        fresh puzzle."""
        words = "That " + self.game.noun + " cannot be played: " + why.rstrip(".") + "."
        if self.previous is not None:
            self.undo_to_previous(words + " Your game is back as you left it.")
        else:
            self.fresh(words + " Here is " + self.game.fresh_words + ".", error=True)
        el("message").className = "message error"

    def open_link(self, fragment):
        """Open a shared link (the game in progress is set aside, one Undo away); a game set aside comes back from
        its own link whole; a bad link leaves the game in progress as it was."""
        if fragment.startswith(ASIDE):  # the home page's link to a game set aside
            k = self.shelf.index_of(fragment[len(ASIDE):])
            if k < 0:
                self.link_failed("That game set aside is no longer kept here.")
            else:
                self.bring_back(self.shelf.pop(k), "Your game set aside is back as you left it.")
            return
        if fragment.strip().lower() == "daily":
            self.fresh("Loading today's " + self.game.noun + "…", grade=self.game.daily_grade)
            spawn(self.daily())
            return
        technique, kind = "", ""
        if fragment.startswith(PRACTICE):
            technique, _, fragment = fragment[len(PRACTICE):].partition("|")
            technique, _, kind = technique.partition(";")
        fragment, times, hints = read_replay(fragment)
        try:
            puzzle, moves = self.game.read(fragment)
            text = self.game.text(puzzle)
            self.replay(puzzle, moves)
        except BAD as exc:
            self.link_failed("That link is not a valid " + self.game.noun + " (" + str(exc) + "): it cannot be "
                             "played.")
            return
        if self.previous_is(text, moves, times is not None):
            return  # the link of the game shown: nothing to replace
        label = "Practice · " + technique if technique else "Shared"
        puzzle["difficulty"] = label
        played = times is not None and len(times) == len(moves) and moves
        count = str(len(moves)) + (" move" if len(moves) == 1 else " moves")
        position = ALSO if technique and moves and kind == ALSO else bool(technique and moves)
        message = ("Practice " + technique + ": " + practice_words(technique, position) if technique else
                   "Shared " + self.game.noun + " with a replay: " + count + " in " + clock(times[-1])
                   + self.hints_words(hints) + ". Press Replay to watch it." if played else
                   "Shared " + self.game.noun + " loaded" + (" with your moves." if moves else "."))
        self.load(puzzle, moves=moves, label=label, verified=not self.game.verify, times=times, hints=hints,
                  seconds=times[-1] if played else 0,
                  message=message + (" Checking it…" if self.game.verify else ""))
        self.position = position  # a practice position (its check says so too)
        if position == ALSO and el("steps-box") is not None:
            el("steps-box").open = True  # the list the practice is about

    def previous_is(self, text, moves, replay=False):
        """Whether the game shown is the puzzle `text` with exactly `moves` played (opening it would change nothing;
        `replay`: the link is a replay link, as the statistics page gives)."""
        if self.puzzle is None or self.game.text(self.puzzle) != text or self.played() != list(moves):
            return False
        say("That link is the game you are playing: it is as you left it" + (
            ". Press Replay to watch your moves again from the start." if replay and moves and el("replay") is not None
            else ", ready to play on."))
        self.changed(announce=False)
        return True

    def resume(self, saved, quiet=False, keep=False):
        """Continue a saved game; a bad, old or wrong-shaped save is set aside with a message (with `keep`, a bad
        save raises ValueError and stays where it is, and the game is set up without drawing or saving it)."""
        try:
            if not isinstance(saved, dict) or saved.get("v") != STORE_VERSION:
                raise ValueError("it is from an older version of Tessera")
            text, moves = saved.get("puzzle"), saved.get("moves")
            index, seconds = saved.get("index"), saved.get("seconds", 0)
            if not isinstance(text, str) or not isinstance(moves, list) or not isinstance(index, int):
                raise ValueError("it is not a saved game")
            if not isinstance(seconds, int) or not 0 <= index <= len(moves):
                raise ValueError("its clock or its history is broken")
            puzzle, extra = self.game.read(text)
            if extra or not all(isinstance(m, str) for m in moves):
                raise ValueError("its moves are broken")
            puzzle["difficulty"] = str(saved.get("label") or "")
            setter = saved.get("setter")
            if isinstance(setter, dict):  # a shared puzzle's own title and rules, as its link said them
                puzzle.update((k, v) for k, v in setter.items() if k in SETTER and isinstance(v, str))
            states = [self.game.start(puzzle)]
            for step in moves:
                states.append(self.replay(puzzle, split_moves(step), states[-1], states[0]))
        except BAD as exc:
            if keep:
                raise ValueError(str(exc)) from None
            self.store.set_aside()
            self.fresh("Your saved game could not be read (" + str(exc) + "); it was set aside. Here is a fresh "
                       + self.game.noun + ".", error=True)
            return False
        self.load(puzzle, label=str(saved.get("label") or ""), verified=saved.get("verified", True) is not False,
                  seconds=seconds, message="" if quiet else "Welcome back: your game is as you left it.", show=False,
                  check=not keep)
        self.states, self.moves, self.index = states, list(moves), index
        times, hints = saved.get("times"), saved.get("hints", 0)
        ok = isinstance(times, list) and len(times) == len(moves) and all(type(t) is int for t in times)
        self.times = times if ok else [seconds] * len(moves)
        self.hints = hints if type(hints) is int and hints >= 0 else 0
        stages, errors = saved.get("stages"), saved.get("errors")
        self.stages = stages if isinstance(stages, dict) and all(type(v) is int for v in stages.values()) else {}
        self.errors = errors if type(errors) is int and errors >= 0 else 0
        met = saved.get("techniques")
        self.techniques = met if isinstance(met, dict) and all(type(v) is int for v in met.values()) else {}
        move_times = saved.get("move_times")
        self.move_times = move_times if isinstance(move_times, list) and all(type(t) is int for t in move_times) \
            else None
        self.game.restore(saved.get("view"))
        if keep:
            return True
        self.changed(announce=False)
        if self.game.is_solved(self.puzzle, self.state):
            say("Welcome back: you solved this " + self.game.noun + " in " + self.timer.text() + ". New makes "
                "another.", "good")
        elif quiet:
            say("Welcome back: your game is as you left it.")
        return True

    # loading ------------------------------------------------------------------------------------
    def load(self, puzzle, moves=(), label=None, seconds=0, message="", verified=True, times=None, hints=0,
             show=True, check=True):
        """Start playing a puzzle, maybe with moves already played (as one undoable step; `times`: a replay's
        seconds of each move). Without `show` the caller sets the history, then draws and saves; without `check`
        an unverified puzzle is not checked yet. The game it replaces, if unfinished, goes on the shelf first."""
        self.replaying = False
        start = self.game.start(puzzle)
        kept = self.unfinished()
        if kept is not None:  # stored before anything of it is dropped: a reload or another page keeps it
            self.shelf.push(kept)
        self.token += 1
        self.asked += 1  # whatever was asked for before this puzzle came is no longer wanted
        self.puzzle = puzzle
        self.label = str(puzzle.get("difficulty", "")) if label is None else label
        self.verified = verified
        self.position = False  # open_link says when it is one
        self.states, self.moves, self.times, self.index = [start], [], [], 0
        self.move_times = times if times and len(times) == len(moves) else None
        self.hints = hints
        self.stages, self.errors, self.techniques = {}, 0, {}
        self.close_hint(redraw=False)
        self.game.loaded(puzzle)
        show_setter(puzzle)
        if moves:
            self.states.append(self.replay(puzzle, moves))
            self.moves.append(SEP.join(moves))
            self.times.append(seconds)
            self.index = 1
        self.timer.reset(seconds, running=True)
        self.show_grade(self.label)
        self.chosen = dict((i, str(el(i).value)) for i in CHOICES if el(i) is not None)
        if not verified and check:
            spawn(self.check_unique())
        elif self.game.wants_solution(puzzle):
            spawn(self.fetch_solution(puzzle))
        said = message or self.game.welcome(puzzle)
        say(said + ("" if said.endswith((".", "!", "?", "…")) else ".")  # a sentence, whatever follows
            + (" Undo brings back the game you were playing." if kept is not None else ""))
        if show:
            self.changed(announce=False)

    def unfinished(self):
        """The game shown now as a save when it has moves and is not solved (to set aside), else None."""
        if self.puzzle is None or self.index == 0 or self.game.is_solved(self.puzzle, self.state):
            return None
        return self.saved()

    def show_grade(self, name):
        """Set the difficulty choice to the puzzle's grade when it is one of the choices (and remember it: a new
        puzzle that does not come sets the choices back)."""
        select = el("difficulty")  # its options are the family's grades (the build writes them from the registry)
        for option in select.options if select is not None else []:
            if str(option.textContent) == name:
                select.value = option.value
                self.chosen["difficulty"] = str(select.value)

    def unchoose(self):
        """Set the choices back to the puzzle shown (the new puzzle a choice asked for was stopped or failed)."""
        for ident, value in self.chosen.items():
            if el(ident) is not None:
                el(ident).value = value

    # moves and history --------------------------------------------------------------------------
    def play(self, moves, message=None):
        """Play moves (one string or a list) as one undoable step; returns whether they were legal."""
        if isinstance(moves, str):
            moves = [moves]
        if self.puzzle is None or self.game.locked() or self.replaying or not moves:
            return False
        try:
            state = self.replay(self.puzzle, moves, self.state, self.states[0])
        except ValueError as exc:
            say(str(exc), "error")
            return False
        if state == self.state:
            return False
        del self.states[self.index + 1:]
        del self.moves[self.index:]
        del self.times[self.index:]
        self.states.append(state)
        self.moves.append(SEP.join(moves))
        self.times.append(self.timer.seconds)
        self.index += 1
        self.close_hint(redraw=False)
        say("" if message is None else message)
        self.changed()
        return True

    def changed(self, announce=True, save=True):
        """After any change: draw, enable buttons, notice the end, save."""
        self.game.show(self.state)
        self.buttons()
        self.check_solved(announce)
        if save:
            self.save()

    def check_solved(self, announce=True):
        """Stop the clock and say so when the puzzle is solved."""
        done = self.game.is_solved(self.puzzle, self.state)
        racing, self.timer.running = self.timer.running, not done
        self.game.show_solved(done)
        if done and announce and racing:
            trouble = self.keep_record(True)
            say(self.game.solved_message(self.timer.text()) + self.hints_text() + trouble, "good")
        return done

    def keep_record(self, solved):
        """Write the game just finished into the player's record (`solved`: by the player, not by Solve); the
        words of a problem met (" Your record … was set aside …"), else ""."""
        info = self.game.record_info(self.puzzle)
        label = self.label
        daily = label.startswith("Daily ")
        grades = self.families.get(self.family, {}).get("grades") or []
        named = label.split(" · ", 1)[-1] if daily else label
        kind = label.split(" · ", 1)[0]  # a shared link's or a practice puzzle's game the worker did not grade
        grade = info.get("grade") or (named if named in grades else kind if kind in ("Shared", "Practice") else "")
        page = str(window.location.pathname).split("/")[-1] or (self.family + ".html")
        now = window.Date.new()
        record = {"family": self.family, "variant": str(info.get("variant") or ""), "size": str(info.get("size") or ""),
                  "grade": str(grade or "Other"), "day": label[6:16] if daily else today(),
                  "ended": str(now.toISOString()), "seconds": self.timer.seconds, "hints": self.hints,
                  "stages": dict(self.stages), "errors": self.errors, "daily": daily, "solved": solved,
                  "link": page + "#" + self.link(True), "puzzle": self.game.text(self.puzzle),
                  "techniques": dict(self.techniques)}
        if info.get("score") is not None:
            record["score"] = int(info["score"])
        trouble = self.journal.add(record)
        return " " + trouble if trouble else ""

    def hints_text(self):
        """' Hints used: 2.' (nothing without hints)."""
        return " Hints used: " + str(self.hints) + "." if self.hints else ""

    def hints_words(self, hints):
        """', 2 hints used' ('' without hints)."""
        return ", " + str(hints) + (" hint" if hints == 1 else " hints") + " used" if hints else ""

    def undo(self):
        """Step back one step; at the start, back to the unfinished game a new puzzle replaced."""
        if self.index == 0 and self.previous is not None and not self.game.locked():
            self.undo_to_previous("Your previous game is back.")
            return
        if self.index > 0 and not self.game.locked():
            self.index -= 1
            self.close_hint(redraw=False)
            say("")  # what was said (a check's errors, "Solved by Tessera") was about the state undone
            self.changed(announce=False)

    def undo_to_previous(self, message):
        """Bring back the newest game set aside (the puzzle shown now goes on the shelf if it has moves)."""
        self.bring_back(self.shelf.pop(), message)

    def bring_back(self, saved, message):
        """Continue a game set aside, whole (history, clock, hints); one that cannot be read is dropped, said."""
        if saved is None:
            return
        try:
            self.resume(saved, keep=True)
        except ValueError as exc:
            say("A game set aside could not be read (" + str(exc) + "); it was dropped.", "error")
            self.buttons()
            return
        self.changed(announce=False)
        say(message)

    def redo(self):
        """Step forward one step."""
        if self.index + 1 < len(self.states) and not self.game.locked():
            self.index += 1
            self.close_hint(redraw=False)
            say("")
            self.changed()

    def restart(self):
        """Back to the start (undoable)."""
        if self.puzzle is not None and self.play(RESTART, "Back to the start. Undo brings your moves back."):
            self.timer.reset(0)

    # saving -------------------------------------------------------------------------------------
    def saved(self):
        """The game as a save: the puzzle's text and the history as moves (versioned)."""
        return {"v": STORE_VERSION, "puzzle": self.game.text(self.puzzle), "label": self.label,
                 "moves": list(self.moves), "index": self.index, "seconds": self.timer.seconds,
                 "verified": self.verified, "times": list(self.times), "hints": self.hints,
                 "move_times": self.move_times, "view": self.game.kept(), "stages": self.stages,
                 "errors": self.errors, "techniques": self.techniques,
                 "done": self.game.is_solved(self.puzzle, self.state),
                 "setter": {k: self.puzzle[k] for k in SETTER if isinstance(self.puzzle.get(k), str)}}

    def save(self):
        """Save the game in progress (the store of the page)."""
        if self.puzzle is None:
            return
        value = self.saved()
        while not self.store.save(value):  # the browser's storage is full: old replay links of Your games make room
            if not self.journal.make_room():
                say("This browser's storage is full: your game could not be saved.", "error")
                return

    def save_soon(self):
        """Save every few ticks of the timer."""
        self._tick += 1
        if self._tick % 5 == 0:
            self.save()

    # the worker ---------------------------------------------------------------------------------
    async def ask(self, command, obj, waiting):
        """The worker's answer for this puzzle; None (after saying why) on an error or a newer puzzle."""
        token = self.token
        ans = await self.worker.call(self.family, command, obj, waiting)
        if token != self.token:
            return None
        if "error" in ans:
            if ans.get("kind") != "cancelled":
                say(ans["error"], "error")
            return None
        return ans

    async def check_unique(self):
        """A linked puzzle must have exactly one solution; else a fresh one (asked once the worker runs)."""
        await self.worker.ready.wait()
        if self.verified:
            return  # a puzzle of our own replaced the linked one meanwhile
        obj = self.game.solve_request(self.puzzle, self.states[0])
        obj["limit"] = {"seconds": CHECK_SECONDS}
        puzzle = self.puzzle
        ans = await self.worker.call(self.family, "solve", obj, auto=True)
        if self.puzzle is not puzzle:
            return  # another puzzle came meanwhile: this answer is about one no longer shown
        if ans.get("kind") == "cancelled":  # ended by Stop or a restart, which say so themselves
            return
        if ans.get("kind") == "timeout":  # too hard to check quickly: play it unchecked
            say("This shared " + self.game.noun + " could not be checked quickly; it is yours to play.")
            return
        if "error" in ans or ans.get("count") != 1:
            self.unplayable(ans.get("error") or "it has more than one solution")
            return
        self.verified = True
        self.game.learn_solution(puzzle, ans)
        if self.label.startswith("Practice · "):
            technique = self.label[len("Practice · "):]
            say("Practice " + technique + ": checked, it has exactly one solution; " +
                practice_words(technique, self.position), "good")
        elif not self.replaying:  # a replay running says its moves: the check does not cut in
            say("Shared " + self.game.noun + " checked: it has exactly one solution. Have fun!", "good")
        self.save()

    async def fetch_solution(self, puzzle):
        """Ask the worker for the solution of a puzzle whose rules the page cannot check itself."""
        await self.worker.ready.wait()
        ans = await self.worker.call(self.family, "solve", self.game.solve_request(puzzle, self.game.start(puzzle)),
                                     auto=True)
        if self.puzzle is puzzle and ans.get("count") == 1:
            self.game.learn_solution(puzzle, ans)
            self.changed(announce=False)

    async def unique(self, puzzle):
        """(True, '') when the worker finds exactly one solution; (False, why) when it finds none or several;
        (None, '') when it cannot tell within CHECK_SECONDS."""
        obj = self.game.solve_request(puzzle, self.game.start(puzzle))
        obj["limit"] = {"seconds": CHECK_SECONDS}
        ans = await self.worker.call(self.family, "solve", obj, "Checking it once the solver loads…")
        if ans.get("kind") in ("timeout", "cancelled"):
            return None, ""
        if "error" in ans or ans.get("count") != 1:
            return False, ans.get("error") or "it has more than one solution"
        self.game.learn_solution(puzzle, ans)
        return True, ""

    async def check(self):
        """Mark mistakes and say what the worker found."""
        if self.game.locked():
            return
        ans = await self.ask("check", self.game.request(self.puzzle, self.state),
                             "Check will run once the solver loads…")
        if ans is not None:
            text, good = self.game.show_check(ans)
            say(text, "good" if good else "error")
            if not good:
                found = ans.get("errors")
                self.errors += found if type(found) is int and found > 0 else 1
                self.save()

    async def ask_hint(self):
        """Fetch the next step, then reveal it stage by stage (where, what and why, apply)."""
        if self.game.locked():
            return
        if self.hint is not None and self.stage + 1 < len(self.game.hint_stages(self.hint)):
            self.hint_more()
            return
        ans = await self.ask("hint", self.game.hint_request(self.puzzle, self.state),
                             "The hint will come once the solver loads…")
        if ans is None:
            return
        self.open_hint(ans)
        if ans.get("provisional"):
            await self.confirm_hint(ans)

    def open_hint(self, ans):
        """Show a hint from its first stage and count it (the Hint button's answer, or a step the player chose from
        a list of every step)."""
        self.hints += 1
        self.hint = ans
        self.stage = 0
        self.count_stage("1")
        technique = ans.get("technique")
        if isinstance(technique, str) and technique:
            self.techniques[technique] = self.techniques.get(technique, 0) + 1
        self.show_hint()

    async def confirm_hint(self, quick):
        """Ask again without haste, preferring the quick move when it is as good; the full answer replaces
        the quick one if it still shows."""
        obj = self.game.request(self.puzzle, self.state)
        obj["prefer"] = (quick.get("stages") or {}).get("move")
        ans = await self.ask("hint", obj, "")
        if self.hint is not quick:
            return
        if ans is None:  # out of time (or an error, said): the quick hint stands, no longer "looking"
            reveal = [list(stage) for stage in quick.get("reveal") or []]
            if quick.get("settled") and reveal:
                reveal[-1][1] = quick["settled"]
            ans = dict(quick, reveal=reveal)
        else:
            ans["quick_move"] = obj["prefer"]
        self.hint = ans
        self.show_hint()

    def show_hint(self):
        """The hint box at the current stage."""
        stages = self.game.hint_stages(self.hint)
        last = self.stage + 1 >= len(stages)
        title, text = stages[min(self.stage, len(stages) - 1)]
        el("hint-box").hidden = False
        el("hint-title").innerText = title
        el("hint-reason").innerText = text
        if el("hint-more") is not None:
            el("hint-more").hidden = last
        el("hint-apply").hidden = not last or not (self.hint.get("move") or self.hint.get("moves"))
        self.game.show_hint(self.hint, self.stage, last)
        if self.stage == 0:
            reveal("hint-box")

    def hint_more(self):
        """Reveal the next stage of the hint."""
        if self.hint is not None:
            self.stage += 1
            self.count_stage(str(self.stage + 1))
            self.show_hint()

    def count_stage(self, name):
        """Count a hint reaching a stage (or being applied), for the record of the game."""
        self.stages[name] = self.stages.get(name, 0) + 1

    def apply_hint(self):
        """Play the hinted move and say which (its "what" stage's title: "Applied: Hidden single.")."""
        if self.hint is None or self.game.locked():
            return
        try:
            moves = self.game.hint_moves(self.puzzle, self.state, self.hint)
        except ValueError as exc:
            say(str(exc), "error")
            return
        stages = self.game.hint_stages(self.hint)
        title = stages[1 if len(stages) > 1 else 0][0]  # the "what" stage's (where → what → why)
        self.close_hint(redraw=False)
        if self.play(moves, "Applied: " + title + "."):
            self.count_stage("applied")
        else:
            self.redraw()

    def close_hint(self, redraw=True):
        """Hide the hint and its highlights."""
        self.hint = None
        self.stage = 0
        if el("hint-box") is not None:
            el("hint-box").hidden = True
        self.game.forget_hint()
        if redraw and self.puzzle is not None:
            self.game.show(self.state)

    async def solve(self):
        """Play the worker's solution as moves (one undoable step)."""
        if self.game.locked():
            return
        state = self.state
        if self.worker.ready.is_set():
            say(SOLVING)  # at once: a large board's takes a few seconds
        ans = await self.ask("solve", self.game.solve_request(self.puzzle, state),
                             "Solve will run when the solver has loaded…")
        if ans is None or state != self.state:
            say_instead(SOLVING, "")  # the board moved on meanwhile
            return
        moves = self.game.solution_moves(self.puzzle, state, ans)
        self.close_hint(redraw=False)
        running, token = self.timer.running, self.token
        self.timer.running = False
        shown = await self.game.animate(moves)
        if shown is not None and shown < len(moves):  # stopped part way (or a new puzzle came): keep those shown
            if shown:  # committed like any move, which sets the clock going again
                self.play(moves[:shown], "Stopped after " + str(shown) + " of the solution's " + str(len(moves))
                          + " moves. Undo takes them back.")
            elif token == self.token:  # nothing shown, same puzzle: the player plays on
                self.timer.running = running
                say("Stopped before the solution's first move.")
            return
        solved = self.game.is_solved(self.puzzle, self.state)
        self.play(moves, ans.get("message") or "Solved by Tessera. Undo takes it back.")
        el("message").className = "message good"
        if not solved and self.game.is_solved(self.puzzle, self.state):
            trouble = self.keep_record(False)
            if trouble:
                say(str(el("message").innerText) + trouble, "good")

    def ask_puzzle(self):
        """Number a request for a new puzzle: only the latest one's answer replaces the board."""
        self.asked += 1
        return self.asked

    def new(self):
        """A new puzzle of the chosen size and grade. The choices are read and the request numbered at once, in the
        click or change event: an answer to an earlier request that comes later (and would set the size back) is
        dropped."""
        obj = self.game.new_request()
        spawn(self.make(obj, self.ask_puzzle()))

    async def make(self, obj, asked):
        """The puzzle `obj` asks for (a ready-made one while the worker loads) unless a newer one was asked."""
        made = self.game.made(obj)
        if made is not None:
            self.load(made)
            return
        starter = self.game.starter(self.starters, obj.get("difficulty", 1))
        plain = obj.get("size") in (None, self.game.size_of(starter)) if starter else False
        if plain and obj.get("variant"):  # the starters are of the first variant
            plain = el("variant").selectedIndex == 0
        if not self.worker.ready.is_set() and plain:
            self.load(starter, message="New " + self.game.noun + " (the solver is still loading, so this is a "
                      "ready-made one).")
            return
        say("Making a new " + self.game.noun + "…")
        ans = await self.ask("generate", obj, "The new " + self.game.noun + " will come when the solver has loaded…")
        if ans is not None and asked == self.asked:
            self.load(ans)
        elif asked == self.asked:  # stopped, or the worker could not make it: the choices show the puzzle shown
            self.unchoose()

    async def daily(self):
        """Today's puzzle: the same for everyone on this date (made on the page, else by the worker)."""
        date = today()
        ans = self.game.daily_puzzle(date)
        if ans is None:
            command, obj = self.game.daily_request(date)
            asked = self.ask_puzzle()
            ans = await self.ask(command, obj, "Today's " + self.game.noun + " will come when the solver has loaded…")
            if asked != self.asked:
                return
        if ans is not None:
            grade = ans.get("difficulty")
            ans["difficulty"] = "Daily " + date + (" · " + str(grade) if grade else "")
            self.load(ans)

    # other apps' texts ----------------------------------------------------------------------------
    async def open_text(self):
        """Open a pasted link or text (Tessera's, or another app's: the worker's `import`); a puzzle of another
        family opens on that family's page."""
        text = str(el("open-text").value).strip()
        if not text:
            say("Paste a link or a puzzle's text first.", "error")
            return
        if "#" in text and "/" + self.family + ".html#" in text:  # this page's own link, with its moves
            try:
                self.open_link(decode_fragment(text.split("#", 1)[1]))
            except ValueError as exc:
                say("That link cannot be read: " + str(exc) + ".", "error")
            return
        text = self.game.foreign_text(text)
        ans = await self.worker.call(self.family, "import", {"text": text}, "Opening it once the solver loads…")
        if "error" not in ans:
            ans["difficulty"] = "Opened"
            try:
                self.game.start(ans)
            except BAD as exc:
                say("That " + self.game.noun + " cannot be played: " + str(exc), "error")
                return
            verified, why = True, ""
            if self.game.verify:  # checked before it replaces the game: a failed Open leaves the game as it was
                say("Checking that it solves in one way only…")
                verified, why = await self.unique(ans)
                if verified is False:
                    say("That " + self.game.noun + " cannot be played: " + why + ". Your game is as it was.", "error")
                    return
            self.load(ans, label="Opened", message="Opened" + (": it could not be checked quickly; it is yours to "
                      "play." if verified is None else ": it has exactly one solution. Have fun!" if self.game.verify
                      else "."))
            return
        for other in self.families:
            if other != self.family:
                found = await self.worker.call(other, "import", {"text": text})
                if "error" not in found:
                    text = (await self.worker.call(other, "format", found)).get("text", "")
                    title = self.families[other].get("title", other)
                    say("That is a " + title + " puzzle: opening it on its own page…")
                    window.location.href = "./" + other + ".html#" + text
                    return
        say("Tessera cannot read that as a puzzle: " + ans["error"], "error")

    async def export(self):
        """The puzzle as Tessera's text and other apps' (a Tatham game ID, an 81-digit string), ready to copy."""
        ans = await self.ask("export", self.game.solve_request(self.puzzle, self.states[0]),
                             "The texts will come once the solver loads…")
        box = el("export-list")
        if ans is None or box is None:
            return
        box.innerHTML = ""
        for item in ans.get("formats") or []:
            label = document.createElement("label")
            label.textContent = item["name"]
            field = document.createElement("input")
            field.readOnly = True
            field.value = item["text"]
            on(field, "focus", lambda ev: ev.target.select())
            label.appendChild(field)
            box.appendChild(label)
        say("Select a text and copy it into the other app.")

    # links --------------------------------------------------------------------------------------
    def link(self, with_moves=False):
        """The link text of this puzzle, with the moves played so far when asked (then with their times and the
        hints used: a replay link)."""
        if not with_moves or not self.index:
            return self.game.link(self.puzzle, [])
        times = self.played_times()
        return (self.game.link(self.puzzle, self.played()) + "@" + ",".join(str(t) for t in times)
                + ("h" + str(self.hints) if self.hints else ""))

    def played_times(self):
        """The timer's seconds of each move played so far (a step's moves share its time)."""
        if self.index == 1 and self.move_times is not None \
                and len(self.move_times) == len(split_moves(self.moves[0])):  # a save's may not fit
            return list(self.move_times)
        out = []
        for step, t in zip(self.moves[:self.index], self.times[:self.index]):
            out.extend([t] * len(split_moves(step)))
        return out

    async def play_replay(self):
        """Replay the moves played so far from the start, at their own pace times the chosen speed (press again
        to stop); the game is as it was afterwards."""
        if self.replaying:
            self.replaying = False
            return
        moves, times = self.played(), self.played_times()
        if not moves or self.game.locked():
            say("There is nothing to replay yet: play some moves first.")
            return
        token = self.token
        self.replaying = True
        self.close_hint(redraw=False)
        el("replay").innerText = "Stop replay"
        state, last = self.states[0], 0
        self.game.show(state)
        try:
            for i, move in enumerate(moves):
                speed = int((el("replay-speed").value if el("replay-speed") is not None else "") or "4")
                await asyncio.sleep(max(0.3, min(1.5, (times[i] - last) / speed)))
                last = times[i]
                if not self.replaying or token != self.token:
                    break
                state = self.replay(self.puzzle, [move], state, self.states[0])
                self.game.show(state)
                say("Replay: move " + str(i + 1) + " of " + str(len(moves)) + " (" + move + ") at " + clock(times[i]))
        finally:
            done = self.replaying and token == self.token
            self.replaying = False
            el("replay").innerText = "Replay"
            if token == self.token:
                self.game.show(self.state)
                if done:
                    say("End of the replay: " + str(len(moves)) + " moves in " + clock(times[-1])
                        + self.hints_words(self.hints) + ".", "good")

    def share(self):
        """Show (selected) a link that reopens this puzzle, maybe with the moves so far."""
        box = el("share-progress")
        with_moves = box is not None and box.checked
        show_share_link(self.link(with_moves))
        say("Link ready: copy and send it. It reopens this " + self.game.noun
            + (" with your moves." if with_moves and self.index else "."))
