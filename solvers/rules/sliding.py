"""Sliding puzzle rules (the 15-puzzle and its W x H relatives), shared by the page and the worker.

Rules: W*H-1 numbered tiles and one blank; a move slides a tile next to the blank into it.
Goal: tiles 1..W*H-1 row by row with the blank last; only half the positions can reach it
(the parity rule below). A puzzle's text is Tatham's Fifteen game ID, `4x4:1,2,...,15,0`
(row by row, 0 = blank); a link adds the moves played, `~7,8,12` (tile numbers slid).
Limits: boards of 2..100 cells a side for the solvers, 2..10 (at least 6 cells) on the page.
Runs under CPython and MicroPython: plain functions, tuples, no imports beyond this package.
"""

from . import rng

MIN_SIDE, MAX_SIDE = 2, 100  # boards the solvers take
PLAY_MAX_SIDE, PLAY_MIN_CELLS = 10, 6  # boards the page offers
SMALL_CELLS = 9  # boards this small (up to 181,440 positions) are searched whole: exact, instant, any shape
OPTIMAL_CELLS = 12  # linear-conflict IDA* is optimal and quick up to 3x4 (4x4 needs the pattern databases)
GRADES = ("Easy", "Medium", "Hard", "Random")
WALKS = (1, 3, 10)  # random-walk length per grade below Random, times the cell count
# exact optimal distance ranges per grade (Random = a uniformly random position); these sizes are
# scrambled by the solver (it needs the exact distance), the others by `scramble` on either side
EXACT_GRADES = {(3, 3): ((6, 10), (14, 18), (22, 26)), (4, 4): ((10, 16), (22, 28), (34, 40))}
DIRECTIONS = ("up", "down", "left", "right")
FORM = "3x3:1,2,3,4,5,6,7,0,8"  # how a description is written, for error messages


# ---------------------------------------------------------------- the board


def goal(w: int, h: int) -> tuple:
    """The solved tiles: 1..N-1 then the blank."""
    return tuple(range(1, w * h)) + (0,)


def optimal_available(w: int, h: int) -> bool:
    """Whether the solver gives exact shortest answers for this size (2xN past 9 cells defeats it)."""
    cells = w * h
    return cells <= SMALL_CELLS or (min(w, h) >= 3 and cells <= OPTIMAL_CELLS) or (w, h) == (4, 4)


def check_size(w: object, h: object, playable: bool = False) -> None:
    """ValueError unless w x h is a board the solvers take (or, `playable`, one the page offers)."""
    for name, side in (("width", w), ("height", h)):
        if isinstance(side, bool) or not isinstance(side, int):
            raise ValueError("the " + name + " must be a whole number")
    if playable:
        if not (MIN_SIDE <= w <= PLAY_MAX_SIDE and MIN_SIDE <= h <= PLAY_MAX_SIDE) or w * h < PLAY_MIN_CELLS:
            raise ValueError("sides must be " + str(MIN_SIDE) + " to " + str(PLAY_MAX_SIDE) + " with at least "
                             + str(PLAY_MIN_CELLS) + " cells")
        return
    for name, side in (("width", w), ("height", h)):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise ValueError("the " + name + " must be between " + str(MIN_SIDE) + " and " + str(MAX_SIDE)
                             + ", not " + str(side))


def check_tiles(w: int, h: int, tiles: object) -> tuple:
    """The tiles as a tuple, or ValueError saying what is wrong with them (size checked first)."""
    check_size(w, h)
    n = w * h
    if not isinstance(tiles, (list, tuple)):
        raise ValueError("the tiles must be a list of whole numbers")
    for t in tiles:
        if isinstance(t, bool) or not isinstance(t, int):
            raise ValueError("the tiles must be a list of whole numbers")
    if len(tiles) != n:
        raise ValueError("a " + str(w) + "x" + str(h) + " board needs " + str(n) + " tiles (0 for the blank), not "
                         + str(len(tiles)))
    seen = [0] * n
    for t in tiles:
        if t < 0 or t >= n:
            raise ValueError("tile numbers go from 1 to " + str(n - 1) + " with 0 for the blank; " + str(t)
                             + " is out of range")
        seen[t] += 1
    for t in tiles:
        if seen[t] > 1:
            times = "twice" if seen[t] == 2 else str(seen[t]) + " times"
            raise ValueError(("the blank (0)" if t == 0 else "tile " + str(t)) + " appears " + times)
    return tuple(tiles)


