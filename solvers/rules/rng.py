"""A tiny deterministic PRNG: the same seed gives the same stream in CPython and MicroPython.

The seed text is hashed with 32-bit FNV-1a, then numbers come from splitmix32 (an
additive counter through a 32-bit mixer). Every product is masked to 32 bits, so big-int
arithmetic never differs between the two interpreters. Not for anything secret.
"""

MASK = 0xFFFFFFFF


class Rng:
    """A seeded stream of 32-bit numbers, with `below`, `choice` and `shuffle` on top."""

    def __init__(self, seed: object) -> None:
        h = 2166136261
        for ch in str(seed):
            h = ((h ^ ord(ch)) * 16777619) & MASK
        self.state = h

    def next(self) -> int:
        """The next number in 0 .. 2**32 - 1."""
        self.state = (self.state + 0x9E3779B9) & MASK
        z = self.state
        z = ((z ^ (z >> 16)) * 0x85EBCA6B) & MASK
        z = ((z ^ (z >> 13)) * 0xC2B2AE35) & MASK
        return z ^ (z >> 16)

    def below(self, n: int) -> int:
        """A number in 0 .. n-1 (n >= 1), by scaling (bias under n / 2**32)."""
        return (self.next() * n) >> 32

    def choice(self, seq: list | tuple) -> object:
        """One element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
