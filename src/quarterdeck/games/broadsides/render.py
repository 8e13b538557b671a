"""BroadSides in words: prompts, events, and the table drawn with Rich."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import Components, a_or_an, card_name
from .phases import AIM_CARD, ANY_TWO, EVADE, FLUSH, PAIR, PAYMENT, STRAIGHT, UNAIM, ZONE
from .sea_dog_cards import SeaDogCards
from .ship import hand_limit
from .table import Position

JSON = Any
SEATS = ("Red", "Blue")
SET_WORDS = {
    FLUSH: "Broadside: pick the cards of your flush (one suit), then done",
    STRAIGHT: "Sheer Off: pick your straight from its lowest card up, then done",
    PAIR: "Full Reload: pick a pair",
    ANY_TWO: "Single Shot Reload: pick any two cards to discard",
    PAYMENT: "Repair: pick 1 to 3 cards to discard, one move each, then done",
    AIM_CARD: "Aim: pick the Aim card to play",
    EVADE: "Evade? Pick a straight from its lowest card up (a straight flush evades more), or done for none",
}


# -- prompts: what the deciding seat is asked, one function a decision (decisions.py) --


def prompt_officer(s: Position, who: str) -> str:
    officer = "Captain" if s.officers[s.seat][0] is None else "First Mate"
    return f"{who}: place your {officer} on a Deck"


def prompt_mount(s: Position, who: str) -> str:
    where = "fore" if s.cannons[s.seat][0] is None else "aft"
    return f"{who}: secretly choose your {where} cannon"


def prompt_load(s: Position, who: str) -> str:
    tray = ", ".join(s.c.shots[x].name for x in sorted(s.tray))
    return f"{who}: load your shots ({tray})"


def prompt_man(s: Position, who: str) -> str:
    return f"{who}: Zero In — man a cannon"


def prompt_sight(s: Position, who: str) -> str:
    return f"{who}: Zero In — choose the zone of the foe's ship to target"


def prompt_stage1(s: Position, who: str) -> str:
    n = s.actions_taken + 1
    must = " (it must be Aim)" if s.actions_taken == 1 and not s.aimed else ""
    return f"{who}'s turn {s.turns + 1}: action {n} of 2{must}"


def prompt_pick(s: Position, who: str) -> str:
    return f"{who}: {SET_WORDS[s.sel_kind]}"


def prompt_place(s: Position, who: str) -> str:
    return f"{who}: Aim — where does {card_name(s.sel[0][0], s.c.suits)} go?"


def prompt_spend_shots(s: Position, who: str) -> str:
    thunder = s.sea.effects.get("thunder", 0) if s.sea is not None else 0  # REP6: n + 1
    return (
        f"{who}: Broadside — choose the shots to spend ({len(s.sel) + thunder - len(s.spent)} more)"
    )


def prompt_effective(s: Position, who: str) -> str:
    return f"{who}: Broadside — cannon penalties: choose the shots that take effect"


def prompt_return_shots(s: Position, who: str) -> str:
    return f"{who}: Reload — return any shots to the bag, then done"


def prompt_repair(s: Position, who: str) -> str:
    return f"{who}: Repair — {s.repairs_left} move(s) left"


def prompt_reputation(s: Position, who: str) -> str:
    return f"{who}: keep one of your Reputations (the other two leave the game)"


def prompt_draft(s: Position, who: str) -> str:
    sea = s.sea
    assert sea is not None
    return f"{who}: keep one of these Dirty Tricks (draft round {sea.rounds[s.seat] + 1})"


def prompt_window(s: Position, who: str) -> str:
    code = s.sea.window[0] if s.sea is not None and s.sea.window else ""
    return f"{who}: play a Dirty Trick now ({window_words(code)}), or pass"


def prompt_trick_zone(s: Position, who: str) -> str:
    return f"{who}: at which of the foe's Decks do your Sharpshooters aim?"


def prompt_close_quarters(s: Position, who: str) -> str:
    return f"{who}: Close Quarters — which Target card has no effect this Firing?"


def prompt_deadeye(s: Position, who: str) -> str:
    return f"{who}: Deadeye Gunner — shift one Aim card's value by 1 for this Firing, or not"


def prompt_crows_nest(s: Position, who: str) -> str:
    return f"{who}: Crow's Nest — keep Target cards (the rest are discarded)"


def prompt_boarding_nets(s: Position, who: str) -> str:
    return f"{who}: Boarding Nets — which of the foe's shots has no effect?"


def prompt_trick_markers(s: Position, who: str) -> str:
    return f"{who}: where does the returned marker go?"


def prompt_magazine(s: Position, who: str) -> str:
    return f"{who}: Well-Stocked Magazine — take a disc of your choice from the bag"


def prompt_spy(s: Position, who: str) -> str:
    return f"{who}: Spy Aboard — which of the foe's cards do they discard?"


def prompt_quartermaster(s: Position, who: str) -> str:
    return f"{who}: Shrewd Quartermaster — send one drawn disc back to the bag"


def prompt_slippery(s: Position, who: str) -> str:
    return f"{who}: Slippery as an Eel — which number stays uncovered on your Evasion track?"


def prompt_thunder(s: Position, who: str) -> str:
    return f"{who}: Thunder of the Guns — spend one disc more than your cards?"


def prompt_old_salt(s: Position, who: str) -> str:
    return f"{who}: Old Salt — keep one of the two cards drawn (the other is discarded)"


#: The Sea Dog windows, in words (house cards §1): ``{own}`` is the holder's, ``{foe}``
#: the other captain's ("your" and "the foe's" in a prompt; "Red's" in the log).
WINDOW_WORDS = {
    "OWN_S1": "{own} Stage 1, outside an action",
    "OWN_ACTION": "{own} Stage 1, as one of the two actions",
    "OWN_DECLARE:Aim": "{own} Aim card is chosen, before it is placed",
    "OWN_DECLARE:Broadside": "{own} Broadside's cards are chosen, before it resolves",
    "OWN_DECLARE:Sheer Off": "{own} Sheer Off's cards are chosen, before it resolves",
    "OWN_DECLARE:Reload": "{own} Reload is declared, before any disc is drawn",
    "OWN_DECLARE:Repair": "{own} Repair's cards are chosen, before any move",
    "OWN_S2": "the start of {own} Stage 2, before deciding to Fire",
    "OWN_F2": "{own} shot is chosen, before its colour is checked",
    "OWN_F4_START": "{own} Firing, before its Target cards are read",
    "OWN_F4_END": "step 4 of {own} Firing is resolved",
    "OWN_F5": "{own} Firing, before the Evasion",
    "OWN_ZERO_IN": "{own} Gunsight is placed, before Target cards are drawn",
    "OWN_S3": "the start of {own} Stage 3, before the draw",
    "FOE_AIM": "{foe} Aim card has just been placed",
    "FOE_BROADSIDE": "{foe} Broadside hits, before any Aim card or marker is lost",
    "FOE_F2": "{foe} shot is chosen, before its colour is checked",
    "FOE_F5": "{foe} Firing, at the Evasion",
    "FOE_F6": "{foe} Firing, before the markers hit are removed",
    "DISASTER": "one of {own} Disaster tokens is about to flip",
}
#: A trick's cost (house cards §1).
COST_WORDS = {
    "free": "free (not an action)",
    "action": "one of your two actions",
    "replaces_aim": "one of your two actions, in place of the Aim",
}


def window_words(code: str, own: str = "your", foe: str = "the foe's") -> str:
    """A window's code in words, from the holder's side (``own``, ``foe``)."""
    return WINDOW_WORDS.get(code, code).format(own=own, foe=foe)


def prompt_stage2(s: Position, who: str) -> str:
    return f"{who}: Fire the manned cannon, or hold fire?"


def prompt_fire_shot(s: Position, who: str) -> str:
    return f"{who}: which shot do you fire?"


def prompt_double(s: Position, who: str) -> str:
    return f"{who}: Carronade — fire the second shot as a Double Shot?"


def prompt_tasks(s: Position, who: str) -> str:
    _, what, count, zone, _ = s.tasks[0]
    if what == UNAIM:
        return f"{who}: discard {count} Aim card(s) from your Targets"
    where = (
        s.c.zones[zone].name
        if what == ZONE
        else {"rigging": "your Rigging", "deck": "your Decks", "hull": "your Hull"}[what]
    )
    return f"{who}: lose {count} marker(s) from {where}"


def prompt_hand_limit(s: Position, who: str) -> str:
    return f"{who}: discard down to your hand limit of {hand_limit(s, s.seat)}"


def describe_event(
    event: Mapping[str, JSON],
    c: Components,
    viewer: int | None = None,
    sea: SeaDogCards | None = None,
) -> str:
    """An event in words; ``sea``, the module's cards, names the secret ones kept."""
    kind = event["kind"]
    who = SEATS[event["seat"]] if "seat" in event and event["seat"] is not None else ""

    def zone(key: str) -> str:
        return c.zones[event[key]].name

    def cards(key: str) -> str:
        return " ".join(card_name(x, c.suits) for x in event[key])

    if kind == "officer":
        return (
            f"{who} places the {('Captain', 'First Mate')[event['officer']]} on the {zone('zone')}."
        )
    if kind == "mount":
        where = ("fore", "aft")[event["position"]]
        if "cannon" in event:
            return f"{who} mounts {a_or_an(c.cannons[event['cannon']].name)} {where}."
        return f"{who} secretly chooses {a_or_an(where)} cannon."
    if kind == "reveal-cannons":
        names = [" and ".join(c.cannons[k].name for k in pair) for pair in event["cannons"]]
        return f"Cannons revealed: Red {names[0]}; Blue {names[1]}."
    if kind == "draw-shots":
        shots = ", ".join(c.shots[s].name for s in event["shots"]) or "nothing"
        return f"{who} draws shots from the bag: {shots}."
    if kind == "loaded":
        fore, aft = (", ".join(c.shots[s].name for s in x) or "empty" for x in event["loaded"])
        return f"{who} loads: fore {fore}; aft {aft}."
    if kind == "first-player":
        return f"{who} goes first."
    if kind == "zero-in":
        return f"{who} mans the {('fore', 'aft')[event['cannon']]} cannon and Zeroes In on the foe's {zone('zone')}: {len(event['targets'])} Target cards."
    if kind == "turn":
        return f"— {who}'s turn {event['turn']} —"
    if kind == "action":
        from .actions import STAGE_ACTIONS

        return f"{who}: {STAGE_ACTIONS[event['action']][1]}."
    if kind == "draw":
        return f"{who} draws {event['count']} Aim card(s)."
    if kind == "aim":
        value = f" (as {event['value']})" if event["card"] >= 40 else ""
        side = ("left", "bottom")[event["side"]]
        return f"{who} aims {card_name(event['card'], c.suits)}{value} at the {side} of Target #{event['target'] + 1}."
    if kind == "broadside":
        return (
            f"{who} fires a Broadside with {cards('cards')}; {c.suit_names[event['suit']]} covered."
        )
    if kind == "spend-shots":
        kept = "".join(
            f" The {c.shots[s].name} counts but stays loaded (Thunder of the Guns)."
            for s in event.get("kept", ())
        )
        return f"{who} spends {', '.join(c.shots[s].name for s in event['shots'])}; {event['effective']} take effect.{kept}"
    if kind == "broadside-hits":
        more = event.get("thunder_unaim", 0)
        thunder = f" Thunder of the Guns: the foe discards {more} more Aim card(s)." if more else ""
        return f"The Broadside hits with {len(event['shots'])} shot(s).{thunder}"
    if kind == "sheer-off":
        return f"{who} Sheers Off with {cards('cards')}: the foe discards {cards('foe_discards') or 'nothing'}."
    if kind == "reload":
        return f"{who} reloads ({'full' if event['full'] else 'single shot'}), discarding {cards('cards')}."
    if kind == "return-shot":
        return f"{who} returns a {c.shots[event['shot']].name} shot to the bag."
    if kind == "repair":
        return f"{who} repairs, discarding {cards('cards')}."
    if kind == "move":
        return f"{who} moves a Crewman from the {zone('from')} to the {zone('to')}."
    if kind == "officer-move":
        return f"{who} moves the {('Captain', 'First Mate')[event['officer']]} from the {zone('from')} to the {zone('to')}."
    if kind == "hold-fire":
        return f"{who} holds fire."
    if kind == "fire":
        return f"{who} FIRES the {('fore', 'aft')[event['cannon']]} cannon at the {zone('zone')}: potential damage {event['potential']}."
    if kind == "shot":
        steps = "; ".join(f"{s[0]} {s[1]:+d}" for s in event["steps"]) or "no change"
        return f"{c.shots[event['shot']].name} shot: {steps} → damage {event['damage']}."
    if kind == "double-shot":
        return f"Double Shot! Damage {event['damage']}."
    if kind == "evade":
        how = "straight flush" if event["straight_flush"] else "straight"
        return f"{who} Evades with a {how} {cards('cards')}: −{event['evaded']} → damage {event['damage']}."
    if kind == "no-evasion":
        return f"{who} does not Evade."
    if kind == "damage":
        return f"{event['damage']} damage to the {zone('zone')}."
    if kind == "unaim":
        return f"{who} discards {card_name(event['card'], c.suits)} from Target #{event['target'] + 1}."
    if kind == "lose":
        return f"{who} loses a marker from the {zone('zone')}."
    if kind == "lose-officer":
        return f"{who} loses the {('Captain', 'First Mate')[event['officer']]}!"
    if kind == "disaster":
        return f"DISASTER on {who}'s {zone('zone')}: {c.disasters[event['disaster']].name}!"
    if kind == "discard":
        return f"{who} discards {card_name(event['card'], c.suits)}."
    if kind in ("aim-reshuffle", "target-reshuffle"):
        return "A deck is reshuffled."
    if kind == "round-cap":
        return f"The round cap is reached: markers Red {event['markers'][0]}, Blue {event['markers'][1]}."
    if kind == "game-end":
        if event["winner"] is None:
            return f"The game ends in a draw ({event['reason']})."
        return f"{SEATS[event['winner']]} WINS ({event['reason']})."
    if kind.startswith("sea-"):
        return describe_sea_event(event, who, zone, c, sea)
    return f"{kind}: {dict(event)}"


