"""Building blocks that games share: decks and dice.

They hold plain lists and integers so that games stay fast to clone and easy to
serialize; every random draw takes the state's own :class:`Rng`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

from .rng import Rng

C = TypeVar("C")


class Deck(Generic[C]):
    """A face-down draw pile (top = end of the list) and its face-up discard pile."""

    __slots__ = ("discards", "draw_pile")

    def __init__(self, cards: Iterable[C] = (), discards: Iterable[C] = ()) -> None:
        self.draw_pile: list[C] = list(cards)
        self.discards: list[C] = list(discards)

    def __len__(self) -> int:
        return len(self.draw_pile)

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.draw_pile)

    def draw(self, rng: Rng | None = None) -> C:
        """The top card. When the draw pile is empty and ``rng`` is given, the discard
        pile is shuffled to form a new draw pile first."""
        if not self.draw_pile and rng is not None:
            self.reshuffle(rng)
        if not self.draw_pile:
            raise IndexError("draw from an empty deck")
        return self.draw_pile.pop()

    def draw_many(self, n: int, rng: Rng | None = None) -> list[C]:
        return [self.draw(rng) for _ in range(n)]

    def discard(self, card: C) -> None:
        self.discards.append(card)

    def reshuffle(self, rng: Rng) -> None:
        """Shuffle the discard pile under the draw pile."""
        pile = self.discards
        self.discards = []
        rng.shuffle(pile)
        self.draw_pile[:0] = pile

    def copy(self) -> Deck[C]:
        return Deck(self.draw_pile, self.discards)

    def to_json(self) -> dict[str, list[C]]:
        return {"draw": list(self.draw_pile), "discards": list(self.discards)}

    @classmethod
    def from_json(cls, data: dict[str, list[C]]) -> Deck[C]:
        return cls(data["draw"], data["discards"])

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Deck)
            and self.draw_pile == other.draw_pile
            and self.discards == other.discards
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Deck({len(self.draw_pile)} to draw, {len(self.discards)} discarded)"


def roll(rng: Rng, dice: int = 1, sides: int = 6) -> list[int]:
    """Roll ``dice`` dice of ``sides`` sides."""
    return [rng.randint(1, sides) for _ in range(dice)]
