"""Tests of keythedral.bots: the computer players and the coach."""
