"""MM-2 Setup, MM-3 the game turn, MM-16 death and retirement, MM-17 the end."""

from __future__ import annotations

from collections import Counter

import pytest

from quarterdeck.engine import OptionError
from quarterdeck.games.merchants_marauders import MerchantsAndMaraudersState, death, scoring
from quarterdeck.games.merchants_marauders.basics import home_port
from quarterdeck.games.merchants_marauders.turn import round_start

from .helpers import GAME, C, place, ready, texts, turn


def test_mm_2_setup() -> None:
    s = GAME.new_state(3, 5)
    assert isinstance(s, MerchantsAndMaraudersState)
    t = s.table
    assert [s.pending().decision] == ["choose-ship"] and s.current_player == 0  # type: ignore[union-attr]
    assert texts(s) == ["sail a Sloop", "sail a Flute"]
    assert sum(1 for g in t.demand if g >= 0) == 16 and len(t.reserve) == 8  # MM-2.1
    assert all(m >= 0 for m in t.merchants) and Counter(t.merchants) == {
        0: 5,
        1: 4,
        2: 4,
        3: 4,
    }  # MM-2.2
    assert sum(1 for m in t.mod_at if m >= 0) == 16 and not any(t.mod_up)  # MM-2.3
    ports = [C.missions[m].port for m in t.board_missions]
    assert len(set(ports)) == 2  # MM-2.5
    assert t.npc_zone == [-1] * 6  # MM-2.6
    for p in t.players:  # MM-2.7
        assert p.gold == 10 and len(p.hand) == 1 and p.glory == 0 and p.docked
        assert p.zone == home_port(s, p)
    s.apply("sail a Sloop")
    s.apply("sail a Flute")
    s.apply("sail a Sloop")
    assert [C.ships[p.ship].name for p in t.players] == ["Sloop", "Flute", "Sloop"]
    assert t.round == 1 and s.current_player == t.first  # MM-2.8, MM-3.2


def test_mm_1_2_two_to_four_players() -> None:
    with pytest.raises(OptionError):
        GAME.new_state(5, 1)
    with pytest.raises(OptionError):
        GAME.new_state(1, 1)


def test_mm_16_5_retirement_in_port_ends_the_turn_with_a_new_captain() -> None:
    s = ready(players=2)
    t = s.table
    t.first, t.turns_taken = 0, 0
    old = t.players[0].card
    place(s, 0, "Curaçao", docked=True)
    t.players[0].glory = 3
    turn(s, 0)
    s.apply("retire your captain")
    p = t.players[0]
    assert p.card != old and p.glory == 3
    while s.current_player == 0 and s.pending().decision in ("keep-captain", "choose-ship"):  # type: ignore[union-attr]
        s.apply(texts(s)[-1] if s.pending().decision == "keep-captain" else "sail a Flute")  # type: ignore[union-attr]
    assert s.current_player == 1 and t.active == 1  # no actions this turn


def test_mm_17_1_no_event_card_ends_the_game() -> None:
    s = ready(players=3)
    t = s.table
    t.event_deck = []
    t.pending = []
    round_start(s)
    assert s.is_terminal() and sum(s.returns()) == pytest.approx(1.0)


def test_mm_17_4_tie_breaks_track_then_stash_then_shared() -> None:
    s = ready(players=3)
    a, b, c = s.table.players
    a.glory, a.stash = 6, 40  # 6 + 4 = 10
    b.glory, b.stash = 7, 30  # 7 + 3 = 10: more on the track
    c.glory, c.stash = 2, 0
    assert scoring.winners(s) == [1]
    b.glory, b.stash = 6, 40
    a.stash = b.stash = 45
    assert scoring.winners(s) == [0, 1]
    assert scoring.returns(s) == [0.5, 0.5, 0.0]


def test_mm_1_1_a_longer_game_halves_the_stash_cap() -> None:
    from quarterdeck.games.merchants_marauders import (
        MerchantsAndMarauders,
        MerchantsAndMaraudersState,
    )
    from quarterdeck.games.merchants_marauders.basics import check_declaration, stash_points

    s = MerchantsAndMarauders(glory_target=12).new_state(2, 1)
    assert isinstance(s, MerchantsAndMaraudersState)
    p = s.table.players[0]
    p.stash = 100
    assert stash_points(s, p) == 6
    p.glory = 5
    check_declaration(s, 0)
    assert s.table.declared == -1
    p.glory = 6
    check_declaration(s, 0)
    assert s.table.declared == 0


def test_mm_13_4_the_owner_picks_ports_the_tokens_are_dealt_at_random() -> None:
    s = ready(players=2)
    t = s.table
    p = place(s, 0, "Havana", captain=1)
    free = [z for z in C.ports][:2]
    for z in free:
        t.mod_at[z] = -1
    tokens = [1, 4]
    p.mods = list(tokens)
    death.kill(s, 0, "test")
    s.touched()
    while s.pending().decision in ("keep-captain", "choose-ship"):  # type: ignore[union-attr]
        s.apply(texts(s)[-1] if s.pending().decision == "keep-captain" else "sail a Sloop")  # type: ignore[union-attr]
    assert s.pending().decision == "place-modification"  # type: ignore[union-attr]
    assert texts(s) == [f"place a modification token at {C.zones[z].name}" for z in free]
    for z in free:
        s.apply(f"place a modification token at {C.zones[z].name}")
    assert sorted(t.mod_at[z] for z in free) == tokens and not any(t.mod_up[z] for z in free)


def test_mm_16_3_a_new_captain_may_refuse_a_pirate_at_home_once() -> None:
    s = ready(players=2)
    t = s.table
    t.captain_discard += [c for c in t.captain_deck if C.captains[c].nation != 0]
    t.captain_deck = [c for c in t.captain_deck if C.captains[c].nation == 0]  # Spanish only
    spanish_home = C.nations[0].home_port
    t.npc_zone[4], t.npc_cards[4] = spanish_home, [8]
    death.kill(s, 0, "test")
    s.touched()
    assert s.pending().decision == "keep-captain"  # type: ignore[union-attr]
    first = t.players[0].card
    s.apply("draw another captain")
    assert t.players[0].card != first and first in t.captain_deck
    assert s.pending().decision == "choose-ship"  # type: ignore[union-attr]


def test_mm_17_2_no_captain_left_ends_the_game_after_the_action() -> None:
    s = ready(players=2)
    t = s.table
    t.captain_discard += t.captain_deck
    t.captain_deck = []
    turn(s, 0)
    t.pending = []
    death.kill(s, 1, "test")
    from quarterdeck.games.merchants_marauders.decisions import settle

    settle(s)
    assert s.is_terminal() and any(e.data.get("why") == "no captain card left" for e in s.events)
