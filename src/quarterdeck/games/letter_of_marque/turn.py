"""The rulebook's play: "Setting up the game", the "Preliminary turn" and "A player's
turn" (a ship leaves, a ship arrives, attack an opponent's ship, pass).

For each kind of decision (``phases.DECISIONS``) this module gives its options and
how the choice is carried out; ``decisions.py`` puts them in its table. Scoring and
the end of the game are in ``scoring.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from quarterdeck.engine import Action, Event

from . import scoring
from .phases import (
    ARRIVE,
    ARRIVED,
    ARRIVED_HOME,
    AT_SEA,
    ATTACK,
    ATTACKED,
    CAPTURED,
    FIRST_PLAYER,
    GAME_END,
    LAUNCH,
    LAUNCHED,
    LEAVE,
    LEFT,
    OVER,
    PASS,
    PASSED,
    REPELLED,
    REVEAL,
    SAIL,
    TURN,
)
from .table import Position, Ship

# -- Setting up the game --------------------------------------------------------------


def set_up(s: Position) -> None:
    """Setting up: "Each player then shuffles his five treasure cards and places them
    facedown"; then the preliminary turn: "Simultaneously, each player draws a card
    from the top of his treasure deck and places it faceup"."""
    for deck in s.decks:
        s.rng.shuffle(deck)
    for seat, deck in enumerate(s.decks):
        s.drawn[seat] = deck.pop()
        s.log(Event(REVEAL, {"seat": seat, "treasure": s.drawn[seat]}))


# -- Choosing a ship: the preliminary turn, and a ship leaves ------------------------


def ship_options(s: Position) -> list[Action]:
    """The kinds of ship left in the reserve: armed first, then defenceless."""
    space = s.game.action_space
    armed, defenceless = s.reserves[s.turn_player]
    return [space.get(SAIL, a) for a, left in ((1, armed), (0, defenceless)) if left]


def choose_first_ship(s: Position, action: Action) -> None:
    """Preliminary turn: "Each player then selects a ship from his reserve pile and
    places it on top of his faceup treasure" (seat after seat here: the choice is
    secret, so taking them in turn hides what taking them at once does). When all have
    chosen, the first player is found."""
    seat = s.turn_player
    _launch(s, seat, bool(action.args[0]))
    if seat + 1 < s.num_players:
        s.turn_player = seat + 1
    else:
        _choose_first_player(s)


def choose_ship(s: Position, action: Action) -> None:
    """A ship leaves, its second half: the ship chosen sails on the treasure turned up;
    the turn ends."""
    _launch(s, s.turn_player, bool(action.args[0]))
    _end_turn(s)


def _launch(s: Position, seat: int, armed: bool) -> None:
    """The ship goes on the treasure card: "This ship and the attached card are now
    considered at sea". Only its owner knows whether it is armed."""
    treasure = s.drawn[seat]
    assert treasure is not None
    s.drawn[seat] = None
    s.reserves[seat][0 if armed else 1] -= 1
    s.fleets[seat].append(Ship(armed, treasure))
    ship = len(s.fleets[seat]) - 1
    s.log(
        Event(
            LAUNCHED,
            {"seat": seat, "ship": ship, "treasure": treasure},
            {seat: {"armed": armed}},
        )
    )


