"""The Genius Square: seven dice block seven cells of a 6x6 board; fill the rest.

Rules: roll the seven dice and put a blocker on each cell shown (rows A-F, columns 1-6);
then place all nine pieces (1 to 4 cells, turned and flipped at will) on the 29 free cells.
Solved as exact cover over one matrix for the whole board (items: the nine pieces and the
36 cells; blockers are pre-covered cells), so one memo serves every roll. The tables, the
roll of a seed, links and moves are the rules layer's (`rules/genius.py`, shared with the
page); checks and hints are the placement engine's (`placement.py`, shared with Cubes 3D).

Known limits: difficulty grades come from the solution count alone; `stats` needs a few
minute of both cores; the new-dice search (`dice`) is bounded by a number of tries.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from pathlib import Path
from typing import Any

from .base import Codec, Command, Family, Hint, Json, Params, Problem, PuzzleError, rng_for, rule_call
from .exactcover import ExactCover, watch_method
from .placement import Engine, Piece, Placed, Placement, Words, check_answer, read_pieces
from .rules import genius as rules
from .rules import placing

Cell = int  # row * 6 + column, 0-based; "A1" is 0, "F6" is 35
PieceId = str
Shape = tuple[tuple[int, int], ...]  # (row, column) offsets, normalised and sorted
State = dict[PieceId, tuple[Cell, ...]]  # placed pieces: id -> cells

ROWS, COLS, SIZE = rules.ROWS, rules.COLS, rules.SIZE
CELL_NAMES = [r + c for r in ROWS for c in COLS]


# The tables are the rules layer's (the page reads the same module).
PIECES: tuple[Piece, ...] = tuple(Piece(*p) for p in rules.PIECES)
PIECE_BY_ID = {p.id: p for p in PIECES}
DICE: tuple[tuple[str, ...], ...] = rules.DICE

# Grades by solution count: many solutions = easy; each is (name, fewest solutions).
# Over all 62,208 rolls these hold about 27%, 36%, 31% and 6% of the rolls.
GRADE_BOUNDS: tuple[tuple[str, int], ...] = (("Easy", 2500), ("Medium", 1000), ("Hard", 300), ("Expert", 1))

# The reference study's histogram of solution counts per 1000 (REFERENCES.md #3).
REFERENCE_HISTOGRAM = (23180, 18848, 9018, 4390, 2576, 1566, 890, 564, 330, 248, 174, 116,
                       74, 70, 38, 22, 24, 24, 12, 18, 12, 12, 2)


# ----- geometry (the rules layer's, with the solver's error type) ----------------------



def cell_name(cell: Cell) -> str:
    """"A1" for cell 0."""
    return CELL_NAMES[cell]


def parse_cell(text: Any) -> Cell:
    """The cell named like "D6" (case ignored); PuzzleError otherwise."""
    return rule_call(rules.parse_cell, text)


def normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    """Shift cells so the smallest row and column are 0, sorted."""
    return rules.normalise(cells)


def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct rotations and reflections of a shape."""
    return rules.orientations(shape)


@cache
def engine() -> Engine:
    """The placement engine of the empty board: items are the piece ids and the cells 0..35."""
    pls = [Placement(p.id, cells) for p in PIECES for cells in rules.placements(p.id)]
    return Engine(pls, rules.BOARD, {p.id: len(p.cells) for p in PIECES}, rules.neighbours, pieces_primary=True)


def placements() -> list[Placement]:
    """Every placement of every piece on the empty board (the options)."""
    return engine().placements


def problem() -> ExactCover:
    """The exact cover matrix of the empty board (one for every roll: blockers are covered items)."""
    return engine().ec


@cache
def board_problem() -> ExactCover:
    """The empty board's matrix with the cells first, in board order, for counting cell by cell
    (its options are `problem()`'s, in the same order)."""
    return ExactCover([(pl.piece, *pl.cells) for pl in placements()], [*range(SIZE * SIZE), *(p.id for p in PIECES)])


def _words_cells(cells: Sequence[Cell]) -> str:
    """ " on A1 A2 B1"."""
    return " on " + " ".join(cell_name(c) for c in sorted(cells))


WORDS = Words("board", cell_name, cell_name, lambda pid: f"the {PIECE_BY_ID[pid].name} piece", rules.format_move,
              _words_cells, label=rules.label)


# ----- dice ----------------------------------------------------------------------


