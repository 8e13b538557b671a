"""BroadSides: two captains duel with Aim cards, cannons, shots and crew."""

from .game import BroadSides
from .state import BroadSidesState

__all__ = ["BroadSides", "BroadSidesState"]
