"""Engine work counted, not timed: machine instructions a replayed transition, under valgrind.

    python bench/bench_instructions.py [--games N] [--repeats R]
    python bench/bench_instructions.py --search N

The games of ``bench_engine`` (four players, laws on, its seeds and policy) are played, then
replayed ``R`` times (``legal_actions`` + ``apply`` at every step, as bench_engine's headline
figure); valgrind's cachegrind counts the instructions of the process once without the replays
and once with them, and the difference over the transitions replayed is printed.  The count does
not depend on what else the machine runs (a shared 2-core machine's timings move by 5% from one
run to the next), so it tells a change of 1% apart; it counts work, not memory stalls, so a
change that allocates less can gain more time than it saves instructions.  The hash seed is
fixed (``PYTHONHASHSEED=0``: the count varies by some 0.2% with it).  Needs ``valgrind``
(about a minute a run: valgrind runs some fifty times slower).

``--search N``: the same for the search bot: ismcts as ``bench_bots.py search`` runs it (its
decisions of two greedy four-player games, seed 1), once at one iteration a move and once at
``N``; the difference over the iterations added is printed: instructions an ismcts iteration
(some two minutes at ``N`` = 21).  An optimisation that keeps the choices
(``ismcts_fingerprint.py``) runs the same iterations, so the counts compare directly.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_engine

from bench_caches import SEED, play
from bench_engine import config

from keythedral import engine


def replay(games: int, repeats: int) -> int:
    """Play the games, replay them ``repeats`` times; the number of transitions replayed."""
    paths = play(games)  # bench_caches' (bench_engine's games)
    for _ in range(repeats):
        for g, path in enumerate(paths):
            state = engine.new_game(config(4, SEED + g, False))
            for action in path:
                engine.legal_actions(state)
                state = engine.apply(state, action)
    return repeats * sum(len(p) for p in paths)


def search(iterations: int) -> int:
    """ismcts at ``iterations`` a move on ``bench_bots.py search``'s decisions; the iterations
    run."""
    from bench_bots import search_moments

    from keythedral.bots import IsmctsBot

    bot = IsmctsBot(seed=1, iterations=iterations)
    for view, legal in search_moments(4, 2, 2000):
        bot.choose(view, legal)
    return bot.total.iterations


def counted(*inner: object) -> tuple[int, int]:
    """(instructions, the number it printed last) of this script run under cachegrind with
    ``--inner`` and ``inner`` (the replay's games and repeats, or ``search`` and iterations)."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--inner",
            *map(str, inner),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},  # the same dict layouts every run
    )
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    assert refs is not None, done.stderr[-500:]
    steps = int(done.stdout.strip().splitlines()[-1])
    return int(refs.group(1).replace(",", "")), steps


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["--inner"]:  # (run under valgrind by ``counted``)
        print(search(int(args[2])) if args[1] == "search" else replay(int(args[1]), int(args[2])))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30, help="four-player games (default 30)")
    ap.add_argument("--repeats", type=int, default=2, help="replays counted (default 2)")
    ap.add_argument("--search", type=int, metavar="N", help="ismcts iterations a move instead")
    opts = ap.parse_args(args)
    if opts.search is not None:
        base, one = counted("search", 1)
        total, many = counted("search", opts.search)
        print(f"ismcts, bench_bots.py search's decisions, {many - one} iterations counted")
        print(f"  instructions an iteration: {(total - base) / (many - one):12,.0f}")
        return 0
    base, _ = counted(opts.games, 0)
    total, steps = counted(opts.games, opts.repeats)
    print(f"{opts.games} games, {steps // opts.repeats} transitions, {opts.repeats} replays")
    print(f"  instructions a transition (legal_actions + apply): {(total - base) / steps:10,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