def neighbours(w: int, h: int, cell: int) -> list:
    """Cells next to `cell`: up, down, left, right."""
    r, c = divmod(cell, w)
    out = []
    if r > 0:
        out.append(cell - w)
    if r < h - 1:
        out.append(cell + w)
    if c > 0:
        out.append(cell - 1)
    if c < w - 1:
        out.append(cell + 1)
    return out


def movable(w: int, h: int, tiles: tuple) -> list:
    """The tiles that can slide into the blank."""
    return [tiles[c] for c in neighbours(w, h, tiles.index(0))]


def direction(w: int, tiles: tuple, tile: int) -> str:
    """Which way `tile` slides into the blank: up, down, left, right ("" when it is not next to it)."""
    cell, blank = tiles.index(tile), tiles.index(0)
    d = cell - blank
    if d == w:
        return "up"
    if d == -w:
        return "down"
    if d == 1 and cell // w == blank // w:
        return "left"
    if d == -1 and cell // w == blank // w:
        return "right"
    return ""


def slide(w: int, h: int, tiles: tuple, tile: int) -> tuple:
    """The tiles after sliding `tile` into the blank; ValueError when it is not next to it."""
    if isinstance(tile, bool) or not isinstance(tile, int) or tile <= 0 or tile >= len(tiles):
        raise ValueError("there is no tile " + str(tile) + " to slide")
    cell, blank = tiles.index(tile), tiles.index(0)
    if cell not in neighbours(w, h, blank):
        raise ValueError("tile " + str(tile) + " is not next to the blank")
    out = list(tiles)
    out[blank], out[cell] = tile, 0
    return tuple(out)


def replay(w: int, h: int, tiles: tuple, moves: list) -> tuple:
    """The tiles after sliding `moves` (tile numbers) in turn; ValueError at the first impossible one."""
    out = list(tiles)
    where = [0] * len(out)
    for cell, t in enumerate(out):
        where[t] = cell
    for t in moves:
        if isinstance(t, bool) or not isinstance(t, int) or t <= 0 or t >= len(out):
            raise ValueError("there is no tile " + str(t) + " to slide")
        blank, cell = where[0], where[t]
        if cell not in neighbours(w, h, blank):
            raise ValueError("tile " + str(t) + " is not next to the blank")
        out[blank], out[cell] = t, 0
        where[t], where[0] = blank, cell
    return tuple(out)


def cell_towards(w: int, h: int, blank: int, way: str) -> int:
    """The cell whose tile slides into the blank in direction `way` (an arrow key, a swipe), or -1."""
    r, c = divmod(blank, w)
    if way == "up" and r < h - 1:
        return blank + w
    if way == "down" and r > 0:
        return blank - w
    if way == "left" and c < w - 1:
        return blank + 1
    if way == "right" and c > 0:
        return blank - 1
    return -1


def line_moves(w: int, tiles: tuple, cell: int) -> list:
    """The tiles that slide, nearest the blank first, when the tile at `cell` is pushed towards the blank."""
    blank = tiles.index(0)
    if cell == blank:
        return []
    br, bc = divmod(blank, w)
    r, c = divmod(cell, w)
    if r == br:
        step = 1 if c > bc else -1
    elif c == bc:
        step = w if r > br else -w
    else:
        return []
    return [tiles[k] for k in range(blank + step, cell + step, step)]


def misplaced(tiles: tuple) -> list:
    """The cells holding a tile that is not on its goal cell."""
    return [cell for cell, t in enumerate(tiles) if t and t != cell + 1]


# ---------------------------------------------------------------- solvability


