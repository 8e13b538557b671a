"""The house rules' worked examples MM-T.1 … MM-T.20, each a named test on a scenario
(``docs/games/merchants-and-marauders.md``, "Scenarios"), with the numbers the rules
file gives. Dice are scripted (``scenario_helpers.position``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from quarterdeck.engine import IllegalActionError
from quarterdeck.games.merchants_marauders import combat, death, port
from quarterdeck.games.merchants_marauders.basics import home_port, maneuverability, total_glory
from quarterdeck.games.merchants_marauders.components import (
    CANNONS,
    CARGO,
    CREW,
    DIRECTIONS,
    HULL,
    MASTS,
)
from quarterdeck.games.merchants_marauders.npcs import choose_target, move_npcs, npc_scout_dice
from quarterdeck.games.merchants_marauders.phases import BOARD, FLEE, SHOOT
from quarterdeck.games.merchants_marauders.sailing import CLOSED, FEE, OPEN, entry

from .helpers import GAME, C, card, texts, zone
from .scenario_helpers import position

ES, EN, FR, NL, PS, PF = range(6)
SPANISH, ENGLISH, FRENCH, DUTCH = range(4)
JSON = Any


def events(s: Any, kind: str) -> list[dict[str, JSON]]:
    return [e.data for e in s.events if e.kind == kind]


def quiet(*captains: dict[str, JSON], **rest: JSON) -> dict[str, JSON]:
    """A scenario with no glory cards in hand (no Fortune's Favour window after a roll)."""
    return {"seed": 1, "captains": [{"hand": [], **c} for c in captains], **rest}


# -- MM-4 NPCs ------------------------------------------------------------------------------


def test_mm_t1_mm_4_3_blocked_strip_turns_clockwise() -> None:
    """Spanish navy in Nassau, no targets nearby; strip "ES N": N, NE and E have no
    neighbour, so it turns clockwise and moves SE to Tortuga."""
    s = position(
        quiet(
            {"zone": "Curaçao", "in_port": True},
            {"zone": "Curaçao", "in_port": True},
            npcs={"ES": {"zone": "Nassau"}},
            phase="round-start",
            round=2,
            event_deck=["E15"],  # its strip: FR E, PS SW, ES N
        )
    )
    nassau = s.sea.by_direction[zone("Nassau")]
    assert [nassau[DIRECTIONS.index(d)] for d in ("N", "NE", "E")] == [None, None, None]
    assert nassau[DIRECTIONS.index("SE")] == zone("Tortuga")
    assert ("ES", "N") in [(C.npcs[n].key, DIRECTIONS[d]) for n, d in C.events[14].strip]
    assert s.table.npc_zone[ES] == zone("Tortuga")
    assert events(s, "npc-move")[-1]["to"] == "Tortuga"
    # The map alone: blocked, it turns; open, it goes as printed.
    assert s.sea.step(zone("Nassau"), DIRECTIONS.index("N")) == zone("Tortuga")
    assert s.sea.step(zone("Havana"), DIRECTIONS.index("NE")) == zone("Nassau")


def test_mm_t2_mm_4_4_a_docked_target_draws_the_navy_but_is_not_scouted() -> None:
    """English navy in Havana, a captain with an English bounty docked in Port Royal,
    strip "EN NE": the navy goes to Port Royal's zone, not Nassau, and does not
    scout him in port (MM-5.3)."""
    data = quiet(
        {"captain": "C13", "zone": "Curaçao", "in_port": True},
        {"captain": "C09", "zone": "Port Royal", "in_port": True, "bounties": {"english": 1}},
        npcs={"EN": {"zone": "Havana"}},
        phase="round-start",
        round=2,
        first=1,
        event_deck=["E22"],  # strip EN NE, FR S, PS NW
    )
    s = position(data)
    t = s.table
    assert s.sea.by_direction[zone("Havana")][DIRECTIONS.index("NE")] == zone("Nassau")
    assert t.npc_zone[EN] == zone("Port Royal")  # not Nassau, the printed NE
    # Seat 1's turn has begun in the navy's zone: no scout, no battle.
    assert s.current_player == 1 and s.pending().decision == "action"  # type: ignore[union-attr]
    assert events(s, "npc-scout") == [] and t.combat is None and t.battles == []
    # The same from the rule's functions on the position before the event.
    s = position({**data, "phase": "actions", "turn": 1})
    move_npcs(s, ((EN, DIRECTIONS.index("NE")),))
    assert s.table.npc_zone[EN] == zone("Port Royal")


def test_mm_t3_mm_4_5_the_pirate_hunts_gold_before_cargo() -> None:
    """Pirate sloop in Cartagena; adjacent non-pirates A (0 gold, 3 cargo) and B (4
    gold, 0 cargo): it moves toward B (category 1, gold on board)."""
    s = position(
        quiet(
            {
                "zone": "Port Royal",
                "ship": "Flute",
                "gold": 0,
                "cargo": ["Cocoa-b", "Cocoa-c", "Cocoa-d"],
            },
            {"zone": "Curaçao", "gold": 4},
            npcs={"PS": {"zone": "Cartagena"}},
            phase="actions",
        )
    )
    t = s.table
    assert all(s.sea.adjacent(zone("Cartagena"), zone(z)) for z in ("Port Royal", "Curaçao"))
    assert len(t.players[0].cargo) == 3 and t.players[1].cargo == []
    assert choose_target(s, PS) == 1
    move_npcs(s, ((PS, 0),))
    assert t.npc_zone[PS] == zone("Curaçao")


def test_mm_t4_mm_4_7_the_navy_scouts_with_the_bounties_it_sees() -> None:
    """The Spanish navy (Scouting 2) scouts a captain holding 3 Spanish bounties: 3 dice."""
    data = quiet(
        {"zone": "Havana", "bounties": {"spanish": 3}},
        {"zone": "Curaçao", "in_port": True},
        npcs={"ES": {"zone": "Havana", "cards": ["E01"]}},
    )
    s = position(data, [1, 1, 1])  # seat 0's turn starts: the navy scouts, and fails
    assert C.events[0].skills[1] == 2  # E01: Scouting 2
    assert npc_scout_dice(s, ES, s.table.players[0]) == 3
    assert [len(e["dice"]) for e in events(s, "npc-scout")] == [3]
    assert s.table.combat is None and s.pending().decision == "action"  # type: ignore[union-attr]


def test_mm_t19_mm_4_5_more_bounties_elsewhere_beats_being_in_the_same_zone() -> None:
    """A navy hunts: A has 1 bounty of its nation and 2 others (adjacent); B has 1 of
    its nation and none other, in the navy's own zone. A is chosen: key (b) first."""
    s = position(
        quiet(
            {"zone": "Havana", "bounties": {"spanish": 2, "english": 1}},
            {"zone": "Port Royal", "bounties": {"english": 1}},
            npcs={"EN": {"zone": "Port Royal"}},
            phase="actions",
        )
    )
    assert s.sea.adjacent(zone("Havana"), zone("Port Royal"))
    assert choose_target(s, EN) == 0


# -- MM-6 raids, MM-3.1 the merchant reset ---------------------------------------------------


def test_mm_t5_mm_6_3_enough_escape_icons_and_the_merchant_escapes() -> None:
    """A Flute (Maneuverability 2) raids; the final cards Rum-c (2, 1 escape), Cocoa-f
    (4, 1 escape), Food-a: 2 escape icons >= 2, the merchant escapes, no gold, the
    bounty is still taken."""
    final = [card("rum", "c"), card("cocoa", "f"), card("food", "a")]
    s = position(
        quiet(
            {"captain": "C02", "zone": "Caribbean Sea", "ship": "Flute"},
            {"zone": "Curaçao", "in_port": True},
            merchants={"Caribbean Sea": "english"},
            cargo_deck=["Rum-c", "Cocoa-f", "Food-a"],
            phase="actions",
        ),
        [5, 1],  # the scout succeeds (Scouting 2)
        [1, 1],  # the raid roll fails: nothing to spend
    )
    p = s.table.players[0]
    assert maneuverability(s, p) == 2
    assert [(C.cargo[k].plunder, C.cargo[k].escape) for k in final[:2]] == [(2, 1), (4, 1)]
    assert sum(C.cargo[k].escape for k in final) == 2
    gold = p.gold
    s.apply("scout the merchant")
    assert texts(s) == ["announce the merchant as English"]  # the open sea has no nation
    s.apply("announce the merchant as English")
    s.apply("raid the merchant")
    assert sorted(s.table.raid.cards) == sorted(final)  # type: ignore[union-attr]
    assert texts(s) == ["done"]  # no success to spend
    s.apply("done")
    assert p.gold == gold and p.bounties[ENGLISH] == 1
    assert any(e["escaped"] for e in events(s, "raid-failed"))
    assert p.cargo == [] and p.glory == 0


def test_mm_t6_mm_6_4_san_juan_bonus_counts_toward_the_glory() -> None:
    """A Sloop raids a Spanish merchant in the San Juan zone; the final cards' plunder
    sums to 9, no hits, 1 escape icon: 9 + 3 = 12 gold, +1 glory and a glory card."""
    s = position(
        quiet(
            {"captain": "C02", "zone": "San Juan"},
            {"zone": "Curaçao", "in_port": True},
            merchants={"San Juan": "spanish"},
            cargo_deck=["Rum-b", "Sugar-b", "Cocoa-f", "Food-a"],
            phase="actions",
        ),
        [5, 1],  # the scout
        [5, 1],  # the raid roll: one success, spent on a fourth card
    )
    p = s.table.players[0]
    gold, hand = p.gold, len(p.hand)
    s.apply("scout the merchant")
    s.apply("announce the merchant as Spanish")
    s.apply("raid the merchant")
    s.apply("draw another Cargo card")
    final = list(s.table.raid.cards)  # type: ignore[union-attr]
    assert sum(C.cargo[k].plunder for k in final) == 9
    assert sum(C.cargo[k].escape for k in final) == 1 < maneuverability(s, p)
    assert all(C.cargo[k].hit is None for k in final)
    s.apply("done")
    assert p.gold == gold + 9 + 3  # plunder 9, San Juan +3
    assert p.glory == 1 and len(p.hand) == hand + 1
    assert "keep Food-a as cargo" in texts(s)


def test_mm_t16_mm_3_1_the_merchant_reset_fills_every_empty_zone() -> None:
    """Two captains raided 5 merchants in one game turn: the track went from 6 to 11.
    Next game turn the 11 tokens are shuffled and placed in the 11 empty zones."""
    full = {"Nassau": "spanish", "Havana": "spanish", "Tortuga": "french"}
    full |= {"Port Royal": "english", "Curaçao": "dutch", "Trinidad": "english"}
    empty = {z.name: None for z in C.zones if z.name not in full}
    s = position(
        quiet(
            {"zone": "Curaçao", "in_port": True},
            {"zone": "Curaçao", "in_port": True},
            merchants=full | empty,  # the 11 tokens left over lie on the track
            phase="round-start",
            round=3,
            event_deck=["E30"],  # Treasure Fleet: no NPC on the board moves
        )
    )
    t = s.table
    assert len(empty) == 11
    assert events(s, "merchant-reset") == [{"tokens": 11}]
    assert t.track == [] and all(m >= 0 for m in t.merchants)
    assert Counter(t.merchants) == Counter(C.merchant_tokens)
    assert [C.nations[t.merchants[zone(z)]].key for z in full] == list(full.values())
    assert t.round == 3


# -- MM-8 – MM-11 naval and crew combat -------------------------------------------------


def test_mm_t7_mm_8_3_maneuverability_die_and_destroyed_masts() -> None:
    """A Sloop (Maneuverability 4) with a Seamanship 2 captain fights a Galleon (1)
    whose Masts are destroyed: the Sloop rolls 3 dice, the Galleon exactly 1 and may
    only declare Shoot."""
    s = position(
        quiet(
            {"captain": "C02", "zone": "Havana"},
            {"captain": "C01", "zone": "Havana", "ship": "Galleon", "values": {"masts": 0}},
            phase="combat",
            combat={"aggressor": 0, "defender": 1, "round": 2},
        ),
        [1, 1, 1],  # the Sloop's contest: 3 dice, no success, sum 3 ...
        [1],  # ... beats the Galleon's 1 die
        [1, 1],  # the Sloop's 2 Cannons hit Cargo
    )
    cb = s.table.combat
    assert cb is not None and cb.round == 2
    assert combat.seamanship_dice(s, cb, 0) == 3  # Sloop 4 vs Galleon 1: +1 die
    assert combat.seamanship_dice(s, cb, 1) == 1  # exactly one die
    assert combat.declarations(s, cb, 1) == [SHOOT]
    assert combat.declarations(s, cb, 0) == [SHOOT, BOARD, FLEE]
    assert texts(s) == ["declare Shoot", "declare Board", "declare Flee"]
    s.apply("declare Shoot")  # the Galleon's only declaration is made for it
    assert events(s, "declare")[-1] == {"side": "Blue", "declares": "Shoot"}
    assert events(s, "contest-roll")[-1]["dice"] == [[1, 1, 1], [1]]


def test_mm_t8_mm_8_4_the_winner_fires_every_cannon_the_loser_one_per_success() -> None:
    """Round 2: A (4 Cannons) wins with Shoot; B declared Shoot, rolled 3 successes and
    has 2 current Cannons: A inflicts 4 hits, B 2, at the same time."""
    s = position(
        quiet(
            {"captain": "C09", "zone": "Havana", "ship": "Frigate"},  # Seamanship 4
            {"captain": "C01", "zone": "Havana", "ship": "Galleon", "values": {"cannons": 2}},
            phase="combat",
            combat={"aggressor": 0, "defender": 1, "round": 2, "declared": ["Shoot", "Shoot"]},
        ),
        [5, 5, 5, 5, 1],  # A: Seamanship 4, +1 die (Maneuverability 3 against 1)
        [5, 5, 5],  # B: 3 successes
        [1, 1],  # B's 2 hits: location dice
        [1, 1, 1, 1],  # A's 4 hits
    )
    a, b = s.table.players
    assert a.values[CANNONS] == 4 and b.values[CANNONS] == 2
    assert [len(d) for d in events(s, "contest-roll")[-1]["dice"]] == [5, 3]
    assert events(s, "contest")[-1]["successes"] == [4, 3]
    volleys = {v["target"]: len(v["dice"]) for v in events(s, "volley")}
    assert volleys == {"Blue": 4, "Red": 2}  # A inflicts 4, B inflicts 2
    assert b.values[CARGO] == 5 - 4 and a.values[CARGO] == 3 - 2


def mast_hit(ammo: bool, location: int) -> Any:
    """MM-T.9 and 10's position: A (1 Cannon) beats a Galleon with Masts 0 and Hull 1."""
    a = {"captain": "C02", "zone": "Havana", "values": {"cannons": 1}}
    if ammo:
        a["weapons"] = {"chain_shot": 1}
    data = quiet(
        a,
        {"captain": "C01", "zone": "Havana", "ship": "Galleon", "values": {"masts": 0, "hull": 1}},
        phase="combat",
        combat={"aggressor": 0, "defender": 1, "round": 2, "declared": ["Shoot", "Shoot"]},
    )
    return position(data, [5, 5, 5], [1], [location])


def test_mm_t9_mm_9_2_a_hit_on_destroyed_masts_sinks_the_ship() -> None:
    """A hit whose location die shows 2 (Masts) on a ship with Masts 0, Hull 1: it goes
    to the Hull, Hull 0, the ship sinks, the captain dies, the shooter gains 1 glory
    and 1 glory card."""
    s = mast_hit(ammo=False, location=2)
    a = s.table.players[0]
    assert events(s, "volley")[-1] == {"target": "Blue", "dice": [2]}
    assert events(s, "hit")[-1]["location"] == "hull"
    deaths = events(s, "death")
    assert deaths and deaths[-1]["seat"] == 1
    assert a.glory == 1 and len(a.hand) == 1
    assert events(s, "glory")[-1]["seat"] == 0
    assert s.table.combat is None


def test_mm_t10_mm_13_2_chain_shot_keeps_the_hit_on_destroyed_masts() -> None:
    """The same hit with Chain-shot and a skull: the skull hits Masts, which are
    destroyed, so it is not moved to the Hull this round; the ship stays afloat."""
    s = mast_hit(ammo=True, location=6)
    a, b = s.table.players
    assert s.pending().decision == "ammo" and s.current_player == 0
    s.apply("load Chain shot for this volley")
    assert b.values[HULL] == 1 and b.values[MASTS] == 0  # afloat
    assert a.weapons[1] == 0 and not events(s, "death")
    assert s.table.combat is not None


def test_mm_t11_mm_10_3_both_lose_their_last_crewman_more_successes_wins() -> None:
    """Crew combat: A and B have Crew 1; A rolls 2 successes, B 1: both lose their last
    crewman (A's hit cap is 1); A wins with Crew 0, B dies."""
    data = quiet(
        {"captain": "C05", "zone": "Havana", "values": {"crew": 1}},  # Leadership 3
        {"captain": "C02", "zone": "Havana", "values": {"crew": 1}},  # Leadership 2
        phase="combat",
        combat={"aggressor": 0, "defender": 1, "round": 2, "declared": ["Board", "Shoot"]},
    )
    s = position(
        data,
        [5, 5, 5],  # A's contest: Seamanship 3, all successes; A boards
        [1, 1],  # B's: no success, so no volley
        [5, 5, 1],  # crew combat: A 2 successes
        [5, 1],  # B 1
    )
    a = s.table.players[0]
    assert events(s, "contest")[-1]["winner"] == "Red"
    assert events(s, "crew-round") == [{"dice": [[5, 5, 1], [5, 1]], "hits": [1, 1]}]
    assert a.values[CREW] == 0  # A's hit cap is 1: both crews are gone
    assert [e["seat"] for e in events(s, "death")] == [1]
    assert a.glory == 1


def test_mm_t15_mm_8_2_round_one_is_shoot_only_and_two_flees_end_it_without_a_roll() -> None:
    """Round 1 allows only Shoot (a Flee is refused); when both declare Flee the combat
    ends with no roll."""
    data = quiet(
        {"captain": "C02", "zone": "Havana"},
        {"captain": "C01", "zone": "Havana"},
        phase="combat",
        combat={"aggressor": 0, "defender": 1},
    )
    s = position(data, [5, 5], [1, 1, 1], [6, 1])  # round 1: A wins, a skull for B
    cb = s.table.combat
    assert cb is not None and cb.round == 1
    assert combat.declarations(s, cb, 1) == [SHOOT]
    assert [e["declares"] for e in events(s, "declare")] == ["Shoot", "Shoot"]
    assert s.pending().decision == "skull-hit" and s.current_player == 1  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        s.apply("declare Flee")
    s.apply("put the skull hit on Hull")
    assert s.pending().decision == "declare" and s.table.combat.round == 2  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError):
        s.apply("put the skull hit on Hull")  # not a skull hit now: a declaration
    rolls = len(events(s, "contest-roll"))
    s.apply("declare Flee")
    s.apply("declare Flee")
    assert s.table.combat is None
    assert events(s, "both-flee") == [{}] and len(events(s, "contest-roll")) == rolls
    with pytest.raises(Exception, match="Flee is not allowed"):
        position({**data, "combat": {"aggressor": 0, "defender": 1, "declared": ["Shoot", "Flee"]}})


