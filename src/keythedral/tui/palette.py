"""The command palette's entries that every app of ours shares (the hot-seat app, ``join``)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING

from textual.app import SystemCommand

from keythedral import lang
from keythedral.lang import _

if TYPE_CHECKING:
    from keythedral.tui.app import KeythedralApp


def common_commands(app: KeythedralApp) -> Iterable[SystemCommand]:
    """Textual's own palette entries a player may want, in a player's words (in place of
    "Quit the application as soon as possible" and "Maximize the focused widget"), and the
    other languages of the game."""
    yield from language_commands(app)
    yield SystemCommand(_("Colours"), _("Choose the screen's colours"), app.action_change_theme)
    quit = _("Leave the program (a game in play is kept)")
    yield SystemCommand(_("Quit"), quit, app.action_quit)
    yield SystemCommand(
        _("Picture of the screen"),
        _("Save what is on the screen as an SVG picture"),
        lambda: app.set_timer(0.1, app.deliver_screenshot),
    )


def language_commands(app: KeythedralApp) -> Iterable[SystemCommand]:
    """ "Language: Français" and the like: the game in another of its languages, at once (each
    language by its own name)."""
    for code, name in lang.LANGUAGES.items():
        if code != lang.current():
            # I18N: the command palette's command that switches the game's language; {language}:
            # the language's own name ("Français", "Nederlands", "English")
            title = _("Language: {language}").format(language=name)
            # I18N: what the command does; {language}: the language's own name
            said = _("Show the game in {language} from now on").format(language=name)
            yield SystemCommand(title, said, partial(app.use_language, code))
