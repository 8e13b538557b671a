"""A heuristic BroadSides captain: it keeps a Carronade loaded with the right shot,
aims at the zone that pays best, fires as soon as waiting would gain little, and
spends cards on Repairs, Evasions, Broadsides and Sheering Off only when they are
worth more than the Aim cards they cost.

It reads only its own seat's view, its legal actions, its own past decisions (which
set its last Stage 1 action began) and the public component data (the Target centres
and Cannon tiles printed on the cards), never the position's fields. Its choice for
each decision is found in :data:`CHOOSERS`, by phase (``phases.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from quarterdeck.engine import Action, Bot, State

from .components import CannonKind, Components, Zone, card_suit, card_value, is_wild
from .phases import (
    AIM,
    AIM_CARD,
    BOARDING_NETS,
    BROADSIDE,
    CHANGE_TARGETS,
    CLOSE_QUARTERS,
    CROWS_NEST,
    DEADEYE,
    DOUBLE,
    DRAFT,
    EFFECTIVE,
    EVADE,
    FIRE_SHOT,
    FLUSH,
    FULL_RELOAD,
    HAND_LIMIT,
    HOLD,
    LOAD,
    MAGAZINE,
    MOUNT,
    OFFICER,
    OLD_SALT,
    PAIR,
    PAYMENT,
    PICK,
    PLACE,
    QUARTERMASTER,
    REPAIR,
    REPAIR_ACTION,
    REPUTATION,
    RETURN_SHOTS,
    SET_OF_ACTION,
    SHEER_OFF,
    SINGLE_RELOAD,
    SLIPPERY,
    SPEND_SHOTS,
    SPY,
    STAGE1,
    STAGE2,
    STRAIGHT,
    TASKS,
    THUNDER,
    TRICK_MARKERS,
    TRICK_ZONE,
    WINDOW,
    ZERO_IN_MAN,
    ZERO_IN_SIGHT,
)
from .sea_dog_cards import SeaDogCard, SeaDogCards

JSON = Any
RESULT_POINTS = {"perfect": 0, "good": -1, "poor": -2, "miss": -3, "early": -4}
# What taking one marker of a zone kind from the foe is worth, in Planks.
MARKER_WORTH = {"hull": 1.0, "deck": 0.7, "rigging": 0.35}
# What a realistic Target costs each cannon once aimed (the tiles' shapes).
TARGET_COST = {"18-pounder": -1.2, "long-nine": -1.3, "carronade": -1.0}
# A card in hand is worth about half a Plank, more in a short hand; a card that would
# be discarded at the end of the turn anyway costs little.
CARD_WORTH, SPARE_CARD_WORTH, SHORT_HAND = 0.4, 0.15, 0.25
# A Plank put back is worth this, and more for every Plank missing beyond the safe few.
PLANK_REPAIR, PLANK_URGENCY, SAFE_MISSING = 0.6, 0.25, 4
# Uncovering a Hand penalty costs this (the hand is what every action is paid with).
HAND_ICON = 1.0
# A card the foe loses from hand, an Aim card they lose from their Targets, and a
# loaded shot the manned cannon needs for its next shot.
FOE_CARD, SPOILED_AIM, GUN_SHOT = 0.6, 0.5, 1.6
# What a turn's delay of a shot costs, in markers; an empty cannon needs a Reload first.
WAIT_COST = 1.0
RELOAD_DELAY = 0.5
# The cannons mounted (fore, aft) and where the officers stand.
FORE_CANNON, AFT_CANNON = "carronade", "carronade"
OFFICER_DECKS = ("main-deck", "aft-deck")


def _cards(view: JSON, seat: int) -> list[int]:
    return list(view["ships"][seat]["hand"] or [])


# Open to subclasses in plain Python (variants, users' own), compiled too.
@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        c: Components = state.game.components  # type: ignore[attr-defined]
        view: JSON = None
        cards = _sea_dog_cards(state)
        if cards is not None and any(a.kind == "trick" for a in legal):
            # The Sea Dog module: a free trick whose moment has come is played (its
            # Requires already says the moment is right); another free one when its
            # rule says it helps now; one that costs an action when it beats the
            # action it would take instead (Stage 1 weighs them); the others are kept.
            trick = _timely_trick(cards, legal)
            if trick is not None:
                return trick
            view = self._view(state, seat, cards)
            view["_actions"] = {a.args[0] for a in legal if a.kind == "action"}
            trick = _helpful_trick(view, seat, [a for a in legal if a.kind == "trick"], c)
            if trick is not None:
                return trick
            if view["phase"] != STAGE1:
                legal = [a for a in legal if a.kind != "trick"] or legal
        if len(legal) == 1:
            return legal[0]
        view = view or self._view(state, seat, cards)
        phase = view["phase"]
        chooser = CHOOSERS.get(phase)
        choice = chooser(self, view, seat, legal, c) if chooser else None
        return choice if choice is not None else legal[0]

    def _view(self, state: State, seat: int, cards: SeaDogCards | None) -> JSON:
        """The seat's view, with what the choosers recall: the set being picked and,
        with the module, its cards."""
        view = state.bot_view(seat)
        if cards is not None:
            view["_sea"] = cards
        if view["phase"] == PICK:
            view["_set_kind"] = _set_kind(state, view, seat)
        return view

    def _first(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        return legal[0]  # in a window, "pass" (the lowest id once tricks are left out)

    def _last(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        return legal[-1]

    # -- setup -----------------------------------------------------------------------------

    def _officer(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # The officers apart, so that two Decks must be emptied to kill both; they
        # never leave to Repair, so they keep those Decks manned.
        placed = view["ships"][seat]["officers"]["captain"]
        wanted = OFFICER_DECKS[0 if placed is None else 1]
        return _by_zone(legal, c, wanted, arg=1) or legal[0]

    def _mount(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        fore = view["ships"][seat]["cannons"][0]["cannon"] is None
        wanted = FORE_CANNON if fore else AFT_CANNON
        return next((a for a in legal if c.cannons[a.args[1]].id == wanted), legal[0])

    def _load(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # The manned cannon gets the shots that suit its zone first, then any shot
        # (a Carronade needs two for a Double Shot); the rest go to the other cannon.
        gun = _gun_position(view, seat)
        best = _best_shot(view, seat, c)

        def score(a: Action) -> float:
            shot, position = a.args
            return 2.0 * (position == gun) + (shot == best) * (1.0 if position == gun else -0.5)

        return max(legal, key=score)

    def _zero_in_man(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        values = [_best_zone(view, seat, c, position)[1] for position in (0, 1)]
        return legal[0] if values[0] >= values[1] else legal[1]

    def _zero_in_sight(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        values = _zone_values(view, seat, c, _gun_position(view, seat))
        return max(legal, key=lambda a: values[a.args[0]])

    # -- Stage 1 ------------------------------------------------------------------------------

    def _stage1(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        names = {a.args[0]: a for a in legal if a.kind == "action"}
        must_aim = view["actions_taken"] == 1 and not view["aimed"]
        # Sea Dog: the tricks that are an action, each worth what it brings less what
        # keeping it for a better moment is worth (those that replace the Aim may Aim)
        cost = _card_cost(view, seat)
        tricks = _action_tricks(view, seat, legal, c, cost, must_aim)
        if must_aim and AIM in names and not tricks:
            return names[AIM]
        if CHANGE_TARGETS in names and _change_targets(view, seat, c):
            return names[CHANGE_TARGETS]
        # owing the Aim with no card, only the tricks are left (Close Quarters, SD3)
        actions = [n for n in ([AIM] if must_aim else names) if n in names]
        worths = _action_worths(view, seat, c, cost, actions)
        values: dict[Action, float] = {names[n]: worth for n, worth in worths.items()}
        values.update(tricks)
        if not values:
            return legal[0]
        return max(values, key=values.__getitem__)

    def _pick(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action | None:
        kind = view["_set_kind"]  # noted by ``choose``
        chosen = [(s[0], s[1]) for s in view["selection"]["cards"]] if view["selection"] else []
        by_text = {a.text: a for a in legal}
        done = by_text.get("done")
        if kind == AIM_CARD:
            gain, card, value, _, _ = _best_aim(view, seat, c)
            if done is not None and (card is None or gain <= _card_cost(view, seat)):
                return done  # Steady As She Goes: a second placement only if worth a card
            return _card_action(legal, card, value) if card is not None else legal[0]
        if kind in (STRAIGHT, EVADE):
            run = _straight_plan(view, seat, kind, chosen)
            if len(run) <= len(chosen):
                return done or legal[-1]
            card, value = run[len(chosen)]
            return _card_action(legal, card, value) or done or legal[-1]
        if kind == FLUSH:
            return _flush_pick(view, seat, c, legal, chosen) or done or legal[0]
        keep = _keep_values(view, seat, c)
        free = [x for x in _cards(view, seat) if x not in {card for card, _ in chosen}]
        if kind == PAIR:
            lucky = _doubloon_ready(view, seat)
            return _first_planned(legal, _cheapest_pair(free, keep, chosen, lucky)) or legal[0]
        wanted = 2  # a Single Shot Reload
        if kind == PAYMENT:
            wanted = len(_repair_plan(view, seat, c)[0])
            if len(chosen) >= wanted and done:
                return done
        plan = sorted(free, key=keep.__getitem__)[: max(1, wanted - len(chosen))]
        return _first_planned(legal, plan) or done or legal[0]

    def _place(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        card, value, _ = view["selection"]["cards"][0]
        _, _, _, target, side = _best_aim(view, seat, c, only=(card, value))
        return next((a for a in legal if a.args == (target, side)), legal[0])

    def _spend_shots(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # Spend what hurts the foe most, keeping a shot that suits our own Target.
        gun, best = _gun_position(view, seat), _best_shot(view, seat, c)
        foe = view["ships"][1 - seat]

        def score(a: Action) -> float:
            shot, position = a.args
            keep = 1.0 if position == gun and shot == best else 0.0
            return _broadside_hit(foe, c.shots[shot].hits) - keep

        return max(legal, key=score)

    def _effective(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        foe = view["ships"][1 - seat]
        return max(legal, key=lambda a: _broadside_hit(foe, c.shots[a.args[0]].hits))

    def _return_shots(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # A Full Reload draws a disc for every empty spot, so a shot that does not suit
        # the Target goes back for another chance; a Single Reload draws only one disc,
        # so a shot goes back only to make the room it needs.
        done = next((a for a in legal if a.kind == "done"), None)
        best, gun = _best_shot(view, seat, c), _gun_position(view, seat)
        wrong = [a for a in legal if a.kind == "shot" and a.args[0] != best]
        wrong.sort(key=lambda a: a.args[1] != gun)
        full = view["selection"] is not None and view["selection"]["kind"] == PAIR
        if wrong and (full or done is None):
            return wrong[0]
        return done or legal[0]

    def _repair(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        moves = {(a.args[0], a.args[1]): a for a in legal if a.kind == "move"}
        plan, _ = _repair_plan(view, seat, c)
        for frm, to in plan:
            if (c.zone_by_id[frm], c.zone_by_id[to]) in moves:
                return moves[c.zone_by_id[frm], c.zone_by_id[to]]
        return next((a for a in legal if a.kind == "stop"), legal[0])

    # -- Stage 2 ------------------------------------------------------------------------------

    def _stage2(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        return next(a for a in legal if a.args == ((1,) if _should_fire(view, seat, c) else (0,)))

    def _fire_shot(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        best = _best_shot(view, seat, c)
        return next((a for a in legal if a.args[0] == best), legal[0])

    def _double(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        attack = view["attack"]
        fire = attack["damage"] < attack["potential"]
        return next(a for a in legal if a.args == ((1,) if fire else (0,)))

    # -- losses and the hand limit ---------------------------------------------------------------

    def _tasks(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # Losses are taken in the order of their ids: plan them all, take the first.
        count = view["losses"][0][2] if view["losses"] else 1
        if legal[0].kind == "unaim":
            costs = {a: _unaim_cost(view, seat, c, a.args[0], a.args[1]) for a in legal}
            plan = sorted(legal, key=costs.__getitem__)[:count]
        else:
            plan = _loss_plan(view["ships"][seat], c, legal, count)
        return min(plan, key=lambda a: a.id)

    def _hand_limit(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # Discards are picked in id order: choose them all first, then the lowest.
        keep = _keep_values(view, seat, c)
        hand = _cards(view, seat)
        need = len(hand) - view["ships"][seat]["hand_limit"]
        plan = sorted(hand, key=keep.__getitem__)[: max(1, need)]
        return _first_planned(legal, plan) or min(legal, key=lambda a: _action_keep(a, keep))


def _action_worths(
    view: JSON, seat: int, c: Components, cost: float, actions: Sequence[int]
) -> dict[int, float]:
    """Each of the Stage 1 ``actions``' worth in Planks, net of the cards it costs
    (Changing Targets is weighed apart)."""
    worth: dict[int, Callable[[], float]] = {
        AIM: lambda: _best_aim(view, seat, c)[0] - cost,
        HOLD: lambda: cost,  # a card drawn is worth what a card in hand is
        SINGLE_RELOAD: lambda: _reload_value(view, seat, c, full=False) - 2 * cost,
        FULL_RELOAD: lambda: _reload_value(view, seat, c, full=True) - 2 * cost,
        BROADSIDE: lambda: _broadside_value(view, seat, c, cost),
        SHEER_OFF: lambda: _sheer_off_value(view, seat, cost),
        REPAIR_ACTION: lambda: _repair_value(view, seat, c, cost),
    }
    return {n: worth[n]() for n in actions if n in worth}


Chooser = Callable[[HeuristicBot, JSON, int, list[Action], Components], Action | None]


def _boarding_nets(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    """The markers to keep off: those of the hit that hurts most."""
    return max(legal, key=lambda a: _broadside_hit(view["ships"][seat], c.shots[a.args[0]].hits))


def _magazine(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    """Well-Stocked Magazine takes the shot that suits the Target."""
    best = _best_shot(view, seat, c)
    return next((a for a in legal if a.args[0] == best), legal[0])


def _quartermaster(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    """Shrewd Quartermaster sends back a shot that does not suit the Target."""
    best = _best_shot(view, seat, c)
    return next((a for a in legal if a.args[0] != best), legal[0])


#: The captain's choice for each decision (decisions.py), by phase.
CHOOSERS: dict[str, Chooser] = {
    OFFICER: HeuristicBot._officer,
    MOUNT: HeuristicBot._mount,
    LOAD: HeuristicBot._load,
    ZERO_IN_MAN: HeuristicBot._zero_in_man,
    ZERO_IN_SIGHT: HeuristicBot._zero_in_sight,
    STAGE1: HeuristicBot._stage1,
    PICK: HeuristicBot._pick,
    PLACE: HeuristicBot._place,
    SPEND_SHOTS: HeuristicBot._spend_shots,
    EFFECTIVE: HeuristicBot._effective,
    RETURN_SHOTS: HeuristicBot._return_shots,
    REPAIR: HeuristicBot._repair,
    STAGE2: HeuristicBot._stage2,
    FIRE_SHOT: HeuristicBot._fire_shot,
    DOUBLE: HeuristicBot._double,
    TASKS: HeuristicBot._tasks,
    HAND_LIMIT: HeuristicBot._hand_limit,
    # the Sea Dog module: the draft by preference, a window's pass (tricks are
    # played by ``choose``), then each follow-up by what it is worth
    REPUTATION: lambda bot, view, seat, legal, c: _preferred(view, legal, REPUTATION_ORDER),
    DRAFT: lambda bot, view, seat, legal, c: _preferred(view, legal, TRICK_ORDER),
    WINDOW: HeuristicBot._first,
    TRICK_ZONE: lambda bot, view, seat, legal, c: _sharpshooters_zone(view, seat, legal, c),
    THUNDER: HeuristicBot._last,  # the extra disc
    OLD_SALT: HeuristicBot._last,  # the higher card
    DEADEYE: lambda bot, view, seat, legal, c: _deadeye(view, seat, legal, c),
    CLOSE_QUARTERS: lambda bot, view, seat, legal, c: _close_quarters(view, seat, legal, c),
    CROWS_NEST: lambda bot, view, seat, legal, c: _crows_nest(view, seat, legal, c),
    BOARDING_NETS: lambda bot, view, seat, legal, c: _boarding_nets(view, seat, legal, c),
    TRICK_MARKERS: lambda bot, view, seat, legal, c: _trick_markers(view, seat, legal, c),
    MAGAZINE: lambda bot, view, seat, legal, c: _magazine(view, seat, legal, c),
    SPY: HeuristicBot._last,
    QUARTERMASTER: lambda bot, view, seat, legal, c: _quartermaster(view, seat, legal, c),
    SLIPPERY: HeuristicBot._first,
}


# -- the Sea Dog module's tricks -----------------------------------------------------------------

#: Free tricks played as soon as a window offers them: each one's Requires (checked by
#: the rules before it is offered) holds only where it helps, or it cannot be wasted.
TIMELY = frozenset(
    {
        "DT01",  # Sea Dragon Figurehead: D ≥ 1 is on the track
        "DT02",  # Red-Hot Shot: at worst no gain
        "DT06",  # Well-Stocked Magazine: the discs one wants
        "DT07",  # Double-Shotted: a disc is left to spend
        "DT09",  # Hard a-Port: D ≥ 1
        "DT11",  # Wet Powder
        "DT12",  # Brace for Impact: only offered when it saves markers
        "DT13",  # Boarding Nets: n′ ≥ 1
        "DT14",  # Damage Control
        "DT17",  # Able Seamen: the Repair is under way
        "DT19",  # Spy Aboard: the foe holds a card
        "DT21",  # Cut Across Her Bow: the Sheer Off is under way
        "DT22",  # Crow's Nest
        "DT24",  # Gust of Wind
    }
)


#: The Reputations the captain keeps first: it fires nearly every turn, so a better
#: Target reading and fewer penalties count most; then its defence and its hand; the
#: ones that reward actions it seldom takes (Evasions, Sheer Offs, Repairs) last.
REPUTATION_ORDER: tuple[str, ...] = (
    "REP1",
    "REP9",
    "REP3",
    "REP8",
    "REP2",
    "REP6",
    "REP5",
    "REP4",
    "REP7",
)
#: The tricks it keeps first: those its rules below play well, the others last.
TRICK_ORDER: tuple[str, ...] = (
    "DT04",  # Sharpshooters: an officer, or the win
    "DT12",  # Brace for Impact
    "DT09",  # Hard a-Port
    "DT11",  # Wet Powder
    "DT07",  # Double-Shotted
    "DT02",  # Red-Hot Shot
    "DT14",  # Damage Control
    "DT16",  # Carpenter's Mate
    "DT15",  # Ship's Surgeon
    "DT22",  # Crow's Nest
    "DT03",  # Close Quarters
    "DT23",  # Steady As She Goes
    "DT01",  # Sea Dragon Figurehead
    "DT13",  # Boarding Nets
    "DT18",  # Rum Ration
    "DT19",  # Spy Aboard
    "DT05",  # Powder Boy
    "DT08",  # Gun Captain
    "DT24",  # Gust of Wind
    "DT06",  # Well-Stocked Magazine
    "DT10",  # Weather Gauge
    "DT17",  # Able Seamen
    "DT21",  # Cut Across Her Bow
    "DT20",  # Lucky Doubloon: for an Evasion, a Sheer Off or a Full Reload it makes
)
#: What keeping a single-use trick for a better moment is worth, in Planks: a trick
#: that is an action is played when it beats the best other action by this much.
#: Sharpshooters waits longer: an officer it can kill may come.
TRICK_KEEP, SHARPSHOOTERS_KEEP = 0.5, 1.0


def _sea_dog_cards(state: State) -> SeaDogCards | None:
    """The module's cards, ``None`` in a base game."""
    # (not ``isinstance(game, BroadSidesGame)``: an abstract class is slow to test,
    # and this is asked at every decision of every rollout)
    cards = getattr(state.game, "sea_dog", None)
    return cards if isinstance(cards, SeaDogCards) else None


