"""The observation tensor of Letter of Marque: what one player may know, as numbers.

Seats are told relative to the observer: row 0 of every per-player field is the
observer ("me"), row 1 the next player in turn order (clockwise: seat order), and so
on, so one agent can play any seat; the ``colour`` field alone says which colour "me"
is. The layout depends on the number of players: every per-player field has one row
per player, none empty. Columns by treasure follow the treasure values in ascending
order (3, 4, 5, 6, 7 with the publisher's cards). With n players and t treasure values
the vector holds 9 + n(9 + 7t) + n²(t + 1) numbers: with the publisher's five
treasures 195, 281, 379 and 489 for 3, 4, 5 and 6 players.

Everything comes from what the view (``view.py``) shows the seat: the phase and whose
decision it is, every treasure deck's size (its contents follow from the ships and the
treasures turned up; its order is known to nobody), the treasures turned up, every
ship on its treasure card with where it is, another player's ship as armed or
defenceless only once an attack revealed it, another player's reserve only as a count,
score piles, cannon cards, points, and the winners once the game is over. The observer's own secret, which of their ships are armed, is
told exactly. Besides the position, the tensor tells the game's ``cannon_tiebreak``
option (a public rule). Counts are divided by a stated maximum, so every number lies
in [0, 1].

The writer reads offsets and tables worked out once per game and player count
(:class:`Encoder`), writes only the non-zero numbers, and writes into a NumPy array or
an ``array.array`` through a ``memoryview`` (quicker than item by item on the array).
"""

from __future__ import annotations

from typing import Any

from quarterdeck.engine import Buffer, Game, TensorField, TensorLayout

from . import scoring
from .phases import (
    CHOOSE_SHIP,
    LAUNCH,
    OVER,
    PRELIMINARY,
    STATUSES,
    TAKE_TURN,
    TIEBREAKS,
    TURN,
)
from .phases import PHASES as KINDS
from .table import Position, components_of

#: What each kind of decision asks.
ABOUT = {
    PRELIMINARY: f"{CHOOSE_SHIP}: the preliminary turn, choose a ship for your first treasure",
    LAUNCH: f"{CHOOSE_SHIP}: a ship leaves, choose the ship to sail on the treasure turned up",
    TURN: f"{TAKE_TURN}: a ship leaves, a ship arrives, attack or pass",
    OVER: "the game is over",
}
#: What is being decided (``state.phase``), with the pending decision it asks, in the
#: order of ``phases.PHASES`` (a decision's ``tensor`` index in ``decisions.py``).
PHASES = tuple((p, ABOUT[p]) for p in KINDS)
#: The columns of a ship's row in the ``ships`` field.
SHIP_COLUMNS = (
    "at sea",
    "arrived (came home: its treasure went to its owner's score pile)",
    "captured (attacked while defenceless: its treasure went to the attacker's score pile)",
    "revealed (an attack showed its base to everybody)",
    "armed",
    "defenceless",
)


