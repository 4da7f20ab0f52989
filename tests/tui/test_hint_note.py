"""The hint key's note sits above the list of choices, never over it, and goes with the
decision it was for (it must not outlive it into the next player's turn)."""

from __future__ import annotations

import pytest

from keythedral import engine
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.decision import DecisionPanel
from tests.support.driver import hand_over
from tests.support.notices import notices
from tests.support.textshot import screen_text
from tests.support.tui_helpers import config, make_app, saved_game


@pytest.mark.english  # three rows of choices left under the English hint at 80x24
async def test_the_hint_is_above_the_choices_and_clears_with_the_decision() -> None:
    saved = saved_game(config(3), lambda s: engine.decision(s) == "spend")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await hand_over(pilot, app)
        await pilot.press("i")
        await pilot.pause()
        assert not notices(app)  # no pop-up note over the screen
        panel = app.screen.query_one(DecisionPanel)
        note = panel.query_one("#hint")
        assert note.display and "Hint:" in str(note.render())
        listing = panel.option_list.region
        assert note.region.bottom <= listing.y  # above the list, not over it
        assert listing.height >= 3  # the choices still show
        assert "Why:" in screen_text(app)
        await pilot.press("enter")  # the decision is made: the hint goes with it
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            assert "Why:" not in screen_text(app)
            await hand_over(pilot, app)
        assert "Why:" not in screen_text(app)
