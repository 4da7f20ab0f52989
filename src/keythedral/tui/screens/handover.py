"""The privacy screen: an opaque screen that waits for the next player to take the keyboard.

It is a plain ``Screen`` (a ``ModalScreen`` would let the board and the last player's hand show
through) and it shows nothing but public facts.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from keythedral.tui.screens.base import BaseScreen
from keythedral.tui.widgets.keybar import KeyBar


class HandoverScreen(BaseScreen):
    """'Pass the keyboard to <name>': dismissed with the seat once that player presses Enter."""

    BINDINGS = [
        Binding("enter,space", "ready", "I am ready", priority=True, id="ready"),
        Binding("u", "undo", "Take back last action", id="undo"),
    ]

    def __init__(
        self,
        seat: int,
        name: str,
        context: str = "",
        undo_name: str | None = None,
        recent: tuple[str, ...] = (),
    ) -> None:
        super().__init__(classes="handover")
        self.seat = seat
        self.player = name
        self.context = context
        self.undo_name = undo_name
        self.recent = recent  # public events since this player last had the keyboard

    def compose(self) -> ComposeResult:
        with Vertical(id="handover-box"):
            yield Static(f"Pass the keyboard to {self.player}", id="handover-title", markup=False)
            yield Static(
                f"{self.player}: press Enter when only you can see the screen.",
                id="handover-ready",
                markup=False,
            )
            if self.context:
                yield Static(self.context, id="handover-context", markup=False)
            if self.undo_name:
                yield Static(
                    f"{self.undo_name}: press u to take back your last action instead.",
                    id="handover-undo",
                    markup=False,
                )
            if self.recent:
                yield Static(
                    Text("Since your last turn:\n" + "\n".join(self.recent)),
                    id="handover-recent",
                )
        yield KeyBar()
        yield self.compose_too_small()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.undo_name is not None
        return True

    def action_ready(self) -> None:
        self.dismiss(self.seat)

    def action_undo(self) -> None:
        if self.undo_name is not None:
            self.dismiss(-1)

    def on_key(self, event: events.Key) -> None:
        if event.key not in ("enter", "space", "u", "ctrl+p", "ctrl+q", "ctrl+c"):
            self.query_one("#handover-ready", Static).update(
                Text(
                    f"{self.player}: press Enter (not {event.key}) when only you can see the screen."
                )
            )
