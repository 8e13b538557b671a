"""Merchants & Marauders (Z-Man 2010): 2–4 captains trade, raid and seek glory in the
Caribbean."""
