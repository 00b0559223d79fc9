"""Ubongo 3D: fill a card's footprint, two cubes high, with the card's polycube pieces.

Rules: every listed piece is used exactly once, turned any way in space (no mirror images:
they are solid pieces), and together they fill footprint x 2 layers with no gap or overhang.
Solved as exact cover (items: the board's cubes, and the piece ids); one matrix per
footprint holds all eight pieces, and a card's piece list is a choice of pieces to allow.

Duplicates of a whole solution are removed under the symmetry group of the box: each of
the 48 turns and mirrors of space (signed permutations of row, column, layer) that maps
the box's cubes onto themselves; a solution's key is its smallest image, and solutions
with equal keys are one. For a usual card these are the footprint's own turns and mirrors,
each with or without swapping the layers; a 2-wide box also turns about its long axis.
Mirrors only merge solutions whose pieces are all achiral (the family's five chiral
pieces' mirror images are other shapes), so in practice the rigid turns of the box count.

Difficulty follows the reference (REFERENCES.md #3): for each piece, the placements that
occur in some solution divided by all its legal placements, multiplied over the pieces,
divided by the number of distinct solutions (after the symmetry reduction above); smaller
is harder. Levels 1..4 are bands of that probability (see LEVEL_BOUNDS). The generator
grows a connected footprint, finds the piece sets of `size` pieces (default 3 for levels
1-2, 4 for 3-4) that fill it, and keeps one of the requested level; a few ms per card.

Known limits: the piece set is the eight-piece family set only; the hint's "most forced"
piece is measured by placements that keep the card solvable, not by a human technique.
Possible future work: the original game's 16 piece types with repeated pieces.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, permutations, product
from typing import Any

from .base import Hint, Json, LegacyFamily, PuzzleError, rng_for
from .exactcover import ExactCover, placement_trace

Cube = tuple[int, int, int]  # (row, column, layer); layer 0 is the bottom
Square = tuple[int, int]  # (row, column) of a footprint cell
Shape = tuple[Cube, ...]  # cubes shifted so each coordinate's minimum is 0, sorted
PieceId = str
State = dict[PieceId, tuple[Cube, ...]]  # placed pieces: id -> cubes
Solution = dict[PieceId, tuple[Cube, ...]]

HEIGHT = 2
MAX_SIDE = 12  # largest footprint row/column number accepted (keeps matrices small)
MAX_HEIGHT = 4


@dataclass(frozen=True)
class Piece:
    """A polycube piece: stable id, display name, suggested colour, one orientation's cubes."""

    id: PieceId
    name: str
    colour: str
    cubes: Shape


# The Ubongo 3D Family set (ids: colour letter + number of cubes), as unit-cube offsets.
PIECES: tuple[Piece, ...] = (
    Piece("y5", "yellow five", "#f2c12e", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 0), (1, 0, 1))),
    Piece("y4", "yellow four", "#e8a317", ((0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 1, 0))),
    Piece("r4", "red four", "#d64541", ((0, 0, 0), (0, 0, 1), (0, 1, 1), (1, 1, 1))),
    Piece("r2", "red two", "#a93226", ((0, 0, 0), (0, 0, 1))),
    Piece("g3", "green three", "#58b368", ((0, 0, 0), (0, 0, 1), (0, 1, 0))),
    Piece("g5", "green five", "#2e7d4f", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 2), (1, 1, 2))),
    Piece("b4", "blue four", "#4a90d9", ((0, 0, 0), (0, 0, 1), (0, 0, 2), (1, 0, 0))),
    Piece("b5", "blue five", "#2c4f9e", ((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 2, 1))),
)
PIECE_BY_ID = {p.id: p for p in PIECES}
PIECE_IDS = tuple(p.id for p in PIECES)

