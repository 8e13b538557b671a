"""The Experienced Sea Dog module (rulebook: Experienced Sea Dog; house cards
``../shared/rules/broadsides-sea-dog-house-cards.md``): the draft of Reputations and
Dirty Tricks, the timing windows (§1) and the tricks' effects.

Every hook in the other chapters asks :func:`on` first, so a game without the module
takes exactly the base game's path. A window is opened with :func:`open_window`: each
seat listed that holds any secret trick is asked play-or-pass, whether or not a trick
fits (SD2, SD23), and play resumes at a step of ``decisions.STEPS`` once it closes.
Every number comes from a card's ``params``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from quarterdeck.engine import Event

from .components import is_wild
from .decks import draw_aim, draw_shots, draw_target
from .losses import flip_disaster, queue, run_tasks
from .phases import (
    ACTION_DONE,
    AIM_CARD,
    ANY_TWO,
    BOARDING_NETS,
    CLOSE_QUARTERS,
    CROWS_NEST,
    DEADEYE,
    DOUBLE,
    DRAFT,
    EVADE,
    FIRST_TURN,
    FLUSH,
    MAGAZINE,
    OLD_SALT,
    PAIR,
    PAYMENT,
    PICK,
    PLACE,
    QUARTERMASTER,
    REPUTATION,
    SEA_AIMED,
    SEA_DECLARED,
    SEA_DISASTER,
    SEA_F4_END,
    SEA_LOAD,
    SEA_TARGETS,
    SEA_ZERO_IN_DRAW,
    SPY,
    STAGE1,
    STAGE2,
    START_STAGE2,
    START_STAGE3,
    STRAIGHT,
    THEN_STAGE2,
    TRICK_MARKERS,
    TRICK_ZONE,
    WINDOW,
    ZONE,
)
from .sea_dog_cards import SeaDogCard, SeaDogCards
from .sets import card_id, lucky_key, naming, ordered_options, start_pick, wild_face_up
from .ship import (
    crewmen_aboard,
    foe,
    holds,
    missing_planks,
    reputation,
    total_capacity,
    zone_count,
)
from .table import Position, Sea


def on(s: Position) -> bool:
    return s.sea is not None


def cards(s: Position) -> SeaDogCards:
    sea = s.game.sea_dog
    assert sea is not None
    return sea


def sea(s: Position) -> Sea:
    assert s.sea is not None
    return s.sea


def has_reputation(s: Position, p: int, rep_id: str) -> SeaDogCard | None:
    rep = reputation(s, p)
    return rep if rep is not None and rep.id == rep_id else None


# -- the draft (rulebook: Reputation Setup; Dirty Tricks Setup) ----------------------------


#: The options' names of the captains (``sea_dog_trick_holder``), by seat.
CAPTAINS = {"red": 0, "blue": 1}


def start_draft(s: Position) -> None:
    """Deal each captain their Reputations, and every round's Dirty Tricks (kept face
    down: a round's are seen only once both have kept from the one before). The
    options for experiments fix part of the deal after the same shuffles, so every
    other card falls as it would with the same seed without them."""
    c = cards(s)
    s.sea = Sea()
    reps = [r.index for r in c.reputations]
    s.rng.shuffle(reps)
    n = c.rules["reputations_offered"]
    s.sea.rep_offers = [sorted(reps[:n]), sorted(reps[n : 2 * n])]
    tricks = [t.index for t in c.tricks]
    s.rng.shuffle(tricks)
    k, rounds = c.rules["tricks_offered"], c.rules["trick_rounds"]
    aside = _set_aside_trick(s, tricks, 2 * rounds * k)
    for p in (0, 1):
        s.sea.offers[p] = [
            sorted(tricks[(2 * r + p) * k : (2 * r + p + 1) * k]) for r in range(rounds)
        ]
    s.log(Event("sea-draft", {"reputations": n, "tricks": k, "rounds": rounds}))
    holder = set_aside(s)[1]
    if aside is not None and holder is not None:
        s.sea.tricks[holder].append(aside)  # secret, like a drafted one
    s.phase, s.seat = REPUTATION, 0
    for p, captain in enumerate(CAPTAINS):  # both or neither (game.py checks)
        rep_id = s.game.options[f"{captain}_reputation"]
        if rep_id != "draft":  # the Reputations' draft skipped: kept, then shown
            r = c.reputation_index(rep_id)
            assert r is not None
            s.sea.rep_offers[p] = [r]
            keep_reputation(s, r)


def _set_aside_trick(s: Position, tricks: list[int], dealt: int) -> int | None:
    """The option ``sea_dog_trick``'s card, out of the draft: if the shuffle dealt it
    (among the first ``dealt``), it swaps places with the last card, which no draft
    deals, so every other card falls as without the option."""
    t = set_aside(s)[0]
    if t is None:
        return None
    # game.py checked the option's card, and that a card is left undealt
    at = tricks.index(t)
    if at < dealt:
        tricks[at], tricks[-1] = tricks[-1], tricks[at]
    return t


def set_aside(s: Position) -> tuple[int | None, int | None]:
    """The option ``sea_dog_trick``'s card (out of the draft, so never dealt) and the
    seat the option ``sea_dog_trick_holder`` gives it to: both public, like the options."""
    trick_id = s.game.options["sea_dog_trick"]
    if not trick_id:
        return None, None
    return cards(s).trick_index(trick_id), CAPTAINS.get(s.game.options["sea_dog_trick_holder"])


def draft_done(s: Position) -> bool:
    return s.sea is not None and s.sea.rounds[1] >= cards(s).rules["trick_rounds"]


def dealt_rounds(sea_part: Sea, rounds: int) -> int:
    """The trick rounds dealt so far: a round once both kept from the one before."""
    if not sea_part.revealed:
        return 0
    return min(rounds, min(sea_part.rounds) + 1)


def reputation_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["reputation", r] for r in sea(s).rep_offers[s.seat]]


def keep_reputation(s: Position, r: int) -> None:
    """Kept in secret; both are revealed once both have chosen."""
    p = s.seat
    sea(s).reputation[p] = r
    s.log(Event("sea-reputation", {"seat": p}, {p: {"reputation": cards(s).reputations[r].id}}))
    if p == 0:
        s.seat = 1
        return
    sea(s).revealed = True
    names = [cards(s).reputations[x].name for x in sea(s).reputation]  # type: ignore[index]
    s.log(Event("sea-reputations", {"reputations": names}))
    s.phase, s.seat = DRAFT, 0


def draft_options(s: Position) -> list[int]:
    a = s.game.ids
    sp = sea(s)
    return [a["keep-trick", t] for t in sp.offers[s.seat][sp.rounds[s.seat]]]


def keep_trick(s: Position, t: int) -> None:
    """Keep one, in secret; the others of the offer leave the game."""
    p = s.seat
    sp = sea(s)
    sp.kept[p].append(t)
    sp.tricks[p].append(t)
    sp.rounds[p] += 1
    s.log(
        Event(
            "sea-keep",
            {"seat": p, "round": sp.rounds[p]},
            {p: {"trick": cards(s).tricks[t].id}},
        )
    )
    if p == 0:
        s.seat = 1
    elif not draft_done(s):
        s.seat = 0
    else:  # the draft follows Zeroing In; the starting hands come after it
        first = s.first_player or 0
        for q in (first, foe(first)):
            draw_aim(s, q, s.c.starting_hand)
        s.proceed(FIRST_TURN)


# -- windows (house cards §1, SD1, SD2, SD23) ------------------------------------------------

#: The window a trick played inside another decision belongs to (SD23's merged ones).
MERGED = {STAGE1: "OWN_S1", STAGE2: "OWN_S2", PICK: "FOE_F5", DOUBLE: "OWN_F4_END"}
#: The action each set of cards declares (``OWN_DECLARE:<X>``).
DECLARES = {
    AIM_CARD: "Aim",
    FLUSH: "Broadside",
    STRAIGHT: "Sheer Off",
    PAIR: "Reload",
    ANY_TWO: "Reload",
    PAYMENT: "Repair",
}


def open_window(s: Position, code: str, seats: list[int], resume: str) -> None:
    """Ask each of ``seats`` in turn (the turn's captain first, SD1) that holds a
    secret trick, then go on at ``resume``."""
    sp = sea(s)
    sp.window = [code, resume]
    sp.asking = list(seats)
    ask_next(s)


def ask_next(s: Position) -> None:
    sp = sea(s)
    while sp.asking:
        p = sp.asking[0]
        # The count and a face-up Crow's Nest are public: being asked tells nothing (SD2).
        if sp.tricks[p] or (sp.window[0] == "OWN_ZERO_IN" and sp.crows_nest[p] > 0):
            s.phase, s.seat = WINDOW, p
            return
        sp.asking.pop(0)
    resume = sp.window[1]
    sp.window = []
    s.proceed(resume)


def window_code(s: Position) -> str:
    return str(sea(s).window[0]) if s.sea is not None and s.sea.window else ""


def window_options(s: Position) -> list[int]:
    return [s.game.ids["pass"], *trick_options(s, s.seat, window_code(s))]


def pass_window(s: Position) -> None:
    p = s.seat
    s.log(Event("sea-pass", {"seat": p, "window": window_code(s)}))
    sea(s).asking.pop(0)
    ask_next(s)


def face_up(s: Position, p: int) -> list[int]:
    """``p``'s face-up trick waiting for a later use (Crow's Nest, SD4): public."""
    sp = sea(s)
    if sp.crows_nest[p] <= 0:
        return []
    return [t for q, t in sp.played if q == p and cards(s).tricks[t].uses > 1][-1:]


def trick_options(s: Position, p: int, *codes: str) -> list[int]:
    """The tricks ``p`` may play now: their window is one of ``codes``, their rules
    are written (``EFFECTS``) and their Requires holds (SD5)."""
    if s.sea is None:
        return []
    a = s.game.ids
    out = []
    for t in [*s.sea.tricks[p], *face_up(s, p)]:
        card = cards(s).tricks[t]
        effect = EFFECTS.get(card.id)
        if effect is None or not fits(card, effect, codes):
            continue
        if effect.requires(s, p, card):
            out.append(a["trick", t])
    return out


def fits(card: SeaDogCard, effect: Effect, codes: tuple[str, ...]) -> bool:
    """Whether the card's window is one of ``codes``; one played before a use's cards
    fits Stage 1 (OWN_S1) for its OWN_DECLARE windows."""
    if any(code in card.windows for code in codes):
        return True
    declares = any(w.startswith("OWN_DECLARE:") for w in card.windows)
    return effect.before_cards and declares and "OWN_S1" in codes


def play_trick(s: Position, t: int) -> None:
    """A trick is played face up and leaves the game (SD4), save a limited-use one,
    which stays face up with its uses left (SD21); its effect follows. In a window
    the seat is asked again, for another trick (SD1), until it passes."""
    p = s.seat
    sp = sea(s)
    card = cards(s).tricks[t]
    code = window_code(s) or MERGED.get(s.phase, "")
    if s.phase == STAGE1 and card.cost != "free":
        code = "OWN_ACTION"
    if t in sp.tricks[p]:
        sp.tricks[p].remove(t)
        sp.played.append([p, t])
        sp.crows_nest[p] = card.uses - 1 if card.uses > 1 else sp.crows_nest[p]
    else:  # a face-up trick's later use
        sp.crows_nest[p] -= 1
    s.log(Event("sea-trick", {"seat": p, "trick": card.id, "name": card.name, "window": code}))
    EFFECTS[card.id].play(s, p, card)


def declare(s: Position) -> None:
    """An action's cards are chosen: ``OWN_DECLARE:<X>`` opens before it resolves."""
    code = "OWN_DECLARE:" + DECLARES[s.sel_kind]
    open_window(s, code, [s.turn_player], SEA_DECLARED)


