"""MM-12 Port activities (Sell, Buy, Shipyard, Recruit, Rumor, Mission, Stash),
MM-13 ship modifications and special weapons, and the port rules of MM-18.

A Port action is a sub-procedure on ``table.visit``: each activity in turn offers its
options with "done"; an activity with nothing to offer is passed over.
"""

from __future__ import annotations

from quarterdeck.engine import Event

from .basics import (
    DUTCH,
    LEADERSHIP,
    SPANISH,
    ability,
    check_declaration,
    draw_cargo,
    fortune_window,
    gain_glory,
    has_specialist,
    home_port,
    is_pirate,
    nation_of,
    ship_type,
    skill_dice,
    skill_roll,
    successes,
)
from .components import CANNONS, CARGO, CREW, MAX_SHIP_VALUE, MODIFICATIONS
from .death import place_modifications
from .event_cards import draw_demand
from .glory import glory_type, play_card
from .missions import (
    attempt_mission,
    investigate_rumor,
    may_try_rumor,
    mission_allowed,
    port_rumor_here,
    seek_rumor_result,
    try_rumor,
)
from .phases import (
    BUY,
    BUY_CARDS,
    BUY_CARDS_AGAIN,
    DEMANDED_PRICE,
    DISCARD_CARGO,
    DISCARD_RUMOR,
    HIRE_COST,
    KEEP_MODIFICATIONS,
    MISSION,
    PORT_STEPS,
    RECRUIT,
    ROLL_RECRUIT,
    RUMOR,
    RUMOR_FEE,
    SELL,
    SELL_PRICE,
    SHIPYARD,
    STASH,
    STASH_AMOUNTS,
    STASH_TRANSFERS,
)
from .table import Ctx, Decision, Player, Visit

# MM-13.1: modifications that raise a value (and which value).
RAISES = {
    MODIFICATIONS.index("extra_hammocks"): CREW,
    MODIFICATIONS.index("extended_hold"): CARGO,
    MODIFICATIONS.index("extra_cannon_port"): CANNONS,
}
RIGS = MODIFICATIONS.index("advanced_rigs")
REINFORCED_HULL = MODIFICATIONS.index("reinforced_hull")
CURACAO, HAVANA, NASSAU, CARACAS = "Curaçao", "Havana", "Nassau", "Caracas"
CARTAGENA, OLD_PROVIDENCE, PETITE_GOAVE = "Cartagena", "Old Providence", "Petite Goave"
PORT_ROYAL, ST_JOHN, ST_MAARTEN = "Port Royal", "St. John", "St. Maarten"
SANTO_DOMINGO = "Santo Domingo"
BIG_SHIP_PRICE_CURACAO = 30
COURIER_FEE = 5  # St. Maarten's gold courier
COMPANY_FEE = 2  # C16 at a non-Dutch port


def port_name(ctx: Ctx, zone: int) -> str:
    return ctx.sea.names[zone]


def open_visit(ctx: Ctx, seat: int) -> None:
    """MM-12.1: the port's modification token is flipped face up, then the activities."""
    t = ctx.table
    zone = t.players[seat].zone
    if t.mod_at[zone] >= 0 and not t.mod_up[zone]:
        t.mod_up[zone] = True
        ctx.log(
            Event(
                "modification-shown",
                {"port": port_name(ctx, zone), "modification": MODIFICATIONS[t.mod_at[zone]]},
            )
        )
    t.visit = Visit(zone)


def current_step(ctx: Ctx) -> str:
    visit = ctx.table.visit
    assert visit is not None
    return PORT_STEPS[visit.step]


