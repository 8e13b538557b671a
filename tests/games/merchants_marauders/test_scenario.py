"""Scenarios (``scenario.py``; docs/games/merchants-and-marauders.md, "Scenarios"):
positions from JSON, their refusals, the command line and records."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any, cast

import pytest
from typer.testing import CliRunner

from quarterdeck.cli import app
from quarterdeck.engine import Record, Rng, ScenarioError
from quarterdeck.games.merchants_marauders import MerchantsAndMaraudersState
from quarterdeck.games.merchants_marauders.components import CARGO, HULL, MASTS

from .helpers import GAME, C, card, zone
from .scenario_helpers import position

DOCS = Path(__file__).parents[3] / "docs" / "scenarios"
EXAMPLES = sorted(DOCS.glob("merchants-and-marauders-*.json"))
JSON = Any

#: A scenario naming most entries, for the round trip.
FULL: dict[str, JSON] = {
    "name": "everything",
    "seed": 4,
    "round": 6,
    "event": "E13",
    "war": ["spanish", "english"],
    "storm": "Tortuga",
    "fog": True,
    "first": 1,
    "turn": 2,
    "phase": "actions",
    "actions_left": 2,
    "captains": [
        {
            "captain": "C02",
            "ship": "Frigate",
            "modifications": ["chasers", "extended_hold"],
            "damage": {"hull": 2},
            "values": {"masts": 1},
            "reinforced_used": False,
            "zone": "San Juan",
            "gold": 7,
            "stash": 12,
            "glory": 4,
            "hand": ["fortunes_favour", "fortunes_favour"],
            "specialists": ["lookout"],
            "bounties": {"english": 2},
            "weapons": {"grapeshot": 2},
            "cargo": ["Rum-c", "Wood-h"],
            "rumor": "R02",
            "kept_rumors": ["R19"],
            "mission": "M05",
        },
        {"captain": "Margaret Hale", "ship": "Man-o-War", "zone": "Caribbean Sea"},
        {"zone": "Nassau", "in_port": True, "hand": []},
    ],
    "npcs": {"FR": {"cards": ["E05", "E06"]}, "PS": {"zone": "Havana"}},
    "entries": ["E11"],
    "event_deck": ["E21", "E30"],
    "merchants": {"San Juan": "dutch", "Havana": None},
    "demand": {"Havana": "rum", "Curaçao": None},
    "port_modifications": {"Tortuga": "long_guns", "Nassau": None},
    "missions": ["M01", "M03"],
    "cargo_deck": ["Food-a"],
}


def test_a_scenario_places_what_it_names() -> None:
    s = GAME.load_scenario(FULL)
    t = s.table
    a, b, c = t.players
    assert s.num_players == 3 and s.seed == 4
    assert C.captains[a.card].key == "C02" and C.captains[b.card].name == "Margaret Hale"
    assert C.ships[a.ship].name == "Frigate" and b.ship == len(C.ships)  # a Man-o-War
    assert a.maxima[CARGO] == 4 and a.values[HULL] == 1 and a.values[MASTS] == 1
    assert (a.zone, a.docked, c.zone, c.docked) == (zone("San Juan"), False, zone("Nassau"), True)
    assert (a.gold, a.stash, a.glory) == (7, 12, 4)
    assert [C.glory_types[C.glory[g]].key for g in a.hand] == ["fortunes_favour"] * 2
    assert a.cargo == [card("rum", "c"), card("wood", "h")] and c.hand == []
    assert a.bounties == [0, 2, 0, 0] and t.bounty_bank == [5, 3, 5, 5]
    assert a.weapons == [0, 0, 2] and t.weapon_bank == [4, 4, 2]
    assert C.rumors[a.rumor].key == "R02" and C.missions[a.mission].key == "M05"
    assert [C.missions[m].key for m in t.board_missions] == ["M01", "M03"]
    assert t.npc_cards[2] == [4, 5] and t.npc_zone[2] == zone("Petite Goave")  # E06 on top
    assert t.npc_zone[4] == zone("Havana") and t.entries == [10]
    assert t.event == 12 and t.war == [0, 1] and t.fog and zone("Tortuga") in t.storm
    assert t.event_deck[-2:] == [29, 20]  # E21 drawn next, then E30
    assert len(t.event_deck) == len(C.events) - 6  # one card a game turn
    assert t.merchants[zone("San Juan")] == 3 and t.merchants[zone("Havana")] == -1
    assert len(t.track) == 1  # the token left over
    assert t.demand[zone("Havana")] == C.goods.index("rum") and t.demand[zone("Curaçao")] == -1
    assert t.mod_at[zone("Tortuga")] == 7 and t.mod_at[zone("Nassau")] == -1
    assert t.cargo_deck[-1] == card("food", "a")
    assert (t.first, t.active, t.turns_taken, t.actions_left) == (1, 2, 1, 2)
    assert s.current_player == 2 and s.pending().decision == "action"  # type: ignore[union-attr]
    assert s.components() == GAME.new_state(3, 4).components()


def test_round_trip_and_determinism() -> None:
    s = GAME.load_scenario(FULL)
    again = GAME.load_scenario(json.loads(json.dumps(FULL)))
    assert s.to_json() == again.to_json()
    copy = GAME.from_json(s.to_json())
    assert copy.to_json() == s.to_json()
    rng = Rng.from_seed(9)
    for _ in range(40):  # the copy plays on exactly as the loaded state
        if s.is_terminal():
            break
        action = s.legal_actions()[rng.below(len(s.legal_actions()))]
        s.apply(action.id)
        copy.apply(action.id)
    assert copy.to_json() == s.to_json()


def test_the_test_helper_loads_as_the_game_does() -> None:
    assert position(FULL).to_json() == GAME.load_scenario(FULL).to_json()


def test_entries_left_out_keep_their_set_up_values() -> None:
    s = GAME.load_scenario({"seed": 5, "captains": [{}, {}, {}]})
    setup = GAME.new_state(3, 5)
    assert isinstance(setup, MerchantsAndMaraudersState)
    t, u = s.table, setup.table
    for field in ("demand", "merchants", "mod_at", "board_missions"):
        assert getattr(t, field) == getattr(u, field), field
    for p, q in zip(t.players, u.players, strict=True):
        assert (p.card, p.hand, p.gold, p.zone, p.docked) == (q.card, q.hand, q.gold, q.zone, True)
        assert C.ships[p.ship].name == "Sloop" and p.values == p.maxima
    assert t.round == 1 and s.current_player == 0
    assert [e.kind for e in s.events] == ["scenario", "turn"]


def test_a_named_captain_taken_from_another_seat_s_set_up_is_redrawn() -> None:
    setup = GAME.new_state(2, 5)
    assert isinstance(setup, MerchantsAndMaraudersState)
    taken = C.captains[setup.table.players[1].card].key
    s = GAME.load_scenario({"seed": 5, "captains": [{"captain": taken}, {}]})
    cards = [p.card for p in s.table.players]
    assert C.captains[cards[0]].key == taken and cards[1] != cards[0]
    assert s.components() == setup.components()


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_the_examples_load_and_conserve_every_component(example: Path) -> None:
    data = json.loads(example.read_text(encoding="utf-8"))
    s = GAME.load_scenario(data)
    assert not s.is_terminal() and s.legal_actions()
    assert s.components() == GAME.new_state(s.num_players, 0).components()
    first = s.view(None)["log"][0]
    words = f"the game starts from the scenario {data.get('name', 'scenario')!r}"
    assert GAME.describe_event(first) == words


def test_a_stash_is_secret_like_one_made_in_play() -> None:
    s = GAME.load_scenario({"captains": [{"stash": 23, "gold": 4}, {}]})
    stash = [e for e in s.events if e.kind == "stash"]
    assert stash and "amount" not in stash[0].for_seat(1)
    splits = {
        (p.gold, p.stash)
        for p in (
            cast(MerchantsAndMaraudersState, s.resample(1, Rng.from_seed(n))).table.players[0]
            for n in range(8)
        )
    }
    assert len(splits) > 1 and all(g + st == 27 for g, st in splits)


def test_unknown_entries_are_accepted_only_when_not_strict() -> None:
    data = {"captains": [{}, {}], "turn_player": 1}
    with pytest.raises(ScenarioError, match="unknown entry 'turn_player'"):
        GAME.load_scenario(data)
    assert GAME.load_scenario(data, strict=False).current_player == 0


def captains(*entries: dict[str, JSON]) -> list[dict[str, JSON]]:
    return [*entries, *({} for _ in range(2 - len(entries)))]


REFUSALS: list[tuple[JSON, str]] = [
    ([], "a scenario is a JSON object"),
    ({"captains": [{}, {}], "turns": 1}, "scenario: unknown entry 'turns'"),
    ({"captains": [{"gould": 1}, {}]}, "captains[0]: unknown entry 'gould'"),
    ({"captains": [{}, {}], "npcs": {"ES": {"zone": "Havana", "dmg": 1}}}, "npcs.ES: unknown"),
    ({"captains": [{}, {}], "combat": {"attacker": 0}}, "combat: unknown entry 'attacker'"),
    ({"captains": [{}, {}], "seed": -1}, "seed: a whole number"),
    ({"captains": [{}]}, "captains: a list of 2 to 4"),
    ({"captains": [{}, 3]}, "captains[1]: an object"),
    ({"captains": captains({"zone": "Atlantis"})}, "captains[0].zone: unknown zone 'Atlantis'"),
    ({"captains": captains({"captain": "C99"})}, "captains[0].captain: unknown captain"),
    (
        {"captains": captains({"captain": "C02"}, {"captain": "C02"})},
        "captains[1].captain: Isabel de Zárate is already placed at captains[0].captain",
    ),
    ({"captains": captains({"ship": "Junk"})}, "captains[0].ship: unknown ship 'Junk'"),
    ({"captains": captains({"hand": ["joker"]})}, "captains[0].hand[0]: unknown glory card"),
    (
        {"captains": captains({"hand": ["hot_tip"] * 3}, {"hand": ["hot_tip"] * 3})},
        "captains[1].hand[2]: no Hot Tip card left",
    ),
    ({"captains": captains({"hand": ["lookout"] * 5})}, "at most 4 glory cards"),
    ({"captains": captains({"specialists": ["hot_tip"]})}, "Hot Tip is not a specialist"),
    ({"captains": captains({"cargo": ["Rum-z"]})}, "captains[0].cargo[0]: 'Rum-z' is not"),
    (
        {"captains": captains({"cargo": ["Rum-a"]}), "cargo_deck": ["Rum-a"]},
        "cargo_deck[0]: Rum-a is already placed at captains[0].cargo[0]",
    ),
    (
        {"captains": captains({"zone": "Havana", "cargo": ["Rum-a", "Rum-b", "Rum-c"]})},
        "captains[0].cargo: at most 2 cards here",
    ),
    ({"captains": captains({"kept_rumors": ["R01"]})}, "R01 is not kept (no specialist)"),
    (
        {"captains": captains({"mission": "M02"}, {"mission": "M02"})},
        "captains[1].mission: M02 is already placed",
    ),
    (
        {"captains": captains({"rumor": "R01"}, {"kept_rumors": ["R01"]})},
        "captains[1].kept_rumors[0]: R01 is already placed",
    ),
    ({"captains": captains({"values": {"sails": 1}})}, "unknown location 'sails'"),
    ({"captains": captains({"values": {"hull": 3}})}, "captains[0].values.hull: from 0 to 2"),
    (
        {"captains": captains({"values": {"hull": 1}, "damage": {"hull": 1}})},
        "a location's value or its damage, not both",
    ),
    ({"captains": captains({"zone": "Caribbean Sea", "in_port": True})}, "has no port"),
    ({"captains": captains({"bounties": {"french": 6}})}, "bounties.french: from 0 to 5"),
    (
        {"captains": captains({"weapons": {"chain_shot": 3}}, {"weapons": {"chain_shot": 2}})},
        "captains[1].weapons.chain_shot: from 0 to 1",
    ),
    (
        {"captains": captains({"ship": "Galleon", "modifications": ["extended_hold"]})},
        "extended_hold is not allowed on this ship",
    ),
    (
        {
            "captains": captains({"modifications": ["chasers"]}, {"modifications": ["chasers"]}),
            "port_modifications": {"Havana": "chasers"},
        },
        "no chasers modification token left",
    ),
    (
        {"captains": captains(), "merchants": {"Havana": "aztec"}},
        "merchants.Havana: unknown merchant 'aztec'",
    ),
    (
        {"captains": captains(), "merchants": {z.name: "english" for z in C.zones[:5]}},
        "merchants.Petite Goave: no english merchant token left",
    ),
    (
        {"captains": captains(), "merchants": {"Havana": None}, "track": []},
        "track: 1 merchant tokens are neither in a zone nor on the track",
    ),
    ({"captains": captains(), "demand": {"Caribbean Sea": "rum"}}, "Caribbean Sea has no port"),
    (
        {
            "captains": captains(),
            "demand": {"Havana": "rum", "Nassau": "rum", "Tortuga": "rum", "Port Royal": "rum"},
        },
        "demand.Port Royal: no rum demand token left",
    ),
    ({"captains": captains(), "npcs": {"XX": {}}}, "npcs.XX: unknown NPC 'XX'"),
    ({"captains": captains(), "npcs": {"ES": {"cards": ["E03"]}}}, "npcs.ES.cards: entry cards"),
    (
        {"captains": captains(), "npcs": {"ES": {"cards": ["E01"]}}, "event_deck": ["E01"]},
        "event_deck[0]: E01 is already placed at npcs.ES.cards[0]",
    ),
    ({"captains": captains(), "entries": ["E13"]}, "entries: NPC entry cards only"),
    ({"captains": captains(), "event": "E01"}, "event: an NPC entry card drawn this turn"),
    ({"captains": captains(), "events_left": 40}, "events_left: from 0 to 34"),
    ({"captains": captains(), "war": ["spanish"]}, "war: two nations at war"),
    ({"captains": captains(), "missions": ["M01", "M02"]}, "different ports"),
    ({"captains": captains(), "missions": ["M01"]}, "missions: the two missions"),
    ({"captains": captains(), "phase": "lunch"}, "phase: one of turn-start"),
    ({"captains": captains(), "round": 0}, "round: a game turn from 1 to 34"),
    ({"captains": captains(), "turn": 2}, "turn: a seat from 0 to 1"),
    ({"captains": captains(), "actions_left": 2}, "actions_left: not for the phase 'turn-start'"),
    ({"captains": captains(), "phase": "actions", "actions_left": 4}, "actions_left: from 0"),
    ({"captains": captains(), "phase": "actions", "port_step": "buy"}, "port_step: not for"),
    ({"captains": captains(), "phase": "round-start", "turn": 1}, "starts with the first"),
    ({"captains": captains({"zone": "Havana"}), "phase": "port"}, "needs the captain"),
    ({"captains": captains(), "phase": "port", "port_step": "bank"}, "port_step: one of sell"),
    ({"captains": captains(), "combat": {"aggressor": 0, "defender": 1}}, "combat: given with"),
    ({"captains": captains({"glory": 10})}, "captains[0]: already has the glory"),
]


def combat_refusal(combat: dict[str, JSON], message: str, **rest: JSON) -> tuple[JSON, str]:
    seats = captains({"zone": "Havana"}, {"zone": "Havana"})
    return ({"captains": seats, "phase": "combat", "combat": combat, **rest}, message)


REFUSALS += [
    combat_refusal({"aggressor": 0, "defender": 0}, "combat: two different sides"),
    combat_refusal({"aggressor": 0, "defender": "ES"}, "the Spanish navy is not on the board"),
    combat_refusal(
        {"aggressor": 0, "defender": "ES"}, "same sea zone", npcs={"ES": {"zone": "Nassau"}}
    ),
    combat_refusal({"aggressor": 1, "defender": 0, "round": 21}, "combat.round: a round from"),
    combat_refusal({"aggressor": 0, "defender": 1, "declared": ["Shoot"]}, "combat.declared: the"),
    combat_refusal(
        {"aggressor": 0, "defender": 1, "declared": ["Shoot", "Flee"]}, "Flee is not allowed"
    ),
    combat_refusal({"aggressor": 0, "defender": 1, "npc_damage": {"hull": 1}}, "only for a combat"),
    (
        {
            "captains": [{"zone": "Havana"}, {"zone": "Havana"}, {}],
            "phase": "combat",
            "turn": 2,
            "combat": {"aggressor": 0, "defender": 1},
        },
        "turn: a combat is fought in the turn of one of its captains",
    ),
    (
        {
            "captains": captains({"zone": "Havana"}, {"zone": "Havana", "in_port": True}),
            "phase": "combat",
            "combat": {"aggressor": 0, "defender": 1},
        },
        "combat.defender: a ship in port never fights",
    ),
]


@pytest.mark.parametrize(("data", "message"), REFUSALS, ids=[m for _, m in REFUSALS])
def test_a_bad_scenario_is_refused_naming_the_entry(data: JSON, message: str) -> None:
    with pytest.raises(ScenarioError) as error:
        GAME.load_scenario(data)
    assert message in str(error.value)


# -- the command line and records ---------------------------------------------------------

runner = CliRunner()


def test_hint_advises_on_a_scenario() -> None:
    example = DOCS / "merchants-and-marauders-naval-combat.json"
    args = ["hint", str(example), "--game", "merchants-and-marauders", "--iterations", "20"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert "seat 0 to decide" in words and "declare Flee" in words and "declare Shoot" in words


def test_play_from_a_scenario_saves_a_record_that_replays(tmp_path: Path) -> None:
    example = DOCS / "merchants-and-marauders-last-turns.json"
    args = ["play", "merchants-and-marauders", "--scenario", str(example), "--seed", "3"]
    result = runner.invoke(app, [*args, "--save-dir", str(tmp_path)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    (path,) = tmp_path.glob("*.json")
    record = Record.load(path)
    assert record.scenario is not None and record.scenario["name"].startswith("The last")
    final = record.final_state()
    assert final.is_terminal() and final.returns() == record.result


def test_a_record_started_from_a_scenario_replays_identically() -> None:
    s = GAME.load_scenario(FULL)
    rng = Rng.from_seed(2)
    while not s.is_terminal() and len(s.history) < 400:
        actions = s.legal_actions()
        s.apply(actions[rng.below(len(actions))].id)
    record = Record.from_json(json.loads(json.dumps(Record.of(s, scenario=FULL).to_json())))
    replayed = record.final_state()
    assert isinstance(replayed, MerchantsAndMaraudersState)
    assert replayed.to_json() == s.to_json()
    assert Counter(e.kind for e in replayed.events) == Counter(e.kind for e in s.events)
