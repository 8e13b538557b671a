"""A heuristic BroadSides captain: it aims sensibly, fires when the shot is good,
evades, repairs and keeps its cannons loaded.

It reads only its own seat's view, its legal actions and the public component data
(the Target centres and Cannon tiles printed on the cards), never the state itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from quarterdeck.engine import Action, Bot, State

from .components import Components, card_suit, card_value, is_wild

JSON = Any
RESULT_POINTS = {"perfect": 0, "good": -1, "poor": -2, "miss": -3, "early": -4}
# Fire when the shot should deal at least this much damage.
GOOD_SHOT = 2


def _cards(view: JSON, seat: int) -> list[int]:
    return list(view["ships"][seat]["hand"] or [])


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, state: State) -> Action:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat, log=False)
        legal = state.legal_actions()
        c: Components = state.game.components  # type: ignore[attr-defined]
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        chooser = getattr(self, "_" + phase.replace("-", "_"), None)
        choice = chooser(view, seat, legal, c) if chooser else None
        return choice if choice is not None else legal[0]

    # -- setup -----------------------------------------------------------------------------

    def _officer(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # The Captain on the Main Deck, the First Mate apart from him.
        placed = view["ships"][seat]["officers"]["captain"]
        wanted = "main-deck" if placed is None else "aft-deck"
        return _by_zone(legal, c, wanted, arg=1) or legal[0]

    def _mount(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        wanted = (
            "18-pounder" if view["ships"][seat]["cannons"][0]["cannon"] is None else "carronade"
        )
        return next((a for a in legal if c.cannons[a.args[1]].id == wanted), legal[0])

    def _load(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        # Shots that suit the zone the gunner aims at go to the manned cannon.
        ship = view["ships"][seat]
        manned = next((i for i, cn in enumerate(ship["cannons"]) if cn["manned"]), 0)
        best = _best_shot(view, seat, c)
        for a in legal:
            shot, position = a.args
            if position == manned and shot == best:
                return a
        return next((a for a in legal if a.args[1] == manned), legal[0])

    def _zero_in_man(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        cannons = view["ships"][seat]["cannons"]
        scores = [len(cn["shots"]) + (2 if cn["usable"] else -5) for cn in cannons]
        return legal[0] if scores[0] >= scores[1] else legal[1]

    def _zero_in_sight(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        foe = view["ships"][1 - seat]
        zones = {z["zone"]: z for z in foe["zones"]}

        def score(a: Action) -> float:
            zone = c.zones[a.args[0]]
            z = zones[zone.id]
            # Hull damage sinks ships; officers alone on a Deck are a second way to win.
            value = float(z["markers"]) - 0.8 * zone.targets
            if zone.kind == "hull":
                value += 2 + (10 - (14 - foe["missing_planks"])) * 0.1
            if zone.kind == "deck" and z["officers"] and z["markers"] <= 2:
                value += 3
            return value

        return max(legal, key=score)

    # -- Stage 1 ------------------------------------------------------------------------------

    def _stage1(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        names = {a.args[0]: a for a in legal}
        ship = view["ships"][seat]
        hand = _cards(view, seat)
        aim_gain = _best_aim(view, seat, c)[0] if hand else 0
        manned = next(cn for cn in ship["cannons"] if cn["manned"])
        foe_hand = view["ships"][1 - seat]["hand_size"]
        must_aim = view["actions_taken"] == 1 and not view["aimed"]
        if must_aim and 0 in names:
            return names[0]
        if not manned["shots"] and (5 in names or 4 in names):  # reload an empty gun
            return names.get(5) or names[4]
        first = view["actions_taken"] == 0
        # One good Aim a turn; a second only if it is worth a card more than a Hold.
        if 0 in names and aim_gain > (0 if first else 1):
            return names[0]
        if (
            3 in names
            and foe_hand >= 4
            and len(_best_straight(hand, ship["tracks"]["sheer_off"], [])) >= 3
        ):
            return names[3]
        if 6 in names and _damage_worth_repairing(ship):
            return names[6]
        if 2 in names and len(hand) >= 5:
            return names[2]
        if 0 in names and view["aimed"] is False and view["actions_taken"] == 0 and 1 in names:
            return names[1]  # Hold first, then Aim with a better hand
        return names.get(0) or names.get(1) or legal[0]

    def _pick(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action | None:
        kind = view["selection"]["kind"] if view["selection"] else None
        by_text = {a.text: a for a in legal}
        done = by_text.get("done")
        hand = _cards(view, seat)
        chosen = [s[0] for s in view["selection"]["cards"]] if view["selection"] else []
        if kind is None:  # the first pick: which set is being built shows in the prompt
            kind = _kind_from_prompt(view)
        if kind == "aim-card":
            _, card, value, _, _ = _best_aim(view, seat, c)
            if card is None:
                return legal[0]
            if is_wild(card):
                return next(
                    (a for a in legal if a.kind == "wild-value" and a.args[0] == value), legal[0]
                )
            return next((a for a in legal if a.kind == "card" and a.args[0] == card), legal[0])
        if kind in ("straight", "evade"):
            track = "evasion" if kind == "evade" else "sheer_off"
            plan = _best_straight(hand, view["ships"][seat]["tracks"][track], chosen)
            if kind == "evade" and not chosen:
                damage = view["attack"]["damage"] if view["attack"] else 0
                if len(plan) < 2 or damage < 1:
                    return done or legal[0]
            if len(chosen) < len(plan):
                card, value = plan[len(chosen)]
                for a in legal:
                    if is_wild(card) and a.kind == "wild-value" and a.args[0] == value:
                        return a
                    if a.kind == "card" and a.args[0] == card:
                        return a
            return done or legal[-1]
        if kind == "flush":
            return _flush_pick(legal, hand, chosen) or done or legal[0]
        if kind == "payment":
            wanted = min(3, _repairs_wanted(view["ships"][seat]))
            if len(chosen) >= wanted and done:
                return done
            cards = [a for a in legal if a.kind in ("card", "wild")]
            return min(cards, key=lambda a: _card_worth(a, hand)) if cards else (done or legal[0])
        cards = [a for a in legal if a.kind in ("card", "wild")]
        if cards:
            return min(cards, key=lambda a: _card_worth(a, hand))
        return done or legal[0]

    def _place(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        card, value, _ = view["selection"]["cards"][0]
        _, _, _, target, side = _best_aim(view, seat, c, only=(card, value))
        return next((a for a in legal if a.args == (target, side)), legal[0])

    def _return_shots(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        best = _best_shot(view, seat, c)
        for a in legal:
            if a.kind == "shot" and a.args[0] != best:
                return a  # shots that do not suit the target go back
        return next((a for a in legal if a.kind == "done"), legal[0])

    def _repair(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        moves = [a for a in legal if a.kind == "move"]
        for kind in ("hull", "rigging"):
            for a in moves:
                if c.zones[a.args[1]].kind == kind:
                    return a
        return next((a for a in legal if a.kind == "stop"), legal[0])

    # -- Stage 2 ------------------------------------------------------------------------------

    def _stage2(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        expected = _expected_damage(view, seat, c)
        targets = view["ships"][seat]["targets"]
        all_aimed = all(t["left"] is not None and t["bottom"] is not None for t in targets)
        # A good shot now beats a perfect one later: the foe can spoil Targets.
        can_improve = _best_aim(view, seat, c)[0] > 0.5 if _cards(view, seat) else False
        fire = expected >= GOOD_SHOT or (expected >= 1 and (all_aimed or not can_improve))
        return next(a for a in legal if a.args == ((1,) if fire else (0,)))

    def _fire_shot(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        best = _best_shot(view, seat, c)
        return next((a for a in legal if a.args[0] == best), legal[0])

    def _double(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        attack = view["attack"]
        fire = attack["damage"] < attack["potential"]
        return next(a for a in legal if a.args == ((1,) if fire else (0,)))

    # -- losses and the hand limit ---------------------------------------------------------------

    def _tasks(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        ship = view["ships"][seat]
        zones = {z["zone"]: z for z in ship["zones"]}
        manned = next((cn["position"] for cn in ship["cannons"] if cn["manned"]), "fore")

        def cost(a: Action) -> float:
            if a.kind == "lose-officer":
                return 50.0
            if a.kind != "lose":
                return 0.0
            zone = c.zones[a.args[0]]
            z = zones[zone.id]
            if zone.kind == "hull":  # an empty Hull zone flips a Disaster
                return 20.0 if z["markers"] == 1 else 5.0 - z["markers"]
            icon = zone.penalties[zone.spaces - z["markers"]]  # the icon this loss uncovers
            weight = {"none": 0.0, "rigging": 2.0, "hand": 2.5, "cannon": 1.5, "no-firing": 4.0}[
                icon
            ]
            if zone.cannon == manned and icon in ("cannon", "no-firing"):
                weight *= 2
            return float(weight - 0.1 * z["markers"])

        return min(legal, key=cost)

    def _hand_limit(self, view: JSON, seat: int, legal: list[Action], c: Components) -> Action:
        hand = _cards(view, seat)
        return min(legal, key=lambda a: _card_worth(a, hand))


# -- helpers ------------------------------------------------------------------------------------


def _by_zone(legal: Sequence[Action], c: Components, zone_id: str, arg: int) -> Action | None:
    return next((a for a in legal if c.zones[a.args[arg]].id == zone_id), None)


def _kind_from_prompt(view: JSON) -> str:
    prompt = view["pending"]["prompt"]
    for word, kind in (
        ("Aim:", "aim-card"),
        ("Broadside", "flush"),
        ("Sheer Off", "straight"),
        ("Evade", "evade"),
        ("Repair", "payment"),
    ):
        if word in prompt:
            return kind
    return "other"


def _best_shot(view: JSON, seat: int, c: Components) -> int:
    sight = view["ships"][seat]["gunsight"]
    if sight is None:
        return 0
    kind = c.zones[c.zone_by_id[sight]].kind
    return c.shot_for(kind)


def _target_points(
    c: Components, cannon: int, centre: Sequence[int], left: int | None, bottom: int | None
) -> float:
    """How a Target reads if fired now, plus a fair chance of improving a missing or
    poor card later."""
    if left is None and bottom is None:
        return -2.5
    cx, cy = centre
    if left is None or bottom is None:
        v, ctr = (left, cx) if left is not None else (bottom, cy)
        assert v is not None
        return _one_card(c, cannon, v - ctr)
    # A poor card can be replaced later: it costs little more than an empty side.
    actual = RESULT_POINTS[c.cannons[cannon].result(left - cx, bottom - cy)]
    hopes = max(_one_card(c, cannon, left - cx), _one_card(c, cannon, bottom - cy)) - 0.3
    return max(actual, hopes)


def _one_card(c: Components, cannon: int, distance: int) -> float:
    """A Target with one card is a Miss now; a matching second card would make it
    what this one card allows."""
    return -3 + 0.5 * (3 + RESULT_POINTS[c.cannons[cannon].result(distance, 0)])


def _manned_kind(view: JSON, seat: int, c: Components) -> int | None:
    cannon = next((cn for cn in view["ships"][seat]["cannons"] if cn["manned"]), None)
    if cannon is None or cannon["cannon"] is None:
        return None
    return next(k.index for k in c.cannons if k.id == cannon["cannon"])


def _best_aim(
    view: JSON, seat: int, c: Components, only: tuple[int, int] | None = None
) -> tuple[float, int | None, int, int, int]:
    """(gain, card, value, target, side) of the best Aim card and where it goes."""
    kind = _manned_kind(view, seat, c)
    if kind is None:
        return (0.0, None, 0, 0, 0)
    best: tuple[float, int | None, int, int, int] = (-99.0, None, 0, 0, 0)
    options: list[tuple[int, int]] = []
    if only is not None:
        options = [only]
    else:
        for card in _cards(view, seat):
            if is_wild(card):
                options += [(card, v) for v in range(1, 11)]
            else:
                options.append((card, card_value(card)))
    for t in view["ships"][seat]["targets"]:
        before = _target_points(c, kind, t["centre"], t["left_value"], t["bottom_value"])
        for card, value in options:
            for side in (0, 1):
                left = value if side == 0 else t["left_value"]
                bottom = value if side == 1 else t["bottom_value"]
                gain = _target_points(c, kind, t["centre"], left, bottom) - before
                if is_wild(card):
                    gain -= 0.3  # a Wild is worth keeping for straights and flushes
                if gain > best[0]:
                    best = (gain, card, value, t["target"], side)
    return best


def _expected_damage(view: JSON, seat: int, c: Components) -> float:
    ship = view["ships"][seat]
    foe = view["ships"][1 - seat]
    sight = ship["gunsight"]
    cannon = next(cn for cn in ship["cannons"] if cn["manned"])
    if sight is None or not cannon["shots"]:
        return 0
    zone = c.zones[c.zone_by_id[sight]]
    damage: float = next(z["markers"] for z in foe["zones"] if z["zone"] == sight)
    if c.shot_for(zone.kind) not in [
        c.shots[i].index for i in range(len(c.shots)) if c.shots[i].id in cannon["shots"]
    ]:
        damage -= 1
    deck = next(z for z in ship["zones"] if z["zone"] == c.zones[c.deck_of(cannon["position"])].id)
    damage -= deck["exposed"].count("cannon")
    for t in ship["targets"]:
        damage += RESULT_POINTS[t["reads"]] if t["reads"] else -3
    return float(damage - 0.5 * min(2, foe["hand_size"] // 3))  # the foe may Evade


def _best_straight(hand: list[int], covered: list[int], chosen: list[int]) -> list[tuple[int, int]]:
    """The longest straight (run order) from the hand on uncovered numbers, starting
    with the cards already chosen: [(card, value), ...]."""
    best: list[tuple[int, int]] = []
    suits_first = sorted(hand, key=lambda card: (is_wild(card), card))
    for start in range(1, 11):
        run: list[tuple[int, int]] = []
        used: set[int] = set()
        v = start
        for _ in range(10):
            if v in covered:
                break
            card = next(
                (x for x in suits_first if x not in used and not is_wild(x) and card_value(x) == v),
                None,
            )
            if card is None:
                card = next((x for x in hand if x not in used and is_wild(x)), None)
            if card is None:
                break
            run.append((card, v))
            used.add(card)
            v = 1 if v == 10 else v + 1
        if [x for x, _ in run[: len(chosen)]] != chosen:
            continue
        if len(run) > len(best):
            best = run
    return best if len(best) >= 2 else []


def _flush_pick(legal: list[Action], hand: list[int], chosen: list[int]) -> Action | None:
    if chosen:
        more = [a for a in legal if a.kind in ("card", "wild")]
        return more[0] if more else None
    counts: dict[int, int] = {}
    for a in legal:
        if a.kind == "card":
            counts[card_suit(a.args[0])] = counts.get(card_suit(a.args[0]), 0) + 1
    if not counts:
        return next((a for a in legal if a.kind == "wild-suit"), None)
    suit = max(counts, key=lambda s: counts[s])
    return next(a for a in legal if a.kind == "card" and card_suit(a.args[0]) == suit)


def _card_worth(action: Action, hand: list[int]) -> float:
    """How much a card is worth keeping: Wilds most, middle values next."""
    if action.kind == "wild":
        return 10.0
    card = action.args[0] if action.args else 0
    value = card_value(card)
    pairs = sum(1 for x in hand if not is_wild(x) and card_value(x) == value)
    return 5 - abs(value - 5.5) * 0.5 + pairs


def _damage_worth_repairing(ship: JSON) -> bool:
    return _repairs_wanted(ship) > 0


def _repairs_wanted(ship: JSON) -> int:
    missing = 0
    for z in ship["zones"]:
        if z["kind"] in ("hull", "rigging"):
            missing += z["spaces"] - z["markers"]
    return missing if ship["missing_planks"] >= 3 or ship["rigging_penalty"] else 0
