"""PW-9 the draw phase and the deck; the cards of Appendix B; windows W1 and W2."""

from __future__ import annotations

from quarterdeck.games.pirate_war import PirateWarState, cards
from quarterdeck.games.pirate_war import phases as ph

from .conftest import BRETTONIAN, EMPIRE, away, make, script, settled, texts

HURRICANE, TROPICAL_STORM, WEATHER_STORM, SEXTANT, NARROW_ESCAPE = 12, 13, 15, 17, 29


def draw(state: PirateWarState, card: int) -> None:
    """Draw ``card`` from the top of the deck."""
    t = state.table
    if card in t.deck.draw_pile:
        t.deck.draw_pile.remove(card)
    t.deck.draw_pile.append(card)
    cards.draw(state, 0)
    settled(state)


def test_pw_9_4_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    t = s.table
    assert sorted(t.deck.draw_pile + t.deck.discards) == list(range(1, 43))
    t.deck.discards = t.deck.draw_pile[:-1]
    t.deck.draw_pile = []
    t.deck.discards.append(5)  # make sure the wind card is among them: any card will do
    t.deck.discards = sorted(set(t.deck.discards))
    before = len(t.deck.discards)
    cards.draw(s, 0)
    assert any(e.kind == "reshuffle" for e in s.events)
    assert len(t.deck.draw_pile) + len(t.hands[0]) + len(t.deck.discards) + sum(t.wws) == before


def test_pw_9_2_a_held_card_is_secret_an_immediate_one_public() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    draw(s, NARROW_ESCAPE)
    event = [e for e in s.events if e.kind == "draw"][-1]
    assert event.data == {"seat": 0, "held": True} and event.secret == {0: {"card": NARROW_ESCAPE}}
    assert s.table.hands[0] == [NARROW_ESCAPE]
    assert s.view(1)["ships"][0]["hand"] is None and s.view(1)["ships"][0]["hand_size"] == 1
    draw(s, 5)
    assert [e for e in s.events if e.kind == "draw"][-1].data["card"] == 5
    assert 5 in s.table.deck.discards


def test_pw_8_3_wind_cards() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    s.table.wind = 6
    draw(s, 2)  # 2 clockwise
    assert s.table.wind == 2
    draw(s, 3)  # 2 counter-clockwise
    assert s.table.wind == 6
    draw(s, 1)  # any: the drawer chooses
    assert s.pending().decision == ph.WIND and len(texts(s)) == 6  # type: ignore[union-attr]
    s.apply("wind toward 3 (SW)")
    assert s.table.wind == 3


def test_weather_storm_cancels_hurricane() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    s.table.hands[0] = [WEATHER_STORM]
    draw(s, HURRICANE)
    assert texts(s) == ["pass", "play Weather Storm"]
    s.apply("play Weather Storm")
    assert s.table.hull[0] == 12 and s.table.hands[0] == []
    script(s, 5)
    draw(s, HURRICANE)  # no card held: no window, 1D6 damage
    assert s.table.hull[0] == 7


def test_sextant_cancels_the_miss_of_tropical_storm() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    s.table.hands[0] = [SEXTANT]
    draw(s, TROPICAL_STORM)
    s.apply("pass")  # W1: no Weather Storm held
    assert texts(s) == ["pass", "play Sextant"]  # W2
    s.apply("play Sextant")
    assert not s.table.miss[0]


def test_immediate_cards_gold_crew_repair_damage() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    script(s, 1, 2, 3)
    draw(s, 22)  # Treasure Ship: 3D6 gold
    assert s.table.gold[0] == 16
    draw(s, 23)  # Stowaway: 1 crew
    assert s.table.crew[0] == 4
    script(s, 3)
    draw(s, 16)  # Run aground: 1D6 damage, no save
    assert s.table.hull[0] == 9
    script(s, 6)
    draw(s, 26)  # Repairs at sea: up to the maximum
    assert s.table.hull[0] == 12
    draw(s, 6)  # Scurvey
    assert s.table.crew[0] == 3
    draw(s, 28)  # Captives: the drawer chooses
    assert texts(s) == ["Captives: gain 1 crew", "Captives: gain 1D6 gold"]


def test_wine_women_and_song_stays_face_up_and_misses_a_turn() -> None:
    s = make((EMPIRE, BRETTONIAN))
    away(s, 0)
    draw(s, 24)
    assert s.table.wws[0] and s.table.miss[0] and 24 not in s.table.deck.discards
    assert s.components()["card 24"] == 1
