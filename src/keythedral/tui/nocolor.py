"""``NO_COLOR`` (https://no-color.org): set to anything but the empty string, the app sends no
colour at all.

Textual's own answer to ``NO_COLOR`` turns every colour grey, which still sends a colour code
for each cell (``38;2;…``/``48;2;…``), and it also takes an empty ``NO_COLOR`` for a set one.
The app uses :class:`NoColour` in its place: each line the app draws loses every foreground and
background colour, so the terminal draws it all in its own two colours.  Bold, dim, italic,
underline and reverse video are not colour and stay; what only colour showed (the highlighted
line of a list, the focused button or box, the cursor in a field) is drawn in reverse video or
underlined instead, by the ``:nocolor`` rules in keythedral.tcss, and the map draws its cursor
and targets with its own :data:`~keythedral.tui.widgets.map_looks.NO_COLOUR` palette.

Textual drops ``text-style: reverse`` from the styles of a widget's parts (``get_visual_style``:
the highlighted line of an ``OptionList``, the label of a focused check box), so those rules
ask for strike-through, which the app never uses otherwise, and :class:`NoColour` draws
strike-through as reverse video.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import ANSIToTruecolor, LineFilter, Monochrome, NoColor


def no_color_wanted(environ: Mapping[str, str] = os.environ) -> bool:
    """Is ``NO_COLOR`` set to something (no-color.org: an empty value does not count)?"""
    return bool(environ.get("NO_COLOR"))


REVERSE = Style(strike=False, reverse=True)


@lru_cache(4096)
def colourless(style: Style) -> Style:
    """``style`` without its colours; its text attributes, link and meta (which Textual reads
    for the mouse) kept, strike-through turned into reverse video (see the module's notes)."""
    plain = style.without_color
    if style.strike:
        plain += REVERSE
    meta = style.meta
    return plain + Style.from_meta(meta) if meta else plain


class NoColour(LineFilter):
    """Take every colour out of every segment (no SGR colour code is sent, not even 39/49)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [
            Segment(text, None if style is None else colourless(style), control)
            for text, style, control in segments
        ]


NO_COLOUR = NoColour()


def with_no_colour(filters: Sequence[LineFilter], no_color: bool) -> list[LineFilter]:
    """``filters`` without Textual's own ``NO_COLOR`` filters (see the module's notes), and
    with :class:`NoColour` last if ``no_color``.  Under ``NO_COLOR`` the filter that turns the
    terminal's 16 colours into true colour goes too: it also turns dim text into a paler
    colour, which would then be lost, where the terminal can draw it dim."""
    if not no_color:
        return [f for f in filters if not isinstance(f, Monochrome | NoColor)]
    unwanted = Monochrome | NoColor | ANSIToTruecolor
    return [*(f for f in filters if not isinstance(f, unwanted)), NO_COLOUR]
