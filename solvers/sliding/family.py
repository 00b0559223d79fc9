"""The sliding puzzle through the typed contract (see DESIGN.md for the command-line contract)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .. import move_pruning, pattern_db
from ..base import Codec, Command, Family, Hint, Json, Params, Problem, PuzzleError, rule_call, watch_methods
from ..rules import sliding as rules
from ..search import SearchAborted
from .algorithm_lab import (
    ALGORITHMS,
    HEURISTICS,
    INFORMED,
    LAB_CHOSEN,
    LAB_NODES,
    MEMORY_BOUND,
    lab,
    lab_run,
)
from .generator import generate
from .optimal import (
    exact_budget,
    solver_for,
)
from .play import (
    hint,
    solve,
)
from .puzzle import (
    GRADES,
    MAX_SIDE,
    MIN_SIDE,
    Puzzle,
    State,
    format,
    goal,
    is_solvable,
    optimal_available,
    parity_report,
    parse,
    require_solvable,
    validate,
)
from .realtime import parberry


def _json(puzzle: Puzzle) -> Json:
    """The solve input of a position."""
    return {"width": puzzle.width, "height": puzzle.height, "tiles": list(puzzle.tiles)}


def _puzzle(obj: Json, key: str = "tiles") -> Puzzle:
    """The position in a solve-input object (width and height may be left out for a square board)."""
    tiles = obj.get(key)
    if tiles is None:
        raise PuzzleError(f"missing {key!r}: the tiles in row-major order, 0 for the blank")
    width, height = obj.get("width"), obj.get("height")
    if width is None and height is None and isinstance(tiles, list):
        side = math.isqrt(len(tiles))
        width = height = side if side * side == len(tiles) else None
    return validate(width, height, tiles)


def _positive(value: Any, name: str, default: float | None) -> Any:
    """A positive number from the input, or the default."""
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise PuzzleError(f"{name} must be a positive number")
    return value


MAX_LAB_RUNS = 50  # (algorithm, heuristic) pairs in one lab request


def _lab_pairs(algorithms: Any) -> list[tuple[str, str]] | None:
    """The lab's "algorithms": names or [algorithm, heuristic] pairs, at most MAX_LAB_RUNS."""
    if algorithms is None:
        return None
    if not isinstance(algorithms, list) or len(algorithms) > MAX_LAB_RUNS:
        raise PuzzleError(f'"algorithms" must be a list of at most {MAX_LAB_RUNS} names or [algorithm, heuristic] '
                          "pairs")
    pairs = []
    for pair in algorithms:
        if isinstance(pair, str):
            pair = [pair]
        if not (isinstance(pair, list) and 1 <= len(pair) <= 2 and all(isinstance(x, str) for x in pair)):
            raise PuzzleError('each of "algorithms" is a name or an [algorithm, heuristic] pair of names')
        pairs.append((pair[0], pair[1] if len(pair) > 1 else ""))
    return pairs


def _trace_greedy(puzzle: Puzzle) -> Iterator[Json]:
    """The lab's greedy best-first run with Manhattan distance (its budgets), told as a phase, then its moves."""
    row = lab_run(puzzle, "greedy", "manhattan")
    if not row["solved"]:
        raise PuzzleError(f"greedy best-first found no solution within the lab's limits ({row['note']})", "timeout")
    moves = row["moves"]
    yield {"event": "phase", "name": f"Looked at {row['nodes']:,} positions; playing the "
           f"{len(moves)} move{'' if len(moves) == 1 else 's'} found", "nodes": row["nodes"]}
    for tile in moves:
        yield {"event": "move", "tile": tile}
    yield {"event": "solved", "moves": moves, "length": len(moves), "optimal": False, "nodes": row["nodes"],
           "steps": len(moves)}


def _position(puzzle: Puzzle, state: State) -> Puzzle:
    """The player's board as a position to solve from."""
    return Puzzle(puzzle.width, puzzle.height, state.tiles)


