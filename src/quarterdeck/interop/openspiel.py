"""Every Quarterdeck game as an OpenSpiel game (optional extra ``open-spiel``).

Importing this module registers each game of the engine with ``pyspiel`` under
``quarterdeck_<name>`` (``quarterdeck_broadsides``, ``quarterdeck_letter_of_marque``)::

    import pyspiel
    import quarterdeck.interop.openspiel  # registers the games
    game = pyspiel.load_game("quarterdeck_broadsides", {"round_cap": 40})

What OpenSpiel sees:

- Sequential, imperfect information, explicit stochastic: the first moves of every
  game are the deal, ``DEAL_PARTS`` chance nodes of ``DEALS`` equally likely outcomes
  each, which together make the 64-bit seed of the Quarterdeck game. Every later
  shuffle and draw follows from that seed and the players' actions, so the deal is
  all the chance there is. (OpenSpiel cannot serialize the generator of a
  sampled-stochastic Python game, so a game that draws inside its moves is offered
  this way.) The seed is 64 bits, not the 16 of one chance node, because a seat's
  first hand would single out one seed among 65,536, and with it every hidden card.
- Parameters: ``players`` (default the fewest the game takes) and every option of the
  game by its own name.
- Actions: the game's fixed action space (ids and texts); legal actions ascending.
- Utilities: two seats are zero-sum ±1; more seats share 1 among the winners
  (constant-sum). The maximum game length is the game's bound from its round cap.
- Information-state string: 32 hex digits naming everything the seat knows, the
  engine's ``State.information_digest``: a digest of its log as it saw it, kept up to
  date as the game goes (so a call costs the new events, not the game's length), and
  of what it sees now. Equal for two states exactly when the seat cannot tell them
  apart. The observation string is 32 hex digits naming the seat's view without its
  log. ``readable_information_state`` and ``readable_observation`` (or the observer
  parameter ``{"readable": True}``) give the canonical JSON they name, for debugging.
  Both tensors are the game's observation tensor (``docs/observations.md``), which is
  not perfect-recall.
- ``resample_from_infostate`` draws with the game's ``resample``: the new state looks
  the same to that seat (same information-state string). Its ``history()`` is the
  drawn state's: the deal of its own (made-up) seed, then the decisions so far, so
  ``move_number()`` goes on; a drawn world does not replay from it (its decks were
  shuffled, not dealt), and C++ code that reads the history of a drawn state sees only
  the decisions made after the draw.
- ``serialize``/``deserialize`` and pickling carry the whole state as JSON.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel

from quarterdeck.engine import Game, Rng, State, game_class, game_names, get_game
from quarterdeck.engine.events import canonical_json

from . import env_name, legal_ids, utility

PREFIX = "quarterdeck_"
#: The deal: DEAL_PARTS chance nodes of DEALS outcomes each, the seed's 16-bit parts,
#: lowest first (``seed_of``).
DEALS = 1 << 16
DEAL_PARTS = 4
_registered: dict[str, str] = {}  # OpenSpiel short name -> Quarterdeck game name


def short_name(name: str) -> str:
    """``broadsides`` -> ``quarterdeck_broadsides``."""
    return PREFIX + name.replace("-", "_")


def _parameters(cls: type[Game]) -> dict[str, Any]:
    params: dict[str, Any] = {"players": cls.min_players}
    for spec in cls.all_option_specs():
        if isinstance(spec.default, bool | int | float | str):
            params[spec.name] = spec.default
    return params


def game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    zero_sum = cls.max_players == 2
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Quarterdeck {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(cls),
    )


def seed_of(parts: list[int]) -> int:
    """The Quarterdeck seed that the deal's parts make (each part 16 bits, lowest first)."""
    return sum(part << (16 * k) for k, part in enumerate(parts))


def deal_parts(seed: int) -> list[int]:
    """The chance outcomes that deal the game of ``seed`` (below 2**64)."""
    return [(seed >> (16 * k)) & (DEALS - 1) for k in range(DEAL_PARTS)]


