"""The observation tensor of BroadSides: what one captain may know, as numbers.

Everything is told from the observer's side: "me" is the observer's ship and "foe"
the other, so one agent can sail either colour; the ``colour`` field alone says
which colour the observer is. Every number comes from what ``view.py`` shows that
seat (the board, the pending prompt and the public log): the foe's hand only as a
count and the cards of it that were seen, the foe's cannons only once both captains
have chosen, no deck's order, no face-down Disaster token. Counts are divided by a
stated maximum, so every number lies in [0, 1].

The layout: the table and the decision first, then my ship's fields and the foe's
(``me_…``, ``foe_…``). Speed: :class:`Encoder` works out every offset and table once
per game; a writer writes only the non-zero numbers, straight into the buffer (through
a memoryview when it is an array of floats). A ship's hull and tracks, which change
seldom, are worked out once per configuration and copied in one go.
"""

from __future__ import annotations

import array
from itertools import compress, pairwise
from typing import Any

from quarterdeck.engine import Buffer, TensorField, TensorLayout

from .components import RESULTS, ZONE_KINDS, Components
from .phases import (
    EFFECTIVE,
    FLUSH,
    HAND_LIMIT,
    OVER,
    PHASES,
    PICK,
    PICKS,
    PLACE,
    REPAIR,
    RETURN_SHOTS,
    SEA_PHASE_INDEX,
    SEA_PHASES,
    SPEND_SHOTS,
    TASKS,
    UNAIM,
    ZERO_IN,
    ZERO_IN_MAN,
    ZERO_IN_SIGHT,
    ZONE,
)
from .sea_dog import dealt_rounds, seen_in_hand
from .sea_dog_cards import DECLARABLE, WINDOWS, SeaDogCards
from .table import Position

__all__ = ["PENALTIES", "PHASES", "PICKS", "Encoder", "observation_layout", "write_observation"]
#: The phases in which ``sel_kind`` names the set being built or just played.
PICK_PHASES = frozenset({PICK, PLACE, SPEND_SHOTS, EFFECTIVE, RETURN_SHOTS, REPAIR})
PENALTIES = ("rigging", "cannon", "hand", "no-firing")
#: Waiting losses (``state.tasks``): Aim cards off one's Targets, markers off the
#: zone under fire, markers of one kind anywhere (Broadside hits, Disasters).
LOSSES = (UNAIM, ZONE, *ZONE_KINDS)
TRACKS = (("broadside", 4), ("sheer-off", 10), ("evasion", 10))
CARDS = 42  # each captain's Aim deck: 40 numbered cards and 2 Wilds
SUITS = 5  # ♠ ♣ ♦ ♥ and the Wild
#: A Target's row: in front, the Aim cards at its left and bottom (value, suit),
#: what it reads.
TARGET_ROW = 1 + 2 * (1 + SUITS) + len(RESULTS)
CAP = 10  # counts the rules leave open are capped here
#: A ship's fields worked out once per configuration of its hull and tracks (they
#: lie together, in this order, at the start of the ship's fields).
HULL_FIELDS = (
    "markers",
    "officers",
    "exposed",
    "usable",
    "missing_planks",
    "hand_limit",
    "disasters_resolved",
    "disasters_left",
    "tracks",
)
CACHE = 256  # hull configurations remembered before the cache starts anew


