"""The smaller widgets around the map: status line, hand, mats and the event log.

Each one renders from a ``PlayerView`` handed to it by the screen; none changes the game.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static

from keythedral.lang import _, ngettext, pgettext
from keythedral.tui.widgets.map_looks import SEAT_COLOURS
from keythedral.vocab import COLOURS, CRAFTS
from keythedral.words import terms
from keythedral.words.text import (
    law_name,
    seat_name,
    seats_text,
    short_price,
    worth_text,
)

if TYPE_CHECKING:
    from keythedral.engine import PlayerView

CUBE_STYLE = {
    "wood": "#c08040",
    "stone": "#b0b0b0",
    "food": "#60c060",
    "water": "#60a0ff",
    "wine": "#ff6080",
    "iron": "#ffffff",
    "glass": "#c080ff",
    "gold": "#ffd700",
}
#: The narrowest the mats are (at 80 columns, beside their scroll bar): a store grid wider than
#: the room beside the labels goes under its label.
MATS_WIDTH = 38


def ordinals() -> tuple[str, ...]:
    """The work-order markers' names on the Keythedral mat, in the language in use."""
    # I18N: the five work-order markers on the mat (a few columns each: French "1er", "2e")
    return (
        pgettext("a work-order marker", "1st"),
        pgettext("a work-order marker", "2nd"),
        pgettext("a work-order marker", "3rd"),
        pgettext("a work-order marker", "4th"),
        pgettext("a work-order marker", "5th"),
    )


#: The side column's width from a terminal width up, and the game screen's class for it
#: (keythedral.tcss sets the widths): a wide terminal gives its width to the choices and the
#: recent events, and leaves the map what most boards need at the level that fits the height.
SIDE_WIDTHS = ((0, 38, "-narrow"), (100, 48, "-wide"), (140, 56, "-wider"), (180, 66, "-widest"))
#: The rows from which the recent events show under the choices (on the two wider steps).
RECENT_FROM_ROWS = 40
RECENT_LINES = 60  # the recent events kept there (the whole log is the log pane's, g)
RECENT_LEAST = 6  # the rows they keep however long the list of choices (a title and five)


def side_width(columns: int) -> int:
    """The side column's width in a terminal ``columns`` wide."""
    return [width for start, width, _ in SIDE_WIDTHS if columns >= start][-1]


def seat_label(view: PlayerView, seat: int, tokens: Sequence[str]) -> Text:
    token = tokens[seat] if seat < len(tokens) else "?"
    return Text.assemble(
        (f"{token}", f"bold black on {SEAT_COLOURS[seat % 5]}"), f" {view.players[seat].name}"
    )


def cube_grid(counts: Sequence[int], per_row: int = 4, width: int = 0) -> Text:
    """Eight colours in rows of aligned columns, every colour named.  In ``width`` columns
    (when given) the columns are not aligned, or fewer to a row, where aligned they would run
    past it: the terminal would fold a row between a colour and its count (French "eau" at
    the end of one row, its "0" alone on the next)."""
    cells = [f"{terms.colour(c)} {counts[i]}" for i, c in enumerate(COLOURS[: len(counts)])]
    widths = [len(c) for c in cells]
    for n in range(per_row, 0, -1):
        aligned = [max(widths[col::n]) for col in range(n)]
        if not width or sum(aligned) + n - 1 <= width:
            break
        rows = range(0, len(cells), n)
        if max(sum(widths[i : i + n]) + len(widths[i : i + n]) - 1 for i in rows) <= width:
            aligned = []  # each row as it comes, one space between two colours
            break
    text = Text()
    for i, cell in enumerate(cells):
        col = i % n
        if i and col == 0:
            text.append("\n")
        text.append(cell, style=CUBE_STYLE[COLOURS[i]])
        if col != n - 1 and i != len(cells) - 1:
            text.append(" " * ((aligned[col] - len(cell) if aligned else 0) + 1))
    return text


def update_static(static: Static, content: Text | str, *, layout: bool = True) -> None:
    """``static.update(content)``, unless it shows just that: an update lays out and paints
    the widget again even when nothing changed (most lines around the map, at most moves)."""
    old = static.content
    if type(old) is type(content) and old == content:
        return
    static.update(content, layout=layout)


