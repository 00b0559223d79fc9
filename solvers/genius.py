"""The Genius Square: seven dice block seven cells of a 6x6 board; fill the rest.

Rules: roll the seven dice and put a blocker on each cell shown (rows A-F, columns 1-6);
then place all nine pieces (1 to 4 cells, turned and flipped at will) on the 29 free cells.
Solved as exact cover over one matrix for the whole board (items: the nine pieces and the
36 cells; blockers are pre-covered cells), so one memo serves every roll.

Known limits: difficulty grades come from the solution count alone; `stats` needs a few
minutes of both cores; the new-dice search (`dice`) is bounded by a number of tries.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from pathlib import Path
from typing import Any

from .base import Hint, Json, LegacyFamily, PuzzleError, rng_for
from .exactcover import ExactCover, placement_trace

Cell = int  # row * 6 + column, 0-based; "A1" is 0, "F6" is 35
PieceId = str
Shape = tuple[tuple[int, int], ...]  # (row, column) offsets, normalised and sorted
State = dict[PieceId, tuple[Cell, ...]]  # placed pieces: id -> cells

ROWS, COLS = "ABCDEF", "123456"
SIZE = 6
CELL_NAMES = [r + c for r in ROWS for c in COLS]


@dataclass(frozen=True)
class Piece:
    """A piece: stable id, display name, suggested colour, one orientation's cells."""

    id: PieceId
    name: str
    colour: str
    cells: Shape


# Ids are stable (links and the page use them); colours follow the wooden game's.
PIECES: tuple[Piece, ...] = (
    Piece("1", "single", "#2f6fde", ((0, 0),)),
    Piece("2", "domino", "#8b5a2b", ((0, 0), (0, 1))),
    Piece("I3", "straight three", "#f28c28", ((0, 0), (0, 1), (0, 2))),
    Piece("L3", "corner", "#8e44ad", ((0, 0), (1, 0), (1, 1))),
    Piece("I4", "straight four", "#7f8c8d", ((0, 0), (0, 1), (0, 2), (0, 3))),
    Piece("O", "square", "#27ae60", ((0, 0), (0, 1), (1, 0), (1, 1))),
    Piece("T", "T", "#f1c40f", ((0, 0), (0, 1), (0, 2), (1, 1))),
    Piece("S", "S", "#e74c3c", ((0, 1), (0, 2), (1, 0), (1, 1))),
    Piece("L4", "L", "#17a2b8", ((0, 0), (1, 0), (2, 0), (2, 1))),
)
PIECE_BY_ID = {p.id: p for p in PIECES}

# Faces of the seven dice, as printed (some faces repeat on a die).
DICE: tuple[tuple[str, ...], ...] = (
    ("A5", "A5", "F2", "F2", "E1", "B6"),
    ("A1", "C1", "D1", "D2", "E2", "F3"),
    ("D5", "E4", "E5", "E6", "F4", "F5"),
    ("B4", "C3", "C4", "D3", "D4", "E3"),
    ("A6", "A6", "A6", "F1", "F1", "F1"),
    ("A4", "B5", "C5", "C6", "D6", "F6"),
    ("A2", "A3", "B1", "B2", "B3", "C2"),
)

# Grades by solution count: many solutions = easy; each is (name, fewest solutions).
# Over all 62,208 rolls these hold about 27%, 36%, 31% and 6% of the rolls.
GRADE_BOUNDS: tuple[tuple[str, int], ...] = (("Easy", 2500), ("Medium", 1000), ("Hard", 300), ("Expert", 1))

# The reference study's histogram of solution counts per 1000 (REFERENCES.md #3).
REFERENCE_HISTOGRAM = (23180, 18848, 9018, 4390, 2576, 1566, 890, 564, 330, 248, 174, 116,
                       74, 70, 38, 22, 24, 24, 12, 18, 12, 12, 2)


# ----- geometry ------------------------------------------------------------------


def cell_name(cell: Cell) -> str:
    """"A1" for cell 0."""
    return CELL_NAMES[cell]