def observation_layout(
    c: Components, round_cap: int, sea: SeaDogCards | None = None
) -> TensorLayout:
    """The fields of a seat's observation for the game's components and round cap;
    the Sea Dog module's fields follow at the end when it is played (``sea``)."""
    zones, shots, targets = len(c.zones), len(c.shots), len(c.target_centres)
    zone_names = ", ".join(z.name for z in c.zones)
    shot_names = ", ".join(s.name for s in c.shots)
    suits = " ".join(c.suits)
    spaces = max(z.spaces for z in c.zones)
    load = max(k.shots for k in c.cannons)
    cards = f"cards 0–39 are suit × 10 + value − 1 with suits {suits} in that order, 40 and 41 the Wilds"
    f = TensorField
    fields = [
        # -- who decides what ---------------------------------------------------------
        f("colour", (2,), "the observer's colour, one-hot: [Red (seat 0), Blue (seat 1)]"),
        f(
            "phase",
            (len(PHASES),),
            "the decision asked now (the pending prompt), one-hot: "
            + ", ".join(f"{p} ({w})" for p, w in PHASES),
        ),
        f("deciding", (2,), "who decides now, one-hot [me, foe]; all 0 once the game is over"),
        f("turn_player", (2,), "whose turn it is, one-hot [me, foe]"),
        f("first_player", (2,), "who took the first turn, one-hot [me, foe]; all 0 until drawn"),
        f(
            "turn",
            (1,),
            f"turns completed / {2 * round_cap} (both captains' turns up to the round cap, "
            "when the ship with more markers wins)",
        ),
        f("actions_taken", (1,), "Stage 1 actions taken this turn / 2"),
        f("aimed", (1,), "1 once this turn's Aim card is played (else the second action must Aim)"),
        f("outcome", (3,), "once the game is over, one-hot: [I won, the foe won, a draw]"),
        f(
            "zero_in",
            (len(ZERO_IN),),
            "while Zeroing In, what for, one-hot: [setting up, Changing Targets (the new "
            "zone must differ from the old), after Firing]; all 0 otherwise",
        ),
        # -- the set of Aim cards being built --------------------------------------------
        f(
            "pick",
            (len(PICKS),),
            "the set of Aim cards being built or just played, one-hot: "
            + ", ".join(f"{p} ({w})" for p, w in PICKS)
            + "; set in the phases pick, place, spend-shots, effective, return-shots, "
            "repair and hand-limit, all 0 in the others",
        ),
        f(
            "selection_cards",
            (CARDS,),
            f"1 for each Aim card picked so far for that set, face up, whoever picks ({cards})",
        ),
        f(
            "selection_values",
            (10,),
            "1 for each value 1–10 the picked cards stand for, a Wild's named value "
            "included: the run of a straight, the value of the Aim card being placed",
        ),
        f(
            "selection_suit",
            (4,),
            f"the suit of the flush being built, one-hot {suits} (named by its first card "
            "or Wild); all 0 for other sets",
        ),
        f(
            "broadside_shots",
            (2, shots),
            f"the Broadside being fired, per shot kind ({shot_names}): [spent so far, "
            f"chosen so far to take effect (told to the firing captain only)] / {2 * load}",
        ),
        f("broadside_left", (1,), f"shots still to spend for the Broadside / {2 * load}"),
        f("repairs_left", (1,), "Repair moves left / 3 (one per Aim card paid)"),
        f(
            "attack_zone",
            (zones,),
            f"the zone under fire, one-hot ({zone_names}); all 0 with no attack",
        ),
        f(
            "attack",
            (4,),
            f"the attack under way: [potential damage / {spaces}, damage on the track now "
            f"/ {spaces}, fired by the fore cannon, by the aft cannon]",
        ),
        f(
            "losses",
            (2, len(LOSSES)),
            "losses waiting, by who loses [me, foe] × kind [Aim cards off the Targets, "
            "markers off the zone under fire, Sails, Crewmen, Planks (anywhere on the "
            f"ship)]: cards or markers / {CAP} (capped)",
        ),
        f(
            "loss_now",
            (len(LOSSES) + 1,),
            "the loss being taken now (phase tasks): its kind one-hot as in losses, then "
            f"the cards or markers it still takes / {CAP} (capped)",
        ),
        f("loss_zone", (zones,), "the zone of the first waiting loss off one zone, one-hot"),
        f("bag", (shots,), f"shot discs in the bag per kind ({shot_names}) / that kind's count"),
        f("tray", (shots,), "shot discs drawn and waiting to be loaded, per kind / its count"),
        f("target_deck", (1,), f"Target cards left in the Target deck / {targets}"),
        f(
            "target_discards",
            (targets,),
            "1 for each Target card in the Target discard pile (Target #t+1 is the data's "
            "t-th centre)",
        ),
        # -- Aim cards in hand -------------------------------------------------------------
        f("hand", (CARDS,), f"1 for each Aim card in my hand ({cards})"),
        f(
            "foe_known_hand",
            (CARDS,),
            "1 for each Aim card the foe surely holds: kept in hand since the foe's Aim "
            "deck was last formed anew from the (public) discard pile, or picked face up "
            "for the set the foe is building"
            + (", or seen with Spy Aboard and still in that hand (SD19)" if sea is not None else "")
            + "; the rest of the foe's hand is unknown",
        ),
        f("discards", (2, CARDS), f"1 for each Aim card in the discard pile [me, foe] ({cards})"),
    ]
    for who, whose in (("me", "my"), ("foe", "the foe's")):
        fields += _ship_fields(c, who, whose, cards)
    if sea is not None:
        fields += _sea_dog_fields(sea)
    return TensorLayout(fields)


