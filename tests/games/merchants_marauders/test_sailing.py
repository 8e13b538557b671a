"""MM-1 dice, MM-5 Move and NPC scouting on entry, MM-4.8 several NPCs, MM-9.3 cargo
damage, MM-D.8 event effects, MM-1.7a what each seat sees."""

from __future__ import annotations

from quarterdeck.engine import Event, Rng
from quarterdeck.games.merchants_marauders import MerchantsAndMaraudersState
from quarterdeck.games.merchants_marauders.basics import number_sum, successes
from quarterdeck.games.merchants_marauders.components import CARGO, CREW, HULL
from quarterdeck.games.merchants_marauders.damage import hit_player
from quarterdeck.games.merchants_marauders.event_cards import REINFORCED_HULL, resolve_event
from quarterdeck.games.merchants_marauders.phases import HAZARD_REINFORCE, SKULL_HIT

from .helpers import C, ScriptedDice, captain_of, card, place, ready, texts, turn, zone
from .test_glory import give

ES, EN, FR, NL, PS, PF = range(6)


def test_mm_1_3_a_skull_is_a_success_and_counts_zero() -> None:
    assert successes([1, 2, 3, 4, 5, 6]) == 2
    assert number_sum([4, 5, 6, 2]) == 6


def test_mm_5_1_leaving_port_discards_cargo_over_the_cargo_value_first() -> None:
    s = ready()
    p = place(s, 0, "San Juan", docked=True, captain=1)
    p.cargo = [card("rum", "a"), card("rum", "b"), card("sugar", "a")]  # a Sloop holds 2 at sea
    turn(s, 0)
    assert "move to San Juan" in texts(s)  # out of port into its own zone
    s.apply("move to St. Maarten")
    assert s.pending().decision == "discard-cargo" and p.docked  # type: ignore[union-attr]
    s.apply("discard Rum-a (over the cargo limit)")
    assert not p.docked and p.zone == zone("St. Maarten") and len(p.cargo) == 2


def test_mm_5_3_hostile_npcs_scout_a_ship_entering_their_zone() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "Havana", captain=1)
    p.bounties[0] = 1  # a pirate: the Spanish navy hunts him
    give(s, 0, "hidden_cove")
    t.npc_zone[ES], t.npc_cards[ES] = zone("Port Royal"), [0]
    t.npc_zone[PS], t.npc_cards[PS] = zone("Port Royal"), [8]  # pirates leave pirates alone
    turn(s, 0)
    s.rng = ScriptedDice([5, 1], [1] * 20)  # the navy's scout succeeds
    s.apply("move to Port Royal")
    scouts = [e.data for e in s.events if e.kind == "npc-scout"]
    assert [e["npc"] for e in scouts] == ["Spanish navy"]
    assert s.pending().decision == "hidden-cove"  # type: ignore[union-attr]  # holds a card
    s.apply("done")
    assert t.combat is not None and t.combat.sides == [10 + ES, 0]


def test_mm_9_3_cargo_damage_throws_excess_cargo_at_random() -> None:
    s = ready()
    p = place(s, 0, "Havana", ship="Flute", captain=1)
    p.cargo = [card("rum", "a"), card("rum", "b"), card("sugar", "a"), card("wood", "h")]
    hit_player(s, 0, CARGO, "test")
    assert p.values[CARGO] == 3 and len(p.cargo) == 3


def test_mm_d8_storm_tropical_disease_and_the_turn_s_effects() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "Tortuga", captain=1)
    place(s, 1, "Curaçao", docked=True)
    s.rng = ScriptedDice([1, 1], [3])  # Seamanship fails; the hit lands on Crew
    resolve_event(s, 21)  # E22 Tempest: Tortuga and its neighbours
    assert p.values[CREW] == 1 and zone("Havana") in t.storm
    s.rng = ScriptedDice([1] * 10)
    resolve_event(s, 23)  # E24 Tropical Disease
    assert p.values[CREW] == 0
    resolve_event(s, 25)  # E26 Trade Winds
    resolve_event(s, 26)  # E27 Fog Banks
    resolve_event(s, 29)  # E30 Spanish Treasure Fleet
    assert t.trade_winds and t.fog and t.treasure_fleet


def test_mm_d8_it_s_too_quiet_resolves_the_next_card_too() -> None:
    s = ready()
    t = s.table
    t.event_deck = [c for c in t.event_deck if c != 18] + [18]  # E19 Peace on top
    t.war = [0, 1]
    resolve_event(s, 30)  # E31 It's Too Quiet
    assert t.war == [] and t.event == 18


def test_mm_1_7a_other_seats_see_no_gold_stash_glory_cards_or_rumor() -> None:
    s = ready()
    p = s.table.players[0]
    p.rumor = 3
    mine, theirs = s.view(0)["captains"][0], s.view(1)["captains"][0]
    assert {"gold", "stash", "hand", "rumor"} <= set(mine)
    assert not {"gold", "stash", "hand", "rumor"} & set(theirs)
    assert theirs["glory_cards"] == len(p.hand) and theirs["rumors"] == 1
    assert all(z["modification"] in ("face down", None) for z in s.view(1)["zones"])


def test_mm_12_6_recruit_fills_the_crew_on_a_success() -> None:
    s = ready()
    p = place(s, 0, "San Juan", docked=True, captain=1)
    p.values[CREW] = 0
    turn(s, 0)
    s.rng = ScriptedDice([5, 1])
    s.apply("take the Port action")
    while s.pending().decision != "recruit":  # type: ignore[union-attr]
        s.apply("done")
    s.apply("recruit (Leadership roll)")
    assert p.values[CREW] == p.maxima[CREW]


