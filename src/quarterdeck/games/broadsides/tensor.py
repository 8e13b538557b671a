"""The observation tensor of BroadSides: what one captain may know, as numbers.

The observer's ship comes first ("me"), the foe's second, so one agent can sail
either colour. Everything comes from what ``view.py`` shows that seat: the foe's hand
only as a count, the foe's cannons only once both are revealed, no deck's order.
Counts are divided by a stated maximum (and capped there where the rules set none),
so every number lies in [0, 1].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from quarterdeck.engine import Buffer, TensorField, TensorLayout, scatter

from .view import cannons_revealed

if TYPE_CHECKING:
    from .components import Components
    from .state import BroadSidesState

PHASES = (
    "officer",
    "mount",
    "load",
    "zero-in-man",
    "zero-in-sight",
    "stage1",
    "pick",
    "place",
    "stage2",
    "spend-shots",
    "effective",
    "fire-shot",
    "double",
    "tasks",
    "hand-limit",
    "repair",
    "return-shots",
    "over",
)
SELECTIONS = ("flush", "straight", "pair", "any-two", "payment", "aim-card", "evade")
PENALTIES = ("rigging", "cannon", "hand", "no-firing")
TRACKS = (("broadside", 4), ("sheer-off", 10), ("evasion", 10))
CARDS = 42  # each captain's Aim deck: 40 numbered cards and 2 Wilds
CAP = 10  # counts the rules leave open are capped here


def _cap(n: int) -> float:
    return min(n, CAP) / CAP


def observation_layout(c: Components) -> TensorLayout:
    zones, shots, kinds = len(c.zones), len(c.shots), len(c.cannons)
    targets = len(c.target_centres)
    losses = ("unaim", "zone", *sorted({d.lose for d in c.disasters}))
    f = TensorField
    return TensorLayout(
        [
            f("colour", (2,), "the observer's colour: [Red, Blue]"),
            f("phase", (len(PHASES),), "the decision being asked, one-hot: " + ", ".join(PHASES)),
            f("deciding", (2,), "who decides now: [me, foe] (all 0 when the game is over)"),
            f("turn_player", (2,), "whose turn it is: [me, foe]"),
            f("first_player", (2,), "who played first: [me, foe] (0 before it is known)"),
            f("turn", (1,), "turns played / (2 × round cap)"),
            f("actions_taken", (1,), "Stage 1 actions taken this turn / 2"),
            f("aimed", (1,), "1 once this turn's Aim card is played"),
            f("repairs_left", (1,), f"Repair moves left / {CAP} (capped)"),
            f(
                "bag",
                (shots,),
                "shot discs in the bag, per kind (solid, chain, canister) / the game's count of that kind",
            ),
            f(
                "tray",
                (shots,),
                "shot discs drawn and waiting to be loaded, per kind / the kind's count",
            ),
            f("target_deck", (1,), f"Target cards left in the Target deck / {targets}"),
            f("target_discards", (targets,), "1 for each Target card in the discard pile"),
            f(
                "selection_kind",
                (len(SELECTIONS),),
                "the set being built card by card, one-hot: " + ", ".join(SELECTIONS),
            ),
            f(
                "selection_cards",
                (CARDS,),
                "1 for each Aim card picked so far for that set (face up)",
            ),
            f("attack_zone", (zones,), "the zone under attack now, one-hot (0 without an attack)"),
            f(
                "attack",
                (4,),
                f"the attack now: [potential damage / {CAP}, damage so far / {CAP}, fired by the fore cannon, by the aft cannon]",
            ),
            f(
                "losses",
                (2, len(losses)),
                f"losses waiting, by seat [me, foe] and kind ({', '.join(losses)}): markers or cards / {CAP} (capped)",
            ),
            f("loss_zone", (zones,), "the zone of the first waiting loss of a zone, one-hot"),
            f(
                "markers",
                (2, zones),
                "markers in each zone (officers count as Crewmen) / the zone's spaces, ship by ship [me, foe]",
            ),
            f(
                "officers",
                (2, 2, zones + 1),
                "where the Captain and the First Mate stand: ship [me, foe] × officer [Captain, First Mate] × zone, the last column 'lost' (all 0 before they are placed)",
            ),
            f(
                "exposed",
                (2, len(PENALTIES)),
                "uncovered penalty icons per ship and kind (" + ", ".join(PENALTIES) + f") / {CAP}",
            ),
            f(
                "hand",
                (CARDS,),
                "1 for each Aim card in my hand (cards 0–39 are suit × 10 + value − 1; 40, 41 the Wilds)",
            ),
            f("hand_size", (2,), f"Aim cards in hand [me, foe] / {CARDS}"),
            f("deck", (2,), f"Aim cards in the deck [me, foe] / {CARDS}"),
            f("discards", (2, CARDS), "1 for each Aim card in the discard pile [me, foe]"),
            f(
                "targets",
                (2, targets, 15),
                "the Targets in front of each captain [me, foe], by Target card: [in front, left Aim card played, its value / 10, its suit one-hot ♠ ♣ ♦ ♥ Wild (5), bottom Aim card played, its value / 10, its suit one-hot (5)]",
            ),
            f(
                "cannons",
                (2, 2, kinds + 2),
                "each ship's [me, foe] fore and aft cannon: the cannon tile one-hot (18-Pounder, Long Nine, Carronade; the foe's only once both captains have chosen), chosen, manned by the Gunner",
            ),
            f("loaded", (2, 2, shots), "shots loaded in each cannon, by kind / 3"),
            f("usable", (2, 2), "1 when the cannon may fire (its Deck shows no no-firing icon)"),
            f("gunsight", (2, zones), "the zone each Gunsight points at, one-hot"),
            f(
                "tracks",
                (2, sum(n for _, n in TRACKS)),
                "covered spaces: Broadside track (4 suits), Sheer Off track (1–10), Evasion track (1–10), per ship",
            ),
            f(
                "disasters",
                (2, len(c.zones_of("hull")), 2),
                "each Hull zone's Disaster token: [face down, resolved], per ship",
            ),
            f(
                "disasters_left",
                (2, len(c.disasters)),
                "1 for each kind of Disaster token still face down (sails, crew, planks, in the data's order), per ship",
            ),
            f("missing_planks", (2,), f"Planks missing / {c.sinking_planks} (the ship sinks at 1)"),
            f("hand_limit", (2,), f"each captain's hand limit now / {c.hand_limit}"),
        ]
    )


class _Plan:
    """What the writer needs of the components, worked out once per game."""

    def __init__(self, c: Components, layout: TensorLayout) -> None:
        self.at = layout.offset
        self.zones = len(c.zones)
        self.targets = len(c.target_centres)
        self.kinds = len(c.cannons)
        self.shots = len(c.shots)
        self.spaces = [z.spaces for z in c.zones]
        # Uncovered penalty icons of each zone by its number of markers, as
        # (penalty kind, count) pairs.
        self.exposed = [
            [
                [
                    (k, z.penalties[: z.spaces - n].count(icon))
                    for k, icon in enumerate(PENALTIES)
                    if icon in z.penalties[: z.spaces - n]
                ]
                for n in range(z.spaces + 1)
            ]
            for z in c.zones
        ]
        self.hulls = c.zones_of("hull")
        self.decks = (c.deck_of("fore"), c.deck_of("aft"))  # where each cannon stands
        self.no_firing = [
            [("no-firing" in z.penalties[: z.spaces - n]) for n in range(z.spaces + 1)]
            for z in c.zones
        ]
        self.disasters = len(c.disasters)
        self.losses = ("unaim", "zone", *sorted({d.lose for d in c.disasters}))
        self.shot_counts = [shot.count for shot in c.shots]


_plans: dict[int, tuple[Components, _Plan]] = {}


def _plan(state: BroadSidesState) -> _Plan:
    c = state.c
    known = _plans.get(id(c))
    if known is None or known[0] is not c:
        known = _plans[id(c)] = (c, _Plan(c, state.game.observation_layout(2)))
    return known[1]


def write_observation(state: BroadSidesState, seat: int, out: Buffer) -> None:
    plan = _plan(state)
    at = plan.at
    ones: list[int] = []
    idx: list[int] = []
    val: list[float] = []
    foe = 1 - seat

    ones.append(at["colour"] + seat)
    ones.append(at["phase"] + PHASES.index(state.phase))
    if state.phase != "over":
        ones.append(at["deciding"] + (state.seat != seat))
    ones.append(at["turn_player"] + (state.turn_player != seat))
    if state.first_player is not None:
        ones.append(at["first_player"] + (state.first_player != seat))
    cap = max(1, int(state.game.options["round_cap"]))
    idx += (at["turn"], at["actions_taken"], at["repairs_left"], at["target_deck"])
    val += (
        min(1.0, state.turns / (2 * cap)),
        state.actions_taken / 2,
        _cap(state.repairs_left),
        len(state.target_deck) / plan.targets,
    )
    if state.aimed:
        ones.append(at["aimed"])
    for kind, count in enumerate(plan.shot_counts):
        if state.bag[kind]:
            idx.append(at["bag"] + kind)
            val.append(state.bag[kind] / count)
        drawn = state.tray.count(kind)
        if drawn:
            idx.append(at["tray"] + kind)
            val.append(drawn / count)
    base = at["target_discards"]
    ones += [base + t for t in state.target_discards]
    if state.sel:
        ones.append(at["selection_kind"] + SELECTIONS.index(state.sel_kind))
        base = at["selection_cards"]
        ones += [base + sel[0] for sel in state.sel]
    if len(state.attack) == 4:
        zone, potential, damage, position = state.attack
        ones += (at["attack_zone"] + zone, at["attack"] + 2 + position)
        idx += (at["attack"], at["attack"] + 1)
        val += (_cap(potential), _cap(max(0, damage)))
    if state.tasks:
        _losses(state, seat, plan, ones, idx, val)
    _ship(state, seat, 0, True, plan, ones, idx, val)
    _ship(state, foe, 1, False, plan, ones, idx, val)
    scatter(out, ones, idx, val)


def _losses(
    state: BroadSidesState,
    seat: int,
    plan: _Plan,
    ones: list[int],
    idx: list[int],
    val: list[float],
) -> None:
    width = len(plan.losses)
    totals = [0] * (2 * width)
    for task in state.tasks:
        totals[(task[0] != seat) * width + plan.losses.index(task[1])] += task[2]
    base = plan.at["losses"]
    for k, n in enumerate(totals):
        if n:
            idx.append(base + k)
            val.append(_cap(n))
    zone_task = next((t for t in state.tasks if t[1] == "zone" and t[3] >= 0), None)
    if zone_task is not None:
        ones.append(plan.at["loss_zone"] + zone_task[3])


def _ship(
    state: BroadSidesState,
    p: int,
    i: int,
    own: bool,
    plan: _Plan,
    ones: list[int],
    idx: list[int],
    val: list[float],
) -> None:
    at = plan.at
    zones = plan.zones
    markers = state.markers[p]
    officers = state.officers[p]
    exposed = [0] * len(PENALTIES)
    base = at["markers"] + i * zones
    counts = []
    for z in range(zones):
        count = markers[z] + (officers[0] == z) + (officers[1] == z)
        counts.append(count)
        if count:
            idx.append(base + z)
            val.append(count / plan.spaces[z])
        for k, n in plan.exposed[z][count]:
            exposed[k] += n
    base = at["exposed"] + i * len(PENALTIES)
    for k, n in enumerate(exposed):
        if n:
            idx.append(base + k)
            val.append(_cap(n))
    for officer, where in enumerate(officers):
        if where is not None:
            column = zones if where < 0 else where
            ones.append(at["officers"] + (i * 2 + officer) * (zones + 1) + column)
    if own:
        base = at["hand"]
        ones += [base + card for card in state.hands[p]]
    idx += (at["hand_size"] + i, at["deck"] + i)
    val += (len(state.hands[p]) / CARDS, len(state.decks[p]) / CARDS)
    base = at["discards"] + i * CARDS
    ones += [base + card for card in state.discards[p]]
    for slot in state.targets[p]:
        base = at["targets"] + (i * plan.targets + slot[0]) * 15  # type: ignore[operator]
        ones.append(base)
        for side in (0, 1):
            card = slot[1 + 2 * side]
            if card is not None:
                at_side = base + 1 + 7 * side
                ones += (at_side, at_side + 2 + (4 if card >= 40 else card // 10))
                idx.append(at_side + 1)
                val.append((slot[2 + 2 * side] or 0) / 10)
    _cannons(state, p, i, own, plan, counts, ones, idx, val)
    sight = state.sight[p]
    if sight is not None:
        ones.append(at["gunsight"] + i * zones + sight)
    track = at["tracks"] + i * 24
    covered = state.covered[p]
    for name, length in TRACKS:
        ones += [track + k for k, on in enumerate(covered[name]) if on]
        track += length
    done = state.disaster_done[p]
    disasters = state.disasters[p]
    for h, hull in enumerate(plan.hulls):
        base = at["disasters"] + (i * len(plan.hulls) + h) * 2
        if hull in done:
            ones.append(base + 1)
        elif disasters[hull] is not None:
            ones.append(base)
    base = at["disasters_left"] + i * plan.disasters
    ones += [base + token for token in disasters.values() if token is not None]
    c = state.c
    missing = sum(plan.spaces[z] - markers[z] for z in plan.hulls)
    idx += (at["missing_planks"] + i, at["hand_limit"] + i)
    val += (
        min(1.0, missing / c.sinking_planks),
        max(0, c.hand_limit - exposed[PENALTIES.index("hand")]) / c.hand_limit,
    )


def _cannons(
    state: BroadSidesState,
    p: int,
    i: int,
    own: bool,
    plan: _Plan,
    counts: list[int],
    ones: list[int],
    idx: list[int],
    val: list[float],
) -> None:
    at = plan.at
    kinds, shots = plan.kinds, plan.shots
    shown = own or cannons_revealed(state)
    for position in (0, 1):
        kind = state.cannons[p][position]
        base = at["cannons"] + (i * 2 + position) * (kinds + 2)
        if kind is not None:
            if shown:
                ones.append(base + kind)
            ones.append(base + kinds)
        if state.gunner[p] == position:
            ones.append(base + kinds + 1)
        loaded = state.loaded[p][position]
        if loaded:
            base = at["loaded"] + (i * 2 + position) * shots
            for shot in range(shots):
                n = loaded.count(shot)
                if n:
                    idx.append(base + shot)
                    val.append(n / 3)
        deck = plan.decks[position]
        if not plan.no_firing[deck][counts[deck]]:
            ones.append(at["usable"] + i * 2 + position)