def test_mm_t17_mm_8_6_no_cannons_and_no_masts_on_both_sides_is_a_stalemate() -> None:
    """Both ships have Cannons 0 and Masts 0 (one also Crew 0): neither can hurt, board
    or flee; the combat ends with no winner at the start of the round."""
    s = position(
        quiet(
            {"zone": "Havana", "values": {"cannons": 0, "masts": 0}},
            {"zone": "Havana", "values": {"cannons": 0, "masts": 0, "crew": 0}},
            phase="combat",
            combat={"aggressor": 0, "defender": 1, "round": 3},
        ),
        [],  # no die is rolled
    )
    assert s.table.combat is None and events(s, "stalemate") == [{}]
    assert not events(s, "declare") and not events(s, "death")
    assert s.pending().decision == "action"  # type: ignore[union-attr]


# -- MM-5.2, MM-12 ports -------------------------------------------------------------------


def test_mm_t12_mm_12_3_buying_prices_by_cards_drawn_and_the_demanded_good_replaced() -> None:
    """Buying where Wood is in demand, drawn Rum, Rum, Rum, Sugar, Sugar, Wood; the Wood
    is replaced by a Tobacco: Rum 1 gold each, Sugar 2, Tobacco 3. Buying in the same
    port next game turn draws 3 cards."""
    drawn = ["Rum-a", "Rum-b", "Rum-c", "Sugar-a", "Sugar-b"]
    s = position(
        quiet(
            {"captain": "C02", "zone": "San Juan", "in_port": True, "gold": 20},
            {"zone": "Curaçao", "in_port": True},
            demand={"San Juan": "wood"},
            cargo_deck=[*drawn, "Wood-a", "Tobacco-a"],
            phase="port",
            port_step="buy",
        )
    )
    t = s.table
    p = t.players[0]
    assert port.cards_to_draw(s, p, zone("San Juan")) == 6
    s.apply("draw Cargo cards to buy")
    visit = t.visit
    assert visit is not None
    assert sorted(visit.drawn) == sorted(
        [*(card(*k.lower().split("-")) for k in drawn), card("tobacco", "a")]
    )
    assert card("wood", "a") in t.cargo_discard
    prices = {C.cargo[k].good: port.buy_price(s, p, visit, k) for k in visit.drawn}
    assert prices == {
        C.goods.index("rum"): 1,
        C.goods.index("sugar"): 2,
        C.goods.index("tobacco"): 3,
    }
    s.apply("buy Rum-a")
    s.apply("done")
    assert p.gold == 19 and card("rum", "a") in p.cargo
    t.round += 1
    assert port.cards_to_draw(s, p, zone("San Juan")) == 3  # bought here last turn


