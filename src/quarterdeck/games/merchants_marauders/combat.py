"""MM-8 Naval combat, MM-9 hits in combat, MM-10 crew combat, MM-11 glory and
plunder, MM-4.11–4.12 NPCs in combat, MM-7 bounties taken and rewarded.

A combat is a sub-procedure on ``table.combat``: ``step`` advances it until a
decision is needed (a declaration, a skull hit), pushes that decision and returns.
"""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import (
    LEADERSHIP,
    SEAMANSHIP,
    at_war,
    draw_cargo,
    fortune_window,
    gain_glory,
    has_specialist,
    is_pirate,
    maneuverability,
    nation_of,
    number_sum,
    roll,
    ship_type,
    skill_dice,
    successes,
    take_bounty,
)
from .components import (
    CANNONS,
    CARGO,
    CREW,
    HULL,
    LOCATIONS,
    MASTS,
    MODIFICATIONS,
    SPECIAL_WEAPONS,
)
from .damage import LOCATION_BY_FACE, damage, fit_cargo_at_random, npc_skull_location, sunk
from .death import kill, place_modifications
from .npcs import defeat_npc, npc_skills
from .phases import (
    AMMO,
    BOARD,
    CAPTAINS,
    COMBAT_ROUND_CAP,
    CREW_ROUND_CAP,
    DECLARATIONS,
    DECLARE,
    DISCARD_CARGO,
    DISCARD_GLORY,
    DISCARD_RUMOR,
    FLEE,
    GRAPPLE,
    HAND_LIMIT,
    KEEP_CARGO,
    NPC_SIDE,
    RAID_CARDS,
    REINFORCE,
    REROLL,
    REWARD_NATION,
    ROLL_CONTEST,
    ROLL_CREW,
    SHOOT,
    SKULL_HIT,
    TAKE_SHIP,
)
from .table import Combat, Ctx, Decision, Player, Raid

LONG_GUNS = MODIFICATIONS.index("long_guns")
REINFORCED_HULL = MODIFICATIONS.index("reinforced_hull")
GRAPPLING_HOOKS = SPECIAL_WEAPONS.index("grappling_hooks")
CHAIN_SHOT = SPECIAL_WEAPONS.index("chain_shot")
GRAPESHOT = SPECIAL_WEAPONS.index("grapeshot")
SWIVEL_GUNS = MODIFICATIONS.index("swivel_guns")
CHASERS = MODIFICATIONS.index("chasers")
BOUNTY_REWARD = 5
PIRATE_HUNTER_BONUS = 5


# -- the sides ------------------------------------------------------------------------


def is_npc(side: int) -> bool:
    return side >= NPC_SIDE


def values(ctx: Ctx, cb: Combat, i: int) -> list[int]:
    side = cb.sides[i]
    return cb.npc_values if is_npc(side) else ctx.table.players[side].values


def mods(ctx: Ctx, cb: Combat, i: int) -> list[int]:
    side = cb.sides[i]
    return [] if is_npc(side) else ctx.table.players[side].mods


def decider(ctx: Ctx, cb: Combat, i: int) -> int | None:
    """Who decides for side ``i`` (MM-4.11): a player for themself; for an NPC the
    next seat clockwise from its opponent, or None when the NPC bot decides."""
    side = cb.sides[i]
    if not is_npc(side):
        return side
    if ctx.npc_control == "bot":
        return None
    opponent = cb.sides[1 - i]
    return (opponent + 1) % ctx.num_players


def side_name(ctx: Ctx, side: int) -> str:
    return ctx.c.npcs[side - NPC_SIDE].name if is_npc(side) else CAPTAINS[side]


def ship_maneuverability(ctx: Ctx, cb: Combat, i: int) -> int:
    side = cb.sides[i]
    if is_npc(side):
        return ctx.c.npc_ships[ctx.c.npcs[side - NPC_SIDE].ship].maneuverability
    return maneuverability(ctx, ctx.table.players[side])


# -- starting ------------------------------------------------------------------------


