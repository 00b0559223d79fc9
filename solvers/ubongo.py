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

The tables, the card code, links and moves are the rules layer's (`rules/ubongo.py`, shared
with the page); checks and hints are the placement engine's (`placement.py`, shared with
Genius Square).

Two piece sets (rules.SETS): the eight-piece family set and the original game's 16 piece types
(`"variant": "original"` when generating, or a card listing those pieces). A board holds the
placements of one set; a card uses each type at most once, as the study's generator does.

Known limits: the hint's "most forced" piece is measured by placements that keep the card
solvable, not by a human technique; cards never repeat a piece type (the game's box has 2-4
copies of each).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations, product
from typing import Any

from .base import Codec, Command, Family, Hint, Json, Params, Problem, PuzzleError, rng_for, rule_call
from .exactcover import ExactCover, watch_method
from .placement import Engine, Piece, Placed, Placement, Words, check_answer, read_pieces
from .rules import placing
from .rules import ubongo as rules

Cube = tuple[int, int, int]  # (row, column, layer); layer 0 is the bottom
Square = tuple[int, int]  # (row, column) of a footprint cell
Shape = tuple[Cube, ...]  # cubes shifted so each coordinate's minimum is 0, sorted
PieceId = str
State = dict[PieceId, tuple[Cube, ...]]  # placed pieces: id -> cubes
Solution = dict[PieceId, tuple[Cube, ...]]

HEIGHT = rules.HEIGHT
MAX_SIDE = rules.MAX_SIDE  # largest footprint row/column number accepted (keeps matrices small)
MAX_SQUARES = (MAX_SIDE + 1) ** 2  # the most squares a footprint can have
MAX_HEIGHT = rules.MAX_HEIGHT


class Polycube(Piece):
    """A piece of Cubes 3D: its cells are cubes."""

    @property
    def cubes(self) -> Shape:
        """One orientation's cubes."""
        return self.cells


# Both piece sets: the rules layer's table (the page reads the same module).
PIECES: tuple[Polycube, ...] = tuple(Polycube(*p) for p in rules.PIECES)
PIECE_BY_ID = {p.id: p for p in PIECES}
PIECE_IDS = tuple(p.id for p in PIECES)
SETS: dict[str, tuple[PieceId, ...]] = {name: tuple(ids) for name, ids in rules.SETS.items()}
DEFAULT_SET = next(iter(SETS))

GRADES = tuple(rules.GRADES)
# Level = 1 + the number of bounds the probability is at or below: level 1 above 1e-3 ... level 4
# at most 1e-5. Over the 144 family cards with each of their 1,106 filling piece sets these
# bands hold about 13%, 27%, 50% and 10% (3-piece sets span 2e-4..0.11, 4-piece 2e-6..4e-3).
LEVEL_BOUNDS: tuple[float, ...] = (1e-3, 1e-4, 1e-5)
DEFAULT_PIECES = {1: 3, 2: 3, 3: 4, 4: 4}  # pieces per generated card when no size is given
RATED_PER_FOOTPRINT = 16  # piece sets rated per grown footprint before growing another (rating is the cost)


# ----- geometry ------------------------------------------------------------------


def normalise(cubes: Iterable[Cube]) -> Shape:
    """Shift cubes so each coordinate's minimum is 0, sorted."""
    return rules.normalise(cubes)


ROTATIONS = tuple(rules.rotations())  # the 24 turns of space as signed axis permutations


def orientations(shape: Shape) -> tuple[Shape, ...]:
    """The distinct orientations of a polycube under the 24 rotations of space (no mirrors)."""
    return rules.orientations(shape)


def is_connected(squares: Iterable[Square]) -> bool:
    """Whether squares form one edge-connected region (empty is not)."""
    return rules.is_connected(squares)



# ----- boards --------------------------------------------------------------------