#: Every window code, ``OWN_DECLARE:<X>`` one per action (the ``sea_window`` order).
WINDOW_CODES = WINDOWS + tuple("OWN_DECLARE:" + x for x in DECLARABLE)

#: The Sea Dog effects in play this turn (``Sea.effects``), in the ``sea_in_play`` order,
#: with what each means.
SEA_EFFECT_MEANINGS = {
    "stage1": "a Dirty Trick was played in Stage 1, so Changing Targets is no longer open",
    "changed_targets": "the turn's captain Changed Targets instead of Stage 1",
    "red_hot": "Red-Hot Shot: the spent disc counts as matching the zone",
    "wet_powder": "Wet Powder: the spent disc counts as not matching, over Red-Hot Shot (SD12)",
    "sea_dragon": "Sea Dragon Figurehead: the foe may not Evade this Firing",
    "weather_gauge": "Weather Gauge: the Evasion counts as a straight flush",
    "draw": "Rum Ration: Stage 3 draws more cards",
}
SEA_EFFECTS = tuple(SEA_EFFECT_MEANINGS)


def _sea_dog_fields(sea: SeaDogCards) -> list[TensorField]:
    """The Experienced Sea Dog module: Reputations, Dirty Tricks, the window open."""
    reps, tricks = len(sea.reputations), len(sea.tricks)
    rep_names = ", ".join(f"{r.id} {r.name}" for r in sea.reputations)
    trick_names = ", ".join(f"{t.id} {t.name}" for t in sea.tricks)
    rounds = sea.rules["trick_rounds"]
    f = TensorField
    return [
        f(
            "sea_phase",
            (len(SEA_PHASES),),
            "the module's decision asked now, one-hot: "
            + ", ".join(f"{p} ({w})" for p, w in SEA_PHASES)
            + " (the base phase field is then all 0)",
        ),
        f(
            "sea_window",
            (len(WINDOW_CODES),),
            "the timing window open (house cards §1: an OWN_ window is the turn's "
            "captain's, a FOE_ window its foe's, DISASTER the token owner's; the captain "
            "asked is the one deciding), one-hot: "
            + ", ".join(WINDOW_CODES)
            + "; all 0 with no window open",
        ),
        f(
            "sea_reputation",
            (2, reps),
            f"the kept Reputation, one-hot per row [me, foe] ({rep_names}); the foe's "
            "only once both are revealed",
        ),
        f(
            "sea_reputations_dealt",
            (reps,),
            "1 for each Reputation dealt to me to choose from (the Reputations as in "
            "sea_reputation)",
        ),
        f("sea_tricks", (tricks,), f"1 for each secret Dirty Trick I hold ({trick_names})"),
        f(
            "sea_tricks_dealt",
            (tricks,),
            "1 for each Dirty Trick dealt to me in the draft rounds seen so far (a round "
            "is seen once both captains kept from the one before)",
        ),
        f(
            "sea_foe_tricks",
            (1,),
            f"secret Dirty Tricks the foe holds / {rounds} (the draft's rounds; which "
            "ones is unknown)",
        ),
        f(
            "sea_played",
            (2, tricks),
            "1 for each Dirty Trick played (face up, public) [by me, by the foe]",
        ),
        f(
            "sea_in_play",
            (len(SEA_EFFECTS),),
            "1 for each Dirty Trick effect in play this turn or Firing: "
            + "; ".join(f"{name} ({w})" for name, w in SEA_EFFECT_MEANINGS.items()),
        ),
    ]


