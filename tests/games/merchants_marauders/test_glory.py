"""MM-14 Glory cards: the hand limit, specialists and the one-use cards of MM-D.9."""

from __future__ import annotations

from quarterdeck.games.merchants_marauders.basics import gain_glory_card, skill_dice
from quarterdeck.games.merchants_marauders.components import CANNONS, HULL
from quarterdeck.games.merchants_marauders.glory import glory_type

from .helpers import C, ScriptedDice, captain_of, place, ready, texts, turn

SCOUTING = 1


def give(s, seat: int, key: str) -> None:  # type: ignore[no-untyped-def]
    """Move a glory card of that type from the deck (or discards) into the hand."""
    t = s.table
    g = glory_type(s, key)
    card = next(k for k in t.glory_deck + t.glory_discard if C.glory[k] == g)
    (t.glory_deck if card in t.glory_deck else t.glory_discard).remove(card)
    t.players[seat].hand.append(card)
    s.touched()


def test_mm_14_2_a_fifth_card_makes_the_owner_discard_one() -> None:
    s = ready()
    p = s.table.players[0]
    for _ in range(5):
        gain_glory_card(s, 0)
    assert len(p.hand) == 5 and s.table.pending[-1].kind == "discard-glory"
    s.touched()
    s.apply(texts(s)[0])
    assert len(p.hand) == 4


def test_mm_14_5_a_specialist_played_adds_its_die() -> None:
    s = ready()
    p = place(s, 0, "Havana", captain=1)
    p.hand = []
    give(s, 0, "lookout")
    before = skill_dice(s, p, SCOUTING)
    turn(s, 0)
    s.apply("play the Lookout")
    assert skill_dice(s, p, SCOUTING) == before + 1 and p.hand == []
    assert "play the Lookout" not in texts(s)


def test_mm_d9_windfall_fair_winds_and_royal_pardon() -> None:
    s = ready()
    p = place(s, 0, "Havana", captain=1)
    p.hand = []
    p.bounties[0] = 1
    s.table.bounty_bank[0] -= 1
    for key in ("windfall", "fair_winds", "royal_pardon"):
        give(s, 0, key)
    turn(s, 0)
    gold = p.gold
    s.apply("play Windfall")
    assert p.gold == gold + 5
    s.apply("play Fair Winds")
    assert s.table.extra_moves == 1
    s.apply("play Royal Pardon")
    s.apply("return a Spanish bounty")
    assert p.bounties == [0, 0, 0, 0]


def test_mm_d9_forged_papers_open_a_closed_port_once() -> None:
    s = ready()
    p = place(s, 0, "Havana", captain=captain_of("english"))
    p.hand = []
    p.bounties[0] = 1
    give(s, 0, "forged_papers")
    turn(s, 0)
    assert "take the Port action" not in texts(s)
    s.apply("play Forged Papers")
    s.apply("take the Port action")
    assert p.docked and not s.table.forged


def test_mm_d9_ships_carpenter_repairs_two_points_at_sea() -> None:
    s = ready()
    p = place(s, 0, "Havana", captain=1)
    p.hand = []
    p.values[CANNONS] -= 1
    p.values[HULL] -= 1
    give(s, 0, "ships_carpenter")
    turn(s, 0)
    s.apply("play Ship's Carpenter")
    s.apply("repair Cannons")
    s.apply("repair Hull")
    assert p.values == p.maxima


def test_mm_18_1_hot_tip_adds_three_cards_to_the_draw() -> None:
    s = ready()
    p = place(s, 0, "San Juan", docked=True, captain=1)
    p.hand = []
    give(s, 0, "hot_tip")
    turn(s, 0)
    s.apply("take the Port action")
    while s.pending().decision != "buy":  # type: ignore[union-attr]
        s.apply("done")
    s.apply("play Hot Tip")
    s.apply("draw Cargo cards to buy")
    visit = s.table.visit
    assert visit is not None and len(visit.drawn) == 9


def test_mm_14_4_hidden_cove_foils_a_successful_scout() -> None:
    s = ready()
    place(s, 0, "Havana", captain=1)
    target = place(s, 1, "Havana", captain=0)
    target.hand = []
    give(s, 1, "hidden_cove")
    turn(s, 0)
    s.rng = ScriptedDice([5, 1])
    s.apply("scout the Blue captain")
    assert s.current_player == 1 and texts(s) == ["done", "play Hidden Cove"]
    s.apply("play Hidden Cove")
    assert s.table.combat is None and s.current_player == 0 and target.hand == []


def test_mm_14_4_the_window_opens_for_any_card_so_it_tells_nothing() -> None:
    s = ready()
    place(s, 0, "Havana", captain=1)
    target = place(s, 1, "Havana", captain=0)
    target.hand = []
    give(s, 1, "windfall")
    turn(s, 0)
    s.rng = ScriptedDice([5, 1])
    s.apply("scout the Blue captain")
    assert s.current_player == 1 and texts(s) == ["done"]
    assert s.view(0)["pending"]["prompt"] == s.pending().prompt  # type: ignore[union-attr]


def test_mm_d9_g12_fortunes_favour_re_rolls_all_dice_of_a_skill_roll() -> None:
    """G12: after a skill roll with a failed die, a captain holding glory cards may
    play Fortune's Favour to re-roll all its dice once; the re-roll stands."""
    s = ready()
    t = s.table
    p = place(s, 0, "Caribbean Sea", captain=1)
    t.merchants[p.zone] = 1
    give(s, 0, "fortunes_favour")
    turn(s, 0)
    n = skill_dice(s, p, SCOUTING)
    s.rng = ScriptedDice([1] * n, [5] * n)  # the scout fails, the re-roll succeeds
    s.apply("scout the merchant")
    assert s.pending().decision == "fortune"  # type: ignore[union-attr]
    assert set(texts(s)) == {"done", "play Fortune's Favour"}
    s.apply("play Fortune's Favour")
    assert p.hand == [] and C.glory[t.glory_discard[-1]] == glory_type(s, "fortunes_favour")
    rolls = [e.data for e in s.events if e.kind == "roll"]
    assert rolls[-1]["why"] == "Fortune's Favour" and rolls[-1]["successes"] == n
    assert s.pending().decision == "merchant-nation"  # type: ignore[union-attr]  # found


def test_mm_d9_g12_the_window_opens_for_any_card_and_a_kept_roll_stands() -> None:
    """The window opens for any glory card held (it tells nothing, MM-14.4); without
    Fortune's Favour only "done" is offered and the failed roll stands."""
    s = ready()
    t = s.table
    p = place(s, 0, "Caribbean Sea", captain=1)
    t.merchants[p.zone] = 1
    give(s, 0, "hidden_cove")
    turn(s, 0)
    s.rng = ScriptedDice([1] * skill_dice(s, p, SCOUTING))
    s.apply("scout the merchant")
    assert texts(s) == ["done"]
    s.apply("done")
    assert s.pending().decision == "action" and t.merchants[p.zone] == 1  # type: ignore[union-attr]
    assert len(p.hand) == 1
