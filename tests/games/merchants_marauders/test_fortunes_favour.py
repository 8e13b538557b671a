"""MM-D.9 G12 Fortune's Favour after the skill rolls of combat (MM-8.3, MM-10.2), of a
storm and Tropical Disease (MM-D.8) and of entering Port Royal or Bridgetown (MM-18):
the window of the house ruling, offered to any captain holding glory cards (MM-14.4,
MM-14.6), one seat after the other (MM-1.10)."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders import MerchantsAndMaraudersState, combat, decisions
from quarterdeck.games.merchants_marauders.basics import skill_dice
from quarterdeck.games.merchants_marauders.components import CANNONS, CREW, HULL
from quarterdeck.games.merchants_marauders.event_cards import resolve_event
from quarterdeck.games.merchants_marauders.phases import NPC_SIDE, SHOOT
from quarterdeck.games.merchants_marauders.table import Combat

from .helpers import C, ScriptedDice, captain_of, place, ready, texts, turn, zone
from .test_glory import give

SEAMANSHIP, LEADERSHIP, INFLUENCE = 0, 2, 3
PLAY = "play Fortune's Favour"
TEMPEST, TROPICAL_DISEASE = 21, 23  # E22 Tempest: Tortuga and its neighbours; E24
EN = 1  # the English naval ship


def deciding(s: MerchantsAndMaraudersState) -> tuple[str, int] | None:
    pending = s.pending()
    return None if pending is None else (pending.decision, pending.seat)


def contest_winners(s: MerchantsAndMaraudersState) -> list[str | None]:
    return [e.data["winner"] for e in s.events if e.kind == "contest"]


def contest(s: MerchantsAndMaraudersState, second: str, first: str = "fortunes_favour") -> None:
    """Seat 0 (C02, Seamanship 2) against seat 1 (C01, Seamanship 3), both Sloops with
    no Cannons (no volley), at round 2's contest; seat 0 holds ``first``, seat 1
    ``second``."""
    for seat, card_ in ((0, 1), (1, 0)):
        p = place(s, seat, "Havana", captain=card_)
        p.values[CANNONS] = 0
    give(s, 0, first)
    give(s, 1, second)
    s.table.combat = Combat(sides=[0, 1], round=2, declared=[SHOOT, SHOOT], stage="contest")
    s.table.pending = []


def test_mm_14_6_g12_after_the_seamanship_contest() -> None:
    """MM-8.3: both roll; the aggressor's window comes first, then the foe's, who has
    seen it; the re-rolled dice decide the contest."""
    s = ready()
    contest(s, "fortunes_favour")
    # Seat 0 fails both dice, seat 1 has one success: seat 1 would win.
    s.rng = ScriptedDice([1, 1], [5, 1, 1], [5, 5], [1, 1, 1])
    decisions.settle(s)
    s.touched()
    assert deciding(s) == ("fortune", 0) and set(texts(s)) == {"done", PLAY}
    s.apply(PLAY)
    assert deciding(s) == ("fortune", 1)  # the foe decides after seeing it
    s.apply(PLAY)  # seat 1 re-rolls too, and loses its success
    assert contest_winners(s) == ["Red"]
    dice = [e.data["dice"] for e in s.events if e.kind == "contest"]
    assert dice == [[[5, 5], [1, 1, 1]]]
    assert deciding(s) == ("declare", 0)  # no hits: round 3
    assert not s.table.players[0].hand and not s.table.players[1].hand


def test_mm_14_6_g12_a_kept_contest_roll_stands_and_an_npc_has_no_window() -> None:
    """Kept dice decide the contest as rolled; an NPC foe holds no cards, so only the
    captain's window opens (and only after a failed die)."""
    s = ready()
    contest(s, "windfall")
    s.rng = ScriptedDice([1, 1], [5, 1, 1])
    decisions.settle(s)
    s.touched()
    s.apply("done")
    assert deciding(s) == ("fortune", 1) and texts(s) == ["done"]
    s.apply("done")
    assert contest_winners(s) == ["Blue"]
    s = ready()
    p = place(s, 0, "Havana", captain=1)
    p.values[CANNONS] = 0
    give(s, 0, "fortunes_favour")
    npc = C.npcs[EN]
    values = list(C.npc_ships[npc.ship].values)
    values[CANNONS] = 0
    cb = Combat(sides=[NPC_SIDE + EN, 0], round=2, declared=[SHOOT, SHOOT], stage="contest")
    cb.npc_values, cb.npc_skills = values, [1, 1, 1]
    s.table.combat, s.table.pending = cb, []
    npc_dice, own = combat.seamanship_dice(s, cb, 0), combat.seamanship_dice(s, cb, 1)
    s.rng = ScriptedDice([1] * npc_dice, [1] * own, [5] * own)
    decisions.settle(s)
    s.touched()
    assert deciding(s) == ("fortune", 0)
    assert s.table.pending[-1].args[2] == 1  # the captain's side, the defender
    s.apply(PLAY)
    assert contest_winners(s) == ["Red"]


