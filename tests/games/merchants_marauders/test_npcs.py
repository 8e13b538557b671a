"""MM-4 Events and NPCs: movement, hunting, scouting, entry, defeat."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders.components import DIRECTIONS
from quarterdeck.games.merchants_marauders.event_cards import resolve_event
from quarterdeck.games.merchants_marauders.npcs import (
    choose_target,
    defeat_npc,
    enter_npcs,
    move_npcs,
    npc_attacks,
    npc_scout_dice,
)

from .helpers import C, captain_of, place, ready, zone

ES, EN, FR, NL, PS, PF = range(6)
SPANISH, ENGLISH, FRENCH, DUTCH = range(4)


def test_mm_t1_mm_4_3_blocked_strip_turns_clockwise() -> None:
    s = ready()
    place(s, 0, "Curaçao", docked=True)
    place(s, 1, "Curaçao", docked=True)
    s.table.npc_zone[ES] = zone("Nassau")
    s.table.npc_cards[ES] = [0]
    move_npcs(s, ((ES, DIRECTIONS.index("N")),))
    assert s.table.npc_zone[ES] == zone("Tortuga")


def test_mm_t2_mm_4_4_a_docked_target_draws_the_navy_but_is_not_scouted() -> None:
    s = ready()
    t = s.table
    place(s, 0, "Curaçao", docked=True, captain=captain_of("dutch"))
    wanted = place(s, 1, "Port Royal", docked=True, captain=captain_of("french"))
    wanted.bounties[ENGLISH] = 1
    t.npc_zone[EN] = zone("Havana")
    t.npc_cards[EN] = [2]
    move_npcs(s, ((EN, DIRECTIONS.index("NE")),))
    assert t.npc_zone[EN] == zone("Port Royal")  # not Nassau, the printed NE
    npc_attacks(s, 1)
    assert t.battles == []  # MM-5.3: a ship in port is never scouted


def test_mm_t3_mm_4_5_the_pirate_hunts_gold_before_cargo() -> None:
    s = ready()
    t = s.table
    a = place(s, 0, "Port Royal", ship="Flute")
    a.gold, a.cargo = 0, [1, 2, 3]
    b = place(s, 1, "Curaçao")
    b.gold, b.cargo = 4, []
    t.npc_zone[PS] = zone("Cartagena")
    t.npc_cards[PS] = [8]
    assert choose_target(s, PS) == 1
    move_npcs(s, ((PS, 0),))
    assert t.npc_zone[PS] == zone("Curaçao")


def test_mm_t4_mm_4_7_the_navy_scouts_with_the_bounties_it_sees() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "Havana")
    p.bounties[SPANISH] = 3
    t.npc_zone[ES] = zone("Havana")
    t.npc_cards[ES] = [0]  # E01, Scouting 2
    assert C.events[0].skills[1] == 2
    assert npc_scout_dice(s, ES, p) == 3


def test_mm_t19_mm_4_5_more_bounties_elsewhere_beats_being_in_the_same_zone() -> None:
    s = ready()
    t = s.table
    a = place(s, 0, "Havana")  # adjacent to Port Royal
    a.bounties = [2, 1, 0, 0]  # 1 English, 2 others
    b = place(s, 1, "Port Royal")  # the navy's own zone
    b.bounties = [0, 1, 0, 0]
    t.npc_zone[EN] = zone("Port Royal")
    t.npc_cards[EN] = [2]
    assert choose_target(s, EN) == 0


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
