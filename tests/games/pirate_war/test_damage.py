"""PW-4 hull, hold, crew and gold; PW-19 damage, loss and the new ship
(Appendix C 12: test_appendix_c.py)."""

from __future__ import annotations

from quarterdeck.games.pirate_war import damage, turn
from quarterdeck.games.pirate_war import phases as ph

from .conftest import BRETTONIAN, EMPIRE, make


def test_pw_4_2_hold_counts_current_hull_and_pw_4_4_no_space_no_gain() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.hull[0] = 4  # 3 crew + 1 cannon: full
    assert damage.free_space(s.table, 0) == 0
    damage.gain_crew(s, 0, "test")
    assert s.table.crew[0] == 3
    assert damage.gain_treasures(s, 0, 2, "test") == 0


def test_pw_4_7_sinking_at_0_hull_keeps_gold_cards_and_store() -> None:
    s = make((EMPIRE, BRETTONIAN))
    s.table.aboard[0] = 1
    s.table.store[0] = 2
    s.table.hands[0] = [29]
    s.table.hostile[0] = [[2, 0]]
    damage.damage(s, 0, 12, "test")
    assert s.table.hex[0] == -1
    assert (s.table.gold[0], s.table.store[0], s.table.hands[0]) == (10, 2, [29])
    assert s.table.aboard[0] == 0 and s.table.hostile[0] == []


def test_pw_19_3_new_ship_costs_20_or_all_the_gold() -> None:
    for gold, paid in ((25, 20), (20, 20), (7, 7)):
        s = make((EMPIRE, BRETTONIAN))
        s.table.gold[0] = gold
        damage.lose_ship(s, 0, "test")
        s.table.pending = [s.table.pending[0]]
        turn.start_turn(s, 0, 0)
        assert s.table.gold[0] == gold - paid
        assert s.table.hex[0] == s.board.site_anchorage[s.table.site[0]]
        assert s.table.facing[0] == s.board.site_out[s.table.site[0]]
        assert (s.table.hull[0], s.table.crew[0], len(s.table.weapons[0])) == (12, 1, 1)
        assert s.table.pending[-1].kind == ph.MOUNT  # the new weapon's mount


def test_pw_19_3_a_taken_anchorage_places_the_new_ship_on_the_inner_hex() -> None:
    s = make((EMPIRE, BRETTONIAN))
    home = s.table.site[0]
    s.table.hex[1] = s.board.site_anchorage[home]
    damage.lose_ship(s, 0, "test")
    damage.place_new_ship(s, 0)
    assert s.table.hex[0] == s.board.site_harbour[home][1]
