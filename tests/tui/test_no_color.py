"""NO_COLOR: the app draws without a single colour, and what only colour showed (the highlighted
line of a list, the map's cursor and targets, the focused button or box) in reverse video or
underlined.  The real program in a terminal: tests/tui/test_no_color_terminal.py."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.color import Color as RichColor
from rich.color import ColorSystem
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import ANSIToTruecolor, Monochrome, NoColor
from textual.widgets import Input

from keythedral.tui.nocolor import NO_COLOUR, NoColour, no_color_wanted, with_no_colour
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.widgets.board import FieldMap
from keythedral.tui.widgets.decision import ChoiceList
from tests.support.textshot import screen_cells
from tests.support.tui_helpers import config, make_app

SIZE = (100, 32)
#: An SGR sequence with a colour parameter (30-37, 38, 39, 40-49, 90-97, 100-107).
COLOUR_CODE = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7]|10[0-7])(?:;[0-9;]*)?m")


def test_no_color_counts_when_it_is_set_to_something() -> None:
    """no-color.org: set and not empty."""
    assert no_color_wanted({"NO_COLOR": "1"})
    assert no_color_wanted({"NO_COLOR": "0"})  # any value
    assert not no_color_wanted({"NO_COLOR": ""})
    assert not no_color_wanted({})


def test_the_filter_takes_out_every_colour_and_keeps_the_rest() -> None:
    segments = [
        Segment("true", Style(color="#ff0000", bgcolor="#123456", bold=True)),
        Segment("256", Style(color=RichColor.from_ansi(200), bgcolor="color(17)", italic=True)),
        Segment("16", Style(color="red", bgcolor="bright_blue", underline=True, dim=True)),
        Segment("default", Style(color="default", bgcolor="default")),
        Segment("mouse", Style(color="green", meta={"@click": "app.bell()"})),
        Segment("link", Style(color="blue", link="https://example.org")),
        Segment("reverse", Style(color="black", bgcolor="white", reverse=True)),
        Segment("strike", Style(color="white", bgcolor="blue", strike=True)),
        Segment("plain", None),
    ]
    out = {seg.text: seg.style for seg in NoColour().apply(segments, Color(0, 0, 0))}
    for text, style in out.items():
        if style is not None:
            assert style.color is None and style.bgcolor is None, text
            codes = style.render("x", color_system=ColorSystem.TRUECOLOR)
            assert not COLOUR_CODE.search(codes), (text, codes)
    assert out["true"].bold and out["256"].italic  # type: ignore[union-attr]
    assert out["16"].underline and out["16"].dim  # type: ignore[union-attr]
    assert out["mouse"].meta == {"@click": "app.bell()"}  # type: ignore[union-attr]
    assert out["link"].link == "https://example.org"  # type: ignore[union-attr]
    assert out["reverse"].reverse  # type: ignore[union-attr]
    # strike-through stands for reverse video (Textual drops "reverse" from widgets' parts)
    assert out["strike"].reverse and not out["strike"].strike  # type: ignore[union-attr]
    assert out["plain"] is None


def test_textuals_own_no_color_filters_give_way() -> None:
    """Textual's Monochrome sends grey colour codes, and its ANSI-to-true-colour filter turns
    dim text into a paler colour (lost once colour is gone): under NO_COLOR neither is used."""
    ansi = ANSIToTruecolor(make_app().ansi_theme)
    filters = [ansi, Monochrome(), NoColor()]
    assert with_no_colour(filters, True) == [NO_COLOUR]
    assert with_no_colour(filters, False) == [ansi]


async def test_nothing_on_screen_has_a_colour_under_no_color(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoverScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert app.no_color and NO_COLOUR in app.get_line_filters()
        assert not any(isinstance(f, Monochrome | NoColor) for f in app.get_line_filters())
        choices = app.screen.query_one(ChoiceList)
        first, second = (option_text(choices, i) for i in (0, 1))
        for focus in (app.screen.query_one(FieldMap), choices):
            focus.focus()
            await pilot.pause()
            rows = drawn(app)
            assert not [(text, style) for row in rows for text, style in row if coloured(style)]
            # the highlighted line of the list is in reverse video, the next one is not (but
            # for its key, which always is)
            assert first in reversed_text(rows, first)
            assert second not in reversed_text(rows, second)
            # the map's cursor (when the map has the keyboard) and its targets
            shown = "".join(t for row in rows for t, s in row if s is not None and s.reverse)
            assert "+" in shown
            assert ("▶" in shown) is (focus is not choices)


async def test_the_focused_field_box_and_button_show_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()  # the new-game screen
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = 0
        for widget in app.screen.query("Input, Checkbox, RadioSet, Button"):
            if not widget.display:
                continue
            widget.focus()
            await pilot.pause()
            rows = drawn(app)
            region = widget.region
            line = rows[region.y]
            cells = cells_in(line, region.x, region.right)
            assert not any(coloured(s) for _, s in cells)
            if isinstance(widget, Input):
                assert all(s is not None and s.underline for _, s in cells), widget
            else:  # a box, a radio button or a button
                assert any(s is not None and s.reverse for ch, s in cells if ch.strip()), widget
            seen += 1
        assert seen >= 14  # 5 names, 3 boxes, 2 sets of radio buttons, a seed, 5 buttons


async def test_an_empty_no_color_is_not_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "")
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.no_color
        assert NO_COLOUR not in app.get_line_filters()
        assert not any(isinstance(f, Monochrome | NoColor) for f in app.get_line_filters())
        assert any(coloured(s) for row in drawn(app) for _, s in row)


# --- helpers ----------------------------------------------------------------------------------
def drawn(app: Any) -> list[list[tuple[str, Style | None]]]:
    """Every row of the screen as the app draws it (after its line filters): (text, style), a
    cell at a time."""
    return [[cell for cell in row if cell[0]] for row in screen_cells(app)]


def coloured(style: Style | None) -> bool:
    return style is not None and (style.color is not None or style.bgcolor is not None)


def option_text(choices: ChoiceList, index: int) -> str:
    """The last line of an option's text, without its key: where two options differ (in a
    longer language "lay the vineyard (V) at" may be the first line of several, their
    places on the next)."""
    return choices.options[index].prompt.plain.split("\n")[-1].strip().lstrip("0123456789 ")


def cells_in(row: list[tuple[str, Style | None]], start: int, end: int) -> list[Any]:
    """The cells of ``row`` from column ``start`` to ``end`` (one character a cell)."""
    cells = [(ch, style) for text, style in row for ch in text]
    return cells[start:end]


def reversed_text(rows: list[list[tuple[str, Style | None]]], text: str) -> str:
    """The text drawn in reverse video on the row that shows ``text``."""
    for row in rows:
        line = "".join(t for t, _ in row)
        if text in line:
            return "".join(t for t, s in row if s is not None and s.reverse).strip()
    raise AssertionError(f"{text!r} is not on screen")
