"""PW-5, PW-12 firing and PW-13 boarding (Appendix C 7-10, 13 and 15: test_appendix_c.py)."""

from __future__ import annotations

from quarterdeck.games.pirate_war import cards, combat, damage
from quarterdeck.games.pirate_war import phases as ph

from .conftest import (
    BRETTONIAN,
    EMPIRE,
    FORWARD,
    MIDSHIPS,
    ORCS,
    away,
    make,
    push,
    put,
    script,
    settled,
    texts,
)

CUTLASS, NARROW_ESCAPE, BROADSIDES, GRAPESHOT, MEDICINALS = 41, 29, 36, 37, 42


def test_pw_12_3_a_fire_attack_with_a_battle_card() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 5, 6, 1)
    put(s, 1, 7, 6, 4)
    s.table.hands[0] = [BROADSIDES, GRAPESHOT]
    s.table.main = ph.ATTACK
    push(s, ph.FIRE_TARGET, 0)
    assert texts(s) == ["fire at Blue", "hold fire"]
    s.apply("fire at Blue")
    assert s.table.pending[-1].kind == ph.FIRE_CARD
    assert texts(s) == ["pass", "play Broadsides"]  # Grapeshot needs the target within 1
    s.apply("play Broadsides")
    assert texts(s) == ["fire 1 weapon"]
    script(s, 3, 1)  # a 3 hits with a battle card; the save fails
    s.apply("fire 1 weapon")
    assert s.table.hull[1] == 10
    assert BROADSIDES in s.table.deck.discards and s.table.hands[0] == [GRAPESHOT]


def test_pw_4_8_no_more_weapons_than_crew() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 5, 6, 1)
    put(s, 1, 7, 6, 4)
    s.table.weapons[0] = [FORWARD, FORWARD, FORWARD]
    s.table.crew[0] = 2
    push(s, ph.FIRE_WEAPONS, 0, 1, 0)
    assert texts(s) == ["fire 1 weapon", "fire 2 weapons"]


def test_pw_5_2_a_midships_weapon_fires_to_either_beam_not_ahead() -> None:
    s = make((BRETTONIAN, EMPIRE))
    put(s, 0, 5, 6, 1)
    assert s.table.weapons[0] == [MIDSHIPS]
    put(s, 1, 7, 6, 4)  # dead ahead
    assert combat.fire_targets(s, 0) == []
    put(s, 1, 5, 7, 4)  # starboard beam, distance 1
    assert combat.fire_targets(s, 0) == [1]
    put(s, 1, 4, 4, 4)  # port side, distance 2
    assert combat.fire_targets(s, 0) == [1]


def test_pw_22_2_narrow_escape_cancels_the_attack_on_that_ship() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 5, 6, 1)
    put(s, 1, 6, 6, 4)
    s.table.hands[1] = [NARROW_ESCAPE]
    s.table.main = ph.ATTACK
    push(s, ph.BOARD_TARGET, 0)
    push(s, ph.FIRE_TARGET, 0)
    s.apply("fire at Blue")
    assert s.current_player == 1 and texts(s) == ["pass", "play Narrow Escape"]
    s.apply("play Narrow Escape")
    assert s.table.pending[-1].kind == ph.BOARD_TARGET
    assert texts(s) == ["no boarding"]  # no boarding of it this phase either
    assert s.table.hull[1] == 12


def test_pw_22_2_a_player_with_cards_is_asked_whatever_they_hold() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 5, 6, 1)
    put(s, 1, 6, 6, 4)
    s.table.hands[1] = [CUTLASS]
    push(s, ph.FIRE_TARGET, 0)
    s.apply("fire at Blue")
    assert s.current_player == 1 and texts(s) == ["pass"]


def test_pw_13_6_narrow_escape_ends_the_hooks() -> None:
    s = make((ORCS, EMPIRE))
    put(s, 0, 5, 6, 1)
    put(s, 1, 6, 6, 4)
    s.table.hands[1] = [NARROW_ESCAPE]
    push(s, ph.BOARD_TARGET, 0)
    s.apply("board Blue")
    s.apply("pass")  # W4: the Empire player passes
    s.apply("pass")
    script(s, 6, 1, 3)
    s.apply("pass")
    s.apply("take gold")
    assert s.pending().prompt.endswith("killed — play a card or pass")  # type: ignore[union-attr]
    s.apply("pass")  # W3 (Medicinals): asked because a card is held
    assert s.current_player == 1 and "play Narrow Escape" in texts(s)  # W5
    s.apply("play Narrow Escape")
    assert s.table.pending[-1].kind == ph.WIND


def test_pw_22_2_medicinals_stops_one_crew_loss() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 1)
    s.table.hands[0] = [MEDICINALS]
    s.table.pending.extend(reversed(damage.crew_loss(s.table, 0)))
    settled(s)
    assert texts(s) == ["pass", "play Medicinals"]
    s.apply("play Medicinals")
    assert s.table.crew[0] == 3


def test_pw_13_5_event_boardings() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    away(s, 1)
    s.table.gold[0] = 12
    script(s, 6, 2)  # Buccaneers 6+2 = 8 beat 2+3 = 5
    cards.effect(s, 0, 33)
    settled(s)
    assert texts(s) == ["pass"]  # the boarding card decision
    s.apply("pass")
    assert s.table.gold[0] == 2 and s.table.crew[0] == 2
    # Mutiny: the ship defends with crew - 1; winning still kills the mutineer.
    script(s, 1, 6)
    cards.effect(s, 0, 8)
    settled(s)
    s.apply("pass")
    assert s.table.crew[0] == 1
    cards.effect(s, 0, 8)  # one crew: Mutiny is ignored
    assert [e.kind for e in s.events][-1] == "ignored"
