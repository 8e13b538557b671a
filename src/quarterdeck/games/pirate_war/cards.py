"""PW-9 (the draw phase and the deck) and the cards' effects (Appendix B)."""

from __future__ import annotations

from quarterdeck.engine import Event

from . import phases as ph
from .combat import open_w4
from .damage import crew_loss, damage, gain_crew, gain_gold, has_ship, holds_cards, repair
from .map import turn as turn_side
from .movement import blown_off_course
from .table import Decision, Play, ask, schedule, step
from .turn import miss_records, set_wind


def draw(p: Play, seat: int) -> None:
    """PW-9.2: draw 1 card. A held card goes into the hand unseen by the others; an
    immediate card is shown, takes effect and is discarded; Wine, Women & Song stays
    face up. PW-9.4: an empty deck is made anew from the shuffled discard pile."""
    t, c = p.table, p.comp
    if not t.deck.draw_pile and t.deck.discards:
        t.deck.reshuffle(p.rng)
        p.log(Event("reshuffle", {"cards": len(t.deck)}))
    if not t.deck.draw_pile:
        p.log(Event("no-card", {"seat": seat}))
        return
    card = t.deck.draw()
    kind = c.card(card).kind
    if kind == "H":
        t.hands[seat].append(card)
        p.log(Event("draw", {"seat": seat, "held": True}, {seat: {"card": card}}))
        return
    p.log(Event("draw", {"seat": seat, "held": False, "card": card}))
    if kind == "I":
        t.deck.discard(card)
    effect(p, seat, card)


def effect(p: Play, seat: int, card: int) -> None:
    """An immediate or face-up card takes effect on the drawer (PW-9.5)."""
    t, c = p.table, p.comp
    info = c.card(card)
    e = info.effect
    records: list[Decision] = []
    if e == "wind-any":
        records = [ask(ph.WIND, seat)]
    elif e == "wind":
        set_wind(p, turn_side(t.wind, info.turn), info.name)
    elif e == "lose-crew":
        records = crew_loss(t, seat)
    elif e == "mutiny":
        if t.crew[seat] <= 1:  # PW-13.5: a ship with exactly 1 crew ignores Mutiny
            p.log(Event("ignored", {"seat": seat, "card": card}))
        else:
            records = [step(ph.EVENT_BOARDING, seat, card)]
    elif e == "go-again":
        t.go_again = True
    elif e == "miss":
        records = miss_records(t, seat)
    elif info.storm:
        # W1: Weather Storm cancels the whole Storm card.
        records = [ask(ph.WINDOW, seat, ph.W1)] if holds_cards(t, seat) else []
        records.append(step(ph.STORM, seat, card))
    elif e == "blown":
        blown_off_course(p, seat)
    elif e == "damage":
        damage(p, seat, p.rng.randint(1, 6), info.name)
    elif e == "gold":
        gain_gold(p, seat, sum(p.rng.randint(1, 6) for _ in range(info.dice)), info.name)
    elif e == "gain-crew":
        gain_crew(p, seat, info.name)
    elif e == "wine-women-song":
        t.wws[seat] = True
        records = miss_records(t, seat)
    elif e == "repair":
        repair(p, seat, p.rng.randint(1, 6), info.name)
    elif e == "captives":
        records = [ask(ph.CAPTIVES, seat)]
    elif e == "event-boarding":
        records = [*open_w4(t, seat), step(ph.EVENT_BOARDING, seat, card)]
    schedule(t, records)


def storm(p: Play, seat: int, card: int) -> None:
    """Hurricane: 1D6 hull damage; Tropical Storm: miss next turn."""
    t = p.table
    if not has_ship(t, seat):
        return
    if p.comp.card(card).effect == "storm-damage":
        damage(p, seat, p.rng.randint(1, 6), p.comp.card(card).name)
    else:
        schedule(t, miss_records(t, seat))


def event_boarding(p: Play, seat: int, card: int) -> None:
    """PW-13.5: the player may play one boarding card, then the dice."""
    t = p.table
    if has_ship(t, seat):
        schedule(t, [ask(ph.BOARD_CARD, seat, seat, -1, 1), step(ph.EVENT_ROLL, seat, card, 0)])


def window_cards(p: Play, seat: int, window: int) -> list[int]:
    """The held cards that fit a reaction window (PW-22.2)."""
    c = p.comp
    fits = ph.WINDOW_EFFECTS[window]
    return sorted(n for n in p.table.hands[seat] if c.card(n).effect in fits)


def play_card(p: Play, seat: int, card: int, why: str) -> None:
    """A held card is played: it becomes public and goes to the discard pile."""
    t = p.table
    t.hands[seat].remove(card)
    t.deck.discard(card)
    p.log(Event("play", {"seat": seat, "card": card, "why": why}))
