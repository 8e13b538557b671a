"""Pirate War (Ian Milnes, Warpspawn Games): the game, its options and action space."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from quarterdeck.engine import ActionSpace, Bot, Buffer, Option, OptionError, State, TensorLayout

from . import decisions, evaluation, setup, tensor
from .actions import build_action_space
from .bot import HeuristicBot
from .components import Components, parse_components
from .map import Board
from .state import PirateWarState
from .table import PirateWarGame

JSON = Any

#: Decisions one turn can hold at most (PW-10 steps, PW-13 boarding rounds, PW-16
#: purchases, PW-4.5 overflow and every reaction window): a generous, true bound.
TURN_BOUND = 600


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class PirateWar(PirateWarGame):
    name = "pirate-war"
    title = "Pirate War"
    min_players = 2
    max_players = 6
    #: 2: captains named by colour in action texts ("fire at Blue").
    rules_version = "2"
    bots_revision = 1  # 1: a one-choice look-ahead that keeps the heuristic's choice
    #: A ship's move is one choice (issue 22, PW-10): the mode, the downwind run and
    #: each step are assembled in the client and sent whole on "stop"; none of them
    #: logs an event or rolls a die until the move ends, so the server applies it whole
    #: or not at all (server/preview.py). "stop" is always legal: no dead end.
    choice_steps = frozenset({"mode", "run", "forward", "back", "turn", "port-turn"})
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option("starting_gold", 10, "gold each player starts with (PW-2.7)", house=True, minimum=0),
        Option(
            "victory_treasures",
            7,
            "stored treasures that win at once (PW-17.3; 7 is published)",
            minimum=1,
        ),
        Option(
            "plunder_source",
            "store_first",
            "where plundered treasures come from at another player's home port: their store "
            "first, then the bank; or always the bank (PW-15.3)",
            choices=("store_first", "bank"),
            house=True,
        ),
        Option(
            "round_limit",
            100,
            "the game ends after this round; most stored treasures, then aboard, then gold "
            "wins (PW-17.4)",
            house=True,
            minimum=1,
            maximum=10_000,
        ),
        Option(
            "extra_turn_limit",
            3,
            "extra turns that may follow one regular turn (PW-20.3)",
            house=True,
            minimum=0,
            maximum=100,
        ),
        Option(
            "free_port_sanctuary",
            True,
            "on (true): ships at free ports can neither attack nor be attacked; off "
            "(false): they can fight (PW-14.2)",
            house=True,
        ),
    )
    data_package = "quarterdeck.games.pirate_war.data"

    components: Components
    board: Board

    def parse_data(self, raw: JSON) -> Components:
        self.components = parse_components(raw)
        self.board = Board(self.components)
        return self.components

    def build_action_space(self) -> ActionSpace:
        return build_action_space(self.components)

    def _new_state(self, players: int, seed: int) -> PirateWarState:
        state = PirateWarState(self, players, seed)
        setup.set_up(state)
        decisions.settle(state)
        return state

    def max_game_length(self, players: int) -> int:
        """Setup (race, port, mount each), then every turn of every round, extra turns
        included, each within ``TURN_BOUND`` decisions."""
        turns = (
            int(self.options["round_limit"]) * players * (1 + int(self.options["extra_turn_limit"]))
        )
        return 3 * players + turns * TURN_BOUND

    def _state_from_json(self, data: Mapping[str, JSON], players: int) -> PirateWarState:
        return PirateWarState.from_state_json(self, data, players)

    def write_observation(self, state: State, seat: int, out: Buffer) -> None:
        assert isinstance(state, PirateWarState)
        tensor.write(state, seat, self.observation_layout(state.num_players), out)

    def observation_layout(self, players: int) -> TensorLayout:
        if not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.title} takes {self.min_players}–{self.max_players} players, not {players}"
            )
        layout = self.per_players.get(players)
        if layout is None:
            layout = self.per_players[players] = tensor.layout(self.components, players)
        return layout

    # -- what the game offers search bots ---------------------------------------------

    #: A game runs to hundreds of decisions a round: rollouts stop after this many and
    #: ask :meth:`evaluate`.
    rollout_depth: ClassVar[int | None] = 30
    #: The heuristic plays the other seats and the rollouts of the search.
    search_models_play: ClassVar[bool] = True
    #: Most choices (a race, a step of a move) pay off far past the rollouts' horizon,
    #: where the dice drown them: the search keeps the heuristic's choice unless its
    #: results beat it by a standard error.
    search_keeps_prior: ClassVar[float | None] = 1.0
    #: A move is a chain of some ten steps, each a decision: a tree the budget cannot
    #: fill would judge a step by random steps after it. The search looks one choice
    #: ahead, and the heuristic plays on from there.
    search_tree_depth: ClassVar[int | None] = 1

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        return {"heuristic": lambda seed: HeuristicBot(seed, self.components, self.board)}

    def evaluate(self, state: State) -> list[float]:
        """The returns of a finished game; else ``evaluation.evaluate``: each seat's
        standing from public facts (stores, treasure aboard, hull, gold), as ± the
        lead for two players and a share of 1 for more."""
        assert isinstance(state, PirateWarState)
        if state.is_terminal():
            return state.returns()
        return evaluation.evaluate(state)

    def load_scenario(self, data: Mapping[str, JSON], strict: bool = True) -> PirateWarState:
        """A position from JSON (``scenario.py``; docs/games/pirate-war.md, Scenarios),
        settled up to its first decision."""
        from .scenario import load_scenario

        def fresh(players: int, seed: int) -> PirateWarState:
            state = self.new_state(players, seed)
            assert isinstance(state, PirateWarState)
            return state

        state = load_scenario(data, fresh, strict)
        decisions.settle(state)
        state.touched()
        return state

    def seat_name(self, seat: int) -> str:
        """The captain of ``seat`` by colour, as every prompt and log line names it."""
        from .render import player

        return player(seat)

    def describe_event(self, event: Mapping[str, JSON], viewer: int | None = None) -> str:
        from .render import describe_event

        return describe_event(event, self.components, viewer)

    def render(self, view: Mapping[str, JSON]) -> Any:
        from .render import render_view  # Rich is needed only in the terminal

        return render_view(view, self.components, self.board)

    def house_values(self) -> list[tuple[str, str]]:
        out = []
        for key in ("mounts", "races", "weapons", "cards"):
            for i, entry in enumerate(self.raw_data.get(key, [])):
                if entry.get("source") == "house":
                    out.append((f"{key}[{i}]", str(entry.get("name"))))
        if self.raw_data.get("map", {}).get("source") == "house":
            out.append(("map", "the whole map of Appendix A"))
        copies = self.raw_data.get("copies_of_each_card", {})
        if copies.get("source") == "house":
            out.append(("copies_of_each_card", str(copies.get("count"))))
        return out

    def rules_summary(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")