def declared(s: Position) -> None:
    s.seat = s.turn_player
    if s.sel_kind == AIM_CARD:
        s.phase = PLACE
    else:
        s.proceed(s.sel_kind)


# -- the tricks' effects (house cards §3) ------------------------------------------------------


class Effect:
    """A trick's rule: when it may be played (its Requires, SD5) and what it does.
    ``before_cards``: a trick of ``OWN_DECLARE`` windows that changes which cards a
    use may take (Lucky Doubloon), so it is played before the use's first card: in
    Stage 1 (merged OWN_S1, SD23) or as the Evasion begins (FOE_F5)."""

    def __init__(
        self,
        play: Callable[[Position, int, SeaDogCard], None],
        requires: Callable[[Position, int, SeaDogCard], bool] = lambda s, p, card: True,
        before_cards: bool = False,
    ) -> None:
        self.play = play
        self.requires = requires
        self.before_cards = before_cards


def _flag(name: str) -> Callable[[Position, int, SeaDogCard], None]:
    def play(s: Position, p: int, card: SeaDogCard) -> None:
        sea(s).effects[name] = 1

    return play


def _damage_on_track(s: Position, p: int, card: SeaDogCard) -> bool:
    return len(s.attack) == 4 and s.attack[2] >= 1


def _hard_a_port(s: Position, p: int, card: SeaDogCard) -> None:
    """D − 1: not an Evasion, so Sea Dragon does not stop it (DT09)."""
    s.attack[2] = max(0, s.attack[2] - card.param("reduction"))
    s.log(Event("sea-damage", {"seat": p, "trick": card.id, "damage": s.attack[2]}))


