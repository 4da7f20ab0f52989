"""The field map in characters, without Textual: where each field and corner of the board lies
at a zoom level (:class:`MapGeometry`), and a ``PlayerView`` drawn as rows of characters with a
style each (:class:`MapCanvas`).  See ``board.FieldMap`` for the widget that shows them, and
``map_looks`` for the levels and colours.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.style import Style

from keythedral.lang import _
from keythedral.tui.widgets.map_looks import (
    LARGE,
    LARGEST,
    QUADRANTS,
    Bounds,
    Level,
    Palette,
    Sides,
)
from keythedral.vocab import FIELD_LETTER, FIELD_YIELD
from keythedral.words import terms

if TYPE_CHECKING:
    from keythedral.engine import PlayerView

Pos = tuple[int, int]
Cell = tuple[str, Pos]  # ("field" | "corner", position)


def fit(text: str, room: int) -> str:
    """``text`` in ``room`` cells: whole, or cut with "…" (never a bare stub of a word or a
    name, which reads as a code)."""
    if cell_len(text) <= room:
        return text
    cut = ""
    for ch in text:
        if cell_len(cut + ch) > room - 1:
            break
        cut += ch
    return cut.rstrip() + "…"


@dataclass(frozen=True)
class MapGeometry:
    """Where the board's cells lie on the canvas: the board's ``bounds`` drawn at level ``lv``
    with room for the corners around it on ``sides``."""

    bounds: Bounds
    lv: Level
    sides: Sides

    def reach(self, kind: str) -> tuple[int, int, int, int]:
        """The cells of a kind the cursor may stand on: lowest x and y, highest x and y."""
        b = self.bounds
        if kind == "field":
            return b.x0, b.y0, b.x1, b.y1
        left, top, right, bottom = self.sides
        return b.x0 - left, b.y0 - top, b.x1 - (not right), b.y1 - (not bottom)

    def reachable(self, cell: Cell) -> Cell:
        kind, (x, y) = cell
        lo_x, lo_y, hi_x, hi_y = self.reach(kind)
        return kind, (min(max(x, lo_x), hi_x), min(max(y, lo_y), hi_y))

    def field_origin(self, pos: Pos) -> tuple[int, int]:
        """Top-left canvas cell of the field at ``pos`` (its box, or its letter when compact)."""
        b, lv = self.bounds, self.lv
        ox, oy, _, _ = lv.edges(self.sides)
        return ox + (pos[0] - b.x0) * lv.px, oy + (pos[1] - b.y0) * lv.py

    def corner_centre(self, corner: Pos) -> tuple[int, int]:
        c, r = self.field_origin(corner)
        return c + self.lv.px - 1, r + self.lv.py - 1

    def cell_at(self, col: int, row: int) -> Cell | None:
        """The field or corner drawn at a canvas cell (for mouse clicks), or None off the
        board."""
        b, lv = self.bounds, self.lv
        ox, oy, _, _ = lv.edges(self.sides)
        u, v = col - ox, row - oy
        i, du = divmod(u, lv.px)
        j, dv = divmod(v, lv.py)
        cell: Cell
        if dv == lv.py - 1:  # the row of corners between two rows of fields
            k = (u - (lv.px - 1) + lv.px // 2) // lv.px
            cell = ("corner", (b.x0 + k, b.y0 + j))
        elif du == lv.px - 1 and lv.boxed:  # between two boxes: the corner above or below
            cell = ("corner", (b.x0 + i, b.y0 + j + (0 if 2 * dv >= lv.py - 1 else -1)))
        else:  # a field (without boxes, the gap right of a field is the field's)
            cell = ("field", (b.x0 + i, b.y0 + j))
        return cell if self.reachable(cell) == cell else None


class MapCanvas:
    """A ``PlayerView`` drawn on a canvas of ``width`` x ``height`` cells (:meth:`draw`): a
    character and a style per cell, in :attr:`chars` and :attr:`styles`."""

    def __init__(
        self,
        view: PlayerView,
        tokens: tuple[str, ...],
        targets: frozenset[Cell],
        geometry: MapGeometry,
        palette: Palette,
        width: int,
        height: int,
    ) -> None:
        self.view = view
        self.tokens = tokens
        self.targets = targets
        self.geometry = geometry
        self.lv = geometry.lv
        self.palette = palette
        base = Style()
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[base] * width for _ in range(height)]

    def draw(self) -> None:
        """Draw the fields, the spots open for one, the fences, the Keythedral, the homes and
        the marks of the targets."""
        view, targets = self.view, self.targets
        workers = {w.field: w for w in view.workers}
        lv = self.lv
        for f in view.fields:
            draw = self._draw_field if lv.boxed else self._draw_block
            draw(f.pos, f.type, workers.get(f.pos), ("field", f.pos) in targets)
        laid = {f.pos for f in view.fields}
        for kind, pos in targets:
            if kind == "field" and pos not in laid:
                self._draw_spot(pos)
        if lv.boxed:
            for fence in view.fences:
                self._draw_fence(fence.corner, fence.field, fence.seat)
        else:
            self._draw_fences_in_gaps()
        if view.keythedral is not None:
            c, r = self.geometry.corner_centre(view.keythedral)
            if lv.compact:
                self._put(c, r, "K*", self.palette.keythedral)
            else:
                self._put(c - 1, r, "[K]", self.palette.keythedral)
        for home in view.cottages:
            self._draw_home(home.corner, home.seat, home.number, home.house)
        for kind, pos in targets:
            if kind == "corner":
                c, r = self.geometry.corner_centre(pos)
                if self.chars[r][c] == " ":  # an empty corner (compact: its neighbours are close)
                    mark = "+" if lv.compact else " + "
                    self._put(c - len(mark) // 2, r, mark, self.palette.target)
                elif lv.boxed:  # under the cottage, between the boxes
                    self._put(c, r + 1, "+", self.palette.target)
                else:  # after the cottage
                    self._put(c + 2, r, "+", self.palette.target)

    def _put(self, col: int, row: int, text: str, style: Style) -> None:
        if 0 <= row < len(self.chars):
            line, styles = self.chars[row], self.styles[row]
            for i, ch in enumerate(text):
                if 0 <= col + i < len(line):
                    line[col + i] = ch
                    styles[col + i] = style

    def _put_cells(self, col: int, row: int, text: str, style: Style, width: int) -> None:
        """``text`` as written (a name), cut to ``width`` cells: a wide character takes two
        cells, a combining mark none."""
        if not 0 <= row < len(self.chars):
            return
        line, styles = self.chars[row], self.styles[row]
        x = col
        for ch in text:
            cells = cell_len(ch)
            if cells == 0:
                if col < x <= len(line):
                    line[x - 1] += ch
                continue
            if x + cells > min(col + width, len(line)):
                break
            line[x], styles[x] = ch, style
            if cells == 2:
                line[x + 1], styles[x + 1] = "", style
            x += cells

    def _draw_box(self, c: int, r: int, edge: Style, *, dashed: bool = False) -> None:
        width, height = self.lv.px - 1, self.lv.py - 1
        across, upright = ("┄", "┆") if dashed else ("─", "│")
        self._put(c, r, "╱" + across * (width - 2) + "╲", edge)
        for i in range(1, height - 1):
            self._put(c, r + i, upright, edge)
            self._put(c + width - 1, r + i, upright, edge)
        self._put(c, r + height - 1, "╲" + across * (width - 2) + "╱", edge)

    def _draw_field(self, pos: Pos, ftype: str, worker: Any, target: bool) -> None:
        c, r = self.geometry.field_origin(pos)
        palette = self.palette
        letter, colour = palette.fields.get(ftype, ("black", "white"))
        edge = palette.target_edge if target else Style(color=colour)
        self._draw_box(c, r, edge)
        inside = Style(color=letter, bgcolor=colour, bold=True)
        inner = self.lv.px - 3  # the width inside the box
        for i in range(1, self.lv.py - 2):
            self._put(c + 1, r + i, " " * inner, inside)
        self._put(c + 1, r + 1, FIELD_LETTER.get(ftype, "?"), inside)
        plain = Style(color=letter, bgcolor=colour)
        at = (c + 3, r + 1)  # the worker: on the letter's line at the usual level
        # The words, in the reader's language, stop short of the target's "+" (inner - 3 cells
        # after the letter) and of the box's edge.
        if self.lv is LARGE:  # the yield after the letter; the worker and its owner below
            self._put(c + 3, r + 1, fit(terms.colour(FIELD_YIELD[ftype]), inner - 3), plain)
            at = (c + 1, r + 2)
        elif self.lv is LARGEST:  # the type, the yield, the worker and its owner
            self._put(c + 3, r + 1, fit(terms.field_name(ftype), inner - 3), inside)
            # I18N: in a field of the map at its largest zoom (at most 13 columns): {colour}: the
            # cube colour the field yields
            yields = _("yields {colour}").format(colour=terms.colour(FIELD_YIELD[ftype]))
            self._put(c + 1, r + 2, fit(yields, inner), plain)
            at = (c + 1, r + 3)
        if worker is not None:
            seat = worker.seat
            style = self._seat_style(seat, bg=colour, reverse=palette.workers_on_seat_colour)
            self._put(*at, "●" + self._token(seat), style)
            if self.lv in (LARGE, LARGEST):  # the owner's name after the mark, as written
                self._put_name(at[0] + 3, at[1], seat, plain, inner - 3)
        if target:
            self._put(c + inner, r + 1, "+", palette.target)

    def _put_name(self, col: int, row: int, seat: int, style: Style, room: int) -> None:
        """A player's name in ``room`` cells: whole, or cut with "…" (never a bare stub of
        it, which reads as a code)."""
        view = self.view
        if seat >= len(view.players) or room < 3:
            return
        self._put_cells(col, row, fit(view.players[seat].name, room), style, room)

    def _draw_block(self, pos: Pos, ftype: str, worker: Any, target: bool) -> None:
        """A field without a box: a block of its colour, two cells (compact) or four by two."""
        c, r = self.geometry.field_origin(pos)
        palette = self.palette
        letter, colour = palette.fields.get(ftype, ("black", "white"))
        inside = Style(color=letter, bgcolor=colour, bold=True)
        width = self.lv.px - 1
        for i in range(self.lv.py - 1):
            self._put(c, r + i, " " * width, inside)
        self._put(c, r, FIELD_LETTER.get(ftype, "?"), inside)
        if worker is not None:
            seat = worker.seat
            style = self._seat_style(seat, bg=colour, reverse=palette.workers_on_seat_colour)
            if self.lv.compact:  # the owner's letter, small
                self._put(c + 1, r, self._token(seat).lower(), style)
            else:
                self._put(c + 1, r + 1, "●" + self._token(seat), style)
        if target:  # in the block's last cell on the first line, else in the gap after it
            free = self.chars[r][c + width - 1] == " "
            self._put(c + width - (1 if free else 0), r, "+", palette.target)

    def _draw_spot(self, pos: Pos) -> None:
        c, r = self.geometry.field_origin(pos)
        palette = self.palette
        if not self.lv.boxed:
            width = self.lv.px - 1
            for i in range(self.lv.py - 1):
                self._put(c, r + i, "·" * width, palette.target_edge)
            self._put(c + width - 1, r, "+", palette.target)
            return
        self._draw_box(c, r, palette.target_edge, dashed=True)
        self._put(c + (self.lv.px - 1) // 2, r + 1, "+", palette.target)

    def _draw_fence(self, corner: Pos, field: Pos, seat: int) -> None:
        c, r = self.geometry.field_origin(field)
        dx, dy = field[0] - corner[0], field[1] - corner[1]
        col = c + (self.lv.px - 2 if dx == 0 else 0)
        row = r + (self.lv.py - 2 if dy == 0 else 0)
        self._put(col, row, "█", Style(color=self._seat_colour(seat), bold=True))

    def _draw_fences_in_gaps(self) -> None:
        """Fences as quarter blocks (see :data:`QUADRANTS`) in the gaps between the blocks."""
        cells: dict[tuple[int, int], tuple[int, int]] = {}  # (col, row) -> (bits, seat)
        for fence in self.view.fences:
            c, r = self.geometry.field_origin(fence.field)
            right_of_field = fence.corner[0] == fence.field[0]
            below = fence.corner[1] == fence.field[1]
            col = c + self.lv.px - 1 if right_of_field else c - 1
            row = r + (self.lv.py - 2 if below else 0)  # the block's last line, or its first
            bit = (1 if right_of_field else 2) << (2 if below else 0)
            bits, seat = cells.get((col, row), (0, fence.seat))
            cells[col, row] = (bits | bit, seat)
        for (col, row), (bits, seat) in cells.items():
            self._put(col, row, QUADRANTS[bits], Style(color=self._seat_colour(seat), bold=True))

    def _draw_home(self, corner: Pos, seat: int, number: int, house: bool) -> None:
        c, r = self.geometry.corner_centre(corner)
        style = self._seat_style(seat, reverse=True)
        token = self._token(seat)
        if self.lv.compact:  # a house in capitals, a cottage in small letters
            label = f"{token.upper() if house else token.lower()}{number}"
            self._put(c, r, label, style + Style(underline=house))
            return
        self._put(c - 1, r, f"{token}{number}{'⌂' if house else ' '}", style)
        if house and self.lv.boxed:  # (without boxes, a fence may be drawn there)
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