def _timely_trick(cards: SeaDogCards, legal: Sequence[Action]) -> Action | None:
    for action in legal:
        if action.kind == "trick" and cards.tricks[action.args[0]].id in TIMELY:
            return action
    return None


def _sea(view: JSON) -> SeaDogCards:
    cards: SeaDogCards = view["_sea"]
    return cards


def _in_play(view: JSON) -> dict[str, int]:
    """The Sea Dog tricks in play this turn (none without the module)."""
    sea = view.get("sea_dog")
    return sea["in_play"] if sea else {}


def _trick_card(view: JSON, a: Action) -> SeaDogCard:
    return _sea(view).tricks[a.args[0]]


def _preferred(view: JSON, legal: list[Action], order: Sequence[str]) -> Action:
    """The Reputation or trick dealt that comes first in ``order``."""
    cards = _sea(view)

    def rank(a: Action) -> int:
        card = (cards.reputations if a.kind == "reputation" else cards.tricks)[a.args[0]]
        return order.index(card.id) if card.id in order else len(order)

    return min(legal, key=rank)


def _helpful_trick(view: JSON, seat: int, tricks: list[Action], c: Components) -> Action | None:
    """A free trick whose rule here says it helps now (played at once)."""
    for a in tricks:
        card = _trick_card(view, a)
        helps = HELPS.get(card.id)
        if helps is not None and helps(view, seat, c, card):
            return a
    return None


