"""PW-14 ports and forts, PW-15 trading and plunder, PW-16 services, PW-17 storing
and victory, PW-18 the island (Appendix C 14 and 15:
test_appendix_c.py)."""

from __future__ import annotations

from quarterdeck.games.pirate_war import PirateWarState, ports
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.table import Decision

from .conftest import BRETTONIAN, ELVES, EMPIRE, away, make, push, put, script, settled, texts

IVORY_COAST, TREASURE_MAP = 20, 9


def at_site(state: PirateWarState, seat: int, site: int) -> None:
    """Put ``seat``'s ship on the anchorage of ``site`` (0-based) facing out."""
    b = state.board
    state.table.hex[seat] = b.site_anchorage[site]
    state.table.facing[seat] = b.site_out[site]
    state.touched()


def battle(state: PirateWarState, seat: int) -> None:
    state.table.pending.append(ports_step(seat))
    settled(state)


def ports_step(seat: int) -> Decision:
    from quarterdeck.games.pirate_war.table import step

    return step(ph.BATTLE, seat)


def test_pw_15_3_plunder_source_bank_option_and_free_space() -> None:
    s = make((EMPIRE, BRETTONIAN), plunder_source="bank")
    at_site(s, 0, s.table.site[1])
    s.table.store[1] = 3
    s.table.hull[0] = 5  # 3 crew + 1 cannon: one free space
    battle(s, 0)
    script(s, 1, 1, 1, 1, 6)
    s.apply("main action: plunder")
    assert s.table.aboard[0] == 1 and s.table.store[1] == 3


def test_pw_14_7_what_each_port_allows() -> None:
    s = make((EMPIRE, BRETTONIAN))
    at_site(s, 0, s.table.site[0])  # own home port
    assert not ports.can_trade(s, 0) and ports.plunder_site(s, 0) < 0
    assert ports.at_own_anchorage(s, 0) and ports.at_port(s, 0)
    put(s, 0, 7, 1, 1)  # a free port
    assert ports.can_trade(s, 0) and ports.plunder_site(s, 0) < 0
    neutral = next(k for k in range(6) if k not in s.table.site)
    at_site(s, 0, neutral)
    assert ports.owner(s.table, neutral) == -1
    assert ports.can_trade(s, 0) and ports.plunder_site(s, 0) == neutral
    # The inner harbour hex is not "at" the port.
    s.table.hex[0] = s.board.site_harbour[neutral][1]
    assert not ports.at_port(s, 0) and not ports.can_trade(s, 0)


def test_pw_14_4_forts_never_fire_at_their_owner() -> None:
    s = make((EMPIRE, BRETTONIAN))
    at_site(s, 0, s.table.site[0])
    ports.provoke(s, 0, s.table.site[0], once_per_phase=True)
    assert s.table.hostile[0] == [] and "fort-fires" not in [e.kind for e in s.events]


def test_pw_15_1_trading_table() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 7, 1, 1)
    battle(s, 0)
    script(s, 5, 4)
    s.apply("main action: trade")
    assert s.table.gold[0] == 10 + 4 + 2
    battle(s, 0)
    script(s, 3, 2)
    s.apply("main action: trade")
    assert s.table.gold[0] == 18 and s.table.miss[0]
    battle(s, 0)
    script(s, 1)
    s.apply("main action: trade")
    assert texts(s) == ["lose 10 gold"]  # PW-15.4: no treasure aboard
    s.apply("lose 10 gold")
    assert s.table.gold[0] == 8 and s.table.crew[0] == 2


def test_pw_16_services_and_pw_17_storing_wins_at_once() -> None:
    s = make((EMPIRE, BRETTONIAN))
    at_site(s, 0, s.table.site[0])
    s.table.hull[0] = 10
    s.table.aboard[0] = 2
    s.table.store[0] = 6
    s.table.gold[0] = 3
    battle(s, 0)
    s.apply("main action: none")
    assert texts(s) == [
        "repair 1 hull",
        "hire 1 crew",
        "buy a weapon mounted forward",
        "buy a weapon mounted midships",
        "store a treasure",
        "done",
    ]
    s.apply("repair 1 hull")
    assert s.table.hull[0] == 11 and s.table.gold[0] == 2
    s.apply("buy a weapon mounted midships")
    assert s.table.weapons[0] == [0, 1] and s.table.gold[0] == 0
    s.apply("store a treasure")  # C15: the seventh stored treasure wins at once
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_pw_15_5_ivory_coast_plunders_without_the_roll() -> None:
    s = make((EMPIRE, BRETTONIAN))
    at_site(s, 0, s.table.site[1])
    s.table.hands[0] = [IVORY_COAST]
    battle(s, 0)
    assert "play Ivory Coast" in texts(s)
    script(s, 1, 1, 1, 1)
    s.apply("play Ivory Coast")
    assert s.table.aboard[0] == 2 and IVORY_COAST in s.table.deck.discards


def test_pw_18_dig_with_the_treasure_map() -> None:
    s = make((ELVES, BRETTONIAN))
    put(s, 0, 11, 7, 1)
    s.table.hands[0] = [TREASURE_MAP]
    battle(s, 0)
    assert "play Treasure Map" in texts(s)
    script(s, 1, 2, 3, 4)
    s.apply("play Treasure Map")
    assert s.table.gold[0] == 20
    s2 = make((ELVES, BRETTONIAN))
    away(s2, 0)
    s2.table.hands[0] = [TREASURE_MAP]
    battle(s2, 0)
    assert "play Treasure Map" not in texts(s2)


def test_pw_14_8_wine_women_and_song_takes_gold_at_the_next_port() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 7, 1, 1)
    s.table.wws[0] = True
    from quarterdeck.games.pirate_war import movement

    script(s, 4)
    movement.end_movement(s, 0)
    assert s.table.gold[0] == 6 and not s.table.wws[0] and 24 in s.table.deck.discards


def test_pw_14_5_firing_into_a_harbour_brings_the_forts() -> None:
    s = make((EMPIRE, BRETTONIAN))
    site = s.table.site[1]
    _anchorage, inner, mouth = s.board.site_harbour[site]
    s.table.hex[1] = inner
    # The Empire ship 2 hexes out from the mouth, facing back in.
    out = s.board.site_out[site]
    from quarterdeck.games.pirate_war.map import opposite

    h = s.board.neighbour(mouth, out)
    s.table.hex[0] = h
    s.table.facing[0] = opposite(out)
    s.touched()
    push(s, ph.FIRE_TARGET, 0)
    assert texts(s)[0] == "fire at Blue"
    script(s, 1, 1, 1, 1)  # both forts fire (and miss) before the battle card choice
    s.apply("fire at Blue")
    assert [e.kind for e in s.events].count("fort-fires") == 2
    assert s.table.hostile[0] == [[site, 1]]
