"""PW-7 rounds and turns, PW-8 wind, PW-20 missed and extra turns, PW-17.4 the cap
(Appendix C 1: test_appendix_c.py)."""

from __future__ import annotations

from quarterdeck.engine import Rng
from quarterdeck.games.pirate_war import PirateWarState, turn
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.table import step

from .conftest import BRETTONIAN, ELVES, EMPIRE, game, make, script, settled


def test_pw_7_2_initiative_ties_roll_again() -> None:
    s = make((EMPIRE, BRETTONIAN, ELVES))
    script(s, 4, 6, 4, 2, 5)  # seat 1 first; seats 0 and 2 tie on 4 and roll 2, 5
    assert turn.order_by_roll(s, [0, 1, 2], "initiative") == [1, 2, 0]


def test_pw_7_3_a_turn_draws_moves_and_battles_in_order() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.pending = [s.table.pending[0]]
    s.table.deck.draw_pile.append(5)  # Change wind 1 clockwise on top: no choice
    s.table.pending.append(step(ph.TURN, 0, 0))
    settled(s)
    kinds = [e.kind for e in s.events]
    assert kinds[-3:] == ["turn", "draw", "wind"]
    assert s.pending().decision == ph.MODE  # type: ignore[union-attr]


def test_pw_20_1_a_missed_turn_is_skipped_and_the_mark_removed() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.miss[0] = True
    s.table.pending.append(step(ph.TURN, 0, 0))
    settled(s)
    assert not s.table.miss[0]
    kinds = [e.kind for e in s.events]
    assert kinds[-2:] == ["turn", "turn-missed"]


def test_pw_20_3_go_again_in_4_turns_in_a_row_gives_exactly_3_extra_turns() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.pending = [s.table.pending[0]]
    go_again = [10, 31, 32]
    for card in go_again:
        s.table.deck.draw_pile.remove(card)
    s.table.deck.draw_pile.append(10)
    start = len(s.events)
    s.table.pending.append(step(ph.TURN, 0, 0))
    settled(s)
    turns_seen = 0
    while s.table.pending[-1].kind != ph.WIND:
        d = s.table.pending[-1]
        if d.kind == ph.MODE:
            turns_seen += 1
            # Before the next turn's draw, put a go-again card on top of the deck.
            card = go_again[turns_seen % 3]
            s.table.deck.draw_pile.append(card)
        choice = {ph.MODE: "move under oars", ph.MOVE: "stop"}.get(d.kind)
        s.apply(choice if choice else s.legal_actions()[0].id)
    events = s.events[start:]
    assert [e.data["extra"] for e in events if e.kind == "turn"] == [0, 1, 2, 3]
    assert [e.kind for e in events].count("no-extra-turn") == 1


def test_pw_20_3_extra_turn_limit() -> None:
    s = make((EMPIRE, BRETTONIAN), extra_turn_limit=3)
    s.table.go_again = True
    turn.extra_turn(s, 0, 3)  # a go again in the last allowed extra turn: no effect
    assert s.table.pending[-1].kind == ph.WIND
    s.table.go_again = True
    turn.extra_turn(s, 0, 2)
    assert s.table.pending[-1].kind == ph.TURN and s.table.pending[-1].args == [0, 3]


def test_pw_17_4_round_limit_ends_the_game_after_round_1() -> None:
    g = game(round_limit=1)
    state = g.new_state(3, 5)
    assert isinstance(state, PirateWarState)
    chooser = Rng.from_seed(2)
    while not state.is_terminal():
        state.apply(chooser.choice(state.legal_actions()))
    assert state.table.round == 1
    end = next(e for e in state.events if e.kind == "game-end")
    assert end.data["why"] == "round limit"
    keys = [(state.table.store[s], state.table.aboard[s], state.table.gold[s]) for s in range(3)]
    assert set(end.data["winners"]) == {s for s in range(3) if keys[s] == max(keys)}
    assert sum(state.returns()) == 1.0
