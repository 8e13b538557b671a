"""Letter of Marque (Bruno Faidutti, 2009): the game, its options and action space."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from quarterdeck.engine import (
    ActionSpace,
    Bot,
    Buffer,
    Game,
    Option,
    OptionError,
    State,
    TensorLayout,
)

from .actions import build_action_space
from .bot import HeuristicBot
from .components import Components, parse_components
from .phases import TIEBREAKS
from .state import LetterOfMarqueState
from .tensor import Encoder, write_observation

JSON = Any


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class LetterOfMarque(Game):
    name = "letter-of-marque"
    title = "Letter of Marque"
    min_players = 3
    max_players = 6
    rules_version = "1"
    bots_revision = 1  # 1: the heuristic reads the table; the search models play with it
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "cannon_tiebreak",
            "all",
            "which cannon cards break a tie on points: all a player holds (unused plus "
            "captured), only captured ones, or only unused ones",
            choices=TIEBREAKS,
            house=True,
        ),
    )
    data_package = "quarterdeck.games.letter_of_marque.data"
    # The search plays the other captains and its rollouts with the heuristic, which
    # sees only each seat's view: otherwise the foes in its tree fire knowing every
    # base, and it plays worse than the heuristic it is built on (docs/games).
    search_models_play: ClassVar[bool] = True

    components: Components

    def observation_layout(self, players: int) -> TensorLayout:
        """The fields of a seat's observation tensor (see ``tensor.py``): the layout
        depends on the number of players."""
        return self.observation_encoder(players).layout

    def observation_encoder(self, players: int) -> Encoder:
        """The layout and the writer's tables for ``players`` players, made once."""
        encoder = self.per_players.get(players)
        if encoder is None:
            if not self.min_players <= players <= self.max_players:
                raise OptionError(
                    f"{self.title} takes {self.min_players}–{self.max_players} players, "
                    f"not {players}"
                )
            encoder = self.per_players[players] = Encoder(self, players)
        return encoder

    def parse_data(self, raw: JSON) -> Components:
        self.components = parse_components(raw)
        return self.components

    def colour(self, seat: int) -> str:
        return self.components.colours[seat]

    def seat_name(self, seat: int) -> str:
        return self.colour(seat)

    def seat_information(self, state: State, seat: int) -> bytes:
        """Whose turn it is and the seat's own secrets (which of its ships are armed);
        the public part of the log tells everything else it sees. The table starts
        the same in every game of a number of players (the decks' contents, the
        reserves, the cannons); every random draw is logged in public where it shows
        (each treasure turned up, the first player's tie-break), the order of the
        decks being known to nobody; every decision is logged in public (a ship
        leaving and the treasure it turned up, its launch, an arrival, an attack
        with the base shown, a pass) but whether a ship launched is armed, told to
        its owner alone; and nothing changes between them but what follows from
        those events (the turn passing, the points). The secrets are here, not only
        in the log: a state drawn for another seat keeps only that seat's secrets in
        its log, yet shows this seat its own bases (``view.py``)."""
        assert isinstance(state, LetterOfMarqueState)
        armed = "".join("1" if ship.armed else "0" for ship in state.fleets[seat])
        return (
            f"{seat},{state.num_players},{state.current_player},{armed},{state.reserves[seat][0]}"
        ).encode()

    def write_observation(self, state: State, seat: int, out: Buffer) -> None:
        assert isinstance(state, LetterOfMarqueState)
        # tensor.py: the encoding, field by field
        write_observation(state, seat, out, self.observation_encoder(state.num_players))

    def build_action_space(self) -> ActionSpace:
        """Ids by meaning: pass, leave, launch armed/defenceless, arrive by treasure,
        attack by target seat and treasure."""
        return build_action_space(self.components, self.max_players)  # actions.py

    def _new_state(self, players: int, seed: int) -> LetterOfMarqueState:
        state = LetterOfMarqueState(self, players, seed)
        state.set_up()
        return state

    def max_game_length(self, players: int) -> int:
        # Each player has at most (treasures) leaves and arrivals and (cannons) attacks,
        # and one ship choice per treasure. A pass needs no treasure and no ship left, so
        # every round of turns holds at least one other action.
        c = self.components
        other_turns = players * (2 * len(c.treasure_values) + c.cannons)
        return (other_turns + 1) * players + players * len(c.treasure_values)

    def _state_from_json(self, data: Mapping[str, JSON], players: int) -> LetterOfMarqueState:
        return LetterOfMarqueState.from_state_json(self, data, players)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        return {"heuristic": HeuristicBot}

    def describe_event(self, event: Mapping[str, JSON], viewer: int | None = None) -> str:
        from .render import describe_event

        return describe_event(event, self.components.colours, viewer)

    def render(self, view: Mapping[str, JSON]) -> Any:
        from .render import render_view  # Rich is needed only in the terminal

        return render_view(view, self.components.colours)

    def house_values(self) -> list[tuple[str, str]]:
        values = [
            (f"colours[{i}]", c["name"])
            for i, c in enumerate(self.raw_data["colours"])
            if c.get("source") == "house"
        ]
        return [(k, v) for k, v in values] + [
            (f"{key}", json.dumps({k: v for k, v in entry.items() if k != "source"}))
            for key, entry in self.raw_data.items()
            if isinstance(entry, dict) and entry.get("source") == "house"
        ]

    def rules_summary(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")
