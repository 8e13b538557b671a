"""The public event log, with per-seat redaction.

An event has a public part that every seat (and a spectator) sees, and secret parts
that only named seats see: e.g. "Red launches a ship on treasure 7" is public, "it is
armed" is Red's alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

JSON = Any


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    data: Mapping[str, JSON]
    secret: Mapping[int, Mapping[str, JSON]] = field(default_factory=dict)

    def for_seat(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` sees of this event (``None``: a spectator)."""
        out: dict[str, JSON] = {"kind": self.kind, **self.data}
        if seat is not None and seat in self.secret:
            out.update(self.secret[seat])
        return out

    def revealed(self) -> dict[str, JSON]:
        """Everything, secrets included: only for replays of finished games."""
        out: dict[str, JSON] = {"kind": self.kind, **self.data}
        for part in self.secret.values():
            out.update(part)
        return out

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"kind": self.kind, "data": dict(self.data)}
        if self.secret:
            out["secret"] = {str(seat): dict(part) for seat, part in self.secret.items()}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Event:
        secret = {int(seat): dict(part) for seat, part in data.get("secret", {}).items()}
        return cls(data["kind"], dict(data["data"]), secret)
