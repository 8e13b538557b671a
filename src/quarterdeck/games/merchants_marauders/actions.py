"""The fixed action space: ids by meaning (a zone, a card, a nation), never by a
position in a list."""

from __future__ import annotations

from quarterdeck.engine import ActionSpace

from .components import LOCATIONS, MODIFICATIONS, SPECIAL_WEAPONS, Components
from .phases import (
    CAPTAINS,
    DECLARATIONS,
    STASH_AMOUNTS,
    TARGET_CAPTAIN,
    TARGET_MERCHANT,
    TARGET_NPC,
    TARGET_RUMOR,
)

MAX_SEATS = 4
Meaning = tuple[str, tuple[int, ...], str]


def card_name(c: Components, card: int) -> str:
    """A cargo card as the rules write it: good and slot, e.g. "Rum-c"."""
    cargo = c.cargo[card]
    return f"{c.goods[cargo.good].capitalize()}-{cargo.slot}"


def weapon_name(w: int) -> str:
    return SPECIAL_WEAPONS[w].replace("_", " ").capitalize()


def build_action_space(c: Components) -> ActionSpace:
    zones = [z.name for z in c.zones]
    cards = range(len(c.cargo))
    out: list[Meaning] = [("done", (), "done"), ("end-turn", (), "end your turn")]
    out += [("ship", (k,), f"sail a {s.name}") for k, s in enumerate(c.ships)]
    out += [
        ("keep-captain", (), "keep this captain"),
        ("redraw-captain", (), "draw another captain"),
    ]
    # MM-5: actions
    out += [("move", (z,), f"move to {name}") for z, name in enumerate(zones)]
    out.append(("scout", (TARGET_MERCHANT,), "scout the merchant"))
    out += [
        ("scout", (TARGET_CAPTAIN + s,), f"scout the {CAPTAINS[s]} captain")
        for s in range(MAX_SEATS)
    ]
    out += [("scout", (TARGET_NPC + n,), f"scout the {npc.name}") for n, npc in enumerate(c.npcs)]
    out.append(("scout", (TARGET_RUMOR,), "investigate your rumor here"))
    out.append(("scout-spanish", (), "find a Spanish merchant without a roll (Cartagena)"))
    out += [
        ("port", (), "take the Port action"),
        ("port-pay", (), "enter Port Royal for 2 gold"),
        ("port-roll", (), "try to enter Port Royal with an Influence roll"),
        ("retire", (), "retire your captain"),
    ]
    out += [
        ("play-specialist", (g,), f"play the {gt.name}")
        for g, gt in enumerate(c.glory_types)
        if gt.kind == "specialist"
    ]
    out += [
        ("play-glory", (g,), f"play {gt.name}")
        for g, gt in enumerate(c.glory_types)
        if gt.kind == "one_use"
    ]
    # MM-6: merchants
    out += [
        ("nation", (n,), f"announce the merchant as {nation.name}")
        for n, nation in enumerate(c.nations)
    ]
    out += [("raid", (), "raid the merchant"), ("let-go", (), "let the merchant go in peace")]
    out += [
        ("use-weapon", (w,), f"discard {weapon_name(w)} to turn a failed die")
        for w in range(len(SPECIAL_WEAPONS))
    ]
    out.append(("raid-draw", (), "draw another Cargo card"))
    out += [("raid-discard", (k,), f"discard {card_name(c, k)} from the raid") for k in cards]
    out += [("raid-exchange", (k,), f"exchange {card_name(c, k)}") for k in cards]
    out += [("keep", (k,), f"keep {card_name(c, k)} as cargo") for k in cards]
    out += [("unload", (k,), f"throw {card_name(c, k)} overboard to make room") for k in cards]
    out += [
        ("discard-cargo", (k,), f"discard {card_name(c, k)} (over the cargo limit)") for k in cards
    ]
    # MM-8 – MM-11: combat
    out += [("declare", (d,), f"declare {name}") for d, name in enumerate(DECLARATIONS)]
    out += [
        ("skull", (loc,), f"put the skull hit on {LOCATIONS[loc].capitalize()}")
        for loc in range(len(LOCATIONS))
    ]
    out.append(("take-ship", (), "take their ship"))
    out.append(("grapple", (), "discard Grappling Hooks to re-roll your failed dice"))
    out += [
        (
            "absorb",
            (loc,),
            f"absorb the hit on {LOCATIONS[loc].capitalize()} with the Reinforced Hull",
        )
        for loc in range(len(LOCATIONS))
    ]
    out.append(("absorb", (-1,), "absorb a skull hit with the Reinforced Hull"))
    out += [
        (
            "reroll",
            (f,),
            f"re-roll a hit-location die showing {f}" + (" (a skull)" if f >= 5 else ""),
        )
        for f in range(1, 7)
    ]
    out += [("ammo", (w,), f"load {weapon_name(w)} for this volley") for w in (1, 2)]
    out += [
        ("reward", (n,), f"claim the {nation.name} bounty reward")
        for n, nation in enumerate(c.nations)
    ]
    out += [
        ("place-modification", (z,), f"place a modification token at {zones[z]}") for z in c.ports
    ]
    out += [
        ("discard-glory", (g,), f"discard a {gt.name} glory card")
        for g, gt in enumerate(c.glory_types)
    ]
    out += [
        ("keep-rumor", (r,), f"keep the rumor {rumor.name}") for r, rumor in enumerate(c.rumors)
    ]
    out += [("weapon", (w,), f"take a {weapon_name(w)} token") for w in range(len(SPECIAL_WEAPONS))]
    out += [("frigate", (), "swap your ship for the Frigate"), ("gold-reward", (), "take the gold")]
    out += [
        ("return-bounty", (n,), f"return a {nation.name} bounty")
        for n, nation in enumerate(c.nations)
    ]
    # MM-12: port activities
    out += [("sell", (k,), f"sell {card_name(c, k)}") for k in cards]
    out.append(("buy-goods", (), "draw Cargo cards to buy"))
    out += [("buy", (k,), f"buy {card_name(c, k)}") for k in cards]
    out += [("buy-ship", (k,), f"buy a {s.name}") for k, s in enumerate(c.ships)]
    out += [
        ("repair", (loc,), f"repair {LOCATIONS[loc].capitalize()}")
        for loc in range(len(LOCATIONS))
        if LOCATIONS[loc] != "crew"
    ]
    out += [("buy-weapon", (w,), f"buy {weapon_name(w)}") for w in range(len(SPECIAL_WEAPONS))]
    out += [("sell-weapon", (w,), f"sell {weapon_name(w)}") for w in range(len(SPECIAL_WEAPONS))]
    out += [
        ("buy-modification", (), "buy the port's ship modification"),
        ("refresh", (), "refresh the Reinforced Hull"),
        ("redraw", (), "pay 1 gold to discard and draw the cards again"),
        ("recruit", (), "recruit (Leadership roll)"),
        ("hire", (), "hire a crewman"),
        ("try-rumor", (), "seek a rumor (Influence roll)"),
        ("investigate", (), "investigate your rumor in this port"),
    ]
    out += [
        ("mission", (m,), f"attempt the mission {mission.name}")
        for m, mission in enumerate(c.missions)
    ]
    out += [
        ("keep-modification", (m,), f"keep the {MODIFICATIONS[m].replace('_', ' ')} for 1 gold")
        for m in range(len(MODIFICATIONS))
    ]
    out += [
        ("pilot", (z,), f"move to {name} and sail on (Coast Pilot)") for z, name in enumerate(zones)
    ]
    out += [("pilot-on", (z,), f"sail on to {name}") for z, name in enumerate(zones)]
    out += [("stash", (a,), f"stash {a} gold") for a in STASH_AMOUNTS]
    out += [("stash", (-a,), f"take {a} gold from the stash") for a in STASH_AMOUNTS]
    return ActionSpace(out)
