"""Bot benchmarks: how fast greedy games run, how fast ismcts searches, how strong they are.

    python bench/bench_bots.py speed    [--games 40] [--players 4]
    python bench/bench_bots.py search   [--games 2] [--iterations 100] [--players 4] [--depth N]
                                        [--reference]
    python bench/bench_bots.py coach    [--games 2] [--players 3]
    python bench/bench_bots.py strength --players greedy,random --games 200 [--jobs 2]

``speed`` plays whole greedy games and splits the time per game into the engine
(``legal_actions`` + ``apply``), building the bots' views, and the bots' own thinking.  Times
are CPU time of this process (``time.process_time``), so other programs on the machine do not
inflate them; the wall time is printed too.  Seats with a single legal action play it without
asking the bot, as ``keythedral simulate`` does.

``search`` collects the decisions seat 0 faces in greedy games and lets ismcts search each with
a fixed iteration budget: iterations per second of CPU (one core), per kind of decision.
``--reference`` measures, in the same run and on the same decisions, playouts from phase 1
that play the spending out (``project=off``) instead of projecting it.  For the code before
the playout shortcuts, run this script with ``PYTHONPATH`` pointing at an older checkout.

``coach`` times the coach's suggestion (its search, as the app runs it) on the phase 3 turns of
greedy games, in CPU seconds of one core, beside greedy's quick hint on the same decisions:
how long the app's thread works while the privacy screen is up.

``strength`` is ``keythedral simulate`` with the table printed (see ``--help`` there).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from keythedral import engine
from keythedral.bots import IsmctsBot, make_bot

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_engine, for the reference


def _greedy_games(players: int, games: int, seed: int, split: bool) -> dict[str, float]:
    """Play the greedy games; with ``split``, time the engine, the views and the bots apart."""
    cpu = time.process_time
    t_engine = t_view = t_bot = 0.0
    steps = asked = rounds = 0
    start = cpu()
    for g in range(games):
        bots = [make_bot("greedy", seed + g * 10 + s) for s in range(players)]
        t0 = cpu() if split else 0.0
        state = engine.new_game(engine.GameConfig(players=list(NAMES[:players]), seed=seed + g))
        if split:
            t_engine += cpu() - t0
        while state.to_act:
            if not split:
                legal = engine.legal_actions(state)
                seat = state.to_act[0]
                mine = [a for a in legal if a.seat == seat]
                action = (
                    mine[0] if len(mine) == 1 else bots[seat].choose(view_of(state, seat), legal)
                )
                state = engine.apply(state, action)
                continue
            t0 = cpu()
            legal = engine.legal_actions(state)
            seat = state.to_act[0]
            mine = [a for a in legal if a.seat == seat]
            t1 = cpu()
            if len(mine) == 1:
                action, t2, t3 = mine[0], t1, t1
            else:
                view = view_of(state, seat)
                t2 = cpu()
                action = bots[seat].choose(view, legal)
                t3 = cpu()
                asked += 1
            state = engine.apply(state, action)
            t4 = cpu()
            t_engine += (t1 - t0) + (t4 - t3)
            t_view += t2 - t1
            t_bot += t3 - t2
            steps += 1
        rounds += state.round
    return {
        "total": cpu() - start,
        "engine": t_engine,
        "view": t_view,
        "bot": t_bot,
        "steps": steps,
        "asked": asked,
        "rounds": rounds,
    }


view_of = engine.view


def speed(players: int, games: int, seed: int, reference: str | None) -> None:
    """Whole greedy games: CPU ms a game (best of three runs without timers between the
    steps), then the split of one timed run (its timer calls add a little to each part), and
    catanatron's random four-player game measured in the same run as the reference."""
    engine.new_game(engine.GameConfig(players=["a", "b"]))  # load the catalogue first
    ref = None
    if reference is not None:
        import bench_engine

        ref = bench_engine.reference(reference, 30, 3)
    wall = time.perf_counter()
    best = min(_greedy_games(players, games, seed, split=False)["total"] for _ in range(3))
    wall = (time.perf_counter() - wall) / 3
    r = _greedy_games(players, games, seed, split=True)
    ms = 1000 / games
    asked = r["asked"]
    print(
        f"greedy x {players}, {games} games: {r['steps'] / games:.0f} actions, "
        f"{r['rounds'] / games:.1f} rounds, {asked / games:.0f} bot decisions a game"
    )
    print(f"  CPU per game        : {best * ms:7.1f} ms   ({games / best:.1f} games/s, best of 3)")
    print(f"  timed run, per game : {r['total'] * ms:7.1f} ms   (with a timer around each part)")
    print(f"    engine            : {r['engine'] * ms:7.1f} ms   (legal_actions + apply)")
    print(f"    views             : {r['view'] * ms:7.1f} ms   (engine.view for the bots)")
    print(
        f"    greedy thinking   : {r['bot'] * ms:7.1f} ms   "
        f"({r['bot'] / max(1, asked) * 1e6:.0f} µs a decision)"
    )
    print(f"  wall per game       : {wall * ms:7.1f} ms")
    if ref is not None:
        cat = ref["catanatron"]
        game_ms = cat["seconds"] / cat["games"] * 1000
        print(
            f"  reference (same run): catanatron, 4 random players: {game_ms:.1f} ms a game "
            f"(CPU), {cat['actions'] / cat['seconds']:,.0f} actions/s"
        )
        print(f"  ratio: catanatron's game / a greedy game: {game_ms / (best * ms):.2f}x")
    else:
        print("  reference: skipped (no Python with catanatron; see bench_engine.py --help)")


