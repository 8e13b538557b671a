"""The Experienced Sea Dog module's balance checks (house cards §6): the options that
fix the deal for experiments (``red_reputation``/``blue_reputation``, ``sea_dog_trick``,
``sea_dog_trick_holder``), the two designed experiments (``sea-dog-reputations``,
``sea-dog-tricks``) and small runs of each that write their reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from quarterdeck.arena import balance as bal
from quarterdeck.arena.balance.design import check_treatment
from quarterdeck.arena.sim import play_one
from quarterdeck.engine import OptionError, Rng, get_game
from quarterdeck.games.broadsides import BroadSides, BroadSidesState

from .conftest import BLUE, RED

MODULE = {"sea_dog": True}


def module_game(**options: Any) -> BroadSides:
    game = get_game("broadsides", {**MODULE, **options})
    assert isinstance(game, BroadSides)
    return game


def dealt(game: BroadSides, seed: int) -> BroadSidesState:
    """A game of ``game`` played at random up to the module's first draft decision."""
    state = game.new_state(2, seed)
    assert isinstance(state, BroadSidesState)
    chooser = Rng.from_seed(seed)
    while state.phase not in ("reputation", "draft"):
        state.apply(chooser.choice(state.legal_actions()))
    return state


def tricks_dealt(state: BroadSidesState) -> list[list[list[int]]]:
    assert state.sea is not None
    return state.sea.offers


def trick(game: BroadSides, trick_id: str) -> int:
    assert game.sea_dog is not None
    index = game.sea_dog.trick_index(trick_id)
    assert index is not None
    return index


# -- the options that fix the deal -----------------------------------------------------------


def test_sea_dog_reputation_options_skip_the_draft_and_show_both_from_the_start() -> None:
    game = module_game(red_reputation="REP1", blue_reputation="REP3")
    state = dealt(game, 4)
    sea = state.sea
    assert sea is not None and game.sea_dog is not None
    # Straight to the Dirty Tricks: no Reputation was asked, both are face up (SD17).
    assert state.phase == "draft"
    assert [game.sea_dog.reputations[r].id for r in sea.reputation] == ["REP1", "REP3"]  # type: ignore[index]
    assert sea.revealed and sea.rep_offers == [[0], [2]]
    assert not any(game.action_space[a].kind == "reputation" for a in state.history)
    names = state.view(BLUE)["sea_dog"]["ships"][RED]["reputation"]
    assert names is not None and "Deadeye Gunner" in json.dumps(names)
    # A mirror match is allowed, for experiments.
    mirror = dealt(module_game(red_reputation="REP5", blue_reputation="REP5"), 4)
    assert mirror.sea is not None and mirror.sea.reputation == [4, 4]


@pytest.mark.parametrize("seed", range(8))
def test_sea_dog_trick_is_set_aside_and_every_other_card_falls_as_without_it(seed: int) -> None:
    plain, set_aside = module_game(), module_game(sea_dog_trick="DT07")
    without, with_option = dealt(plain, seed), dealt(set_aside, seed)
    double_shotted = trick(plain, "DT07")
    before, after = tricks_dealt(without), tricks_dealt(with_option)
    assert all(double_shotted not in offer for rounds in after for offer in rounds)
    changed = [
        (set(b), set(a))
        for b_rounds, a_rounds in zip(before, after, strict=True)
        for b, a in zip(b_rounds, a_rounds, strict=True)
        if b != a
    ]
    if any(double_shotted in offer for rounds in before for offer in rounds):
        # one offer changed: Double-Shotted swapped for one card no draft dealt
        ((b, a),) = changed
        assert b - a == {double_shotted} and len(a - b) == 1
        (swapped,) = a - b
        assert all(swapped not in offer for rounds in before for offer in rounds)
    else:
        assert not changed
    # The deal draws nothing more: the rest of the game falls alike.
    assert (without.rng.state, without.rng.inc) == (with_option.rng.state, with_option.rng.inc)
    assert with_option.sea is not None and with_option.sea.tricks == [[], []]


