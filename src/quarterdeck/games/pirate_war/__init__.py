"""Pirate War (Ian Milnes, Warpspawn Games): 2-6 pirate ships on a hex map."""
