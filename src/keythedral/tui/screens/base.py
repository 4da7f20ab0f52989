"""What every screen of the app shares: a clear message when the terminal is too small."""

from __future__ import annotations

from textual import events
from textual.screen import Screen
from textual.widgets import Static

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
    return (
        f"The terminal is too small: {width}x{height}.\n"
        f"Keythedral needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
        "Make the window larger (or the font smaller)."
    )


class BaseScreen(Screen[object]):
    """A plain, opaque screen that says so when the terminal is below 80x24."""

    def compose_too_small(self) -> TooSmall:
        return TooSmall(id="too-small")

    def on_resize(self, event: events.Resize) -> None:
        self.check_size()

    def on_screen_resume(self) -> None:
        self.check_size()

    def check_size(self) -> None:
        width, height = self.app.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        for widget in self.query(TooSmall):
            widget.display = small
            if small:
                widget.update(too_small_text(width, height))
