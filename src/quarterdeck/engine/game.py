"""The contract every game keeps: :class:`Game` and :class:`State`.

A ``Game`` is a rule set with its options fixed; a ``State`` is one position of one
game. Everything outside a game (bots, the CLI, the server, the adapters) talks to
it only through these two classes.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar, Generic, NamedTuple, TypeGuard, overload

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from .actions import Action, ActionSpace
from .errors import (
    DataFileError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    OptionError,
    RecordError,
    RulesVersionError,
)
from .events import Event, canonical_json, chain
from .lazy import LazyView
from .rng import Rng
from .tensor import Buffer, TensorLayout

JSON = Any
S = TypeVar("S", bound="State")
#: The game a state belongs to: a game's own state class names its game
#: (``State[PirateWarGame]``), so its rules read the game's own attributes typed.
G = TypeVar("G", bound="Game", default="Game", covariant=True)


def whole_number(value: Any) -> TypeGuard[int]:
    """A whole number as JSON gives it: true and false are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


#: An option's kind of value, in words.
KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a text"}
#: The words a boolean option takes (any case), as the command line and forms write them.
BOOLEAN_WORDS = {
    "true": True,
    "yes": True,
    "on": True,
    "1": True,
    "false": False,
    "no": False,
    "off": False,
    "0": False,
}


def parse_boolean(name: str, value: JSON) -> bool:
    """A boolean option's value: true or false, or one of :data:`BOOLEAN_WORDS` (as a
    text in any case, or the whole numbers 1 and 0)."""
    if isinstance(value, bool):
        return value
    if whole_number(value) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in BOOLEAN_WORDS:
        return BOOLEAN_WORDS[value.strip().lower()]
    raise OptionError(
        f"option {name!r} is on or off: write true/false, yes/no, on/off or 1/0, not {value!r}"
    )


@dataclass(frozen=True)
class Option:
    """A game option: its name, default, allowed values and what it does."""

    name: str
    default: JSON
    help: str
    choices: tuple[JSON, ...] | None = None
    house: bool = False  # a value of ours, not the rulebook's
    minimum: int | None = None  # for whole-number options
    maximum: int | None = None

    def parse(self, value: JSON) -> JSON:
        if isinstance(self.default, bool):
            return parse_boolean(self.name, value)
        if isinstance(self.default, int) and isinstance(value, bool):
            raise OptionError(f"option {self.name!r} takes a whole number, not {value!r}")
        if self.minimum is not None and isinstance(value, int) and value < self.minimum:
            raise OptionError(f"option {self.name!r} must be at least {self.minimum}, not {value}")
        if self.maximum is not None and isinstance(value, int) and value > self.maximum:
            raise OptionError(f"option {self.name!r} must be at most {self.maximum}, not {value}")
        if self.choices is not None and value not in self.choices:
            choices = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name!r} must be one of {choices}, not {value!r}")
        if (
            self.choices is None
            and self.default is not None
            and not isinstance(value, type(self.default))
        ):
            kind = KINDS.get(type(self.default), type(self.default).__name__)
            raise OptionError(f"option {self.name!r} takes {kind}, not {value!r}")
        return value


@dataclass(frozen=True)
class Pending:
    """What is being decided now, by whom, and why: public, for people and clients."""

    seat: int
    decision: str
    prompt: str

    def to_json(self) -> dict[str, JSON]:
        return {"seat": self.seat, "decision": self.decision, "prompt": self.prompt}