def describe_sea_event(
    event: Mapping[str, JSON],
    who: str,
    zone: Any,
    c: Components,
    sea: SeaDogCards | None = None,
) -> str:
    """The Sea Dog module's events in words (secret parts only for their owner)."""
    kind = event["kind"]
    other = SEATS[1 - event["seat"]] if event.get("seat") is not None else "the foe"

    def named(card_id: str) -> str:
        """A card's name from its id (the id itself without the cards at hand)."""
        if sea is not None:
            for card in (*sea.reputations, *sea.tricks):
                if card.id == card_id:
                    return card.name
        return card_id

    if kind == "sea-draft":
        return (
            f"Each captain is dealt {event['reputations']} Reputations, then "
            f"{event['rounds']} rounds of {event['tricks']} Dirty Tricks (keep 1 each time)."
        )
    if kind == "sea-reputation":
        if "reputation" in event:
            return f"{who} keeps the Reputation {named(event['reputation'])}, in secret until both have chosen."
        return f"{who} keeps a Reputation in secret."
    if kind == "sea-reputations":
        red, blue = event["reputations"]
        return f"Reputations revealed: Red is {red}; Blue is {blue}."
    if kind == "sea-keep":
        if "trick" in event:
            return f"{who} keeps the Dirty Trick {named(event['trick'])} in secret (round {event['round']})."
        return f"{who} keeps a Dirty Trick in secret (round {event['round']})."
    if kind == "sea-pass":
        return f"{who} plays no Dirty Trick."
    if kind == "sea-trick":
        when = event.get("window")
        at = " (" + window_words(when, who + "'s", other + "'s") + ")" if when else ""
        return f"{who} plays the Dirty Trick {event['name']}{at}!"
    if kind == "sea-damage":
        return f"{who}'s {named(event['trick'])}: the damage track stands at {event['damage']}."
    if kind == "sea-gunner":
        return f"{who}'s Gunner moves to the {('fore', 'aft')[event['cannon']]} cannon."
    if kind == "sea-sharpshooters":
        return f"{who}'s Sharpshooters fire at {other}'s {zone('zone')}."
    if kind == "sea-gust":
        side = ("left", "bottom")[event["side"]]
        return (
            f"{who}'s Gust of Wind blows {other}'s {card_name(event['card'], c.suits)} "
            f"off the {side} of Target #{event['target'] + 1}."
        )
    if kind == "sea-ignore-target":
        return f"{who} fights at Close Quarters: Target #{event['target'] + 1} has no effect."
    if kind == "sea-deadeye":
        side = ("left", "bottom")[event["side"]]
        return (
            f"{who}'s Deadeye shifts the Aim card at the {side} of "
            f"Target #{event['target'] + 1} by {event['shift']:+d}."
        )
    if kind == "sea-crows-nest":
        kept = ", ".join(f"#{t + 1}" for t in event["kept"]) or "none"
        return f"{who} keeps Target(s) {kept} from the Crow's Nest."
    if kind == "sea-boarding-nets":
        return f"{who}'s Boarding Nets stop the {c.shots[event['shot']].name} shot."
    if kind == "sea-damage-control":
        return f"{who}'s Damage Control removes the Disaster of the {zone('zone')} unseen."
    if kind == "sea-marker":
        return f"{who} returns a marker to the {zone('zone')}."
    if kind == "sea-spy":
        card = card_name(event["card"], c.suits)
        return f"{who}'s Spy Aboard makes {other} discard the {card}."
    if kind == "sea-quartermaster":
        return f"{who}'s Quartermaster sends a {c.shots[event['shot']].name} disc back to the bag."
    if kind == "sea-quartermaster-draw":
        return f"{who} draws {len(event['shots'])} discs (Shrewd Quartermaster)."
    if kind == "sea-slippery":
        return f"{who} slips away: {event['value']} stays uncovered on the Evasion track."
    if kind == "sea-thunder":
        return f"{who}'s guns thunder: {event['discs']} discs for the Broadside."
    if kind == "sea-old-salt":
        gone = " ".join(card_name(x, c.suits) for x in event["discards"]) or "nothing"
        return f"{who} keeps one of the two cards drawn (Old Salt) and discards {gone}."
    if kind == "sea-lucky":
        card = card_name(event["card"], c.suits)
        if event["value"] >= 0:
            as_what = f"a {event['value']}"
        elif event["suit"] >= 0:
            as_what = f"a {c.suits[event['suit']]}"
        else:
            as_what = "the other card of the pair"
        return f"{who}'s Lucky Doubloon turns the {card} into a Wild, counted as {as_what}."
    if kind == "sea-stout-oak":
        return f"{who}'s Stout Oak Hull holds: the damage is now {event['damage']}."
    return f"{kind}: {dict(event)}"