def bench_default() -> str:
    import bench_engine

    return bench_engine.DEFAULT_REFERENCE


def search_moments(players: int, games: int, seed: int) -> list[tuple[Any, list[Any]]]:
    """(view, legal) at each decision of seat 0 with a choice, in greedy games (``search``'s)."""
    moments = []
    for g in range(games):
        greedy = [make_bot("greedy", s) for s in range(players)]
        state = engine.new_game(engine.GameConfig(players=list(NAMES[:players]), seed=seed + g))
        while state.to_act:
            legal = engine.legal_actions(state)
            seat = state.to_act[0]
            view = engine.view(state, seat)
            if seat == 0 and sum(1 for a in legal if a.seat == 0) > 1:
                moments.append((view, legal))
            state = engine.apply(state, greedy[seat].choose(view, legal))
    return moments


def search(
    players: int, games: int, iterations: int, seed: int, depth: int | None, reference: bool
) -> None:
    moments = search_moments(players, games, seed)
    options = {} if depth is None else {"depth": depth}
    _search(moments, IsmctsBot(seed=1, iterations=iterations, **options), games, players)
    if reference:
        print("reference, the same decisions with the spending played out (project=off):")
        _search(moments, IsmctsBot(seed=1, iterations=iterations, project=False), games, players)


def _search(moments: list, bot: IsmctsBot, games: int, players: int) -> None:
    iterations = bot.iterations
    its: dict[str, int] = defaultdict(int)
    secs: dict[str, float] = defaultdict(float)
    steps: dict[str, int] = defaultdict(int)
    for view, legal in moments:
        t0 = time.process_time()
        bot.choose(view, legal)
        secs[view.decision] += time.process_time() - t0
        its[view.decision] += bot.last.iterations
        steps[view.decision] += bot.last.steps
    total_its, total_secs = sum(its.values()), sum(secs.values())
    print(
        f"ismcts, {iterations} iterations a move, playouts of at most {bot.depth} steps"
        f"{' (spending projected)' if getattr(bot, 'project', False) else ''}, "
        f"{len(moments)} decisions of seat 0 in {games} greedy {players}-player games"
    )
    print(f"  {'decision':<20}{'moves':>7}{'iter/s':>9}{'steps/iter':>12}")
    for d in sorted(its, key=lambda k: -secs[k]):
        n = sum(1 for v, _ in moments if v.decision == d)
        rate = its[d] / secs[d] if secs[d] else 0.0
        print(f"  {d:<20}{n:>7}{rate:>9.0f}{steps[d] / max(1, its[d]):>12.1f}")
    print(
        f"  {'all':<20}{len(moments):>7}{total_its / total_secs:>9.0f}"
        f"{sum(steps.values()) / max(1, total_its):>12.1f}   (per core, CPU time)"
    )