@dataclass(frozen=True)
class ExperimentDesign:
    """A designed experiment a game offers (:meth:`Game.experiments`) for balance
    reports (``quarterdeck balance GAME --experiment NAME``): every combination of its
    factors' levels is a variant of the game. Plain data: the game names what to vary,
    the arena plays it."""

    #: Each factor as (option, levels, title): the levels as (label, option value),
    #: the title how the report names the factor (default: the option).
    factors: tuple[tuple[str, tuple[tuple[str, JSON], ...], str], ...]
    #: Factor ``i`` is a property of seat ``i`` (Red's cannons, Blue's): each level is
    #: then also ranked over all its games, in either seat.
    seat_factors: bool = False
    #: What a level is, in the report's titles ("cannon pair").
    level_noun: str = "level"
    #: Paragraphs (Markdown) for the report's "How to read this".
    notes: tuple[str, ...] = ()
    #: A treatment factor (by option): each of its levels gives something to one seat
    #: (``treated``, in the levels' order; ``None`` for the control level, which gives
    #: it to nobody). The report adds each treatment's lift: the treated seat's win
    #: rate minus its rate in the control games of the same seeds.
    treatment: str | None = None
    treated: tuple[int | None, ...] = ()
    #: How a game shows that the treatment was used, by a level of another factor: the
    #: text of an action (as a record keeps it); the report counts those games.
    used_when: tuple[tuple[str, str], ...] = ()


DATA_OPTION = Option(
    "data",
    "",
    "path of a component data file to play with instead of the built-in one "
    "(e.g. with the printed values of your own copy of the game)",
)