def next_step(ctx: Ctx, seat: int) -> None:
    """Close the current activity (its end-of-step effects) and go to the next."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    kind = PORT_STEPS[visit.step]
    if kind == SELL:
        end_selling(ctx, seat, visit)
    elif kind == BUY:
        end_buying(ctx, seat, visit)
    visit.step += 1
    if visit.step >= len(PORT_STEPS):
        t.visit = None


# -- Sell (MM-12.2) --------------------------------------------------------------------


def sell_price(ctx: Ctx, p: Player, card: int, zone: int) -> int:
    good = ctx.c.cargo[card].good
    name = port_name(ctx, zone)
    demanded = ctx.table.demand[zone] == good
    if demanded:
        price = 7 if name == HAVANA and not is_pirate(p) else DEMANDED_PRICE
    else:
        price = 2 if name == NASSAU else SELL_PRICE
        if ability(ctx, p) == "sharp_trader":  # C06 (3 in Nassau)
            price = 3 if name == NASSAU else 4
    return price + has_specialist(ctx, p, "quartermaster")


def sell(ctx: Ctx, seat: int, card: int) -> None:
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    price = sell_price(ctx, p, card, visit.zone)
    if t.demand[visit.zone] == ctx.c.cargo[card].good:
        visit.sold_demanded += 1
    p.cargo.remove(card)
    t.cargo_discard.append(card)
    p.gold += price
    ctx.log(Event("sell", {"seat": seat, "card": card, "gold": price}))


def end_selling(ctx: Ctx, seat: int, visit: Visit) -> None:
    """A demanded sale replaces the token (new one first, then the old returns); 3 or
    more demanded cards: +1 glory and a card (C13: +3 gold)."""
    t = ctx.table
    if visit.sold_demanded and t.reserve:
        old = t.demand[visit.zone]
        t.demand[visit.zone] = draw_demand(ctx)
        t.reserve.append(old)
        ctx.log(
            Event(
                "demand",
                {"port": port_name(ctx, visit.zone), "good": ctx.c.goods[t.demand[visit.zone]]},
            )
        )
    if visit.sold_demanded >= 3:
        if ability(ctx, t.players[seat]) == "merchant_prince":
            t.players[seat].gold += 3
        gain_glory(ctx, seat, "sold 3 demanded goods")


# -- Buy (MM-12.3) ---------------------------------------------------------------------


def cards_to_draw(ctx: Ctx, p: Player, zone: int) -> int:
    """6; Caracas 8; St. Maarten 7 (8 for a Dutch captain); 3 if goods were bought here
    in the previous game turn, whatever the port (MM-18.1)."""
    visit = ctx.table.visit
    extra = 3 if visit is not None and visit.hot_tip else 0  # MM-18.1: Hot Tip adds 3
    if p.bought_zone == zone and p.bought_round == ctx.table.round - 1:
        return BUY_CARDS_AGAIN + extra
    name = port_name(ctx, zone)
    if name == CARACAS:
        return 8 + extra
    if name == ST_MAARTEN:
        return (8 if nation_of(ctx, p) == DUTCH else 7) + extra
    return BUY_CARDS + extra


def start_buying(ctx: Ctx, seat: int) -> None:
    """Draw the cards; each card of the demanded good is discarded and replaced."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    visit.buying = True
    draw_goods(ctx, visit, cards_to_draw(ctx, p, visit.zone))
    ctx.log(Event("buy-draw", {"seat": seat, "cards": list(visit.drawn)}))


def draw_goods(ctx: Ctx, visit: Visit, count: int) -> None:
    """Draw ``count`` cards, each of the demanded good discarded and replaced; stop
    when no card of another good is left to draw (MM-1.9)."""
    t = ctx.table
    demanded = t.demand[visit.zone]
    while len(visit.drawn) < count:
        if all(ctx.c.cargo[c].good == demanded for c in t.cargo_deck + t.cargo_discard):
            break
        card = draw_cargo(ctx)
        assert card is not None
        if ctx.c.cargo[card].good == demanded:
            t.cargo_discard.append(card)
            continue
        visit.drawn.append(card)
    visit.draw_counts = [
        sum(1 for c in visit.drawn if ctx.c.cargo[c].good == g) for g in range(len(ctx.c.goods))
    ]