def all_rolls(dice: Sequence[Sequence[str]] = DICE) -> list[tuple[Cell, ...]]:
    """Every distinct roll of the dice as sorted blocker cells (62,208 for the real dice)."""
    faces = [sorted({parse_cell(f) for f in die}) for die in dice]
    return sorted({tuple(sorted(r)) for r in product(*faces)})


# ----- puzzles and states ----------------------------------------------------------


@dataclass(frozen=True)
class Roll:
    """A Genius Square puzzle: the seven blocked cells, sorted."""

    blockers: tuple[Cell, ...]

    def names(self) -> list[str]:
        """The blockers as cell names."""
        return [cell_name(c) for c in self.blockers]


def parse_blockers(obj: Json) -> tuple[Cell, ...]:
    """The seven blocked cells of a solve input; PuzzleError unless 7 distinct board cells."""
    blockers = obj.get("blockers")
    if not isinstance(blockers, list):
        raise PuzzleError('give "blockers": a list of the 7 cells the dice show, like ["A1", "C3", ...]')
    return rule_call(rules.check_blockers, [parse_cell(b) for b in blockers])


def piece_id(name: Any) -> PieceId:
    """The piece id for an id given in any case; PuzzleError for unknown pieces."""
    return rule_call(rules.piece_id, name)


def parse_state(obj: Json) -> State:
    """The placed pieces of "state" (piece id -> cells); unknown pieces or cells raise PuzzleError."""
    return read_pieces(obj.get("state") or {}, piece_id, lambda cells: tuple(parse_cell(c) for c in cells),
                       'their cells, like {"O": ["A1", "A2", "B1", "B2"]}')


def given_options(blockers: Sequence[Cell], state: State) -> list[int]:
    """Option indices of a valid placement; PuzzleError naming the first mistake otherwise."""
    raw = rules.problems(blockers, state)
    if raw:
        raise PuzzleError(rules.problem_text(raw[0]))
    return engine().options(Placed.of(state, rules.IDS))


# ----- solving ---------------------------------------------------------------------


def solve(blockers: Sequence[Cell], given: Sequence[int] = ()) -> list[Placement] | None:
    """One way to place the missing pieces (with the given ones), or None."""
    return engine().first(given, blockers)


def count_solutions(blockers: Sequence[Cell], given: Sequence[int] = (), limit: int | None = None,
                    memo: dict[int, int] | bool = True) -> int:
    """The number of ways to finish (all of them, or `limit` if at least that many). Without a limit or a
    shared memo, counted cell by cell (`board_problem`: the same options in the same order; about a quarter
    less time)."""
    if limit is None and memo is True:
        return board_problem().count_in_order(blockers, given=given)
    return problem().count(given, blockers, limit=limit, memo=memo)


def grade_of(count: int) -> str:
    """The grade name for a roll with `count` solutions."""
    for name, low in GRADE_BOUNDS:
        if count >= low:
            return name
    return "Impossible"


def random_chance(blockers: Sequence[Cell]) -> tuple[float, dict[PieceId, tuple[int, int]]]:
    """The reference's difficulty measure and, per piece, (placements used in solutions, legal placements).

    As the reference defines it: the product over pieces of used/legal, divided by the
    number of solutions; 0 when there is none. Smaller = harder.
    """
    ec = problem()
    legal = ec.live_options(covered=blockers)
    used = ec.options_in_solutions(covered=blockers)
    per: dict[PieceId, tuple[int, int]] = {}
    for p in PIECES:
        per[p.id] = (sum(placements()[k].piece == p.id for k in used),
                     sum(placements()[k].piece == p.id for k in legal))
    count = count_solutions(blockers)
    if not count:
        return 0.0, per
    chance = 1.0
    for u, n in per.values():
        chance *= u / n
    return chance / count, per


def solution_json(pls: Iterable[Placement]) -> dict[PieceId, list[str]]:
    """A solution as piece id -> cell names, in the PIECES order."""
    by_piece = {pl.piece: [cell_name(c) for c in pl.cells] for pl in pls}
    return {p.id: by_piece[p.id] for p in PIECES if p.id in by_piece}


def first_roll(grade: int, seed: int | str, max_throws: int = 10_000) -> tuple[list[str], int, int]:
    """The first throw of the seed (rules.rolls) whose solution count is in the grade: (faces, count, throw)."""
    _, low = GRADE_BOUNDS[grade]
    high = GRADE_BOUNDS[grade - 1][1] if grade else None
    for throw, faces in enumerate(rules.rolls(seed)):
        n = count_solutions(tuple(sorted(parse_cell(f) for f in faces)), limit=high)
        if n >= low and (high is None or n < high):
            return faces, n, throw
        if throw >= max_throws:
            break
    raise PuzzleError(f"no {GRADE_BOUNDS[grade][0]} roll in {max_throws} throws", "timeout")