def _powder_boy_helps(view: JSON, seat: int, c: Components, card: SeaDogCard) -> bool:
    """DT05: the manned cannon is empty, or a Carronade lacks its Double Shot's disc."""
    ship = view["ships"][seat]
    cannon = ship["cannons"][_gun_position(view, seat)]
    kind = c.cannon_by_id.get(cannon["cannon"])
    room = (cannon["capacity"] or 0) - len(cannon["shots"])
    if not cannon["usable"] or room <= 0 or not sum(view["bag"].values()):
        return False
    return not cannon["shots"] or (kind is not None and c.cannons[kind].double_shot)


def _gun_captain_helps(view: JSON, seat: int, c: Components, card: SeaDogCard) -> bool:
    """DT08: the manned cannon cannot fire and the other one can."""
    cannons = view["ships"][seat]["cannons"]
    gun = _gun_position(view, seat)
    other = cannons[1 - gun]
    stuck = not cannons[gun]["usable"] or not cannons[gun]["shots"]
    return bool(stuck and other["usable"] and other["shots"])


def _weather_gauge_helps(view: JSON, seat: int, c: Components, card: SeaDogCard) -> bool:
    """DT10: the best Evasion counted as a straight flush saves more than without."""
    if view["_set_kind"] != EVADE or view["selection"]:
        return False
    hand = _cards(view, seat)
    covered = set(view["ships"][seat]["tracks"]["evasion"])
    runs = _runs(hand, covered, [], len(hand), (None, 0, 1, 2, 3))
    plain = _evasion_choice(view, seat, runs, [])[0]
    return _evasion_choice(view, seat, [(run, True) for run, _ in runs], [])[0] > plain


def _rum_ration_helps(view: JSON, seat: int, c: Components, card: SeaDogCard) -> bool:
    """DT18: the hand is short, so the extra cards are kept rather than discarded."""
    limit: int = view["ships"][seat]["hand_limit"]
    return len(_cards(view, seat)) + card.param("draw") <= limit + 1


def _doubloon_ready(view: JSON, seat: int) -> bool:
    """Our Lucky Doubloon is in play for the next use (DT20), or being weighed."""
    return bool(_in_play(view).get(f"lucky{seat}") or view.get("_doubloon"))


def _with_doubloon(view: JSON, worth: Callable[[], float]) -> float:
    """``worth`` as if our Lucky Doubloon were in play."""
    view["_doubloon"] = True
    try:
        return worth()
    finally:
        del view["_doubloon"]


def _evasion_worth(view: JSON, seat: int) -> float:
    return _evasion_choice(view, seat, _straight_runs(view, seat, EVADE, []), [])[0]


def _lucky_doubloon_helps(view: JSON, seat: int, c: Components, card: SeaDogCard) -> bool:
    """DT20: the use one card as a Wild makes beats the best without it by more than
    keeping the Doubloon is worth: an Evasion (as it begins), or in Stage 1 a Sheer
    Off or a Full Reload (any two cards pair) over the best action without it. Its
    Wild's value is named by the plan (``_card_action``)."""
    if view["phase"] == PICK:
        if view["_set_kind"] != EVADE or view["selection"]:
            return False
        lucky = _with_doubloon(view, lambda: _evasion_worth(view, seat))
        return lucky > _evasion_worth(view, seat) + TRICK_KEEP
    if view["actions_taken"] == 1 and not view["aimed"]:
        return False  # the Aim must come: the Doubloon would wait for it
    cost = _card_cost(view, seat)
    names = [n for n in range(CHANGE_TARGETS) if n in view["_actions"]]
    best = max(_action_worths(view, seat, c, cost, names).values(), default=-9.0)
    uses = [SHEER_OFF] + ([FULL_RELOAD] if SINGLE_RELOAD in names else [])
    lucky = _with_doubloon(view, lambda: max(_action_worths(view, seat, c, cost, uses).values()))
    return lucky > best + TRICK_KEEP


Helps = Callable[[JSON, int, Components, SeaDogCard], bool]
#: The free tricks played when their rule says so (the TIMELY ones are played at once).
HELPS: dict[str, Helps] = {
    "DT05": _powder_boy_helps,  # Powder Boy
    "DT08": _gun_captain_helps,  # Gun Captain
    "DT10": _weather_gauge_helps,  # Weather Gauge
    "DT18": _rum_ration_helps,  # Rum Ration
    "DT20": _lucky_doubloon_helps,  # Lucky Doubloon
}


def _action_tricks(
    view: JSON, seat: int, legal: list[Action], c: Components, cost: float, must_aim: bool
) -> dict[Action, float]:
    """The Stage 1 tricks that are an action, each with its worth in Planks less
    ``TRICK_KEEP`` (when the turn's Aim must come, only those that replace it)."""
    out: dict[Action, float] = {}
    for a in legal:
        if a.kind != "trick":
            continue
        card = _trick_card(view, a)
        worth = ACTION_TRICKS.get(card.id)
        if worth is None or card.cost == "free" or (must_aim and card.cost != "replaces_aim"):
            continue
        keep = SHARPSHOOTERS_KEEP if card.id == "DT04" else TRICK_KEEP
        out[a] = worth(view, seat, c, card, cost) - keep
    return out


def _sharpshooter_worth(view: JSON, seat: int, c: Components, zone: int) -> float:
    """What removing a marker of the foe's Deck ``zone`` is worth (they choose it: a
    Crewman while one is left, house ruling 7): an officer, or the Crewman and the
    penalty it uncovers on the Deck of the foe's manned cannon."""
    foe = view["ships"][1 - seat]
    deck = c.zones[zone]
    z = _zones(foe)[deck.id]
    if z["markers"] < 1:
        return -9.0
    if z["markers"] <= len(z["officers"]):  # only officers left: one falls
        lost = sum(1 for o in foe["officers"].values() if o == "lost")
        return 20.0 if lost else 3.0
    if deck.cannon is None or deck.cannon != _manned_position(foe):
        return MARKER_WORTH["deck"]
    return MARKER_WORTH["deck"] + _icon_worth(deck.penalties[deck.spaces - z["markers"]], True)


def _sharpshooters_value(
    view: JSON, seat: int, c: Components, card: SeaDogCard, cost: float
) -> float:
    """DT04: at its best when the foe has an officer it can kill."""
    return max(_sharpshooter_worth(view, seat, c, z) for z in c.zones_of("deck"))


