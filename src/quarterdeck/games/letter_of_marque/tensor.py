"""The observation tensor of Letter of Marque: what one player may know, as numbers.

Seats are told relative to the observer: the observer first, then the others in turn
order, so one agent can play any seat. The layout depends on the number of players.
Everything comes from what the view shows that seat: another player's ships only as
armed or defenceless once revealed, their reserve only as a count, no deck's order.
Every number lies in [0, 1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quarterdeck.engine import Buffer, TensorField, TensorLayout, scatter

if TYPE_CHECKING:
    from .components import Components
    from .state import LetterOfMarqueState

PHASES = ("preliminary", "launch", "turn", "over")
STATUSES = ("at sea", "arrived", "captured")
# Per ship slot: [sailed, at sea, arrived, captured, revealed, known armed, known defenceless]
SHIP_FEATURES = 7


def observation_layout(c: Components, players: int) -> TensorLayout:
    values = len(c.treasure_values)
    f = TensorField
    treasures = ", ".join(map(str, c.treasure_values))
    return TensorLayout(
        [
            f("phase", (len(PHASES),), "the phase, one-hot: " + ", ".join(PHASES)),
            f(
                "deciding",
                (players,),
                "who decides now, relative to me (me first); all 0 once over",
            ),
            f("first_player", (players,), "who took the first regular turn, relative (0 before)"),
            f("turns", (1,), "regular turns taken / the game's bound on decisions"),
            f(
                "deck",
                (players, values),
                f"1 for each treasure value ({treasures}) still in each player's treasure deck (its order is unknown)",
            ),
            f(
                "drawn",
                (players, values),
                "the treasure turned up and waiting for a ship, per player",
            ),
            f("reserve", (players,), f"ships in each player's reserve / {c.ships}"),
            f("reserve_armed", (1,), f"armed ships in my reserve / {c.armed_ships}"),
            f("cannons", (players,), f"cannon cards in hand / {c.cannons}"),
            f(
                "ships",
                (players, values, SHIP_FEATURES),
                "each player's ship sailing with each treasure value: [sailed, at sea, arrived, captured, revealed, known armed, known defenceless] (armed or defenceless is known for my ships and revealed ones)",
            ),
            f(
                "treasure_pile",
                (players, players, values),
                "the treasures in each player's score pile, by their first owner (relative) and value",
            ),
            f(
                "cannon_pile",
                (players, players),
                f"cannon cards in each player's pile by the player who played them (relative) / {c.cannons}",
            ),
            f("cannons_removed", (players,), f"cannon cards spent on captures / {c.cannons}"),
            f("points", (players,), "points / the most a player can score"),
        ]
    )


def write_observation(state: LetterOfMarqueState, seat: int, out: Buffer) -> None:
    n = state.num_players
    c = state.game.components
    at = state.game.observation_layout(n).offset
    values = c.treasure_values
    width = len(values)
    column = {v: k for k, v in enumerate(values)}
    ones: list[int] = []
    idx: list[int] = []
    val: list[float] = []

    def rel(p: int) -> int:
        return (p - seat) % n

    ones.append(at["phase"] + PHASES.index(state.phase))
    if state.phase != "over":
        ones.append(at["deciding"] + rel(state.turn_player))
    if state.first_player is not None:
        ones.append(at["first_player"] + rel(state.first_player))
    idx.append(at["turns"])
    val.append(min(1.0, state.turns / state.game.max_game_length(n)))
    idx.append(at["reserve_armed"])
    val.append(state.reserves[seat][0] / c.armed_ships)
    best = sum(values) * n + c.cannons * (n - 1)
    points = state.points()
    for p in range(n):
        r = rel(p)
        ones += [at["deck"] + r * width + column[v] for v in state.decks[p]]
        drawn = state.drawn[p]
        if drawn is not None:
            ones.append(at["drawn"] + r * width + column[drawn])
        idx += (at["reserve"] + r, at["cannons"] + r, at["cannons_removed"] + r, at["points"] + r)
        val += (
            sum(state.reserves[p]) / c.ships,
            state.cannons[p] / c.cannons,
            state.removed_cannons[p] / c.cannons,
            points[p] / best,
        )
        own = p == seat
        for ship in state.fleets[p]:
            base = at["ships"] + (r * width + column[ship.treasure]) * SHIP_FEATURES
            ones += (base, base + 1 + STATUSES.index(ship.status))
            if ship.revealed:
                ones.append(base + 4)
            if own or ship.revealed:
                ones.append(base + (5 if ship.armed else 6))
        for owner, value in state.treasure_piles[p]:
            ones.append(at["treasure_pile"] + (r * n + rel(owner)) * width + column[value])
        pile = at["cannon_pile"] + r * n
        for attacker in set(state.cannon_piles[p]):
            idx.append(pile + rel(attacker))
            val.append(state.cannon_piles[p].count(attacker) / c.cannons)
    scatter(out, ones, idx, val)