# ----- statistics (all rolls) -------------------------------------------------------

_MEMO_CAP = 3_000_000  # entries of a worker's shared memo before it is cleared (~350 MB)
_CHUNK = 500  # rolls a worker counts per task (neighbours in the order of their last cells)


def _count_chunk(rolls: list[tuple[Cell, ...]]) -> tuple[list[int], float]:
    """Count the solutions of neighbouring rolls, sharing one memo (a worker's task); also its CPU seconds."""
    t0 = time.process_time()
    memo = _worker_memo
    if len(memo) > _MEMO_CAP:
        memo.clear()
    ec = board_problem()
    out = [ec.count_in_order(blockers, memo) for blockers in rolls]
    return out, time.process_time() - t0


_worker_memo: dict[int, int] = {}


def symmetries(cells: Iterable[Cell]) -> list[tuple[Cell, ...]]:
    """The cells under the 8 rotations and reflections of the board, each sorted."""
    out = []
    for turn in range(8):
        moved = []
        for c in cells:
            r, k = divmod(c, SIZE)
            for _ in range(turn % 4):
                r, k = k, SIZE - 1 - r
            if turn >= 4:
                k = SIZE - 1 - k
            moved.append(r * SIZE + k)
        out.append(tuple(sorted(moved)))
    return out


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The image of a cell set, of its 8 symmetric ones, whose cells read from the last are smallest (the same
    solution count: the pieces turn and flip)."""
    return min(symmetries(cells), key=_from_last)


def _from_last(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """A roll's cells from the last: the order in which rolls share the most of a cell-by-cell count."""
    return cells[::-1]


def count_all(rolls: Sequence[tuple[Cell, ...]], workers: int | None = 1) -> list[int]:
    """Solution counts of many rolls, on `workers` local processes (1: one), quietly."""
    return count_all_timed(rolls, workers, quiet=True)[0]


def count_all_timed(rolls: Sequence[tuple[Cell, ...]], workers: int | None = None, scheduler: str | None = None,
                    stream: Any = None, quiet: bool = False) -> tuple[list[int], float]:
    """Solution counts of many rolls and the CPU seconds the counting took, as a batch job (`batch.run`: a local
    Dask cluster of `workers` processes, or the cluster at `scheduler`), with progress on `stream`.

    Rolls that are rotations or reflections of each other are counted once (62,208 real rolls fall
    into 28,276 classes). Each is counted cell by cell in board order with a memo on the covered
    cells (`ExactCover.count_in_order`): what is left to fill after the first empty cell depends
    only on the later cells, so the classes are taken in the order of their last cells and handed
    in chunks to the workers, each of which keeps one memo across its chunks.
    """
    from .batch import Batch, in_chunks

    keys = [canonical(r) for r in rolls]
    unique = sorted(set(keys), key=_from_last)
    with Batch(workers, scheduler) as batch:
        parts = list(batch.run(_count_chunk, in_chunks(unique, _CHUNK), label="Genius rolls", unit="classes",
                               size=len, stream=stream, quiet=quiet))
    table = dict(zip(unique, (n for part, _ in parts for n in part), strict=True))
    return [table[k] for k in keys], sum(secs for _, secs in parts)


def histogram(counts: Iterable[int], width: int = 1000) -> list[int]:
    """Number of rolls per bucket of `width` solutions (0..width-1, ...)."""
    hist: list[int] = []
    for n in counts:
        b = n // width
        hist.extend([0] * (b + 1 - len(hist)))
        hist[b] += 1
    return hist


def _default_csv() -> Path:
    """Where the golden counts live next to the repository, if present."""
    return Path(__file__).resolve().parents[1].parent / "shared" / "benchmarks" / "genius_square_solution_counts.csv"


def read_counts_csv(path: Path) -> dict[tuple[Cell, ...], int]:
    """Golden counts: roll (sorted cells) -> solutions, from "blockers,solutions" lines."""
    out = {}
    for line in path.read_text().splitlines():
        if line.startswith("#") or line.startswith("blockers") or not line.strip():
            continue
        cells, n = line.split(",")
        out[tuple(sorted(parse_cell(c) for c in cells.split()))] = int(n)
    return out


