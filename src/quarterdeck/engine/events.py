"""The public event log, with per-seat redaction.

An event has a public part that every seat (and a spectator) sees, and secret parts
that only named seats see: e.g. "Red launches a ship on treasure 7" is public, "it is
armed" is Red's alone.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any, Final

JSON = Any


#: Canonical JSON (sorted keys, no spaces): one encoder made once, since ``json.dumps``
#: with options builds a new encoder every call, which cost more than the encoding of
#: a small event (information digests encode every event as each seat saw it).
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


#: ``JSONEncoder.encode`` still makes the C accelerator's encoder anew on every call;
#: that encoder can be kept and called again (made as ``_CANONICAL`` would make it,
#: without the check for circular references: a log or a view is a tree), which makes
#: a small event's encoding about 1.5 times quicker. Where the accelerator is missing
#: (other interpreters), ``_CANONICAL`` encodes.
def _kept_c_encoder() -> Callable[[object, int], Any] | None:
    try:
        from _json import encode_basestring_ascii, make_encoder
    except ImportError:
        return None
    return make_encoder(
        None,  # markers: no check for circular references
        _CANONICAL.default,
        encode_basestring_ascii,
        None,  # indent: none
        ":",
        ",",
        True,  # sort_keys
        False,  # skipkeys
        True,  # allow_nan, as json.dumps
    )


_C_ENCODER = _kept_c_encoder()


def canonical_json(value: JSON) -> str:
    """``value`` as canonical JSON: equal for equal JSON-like values, whatever the
    order of their keys or whether a sequence is a list or a tuple."""
    if _C_ENCODER is None:
        return _CANONICAL.encode(value)
    return "".join(_C_ENCODER(value, 0))


#: Values a copy of JSON-like data takes as they are (immutable, and the most common).
_ATOMS = frozenset({int, str, float, bool, type(None)})


def plain_copy(value: JSON) -> JSON:
    """A deep copy of JSON-like data, so that no view shares a list with the state.
    Every view copies its whole log through here, so plain values are passed over
    without a call (10-30 times faster on a long log than a call per value)."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOMS else plain_copy(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOMS else plain_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain_copy(v) for v in value]
    return value


class Event:
    """One thing that happened: ``kind``, the public ``data`` and each seat's
    ``secret`` part. Never changed once made (``Final``: the type checker refuses an
    assignment). A plain class, not a frozen dataclass: ``dataclasses`` writes a frozen
    class's ``__init__`` in Python, which the compiled build then runs interpreted, about
    once a decision."""

    __slots__ = ("_public", "data", "kind", "secret")

    def __init__(
        self,
        kind: str,
        data: Mapping[str, JSON],
        secret: Mapping[int, Mapping[str, JSON]] | None = None,
    ) -> None:
        self.kind: Final = kind
        self.data: Final = data
        self.secret: Final[Mapping[int, Mapping[str, JSON]]] = {} if secret is None else secret
        # The public part's canonical bytes, once asked: every seat without a secret in
        # the event, and a spectator, sees these (an information digest per seat).
        self._public: bytes | None = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.data, self.secret) == (other.kind, other.data, other.secret)

    __hash__ = None  # type: ignore[assignment]  # equal by value, and the value is mutable

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r}, secret={self.secret!r})"

    def for_seat(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` sees of this event (``None``: a spectator)."""
        out: dict[str, JSON] = {"kind": self.kind, **self.data}
        if seat is not None and seat in self.secret:
            out.update(self.secret[seat])
        return plain_copy(out)  # type: ignore[no-any-return]

    def seen_bytes(self, seat: int | None) -> bytes:
        """What ``seat`` sees of this event as canonical bytes (sorted keys, no spaces):
        equal for two events exactly when the seat cannot tell them apart."""
        if seat is None or seat not in self.secret:
            public = self._public
            if public is None:
                public = self._public = canonical_json({"kind": self.kind, **self.data}).encode()
            return public
        seen = {"kind": self.kind, **self.data}
        seen.update(self.secret[seat])
        return canonical_json(seen).encode()

    def kept_for(self, seat: int | None) -> Event:
        """This event with only ``seat``'s secret part (``None``: none at all)."""
        if all(owner == seat for owner in self.secret):
            return self
        kept = {seat: self.secret[seat]} if seat is not None and seat in self.secret else {}
        return Event(self.kind, self.data, kept)

    def revealed(self) -> dict[str, JSON]:
        """Everything, secrets included: only for replays of finished games."""
        out: dict[str, JSON] = {"kind": self.kind, **self.data}
        for part in self.secret.values():
            out.update(part)
        return plain_copy(out)  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"kind": self.kind, "data": plain_copy(self.data)}
        if self.secret:
            out["secret"] = {str(seat): plain_copy(part) for seat, part in self.secret.items()}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Event:
        secret = {int(seat): plain_copy(part) for seat, part in data.get("secret", {}).items()}
        return cls(data["kind"], plain_copy(data["data"]), secret)


def chain(digest: bytes, part: bytes) -> bytes:
    """The running digest of a seat's information after one more part of it (an event
    as it saw it): 16 bytes of BLAKE2b over the digest so far and the part, so the
    digest names the whole sequence and costs only the new part to extend."""
    return hashlib.blake2b(digest + part, digest_size=16).digest()
