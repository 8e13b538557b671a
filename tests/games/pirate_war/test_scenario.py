"""Scenarios (``scenario.py``): a Pirate War position from JSON, its defaults, every
refusal, the records that start from one, and the commands that read one."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from quarterdeck.ai.hint import hint
from quarterdeck.cli import app
from quarterdeck.engine import Record, Rng, ScenarioError
from quarterdeck.games.pirate_war import PirateWar, PirateWarState
from quarterdeck.games.pirate_war import phases as ph
from quarterdeck.games.pirate_war.scenario import describe, load_scenario

DOCS = Path(__file__).parents[3] / "docs/scenarios"
EXAMPLES = sorted(DOCS.glob("pirate-war-*.json"))
DATA = Path(__file__).parents[3] / "src/quarterdeck/games/pirate_war/data/components.json"

RICH: dict[str, Any] = {
    "name": "a rich position",
    "seed": 5,
    "players": 3,
    "round": 4,
    "order": [2, 0, 1],
    "turn": 0,
    "at": "movement",
    "wind": 5,
    "deck_top": ["Hurricane", "Cutlass"],
    "discards": ["Albatross", "Mutiny"],
    "ships": [
        {
            "race": "Orcs",
            "home_port": 2,
            "hex": [10, 5],
            "facing": 2,
            "hull": 9,
            "crew": 5,
            "weapons": ["forward", "midships"],
            "treasures_aboard": 2,
            "gold": 17,
            "store": 3,
            "hand": ["Sextant", "Narrow Escape"],
            "hostile_to": [4],
        },
        {"race": "Dwarves", "hex": None, "gold": 3, "miss_next_turn": True},
        {"race": "Elves", "wine_women_song": True, "hand": ["Medicinals"]},
    ],
}


def game(**options: Any) -> PirateWar:
    return PirateWar(**options)


def unsettled(data: dict[str, Any], g: PirateWar | None = None) -> PirateWarState:
    """The position as the scenario describes it, before any automatic step runs."""
    g = g or game()

    def fresh(players: int, seed: int) -> PirateWarState:
        state = g.new_state(players, seed)
        assert isinstance(state, PirateWarState)
        return state

    return load_scenario(data, fresh)


def cards(state: PirateWarState) -> Counter[str]:
    return state.components()


# -- what a scenario sets, and its defaults ---------------------------------------------------


def test_a_scenario_sets_every_entry_it_names() -> None:
    s = unsettled(RICH)
    t, b, c = s.table, s.board, s.comp
    assert (t.round, t.order, t.active, t.wind) == (4, [2, 0, 1], 0, 5)
    assert [c.races[r].name for r in t.race] == ["Orcs", "Dwarves", "Elves"]
    assert t.site[0] == 1  # home port 2
    assert b.col_row(t.hex[0]) == (10, 5) and t.facing[0] == 2
    assert (t.hull[0], t.crew[0], t.weapons[0], t.aboard[0]) == (9, 5, [0, 1], 2)
    assert (t.gold[0], t.store[0], sorted(t.hands[0]), t.hostile[0]) == (17, 3, [17, 29], [[3, 0]])
    assert t.hex[1] == -1 and t.miss[1] and t.gold[1] == 3
    assert t.wws[2] and t.hands[2] == [42]
    assert t.deck.draw_pile[-2:] == [41, 12]  # Hurricane on top, then Cutlass
    assert t.deck.discards == [10, 8]
    kinds = [d.kind for d in reversed(t.pending)]
    assert kinds == [ph.MOVE_START, ph.BATTLE, ph.END_TURN, ph.TURN]  # then seat 1's turn
    assert t.pending[0].args == [1, 0]
    assert [e.kind for e in s.events] == ["scenario"]


def test_left_out_entries_take_a_normal_set_up() -> None:
    g = game()
    s = unsettled({"seed": 9})
    normal = g.new_state(2, 9)
    assert isinstance(normal, PirateWarState)
    t, c = s.table, s.comp
    assert s.num_players == 2 and t.round == 1
    assert t.order == normal.table.setup_order and t.wind == normal.table.wind
    assert t.race == [0, 1] and t.site == [5, 2]  # PW-2.4: sites 6 and 3 with 2 players
    for seat in (0, 1):
        race = c.races[t.race[seat]]
        assert t.hex[seat] == s.board.site_anchorage[t.site[seat]]
        assert t.facing[seat] == s.board.site_out[t.site[seat]]
        assert (t.hull[seat], t.crew[seat]) == (race.hull, race.crew)
        assert t.weapons[seat] == [race.mounts[0]]  # forward, or midships for Brettonians
        assert (t.gold[seat], t.store[seat], t.aboard[seat], t.hands[seat]) == (10, 0, 0, [])
    assert len(t.deck) == 42 and t.deck.discards == []
    assert t.active == t.order[0]


def test_the_42_cards_are_conserved() -> None:
    s = unsettled(RICH)
    assert sum(cards(s).values()) == 42 and set(cards(s).values()) == {1}
    settled = game().load_scenario(RICH)
    assert isinstance(settled, PirateWarState)
    assert cards(settled) == cards(s)


def test_round_trip_describe_then_load_gives_the_same_table() -> None:
    s = unsettled(RICH)
    written = describe(s, "movement") | {"seed": RICH["seed"], "name": RICH["name"]}
    assert json.loads(json.dumps(written)) == written  # plain JSON
    again = unsettled(written)
    assert again.table.to_json() == s.table.to_json()
    assert describe(again, "movement") == describe(s, "movement")


def test_loading_is_deterministic_and_plays_on_like_its_json_copy() -> None:
    g = game()
    one, two = g.load_scenario(RICH), g.load_scenario(RICH)
    assert one.to_json() == two.to_json()
    copy = g.from_json(one.to_json())
    rng = Rng.from_seed(3)
    for _ in range(60):
        if one.is_terminal():
            break
        action = rng.choice(one.legal_actions())
        one.apply(action)
        copy.apply(action)
    assert copy.to_json() == one.to_json()


def test_each_start_settles_to_the_seats_first_decision() -> None:
    base: dict[str, Any] = {
        "order": [0, 1],
        "deck_top": ["Sextant"],
        "ships": [{"race": "Elves", "hex": [10, 6], "facing": 2}, {}],
    }
    s = game().load_scenario(base | {"at": "turn"})
    assert s.current_player == 0 and s.pending().decision == ph.MOVE  # type: ignore[union-attr]
    assert s.table.hands[0] == [17]  # the draw came first
    s = game().load_scenario(base | {"at": "movement"})
    assert s.pending().decision == ph.MOVE and s.table.hands[0] == []  # type: ignore[union-attr]
    s = game().load_scenario(base | {"at": "battle"})
    assert s.pending().decision == ph.MAIN  # type: ignore[union-attr]


def test_a_lost_ship_buys_its_new_one_when_its_turn_starts() -> None:
    s = game().load_scenario({"ships": [{"hex": None, "gold": 25}, {}], "order": [0, 1]})
    assert s.pending().decision == ph.MOUNT and s.table.gold[0] == 5  # type: ignore[union-attr]


def test_a_non_strict_load_ignores_unknown_entries() -> None:
    g = game()
    data = {"seed": 2, "turn_player": 1, "ships": [{"colour": "red"}, {}]}
    with pytest.raises(ScenarioError):
        g.load_scenario(data)
    assert g.load_scenario(data, strict=False).to_json() == g.load_scenario({"seed": 2}).to_json()


# -- refusals ---------------------------------------------------------------------------------


def with_ship(seat: int, **entries: Any) -> dict[str, Any]:
    ships: list[dict[str, Any]] = [{}, {}]
    ships[seat] = entries
    return {"ships": ships}


REFUSALS: list[tuple[Any, str]] = [
    ([], "a scenario is a JSON object"),
    ({"turn_player": 1}, "scenario: unknown entry 'turn_player'"),
    (with_ship(1, colour="red"), "scenario entry ships[1]: unknown entry 'colour'"),
    ({"seed": -1}, "scenario entry seed: a non-negative"),
    ({"seed": True}, "scenario entry seed"),
    ({"name": 3}, "scenario entry name: a text"),
    ({"players": 7}, "scenario entry players: Pirate War takes 2–6 players"),
    ({"players": 3, "ships": [{}, {}]}, "scenario entry ships: a list of one object per seat (3)"),
    ({"ships": [{}, 4]}, "scenario entry ships[1]: an object"),
    (with_ship(0, race="Pirates"), "scenario entry ships[0].race: unknown race 'Pirates'"),
    ({"ships": [{"race": "Elves"}, {"race": "elves"}]}, "ships[1].race: elves is taken"),
    (with_ship(0, home_port=7), "scenario entry ships[0].home_port: a home-port site 1–6"),
    ({"ships": [{"home_port": 2}, {"home_port": 2}]}, "ships[1].home_port: site 2 is another"),
    (with_ship(0, hex=[30, 2]), "scenario entry ships[0].hex: (30,2) is off the map"),
    (with_ship(0, hex=[26, 1]), "scenario entry ships[0].hex: (26,1) is off the map"),
    (with_ship(0, hex=[7, 4]), "scenario entry ships[0].hex: (7,4) is not sea or harbour"),
    (with_ship(0, hex="8,6"), "scenario entry ships[0].hex: a hex [col, row]"),
    ({"ships": [{"hex": [8, 6]}, {"hex": [8, 6]}]}, "ships[1].hex: seat 0's ship is at (8,6) too"),
    (with_ship(0, facing=7), "scenario entry ships[0].facing: a whole number 1–6"),
    (with_ship(0, hull=13), "scenario entry ships[0].hull: a whole number 1–12"),
    (with_ship(0, race="Elves", hull=11), "ships[0].hull: a whole number 1–10"),
    (with_ship(0, crew=0), "scenario entry ships[0].crew: a whole number 1–12"),
    (with_ship(0, treasures_aboard=-1), "ships[0].treasures_aboard"),
    (with_ship(0, gold=-5), "scenario entry ships[0].gold"),
    (with_ship(0, store=7), "scenario entry ships[0].store: a whole number 0–6"),
    (with_ship(0, miss_next_turn=1), "scenario entry ships[0].miss_next_turn: true or false"),
    (with_ship(0, weapons=["aft"]), "scenario entry ships[0].weapons[0]: unknown mount 'aft'"),
    (with_ship(1, race="Brettonian", weapons=["forward"]), "ships[1].weapons[0]: this race"),
    (with_ship(0, weapons="forward"), "scenario entry ships[0].weapons: a list of mounts"),
    (with_ship(0, hull=5, treasures_aboard=2), "ships[0]: 6 crew, weapons and treasures do not"),
    (with_ship(0, hex=None, hull=3), "scenario entry ships[0].hull: a lost ship"),
    (with_ship(0, home_port=6, hostile_to=[6]), "ships[0].hostile_to: a port's forts never fire"),
    (with_ship(0, hostile_to=[2, 2]), "ships[0].hostile_to: site 2 is named twice"),
    (with_ship(0, hostile_to=[0]), "ships[0].hostile_to: home-port sites 1–6"),
    ({"round": 0}, "scenario entry round: a whole number 1–100"),
    ({"round": 101}, "scenario entry round: a whole number 1–100"),
    ({"order": [0, 0]}, "scenario entry order: this round's turn order"),
    ({"turn": 2}, "scenario entry turn: the seat whose turn it is"),
    ({"at": "draw"}, "scenario entry at: one of turn, movement, battle"),
    (with_ship(0, hex=None) | {"turn": 0, "at": "battle"}, "scenario entry at: a seat without"),
    ({"wind": 0}, "scenario entry wind: the side 1–6"),
    (with_ship(0, hand=["Cutlas"]), "scenario entry ships[0].hand[0]: 'Cutlas' is not a card"),
    (with_ship(0, hand=[43]), "scenario entry ships[0].hand[0]: 43 is not a card"),
    (with_ship(0, hand=["Hurricane"]), "ships[0].hand[0]: Hurricane is not a held card"),
    (with_ship(0, hand="Cutlass"), "scenario entry ships[0].hand: a list of cards"),
    (with_ship(0, hand=[41, "cutlass"]), "ships[0].hand: Cutlass is placed more often"),
    (with_ship(0, hand=["Cutlass"]) | {"deck_top": [41]}, "deck_top: Cutlass is placed more"),
    (
        with_ship(0, wine_women_song=True) | {"discards": ["Wine, Women & Song"]},
        "scenario entry discards: Wine, Women & Song is placed more often",
    ),
    ({"deck_top": "Hurricane"}, "scenario entry deck_top: a list of cards"),
]


@pytest.mark.parametrize(("data", "message"), REFUSALS, ids=[m for _, m in REFUSALS])
def test_a_bad_scenario_is_refused_naming_the_entry(data: Any, message: str) -> None:
    with pytest.raises(ScenarioError) as refused:
        game().load_scenario(data)
    assert message in str(refused.value)


def test_a_round_beyond_the_round_limit_is_refused() -> None:
    with pytest.raises(ScenarioError, match="round: a whole number 1–5"):
        game(round_limit=5).load_scenario({"round": 6})
    assert unsettled({"round": 5}, game(round_limit=5)).table.round == 5


def test_two_copies_of_each_card_allow_a_card_twice(tmp_path: Path) -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["copies_of_each_card"]["count"] = 2
    path = tmp_path / "two.json"
    path.write_text(json.dumps(data))
    s = unsettled(with_ship(0, hand=["Cutlass", "Cutlass"]), game(data=str(path)))
    assert s.table.hands[0] == [41, 41] and sum(cards(s).values()) == 84


# -- records and commands -----------------------------------------------------------------------


def test_a_record_started_from_a_scenario_replays_identically(tmp_path: Path) -> None:
    g = game()
    state = g.load_scenario(RICH)
    rng = Rng.from_seed(8)
    for _ in range(80):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    path = Record.of(state, scenario=RICH).save(tmp_path / "r.json")
    record = Record.load(path)
    assert record.scenario == RICH
    assert record.replay().to_json() == state.to_json()
    first = next(iter(record.states()))
    assert first.to_json() == g.load_scenario(RICH).to_json()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_the_example_scenarios_load(example: Path) -> None:
    data = json.loads(example.read_text(encoding="utf-8"))
    g = game()
    state = g.load_scenario(data)
    assert state.current_player == data["turn"] and not state.is_terminal()
    first = state.view(None)["log"][0]
    assert g.describe_event(first) == f"The game starts from the scenario {data['name']!r}."


def test_hint_advises_on_a_pirate_war_scenario() -> None:
    example = DOCS / "pirate-war-plunder.json"
    result = CliRunner().invoke(
        app, ["hint", str(example), "--game", "pirate-war", "--iterations", "20", "--top", "9"]
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "After 0 actions, seat 0 to decide" in said and "chance to win" in said
    state = game().load_scenario(json.loads(example.read_text(encoding="utf-8")))
    options = hint(state, 20, 0, top=9)
    assert {o.action for o in options} <= {a.text for a in state.legal_actions()}
    for o in options:
        assert f"{o.action} │ {o.visits} │ {o.win_probability:.0%}" in said


def test_play_from_a_pirate_war_scenario_saves_a_record_that_replays(tmp_path: Path) -> None:
    example = DOCS / "pirate-war-boarding.json"
    result = CliRunner().invoke(
        app,
        [
            "play",
            "pirate-war",
            "--scenario",
            str(example),
            "--seed",
            "4",
            "-o",
            "round_limit=3",
            "--bot",
            "random",
            "--save-dir",
            str(tmp_path),
        ],
        input="1\n" * 2000,
    )
    assert result.exit_code == 0, result.output[-2000:]
    (path,) = tmp_path.glob("*.json")
    record = Record.load(path)
    assert record.scenario is not None and record.scenario["name"].startswith("Appendix C 13")
    assert record.scenario["seed"] == 13  # the file's own seed: --seed only fills a missing one
    final = record.final_state()
    assert final.is_terminal() and final.returns() == record.result


def test_play_with_a_bad_pirate_war_scenario_names_the_entry(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(with_ship(0, hex=[30, 2])))
    result = CliRunner().invoke(app, ["play", "pirate-war", "--scenario", str(bad)])
    assert result.exit_code == 1
    assert "ships[0].hex: (30,2) is off the map" in " ".join(result.output.split())
