"""The placement engine of the piece puzzles (Genius Square, Cubes 3D) over exact cover.

A board is a set of cells (ints, cubes...) and pieces with their placements (a piece in one
orientation at one place); solving is exact cover with the cells and the pieces as items
(`exactcover.py`). On top of it, once for both families:
- `Placed`, the player's state (piece id -> cells) as an immutable value with its moves;
- `Engine.check`: the mistakes of a partial state (the rules in `rules/placing.py`) and a
  board that can no longer be finished ("stuck", naming a dead region when there is one);
- `Engine.hint`: a mistake to take back; the piece to take back when the board is stuck
  (after the area no remaining pieces can fill); an area cut off from the rest that only one
  piece fits ("cut-off region"); else the most forced placement among those that keep the
  board solvable: a cell only a few placements can cover ("forced cell"), or a piece that
  fits in fewest ways ("forced piece").
The family supplies its words (`Words`): how cells read, what the board and a cell are called.

Known limits: "forced" is measured over placements that occur in some solution (a search),
not by human techniques such as region parity.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .base import Hint, Json, Problem, PuzzleError
from .exactcover import ExactCover, OptionIndex
from .rules import placing

Cell = Hashable
PieceId = str
Raw = tuple[str, PieceId, tuple[Cell, ...], PieceId | None]  # a rules-layer problem (rule, piece, cells, other)


@dataclass(frozen=True)
class Piece:
    """A piece of a set: stable id, display name, suggested colour, one orientation's cells (Genius: squares, Cubes
    3D: cubes), as the rules layer's table lists them."""

    id: PieceId
    name: str
    colour: str
    cells: tuple[Cell, ...]

TAKE_BACK_LIMIT = 10_000  # solutions counted when comparing which piece to take back




def read_pieces(raw: object, piece_id: Callable[[str], PieceId], cells_of: Callable[[list], tuple[Cell, ...]],
                shape: str) -> dict[PieceId, tuple[Cell, ...]]:
    """The placed pieces of a request's "state" (piece id -> cells, sorted; a piece without cells is not placed):
    `cells_of` reads one piece's JSON list (PuzzleError when malformed), `shape` says what "state" looks like."""
    if not isinstance(raw, dict):
        raise PuzzleError(f'"state" must map piece ids to {shape}')
    out: dict[PieceId, tuple[Cell, ...]] = {}
    for name, cells in raw.items():
        pid = piece_id(name)
        if pid in out:
            raise PuzzleError(f"piece {pid} is placed twice")
        if cells and not isinstance(cells, list):
            raise PuzzleError(f'piece {pid}: give its place as a list; "state" maps piece ids to {shape}')
        if cells:
            out[pid] = tuple(sorted(cells_of(cells)))
    return out

def check_answer(problems: list[Problem], errors: list[Any], solved: bool, done: str, to_go: str) -> Json:
    """A piece puzzle's `check` answer: "problems", "solved", and the fields its page reads: "errors" (the cells of
    the mistakes, `errors`), "messages", "solvable" and the "message" (when there is no mistake: why it is stuck,
    else `done` or `to_go`)."""
    mistakes = [p for p in problems if p.rule != "stuck"]
    out: Json = {"problems": [p.to_json() for p in problems], "solved": solved and not problems,
                 "messages": [p.text for p in mistakes or problems], "solvable": not problems}
    if mistakes:
        return {**out, "errors": errors, "message": f"{len(mistakes)} problem{'s' if len(mistakes) > 1 else ''} "
                "with the pieces."}
    return {**out, "errors": [], "message": problems[0].text if problems else done if solved else to_go}

@dataclass(frozen=True)
class Placement:
    """One piece in one orientation at one place: its cells, sorted."""

    piece: PieceId
    cells: tuple[Cell, ...]

    @property
    def cubes(self) -> tuple[Cell, ...]:
        """The cells, as Cubes 3D calls them."""
        return self.cells


