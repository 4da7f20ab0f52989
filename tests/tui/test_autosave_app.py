"""The app and its autosave: stale temporary files go when a game starts (or the new-game screen
opens), quitting leaves the snapshot alone, and a failing disk is said.  (The resume offer of a game whose last actions are
in the journal only: test_app.py.)"""

from __future__ import annotations

from pathlib import Path

from keythedral.records import persistence
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.new_game import NewGameScreen
from tests.support.notices import notices
from tests.support.tui_helpers import config, make_app

SIZE = (100, 32)


async def test_a_game_starts_without_stale_files_and_quits_leaving_the_snapshot(
    _data_dir: Path,
) -> None:
    _data_dir.mkdir()
    stale = [_data_dir / ".autosave.json.q1w2e3r4.tmp", _data_dir / ".autosave.journal.x.tmp"]
    for p in stale:
        p.write_bytes(b"{" * 4096)
    app = make_app(config(), autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not any(p.exists() for p in stale)
        await pilot.press("enter")  # a cottage placed
        await pilot.pause()
        assert app.session is not None and len(app.session.actions) == 1
        # The move is on disk at once (in the journal, and soon in the snapshot too).
        assert len(persistence.load(persistence.autosave_path()).actions) == 1
    assert [p.name for p in _data_dir.iterdir()] == ["autosave.json"]
    assert len(persistence.load(persistence.autosave_path()).actions) == 1


async def test_the_new_game_screen_removes_stale_files_too(_data_dir: Path) -> None:
    """No game started: what killed writes left goes all the same (once this app autosaves),
    and a save being written by another Keythedral right now is left alone."""
    (_data_dir / "saves").mkdir(parents=True)
    stale = _data_dir / ".autosave.json.q1w2e3r4.tmp"
    other = _data_dir / "saves" / ".Friday.json.a1b2c3d4.tmp"
    for p in (stale, other):
        p.write_bytes(b"{" * 4096)
    for autosave in (False, True):
        app = KeythedralApp(animations=False, autosave=autosave)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await app.workers.wait_for_complete()
            assert isinstance(app.screen, NewGameScreen)
            assert stale.exists() is not autosave and other.exists()


async def test_an_autosave_that_cannot_be_written_is_said(tmp_path: Path) -> None:
    """Said when the game begins, and not again at each move of the same player."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app = make_app(config(), autosave=True, data_dir=blocker / "data")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not None and len(app.session.actions) == 1  # play goes on
        told = [n for n in notices(app) if n.title == "Autosave failed"]
        assert len(told) == 1
        assert "Could not write" in told[0].message and "not being saved" in told[0].message
