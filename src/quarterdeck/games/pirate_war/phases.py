"""Pirate War's words, named once: decision kinds, automatic steps, modes, windows,
main actions and the rulebook's dice tables."""

from __future__ import annotations

# -- decisions a player takes (PW-22.1), in the order they can arise ---------------------
RACE = "race"  # PW-2.3
SITE = "site"  # PW-2.4
MOUNT = "mount"  # PW-2.6, PW-19.3
WIND = "wind"  # Change wind (any)
CAPTIVES = "captives"
WINDOW = "window"  # a reaction window W1-W5 (PW-22.2)
BOARD_CARD = "boarding-card"  # PW-13.3 step 1, PW-13.5
MODE = "mode"  # PW-10.1
RUN = "downwind-run"  # PW-10.5
MOVE = "move"  # PW-10.3
MAIN = "main-action"  # PW-12.1
FIRE_TARGET = "fire-target"  # PW-12.3 step 1
FIRE_CARD = "battle-card"  # PW-12.3 step 4
FIRE_WEAPONS = "weapons"  # PW-12.3 step 5
BOARD_TARGET = "boarding-target"  # PW-12.2
LOOT = "loot"  # PW-13.3
LOSE_ONE = "treasure-or-gold"  # PW-15.4
SERVICES = "services"  # PW-16
OVERFLOW = "overboard"  # PW-4.5

DECISION_KINDS = (
    RACE,
    SITE,
    MOUNT,
    WIND,
    CAPTIVES,
    WINDOW,
    BOARD_CARD,
    MODE,
    RUN,
    MOVE,
    MAIN,
    FIRE_TARGET,
    FIRE_CARD,
    FIRE_WEAPONS,
    BOARD_TARGET,
    LOOT,
    LOSE_ONE,
    SERVICES,
    OVERFLOW,
)

# -- automatic steps: run by the settling loop, never a seat's decision ----------------
PLACE_SHIPS = "place-ships"
SETUP_MOUNTS = "setup-mounts"
ROUND = "round"
TURN = "turn"
DRAW = "draw"
STORM = "storm"
MARK_MISS = "mark-miss"
CREW_LOSS = "crew-loss"
EVENT_BOARDING = "event-boarding"
EVENT_ROLL = "event-roll"
MOVE_START = "move-start"
MOVE_END = "move-end"
RAM = "ram"
BATTLE = "battle"
FIRE = "fire"
BOARDING = "boarding"
BOARD_ROUND = "boarding-round"
BOARD_ROLL = "boarding-roll"
HOOKS = "hooks"
PLUNDER_ROLL = "plunder-roll"
PLUNDER_GAIN = "plunder-gain"
SERVICES_START = "services-start"
END_TURN = "end-turn"
END_TURN_2 = "end-turn-hostility"

# -- modes of movement (PW-10.1) ------------------------------------------------------
NO_MODE, OARS, SAIL, STEAM = 0, 1, 2, 3
MODE_NAMES = ("none", "oars", "sail", "steam")

# -- reaction windows (PW-22.2): the cards that fit each ---------------------------------
W1, W2, W3, W4, W5 = 1, 2, 3, 4, 5
WINDOW_EFFECTS = {
    W1: ("weather-storm",),
    W2: ("cancel-miss",),
    W3: ("medicinals",),
    W4: ("narrow-escape",),
    W5: ("narrow-escape",),
}
WINDOW_WHY = {
    W1: "a Storm card is about to take effect",
    W2: "you are about to miss your next turn",
    W3: "one of your crew is about to be killed",
    W4: "your ship is about to be attacked",
    W5: "the Orc grappling hooks are about to start another boarding round",
}

# -- main actions of the battle phase (PW-12.1) ------------------------------------------
NO_MAIN, ATTACK, TRADE, PLUNDER, DIG = 0, 1, 2, 3, 4
MAIN_NAMES = ("none", "attack", "trade", "plunder", "dig")

# -- the rulebook's tables -----------------------------------------------------------------
#: PW-11.4 (seed): 1D6 -> (target takes, rammer takes).
RAM_TABLE = {1: (0, 2), 2: (1, 1), 3: (2, 1), 4: (2, 1), 5: (2, 0), 6: (3, 0)}
#: PW-12.3 step 6 (seed): a to-hit die hits on this face or more; one less with a battle card.
HIT_ON = 4
#: PW-12.4 (seed): a hit is saved on 6 (5-6 for Dwarves: the race's ``save``).
LOOT_GOLD = 10  # PW-13.3, PW-15.4 (published): "one treasure or 10 gold"

# Events that are not obvious from their decisions (the log's kinds).
EV_LOST = "ship-lost"
