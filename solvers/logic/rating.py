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
from .board import LogicStep

# technique -> (SE base rating, whether its chain's length adds the modifier)
SE: dict[str, tuple[float, bool]] = {
    "Full house": (1.0, False), "Hidden single": (1.5, False), "Naked single": (2.3, False),
    "Locked candidates (pointing)": (2.6, False), "Locked candidates (claiming)": (2.8, False),
    "Naked pair": (3.0, False), "X-wing": (3.2, False), "Hidden pair": (3.4, False), "Naked triple": (3.6, False),
    "Swordfish": (3.8, False), "Hidden triple": (4.0, False), "XY-wing": (4.2, False), "XYZ-wing": (4.4, False),
    "Unique rectangle type 1": (4.5, False), "Unique rectangle type 2": (4.6, False),
    "Unique rectangle type 3": (4.6, False), "Unique rectangle type 4": (4.5, False),
    "Naked quad": (5.0, False), "Jellyfish": (5.2, False), "Hidden quad": (5.4, False), "BUG+1": (5.6, False),
    "Remote pair": (6.6, True), "Skyscraper": (6.5, True), "2-string kite": (6.5, True), "Turbot fish": (6.5, True),
    "Empty rectangle": (6.5, True), "Finned X-wing": (6.5, False), "Sashimi X-wing": (6.5, False),
    "Simple colouring": (6.5, True), "W-wing": (6.6, True), "Finned swordfish": (6.6, False),
    "Sashimi swordfish": (6.6, False), "Finned jellyfish": (6.7, False), "Sashimi jellyfish": (6.7, False),
    "Multi colouring": (6.8, True), "X-chain": (6.5, True), "XY-chain": (6.6, True), "AIC": (7.0, True),
    "Grouped X-chain": (7.0, True), "Grouped AIC": (7.0, True), "Sue de Coq": (7.0, False),
    "ALS-XZ": (7.1, False), "ALS-XY-wing": (7.3, False), "ALS-XY-chain": (7.5, False),
    "Death blossom": (7.6, False),
    # uniqueness beyond types 1-4: SE's unique rectangles and loops (4.5-5.0) and BUG types 2-4 (5.7-6.1)
    "Unique rectangle type 5": (4.6, False), "Unique rectangle type 6": (4.6, False), "Hidden rectangle": (4.6, False),
    "Avoidable rectangle type 1": (4.5, False), "Avoidable rectangle type 2": (4.6, False), "BUG+n": (5.7, False),
    # loops: SE's bidirectional cycles; fish with boxes (SE has none): X-cycles past the finned fish; kraken fish and
    # templates: SE's forcing chains and Nishio
    "Discontinuous nice loop": (7.0, True), "Continuous nice loop": (7.0, True),
    "Grouped discontinuous nice loop": (7.0, True), "Grouped continuous nice loop": (7.0, True),
    "Franken X-wing": (6.6, False), "Franken swordfish": (6.7, False), "Franken jellyfish": (6.8, False),
    "Finned Franken X-wing": (6.7, False), "Finned Franken swordfish": (6.8, False),
    "Finned Franken jellyfish": (6.9, False), "Mutant X-wing": (7.0, False), "Mutant swordfish": (7.0, False),
    "Mutant jellyfish": (7.0, False), "Finned mutant X-wing": (7.1, False), "Finned mutant swordfish": (7.1, False),
    "Finned mutant jellyfish": (7.1, False), "Kraken fish": (7.5, False), "Template set": (7.5, False),
    "Template delete": (7.5, False),
    "Forcing chain": (8.8, True), "Forcing net": (9.1, True), "Nested forcing net": (9.9, True),
    "Trial and error": (11.9, False),
}
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
