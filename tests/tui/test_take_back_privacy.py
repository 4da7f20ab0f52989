"""Taking back at the next person's privacy screen hands the keyboard back first: `u` there (which
whoever holds the keyboard can press) brings a privacy screen for the last person, and only
their Enter on it takes the action back and shows their hand; Esc goes on with the hand-over."""

from __future__ import annotations

from typing import Any

import pytest

from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from tests.support.driver import started, take
from tests.support.textshot import screen_text
from tests.support.tui_helpers import ann_spends, config, make_app, saved_game

SIZE = (100, 32)
ANNS_HAND = "Ann's screen (private)"


def privacy(app: Any) -> HandoverScreen:
    screen = app.screen
    assert isinstance(screen, HandoverScreen), screen
    return screen


async def test_u_on_the_next_persons_screen_hands_the_keyboard_back_before_the_hand_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        assert app.keyboard == 0 and ANNS_HAND in screen_text(app)
        ann_pass = next(a for a in session.legal_for(0) if a.kind == "pass")
        await take(pilot, app, ann_pass)
        await pilot.pause()
        assert privacy(app).player == "Bob" and privacy(app).undo_name == "Ann"
        assert session.actions[-1] == ann_pass
        # Every board drawn from here until Ann answers her own privacy screen: whose hand.
        drawn: list[int | None] = []
        original = GameScreen.refresh_game

        def refresh_game(self: GameScreen) -> None:
            drawn.append(app.hand_up)
            original(self)

        monkeypatch.setattr(GameScreen, "refresh_game", refresh_game)

        await pilot.press("u")  # pressed by Bob, say
        await pilot.pause()
        screen = privacy(app)
        text = screen_text(app)
        assert screen.player == "Ann" and "Pass the keyboard back to Ann" in text
        assert "Ann: press Enter to take back your last action" in text
        assert ANNS_HAND not in text and app.hand_up is None and 0 not in drawn
        assert session.actions[-1] == ann_pass  # nothing taken back yet

        await pilot.press("escape")  # not after all: the keyboard goes on to Bob
        await pilot.pause()
        screen = privacy(app)
        assert screen.player == "Bob" and screen.undo_name == "Ann"
        assert session.actions[-1] == ann_pass and 0 not in drawn

        await pilot.press("u")
        await pilot.pause()
        assert privacy(app).player == "Ann" and 0 not in drawn
        await pilot.press("enter")  # Ann, at the keyboard again
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.actions[-1] != ann_pass and session.state.to_act == (0,)
        assert app.keyboard == 0 and app.hand_up == 0
        assert ANNS_HAND in screen_text(app)
