"""BroadSides (Joshua Cappel, 2016): two captains duel with Aim cards, cannons, shots and crew."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from importlib import resources
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from quarterdeck.engine import (
    ActionSpace,
    Bot,
    Buffer,
    Option,
    OptionError,
    State,
    TensorLayout,
)

from .actions import build_action_space
from .components import Components, parse_components
from .evaluation import red_win_chance
from .information import seat_information
from .sea_dog_cards import SeaDogCards, builtin_sea_dog, parse_sea_dog
from .state import BroadSidesState
from .table import BroadSidesGame
from .tensor import Encoder, write_observation

JSON = Any
#: The options that fix the Sea Dog module's deal for experiments, at their defaults
#: (the rules' draft).
SEA_DOG_DEAL = {
    "red_reputation": "draft",
    "blue_reputation": "draft",
    "sea_dog_trick": "",
    "sea_dog_trick_holder": "nobody",
}


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class BroadSides(BroadSidesGame):
    name = "broadsides"
    title = "BroadSides"
    min_players = 2
    max_players = 2
    rules_version = "1"
    # 1: the heuristic plays the Lucky Doubloon (the Sea Dog module); 2: the search's
    # rollouts stop after 10 decisions in the base game (16 with the module, as before)
    bots_revision = 2
    option_specs: ClassVar[tuple[Option, ...]] = (
        Option(
            "round_cap",
            60,
            "end the game when both captains have had this many turns; the ship with "
            "more markers wins, an equal count is a draw (every game must end, so there "
            "is always a cap)",
            house=True,
            minimum=1,
            # Far past any game's length; OpenSpiel keeps a game's length in 32 bits.
            maximum=10_000,
        ),
        *(
            Option(
                f"{captain}_cannons",
                "choose",
                f"{captain.title()}'s cannons: 'choose' (the rule: chosen in secret) or a "
                "variant that sets them openly, FORE+AFT by Cannon tile id, e.g. "
                "long-nine+carronade (for experiments such as every pair of cannons), or "
                "'random': a pair drawn at setup from the game's seed, every legal pair "
                "alike, and mounted openly",
            )
            for captain in ("red", "blue")
        ),
        Option(
            "sea_dog",
            False,
            "play the Experienced Sea Dog module: each captain keeps a Reputation and "
            "three secret Dirty Tricks (house cards: data/sea_dog.json, or the 'sea_dog' "
            "records of a data file given with -o data=FILE)",
            house=True,
        ),
        *(
            Option(
                f"{captain}_reputation",
                "draft",
                f"with sea_dog: {captain.title()}'s Reputation, 'draft' (the rule: kept in "
                "secret from those dealt) or an id such as REP1, for experiments such as "
                "every pair of Reputations; set both captains' (the Reputations' draft is "
                "then skipped and both are face up from the start; the same one twice is a "
                "mirror match)",
                house=True,
            )
            for captain in ("red", "blue")
        ),
        Option(
            "sea_dog_trick",
            "",
            "with sea_dog: a Dirty Trick (an id such as DT07) set aside before the draft, "
            "so that nobody drafts it (if the shuffle deals it, it swaps places with the "
            "last card not dealt; every other card is dealt as with the same seed "
            "without this option), for experiments such as each trick held against the "
            "same seeds without it; '' (the rule): none",
            house=True,
        ),
        Option(
            "sea_dog_trick_holder",
            "nobody",
            "with sea_dog_trick: the captain who holds the set-aside trick from the start, "
            "a secret trick on top of the three drafted (red or blue), or nobody (the "
            "trick is out of the game)",
            choices=("nobody", "red", "blue"),
            house=True,
        ),
        Option(
            "hand_limit",
            0,
            "a variant hand limit from 1 to 20 for experiments; 0 is the rule (6 'by "
            "default', as the data file's rules.hand_limit says); Hand penalties lower it",
            minimum=0,
            maximum=20,
        ),
    )
    data_package = "quarterdeck.games.broadsides.data"

    components: Components
    preset_cannons: list[tuple[int, int] | None]
    ids: dict[Any, int]

    def parse_data(self, raw: JSON) -> Components:
        self.components = parse_components(raw)
        self.sea_dog = self._sea_dog_cards(raw)
        if self.options["hand_limit"]:  # a variant for experiments: every reader sees it
            self.components = replace(self.components, hand_limit=self.options["hand_limit"])
        self.preset_cannons = [self._preset(f"{captain}_cannons") for captain in ("red", "blue")]
        self._check_sea_dog_deal()
        return self.components

    def _sea_dog_cards(self, raw: JSON) -> SeaDogCards | None:
        """The module's cards when it is played: the data file's ``sea_dog`` records,
        else the built-in house cards, which then join the game's data (so the data
        hash, and a record that embeds its data, cover them). Without the module the
        data stay exactly as read."""
        if not self.options["sea_dog"]:
            return None
        if "sea_dog" not in raw:
            self.raw_data = raw = {**raw, "sea_dog": builtin_sea_dog()}
        return parse_sea_dog(raw["sea_dog"])

    def _check_sea_dog_deal(self) -> None:
        """The options that fix the module's deal for experiments (``sea_dog.py``
        deals them): they need the module, cards of this set, and both Reputations."""
        deal = {
            key: self.options[key]
            for key, default in SEA_DOG_DEAL.items()
            if self.options[key] != default
        }
        if not deal:
            return
        sea = self.sea_dog
        if sea is None:
            raise OptionError(f"option {next(iter(deal))!r} needs the module: add -o sea_dog=true")
        fixed = [key in deal for key in ("red_reputation", "blue_reputation")]
        if any(fixed) and not all(fixed):
            raise OptionError(
                "options 'red_reputation' and 'blue_reputation' are set together (the "
                "draft of Reputations is skipped), not one alone"
            )
        for key in ("red_reputation", "blue_reputation"):
            if key in deal and sea.reputation_index(deal[key]) is None:
                ids = ", ".join(r.id for r in sea.reputations)
                raise OptionError(
                    f"option {key!r} must be 'draft' or one of {ids}, not {deal[key]!r}"
                )
        if "sea_dog_trick_holder" in deal and "sea_dog_trick" not in deal:
            raise OptionError("option 'sea_dog_trick_holder' needs a trick: -o sea_dog_trick=DT..")
        if "sea_dog_trick" in deal:
            trick = deal["sea_dog_trick"]
            if sea.trick_index(trick) is None:
                ids = ", ".join(t.id for t in sea.tricks)
                raise OptionError(
                    f"option 'sea_dog_trick' must be '' or one of {ids}, not {trick!r}"
                )
            r = sea.rules
            if len(sea.tricks) <= 2 * r["trick_rounds"] * r["tricks_offered"]:
                raise OptionError(
                    "option 'sea_dog_trick' needs a Dirty Trick the draft does not deal, to "
                    f"take the set-aside one's place: these cards have {len(sea.tricks)}, "
                    "the draft deals them all"
                )

    def _differs_from_built_in_data(self) -> bool:
        """Other data than the built-in files (the house cards count as built in)."""
        builtin = type(self)(sea_dog=self.options["sea_dog"])
        return self.data_hash != builtin.data_hash

    def cannon_pairs(self) -> dict[str, tuple[int, int]]:
        """Every fore and aft pair a captain may mount, by name (FORE+AFT tile ids)."""
        c = self.components
        return {
            f"{fore.id}+{aft.id}": (fore.index, aft.index)
            for fore in c.cannons
            for aft in c.cannons
            if fore.index != aft.index or fore.tiles >= 2  # a pair of one kind needs two tiles
        }

    def _preset(self, option: str) -> tuple[int, int] | None:
        value = self.options[option]
        if value in ("choose", "random"):  # chosen in secret, or drawn (``setup.py``)
            return None
        pairs = self.cannon_pairs()
        if value not in pairs:
            raise OptionError(
                f"option {option!r} must be 'choose', 'random' or one of "
                f"{', '.join(pairs)}, not {value!r}"
            )
        return pairs[value]

    def build_action_space(self) -> ActionSpace:
        space = build_action_space(self.components, self.sea_dog)
        # Action ids by meaning: ids["card", 7]; an action with no arguments by its kind.
        self.ids: dict[Any, int] = {(a.kind, *a.args): a.id for a in space.actions}
        self.ids.update({a.kind: a.id for a in space.actions if not a.args})
        return space

    def _new_state(self, players: int, seed: int) -> BroadSidesState:
        state = BroadSidesState(self, seed)
        state.set_up()
        return state

    def max_game_length(self, players: int) -> int:
        if self.options["sea_dog"]:
            return self._sea_dog_length(players)
        cap = int(self.options["round_cap"])
        # Setup: 4 officer, 4 cannon, at most 8 loading and 4 Zero In decisions. A turn:
        # two actions of at most 1 + 9 cards + 1 done + 4 shots + 4 effects, or of
        # shots returned and reloaded (4 + 1 + 8); the foe's Aim discards (3) and
        # losses (4 markers, 3 Disasters of 3); Firing: 1 + 1 + 1, Evasion (11),
        # damage (14), Zero In (2); discarding to the hand limit (9).
        per_turn = 2 * 20 + 2 * (3 + 4 + 9) + 3 + 11 + 14 + 2 + 9
        return 20 + 2 * cap * per_turn

    def _sea_dog_length(self, players: int) -> int:
        """The base game's bound plus the module's decisions: the draft (a Reputation
        and the tricks' rounds each), and per turn each window asked of each captain
        once per trick held plus a pass, the Sharpshooters' zone and its loss, and
        Rum Ration's extra cards to discard."""
        base = self.configured({"sea_dog": False, **SEA_DOG_DEAL}).max_game_length(players)
        sea = self.sea_dog
        assert sea is not None
        rounds = sea.rules["trick_rounds"]
        tricks = 2 * rounds + 2  # every trick held, Crow's Nest twice: at most once a window each
        if self.options["sea_dog_trick_holder"] != "nobody":
            tricks += 1  # the set-aside trick, held on top of the drafted ones
        windows = 16  # the window points of a turn (house cards §1 and SD23), generously
        extra_draw = max((t.params.get("draw", 0) for t in sea.tricks), default=0)
        # the follow-up choices: Steady's second placement (card, place), Crow's Nest's
        # keeps (two Zero Ins), returned markers, discs taken or sent back, Thunder,
        # Slippery, Old Salt (per Hold), Spy, Deadeye, Close Quarters, Boarding Nets
        follow_ups = 3 + 2 * 3 + 2 + 4 + 1 + 1 + 1 + 2 + 1 + 1 + 1 + 1
        per_turn = windows * (tricks + 1) + 2 + extra_draw + follow_ups
        cap = int(self.options["round_cap"])
        return base + 2 * (1 + rounds) + 2 * cap * per_turn

    def _state_from_json(self, data: Mapping[str, JSON], players: int) -> BroadSidesState:
        return BroadSidesState.from_state_json(self, data)

    #: Steps a person assembles in the client before sending: picking the cards of a
    #: set (a Wild's value and suit included) and placing or discarding Aim cards.
    choice_steps = frozenset({"card", "wild", "wild-value", "wild-suit", "place", "unaim"})

    #: IS-MCTS rollouts stop after this many decisions and ask ``evaluate``. Cut at
    #: 10 rather than 16, the base game's search scored 47.5% (41.3–53.8%) head to
    #: head over 240 games at ismcts:normal and thought 1.38× faster a decision.
    rollout_depth = 10
    #: With the Sea Dog module, whose trick windows ask play-or-pass at every trick
    #: held, 10 decisions see much less of the duel: cut at 10, ismcts:hard won 13 of
    #: 20 against the heuristic, cut at 16, 36 of 40.
    sea_dog_rollout_depth: ClassVar[int] = 16
    #: The search's bonus for the heuristic's choice, 1/(visits+1) times this. Measured
    #: at ismcts:normal against the heuristic, 160 games on the same seeds: 59.4% with
    #: 3, 49.4% with 1.
    prior_weight = 3.0
    #: The search plays the foe's moves and both sides' rollouts with the heuristic
    #: captain (a model of a sensible foe) instead of UCB for the foe and random
    #: rollouts. Measured at ismcts:normal against the heuristic, 80 games: 91%
    #: (52.5% with the model and random rollouts, 60% with neither).
    search_models_play = True

    def search_rollout_depth(self) -> int | None:
        return self.sea_dog_rollout_depth if self.sea_dog is not None else self.rollout_depth

    def evaluate(self, state: State) -> list[float]:
        """An estimate of the result of an unfinished duel, for search bots on their
        determinizations: the fitted model of ``evaluation.py``, scaled to (−1, 1)."""
        assert isinstance(state, BroadSidesState)
        if state.is_terminal():
            return state.returns()
        value = 2 * red_win_chance(state) - 1
        return [value, -value]

    def seat_name(self, seat: int) -> str:
        return ("Red", "Blue")[seat]

    def seat_information(self, state: State, seat: int) -> bytes:
        """What the seat sees that its log does not tell, in compact raw form
        (``information.py``): its hand and its cannons before the reveal, the cards
        picked so far, the shots loaded, the manned cannon, the Gunsight, the pending
        decision and the Sea Dog module; the log tells the rest."""
        assert isinstance(state, BroadSidesState)
        return seat_information(state, seat)

    def write_observation(self, state: State, seat: int, out: Buffer) -> None:
        assert isinstance(state, BroadSidesState)
        # tensor.py: the encoding, field by field
        write_observation(self.observation_encoder, state, seat, out)

    def observation_layout(self, players: int) -> TensorLayout:
        """A captain's observation tensor (``tensor.py``; the same for both seats)."""
        return self.observation_encoder.layout

    @property
    def observation_encoder(self) -> Encoder:
        """The layout with every offset and table the writer needs, made once."""
        encoder: Encoder | None = self.per_players.get(2)
        if encoder is None:
            encoder = Encoder(self.components, int(self.options["round_cap"]), self.sea_dog)
            self.per_players[2] = encoder
        return encoder

    def load_scenario(self, data: Mapping[str, JSON], strict: bool = True) -> BroadSidesState:
        from .scenario import load_scenario

        state = load_scenario(self, data, strict)
        assert isinstance(state, BroadSidesState)
        return state

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        from .bot import HeuristicBot

        return {"heuristic": HeuristicBot}

    def render(self, view: Mapping[str, JSON]) -> Any:
        from .render import render_view  # Rich is needed only in the terminal

        return render_view(view, self.components)

    def rules_summary(self) -> str:
        return resources.files(__package__).joinpath("rules.md").read_text(encoding="utf-8")

    def house_values(self) -> list[tuple[str, str]]:
        out = []
        for key, entry in self.raw_data.items():
            if isinstance(entry, dict) and entry.get("source") == "house":
                out.append((key, "see the data file"))
        out += [
            (
                f"zones[{i}] {z['id']}",
                f"{z['spaces']} spaces, {z['targets']} Targets, penalties {', '.join(z['penalties']) or '—'}",
            )
            for i, z in enumerate(self.raw_data["zones"])
            if z.get("source") == "house"
        ]
        return out

    def describe_event(self, event: Mapping[str, JSON], viewer: int | None = None) -> str:
        from .render import describe_event

        return describe_event(event, self.components, viewer, self.sea_dog)

    def experiments(self) -> Mapping[str, Callable[[bool], Any]]:
        """``cannon-pairs``: every Red cannon pair against every Blue one; with the
        module on, ``sea-dog-reputations`` (every Reputation against every other) and
        ``sea-dog-tricks`` (each Dirty Trick held against the same seeds without it):
        each an ``ExperimentDesign`` made by ``experiments.py``."""
        from functools import partial

        from .experiments import cannon_pairs, sea_dog_reputations, sea_dog_tricks

        sea = self.sea_dog
        reputations = [] if sea is None else [(r.id, r.name) for r in sea.reputations]
        tricks = [] if sea is None else [(t.id, t.name) for t in sea.tricks]
        plays = {
            t.id: self.action_space[self.ids["trick", t.index]].text
            for t in (sea.tricks if sea else ())
        }
        return {
            "cannon-pairs": partial(cannon_pairs, self.cannon_pairs()),
            "sea-dog-reputations": partial(sea_dog_reputations, reputations),
            "sea-dog-tricks": partial(sea_dog_tricks, tricks, plays),
        }
