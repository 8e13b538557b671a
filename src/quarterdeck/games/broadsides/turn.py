"""A turn (rulebook: Player Turn; Stage 1; Changing Targets): two actions, at least
one of them Aim, or Changing Targets instead; then Stage 2 (``firing.py``) and Stage 3
(``stage3.py``).
"""

from __future__ import annotations

from quarterdeck.engine import Event

from . import sea_dog
from .decks import discard_targets, draw_aim
from .firing import start_stage2
from .phases import (
    AIM,
    BROADSIDE,
    CHANGE_TARGETS,
    FULL_RELOAD,
    HOLD,
    OVER,
    REPAIR_ACTION,
    SET_OF_ACTION,
    SHEER_OFF,
    SINGLE_RELOAD,
    STAGE1,
    THEN_STAGE2,
)
from .sets import flush_starts, pair_starts, reserve, start_pick, straight_starts
from .setup import start_zero_in
from .ship import total_capacity
from .stage1 import repair_moves
from .table import Position


def start_turn(s: Position, p: int) -> None:
    s.turn_player = s.seat = p
    s.actions_taken = 0
    s.aimed = False
    s.phase = STAGE1
    if s.sea is not None:
        s.sea.effects = {}  # the tricks in play last only the turn
    s.log(Event("turn", {"seat": p, "turn": s.turns + 1}))


def stage_actions(s: Position) -> list[int]:
    """The actions open now: the second must be Aim if the first was not; an action
    must leave a card for the Aim; Changing Targets only instead of both."""
    p = s.seat
    hand = len(s.hands[p])
    if s.actions_taken == 1 and not s.aimed:
        return [AIM] if hand else []
    keep = reserve(s)
    options = []
    if hand:
        options.append(AIM)
    if not keep or hand or s.decks[p] or s.discards[p]:
        options.append(HOLD)
    if flush_starts(s, keep):
        options.append(BROADSIDE)
    if straight_starts(s, "sheer-off", hand - keep):
        options.append(SHEER_OFF)
    if hand - keep >= 2:
        if total_capacity(s, p):
            options.append(SINGLE_RELOAD)
        if pair_starts(s):
            options.append(FULL_RELOAD)
    if hand - keep >= 1 and repair_moves(s, p):
        options.append(REPAIR_ACTION)
    if s.actions_taken == 0:
        options.append(CHANGE_TARGETS)
    return options


def stage1_options(s: Position) -> list[int]:
    a = s.game.ids
    if not sea_dog.on(s):
        return [a["action", n] for n in stage_actions(s)]
    # A free trick takes Stage 1: Changing Targets is then no longer open (SD23).
    taken = bool(sea_dog.sea(s).effects.get("stage1"))
    actions = [n for n in stage_actions(s) if not (taken and n == CHANGE_TARGETS)]
    return [a["action", n] for n in actions] + sea_dog.stage1_tricks(s)


def choose_action(s: Position, n: int) -> None:
    p = s.seat
    s.log(Event("action", {"seat": p, "action": n}))
    if n == HOLD:
        if s.sea is not None and sea_dog.old_salt_hold(s, p):  # REP8 (b)
            return
        draw_aim(s, p, 1)
        action_done(s)
    elif n == CHANGE_TARGETS:  # Changing Targets replaces Stage 1
        if s.sea is not None:
            s.sea.effects["changed_targets"] = 1
        discard_targets(s, p)
        start_zero_in(s, p, THEN_STAGE2)
    else:  # the others begin with their set of Aim cards
        start_pick(s, SET_OF_ACTION[n])


def action_done(s: Position) -> None:
    """One Stage 1 action is over: the next one, or Stage 2."""
    if s.phase == OVER:
        return
    s.actions_taken += 1
    s.seat = s.turn_player
    if s.actions_taken < 2:
        s.phase = STAGE1
    else:
        start_stage2(s)
