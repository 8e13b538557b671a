"""MM-1 Goal, dice and basic terms: dice and skill rolls, pirates, ship values, decks,
glory and bounties: the small helpers every chapter uses."""

from __future__ import annotations

from quarterdeck.engine import Event
from quarterdeck.engine import roll as engine_roll

from .components import CARGO, MODIFICATIONS, SKILLS, ShipType
from .phases import (
    FORTUNE,
    GLORY_TARGET,
    HAND_LIMIT,
    PORT_CARGO_LIMIT,
    STASH_POINTS_CAP,
)
from .table import Ctx, Decision, Player

SEAMANSHIP, SCOUTING, LEADERSHIP, INFLUENCE = range(4)
SPANISH, ENGLISH, FRENCH, DUTCH = range(4)
RIGS = MODIFICATIONS.index("advanced_rigs")


# -- dice (MM-1.3, MM-1.4) -----------------------------------------------------------


def roll(ctx: Ctx, dice: int) -> list[int]:
    """``dice`` six-sided dice from the state's generator."""
    return engine_roll(ctx.rng, dice)


def is_success(face: int) -> bool:
    return face >= 5  # a skull (5 or 6) is a success (MM-1.3)


def successes(faces: list[int]) -> int:
    return sum(1 for f in faces if f >= 5)


def number_sum(faces: list[int]) -> int:
    """The numbers on the dice; a skull counts 0 (MM-1.3, house)."""
    return sum(f for f in faces if f < 5)


# -- captains and ships --------------------------------------------------------------


def ship_type(ctx: Ctx, kind: int) -> ShipType:
    """A player ship type; ``len(ships)`` is a captured Man-o-War (MM-11.2)."""
    ships = ctx.c.ships
    return ships[kind] if kind < len(ships) else ctx.c.npc_ships[0]


def ship_name(ctx: Ctx, kind: int) -> str:
    return ship_type(ctx, kind).name


def is_pirate(p: Player) -> bool:
    """MM-1.6: a captain with at least one bounty token."""
    return any(p.bounties)


def nation_of(ctx: Ctx, p: Player) -> int:
    return ctx.c.captains[p.card].nation


def home_port(ctx: Ctx, p: Player) -> int:
    return ctx.c.nations[nation_of(ctx, p)].home_port


def ability(ctx: Ctx, p: Player) -> str:
    return ctx.c.captains[p.card].ability


def specialist_keys(ctx: Ctx, p: Player) -> set[str]:
    """MM-14.5: glory cards in play, rumor cards kept as specialists, and the held
    mission card if it is one (MM-D.10)."""
    keys = {ctx.c.glory_types[ctx.c.glory[g]].key for g in p.specialists}
    keys |= {str(ctx.c.rumors[r].reward["specialist"]) for r in p.kept_rumors}
    if p.mission >= 0 and "specialist" in ctx.c.missions[p.mission].reward:
        keys.add(str(ctx.c.missions[p.mission].reward["specialist"]))
    return keys


def has_specialist(ctx: Ctx, p: Player, key: str) -> bool:
    return key in specialist_keys(ctx, p)


def maneuverability(ctx: Ctx, p: Player) -> int:
    bonus = 1 if RIGS in p.mods else 0
    return min(5, ship_type(ctx, p.ship).maneuverability + bonus)


def cargo_limit(p: Player) -> int:
    """MM-12.4: the current Cargo value at sea, 6 cards in port."""
    return PORT_CARGO_LIMIT if p.docked else p.values[CARGO]


def skill_dice(ctx: Ctx, p: Player, skill: int, combat: bool = False) -> int:
    """Dice for a skill roll (MM-1.4): the captain's value plus specialists and
    abilities (MM-14.5), at least 1."""
    dice = ctx.c.captains[p.card].skills[skill]
    key = ability(ctx, p)
    if skill == SCOUTING:
        dice += has_specialist(ctx, p, "lookout") + (key == "eagle_eye")
        if ctx.table.fog:
            dice -= 1  # Fog Banks (MM-D.8)
    elif skill == INFLUENCE:
        dice += has_specialist(ctx, p, "diplomat") + (key == "silver_tongue")
    elif skill == LEADERSHIP and combat:
        dice += has_specialist(ctx, p, "boatswain")
    return max(1, dice)


