"""MM-6 Merchants and merchant raids; MM-5.4 scouting; MM-3.1 the merchant reset."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders.components import MASTS
from quarterdeck.games.merchants_marauders.turn import round_start

from .helpers import ScriptedDice, place, ready, texts, turn, zone

SPANISH, ENGLISH = 0, 1


def stack_cargo(s, cards: list[int]) -> None:  # type: ignore[no-untyped-def]
    """Put ``cards`` on top of the Cargo deck, the first to be drawn first."""
    t = s.table
    rest = [k for k in t.cargo_deck if k not in cards]
    t.cargo_deck = rest + list(reversed(cards))


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


def test_mm_3_1_no_reset_below_eight_tokens() -> None:
    s = ready()
    t = s.table
    t.track = t.merchants[:7]
    t.merchants = [-1] * 7 + t.merchants[7:]
    round_start(s)
    assert len(t.track) == 7
