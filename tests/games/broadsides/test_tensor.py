"""The observation tensor of BroadSides (``tensor.py``): a fixed layout told from the
observer's side, my hand exactly, and nothing that ``view.py`` hides from me: the
foe's hand only as a count (and the cards of it I saw), the foe's cannons only once
both captains have chosen, no deck's order, no face-down Disaster token."""

from __future__ import annotations

import array
import math
from typing import Any, cast

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quarterdeck.engine import Game, Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState
from quarterdeck.games.broadsides.components import RESULTS
from quarterdeck.games.broadsides.tensor import PENALTIES, PHASES, PICKS

from ...contract.helpers import checkpoints
from .conftest import BLUE, RED, act, card, position, ship

seeds = st.integers(0, 2**63)
Fields = dict[str, list[float]]


def fields(state: BroadSidesState, seat: int) -> Fields:
    return state.game.observation_layout(2).split(state.observation(seat))


def ones(values: list[float]) -> list[int]:
    return [i for i, v in enumerate(values) if v]


def states(seed: int, choice_seed: int, n: int = 15) -> list[BroadSidesState]:
    game = get_game("broadsides")
    return checkpoints(game, 2, seed, choice_seed, n=n)  # type: ignore[return-value]


# -- the layout ------------------------------------------------------------------------

SHIP = (
    "markers",
    "officers",
    "exposed",
    "usable",
    "missing_planks",
    "hand_limit",
    "disasters_resolved",
    "disasters_left",
    "tracks",
    "cannons",
    "loaded",
    "gunsight",
    "targets",
    "hand_size",
    "deck",
)
TABLE = (
    "colour",
    "phase",
    "deciding",
    "turn_player",
    "first_player",
    "turn",
    "actions_taken",
    "aimed",
    "outcome",
    "zero_in",
    "pick",
    "selection_cards",
    "selection_values",
    "selection_suit",
    "broadside_shots",
    "broadside_left",
    "repairs_left",
    "attack_zone",
    "attack",
    "losses",
    "loss_now",
    "loss_zone",
    "bag",
    "tray",
    "target_deck",
    "target_discards",
    "hand",
    "foe_known_hand",
    "discards",
)


def test_the_layout_has_its_documented_fields_and_size(game: BroadSides) -> None:
    layout = game.observation_layout(2)
    names = [f.name for f in layout.fields]
    assert names == [*TABLE, *(f"me_{n}" for n in SHIP), *(f"foe_{n}" for n in SHIP)]
    assert len(set(names)) == len(names)
    assert layout.size == sum(f.size for f in layout.fields) == 1608
    shapes = {f.name: f.shape for f in layout.fields}
    assert shapes["me_targets"] == shapes["foe_targets"] == (30, 18)  # 30 Target cards
    assert shapes["hand"] == (42,) and shapes["discards"] == (2, 42)  # 42 Aim cards each
    assert all(f.help.strip() and f.high == 1.0 for f in layout.fields)
    assert all(shapes[f"me_{n}"] == shapes[f"foe_{n}"] for n in SHIP)
    # Worked out once per game, not per call.
    assert game.observation_layout(2) is layout
    assert "turns completed / 20" in _help(get_game("broadsides", {"round_cap": 10}), "turn")


def _help(game: Game, name: str) -> str:
    return next(f.help for f in game.observation_layout(2).fields if f.name == name)


@given(seed=seeds, choice_seed=seeds)
def test_every_number_is_finite_and_between_0_and_1(seed: int, choice_seed: int) -> None:
    for state in states(seed, choice_seed):
        for seat in (RED, BLUE):
            for value in state.observation(seat):
                assert math.isfinite(value) and 0.0 <= value <= 1.0


@given(seed=seeds, choice_seed=seeds)
def test_the_phase_is_one_hot_and_whose_decision_it_is_is_told(seed: int, choice_seed: int) -> None:
    """Every decision of the rules is one phase; the decider is told relative to me."""
    for state in states(seed, choice_seed):
        for seat in (RED, BLUE):
            seen = fields(state, seat)
            assert ones(seen["phase"]) == [[p for p, _ in PHASES].index(state.phase)]
            assert ones(seen["colour"]) == [seat]
            if state.is_terminal():
                assert ones(seen["deciding"]) == [] and sum(seen["outcome"]) == 1.0
            else:
                assert ones(seen["deciding"]) == [int(state.current_player != seat)]
            assert sum(seen["pick"]) <= 1.0 and sum(seen["zero_in"]) <= 1.0


# -- what a captain may know -------------------------------------------------------------


