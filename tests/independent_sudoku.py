"""An independent count of a Sudoku's solutions (up to a limit), for any mix of the constraints of the solve input
(README: "Sudoku variants add fields to the solve input"), written from the rules alone, with no solver code.

A plain backtracking search: it branches on the empty cell with the fewest digits left, or on the places left to a
digit a unit lacks when they are fewer, and a digit is left to a cell while no rule that involves the cell is broken
for certain by the digits placed so far (each rule below says no only once its placed digits break it). Slow next
to the solver, and meant to be: it shares none of its reasoning.
"""

from __future__ import annotations

from collections.abc import Callable

Values = list[int]  # a cell's digit, 0 = empty
Check = Callable[[Values], bool]  # whether a rule still holds as far as the placed digits tell


class Budget(Exception):
    """The count needed more nodes than allowed."""


def _cells(entry: dict, n: int, key: str = "cells") -> list[int]:
    return [r * n + c for r, c in entry.get(key, [])]


def _line(entry: dict, n: int) -> list[int]:
    """The cells of a row or column clue, from the clue's own side."""
    cells = [entry["row"] * n + c for c in range(n)] if "row" in entry else [r * n + entry["column"] for r in range(n)]
    return cells[::-1] if entry.get("far") else cells


def _units(p: dict, n: int) -> list[list[int]]:
    """Rows, columns, boxes (or jigsaw regions), diagonals and extra regions: each holds 1..n once."""
    units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    if p.get("regions"):
        marks = p["regions"]
        units += [[i for i in range(n * n) if marks[i] == m] for m in sorted(set(marks))]
    else:
        w, h = p["box"]
        units += [[(r0 + dr) * n + c0 + dc for dr in range(h) for dc in range(w)]
                  for r0 in range(0, n, h) for c0 in range(0, n, w)]
    if p.get("diagonals"):
        units += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    for e in p.get("constraints", []):
        if e["type"] == "extraregion":
            units.append(_cells(e, n))
        if e["type"] == "disjoint":
            w, h = p["box"]
            units += [[(r0 + dr) * n + c0 + dc for r0 in range(0, n, h) for c0 in range(0, n, w)]
                      for dr in range(h) for dc in range(w)]
    return units


def _steps(entry_type: str) -> list[tuple[int, int]]:
    if entry_type == "antiknight":
        return [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
    return [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]


def _sides(n: int) -> list[tuple[int, int]]:
    return [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)] + \
        [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]


def _sum_check(cells: list[int], total: int, n: int, distinct: bool) -> Check:
    """The digits of `cells` add up to `total` (different digits when `distinct`)."""
    def ok(v: Values) -> bool:
        placed = [v[c] for c in cells if v[c]]
        left = len(cells) - len(placed)
        if distinct:
            free = sorted(set(range(1, n + 1)) - set(placed))
            if len(set(placed)) < len(placed) or len(free) < left:
                return False
            low, high = sum(free[:left]), sum(free[len(free) - left:])
        else:
            low, high = left, left * n
        return sum(placed) + low <= total <= sum(placed) + high
    return ok


