"""Letter of Marque, rule by rule (the rulebook's section names are in the test names)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from quarterdeck.engine import DataFileError, IllegalActionError, Record, State, get_game
from quarterdeck.games.letter_of_marque import LetterOfMarque, LetterOfMarqueState

from .conftest import BLUE, GREEN, RED, YELLOW, opening


def texts(state: State) -> list[str]:
    state.touched()  # tests set fields directly
    return [a.text for a in state.legal_actions()]


def empty_decks(state: LetterOfMarqueState) -> None:
    for deck in state.decks:
        deck.clear()
    state.touched()


# -- Components and setting up ------------------------------------------------------------


def test_components_five_treasures_five_ships_three_cannons_per_player(
    game: LetterOfMarque,
) -> None:
    c = game.components
    assert c.treasure_values == (3, 4, 5, 6, 7)
    assert (c.armed_ships, c.defenceless_ships, c.cannons) == (2, 3, 3)
    state = game.new_state(6, 1)
    counts = state.components()
    for p in range(6):
        assert sum(n for k, n in counts.items() if k.startswith(f"treasure {p}:")) == 5
        assert counts[f"ship {p}"] == 5 and counts[f"armed ship {p}"] == 2
        assert counts[f"cannon {p}"] == 3


def test_setup_each_treasure_deck_is_shuffled(game: LetterOfMarque) -> None:
    orders = {tuple(game.new_state(3, seed).to_json()["state"]["decks"][0]) for seed in range(40)}
    assert len(orders) > 10


def test_setup_deck_order_is_hidden_from_everybody(game: LetterOfMarque) -> None:
    state = game.new_state(3, 4)
    assert isinstance(state, LetterOfMarqueState)
    shuffled = state.clone()
    for deck in shuffled.decks:
        deck.reverse()
    assert shuffled.decks != state.decks
    for seat in (0, 1, 2, None):
        # Nobody's view changes when every deck's order does: the order is not in it.
        assert json.dumps(shuffled.view(seat)) == json.dumps(state.view(seat))
        assert all(
            f["deck_treasures"] == sorted(f["deck_treasures"]) for f in state.view(seat)["fleets"]
        )


# -- Preliminary turn -----------------------------------------------------------------------


def test_preliminary_turn_everybody_turns_up_a_treasure_at_once(game: LetterOfMarque) -> None:
    state = game.new_state(4, 2)
    view = state.view(None)
    assert all(f["drawn"] in (3, 4, 5, 6, 7) for f in view["fleets"])
    assert [e["kind"] for e in view["log"]] == ["reveal"] * 4


def test_preliminary_turn_ship_choice_is_secret_until_all_have_chosen(game: LetterOfMarque) -> None:
    state = game.new_state(4, 2)
    assert state.pending().decision == "choose-ship"  # type: ignore[union-attr]
    assert texts(state) == ["launch an armed ship", "launch a defenceless ship"]
    state.apply("launch an armed ship")
    for seat in (BLUE, YELLOW, GREEN, None):
        red = state.view(seat)["fleets"][RED]
        assert red["ships"][0]["armed"] is None and red["reserve_armed"] is None
        assert all("armed" not in e for e in state.view(seat)["log"])
    own = state.view(RED)
    assert own["fleets"][RED]["ships"][0]["armed"] is True
    assert own["fleets"][RED]["reserve_armed"] == 1
    assert state.current_player == BLUE  # the choices are taken seat after seat


def test_rulebook_opening_example_blue_has_the_lowest_treasure_and_starts(
    game: LetterOfMarque,
) -> None:
    # Red turns up 4, Blue 3, Yellow 7, Green 5; Yellow guards its 7 with an armed ship.
    state = opening(game, [4, 3, 7, 5], [False, False, True, False])
    assert state.first_player == BLUE and state.current_player == BLUE
    assert state.view(None)["log"][-1] == {
        "kind": "first-player",
        "seat": BLUE,
        "treasure": 3,
        "tied": [BLUE],
    }
    assert state.view(YELLOW)["fleets"][YELLOW]["ships"][0] == {
        "ship": 0,
        "treasure": 7,
        "status": "at sea",
        "armed": True,
        "revealed": False,
    }


def test_first_player_ties_are_broken_at_random(game: LetterOfMarque) -> None:
    firsts = Counter(opening(game, [3, 3, 6], [False] * 3, seed=s).first_player for s in range(60))
    assert set(firsts) == {0, 1}
    assert min(firsts.values()) > 15


def test_play_proceeds_clockwise(game: LetterOfMarque) -> None:
    state = opening(game, [5, 6, 3, 4], [False] * 4)
    order = []
    for _ in range(5):
        order.append(state.current_player)
        state.apply("a ship leaves")
        if state.pending().decision == "choose-ship":  # type: ignore[union-attr]
            state.apply("launch a defenceless ship")
    assert order == [2, 3, 0, 1, 2]


def test_a_players_turn_is_exactly_one_action_whichever_it_is(game: LetterOfMarque) -> None:
    # "During his turn, a player must take *one* of the following four actions."
    for action in (
        "your ship on treasure 3 arrives",
        "attack Red's ship on treasure 4",
        "a ship leaves",
    ):
        state = opening(game, [4, 3, 7, 5], [False] * 4)
        state.apply(action)
        if state.pending().decision == "choose-ship":  # type: ignore[union-attr]
            state.apply("launch a defenceless ship")  # leaving ends with the ship's choice
        assert state.current_player == YELLOW, action


def test_defenses_players_may_always_look_at_their_own_ships(game: LetterOfMarque) -> None:
    # "Each player should keep the bottoms of their ships hidden from the other
    # players. However, players may always look at the bottom of their own ships."
    state = opening(game, [4, 3, 7, 5], [False, True, False, False])
    state.apply("your ship on treasure 3 arrives")  # Blue's armed ship, never revealed
    own = state.view(BLUE)["fleets"][BLUE]
    assert own["ships"][0]["armed"] is True and own["reserve_armed"] == 1
    for seat in (RED, YELLOW, GREEN, None):
        theirs = state.view(seat)["fleets"][BLUE]
        assert theirs["ships"][0]["armed"] is None and theirs["reserve_armed"] is None


# -- A ship leaves ------------------------------------------------------------------------------


def test_ship_leaves_treasure_is_turned_up_then_the_ship_is_chosen(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False, False, True, False])
    state.decks[BLUE] = [6, 4, 5, 7]  # 7 is on top
    state.apply("a ship leaves")
    assert state.current_player == BLUE and state.pending().decision == "choose-ship"  # type: ignore[union-attr]
    assert state.view(RED)["fleets"][BLUE]["drawn"] == 7
    assert state.view(RED)["log"][-1] == {"kind": "leave", "seat": BLUE, "treasure": 7}
    assert texts(state) == ["launch an armed ship", "launch a defenceless ship"]
    state.apply("launch an armed ship")
    ships = state.view(BLUE)["fleets"][BLUE]["ships"]
    assert [(s["treasure"], s["armed"]) for s in ships] == [(3, False), (7, True)]
    assert state.current_player == YELLOW


def test_ship_leaves_with_one_kind_left_is_still_a_choice_so_the_reserve_stays_hidden(
    game: LetterOfMarque,
) -> None:
    # Skipping the choice when only one kind is left would tell everybody so.
    both = opening(game, [4, 3, 7, 5], [False, False, True, False])
    one_kind = opening(game, [4, 3, 7, 5], [False, False, True, False])
    one_kind.reserves[BLUE] = [0, 4]
    for state in (both, one_kind):
        state.touched()
        state.apply("a ship leaves")
        assert state.current_player == BLUE and state.pending().decision == "choose-ship"  # type: ignore[union-attr]
    assert both.view(RED) == one_kind.view(RED)
    assert texts(one_kind) == ["launch a defenceless ship"]
    one_kind.apply("launch a defenceless ship")
    assert one_kind.current_player == YELLOW


def test_ship_leaves_only_with_treasure_in_the_deck(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False] * 4)
    state.decks[BLUE] = []
    assert "a ship leaves" not in texts(state)


def test_resample_keeps_the_history_true_of_the_redrawn_bases(game: LetterOfMarque) -> None:
    from quarterdeck.engine import Rng

    state = opening(game, [4, 3, 7, 5], [True, False, True, False])
    rng = Rng.from_seed(8)
    for _ in range(30):
        other = state.resample(RED, rng)
        assert isinstance(other, LetterOfMarqueState)
        launched = [
            game.action_space[i].args[0]
            for i in other.history
            if game.action_space[i].kind == "launch"
        ]
        assert launched == [int(fleet[0].armed) for fleet in other.fleets]
        assert launched[RED] == 1  # Red's own choice is never redrawn


# -- A ship arrives ------------------------------------------------------------------------------


def test_ship_arrives_treasure_scores_and_ship_leaves_unrevealed(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False, True, False, False])
    state.apply("your ship on treasure 3 arrives")
    for seat in (RED, YELLOW, GREEN, None):
        blue = state.view(seat)["fleets"][BLUE]
        assert blue["ships"][0]["status"] == "arrived" and blue["ships"][0]["armed"] is None
        assert "armed" not in state.view(seat)["log"][-1]
    assert state.view(BLUE)["log"][-1]["armed"] is True
    assert state.treasure_piles[BLUE] == [(BLUE, 3)]
    assert state.points()[BLUE] == 3


def test_only_own_ships_at_sea_can_arrive(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False] * 4)
    assert [t for t in texts(state) if "arrives" in t] == ["your ship on treasure 3 arrives"]
    with pytest.raises(IllegalActionError):
        state.apply("your ship on treasure 4 arrives")  # Blue has no ship on 4


# -- Attack an opponent's ship -----------------------------------------------------------------


def test_rulebook_attack_example_armed_ship_repels_and_keeps_the_cannon_card(
    game: LetterOfMarque,
) -> None:
    # The opening example goes on (Yellow guards its 7 with an armed ship): Blue fires
    # at Red's ship on the 4; it is armed.
    state = opening(game, [4, 3, 7, 5], [True, False, True, False])
    state.apply("attack Red's ship on treasure 4")
    red_ship = state.fleets[RED][0]
    assert red_ship.status == "at sea" and red_ship.revealed
    assert state.cannon_piles[RED] == [BLUE] and state.cannons[BLUE] == 2
    assert state.treasure_piles[BLUE] == []
    for seat in (BLUE, YELLOW, GREEN, None):  # the base is now shown to everybody
        assert state.view(seat)["fleets"][RED]["ships"][0]["armed"] is True
    assert state.view(None)["log"][-1]["outcome"] == "repelled"
    assert state.points()[RED] == 1  # a captured cannon card is worth 1


def test_rulebook_attack_example_defenceless_ship_loses_its_treasure(game: LetterOfMarque) -> None:
    # "If the red player's ship had been defenceless, the blue player would then have
    # collected the treasure card ... The red player's ship would then be removed."
    state = opening(game, [4, 3, 7, 5], [False, False, False, False])
    state.apply("attack Red's ship on treasure 4")
    assert state.fleets[RED][0].status == "captured"
    assert state.treasure_piles[BLUE] == [(RED, 4)]
    assert state.cannons[BLUE] == 2 and state.removed_cannons[BLUE] == 1
    assert state.cannon_piles[RED] == []
    assert state.points()[BLUE] == 4


def test_attack_a_kept_cannon_card_is_score_not_ammunition(game: LetterOfMarque) -> None:
    # The defender "places it faceup with his score pile": it never fires.
    state = opening(game, [4, 3, 7, 5], [True, False, False, False])
    state.apply("attack Red's ship on treasure 4")  # repelled: Red keeps Blue's card
    assert state.cannons[RED] == 3  # the kept card is not one more to fire
    state.cannons[RED] = 0  # say Red had spent its own three
    state.touched()
    assert state.cannon_piles[RED] == [BLUE]
    yellow_turn = texts(state)
    assert any(t.startswith("attack") for t in yellow_turn)  # Yellow still has its cards
    state.apply("your ship on treasure 7 arrives")
    state.apply("your ship on treasure 5 arrives")  # Green
    assert state.current_player == RED
    assert not [t for t in texts(state) if t.startswith("attack")]


def test_arrived_and_captured_ships_leave_the_game_for_good(game: LetterOfMarque) -> None:
    # "He removes the ship from the game"; "The defending ship is removed from the game."
    state = opening(game, [4, 3, 7, 5], [False] * 4)
    reserves = [list(r) for r in state.reserves]
    state.apply("your ship on treasure 3 arrives")  # Blue's ship arrives
    state.apply("attack Red's ship on treasure 4")  # Yellow captures Red's ship
    assert [state.fleets[BLUE][0].status, state.fleets[RED][0].status] == ["arrived", "captured"]
    assert state.reserves == reserves  # neither went back to its owner's reserve
    assert state.ships_at_sea(BLUE) == [] and state.ships_at_sea(RED) == []
    assert not [t for t in texts(state) if "Red's" in t or "Blue's" in t]


def test_a_revealed_armed_ship_may_be_attacked_again_house_reading(game: LetterOfMarque) -> None:
    # The rulebook does not forbid it: the ship is "placed back on to its treasure card".
    state = opening(game, [4, 3, 7, 5], [True, False, False, False])
    state.apply("attack Red's ship on treasure 4")  # Blue: repelled, the ship is shown
    assert "attack Red's ship on treasure 4" in texts(state)
    state.apply("attack Red's ship on treasure 4")  # Yellow: repelled as well
    assert state.cannon_piles[RED] == [BLUE, YELLOW] and state.points()[RED] == 2


def test_attack_needs_a_cannon_card(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False] * 4)
    state.cannons[BLUE] = 0
    assert not [t for t in texts(state) if t.startswith("attack")]
    with pytest.raises(IllegalActionError):
        state.apply("attack Red's ship on treasure 4")


def test_attack_only_opponents_ships_at_sea(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False] * 4)
    attacks = [t for t in texts(state) if t.startswith("attack")]
    assert attacks == [
        "attack Red's ship on treasure 4",
        "attack Yellow's ship on treasure 7",
        "attack Green's ship on treasure 5",
    ]
    with pytest.raises(IllegalActionError):
        state.apply("attack Blue's ship on treasure 3")
    with pytest.raises(IllegalActionError):
        state.apply("attack Red's ship on treasure 6")


# -- Pass -----------------------------------------------------------------------------------------


def test_turn_prompt_names_only_the_actions_open_to_the_player(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False] * 4)
    assert state.pending().prompt == "Blue's turn: a ship leaves, a ship arrives or attack"  # type: ignore[union-attr]
    state.cannons[BLUE] = 0
    state.touched()
    assert state.pending().prompt == "Blue's turn: a ship leaves or a ship arrives"  # type: ignore[union-attr]


def test_pass_only_with_no_treasure_in_the_deck_and_no_ship_at_sea(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7, 5], [False] * 4)
    assert "pass" not in texts(state)
    state.decks[BLUE] = []
    assert "pass" not in texts(state)  # Blue still has a ship at sea
    state.apply("your ship on treasure 3 arrives")
    for _ in range(3):  # the others send more ships out
        state.apply("a ship leaves")
        state.apply("launch a defenceless ship")
    assert state.current_player == BLUE
    assert "pass" in texts(state)
    assert any(t.startswith("attack") for t in texts(state))  # not required to attack


# -- End of the game and scoring ---------------------------------------------------------------


def test_game_ends_when_no_ship_is_at_sea_and_no_treasure_in_any_deck(game: LetterOfMarque) -> None:
    state = opening(game, [4, 3, 7], [False, False, False])
    empty_decks(state)
    state.apply("your ship on treasure 3 arrives")  # Red (4)... first player is Blue (3)
    assert not state.is_terminal()
    state.apply("your ship on treasure 7 arrives")
    assert not state.is_terminal()
    state.apply("your ship on treasure 4 arrives")
    assert state.is_terminal() and state.legal_actions() == []
    assert state.view(None)["log"][-1]["kind"] == "game-end"


def finish(state: LetterOfMarqueState) -> None:
    """End the game by setting every deck empty and bringing every ship home."""
    empty_decks(state)
    while not state.is_terminal():
        arrivals = [a for a in state.legal_actions() if a.kind in ("arrive", "pass")]
        state.apply(arrivals[0])


def test_scoring_treasures_plus_one_per_captured_cannon_unused_cannons_score_nothing(
    game: LetterOfMarque,
) -> None:
    state = opening(game, [4, 3, 7, 5], [True, False, False, False])
    state.apply("attack Red's ship on treasure 4")  # repelled: Red +1
    state.apply("attack Blue's ship on treasure 3")  # Yellow captures Blue's 3
    finish(state)
    # Red: 4 + 1 cannon; Blue: nothing; Yellow: 7 + 3; Green: 5. Unused cannons: nothing.
    assert state.points() == [5, 0, 10, 5]
    assert state.returns() == [0.0, 0.0, 1.0, 0.0]


def test_highest_points_wins(game: LetterOfMarque) -> None:
    state = opening(game, [5, 3, 4], [False, False, False])  # Blue first
    state.apply("attack Red's ship on treasure 5")  # Blue captures 5, 2 cannons left
    empty_decks(state)
    state.apply("your ship on treasure 4 arrives")  # Yellow: 4
    state.apply("pass")  # Red has nothing left
    state.apply("your ship on treasure 3 arrives")  # Blue: 5 + 3; game over
    assert state.is_terminal() and state.points() == [0, 8, 4]
    assert state.returns() == [0.0, 1.0, 0.0]


def test_tie_on_points_goes_to_the_most_cannon_cards(game: LetterOfMarque) -> None:
    # Default (house) reading: all the cannon cards a player holds, unused + captured.
    # Red (armed, 4), Blue (3, first), Yellow (5); every deck is empty.
    state = opening(game, [4, 3, 5], [True, False, False])
    empty_decks(state)
    state.apply("attack Red's ship on treasure 4")  # repelled: Red keeps Blue's card
    state.apply("your ship on treasure 5 arrives")  # Yellow: 5
    state.apply("your ship on treasure 4 arrives")  # Red: 4 + 1
    state.apply("your ship on treasure 3 arrives")  # Blue: 3; the game is over
    assert state.is_terminal() and state.points() == [5, 3, 5]
    assert state.tiebreak_cannons() == [4, 2, 3]  # Red: 3 unused + 1 captured
    assert state.winners() == [RED] and state.returns() == [1.0, 0.0, 0.0]


def test_tiebreak_still_tied_players_share_the_win(game: LetterOfMarque) -> None:
    # Red (3, first), Blue (5), Yellow (5) bring their ships home; nobody fires.
    state = opening(game, [3, 5, 5], [False, False, False])
    empty_decks(state)
    for treasure in (3, 5, 5):
        state.apply(f"your ship on treasure {treasure} arrives")
    assert state.is_terminal() and state.points() == [3, 5, 5]
    assert state.tiebreak_cannons() == [3, 3, 3]
    assert state.returns() == [0.0, 0.5, 0.5]


def played_tie(game: LetterOfMarque) -> LetterOfMarqueState:
    """Blue and Yellow tie on 12 points; Blue holds 2 unused and 2 captured cannon
    cards, Yellow 3 unused and none captured."""
    state = opening(game, [3, 4, 5], [False, True, False])  # Red (3) starts
    state.decks = [[], [3], [7]]
    state.touched()
    state.apply("attack Blue's ship on treasure 4")  # Red: repelled, Blue keeps the card
    state.apply("a ship leaves")  # Blue turns up its 3
    state.apply("launch an armed ship")
    state.apply("a ship leaves")  # Yellow turns up its 7
    state.apply("launch a defenceless ship")
    state.apply("attack Blue's ship on treasure 3")  # Red: repelled again
    state.apply("attack Red's ship on treasure 3")  # Blue captures Red's 3
    for action in (
        "your ship on treasure 5 arrives",  # Yellow
        "pass",  # Red: no ship at sea, an empty deck
        "your ship on treasure 4 arrives",  # Blue
        "your ship on treasure 7 arrives",  # Yellow
        "pass",  # Red
        "your ship on treasure 3 arrives",  # Blue; the game is over
    ):
        state.apply(action)
    assert state.is_terminal() and state.points() == [0, 12, 12]
    assert (state.cannons, [len(pile) for pile in state.cannon_piles]) == ([1, 2, 3], [0, 2, 0])
    return state


@pytest.mark.parametrize(("rule", "winners"), [("all", [1]), ("captured", [1]), ("unused", [2])])
def test_tiebreak_option_chooses_which_cannon_cards_count(rule: str, winners: list[int]) -> None:
    game = get_game("letter-of-marque", {"cannon_tiebreak": rule})
    assert isinstance(game, LetterOfMarque)
    assert played_tie(game).winners() == winners


@pytest.mark.parametrize(
    ("drawn", "shares"),
    [
        ([3, 4, 5, 6], [0.0, 0.0, 0.0, 1.0]),
        ([4, 4, 3], [0.5, 0.5, 0.0]),
        ([5, 5, 5], [1 / 3, 1 / 3, 1 / 3]),
    ],
)
def test_returns_winners_share_one(
    game: LetterOfMarque, drawn: list[int], shares: list[float]
) -> None:
    """Rule: "If there is still a tie [on points, then cannon cards], players share
    the win": the win (1) is split evenly between them."""
    state = opening(game, drawn, [False] * len(drawn))
    finish(state)
    assert state.points() == drawn
    assert state.returns() == pytest.approx(shares)