@dataclass(frozen=True)
class Placed:
    """The player's state: placed pieces (id, sorted cells) in the family's piece order."""

    pieces: tuple[tuple[PieceId, tuple[Cell, ...]], ...] = ()

    @classmethod
    def of(cls, placed: dict[PieceId, Iterable[Cell]], order: Sequence[PieceId]) -> Placed:
        """The state of a piece id -> cells mapping."""
        return cls(tuple((pid, tuple(sorted(placed[pid]))) for pid in order if pid in placed))

    def as_dict(self) -> dict[PieceId, tuple[Cell, ...]]:
        """piece id -> cells."""
        return dict(self.pieces)

    def put(self, pid: PieceId, cells: Iterable[Cell], order: Sequence[PieceId]) -> Placed:
        """The state with a piece (re)placed on cells."""
        return Placed.of({**self.as_dict(), pid: tuple(cells)}, order)

    def take(self, pid: PieceId) -> Placed:
        """The state without a piece."""
        return Placed(tuple(p for p in self.pieces if p[0] != pid))

    def filled(self) -> set[Cell]:
        """Every cell under a piece."""
        return {c for _, cells in self.pieces for c in cells}


@dataclass(frozen=True)
class Words:
    """How a family speaks of its board in reasons."""

    board: str  # "board", "card"
    cell: Callable[[Cell], str]  # "D6", "the cube at row 1, column 2, layer 1"
    cell_json: Callable[[Cell], Any]  # how a cell goes into JSON answers
    piece: Callable[[PieceId], str]  # "the T", "the red two (r2)"
    step: Callable[[PieceId, Sequence[Cell] | None], str]  # a move string (None: take back)
    listing: Callable[[Sequence[Cell]], str]  # " on A1 A2" or "" where cells do not read well
    unit: str = "cell"  # what a cell is called: "cell", "cube" (techniques say "forced cell", "forced cube")
    label: Callable[[PieceId], str] | None = None  # a piece in hint titles ("the L (L4)"; None: `piece`)

    def title(self, pid: PieceId) -> str:
        """A piece as hint titles name it."""
        return (self.label or self.piece)(pid)


def _ways(n: int) -> str:
    """ "one way", "2 ways"."""
    return "one way" if n == 1 else f"{n:,} ways"


def _area(cells: Sequence[Cell], words: Words) -> str:
    """ "the free cell on A4", "the 3 free cells on ..."."""
    n = len(cells)
    return (f"the free {words.unit}" if n == 1 else f"the {n} free {words.unit}s") + words.listing(cells)


def _upper(text: str) -> str:
    """The text with a capital first letter."""
    return text[:1].upper() + text[1:]


