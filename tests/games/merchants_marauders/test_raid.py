"""MM-6 Merchants and merchant raids; MM-5.4 scouting; MM-3.1 the merchant reset."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders.components import MASTS
from quarterdeck.games.merchants_marauders.turn import round_start

from .helpers import ScriptedDice, card, place, ready, texts, turn, zone

SPANISH, ENGLISH = 0, 1


def stack_cargo(s, cards: list[int]) -> None:  # type: ignore[no-untyped-def]
    """Put ``cards`` on top of the Cargo deck, the first to be drawn first."""
    t = s.table
    rest = [k for k in t.cargo_deck if k not in cards]
    t.cargo_deck = rest + list(reversed(cards))


def test_mm_t5_mm_6_3_enough_escape_icons_and_the_merchant_escapes() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "Caribbean Sea", ship="Flute", captain=1)  # Seamanship 2, Scouting 2
    t.merchants[zone("Caribbean Sea")] = ENGLISH
    turn(s, 0)
    stack_cargo(s, [card("rum", "c"), card("cocoa", "f"), card("food", "a")])
    s.rng = ScriptedDice([5, 1], [1, 1])  # the scout succeeds; the raid roll fails
    gold = p.gold
    s.apply("scout the merchant")
    assert texts(s) == ["announce the merchant as English"]  # the open sea has no nation
    s.apply("announce the merchant as English")
    s.apply("raid the merchant")
    assert texts(s) == ["done"]  # no success to spend
    s.apply("done")
    assert p.gold == gold and p.bounties[ENGLISH] == 1
    assert any(e.kind == "raid-failed" and e.data["escaped"] for e in s.events)
    assert p.cargo == []


def test_mm_t6_mm_6_4_san_juan_bonus_counts_toward_the_glory() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "San Juan", captain=1)
    t.merchants[zone("San Juan")] = SPANISH
    turn(s, 0)
    stack_cargo(s, [card("rum", "b"), card("sugar", "b"), card("cocoa", "f"), card("food", "a")])
    s.rng = ScriptedDice([5, 1], [5, 1])
    gold, hand = p.gold, len(p.hand)
    s.apply("scout the merchant")
    s.apply("announce the merchant as Spanish")
    s.apply("raid the merchant")
    s.apply("draw another Cargo card")
    s.apply("done")
    assert p.gold == gold + 9 + 3  # plunder 9, San Juan +3
    assert p.glory == 1 and len(p.hand) == hand + 1
    assert "keep Food-a as cargo" in texts(s)


def test_mm_6_2_no_raid_with_a_destroyed_location() -> None:
    s = ready()
    t = s.table
    p = place(s, 0, "Caribbean Sea", captain=1)
    p.values[MASTS] = 0
    t.merchants[zone("Caribbean Sea")] = ENGLISH
    turn(s, 0)
    s.rng = ScriptedDice([5, 1])
    s.apply("scout the merchant")
    s.apply("announce the merchant as English")
    assert texts(s) == ["let the merchant go in peace"]


def test_mm_6_1_the_raider_sees_the_token_others_see_only_the_announced_nation() -> None:
    s = ready()
    t = s.table
    place(s, 0, "Cartagena", captain=1)
    t.merchants[zone("Cartagena")] = ENGLISH
    turn(s, 0)
    s.rng = ScriptedDice([5, 1])
    s.apply("scout the merchant")
    assert texts(s) == ["announce the merchant as Spanish", "announce the merchant as English"]
    found = [e for e in s.events if e.kind == "merchant-found"][-1]
    assert found.for_seat(0)["token"] == "English" and "token" not in found.for_seat(1)
    assert "English" not in str(s.view(1)["pending"])
    assert t.track[-1] == ENGLISH and t.merchants[zone("Cartagena")] == -1


def test_mm_18_cartagena_finds_a_spanish_merchant_without_a_roll() -> None:
    s = ready()
    t = s.table
    place(s, 0, "Cartagena", captain=1)
    t.merchants[zone("Cartagena")] = ENGLISH
    turn(s, 0)
    s.rng = ScriptedDice([])
    s.apply("find a Spanish merchant without a roll (Cartagena)")
    assert texts(s) == ["raid the merchant", "let the merchant go in peace"]
    assert t.actions_left == 2


def test_mm_5_4_a_target_only_once_a_turn_and_never_from_port() -> None:
    s = ready()
    t = s.table
    place(s, 0, "Caribbean Sea", captain=1)
    t.merchants[zone("Caribbean Sea")] = ENGLISH
    turn(s, 0)
    s.rng = ScriptedDice([1, 1])
    s.apply("scout the merchant")  # fails
    assert "scout the merchant" not in texts(s) and t.actions_left == 2
    place(s, 0, "San Juan", docked=True)
    t.merchants[zone("San Juan")] = SPANISH
    t.scouted = []
    s.touched()
    assert "scout the merchant" not in texts(s)


def test_mm_t16_mm_3_1_the_merchant_reset_fills_every_empty_zone() -> None:
    s = ready()
    t = s.table
    tokens = [m for m in t.merchants]
    t.track = tokens[:11]
    t.merchants = [-1] * 11 + tokens[11:]
    round_start(s)
    assert t.track == [] and all(m >= 0 for m in t.merchants)
    assert sorted(t.merchants) == sorted(tokens)


def test_mm_3_1_no_reset_below_eight_tokens() -> None:
    s = ready()
    t = s.table
    t.track = t.merchants[:7]
    t.merchants = [-1] * 7 + t.merchants[7:]
    round_start(s)
    assert len(t.track) == 7
