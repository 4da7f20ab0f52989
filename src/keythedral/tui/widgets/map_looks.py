"""The field map's looks: its colours (true colour or the terminal's 16) and its zoom levels.

Nothing here draws; ``map_canvas`` reads these to draw the map at the level ``board.FieldMap``
chose.

The map has five zoom levels (:data:`LEVELS`): the largest that fits the pane is taken when
the board is first drawn, when it grows and at every resize; + and - change it by hand until
the next resize.  The smallest draws a field as two cells on a 3x2 pitch, for a five-player
board in an 80x24 terminal::

    Qb Wc L+           Qb: a quarry with a worker of B; L+: a lake that is a target
      b3 C2 K*         b3: B's cottage 3; C2: C's house 2 (a capital); K*: the Keythedral
    F  V▖ Q            ▖: a fence between the field left of it and the corner below

The small level draws four-by-two blocks of colour with cottages as at the usual level, and
the fences, as in the compact one, as quarter blocks in the gaps.  The two larger levels draw
bigger boxes that also say what a field yields and whose worker stands on it, by name (never
a position in numbers: the cursor and the info line say where a field lies).  Corners
outside the fields (cottages on the rim) take only a margin, not a row of fields.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rich.style import Style
from textual.geometry import Size

from keythedral.lang import N_

if TYPE_CHECKING:
    from keythedral.engine import PlayerView

Pos = tuple[int, int]

FIELD_COLOURS = {
    "quarry": "#8a8a8a",
    "woods": "#a0683a",
    "lake": "#3f7fd0",
    "farm": "#4caf50",
    "vineyard": "#c0405a",
}
SEAT_COLOURS = ("#ff5f5f", "#5fafff", "#ffd75f", "#5fd787", "#d787ff")
DIM = Style(dim=True)


@dataclass(frozen=True)
class Palette:
    """The map's colours.  Meaning never rests on colour alone (letters, tokens and glyphs
    say it all), but every distinction the colours make must survive the terminal."""

    fields: Mapping[str, tuple[str, str]]  # field type -> (letter colour, fill colour)
    seats: tuple[str, ...]
    target: Style
    target_edge: Style
    cursor: Style
    cursor_idle: Style
    keythedral: Style
    workers_on_seat_colour: bool  # a worker is black on its seat's colour (not on its field's)


#: Hex colours, for terminals with 256 colours or more and the ordinary themes.
TRUE_COLOUR = Palette(
    fields={ftype: ("black", colour) for ftype, colour in FIELD_COLOURS.items()},
    seats=SEAT_COLOURS,
    target=Style(color="black", bgcolor="#ffd700", bold=True),
    target_edge=Style(color="#ffd700", bold=True),
    cursor=Style(color="#ffffff", bold=True),
    cursor_idle=Style(color="#a0a0a0"),
    keythedral=Style(color="black", bgcolor="#e0b040", bold=True),
    workers_on_seat_colour=False,
)

#: The terminal's own 16 colours, for the ANSI themes and 16-colour terminals, where the hex
#: colours would be rounded onto each other (a vineyard and seat A's red, the targets and the
#: Keythedral and seat C's yellow, a worker of seat D invisible on a farm).  Fields take the
#: plain colours, seats the bright ones; the targets are drawn in reverse video and the
#: cursor in the terminal's own text colour, so both stand out on dark and light schemes.
ANSI_COLOUR = Palette(
    fields={
        "quarry": ("bright_white", "bright_black"),
        "woods": ("black", "yellow"),
        "lake": ("bright_white", "blue"),
        "farm": ("black", "green"),
        "vineyard": ("bright_white", "magenta"),
    },
    seats=("bright_red", "bright_cyan", "bright_yellow", "bright_green", "bright_magenta"),
    target=Style(reverse=True, bold=True),
    target_edge=Style(bold=True),
    cursor=Style(bold=True),
    cursor_idle=Style(color="bright_black"),
    keythedral=Style(color="black", bgcolor="bright_blue", bold=True),
    workers_on_seat_colour=True,
)


#: For ``NO_COLOR`` (tui/nocolor.py), where every colour is taken out as the map is sent and
#: only the attributes are left: the targets and the cursor are drawn in reverse video (the
#: cursor's arrows dim while the map does not have the keyboard), the Keythedral underlined.
NO_COLOUR = replace(
    ANSI_COLOUR,
    cursor=Style(bold=True, reverse=True),
    cursor_idle=Style(dim=True),
    keythedral=Style(bold=True, underline=True),
)


def palette_for(ansi_theme: bool, color_system: str | None, no_color: bool = False) -> Palette:
    """No colour under ``NO_COLOR``; the ANSI palette under an ANSI theme or on a terminal of
    16 colours (or 8)."""
    if no_color:
        return NO_COLOUR
    if ansi_theme or color_system in ("standard", "windows"):
        return ANSI_COLOUR
    return TRUE_COLOUR


Sides = tuple[bool, bool, bool, bool]  # left, top, right, bottom
ALL_SIDES: Sides = (True, True, True, True)


@dataclass(frozen=True)
class Bounds:
    """The lattice points with fields (laid or targeted), and the sides on which a corner
    outside them holds something (a cottage, the Keythedral, a fence or a target)."""

    x0: int
    y0: int
    x1: int
    y1: int
    rim: Sides = (False, False, False, False)

    @property
    def width(self) -> int:
        return self.x1 - self.x0 + 1

    @property
    def height(self) -> int:
        return self.y1 - self.y0 + 1


def board_bounds(view: PlayerView, targets: Iterable[tuple[str, Pos]] = ()) -> Bounds:
    """The part of the lattice the map shows: the fields, the targets and the corners holding
    something.  While field tiles are left to lay, every place next to a field too, whether the
    next tile may go there now or the decision is a cottage's: the board does not shrink
    between laying a field and placing a cottage, so its zoom level only goes down (when the
    board has grown past what the pane holds), never back up, until the last tile is laid."""
    targets = list(targets)
    xs = [f.pos[0] for f in view.fields] + [p[0] for k, p in targets if k == "field"]
    ys = [f.pos[1] for f in view.fields] + [p[1] for k, p in targets if k == "field"]
    corners = [c.corner for c in view.cottages] + [f.corner for f in view.fences]
    corners += [p for k, p in targets if k == "corner"]
    if view.keythedral is not None:
        corners.append(view.keythedral)
    if view.phase == "layout" and view.fields_in_stack and view.fields:  # the next tile's places
        fx, fy = [f.pos[0] for f in view.fields], [f.pos[1] for f in view.fields]
        xs += [min(fx) - 1, max(fx) + 1]
        ys += [min(fy) - 1, max(fy) + 1]
    if not xs:  # no field: room for the corners as for fields
        xs = [x + d for x, _ in corners for d in (0, 1)] or [0]
        ys = [y + d for _, y in corners for d in (0, 1)] or [0]
    x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    # Every corner touches a field, but should one not, the bounds take in its neighbours.
    x0, y0 = min([x0, *(x + 1 for x, _ in corners)]), min([y0, *(y + 1 for _, y in corners)])
    x1, y1 = max([x1, *(x for x, _ in corners)]), max([y1, *(y for _, y in corners)])
    # At least two fields by two, so that there are corners between them.
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)
    rim = (
        any(x == x0 - 1 for x, _ in corners),
        any(y == y0 - 1 for _, y in corners),
        any(x == x1 for x, _ in corners),
        any(y == y1 for _, y in corners),
    )
    return Bounds(x0, y0, x1, y1, rim)


@dataclass(frozen=True)
class Level:
    """A zoom level: how large a field is drawn.

    A field is a box ``px - 1`` cells wide and ``py - 1`` high on a ``px`` by ``py`` pitch (the
    levels without boxes draw a block of colour, two cells when compact); the corner below and
    right of a field is centred ``(px - 1, py - 1)`` from the field's top-left cell, in the row
    between two rows of fields.  ``margins`` leave room before the first field (x, y) and
    after the last (x, y); on a side with a ``ring`` the margin is wider, with room for the
    corners on that side of the fields: where something stands there, or, when the pane has
    room, all round, so that the cursor may walk the empty corners too.
    """

    name: str
    px: int
    py: int
    margins: tuple[int, int, int, int]
    ring: tuple[int, int, int, int]

    @property
    def compact(self) -> bool:
        """Two cells a field, cottages by letter case."""
        return self.py == 2

    @property
    def boxed(self) -> bool:
        """Fields drawn as octagon boxes (else as blocks of colour, the fences in the gaps)."""
        return self.py >= 4

    def edges(self, sides: Sides) -> tuple[int, int, int, int]:
        """The margins left, above, right and below with a ring on ``sides``."""
        m0, m1, m2, m3 = (
            r if side else m for m, r, side in zip(self.margins, self.ring, sides, strict=True)
        )
        return m0, m1, m2, m3

    def size(self, b: Bounds, sides: Sides) -> Size:
        ox, oy, ex, ey = self.edges(sides)
        return Size(ox + b.width * self.px + ex, oy + b.height * self.py + ey)


# Around boxes: a cottage's label and the cursor's arrows left and right, its roof above,
# the + of a target below.
BOX_RING = (3, 2, 2, 1)
COMPACT = Level("compact", 3, 2, (1, 0, 0, -1), (2, 1, 2, 0))
SMALL = Level("small", 5, 3, (1, 0, 0, -1), (3, 1, 2, 0))
NORMAL = Level("normal", 8, 4, (0, 0, -1, -1), BOX_RING)
LARGE = Level("large", 12, 5, (0, 0, -1, -1), BOX_RING)
LARGEST = Level("largest", 16, 6, (0, 0, -1, -1), BOX_RING)
#: From the smallest to the largest; the map starts at the largest that fits its pane.
LEVELS = (COMPACT, SMALL, NORMAL, LARGE, LARGEST)

#: The fences of the levels without boxes: a quarter block in the gap between two fields, in
#: the quarter that touches both the fenced field (left or right of the gap) and the fenced
#: corner (below or above it).  Bits: 1 upper left, 2 upper right, 4 lower left, 8 lower right.
QUADRANTS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
#: What the marks of the levels without boxes mean, most needed first: as many as fit under
#: the board.
# I18N: the map's legend under it at small zooms: what a mark means, one word each (the legend
# shows as many as fit in the map's width)
LEGENDS = {
    "compact": (
        ("b3", N_("cottage")),
        ("B3", N_("house")),
        ("Qb", N_("worker")),
        ("▖", N_("fence")),
        ("K*", N_("Keythedral")),
        ("+", N_("target")),
    ),
    "small": (
        ("B3", N_("cottage")),
        ("B3⌂", N_("house")),
        ("●B", N_("worker")),
        ("▖", N_("fence")),
    ),
}