@given(seed=seeds, choice_seed=seeds)
def test_my_hand_is_encoded_exactly(seed: int, choice_seed: int) -> None:
    for state in states(seed, choice_seed):
        for seat in (RED, BLUE):
            seen = fields(state, seat)
            assert ones(seen["hand"]) == sorted(state.hands[seat])
            assert seen["me_hand_size"] == [len(state.hands[seat]) / 42]
            assert seen["foe_hand_size"] == [len(state.hands[1 - seat]) / 42]


@settings(max_examples=25)
@given(seed=seeds, choice_seed=seeds, resample_seeds=st.lists(seeds, min_size=3, max_size=3))
def test_nothing_hidden_from_me_shows_in_my_tensor(
    seed: int, choice_seed: int, resample_seeds: list[int]
) -> None:
    """The leak test: the foe's hand, every Aim deck's order, the Target deck's order,
    the face-down Disaster tokens and (before the reveal) the foe's cannons are
    redrawn by ``resample``; none of it may change a number of my tensor."""
    for state in states(seed, choice_seed, n=20):
        for seat in (RED, BLUE):
            seen = state.observation(seat)
            for resample_seed in resample_seeds:
                other = state.resample(seat, Rng.from_seed(resample_seed))
                assert other.observation(seat) == seen
                quick = np.zeros(len(seen), np.float32)  # the adapters' quick path too
                other.write_observation(seat, quick)
                assert quick.tolist() == np.asarray(seen, np.float32).tolist()


def test_the_foes_cannons_stay_hidden_until_both_captains_have_chosen(game: BroadSides) -> None:
    """Rule: the Cannon tiles are chosen in secret and revealed together."""
    state = game.new_state(2, 4)
    assert isinstance(state, BroadSidesState)
    while state.phase != "mount" or state.seat != BLUE:
        state.apply(state.legal_actions()[0])
    # Red has chosen both; Blue has not: Blue sees that Red chose, not what.
    assert state.cannons[RED][1] is not None
    foe = fields(state, BLUE)["foe_cannons"]  # [fore, aft] × [3 tiles, chosen, manned]
    assert foe[0:3] == foe[5:8] == [0.0, 0.0, 0.0] and foe[3] == foe[8] == 1.0
    mine = fields(state, RED)["me_cannons"]
    assert mine[cast(int, state.cannons[RED][0])] == 1.0 and sum(mine[0:3]) == 1.0  # mine, always
    rng = Rng.from_seed(2)
    for _ in range(20):  # Red's cannons are redrawn for Blue: nothing changes
        assert state.resample(BLUE, rng).observation(BLUE) == state.observation(BLUE)
    state.apply(state.legal_actions()[0])  # Blue's fore cannon: Red sees it was chosen
    assert fields(state, RED)["foe_cannons"][0:4] == [0.0, 0.0, 0.0, 1.0]
    state.apply(state.legal_actions()[0])  # Blue's aft cannon: both are revealed
    foe = fields(state, BLUE)["foe_cannons"]
    assert (
        foe[cast(int, state.cannons[RED][0])] == 1.0
        and foe[5 + cast(int, state.cannons[RED][1])] == 1.0
    )


