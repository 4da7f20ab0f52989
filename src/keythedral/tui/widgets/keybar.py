"""The bottom line of every screen: the keys that work now, and the command palette's key.

It shows what Textual's ``Footer`` shows (the screen's active bindings with ``show=True``, one
per action, a disabled one dimmed, the palette's key on the right) and answers clicks and hovers
the same way, but it is one widget drawing one line of text.  The ``Footer`` builds a widget per
key and rebuilds them all whenever the bindings change (at every focus change, every decision):
on the game screen that cost about 60 ms of the first frame and a recompose per keypress.

What it shows comes from the list of keys (``tui/keys.py``: a key's ``label`` and ``show``),
through the screens' and widgets' ``BINDINGS``, rebound keys (keys.toml) included.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import groupby

from textual import events
from textual.binding import Binding
from textual.color import Color
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.style import Style
from textual.widget import Widget

from keythedral.lang import N_, _

# Textual's own words for the command palette's key, marked here to be looked up where the bar
# draws them (the bindings' descriptions are the messages of tui/keys.py).
# I18N: the command palette's key on the key bar (about 7 letters of room)
N_("palette")
N_("Open the command palette")


@dataclass(frozen=True)
class KeyItem:
    """One clickable key on the bar, at columns ``start`` to ``end`` (exclusive)."""

    key: str  # the key pressed when it is clicked
    display: str  # how the key is written (the keymap's key display)
    description: str  # what it does ("" for keys of a group, whose label follows them)
    enabled: bool
    tooltip: str
    start: int = 0
    end: int = 0


class KeyBar(Widget, can_focus=False):
    """One line of keys at the bottom of a screen (in place of Textual's ``Footer``)."""

    ALLOW_SELECT = False
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
    }
    """

    hovered: reactive[str | None] = reactive(None)
    """The key of the item under the mouse, drawn highlighted."""

    def __init__(
        self,
        *,
        compact: bool = False,
        show_command_palette: bool = True,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.compact = compact
        self.show_command_palette = show_command_palette
        self._items: list[KeyItem] = []  # as last drawn, for clicks and hovers
        self._drawn: object = None  # what the last drawing was made of
        self._asked: object = None  # what a drawing asked for and not made yet is to show

    # --- what it shows ---------------------------------------------------------------------------
    def items(self) -> tuple[list[KeyItem], KeyItem | None, list[tuple[int, str]]]:
        """The keys to show, the palette's key, and the labels of grouped keys (by the index
        of the item they follow)."""
        active = self.screen.active_bindings
        by_action: dict[str, list[tuple[Binding, bool, str]]] = {}
        for _key, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action.setdefault(binding.action, []).append((binding, enabled, tooltip))
        items: list[KeyItem] = []
        labels: list[tuple[int, str]] = []
        firsts = [bindings[0] for bindings in by_action.values()]
        for group, members_iter in groupby(firsts, lambda entry: entry[0].group):
            members = list(members_iter)
            grouped = group is not None and len(members) > 1
            for binding, enabled, tooltip in members:
                items.append(
                    KeyItem(
                        binding.key,
                        self.app.get_key_display(binding),
                        "" if grouped else _(binding.description),
                        enabled,
                        tooltip or (_(binding.description) if grouped else ""),
                    )
                )
            if grouped and group is not None:
                labels.append((len(items) - 1, _(group.description)))
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            entry = active.get(self.app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                _key, binding, enabled, _tip = entry
                palette = KeyItem(
                    binding.key,
                    self.app.get_key_display(binding),
                    _(binding.description),
                    enabled,
                    _(binding.tooltip or binding.description),
                )
        return items, palette, labels

    def _piece(self, item: KeyItem, *, compact: bool | None = None) -> Content:
        compact = self.compact if compact is None else compact
        pad = "" if compact else " "
        key_style = "bold $footer-key-foreground on $footer-key-background"
        text_style = "$footer-description-foreground on $footer-description-background"
        parts: list[tuple[str, str] | str] = [(f"{pad}{item.display}{pad}", key_style)]
        if item.description:
            lead = " " if compact else ""
            tail = "" if compact else " "
            parts.append((f"{lead}{item.description}{tail}", text_style))
        piece = Content.assemble(*parts)
        if not item.enabled:
            piece = piece.stylize("dim")
        if item.key == self.hovered:
            piece = piece.stylize("on $block-hover-background")
        return piece

    def render(self) -> Content:
        items, palette, labels = self.items()
        self._drawn, self._asked = (items, palette, labels, self.size.width), None
        width = self.size.width
        label_after = dict(labels)
        pieces: list[Content] = []
        placed: list[KeyItem] = []
        x = 0
        right = 0
        palette_piece = None
        if palette is not None:
            palette_piece = self._piece(palette, compact=True)  # as the Footer draws it
            if not self.compact:
                palette_piece = palette_piece + Content(" ")
            right = palette_piece.cell_length + 1  # and the bar to its left
        gap = " " if self.compact else ""
        for index, item in enumerate(items):
            piece = self._piece(item)
            if index in label_after:
                piece = piece + Content.styled(
                    f" {label_after[index]}",
                    "$footer-description-foreground on $footer-description-background",
                )
            start = x + len(gap) if pieces else 0
            if start + piece.cell_length > width - right:
                break  # what does not fit is left off whole, never cut
            placed.append(replace(item, start=start, end=start + piece.cell_length))
            pieces.append(piece)
            x = start + piece.cell_length
        line = Content(gap).join(pieces)
        if palette is not None and palette_piece is not None:
            line = line.pad_right(max(0, width - right - line.cell_length))
            start = line.cell_length + 1
            placed.append(KeyItem(**{**palette.__dict__, "start": start, "end": start + right - 1}))
            line = line + Content.styled("▏", self._divider_style()) + palette_piece
        self._items = placed
        return line

    def _divider_style(self) -> Style:
        """The thin bar left of the palette's key: the text colour at 20% on the bar."""
        variables = self.app.theme_variables
        try:
            fg = Color.parse(variables.get("foreground", "white"))
            bg = self.styles.background
        except Exception:  # an ANSI theme: no colour to blend
            return Style(dim=True)
        if fg.ansi is not None or bg.ansi is not None:
            return Style(dim=True)
        return Style(foreground=bg.blend(fg, 0.2))

    # --- keeping up with the bindings -----------------------------------------------------------
    def on_mount(self) -> None:
        # At once: a refresh asked for later than the frame that answers a key is a frame of
        # its own, 1/60 s later.
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed, immediate=True)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        """Drawn again only when the keys changed and no drawing of them is on its way (the
        signal comes several times at most keys).  Not while the screen is covered (the board
        under the privacy screen: its keys are worked out again when it is shown, as Textual
        signals a screen that comes back)."""
        if self.is_attached and screen is self.screen and screen.is_current:
            keys = (*self.items(), self.size.width)
            if keys != self._drawn and keys != self._asked:
                self._asked = keys
                self.refresh()

    # --- the mouse -------------------------------------------------------------------------------
    def item_at(self, x: int) -> int | None:
        """The index of the item drawn at column ``x``, if any."""
        for index, item in enumerate(self._items):
            if item.start <= x < item.end:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self.item_at(event.x)
        item = self._items[index] if index is not None else None
        key = item.key if item is not None else None
        if key != self.hovered:
            self.hovered = key
            self.tooltip = (item.tooltip if item is not None else "") or None
            self.styles.pointer = "pointer" if item is not None else "default"

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        index = self.item_at(event.x)
        if index is None:
            return
        item = self._items[index]
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()
