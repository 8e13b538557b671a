"""Merchants & Marauders (Z-Man 2010): the game, its options, data and action space."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from importlib import resources
from typing import Any, ClassVar

from quarterdeck.engine import ActionSpace, Game, Option, OptionError, TensorLayout

from .actions import build_action_space
from .components import Components, house_values, parse_components
from .decisions import PHASE_INDEX
from .map import SeaMap
from .state import MerchantsAndMaraudersState
from .tensor import Encoder

JSON = Any

#: MM-17.6 bound on one player turn's decisions (see ``max_game_length``).
COMBAT_DECISIONS = 20 * (2 + 10) + 60  # rounds x (declarations + skull hits) + the end
BATTLES_PER_TURN = 6 + 4 * 6 + 4  # at the turn's start, on each of 4 moves, 4 scouts
PORT_DECISIONS = 120  # sell, buy, shipyard, recruit, rumor, mission, stash, limits
TURN_DECISIONS = 16 + BATTLES_PER_TURN * COMBAT_DECISIONS + PORT_DECISIONS + 4 * 40


class MerchantsAndMarauders(Game):
    name = "merchants-and-marauders"
    title = "Merchants & Marauders"
    min_players = 2
    max_players = 4
    rules_version = "1"
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "npc_control",
            "left_neighbour",
            "who decides for an NPC in combat (MM-4.11): the next seat clockwise from "
            "its opponent, or the NPC policy of MM-4.12",
            choices=("left_neighbour", "bot"),
            house=True,
        ),
        Option(
            "glory_target",
            10,
            "the glory that ends the game (MM-1.1); with another target the stash counts "
            "for at most half of it, rounded down (house)",
            minimum=4,
            maximum=30,
        ),
    )
    data_package = "quarterdeck.games.merchants_marauders.data"

    components: Components
    sea: SeaMap

    def parse_data(self, raw: JSON) -> Components:
        self.components = parse_components(raw)
        self.sea = SeaMap.build(self.components)
        return self.components

    def build_action_space(self) -> ActionSpace:
        return build_action_space(self.components)

    def _new_state(self, players: int, seed: int) -> MerchantsAndMaraudersState:
        state = MerchantsAndMaraudersState(self, players, seed)
        state.set_up()
        return state

    def max_game_length(self, players: int) -> int:
        """MM-17.6: at most one game turn per Event card; per player turn at most 4
        actions, each move or the turn's start bringing at most 6 NPC battles, each
        combat at most 20 rounds of 2 declarations and 10 skull hits plus its end
        (plunder, limits, modification placements, a new captain), one Port action
        of bounded steps (a Stash step makes at most 6 transfers)."""
        return len(self.components.events) * players * TURN_DECISIONS + 4 * players

    def _state_from_json(
        self, data: Mapping[str, JSON], players: int
    ) -> MerchantsAndMaraudersState:
        return MerchantsAndMaraudersState.from_state_json(self, data, players)

    def observation_layout(self, players: int) -> TensorLayout:
        return self.observation_encoder(players).layout

    def observation_encoder(self, players: int) -> Encoder:
        encoder = self._encoders.get(players)
        if encoder is None:
            if not self.min_players <= players <= self.max_players:
                raise OptionError(
                    f"{self.title} takes {self.min_players}–{self.max_players} players, not {players}"
                )
            encoder = self._encoders[players] = Encoder(self.components, players, PHASE_INDEX)
        return encoder

    @cached_property
    def _encoders(self) -> dict[int, Encoder]:
        return {}

    def describe_event(self, event: Mapping[str, JSON], viewer: int | None = None) -> str:
        from .render import describe_event

        return describe_event(event, viewer)

    def render(self, view: Mapping[str, JSON]) -> Any:
        from .render import render_view

        return render_view(view)

    def house_values(self) -> list[tuple[str, str]]:
        return house_values(self.raw_data)

    def rules_summary(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")
