"""Sudoku's generator: dig a random full grid, grade it by the technique ladder, keep it when the grade fits.

`generate(rng, grade, size, technique=...)` is deterministic for a seeded rng; `daily` seeds it by the date.
Every 9x9 grade is dug on demand, graded only as far as deciding the grade needs (`quick_grade`); 12x12 and
16x16 Expert and Diabolical (and 16x16 Hard) come from the bank our generator made (bank.py).
`python -m solvers.sudoku.generator --grade 4 --count 10` prints puzzles of a grade with their seeds and timings.
"""

from __future__ import annotations

import datetime
import json
import sys
import time
from collections.abc import Iterator, Sequence
from functools import lru_cache
from random import Random

from ..base import PuzzleError, rng_for
from ..logic import SCORES, forcing, rungs_of, typed
from ..rules import sudoku as rules
from . import bank, setter
from .grid import CLASSIC, DEFAULT_BOX, GRADES, Box, Grid, Puzzle, Shape
from .solver import OutOfNodes, Search, dig, random_solution, solve
from .techniques import (
    LADDER,
    TOP,
    Path,
    grade_of_path,
    logic_solve,
    quick_grade,
    run_ladder,
    rung,
    solve_path,
    start_cands,
)

# Fresh solution grids tried per size before settling for the closest grade (small boxes cannot need
# every technique): the count, not a clock, keeps generation deterministic.
ATTEMPTS = {4: 20, 6: 40, 9: 200, 12: 20, 16: 3}
RUNG_NAMES = tuple(r.name for r in LADDER)
# what `technique` may name: a rung, a step's own finer name, or a constraint type's own rung (on its variant)
KNOWN_TECHNIQUES = {*RUNG_NAMES, *SCORES, *(name for name, *_ in typed.rungs())}
PRACTICE_EASE = 12  # solves tried to bring a practice puzzle's other steps down to its technique's level
DIG_NODES = {12: 20_000, 16: 500}  # node budget of one uniqueness check on big grids (over budget = keep the given)


def solvable(puzzle: Puzzle, max_level: int) -> bool:
    """Whether the ladder up to `max_level` solves the puzzle (which proves it unique)."""
    return logic_solve(puzzle, max_level)[1] is not None


def _another_solution(values: Sequence[int], solution: Grid, group: Sequence[int], shape: Shape,
                      max_nodes: int | None) -> bool:
    """Whether the givens `values` (the `group` cells blanked) allow a solution other than `solution`.

    Any other solution differs in a blanked cell: the first such cell excludes its digit, earlier ones keep theirs.
    A search past `max_nodes` counts as yes (the caller keeps its givens)."""
    n = shape[0][0] * shape[0][1]
    full = (1 << n) - 1
    for i, c in enumerate(group):
        cands = [1 << (v - 1) if v else full for v in values]
        for d in group[:i]:
            cands[d] = 1 << (solution[d] - 1)
        cands[c] = full & ~(1 << (solution[c] - 1))
        fixed = [x for x, v in enumerate(values) if v] + list(group[:i])
        try:
            if Search(shape, 1, max_nodes=max_nodes).run_cands(cands, fixed):
                return True
        except OutOfNodes:
            return True
    return False


def dig_graded(solution: Grid, shape: Shape, rng: Random, max_level: int | None, symmetric: bool = False,
               max_nodes: int | None = None) -> tuple[Grid, int]:
    """Blank cells in random order while the solution stays unique and (unless `max_level` is None) the ladder up
    to `max_level` solves the puzzle: (givens, grade), the grade tracked incrementally (0 when `max_level` is None).

    Removing a given only adds candidates, and the ladder's rungs are resolution rules (the order they fire in does
    not change what they reach), so the new grade is the old one or the hardest rung needed before the blanked
    cells are decided again: each check stops there instead of solving the whole grid."""
    n = shape[0][0] * shape[0][1]
    values = list(solution)
    order = list(range(n * n))
    rng.shuffle(order)
    level = 0
    for c in order:
        if not values[c]:
            continue
        group = sorted({c, n * n - 1 - c}) if symmetric else [c]
        for x in group:
            values[x] = 0
        # Low rungs are cheaper than a uniqueness search (a ladder that solves proves uniqueness); high ones are not.
        ok = max_level in (0, 1) or not _another_solution(values, solution, group, shape, max_nodes)
        if ok and max_level is not None:
            cands = start_cands(values, shape)
            assert cands is not None
            hardest, ok = run_ladder(shape, cands, max_level, until=group)
            level = max(level, hardest) if ok else level
        if not ok:
            for x in group:
                values[x] = solution[x]
    return tuple(values), level


