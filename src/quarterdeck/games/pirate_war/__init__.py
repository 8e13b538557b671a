"""Pirate War (Ian Milnes, Warpspawn Games): 2-6 pirate ships on a hex map, with
wind, ramming, boarding, ports and forts."""

from .game import PirateWar
from .state import PirateWarState

__all__ = ["PirateWar", "PirateWarState"]