class SnugSize(Widget):
    """A widget that never scrolls, laid out once when its size changes.

    Textual keeps a widget's virtual size in a reactive that asks for a layout when it
    changes: a text that grows a line is laid out, shown, then laid out and shown again a frame
    later (1/60 s), so the answer to a key takes two frames.  For a widget that never scrolls
    the first layout is already the right one (its children were placed in it): here the
    reactive asks for nothing.

    A mixin, put after the widget class (``class X(Static, SnugSize)``): Textual takes a
    widget's stylesheet types from the first base of each class only.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Snug(Static, SnugSize):
    """A Static laid out once when its text changes its size (:class:`SnugSize`)."""


class StatusBar(Snug):
    """Round, phase, whose decision it is, the start player and the seed."""

    def show(
        self,
        view: PlayerView,
        seats: Sequence[int],
        seed: int | None,
        tokens: Sequence[str],
        labels: Sequence[str] = (),
    ) -> None:
        """``labels``: each seat as the table knows it ('Bob (greedy)' for a computer player);
        the names when not given."""
        phase = terms.phase(view.phase)
        if view.round == 0:
            # I18N: the status line: the part of the game before the first round
            rnd = pgettext("the game's opening", "Layout")
        else:
            # I18N: the status line (one row at 80 columns with the rest)
            rnd = pgettext("a round of the game", "Round {n}").format(n=view.round)
        if view.phase == "layout":
            rnd = ""
        names = labels or [p.name for p in view.players]
        # I18N: the status line: nobody is to act
        who = ", ".join(names[s] for s in seats) or _("nobody")
        text = Text()
        if rnd:
            text.append(f"{rnd} · ", style="bold")
        text.append(phase, style="bold")
        # I18N: the status line (one row at 80 columns): {players}: who is to act
        text.append(" · " + _("to act: {players}").format(players=who))
        # I18N: the status line: {player}: the start player's name
        start = _("start: {player}").format(player=view.players[view.start_player].name)
        text.append(" · " + start)
        if seed is not None:  # a joined game's seed is the host's secret
            # I18N: the status line: the game's seed (a number)
            text.append(" · " + _("seed {seed}").format(seed=seed), style="dim")
        update_static(self, text, layout=False)  # always one line


class HandPanel(Snug):
    """The private screen of the player at the keyboard; nobody's when the screen is shared."""

    _frame: tuple[str | None, str] | None = None  # the titles shown (a name, or None: shared)
    _shown: tuple[PlayerView | None, Sequence[str], str] | None = None  # what ``show`` was given

    def relanguage(self) -> None:
        """The language changed: the frame's titles are set again at the next ``show``."""
        self._frame = None

    def _titles(self, name: str | None, subtitle: str) -> None:
        """The frame's titles, set only when they change (each setting repaints)."""
        if (name, subtitle) == self._frame:
            return
        self._frame = (name, subtitle)
        # A title given as a str is read as markup: the name is shown as it is.
        # I18N: the hand panel's frame (about 30 columns): {whose}: whose hand it shows, as an
        # owner ("Ann's", French "d'Ann")
        private = _("{whose} screen (private)")
        self.border_title = (
            _("Shared screen") if name is None else Content(private.format(whose=terms.whose(name)))
        )
        self.border_subtitle = subtitle

    def on_resize(self) -> None:
        """Another width: the rows of cubes are fitted to it (``cube_grid``)."""
        if self._shown is not None:
            self.show(*self._shown)

    def show(self, view: PlayerView | None, tokens: Sequence[str], note: str = "") -> None:
        self._shown = (view, tokens, note)
        if view is None or view.me is None or view.seat is None:
            self._titles(None, "")
            update_static(
                self, Text(note or _("Nobody's cubes, laws or tiles are shown."), style="dim")
            )
            return
        me = view.me
        seat = view.seat
        text = cube_grid(me.cubes, width=self.content_size.width)
        # What the cubes count for at the end, on the frame: no line of the panel spent on it.
        # I18N: on the hand panel's frame: {worth}: what the cubes are worth at the end
        worth = _("cubes {worth}").format(worth=worth_text(me.cubes, view.config.edition))
        self._titles(view.players[seat].name, worth)
        # I18N: the hand panel: {laws}: the law cards held, comma-separated
        laws = _("laws: {laws}").format(
            # I18N: no law cards held (French "aucune": la loi)
            laws=", ".join(law_name(c) for c in me.laws) if me.laws else pgettext("no law", "none")
        )
        # I18N: the hand panel: {seats}: the building tiles bought
        seats = _("seats: {seats}").format(seats=seats_text(me.buildings, view.config.edition))
        text.append("\n" + laws + "\n" + seats)
        update_static(self, text)


LABEL = 13  # width of the label column of the mats


