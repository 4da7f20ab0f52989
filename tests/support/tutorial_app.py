"""The tutorial in the app: opened on a folder of its own, or saved part-way through the engine
first (tests/tui/test_tutorial_app.py, test_tutorial_small.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.tutorial import TutorialMode, TutorialScreen
from keythedral.tutorial import Tutorial, tutorial_path
from tests.support.notices import notices


def tutorial_app(data: Path) -> KeythedralApp:
    app = KeythedralApp(start=Start(tutorial=True), data_dir=data, autosave=False, animations=False)
    notices(app)  # what it notifies is recorded from the start
    return app


async def opened(pilot: Pilot[Any], app: KeythedralApp) -> Tutorial:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert isinstance(app.mode, TutorialMode) and isinstance(app.screen, TutorialScreen)
    return app.mode.tutorial


def screen_of(app: KeythedralApp) -> TutorialScreen:
    screen = app.screen
    assert isinstance(screen, TutorialScreen), screen
    return screen


def tutorial_at(data: Path, stop: Any) -> None:
    """Save the tutorial played through the engine (every step as asked) up to ``stop``."""
    t = Tutorial()
    while not stop(t):
        t.run()
        step = t.step()
        assert t.acknowledge() if step.kind == "note" else t.attempt(step.action).ok
    t.save(tutorial_path(data))
