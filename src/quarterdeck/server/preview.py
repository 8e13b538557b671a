"""A seat's choice assembled in the page before it is sent: what the steps so far lead to.

A person builds a big choice (a flush, a straight, Repair moves) step by step, with
back and confirm, and the page sends the finished steps together. To offer the next
steps the page asks for a preview. A preview never touches the real game: the steps
are tried on positions drawn by ``resample`` for that seat, which agree with the real
one on everything the seat knows and on nothing else. So a preview cannot tell the
seat anything it does not already know, whatever the steps are.

The choice stays open while its steps are of the kinds the game says only build a
choice (``Game.choice_steps``: picking the cards of a set, placing Aim cards), log
nothing (a step that logs an event has done something in the game: placed the Aim
card, paid for a Reload; what follows may draw from a deck, which moves no random
generator), and, as checks, the same seat decides next, the random generator did not
move, and two resampled positions still look the same to the seat. Any other step
ends it: then only back and confirm remain.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from quarterdeck.engine import MalformedActionError, QuarterdeckError, Rng, State, derive_seed

JSON = Any
#: Longest choice a page may assemble (a Repair of many moves stays far below).
MAX_STEPS = 64


class PreviewError(Exception):
    """Steps that cannot be previewed; ``code`` is the protocol's error code."""

    def __init__(self, code: str, message: str, ended_at: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ended_at = ended_at  # "closed": the step that ended the choice


def preview(state: State, seat: int, steps: Sequence[int], salt: int = 0) -> dict[str, JSON]:
    """What ``steps`` of ``seat``'s choice lead to, told from the seat's information
    only: whether the choice is still open and, if so, the seat's view there and its
    legal next steps (with kind and arguments, so the page can place them)."""
    if len(steps) > MAX_STEPS:
        raise PreviewError("too_long", f"a choice is at most {MAX_STEPS} steps")
    if state.current_player != seat:
        raise PreviewError("not_your_turn", "it is not your decision")
    worlds = [state.resample(seat, Rng.from_seed(derive_seed(salt, k))) for k in (1, 2)]
    # A resampled position reseeds its generator: each world's own start tells whether
    # a step drew something.
    starts = [(w.rng.state, w.rng.inc) for w in worlds]
    open_ = True
    for n, step in enumerate(steps, start=1):
        if not open_:
            raise PreviewError(
                "closed", f"the choice ended at step {n - 1}: confirm or go back", n - 1
            )
        logged = [len(world.events) for world in worlds]
        for world in worlds:
            try:
                world.act(seat, step)
            except MalformedActionError as exc:  # not an action of the game at all
                raise PreviewError("malformed", f"step {n}: {exc}") from None
            except QuarterdeckError as exc:
                raise PreviewError("illegal", f"step {n}: {exc}") from None
        kind = state.game.action_space[step].kind
        open_ = kind in state.game.choice_steps and still_open(worlds, starts, logged, seat)
    message: dict[str, JSON] = {"type": "preview", "actions": list(steps), "open": open_}
    if open_:
        world = worlds[0]
        pending = world.pending()
        message["view"] = world.view(seat)
        message["pending"] = pending.to_json() if pending else None
        message["legal"] = [action_json(a) for a in world.legal_actions()]
    return message


def still_open(
    worlds: Sequence[State],
    starts: Sequence[tuple[int, int]],
    logged: Sequence[int],
    seat: int,
) -> bool:
    """After a choice step: the step logged nothing (each world had ``logged`` events
    before it), the seat still decides and has learnt nothing new (see the module's
    note)."""
    if any(len(w.events) != count for w, count in zip(worlds, logged, strict=True)):
        return False
    if any(w.current_player != seat for w in worlds):
        return False
    if any((w.rng.state, w.rng.inc) != start for w, start in zip(worlds, starts, strict=True)):
        return False
    views = [json.dumps(w.view(seat, log=False), sort_keys=True) for w in worlds]
    return views[0] == views[1]


def action_json(action: Any) -> dict[str, JSON]:
    return {"id": action.id, "kind": action.kind, "args": list(action.args), "text": action.text}
