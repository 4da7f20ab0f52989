"""Wide terminals use their width: a wider side column (choices wrapped to it) and the recent
events under the choices; 80x24 and 100x32 keep their columns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from keythedral import engine
from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from keythedral.tui.widgets.panels import RECENT_LEAST, EventLog, side_width
from tests.support.driver import hand_over, press_choice, started, take
from tests.support.textshot import screen_text
from tests.support.tui_helpers import config, make_app, saved_game


def game_screen(app: KeythedralApp) -> GameScreen:
    screen = app.game_screen
    assert isinstance(screen, GameScreen)
    return screen


def shows(widget: Widget) -> bool:
    """On screen: displayed, in a displayed column, with room."""
    return all(w.display for w in widget.ancestors_with_self if isinstance(w, Widget)) and bool(
        widget.region.area
    )


@pytest.mark.parametrize(
    ("size", "side", "recent"),
    [
        ((80, 24), 38, False),
        ((100, 32), 48, False),
        ((160, 30), 56, False),
        ((160, 48), 56, True),
        ((200, 60), 66, True),
    ],
)
async def test_the_side_column_and_the_recent_events_by_the_terminals_size(
    size: tuple[int, int], side: int, recent: bool
) -> None:
    app = make_app(config(3))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert side_width(size[0]) == side
        assert screen.query_one("#side").region.width == side
        assert screen.query_one(FieldMap).region.width == size[0] - side
        log = screen.query_one("#recent", EventLog)
        assert shows(log) is recent
        await pilot.press("1")  # a field laid: the recent events tell it
        await pilot.pause()
        if recent:
            assert log.region.x >= screen.query_one("#side").region.x
            assert "Ann lays a" in screen_text(app)
        panel = screen.query_one(DecisionPanel)
        room = side - 6  # the border, a scroll bar, the key column
        for choice, option in zip(panel.choices, panel.option_list.options, strict=True):
            rows = len(str(option.prompt).splitlines())
            assert (rows == 1) is (len(choice.text) <= room), (choice.text, rows, room)


async def test_the_tutorial_keeps_its_notes_where_the_recent_events_would_go(
    tmp_path: Path,
) -> None:
    from keythedral.tui.screens.tutorial import TutorialScreen

    app = KeythedralApp(start=Start(tutorial=True), data_dir=tmp_path, animations=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen)
        assert not shows(app.screen.query_one("#recent"))
        assert shows(app.screen.query_one("#lesson"))


def at(decision: str, **variants: Any) -> Any:
    """A game of three at its first ``decision`` of that kind."""
    return saved_game(config(3, **variants), lambda s: engine.decision(s) == decision)


async def on_screen(pilot: Pilot[Any], app: KeythedralApp) -> tuple[GameScreen, EventLog]:
    """The board past a privacy screen: the screen and its recent events."""
    await started(pilot, app)
    await pilot.pause()
    screen = game_screen(app)
    return screen, screen.query_one("#recent", EventLog)


async def test_the_recent_events_take_the_rows_the_choices_leave() -> None:
    """A long phase 3 list shows whole, the recent events in what is left; the short list of
    phase 1 leaves them more."""
    heights = []
    for decision in ("spend", "place_worker"):
        app = make_app(saved=at(decision), strict_privacy=False)
        async with app.run_test(size=(160, 48)) as pilot:
            screen, recent = await on_screen(pilot, app)
            choices = screen.query_one(DecisionPanel).option_list
            assert (len(choices.options) > 10) is (decision == "spend")
            assert choices.virtual_size.height <= choices.region.height, choices.region
            assert recent.region.height >= RECENT_LEAST
            assert recent.region.bottom == screen.query_one("#side").region.bottom
            heights.append(recent.region.height)
    assert heights[1] > heights[0], heights


async def test_the_newest_event_stays_in_sight_as_the_list_grows() -> None:
    """A short list (a kind of action opened) then the whole phase 3 list again: the recent
    events lose rows and still end on the newest."""
    app = make_app(saved=at("spend"), strict_privacy=False)
    async with app.run_test(size=(160, 48)) as pilot:
        screen, recent = await on_screen(pilot, app)
        panel = screen.query_one(DecisionPanel)
        whole = recent.region.height
        group = next(c for c in panel.choices if c.command.startswith("kind:"))
        await press_choice(pilot, app, group)
        await pilot.pause()
        assert recent.region.height > whole
        await pilot.press("escape")  # every choice again
        await pilot.pause()
        assert recent.region.height == whole
        assert recent.max_scroll_y and recent.scroll_y == recent.max_scroll_y


@pytest.mark.english  # centred by the English lines' widths
@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
async def test_the_privacy_screens_recent_events_are_centred(size: tuple[int, int]) -> None:
    """The box of what happened since the player's last turn sits in the middle, under the
    centred lines, at each hand-over (it is as wide as its lines)."""
    app = make_app(saved=at("spend", no_laws=True))
    async with app.run_test(size=size) as pilot:
        for _ in range(2):
            await pilot.pause()
            assert isinstance(app.screen, HandoverScreen)
            box = app.screen.query_one("#handover-recent").region
            assert box.width and abs(box.x - (size[0] - box.right)) <= 1, (box, size)
            await hand_over(pilot, app)
            session = app.session
            assert session is not None and app.keyboard is not None
            await take(pilot, app, session.legal_for(app.keyboard)[0])


async def test_the_recent_events_catch_up_when_the_terminal_grows() -> None:
    """Not fed while they do not show (80x24), they tell what happened once it grows."""
    app = make_app(config(3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # a field laid
        await pilot.pause()
        recent = game_screen(app).query_one("#recent", EventLog)
        assert not shows(recent) and not recent.lines
        await pilot.resize_terminal(160, 48)
        await pilot.pause()
        await pilot.pause()
        assert shows(recent)
        assert "Ann lays a" in screen_text(app)
