"""Pieces placed on a board: the checks every piece puzzle shares (Genius Square, Cubes 3D).

A placement state maps a piece id to its cells (any hashable cells: ints, (row, col, layer)).
`problems` lists what is wrong with one as (rule, piece, cells, other piece) tuples, in the
family's piece order: "unknown" (not one of the puzzle's pieces), "shape" (not the piece's
shape), "off-board", "blocked" (on a blocked cell), "overlap" (other = the piece already
there). `regions` and `subset_sums` find areas the remaining pieces can no longer fill.
Runs under CPython and MicroPython (the page and the worker import it).
"""


def problems(placed: dict, order: list | tuple, fits: object, inside: object, blocked: object = (),
             allowed: object = None) -> list:
    """Mistakes in placed pieces: [(rule, piece, cells, other piece or None)], in `order`.

    `fits(piece, cells)` says whether the cells have the piece's shape; `inside` holds the
    board's cells; `blocked` cells take no piece; `allowed` (None = all) the puzzle's pieces.
    """
    out = []
    owner = {}
    for pid in order:
        if pid not in placed:
            continue
        cells = tuple(placed[pid])
        if allowed is not None and pid not in allowed:
            out.append(("unknown", pid, cells, None))
            continue
        if not fits(pid, cells):
            out.append(("shape", pid, cells, None))
            continue
        off = tuple(c for c in cells if c not in inside)
        if off:
            out.append(("off-board", pid, off, None))
        on = tuple(c for c in cells if c in blocked)
        if on:
            out.append(("blocked", pid, on, None))
        for c in cells:
            if c in owner:
                out.append(("overlap", pid, (c,), owner[c]))
            else:
                owner[c] = pid
    return out




def piece_id(text: object, ids: list | tuple, upper: bool) -> str:
    """The piece id of `text` written in any case (ids are upper or lower case); ValueError for unknown pieces."""
    name = (text.strip().upper() if upper else text.strip().lower()) if isinstance(text, str) else None
    if name not in ids:
        raise ValueError("unknown piece " + repr(text) + ": the pieces are " + ", ".join(ids))
    return name

def parse_move(text: object, example: str, piece_id: object, where: object) -> tuple:
    """(piece, where(cells text)) of a move "<piece>:<cells>", or (piece, None) of a take-back "-<piece>";
    ValueError naming the `example` ("L4:A1,A2,A3,B1") when malformed."""
    shape = "a move looks like " + example + " (place) or -" + example.partition(":")[0] + " (take back)"
    if not isinstance(text, str) or not text.strip():
        raise ValueError(shape)
    text = text.strip()
    if text[0] == "-":
        return piece_id(text[1:]), None
    name, colon, cells = text.partition(":")
    if not colon:
        raise ValueError(shape + ", not " + repr(text[:20]))
    return piece_id(name), where(cells)

def apply_move(placed: dict, move: tuple, problems: object, problem_text: object, label: object,
               board: str) -> dict:
    """The placed pieces after a move, a new dict: (piece, cells) puts a piece there (moving it if placed),
    (piece, None) takes it back. ValueError with the rule the move would break: `problems(placed)` lists
    them, `problem_text` words one, `label(piece)` names a piece on the `board` ("board", "card")."""
    pid, cells = move
    out = dict(placed)
    if cells is None:
        if pid not in out:
            name = label(pid)
            raise ValueError(name[:1].upper() + name[1:] + " is not on the " + board + ".")
        del out[pid]
        return out
    out[pid] = tuple(cells)
    mine = [p for p in problems(out) if pid in (p[1], p[3])]
    if mine:
        raise ValueError(problem_text(mine[0]))
    return out


def regions(free: object, neighbours: object) -> list:
    """The connected areas of `free` cells (each a sorted tuple), largest first, then by first cell.

    `neighbours(cell)` gives the cells next to a cell (any of them may be outside `free`).
    """
    left = set(free)
    out = []
    while left:
        start = min(left)
        left.remove(start)
        area = [start]
        todo = [start]
        while todo:
            for n in neighbours(todo.pop()):
                if n in left:
                    left.remove(n)
                    area.append(n)
                    todo.append(n)
        out.append(tuple(sorted(area)))
    out.sort(key=lambda a: (-len(a), a[0]))
    return out


def subset_sums(sizes: list | tuple) -> set:
    """Every total of a sub-collection of `sizes` (0 included)."""
    sums = {0}
    for s in sizes:
        sums = sums | {t + s for t in sums}
    return sums


def dead_region(free: object, neighbours: object, sizes: list | tuple) -> tuple:
    """The smallest area of free cells whose size no set of the remaining piece sizes makes, or ()."""
    sums = subset_sums(sizes)
    dead = [a for a in regions(free, neighbours) if len(a) not in sums]
    if not dead:
        return ()
    return min(dead, key=lambda a: (len(a), a[0]))