def start_combat(ctx: Ctx, aggressor: int, defender: int) -> None:
    """A naval combat between two sides (MM-8); a player who attacks a non-pirate
    takes a bounty of the target's nation (MM-7.1, judged now)."""
    t = ctx.table
    cb = Combat(sides=[aggressor, defender])
    for side in cb.sides:
        if is_npc(side):
            npc = ctx.c.npcs[side - NPC_SIDE]
            cb.npc_values = list(ctx.c.npc_ships[npc.ship].values)  # fresh (MM-4.8)
            cb.npc_skills = list(npc_skills(ctx, side - NPC_SIDE))
    if not is_npc(aggressor):
        if is_npc(defender):
            nation = ctx.c.npcs[defender - NPC_SIDE].nation
            if nation is not None:
                take_bounty(ctx, aggressor, nation, "attacked a naval ship")
        elif not is_pirate(t.players[defender]):
            take_bounty(
                ctx, aggressor, nation_of(ctx, t.players[defender]), "attacked a non-pirate"
            )
    t.combat = cb
    ctx.log(
        Event(
            "combat", {"aggressor": side_name(ctx, aggressor), "defender": side_name(ctx, defender)}
        )
    )
    # MM-8.1: Long Guns fire before round 1, both together.
    shots = [
        successes(roll(ctx, values(ctx, cb, i)[CANNONS])) if LONG_GUNS in mods(ctx, cb, i) else 0
        for i in range(2)
    ]
    for i in range(2):
        if shots[i]:
            ctx.log(Event("long-guns", {"side": side_name(ctx, cb.sides[i]), "hits": shots[i]}))
            volley(ctx, cb, 1 - i, shots[i])
    cb.stage = "check"


# -- the round ---------------------------------------------------------------------------


def declarations(ctx: Ctx, cb: Combat, i: int) -> list[int]:
    """MM-8.2: round 1 and destroyed Masts: Shoot only; destroyed Crew: no Board; an
    NPC may Flee only if its Cannons or Crew is lower than its opponent's (MM-4.11)."""
    own = values(ctx, cb, i)
    if cb.round == 1 or own[MASTS] == 0:
        return [SHOOT]
    out = [SHOOT]
    if own[CREW] > 0:
        out.append(BOARD)
    if is_npc(cb.sides[i]):
        foe = values(ctx, cb, 1 - i)
        if own[CANNONS] < foe[CANNONS] or own[CREW] < foe[CREW]:
            out.append(FLEE)
    else:
        out.append(FLEE)
    return out


def npc_policy(ctx: Ctx, cb: Combat, i: int) -> int:
    """MM-4.12: Shoot in round 1; later Flee if allowed with Hull 1; Board if it may and
    its Crew exceeds the opponent's; else Shoot."""
    allowed = declarations(ctx, cb, i)
    own, foe = values(ctx, cb, i), values(ctx, cb, 1 - i)
    if FLEE in allowed and own[HULL] == 1:
        return FLEE
    if BOARD in allowed and own[CREW] > foe[CREW]:
        return BOARD
    return SHOOT


def declare(ctx: Ctx, cb: Combat, i: int, choice: int) -> None:
    cb.declared[i] = choice
    ctx.log(
        Event("declare", {"side": side_name(ctx, cb.sides[i]), "declares": DECLARATIONS[choice]})
    )


def seamanship_dice(ctx: Ctx, cb: Combat, i: int) -> int:
    """MM-8.3: Seamanship, +1 die with Maneuverability 2 or more above the opponent's;
    exactly 1 die with destroyed Masts."""
    own = values(ctx, cb, i)
    if own[MASTS] == 0:
        return 1
    side = cb.sides[i]
    if is_npc(side):
        dice = cb.npc_skills[SEAMANSHIP]
    else:
        p = ctx.table.players[side]
        dice = skill_dice(ctx, p, SEAMANSHIP) + has_specialist(ctx, p, "navigator")
        if cb.declared[i] == FLEE and ctx.c.captains[p.card].ability == "sea_wolf":
            dice += 1
    if ship_maneuverability(ctx, cb, i) >= ship_maneuverability(ctx, cb, 1 - i) + 2:
        dice += 1
    return max(1, dice)


