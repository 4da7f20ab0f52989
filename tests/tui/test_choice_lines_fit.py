"""Every choice line fits its column at 80x24, whole, also when the list scrolls (issue 27:
lines that wrapped lost words, "…seat worth" with no number, the "+" of "1 wood + 1 stone", the
"e" of "home": the list was wrapped for a 1-column scroll bar and drawn with a 2-column one)."""

from __future__ import annotations

import random

from tui_helpers import choose, config, make_app

from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.decision import ChoiceOption, DecisionPanel


async def test_every_choice_line_of_a_game_fits_its_column_at_80_columns() -> None:
    app = make_app(config(3), strict_privacy=False)
    rng = random.Random(5)
    scrolled = checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        session = app.session
        for _ in range(400):
            await pilot.pause()
            if session is None or session.over or session.state.round > 2:
                break
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
                continue
            panel = app.screen.query_one(DecisionPanel)
            ol = panel.option_list
            room = ol.scrollable_content_region.width
            scrolled += ol.show_vertical_scrollbar
            for i in range(ol.option_count):
                option = ol.get_option_at_index(i)
                assert isinstance(option, ChoiceOption)
                for line in option.lines.lines:
                    checked += 1
                    assert line.cell_length <= room, (line.plain, room)
            app.play(choose(session.state, rng))
    assert checked > 500 and scrolled  # lists long enough to scroll were among them