GRADES = ("Easy", "Medium", "Hard", "Expert")
# Level = 1 + the number of bounds the probability is at or below: level 1 above 1e-3 ... level 4
# at most 1e-5. Over the 144 family cards with each of their 1,106 filling piece sets these
# bands hold about 13%, 27%, 50% and 10% (3-piece sets span 2e-4..0.11, 4-piece 2e-6..4e-3).
LEVEL_BOUNDS: tuple[float, ...] = (1e-3, 1e-4, 1e-5)
DEFAULT_PIECES = {1: 3, 2: 3, 3: 4, 4: 4}  # pieces per generated card when no size is given


# ----- geometry ------------------------------------------------------------------


def normalise(cubes: Iterable[Cube]) -> Shape:
    """Shift cubes so each coordinate's minimum is 0, sorted."""
    cubes = list(cubes)
    lo = [min(c[i] for c in cubes) for i in range(3)]
    return tuple(sorted((a - lo[0], b - lo[1], c - lo[2]) for a, b, c in cubes))


def _rotation_matrices() -> tuple[tuple[tuple[int, int], ...], ...]:
    """The 24 proper rotations as (source axis, sign) per output axis (signed permutations, det +1)."""
    out = []
    for perm in permutations(range(3)):
        parity = sum(perm[i] > perm[j] for i in range(3) for j in range(i + 1, 3)) % 2
        for signs in product((1, -1), repeat=3):
            if (-1) ** parity * signs[0] * signs[1] * signs[2] == 1:
                out.append(tuple(zip(perm, signs, strict=True)))
    return tuple(out)


ROTATIONS = _rotation_matrices()


@cache
def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct orientations of a polycube under the 24 rotations of space (no mirrors)."""
    found = {normalise(tuple(c[a] * s for a, s in rot) for c in shape) for rot in ROTATIONS}
    return tuple(sorted(found))


def is_connected(squares: Iterable[Square]) -> bool:
    """Whether squares form one edge-connected region (empty is not)."""
    left = set(squares)
    if not left:
        return False
    todo = [left.pop()]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in left:
                left.remove(n)
                todo.append(n)
    return not left


# ----- boards --------------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """One piece in one orientation at one place in the box."""

    piece: PieceId
    cubes: tuple[Cube, ...]


class Board:
    """A footprint x height box: its cubes, every placement of every piece, the exact cover matrix."""

    def __init__(self, footprint: tuple[Square, ...], height: int) -> None:
        self.footprint = footprint
        self.height = height
        self.cubes: tuple[Cube, ...] = tuple((r, c, z) for r, c in footprint for z in range(height))
        inside = set(self.cubes)
        rows = max(r for r, _ in footprint) + 1
        cols = max(c for _, c in footprint) + 1
        pls: list[Placement] = []
        for piece in PIECES:
            for shape in orientations(piece.cubes):
                ext = [max(c[i] for c in shape) for i in range(3)]
                for dr, dc, dz in product(range(rows - ext[0]), range(cols - ext[1]), range(height - ext[2])):
                    cubes = tuple((a + dr, b + dc, z + dz) for a, b, z in shape)
                    if all(q in inside for q in cubes):
                        pls.append(Placement(piece.id, cubes))
        self.placements = pls
        self.index = {(pl.piece, pl.cubes): k for k, pl in enumerate(pls)}
        # Cubes are primary (exactly once); piece ids secondary: a card's list is enforced by
        # covering the other pieces beforehand and by its volume equalling the box's.
        self.ec = ExactCover([(pl.piece, *pl.cubes) for pl in pls], primary=self.cubes, secondary=PIECE_IDS)
        self.symmetries = self._symmetries()

    def _symmetries(self) -> list[dict[Cube, Cube]]:
        """Maps of the box's cubes onto themselves: the turns and mirrors of space that keep the box."""
        lo = [min(q[i] for q in self.cubes) for i in range(3)]
        box = set(self.cubes)
        out = []
        for perm in permutations(range(3)):
            for signs in product((1, -1), repeat=3):
                moved = [tuple(q[a] * s for a, s in zip(perm, signs, strict=True)) for q in self.cubes]
                shift = [lo[i] - min(m[i] for m in moved) for i in range(3)]
                image = {q: (m[0] + shift[0], m[1] + shift[1], m[2] + shift[2])
                         for q, m in zip(self.cubes, moved, strict=True)}
                if set(image.values()) == box:
                    out.append(image)
        return out

    def excluded(self, pieces: Sequence[PieceId] | None) -> list[PieceId]:
        """Piece ids treated as already used (not on the card); none when any subset may be used."""
        return [] if pieces is None else [p for p in PIECE_IDS if p not in pieces]

    def canonical(self, sol: Solution) -> tuple[tuple[PieceId, tuple[Cube, ...]], ...]:
        """The smallest image of a solution under the box's symmetries (equal for duplicates)."""
        return min(tuple(sorted((pid, tuple(sorted(m[q] for q in cubes))) for pid, cubes in sol.items()))
                   for m in self.symmetries)

    def decode(self, options: Iterable[int]) -> Solution:
        """Option indices as piece id -> cubes, in PIECES order."""
        got = {self.placements[k].piece: self.placements[k].cubes for k in options}
        return {pid: got[pid] for pid in PIECE_IDS if pid in got}


