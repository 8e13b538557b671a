"""Pirate War's fixed action space: every action by its meaning (a race, a site, a
card's number, a side, a seat, a count), never by a position in a list."""

from __future__ import annotations

from quarterdeck.engine import ActionSpace

from . import phases as ph
from .components import Components
from .render import player, side_name

MAX_SEATS = 6


def build_action_space(c: Components) -> ActionSpace:
    most_weapons = max(r.hull for r in c.races)  # every weapon fills a hold space
    actions: list[tuple[str, tuple[int, ...], str]] = []
    add = actions.append
    for r, race in enumerate(c.races):
        add(("race", (r,), f"race {race.name}"))
    for s, site in enumerate(c.sites):
        add(("site", (s,), f"home port {site.site} {site.name}"))
    for m, mount in enumerate(c.mounts):
        add(("mount", (m,), f"mount the weapon {mount.name}"))
    for w in range(1, 7):
        add(("wind", (w,), f"wind toward {side_name(w)}"))
    add(("captives", (0,), "Captives: gain 1 crew"))
    add(("captives", (1,), "Captives: gain 1D6 gold"))
    add(("pass", (), "pass"))
    for card in c.cards:
        add(("play", (card.card,), f"play {card.name}"))
    for mode in (ph.OARS, ph.SAIL, ph.STEAM):
        add(("mode", (mode,), f"move under {ph.MODE_NAMES[mode]}"))
    add(("run", (0,), "no downwind run"))
    add(("run", (1,), "declare a downwind run"))
    add(("forward", (), "forward"))
    add(("turn", (0,), "turn counter-clockwise"))
    add(("turn", (1,), "turn clockwise"))
    add(("port-turn", (0,), "port turn counter-clockwise"))
    add(("port-turn", (1,), "port turn clockwise"))
    add(("back", (), "back"))
    add(("ram", (), "ram"))
    add(("stop", (), "stop"))
    for k in (ph.NO_MAIN, ph.ATTACK, ph.TRADE, ph.PLUNDER):
        add(("main", (k,), f"main action: {ph.MAIN_NAMES[k]}"))
    for s in range(MAX_SEATS):
        add(("fire-at", (s,), f"fire at {player(s)}"))
    add(("hold-fire", (), "hold fire"))
    for n in range(1, most_weapons + 1):
        add(("fire", (n,), f"fire {n} weapon{'s' if n > 1 else ''}"))
    for s in range(MAX_SEATS):
        add(("board", (s,), f"board {player(s)}"))
    add(("no-boarding", (), "no boarding"))
    add(("loot", (0,), "take a treasure"))
    add(("loot", (1,), "take gold"))
    add(("lose", (0,), "lose a treasure"))
    add(("lose", (1,), "lose 10 gold"))
    add(("repair", (), "repair 1 hull"))
    add(("hire", (), "hire 1 crew"))
    for m, mount in enumerate(c.mounts):
        add(("buy", (m,), f"buy a weapon mounted {mount.name}"))
    add(("store", (), "store a treasure"))
    add(("done", (), "done"))
    add(("throw-crew", (), "throw a crew overboard"))
    for m, mount in enumerate(c.mounts):
        add(("throw-weapon", (m,), f"throw a {mount.name} weapon overboard"))
    add(("throw-treasure", (), "throw a treasure overboard"))
    return ActionSpace(actions)
