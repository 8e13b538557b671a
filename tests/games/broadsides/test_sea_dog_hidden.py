"""The Experienced Sea Dog module keeps its secrets (SD2, SD19, SD23–SD25): the
contract's no-leak checks, run with the module on over many random states."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quarterdeck.engine import IllegalActionError, Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

from ...contract.helpers import checkpoints

seeds = st.integers(min_value=0, max_value=2**32 - 1)


def sea_game() -> BroadSides:
    game = get_game("broadsides", {"sea_dog": True})
    assert isinstance(game, BroadSides)
    return game


def _error(state: BroadSidesState, action_id: int) -> str:
    try:
        state.apply(action_id)
    except IllegalActionError as exc:
        return str(exc)
    raise AssertionError(f"action {action_id} was legal")


@settings(max_examples=25, deadline=None)
@given(seed=seeds, choice_seed=seeds, resample_seed=seeds)
def test_sd_25_resampling_with_the_module_changes_nothing_a_seat_sees(
    seed: int, choice_seed: int, resample_seed: int
) -> None:
    """Views, observations, legal actions and error messages are the same in every
    state ``resample(seat)`` may draw; other seats' secrets are not in it at all."""
    game = sea_game()
    rng = Rng.from_seed(resample_seed)
    for state in checkpoints(game, 2, seed, choice_seed, n=30):
        assert isinstance(state, BroadSidesState)
        for seat in (None, 0, 1):
            view = json.dumps(state.view(seat), sort_keys=True)
            other = state.resample(seat, rng)
            assert isinstance(other, BroadSidesState)
            assert json.dumps(other.view(seat), sort_keys=True) == view
            assert other.components() == state.components()
            assert all(set(e.secret) <= {seat} for e in other.events)
            assert bool(other.legal_actions()) != other.is_terminal()
            if seat is None:
                continue
            assert other.observation(seat) == state.observation(seat)
            if other.sea is not None and state.sea is not None:
                assert len(other.sea.tricks[1 - seat]) == len(state.sea.tricks[1 - seat])
            if seat == state.current_player:
                legal = state.legal_actions()
                assert other.legal_actions() == legal
                for action_id in set(range(game.num_actions)) - {a.id for a in legal}:
                    assert _error(state, action_id) == _error(other, action_id)


@settings(max_examples=15, deadline=None)
@given(seed=seeds, choice_seed=seeds, resample_seed=seeds)
def test_sd_25_resample_depends_only_on_what_the_seat_knows(
    seed: int, choice_seed: int, resample_seed: int
) -> None:
    game = sea_game()
    rng = Rng.from_seed(resample_seed)
    for state in checkpoints(game, 2, seed, choice_seed, n=12):
        for seat in (None, 0, 1):
            twin = state.resample(seat, rng)
            a = state.resample(seat, Rng.from_seed(7)).to_json()
            b = twin.resample(seat, Rng.from_seed(7)).to_json()
            assert a == b


@settings(max_examples=10, deadline=None)
@given(seed=seeds, choice_seed=seeds, resample_seed=seeds)
def test_sd_25_a_resampled_module_game_plays_on_to_a_legal_end(
    seed: int, choice_seed: int, resample_seed: int
) -> None:
    game = sea_game()
    rng = Rng.from_seed(resample_seed)
    states = checkpoints(game, 2, seed, choice_seed, n=5)
    for state in states[1:-1]:
        seat = state.current_player if state.current_player is not None else 0
        other = state.resample(seat, rng)
        start = other.components()
        while not other.is_terminal():
            other.apply(rng.choice(other.legal_actions()))
        assert other.components() == start
        again = game.from_json(json.loads(json.dumps(other.to_json())))
        assert again.to_json() == other.to_json()


def _after_damage_control() -> BroadSidesState:
    """A duel in which Damage Control (DT14, held by Red from the start) took a
    Disaster token unseen to its pile: Red's Hull is cut to one Plank a zone at its
    first turn so that a Hull zone falls, and Red plays the trick when it may."""
    game = get_game(
        "broadsides",
        {"round_cap": 30, "sea_dog": True, "sea_dog_trick": "DT14", "sea_dog_trick_holder": "red"},
    )
    assert isinstance(game, BroadSides) and game.sea_dog is not None
    dt14 = game.sea_dog.trick_index("DT14")
    state = game.new_state(2, 2)
    assert isinstance(state, BroadSidesState)
    rng = Rng.from_seed(2)
    cut = False
    while not any(e.kind == "sea-damage-control" for e in state.events):
        assert not state.is_terminal()
        if not cut and state.phase == "stage1":
            for zone in (5, 6, 7):  # the Hull's zones, down to one Plank each
                state.supply[2] += state.markers[0][zone] - 1
                state.markers[0][zone] = 1
            state.touched()
            cut = True
        legal = list(state.legal_actions())
        trick = [a for a in legal if a.kind == "trick" and a.args[0] == dt14]
        state.apply(trick[0] if trick else rng.choice(legal))
    return state


