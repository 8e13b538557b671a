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


class _Plan:
    """Offsets and scales of one layout, worked out once per game and player count."""

    def __init__(self, state: LetterOfMarqueState) -> None:
        n = state.num_players
        c = state.game.components
        at = state.game.observation_layout(n).offset
        self.at = at
        self.width = len(c.treasure_values)
        self.column = {v: k for k, v in enumerate(c.treasure_values)}
        self.max_turns = state.game.max_game_length(n)
        self.best = sum(c.treasure_values) * n + c.cannons * (n - 1)
        self.c = c


def write_observation(state: LetterOfMarqueState, seat: int, out: Buffer) -> None:
    n = state.num_players
    game = state.game
    plans: dict[int, _Plan] = game.__dict__.setdefault("_tensor_plans", {})
    plan = plans.get(n) or plans.setdefault(n, _Plan(state))
    at, c, width, column = plan.at, plan.c, plan.width, plan.column
    ones: list[int] = [at["phase"] + PHASES.index(state.phase)]
    idx: list[int] = [at["turns"], at["reserve_armed"]]
    val: list[float] = [
        min(1.0, state.turns / plan.max_turns),
        state.reserves[seat][0] / c.armed_ships,
    ]
    if state.phase != "over":
        ones.append(at["deciding"] + (state.turn_player - seat) % n)
    if state.first_player is not None:
        ones.append(at["first_player"] + (state.first_player - seat) % n)
    deck, drawn, ships = at["deck"], at["drawn"], at["ships"]
    piles, cannon_piles = at["treasure_pile"], at["cannon_pile"]
    for p in range(n):
        r = (p - seat) % n
        row = r * width
        ones += [deck + row + column[v] for v in state.decks[p]]
        if state.drawn[p] is not None:
            ones.append(drawn + row + column[state.drawn[p]])  # type: ignore[index]
        pile = state.treasure_piles[p]
        cannon_pile = state.cannon_piles[p]
        points = sum(value for _, value in pile) + len(cannon_pile)
        idx += (at["reserve"] + r, at["cannons"] + r, at["cannons_removed"] + r, at["points"] + r)
        val += (
            sum(state.reserves[p]) / c.ships,
            state.cannons[p] / c.cannons,
            state.removed_cannons[p] / c.cannons,
            points / plan.best,
        )
        own = p == seat
        for ship in state.fleets[p]:
            base = ships + (row + column[ship.treasure]) * SHIP_FEATURES
            ones += (base, base + 1 + STATUSES.index(ship.status))
            if ship.revealed:
                ones.append(base + 4)
                ones.append(base + (5 if ship.armed else 6))
            elif own:
                ones.append(base + (5 if ship.armed else 6))
        base = piles + r * n * width
        ones += [base + ((owner - seat) % n) * width + column[value] for owner, value in pile]
        if cannon_pile:
            for attacker in set(cannon_pile):
                idx.append(cannon_piles + r * n + (attacker - seat) % n)
                val.append(cannon_pile.count(attacker) / c.cannons)
    scatter(out, ones, idx, val)