def test_mm_t13_mm_5_2_home_port_always_open_bounty_closes_port_royal_fee() -> None:
    """An English captain with an English bounty may enter Port Royal (home port) but
    not Bridgetown; a French pirate with an English bounty may enter Port Royal for 2
    gold or an Influence success."""
    s = position(
        quiet(
            {"captain": "C05", "zone": "Port Royal", "bounties": {"english": 1}},
            {"captain": "C09", "zone": "Port Royal", "bounties": {"english": 1}},
            phase="actions",
            turn=1,
        )
    )
    assert entry(s, 0, zone("Port Royal")) == OPEN  # the home port
    assert entry(s, 0, zone("Bridgetown")) == CLOSED
    assert entry(s, 1, zone("Port Royal")) == FEE
    assert {"enter Port Royal for 2 gold", "try to enter Port Royal with an Influence roll"} <= set(
        texts(s)
    )
    assert "take the Port action" not in texts(s)


def test_mm_t20_mm_1_9_no_credit_for_crew_or_rumors() -> None:
    """A captain with 1 gold: hiring a crewman after a failed Recruit roll (2 gold) is
    refused, and so is the Rumor step (its fee)."""
    s = position(
        quiet(
            {
                "captain": "C02",
                "zone": "San Juan",
                "in_port": True,
                "gold": 1,
                "values": {"crew": 1},
            },
            {"zone": "Curaçao", "in_port": True},
            phase="port",
            port_step="recruit",
        ),
        [1, 1],  # the Leadership roll (2 dice) fails
    )
    assert "recruit (Leadership roll)" in texts(s)
    s.apply("recruit (Leadership roll)")
    assert events(s, "roll")[-1]["successes"] == 0
    assert s.pending().decision != "recruit"  # type: ignore[union-attr]
    assert "hire a crewman" not in texts(s)
    assert "seek a rumor (Influence roll)" not in texts(s)
    assert s.table.players[0].gold == 1 and s.table.players[0].values[CREW] == 1