# Games, states and bots are subclassed outside the compiled build (plug-in games, a
# user's bot), so a compiled build lets interpreted classes extend them.
@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """A game's rules with its options fixed. Subclasses set the class attributes."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    #: The revision of this game's own bots and search settings, on top of the built-in
    #: bots' ``BOTS_REVISION``: bump it when they may choose differently, and the
    #: game's tournament journals start anew while other games' stay whole.
    bots_revision: ClassVar[int] = 0
    #: Older rules versions whose records still replay, each with a migration of the
    #: record's header (identity if nothing changed for records).
    record_migrations: ClassVar[Mapping[str, Callable[[dict[str, JSON]], dict[str, JSON]]]] = {}
    option_specs: ClassVar[tuple[Option, ...]] = ()
    #: Kinds of step that build a bigger choice (a card picked for a set, an Aim card
    #: placed), so a person's client may assemble them with back and confirm before
    #: sending. The choice stays open only while such steps log no event: one that does
    #: (the Aim card placed) has acted, and what follows it may draw (server/preview.py).
    choice_steps: ClassVar[frozenset[str]] = frozenset()
    #: One sentence on the game for a lobby; empty: the first sentence of
    #: :meth:`rules_summary` is used.
    blurb: ClassVar[str] = ""
    #: The package and file name of the built-in component data, if the game has any.
    data_package: ClassVar[str | None] = None
    data_file: ClassVar[str] = "components.json"

    def __init__(self, _data: JSON = None, **options: JSON) -> None:
        """``_data`` plays with these component data instead of reading a file (a
        record that embeds its data replays this way)."""
        specs = {spec.name: spec for spec in self.all_option_specs()}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            known = ", ".join(sorted(specs)) or "none"
            raise OptionError(f"{self.name} has no option {unknown[0]!r} (options: {known})")
        self.options: dict[str, JSON] = {
            name: spec.parse(options[name]) if name in options else spec.default
            for name, spec in specs.items()
        }
        self.raw_data: JSON = self._read_data() if _data is None else _data
        self.data: JSON = self.parse_data(self.raw_data)
        self.action_space: ActionSpace = self.build_action_space()
        #: What a game works out once for each number of players (its observation
        #: encoder): kept here, as a compiled class keeps no cached properties.
        self.per_players: dict[int, Any] = {}
        self._custom_data: bool | None = None

    # -- options and data ---------------------------------------------------------

    @classmethod
    def all_option_specs(cls) -> tuple[Option, ...]:
        return (*cls.option_specs, DATA_OPTION) if cls.data_package else cls.option_specs

    def configured(self, options: Mapping[str, JSON] | None) -> Game:
        """This game with other options (``self`` when they change nothing)."""
        if not options:
            return self
        merged = {**self.non_default_options(), **options}
        if merged == self.non_default_options():
            return self
        custom = self.raw_data if not self.options.get("data") and self.is_custom_data else None
        return type(self)(custom, **merged)

    def non_default_options(self) -> dict[str, JSON]:
        defaults = {spec.name: spec.default for spec in self.all_option_specs()}
        return {k: v for k, v in self.options.items() if v != defaults[k]}

    def _read_data(self) -> JSON:
        if self.data_package is None:
            return None
        path = self.options.get("data") or ""
        try:
            if path:
                text = Path(path).read_text(encoding="utf-8")
            else:
                text = (
                    resources.files(self.data_package)
                    .joinpath(self.data_file)
                    .read_text(encoding="utf-8")
                )
            return json.loads(text)
        except OSError as exc:
            raise DataFileError(f"cannot read data file {path!r}: {exc.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise DataFileError(
                f"data file {path or self.data_file!r} is not JSON: {exc}"
            ) from None
        except RecursionError:
            raise DataFileError(f"data file {path!r} is nested too deeply") from None

    def parse_data(self, raw: JSON) -> JSON:
        """Check and convert the component data; raise :class:`DataFileError`."""
        return raw

    @property
    def data_hash(self) -> str:
        """A hash of the component data the game plays with (for records)."""
        canonical = json.dumps(self.raw_data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

    @property
    def is_custom_data(self) -> bool:
        """Whether the game plays with component data other than the built-in file."""
        if self._custom_data is None:
            self._custom_data = self._differs_from_built_in_data()
        return self._custom_data

    def _differs_from_built_in_data(self) -> bool:
        return self.data_package is not None and self.data_hash != type(self)().data_hash

    # -- the action space -----------------------------------------------------------

    @abstractmethod
    def build_action_space(self) -> ActionSpace: ...

    @property
    def num_actions(self) -> int:
        return len(self.action_space)

    def action_id(self, action: Action) -> int:
        return self.action_space.coerce(action).id

    def action_from_id(self, action_id: int) -> Action:
        return self.action_space.from_id(action_id)

    # -- states ---------------------------------------------------------------------

    def new_state(
        self, players: int, seed: int, options: Mapping[str, JSON] | None = None
    ) -> State:
        game = self.configured(options)
        if not (whole_number(players) and game.min_players <= players <= game.max_players):
            raise OptionError(
                f"{game.title} takes {game.min_players}–{game.max_players} players, not {players}"
            )
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"a seed must be a non-negative integer, not {seed!r}")
        return game._new_state(players, seed)

    @abstractmethod
    def _new_state(self, players: int, seed: int) -> State: ...

    @abstractmethod
    def max_game_length(self, players: int) -> int:
        """An upper bound on the number of decisions in any game."""

    def from_json(self, data: Mapping[str, JSON]) -> State:
        """Rebuild a state from :meth:`State.to_json`."""
        if data.get("game") != self.name:
            raise RecordError(f"this is a state of {data.get('game')!r}, not of {self.name}")
        if data.get("rules_version") != self.rules_version:
            raise RulesVersionError(
                f"this {self.name} state was saved under rules version "
                f"{data.get('rules_version')!r}; this Quarterdeck plays {self.rules_version!r}"
            )
        options = dict(data.get("options") or {})
        if "data" in data:
            options.pop("data", None)
            game = type(self)(data["data"], **options)
        else:
            game = self.configured(options)
        state = game._state_from_json(data["state"], int(data["players"]))
        state.seed = int(data["seed"])
        state.rng = Rng.from_json(data["rng"])
        state.events = [Event.from_json(e) for e in data["events"]]
        state.history = [int(i) for i in data["history"]]
        state.sampled = bool(data.get("sampled", False))
        return state

    @abstractmethod
    def _state_from_json(self, data: Mapping[str, JSON], players: int) -> State: ...

    # -- what the game offers search bots (defaults: nothing special) ----------------

    #: Search rollouts stop after this many decisions and ask :meth:`evaluate`
    #: (``None``: rollouts play to the end of the game); a game whose options change
    #: how many decisions a turn takes says so in :meth:`search_rollout_depth`.
    rollout_depth: ClassVar[int | None] = None
    #: The search's bonus for the choice of the game's heuristic bot, 1/(visits+1)
    #: times this (only for games that have a heuristic bot).
    prior_weight: ClassVar[float] = 1.0
    #: Whether the search plays the other seats' moves and its rollouts with the game's
    #: heuristic bot (a model of sensible play) instead of UCB and random moves.
    search_models_play: ClassVar[bool] = False
    #: The search departs from its prior's choice only where its results say another
    #: choice is better by more than this many standard errors (``None``: it takes
    #: the choice it visited most). For games whose choices mostly pay off past the
    #: rollouts' horizon, where a bare count of visits would follow noise.
    search_keeps_prior: ClassVar[float | None] = None
    #: How many of the searching seat's own choices in a row the search tree holds
    #: (``None``: as many as it grows); deeper ones are the rollout's. 1 is a one-step
    #: look-ahead over the heuristic: for a game whose turn is a long chain of choices,
    #: a tree the budget cannot fill would judge a choice by random steps after it.
    search_tree_depth: ClassVar[int | None] = None

    def search_rollout_depth(self) -> int | None:
        """How many decisions the search's rollouts play with these options before
        asking :meth:`evaluate`: by default :attr:`rollout_depth`."""
        return self.rollout_depth

    def evaluate(self, state: State) -> list[float]:
        """An estimate of each seat's result of an unfinished ``state`` (a
        determinization: it may read everything), for search rollouts cut off at
        :attr:`rollout_depth`. By default a draw: a game that cuts rollouts short
        should say better."""
        return state.returns() if state.is_terminal() else [0.0] * state.num_players

    def seat_name(self, seat: int) -> str | None:
        """The name the rules give ``seat`` (a colour, a captain), if any."""
        return None

    def experiments(self) -> Mapping[str, Callable[[bool], ExperimentDesign]]:
        """The designed experiments the game offers balance reports, by name (BroadSides:
        ``cannon-pairs``), each a function of ``unordered`` (``--unordered``: where the
        levels are ordered pairs, keep one of each pair; an experiment without pairs
        refuses it with :class:`OptionError`). By default none: options can still be
        varied one by one (``--vary``)."""
        return {}

    def write_observation(self, state: State, seat: int, out: Buffer) -> None:
        """Write ``seat``'s observation of ``state`` into ``out``, a zero-filled buffer
        of ``observation_layout(players).size`` numbers: only what the seat may know,
        so every state ``resample(seat)`` draws writes the same numbers."""
        raise NotImplementedError(f"{self.title} has no observation tensor")

    def bots(self) -> Mapping[str, Callable[[int], Any]]:
        """The game's own bots by name, each made from a seed (see ``engine.bot``)."""
        return {}

    def load_scenario(self, data: Mapping[str, JSON], strict: bool = True) -> State:
        """A state set up as a scenario describes (see the game's docs); games that
        have no scenario format refuse. ``strict`` (a new scenario): refuse entries of
        no known name; a stored one replays as it was accepted."""
        from .errors import ScenarioError

        raise ScenarioError(f"{self.title} has no scenario format")

    def seat_information(self, state: State, seat: int) -> bytes:
        """What ``seat`` sees of ``state`` now that its log may not tell, as canonical
        bytes, for :meth:`State.information_digest` (the log is digested apart). By
        default its whole view without the log: always enough, at the cost of a view.
        A game whose log tells each seat everything it learns (secrets logged at the
        source, every decision logged for its seat) may return less, e.g. whose turn
        it is and the seat's own secrets, which is much cheaper: its own secrets too,
        since a state drawn for another seat keeps only that seat's secrets in its log
        yet shows this seat its own (Letter of Marque). A game may also write the
        view in a compact form of its own (BroadSides). Whatever it returns must be
        the same on every state ``resample(seat)`` draws, and tell apart any two
        states whose views differ where their logs, as the seat saw them, agree
        (``tests/interop/test_information_digest.py``)."""
        view = state.view(seat, log=False)
        del view["log"]
        return canonical_json(view).encode()

    def observation_layout(self, players: int) -> TensorLayout:
        """The fields of a seat's observation tensor in a ``players``-seat game (see
        ``engine.tensor``). Every game provides one: the research adapters need it."""
        raise NotImplementedError(f"{self.title} has no observation tensor")

    def describe_event(self, event: Mapping[str, JSON], viewer: int | None = None) -> str:
        """One event of a view's log, in words, as ``viewer`` reads it (``None``: a
        spectator, or a replay with everything revealed)."""
        details = ", ".join(f"{k} {v}" for k, v in event.items() if k != "kind")
        return f"{event['kind']}: {details}"

    def render(self, view: Mapping[str, JSON]) -> Any:
        """The board of a view for the terminal (a Rich renderable), or ``None``."""
        return None

    def house_values(self) -> list[tuple[str, str]]:
        """The component values that are ours, not the publisher's: (entry, value)."""
        return []

    def rules_summary(self) -> str:
        """A short summary of the rules in Quarterdeck's own words (Markdown)."""
        return ""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.non_default_options().items())
        return f"{type(self).__name__}({opts})"


