"""Letter of Marque's fixed action space: ids by meaning, built once per game."""

from __future__ import annotations

from quarterdeck.engine import ActionSpace

from .components import Components
from .phases import ARRIVE, ATTACK, LEAVE, PASS, SAIL


def build_action_space(components: Components, seats: int) -> ActionSpace:
    """Pass, leave, launch armed/defenceless, arrive by treasure, attack by target
    seat (every one of ``seats``) and treasure."""
    values = components.treasure_values
    actions: list[tuple[str, tuple[int, ...], str]] = [
        (PASS, (), "pass"),
        (LEAVE, (), "a ship leaves"),
        (SAIL, (1,), "launch an armed ship"),
        (SAIL, (0,), "launch a defenceless ship"),
    ]
    actions += [(ARRIVE, (v,), f"your ship on treasure {v} arrives") for v in values]
    actions += [
        (ATTACK, (seat, v), f"attack {components.colours[seat]}'s ship on treasure {v}")
        for seat in range(seats)
        for v in values
    ]
    return ActionSpace(actions)
