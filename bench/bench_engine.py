"""Engine throughput: transitions and complete games per second under random play.

    python bench/bench_engine.py [--games N] [--players 3 4] [--no-laws] [--profile]
                                 [--reference PYTHON | --no-reference]

Every step calls ``legal_actions`` and ``apply`` (what a bot or a playout test pays); the move is
chosen by the purposeful-random policy of tests/support/policy.py, whose own cost is reported
apart.  The headline transitions/s replays the games just played (``legal_actions`` + ``apply`` at every
step, no policy, no timer calls in between) and counts CPU time, best of three, so other
programs on the machine disturb it less.  The per-decision table shows where the engine time
goes (legal_actions + apply per step, by the decision the state was waiting for).
``--profile`` adds a cProfile of the same playouts.

The reference is measured in the same run, in a subprocess of another Python that has
catanatron installed (``--reference``, by default /work/refvenv/bin/python when it exists; make
one with ``python3 -m venv /work/refvenv && /work/refvenv/bin/pip install catanatron chess``):
catanatron's random four-player games (actions/s of CPU time over ``Game.play``: at every step
its legal list, the random player's choice and the action applied, best of three batches) and,
when python-chess is there too, random chess playouts (plies/s: ``legal_moves`` + ``push``).
The ratio printed is our replayed transitions/s with 4 players over catanatron's actions/s.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package

from tests.support.policy import choose

from keythedral import engine

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
DEFAULT_REFERENCE = "/work/refvenv/bin/python"

#: Run by the reference Python: catanatron random 4-player games, then python-chess playouts.
REFERENCE_SCRIPT = r"""
import json, random, sys, time
games, repeats = int(sys.argv[1]), int(sys.argv[2])
clock = time.process_time
out = {}
from catanatron import Color, Game, RandomPlayer
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
Game([RandomPlayer(c) for c in colors], seed=1).play()  # warm up
best = None
for _ in range(repeats):
    actions, t = 0, 0.0
    for g in range(games):
        t0 = clock()
        game = Game([RandomPlayer(c) for c in colors], seed=1000 + g)
        game.play()
        t += clock() - t0
        actions += len(game.state.actions)
    if best is None or actions / t > best["actions"] / best["seconds"]:
        best = {"games": games, "actions": actions, "seconds": t}
out["catanatron"] = best
try:
    import chess
except ImportError:
    pass
else:
    best = None
    for _ in range(repeats):
        rng = random.Random(1)
        plies = 0
        t0 = clock()
        for g in range(games):
            board = chess.Board()
            while not board.is_game_over(claim_draw=False):
                board.push(rng.choice(list(board.legal_moves)))
                plies += 1
        t = clock() - t0
        if best is None or plies / t > best["plies"] / best["seconds"]:
            best = {"plies": plies, "seconds": t}
    out["chess"] = best
