"""Keythedral: Richard Breese's 2002 board game, for the terminal."""

__version__ = "0.2.0"