def test_sea_dog_trick_holder_holds_it_on_top_of_the_three_drafted() -> None:
    game = module_game(sea_dog_trick="DT11", sea_dog_trick_holder="blue")
    state = dealt(game, 2)
    wet_powder = trick(game, "DT11")
    assert state.sea is not None and state.sea.tricks == [[], [wet_powder]]
    chooser = Rng.from_seed(1)
    while state.phase in ("reputation", "draft"):
        state.apply(chooser.choice(state.legal_actions()))
    assert [len(t) for t in state.sea.tricks] == [3, 4] and wet_powder in state.sea.tricks[BLUE]
    # secret, like a drafted trick: Red sees four backs
    red_view = state.view(RED)["sea_dog"]["ships"][BLUE]
    assert red_view["tricks"] is None and red_view["tricks_held"] == 4
    # the bound of a game counts the extra trick's windows
    assert game.max_game_length(2) > module_game(sea_dog_trick="DT11").max_game_length(2)


@pytest.mark.parametrize("holder", ["blue", "red", "nobody"])
def test_sea_dog_trick_set_aside_stays_where_the_option_put_it_in_every_redraw(
    holder: str,
) -> None:
    """A search's redraw keeps what the options make public: the set-aside trick is
    the holder's (until played) and never dealt in a draft, for either seat's redraw,
    through the draft and the duel."""
    game = module_game(sea_dog_trick="DT11", sea_dog_trick_holder=holder)
    aside = trick(game, "DT11")
    owner = {"red": RED, "blue": BLUE}.get(holder)
    checked = 0
    for seed in range(3):
        state = game.new_state(2, seed)
        assert isinstance(state, BroadSidesState)
        chooser, drawer = Rng.from_seed(seed), Rng.from_seed(100 + seed)
        steps = 0
        while not state.is_terminal() and steps < 400:
            if state.sea is not None:
                for seat in (RED, BLUE):
                    world = state.resample(seat, drawer)
                    assert isinstance(world, BroadSidesState) and world.sea is not None
                    sea = world.sea
                    played = any(t == aside for _, t in sea.played)
                    dealt_anywhere = [t for p in (0, 1) for o in sea.offers[p] for t in o]
                    assert aside not in dealt_anywhere, (seed, steps, seat)
                    assert all(aside not in kept for kept in sea.kept), (seed, steps, seat)
                    for p in (RED, BLUE):
                        assert (aside in sea.tricks[p]) == (p == owner and not played)
                    assert world.components() == state.components()
                    checked += 1
            state.apply(chooser.choice(state.legal_actions()))
            steps += 1
    assert checked > 300


def test_sea_dog_deal_options_off_leave_the_module_and_the_base_game_as_they_were() -> None:
    defaults = {
        "red_reputation": "draft",
        "blue_reputation": "draft",
        "sea_dog_trick": "",
        "sea_dog_trick_holder": "nobody",
    }
    for options in (MODULE, {}):
        plain, spelled = (
            get_game("broadsides", options),
            get_game("broadsides", {**options, **defaults}),
        )
        assert spelled.non_default_options() == plain.non_default_options()
        assert spelled.max_game_length(2) == plain.max_game_length(2)
        for index in range(2):
            a = play_one(plain, 2, ["heuristic"], 7, index, keep_record=True)
            b = play_one(spelled, 2, ["heuristic"], 7, index, keep_record=True)
            assert a.record["actions"] == b.record["actions"]
    # The option's deal is the plain draft's deal but for the card set aside (above).
    specs = {o.name: o for o in BroadSides.option_specs}
    assert {name: specs[name].default for name in defaults} == defaults
    assert all(specs[name].house for name in defaults)