def _may_evade(s: Position, p: int, card: SeaDogCard) -> bool:
    return not sea(s).effects.get("sea_dragon")


def _brace_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    zone, _, damage, _ = s.attack
    return damage >= zone_count(s, p, zone)


def _brace(s: Position, p: int, card: SeaDogCard) -> None:
    """The zone keeps exactly ``keep`` markers (DT12)."""
    zone = s.attack[0]
    s.attack[2] = max(0, zone_count(s, p, zone) - card.param("keep"))
    s.log(Event("sea-damage", {"seat": p, "trick": card.id, "damage": s.attack[2]}))


def _rum_ration(s: Position, p: int, card: SeaDogCard) -> None:
    sea(s).effects["draw"] = card.param("draw")


def _gun_captain(s: Position, p: int, card: SeaDogCard) -> None:
    """The Gunner moves to the other cannon; the Targets stay (DT08, SD14)."""
    gunner = s.gunner[p]
    assert gunner is not None
    s.gunner[p] = 1 - gunner
    s.log(Event("sea-gunner", {"seat": p, "cannon": s.gunner[p]}))


def sharpshooter_zones(s: Position, p: int) -> list[int]:
    """The foe's Deck zones with a marker (Crewman or officer) to remove."""
    other = foe(p)
    return [z for z in s.c.zones_of("deck") if zone_count(s, other, z) >= 1]


def _sharpshooters(s: Position, p: int, card: SeaDogCard) -> None:
    s.phase = TRICK_ZONE


def trick_zone_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["trick-zone", z] for z in sharpshooter_zones(s, s.seat)]


def trick_zone(s: Position, zone: int) -> None:
    """Sharpshooters: the foe removes ``markers`` from that Deck, their choice of
    Crewman or officer (house ruling 7); it is damage (SD11). It was an action."""
    p = s.seat
    card = next(t for t in cards(s).tricks if t.id == "DT04")
    s.log(Event("sea-sharpshooters", {"seat": p, "zone": zone}))
    queue(s, [[foe(p), ZONE, card.param("markers"), zone, -1]], ACTION_DONE)