def contest(ctx: Ctx, cb: Combat) -> None:
    """MM-8.2–8.3: both Flee ends it; Chasers; both roll Seamanship (Fortune's Favour
    and Grappling Hooks may re-roll next, then ``judge``)."""
    if cb.declared == [FLEE, FLEE]:
        ctx.log(Event("both-flee", {}))
        end_combat(ctx, -1)
        return
    if FLEE in cb.declared:  # MM-13.1 Chasers: flipped by their holders, aggressor first
        for i in range(2):
            if CHASERS in mods(ctx, cb, i):
                ctx.log(Event("chasers", {"side": side_name(ctx, cb.sides[i])}))
                volley(ctx, cb, 1 - i, 1)
        if sunk(values(ctx, cb, 0)) or sunk(values(ctx, cb, 1)):
            cb.stage = "resolve"
            return
    cb.dice = [roll(ctx, seamanship_dice(ctx, cb, i)) for i in range(2)]
    ctx.log(Event("contest-roll", {"dice": [list(f) for f in cb.dice]}))
    cb.stage = "fortune0"


#: The Fortune's Favour windows of a combat (MM-D.9 G12: "combat included"), one side
#: after the other, the aggressor first (MM-1.10): the stage's side, the next stage,
#: the skill rolled and the roll's name for decisions.py.
FORTUNE_STAGES: dict[str, tuple[int, str, int, int]] = {
    "fortune0": (0, "fortune1", SEAMANSHIP, ROLL_CONTEST),
    "fortune1": (1, "hooks0", SEAMANSHIP, ROLL_CONTEST),
    "crew-fortune0": (0, "crew-fortune1", LEADERSHIP, ROLL_CREW),
    "crew-fortune1": (1, "crew-hits", LEADERSHIP, ROLL_CREW),
}


def offer_fortune(ctx: Ctx, cb: Combat, stage: str) -> None:
    """A captain's side gets the window after its roll of ``cb.dice`` (an NPC holds no
    glory cards); the dice stand until ``fortune_result``."""
    i, after, skill, roll_name = FORTUNE_STAGES[stage]
    cb.stage = after
    side = cb.sides[i]
    if not is_npc(side):
        fortune_window(ctx, side, skill, cb.dice[i], roll_name, i)


def fortune_result(ctx: Ctx, i: int, faces: list[int]) -> None:
    """Side ``i``'s roll, kept or re-rolled by Fortune's Favour: it counts from now."""
    cb = ctx.table.combat
    assert cb is not None
    cb.dice[i] = list(faces)


def may_grapple(ctx: Ctx, cb: Combat, i: int) -> bool:
    """MM-13.2 Grappling Hooks: after the contest roll, in a round you declared Board."""
    side = cb.sides[i]
    return (
        not is_npc(side)
        and cb.declared[i] == BOARD
        and ctx.table.players[side].weapons[GRAPPLING_HOOKS] > 0
        and any(f < 5 for f in cb.dice[i])
    )


def grapple(ctx: Ctx, cb: Combat, i: int) -> None:
    """Discard the hooks and re-roll the failed dice (house: the failed ones)."""
    seat = cb.sides[i]
    ctx.table.players[seat].weapons[GRAPPLING_HOOKS] -= 1
    ctx.table.weapon_bank[GRAPPLING_HOOKS] += 1
    kept = [f for f in cb.dice[i] if f >= 5]
    cb.dice[i] = kept + roll(ctx, len(cb.dice[i]) - len(kept))
    ctx.log(Event("grappling-hooks", {"seat": seat, "dice": list(cb.dice[i])}))


def judge(ctx: Ctx, cb: Combat) -> None:
    """MM-8.3–8.4: more successes wins, then the higher sum; the shots follow (Shoot
    first, Flee, then Board after the hits, see ``check``)."""
    faces = cb.dice
    wins = [successes(f) for f in faces]
    sums = [number_sum(f) for f in faces]
    winner = -1
    if wins[0] != wins[1]:
        winner = 0 if wins[0] > wins[1] else 1
    elif sums[0] != sums[1]:
        winner = 0 if sums[0] > sums[1] else 1
    ctx.log(
        Event(
            "contest",
            {
                "dice": [list(f) for f in faces],
                "successes": wins,
                "winner": side_name(ctx, cb.sides[winner]) if winner >= 0 else None,
            },
        )
    )
    cb.hits = [0, 0]
    for i in range(2):
        if cb.declared[i] == SHOOT:
            cannons = values(ctx, cb, i)[CANNONS]
            cb.hits[i] = cannons if winner == i else min(wins[i], cannons)
    cb.escaped = any(cb.declared[i] == FLEE and wins[1 - i] == 0 for i in range(2))
    cb.boarding = winner >= 0 and cb.declared[winner] == BOARD
    cb.ammo = [-1, -1]
    cb.stage = "ammo0"


