"""Small screens: every key the scores screen shows does something; the help card's summary;
the notice a terminal below 80x24 gets, alone on the screen, without a scroll bar."""

from __future__ import annotations

from typing import Any

import pytest

from keythedral.tui.screens.base import BaseScreen, too_small_text
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.widgets.keybar import KeyBar
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import config, make_app, mid_game, saved_game

SIZE = (100, 32)


def finished():
    saved = saved_game(config(5), lambda s: False)
    assert not saved.state.to_act
    return saved


async def shown_keys(app) -> list[str]:
    items, _, _ = app.screen.query_one(KeyBar).items()
    return [item.key for item in items if item.enabled]


async def test_every_key_the_scores_screen_shows_does_something() -> None:
    saved = finished()
    effects = {
        # key -> a check that it did what it says
        "n": lambda app: type(app.screen).__name__ == "NewGameScreen",
        "escape": lambda app: isinstance(app.screen, GameScreen),
        "q": lambda app: app.exited,
    }
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        keys = await shown_keys(app)
    assert {k.split(",")[0] for k in keys} == set(effects), keys
    for key, did in effects.items():
        app = make_app(saved=saved)
        app.exited = False
        exit_ = app.exit

        def exit_and_note(*args, app=app, exit_=exit_, **kw):
            app.exited = True
            exit_(*args, **kw)

        app.exit = exit_and_note
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ScoresScreen)
            await pilot.press(key)
            await pilot.pause()
            assert did(app), f"{key} did nothing on the scores screen"


def test_the_help_cards_game_in_short_names_every_phase() -> None:
    from keythedral.tui.screens.help import GAME_IN_SHORT

    for n in range(1, 6):
        assert f"{n}. " in GAME_IN_SHORT, n


# --- the too-small notice ---------------------------------------------------------------------
SMALL = [(79, 24), (80, 23), (70, 20), (40, 10), (30, 8), (20, 5)]
SCROLLBAR_MARKS = set("▁▂▃▄▅▆▇█▉▊▋▌▍▎▏▕▐")


def shows_only_the_notice(app: Any) -> None:
    """The screen shows the notice, whole and alone (no scroll bar, no key bar, no board)."""
    width, height = app.size
    screen = app.screen
    assert isinstance(screen, BaseScreen)
    shown = screen_text(app)
    assert not SCROLLBAR_MARKS & set(shown), shown
    assert shown.split() == read(too_small_text(width, height)).split(), shown
    assert not (screen.show_vertical_scrollbar or screen.show_horizontal_scrollbar)
    bars = [
        w
        for w in screen.query("*")
        if screen.region.overlaps(w.region)  # on the screen
        and (w.show_vertical_scrollbar or w.show_horizontal_scrollbar)
    ]
    assert not bars, bars


@pytest.mark.parametrize("size", SMALL)
async def test_the_too_small_notice_alone_and_whole(size: tuple[int, int]) -> None:
    apps = {
        "new game": make_app(),
        "game": make_app(config()),
        "hand-over": make_app(saved=mid_game(2, "spend", workers=0)),
        "scores": make_app(saved=finished()),
    }
    for name, app in apps.items():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert (name == "hand-over") is isinstance(app.screen, HandoverScreen)
            shows_only_the_notice(app)
            if name == "game":
                app.action_rules()
                await pilot.pause()
                shows_only_the_notice(app)


@pytest.mark.english  # which English form fits which room
def test_the_notice_says_all_it_can_in_the_room_it_has() -> None:
    assert "Make the window larger" in too_small_text(79, 24)
    assert too_small_text(20, 5).startswith("The terminal is too small: 20x5.")
    assert too_small_text(12, 3) == "Too small: 12x3.\nNeeds 80x24."
    assert too_small_text(8, 1) == "8x1 < 80x24"  # (cut, if it must be)


async def test_the_board_comes_back_when_the_terminal_grows() -> None:
    app = make_app(config())
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        shows_only_the_notice(app)
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.pause()
        shown = screen_text(app)
        assert "too small" not in shown and "Help" in shown
        assert not app.screen.has_class("-too-small")
