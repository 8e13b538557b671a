"""Views drawn part by part as a bot reads them (``State.bot_view``)."""

from __future__ import annotations

from typing import Any

JSON = Any


class LazyView(dict[str, JSON]):
    """A view whose parts are drawn the first time they are read. Bots read a few
    parts of a view thousands of times a second; drawing only those is much quicker
    than drawing it all. Read it by key, ``get`` or ``in``, at once (it draws from the
    live state); iterating, comparing or dumping it sees only the parts drawn so far.
    Keys a bot stores for itself start with ``_``: no part does. A game may hand
    several views one drawing of a part (a search meets the same ones again and
    again), so a bot never writes into a part."""

    __slots__ = ()

    def _draw(self, key: str) -> JSON:
        """The part called ``key``; ``KeyError`` if there is none."""
        raise KeyError(key)

    def _has_part(self, key: object) -> bool:
        return False

    def __missing__(self, key: str) -> JSON:
        value = self[key] = self._draw(key)
        return value

    def get(self, key: str, default: JSON = None) -> JSON:
        return self[key] if self._has_part(key) else dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        return self._has_part(key) or dict.__contains__(self, key)
