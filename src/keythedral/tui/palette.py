"""The command palette's entries that every app of ours shares (the hot-seat app, ``join``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.app import App, SystemCommand

from keythedral.lang import _


def common_commands(app: App[Any]) -> Iterable[SystemCommand]:
    """Textual's own palette entries a player may want, in a player's words (in place of
    "Quit the application as soon as possible" and "Maximize the focused widget")."""
    yield SystemCommand(_("Colours"), _("Choose the screen's colours"), app.action_change_theme)
    quit = _("Leave the program (a game in play is kept)")
    yield SystemCommand(_("Quit"), quit, app.action_quit)
    yield SystemCommand(
        _("Picture of the screen"),
        _("Save what is on the screen as an SVG picture"),
        lambda: app.set_timer(0.1, app.deliver_screenshot),
    )
