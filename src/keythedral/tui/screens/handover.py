"""The privacy screen: an opaque screen that waits for the next player to take the keyboard.

It is a plain ``Screen`` (a ``ModalScreen`` would let the board and the last player's hand show
through) and it shows nothing but public facts.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.content import Content

from keythedral.lang import _
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import HANDOVER
from keythedral.tui.screens.base import BaseScreen
from keythedral.tui.table import KEEP, Claim
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.tui.widgets.panels import Snug, SnugSize, update_static


class SnugBox(Vertical, SnugSize):
    """The box of lines, as tall as they are (laid out once when that changes)."""


class HandoverScreen(BaseScreen):
    """'Pass the keyboard to <name>': answered with the seat once that player presses Enter.

    Or 'Pass the keyboard back to <name>' (``takes_back``): Enter takes back their last action,
    Esc keeps it (the screen answers ``KEEP``) and the keyboard goes on as before.

    One is made for the app and shown again at every hand-over with :meth:`present` (the
    mode's ``privacy_screen``): building its widgets, laying out a new screen and removing it
    afterwards cost two or three frames of every hand-over.
    """

    BINDINGS = bindings(HANDOVER)
    AUTO_FOCUS = ""  # nothing on it takes the focus: not looked for at every hand-over

    def __init__(self) -> None:
        super().__init__(classes="handover")
        self.seat = 0
        self.player = ""
        self.context = ""
        self.undo_name: str | None = None
        self.takes_back = False  # handed back to take back their last action
        #: Public events since this player last had the keyboard (the latest few; "…" first
        #: when there were more): as many of the latest as the rows left show (``_fit_recent``).
        self.recent: tuple[str, ...] = ()
        self.answer: Callable[[int | Claim], None] | None = None
        self.window: tuple[int, ...] = ()  # the seats asked first whether they play a law card
        self.asked = ""  # that question
        self.said: str | None = None  # what the ready line says instead (a key too soon)

    def compose(self) -> ComposeResult:
        with SnugBox(id="handover-box"):
            for id_, line in self._lines().items():
                widget = Snug(Text(line), id=f"handover-{id_}")
                widget.display = bool(line)
                if id_ == "recent":  # as wide as its lines, centred on its own
                    with Center(id="handover-recent-row"):
                        yield widget
                else:
                    yield widget
        yield KeyBar()
        yield self.compose_too_small()

    def on_mount(self) -> None:
        self._show()  # presented again between composing and mounting

    def present(
        self,
        seat: int,
        name: str,
        context: str,
        undo_name: str | None,
        recent: tuple[str, ...],
        answer: Callable[[int | Claim], None],
        window: tuple[int, ...] = (),
        asked: str = "",
        takes_back: bool = False,
    ) -> None:
        """Show the screen for another hand-over (before it is pushed, or while it is up).
        ``answer`` is given the seat that takes the keyboard (or -1: take back the last action;
        or a :class:`Claim`: a seat of ``window`` answers the window ``asked`` first; with
        ``takes_back``, the seat takes back their last action, or ``KEEP``) and takes the
        screen away."""
        self.seat, self.player, self.context = seat, name, context
        self.undo_name, self.recent, self.answer = undo_name, recent, answer
        self.window, self.asked, self.takes_back = window, asked, takes_back
        self.said = None
        if self.is_mounted:
            self._show()
            self.refresh_bindings()

    def _lines(self, recent: tuple[str, ...] | None = None) -> dict[str, str]:
        """The screen's lines by id, with the events ``recent`` (by default all of them)."""
        events = self.recent if recent is None else recent
        if self.takes_back:
            # I18N: the privacy screen's title; {player}: the name of the player to pass it to
            title = _("Pass the keyboard back to {player}")
        else:
            title = _("Pass the keyboard to {player}")
        undo = ""
        if self.undo_name:
            # I18N: {player}: the name of the player who may take back their action
            undo = _("{player}: press u to take back your last action instead.").format(
                player=self.undo_name
            )
        told = ""
        if events:
            # I18N: above the public events since the player's last turn, one a line
            told = _("Since your last turn:") + "\n" + "\n".join(events)
        return {
            "title": title.format(player=self.player),
            "ready": self._ready() if self.said is None else self.said,
            "context": self.context,
            "window": self.asked,
            "undo": undo,
            "recent": told,
        }

    def _ready(self, key: str = "") -> str:
        """What Enter does, and (``key``) that another key was pressed."""
        # I18N: the key to press; {key}: another key, just pressed
        enter = _("Enter (not {key})").format(key=key) if key else "Enter"
        if self.takes_back:
            # I18N: {player}: a player's name; {enter}: the key to press ("Enter")
            said = _(
                "{player}: press {enter} to take back your last action, when only you "
                "can see the screen; Esc to keep it."
            )
        else:
            # I18N: {player}: a player's name; {enter}: the key to press ("Enter")
            said = _("{player}: press {enter} when only you can see the screen.")
        return said.format(player=self.player, enter=enter)

    def _show(self) -> None:
        for id_, line in self._lines(self._fit_recent()).items():
            widget = self.query_one(f"#handover-{id_}", Snug)
            update_static(widget, Text(line))
            widget.display = bool(line)

    @on(events.Resize)
    def _refit(self) -> None:
        """Another terminal size: as many of the recent events as it has rows for."""
        if self.is_mounted:
            self._show()

    def _fit_recent(self) -> tuple[str, ...]:
        """The latest of the recent events that fit in the rows the other lines leave (under
        them, over the key bar), each whole: "…" first where some are left out.  In any
        language (a longer one wraps more lines), with a window's question or without.

        Measured from the lines' text at the widths the stylesheet gives them (the screen may
        not be laid out yet: it is shown at once)."""
        if not self.recent or not self.is_mounted:
            return self.recent
        size = self.app.size
        box = self.query_one("#handover-box")
        width = int(box.styles.width.resolve(size, size)) if box.styles.width else size.width
        keys = self.query_one(KeyBar).styles.height
        rows = size.height - (int(keys.resolve(size, size)) if keys is not None else 1)
        lines = self._lines(())
        for id_, line in lines.items():
            if line and id_ != "recent":
                rows -= self._rows(self.query_one(f"#handover-{id_}", Snug), line, width)
        body = tuple(e for e in self.recent if e != "…")
        cut = len(body) < len(self.recent)
        widget = self.query_one("#handover-recent", Snug)
        for keep in range(len(body), 0, -1):
            shown = body[-keep:] if keep == len(body) and not cut else ("…", *body[-keep:])
            if self._rows(widget, self._lines(shown)["recent"], width) <= rows:
                return shown
        return ()

    def _rows(self, widget: Snug, line: str, width: int) -> int:
        """The rows ``widget`` takes showing ``line`` in ``width`` columns, margin included."""
        styles = widget.styles
        inner = width - widget.gutter.width
        wrapped = Content(line).wrap(max(1, inner))  # (as Textual folds a Static's lines)
        return len(wrapped) + widget.gutter.height + styles.margin.top + styles.margin.bottom

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_name is not None
        if action == "claim":
            return parameters[0] in self.window
        if action == "keep":
            return self.takes_back
        return True

    def action_ready(self) -> None:
        self._answered(self.seat)

    def action_undo(self) -> None:
        if self.undo_name is not None:
            self._answered(-1)

    def action_keep(self) -> None:
        if self.takes_back:
            self._answered(KEEP)

    def action_claim(self, seat: int) -> None:
        if seat in self.window:
            self._answered(Claim(seat))

    def _answered(self, result: int | Claim) -> None:
        if self.answer is not None:
            self.answer(result)

    asks = True  # a key typed ahead is not "I am ready" (``BaseScreen.holds_back``)

    def too_soon(self, key: str) -> None:
        # pressed before this screen was seen
        # I18N: {key}: the key pressed (or "A click"); {ready}: what to press, a sentence
        self.said = _("{key} came too soon. {ready}").format(key=key, ready=self._ready())
        self._show()  # (a longer line: the recent events fitted again)

    def on_key(self, event: events.Key) -> None:
        seats = [str(s + 1) for s in self.window]
        keep = ["escape"] if self.takes_back else []
        keys = ("enter", "space", "u", "ctrl+p", "ctrl+q", "ctrl+c", *seats, *keep)
        if event.key not in keys:
            self.said = self._ready(event.key)
            self._show()
