"""Tests of keythedral.tutorial: the script, driven through the engine."""
