"""PW-4.10 and PW-22.2: hands and the deck's order never reach another seat."""

from __future__ import annotations

import json

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWarState

from .conftest import game


def played_until_a_hand(seed: int) -> tuple[PirateWarState, int]:
    g = game()
    state = g.new_state(3, seed)
    assert isinstance(state, PirateWarState)
    chooser = Rng.from_seed(seed)
    while not any(state.table.hands) and not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    holder = next(s for s in range(3) if state.table.hands[s])
    return state, holder


def swap_hand(state: PirateWarState, seat: int) -> PirateWarState:
    """The same position, but ``seat`` holds other held cards (as many), swapped with
    held cards of the deck in place (so every draw shows the others the same)."""
    twin = state.clone()
    t, c = twin.table, twin.game.components
    spare = [i for i, n in enumerate(t.deck.draw_pile) if c.card(n).kind == "H"][
        : len(t.hands[seat])
    ]
    for k, i in enumerate(spare):
        t.deck.draw_pile[i], t.hands[seat][k] = t.hands[seat][k], t.deck.draw_pile[i]
    twin.touched()
    return twin


def public(state: PirateWarState, seat: int | None) -> str:
    """The seat's view and the newest events as it sees them (the older ones were
    compared at earlier steps)."""
    recent = [e.for_seat(seat) for e in state.events[-12:]]
    return json.dumps([state.view(seat, log=False), recent], sort_keys=True)


def test_no_leaks_two_hands_look_the_same_to_the_others() -> None:
    for seed in range(6):
        a, holder = played_until_a_hand(seed)
        b = swap_hand(a, holder)
        assert a.table.hands[holder] != b.table.hands[holder]
        chooser = Rng.from_seed(seed + 100)
        moved = list(a.table.hands[holder])  # now in b's deck, where a has other cards
        for _ in range(300):
            if a.is_terminal() or not all(n in b.table.deck.draw_pile for n in moved):
                break  # once a swapped card is drawn, its drawer rightly sees the difference
            assert a.current_player == b.current_player
            assert a.pending() == b.pending()
            for seat in range(3):
                if seat != holder:
                    assert public(a, seat) == public(b, seat)
            assert public(a, None) == public(b, None)
            if a.current_player == holder:  # the holder plays no card: the same choice
                common = sorted(
                    {x.id for x in a.legal_actions()} & {x.id for x in b.legal_actions()}
                )
                choice = common[0]
            else:
                assert a.legal_actions() == b.legal_actions()
                choice = chooser.choice(a.legal_actions()).id
            a.apply(choice)
            b.apply(choice)
            if a.table.hands[holder] == b.table.hands[holder]:
                break  # the hands met by chance (a card was played): nothing to compare


def test_resample_keeps_my_hand_and_redeals_the_others() -> None:
    state, holder = played_until_a_hand(3)
    other = state.resample(holder, Rng.from_seed(1))
    assert isinstance(other, PirateWarState)
    assert other.table.hands[holder] == state.table.hands[holder]
    assert [len(h) for h in other.table.hands] == [len(h) for h in state.table.hands]
    assert sorted(other.table.deck.draw_pile + [n for h in other.table.hands for n in h]) == sorted(
        state.table.deck.draw_pile + [n for h in state.table.hands for n in h]
    )
    c = state.game.components
    assert all(c.card(n).kind == "H" for h in other.table.hands for n in h)
    assert other.view(holder) == state.view(holder)


def test_the_deck_order_is_in_no_view() -> None:
    state, _holder = played_until_a_hand(4)
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert "deck_order" not in view
        assert view["deck_size"] == len(state.table.deck.draw_pile)
    assert state.view_all()["deck_order"] == state.table.deck.draw_pile
