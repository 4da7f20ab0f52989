"""The new-game screen offers the strength levels (easy, normal, hard) and says what each is."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from keythedral import lang
from keythedral.bots import DESCRIPTIONS
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.new_game import SEAT_KINDS, NewGameScreen
from tests.support.textshot import screen_text, words_in


async def test_a_level_chosen_for_a_seat_is_described_in_a_line() -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=9, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert "hard:" not in screen_text(app)  # no line until a level is chosen
        screen.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        assert screen.seats() == ("human", "hard", "human")
        assert (
            "hard: the strongest: thinks up to a second a move; beats normal most games"
            in words_in(app, "#level-note")
        )
        screen.query_one("#kind-2", Select).value = "easy"
        await pilot.pause()
        assert screen.seats() == ("human", "hard", "easy")
        assert "easy: plays sensibly but slips about one move in five" in words_in(
            app, "#level-note"
        )


def test_a_level_is_described_in_a_players_words() -> None:
    """How it plays and how strong it is: no algorithm's name."""
    for level in ("easy", "normal", "hard"):
        words = DESCRIPTIONS[level].lower()
        for code in ("greedy", "ismcts", "heuristic", "search", "monte carlo", "rules of thumb"):
            assert code not in words, (level, words)


@pytest.mark.parametrize("code", ["en", "fr", "nl"])
async def test_each_seat_kind_shows_its_words_whole_in_its_drop_down(code: str) -> None:
    """A seat's drop-down (about 12 columns) may take a second row for a long kind, but never
    folds a word ("willekeurig / e bot")."""
    lang.use(code)
    app = KeythedralApp(animations=False, autosave=False, seed=9, bot_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seat = app.screen.query_one("#kind-1", Select)
        for label, kind in SEAT_KINDS:
            seat.value = kind
            await pilot.pause()
            shown = words_in(app, seat).split()
            assert all(word in shown for word in lang._(label).split()), (lang._(label), shown)