class Engine:
    """A board's placements as exact cover, with the checks and hints both piece families share.

    `pieces` are the ids in order with their sizes; `cells` the board's cells; pieces are
    primary items when every piece must be used (Genius Square), secondary when a puzzle
    chooses its pieces by covering the others beforehand (Cubes 3D). `covered` arguments
    are items treated as taken before the search: blocked cells, pieces not in the puzzle.
    """

    def __init__(self, placements: Sequence[Placement], cells: Sequence[Cell], pieces: dict[PieceId, int],
                 neighbours: Callable[[Cell], Iterable[Cell]], pieces_primary: bool) -> None:
        self.placements = list(placements)
        self.cells = tuple(cells)
        self.sizes = dict(pieces)
        self.order = tuple(pieces)
        self.neighbours = neighbours
        self.index = {(pl.piece, pl.cells): k for k, pl in enumerate(self.placements)}
        options = [(pl.piece, *pl.cells) for pl in self.placements]
        if pieces_primary:
            self.ec = ExactCover(options, primary=[*self.order, *self.cells])
        else:
            self.ec = ExactCover(options, primary=self.cells, secondary=self.order)

    # ----- solving -----------------------------------------------------------------

    def options(self, state: Placed) -> list[OptionIndex]:
        """Option indices of a state free of mistakes; PuzzleError for a placement off the board."""
        try:
            return [self.index[(pid, cells)] for pid, cells in state.pieces]
        except KeyError as exc:
            raise PuzzleError(f"{exc.args[0][0]} cannot go there") from None

    def first(self, given: Sequence[OptionIndex] = (), covered: Iterable[Cell] = ()) -> list[Placement] | None:
        """One way to finish, as placements (the given ones included), or None."""
        sol = self.ec.first(given, covered)
        return None if sol is None else [self.placements[k] for k in sol]

    def trace(self, given: Sequence[OptionIndex], covered: Iterable[Cell], words: Words,
              max_steps: Any) -> Iterator[Json]:
        """Watch-the-solver events of the search of `first`: {"event": "place", "piece", "cells"},
        {"event": "remove", "piece"}, and last {"event": "solved", "steps"} (steps = pieces placed). `max_steps` is
        checked here, at once; reaching it raises the timeout error when the events get there."""
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise PuzzleError("max_steps must be a positive whole number")
        covered, pls = list(covered), self.placements

        def events() -> Iterator[Json]:
            for kind, value in self.ec.trace(given, covered, max_steps):
                if kind == "choose":
                    yield {"event": "place", "piece": pls[value].piece,
                           "cells": [words.cell_json(c) for c in pls[value].cells]}
                elif kind == "undo":
                    yield {"event": "remove", "piece": pls[value].piece}
                elif kind == "solved":
                    yield {"event": "solved", "steps": value}
                elif kind == "stopped":
                    raise PuzzleError(f"stopped after {value} steps", "timeout")
                else:
                    raise PuzzleError(f"the pieces cannot fill the {words.board}", "no-solution")

        return events()

    # ----- checking ------------------------------------------------------------------

    def free(self, state: Placed, covered: Iterable[Cell]) -> list[Cell]:
        """The board's cells not under a piece nor covered."""
        taken = state.filled() | set(covered)
        return [c for c in self.cells if c not in taken]

    def left(self, state: Placed, pieces: Iterable[PieceId] | None) -> list[PieceId]:
        """The puzzle's pieces (None: every piece) not yet placed."""
        have = {pid for pid, _ in state.pieces}
        return [p for p in (self.order if pieces is None else pieces) if p not in have]

    def dead_region(self, state: Placed, covered: Iterable[Cell], pieces: Iterable[PieceId] | None) -> tuple:
        """The smallest area of free cells no set of the remaining pieces has the size of, or ()."""
        sizes = [self.sizes[p] for p in self.left(state, pieces)]
        return placing.dead_region(self.free(state, covered), self.neighbours, sizes)

    def check(self, state: Placed, raw: list[Raw], text: Callable[[Raw], str], covered: Iterable[Cell],
              pieces: Iterable[PieceId] | None, words: Words) -> list[Problem]:
        """The state's problems: the rules' mistakes, else "stuck" when it can no longer be finished."""
        if raw:
            return [Problem([words.cell_json(c) for c in cells], rule, text((rule, pid, cells, other)))
                    for rule, pid, cells, other in raw]
        covered = list(covered)
        if not self.free(state, covered) or self.ec.solvable(self.options(state), covered):
            return []
        region = self.dead_region(state, covered, pieces)
        if region:
            return [Problem([words.cell_json(c) for c in region], "stuck",
                            f"No set of the pieces left fills {_area(region, words)}: "
                            "take a piece back.")]
        return [Problem([], "stuck", f"No overlaps, but the free {words.unit}s can no longer be filled: "
                                     "take a piece back.")]

    # ----- hints -----------------------------------------------------------------------

    def hint(self, state: Placed, raw: list[Raw], text: Callable[[Raw], str], covered: Iterable[Cell],
             pieces: Iterable[PieceId] | None, words: Words) -> Hint:
        """A mistake to take back, the piece to take back, or the most forced next placement."""
        if raw:
            rule, pid, cells, other = raw[0]
            why = text(raw[0])[:-1] + ": take it back."
            return Hint("mistake", [words.cell_json(c) for c in cells], why, {"remove": pid}, 0,
                        {"solvable": False, "rule": rule}, where=f"Look at {words.piece(pid)}.", what="A mistake",
                        move_text=words.step(pid, None), reveal=((f"Take back {words.title(pid)}", why),))
        covered = list(covered)
        if not self.free(state, covered):
            why = f"Every piece is in place: the {words.board} is solved."
            return Hint("solved", [], why, None, 0, {"solvable": True}, where="Nothing is left to fill.",
                        what="Solved", reveal=(("Solved", why),))
        given = self.options(state)
        used = self.ec.options_in_solutions(given, covered)
        if not used:
            if not state.pieces:
                raise PuzzleError(f"this {words.board} cannot be filled with its pieces", "no-solution")
            return self._take_back(state, given, covered, pieces, words)
        pls = self.placements
        free = self.free(state, covered)
        lone = self._lone_region(free, used)
        if lone is not None:
            pl = pls[lone]
            reason = (f"{_upper(_area(pl.cells, words))} {'is' if len(pl.cells) == 1 else 'are'} cut off from the "
                      f"rest: only {words.piece(pl.piece)} fits there, in one way.")
            return self._place("cut-off region", pl, [words.cell_json(c) for c in pl.cells], reason, 1,
                               {"options": 1}, f"Look at {_area(pl.cells, words)}.", words)
        by_cell: dict[Cell, list[int]] = {c: [] for c in free}
        by_piece: dict[PieceId, list[int]] = {}
        for k in sorted(used):
            by_piece.setdefault(pls[k].piece, []).append(k)
            for c in pls[k].cells:
                by_cell[c].append(k)
        rank = {p: i for i, p in enumerate(self.order)}
        cell = min(by_cell, key=lambda c: (len(by_cell[c]), len({pls[k].piece for k in by_cell[c]}), c))
        piece = min(by_piece, key=lambda p: (len(by_piece[p]), -self.sizes[p], rank[p]))
        keeps = f"the {words.board} solvable"
        if len(by_piece[piece]) < len(by_cell[cell]):
            n = len(by_piece[piece])
            pl = pls[by_piece[piece][0]]
            reason = (f"{_upper(words.piece(piece))} fits in only {_ways(n)} that keep{'s' if n == 1 else ''} {keeps}"
                      + (f"; one is{words.listing(pl.cells)}." if n > 1 else f":{words.listing(pl.cells)}."))
            technique = "forced piece" if n == 1 else "most constrained piece"  # "forced" only where one way is left
            return self._place(technique, pl, [words.cell_json(c) for c in pl.cells], reason,
                               1 if n == 1 else 2, {"options": n}, f"Look at {words.piece(piece)}.", words)
        ks = by_cell[cell]
        among = sorted({pls[k].piece for k in ks}, key=rank.__getitem__)
        choice = min(among, key=lambda p: (sum(pls[k].piece == p for k in ks), -self.sizes[p], rank[p]))
        mine = [k for k in ks if pls[k].piece == choice]
        pl = pls[mine[0]]
        name = words.cell(cell)
        s = "s" if len(mine) == 1 else ""
        if len(ks) == 1:
            reason = (f"Only one placement covers {name} and keeps {keeps}: {words.piece(choice)}"
                      f"{words.listing(pl.cells)}.")
        elif len(among) <= 3:
            who = "only one piece" if len(among) == 1 else f"only {len(among)} pieces"
            listed = " and ".join(words.piece(p) for p in among)
            reason = (f"{_upper(who)} can cover {name}: {listed}; {words.piece(choice)} fits there in "
                      f"{_ways(len(mine))} that keep{s} {keeps}.")
        else:
            reason = (f"{_upper(name)} has the fewest ways to be covered ({len(ks)}); {words.piece(choice)} fits there "
                      f"in {'only ' if len(mine) == 1 else ''}{_ways(len(mine))} that keep{s} {keeps}.")
        cells = [words.cell_json(cell)] + [words.cell_json(c) for c in pl.cells if c != cell]
        kind = "forced" if len(ks) == 1 else "most constrained"
        return self._place(f"{kind} {words.unit}", pl, cells, reason, 1 if len(ks) == 1 else 2,
                           {"options": len(ks), "pieces": among}, f"Look at {name}.", words)

    def _lone_region(self, free: list[Cell], used: set[OptionIndex]) -> OptionIndex | None:
        """The placement filling a walled-in area of free cells that no other placement reaches, if any."""
        areas = placing.regions(free, self.neighbours)
        if len(areas) < 2:
            return None
        for area in sorted(areas, key=len):
            inside = set(area)
            touching = [k for k in used if inside.intersection(self.placements[k].cells)]
            if len(touching) == 1 and set(self.placements[touching[0]].cells) == inside:
                return touching[0]
        return None

    @staticmethod
    def _place(technique: str, pl: Placement, cells: list[Any], reason: str, level: int, extra: Json,
               where: str, words: Words) -> Hint:
        """A hint that places a piece."""
        move = {"piece": pl.piece, "cells": [words.cell_json(c) for c in pl.cells]}
        what, title = f"Place {words.piece(pl.piece)}", f"{_upper(technique)}: {words.title(pl.piece)}"
        return Hint(technique, cells, reason, move, level, {"solvable": True, **extra}, where=where, what=what,
                    move_text=words.step(pl.piece, pl.cells),
                    reveal=(("Look here", where), (title, what + words.listing(pl.cells) + "."),
                            (f"Why {words.title(pl.piece)} goes there", reason)))

    def _take_back(self, state: Placed, given: list[int], covered: list[Cell], pieces: Iterable[PieceId] | None,
                   words: Words) -> Hint:
        """Which placed piece to take back when the board can no longer be filled."""
        opts = dict(zip((pid for pid, _ in state.pieces), given, strict=True))
        cells_of = state.as_dict()
        rank = {p: i for i, p in enumerate(self.order)}
        order = sorted(opts, key=lambda p: (-self.sizes[p], rank[p]))  # bigger pieces first on ties
        region = self.dead_region(state, covered, pieces)
        why = ""
        if region:
            why = f"No set of the pieces left fills {_area(region, words)}. "
        best: tuple[int, PieceId] | None = None
        for pid in order:
            ways = self.ec.count([k for q, k in opts.items() if q != pid], covered, limit=TAKE_BACK_LIMIT)
            if ways and (best is None or ways > best[0]):
                best = (ways, pid)
        extra: Json = {"solvable": False}
        if region:
            extra["region"] = [words.cell_json(c) for c in region]
        if best is not None:
            ways, pid = best
            more = "at least " if ways >= TAKE_BACK_LIMIT else ""
            reason = (f"{why}The free {words.unit}s cannot be filled with {words.piece(pid)} where it is; "
                      f"take it back and the {words.board} can be finished in {more}{_ways(ways)}.")
            shown = list(cells_of[pid])
        else:
            pair = next(((a, b) for a, b in combinations(order, 2)
                         if self.ec.solvable([k for q, k in opts.items() if q not in (a, b)], covered)), None)
            if pair is not None:
                pid = pair[0]
                reason = (f"{why}No single piece fixes it: {words.piece(pair[0])} and {words.piece(pair[1])} "
                          f"together block every way to finish; take back {words.piece(pid)} first.")
                shown = list(cells_of[pair[0]]) + list(cells_of[pair[1]])
            else:
                pid = order[0]
                reason = (f"{why}The placed pieces block every way to finish, even with two taken back; "
                          "start again with a few of them.")
                shown = list(cells_of[pid])
        return Hint("take back", [words.cell_json(c) for c in shown], reason, {"remove": pid}, 0, extra,
                    where=f"Look at {words.piece(pid)}.", what=f"Take back {words.piece(pid)}",
                    move_text=words.step(pid, None), reveal=((f"Take back {words.title(pid)}", reason),))
