"""The rules of Letter of Marque: one position of a game and how actions change it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from quarterdeck.engine import Action, Event, Pending, Rng

from .phases import (
    ARRIVE,
    ARRIVED,
    ARRIVED_HOME,
    AT_SEA,
    ATTACK,
    ATTACKED,
    CAPTURED,
    CHOOSE_SHIP,
    FIRST_PLAYER,
    GAME_END,
    LAUNCH,
    LAUNCHED,
    LEAVE,
    LEFT,
    OVER,
    PASS,
    PASSED,
    PRELIMINARY,
    REPELLED,
    REVEAL,
    SAIL,
    TAKE_TURN,
    TURN,
)
from .table import Position, Ship, components_of

JSON = Any

# The four actions of a turn, as the prompt names them.
TURN_CHOICES = (
    (LEAVE, "a ship leaves"),
    (ARRIVE, "a ship arrives"),
    (ATTACK, "attack"),
    (PASS, "pass"),
)


class LetterOfMarqueState(Position):
    __slots__ = ()

    # -- setting up ----------------------------------------------------------------------

    def set_up(self) -> None:
        """Shuffle every treasure deck; everybody turns up their top treasure at once."""
        for deck in self.decks:
            self.rng.shuffle(deck)
        for seat, deck in enumerate(self.decks):
            self.drawn[seat] = deck.pop()
            self.log(Event(REVEAL, {"seat": seat, "treasure": self.drawn[seat]}))

    # -- the contract --------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn_player

    def _legal_actions(self) -> Sequence[Action]:
        space = self.game.action_space
        seat = self.turn_player
        if self.phase in (PRELIMINARY, LAUNCH):
            armed, defenceless = self.reserves[seat]
            return [space.get(SAIL, a) for a, left in ((1, armed), (0, defenceless)) if left]
        if self.phase != TURN:
            return []
        own_at_sea = self.ships_at_sea(seat)
        actions = []
        if not self.decks[seat] and not own_at_sea:
            actions.append(space.get(PASS))  # Pass: only with no treasure and no ship left
        if self.decks[seat]:
            actions.append(space.get(LEAVE))
        actions += [space.get(ARRIVE, ship.treasure) for ship in own_at_sea]
        if self.cannons[seat]:  # A player without cannon cards may not attack.
            for target in range(self.num_players):
                if target != seat:
                    actions += [
                        space.get(ATTACK, target, s.treasure) for s in self.ships_at_sea(target)
                    ]
        actions.sort(key=lambda a: a.id)
        return actions

    def pending(self) -> Pending | None:
        seat = self.turn_player
        colour = components_of(self.game).colours[seat]
        if self.phase == PRELIMINARY:
            return Pending(
                seat,
                CHOOSE_SHIP,
                f"Preliminary turn: {colour}, choose a ship to guard your treasure "
                f"{self.drawn[seat]} (nobody sees your choice)",
            )
        if self.phase == LAUNCH:
            return Pending(
                seat,
                CHOOSE_SHIP,
                f"{colour}: choose a ship to sail with treasure {self.drawn[seat]}",
            )
        if self.phase == TURN:
            kinds = {a.kind for a in self.legal_actions()}
            choices = [text for kind, text in TURN_CHOICES if kind in kinds]
            listed = ", ".join(choices[:-1]) + (" or " if len(choices) > 1 else "") + choices[-1]
            return Pending(seat, TAKE_TURN, f"{colour}'s turn: {listed}")
        return None

    # -- actions -------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        getattr(self, "_do_" + action.kind)(*action.args)

    def _do_launch(self, armed: int) -> None:
        seat = self.turn_player
        self._launch(seat, bool(armed))
        if self.phase == PRELIMINARY:
            if seat + 1 < self.num_players:
                self.turn_player = seat + 1
            else:
                self._choose_first_player()
        else:
            self._end_turn()

    def _launch(self, seat: int, armed: bool) -> None:
        treasure = self.drawn[seat]
        assert treasure is not None
        self.drawn[seat] = None
        self.reserves[seat][0 if armed else 1] -= 1
        self.fleets[seat].append(Ship(armed, treasure))
        ship = len(self.fleets[seat]) - 1
        self.log(
            Event(
                LAUNCHED,
                {"seat": seat, "ship": ship, "treasure": treasure},
                {seat: {"armed": armed}},
            )
        )

    def _choose_first_player(self) -> None:
        """The lowest treasure at sea goes first; ties are broken at random."""
        lowest = min(ship.treasure for fleet in self.fleets for ship in fleet)
        tied = [seat for seat, fleet in enumerate(self.fleets) if fleet[0].treasure == lowest]
        first = tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]
        self.first_player = self.turn_player = first
        self.phase = TURN
        self.log(Event(FIRST_PLAYER, {"seat": first, "treasure": lowest, "tied": tied}))

    def _do_leave(self) -> None:
        """A ship leaves: turn up the next treasure, then choose the ship for it."""
        seat = self.turn_player
        self.drawn[seat] = self.decks[seat].pop()
        self.log(Event(LEFT, {"seat": seat, "treasure": self.drawn[seat]}))
        # The choice is asked even when only one kind of ship is left: skipping it
        # would tell everybody what the reserve holds.
        self.phase = LAUNCH

    def _do_arrive(self, treasure: int) -> None:
        """A ship arrives: its treasure is scored; the ship leaves the game unrevealed."""
        seat = self.turn_player
        ship = self._ship_at_sea(seat, treasure)
        ship.status = ARRIVED
        self.treasure_piles[seat].append((seat, treasure))
        index = self.fleets[seat].index(ship)
        public: dict[str, JSON] = {"seat": seat, "ship": index, "treasure": treasure}
        if ship.revealed:
            public["armed"] = ship.armed
        self.log(
            Event(ARRIVED_HOME, public, {} if ship.revealed else {seat: {"armed": ship.armed}})
        )
        self._end_turn()

    def _do_attack(self, target: int, treasure: int) -> None:
        """Attack with a cannon card: the ship is revealed; an armed ship keeps the
        cannon card, a defenceless one loses its treasure to the attacker."""
        seat = self.turn_player
        ship = self._ship_at_sea(target, treasure)
        self.cannons[seat] -= 1
        ship.revealed = True
        if ship.armed:
            self.cannon_piles[target].append(seat)
            outcome = REPELLED
        else:
            ship.status = CAPTURED
            self.treasure_piles[seat].append((target, treasure))
            self.removed_cannons[seat] += 1
            outcome = CAPTURED
        index = self.fleets[target].index(ship)
        self.log(
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
        self._end_turn()

    def _do_pass(self) -> None:
        self.log(Event(PASSED, {"seat": self.turn_player}))
        self._end_turn()

    def _ship_at_sea(self, seat: int, treasure: int) -> Ship:
        return next(s for s in self.fleets[seat] if s.status == AT_SEA and s.treasure == treasure)

    def _end_turn(self) -> None:
        self.turns += 1
        if self._all_home():
            self.phase = OVER
            self.log(Event(GAME_END, {"points": self.points(), "winners": self.winners()}))
        else:
            self.phase = TURN
            self.turn_player = (self.turn_player + 1) % self.num_players

    def _all_home(self) -> bool:
        """The game ends when no ship is at sea and no treasure is left in any deck."""
        return not any(self.decks) and not any(
            self.ships_at_sea(s) for s in range(self.num_players)
        )

    # -- scoring -------------------------------------------------------------------------

    def points(self) -> list[int]:
        """Treasure values in the score pile, plus 1 per opposing cannon card captured."""
        return [
            sum(value for _, value in self.treasure_piles[s]) + len(self.cannon_piles[s])
            for s in range(self.num_players)
        ]

    def tiebreak_cannons(self) -> list[int]:
        rule = self.game.options["cannon_tiebreak"]
        return [
            (self.cannons[s] if rule in ("all", "unused") else 0)
            + (len(self.cannon_piles[s]) if rule in ("all", "captured") else 0)
            for s in range(self.num_players)
        ]

    def winners(self) -> list[int]:
        """Most points; then most cannon cards; then the tied players share the win."""
        points = self.points()
        best = [s for s in range(self.num_players) if points[s] == max(points)]
        cannons = self.tiebreak_cannons()
        most = max(cannons[s] for s in best)
        return [s for s in best if cannons[s] == most]

    def first_seat(self) -> int | None:
        return self.first_player

    def turns_played(self) -> int:
        return self.turns

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.num_players
        winners = self.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.num_players)]

    # -- information ---------------------------------------------------------------------

    def _view(self, seat: int | None, reveal: bool) -> dict[str, JSON]:
        points = self.points()
        fleets = []
        for p in range(self.num_players):
            own = reveal or p == seat
            fleet: dict[str, JSON] = {
                "seat": p,
                "colour": components_of(self.game).colours[p],
                "deck": len(self.decks[p]),
                # The deck's contents are known to all (the rest were turned up); its
                # order is known to nobody.
                "deck_treasures": sorted(self.decks[p]),
                "drawn": self.drawn[p],
                "reserve": sum(self.reserves[p]),
                "reserve_armed": self.reserves[p][0] if own else None,
                "cannons": self.cannons[p],
                "ships": [
                    {
                        "ship": i,
                        "treasure": ship.treasure,
                        "status": ship.status,
                        "armed": ship.armed if own or ship.revealed else None,
                        "revealed": ship.revealed,
                    }
                    for i, ship in enumerate(self.fleets[p])
                ],
                "treasure_pile": [list(t) for t in self.treasure_piles[p]],
                "cannon_pile": list(self.cannon_piles[p]),
                "cannons_removed": self.removed_cannons[p],
                "points": points[p],
            }
            if reveal:
                fleet["deck_order"] = list(self.decks[p])
            fleets.append(fleet)
        return {
            "phase": self.phase,
            "turn": self.turns,
            "first_player": self.first_player,
            "fleets": fleets,
            "winners": self.winners() if self.phase == OVER else None,
        }

    def _resample(self, seat: int | None, rng: Rng) -> LetterOfMarqueState:
        """Redraw what ``seat`` cannot know: every deck's order (nobody knows it) and,
        for every other player, which of their unrevealed ships are armed."""
        state = self.clone()
        for deck in state.decks:
            # Sorted first, so that the result depends only on what the seat knows.
            deck.sort()
            rng.shuffle(deck)
        for p in range(self.num_players):
            if p != seat:
                state._redraw_bases(p, rng)
        state._rewrite_launches()
        return state

    def _rewrite_launches(self) -> None:
        """Keep the history true of the redrawn bases: every launch decision names the
        kind of ship that sailed, in the order of the launch events."""
        space = self.game.action_space
        launches = (e for e in self.events if e.kind == LAUNCHED)
        for n, action_id in enumerate(self.history):
            if space[action_id].kind == SAIL:
                event = next(launches)
                ship = self.fleets[event.data["seat"]][event.data["ship"]]
                self.history[n] = space.get(SAIL, int(ship.armed)).id

    def _redraw_bases(self, p: int, rng: Rng) -> None:
        unknown = [ship for ship in self.fleets[p] if not ship.revealed]
        reserve = sum(self.reserves[p])
        armed_left = components_of(self.game).armed_ships - sum(
            ship.armed for ship in self.fleets[p] if ship.revealed
        )
        slots = len(unknown) + reserve  # one slot per physical ship, reserve ships last
        armed_slots = set(rng.sample(range(slots), armed_left))
        for i, ship in enumerate(unknown):
            ship.armed = i in armed_slots
        reserve_armed = sum(1 for i in armed_slots if i >= len(unknown))
        self.reserves[p] = [reserve_armed, reserve - reserve_armed]
        # The owner's log said which ships were armed: the engine strips those secrets
        # from the log of the guess.

    # -- conservation ---------------------------------------------------------------------

    def components(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for p in range(self.num_players):
            for value in self.decks[p]:
                counts[f"treasure {p}:{value}"] += 1
            if self.drawn[p] is not None:
                counts[f"treasure {p}:{self.drawn[p]}"] += 1
            for ship in self.fleets[p]:
                counts[f"ship {p}"] += 1
                counts[f"armed ship {p}"] += ship.armed
                if ship.status == AT_SEA:
                    counts[f"treasure {p}:{ship.treasure}"] += 1
            counts[f"ship {p}"] += sum(self.reserves[p])
            counts[f"armed ship {p}"] += self.reserves[p][0]
            for owner, value in self.treasure_piles[p]:
                counts[f"treasure {owner}:{value}"] += 1
            for owner in self.cannon_piles[p]:
                counts[f"cannon {owner}"] += 1
            counts[f"cannon {p}"] += self.cannons[p] + self.removed_cannons[p]
        return +counts
