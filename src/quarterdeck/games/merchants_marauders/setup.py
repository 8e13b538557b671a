"""MM-2 Setup."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import gain_glory_card, home_port
from .death import draw_captain
from .event_cards import draw_demand
from .phases import CHOOSE_SHIP, ROUND_START, START_GOLD
from .table import Ctx, Decision, Player, Table


def new_table(ctx_players: int) -> Table:
    return Table(players=[Player() for _ in range(ctx_players)])


def set_up(ctx: Ctx) -> None:
    """Board, tokens, decks, missions, captains and the first player (MM-2.1–2.8)."""
    t = ctx.table
    c = ctx.c
    rng = ctx.rng
    zones = len(c.zones)
    # MM-2.1: one random demand token beside each port; the rest is the reserve.
    t.reserve = list(c.demand_tokens)
    t.demand = [draw_demand(ctx) if c.zones[z].port else -1 for z in range(zones)]
    # MM-2.2: one merchant token face down in each sea zone.
    merchants = list(c.merchant_tokens)
    rng.shuffle(merchants)
    t.merchants = merchants[:zones]
    t.track = []
    # MM-2.3: one modification token face down at each port.
    mods = list(c.modification_tokens)
    rng.shuffle(mods)
    it = iter(mods)
    t.mod_at = [next(it) if c.zones[z].port else -1 for z in range(zones)]
    t.mod_up = [False] * zones
    # MM-2.4: decks, bank.
    t.cargo_deck = list(range(len(c.cargo)))
    t.glory_deck = list(range(len(c.glory)))
    t.rumor_deck = list(range(len(c.rumors)))
    t.mission_deck = list(range(len(c.missions)))
    t.event_deck = list(range(len(c.events)))
    t.captain_deck = list(range(len(c.captains)))
    for deck in (
        t.cargo_deck,
        t.glory_deck,
        t.rumor_deck,
        t.mission_deck,
        t.event_deck,
        t.captain_deck,
    ):
        rng.shuffle(deck)
    t.bounty_bank = [c.bounties_per_nation] * len(c.nations)
    t.weapon_bank = list(c.special_weapons)
    # MM-2.5: two missions at their ports.
    for slot in range(2):
        refill_mission(ctx, slot)
    # MM-2.6: NPCs start off the board (npc_zone -1).
    # MM-2.7: captains, gold, a glory card; ships chosen in seat order, openly.
    for seat in range(ctx.num_players):
        draw_captain(ctx, seat)
        t.players[seat].zone = home_port(ctx, t.players[seat])
        t.players[seat].gold = START_GOLD
        gain_glory_card(ctx, seat)
    for seat in reversed(range(ctx.num_players)):
        t.pending.append(Decision(CHOOSE_SHIP, seat))
    # MM-2.8: the first player, drawn among the captains.
    t.first = rng.below(ctx.num_players)
    t.active = t.first
    ctx.log(Event("first-player", {"seat": t.first}))
    t.stage = ROUND_START


def refill_mission(ctx: Ctx, slot: int) -> None:
    """MM-2.5, MM-15.1: draw a mission to the board; one naming the port of the other
    slot goes to the bottom and another is drawn; if no card names another port, the
    slot stays empty until the next refill."""
    t = ctx.table
    other = t.board_missions[1 - slot]
    other_port = ctx.c.missions[other].port if other >= 0 else -1
    if not t.mission_deck and t.mission_discard:
        t.mission_deck[:] = t.mission_discard
        t.mission_discard.clear()
        ctx.rng.shuffle(t.mission_deck)
    candidates = [m for m in t.mission_deck if ctx.c.missions[m].port != other_port]
    if not candidates:
        t.board_missions[slot] = -1
        return
    while True:
        card = t.mission_deck.pop()
        if ctx.c.missions[card].port != other_port:
            break
        t.mission_deck.insert(0, card)  # to the bottom, draw again
    t.board_missions[slot] = card
    m = ctx.c.missions[card]
    ctx.log(Event("mission", {"card": m.key, "name": m.name, "port": ctx.sea.names[m.port]}))