def inversions(tiles: tuple) -> int:
    """Pairs of tiles (blank ignored) in the wrong order, counted with a Fenwick tree."""
    n = 0
    for t in tiles:
        if t > n:
            n = t
    tree = [0] * (n + 1)
    count = seen = 0
    for t in tiles:
        if t == 0:
            continue
        i, smaller = t, 0
        while i > 0:  # tiles smaller than t seen so far; the others before it are inversions
            smaller += tree[i]
            i -= i & -i
        count += seen - smaller
        seen += 1
        i = t
        while i <= n:
            tree[i] += 1
            i += i & -i
    return count


def parity(w: int, h: int, tiles: tuple) -> tuple:
    """(solvable, the parity argument in words) by the inversion and blank-row rule."""
    inv = inversions(tiles)
    if w % 2:
        ok = inv % 2 == 0
        why = ("On a board of odd width (" + str(w) + ") every move keeps the parity of the number of inversions "
               "(pairs of tiles where a larger number comes before a smaller one, reading row by row). The goal "
               "has 0 inversions (even); this position has " + str(inv) + " (" + ("even" if ok else "odd") + ").")
    else:
        row = h - tiles.index(0) // w
        total = inv + row
        ok = total % 2 == 1
        why = ("On a board of even width (" + str(w) + ") a sideways move keeps the inversions (pairs of tiles where "
               "a larger number comes before a smaller one) and an up or down move changes them by an odd number "
               "while the blank changes row, so the parity of inversions + the blank's row counted from the bottom "
               "never changes. The goal has 0 + 1 = 1 (odd); this position has " + str(inv) + " + " + str(row)
               + " = " + str(total) + " (" + ("odd" if ok else "even") + ").")
    if ok:
        return True, "This position can be solved. " + why
    return False, ("This position cannot be solved: its parity differs from the goal's. " + why
                   + " Swapping any two tiles would make it solvable.")


def is_solvable(w: int, h: int, tiles: tuple) -> bool:
    """Whether the goal can be reached (the parity rule)."""
    return parity(w, h, tiles)[0]


# ---------------------------------------------------------------- text: descriptions, moves, links


def parse_size(text: str, playable: bool = False) -> tuple:
    """(width, height) from 'WxH'; ValueError when it is not one (or, `playable`, not one the page offers)."""
    parts = str(text).lower().strip().split("x")
    if len(parts) != 2 or not _is_number(parts[0].strip()) or not _is_number(parts[1].strip()):
        raise ValueError("a size looks like 4x4 (width x height)")
    w, h = int(parts[0]), int(parts[1])
    check_size(w, h, playable)
    return w, h


def read_numbers(tokens: list) -> list:
    """Whole numbers from text tokens ('_' and '.' are the blank)."""
    out = []
    for tok in tokens:
        tok = tok.strip()
        if tok in ("_", "."):
            out.append(0)
        elif _is_number(tok):
            out.append(int(tok))
        else:
            raise ValueError("'" + tok[:12] + "' is not a tile number")
    return out


def _is_number(text: str) -> bool:
    """Whether a text is 1 to 6 ASCII digits (CPython's isdigit also takes '²')."""
    if not 0 < len(text) <= 6:
        return False
    return all(ch in "0123456789" for ch in text)


def _tokens(text: str) -> list:
    """The comma- or space-separated items of a text."""
    return [t for t in text.replace("\n", ",").replace("\t", ",").replace(" ", ",").split(",") if t]


def parse(text: str, playable: bool = False) -> tuple:
    """(w, h, tiles) of a description 'WxH:t,t,...' (Tatham's Fifteen game ID); ValueError when malformed."""
    size, sep, body = str(text).strip().partition(":")
    if not sep:
        raise ValueError("a sliding-puzzle description looks like " + FORM)
    w, h = parse_size(size, playable)
    return w, h, check_tiles(w, h, read_numbers(_tokens(body)))


def format(w: int, h: int, tiles: tuple) -> str:
    """The description 'WxH:t,t,...' that `parse` reads."""
    return str(w) + "x" + str(h) + ":" + ",".join([str(t) for t in tiles])


