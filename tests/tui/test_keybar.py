"""The key bar at the bottom of every screen: the keys that work now, as Textual's Footer shows
them, drawn as one line (keythedral.tui.widgets.keybar)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from keythedral.lang import _
from keythedral.tui.widgets.keybar import KeyBar
from tests.support.textshot import screen_text


class Box(Static, can_focus=True):
    BINDINGS = [Binding("b", "box", "Box key", id="box")]

    def action_box(self) -> None:
        self.app.pressed.append("box")  # type: ignore[attr-defined]


class Bar(App[None]):
    AUTO_FOCUS = None
    BINDINGS = [
        Binding("question_mark", "help", "Help", id="help"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("z", "undo", "Undo again", id="undo2"),  # a second key for the same action
        Binding("x", "secret", "Secret", show=False, id="secret"),
        Binding("o", "off", "Off", id="off"),  # check_action: None (shown, dimmed)
        Binding("h", "hidden", "Hidden", id="hidden"),  # check_action: False (not shown)
    ]

    def __init__(self, compact: bool = True) -> None:
        super().__init__()
        self.compact = compact
        self.pressed: list[str] = []
        self.bells = 0

    def compose(self) -> ComposeResult:
        # The test's own words, looked up as the app's messages are (bracketed in the
        # pseudo-language run of the app's tests)
        yield Static(_("top"), id="top")
        yield Box(_("box"), id="box")
        yield KeyBar(compact=self.compact)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return {"off": None, "hidden": False}.get(action, True)

    def action_help(self) -> None:
        self.pressed.append("help")

    def action_undo(self) -> None:
        self.pressed.append("undo")

    def action_off(self) -> None:
        self.pressed.append("off")

    def bell(self) -> None:
        self.bells += 1


def bottom(app: App[Any]) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.english  # the palette's key at column 80 in English
async def test_it_shows_the_keys_that_work_now_and_the_palette_on_the_right() -> None:
    app = Bar()
    async with app.run_test(size=(80, 6)) as pilot:
        await pilot.pause()
        line = bottom(app)
        assert line.startswith("? Help u Undo o Off"), line
        assert "Undo again" not in line  # one key per action, the first
        assert "Secret" not in line and "Hidden" not in line  # show=False; check_action False
        assert line.rstrip().endswith("▏^p palette") and len(line.rstrip()) == 80


async def test_it_follows_the_bindings_as_focus_moves() -> None:
    app = Bar()
    async with app.run_test(size=(80, 6)) as pilot:
        await pilot.pause()
        assert "Box key" not in bottom(app)
        app.query_one("#box").focus()
        await pilot.pause()
        assert "b Box key" in bottom(app)
        app.screen.set_focus(None)
        await pilot.pause()
        assert "Box key" not in bottom(app)


@pytest.mark.english  # clicks at the English words' columns
async def test_a_click_presses_the_key_and_a_disabled_key_only_rings() -> None:
    app = Bar()
    async with app.run_test(size=(80, 6)) as pilot:
        await pilot.pause()
        line = bottom(app)
        bar = app.query_one(KeyBar)
        await pilot.click(KeyBar, offset=(line.index("Undo"), 0))
        await pilot.click(KeyBar, offset=(line.index("Off"), 0))
        await pilot.click(KeyBar, offset=(line.index("Help") + 4, 0))  # the space between
        await pilot.pause()
        assert app.pressed == ["undo"] and app.bells == 1
        await pilot.hover(KeyBar, offset=(line.index("Help"), 0))
        await pilot.pause()
        assert bar.hovered == "question_mark"
        await pilot.click(KeyBar, offset=(line.index("palette"), 0))
        await pilot.pause()
        from textual.command import CommandPalette

        assert isinstance(app.screen, CommandPalette)


@pytest.mark.english  # which English keys fit in 28 columns
async def test_keys_that_do_not_fit_are_left_off_whole() -> None:
    app = Bar()
    async with app.run_test(size=(28, 6)) as pilot:
        await pilot.pause()
        line = bottom(app)
        assert line.startswith("? Help u Undo "), line
        assert "Of" not in line  # "o Off" would not fit before the palette: not cut
        assert line.rstrip().endswith("▏^p palette")
        bar = app.query_one(KeyBar)
        assert [item.key for item in bar._items] == ["question_mark", "u", "ctrl+p"]


async def test_the_roomy_form_pads_each_key() -> None:
    app = Bar(compact=False)
    async with app.run_test(size=(80, 6)) as pilot:
        await pilot.pause()
        line = bottom(app)
        assert line.startswith(" ? Help  u Undo  o Off "), line
        assert line.endswith("▏^p palette ")
