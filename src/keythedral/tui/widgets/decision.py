"""The generic decision panel: every legal choice of the seat at the keyboard, one per line.

Whatever the engine asks (and whatever it will ask once new action kinds appear), the choices
are listed here with a one-line description and a key; Enter or the key chooses.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Offset, Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList, Static

# The lines themselves are plain data (tui/choices.py, no Textual); read from here too.
from keythedral.tui.choices import Cell, Choice
from keythedral.tui.choices import hotkeys as hotkeys
from keythedral.tui.widgets.panels import Snug, SnugSize, side_width, update_static


class ChoiceOption:
    """A line of the list: a choice's label, already wrapped (a Content a line)."""

    def __init__(self, lines: list[Content]) -> None:
        self.lines = lines

    @property
    def prompt(self) -> Content:
        """The label, its lines joined (what an OptionList would show)."""
        return Content("\n").join(self.lines)

    @property
    def height(self) -> int:
        return len(self.lines)


def option_height(option: ChoiceOption) -> int:
    """The lines an option takes in the list (a choice's label is wrapped already)."""
    return option.height


class ChoiceList(ScrollView, can_focus=True):
    """The list itself (Enter, up/down, page up/down, home/end, mouse), drawn with Textual's
    line API: it looks and answers as an OptionList does (the same keys, styles and parts).

    While it has the focus, the terminal's own cursor sits on the highlighted line, so that
    screen readers and magnifiers follow the selection.

    A line is drawn straight from its label's segments, each time it is asked for: a cache of
    drawn lines earned nothing measurable at p95 (docs/benchmarks.md, issue 29)."""

    ALLOW_SELECT = False
    BINDINGS = OptionList.BINDINGS  # Textual's own keys for a list (not rebound in keys.toml)

    # OptionList's own stylesheet and parts, so that the list looks as one.
    DEFAULT_CSS = """
    ChoiceList {
        height: auto;
        max-height: 100%;
        color: $foreground;
        overflow-x: hidden;
        border: tall $border-blurred;
        padding: 0 1;
        background: $surface;
        & > .option-list--option-highlighted {
            color: $block-cursor-blurred-foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .option-list--option-highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        & > .option-list--option-highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
        }
        & > .option-list--option-hover {
            background: $block-hover-background;
        }
    }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "option-list--option",
        "option-list--option-highlighted",
        "option-list--option-hover",
    }

    highlighted: reactive[int | None] = reactive(None)
    hovered: reactive[int | None] = reactive(None)  # the option under the mouse

    class Highlighted(Message):
        """The highlight moved to the option at ``index``."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Selected(Message):
        """The option at ``index`` was chosen (Enter or a click)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.options: list[ChoiceOption] = []
        self.starts: list[int] = []  # the first line of each option
        self.owners: list[int] = []  # the option on each line

    @property
    def option_count(self) -> int:
        return len(self.options)

    def set_options(self, options: Sequence[ChoiceOption]) -> None:
        """Show ``options``, none highlighted, scrolled to the top."""
        self.options = list(options)
        self.starts, self.owners = [], []
        for index, option in enumerate(self.options):
            self.starts.append(len(self.owners))
            self.owners += [index] * option.height
        self.highlighted = None
        self.scroll_y = 0
        self.virtual_size = Size(self.scrollable_content_region.width, len(self.owners))
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        self.virtual_size = Size(self.scrollable_content_region.width, len(self.owners))

    def notify_style_update(self) -> None:
        self.refresh()
        super().notify_style_update()

    # --- drawing ------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        line = self.scroll_offset.y + y
        if not 0 <= line < len(self.owners):
            return Strip.blank(
                self.scrollable_content_region.width,
                self.get_visual_style("option-list--option").rich_style,
            )
        index = self.owners[line]
        if self.highlighted == index:
            style = self.get_visual_style("option-list--option", "option-list--option-highlighted")
        elif self.hovered == index:
            style = self.get_visual_style("option-list--option", "option-list--option-hover")
        else:
            style = self.get_visual_style("option-list--option")
        return self.strips(index, style)[line - self.starts[index]]

    def strips(self, index: int, style: Style) -> list[Strip]:
        """The lines of the option at ``index`` drawn in ``style`` across the list."""
        width = self.scrollable_content_region.width
        rich_style = style.rich_style
        meta = {"option": index}
        return [
            Strip(line.render_segments(style))
            .extend_cell_length(width, rich_style)
            .apply_meta(meta)
            for line in self.options[index].lines
        ]

    # --- the highlight ------------------------------------------------------------------------
    def validate_highlighted(self, highlighted: int | None) -> int | None:
        if highlighted is None or not self.options:
            return None
        return min(max(highlighted, 0), len(self.options) - 1)

    def watch_highlighted(self, highlighted: int | None) -> None:
        if highlighted is None:
            return
        self.scroll_to_highlight()
        self.post_message(self.Highlighted(highlighted))
        self.track_cursor()

    def scroll_to_highlight(self, top: bool = False) -> None:
        """Scroll the highlighted option into sight (to the top with ``top``)."""
        highlighted = self.highlighted
        if highlighted is None or not self.is_mounted:
            return
        self.scroll_to_region(
            Region(
                0,
                self.starts[highlighted],
                self.scrollable_content_region.width,
                self.options[highlighted].height,
            ),
            force=True,
            animate=False,
            top=top,
            immediate=True,
        )

    def on_show(self) -> None:
        self.scroll_to_highlight()

    def on_focus(self) -> None:
        self.track_cursor()

    def cursor_offset(self) -> Offset | None:
        """The screen cell where the highlighted line's text starts (None if out of sight)."""
        if self.highlighted is None:
            return None
        line = self.starts[self.highlighted]
        region = self.content_region
        offset = Offset(region.x + 3, region.y + line - int(self.scroll_y))
        return offset if region.contains(*offset) else None

    def track_cursor(self) -> None:
        if self.has_focus and (offset := self.cursor_offset()) is not None:
            self.app.cursor_position = offset

    # --- keys and the mouse -------------------------------------------------------------------
    def action_cursor_up(self) -> None:
        """The option above (from the first, the last)."""
        if self.options:
            now = self.highlighted
            self.highlighted = (
                len(self.options) - 1 if now is None else (now - 1) % len(self.options)
            )

    def action_cursor_down(self) -> None:
        """The option below (from the last, the first)."""
        if self.options:
            now = self.highlighted
            self.highlighted = 0 if now is None else (now + 1) % len(self.options)

    def action_first(self) -> None:
        if self.options:
            self.highlighted = 0

    def action_last(self) -> None:
        if self.options:
            self.highlighted = len(self.options) - 1

    def move_page(self, direction: int) -> None:
        """The option a page of lines up (-1) or down (1), without wrapping."""
        if not self.options:
            return
        line = (
            self.starts[self.highlighted or 0] + direction * self.scrollable_content_region.height
        )
        self.highlighted = self.owners[min(max(line, 0), len(self.owners) - 1)]

    def action_page_up(self) -> None:
        if self.highlighted is None:
            self.action_first()
        else:
            self.move_page(-1)

    def action_page_down(self) -> None:
        if self.highlighted is None:
            self.action_last()
        else:
            self.move_page(1)

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Selected(self.highlighted))

    def on_click(self, event: events.Click) -> None:
        clicked = event.style.meta.get("option")
        if clicked is not None:
            self.highlighted = clicked
            self.action_select()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = event.style.meta.get("option")

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None