# -- MM-16, MM-17 death and the end --------------------------------------------------------


def test_mm_t14a_mm_17_3_stash_declaration_ends_the_game_after_the_round() -> None:
    """A captain with track 7 stashes 37 gold mid-round: total 10 (7 + 3); the engine
    flags the declaration, the game turn is finished, then the game ends."""
    s = position(
        quiet(
            {"captain": "C05", "zone": "Port Royal", "in_port": True, "glory": 7, "gold": 40},
            {"zone": "Curaçao", "in_port": True},
            phase="port",
            port_step="stash",
        )
    )
    t = s.table
    p = t.players[0]
    for amount in (20, 10, 5, 2):
        s.apply(f"stash {amount} gold")
    assert p.stash == 37 and p.gold == 3 and t.declared == 0
    assert total_glory(s, p) == 7 + 3
    stash_event = [e for e in s.events if e.kind == "stash"][-1]
    assert "amount" not in stash_event.for_seat(1)
    s.apply("done")
    s.apply("end your turn")
    assert not s.is_terminal()  # the game turn is finished first (MM-17.3)
    while not s.is_terminal() and s.current_player == 1:
        s.apply("end your turn" if "end your turn" in texts(s) else texts(s)[0])
    assert s.is_terminal()
    assert s.returns() == [1.0, -1.0]


