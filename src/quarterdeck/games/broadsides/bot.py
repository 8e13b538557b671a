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
from .table import BroadSidesGame

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


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        # The Sea Dog module: a free trick whose moment has come is played (its
        # Requires already says the moment is right); the others are kept, and the
        # actions are taken as in the base game.
        trick = _timely_trick(state, legal)
        if trick is not None:
            return trick
        plain = [a for a in legal if a.kind != "trick"]
        legal = plain or legal
        if len(legal) == 1:
            return legal[0]
        view = state.bot_view(seat)
        c: Components = state.game.components  # type: ignore[attr-defined]
        phase = view["phase"]
        if phase == PICK:
            view["_set_kind"] = _set_kind(state, view, seat)
        chooser = CHOOSERS.get(phase)
        choice = chooser(self, view, seat, legal, c) if chooser else None
        return choice if choice is not None else legal[0]

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
        names = {a.args[0]: a for a in legal}
        if view["actions_taken"] == 1 and not view["aimed"] and AIM in names:
            return names[AIM]
        if CHANGE_TARGETS in names and _change_targets(view, seat, c):
            return names[CHANGE_TARGETS]
        cost = _card_cost(view, seat)
        # Each action's worth in Planks, net of the cards it costs (only legal ones).
        worth: dict[int, Callable[[], float]] = {
            AIM: lambda: _best_aim(view, seat, c)[0] - cost,
            HOLD: lambda: cost,  # a card drawn is worth what a card in hand is
            SINGLE_RELOAD: lambda: _reload_value(view, seat, c, full=False) - 2 * cost,
            FULL_RELOAD: lambda: _reload_value(view, seat, c, full=True) - 2 * cost,
            BROADSIDE: lambda: _broadside_value(view, seat, c, cost),
            SHEER_OFF: lambda: _sheer_off_value(view, seat, cost),
            REPAIR_ACTION: lambda: _repair_value(view, seat, c, cost),
        }
        values = {n: worth[n]() for n in names if n in worth}
        if not values:
            return legal[0]
        return names[max(values, key=values.__getitem__)]

    def _pick(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action | None:
        kind = view["_set_kind"]  # noted by ``choose``
        chosen = [(s[0], s[1]) for s in view["selection"]["cards"]] if view["selection"] else []
        by_text = {a.text: a for a in legal}
        done = by_text.get("done")
        if kind == AIM_CARD:
            _, card, value, _, _ = _best_aim(view, seat, c)
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
            return _first_planned(legal, _cheapest_pair(free, keep, chosen)) or legal[0]
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


Chooser = Callable[[HeuristicBot, JSON, int, list[Action], Components], Action | None]
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
    # the Sea Dog module: the first Reputation and trick dealt, pass every window,
    # the first Deck zone (left: choosing by the cards' worth)
    REPUTATION: HeuristicBot._first,
    DRAFT: HeuristicBot._first,
    WINDOW: HeuristicBot._first,
    TRICK_ZONE: HeuristicBot._first,
    # follow-ups of Reputations and tricks (it plays no trick yet, so only its
    # Reputations' choices come up): Thunder spends the extra disc, Old Salt keeps the
    # higher card, the others take the first option (no Deadeye shift: left to do)
    THUNDER: HeuristicBot._last,
    OLD_SALT: HeuristicBot._last,
    DEADEYE: HeuristicBot._first,
    CLOSE_QUARTERS: HeuristicBot._first,
    CROWS_NEST: HeuristicBot._first,
    BOARDING_NETS: HeuristicBot._first,
    TRICK_MARKERS: HeuristicBot._first,
    MAGAZINE: HeuristicBot._first,
    SPY: HeuristicBot._last,
    QUARTERMASTER: HeuristicBot._first,
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
        "DT18",  # Rum Ration
        "DT19",  # Spy Aboard: the foe holds a card
        "DT21",  # Cut Across Her Bow: the Sheer Off is under way
        "DT22",  # Crow's Nest
        "DT24",  # Gust of Wind
    }
)


def _timely_trick(state: State, legal: Sequence[Action]) -> Action | None:
    game = state.game
    cards = game.sea_dog if isinstance(game, BroadSidesGame) else None
    if cards is None:
        return None
    for action in legal:
        if action.kind == "trick" and cards.tricks[action.args[0]].id in TIMELY:
            return action
    return None


# -- reading the position ------------------------------------------------------------------------


def _by_zone(legal: Sequence[Action], c: Components, zone_id: str, arg: int) -> Action | None:
    return next((a for a in legal if c.zones[a.args[arg]].id == zone_id), None)


