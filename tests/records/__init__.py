"""Tests of keythedral.records: saves, the journal and autosave, replays, the log, fault records."""
