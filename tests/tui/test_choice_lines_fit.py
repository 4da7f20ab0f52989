"""Every choice line fits its column at 80x24, whole, also when the list scrolls (issue 27:
lines that wrapped lost words, "…seat worth" with no number, the "+" of "1 wood + 1 stone", the
"e" of "home": the list was wrapped for a 1-column scroll bar and drawn with a 2-column one).
Three whole games, every decision of every phase."""

from __future__ import annotations

import random

import pytest

from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.decision import ChoiceOption, DecisionPanel
from tests.support.tui_helpers import choose, config, make_app


@pytest.mark.parametrize("seed", [5, 6, 7])
async def test_every_choice_line_of_a_whole_game_fits_its_column_at_80_columns(seed: int) -> None:
    app = make_app(config(seed), strict_privacy=False)
    rng = random.Random(seed)
    scrolled = checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        for _ in range(3000):
            await pilot.pause()
            if session is None or session.over:
                break
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
                continue
            panel = app.screen.query_one(DecisionPanel)
            ol = panel.option_list
            room = ol.scrollable_content_region.width
            scrolled += ol.show_vertical_scrollbar
            for option in ol.options:
                assert isinstance(option, ChoiceOption)
                for line in option.lines:
                    checked += 1
                    assert line.cell_length <= room, (line.plain, room)
            app.play(choose(session.state, rng))
    assert session is not None and session.over  # to the end of the game
    assert checked > 1500 and scrolled  # lists long enough to scroll were among them