def _set_kind(state: State, view: JSON, seat: int) -> str:
    """The set being built (phases.PICKS): the view names it once a card is picked.
    Before that, an Evasion if it is the foe's turn; else the set our own last Stage 1
    action began (a decision of ours: we recall it)."""
    if view["selection"]:
        return str(view["selection"]["kind"])
    if view["turn_player"] != seat:
        return EVADE
    space = state.game.action_space
    for action_id in reversed(state.history):
        action = space[action_id]
        if action.kind == "action":
            return SET_OF_ACTION.get(action.args[0], "other")
    return "other"


def _gun_position(view: JSON, seat: int) -> int:
    """The manned cannon, or before the first Zero In the one the Carronade is on."""
    cannons = view["ships"][seat]["cannons"]
    manned = next((i for i, cn in enumerate(cannons) if cn["manned"]), None)
    if manned is not None:
        return manned
    return next((i for i, cn in enumerate(cannons) if cn["cannon"] == "carronade"), 0)


class Gun(NamedTuple):
    """One of our cannons, as the view shows it."""

    kind: int | None  # the Cannon tile
    hits: list[str]  # the zone kind each loaded shot hits best
    penalty: int  # Cannon penalties showing on its Deck
    usable: bool
    capacity: int


def _gun(view: JSON, seat: int, c: Components, position: int) -> Gun:
    """Our cannon at ``position``, read once per view (it is asked for often)."""
    ship = view["ships"][seat]
    guns: list[Gun] | None = ship.get("_guns")
    if guns is None:
        guns = ship["_guns"] = [_read_gun(ship, c, p) for p in (0, 1)]
    return guns[position]


def _read_gun(ship: JSON, c: Components, position: int) -> Gun:
    cannon = ship["cannons"][position]
    kind = c.cannon_by_id.get(cannon["cannon"])
    hits = c.shot_hits
    deck = _zones(ship)[c.zones[c.deck_of(cannon["position"])].id]
    return Gun(
        kind,
        [hits[s] for s in cannon["shots"]],
        deck["exposed"].count("cannon"),
        bool(cannon["usable"]),
        cannon["capacity"] or 0,
    )


def _cannon_kind(view: JSON, seat: int, c: Components, position: int) -> int | None:
    return _gun(view, seat, c, position).kind


def _manned_kind(view: JSON, seat: int, c: Components) -> int | None:
    cannons = view["ships"][seat]["cannons"]
    position = next((i for i, cn in enumerate(cannons) if cn["manned"]), None)
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
    (distances a <= b), ``one[d]`` for a Target with one card at distance d."""

    pair: tuple[tuple[int, ...], ...]
    one: tuple[float, ...]


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
        if len(_POINTS) >= _POINTS_KEPT:
            del _POINTS[next(iter(_POINTS))]
        entry = _POINTS[id(kind)] = (kind, _Points(pair, one))
    return entry[1]


def _target_points(
    points: _Points, centre: Sequence[int], left: int | None, bottom: int | None
) -> float:
    """How a Target reads if fired now, plus a fair chance of improving a missing or
    poor card later."""
    cx, cy = centre
    if left is None:
        return -2.5 if bottom is None else points.one[abs(bottom - cy)]
    if bottom is None:
        return points.one[abs(left - cx)]
    # A poor card can be replaced later: it costs little more than an empty side.
    dx, dy = abs(left - cx), abs(bottom - cy)
    actual = points.pair[min(dx, dy)][max(dx, dy)]
    hopes = max(points.one[dx], points.one[dy]) - 0.3
    return max(actual, hopes)


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
    points = _points(c, kind)
    for t in targets:
        centre, left_now, bottom_now = t["centre"], t["left_value"], t["bottom_value"]
        before = _target_points(points, centre, left_now, bottom_now)
        for card, value in options:
            wild = is_wild(card)  # a Wild is worth keeping for straights and flushes
            for side, left, bottom in ((0, value, bottom_now), (1, left_now, value)):
                gain = _target_points(points, centre, left, bottom) - before
                if wild:
                    gain -= 0.3
                if gain > best[0]:
                    best = (gain, card, value, t["target"], side)
    return best


def _reads(c: Components, kind: int, t: JSON) -> str:
    if t["left_value"] is None and t["bottom_value"] is None:
        return "early"
    if t["left_value"] is None or t["bottom_value"] is None:
        return "miss"
    cx, cy = t["centre"]
    return c.cannons[kind].result(t["left_value"] - cx, t["bottom_value"] - cy)


def _shot_damage(
    view: JSON, seat: int, c: Components, results: Sequence[str], shots: list[str] | None = None
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
    shots = list(shots)
    track = potential
    if zone.kind in shots:
        shots.remove(zone.kind)
    else:
        shots.pop()
        track -= 1
    track = max(0, track - gun.penalty)
    for result in results:
        track = max(0, track + RESULT_POINTS[result])
    if c.cannons[kind].double_shot and shots:
        track = min(potential, track + (2 if shots[0] == zone.kind else 1))
    return float(track)


def _should_fire(view: JSON, seat: int, c: Components) -> bool:
    """Fire when the shot does real damage and waiting for better Aim would cost more
    turns than it gains: a turn's delay is worth about WAIT_COST markers."""
    kind = _manned_kind(view, seat, c)
    if kind is None:
        return False
    ship = view["ships"][seat]
    targets = ship["targets"]
    now = _shot_damage(view, seat, c, [_reads(c, kind, t) for t in targets])
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
    return [_zone_worth(c, gun, foe, zone, foe_zones[zone.id], lost) for zone in c.zones]