def parse_cell(text: Any) -> Cell:
    """The cell named like "D6" (case ignored); PuzzleError otherwise."""
    if not isinstance(text, str) or len(text.strip()) != 2:
        raise PuzzleError(f"{text!r} is not a cell: use a row A-F and a column 1-6, like D6")
    name = text.strip().upper()
    if name[0] not in ROWS or name[1] not in COLS:
        raise PuzzleError(f"{text!r} is off the board: rows are A-F and columns 1-6")
    return ROWS.index(name[0]) * SIZE + COLS.index(name[1])


def normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    """Shift cells so the smallest row and column are 0, sorted."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


@cache
def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct rotations and reflections of a shape."""
    found: set[Shape] = set()
    cur = list(shape)
    for _ in range(4):
        cur = [(c, -r) for r, c in cur]
        found.add(normalise(cur))
        found.add(normalise((r, -c) for r, c in cur))
    return tuple(sorted(found))


@dataclass(frozen=True)
class Placement:
    """One piece in one orientation at one place."""

    piece: PieceId
    cells: tuple[Cell, ...]

    def names(self) -> list[str]:
        """The cells as names, in board order."""
        return [cell_name(c) for c in self.cells]


@cache
def placements() -> tuple[Placement, ...]:
    """Every placement of every piece on the empty board (the options)."""
    out = []
    for piece in PIECES:
        for shape in orientations(piece.cells):
            height = max(r for r, _ in shape) + 1
            width = max(c for _, c in shape) + 1
            for dr in range(SIZE - height + 1):
                for dc in range(SIZE - width + 1):
                    cells = tuple(sorted((r + dr) * SIZE + c + dc for r, c in shape))
                    out.append(Placement(piece.id, cells))
    return tuple(out)


@cache
def problem() -> ExactCover:
    """The exact cover matrix of the empty board: items are piece ids and cells 0..35."""
    items: list[Any] = [p.id for p in PIECES] + list(range(SIZE * SIZE))
    return ExactCover([(pl.piece, *pl.cells) for pl in placements()], primary=items)


@cache
def placement_index() -> dict[tuple[PieceId, tuple[Cell, ...]], int]:
    """Option index of each (piece, cells) placement."""
    return {(pl.piece, pl.cells): k for k, pl in enumerate(placements())}


# ----- dice ----------------------------------------------------------------------


def all_rolls(dice: Sequence[Sequence[str]] = DICE) -> list[tuple[Cell, ...]]:
    """Every distinct roll of the dice as sorted blocker cells (62,208 for the real dice)."""
    faces = [sorted({parse_cell(f) for f in die}) for die in dice]
    return sorted({tuple(sorted(r)) for r in product(*faces)})


def roll(rng: Any, dice: Sequence[Sequence[str]] = DICE) -> list[str]:
    """One face per die, as a real throw would give (repeated faces weigh more)."""
    return [rng.choice(die) for die in dice]


# ----- parsing ---------------------------------------------------------------------


def parse_blockers(obj: Json) -> tuple[Cell, ...]:
    """The seven blocked cells of a solve input; PuzzleError unless 7 distinct board cells."""
    blockers = obj.get("blockers")
    if not isinstance(blockers, list):
        raise PuzzleError('give "blockers": a list of the 7 cells the dice show, like ["A1", "C3", ...]')
    cells = [parse_cell(b) for b in blockers]
    if len(cells) != 7:
        raise PuzzleError(f"the dice block 7 cells, not {len(cells)}")
    if len(set(cells)) != 7:
        dup = sorted({cell_name(c) for c in cells if cells.count(c) > 1})
        raise PuzzleError(f"blocker cells must be distinct: {', '.join(dup)} given twice")
    return tuple(sorted(cells))


def piece_id(name: Any) -> PieceId:
    """The piece id for an id given in any case; PuzzleError for unknown pieces."""
    if isinstance(name, str):
        for p in PIECES:
            if name.strip().upper() == p.id:
                return p.id
    raise PuzzleError(f"unknown piece {name!r}: the pieces are {', '.join(p.id for p in PIECES)}")


