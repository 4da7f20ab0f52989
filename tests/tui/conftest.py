from __future__ import annotations

import asyncio
import inspect
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from keythedral import lang
from tests.support import pseudo_screen

#: ``KEYTHEDRAL_TEST_LANG=pseudo pytest tests/tui`` runs the app's tests in the pseudo-language
#: (docs/i18n.md): every message bracketed and 40% longer, so a word that escaped translation
#: or a line that no longer fits shows.  Tests that hold English layout (snapshots, exact
#: lines) say so with ``@pytest.mark.english``.
TEST_LANG = os.environ.get("KEYTHEDRAL_TEST_LANG", "")


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


@pytest.fixture(autouse=True)
def _test_language(request: pytest.FixtureRequest) -> Iterator[None]:
    """The language of the run (KEYTHEDRAL_TEST_LANG): English unless one is asked for."""
    if TEST_LANG and request.node.get_closest_marker("english") is not None:
        pytest.skip("holds English words or layout")
    if TEST_LANG:
        lang.use(TEST_LANG)
    pseudo_screen.FOUND.clear()
    yield
    found, pseudo_screen.FOUND[:] = list(pseudo_screen.FOUND), []
    assert not found, "\n".join(found)