@mypyc_attr(allow_interpreted_subclasses=True)
class State(ABC, Generic[G]):
    """One position of a game. Subclasses keep their own fields and implement the
    underscored hooks; this class enforces the contract around them."""

    __slots__ = (
        "_drawn_log",
        "_kept_log",
        "_legal",
        "_legal_ids",
        "_log_digests",
        "events",
        "game",
        "history",
        "num_players",
        "rng",
        "sampled",
        "seed",
    )

    def __init__(self, game: G, players: int, seed: int) -> None:
        self.game: G = game
        self.num_players = players
        self.seed = seed
        self.rng = Rng.from_seed(seed)
        self.events: list[Event] = []
        self.history: list[int] = []
        # A state drawn by ``resample`` is a guess at hidden things, not a game: its
        # seed and history do not replay, and it is never recorded.
        self.sampled = False
        self._legal: tuple[Action, ...] | None = None
        self._legal_ids: frozenset[int] = frozenset()
        self._kept_log: _KeptLog | None = None
        self._log_digests: dict[int | None, _LogDigest] = {}
        # A state drawn by ``resample``: the log it was drawn with, shared by every draw
        # from one position with the seats' digests of it (``_drawn_log_digest``).
        self._drawn_log: _KeptLog | None = None

    # -- whose turn and what may be done ---------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that must decide now, or ``None`` when the game is over."""

    def is_terminal(self) -> bool:
        return self.current_player is None

    def legal_actions(self) -> list[Action]:
        """Every legal decision of the current player, in ascending id order."""
        if self._legal is None:
            self._legal = tuple(self._legal_actions())
            self._legal_ids = frozenset(a.id for a in self._legal)
        return list(self._legal)

    @abstractmethod
    def _legal_actions(self) -> Sequence[Action]: ...

    def touched(self) -> None:
        """Forget the cached legal actions: call it after setting a state's fields
        directly (scenarios and tests do; play never needs it)."""
        self._legal = None

    def is_legal(self, action: Action) -> bool:
        if self._legal is None:
            self.legal_actions()
        return action.id in self._legal_ids

    @abstractmethod
    def pending(self) -> Pending | None:
        """What is being decided now and why; ``None`` when the game is over."""

    # -- changing the state ------------------------------------------------------------

    # The methods that take what a caller sends (a server's JSON, a NumPy id) take any
    # object and refuse a bad one with the documented error: a compiled build would
    # otherwise refuse a wrong type with its own TypeError. The overloads say what to send.
    @overload
    def apply(self, action: Action) -> None: ...
    @overload
    def apply(self, action: int | str) -> None: ...
    def apply(self, action: object) -> None:
        """Apply a decision of the current player. An illegal or malformed action
        raises and leaves the state exactly as it was."""
        a = self.game.action_space.coerce(action)
        if self.is_terminal():
            raise GameOverError("the game is over: no more actions")
        if not self.is_legal(a):
            raise IllegalActionError(f"'{a.text}' is not a legal action now")
        self._apply(a)
        self.history.append(a.id)
        self._legal = None

    @overload
    def act(self, seat: int, action: Action) -> None: ...
    @overload
    def act(self, seat: int, action: int | str) -> None: ...
    def act(self, seat: object, action: object) -> None:
        """Apply ``action`` on behalf of ``seat``, refusing it if another seat decides."""
        if seat is None:
            raise OptionError("a seat is a whole number, not None")
        self._check_seat(seat)  # False or 1.0 must not pass for seat 0 or 1
        if self.current_player != seat:
            raise NotYourTurnError(
                "the game is over" if self.is_terminal() else f"it is not seat {seat}'s decision"
            )
        self.apply(self.game.action_space.coerce(action))

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (never raises)."""

    def log(self, event: Event) -> None:
        self.events.append(event)

    # -- information -------------------------------------------------------------------

    @overload
    def view(self, seat: int, log: bool = True) -> dict[str, JSON]: ...
    @overload
    def view(self, seat: None, log: bool = True) -> dict[str, JSON]: ...
    def view(self, seat: object, log: bool = True) -> dict[str, JSON]:
        """Everything ``seat`` may know now, as plain JSON (``None``: a spectator).
        ``log=False`` leaves out the event log (bots that need only the position)."""
        seat = self._check_seat(seat)
        events = [e.for_seat(seat) for e in self.events] if log else []
        return self._envelope(seat, self._view(seat, reveal=False), events)

    def bot_view(self, seat: int) -> dict[str, JSON]:
        """What a bot reads to decide: the values of ``view(seat, log=False)``. A game
        may draw it lazily, each part when first read, for bots that decide thousands
        of times a second: read it before the state changes, and never send it out."""
        return self.view(seat, log=False)

    def view_all(self) -> dict[str, JSON]:
        """Everything, hidden things included: for replays of finished games, tests
        and debugging. Never send it to a seat while the game is on."""
        return self._envelope(
            None, self._view(None, reveal=True), [e.revealed() for e in self.events]
        )

    def _envelope(
        self, seat: int | None, body: dict[str, JSON], log: list[JSON], lazy: bool = False
    ) -> dict[str, JSON]:
        """The view around a game's ``body``; ``lazy``: its ``pending`` (words of the
        prompt, which bots seldom read) is worked out when first read."""
        out = _BotView(self) if lazy else {}
        out["game"] = self.game.name
        out["players"] = self.num_players
        out["seat"] = seat
        out["current_player"] = self.current_player
        if not lazy:
            out["pending"] = _pending_json(self)
        out["terminal"] = self.is_terminal()
        out["returns"] = self.returns() if self.is_terminal() else None
        out.update(body)
        out["log"] = log
        return out

    @abstractmethod
    def _view(self, seat: int | None, reveal: bool) -> dict[str, JSON]:
        """The game-specific part of a view; ``reveal`` shows everything."""

    @overload
    def resample(self, seat: int, rng: Rng) -> State: ...
    @overload
    def resample(self, seat: None, rng: Rng) -> State: ...
    def resample(self, seat: object, rng: Rng) -> State:
        """A full state drawn at random among those that look the same to ``seat``;
        its generator is reseeded from ``rng`` so no search can foresee a draw."""
        seat = self._check_seat(seat)
        state = self._resample(seat, rng)
        state.rng = rng.spawn()
        state.seed = rng.next_u64()  # the true seed would give away every deck's order
        state.events = list(self._log_kept_for(seat))  # the other seats' secrets are gone
        state.sampled = True
        state._legal = None
        # Log digests are worked out when asked (information_digest), never here:
        # most draws (a search's, every leak check's) never ask, and working out every
        # seat's over a long log cost more than the draw itself. The seat sees the kept
        # log as it saw the true one, so its digest, if already known, carries over.
        state._log_digests = {}
        state._drawn_log = self._kept_log
        known = self._known_log_digest(seat)
        if known is not None:
            events = state.events
            last = events[-1] if events else None
            state._log_digests[seat] = _LogDigest(len(events), last, known)
        return state

    def _known_log_digest(self, seat: int | None) -> bytes | None:
        """``seat``'s log digest if it is already worked out over the whole log."""
        digests: dict[int | None, _LogDigest] = getattr(self, "_log_digests", None) or {}
        kept = digests.get(seat)
        events = self.events
        if kept is None or kept.length != len(events):
            return None
        if events and events[-1] is not kept.last:
            return None
        return kept.digest

    # -- information states --------------------------------------------------------------

    def information_digest(self, seat: int | None) -> str:
        """A short name (32 hex digits) of everything ``seat`` knows now: a digest of
        its log as it saw it, event by event, and of what it sees now
        (:meth:`Game.seat_information`; ``None``, a spectator: the public view). Two
        states give the same name exactly when the seat cannot tell them apart (up to
        BLAKE2b collisions), and every state ``resample(seat)`` draws gives this one's.
        The log's digest is kept up to date as the game goes, so a call costs the
        events since the last call, not the game's length."""
        self._check_seat(seat)
        if seat is None:
            now = canonical_json(self.view(None, log=False)).encode()
        else:
            now = self.game.seat_information(self, seat)
        return chain(self._log_digest(seat), now).hex()

    def _log_digest(self, seat: int | None) -> bytes:
        """The running digest of ``seat``'s log, extended by the events since it was
        last worked out (a log only grows: its length and last event tell whether the
        kept digest still names a prefix of it)."""
        events = self.events
        digests = getattr(self, "_log_digests", None)  # a game's own clone may not set it
        if digests is None:
            digests = self._log_digests = {}
        kept = digests.get(seat)
        if (
            kept is None
            or kept.length > len(events)
            or (kept.length and events[kept.length - 1] is not kept.last)
        ):
            kept = self._drawn_log_digest(seat) or _LogDigest(0, None, bytes(16))
        digest = kept.digest
        for event in events[kept.length :]:
            digest = chain(digest, event.seen_bytes(seat))
        if kept.length != len(events) or digests.get(seat) is not kept:
            digests[seat] = _LogDigest(len(events), events[-1] if events else None, digest)
        return digest

    def _drawn_log_digest(self, seat: int | None) -> _LogDigest | None:
        """For a state drawn by ``resample``, ``seat``'s digest of the log it was drawn
        with, if that still begins its log: worked out once for every draw from one
        position (a search asks the other seats' digests of each of its draws, and
        working one out over a long log cost more than the rest of a simulation)."""
        drawn = getattr(self, "_drawn_log", None)  # a game's own clone may not set it
        if drawn is None:
            return None
        events, kept = self.events, drawn.kept
        n = len(kept)
        if len(events) < n or (n and events[n - 1] is not kept[-1]):
            return None
        digest = drawn.digests.get(seat)
        if digest is None:
            digest = bytes(16)
            for event in kept:
                digest = chain(digest, event.seen_bytes(seat))
            drawn.digests[seat] = digest
        return _LogDigest(n, kept[-1] if n else None, digest)

    def _log_kept_for(self, seat: int | None) -> list[Event]:
        """The event log with only ``seat``'s secrets, worked out once for the many
        resamples a search draws from one position."""
        events = self.events
        last = events[-1] if events else None
        kept = getattr(self, "_kept_log", None)  # a game's own clone may not set it
        if (
            kept is None
            or kept.seat != seat
            or kept.log is not events
            or kept.length != len(events)
            or kept.last is not last
        ):
            kept = _KeptLog(seat, events, len(events), last, [e.kept_for(seat) for e in events], {})
            self._kept_log = kept
        return kept.kept

    @abstractmethod
    def _resample(self, seat: int | None, rng: Rng) -> State: ...

    def _check_seat(self, seat: object) -> int | None:
        """``seat`` as a seat of this game (or None), else the documented error."""
        if seat is None:
            return None
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.num_players:
            return seat
        raise OptionError(f"there is no seat {seat!r} in this {self.num_players}-player game")

    # -- results -------------------------------------------------------------------------

    @abstractmethod
    def returns(self) -> list[float]:
        """Each seat's result: zero-sum ±1 for two players; winners share 1 otherwise.
        All zeros while the game is on."""

    def write_observation(self, seat: int, out: Buffer) -> None:
        """Write ``seat``'s observation into ``out`` (the game's writer,
        :meth:`Game.write_observation`)."""
        self.game.write_observation(self, seat, out)

    def observation(self, seat: int) -> list[float]:
        """``seat``'s observation tensor as a flat list (adapters use arrays)."""
        self._check_seat(seat)
        out = [0.0] * self.game.observation_layout(self.num_players).size
        self.write_observation(seat, out)
        return out

    def first_seat(self) -> int | None:
        """The seat that played the first turn, once the rules have settled it
        (``None`` before, and for games that do not say): balance reports count it."""
        return None

    def turns_played(self) -> int:
        """Turns completed so far, for tables of game length (0 for games that do not
        count turns)."""
        return 0

    def components(self) -> Counter[str]:
        """Every physical component with where-independent identity, counted: the
        multiset must never change during a game (conservation)."""
        return Counter()

    # -- copies and serialization ---------------------------------------------------------

    @abstractmethod
    def clone(self: S) -> S: ...

    def _clone_base(self, other: State) -> None:
        """Copy the engine's own fields into a fresh ``other`` (for ``clone``)."""
        other.game = self.game
        other.num_players = self.num_players
        other.seed = self.seed
        other.rng = self.rng.copy()
        other.events = list(self.events)
        other.history = list(self.history)
        other.sampled = self.sampled
        other._legal = self._legal
        other._legal_ids = self._legal_ids
        other._kept_log = None
        other._drawn_log = getattr(self, "_drawn_log", None)
        # The same events, so the same digests: a clone extends them, never redoes them.
        other._log_digests = dict(getattr(self, "_log_digests", None) or {})

    def to_json(self, log: bool = True) -> dict[str, JSON]:
        """The whole state as JSON; ``log=False`` leaves out the event log (a
        fingerprint for comparing states, not for saving them)."""
        out = {
            "game": self.game.name,
            "rules_version": self.game.rules_version,
            "options": self.game.non_default_options(),
            "players": self.num_players,
            "seed": self.seed,
            "sampled": self.sampled,
            "rng": self.rng.to_json(),
            "state": self._state_json(),
            "events": [e.to_json() for e in self.events] if log else len(self.events),
            "history": list(self.history),
        }
        if self.game.is_custom_data and not self.game.options.get("data"):
            out["data"] = self.game.raw_data  # data given directly, not by a file
        return out

    @abstractmethod
    def _state_json(self) -> dict[str, JSON]: ...

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        turn = f"seat {self.current_player} to act" if not self.is_terminal() else "over"
        return f"<{self.game.title} state after {len(self.history)} actions, {turn}>"


def _pending_json(state: State) -> JSON:
    pending = state.pending()
    return pending.to_json() if pending else None


class _BotView(LazyView):
    """A bot's view: its ``pending`` (the prompt's words, seldom read) is worked out
    when first read."""

    __slots__ = ("_state",)

    def __init__(self, state: State) -> None:
        super().__init__()
        self._state = state

    def _draw(self, key: str) -> JSON:
        if key != "pending":
            raise KeyError(key)
        return _pending_json(self._state)

    def _has_part(self, key: object) -> bool:
        return key == "pending"


class _KeptLog(NamedTuple):
    """The event log as one seat may keep it in its guesses, and the log it was kept
    from (its length and last event tell whether that has changed since)."""

    seat: int | None
    log: list[Event]
    length: int
    last: Event | None
    kept: list[Event]
    #: Each seat's log digest of ``kept``, worked out when first asked of a draw.
    digests: dict[int | None, bytes]


class _LogDigest(NamedTuple):
    """A seat's log digest over the first ``length`` events, the last of them ``last``."""

    length: int
    last: Event | None
    digest: bytes
