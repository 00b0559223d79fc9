"""Small independent checks the families' solution checkers share (no solver code)."""

from __future__ import annotations


def connected(cells: set) -> bool:
    """Whether grid cells (tuples of coordinates) form one piece, side by side."""
    todo, seen = [next(iter(cells))], set()
    while todo:
        c = todo.pop()
        if c in seen:
            continue
        seen.add(c)
        todo += [d for d in cells if sum(abs(a - b) for a, b in zip(c, d, strict=True)) == 1]
    return seen == cells