def ammo_options(ctx: Ctx, cb: Combat, i: int) -> list[int]:
    """MM-13.2: Chain-shot or Grapeshot, one per volley, for a side about to fire."""
    side = cb.sides[i]
    if is_npc(side) or not cb.hits[i]:
        return []
    weapons = ctx.table.players[side].weapons
    return [w for w in (CHAIN_SHOT, GRAPESHOT) if weapons[w]]


def load(ctx: Ctx, cb: Combat, i: int, weapon: int) -> None:
    seat = cb.sides[i]
    ctx.table.players[seat].weapons[weapon] -= 1
    ctx.table.weapon_bank[weapon] += 1
    cb.ammo[i] = weapon
    ctx.log(Event("ammo", {"seat": seat, "weapon": weapon}))


def fire(ctx: Ctx, cb: Combat) -> None:
    """The volleys of this round land together (MM-8.4)."""
    for i in (1, 0):  # decisions stack: the aggressor's volley is asked about first
        if cb.hits[i]:
            volley(ctx, cb, 1 - i, cb.hits[i], cb.ammo[i])
    cb.stage = "resolve"


def volley(ctx: Ctx, cb: Combat, target: int, hits: int, ammo: int = -1) -> None:
    """MM-9.1: a location die per hit; numbered hits land now, skulls wait for the
    target's choice (``cb.skulls``). Chain-shot (Grapeshot) sends the skulls to Masts
    (Crew), and hits there stay even when it is destroyed (MM-13.2)."""
    faces = roll(ctx, hits)
    # the log keeps the dice as rolled: a reroll changes the volley's own list
    ctx.log(Event("volley", {"target": side_name(ctx, cb.sides[target]), "dice": list(faces)}))
    cb.volley[target], cb.fixed[target], cb.volley_ammo[target] = faces, [], ammo
    cb.rerolls[target] = reroll_allowance(ctx, cb, 1 - target, len(faces))
    if cb.rerolls[target]:
        ctx.table.pending.append(Decision(REROLL, cb.sides[1 - target], [target]))
        return
    resolve_volley(ctx, cb, target)


def reroll_allowance(ctx: Ctx, cb: Combat, shooter: int, dice: int) -> int:
    """MM-14.5: C03 Deadeye re-rolls any of the volley's location dice, G04 Master
    Gunner up to 2; they do not combine (one re-roll per volley)."""
    side = cb.sides[shooter]
    if is_npc(side):
        return 0
    p = ctx.table.players[side]
    if ctx.c.captains[p.card].ability == "deadeye":
        return dice
    return min(2, dice) if has_specialist(ctx, p, "master_gunner") else 0


def reroll(ctx: Ctx, cb: Combat, target: int, face: int | None) -> None:
    """Re-roll one location die showing ``face`` (None: keep the rest as they are)."""
    if face is not None:
        cb.volley[target].remove(face)
        new = roll(ctx, 1)[0]
        cb.fixed[target].append(new)
        cb.rerolls[target] -= 1
        ctx.log(
            Event("reroll", {"side": side_name(ctx, cb.sides[1 - target]), "from": face, "to": new})
        )
        if cb.rerolls[target] and cb.volley[target]:
            ctx.table.pending.append(Decision(REROLL, cb.sides[1 - target], [target]))
            return
    resolve_volley(ctx, cb, target)


def resolve_volley(ctx: Ctx, cb: Combat, target: int) -> None:
    faces = cb.volley[target] + cb.fixed[target]
    cb.volley[target], cb.fixed[target] = [], []
    located = [LOCATION_BY_FACE[f] for f in faces if f < 5]
    skulls = sum(1 for f in faces if f >= 5)
    aimed = {CHAIN_SHOT: MASTS, GRAPESHOT: CREW}.get(cb.volley_ammo[target])
    if aimed is not None:
        located += [aimed] * skulls
        skulls = 0
    cb.skulls[target] += skulls
    cb.aimed[target] = -1 if aimed is None else aimed
    if may_reinforce(ctx, cb, target):
        cb.landing[target] = located  # the owner may absorb one first (MM-13.1)
        ctx.table.pending.append(Decision(REINFORCE, cb.sides[target], [target]))
        return
    land_all(ctx, cb, target, located)


