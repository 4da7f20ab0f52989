"""Text charts of a simulation (``keythedral simulate --plot``): win rates and scores.

    Win rates, with 95% Wilson intervals (┆ marks the fair share, 33%)
    greedy    ████████████████████▍       ┆             51.0%
              ├───────────┼───────────┤
    random    ██▏                         ┆              5.5%
            ├──┼───┤
              0%      25%      50%      75%     100%

    Scores, game by game: how often each score came up, and its spread
    greedy    ▁▂▅█▆▃▁        11 ├──[██│██]──┤ 19   mean 15.2
    random   █▅▂▁            0 ├[│█]─┤ 4            mean 1.9

Every figure is also printed as a number, so nothing depends on reading a bar's length; with
``ascii`` the bars are ``#`` and the whiskers ``|-+``.  No Textual here: these are rich
renderables for the console.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from rich.console import Group
from rich.text import Text

from keythedral import lang
from keythedral.lang import _


class _Row(Protocol):
    """What is drawn of one bot (simulate.BotRow)."""

    @property
    def bot(self) -> str: ...
    @property
    def win_rate(self) -> float: ...
    @property
    def ci95(self) -> tuple[float, float]: ...
    @property
    def mean_score(self) -> float: ...


class _Game(Protocol):
    """What is drawn of one game (simulate.GameResult)."""

    @property
    def finished(self) -> bool: ...
    @property
    def scores(self) -> Sequence[int]: ...


class Summary(Protocol):
    """What the charts draw of simulate's Summary, named here so that simulate, which imports
    this module, is not imported back."""

    @property
    def rows(self) -> Sequence[_Row]: ...
    @property
    def results(self) -> Sequence[_Game]: ...


H_EIGHTHS = " ▏▎▍▌▋▊▉█"
V_EIGHTHS = " ▁▂▃▄▅▆▇█"
ASCII_H = " ....####"  # partial cells as '.', whole ones as '#'
ASCII_V = " ..--==##"
BOT_COLOURS = ("#5fafff", "#ff5f5f", "#ffd75f", "#5fd787", "#d787ff")


def hbar(fraction: float, width: int, ascii: bool = False) -> str:
    """A horizontal bar ``fraction`` of ``width`` cells long, to an eighth of a cell."""
    steps = ASCII_H if ascii else H_EIGHTHS
    eighths = max(0, min(width * 8, round(fraction * width * 8)))
    full, part = divmod(eighths, 8)
    return (steps[8] * full + (steps[part] if part else "")).ljust(width)


def _col(fraction: float, width: int) -> int:
    return max(0, min(width - 1, round(fraction * (width - 1))))


def whisker(lo: float, mid: float, hi: float, width: int, ascii: bool = False) -> str:
    """'  ├────┼───┤  ': an interval and its centre on a 0..1 scale of ``width`` cells."""
    a, m, b = _col(lo, width), _col(mid, width), _col(hi, width)
    cells = [" "] * width
    dash, left, right, centre = ("-", "|", "|", "+") if ascii else ("─", "├", "┤", "┼")
    for x in range(a, b + 1):
        cells[x] = dash
    cells[a], cells[b] = left, right
    cells[m] = centre
    return "".join(cells)


def win_rates(summary: Summary, width: int = 80, ascii: bool = False) -> Text:
    """Each bot's win rate as a bar, its 95% interval as a whisker, the fair share marked."""
    label_w = max(len(r.bot) for r in summary.rows) + 2
    bar_w = max(10, width - label_w - 12)  # room for '  100%–100%' after the whisker
    fair = 1 / len(summary.rows)
    fair_col = _col(fair, bar_w)
    mark = ":" if ascii else "┆"
    text = Text(no_wrap=True)
    # I18N: a chart's title: {mark} is the mark drawn at the fair share, {fair} the fair
    # share itself (33%).
    heading = _("Win rates, with 95% Wilson intervals ({mark} marks the fair share, {fair})")
    text.append(heading.format(mark=mark, fair=f"{fair:.0%}"), style="bold")
    for i, r in enumerate(summary.rows):
        colour = BOT_COLOURS[i % len(BOT_COLOURS)]
        bar = list(hbar(r.win_rate, bar_w, ascii))
        if bar[fair_col] == " ":
            bar[fair_col] = mark
        text.append("\n" + r.bot.ljust(label_w))
        text.append("".join(bar), style=f"bold {colour}")
        text.append(lang.number(r.win_rate, "7.1%"))
        lo, hi = r.ci95
        text.append("\n" + " " * label_w)
        text.append(whisker(lo, r.win_rate, hi, bar_w, ascii), style=colour)
        text.append(f"  {lo:.0%}–{hi:.0%}" if not ascii else f"  {lo:.0%}-{hi:.0%}", style="dim")
    axis = [" "] * bar_w
    for q in (0, 0.25, 0.5, 0.75, 1.0):
        label = f"{q:.0%}"
        x = min(bar_w - len(label), max(0, _col(q, bar_w) - len(label) // 2))
        axis[x : x + len(label)] = label
    text.append("\n" + " " * label_w + "".join(axis), style="dim")
    return text


def quartiles(values: Sequence[float]) -> tuple[float, float, float, float, float]:
    """min, first quartile, median, third quartile, max (linear interpolation)."""
    xs = sorted(values)
    if not xs:
        return (0.0, 0.0, 0.0, 0.0, 0.0)

    def q(p: float) -> float:
        k = (len(xs) - 1) * p
        f = math.floor(k)
        c = min(f + 1, len(xs) - 1)
        return xs[f] + (xs[c] - xs[f]) * (k - f)

    return (xs[0], q(0.25), q(0.5), q(0.75), xs[-1])


def histogram(values: Sequence[int], lo: int, hi: int, cells: int) -> list[int]:
    """Counts of ``values`` in ``cells`` equal bins over ``lo..hi`` (inclusive)."""
    counts = [0] * cells
    span = max(1, hi - lo + 1)
    for v in values:
        counts[min(cells - 1, (v - lo) * cells // span)] += 1
    return counts


def spark(counts: Sequence[int], ascii: bool = False) -> str:
    steps = ASCII_V if ascii else V_EIGHTHS
    top = max(counts, default=0)
    if top == 0:
        return " " * len(counts)
    return "".join(steps[max(1, round(c / top * 8))] if c else " " for c in counts)


def box(
    stats: tuple[float, float, float, float, float],
    lo: int,
    hi: int,
    width: int,
    ascii: bool = False,
) -> str:
    """A box plot on a ``lo..hi`` scale: whiskers to min and max, the box from the first to
    the third quartile, the median marked inside."""
    span = max(1, hi - lo)
    xs = [_col((v - lo) / span, width) for v in stats]
    cells = [" "] * width
    dash, left, right = ("-", "|", "|") if ascii else ("─", "├", "┤")
    fill, median, open_, close = ("#", "|", "[", "]") if ascii else ("█", "│", "[", "]")
    for x in range(xs[0], xs[4] + 1):
        cells[x] = dash
    for x in range(xs[1], xs[3] + 1):
        cells[x] = fill
    cells[xs[0]], cells[xs[4]] = left, right
    if xs[3] > xs[1]:
        cells[xs[1]], cells[xs[3]] = open_, close
    cells[xs[2]] = median
    return "".join(cells)


def score_spread(summary: Summary, width: int = 80, ascii: bool = False) -> Text:
    """Per bot: a histogram of its scores and a box plot, on one scale for all bots."""
    done = [g for g in summary.results if g.finished]
    per_bot = [[g.scores[b] for g in done] for b in range(len(summary.rows))]
    all_scores = [s for scores in per_bot for s in scores]
    text = Text(no_wrap=True)
    # I18N: a chart's title.
    heading = _("Scores, game by game: how often each score came up, and its spread")
    text.append(heading, style="bold")
    if not all_scores:
        text.append("\n" + _("no finished games"), style="dim")
        return text
    lo, hi = min(all_scores), max(all_scores)
    label_w = max(len(r.bot) for r in summary.rows) + 2
    plot_w = max(10, (width - label_w - 26) // 2)  # room for '  median 23.5, mean 22.1'
    cells = min(plot_w, hi - lo + 1)
    for i, (r, scores) in enumerate(zip(summary.rows, per_bot, strict=True)):
        colour = BOT_COLOURS[i % len(BOT_COLOURS)]
        text.append("\n" + r.bot.ljust(label_w))
        text.append(spark(histogram(scores, lo, hi, cells), ascii).ljust(plot_w), style=colour)
        text.append(" ")
        stats = quartiles(scores)
        text.append(box(stats, lo, hi, plot_w, ascii), style=f"bold {colour}")
        # I18N: after a bot's box plot: its median and mean scores.
        middle = _("median {median}, mean {mean}")
        said = middle.format(median=lang.number(stats[2]), mean=lang.number(r.mean_score, ".1f"))
        text.append("  " + said, style="dim")
    axis = f"{lo}".ljust(plot_w - len(str(hi))) + f"{hi}"
    text.append("\n" + " " * label_w + axis + " " + axis, style="dim")
    # I18N: the legends under the two charts of scores, each as wide as its chart: the
    # histogram on the left, the box plot (its whiskers, box and median) on the right.
    legend = _("score histogram").ljust(plot_w) + " " + _("min [quartiles | median] max")
    text.append("\n" + " " * label_w + legend, style="dim")
    return text


def plot(summary: Summary, width: int = 80, ascii: bool = False) -> Group:
    """Both charts, one under the other."""
    return Group(win_rates(summary, width, ascii), Text(""), score_spread(summary, width, ascii))
