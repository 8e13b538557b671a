"""The state's own random-number generator.

Quarterdeck implements its generator itself (PCG32, O'Neill 2014, the XSH-RR
variant) instead of using :mod:`random`, so that the same seed gives the same game
on every Python version and machine, and so that the generator's whole state is two
integers that serialize with the game state.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from mypy_extensions import mypyc_attr

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MASK32 = (1 << 32) - 1
_MULTIPLIER = 6364136223846793005
_DEFAULT_STREAM = 0xDA3E39CB94B95BDB


def splitmix64(x: int) -> int:
    """One step of SplitMix64: spreads any integer seed over 64 bits."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def fresh_seed() -> int:
    """A new game's seed when nobody chose one: 63 random bits (signed 64-bit storage),
    too many for a seat to search against the cards it holds."""
    return secrets.randbits(63)


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed derived one-way from ``parts`` (a run's seed and a game's index,
    a game's seed and a seat). Unlike a generator stream, it cannot be turned back
    into its parts, so a bot seeded this way learns nothing of the game's seed."""
    text = "/".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """A PCG32 generator: 64 bits of state, a stream selector, 32-bit outputs."""

    __slots__ = ("inc", "state")

    def __init__(self, state: int, inc: int) -> None:
        self.state = state & _MASK64
        self.inc = (inc | 1) & _MASK64

    @classmethod
    def from_pcg_seed(cls, initstate: int, initseq: int) -> Rng:
        """Seed exactly as the reference ``pcg32_srandom_r(initstate, initseq)``."""
        rng = cls(0, (initseq << 1) | 1)
        rng.next_u32()
        rng.state = (rng.state + initstate) & _MASK64
        rng.next_u32()
        return rng

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for a game seed: any non-negative integer."""
        if seed < 0:
            raise ValueError(f"a seed must be a non-negative integer, not {seed}")
        folded = 0
        while True:  # fold seeds wider than 64 bits so that none is truncated
            folded = splitmix64(folded ^ (seed & _MASK64))
            seed >>= 64
            if not seed:
                break
        return cls.from_pcg_seed(folded, _DEFAULT_STREAM)

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULTIPLIER + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32

    def next_u64(self) -> int:
        return (self.next_u32() << 32) | self.next_u32()

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias."""
        if not 0 < n <= _MASK32:
            raise ValueError(f"below() needs 0 < n < 2**32, not {n}")
        threshold = ((1 << 32) - n) % n
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer between ``low`` and ``high`` inclusive (a die roll)."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items, uniformly, in random order."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"cannot sample {k} from {len(pool)} items")
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (used to reseed on resample)."""
        return Rng.from_pcg_seed(self.next_u64(), self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state, self.inc)

    def to_json(self) -> list[int]:
        return [self.state, self.inc]

    @classmethod
    def from_json(cls, data: Sequence[int]) -> Rng:
        state, inc = data
        return cls(int(state), int(inc))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and (self.state, self.inc) == (other.state, other.inc)

    def __hash__(self) -> int:
        return hash((self.state, self.inc))

    def __repr__(self) -> str:
        # Never print the state: it would let a reader foresee every future draw.
        return "Rng(<hidden>)"