def run_stats(argv: list[str]) -> int:
    """`genius stats`: count every roll on all cores and print the reference's table."""
    import argparse  # here, not at import: the worker never runs the command line
    import statistics

    from . import batch
    parser = argparse.ArgumentParser(prog="python -m solvers genius stats")
    batch.options(parser)
    parser.add_argument("--limit", type=int, default=None, help="only the first N rolls (for a quick look)")
    parser.add_argument("--csv", type=Path, default=None, help="golden counts to compare with")
    args = parser.parse_args(argv)
    if args.limit is not None and not args.limit >= 1:
        parser.error("--limit must be a whole number of rolls, at least 1")
    if args.workers is not None and not 1 <= args.workers <= 256:
        parser.error("--workers must be 1 to 256")
    rolls = all_rolls()[: args.limit]
    t0 = time.perf_counter()
    counts, cpu = count_all_timed(rolls, args.workers, args.scheduler)
    secs = time.perf_counter() - t0
    where = args.scheduler or batch.address() or f"{args.workers or os.cpu_count()} local worker(s)"
    print(f"Genius Square: {len(rolls):,} rolls counted in {secs:.1f} s on {where} "
          f"({cpu:.1f} CPU seconds in the counting)")
    print(f"solvable {sum(n > 0 for n in counts):,} of {len(counts):,}; min {min(counts):,}; max {max(counts):,}; "
          f"mean {statistics.fmean(counts):,.1f}; median {statistics.median(counts):,}; total {sum(counts):,}")
    hist = histogram(counts)
    full = args.limit is None
    print(f"{'solutions':>13} {'rolls':>7}" + (f" {'reference':>9} {'diff':>6}" if full else ""))
    for b, n in enumerate(hist):
        line = f"{b * 1000:>6}-{b * 1000 + 999:<6} {n:>7}"
        if full:
            ref = REFERENCE_HISTOGRAM[b] if b < len(REFERENCE_HISTOGRAM) else 0
            line += f" {ref:>9} {n - ref:>+6}"
        print(line)
    path = args.csv or _default_csv()
    try:
        golden = read_counts_csv(path) if path.is_file() else None
    except (OSError, ValueError) as exc:  # ValueError: bad lines, bad cells (PuzzleError), not UTF-8
        print(f"(could not read the golden counts at {path}: {str(exc)[:100]}; comparison skipped)")
        return 0
    if golden is not None:
        diff = [r for r, n in zip(rolls, counts, strict=True) if golden.get(r) != n]
        print(f"compared with {path.name}: {len(rolls) - len(diff):,} rolls equal, {len(diff):,} differ")
        for r in diff[:10]:
            print("  differs:", " ".join(map(cell_name, r)), "ours", counts[rolls.index(r)], "golden", golden.get(r))
    else:
        print(f"(no golden counts at {path}; comparison skipped)")
    return 0


# ----- new dice --------------------------------------------------------------------


def _rolls_with(dice: Sequence[Sequence[Cell]], fixed: dict[int, Cell]) -> Iterable[tuple[Cell, ...]]:
    """Every roll in which die i shows fixed[i]."""
    faces = [[fixed[i]] if i in fixed else sorted(set(d)) for i, d in enumerate(dice)]
    for r in product(*faces):
        if len(set(r)) == len(r):
            yield tuple(sorted(r))


def all_solvable(dice: Sequence[Sequence[Cell]], fixed: dict[int, Cell], memo: dict[int, int]) -> bool:
    """Whether every roll with the fixed faces can be filled (a shared memo makes repeats cheap)."""
    ec = problem()
    seen: set[tuple[Cell, ...]] = set()
    for r in _rolls_with(dice, fixed):
        if r in seen:
            continue
        seen.add(r)
        if len(memo) > _MEMO_CAP:
            memo.clear()
        if not ec.count(covered=r, limit=1, memo=memo):
            return False
    return True


def _face_solvable(check: tuple[Sequence[Sequence[Cell]], int, Cell]) -> bool:
    """Whether every roll of the dice with die `i` showing `face` can be filled (a batch piece: the worker's memo)."""
    dice, i, face = check
    return all_solvable(dice, {i: face}, _worker_memo)


