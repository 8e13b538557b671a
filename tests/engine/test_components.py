import pytest

from quarterdeck.engine import Deck, Rng, roll


def test_deck_draws_from_the_top_and_discards() -> None:
    deck = Deck([1, 2, 3])
    assert deck.draw() == 3
    deck.discard(3)
    assert len(deck) == 2 and deck.discards == [3]


def test_empty_deck_reshuffles_its_discards_when_given_a_generator() -> None:
    deck = Deck([1], discards=[5, 6, 7])
    rng = Rng.from_seed(1)
    assert deck.draw(rng) == 1
    drawn = deck.draw_many(3, rng)
    assert sorted(drawn) == [5, 6, 7] and deck.discards == []


def test_empty_deck_without_generator_refuses_to_draw() -> None:
    with pytest.raises(IndexError):
        Deck([], discards=[1]).draw()


def test_deck_copy_is_independent_and_round_trips() -> None:
    deck = Deck([1, 2], [3])
    copy = deck.copy()
    copy.draw()
    assert deck == Deck([1, 2], [3]) and copy != deck
    assert Deck.from_json(deck.to_json()) == deck


def test_dice_roll_in_range_and_deterministic() -> None:
    rolls = roll(Rng.from_seed(2), dice=50, sides=6)
    assert set(rolls) <= set(range(1, 7)) and len(set(rolls)) == 6
    assert rolls == roll(Rng.from_seed(2), dice=50, sides=6)
