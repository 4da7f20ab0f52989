"""Soak the engine with games that seek laws answered by laws (issue 26).

    python bench/soak.py [--games 20000] [--jobs 2] [--first 0] [--replay N]

Plays ``--games`` games with the law-seeking chooser of tests/support/lawfuzz.py, on ``--jobs``
processes: 3 to 5 players, every variant in turn (both window policies, open buildings, the
long game, both editions) and the chooser's shares varied from game to game.  Every step checks
every invariant (tests/support/invariants.py) and the legal list; at every law window every listed
action is applied and the state it leads to checked.  Game ``g`` is fully determined by ``g``, so a
failure prints its config, the chooser and the step, and ``--replay g`` plays it again alone.

At the end it prints the games, steps, law windows with every listed action applied, the laws
played and called off per card, and how often windows stood 2 and 3 deep.  Exit status 1 when
any game failed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package

from tests.support.lawfuzz import FuzzFailure, LawSeeking, fuzz_config, fuzz_game

from keythedral import engine


def game(g: int) -> tuple[engine.GameConfig, LawSeeking]:
    """Game ``g``'s config and chooser (the same for the same ``g``, in any process)."""
    config = fuzz_config(
        3 + g % 3,
        10_000 + g,
        reaction_windows="when_possible" if g // 3 % 2 else "always",
        open_buildings=g % 5 == 1,
        long_game=g % 7 == 3,
        edition="second" if g % 4 == 2 else "classic",
    )
    chooser = LawSeeking(
        answer=(0.6, 0.85, 1.0)[g % 3], own=(0.0, 0.15, 0.4)[g // 5 % 3], procure=0.9
    )
    return config, chooser


class Totals:
    def __init__(self) -> None:
        self.games = self.steps = self.window_applies = 0
        self.laws: Counter[str] = Counter()
        self.called_off: Counter[str] = Counter()
        self.deep: Counter[int] = Counter()
        self.failures: list[str] = []

    def add(self, other: Totals) -> None:
        self.games += other.games
        self.steps += other.steps
        self.window_applies += other.window_applies
        self.laws += other.laws
        self.called_off += other.called_off
        self.deep += other.deep
        self.failures += other.failures


def play(games: range) -> Totals:
    """Play ``games`` in this process."""
    out = Totals()
    for g in games:
        config, chooser = game(g)
        out.games += 1
        try:
            record = fuzz_game(config, g, chooser=chooser)
        except FuzzFailure as exc:
            out.failures.append(f"game {g} ({chooser!r}): {exc}")
            continue
        out.steps += record.steps
        out.window_applies += record.window_applies
        out.laws += record.laws
        out.called_off += record.called_off
        out.deep += record.deep
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--first", type=int, default=0, help="the number of the first game")
    ap.add_argument("--replay", type=int, help="play game N alone and show its failure in full")
    args = ap.parse_args(argv)
    if args.replay is not None:
        config, chooser = game(args.replay)
        print(f"game {args.replay}: {config!r}, {chooser!r}")
        record = fuzz_game(config, args.replay, chooser=chooser)  # raises on a failure
        print(f"ok: {record.steps} steps, laws {dict(record.laws)}")
        return 0
    start = time.perf_counter()
    chunk = 50
    chunks = [
        range(g, min(g + chunk, args.first + args.games))
        for g in range(args.first, args.first + args.games, chunk)
    ]
    totals = Totals()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for i, part in enumerate(pool.map(play, chunks), 1):
            totals.add(part)
            for failure in part.failures:
                print(f"FAILED {failure}", flush=True)
            if i % 20 == 0:
                print(f"  {totals.games} games, {len(totals.failures)} failed", flush=True)
    took = time.perf_counter() - start
    played = sum(totals.laws.values())
    print(f"games {totals.games} ({args.first}..{args.first + args.games - 1}), jobs {args.jobs}")
    print(f"failures {len(totals.failures)}")
    print(f"steps {totals.steps}, listed actions applied at law windows {totals.window_applies}")
    print(f"laws played {played}, called off {sum(totals.called_off.values())}")
    print("  card: played / called off")
    for card in sorted(totals.laws):
        print(f"  {card}: {totals.laws[card]} / {totals.called_off[card]}")
    states = sum(totals.deep.values())
    print(f"states with a window open {states}")
    for depth in sorted(totals.deep):
        print(f"  windows {depth} deep: {totals.deep[depth]} states")
    print(f"{took:.0f} s ({totals.games / took:.1f} games/s)")
    return 1 if totals.failures else 0


if __name__ == "__main__":
    sys.exit(main())
