"""The Experienced Sea Dog module's cards (rulebook: Experienced Sea Dog), read from
``data/sea_dog.json`` and checked record by record.

A leaf: it imports only the engine. The printed card texts are lost, so the built-in
records are house cards (``../shared/rules/broadsides-sea-dog-house-cards.md``, §7);
every number the rules use is read from a card's ``params``, never from code. A data
file (``-o data=FILE``) may carry its own records under a ``sea_dog`` key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from quarterdeck.engine import DataFileError

JSON = Any

#: The timing windows (house cards §1); ``OWN_DECLARE:<action>`` names its action.
WINDOWS = (
    "OWN_S1",
    "OWN_ACTION",
    "OWN_S2",
    "OWN_F2",
    "OWN_F4_START",
    "OWN_F4_END",
    "OWN_F5",
    "OWN_ZERO_IN",
    "OWN_S3",
    "FOE_AIM",
    "FOE_BROADSIDE",
    "FOE_F2",
    "FOE_F5",
    "FOE_F6",
    "DISASTER",
)
DECLARABLE = ("Aim", "Broadside", "Sheer Off", "Reload", "Repair")
COSTS = ("free", "action", "replaces_aim")
KINDS = ("reputation", "dirty_trick")
FIELDS = ("id", "kind", "name", "category", "window", "cost", "uses", "requires", "effect")
#: How the draft deals (rulebook): each captain sees this many of each, keeps so many.
DRAFT_RULES = (
    "reputations_offered",
    "reputations_kept",
    "trick_rounds",
    "tricks_offered",
    "tricks_kept_per_round",
)


@dataclass(frozen=True)
class SeaDogCard:
    index: int  # among the cards of its kind, in the file's order
    id: str
    kind: str
    name: str
    category: str
    windows: tuple[str, ...]
    cost: str
    uses: int
    requires: str
    effect: str
    params: Mapping[str, int]

    def param(self, key: str) -> int:
        """A number of the card's text (``params``); a missing one names the card."""
        try:
            return self.params[key]
        except KeyError:
            raise DataFileError(f"sea_dog card {self.id}: params needs {key!r}") from None


@dataclass(frozen=True)
class SeaDogCards:
    reputations: tuple[SeaDogCard, ...]
    tricks: tuple[SeaDogCard, ...]
    rules: Mapping[str, int]

    def trick_index(self, card_id: str) -> int | None:
        """A Dirty Trick's index by its id, ``None`` if this set has no such card."""
        return next((t.index for t in self.tricks if t.id == card_id), None)

    def reputation_index(self, card_id: str) -> int | None:
        return next((r.index for r in self.reputations if r.id == card_id), None)


def builtin_sea_dog() -> JSON:
    """The built-in house records (``data/sea_dog.json``)."""
    import json

    text = resources.files(__package__ + ".data").joinpath("sea_dog.json").read_text("utf-8")
    return json.loads(text)


def _fail(entry: str, why: str) -> DataFileError:
    return DataFileError(f"data file entry sea_dog.{entry}: {why}")


def _window_ok(code: object) -> bool:
    if not isinstance(code, str):
        return False
    if code.startswith("OWN_DECLARE:"):
        return code.split(":", 1)[1] in DECLARABLE
    return code in WINDOWS


def _card(raw: JSON, i: int, index: int) -> SeaDogCard:
    name = f"cards[{i}]"
    if not isinstance(raw, Mapping):
        raise _fail(name, "must be an object")
    for key in FIELDS:
        if key not in raw:
            raise _fail(name, f"needs {key!r}")
    if raw["kind"] not in KINDS:
        raise _fail(f"{name}.kind", f"must be one of {', '.join(KINDS)}")
    if raw["cost"] not in COSTS:
        raise _fail(f"{name}.cost", f"must be one of {', '.join(COSTS)}")
    windows = raw["window"]
    if not isinstance(windows, list) or not all(_window_ok(w) for w in windows):
        raise _fail(f"{name}.window", "must be a list of window codes (house cards §1)")
    uses = raw["uses"]
    if not isinstance(uses, int) or isinstance(uses, bool) or not 0 <= uses <= 9:
        raise _fail(f"{name}.uses", "must be a whole number from 0 to 9")
    if raw["kind"] == "dirty_trick" and (uses < 1 or not windows):
        raise _fail(name, "a Dirty Trick needs a window and at least 1 use")
    params = raw.get("params", {})
    if not isinstance(params, Mapping) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in params.values()
    ):
        raise _fail(f"{name}.params", "must map names to whole numbers")
    for key in ("id", "name", "category", "requires", "effect"):
        if not isinstance(raw[key], str) or not raw[key]:
            raise _fail(f"{name}.{key}", "must be a non-empty string")
    return SeaDogCard(
        index,
        raw["id"],
        raw["kind"],
        raw["name"],
        raw["category"],
        tuple(windows),
        raw["cost"],
        uses,
        raw["requires"],
        raw["effect"],
        dict(params),
    )


def parse_sea_dog(raw: JSON) -> SeaDogCards:
    """Check the module's records and build :class:`SeaDogCards`; a bad entry is named."""
    if not isinstance(raw, Mapping):
        raise DataFileError("data file entry sea_dog: must be an object")
    rules_raw = raw.get("rules")
    if not isinstance(rules_raw, Mapping):
        raise _fail("rules", "must be an object")
    rules = {}
    for key in DRAFT_RULES:
        value = rules_raw.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 9:
            raise _fail(f"rules.{key}", "must be a whole number from 1 to 9")
        rules[key] = value
    records = raw.get("cards")
    if not isinstance(records, list):
        raise _fail("cards", "must be a list")
    counts = {"reputation": 0, "dirty_trick": 0}
    cards = []
    for i, record in enumerate(records):
        kind = record.get("kind") if isinstance(record, Mapping) else None
        cards.append(_card(record, i, counts.get(kind, 0) if isinstance(kind, str) else 0))
        if kind in counts:
            counts[kind] += 1
    if len({c.id for c in cards}) != len(cards):
        raise _fail("cards", "ids must be distinct")
    reputations = tuple(c for c in cards if c.kind == "reputation")
    tricks = tuple(c for c in cards if c.kind == "dirty_trick")
    if len(reputations) < 2 * rules["reputations_offered"]:
        raise _fail("cards", "too few Reputations to offer each captain their share")
    if len(tricks) < 2 * rules["trick_rounds"] * rules["tricks_offered"]:
        raise _fail("cards", "too few Dirty Tricks for the draft")
    if rules["reputations_kept"] != 1 or rules["tricks_kept_per_round"] != 1:
        raise _fail("rules", "Quarterdeck plays keep-1 drafts (rulebook)")
    return SeaDogCards(reputations, tricks, rules)