print(json.dumps(out))
"""


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
    paths: list[list[engine.Action]] = []
    for g in range(games):
        rng = random.Random(seed + g)
        state = engine.new_game(config(players, seed + g, no_laws))
        paths.append(path := [])
        while state.to_act:
            d = engine.decision(state)
            t0 = clock()
            acts = engine.legal_actions(state)
            t1 = clock()
            action = choose(state, acts, rng)
            t2 = clock()
            state = engine.apply(state, action)
            t3 = clock()
            path.append(action)
            legal_t[d] += t1 - t0
            apply_t[d] += t3 - t2
            policy_time += t2 - t1
            count[d] += 1
            steps += 1
        rounds += state.round
    wall = clock() - start
    engine_time = sum(legal_t.values()) + sum(apply_t.values())
    return {
        "replay": replay(players, no_laws, seed, paths),
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


def replay(
    players: int, no_laws: bool, seed: int, paths: list[list[engine.Action]], repeats: int = 3
) -> float:
    """Transitions per second of CPU time replaying the games just played: ``legal_actions``
    and ``apply`` at every step, with no timer calls and no policy in between (best of
    ``repeats``)."""
    steps = sum(len(p) for p in paths)
    best = 0.0
    for _ in range(repeats):
        t0 = time.process_time()
        for g, path in enumerate(paths):
            state = engine.new_game(config(players, seed + g, no_laws))
            for action in path:
                engine.legal_actions(state)
                state = engine.apply(state, action)
        best = max(best, steps / (time.process_time() - t0))
    return best


def report(r: dict[str, object]) -> None:
    steps, games, wall, eng = r["steps"], r["games"], r["wall"], r["engine"]
    assert isinstance(steps, int) and isinstance(games, int)
    assert isinstance(wall, float) and isinstance(eng, float)
    laws = "laws off" if r.get("no_laws") else "laws on"
    print(
        f"\n{r['players']} players, {laws}: {games} games, {steps} steps "
        f"({steps / games:.0f} a game, {r['rounds'] / games:.1f} rounds)"  # type: ignore[operator]
    )
    print(f"  transitions/s (legal_actions + apply): {r['replay']:10,.0f}   (CPU time, replayed)")
    print(f"  transitions/s (timed step by step)   : {steps / eng:10,.0f}")
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


def reference(python: str, games: int, repeats: int) -> dict[str, dict[str, float]] | None:
    """catanatron (and python-chess) figures from ``python`` in a subprocess, or None."""
    try:
        done = subprocess.run(
            [python, "-c", REFERENCE_SCRIPT, str(games), str(repeats)],
            capture_output=True,
            text=True,
            check=True,
            timeout=600,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        err = getattr(exc, "stderr", "") or ""
        print(f"\nreference: could not run {python}: {exc} {err.strip()[-300:]}")
        return None
    got: dict[str, dict[str, float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return got


def report_reference(ref: dict[str, dict[str, float]], ours: float | None) -> None:
    cat = ref["catanatron"]
    rate = cat["actions"] / cat["seconds"]
    print(f"\nreference (same run): catanatron, 4 random players, {cat['games']:.0f} games")
    print(f"  actions/s                            : {rate:10,.0f}")
    print(f"  games/s                              : {cat['games'] / cat['seconds']:10.2f}")
    chess = ref.get("chess")
    if chess:
        print(
            f"  python-chess random playouts, plies/s: {chess['plies'] / chess['seconds']:10,.0f}"
        )
    if ours is not None:
        print(f"  ratio: ours / catanatron             : {ours / rate:10.2f}x")
        if chess:
            print(
                f"  ratio: ours / python-chess           : "
                f"{ours / (chess['plies'] / chess['seconds']):10.2f}x"
            )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="games per player count (default 30)")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4])
    ap.add_argument("--no-laws", action="store_true", help="variation two: no law cards")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--profile", action="store_true", help="print a cProfile of the playouts")
    ap.add_argument("--top", type=int, default=25, help="profile rows to print")
    ap.add_argument(
        "--reference",
        default=DEFAULT_REFERENCE if os.path.exists(DEFAULT_REFERENCE) else None,
        help="a Python with catanatron (and python-chess) installed, run in a subprocess "
        f"(default {DEFAULT_REFERENCE} if it exists)",
    )
    ap.add_argument("--no-reference", action="store_true", help="skip the reference engines")
    ap.add_argument(
        "--ref-games", type=int, default=30, help="games per reference batch (best of 3)"
    )
    args = ap.parse_args(argv)

    engine.new_game(config(3, 0, args.no_laws))  # load the catalogue outside the timings
    ref = None
    if args.no_reference:
        pass
    elif args.reference is None:
        print(
            f"reference: skipped ({DEFAULT_REFERENCE} does not exist; see --help to make it, "
            "or pass --reference PYTHON)"
        )
    else:
        ref = reference(args.reference, args.ref_games, 3)
    ours: float | None = None
    for players in args.players:
        r = run(players, args.games, args.no_laws, args.seed)
        r["no_laws"] = args.no_laws
        report(r)
        if players == 4:
            ours = float(r["replay"])  # type: ignore[arg-type]
    if ref is not None:
        report_reference(ref, ours)
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
