"""Stage 3 and the end of a turn (rulebook: Stage 3; the round cap, house ruling 10):
draw two Aim cards, discard down to the hand limit, and the turn passes.
"""

from __future__ import annotations

from quarterdeck.engine import Event

from . import sea_dog
from .decks import draw_aim
from .losses import win
from .phases import HAND_LIMIT, NEXT_TURN, OVER, SEA_DRAW
from .sets import card_id, ordered_options, wild_face_up
from .ship import hand_limit, ship_markers
from .table import Position


def start_stage3(s: Position) -> None:
    """With the module, OWN_S3 opens before the draw (Rum Ration)."""
    if sea_dog.on(s):
        sea_dog.open_window(s, "OWN_S3", [s.turn_player], SEA_DRAW)
    else:
        draw_stage3(s)


def draw_stage3(s: Position) -> None:
    p = s.turn_player
    s.seat = p
    draw = s.c.draw_per_turn
    if s.sea is not None:
        draw = s.sea.effects.get("draw", draw)  # Rum Ration (DT18)
    draw_aim(s, p, draw)
    s.sel = []
    if len(s.hands[p]) > hand_limit(s, p):
        s.phase = HAND_LIMIT
    else:
        end_turn(s)


def hand_limit_options(s: Position) -> list[int]:
    """Discards are picked like a set, in ascending id order."""
    p = s.seat
    last = card_id(s, s.sel[-1][0]) if s.sel else -1
    need = len(s.hands[p]) - hand_limit(s, p)
    return ordered_options([card_id(s, card) for card in s.hands[p]], need, last)


def discard_card(s: Position, card: int) -> None:
    p = s.seat
    s.hands[p].remove(card)
    s.discards[p].append(card)
    s.sel.append([card, 0, 0])
    s.log(Event("discard", {"seat": p, "card": card}))
    if len(s.hands[p]) <= hand_limit(s, p):
        s.sel = []
        end_turn(s)


def discard_wild(s: Position) -> None:
    discard_card(s, wild_face_up(s, s.seat, s.hands[s.seat]))


def end_turn(s: Position) -> None:
    s.turns += 1
    if s.turns >= 2 * s.game.options["round_cap"]:
        counts = [ship_markers(s, 0), ship_markers(s, 1)]
        s.log(Event("round-cap", {"markers": counts}))
        if counts[0] == counts[1]:
            s.result = [0.0, 0.0]
            s.phase = OVER
            s.log(Event("game-end", {"winner": None, "reason": "round cap: a draw"}))
        else:
            win(s, 0 if counts[0] > counts[1] else 1, "round cap: more markers")
        return
    s.proceed(NEXT_TURN)