def candidate(rng: Random, shape: Shape, level: int | None, symmetric: bool) -> Puzzle:
    """One fresh puzzle: dug while the ladder up to `level` solves it (level 0 or 1, or 2 from 12x12 up), else by
    uniqueness alone.

    Hard and above are dug by uniqueness: a minimal 9x9 puzzle takes ~0.02 s to dig and is Hard or harder about
    half the time, cheaper than grading every removal with the upper rungs. On 16x16 the singles go first,
    because uniqueness checks of sparse 16x16 grids are slow while singles are cheap."""
    box, layout = shape
    n = box[0] * box[1]
    solution = random_solution(shape, rng)
    if level is not None and (level <= 1 or (level == 2 and n >= 12)):  # 12x12 dug by uniqueness is rarely Hard
        return Puzzle(box, dig_graded(solution, shape, rng, level, symmetric, DIG_NODES.get(n))[0], layout)
    if n >= 16:
        return Puzzle(box, dig(dig_graded(solution, shape, rng, 0, symmetric)[0], shape, rng, 0, symmetric,
                               DIG_NODES[n]), layout)
    return Puzzle(box, dig_graded(solution, shape, rng, None, symmetric, DIG_NODES.get(n))[0], layout)


# ---------------------------------------------------------------------------- variants: jigsaw regions, killer cages

REGION_SWAPS = 12  # accepted swaps per cell when jigsaw regions are shuffled out of the boxes
HARDEN_STEPS, JOIN_TRIES = 8, 4  # joins of two cages (and tries of each) to bring an easy killer up to its grade
KILLER_NODES = 1_000  # search nodes of one uniqueness check while a killer's cages are split
VARIANT_ATTEMPTS = {4: 24, 6: 400, 9: 24}  # fresh candidates per variant puzzle, by size, before settling for the
# closest grade (a small grid's candidates are cheap, and its hardest grade rare: 1 in 10 seeds of 6x6 killer or
# jigsaw Diabolical misses it with 24, 2 in 10 of 6x6 anti-knight Diabolical with 128)
SOLUTION_NODES, SOLUTION_RESTARTS = 400, 25  # a variant's full grid: short searches, restarted in a new order
SET_NAMES = {name for name, _label in rules.SET_VARIANTS}
CAGE_SIZES = ((2, 2, 2, 3), (2, 2, 3, 3, 4), (2, 3, 3, 4, 4), (3, 3, 4, 4, 5), (3, 4, 4, 5, 5, 6))  # per grade


def _neighbours(n: int, c: int) -> list[int]:
    """The cells beside a cell (up, down, left, right)."""
    r, k = divmod(c, n)
    return [x for x, ok in ((c - n, r > 0), (c + n, r < n - 1), (c - 1, k > 0), (c + 1, k < n - 1)) if ok]


def _connected(n: int, cells: set[int]) -> bool:
    """Whether cells form one piece (side by side)."""
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for x in _neighbours(n, todo.pop()):
            if x in cells and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(cells)


