"""Parberry's real-time algorithm: any solvable board, row by row and column by column, then a 2x2."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence

from .puzzle import (
    Puzzle,
    require_solvable,
)


class _Parberry:
    """Solve the top row, then the left column, and recurse; the last 2x2 by search.

    The board is padded with a wall so neighbour arithmetic needs no bounds checks. Tiles
    travel one cell at a time; the blank reaches the cell in front of the tile by an
    L-shaped path, or around the tile (the 5-move macro), or by search near a wall.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        w, h = puzzle.width, puzzle.height
        self.w, self.h, self.s = w, h, w + 2
        size = (w + 2) * (h + 2)
        self.board = [-1] * size
        self.blocked = bytearray(b"\x01") * size  # walls and finished cells
        self.pos = [0] * (w * h)
        for cell, t in enumerate(puzzle.tiles):
            p = self.cell(*divmod(cell, w))
            self.board[p] = t
            self.blocked[p] = 0
            if t:
                self.pos[t] = p
            else:
                self.blank = p
        self.moves: list[int] = []
        self.phases: list[tuple[int, str]] = []  # (index of the phase's first move, name)

    def cell(self, r: int, c: int) -> int:
        """Padded index of board cell (r, c)."""
        return (r + 1) * self.s + c + 1

    def walk(self, path: Sequence[int]) -> None:
        """Move the blank along adjacent cells, sliding each tile it meets."""
        board, pos, moves = self.board, self.pos, self.moves
        blank = self.blank
        for c in path:
            t = board[c]
            board[blank] = t
            pos[t] = blank
            board[c] = 0
            if moves and moves[-1] == t:  # the blank stepped straight back: the two moves cancel
                moves.pop()
            else:
                moves.append(t)
            blank = c
        self.blank = blank

    def _lpath(self, a: int, b: int, vertical_first: bool) -> list[int]:
        """Cells from a (excluded) to b along one row and one column."""
        s = self.s
        ar, ac = divmod(a, s)
        br, bc = divmod(b, s)
        vstep = s if br > ar else -s
        hstep = 1 if bc > ac else -1
        if vertical_first:
            corner = br * s + ac
            return [*range(a + vstep, corner + vstep, vstep), *range(corner + hstep, b + hstep, hstep)] \
                if br != ar else [*range(a + hstep, b + hstep, hstep)]
        corner = ar * s + bc
        return [*range(a + hstep, corner + hstep, hstep), *range(corner + vstep, b + vstep, vstep)] \
            if bc != ac else [*range(a + vstep, b + vstep, vstep)]

    def route(self, dest: int, avoid: int) -> bool:
        """Bring the blank to `dest` without touching `avoid` or finished cells."""
        a = self.blank
        if a == dest:
            return True
        blocked = self.blocked
        if blocked[dest] or dest == avoid:
            return False
        for vf in (True, False):
            path = self._lpath(a, dest, vf)
            if avoid not in path and not any(blocked[c] for c in path):
                self.walk(path)
                return True
        for q in (a - self.s, a + self.s, a - 1, a + 1):
            if blocked[q] or q == avoid:
                continue
            for vf in (True, False):
                path = self._lpath(q, dest, vf) if q != dest else []
                if avoid not in path and not any(blocked[c] for c in path):
                    self.walk([q, *path])
                    return True
        return self._search_route(dest, avoid)

    def _search_route(self, dest: int, avoid: int) -> bool:
        """Breadth-first route for the blank (rare: near walls and finished cells)."""
        blocked, s = self.blocked, self.s
        parent = {self.blank: -1}
        queue = deque([self.blank])
        while queue:
            c = queue.popleft()
            if c == dest:
                path = []
                while c != self.blank:
                    path.append(c)
                    c = parent[c]
                self.walk(path[::-1])
                return True
            for q in (c - s, c + s, c - 1, c + 1):
                if q not in parent and not blocked[q] and q != avoid:
                    parent[q] = c
                    queue.append(q)
        return False

    def move_tile(self, tile: int, target: int, horizontal_first: bool) -> bool:
        """Slide `tile` to `target` step by step; False if the blank gets stuck."""
        s, pos, blocked = self.s, self.pos, self.blocked
        while pos[tile] != target:
            p = pos[tile]
            pr, pc = divmod(p, s)
            tr, tc = divmod(target, s)
            hmove = p + (1 if tc > pc else -1) if tc != pc else -1
            vmove = p + (s if tr > pr else -s) if tr != pr else -1
            order = (hmove, vmove) if horizontal_first else (vmove, hmove)
            step = next((q for q in order if q >= 0 and not blocked[q]), -1)
            if step < 0:
                return False
            b, d = self.blank, step - p
            sides = (s, -s) if d in (1, -1) else (1, -1)
            if b == p - d:  # blank behind the tile: go round it (with the slide, Parberry's 5-move macro)
                e = next((e for e in sides if not (blocked[b + e] or blocked[p + e] or blocked[step + e])), 0)
                if e:
                    self.walk((b + e, p + e, step + e, step, p))
                    continue
            elif b - p in sides and not blocked[step + b - p]:  # beside the tile
                self.walk((step + b - p, step, p))
                continue
            elif b - step in sides:  # diagonally in front
                self.walk((step, p))
                continue
            if not self.route(step, p):
                return False
            self.walk((p,))
        return True

    def _window(self, cells: list[int], done: Callable[[list[int]], bool]) -> None:
        """Finish a small window (blank inside) by breadth-first search over its arrangements."""
        index = {c: i for i, c in enumerate(cells)}
        adjacent = [[index[q] for q in (c - self.s, c + self.s, c - 1, c + 1) if q in index] for c in cells]
        start = tuple(self.board[c] for c in cells)
        parent: dict[tuple[int, ...], tuple[tuple[int, ...], int] | None] = {start: None}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            if done(list(state)):
                path = []
                link = parent[state]
                while link is not None:
                    state, moved_to = link[0], link[1]
                    path.append(cells[moved_to])
                    link = parent[state]
                self.walk(path[::-1])
                return
            b = state.index(0)
            for j in adjacent[b]:
                nxt = list(state)
                nxt[b], nxt[j] = nxt[j], 0
                key = tuple(nxt)
                if key not in parent:
                    parent[key] = (state, j)
                    queue.append(key)
        raise RuntimeError("sliding: window cannot be finished (unsolvable position?)")

    def last_two(self, a: int, b: int, inward: int, window: list[int], horizontal_first: bool) -> None:
        """Place the last two tiles of a line (targets a, b; b at the line's end)."""
        ta, tb = self.target_tile(a), self.target_tile(b)
        pos, blocked = self.pos, self.blocked
        if not (pos[ta] == a and pos[tb] == b):
            ok = self.move_tile(ta, b, horizontal_first)
            blocked[b] = ok
            if ok and pos[tb] != a and self.move_tile(tb, b + inward, horizontal_first) and self.route(a, pos[tb]):
                self.walk((b, b + inward))
            elif pos[ta] != a or pos[tb] != b:
                # trapped (tile b in a's cell, or the blank shut in a): solve the 3x2 window by search
                blocked[b] = 0
                if self.blank not in window:
                    for c in (pos[ta], pos[tb]):
                        blocked[c] = 1
                    moved = any(self.route(c, -1) for c in window if not blocked[c])
                    for c in (pos[ta], pos[tb]):
                        blocked[c] = 0
                    if not moved:
                        raise RuntimeError("sliding: the blank cannot reach the corner")
                self._window(window, lambda st: st[window.index(a)] == ta and st[window.index(b)] == tb)
        blocked[a] = blocked[b] = 1

    def target_tile(self, padded: int) -> int:
        """The tile whose goal is this padded cell."""
        r, c = divmod(padded, self.s)
        return (r - 1) * self.w + c

    def solve(self) -> list[int]:
        """Run the whole algorithm; moves in self.moves, phases in self.phases."""
        top = left = 0
        w, h, s = self.w, self.h, self.s
        while True:
            rows, cols = h - top, w - left
            if rows == 2 and cols == 2:
                self.phases.append((len(self.moves), "finishing the last 2x2 block"))
                cells = [self.cell(r, c) for r in (top, top + 1) for c in (left, left + 1)]
                goal_tiles = [self.target_tile(c) for c in cells[:3]] + [0]  # this block is the bottom-right one
                self._window(cells, goal_tiles.__eq__)
                return self.moves
            if rows > 2 and (rows >= cols or cols == 2):
                line = [self.cell(top, c) for c in range(left, w)]
                window = [self.cell(r, c) for r in (top, top + 1, top + 2) for c in (w - 2, w - 1)]
                self.place_line(f"placing row {top + 1}", line, s, window, True)
                top += 1
            else:
                line = [self.cell(r, left) for r in range(top, h)]
                window = [self.cell(r, c) for r in (h - 2, h - 1) for c in (left, left + 1, left + 2)]
                self.place_line(f"placing column {left + 1}", line, 1, window, False)
                left += 1

    def place_line(self, label: str, line: list[int], inward: int, window: list[int], horizontal_first: bool) -> None:
        """Place a whole row or column: tiles one by one, then the last two together."""
        self.phases.append((len(self.moves), label))
        for p in line[:-2]:
            if not self.move_tile(self.target_tile(p), p, horizontal_first):
                raise RuntimeError("sliding: could not place a tile")
            self.blocked[p] = 1
        self.last_two(line[-2], line[-1], inward, window, horizontal_first)


def parberry(puzzle: Puzzle) -> tuple[list[int], list[tuple[int, str]]]:
    """Parberry's real-time solution: moves, and (first move index, phase name) per phase."""
    require_solvable(puzzle)
    solver = _Parberry(puzzle)
    solver.solve()
    phases, end = [], len(solver.moves)
    for start, label in reversed(solver.phases):  # cancelled moves may shift a phase's start
        end = min(start, end)
        phases.append((end, label))
    return solver.moves, phases[::-1]


def phase_at(phases: list[tuple[int, str]], index: int) -> str:
    """The phase name of move number `index`."""
    name = phases[0][1] if phases else ""
    for start, label in phases:
        if start <= index:
            name = label
    return name
