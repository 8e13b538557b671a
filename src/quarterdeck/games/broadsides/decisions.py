"""The decision table: every decision BroadSides asks, in one place.

One entry per phase (``state.phase``, named in ``phases.py``): who decides, the
options (action ids), the rule that carries out each kind of action, the prompt in
words (``render.py``), whether it is public and its index in the observation
tensor's ``phase`` field. A public decision depends on public facts only, so that a
choice with a single option is made at once (asking would tell nothing and cost a
decision); one that depends on a hand is always asked, even with one option, so the
flow of the game never tells what a hand holds.

The state reads this table for ``current_player``, ``legal_actions``, ``pending``,
applying an action and settling forced choices. :data:`STEPS` holds the rules a
chapter reaches in a later chapter (``Position.proceed``): where play resumes after
losses, a loading or a Zero In, and the rule that plays each finished set.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

from . import firing, losses, render, sea_dog, sets, setup, stage1, stage3, turn
from .phases import (
    ACTION_DONE,
    AFTER_FIRE,
    AIM_CARD,
    ANY_TWO,
    BOARDING_NETS,
    CLOSE_QUARTERS,
    CROWS_NEST,
    DEADEYE,
    DOUBLE,
    DRAFT,
    EFFECTIVE,
    EVADE,
    FIRE_SHOT,
    FIRST_TURN,
    FLUSH,
    HAND_LIMIT,
    LOAD,
    MAGAZINE,
    MOUNT,
    NEXT_TURN,
    OFFICER,
    OLD_SALT,
    PAIR,
    PAYMENT,
    PHASE_INDEX,
    PICK,
    PLACE,
    QUARTERMASTER,
    REPAIR,
    REPUTATION,
    RETURN_SHOTS,
    SEA_AIMED,
    SEA_COLOUR,
    SEA_DECLARE,
    SEA_DECLARED,
    SEA_DISASTER,
    SEA_DISASTER_OPEN,
    SEA_DRAW,
    SEA_EVASION,
    SEA_F4_END,
    SEA_FOE_F2,
    SEA_FOE_F5,
    SEA_HITS,
    SEA_LOAD,
    SEA_PHASE_INDEX,
    SEA_POWDER_DONE,
    SEA_STEP6,
    SEA_TARGETS,
    SEA_ZERO_IN_DRAW,
    SEA_ZERO_IN_OPEN,
    SLIPPERY,
    SPEND_SHOTS,
    SPY,
    STAGE1,
    STAGE2,
    START_STAGE2,
    START_STAGE3,
    STRAIGHT,
    TASKS,
    THEN_DOUBLE,
    THUNDER,
    TRICK_MARKERS,
    TRICK_ZONE,
    WINDOW,
    ZERO_IN_MAN,
    ZERO_IN_SIGHT,
)
from .ship import foe
from .table import Position

Rule = Callable[..., None]  # a rule carrying out an action: (position, *the action's args)


class Decision(NamedTuple):
    """One kind of decision."""

    phase: str
    who: str  # who decides (the rules set ``state.seat`` to that captain)
    options: Callable[[Position], list[int]]  # the action ids open now
    rules: Mapping[str, Rule]  # by action kind, the rule that carries it out
    prompt: Callable[[Position, str], str]  # the question, in words
    public: bool  # a single option is taken at once
    tensor: int  # its index in the tensor's ``phase`` field (``sea_phase``: the module's)


def _decision(
    phase: str,
    who: str,
    options: Callable[[Position], list[int]],
    rules: Mapping[str, Rule],
    prompt: Callable[[Position, str], str],
    public: bool = False,
) -> Decision:
    index = PHASE_INDEX[phase] if phase in PHASE_INDEX else SEA_PHASE_INDEX[phase]
    return Decision(phase, who, options, rules, prompt, public, index)


PICK_RULES: Mapping[str, Rule] = {
    "card": sets.pick_card,
    "wild": sets.pick_wild,
    "wild-value": sets.pick_wild_value,
    "wild-suit": sets.pick_wild_suit,
    "done": sets.done,
    "trick": sea_dog.play_trick,
}


def _pick_options(s: Position) -> list[int]:
    """A set's cards; with the module, FOE_F5 merged into the Evasion (Hard a-Port,
    Weather Gauge, Lucky Doubloon before its first card, SD23), and "done" after a
    Steady As She Goes placement (up to 2, at least 1). Once "a Wild as …" is named
    with a Lucky Doubloon in play, only the cards that may stand for it are asked."""
    options = sets.pick_options(s)
    if s.sea is None or sets.naming(s):
        return options
    if s.sel_kind == EVADE and not s.sel:
        options += sea_dog.trick_options(s, s.seat, "FOE_F5")
    if s.sel_kind == AIM_CARD and sea_dog.steady_going(s):
        options.append(s.game.ids["done"])
    return options


#: Every decision, by phase.
DECISIONS: dict[str, Decision] = {
    d.phase: d
    for d in (
        _decision(
            OFFICER,
            "each captain, Red first",
            setup.officer_options,
            {"officer": setup.place_officer},
            render.prompt_officer,
        ),
        _decision(
            MOUNT,
            "each captain, Red first, in secret",
            setup.mount_options,
            {"mount": setup.mount},
            render.prompt_mount,
        ),
        _decision(
            LOAD,
            "the captain loading",
            setup.load_options,
            {"load": setup.load},
            render.prompt_load,
            public=True,
        ),
        _decision(
            ZERO_IN_MAN,
            "the captain Zeroing In",
            setup.man_options,
            {"man": setup.man},
            render.prompt_man,
        ),
        _decision(
            ZERO_IN_SIGHT,
            "the captain Zeroing In",
            setup.sight_options,
            {"sight": setup.sight},
            render.prompt_sight,
        ),
        _decision(
            STAGE1,
            "the captain whose turn it is",
            turn.stage1_options,
            {"action": turn.choose_action, "trick": sea_dog.stage1_trick},
            render.prompt_stage1,
        ),
        _decision(
            PICK,
            "the captain building the set (the defender for an Evasion)",
            _pick_options,
            PICK_RULES,
            render.prompt_pick,
        ),
        _decision(
            PLACE,
            "the captain whose turn it is",
            stage1.place_options,
            {"place": stage1.place_aim},
            render.prompt_place,
        ),
        _decision(
            SPEND_SHOTS,
            "the captain whose turn it is",
            stage1.spend_options,
            {"shot": stage1.spend_shot},
            render.prompt_spend_shots,
            public=True,
        ),
        _decision(
            EFFECTIVE,
            "the captain whose turn it is",
            stage1.effective_options,
            {"effective": stage1.choose_effective},
            render.prompt_effective,
            public=True,
        ),
        _decision(
            RETURN_SHOTS,
            "the captain whose turn it is",
            stage1.return_options,
            {"shot": stage1.return_shot, "done": stage1.done_returning},
            render.prompt_return_shots,
        ),
        _decision(
            REPAIR,
            "the captain whose turn it is",
            stage1.repair_options,
            {"move": stage1.move, "officer-move": stage1.officer_move, "stop": stage1.stop},
            render.prompt_repair,
        ),
        _decision(
            STAGE2,
            "the captain whose turn it is",
            firing.fire_options,
            {"fire": firing.fire, "trick": sea_dog.play_trick},
            render.prompt_stage2,
        ),
        _decision(
            FIRE_SHOT,
            "the captain whose turn it is",
            firing.fire_shot_options,
            {"fire-shot": firing.fire_shot},
            render.prompt_fire_shot,
            public=True,
        ),
        _decision(
            DOUBLE,
            "the captain whose turn it is",
            firing.double_options,
            {"double-shot": firing.double_shot, "trick": sea_dog.play_trick},
            render.prompt_double,
        ),
        _decision(
            TASKS,
            "the captain who loses (the first loss waiting)",
            losses.task_options,
            {"unaim": losses.unaim, "lose": losses.lose, "lose-officer": losses.lose_officer},
            render.prompt_tasks,
            public=True,
        ),
        _decision(
            HAND_LIMIT,
            "the captain whose turn it is",
            stage3.hand_limit_options,
            {"card": stage3.discard_card, "wild": stage3.discard_wild},
            render.prompt_hand_limit,
        ),
        # -- the Experienced Sea Dog module
        _decision(
            REPUTATION,
            "each captain, Red first, in secret",
            sea_dog.reputation_options,
            {"reputation": sea_dog.keep_reputation},
            render.prompt_reputation,
        ),
        _decision(
            DRAFT,
            "each captain in turn, Red first, in secret",
            sea_dog.draft_options,
            {"keep-trick": sea_dog.keep_trick},
            render.prompt_draft,
        ),
        _decision(
            WINDOW,
            "the captain asked in the window (the turn's captain first)",
            sea_dog.window_options,
            {"pass": sea_dog.pass_window, "trick": sea_dog.play_trick},
            render.prompt_window,
        ),
        _decision(
            TRICK_ZONE,
            "the captain whose turn it is",
            sea_dog.trick_zone_options,
            {"trick-zone": sea_dog.trick_zone},
            render.prompt_trick_zone,
        ),
        _decision(
            CLOSE_QUARTERS,
            "the captain firing",
            sea_dog.close_quarters_options,
            {"ignore-target": sea_dog.ignore_target},
            render.prompt_close_quarters,
            public=True,
        ),
        _decision(
            DEADEYE,
            "the captain firing",
            sea_dog.deadeye_options,
            {"deadeye": sea_dog.deadeye, "no-deadeye": sea_dog.no_deadeye},
            render.prompt_deadeye,
            public=True,
        ),
        _decision(
            CROWS_NEST,
            "the captain Zeroing In",
            sea_dog.crows_nest_options,
            {"keep-target": sea_dog.keep_target},
            render.prompt_crows_nest,
            public=True,
        ),
        _decision(
            BOARDING_NETS,
            "the captain under the Broadside",
            sea_dog.nets_options,
            {"ignore-shot": sea_dog.ignore_shot},
            render.prompt_boarding_nets,
            public=True,
        ),
        _decision(
            TRICK_MARKERS,
            "the captain whose turn it is",
            sea_dog.markers_options,
            {"trick-marker": sea_dog.trick_marker},
            render.prompt_trick_markers,
            public=True,
        ),
        _decision(
            MAGAZINE,
            "the captain reloading",
            sea_dog.magazine_options,
            {"take-disc": sea_dog.take_disc},
            render.prompt_magazine,
            public=True,
        ),
        _decision(
            SPY,
            "the captain whose Spy is aboard (the foe's hand is shown to them only)",
            sea_dog.spy_options,
            {"card": sea_dog.spy_card, "wild": sea_dog.spy_wild},
            render.prompt_spy,
        ),
        _decision(
            QUARTERMASTER,
            "the captain reloading",
            sea_dog.quartermaster_options,
            {"return-disc": sea_dog.return_disc},
            render.prompt_quartermaster,
            public=True,
        ),
        _decision(
            SLIPPERY,
            "the captain who evaded",
            firing.slippery_options,
            {"uncover": firing.uncover},
            render.prompt_slippery,
            public=True,
        ),
        _decision(
            THUNDER,
            "the captain firing the Broadside",
            stage1.thunder_options,
            {"thunder": stage1.thunder},
            render.prompt_thunder,
            public=True,
        ),
        _decision(
            OLD_SALT,
            "the captain who held",
            sea_dog.old_salt_options,
            {"card": sea_dog.old_salt_keep, "wild": sea_dog.old_salt_wild},
            render.prompt_old_salt,
        ),
    )
}


def _first_turn(s: Position) -> None:
    """With the module, the draft comes first (rulebook: after Zeroing In)."""
    if s.game.sea_dog is not None and not sea_dog.draft_done(s):
        sea_dog.start_draft(s)
        return
    turn.start_turn(s, s.first_player or 0)


def _next_turn(s: Position) -> None:
    turn.start_turn(s, foe(s.turn_player))


#: The rules a chapter reaches in a later one, by step (``Position.proceed``).
STEPS: dict[str, Callable[[Position], None]] = {
    # where play resumes after losses, a loading or a Zero In
    ACTION_DONE: turn.action_done,
    THEN_DOUBLE: firing.after_target_checks,
    AFTER_FIRE: firing.after_fire,
    FIRST_TURN: _first_turn,
    NEXT_TURN: _next_turn,
    START_STAGE2: firing.start_stage2,
    START_STAGE3: stage3.start_stage3,
    # the rule that plays a finished set
    FLUSH: stage1.broadside,
    STRAIGHT: stage1.sheer_off,
    PAIR: stage1.reload,
    ANY_TWO: stage1.reload,
    PAYMENT: stage1.repair,
    EVADE: firing.evade,
    # where a turn resumes once a Sea Dog window closes
    SEA_FOE_F2: firing.foe_f2,
    SEA_COLOUR: firing.colour_after_windows,
    SEA_FOE_F5: firing.foe_f5,
    SEA_EVASION: firing.evasion_after_windows,
    SEA_STEP6: firing.remove_markers,
    SEA_DRAW: stage3.draw_stage3,
    SEA_DECLARE: sea_dog.declare,
    SEA_DECLARED: sea_dog.declared,
    SEA_AIMED: sea_dog.aimed,
    AIM_CARD: sea_dog.steady_stop,  # "done" after a Steady As She Goes placement
    SEA_TARGETS: firing.targets_after_choices,
    SEA_F4_END: firing.offer_evasion,
    SEA_ZERO_IN_OPEN: sea_dog.zero_in_window,
    SEA_ZERO_IN_DRAW: sea_dog.zero_in_draw,
    SEA_HITS: stage1.broadside_hits,
    SEA_DISASTER_OPEN: sea_dog.disaster_window,
    SEA_DISASTER: sea_dog.disaster_resolve,
    SEA_LOAD: stage1.load_drawn,
    SEA_POWDER_DONE: sea_dog.powder_done,
}
