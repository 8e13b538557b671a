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

from collections.abc import Callable

from quarterdeck.engine import Event

from .losses import queue
from .phases import (
    ACTION_DONE,
    DRAFT,
    FIRST_TURN,
    REPUTATION,
    STAGE1,
    TRICK_ZONE,
    WINDOW,
    ZONE,
)
from .sea_dog_cards import SeaDogCard, SeaDogCards
from .ship import foe, reputation, zone_count
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


def start_draft(s: Position) -> None:
    """Deal each captain their Reputations, and every round's Dirty Tricks (kept face
    down: a round's are seen only once both have kept from the one before)."""
    c = cards(s)
    s.sea = Sea()
    reps = [r.index for r in c.reputations]
    s.rng.shuffle(reps)
    n = c.rules["reputations_offered"]
    s.sea.rep_offers = [sorted(reps[:n]), sorted(reps[n : 2 * n])]
    tricks = [t.index for t in c.tricks]
    s.rng.shuffle(tricks)
    k, rounds = c.rules["tricks_offered"], c.rules["trick_rounds"]
    for p in (0, 1):
        s.sea.offers[p] = [
            sorted(tricks[(2 * r + p) * k : (2 * r + p + 1) * k]) for r in range(rounds)
        ]
    s.log(Event("sea-draft", {"reputations": n, "tricks": k, "rounds": rounds}))
    s.phase, s.seat = REPUTATION, 0


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
    else:
        s.proceed(FIRST_TURN)


# -- windows (house cards §1, SD1, SD2, SD23) ------------------------------------------------


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
        if sp.tricks[p]:  # the count is public: being asked tells nothing (SD2)
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


def trick_options(s: Position, p: int, *codes: str) -> list[int]:
    """The secret tricks ``p`` may play now: their window is one of ``codes``, their
    rules are written (``EFFECTS``) and their Requires holds (SD5)."""
    if s.sea is None:
        return []
    a = s.game.ids
    out = []
    for t in s.sea.tricks[p]:
        card = cards(s).tricks[t]
        effect = EFFECTS.get(card.id)
        if effect is None or not any(code in card.windows for code in codes):
            continue
        if effect.requires(s, p, card):
            out.append(a["trick", t])
    return out


def play_trick(s: Position, t: int) -> None:
    """A trick is played face up and leaves the game (SD4); its effect follows. In a
    window the seat is asked again, for another trick (SD1), until it passes."""
    p = s.seat
    sp = sea(s)
    card = cards(s).tricks[t]
    sp.tricks[p].remove(t)
    sp.played.append([p, t])
    s.log(
        Event(
            "sea-trick",
            {"seat": p, "trick": card.id, "name": card.name, "window": window_code(s)},
        )
    )
    EFFECTS[card.id].play(s, p, card)


# -- the tricks' effects (house cards §3) ------------------------------------------------------


class Effect:
    """A trick's rule: when it may be played (its Requires, SD5) and what it does."""

    def __init__(
        self,
        play: Callable[[Position, int, SeaDogCard], None],
        requires: Callable[[Position, int, SeaDogCard], bool] = lambda s, p, card: True,
    ) -> None:
        self.play = play
        self.requires = requires


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


#: The tricks whose rules are written, by card id (the others are dealt and held, and
#: asked about in their windows like any, but not yet playable).
EFFECTS: dict[str, Effect] = {
    "DT01": Effect(_flag("sea_dragon"), _damage_on_track),  # Sea Dragon Figurehead
    "DT02": Effect(_flag("red_hot")),  # Red-Hot Shot
    "DT04": Effect(_sharpshooters, lambda s, p, card: bool(sharpshooter_zones(s, p))),
    "DT08": Effect(_gun_captain),  # Gun Captain
    "DT09": Effect(_hard_a_port, _damage_on_track),  # Hard a-Port
    "DT10": Effect(_flag("weather_gauge"), _may_evade),  # Weather Gauge
    "DT11": Effect(_flag("wet_powder")),  # Wet Powder
    "DT12": Effect(_brace, _brace_requires),  # Brace for Impact
    "DT18": Effect(_rum_ration),  # Rum Ration
}


# -- Stage 1 with the module (OWN_S1, OWN_ACTION merged into the action choice; SD23) ------


def stage1_tricks(s: Position) -> list[int]:
    """Free OWN_S1 tricks any time in Stage 1; a trick that costs an action only if
    the turn's Aim stays possible after it (SD3, SD24): as the first action with a
    card in hand, as the second once Aimed."""
    p = s.seat
    codes = ["OWN_S1"]
    if (s.actions_taken == 0 and s.hands[p]) or (s.actions_taken == 1 and s.aimed):
        codes.append("OWN_ACTION")
    options = []
    for action in trick_options(s, p, *codes):
        card = cards(s).tricks[s.game.action_space[action].args[0]]
        free = card.cost == "free"
        if (free and "OWN_S1" in card.windows) or (not free and "OWN_ACTION" in card.windows):
            options.append(action)
    return options


def stage1_trick(s: Position, t: int) -> None:
    """A free trick leaves the turn at the same action (but Stage 1 is now taken: no
    Changing Targets); one that costs an action is that action."""
    card = cards(s).tricks[t]
    sea(s).effects["stage1"] = 1
    play_trick(s, t)
    if card.cost == "free" or s.phase != STAGE1:
        return
    if card.cost == "replaces_aim":
        s.aimed = True
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
