"""Ask the bot: the recommended action for a seat, its estimated chance to win, and the
best alternatives — computed by IS-MCTS from that seat's information only — and, for
any seat, its chance to win (a win-probability bar)."""

from __future__ import annotations

from dataclasses import dataclass

from quarterdeck.engine import OptionError, Rng, State

from . import make_ismcts
from .ismcts import LEVELS


@dataclass(frozen=True)
class Option:
    action: str
    action_id: int
    visits: int
    win_probability: float  # the seat's estimated share of the win after this action


def win_probability(result: float, players: int) -> float:
    """A seat's result as a chance to win: ±1 zero-sum results map to 0–1."""
    return (result + 1) / 2 if players == 2 else result


def hint(
    state: State, iterations: int = LEVELS["normal"], seed: int = 0, top: int = 3
) -> list[Option]:
    """The current player's options, best first (the first is the recommendation)."""
    seat = state.current_player
    if seat is None:
        return []
    bot = make_ismcts(f"ismcts:{iterations}", state.game, seed)
    root = bot.search(state)
    options = []
    for action in state.legal_actions():
        child = root.children.get(action.id)
        if child is None or not child.visits:
            continue
        mean = child.total / child.visits
        options.append(
            Option(action.text, action.id, child.visits, win_probability(mean, state.num_players))
        )
    options.sort(key=lambda o: (-o.visits, o.action_id))
    return options[:top]


def win_chance(state: State, seat: int, iterations: int = LEVELS["normal"], seed: int = 0) -> float:
    """``seat``'s chance to win, from its information only: for the seat to decide,
    that of its best option; for any other, the mean result of the search's rollouts
    (the game's model of play, cut where the game says) from positions drawn as that
    seat sees this one."""
    if not 0 <= seat < state.num_players:
        raise OptionError(f"seat must be 0–{state.num_players - 1}, not {seat}")
    if state.is_terminal():
        return win_probability(state.returns()[seat], state.num_players)
    if seat == state.current_player:
        return hint(state, iterations, seed, top=1)[0].win_probability
    bot = make_ismcts(f"ismcts:{iterations}", state.game, seed)
    rng = Rng.from_seed(seed)
    total = sum(bot.playout(state.resample(seat, rng))[seat] for _ in range(iterations))
    return win_probability(total / iterations, state.num_players)
