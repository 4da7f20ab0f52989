"""Bot benchmarks: how fast greedy games run, how fast ismcts searches, how strong they are.

    python bench/bench_bots.py speed    [--games 40] [--players 4]
    python bench/bench_bots.py search   [--games 2] [--iterations 100] [--players 4] [--depth N]
                                        [--reference]
    python bench/bench_bots.py strength --players greedy,random --games 200 [--jobs 2]

``speed`` plays whole greedy games and splits the time per game into the engine
(``legal_actions`` + ``apply``), building the bots' views, and the bots' own thinking.  Times
are CPU time of this process (``time.process_time``), so other programs on the machine do not
inflate them; the wall time is printed too.  Seats with a single legal action play it without
asking the bot, as ``keythedral simulate`` does.

``search`` collects the decisions seat 0 faces in greedy games and lets ismcts search each with
a fixed iteration budget: iterations per second of CPU (one core), per kind of decision.
``--reference`` measures, in the same run and on the same decisions, playouts that go on to
the end of the round (``depth=1000``, what ismcts did before its playouts were cut short).

``strength`` is ``keythedral simulate`` with the table printed (see ``--help`` there).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict

from keythedral import engine
from keythedral.bots import IsmctsBot, make_bot

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def speed(players: int, games: int, seed: int) -> None:
    engine.new_game(engine.GameConfig(players=["a", "b"]))  # load the catalogue first
    cpu = time.process_time
    t_engine = t_view = t_bot = 0.0
    steps = asked = rounds = 0
    wall = time.perf_counter()
    start = cpu()
    for g in range(games):
        bots = [make_bot("greedy", seed + g * 10 + s) for s in range(players)]
        t0 = cpu()
        state = engine.new_game(engine.GameConfig(players=list(NAMES[:players]), seed=seed + g))
        t_engine += cpu() - t0
        while state.to_act:
            t0 = cpu()
            legal = engine.legal_actions(state)
            seat = state.to_act[0]
            mine = [a for a in legal if a.seat == seat]
            t1 = cpu()
            if len(mine) == 1:
                action, t2, t3 = mine[0], t1, t1
            else:
                view = engine.view(state, seat)
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
    total = cpu() - start
    wall = time.perf_counter() - wall
    ms = 1000 / games
    print(
        f"greedy x {players}, {games} games: {steps / games:.0f} actions, "
        f"{rounds / games:.1f} rounds, {asked / games:.0f} bot decisions a game"
    )
    print(f"  CPU per game        : {total * ms:7.1f} ms   ({games / total:.1f} games/s)")
    print(f"    engine            : {t_engine * ms:7.1f} ms   (legal_actions + apply)")
    print(f"    views             : {t_view * ms:7.1f} ms   (engine.view for the bots)")
    print(
        f"    greedy thinking   : {t_bot * ms:7.1f} ms   "
        f"({t_bot / max(1, asked) * 1e6:.0f} µs a decision)"
    )
    print(f"  wall per game       : {wall * ms:7.1f} ms")


def search(
    players: int, games: int, iterations: int, seed: int, depth: int | None, reference: bool
) -> None:
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
    options = {} if depth is None else {"depth": depth}
    _search(moments, IsmctsBot(seed=1, iterations=iterations, **options), games, players)
    if reference:
        print("reference, the same decisions with playouts to the end of the round:")
        _search(moments, IsmctsBot(seed=1, iterations=iterations, depth=1000), games, players)


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
        f"ismcts, {iterations} iterations a move, playouts cut after {bot.depth} steps, "
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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["strength"]:
        from keythedral import simulate

        return simulate.main(argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed", help="greedy games: ms per game, split by engine/view/bot")
    sp.add_argument("--games", type=int, default=40)
    sp.add_argument("--players", type=int, default=4)
    sp.add_argument("--seed", type=int, default=1000)
    se = sub.add_parser("search", help="ismcts iterations per second")
    se.add_argument("--games", type=int, default=2)
    se.add_argument("--players", type=int, default=4)
    se.add_argument("--iterations", type=int, default=100)
    se.add_argument("--seed", type=int, default=2000)
    se.add_argument("--depth", type=int, help="playout steps before the cut (the bot's default)")
    se.add_argument(
        "--reference", action="store_true", help="also playouts to the end of the round"
    )
    sub.add_parser("strength", help="keythedral simulate (the same options)")
    args = ap.parse_args(argv)
    if args.what == "speed":
        speed(args.players, args.games, args.seed)
    else:
        search(args.players, args.games, args.iterations, args.seed, args.depth, args.reference)
    return 0


if __name__ == "__main__":
    sys.exit(main())
