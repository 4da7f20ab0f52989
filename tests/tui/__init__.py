"""Tests of keythedral.tui: the app under Pilot, its screens and widgets, and the real program
in a terminal."""