class DecisionPanel(Vertical, SnugSize):
    DEFAULT_CSS = """
    DecisionPanel { height: 1fr; }
    DecisionPanel > #prompt { height: auto; padding: 0 1; text-style: bold; }
    DecisionPanel > #hint { height: auto; padding: 0 1; color: $text-muted; }
    DecisionPanel > ChoiceList { height: 1fr; border: none; padding: 0; }
    """

    class Chosen(Message):
        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    class Highlighted(Message):
        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: list[Choice] = []
        self._keys: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        yield Snug(id="prompt")
        yield Snug(id="hint")
        yield ChoiceList(id="choices")

    @property
    def option_list(self) -> ChoiceList:
        return self.query_one(ChoiceList)

    def show(self, prompt: str, choices: Sequence[Choice], hint: str = "") -> None:
        update_static(self.query_one("#prompt", Static), Text(prompt))
        hint_w = self.query_one("#hint", Static)
        update_static(hint_w, Text(hint))
        hint_w.display = bool(hint)
        self.choices = list(choices)
        self._keys = {c.key: i for i, c in enumerate(self.choices) if c.key}
        options = [ChoiceOption(self._label(c)) for c in self.choices]
        ol = self.option_list
        with ol.prevent(ChoiceList.Highlighted):  # the screen follows the first line
            ol.set_options(options)  # itself, in this frame (a message would come a frame late)
            if options:
                ol.highlighted = 0

    def note(self, text: str) -> None:
        """A note above the choices (the hint key's), until the next :meth:`show`."""
        hint_w = self.query_one("#hint", Static)
        hint_w.update(Text(text, style="italic"))
        hint_w.display = True

    def _label(self, choice: Choice) -> list[Content]:
        """'k  text', wrapped to the list's width with later lines under the text, a Content
        a line.

        Wrapping here (not in the list) keeps the hanging indent and lets the list draw each
        line as it is, with no wrapping or measuring at every decision.
        """
        lines = textwrap.wrap(choice.text, self._text_width()) or [""]
        key = f"{choice.key:1}" if choice.key else " "
        first = Content.assemble((key, "bold reverse"), "  " + lines[0])
        return [first, *(Content("    " + line) for line in lines[1:])]

    def _text_width(self) -> int:
        """Room for a line's text: the side column's width (set by the stylesheet for the
        terminal's width) less its border, a scroll bar and the key column.  Taken from the
        terminal size, not the laid-out list, so it is the same before and after layout."""
        return side_width(self.app.size.width) - 1 - 1 - 4

    _width = -1  # the width the choices were last wrapped for

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:  # the lines are wrapped to the width alone
            self._width = event.size.width
            self._rewrap()

    def _rewrap(self) -> None:
        """Wrap the lines again (the terminal changed size)."""
        ol = self.option_list
        if self.choices:
            highlighted = ol.highlighted
            with ol.prevent(ChoiceList.Highlighted):
                ol.set_options([ChoiceOption(self._label(c)) for c in self.choices])
                ol.highlighted = highlighted

    def choice_for(self, key: str) -> Choice | None:
        """The line labelled ``key`` (highlighted, without a message), or None."""
        i = self._keys.get(key)
        if i is None:
            return None
        self._highlight(i)
        return self.choices[i]

    def highlight(self, choice: Choice) -> None:
        """Move the highlight to ``choice`` (no message: the caller shows what it means)."""
        if choice in self.choices:
            self._highlight(self.choices.index(choice))

    def highlight_cell(self, cell: Cell) -> None:
        """Move the highlight to the first choice on a map cell (no message)."""
        for i, c in enumerate(self.choices):
            if c.cell == cell:
                self._highlight(i)
                return

    def _highlight(self, i: int) -> None:
        with self.option_list.prevent(ChoiceList.Highlighted):
            self.option_list.highlighted = i

    def on_choice_list_selected(self, event: ChoiceList.Selected) -> None:
        event.stop()
        if 0 <= event.index < len(self.choices):
            self.post_message(self.Chosen(self.choices[event.index]))

    def on_choice_list_highlighted(self, event: ChoiceList.Highlighted) -> None:
        event.stop()
        if 0 <= event.index < len(self.choices):
            self.post_message(self.Highlighted(self.choices[event.index]))
