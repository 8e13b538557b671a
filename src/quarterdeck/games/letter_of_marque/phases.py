"""Letter of Marque's words, named once: decision kinds, action kinds, event kinds,
where a ship is, and the cannon tie-break readings.

A leaf: it imports nothing. Every other module (rules, satellites, the decision table,
the state, the game) takes these names from here, so a word is never spelled twice.
"""

from __future__ import annotations

# -- What is being decided (``state.phase``) --------------------------------------------
# The kinds of decision, in the order of the observation tensor's ``phase`` field
# (``tensor.py``); the decision table (``decisions.py``) has one entry for each.
PRELIMINARY = "preliminary"  # the preliminary turn: each seat in turn chooses its first ship
LAUNCH = "launch"  # a ship leaves: its treasure is turned up, its owner chooses the ship
TURN = "turn"  # a regular turn: a ship leaves, a ship arrives, attack or pass
DECISIONS = (PRELIMINARY, LAUNCH, TURN)
OVER = "over"  # the game is over: nothing is decided
PHASES = (*DECISIONS, OVER)

# What ``Pending.decision`` tells people and clients (public words; both ship choices
# are one kind of decision to them).
CHOOSE_SHIP = "choose-ship"
TAKE_TURN = "turn"

# -- Action kinds (``actions.py`` builds the action space from them) ---------------------
PASS = "pass"
LEAVE = "leave"
SAIL = "launch"  # the ship chosen for the treasure turned up: args (1,) armed, (0,) defenceless
ARRIVE = "arrive"  # args (treasure,)
ATTACK = "attack"  # args (target seat, treasure)
ACTIONS = (PASS, LEAVE, SAIL, ARRIVE, ATTACK)

# -- Event kinds (the public log; ``render.describe_event`` words each) --------------------
REVEAL = "reveal"  # the preliminary turn: a seat's first treasure is turned up
LAUNCHED = "launch"  # a ship sails on its treasure; armed or not is its owner's secret
FIRST_PLAYER = "first-player"
LEFT = "leave"  # a ship leaves: the next treasure is turned up
ARRIVED_HOME = "arrive"
ATTACKED = "attack"
PASSED = "pass"
GAME_END = "game-end"
EVENTS = (REVEAL, LAUNCHED, FIRST_PLAYER, LEFT, ARRIVED_HOME, ATTACKED, PASSED, GAME_END)

# -- Where a launched ship is (columns 0-2 of a ship's row in the tensor) -----------------
AT_SEA = "at sea"
ARRIVED = "arrived"  # came home; left the game unrevealed
CAPTURED = "captured"  # attacked while defenceless; left the game
STATUSES = (AT_SEA, ARRIVED, CAPTURED)

# The outcome of an attack, as its event tells it.
REPELLED = "repelled"  # the ship was armed
# (a defenceless ship's outcome is CAPTURED)

# -- The option ``cannon_tiebreak``: which cannon cards break a tie on points ------------
TIEBREAKS = ("all", "captured", "unused")