def coach_time(players: int, games: int, seed: int) -> None:
    """CPU time of the coach's suggestion against greedy's hint, per phase 3 turn."""
    from keythedral.bots.coach import suggest
    from keythedral.bots.hints import hint

    cpu = time.process_time
    searched: list[float] = []
    quick: list[float] = []
    for g in range(games):
        config = engine.GameConfig(players=list(NAMES[:players]), seed=seed + g)
        state = engine.new_game(config)
        bot = make_bot("greedy", seed=g)
        while state.to_act:
            seat = state.to_act[0]
            view, legal = engine.view(state, seat), engine.legal_actions(state)
            if engine.decision(state) == "spend" and len(legal) > 1:
                t0 = cpu()
                suggest(view, legal)
                t1 = cpu()
                hint(view, legal)
                searched.append(t1 - t0)
                quick.append(cpu() - t1)
            state = engine.apply(state, bot.choose(view, legal))
    searched.sort()
    n = len(searched)
    mean = sum(searched) / n
    print(f"{n} phase 3 turns of {games} greedy games of {players}")
    print(
        f"coach (search): mean {mean * 1000:.0f} ms, median {searched[n // 2] * 1000:.0f} ms, "
        f"95th percentile {searched[int(n * 0.95)] * 1000:.0f} ms, max {searched[-1] * 1000:.0f} ms"
    )
    ref = sum(quick) / n
    print(f"reference, greedy's hint: mean {ref * 1000:.1f} ms ({mean / ref:.0f}x)")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["strength"]:
        from keythedral.cli import simulate

        return simulate.main(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed", help="greedy games: ms per game, split by engine/view/bot")
    sp.add_argument("--games", type=int, default=40)
    sp.add_argument("--players", type=int, default=4)
    sp.add_argument("--seed", type=int, default=1000)
    sp.add_argument(
        "--reference",
        default=None,
        help="a Python with catanatron (default: bench_engine.py's, if it exists)",
    )
    sp.add_argument("--no-reference", action="store_true")
    se = sub.add_parser("search", help="ismcts iterations per second")
    se.add_argument("--games", type=int, default=2)
    se.add_argument("--players", type=int, default=4)
    se.add_argument("--iterations", type=int, default=100)
    se.add_argument("--seed", type=int, default=2000)
    se.add_argument("--depth", type=int, help="playout steps before the cut (the bot's default)")
    se.add_argument("--reference", action="store_true", help="also with the spending played out")
    co = sub.add_parser("coach", help="the coach's suggestion: CPU time per phase 3 turn")
    co.add_argument("--games", type=int, default=2)
    co.add_argument("--players", type=int, default=3)
    co.add_argument("--seed", type=int, default=3000)
    sub.add_parser("strength", help="keythedral simulate (the same options)")
    args = ap.parse_args(argv)
    if args.what == "speed":
        ref = args.reference
        if ref is None and not args.no_reference:
            import os

            ref = bench_default() if os.path.exists(bench_default()) else None
        speed(args.players, args.games, args.seed, None if args.no_reference else ref)
    elif args.what == "coach":
        coach_time(args.players, args.games, args.seed)
    else:
        search(args.players, args.games, args.iterations, args.seed, args.depth, args.reference)
    return 0


if __name__ == "__main__":
    sys.exit(main())