def _ship_fields(c: Components, who: str, whose: str, cards: str) -> list[TensorField]:
    zones, shots, kinds = len(c.zones), len(c.shots), len(c.cannons)
    targets, hulls = len(c.target_centres), c.zones_of("hull")
    zone_names = ", ".join(z.name for z in c.zones)
    shot_names = ", ".join(s.name for s in c.shots)
    load = max(k.shots for k in c.cannons)
    most = _penalty_max(c)
    hidden = " (the foe's only once both captains have chosen)" if who == "foe" else ""
    f = TensorField
    return [
        f(
            f"{who}_markers",
            (zones,),
            f"markers in each zone of {whose} ship (Sails, Crewmen with the officers, "
            f"Planks) / the zone's spaces; zones {zone_names}",
        ),
        f(
            f"{who}_officers",
            (2, zones + 1),
            f"where {whose} officers stand, one-hot: [Captain, First Mate] × zone, the "
            "last column 'lost'; all 0 before they are placed",
        ),
        f(
            f"{who}_exposed",
            (len(PENALTIES),),
            f"uncovered penalty icons on {whose} ship, per kind (rigging: a Sheer Off or "
            "Evasion card fewer; cannon: a Broadside card fewer and −1 on the damage "
            "track of that Deck's cannon; hand: hand limit −1; no-firing: that Deck's "
            "cannon may not fire) / the most a ship shows of that kind ("
            + ", ".join(f"{k} {n}" for k, n in zip(PENALTIES, most, strict=True))
            + ")",
        ),
        f(
            f"{who}_usable",
            (2,),
            f"1 when {whose} [fore, aft] cannon may fire (its Deck shows no no-firing icon)",
        ),
        f(
            f"{who}_missing_planks",
            (1,),
            f"Planks missing from {whose} Hull / {c.sinking_planks} (sunk at 1)",
        ),
        f(f"{who}_hand_limit", (1,), f"{whose} hand limit now / {c.hand_limit}"),
        f(
            f"{who}_disasters_resolved",
            (len(hulls),),
            f"1 for each Hull zone of {whose} ship whose Disaster token was flipped and "
            "resolved (the zone emptied); 0: its token still lies face down ("
            + ", ".join(c.zones[z].name for z in hulls)
            + ")",
        ),
        f(
            f"{who}_disasters_left",
            (len(c.disasters),),
            f"1 for each Disaster token still face down on {whose} ship ("
            + ", ".join(d.name for d in c.disasters)
            + "; which Hull zone hides which is unknown)",
        ),
        f(
            f"{who}_tracks",
            (sum(n for _, n in TRACKS),),
            f"covered spaces of {whose} tracks, 1 each: Broadside track ({' '.join(c.suits)}), "
            "Sheer Off track (1–10), Evasion track (1–10)",
        ),
        f(
            f"{who}_cannons",
            (2, kinds + 2),
            f"{whose} [fore, aft] cannon: the Cannon tile one-hot ("
            + ", ".join(k.name for k in c.cannons)
            + f"){hidden}, then chosen, then manned by the Gunner",
        ),
        f(
            f"{who}_loaded",
            (2, shots),
            f"shots loaded in {whose} [fore, aft] cannon per kind ({shot_names}) / {load}",
        ),
        f(f"{who}_gunsight", (zones,), f"the zone {whose} Gunsight points at, one-hot"),
        f(
            f"{who}_targets",
            (targets, TARGET_ROW),
            f"the Target cards in front of {whose} ship, row t for Target #t+1 (centred "
            "on the data's t-th centre): [in front; the Aim card at its left: value / 10, "
            f"suit one-hot {' '.join(c.suits)} Wild; the Aim card at its bottom: value / 10, "
            "suit one-hot (a Wild counts as the value named for it; all 0 without a "
            f"card); what it reads for {whose} manned cannon, one-hot " + " ".join(RESULTS) + "]",
        ),
        f(f"{who}_hand_size", (1,), f"Aim cards in {whose} hand / {CARDS}"),
        f(f"{who}_deck", (1,), f"Aim cards in {whose} Aim deck / {CARDS}"),
    ]


def _penalty_max(c: Components) -> list[int]:
    return [max(1, sum(z.penalties.count(p) for z in c.zones)) for p in PENALTIES]


class HullBlock:
    """A ship's hull and tracks as numbers, worked out once per configuration: the
    ones, other (index, value) pairs, and the whole stretch as floats."""

    __slots__ = ("dense", "idx", "ones", "start", "stop", "val")

    def __init__(self, ones: list[int], idx: list[int], val: list[float], span: range) -> None:
        self.ones, self.idx, self.val = ones, idx, val
        self.start, self.stop = span.start, span.stop
        dense = self.dense = array.array("f", bytes(4 * len(span)))
        for i in ones:
            dense[i - span.start] = 1.0
        for i, v in zip(idx, val, strict=True):
            dense[i - span.start] = v


