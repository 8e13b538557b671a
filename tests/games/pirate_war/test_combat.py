"""PW-5, PW-12 firing and PW-13 boarding, with Appendix C 7, 9, 10, 13 and 15."""

from __future__ import annotations

from quarterdeck.games.pirate_war import cards, combat
from quarterdeck.games.pirate_war import phases as ph

from .conftest import (
    BRETTONIAN,
    DWARVES,
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


def test_c7_ranges() -> None:
    s = make((ORCS, EMPIRE))
    put(s, 0, 5, 6, 1)
    b = s.board
    origin = s.table.hex[0]
    one, two, three = (b.neighbour(origin, 1),)[0], b.index(7, 6), b.index(8, 6)
    assert not combat.reaches(s, 0, FORWARD, one)  # a catapult cannot target adjacent
    assert combat.reaches(s, 0, FORWARD, two) and combat.reaches(s, 0, FORWARD, three)
    put(s, 1, 5, 8, 1)
    e = s.table.hex[1]
    assert combat.reaches(s, 1, FORWARD, b.index(6, 8))
    assert combat.reaches(s, 1, FORWARD, b.index(7, 8))
    assert not combat.reaches(s, 1, FORWARD, b.index(8, 8))
    assert b.distance(e, b.index(8, 8)) == 3


def test_c9_doubles() -> None:
    s = make((EMPIRE, BRETTONIAN))
    # To hit 4, 4, 5; saves: the first 4 rolls 2 (fails), the second 4 gets none,
    # the 5 rolls 6 (saved).
    script(s, 4, 4, 5, 2, 6)
    assert combat.resolve_hits(s, 0, 3, ph.HIT_ON, 1) == 2
    script(s, 4, 4, 5, 2, 1)
    assert combat.resolve_hits(s, 0, 3, ph.HIT_ON, 1) == 3
    # With a Broadsides card: hits on 3+, 2 damage per unsaved hit.
    script(s, 4, 4, 5, 2, 6)
    assert combat.resolve_hits(s, 0, 3, ph.HIT_ON - 1, 2) == 4
    # Two 4s both saved: each gets its save roll.
    script(s, 4, 4, 6, 6)
    assert combat.resolve_hits(s, 0, 2, ph.HIT_ON, 1) == 0
    dice = [e for e in s.events if e.kind == "dice"][-1]
    assert dice.data["saves"] == [6, 6]


def test_c10_dwarves_save_on_5() -> None:
    s = make((DWARVES, EMPIRE))
    script(s, 4, 5)
    assert combat.resolve_hits(s, 0, 1, ph.HIT_ON, 1) == 0
    script(s, 4, 5)
    assert combat.resolve_hits(s, 1, 1, ph.HIT_ON, 1) == 1


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


def test_c13_boarding() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 5, 6, 1)
    put(s, 1, 6, 6, 4)
    s.table.crew = [3, 2]
    s.table.aboard[1] = 1
    s.table.hands[0] = [CUTLASS]
    s.table.main = ph.ATTACK
    push(s, ph.BOARD_TARGET, 0)
    s.apply("board Blue")
    assert s.pending() is not None and s.pending().decision == ph.BOARD_CARD  # type: ignore[union-attr]
    s.apply("play Cutlass")
    assert s.current_player == 1
    script(s, 2, 4, 5, 1)  # 2+3+1 = 6 vs 4+2 = 6: again; 5+3+1 = 9 vs 1+2 = 3
    s.apply("pass")
    rolls = [e.data["totals"] for e in s.events if e.kind == "boarding-roll"]
    assert rolls == [[6, 6], [9, 3]]
    assert s.current_player == 0 and texts(s) == ["take a treasure", "take gold"]
    s.apply("take a treasure")
    assert s.table.aboard == [1, 0] and s.table.crew == [3, 1]


def test_c13_boarding_gold_and_a_defender_may_win() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 0, 5, 6, 1)
    put(s, 1, 6, 6, 4)
    s.table.crew = [2, 3]
    s.table.gold = [15, 4]
    push(s, ph.BOARD_TARGET, 0)
    s.apply("board Blue")
    s.apply("pass")
    script(s, 1, 6)
    s.apply("pass")
    assert s.current_player == 1 and texts(s) == ["take gold"]  # nothing aboard to take
    s.apply("take gold")
    assert s.table.gold == [5, 14] and s.table.crew == [1, 3]


def test_c13_orc_hooks_give_another_round() -> None:
    s = make((ORCS, EMPIRE))
    put(s, 0, 5, 6, 1)
    put(s, 1, 6, 6, 4)
    s.table.crew = [4, 3]
    push(s, ph.BOARD_TARGET, 0)
    s.apply("board Blue")
    s.apply("pass")
    script(s, 6, 1, 2)  # the Orcs win; then the hook roll 2: another round
    s.apply("pass")
    s.apply("take gold")
    assert s.table.crew == [4, 2]
    assert [e.data["die"] for e in s.events if e.kind == "hooks"] == [2]
    assert s.pending().decision == ph.BOARD_CARD and s.current_player == 0  # type: ignore[union-attr]
    s.apply("pass")
    script(s, 1, 6, 5)  # the Empire ship wins this round; hook roll 5 ends it
    s.apply("pass")
    assert s.current_player == 1
    s.apply("take gold")
    assert s.table.crew == [3, 2]
    assert s.table.pending[-1].kind == ph.WIND


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
    s.table.pending.extend(reversed(cards.crew_loss(s.table, 0)))
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


def test_c15_no_target_at_a_free_port() -> None:
    s = make((EMPIRE, BRETTONIAN))
    put(s, 1, 7, 1, 1)  # an anchorage of free port (7,0)
    put(s, 0, 9, 2, 4)
    s.table.facing[0] = 4
    assert combat.fire_targets(s, 0) == []
    put(s, 0, 8, 2, 4)
    assert combat.boarding_targets(s, 0) == []
    s2 = make((EMPIRE, BRETTONIAN), free_port_sanctuary="off")
    put(s2, 1, 7, 1, 1)
    put(s2, 0, 8, 2, 4)
    assert combat.boarding_targets(s2, 0) == [1]
