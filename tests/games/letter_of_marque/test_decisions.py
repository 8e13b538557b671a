"""The decision table (``decisions.py``) covers every kind of decision, and the state,
the tensor, the bot, the prompts and the action space all agree with it."""

from __future__ import annotations

from quarterdeck.games.letter_of_marque import LetterOfMarque, LetterOfMarqueState, phases, tensor
from quarterdeck.games.letter_of_marque.bot import DECIDE
from quarterdeck.games.letter_of_marque.decisions import (
    APPLY,
    AT_ONCE,
    DECISIONS,
    OPTIONS,
    WHO,
)
from quarterdeck.games.letter_of_marque.render import describe_event
from quarterdeck.games.letter_of_marque.turn import _TURN_ACTIONS

from ...contract.helpers import checkpoints, playout


def test_the_table_has_one_entry_for_every_kind_of_decision() -> None:
    assert list(DECISIONS) == list(phases.DECISIONS)
    for kind, decision in DECISIONS.items():
        assert decision.kind == kind
        assert decision.name in (phases.CHOOSE_SHIP, phases.TAKE_TURN)
    assert phases.OVER not in DECISIONS
    # What the state reads on every step is made from the table, for every phase.
    assert set(WHO) == set(OPTIONS) == set(phases.PHASES)
    assert set(APPLY) == set(phases.DECISIONS)
    assert WHO[phases.OVER] is None


def test_the_tensor_and_the_bot_know_every_kind() -> None:
    assert [p for p, _ in tensor.PHASES] == list(phases.PHASES)
    for kind, decision in DECISIONS.items():
        assert tensor.PHASES[decision.tensor][0] == kind
    assert set(DECIDE) == set(DECISIONS)


def test_no_decision_is_taken_at_once() -> None:
    """The ship's choice is secret (asked even with one kind left) and a turn is the
    player's action (even a lone pass is recorded)."""
    assert not AT_ONCE


def test_every_action_kind_is_an_option_of_a_decision(game: LetterOfMarque) -> None:
    kinds = {a.kind for a in game.action_space.actions}
    assert kinds == set(phases.ACTIONS)
    assert set(_TURN_ACTIONS) | {phases.SAIL} == kinds


def test_every_event_kind_has_words(game: LetterOfMarque) -> None:
    """Every kind of event random games log is one of ``phases.EVENTS`` and is told in
    words (not by the catch-all that lists its fields)."""
    colours = game.components.colours
    logged = set()
    for seed in range(6):
        *_, final = playout(game, 3 + seed % 4, seed, seed)
        for event in final.view_all()["log"]:
            logged.add(event["kind"])
            assert not describe_event(event, colours).startswith(f"{event['kind']}:")
    assert logged == set(phases.EVENTS)


def test_every_position_asks_what_its_table_entry_says(game: LetterOfMarque) -> None:
    for players in (3, 6):
        for state in checkpoints(game, players, 5, 6, 40):
            assert isinstance(state, LetterOfMarqueState)
            pending = state.pending()
            decision = DECISIONS.get(state.phase)
            if decision is None:
                assert state.is_terminal() and pending is None
                continue
            assert pending is not None
            assert state.current_player == pending.seat == decision.who(state)
            assert pending.decision == decision.name
            assert state.legal_actions() == decision.options(state)
