"""The sliding-puzzle page (MicroPython, main thread): a view on the midend, with solve playback and the lab.

The puzzle is the worker's solve input ({"width", "height", "tiles"}); the state is the tiles
as a tuple; a move is the number of the tile slid ("7"). Every rule (goal, parity, moves,
links, scrambles) is `rules.sliding`'s. Links: sliding.html#<w>x<h>:<tiles>[~<moves>]
(tiles row by row, 0 = blank; moves = tile numbers slid from that position, comma-separated).
Limits: exact distances up to 3x4 and on 4x4 (the worker's solver); larger boards show the
plan's move count and a proven lower bound ("solved in at most N moves (at least M)").
"""

import asyncio

from pyscript import document
from rules import sliding as rules

from midend import RESTART
from midend import Game
from midend import Midend
from midend import new_seed
from slideboard import SlideBoard
from tessera_ui import click
from tessera_ui import el
from tessera_ui import grouped
from tessera_ui import guard
from tessera_ui import say
from tessera_ui import spawn

MOVE_MS = 110  # one slide's animation
KEYS = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right",
        "w": "up", "s": "down", "a": "left", "d": "right"}
KNOWN = 5000  # distances remembered (position -> moves to solved)
SOLVE_COUNTDOWN = 2000  # longest solution whose positions' distances are remembered as it plays


def shape(puzzle):
    """(width, height, start tiles) of a puzzle dict."""
    return puzzle["width"], puzzle["height"], tuple(puzzle["tiles"])


def playable(w, h, tiles):
    """The puzzle dict of a position, or ValueError (with the parity argument) when it cannot be solved."""
    ok, why = rules.parity(w, h, tiles)
    if not ok:
        raise ValueError(why)
    return {"width": w, "height": h, "tiles": list(tiles)}


