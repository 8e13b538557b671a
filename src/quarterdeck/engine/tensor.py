"""Observation tensors: a seat's view as a fixed-shape vector of numbers.

Learning agents need numbers, not JSON. Each game describes its observation as named
fields (:class:`TensorField`), each a block of the flat vector with a shape, and its
states write a seat's observation into a zero-filled buffer (any object that takes
``buffer[i] = value``: a NumPy array, a list). The engine itself stays free of NumPy;
the adapters in ``quarterdeck.interop`` supply the arrays.

An observation holds only what the seat may know: the same for every state that
``State.resample`` may draw for that seat (the contract tests check it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Buffer(Protocol):
    """Where an observation is written: a zero-filled, flat, writable sequence."""

    def __getitem__(self, index: int, /) -> Any: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


@dataclass(frozen=True)
class TensorField:
    """One named block of an observation: its shape and what its numbers mean."""

    name: str
    shape: tuple[int, ...]
    help: str
    high: float = 1.0  # every number lies in [0, high]

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class TensorLayout:
    """The fields of an observation, laid end to end: ``offset[name]`` is where a
    field starts in the flat vector, ``size`` the length of the whole vector."""

    __slots__ = ("fields", "offset", "size")

    def __init__(self, fields: Iterable[TensorField]) -> None:
        self.fields: tuple[TensorField, ...] = tuple(fields)
        self.offset: dict[str, int] = {}
        at = 0
        for f in self.fields:
            if f.name in self.offset:
                raise ValueError(f"two observation fields are called {f.name!r}")
            self.offset[f.name] = at
            at += f.size
        self.size = at

    def __getitem__(self, name: str) -> int:
        return self.offset[name]

    def split(self, vector: Sequence[float]) -> dict[str, list[float]]:
        """A flat vector cut back into its fields (for people and tests)."""
        return {
            f.name: list(vector[self.offset[f.name] : self.offset[f.name] + f.size])
            for f in self.fields
        }

    def describe(self) -> list[tuple[str, str, int, str]]:
        """(name, shape, offset, meaning) of every field: the documented encoding."""
        return [
            (f.name, "×".join(map(str, f.shape)), self.offset[f.name], f.help) for f in self.fields
        ]


def scatter(out: Buffer, ones: Sequence[int], at: Sequence[int], values: Sequence[float]) -> None:
    """Write 1 at every index of ``ones`` and ``values[k]`` at ``at[k]``. (Writing into
    an ``array.array("f")`` and viewing it with ``numpy.frombuffer`` is several times
    quicker than writing into a NumPy array number by number: the adapters do that.)"""
    for i in ones:
        out[i] = 1.0
    for i, v in zip(at, values, strict=True):
        out[i] = v