def data_with_tricks(tmp_path: Path, count: int) -> str:
    raw = dict(get_game("broadsides").raw_data)
    sea = json.loads(json.dumps(get_game("broadsides", MODULE).raw_data["sea_dog"]))
    reputations = [c for c in sea["cards"] if c["kind"] == "reputation"]
    tricks = [c for c in sea["cards"] if c["kind"] == "dirty_trick"][:count]
    raw["sea_dog"] = {**sea, "cards": reputations + tricks}
    path = tmp_path / "eighteen.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"sea_dog": False, "red_reputation": "REP1", "blue_reputation": "REP2"}, "sea_dog=true"),
        ({"sea_dog": False, "sea_dog_trick": "DT01"}, "needs the module"),
        ({"red_reputation": "REP1"}, "set together"),
        ({"blue_reputation": "REP1"}, "set together"),
        ({"red_reputation": "REP10", "blue_reputation": "REP1"}, "one of REP1, REP2"),
        ({"red_reputation": "Deadeye Gunner", "blue_reputation": "REP1"}, "'draft' or one of"),
        ({"sea_dog_trick": "DT25"}, "one of DT01"),
        ({"sea_dog_trick_holder": "red"}, "needs a trick"),
        ({"sea_dog_trick": "DT01", "sea_dog_trick_holder": "green"}, "nobody, red, blue"),
    ],
)
def test_sea_dog_deal_options_are_refused_when_bad(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_game("broadsides", {**MODULE, **options})


def test_sea_dog_trick_needs_a_card_the_draft_does_not_deal(tmp_path: Path) -> None:
    data = data_with_tricks(tmp_path, 18)  # the draft deals 2 × 3 rounds × 3 = 18
    assert len(module_game(data=data).sea_dog.tricks) == 18  # type: ignore[union-attr]
    with pytest.raises(OptionError, match="the draft deals them all"):
        module_game(data=data, sea_dog_trick="DT01")
    module_game(data=data_with_tricks(tmp_path, 19), sea_dog_trick="DT01")


# -- the designed experiments ----------------------------------------------------------------


def test_sea_dog_reputations_is_every_reputation_against_every_other_in_both_seats() -> None:
    exp = bal.build_experiment("broadsides", MODULE, preset="sea-dog-reputations")
    red, blue = exp.factors
    assert (red.option, red.name, blue.option, blue.name) == (
        "red_reputation",
        "Red",
        "blue_reputation",
        "Blue",
    )
    ids = [f"REP{k}" for k in range(1, 10)]
    assert [value for _, value in red.levels] == ids and red.levels == blue.levels
    assert red.labels[0] == "REP1 Deadeye Gunner"
    assert exp.seat_factors and exp.level_noun == "Reputation"
    assert len(exp.variants()) == 81 and exp.treatment is None
    assert "45–55%" in exp.notes[0]


def test_sea_dog_tricks_is_each_trick_held_by_nobody_red_or_blue() -> None:
    exp = bal.build_experiment("broadsides", MODULE, preset="sea-dog-tricks")
    tricks, holder = exp.factors
    assert tricks.option == "sea_dog_trick" and holder.option == "sea_dog_trick_holder"
    assert [value for _, value in tricks.levels] == [f"DT{k:02}" for k in range(1, 25)]
    assert holder.levels == (("nobody", "nobody"), ("Red", "red"), ("Blue", "blue"))
    assert len(exp.variants()) == 72 and not exp.seat_factors
    assert exp.treatment == "sea_dog_trick_holder" and exp.treated == (None, RED, BLUE)
    game = module_game()
    plays = {a.text for a in game.action_space.actions if a.kind == "trick"}
    assert set(exp.used_when.values()) == plays and len(plays) == 24
    assert exp.used_when["DT07 Double-Shotted"] == "play Double-Shotted"


@pytest.mark.parametrize("preset", ["sea-dog-reputations", "sea-dog-tricks"])
def test_sea_dog_experiments_need_the_module_and_have_no_unordered(preset: str) -> None:
    with pytest.raises(OptionError, match="sea_dog=true"):
        bal.build_experiment("broadsides", preset=preset)
    with pytest.raises(OptionError, match="--unordered is for cannon-pairs"):
        bal.build_experiment("broadsides", MODULE, preset=preset, unordered=True)


def test_a_treatment_needs_one_control_level() -> None:
    exp = bal.build_experiment("broadsides", MODULE, preset="sea-dog-tricks")
    exp.treated = (RED, RED, BLUE)
    with pytest.raises(OptionError, match="the control, once"):
        check_treatment(exp)


# -- small runs ------------------------------------------------------------------------------


def test_a_small_sea_dog_reputations_run_ranks_each_reputation(tmp_path: Path) -> None:
    exp = bal.build_experiment("broadsides", MODULE, preset="sea-dog-reputations")
    exp.factors = [bal.Factor(f.option, f.levels[:2], f.title) for f in exp.factors]
    results = bal.run_experiment(exp, 2, ["heuristic"], seed=1, players=2)
    files = bal.write_report(results, tmp_path)
    assert {"heatmap", "pooled", "win_rates", "game_length"} <= set(files)
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    pooled = {p["level"]: p for p in data["pooled"]}
    # each against the other only (the mirror left out): 2 games in each seat
    assert set(pooled) == {"REP1 Deadeye Gunner", "REP2 Shrewd Quartermaster"}
    assert all(p["games"] == 4 for p in pooled.values())
    total = sum(p["rate"] for p in pooled.values())
    assert total == pytest.approx(1.0)  # one's wins are the other's losses
    assert "Ranking: each Reputation" in (tmp_path / "report.md").read_text(encoding="utf-8")


def test_a_small_sea_dog_tricks_run_measures_each_tricks_lift_and_use(tmp_path: Path) -> None:
    exp = bal.build_experiment("broadsides", MODULE, preset="sea-dog-tricks")
    tricks, holder = exp.factors
    wet_powder, doubloon = tricks.levels[10], tricks.levels[19]
    assert (wet_powder[1], doubloon[1]) == ("DT11", "DT20")
    exp.factors = [bal.Factor(tricks.option, (wet_powder, doubloon), tricks.title), holder]
    n = 3
    results = bal.run_experiment(exp, n, ["heuristic"], seed=2, players=2)
    treatments = results.treatments()
    assert treatments is not None and [t.level for t in treatments] == [
        "DT11 Wet Powder",
        "DT20 Lucky Doubloon",
    ]
    by_label = {v.variant.label: v for v in results.variants}
    for t in treatments:
        red = by_label[f"Dirty Trick={t.level} · held by=Red"]
        blue = by_label[f"Dirty Trick={t.level} · held by=Blue"]
        nobody = by_label[f"Dirty Trick={t.level} · held by=nobody"]
        # each seat's lift: its score holding the trick minus its score without it
        red_lift = sum(red.shares[i][RED] - nobody.shares[i][RED] for i in range(n)) / n
        assert t.by_seat[RED].mean == pytest.approx(red_lift)
        # over both seats the control cancels out: the holder's win rate minus 50%
        holder_rate = (red.seat_rate(RED).score + blue.seat_rate(BLUE).score) / (2 * n)
        assert t.lift.mean == pytest.approx(holder_rate - 0.5)
        # used: the games whose record holds the trick's play (only its holder has it)
        assert not nobody.used
        for v in (red, blue):
            game = module_game(**v.variant.options)
            for i in range(n):
                record = play_one(game, 2, ["heuristic"], 2, i, keep_record=True).record
                texts = [text for _, text in record["actions"]]
                assert v.used[i] == (f"play {t.level.split(' ', 1)[1]}" in texts)
    # The heuristic plays the Lucky Doubloon when a use it makes pays (bot.HELPS): its
    # holder played it in some of the games where it was held.
    used = treatments[1].used
    assert used is not None and used.games == 2 * n and used.score >= 1
    files = bal.write_report(results, tmp_path)
    assert "treatments" in files and files["treatments"].read_bytes().startswith(b"\x89PNG")
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "Treatments: each Dirty Trick's lift over the control" in report
    data = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert data["treatment"] == {"option": "sea_dog_trick_holder", "treated_seats": [None, 0, 1]}
    assert [t["level"] for t in data["treatments"]] == [t.level for t in treatments]
    assert data["treatments"][0]["by_seat"].keys() == {"seat 0 (Red)", "seat 1 (Blue)"}
