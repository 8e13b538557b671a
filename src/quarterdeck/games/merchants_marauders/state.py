"""The State of Merchants & Marauders: it holds the table and answers the engine's
contract through the decision table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Pending, Rng

from . import decisions, scoring, view
from .basics import stash_cap
from .phases import (
    FORTUNE,
    KEEP_MODIFICATIONS,
    MERCHANT_NATION,
    OVER,
    PLACE_MODIFICATION,
    ROLL_RUMOR_TEST,
)
from .setup import new_table, set_up
from .table import Ctx, MerchantsAndMaraudersGame, Option, Table

JSON = Any
#: The event that starts a player turn (``turn.turn_start``).
TURN_EVENT = "turn"
action_id = attrgetter("id")


# Open to interpreted subclasses: compiled, ``__new__`` then makes a bare instance
# (``clone``) without running ``__init__``.
@mypyc_attr(allow_interpreted_subclasses=True)
class MerchantsAndMaraudersState(Ctx):
    __slots__ = ("_settled",)

    def __init__(self, game: MerchantsAndMaraudersGame, players: int, seed: int) -> None:
        super().__init__(game, players, seed)
        self.table = new_table(players)
        self._read_game(game)
        self._settled: decisions.Settled | None = None

    def set_up(self) -> None:
        set_up(self)
        self._settled = decisions.settle(self)

    # -- the contract -----------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        t = self.table
        if t.stage == OVER or not t.pending:
            return None
        return t.pending[-1].seat

    def _legal_actions(self) -> Sequence[Action]:
        options = self._settled_options()
        by_option = self.game.action_by_option
        actions = [by_option[option] for option in options]
        actions.sort(key=action_id)
        return actions

    def _settled_options(self) -> list[Option]:
        """The options of the pending decision: settling worked them out as it stopped
        there (``decisions.settle``), unless the table was changed since by hand (tests
        settle and push decisions directly; ``touched`` forgets them too)."""
        settled, self._settled = self._settled, None
        pending = self.table.pending
        if settled is not None and pending and pending[-1] is settled.decision:
            return settled.options
        return decisions.options(self)

    def touched(self) -> None:
        super().touched()
        self._settled = None

    def pending(self) -> Pending | None:
        t = self.table
        if self.current_player is None:
            return None
        d = t.pending[-1]
        return Pending(d.seat, d.kind, decisions.DECISIONS[d.kind].prompt(self, d))

    def _apply(self, action: Action) -> None:
        self._settled = decisions.apply(self, action.kind, action.args)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        return scoring.returns(self)

    def first_seat(self) -> int | None:
        """The first player (MM-2.8), drawn at setup: first in every game turn."""
        return self.table.first

    def turns_played(self) -> int:
        """Player turns taken so far (MM-3.3), each captain's turn in each game turn
        counting one. A turn counts from its start (the log's "turn" event), so the turn
        the game ends in is counted; a player with no ship on the board (MM-16.6, or
        still choosing a new one) takes no turn."""
        return sum(1 for event in self.events if event.kind == TURN_EVENT)

    def _view(self, seat: int | None, reveal: bool) -> dict[str, JSON]:
        return view.view(self, seat, reveal)

    # -- hidden information --------------------------------------------------------------

    def _resample(self, seat: int | None, rng: Rng) -> MerchantsAndMaraudersState:
        """Redraw what ``seat`` cannot see (MM-1.7a): other seats' glory cards and
        rumors with their decks, every deck's order, face-down merchant and
        modification tokens. Pools are sorted first, so the draw depends only on what
        the seat knows; and the split of other captains' gold between ship and stash."""
        s = self.clone()
        t = s.table
        others = [p for i, p in enumerate(t.players) if i != seat]
        # Glory cards: other hands and the deck.
        pool = sorted(t.glory_deck + [g for p in others for g in p.hand])
        rng.shuffle(pool)
        for p in others:
            p.hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
        t.glory_deck = pool
        # Rumors: other captains' held rumors and the deck.
        pool = sorted(t.rumor_deck + [r for p in others for r in (p.rumor, p.rumor2) if r >= 0])
        rng.shuffle(pool)
        for p in others:
            if p.rumor >= 0:
                p.rumor = pool.pop()
            if p.rumor2 >= 0:
                p.rumor2 = pool.pop()
        t.rumor_deck = pool
        for deck in (t.cargo_deck, t.mission_deck, t.event_deck, t.captain_deck):
            deck.sort()
            rng.shuffle(deck)
        t.reserve.sort()
        # Merchant tokens, on the board and on the track, all face down; the raider
        # announcing a nation knows the token just taken.
        keep_last = (
            bool(t.pending) and t.pending[-1].kind == MERCHANT_NATION and t.pending[-1].seat == seat
        )
        track = t.track[:-1] if keep_last else t.track
        spots = [z for z, m in enumerate(t.merchants) if m >= 0]
        tokens = sorted([t.merchants[z] for z in spots] + track)
        rng.shuffle(tokens)
        for z in spots:
            t.merchants[z] = tokens.pop()
        t.track = tokens + (t.track[-1:] if keep_last else [])
        # Face-down modification tokens at ports.
        spots = [z for z, m in enumerate(t.mod_at) if m >= 0 and not t.mod_up[z]]
        mods = sorted(t.mod_at[z] for z in spots)
        rng.shuffle(mods)
        for z, m in zip(spots, mods, strict=True):
            t.mod_at[z] = m
        self._resample_stashes(t, seat, rng)
        return s

    def _resample_stashes(self, t: Table, seat: int | None, rng: Rng) -> None:
        """MM-1.7a: gold on board and stashed gold are secret. Their sum is public
        arithmetic (every gain and cost is logged), their split is not once a captain
        has used the stash (the transfers' amounts are secret): redraw it, short of
        the 10 glory a captain would have declared (MM-17.3)."""
        if t.stage == OVER:
            return
        stashers = {e.data["seat"] for e in self.events if e.kind == "stash"}
        for i, p in enumerate(t.players):
            if i == seat or i not in stashers or i == t.declared:
                continue
            total = p.gold + p.stash
            top = total
            short = self.glory_target - p.glory  # stash points that would declare
            if short <= stash_cap(self):
                top = min(top, max(0, short * 10 - 1))
            p.stash = rng.randint(0, top)
            p.gold = total - p.stash

    def components(self) -> Counter[str]:
        """Every card and token wherever it is: the multiset never changes."""
        t = self.table
        out: Counter[str] = Counter()
        cargo = [*t.cargo_deck, *t.cargo_discard]
        glory = [*t.glory_deck, *t.glory_discard]
        rumors = [*t.rumor_deck, *t.rumor_discard]
        missions = [*t.mission_deck, *t.mission_discard, *(m for m in t.board_missions if m >= 0)]
        mods = [m for m in t.mod_at if m >= 0]
        for p in t.players:
            cargo += p.cargo
            glory += p.hand + p.specialists
            rumors += [r for r in (p.rumor, p.rumor2) if r >= 0] + p.kept_rumors
            if p.mission >= 0:
                missions.append(p.mission)
            mods += p.mods
            for n, count in enumerate(p.bounties):
                out[f"bounty:{n}"] += count
            for w, count in enumerate(p.weapons):
                out[f"weapon:{w}"] += count
            if p.card >= 0:
                out[f"captain:{p.card}"] += 1
        if t.raid is not None:
            cargo += t.raid.cards
        if t.visit is not None:
            cargo += t.visit.drawn
        for d in t.pending:
            if d.kind == PLACE_MODIFICATION:
                mods += d.args[: d.args.index(-1)]
            elif d.kind == KEEP_MODIFICATIONS:
                mods += d.args
            elif d.kind == FORTUNE and d.args[0] == ROLL_RUMOR_TEST:
                rumors.append(d.args[2])  # the rumor under test, shown
        out.update(f"cargo:{k}" for k in cargo)
        out.update(f"glory:{k}" for k in glory)
        out.update(f"rumor:{k}" for k in rumors)
        out.update(f"mission:{k}" for k in missions)
        out.update(f"modification:{m}" for m in mods)
        out.update(f"merchant:{m}" for m in [*t.merchants, *t.track] if m >= 0)
        out.update(f"demand:{g}" for g in [*t.demand, *t.reserve] if g >= 0)
        out.update(
            f"event:{e}"
            for e in [
                *t.event_deck,
                *t.event_discard,
                *t.entries,
                *(e for cards in t.npc_cards for e in cards),
            ]
        )
        out.update(f"captain:{k}" for k in [*t.captain_deck, *t.captain_discard])
        for n, count in enumerate(t.bounty_bank):
            out[f"bounty:{n}"] += count
        for w, count in enumerate(t.weapon_bank):
            out[f"weapon:{w}"] += count
        return out

    # -- copies and JSON -----------------------------------------------------------------

    def clone(self) -> MerchantsAndMaraudersState:
        other = type(self).__new__(type(self))
        self._clone_base(other)
        other.table = self.table.clone()
        other.c, other.sea = self.c, self.sea
        other.npc_control, other.glory_target = self.npc_control, self.glory_target
        other._settled = None  # a clone may be changed (resample): its options are asked anew
        return other

    def _state_json(self) -> dict[str, JSON]:
        return self.table.to_json()

    @classmethod
    def from_state_json(
        cls, game: MerchantsAndMaraudersGame, data: Mapping[str, JSON], players: int
    ) -> MerchantsAndMaraudersState:
        state = cls(game, players, 0)
        state.table = Table.from_json(dict(data))
        return state