class _Held:
    """The Quarterdeck state inside an OpenSpiel state (``None`` until the deal is
    complete; ``dealt`` holds its parts so far). OpenSpiel clones a Python state by
    deep-copying its attributes and pickles them to serialize it; this holder makes the
    first a ``clone`` and the second the state's JSON. ``drawn``: for a state drawn by
    ``resample_from_infostate``, the history OpenSpiel's own state does not hold (it
    starts empty at the draw, and has no setter). ``named``: each seat's information
    digest of ``state`` as it stands, with the length of its history and log when it
    was worked out (OpenSpiel's IS-MCTS asks a node's string twice or more)."""

    __slots__ = ("dealt", "drawn", "named", "state")

    def __init__(
        self,
        state: State | None = None,
        dealt: list[int] | None = None,
        drawn: tuple[int, ...] = (),
    ) -> None:
        self.state = state
        self.dealt = dealt or []
        self.drawn = drawn
        self.named: dict[int | None, tuple[int, int, str]] = {}

    def information_digest(self, seat: int | None) -> str:
        """``state.information_digest(seat)``, kept until a decision or an event is
        added (the only ways a state changes in play)."""
        state = self.state
        assert state is not None
        now = (len(state.history), len(state.events))
        kept = self.named.get(seat)
        if kept is not None and kept[:2] == now:
            return kept[2]
        digest = state.information_digest(seat)
        self.named[seat] = (*now, digest)
        return digest

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        state = self.state.clone() if self.state is not None else None
        return _Held(state, list(self.dealt), self.drawn)

    def __getstate__(self) -> str:
        if self.state is None:
            return json.dumps({"dealt": self.dealt})
        data = self.state.to_json()
        if self.drawn:
            data["openspiel_drawn"] = list(self.drawn)
        return json.dumps(data)

    def __setstate__(self, text: str) -> None:
        data = json.loads(text)
        self.drawn = ()
        self.named = {}
        if data is None:  # pickled before deals had parts: not dealt yet
            self.state, self.dealt = None, []
        elif "dealt" in data:
            self.state, self.dealt = None, list(data["dealt"])
        else:
            self.drawn = tuple(data.pop("openspiel_drawn", ()))
            self.state, self.dealt = get_game(data["game"]).from_json(data), []


class QuarterdeckGame(pyspiel.Game):  # type: ignore[misc]
    """A Quarterdeck game with its parameters fixed, as OpenSpiel sees it."""

    game_name: str  # set by each game's subclass (see register_games)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = self.name = self.game_name
        self.players = int(params.get("players", game_class(name).min_players))
        options = {k: v for k, v in params.items() if k != "players"}
        self.qd_game: Game = get_game(name, options)
        if not self.qd_game.min_players <= self.players <= self.qd_game.max_players:
            raise ValueError(
                f"{self.qd_game.title} takes {self.qd_game.min_players}–"
                f"{self.qd_game.max_players} players, not {self.players}"
            )
        low, high, total = utility(self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.qd_game.num_actions,
            max_chance_outcomes=DEALS,
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=total,
            max_game_length=self.qd_game.max_game_length(self.players),
        )
        super().__init__(game_type(name), info, params)

    def new_initial_state(self, *_: Any) -> QuarterdeckState:
        """A game before its deal (a chance node)."""
        return QuarterdeckState(self, _Held())

    def from_state(self, state: State) -> QuarterdeckState:
        """An OpenSpiel state holding a Quarterdeck state (a scenario, a record's
        position). OpenSpiel's own history starts there."""
        if state.game.name != self.name or state.num_players != self.players:
            raise ValueError(f"this is not a {self.players}-player {self.name} state")
        return QuarterdeckState(self, _Held(state.clone()))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Observer:
        return Observer(self, iig_obs_type, params)


