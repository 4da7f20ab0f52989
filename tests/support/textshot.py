"""What an app shows right now, for assertions on rendered text, read through Textual's public
API: the text of a screenshot (``App.export_screenshot``: the composed screen, background
screens included where Textual would composite them), and every cell with its style as the
widgets under it draw it (``Screen.get_widget_at``, ``Widget.render_lines``)."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from textual.app import App
from textual.errors import NoWidget
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Input, Markdown

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


#: The widgets that may show what is not a problem there (pseudo_screen.BOARD, TITLE_PADDING),
#: by class name or by id.
ALLOWS = {
    "FieldMap": frozenset([pseudo_screen.BOARD]),
    "HandPanel": frozenset([pseudo_screen.TITLE_PADDING]),
    "#help-legend": frozenset([pseudo_screen.BOARD]),  # the map's marks ("Qb"), each explained
}


def words_in(app: App[Any], widget: Widget | str) -> str:
    """The words ``widget`` (or the first widget a selector finds) shows on the screen, its
    lines joined by single spaces: what it says, wherever its lines wrap (they wrap at other
    places in other languages)."""
    return " ".join(" ".join(rows_in(app, widget)).split())


def rows_in(app: Any, where: Widget | Region | str) -> list[str]:
    """The rows of the screen a widget (or a region, or the first widget a selector finds)
    covers, cut to it: in the pseudo-language cut as drawn, then read without the marks."""
    if isinstance(where, str):
        where = app.screen.query_one(where)
    r = where.region if isinstance(where, Widget) else where
    screen_text(app)  # checked, in the pseudo-language
    rows = _screen_text(app).split("\n")[r.y : r.bottom]
    text = "\n".join(row[r.x : r.right] for row in rows)
    if pseudo_screen.checking():
        text = pseudo_screen.plain(text)
    return text.split("\n")


def drawn_text(app: App[Any]) -> str:
    """The screen's text as drawn, a line a row: in the pseudo-language with its marks, and
    not checked (for the tests of the pseudo-language itself)."""
    return _screen_text(app)


def read(text: str) -> str:
    """A text a test reads straight from a widget or the presenter, not off the screen: as it
    is; in the pseudo-language first checked for words that escaped translation (it has no
    width to run out of) and read without the marks, as :func:`screen_text` reads a screen."""
    if not pseudo_screen.checking():
        return text
    rows = text.split("\n")
    area = pseudo_screen.Area(0, 0, max(map(len, rows)), len(rows), True)
    found = pseudo_screen.problems(text, [area], _names(None))
    assert not found, "\n".join([*found, text])
    return pseudo_screen.plain(text)


def _areas(app: App[Any]) -> list[pseudo_screen.Area]:
    """Where each widget draws (the screen's leaf widgets that show, each as much of it as
    its containers let show: ``Screen.find_widget``'s clip), for
    :func:`pseudo_screen.problems`.  A widget that its container cuts off (the new game
    screen scrolled: its last note under the key bar) scrolls with it; one that another
    covers in part (a drop-down list open, a notification over it) is left for a screen
    where it shows whole: what shows of it may have lost a message's bracket."""
    shown: dict[Widget, tuple[Region, Any]] = {}
    for widget in app.screen.query("*"):
        if widget.children or not widget.display or not widget.region:
            continue
        try:
            where = app.screen.find_widget(widget)
        except NoWidget:  # not on the screen
            continue
        region = where.region.intersection(where.clip)
        if region:
            shown[widget] = (region, where.order)
    areas = []
    for widget, (r, order) in shown.items():
        if any(o > order and other.overlaps(r) for other, o in shown.values()):
            continue
        clipped = r.y != widget.region.y or r.bottom != widget.region.bottom
        allows = ALLOWS.get(type(widget).__name__, frozenset()) | ALLOWS.get(
            f"#{widget.id}", frozenset()
        )
        if widget.styles.text_wrap == "nowrap" and widget.styles.text_overflow == "ellipsis":
            allows |= {pseudo_screen.ENDS_CUT}  # one row, cut with "…" by design
        if isinstance(widget, Input) and widget.value:
            allows |= {pseudo_screen.TYPED}
        if widget.id == "rules-toc" or any(isinstance(w, Markdown) for w in widget.ancestors):
            allows |= {pseudo_screen.DOCUMENT}  # the rulebook's headings and text
        scrolls = widget.max_scroll_y > 0 or clipped
        whole, g = widget.region, widget.gutter  # the gutter's rows as much as they show
        gutter = (
            max(0, g.top - (r.y - whole.y)),
            max(0, g.right - (whole.right - r.right)),
            max(0, g.bottom - (whole.bottom - r.bottom)),
            max(0, g.left - (r.x - whole.x)),
        )
        areas.append(pseudo_screen.Area(r.x, r.y, r.width, r.height, scrolls, allows, gutter))
    return areas


def _names(app: App[Any] | None) -> tuple[str, ...]:
    """The players' names in ``app``'s game (none before one starts), the computer players'
    ids ("Bob (greedy)": the name the command line and the files give one) and the names of
    the test's files."""
    from keythedral.bots import bot_names  # the engine: loaded where the app loads it

    session = getattr(app, "session", None)
    game = session.local if session is not None else None
    return (*file_names(), *(game.state.config.players if game is not None else ()), *bot_names())


def file_names() -> list[str]:
    """The names of the files in the test's data folder (the load dialog lists saves by
    their names, as written)."""
    folder = os.environ.get("KEYTHEDRAL_DATA_DIR")
    if not folder or not Path(folder).is_dir():
        return []
    return [path.stem for path in Path(folder).rglob("*") if path.suffix == ".json"]


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
