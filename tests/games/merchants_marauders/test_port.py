"""MM-5.2 port entry, MM-12 port activities, MM-13 modifications, MM-18 port rules."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders import port
from quarterdeck.games.merchants_marauders.components import CREW
from quarterdeck.games.merchants_marauders.sailing import CLOSED, OPEN, entry

from .helpers import C, ScriptedDice, captain_of, card, place, ready, texts, turn, zone

SPANISH, ENGLISH, FRENCH, DUTCH = range(4)


def to_step(s, name: str) -> None:  # type: ignore[no-untyped-def]
    """Say "done" until the Port action reaches the named activity."""
    while s.pending().decision != name:
        s.apply("done")


def set_demand(s, where: str, good: str) -> None:  # type: ignore[no-untyped-def]
    """Give a port a demand token, swapping it with the reserve or another port."""
    t = s.table
    z, g = zone(where), C.goods.index(good)
    if g in t.reserve:
        t.reserve.remove(g)
        t.reserve.append(t.demand[z])
    else:
        other = t.demand.index(g)
        t.demand[other] = t.demand[z]
    t.demand[z] = g


def stack_cargo(s, cards: list[int]) -> None:  # type: ignore[no-untyped-def]
    t = s.table
    t.cargo_deck = [k for k in t.cargo_deck if k not in cards] + list(reversed(cards))


def test_mm_4_13_war_closes_the_enemy_s_ports() -> None:
    s = ready()
    place(s, 0, "Havana", captain=captain_of("french"))
    assert entry(s, 0, zone("Havana")) == OPEN
    s.table.war = [SPANISH, FRENCH]
    assert entry(s, 0, zone("Havana")) == CLOSED


def test_mm_12_2_selling_three_demanded_cards_gives_glory_and_a_new_demand() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "San Juan", docked=True, captain=1)
    set_demand(s, "San Juan", "sugar")
    p.cargo = [card("sugar", "a"), card("sugar", "b"), card("sugar", "c"), card("rum", "a")]
    gold = p.gold
    turn(s, 0)
    s.apply("take the Port action")
    for k in ("Sugar-a", "Sugar-b", "Sugar-c", "Rum-a"):
        s.apply(f"sell {k}")
    s.apply("done")
    assert p.gold == gold + 3 * 6 + 3
    assert p.glory == 1
    assert sorted([*t.reserve, *(g for g in t.demand if g >= 0)]) == sorted(C.demand_tokens)


def test_mm_18_havana_pays_non_pirates_seven_for_demanded_goods() -> None:
    s = ready()
    p = place(s, 0, "Havana", docked=True, captain=1)
    set_demand(s, "Havana", "rum")
    assert port.sell_price(s, p, card("rum", "a"), zone("Havana")) == 7
    p.bounties[ENGLISH] = 1
    assert port.sell_price(s, p, card("rum", "a"), zone("Havana")) == 6


def test_mm_12_9_five_stash_points_at_most() -> None:
    from quarterdeck.games.merchants_marauders.basics import stash_points

    s = ready()
    p = s.table.players[0]
    p.stash = 61
    assert stash_points(s, p) == 5
    p.stash = 19
    assert stash_points(s, p) == 1


def test_mm_12_5_buying_a_frigate_sells_the_old_ship_and_gives_glory_once() -> None:
    s = ready()
    p = place(s, 0, "San Juan", docked=True, captain=1)
    p.gold = 30
    p.values[CREW] = 1
    turn(s, 0)
    s.apply("take the Port action")
    to_step(s, "shipyard")
    s.apply("buy a Frigate")
    assert p.gold == 30 - (35 - 5) and C.ships[p.ship].name == "Frigate"
    assert p.values[CREW] == 1 and p.values[0] == 4  # the crew moves over
    assert p.glory == 1 and p.big_ship_bought


def test_mm_12_7_rumor_fee_roll_and_one_rumor_held() -> None:
    s = ready()
    p = place(s, 0, "San Juan", docked=True, captain=1)
    p.gold = 10
    p.rumor = 0
    turn(s, 0)
    dice = 4  # C02: Influence 4
    s.rng = ScriptedDice([5] + [1] * (dice - 1))
    s.apply("take the Port action")
    to_step(s, "rumor")
    s.apply("seek a rumor (Influence roll)")
    assert p.gold == 8
    pending = s.pending()
    assert pending is not None and pending.decision == "discard-rumor"
    keep = texts(s)[0]
    s.apply(keep)
    assert p.rumor2 == -1 and p.rumor >= 0


def test_mm_18_port_royal_pay_after_a_failed_roll() -> None:
    s = ready()
    p = place(s, 0, "Port Royal", captain=captain_of("french"))
    p.bounties[ENGLISH] = 1
    gold = p.gold
    turn(s, 0)
    dice = 2  # C09 Jean-Baptiste Moreau: Influence 2
    s.rng = ScriptedDice([1] * dice)
    s.apply("try to enter Port Royal with an Influence roll")
    assert s.pending().decision == "port-fee"  # type: ignore[union-attr]
    s.apply("enter Port Royal for 2 gold")
    assert p.docked and p.gold == gold - 2 and s.table.visit is not None


def test_mm_18_santo_domingo_redraws_the_same_number_for_1_gold() -> None:
    s = ready()
    p = place(s, 0, "Santo Domingo", docked=True, captain=1)
    turn(s, 0)
    s.apply("take the Port action")
    to_step(s, "buy")
    s.apply("draw Cargo cards to buy")
    visit = s.table.visit
    assert visit is not None
    first, gold = list(visit.drawn), p.gold
    s.apply("pay 1 gold to discard and draw the cards again")
    assert len(visit.drawn) == len(first) and p.gold == gold - 1
    assert set(first) <= set(s.table.cargo_discard)
    assert "pay 1 gold to discard and draw the cards again" not in texts(s)


def test_mm_18_st_john_keeps_modifications_for_1_gold() -> None:
    s = ready()
    p = place(s, 0, "St. John", docked=True, captain=1)
    p.mods = [5]  # Extra Cannon Port
    p.maxima[0] += 1
    p.values[0] += 1
    p.gold = 40
    turn(s, 0)
    s.apply("take the Port action")
    to_step(s, "shipyard")
    s.apply("buy a Frigate")
    s.apply("keep the extra cannon port for 1 gold")
    assert p.mods == [5] and p.maxima[0] == 5 and p.gold == 40 - (35 - 6) - 1


def test_mm_d5_coast_pilot_crosses_two_zones_in_one_move() -> None:
    s = ready()
    p = place(s, 0, "Havana", captain=captain_of("spanish") + 3)  # C04 Mateo Cruz
    assert C.captains[p.card].ability == "coast_pilot"
    turn(s, 0)
    s.apply("move to Tortuga and sail on (Coast Pilot)")
    s.apply("sail on to Santo Domingo")
    assert p.zone == zone("Santo Domingo") and s.table.actions_left == 2
    assert not any(a.startswith("move to") and "sail on" in a for a in texts(s))