def labelled(text: Text, label: str, body: Text | str, *, bold: bool = True) -> None:
    """Append 'label    body' lines; continuation lines of body line up under it."""
    if len(text):
        text.append("\n")
    text.append(label.ljust(LABEL), style="bold" if bold else "dim")
    body = body if isinstance(body, Text) else Text(body)
    for i, line in enumerate(body.split("\n")):
        if i:
            text.append("\n" + " " * LABEL)
        text.append_text(line)


def work_order_label() -> str:
    """The label of the work-order markers on the Keythedral mat (not the law card's name)."""
    # I18N: the label of the work-order markers' track on the mat (at most 12 columns); the
    # law card of that name is another message
    return pgettext("a label on the Keythedral mat, at most 12 columns", "Work order")


class KeythedralMat(Static):
    """Stages of building tiles (face up with costs, face down as counts) and work order."""

    def show(self, view: PlayerView) -> None:
        text = Text()
        by_stage: dict[int, list[str]] = {}
        for t in view.tiles:
            # I18N: a building tile: {price} → {value} (its points); "(later)": not for sale yet
            tile = _("{price} → {value}") if t.buyable else _("{price} → {value}  (later)")
            by_stage.setdefault(t.stage, []).append(
                tile.format(price=short_price(t.cost), value=t.value)
            )
        text.append(_("The Keythedral mat"), style="bold underline")
        for stage in range(1, 6):
            down = view.face_down[stage - 1] if stage - 1 < len(view.face_down) else 0
            cells = list(by_stage.get(stage, []))
            if down:
                # I18N: {n}: how many building tiles of the stage are face down
                face_down = ngettext("{n} face down", "{n} face down", down).format(n=down)
                cells.append(f"{'▒' * min(down, 5)} {face_down}")
            if not cells:
                # I18N: every building tile of the stage is bought
                cells = [_("all bought") if stage < view.stage else "-"]
            now = stage == view.stage
            # I18N: a label of the mat (at most 12 columns): a stage of the building tiles
            label = _("Stage {n}").format(n=stage) + (" ◀" if now else "")
            labelled(text, label, "\n".join(cells), bold=now)
        names = ordinals()
        marks = [
            f"{names[i]}→{view.work_order[i] if i < len(view.work_order) else '·'}"
            for i in range(5)
        ]
        order = " ".join(marks[:3]) + "\n" + " ".join(marks[3:])
        labelled(text, work_order_label(), order)
        update_static(self, text)


class KeytownMat(Static):
    """Craftsmen, the store, the law master and the start player."""

    def show(self, view: PlayerView, tokens: Sequence[str]) -> None:
        text = Text()
        text.append(_("The Keytown mat"), style="bold underline")
        smiths = Text()
        for i, craft in enumerate(CRAFTS):
            if i:
                smiths.append("\n")
            # I18N: a craftsman on the mat: {smith}: who; {n}: how many crafts of {craft} are left
            smith = _("{smith}: {n} {craft}").format(
                smith=terms.smith_name(craft), n=view.craftsmen[i], craft=terms.colour(craft)
            )
            smiths.append(smith, style=CUBE_STYLE[craft])
        # I18N: the labels of the mats (at most 12 columns each)
        labelled(text, _("Craftsmen"), smiths)
        store = cube_grid(view.store, 3)
        if any(line.cell_len > MATS_WIDTH - LABEL for line in store.split("\n")):
            # French and Dutch colours are longer: the grid goes under its label, indented
            labelled(text, _("Store"), "")
            for line in store.split("\n"):
                text.append("\n  ")
                text.append_text(line)
        else:
            labelled(text, _("Store"), store)
        labelled(text, _("Trader"), _("any 2 cubes → 1 resource"))
        if view.config.no_laws:
            labelled(text, _("Law master"), _("no laws in this game"))
        else:
            # I18N: a space of the law master holding a law card (5 columns: keep the brackets)
            spaces = " ".join(_("[law]") if full else "[ · ]" for full in view.law_spaces)
            n = view.law_deck
            # I18N: {spaces}: the law master's spaces ("[law] [ · ]"); {n}: the cards in the deck
            master = _("new laws {spaces}").format(spaces=spaces) + "\n"
            master += ngettext("deck {n} cards", "deck {n} cards", n).format(n=n)
            labelled(text, _("Law master"), master)
            played = getattr(view, "law_discard", ())
            if played:
                labelled(text, _("Laws played"), ", ".join(law_name(c) for c in played))
        labelled(text, _("Start player"), seat_label(view, view.start_player, tokens))
        for p in view.players:
            body = seat_label(view, p.seat, tokens)
            # I18N: a player's pieces left on the mat: {cottages}: "3 cottages"; {houses}:
            # "1 house"; {fences}: "2 fences"
            left = _("{cottages}, {houses}, {fences} left").format(
                cottages=ngettext("{n} cottage", "{n} cottages", p.cottages).format(n=p.cottages),
                houses=ngettext("{n} house", "{n} houses", p.houses).format(n=p.houses),
                fences=ngettext("{n} fence", "{n} fences", p.fences_left).format(n=p.fences_left),
            )
            if p.procured_law_this_round:
                left += "\n" + _("has procured a law: done this phase")
            body.append("\n" + left)
            labelled(text, _("Player"), body)
        update_static(self, text)