@lru_cache(maxsize=512)
def board(footprint: tuple[Square, ...], height: int = HEIGHT) -> Board:
    """The (cached) board of a sorted footprint."""
    return Board(footprint, height)


# ----- cards ---------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A puzzle: footprint squares (sorted), height, and the pieces to use (None: any subset)."""

    footprint: tuple[Square, ...]
    height: int = HEIGHT
    pieces: tuple[PieceId, ...] | None = None

    @property
    def board(self) -> Board:
        """The card's board."""
        return board(self.footprint, self.height)

    def volume(self) -> int:
        """Cubes in the box."""
        return len(self.footprint) * self.height

    def to_json(self) -> Json:
        """The solve-input form."""
        out: Json = {"footprint": [list(s) for s in self.footprint], "height": self.height}
        if self.pieces is not None:
            out["pieces"] = list(self.pieces)
        return out


def piece_id(name: Any) -> PieceId:
    """The piece id for a name given in any case; PuzzleError for unknown pieces."""
    if isinstance(name, str) and name.strip().lower() in PIECE_BY_ID:
        return name.strip().lower()
    raise PuzzleError(f"unknown piece {name!r}: the pieces are {', '.join(PIECE_IDS)}")


def volume(pieces: Iterable[PieceId]) -> int:
    """Total cubes of some pieces."""
    return sum(len(PIECE_BY_ID[p].cubes) for p in pieces)


