"""The field map: the truncated square tiling drawn with box-drawing characters.

Fields (octagons) sit on lattice points; the square corner slots between four fields hold
cottages, houses or the Keythedral tile.  Every field is a 7x3 box on an 8x4 pitch::

    ╱─────╲ ╱─────╲        Q W L F V: quarry, woods, lake, farm, vineyard
    │Q ●B │ │W     │       ●B: a worker of seat B
    ╲─────╱▲╲─────╱        B3⌂ under ▲: B's house 3 (a cottage has no roof and no ⌂)
          B3⌂              █ instead of a chamfer: a fence between that corner and field
    ╱─────╲ ╱─────╲        + : a legal target   ▶ ◀ : the cursor

The widget only draws a ``PlayerView`` and posts messages (a cell picked, the cursor moved);
the app decides what a pick means.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from keythedral.tui.text import corner_fields
from keythedral.vocab import FIELD_LETTER

if TYPE_CHECKING:
    from keythedral.engine import PlayerView

Pos = tuple[int, int]
Cell = tuple[str, Pos]  # ("field" | "corner", position)

PITCH_X, PITCH_Y = 8, 4
OX, OY = 2, 2  # room left of / above the first field for corner markers and roofs

FIELD_COLOURS = {
    "quarry": "#8a8a8a",
    "woods": "#a0683a",
    "lake": "#3f7fd0",
    "farm": "#4caf50",
    "vineyard": "#c0405a",
}
SEAT_COLOURS = ("#ff5f5f", "#5fafff", "#ffd75f", "#5fd787", "#d787ff")
TARGET = Style(color="black", bgcolor="#ffd700", bold=True)
TARGET_EDGE = Style(color="#ffd700", bold=True)
CURSOR = Style(color="#ffffff", bold=True)
CURSOR_IDLE = Style(color="#a0a0a0")
KEYTHEDRAL = Style(color="black", bgcolor="#e0b040", bold=True)
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
    target=TARGET,
    target_edge=TARGET_EDGE,
    cursor=CURSOR,
    cursor_idle=CURSOR_IDLE,
    keythedral=KEYTHEDRAL,
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


def palette_for(ansi_theme: bool, color_system: str | None) -> Palette:
    """The ANSI palette under an ANSI theme or on a terminal of 16 colours (or 8)."""
    if ansi_theme or color_system in ("standard", "windows"):
        return ANSI_COLOUR
    return TRUE_COLOUR


@dataclass(frozen=True)
class Bounds:
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def size(self) -> Size:
        return Size((self.x1 - self.x0 + 1) * PITCH_X + 3, (self.y1 - self.y0 + 1) * PITCH_Y + 2)


class FieldMap(ScrollView, can_focus=True):
    """The board, a cursor on it, and the legal targets of the decision at hand."""

    # The cursor keys are the screen's (so that the info line changes in the same frame).
    BINDINGS = [Binding("enter", "pick", "Pick", show=False, id="pick")]

    DEFAULT_CSS = """
    FieldMap { scrollbar-size: 1 1; }
    """

    class Picked(Message):
        """A cell was chosen (Enter or a click)."""

        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    class CursorMoved(Message):
        def __init__(self, cell: Cell) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: PlayerView | None = None
        self.tokens: tuple[str, ...] = ()
        self.targets: frozenset[Cell] = frozenset()
        self.cursor: Cell = ("field", (0, 0))
        self.bounds = Bounds(0, 0, 1, 1)
        self._chars: list[list[str]] = []
        self._styles: list[list[Style]] = []
        self._strips: list[Strip | None] = []
        self._overlay: dict[int, dict[int, tuple[str, Style]]] = {}

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    @property
    def palette(self) -> Palette:
        """ANSI colour names under an ANSI theme or on a 16-colour terminal, else hex."""
        app = self.app
        return palette_for(app.native_ansi_color, app.console.color_system)

    def _theme_changed(self, theme: object) -> None:
        if self.view is not None:  # the palette may have changed with it
            self._draw()
            self._place_cursor(scroll=False)
            self.refresh()

    # --- state in -----------------------------------------------------------------------------
    def show(self, view: PlayerView, tokens: tuple[str, ...], targets: Iterable[Cell] = ()) -> None:
        """Draw ``view`` with ``targets`` highlighted; keep the cursor on a sensible cell."""
        self.view = view
        self.tokens = tokens
        self.targets = frozenset(targets)
        self.bounds = self._bounds(view)
        self.virtual_size = self.bounds.size
        self._draw()
        if self.targets and self.cursor not in self.targets:
            self.cursor = self._nearest_target(self.cursor)
        elif self.targets:
            pass
        elif self.cursor[0] == "corner" and not self._corner_has_content(self.cursor[1]):
            self.cursor = ("field", self.cursor[1])
        self._place_cursor(scroll=True)
        self.refresh()

    @property
    def mode(self) -> str:
        """Which lattice the cursor walks: fields, or the corners between them."""
        kinds = {k for k, _ in self.targets}
        if kinds == {"corner"}:
            return "corner"
        if kinds == {"field"}:
            return "field"
        return self.cursor[0]

    # --- geometry -----------------------------------------------------------------------------
    def _bounds(self, view: PlayerView) -> Bounds:
        xs: list[int] = []
        ys: list[int] = []
        for f in view.fields:
            xs.append(f.pos[0])
            ys.append(f.pos[1])
        for kind, (x, y) in self.targets:
            if kind == "field":
                xs.append(x)
                ys.append(y)
            else:
                xs += [x, x + 1]
                ys += [y, y + 1]
        for c in view.cottages:
            xs += [c.corner[0], c.corner[0] + 1]
            ys += [c.corner[1], c.corner[1] + 1]
        if not xs:
            return Bounds(0, 0, 1, 1)
        return Bounds(min(xs), min(ys), max(xs), max(ys))

    def field_origin(self, pos: Pos) -> tuple[int, int]:
        """Top-left canvas cell of the field box at ``pos``."""
        b = self.bounds
        return OX + (pos[0] - b.x0) * PITCH_X, OY + (pos[1] - b.y0) * PITCH_Y

    def corner_centre(self, corner: Pos) -> tuple[int, int]:
        c, r = self.field_origin(corner)
        return c + 7, r + 3

    def cell_at(self, col: int, row: int) -> Cell | None:
        """The field or corner drawn at a canvas cell (for mouse clicks)."""
        b = self.bounds
        u, v = col - OX, row - OY
        i, du = divmod(u, PITCH_X)
        j, dv = divmod(v, PITCH_Y)
        if dv == 3:
            k = round((u - 7) / PITCH_X)
            return ("corner", (b.x0 + k, b.y0 + j))
        if du == 7:
            return ("corner", (b.x0 + i, b.y0 + j + (0 if dv >= 2 else -1)))
        return ("field", (b.x0 + i, b.y0 + j))

    # --- drawing ------------------------------------------------------------------------------
    def _put(self, col: int, row: int, text: str, style: Style) -> None:
        if 0 <= row < len(self._chars):
            line, styles = self._chars[row], self._styles[row]
            for i, ch in enumerate(text):
                if 0 <= col + i < len(line):
                    line[col + i] = ch
                    styles[col + i] = style

    def _draw(self) -> None:
        view = self.view
        assert view is not None
        size = self.virtual_size
        base = Style()
        self._chars = [[" "] * size.width for _ in range(size.height)]
        self._styles = [[base] * size.width for _ in range(size.height)]
        workers = {w.field: w for w in view.workers}
        targets = self.targets
        for f in view.fields:
            self._draw_field(f.pos, f.type, workers.get(f.pos), ("field", f.pos) in targets)
        laid = {f.pos for f in view.fields}
        for kind, pos in targets:
            if kind == "field" and pos not in laid:
                self._draw_spot(pos)
        for fence in view.fences:
            self._draw_fence(fence.corner, fence.field, fence.seat)
        if view.keythedral is not None:
            c, r = self.corner_centre(view.keythedral)
            self._put(c - 1, r, "[K]", self.palette.keythedral)
        for home in view.cottages:
            self._draw_home(home.corner, home.seat, home.number, home.house)
        for kind, pos in targets:
            if kind == "corner":
                c, r = self.corner_centre(pos)
                if self._chars[r][c] == " ":
                    self._put(c - 1, r, " + ", self.palette.target)
                else:
                    self._put(c, r + 1, "+", self.palette.target)
        self._strips = [None] * size.height

    def _draw_field(self, pos: Pos, ftype: str, worker: Any, target: bool) -> None:
        c, r = self.field_origin(pos)
        palette = self.palette
        letter, colour = palette.fields.get(ftype, ("black", "white"))
        edge = palette.target_edge if target else Style(color=colour)
        self._put(c, r, "╱─────╲", edge)
        self._put(c, r + 1, "│", edge)
        self._put(c + 6, r + 1, "│", edge)
        self._put(c, r + 2, "╲─────╱", edge)
        inside = Style(color=letter, bgcolor=colour, bold=True)
        self._put(c + 1, r + 1, f"{FIELD_LETTER.get(ftype, '?')}    ", inside)
        if worker is not None:
            seat = worker.seat
            style = self._seat_style(seat, bg=colour, reverse=palette.workers_on_seat_colour)
            self._put(c + 3, r + 1, "●" + self._token(seat), style)
        if target:
            self._put(c + 5, r + 1, "+", palette.target)

    def _draw_spot(self, pos: Pos) -> None:
        c, r = self.field_origin(pos)
        edge = self.palette.target_edge
        self._put(c, r, "╱┄┄┄┄┄╲", edge)
        self._put(c, r + 1, "┆  +  ┆", edge)
        self._put(c + 3, r + 1, "+", self.palette.target)
        self._put(c, r + 2, "╲┄┄┄┄┄╱", edge)

    def _draw_fence(self, corner: Pos, field: Pos, seat: int) -> None:
        c, r = self.field_origin(field)
        dx, dy = field[0] - corner[0], field[1] - corner[1]
        col = c + (6 if dx == 0 else 0)
        row = r + (2 if dy == 0 else 0)
        self._put(col, row, "█", Style(color=self._seat_colour(seat), bold=True))

    def _draw_home(self, corner: Pos, seat: int, number: int, house: bool) -> None:
        c, r = self.corner_centre(corner)
        style = self._seat_style(seat, reverse=True)
        self._put(c - 1, r, f"{self._token(seat)}{number}{'⌂' if house else ' '}", style)
        if house:
            self._put(c, r - 1, "▲", Style(color=self._seat_colour(seat), bold=True))

    def _token(self, seat: int) -> str:
        return self.tokens[seat] if seat < len(self.tokens) else str(seat + 1)

    def _seat_colour(self, seat: int) -> str:
        seats = self.palette.seats
        return seats[seat % len(seats)]

    def _seat_style(self, seat: int, *, bg: str | None = None, reverse: bool = False) -> Style:
        colour = self._seat_colour(seat)
        if reverse:
            return Style(color="black", bgcolor=colour, bold=True)
        return Style(color=colour, bgcolor=bg, bold=True)

    def _corner_has_content(self, corner: Pos) -> bool:
        view = self.view
        if view is None:
            return False
        return any(c.corner == corner for c in view.cottages) or (
            view.keythedral is not None and view.keythedral == corner
        )

    # --- the cursor ---------------------------------------------------------------------------
    def _cursor_cells(self) -> dict[int, dict[int, tuple[str, Style]]]:
        kind, pos = self.cursor
        if kind == "field":
            c, r = self.field_origin(pos)
            left, right, row = c, c + 6, r + 1
        else:
            cc, row = self.corner_centre(pos)
            left, right = cc - 2, cc + 2
        palette = self.palette
        if self.screen.focused is self:  # Enter acts here
            return {row: {left: ("▶", palette.cursor), right: ("◀", palette.cursor)}}
        return {row: {left: ("▷", palette.cursor_idle), right: ("◁", palette.cursor_idle)}}

    def _cursor_region(self) -> Region:
        kind, pos = self.cursor
        if kind == "field":
            c, r = self.field_origin(pos)
            return Region(c - 2, r - 1, 11, 5)
        c, r = self.corner_centre(pos)
        return Region(c - 4, r - 2, 9, 5)

    def _place_cursor(self, *, scroll: bool) -> set[int]:
        """Draw the cursor where it now is; returns the canvas rows that changed."""
        old = self._overlay
        self._overlay = self._cursor_cells()
        rows = set(old) | set(self._overlay)
        for row in rows:
            if 0 <= row < len(self._strips):
                self._strips[row] = None
        if scroll and self.size.width:
            self.scroll_to_region(self._cursor_region(), animate=False, immediate=True)
        self._track_cursor()
        return rows

    def cursor_offset(self) -> Offset | None:
        """Where the cursor's cell is on the screen (a field's letter, a corner's centre), or
        None while it is scrolled out of sight."""
        kind, pos = self.cursor
        if kind == "field":
            c, r = self.field_origin(pos)
            col, row = c + 1, r + 1
        else:
            col, row = self.corner_centre(pos)
        pad_x, pad_y = self._padding()
        region = self.content_region
        x = region.x + pad_x + col - int(self.scroll_x)
        y = region.y + pad_y + row - int(self.scroll_y)
        return Offset(x, y) if region.contains(x, y) else None

    def _track_cursor(self) -> None:
        """Put the terminal's own cursor on the selected cell while the map has the focus, so
        screen readers and magnifiers follow the selection."""
        # (The screen's focus, not has_focus: that is set only after on_focus has run.)
        if self.screen.focused is self and (offset := self.cursor_offset()) is not None:
            self.app.cursor_position = offset

    def set_cursor(self, cell: Cell, *, announce: bool = True) -> None:
        self.cursor = cell
        before = self.scroll_offset
        rows = self._place_cursor(scroll=True)
        if self.scroll_offset == before:
            # Only the rows the cursor left and entered are drawn again.
            _, pad_y = self._padding()
            top = pad_y - int(self.scroll_y)
            width, height = self.size
            self.refresh(*(Region(0, r + top, width, 1) for r in rows if 0 <= r + top < height))
        else:
            self.refresh()
        if announce:
            self.post_message(self.CursorMoved(cell))

    def move(self, dx: int, dy: int) -> Cell:
        """Move the cursor one field (or corner) and return where it is (no message)."""
        _, (x, y) = self.cursor
        kind = self.mode
        b = self.bounds
        lo_x, lo_y = (b.x0, b.y0) if kind == "field" else (b.x0 - 1, b.y0 - 1)
        x = min(max(x + dx, lo_x), b.x1)
        y = min(max(y + dy, lo_y), b.y1)
        self.set_cursor((kind, (x, y)), announce=False)
        return self.cursor

    def toggle_lattice(self) -> Cell:
        kind, (x, y) = self.cursor
        self.set_cursor(
            ("corner", (x, y)) if kind == "field" else ("field", (x, y)), announce=False
        )
        return self.cursor

    def on_focus(self) -> None:
        self.set_cursor(self.cursor, announce=False)  # solid arrows: Enter acts on the map

    def on_blur(self) -> None:
        self.set_cursor(self.cursor, announce=False)  # hollow arrows: Enter acts elsewhere

    def action_pick(self) -> None:
        self.post_message(self.Picked(self.cursor))

    def next_target(self, step: int = 1) -> Cell:
        if self.targets:
            order = sorted(self.targets, key=lambda t: (t[1][1], t[1][0], t[0]))
            i = order.index(self.cursor) + step if self.cursor in order else 0
            self.set_cursor(order[i % len(order)], announce=False)
        return self.cursor

    def _nearest_target(self, cell: Cell) -> Cell:
        _, (x, y) = cell
        return min(
            self.targets, key=lambda t: (abs(t[1][0] - x) + abs(t[1][1] - y), t[1][1], t[1][0])
        )

    # --- rendering ----------------------------------------------------------------------------
    def _padding(self) -> tuple[int, int]:
        """Offsets that centre a board smaller than the widget."""
        w, h = self.size
        vw, vh = self.virtual_size
        return max(0, (w - vw) // 2), max(0, (h - vh) // 2)

    def _strip(self, row: int) -> Strip:
        strip = self._strips[row]
        if strip is None:
            chars, styles = list(self._chars[row]), list(self._styles[row])
            for col, (ch, st) in self._overlay.get(row, {}).items():
                if 0 <= col < len(chars):
                    chars[col], styles[col] = ch, st
            segments: list[Segment] = []
            start = 0
            for i in range(1, len(chars) + 1):
                if i == len(chars) or styles[i] != styles[start]:
                    segments.append(Segment("".join(chars[start:i]), styles[start]))
                    start = i
            strip = Strip(segments, len(chars))
            self._strips[row] = strip
        return strip

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        pad_x, pad_y = self._padding()
        width = self.size.width
        base = self.rich_style
        row = y + scroll_y - pad_y
        if not 0 <= row < len(self._strips):
            return Strip.blank(width, base)
        strip = self._strip(row).crop(scroll_x, scroll_x + width - pad_x)
        if pad_x:
            strip = Strip([Segment(" " * pad_x), *strip], pad_x + strip.cell_length)
        return strip.extend_cell_length(width).apply_style(base)

    def on_resize(self, event: events.Resize) -> None:
        self._place_cursor(scroll=True)

    def on_click(self, event: events.Click) -> None:
        pad_x, pad_y = self._padding()
        col = event.x + int(self.scroll_x) - pad_x
        row = event.y + int(self.scroll_y) - pad_y
        cell = self.cell_at(col, row)
        if cell is None:
            return
        self.set_cursor(cell)
        if cell in self.targets:
            self.post_message(self.Picked(cell))

    # --- describing what is under the cursor ----------------------------------------------------
    def describe_cursor(self, names: Mapping[int, str]) -> str:
        view = self.view
        if view is None:
            return ""
        kind, pos = self.cursor
        where = f"({pos[0]},{pos[1]})"
        if kind == "field":
            ftype = next((f.type for f in view.fields if f.pos == pos), None)
            if ftype is None:
                text = f"{where}: empty"
            else:
                text = f"{where}: {ftype}"
                w = next((w for w in view.workers if w.field == pos), None)
                if w is not None:
                    text += f", worker of {names.get(w.seat, '?')}"
        else:
            home = next((c for c in view.cottages if c.corner == pos), None)
            if home is not None:
                what = "house" if home.house else "cottage"
                text = f"corner {where}: {names.get(home.seat, '?')}'s {what} {home.number}"
            elif view.keythedral is not None and view.keythedral == pos:
                text = f"corner {where}: the Keythedral"
            else:
                text = f"corner {where}: empty"
            types = [f.type for p in corner_fields(pos) for f in view.fields if f.pos == p]
            if types:
                text += " | touches " + ", ".join(types)
            fences = [f for f in view.fences if f.corner == pos]
            if fences:
                text += " | fenced from " + ", ".join(
                    f"({f.field[0]},{f.field[1]}) by {names.get(f.seat, '?')}" for f in fences
                )
        return text
