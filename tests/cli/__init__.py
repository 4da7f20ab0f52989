"""Tests of keythedral.cli: the play, simulate, serve, host and join commands and their
parsers."""