def observation_layout(game: Game, players: int) -> TensorLayout:
    """The fields of a seat's observation of ``game`` with ``players`` players."""
    c = components_of(game)
    n, t = players, len(c.treasure_values)
    treasures = ", ".join(map(str, c.treasure_values))
    colours = ", ".join(c.colours[:n])
    rows = "one row per player, relative: me first, then the others in turn order"
    ship_columns = "; ".join(f"[{k}] {text}" for k, text in enumerate(SHIP_COLUMNS))
    f = TensorField
    return TensorLayout(
        [
            # -- who decides what --------------------------------------------------------
            f("colour", (n,), f"my colour (seat), one-hot, absolute: {colours}"),
            f(
                "phase",
                (len(PHASES),),
                "what is being decided (the pending decision), one-hot: "
                + "; ".join(f"{p} ({text})" for p, text in PHASES),
            ),
            f(
                "deciding",
                (n,),
                "who decides now, one-hot, relative (me first, then the others in turn "
                "order); all 0 once the game is over",
            ),
            f(
                "first_player",
                (n,),
                "who took the first regular turn (the lowest treasure at sea after the "
                "preliminary turn), one-hot, relative; all 0 during the preliminary turn",
            ),
            f(
                "turns",
                (1,),
                "regular turns taken since the preliminary turn (a turn is one action: a "
                "ship leaves (ending once its ship is chosen), a ship arrives, attack or "
                f"pass) / {_max_turns(game, n)} (the game's bound on decisions)",
            ),
            f(
                "cannon_tiebreak",
                (len(TIEBREAKS),),
                "the option cannon_tiebreak: which cannon cards break a tie on points, "
                "one-hot: all (unused plus captured), captured, unused",
            ),
            f(
                "winners",
                (n,),
                "once the game is over, 1 for each winner (most points, then most cannon "
                "cards as cannon_tiebreak counts them; tied players share the win), "
                "relative; all 0 before",
            ),
            # -- every player's treasures, ships and cannons -------------------------------
            f(
                "deck",
                (n,),
                f"treasure cards left in a player's treasure deck / {t}; {rows}. Which "
                "cards they are is public: the values whose ship has not sailed (all 0 "
                "in ships) and that are not turned up (drawn); the deck's order is known "
                "to nobody",
            ),
            f(
                "drawn",
                (n, t),
                f"the treasure card turned up and waiting for a ship, one-hot by value "
                f"({treasures}); {rows}; all 0 when none waits",
            ),
            f("reserve", (n,), f"ships in a player's reserve / {c.ships}; {rows}"),
            f(
                "reserve_armed",
                (1,),
                f"armed ships in my reserve / {max(1, c.armed_ships)} (the others' "
                "reserves are told only as counts)",
            ),
            f(
                "cannons",
                (n,),
                f"unused cannon cards in a player's hand / {max(1, c.cannons)}; {rows}",
            ),
            f(
                "ships",
                (n, t, len(SHIP_COLUMNS)),
                f"every ship that left a reserve, on its treasure card: row of the owner "
                f"({rows}) × the ship's treasure value ({treasures}) × column: "
                f"{ship_columns}. Armed or defenceless is told for all my ships and for "
                "the others' ships only once revealed (a ship that arrives unattacked "
                "leaves the game unrevealed); all 0 for a treasure whose ship has not "
                "sailed",
            ),
            f(
                "treasure_pile",
                (n, n, t),
                f"1 for each treasure card in a player's score pile: row of the pile's "
                f"holder ({rows}) × the treasure's first owner, relative the same way "
                "(the holder, for a ship of the holder's that arrived; another player, "
                f"for a ship captured from them) × value ({treasures})",
            ),
            f(
                "cannon_pile",
                (n, n),
                f"the cannon cards in a player's cannon pile, kept when their armed ship "
                f"repelled an attack (1 point each): row of the holder ({rows}) × the "
                f"attacker who played them (relative the same way): cards / "
                f"{max(1, c.cannons)}",
            ),
            f(
                "cannons_removed",
                (n,),
                f"a player's cannon cards spent on a capture (they left the game) / "
                f"{max(1, c.cannons)}; {rows}",
            ),
            f(
                "points",
                (n,),
                f"points (treasure values in the score pile plus 1 per captured cannon "
                f"card) / {_max_points(game, n)} (every treasure and every other player's "
                f"cannon cards); {rows}",
            ),
        ]
    )


def _max_turns(game: Game, players: int) -> int:
    return game.max_game_length(players)


def _max_points(game: Game, players: int) -> int:
    c = components_of(game)
    return max(1, sum(c.treasure_values) * players + c.cannons * (players - 1))


class Encoder:
    """A game's layout for one player count and the tables the writer reads, worked
    out once (``LetterOfMarque.observation_encoder``).

    ``slots[seat][p]`` holds, for player ``p`` seen from ``seat``, where each of that
    player's numbers goes (their row is ``(p - seat) % players``); scaled values are
    looked up in tables rather than divided out on every call."""

    def __init__(self, game: Game, players: int) -> None:
        c = components_of(game)
        n = players
        t = len(c.treasure_values)
        width = len(SHIP_COLUMNS)
        layout = self.layout = observation_layout(game, players)
        at = layout.offset
        column = {v: k for k, v in enumerate(c.treasure_values)}
        self.colour = at["colour"]
        self.phase = {p: at["phase"] + k for k, (p, _) in enumerate(PHASES)}
        self.deciding = at["deciding"]
        self.first_player = at["first_player"]
        self.turns = at["turns"]
        self.per_turn = 1 / _max_turns(game, n)
        self.tiebreak = at["cannon_tiebreak"] + TIEBREAKS.index(game.options["cannon_tiebreak"])
        self.winners = at["winners"]
        self.reserve_armed = at["reserve_armed"]
        self.armed_share = _shares(c.armed_ships)
        self.deck_share = _shares(t)
        self.ship_share = _shares(c.ships)
        self.cannon_share = _shares(c.cannons)
        self.per_point = 1 / _max_points(game, n)
        #: Per seat and player: the player's relative row.
        self.row = [[(p - seat) % n for p in range(n)] for seat in range(n)]
        #: Per status: its column in a ship's row.
        self.status = {s: k for k, s in enumerate(STATUSES)}
        self.slots = [
            [self._slot(at, column, n, t, width, seat, p) for p in range(n)] for seat in range(n)
        ]

    @staticmethod
    def _slot(
        at: dict[str, int], column: dict[int, int], n: int, t: int, width: int, seat: int, p: int
    ) -> Slot:
        r = (p - seat) % n
        return (
            (
                at["deck"] + r,
                {v: at["drawn"] + r * t + k for v, k in column.items()},
                at["reserve"] + r,
                at["cannons"] + r,
                at["cannons_removed"] + r,
                at["points"] + r,
            ),
            {v: at["ships"] + (r * t + k) * width for v, k in column.items()},
            p == seat,
            {
                (owner, v): at["treasure_pile"] + (r * n + (owner - seat) % n) * t + k
                for owner in range(n)
                for v, k in column.items()
            },
            [at["cannon_pile"] + r * n + (a - seat) % n for a in range(n)],
        )


