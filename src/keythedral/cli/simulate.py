"""keythedral simulate: games between bots, for strength and speed.

    keythedral simulate --players greedy,greedy,ismcts,random --games 200 --seed 1 --jobs 2
    keythedral simulate --players ismcts:time=0.25,greedy --games 100 --json

Every game gets its own seed (drawn from ``--seed``) and the bots rotate round the table from
game to game, so each sits in each seat (and starts) equally often when the number of games is
a multiple of the number of players.  A seat with a single legal action plays it without
asking its bot.  ``--jobs`` spreads the games over processes (by default one per core); the
results do not depend on it (apart from the timings): every game is seeded from its index
alone, its bots too, and the results are put back in the order of the games.

Results, per bot: wins (a shared win counts as a share), the win rate with a 95% Wilson
interval, the mean score, and the mean rounds, game length (actions) and time per game (the
bot's thinking, including building its views).  ``--json`` prints them as one JSON object.
``--save-replays DIR`` writes every game as a replay (see ``keythedral.records.replay``).

For scripts and tests: :func:`run` (games -> :class:`Summary`), :func:`play_game`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from keythedral import lang
from keythedral.cli.common import add_variant_options, run_alone, variants_from_args
from keythedral.lang import _, ngettext
from keythedral.lexicon import name_problem
from keythedral.records import replay
from keythedral.safetext import printable

# The engine and the bots load when a simulation runs, not when the CLI builds its parser:
# ``keythedral`` itself must start at once.

#: A game still running after this many rounds is stopped and counted as unfinished.
MAX_ROUNDS = 300


@dataclass(frozen=True)
class Setup:
    """What to simulate: the bot specs (one per seat), the games and the variants."""

    bots: tuple[str, ...]
    games: int = 100
    seed: int = 1
    no_laws: bool = False
    open_buildings: bool = False
    long_game: bool = False
    edition: str = "classic"
    reaction_windows: str = "always"
    rotate: bool = True
    max_rounds: int = MAX_ROUNDS
    keep_actions: bool = False

    @property
    def labels(self) -> tuple[str, ...]:
        """Unique names for the bots: 'greedy', 'greedy#2', ... (printable: they are shown)."""
        seen: dict[str, int] = {}
        out = []
        for spec in self.bots:
            seen[spec] = seen.get(spec, 0) + 1
            label = printable(spec, keep="")
            out.append(label if seen[spec] == 1 else f"{label}#{seen[spec]}")
        return tuple(out)

    @property
    def names(self) -> tuple[str, ...]:
        """The bots' names as players of a game: their labels, or, for a label that cannot be
        a player's name (too long: 'ismcts:iterations=3:width=3'), 'bot 1 (ismcts)' (no label
        starts with 'bot ', so the names stay distinct)."""
        return tuple(
            label
            if name_problem(label) is None
            else f"bot {i + 1} ({label.split(':')[0].strip().lower()})"
            for i, label in enumerate(self.labels)
        )

    def variants(self) -> dict[str, Any]:
        return {
            "no_laws": self.no_laws,
            "open_buildings": self.open_buildings,
            "long_game": self.long_game,
            "edition": self.edition,
            "reaction_windows": self.reaction_windows,
        }

    def game_seed(self, index: int) -> int:
        from keythedral.bots.base import stable_seed  # engine: only when the command runs

        return stable_seed("game", self.seed, index) % (1 << 31)

    def seating(self, index: int) -> tuple[int, ...]:
        """For each seat, the index of the bot (in ``bots``) sitting there in game ``index``."""
        n = len(self.bots)
        r = index % n if self.rotate else 0
        return tuple((s + r) % n for s in range(n))


@dataclass
class GameResult:
    """One game, with everything indexed by bot (the position in ``Setup.bots``), not seat."""

    index: int
    seed: int
    seating: tuple[int, ...]
    finished: bool
    rounds: int
    actions: int
    scores: list[int]
    wins: list[float]
    seconds: list[float]
    decisions: list[int]
    wall: float
    moves: list[Any] = field(default_factory=list)


class BotFailure(RuntimeError):
    """A bot returned something that is not one of its legal actions."""


def play_game(setup: Setup, index: int) -> GameResult:
    """Play game ``index`` of ``setup`` to its end (or to ``max_rounds``)."""
    from keythedral import engine  # engine: only when the command runs
    from keythedral.bots import make_bot  # engine: only when the command runs
    from keythedral.bots.base import stable_seed  # engine: only when the command runs

    clock = time.perf_counter
    start = clock()
    seating = setup.seating(index)
    labels = setup.labels
    seed = setup.game_seed(index)
    n = len(seating)
    names = setup.names
    config = engine.GameConfig(players=[names[b] for b in seating], seed=seed, **setup.variants())
    bots = [make_bot(setup.bots[b], stable_seed("bot", setup.seed, index, b)) for b in seating]
    seconds = [0.0] * n
    decisions = [0] * n
    moves: list[Any] = []
    state = engine.new_game(config)
    steps = 0
    while state.to_act and state.round <= setup.max_rounds:
        legal = engine.legal_actions(state)
        seat = state.to_act[0]
        mine = [a for a in legal if a.seat == seat]
        if len(mine) == 1:
            action = mine[0]
        else:
            t0 = clock()
            action = bots[seat].choose(engine.view(state, seat), legal)
            seconds[seat] += clock() - t0
            decisions[seat] += 1
            if action not in mine:
                raise BotFailure(
                    f"game {index} (seed {seed}): {labels[seating[seat]]} at seat {seat} chose "
                    f"{action!r}, which is not one of its {len(mine)} legal actions"
                )
        state = engine.apply(state, action)
        steps += 1
        if setup.keep_actions:
            moves.append(action)
    finished = state.winners is not None
    by_bot: list[list[Any]] = [[0, 0.0, 0.0, 0] for _ in range(n)]
    for s, b in enumerate(seating):
        score = state.scores[s] if state.scores is not None else 0
        won = 1.0 / len(state.winners) if state.winners and s in state.winners else 0.0
        by_bot[b] = [score, won, seconds[s], decisions[s]]
    return GameResult(
        index=index,
        seed=seed,
        seating=seating,
        finished=finished,
        rounds=state.round,
        actions=steps,
        scores=[x[0] for x in by_bot],
        wins=[x[1] for x in by_bot],
        seconds=[x[2] for x in by_bot],
        decisions=[x[3] for x in by_bot],
        wall=clock() - start,
        moves=moves,
    )


# --- statistics -----------------------------------------------------------------------------
def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (fractional successes allowed)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotRow:
    bot: str
    spec: str
    games: int
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float
    mean_rounds: float
    mean_actions: float
    seconds_per_game: float
    decisions_per_game: float
    ms_per_decision: float


@dataclass
class Summary:
    bots: list[str]
    games: int
    finished: int
    seed: int
    variants: dict[str, Any]
    rows: list[BotRow]
    mean_rounds: float
    mean_actions: float
    wall_seconds: float
    jobs: int
    results: list[GameResult] = field(default_factory=list, repr=False)

    def to_dict(self, games: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "bots": self.bots,
            "games": self.games,
            "finished": self.finished,
            "seed": self.seed,
            "variants": self.variants,
            "mean_rounds": self.mean_rounds,
            "mean_actions": self.mean_actions,
            "wall_seconds": self.wall_seconds,
            "jobs": self.jobs,
            "fair_share": 1 / len(self.bots),
            "results": [asdict(r) for r in self.rows],
        }
        if games:
            out["per_game"] = [
                {k: v for k, v in asdict(g).items() if k != "moves"} for g in self.results
            ]
        result: dict[str, Any] = json.loads(json.dumps(out))  # tuples -> lists: plain JSON
        return result


def summarize(setup: Setup, results: Sequence[GameResult], wall: float, jobs: int) -> Summary:
    results = sorted(results, key=lambda g: g.index)
    done = [g for g in results if g.finished]
    k = len(done)
    rows = []
    for b, (label, spec) in enumerate(zip(setup.labels, setup.bots, strict=True)):
        wins = sum(g.wins[b] for g in done)
        decisions = sum(g.decisions[b] for g in results)
        seconds = sum(g.seconds[b] for g in results)
        rows.append(
            BotRow(
                bot=label,
                spec=spec,
                games=k,
                wins=wins,
                win_rate=wins / k if k else 0.0,
                ci95=wilson(wins, k),
                mean_score=sum(g.scores[b] for g in done) / k if k else 0.0,
                mean_rounds=sum(g.rounds for g in done) / k if k else 0.0,
                mean_actions=sum(g.actions for g in done) / k if k else 0.0,
                seconds_per_game=seconds / len(results) if results else 0.0,
                decisions_per_game=decisions / len(results) if results else 0.0,
                ms_per_decision=1000 * seconds / decisions if decisions else 0.0,
            )
        )
    return Summary(
        bots=list(setup.labels),
        games=len(results),
        finished=k,
        seed=setup.seed,
        variants=setup.variants(),
        rows=rows,
        mean_rounds=sum(g.rounds for g in done) / k if k else 0.0,
        mean_actions=sum(g.actions for g in done) / k if k else 0.0,
        wall_seconds=wall,
        jobs=jobs,
        results=list(results),
    )


# --- running --------------------------------------------------------------------------------
def default_jobs() -> int:
    """One process per core (``--jobs`` unset)."""
    return os.cpu_count() or 1


def _play_chunk(setup: Setup, indexes: Sequence[int]) -> list[GameResult]:
    return [play_game(setup, i) for i in indexes]


def run(
    setup: Setup,
    jobs: int = 1,
    on_game: Callable[[GameResult], None] | None = None,
) -> Summary:
    """Play every game of ``setup`` (over ``jobs`` processes); ``on_game`` hears each result."""
    start = time.perf_counter()
    results: list[GameResult] = []
    jobs = max(1, min(jobs, setup.games))
    if jobs == 1:
        for i in range(setup.games):
            g = play_game(setup, i)
            results.append(g)
            if on_game is not None:
                on_game(g)
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        # Small chunks keep the progress bar moving and the processes evenly loaded.
        per = max(1, min(8, setup.games // (jobs * 8)))
        chunks = [list(range(i, min(i + per, setup.games))) for i in range(0, setup.games, per)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_chunk, setup, c) for c in chunks]
            for fut in as_completed(futures):
                for g in fut.result():
                    results.append(g)
                    if on_game is not None:
                        on_game(g)
    return summarize(setup, results, time.perf_counter() - start, jobs)


def save_replays(summary: Summary, setup: Setup, folder: Path) -> list[Path]:
    """Write every game of a run made with ``keep_actions`` as a replay file in ``folder``."""
    from keythedral import engine  # engine: only when the command runs

    paths = []
    names = setup.names
    for g in summary.results:
        config = engine.GameConfig(
            players=[names[b] for b in g.seating], seed=g.seed, **setup.variants()
        )
        rp = replay.Replay(
            config=config,
            actions=tuple(g.moves),
            seats=tuple(setup.bots[b] for b in g.seating),
        ).with_result()
        paths.append(replay.save(rp, folder / f"game-{g.index + 1:04d}.json"))
    return paths


# --- presentation ---------------------------------------------------------------------------
def table(summary: Summary) -> Any:
    """The results as a rich Table."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    fair = 1 / len(summary.bots)
    unfinished = summary.games - summary.finished
    # I18N: the table's title: {n} games finished, {players} players, {seed} the base seed.
    # (The English keeps "games" for one game too.)
    title = ngettext(
        "{n} games · {players} players · seed {seed}",
        "{n} games · {players} players · seed {seed}",
        summary.finished,
    )
    if unfinished:
        # I18N: the table's caption: {fair} the fair share (33%), {seconds} the run's time,
        # {n} how many processes ran the games, {unfinished} how many games did not finish.
        caption = ngettext(
            "fair share {fair}; shared wins count as shares; 95% Wilson intervals; "
            "{seconds} s on {n} process; {unfinished} unfinished",
            "fair share {fair}; shared wins count as shares; 95% Wilson intervals; "
            "{seconds} s on {n} processes; {unfinished} unfinished",
            summary.jobs,
        )
    else:
        # I18N: the table's caption: {fair} the fair share (33%), {seconds} the run's time,
        # {n} how many processes ran the games.
        caption = ngettext(
            "fair share {fair}; shared wins count as shares; 95% Wilson intervals; "
            "{seconds} s on {n} process",
            "fair share {fair}; shared wins count as shares; 95% Wilson intervals; "
            "{seconds} s on {n} processes",
            summary.jobs,
        )
    t = Table(
        box=box.SIMPLE_HEAD,
        title=title.format(n=summary.finished, players=len(summary.bots), seed=summary.seed),
        caption=caption.format(
            fair=lang.number(fair, ".0%"),
            seconds=lang.number(summary.wall_seconds, ".1f"),
            n=summary.jobs,
            unfinished=unfinished,
        ),
    )
    # I18N: the table's column headings (a computer player, its wins, ...).
    t.add_column(_("bot"), overflow="fold")
    t.add_column(_("wins"), justify="right", no_wrap=True)
    t.add_column(_("win rate (95% CI)"), justify="right", no_wrap=True)
    t.add_column(_("score"), justify="right", no_wrap=True)
    # I18N: the game's rounds (not turns), a column heading.
    t.add_column(_("rounds"), justify="right", no_wrap=True)
    t.add_column(_("actions"), justify="right", no_wrap=True)
    t.add_column(_("time/game"), justify="right", no_wrap=True)
    for r in summary.rows:
        lo, hi = r.ci95
        t.add_row(
            Text(r.bot),  # a label is shown as it is, never read as markup
            lang.number(r.wins),
            # I18N: a win rate and its 95% interval in the simulation's table: "45.2% (40%–50%)"
            _("{rate} ({low}–{high})").format(
                rate=lang.number(r.win_rate, ".1%"),
                low=lang.number(lo, ".0%"),
                high=lang.number(hi, ".0%"),
            ),
            lang.number(r.mean_score, ".2f"),
            lang.number(r.mean_rounds, ".1f"),
            f"{r.mean_actions:.0f}",
            _seconds(r.seconds_per_game),
        )
    return t


