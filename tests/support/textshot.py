"""What an app shows right now, for assertions on rendered text, read through Textual's public
API: the text of a screenshot (``App.export_screenshot``: the composed screen, background
screens included where Textual would composite them), and every cell with its style as the
widgets under it draw it (``Screen.get_widget_at``, ``Widget.render_lines``)."""

from __future__ import annotations

import html
import re
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from textual.app import App
from textual.errors import NoWidget
from textual.geometry import Region
from textual.widget import Widget

from tests.support import pseudo_screen

#: A run of text in Rich's SVG export: its left edge (x), its row (y) and the text.
SVG_TEXT = re.compile(r'<text class="[^"]*" x="([0-9.]+)" y="([0-9.]+)"[^>]*>([^<]*)</text>')
#: Rich's SVG export: a cell's width and a row's height, and where a row's text sits in it.
CHAR_WIDTH, LINE_HEIGHT, BASELINE = 20 * 0.61, 20 * 1.22, 20


def screen_text(app: App[Any]) -> str:
    """The screen's text, a line a row, each as wide as the screen.

    In the pseudo-language (the pseudo run of the app's tests, tests/tui/conftest.py) the
    screen is first checked for words that escaped translation and messages cut where they do
    not fit (tests/support/pseudo_screen.py: a problem fails the test), then read without the
    pseudo-language's marks, so the test's own assertions read it as English."""
    text = _screen_text(app)
    if not pseudo_screen.checking():
        return text
    found = pseudo_screen.problems(text, _areas(app), _names(app))
    assert not found, "\n".join([*found, text])
    return pseudo_screen.plain(text)


def _areas(app: App[Any]) -> list[pseudo_screen.Area]:
    """Where each widget on top draws (the screen's leaf widgets that show), for
    :func:`pseudo_screen.problems`."""
    areas = []
    for widget in app.screen.query("*"):
        if widget.children or not widget.display or not widget.region:
            continue
        r = widget.region
        areas.append((r.x, r.y, r.width, r.height, widget.max_scroll_y > 0))
    return areas


def _names(app: App[Any]) -> tuple[str, ...]:
    """The players' names in ``app``'s game (none before one starts)."""
    session = getattr(app, "session", None)
    game = session.local if session is not None else None
    return game.state.config.players if game is not None else ()


def _screen_text(app: App[Any]) -> str:
    width, height = app.size
    runs: list[list[tuple[int, str]]] = [[] for _ in range(height)]
    for x, y, text in SVG_TEXT.findall(app.export_screenshot()):
        row = round((float(y) - BASELINE) / LINE_HEIGHT)
        # Rich writes a space as &#160; (a no-break space of the text's own stays as it is)
        text = html.unescape(text.replace("&#160;", " ")).replace("\n", "")  # a row's end
        if text:
            runs[row].append((round(float(x) / CHAR_WIDTH), text))
    lines = []
    for row_runs in runs:
        line, at = "", 0
        for col, text in sorted(row_runs):
            line += " " * (col - at) + text
            at = col + cell_len(text)
        lines.append(line + " " * (width - at))
    return "\n".join(lines)


Cell = tuple[str, Style | None]


def screen_cells(app: App[Any]) -> list[list[Cell]]:
    """Every cell of the screen, a row at a time: its character ("" for the right half of a
    wide one) and its style, as the widget on top there draws it, after the app's line
    filters (the screen alone: not the screens under a see-through one)."""
    screen = app.screen
    width, height = app.size
    rows: list[list[Cell]] = []
    for y in range(height):
        row: list[Cell] = []
        drawn: dict[Widget, tuple[Region, list[Cell]]] = {}
        for x in range(width):
            try:
                widget, region = screen.get_widget_at(x, y)
            except NoWidget:
                row.append((" ", None))
                continue
            if widget not in drawn:
                (strip,) = widget.render_lines(Region(0, y - region.y, region.width, 1))
                cells: list[Cell] = []
                for segment in strip:
                    if segment.control:
                        continue
                    for ch in segment.text:
                        width_of = cell_len(ch)
                        if width_of == 0 and cells:  # a combining mark: on the cell before
                            cells[-1] = (cells[-1][0] + ch, cells[-1][1])
                        else:
                            cells += [(ch, segment.style)] + [("", segment.style)] * (width_of - 1)
                drawn[widget] = (region, cells)
            region, cells = drawn[widget]
            row.append(cells[x - region.x])
        rows.append(row)
    return rows