# DT20 Lucky Doubloon (SD9): one card of a use stands as a Wild (``sets.py`` picks it)


def _lucky_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    """Its Wild is chosen with the use's cards (SD23), so it is played before the
    first of them: in Stage 1, for the turn's next use where a Wild counts (Aim,
    Broadside, Sheer Off, Full Reload), or as an Evasion begins; never once cards are
    chosen (OWN_DECLARE's own window). It needs a card that is not a Wild to turn."""
    if not any(not is_wild(c) for c in s.hands[p]):
        return False
    if s.phase == STAGE1:
        return True
    return s.phase == PICK and s.sel_kind == EVADE and not s.sel and not naming(s)


def _lucky(s: Position, p: int, card: SeaDogCard) -> None:
    sea(s).effects[lucky_key(p)] = card.param("wilds")


# DT03 Close Quarters, DT23 Steady As She Goes: they replace the Aim.


def _steady_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    return bool(s.hands[p])


def _steady(s: Position, p: int, card: SeaDogCard) -> None:
    """Up to ``placements`` Aim placements, at least one, each its own FOE_AIM (SD16)."""
    effects = sea(s).effects
    effects["steady"], effects["steady_made"] = card.param("placements"), 0
    start_pick(s, AIM_CARD)


def steady_going(s: Position) -> bool:
    """Whether a Steady As She Goes placement after the first is being chosen."""
    return s.sea is not None and s.sea.effects.get("steady_made", 0) >= 1


def aimed(s: Position) -> None:
    """FOE_AIM is over: Steady's next placement (the captain may stop), or the next
    action."""
    p = s.seat = s.turn_player
    effects = sea(s).effects
    if "steady" in effects:
        effects["steady_made"] += 1
        if effects["steady_made"] < effects["steady"] and s.hands[p]:
            start_pick(s, AIM_CARD)
            return
    steady_stop(s)


def steady_stop(s: Position) -> None:
    effects = sea(s).effects
    effects.pop("steady", None)
    effects.pop("steady_made", None)
    s.sel = []
    s.proceed(ACTION_DONE)


def aim_placed(s: Position, target: int, side: int) -> None:
    """An Aim card is placed: the foe's FOE_AIM (Gust of Wind) follows."""
    effects = sea(s).effects
    effects["aim_target"], effects["aim_side"] = target, side
    open_window(s, "FOE_AIM", [foe(s.turn_player)], SEA_AIMED)


def _gust_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    return _aim_slot(s) is not None


def _aim_slot(s: Position) -> list[int | None] | None:
    effects = sea(s).effects
    if "aim_target" not in effects:
        return None
    target, side = effects["aim_target"], effects["aim_side"]
    slot = next((t for t in s.targets[s.turn_player] if t[0] == target), None)
    return slot if slot is not None and slot[1 + 2 * side] is not None else None


def _gust(s: Position, p: int, card: SeaDogCard) -> None:
    """The Aim card just placed is discarded; the position stays empty (DT24)."""
    slot = _aim_slot(s)
    assert slot is not None
    side = sea(s).effects["aim_side"]
    aimer = s.turn_player
    gone = slot[1 + 2 * side]
    assert gone is not None
    slot[1 + 2 * side] = slot[2 + 2 * side] = None
    s.discards[aimer].append(gone)
    s.log(Event("sea-gust", {"seat": p, "card": gone, "target": slot[0], "side": side}))


# DT05 Powder Boy, DT06 Well-Stocked Magazine; REP2 Shrewd Quartermaster


def _powder_boy_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    return total_capacity(s, p) > 0  # discs may be returned to make room


def _powder_boy(s: Position, p: int, card: SeaDogCard) -> None:
    """A Single Shot Reload with no cards and no action (it counts as a Reload:
    OWN_DECLARE:Reload opens, for Well-Stocked Magazine)."""
    effects = sea(s).effects
    effects["powder_boy"] = 1 if s.phase == STAGE1 else 2
    s.sel, s.sel_kind = [], ANY_TWO
    open_window(s, "OWN_DECLARE:Reload", [p], SEA_DECLARED)


def powder_done(s: Position) -> None:
    """Powder Boy's loading is over: back to the Stage it was played in."""
    stage = sea(s).effects.pop("powder_boy")
    s.seat = s.turn_player
    s.phase = STAGE1 if stage == 1 else STAGE2


def draw_for_reload(s: Position, p: int, n: int) -> None:
    """A Reload's draw of ``n`` discs: taken at will with Well-Stocked Magazine
    (DT06), else drawn, one more with Shrewd Quartermaster (REP2), who sends one
    back; the discs go to the tray and loading follows (``SEA_LOAD``)."""
    sp = sea(s)
    sp.pending = []
    if sp.effects.pop("magazine", 0):
        if n and sum(s.bag):
            sp.effects["magazine_left"] = n
            s.phase = MAGAZINE
            return
        s.proceed(SEA_LOAD)
        return
    rep = has_reputation(s, p, "REP2")
    extra = rep.param("extra_discs") if rep is not None and n else 0
    drawn = draw_shots(s, n + extra)
    sp.pending = list(drawn)
    s.tray.extend(drawn)
    if len(drawn) > n:
        sp.effects["return_left"] = len(drawn) - n
        s.log(Event("sea-quartermaster-draw", {"seat": p, "shots": sorted(drawn)}))
        s.phase = QUARTERMASTER
        return
    s.proceed(SEA_LOAD)