def land_all(ctx: Ctx, cb: Combat, target: int, located: list[int]) -> None:
    for loc in located:
        land(ctx, cb, target, loc, stay=loc == cb.aimed[target])


def may_reinforce(ctx: Ctx, cb: Combat, target: int) -> bool:
    """MM-13.1 Reinforced Hull: face up, it may absorb 1 damage after the locations
    are rolled."""
    side = cb.sides[target]
    return not is_npc(side) and reinforced_ready(ctx.table.players[side])


def reinforced_ready(p: Player) -> bool:
    return REINFORCED_HULL in p.mods and not p.reinforced_used


def absorb(ctx: Ctx, cb: Combat, target: int, loc: int | None) -> None:
    """Flip the Reinforced Hull: one hit (a numbered one, or a skull: ``loc`` -1)
    is absorbed (None: not flipped); the rest of the volley lands."""
    seat = cb.sides[target]
    located = cb.landing[target]
    cb.landing[target] = []
    if loc is not None:
        ctx.table.players[seat].reinforced_used = True
        if loc < 0:
            cb.skulls[target] -= 1
        else:
            located.remove(loc)
        ctx.log(Event("reinforced-hull", {"seat": seat}))
    land_all(ctx, cb, target, located)


def land(ctx: Ctx, cb: Combat, target: int, loc: int, stay: bool = False) -> None:
    landed = damage(values(ctx, cb, target), loc, stay)
    side = cb.sides[target]
    ctx.log(
        Event("hit", {"side": side_name(ctx, side), "location": LOCATIONS[landed], "why": "combat"})
    )
    if not is_npc(side) and landed == CARGO:
        fit_cargo_at_random(ctx, side)


def place_skull(ctx: Ctx, cb: Combat, target: int, loc: int) -> None:
    cb.skulls[target] -= 1
    land(ctx, cb, target, loc)


# -- the flow ---------------------------------------------------------------------------


def step(ctx: Ctx) -> None:
    """Advance the combat until it needs a decision or ends."""
    t = ctx.table
    cb = t.combat
    assert cb is not None
    for i in range(2):
        while cb.skulls[i]:
            who = decider(ctx, cb, i)
            if who is not None:
                t.pending.append(Decision(SKULL_HIT, who, [i]))
                return
            place_skull(ctx, cb, i, npc_skull_location(values(ctx, cb, i)))
    if cb.stage == "check":
        check(ctx, cb, board=False)
    elif cb.stage == "resolve":
        check(ctx, cb, board=True)
    elif cb.stage == "round":
        new_round(ctx, cb)
    elif cb.stage in ("declare0", "declare1"):
        i = 0 if cb.stage == "declare0" else 1
        allowed = declarations(ctx, cb, i)
        who = decider(ctx, cb, i)
        if len(allowed) == 1 or who is None:
            declare(ctx, cb, i, allowed[0] if len(allowed) == 1 else npc_policy(ctx, cb, i))
            cb.stage = "declare1" if i == 0 else "contest"
        else:
            t.pending.append(Decision(DECLARE, who, [i]))
    elif cb.stage == "contest":
        contest(ctx, cb)
    elif cb.stage in FORTUNE_STAGES:
        offer_fortune(ctx, cb, cb.stage)
    elif cb.stage in ("hooks0", "hooks1"):
        i = 0 if cb.stage == "hooks0" else 1
        cb.stage = "hooks1" if i == 0 else "judge"
        if may_grapple(ctx, cb, i):
            t.pending.append(Decision(GRAPPLE, cb.sides[i], [i]))
    elif cb.stage == "judge":
        judge(ctx, cb)
    elif cb.stage in ("ammo0", "ammo1"):
        i = 0 if cb.stage == "ammo0" else 1
        cb.stage = "ammo1" if i == 0 else "fire"
        if ammo_options(ctx, cb, i):
            t.pending.append(Decision(AMMO, cb.sides[i], [i]))
    elif cb.stage == "fire":
        fire(ctx, cb)
    elif cb.stage == "crew":
        crew_round(ctx, cb)
    elif cb.stage == "crew-hits":
        crew_hits(ctx, cb)


def after_declaration(cb: Combat, i: int) -> None:
    cb.stage = "declare1" if i == 0 else "contest"