def test_the_foes_cards_held_since_a_reshuffle_are_known(game: BroadSides) -> None:
    """Rule: an Aim deck that runs out is formed anew from the (public) discard pile,
    so the foe knows every card held when it happened; the card drawn stays unknown."""
    held = [card("3♥"), card("5♦"), card("9♣")]
    others = [c for c in range(42) if c not in held]
    state = position(game, ship(hand=["1♦", "2♦", "3♦"]), ship(hand=["3♥", "5♦", "9♣"]))
    state.turn_player = state.seat = BLUE
    state.decks[BLUE] = []
    state.discards[BLUE] = [c for c in others if c // 10 in (0, 1)]
    state.touched()
    assert ones(fields(state, RED)["foe_known_hand"]) == []  # before: Blue's deck was dealt
    act(state, "Hold")
    assert len(state.hands[BLUE]) == 4
    assert ones(fields(state, RED)["foe_known_hand"]) == sorted(held)
    assert ones(fields(state, BLUE)["foe_known_hand"]) == []  # Red's deck is as dealt
    rng = Rng.from_seed(7)
    for _ in range(30):
        assert state.resample(RED, rng).observation(RED) == state.observation(RED)


# -- me and the foe ----------------------------------------------------------------------

PER_SEAT = (
    "markers",
    "officers",
    "hands",
    "decks",
    "discards",
    "refills",
    "targets",
    "cannons",
    "loaded",
    "gunner",
    "sight",
    "covered",
    "disasters",
    "disaster_done",
)


def mirror(state: BroadSidesState) -> BroadSidesState:
    """The same position with the colours swapped: Red's ship, cards and decisions
    are Blue's and the other way round."""
    other = state.clone()
    for name in PER_SEAT:
        red, blue = getattr(other, name)
        setattr(other, name, [blue, red])
    other.seat = 1 - other.seat
    other.turn_player = 1 - other.turn_player
    if other.first_player is not None:
        other.first_player = 1 - other.first_player
    other.tasks = [[1 - task[0], *task[1:]] for task in other.tasks]
    if other.result is not None:
        other.result = [other.result[1], other.result[0]]
    other.touched()
    return other


@given(seed=seeds, choice_seed=seeds)
def test_seats_are_told_relative_to_the_observer(seed: int, choice_seed: int) -> None:
    """One agent can sail either colour: with the colours swapped, Blue's tensor is
    Red's, number for number, but for the colour field."""
    for state in states(seed, choice_seed):
        swapped = mirror(state)
        for seat in (RED, BLUE):
            mine, theirs = fields(state, seat), fields(swapped, 1 - seat)
            assert mine["colour"] != theirs["colour"]
            assert {k: v for k, v in mine.items() if k != "colour"} == {
                k: v for k, v in theirs.items() if k != "colour"
            }


def test_at_the_start_the_two_seats_differ_only_in_colour_and_in_who_decides(
    game: BroadSides,
) -> None:
    """The opening is symmetric but for Red placing her Captain first: the seats'
    tensors differ in the colour, in who decides and in whose turn it is."""
    state = game.new_state(2, 11)
    assert isinstance(state, BroadSidesState)
    red, blue = fields(state, RED), fields(state, BLUE)
    differ = sorted(k for k in red if red[k] != blue[k])
    assert differ == ["colour", "deciding", "turn_player"]
    assert red["deciding"] == blue["deciding"][::-1] == [1.0, 0.0]


# -- the encoding agrees with the view -----------------------------------------------------

#: Fields rebuilt below from the view's board alone. The others come from the pending
#: prompt (pick, repairs_left, broadside_left, loss_now, zero_in) or the public log
#: (foe_known_hand, broadside_shots, loss_zone); the leak test covers those.
FROM_VIEW = (
    "colour",
    "phase",
    "deciding",
    "turn_player",
    "first_player",
    "turn",
    "actions_taken",
    "aimed",
    "outcome",
    "selection_cards",
    "selection_values",
    "attack_zone",
    "attack",
    "losses",
    "bag",
    "tray",
    "target_deck",
    "target_discards",
    "hand",
    "discards",
    *(f"{who}_{name}" for who in ("me", "foe") for name in SHIP),
)


def from_view(game: BroadSides, view: dict[str, Any], seat: int) -> Fields:
    """The tensor's numbers, worked out from the seat's view only."""
    c = game.components
    layout = game.observation_layout(2)
    out: Fields = {f.name: [0.0] * f.size for f in layout.fields}
    foe = 1 - seat
    rel = {seat: 0, foe: 1}
    zone = {z.id: z.index for z in c.zones}
    out["colour"][seat] = 1.0
    out["phase"][[p for p, _ in PHASES].index(view["phase"])] = 1.0
    if view["current_player"] is not None:
        out["deciding"][rel[view["current_player"]]] = 1.0
    out["turn_player"][rel[view["turn_player"]]] = 1.0
    if view["first_player"] is not None:
        out["first_player"][rel[view["first_player"]]] = 1.0
    out["turn"] = [min(1.0, (view["turn"] - 1) / (2 * view["round_cap"]))]
    out["actions_taken"] = [view["actions_taken"] / 2]
    out["aimed"] = [float(view["aimed"])]
    if view["returns"] is not None:
        mine, theirs = view["returns"][seat], view["returns"][foe]
        out["outcome"][0 if mine > theirs else 1 if theirs > mine else 2] = 1.0
    if view["selection"]:
        for card_id, value, _ in view["selection"]["cards"]:
            out["selection_cards"][card_id] = 1.0
            if value > 0:
                out["selection_values"][value - 1] = 1.0
    spaces = max(z.spaces for z in c.zones)
    if view["attack"]:
        attack = view["attack"]
        out["attack_zone"][zone[attack["zone"]]] = 1.0
        out["attack"] = [
            attack["potential"] / spaces,
            max(0, attack["damage"]) / spaces,
            float(attack["cannon"] == "fore"),
            float(attack["cannon"] == "aft"),
        ]
    kinds = ["unaim", "zone", "rigging", "deck", "hull"]
    for who, what, count, _zone in view["losses"]:
        out["losses"][rel[who] * 5 + kinds.index(what)] += count
    out["losses"] = [min(1.0, n / 10) if n > 0 else 0.0 for n in out["losses"]]
    for shot in c.shots:
        out["bag"][shot.index] = view["bag"][shot.id] / shot.count
        out["tray"][shot.index] = view["tray"].count(shot.id) / shot.count
    out["target_deck"] = [view["target_deck"] / len(c.target_centres)]
    for t in view["target_discards"]:
        out["target_discards"][t] = 1.0
    for card_id in view["ships"][seat]["hand"]:
        out["hand"][card_id] = 1.0
    most = [max(1, sum(z.penalties.count(p) for z in c.zones)) for p in PENALTIES]
    load = max(k.shots for k in c.cannons)
    for p in (seat, foe):
        ship_view = view["ships"][p]
        who = ("me", "foe")[rel[p]]
        for card_id in ship_view["discards"]:
            out["discards"][rel[p] * 42 + card_id] = 1.0
        out[f"{who}_hand_size"] = [ship_view["hand_size"] / 42]
        out[f"{who}_deck"] = [ship_view["deck"] / 42]
        exposed = [0] * len(PENALTIES)
        for z, zone_view in enumerate(ship_view["zones"]):
            out[f"{who}_markers"][z] = min(1.0, zone_view["markers"] / zone_view["spaces"])
            for icon in zone_view["exposed"]:
                if icon in PENALTIES:
                    exposed[PENALTIES.index(icon)] += 1
        out[f"{who}_exposed"] = [min(1.0, n / m) for n, m in zip(exposed, most, strict=True)]
        for officer, name in enumerate(("captain", "first_mate")):
            where = ship_view["officers"][name]
            if where is not None:
                column = len(c.zones) if where == "lost" else zone[where]
                out[f"{who}_officers"][officer * (len(c.zones) + 1) + column] = 1.0
        out[f"{who}_missing_planks"] = [min(1.0, ship_view["missing_planks"] / c.sinking_planks)]
        out[f"{who}_hand_limit"] = [ship_view["hand_limit"] / c.hand_limit]
        for h, hull in enumerate(c.zones_of("hull")):
            if ship_view["disasters"][c.zones[hull].id] == "resolved":
                out[f"{who}_disasters_resolved"][h] = 1.0
        for token in ship_view["disasters_left"]:
            out[f"{who}_disasters_left"][[d.id for d in c.disasters].index(token)] = 1.0
        tracks = ship_view["tracks"]
        for suit in tracks["broadside"]:
            out[f"{who}_tracks"][list(c.suit_names).index(suit)] = 1.0
        for value in tracks["sheer_off"]:
            out[f"{who}_tracks"][4 + value - 1] = 1.0
        for value in tracks["evasion"]:
            out[f"{who}_tracks"][14 + value - 1] = 1.0
        tiles = [k.id for k in c.cannons]
        for where, cannon in enumerate(ship_view["cannons"]):
            row = where * (len(tiles) + 2)
            if cannon["cannon"] is not None:
                out[f"{who}_cannons"][row + tiles.index(cannon["cannon"])] = 1.0
            out[f"{who}_cannons"][row + len(tiles)] = float(cannon["chosen"])
            out[f"{who}_cannons"][row + len(tiles) + 1] = float(cannon["manned"])
            for shot in c.shots:
                n = cannon["shots"].count(shot.id)
                out[f"{who}_loaded"][where * len(c.shots) + shot.index] = n / load
            out[f"{who}_usable"][where] = float(cannon["usable"])
        if ship_view["gunsight"] is not None:
            out[f"{who}_gunsight"][zone[ship_view["gunsight"]]] = 1.0
        for target in ship_view["targets"]:
            row = target["target"] * 18
            out[f"{who}_targets"][row] = 1.0
            for side, at in (("left", 1), ("bottom", 7)):
                if target[side] is not None:
                    out[f"{who}_targets"][row + at] = target[f"{side}_value"] / 10
                    suit = 4 if target[side] >= 40 else target[side] // 10
                    out[f"{who}_targets"][row + at + 1 + suit] = 1.0
            if target["reads"] is not None:
                out[f"{who}_targets"][row + 13 + RESULTS.index(target["reads"])] = 1.0
    return out


@given(seed=seeds, choice_seed=seeds)
def test_the_numbers_are_those_of_the_view(seed: int, choice_seed: int) -> None:
    """``view.py`` is the source of truth: every field it shows, rebuilt from the
    view's board alone, equals the tensor's (so the tensor tells no more of them)."""
    game = get_game("broadsides")
    assert isinstance(game, BroadSides)
    for state in states(seed, choice_seed):
        for seat in (RED, BLUE):
            seen = fields(state, seat)
            expected = from_view(game, state.view(seat, log=False), seat)
            for name in FROM_VIEW:
                assert seen[name] == pytest.approx(expected[name]), name


# -- decisions in progress -------------------------------------------------------------------


def test_the_set_being_built_is_told_before_its_first_card(game: BroadSides) -> None:
    """Rule: a Broadside is a flush of one suit; the Wild that starts it names the
    suit. The set is face up as it is picked, so the foe sees it too."""
    red = ship(hand=["Wild", "3♥", "5♥", "1♦"])
    state = position(game, red, ship(hand=["2♣"]))
    act(state, "Broadside")
    seen = fields(state, RED)
    assert state.phase == "pick" and not state.sel
    assert ones(seen["pick"]) == [[p for p, _ in PICKS].index("flush")]
    assert ones(seen["selection_cards"]) == []
    act(state, "a Wild as ♥")
    for seat in (RED, BLUE):
        seen = fields(state, seat)
        assert ones(seen["selection_cards"]) == [40]
        assert ones(seen["selection_suit"]) == [3]  # ♠ ♣ ♦ ♥
    assert ones(fields(state, BLUE)["foe_known_hand"]) == [40]  # face up in Red's hand
    assert ones(fields(state, RED)["foe_known_hand"]) == []


def test_a_wild_aimed_counts_as_the_value_named_for_it(game: BroadSides) -> None:
    """Rule: a Wild played as an Aim card takes the value its captain names."""
    state = position(game, ship(hand=["Wild", "3♠"]), ship())
    act(state, "Aim", "a Wild as 7")
    seen = fields(state, RED)
    assert ones(seen["pick"]) == [[p for p, _ in PICKS].index("aim-card")]
    assert ones(seen["selection_values"]) == [6]  # the value 7
    assert ones(seen["selection_cards"]) == [40]


def test_targets_show_the_aim_cards_played_to_them_and_what_they_read(
    game: BroadSides,
) -> None:
    """Rule: a Target with Aim cards at its left and bottom reads the cannon's
    result for the distances of their values from its centre; with one card it is
    a Miss, with none it is Early."""
    targets = [
        {"centre": [2, 2], "left": "3♠", "bottom": "Wild", "bottom_value": 2},
        {"centre": [3, 5], "left": "8♣"},
        {"centre": [4, 8]},
    ]
    state = position(game, ship(targets=targets), ship(targets=[{"centre": [5, 3]}]))
    centres = game.components.target_centres
    by_centre = {centres[cast(int, t[0])]: cast(int, t[0]) for t in state.targets[RED]}
    for seat, who in ((RED, "me"), (BLUE, "foe")):  # Targets are in plain sight
        rows = fields(state, seat)[f"{who}_targets"]

        def row(centre: tuple[int, int], rows: list[float] = rows) -> list[float]:
            t = by_centre[centre]
            return rows[t * 18 : t * 18 + 18]

        good = row((2, 2))  # 3 and 2 against (2, 2): distances 1 and 0, an 18-Pounder Good
        assert good[0] == 1.0
        assert good[1:7] == pytest.approx([0.3, 1, 0, 0, 0, 0])  # left: 3♠
        assert good[7:13] == pytest.approx([0.2, 0, 0, 0, 0, 1])  # bottom: a Wild as 2
        assert ones(good[13:]) == [RESULTS.index("good")]
        assert ones(row((3, 5))[13:]) == [RESULTS.index("miss")]
        assert ones(row((4, 8))[13:]) == [RESULTS.index("early")]


def test_any_buffer_gets_the_same_numbers(game: BroadSides) -> None:
    """A list, NumPy arrays of float32 or float64 (strided too) and array.array
    all receive the same observation."""
    size = game.observation_layout(2).size
    for state in states(5, 6, n=12):
        for seat in (RED, BLUE):
            expected = np.asarray(state.observation(seat), np.float32)
            buffers: list[Any] = [
                np.zeros(size, np.float32),
                np.zeros(size, np.float64),
                array.array("f", bytes(4 * size)),
                np.zeros(2 * size, np.float32)[::2],
            ]
            for out in buffers:
                state.write_observation(seat, out)
                assert np.array_equal(np.asarray(out, np.float32), expected)