class SlidingFamily(Family[Puzzle, State]):
    """The sliding puzzle on the typed contract: moves are tile numbers ("7")."""

    name = "sliding"
    title = "Sliding puzzle"
    grades = GRADES
    sizes = tuple(range(MIN_SIDE, MAX_SIDE + 1))  # square boards for `generate`; any W x H is played
    default_size = 4
    watch_view, watch_compare = "slide", True
    codec = Codec(parse, format, _puzzle, _json)  # `WxH:t,t,...` (Tatham's Fifteen game ID); JSON
    methods = watch_methods("sliding")

    # --- text and JSON ---------------------------------------------------------------
    def exports(self, puzzle: Puzzle) -> dict[str, str]:
        """Tessera's text is Tatham's Fifteen game ID already."""
        return {"Tatham Fifteen game ID": self.format(puzzle)}

    # --- states and moves ------------------------------------------------------------
    def start(self, puzzle: Puzzle) -> State:
        """The position as set."""
        return State(puzzle.tiles)

    def read_state(self, puzzle: Puzzle, obj: Json) -> State:
        """The tiles in "state" (a board of the puzzle's size), or the start."""
        if obj.get("state") is None:
            return self.start(puzzle)
        return State(rule_call(rules.check_tiles, puzzle.width, puzzle.height, obj["state"]))

    def write_state(self, puzzle: Puzzle, state: State) -> list[int]:
        """The tiles, row by row."""
        return list(state.tiles)

    def apply(self, puzzle: Puzzle, state: State, move: str) -> State:
        """Slide the tile numbered `move` into the blank."""
        tile = rule_call(rules.read_move, move)
        return State(rule_call(rules.slide, puzzle.width, puzzle.height, state.tiles, tile))

    def is_solved(self, puzzle: Puzzle, state: State) -> bool:
        """Tiles in order, blank last."""
        return state.tiles == goal(puzzle.width, puzzle.height)

    # --- solving ---------------------------------------------------------------------
    def generate(self, params: Params, seed: int | str) -> Puzzle:
        """A square position of side `params.size` (default 4) for a grade."""
        n = self.default_size if params.size is None else params.size
        rule_call(rules.check_size, n, n)
        return generate(params.grade, seed, n, n)

    def describe(self, puzzle: Puzzle) -> Json:
        """The grade it was made for and its optimal distance (None when unknown)."""
        out: Json = {} if puzzle.grade is None else {"difficulty": puzzle.grade}
        distance = puzzle.distance
        if distance is None and puzzle.width * puzzle.height <= rules.SMALL_CELLS and is_solvable(puzzle):
            distance = len(solve(puzzle, True).moves)  # instant on small boards
        out["distance"] = distance
        return out

    def solve(self, puzzle: Puzzle, obj: Json) -> Json:
        """{"moves", "length", "optimal"} for {"optimal": bool (default true)}."""
        try:
            sol = solve(puzzle, bool(obj.get("optimal", True)))  # under the request's budget (budget.py)
        except SearchAborted as exc:
            raise PuzzleError(f"no answer within the limit: {exc}", "timeout") from None
        out: Json = {"moves": sol.moves, "length": len(sol.moves), "optimal": sol.optimal}
        if sol.lower_bound is not None:
            out["lower_bound"] = sol.lower_bound
        if obj.get("optimal", True) and not sol.optimal and optimal_available(puzzle.width, puzzle.height):
            out["note"] = f"no shortest solution within the budget: this one is {sol.method}'s, not the shortest"
        return out

    def count(self, puzzle: Puzzle, limit: int = 2) -> int:
        """One goal: 1 when the position can reach it, else 0."""
        return min(limit, 1) if is_solvable(puzzle) else 0

    def check(self, puzzle: Puzzle, state: State) -> list[Problem]:
        """An unsolvable board (with the parity argument), then the tiles not yet home."""
        return self._checked(puzzle, state)[0]

    def _checked(self, puzzle: Puzzle, state: State) -> tuple[list[Problem], Json]:
        """The problems, and the fields the page reads: solvable, reason (the parity sentence), misplaced."""
        problems = []
        ok, why = parity_report(_position(puzzle, state))
        if not ok:
            problems.append(Problem([], "unsolvable", why))
        w = puzzle.width
        wrong = [[c // w, c % w] for c in rules.misplaced(state.tiles)]
        if wrong:
            count = f"{len(wrong)} tile{'s are' if len(wrong) > 1 else ' is'}"
            problems.append(Problem(wrong, "misplaced", f"{count} not home yet."))
        return problems, {"solvable": ok, "reason": why, "misplaced": wrong}

    def checked(self, puzzle: Puzzle, state: State) -> Json:
        """problems, solved, message, and solvable, reason (the parity sentence), misplaced [row, col]."""
        problems, fields = self._checked(puzzle, state)
        return {"problems": [p.to_json() for p in problems], "solved": not problems,
                "message": problems[0].text if problems else "Solved.", **fields}

    def hint(self, puzzle: Puzzle, state: State, obj: Json) -> Hint:
        """The next move with the distance before and after it, and the plan's phase; {"quick": true}
        may answer at once with a good (not surely shortest) move marked "provisional"; "prefer":
        a tile to name when it too starts a shortest solution."""
        prefer = obj.get("prefer")
        prefer = int(prefer) if isinstance(prefer, (int, str)) and str(prefer).isdigit() else None
        return hint(puzzle, _position(puzzle, state), bool(obj.get("quick")), prefer)

    def trace(self, puzzle: Puzzle, method: str, obj: Json) -> Iterator[Json]:
        """IDA* thresholds ("ida*"), Parberry phases ("parberry") or the lab's greedy search ("greedy"), then the
        moves.

        Each move of the solution is {"event": "move", "tile": t} (after the thresholds or the greedy search's
        count, or within its Parberry phase); "solved" also gives "steps", the number of moves. Without
        a method asked for, a board too big for IDA* gets Parberry's.
        """
        require_solvable(puzzle)
        if not obj.get("method") and not optimal_available(puzzle.width, puzzle.height):
            method = "parberry"
        if method == "greedy":
            yield from _trace_greedy(puzzle)
            return
        if method == "parberry":
            moves, phases = parberry(puzzle)
            pending = list(phases)
            for i, tile in enumerate([*moves, None]):  # each phase, then its moves (to animate the board)
                while pending and (tile is None or pending[0][0] <= i):
                    start, label = pending.pop(0)
                    yield {"event": "phase", "name": label, "start": start}
                if tile is not None:
                    yield {"event": "move", "tile": tile}
            yield {"event": "solved", "moves": moves, "length": len(moves), "optimal": False, "steps": len(moves)}
            return
        if not optimal_available(puzzle.width, puzzle.height):
            raise PuzzleError("the IDA* trace is offered for boards up to 4x4")
        solver = solver_for(puzzle, exact_budget(puzzle.width, puzzle.height, None))
        bound, moves = solver.h0, None
        try:
            while moves is None:  # each threshold is told before its pass runs: the trace is lazy
                yield {"event": "threshold", "bound": bound, "nodes": solver.nodes}
                moves = solver.search(bound)
                bound = solver.next_bound
        except SearchAborted as exc:
            raise PuzzleError(f"no shortest solution within the limit ({exc})", "timeout") from None
        for tile in moves:  # the solution found, to animate the board
            yield {"event": "move", "tile": tile}
        yield {"event": "solved", "moves": moves, "length": len(moves), "optimal": True, "nodes": solver.nodes,
               "steps": len(moves)}

    # --- beyond the common commands ------------------------------------------------------
    def tables(self) -> Json:
        """The algorithm lab's choices: [name, label, takes a heuristic, ticked at first] for each algorithm,
        [name, label, ticked at first] for each heuristic."""
        small = " (3×3 and smaller)"
        return {"lab": {"algorithms": [[a, label + (small if a in MEMORY_BOUND else ""), a in INFORMED, a in LAB_CHOSEN]
                                       for a, label in ALGORITHMS.items()],
                        "heuristics": [[h, label[:1].upper() + label[1:], h in LAB_CHOSEN]
                                       for h, label in HEURISTICS.items()]}}

    def lab(self, obj: Json, cancel: Callable[[], bool] | None = None) -> Json:
        """Run the algorithm lab: {"rows": [...]} with solved, length, nodes, seconds per run."""
        puzzle = _puzzle(obj)
        seed = obj.get("seed", 0) or 0
        if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) > 2**63:
            raise PuzzleError("the lab's seed must be a whole number")
        rows = lab(puzzle, _lab_pairs(obj.get("algorithms")), _positive(obj.get("max_nodes"), "max_nodes", LAB_NODES),
                   _positive(obj.get("max_seconds"), "max_seconds", 10.0), cancel, seed)
        if not obj.get("moves"):
            for row in rows:
                row.pop("moves", None)
        return {"rows": rows}

    def extra(self) -> dict[str, Command]:
        """`lab`: the study's algorithm x heuristic table on a position, one JSON answer per line."""
        return {"lab": Command("run search algorithms with budgets on a position: {\"rows\": [...]}", run=self.lab)}

    def watch_sizes(self) -> list[int]:
        """The boards whose shortest solutions IDA* traces in a watchable time (with the pattern databases)."""
        return [n for n in self.sizes if rules.optimal_available(n, n) and n * n >= rules.PLAY_MIN_CELLS]

    def build_data(self, directory: str, cache: str) -> list[str]:
        """The pattern databases, rebuilt only when their builder or format changes (kept in `cache`)."""
        import shutil

        from .. import pattern_db_build

        built, names = pattern_db_build.built(Path(cache), verbose=True)
        for name in names:
            shutil.copy2(built / name, Path(directory) / name)
        for w, h in move_pruning.AS_DATA:
            shutil.copy2(move_pruning.packed_file(w, h, Path(cache)), Path(directory) / move_pruning.file_name(w, h))
        self.use_data(directory)  # starters use the tables, as the worker will
        return [*names, *(move_pruning.file_name(w, h) for w, h in move_pruning.AS_DATA)]

    def use_data(self, directory: str) -> None:
        """Read the pattern databases and packed automata from `directory` (the worker's fetched files, the build's
        output)."""
        pattern_db.use_directory(directory)
        move_pruning.keep_from(directory, move_pruning.AS_DATA)

    def data_files(self, command: str, obj: object) -> tuple[str, ...]:
        """The tables of the size a call solves: its own (3x3, 4x4), and for larger boards the 5x5 and 4x4 ones
        their plans finish on (a 4x4 player never fetches the 5x5 tables). A call without a size: the 4x4's."""
        if command not in ("solve", "hint", "generate", "trace", "lab"):
            return ()
        obj = obj if isinstance(obj, dict) else {}
        w, h = obj.get("width"), obj.get("height")
        tiles, size = obj.get("tiles"), obj.get("size")
        if w is None and h is None:
            side = size if isinstance(size, int) else math.isqrt(len(tiles)) if isinstance(tiles, list) else 4
            w = h = side
        if not (isinstance(w, int) and isinstance(h, int)):
            return ()
        sizes = [(w, h)] if optimal_available(w, h) else [(5, 5), (4, 4)]
        return tuple(name for size in sizes if size in pattern_db.PARTITIONS for name in pattern_db.file_names(*size)) \
            + tuple(move_pruning.file_name(*size) for size in sizes if size in move_pruning.AS_DATA)


FAMILY = SlidingFamily()
