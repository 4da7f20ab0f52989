"""The new-game screen offers the strength levels (easy, normal, hard) and says what each is."""

from __future__ import annotations

from textshot import screen_text
from textual.widgets import Select

from keythedral.bots import DESCRIPTIONS
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.new_game import NewGameScreen


async def test_a_level_chosen_for_a_seat_is_described_in_a_line() -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=9, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert "searches ahead" not in screen_text(app)  # no line until a level is chosen
        screen.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        assert screen.seats() == ("human", "hard", "human")
        assert f"hard: {DESCRIPTIONS['hard']}"[:60] in screen_text(app)
        screen.query_one("#kind-2", Select).value = "easy"
        await pilot.pause()
        assert screen.seats() == ("human", "hard", "easy")
        assert "easy: greedy's rules of thumb" in screen_text(app)
