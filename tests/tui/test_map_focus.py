"""`m` brings the map back; the keyboard goes to it only when there is something to choose there
(issue 27: after `g` then `m`, Enter on the map only said "Nothing to choose on the
map now", 150 times)."""

from __future__ import annotations

from keythedral.records.persistence import SavedGame
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from tests.support.driver import past_handover
from tests.support.tui_helpers import config, make_app, mid_game, saved_game


def bidding() -> SavedGame:
    """Round 1's bidding, a bid to make: nothing to choose on the map."""
    return saved_game(
        config(3, no_laws=True), lambda s: s.phase == "bidding" and s.bidding is not None
    )


async def test_with_nothing_to_choose_on_the_map_m_leaves_the_keyboard_with_the_list() -> None:
    app = make_app(saved=bidding())
    async with app.run_test(size=(80, 24)) as pilot:
        await past_handover(pilot)
        before = app.session.state
        await pilot.press("g", "m")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(FieldMap).display
        assert screen.focused is screen.query_one(DecisionPanel).option_list
        await pilot.press("enter")  # acts: the highlighted line is played
        await pilot.pause()
        assert app.session.state is not before


async def test_with_fields_to_choose_m_gives_the_keyboard_to_the_map() -> None:
    app = make_app(saved=mid_game())
    async with app.run_test(size=(80, 24)) as pilot:
        await past_handover(pilot)
        await pilot.press("g", "m")
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one(FieldMap)
