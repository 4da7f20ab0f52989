"""The tutorial's lesson box: the note to read or the task to do (TutorialPanel), and the
others' moves since the learner's last, in as many whole lines as it has room for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from keythedral.lang import _, ngettext
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import LESSON, LESSON_KEYS


class TutorialPanel(VerticalScroll, can_focus=True):
    """The lesson of the moment: a note to read, or the move to make and why.

    A note taller than its box scrolls; Enter (or space) first pages through what is still
    below, and only at the end goes on, so that no text is skipped unread.  The frame says
    which page is up (no scrollbar: its thumb, drawn in eighths, read as two over the text)."""

    BINDINGS = bindings(LESSON)
    DEFAULT_CSS = """
    TutorialPanel { height: auto; border: round $warning; scrollbar-size-vertical: 0;
        border-title-align: left; border-subtitle-align: right; padding: 0 1; }
    TutorialPanel:focus { border: round $warning-lighten-2; }
    TutorialPanel > #lesson-text { width: 100%; }
    """

    def __init__(
        self, *, id: str | None = None, on_subtitle: Callable[[], object] | None = None
    ) -> None:
        """``on_subtitle``: called when what Enter does changes (the tutorial's screen says it
        on its info line too; given in, so that this module imports no screen)."""
        super().__init__(id=id)
        self._on_subtitle = on_subtitle
        self._shown: tuple[str, str, bool] | None = None
        self.note = False

    def compose(self) -> Any:
        yield Static(id="lesson-text")

    def show(self, title: str, text: Text, note: bool) -> None:
        shown = (title, text.plain, note)
        if shown == self._shown:
            return
        self._shown = shown
        self.note = note
        self.border_title = title
        self.query_one("#lesson-text", Static).update(text)
        self.scroll_home(animate=False)
        self._say_what_enter_does()

    @property
    def unread(self) -> bool:
        """Is part of the text still below the box?"""
        return round(self.scroll_y) < self.max_scroll_y

    @property
    def page(self) -> tuple[int, int]:
        """The page of the text in the box, and how many Enter pages through."""
        step = max(1, self.scrollable_content_region.height - 1)
        pages = 1 + -(-self.max_scroll_y // step)
        return min(pages, 1 + -(-round(self.scroll_y) // step)), pages

    def read_on(self) -> None:
        """Scroll on by a box less one line (the last line read stays in sight)."""
        step = max(1, self.scrollable_content_region.height - 1)
        self.scroll_to(y=min(self.max_scroll_y, self.scroll_y + step), animate=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._say_what_enter_does()

    def watch_virtual_size(self) -> None:
        self._say_what_enter_does()

    def on_resize(self) -> None:
        self._say_what_enter_does()

    def _say_what_enter_does(self) -> None:
        subtitle = ""
        if self.note:
            # I18N: on the lesson box's frame: at most about 40 columns
            subtitle = _("Enter: read on ↓") if self.unread else _("Enter or space: go on")
            page, pages = self.page
            if pages > 1:  # (short enough for the frame at 80 columns)
                if self.unread:
                    # I18N: on the lesson box's frame: at most about 40 columns
                    subtitle = _("page {page} of {pages} · Enter: read on ↓")
                else:
                    subtitle = _("page {page} of {pages} · Enter: go on")
                subtitle = subtitle.format(page=page, pages=pages)
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle
            if self.is_mounted and self._on_subtitle is not None:
                self._on_subtitle()  # the info line says it too


def meanwhile(head: Text, recent: list[str], keep: int) -> Text:
    """``head`` and what the others did since: the latest ``keep`` moves whole, with a word on
    those left out (``keep`` 0: only that word; below 0: nothing)."""
    if not recent or keep < 0:
        return head
    text = head.copy()
    n = len(recent)
    # I18N: how many moves the others made meanwhile
    moves = ngettext("{n} move", "{n} moves", n).format(n=n)
    # I18N: {key}: the key that shows the game's log
    log = _("{key}: the log").format(key=LESSON_KEYS["log"])
    if keep >= len(recent):
        said = _("Meanwhile:")
    elif keep == 0:
        # I18N: one line in the lesson box at 80 columns (about 70 letters); {moves}: "3 moves";
        # {log}: "g: the log"
        said = _("Meanwhile: {moves} ({log}).").format(moves=moves, log=log)
    else:
        said = ngettext(
            # I18N: above the last {n} moves of the others: {moves}: "3 moves"; {log}: "g: the log"
            "Meanwhile, the last of {moves} ({log}):",
            "Meanwhile, the last {n} of {moves} ({log}):",
            keep,
        ).format(n=keep, moves=moves, log=log)
    text.append("\n\n" + said, style="bold dim")
    for line in recent[len(recent) - keep :] if keep else ():
        text.append("\n" + line, style="dim")
    return text