def magazine_options(s: Position) -> list[int]:
    """Discs of the bag's kinds, in kind order (one set of discs, one order): a kind
    only while enough discs of it and later kinds remain to take all still owed (or
    the whole bag), so that every set can be taken and none leaves no way on."""
    a = s.game.ids
    sp = sea(s)
    low = sp.pending[-1] if sp.pending else 0
    owed = min(sp.effects["magazine_left"], sum(s.bag))
    return [
        a["take-disc", x] for x, n in enumerate(s.bag) if n and x >= low and sum(s.bag[x:]) >= owed
    ]


def take_disc(s: Position, shot: int) -> None:
    sp = sea(s)
    s.bag[shot] -= 1
    s.tray.append(shot)
    sp.pending.append(shot)
    sp.effects["magazine_left"] -= 1
    if sp.effects["magazine_left"] <= 0 or not sum(s.bag):
        sp.effects.pop("magazine_left")
        s.proceed(SEA_LOAD)


def quartermaster_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["return-disc", x] for x in sorted(set(sea(s).pending))]


def return_disc(s: Position, shot: int) -> None:
    """REP2: a disc just drawn goes back to the bag before loading."""
    sp = sea(s)
    sp.pending.remove(shot)
    s.tray.remove(shot)
    s.bag[shot] += 1
    s.log(Event("sea-quartermaster", {"seat": s.seat, "shot": shot}))
    sp.effects["return_left"] -= 1
    if sp.effects["return_left"] <= 0:
        sp.effects.pop("return_left")
        s.proceed(SEA_LOAD)


# DT07 Double-Shotted


def _double_shotted_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    if len(s.attack) != 4 or sea(s).effects.get("double_done"):
        return False
    return bool(s.loaded[p][s.attack[3]])


def _double_shotted(s: Position, p: int, card: SeaDogCard) -> None:
    """The firing cannon's remaining disc makes a Double Shot; on a Carronade it is
    the cannon's own, one stronger (SD13); never above P (SD6)."""
    zone, potential, _, position = s.attack
    kind = s.c.cannons[s.cannons[p][position]]  # type: ignore[index]
    shot = s.loaded[p][position].pop()
    s.bag[shot] += 1
    bonus = card.param("matching") if matching(s, shot, zone) else card.param("not_matching")
    if kind.double_shot:
        bonus += card.param("carronade_bonus")
    s.attack[2] = min(potential, s.attack[2] + bonus)
    sea(s).effects["double_done"] = 1
    s.log(Event("double-shot", {"seat": p, "shot": shot, "damage": s.attack[2]}))
    if s.phase == DOUBLE:  # merged with the Carronade's announcement: step 5 follows
        s.proceed(SEA_F4_END)


# OWN_F4_START: Close Quarters' Target (DT03) and Deadeye Gunner (REP1), SD27


def targets_step(s: Position) -> None:
    """Steps 2–3 are done: the choices of OWN_F4_START, then the Target cards."""
    p = s.seat = s.turn_player
    if sea(s).effects.get("close_quarters") and s.targets[p]:
        s.phase = CLOSE_QUARTERS
        return
    deadeye_or_read(s)


def close_quarters_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["ignore-target", t[0]] for t in s.targets[s.seat]]


def ignore_target(s: Position, target: int) -> None:
    """DT03: that Target card has no effect this Firing (SD18: no Early loss)."""
    effects = sea(s).effects
    effects.pop("close_quarters")
    effects["ignored_target"] = target
    s.log(Event("sea-ignore-target", {"seat": s.seat, "target": target}))
    deadeye_or_read(s)


def deadeye_units(s: Position) -> list[int]:
    """REP1: an Aim card on a Target card with two (one alone reads Miss, SD18),
    shifted ±``shift`` within 1–10."""
    p = s.turn_player
    rep = has_reputation(s, p, "REP1")
    if rep is None:
        return []
    a, shift = s.game.ids, rep.param("shift")
    ignored = sea(s).effects.get("ignored_target")
    out = []
    for t in s.targets[p]:
        if t[1] is None or t[3] is None or t[0] == ignored:
            continue
        for side in (0, 1):
            value = t[2 + 2 * side]
            assert value is not None
            for up, new in ((0, value - shift), (1, value + shift)):
                if 1 <= new <= 10:
                    out.append(a["deadeye", t[0], side, up])
    return out


def deadeye_or_read(s: Position) -> None:
    if deadeye_units(s):
        s.phase = DEADEYE
    else:
        s.proceed(SEA_TARGETS)


def deadeye_options(s: Position) -> list[int]:
    return [s.game.ids["no-deadeye"], *deadeye_units(s)]


