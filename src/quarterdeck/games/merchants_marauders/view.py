"""What a seat may know (MM-1.7a), as plain JSON.

Public: the board, NPCs, missions, the war, every captain's ship, cargo, bounties,
weapons, modifications, specialists, mission, glory track and how many glory and
rumor cards they hold. Only the owner: gold on board, the stash, glory card faces,
the held rumor. Nobody: deck orders, face-down tokens, the demand reserve.
"""

from __future__ import annotations

from typing import Any

from .actions import card_name
from .basics import maneuverability, ship_name, stash_points
from .components import MODIFICATIONS, SPECIAL_WEAPONS
from .phases import NPC_SIDE, OVER
from .table import Ctx, Player

JSON = Any


def captain_view(ctx: Ctx, p: Player, mine: bool, over: bool) -> dict[str, JSON]:
    c = ctx.c
    out: dict[str, JSON] = {
        "captain": c.captains[p.card].name if p.card >= 0 else "",
        "nation": c.nations[c.captains[p.card].nation].name if p.card >= 0 else "",
        "ship": ship_name(ctx, p.ship) if p.maxima[4] else "",
        "values": list(p.values),
        "maxima": list(p.maxima),
        "maneuverability": maneuverability(ctx, p) if p.card >= 0 else 0,
        "modifications": [MODIFICATIONS[m] for m in p.mods],
        "zone": ctx.sea.names[p.zone],
        "docked": p.docked,
        "cargo": [card_name(c, k) for k in p.cargo],
        "bounties": {c.nations[n].name: count for n, count in enumerate(p.bounties)},
        "weapons": [SPECIAL_WEAPONS[w] for w, n in enumerate(p.weapons) if n],
        "specialists": sorted(
            [c.glory_types[c.glory[g]].name for g in p.specialists]
            + [c.rumors[r].name for r in p.kept_rumors]
        ),
        "mission": c.missions[p.mission].name if p.mission >= 0 else None,
        "glory": p.glory,
        "glory_cards": len(p.hand),
        "rumors": (p.rumor >= 0) + (p.rumor2 >= 0),
        "big_ship_bought": p.big_ship_bought,
    }
    if mine or over:  # the end shows every total (MM-17.4)
        out["gold"] = p.gold
        out["stash"] = p.stash
        out["stash_points"] = stash_points(ctx, p)
    if mine:
        out["hand"] = sorted(c.glory_types[c.glory[g]].name for g in p.hand)
        out["rumor"] = [c.rumors[r].name for r in (p.rumor, p.rumor2) if r >= 0]
    return out


def view(ctx: Ctx, seat: int | None, reveal: bool) -> dict[str, JSON]:
    t = ctx.table
    c = ctx.c
    over = t.stage == OVER
    zones = []
    for z, zone in enumerate(c.zones):
        zones.append(
            {
                "name": zone.name,
                "nation": c.nations[zone.nation].name if zone.nation is not None else None,
                "port": zone.port,
                "demand": c.goods[t.demand[z]] if t.demand[z] >= 0 else None,
                "merchant": t.merchants[z] >= 0,
                "modification": (
                    MODIFICATIONS[t.mod_at[z]]
                    if t.mod_at[z] >= 0 and (t.mod_up[z] or reveal)
                    else "face down"
                    if t.mod_at[z] >= 0
                    else None
                ),
                "npcs": [c.npcs[n].name for n, nz in enumerate(t.npc_zone) if nz == z],
                "captains": [s for s, p in enumerate(t.players) if p.zone == z and p.card >= 0],
            }
        )
    out: dict[str, JSON] = {
        "round": t.round,
        "stage": t.stage,
        # The kind of the pending decision (decisions.py) and its seat: public.
        "decision": t.pending[-1].kind if t.pending and not over else None,
        "first_player": t.first,
        "active": t.active,
        "actions_left": t.actions_left,
        "extra_moves": t.extra_moves,
        "event": c.events[t.event].name if t.event >= 0 else None,
        "war": [c.nations[n].name for n in t.war],
        "effects": {
            "storm": [ctx.sea.names[z] for z in t.storm],
            "fog": t.fog,
            "trade_winds": t.trade_winds,
            "treasure_fleet": t.treasure_fleet,
        },
        "zones": zones,
        "npcs": [
            {
                "name": npc.name,
                "zone": ctx.sea.names[t.npc_zone[n]] if t.npc_zone[n] >= 0 else None,
                "captain": c.events[t.npc_cards[n][-1]].captain if t.npc_cards[n] else None,
                "cards": len(t.npc_cards[n]),
            }
            for n, npc in enumerate(c.npcs)
        ],
        "missions": [c.missions[m].name if m >= 0 else None for m in t.board_missions],
        "merchant_track": len(t.track),
        "decks": {
            "cargo": len(t.cargo_deck),
            "glory": len(t.glory_deck),
            "rumor": len(t.rumor_deck),
            "mission": len(t.mission_deck),
            "event": len(t.event_deck),
            "captain": len(t.captain_deck),
        },
        "discards": {
            "cargo": [card_name(c, k) for k in t.cargo_discard],
            "glory": len(t.glory_discard),
            "rumor": len(t.rumor_discard),
            "mission": len(t.mission_discard),
        },
        "bounty_bank": list(t.bounty_bank),
        "weapon_bank": list(t.weapon_bank),
        "declared": t.declared,
        "captains": [
            captain_view(ctx, p, reveal or s == seat, over) for s, p in enumerate(t.players)
        ],
    }
    cb = t.combat
    if cb is not None:
        out["combat"] = {
            "sides": [c.npcs[s - NPC_SIDE].name if s >= NPC_SIDE else s for s in cb.sides],
            "round": cb.round,
            "declared": list(cb.declared),
            "npc_values": list(cb.npc_values),
        }
    if t.raid is not None:
        out["raid"] = {
            "cards": [card_name(c, k) for k in t.raid.cards],
            "successes": t.raid.successes,
        }
    if t.visit is not None:
        out["visit"] = {
            "port": ctx.sea.names[t.visit.zone],
            "step": t.visit.step,
            "drawn": [card_name(c, k) for k in t.visit.drawn],
        }
    if reveal:
        out["secret"] = {
            "merchants": [c.nations[m].name if m >= 0 else None for m in t.merchants],
            "track": [c.nations[m].name for m in t.track],
        }
    return out
