"""Game records and replay.

A record is a game's header (game, rules version, options, seed, seats, the hash of
its component data, the data itself when it is not the built-in one) and its list of
action ids with their texts. Replaying it rebuilds every state exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import QuarterdeckError, RecordError, RulesVersionError
from .game import Game, State, whole_number
from .registry import game_class

JSON = Any
RECORD_FORMAT = 1


@dataclass
class Record:
    game: str
    rules_version: str
    players: int
    seed: int
    options: dict[str, JSON] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    data_hash: str = ""
    data: JSON = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: list[float] | None = None
    scenario: JSON = None  # the position the game started from, if not a new game

    @classmethod
    def of(cls, state: State, seats: Sequence[str] = (), scenario: JSON = None) -> Record:
        """The record of ``state`` so far (its result is set once it is over);
        ``scenario`` is the position it started from, if it did not start anew."""
        if state.sampled:
            raise RecordError("a resampled state is a guess at hidden things, not a game to record")
        game = state.game
        options = {k: v for k, v in game.non_default_options().items() if k != "data"}
        space = game.action_space
        return cls(
            game=game.name,
            rules_version=game.rules_version,
            players=state.num_players,
            seed=state.seed,
            options=options,
            seats=list(seats) or [f"seat {i}" for i in range(state.num_players)],
            data_hash=game.data_hash,
            data=game.raw_data if game.is_custom_data else None,
            actions=[(i, space[i].text) for i in state.history],
            result=state.returns() if state.is_terminal() else None,
            scenario=scenario,
        )

    @property
    def finished(self) -> bool:
        return self.result is not None

    # -- JSON ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
            "data_hash": self.data_hash,
            "actions": [[i, text] for i, text in self.actions],
            "result": self.result,
        }
        if self.data is not None:
            out["data"] = self.data
        if self.scenario is not None:
            out["scenario"] = self.scenario
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Record:
        if not isinstance(data, Mapping):
            raise RecordError("malformed record: it must be a JSON object")
        try:
            if data.get("format") != RECORD_FORMAT:
                raise RecordError(
                    f"unknown record format {data.get('format')!r} (this Quarterdeck reads "
                    f"format {RECORD_FORMAT})"
                )
            actions = data["actions"]
            if not isinstance(actions, list) or not all(_is_action(a) for a in actions):
                raise RecordError("malformed record: actions must be [id, text] pairs")
            result = data.get("result")
            if result is not None and not (
                isinstance(result, list) and all(_is_number(r) for r in result)
            ):
                raise RecordError("malformed record: result must be a list of numbers")
            return cls(
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                players=_count(data, "players"),
                seed=_count(data, "seed"),
                options=dict(_of_kind(data, "options", dict, "an object")),
                seats=[str(s) for s in _of_kind(data, "seats", list, "a list")],
                data_hash=str(data.get("data_hash", "")),
                data=data.get("data"),
                actions=[(int(i), str(text)) for i, text in actions],
                result=None if result is None else [float(r) for r in result],
                scenario=data.get("scenario"),
            )
        except KeyError as exc:
            raise RecordError(f"malformed record: it has no {exc.args[0]!r} entry") from None

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"{path} is not a JSON record: {exc}") from None
        except RecursionError:
            raise RecordError(f"{path} is not a record: it is nested too deeply") from None

    # -- replay ----------------------------------------------------------------------------

    def make_game(self) -> Game:
        """The game this record was played under, refusing unknown rules versions."""
        cls = game_class(self.game)
        header = self.to_json()
        if self.rules_version != cls.rules_version:
            migrate = cls.record_migrations.get(self.rules_version)
            if migrate is None:
                known = ", ".join(sorted({cls.rules_version, *cls.record_migrations}))
                raise RulesVersionError(
                    f"this record of {self.game} was played under rules version "
                    f"{self.rules_version!r}; this Quarterdeck plays version(s) {known} and "
                    "cannot replay it. The record file is left unchanged."
                )
            header = migrate(header)
        game = cls(header.get("data"), **header["options"])
        if game.data_hash != self.data_hash:
            raise RecordError(
                f"this record of {self.game} was played with other component data "
                f"(hash {self.data_hash[:12]}…, this game has {game.data_hash[:12]}…)"
            )
        return game

    def states(self) -> Iterator[State]:
        """Every state of the game in order: the start, then after each action."""
        state = self._start()
        yield state.clone()
        for n in range(1, len(self.actions) + 1):
            self._apply(state, n)
            yield state.clone()

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them if None), without
        copying every state on the way as ``states`` does."""
        state = self._start()
        for n in range(1, (len(self.actions) if upto is None else upto) + 1):
            self._apply(state, n)
        return state

    def _start(self) -> State:
        game = self.make_game()
        if self.scenario is not None:
            return game.load_scenario(self.scenario, strict=False)
        return game.new_state(self.players, self.seed)

    def _apply(self, state: State, n: int) -> None:
        """Apply action ``n`` (from 1), checking that its id still means its text."""
        action_id, text = self.actions[n - 1]
        action = state.game.action_space.from_id(action_id)
        if action.text != text:
            raise RecordError(
                f"action {n} of the record is {text!r} but id {action_id} now reads {action.text!r}"
            )
        try:
            state.apply(action)
        except QuarterdeckError as exc:
            raise RecordError(f"action {n} ({text!r}) does not replay: {exc}") from None

    def final_state(self) -> State:
        *_, state = self.states()
        if self.result is not None and state.returns() != self.result:
            raise RecordError("the replayed result differs from the recorded one")
        return state


def _count(data: Mapping[str, JSON], key: str) -> int:
    value = data[key]
    if not whole_number(value) or value < 0:
        raise RecordError(f"malformed record: {key} must be a whole number, not {value!r}")
    return value


def _of_kind(data: Mapping[str, JSON], key: str, kind: type, what: str) -> JSON:
    value = data.get(key)
    if value is None:
        return kind()
    if not isinstance(value, kind):
        raise RecordError(f"malformed record: {key} must be {what}")
    return value


def _is_number(x: JSON) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _is_action(pair: JSON) -> bool:
    return (
        isinstance(pair, list | tuple)
        and len(pair) == 2
        and isinstance(pair[0], int)
        and not isinstance(pair[0], bool)
        and isinstance(pair[1], str)
    )
