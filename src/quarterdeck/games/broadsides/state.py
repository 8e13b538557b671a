"""The rules of BroadSides: one position of a duel and how decisions change it.

A turn is a chain of small decisions. ``phase`` names the decision being asked and
``seat`` who asks it; the foe's decisions inside your turn (discarding Aim cards,
losing markers, Evading) are phases of their own. Losses wait in ``tasks`` and are
resolved one marker at a time, each by its owner, before play resumes at ``after``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from quarterdeck.engine import Action, Event, Pending, Rng, State

from .components import WILD_CARDS, Components, card_name, card_suit, card_value, is_wild
from .view import resample, view

if TYPE_CHECKING:
    from .game import BroadSides

JSON = Any
FORE, AFT = 0, 1
CAPTAIN, FIRST_MATE = 0, 1
LOST = -1  # an officer's zone once lost
# Actions of Stage 1, by their index in actions.STAGE_ACTIONS.
AIM, HOLD, BROADSIDE, SHEER_OFF, SINGLE_RELOAD, FULL_RELOAD, REPAIR, CHANGE_TARGETS = range(8)
# The kinds of set a player builds from their hand, card by card.
FLUSH, STRAIGHT, PAIR, ANY_TWO, PAYMENT, AIM_CARD = (
    "flush",
    "straight",
    "pair",
    "any-two",
    "payment",
    "aim-card",
)
# Phases in which the choices depend on public facts only, so that a choice with a
# single option is made at once (asking would tell nothing and cost a decision).
PUBLIC_PHASES = frozenset({"load", "spend-shots", "effective", "fire-shot", "tasks"})


def ordered_options(units: Sequence[int], need: int, last: int) -> list[int]:
    """Choices of ``need`` more of ``units`` (action ids, with repeats) taken in
    non-decreasing order from ``last`` on, so that one set of choices is offered in one
    order only; a choice is offered only if enough units remain after it."""
    ordered = sorted(u for u in units if u >= last)
    return sorted({u for i, u in enumerate(ordered) if len(ordered) - i >= need})


def next_value(v: int) -> int:
    """Straights wrap from 10 to 1."""
    return 1 if v == 10 else v + 1


class BroadSidesState(State):
    __slots__ = (
        "actions_taken",
        "after",
        "aimed",
        "attack",
        "bag",
        "cannons",
        "covered",
        "decks",
        "disaster_done",
        "disasters",
        "discards",
        "effective",
        "first_player",
        "gunner",
        "hands",
        "loaded",
        "markers",
        "officers",
        "phase",
        "refills",
        "repairs_left",
        "result",
        "seat",
        "sel",
        "sel_kind",
        "sight",
        "spent",
        "supply",
        "target_deck",
        "target_discards",
        "targets",
        "tasks",
        "tray",
        "turn_player",
        "turns",
    )
    game: BroadSides

    def __init__(self, game: BroadSides, seed: int) -> None:
        super().__init__(game, 2, seed)
        c = game.components
        self.phase = "officer"
        self.seat = 0
        self.turn_player = 0
        self.first_player: int | None = None
        self.turns = 0  # turns completed
        self.actions_taken = 0
        self.aimed = False
        # Each ship: markers per zone (Crewmen only on Decks; officers apart).
        full = [0 if z.kind == "deck" else z.spaces for z in c.zones]
        self.markers: list[list[int]] = [list(full), list(full)]
        self.officers: list[list[int | None]] = [[None, None], [None, None]]
        self.hands: list[list[int]] = [[], []]
        self.decks: list[list[int]] = [list(range(42)), list(range(42))]
        self.discards: list[list[int]] = [[], []]
        # The cards the Aim deck was last formed from (all 42 at the start).
        self.refills: list[list[int]] = [list(range(42)), list(range(42))]
        # A Target in front of a player: [target, left card, left value, bottom card, bottom value].
        self.targets: list[list[list[int | None]]] = [[], []]
        self.cannons: list[list[int | None]] = [[None, None], [None, None]]
        self.loaded: list[list[list[int]]] = [[[], []], [[], []]]
        self.gunner: list[int | None] = [None, None]
        self.sight: list[int | None] = [None, None]
        # Covered spaces of the Broadside (suits), Sheer Off and Evasion (1–10) tracks.
        self.covered: list[dict[str, list[bool]]] = [
            {"broadside": [False] * 4, "sheer-off": [False] * 10, "evasion": [False] * 10}
            for _ in range(2)
        ]
        hulls = c.zones_of("hull")
        self.disasters: list[dict[int, int | None]] = [dict.fromkeys(hulls), dict.fromkeys(hulls)]
        self.disaster_done: list[list[int]] = [[], []]
        self.bag: list[int] = [s.count for s in c.shots]
        # Markers off the ships, by zone kind (rigging, deck, hull); the Crewmen wait
        # here until the officers are placed.
        self.supply: list[int] = [0, 2 * c.crewmen, 0]
        self.target_deck: list[int] = list(range(len(c.target_centres)))
        self.target_discards: list[int] = []
        self.tray: list[int] = []  # shot discs drawn, waiting to be loaded
        self.sel: list[list[int]] = []  # cards picked so far: [card, value, suit]
        self.sel_kind = ""
        self.spent: list[list[int]] = []  # Broadside: [shot, position] spent
        self.effective: list[int] = []  # Broadside: shots that take effect
        self.repairs_left = 0
        # An attack in progress: zone, potential damage, damage track, firing position.
        self.attack: list[int] = []
        # Losses waiting: [seat, what, count, zone, last option] (see _task_options).
        self.tasks: list[list[Any]] = []
        self.after = ""
        self.result: list[float] | None = None

    # -- setting up ---------------------------------------------------------------------

    def set_up(self) -> None:
        """Shuffle both Aim decks, the Disaster tokens and the Target deck."""
        c = self.game.components
        for deck in self.decks:
            self.rng.shuffle(deck)
        for p in range(2):
            tokens = [d.index for d in c.disasters]
            self.rng.shuffle(tokens)
            for zone, token in zip(self.disasters[p], tokens, strict=True):
                self.disasters[p][zone] = token
        self.rng.shuffle(self.target_deck)

    # -- helpers about ships ----------------------------------------------------------------

    @property
    def c(self) -> Components:
        return self.game.components

    def foe(self, p: int) -> int:
        return 1 - p

    def zone_count(self, p: int, z: int) -> int:
        """Markers in a zone; officers count as Crewmen."""
        captain, first_mate = self.officers[p]
        return self.markers[p][z] + (captain == z) + (first_mate == z)

    def zone_counts(self, p: int) -> list[int]:
        """Markers in every zone, by index, as ``zone_count`` counts them."""
        counts = list(self.markers[p])
        for zone in self.officers[p]:
            if zone is not None and zone >= 0:  # placed and alive
                counts[zone] += 1
        return counts

    def exposed(self, p: int, z: int) -> Sequence[str]:
        """A zone with k markers of n spaces shows its first n − k penalty icons."""
        zone = self.c.zones[z]
        return zone.penalties[: zone.spaces - self.zone_count(p, z)] if zone.penalties else ()

    def penalty(self, p: int, icon: str, zones: Sequence[int] | None = None) -> int:
        """How many ``icon`` penalties ``p``'s ship shows (in ``zones``, or anywhere)."""
        total = 0
        for z in self.c.zones_showing(icon):  # most zones show no such icon at all
            if zones is None or z in zones:
                total += self.exposed(p, z).count(icon)
        return total

    def can_use_cannon(self, p: int, position: int) -> bool:
        """A cannon whose Deck shows the no-firing icon may not fire or Broadside."""
        return "no-firing" not in self.exposed(p, self.c.deck_of(("fore", "aft")[position]))

    def hand_limit(self, p: int) -> int:
        return max(0, self.c.hand_limit - self.penalty(p, "hand"))

    def missing_planks(self, p: int) -> int:
        return sum(self.c.zones[z].spaces - self.markers[p][z] for z in self.c.zones_of("hull"))

    def capacity(self, p: int, position: int) -> int:
        kind = self.cannons[p][position]
        return 0 if kind is None else self.c.cannons[kind].shots

    def ship_markers(self, p: int) -> int:
        return sum(self.markers[p]) + sum(1 for o in self.officers[p] if o is not None and o >= 0)

    # -- the contract ------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.seat

    def _legal_actions(self) -> Sequence[Action]:
        if self.phase == "over":
            return []
        ids = sorted(set(self._option_ids()))
        space = self.game.action_space
        return [space[i] for i in ids]

    def _option_ids(self) -> list[int]:
        a = self.game.ids
        p = self.seat
        phase = self.phase
        c = self.c
        if phase == "officer":
            officer = 0 if self.officers[p][0] is None else 1
            return [a["officer", officer, z] for z in c.zones_of("deck")]
        if phase == "mount":
            position = 0 if self.cannons[p][0] is None else 1
            fore = self.cannons[p][0]
            preset = self.game.preset_cannons[p]
            if preset:  # a variant: the cannons are set by option, openly
                return [a["mount", position, preset[position]]]
            # Each player has `tiles` Cannon tiles of each kind.
            return [
                a["mount", position, k.index]
                for k in c.cannons
                if position == 0 or k.index != fore or k.tiles >= 2
            ]
        if phase == "load":
            return [
                a["load", shot, pos]
                for shot in set(self.tray)
                for pos in (FORE, AFT)
                if len(self.loaded[p][pos]) < self.capacity(p, pos)
            ]
        if phase == "zero-in-man":
            return [a["man", FORE], a["man", AFT]]
        if phase == "zero-in-sight":
            # Changing Targets means a different zone; after Firing the same one may do.
            old = self.sight[p] if self.after == "stage2" else None
            return [a["sight", z.index] for z in c.zones if z.index != old]
        if phase == "stage1":
            return [a["action", n] for n in self._stage_actions()]
        if phase == "pick":
            return self._pick_options()
        if phase == "place":
            return [a["place", t[0], side] for t in self.targets[p] for side in (0, 1)]
        if phase == "spend-shots":
            return self._spend_options()
        if phase == "effective":
            last = a["effective", self.effective[-1]] if self.effective else -1
            left = Counter(shot for shot, _ in self.spent) - Counter(self.effective)
            units = [a["effective", s] for s in left.elements()]
            return ordered_options(units, self._effective_count() - len(self.effective), last)
        if phase == "return-shots":
            ids = [a["shot", s, pos] for pos in (FORE, AFT) for s in set(self.loaded[p][pos])]
            if self.sel_kind != ANY_TWO or self._room(p) > 0:  # a Single Reload needs a free spot
                ids.append(a["done"])
            return ids
        if phase == "repair":
            ids = self._repair_moves(p)
            return [*ids, a["stop"]]
        if phase == "stage2":
            return [a["fire", 1], a["fire", 0]]
        if phase == "fire-shot":
            position = self.attack[3]
            return [a["fire-shot", s] for s in set(self.loaded[p][position])]
        if phase == "double":
            return [a["double-shot", 1], a["double-shot", 0]]
        if phase == "tasks":
            return self._task_options()
        if phase == "hand-limit":
            last = self._card_id(self.sel[-1][0]) if self.sel else -1
            need = len(self.hands[p]) - self.hand_limit(p)
            return ordered_options([self._card_id(card) for card in self.hands[p]], need, last)
        raise AssertionError(f"unknown phase {phase}")

    def _card_id(self, card: int) -> int:
        a = self.game.ids
        return a["wild"] if is_wild(card) else a["card", card]

    def pending(self) -> Pending | None:
        if self.phase == "over":
            return None
        from .render import prompt  # words only; no rules there

        return Pending(self.seat, self.phase, prompt(self))

    # -- applying decisions -------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        handler = getattr(self, "_do_" + action.kind.replace("-", "_"))
        handler(*action.args)
        self._settle()

    def _settle(self) -> None:
        """Make every forced choice of a public phase at once."""
        while self.phase in PUBLIC_PHASES:
            self._legal = None
            options = self._option_ids()
            if len(options) != 1:
                return
            action = self.game.action_space[options[0]]
            getattr(self, "_do_" + action.kind.replace("-", "_"))(*action.args)
        self._legal = None

    # -- setup: officers, cannons, loading, first player, Zero In, hands -----------------------

    def _do_officer(self, officer: int, zone: int) -> None:
        p = self.seat
        self.officers[p][officer] = zone
        self.log(Event("officer", {"seat": p, "officer": officer, "zone": zone}))
        if officer == FIRST_MATE:
            self._fill_crew(p)
            if p == 0:
                self.seat = 1
            else:
                self.phase, self.seat = "mount", 0

    def _fill_crew(self, p: int) -> None:
        """Crewmen fill the Deck spaces the officers left."""
        for z in self.c.zones_of("deck"):
            self.markers[p][z] = self.c.zones[z].spaces - sum(1 for o in self.officers[p] if o == z)
            self.supply[1] -= self.markers[p][z]

    def _do_mount(self, position: int, kind: int) -> None:
        p = self.seat
        self.cannons[p][position] = kind
        # The choice is secret until both have chosen.
        self.log(Event("mount", {"seat": p, "position": position}, {p: {"cannon": kind}}))
        if position == AFT:
            if p == 0:
                self.seat = 1
            else:
                self.log(
                    Event(
                        "reveal-cannons",
                        {"cannons": [list(self.cannons[0]), list(self.cannons[1])]},
                    )
                )
                self._start_loading(0, "setup-load")

    def _start_loading(self, p: int, after: str) -> None:
        """Draw discs to fill the empty spots, then load them where the player likes."""
        room = self._room(p)
        drawn = self._draw_shots(room)
        self.tray.extend(drawn)
        self.log(Event("draw-shots", {"seat": p, "shots": sorted(drawn)}))
        self.seat = p
        self.phase = "load"
        self.after = after
        self._continue_loading()

    def _room(self, p: int) -> int:
        return sum(self.capacity(p, pos) - len(self.loaded[p][pos]) for pos in (FORE, AFT))

    def _draw_shots(self, n: int) -> list[int]:
        drawn = []
        for _ in range(n):
            total = sum(self.bag)
            if not total:
                break
            r = self.rng.below(total)
            shot = 0
            while r >= self.bag[shot]:  # the r-th disc in the bag, by kind
                r -= self.bag[shot]
                shot += 1
            self.bag[shot] -= 1
            drawn.append(shot)
        return drawn

    def _do_load(self, shot: int, position: int) -> None:
        p = self.seat
        self.tray.remove(shot)
        self.loaded[p][position].append(shot)
        self.loaded[p][position].sort()
        self._continue_loading()

    def _continue_loading(self) -> None:
        p = self.seat
        if self.tray and self._room(p) == 0:  # no room: the rest go back to the bag
            for shot in self.tray:
                self.bag[shot] += 1
            self.tray.clear()
        if self.tray:
            return
        self.log(Event("loaded", {"seat": p, "loaded": [list(x) for x in self.loaded[p]]}))
        after = self.after
        self.after = ""
        if after == "setup-load":
            if p == 0:
                self._start_loading(1, "setup-load")
            else:
                self._choose_first_player()
        else:
            self._action_done()

    def _choose_first_player(self) -> None:
        first = self.rng.below(2)
        self.first_player = self.turn_player = first
        self.log(Event("first-player", {"seat": first}))
        self._start_zero_in(first, "setup-zero-in")

    def _start_zero_in(self, p: int, after: str) -> None:
        self.seat = p
        self.phase = "zero-in-man"
        self.after = after

    def _do_man(self, position: int) -> None:
        self.gunner[self.seat] = position
        self.phase = "zero-in-sight"

    def _do_sight(self, zone: int) -> None:
        p = self.seat
        self.sight[p] = zone
        drawn = [self._draw_target() for _ in range(self.c.zones[zone].targets)]
        self.targets[p] = [[t, None, None, None, None] for t in drawn if t is not None]
        self.log(
            Event("zero-in", {"seat": p, "cannon": self.gunner[p], "zone": zone, "targets": drawn})
        )
        after = self.after
        self.after = ""
        if after == "setup-zero-in":
            if p == self.first_player:
                self._start_zero_in(self.foe(p), "setup-zero-in")
            else:
                for q in (self.first_player, p):
                    assert q is not None
                    self._draw_aim(q, self.c.starting_hand)
                self._start_turn(self.first_player or 0)
        elif after == "stage2":
            self._start_stage2()
        else:  # after Firing
            self._start_stage3()

    def _draw_target(self) -> int | None:
        if not self.target_deck and self.target_discards:  # ruling 9
            self.target_deck = self.target_discards
            self.target_discards = []
            self.rng.shuffle(self.target_deck)
            self.log(Event("target-reshuffle", {}))
        return self.target_deck.pop() if self.target_deck else None

    def _draw_aim(self, p: int, n: int) -> int:
        """Draw up to ``n`` Aim cards; an Aim deck that runs out is formed anew from
        the discard pile at once."""
        drawn = 0
        for _ in range(n):
            self._reshuffle_if_empty(p)
            if not self.decks[p]:
                break  # ruling 8: nothing to draw
            self.hands[p].append(self.decks[p].pop())
            drawn += 1
        self._reshuffle_if_empty(p)
        self.hands[p].sort()
        self.log(Event("draw", {"seat": p, "count": drawn}))
        return drawn

    def _reshuffle_if_empty(self, p: int) -> None:
        if self.decks[p] or not self.discards[p]:
            return
        self.decks[p] = self.discards[p]
        self.discards[p] = []
        # The new deck is the (public) discard pile: from now on the foe knows which
        # cards may be in it, and so every card in hand that is not among them.
        self.refills[p] = sorted(self.decks[p])
        self.rng.shuffle(self.decks[p])
        self.log(Event("aim-reshuffle", {"seat": p, "cards": list(self.refills[p])}))

    def _discard_targets(self, p: int) -> None:
        """Discard every Target card and the Aim cards played to them."""
        for t in self.targets[p]:
            self.target_discards.append(t[0])  # type: ignore[arg-type]
            for card in (t[1], t[3]):
                if card is not None:
                    self.discards[p].append(card)
        self.targets[p] = []

    # -- a turn ----------------------------------------------------------------------------------

    def _start_turn(self, p: int) -> None:
        self.turn_player = self.seat = p
        self.actions_taken = 0
        self.aimed = False
        self.phase = "stage1"
        self.log(Event("turn", {"seat": p, "turn": self.turns + 1}))

    def _reserve(self) -> int:
        """Cards an action must leave in hand so that the turn's Aim stays possible."""
        return 1 if self.actions_taken == 0 else 0

    def _stage_actions(self) -> list[int]:
        p = self.seat
        hand = len(self.hands[p])
        if self.actions_taken == 1 and not self.aimed:
            return [AIM] if hand else []
        keep = self._reserve()
        options = []
        if hand:
            options.append(AIM)
        if not keep or hand or self.decks[p] or self.discards[p]:
            options.append(HOLD)
        if self._flush_starts(keep):
            options.append(BROADSIDE)
        if self._straight_starts("sheer-off", hand - keep):
            options.append(SHEER_OFF)
        if hand - keep >= 2:
            if self._total_capacity(p):
                options.append(SINGLE_RELOAD)
            if self._pair_starts():
                options.append(FULL_RELOAD)
        if hand - keep >= 1 and self._repair_moves(p):
            options.append(REPAIR)
        if self.actions_taken == 0:
            options.append(CHANGE_TARGETS)
        return options

    def _total_capacity(self, p: int) -> int:
        return self.capacity(p, FORE) + self.capacity(p, AFT)

    def _do_action(self, n: int) -> None:
        p = self.seat
        self.log(Event("action", {"seat": p, "action": n}))
        if n == AIM:
            self._start_pick(AIM_CARD)
        elif n == HOLD:
            self._draw_aim(p, 1)
            self._action_done()
        elif n == BROADSIDE:
            self._start_pick(FLUSH)
        elif n == SHEER_OFF:
            self._start_pick(STRAIGHT)
        elif n == SINGLE_RELOAD:
            self._start_pick(ANY_TWO)
        elif n == FULL_RELOAD:
            self._start_pick(PAIR)
        elif n == REPAIR:
            self._start_pick(PAYMENT)
        else:  # Changing Targets replaces Stage 1
            self._discard_targets(p)
            self._start_zero_in(p, "stage2")

    def _action_done(self) -> None:
        """One Stage 1 action is over: the next one, or Stage 2."""
        if self.phase == "over":
            return
        self.actions_taken += 1
        self.seat = self.turn_player
        if self.actions_taken < 2:
            self.phase = "stage1"
        else:
            self._start_stage2()

    # -- picking cards -----------------------------------------------------------------------------

    def _start_pick(self, kind: str) -> None:
        self.sel = []
        self.sel_kind = kind
        self.phase = "pick"

    def _sel_cards(self) -> list[int]:
        return [s[0] for s in self.sel]

    def _free_cards(self, p: int) -> list[int]:
        chosen = self._sel_cards()
        return [card for card in self.hands[p] if card not in chosen]

    def _free_wilds(self, p: int) -> int:
        return sum(1 for card in self._free_cards(p) if is_wild(card))

    def _max_cards(self) -> int:
        """How many cards the set may hold."""
        p = self.seat
        kind = self.sel_kind
        if kind == "evade":
            return len(self.hands[p])
        room = len(self.hands[p]) - self._reserve()
        if kind == FLUSH:
            return min(room, self._usable_shots(p))
        if kind == PAYMENT:
            return min(room, 3)
        if kind in (PAIR, ANY_TWO):
            return 2
        return room

    def _pick_options(self) -> list[int]:
        kind = self.sel_kind
        if kind == AIM_CARD:
            a = self.game.ids
            ids = [a["card", card] for card in self.hands[self.seat] if not is_wild(card)]
            if any(is_wild(card) for card in self.hands[self.seat]):
                ids += [a["wild-value", v] for v in range(1, 11)]
            return ids
        if kind == FLUSH:
            return self._flush_options()
        if kind in (STRAIGHT, "evade"):
            return self._straight_options()
        return self._plain_options()

    # Flushes: Wilds first (the first one names the suit), then cards by ascending id.

    def _flush_starts(self, keep: int) -> bool:
        p = self.seat
        room = min(len(self.hands[p]) - keep, self._usable_shots(p))
        if room < 2:
            return False
        wilds = sum(1 for card in self.hands[p] if is_wild(card))
        suits = Counter(card_suit(card) for card in self.hands[p] if not is_wild(card))
        return any(not self.covered[p]["broadside"][s] and suits[s] + wilds >= 2 for s in range(4))

    def _flush_options(self) -> list[int]:
        a = self.game.ids
        p = self.seat
        free = self._free_cards(p)
        wilds = sum(1 for card in free if is_wild(card))
        if len(self.sel) >= self._max_cards():
            return [a["done"]]
        ids = []
        if not self.sel:
            suits = Counter(card_suit(card) for card in free if not is_wild(card))
            for s in range(4):
                if self.covered[p]["broadside"][s]:
                    continue
                if wilds and suits[s] + wilds >= 2:
                    ids.append(a["wild-suit", s])
                cards = sorted(card for card in free if not is_wild(card) and card_suit(card) == s)
                ids += [a["card", card] for card in cards[:-1]]  # another must follow
            return ids
        suit = self.sel[0][2]
        normals = [s[0] for s in self.sel if not is_wild(s[0])]
        if not normals and wilds:
            ids.append(a["wild"])
        low = normals[-1] if normals else -1
        ids += [
            a["card", card]
            for card in free
            if not is_wild(card) and card_suit(card) == suit and card > low
        ]
        if len(self.sel) >= 2:
            ids.append(a["done"])
        return ids

    # Straights: in run order from the lowest card; a Wild names its value.

    def _track_open(self, track: str, value: int) -> bool:
        return not self.covered[self.seat][track][value - 1]

    def _straight_starts(self, track: str, room: int) -> bool:
        if room < 2:
            return False
        hand = self.hands[self.seat]
        values = {card_value(card) for card in hand if not is_wild(card)}
        wilds = sum(1 for card in hand if is_wild(card))
        for v in range(1, 11):
            w = next_value(v)
            if not (self._track_open(track, v) and self._track_open(track, w)):
                continue
            need = (v not in values) + (w not in values)
            if need <= wilds:
                return True
        return False

    def _straight_options(self) -> list[int]:
        a = self.game.ids
        p = self.seat
        track = "evasion" if self.sel_kind == "evade" else "sheer-off"
        free = self._free_cards(p)
        wilds = sum(1 for card in free if is_wild(card))
        values_free = {card_value(card) for card in free if not is_wild(card)}
        ids = []
        if not self.sel:
            if self.sel_kind == "evade":
                ids.append(a["done"])  # no Evasion
            if self._max_cards() < 2:
                return ids
            for v in range(1, 11):
                w = next_value(v)
                if not (self._track_open(track, v) and self._track_open(track, w)):
                    continue
                # v must be followed by w: by a card, or by a Wild that is left over
                for card in free:
                    if not is_wild(card) and card_value(card) == v and (w in values_free or wilds):
                        ids.append(a["card", card])
                if wilds and (w in values_free or wilds >= 2):
                    ids.append(a["wild-value", v])
            return ids
        used = {s[1] for s in self.sel}
        if len(self.sel) < min(self._max_cards(), 10):
            v = next_value(self.sel[-1][1])
            if v not in used and self._track_open(track, v):
                ids += [
                    a["card", card] for card in free if not is_wild(card) and card_value(card) == v
                ]
                if wilds:
                    ids.append(a["wild-value", v])
        if len(self.sel) >= 2:
            ids.append(a["done"])
        return ids

    # Pairs, any two cards and Repair payments: by ascending id (Wilds last).

    def _pair_starts(self) -> bool:
        hand = self.hands[self.seat]
        wilds = sum(1 for card in hand if is_wild(card))
        values = Counter(card_value(card) for card in hand if not is_wild(card))
        return wilds >= 2 or (wilds >= 1 and bool(values)) or any(n >= 2 for n in values.values())

    def _plain_options(self) -> list[int]:
        a = self.game.ids
        p = self.seat
        kind = self.sel_kind
        free = self._free_cards(p)
        low = self.sel[-1][0] if self.sel else -1
        if is_wild(low):  # either Wild may have gone first (_wild_face_up): the other follows
            low = WILD_CARDS[0] - 1
        candidates = [card for card in free if card > low]
        ids = []
        if kind == ANY_TWO and not self.sel:  # another card must follow the first
            candidates = [card for card in candidates if any(other > card for other in free)]
        if len(self.sel) < self._max_cards():
            if kind == PAIR and self.sel:
                first = self.sel[0][0]
                candidates = [
                    card
                    for card in candidates
                    if is_wild(card) or is_wild(first) or card_value(card) == card_value(first)
                ]
            elif kind == PAIR:  # the first card of a pair needs a partner after it
                candidates = [
                    card
                    for card in candidates
                    if any(
                        other > card
                        and (
                            is_wild(other)
                            or (not is_wild(card) and card_value(other) == card_value(card))
                        )
                        for other in free
                    )
                ]
            seen_wild = False
            for card in candidates:
                if is_wild(card):
                    if seen_wild:
                        continue
                    seen_wild = True
                ids.append(self._card_id(card))
        if kind == PAYMENT and self.sel:
            ids.append(a["done"])
        return ids

    def _take(self, card: int, value: int, suit: int) -> None:
        self.sel.append([card, value, suit])
        self._after_pick()

    def _do_card(self, card: int) -> None:
        if self.phase == "hand-limit":
            self._hand_limit_discard(card)
            return
        if self.sel_kind == AIM_CARD:
            self.sel = [[card, card_value(card), card_suit(card)]]
            self.phase = "place"
            return
        self._take(card, card_value(card), card_suit(card))

    def _first_free_wild(self) -> int:
        return self._wild_face_up(self.seat, self._free_cards(self.seat))

    def _wild_face_up(self, p: int, free: Sequence[int]) -> int:
        """The number of the Wild of ``p``'s that goes face up from ``free`` (the cards
        of the hand that may). The two Wilds are alike, so the number must tell the foe
        nothing it does not know: a Wild it knows is in the hand (held since the deck
        was last formed anew) goes first; otherwise the lowest numbered of the hidden
        ones, in the hand or in the deck, the two swapping numbers if need be."""
        held = [card for card in WILD_CARDS if card in free]
        refill = self.refills[p]
        known = [card for card in held if card not in refill]
        if known:
            return known[0]
        deck = self.decks[p]
        lowest = next(card for card in WILD_CARDS if card in held or card in deck)
        if lowest not in held:  # it lies in the deck: the two swap numbers
            hand, other = self.hands[p], held[0]
            deck[deck.index(lowest)] = other
            hand[hand.index(other)] = lowest
            hand.sort()
            # Both numbers were among the deck's possible cards (the hand's Wild was
            # not known), so ``refills`` stays true.
        return lowest

    def _do_wild(self) -> None:
        if self.phase == "hand-limit":
            self._hand_limit_discard(self._wild_face_up(self.seat, self.hands[self.seat]))
            return
        suit = self.sel[0][2] if self.sel_kind == FLUSH else -1
        self._take(self._first_free_wild(), -1, suit)

    def _do_wild_value(self, value: int) -> None:
        wild = self._first_free_wild()
        if self.sel_kind == AIM_CARD:
            self.sel = [[wild, value, -1]]
            self.phase = "place"
            return
        self._take(wild, value, -1)

    def _do_wild_suit(self, suit: int) -> None:
        self._take(self._first_free_wild(), -1, suit)

    def _after_pick(self) -> None:
        """Sets of a fixed size complete themselves."""
        if self.sel_kind in (PAIR, ANY_TWO) and len(self.sel) == 2:
            self._do_done()

    def _do_done(self) -> None:
        if self.phase == "return-shots":
            self._do_done_returning()
            return
        kind = self.sel_kind
        cards = self._sel_cards()
        p = self.seat
        if kind != "evade" or cards:
            for card in cards:
                self.hands[p].remove(card)
                self.discards[p].append(card)
        if kind == FLUSH:
            self._broadside_cards()
        elif kind == STRAIGHT:
            self._sheer_off()
        elif kind == "evade":
            self._evade()
        elif kind in (PAIR, ANY_TWO):
            self.log(Event("reload", {"seat": p, "full": kind == PAIR, "cards": cards}))
            self.phase = "return-shots"
        elif kind == PAYMENT:
            self.repairs_left = len(cards)
            self.log(Event("repair", {"seat": p, "cards": cards}))
            self.phase = "repair"

    # -- Aim ---------------------------------------------------------------------------------------

    def _do_place(self, target: int, side: int) -> None:
        p = self.seat
        card, value, _ = self.sel[0]
        slot = next(t for t in self.targets[p] if t[0] == target)
        old = slot[1 + 2 * side]
        if old is not None:  # a card played over another replaces it
            self.discards[p].append(old)
        slot[1 + 2 * side] = card
        slot[2 + 2 * side] = value
        self.hands[p].remove(card)
        self.sel = []
        self.aimed = True
        self.log(
            Event(
                "aim",
                {
                    "seat": p,
                    "card": card,
                    "value": value,
                    "target": target,
                    "side": side,
                    "replaced": old,
                },
            )
        )
        self._action_done()

    # -- Broadside ---------------------------------------------------------------------------------

    def _usable_shots(self, p: int) -> int:
        return sum(len(self.loaded[p][pos]) for pos in (FORE, AFT) if self.can_use_cannon(p, pos))

    def _broadside_cards(self) -> None:
        p = self.seat
        suit = self.sel[0][2]
        self.covered[p]["broadside"][suit] = True
        self.log(Event("broadside", {"seat": p, "cards": self._sel_cards(), "suit": suit}))
        self.spent = []
        self.phase = "spend-shots"

    def _spend_options(self) -> list[int]:
        a = self.game.ids
        p = self.seat
        last = a["shot", *self.spent[-1]] if self.spent else -1
        units = [
            a["shot", shot, pos]
            for pos in (FORE, AFT)
            if self.can_use_cannon(p, pos)
            for shot in self.loaded[p][pos]
        ]
        return ordered_options(units, len(self.sel) - len(self.spent), last)

    def _do_shot(self, shot: int, position: int) -> None:
        p = self.seat
        if self.phase == "return-shots":
            self.loaded[p][position].remove(shot)
            self.bag[shot] += 1
            self.log(Event("return-shot", {"seat": p, "shot": shot, "position": position}))
            return
        self.spent.append([shot, position])
        self.loaded[p][position].remove(shot)
        self.bag[shot] += 1
        if len(self.spent) == len(self.sel):
            n = len(self.spent)
            effective = self._effective_count()
            self.log(
                Event(
                    "spend-shots",
                    {"seat": p, "shots": [s for s, _ in self.spent], "effective": effective},
                )
            )
            self.effective = []
            if effective == n:
                self.effective = sorted(s for s, _ in self.spent)
                self._broadside_effects()
            elif effective == 0:
                self._broadside_effects()
            else:
                self.phase = "effective"

    def _effective_count(self) -> int:
        """Cannon penalties on any Deck: a Broadside counts one card fewer each."""
        decks = self.c.zones_of("deck")
        return max(0, len(self.spent) - self.penalty(self.turn_player, "cannon", decks))

    def _do_effective(self, shot: int) -> None:
        self.effective.append(shot)
        if len(self.effective) == self._effective_count():
            self._broadside_effects()

    def _broadside_effects(self) -> None:
        """For each shot that takes effect the foe discards an Aim card from their
        Targets and loses a marker of the shot's colour."""
        p = self.turn_player
        foe = self.foe(p)
        n = len(self.effective)
        self.log(Event("broadside-hits", {"seat": p, "shots": list(self.effective)}))
        tasks: list[list[Any]] = []
        if n:
            tasks.append([foe, "unaim", n, -1, -1])
        tasks += [[foe, self.c.shots[s].hits, 1, -1, -1] for s in self.effective]
        self.sel = []
        self.spent = []
        self.effective = []
        self._queue(tasks, "action-done")

    # -- Sheer Off -----------------------------------------------------------------------------------

    def _sheer_off(self) -> None:
        p = self.seat
        values = [s[1] for s in self.sel]
        for v in values:
            self.covered[p]["sheer-off"][v - 1] = True
        n = max(0, len(values) - self.penalty(p, "rigging"))
        foe = self.foe(p)
        lose = min(len(self.hands[foe]), n + 1) if n else 0
        pulled = []
        for card in self.rng.sample(self.hands[foe], lose):
            if is_wild(card):  # a Wild at random: which number shows is decided apart
                card = self._wild_face_up(foe, self.hands[foe])
            self.hands[foe].remove(card)
            self.discards[foe].append(card)
            pulled.append(card)
        self.log(
            Event(
                "sheer-off",
                {
                    "seat": p,
                    "cards": self._sel_cards(),
                    "values": values,
                    "foe_discards": sorted(pulled),
                },
            )
        )
        self.sel = []
        self._action_done()

    # -- Reload ----------------------------------------------------------------------------------------

    def _do_done_returning(self) -> None:
        p = self.seat
        full = self.sel_kind == PAIR
        self.sel = []
        # Shots left in the cannons may be moved freely: they join the new ones.
        for pos in (FORE, AFT):
            self.tray.extend(self.loaded[p][pos])
            self.loaded[p][pos] = []
        room = self._room(p) - len(self.tray)
        drawn = self._draw_shots(room if full else min(1, room))
        self.tray.extend(drawn)
        self.log(Event("draw-shots", {"seat": p, "shots": sorted(drawn)}))
        self.phase = "load"
        self.after = "action-done"
        self._continue_loading()

    # -- Repair -------------------------------------------------------------------------------------------

    def _repair_moves(self, p: int) -> list[int]:
        """Crewmen move along rope lines to a Deck with room or to repair a damaged
        Rigging or Hull zone; officers only between Decks; never the last one out."""
        a = self.game.ids
        c = self.c
        ids = []
        for z in c.zones_of("deck"):
            if self.zone_count(p, z) < 2:
                continue
            for b in c.neighbours[z]:
                target = c.zones[b]
                has_room = self.zone_count(p, b) < target.spaces
                if not has_room:
                    continue
                if self.markers[p][z]:
                    ids.append(a["move", z, b])
                if target.kind == "deck":
                    for officer in (CAPTAIN, FIRST_MATE):
                        if self.officers[p][officer] == z:
                            ids.append(a["officer-move", officer, z, b])
        return ids

    def _do_move(self, frm: int, to: int) -> None:
        p = self.seat
        self.markers[p][frm] -= 1
        zone = self.c.zones[to]
        if zone.kind == "deck":
            self.markers[p][to] += 1
        else:  # the Crewman is spent; a Sail or Plank comes back
            self.supply[2 if zone.kind == "hull" else 0] -= 1
            self.supply[1] += 1
            self.markers[p][to] += 1
        self.log(Event("move", {"seat": p, "from": frm, "to": to}))
        self._repair_step()

    def _do_officer_move(self, officer: int, frm: int, to: int) -> None:
        p = self.seat
        self.officers[p][officer] = to
        self.log(Event("officer-move", {"seat": p, "officer": officer, "from": frm, "to": to}))
        self._repair_step()

    def _repair_step(self) -> None:
        self.repairs_left -= 1
        if self.repairs_left <= 0 or not self._repair_moves(self.seat):
            self._do_stop()

    def _do_stop(self) -> None:
        self.repairs_left = 0
        self.sel = []
        self._action_done()

    # -- Stage 2: Firing ----------------------------------------------------------------------------------

    def _start_stage2(self) -> None:
        p = self.turn_player
        self.seat = p
        position = self.gunner[p]
        assert position is not None
        if self.loaded[p][position] and self.can_use_cannon(p, position):
            self.phase = "stage2"
        else:
            self._start_stage3()

    def _do_fire(self, fire: int) -> None:
        p = self.seat
        if not fire:
            self.log(Event("hold-fire", {"seat": p}))
            self._start_stage3()
            return
        foe = self.foe(p)
        zone = self.sight[p]
        position = self.gunner[p]
        assert zone is not None and position is not None
        potential = self.zone_count(foe, zone)
        self.attack = [zone, potential, potential, position]
        self.log(
            Event("fire", {"seat": p, "zone": zone, "cannon": position, "potential": potential})
        )
        self.phase = "fire-shot"

    def _track(self, change: int) -> None:
        """The damage track never goes below 0 (ruling 5)."""
        self.attack[2] = max(0, self.attack[2] + change)

    def _do_fire_shot(self, shot: int) -> None:
        p = self.seat
        zone, _, _, position = self.attack
        self.loaded[p][position].remove(shot)
        self.bag[shot] += 1
        steps: list[JSON] = []
        if self.c.shots[shot].hits != self.c.zones[zone].kind:
            self._track(-1)
            steps.append(["colour", -1])
        # Only the firing cannon's own Deck counts its cannon penalties.
        firing_deck = self.c.deck_of(("fore", "aft")[position])
        cannon_penalty = self.exposed(p, firing_deck).count("cannon")
        for _ in range(cannon_penalty):
            self._track(-1)
        if cannon_penalty:
            steps.append(["cannon", -cannon_penalty])
        kind = self.c.cannons[self.cannons[p][position]]  # type: ignore[index]
        early = 0
        for t in self.targets[p]:
            result = self.target_result(kind.index, t)
            self._track(self.c.results[result])
            steps.append([result, self.c.results[result], t[0]])
            early += result == "early"
        self.log(Event("shot", {"seat": p, "shot": shot, "steps": steps, "damage": self.attack[2]}))
        tasks = [[self.foe(p), "unaim", early, -1, -1]] if early else []
        self._queue(tasks, "double")

    def target_result(self, cannon: int, t: Sequence[int | None]) -> str:
        """What a Target card reads: Early with no Aim card, Miss with one, else the
        cannon tile's result for the coordinate."""
        cards = (t[1] is not None) + (t[3] is not None)
        if cards == 0:
            return "early"
        if cards == 1:
            return "miss"
        cx, cy = self.c.target_centres[t[0]]  # type: ignore[index]
        return self.c.cannons[cannon].result(t[2] - cx, t[4] - cy)  # type: ignore[operator]

    def _after_target_checks(self) -> None:
        p = self.turn_player
        self.seat = p
        position = self.attack[3]
        kind = self.c.cannons[self.cannons[p][position]]  # type: ignore[index]
        if kind.double_shot and self.loaded[p][position]:
            self.phase = "double"
        else:
            self._offer_evasion()

    def _do_double_shot(self, fire: int) -> None:
        p = self.seat
        if fire:
            zone, potential, _, position = self.attack
            shot = self.loaded[p][position].pop()
            self.bag[shot] += 1
            bonus = 2 if self.c.shots[shot].hits == self.c.zones[zone].kind else 1
            self.attack[2] = min(potential, self.attack[2] + bonus)  # never above the potential
            self.log(Event("double-shot", {"seat": p, "shot": shot, "damage": self.attack[2]}))
        self._offer_evasion()

    def _offer_evasion(self) -> None:
        if self.attack[2] > 0:
            self.seat = self.foe(self.turn_player)
            self._start_pick("evade")
        else:
            self._apply_damage()

    def _evade(self) -> None:
        p = self.seat  # the defender
        values = [s[1] for s in self.sel]
        if values:
            for v in values:
                self.covered[p]["evasion"][v - 1] = True
            n = max(0, len(values) - self.penalty(p, "rigging"))
            suits = {card_suit(s[0]) for s in self.sel if not is_wild(s[0])}
            flush = len(suits) <= 1
            evaded = n if flush else n // 2
            self._track(-evaded)
            self.log(
                Event(
                    "evade",
                    {
                        "seat": p,
                        "cards": self._sel_cards(),
                        "values": values,
                        "straight_flush": flush,
                        "evaded": evaded,
                        "damage": self.attack[2],
                    },
                )
            )
        else:
            self.log(Event("no-evasion", {"seat": p}))
        self.sel = []
        self._apply_damage()

    def _apply_damage(self) -> None:
        p = self.turn_player
        zone, _, damage, _ = self.attack
        self.log(Event("damage", {"seat": p, "zone": zone, "damage": damage}))
        tasks = [[self.foe(p), "zone", damage, zone, -1]] if damage else []
        self._queue(tasks, "after-fire")

    def _after_fire(self) -> None:
        p = self.turn_player
        self.attack = []
        self._discard_targets(p)
        self._start_zero_in(p, "stage3")

    # -- losses: Aim cards and markers --------------------------------------------------------------------

    def _queue(self, tasks: list[list[Any]], after: str) -> None:
        self.tasks = tasks + self.tasks
        self.after = after
        self._run_tasks()

    def _task_units(self) -> list[int]:
        """What the first task can take, one entry per marker or Aim card, as action
        ids in the order they are taken (so the same losses are not offered twice in
        different orders)."""
        a = self.game.ids
        seat, what, _, zone, last = self.tasks[0]
        if what == "unaim":
            units = [
                a["unaim", t[0], side]
                for t in self.targets[seat]
                for side in (0, 1)
                if t[1 + 2 * side] is not None
            ]
            return sorted(u for u in units if u > last)
        units = []
        for z in [zone] if what == "zone" else self.c.zones_of(what):
            units += [a["lose", z]] * self.markers[seat][z]
            units += [
                a["lose-officer", officer]
                for officer in (CAPTAIN, FIRST_MATE)
                if self.officers[seat][officer] == z
            ]
        return sorted(u for u in units if u >= last)

    def _task_options(self) -> list[int]:
        """A marker of a colour that is gone is simply not lost (ruling 4)."""
        units = self._task_units()
        return ordered_options(units, min(self.tasks[0][2], len(units)), -1)

    def _run_tasks(self) -> None:
        """Resolve waiting losses; stop at the first real choice."""
        while self.tasks and self.phase != "over":
            seat, _, count, _, _ = self.tasks[0]
            if count <= 0 or not self._task_units():
                self.tasks.pop(0)
                continue
            self.seat = seat
            self.phase = "tasks"
            return
        if self.phase == "over":
            return
        after = self.after
        self.after = ""
        self.phase = after
        if after == "action-done":
            self._action_done()
        elif after == "double":
            self._after_target_checks()
        elif after == "after-fire":
            self._after_fire()

    def _do_unaim(self, target: int, side: int) -> None:
        seat = self.seat
        slot = next(t for t in self.targets[seat] if t[0] == target)
        card = slot[1 + 2 * side]
        assert card is not None
        slot[1 + 2 * side] = None
        slot[2 + 2 * side] = None
        self.discards[seat].append(card)
        self.log(Event("unaim", {"seat": seat, "card": card, "target": target, "side": side}))
        self._task_step(self.game.ids["unaim", target, side])

    def _do_lose(self, zone: int) -> None:
        seat = self.seat
        self.markers[seat][zone] -= 1
        self.supply[("rigging", "deck", "hull").index(self.c.zones[zone].kind)] += 1
        self.log(Event("lose", {"seat": seat, "zone": zone}))
        self._damage_effects(seat, zone)
        self._task_step(self.game.ids["lose", zone])

    def _do_lose_officer(self, officer: int) -> None:
        seat = self.seat
        zone = self.officers[seat][officer]
        self.officers[seat][officer] = LOST
        self.log(Event("lose-officer", {"seat": seat, "officer": officer, "zone": zone}))
        if self.officers[seat][CAPTAIN] == LOST and self.officers[seat][FIRST_MATE] == LOST:
            self._win(self.foe(seat), "both officers lost")
        self._task_step(self.game.ids["lose-officer", officer])

    def _task_step(self, chosen: int) -> None:
        if self.phase == "over":
            return
        task = self.tasks[0]
        task[2] -= 1
        task[4] = chosen
        self._run_tasks()

    def _damage_effects(self, seat: int, zone: int) -> None:
        """An empty Hull zone flips its Disaster (once per zone); 10 missing Planks sink the ship."""
        c = self.c
        if c.zones[zone].kind != "hull":
            return
        if self.missing_planks(seat) >= c.sinking_planks:
            self._win(self.foe(seat), "sunk")
            return
        if self.markers[seat][zone] == 0 and zone not in self.disaster_done[seat]:
            self.disaster_done[seat].append(zone)
            token = self.disasters[seat][zone]
            self.disasters[seat][zone] = None
            assert token is not None
            disaster = c.disasters[token]
            self.log(Event("disaster", {"seat": seat, "zone": zone, "disaster": token}))
            # It is resolved once the loss that caused it is done.
            self.tasks.insert(1, [seat, disaster.lose, disaster.count, -1, -1])

    def _win(self, winner: int, reason: str) -> None:
        self.result = [1.0, -1.0] if winner == 0 else [-1.0, 1.0]
        self.phase = "over"
        self.tasks = []
        self.log(Event("game-end", {"winner": winner, "reason": reason}))

    # -- Stage 3 and the end of a turn ---------------------------------------------------------------------

    def _start_stage3(self) -> None:
        p = self.turn_player
        self.seat = p
        self._draw_aim(p, self.c.draw_per_turn)
        self.sel = []
        if len(self.hands[p]) > self.hand_limit(p):
            self.phase = "hand-limit"
        else:
            self._end_turn()

    def _hand_limit_discard(self, card: int) -> None:
        p = self.seat
        self.hands[p].remove(card)
        self.discards[p].append(card)
        self.sel.append([card, 0, 0])
        self.log(Event("discard", {"seat": p, "card": card}))
        if len(self.hands[p]) <= self.hand_limit(p):
            self.sel = []
            self._end_turn()

    def _end_turn(self) -> None:
        self.turns += 1
        if self.turns >= 2 * self.game.options["round_cap"]:
            counts = [self.ship_markers(0), self.ship_markers(1)]
            self.log(Event("round-cap", {"markers": counts}))
            if counts[0] == counts[1]:
                self.result = [0.0, 0.0]
                self.phase = "over"
                self.log(Event("game-end", {"winner": None, "reason": "round cap: a draw"}))
            else:
                self._win(0 if counts[0] > counts[1] else 1, "round cap: more markers")
            return
        self._start_turn(self.foe(self.turn_player))

    # -- results ------------------------------------------------------------------------------------------

    def first_seat(self) -> int | None:
        return self.first_player

    def turns_played(self) -> int:
        return self.turns

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0, 0.0]

    # -- information -------------------------------------------------------------------------------------

    def _view(self, seat: int | None, reveal: bool) -> dict[str, JSON]:
        return view(self, seat, reveal)

    def bot_view(self, seat: int) -> dict[str, JSON]:
        """``view(seat, log=False)``, its ships drawn part by part as a bot reads them
        (the heuristic captain reads a few parts, thousands of times a second)."""
        self._check_seat(seat)
        return self._envelope(seat, view(self, seat, False, lazy=True), [], lazy=True)

    def _resample(self, seat: int | None, rng: Rng) -> BroadSidesState:
        return resample(self, seat, rng)

    # -- conservation, copies and JSON ---------------------------------------------------------------------

    def components(self) -> Counter[str]:
        counts: Counter[str] = Counter()
        for p in range(2):
            for pile in (self.hands[p], self.decks[p], self.discards[p]):
                for card in pile:
                    counts[f"aim {p}:{card}"] += 1
            for slot in self.targets[p]:
                counts[f"target {slot[0]}"] += 1
                for played in (slot[1], slot[3]):
                    if played is not None:
                        counts[f"aim {p}:{played}"] += 1
            for pos in (FORE, AFT):
                for shot in self.loaded[p][pos]:
                    counts[f"shot {shot}"] += 1
            for z, zone in enumerate(self.c.zones):
                counts[f"marker {zone.kind}"] += self.markers[p][z]
            counts[f"officer {p}"] += len(self.officers[p])
            counts[f"disaster {p}"] += len(self.disaster_done[p]) + sum(
                1 for t in self.disasters[p].values() if t is not None
            )
        for target in (*self.target_deck, *self.target_discards):
            counts[f"target {target}"] += 1
        for shot, n in enumerate(self.bag):
            counts[f"shot {shot}"] += n
        for shot in self.tray:
            counts[f"shot {shot}"] += 1
        for kind, n in zip(("rigging", "deck", "hull"), self.supply, strict=True):
            counts[f"marker {kind}"] += n
        return +counts

    def clone(self) -> BroadSidesState:
        other = BroadSidesState.__new__(BroadSidesState)
        self._clone_base(other)
        other.phase = self.phase
        other.seat = self.seat
        other.turn_player = self.turn_player
        other.first_player = self.first_player
        other.turns = self.turns
        other.actions_taken = self.actions_taken
        other.aimed = self.aimed
        other.markers = [list(m) for m in self.markers]
        other.officers = [list(o) for o in self.officers]
        other.hands = [list(h) for h in self.hands]
        other.decks = [list(d) for d in self.decks]
        other.discards = [list(d) for d in self.discards]
        other.refills = [list(r) for r in self.refills]
        other.targets = [[list(t) for t in ts] for ts in self.targets]
        other.cannons = [list(cn) for cn in self.cannons]
        other.loaded = [[list(x) for x in lp] for lp in self.loaded]
        other.gunner = list(self.gunner)
        other.sight = list(self.sight)
        other.covered = [{k: list(v) for k, v in cov.items()} for cov in self.covered]
        other.disasters = [dict(d) for d in self.disasters]
        other.disaster_done = [list(d) for d in self.disaster_done]
        other.bag = list(self.bag)
        other.supply = list(self.supply)
        other.target_deck = list(self.target_deck)
        other.target_discards = list(self.target_discards)
        other.tray = list(self.tray)
        other.sel = [list(s) for s in self.sel]
        other.sel_kind = self.sel_kind
        other.spent = [list(s) for s in self.spent]
        other.effective = list(self.effective)
        other.repairs_left = self.repairs_left
        other.attack = list(self.attack)
        other.tasks = [list(t) for t in self.tasks]
        other.after = self.after
        other.result = None if self.result is None else list(self.result)
        return other

    FIELDS = (
        "phase", "seat", "turn_player", "first_player", "turns", "actions_taken", "aimed",
        "markers", "officers", "hands", "decks", "discards", "refills", "targets", "cannons", "loaded",
        "gunner", "sight", "covered", "disaster_done", "bag", "supply", "target_deck",
        "target_discards", "tray", "sel", "sel_kind", "spent", "effective", "repairs_left",
        "attack", "tasks", "after", "result",
    )  # fmt: skip

    def _state_json(self) -> dict[str, JSON]:
        import json

        out = {name: getattr(self, name) for name in self.FIELDS}
        out["disasters"] = [{str(z): t for z, t in d.items()} for d in self.disasters]
        return json.loads(json.dumps(out))  # type: ignore[no-any-return]

    @classmethod
    def from_state_json(cls, game: BroadSides, data: Mapping[str, JSON]) -> BroadSidesState:
        import json

        state = cls(game, 0)
        copy = json.loads(json.dumps(dict(data)))
        for name in cls.FIELDS:
            setattr(state, name, copy[name])
        state.disasters = [{int(z): t for z, t in d.items()} for d in copy["disasters"]]
        return state


def describe_card(card: int, value: int | None = None) -> str:
    if is_wild(card) and value:
        return f"Wild as {value}"
    return card_name(card)
