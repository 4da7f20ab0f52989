"""Tests of keythedral.words, the words players read: narration, actions described, the
walkthrough and the rules text."""
