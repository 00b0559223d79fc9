"""The constraint types' own rungs: a type with a `technique` has each of its rules (`Type.rules`: one per
thermometer, arrow or dot; one per pair of neighbours for non-consecutive) narrow its cells, told as one step per
rule ("the digits along the thermometer from r1c1 rise, so r1c1 can only be 1/2/3; r1c3 can only be 4-9"): a
thermometer's bounds cleared in one step, not a digit at a time.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import constraints
from ..constraints import Type
from ..latin import Geometry, bit, values_of
from .board import Cands, Finder, LogicStep, Values, finder, symbol


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def rung_of(kind: Type) -> Finder:
    """The finder of one type's rung: the first of its rules that removes candidates."""

    @finder
    def narrow(g: Geometry, cands: Cands, values: Values) -> Iterator[LogicStep]:
        for rule in constraints.rules_by_type(g).get(kind.key, ()):
            cells = rule.cells
            if all(values[c] for c in cells):
                continue
            masks = tuple(bit(values[c]) if values[c] else cands[c] for c in cells)
            got = rule.keep(masks)
            if got is None or 0 in got:
                continue  # a contradiction: not this rung's to tell
            elim = tuple((c, v) for c, m, k in zip(cells, masks, got, strict=True) if not values[c]
                         for v in values_of(m & ~k))
            if not elim:
                continue
            told = "; ".join(f"{g.name(c)} can only be {'/'.join(symbol(v) for v in values_of(k))}"
                             for c, m, k in zip(cells, masks, got, strict=True) if not values[c] and m & ~k)
            causes = tuple((c, v) for c, k in zip(cells, got, strict=True) for v in values_of(k))
            yield LogicStep(kind.technique, cells, f"{_capital(rule.said)}, so {told}", eliminate=elim, causes=causes)

    return narrow


def rungs() -> list[tuple[str, int, int, Finder]]:
    """(technique, level, score, finder) of every type with a rung of its own."""
    return [(kind.technique, kind.level, kind.score, rung_of(kind)) for kind in constraints.TYPES.values()
            if kind.technique]