class Encoder:
    """The layout of a game's observations and everything the writer needs, worked
    out once per game (``BroadSides.observation_encoder``)."""

    def __init__(self, c: Components, round_cap: int, sea: SeaDogCards | None = None) -> None:
        layout = self.layout = observation_layout(c, round_cap, sea)
        at = layout.offset
        self.sea = sea
        if sea is not None:
            self.sea_offsets = {name: at[name] for name in at if name.startswith("sea_")}
        size = {f.name: f.size for f in layout.fields}
        self.c = c
        zones = self.zones = len(c.zones)
        targets = len(c.target_centres)
        self.shots = len(c.shots)
        kinds = self.kinds = len(c.cannons)
        # -- the table
        self.colour, self.deciding = at["colour"], at["deciding"]
        self.turn_player, self.first_player = at["turn_player"], at["first_player"]
        self.turn, self.per_turn = at["turn"], 1 / (2 * round_cap)
        self.actions_taken, self.aimed = at["actions_taken"], at["aimed"]
        self.outcome = at["outcome"]
        self.phase = {p: at["phase"] + k for k, (p, _) in enumerate(PHASES)}
        self.pick = {p: at["pick"] + k for k, (p, _) in enumerate(PICKS)}
        self.zero_in = {p: at["zero_in"] + k for k, p in enumerate(ZERO_IN)}
        self.selection_cards = _columns(at["selection_cards"], CARDS)
        self.selection_values = at["selection_values"] - 1  # values 1–10
        self.selection_suit = at["selection_suit"]
        self.broadside_shots, self.broadside_left = at["broadside_shots"], at["broadside_left"]
        self.per_shot = 1 / (2 * max(k.shots for k in c.cannons))
        self.repairs_left = at["repairs_left"]
        self.attack_zone, self.attack = at["attack_zone"], at["attack"]
        self.per_space = 1 / max(z.spaces for z in c.zones)
        self.loss = {p: k for k, p in enumerate(LOSSES)}
        self.losses, self.loss_now, self.loss_zone = at["losses"], at["loss_now"], at["loss_zone"]
        self.bag, self.tray = at["bag"], at["tray"]
        self.shot_share = [1 / s.count for s in c.shots]
        self.target_deck, self.per_target = at["target_deck"], 1 / targets
        self.target_discards = _columns(at["target_discards"], targets)
        self.hand = _columns(at["hand"], CARDS)
        self.foe_known_hand = _columns(at["foe_known_hand"], CARDS)
        self.discards = [_columns(at["discards"] + i * CARDS, CARDS) for i in (0, 1)]
        # -- the ships [me, foe]
        ships = ("me", "foe")
        self.hand_size = [at[f"{who}_hand_size"] for who in ships]
        self.deck = [at[f"{who}_deck"] for who in ships]
        self.cannons = [
            [at[f"{who}_cannons"] + position * (kinds + 2) for position in (0, 1)] for who in ships
        ]
        self.loaded = [
            [at[f"{who}_loaded"] + position * self.shots for position in (0, 1)] for who in ships
        ]
        self.per_load = 1 / max(k.shots for k in c.cannons)
        self.gunsight = [at[f"{who}_gunsight"] for who in ships]
        self.target_rows = [
            _columns(at[f"{who}_targets"], targets * TARGET_ROW)[::TARGET_ROW] for who in ships
        ]
        self.centres = c.target_centres
        # What a Target reads, as a column of its row: by cannon kind and the two
        # distances of its Aim values from its centre (as CannonKind.result).
        reads = 1 + 2 * (1 + SUITS)
        self.reads = [
            [[reads + RESULTS.index(k.result(a, b)) for b in range(10)] for a in range(10)]
            for k in c.cannons
        ]
        self.early, self.miss = reads + RESULTS.index("early"), reads + RESULTS.index("miss")
        # The hull and tracks: offsets, their stretch, and the tables they need.
        self.hull_at = [{name: at[f"{who}_{name}"] for name in HULL_FIELDS} for who in ships]
        self.hull_span = []
        for who in ships:
            names = [f"{who}_{name}" for name in HULL_FIELDS]
            assert all(at[x] + size[x] == at[y] for x, y in pairwise(names))
            self.hull_span.append(range(at[names[0]], at[names[-1]] + size[names[-1]]))
        self.cannon_decks = (c.deck_of("fore"), c.deck_of("aft"))
        self.hulls = c.zones_of("hull")
        # Per zone and number of markers: the uncovered penalty icons, by kind.
        self.uncovered = [
            [
                [z.penalties[: max(0, z.spaces - n)].count(icon) for icon in PENALTIES]
                for n in range(z.spaces + 1)
            ]
            for z in c.zones
        ]
        self.penalty_share = [1 / n for n in _penalty_max(c)]
        self.track_columns = sum(n for _, n in TRACKS)
        self.hull_cache: dict[tuple[int | bool | None, ...], HullBlock] = {}
        del zones

    def hull(self, state: Position, p: int, i: int) -> HullBlock:
        """Ship ``p``'s hull and tracks, told as ship ``i`` (0 me, 1 foe)."""
        covered = state.covered[p]
        key = (
            i,
            *state.officers[p],
            *state.markers[p],
            *state.disasters[p].values(),
            *covered["broadside"],
            *covered["sheer-off"],
            *covered["evasion"],
        )
        block = self.hull_cache.get(key)
        if block is None:
            if len(self.hull_cache) >= CACHE:
                self.hull_cache.clear()
            block = self.hull_cache[key] = self._hull(state, p, i)
        return block

    def _hull(self, state: Position, p: int, i: int) -> HullBlock:
        """Markers, officers, uncovered penalties, usable cannons, missing Planks, the
        hand limit, the Disaster tokens and the tracks' covered spaces."""
        c = self.c
        at = self.hull_at[i]
        zones = self.zones
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        markers, officers = state.markers[p], state.officers[p]
        exposed = [0] * len(PENALTIES)
        counts = [markers[z] + (officers[0] == z) + (officers[1] == z) for z in range(zones)]
        for z, zone in enumerate(c.zones):
            n = min(counts[z], zone.spaces)
            if n:
                idx.append(at["markers"] + z)
                val.append(n / zone.spaces)
            for k, icons in enumerate(self.uncovered[z][n]):
                exposed[k] += icons
        for k, n in enumerate(exposed):
            if n:
                idx.append(at["exposed"] + k)
                val.append(min(1.0, n * self.penalty_share[k]))
        for officer, where in enumerate(officers):
            if where is not None:
                column = zones if where < 0 else where
                ones.append(at["officers"] + officer * (zones + 1) + column)
        no_firing = PENALTIES.index("no-firing")
        for position, deck in enumerate(self.cannon_decks):
            if not self.uncovered[deck][min(counts[deck], c.zones[deck].spaces)][no_firing]:
                ones.append(at["usable"] + position)
        missing = sum(c.zones[z].spaces - markers[z] for z in self.hulls)
        if missing:
            idx.append(at["missing_planks"])
            val.append(min(1.0, missing / c.sinking_planks))
        limit = max(0, c.hand_limit - exposed[PENALTIES.index("hand")])
        if limit:
            idx.append(at["hand_limit"])
            val.append(min(1.0, limit / c.hand_limit))
        # A flipped token is resolved (None); the others lie face down, as unseen as
        # those Damage Control took to its pile (SD19).
        for h, hull in enumerate(self.hulls):
            token = state.disasters[p][hull]
            if token is None:
                ones.append(at["disasters_resolved"] + h)
            else:
                ones.append(at["disasters_left"] + token)
        if state.sea is not None:
            ones += [at["disasters_left"] + token for token in state.sea.controlled[p]]
        base = at["tracks"]
        for name, length in TRACKS:
            ones += compress(range(base, base + length), state.covered[p][name])
            base += length
        return HullBlock(ones, idx, val, self.hull_span[i])


