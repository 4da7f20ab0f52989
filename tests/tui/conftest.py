from __future__ import annotations

import asyncio
import inspect
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every app test saves into its own temporary folder and reads its settings (keys.toml)
    from another, never the user's: what a player set up must not change what tests see.
    The user's NO_COLOR is dropped too (the tests that want it set it), and the terminal is
    a true-colour one wherever the tests run (the map picks its palette by the terminal)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(folder))
    monkeypatch.setenv("KEYTHEDRAL_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("COLORTERM", "truecolor")
    return folder


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run ``async def`` tests in a fresh event loop (no asyncio plugin is needed)."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
        return True
    return None
