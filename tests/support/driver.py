"""Drive the app through its keys, choice by choice, as a player would."""

from __future__ import annotations

from typing import Any, cast

from textual.pilot import Pilot

from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.game import GameScreen, action_cell
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.session import Session
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import DecisionPanel
from tests.support.textshot import screen_text


def panel(app: KeythedralApp) -> DecisionPanel:
    screen = app.game_screen
    assert screen is not None
    return screen.query_one(DecisionPanel)


async def press_choice(pilot: Pilot[Any], app: KeythedralApp, choice: Any) -> None:
    """Choose a line of the list: its key, or the highlight and Enter."""
    choices = panel(app).choices
    if choice.key and choice.key != "↵":
        await pilot.press(choice.key)
        return
    ol = panel(app).option_list
    ol.focus()
    ol.highlighted = choices.index(choice)
    await pilot.press("enter")


async def take(pilot: Pilot[Any], app: KeythedralApp, action: Any) -> None:
    """Choose ``action`` with keys as a player would: its line in the list (opening the line
    that groups its kind first, if any), or a map pick (Enter, then a key if narrowed).  A
    purchase is taken alone, its cubes chosen after it (the "choose the cubes yourself" line)
    where its line would pay the coach's cubes with it."""
    session = app.session
    assert session is not None
    before = len(session.actions)
    for _ in range(6):
        choices = panel(app).choices
        direct = next((c for c in choices if c.action == action), None)
        own = next((c for c in choices if c.command == "own-cubes"), None)
        if direct is not None and direct.command.startswith("paying:") and own is not None:
            await press_choice(pilot, app, own)  # the action alone: its cubes come after
            continue
        if direct is not None:
            await press_choice(pilot, app, direct)
            break
        group = next((c for c in choices if c.command == f"kind:{action.kind}"), None)
        order = getattr(action, "order", None)
        if order:  # Work order: the card's line, then the numbers one by one
            group = next(c for c in choices if c.command.startswith("order:") and _starts(order, c))
        if group is not None:
            await press_choice(pilot, app, group)
            if len(session.actions) > before:
                break
            continue
        cell = action_cell(action)
        assert cell is not None, f"no line and no map cell for {action}"
        screen = app.game_screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(FieldMap)
        board.focus()
        board.set_cursor(cell if not screen.second else action_cell(action, True))
        await pilot.press("enter")
        if len(session.actions) > before:
            break
    assert len(session.actions) > before, f"{action} was not taken"


def _starts(order: tuple[int, ...], choice: Any) -> bool:
    prefix = tuple(int(n) for n in choice.command[6:].split(",") if n)
    return order[: len(prefix)] == prefix


async def hand_over(pilot: Pilot[Any], app: KeythedralApp) -> str:
    """Press Enter on the privacy screen; returns what it showed."""
    assert isinstance(app.screen, HandoverScreen)
    text = screen_text(app)
    await pilot.press("enter")
    return text


async def started(pilot: Pilot[Any], app: KeythedralApp) -> Session:
    """The game on screen, past a privacy screen if it opens on one: the session."""
    await pilot.pause()
    if isinstance(app.screen, HandoverScreen):
        await hand_over(pilot, app)
        await pilot.pause()
    assert app.session is not None
    return app.session


async def settle(pilot: Pilot[Any], app: KeythedralApp, rounds: int = 50) -> None:
    """Let the bots move (pause 0: in one go, in the app's own loop): the messages waiting
    are handled (``pilot.pause(0)``: without Pilot.pause's wait for an idle processor, ~50 ms
    a time)."""
    for _ in range(rounds):
        if app.runner.thinking is None and not app.workers:
            return
        if app.workers:
            await app.workers.wait_for_complete()
        await pilot.pause(0)
    await pilot.pause()


def map_colours(board: FieldMap) -> set[Any]:
    """The colours the map draws with (not the widget's own background and text colour)."""
    base = board.rich_style
    colours = set()
    for y in range(board.size.height):
        for seg in board.render_line(y):
            if seg.style is not None:
                colours |= {seg.style.color, seg.style.bgcolor} - {None, base.color, base.bgcolor}
    return colours


async def past_handover(pilot: Pilot[Any]) -> str:
    """Past the privacy screen if the game opens on one (also as a snapshot's ``run_before``):
    what it showed, or "" if there was none."""
    await pilot.pause()
    app = cast(KeythedralApp, pilot.app)
    text = await hand_over(pilot, app) if isinstance(app.screen, HandoverScreen) else ""
    await pilot.pause()
    return text
