from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _no_settle_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests press keys as quick as the machine goes, in the app (Pilot) and in a terminal (the
    environment is the program's): no settle time after a hand-over or another's move unless
    a test gives one (tests/tui/test_typed_ahead.py).  A key pressed before its screen was up
    is still held back."""
    monkeypatch.setenv("KEYTHEDRAL_SETTLE", "0")