def parse_state(obj: Json) -> State:
    """The placed pieces of "state" (piece id -> cells); unknown pieces or cells raise PuzzleError."""
    state = obj.get("state") or {}
    if not isinstance(state, dict):
        raise PuzzleError('"state" must map piece ids to their cells, like {"O": ["A1", "A2", "B1", "B2"]}')
    out: State = {}
    for name, cells in state.items():
        pid = piece_id(name)
        if pid in out:
            raise PuzzleError(f"piece {pid} is placed twice")
        if not cells:
            continue
        if not isinstance(cells, list):
            raise PuzzleError(f"piece {pid}: give its cells as a list, like [\"A1\", \"A2\"]")
        out[pid] = tuple(sorted(parse_cell(c) for c in cells))
    return out


def placement_problems(blockers: Sequence[Cell], state: State) -> list[tuple[str, list[Cell]]]:
    """Mistakes in a placement: wrong shapes, cells on blockers, overlaps (message, cells)."""
    problems: list[tuple[str, list[Cell]]] = []
    owner: dict[Cell, PieceId] = {}
    for pid, cells in state.items():
        piece = PIECE_BY_ID[pid]
        names = " ".join(cell_name(c) for c in cells)
        if len(set(cells)) != len(cells) or normalise(divmod(c, SIZE) for c in cells) not in orientations(piece.cells):
            problems.append((f"the {piece.name} ({pid}) cannot cover {names}: it has {len(piece.cells)} cells "
                             "in its own shape", list(cells)))
            continue
        on_blocker = [c for c in cells if c in blockers]
        if on_blocker:
            problems.append((f"the {piece.name} ({pid}) sits on the blocker at "
                             f"{', '.join(map(cell_name, on_blocker))}", on_blocker))
        for c in cells:
            if c in owner:
                other = PIECE_BY_ID[owner[c]]
                problems.append((f"the {piece.name} ({pid}) and the {other.name} ({other.id}) overlap at "
                                 f"{cell_name(c)}", [c]))
            owner[c] = pid
    return problems


def given_options(blockers: Sequence[Cell], state: State) -> list[int]:
    """Option indices of a valid placement; PuzzleError naming the first mistake otherwise."""
    problems = placement_problems(blockers, state)
    if problems:
        raise PuzzleError(problems[0][0][0].upper() + problems[0][0][1:])
    index = placement_index()
    return [index[(pid, cells)] for pid, cells in state.items()]


# ----- solving ---------------------------------------------------------------------


def solve(blockers: Sequence[Cell], given: Sequence[int] = ()) -> list[Placement] | None:
    """One way to place the missing pieces (with the given ones), or None."""
    sol = problem().first(given, blockers)
    return None if sol is None else [placements()[k] for k in sol]


def count_solutions(blockers: Sequence[Cell], given: Sequence[int] = (), limit: int | None = None,
                    memo: dict[int, int] | bool = True) -> int:
    """The number of ways to finish (all of them, or `limit` if at least that many)."""
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
    by_piece = {pl.piece: pl.names() for pl in pls}
    return {p.id: by_piece[p.id] for p in PIECES if p.id in by_piece}


# ----- hints -----------------------------------------------------------------------


def _piece_phrase(pid: PieceId) -> str:
    """ "the T" / "the square" for reasons."""
    return f"the {PIECE_BY_ID[pid].name}"


def _ways(n: int) -> str:
    """ "one way", "2 ways"."""
    return "one way" if n == 1 else f"{n} ways"


def take_back_hint(blockers: Sequence[Cell], state: State) -> Hint:
    """Which placed piece to take back when the board can no longer be filled."""
    index = placement_index()
    opts = {pid: index[(pid, cells)] for pid, cells in state.items()}
    ec = problem()
    best: tuple[int, PieceId] | None = None
    for pid in sorted(opts, key=lambda p: -len(state[p])):  # bigger pieces first on ties
        rest = [k for q, k in opts.items() if q != pid]
        ways = ec.count(rest, blockers, limit=10_000)
        if ways and (best is None or ways > best[0]):
            best = (ways, pid)
    if best is not None:
        ways, pid = best
        reason = (f"The free cells cannot be filled with {_piece_phrase(pid)} where it is; take it back "
                  f"and the board can be finished in {'at least ' if ways >= 10_000 else ''}{ways:,} "
                  f"way{'s' if ways != 1 else ''}.")
        return Hint("take back", [cell_name(c) for c in state[pid]], reason, {"remove": pid}, 0,
                    {"solvable": False})
    for a, b in combinations(sorted(opts, key=lambda p: -len(state[p])), 2):
        rest = [k for q, k in opts.items() if q not in (a, b)]
        if ec.solvable(rest, blockers):
            reason = (f"No single piece fixes it: {_piece_phrase(a)} and {_piece_phrase(b)} together block "
                      f"every way to finish; take back {_piece_phrase(a)} first.")
            return Hint("take back", [cell_name(c) for c in state[a] + state[b]], reason, {"remove": a}, 0,
                        {"solvable": False})
    pid = max(opts, key=lambda p: len(state[p]))
    reason = "The placed pieces block every way to finish, even with two taken back; start again with a few of them."
    return Hint("take back", [cell_name(c) for c in state[pid]], reason, {"remove": pid}, 0, {"solvable": False})


