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
from urllib.parse import unquote

HEX = "0123456789abcdef"


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


SOLO = re.compile(r"(\d+)(?:x(\d+))?([a-z]*)")


def tatham_solo(text: str) -> tuple[tuple[int, int], list[int]] | None:
    """(box as (width, height), values) of a Solo game ID "CxR:<grid>" (Solo's boxes are R digits wide and C
    tall), told from Tessera's own "WxH:<grid>" by its run letters or '_'; None when the text is not one.
    Jigsaw, killer and X variants raise ValueError."""
    params, colon, desc = text.partition(":")
    match = SOLO.fullmatch(params.strip())
    if not colon or match is None or not any(ch == "_" or "a" <= ch <= "z" for ch in desc):
        return None
    if any(flag in match.group(3) for flag in "jkx"):
        raise ValueError("Solo's jigsaw, killer and X variants are not Sudoku as Tessera plays it")
    c = int(match.group(1))
    r = int(match.group(2) or c)
    n = c * r
    if not 2 <= n <= 16:
        raise ValueError(f"a {n}x{n} Solo grid is not one Tessera plays (4x4 to 16x16)")
    return (r, c), runs(desc.split(",")[0], n * n, n)


def solo_id(box: tuple[int, int], values: list[int]) -> str:
    """The Solo game ID of a grid with boxes `box` = (width, height) wide and tall."""
    return f"{box[1]}x{box[0]}:" + write_runs(values)


# f-puzzles keys that carry no rule: anything else set (diagonals, cages, thermometers, ...) is a variant
FPUZZLES_PLAIN = {"size", "title", "author", "ruleset", "grid", "solution", "disabledlogic", "truecandidatesoptions"}


def fpuzzles(text: str) -> tuple[int, list[int]] | None:
    """(size, givens) of an f-puzzles puzzle's JSON (what an f-puzzles or SudokuPad "fpuzzles" link holds once
    lz-string has decompressed it); None when the text is not a JSON object. A variant raises ValueError."""
    text = text.strip()
    if not text.startswith("{"):
        return None
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("an f-puzzles puzzle is a JSON object")
    size, grid = data.get("size"), data.get("grid")
    if type(size) is not int or not isinstance(grid, list) or len(grid) != size:
        raise ValueError("an f-puzzles puzzle has a size and a grid of that many rows")
    extra = sorted(k for k, v in data.items() if k not in FPUZZLES_PLAIN and v)
    if extra or any(isinstance(cell, dict) and "region" in cell for row in grid for cell in row):
        raise ValueError("it has rules beyond classic Sudoku (" + ", ".join(extra[:3] or ["regions"]) + ")")
    values = []
    for row in grid:
        if not isinstance(row, list) or len(row) != size:
            raise ValueError("an f-puzzles row holds one cell per column")
        for cell in row:
            given = isinstance(cell, dict) and cell.get("given") and type(cell.get("value")) is int
            values.append(cell["value"] if given else 0)
    return size, values


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
