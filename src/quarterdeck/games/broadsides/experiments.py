"""The designed experiments BroadSides offers balance reports (``Game.experiments``).

``cannon-pairs``: every Red cannon pair against every Blue one, through the
``red_cannons`` and ``blue_cannons`` options (the pairs set openly at setup).

The Experienced Sea Dog module's checks (house cards §6), with ``-o sea_dog=true``:
``sea-dog-reputations``, every Reputation against every other in both seats (the
options ``red_reputation`` and ``blue_reputation``); ``sea-dog-tricks``, each Dirty
Trick held by one captain against the same seeds with the trick out of the game
(``sea_dog_trick`` and ``sea_dog_trick_holder``). §6 plays them with cannons drawn at
random (``-o red_cannons=random -o blue_cannons=random``, as
``scripts/sea_dog_balance.py`` does); a design sets only the options it varies, so
the fixed ones are the command's.

Plain data for the arena; this module imports only the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from quarterdeck.engine import OptionError
from quarterdeck.engine.game import ExperimentDesign

CANNON_PAIRS_NOTE = (
    "**Cannon pairs**: the options `red_cannons` and `blue_cannons` give each "
    "captain a pair openly at setup instead of the secret choice of the rules. A "
    "pair is FORE+AFT, so `long-nine+carronade` and `carronade+long-nine` are two "
    "pairs: a cannon's penalties depend on the Deck it stands on."
)

RANDOM_CANNONS_NOTE = (
    "**Cannons**: house cards §6 asks for random cannons: with `-o red_cannons=random "
    "-o blue_cannons=random` (as `scripts/sea_dog_balance.py` plays) each captain's "
    "pair is drawn at setup from the game's seed, every legal pair alike, and mounted "
    "openly; without them each captain chooses its cannons as the rules say."
)

REPUTATIONS_NOTE = (
    "**Reputations** (house cards §6, check 1): the options `red_reputation` and "
    "`blue_reputation` give each captain a Reputation face up from the start (the "
    "draft of Reputations is skipped; the Dirty Tricks are drafted as the rules say). "
    "Every Reputation meets every other in both seats on the same seeds. The check: "
    "each Reputation's win rate against the field should lie in **45–55%**; one "
    "outside it (its interval clear of the band, once the run is large enough) has "
    "its Knob turned (house cards §2). A Reputation against itself is a mirror match, "
    "left out of its ranking."
)

TRICKS_NOTE = (
    "**Dirty Tricks** (house cards §6, check 2): `sea_dog_trick` sets one trick aside "
    "before the draft, so nobody drafts it (if the shuffle deals it, it swaps places "
    "with the last card, which no draft deals, so every other card falls as with the "
    "same seed without the option); `sea_dog_trick_holder` then gives it to Red or to "
    "Blue as a secret trick on top of the three drafted, or to nobody: the **control**, "
    "the same seeds without the trick. A trick's **lift** for a seat is that seat's "
    "win rate when it holds the trick minus its win rate in the control games of the "
    "same seeds; the lift over both seats averages the two per seed (in a two-player "
    "game whose scores add up to 1 this is the holder's win rate minus 50%: the "
    "control games cancel out), with a 95% interval on the per-seed differences. "
    "**Used** is the share of the games where the trick was held in which its holder "
    "played it (the record holds the action). The check flags a lift above **+6 "
    "points** (too strong) and a trick used in under **20%** of the games where it was "
    "held (a dead card)."
)


def cannon_pairs(pairs: Mapping[str, tuple[int, int]], unordered: bool) -> ExperimentDesign:
    """Every Red pair × every Blue pair of ``pairs`` (``BroadSides.cannon_pairs()``:
    FORE+AFT names with the cannons' indices); ``unordered``: one of each pair,
    whichever Deck holds which cannon."""
    names = [name for name, (fore, aft) in pairs.items() if not unordered or fore <= aft]
    levels = tuple((name, name) for name in names)
    note = CANNON_PAIRS_NOTE + (" (Here `--unordered`: one of each.)" if unordered else "")
    return ExperimentDesign(
        factors=(("red_cannons", levels, "Red"), ("blue_cannons", levels, "Blue")),
        seat_factors=True,
        level_noun="cannon pair",
        notes=(note,),
    )


def _needs_module(cards: Sequence[tuple[str, str]], experiment: str, unordered: bool) -> None:
    """The Sea Dog experiments play the module, and have no ordered pairs to merge."""
    if not cards:
        raise OptionError(f"the experiment {experiment} plays the module: add -o sea_dog=true")
    if unordered:
        raise OptionError(
            f"--unordered is for cannon-pairs: {experiment} has no order to drop (a "
            "Reputation or a trick is one card, and each is played in both seats)"
        )


def sea_dog_reputations(
    reputations: Sequence[tuple[str, str]], unordered: bool
) -> ExperimentDesign:
    """Every Reputation (id, name) for Red × every one for Blue."""
    _needs_module(reputations, "sea-dog-reputations", unordered)
    levels = tuple((f"{rep_id} {name}", rep_id) for rep_id, name in reputations)
    return ExperimentDesign(
        factors=(("red_reputation", levels, "Red"), ("blue_reputation", levels, "Blue")),
        seat_factors=True,
        level_noun="Reputation",
        notes=(REPUTATIONS_NOTE, RANDOM_CANNONS_NOTE),
    )


def sea_dog_tricks(
    tricks: Sequence[tuple[str, str]], plays: Mapping[str, str], unordered: bool
) -> ExperimentDesign:
    """Each Dirty Trick (id, name) × held by nobody (the control), Red or Blue;
    ``plays``: the text of the action that plays each trick, by id."""
    _needs_module(tricks, "sea-dog-tricks", unordered)
    levels = tuple((f"{trick_id} {name}", trick_id) for trick_id, name in tricks)
    holders = (("nobody", "nobody"), ("Red", "red"), ("Blue", "blue"))
    return ExperimentDesign(
        factors=(
            ("sea_dog_trick", levels, "Dirty Trick"),
            ("sea_dog_trick_holder", holders, "held by"),
        ),
        level_noun="Dirty Trick",
        notes=(TRICKS_NOTE, RANDOM_CANNONS_NOTE),
        treatment="sea_dog_trick_holder",
        treated=(None, 0, 1),
        used_when=tuple((label, plays[trick_id]) for label, trick_id in levels),
    )
