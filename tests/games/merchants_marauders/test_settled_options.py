"""The options settling stops at are kept for the legal actions (MM-3.3's flow, the
decision table): they must be the options worked out afresh, and be forgotten when the
table is changed by hand."""

from __future__ import annotations

from quarterdeck.engine import Rng
from quarterdeck.games.merchants_marauders import MerchantsAndMaraudersState, decisions
from quarterdeck.games.merchants_marauders.phases import ACTION, CHOOSE_SHIP
from quarterdeck.games.merchants_marauders.table import Decision

from .helpers import GAME, place, ready, texts, turn, zone


def fresh_ids(s: MerchantsAndMaraudersState) -> list[int]:
    """The legal action ids worked out from the table alone, with no kept options."""
    return sorted(GAME.action_by_option[option].id for option in decisions.options(s))


def test_mm_3_3_the_options_settling_kept_are_those_worked_out_afresh() -> None:
    for players, seed in ((2, 3), (4, 5)):
        s = GAME.new_state(players, seed)
        assert isinstance(s, MerchantsAndMaraudersState)
        rng = Rng.from_seed(seed)
        for _ in range(400):
            if s.is_terminal():
                break
            copy = s.clone()  # a clone keeps no options: it works them out
            legal = s.legal_actions()
            assert [a.id for a in legal] == fresh_ids(s) == [a.id for a in copy.legal_actions()]
            s.apply(rng.choice(legal))


def test_mm_5_1_moves_follow_a_ship_placed_by_hand_after_a_decision() -> None:
    s = ready()
    turn(s, 0)
    place(s, 0, "Havana", captain=1)
    s.apply("move to Port Royal")  # settles at the next action, its options kept
    assert s.pending().decision == ACTION  # type: ignore[union-attr]
    place(s, 0, "Tortuga")
    s.touched()
    moves = [a.args[0] for a in s.legal_actions() if a.kind == "move"]
    assert sorted(moves) == sorted(s.sea.neighbours[zone("Tortuga")])
    assert sorted(moves) != sorted(s.sea.neighbours[zone("Port Royal")])


def test_mm_2_7_a_decision_pushed_by_hand_is_asked_its_own_options() -> None:
    s = ready()
    turn(s, 0)
    place(s, 0, "Havana", captain=1)
    s.apply("move to Port Royal")
    s.table.pending.append(Decision(CHOOSE_SHIP, 0))  # no touched(): a new decision on top
    assert texts(s) == ["sail a Sloop", "sail a Flute"]