def new_dice(seed: int | str, tries: int, dice: Sequence[Sequence[str]] = DICE, log: Any = None,
             workers: int | None = None, scheduler: str | None = None) -> tuple[list[list[str]], list[float]]:
    """Swap faces between dice at random, keeping a swap only if every roll stays solvable.

    Only rolls showing a moved face are new, so only those are checked: each moved face is a batch piece (on a
    local Dask cluster of `workers`, or the one at `scheduler`). Returns the dice and the seconds each try took.
    """
    from .batch import Batch

    rng = rng_for(seed, "genius-dice")
    cur = [[parse_cell(f) for f in die] for die in dice]
    times = []
    with Batch(workers, scheduler) as batch:
        for t in range(tries):
            t0 = time.perf_counter()
            a, b = rng.sample(range(len(cur)), 2)
            i, j = rng.randrange(len(cur[a])), rng.randrange(len(cur[b]))
            fa, fb = cur[a][i], cur[b][j]
            cand = [list(d) for d in cur]
            cand[a][i], cand[b][j] = fb, fa
            checks = [(cand, die, face) for die, face in ((a, fb), (b, fa)) if face not in cur[die]]
            ok = fa != fb and all(batch.run(_face_solvable, checks, quiet=True))
            if ok and not any(set(cand[x]) & set(cand[y]) for x, y in combinations(range(len(cand)), 2)):
                cur = cand
            else:
                ok = False
            times.append(time.perf_counter() - t0)
            if log:
                log(f"try {t + 1}: swap {cell_name(fa)} (die {a + 1}) with {cell_name(fb)} (die {b + 1}): "
                    f"{'kept' if ok else 'refused'} in {times[-1]:.1f} s")
    return [[cell_name(c) for c in die] for die in cur], times


def run_dice(argv: list[str]) -> int:
    """`genius dice`: search new dice whose every roll is solvable; prints them and the time."""
    import argparse  # here, not at import: the worker never runs the command line
    import statistics

    from . import batch
    parser = argparse.ArgumentParser(prog="python -m solvers genius dice")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--tries", type=int, default=10)
    batch.options(parser)
    args = parser.parse_args(argv)
    if not 0 <= args.tries <= 1_000_000:
        parser.error("--tries must be 0 to 1000000")
    if len(args.seed) > 100:
        parser.error("--seed is too long (at most 100 characters)")
    t0 = time.perf_counter()
    dice, times = new_dice(args.seed, args.tries, log=print, workers=args.workers, scheduler=args.scheduler)
    for k, die in enumerate(dice, 1):
        print(f"die {k}: {' '.join(die)}")
    print(f"{args.tries} tries in {time.perf_counter() - t0:.1f} s (mean {statistics.fmean(times or [0]):.2f} s a try)")
    return 0


# ----- the family ------------------------------------------------------------------


def roll_of_text(text: str) -> Roll:
    """The roll of its canonical text ("A1A4B3D3D6F1F2"; a link's placed pieces after "~" are ignored)."""
    if not isinstance(text, str):
        raise PuzzleError("a roll is written as its seven cells, like A1A4B3D3D6F1F2")
    return Roll(rule_call(rules.parse_roll, text.partition("~")[0]))