class QuarterdeckState(pyspiel.State):  # type: ignore[misc]
    """One position, as OpenSpiel sees it; ``state`` is the Quarterdeck state."""

    def __init__(self, game: QuarterdeckGame, held: _Held) -> None:
        super().__init__(game)
        self._held = held

    @property
    def state(self) -> State:
        """The Quarterdeck state (after the deal)."""
        if self._held.state is None:
            raise ValueError("the cards are not dealt yet: this is the deal's chance node")
        return self._held.state

    def current_player(self) -> int:
        if self._held.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = self._held.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _DEAL_OUTCOMES

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held.state
        return legal_ids(held) if held is not None and player == held.current_player else []

    def _apply_action(self, action: int) -> None:
        held = self._held
        if held.state is not None:
            held.state.apply(int(action))
            return
        part = int(action)
        if not 0 <= part < DEALS:  # refused before anything changes
            raise ValueError(f"a deal outcome is a number from 0 to {DEALS - 1}, not {part}")
        held.dealt.append(part)
        if len(held.dealt) == DEAL_PARTS:
            game: QuarterdeckGame = self.get_game()
            held.state = game.qd_game.new_state(game.players, seed_of(held.dealt))
            held.dealt = []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal {action}"  # one 16-bit part of the seed
        space = self.get_game().qd_game.action_space
        if not 0 <= action < len(space):
            raise ValueError(f"no action {action}: the ids run from 0 to {len(space) - 1}")
        return str(space[action].text)

    def is_terminal(self) -> bool:
        return self._held.state is not None and self._held.state.is_terminal()

    def returns(self) -> list[float]:
        if self._held.state is None:
            return [0.0] * self.num_players()
        return [float(r) for r in self._held.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> QuarterdeckState:
        """A state drawn among those ``player_id`` cannot tell from this one, with the
        game's ``resample``; ``probability_sampler()`` gives a number in [0, 1)."""
        game = self.get_game()
        if self._held.state is None:  # nobody knows anything of the deal yet
            return QuarterdeckState(game, _Held(None, list(self._held.dealt)))
        rng = Rng.from_seed(int(probability_sampler() * 2**53))
        drawn = self._held.state.resample(player_id, rng)
        # Its deal is that of its own seed: this state's would name every hidden card.
        history = (*deal_parts(drawn.seed), *drawn.history)
        return QuarterdeckState(game, _Held(drawn, drawn=history))

    # A drawn state's history: the one it was drawn with, then OpenSpiel's own since.

    def history(self) -> list[int]:
        own: list[int] = super().history()
        return [*self._held.drawn, *own] if self._held.drawn else own

    def move_number(self) -> int:
        return len(self._held.drawn) + int(super().move_number())

    def history_str(self) -> str:
        return ", ".join(map(str, self.history()))

    def __str__(self) -> str:
        if self._held.state is None:
            return f"(the deal so far: {self._held.dealt})"
        # The whole state but its log, which follows from the rest and grows long.
        return json.dumps(self._held.state.to_json(log=False), sort_keys=True)


def readable_information_state(state: State, seat: int | None) -> str:
    """What ``information_state_string`` names, for debugging: the seat's view with
    its log as canonical JSON (it grows with the game: never a table key)."""
    return canonical_json(state.view(seat, log=True))


def readable_observation(state: State, seat: int | None) -> str:
    """What ``observation_string`` names, for debugging: the seat's view as canonical
    JSON, without its log."""
    view = state.view(seat, log=False)
    del view["log"]
    return canonical_json(view)


class Observer:
    """OpenSpiel's Python observer: the game's observation tensor (as a flat tensor
    and by field in ``dict``) and the strings: the information state's digest
    (perfect recall) or the observation's. Parameter ``{"readable": True}``: the
    canonical JSON they name instead."""

    def __init__(
        self, game: QuarterdeckGame, iig_obs_type: pyspiel.IIGObservationType | None, params: Any
    ) -> None:
        params = dict(params or {})
        self.readable = bool(params.pop("readable", False))
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(obs_type.perfect_recall)
        self.public_only = obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        self.tensor: np.ndarray[Any, Any] | None = None
        if not self.public_only:  # our tensors are a seat's; a public one is not offered
            layout = game.qd_game.observation_layout(game.players)
            self.tensor = np.zeros(layout.size, np.float32)
            for f in layout.fields:
                at = layout.offset[f.name]
                self.dict[f.name] = self.tensor[at : at + f.size].reshape(f.shape)

    def set_from(self, state: QuarterdeckState, player: int) -> None:
        if self.tensor is not None:
            self.tensor.fill(0)
            if state._held.state is not None:  # before the deal, nothing is known
                held = state._held.state
                held.game.write_observation(held, player, self.tensor)

    def string_from(self, state: QuarterdeckState, player: int) -> str:
        if state._held.state is None:
            return "(the deal)"
        held = state._held.state
        seat = None if self.public_only else player
        if self.perfect_recall:
            if self.readable:
                return canonical_json(held.view(seat, log=True))
            return state._held.information_digest(seat)
        text = readable_observation(held, seat)
        return text if self.readable else hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


_DEAL_OUTCOMES = [(d, 1.0 / DEALS) for d in range(DEALS)]


def register_games() -> list[str]:
    """Register every game of the engine with OpenSpiel (once); their short names."""
    for name in game_names():
        short = short_name(name)
        if short in _registered:
            continue

        # A class per game, as OpenSpiel's own Python games register: the registry
        # keeps its creator until after the interpreter is gone, and a class (unlike
        # a function) is never freed then.
        creator = type(
            f"Quarterdeck{env_name(game_class(name))}Game", (QuarterdeckGame,), {"game_name": name}
        )
        pyspiel.register_game(game_type(name), creator)
        _registered[short] = name
    return sorted(_registered)


def load(name: str, **params: Any) -> QuarterdeckGame:
    """``load("broadsides", round_cap=40)``: the OpenSpiel game of a Quarterdeck game."""
    register_games()
    game: QuarterdeckGame = pyspiel.load_game(short_name(name), params)
    return game


__all__ = [
    "Observer",
    "QuarterdeckGame",
    "QuarterdeckState",
    "deal_parts",
    "load",
    "readable_information_state",
    "readable_observation",
    "register_games",
    "seed_of",
]

register_games()
