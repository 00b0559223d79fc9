"""How a latin-grid hint is told to a player, for Sudoku and Skyscrapers alike.

`told` gives a hint the stages a page reveals in turn (where to look, what, why; a wrong entry
or notes to repair at once) and, for a placement that rests on no candidates, the placed digits
that make it visible ("rings"). `notes_to_repair` is the hint for notes that leave out a cell's
true digit: steps read from them would go wrong, so they come first, with a move that gives them
back every digit the placed digits allow. `path_lines` words a grade's solving path as a page lists it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from math import isqrt
from typing import Any

from ..base import Hint
from ..rules import latin as rules

DIRECT = ("Wrong entry", "Changed given")  # told at once: no "look here" stage
REPAIR = rules.REPAIR


def told(hint: Hint, values: Sequence[int], peers: Sequence[Sequence[int]]) -> Hint:
    """The hint with its stages and, for a placement without causes, the rings that make it visible."""
    technique, why = hint.technique, hint.reason
    if technique == "Solved":
        stages: tuple[tuple[str, str], ...] = (("Solved", why),)
    elif technique == REPAIR:
        stages = (("Notes to repair", why),)
    elif technique in DIRECT:
        what = hint.what or technique
        stages = ((technique, f"{what}. {why}." if what not in why else f"{why}."),)
    else:
        score = hint.extra.get("score")
        scale = f" This kind of step scores {score} on the difficulty scale." if score else ""
        ended = why if why.endswith("...") else why.rstrip(".") + "."  # a list cut short keeps its "..."
        stages = (("Look here", f"{hint.where or why}: there is a step to find there."),
                  (technique, f"{hint.what or technique}.{scale}"), (f"Why: {technique}", ended))
    extra = hint.extra
    place = (hint.move or {}).get("place") if isinstance(hint.move, dict) else None
    if place and not extra.get("causes") and technique not in DIRECT:
        n = isqrt(len(values))
        region = [r * n + c for r, c in (extra.get("region") or {}).get("cells", [])]
        rings = single_rings(values, peers, technique, place[0] * n + place[1], place[2], region)
        extra = {**extra, "rings": [[c // n, c % n] for c in rings]}
    return replace(hint, reveal=stages, extra=extra)


def single_rings(values: Sequence[int], peers: Sequence[Sequence[int]], technique: str, cell: int, v: int,
                 region: Sequence[int]) -> list[int]:
    """The placed digits that show a single: for a hidden single, one that rules `v` out of each other open
    cell of the house; for a full house none; else one holder of each other digit among the cell's peers."""
    rings: list[int] = []
    if technique == "Hidden single" and len(region) > 1:
        for q in region:
            if q != cell and not values[q]:
                blockers = [p for p in peers[q] if values[p] == v and p not in region]
                if blockers and not any(p in rings for p in blockers):
                    rings.append(blockers[0])
        return rings
    if technique == "Full house":
        return rings
    n = isqrt(len(values))
    for w in range(1, n + 1):
        holder = [p for p in peers[cell] if values[p] == w]
        if w != v and holder:
            rings.append(holder[0])
    return rings


def notes_to_repair(values: Sequence[int], notes: Sequence[int], solution: Sequence[int],
                    peers: Sequence[Sequence[int]], level: int, extra: dict) -> Hint | None:
    """The hint for notes that leave out a cell's true digit (None when every note set holds it)."""
    n = isqrt(len(values))
    bad = [c for c, mask in enumerate(notes) if mask and not values[c] and not (mask >> (solution[c] - 1)) & 1]
    if not bad:
        return None
    atoms = [(c, rules.SET_NOTES, rules.cell_candidates(list(values), list(peers), n, c)) for c in bad]
    names = [rules.cell_name(n, c) for c in bad]
    where = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    reason = (f"Your notes in {where} leave out the digit that belongs there, so steps read from them would go "
              f"wrong. Repair: {'its' if len(bad) == 1 else 'their'} notes get back every digit the placed digits "
              "still allow.")
    return Hint(REPAIR, [[c // n, c % n] for c in bad], reason, {"clear": [bad[0] // n, bad[0] % n]}, level, extra,
                where=f"Look at the notes in {where}", what="Notes to repair", move_text=rules.format_move(n, atoms))


def path_lines(singles: int, steps: Sequence[dict[str, Any]] | None, counts: dict[str, int] | None = None) -> list[str]:
    """A solving path as a page lists it: the singles along the way, then each step past them (technique, reason,
    score) or how often each technique was used; a path of singles alone says so."""
    lines = [f"{singles} singles along the way (full houses, naked and hidden singles)"] if singles else []
    if steps is not None:
        lines += [f"{k}. {s['technique']}" + (f": {s['reason']}" if s.get("reason") else "")
                  + (f" (score {s['score']})" if s.get("score") else "") for k, s in enumerate(steps, 1)]
    elif counts:
        lines += [f"{name} × {count}" for name, count in counts.items()]
    return lines or ["Singles only: every step is a full house, naked or hidden single."]