def _choose_first_player(s: Position) -> None:
    """The first player: "The player with the lowest value treasure under his ship at
    sea takes the first regular turn. If two or more players are tied for the lowest
    treasure value, break ties randomly"."""
    lowest = min(ship.treasure for fleet in s.fleets for ship in fleet)
    tied = [seat for seat, fleet in enumerate(s.fleets) if fleet[0].treasure == lowest]
    first = tied[s.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    s.first_player = s.turn_player = first
    s.phase = TURN
    s.log(Event(FIRST_PLAYER, {"seat": first, "treasure": lowest, "tied": tied}))


# -- A player's turn: one of four actions ------------------------------------------------


def turn_options(s: Position) -> list[Action]:
    """A turn's options: "During his turn, a player must take one of the following
    four actions", each where the rulebook allows it."""
    space = s.game.action_space
    seat = s.turn_player
    own_at_sea = s.ships_at_sea(seat)
    actions = []
    if not s.decks[seat] and not own_at_sea:
        actions.append(space.get(PASS))  # Pass: only with no treasure and no ship left
    if s.decks[seat]:
        actions.append(space.get(LEAVE))
    actions += [space.get(ARRIVE, ship.treasure) for ship in own_at_sea]
    if s.cannons[seat]:  # "A player without cannon cards may not attack another ship."
        for target in range(s.num_players):
            if target != seat:
                actions += [space.get(ATTACK, target, t.treasure) for t in s.ships_at_sea(target)]
    actions.sort(key=lambda a: a.id)
    return actions


def take_turn(s: Position, action: Action) -> None:
    _TURN_ACTIONS[action.kind](s, *action.args)


def leave(s: Position) -> None:
    """A ship leaves: "The player draws the top card from his treasure deck and reveals
    it. He chooses a ship from his reserve" (the choice is the next decision)."""
    seat = s.turn_player
    s.drawn[seat] = s.decks[seat].pop()
    s.log(Event(LEFT, {"seat": seat, "treasure": s.drawn[seat]}))
    # The choice is asked even when only one kind of ship is left: skipping it
    # would tell everybody what the reserve holds.
    s.phase = LAUNCH


def arrive(s: Position, treasure: int) -> None:
    """A ship arrives: "He takes the treasure card from under the ship and places it
    faceup next to him in his score pile ... He removes the ship from the game without
    revealing whether it is armed or defenseless"."""
    seat = s.turn_player
    ship = _ship_at_sea(s, seat, treasure)
    ship.status = ARRIVED
    s.treasure_piles[seat].append((seat, treasure))
    index = s.fleets[seat].index(ship)
    public: dict[str, object] = {"seat": seat, "ship": index, "treasure": treasure}
    if ship.revealed:
        public["armed"] = ship.armed
    s.log(Event(ARRIVED_HOME, public, {} if ship.revealed else {seat: {"armed": ship.armed}}))
    _end_turn(s)


def attack(s: Position, target: int, treasure: int) -> None:
    """Attack an opponent's ship: "The attacked ship is then flipped over and revealed
    to be armed or defenseless." Armed: "the attack fails ... The defending player
    takes the cannon card of the attacking player" into his score pile. Defenceless:
    "its treasure is captured. The attacking player takes the treasure card ... and
    removes his cannon card from the game. The defending ship is removed from the
    game"."""
    seat = s.turn_player
    ship = _ship_at_sea(s, target, treasure)
    s.cannons[seat] -= 1
    ship.revealed = True
    if ship.armed:
        s.cannon_piles[target].append(seat)
        outcome = REPELLED
    else:
        ship.status = CAPTURED
        s.treasure_piles[seat].append((target, treasure))
        s.removed_cannons[seat] += 1
        outcome = CAPTURED
    index = s.fleets[target].index(ship)
    s.log(
        Event(
            ATTACKED,
            {
                "seat": seat,
                "target": target,
                "ship": index,
                "treasure": treasure,
                "armed": ship.armed,
                "outcome": outcome,
            },
        )
    )
    _end_turn(s)


def pass_turn(s: Position) -> None:
    """Pass: "A player who has no more treasure in his deck and no more ships at sea
    may pass"; the turn ends."""
    s.log(Event(PASSED, {"seat": s.turn_player}))
    _end_turn(s)


_TURN_ACTIONS: dict[str, Callable[..., None]] = {
    LEAVE: leave,
    ARRIVE: arrive,
    ATTACK: attack,
    PASS: pass_turn,
}


def _ship_at_sea(s: Position, seat: int, treasure: int) -> Ship:
    return next(x for x in s.fleets[seat] if x.status == AT_SEA and x.treasure == treasure)


def _end_turn(s: Position) -> None:
    """The turn passes clockwise (seat order), unless the game is over."""
    s.turns += 1
    if scoring.all_home(s):
        s.phase = OVER
        s.log(Event(GAME_END, {"points": scoring.points(s), "winners": scoring.winners(s)}))
    else:
        s.phase = TURN
        s.turn_player = (s.turn_player + 1) % s.num_players
