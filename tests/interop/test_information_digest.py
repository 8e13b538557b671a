"""The information digest (OpenSpiel's information-state string) names exactly what a
seat knows, also where a game's ``seat_information`` leans on its log instead of the
whole view (Letter of Marque) or writes the view in compact form (BroadSides).

The positions compared are built to look alike to a seat without being alike: from
states of random games, every option of the seat to decide (one step apart: a choice
the log might not tell), states drawn for each seat (``resample``) and those drawn
states played on beside the true one with the same decisions while both allow them
(what the seat cannot see may show later: a draw, a base revealed). Over all of them,
for every seat: equal digests exactly when the view without log and the log as the
seat saw it are equal; so equal digests never hide a different view. A view change
the log does not tell, and the game's bytes leave out, would give two such states one
digest and two views."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from quarterdeck.engine import Game, Rng, State, get_game

#: (game, options, players): each game whose ``seat_information`` is its own.
GAMES = [
    pytest.param("broadsides", {"round_cap": 12}, 2, id="broadsides"),
    pytest.param("broadsides", {"round_cap": 8, "sea_dog": True}, 2, id="broadsides-sea_dog"),
    pytest.param("letter-of-marque", {}, 3, id="letter-of-marque-3"),
    pytest.param("letter-of-marque", {}, 5, id="letter-of-marque-5"),
]

#: Steps played on beside a drawn state; every how many decisions a state is taken.
WALK = 10
EVERY = {"broadsides": 9, "letter-of-marque": 2}
SIBLINGS = 6  # options of the seat to decide tried at each state taken


def _view(state: State, seat: int) -> str:
    view = state.view(seat, log=False)
    del view["log"]
    return json.dumps(view, sort_keys=True)


def _walk_alike(true: State, drawn: State, seat: int, rng: Rng, pool: list[State]) -> int:
    """Play ``true`` and ``drawn`` on with the same random decisions while both allow
    them; after each, the drawn-for seat's digests agree exactly when its views do,
    and for every other seat equal digests mean equal views. Returns the steps."""
    steps = 0
    for _ in range(WALK):
        if true.is_terminal() or drawn.is_terminal():
            break
        action = rng.choice(list(true.legal_actions()))
        if not drawn.is_legal(action):
            break
        true.apply(action)
        drawn.apply(action)
        steps += 1
        pool += [true.clone(), drawn.clone()]
        for q in range(true.num_players):
            same_digest = true.information_digest(q) == drawn.information_digest(q)
            same_view = _view(true, q) == _view(drawn, q)
            if q == seat:
                assert same_digest == same_view, (q, action)
            elif same_digest:
                assert same_view, (q, action)
    return steps


def _positions(game: Game, players: int, seed: int) -> tuple[list[State], int]:
    """The pool of positions of one random game (see the module's words)."""
    rng = Rng.from_seed(seed)
    state = game.new_state(players, seed)
    pool: list[State] = []
    walked = 0
    n = 0
    every = EVERY[game.name]
    while not state.is_terminal():
        if n % every == 0:
            pool.append(state.clone())
            options = list(state.legal_actions())
            for action in rng.sample(options, min(SIBLINGS, len(options))):
                sibling = state.clone()
                sibling.apply(action)
                pool.append(sibling)
            for seat in range(players):
                drawn = state.resample(seat, rng.spawn())
                pool.append(drawn.clone())
                walked += _walk_alike(state.clone(), drawn, seat, rng.spawn(), pool)
        state.apply(rng.choice(list(state.legal_actions())))
        n += 1
    pool.append(state)
    return pool, walked


def _one_to_one(pairs: list[tuple[Any, str]]) -> int:
    """Each key has one digest and each digest one key; returns how many digests were
    met more than once (the states that looked alike)."""
    digest_of: dict[Any, str] = {}
    key_of: dict[str, Any] = {}
    repeats = 0
    for key, digest in pairs:
        assert digest_of.setdefault(key, digest) == digest, "the same information, two digests"
        known = key_of.setdefault(digest, key)
        assert known == key, "one digest for two different pieces of information"
        repeats += digest in digest_of.values() and known is not key
    return repeats


@pytest.mark.parametrize(("name", "options", "players"), GAMES)
def test_equal_digests_exactly_when_the_seat_sees_the_same(
    name: str, options: dict[str, Any], players: int
) -> None:
    game = get_game(name, options)
    assert type(game).seat_information is not Game.seat_information  # its own bytes
    alike = walked = 0
    for seed in (1, 2):
        pool, steps = _positions(game, players, seed)
        walked += steps
        for seat in range(players):
            pairs = []
            for state in pool:
                view = _view(state, seat)
                log = state._log_digest(seat)
                pairs.append(((view, log), state.information_digest(seat)))
            alike += _one_to_one(pairs)
            # The digest's part for the view alone: equal digests mean equal views.
            views: dict[str, str] = {}
            for (view, _), digest in pairs:
                assert views.setdefault(digest, view) == view
    assert walked > 20  # the drawn states were played on
    assert alike > 20  # and many states looked alike to some seat


@pytest.mark.parametrize(
    ("name", "options"),
    [
        pytest.param("broadsides", {"round_cap": 6}, id="broadsides"),
        pytest.param("broadsides", {"round_cap": 4, "sea_dog": True}, id="broadsides-sea_dog"),
    ],
)
def test_broadsides_bytes_hold_each_captain_s_own_secrets_its_log_may_lack(
    name: str, options: dict[str, Any]
) -> None:
    """BroadSides' bytes lean on the log (``information.py``), but a state drawn for
    one captain keeps only that captain's secrets in its log: the other's cards drawn
    and, before the reveal, its cannons mounted are gone from it, yet the other sees
    its own hand and cannons there. So among states drawn from one position, two
    whose logs the other captain sees alike but whose hands or cannons differ must
    still give it two digests: its bytes hold both."""
    game = get_game(name, options)
    rng = Rng.from_seed(7)
    state = game.new_state(2, 7)
    hands = cannons = 0  # pairs told apart by the other captain's hand, its cannons
    while not state.is_terminal():
        for seat in (0, 1):
            other = 1 - seat
            drawn = [state.resample(seat, rng.spawn()) for _ in range(3)]
            for a, b in itertools.combinations(drawn, 2):
                if a._log_digest(other) != b._log_digest(other):
                    continue
                hand = sorted(a.hands[other]) != sorted(b.hands[other])  # type: ignore[attr-defined]
                mounted = a.cannons[other] != b.cannons[other]  # type: ignore[attr-defined]
                if hand or mounted:
                    assert a.information_digest(other) != b.information_digest(other)
                    hands += hand
                    cannons += mounted and not hand
        state.apply(rng.choice(list(state.legal_actions())))
    assert hands > 20 and cannons > 0
