"""Engine throughput: transitions and complete games per second under random play.

    python bench/bench_engine.py [--games N] [--players 3 4] [--no-laws] [--profile]

Every step calls ``legal_actions`` and ``apply`` (what a bot or a playout test pays); the move is
chosen by the purposeful-random policy of tests/policy.py, whose own cost is reported apart.
The per-decision table shows where the engine time goes (legal_actions + apply per step, by the
decision the state was waiting for).  ``--profile`` adds a cProfile of the same playouts.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from keythedral import engine
from policy import choose

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def config(players: int, seed: int, no_laws: bool) -> engine.GameConfig:
    return engine.GameConfig(players=list(NAMES[:players]), seed=seed, no_laws=no_laws)


def run(players: int, games: int, no_laws: bool, seed: int) -> dict[str, object]:
    clock = time.perf_counter
    legal_t: dict[str, float] = defaultdict(float)
    apply_t: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    policy_time = 0.0
    steps = 0
    rounds = 0
    start = clock()
    for g in range(games):
        rng = random.Random(seed + g)
        state = engine.new_game(config(players, seed + g, no_laws))
        while state.to_act:
            d = engine.decision(state)
            t0 = clock()
            acts = engine.legal_actions(state)
            t1 = clock()
            action = choose(state, acts, rng)
            t2 = clock()
            state = engine.apply(state, action)
            t3 = clock()
            legal_t[d] += t1 - t0
            apply_t[d] += t3 - t2
            policy_time += t2 - t1
            count[d] += 1
            steps += 1
        rounds += state.round
    wall = clock() - start
    engine_time = sum(legal_t.values()) + sum(apply_t.values())
    return {
        "players": players,
        "games": games,
        "steps": steps,
        "rounds": rounds,
        "wall": wall,
        "engine": engine_time,
        "policy": policy_time,
        "legal": dict(legal_t),
        "apply": dict(apply_t),
        "count": dict(count),
    }


def report(r: dict[str, object]) -> None:
    steps, games, wall, eng = r["steps"], r["games"], r["wall"], r["engine"]
    assert isinstance(steps, int) and isinstance(games, int)
    assert isinstance(wall, float) and isinstance(eng, float)
    laws = "laws off" if r.get("no_laws") else "laws on"
    print(
        f"\n{r['players']} players, {laws}: {games} games, {steps} steps "
        f"({steps / games:.0f} a game, {r['rounds'] / games:.1f} rounds)"  # type: ignore[operator]
    )
    print(f"  transitions/s (legal_actions + apply): {steps / eng:10,.0f}")
    print(f"  transitions/s (with the policy)      : {steps / wall:10,.0f}")
    print(f"  complete games/s (with the policy)   : {games / wall:10.2f}")
    print(f"  policy share of the wall time        : {r['policy'] / wall:10.0%}")  # type: ignore[operator]
    legal, apply_, count = r["legal"], r["apply"], r["count"]
    assert isinstance(legal, dict) and isinstance(apply_, dict) and isinstance(count, dict)
    print(f"  {'decision':<22}{'steps':>8}{'legal µs':>10}{'apply µs':>10}{'share':>8}")
    for d in sorted(count, key=lambda k: -(legal[k] + apply_[k])):
        n = count[d]
        share = (legal[d] + apply_[d]) / eng
        print(
            f"  {d:<22}{n:>8}{legal[d] / n * 1e6:>10.1f}{apply_[d] / n * 1e6:>10.1f}{share:>8.0%}"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="games per player count (default 30)")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4])
    ap.add_argument("--no-laws", action="store_true", help="variation two: no law cards")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--profile", action="store_true", help="print a cProfile of the playouts")
    ap.add_argument("--top", type=int, default=25, help="profile rows to print")
    args = ap.parse_args(argv)

    engine.new_game(config(3, 0, args.no_laws))  # load the catalogue outside the timings
    for players in args.players:
        r = run(players, args.games, args.no_laws, args.seed)
        r["no_laws"] = args.no_laws
        report(r)
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        for players in args.players:
            run(players, args.games, args.no_laws, args.seed)
        prof.disable()
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(args.top)
        print("\nprofile (by own time):")
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