# -- the table in the terminal -----------------------------------------------------------

SHOT_STYLE = {
    "solid": ("S", "bold yellow"),
    "chain": ("C", "bold white"),
    "canister": ("K", "bold magenta"),
}
ICON = {"none": "·", "rigging": "R−1", "cannon": "C−1", "no-firing": "✖fire", "hand": "H−1"}
MARKER = {"rigging": "⛵", "deck": "●", "hull": "▮"}
RESULT_STYLE = {
    "perfect": "bold green",
    "good": "green",
    "poor": "yellow",
    "miss": "red",
    "early": "dim red",
}


def _card_text(card: int | None, value: int | None, c: Components) -> str:
    if card is None:
        return "—"
    return f"W={value}" if card >= 40 else card_name(card, c.suits)


def _ship_panel(view: Mapping[str, JSON], p: int, me: int | None, c: Components) -> Any:
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    ship = view["ships"][p]
    table = Table(show_header=True, expand=False, box=None, padding=(0, 1))
    for column in ("zone", "markers", "uncovered penalties", "Targets"):
        table.add_column(column)
    for z in ship["zones"]:
        crew = z["markers"] - len(z["officers"])
        marks = Text(MARKER[z["kind"]] * crew)
        for officer in z["officers"]:
            marks.append(" (C)" if officer == "captain" else " (FM)", style="bold cyan")
        marks.append(" ·" * (z["spaces"] - z["markers"]), style="dim")
        exposed = " ".join(ICON[i] for i in z["exposed"] if i != "none") or "—"
        name = z["name"]
        disaster = ship["disasters"].get(z["zone"])
        if disaster:
            name += " ◆" if disaster == "face down" else " ◇"
        sighted = view["ships"][1 - p]["gunsight"] == z["zone"]
        table.add_row(
            Text(name, style="bold red" if sighted else ""), marks, exposed, str(z["targets"])
        )
    cannons = Text()
    for cannon in ship["cannons"]:
        kind = next(
            (k.name for k in c.cannons if k.id == cannon["cannon"]),
            "hidden" if cannon["chosen"] else "—",
        )
        cannons.append(f"{cannon['position']}: {kind} [")
        for shot in cannon["shots"]:
            letter, style = SHOT_STYLE[shot]
            cannons.append(letter, style=style)
        cannons.append("]")
        if cannon["manned"]:
            cannons.append(" ← Gunner", style="bold")
        if not cannon["usable"]:
            cannons.append(" (no firing)", style="red")
        cannons.append("   ")
    tracks = ship["tracks"]
    covered = (
        f"Broadside covered: {', '.join(tracks['broadside']) or '—'} · "
        f"Sheer Off covered: {', '.join(map(str, tracks['sheer_off'])) or '—'} · "
        f"Evasion covered: {', '.join(map(str, tracks['evasion'])) or '—'}"
    )
    hand = ship["hand"]
    cards = (
        " ".join(card_name(x, c.suits) for x in hand)
        if hand is not None
        else f"{ship['hand_size']} cards"
    )
    facts = (
        f"hand: {cards} (limit {ship['hand_limit']}) · deck {ship['deck']} · "
        f"missing Planks {ship['missing_planks']}/10 · Gunsight: {ship['gunsight'] or '—'}"
    )
    who = SEATS[p] + (" (you)" if p == me else "")
    return Panel.fit(
        _group(table, cannons, Text(covered, style="dim"), Text(facts)),
        title=who,
        border_style="red" if p == 0 else "blue",
    )