def skill_roll(ctx: Ctx, seat: int, skill: int, dice: int, why: str) -> list[int]:
    """Roll and log a player's skill roll (public, MM-1.4)."""
    faces = roll(ctx, dice)
    ctx.log(
        Event(
            "roll",
            {
                "seat": seat,
                "skill": SKILLS[skill],
                "dice": faces,
                "successes": successes(faces),
                "why": why,
            },
        )
    )
    return faces


def fortune_window(
    ctx: Ctx, seat: int, skill: int, faces: list[int], roll: int, extra: int = -1
) -> bool:
    """MM-D.9 G12 Fortune's Favour may follow a skill roll with a failed die: the
    window opens for a captain holding any glory card (so it tells nothing about
    which, like MM-14.4's) and the roll's outcome waits in a FORTUNE decision.
    Returns whether it opened; the caller then stops, decisions.py resolves."""
    p = ctx.table.players[seat]
    if not p.hand or successes(faces) == len(faces):
        return False
    ctx.table.pending.append(Decision(FORTUNE, seat, [roll, skill, extra, *faces]))
    return True


# -- decks (MM-1.9: an empty deck reshuffles its discards, else draws what exists) ---


def draw(ctx: Ctx, deck: list[int], discard: list[int]) -> int | None:
    if not deck and discard:
        deck[:] = discard
        discard.clear()
        ctx.rng.shuffle(deck)
        ctx.log(Event("reshuffle", {"cards": len(deck)}))
    return deck.pop() if deck else None


def can_draw(deck: list[int], discard: list[int]) -> bool:
    return bool(deck or discard)


def draw_cargo(ctx: Ctx) -> int | None:
    t = ctx.table
    return draw(ctx, t.cargo_deck, t.cargo_discard)


# -- glory (MM-14) -------------------------------------------------------------------


def stash_points(ctx: Ctx, p: Player) -> int:
    """MM-12.9: each full 10 gold stashed is 1 point, at most 5."""
    return min(stash_cap(ctx), p.stash // 10)


def stash_cap(ctx: Ctx) -> int:
    """5 points at the usual target; half the target, rounded down, otherwise (MM-1.1)."""
    target = ctx.glory_target
    return STASH_POINTS_CAP if target == GLORY_TARGET else target // 2


def total_glory(ctx: Ctx, p: Player) -> int:
    return p.glory + stash_points(ctx, p)


def gain_glory_card(ctx: Ctx, seat: int) -> None:
    """Draw a glory card into the hand (its face is the owner's secret); with more
    than 4, the owner discards one (MM-14.2)."""
    t = ctx.table
    card = draw(ctx, t.glory_deck, t.glory_discard)
    if card is None:
        return
    p = t.players[seat]
    p.hand.append(card)
    ctx.log(
        Event(
            "glory-card",
            {"seat": seat},
            {seat: {"card": ctx.c.glory_types[ctx.c.glory[card]].name}},
        )
    )
    if len(p.hand) > HAND_LIMIT:
        t.pending.append(Decision("discard-glory", seat))


def gain_glory(ctx: Ctx, seat: int, why: str) -> None:
    """+1 glory on the track and 1 glory card (MM-14.1)."""
    t = ctx.table
    p = t.players[seat]
    p.glory += 1
    ctx.log(Event("glory", {"seat": seat, "track": p.glory, "why": why}))
    gain_glory_card(ctx, seat)
    check_declaration(ctx, seat)


def check_declaration(ctx: Ctx, seat: int) -> None:
    """MM-17.3: a captain reaching the target declares it at once (the engine flags it);
    the game ends when the game turn is over."""
    t = ctx.table
    if t.declared < 0 and total_glory(ctx, t.players[seat]) >= ctx.glory_target:
        t.declared = seat
        ctx.log(Event("declare", {"seat": seat}))


# -- bounties (MM-7) -------------------------------------------------------------------


def take_bounty(ctx: Ctx, seat: int, nation: int, why: str) -> None:
    """MM-7.1, MM-7.2: take one bounty of ``nation`` if the bank has one left."""
    t = ctx.table
    if t.bounty_bank[nation] <= 0:
        return
    t.bounty_bank[nation] -= 1
    t.players[seat].bounties[nation] += 1
    ctx.log(Event("bounty", {"seat": seat, "nation": ctx.c.nations[nation].name, "why": why}))


def at_war(ctx: Ctx, a: int, b: int) -> bool:
    war = ctx.table.war
    return len(war) == 2 and {a, b} == set(war)


def enemy_of(ctx: Ctx, nation: int) -> int | None:
    war = ctx.table.war
    if len(war) == 2 and nation in war:
        return war[0] if war[1] == nation else war[1]
    return None