class EventLog(VerticalScroll):
    """The public log, appended as events happen (long lines wrap; the newest at the bottom).

    A scrolling Static rather than Textual's RichLog, whose import (rich.pretty, and attrs
    where installed) costs the app's first frame ~15 ms.
    """

    MAX_LINES = 2000

    def __init__(self, *, id: str | None = None, max_lines: int = MAX_LINES) -> None:
        super().__init__(id=id)
        self.max_lines = max_lines
        self.seen = 0
        self.lines: list[str] = []
        self.you: int | None = None  # the seat told in the second person (the tutorial's)

    def compose(self) -> ComposeResult:
        yield Static(id="log-text", markup=False)

    def feed(self, view: PlayerView) -> None:
        new = view.log_total - self.seen
        if new <= 0:
            if view.log_total < self.seen:  # an undo went back past logged events
                self.lines.clear()
                self.seen = 0
                new = view.log_total
            else:
                return
        from keythedral.words.narration import narrate  # engine: after the first frame

        events = view.log[-new:] if new <= len(view.log) else view.log
        names = [p.name for p in view.players]
        self.lines.extend(narrate(e, names, self.you) for e in events)
        del self.lines[: -self.max_lines]
        self.seen = view.log_total
        self.query_one("#log-text", Static).update(Text("\n".join(self.lines)))
        self.call_after_refresh(self.scroll_end, animate=False)

    def on_show(self) -> None:
        self.call_after_refresh(self.scroll_end, animate=False)  # the newest events in sight

    def relanguage(self) -> None:
        """The language changed: the lines are told again at the next ``feed`` (those the
        view still holds), none kept in the old one."""
        self.lines.clear()
        self.seen = 0


class RecentEvents(EventLog):
    """The last events, under the choices on a tall wide terminal (keythedral.tcss shows it),
    in the rows the choices leave."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, max_lines=RECENT_LINES)
        self._title()

    def _title(self) -> None:
        # I18N: a frame's title in the side column (about 30 columns)
        self.border_title = _("Recent events · g: the whole log")

    def relanguage(self) -> None:
        super().relanguage()
        self._title()

    def follow(self, view: PlayerView) -> None:
        """At each redraw of the game screen, while it shows: the new events, in the rows of
        the side column the rest leaves, so that the list of choices shows whole whenever it
        can (not fed while it does not show: it catches up after a resize)."""
        if not self.display:
            return
        self.feed(view)
        screen = self.screen
        # Worked out from the text, not the layout, which may not have caught up (a hand
        # just shown): the hand, the prompt and the hint wrapped to the column (less its
        # edge, the hand's frame and padding), and the list's lines as they were wrapped.
        shown = screen.query("#hand, #prompt, #hint").results(Static)
        texts = [str(w.content) for w in shown if w.display]
        width = side_width(screen.size.width) - 5
        wrapped = sum(len(textwrap.wrap(ln, width) or [""]) for t in texts for ln in t.split("\n"))
        lines = screen.query_one("#choices").virtual_size.height  # the list's lines, as wrapped
        room = screen.size.height - 3 - 2  # the status, info and key lines; the hand's frame
        rows = max(RECENT_LEAST, room - wrapped - lines)
        height = self.styles.height
        if height is None or height.value != rows:
            self.styles.height = rows
            self.call_after_refresh(self.scroll_end, animate=False)  # the newest still in sight


def winners_text(view: PlayerView) -> Text:
    """'Ann and Bob win!' (a Text: names are shown as they are, never read as markup)."""
    winners = view.winners or ()
    if not winners:
        return Text("")
    names = [seat_name(view, s) for s in winners]
    if len(names) == 1:
        # I18N: the scores screen: {player}: the winner's name
        return Text(_("{player} wins!").format(player=names[0]))
    players = names[0]
    for name in names[1:]:
        # I18N: "Ann and Bob" (and again for a third: "Ann and Bob and Cy")
        players = _("{these} and {that}").format(these=players, that=name)
    # I18N: the scores screen: {players}: the winners' names ("Ann and Bob")
    return Text(_("{players} win!").format(players=players))