def _zone_worth(c: Components, gun: Gun, foe: JSON, zone: Zone, z: JSON, lost: int) -> float:
    """What ``gun`` Zeroed In on the foe's ``zone`` (``z`` as the view shows it, ``lost``
    officers already dead) should deal a turn, in Planks."""
    markers: int = z["markers"]
    damage = _damage(c, gun, zone, markers)
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
    return _damage(c, _gun(view, seat, c, position), zone, markers)


def _damage(c: Components, gun: Gun, zone: Zone, markers: int) -> float:
    """The damage ``gun`` should deal on ``zone`` holding ``markers``, once aimed."""
    kind = gun.kind
    if kind is None or not gun.usable:
        return -1.0
    shots = gun.hits
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
    aims = 1 if view["actions_taken"] == 0 else 0  # the turn's other action Aims
    reads = _reads_after_aiming(view, seat, c, kind, aims)
    now = _shot_damage(view, seat, c, reads)
    wanted = c.zones[c.zone_by_id[ship["gunsight"]]].kind
    loaded = _gun(view, seat, c, 0).hits + _gun(view, seat, c, 1).hits
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
            and sum(map(keep.__getitem__, cards)) < sum(map(keep.__getitem__, best))
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
    track = "evasion" if kind == EVADE else "sheer_off"
    hand = _cards(view, seat)
    reserve = 1 if kind == STRAIGHT and view["actions_taken"] == 0 else 0
    limit = len(hand) - reserve
    # Only an Evasion gains from a straight flush.
    suits = (None, 0, 1, 2, 3) if kind == EVADE else (None,)
    runs = _runs(hand, set(ship["tracks"][track]), chosen, limit, suits)
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


def _evasion_plan(
    view: JSON, seat: int, runs: list[tuple[list[tuple[int, int]], bool]], chosen: list[Any]
) -> list[tuple[int, int]]:
    attack = view["attack"]
    if not attack or attack["damage"] < 1:
        return []
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
    return best_run


def _runs(
    hand: list[int],
    covered: set[int],
    chosen: list[tuple[int, int]],
    limit: int,
    suits: Sequence[int | None],
) -> list[tuple[list[tuple[int, int]], bool]]:
    """Every straight (and whether it is a straight flush) that starts with the cards
    already chosen: [((card, value), ...), flush]."""
    out: list[tuple[list[tuple[int, int]], bool]] = []
    starts = [chosen[0][1]] if chosen else list(range(1, 11))
    chosen_cards = {x for x, _ in chosen}
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
                    card = _run_card(hand, used | chosen_cards, v, suit)
                if card is None:
                    break
                run.append((card, v))
                used.add(card)
                v = 1 if v == 10 else v + 1
                if len(run) >= 2 and len(run) >= len(chosen):
                    run_suits = {card_suit(x) for x, _ in run if not is_wild(x)}
                    out.append((list(run), len(run_suits) <= 1))
    return out


def _run_card(hand: list[int], used: set[int], value: int, suit: int | None) -> int | None:
    """A card for ``value`` in a run: one of the suit (any suit if none is asked),
    else a Wild."""
    for x in hand:
        if x in used or is_wild(x) or card_value(x) != value:
            continue
        if suit is None or card_suit(x) == suit:
            return x
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
    for x in hand:
        if is_wild(x):
            keep[x] = 10.0
            continue
        v = card_value(x)
        aim = _best_placement(c, kind, targets, [(x, v)])[0] if kind is not None else 0.0
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


def _cheapest_pair(free: list[int], keep: dict[int, float], chosen: list[Any]) -> list[int]:
    """The pair (a Wild pairs with anything) least worth keeping; after the first
    card, its cheapest partner."""
    if chosen:
        first = chosen[0][0]
        partners = [
            x for x in free if is_wild(x) or is_wild(first) or card_value(x) == card_value(first)
        ]
        return sorted(partners, key=keep.__getitem__)[:1]
    pairs = [
        (x, y)
        for i, x in enumerate(free)
        for y in free[i + 1 :]
        if is_wild(x) or is_wild(y) or card_value(x) == card_value(y)
    ]
    if not pairs:
        return []
    x, y = min(pairs, key=lambda pair: keep[pair[0]] + keep[pair[1]])
    return [x, y]


def _card_action(legal: list[Action], card: int | None, value: int) -> Action | None:
    if card is None:
        return None
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