def _targets(view: Mapping[str, JSON], p: int, c: Components) -> Any:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"{SEATS[p]}'s Targets", expand=False)
    for column in ("Target", "centre", "left", "bottom", "reads"):
        table.add_column(column)
    for t in view["ships"][p]["targets"]:
        reads = t["reads"] or "—"
        table.add_row(
            f"#{t['target'] + 1}",
            f"({t['centre'][0]},{t['centre'][1]})",
            _card_text(t["left"], t["left_value"], c),
            _card_text(t["bottom"], t["bottom_value"], c),
            Text(reads, style=RESULT_STYLE.get(reads, "")),
        )
    return table


def _group(*parts: Any) -> Any:
    from rich.console import Group

    return Group(*parts)


def render_view(view: Mapping[str, JSON], c: Components) -> Any:
    from rich.columns import Columns
    from rich.panel import Panel
    from rich.text import Text

    me = view["seat"]
    foe = 1 - me if me is not None else 1
    mine = me if me is not None else 0
    parts: list[Any] = [_ship_panel(view, foe, me, c), _targets(view, foe, c)]
    middle = Text()
    if view["attack"]:
        a = view["attack"]
        middle.append(
            f"ATTACK on {a['zone']}: potential {a['potential']}, damage track {a['damage']}   ",
            style="bold",
        )
    bag = " ".join(f"{SHOT_STYLE[k][0]}×{n}" for k, n in view["bag"].items())
    middle.append(
        f"bag: {bag} · Target deck {view['target_deck']} · turn {view['turn']} of {view['round_cap'] or '∞'} rounds×2"
    )
    if view["selection"]:
        picked = " ".join(
            _card_text(s[0], s[1] if s[1] > 0 else None, c) for s in view["selection"]["cards"]
        )
        middle.append(f"\npicked so far: {picked}", style="bold")
    parts += [middle, Columns([_targets(view, mine, c)]), _ship_panel(view, mine, me, c)]
    if view.get("sea_dog"):
        parts.append(_sea_panel(view["sea_dog"], view["phase"], me))
    if view["pending"]:
        parts.append(Panel(view["pending"]["prompt"], expand=False, border_style="bold"))
    return _group(*parts)