def _int(value: Any, what: str, low: int, high: int) -> int:
    """An integer in low..high, or PuzzleError naming `what`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PuzzleError(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def make_card(footprint: Iterable[Square], height: int = HEIGHT, pieces: Iterable[PieceId] | None = None) -> Card:
    """A validated card; PuzzleError for empty, disconnected or mismatched input."""
    squares = list(footprint)
    if not squares:
        raise PuzzleError("the card's footprint is empty: give at least one [row, col] square")
    if len(set(squares)) != len(squares):
        dup = sorted({s for s in squares if squares.count(s) > 1})
        raise PuzzleError(f"footprint square {list(dup[0])} is listed twice")
    if not is_connected(squares):
        raise PuzzleError("the card's footprint is in several parts: its squares must touch edge to edge")
    ids: tuple[PieceId, ...] | None = None
    if pieces is not None:
        ids = tuple(pieces)
        if len(set(ids)) != len(ids):
            raise PuzzleError("each piece can be on a card only once")
        if not ids:
            raise PuzzleError("the card lists no pieces")
        if volume(ids) != len(squares) * height:
            raise PuzzleError(f"the pieces have {volume(ids)} cubes but the card holds {len(squares)} squares x "
                              f"{height} layers = {len(squares) * height} cubes")
        ids = tuple(p for p in PIECE_IDS if p in ids)
    return Card(tuple(sorted(squares)), height, ids)


def parse_card(obj: Json) -> Card:
    """The card of a solve input {"footprint", "height"?, "pieces"?}; PuzzleError on bad input."""
    fp = obj.get("footprint")
    if not isinstance(fp, list):
        raise PuzzleError('give "footprint": a list of [row, col] squares, like [[0, 0], [0, 1], [1, 1]]')
    squares = []
    for sq in fp:
        if not isinstance(sq, list | tuple) or len(sq) != 2:
            raise PuzzleError(f"footprint square {sq!r} is not a [row, col] pair")
        squares.append((_int(sq[0], "a footprint row", 0, MAX_SIDE), _int(sq[1], "a footprint column", 0, MAX_SIDE)))
    height = _int(obj.get("height", HEIGHT), "height", 1, MAX_HEIGHT)
    raw = obj.get("pieces")
    if raw is not None and not isinstance(raw, list):
        raise PuzzleError('"pieces" must be a list of piece ids, like ["y5", "g3", "r4"]')
    pieces = None if raw is None else [piece_id(p) for p in raw]
    return make_card(squares, height, pieces)


def format_card(card: Card) -> str:
    """Compact text for links: pieces joined by '-', '_', footprint rows as 0/1 joined by '.', '_', height."""
    rows = max(r for r, _ in card.footprint) + 1
    cols = max(c for _, c in card.footprint) + 1
    grid = ".".join("".join("1" if (r, c) in card.footprint else "0" for c in range(cols)) for r in range(rows))
    return f"{'-'.join(card.pieces or ())}_{grid}_{card.height}"


def parse(text: str) -> Card:
    """The card of a `format_card` text; PuzzleError when malformed."""
    parts = text.strip().split("_") if isinstance(text, str) else []
    if len(parts) not in (2, 3) or not parts[1] or set(parts[1]) - set("01."):
        raise PuzzleError("this card link is malformed: expected pieces_rows_height like g3-r4-y5_01000.11111_2")
    height = int(parts[2]) if len(parts) == 3 and parts[2].isdigit() else HEIGHT
    if len(parts) == 3 and not parts[2].isdigit():
        raise PuzzleError("this card link's height is not a number")
    squares = [(r, c) for r, row in enumerate(parts[1].split(".")) for c, ch in enumerate(row) if ch == "1"]
    pieces = [piece_id(p) for p in parts[0].split("-")] if parts[0] else None
    if len(squares) > (MAX_SIDE + 1) ** 2 or not 1 <= height <= MAX_HEIGHT:
        raise PuzzleError("this card link describes a board too large to play")
    return make_card(squares, height, pieces)


# ----- solving -------------------------------------------------------------------


def solve(card: Card, given: Sequence[int] = ()) -> Solution | None:
    """One way to fill the card (with the given placements), or None."""
    b = card.board
    sol = b.ec.first(given, b.excluded(card.pieces))
    return None if sol is None else b.decode(sol)


def raw_solutions(card: Card, given: Sequence[int] = (), limit: int | None = None) -> list[Solution]:
    """Every filling (symmetric images counted separately), at most `limit`."""
    b = card.board
    return [b.decode(s) for s in b.ec.solutions(given, b.excluded(card.pieces), limit=limit)]


def count_raw(card: Card, given: Sequence[int] = (), limit: int | None = None) -> int:
    """Number of fillings, symmetric images counted separately."""
    b = card.board
    return b.ec.count(given, b.excluded(card.pieces), limit=limit)


def distinct_solutions(card: Card, given: Sequence[int] = ()) -> list[Solution]:
    """The fillings with symmetric duplicates of the whole box removed (first of each class kept)."""
    b = card.board
    seen: set[Any] = set()
    out = []
    for sol in raw_solutions(card, given):
        key = b.canonical(sol)
        if key not in seen:
            seen.add(key)
            out.append(sol)
    return out


def fill_subsets(footprint: Sequence[Square], height: int = HEIGHT,
                 size: int | None = None) -> list[tuple[PieceId, ...]]:
    """Every subset of the pieces (of `size` pieces, if given) that fills the box, in PIECES order."""
    b = board(tuple(sorted(footprint)), height)
    need = len(footprint) * height
    out = []
    for k in range(1, len(PIECES) + 1) if size is None else (size,):
        for subset in combinations(PIECE_IDS, k):
            if volume(subset) == need and b.ec.solvable(covered=b.excluded(subset)):
                out.append(subset)
    return out


@dataclass(frozen=True)
class Rating:
    """The reference's difficulty measure of a card and its parts."""

    probability: float  # product of used/legal over pieces, over distinct solutions; 0 if unsolvable
    level: int  # 1..4, 0 when unsolvable
    distinct: int  # solutions up to the box's symmetries
    raw: int  # solutions counting symmetric images
    placements: dict[PieceId, tuple[int, int]]  # per piece: (placements used in solutions, legal placements)