def redraw(ctx: Ctx, seat: int) -> None:
    """Santo Domingo (MM-18): 1 gold, once, to discard and re-draw all the drawn
    cards, the same number again (house: before buying any)."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    t.players[seat].gold -= 1
    count = len(visit.drawn)
    t.cargo_discard.extend(visit.drawn)
    visit.drawn = []
    visit.redrawn = True
    draw_goods(ctx, visit, count)
    ctx.log(Event("buy-redraw", {"seat": seat, "cards": list(visit.drawn)}))


def buy_price(ctx: Ctx, p: Player, visit: Visit, card: int) -> int:
    """By how many cards of the good were drawn: 1: 3, 2: 2, 3+: 1 (Nassau and C11:
    2 / 1 / 1; they do not stack)."""
    count = visit.draw_counts[ctx.c.cargo[card].good]
    tiers = (3, 2, 1)
    if port_name(ctx, visit.zone) == NASSAU or ability(ctx, p) == "smuggler":
        tiers = (2, 1, 1)
    return tiers[min(count, 3) - 1]


def buy(ctx: Ctx, seat: int, card: int) -> None:
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    price = buy_price(ctx, p, visit, card)
    p.gold -= price
    visit.drawn.remove(card)
    visit.paid.append(price)
    p.cargo.append(card)
    ctx.log(Event("buy", {"seat": seat, "card": card, "gold": price}))


def end_buying(ctx: Ctx, seat: int, visit: Visit) -> None:
    t = ctx.table
    p = t.players[seat]
    t.cargo_discard.extend(visit.drawn)
    visit.drawn = []
    if visit.paid:
        p.bought_zone = visit.zone
        p.bought_round = t.round
        if port_name(ctx, visit.zone) == CARTAGENA and len(visit.paid) >= 3:
            p.gold += min(visit.paid)  # the cheapest is free (house: refunded at the end)
    t.pending.append(Decision(DISCARD_CARGO, seat, [-1]))  # over 6 in port (MM-12.4)


# -- Shipyard (MM-12.5, MM-13) -----------------------------------------------------------


def sale_price(ctx: Ctx, p: Player) -> int:
    damage = sum(p.maxima[loc] - p.values[loc] for loc in range(5) if loc != CREW)
    return max(0, ship_type(ctx, p.ship).sell + len(p.mods) - damage)


def ship_cost(ctx: Ctx, p: Player, kind: int, zone: int) -> int:
    price = ctx.c.ships[kind].buy
    if port_name(ctx, zone) == CURACAO and ctx.c.ships[kind].name in ("Frigate", "Galleon"):
        price = BIG_SHIP_PRICE_CURACAO
    return price - sale_price(ctx, p)


def buy_ship(ctx: Ctx, seat: int, kind: int) -> None:
    """The old ship is sold; the new one arrives undamaged with the crew, cargo and
    weapons; the old modifications go to ports; a first Frigate or Galleon: glory."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    p.gold -= ship_cost(ctx, p, kind, visit.zone)
    old = list(p.mods)
    crew = p.values[CREW]
    p.ship = kind
    p.maxima = list(ctx.c.ships[kind].values)
    p.values = list(p.maxima)
    p.values[CREW] = min(crew, p.maxima[CREW])
    p.mods = []
    visit.ship_closed = True
    ctx.log(Event("buy-ship", {"seat": seat, "ship": ctx.c.ships[kind].name}))
    if port_name(ctx, visit.zone) == ST_JOHN and old:
        t.pending.append(Decision(KEEP_MODIFICATIONS, seat, old))  # MM-18 St. John
    else:
        place_modifications(ctx, seat, old)
    if ctx.c.ships[kind].name in ("Frigate", "Galleon") and not p.big_ship_bought:
        p.big_ship_bought = True
        gain_glory(ctx, seat, "first big ship")


def repair_cost(ctx: Ctx, p: Player, zone: int) -> int | None:
    """2 a point; C14: 1; free at Old Providence with a Spanish bounty and for
    non-pirates at Petite Goave, where pirates cannot repair (None)."""
    name = port_name(ctx, zone)
    if name == PETITE_GOAVE:
        return None if is_pirate(p) else 0
    if name == OLD_PROVIDENCE and p.bounties[SPANISH]:
        return 0
    cost = ctx.c.shipyard["repair"]
    return 1 if ability(ctx, p) == "shipwrights_son" else cost


def weapon_cost(ctx: Ctx, p: Player, zone: int) -> int:
    if port_name(ctx, zone) == OLD_PROVIDENCE and p.bounties[SPANISH]:
        return 1
    return ctx.c.shipyard["special_weapon_buy"]


def modification_cost(ctx: Ctx, zone: int) -> int:
    return 1 if port_name(ctx, zone) == ST_JOHN else ctx.c.shipyard["modification"]


def may_buy_modification(ctx: Ctx, p: Player, zone: int) -> bool:
    t = ctx.table
    mod = t.mod_at[zone]
    if mod < 0 or not t.mod_up[zone] or p.gold < modification_cost(ctx, zone):
        return False
    return allowed_on(ctx, p, mod)


