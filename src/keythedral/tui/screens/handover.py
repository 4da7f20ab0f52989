"""The privacy screen: an opaque screen that waits for the next player to take the keyboard.

It is a plain ``Screen`` (a ``ModalScreen`` would let the board and the last player's hand show
through) and it shows nothing but public facts.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Vertical

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
        self.recent: tuple[str, ...] = ()  # public events since this player last had the keyboard
        self.answer: Callable[[int | Claim], None] | None = None
        self.window: tuple[int, ...] = ()  # the seats asked first whether they play a law card
        self.asked = ""  # that question

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
        if self.is_mounted:
            self._show()
            self.refresh_bindings()

    def _lines(self) -> dict[str, str]:
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
        recent = ""
        if self.recent:
            # I18N: above the public events since the player's last turn, one a line
            recent = _("Since your last turn:") + "\n" + "\n".join(self.recent)
        return {
            "title": title.format(player=self.player),
            "ready": self._ready(),
            "context": self.context,
            "window": self.asked,
            "undo": undo,
            "recent": recent,
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
        for id_, line in self._lines().items():
            widget = self.query_one(f"#handover-{id_}", Snug)
            update_static(widget, Text(line))
            widget.display = bool(line)

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
        early = _("{key} came too soon. {ready}").format(key=key, ready=self._ready())
        self.query_one("#handover-ready", Snug).update(Text(early))

    def on_key(self, event: events.Key) -> None:
        seats = [str(s + 1) for s in self.window]
        keep = ["escape"] if self.takes_back else []
        keys = ("enter", "space", "u", "ctrl+p", "ctrl+q", "ctrl+c", *seats, *keep)
        if event.key not in keys:
            self.query_one("#handover-ready", Snug).update(Text(self._ready(event.key)))