def hint(blockers: Sequence[Cell], state: State) -> Hint:
    """The most forced next placement (or the piece to take back), with its reason."""
    given = given_options(blockers, state)
    ec = problem()
    if len(state) == len(PIECES):
        return Hint("solved", [], "Every piece is on the board: the puzzle is solved.", None, 0, {"solvable": True})
    used = ec.options_in_solutions(given, blockers)
    if not used:
        if not state:
            raise PuzzleError("this roll cannot be filled by the nine pieces", "no-solution")
        return take_back_hint(blockers, state)
    pls = placements()
    filled = set(blockers).union(*state.values())
    by_cell: dict[Cell, list[int]] = {c: [] for c in range(SIZE * SIZE) if c not in filled}
    by_piece: dict[PieceId, list[int]] = {p.id: [] for p in PIECES if p.id not in state}
    for k in sorted(used):
        by_piece[pls[k].piece].append(k)
        for c in pls[k].cells:
            by_cell[c].append(k)
    cell = min(by_cell, key=lambda c: (len(by_cell[c]), len({pls[k].piece for k in by_cell[c]}), c))
    piece = min(by_piece, key=lambda p: (len(by_piece[p]), -len(PIECE_BY_ID[p].cells)))
    if len(by_piece[piece]) < len(by_cell[cell]):
        k = by_piece[piece][0]
        n = len(by_piece[piece])
        reason = (f"{_piece_phrase(piece).capitalize()} fits in only {_ways(n)} that keeps the board solvable"
                  + (f"; one is {' '.join(pls[k].names())}." if n > 1 else f": {' '.join(pls[k].names())}."))
        return Hint("forced piece", pls[k].names(), reason, {"piece": piece, "cells": pls[k].names()}, 1,
                    {"solvable": True, "options": n})
    ks = by_cell[cell]
    pieces = sorted({pls[k].piece for k in ks}, key=lambda p: [q.id for q in PIECES].index(p))
    choice = min(pieces, key=lambda p: (sum(pls[k].piece == p for k in ks), -len(PIECE_BY_ID[p].cells)))
    mine = [k for k in ks if pls[k].piece == choice]
    k = mine[0]
    name = cell_name(cell)
    if len(ks) == 1:
        reason = (f"Only one placement covers {name} and keeps the board solvable: "
                  f"{_piece_phrase(choice)} on {' '.join(pls[k].names())}.")
    elif len(pieces) <= 3:
        who = "only one piece" if len(pieces) == 1 else f"only {len(pieces)} pieces"
        listed = " and ".join(_piece_phrase(p) for p in pieces)
        reason = (f"{who.capitalize()} can cover {name} ({listed}); {_piece_phrase(choice)} fits there in "
                  f"{_ways(len(mine))} that keep{'s' if len(mine) == 1 else ''} the board solvable.")
    else:
        reason = (f"{name} has the fewest ways to be covered ({len(ks)}); {_piece_phrase(choice)} fits there in "
                  f"{'only ' if len(mine) == 1 else ''}{_ways(len(mine))} that keep{'s' if len(mine) == 1 else ''} "
                  "the board solvable.")
    return Hint("forced cell", [name] + [n for n in pls[k].names() if n != name], reason,
                {"piece": choice, "cells": pls[k].names()}, 1 if len(ks) == 1 else 2,
                {"solvable": True, "options": len(ks), "pieces": pieces})


# ----- statistics (all rolls) -------------------------------------------------------