class Board:
    """A footprint x height box: its cubes, every placement of every piece, the exact cover matrix."""

    def __init__(self, footprint: tuple[Square, ...], height: int, kit: str = DEFAULT_SET) -> None:
        self.footprint = footprint
        self.height = height
        self.ids = SETS[kit]  # the piece set's ids, in PIECES order
        self.cubes: tuple[Cube, ...] = tuple((r, c, z) for r, c in footprint for z in range(height))
        inside = set(self.cubes)
        rows = max(r for r, _ in footprint) + 1
        cols = max(c for _, c in footprint) + 1
        pls: list[Placement] = []
        for piece in (PIECE_BY_ID[p] for p in self.ids):
            for shape in orientations(piece.cubes):
                ext = [max(c[i] for c in shape) for i in range(3)]
                for dr, dc, dz in product(range(rows - ext[0]), range(cols - ext[1]), range(height - ext[2])):
                    cubes = tuple((a + dr, b + dc, z + dz) for a, b, z in shape)
                    if all(q in inside for q in cubes):
                        pls.append(Placement(piece.id, tuple(sorted(cubes))))
        # Cubes are primary (exactly once); piece ids secondary: a card's list is enforced by
        # covering the other pieces beforehand and by its volume equalling the box's.
        self.engine = Engine(pls, self.cubes, {p: len(PIECE_BY_ID[p].cubes) for p in self.ids}, rules.neighbours,
                             pieces_primary=False)
        self.placements: list[Placement] = self.engine.placements
        self.index = self.engine.index
        self.ec: ExactCover = self.engine.ec
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
        return [] if pieces is None else [p for p in self.ids if p not in pieces]

    def canonical(self, sol: Solution) -> tuple[tuple[PieceId, tuple[Cube, ...]], ...]:
        """The smallest image of a solution under the box's symmetries (equal for duplicates)."""
        return min(tuple(sorted((pid, tuple(sorted(m[q] for q in cubes))) for pid, cubes in sol.items()))
                   for m in self.symmetries)

    def decode(self, options: Iterable[int]) -> Solution:
        """Option indices as piece id -> cubes, in PIECES order."""
        got = {self.placements[k].piece: self.placements[k].cubes for k in options}
        return {pid: got[pid] for pid in self.ids if pid in got}


@lru_cache(maxsize=512)
def board(footprint: tuple[Square, ...], height: int = HEIGHT, kit: str = DEFAULT_SET) -> Board:
    """The (cached) board of a sorted footprint with the placements of a piece set."""
    return Board(footprint, height, kit)


# ----- cards ---------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A puzzle: footprint squares (sorted), height, the pieces to use (None: any subset of the set `kit`)."""

    footprint: tuple[Square, ...]
    height: int = HEIGHT
    pieces: tuple[PieceId, ...] | None = None
    kit: str = DEFAULT_SET  # the piece set (rules.SETS); a card's pieces decide it

    @property
    def board(self) -> Board:
        """The card's board."""
        return board(self.footprint, self.height, self.kit)

    def volume(self) -> int:
        """Cubes in the box."""
        return len(self.footprint) * self.height

    def to_json(self) -> Json:
        """The solve-input form."""
        out: Json = {"footprint": [list(s) for s in self.footprint], "height": self.height}
        if self.pieces is not None:
            out["pieces"] = list(self.pieces)
        elif self.kit != DEFAULT_SET:
            out["variant"] = self.kit
        return out


def piece_id(name: Any) -> PieceId:
    """The piece id for a name given in any case; PuzzleError for unknown pieces."""
    return rule_call(rules.piece_id, name)


def volume(pieces: Iterable[PieceId]) -> int:
    """Total cubes of some pieces."""
    return rules.volume(pieces)


def _shown(value: Any) -> str:
    """A short picture of a bad input value for a message (never thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**12:
        return "a huge number"
    text = repr(value) if isinstance(value, (bool, int, float, str, type(None))) else type(value).__name__
    return text[:30]


def _int(value: Any, what: str, low: int, high: int) -> int:
    """An integer in low..high, or PuzzleError naming `what`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PuzzleError(f"{what} must be a whole number from {low} to {high}, not {_shown(value)}")
    return value


def make_card(footprint: Iterable[Square], height: int = HEIGHT, pieces: Iterable[PieceId] | None = None,
              kit: str = DEFAULT_SET) -> Card:
    """A validated card (rules.card_problem); PuzzleError for empty, disconnected or mismatched input."""
    squares = [tuple(s) for s in footprint]
    ids = None if pieces is None else tuple(pieces)
    bad = rules.card_problem(squares, height, ids)
    if bad:
        raise PuzzleError(bad)
    if ids is None:
        return Card(tuple(sorted(squares)), height, None, kit)
    return Card(tuple(sorted(squares)), height, tuple(p for p in PIECE_IDS if p in ids), rules.set_of(ids))


def read_set(value: Any) -> str:
    """A piece set's name ("family" when not given); PuzzleError naming the sets."""
    if value is None:
        return DEFAULT_SET
    if value not in SETS:
        raise PuzzleError(f'the piece sets are {", ".join(SETS)}, not {_shown(value)}')
    return value


