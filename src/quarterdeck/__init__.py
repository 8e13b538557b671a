"""Quarterdeck: a digital tabletop for age-of-sail naval board games."""

__version__ = "0.1.0"