def new_round(ctx: Ctx, cb: Combat) -> None:
    """MM-8.6: no winner when neither can ever hurt the other nor get away (Cannons 0
    and Masts destroyed on both sides), or after round 20."""
    a, b = values(ctx, cb, 0), values(ctx, cb, 1)
    if a[CANNONS] == 0 and b[CANNONS] == 0 and a[MASTS] == 0 and b[MASTS] == 0:
        ctx.log(Event("stalemate", {}))
        end_combat(ctx, -1)
        return
    if cb.round >= COMBAT_ROUND_CAP:
        ctx.log(Event("round-cap", {"rounds": cb.round}))
        end_combat(ctx, -1)
        return
    cb.round += 1
    cb.declared = [-1, -1]
    cb.escaped = cb.boarding = False
    cb.stage = "declare0"


def check(ctx: Ctx, cb: Combat, board: bool) -> None:
    """After the hits: sinking (MM-8.5), a flee (MM-8.4 step 2), boarding (step 3)."""
    sunk_ = [sunk(values(ctx, cb, i)) for i in range(2)]
    if all(sunk_):
        ctx.log(Event("both-sink", {}))  # both captains die, nobody gains glory (house)
        for i in range(2):
            lose(ctx, cb, i, "sunk")
        ctx.table.combat = None
        return
    if any(sunk_):
        end_combat(ctx, 0 if sunk_[1] else 1, crew=False)
        return
    if board and cb.escaped:
        ctx.log(Event("fled", {}))
        end_combat(ctx, -1)
        return
    if board and cb.boarding and values(ctx, cb, 0)[CREW] > 0 and values(ctx, cb, 1)[CREW] > 0:
        crew_combat(ctx, cb)
        return
    cb.stage = "round"


def leadership_dice(ctx: Ctx, cb: Combat, i: int) -> int:
    side = cb.sides[i]
    if is_npc(side):
        return max(1, cb.npc_skills[LEADERSHIP])
    return skill_dice(ctx, ctx.table.players[side], LEADERSHIP, combat=True)


def crew_combat(ctx: Ctx, cb: Combat) -> None:
    """MM-10.1: Swivel Guns fire just before the first round, both together; then the
    rounds (stage "crew")."""
    ctx.log(Event("crew-combat", {}))
    swivel = [
        successes(roll(ctx, 2)) > 0 if SWIVEL_GUNS in mods(ctx, cb, i) else False for i in range(2)
    ]
    for i in range(2):
        if swivel[i]:
            crew = values(ctx, cb, 1 - i)
            crew[CREW] = max(0, crew[CREW] - 1)
            ctx.log(Event("swivel-guns", {"side": side_name(ctx, cb.sides[i])}))
    cb.crew_round = 0
    cb.stage = "crew"


def crew_round(ctx: Ctx, cb: Combat) -> None:
    """MM-10.1, MM-10.4: a side without crew loses (both: no winner), as does nobody
    after 20 rounds; else both roll Leadership (MM-10.2), and each side's Fortune's
    Favour window follows before the hits (``crew_hits``)."""
    crews = [values(ctx, cb, i)[CREW] for i in range(2)]
    if crews[0] == 0 or crews[1] == 0:
        end_combat(ctx, -1 if crews[0] == crews[1] else (0 if crews[1] == 0 else 1), crew=True)
        return
    if cb.crew_round >= CREW_ROUND_CAP:
        ctx.log(Event("round-cap", {"rounds": CREW_ROUND_CAP}))
        end_combat(ctx, -1, crew=True)
        return
    cb.crew_round += 1
    cb.dice = [roll(ctx, leadership_dice(ctx, cb, i)) for i in range(2)]
    ctx.log(Event("crew-roll", {"dice": [list(f) for f in cb.dice]}))
    cb.stage = "crew-fortune0"


