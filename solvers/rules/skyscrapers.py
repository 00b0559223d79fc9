"""Skyscrapers rules for the page and the solvers: sight lines, clues, the description text.

An N x N latin square of tower heights; a clue outside the grid counts the towers seen
from there. Clues are four lists (top and bottom left to right, left and right top to
bottom; 0 = none); givens are [row, col, height] (0-based).

The description (the share-link payload) is "N:top/right/bottom/left[/givens]": one
character per clue ('.' = none, 1-9, A-C = 10-12), givens row-major as a height character
or a-z for that many empty cells, e.g. "4:.3../2.../..1./...2/c4". `parse_description`
also reads the older page links "N/top/right/bottom/left[/rcv,rcv...]" (digit clues, 0 =
none; givens as row, column, height digit triples). Runs under CPython and MicroPython.
"""

from . import latin

SIDES = ("top", "right", "bottom", "left")
MAX_N = 12


def visible(heights: list[int]) -> int:
    """How many towers are seen looking along `heights` from its start."""
    count = top = 0
    for h in heights:
        if h > top:
            count, top = count + 1, h
    return count


def line_of(n: int, side: str, i: int) -> list[int]:
    """The cells the clue at (side, i) looks along, nearest first."""
    if side == "top":
        return [r * n + i for r in range(n)]
    if side == "bottom":
        return [r * n + i for r in range(n - 1, -1, -1)]
    if side == "left":
        return [i * n + c for c in range(n)]
    if side == "right":
        return [i * n + c for c in range(n - 1, -1, -1)]
    raise ValueError("a side is top, right, bottom or left; got " + repr(side))


def side_name(side: str, i: int) -> str:
    """Where a clue sits, in words: "left of row 2", "above column 3"."""
    if side == "top":
        return "above column " + str(i + 1)
    if side == "bottom":
        return "below column " + str(i + 1)
    return side + " of row " + str(i + 1)


def line_name(side: str, i: int) -> str:
    """The row or column a clue looks along."""
    return ("row " if side in ("left", "right") else "column ") + str(i + 1)


def broken_clues(n: int, clues: dict, values: list[int], complete_only: bool = True) -> list[tuple[str, int]]:
    """(side, i) of clues whose line sees another number of towers (only full lines when complete_only)."""
    out = []
    for side in SIDES:
        row = clues.get(side) or ()
        for i in range(len(row)):
            if row[i]:
                heights = [values[c] for c in line_of(n, side, i)]
                if (all(heights) or not complete_only) and visible(heights) != row[i]:
                    out.append((side, i))
    return out


def validate(n: object, clues: dict, givens: list) -> tuple[dict, list[tuple[int, int, int]]]:
    """(clues as tuples per side, givens as sorted (row, col, height)) checked; ValueError with a reason.

    A missing side has no clues. Two different heights given for one cell are an error; two
    equal heights in a line are not checked here (see `repeated_given`)."""
    if type(n) is not int or not 1 <= n <= MAX_N:
        raise ValueError("the size n must be a whole number from 1 to " + str(MAX_N))
    sides = {}
    for side in SIDES:
        row = clues.get(side)
        if row is None:
            row = [0] * n
        if not isinstance(row, (list, tuple)) or len(row) != n:
            raise ValueError("the " + side + " clues must be a list of " + str(n) + " numbers (0 = no clue)")
        for i in range(n):
            c = row[i]
            if type(c) is not int or not 0 <= c <= n:
                raise ValueError(side + " clue " + str(i + 1) + " is " + repr(c)[:20] + ": clues go from 1 to " + str(n)
                                 + ", or 0 for none")
        sides[side] = tuple(row)
    if not isinstance(givens, (list, tuple)) or len(givens) > n * n:  # bounded before any work
        raise ValueError("the givens must be a list of at most " + str(n * n) + " [row, column, value] triples")
    seen = {}
    for g in givens:
        if not isinstance(g, (list, tuple)) or len(g) != 3 or not all(type(x) is int for x in g):
            raise ValueError("each given must be [row, column, value] with whole numbers")
        r, c, v = g[0], g[1], g[2]
        if not (0 <= r < n and 0 <= c < n and 1 <= v <= n):
            raise ValueError("given " + str(list(g)) + " is off the board: rows and columns 0.." + str(n - 1)
                             + ", values 1.." + str(n))
        if seen.setdefault((r, c), v) != v:
            raise ValueError("r" + str(r + 1) + "c" + str(c + 1) + " is given twice with different values")
    return sides, sorted((rc[0], rc[1], v) for rc, v in seen.items())


def repeated_given(givens: list) -> str | None:
    """A sentence when two givens put one height twice in a row or column, else None."""
    for r, c, v in givens:
        for r2, c2, v2 in givens:
            if v == v2 and (r, c) < (r2, c2) and (r == r2 or c == c2):
                where = "row " + str(r + 1) if r == r2 else "column " + str(c + 1)
                return "the givens put " + str(v) + " twice in " + where
    return None


def givens_values(n: int, givens: list) -> list[int]:
    """The givens as a flat list of n*n values (0 = not given)."""
    out = [0] * (n * n)
    for r, c, v in givens:
        out[r * n + c] = v
    return out


def _height(ch: str, n: int, what: str) -> int:
    """One height character: '.' or '0' = none, 1-9, A-C."""
    try:
        return latin.value_of(ch, n)
    except ValueError:
        raise ValueError(what + " " + repr(ch) + " is not a height from 1 to " + str(n)) from None