#: Where one player's numbers go: (deck, drawn by value, reserve, cannons, cannons
#: removed, points), ships by value, whether the player is the observer, treasure
#: pile by (first owner, value), cannon pile by attacker.
Slot = tuple[
    tuple[int, dict[int, int], int, int, int, int],
    dict[int, int],
    bool,
    dict[tuple[int, int], int],
    list[int],
]


def _shares(whole: int) -> list[float]:
    """``k / whole`` for k = 0 … whole (a whole of 0 counts as 1)."""
    return [k / max(1, whole) for k in range(whole + 1)]


def write_observation(state: Position, seat: int, out: Buffer, e: Encoder) -> None:
    """Write ``seat``'s observation of ``state`` into the zero-filled ``out``, with the
    game's encoder for the number of players."""
    w: Any = out
    try:
        view = memoryview(w)  # a NumPy array, an array.array: set number by number quickly
    except TypeError:
        pass
    else:
        if view.ndim == 1 and not view.readonly and view.format in ("f", "d"):
            w = view
        else:
            view.release()
    _write(state, seat, e, w)
    if w is not out:
        w.release()


def _write(state: Position, seat: int, e: Encoder, w: Any) -> None:
    phase = state.phase
    row = e.row[seat]
    w[e.colour + seat] = 1.0
    w[e.phase[phase]] = 1.0
    w[e.tiebreak] = 1.0
    if phase == OVER:
        for p in scoring.winners(state):
            w[e.winners + row[p]] = 1.0
    else:
        w[e.deciding + row[state.turn_player]] = 1.0
    if state.first_player is not None:
        w[e.first_player + row[state.first_player]] = 1.0
    if state.turns:
        w[e.turns] = min(1.0, state.turns * e.per_turn)
    armed = state.reserves[seat][0]
    if armed:
        w[e.reserve_armed] = e.armed_share[armed]
    status, deck_share, ship_share, cannon_share = (
        e.status,
        e.deck_share,
        e.ship_share,
        e.cannon_share,
    )
    per_point = e.per_point
    for (
        (deck_at, drawn_at, reserve_at, cannons_at, removed_at, points_at),
        ships,
        own,
        pile_at,
        attacker_at,
    ), deck, drawn, reserve, cannons, removed, fleet, pile, attackers in zip(
        e.slots[seat],
        state.decks,
        state.drawn,
        state.reserves,
        state.cannons,
        state.removed_cannons,
        state.fleets,
        state.treasure_piles,
        state.cannon_piles,
        strict=True,
    ):
        if deck:
            w[deck_at] = deck_share[len(deck)]
        if drawn is not None:
            w[drawn_at[drawn]] = 1.0
        left = reserve[0] + reserve[1]
        if left:
            w[reserve_at] = ship_share[left]
        if cannons:
            w[cannons_at] = cannon_share[cannons]
        if removed:
            w[removed_at] = cannon_share[removed]
        for ship in fleet:
            at = ships[ship.treasure]
            w[at + status[ship.status]] = 1.0
            if ship.revealed:
                w[at + 3] = 1.0
                w[at + (4 if ship.armed else 5)] = 1.0
            elif own:
                w[at + (4 if ship.armed else 5)] = 1.0
        points = len(attackers)
        for card in pile:
            w[pile_at[card]] = 1.0
            points += card[1]
        for a in attackers:
            w[attacker_at[a]] = cannon_share[attackers.count(a)]
        if points:
            w[points_at] = min(1.0, points * per_point)