def random_regions(box: Box, rng: Random) -> tuple[int, ...]:
    """A jigsaw's regions: the boxes reshaped by random swaps of two cells on a shared border, each swap kept only
    when both regions stay in one piece (so every region keeps n cells)."""
    n = box[0] * box[1]
    regions = [(c // n // box[1]) * (n // box[0]) + (c % n) // box[0] for c in range(n * n)]
    members = [{c for c in range(n * n) if regions[c] == k} for k in range(n)]
    done = tries = 0
    while done < REGION_SWAPS * n * n // 4 and tries < REGION_SWAPS * n * n * 20:
        tries += 1
        a = rng.randrange(n * n)
        others = sorted({regions[x] for x in _neighbours(n, a)} - {regions[a]})
        if not others:
            continue
        ra, rb = regions[a], rng.choice(others)
        border = sorted(b for b in members[rb] if any(regions[x] == ra for x in _neighbours(n, b)))
        b = rng.choice(border)
        new_a, new_b = (members[ra] - {a}) | {b}, (members[rb] - {b}) | {a}
        if _connected(n, new_a) and _connected(n, new_b):
            members[ra], members[rb] = new_a, new_b
            regions[a], regions[b] = rb, ra
            done += 1
    return rules.check_regions(regions, n)


def variant_solution(shape: Shape, rng: Random) -> Grid | None:
    """A random full grid of a variant's regions and diagonals, by short randomised searches restarted (the nodes a
    search needs have a heavy tail); None when the layout defeats them all (it may have no grid at all)."""
    for _ in range(SOLUTION_RESTARTS):
        try:
            found = Search(shape, 1, rng, max_nodes=SOLUTION_NODES).run([0] * (shape[0][0] * shape[0][1]) ** 2)
        except OutOfNodes:
            continue
        return found[0] if found else None
    return None


def random_cages(solution: Grid, n: int, rng: Random, sizes: Sequence[int]) -> list[list[int]]:
    """Cages that tile the grid, grown from random cells to a size drawn from `sizes`, never repeating a digit of
    the solution (a cage's digits differ)."""
    cage_of = [-1] * (n * n)
    order = list(range(n * n))
    rng.shuffle(order)
    out: list[list[int]] = []
    for c in order:
        if cage_of[c] >= 0:
            continue
        group, want = [c], rng.choice(sizes)
        cage_of[c] = len(out)
        while len(group) < want:
            digits = {solution[x] for x in group}
            grow = sorted({x for g in group for x in _neighbours(n, g) if cage_of[x] < 0 and solution[x] not in digits})
            if not grow:
                break
            x = rng.choice(grow)
            cage_of[x] = len(out)
            group.append(x)
        out.append(group)
    for k, group in enumerate(out):  # a cell left alone joins a neighbouring cage that lacks its digit
        if len(group) == 1:
            c = group[0]
            near = sorted({cage_of[x] for x in _neighbours(n, c) if len(out[cage_of[x]]) < n
                           and solution[c] not in {solution[y] for y in out[cage_of[x]]}})
            if near:
                into = rng.choice(near)
                out[into].append(c)
                cage_of[c] = into
                out[k] = []
    return [sorted(g) for g in out if g]


def _split(n: int, cells: list[int], c: int) -> tuple[list[int], list[int]] | None:
    """Two side-by-side pieces of two cells or more of a cage, the first holding `c` (as even as can be), or None
    (Solo's cages have two cells or more)."""
    for take in range(len(cells) // 2, 1, -1):
        part, todo = [c], [c]
        while todo and len(part) < take:
            for x in _neighbours(n, todo.pop(0)):
                if x in cells and x not in part and len(part) < take:
                    part.append(x)
                    todo.append(x)
        rest = [x for x in cells if x not in part]
        if len(part) == take and len(rest) > 1 and _connected(n, set(rest)):
            return sorted(part), sorted(rest)
    return None


def killer(solution: Grid, shape: Shape, rng: Random, sizes: Sequence[int]) -> Puzzle | None:
    """A killer puzzle with a unique solution: random cages over the solution, and while a second solution exists,
    a cage holding a cell where the two differ is split in two (or, when it cannot be, that cell is given). None
    when a uniqueness search needs more than KILLER_NODES (big cages can hide thousands of grids)."""
    box, (regions, diagonals, _none, more) = shape
    n = box[0] * box[1]
    groups = random_cages(solution, n, rng, sizes)
    givens = [0] * (n * n)
    while True:
        layout = (regions, diagonals, rules.check_cages([(sum(solution[c] for c in g), g) for g in groups], n), more)
        try:
            found = Search((box, layout), 1, max_nodes=KILLER_NODES, other_than=solution).run(givens)
        except OutOfNodes:
            return None
        if not found:
            return Puzzle(box, tuple(givens), layout)
        differ = [c for c in range(n * n) if found[0][c] != solution[c]]
        biggest = max(len(g) for g in groups if set(g) & set(differ))  # split big cages first: no lone cells
        c = rng.choice([c for c in differ if any(c in g and len(g) == biggest for g in groups)])
        k = next(i for i, g in enumerate(groups) if c in g)
        halves = _split(n, groups[k], c)
        if halves is None:
            givens[c] = solution[c]
        else:
            groups[k:k + 1] = list(halves)


def set_candidate(rng: Random, level: int, size: int, variant: str) -> Puzzle | None:
    """One fresh puzzle of a variant of further constraints: a full grid (found under the types that hold on every
    cell), the setter's constraints of each type laid on it in the variant's order, then givens dug as for classic
    (None when no full grid was found)."""
    kinds = variant.split("-")
    box = DEFAULT_BOX[size]
    everywhere = {k: setter.MAKERS[k]([], size, rng) for k in kinds if k in setter.EVERYWHERE}
    base = (None, False, (), rules.check_constraints([e for entries in everywhere.values() for e in entries]))
    solution = variant_solution((box, base), rng)
    if solution is None:
        return None
    entries = [e for k in kinds for e in everywhere.get(k) or setter.MAKERS[k](list(solution), size, rng)]
    if level == TOP - 1:  # Expert: without the negative rule the dots say less, and `harden` may drop some of them
        entries = [e for e in entries if not e.get("negative")]
    layout = (None, False, (), rules.check_constraints(entries))
    dug = dig_graded(solution, (box, layout), rng, level if level < TOP else None)[0]
    return Puzzle(box, dug, layout)


def variant_candidate(rng: Random, level: int, size: int, variant: str) -> Puzzle | None:
    """One fresh puzzle of a variant (None when a jigsaw layout defeated its search: the caller tries again)."""
    if variant in SET_NAMES:
        return set_candidate(rng, level, size, variant)
    _name, _label, jigsaw, diagonals, cages = next(v for v in rules.VARIANTS if v[0] == variant)
    box = DEFAULT_BOX[size]
    regions = random_regions(box, rng) if jigsaw else None
    shape = (box, (regions, diagonals, (), ()))
    solution = variant_solution(shape, rng)
    if solution is None:
        return None
    if cages:
        return killer(solution, shape, rng, CAGE_SIZES[level])
    dug = dig_graded(solution, shape, rng, level if level < TOP else None, max_nodes=DIG_NODES.get(size))[0]
    return Puzzle(box, dug, shape[1])


def ease(puzzle: Puzzle, solution: Grid, rng: Random) -> Puzzle | None:
    """The puzzle with one more clue (still unique, never harder): a killer splits one of its biggest cages that
    splits in two, else a blank cell is given its digit of the solution; None when every cell is given."""
    regions, diagonals, cages, more = puzzle.layout
    n = puzzle.n
    biggest = max((len(cells) for _total, cells in cages), default=0)
    at = [k for k, (_total, cells) in enumerate(cages) if len(cells) == biggest]
    rng.shuffle(at)
    for k in at:
        halves = _split(n, list(cages[k][1]), rng.choice(cages[k][1]))
        if halves is not None:
            split = [*cages[:k], *((sum(solution[c] for c in h), h) for h in halves), *cages[k + 1:]]
            return Puzzle(puzzle.box, puzzle.givens, (regions, diagonals, rules.check_cages(split, n), more))
    blank = [c for c, v in enumerate(puzzle.givens) if not v]
    if not blank:
        return None
    c = rng.choice(blank)
    return Puzzle(puzzle.box, (*puzzle.givens[:c], solution[c], *puzzle.givens[c + 1:]), puzzle.layout)


def harden(puzzle: Puzzle, solution: Grid, rng: Random) -> Puzzle | None:
    """A killer with two cages side by side joined (different digits, at most n cells), or a variant of further
    constraints with one of them taken away (`_dropped`), while its solution stays unique: up to JOIN_TRIES in
    random order; None when none keeps it unique (or it has neither)."""
    regions, diagonals, cages, more = puzzle.layout
    layouts = _joined(puzzle, solution, rng) if cages else \
        ((regions, diagonals, cages, fewer) for fewer in _dropped(more, rng))
    for _, layout in zip(range(JOIN_TRIES), layouts, strict=False):
        try:
            if not Search((puzzle.box, layout), 1, max_nodes=KILLER_NODES, other_than=solution).run(puzzle.givens):
                return Puzzle(puzzle.box, puzzle.givens, layout)
        except OutOfNodes:
            continue
    return None


def _joined(puzzle: Puzzle, solution: Grid, rng: Random) -> Iterator[tuple]:
    """A killer's layouts with two cages side by side joined (different digits in the solution, at most n cells)."""
    regions, diagonals, cages, more = puzzle.layout
    n = puzzle.n
    cage_of = {c: k for k, (_total, cells) in enumerate(cages) for c in cells}
    pairs = sorted({(min(a, b), max(a, b)) for c, a in cage_of.items() for x in _neighbours(n, c)
                    if (b := cage_of.get(x, a)) != a})
    rng.shuffle(pairs)
    for a, b in pairs:
        cells = sorted((*cages[a][1], *cages[b][1]))
        if len(cells) <= n and len({solution[c] for c in cells}) == len(cells):
            joined = [cage for k, cage in enumerate(cages) if k not in (a, b)] + [(cages[a][0] + cages[b][0], cells)]
            yield regions, diagonals, rules.check_cages(joined, n), more


def _dropped(more: tuple[str, ...], rng: Random) -> Iterator[tuple[str, ...]]:
    """The further constraints less one of them, in random order: never a type that holds everywhere, the
    negative rule, nor a mark the negative rule of its type makes necessary (every pair its dot fits has it)."""
    entries = [json.loads(text) for text in more]
    negative = {e["type"] for e in entries if e.get("negative")}
    kept = [k for k, e in enumerate(entries) if e["type"] not in setter.EVERYWHERE and not e.get("negative")
            and e["type"] not in negative]
    rng.shuffle(kept)
    for k in kept:
        yield more[:k] + more[k + 1:]


def _variant_grade(puzzle: Puzzle, level: int) -> tuple[int, bool] | None:
    """`quick_grade` of a variant candidate whose solution is known; for the top grade the whole ladder must solve
    it (None: the ladder would have to guess)."""
    got, exact = quick_grade(puzzle, level)
    if got >= TOP and level >= TOP:  # graded top by the rungs below it: the whole ladder must solve it
        path = solve_path(puzzle)  # (below the top grade asked, only a fallback: checked if it is used)
        if not path.solved:
            return None
        return grade_of_path(path, puzzle.n ** 2), True
    return got, exact


def generate_variant(rng: Random, level: int, size: int, variant: str,
                     technique: str | None = None) -> tuple[Puzzle, int]:
    """A unique puzzle of a variant that the ladder solves (so hints never guess), of the grade asked or the
    closest one found in VARIANT_ATTEMPTS fresh candidates. A killer easier than asked has cages joined (`harden`),
    and a candidate harder than asked is eased clue by clue (`ease`) until it is not. With `technique`, the first
    candidate whose solving path takes a step of it, whatever its grade."""
    if size not in rules.VARIANT_SIZES[variant]:
        raise PuzzleError(f"{variant} Sudoku comes in sizes {', '.join(map(str, rules.VARIANT_SIZES[variant]))}; "
                          f"not {size}")
    kept: list[tuple[int, bool, int, Puzzle, int]] = []  # (distance, not exact, order, puzzle, grade) to fall back on
    for attempt in range(VARIANT_ATTEMPTS[size]):
        puzzle = variant_candidate(rng, level, size, variant)
        if puzzle is None:
            continue
        solution = solve(puzzle)
        if technique is not None:  # practice: any grade the ladder solves, as long as the path needs the technique
            with forcing.knowing(solution):
                path = solve_path(puzzle)
            if path.solved and uses(path, technique):
                puzzle, path = practice_eased(puzzle, path, technique, rng)
                return puzzle, grade_of_path(path, size * size)
            continue
        with forcing.knowing(solution):  # unique by construction: the forcing rungs skip true assumptions
            graded = _variant_grade(puzzle, level)
            for _ in range(HARDEN_STEPS):
                if graded is None or graded[0] >= level or (harder := harden(puzzle, solution, rng)) is None:
                    break
                puzzle, graded = harder, _variant_grade(harder, level)
            while graded is not None and graded[0] > level and (easier := ease(puzzle, solution, rng)) is not None:
                puzzle, graded = easier, _variant_grade(easier, level)
        if graded is None:
            continue  # the ladder would have to guess
        got, exact = graded
        if got == level:
            return puzzle, got
        kept.append((abs(got - level), not exact, attempt, puzzle, got))
    for _distance, unsure, _attempt, puzzle, got in sorted(kept, key=lambda k: k[:3]):
        if not unsure:
            return puzzle, got
        with forcing.knowing(solve(puzzle)):  # only known to be harder than asked: graded in full
            path = solve_path(puzzle)
        if path.solved:  # else the ladder would have to guess: the next closest
            return puzzle, grade_of_path(path, size * size)
    if technique is not None:
        raise PuzzleError(f"no {variant} {size}x{size} puzzle needing {technique} was found for this seed: try "
                          "another seed or a more common technique")
    raise PuzzleError(f"no {variant} {size}x{size} puzzle that logic solves was found for this seed: try another "
                      "seed", "timeout")


def uses(path: Path, technique: str) -> bool:
    """Whether a solving path takes a step of the technique (a rung name or a step's own name)."""
    return any(step.technique == technique or technique in rungs_of(step.technique) for step, _, _ in path.steps)


def _level_of(path: Path, technique: str) -> int:
    """The level of a technique's first step in a path that uses it."""
    return next(level for step, level, _ in path.steps
                if step.technique == technique or technique in rungs_of(step.technique))


def _hardness(path: Path) -> tuple[int, int, int]:
    """How hard a path is: its hardest level, the steps at that level, its score (smaller is easier)."""
    return path.hardest, sum(1 for _, level, _ in path.steps if level == path.hardest), path.score


def practice_eased(puzzle: Puzzle, path: Path, technique: str, rng: Random) -> tuple[Puzzle, Path]:
    """A practice puzzle no harder than it must be: clues of its solution are added, one by one, where a step
    harder than the technique still lay open, while the path keeps needing the technique and gets easier; at most
    PRACTICE_EASE solves are tried."""
    target = _level_of(path, technique)
    solution = solve(puzzle)
    tries = 0
    while path.hardest > target and tries < PRACTICE_EASE:
        before = next(cands for _, level, cands in path.steps if level > target)  # the first harder step's position
        spots = [c for c, m in enumerate(before) if m & (m - 1)]
        rng.shuffle(spots)
        for c in spots[:PRACTICE_EASE - tries]:
            tries += 1
            trial = Puzzle(puzzle.box, (*puzzle.givens[:c], solution[c], *puzzle.givens[c + 1:]), puzzle.layout)
            with forcing.knowing(solution):
                eased = solve_path(trial)
            if eased.solved and uses(eased, technique) and _hardness(eased) < _hardness(path):
                puzzle, path = trial, eased
                break
        else:
            break
    return puzzle, path


def generate_graded(rng: Random, level: int, shape: Shape, symmetric: bool = False,
                    technique: str | None = None) -> tuple[Puzzle, int]:
    """A unique puzzle of the requested grade (or whose path needs `technique`) and the grade it got.

    Fresh candidates are graded (by `quick_grade`, no further than the grade asked needs) until one matches;
    after ATTEMPTS the closest one is returned, so small grids say honestly which grades they cannot reach."""
    n = shape[0][0] * shape[0][1]
    best: tuple[int, Puzzle, int] | None = None
    dig_level = level if technique is None else min(rung(technique).level, 2) if technique in RUNG_NAMES else None
    for _ in range(ATTEMPTS.get(n, 10) * (4 if technique else 1)):
        puzzle = candidate(rng, shape, dig_level, symmetric)
        if technique is not None:
            path = solve_path(puzzle)
            if path.solved and uses(path, technique):
                puzzle, path = practice_eased(puzzle, path, technique, rng)
                return puzzle, grade_of_path(path, n * n)
            continue
        got, exact = quick_grade(puzzle, level)
        if got == level:
            return puzzle, got
        if not exact:  # already harder than asked: graded in full only if nothing closer turns up
            if best is None:
                best = (len(GRADES), puzzle, -1)
            continue
        if best is None or abs(got - level) < best[0]:
            best = (abs(got - level), puzzle, got)
    if best is None:
        raise PuzzleError(f"no {n}x{n} puzzle needing {technique} was found for this seed: try another seed "
                          f"or a more common technique")
    if best[2] < 0:
        return best[1], grade_of_path(solve_path(best[1]), n * n)
    return best[1], best[2]


def generate(rng: Random, grade: int = 0, size: int = 9, symmetric: bool = False,
             technique: str | None = None, variant: str = "classic") -> tuple[Puzzle, int]:
    """A puzzle with a unique solution of the given grade (index into GRADES), and the grade it got.

    Every grade is dug fresh, except those too slow to dig on demand on big grids, served from the bank
    (bank.py); with `technique` (a ladder rung's name) the puzzle's solving path takes a step of that
    technique, whatever its grade."""
    if size not in DEFAULT_BOX:
        raise PuzzleError(f"size must be one of {', '.join(map(str, DEFAULT_BOX))}; got {size}")
    if not 0 <= grade < len(GRADES):
        raise PuzzleError(f"grade must be 0..{len(GRADES) - 1}")
    if technique is not None and technique not in KNOWN_TECHNIQUES:
        raise PuzzleError(f"unknown technique {technique!r}; the ladder's techniques are: {', '.join(RUNG_NAMES)}")
    if variant != "classic":
        if variant not in rules.VARIANT_SIZES:
            raise PuzzleError(f"unknown variant {variant!r}: one of {', '.join(rules.VARIANT_SIZES)}")
        return generate_variant(rng, grade, size, variant, technique)
    if technique is None and not symmetric:
        banked = bank.serve(rng, grade, size)
        if banked is not None:
            return banked, grade
    return generate_graded(rng, grade, (DEFAULT_BOX[size], CLASSIC), symmetric, technique)


DAILY_GRADES = (0, 0, 1, 1, 2, 3, 4)  # Monday .. Sunday: harder towards the weekend


def daily(date_str: str | None = None, size: int = 9, variant: str = "classic") -> tuple[Puzzle, int]:
    """The day's puzzle of a variant, the same for everyone (seeded by the date), and its grade index."""
    try:
        day = datetime.date.fromisoformat(date_str) if date_str else datetime.date.today()
    except (TypeError, ValueError):
        raise PuzzleError(f"a date looks like 2025-01-31; got {date_str!r}") from None
    return _daily(day, size, variant)


@lru_cache(maxsize=8)
def _daily(day: datetime.date, size: int, variant: str) -> tuple[Puzzle, int]:
    """The day's puzzle, made once per worker (a page asks for it again when it reopens the Daily)."""
    rng = rng_for("daily", day.isoformat(), size) if variant == "classic" else \
        rng_for("daily", variant, day.isoformat(), size)
    return generate(rng, DAILY_GRADES[day.weekday()], size, variant=variant)


def build(grade: int, box: Box, count: int, start: int = 0) -> Iterator[tuple[int, Puzzle, int, float]]:
    """(seed, puzzle, grade got, seconds) from the graded generator, seeds from `start` until `count` hit `grade`."""
    seed, hits = start, 0
    while hits < count:
        t = time.perf_counter()
        puzzle, got = generate_graded(rng_for(seed, "sudoku-build", grade), grade, (box, CLASSIC))
        hits += got == grade
        yield seed, puzzle, got, time.perf_counter() - t
        seed += 1


def main(argv: Sequence[str] | None = None) -> None:
    """Print puzzles of a grade with their seeds (timings on stderr)."""
    import argparse  # here, not at import: the worker never runs the command line
    import statistics
    ap = argparse.ArgumentParser(description="Generate Sudoku puzzles of a grade with the graded generator.")
    ap.add_argument("--count", type=int, default=10, help="puzzles wanted")
    ap.add_argument("--grade", type=int, default=2, help="grade index (2 = Hard)")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--size", type=int, default=9, choices=tuple(DEFAULT_BOX), help="grid size")
    args = ap.parse_args(argv)
    times = []
    for seed, puzzle, got, secs in build(args.grade, DEFAULT_BOX[args.size], args.count, args.start):
        times.append(secs)
        sys.stderr.write(f"seed {seed}: grade {got} in {secs:.2f} s\n")
        if got == args.grade:
            print(puzzle.grid, seed)
    sys.stderr.write(f"{len(times)} seeds: median {statistics.median(times):.2f} s, max {max(times):.2f} s\n")


if __name__ == "__main__":
    main()
