"""Other apps' puzzle texts, read for the `import` command (a family turns what they hold into its puzzle).

What every family reads: a Tessera link (a page URL whose fragment is the puzzle's canonical text, maybe
with "~<moves>", or a watch-page link "#<family>/<text>"). Family-specific readers live here too, as plain
functions over text: Simon Tatham's game IDs (Solo, Towers; Fifteen's is already the sliding puzzle's own
text), SudokuWiki `bd=` links and puzz.link (pzprjs) Skyscrapers URLs. Each returns plain values or raises
ValueError with a reason; the family checks the puzzle itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from urllib.parse import unquote

from .rules.sudoku import BOXES

HEX = "0123456789abcdef"
SEED = re.compile(r"\d+(?:x\d+)?[a-z]*#\S+")  # a Tatham random seed: a game's parameters, '#', the seed
SEED_WORDS = ("that is a Tatham random seed ('#' and a number), which only Tatham's own program turns into a puzzle: "
              "paste the game ID instead, the one with ':' (Game › Specific… in Tatham's game)")


def tatham_seed(text: str) -> bool:
    """Whether the text is a Tatham random seed such as "3x3kdi#123456789" (not a game ID, which has ':')."""
    return SEED.fullmatch(text.strip()) is not None


def unread(text: str, reads: str) -> str:
    """What to say of a text that is none of the forms a family reads: a link whose fragment holds no puzzle, or
    not a puzzle at all; `reads` lists what it does read."""
    if "#" in text:
        return f"that link is not a puzzle link: what follows its '#' is no puzzle (Tessera reads {reads})"
    return f"it is none of the texts Tessera reads ({reads})"


def fragment(text: str, family: str) -> str:
    """The puzzle part of a Tessera link or text: after '#' (a watch link's '<family>/' dropped), before '~'."""
    text = text.strip()
    if "#" in text:
        text = unquote(text.split("#", 1)[1])
        head, slash, rest = text.partition("/")
        if slash and head == family:
            text = rest
    return text.partition("~")[0].strip()


def write_runs(values: list[int]) -> str:
    """Tatham's run-length grid of values (0 = blank): `runs` reads it back."""
    out: list[str] = []
    blank = 0
    for v in [*values, -1]:
        if v == 0:
            blank += 1
            continue
        while blank:
            step = min(blank, 26)
            out.append(chr(ord("a") + step - 1))
            blank -= step
        if v > 0:
            if out and out[-1][-1].isdigit():
                out.append("_")
            out.append(str(v))
    return "".join(out)


def runs(desc: str, area: int, top: int) -> list[int]:
    """Tatham's run-length grid (Solo, Towers givens): a letter a-z is a run of 1-26 blanks, a number a value,
    '_' separates two numbers. The `area` values, 0 for blank; ValueError when it does not fill the grid."""
    out: list[int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if "a" <= ch <= "z":
            out.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch == "_":
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(desc) and desc[j].isdigit():
                j += 1
            value = int(desc[i:j])
            if not 1 <= value <= top:
                raise ValueError(f"{value} is out of range (1 to {top})")
            out.append(value)
            i = j
        else:
            raise ValueError(f"unexpected {ch!r} in the grid")
    if len(out) != area:
        raise ValueError(f"the grid holds {len(out)} cells, not {area}")
    return out


SOLO = re.compile(r"(\d+)(?:x(\d+))?([a-z][a-z0-9]*)?")


def solo_blocks(desc: str, n: int) -> list[int]:
    """Each cell's block (numbered by first cell, row-major) of Solo's edge code for jigsaw regions and killer
    cages. The code walks the 2n(n-1) edges between neighbours (the vertical ones row by row, then the horizontal
    ones column by column, then one closing edge): a letter a-z is a run of 1-26 edges inside a block, followed by
    a boundary unless it is 'z'; '_' is a boundary. ValueError when it does not fit."""
    edges = 2 * n * (n - 1)
    parent = list(range(n * n))

    def root(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    pos = 0
    for ch in desc:
        if ch == "_":
            count = 0
        elif "a" <= ch <= "z":
            count = ord(ch) - ord("a") + 1
        else:
            raise ValueError(f"unexpected {ch!r} in a block layout")
        for _ in range(count):
            if pos >= edges:
                raise ValueError("the block layout has too much data")
            a, b = _edge(pos, n)
            parent[root(a)] = root(b)
            pos += 1
        if ch != "z":
            pos += 1
    if pos != edges + 1:
        raise ValueError("the block layout does not cover the grid")
    number: dict[int, int] = {}
    return [number.setdefault(root(c), len(number)) for c in range(n * n)]


def _edge(pos: int, n: int) -> tuple[int, int]:
    """The two cells of Solo's edge number `pos`."""
    vertical = n * (n - 1)
    if pos < vertical:
        y, x = divmod(pos, n - 1)
        return y * n + x, y * n + x + 1
    x, y = divmod(pos - vertical, n - 1)
    return y * n + x, (y + 1) * n + x


def write_solo_blocks(blocks: list[int], n: int) -> str:
    """Solo's edge code of each cell's block (`solo_blocks` reads it back)."""
    out, run = [], 0
    for pos in range(2 * n * (n - 1) + 1):
        if pos < 2 * n * (n - 1):
            a, b = _edge(pos, n)
            if blocks[a] == blocks[b]:
                run += 1
                continue
        while run >= 26:
            out.append("z")
            run -= 26
        out.append(chr(ord("a") + run - 1) if run else "_")
        run = 0
    return "".join(out)


def tatham_solo(text: str) -> dict | None:
    """A Solo game ID "<params>:<description>": {"box": (width, height), "values", "regions" (each cell's region,
    jigsaw) or None, "diagonals", "cages" [(sum, cells)]}; told from Tessera's own "WxH:<grid>" by its run letters
    or '_'; None when the text is not one. Solo's boxes are R digits wide and C tall ("CxR"); "Nj" is an N x N
    jigsaw, 'x' adds the diagonals, 'k' killer cages (the description then adds the layout and the sums)."""
    params, colon, desc = text.partition(":")
    match = SOLO.fullmatch(params.strip())
    if not colon or match is None or not any(ch == "_" or "a" <= ch <= "z" for ch in desc):
        return None
    flags = match.group(3) or ""
    c = int(match.group(1))
    r = int(match.group(2) or c) if match.group(2) or "j" not in flags else 1
    jigsaw = "j" in flags or r == 1
    n = c * r
    if not 4 <= n <= 16:
        raise ValueError(f"a {n}x{n} Solo grid is not one Tessera plays (4x4 to 16x16)")
    parts = desc.strip().split(",")
    want = 1 + jigsaw + 2 * ("k" in flags)
    if len(parts) != want:
        raise ValueError(f"this Solo ID should have {want} comma-separated parts, not {len(parts)}")
    values = runs(parts[0], n * n, n)
    regions = solo_blocks(parts[1], n) if jigsaw else None
    cages = []
    if "k" in flags:
        blocks = solo_blocks(parts[-2], n)
        sums = runs(parts[-1], n * n, n * n * (n + 1) // 2)
        for k in range(max(blocks) + 1):
            cells = [i for i, b in enumerate(blocks) if b == k]
            given = [sums[i] for i in cells if sums[i]]
            if len(given) != 1:
                raise ValueError(f"the cage at r{cells[0] // n + 1}c{cells[0] % n + 1} has {len(given)} sums")
            cages.append((given[0], cells))
    box = (r, c) if not jigsaw else None
    return {"box": box, "n": n, "values": values, "regions": regions, "diagonals": "x" in flags, "cages": cages}


def solo_id(box: tuple[int, int], values: list[int], regions: list[int] | None = None, diagonals: bool = False,
            cages: list[tuple[int, list[int]]] = ()) -> str:
    """The Solo game ID of a grid with boxes `box` = (width, height) (or a jigsaw's regions), diagonals, and killer
    cages (a one-cell cage is written as a given: Solo's cages have two cells or more)."""
    n = box[0] * box[1]
    values = list(values)
    for total, cells in cages:
        if len(cells) == 1:
            values[cells[0]] = total
    cages = [(total, cells) for total, cells in cages if len(cells) > 1]
    params = (f"{n}j" if regions is not None else f"{box[1]}x{box[0]}") + ("x" if diagonals else "") + \
        ("k" if cages else "")
    parts = [write_runs(values) or "a"]
    if regions is not None:
        parts.append(write_solo_blocks(list(regions), n))
    if cages:
        blocks, sums = [-1] * (n * n), [0] * (n * n)
        for k, (total, cells) in enumerate(cages):
            for cell in cells:
                blocks[cell] = k
            sums[min(cells)] = total
        if -1 in blocks:
            raise ValueError("Solo's killer cages cover every cell")
        code = write_solo_blocks(blocks, n)
        if max(solo_blocks(code, n)) != len(cages) - 1:
            raise ValueError("Solo's killer cages are joined side by side")
        parts += [code, write_runs(sums)]
    return params + ":" + ",".join(parts)


# f-puzzles keys that carry no rule: anything else set (diagonals, cages, thermometers, ...) is a variant
FPUZZLES_PLAIN = {"size", "title", "author", "ruleset", "grid", "solution", "disabledlogic", "truecandidatesoptions"}


COSMETIC = ("line", "cage", "text", "rectangle", "circle")  # f-puzzles' drawings: a rule only by their words

FPUZZLES_VARIANT = {"killercage", "diagonal+", "diagonal-"}  # the variant keys Tessera plays


Reader = Callable[[object, int], list]  # an f-puzzles key's value and the size -> "constraints" entries


def fpuzzles(text: str, readers: dict[str, list[Reader]] | None = None) -> dict | None:
    """The parts of an f-puzzles puzzle's JSON (what an f-puzzles or SudokuPad "fpuzzles" link holds once
    lz-string has decompressed it): {"n", "box": None, "values", "regions", "diagonals", "cages"} as
    `tatham_solo` gives them; None when the text is not a JSON object. Rules Tessera does not play raise
    ValueError (arrows, a single diagonal, ...); the keys of `readers` (the constraint types') become the
    "constraints" entries their readers make."""
    text = fpuzzles_link(text) or text.strip()
    if not text.startswith("{"):
        return None
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("an f-puzzles puzzle is a JSON object")
    size, grid = data.get("size"), data.get("grid")
    if type(size) is not int or not isinstance(grid, list) or len(grid) != size:
        raise ValueError("an f-puzzles puzzle has a size and a grid of that many rows")
    readers = readers or {}
    for key in COSMETIC:  # drawings that copy a rule the puzzle also gives by its key, or carry no cells, go
        if isinstance(data.get(key), list):
            data[key] = [e for e in data[key] if isinstance(e, dict) and e.get("cells", e.get("lines"))
                         and not any(e.get(tag) for tag in ("fromConstraint", "isNewConstraint", "isLLConstraint"))]
    extra = sorted(k for k, v in data.items() if k not in FPUZZLES_PLAIN | FPUZZLES_VARIANT | set(readers) and v)
    if extra:
        raise ValueError("it has rules Tessera does not play (" + ", ".join(extra[:3]) + ")")
    entries = [e for key, reads in readers.items() if data.get(key) for read in reads for e in read(data[key], size)]
    if bool(data.get("diagonal+")) != bool(data.get("diagonal-")):
        raise ValueError("it has one diagonal; Tessera plays X Sudoku, with both")
    values, regions = [], []
    for row in grid:
        if not isinstance(row, list) or len(row) != size:
            raise ValueError("an f-puzzles row holds one cell per column")
        for cell in row:
            given = isinstance(cell, dict) and cell.get("given") and type(cell.get("value")) is int
            values.append(cell["value"] if given else 0)
            region = cell.get("region") if isinstance(cell, dict) else None
            if region is not None and type(region) is not int:
                raise ValueError("an f-puzzles region is a number")
            regions.append(region)
    cages, caged = [], set()
    for cage in data.get("killercage") or []:
        if not isinstance(cage, dict) or not isinstance(cage.get("cells"), list):
            raise ValueError("an f-puzzles killer cage lists its cells")
        value, cells = cage.get("value"), [_fpuzzles_cell(name, size) for name in cage["cells"]]
        rc = [[c // size, c % size] for c in cells]
        if value is None or str(value).strip() == "":  # a cage without a sum: its digits differ
            entries.append({"type": "distinct", "cells": rc})
            continue
        if not (isinstance(value, (int, str)) and str(value).strip().isdigit()):
            raise ValueError("a killer cage's sum is a whole number, not " + repr(str(value)[:8]))
        if caged & set(cells):  # over another cage: a cage of its own beside the killer's
            entries.append({"type": "distinct", "cells": rc, "sum": int(value)})
            continue
        caged.update(cells)
        cages.append((int(value), cells))
    jigsaw = any(r is not None for r in regions)
    return {"n": size, "box": None, "values": values,
            "regions": _fpuzzles_regions(regions, size) if jigsaw else None,
            "diagonals": bool(data.get("diagonal+")), "cages": cages, "constraints": entries}


def _fpuzzles_cell(name: object, size: int) -> int:
    """The cell index of an f-puzzles cell name "R3C7"."""
    match = re.fullmatch(r"R(\d+)C(\d+)", str(name).strip().upper())
    if match is None or not (1 <= int(match.group(1)) <= size and 1 <= int(match.group(2)) <= size):
        raise ValueError(f"{str(name)[:12]!r} is not a cell of the grid")
    return (int(match.group(1)) - 1) * size + int(match.group(2)) - 1


FPUZZLES_BOXES = BOXES  # f-puzzles' boxes by size are Tessera's defaults: (width, height)


def _fpuzzles_regions(regions: list[int | None], size: int) -> list[int]:
    """Each cell's region: its own "region", else its box's (f-puzzles' default for a cell without one)."""
    if size not in FPUZZLES_BOXES:
        raise ValueError(f"Tessera plays jigsaw Sudoku of sizes {', '.join(map(str, FPUZZLES_BOXES))}, not "
                         f"{size}x{size}")
    w, h = FPUZZLES_BOXES[size]
    return [r if r is not None else (c // size // h) * (size // w) + (c % size) // w for c, r in enumerate(regions)]


SETTER = {"title": ("title", 200), "author": ("author", 200), "rules": ("ruleset", 2_000)}  # ours: (f-puzzles', cap)


def fpuzzles_setter(text: str) -> dict[str, str]:
    """What an f-puzzles or SudokuPad link (or its JSON) says of its puzzle in its setter's words: "title",
    "author" and "rules" (its ruleset), each plain text, trimmed and cut to a few lines; {} for any other text or
    one that cannot be read (reading the puzzle itself says why)."""
    try:
        data = json.loads(fpuzzles_link(text) or text.strip())
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    out = {}
    for ours, (theirs, cap) in SETTER.items():
        value = data.get(theirs)
        if isinstance(value, str) and value.strip():
            words = "\n".join(" ".join(line.split()) for line in value.strip().splitlines()).strip()
            out[ours] = words if len(words) <= cap else words[:cap - 1].rstrip() + "…"
    return out


def fpuzzles_json(box: tuple[int, int], values: list[int], layout: tuple, more: dict | None = None) -> str:
    """An f-puzzles puzzle's JSON of a Sudoku, with `more` keys (the constraint types' own; `fpuzzles` reads it
    back; `fpuzzles_links` compresses it into links)."""
    n = box[0] * box[1]
    regions, diagonals, cages, _more = layout
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict = {"value": values[r * n + c], "given": True} if values[r * n + c] else {}
            if regions is not None:
                cell["region"] = regions[r * n + c]
            row.append(cell)
        grid.append(row)
    data: dict = {"size": n, "grid": grid}
    if diagonals:
        data["diagonal+"] = data["diagonal-"] = True
    if cages:
        data["killercage"] = [{"cells": [f"R{c // n + 1}C{c % n + 1}" for c in cells], "value": str(total)}
                              for total, cells in cages]
    for key, value in (more or {}).items():  # a cage without a sum joins the killer cages
        data[key] = [*data[key], *value] if isinstance(data.get(key), list) and isinstance(value, list) else value
    return json.dumps(data, separators=(",", ":"))


def sudokuwiki(text: str) -> str | None:
    """The 81 digits of a SudokuWiki link's `bd=` (0 = blank), or None when the text has none."""
    at = text.find("bd=")
    if at < 0:
        return None
    return text[at + 3:].split("&")[0].split("#")[0].strip()


def tatham_towers(text: str) -> tuple[int, dict[str, list[int]], list[list[int]]] | None:
    """(n, clues per side, givens [row, col, height]) of a Towers game ID "N:top/bottom/left/right,<givens>"
    (4N slash-separated clues, empty = none); None when the text is not one."""
    head, colon, body = text.partition(":")
    if not colon or not head.strip().isdigit():
        return None
    n = int(head)
    clue_text, _, given_text = body.partition(",")
    fields = clue_text.split("/")
    if len(fields) != 4 * n:
        return None
    values = []
    for f in fields:
        if f and not f.isdigit():
            raise ValueError(f"the clue {f!r} is not a number")
        values.append(int(f) if f else 0)
    top, bottom, left, right = (values[k * n:(k + 1) * n] for k in range(4))
    grid = runs(given_text, n * n, n) if given_text else [0] * (n * n)
    givens = [[i // n, i % n, v] for i, v in enumerate(grid) if v]
    return n, {"top": top, "right": right, "bottom": bottom, "left": left}, givens


def towers_id(n: int, clues: dict[str, list[int]], givens: list[list[int]]) -> str:
    """The Towers game ID of a Skyscrapers puzzle (`tatham_towers` reads it back)."""
    grid = [0] * (n * n)
    for r, c, v in givens:
        grid[r * n + c] = v
    text = f"{n}:" + "/".join(str(v) if v else "" for side in ("top", "bottom", "left", "right") for v in clues[side])
    return text + ("," + write_runs(grid) if any(grid) else "")


def _pzpr_numbers(code: str, count: int) -> tuple[list[int], str]:
    """pzprjs's 16-number code of `count` items (0-9a-f a value, '-' two hex digits, '.' unknown, g-z a run of
    1-20 empty items); (values, 0 = none, and the rest of the code)."""
    out: list[int] = []
    i = 0
    while i < len(code) and len(out) < count:
        ch = code[i]
        if ch in HEX:
            out.append(HEX.index(ch))
        elif ch == "-":
            out.append(int(code[i + 1:i + 3], 16))
            i += 2
        elif ch == "+":
            out.append(int(code[i + 1:i + 4], 16))
            i += 3
        elif ch == ".":
            out.append(0)
        elif "g" <= ch <= "z":
            out.extend([0] * (int(ch, 36) - 15))
        else:
            raise ValueError(f"unexpected {ch!r} in the puzz.link code")
        i += 1
    if len(out) < count:
        raise ValueError("the puzz.link code is too short")
    return out[:count], code[i:]


def puzzlink_skyscrapers(text: str) -> tuple[int, dict[str, list[int]], list[list[int]]] | None:
    """(n, clues, givens) of a puzz.link / pzv.jp Skyscrapers URL ("...?skyscrapers/5/5/<code>", also "building");
    None when the text is not one. Clues come top, bottom, left, right; givens, when the code goes on, by cell."""
    if "?" not in text:
        return None
    parts = text.split("?", 1)[1].split("/")
    if parts[0] not in ("skyscrapers", "building"):
        return None
    parts = parts[1:]
    if parts and not parts[0].isdigit():
        parts = parts[1:]  # a flag field
    if len(parts) < 3 or not (parts[0].isdigit() and parts[1].isdigit()):
        raise ValueError("a puzz.link Skyscrapers URL names the columns and rows, then the code")
    cols, rows = int(parts[0]), int(parts[1])
    if cols != rows:
        raise ValueError("Skyscrapers boards are square")
    n = cols
    clues, rest = _pzpr_numbers(parts[2], 4 * n)
    top, bottom, left, right = (clues[k * n:(k + 1) * n] for k in range(4))
    grid = _pzpr_numbers(rest, n * n)[0] if rest else [0] * (n * n)
    givens = [[i // n, i % n, v] for i, v in enumerate(grid) if v]
    return n, {"top": top, "right": right, "bottom": bottom, "left": left}, givens


BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
FPUZZLES_LINKS = (("f-puzzles link", "https://www.f-puzzles.com/?load="),
                  ("SudokuPad link", "https://sudokupad.app/fpuzzles"))


def lz_base64(text: str) -> str:
    """`text` compressed as lz-string's compressToBase64 does (the f-puzzles and SudokuPad link payload): an LZW
    code stream whose code width grows as its dictionary does, 6 bits a Base64 character, '=' padded."""
    out: list[str] = []
    acc, filled = 0, 0

    def put(value: int, width: int) -> None:  # lz-string writes a code lowest bit first
        nonlocal acc, filled
        for _ in range(width):
            acc, value, filled = (acc << 1) | (value & 1), value >> 1, filled + 1
            if filled == 6:
                out.append(BASE64[acc])
                acc, filled = 0, 0

    codes: dict[str, int] = {}
    fresh: set[str] = set()  # single characters whose literal has not been written yet
    size, width, room = 3, 2, 2  # codes 0, 1, 2: an 8-bit literal, a 16-bit literal, the end

    def grow() -> None:
        nonlocal width, room
        room -= 1
        if room == 0:
            room, width = 1 << width, width + 1

    def emit(w: str) -> None:
        if w in fresh:
            wide = ord(w) > 255
            put(int(wide), width)
            put(ord(w), 16 if wide else 8)
            grow()
            fresh.discard(w)
        else:
            put(codes[w], width)
        grow()

    w = ""
    data = text.encode("utf-16-le", "surrogatepass")  # JavaScript's characters: UTF-16 code units
    for ch in (chr(data[k] | data[k + 1] << 8) for k in range(0, len(data), 2)):
        if ch not in codes:
            codes[ch], size = size, size + 1
            fresh.add(ch)
        if w + ch in codes:
            w += ch
            continue
        emit(w)
        codes[w + ch], size = size, size + 1
        w = ch
    if w:
        emit(w)
    put(2, width)
    put(0, 1)  # the last character, padded with zero bits (a whole zero character when none was begun)
    while filled:
        put(0, 1)
    encoded = "".join(out)
    return encoded + "=" * (-len(encoded) % 4)


def lz_unbase64(text: str) -> str | None:
    """The text lz-string's compressToBase64 made (`lz_base64` undone), or None when it is not such a payload."""
    values = [BASE64.index(ch) for ch in text.rstrip("=") if ch in BASE64]
    if len(values) != len(text.rstrip("=")):
        return None
    bits = ((v >> (5 - k)) & 1 for v in values for k in range(6))

    def take(width: int) -> int | None:
        out = 0
        for k in range(width):
            bit = next(bits, None)
            if bit is None:
                return None
            out |= bit << k
        return out

    words: list[str] = ["", "", ""]  # codes 0, 1, 2 are the literals' and the end's
    width, room, w, out = 2, 1, "", []
    while True:
        code = take(width)
        if code is None:
            return None
        if code in (0, 1):
            literal = take(8 if code == 0 else 16)
            if literal is None:
                return None
            words.append(chr(literal))
            code = len(words) - 1
            room -= 1
            if room == 0:
                room, width = 1 << width, width + 1
        elif code == 2:  # the end; UTF-16 code units back to characters
            return "".join(out).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
        if code < len(words) and code > 2:
            entry = words[code]
        elif code == len(words) and w:
            entry = w + w[0]
        else:
            return None
        out.append(entry)
        if w:
            words.append(w + entry[0])
            room -= 1
            if room == 0:
                room, width = 1 << width, width + 1
        w = entry


def fpuzzles_link(text: str) -> str | None:
    """The puzzle JSON inside an f-puzzles (`?load=`) or SudokuPad (`/fpuzzles`) link; None for other texts,
    ValueError for such a link whose payload does not decompress."""
    for _name, prefix in FPUZZLES_LINKS:
        site, key = prefix.split("/")[2].removeprefix("www."), prefix.rsplit("/", 1)[1]  # "f-puzzles.com", "?load="
        if site in text and key in text:
            payload = re.split(r"[&#?\s]", unquote(text.split(key, 1)[1].strip()), maxsplit=1)[0]  # not base64
            found = lz_unbase64(payload)
            if found is None:
                raise ValueError("the puzzle in that link cannot be decompressed (is the link whole?)")
            return found
    return None


def fpuzzles_links(box: tuple[int, int], values: list[int], layout: tuple, more: dict | None = None
                   ) -> dict[str, str]:
    """An f-puzzles link and a SudokuPad link of a Sudoku whose boxes are f-puzzles' own for its size (or a jigsaw),
    with `more` keys (as `fpuzzles_json`); {} for other boxes."""
    n = box[0] * box[1]
    if FPUZZLES_BOXES.get(n) != tuple(box) and (layout[0] is None or n not in FPUZZLES_BOXES):
        return {}
    payload = lz_base64(fpuzzles_json(box, values, layout, more))
    return {name: prefix + payload for name, prefix in FPUZZLES_LINKS}
