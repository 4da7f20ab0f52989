"""The field map: the truncated square tiling drawn with box-drawing characters.

Fields (octagons) sit on lattice points; the square corner slots between four fields hold
cottages, houses or the Keythedral tile.  At the usual zoom level every field is a 7x3 box on an
8x4 pitch::

    ╱─────╲ ╱─────╲        Q W L F V: quarry, woods, lake, farm, vineyard
    │Q ●B │ │W     │       ●B: a worker of seat B
    ╲─────╱▲╲─────╱        B3⌂ under ▲: B's house 3 (a cottage has no roof and no ⌂)
          B3⌂              █ instead of a chamfer: a fence between that corner and field
    ╱─────╲ ╱─────╲        + : a legal target   ▶ ◀ : the cursor

The map has five zoom levels (``map_looks.LEVELS``, described there).

The widget only shows a ``PlayerView`` (drawn in characters by ``map_canvas``, without
Textual), keeps the cursor and posts messages (a cell picked, the cursor moved); the app decides
what a pick means.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from keythedral.lang import _
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import MAP
from keythedral.tui.widgets.map_canvas import Cell as Cell  # read by the screens
from keythedral.tui.widgets.map_canvas import MapCanvas, MapGeometry, Pos
from keythedral.tui.widgets.map_looks import (
    ALL_SIDES,
    DIM,
    LEGENDS,
    LEVELS,
    NORMAL,
    Bounds,
    Level,
    Palette,
    Sides,
    board_bounds,
    palette_for,
)
from keythedral.words.text import cell_text

if TYPE_CHECKING:
    from keythedral.engine import PlayerView


class FieldMap(ScrollView, can_focus=True):
    """The board, a cursor on it, and the legal targets of the decision at hand."""

    # The cursor keys are the screen's (so that the info line changes in the same frame).
    BINDINGS = bindings(MAP)

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
        self.level = LEVELS.index(NORMAL)
        self.sides: Sides = ALL_SIDES  # where the margins have room for the corners around
        self.manual = False  # the level was chosen with + or - (it holds until a resize)
        self._fitted: Size | None = None  # the size the level was last fitted to
        self._chars: list[list[str]] = []
        self._styles: list[list[Style]] = []
        self._strips: list[Strip | None] = []
        self._overlay: dict[int, dict[int, tuple[str, Style]]] = {}

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    _palette: Palette | None = None

    @property
    def palette(self) -> Palette:
        """ANSI colour names under an ANSI theme or on a 16-colour terminal, else hex (none
        under NO_COLOR).  Kept until the theme changes: a drawing asks for it some 60 times."""
        if self._palette is None:
            app = self.app
            self._palette = palette_for(
                app.native_ansi_color, app.console.color_system, app.no_color
            )
        return self._palette

    @property
    def lv(self) -> Level:
        return LEVELS[self.level]

    def _theme_changed(self, theme: object) -> None:
        self._palette = None
        if self.view is not None:  # the palette may have changed with it
            self._draw()
            self._place_cursor(scroll=False)
            self.refresh()

    # --- state in -----------------------------------------------------------------------------
    def show(self, view: PlayerView, tokens: tuple[str, ...], targets: Iterable[Cell] = ()) -> None:
        """Draw ``view`` with ``targets`` highlighted; keep the cursor on a sensible cell."""
        first = self.view is None
        self.view = view
        self.tokens = tokens
        self.targets = frozenset(targets)
        bounds = board_bounds(view, self.targets)
        if first or bounds != self.bounds:
            self.bounds = bounds
            self._choose(self.level if self.manual else self._fitting_level())
        self.virtual_size = self.lv.size(bounds, self.sides)
        changed = self._draw()
        if self.targets and self.cursor not in self.targets:
            self.cursor = self._nearest_target(self.cursor)
        elif self.targets:
            pass
        elif self.cursor[0] == "corner" and not self._corner_has_content(self.cursor[1]):
            self.cursor = ("field", self.cursor[1])
        self.cursor = self.geometry.reachable(self.cursor)
        before = self.scroll_offset
        moved = self._place_cursor(scroll=True)
        if changed is None or self.scroll_offset != before:
            self.refresh()
        else:
            # Most moves change a few rows of the map (a worker, a cottage, the targets):
            # only those are painted again, as when the cursor moves.
            self._refresh_rows(changed | moved)

    @property
    def mode(self) -> str:
        """Which lattice the cursor walks: fields, or the corners between them."""
        kinds = {k for k, _ in self.targets}
        if kinds == {"corner"}:
            return "corner"
        if kinds == {"field"}:
            return "field"
        return self.cursor[0]

    # --- zoom ---------------------------------------------------------------------------------
    def fits(self, level: int, sides: Sides | None = None) -> bool:
        """True when the board at ``level`` fits the pane without scrolling (with room for the
        corners around it on ``sides``, by default where something stands there)."""
        need = LEVELS[level].size(self.bounds, self.bounds.rim if sides is None else sides)
        width, height = self.size
        return need.width <= width and need.height <= height

    def _fitting_level(self) -> int:
        """The largest level that fits the pane, else the compact one (the level as it is
        while the map has no size yet)."""
        if not self.size.area:
            return self.level
        return max((i for i in range(len(LEVELS)) if self.fits(i)), default=0)

    def _choose(self, level: int) -> None:
        """Take ``level``, with room for the corners all round if that fits too (or while
        the map has no size yet), else on the sides where something stands."""
        self.level = level
        full = not self.size.area or self.fits(level, ALL_SIDES)
        self.sides = ALL_SIDES if full else self.bounds.rim

    def zoom(self, step: int) -> bool:
        """One level larger (``step`` 1) or smaller (-1), by hand: it holds until the next
        resize.  False when there is no level further that way."""
        level = min(max(self.level + step, 0), len(LEVELS) - 1)
        self.manual = True
        if level == self.level:
            return False
        self._set_level(level)
        return True

    def _set_level(self, level: int) -> None:
        self._choose(level)
        self.virtual_size = self.lv.size(self.bounds, self.sides)
        if self.view is not None:
            self._draw()
            self.cursor = self.geometry.reachable(self.cursor)
            self._place_cursor(scroll=True)
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if self.size != self._fitted and self.size.area:
            self._fitted = self.size
            self.manual = False
            self._set_level(self._fitting_level())
        else:
            self._place_cursor(scroll=True)

    # --- geometry and drawing -----------------------------------------------------------------
    @property
    def geometry(self) -> MapGeometry:
        """Where the board's cells lie on the canvas at the level and margins chosen."""
        return MapGeometry(self.bounds, self.lv, self.sides)

    def field_origin(self, pos: Pos) -> tuple[int, int]:
        """Top-left canvas cell of the field at ``pos`` (its box, or its letter when compact)."""
        return self.geometry.field_origin(pos)

    def _draw(self) -> set[int] | None:
        """Draw the canvas again; returns the rows that differ from the canvas before (whose
        strips are kept for the others), or None when its size changed."""
        view = self.view
        assert view is not None
        size = self.virtual_size
        old_chars, old_styles, old_strips = self._chars, self._styles, self._strips
        canvas = MapCanvas(
            view, self.tokens, self.targets, self.geometry, self.palette, size.width, size.height
        )
        canvas.draw()
        self._chars, self._styles = canvas.chars, canvas.styles
        self._strips = [None] * size.height
        if len(old_chars) != size.height or (old_chars and len(old_chars[0]) != size.width):
            return None
        changed = set()
        for row in range(size.height):
            if self._chars[row] == old_chars[row] and self._styles[row] == old_styles[row]:
                self._strips[row] = old_strips[row]  # with the cursor's cells, if drawn there
            else:
                changed.add(row)
        return changed

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
        lv = self.lv
        if kind == "field":  # on the box's sides, or in the gaps beside the block
            c, r = self.geometry.field_origin(pos)
            left, right, row = (c, c + lv.px - 2, r + 1) if lv.boxed else (c - 1, c + lv.px - 1, r)
        else:  # beside the cottage's label
            cc, row = self.geometry.corner_centre(pos)
            left, right = (cc - 1, cc + 2) if lv.compact else (cc - 2, cc + 2)
        palette = self.palette
        if self.screen.focused is self:  # Enter acts here
            return {row: {left: ("▶", palette.cursor), right: ("◀", palette.cursor)}}
        return {row: {left: ("▷", palette.cursor_idle), right: ("◁", palette.cursor_idle)}}

    def _cursor_region(self) -> Region:
        kind, pos = self.cursor
        if kind == "field":
            c, r = self.geometry.field_origin(pos)
            return Region(c - 2, r - 1, self.lv.px + 3, self.lv.py + 1)
        c, r = self.geometry.corner_centre(pos)
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

    def cell_offset(self, cell: Cell) -> Offset | None:
        """Where a cell is on the screen (a field's letter, a corner's centre), or None while
        it is scrolled out of sight."""
        kind, pos = cell
        if kind == "field":
            c, r = self.geometry.field_origin(pos)
            col, row = (c + 1, r + 1) if self.lv.boxed else (c, r)
        else:
            col, row = self.geometry.corner_centre(pos)
        pad_x, pad_y = self._padding()
        region = self.content_region
        x = region.x + pad_x + col - int(self.scroll_x)
        y = region.y + pad_y + row - int(self.scroll_y)
        return Offset(x, y) if region.contains(x, y) else None

    def cursor_offset(self) -> Offset | None:
        """Where the cursor's cell is on the screen, or None while it is out of sight."""
        return self.cell_offset(self.cursor)

    def _track_cursor(self) -> None:
        """Put the terminal's own cursor on the selected cell while the map has the focus, so
        screen readers and magnifiers follow the selection."""
        # (The screen's focus, not has_focus: that is set only after on_focus has run.)
        if self.screen.focused is self and (offset := self.cursor_offset()) is not None:
            self.app.cursor_position = offset

    def set_cursor(self, cell: Cell, *, announce: bool = True) -> None:
        cell = self.geometry.reachable(cell)
        self.cursor = cell
        before = self.scroll_offset
        rows = self._place_cursor(scroll=True)
        if self.scroll_offset == before:
            self._refresh_rows(rows)  # only the rows the cursor left and entered
        else:
            self.refresh()
        if announce:
            self.post_message(self.CursorMoved(cell))

    def _refresh_rows(self, rows: Iterable[int]) -> None:
        """Paint these canvas rows again (those in sight)."""
        _, pad_y = self._padding()
        top = pad_y - int(self.scroll_y)
        width, height = self.size
        regions = [Region(0, r + top, width, 1) for r in rows if 0 <= r + top < height]
        if regions:  # (no region at all would paint the whole map)
            self.refresh(*regions)

    def move(self, dx: int, dy: int) -> Cell:
        """Move the cursor one field (or corner) and return where it is (no message)."""
        _, (x, y) = self.cursor
        self.set_cursor((self.mode, (x + dx, y + dy)), announce=False)
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

    def _legend(self, width: int) -> Strip:
        """The marks of a level without boxes, as many as fit in ``width``, most needed first."""
        segments: list[Segment] = []
        used = 0
        for mark, message in LEGENDS.get(self.lv.name, ()):
            meaning = _(message)
            gap = 2 if segments else 0
            if used + gap + len(mark) + 1 + len(meaning) > width:
                break
            if gap:
                segments.append(Segment("  "))
            segments += [Segment(mark, Style(bold=True)), Segment(" " + meaning, DIM)]
            used += gap + len(mark) + 1 + len(meaning)
        return Strip(segments, used)

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        pad_x, pad_y = self._padding()
        width, height = self.size
        base = self.rich_style
        row = y + scroll_y - pad_y
        if not 0 <= row < len(self._strips):
            if not self.lv.boxed and self._strips and y == height - 1 and row >= 0:
                # Room under a board without boxes: what its marks mean.
                legend = self._legend(width)
                strip = Strip([Segment(" " * ((width - legend.cell_length) // 2)), *legend])
                return strip.extend_cell_length(width).apply_style(base)
            return Strip.blank(width, base)
        strip = self._strip(row).crop(scroll_x, scroll_x + width - pad_x)
        if pad_x:
            strip = Strip([Segment(" " * pad_x), *strip], pad_x + strip.cell_length)
        return strip.extend_cell_length(width).apply_style(base)

    def on_click(self, event: events.Click) -> None:
        pad_x, pad_y = self._padding()
        col = event.x + int(self.scroll_x) - pad_x
        row = event.y + int(self.scroll_y) - pad_y
        cell = self.geometry.cell_at(col, row)
        if cell is None:
            return
        self.set_cursor(cell)
        if cell in self.targets:
            self.post_message(self.Picked(cell))

    # --- describing what is under the cursor ----------------------------------------------------
    def describe_cursor(self, names: Mapping[int, str]) -> str:
        return "" if self.view is None else cell_text(self.view, self.cursor, names)
