"""Sudoku puzzle pools: puzzles our own graded generator made offline, served with a random symmetry.

Some grades are rare among dug grids: a Hard 9x9 (hidden pair, X-wing, hidden triple...) takes ~7 s median to dig
in CPython, sometimes 13-30 s, and 1 seed in 10 ends Medium; 16x16 Hard and Expert take 5-150 s. For those,
`sudoku.generate` picks a pool puzzle with the seeded rng and applies a random grade-preserving symmetry (digits
relabelled, rows within bands, bands, columns within stacks, stacks, transpose), then re-grades it.
Known limits: a pool of N puzzles gives N essentially different puzzles (each in ~10^12 disguises or more);
180-degree-symmetric requests still dig. Regenerate: `python -m solvers.sudoku_pool [--size 16] [--grade 3]`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random

from .base import rng_for
from .sudoku import DEFAULT_BOX, Box, Grid, Puzzle, parse

POOL_STREAM = "sudoku-pool"  # pool puzzle k came from generate_graded(rng_for(seed, POOL_STREAM, grade), grade, box)

# Made by `python -m solvers.sudoku_pool --count 36` (generate_graded(rng_for(seed, "sudoku-pool", 2), 2, (3, 3)),
# keeping the seeds whose puzzle came out Hard: seeds 0-40 except 8, 15, 20, 25 and 32, which came out Medium).
HARD_9X9: tuple[str, ...] = (
    ".3...9.5...1..57...9...4..8...5..2.96.........7......4....216...1..3....8.2...3..",  # seed 0
    "7.....4..9....5..3...2....1.9.83.....75........61..8...2.7..3.........9.6...82.7.",  # seed 1
    ".5.6.....2...3.1.......7.3.....9.....82..4..57..5....4..9..2.....8.7...6..4..3.2.",  # seed 2
    "....71.....742...5.....693.......5.2.6.2.3.4..5..6....37........1.9..7..4.......1",  # seed 3
    "...5..42.2......97..6..8...5.3.6.2.8......95....1..6...8..4....7..6......1.2.7.8.",  # seed 4
    ".2..7...8..82.5.7.4....96....38....1..5..1.3..........5...9.8....4..8.2..9.73...4",  # seed 5
    "91....3.27....8..6.2.4......62..4..8..7.1...4....6..1....2..9..2....57.3...1.....",  # seed 6
    "......82.2....7....7.....35...2..4...1....6...9..8.......3...9.95..6...8.61..25..",  # seed 7
    "......7..4..8...531.9....8.6.......5.5...34...4..7...6....2..3.8.1.46.......9...1",  # seed 9
    "...4...2.......6...16..2.8.....3....9...5.2..5..9.8..3..82...3..6...1.....4..715.",  # seed 10
    "4.5.........261....2.4.7.8...769.........3.9.5........9..3....6..4.7.2...58..94..",  # seed 11
    "...5.1..9......37..459.....48.1.....26..98...7....68...7...2.1........8.....5...3",  # seed 12
    ".........82..6..9...5.82..61...97.....86..47.....1..6..1....9......3524.5.79.....",  # seed 13
    ".9.4.8..5..45...........68..68.3..9....72.5..7.......19........1..3..7....5..7819",  # seed 14
    ".8.6..4..9.6..4....47.5...2..1.2...5.....1.49.3.......8.....52..6.......2.5..8.61",  # seed 16
    "....4.8..6.......7.3...74913..4...7...5.86..4.6.1.3..29.......87.1....26...8.....",  # seed 17
    "..7..2.14.......89.9..75..6.81.......7....84....2.9...72.3...6........3.53.7.....",  # seed 18
    "..75......84....1.2..6..8....2.3..57..5....68...4.....9..25.3...7...19......8....",  # seed 19
    ".......72..8..9....3..1...5..9..4.6...27.8...7..1..9.4...972.5............4.5..3.",  # seed 21
    "....5...73....95...65.34..........98..1.2..5....6..2...8.........3.4..2915...87..",  # seed 22
    "....7496..6....1..5....6..498.7...........3.......2.75..8.23.4.41.......3.71.....",  # seed 23
    "....1......8..6..2.....764..6...1.....7.94.....9..3.5..2..8..7.6.5......3...4.2..",  # seed 24
    "..956.....1...93...2...47........4....7....391..4.8..7.....3.5..75.1..2..........",  # seed 26
    "6..5......4..3..6.32.6...5.4..98.6..2.....8...5.....39.7...631....4.3......8..4..",  # seed 27
    ".3...2....2.9...4....53....3...........7..8...1...69....425..3.8..41.59...5.....7",  # seed 28
    "..2..3...8.79..5.....4..72...35...6.....47........19.2.761...893..68...44........",  # seed 29
    ".3.9..7..862....4..9..46..39..7.4.......8.4..........9.....1..532.........659.8..",  # seed 30
    "5..1....991........8.6.4...........4..4.6..78.7....16.7.34.529......2.3....3..4..",  # seed 31
    "..96..1.5.....5..22...1.6...5.2...6.38....41.9..84.......5.38.......7.....1...5..",  # seed 33
    "4....1.......2.8......9..358......691.......7.65....8.....8.9.3.9..6.4....7.35...",  # seed 34
    "786....4..59.2...3.....6...87..........3..2.........193....14......39....927.8.5.",  # seed 35
    ".31..9.8..8.....455...41.......2...4........96.29...13..36..7....87.....1......98",  # seed 36
    "53...........2..1.4825.7.....6...49.....94...14....72.9.....67......8........5..8",  # seed 37
    ".7..38..........8..24..9..615....8797.........4...5.....1.....4.394..5.....3.2...",  # seed 38
    "..8.4.62.6....9......78...9.....7.8.1.....4..3..9...7...5...1....6..8..24...5..3.",  # seed 39
    "..2...18....8.9...1.6....4.53...4...........19...732........86....257..3.....8..5",  # seed 40
)

# Made by `python -m solvers.sudoku_pool --size 16 --grade 2 --count 10`: seeds 0-9, every one came out Hard
# (generate_graded(rng_for(seed, "sudoku-pool", 2), 2, (4, 4)): median 10 s, max 75 s each).
HARD_16X16: tuple[str, ...] = (
    (".D.6..E4...GC.21.9..D3.15B.7..E....4B...1...D..8.7..9.....6....."
     "B.6E.4....2.....9.......4G.51.8.........6F...2....CF2..EB.8.3.DG"
     "7..G..............2.G..7.3.65A..4.3.E.C5.9.D....A8....1..5C.9..D"
     ".5...D6A.E9...G..F7.......D..........C.8..F..93.GA....7.C..4...B"),  # seed 0
    ("62..E....FD.4G.85G....C.4.6...........D1G8.2..B...4.....7.BE..F."
     ".9.DB.F..384...24....E1....A.8C.7..E.5.....96...F...AC..26.G..45"
     "2.8.D.73....C.GFBD.C.........9...5.4.G.........7G....8.....15..A"
     "..D..39.C.18B....1..2.B...4.9.5..6..F.......712..F.2.4...9.7...D"),  # seed 1
    ("...27.A.G..9.F5...7....D..1.......8.B2G..AD36.......8.....F....D"
     "E....3.A....8.......C.5...7.A.132.AB...F9..E.5..1F.9.......5E..6"
     ".2.6..EC.89BD...D......2C..G...E.4..6..1.5.2.C...1G89.D.3....6.."
     "..D..F..4..7B...75........B..AF...BE.4C.F.G.3.....4CEA.81......G"),  # seed 2
    ("6.8.......7F..A.7D..C.4A..6....9..9.1F.....8E76.F..E.9.75C...D.1"
     ".3C.......29.4..A5.2.....7D.3.8..4.7A..3C...2..G....5G.....A.F.."
     "..5..B1..E.6.A......3....8.G.65.BE...8..D..5.9..82DC4.G..B.7...."
     "...G...BF9..C..4D84.........A...C....3...2...1B5..2...65.3......"),  # seed 3
    ("D.....5..4.3..AE.4.C....6..B5G.....64........D...8E.......DA7..F"
     ".E..5...2..4.3.AB.32.8.E.C....7.........3...8F.61....7BG.F..4..."
     "2....38......7...9.326....7.B..48F.B.9.1.3..AEG.......EF...8...."
     "E.5...A..29..CF83....ED.A.C..2..9..F...8...D.6.7.......5B14.G..."),  # seed 4
    ("..E.1G3.4....2...F......2.A..C......E......F3.84..D.F...9..7B..."
     "..3..6.8.D.4...7......54...8A..1.E49..1.G.C.2D...1GF...C.3....6."
     "..1.B.9...7...F...2....F.B.9D..6378E6A...C2..1......3E..6.....5."
     ".5......C......9E........2...8...27G..C68.5.E..FC4A.7D.5E....3.."),  # seed 5
    ("C.46.3B.F2..1...17F.4..5...9.2..B....1...C..6..3.23.....A..6.9.5"
     "......9.8......E..92...B.64..A....DB.2...3....5.F...68........32"
     ".B8F.5..4.7G......2E.9.....CA.G........F.96.5...G.C1....ED2A..8."
     "..643..9.BC..E.7.....F.2..5..D6...1.A...2......CA..3B..D.E..45.G"),  # seed 6
    ("1...D...A28..9.....7.8..D..G.AB...8.BEG4.........G.C..1...F..6E8"
     "...2.D8.....EF.4..AF7...9.5.B.....6......A.E.DG.B4..FAC..7....2."
     "5.E.....3..6..9.F..G..2.B5.7D3....9.86....G..C.........5..D.2..."
     "6E3......9...1C.....C.7.E..1..42.B...936.F4....GD..1....8..29.5."),  # seed 7
    ("...G..FD85B.3..2F...3..54....7..9.......6...1BE.286.7....G...9.."
     "...............3...B.A8.....C....EG7..D..2..F.6.42DF..C...5.91.."
     ".....4.BF...EGC.13.A....B.4....88........D.....A..C...GF3..25.4D"
     "G.8..3.7.9A.2............4D......C.D2.B....F8.G..6...8.42B.7..9."),  # seed 8
    (".1.F7C..9D....5.....2...G1...8.3..85..9.B.7..A.4.2.D.43.......7."
     ".....9...7..D3B66.2........5E.F.1...B.G2....A4.......F.8D49A2..7"
     "...6E.4..G...B..C......D...1.7A.3971.............E5...8.....4..D"
     ".........A...C1E...B9E.F.C.7.D....GAC62...8.....856.G7.A3.B....."),  # seed 9
)

# Made by `python -m solvers.sudoku_pool --size 16 --grade 3 --count 10`: seeds 0-9, every one came out Expert
# (median 15 s, max 147 s each).
EXPERT_16X16: tuple[str, ...] = (
    ("..D...6....98.2C6.3..4.....8.A..F4.7..5.6.AG.D3.G...9.3..D...67."
     "8..4E.G67.....C1....7..1...F5.4B.E.G...B...........B4F8.5C....A."
     "D3...........E....7...43.GF.....4CB.G.7831..6.FDEG.9F.A....2...8"
     ".2...GB..3.1C....6..1..7G4.....5.......2..7.E.....E.A.C.9..6...7"),  # seed 0
    ("FE...1...3.G...4..9G2B.7...6.E8.1.....8.B..27G...3...C..E9...2.."
     "8..E..F...79..5..A..........2.C6.D.7...4.....A...C.16D...G2.8..B"
     "E9....685...41A.3....2E...68D..C.8.A.71C..F.95......3.D.C...E6.."
     "..86..7...C...9.....AF...8.....G.1.F..G.25.E6...2.A..4..9..F.B.."),  # seed 1
    ("..5..A8B.....7...4............1.1.8.3.925..D....7G.A.4...F.8.D.."
     "..EC72.5.B3.D8...............4.E6..BG.4...75..3C...D6.F.E....15."
     "D.63.7...E4.5..8....4..F3...........B.A.G...9.F.9AB.....C..62..."
     "5..7.....AFB.9.68.....D..1.9.F.....EFB.9..D..243......26....E..."),  # seed 2
    ("AF.7..E.....1.48.34..1....9.G.F.......5.6.8C......B.GD.........."
     ".6...EB...F2.....1.G...8.....B....2....F.....98.B..C.A7..5.E.1G6"
     "E......3.9B7......325.C..DA.B.......E7..4....2.3....DB4.28.1E7.."
     "..CF.....2.5.E..98E.....AG7....D.2...5..B6CF7.1..7..3..4......BG"),  # seed 3
    ("9..1...D.6.GEF...2GA..1.3...4......E....45..2..7...FA.B2..9...C8"
     "8..2..6.G..A5..B.F3.D7....2..C8........GB3..71.6..7..5..C.D9.4.."
     ".1..89..5..E.AG.AB8G3..5..6......CE..B..D218..7...4.2.7........."
     ".5..9.86...1..F.C....3.......5..1694.G..8.3..........4...9....BD"),  # seed 4
    (".G2.A.16.8.B...41.D....5...F.E.364....8........F...FD.B3..1.2..."
     "..7......A5......F..5.3...G149BA3.4.1....F9...C.9A..8D.E........"
     "..GAC84..9E...7B...3BAE..2....9..E.59..27..G.C...D.7....A.6...4."
     "..562...B.......2....7..9.A....5...9....1C..D.....B.4.5.D3...1F."),  # seed 5
    (".DF4..7..8.......A..B..3...C.4FG.......DB...9.7A6..5.....G....38"
     "3...2.D...............67.EA.19..D...1EF.C........F2.5....9.D7..."
     "AG...13...2..F9.4..3...816....D..1.F6......9.B.......B.A.F.E2.G."
     "..GA.6..F..BDE.79.ED...B...76..2.....8.CD3...1..B6.8....4.5.C..."),  # seed 6
    ("73......9FB..D...6EC.....5...BF9..54DF..7..32...2A..C.....G.53.8"
     ".B.AGC3.4....E.6D.....4.........48.E.D..C.52.1B....1..A2.....48."
     "..C..2F.......G....B7..EA..8.635....8..D.4..7....5...6C.F1......"
     ".29..31..GC.E..D..G.....16.7F.C2.7...E...9..68....8...6....E...7"),  # seed 7
    (".C89.......6.4F.5.74....G1B.EA..F.1..6.2E.53.....G..A.15.......9"
     "35G..2..6..ECD7...C.3..B4.....6.....E.57..1......49.6..........F"
     ".A....23..C..F4D9..D.A...8F.2B1........4..D9...5......F...679..."
     "67.2...FA......8.D.C.4B.7..8...A..E...C8..3.F62.1....D......47.."),  # seed 8
    ("G.........36A7..6F.1..5......2............9D..C4.4...3.1GB7.5.F."
     "..7.EBD....2G..8..C.......6F..3......GA.8.1BC...8.D...C25E......"
     "9...8...F..E76.B...71..GA.2...5.C.G.......B...9.5.4E3...67...1.."
     ".38.............F..65..7D1.....2BC.....8..FAD..7.75.GE9......4.."),  # seed 9
)

POOLS: dict[tuple[Box, int], tuple[str, ...]] = {((3, 3), 2): HARD_9X9, ((4, 4), 2): HARD_16X16,
                                                 ((4, 4), 3): EXPERT_16X16}


def symmetry(box: Box, rng: Random) -> tuple[list[int], list[int]]:
    """(cell map, digit map): a random grid symmetry of a box shape; new[c] = digits[old[cells[c]]]."""
    w, h = box
    n = w * h
    rows = _blocks(n, h, rng)  # bands are h rows tall
    cols = _blocks(n, w, rng)  # stacks are w columns wide
    cells = [rows[r] * n + cols[c] for r in range(n) for c in range(n)]
    if w == h and rng.random() < 0.5:  # only square boxes survive a transpose
        cells = [cells[c % n * n + c // n] for c in range(n * n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    return cells, [0, *digits]


def _blocks(n: int, size: int, rng: Random) -> list[int]:
    """A permutation of 0..n-1 that shuffles blocks of `size` lines and the lines within each block."""
    blocks = list(range(n // size))
    rng.shuffle(blocks)
    out = []
    for b in blocks:
        lines = list(range(b * size, b * size + size))
        rng.shuffle(lines)
        out.extend(lines)
    return out


def transform(values: Sequence[int], box: Box, rng: Random) -> Grid:
    """The grid under a random symmetry (uniqueness and the ladder's grade are kept)."""
    cells, digits = symmetry(box, rng)
    return tuple(digits[values[c]] for c in cells)


def from_pool(rng: Random, grade: int, box: Box) -> tuple[Puzzle, int] | None:
    """A pool puzzle of the grade in a random disguise, checked by re-grading; None when there is no pool."""
    from .sudoku_logic import grade as grade_of

    pool = POOLS.get((box, grade))
    if not pool:
        return None
    base = parse(pool[rng.randrange(len(pool))]).givens
    for _ in range(3):  # every symmetry keeps the grade (tested); the re-grade only keeps the answer honest
        puzzle = Puzzle(box, transform(base, box, rng))
        if grade_of(puzzle) == grade:
            return puzzle, grade
    return Puzzle(box, base), grade


def build(grade: int, box: Box, count: int, start: int = 0) -> Iterator[tuple[int, Puzzle, int, float]]:
    """(seed, puzzle, grade got, seconds) from the graded generator, seeds from `start` until `count` hit `grade`."""
    import time

    from .sudoku_logic import generate_graded

    seed, hits = start, 0
    while hits < count:
        t = time.perf_counter()
        puzzle, got = generate_graded(rng_for(seed, POOL_STREAM, grade), grade, box)
        hits += got == grade
        yield seed, puzzle, got, time.perf_counter() - t
        seed += 1


def main(argv: Sequence[str] | None = None) -> None:
    """Print a fresh pool as Python source (timings on stderr)."""
    import argparse
    import statistics
    import sys

    ap = argparse.ArgumentParser(description="Regenerate a Sudoku pool with the graded generator.")
    ap.add_argument("--count", type=int, default=36, help="puzzles wanted")
    ap.add_argument("--grade", type=int, default=2, help="grade index (2 = Hard)")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--size", type=int, default=9, choices=(9, 16), help="grid size")
    args = ap.parse_args(argv)
    lines, times = [], []
    for seed, puzzle, got, secs in build(args.grade, DEFAULT_BOX[args.size], args.count, args.start):
        times.append(secs)
        sys.stderr.write(f"seed {seed}: grade {got} in {secs:.2f} s\n")
        if got == args.grade:
            grid = puzzle.grid
            if len(grid) > 81:  # four lines of 64 cells keep 16x16 source under the line limit
                grid = '"\n     "'.join(grid[i:i + 64] for i in range(0, len(grid), 64))
                lines.append(f'    ("{grid}"),  # seed {seed}')
            else:
                lines.append(f'    "{grid}",  # seed {seed}')
    sys.stderr.write(f"{len(times)} seeds: median {statistics.median(times):.2f} s, max {max(times):.2f} s\n")
    print("(\n" + "\n".join(lines) + "\n)")


if __name__ == "__main__":
    main()
