"""Letter of Marque's component data, read from ``data/components.json``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from quarterdeck.engine import DataFileError

SOURCES = ("publisher", "house")


@dataclass(frozen=True)
class Components:
    treasure_values: tuple[int, ...]
    armed_ships: int
    defenceless_ships: int
    cannons: int
    colours: tuple[str, ...]

    @property
    def ships(self) -> int:
        return self.armed_ships + self.defenceless_ships


def _entry(raw: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    entry = raw.get(key)
    if not isinstance(entry, Mapping):
        raise DataFileError(f"data file entry {key!r} is missing or not an object")
    if entry.get("source") not in SOURCES:
        raise DataFileError(f"data file entry {key!r} needs a source: 'publisher' or 'house'")
    return entry


def _count(entry: Mapping[str, Any], key: str, field: str, low: int) -> int:
    value = entry.get(field)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise DataFileError(f"data file entry {key}.{field} must be an integer ≥ {low}")
    return value


def parse_components(raw: Any) -> Components:
    """Check the data file and build :class:`Components`; a bad entry is named."""
    if not isinstance(raw, Mapping):
        raise DataFileError("the data file must hold a JSON object")
    values = _entry(raw, "treasures").get("values")
    if (
        not isinstance(values, list)
        or not values
        or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values)
        or len(set(values)) != len(values)
    ):
        raise DataFileError("data file entry treasures.values must be distinct integers ≥ 0")
    ships = _entry(raw, "ships")
    armed = _count(ships, "ships", "armed", 0)
    defenceless = _count(ships, "ships", "defenceless", 0)
    if armed + defenceless != len(values):
        raise DataFileError(
            "data file entry ships: armed + defenceless must equal the number of treasures "
            f"({len(values)}), since every ship sails on one treasure"
        )
    cannons = _count(_entry(raw, "cannons"), "cannons", "count", 0)
    colours = raw.get("colours")
    if not isinstance(colours, list) or len(colours) < 6:
        raise DataFileError("data file entry colours must list 6 player colours")
    names = []
    for i, colour in enumerate(colours):
        if not isinstance(colour, Mapping) or not isinstance(colour.get("name"), str):
            raise DataFileError(f"data file entry colours[{i}] needs a name")
        if colour.get("source") not in SOURCES:
            raise DataFileError(f"data file entry colours[{i}] needs a source")
        names.append(colour["name"])
    if len(set(names)) != len(names):
        raise DataFileError("data file entry colours: names must be distinct")
    return Components(tuple(sorted(values)), armed, defenceless, cannons, tuple(names))