# -- Component data file -----------------------------------------------------------------------


def test_malformed_data_file_is_refused_naming_the_bad_entry(tmp_path: Path) -> None:
    data = json.loads(
        (
            Path(__file__).parents[3]
            / "src/quarterdeck/games/letter_of_marque/data/components.json"
        ).read_text()
    )
    data["ships"]["armed"] = "two"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(DataFileError, match=r"ships\.armed"):
        get_game("letter-of-marque", {"data": str(bad)})
    bad.write_text("{not json")
    with pytest.raises(DataFileError, match="not JSON"):
        get_game("letter-of-marque", {"data": str(bad)})


def test_own_data_file_is_played_and_embedded_in_the_record(tmp_path: Path) -> None:
    data = json.loads(
        (
            Path(__file__).parents[3]
            / "src/quarterdeck/games/letter_of_marque/data/components.json"
        ).read_text()
    )
    data["cannons"] = {"count": 1, "source": "publisher"}
    data["colours"][4]["name"] = "White"
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(data))
    game = get_game("letter-of-marque", {"data": str(path)})
    state = game.new_state(5, 3)
    assert state.cannons == [1] * 5  # type: ignore[attr-defined]
    assert "attack White's ship on treasure 3" in [a.text for a in game.action_space.actions]
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    record = Record.of(state)
    assert record.data == data and record.data_hash == game.data_hash
    path.unlink()  # the record replays without the file
    replayed = Record.from_json(record.to_json()).final_state()
    assert replayed.history == state.history and replayed.returns() == state.returns()
