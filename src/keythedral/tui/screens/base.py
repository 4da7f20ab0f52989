"""What every screen of the app shares: a clear message when the terminal is too small, and
the rule that a key pressed before a screen's question was on show never answers it."""

from __future__ import annotations

import textwrap
from typing import ClassVar

from textual import events, on
from textual.app import ScreenStackError
from textual.message import Message
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from keythedral.lang import _

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmall(Static):
    DEFAULT_CSS = """
    TooSmall {
        dock: top; width: 100%; height: 100%; display: none;
        content-align: center middle; text-align: center;
        background: $error-darken-2; color: $text; text-style: bold;
    }
    """


def too_small_text(width: int, height: int) -> str:
    """The fullest wording of the notice that fits ``width`` x ``height`` when wrapped (the
    shortest, cut, when none does)."""
    size, need = f"{width}x{height}", f"{MIN_WIDTH}x{MIN_HEIGHT}"
    # I18N: the notice of a terminal too small, from the fullest wording to the shortest (the
    # first that fits is shown, in a window smaller than 80x24); {size}: the terminal's
    # ("60x20"); {need}: the least the game needs ("80x24")
    templates = (
        _(
            "The terminal is too small: {size}.\nKeythedral needs at least {need}.\n"
            "Make the window larger (or the font smaller)."
        ),
        _("The terminal is too small: {size}.\nKeythedral needs at least {need}."),
        _("Too small: {size}.\nNeeds {need}."),
        "{size} < {need}",
    )
    wordings = [w.format(size=size, need=need) for w in templates]
    for text in wordings:
        rows = sum(len(wrapped(line, width)) for line in text.splitlines())
        if rows <= height:
            return text
    return wordings[-1]


def key_clock() -> float:
    """Now, on the clock that stamps every key event (``Message.time``; Textual gives that
    clock no public name, so it is read through a message made for it)."""
    return Message().time


def wrapped(line: str, width: int) -> list[str]:
    """``line`` wrapped at spaces to ``width`` cells, as the notice wraps it."""
    return textwrap.wrap(line, max(1, width), break_on_hyphens=False) or [""]


class Asks:
    """A screen that asks something (a decision, who takes the keyboard, a card to read): the
    rule that a key or a click that came before its question was on show never answers it."""

    #: When the question on show was put, on the clock of key events (``ask``), and until when
    #: keys are held back after it.
    asked_at = 0.0
    settled_at = 0.0

    def ask(self, settle: float = 0.0) -> None:
        """A new question is on show from now (a decision, "who takes the keyboard"): a key
        pressed before now was meant for what was there before, and never answers it; with
        ``settle`` (the keyboard has just come to someone), neither does a key in its first
        ``settle`` seconds, before anyone can have read it."""
        self.asked_at = key_clock()
        self.settled_at = self.asked_at + settle

    #: The screen asks something (a decision, who takes the keyboard): keys typed ahead are
    #: held back (``holds_back``).
    asks: ClassVar[bool] = False

    def holds_back(self, event: events.Key | events.MouseEvent) -> bool:
        """True if ``event`` (a key, a mouse button) was pressed too soon for the question on
        show (before it was shown, or in its settle time); the screen then says so
        (``too_soon``).  The app asks before any binding or widget acts.  Any key but a ctrl
        one (quit, the palette, save) is held back: which widget a key would reach is not
        settled yet (the focus of a new decision moves a moment after it is drawn), and no
        key is for a screen not yet seen; so is a click, which would choose a line of a list
        or a place on the map nobody has seen yet."""
        if not self.asks:
            return False
        if isinstance(event, events.Key) and event.key.startswith("ctrl+"):
            return False
        if event.time > self.asked_at and event.time >= self.settled_at:
            return False
        if isinstance(event, events.Key):
            printable = event.is_printable and event.key != "space"
            self.too_soon(event.character if printable and event.character else event.key.title())
        else:
            # I18N: in "{key} came too soon": a mouse click that came too soon
            self.too_soon(_("A click"))
        return True

    def too_soon(self, key: str) -> None:
        """Say that ``key`` (as the player knows it) was not taken: it came too soon."""


class BaseScreen(Asks, Screen[object]):
    """A plain, opaque screen that says so when the terminal is below 80x24: the notice alone,
    over the whole screen, with no scroll bar (the screen does not scroll while it shows)."""

    DEFAULT_CSS = """
    BaseScreen.-too-small { overflow: hidden hidden; }
    """

    #: Textual's, without the repaint of the whole screen when the focus moves: the widgets
    #: whose look depends on the focus are restyled (and so repainted) by ``set_focus``; the
    #: whole-screen repaint came a frame after the decision's own, and wrote every cell again.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    #: What the screen was last styled with when shown (see ``_restyle_only_if_changed``).
    _styled_with: tuple[object, ...] | None = None

    @property
    def is_current(self) -> bool:
        """Shown on the terminal.  Textual counts the screen right under the top one as shown
        even when the top one is opaque (the privacy screen over the board), and lays it out
        and paints it behind it: a whole frame nobody sees, and the privacy screen a frame
        (1/60 s) later.  Covered, this screen is drawn when it is shown again (Textual lays a
        screen out in full when it resumes).  Shown: every screen above it is see-through."""
        try:
            stack = self.app.screen_stack
        except ScreenStackError:
            return False
        if self not in stack:
            return False
        above = stack[stack.index(self) + 1 :]
        return all(screen.styles.background.a < 1 for screen in above)

    def compose_too_small(self) -> TooSmall:
        return TooSmall(id="too-small")

    def on_resize(self, event: events.Resize) -> None:
        self.check_size()

    def on_screen_resume(self) -> None:
        self.check_size()

    @on(events.ScreenResume)
    def _restyle_only_if_changed(self, event: events.ScreenResume) -> None:
        """Textual styles a pushed screen again in full (a screen built once and pushed again:
        the privacy screen at every hand-over, ~2 ms of matching its widgets to the stylesheet
        before its frame).  A widget or this screen restyles itself when its classes change;
        what may change while the screen is away without restyling it is the stylesheet (a
        theme, a new screen's CSS: parsed again into new rules) and the app's classes and
        pseudo-classes.  When these are what it was last styled with, it is not styled again.
        (Runs before Textual's own handler, which reads ``refresh_styles``.)"""
        if not event.refresh_styles or not self.is_attached:
            return
        app = self.app
        inputs = (app.stylesheet.rules, app.classes, app.pseudo_classes, self.classes)
        last = self._styled_with
        if last is not None and last[0] is inputs[0] and last[1:] == inputs[1:]:
            event.refresh_styles = False
        else:
            self._styled_with = inputs

    def check_size(self) -> None:
        width, height = self.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.set_class(small, "-too-small")
        for widget in self.query(TooSmall):
            widget.display = small
            if small:
                widget.update(too_small_text(width, height))
