"""Tests of keythedral.engine: the rules."""
