"""Pictures: the end-of-game chart (seats and cubes round by round) and simulate's plots."""

from __future__ import annotations

import asyncio
from functools import cache

from rich.console import Console
from textual.app import App, ComposeResult
from textual.geometry import Region

from keythedral import engine
from keythedral.bots import make_bot
from keythedral.cli import plots, simulate
from keythedral.engine import GameState
from keythedral.tui.widgets import chart
from keythedral.tui.widgets.chart import ScoreChart, chart_text, history
from tests.support.textshot import read


@cache
def finished_game(players: int = 4, seed: int = 5) -> tuple[GameState, ...]:
    cfg = engine.GameConfig(players=["Ann", "Bob", "Cy", "Dee", "Eve"][:players], seed=seed)
    state = engine.new_game(cfg)
    states = [state]
    bots = [make_bot("greedy", s) for s in range(players)]
    while state.to_act:
        seat = state.to_act[0]
        act = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        state = engine.apply(state, act)
        states.append(state)
    return tuple(states)


def plain(renderable: object, width: int = 100) -> str:
    console = Console(width=width, color_system=None, record=True)
    console.print(renderable)
    return console.export_text()


# --- the end-of-game chart ----------------------------------------------------------------
def test_history_has_every_round_and_ends_with_the_final_hands() -> None:
    states = finished_game()
    hist = history(states)
    final = states[-1]
    assert [r.round for r in hist.rounds] == list(range(1, final.round + 1))
    last = hist.rounds[-1]
    hands = engine.view(final, None).final
    assert hands is not None
    assert last.cubes == tuple(tuple(h.cubes) for h in hands)
    assert final.scores is not None and last.seats == tuple(final.scores)  # classic: seats
    for before, after in zip(hist.rounds, hist.rounds[1:], strict=False):
        assert all(a >= b for a, b in zip(after.seats, before.seats, strict=True))


def test_the_chart_names_every_player_and_every_final_figure() -> None:
    hist = history(finished_game())
    text = plain(chart_text(hist, width=100))
    said = " ".join(read(text).split())  # the words, wherever the lines wrap
    assert "bars in seat order: A Ann, B Bob, C Cy, D Dee" in said
    last = hist.rounds[-1]
    for token, seats, cubes in zip(hist.tokens, last.seats, last.cube_counts, strict=True):
        assert f"{token} {seats} seat" in said
        assert f"{token} {cubes} cube" in said
    assert "█" in text and max(len(line) for line in text.splitlines()) <= 100


def test_ascii_chart_is_plain_ascii() -> None:
    text = plain(chart_text(history(finished_game()), width=100, ascii=True, colour=False))
    assert text.isascii() and "#" in text and "Seats" in text


def test_a_narrow_screen_gets_one_strip_per_player() -> None:
    hist = history(finished_game(5))
    text = plain(chart_text(hist, width=28), width=28)
    said = " ".join(read(text).split())  # the words, wherever the lines wrap
    assert "one cell each" in said and "E Eve" in said
    assert max(len(line) for line in text.splitlines()) <= 28


def test_bars_reach_the_top_and_nothing_is_never_drawn() -> None:
    drawn = plain(chart.grouped_bars([[8, 0], [4, 2]], ["1", "2"], height=2), 40)
    rows = [line.rstrip() for line in drawn.splitlines()]
    assert rows == ["8 ┤ █", "  │ █  █▄", "0 ┼─┴──┴──", "    1  2"]
    assert chart._bar_cells(0, 8, 2, False) == [" ", " "]
    assert chart._bar_cells(1, 100, 2, False) == [" ", "▁"]  # anything held shows
    assert chart._bar_cells(8, 8, 2, True) == ["#", "#"]


def test_no_rounds_no_chart() -> None:
    hist = history(finished_game()[:3])
    assert "nothing to chart" in plain(chart_text(hist))


def test_the_chart_widget_follows_the_app_ascii_mode() -> None:
    hist = history(finished_game())

    class Host(App[None]):
        ascii_mode = True

        def compose(self) -> ComposeResult:
            yield ScoreChart(hist, id="chart")

    async def run() -> str:
        app = Host()
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            widget = app.query_one(ScoreChart)
            lines = widget.render_lines(Region(0, 0, *widget.size))
            return "\n".join(line.text for line in lines)

    text = asyncio.run(run())
    assert "Seats" in text and "#" in text and "█" not in text


# --- simulate --plot ----------------------------------------------------------------------
@cache
def summary() -> simulate.Summary:
    return simulate.run(simulate.Setup(bots=("greedy", "random"), games=10, seed=2))


def test_bars_and_whiskers() -> None:
    assert plots.hbar(0.5, 10) == "█████     "
    assert plots.hbar(1 / 16, 2) == "▏ " and plots.hbar(1.5, 3) == "███"
    assert plots.hbar(0.5, 4, ascii=True) == "##  "
    assert plots.whisker(0.0, 0.5, 1.0, 11) == "├────┼────┤"
    assert plots.whisker(0.2, 0.3, 0.4, 11, ascii=True) == "  |+|      "


def test_quartiles_and_histograms() -> None:
    assert plots.quartiles([1, 2, 3, 4, 5]) == (1, 2, 3, 4, 5)
    assert plots.quartiles([]) == (0, 0, 0, 0, 0)
    assert plots.histogram([0, 0, 5, 9], 0, 9, 10) == [2, 0, 0, 0, 0, 1, 0, 0, 0, 1]
    assert plots.spark([0, 1, 4]) == " ▂█"


def test_the_plot_shows_every_bot_with_its_numbers() -> None:
    s = summary()
    text = plain(plots.plot(s, 80), 80)
    for row in s.rows:
        assert row.bot in text and f"{row.win_rate:.1%}" in text
        lo, hi = row.ci95
        assert f"{lo:.0%}–{hi:.0%}" in text
        assert f"mean {row.mean_score:.1f}" in text
    assert "fair share, 50%" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_the_ascii_plot_is_plain_ascii() -> None:
    text = plain(plots.plot(summary(), 80, ascii=True), 80)
    assert text.isascii() and "#" in text