def _seconds(s: float) -> str:
    """A game's time in the simulation's table, "12.5 ms" or "1.25 s"."""
    if s < 1:
        # I18N: a time in milliseconds in the simulation's table ("12.5 ms")
        return _("{n} ms").format(n=lang.number(s * 1000, ".1f"))
    # I18N: a time in seconds in the simulation's table ("1.25 s")
    return _("{n} s").format(n=lang.number(s, ".2f"))


# --- the command line -----------------------------------------------------------------------
def add_simulate_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``keythedral simulate`` to an argparse subparsers object (``run_simulate`` runs it)."""
    # I18N: the bots' names (random, greedy, ismcts, coach, easy, normal, hard) and their
    # options (iterations, time, c, width, ...) are words of the command line: keep them.
    bots = _(
        "Bots: random (any legal action), greedy (a quick heuristic), ismcts (Monte Carlo search "
        "over what it cannot see; options iterations, time, c, width, depth, epsilon, margin), "
        "coach (every move the coach would suggest: a short search; options iterations, "
        "time); or a strength level: easy (greedy with slips), normal (greedy), hard (ismcts, "
        "1 s a move). Options follow a bot's name after colons, e.g. ismcts:time=0.25 or "
        "ismcts:iterations=500:c=0.5."
    )
    p: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help=_("play games between computer players and tabulate the results"),
        description=_("keythedral simulate: games between bots, for strength and speed.")
        + "\n\n"
        + bots,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--players",
        dest="sim_bots",
        required=True,
        metavar="BOT,BOT,...",
        help=_("one bot per seat, comma-separated (2 to 5), e.g. greedy,greedy,ismcts,random"),
    )
    p.add_argument(
        "--games",
        dest="sim_games",
        type=int,
        default=100,
        metavar="N",
        help=_("games (default 100)"),
    )
    p.add_argument(
        "--seed", dest="sim_seed", type=int, default=1, metavar="N", help=_("base seed (default 1)")
    )
    p.add_argument(
        "--jobs",
        dest="sim_jobs",
        type=int,
        default=None,
        metavar="N",
        help=_(
            "processes to spread the games over (default: one per core); the results are the "
            "same with any number"
        ),
    )
    p.add_argument("--json", dest="sim_json", action="store_true", help=_("print JSON, no table"))
    p.add_argument(
        "--per-game",
        dest="sim_per_game",
        action="store_true",
        help=_("with --json: every game too"),
    )
    p.add_argument(
        "--save-replays",
        dest="sim_replays",
        type=Path,
        metavar="DIR",
        help=_("write every game as a replay file into DIR"),
    )
    p.add_argument(
        "--no-rotate",
        dest="sim_no_rotate",
        action="store_true",
        help=_("keep every bot in its seat (by default they rotate game by game)"),
    )
    add_variant_options(
        p,
        prefix="sim_",
        helps={
            "no_laws": _("variant: no laws"),
            # I18N: classic is a word of the command line: keep it.
            "edition": _("scoring edition (default classic)"),
            # I18N: always is a word of the command line: keep it.
            "reaction_windows": _("when law-card windows open (default always)"),
        },
    )
    p.add_argument("--quiet", dest="sim_quiet", action="store_true", help=_("no progress bar"))
    p.add_argument(
        "--plot",
        dest="sim_plot",
        action="store_true",
        help=_("also draw the win rates and the spread of scores as text charts"),
    )
    p.add_argument(
        "--ascii", dest="sim_ascii", action="store_true", help=_("with --plot: plain ASCII charts")
    )
    p.set_defaults(func=run_simulate)
    return p


def setup_from_args(args: argparse.Namespace) -> Setup:
    """The Setup the command line asks for; BotSpecError when it asks for something wrong."""
    # engine: only when the command runs
    from keythedral.bots import BotSpecError, make_bot, parse_spec

    specs = tuple(s.strip() for s in args.sim_bots.split(",") if s.strip())
    if not 2 <= len(specs) <= 5:
        # I18N: {n} is how many players were named.
        raise BotSpecError(_("Keythedral needs 2 to 5 players, not {n}").format(n=len(specs)))
    for spec in specs:
        make_bot(spec)  # fail early, with a clear message, on a bad name or option
        parse_spec(spec)
    if args.sim_games < 1:
        raise BotSpecError(_("--games must be at least 1"))
    return Setup(
        bots=specs,
        games=args.sim_games,
        seed=args.sim_seed,
        rotate=not args.sim_no_rotate,
        keep_actions=args.sim_replays is not None,
        **variants_from_args(args, prefix="sim_"),
    )


def run_simulate(args: argparse.Namespace) -> int:
    """``keythedral simulate``: 0 on success, 2 on bad arguments."""
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from keythedral.bots import BotSpecError  # engine: only when the command runs

    try:
        setup = setup_from_args(args)
    except BotSpecError as exc:
        print(printable(f"keythedral simulate: {exc}"), file=sys.stderr)
        return 2
    err = Console(stderr=True)
    jobs = default_jobs() if args.sim_jobs is None else max(1, args.sim_jobs)
    if args.sim_quiet:
        summary = run(setup, jobs)
    else:
        with Progress(
            # I18N: the progress bar's words: "simulating ━━━━ 12/100 games".
            TextColumn("[bold]" + escape(_("simulating"))),
            BarColumn(),
            MofNCompleteColumn(),
            # I18N: games played, after a count (12/100).
            TextColumn(escape(_("games"))),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err,
            transient=args.sim_json,
        ) as progress:
            task = progress.add_task("games", total=setup.games)
            summary = run(setup, jobs, on_game=lambda g: progress.advance(task))
    if args.sim_replays is not None:
        paths = save_replays(summary, setup, args.sim_replays)
        # I18N: {n} is how many replay files were written, {folder} where.  (The English keeps
        # "replays" for one too.)
        written = ngettext(
            "{n} replays written to {folder}", "{n} replays written to {folder}", len(paths)
        )
        folder = printable(str(args.sim_replays))
        err.print(written.format(n=len(paths), folder=folder), markup=False)
    if args.sim_json:
        print(json.dumps(summary.to_dict(games=args.sim_per_game), indent=2))
    else:
        Console().print(table(summary))
    if getattr(args, "sim_plot", False):
        from keythedral.cli.plots import plot  # rich: only for --plot

        out = err if args.sim_json else Console()  # JSON keeps stdout to itself
        out.print(plot(summary, width=min(out.width, 100), ascii=args.sim_ascii))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run as ``python -m keythedral.cli.simulate ...`` (the same options as the subcommand)."""
    return run_alone("simulate", add_simulate_parser, argv)


if __name__ == "__main__":
    sys.exit(main())