def deadeye(s: Position, target: int, side: int, up: int) -> None:
    rep = has_reputation(s, s.turn_player, "REP1")
    assert rep is not None
    shift = rep.param("shift") * (1 if up else -1)
    effects = sea(s).effects
    effects["deadeye_target"], effects["deadeye_side"] = target, side
    effects["deadeye_shift"] = shift
    s.log(Event("sea-deadeye", {"seat": s.seat, "target": target, "side": side, "shift": shift}))
    s.proceed(SEA_TARGETS)


def no_deadeye(s: Position) -> None:
    s.proceed(SEA_TARGETS)


def read_as(s: Position, t: list[int | None]) -> list[int | None] | None:
    """A Target card as this Firing reads it: ``None`` if Close Quarters ignores it,
    Deadeye's shift applied (the card does not move)."""
    effects = sea(s).effects
    if effects.get("ignored_target") == t[0]:
        return None
    if effects.get("deadeye_target") != t[0] or "deadeye_shift" not in effects:
        return t
    shifted = list(t)
    index = 2 + 2 * effects["deadeye_side"]
    shifted[index] = shifted[index] + effects["deadeye_shift"]  # type: ignore[operator]
    return shifted


# OWN_ZERO_IN: DT22 Crow's Nest (SD15, SD21)


def _crows_nest_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    return not sea(s).effects.get("crows_nest")  # at most one use a Zero In


def zero_in_window(s: Position) -> None:
    """A Zero In of one's own turn: the Gunsight is placed; OWN_ZERO_IN opens before
    the Target cards are drawn (asked of a holder of a trick or a face-up Crow's Nest)."""
    open_window(s, "OWN_ZERO_IN", [s.turn_player], SEA_ZERO_IN_DRAW)


def zero_in_draw(s: Position) -> None:
    """OWN_ZERO_IN is over: draw the zone's Target cards (Crow's Nest: more, and keep
    the zone's number)."""
    p = s.seat = s.turn_player
    sp = sea(s)
    zone = s.sight[p]
    assert zone is not None
    keep = s.c.zones[zone].targets
    extra = sp.effects.get("crows_nest", 0)
    drawn = [draw_target(s) for _ in range(keep + extra)]
    s.targets[p] = [[t, None, None, None, None] for t in drawn if t is not None]
    s.log(Event("zero-in", {"seat": p, "cannon": s.gunner[p], "zone": zone, "targets": drawn}))
    if extra and len(s.targets[p]) > keep:
        sp.effects["keep_left"] = keep
        sp.pending = []
        s.phase = CROWS_NEST
        return
    zero_in_done(s)


def _crows_nest(s: Position, p: int, card: SeaDogCard) -> None:
    sea(s).effects["crows_nest"] = card.param("extra_targets")


def crows_nest_options(s: Position) -> list[int]:
    a = s.game.ids
    sp = sea(s)
    units = [a["keep-target", t[0]] for t in s.targets[s.seat] if t[0] not in sp.pending]
    last = a["keep-target", sp.pending[-1]] if sp.pending else -1
    return ordered_options(units, sp.effects["keep_left"], last)


def keep_target(s: Position, target: int) -> None:
    sp = sea(s)
    p = s.seat
    sp.pending.append(target)
    sp.effects["keep_left"] -= 1
    if sp.effects["keep_left"] > 0:
        return
    for t in s.targets[p]:
        if t[0] not in sp.pending:
            s.target_discards.append(t[0])  # type: ignore[arg-type]
    s.targets[p] = [t for t in s.targets[p] if t[0] in sp.pending]
    s.log(Event("sea-crows-nest", {"seat": p, "kept": sorted(sp.pending)}))
    sp.pending = []
    sp.effects.pop("keep_left")
    zero_in_done(s)


def zero_in_done(s: Position) -> None:
    sea(s).effects.pop("crows_nest", None)
    after = s.after
    s.after = ""
    s.proceed(START_STAGE2 if after == THEN_STAGE2 else START_STAGE3)


# FOE_BROADSIDE: DT13 Boarding Nets


def _nets_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    return bool(s.effective)


def _nets(s: Position, p: int, card: SeaDogCard) -> None:
    s.phase = BOARDING_NETS


def nets_options(s: Position) -> list[int]:
    a = s.game.ids
    return [a["ignore-shot", x] for x in sorted(set(s.effective))]


def ignore_shot(s: Position, shot: int) -> None:
    """DT13: the defender picks one of the n′ discs; it has no effect (SD8)."""
    s.effective.remove(shot)
    s.log(Event("sea-boarding-nets", {"seat": s.seat, "shot": shot}))
    s.phase = WINDOW  # back to the window, for another trick (SD1)


# DISASTER: DT14 Damage Control


def disaster_window(s: Position) -> None:
    effects = sea(s).effects
    open_window(s, "DISASTER", [effects["disaster_seat"]], SEA_DISASTER)


def disaster_resolve(s: Position) -> None:
    """The token flips, unless Damage Control removed it unseen (SD19: it goes to
    the hidden ``controlled`` pile; the zone has had its Disaster, SD10)."""
    effects = sea(s).effects
    seat, zone = effects.pop("disaster_seat"), effects.pop("disaster_zone")
    if effects.pop("damage_control", 0):
        token = s.disasters[seat][zone]
        assert token is not None
        s.disasters[seat][zone] = None
        s.disaster_done[seat].append(zone)
        sea(s).controlled[seat].append(token)
        s.log(Event("sea-damage-control", {"seat": seat, "zone": zone}))
    else:
        flip_disaster(s, seat, zone, 0)
    run_tasks(s)