def _columns(start: int, n: int) -> list[int]:
    return list(range(start, start + n))


def write_observation(e: Encoder, state: Position, seat: int, out: Buffer) -> None:
    """Write ``seat``'s observation of ``state`` into the zero-filled ``out``: only
    the non-zero numbers, each where the encoder ``e`` says."""
    target: Any = out
    try:
        view: Any = memoryview(target)  # a NumPy array, an array.array: quicker
    except TypeError:
        view = None
    if view is not None and (view.ndim != 1 or view.format not in ("f", "d") or view.readonly):
        view.release()
        view = None
    v: Any = out if view is None else view
    foe = 1 - seat
    phase = state.phase
    # -- who decides what
    v[e.colour + seat] = 1.0
    if phase in e.phase:
        v[e.phase[phase]] = 1.0
    v[e.turn_player + (state.turn_player != seat)] = 1.0
    if phase != OVER:
        v[e.deciding + (state.seat != seat)] = 1.0
    elif state.result is not None:
        mine, theirs = state.result[seat], state.result[foe]
        v[e.outcome + (0 if mine > theirs else 1 if theirs > mine else 2)] = 1.0
    if state.first_player is not None:
        v[e.first_player + (state.first_player != seat)] = 1.0
    if state.turns:
        v[e.turn] = min(1.0, state.turns * e.per_turn)
    if state.actions_taken:
        v[e.actions_taken] = min(1.0, state.actions_taken / 2)
    if state.aimed:
        v[e.aimed] = 1.0
    pick = state.sel_kind if phase in PICK_PHASES else phase if phase == HAND_LIMIT else ""
    if pick:
        v[e.pick[pick]] = 1.0
    elif (phase in (ZERO_IN_MAN, ZERO_IN_SIGHT)) and state.after in e.zero_in:
        v[e.zero_in[state.after]] = 1.0
    # -- the set being built, the Broadside, Repair, the attack, losses
    sel = state.sel
    if sel:
        cards, values = e.selection_cards, e.selection_values
        for s in sel:
            v[cards[s[0]]] = 1.0
            if s[1] > 0:
                v[values + s[1]] = 1.0
        if pick == FLUSH and sel[0][2] >= 0:
            v[e.selection_suit + sel[0][2]] = 1.0
        if state.seat == foe and (phase in (PICK, PLACE)):
            known = e.foe_known_hand
            for s in sel:  # face up in the foe's hand
                v[known[s[0]]] = 1.0
    if phase in (SPEND_SHOTS, EFFECTIVE):
        _broadside(state, seat, e, v)
    if state.repairs_left:
        v[e.repairs_left] = min(1.0, state.repairs_left / 3)
    if len(state.attack) == 4:
        zone, potential, damage, position = state.attack
        v[e.attack_zone + zone] = 1.0
        v[e.attack + 2 + position] = 1.0
        if potential:
            v[e.attack] = min(1.0, potential * e.per_space)
        if damage > 0:
            v[e.attack + 1] = min(1.0, damage * e.per_space)
    if state.tasks:
        _losses(state, seat, e, v)
    # -- shots and Target cards
    bag = state.bag
    for kind in range(len(bag)):
        if bag[kind]:
            v[e.bag + kind] = min(1.0, bag[kind] * e.shot_share[kind])
    tray = state.tray
    if tray:
        for kind in set(tray):
            v[e.tray + kind] = min(1.0, tray.count(kind) * e.shot_share[kind])
    if state.target_deck:
        v[e.target_deck] = min(1.0, len(state.target_deck) * e.per_target)
    for k in map(e.target_discards.__getitem__, state.target_discards):
        v[k] = 1.0
    # -- Aim cards
    hands = state.hands
    for k in map(e.hand.__getitem__, hands[seat]):
        v[k] = 1.0
    refill = state.refills[foe]
    if len(refill) < CARDS:  # the foe's Aim deck was formed anew: the hand it kept is known
        fresh = set(refill)
        known = e.foe_known_hand
        for card in hands[foe]:
            if card not in fresh:
                v[known[card]] = 1.0
    if e.sea is not None and state.sea is not None:
        _sea_dog(state, seat, e, v)
    # -- the ships
    cannons = state.cannons  # as view.cannons_revealed: both captains have chosen
    revealed = cannons[0][1] is not None and cannons[1][1] is not None
    dense = view is not None and view.format == "f"
    _ship(state, seat, 0, True, e, v, dense)
    _ship(state, foe, 1, revealed, e, v, dense)
    if view is not None:
        view.release()


