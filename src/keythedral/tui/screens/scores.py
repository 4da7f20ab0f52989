"""The end of the game: scores, the winner(s), and every hand revealed."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.markup import escape
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from keythedral.lang import _, pgettext
from keythedral.tui.bindings import bindings
from keythedral.tui.keys import SCORES
from keythedral.tui.screens.base import BaseScreen
from keythedral.tui.session import bot_kind_name
from keythedral.tui.widgets.chart import History, ScoreChart
from keythedral.tui.widgets.keybar import KeyBar
from keythedral.tui.widgets.panels import seat_label, winners_text
from keythedral.words.text import cubes_text, law_name, seat_tokens, seats_text, worth

if TYPE_CHECKING:
    from keythedral.engine import PlayerView
    from keythedral.tui.app import KeythedralApp


def scores_table(view: PlayerView, bots: Sequence[str | None] = ()) -> Table:
    """``bots``: the computer player of each seat (None for a person), marked by the name."""
    tokens = seat_tokens([p.name for p in view.players])
    table = Table(expand=True, show_lines=False)
    # I18N: the scores table's headings ("seats": the building tiles bought, the seats in the
    # Keythedral); never read as Rich markup
    table.add_column(escape(_("player")), no_wrap=True)
    table.add_column(escape(_("score")), justify="right")
    table.add_column(escape(pgettext("seats in the Keythedral", "seats")))
    table.add_column(escape(_("cubes left (worth)")))
    table.add_column(escape(_("laws in hand")))
    scores = view.scores or ()
    winners = set(view.winners or ())
    edition = view.config.edition
    for hand in view.final or ():
        seat = hand.seat
        name = seat_label(view, seat, tokens)
        if seat < len(bots) and bots[seat]:
            name.append(f" ({bot_kind_name(bots[seat] or '')})")
        if seat in winners:
            # I18N: beside the winner's name in the scores table
            name.append(" " + _("★ winner"), style="bold")
        tiles = seats_text(hand.buildings, edition, total=False)  # the score is beside it
        table.add_row(
            name,
            Text(str(scores[seat]) if seat < len(scores) else "?", style="bold"),
            tiles,
            # I18N: {cubes}: the cubes left; {worth}: what they are worth
            _("{cubes} ({worth})").format(cubes=cubes_text(hand.cubes), worth=worth(hand.cubes)),
            ", ".join(law_name(c) for c in hand.laws) or pgettext("no law", "none"),
        )
    return table


def _quoted(path: Path) -> str:
    import shlex

    return shlex.quote(str(path))


class ScoresScreen(BaseScreen):
    BINDINGS = bindings(SCORES)

    def __init__(
        self,
        view: PlayerView,
        history: History | None = None,
        replay: Path | None = None,
        bots: Sequence[str | None] = (),
    ) -> None:
        super().__init__()
        self.view = view
        self.bots = bots  # the computer player of each seat, None for a person
        self.history = history  # holdings round by round, for the chart
        self.replay = replay  # where the game was written as a replay

    def relanguage(self) -> None:
        """The app's language changed: made again in it (it holds nothing to keep)."""
        self.refresh(recompose=True)

    def compose(self) -> ComposeResult:
        v = self.view
        if v.config.edition == "classic":
            rule = _(
                "Classic scoring: seats count; leftover cubes only break ties. "
                "Cube worth: gold 4, glass 3, iron 2, resources 1."
            )
        else:
            rule = _(
                "Second edition: seats plus the worth of leftover cubes. "
                "Cube worth: gold 4, glass 3, iron 2, resources 1."
            )
        with VerticalScroll(id="scores-body"):
            yield Static(_("The Keythedral is complete"), id="scores-title")
            yield Static(winners_text(v), id="scores-winner")
            yield Static(scores_table(v, self.bots), id="scores-table")
            yield Static(rule, id="scores-rule")
            if self.replay is not None:
                yield Static(
                    Text.assemble(
                        # I18N: the replay file's path follows
                        (_("Replay saved:") + " ", "bold"),
                        str(self.replay),
                        # I18N: the command that shows the replay follows
                        "\n" + _("Watch it again, step by step, with:") + " ",
                        (f"keythedral replay {_quoted(self.replay)}", "bold"),
                    ),
                    id="scores-replay",
                )
            if self.history is not None:
                yield ScoreChart(self.history, id="scores-chart")
        yield KeyBar()
        yield self.compose_too_small()

    def action_new_game(self) -> None:
        cast("KeythedralApp", self.app).action_new_game()

    def action_board(self) -> None:
        self.dismiss(None)
