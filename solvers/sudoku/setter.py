"""The setter: constraints of a type laid on a full grid so that the grid meets them (thermometers along rising
digits, arrows whose circle holds their sum, a Kropki dot on every pair it fits, with the negative rule, ...). The
variant generator (generator.py) digs givens from such a layout; the tests make their constraint puzzles with it.
Each maker takes (solution, n, rng) and returns the f-puzzles-like entries of `constraints` (see DESIGN.md); the
types of EVERYWHERE hold on every cell, so the solution must be found under them first (`entries([], ...)`).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from random import Random

from . import grid

Entry = dict
Solution = list[int]


def _rc(cells: list[int], n: int) -> list[list[int]]:
    return [[c // n, c % n] for c in cells]


def _walk(sol: Solution, n: int, rng: Random, used: set[int], length: int,
          ok: Callable[[list[int]], bool]) -> list[int] | None:
    """A random line of touching cells outside `used` whose digits so far always pass `ok`."""
    line = [rng.randrange(n * n)]
    if line[0] in used:
        return None
    while len(line) < length:
        r, k = divmod(line[-1], n)
        nxt = [(r + dr) * n + k + dk for dr, dk in product((-1, 0, 1), repeat=2)
               if (dr or dk) and 0 <= r + dr < n and 0 <= k + dk < n]
        nxt = [c for c in nxt if c not in used and c not in line and ok([sol[x] for x in (*line, c)])]
        if not nxt:
            return None
        line.append(rng.choice(nxt))
    return line


def _lines(sol: Solution, n: int, rng: Random, kind: str, count: int, lengths: tuple[int, int],
           ok: Callable[[list[int]], bool], done: Callable[[list[int]], bool] = lambda d: True) -> list[Entry]:
    used: set[int] = set()
    out: list[Entry] = []
    for _ in range(5000):
        line = _walk(sol, n, rng, used, rng.randint(*lengths), ok)
        if line is not None and done([sol[c] for c in line]):
            out.append({"type": kind, "cells": _rc(line, n)})
            used.update(line)
            if len(out) == count:
                break
    return out


def _pairs(n: int) -> list[tuple[int, int]]:
    return [(c, c + d) for c in range(n * n) for d in (1, n)
            if (d == n and c + n < n * n) or (d == 1 and c % n < n - 1)]


def thermo(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _lines(sol, n, rng, "thermo", 6, (3, 5), lambda d: d[-1] > d[-2] if len(d) > 1 else True)


def whispers(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _lines(sol, n, rng, "whispers", 6, (3, 6), lambda d: len(d) < 2 or abs(d[-1] - d[-2]) >= 5)


def renban(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _lines(sol, n, rng, "renban", 6, (3, 5), lambda d: len(set(d)) == len(d) and max(d) - min(d) < 5,
                  lambda d: max(d) - min(d) == len(d) - 1)


def palindrome(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _lines(sol, n, rng, "palindrome", 4, (3, 5), lambda d: True, lambda d: d == d[::-1])


def between(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _lines(sol, n, rng, "between", 6, (3, 5), lambda d: True,
                  lambda d: all(min(d[0], d[-1]) < x < max(d[0], d[-1]) for x in d[1:-1]))


def arrow(sol: Solution, n: int, rng: Random) -> list[Entry]:
    used: set[int] = set()
    out: list[Entry] = []
    for _ in range(5000):
        c = rng.randrange(n * n)
        if c in used:
            continue
        line = _walk(sol, n, rng, used | {c}, rng.randint(2, 4), lambda d, top=sol[c]: sum(d) <= top)
        if line is None or sum(sol[x] for x in line) != sol[c] or \
                max(abs(line[0] // n - c // n), abs(line[0] % n - c % n)) != 1:
            continue
        out.append({"type": "arrow", "circle": _rc([c], n), "cells": _rc(line, n)})
        used.update((c, *line))
        if len(out) == 7:
            break
    return out


def _dots(sol: Solution, n: int, rng: Random, kind: str, marks: dict[str, Callable[[int, int], bool]]) -> list[Entry]:
    out: list[Entry] = [{"type": kind, "negative": True}]
    for a, b in _pairs(n):
        fits = [m for m, ok in marks.items() if ok(sol[a], sol[b])]
        if fits:
            out.append({"type": kind, "mark": rng.choice(fits), "cells": _rc([a, b], n)})
    return out


def kropki(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _dots(sol, n, rng, "kropki", {"white": lambda x, y: abs(x - y) == 1,
                                         "black": lambda x, y: x == 2 * y or y == 2 * x})


def xv(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _dots(sol, n, rng, "xv", {"X": lambda x, y: x + y == 10, "V": lambda x, y: x + y == 5})


def parity(sol: Solution, n: int, rng: Random) -> list[Entry]:
    cells = rng.sample(range(n * n), 2 * n)
    return [{"type": "parity", "mark": m, "cells": _rc([c for c in cells if (sol[c] % 2 == 1) == (m == "odd")], n)}
            for m in ("odd", "even")]


def littlekiller(sol: Solution, n: int, rng: Random) -> list[Entry]:
    out = []
    for start in rng.sample(range(1, n - 1), min(5, n - 2)):
        cells = [r * n + start + r for r in range(n - start)] if rng.random() < 0.5 else \
            [(start + k) * n + k for k in range(n - start)]
        out.append({"type": "littlekiller", "sum": sum(sol[c] for c in cells), "cells": _rc(cells, n)})
    return out


def sandwich(sol: Solution, n: int, rng: Random) -> list[Entry]:
    out = []
    for line, cells in [*(("row", [r * n + k for k in range(n)]) for r in range(n)),
                        *(("column", [k * n + c for k in range(n)]) for c in range(n))]:
        row = [sol[c] for c in cells]
        i, j = sorted((row.index(1), row.index(n)))
        out.append({"type": "sandwich", line: (cells[0] // n if line == "row" else cells[0]), "sum": sum(row[i + 1:j])})
    return out


def _outside(sol: Solution, n: int, rng: Random, kind: str, count: int, value: Callable[[list[int]], int]
             ) -> list[Entry]:
    out = []
    for line, index, far in rng.sample([(line, i, far) for line in ("row", "column") for i in range(n)
                                        for far in (False, True)], count):
        cells = [index * n + k for k in range(n)] if line == "row" else [k * n + index for k in range(n)]
        digits = [sol[c] for c in (cells[::-1] if far else cells)]
        out.append({"type": kind, line: index, **({"far": True} if far else {}), "value": value(digits)})
    return out


def xsum(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _outside(sol, n, rng, "xsum", 14, lambda d: sum(d[:d[0]]))


def skyscraper(sol: Solution, n: int, rng: Random) -> list[Entry]:
    return _outside(sol, n, rng, "skyscraper", 16,
                    lambda d: sum(1 for i, v in enumerate(d) if v > max(d[:i], default=0)))


def quadruple(sol: Solution, n: int, rng: Random) -> list[Entry]:
    out = []
    for c in rng.sample([c for c in range(n * n) if c % n < n - 1 and c < n * (n - 1)], 12):
        cells = [c, c + 1, c + n, c + n + 1]
        values = sorted(rng.sample([sol[x] for x in cells], 3))
        out.append({"type": "quadruple", "cells": _rc(cells, n), "values": values})
    return out


def minmax(sol: Solution, n: int, rng: Random) -> list[Entry]:
    def beside(c: int) -> list[int]:
        r, k = divmod(c, n)
        return [x * n + y for x, y in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)) if 0 <= x < n and 0 <= y < n]
    return [{"type": "minmax", "mark": m, "cells": _rc([c for c in range(n * n) if all(
        (sol[c] < sol[x]) if m == "min" else (sol[c] > sol[x]) for x in beside(c))], n)} for m in ("min", "max")]


def regionsum(sol: Solution, n: int, rng: Random) -> list[Entry]:
    w, h = grid.DEFAULT_BOX[n]

    def equal(d_cells: list[int]) -> bool:
        parts: list[int] = []  # each segment's sum: box borders split the line
        last = -1
        for c in d_cells:
            box = (c // n // h) * (n // w) + (c % n) // w
            if box != last:
                parts.append(0)
                last = box
            parts[-1] += sol[c]
        return len(parts) > 1 and len(set(parts)) == 1

    used: set[int] = set()
    out: list[Entry] = []
    for _ in range(20000):
        line = _walk(sol, n, rng, used, rng.randint(3, 6), lambda d: True)
        if line is not None and equal(line):
            out.append({"type": "regionsum", "cells": _rc(line, n)})
            used.update(line)
            if len(out) == 5:
                break
    return out


def distinct(sol: Solution, n: int, rng: Random) -> list[Entry]:
    used: set[int] = set()
    out: list[Entry] = []
    for _ in range(5000):
        line = _walk(sol, n, rng, used, rng.randint(2, 4), lambda d: len(set(d)) == len(d))
        if line is not None:
            out.append({"type": "distinct", "cells": _rc(sorted(line), n)})
            used.update(line)
            if len(out) == 12:
                break
    return out


EVERYWHERE = {"antiknight", "antiking", "nonconsecutive", "disjoint"}
WINDOKU = [[(r0 + dr) * 9 + c0 + dc for dr in range(3) for dc in range(3)] for r0 in (1, 5) for c0 in (1, 5)]

MAKERS: dict[str, Callable[[Solution, int, Random], list[Entry]]] = {
    "thermo": thermo, "whispers": whispers, "renban": renban, "palindrome": palindrome, "between": between,
    "arrow": arrow, "kropki": kropki, "xv": xv, "parity": parity, "littlekiller": littlekiller, "sandwich": sandwich,
    "xsum": xsum, "skyscraper": skyscraper, "quadruple": quadruple, "minmax": minmax, "regionsum": regionsum,
    "distinct": distinct,
    **{kind: (lambda sol, n, rng, k=kind: [{"type": k}]) for kind in EVERYWHERE},
    "extraregion": lambda sol, n, rng: [{"type": "extraregion", "cells": _rc(cells, n)} for cells in WINDOKU],
}
