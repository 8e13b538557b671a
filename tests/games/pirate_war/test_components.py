"""PW-1, PW-3, PW-5, Appendix B: the component data file and its checks."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from importlib import resources
from typing import Any

import pytest

from quarterdeck.engine import DataFileError
from quarterdeck.games.pirate_war.components import parse_components


def raw() -> Any:
    text = (
        resources.files("quarterdeck.games.pirate_war.data")
        .joinpath("components.json")
        .read_text(encoding="utf-8")
    )
    return json.loads(text)


def test_pw_9_1_the_deck_has_42_different_cards_by_kind() -> None:
    c = parse_components(raw())
    assert len(c.cards) == 42
    assert len({card.name for card in c.cards}) == 42
    kinds = [card.kind for card in c.cards]
    assert kinds.count("I") == 25 and kinds.count("F") == 1 and kinds.count("H") == 16
    assert c.card(24).name == "Wine, Women & Song" and c.card(24).kind == "F"


def test_appendix_b_card_values() -> None:
    c = parse_components(raw())
    assert [c.card(n).turn for n in (2, 3, 4, 5)] == [2, -2, -1, 1]
    assert [c.card(n).within for n in (35, 36, 37, 38)] == [2, 2, 1, 1]
    assert [c.card(n).bonus for n in (39, 40, 41)] == [1, 2, 1]
    assert [c.card(n).strength for n in (33, 34)] == [2, 1]
    assert c.card(9).dice == 4 and c.card(22).dice == 3 and c.card(25).dice == 3
    assert {c.card(n).effect for n in (10, 31, 32)} == {"go-again"}
    assert c.card(12).storm and c.card(13).storm and not c.card(30).storm


def test_pw_3_1_races() -> None:
    c = parse_components(raw())
    by_name = {r.name: r for r in c.races}
    assert [r.name for r in c.races] == [
        "Empire", "Brettonian", "Elves", "Dwarves", "Orcs", "Chaos",
    ]  # fmt: skip
    empire, elves, dwarves = by_name["Empire"], by_name["Elves"], by_name["Dwarves"]
    assert (empire.oars, empire.sail, empire.hull, empire.crew) == (4, 6, 12, 3)
    assert (by_name["Brettonian"].sail, by_name["Orcs"].crew) == (9, 4)
    assert (elves.hull, elves.crew, dwarves.steam, dwarves.save) == (10, 2, 5, 5)
    assert [r.can_ram for r in c.races] == [True, False, False, True, False, True]
    mounts = {r.name: [c.mounts[m].name for m in r.mounts] for r in c.races}
    assert mounts["Brettonian"] == ["midships"] and mounts["Elves"] == ["bow-180"]
    assert mounts["Empire"] == ["forward", "midships"]
    # PW-3.2: Empire and Chaos have the same rules.
    chaos = by_name["Chaos"]
    assert replace(empire, name="") == replace(chaos, name="")


def test_pw_5_1_weapon_ranges_and_pw_5_6_cost() -> None:
    c = parse_components(raw())
    ranges = {w.name: (w.min_range, w.max_range, w.cost) for w in c.weapons}
    assert ranges == {
        "cannon": (1, 2, 2),
        "dwarf cannon": (1, 3, 2),
        "bolt thrower": (1, 3, 2),
        "catapult": (2, 3, 2),
    }


def test_every_entry_has_a_source_and_bad_entries_are_named() -> None:
    data = raw()
    for key in ("mounts", "weapons", "races", "cards"):
        assert all(entry["source"] in ("seed", "published", "house") for entry in data[key])
    assert data["map"]["source"] == "house"
    broken = copy.deepcopy(data)
    del broken["cards"][3]["source"]
    with pytest.raises(DataFileError, match=r"cards\[3\]"):
        parse_components(broken)
    broken = copy.deepcopy(data)
    broken["races"][0]["weapon"] = "musket"
    with pytest.raises(DataFileError, match=r"races\[0\]\.weapon"):
        parse_components(broken)
    broken = copy.deepcopy(data)
    broken["map"]["rows"][4] = "......."
    with pytest.raises(DataFileError, match=r"map\.rows\[4\]"):
        parse_components(broken)
    with pytest.raises(DataFileError):
        parse_components([])
