"""BroadSides in words: prompts, events, and the table drawn with Rich."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .components import Components, card_name

if TYPE_CHECKING:
    from .state import BroadSidesState

JSON = Any
SEATS = ("Red", "Blue")
SET_WORDS = {
    "flush": "Broadside: pick the cards of your flush (one suit), then done",
    "straight": "Sheer Off: pick your straight from its lowest card up, then done",
    "pair": "Full Reload: pick a pair",
    "any-two": "Single Shot Reload: pick any two cards to discard",
    "payment": "Repair: pick 1 to 3 cards to discard, one move each, then done",
    "aim-card": "Aim: pick the Aim card to play",
    "evade": "Evade? Pick a straight from its lowest card up (a straight flush evades more), or done for none",
}


def prompt(state: BroadSidesState) -> str:
    """What the deciding seat is asked, in words."""
    c = state.c
    who = SEATS[state.seat]
    phase = state.phase
    if phase == "officer":
        officer = "Captain" if state.officers[state.seat][0] is None else "First Mate"
        return f"{who}: place your {officer} on a Deck"
    if phase == "mount":
        where = "fore" if state.cannons[state.seat][0] is None else "aft"
        return f"{who}: secretly choose your {where} cannon"
    if phase == "load":
        tray = ", ".join(c.shots[s].name for s in sorted(state.tray))
        return f"{who}: load your shots ({tray})"
    if phase == "zero-in-man":
        return f"{who}: Zero In — man a cannon"
    if phase == "zero-in-sight":
        return f"{who}: Zero In — choose the zone of the foe's ship to target"
    if phase == "stage1":
        n = state.actions_taken + 1
        must = " (it must be Aim)" if state.actions_taken == 1 and not state.aimed else ""
        return f"{who}'s turn {state.turns + 1}: action {n} of 2{must}"
    if phase == "pick":
        return f"{who}: {SET_WORDS[state.sel_kind]}"
    if phase == "place":
        return f"{who}: Aim — where does {card_name(state.sel[0][0], c.suits)} go?"
    if phase == "spend-shots":
        return f"{who}: Broadside — choose the shots to spend ({len(state.sel) - len(state.spent)} more)"
    if phase == "effective":
        return f"{who}: Broadside — cannon penalties: choose the shots that take effect"
    if phase == "return-shots":
        return f"{who}: Reload — return any shots to the bag, then done"
    if phase == "repair":
        return f"{who}: Repair — {state.repairs_left} move(s) left"
    if phase == "stage2":
        return f"{who}: Fire the manned cannon, or hold fire?"
    if phase == "fire-shot":
        return f"{who}: which shot do you fire?"
    if phase == "double":
        return f"{who}: Carronade — fire the second shot as a Double Shot?"
    if phase == "tasks":
        _, what, count, zone, _ = state.tasks[0]
        if what == "unaim":
            return f"{who}: discard {count} Aim card(s) from your Targets"
        where = (
            c.zones[zone].name
            if what == "zone"
            else {"rigging": "your Rigging", "deck": "your Decks", "hull": "your Hull"}[what]
        )
        return f"{who}: lose {count} marker(s) from {where}"
    if phase == "hand-limit":
        return f"{who}: discard down to your hand limit of {state.hand_limit(state.seat)}"
    return phase


def describe_event(event: Mapping[str, JSON], c: Components, viewer: int | None = None) -> str:
    kind = event["kind"]
    who = SEATS[event["seat"]] if "seat" in event and event["seat"] is not None else ""

    def zone(key: str) -> str:
        return c.zones[event[key]].name

    def cards(key: str) -> str:
        return " ".join(card_name(x, c.suits) for x in event[key])

    if kind == "officer":
        return (
            f"{who} places the {('Captain', 'First Mate')[event['officer']]} on the {zone('zone')}."
        )
    if kind == "mount":
        where = ("fore", "aft")[event["position"]]
        if "cannon" in event:
            return f"{who} mounts a {c.cannons[event['cannon']].name} {where}."
        return f"{who} secretly chooses a {where} cannon."
    if kind == "reveal-cannons":
        names = [" and ".join(c.cannons[k].name for k in pair) for pair in event["cannons"]]
        return f"Cannons revealed: Red {names[0]}; Blue {names[1]}."
    if kind == "draw-shots":
        shots = ", ".join(c.shots[s].name for s in event["shots"]) or "nothing"
        return f"{who} draws shots from the bag: {shots}."
    if kind == "loaded":
        fore, aft = (", ".join(c.shots[s].name for s in x) or "empty" for x in event["loaded"])
        return f"{who} loads: fore {fore}; aft {aft}."
    if kind == "first-player":
        return f"{who} goes first."
    if kind == "zero-in":
        return f"{who} mans the {('fore', 'aft')[event['cannon']]} cannon and Zeroes In on the foe's {zone('zone')}: {len(event['targets'])} Target cards."
    if kind == "turn":
        return f"— {who}'s turn {event['turn']} —"
    if kind == "action":
        from .actions import STAGE_ACTIONS

        return f"{who}: {STAGE_ACTIONS[event['action']][1]}."
    if kind == "draw":
        return f"{who} draws {event['count']} Aim card(s)."
    if kind == "aim":
        value = f" (as {event['value']})" if event["card"] >= 40 else ""
        side = ("left", "bottom")[event["side"]]
        return f"{who} aims {card_name(event['card'], c.suits)}{value} at the {side} of Target #{event['target'] + 1}."
    if kind == "broadside":
        return (
            f"{who} fires a Broadside with {cards('cards')}; {c.suit_names[event['suit']]} covered."
        )
    if kind == "spend-shots":
        return f"{who} spends {', '.join(c.shots[s].name for s in event['shots'])}; {event['effective']} take effect."
    if kind == "broadside-hits":
        return f"The Broadside hits with {len(event['shots'])} shot(s)."
    if kind == "sheer-off":
        return f"{who} Sheers Off with {cards('cards')}: the foe discards {cards('foe_discards') or 'nothing'}."
    if kind == "reload":
        return f"{who} reloads ({'full' if event['full'] else 'single shot'}), discarding {cards('cards')}."
    if kind == "return-shot":
        return f"{who} returns a {c.shots[event['shot']].name} shot to the bag."
    if kind == "repair":
        return f"{who} repairs, discarding {cards('cards')}."
    if kind == "move":
        return f"{who} moves a Crewman from the {zone('from')} to the {zone('to')}."
    if kind == "officer-move":
        return f"{who} moves the {('Captain', 'First Mate')[event['officer']]} from the {zone('from')} to the {zone('to')}."
    if kind == "hold-fire":
        return f"{who} holds fire."
    if kind == "fire":
        return f"{who} FIRES the {('fore', 'aft')[event['cannon']]} cannon at the {zone('zone')}: potential damage {event['potential']}."
    if kind == "shot":
        steps = "; ".join(f"{s[0]} {s[1]:+d}" for s in event["steps"]) or "no change"
        return f"{c.shots[event['shot']].name} shot: {steps} → damage {event['damage']}."
    if kind == "double-shot":
        return f"Double Shot! Damage {event['damage']}."
    if kind == "evade":
        how = "straight flush" if event["straight_flush"] else "straight"
        return f"{who} Evades with a {how} {cards('cards')}: −{event['evaded']} → damage {event['damage']}."
    if kind == "no-evasion":
        return f"{who} does not Evade."
    if kind == "damage":
        return f"{event['damage']} damage to the {zone('zone')}."
    if kind == "unaim":
        return f"{who} discards {card_name(event['card'], c.suits)} from Target #{event['target'] + 1}."
    if kind == "lose":
        return f"{who} loses a marker from the {zone('zone')}."
    if kind == "lose-officer":
        return f"{who} loses the {('Captain', 'First Mate')[event['officer']]}!"
    if kind == "disaster":
        return f"DISASTER on {who}'s {zone('zone')}: {c.disasters[event['disaster']].name}!"
    if kind == "discard":
        return f"{who} discards {card_name(event['card'], c.suits)}."
    if kind in ("aim-reshuffle", "target-reshuffle"):
        return "A deck is reshuffled."
    if kind == "round-cap":
        return f"The round cap is reached: markers Red {event['markers'][0]}, Blue {event['markers'][1]}."
    if kind == "game-end":
        if event["winner"] is None:
            return f"The game ends in a draw ({event['reason']})."
        return f"{SEATS[event['winner']]} WINS ({event['reason']})."
    return f"{kind}: {dict(event)}"