class GeniusFamily(Family[Roll, Placed]):
    """Genius Square on the typed contract: a Roll of blockers, Placed pieces, moves like "L4:A1,A2,A3,B1"."""

    name = "genius"
    title = "Genius Square"
    grades = tuple(name for name, _ in GRADE_BOUNDS)
    sizes = (SIZE,)
    default_size = SIZE
    watch_view = "genius"
    codec = Codec(roll_of_text, lambda roll: rules.format_roll(roll.blockers),  # "A1A4B3D3D6F1F2": sorted blockers
                  lambda obj: Roll(parse_blockers(obj)), lambda roll: {"blockers": roll.names()})
    methods = (watch_method("cell"),)

    # --- states and moves ---
    def start(self, puzzle: Roll) -> Placed:
        """No piece on the board."""
        return Placed()

    def read_state(self, puzzle: Roll, obj: Json) -> Placed:
        """The "state" of a solve input (piece id -> cell names)."""
        return Placed.of(parse_state(obj), rules.IDS)

    def write_state(self, puzzle: Roll, state: Placed) -> Json:
        """piece id -> cell names."""
        return {pid: [cell_name(c) for c in cells] for pid, cells in state.pieces}

    def apply(self, puzzle: Roll, state: Placed, move: str) -> Placed:
        """Place ("O:A1,A2,B1,B2", moving the piece if it is on the board) or take back ("-O") a piece."""
        placed = rule_call(placing.apply_move, state.as_dict(), rule_call(rules.parse_move, move),
                           lambda pl: rules.problems(puzzle.blockers, pl), rules.problem_text, rules.label, "board")
        return Placed.of(placed, rules.IDS)

    def is_solved(self, puzzle: Roll, state: Placed) -> bool:
        """All nine pieces on the board without a mistake."""
        return len(state.pieces) == len(PIECES) and not rules.problems(puzzle.blockers, state.as_dict())

    # --- solving ---
    def generate(self, params: Params, seed: int | str) -> Roll:
        """The seed's first throw (rules.rolls: the page's roll too) whose solution count is in the grade."""
        if params.size not in (None, SIZE):
            raise PuzzleError("the Genius Square board is always 6x6")
        faces, _, _ = first_roll(params.grade, seed)
        return Roll(tuple(sorted(parse_cell(f) for f in faces)))

    def describe(self, puzzle: Roll) -> Json:
        """{"dice", "difficulty", "count"} of a roll."""
        count = count_solutions(puzzle.blockers)
        return {"dice": rules.dice_for(puzzle.blockers), "difficulty": grade_of(count), "count": count}

    def solve(self, puzzle: Roll, obj: Json) -> Json:
        """{"blockers", "state"?, "count"?, "measure"?} -> {"solution", "count"?, "difficulty"?, "chance"?}."""
        blockers = puzzle.blockers
        state = parse_state(obj)
        given = given_options(blockers, state)
        pls = solve(blockers, given)
        if pls is None:
            where = "with the pieces placed so far" if state else "with the nine pieces"
            raise PuzzleError(f"these blockers cannot be filled {where}", "no-solution")
        out: Json = {"solution": solution_json(pls)}
        if obj.get("count"):
            out["count"] = count_solutions(blockers, given)
            out["difficulty"] = grade_of(count_solutions(blockers) if given else out["count"])
        if obj.get("measure"):
            chance, per = random_chance(blockers)
            out["chance"] = chance
            out["placements"] = {pid: list(v) for pid, v in per.items()}
        return out

    def count(self, puzzle: Roll, limit: int = 2) -> int:
        """Solutions of the roll, counting no further than `limit`."""
        return count_solutions(puzzle.blockers, limit=limit)

    def check(self, puzzle: Roll, state: Placed) -> list[Problem]:
        """Shapes, blockers and overlaps ("shape", "blocked", "overlap"), else "stuck" when it cannot be finished."""
        raw = rules.problems(puzzle.blockers, state.as_dict())
        return engine().check(state, raw, rules.problem_text, puzzle.blockers, None, WORDS)

    def checked(self, puzzle: Roll, state: Placed) -> Json:
        """problems, solved, and "errors" (cell names), "messages" (sentences), "solvable", "message"."""
        problems = self.check(puzzle, state)
        return check_answer(problems, sorted({c for p in problems if p.rule != "stuck" for c in p.cells}),
                            len(state.pieces) == len(PIECES),
                            "Solved: every piece is on the board.",
                            f"No mistakes so far; {len(PIECES) - len(state.pieces)} pieces to go and the board can "
                            "still be filled.")

    def hint(self, puzzle: Roll, state: Placed, obj: Json) -> Hint:
        """A mistake to take back, the piece to take back, or the most forced next placement (placement.py)."""
        raw = rules.problems(puzzle.blockers, state.as_dict())
        return engine().hint(state, raw, rules.problem_text, puzzle.blockers, None, WORDS)

    def trace(self, puzzle: Roll, method: str, obj: Json) -> Iterator[Json]:
        """The exact cover search of one roll: place/remove events, then solved."""
        given = given_options(puzzle.blockers, parse_state(obj))
        if solve(puzzle.blockers, given) is None:
            raise PuzzleError("these blockers cannot be filled with the nine pieces", "no-solution")
        return engine().trace(given, puzzle.blockers, WORDS, obj.get("max_steps"))

    def extra(self) -> dict[str, Command]:
        """`stats` (count all rolls) and `dice` (search new dice), both command-line runs."""
        return {"stats": Command("count every roll on all cores and print the reference's table", main=run_stats),
                "dice": Command("search new dice whose every roll is solvable", main=run_dice)}


def pieces_json() -> list[Json]:
    """The PIECES table for the page: id, name, colour, cells and orientation count."""
    return [{"id": p.id, "name": p.name, "colour": p.colour, "cells": [list(c) for c in p.cells],
             "orientations": len(orientations(p.cells))} for p in PIECES]


FAMILY = GeniusFamily()