def _sharpshooters_zone(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    return max(legal, key=lambda a: _sharpshooter_worth(view, seat, c, a.args[0]))


def _surgeon_value(view: JSON, seat: int, c: Components, card: SeaDogCard, cost: float) -> float:
    """DT15: the penalties the Crewmen cover on the Decks they join."""
    return _placements(view, seat, c, "deck", card.param("crewmen"))[0]


def _carpenter_value(view: JSON, seat: int, c: Components, card: SeaDogCard, cost: float) -> float:
    """DT16: Planks back, more urgent near sinking or a Disaster."""
    missing = view["ships"][seat]["missing_planks"]
    return _placements(view, seat, c, "hull", min(card.param("planks"), missing))[0]


def _placements(
    view: JSON, seat: int, c: Components, kind: str, n: int, zones: Sequence[int] | None = None
) -> tuple[float, list[int]]:
    """Up to ``n`` markers returned to our zones of ``kind`` (or ``zones``), each where
    it is worth most: their worth together, and where they go."""
    ship = view["ships"][seat]
    markers = {z["zone"]: z["markers"] for z in ship["zones"]}
    missing = ship["missing_planks"]
    gun_deck = c.deck_of(("fore", "aft")[_gun_position(view, seat)])
    total, plan = 0.0, []
    for _ in range(n):
        best, where = -1.0, None
        for z in zones if zones is not None else c.zones_of(kind):
            b = c.zones[z]
            if markers[b.id] >= b.spaces:
                continue
            if b.kind == "hull":
                value = PLANK_REPAIR + PLANK_URGENCY * max(0, missing - SAFE_MISSING)
                if markers[b.id] <= 1 and ship["disasters"].get(b.id) == "face down":
                    value += 1.0
            elif b.kind == "deck":
                icon = b.penalties[b.spaces - markers[b.id] - 1]
                value = _icon_worth(icon, b.index == gun_deck) + 0.2
            else:
                value = 0.4 * bool(b.penalties[: b.spaces - markers[b.id]].count("rigging"))
            if value > best:
                best, where = value, z
        if where is None:
            break
        total += best
        plan.append(where)
        markers[c.zones[where].id] += 1
        missing -= c.zones[where].kind == "hull"
    return total, plan


def _trick_markers(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    """Surgeon's Crewmen, Carpenter's Planks: planned together (they are placed in
    zone order), the first of the plan now."""
    zones = sorted({a.args[0] for a in legal})
    left = _in_play(view).get("markers_left", 1)
    plan = _placements(view, seat, c, c.zones[zones[0]].kind, left, zones)[1]
    return next((a for a in legal if a.args[0] in plan), legal[0])


def _close_quarters_value(
    view: JSON, seat: int, c: Components, card: SeaDogCard, cost: float
) -> float:
    """DT03, in place of the Aim and its card: the damage this turn's shot gains with
    its worst Target ignored (only when that is at least 1)."""
    kind = _manned_kind(view, seat, c)
    targets = view["ships"][seat]["targets"]
    if kind is None or not targets:
        return -9.0
    reads = [_reads(c, kind, t) for t in targets]
    now = _shot_damage(view, seat, c, reads)
    reads.remove(min(reads, key=RESULT_POINTS.__getitem__))
    gain = _shot_damage(view, seat, c, reads) - now
    return gain if gain >= 1 else -9.0


def _close_quarters(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    """The Target that reads worst."""
    kind = _manned_kind(view, seat, c)
    targets = {t["target"]: t for t in view["ships"][seat]["targets"]}
    if kind is None:
        return legal[0]
    return min(legal, key=lambda a: RESULT_POINTS[_reads(c, kind, targets[a.args[0]])])


def _steady_value(view: JSON, seat: int, c: Components, card: SeaDogCard, cost: float) -> float:
    """DT23: the Aim, and a second placement if it is worth its card."""
    gain, first, value, target, side = _best_aim(view, seat, c)
    kind = _manned_kind(view, seat, c)
    if first is None or kind is None:
        return -9.0
    targets = [dict(t) for t in view["ships"][seat]["targets"]]
    placed = next(t for t in targets if t["target"] == target)
    placed["left_value" if side == 0 else "bottom_value"] = value
    hand = [x for x in _cards(view, seat) if x != first]
    options = [(x, v) for x in hand for v in ((card_value(x),) if not is_wild(x) else range(1, 11))]
    second = _best_placement(c, kind, targets, options)[0] if options else 0.0
    return gain - cost + max(0.0, second - cost)


ActionTrick = Callable[[JSON, int, Components, SeaDogCard, float], float]
#: The tricks that are a Stage 1 action, and what each is worth now.
ACTION_TRICKS: dict[str, ActionTrick] = {
    "DT03": _close_quarters_value,  # Close Quarters
    "DT04": _sharpshooters_value,  # Sharpshooters
    "DT15": _surgeon_value,  # Ship's Surgeon
    "DT16": _carpenter_value,  # Carpenter's Mate
    "DT23": _steady_value,  # Steady As She Goes
}


def _deadeye(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    """REP1: the shift (or none) that leaves the damage track highest after the
    Target cards are read, step by step; no shift when none gains."""
    kind = _manned_kind(view, seat, c)
    if kind is None:
        return legal[0]
    rep = _sea(view).reputations[_sea(view).reputation_index("REP1") or 0]
    shift = rep.params.get("shift", 1)
    ignored = _in_play(view).get("ignored_target")
    targets = [t for t in view["ships"][seat]["targets"] if t["target"] != ignored]

    def damage(a: Action) -> float:
        track = float(view["attack"]["damage"])
        for t in targets:
            if a.kind == "deadeye" and a.args[0] == t["target"]:
                t = dict(t)
                key = "left_value" if a.args[1] == 0 else "bottom_value"
                t[key] += shift if a.args[2] else -shift
            track = max(0.0, track + RESULT_POINTS[_reads(c, kind, t)])
        return track

    return max(legal, key=lambda a: (damage(a), a.kind == "no-deadeye"))


def _crows_nest(view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
    """DT22: keep the Target cards the hand can aim at best (planned together: they
    are kept in order), the first of the plan now."""
    kind = _manned_kind(view, seat, c)
    if kind is None:
        return legal[0]
    points = _points(c, kind)
    hand = _cards(view, seat)
    kept = set(view["sea_dog"]["picked"] or [])
    left = _in_play(view).get("keep_left", 1)
    promise = {
        t["target"]: _target_promise(points, t["centre"], hand)
        for t in view["ships"][seat]["targets"]
        if t["target"] not in kept
    }
    plan = sorted(promise, key=lambda t: (-promise[t], t))[:left]
    return next((a for a in legal if a.args[0] in plan), legal[0])


def _target_promise(points: _Points, centre: Sequence[int], hand: list[int]) -> float:
    """How well a Target card could be read with two cards of the hand (a Wild fits
    any number), or one if that is all there is."""
    cx, cy = centre

    def gap(x: int, v: int) -> int:
        return 0 if is_wild(x) else abs(card_value(x) - v)

    pairs = [
        points.pair[min(gap(x, cx), gap(y, cy))][max(gap(x, cx), gap(y, cy))]
        for x in hand
        for y in hand
        if x != y
    ]
    if pairs:
        return float(max(pairs))
    singles = [points.one[min(gap(x, cx), gap(x, cy))] for x in hand]
    return max(singles, default=-3.0)


# -- reading the position ------------------------------------------------------------------------


def _by_zone(legal: Sequence[Action], c: Components, zone_id: str, arg: int) -> Action | None:
    return next((a for a in legal if c.zones[a.args[arg]].id == zone_id), None)


def _set_kind(state: State, view: JSON, seat: int) -> str:
    """The set being built (phases.PICKS): the view names it once a card is picked.
    Before that, an Evasion if it is the foe's turn; else the set our own last Stage 1
    action began (a decision of ours: we recall it), or Aim cards for Steady As She
    Goes (Sea Dog)."""
    if view["selection"]:
        return str(view["selection"]["kind"])
    if view["turn_player"] != seat:
        return EVADE
    space = state.game.action_space
    for action_id in reversed(state.history):
        action = space[action_id]
        if action.kind == "action":
            return SET_OF_ACTION.get(action.args[0], "other")
        if action.kind == "trick" and _sea(view).tricks[action.args[0]].id == "DT23":
            return AIM_CARD
    return "other"


def _gun_position(view: JSON, seat: int) -> int:
    """The manned cannon, or before the first Zero In the one the Carronade is on."""
    manned = _manned(view, seat)
    if manned is not None:
        return manned
    cannons = view["ships"][seat]["cannons"]
    return next((i for i, cn in enumerate(cannons) if cn["cannon"] == "carronade"), 0)


def _manned(view: JSON, seat: int) -> int | None:
    """The position of our manned cannon (``None`` before the first Zero In), read once
    per view: nearly every rule asks for it."""
    ship = view["ships"][seat]
    if "_manned" not in ship:
        cannons = ship["cannons"]
        ship["_manned"] = next((i for i, cn in enumerate(cannons) if cn["manned"]), None)
    manned: int | None = ship["_manned"]
    return manned


class Gun(NamedTuple):
    """One of our cannons, as the view shows it."""

    kind: int | None  # the Cannon tile
    hits: tuple[str, ...]  # the zone kind each loaded shot hits best
    penalty: int  # Cannon penalties showing on its Deck
    usable: bool
    capacity: int


def _gun(view: JSON, seat: int, c: Components, position: int) -> Gun:
    """Our cannon at ``position``, read once per view (it is asked for often)."""
    ship = view["ships"][seat]
    guns: list[Gun | None] | None = ship.get("_guns")
    if guns is None:
        guns = [None, None]
        ship["_guns"] = guns
    gun = guns[position]
    if gun is None:  # most decisions ask only for the manned one
        gun = guns[position] = _read_gun(ship, c, position)
    return gun


def _read_gun(ship: JSON, c: Components, position: int) -> Gun:
    cannon = ship["cannons"][position]
    kind = c.cannon_by_id.get(cannon["cannon"])
    hits = c.shot_hits
    deck = _zones(ship)[c.zones[c.deck_of(cannon["position"])].id]
    return Gun(
        kind,
        tuple(hits[s] for s in cannon["shots"]),
        deck["exposed"].count("cannon"),
        bool(cannon["usable"]),
        cannon["capacity"] or 0,
    )


def _cannon_kind(view: JSON, seat: int, c: Components, position: int) -> int | None:
    # (not ``_gun``: its penalty needs the Decks, which Aiming never reads)
    cannon: str | None = view["ships"][seat]["cannons"][position]["cannon"]
    return c.cannon_by_id.get(cannon) if cannon is not None else None


def _manned_kind(view: JSON, seat: int, c: Components) -> int | None:
    position = _manned(view, seat)
    return None if position is None else _cannon_kind(view, seat, c, position)


def _best_shot(view: JSON, seat: int, c: Components) -> int:
    sight = view["ships"][seat]["gunsight"]
    if sight is None:
        return c.shot_for("hull")
    return c.shot_for(c.zones[c.zone_by_id[sight]].kind)


def _zones(ship: JSON) -> dict[str, JSON]:
    """The ship's zones by id, kept in the view (it is read many times a decision)."""
    zones: dict[str, JSON] | None = ship.get("_by_zone")
    if zones is None:
        zones = ship["_by_zone"] = {z["zone"]: z for z in ship["zones"]}
    return zones


def _card_cost(view: JSON, seat: int) -> float:
    """What a card in hand is worth: much to a short hand, little when it would be
    discarded at the end of the turn anyway."""
    ship = view["ships"][seat]
    hand = len(_cards(view, seat))
    actions_left = 2 - view["actions_taken"]
    if hand + 2 - actions_left > ship["hand_limit"]:
        return SPARE_CARD_WORTH
    return CARD_WORTH + SHORT_HAND * max(0, 4 - hand)


# -- aiming and firing ------------------------------------------------------------------------------


class _Points(NamedTuple):
    """A Cannon's range table in points: ``pair[a][b]`` for a Target with both cards
    (distances a <= b), ``one[d]`` for a Target with one card at distance d, and
    ``reads[dx][dy]``, what ``_target_points`` makes of every pair of gaps (``NO_CARD``
    for an empty side)."""

    pair: tuple[tuple[int, ...], ...]
    one: tuple[float, ...]
    reads: tuple[tuple[float, ...], ...]


#: The gap ``_Points.reads`` files an empty side of a Target under (gaps run 0 to 9).
NO_CARD = 10

# Worked out once per Cannon tile: the search reads them a million times a minute. Each
# entry keeps its tile, so that the id it is filed under stays the tile's; every game
# configured anew brings new tiles, so the oldest are let go past a few dozen.
_POINTS: dict[int, tuple[CannonKind, _Points]] = {}
_POINTS_KEPT = 64


def _points(c: Components, cannon: int) -> _Points:
    kind = c.cannons[cannon]
    entry = _POINTS.get(id(kind))
    if entry is None or entry[0] is not kind:
        pair = tuple(tuple(RESULT_POINTS[r] for r in row) for row in kind.table)
        # A Target with one card is a Miss now; a matching second card would make it
        # what this one card allows.
        one = tuple(-3 + 0.5 * (3 + RESULT_POINTS[r]) for r in kind.table[0])
        gaps = range(NO_CARD + 1)
        reads = tuple(tuple(_reading(pair, one, dx, dy) for dy in gaps) for dx in gaps)
        if len(_POINTS) >= _POINTS_KEPT:
            del _POINTS[next(iter(_POINTS))]
        entry = _POINTS[id(kind)] = (kind, _Points(pair, one, reads))
    return entry[1]


def _reading(pair: tuple[tuple[int, ...], ...], one: tuple[float, ...], dx: int, dy: int) -> float:
    """How a Target with its cards ``dx`` and ``dy`` off its centre (``NO_CARD``: none
    there) reads if fired now, plus a fair chance of improving a missing or poor card
    later."""
    if dx == NO_CARD:
        return -2.5 if dy == NO_CARD else one[dy]
    if dy == NO_CARD:
        return one[dx]
    # A poor card can be replaced later: it costs little more than an empty side.
    actual = pair[min(dx, dy)][max(dx, dy)]
    hopes = max(one[dx], one[dy]) - 0.3
    return max(actual, hopes)


def _gap(value: int | None, centre: int) -> int:
    """How far a side's card lies off the Target's centre (``NO_CARD``: no card)."""
    return NO_CARD if value is None else abs(value - centre)


def _target_points(
    points: _Points, centre: Sequence[int], left: int | None, bottom: int | None
) -> float:
    """How a Target reads if fired now, plus a fair chance of improving a missing or
    poor card later (``_reading``)."""
    cx, cy = centre
    return points.reads[_gap(left, cx)][_gap(bottom, cy)]


def _best_aim(
    view: JSON, seat: int, c: Components, only: tuple[int, int] | None = None
) -> tuple[float, int | None, int, int, int]:
    """(gain, card, value, target, side) of the best Aim card and where it goes."""
    kind = _manned_kind(view, seat, c)
    if kind is None:
        return (0.0, None, 0, 0, 0)
    options: list[tuple[int, int]] = []
    if only is not None:
        options = [only]
    else:
        for card in _cards(view, seat):
            if is_wild(card):
                options += [(card, v) for v in range(1, 11)]
            else:
                options.append((card, card_value(card)))
    return _best_placement(c, kind, view["ships"][seat]["targets"], options)


def _best_placement(
    c: Components, kind: int, targets: list[JSON], options: list[tuple[int, int]]
) -> tuple[float, int | None, int, int, int]:
    best: tuple[float, int | None, int, int, int] = (-99.0, None, 0, 0, 0)
    reads = _points(c, kind).reads
    offers = _distinct_offers(options)
    for t in targets:
        cx, cy = t["centre"]
        dx, dy = _gap(t["left_value"], cx), _gap(t["bottom_value"], cy)
        before = reads[dx][dy]
        for card, value, wild in offers:
            left = reads[abs(value - cx)][dy] - before
            bottom = reads[dx][abs(value - cy)] - before
            if wild:  # a Wild is worth keeping for straights and flushes
                left -= 0.3
                bottom -= 0.3
            if left > best[0]:
                best = (left, card, value, t["target"], 0)
            if bottom > best[0]:
                best = (bottom, card, value, t["target"], 1)
    return best


def _distinct_offers(options: list[tuple[int, int]]) -> list[tuple[int, int, bool]]:
    """The options (card, value) with whether the card is a Wild, each number and
    wildness once: one like an option before it (a second Wild, a second card of a
    number) gains exactly as much, so it is never chosen over the first."""
    seen: set[tuple[int, bool]] = set()
    offers = []
    for card, value in options:
        wild = is_wild(card)
        if (value, wild) not in seen:
            seen.add((value, wild))
            offers.append((card, value, wild))
    return offers


def _reads(c: Components, kind: int, t: JSON) -> str:
    if t["left_value"] is None and t["bottom_value"] is None:
        return "early"
    if t["left_value"] is None or t["bottom_value"] is None:
        return "miss"
    cx, cy = t["centre"]
    return c.cannons[kind].result(t["left_value"] - cx, t["bottom_value"] - cy)


def _shot_damage(
    view: JSON,
    seat: int,
    c: Components,
    results: Sequence[str],
    shots: Sequence[str] | None = None,
) -> float:
    """What the manned cannon would deal with Targets reading ``results`` (and loaded
    with discs hitting ``shots``, if given), step by step as the damage track moves
    (never below 0), Double Shot included."""
    sight = view["ships"][seat]["gunsight"]
    gun = _gun(view, seat, c, _gun_position(view, seat))
    kind = gun.kind
    if shots is None:
        shots = gun.hits
    if sight is None or kind is None or not shots or not gun.usable:
        return 0.0
    zone = c.zones[c.zone_by_id[sight]]
    potential = _zones(view["ships"][1 - seat])[sight]["markers"]
    left = list(shots)  # the discs left after the first is fired
    track = potential
    if zone.kind in left:
        left.remove(zone.kind)
    else:
        left.pop()
        track -= 1
    track = max(0, track - gun.penalty)
    for result in results:
        track = max(0, track + RESULT_POINTS[result])
    if c.cannons[kind].double_shot and left:
        track = min(potential, track + (2 if left[0] == zone.kind else 1))
    return float(track)


def _should_fire(view: JSON, seat: int, c: Components) -> bool:
    """Fire when the shot does real damage and waiting for better Aim would cost more
    turns than it gains: a turn's delay is worth about WAIT_COST markers."""
    kind = _manned_kind(view, seat, c)
    if kind is None:
        return False
    ship = view["ships"][seat]
    targets = ship["targets"]
    reads = [_reads(c, kind, t) for t in targets]
    if reads and _in_play(view).get("close_quarters"):  # the worst Target will be ignored
        reads.remove(min(reads, key=RESULT_POINTS.__getitem__))
    now = _shot_damage(view, seat, c, reads)
    if now < 1:
        return False
    later = _shot_damage(view, seat, c, _reads_after_aiming(view, seat, c, kind))
    empty = sum((t["left_value"] is None) + (t["bottom_value"] is None) for t in targets)
    aimed = _zone_damage(view, seat, c, _gun_position(view, seat), c.zone_by_id[ship["gunsight"]])
    turns = max(1, (empty + 1) // 2)  # two Aims a turn at best
    return now >= max(later - WAIT_COST, aimed - WAIT_COST * turns)


def _reads_after_aiming(
    view: JSON, seat: int, c: Components, kind: int, aims: int = 2
) -> list[str]:
    """What the Targets would read after more Aims from the present hand."""
    targets = [dict(t) for t in view["ships"][seat]["targets"]]
    hand = _cards(view, seat)
    for _ in range(aims):
        options = [
            (x, v) for x in hand for v in ((card_value(x),) if not is_wild(x) else range(1, 11))
        ]
        gain, card, value, target, side = _best_placement(c, kind, targets, options)
        if card is None or gain <= 0:
            break
        hand.remove(card)
        t = next(t for t in targets if t["target"] == target)
        t["left_value" if side == 0 else "bottom_value"] = value
    return [_reads(c, kind, t) for t in targets]


# -- choosing a zone --------------------------------------------------------------------------------


def _best_zone(view: JSON, seat: int, c: Components, position: int) -> tuple[int, float]:
    values = _zone_values(view, seat, c, position)
    best = max(range(len(values)), key=values.__getitem__)
    return best, values[best]


def _zone_values(view: JSON, seat: int, c: Components, position: int) -> list[float]:
    """What Zeroing In this cannon on each zone (by index) should deal a turn, in
    Planks. Every zone at once: the search asks for all of them many times a second."""
    foe = view["ships"][1 - seat]
    foe_zones = _zones(foe)
    gun = _gun(view, seat, c, position)
    lost = sum(1 for o in foe["officers"].values() if o == "lost")
    damages = _damages(c, gun)
    return [_zone_worth(damages, foe, zone, foe_zones[zone.id], lost) for zone in c.zones]


def _zone_worth(damages: Damages, foe: JSON, zone: Zone, z: JSON, lost: int) -> float:
    """What the gun of ``damages`` Zeroed In on the foe's ``zone`` (``z`` as the view
    shows it, ``lost`` officers already dead) should deal a turn, in Planks."""
    markers: int = z["markers"]
    damage = damages.on(zone, markers)
    worth = MARKER_WORTH[zone.kind] * damage
    if zone.kind == "hull":
        if foe["missing_planks"] + damage >= 10:
            worth += 4  # the ship sinks
        if damage >= markers and foe["disasters"].get(zone.id) == "face down":
            worth += 1.5
    if zone.kind == "deck" and z["officers"]:
        # Crewmen fall first; the officers behind them are the second way to win.
        deaths = min(len(z["officers"]), int(damage) - (markers - len(z["officers"])))
        if deaths > 0:
            worth += 10 if lost + deaths >= 2 else 3 * deaths
    # Per turn of Aiming it takes; a fuller zone breaks ties (it stays worth more).
    return worth / (zone.targets + 1) + 0.01 * markers


def _zone_damage(view: JSON, seat: int, c: Components, position: int, zone_index: int) -> float:
    """The damage a cannon should deal on a zone once its Targets are fairly aimed."""
    zone = c.zones[zone_index]
    markers = _zones(view["ships"][1 - seat])[zone.id]["markers"]
    return _damages(c, _gun(view, seat, c, position)).on(zone, markers)


class Damages:
    """What one gun (as loaded, manned and penalised) should deal on each zone, by the
    markers the zone holds: worked out once and kept, for the search meets the same
    few guns again and again."""

    __slots__ = ("_c", "_gun", "_known")

    def __init__(self, c: Components, gun: Gun) -> None:
        self._c, self._gun = c, gun
        self._known: dict[tuple[int, int], float] = {}

    def on(self, zone: Zone, markers: int) -> float:
        key = (zone.index, markers)
        damage = self._known.get(key)
        if damage is None:
            damage = self._known[key] = _damage(self._c, self._gun, zone, markers)
        return damage


# The guns' damages, each kept with the components it was worked out for; a game
# configured anew brings new components, so the store is emptied when it grows large.
_DAMAGES: dict[Gun, Damages] = {}
_DAMAGES_KEPT = 4096


def _damages(c: Components, gun: Gun) -> Damages:
    damages = _DAMAGES.get(gun)
    if damages is None or damages._c is not c:
        if len(_DAMAGES) >= _DAMAGES_KEPT:
            _DAMAGES.clear()
        damages = _DAMAGES[gun] = Damages(c, gun)
    return damages


def _damage(c: Components, gun: Gun, zone: Zone, markers: int) -> float:
    """The damage ``gun`` should deal on ``zone`` holding ``markers``, once aimed."""
    kind = gun.kind
    if kind is None or not gun.usable:
        return -1.0
    shots: Sequence[str] = gun.hits
    damage = float(markers) + zone.targets * TARGET_COST[c.cannons[kind].id] - gun.penalty
    if not shots:  # a Reload first, with shots that may suit any zone
        shots = [zone.kind] * gun.capacity
        damage -= RELOAD_DELAY
    if zone.kind not in shots:
        damage -= 1
    damage = max(0.0, damage)
    if c.cannons[kind].double_shot:  # even a blind Double Shot counts from 0
        damage += 2 if len(shots) >= 2 and shots.count(zone.kind) >= 1 else 1
    return min(float(markers), damage)


def _change_targets(view: JSON, seat: int, c: Components) -> bool:
    """Skip Stage 1 to Zero In anew when the manned cannon cannot fire, or its zone
    has become far worse than another (the Aim cards there are lost)."""
    ship = view["ships"][seat]
    position = _gun_position(view, seat)
    if not ship["cannons"][position]["usable"]:
        return bool(ship["cannons"][1 - position]["usable"])
    values = _zone_values(view, seat, c, position)
    here = values[c.zone_by_id[ship["gunsight"]]]
    # Another zone of this cannon may already be far better, before the other's.
    return here < 0.4 * max(values) or here < 0.4 * max(_zone_values(view, seat, c, 1 - position))


# -- Stage 1 actions other than Aim -----------------------------------------------------------------


def _reload_value(view: JSON, seat: int, c: Components, full: bool) -> float:
    """Damage a Reload adds to the next shot (a suitable shot, a second disc for the
    Double Shot, any shot in an empty cannon), and a little for every disc it adds.
    Shots already loaded may move to the manned cannon; new discs come from the bag."""
    ship = view["ships"][seat]
    position = _gun_position(view, seat)
    cannon = ship["cannons"][position]
    kind = _cannon_kind(view, seat, c, position)
    if kind is None or not cannon["usable"] or ship["gunsight"] is None:
        return 0.0
    reads, now = _shot_before_reloading(view, seat, c, kind)
    wanted = c.zones[c.zone_by_id[ship["gunsight"]]].kind
    loaded = [*_gun(view, seat, c, 0).hits, *_gun(view, seat, c, 1).hits]
    room = sum((cn["capacity"] or 0) - len(cn["shots"]) for cn in ship["cannons"])
    wrong = len(loaded) - loaded.count(wanted)
    # A Full Reload returns the wrong shots and draws for every spot; a Single one
    # draws one disc (returning a shot first if there is no room).
    draws = room + wrong if full else 1
    if full:
        loaded = [k for k in loaded if k == wanted]
    elif not room:
        loaded.remove(next((k for k in loaded if k != wanted), loaded[0]))
    bag = view["bag"]
    p_match = bag.get(c.shots[c.shot_for(wanted)].id, 0) / max(1, sum(bag.values()))
    n = min(cannon["capacity"] or 0, len(loaded) + draws)
    p_none = 0.0 if wanted in loaded else (1 - p_match) ** draws
    second = wanted if loaded.count(wanted) >= 2 else "other"
    after = (1 - p_none) * _shot_damage(view, seat, c, reads, [wanted] + [second] * (n - 1))
    after += p_none * _shot_damage(view, seat, c, reads, ["other"] * n)
    added = room if full else min(1, room)
    # An empty cannon cannot fire at all, and a lone disc cannot Double Shot.
    floor = 1.5 if not cannon["shots"] else 0.8 if len(cannon["shots"]) < n else 0.0
    return max(floor, after - now) + 0.2 * added


def _shot_before_reloading(
    view: JSON, seat: int, c: Components, kind: int
) -> tuple[list[str], float]:
    """How the Targets will read at the next shot without a Reload, and the damage it
    would deal: the same for either Reload, so worked out once per view."""
    key = f"_before_reloading{kind}"
    known: tuple[list[str], float] | None = view.get(key)
    if known is None:
        aims = 1 if view["actions_taken"] == 0 else 0  # the turn's other action Aims
        reads = _reads_after_aiming(view, seat, c, kind, aims)
        known = view[key] = (reads, _shot_damage(view, seat, c, reads))
    return known


def _broadside_value(view: JSON, seat: int, c: Components, cost: float) -> float:
    """Markers and Aim cards the foe loses, less the cards and the shots it spends."""
    ship, foe = view["ships"][seat], view["ships"][1 - seat]
    cards = _broadside_plan(view, seat, c)
    n = len(cards)
    if n < 2:
        return -9.0
    penalty: int = sum(z["exposed"].count("cannon") for z in ship["zones"] if z["kind"] == "deck")
    effective = max(0, n - penalty)
    gun = _gun_position(view, seat)
    shots = [(i, kind) for i in (0, 1) if (g := _gun(view, seat, c, i)).usable for kind in g.hits]
    hits = sorted((_broadside_hit(foe, kind) for _, kind in shots), reverse=True)
    aimed: int = sum((t["left"] is not None) + (t["bottom"] is not None) for t in foe["targets"])
    value = sum(hits[:effective]) + SPOILED_AIM * min(effective, aimed)
    spent_gun = max(0, n - sum(1 for i, _ in shots if i != gun))  # the next shot needs them
    return value - n * cost - GUN_SHOT * spent_gun


def _broadside_plan(view: JSON, seat: int, c: Components) -> list[int]:
    """The flush to Broadside with, in picking order (Wilds first, then by id): the
    least useful cards of the suit with most, one per shot not needed by the manned
    cannon (at least two)."""
    ship = view["ships"][seat]
    hand = _cards(view, seat)
    reserve = 1 if view["actions_taken"] == 0 else 0
    gun = _gun_position(view, seat)
    usable = [len(cn["shots"]) if cn["usable"] else 0 for cn in ship["cannons"]]
    n = min(sum(usable), max(2, usable[1 - gun]), len(hand) - reserve)
    keep = _keep_values(view, seat, c)
    wilds = [x for x in hand if is_wild(x)]
    best: list[int] = []
    for suit, name in enumerate(c.suit_names):
        if name in ship["tracks"]["broadside"]:
            continue
        normals = sorted(
            (x for x in hand if not is_wild(x) and card_suit(x) == suit), key=keep.__getitem__
        )
        cards = (normals + wilds)[:n]
        if len(cards) > len(best) or (
            len(cards) == len(best)
            # a float start: mypyc compiles a bare sum of floats to int arithmetic
            and sum(map(keep.__getitem__, cards), 0.0) < sum(map(keep.__getitem__, best), 0.0)
        ):
            best = cards
    if len(best) < 2:
        return []
    return sorted(best, key=lambda x: (not is_wild(x), x))


def _broadside_hit(foe: JSON, kind: str) -> float:
    left = sum(z["markers"] for z in foe["zones"] if z["kind"] == kind)
    if not left:
        return 0.0
    if kind == "hull" and foe["missing_planks"] >= 9:
        return 10.0  # it sinks
    return MARKER_WORTH[kind]


def _sheer_off_value(view: JSON, seat: int, cost: float) -> float:
    ship = view["ships"][seat]
    plan = _straight_plan(view, seat, STRAIGHT, [])
    if not plan:
        return -9.0
    n = max(0, len(plan) - ship["rigging_penalty"])
    lost = min(view["ships"][1 - seat]["hand_size"], n + 1) if n else 0
    return lost * FOE_CARD - len(plan) * cost


def _straight_plan(
    view: JSON, seat: int, kind: str, chosen: list[tuple[int, int]]
) -> list[tuple[int, int]]:
    """The straight to play (run order): for Sheer Off the one that makes the foe
    lose most for its cards; for Evade the one that saves most for its cards, or none."""
    ship = view["ships"][seat]
    runs = _straight_runs(view, seat, kind, chosen)
    if kind == STRAIGHT:
        foe_hand = view["ships"][1 - seat]["hand_size"]
        best_run: list[tuple[int, int]] = []
        best = -9.0
        for run, _ in runs:
            n = max(0, len(run) - ship["rigging_penalty"])
            value = (min(foe_hand, n + 1) if n else 0) * FOE_CARD - len(run) * CARD_WORTH
            if value > best:
                best, best_run = value, run
        return best_run
    return _evasion_plan(view, seat, runs, chosen)


def _straight_runs(
    view: JSON, seat: int, kind: str, chosen: list[tuple[int, int]]
) -> list[tuple[list[tuple[int, int]], bool]]:
    """The straights the hand may play for a Sheer Off or an Evasion (with a Lucky
    Doubloon ready, one card may stand as a Wild), each with whether it counts as a
    straight flush."""
    ship = view["ships"][seat]
    track = "evasion" if kind == EVADE else "sheer_off"
    hand = _cards(view, seat)
    reserve = 1 if kind == STRAIGHT and view["actions_taken"] == 0 else 0
    limit = len(hand) - reserve
    # Only an Evasion gains from a straight flush.
    suits = (None, 0, 1, 2, 3) if kind == EVADE else (None,)
    lucky = _doubloon_ready(view, seat)
    runs = _runs(hand, set(ship["tracks"][track]), chosen, limit, suits, lucky)
    if kind == EVADE and _in_play(view).get("weather_gauge"):  # DT10: as if a flush
        runs = [(run, True) for run, _ in runs]
    return runs


def _evasion_plan(
    view: JSON, seat: int, runs: list[tuple[list[tuple[int, int]], bool]], chosen: list[Any]
) -> list[tuple[int, int]]:
    return _evasion_choice(view, seat, runs, chosen)[1]


def _evasion_choice(
    view: JSON, seat: int, runs: list[tuple[list[tuple[int, int]], bool]], chosen: list[Any]
) -> tuple[float, list[tuple[int, int]]]:
    """The Evasion worth most for its cards (none: 0), and its worth."""
    attack = view["attack"]
    if not attack or attack["damage"] < 1:
        return 0.0, []
    ship = view["ships"][seat]
    saved_worth = _damage_worth(ship, attack["zone"], attack["damage"])
    cost = CARD_WORTH + SHORT_HAND * max(0, 4 - len(_cards(view, seat)))
    best_run: list[tuple[int, int]] = []
    best = 0.0 if not chosen else -99.0
    for run, flush in runs:
        n = max(0, len(run) - ship["rigging_penalty"])
        evaded = min(attack["damage"], n if flush else n // 2)
        value = saved_worth[evaded] - len(run) * cost
        if value > best:
            best, best_run = value, run
    return best, best_run


def _runs(
    hand: list[int],
    covered: set[int],
    chosen: list[tuple[int, int]],
    limit: int,
    suits: Sequence[int | None],
    lucky: bool = False,
) -> list[tuple[list[tuple[int, int]], bool]]:
    """Every straight (and whether it is a straight flush) that starts with the cards
    already chosen: [((card, value), ...), flush]. ``lucky``: a Lucky Doubloon may turn
    one card into a Wild (tried for each card in turn)."""
    out: list[tuple[list[tuple[int, int]], bool]] = []
    starts = [chosen[0][1]] if chosen else list(range(1, 11))
    chosen_cards = {x for x, _ in chosen}
    turnable = [x for x in hand if not is_wild(x) and x not in chosen_cards] if lucky else []
    for stand_in in [None, *turnable]:
        for start in starts:
            for suit in suits:
                run: list[tuple[int, int]] = []
                used: set[int] = set()
                v = start
                for step in range(min(10, limit)):
                    if v in covered:
                        break
                    if step < len(chosen):
                        card = chosen[step][0] if chosen[step][1] == v else None
                    else:
                        card = _run_card(hand, used | chosen_cards, v, suit, stand_in)
                    if card is None:
                        break
                    run.append((card, v))
                    used.add(card)
                    v = 1 if v == 10 else v + 1
                    if len(run) >= 2 and len(run) >= len(chosen) and _doubloon_first(run):
                        run_suits = {card_suit(x) for x, named in run if not _as_wild(x, named)}
                        out.append((list(run), len(run_suits) <= 1))
    return out


def _as_wild(card: int, value: int) -> bool:
    """A card in a planned set that counts as a Wild: a Wild, or the card a Lucky
    Doubloon turns (it stands for another value)."""
    return is_wild(card) or card_value(card) != value


def _doubloon_first(run: list[tuple[int, int]]) -> bool:
    """The Doubloon's card comes before any Wild of its set (``sets.py``: one order)."""
    turned = [i for i, (x, v) in enumerate(run) if not is_wild(x) and card_value(x) != v]
    wilds = [i for i, (x, _) in enumerate(run) if is_wild(x)]
    return not turned or not wilds or turned[0] < wilds[0]


def _run_card(
    hand: list[int], used: set[int], value: int, suit: int | None, stand_in: int | None = None
) -> int | None:
    """A card for ``value`` in a run: one of the suit (any suit if none is asked),
    else the card a Lucky Doubloon turns (``stand_in``, not of that value: it would
    stand for itself), else a Wild."""
    for x in hand:
        if x in used or is_wild(x) or card_value(x) != value:
            continue
        if suit is None or card_suit(x) == suit:
            return x
    if stand_in is not None and stand_in not in used and card_value(stand_in) != value:
        return stand_in
    return next((x for x in hand if x not in used and is_wild(x)), None)


def _damage_worth(ship: JSON, zone_id: str, damage: int) -> list[float]:
    """worth[k]: what saving k of ``damage`` markers from the zone is worth, in Planks."""
    harm = [_harm(ship, zone_id, taken) for taken in range(damage + 1)]
    return [harm[damage] - harm[damage - k] for k in range(damage + 1)]


def _harm(ship: JSON, zone_id: str, taken: int) -> float:
    """What losing ``taken`` markers from a zone costs: the markers, a sinking, a
    Disaster, officers (Crewmen go first)."""
    z = _zones(ship)[zone_id]
    harm = MARKER_WORTH[z["kind"]] * taken
    if z["kind"] == "hull":
        if ship["missing_planks"] + taken >= 10:
            harm += 20
        if taken and taken >= z["markers"] and ship["disasters"].get(zone_id) == "face down":
            harm += 1.5
    if z["kind"] == "deck" and z["officers"]:
        deaths = min(len(z["officers"]), max(0, taken - (z["markers"] - len(z["officers"]))))
        lost = sum(1 for o in ship["officers"].values() if o == "lost")
        harm += 20 if deaths and lost + deaths >= 2 else 3 * deaths
    return harm


# -- Repair --------------------------------------------------------------------------------------


def _repair_value(view: JSON, seat: int, c: Components, cost: float) -> float:
    plan, worth = _repair_plan(view, seat, c)
    return worth - len(plan) * cost if plan else -9.0


def _repair_plan(view: JSON, seat: int, c: Components) -> tuple[list[tuple[str, str]], float]:
    """Up to three Crewman moves, each the best left while it is worth a card, and
    what they are worth together."""
    ship = view["ships"][seat]
    markers = {z["zone"]: z["markers"] for z in ship["zones"]}
    officers = {z["zone"]: len(z["officers"]) for z in ship["zones"]}
    missing = ship["missing_planks"]
    gun = _gun_position(view, seat)
    plan: list[tuple[str, str]] = []
    total = 0.0
    for _ in range(3):
        best, move = CARD_WORTH, None
        for frm in c.zones_of("deck"):
            a = c.zones[frm]
            # Never the last one out, and officers only move between Decks.
            if markers[a.id] < 2 or markers[a.id] - officers[a.id] < 1:
                continue
            for to in c.neighbours[frm]:
                b = c.zones[to]
                if markers[b.id] >= b.spaces:
                    continue
                value = _move_worth(ship, c, a.id, b.id, markers, missing, gun)
                guards = markers[a.id] - 1 - officers[a.id]  # Crewmen left before officers
                if officers[a.id] and guards <= 1:
                    value -= 4.0 if guards <= 0 else 2.0
                if value > best:
                    best, move = value, (a.id, b.id)
        if move is None:
            break
        plan.append(move)
        total += best
        markers[move[0]] -= 1
        markers[move[1]] += 1
        missing -= c.zones[c.zone_by_id[move[1]]].kind == "hull"
    return plan, total


def _move_worth(
    ship: JSON,
    c: Components,
    frm: str,
    to: str,
    markers: dict[str, int],
    missing: int,
    gun: int,
) -> float:
    """What one Crewman move is worth: the Plank or Sail put back, or the penalty
    covered on the Deck it joins, less the penalty it uncovers where it left."""
    a, b = c.zones[c.zone_by_id[frm]], c.zones[c.zone_by_id[to]]
    gun_deck = c.deck_of(("fore", "aft")[gun])
    leaving = _icon_worth(a.penalties[a.spaces - markers[frm]], a.index == gun_deck)
    if b.kind == "hull":
        # More urgent as the ship nears sinking.
        gain = PLANK_REPAIR + PLANK_URGENCY * max(0, missing - SAFE_MISSING)
        if markers[to] <= 1 and ship["disasters"].get(to) == "face down":
            gain += 1.0
    elif b.kind == "rigging":
        gain = 0.4 * bool(b.penalties[: b.spaces - markers[to]].count("rigging"))
    else:
        gain = _icon_worth(b.penalties[b.spaces - markers[to] - 1], b.index == gun_deck)
    return gain - leaving


def _icon_worth(icon: str, gun_deck: bool) -> float:
    """What uncovering a penalty icon costs."""
    if icon == "cannon":
        return 1.0 if gun_deck else 0.6
    if icon == "no-firing":
        return 4.0 if gun_deck else 2.0
    return {"none": 0.05, "hand": HAND_ICON, "rigging": 0.4}[icon]


# -- losses -----------------------------------------------------------------------------------------


def _loss_plan(ship: JSON, c: Components, legal: list[Action], count: int) -> list[Action]:
    """The markers to lose, cheapest first, each chosen knowing the ones before."""
    markers = {z["zone"]: z["markers"] for z in ship["zones"]}
    officers = {z["zone"]: len(z["officers"]) for z in ship["zones"]}
    lost = sum(1 for o in ship["officers"].values() if o == "lost")
    plan: list[Action] = []
    for _ in range(count):
        options = [
            a
            for a in legal
            if (a.kind == "lose" and markers[_zone_id(c, a)] > officers[_zone_id(c, a)])
            or (a.kind == "lose-officer" and a not in plan)
        ]
        if not options:
            break
        a = min(options, key=lambda a: _loss_cost(ship, c, a, markers, officers, lost))
        plan.append(a)
        if a.kind == "lose":
            markers[_zone_id(c, a)] -= 1
        else:
            lost += 1
    return plan or legal[:1]


def _loss_cost(
    ship: JSON,
    c: Components,
    a: Action,
    markers: dict[str, int],
    officers: dict[str, int],
    lost: int,
) -> float:
    if a.kind == "lose-officer":
        return 1000.0 if lost else 50.0
    zone = c.zones[a.args[0]]
    left = markers[zone.id]  # officers count among a Deck's markers
    if zone.kind == "hull":  # an empty Hull zone flips a Disaster
        pending = ship["disasters"].get(zone.id) == "face down"
        return (20.0 if pending else 2.0) if left == 1 else 5.0 - left
    icon = zone.penalties[zone.spaces - left]  # the icon this loss uncovers
    weight = _icon_worth(icon, zone.cannon == _manned_position(ship))
    if zone.cannon is not None and icon != "none":
        weight += 0.3  # the other cannon will be manned too
    if officers[zone.id] and left - officers[zone.id] <= 1:
        weight += 3  # the officers would be next
    return weight - 0.1 * left


def _zone_id(c: Components, a: Action) -> str:
    return c.zones[a.args[0]].id


def _manned_position(ship: JSON) -> str | None:
    return next((cn["position"] for cn in ship["cannons"] if cn["manned"]), None)


def _unaim_cost(view: JSON, seat: int, c: Components, target: int, side: int) -> float:
    kind = _manned_kind(view, seat, c)
    t = next(t for t in view["ships"][seat]["targets"] if t["target"] == target)
    if kind is None:
        return 0.0
    points = _points(c, kind)
    before = _target_points(points, t["centre"], t["left_value"], t["bottom_value"])
    left = None if side == 0 else t["left_value"]
    bottom = None if side == 1 else t["bottom_value"]
    return before - _target_points(points, t["centre"], left, bottom)


# -- which cards to keep ------------------------------------------------------------------------------


def _keep_values(view: JSON, seat: int, c: Components) -> dict[int, float]:
    """How much each card in hand is worth keeping: its Aim on our Targets first,
    then pairs (Reloads) and neighbours (straights); Wilds most of all."""
    hand = _cards(view, seat)
    kind = _manned_kind(view, seat, c)
    targets = view["ships"][seat]["targets"]
    values = [card_value(x) for x in hand if not is_wild(x)]
    keep: dict[int, float] = {}
    aims: dict[int, float] = {}  # the best Aim of a card of each number (pairs share it)
    for x in hand:
        if is_wild(x):
            keep[x] = 10.0
            continue
        v = card_value(x)
        if v not in aims:
            aims[v] = _best_placement(c, kind, targets, [(x, v)])[0] if kind is not None else 0.0
        aim = aims[v]
        pair = 0.6 if values.count(v) >= 2 else 0.0
        near = 0.2 * sum(1 for w in (v - 1, v + 1) if w in values)
        keep[x] = 2 * max(0.0, aim) + pair + near + 0.2 - abs(v - 5.5) * 0.04
    return keep


def _action_keep(a: Action, keep: dict[int, float]) -> float:
    if a.kind == "wild":
        return 10.0
    return keep.get(a.args[0], 0.0) if a.args else 0.0


def _first_planned(legal: list[Action], plan: list[int]) -> Action | None:
    """Cards of a set are picked in id order (Wilds last): of the planned cards, the
    legal pick with the lowest id."""
    wild = any(is_wild(x) for x in plan)
    for a in legal:  # legal actions come in id order
        if (a.kind == "card" and a.args[0] in plan) or (a.kind == "wild" and wild):
            return a
    return None


def _cheapest_pair(
    free: list[int], keep: dict[int, float], chosen: list[Any], lucky: bool = False
) -> list[int]:
    """The pair (a Wild pairs with anything; with a Lucky Doubloon ready, any two
    cards pair) least worth keeping; after the first card, its cheapest partner."""

    def pair(x: int, y: int) -> bool:
        return lucky or is_wild(x) or is_wild(y) or card_value(x) == card_value(y)

    if chosen:
        first = chosen[0][0]
        partners = [x for x in free if pair(first, x)]
        return sorted(partners, key=keep.__getitem__)[:1]
    pairs = [(x, y) for i, x in enumerate(free) for y in free[i + 1 :] if pair(x, y)]
    if not pairs:
        return []
    x, y = min(pairs, key=lambda pair: keep[pair[0]] + keep[pair[1]])
    return [x, y]


def _card_action(legal: list[Action], card: int | None, value: int) -> Action | None:
    """The pick of ``card`` as ``value``: a Wild is named; a card a Lucky Doubloon
    turns is named as a Wild first, then picked to stand for it (a Wild too)."""
    if card is None:
        return None
    if not is_wild(card) and card_value(card) != value:
        named = next((a for a in legal if a.kind == "wild-value" and a.args[0] == value), None)
        if named is not None:
            return named
    if is_wild(card):
        stands = next((a for a in legal if a.kind == "wild"), None)
        if stands is not None and not any(a.kind == "wild-value" for a in legal):
            return stands
    for a in legal:
        if is_wild(card) and a.kind == "wild-value" and a.args[0] == value:
            return a
        if not is_wild(card) and a.kind == "card" and a.args[0] == card:
            return a
    return None


def _flush_pick(
    view: JSON, seat: int, c: Components, legal: list[Action], chosen: list[tuple[int, int]]
) -> Action | None:
    """The next card of the planned flush; a Wild names the plan's suit."""
    plan = _broadside_plan(view, seat, c)  # the same at every pick: the hand is unchanged
    done = next((a for a in legal if a.kind == "done"), None)
    if len(chosen) >= len(plan):
        return done
    card = plan[len(chosen)]
    if is_wild(card):
        suit = next((card_suit(x) for x in plan if not is_wild(x)), None)
        return next(
            (a for a in legal if a.kind == "wild" or (a.kind == "wild-suit" and a.args[0] == suit)),
            None,
        )
    return next((a for a in legal if a.kind == "card" and a.args[0] == card), done)
