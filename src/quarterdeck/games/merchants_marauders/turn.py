"""MM-3 Game turn (merchant reset, event, player turns, end of turn) and MM-17 the end
of the game: the automatic flow between decisions."""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import total_glory
from .combat import step as combat_step
from .event_cards import resolve_event
from .npcs import enter_npcs, in_play, npc_attacks
from .phases import (
    ACTION,
    ACTIONS,
    ACTIONS_PER_TURN,
    MERCHANT_RESET,
    NPC_SIDE,
    OVER,
    PILOT,
    PORT_STEPS,
    ROUND_END,
    ROUND_START,
    SETUP,
    TURN_END,
    TURN_START,
)
from .port import next_step, step_options
from .raid import done_keeping
from .sailing import found
from .table import Ctx, Decision, Table


def advance(ctx: Ctx) -> None:
    """One automatic step of the game's flow; called while no decision is pending."""
    t = ctx.table
    if t.stage not in (SETUP, OVER) and captain_missing(t):
        end_game(ctx, "no captain card left")  # MM-17.2
        return
    if t.combat is not None:
        combat_step(ctx)
        return
    if t.raid is not None:
        done_keeping(ctx)
        return
    if t.visit is not None:
        if step_options(ctx, t.active):
            t.pending.append(Decision(PORT_STEPS[t.visit.step], t.active))
        else:
            next_step(ctx, t.active)
        return
    if t.battles:
        npc = t.battles.pop(0)
        p = t.players[t.active]
        if t.npc_zone[npc] == p.zone and not p.docked and in_play(p):
            found(ctx, NPC_SIDE + npc, t.active)
        return
    STAGES[t.stage](ctx)


def captain_missing(t: Table) -> bool:
    """A seat without a captain card (MM-17.2). A plain loop: asked at every step of
    the flow, where a generator would cost more than the rest of the step."""
    for p in t.players:  # noqa: SIM110 (no generator: see above)
        if p.card < 0:
            return True
    return False


def round_start(ctx: Ctx) -> None:
    """MM-3.1 merchant reset, MM-3.2 the Event card (none left: the game ends)."""
    t = ctx.table
    t.round += 1
    t.storm, t.fog, t.treasure_fleet, t.trade_winds = [], False, False, False
    if len(t.track) >= MERCHANT_RESET:
        tokens = t.track
        t.track = []
        ctx.rng.shuffle(tokens)
        empty = [z for z, m in enumerate(t.merchants) if m < 0]
        for zone, token in zip(empty, tokens, strict=True):
            t.merchants[zone] = token
        ctx.log(Event("merchant-reset", {"tokens": len(tokens)}))
    ctx.log(Event("round", {"round": t.round}))
    if not t.event_deck:
        end_game(ctx, "no Event card left")  # MM-17.1
        return
    resolve_event(ctx, t.event_deck.pop())
    t.turns_taken = 0
    t.active = t.first
    t.stage = TURN_START


def turn_start(ctx: Ctx) -> None:
    """MM-3.3: retirement is offered with the first decision; hostile NPCs in the zone
    scout at once (not in port)."""
    t = ctx.table
    t.actions_left = ACTIONS_PER_TURN
    t.extra_moves = 1 if t.trade_winds else 0
    t.forged = False
    t.pilot_used = t.pilot_on = False
    t.port_used = False
    t.acted = False
    t.scouted = []
    t.stage = ACTIONS
    p = t.players[t.active]
    if not in_play(p):
        t.stage = TURN_END
        return
    ctx.log(Event("turn", {"seat": t.active}))
    npc_attacks(ctx, t.active)


def actions(ctx: Ctx) -> None:
    t = ctx.table
    p = t.players[t.active]
    if t.pilot_on and in_play(p) and not p.docked:
        t.pending.append(Decision(PILOT, t.active))
    elif (t.actions_left > 0 or t.extra_moves) and in_play(p):
        t.pending.append(Decision(ACTION, t.active))
    else:
        t.stage = TURN_END


def turn_end(ctx: Ctx) -> None:
    t = ctx.table
    t.turns_taken += 1
    if t.turns_taken >= ctx.num_players:
        t.stage = ROUND_END
    else:
        t.active = (t.active + 1) % ctx.num_players
        t.stage = TURN_START


def round_end(ctx: Ctx) -> None:
    """MM-3.4: NPC entries; "this turn" effects end; a declaration ends the game."""
    t = ctx.table
    enter_npcs(ctx)
    t.storm, t.fog, t.treasure_fleet, t.trade_winds = [], False, False, False
    if t.declared >= 0:
        end_game(ctx, "10 glory declared")  # MM-17.3
    else:
        t.stage = ROUND_START


def end_game(ctx: Ctx, why: str) -> None:
    t = ctx.table
    t.stage = OVER
    t.pending.clear()
    ctx.log(
        Event(
            "game-over",
            {"why": why, "track": [p.glory for p in t.players]},
            {},
        )
    )
    ctx.log(
        Event(
            "totals",
            {
                "glory": [total_glory(ctx, p) for p in t.players],
                "stash": [p.stash for p in t.players],
            },
        )
    )


def setup_done(ctx: Ctx) -> None:
    ctx.table.stage = ROUND_START


STAGES = {
    SETUP: setup_done,
    ROUND_START: round_start,
    TURN_START: turn_start,
    ACTIONS: actions,
    TURN_END: turn_end,
    ROUND_END: round_end,
}