def test_mm_t14b_mm_16_2_a_new_captain_and_the_stash() -> None:
    """A captain dies with 37 stashed: the new captain gets no gold and the 37 stay at
    the new home port. Another dies with 6 stashed: 6 + 4 from the bank = 10 gold on
    board, stash 0."""
    s = position(
        quiet(
            {"captain": "C01", "zone": "Havana", "stash": 37, "gold": 12},
            {"captain": "C05", "zone": "Havana", "stash": 6, "gold": 3},
            phase="actions",
        )
    )
    death.kill(s, 0, "test")
    death.kill(s, 1, "test")
    a, b = s.table.players
    assert (a.gold, a.stash) == (0, 37)
    assert (b.gold, b.stash) == (10, 0)
    assert a.zone == home_port(s, a) and a.docked and len(a.hand) == 1
    s.touched()
    assert s.pending().decision in ("choose-ship", "keep-captain")  # type: ignore[union-attr]


def test_mm_t18_mm_16_4_a_captain_killed_in_another_s_turn_plays_this_game_turn() -> None:
    """Player 3 kills player 4's captain in player 3's turn, before player 4 has played
    this game turn: player 4 sets up a new captain and plays a full turn."""
    s = position(
        quiet(
            {"zone": "Curaçao", "in_port": True},
            {"zone": "Curaçao", "in_port": True},
            {"zone": "Havana"},
            {"zone": "Havana"},
            phase="actions",
            first=0,
            turn=2,
        )
    )
    t = s.table
    assert t.turns_taken == 2
    t.pending = []
    death.kill(s, 3, "defeated by seat 2")
    s.touched()
    while s.pending().decision == "keep-captain":  # type: ignore[union-attr]
        s.apply("keep this captain")
    assert s.current_player == 3 and s.pending().decision == "choose-ship"  # type: ignore[union-attr]
    s.apply("sail a Sloop")
    assert s.current_player == 2
    s.apply("end your turn")
    assert s.current_player == 3 and t.actions_left == 3  # a full turn


def test_the_scenarios_here_conserve_every_component() -> None:
    """Each MM-T scenario is a legal position: the same cards and tokens as a set-up."""
    data = quiet(
        {"captain": "C02", "zone": "San Juan", "cargo": ["Rum-a"], "weapons": {"chain_shot": 1}},
        {"zone": "Havana", "bounties": {"english": 2}, "modifications": ["chasers"]},
        npcs={"ES": {"zone": "Nassau"}, "PF": {}},
        merchants={"San Juan": None},
        phase="actions",
    )
    s = position(data)
    assert s.components() == GAME.new_state(2, 1).components()
