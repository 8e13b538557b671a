"""Positions from scenarios for the rule tests, with scripted dice: what
``MerchantsAndMarauders.load_scenario`` does, with the dice put in before the flow is
settled (a scenario may start just before a roll: a combat's contest, a game turn's
storm). ``test_scenario`` checks that without dice both give the same state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from quarterdeck.engine import Event
from quarterdeck.games.merchants_marauders import MerchantsAndMaraudersState, scenario
from quarterdeck.games.merchants_marauders.decisions import settle

from .helpers import GAME, ScriptedDice


def position(data: Mapping[str, Any], *dice: Iterable[int]) -> MerchantsAndMaraudersState:
    """The scenario's position; with ``dice``, every die rolled from then on is
    scripted, one group a roll (other draws stay random)."""
    players, seed, name = scenario.start(data, strict=True)
    s = GAME.new_state(players, seed)
    assert isinstance(s, MerchantsAndMaraudersState)
    s.events = [Event("scenario", {"name": name})]
    scenario.load_scenario(s, data)
    if dice:
        s.rng = ScriptedDice(*dice)
    settle(s)
    s.touched()
    return s