def crew_hits(ctx: Ctx, cb: Combat) -> None:
    """MM-10.2–10.3: each success kills one enemy crewman, at most the roller's current
    Crew (C07: +1), both at once; a side left without crew loses; both at once: more
    successes, then the higher sum, else no winner."""
    faces = cb.dice
    crews = [values(ctx, cb, i)[CREW] for i in range(2)]
    wins = [successes(f) for f in faces]
    caps = [crews[i] + (0 if is_npc(cb.sides[i]) else iron(ctx, cb.sides[i])) for i in range(2)]
    hits = [min(wins[i], caps[i]) for i in range(2)]
    for i in range(2):
        values(ctx, cb, 1 - i)[CREW] = max(0, crews[1 - i] - hits[i])
    ctx.log(Event("crew-round", {"dice": [list(f) for f in faces], "hits": hits}))
    after = [values(ctx, cb, i)[CREW] for i in range(2)]
    if after[0] == 0 and after[1] == 0:
        sums = [number_sum(f) for f in faces]
        if wins[0] != wins[1]:
            end_combat(ctx, 0 if wins[0] > wins[1] else 1, crew=True)
        else:
            end_combat(
                ctx, -1 if sums[0] == sums[1] else (0 if sums[0] > sums[1] else 1), crew=True
            )
    elif after[0] == 0 or after[1] == 0:
        end_combat(ctx, 0 if after[1] == 0 else 1, crew=True)
    else:
        cb.stage = "crew"


def iron(ctx: Ctx, seat: int) -> int:
    return 1 if ctx.c.captains[ctx.table.players[seat].card].ability == "iron_discipline" else 0


# -- the end: glory, plunder, death ---------------------------------------------------


def lose(ctx: Ctx, cb: Combat, i: int, how: str) -> None:
    side = cb.sides[i]
    if is_npc(side):
        defeat_npc(ctx, side - NPC_SIDE)
    else:
        kill(ctx, side, how)


def end_combat(ctx: Ctx, winner: int, crew: bool = False) -> None:
    """MM-8.5, MM-8.7, MM-11: the winner, if any, gains glory and plunder; the loser
    dies (a player) or is defeated (an NPC)."""
    t = ctx.table
    cb = t.combat
    assert cb is not None
    t.combat = None
    if winner < 0:
        ctx.log(Event("combat-over", {"winner": None}))
        return
    loser = 1 - winner
    w, lside = cb.sides[winner], cb.sides[loser]
    ctx.log(Event("combat-over", {"winner": side_name(ctx, w), "crew_combat": crew}))
    if is_npc(w):
        lose(ctx, cb, loser, "defeated by " + side_name(ctx, w))  # an NPC gains nothing
        return
    p = t.players[w]
    decisions: list[Decision] = []
    if is_npc(lside):
        npc = ctx.c.npcs[lside - NPC_SIDE]
        if npc.nation is not None:
            take_bounty(ctx, w, npc.nation, "defeated a naval ship")
            if crew:
                naval_plunder(ctx, w, cb.npc_values)
                decisions.append(Decision(TAKE_SHIP, w, [len(ctx.c.ships), *cb.npc_values]))
                decisions.append(Decision(KEEP_CARGO, w))
        else:
            gold = (0 if is_pirate(p) else npc.reward) + pirate_hunter(ctx, w)
            if gold:
                p.gold += gold
                ctx.log(Event("reward", {"seat": w}, {w: {"gold": gold}}))
        lose(ctx, cb, loser, "defeated")
    else:
        q = t.players[lside]
        counts = list(q.bounties)
        if any(counts):
            options = reward_options(ctx, w, counts)
            if options:
                decisions.append(Decision(REWARD_NATION, w, counts))
            bonus = pirate_hunter(ctx, w)
            if bonus:
                p.gold += bonus
                ctx.log(Event("reward", {"seat": w}, {w: {"gold": bonus}}))
        if crew:
            ship_args = [q.ship, *q.values]
            plunder_player(ctx, w, lside)
            decisions.append(Decision(TAKE_SHIP, w, ship_args))
        lose(ctx, cb, loser, "defeated by " + side_name(ctx, w))
    decisions += [
        Decision(DISCARD_RUMOR, w),
        Decision(DISCARD_CARGO, w, [-1]),
        Decision(DISCARD_GLORY, w),
    ]
    t.pending.extend(reversed(decisions))  # the first listed is decided first
    gain_glory(ctx, w, "victory")  # MM-11.1


def pirate_hunter(ctx: Ctx, seat: int) -> int:
    return (
        PIRATE_HUNTER_BONUS
        if ctx.c.captains[ctx.table.players[seat].card].ability == "pirate_hunter"
        else 0
    )


