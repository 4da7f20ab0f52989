"""NO_COLOR in a real terminal: the program, run in a pseudo-terminal, sends not one colour code
(no SGR 30-39, 40-49, 90-97, 100-107, nor 38;... or 48;...), and the highlighted line of the
list of choices and the map's cursor are in reverse video on the screen a terminal emulator
(pyte) keeps.  An empty NO_COLOR is no NO_COLOR (no-color.org).  The app itself:
tests/tui/test_no_color.py."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pyte

from tests.support.ptyterm import PtyApp, app_env

SGR = re.compile(rb"\x1b\[([0-9;:]*)m")
GAME = ["--no-mouse", "--players", "Ann", "Bob", "Cy", "--seed", "11"]
FIRST = "lay the farm (F) at (-1,0)"  # the first choice of seed 11's first decision
SECOND = "lay the farm (F) at (-1,1)"


def colour_codes(output: bytes) -> set[bytes]:
    """The SGR sequences in ``output`` that set a colour."""
    found = set()
    for match in SGR.finditer(output):
        params = [int(p or 0) for p in re.split(rb"[;:]", match.group(1))]
        if any(
            p in (38, 39, 48, 49, 58)
            or 30 <= p <= 37
            or 40 <= p <= 47
            or 90 <= p <= 97
            or 100 <= p <= 107
            for p in params
        ):
            found.add(match.group(0))
    return found


class Terminal:
    """The program on a 100x32 pseudo-terminal, and what a terminal would show of it."""

    def __init__(self, app: PtyApp) -> None:
        self.app = app
        self.screen = pyte.Screen(100, 32)
        self.stream = pyte.ByteStream(self.screen)
        self.fed = 0

    def settle(self, quiet: float = 0.4, limit: float = 15.0) -> None:
        """Wait until the program has drawn nothing new for ``quiet`` seconds."""
        start = last = time.monotonic()
        while time.monotonic() - start < limit:
            out = self.app.output
            if len(out) > self.fed:
                self.stream.feed(out[self.fed :])
                self.fed = len(out)
                last = time.monotonic()
            elif time.monotonic() - last >= quiet:
                return
            time.sleep(0.02)

    def row_with(self, text: str) -> int:
        for y, line in enumerate(self.screen.display):
            if text in line:
                return y
        raise AssertionError(f"{text!r} is not on screen:\n" + "\n".join(self.screen.display))

    def reversed_on_row(self, y: int) -> str:
        line = self.screen.buffer[y]
        return "".join(line[x].data for x in range(self.screen.columns) if line[x].reverse)


def test_no_color_sends_no_colour_and_shows_the_highlight_in_reverse(tmp_path: Path) -> None:
    with PtyApp(GAME, app_env(tmp_path / "data", NO_COLOR="1")) as app:
        app.wait_for(FIRST, timeout=30)
        term = Terminal(app)
        term.settle()
        for on_list in (False, True):  # the map has the keyboard, then the list (Tab)
            if on_list:
                app.send("\t")
                term.settle()
            assert FIRST in term.reversed_on_row(term.row_with(FIRST))
            assert SECOND not in term.reversed_on_row(term.row_with(SECOND))
            cursor = "▷" if on_list else "▶"  # the map's cursor: dim while the list has the keys
            assert (cursor in term.reversed_on_row(term.row_with(cursor))) is not on_list
        output = app.output
    assert not colour_codes(output), sorted(colour_codes(output))[:10]
    assert b"\x1b[1;7m" in output or b";7m" in output  # reverse video is not colour
    cells = [cell for row in term.screen.buffer.values() for cell in row.values()]
    assert all(cell.fg == "default" and cell.bg == "default" for cell in cells)


def test_an_empty_no_color_leaves_colour_on(tmp_path: Path) -> None:
    with PtyApp(GAME, app_env(tmp_path / "data", NO_COLOR="")) as app:
        app.wait_for(FIRST, timeout=30)
        output = app.output
    assert b"38;2;" in output and colour_codes(output)
