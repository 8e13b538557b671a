"""BroadSides' names, each spelt once: the decisions (phases), the sets of Aim cards,
the Stage 1 actions, the steps a turn resumes at, the kinds of waiting loss.

A leaf: it imports nothing. Rules, satellites, the decision table and the bot all
read these names from here.
"""

from __future__ import annotations

# -- the decisions --------------------------------------------------------------------

OFFICER = "officer"
MOUNT = "mount"
LOAD = "load"
ZERO_IN_MAN = "zero-in-man"
ZERO_IN_SIGHT = "zero-in-sight"
STAGE1 = "stage1"
PICK = "pick"
PLACE = "place"
SPEND_SHOTS = "spend-shots"
EFFECTIVE = "effective"
RETURN_SHOTS = "return-shots"
REPAIR = "repair"
STAGE2 = "stage2"
FIRE_SHOT = "fire-shot"
DOUBLE = "double"
TASKS = "tasks"
HAND_LIMIT = "hand-limit"
OVER = "over"  # no decision: the game is over

#: Every decision the game asks (``state.phase``), and "over", in the order of the
#: observation tensor's one-hot ``phase`` field, each with its words.
PHASES = (
    (OFFICER, "place an officer"),
    (MOUNT, "mount a cannon"),
    (LOAD, "load shots"),
    (ZERO_IN_MAN, "Zero In: man a cannon"),
    (ZERO_IN_SIGHT, "Zero In: choose the zone"),
    (STAGE1, "choose a Stage 1 action"),
    (PICK, "pick Aim cards for a set"),
    (PLACE, "place the Aim card"),
    (SPEND_SHOTS, "spend shots for a Broadside"),
    (EFFECTIVE, "choose the shots that take effect"),
    (RETURN_SHOTS, "return shots before reloading"),
    (REPAIR, "move Crewmen to Repair"),
    (STAGE2, "Fire or hold fire"),
    (FIRE_SHOT, "choose the shot to fire"),
    (DOUBLE, "Double Shot or not"),
    (TASKS, "take a loss"),
    (HAND_LIMIT, "discard to the hand limit"),
    (OVER, "the game is over"),
)
#: A phase's index in :data:`PHASES` (the observation tensor's ``phase`` field).
PHASE_INDEX = {phase: i for i, (phase, _) in enumerate(PHASES)}

# -- Stage 1 actions, by their index in actions.STAGE_ACTIONS ------------------------

AIM, HOLD, BROADSIDE, SHEER_OFF, SINGLE_RELOAD, FULL_RELOAD, REPAIR_ACTION, CHANGE_TARGETS = range(
    8
)

# -- the sets a player builds from their hand, card by card (``state.sel_kind``) -----

FLUSH = "flush"
STRAIGHT = "straight"
PAIR = "pair"
ANY_TWO = "any-two"
PAYMENT = "payment"
AIM_CARD = "aim-card"
EVADE = "evade"
#: Each set, with its words (the observation tensor's ``pick`` field, in this order);
#: hand-limit discards are picked like a set.
PICKS = (
    (FLUSH, "a flush for a Broadside"),
    (STRAIGHT, "a straight for a Sheer Off"),
    (PAIR, "a pair for a Full Reload"),
    (ANY_TWO, "any two cards for a Single Shot Reload"),
    (PAYMENT, "1–3 cards to pay for a Repair"),
    (AIM_CARD, "the Aim card"),
    (EVADE, "a straight to Evade"),
    (HAND_LIMIT, "discards down to the hand limit"),
)
#: The set a Stage 1 action begins.
SET_OF_ACTION = {
    AIM: AIM_CARD,
    BROADSIDE: FLUSH,
    SHEER_OFF: STRAIGHT,
    SINGLE_RELOAD: ANY_TWO,
    FULL_RELOAD: PAIR,
    REPAIR_ACTION: PAYMENT,
}

# -- where play resumes (``state.after``) once a loading, a Zero In or losses are done --

SETUP_LOAD = "setup-load"  # the next captain loads, or the first player is drawn
SETUP_ZERO_IN = "setup-zero-in"  # the other captain Zeroes In, or the first turn begins
ACTION_DONE = "action-done"  # a Stage 1 action is over: the next one, or Stage 2
THEN_STAGE2 = "stage2"  # Changing Targets: Firing follows the Zero In
THEN_STAGE3 = "stage3"  # the Zero In after Firing: Stage 3 follows
THEN_DOUBLE = "double"  # the Target cards are read: the Double Shot, or Evasion
AFTER_FIRE = "after-fire"  # the damage is taken: the Targets go, a new Zero In
#: What a Zero In is for (``state.after`` in the two Zero In phases), in the order of
#: the observation tensor's ``zero_in`` field.
ZERO_IN = (SETUP_ZERO_IN, THEN_STAGE2, THEN_STAGE3)
# Steps of a turn that a rule of one chapter reaches in a later one (``proceed``).
FIRST_TURN = "first-turn"
NEXT_TURN = "next-turn"
START_STAGE2 = "start-stage2"
START_STAGE3 = "start-stage3"

# -- losses waiting (``state.tasks``: [seat, what, count, zone, last option]) --------