def read_move(text: str) -> int:
    """The tile number of a move string ('7'); ValueError when it is not one."""
    text = str(text).strip()
    if not _is_number(text):
        raise ValueError("a move is the number of the tile to slide, like 7, not '" + text[:12] + "'")
    return int(text)


def parse_link(fragment: str) -> tuple:
    """(w, h, tiles, moves) of a link fragment '<w>x<h>:<tiles>[~<moves>]' for a board the page offers."""
    body, _, progress = str(fragment).strip().partition("~")
    w, h, tiles = parse(body, True)
    moves = read_numbers(_tokens(progress)) if progress else []
    return w, h, tiles, moves


def format_link(w: int, h: int, tiles: tuple, moves: list = ()) -> str:
    """The link fragment of a position and, optionally, the moves played from it."""
    text = format(w, h, tiles)
    if moves:
        text += "~" + ",".join([str(t) for t in moves])
    return text


def parse_custom(text: str) -> tuple:
    """(w, h, tiles) from typed rows ('1 2 3' per line, '_' or 0 = blank) or a 'WxH:...' description."""
    text = str(text).strip()
    if ":" in text:
        return parse(text, True)
    rows = [line.replace(",", " ").split() for line in text.split("\n") if line.strip()]
    if not rows:
        raise ValueError("type the tiles row by row first")
    if len(rows) == 1:
        n = len(rows[0])
        side = int(n ** 0.5 + 0.5)
        if side * side != n:
            raise ValueError("one line must hold a square number of tiles (9, 16, …); use one line per row "
                             "or WxH: for other shapes")
        w = h = side
    else:
        w, h = len(rows[0]), len(rows)
        for r in rows:
            if len(r) != w:
                raise ValueError("every row needs the same number of tiles")
    check_size(w, h, True)
    return w, h, check_tiles(w, h, read_numbers([t for r in rows for t in r]))


# ---------------------------------------------------------------- positions from a seed


def scramble(w: int, h: int, grade: int, seed: object) -> tuple:
    """A solvable position, never the goal: a random walk of WALKS[grade] x N moves, or a shuffle for Random.

    The same (w, h, grade, seed) gives the same tiles on the page and in the worker.
    """
    n = w * h
    r = rng.Rng("sliding|" + str(seed) + "|" + str(w) + "x" + str(h) + "|" + str(grade))
    target = goal(w, h)
    if grade >= len(WALKS):
        tiles = list(range(n))
        while True:
            r.shuffle(tiles)
            if not is_solvable(w, h, tiles):  # swapping two tiles flips the parity
                a, b = [k for k in range(n) if tiles[k]][:2]
                tiles[a], tiles[b] = tiles[b], tiles[a]
            if tuple(tiles) != target:
                return tuple(tiles)
    tiles = list(target)
    blank, prev = n - 1, -1
    steps = WALKS[grade] * n
    while steps > 0 or tuple(tiles) == target:  # walk on while it happens to end at the goal
        options = [k for k in neighbours(w, h, blank) if k != prev]
        k = r.choice(options)
        tiles[blank], tiles[k] = tiles[k], 0
        prev, blank = blank, k
        steps -= 1
    return tuple(tiles)


# ----- the uniform puzzle text of every rules module (the share link's puzzle part) ---------------

EXAMPLE = "4x4:1,2,3,4,5,7,8,15,13,9,6,12,10,0,14,11"  # a 4x4 to show where the starters are missing


def puzzle_of(text: str) -> dict:
    """The solve input of a game ID ('4x4:...', or the older '4/...') if it can be solved; ValueError otherwise."""
    size, slash, body = str(text).partition("/")
    if slash and ":" not in text:
        text = size + "x" + size + ":" + body
    w, h, tiles = parse(text)
    ok, why = parity(w, h, tiles)
    if not ok:
        raise ValueError(why)
    return {"width": w, "height": h, "tiles": list(tiles)}


def text_of(puzzle: dict) -> str:
    """The game ID of a solve input."""
    return format(puzzle["width"], puzzle["height"], check_tiles(puzzle["width"], puzzle["height"], puzzle["tiles"]))


def size_of(puzzle: dict) -> int:
    """The width of a solve input's board."""
    return puzzle["width"]
