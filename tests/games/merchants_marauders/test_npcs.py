"""MM-4 Events and NPCs: movement, hunting, scouting, entry, defeat."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders.event_cards import resolve_event
from quarterdeck.games.merchants_marauders.npcs import (
    choose_target,
    defeat_npc,
    enter_npcs,
    npc_attacks,
)

from .helpers import C, place, ready, zone

ES, EN, FR, NL, PS, PF = range(6)
SPANISH, ENGLISH, FRENCH, DUTCH = range(4)


def test_mm_18_3_trinidad_hides_captains_from_naval_ships() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "Trinidad")
    p.bounties[SPANISH] = 2
    place(s, 1, "Curaçao", docked=True)
    t.npc_zone[ES] = zone("Trinidad")
    t.npc_cards[ES] = [0]
    assert choose_target(s, ES) is None
    npc_attacks(s, 0)
    assert t.battles == []


def test_mm_4_9_an_entry_card_puts_its_npc_in_play_at_the_end_of_the_turn() -> None:
    s = ready()
    t = s.table
    resolve_event(s, 10)  # E11: Silas Crowe, the pirate frigate, at Tortuga
    assert t.npc_zone[PF] == -1 and t.entries == [10]
    enter_npcs(s)
    assert t.npc_zone[PF] == zone("Tortuga") and t.npc_cards[PF] == [10]


def test_mm_4_10_a_defeated_npc_returns_with_the_card_beneath() -> None:
    s = ready()
    t = s.table
    t.npc_cards[FR] = [4, 5]  # E05 (Basse-Terre) under E06 (Petite Goave)
    t.npc_zone[FR] = zone("Petite Goave")
    defeat_npc(s, FR)
    assert t.npc_cards[FR] == [4] and t.npc_zone[FR] == zone("Basse-Terre")
    assert 5 in t.event_discard
    defeat_npc(s, FR)
    assert t.npc_cards[FR] == [] and t.npc_zone[FR] == -1


def test_mm_4_13_war_and_peace() -> None:
    s = ready()
    t = s.table
    resolve_event(s, 12)  # E13: Spain and England at war
    assert sorted(t.war) == [SPANISH, ENGLISH]
    resolve_event(s, 13)  # E14: a new war replaces it
    assert sorted(t.war) == [SPANISH, FRENCH]
    resolve_event(s, 18)  # E19: peace
    assert t.war == []


def test_mm_d8_market_shift_redraws_the_demand_of_the_named_nations() -> None:
    s = ready()
    t = s.table
    before = list(t.demand)
    reserve = sorted(t.reserve)
    resolve_event(s, 28)  # E29: English and French ports
    changed = {z for z in range(17) if t.demand[z] != before[z]}
    english_french = {z for z in C.ports if C.zones[z].nation in (ENGLISH, FRENCH)}
    assert changed <= english_french
    assert len(t.reserve) == len(reserve)
