"""An estimate of a puzzle's Sudoku Explainer rating (SE, 1.0 to 11.9) from the hardest step of its solving path.

Sudoku Explainer rates a puzzle by its hardest step, each technique a base rating plus a modifier that grows
with the chain's length (../shared/REFERENCES.md gives its table). Our ladder's techniques are not SE's, so
each is mapped to the SE technique that finds the same deductions (a fish or wing to its own rating; single-digit
chains to X-chains; AICs and ALS patterns to bidirectional cycles and forcing chains, which SE uses for them;
our forcing chains, which follow singles and locked candidates from one assumption, to SE's dynamic forcing
chains; nets to dynamic (+) chains; nested nets to dynamic (+forcing chains)). The length modifier follows
SE's published rule: +0.1 each time the chain's length passes a threshold that starts at 4 and grows by
turns by 3/2 and 4/3. Known limits: an estimate, not SE's own search (which may find a shorter or easier step);
SE has no finned fish, ALS or uniqueness types 2 to 4 as such, so their places are our judgement.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..latin import Step
from . import SE as TABLE_SE
from .board import LogicStep

# technique -> (SE base rating, whether its chain's length adds the modifier): from each technique's row
SE: dict[str, tuple[float, bool]] = {**TABLE_SE, "Trial and error": (11.9, False)}
SINGLES_ONLY = 2.3  # a path of singles alone: SE's naked single (most need one)
HOW = ("estimated from the hardest step of the solving path: each technique mapped to the Sudoku Explainer "
       "technique that makes the same deductions, its base rating plus SE's chain-length modifier")


def length_bonus(length: int) -> float:
    """SE's chain-length modifier: +0.1 each time the length passes a threshold (4, then by turns x3/2 and x4/3)."""
    steps, ceil, odd = 0, 4, False
    while length > ceil:
        steps += 1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return steps / 10


def chain_length(step: Step) -> int:
    """The length SE would count: a chain's nodes (a loop's start once), or a forcing step's implications."""
    if isinstance(step, LogicStep):
        closed = len(step.chain) > 1 and step.chain[0][:2] == step.chain[-1][:2]
        return len(step.chain) - closed or sum(line.count(",") + 1 for line in step.lines)
    return 0


def se_of(step: Step) -> float:
    """A step's estimated SE rating (11.9 for a technique without a mapping)."""
    base, chained = SE.get(step.technique, (11.9, False))
    return round(min(11.9, base + (length_bonus(chain_length(step)) if chained else 0.0)), 1)


def se_estimate(steps: Iterable[Step]) -> tuple[float, str]:
    """(estimate, the technique it comes from) of a path's steps past singles."""
    best, name = SINGLES_ONLY, "Naked single"
    for step in steps:
        rating = se_of(step)
        if rating > best:
            best, name = rating, step.technique
    return best, name
