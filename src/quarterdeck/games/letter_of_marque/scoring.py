"""The rulebook's "End of the game": when the game ends, points, and the winners.

Pure functions over the table, so the rules, the view and the tensor all read them.
"""

from __future__ import annotations

from .table import Position


def all_home(s: Position) -> bool:
    """The game ends "when there are no more ships at sea and no more treasure cards
    in any players' deck"."""
    return not any(s.decks) and not any(s.ships_at_sea(p) for p in range(s.num_players))


def points(s: Position) -> list[int]:
    """Points: "Each player adds the value ... of all treasure cards in his score
    pile ... He then adds one point for each opposing player's cannon card in his
    score pile." Unused cannon cards are not worth points."""
    return [
        sum(value for _, value in s.treasure_piles[p]) + len(s.cannon_piles[p])
        for p in range(s.num_players)
    ]


def tiebreak_cannons(s: Position) -> list[int]:
    """The cannon cards that break a tie, as the option ``cannon_tiebreak`` reads
    "the highest number of cannon cards": all a player holds (unused plus captured,
    our house default), only captured ones, or only unused ones."""
    rule = s.game.options["cannon_tiebreak"]
    return [
        (s.cannons[p] if rule in ("all", "unused") else 0)
        + (len(s.cannon_piles[p]) if rule in ("all", "captured") else 0)
        for p in range(s.num_players)
    ]


def winners(s: Position) -> list[int]:
    """The winners: "The player with the highest number of points is the winner. If
    there is a tie, the player with the highest number of cannon cards is the winner.
    If there is still a tie, players share the win" (End of the game)."""
    score = points(s)
    best = [p for p in range(s.num_players) if score[p] == max(score)]
    cannons = tiebreak_cannons(s)
    most = max(cannons[p] for p in best)
    return [p for p in best if cannons[p] == most]