def test_sd_19_damage_control_s_token_stays_as_unseen_as_the_face_down_ones() -> None:
    """SD19: the token Damage Control takes goes to its pile unseen. Which tokens are
    still unseen is known, not which went to the pile: a state whose pile holds
    another of them shows every seat the same view, observation and digest, and so
    does every state drawn for a seat."""
    state = _after_damage_control()
    assert state.sea is not None
    red = 0
    (token,) = state.sea.controlled[red]
    swapped = state.clone()
    assert isinstance(swapped, BroadSidesState) and swapped.sea is not None
    zone = next(z for z, t in swapped.disasters[red].items() if t is not None)
    moved = swapped.disasters[red][zone]
    assert moved is not None
    swapped.disasters[red][zone], swapped.sea.controlled[red][0] = (token, moved)
    swapped.touched()
    rng = Rng.from_seed(5)
    for seat in (0, 1):
        view = state.view(seat, log=False)
        names = view["ships"][red]["disasters_left"]
        assert state.c.disasters[token].id in names and len(names) == len(state.disasters[red])
        for other in (swapped, *(state.resample(seat, rng.spawn()) for _ in range(10))):
            assert other.view(seat, log=False) == view
            assert other.observation(seat) == state.observation(seat)
            assert other.information_digest(seat) == state.information_digest(seat)


def _old_salt_draw_that_reformed_the_deck(from_new_deck: int) -> BroadSidesState:
    """A state deciding Old Salt's keep (REP8) whose draw ran the deck out, so that it
    was formed anew from the discard pile during the draw, ``from_new_deck`` of the two
    cards drawn after: found by random play."""
    game = sea_game()
    for seed in range(1, 80):
        state = game.new_state(2, seed)
        assert isinstance(state, BroadSidesState)
        rng = Rng.from_seed(seed)
        while not state.is_terminal():
            if state.phase == "old-salt" and state.events[-2].kind == "aim-reshuffle":
                q = state.seat
                if len(state.refills[q]) - len(state.decks[q]) == from_new_deck:
                    assert isinstance(state, BroadSidesState)
                    return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such Old Salt draw in 79 random games")


@pytest.mark.parametrize("from_new_deck", [0, 1])
def test_sd_25_old_salt_s_draw_that_reforms_the_deck_is_redrawn_from_where_it_came(
    from_new_deck: int,
) -> None:
    """Old Salt's two cards drawn are hidden from the foe (SD25). When the deck runs out
    during the draw and is formed anew from the discards, the cards drawn before came
    from the deck as it was before: a redraw takes them among the hand's cards that
    deck could hold, the rest from the new deck (the resample raised ValueError here,
    looking for both among the new deck's cards)."""
    state = _old_salt_draw_that_reformed_the_deck(from_new_deck)
    q = state.seat
    assert state.sea is not None
    refill = set(state.refills[q])
    assert len([c for c in state.sea.pending if c not in refill]) == 2 - from_new_deck
    for seat in (1 - q, None):
        twin = state.resample(seat, Rng.from_seed(99))  # the same to seat, maybe other cards
        pairs = set()
        for n in range(60):
            world = state.resample(seat, Rng.from_seed(n))
            assert isinstance(world, BroadSidesState)
            assert world.sea is not None
            drawn = world.sea.pending
            assert len(drawn) == 2 and all(card in world.hands[q] for card in drawn)
            assert len([c for c in drawn if c in refill]) == from_new_deck
            pairs.add(tuple(drawn))
            # what it draws hangs only on what the seat knows
            assert twin.resample(seat, Rng.from_seed(n)).to_json() == world.to_json()
        assert len(pairs) > 1, "the cards drawn were never redrawn"
        world.apply(world.legal_actions()[0])  # and play goes on from the redraw


def test_sd_25_every_position_of_whole_module_games_resamples_for_every_seat() -> None:
    """Not a sample of positions but every one of a few whole games (seeds 12 and 13
    reach Old Salt draws that form the deck anew, which once failed): each seat's
    and a spectator's redraw is made and plays on."""
    game = sea_game()
    for seed in (12, 13, 21):
        state = game.new_state(2, seed)
        rng = Rng.from_seed(seed)
        step = 0
        while not state.is_terminal():
            for seat in (None, 0, 1):
                other = Rng.from_seed(step)  # the walk's own generator is left alone
                world = state.resample(seat, other)
                if not world.is_terminal():
                    world.apply(other.choice(world.legal_actions()))
            state.apply(rng.choice(state.legal_actions()))
            step += 1
