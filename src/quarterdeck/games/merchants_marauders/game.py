"""Merchants & Marauders (Z-Man 2010): the game, its options, data and action space."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from quarterdeck.engine import ActionSpace, Bot, Buffer, Option, OptionError, State, TensorLayout

from . import scoring
from .actions import build_action_space
from .bot import HeuristicBot
from .components import Components, house_values, parse_components
from .decisions import PHASE_INDEX
from .map import SeaMap
from .phases import CAPTAINS
from .state import MerchantsAndMaraudersState
from .table import MerchantsAndMaraudersGame
from .tensor import Encoder

JSON = Any

#: MM-17.6 bound on one player turn's decisions (see ``max_game_length``).
#: A round: 2 declarations, 2 Fortune's Favour windows after the Seamanship contest,
#: 2 Grappling Hooks, 2 ammunition, 2 x 5 re-rolls, 2 Reinforced Hulls and 10 skull
#: hits; crew combat: at most 20 rounds of 2 Fortune's Favour windows; the end: the
#: reaction window, reward, ship, haul and limits, modification placements (16
#: tokens), a new captain.
COMBAT_DECISIONS = 20 * (2 + 2 + 2 + 2 + 10 + 2 + 10) + 20 * 2 + 100
#: Moves in a turn: 3 actions, Trade Winds, 5 Fair Winds cards, the Coast Pilot's
#: second zone; 6 NPCs may scout at the turn's start and after each; 3 scouts.
MOVES_PER_TURN = 3 + 1 + 5 + 1
BATTLES_PER_TURN = 6 + MOVES_PER_TURN * 6 + 3
PORT_DECISIONS = 150  # 7 steps of bounded options (6 cards, 20 repairs, 6 transfers...)
ACTION_DECISIONS = MOVES_PER_TURN + 3 + 6 + 14 + 2  # actions, specialists, cards, retire, end
#: Fortune's Favour windows after skill rolls outside combat (3 scouts, 3 raids, a
#: recruit, a rumor sought and one tested, a mission, the Port Royal or Bridgetown
#: entry, a storm's roll on each move) and the Reinforced Hull asked at Bridgetown:
#: one decision each.
WINDOWS_PER_TURN = 3 + 3 + 1 + 2 + 1 + 1 + 1 + MOVES_PER_TURN
TURN_DECISIONS = (
    ACTION_DECISIONS + WINDOWS_PER_TURN + BATTLES_PER_TURN * COMBAT_DECISIONS + PORT_DECISIONS + 60
)
#: The Event step: storm skulls, deaths, new captains, and a Fortune's Favour window
#: per captain after a storm or Tropical Disease (twice with It's Too Quiet).
ROUND_DECISIONS = 4 * 30 + 4 * 2


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class MerchantsAndMarauders(MerchantsAndMaraudersGame):
    name = "merchants-and-marauders"
    title = "Merchants & Marauders"
    min_players = 2
    max_players = 4
    #: 2: G12 windows after every skill roll; captains named by colour in action texts.
    rules_version = "2"
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

    #: Games run to hundreds of decisions: rollouts stop after this many and
    #: ``evaluate`` guesses the rest from glory and gold.
    rollout_depth: ClassVar[int | None] = 20
    #: The heuristic plays the other seats and the rollouts of the search.
    search_models_play: ClassVar[bool] = True

    def evaluate(self, state: State) -> list[float]:
        """The returns of a finished game; else ``scoring.estimate``: total glory
        plus gold (the search reads a determinization, so gold is drawn)."""
        assert isinstance(state, MerchantsAndMaraudersState)
        if state.is_terminal():
            return state.returns()
        return scoring.estimate(state)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        return {"heuristic": HeuristicBot}

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
        """MM-17.6: at most one game turn per Event card; per player turn a bounded
        number of moves (3 actions, Trade Winds, the 5 Fair Winds cards, the Coast
        Pilot's second zone), each move and the turn's start bringing at most 6 NPC
        battles, each combat at most 20 rounds of bounded choices plus its end, one
        Port action of bounded steps (a Stash step makes at most 6 transfers)."""
        turns = len(self.components.events)
        return turns * (players * TURN_DECISIONS + ROUND_DECISIONS) + 4 * players

    def _state_from_json(
        self, data: Mapping[str, JSON], players: int
    ) -> MerchantsAndMaraudersState:
        return MerchantsAndMaraudersState.from_state_json(self, data, players)

    def load_scenario(
        self, data: Mapping[str, JSON], strict: bool = True
    ) -> MerchantsAndMaraudersState:
        """The position a scenario describes (``scenario.py``; the format is in
        docs/games/merchants-and-marauders.md), built on a normal set-up of its seed
        and settled to its first decision."""
        from quarterdeck.engine import Event

        from .decisions import settle
        from .scenario import load_scenario, start

        players, seed, name = start(data, strict)
        state = self.new_state(players, seed)
        assert isinstance(state, MerchantsAndMaraudersState)
        state.events = [Event("scenario", {"name": name})]  # not set-up's draws
        load_scenario(state, data)
        settle(state)
        state.touched()
        return state

    def observation_layout(self, players: int) -> TensorLayout:
        return self.observation_encoder(players).layout

    def write_observation(self, state: State, seat: int, out: Buffer) -> None:
        assert isinstance(state, MerchantsAndMaraudersState)
        self.observation_encoder(state.num_players).write(
            state.table, seat, state.current_player, out
        )

    def observation_encoder(self, players: int) -> Encoder:
        encoder = self.per_players.get(players)
        if encoder is None:
            if not self.min_players <= players <= self.max_players:
                raise OptionError(
                    f"{self.title} takes {self.min_players}–{self.max_players} players, not {players}"
                )
            encoder = self.per_players[players] = Encoder(self.components, players, PHASE_INDEX)
        return encoder

    def seat_name(self, seat: int) -> str:
        """The captain of ``seat`` by colour, as every prompt and log line names it."""
        return CAPTAINS[seat]

    def describe_event(self, event: Mapping[str, JSON], viewer: int | None = None) -> str:
        from .render import describe_event

        return describe_event(event, viewer, self.components)

    def render(self, view: Mapping[str, JSON]) -> Any:
        from .render import render_view

        return render_view(view, self.components)

    def house_values(self) -> list[tuple[str, str]]:
        return house_values(self.raw_data)

    def rules_summary(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")