# DT15 Ship's Surgeon, DT16 Carpenter's Mate (SD10)


def _surgeon_room(s: Position, p: int) -> int:
    space = sum(s.c.zones[z].spaces - zone_count(s, p, z) for z in s.c.zones_of("deck"))
    return min(space, s.c.crewmen - crewmen_aboard(s, p))


def _surgeon(s: Position, p: int, card: SeaDogCard) -> None:
    _markers(s, p, "deck", min(card.param("crewmen"), _surgeon_room(s, p)))


def _carpenter(s: Position, p: int, card: SeaDogCard) -> None:
    _markers(s, p, "hull", min(card.param("planks"), missing_planks(s, p)))


KINDS = ("rigging", "deck", "hull")


def _markers(s: Position, p: int, kind: str, n: int) -> None:
    effects = sea(s).effects
    effects["markers_kind"], effects["markers_left"] = KINDS.index(kind), n
    effects["markers_last"] = -1
    s.phase = TRICK_MARKERS


def markers_options(s: Position) -> list[int]:
    a = s.game.ids
    p = s.seat
    effects = sea(s).effects
    kind = KINDS[effects["markers_kind"]]
    units = []
    for z in s.c.zones_of(kind):
        units += [a["trick-marker", z]] * (s.c.zones[z].spaces - zone_count(s, p, z))
    need = min(effects["markers_left"], len(units))
    return ordered_options(units, need, effects["markers_last"])


def trick_marker(s: Position, zone: int) -> None:
    """A marker comes back from the supply; never above the zone's spaces (SD10)."""
    p = s.seat
    effects = sea(s).effects
    kind = effects["markers_kind"]
    s.markers[p][zone] += 1
    s.supply[kind] -= 1
    s.log(Event("sea-marker", {"seat": p, "zone": zone}))
    effects["markers_left"] -= 1
    effects["markers_last"] = s.game.ids["trick-marker", zone]
    if effects["markers_left"] <= 0 or not markers_options(s):
        for key in ("markers_kind", "markers_left", "markers_last"):
            effects.pop(key)
        s.proceed(ACTION_DONE)


# DT19 Spy Aboard (SD19)


def _spy_requires(s: Position, p: int, card: SeaDogCard) -> bool:
    return bool(s.hands[foe(p)])


def _spy(s: Position, p: int, card: SeaDogCard) -> None:
    sea(s).seen[p] = sorted(s.hands[foe(p)])  # only this captain sees them
    s.phase = SPY


def spy_options(s: Position) -> list[int]:
    return sorted({card_id(s, c) for c in s.hands[foe(s.seat)]})


def spy_card(s: Position, card: int) -> None:
    """The foe discards the card chosen; the spy remembers the rest (SD19)."""
    p, other = s.seat, foe(s.seat)
    s.hands[other].remove(card)
    s.discards[other].append(card)
    seen = sea(s).seen[p]
    if card in seen:
        seen.remove(card)
    s.log(Event("sea-spy", {"seat": p, "card": card}))
    s.phase = STAGE1


def spy_wild(s: Position) -> None:
    other = foe(s.seat)
    wild = wild_face_up(s, other, s.hands[other])
    sea(s).seen[s.seat] = sorted(s.hands[other])  # the Wild's number may have swapped
    spy_card(s, wild)


def seen_in_hand(s: Position, seat: int) -> list[int]:
    """The foe's cards ``seat`` saw with Spy Aboard that are still in that hand."""
    if s.sea is None:
        return []
    hand = s.hands[foe(seat)]
    return sorted(c for c in s.sea.seen[seat] if c in hand)


# REP8 (b) Old Salt: Hold draws 2 and keeps 1


def old_salt_hold(s: Position, p: int) -> bool:
    """Hold with Old Salt; ``False`` when it is a plain Hold (no such Reputation)."""
    rep = has_reputation(s, p, "REP8")
    if rep is None or not rep.params.get("hold_draw"):
        return False
    before = Counter(s.hands[p])
    draw_aim(s, p, rep.param("hold_draw"))
    drawn = sorted((Counter(s.hands[p]) - before).elements())
    if len(drawn) > rep.param("hold_keep"):
        sea(s).pending = drawn
        s.phase = OLD_SALT
    else:
        s.proceed(ACTION_DONE)
    return True


def old_salt_options(s: Position) -> list[int]:
    return sorted({card_id(s, c) for c in sea(s).pending})


def old_salt_keep(s: Position, card: int) -> None:
    """The card kept stays; the others go to the Aim discard pile, face up."""
    p = s.seat
    sp = sea(s)
    rest = list(sp.pending)
    rest.remove(card)
    sp.pending = []
    for other in rest:
        s.hands[p].remove(other)
        s.discards[p].append(other)
    # in the order they went to the pile, which the view shows
    s.log(Event("sea-old-salt", {"seat": p, "discards": rest}))
    s.proceed(ACTION_DONE)