def allowed_on(ctx: Ctx, p: Player, mod: int) -> bool:
    """MM-13.1: one of each type, and none raising a value already at 5."""
    if mod in p.mods:
        return False
    if mod in RAISES:
        return p.maxima[RAISES[mod]] < MAX_SHIP_VALUE
    if mod == RIGS:
        return ship_type(ctx, p.ship).maneuverability < MAX_SHIP_VALUE
    return True


def fit_modification(ctx: Ctx, p: Player, mod: int) -> None:
    p.mods.append(mod)
    if mod == REINFORCED_HULL:
        p.reinforced_used = False
    if mod in RAISES:
        loc = RAISES[mod]
        p.maxima[loc] += 1
        if loc != CREW:  # Extra Hammocks: the new crewman must be recruited
            p.values[loc] += 1


def keep_modification(ctx: Ctx, seat: int, mods: list[int], mod: int | None) -> None:
    """St. John: keep an old modification on the new ship for 1 gold; with "done" the
    rest go to ports (MM-13.4)."""
    p = ctx.table.players[seat]
    rest = list(mods)
    if mod is None:
        place_modifications(ctx, seat, rest)
        return
    rest.remove(mod)
    p.gold -= 1
    fit_modification(ctx, p, mod)
    ctx.log(Event("keep-modification", {"seat": seat, "modification": MODIFICATIONS[mod]}))
    if rest:
        ctx.table.pending.append(Decision(KEEP_MODIFICATIONS, seat, rest))


def buy_modification(ctx: Ctx, seat: int) -> None:
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    mod = t.mod_at[visit.zone]
    p.gold -= modification_cost(ctx, visit.zone)
    t.mod_at[visit.zone] = -1
    t.mod_up[visit.zone] = False
    fit_modification(ctx, p, mod)
    visit.ship_closed = True
    ctx.log(Event("buy-modification", {"seat": seat, "modification": MODIFICATIONS[mod]}))


