"""Words: prompts, the log in sentences, and the terminal board (Rich, imported lazily).

Prompts are public (``pending()`` shows them to every seat), so they never name a
secret: not the scouted token's nation, not a glory card or rumor in hand, not gold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .components import LOCATIONS
from .phases import (
    ACTION,
    AMMO,
    BUY,
    CAPTAINS,
    CARPENTER,
    CHOOSE_SHIP,
    CHOOSE_WEAPON,
    DECLARE,
    DISCARD_CARGO,
    DISCARD_GLORY,
    DISCARD_RUMOR,
    FORTUNE,
    FRIGATE_OR_GOLD,
    GRAPPLE,
    HAZARD_REINFORCE,
    HIDDEN_COVE,
    KEEP_CAPTAIN,
    KEEP_CARGO,
    KEEP_MODIFICATIONS,
    MERCHANT_NATION,
    MISSION,
    NPC_SIDE,
    PILOT,
    PLACE_MODIFICATION,
    PORT_FEE,
    RAID_OR_PEACE,
    RAID_REINFORCE,
    RAID_SPEND,
    RAID_WEAPON,
    RECRUIT,
    REINFORCE,
    REROLL,
    RETURN_BOUNTY,
    REWARD_NATION,
    RUMOR,
    SELL,
    SHIPYARD,
    SKULL_HIT,
    STASH,
    TAKE_SHIP,
)
from .table import Ctx, Decision

JSON = Any

PROMPTS = {
    CHOOSE_SHIP: "choose your starting ship: a Sloop or a Flute",
    KEEP_CAPTAIN: "an NPC pirate waits at your home port: keep this captain or draw another",
    MERCHANT_NATION: "you found a merchant: announce its nation (the token's or the zone's)",
    RAID_OR_PEACE: "raid the merchant or let it go in peace",
    RAID_WEAPON: "discard a special weapon to turn a failed die into a success?",
    RAID_SPEND: "spend your successes: draw, discard or exchange a card, or stop",
    KEEP_CARGO: "keep cards as cargo (you may throw cargo overboard to make room)",
    DISCARD_CARGO: "too much cargo: discard a card",
    DISCARD_GLORY: "more than 4 glory cards: discard one",
    DISCARD_RUMOR: "you may hold only one rumor: choose the one to keep",
    TAKE_SHIP: "take the defeated ship (your crew stays) or keep yours",
    GRAPPLE: "discard Grappling Hooks to re-roll your failed Seamanship dice?",
    AMMO: "load Chain-shot or Grapeshot for this volley?",
    REINFORCE: "flip your Reinforced Hull to absorb one hit?",
    REROLL: "re-roll hit-location dice of your volley?",
    RAID_REINFORCE: "flip your Reinforced Hull to absorb one of the merchant's hits?",
    FORTUNE: "keep the roll, or play Fortune's Favour to re-roll all its dice?",
    HAZARD_REINFORCE: "flip your Reinforced Hull to absorb the hit (storm or reefs)?",
    REWARD_NATION: "choose the nation whose bounty reward you claim",
    PLACE_MODIFICATION: "choose a port for a ship modification token",
    CHOOSE_WEAPON: "choose a special weapon",
    FRIGATE_OR_GOLD: "the Abandoned Frigate: take the ship or the gold",
    RETURN_BOUNTY: "choose a bounty token to return",
    CARPENTER: "Ship's Carpenter: choose a location to repair",
    PILOT: "Coast Pilot: sail on to a neighbouring zone, or stop here",
    HIDDEN_COVE: "your ship has been found: play a reaction card, or let the fight begin",
    PORT_FEE: "the Influence roll failed: pay 2 gold to enter Port Royal, or stay out",
    KEEP_MODIFICATIONS: "St. John: keep modifications of your old ship for 1 gold each",
    SELL: "Sell: choose cargo to sell, or done",
    BUY: "Buy: draw Cargo cards and choose what to buy, or done",
    SHIPYARD: "Shipyard: buy a ship, repairs, weapons or the modification, or done",
    RECRUIT: "Recruit: roll Leadership or hire crewmen, or done",
    RUMOR: "Rumor: seek or investigate a rumor, or done",
    MISSION: "Mission: attempt a mission here, or done",
    STASH: "Stash: move gold in or out of your stash, or done",
}


def prompt(ctx: Ctx, d: Decision) -> str:
    """The public words of a pending decision."""
    t = ctx.table
    who = CAPTAINS[d.seat]
    if d.kind == ACTION:
        left = t.actions_left + t.extra_moves
        return f"{who}: your turn, {left} action(s) left: Move, Scout or Port"
    if d.kind == DECLARE and t.combat is not None:
        side = t.combat.sides[d.args[0]]
        name = ctx.c.npcs[side - NPC_SIDE].name if side >= NPC_SIDE else "your ship"
        return f"{who}: round {t.combat.round}, declare Shoot, Board or Flee for {name}"
    if d.kind == SKULL_HIT:
        if d.args[0] >= 0 and t.combat is not None:
            side = t.combat.sides[d.args[0]]
            name = ctx.c.npcs[side - NPC_SIDE].name if side >= NPC_SIDE else "your ship"
            return f"{who}: a skull hit on {name}: choose its location"
        return f"{who}: a skull hit on your ship: choose its location"
    return f"{who}: {PROMPTS.get(d.kind, d.kind)}"


def describe_event(event: Mapping[str, JSON], viewer: int | None = None) -> str:
    """One event of the log in words."""
    kind = event["kind"]
    seat = event.get("seat")
    who = CAPTAINS[seat] if seat is not None else ""
    if kind == "roll":
        return f"{who} rolls {event['skill']} for {event['why']}: {event['dice']} ({event['successes']} successes)"
    if kind == "move":
        return f"{who} sails from {event['from']} to {event['to']}"
    if kind == "npc-move":
        return f"the {event['npc']} {event['why']} from {event['from']} to {event['to']}"
    if kind == "event":
        return f"Event: {event['name']} ({event['card']})"
    if kind == "hit":
        target = who or event.get("side", "")
        return f"{target} takes a hit on {event['location']} ({event['why']})"
    if kind == "merchant-found":
        token = f" (the token is {event['token']})" if "token" in event else ""
        return f"{who} finds a merchant in {event['zone']}{token}"
    if kind == "glory":
        return f"{who} gains 1 glory ({event['why']}): track {event['track']}"
    if kind == "glory-card":
        card = f": {event['card']}" if "card" in event else ""
        return f"{who} draws a glory card{card}"
    if kind == "stash":
        amount = f" {event['amount']:+d} gold" if "amount" in event else ""
        return f"{who} visits the stash{amount}"
    if kind == "plunder":
        loser = CAPTAINS[event["from"]]
        return f"{who} plunders the {loser} captain: {event['glory_cards']} glory card(s), cargo {event['cargo']}"
    # The rest as "kind: captain, key value, ...".
    details = [who] if who else []
    details += [f"{k} {v}" for k, v in event.items() if k not in ("kind", "seat")]
    return f"{kind}: {', '.join(details)}"


def render_view(view: Mapping[str, JSON]) -> Any:
    """The board for the terminal: the zones with ports, ships and NPCs, each captain's
    board, and the event in play."""
    from rich.console import Group
    from rich.table import Table as RichTable

    zones = RichTable(title=f"Game turn {view.get('round')}: the Caribbean")
    for column in ("zone", "port", "demand", "merchant", "NPCs", "captains"):
        zones.add_column(column)
    for z in view["zones"]:
        zones.add_row(
            z["name"],
            z.get("nation") or "",
            z.get("demand") or "",
            "yes" if z["merchant"] else "",
            ", ".join(z["npcs"]),
            ", ".join(CAPTAINS[s] for s in z["captains"]),
        )
    captains = RichTable(title="Captains")
    for column in (
        "player",
        "captain",
        "ship",
        "values",
        "cargo",
        "bounties",
        "glory",
        "cards",
        "gold",
    ):
        captains.add_column(column)
    for s, p in enumerate(view["captains"]):
        captains.add_row(
            CAPTAINS[s],
            p["captain"],
            p["ship"],
            _values(p["values"], p["maxima"]),
            ", ".join(p["cargo"]),
            str(sum(p["bounties"].values())),
            str(p["glory"]),
            str(p["glory_cards"]),
            str(p.get("gold", "?")),
        )
    return Group(zones, captains)


def _values(values: Sequence[int], maxima: Sequence[int]) -> str:
    return " ".join(
        f"{loc[:3]} {v}/{m}" for loc, v, m in zip(LOCATIONS, values, maxima, strict=True)
    )
