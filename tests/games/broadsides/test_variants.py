"""The preset-cannons variant (options red_cannons / blue_cannons), used by balance
experiments such as every pair of cannons."""

from __future__ import annotations

from typing import cast

import pytest

from quarterdeck.ai import make_bot
from quarterdeck.engine import OptionError, Record, Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

PAIR = "long-nine+carronade"


def preset_game() -> BroadSides:
    game = get_game("broadsides", {"red_cannons": PAIR, "blue_cannons": "carronade+carronade"})
    assert isinstance(game, BroadSides)
    return game


def test_preset_cannons_are_the_only_mounts_offered_and_end_up_mounted() -> None:
    game = preset_game()
    state = game.new_state(2, 3)
    while state.phase != "load":  # type: ignore[attr-defined]
        if state.phase == "mount":  # type: ignore[attr-defined]
            assert len(state.legal_actions()) == 1
        state.apply(state.legal_actions()[0])
    kinds = {k.id: k.index for k in game.components.cannons}
    long_nine, carronade = kinds["long-nine"], kinds["carronade"]
    assert state.cannons == [[long_nine, carronade], [carronade, carronade]]  # type: ignore[attr-defined]


def test_resampled_states_keep_the_preset_cannons() -> None:
    game = preset_game()
    state = game.new_state(2, 4)
    bots = [make_bot("heuristic", game, s) for s in (0, 1)]
    rng = Rng.from_seed(1)
    for _ in range(60):
        seat = state.current_player
        assert seat is not None
        for watcher in (0, 1):
            guess = state.resample(watcher, rng)
            assert guess.cannons == state.cannons  # type: ignore[attr-defined]
            assert guess.view(watcher) == state.view(watcher)
        state.apply(bots[seat].choose(state))


def test_the_default_is_the_rule_a_secret_choice_among_every_pair() -> None:
    game = get_game("broadsides")
    assert isinstance(game, BroadSides)
    assert game.preset_cannons == [None, None]
    # Three kinds of two tiles each: all nine ordered pairs may be mounted.
    assert len(game.cannon_pairs()) == 9


@pytest.mark.parametrize("value", ["long-nine", "long-nine+mortar", "", "Long-Nine+carronade"])
def test_a_malformed_cannon_pair_is_refused_naming_the_choices(value: str) -> None:
    with pytest.raises(OptionError, match=r"red_cannons.*18-pounder\+18-pounder"):
        get_game("broadsides", {"red_cannons": value})


def test_a_hand_limit_variant_sets_the_limit_every_reader_sees() -> None:
    """Option hand_limit (for experiments such as hand limits 5/6/7): the rule's 6
    when 0; otherwise the limit views show, every turn ends within, and the record
    replays under."""
    assert cast(BroadSides, get_game("broadsides")).components.hand_limit == 6
    game = get_game("broadsides", {"hand_limit": 5})
    assert isinstance(game, BroadSides) and game.components.hand_limit == 5
    state = game.new_state(2, 3)
    assert isinstance(state, BroadSidesState)
    rng = Rng.from_seed(3)
    while state.phase != "stage1":
        state.apply(rng.choice(state.legal_actions()))
    assert state.hand_limit(0) == 5 - state.penalty(0, "hand")
    assert state.view(0)["ships"][0]["hand_limit"] == state.hand_limit(0)
    # Stage 3 discards down to it: a captain ends the turn with at most 5 cards.
    turns_seen = 0
    while not state.is_terminal():
        before = state.turn_player
        state.apply(rng.choice(state.legal_actions()))
        if state.turn_player != before and not state.is_terminal():
            assert len(state.hands[before]) <= state.hand_limit(before) <= 5
            turns_seen += 1
    assert turns_seen > 10
    # The record names the variant and replays under it.
    again = Record.from_json(Record.of(state).to_json())
    assert again.options == {"hand_limit": 5} and again.final_state() == state
    for bad in (-1, 21, "six", True):
        with pytest.raises(OptionError, match="hand_limit"):
            get_game("broadsides", {"hand_limit": bad})


def drawn_pairs(options: dict[str, str], seed: int) -> list[list[int | None]]:
    """Play the setup (first legal actions) until the loading: the cannons mounted."""
    state = get_game("broadsides", options).new_state(2, seed)
    while state.phase != "load":  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    return [list(pair) for pair in state.cannons]  # type: ignore[attr-defined]


RANDOM = {"red_cannons": "random", "blue_cannons": "random"}


def test_random_cannons_are_drawn_from_the_seed_without_a_choice() -> None:
    """Option value random: no mount decision; the same seed draws the same pair."""
    state = get_game("broadsides", RANDOM).new_state(2, 7)
    while state.phase != "load":  # type: ignore[attr-defined]
        assert state.phase != "mount"  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    assert drawn_pairs(RANDOM, 7) == drawn_pairs(RANDOM, 7)
    assert any(drawn_pairs(RANDOM, 7) != drawn_pairs(RANDOM, seed) for seed in range(8, 12))


def test_random_cannons_draw_every_legal_pair() -> None:
    """Each legal pair (all nine: two tiles of each kind) is drawn for each captain."""
    pairs = {tuple(p) for p in get_game("broadsides").cannon_pairs().values()}  # type: ignore[attr-defined]
    seen: list[set[tuple[int | None, ...]]] = [set(), set()]
    for seed in range(200):
        for p, pair in enumerate(drawn_pairs(RANDOM, seed)):
            seen[p].add(tuple(pair))
    assert seen == [pairs, pairs]


def test_a_random_pair_is_open_and_the_other_captain_still_chooses_in_secret() -> None:
    """Red's pair is drawn (public: kept by every resampling, shown to Blue at once);
    Blue chooses in secret, and Red's resamplings redraw Blue's choice."""
    game = get_game("broadsides", {"red_cannons": "random"})
    state = game.new_state(2, 5)
    while state.phase != "mount":  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    assert state.current_player == 1 and len(state.legal_actions()) == 3  # a fore cannon
    red = state.cannons[0]  # type: ignore[attr-defined]
    shown = [c["cannon"] for c in state.view(1)["ships"][0]["cannons"]]
    assert shown == [game.components.cannons[k].id for k in red]  # type: ignore[attr-defined]
    state.apply(state.legal_actions()[-1])  # Blue's fore cannon
    rng = Rng.from_seed(2)
    redrawn = set()
    for _ in range(40):
        assert state.resample(1, rng).cannons[0] == red  # type: ignore[attr-defined]
        guess = state.resample(0, rng)
        assert guess.cannons[0] == red  # type: ignore[attr-defined]
        assert guess.view(0) == state.view(0)
        redrawn.add(guess.cannons[1][0])  # type: ignore[attr-defined]
        # the history's mount is Blue's (Red made none), kept true of the guess
        mounts = [
            game.action_space[a] for a in guess.history if game.action_space[a].kind == "mount"
        ]
        assert [m.args for m in mounts] == [(0, guess.cannons[1][0])]  # type: ignore[attr-defined]
    assert len(redrawn) == 3


def test_a_game_with_random_cannons_replays_from_its_record() -> None:
    game = get_game("broadsides", {**RANDOM, "round_cap": 4})
    state = game.new_state(2, 11)
    rng = Rng.from_seed(11)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    again = Record.from_json(Record.of(state).to_json())
    assert again.options == {**RANDOM, "round_cap": 4} and again.final_state() == state


def test_a_bad_cannons_value_names_random_among_the_choices() -> None:
    with pytest.raises(OptionError, match=r"blue_cannons.*'random'.*carronade\+carronade"):
        get_game("broadsides", {"blue_cannons": "Random"})