def yard_work(ctx: Ctx, seat: int, kind: str, arg: int) -> None:
    """Repairs and special weapons (MM-12.5)."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    visit.ship_closed = True
    if kind == "repair":
        cost = repair_cost(ctx, p, visit.zone) or 0
        p.gold -= cost
        p.values[arg] += 1
        ctx.log(Event("repair", {"seat": seat, "location": arg, "gold": cost}))
    elif kind == "buy-weapon":
        p.gold -= weapon_cost(ctx, p, visit.zone)
        t.weapon_bank[arg] -= 1
        p.weapons[arg] = 1
        visit.bought_weapons.append(arg)
        ctx.log(Event("buy-weapon", {"seat": seat, "weapon": arg}))
    elif kind == "sell-weapon":
        p.gold += ctx.c.shipyard["special_weapon_sell"]
        t.weapon_bank[arg] += 1
        p.weapons[arg] = 0
        visit.sold_weapons.append(arg)
        ctx.log(Event("sell-weapon", {"seat": seat, "weapon": arg}))


# -- Recruit (MM-12.6) ---------------------------------------------------------------


def recruit_free(ctx: Ctx, p: Player, zone: int) -> bool:
    """Port Royal fills a pirate's crew, Petite Goave a non-pirate's, with no roll."""
    name = port_name(ctx, zone)
    return (name == PORT_ROYAL and is_pirate(p)) or (name == PETITE_GOAVE and not is_pirate(p))


def may_recruit(ctx: Ctx, p: Player, zone: int) -> bool:
    return p.values[CREW] < p.maxima[CREW] and not (
        port_name(ctx, zone) == PETITE_GOAVE and is_pirate(p)
    )


def hire_cost(ctx: Ctx, p: Player) -> int:
    return 1 if ability(ctx, p) == "boatswains_eye" else HIRE_COST


def recruit(ctx: Ctx, seat: int) -> None:
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    visit.recruit_rolled = True
    if not recruit_free(ctx, p, visit.zone):
        bonus = 1 if ability(ctx, p) == "boatswains_eye" else 0
        faces = skill_roll(ctx, seat, LEADERSHIP, skill_dice(ctx, p, LEADERSHIP) + bonus, "recruit")
        if not fortune_window(ctx, seat, LEADERSHIP, faces, ROLL_RECRUIT):
            recruit_result(ctx, seat, faces)
        return
    recruited(ctx, seat)


def recruit_result(ctx: Ctx, seat: int, faces: list[int]) -> None:
    """The Leadership roll, kept or re-rolled (G12): a success fills the crew."""
    if successes(faces):
        recruited(ctx, seat)


def recruited(ctx: Ctx, seat: int) -> None:
    p = ctx.table.players[seat]
    p.values[CREW] = p.maxima[CREW]
    ctx.log(Event("recruit", {"seat": seat, "crew": p.values[CREW]}))


def hire(ctx: Ctx, seat: int) -> None:
    p = ctx.table.players[seat]
    cost = hire_cost(ctx, p)
    p.gold -= cost
    p.values[CREW] += 1
    ctx.log(Event("hire", {"seat": seat, "gold": cost}))


# -- Rumor (MM-12.7) --------------------------------------------------------------------


def rumor_fee(ctx: Ctx, p: Player, zone: int) -> int:
    return (
        0 if port_name(ctx, zone) == CURACAO or ability(ctx, p) == "well_connected" else RUMOR_FEE
    )


def acquire_rumor(ctx: Ctx, seat: int) -> None:
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    visit.rumor_tried = True
    bonus = 1 if ability(ctx, p) == "well_connected" else 0
    try_rumor(ctx, seat, rumor_fee(ctx, p, visit.zone), bonus)
    keep_one_rumor(ctx, seat)


def rumor_sought(ctx: Ctx, seat: int, faces: list[int]) -> None:
    """The Influence roll for a rumor after Fortune's Favour's window (G12)."""
    seek_rumor_result(ctx, seat, faces)
    keep_one_rumor(ctx, seat)


def keep_one_rumor(ctx: Ctx, seat: int) -> None:
    """MM-12.7: a second rumor drawn waits for the keep-one choice (asked only once the
    roll stands: a Fortune's Favour window may come first)."""
    if ctx.table.players[seat].rumor2 >= 0:
        ctx.table.pending.append(Decision(DISCARD_RUMOR, seat))


# -- Stash (MM-12.9) -------------------------------------------------------------------


def stash_rights(ctx: Ctx, p: Player, zone: int) -> tuple[bool, bool, int]:
    """(may put in, may take out, fee): the home port; St. Maarten's courier (in only,
    5 gold); C16 at any Dutch port, or in only at another port for 2 gold."""
    company = ability(ctx, p) == "company_man"
    if zone == home_port(ctx, p) or (company and ctx.sea.nations[zone] == DUTCH):
        return True, True, 0
    if port_name(ctx, zone) == ST_MAARTEN:
        return True, False, COURIER_FEE
    if company:
        return True, False, COMPANY_FEE
    return False, False, 0


def stash_options(ctx: Ctx, seat: int) -> list[int]:
    """Signed amounts: +a puts a in, -a takes a out; at most 6 transfers, one way."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    put, take, fee = stash_rights(ctx, p, visit.zone)
    if abs(visit.stash_moves) >= STASH_TRANSFERS:
        return []
    out: list[int] = []
    if put and visit.stash_moves >= 0:
        due = fee if visit.stash_moves == 0 else 0
        out += [a for a in STASH_AMOUNTS if p.gold >= a + due]
    if take and visit.stash_moves <= 0:
        out += [-a for a in STASH_AMOUNTS if p.stash >= a]
    return sorted(out)


def stash(ctx: Ctx, seat: int, amount: int) -> None:
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    if amount > 0:
        if visit.stash_moves == 0:
            p.gold -= stash_rights(ctx, p, visit.zone)[2]
        visit.stash_moves += 1
    else:
        visit.stash_moves -= 1
    p.gold -= amount
    p.stash += amount
    ctx.log(Event("stash", {"seat": seat}, {seat: {"amount": amount, "stash": p.stash}}))
    check_declaration(ctx, seat)


# -- options for each activity --------------------------------------------------------


def step_options(ctx: Ctx, seat: int) -> list[tuple[str, tuple[int, ...]]]:
    """The current activity's options besides "done" (action kind, args)."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    p = t.players[seat]
    kind = PORT_STEPS[visit.step]
    zone = visit.zone
    out: list[tuple[str, tuple[int, ...]]] = []
    if kind == SELL:
        out = [("sell", (c,)) for c in sorted(p.cargo)]
    elif kind == BUY:
        if not visit.buying:
            if t.cargo_deck or t.cargo_discard:
                out = [("buy-goods", ())]
                hot_tip = glory_type(ctx, "hot_tip")
                if not visit.hot_tip and any(ctx.c.glory[g] == hot_tip for g in p.hand):
                    out.append(("play-glory", (hot_tip,)))
        else:
            out = [
                ("buy", (c,)) for c in sorted(visit.drawn) if p.gold >= buy_price(ctx, p, visit, c)
            ]
            santo_domingo = port_name(ctx, zone) == SANTO_DOMINGO
            if (
                santo_domingo
                and not visit.redrawn
                and not visit.paid
                and p.gold >= 1
                and visit.drawn
            ):
                out.append(("redraw", ()))
    elif kind == SHIPYARD:
        if not visit.ship_closed:
            out += [
                ("buy-ship", (k,))
                for k in range(len(ctx.c.ships))
                if p.gold >= ship_cost(ctx, p, k, zone)
            ]
        cost = repair_cost(ctx, p, zone)
        if cost is not None and p.gold >= cost:
            out += [
                ("repair", (loc,))
                for loc in range(5)
                if loc != CREW and p.values[loc] < p.maxima[loc]
            ]
        out += [
            ("buy-weapon", (w,))
            for w in range(len(p.weapons))
            if not p.weapons[w]
            and t.weapon_bank[w]
            and w not in visit.sold_weapons
            and p.gold >= weapon_cost(ctx, p, zone)
        ]
        out += [
            ("sell-weapon", (w,))
            for w in range(len(p.weapons))
            if p.weapons[w] and w not in visit.bought_weapons
        ]
        if may_buy_modification(ctx, p, zone):
            out.append(("buy-modification", ()))
        refresh = ctx.c.shipyard["refresh_reinforced_hull"]
        if REINFORCED_HULL in p.mods and p.reinforced_used and p.gold >= refresh:
            out.append(("refresh", ()))
    elif kind == RECRUIT:
        if may_recruit(ctx, p, zone):
            if not visit.recruit_rolled:
                out.append(("recruit", ()))
            elif p.gold >= hire_cost(ctx, p):
                out.append(("hire", ()))
    elif kind == RUMOR:
        if not visit.rumor_tried and may_try_rumor(ctx, seat, rumor_fee(ctx, p, zone)):
            out.append(("try-rumor", ()))
        if not visit.rumor_investigated and port_rumor_here(ctx, seat):
            out.append(("investigate", ()))
    elif kind == MISSION:
        if not visit.mission_tried:
            out = [
                ("mission", (card,))
                for card in sorted(t.board_missions)
                if card >= 0 and mission_allowed(ctx, seat, card)
            ]
    elif kind == STASH:
        out = [("stash", (a,)) for a in stash_options(ctx, seat)]
    return out


def do_step(ctx: Ctx, seat: int, kind: str, args: tuple[int, ...]) -> None:
    """Carry out one port option."""
    t = ctx.table
    visit = t.visit
    assert visit is not None
    if kind == "sell":
        sell(ctx, seat, args[0])
    elif kind == "play-glory":
        play_card(ctx, seat, args[0])
        visit.hot_tip = True  # G14 Hot Tip: 3 more cards for this purchase
    elif kind == "redraw":
        redraw(ctx, seat)
    elif kind == "buy-goods":
        start_buying(ctx, seat)
    elif kind == "buy":
        buy(ctx, seat, args[0])
    elif kind == "buy-ship":
        buy_ship(ctx, seat, args[0])
    elif kind in ("repair", "buy-weapon", "sell-weapon"):
        yard_work(ctx, seat, kind, args[0])
    elif kind == "buy-modification":
        buy_modification(ctx, seat)
    elif kind == "refresh":
        p = t.players[seat]
        p.gold -= ctx.c.shipyard["refresh_reinforced_hull"]
        p.reinforced_used = False
        visit.ship_closed = True
        ctx.log(Event("refresh", {"seat": seat}))
    elif kind == "recruit":
        recruit(ctx, seat)
    elif kind == "hire":
        hire(ctx, seat)
    elif kind == "try-rumor":
        acquire_rumor(ctx, seat)
    elif kind == "investigate":
        visit.rumor_investigated = True
        investigate_rumor(ctx, seat)
    elif kind == "mission":
        visit.mission_tried = True
        attempt_mission(ctx, seat, t.board_missions.index(args[0]))
    elif kind == "stash":
        stash(ctx, seat, args[0])
