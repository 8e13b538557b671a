"""Names and numbers of Merchants & Marauders, each said once: decision kinds, flow
stages, combat declarations and the rules' constants."""

from __future__ import annotations

#: The captains by seat, as every prompt, action and log line names them (MM-2.7: each
#: player's board has a colour; which colours is house: the web table's, in seat order).
CAPTAINS = ("Red", "Blue", "Yellow", "Green")

# -- decision kinds (decisions.py holds one entry for each) ---------------------------
CHOOSE_SHIP = "choose-ship"  # MM-2.7, MM-16.2: Sloop or Flute
KEEP_CAPTAIN = "keep-captain"  # MM-16.3: redraw once if an NPC pirate waits at home
ACTION = "action"  # MM-3.3: Move, Scout, Port (or retire, or end the turn)
MERCHANT_NATION = "merchant-nation"  # MM-6.1: the token's nation or the zone's
RAID_OR_PEACE = "raid-or-peace"  # MM-6.1
RAID_WEAPON = "raid-weapon"  # MM-6.3 step 3: a special weapon turns a failed die
RAID_SPEND = "raid-spend"  # MM-6.3 step 4: draw, discard or exchange
KEEP_CARGO = "keep-cargo"  # MM-6.4, MM-11.2: keep cards as cargo
DISCARD_CARGO = "discard-cargo"  # MM-12.4: cargo over the limit, owner's choice
DISCARD_GLORY = "discard-glory"  # MM-14.2: hand limit 4
DISCARD_RUMOR = "discard-rumor"  # MM-12.7: only one rumor held
DECLARE = "declare"  # MM-8.2: Shoot, Board or Flee
SKULL_HIT = "skull-hit"  # MM-9.1: a skull lets the target choose the location
GRAPPLE = "grapple"  # MM-13.2: Grappling Hooks re-roll after the contest roll
AMMO = "ammo"  # MM-13.2: Chain-shot or Grapeshot before a volley
REINFORCE = "reinforce"  # MM-13.1: the Reinforced Hull absorbs 1 damage
REROLL = "reroll"  # MM-D.9 G04, MM-D.5 C03: re-roll hit-location dice
RAID_REINFORCE = "raid-reinforce"  # MM-6.3 step 5: the same against a raid's hit icons
HAZARD_REINFORCE = "hazard-reinforce"  # MM-13.1: the same against a storm's or Bridgetown's hit
TAKE_SHIP = "take-ship"  # MM-11.3
REWARD_NATION = "reward-nation"  # MM-7.4
PLACE_MODIFICATION = "place-modification"  # MM-13.4
CHOOSE_WEAPON = "choose-weapon"  # MM-D.10 M13, MM-D.11 R06: a special weapon of your choice
FRIGATE_OR_GOLD = "frigate-or-gold"  # MM-D.11 R11
RETURN_BOUNTY = "return-bounty"  # MM-D.10 M05, MM-D.9 G13
CARPENTER = "carpenter"  # MM-D.9 G11: repair 2 points
KEEP_MODIFICATIONS = "keep-modifications"  # MM-18 St. John: keep them for 1 gold each
PORT_FEE = "port-fee"  # MM-18 Port Royal: pay 2 gold after a failed Influence roll
PILOT = "pilot"  # MM-D.5 C04 Coast Pilot: sail on to a second zone
FORTUNE = "fortune"  # MM-D.9 G12 Fortune's Favour: re-roll all dice of a skill roll
HIDDEN_COVE = "hidden-cove"  # MM-14.4 reaction window: a scout for your ship succeeded
SELL = "sell"  # MM-12.2
BUY = "buy"  # MM-12.3
SHIPYARD = "shipyard"  # MM-12.5
RECRUIT = "recruit"  # MM-12.6
RUMOR = "rumor"  # MM-12.7
MISSION = "mission"  # MM-12.8
STASH = "stash"  # MM-12.9

# -- automatic flow stages ------------------------------------------------------------
SETUP = "setup"
ROUND_START = "round-start"
TURN_START = "turn-start"
ACTIONS = "actions"
TURN_END = "turn-end"
ROUND_END = "round-end"
OVER = "over"

# -- combat ------------------------------------------------------------------------------
SHOOT, BOARD, FLEE = 0, 1, 2
DECLARATIONS = ("Shoot", "Board", "Flee")
NPC_SIDE = 10  # a combat side >= NPC_SIDE is the NPC (side - NPC_SIDE)
COMBAT_ROUND_CAP = 20  # MM-8.6 (house)
CREW_ROUND_CAP = 20  # MM-10.4 (house)

# -- hazards the Reinforced Hull may absorb outside combat (HAZARD_REINFORCE's cause) --
STORM_HIT, REEFS_HIT = 0, 1  # MM-D.8 Storm; MM-18 Bridgetown's reefs
HAZARDS = ("storm", "Bridgetown's reefs")

# -- skill rolls Fortune's Favour may re-roll (FORTUNE's first argument) ----------------
ROLL_SCOUT, ROLL_RECRUIT, ROLL_RUMOR_TEST, ROLL_RUMOR_SEEK, ROLL_MISSION, ROLL_RAID = range(6)
ROLL_CONTEST = 6  # MM-8.3 a side's Seamanship roll (extra: the side, 0 the aggressor)
ROLL_CREW = 7  # MM-10.2 a side's Leadership roll in a crew combat round (extra: the side)
ROLL_STORM = 8  # MM-D.8 at the Event step (extra: the captain's place in turn order)
ROLL_SAIL_STORM = 9  # MM-D.8 a ship sailing into the storm's zones
ROLL_DISEASE = 10  # MM-D.8 Tropical Disease (extra: the captain's place in turn order)
ROLL_PORT_ROYAL, ROLL_BRIDGETOWN = 11, 12  # MM-18 the entry rolls

# -- scouting targets (one of each per turn, MM-5.4) --------------------------------
TARGET_MERCHANT = 0
TARGET_CAPTAIN = 1  # + seat
TARGET_NPC = 10  # + npc
TARGET_RUMOR = 20

# -- the rules' numbers -------------------------------------------------------------------
GLORY_TARGET = 10  # MM-1.1
STASH_POINTS_CAP = 5  # MM-12.9 (half the target, house for other targets)
START_GOLD = 10  # MM-2.7
ACTIONS_PER_TURN = 3  # MM-3.3
HAND_LIMIT = 4  # MM-14.2
PORT_CARGO_LIMIT = 6  # MM-12.4
MERCHANT_RESET = 8  # MM-3.1
RUMOR_FEE = 2  # MM-12.7
HIRE_COST = 2  # MM-12.6
RAID_CARDS = 3  # MM-6.3
RAID_GLORY = 12  # MM-6.4
BUY_CARDS = 6  # MM-12.3
BUY_CARDS_AGAIN = 3  # MM-12.3: bought here in the previous game turn
DEMANDED_PRICE = 6  # MM-12.2
SELL_PRICE = 3  # MM-12.2
BOUNTY_REWARD = 5  # MM-7.4
#: Transfers offered at the Stash step, and how many one step may make (house: any
#: amount under 100 is at most 6 transfers; keeps every game finite, MM-17.6).
STASH_AMOUNTS = (1, 2, 5, 10, 20, 50)
STASH_TRANSFERS = 6
#: The activities of a Port action, in order (MM-12.1).
PORT_STEPS = (SELL, BUY, SHIPYARD, RECRUIT, RUMOR, MISSION, STASH)
