"""Merchants & Marauders (Z-Man 2010): 2–4 captains trade, raid and seek glory in the
Caribbean."""

from .game import MerchantsAndMarauders
from .state import MerchantsAndMaraudersState

__all__ = ["MerchantsAndMarauders", "MerchantsAndMaraudersState"]