UNAIM = "unaim"  # Aim cards off one's Targets
ZONE = "zone"  # markers off the zone under fire
# (or a zone kind, "rigging", "deck", "hull": markers of that kind anywhere)

# -- the ships --------------------------------------------------------------------------

FORE, AFT = 0, 1
CAPTAIN, FIRST_MATE = 0, 1
LOST = -1  # an officer's zone once lost

# -- the Experienced Sea Dog module (option ``sea_dog``) -----------------------------------

REPUTATION = "reputation"
DRAFT = "draft"
WINDOW = "window"
TRICK_ZONE = "trick-zone"
CLOSE_QUARTERS = "close-quarters"  # DT03: the Target card to ignore (OWN_F4_START)
DEADEYE = "deadeye"  # REP1: one Aim card's value ±1 (OWN_F4_START)
CROWS_NEST = "crows-nest"  # DT22: the Target cards to keep
BOARDING_NETS = "boarding-nets"  # DT13: the effective disc to ignore
TRICK_MARKERS = "trick-markers"  # DT15, DT16: where the returned markers go
MAGAZINE = "magazine"  # DT06: the discs taken from the bag
SPY = "spy"  # DT19: the card the foe discards
QUARTERMASTER = "quartermaster"  # REP2: the drawn disc sent back
SLIPPERY = "slippery"  # REP4: the number left uncovered
THUNDER = "thunder"  # REP6: n or n + 1 discs
OLD_SALT = "old-salt"  # REP8 (b): the card kept of the two drawn
#: The module's decisions, in the order of the tensor's ``sea_phase`` field (the base
#: ``phase`` field stays as it was, so a base game's observation is unchanged).
SEA_PHASES = (
    (REPUTATION, "keep one of the Reputations dealt"),
    (DRAFT, "keep one of the Dirty Tricks dealt"),
    (WINDOW, "play a Dirty Trick or pass"),
    (TRICK_ZONE, "choose the foe's Deck zone for a Dirty Trick"),
    (CLOSE_QUARTERS, "Close Quarters: choose the Target card to ignore"),
    (DEADEYE, "Deadeye Gunner: shift one Aim card's value, or not"),
    (CROWS_NEST, "Crow's Nest: keep Target cards"),
    (BOARDING_NETS, "Boarding Nets: choose the disc to ignore"),
    (TRICK_MARKERS, "place the markers a Dirty Trick returns"),
    (MAGAZINE, "Well-Stocked Magazine: take discs from the bag"),
    (SPY, "Spy Aboard: choose the card the foe discards"),
    (QUARTERMASTER, "Shrewd Quartermaster: send a drawn disc back"),
    (SLIPPERY, "Slippery as an Eel: the number left uncovered"),
    (THUNDER, "Thunder of the Guns: spend n or n + 1 discs"),
    (OLD_SALT, "Old Salt: keep one of the two cards drawn"),
)
SEA_PHASE_INDEX = {phase: i for i, (phase, _) in enumerate(SEA_PHASES)}
# Where a turn resumes once a window closes (``Sea.window``).
SEA_FOE_F2 = "sea-foe-f2"  # the shooter's OWN_F2 is over: the foe's FOE_F2
SEA_COLOUR = "sea-colour"  # both F2 windows are over: the disc's colour is checked
SEA_FOE_F5 = "sea-foe-f5"  # the shooter's OWN_F5 is over: the foe's FOE_F5
SEA_EVASION = "sea-evasion"  # both F5 windows are over: the Evasion, if allowed
SEA_STEP6 = "sea-step6"  # FOE_F6 is over: the markers are removed
SEA_DRAW = "sea-draw"  # OWN_S3 is over: the Stage 3 draw
SEA_DECLARE = "sea-declare"  # an action's cards are chosen: OWN_DECLARE opens
SEA_DECLARED = "sea-declared"  # OWN_DECLARE is over: the set is played (an Aim placed)
SEA_LOAD = "sea-load"  # a Reload's discs are drawn (or taken): loading follows
SEA_AIMED = "sea-aimed"  # FOE_AIM is over: another Steady placement, or the next action
SEA_TARGETS = "sea-targets"  # OWN_F4_START's choices are made: the Targets are read
SEA_F4_END = "sea-f4-end"  # OWN_F4_END is over: step 5
SEA_ZERO_IN_OPEN = "sea-zero-in-open"  # the Gunsight is placed: OWN_ZERO_IN opens
SEA_ZERO_IN_DRAW = "sea-zero-in-draw"  # OWN_ZERO_IN is over: the Target cards are drawn
SEA_HITS = "sea-hits"  # FOE_BROADSIDE is over: the Broadside's effects
SEA_DISASTER_OPEN = "sea-disaster-open"  # a Disaster token is about to flip: DISASTER
SEA_DISASTER = "sea-disaster"  # DISASTER is over: the token flips, or Damage Control
SEA_POWDER_DONE = "sea-powder-done"  # Powder Boy's loading is over: back to the Stage
DISASTER_TASK = "disaster"  # a waiting loss: [seat, "disaster", 1, zone, -1] (module)