def reward_options(ctx: Ctx, seat: int, counts: list[int]) -> list[int]:
    """MM-7.4: a nation of which the loser held bounties, not one of which the winner
    holds a bounty, nor one at war with the winner's nation."""
    p = ctx.table.players[seat]
    own = nation_of(ctx, p)
    return [
        n
        for n, count in enumerate(counts)
        if count and not p.bounties[n] and not (n != own and at_war(ctx, n, own))
    ]


def reward(ctx: Ctx, seat: int, nation: int, counts: list[int]) -> None:
    gold = BOUNTY_REWARD * counts[nation]
    ctx.table.players[seat].gold += gold
    ctx.log(
        Event("bounty-reward", {"seat": seat, "nation": ctx.c.nations[nation].name, "gold": gold})
    )


def plunder_player(ctx: Ctx, w: int, lose_seat: int) -> None:
    """MM-11.2 crew combat: gold on board, glory cards, cargo, rumor, special weapons
    and specialists go to the winner (MM-11.4 limits follow as decisions)."""
    t = ctx.table
    p, q = t.players[w], t.players[lose_seat]
    gold = q.gold
    p.gold += gold
    q.gold = 0
    p.hand += q.hand
    cards = len(q.hand)
    q.hand = []
    p.cargo += q.cargo
    cargo = list(q.cargo)
    q.cargo = []
    if q.rumor >= 0:
        if p.rumor >= 0:
            p.rumor2 = q.rumor  # MM-11.4: one is discarded, the winner's choice
        else:
            p.rumor = q.rumor
        q.rumor = -1
    for k in range(len(p.weapons)):
        total = p.weapons[k] + q.weapons[k]
        p.weapons[k] = min(1, total)
        t.weapon_bank[k] += total - p.weapons[k]  # one of each type (MM-11.4)
        q.weapons[k] = 0
    for card in q.specialists:  # MM-11.4: one of each type
        key = ctx.c.glory_types[ctx.c.glory[card]].key
        (t.glory_discard if has_specialist(ctx, p, key) else p.specialists).append(card)
    for card in q.kept_rumors:
        key = str(ctx.c.rumors[card].reward["specialist"])
        (t.rumor_discard if has_specialist(ctx, p, key) else p.kept_rumors).append(card)
    q.specialists = []
    q.kept_rumors = []
    ctx.log(
        Event(
            "plunder",
            {"seat": w, "from": lose_seat, "glory_cards": cards, "cargo": cargo},
            {w: {"gold": gold}, lose_seat: {"gold": gold}},
        )
    )


def naval_plunder(ctx: Ctx, w: int, npc_values: list[int]) -> None:
    """MM-11.2: a naval ship taken in crew combat: 3 Cargo cards, their plunder in gold,
    then 1 discarded at random per Cargo damage it took; the rest may be kept."""
    t = ctx.table
    haul = Raid(-1, -1)
    for _ in range(RAID_CARDS):
        card = draw_cargo(ctx)
        if card is not None:
            haul.cards.append(card)
    gold = sum(ctx.c.cargo[c].plunder for c in haul.cards)
    t.players[w].gold += gold
    man_o_war = ctx.c.npc_ships[0]
    for _ in range(min(len(haul.cards), man_o_war.values[CARGO] - npc_values[CARGO])):
        t.cargo_discard.append(haul.cards.pop(ctx.rng.below(len(haul.cards))))
    ctx.log(Event("naval-plunder", {"seat": w, "gold": gold, "cards": list(haul.cards)}))
    t.raid = haul


def take_ship(ctx: Ctx, seat: int, args: list[int]) -> None:
    """MM-11.3: discard your ship (its modifications go to ports), take theirs with its
    damage but not its crew: your crew stays, capped by the new maximum."""
    p = ctx.table.players[seat]
    kind, *vals = args
    maxima = list(ship_type(ctx, kind).values)
    crew = min(p.values[CREW], maxima[CREW])
    old = list(p.mods)
    p.ship = kind
    p.maxima = maxima
    p.values = [*vals[:CREW], crew, vals[HULL]]
    p.mods = []
    ctx.log(Event("take-ship", {"seat": seat, "ship": ship_type(ctx, kind).name}))
    place_modifications(ctx, seat, old)


def hand_over(p_hand: list[int]) -> bool:
    return len(p_hand) > HAND_LIMIT