def _rules(p: dict, n: int) -> list[tuple[list[int], Check]]:
    """(cells, check) of every rule beyond the units and the peers."""
    out: list[tuple[list[int], Check]] = []
    for cage in p.get("cages", []):
        out.append((_cells(cage, n), _sum_check(_cells(cage, n), cage["sum"], n, True)))
    entries = p.get("constraints", [])
    for e in entries:
        kind, cells = e["type"], _cells(e, n)
        if kind == "distinct":
            out.append((cells, _sum_check(cells, e["sum"], n, True) if e.get("sum") else
                        (lambda v, cells=cells: len({v[c] for c in cells if v[c]}) == sum(1 for c in cells if v[c]))))
        elif kind == "thermo":
            def ok(v: Values, cells: list[int] = cells) -> bool:
                seen = [(i, v[c]) for i, c in enumerate(cells) if v[c]]
                if any(d < i + 1 or d > n - (len(cells) - 1 - i) for i, d in seen):
                    return False
                return all(b - a >= j - i for (i, a), (j, b) in zip(seen, seen[1:], strict=False))
            out.append((cells, ok))
        elif kind == "whispers":
            gap = e.get("gap", 5)
            out.append((cells, lambda v, cells=cells, gap=gap: all(
                not (v[a] and v[b]) or abs(v[a] - v[b]) >= gap for a, b in zip(cells, cells[1:], strict=False))))
        elif kind == "renban":
            def ok(v: Values, cells: list[int] = cells) -> bool:
                placed = [v[c] for c in cells if v[c]]
                return len(set(placed)) == len(placed) and (not placed or max(placed) - min(placed) < len(cells))
            out.append((cells, ok))
        elif kind == "palindrome":
            out.append((cells, lambda v, cells=cells: all(
                not (v[a] and v[b]) or v[a] == v[b] for a, b in zip(cells, cells[::-1], strict=True))))
        elif kind == "between":
            def ok(v: Values, cells: list[int] = cells) -> bool:
                a, b = v[cells[0]], v[cells[-1]]
                if not (a and b):
                    return True
                lo, hi = min(a, b), max(a, b)
                return (hi - lo >= 2 or len(cells) == 2) and all(lo < v[c] < hi for c in cells[1:-1] if v[c])
            out.append((cells, ok))
        elif kind == "arrow":
            circle = _cells(e, n, "circle")

            def ok(v: Values, circle: list[int] = circle, cells: list[int] = cells) -> bool:
                placed = [v[c] for c in cells if v[c]]
                least = sum(placed) + (len(cells) - len(placed))
                if all(v[c] for c in circle):
                    number = int("".join(map(str, (v[c] for c in circle))))
                    return least <= number and (len(placed) < len(cells) or sum(placed) == number)
                return least <= int(str(n) * len(circle))
            out.append((circle + cells, ok))
        elif kind in ("kropki", "xv"):
            test = {"white": lambda a, b: abs(a - b) == 1, "black": lambda a, b: a == 2 * b or b == 2 * a,
                    "X": lambda a, b: a + b == 10, "V": lambda a, b: a + b == 5}
            if e.get("negative"):
                marks = list(test) if e["negative"] is True else e["negative"]
                marks = [m for m in marks if (m in ("X", "V")) == (kind == "xv")]
                dotted = {tuple(sorted(_cells(d, n))) for d in entries if d["type"] in ("kropki", "xv")
                          and not d.get("negative")}
                for a, b in _sides(n):
                    if (a, b) not in dotted:
                        out.append(([a, b], lambda v, a=a, b=b, marks=marks, test=test: not (v[a] and v[b]) or
                                    not any(test[m](v[a], v[b]) for m in marks)))
            else:
                a, b = cells
                out.append((cells, lambda v, a=a, b=b, t=test[e["mark"]]: not (v[a] and v[b]) or t(v[a], v[b])))
        elif kind == "parity":
            want = 1 if e["mark"] == "odd" else 0
            out += [([c], lambda v, c=c, want=want: not v[c] or v[c] % 2 == want) for c in cells]
        elif kind == "minmax":
            for c in cells:
                r, k = divmod(c, n)
                beside = [(r + dr) * n + k + dk for dr, dk in ((-1, 0), (1, 0), (0, -1), (0, 1))
                          if 0 <= r + dr < n and 0 <= k + dk < n]
                smaller = e["mark"] == "min"
                out.append(([c, *beside], lambda v, c=c, beside=beside, smaller=smaller: not v[c] or all(
                    not v[x] or (v[c] < v[x] if smaller else v[c] > v[x]) for x in beside)))
        elif kind == "littlekiller":
            out.append((cells, _sum_check(cells, e["sum"], n, False)))
        elif kind == "quadruple":
            def ok(v: Values, cells: list[int] = cells, values: list[int] = e["values"]) -> bool:
                placed = [v[c] for c in cells if v[c]]
                missing = list(values)
                for d in placed:
                    if d in missing:
                        missing.remove(d)
                return len(missing) <= len(cells) - len(placed)
            out.append((cells, ok))
        elif kind == "regionsum":
            w, h = p["box"]
            box = [(c // n) // h * (n // w) + (c % n) // w for c in cells]
            parts, start = [], 0
            for i in range(1, len(cells) + 1):
                if i == len(cells) or box[i] != box[start]:
                    parts.append(cells[start:i])
                    start = i

            def ok(v: Values, parts: list[list[int]] = parts) -> bool:
                sums = {sum(v[c] for c in part) for part in parts if all(v[c] for c in part)}
                if len(sums) > 1:
                    return False
                if sums:
                    total = sums.pop()
                    for part in parts:
                        placed = [v[c] for c in part if v[c]]
                        if sum(placed) + (len(part) - len(placed)) > total:
                            return False
                return True
            out.append((cells, ok))
        elif kind in ("sandwich", "xsum", "skyscraper"):
            line = _line(e, n)
            out.append((line, _outside(kind, line, e.get("sum", e.get("value")), n)))
        elif kind in ("antiknight", "antiking", "nonconsecutive", "extraregion", "disjoint"):
            continue  # peers and units (below and in _units)
        else:
            raise ValueError(f"no independent rule for {kind!r}")
    return out


def _outside(kind: str, line: list[int], value: int, n: int) -> Check:
    """A clue outside a row or column: a sandwich sum, an X-sum or a Sudoku skyscraper count."""
    def ok(v: Values) -> bool:
        d = [v[c] for c in line]
        if kind == "sandwich":
            if 1 not in d or n not in d:
                return True
            i, j = sorted((d.index(1), d.index(n)))
            inner = d[i + 1:j]
            return (sum(inner) == value) if all(inner) else sum(inner) + 2 * inner.count(0) <= value
        if kind == "xsum":
            if not d[0]:
                return True
            first = d[:d[0]]
            return (sum(first) == value) if all(first) else sum(first) + first.count(0) <= value
        seen, tallest = 0, 0  # a skyscraper clue: count what the filled cells from the clue show
        for i, x in enumerate(d):
            if not x:  # the n is still to come, and at most one more for each taller height or cell left
                return seen + 1 <= value <= seen + min(n - tallest, n - i)
            if x > tallest:
                seen, tallest = seen + 1, x
            if tallest == n:
                return seen == value
        return seen == value
    return ok


def count(p: dict, limit: int = 2, nodes: int = 2_000_000) -> int:
    """The number of solutions of a solve input, counting up to `limit`; Budget past `nodes` search nodes."""
    grid = p["grid"].split(":")[-1]
    n = round(len(grid) ** 0.5)
    units = _units(p, n)
    peers = [set() for _ in range(n * n)]
    for unit in units:
        for c in unit:
            peers[c].update(unit)
    kinds = {e["type"] for e in p.get("constraints", [])}
    for kind in kinds & {"antiknight", "antiking"}:  # a knight's move or a king's away: peers too
        for c in range(n * n):
            r, k = divmod(c, n)
            peers[c].update((r + a) * n + k + b for a, b in _steps(kind) if 0 <= r + a < n and 0 <= k + b < n)
    for c in range(n * n):
        peers[c].discard(c)
    beside = [set() for _ in range(n * n)]
    if "nonconsecutive" in kinds:
        for a, b in _sides(n):
            beside[a].add(b)
            beside[b].add(a)
    involved: list[list[Check]] = [[] for _ in range(n * n)]
    for cells, check in _rules(p, n):
        for c in set(cells):
            involved[c].append(check)
    v = [0 if ch in ".0" else int(ch, 36) for ch in grid]
    for c in range(n * n):  # the givens must agree with every rule
        if v[c] and (any(v[x] == v[c] for x in peers[c]) or any(abs(v[x] - v[c]) == 1 for x in beside[c] if v[x])
                     or not all(check(v) for check in involved[c])):
            return 0
    found, spent = 0, 0

    def options(c: int) -> list[int]:
        taken = {v[x] for x in peers[c]}
        near = {v[x] for x in beside[c] if v[x]}
        out = []
        for d in range(1, n + 1):
            if d in taken or d - 1 in near or d + 1 in near:
                continue
            v[c] = d
            if all(check(v) for check in involved[c]):
                out.append(d)
            v[c] = 0
        return out

    def search() -> None:
        nonlocal found, spent
        spent += 1
        if spent > nodes:
            raise Budget(f"over {nodes} nodes")
        opts = {c: options(c) for c in range(n * n) if not v[c]}
        if not opts:
            found += 1
            return
        best = min(opts, key=lambda c: len(opts[c]))
        choices = [(best, d) for d in opts[best]]
        for unit in units if len(choices) > 1 else ():  # a digit a unit lacks needs a place in it
            placed = {v[c] for c in unit}
            for d in range(1, n + 1):
                if d not in placed:
                    places = [c for c in unit if not v[c] and d in opts[c]]
                    if len(places) < len(choices):
                        choices = [(c, d) for c in places]
                        if len(choices) <= 1:
                            break
            if len(choices) <= 1:
                break
        for c, d in choices:
            v[c] = d
            search()
            v[c] = 0
            if found >= limit:
                return

    search()
    return found
