"""The ship (rulebook: the board; Damage Effects): what a captain's ship shows.

Questions only, never changes: markers per zone, the penalty icons an emptied space
uncovers, the cannons' room and use, the hand limit, the Planks missing. The rules,
the views, the tensor and the evaluation all ask them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .phases import AFT, FORE
from .sea_dog_cards import SeaDogCard
from .table import Position


def foe(p: int) -> int:
    return 1 - p


def zone_count(s: Position, p: int, z: int) -> int:
    """Markers in a zone; officers count as Crewmen."""
    captain, first_mate = s.officers[p]
    return s.markers[p][z] + (captain == z) + (first_mate == z)


def zone_counts(s: Position, p: int) -> list[int]:
    """Markers in every zone, by index, as ``zone_count`` counts them."""
    counts = list(s.markers[p])
    for zone in s.officers[p]:
        if zone is not None and zone >= 0:  # placed and alive
            counts[zone] += 1
    return counts


def exposed(s: Position, p: int, z: int) -> Sequence[str]:
    """A zone with k markers of n spaces shows its first n − k penalty icons."""
    zone = s.c.zones[z]
    return zone.penalties[: zone.spaces - zone_count(s, p, z)] if zone.penalties else ()


def penalty(s: Position, p: int, icon: str, zones: Sequence[int] | None = None) -> int:
    """How many ``icon`` penalties ``p``'s ship shows (in ``zones``, or anywhere)."""
    total = 0
    for z in s.c.zones_showing(icon):  # most zones show no such icon at all
        if zones is None or z in zones:
            total += exposed(s, p, z).count(icon)
    return total


def can_use_cannon(s: Position, p: int, position: int) -> bool:
    """A cannon whose Deck shows the no-firing icon may not fire or Broadside."""
    return "no-firing" not in exposed(s, p, s.c.deck_of(("fore", "aft")[position]))


def hand_limit(s: Position, p: int) -> int:
    if s.sea is None:
        return max(0, s.c.hand_limit - penalty(s, p, "hand"))
    rep = reputation(s, p)
    base = rep.param("hand_limit") if rep is not None and rep.id == "REP8" else s.c.hand_limit
    return max(0, base - counted_penalty(s, p, "hand"))


def reputation(s: Position, p: int) -> SeaDogCard | None:
    """``p``'s kept Reputation (Sea Dog module), once chosen."""
    if s.sea is None or s.game.sea_dog is None or not s.sea.revealed:
        return None  # it applies from the first turn (SD17); never shown before the reveal
    kept = s.sea.reputation[p]
    return None if kept is None else s.game.sea_dog.reputations[kept]


def holds(s: Position, p: int, card_id: str) -> bool:
    """Whether ``p`` holds the Dirty Trick ``card_id`` secretly (Sea Dog module)."""
    sea = s.game.sea_dog
    if s.sea is None or sea is None:
        return False
    return any(sea.tricks[t].id == card_id for t in s.sea.tricks[p])


def crewmen_aboard(s: Position, p: int) -> int:
    """Crewmen on ``p``'s Decks (officers apart)."""
    return sum(s.markers[p][z] for z in s.c.zones_of("deck"))


def counted_penalty(s: Position, p: int, icon: str, zones: Sequence[int] | None = None) -> int:
    """Exposed ``icon`` penalties as a rule counts them: Iron Discipline (REP9) counts
    one fewer of each kind, never below 0 (SD8); No-firing is not a count."""
    n = penalty(s, p, icon, zones)
    rep = reputation(s, p)
    if rep is not None and rep.id == "REP9" and n:
        n = max(0, n - rep.param("fewer_per_kind"))
    return n


def missing_planks(s: Position, p: int) -> int:
    return sum(s.c.zones[z].spaces - s.markers[p][z] for z in s.c.zones_of("hull"))


def capacity(s: Position, p: int, position: int) -> int:
    kind = s.cannons[p][position]
    return 0 if kind is None else s.c.cannons[kind].shots


def total_capacity(s: Position, p: int) -> int:
    return capacity(s, p, FORE) + capacity(s, p, AFT)


def room(s: Position, p: int) -> int:
    """Empty spots in ``p``'s cannons."""
    return sum(capacity(s, p, pos) - len(s.loaded[p][pos]) for pos in (FORE, AFT))


def usable_shots(s: Position, p: int) -> int:
    """Shots loaded in cannons that may fire (a Broadside spends only those)."""
    return sum(len(s.loaded[p][pos]) for pos in (FORE, AFT) if can_use_cannon(s, p, pos))


def ship_markers(s: Position, p: int) -> int:
    return sum(s.markers[p]) + sum(1 for o in s.officers[p] if o is not None and o >= 0)


def target_result(s: Position, cannon: int, t: Sequence[int | None]) -> str:
    """What a Target card reads: Early with no Aim card, Miss with one, else the
    cannon tile's result for the coordinate."""
    cards = (t[1] is not None) + (t[3] is not None)
    if cards == 0:
        return "early"
    if cards == 1:
        return "miss"
    cx, cy = s.c.target_centres[t[0]]  # type: ignore[index]
    return s.c.cannons[cannon].result(t[2] - cx, t[4] - cy)  # type: ignore[operator]