def test_mm_15_1_a_delivery_mission_pays_and_refills_the_board() -> None:
    s = ready()
    t = s.table
    mission = 7  # M08 Caracas, Cocoa Contract: deliver 3 Cocoa for 15 gold
    for slot, m in enumerate(t.board_missions):
        if m != mission:
            t.mission_deck.append(m)
        t.board_missions[slot] = -1
    if mission in t.mission_deck:
        t.mission_deck.remove(mission)
    t.board_missions[0] = mission
    p = place(s, 0, "Caracas", docked=True, captain=1)
    p.cargo = [card("cocoa", "a"), card("cocoa", "b"), card("cocoa", "c"), card("rum", "a")]
    gold = p.gold
    turn(s, 0)
    s.apply("take the Port action")
    while s.pending().decision != "mission":  # type: ignore[union-attr]
        s.apply("done")
    s.apply("attempt the mission Cocoa Contract")
    assert p.gold == gold + 15 and p.glory == 1 and p.mission == mission
    assert p.cargo == [card("rum", "a")]
    assert t.board_missions[0] >= 0 and t.board_missions[0] != mission
    assert C.missions[mission].name == "Cocoa Contract"


def test_mm_15_4_a_true_rumor_at_sea_pays_and_gives_glory() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "Caribbean Sea", captain=1)  # Scouting 2
    p.rumor = 3  # R04 The Lost Map: Caribbean Sea, Scouting 2, 15 gold
    t.rumor_deck.remove(3)
    t.merchants[zone("Caribbean Sea")] = -1
    t.track.append(0)
    gold = p.gold
    turn(s, 0)
    s.rng = ScriptedDice([5, 6])
    s.apply("investigate your rumor here")
    assert p.gold == gold + 15 and p.glory == 1 and p.rumor == -1 and 3 in t.rumor_discard


def test_mm_1_7a_resample_redraws_other_captains_gold_and_stash_split() -> None:
    """Gold on board plus stash is public arithmetic; once a captain has used the stash
    the split is secret, so a resample for another seat redraws it (never reaching a
    10-glory declaration that was not made); the owner's own split is kept."""
    s = ready(3)
    t = s.table
    t.players[1].gold, t.players[1].stash, t.players[1].glory = 23, 30, 2
    t.players[2].gold, t.players[2].stash = 17, 0
    s.log(Event("stash", {"seat": 1}, {1: {"amount": 30, "stash": 30}}))
    splits = set()
    for seed in range(30):
        other = s.resample(0, Rng.from_seed(seed))
        assert isinstance(other, MerchantsAndMaraudersState)
        p1, p2 = other.table.players[1], other.table.players[2]
        assert p1.gold + p1.stash == 53
        assert p1.glory + min(5, p1.stash // 10) < 10
        assert (p2.gold, p2.stash) == (17, 0)  # never stashed: known to hold no stash
        splits.add(p1.stash)
    assert len(splits) > 5
    mine = s.resample(1, Rng.from_seed(3)).table.players[1]  # type: ignore[attr-defined]
    assert (mine.gold, mine.stash) == (23, 30)


def test_mm_13_1_reinforced_hull_absorbs_a_storm_hit() -> None:
    """MM-13.1 against MM-D.8's Storm: after the location is rolled the captain may
    flip the Reinforced Hull; flipped, the next storm's hit lands at once."""
    s = ready()
    p = place(s, 0, "Tortuga", captain=1)
    p.mods.append(REINFORCED_HULL)
    s.rng = ScriptedDice([1, 1], [3])  # Seamanship fails; the hit is rolled on Crew
    resolve_event(s, 21)  # E22 Tempest
    s.touched()
    assert s.table.pending[-1].kind == HAZARD_REINFORCE
    assert set(texts(s)) == {"done", "absorb the hit on Crew with the Reinforced Hull"}
    s.apply("absorb the hit on Crew with the Reinforced Hull")
    assert p.values[CREW] == 2 and p.reinforced_used
    s.rng = ScriptedDice([1, 1], [3])
    resolve_event(s, 21)
    assert p.values[CREW] == 1
    assert s.table.pending[-1].kind != HAZARD_REINFORCE


def test_mm_13_1_a_storm_skull_declined_goes_to_its_placement() -> None:
    s = ready()
    p = place(s, 0, "Tortuga", captain=1)
    p.mods.append(REINFORCED_HULL)
    s.rng = ScriptedDice([1, 1], [6])  # a skull: the owner's choice
    resolve_event(s, 21)
    s.touched()
    assert "absorb a skull hit with the Reinforced Hull" in texts(s)
    s.apply("done")
    assert s.table.pending[-1].kind == SKULL_HIT and not p.reinforced_used
    s.apply("put the skull hit on Cargo")
    assert p.values[CARGO] == 1


def test_mm_18_bridgetown_reinforced_hull_absorbs_the_reefs_hit() -> None:
    """MM-18 Bridgetown: a Frigate failing its Seamanship roll takes 1 Hull hit, which
    the Reinforced Hull may absorb (MM-13.1); either way the ship then enters."""
    for absorb in (True, False):
        s = ready()
        p = place(s, 0, "Bridgetown", ship="Frigate", captain=captain_of("english"))
        p.mods.append(REINFORCED_HULL)
        turn(s, 0)
        s.rng = ScriptedDice([1] * 6)
        s.apply("take the Port action")
        assert s.table.pending[-1].kind == HAZARD_REINFORCE
        s.apply("absorb the hit on Hull with the Reinforced Hull" if absorb else "done")
        assert p.values[HULL] == (3 if absorb else 2)
        assert p.reinforced_used == absorb
        assert p.docked and s.table.visit is not None