def parse_card(obj: Json) -> Card:
    """The card of a solve input {"footprint", "height"?, "pieces"?}; PuzzleError on bad input."""
    fp = obj.get("footprint")
    if not isinstance(fp, list):
        raise PuzzleError('give "footprint": a list of [row, col] squares, like [[0, 0], [0, 1], [1, 1]]')
    if len(fp) > MAX_SQUARES:  # bounded before any work: a card has at most this many squares
        raise PuzzleError(f"a footprint has at most {MAX_SQUARES} squares, not {len(fp)}")
    squares = []
    for sq in fp:
        if not isinstance(sq, list | tuple) or len(sq) != 2:
            raise PuzzleError(f"footprint square {_shown(sq)} is not a [row, col] pair")
        squares.append((_int(sq[0], "a footprint row", 0, MAX_SIDE), _int(sq[1], "a footprint column", 0, MAX_SIDE)))
    height = _int(obj.get("height", HEIGHT), "height", 1, MAX_HEIGHT)
    raw = obj.get("pieces")
    if raw is not None and not isinstance(raw, list):
        raise PuzzleError('"pieces" must be a list of piece ids, like ["y5", "g3", "r4"]')
    if raw is not None and len(raw) > len(PIECE_IDS):
        raise PuzzleError(f"a card has at most {len(PIECE_IDS)} pieces, each once")
    pieces = None if raw is None else [piece_id(p) for p in raw]
    return make_card(squares, height, pieces, read_set(obj.get("variant")))


def format_card(card: Card) -> str:
    """Compact text for links (rules.format_code): pieces joined by '-', '_', footprint rows as 0/1, '_', height."""
    return rules.format_code(card.footprint, card.height, card.pieces)


