"""The end-of-game chart: every player's seats and cubes, round by round.

Two grouped bar charts drawn with block characters (eighth blocks for the tops of the bars),
or with ``#`` and friends in ASCII mode::

    Seats: the seat values of the tiles each player holds, at the end of every round
     12 ┤              ▄
        │           █  █▆
      6 ┤        ▆▂ ██ ███
        │  ▂  ▄▂ ██ ██ ███
      0 ┼──┴───┴──┴──┴───┴──
          1   2  3  4   5        bars in seat order: A Ann, B Bob, C Cy

Bars stand in seat order in every round and the legend names the order, so no colour is
needed to tell the players apart (the seat colours are a second cue).  When the rounds do
not fit the width, each player gets a one-line strip instead (one cell per round).

The numbers come from the game's states (``history``), through the public ``view`` only;
:func:`chart_text` draws them; :class:`ScoreChart` is the widget for the scores screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text
from textual.widgets import Static

from keythedral.lang import _, ngettext
from keythedral.words.text import seat_tokens, seat_value, worth

if TYPE_CHECKING:
    from keythedral.engine import GameState

SEAT_COLOURS = ("#ff5f5f", "#5fafff", "#ffd75f", "#5fd787", "#d787ff")
EIGHTHS = " ▁▂▃▄▅▆▇█"
ASCII_EIGHTHS = " ..--==##"  # the same nine heights in ASCII
BOX = {"axis": "│", "tick": "┤", "origin": "┼", "floor": "─", "mark": "┴"}
ASCII_BOX = {"axis": "|", "tick": "+", "origin": "+", "floor": "-", "mark": "+"}


@dataclass(frozen=True)
class RoundRecord:
    """The holdings of every seat at the end of one round (or at the end of the game)."""

    round: int
    seats: tuple[int, ...]  # per seat: the seat values of the tiles it holds
    cubes: tuple[tuple[int, ...], ...]  # per seat: cubes by colour

    @property
    def cube_counts(self) -> tuple[int, ...]:
        return tuple(sum(c) for c in self.cubes)

    @property
    def cube_worth(self) -> tuple[int, ...]:
        return tuple(worth(c) for c in self.cubes)


@dataclass(frozen=True)
class History:
    names: tuple[str, ...]
    rounds: tuple[RoundRecord, ...]

    @property
    def tokens(self) -> tuple[str, ...]:
        return seat_tokens(self.names)


def record(state: GameState) -> RoundRecord:
    """What every seat holds in ``state`` (read through each seat's own view)."""
    from keythedral import engine  # engine: loaded on use only

    seats: list[int] = []
    cubes: list[tuple[int, ...]] = []
    for seat in range(len(state.config.players)):
        me = engine.view(state, seat).me
        assert me is not None
        edition = state.config.edition
        seats.append(sum(seat_value(t, edition) for t in me.buildings))
        cubes.append(tuple(me.cubes))
    return RoundRecord(state.round, tuple(seats), tuple(cubes))


def history(states: Sequence[GameState]) -> History:
    """The holdings at the end of every round of a game, from its states in order (the app's
    session keeps them all).  The layout (round 0) holds nothing and is left out."""
    if not states:
        return History((), ())
    out: list[RoundRecord] = []
    for i, st in enumerate(states):
        last = i + 1 == len(states)
        if st.round >= 1 and (last or states[i + 1].round != st.round):
            out.append(record(st))
    return History(tuple(states[0].config.players), tuple(out))


# --- drawing ------------------------------------------------------------------------------
def _bar_cells(value: float, top: float, height: int, ascii: bool) -> list[str]:
    """The cells of one bar, from the top row down."""
    steps = ASCII_EIGHTHS if ascii else EIGHTHS
    eighths = round(value / top * height * 8) if top > 0 else 0
    if value > 0:
        eighths = max(eighths, 1)  # something held always shows
    cells = []
    for row in range(height - 1, -1, -1):
        fill = min(8, max(0, eighths - row * 8))
        cells.append(steps[fill])
    return cells


def _nice_top(peak: int) -> int:
    """A round top for the axis: 1, 2, 4, 6, 8, 10, 12, 16, 20, 24, 30, 40, ..."""
    for top in (1, 2, 4, 6, 8, 10, 12, 16, 20, 24, 30, 40, 50, 60, 80, 100):
        if peak <= top:
            return top
    return ((peak + 99) // 100) * 100


def grouped_bars(
    series: Sequence[Sequence[int]],
    labels: Sequence[str],
    *,
    height: int = 6,
    ascii: bool = False,
    colours: Sequence[str] | None = None,
) -> Text:
    """A grouped vertical bar chart: ``series[group][member]`` (e.g. round, then seat)."""
    box = ASCII_BOX if ascii else BOX
    members = max((len(g) for g in series), default=0)
    peak = max((v for g in series for v in g), default=0)
    top = _nice_top(max(peak, 1))
    axis_w = len(str(top)) + 1
    columns: list[list[tuple[str, str]]] = []  # one column per cell: (char, style), top down
    marks: list[int] = []  # x positions of the group ticks
    for g in series:
        columns.append([(" ", "")] * height)  # the gap before each group
        marks.append(len(columns) + (members - 1) // 2)
        for m in range(members):
            value = g[m] if m < len(g) else 0
            style = f"bold {colours[m % len(colours)]}" if colours else ""
            columns.append([(c, style) for c in _bar_cells(value, top, height, ascii)])
    columns.append([(" ", "")] * height)
    text = Text(no_wrap=True)
    for row in range(height):
        # Labels at the top, the middle and (on the floor line) zero.
        level = top * (height - row) / height
        label = ""
        if row == 0 or (height >= 4 and row == height // 2):
            label = f"{level:g}"
        text.append(label.rjust(axis_w - 1) + " ", style="dim")
        text.append(box["tick"] if label else box["axis"], style="dim")
        for col in columns:
            ch, style = col[row]
            text.append(ch, style=style)
        text.append("\n")
    text.append("0".rjust(axis_w - 1) + " ", style="dim")
    floor = [box["floor"]] * len(columns)
    for x in marks:
        floor[x] = box["mark"]
    text.append(box["origin"] + "".join(floor), style="dim")
    text.append("\n" + " " * (axis_w + 1))
    under = [" "] * (len(columns) + 4)
    for x, label in zip(marks, labels, strict=False):
        start = max(0, x - (len(label) - 1) // 2)
        for i, ch in enumerate(label):
            if start + i < len(under):
                under[start + i] = ch
    text.append("".join(under).rstrip(), style="dim")
    return text


def strips(
    series: Sequence[Sequence[int]],
    names: Sequence[str],
    *,
    ascii: bool = False,
    colours: Sequence[str] | None = None,
    suffix: Sequence[str] = (),
) -> Text:
    """One line per member: a cell per group, its height the value (for narrow screens)."""
    peak = max((v for g in series for v in g), default=0)
    top = max(peak, 1)
    width = max((len(n) for n in names), default=0)
    text = Text(no_wrap=True)
    for m, name in enumerate(names):
        if m:
            text.append("\n")
        text.append(name.ljust(width) + " ")
        style = f"bold {colours[m % len(colours)]}" if colours else ""
        cells = "".join(
            _bar_cells(g[m] if m < len(g) else 0, top, 1, ascii)[0] or " " for g in series
        )
        text.append(cells, style=style)
        if m < len(suffix):
            text.append(" " + suffix[m], style="dim")
    return text


def chart_text(
    hist: History,
    *,
    width: int = 80,
    ascii: bool = False,
    colour: bool = True,
    height: int = 6,
) -> Group:
    """The whole chart: seats, then cubes held, as grouped bars or (when too wide) strips.

    The bars never wrap; the titles and legends do."""
    n = len(hist.names)
    if not hist.rounds or not n:
        return Group(Text(_("No round was completed, so there is nothing to chart."), style="dim"))
    tokens = hist.tokens
    colours = SEAT_COLOURS if colour else None
    legend = ", ".join(f"{t} {name}" for t, name in zip(tokens, hist.names, strict=True))
    labels = [str(r.round) for r in hist.rounds]
    seats = [r.seats for r in hist.rounds]
    cubes = [r.cube_counts for r in hist.rounds]
    last = hist.rounds[-1]
    peak = max(max(max(s) for s in seats), max(max(c) for c in cubes), 1)
    fits = len(str(_nice_top(peak))) + 3 + len(seats) * (n + 1) + 1 <= width
    seat_finals = [
        # I18N: a player's seat points (the seats in the Keythedral) at the end of the game
        ngettext("{n} seat", "{n} seats", v).format(n=v)
        for v in last.seats
    ]
    cube_finals = [
        # I18N: a player's cubes at the end: {n} cubes, {worth}: what they are worth
        ngettext("{n} cube, worth {worth}", "{n} cubes, worth {worth}", c).format(n=c, worth=w)
        for c, w in zip(last.cube_counts, last.cube_worth, strict=True)
    ]
    parts = (
        (_("Seats: the seat values of the tiles each player holds, at the end of every round"),
         seats, seat_finals),
        (_("Cubes: how many cubes each player holds, at the end of every round"),
         cubes, cube_finals),
    )  # fmt: skip
    out: list[Text] = []
    for i, (title, series, finals) in enumerate(parts):
        out.append(Text(("\n" if i else "") + title, style="bold"))
        if fits:
            out.append(grouped_bars(series, labels, height=height, ascii=ascii, colours=colours))
            # I18N: {legend}: each player's letter and name ("A Ann, B Bob")
            out.append(Text(_("bars in seat order: {legend}").format(legend=legend), style="dim"))
            ends = "; ".join(f"{t} {f}" for t, f in zip(tokens, finals, strict=True))
            # I18N: {ends}: each player's letter and total ("A 12 seats; B 9 seats")
            out.append(Text(_("at the end: {ends}").format(ends=ends), style="dim"))
        else:
            names = [f"{t} {name}" for t, name in zip(tokens, hist.names, strict=True)]
            # I18N: {first}, {last}: round numbers
            each = _("rounds {first} to {last}, one cell each").format(
                first=labels[0], last=labels[-1]
            )
            out.append(Text(each, style="dim"))
            out.append(strips(series, names, ascii=ascii, colours=colours, suffix=finals))
    return Group(*out)


class ScoreChart(Static):
    """The chart of a finished game, for the scores screen.

    ``ascii`` None follows the app (its ``ascii_mode`` attribute, when it has one).
    """

    DEFAULT_CSS = """
    ScoreChart { height: auto; width: 100%; margin-top: 1; }
    """

    def __init__(
        self, hist: History, *, ascii: bool | None = None, id: str | None = None, **kw: Any
    ) -> None:
        super().__init__(id=id, **kw)
        self.history = hist
        self.ascii = ascii

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        ascii = self.ascii
        if ascii is None:
            ascii = bool(getattr(self.app, "ascii_mode", False))
        width = self.size.width or self.app.size.width
        self.update(chart_text(self.history, width=max(20, width), ascii=ascii))
