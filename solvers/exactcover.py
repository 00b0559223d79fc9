"""Exact cover: Knuth's Algorithm X with the S heuristic, on integer bitsets.

Problem: choose options (sets of items) so that every primary item lies in exactly one
chosen option and every secondary item in at most one. The engine knows nothing of
puzzles: Genius Square and Ubongo build items and options and decode the answer.

Why bitsets and not linked nodes. The same Algorithm X with the S heuristic, counting
all solutions, written three ways and timed on the same matrices:

    seconds                      bitsets   DLX on flat lists   dicts of sets
    CPython 3.11, pentomino 3x20   0.22          2.3               3.4
    CPython 3.11, 10 Genius rolls  0.33          2.1               4.2
    Pyodide 3.14, pentomino 3x20   1.7          35                78
    Pyodide 3.14, 5 Genius rolls   5.4          20                 -

Python integers used as bitsets win because each option is one bit of a "live" integer
and each item keeps the integer of its options, so
- choosing an option removes every conflicting option with one `live & ~conflict[r]`,
  a single C-level operation, where DLX runs an interpreted loop per removed node;
- undoing a choice is free (the caller still holds the old integer), no uncover pass;
- the S heuristic counts an item's remaining options as `(item_opts & live).bit_count()`.
The cost is a scan over the uncovered primary items at every node; it stops early on an
item with 0 options (dead end) or 1 option (forced). Items are scanned in order of
their initial option count so that those early stops come soon.

Counting can memoise: the number of ways to finish depends only on the set of covered
items, so `count(memo=...)` keys a dict on that set (one integer). A caller may pass the
same dict to many calls on one problem (Genius Square's statistics share it between
rolls, given as pre-covered items).

Every node is charged to the request's budget (budget.py), so a search that runs too long
ends as a timeout. Limits: the whole matrix lives in memory as Python ints (fine up to a few
10^4 options); no colours or multiplicities (Knuth's Algorithms C and M).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from . import budget
from .base import Method

Item = Hashable
OptionIndex = int  # position of an option in the list given to `ExactCover`
Bits = int  # a set of options (bit k = option k) or of items (bit j = item j)
_NONE = 1 << 62  # more options than any item has


@dataclass
class Counters:
    """Work done by the searches since the last reset: nodes entered, options removed, solutions."""

    nodes: int = 0
    updates: int = 0
    solutions: int = 0


class _Stop(Exception):
    """Raised inside a count when the limit is reached."""


class ExactCover:
    """An exact cover problem over hashable items; options are referred to by their index.

    Every option must hold at least one primary item (as in Knuth's programs).

    `options` is a sequence of item collections. `primary` lists the items to cover
    exactly once (default: every item of an option that is not secondary); `secondary`
    lists items to cover at most once. Searches accept `given` (option indices that must
    be chosen) and `covered` (items to treat as already covered, e.g. blocked cells).
    """

    def __init__(
        self,
        options: Sequence[Iterable[Item]],
        primary: Iterable[Item] | None = None,
        secondary: Iterable[Item] = (),
    ) -> None:
        self.options: list[tuple[Item, ...]] = [tuple(o) for o in options]
        second = list(dict.fromkeys(secondary))
        second_set = set(second)
        if primary is None:
            prim = list(dict.fromkeys(i for o in self.options for i in o if i not in second_set))
        else:
            prim = list(dict.fromkeys(primary))
            both = second_set.intersection(prim)
            if both:
                raise ValueError(f"items both primary and secondary: {sorted(map(str, both))}")
        self.items: list[Item] = prim + second
        self.n_primary = len(prim)
        self.index: dict[Item, int] = {item: j for j, item in enumerate(self.items)}
        index, n_prim = self.index, len(prim)
        item_opts = [0] * len(self.items)
        self.item_bits: list[Bits] = []  # per option: its items as a bitset
        opt_items: list[list[int]] = []
        for k, opt in enumerate(self.options):
            try:
                js = [index[item] for item in opt]
            except KeyError as exc:
                unknown = exc.args[0]
                raise ValueError(f"option {k} uses item {unknown!r} that is neither primary nor secondary") from None
            if len(set(js)) != len(js):
                raise ValueError(f"option {k} lists an item twice: {opt!r}")
            if not js or min(js) >= n_prim:
                raise ValueError(f"option {k} has no primary item (Algorithm X would never choose it)")
            opt_items.append(js)
            bit, mask = 1 << k, 0
            for j in js:
                mask |= 1 << j
                item_opts[j] |= bit
            self.item_bits.append(mask)
        self.item_opts: list[Bits] = item_opts  # per item: the options holding it
        self.conflict: list[Bits] = []  # per option: every option sharing an item with it (itself too)
        for js in opt_items:
            c = 0
            for j in js:
                c |= item_opts[j]
            self.conflict.append(c)
        self.all_options: Bits = (1 << len(self.options)) - 1
        self.primary_bits: Bits = (1 << self.n_primary) - 1
        # (item bit, item's options) for the S-heuristic scan, tightest items first
        self._scan = sorted(((1 << j, item_opts[j]) for j in range(self.n_primary)), key=lambda p: p[1].bit_count())
        self.counters = Counters()

    # ----- states -------------------------------------------------------------

    def start(self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = ()) -> tuple[Bits, Bits] | None:
        """The (live options, covered items) state after `covered` items and `given` options; None if they clash."""
        live, cov = self.all_options, 0
        for item in covered:
            j = self.index.get(item)
            if j is None:
                raise ValueError(f"unknown item {item!r}")
            if cov >> j & 1:
                return None
            cov |= 1 << j
            live &= ~self.item_opts[j]
        for r in given:
            if not live >> r & 1:
                return None
            cov |= self.item_bits[r]
            live &= ~self.conflict[r]
        return live, cov

    def choose_item(self, live: Bits, cov: Bits) -> tuple[int, Bits] | None:
        """The S heuristic: (item index, its live options) for the uncovered primary item with fewest options.

        None when every primary item is covered; the options are 0 at a dead end.
        """
        best, best_n, best_bit = 0, _NONE, 0
        for bit, opts in self._scan:
            if cov & bit:
                continue
            b = opts & live
            n = b.bit_count()
            if n < best_n:
                best, best_n, best_bit = b, n, bit
                if n <= 1:
                    break
        if best_n == _NONE:
            return None
        return best_bit.bit_length() - 1, best

    def live_options(self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = ()) -> list[OptionIndex]:
        """Options still compatible with the given options and covered items (not necessarily in a solution)."""
        state = self.start(given, covered)
        return [] if state is None else list(_bits(state[0]))

    # ----- searches -----------------------------------------------------------

    def solutions(
        self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = (), limit: int | None = None
    ) -> Iterator[list[OptionIndex]]:
        """Every solution (sorted option indices, `given` included), at most `limit` of them."""
        given = list(given)
        state = self.start(given, covered)
        if state is None or (limit is not None and limit <= 0):
            return
        counters, conflict, item_bits, choose = self.counters, self.conflict, self.item_bits, self.choose_item
        path: list[OptionIndex] = list(given)
        spend = budget.current().spend

        def rec(live: Bits, cov: Bits) -> Iterator[list[OptionIndex]]:
            counters.nodes += 1
            spend()
            pick = choose(live, cov)
            if pick is None:
                counters.solutions += 1
                yield sorted(path)
                return
            best = pick[1]
            while best:
                low = best & -best
                best ^= low
                r = low.bit_length() - 1
                gone = live & conflict[r]
                counters.updates += gone.bit_count()
                path.append(r)
                yield from rec(live ^ gone, cov | item_bits[r])
                path.pop()

        for emitted, sol in enumerate(rec(*state), 1):
            yield sol
            if limit is not None and emitted >= limit:
                return

    def first(self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = ()) -> list[OptionIndex] | None:
        """One solution (sorted option indices), or None."""
        return next(self.solutions(given, covered, limit=1), None)

    def solvable(self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = ()) -> bool:
        """Whether at least one solution exists."""
        return self.first(given, covered) is not None

    def count(
        self,
        given: Iterable[OptionIndex] = (),
        covered: Iterable[Item] = (),
        limit: int | None = None,
        memo: dict[Bits, int] | bool = True,
    ) -> int:
        """The number of solutions, or `limit` if there are at least that many.

        `memo=True` memoises on the covered-item set for this call; pass a dict to share it
        between calls on this problem; `False` enumerates every solution (as peers do).
        """
        state = self.start(given, covered)
        if state is None or (limit is not None and limit <= 0):
            return 0
        table: dict[Bits, int] | None = {} if memo is True else (None if memo is False else memo)
        live, cov = state
        if cov & self.primary_bits == self.primary_bits:
            self.counters.solutions += 1
            return 1
        scan = [p for p in self._scan if not cov & p[0]]  # items covered from the start never come back
        conflict, item_bits, full = self.conflict, self.item_bits, self.primary_bits
        cap = limit if limit is not None else -1
        nodes = found = updates = 0
        spend = budget.current().spend

        def rec(live: Bits, cov: Bits) -> int:
            # The caller has checked that `cov` is not complete and not in the memo.
            nonlocal nodes, found, updates
            key = cov
            while True:  # forced choices (items with one option) are taken in this frame
                nodes += 1
                if not nodes & 63:  # the budget is charged 64 nodes at a time (a call per node costs 9%)
                    spend(64)
                best, best_n = 0, _NONE
                for bit, opts in scan:
                    if cov & bit:
                        continue
                    b = opts & live
                    n = b.bit_count()
                    if n < best_n:
                        if not n:
                            if table is not None:
                                table[key] = 0
                            return 0
                        best, best_n = b, n
                        if n == 1:
                            break
                if best_n != 1:
                    break
                r = best.bit_length() - 1
                cov |= item_bits[r]
                if cov & full == full:
                    found += 1
                    if found == cap:
                        raise _Stop
                    if table is not None:
                        table[key] = 1
                    return 1
                updates += (live & conflict[r]).bit_count()
                live &= ~conflict[r]
            total = 0
            while best:
                low = best & -best
                best ^= low
                r = low.bit_length() - 1
                c2 = cov | item_bits[r]
                if c2 & full == full:
                    total += 1
                    found += 1
                    if found == cap:
                        raise _Stop
                    continue
                if table is not None:
                    v = table.get(c2)
                    if v is not None:
                        total += v
                        found += v
                        if cap >= 0 and found >= cap:
                            raise _Stop
                        continue
                gone = live & conflict[r]
                updates += gone.bit_count()
                total += rec(live ^ gone, c2)
            if table is not None:
                table[key] = total
            return total

        try:
            result = table[cov] if table is not None and cov in table else rec(live, cov)
        except _Stop:
            result = limit if limit is not None else found
        spend(nodes & 63)  # the nodes since the last charge of 64
        self.counters.nodes += nodes
        self.counters.updates += updates
        self.counters.solutions += result
        return result if limit is None else min(result, limit)

    def count_in_order(self, covered: Iterable[Item] = (), memo: dict[Bits, int] | None = None,
                       given: Iterable[OptionIndex] = ()) -> int:
        """The number of solutions, branching on the first uncovered primary item in item order (no S heuristic).

        With a memo keyed on the covered items this is a profile dynamic programme: once every item before
        the first uncovered one is covered, the ways to finish depend on the later items only, so problems
        that differ early (Genius rolls sorted by their last blockers) share most of their entries. `memo`
        may be shared between calls on this problem; the counting checks no limit.
        """
        state = self.start(given, covered)
        if state is None:
            return 0
        table: dict[Bits, int] = {} if memo is None else memo
        conflict, item_bits, item_opts, full = self.conflict, self.item_bits, self.item_opts, self.primary_bits
        nodes = updates = 0
        spend = budget.current().spend

        def rec(live: Bits, cov: Bits) -> int:
            nonlocal nodes, updates
            nodes += 1
            if not nodes & 63:
                spend(64)
            free = ~cov & full
            opts = item_opts[(free & -free).bit_length() - 1] & live
            total = 0
            while opts:
                low = opts & -opts
                opts ^= low
                r = low.bit_length() - 1
                c2 = cov | item_bits[r]
                if c2 & full == full:
                    total += 1
                    continue
                v = table.get(c2)
                if v is None:
                    gone = live & conflict[r]
                    updates += gone.bit_count()
                    v = table[c2] = rec(live ^ gone, c2)
                total += v
            return total

        live, cov = state
        if cov & full == full:
            result = 1
        elif cov in table:
            result = table[cov]
        else:
            result = table[cov] = rec(live, cov)
        spend(nodes & 63)
        self.counters.nodes += nodes
        self.counters.updates += updates
        self.counters.solutions += result
        return result

    def solutions_in_order(self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = (),
                           memo: dict[Bits, int] | None = None) -> Iterator[list[OptionIndex]]:
        """Every solution (sorted option indices, `given` included), listed from `count_in_order`'s memo.

        The counts prune every branch that has no solution, and each state's surviving choices are kept the
        first time the walk reaches it, so listing costs about the output once the count is done: the same
        solutions as `solutions`, in another order.
        """
        given = list(given)
        table: dict[Bits, int] = {} if memo is None else memo
        if not self.count_in_order(covered, table, given):
            return
        state = self.start(given, covered)
        assert state is not None
        conflict, item_bits, item_opts, full = self.conflict, self.item_bits, self.item_opts, self.primary_bits
        kept: dict[Bits, list[tuple[OptionIndex, Bits, Bits]]] = {}  # state -> (option, next state, its live)
        path: list[OptionIndex] = list(given)

        def walk(live: Bits, cov: Bits) -> Iterator[list[OptionIndex]]:
            choices = kept.get(cov)
            if choices is None:
                choices = kept[cov] = []
                free = ~cov & full
                opts = item_opts[(free & -free).bit_length() - 1] & live
                while opts:
                    low = opts & -opts
                    opts ^= low
                    r = low.bit_length() - 1
                    c2 = cov | item_bits[r]
                    if c2 & full == full or table[c2]:
                        choices.append((r, c2, live & ~conflict[r]))
            for r, c2, live2 in choices:
                path.append(r)
                if c2 & full == full:
                    yield sorted(path)
                else:
                    yield from walk(live2, c2)
                path.pop()

        live, cov = state
        if cov & full == full:
            yield sorted(path)
            return
        yield from walk(live, cov)

    def trace(
        self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = (), max_steps: int | None = None
    ) -> Iterator[tuple[str, int]]:
        """The search of `first` as events, for watching it: ("choose", option) and ("undo", option).

        The choices follow `solutions` exactly (S heuristic, lowest option first), so the
        options chosen and not undone are `first()`'s solution without `given`. The last
        event is ("solved", steps), ("failed", steps) when there is no solution, or
        ("stopped", steps) after `max_steps` choices; steps counts the "choose" events.
        """
        state = self.start(list(given), covered)
        steps = 0
        if state is None:
            yield ("failed", 0)
            return
        conflict, item_bits, choose = self.conflict, self.item_bits, self.choose_item
        spend = budget.current().spend

        def rec(live: Bits, cov: Bits) -> Iterator[tuple[str, int]]:
            # Generator returning True once every primary item is covered (the caller stops).
            nonlocal steps
            spend()
            pick = choose(live, cov)
            if pick is None:
                return True
            best = pick[1]
            while best:
                low = best & -best
                best ^= low
                r = low.bit_length() - 1
                if max_steps is not None and steps >= max_steps:
                    raise _Stop
                steps += 1
                yield ("choose", r)
                if (yield from rec(live & ~conflict[r], cov | item_bits[r])):
                    return True
                yield ("undo", r)
            return False

        try:
            found = yield from rec(*state)
        except _Stop:
            yield ("stopped", steps)
            return
        yield ("solved" if found else "failed", steps)

    def options_in_solutions(self, given: Iterable[OptionIndex] = (), covered: Iterable[Item] = ()) -> set[OptionIndex]:
        """The options that occur in at least one solution (each tested once with one search)."""
        given = list(given)
        state = self.start(given, covered)
        if state is None:
            return set()
        used: set[OptionIndex] = set()
        for r in _bits(state[0]):
            if r not in used:
                sol = self.first([*given, r], covered)
                if sol is not None:
                    used.update(sol)
        return used - set(given)

    def decode(self, solution: Iterable[OptionIndex]) -> list[tuple[Item, ...]]:
        """The options of a solution as their item tuples."""
        return [self.options[r] for r in solution]


def _bits(x: Bits) -> Iterator[int]:
    """The indices of the set bits of `x`, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


def is_exact_cover(
    options: Sequence[Iterable[Item]],
    chosen: Iterable[OptionIndex],
    primary: Iterable[Item],
    secondary: Iterable[Item] = (),
) -> bool:
    """Independent check: the chosen options cover each primary item once and each secondary at most once."""
    seen: dict[Item, int] = {}
    for r in chosen:
        for item in options[r]:
            seen[item] = seen.get(item, 0) + 1
    prim, sec = set(primary), set(secondary)
    return (
        all(seen.get(i, 0) == 1 for i in prim)
        and all(seen.get(i, 0) <= 1 for i in sec)
        and set(seen) <= prim | sec
    )


def watch_method(what: str) -> Method:
    """The *Watch the solver* method of a family that this search solves; `what` is what else a piece may cover
    ("cell", "cube")."""
    return Method("exact-cover", "Exact cover search (Algorithm X)",
                  f"Takes the {what} or piece with the fewest ways left, tries each way in turn and takes the piece "
                  "back when the rest cannot be filled. One step = one piece placed.", ("place",))