def _ship(state: Position, p: int, i: int, shown: bool, e: Encoder, v: Any, dense: bool) -> None:
    """Ship ``p`` told as ship ``i`` (0 me, 1 foe); ``shown``: its Cannon tiles may
    be told; ``dense``: ``v`` takes the hull's floats in one go."""
    hull = e.hull(state, p, i)
    if dense:
        v[hull.start : hull.stop] = hull.dense
    else:
        for k in hull.ones:
            v[k] = 1.0
        for k, x in zip(hull.idx, hull.val, strict=True):
            v[k] = x
    for k in map(e.discards[i].__getitem__, state.discards[p]):
        v[k] = 1.0
    if state.hands[p]:
        v[e.hand_size[i]] = min(1.0, len(state.hands[p]) / CARDS)
    if state.decks[p]:
        v[e.deck[i]] = min(1.0, len(state.decks[p]) / CARDS)
    # Cannons: tiles (if shown), chosen, manned; the shots loaded.
    cannons, gunner, kinds = state.cannons[p], state.gunner[p], e.kinds
    for position in (0, 1):
        base = e.cannons[i][position]
        kind = cannons[position]
        if kind is not None:
            if shown:
                v[base + kind] = 1.0
            v[base + kinds] = 1.0
        if gunner == position:
            v[base + kinds + 1] = 1.0
        shots = state.loaded[p][position]
        if shots:
            base = e.loaded[i][position]
            for shot in set(shots):
                v[base + shot] = min(1.0, shots.count(shot) * e.per_load)
    sight = state.sight[p]
    if sight is not None:
        v[e.gunsight[i] + sight] = 1.0
    # Targets, the Aim cards on them, what each reads for the manned cannon.
    slots = state.targets[p]
    if not slots:
        return
    reading = cannons[gunner] if gunner is not None and shown else None
    rows = e.target_rows[i]
    for t, left, left_value, bottom, bottom_value in slots:
        base = rows[t]  # type: ignore[index]
        v[base] = 1.0
        if left is not None:
            v[base + 1] = min(1.0, (left_value or 0) / 10)
            v[base + 2 + (4 if left >= 40 else left // 10)] = 1.0
        if bottom is not None:
            v[base + 7] = min(1.0, (bottom_value or 0) / 10)
            v[base + 8 + (4 if bottom >= 40 else bottom // 10)] = 1.0
        if reading is None:
            continue
        if left_value is None and bottom_value is None:
            v[base + e.early] = 1.0
        elif left_value is None or bottom_value is None:
            v[base + e.miss] = 1.0
        else:
            cx, cy = e.centres[t]  # type: ignore[index]
            v[
                base
                + e.reads[reading][min(9, abs(left_value - cx))][min(9, abs(bottom_value - cy))]
            ] = 1.0


def _sea_dog(state: Position, seat: int, e: Encoder, v: Any) -> None:
    """What the seat knows of the module (SD25): never the foe's secret tricks."""
    sea, cards, at = state.sea, e.sea, e.sea_offsets
    assert sea is not None and cards is not None
    foe = 1 - seat
    reps, tricks = len(cards.reputations), len(cards.tricks)
    if state.phase in SEA_PHASE_INDEX:
        v[at["sea_phase"] + SEA_PHASE_INDEX[state.phase]] = 1.0
    if sea.window:
        v[at["sea_window"] + WINDOW_CODES.index(sea.window[0])] = 1.0
    mine = sea.reputation[seat]
    if mine is not None:
        v[at["sea_reputation"] + mine] = 1.0
    theirs = sea.reputation[foe]
    if sea.revealed and theirs is not None:
        v[at["sea_reputation"] + reps + theirs] = 1.0
    for r in sea.rep_offers[seat]:
        v[at["sea_reputations_dealt"] + r] = 1.0
    for t in sea.tricks[seat]:
        v[at["sea_tricks"] + t] = 1.0
    dealt = dealt_rounds(sea, cards.rules["trick_rounds"])
    for offer in sea.offers[seat][:dealt]:
        for t in offer:
            v[at["sea_tricks_dealt"] + t] = 1.0
    if sea.tricks[foe]:
        v[at["sea_foe_tricks"]] = min(1.0, len(sea.tricks[foe]) / cards.rules["trick_rounds"])
    for p, t in sea.played:
        v[at["sea_played"] + (p != seat) * tricks + t] = 1.0
    # Spy Aboard showed the foe's hand: the cards still in it are surely held (SD19).
    for card in seen_in_hand(state, seat):
        v[e.foe_known_hand[card]] = 1.0
    for k, name in enumerate(SEA_EFFECTS):
        if sea.effects.get(name):
            v[at["sea_in_play"] + k] = 1.0


def _broadside(state: Position, seat: int, e: Encoder, v: Any) -> None:
    """The shots spent for the Broadside (public: they leave the cannons for the
    bag) and, for the firing captain alone, those chosen so far to take effect."""
    spent = [s[0] for s in state.spent]
    for kind in set(spent):
        v[e.broadside_shots + kind] = min(1.0, spent.count(kind) * e.per_shot)
    if state.phase == SPEND_SHOTS:
        left = len(state.sel) - len(spent)
        if left > 0:
            v[e.broadside_left] = min(1.0, left * e.per_shot)
    elif state.seat == seat:
        effective = state.effective
        for kind in set(effective):
            v[e.broadside_shots + e.shots + kind] = min(1.0, effective.count(kind) * e.per_shot)


def _losses(state: Position, seat: int, e: Encoder, v: Any) -> None:
    """The losses waiting (``state.tasks``), the one being taken now first."""
    width = len(LOSSES)
    totals = [0] * (2 * width)
    zone = -1
    for task in state.tasks:
        totals[(task[0] != seat) * width + e.loss[task[1]]] += task[2]
        if zone < 0 and task[1] == ZONE and task[2] > 0:
            zone = task[3]
    for k, n in enumerate(totals):
        if n > 0:
            v[e.losses + k] = min(1.0, n / CAP)
    if zone >= 0:
        v[e.loss_zone + zone] = 1.0
    if state.phase == TASKS:
        _, what, count, _, _ = state.tasks[0]
        v[e.loss_now + e.loss[what]] = 1.0
        if count > 0:
            v[e.loss_now + width] = min(1.0, count / CAP)
