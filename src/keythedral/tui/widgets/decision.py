"""The generic decision panel: every legal choice of the seat at the keyboard, one per line.

Whatever the engine asks (and whatever it will ask once new action kinds appear), the choices
are listed here with a one-line description and a key; Enter or the key chooses.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Offset
from textual.message import Message
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

# The lines themselves are plain data (tui/choices.py, no Textual); read from here too.
from keythedral.tui.choices import Cell, Choice
from keythedral.tui.choices import hotkeys as hotkeys
from keythedral.tui.widgets.panels import Snug, SnugSize, side_width, update_static


class Lines(Visual):
    """A choice's label, already wrapped: each line is drawn as it is (see ChoiceList)."""

    def __init__(self, lines: list[Content]) -> None:
        self.lines = lines

    def render_strips(
        self, width: int, height: int | None, style: Style, options: object
    ) -> list[Strip]:
        return [Strip(line.render_segments(style)) for line in self.lines[:height]]

    def get_optimal_width(self, rules: object, container_width: int) -> int:
        return max(line.cell_length for line in self.lines)

    def get_height(self, rules: object, width: int) -> int:
        return len(self.lines)


class ChoiceOption(Option):
    """An option whose label is a :class:`Lines`: the list needs no wrapping to lay it out."""

    def __init__(self, lines: list[Content]) -> None:
        super().__init__(Content("\n").join(lines))
        self.lines = Lines(lines)
        self.key = tuple(line.plain for line in lines)


def option_height(option: Option) -> int:
    """The lines an option takes in the list (a choice's label is wrapped already)."""
    if isinstance(option, ChoiceOption):
        return len(option.lines.lines)
    return len(str(option.prompt).splitlines()) or 1


class ChoiceList(OptionList):
    """The list itself (Enter, up/down, mouse).

    While it has the focus, the terminal's own cursor sits on the highlighted line, so that
    screen readers and magnifiers follow the selection.

    A line is drawn straight from its label's segments, and kept in a cache that outlives the
    list of choices: the next decision's list shares many of its lines ("pass", "procure law
    card 1", ...), which are then not drawn again."""

    _width = -1  # the width the lines were rendered for

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: dict[tuple[object, ...], list[Strip]] = {}

    def _get_visual(self, option: Option) -> Visual:
        if isinstance(option, ChoiceOption):
            return option.lines
        return super()._get_visual(option)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        if not isinstance(option, ChoiceOption):
            return super()._get_option_render(option, style)
        width = self.scrollable_content_region.width
        index = self._option_to_index[option]
        key = (option.key, index, style, width)
        strips = self._drawn.get(key)
        if strips is None:
            if len(self._drawn) > 2048:
                self._drawn.clear()
            rich_style = style.rich_style
            meta = {"option": index}
            strips = [
                Strip(line.render_segments(style))
                .extend_cell_length(width, rich_style)
                .apply_meta(meta)
                for line in option.lines.lines
            ]
            self._drawn[key] = strips
        return strips

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self.track_cursor()

    @on(events.Resize)
    def _keep_lines(self, event: events.Resize) -> None:
        """A new height alone (the prompt above took one line more or less) keeps the lines
        drawn: OptionList would render them all again, a frame after every such decision."""
        if event.size.width == self._width:
            event.prevent_default()  # OptionList._on_resize: its caches are kept
        self._width = event.size.width

    def on_focus(self) -> None:
        self.track_cursor()

    def cursor_offset(self) -> Offset | None:
        """The screen cell where the highlighted line's text starts (None if out of sight)."""
        if self.highlighted is None:
            return None
        line = sum(option_height(o) for o in self.options[: self.highlighted])
        region = self.content_region
        offset = Offset(region.x + 3, region.y + line - int(self.scroll_y))
        return offset if region.contains(*offset) else None

    def track_cursor(self) -> None:
        if self.has_focus and (offset := self.cursor_offset()) is not None:
            self.app.cursor_position = offset


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
        with ol.prevent(OptionList.OptionHighlighted):  # the screen follows the first line
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
            with ol.prevent(OptionList.OptionHighlighted):
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
        with self.option_list.prevent(OptionList.OptionHighlighted):
            self.option_list.highlighted = i

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.choices):
            self.post_message(self.Chosen(self.choices[event.option_index]))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.choices):
            self.post_message(self.Highlighted(self.choices[event.option_index]))
