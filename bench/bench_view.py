"""What a view costs: ``engine.view`` of every state of eight random four-player games.

    python bench/bench_view.py

Each state is viewed by the seat to act and by a spectator; CPU time, best of three; µs a view.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package

from tests.support.policy import choose

from keythedral import engine


def main() -> int:
    states = []
    for g in range(8):
        rng = random.Random(g)
        s = engine.new_game(engine.GameConfig(players=["A", "B", "C", "D"], seed=g))
        while s.to_act:
            states.append(s)
            s = engine.apply(s, choose(s, engine.legal_actions(s), rng))
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        for s in states:
            for seat in (s.to_act[0], None):
                engine.view(s, seat)
        best = min(best, time.process_time() - t)
    n = 2 * len(states)
    print(f"views: {n} in {best:.3f}s = {best / n * 1e6:.2f} us a view")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
