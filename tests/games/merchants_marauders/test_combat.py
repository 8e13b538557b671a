"""MM-8 Naval combat, MM-9 hits, MM-10 crew combat, MM-11 glory and plunder."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders import combat, decisions
from quarterdeck.games.merchants_marauders.components import CANNONS, CARGO, CREW, HULL, MASTS
from quarterdeck.games.merchants_marauders.phases import BOARD, FLEE, SHOOT
from quarterdeck.games.merchants_marauders.table import Combat

from .helpers import C, ScriptedDice, captain_of, card, place, ready, turn


def fight(s, round_: int, declared: list[int]) -> Combat:  # type: ignore[no-untyped-def]
    cb = Combat(sides=[0, 1], round=round_, declared=list(declared), stage="contest")
    s.table.combat = cb
    s.table.pending = []
    return cb


def test_mm_7_1_attacking_a_non_pirate_takes_a_bounty_of_its_nation() -> None:
    s = ready()
    place(s, 0, "Havana", captain=captain_of("french"))
    place(s, 1, "Havana", captain=captain_of("english"))
    s.rng = ScriptedDice([])
    combat.start_combat(s, 0, 1)
    assert s.table.players[0].bounties == [0, 1, 0, 0]


def test_mm_7_4_bounty_reward_not_of_a_nation_you_hold_nor_at_war_with_you() -> None:
    s = ready()
    winner = place(s, 0, "Havana", captain=captain_of("french"))
    winner.bounties = [0, 0, 0, 1]  # a Dutch bounty
    s.table.war = [0, 2]  # Spain and France at war
    assert combat.reward_options(s, 0, [2, 1, 0, 3]) == [1]  # English only


def test_mm_4_12_npc_policy_and_skull_placement() -> None:
    from quarterdeck.games.merchants_marauders.damage import npc_skull_location

    assert npc_skull_location([2, 3, 1, 3, 4]) == CARGO  # ties: Cargo first
    assert npc_skull_location([0, 0, 0, 0, 2]) == HULL
    s = ready()
    place(s, 0, "Havana")
    cb = Combat(sides=[10 + 4, 0], round=2, npc_values=[2, 2, 2, 3, 1])
    assert combat.npc_policy(s, cb, 0) == BOARD  # Hull 1 but Flee not allowed (more crew)
    cb.npc_values = [1, 2, 2, 1, 1]
    assert combat.npc_policy(s, cb, 0) == FLEE


def test_mm_11_2_defeating_an_npc_pirate_pays_a_non_pirate() -> None:
    s = ready()
    p = place(s, 0, "Havana", captain=1)
    s.table.npc_cards[5] = [10]
    s.table.npc_zone[5] = 1
    gold = p.gold
    s.table.combat = Combat(sides=[0, 10 + 5], npc_values=list(C.npc_ships[2].values))
    combat.end_combat(s, 0)
    assert p.gold == gold + 15 and p.glory == 1
    assert s.table.npc_zone[5] == -1


def test_mm_13_2_grappling_hooks_re_roll_the_failed_dice_when_boarding() -> None:
    s = ready()
    a = place(s, 0, "Havana", captain=1)
    a.weapons[0] = 1
    s.table.weapon_bank[0] -= 1
    place(s, 1, "Havana", captain=0)
    cb = fight(s, 2, [BOARD, SHOOT])
    dice_a, dice_b = combat.seamanship_dice(s, cb, 0), combat.seamanship_dice(s, cb, 1)
    s.rng = ScriptedDice([1] * dice_a, [5] + [1] * (dice_b - 1))
    decisions.settle(s)
    assert s.pending().decision == "grapple"  # type: ignore[union-attr]
    s.rng = ScriptedDice([5] * dice_a, [1], [5] * 40)  # the re-roll, B's volley, crew combat
    s.apply("discard Grappling Hooks to re-roll your failed dice")
    contest_event = [e.data for e in s.events if e.kind == "contest"][-1]
    assert contest_event["successes"] == [dice_a, 1] and a.weapons[0] == 0


def test_mm_13_1_reinforced_hull_absorbs_one_hit_of_a_volley() -> None:
    s = ready()
    a = place(s, 0, "Havana", ship="Frigate", captain=8)
    b = place(s, 1, "Havana", ship="Galleon", captain=0)
    b.mods.append(2)  # Reinforced Hull
    cb = fight(s, 2, [SHOOT, SHOOT])
    dice_a, dice_b = combat.seamanship_dice(s, cb, 0), combat.seamanship_dice(s, cb, 1)
    s.rng = ScriptedDice([5] * dice_a, [1] * dice_b, [1, 1, 3, 4])
    decisions.settle(s)
    assert s.pending().decision == "reinforce" and s.current_player == 1  # type: ignore[union-attr]
    s.apply("absorb the hit on Crew with the Reinforced Hull")
    assert b.values[CREW] == b.maxima[CREW] and b.values[CARGO] == 3 and b.values[CANNONS] == 2
    assert b.reinforced_used and a.values == a.maxima


def test_mm_6_3_reinforced_hull_absorbs_a_raid_hit() -> None:
    from .test_raid import stack_cargo

    s = ready()
    t = s.table
    p = place(s, 0, "Caribbean Sea", captain=1)
    p.mods.append(2)
    t.merchants[t.players[0].zone] = 1
    turn(s, 0)
    stack_cargo(s, [card("rum", "a"), card("food", "a"), card("wood", "h")])  # Wood-h: Crew
    s.rng = ScriptedDice([5, 1], [1, 1])
    s.apply("scout the merchant")
    s.apply("announce the merchant as English")
    s.apply("raid the merchant")
    s.apply("done")
    assert s.pending().decision == "raid-reinforce"  # type: ignore[union-attr]
    s.apply("absorb the hit on Crew with the Reinforced Hull")
    assert p.values[CREW] == p.maxima[CREW] and p.reinforced_used


def test_mm_14_5_deadeye_re_rolls_location_dice_of_its_volley() -> None:
    s = ready()
    place(s, 0, "Havana", ship="Frigate", captain=2)  # C03 Rodrigo Vega, Deadeye
    b = place(s, 1, "Havana", ship="Galleon", captain=0)
    cb = fight(s, 2, [SHOOT, SHOOT])
    dice_a, dice_b = combat.seamanship_dice(s, cb, 0), combat.seamanship_dice(s, cb, 1)
    s.rng = ScriptedDice([5] * dice_a, [1] * dice_b, [1, 1, 1, 1])
    decisions.settle(s)
    assert s.pending().decision == "reroll" and s.current_player == 0  # type: ignore[union-attr]
    s.rng = ScriptedDice([4])
    s.apply("re-roll a hit-location die showing 1")
    s.apply("done")
    assert b.values[CARGO] == 5 - 3 and b.values[CANNONS] == 3 - 1


def test_mm_d9_master_gunner_re_rolls_at_most_two() -> None:
    s = ready()
    a = place(s, 0, "Havana", ship="Frigate", captain=8)
    gunner = next(k for k in s.table.glory_deck if C.glory_types[C.glory[k]].key == "master_gunner")
    s.table.glory_deck.remove(gunner)
    a.specialists.append(gunner)
    place(s, 1, "Havana", ship="Galleon", captain=0)
    cb = fight(s, 2, [SHOOT, SHOOT])
    dice_a, dice_b = combat.seamanship_dice(s, cb, 0), combat.seamanship_dice(s, cb, 1)
    s.rng = ScriptedDice([5] * dice_a, [1] * dice_b, [1, 1, 1, 1], [1, 1])
    decisions.settle(s)
    s.apply("re-roll a hit-location die showing 1")
    s.apply("re-roll a hit-location die showing 1")
    assert s.pending() is None or s.pending().decision != "reroll"  # type: ignore[union-attr]


def test_mm_8_4_hits_that_kill_the_last_crewman_stop_the_boarding() -> None:
    s = ready()
    place(s, 0, "Havana", captain=1)
    b = place(s, 1, "Havana", ship="Galleon", captain=0)
    b.values[CREW] = 1
    cb = fight(s, 2, [BOARD, SHOOT])
    dice_a, dice_b = combat.seamanship_dice(s, cb, 0), combat.seamanship_dice(s, cb, 1)
    # A wins and boards; B's one success hits A's last crewman (location die 3: Crew)
    s.rng = ScriptedDice([5] * dice_a, [5] + [1] * (dice_b - 1), [3])
    a = s.table.players[0]
    a.values[CREW] = 1
    decisions.settle(s)
    assert a.values[CREW] == 0
    assert not any(e.kind == "crew-combat" for e in s.events)
    assert s.table.combat is not None and s.table.combat.round == 3  # a new round


def test_mm_8_4_both_ships_sink_both_captains_die_nobody_gains_glory() -> None:
    s = ready()
    a = place(s, 0, "Havana", captain=1)
    b = place(s, 1, "Havana", captain=0)
    a.values[HULL] = b.values[HULL] = 1
    a.values[MASTS] = b.values[MASTS] = 0
    a.values[CANNONS] = b.values[CANNONS] = 1
    fight(s, 2, [SHOOT, SHOOT])
    s.rng = ScriptedDice([5], [5], [2], [2])  # one success each; both hits on dead Masts
    decisions.settle(s)
    deaths = sorted(e.data["seat"] for e in s.events if e.kind == "death")
    assert deaths == [0, 1]
    assert not any(e.kind == "glory" for e in s.events)


def test_mm_10_1_a_side_without_crew_loses_crew_combat_at_once() -> None:
    s = ready()
    place(s, 0, "Havana", captain=1)
    b = place(s, 1, "Havana", captain=0)
    b.values[CREW] = 0
    s.table.combat = Combat(sides=[0, 1], round=2, stage="crew")
    s.rng = ScriptedDice([])
    combat.step(s)
    assert [e.data["winner"] for e in s.events if e.kind == "combat-over"] == ["Red"]


def test_mm_4_8_a_dead_captain_fights_no_more_battles() -> None:
    from quarterdeck.games.merchants_marauders.death import kill

    s = ready()
    t = s.table
    turn(s, 0)
    t.battles = [0, 1]
    kill(s, 0, "test")
    assert t.battles == [] and t.actions_left == 0


def test_mm_11_3_taking_a_ship_keeps_your_crew_level() -> None:
    s = ready()
    p = place(s, 0, "Havana", captain=1)
    p.values[CREW] = 1
    combat.take_ship(s, 0, [len(C.ships), 2, 3, 1, 4, 4])  # a damaged Man-o-War
    assert p.maxima == list(C.npc_ships[0].values)
    assert p.values == [2, 3, 1, 1, 4]