_MEMO_CAP = 3_000_000  # entries of a worker's shared memo before it is cleared (~350 MB)


def _count_chunk(rolls: list[tuple[Cell, ...]]) -> tuple[list[int], float]:
    """Count the solutions of consecutive rolls, sharing one memo (a worker's task); also its CPU seconds."""
    t0 = time.process_time()
    memo = _worker_memo
    out = []
    for blockers in rolls:
        if len(memo) > _MEMO_CAP:
            memo.clear()
        out.append(problem().count(covered=blockers, memo=memo))
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
    """The smallest of a cell set's 8 symmetric images (same solution count: the pieces turn and flip)."""
    return min(symmetries(cells))


def count_all(rolls: Sequence[tuple[Cell, ...]], workers: int) -> list[int]:
    """Solution counts of many rolls, using `workers` processes (1 = in this process)."""
    return count_all_timed(rolls, workers)[0]


def count_all_timed(rolls: Sequence[tuple[Cell, ...]], workers: int) -> tuple[list[int], float]:
    """Solution counts of many rolls and the CPU seconds the counting took.

    Rolls that are rotations or reflections of each other are counted once (62,208 real
    rolls fall into 28,276 classes); sorted classes go in chunks to the workers, each of
    which keeps one memo across its rolls.
    """
    keys = [canonical(r) for r in rolls]
    unique = sorted(set(keys))
    counts, cpu = _count_unique(unique, workers)
    table = dict(zip(unique, counts, strict=True))
    return [table[k] for k in keys], cpu