def parse(text: str) -> Card:
    """The card of a `format_card` text (a link's placed pieces after "~" are ignored); PuzzleError when malformed."""
    if not isinstance(text, str):
        raise PuzzleError("this card link is malformed: expected pieces_rows_height like g3-r4-y5_01000.11111_2")
    squares, height, pieces = rule_call(rules.parse_code, text.partition("~")[0])
    return Card(squares, height, pieces, rules.set_of(pieces))


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
                 size: int | None = None, kit: str = DEFAULT_SET) -> list[tuple[PieceId, ...]]:
    """Every subset of a piece set (of `size` pieces, if given) that fills the box, in PIECES order."""
    b = board(tuple(sorted(footprint)), height, kit)
    need = len(footprint) * height
    out = []
    for k in range(1, len(b.ids) + 1) if size is None else (size,):
        for subset in combinations(b.ids, k):
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
             max_tries: int = 1_000, kit: str = DEFAULT_SET) -> tuple[Card, Rating, int]:
    """A card of the level (1..4) with `size` pieces, deterministic for the seed; also its rating and tries.

    As the reference does: grow a random connected footprint, find the piece sets of the
    right number that fill it, and keep the first (in random order, at most RATED_PER_FOOTPRINT
    of them) whose level is right.
    """
    if level not in DEFAULT_PIECES:
        raise PuzzleError(f"levels are 1 to {len(DEFAULT_PIECES)}, not {level}")
    n = DEFAULT_PIECES[level] if size is None else _int(size, "the number of pieces", 2, 5)
    rng = rng_for(seed, "ubongo", level, n, height) if kit == DEFAULT_SET else rng_for(seed, "ubongo", kit, level, n)
    areas = sorted({volume(s) // height for s in combinations(SETS[kit], n) if volume(s) % height == 0})
    for tries in range(1, max_tries + 1):
        fp = grow_footprint(rng, rng.choice(areas))
        subsets = fill_subsets(fp, height, n, kit)
        rng.shuffle(subsets)
        for subset in subsets[:RATED_PER_FOOTPRINT]:
            card = Card(fp, height, subset, kit)
            rating = rate(card)
            if rating.level == level:
                return card, rating, tries
    raise PuzzleError(f"no level {level} card with {n} pieces found in {max_tries} footprints", "timeout")


# ----- state, checking, hints ------------------------------------------------------


def parse_state(obj: Json) -> State:
    """The placed pieces of "state" (or "placed"): piece id -> cubes; PuzzleError on bad shapes of input."""
    return read_pieces(obj.get("state", obj.get("placed")) or {}, piece_id, _cubes_of,
                       'cubes, like {"r2": [[0, 0, 0], [0, 1, 0]]}')


def _cubes_of(cubes: list) -> tuple[Cube, ...]:
    """One piece's [row, col, layer] triples; PuzzleError when malformed."""
    if not all(isinstance(q, list | tuple) and len(q) == 3 for q in cubes):
        raise PuzzleError("give a piece's cubes as [row, col, layer] triples")
    return tuple((_int(q[0], "a row", -99, 99), _int(q[1], "a column", -99, 99), _int(q[2], "a layer", -99, 99))
                 for q in cubes)


def _cells(cubes: Iterable[Cube]) -> list[list[int]]:
    """Cubes as JSON lists."""
    return [list(q) for q in cubes]


def _cube_words(q: Cube) -> str:
    """ "the cube at row 1, column 2, layer 1": counted from 1 for people, as the page's layer grids are."""
    return f"the cube at row {q[0] + 1}, column {q[1] + 1}, layer {q[2] + 1}"


WORDS = Words("card", _cube_words, list, rules.label, rules.format_move, lambda cubes: "", unit="cube")


def raw_problems(card: Card, state: State) -> list[Any]:
    """The rules layer's mistakes of a build: (rule, piece, cubes, other)."""
    return rules.problems(set(card.board.cubes), card.pieces, state)


def hint(card: Card, state: State) -> Hint:
    """The next step on a card from placed pieces (the family's hint, for scripts and benchmarks)."""
    return FAMILY.hint(card, Placed.of(state, PIECE_IDS), {})


def solution_json(sol: Solution) -> dict[PieceId, list[list[int]]]:
    """A solution as piece id -> [[row, col, layer], ...]."""
    return {pid: _cells(sorted(cubes)) for pid, cubes in sol.items()}


def pieces_json() -> list[Json]:
    """The PIECES table for the page: id, name, colour, cubes and orientation count."""
    return [{"id": p.id, "name": p.name, "colour": p.colour, "cubes": _cells(p.cubes),
             "orientations": len(orientations(p.cubes))} for p in PIECES]


SOLUTIONS_CAP = 50


def solutions_json(obj: Json) -> Json:
    """Solve input (with pieces) -> {"solutions": [...up to 50, distinct], "count": N, "capped": bool}."""
    card = parse_card(obj)
    if card.pieces is None:
        raise PuzzleError('list the card\'s "pieces" to see its solutions')
    sols = distinct_solutions(card)
    if not sols:
        raise PuzzleError("these pieces cannot fill this card", "no-solution")
    return {"solutions": [solution_json(s) for s in sols[:SOLUTIONS_CAP]], "count": len(sols),
            "capped": len(sols) > SOLUTIONS_CAP}


def rate_json(obj: Json) -> Json:
    """Solve input (with pieces) -> {"probability", "level", "solutions", "raw_solutions", "placements"}."""
    r = rate(parse_card(obj))
    return {"probability": r.probability, "level": r.level, "solutions": r.distinct, "raw_solutions": r.raw,
            "placements": {p: list(v) for p, v in r.placements.items()}}


# ----- the family ------------------------------------------------------------------


class UbongoFamily(Family[Card, Placed]):
    """Cubes 3D on the typed contract: a Card, Placed pieces, moves like "g3:100,110,101" and "-g3"."""

    name = "ubongo"
    title = "Cubes 3D"
    grades = GRADES
    sizes = (2, 3, 4, 5)  # pieces on a generated card
    watch_view, size_unit = "pieces", "pieces"
    variants = (("family", "Family set (8 pieces)"), ("original", "Original game (16 pieces)"))  # rules.SETS
    codec = Codec(parse, format_card, parse_card, Card.to_json)  # a card's code ("g3-r4-y5_01000.11111_2"); JSON
    methods = (watch_method("cube"),)

    # --- states and moves ---
    def start(self, puzzle: Card) -> Placed:
        """An empty card."""
        return Placed()

    def read_state(self, puzzle: Card, obj: Json) -> Placed:
        """The "state" (or "placed") of a solve input: piece id -> [[row, col, layer], ...]."""
        return Placed.of(parse_state(obj), PIECE_IDS)

    def write_state(self, puzzle: Card, state: Placed) -> Json:
        """piece id -> [[row, col, layer], ...]."""
        return {pid: _cells(cubes) for pid, cubes in state.pieces}

    def apply(self, puzzle: Card, state: Placed, move: str) -> Placed:
        """Place ("g3:100,110,101", moving the piece if it is in the box) or take back ("-g3") a piece."""
        placed = rule_call(placing.apply_move, state.as_dict(), rule_call(rules.parse_move, move),
                           lambda pl: raw_problems(puzzle, pl), rules.problem_text, rules.label, "card")
        return Placed.of(placed, PIECE_IDS)

    def is_solved(self, puzzle: Card, state: Placed) -> bool:
        """Every cube of the box filled without a mistake."""
        return (len(state.filled()) == puzzle.volume() and sum(len(c) for _, c in state.pieces) == puzzle.volume()
                and not raw_problems(puzzle, state.as_dict()))

    # --- solving ---
    def generate(self, params: Params, seed: int | str) -> Card:
        """A seeded card of the grade with `params.size` pieces (default 3 for levels 1-2, 4 for 3-4)."""
        return generate(params.grade + 1, seed, params.size, kit=read_set(params.variant))[0]

    def starter_seed(self, grade: int) -> int:
        """A card number (rules.card_no), so that the starter card's line shows its number as New's cards do."""
        return rules.card_no(grade + 1, DEFAULT_SET, 1)

    def describe(self, puzzle: Card) -> Json:
        """{"difficulty", "level", "probability", "solutions", "code"} of a card with its pieces."""
        rating = rate(puzzle)
        return {"difficulty": GRADES[rating.level - 1] if rating.level else "Impossible", "level": rating.level,
                "probability": rating.probability, "solutions": rating.distinct, "code": format_card(puzzle)}

    def solve(self, puzzle: Card, obj: Json) -> Json:
        """{"footprint", "height"?, "pieces"?, "count"?} -> {"solution", "count"?} (or the fill subsets)."""
        card = puzzle
        if card.pieces is None:
            subsets = fill_subsets(card.footprint, card.height, kit=card.kit)
            if not subsets:
                raise PuzzleError("no set of the pieces fills this card", "no-solution")
            first = Card(card.footprint, card.height, subsets[0], card.kit)
            out: Json = {"solution": solution_json(solve(first) or {}), "pieces": list(subsets[0]),
                         "subsets": [list(s) for s in subsets]}
            if obj.get("count"):
                out["counts"] = [len(distinct_solutions(Card(card.footprint, card.height, s, card.kit)))
                                 for s in subsets]
            return out
        sol = solve(card)
        if sol is None:
            raise PuzzleError("these pieces cannot fill this card", "no-solution")
        out = {"solution": solution_json(sol)}
        if obj.get("count"):
            out["count"] = len(distinct_solutions(card))
            out["raw_count"] = count_raw(card)
        return out

    def count(self, puzzle: Card, limit: int = 2) -> int:
        """Distinct solutions (up to the box's symmetries), no further than `limit`."""
        return min(len(distinct_solutions(puzzle)), limit)

    def check(self, puzzle: Card, state: Placed) -> list[Problem]:
        """Pieces not on the card, shapes, cubes outside, overlaps; else "stuck" when it cannot be finished."""
        b = puzzle.board
        raw = raw_problems(puzzle, state.as_dict())
        return b.engine.check(state, raw, rules.problem_text, b.excluded(puzzle.pieces), puzzle.pieces, WORDS)

    def checked(self, puzzle: Card, state: Placed) -> Json:
        """problems, solved, and "errors" (cubes), "messages" (sentences), "solvable", "message"."""
        problems = self.check(puzzle, state)
        filled = len(state.filled())
        wrong = sorted({tuple(q) for p in problems if p.rule != "stuck" for q in p.cells})
        return check_answer(problems, _cells(wrong),
                            filled == puzzle.volume() == sum(len(c) for _, c in state.pieces),
                            f"Solved: the card is filled {puzzle.height} layers high.",
                            f"No mistakes so far; {puzzle.volume() - filled} cubes to go and the card can still be "
                            "filled.")

    def hint(self, puzzle: Card, state: Placed, obj: Json) -> Hint:
        """A mistake to take back, the piece to take back, or the most forced next placement (placement.py)."""
        b = puzzle.board
        raw = raw_problems(puzzle, state.as_dict())
        return b.engine.hint(state, raw, rules.problem_text, b.excluded(puzzle.pieces), puzzle.pieces, WORDS)

    def trace(self, puzzle: Card, method: str, obj: Json) -> Iterator[Json]:
        """The exact cover search: place/remove events (cells [row, col, layer]), then solved."""
        card = puzzle
        if card.pieces is None:
            subsets = fill_subsets(card.footprint, card.height, kit=card.kit)
            card = Card(card.footprint, card.height, subsets[0] if subsets else (), card.kit)
        if solve(card) is None:
            raise PuzzleError("these pieces cannot fill this card", "no-solution")
        b = card.board
        return b.engine.trace((), b.excluded(card.pieces), WORDS, obj.get("max_steps"))

    def extra(self) -> dict[str, Command]:
        """`solutions` (the distinct fillings) and `rate` (the difficulty measure), JSON commands."""
        return {"solutions": Command("the distinct solutions of a card (at most 50)", run=solutions_json),
                "rate": Command("the card's difficulty measure and level", run=rate_json)}


FAMILY = UbongoFamily()