def test_mm_14_6_g12_after_the_leadership_rolls_of_crew_combat() -> None:
    """MM-10.2: the re-rolled successes are the hits; here the one that takes the foe's
    last crewman, where the kept roll would have gone on to another round."""
    s = ready()
    a = place(s, 0, "Havana", captain=1)  # C02: Leadership 2
    b = place(s, 1, "Havana", captain=0)
    b.values[CREW] = 1
    give(s, 0, "fortunes_favour")
    cb = Combat(sides=[0, 1], round=2, stage="crew")
    s.table.combat, s.table.pending = cb, []
    la, lb = combat.leadership_dice(s, cb, 0), combat.leadership_dice(s, cb, 1)
    s.rng = ScriptedDice([1] * la, [1] * lb, [5] + [1] * (la - 1))
    decisions.settle(s)
    s.touched()
    assert deciding(s) == ("fortune", 0)  # seat 1 holds no cards: no window of its own
    assert [e.data["dice"] for e in s.events if e.kind == "crew-roll"] == [[[1] * la, [1] * lb]]
    crew = a.values[CREW]
    s.apply(PLAY)
    rounds = [e.data for e in s.events if e.kind == "crew-round"]
    assert rounds == [{"dice": [[5] + [1] * (la - 1), [1] * lb], "hits": [1, 0]}]
    assert b.values[CREW] == 0 and a.values[CREW] == crew
    assert [e.data["winner"] for e in s.events if e.kind == "combat-over"] == ["Red"]
    assert [e.data["seat"] for e in s.events if e.kind == "death"] == [1]


def test_mm_14_6_g12_after_a_storm() -> None:
    """MM-D.8 Storm at the Event step: the re-rolled success spares the ship."""
    s = ready()
    p = place(s, 0, "Tortuga", captain=1)  # Seamanship 2
    give(s, 0, "fortunes_favour")
    s.rng = ScriptedDice([1, 1], [5, 1])
    resolve_event(s, TEMPEST)
    s.touched()
    assert deciding(s) == ("fortune", 0)
    s.apply(PLAY)
    assert p.values == p.maxima and not any(e.kind == "hit" for e in s.events)


def test_mm_14_6_g12_storm_captains_decide_in_turn_order() -> None:
    """MM-1.10: at the Event step the captains roll in turn order, and each one's
    choices (window, skull) come before the next one's window."""
    s = ready()
    s.table.first = 0
    a = place(s, 0, "Tortuga", captain=1)
    place(s, 1, "Havana", captain=0)  # Seamanship 3
    give(s, 1, "fortunes_favour")
    s.rng = ScriptedDice([1, 1], [6], [1, 1, 1], [5, 1, 1])  # seat 0: a skull hit
    resolve_event(s, TEMPEST)
    s.touched()
    assert deciding(s) == ("skull-hit", 0)  # seat 0 holds no cards: no window
    s.apply("put the skull hit on Cargo")
    assert deciding(s) == ("fortune", 1)
    s.apply(PLAY)  # seat 1's re-roll succeeds: no hit
    hits = [(e.data["seat"], e.data["location"]) for e in s.events if e.kind == "hit"]
    assert hits == [(0, "cargo")] and a.values[HULL] == a.maxima[HULL]


def test_mm_14_6_g12_after_a_storm_on_entering_its_zones() -> None:
    """MM-D.8: a ship sailing into the storm's zones rolls too; the NPCs there scout it
    only once the roll stands (MM-5.3)."""
    s = ready()
    t = s.table
    p = place(s, 0, "Havana", captain=1)
    give(s, 0, "fortunes_favour")
    t.storm = list(s.sea.within(zone("Tortuga")))
    PS = 4  # the pirate sloop, hostile to a captain without bounties
    t.npc_zone[PS], t.npc_cards[PS] = zone("Tortuga"), [8]
    turn(s, 0)
    s.rng = ScriptedDice([1, 1], [5, 5], [1] * 10)
    s.apply("move to Tortuga")
    assert deciding(s) == ("fortune", 0)
    assert not any(e.kind == "npc-scout" for e in s.events)
    s.apply(PLAY)
    kinds = [e.kind for e in s.events]
    favour = next(i for i, e in enumerate(s.events) if e.data.get("why") == "Fortune's Favour")
    assert kinds.index("npc-scout") > favour
    assert p.values == p.maxima and "hit" not in kinds


