"""A choice assembled in the page: previews tell the seat nothing it does not know."""

from __future__ import annotations

import json

import pytest

from quarterdeck.engine import Rng, State, get_game
from quarterdeck.games.broadsides import BroadSides
from quarterdeck.server.preview import MAX_STEPS, PreviewError, preview


def positions(name: str, players: int, seeds: range, every: int) -> list[State]:
    """Positions from random games, one in ``every`` decisions."""
    game = get_game(name)
    out = []
    for seed in seeds:
        state = game.new_state(players, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while not state.is_terminal():
            if n % every == 0:
                out.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            n += 1
    return out


def canonical(data: object) -> str:
    return json.dumps(data, sort_keys=True)


@pytest.mark.parametrize(
    ("name", "players", "assembles"), [("broadsides", 2, True), ("letter-of-marque", 4, False)]
)
def test_an_open_preview_shows_exactly_what_the_seat_would_see(
    name: str, players: int, assembles: bool
) -> None:
    """Where the choice stays open, the preview's view and next steps are those of
    the real game after the same steps; where it closes, nothing is shown. Letter of
    Marque has no choice of several steps: every step is sent at once."""
    opened = closed = 0
    for state in positions(name, players, range(3), every=7):
        seat = state.current_player
        assert seat is not None
        before = canonical(state.to_json())
        for action in state.legal_actions():
            message = preview(state, seat, [action.id], salt=len(state.history))
            real = state.clone()
            real.apply(action)
            if message["open"]:
                assert action.kind in state.game.choice_steps
                opened += 1
                assert real.current_player == seat
                assert canonical(message["view"]) == canonical(real.view(seat))
                assert [a["id"] for a in message["legal"]] == [a.id for a in real.legal_actions()]
            else:
                closed += 1
                assert "view" not in message and "legal" not in message
        assert canonical(state.to_json()) == before  # the real game is never touched
    assert closed and bool(opened) == assembles


def test_a_preview_is_the_same_whatever_the_hidden_cards() -> None:
    """Swap the foe's hidden cards (and the decks' order) for any the seat cannot
    tell apart: the preview does not change, so it cannot reveal them."""
    opened = 0
    for state in positions("broadsides", 2, range(2), every=5):
        seat = state.current_player
        assert seat is not None
        other = state.resample(seat, Rng.from_seed(99))
        for action in state.legal_actions()[:4]:
            mine = preview(state, seat, [action.id], salt=3)
            theirs = preview(other, seat, [action.id], salt=3)
            assert mine["open"] == theirs["open"]
            if mine["open"]:
                assert canonical(mine["view"]) == canonical(theirs["view"])
                assert mine["legal"] == theirs["legal"]
                opened += 1
    assert opened, "some previews stay open and show a view"


def test_a_choice_of_several_steps_and_its_end() -> None:
    """Picking the cards of a set: each pick keeps the choice open and shows the set
    growing; "done" ends it, and a step after the end is refused."""
    for state in positions("broadsides", 2, range(6), every=1):
        seat = state.current_player
        picks = [a for a in state.legal_actions() if a.kind == "card"]
        if seat is None or not picks:
            continue
        message = preview(state, seat, [picks[0].id])
        assert message["open"]
        assert picks[0].args[0] in [c[0] for c in message["view"]["selection"]["cards"]]
        steps = [picks[0].id]
        while message["open"]:
            done = [a for a in message["legal"] if a["kind"] == "done"]
            steps.append(done[0]["id"] if done else message["legal"][0]["id"])
            message = preview(state, seat, steps)
        assert "view" not in message
        with pytest.raises(PreviewError) as refused:
            preview(state, seat, [*steps, picks[0].id])
        assert refused.value.code == "closed"
        return
    pytest.fail("no position offered a card to pick")


def test_bad_previews_are_refused() -> None:
    state = get_game("broadsides").new_state(2, 1)
    seat = state.current_player
    assert seat is not None
    with pytest.raises(PreviewError) as wrong_seat:
        preview(state, 1 - seat, [state.legal_actions()[0].id])
    assert wrong_seat.value.code == "not_your_turn"
    illegal = next(a for a in state.game.action_space.actions if not state.is_legal(a))
    with pytest.raises(PreviewError) as bad:
        preview(state, seat, [illegal.id])
    assert bad.value.code == "illegal"
    with pytest.raises(PreviewError) as long:
        preview(state, seat, [0] * (MAX_STEPS + 1))
    assert long.value.code == "too_long"


def test_placing_the_aim_card_ends_the_choice_though_the_draws_that_follow_move_no_generator() -> (
    None
):
    # Red's second action is an Aim; nothing is loaded, so Stage 2 passes and Stage 3
    # draws 2 cards from her 3-card deck (a pop: no generator moves), putting her over
    # the hand limit, where her discards are again steps of a choice. Had the choice
    # stayed open after placing the Aim card, the two guessed worlds would often draw
    # alike, and [pick, place, discard X] would be refused exactly when X is not among
    # her real next draws.
    game = get_game("broadsides")
    assert isinstance(game, BroadSides)
    hand = ["1♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠"]
    others = [f"{v}{s}" for s in "♣♦♥" for v in range(1, 11)]
    for k in range(0, 30, 3):
        deck = others[k : k + 3]
        discards = [c for c in others if c not in deck] + ["8♠", "9♠", "10♠", "Wild", "Wild2"]
        red = {"hand": hand, "discards": discards, "loaded": {"fore": [], "aft": []}}
        state = game.load_scenario({"ships": [red, {"hand": ["1♦", "2♦"]}], "seed": k})
        state.apply("Aim")
        state.apply("1♠")
        state.apply(state.legal_actions()[0])  # placed: the first action is done
        state.apply("Aim")
        pick = state.game.ids["card", 1]  # 2♠
        after = state.clone()
        after.apply(pick)
        place = after.legal_actions()[0].id
        assert preview(state, 0, [pick], salt=k)["open"]
        assert preview(state, 0, [pick, place], salt=k)["open"] is False