def old_salt_wild(s: Position) -> None:
    wild = next(c for c in sea(s).pending if is_wild(c))
    old_salt_keep(s, wild)


#: Every trick's rule, by card id.
EFFECTS: dict[str, Effect] = {
    "DT01": Effect(_flag("sea_dragon"), _damage_on_track),  # Sea Dragon Figurehead
    "DT02": Effect(_flag("red_hot")),  # Red-Hot Shot
    "DT03": Effect(_flag("close_quarters")),  # Close Quarters
    "DT04": Effect(_sharpshooters, lambda s, p, card: bool(sharpshooter_zones(s, p))),
    "DT05": Effect(_powder_boy, _powder_boy_requires),  # Powder Boy
    "DT06": Effect(_flag("magazine")),  # Well-Stocked Magazine
    "DT07": Effect(_double_shotted, _double_shotted_requires),  # Double-Shotted
    "DT08": Effect(_gun_captain),  # Gun Captain
    "DT09": Effect(_hard_a_port, _damage_on_track),  # Hard a-Port
    "DT10": Effect(_flag("weather_gauge"), _may_evade),  # Weather Gauge
    "DT11": Effect(_flag("wet_powder")),  # Wet Powder
    "DT12": Effect(_brace, _brace_requires),  # Brace for Impact
    "DT13": Effect(_nets, _nets_requires),  # Boarding Nets
    "DT14": Effect(_flag("damage_control")),  # Damage Control
    "DT15": Effect(_surgeon, lambda s, p, card: _surgeon_room(s, p) > 0),  # Ship's Surgeon
    "DT16": Effect(_carpenter, lambda s, p, card: missing_planks(s, p) > 0),  # Carpenter's Mate
    "DT17": Effect(_flag("able_seamen")),  # Able Seamen
    "DT18": Effect(_rum_ration),  # Rum Ration
    "DT19": Effect(_spy, _spy_requires),  # Spy Aboard
    "DT20": Effect(_lucky, _lucky_requires, before_cards=True),  # Lucky Doubloon
    "DT21": Effect(_flag("cut_across")),  # Cut Across Her Bow
    "DT22": Effect(_crows_nest, _crows_nest_requires),  # Crow's Nest
    "DT23": Effect(_steady, _steady_requires),  # Steady As She Goes
    "DT24": Effect(_gust, _gust_requires),  # Gust of Wind
}


# -- Stage 1 with the module (OWN_S1, OWN_ACTION merged into the action choice; SD23) ------


def stage1_tricks(s: Position) -> list[int]:
    """Free OWN_S1 tricks any time in Stage 1; a trick that is an action only if the
    turn's Aim stays possible after it (SD3, SD24), judged from the hand and the
    secret tricks: as the first action with a card in hand or Close Quarters held,
    as the second once Aimed; one that replaces the Aim as either action."""
    p = s.seat
    options = []
    for action in trick_options(s, p, "OWN_S1", "OWN_ACTION"):
        card = cards(s).tricks[s.game.action_space[action].args[0]]
        if card.cost == "free":
            if "OWN_S1" in card.windows or EFFECTS[card.id].before_cards:
                options.append(action)
        elif "OWN_ACTION" in card.windows and _action_keeps_aim(s, p, card):
            options.append(action)
    return options


def _action_keeps_aim(s: Position, p: int, card: SeaDogCard) -> bool:
    if card.cost == "replaces_aim":
        return True
    if s.actions_taken == 1:
        return s.aimed
    return bool(s.hands[p]) or (card.id != "DT03" and holds(s, p, "DT03"))


def stage1_trick(s: Position, t: int) -> None:
    """A free trick leaves the turn at the same action (but Stage 1 is now taken: no
    Changing Targets); one that costs an action is that action."""
    card = cards(s).tricks[t]
    sea(s).effects["stage1"] = 1
    if card.cost == "replaces_aim":
        s.aimed = True
    play_trick(s, t)
    if card.cost == "free" or s.phase != STAGE1:
        return
    s.proceed(ACTION_DONE)


def stage1_taken(s: Position) -> bool:
    """Whether this turn's Stage 1 was played (not skipped to Change Targets)."""
    return not sea(s).effects.get("changed_targets")


def stout_oak_hull(s: Position) -> None:
    """REP3: a Firing hit of ``threshold``+ on the defender's Hull removes ``fewer``
    fewer Planks (SD7: before Brace for Impact)."""
    defender = foe(s.turn_player)
    rep = has_reputation(s, defender, "REP3")
    zone, _, damage, _ = s.attack
    if rep is None or s.c.zones[zone].kind != "hull" or damage < rep.param("threshold"):
        return
    s.attack[2] = damage - rep.param("fewer")
    s.log(Event("sea-stout-oak", {"seat": defender, "damage": s.attack[2]}))


def matching(s: Position, shot: int, zone: int) -> bool:
    """Whether a disc counts as matching: Red-Hot Shot makes it, Wet Powder unmakes
    it and wins over Red-Hot Shot (SD12)."""
    match = s.c.shots[shot].hits == s.c.zones[zone].kind
    if s.sea is not None:
        if s.sea.effects.get("red_hot"):
            match = True
        if s.sea.effects.get("wet_powder"):
            match = False
    return match
