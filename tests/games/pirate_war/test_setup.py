"""PW-2 players and setup."""

from __future__ import annotations

from quarterdeck.games.pirate_war import PirateWarState, setup
from quarterdeck.games.pirate_war import phases as ph

from .conftest import EMPIRE, ORCS, game, script


def test_pw_2_setup_order_races_ports_mounts() -> None:
    g = game()
    s = g.new_state(3, 11)
    assert isinstance(s, PirateWarState)
    order = s.table.setup_order
    assert sorted(order) == [0, 1, 2]
    for seat in order:  # PW-2.3: races in setup order, no race twice
        assert s.current_player == seat and s.pending().decision == ph.RACE  # type: ignore[union-attr]
        s.apply(s.legal_actions()[0].id)
    assert len(set(s.table.race)) == 3
    offered = []
    for seat in reversed(order):  # PW-2.4: home ports in reverse order
        assert s.current_player == seat and s.pending().decision == ph.SITE  # type: ignore[union-attr]
        offered.append(sorted(a.args[0] + 1 for a in s.legal_actions()))
        s.apply(s.legal_actions()[-1].id)
    assert offered[0] == [2, 4, 6]  # three players: sites 6 W, 2 NE, 4 SE
    # PW-2.5: each ship on its anchorage facing out, full hull, race crew.
    for seat in range(3):
        site = s.table.site[seat]
        assert s.table.hex[seat] == s.board.site_anchorage[site]
        assert s.table.facing[seat] == s.board.site_out[site]
        assert s.table.gold[seat] == 10  # PW-2.7


def test_pw_2_4_sites_by_player_count() -> None:
    g = game()
    expected = {2: [3, 6], 3: [2, 4, 6], 4: [1, 2, 4, 5], 5: [1, 2, 4, 5, 6], 6: [1, 2, 3, 4, 5, 6]}
    for n, sites in expected.items():
        s = g.new_state(n, 1)
        assert isinstance(s, PirateWarState)
        assert [x + 1 for x in setup.site_options(s)] == sites


def test_pw_2_2_setup_roll_ties_roll_again() -> None:
    g = game()
    s = g.new_state(2, 1)
    assert isinstance(s, PirateWarState)
    script(s, 3, 3, 2, 5)
    from quarterdeck.games.pirate_war.turn import order_by_roll

    assert order_by_roll(s, [0, 1], "setup") == [1, 0]


def test_pw_2_6_empire_orc_chaos_choose_the_starting_mount() -> None:
    g = game()
    s = g.new_state(2, 3)
    assert isinstance(s, PirateWarState)
    races = {s.table.setup_order[0]: ORCS, s.table.setup_order[1]: EMPIRE}
    while s.pending().decision == ph.RACE:  # type: ignore[union-attr]
        s.apply(f"race {g.components.races[races[s.current_player]].name}")  # type: ignore[index]
    while s.pending().decision == ph.SITE:  # type: ignore[union-attr]
        s.apply(s.legal_actions()[0].id)
    assert s.pending().decision == ph.MOUNT  # type: ignore[union-attr]
    assert [a.text for a in s.legal_actions()] == [
        "mount the weapon forward",
        "mount the weapon midships",
    ]
    seat = s.current_player
    s.apply("mount the weapon midships")
    assert s.table.weapons[seat] == [1]  # type: ignore[index]
