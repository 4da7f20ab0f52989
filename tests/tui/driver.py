"""Drive the app through its keys, choice by choice, as a player would."""

from __future__ import annotations

from typing import Any

from textshot import screen_text
from textual.pilot import Pilot

from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.game import GameScreen, action_cell
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel


def panel(app: KeythedralApp) -> DecisionPanel:
    screen = app.game_screen
    assert screen is not None
    return screen.query_one(DecisionPanel)


async def take(pilot: Pilot[Any], app: KeythedralApp, action: Any) -> None:
    """Choose ``action`` with keys: its list key, or the map (Enter, then a key if narrowed)."""
    before = len(app.session.actions)  # type: ignore[union-attr]
    choices = panel(app).choices
    direct = next((c for c in choices if c.action == action), None)
    if direct is not None and direct.key:
        await pilot.press(direct.key)
    elif direct is not None:
        ol = panel(app).option_list
        ol.focus()
        ol.highlighted = choices.index(direct)
        await pilot.press("enter")
    else:
        cell = action_cell(action)
        assert cell is not None, f"no key and no map cell for {action}"
        screen = app.game_screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(FieldMap)
        board.focus()
        board.set_cursor(cell)
        await pilot.press("enter")
        if len(app.session.actions) == before:  # type: ignore[union-attr]
            # narrowed: a second map pick (a fence's field) or a key
            second = action_cell(action, True)
            if second != cell and second in board.targets:
                board.set_cursor(second)
                await pilot.press("enter")
            else:
                c = next(c for c in panel(app).choices if c.action == action)
                await pilot.press(c.key)
    assert len(app.session.actions) > before, f"{action} was not taken"  # type: ignore[union-attr]


async def hand_over(pilot: Pilot[Any], app: KeythedralApp) -> str:
    """Press Enter on the privacy screen; returns what it showed."""
    assert isinstance(app.screen, HandoverScreen)
    text = screen_text(app)
    await pilot.press("enter")
    return text
