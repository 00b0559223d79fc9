"""One cache helper for what is worked out once per object: `by_identity`.

A geometry's tables, pairs of units, rules and the like are costly to hash (tuples of tuples) and never change, so
they are remembered by the identity of the object they come from (the argument, or one of its parts: a geometry
with other rules shares its units and peers with the plain one), which the cache keeps alive, since an id is only
unique while its object lives. The oldest entry goes once `kept` are held: Skyscrapers makes a geometry per
puzzle, so nothing grows without end. The hit path is a dict lookup and an `is`: these are called in hot loops.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

R = TypeVar("R")


def by_identity(of: Callable[[Any], Any] | None = None,
                kept: int = 64) -> Callable[[Callable[[Any], R]], Callable[[Any], R]]:
    """Decorator: remember a one-argument function's answers by the identity of its argument (or of `of(arg)`),
    at most `kept` of them; the function gains `clear()`."""
    def wrap(compute: Callable[[Any], R]) -> Callable[[Any], R]:
        known: dict[int, tuple[Any, R]] = {}

        def remember(key: Any, arg: Any) -> R:
            value = compute(arg)
            if len(known) >= kept:
                del known[next(iter(known))]
            known[id(key)] = (key, value)
            return value

        if of is None:
            def call(arg: Any) -> R:
                hit = known.get(id(arg))
                return hit[1] if hit is not None and hit[0] is arg else remember(arg, arg)
        else:
            def call(arg: Any) -> R:
                key = of(arg)
                hit = known.get(id(key))
                return hit[1] if hit is not None and hit[0] is key else remember(key, arg)

        call.clear = known.clear  # type: ignore[attr-defined]
        return functools.wraps(compute)(call)
    return wrap
