"""Component data MM-D.1 … MM-D.11: counts, totals and the checks on bad data."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any, cast

import pytest

from quarterdeck.engine import DataFileError
from quarterdeck.games.merchants_marauders.components import (
    LOCATIONS,
    SOURCES,
    Components,
    house_values,
    parse_components,
)

from .conftest import raw_data


def test_every_entry_has_a_source() -> None:
    raw = raw_data()
    for section, value in raw.items():
        entries = (
            value
            if isinstance(value, list)
            else list(value.values())
            if isinstance(value, dict) and "source" not in value
            else [value]
        )
        for entry in entries:
            if isinstance(entry, dict):
                assert entry.get("source") in SOURCES, (section, entry)


def test_house_values_are_listed() -> None:
    listed = dict(house_values(raw_data()))
    assert listed["captains[0]"] == "Diego Álvarez"
    assert "tokens.modifications" in listed and "tokens.merchants" not in listed


def test_mm_d1_seventeen_zones_sixteen_ports(components: Components) -> None:
    assert len(components.zones) == 17 and len(components.ports) == 16
    sea = components.zone_index("Caribbean Sea")
    assert components.zones[sea].nation is None and not components.zones[sea].port
    ports_by_nation = Counter(
        components.nations[cast(int, components.zones[p].nation)].key for p in components.ports
    )
    assert ports_by_nation == {"spanish": 6, "english": 5, "french": 3, "dutch": 2}


def test_mm_d2_home_ports(components: Components) -> None:
    homes = {n.key: components.zones[n.home_port].name for n in components.nations}
    assert homes == {
        "spanish": "Santo Domingo",
        "english": "Port Royal",
        "french": "Basse-Terre",
        "dutch": "Curaçao",
    }


def test_mm_d3_player_ships(components: Components) -> None:
    sloop, flute, frigate, galleon = components.ships
    assert sloop.values == (2, 2, 2, 2, 2) and sloop.maneuverability == 4
    assert flute.values == (1, 4, 2, 2, 3) and flute.maneuverability == 2
    assert (frigate.buy, frigate.sell, galleon.buy, galleon.sell) == (35, 10, 35, 10)
    assert (sloop.buy, sloop.sell) == (10, 5)


def test_mm_d4_npcs_and_their_entry_cards(components: Components) -> None:
    assert [n.key for n in components.npcs] == ["ES", "EN", "FR", "NL", "PS", "PF"]
    man_o_war = components.npc_ships[0]
    assert man_o_war.values == (4, 3, 3, 4, 4) and man_o_war.maneuverability == 2
    entries = [e for e in components.events if e.kind == "npc_entry"]
    assert len(entries) == 12
    assert Counter(e.npc for e in entries) == dict.fromkeys(range(6), 2)
    assert entries[0].captain == "Capitán Alonso Reyes" and entries[0].skills == (3, 2, 3)
    assert [n.reward for n in components.npcs][4:] == [5, 15]  # MM-7.5


def test_mm_d5_sixteen_captains_four_per_nation_skills_sum_to_ten(components: Components) -> None:
    assert len(components.captains) == 16
    assert Counter(k.nation for k in components.captains) == dict.fromkeys(range(4), 4)
    assert all(sum(k.skills) == 10 for k in components.captains)


def test_mm_d6_cargo_deck_totals(components: Components) -> None:
    cards = components.cargo
    assert len(cards) == 64 and len(components.goods) == 8
    assert sum(c.plunder for c in cards) == 208
    assert sum(c.escape for c in cards) == 40
    hits = Counter(LOCATIONS[c.hit] for c in cards if c.hit is not None)
    assert hits == {"hull": 5, "cargo": 5, "masts": 5, "crew": 5, "cannons": 4}
    assert len(components.demand_tokens) == 24


def test_mm_d7_tokens(components: Components) -> None:
    assert components.merchants == (5, 4, 4, 4)
    assert len(components.merchant_tokens) == 17
    assert components.bounties_per_nation == 5
    assert len(components.modification_tokens) == 16 and set(components.modifications) == {2}
    assert components.special_weapons == (4, 4, 4)


def test_mm_d8_thirty_four_events_each_npc_in_eleven_strips(components: Components) -> None:
    assert len(components.events) == 34
    strips = Counter(npc for e in components.events for npc, _ in e.strip)
    assert strips == dict.fromkeys(range(6), 11)
    assert all(len(e.strip) == 3 for e in components.events if e.kind != "npc_entry")
    kinds = Counter(e.kind for e in components.events)
    assert (
        kinds["war"] == 6 and kinds["peace"] == 2 and kinds["storm"] == 3 and kinds["patrol"] == 3
    )


def test_mm_d9_seventy_glory_cards_fourteen_types(components: Components) -> None:
    assert len(components.glory) == 70 and len(components.glory_types) == 14
    assert Counter(components.glory) == dict.fromkeys(range(14), 5)
    assert sum(1 for g in components.glory_types if g.kind == "specialist") == 6


def test_mm_d10_twenty_five_missions(components: Components) -> None:
    missions = components.missions
    assert len(missions) == 25
    m01 = missions[0]
    assert (components.zones[m01.port].name, m01.min_cannons, m01.test, m01.who) == (
        "Havana",
        3,
        (0, 2),
        "non_pirates",
    )
    m06 = missions[5]
    assert dict(m06.deliver) == {
        components.goods.index("sugar"): 1,
        components.goods.index("rum"): 1,
    }


def test_mm_d11_twenty_five_rumors(components: Components) -> None:
    rumors = components.rumors
    assert len(rumors) == 25
    assert sum(r.at_sea for r in rumors) == 14
    assert rumors[3].name == "The Lost Map" and rumors[3].reward == {"gold": 15}


def _broken(edit: Any) -> Any:
    raw = copy.deepcopy(raw_data())
    edit(raw)
    return raw


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda r: r.pop("zones"), "no 'zones' section"),
        (
            lambda r: r["zones"][0]["neighbours"].update(N="Atlantis"),
            r"zones\[0\] \(Nassau\)\.neighbours\.N",
        ),
        (lambda r: r["ships"][0].update(cannons=6), r"ships\[0\]\.cannons"),
        (lambda r: r["captains"][3].pop("source"), r"captains\[3\] needs a source"),
        (lambda r: r["nations"][0].update(home_port="Port Royal"), r"nations\[0\]\.home_port"),
        (lambda r: r["tokens"]["merchants"].update(spanish=4), "one merchant token per sea zone"),
        (lambda r: r["events"][20].update(strip=[["XX", "N"]] * 3), r"events\[20\]\.strip"),
        (
            lambda r: r["missions"][16]["reward"].update(specialist="cook"),
            r"missions\[16\]\.reward",
        ),
    ],
)
def test_bad_data_is_refused_with_the_entry_named(edit: Any, message: str) -> None:
    with pytest.raises(DataFileError, match=message):
        parse_components(_broken(edit))


def test_not_an_object_is_refused() -> None:
    with pytest.raises(DataFileError, match="JSON object"):
        parse_components([1, 2])


def test_data_option_swaps_the_whole_file(tmp_path: Any) -> None:
    import json

    from quarterdeck.games.merchants_marauders import MerchantsAndMarauders

    raw = raw_data()
    raw["ships"][0]["cannons"] = 3
    raw["ships"][0]["source"] = "published"
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    game = MerchantsAndMarauders(data=str(path))
    assert game.components.ships[0].values[0] == 3 and game.is_custom_data
    assert ("ships[0]", "Sloop") not in game.house_values()
    assert ("ships[0]", "Sloop") in MerchantsAndMarauders().house_values()
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DataFileError):
        MerchantsAndMarauders(data=str(bad))


def test_rules_summary() -> None:
    from quarterdeck.games.merchants_marauders import MerchantsAndMarauders

    assert "10 glory" in MerchantsAndMarauders().rules_summary()