def parse_description(text: str) -> tuple[int, dict, list[list[int]]]:
    """(n, clues, givens) of a description or an older page link; ValueError with a reason."""
    if not isinstance(text, str):
        raise ValueError("a puzzle description must be text")
    text = text.strip()
    head, sep, body = text.partition(":")
    if not sep:
        return _parse_old_link(text)
    if not head or len(head) > 2 or not all("0" <= ch <= "9" for ch in head):
        raise ValueError("a description starts with the size and a colon, like 5:")
    n = int(head)
    if not 1 <= n <= MAX_N:
        raise ValueError("the size must be 1 to " + str(MAX_N))
    parts = body.split("/")
    if len(parts) not in (4, 5):
        raise ValueError("a description has four clue groups (top/right/bottom/left) and optional givens")
    clues = {}
    for k in range(4):
        side, part = SIDES[k], parts[k]
        if len(part) != n:
            raise ValueError("the " + side + " clues need " + str(n) + " characters ('.' for none), not "
                             + str(len(part)))
        clues[side] = [_height(ch, n, side + " clue") for ch in part]
    givens = _parse_givens(parts[4], n) if len(parts) == 5 else []
    return n, clues, givens


def _parse_givens(text: str, n: int) -> list[list[int]]:
    """Givens row-major: a height character, or a-z for that many empty cells."""
    out, cell = [], 0
    for ch in text:
        if "a" <= ch <= "z":
            cell += ord(ch) - ord("a") + 1
            continue
        v = _height(ch, n, "given")
        if not v:
            cell += 1
            continue
        if cell >= n * n:
            raise ValueError("the givens run past the " + str(n) + "x" + str(n) + " board")
        out.append([cell // n, cell % n, v])
        cell += 1
    if cell > n * n:
        raise ValueError("the givens run past the " + str(n) + "x" + str(n) + " board")
    return out


def _parse_old_link(text: str) -> tuple[int, dict, list[list[int]]]:
    """The page's earlier link form: N/top/right/bottom/left[/rcv,rcv...] with digits."""
    parts = text.split("/")
    if len(parts) not in (5, 6) or not parts[0] or not all("0" <= ch <= "9" for ch in parts[0]) or len(parts[0]) > 2:
        raise ValueError("a description starts with the size and a colon, like 5:")
    n = int(parts[0])
    if not 1 <= n <= 9:
        raise ValueError("the size must be 1 to 9 in this link form")
    clues = {}
    for k in range(4):
        part = parts[k + 1]
        if len(part) != n or not all("0" <= ch <= "9" for ch in part):
            raise ValueError("each clue line needs " + str(n) + " digits")
        clues[SIDES[k]] = [_height(ch, n, SIDES[k] + " clue") for ch in part]
    givens = []
    if len(parts) == 6 and parts[5]:
        for triple in parts[5].split(","):
            if len(triple) != 3 or not all("0" <= ch <= "9" for ch in triple):
                raise ValueError("givens are row, column, value digit triples")
            givens.append([int(ch) for ch in triple])
    return n, clues, givens


def format_description(n: int, clues: dict, givens: list) -> str:
    """The canonical description (parse_description's inverse for valid puzzles)."""
    text = str(n) + ":" + "/".join("".join(latin.symbol(c) for c in (clues.get(s) or [0] * n)) for s in SIDES)
    if not givens:
        return text
    out, last = [], -1
    for r, c, v in sorted(tuple(g) for g in givens):
        gap = r * n + c - last - 1
        while gap > 0:
            step = min(gap, 26)
            out.append(chr(ord("a") + step - 1))
            gap -= step
        out.append(latin.symbol(v))
        last = r * n + c
    return text + "/" + "".join(out)


def apply_move(givens: list[int], values: list[int], notes: list[int], move: str,
               n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(values, notes) after a move string (see latin.py); givens (flat, 0 = none) cannot change."""
    return latin.apply_move(values, notes, move, n, latin.peers(n), givens)


# ----- the uniform puzzle text of every rules module (the share link's puzzle part) ---------------

EXAMPLE = "4:2.../..../..../..33/k2"  # a 4x4 to show where the build's starters are missing


def shape_of(puzzle: dict) -> tuple:
    """(n, clues per side as lists, givens as (row, col, height)) of a solve input, checked; ValueError if bad."""
    n = puzzle["n"]
    clues, givens = validate(n, dict((side, puzzle.get(side)) for side in SIDES), puzzle.get("givens") or [])
    return n, dict((side, list(clues[side])) for side in SIDES), givens


def puzzle_of(text: str) -> dict:
    """The solve input of a description (or an older link's form); ValueError when malformed."""
    n, clues, givens = parse_description(text)
    puzzle = {"n": n, "givens": givens}
    puzzle.update(clues)
    shape_of(puzzle)
    return puzzle


def text_of(puzzle: dict) -> str:
    """The canonical description of a solve input."""
    return format_description(*shape_of(puzzle))


def size_of(puzzle: dict) -> int:
    """The side of a solve input."""
    return shape_of(puzzle)[0]


# ----- the latin-grid view's side of the worker's JSON (rules.sudoku has the same three) --------------

def grid_of(puzzle: dict) -> tuple:
    """(n, givens as flat values, no box, the clues per side) of a solve input; ValueError when malformed."""
    n, clues, givens = shape_of(puzzle)
    return n, givens_values(n, givens), None, clues


def state_input(n: int, values: list, notes: list) -> dict:
    """The player's entries as the worker's "state" (rows of heights) and notes as "pencil" (rows of strings)."""
    obj = {"state": [list(values[r * n:(r + 1) * n]) for r in range(n)]}
    if any(notes):
        obj["pencil"] = [[latin.mask_text(m) for m in notes[r * n:(r + 1) * n]] for r in range(n)]
    return obj


def solution_of(answer: dict, n: int) -> list:
    """The flat values of the worker's solve answer (rows of heights)."""
    return [v for row in answer["solution"] for v in row]
