"""BroadSides' fixed action space: every decision, by what it means.

Big choices are small steps: an action is chosen, then its cards one by one, then
"done"; a Wild names the value (or suit) it stands for when that matters.
"""

from __future__ import annotations

from quarterdeck.engine import ActionSpace

from .components import CANNON_POSITIONS, Components, a_or_an, card_name
from .sea_dog_cards import SeaDogCards

# Stage 1 actions (and Changing Targets, which replaces Stage 1).
STAGE_ACTIONS = (
    ("aim", "Aim"),
    ("hold", "Hold"),
    ("broadside", "Broadside"),
    ("sheer-off", "Sheer Off"),
    ("single-reload", "Single Shot Reload"),
    ("full-reload", "Full Reload"),
    ("repair", "Repair"),
    ("change-targets", "Change Targets (skip the actions and Zero In anew)"),
)
OFFICERS = ("Captain", "First Mate")
SIDES = ("left", "bottom")
MARKER_NAMES = {"rigging": "a Sail", "deck": "a Crewman", "hull": "a Plank"}


def build_action_space(c: Components, sea: SeaDogCards | None = None) -> ActionSpace:
    """Every action; the Sea Dog module's come after the base game's (``sea``), so a
    base game's ids stay as they were."""
    decks = c.zones_of("deck")
    actions: list[tuple[str, tuple[int, ...], str]] = []
    add = actions.append
    for officer, name in enumerate(OFFICERS):
        for z in decks:
            add(("officer", (officer, z), f"place your {name} on the {c.zones[z].name}"))
    for position, where in enumerate(CANNON_POSITIONS):
        for kind in c.cannons:
            add(("mount", (position, kind.index), f"mount {a_or_an(kind.name)} {where}"))
    for shot in c.shots:
        for position, where in enumerate(CANNON_POSITIONS):
            add(
                ("load", (shot.index, position), f"load a {shot.name} shot into the {where} cannon")
            )
    for position, where in enumerate(CANNON_POSITIONS):
        add(("man", (position,), f"man the {where} cannon"))
    for zone in c.zones:
        add(("sight", (zone.index,), f"Zero In on the foe's {zone.name}"))
    for n, (_, text) in enumerate(STAGE_ACTIONS):
        add(("action", (n,), text))
    add(("fire", (1,), "Fire!"))
    add(("fire", (0,), "hold fire"))
    add(("double-shot", (1,), "fire a Double Shot"))
    add(("double-shot", (0,), "no Double Shot"))
    for card in range(40):
        add(("card", (card,), card_name(card, c.suits)))
    add(("wild", (), "a Wild"))
    for value in range(1, 11):
        add(("wild-value", (value,), f"a Wild as {value}"))
    for suit, symbol in enumerate(c.suits):
        add(("wild-suit", (suit,), f"a Wild as {symbol}"))
    add(("done", (), "done"))
    for target in range(len(c.target_centres)):
        for side, name in enumerate(SIDES):
            add(("place", (target, side), f"to the {name} of Target #{target + 1}"))
    for target in range(len(c.target_centres)):
        for side, name in enumerate(SIDES):
            add(
                (
                    "unaim",
                    (target, side),
                    f"discard the Aim card at the {name} of Target #{target + 1}",
                )
            )
    for shot in c.shots:
        for position, where in enumerate(CANNON_POSITIONS):
            add(("shot", (shot.index, position), f"the {shot.name} shot in the {where} cannon"))
    for shot in c.shots:
        add(("effective", (shot.index,), f"the {shot.name} shot takes effect"))
    for shot in c.shots:
        add(("fire-shot", (shot.index,), f"fire the {shot.name} shot"))
    for zone in c.zones:
        add(("lose", (zone.index,), f"lose {MARKER_NAMES[zone.kind]} from the {zone.name}"))
    for officer, name in enumerate(OFFICERS):
        add(("lose-officer", (officer,), f"lose your {name}"))
    for a in decks:
        for b in sorted(c.neighbours[a]):
            to = c.zones[b]
            verb = "to the" if to.kind == "deck" else "to repair the"
            add(("move", (a, b), f"move a Crewman from the {c.zones[a].name} {verb} {to.name}"))
    for officer, name in enumerate(OFFICERS):
        for a in decks:
            for b in sorted(c.neighbours[a]):
                if c.zones[b].kind == "deck":
                    add(
                        (
                            "officer-move",
                            (officer, a, b),
                            f"move your {name} from the {c.zones[a].name} to the {c.zones[b].name}",
                        )
                    )
    add(("stop", (), "stop repairing"))
    if sea is not None:
        actions += sea_dog_actions(c, sea)
    return ActionSpace(actions)


def sea_dog_actions(c: Components, sea: SeaDogCards) -> list[tuple[str, tuple[int, ...], str]]:
    """The Experienced Sea Dog module's actions: the draft, the windows, the tricks."""
    actions: list[tuple[str, tuple[int, ...], str]] = []
    for r in sea.reputations:
        actions.append(("reputation", (r.index,), f"keep the Reputation {r.name}"))
    for t in sea.tricks:
        actions.append(("keep-trick", (t.index,), f"keep the Dirty Trick {t.name}"))
    actions.append(("pass", (), "pass (play no Dirty Trick now)"))
    for t in sea.tricks:
        actions.append(("trick", (t.index,), f"play {t.name}"))
    for z in c.zones_of("deck"):
        actions.append(("trick-zone", (z,), f"aim the Dirty Trick at the foe's {c.zones[z].name}"))
    # the follow-up choices of the tricks and Reputations
    add = actions.append
    for target in range(len(c.target_centres)):
        add(("ignore-target", (target,), f"Close Quarters: ignore Target #{target + 1}"))
    add(("no-deadeye", (), "shift no Aim card"))
    for target in range(len(c.target_centres)):
        for side, name in enumerate(SIDES):
            for up, sign in ((0, "−"), (1, "+")):
                add(
                    (
                        "deadeye",
                        (target, side, up),
                        f"shift the Aim card at the {name} of Target #{target + 1} by {sign}",
                    )
                )
    for target in range(len(c.target_centres)):
        add(("keep-target", (target,), f"keep Target #{target + 1}"))
    for shot in c.shots:
        add(("ignore-shot", (shot.index,), f"Boarding Nets: ignore the {shot.name} shot"))
    for zone in c.zones:
        add(
            (
                "trick-marker",
                (zone.index,),
                f"return {MARKER_NAMES[zone.kind]} to your {zone.name}",
            )
        )
    for shot in c.shots:
        add(("take-disc", (shot.index,), f"take a {shot.name} disc from the bag"))
    for shot in c.shots:
        add(("return-disc", (shot.index,), f"send the {shot.name} disc back to the bag"))
    for value in range(1, 11):
        add(("uncover", (value,), f"leave {value} uncovered on your Evasion track"))
    add(("thunder", (0,), "spend as many discs as cards"))
    add(("thunder", (1,), "Thunder of the Guns: spend one disc more"))
    return actions
