"""Notes (a save, autosave trouble, an unfinished game kept) never cover the list of choices."""

from __future__ import annotations

from driver import hand_over
from textual.widgets._toast import Toast
from tui_helpers import config, make_app, saved_game

from keythedral import engine
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.decision import DecisionPanel


async def test_a_note_comes_up_beside_the_choices_not_over_them() -> None:
    saved = saved_game(config(3), lambda s: engine.decision(s) == "spend")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await hand_over(pilot, app)
        app.notify("Saved as a-game-with-a-rather-long-name-to-show.", title="Saved")
        await pilot.pause(0.3)
        toasts = list(app.screen.query(Toast))
        assert toasts
        panel = app.screen.query_one(DecisionPanel).region
        for toast in toasts:
            assert not toast.region.overlaps(panel), (toast.region, panel)