def level_of(probability: float) -> int:
    """The level 1..4 of a probability (0 for an unsolvable card)."""
    if probability <= 0:
        return 0
    return 1 + sum(probability <= bound for bound in LEVEL_BOUNDS)


def rate(card: Card) -> Rating:
    """The card's probability that random placement solves it, and its level."""
    if card.pieces is None:
        raise PuzzleError("rating needs the card's pieces")
    b = card.board
    covered = b.excluded(card.pieces)
    legal = b.ec.live_options(covered=covered)
    used = b.ec.options_in_solutions(covered=covered)
    per = {p: (sum(b.placements[k].piece == p for k in used), sum(b.placements[k].piece == p for k in legal))
           for p in card.pieces}
    raw = b.ec.count(covered=covered)
    distinct = len(distinct_solutions(card)) if raw else 0
    prob = math.prod(u / n for u, n in per.values()) / distinct if distinct else 0.0
    return Rating(prob, level_of(prob), distinct, raw, per)


# ----- generating ----------------------------------------------------------------


def grow_footprint(rng: Any, area: int, rows: int = 4, cols: int = 5) -> tuple[Square, ...]:
    """A random edge-connected footprint of `area` squares inside rows x cols, normalised."""
    start = (rng.randrange(rows), rng.randrange(cols))
    cells = [start]
    have = {start}
    while len(cells) < area:
        frontier = sorted({(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                           if 0 <= r + dr < rows and 0 <= c + dc < cols} - have)
        nxt = rng.choice(frontier)
        cells.append(nxt)
        have.add(nxt)
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def generate(level: int, seed: int | str, size: int | None = None, height: int = HEIGHT,
             max_tries: int = 1_000) -> tuple[Card, Rating, int]:
    """A card of the level (1..4) with `size` pieces, deterministic for the seed; also its rating and tries.

    As the reference does: grow a random connected footprint, find the piece sets of the
    right number that fill it, and keep the first (in random order) whose level is right.
    """
    if level not in DEFAULT_PIECES:
        raise PuzzleError(f"levels are 1 to {len(DEFAULT_PIECES)}, not {level}")
    n = DEFAULT_PIECES[level] if size is None else _int(size, "the number of pieces", 2, 5)
    rng = rng_for(seed, "ubongo", level, n, height)
    areas = sorted({volume(s) // height for s in combinations(PIECE_IDS, n) if volume(s) % height == 0})
    for tries in range(1, max_tries + 1):
        fp = grow_footprint(rng, rng.choice(areas))
        subsets = fill_subsets(fp, height, n)
        rng.shuffle(subsets)
        for subset in subsets:
            card = Card(fp, height, subset)
            rating = rate(card)
            if rating.level == level:
                return card, rating, tries
    raise PuzzleError(f"no level {level} card with {n} pieces found in {max_tries} footprints", "timeout")


# ----- state, checking, hints ------------------------------------------------------


def parse_state(obj: Json) -> State:
    """The placed pieces of "state" (or "placed"): piece id -> cubes; PuzzleError on bad shapes of input."""
    raw = obj.get("state", obj.get("placed")) or {}
    if not isinstance(raw, dict):
        raise PuzzleError('"state" must map piece ids to cubes, like {"r2": [[0, 0, 0], [0, 1, 0]]}')
    out: State = {}
    for name, cubes in raw.items():
        pid = piece_id(name)
        if pid in out:
            raise PuzzleError(f"piece {pid} is placed twice")
        if not cubes:
            continue
        if not isinstance(cubes, list) or not all(isinstance(q, list | tuple) and len(q) == 3 for q in cubes):
            raise PuzzleError(f"piece {pid}: give its cubes as [row, col, layer] triples")
        out[pid] = tuple(sorted((_int(q[0], "a row", -99, 99), _int(q[1], "a column", -99, 99),
                                 _int(q[2], "a layer", -99, 99)) for q in cubes))
    return out


def _name(pid: PieceId) -> str:
    """ "the red two (r2)" for messages."""
    return f"the {PIECE_BY_ID[pid].name} ({pid})"


def placement_problems(card: Card, state: State) -> list[tuple[str, PieceId, list[Cube]]]:
    """Mistakes in a build: pieces not on the card, wrong shapes, cubes outside, overlaps."""
    problems: list[tuple[str, PieceId, list[Cube]]] = []
    inside = set(card.board.cubes)
    owner: dict[Cube, PieceId] = {}
    for pid, cubes in state.items():
        piece = PIECE_BY_ID[pid]
        if card.pieces is not None and pid not in card.pieces:
            problems.append((f"{_name(pid)} is not one of this card's pieces", pid, list(cubes)))
            continue
        if len(set(cubes)) != len(cubes) or normalise(cubes) not in orientations(piece.cubes):
            problems.append((f"{_name(pid)} has {len(piece.cubes)} cubes in its own shape and cannot fill those "
                             "cubes", pid, list(cubes)))
            continue
        out = [q for q in cubes if q not in inside]
        if out:
            problems.append((f"{_name(pid)} sticks out of the card", pid, out))
        for q in cubes:
            if q in owner:
                problems.append((f"{_name(pid)} and {_name(owner[q])} overlap", pid, [q]))
            owner[q] = pid
    return problems


def _cells(cubes: Iterable[Cube]) -> list[list[int]]:
    """Cubes as JSON lists."""
    return [list(q) for q in cubes]


def take_back_hint(card: Card, given: dict[PieceId, int]) -> Hint:
    """Which placed piece to take back when the card can no longer be filled."""
    b = card.board
    covered = b.excluded(card.pieces)
    order = sorted(given, key=lambda p: (-len(PIECE_BY_ID[p].cubes), PIECE_IDS.index(p)))
    best: tuple[int, PieceId] | None = None
    for pid in order:
        ways = b.ec.count([k for q, k in given.items() if q != pid], covered, limit=1000)
        if ways and (best is None or ways > best[0]):
            best = (ways, pid)
    if best is not None:
        pid = best[1]
        reason = (f"The rest of the card cannot be filled with {_name(pid)} where it is; take it back and the "
                  "card can be finished.")
    else:
        pair = next(((a, c) for a, c in combinations(order, 2)
                     if b.ec.solvable([k for q, k in given.items() if q not in (a, c)], covered)), None)
        pid = pair[0] if pair else order[0]
        reason = (f"No single piece fixes it: {_name(pair[0])} and {_name(pair[1])} block every way to finish; "
                  f"take back {_name(pid)} first." if pair else
                  "The placed pieces block every way to finish; take this one back and try again.")
    cubes = b.placements[given[pid]].cubes
    return Hint("take back", _cells(cubes), reason, {"remove": pid}, 0, {"solvable": False})


def hint(card: Card, state: State) -> Hint:
    """A fix for a mistake, the piece to take back, or the most forced next piece and where."""
    problems = placement_problems(card, state)
    if problems:
        text, pid, cubes = problems[0]
        return Hint("mistake", _cells(cubes), text[0].upper() + text[1:] + ": take it back.", {"remove": pid}, 0,
                    {"solvable": False})
    b = card.board
    covered = b.excluded(card.pieces)
    given = {pid: b.index[(pid, cubes)] for pid, cubes in state.items()}
    filled = {q for cubes in state.values() for q in cubes}
    if len(filled) == len(b.cubes):
        return Hint("solved", [], "Every cube of the card is filled: solved.", None, 0, {"solvable": True})
    used = b.ec.options_in_solutions(list(given.values()), covered)
    if not used:
        if not state:
            raise PuzzleError("this card cannot be filled with its pieces", "no-solution")
        return take_back_hint(card, given)
    by_piece: dict[PieceId, list[int]] = {}
    by_cube: dict[Cube, list[int]] = {q: [] for q in b.cubes if q not in filled}
    for k in sorted(used):
        pl = b.placements[k]
        by_piece.setdefault(pl.piece, []).append(k)
        for q in pl.cubes:
            by_cube[q].append(k)
    size = {p: len(PIECE_BY_ID[p].cubes) for p in PIECE_IDS}
    piece = min(by_piece, key=lambda p: (len(by_piece[p]), -size[p], PIECE_IDS.index(p)))
    cube = min(by_cube, key=lambda q: (len(by_cube[q]), q))
    n = len(by_piece[piece])
    if n <= len(by_cube[cube]):
        k = by_piece[piece][0]
        cells = b.placements[k].cubes
        reason = (f"{_name(piece)[0].upper()}{_name(piece)[1:]} fits in only "
                  f"{'one way that keeps' if n == 1 else f'{n} ways that keep'} the card solvable"
                  + ("." if n == 1 else "; here is one of them."))
        return Hint("forced piece", _cells(cells), reason, {"piece": piece, "cells": _cells(cells)},
                    1 if n == 1 else 2, {"solvable": True, "options": n})
    ks = by_cube[cube]
    pieces = sorted({b.placements[k].piece for k in ks}, key=PIECE_IDS.index)
    k = ks[0]
    pl = b.placements[k]
    where = f"the cube at row {cube[0]}, column {cube[1]}, layer {cube[2] + 1}"
    reason = (f"Only {'one placement' if len(ks) == 1 else f'{len(ks)} placements'} of "
              f"{' or '.join(_name(p) for p in pieces)} can fill {where} and keep the card solvable"
              + ("." if len(ks) == 1 else f"; try {_name(pl.piece)} here."))
    return Hint("forced cube", _cells([cube] + [q for q in pl.cubes if q != cube]), reason,
                {"piece": pl.piece, "cells": _cells(pl.cubes)}, 1 if len(ks) == 1 else 2,
                {"solvable": True, "options": len(ks), "pieces": pieces})


def check(card: Card, state: State) -> Json:
    """Problems in a build, whether it is finished, and whether it can still be finished."""
    problems = placement_problems(card, state)
    if problems:
        errors = sorted({q for _, _, cubes in problems for q in cubes})
        return {"errors": _cells(errors), "problems": [t[0].upper() + t[1:] + "." for t, _, _ in problems],
                "solved": False, "solvable": False,
                "message": f"{len(problems)} problem{'s' if len(problems) > 1 else ''} with the pieces."}
    b = card.board
    filled = sum(len(c) for c in state.values())
    solved = filled == len(b.cubes)
    given = [b.index[(pid, cubes)] for pid, cubes in state.items()]
    solvable = solved or b.ec.solvable(given, b.excluded(card.pieces))
    if solved:
        message = "Solved: the card is filled two layers high."
    elif solvable:
        message = f"No mistakes so far; {len(b.cubes) - filled} cubes to go and the card can still be filled."
    else:
        message = "No overlaps, but the rest can no longer be filled: take a piece back."
    return {"errors": [], "problems": [], "solved": solved, "solvable": solvable, "message": message}


def solution_json(sol: Solution) -> dict[PieceId, list[list[int]]]:
    """A solution as piece id -> [[row, col, layer], ...]."""
    return {pid: _cells(sorted(cubes)) for pid, cubes in sol.items()}


def pieces_json() -> list[Json]:
    """The PIECES table for the page: id, name, colour, cubes and orientation count."""
    return [{"id": p.id, "name": p.name, "colour": p.colour, "cubes": _cells(p.cubes),
             "orientations": len(orientations(p.cubes))} for p in PIECES]


SOLUTIONS_CAP = 50


# ----- the family ------------------------------------------------------------------


class UbongoFamily(LegacyFamily):
    """Ubongo 3D through JSON objects (see DESIGN.md's command-line contract)."""

    name = "ubongo"
    grades = GRADES

    def solve(self, obj: Json) -> Json:
        """{"footprint", "height"?, "pieces"?, "count"?} -> {"solution", "count"?} (or the fill subsets)."""
        card = parse_card(obj)
        if card.pieces is None:
            subsets = fill_subsets(card.footprint, card.height)
            if not subsets:
                raise PuzzleError("no set of the pieces fills this card", "no-solution")
            first = Card(card.footprint, card.height, subsets[0])
            out: Json = {"solution": solution_json(solve(first) or {}), "pieces": list(subsets[0]),
                         "subsets": [list(s) for s in subsets]}
            if obj.get("count"):
                out["counts"] = [len(distinct_solutions(Card(card.footprint, card.height, s))) for s in subsets]
            return out
        sol = solve(card)
        if sol is None:
            raise PuzzleError("these pieces cannot fill this card", "no-solution")
        out = {"solution": solution_json(sol)}
        if obj.get("count"):
            out["count"] = len(distinct_solutions(card))
            out["raw_count"] = count_raw(card)
        return out

    def generate(self, grade: int, seed: int, size: int | None) -> Json:
        """A seeded card of the grade: {"footprint", "height", "pieces", "difficulty", "level", ...}."""
        card, rating, _ = generate(grade + 1, seed, size)
        return {**card.to_json(), "difficulty": GRADES[grade], "level": rating.level,
                "probability": rating.probability, "solutions": rating.distinct, "seed": seed,
                "code": format_card(card)}

    def hint(self, obj: Json) -> Json:
        """Solve input + {"state"} -> {"technique", "cells", "reason", "move", "solvable", ...}."""
        card = parse_card(obj)
        return hint(card, parse_state(obj)).to_json()

    def check(self, obj: Json) -> Json:
        """Solve input + {"state"} -> {"errors", "problems", "solved", "solvable", "message"}."""
        return check(parse_card(obj), parse_state(obj))

    def trace(self, obj: Json, method: str | None) -> Iterator[Json]:
        """The exact cover search ("exact-cover", the only method): place/remove events (cells [row, col, layer])."""
        if method not in (None, "", "exact-cover"):
            raise PuzzleError(f"unknown trace method {method!r}: Ubongo has exact-cover")
        card = parse_card(obj)
        if card.pieces is None:
            subsets = fill_subsets(card.footprint, card.height)
            card = Card(card.footprint, card.height, subsets[0] if subsets else ())
        if solve(card) is None:
            raise PuzzleError("these pieces cannot fill this card", "no-solution")
        b = card.board
        pls = b.placements
        return placement_trace(b.ec, (), b.excluded(card.pieces),
                               lambda k: (pls[k].piece, _cells(sorted(pls[k].cubes))), obj.get("max_steps"))

    def solutions(self, obj: Json) -> Json:
        """Solve input (with pieces) -> {"solutions": [...up to 50, distinct], "count": N, "capped": bool}."""
        card = parse_card(obj)
        if card.pieces is None:
            raise PuzzleError('list the card\'s "pieces" to see its solutions')
        sols = distinct_solutions(card)
        if not sols:
            raise PuzzleError("these pieces cannot fill this card", "no-solution")
        return {"solutions": [solution_json(s) for s in sols[:SOLUTIONS_CAP]], "count": len(sols),
                "capped": len(sols) > SOLUTIONS_CAP}

    def rate(self, obj: Json) -> Json:
        """Solve input (with pieces) -> {"probability", "level", "solutions", "raw_solutions", "placements"}."""
        r = rate(parse_card(obj))
        return {"probability": r.probability, "level": r.level, "solutions": r.distinct, "raw_solutions": r.raw,
                "placements": {p: list(v) for p, v in r.placements.items()}}


FAMILY = UbongoFamily()