# -- the Sea Dog module in the terminal ----------------------------------------------------


def _trick_when(trick: Mapping[str, JSON], own: str = "your", foe: str = "the foe's") -> str:
    """A card's windows in words; several declarations read as one."""
    codes = trick["window"]
    declared = [code.split(":", 1)[1] for code in codes if code.startswith("OWN_DECLARE:")]
    if len(declared) < 2:
        return "; or ".join(window_words(code, own, foe) for code in codes) or "—"
    listed = ", ".join(declared[:-1]) + " or " + declared[-1]
    rest = [window_words(code, own, foe) for code in codes if not code.startswith("OWN_DECLARE:")]
    return "; or ".join([f"{own} {listed} is declared, before it resolves", *rest])


def _tricks_table(title: str, tricks: list[JSON], window: str | None) -> Any:
    """Dirty Tricks face up: name, window, cost, uses and text; ``▶`` marks those whose
    window is the one open (their Requires still decide whether they may be played)."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=title, expand=False, show_lines=False, title_justify="left")
    for column in ("Dirty Trick", "when", "cost", "text"):
        table.add_column(column, overflow="fold")
    for t in tricks:
        fits = window is not None and window in t["window"]
        name = Text(("▶ " if fits else "") + t["name"], style="bold yellow" if fits else "bold")
        uses = f" ({t['uses']} uses)" if t.get("uses", 1) > 1 else ""
        table.add_row(
            name, _trick_when(t), COST_WORDS.get(t["cost"], t["cost"]) + uses, t.get("effect", "")
        )
    return table


def _sea_panel(sea: Mapping[str, JSON], phase: str, me: int | None) -> Any:
    """Both captains' Reputations (face up once revealed), your Dirty Tricks face up,
    the foe's as a count, the tricks played, the draft's offer, the window open."""
    from rich.panel import Panel
    from rich.text import Text

    parts: list[Any] = []
    window = sea.get("window")
    if window and sea["asking"]:
        asked = sea["asking"][0]
        if asked == me:
            when, who = window_words(window), "you"
        else:
            when = window_words(window, SEATS[asked] + "'s", SEATS[1 - asked] + "'s")
            who = SEATS[asked]
        parts.append(
            Text(
                f"Window open: {when} — {who} may play a Dirty Trick (▶: its window) or pass",
                style="bold yellow",
            )
        )
    for p, ship in enumerate(sea["ships"]):
        who = SEATS[p] + (" (you)" if p == me else "")
        line = Text(f"{who}: ", style="bold red" if p == 0 else "bold blue")
        rep = ship["reputation"]
        if rep is not None:
            line.append(f"Reputation {rep['name']}", style="bold")
            line.append(f" — {rep['effect']}")
        elif ship["reputation_chosen"]:
            line.append("Reputation chosen, face down until both have chosen", style="dim")
        else:
            line.append("no Reputation chosen yet", style="dim")
        held = ship["tricks_held"]
        if ship["tricks"] is None:
            line.append(f" · {held} Dirty Trick{'s' if held != 1 else ''} face down ")
            line.append("▒" * held, style="red")
        if ship.get("crows_nest"):
            line.append(f" · Crow's Nest face up, {ship['crows_nest']} use(s) left")
        parts.append(line)
        if ship["tricks"]:
            title = "Your Dirty Tricks" if p == me else f"{SEATS[p]}'s Dirty Tricks"
            parts.append(
                _tricks_table(title, ship["tricks"], window if p in sea["asking"][:1] else None)
            )
        parts += _draft_offer(ship, phase, p == me)
        seen = ship.get("hand_seen")
        if p != me and seen:
            parts.append(Text(f"  seen by your spy in {SEATS[p]}'s hand: {len(seen)} card(s)"))
    played = sea.get("played_tricks") or []
    if played:
        table = _tricks_table("Dirty Tricks played", [], None)
        table.columns[0].header = "played by"
        for t in played:
            uses = f" ({t['uses']} uses)" if t.get("uses", 1) > 1 else ""
            owner, other = SEATS[t["seat"]], SEATS[1 - t["seat"]]
            table.add_row(
                f"{owner}: {t['name']}",
                _trick_when(t, owner + "'s", other + "'s"),
                COST_WORDS.get(t["cost"], t["cost"]) + uses,
                t.get("effect", ""),
            )
        parts.append(table)
    return Panel(_group(*parts), title="Experienced Sea Dog", border_style="yellow", expand=False)


def _draft_offer(ship: Mapping[str, JSON], phase: str, mine: bool) -> list[Any]:
    """The cards on offer to a captain in the draft (only their own are known)."""
    from rich.text import Text

    if phase == "reputation" and ship["reputations_dealt"] and not ship["reputation_chosen"]:
        lines: list[Any] = [Text("  Reputations dealt (keep one):", style="bold")]
        for rep in ship["reputations_dealt"]:
            lines.append(Text(f"    {rep['name']} — {rep['effect']}"))
        return lines
    dealt = ship["tricks_dealt"] or []
    if phase == "draft" and ship["draft_rounds"] < len(dealt):
        offer = dealt[ship["draft_rounds"]]
        title = f"{'Your' if mine else 'The'} draft, round {ship['draft_rounds'] + 1}: keep one"
        return [_tricks_table(title, offer, None)]
    return []