class SlidingGame(Game):
    """The sliding puzzle: rules hooks over `rules.sliding`, the board view, distance, playback and lab."""

    family = "sliding"
    rules = rules  # its text is Tatham's game ID, 'WxH:t,t,...'
    noun = "position"
    fresh_words = "a fresh puzzle"
    solved_words = "Well done."
    ids = ("board", "size", "moves", "custom", "custom-load", "distance", "lab", "lab-caption", "lab-nodes", "lab-rows",
           "lab-run", "lab-seconds", "lab-status", "lab-stop", "lab-table", "play-count", "play-pause", "play-step",
           "play-stop", "player", "speed")

    def __init__(self):
        self.board = SlideBoard("board", "aria-board")
        self.board.on_tap = self.tap
        self.board.on_swipe = self.swipe
        self.shown = None  # the tiles drawn last (to animate the next change)
        self.known = {}  # (w, h, tiles) -> (moves to solved, exact, "plan" or "quick" when not exact)
        self.asking = False  # a distance request runs
        self.player = None  # the solve playback under way
        self.lab_gen = 0
        self.kind = ""  # what kind of solution plays

    # rules hooks ----------------------------------------------------------------------------------
    def read(self, text):
        """(puzzle, moves) of '<w>x<h>:<tiles>[~<moves>]'; ValueError when malformed or unsolvable."""
        w, h, tiles, moves = rules.parse_link(text.replace(";", ","))
        return playable(w, h, tiles), [str(t) for t in moves]

    def link(self, puzzle, moves):
        """The game ID with the moves since the last restart, comma-separated."""
        while RESTART in moves:
            moves = moves[moves.index(RESTART) + 1:]
        return rules.format_link(*shape(puzzle), [int(m) for m in moves])

    def start(self, puzzle):
        """The tiles as set; ValueError (the parity argument) when no slides can solve them."""
        w, h, tiles = shape(puzzle)
        tiles = rules.check_tiles(w, h, tiles)
        playable(w, h, tiles)
        return tiles

    def apply(self, puzzle, state, move):
        """Slide one tile into the blank."""
        return rules.slide(puzzle["width"], puzzle["height"], state, rules.read_move(move))

    def is_solved(self, puzzle, state):
        """Tiles in order, blank last."""
        return state == rules.goal(puzzle["width"], puzzle["height"])

    def request(self, puzzle, state):
        """The position on the board now (hint, check and solve start from it)."""
        return {"width": puzzle["width"], "height": puzzle["height"], "tiles": list(state)}

    def hint_request(self, puzzle, state):
        """A quick good move first where the shortest could take a while (the midend then asks again)."""
        obj = self.request(puzzle, state)
        obj["quick"] = True
        return obj

    def solve_request(self, puzzle, state):
        """The position now, solved as briefly as the worker can."""
        obj = self.request(puzzle, state)
        obj["optimal"] = True
        return obj

    def solution_moves(self, puzzle, state, answer):
        """The tiles of the answer, in turn."""
        moves = [str(t) for t in answer.get("moves", [])]
        exact = bool(answer.get("optimal"))
        lower = answer.get("lower_bound")  # k moves on, the shortest is still at least lower - k
        if len(moves) <= SOLVE_COUNTDOWN:  # the distance line counts down as the solution plays
            for k, move in enumerate(moves):
                known = self.distance_of(puzzle, state)
                if exact or known is None or not known[1] and known[0] > len(moves) - k:  # never a worse one
                    self.remember(puzzle, state, len(moves) - k, exact, "plan",
                                  None if lower is None else max(0, lower - k))
                state = self.apply(puzzle, state, move)
        self.kind = "a shortest solution" if exact else "the plan's solution (not surely the shortest)"
        return moves

    def starter(self, starters, grade):
        """A build-time position of the grade."""
        found = Game.starter(self, starters, grade)
        if found is not None and found.get("distance") is not None:
            self.remember(found, found["tiles"], found["distance"], True)
        return found

    def size_of(self, puzzle):
        """The size a puzzle has in the #size choice."""
        return puzzle["width"] if puzzle["width"] == puzzle["height"] else None

    def record_info(self, puzzle):
        """The board's width × height."""
        return {"size": str(puzzle["width"]) + "×" + str(puzzle["height"])}

    def new_request(self):
        """The chosen size and grade with a new seed (the worker's `size` is the side of a square)."""
        w, h = rules.parse_size(el("size").value, True)
        grade = max(1, min(int(el("difficulty").value or "1"), len(rules.GRADES)))
        return {"seed": new_seed(), "difficulty": grade, "size": w, "width": w, "height": h}

    def made(self, obj):
        """Sizes without exact grades (and Random) are scrambled here, as the worker would for the seed."""
        w, h, grade = obj["width"], obj["height"], obj["difficulty"] - 1
        if (w, h) in rules.EXACT_GRADES and rules.GRADES[grade] != "Random":
            return None  # scrambled to an exact distance by the worker's search
        return {"width": w, "height": h, "tiles": list(rules.scramble(w, h, grade, obj["seed"])),
                "difficulty": rules.GRADES[grade]}

    def welcome(self, puzzle):
        """New puzzle · grade · size (· distance)."""
        words = "New puzzle · " + str(puzzle.get("difficulty") or "Custom") + " · " + str(puzzle["width"]) + "×" \
            + str(puzzle["height"])
        if puzzle.get("distance") is not None:
            words += " · " + str(puzzle["distance"]) + " moves from solved"
        return words

    def solved_message(self, time):
        """Moves and time."""
        moves = self.moves_played()
        return "Solved in " + str(moves) + (" move" if moves == 1 else " moves") + " and " + time + "! " \
            + self.solved_words

    # view hooks ---------------------------------------------------------------------------------------
    def bind(self):
        """Playback, custom position and lab controls; the distance once the worker runs."""
        click("play-pause", self.toggle_pause)
        click("play-step", self.step_player)
        click("play-stop", self.stop_player)
        click("custom-load", self.load_custom)
        click("lab-run", lambda: spawn(self.run_lab()))
        click("lab-stop", self.stop_lab)
        spawn(self.after_worker())

    async def after_worker(self):
        """Work out the distance once the worker runs."""
        await self.midend.worker.ready.wait()
        self.want_distance()

    def loaded(self, puzzle):
        """A new board (and its size in the choice); its distance when the generator knew it."""
        self.stop_player()
        w, h, tiles = shape(puzzle)
        self.w, self.h = w, h
        self.shown = None
        self.board.setup(w, h, tiles)
        if puzzle.get("distance") is not None:
            self.remember(puzzle, tiles, puzzle["distance"], True)
        el("size").value = str(w) + "x" + str(h)

    def show(self, state):
        """Draw the tiles (one slide or a line of them animated), the move count and the distance."""
        before = self.shown
        self.shown = state
        self.board.solved = self.is_solved(self.midend.puzzle, state)
        moved = {}
        if before is not None and len(before) == len(state):
            for cell, t in enumerate(before):
                if t and state[cell] != t:
                    now = state.index(t)
                    if abs(now - cell) not in (1, self.w):
                        moved = {}
                        break
                    moved[t] = cell
        if moved:
            self.board.slide(state, moved, MOVE_MS)
        else:
            self.board.moving = {}
            self.board.tiles = list(state)
            self.board.draw()
        el("moves").innerText = str(self.moves_played())
        self.want_distance()

    def show_hint(self, hint, stage, last):
        """Highlight the hinted tile; remember the distances the hint gives."""
        move = (hint.get("stages") or {}).get("move")
        state = self.midend.state
        puzzle = self.midend.puzzle
        before, known = hint.get("distance_before"), self.distance()
        lower = hint.get("lower_bound")
        if hint.get("provisional"):  # a quick solution: worth showing while it is the best known
            if before is not None and (known is None or (not known[1] and before < known[0])):
                self.remember(puzzle, state, before, False, "quick", lower)
        elif before is not None and (hint.get("exact") or known is None or not known[1]):
            self.remember(puzzle, state, before, hint.get("exact"), "plan", lower)  # an exact one stands
        if move and hint.get("exact"):
            self.remember(puzzle, self.apply(puzzle, state, move), hint["distance_after"], True)
        self.show_distance()
        self.board.hint_tile = int(move) if move else 0
        self.board.draw()

    def forget_hint(self):
        """No hinted tile."""
        self.board.hint_tile = 0

    def key(self, ev):
        """Arrows and WASD slide the tile next to the blank that way; Space pauses a solve."""
        key = str(ev.key)
        if key == " " and self.player is not None:
            self.toggle_pause()
            return True
        way = KEYS.get(key) or KEYS.get(key.lower())
        if way is None:
            return False
        self.swipe(way)
        return True

    def locked(self):
        """Moves wait while a solution plays."""
        return self.player is not None

    # input ------------------------------------------------------------------------------------------
    def tap(self, cell):
        """A tile clicked: slide it and those between it and the blank, if it is in line with the blank."""
        if self.player is not None:
            self.stop_player()
            return
        state = self.midend.state
        line = rules.line_moves(self.w, state, cell)
        if line:
            self.midend.play([str(t) for t in line])
        elif state[cell]:
            say("Tile " + str(state[cell]) + " is not in the blank's row or column.")

    def swipe(self, way):
        """Slide the tile that moves this way into the blank."""
        if self.player is not None:
            self.stop_player()
            return
        state = self.midend.state
        cell = rules.cell_towards(self.w, self.h, state.index(0), way)
        if cell < 0:
            say("No tile can slide " + way + ".")
            return
        self.midend.play(str(state[cell]))

    def moves_played(self):
        """Moves from the start (or the last restart) to the board shown."""
        moves = self.midend.played()
        while RESTART in moves:
            moves = moves[moves.index(RESTART) + 1:]
        return len(moves)

    # distance ---------------------------------------------------------------------------------------
    def remember(self, puzzle, tiles, distance, exact, how="plan", lower=None):
        """Keep a position's distance to the goal: exact, or along a plan ("plan": the hint's plan, "quick": a quick
        search's solution) with `lower`, a proven lower bound on the shortest, when the worker gave one."""
        if len(self.known) > KNOWN:
            self.known = {}
        self.known[(puzzle["width"], puzzle["height"], tuple(tiles))] = (int(distance), bool(exact), how, lower)

    def distance(self):
        """(moves to solved, exact, how) of the board shown, or None when not known yet."""
        return self.distance_of(self.midend.puzzle, self.midend.state)

    def distance_of(self, puzzle, tiles):
        """(moves to solved, exact, how) of a position, or None when not known yet."""
        return self.known.get((puzzle["width"], puzzle["height"], tuple(tiles)))

    def distance_words(self, puzzle, tiles):
        """(words, class) of the distance line for a position, or None when its distance is not known: exact only
        when proven (beyond 4x4 said so); else "solved in at most N moves (at least M)" with a proven lower bound."""
        if self.is_solved(puzzle, tiles):
            return "Solved: 0 moves left", "distance good"
        known = self.distance_of(puzzle, tiles)
        if known is None:
            return None
        words = str(known[0]) + (" move" if known[0] == 1 else " moves")
        if known[1]:
            proven = " (proven shortest)" if puzzle["width"] * puzzle["height"] > 16 else ""
            return words + " from solved" + proven, "distance"
        if known[3] is not None:
            return "solved in at most " + words + " (at least " + str(known[3]) + ")", "distance"
        plan = " by a quick search's solution" if known[2] == "quick" else " by the plan"
        return words + plan + " (the shortest may be fewer)", "distance"

    def show_distance(self):
        """The 'N moves from solved' line."""
        box = el("distance")
        if self.midend.puzzle is None:
            return
        if self.player is not None:  # a playback runs: the line follows its position, not the history's
            self.playback_distance(self.player)
            return
        told = self.distance_words(self.midend.puzzle, self.midend.state)
        if told is None:
            told = ("distance: computing…" if self.midend.worker.ready.is_set() else
                    "distance: once the solver loads", "distance muted")
        box.innerText, box.className = told

    def want_distance(self):
        """Ask the worker for the distance unless it is known, a request runs or a solution plays."""
        self.show_distance()
        if self.midend.puzzle is not None and self.distance() is None and not self.asking and self.player is None \
                and self.midend.worker.ready.is_set():
            spawn(self.ask_distance())

    async def ask_distance(self):
        """One request at a time; when the board moved meanwhile, ask again for the new one."""
        self.asking = True
        try:
            while self.player is None and self.midend.worker.ready.is_set():
                puzzle, state = self.midend.puzzle, self.midend.state
                if self.is_solved(puzzle, state) or self.distance() is not None:
                    break
                if puzzle["width"] * puzzle["height"] > 16:  # beyond 4x4: a quick solution's length at once
                    ans = await self.midend.worker.call(self.family, "hint", self.hint_request(puzzle, state),
                                                        auto=True)
                    if "error" not in ans and ans.get("distance_before") is not None:
                        self.remember(puzzle, state, ans["distance_before"], ans.get("exact"), "quick",
                                      ans.get("lower_bound"))
                        self.show_distance()
                ans = await self.midend.worker.call(self.family, "hint", self.request(puzzle, state), auto=True)
                if self.distance_of(puzzle, state) is not None and "error" in ans:
                    break  # the quick figure stands when the plan does not fit the budget
                if ans.get("kind") == "timeout":  # a big board's plan did not fit the budget: a quick one does
                    ans = await self.midend.worker.call(self.family, "hint", self.hint_request(puzzle, state),
                                                        auto=True)
                if "error" in ans:
                    if ans.get("kind") != "cancelled" and self.player is None:
                        el("distance").innerText = "distance unknown: " + str(ans["error"])
                    return
                quick = ans.get("quick") or ans.get("provisional")
                known = self.distance_of(puzzle, state)
                if known is not None and known[0] < ans["distance_before"]:
                    break  # the quick solution was the shorter
                self.remember(puzzle, state, ans["distance_before"], ans.get("exact"), "quick" if quick else "plan",
                              ans.get("lower_bound"))
        finally:
            self.asking = False
        self.show_distance()

    # solve playback ---------------------------------------------------------------------------------
    async def animate(self, moves):
        """Play the solution at the chosen speed (pause, step, stop); returns how many moves were shown."""
        puzzle, start = self.midend.puzzle, self.midend.state
        say("Playing " + self.kind + ": " + str(len(moves)) + " moves.")
        p = {"moves": moves, "i": 0, "paused": False, "tiles": start, "base": self.moves_played()}
        self.player = p
        self.midend.buttons()
        el("player").hidden = False
        self.show_player()
        while self.player is p and p["i"] < len(moves):
            if p["paused"]:
                await asyncio.sleep(0.05)
                continue
            speed = int(el("speed").value or "300")
            if speed <= 0:
                p["i"] = len(moves)
                break
            self.player_move(p)
            await asyncio.sleep(speed / 1000)
        self.player = None
        self.show_player()
        self.shown = None  # the moves committed next are drawn at once, not slid again
        return p["i"] if self.midend.puzzle is puzzle else 0

    def player_move(self, p):
        """Show the playback's next move (not yet in the history)."""
        t = p["moves"][p["i"]]
        p["i"] += 1
        before = p["tiles"]
        p["tiles"] = self.apply(self.midend.puzzle, before, t)
        self.board.solved = self.is_solved(self.midend.puzzle, p["tiles"])
        self.board.slide(p["tiles"], {int(t): p["tiles"].index(0)}, MOVE_MS)
        el("moves").innerText = str(p["base"] + p["i"])
        self.show_player()

    def playback_distance(self, p):
        """The distance line at the playback's position: as known, else the moves left in the solution."""
        left = len(p["moves"]) - p["i"]
        told = self.distance_words(self.midend.puzzle, p["tiles"]) or (
            "solving: " + str(left) + (" move" if left == 1 else " moves") + " left in this solution", "distance")
        el("distance").innerText, el("distance").className = told

    def show_player(self):
        """The playback controls (and the distance line, which follows the playback)."""
        p = self.player
        el("player").hidden = p is None
        if p is not None:
            self.playback_distance(p)
            el("play-pause").innerText = "Resume" if p["paused"] else "Pause"
            el("play-pause").setAttribute("aria-pressed", "true" if p["paused"] else "false")
            el("play-count").innerText = "move " + str(p["i"]) + " of " + str(len(p["moves"]))

    def toggle_pause(self):
        """Pause or resume the playback."""
        if self.player is not None:
            self.player["paused"] = not self.player["paused"]
            self.show_player()

    def step_player(self):
        """One move of a paused playback."""
        p = self.player
        if p is not None:
            p["paused"] = True
            if p["i"] < len(p["moves"]):
                self.player_move(p)

    def stop_player(self):
        """End the playback where it is (the moves shown are kept)."""
        self.player = None
        self.show_player()

    # custom position --------------------------------------------------------------------------------
    def load_custom(self):
        """Play a typed position; an unsolvable one is explained, not accepted."""
        try:
            w, h, tiles = rules.parse_custom(str(el("custom").value))
        except ValueError as exc:
            say("That position cannot be read: " + str(exc) + ".", "error")
            return
        ok, why = rules.parity(w, h, tiles)
        if not ok:
            say(why, "error")
            return
        self.midend.load({"width": w, "height": h, "tiles": list(tiles), "difficulty": "Custom"},
                         message="Your position is loaded. " + why)

    # lab ----------------------------------------------------------------------------------------------
    def checked(self, name):
        """The checked boxes of a group: (value, label, whether it takes a heuristic), as the build wrote them."""
        nodes = document.querySelectorAll("input[name=" + name + "]:checked")
        return [(str(n.value), str(n.getAttribute("data-label")), n.getAttribute("data-informed") == "1")
                for n in (nodes.item(i) for i in range(nodes.length))]

    async def run_lab(self):
        """Run each chosen (algorithm, heuristic) on the board shown and fill the table."""
        heurs = self.checked("heur")
        pairs = []
        for a, label, informed in self.checked("algo"):
            pairs += [(a, label, h, name) for h, name, _ in heurs] if informed else [(a, label, "", "")]
        if not pairs:
            say("Choose at least one algorithm (and a heuristic for those that take one).", "error")
            return
        try:
            nodes = max(1000, int(float(el("lab-nodes").value)))
            seconds = max(0.5, float(el("lab-seconds").value))
        except ValueError:
            say("The budgets must be numbers.", "error")
            return
        self.lab_gen += 1
        gen = self.lab_gen
        obj = self.request(self.midend.puzzle, self.midend.state)
        el("lab-table").hidden = False
        el("lab-rows").innerHTML = ""
        caption = str(self.w) + "×" + str(self.h) + " position " + ",".join(str(t) for t in obj["tiles"])
        known = self.distance()
        if known is not None and known[1]:
            caption += " · shortest solution " + str(known[0]) + " moves"
        el("lab-caption").innerText = caption + " · budget " + str(nodes) + " nodes, " + str(seconds) + " s per run"
        el("lab-run").disabled = True
        el("lab-stop").disabled = False
        done = 0
        for a, label, hname, heuristic in pairs:
            row = self.lab_row([label, heuristic, "running…", "", "", "", ""])
            el("lab-status").innerText = "Running " + str(done + 1) + " of " + str(len(pairs)) + "…"
            run = dict(obj, algorithms=[[a, hname]], max_nodes=nodes, max_seconds=seconds)
            ans = await self.midend.worker.call(self.family, "lab", run, "The lab will run once the solver has loaded…")
            if gen != self.lab_gen:
                return
            if "error" in ans:
                self.fill_row(row, [label, heuristic, "error", "", "", "", ans["error"]])
            for r in ans.get("rows", []):
                self.fill_row(row, self.lab_values(r))
            done += 1
        el("lab-status").innerText = "Done: " + str(done) + " runs."
        el("lab-run").disabled = False
        el("lab-stop").disabled = True
        say("Lab finished: " + str(done) + " runs on this position.", "good")

    def lab_values(self, r):
        """A lab answer row as the table's cells."""
        length = r.get("length")
        if length is not None:
            length = grouped(length) + (" (optimal)" if r.get("solved") and r.get("optimal") else "")
        return [r.get("algorithm", ""), r.get("heuristic") or "—", "yes" if r.get("solved") else "no",
                "" if length is None else str(length), grouped(r.get("nodes", 0)),
                "{:.3f}".format(float(r.get("seconds") or 0)), r.get("note") or ""]

    def lab_row(self, values):
        """Append a table row."""
        tr = document.createElement("tr")
        for _ in values:
            tr.appendChild(document.createElement("td"))
        el("lab-rows").appendChild(tr)
        self.fill_row(tr, values)
        return tr

    def fill_row(self, tr, values):
        """Set a row's cells."""
        cells = tr.children
        for i, v in enumerate(values):
            cells.item(i).textContent = str(v)
        tr.className = "lab-" + ("ok" if values[2] == "yes" else "no" if values[2] in ("no", "error") else "run")

    def stop_lab(self):
        """Stop the lab: interrupt its run (restarting the worker where the page cannot, tessera_ui.Worker.stop)."""
        self.lab_gen += 1
        restarts = self.midend.worker.interrupts is None
        self.midend.worker.stop()
        rows = el("lab-rows").children
        for i in range(rows.length):
            tr = rows.item(i)
            if tr.className == "lab-run":
                self.fill_row(tr, [tr.children.item(0).textContent, tr.children.item(1).textContent, "stopped",
                                   "", "", "", "stopped by you"])
        el("lab-status").innerText = "Stopped; the solver restarts." if restarts else "Stopped."
        el("lab-run").disabled = False
        el("lab-stop").disabled = True
        spawn(self.after_worker())


PAGE = Midend(SlidingGame())
guard(PAGE.start)
