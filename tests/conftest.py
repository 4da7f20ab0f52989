"""Fixtures every folder of the suite may use; the app's own are in tests/tui/conftest.py."""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

import keythedral
from keythedral import lang
from tests.support import ROOT
from tests.support.cli import FakeApp
from tests.support.install import differences, shipped_files, stale_message


def pytest_configure(config: pytest.Config) -> None:
    """Stop at once when the installed game is not the one in src/ (an edit since the last
    install of the compiled build): the tests would run the old build."""
    installed = Path(keythedral.__file__).parent
    changed = differences(ROOT / "src" / "keythedral", installed, shipped_files(ROOT))
    if changed:
        raise pytest.UsageError(stale_message(changed))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """``KEYTHEDRAL_TEST_SHARE=k/n`` keeps the k-th of n shares of the tests (by a hash of
    each test's id, so a share is the same from run to run): CI's pseudo-language pass over
    the app's tests (.ci/run) takes one half a commit, the commit choosing which."""
    share = os.environ.get("KEYTHEDRAL_TEST_SHARE")
    if not share:
        return
    k, n = (int(part) for part in share.split("/"))
    dropped = [item for item in items if zlib.crc32(item.nodeid.encode()) % n != k]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if zlib.crc32(item.nodeid.encode()) % n == k]


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The suite reads English whatever the machine's locale (the command line chooses the
    environment's language, tests/cli/test_cli_lang.py), and a test that changes the language
    leaves English behind it."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    lang.use("en")


@pytest.fixture(autouse=True)
def _no_settle_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests press keys as quick as the machine goes, in the app (Pilot) and in a terminal (the
    environment is the program's): no settle time after a hand-over or another's move unless
    a test gives one (tests/tui/test_typed_ahead.py).  A key pressed before its screen was up
    is still held back."""
    monkeypatch.setenv("KEYTHEDRAL_SETTLE", "0")


@pytest.fixture(autouse=True)
def _quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach gives greedy's move at once, in the screen's thread: the suite's many games
    stay quick and their screens the same from run to run.  The coach's search, and the app
    waiting for it, have tests of their own (tests/tui/test_coach_advice.py), which set it
    back."""
    monkeypatch.setenv("KEYTHEDRAL_COACH", "quick")


@pytest.fixture
def pseudo() -> None:
    """The pseudo-language for one test (docs/i18n.md); ``_english`` puts English back after
    it."""
    lang.use(lang.PSEUDO)


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saves, the autosave and replays go to ``tmp_path`` (KEYTHEDRAL_DATA_DIR), never the
    user's folder.  (The app's tests have their own, tests/tui/conftest.py.)"""
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_dir: Path) -> type[FakeApp]:
    """The command line starts a ``FakeApp`` instead of the Textual app, with data in
    ``tmp_path`` and settings (keys.toml) in ``tmp_path / "config"``, never the user's."""
    monkeypatch.setenv("KEYTHEDRAL_CONFIG_DIR", str(tmp_path / "config"))
    import keythedral.tui.app as app_module

    monkeypatch.setattr(app_module, "KeythedralApp", FakeApp)
    FakeApp.forget()
    return FakeApp