def _count_unique(rolls: Sequence[tuple[Cell, ...]], workers: int) -> tuple[list[int], float]:
    """Solution counts of distinct rolls, in order, on `workers` processes, and the CPU seconds spent."""
    problem()  # built once before forking
    if workers <= 1:
        return _count_chunk(list(rolls))
    import multiprocessing

    # Chunks of neighbouring rolls (they share sub-boards, so a worker's memo pays) handed
    # out one at a time, which balances the load.
    chunks = [list(rolls[i:i + 200]) for i in range(0, len(rolls), 200)]
    ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with ctx.Pool(workers) as pool:
        parts = list(pool.imap(_count_chunk, chunks))
    return [n for part, _ in parts for n in part], sum(secs for _, secs in parts)


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
    parser = argparse.ArgumentParser(prog="python -m solvers genius stats")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, default=None, help="only the first N rolls (for a quick look)")
    parser.add_argument("--csv", type=Path, default=None, help="golden counts to compare with")
    args = parser.parse_args(argv)
    rolls = all_rolls()[: args.limit]
    t0 = time.perf_counter()
    counts, cpu = count_all_timed(rolls, max(1, args.workers))
    secs = time.perf_counter() - t0
    print(f"Genius Square: {len(rolls):,} rolls counted in {secs:.1f} s with {args.workers} worker(s) "
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
    if path.exists():
        golden = read_counts_csv(path)
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


def new_dice(seed: int | str, tries: int, dice: Sequence[Sequence[str]] = DICE,
             log: Any = None) -> tuple[list[list[str]], list[float]]:
    """Swap faces between dice at random, keeping a swap only if every roll stays solvable.

    Only rolls showing a moved face are new, so only those are checked. Returns the dice
    and the seconds each try took.
    """
    rng = rng_for(seed, "genius-dice")
    cur = [[parse_cell(f) for f in die] for die in dice]
    memo: dict[int, int] = {}
    times = []
    for t in range(tries):
        t0 = time.perf_counter()
        a, b = rng.sample(range(len(cur)), 2)
        i, j = rng.randrange(len(cur[a])), rng.randrange(len(cur[b]))
        fa, fb = cur[a][i], cur[b][j]
        cand = [list(d) for d in cur]
        cand[a][i], cand[b][j] = fb, fa
        ok = fa != fb and all(
            all_solvable(cand, {die: face}, memo)
            for die, face in ((a, fb), (b, fa))
            if face not in cur[die]
        )
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
    parser = argparse.ArgumentParser(prog="python -m solvers genius dice")
    parser.add_argument("--seed", default="0")
    parser.add_argument("--tries", type=int, default=10)
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    dice, times = new_dice(args.seed, args.tries, log=print)
    for k, die in enumerate(dice, 1):
        print(f"die {k}: {' '.join(die)}")
    print(f"{args.tries} tries in {time.perf_counter() - t0:.1f} s (mean {statistics.fmean(times or [0]):.2f} s a try)")
    return 0


# ----- the family ------------------------------------------------------------------


class GeniusFamily(LegacyFamily):
    """Genius Square through JSON objects (see DESIGN.md's command-line contract)."""

    name = "genius"
    grades = tuple(name for name, _ in GRADE_BOUNDS)

    def solve(self, obj: Json) -> Json:
        """{"blockers", "state"?, "count"?, "measure"?} -> {"solution", "count"?, "difficulty"?, "chance"?}."""
        blockers = parse_blockers(obj)
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

    def generate(self, grade: int, seed: int, size: int | None) -> Json:
        """A seeded roll whose solution count falls in the grade's range."""
        if size not in (None, SIZE):
            raise PuzzleError("the Genius Square board is always 6x6")
        name, low = GRADE_BOUNDS[grade]
        high = GRADE_BOUNDS[grade - 1][1] if grade else None
        rng = rng_for(seed, "genius", grade)
        while True:
            faces = roll(rng)
            blockers = tuple(sorted(parse_cell(f) for f in faces))
            n = count_solutions(blockers, limit=high)
            if n >= low and (high is None or n < high):
                return {"blockers": [cell_name(c) for c in blockers], "dice": faces, "difficulty": name,
                        "seed": seed, "count": n}

    def hint(self, obj: Json) -> Json:
        """{"blockers", "state"} -> {"technique", "cells", "reason", "move", "solvable", ...}."""
        return hint(parse_blockers(obj), parse_state(obj)).to_json()

    def check(self, obj: Json) -> Json:
        """{"blockers", "state"} -> {"errors", "problems", "solved", "solvable", "message"}."""
        blockers = parse_blockers(obj)
        state = parse_state(obj)
        problems = placement_problems(blockers, state)
        errors = sorted({cell_name(c) for _, cells in problems for c in cells})
        texts = [m[0].upper() + m[1:] + "." for m, _ in problems]
        if problems:
            return {"errors": errors, "problems": texts, "solved": False, "solvable": False,
                    "message": f"{len(problems)} problem{'s' if len(problems) > 1 else ''} with the pieces."}
        solved = len(state) == len(PIECES)
        solvable = solved or problem().solvable(given_options(blockers, state), blockers)
        if solved:
            message = "Solved: every piece is on the board."
        elif solvable:
            message = f"No mistakes so far; {len(PIECES) - len(state)} pieces to go and the board can still be filled."
        else:
            message = "No overlaps, but the free cells can no longer be filled: take a piece back."
        return {"errors": [], "problems": [], "solved": solved, "solvable": solvable, "message": message}

    def trace(self, obj: Json, method: str | None) -> Iterator[Json]:
        """The exact cover search of one roll ("exact-cover", the only method): place/remove events, then solved."""
        if method not in (None, "", "exact-cover"):
            raise PuzzleError(f"unknown trace method {method!r}: Genius Square has exact-cover")
        blockers = parse_blockers(obj)
        given = given_options(blockers, parse_state(obj))
        if solve(blockers, given) is None:
            raise PuzzleError("these blockers cannot be filled with the nine pieces", "no-solution")
        pls = placements()
        return placement_trace(problem(), given, blockers, lambda k: (pls[k].piece, pls[k].names()),
                               obj.get("max_steps"))

    def extra_commands(self) -> tuple[str, ...]:
        """`stats` (count all rolls) and `dice` (search new dice)."""
        return ("stats", "dice")

    def run_extra(self, command: str, argv: list[str]) -> int:
        """Run `stats` or `dice`."""
        if command == "stats":
            return run_stats(argv)
        if command == "dice":
            return run_dice(argv)
        return super().run_extra(command, argv)


def pieces_json() -> list[Json]:
    """The PIECES table for the page: id, name, colour, cells and orientation count."""
    return [{"id": p.id, "name": p.name, "colour": p.colour, "cells": [list(c) for c in p.cells],
             "orientations": len(orientations(p.cells))} for p in PIECES]


FAMILY = GeniusFamily()