def test_mm_14_6_g12_after_tropical_disease() -> None:
    """MM-D.8 Tropical Disease: the re-rolled success keeps the crewman."""
    s = ready()
    p = place(s, 0, "Tortuga", captain=1)  # Leadership 2
    place(s, 1, "Curaçao", docked=True)
    give(s, 0, "fortunes_favour")
    s.rng = ScriptedDice([1, 1], [1, 5])
    resolve_event(s, TROPICAL_DISEASE)
    s.touched()
    assert deciding(s) == ("fortune", 0)
    s.apply(PLAY)
    assert p.values[CREW] == p.maxima[CREW]
    assert not any(e.kind == "hit" for e in s.events)


def test_mm_14_6_g12_after_the_port_royal_entry_roll() -> None:
    """MM-18 Port Royal: the re-rolled Influence success lets the pirate in, free."""
    s = ready()
    p = place(s, 0, "Port Royal", captain=captain_of("french"))
    p.bounties[EN] = 1
    give(s, 0, "fortunes_favour")
    gold = p.gold
    turn(s, 0)
    dice = skill_dice(s, p, INFLUENCE)
    s.rng = ScriptedDice([1] * dice, [5] + [1] * (dice - 1))
    s.apply("try to enter Port Royal with an Influence roll")
    assert deciding(s) == ("fortune", 0) and not p.docked
    s.apply(PLAY)
    assert p.docked and p.gold == gold and s.table.visit is not None
    assert not any(e.kind == "refused-entry" for e in s.events)


def test_mm_14_6_g12_after_the_bridgetown_entry_roll() -> None:
    """MM-18 Bridgetown: the re-rolled Seamanship success spares the Frigate's Hull."""
    s = ready()
    p = place(s, 0, "Bridgetown", ship="Frigate", captain=captain_of("english"))
    give(s, 0, "fortunes_favour")
    turn(s, 0)
    dice = skill_dice(s, p, SEAMANSHIP)
    s.rng = ScriptedDice([1] * dice, [5] * dice)
    s.apply("take the Port action")
    assert deciding(s) == ("fortune", 0) and not p.docked
    s.apply(PLAY)
    assert p.docked and p.values[HULL] == p.maxima[HULL] and s.table.visit is not None


def test_mm_14_6_g12_a_captain_without_it_gets_the_same_window_with_only_done() -> None:
    """The house ruling: the window opens for any glory card held; without Fortune's
    Favour only "done" is offered, and nobody else can tell the two apart."""
    states = []
    for card_ in ("fortunes_favour", "windfall"):
        s = ready()
        contest(s, "windfall", card_)
        s.rng = ScriptedDice([1, 1], [5, 1, 1])
        decisions.settle(s)
        s.touched()
        states.append(s)
    with_it, without = states
    assert set(texts(with_it)) == {"done", PLAY} and texts(without) == ["done"]
    assert with_it.pending() == without.pending()
    for seat in (1, None):
        assert with_it.view(seat) == without.view(seat)
    for s in states:
        s.apply("done")
    assert with_it.view(1) == without.view(1) and with_it.pending() == without.pending()


def test_mm_12_7_a_second_rumor_kept_after_the_window_asks_which_to_keep() -> None:
    """MM-12.7 after a window: the second rumor drawn once the roll stands still waits
    for the keep-one choice (it used to be asked before the window, and was lost)."""
    s = ready()
    p = place(s, 0, "San Juan", docked=True, captain=1)  # C02: Influence 4
    p.gold, p.rumor = 10, 0
    s.table.rumor_deck.remove(0)
    give(s, 0, "windfall")
    turn(s, 0)
    s.rng = ScriptedDice([5, 1, 1, 1])
    s.apply("take the Port action")
    while deciding(s) != ("rumor", 0):
        s.apply("done")
    s.apply("seek a rumor (Influence roll)")
    assert deciding(s) == ("fortune", 0)
    s.apply("done")
    assert deciding(s) == ("discard-rumor", 0) and p.rumor2 >= 0
    s.apply(texts(s)[0])
    assert p.rumor2 == -1 and p.rumor >= 0 and len(s.table.rumor_discard) == 1
