"""A fingerprint of the ismcts bot's choices at a fixed iteration budget.

    python bench/ismcts_fingerprint.py [players] [iterations]      (defaults: 4 and 60)

Collects the decisions seat 0 faces (with more than one option) in one greedy game of
``players`` and lets ismcts (seed 3, ``iterations`` a move) choose at each; hashes every
choice with the mean reward of every root candidate.  Prints the players, the number of
decisions, the hash and the iterations per second of CPU.  An optimisation of the search that
changes no choice leaves the hash as it was, so more iterations a second are a pure gain.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from typing import Any

from keythedral import engine
from keythedral.bots import IsmctsBot, make_bot

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def moments(players: int, games: int, seed: int) -> list[tuple[Any, list[Any]]]:
    """(view, legal) at each decision of seat 0 with a choice, in greedy games."""
    out = []
    for g in range(games):
        bots = [make_bot("greedy", seed + g * 10 + s) for s in range(players)]
        state = engine.new_game(engine.GameConfig(players=list(NAMES[:players]), seed=seed + g))
        while state.to_act:
            legal = engine.legal_actions(state)
            seat = state.to_act[0]
            view = engine.view(state, seat)
            if seat == 0 and len([a for a in legal if a.seat == 0]) > 1:
                out.append((view, legal))
            state = engine.apply(state, bots[seat].choose(view, legal))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("players", type=int, nargs="?", default=4)
    ap.add_argument("iterations", type=int, nargs="?", default=60)
    args = ap.parse_args()
    ms = moments(args.players, 1, 4000 + args.players)
    h = hashlib.sha256()
    bot = IsmctsBot(seed=3, iterations=args.iterations)
    t = time.process_time()
    for view, legal in ms:
        a = bot.choose(view, legal)
        h.update(repr((a, sorted(bot.last.means.items()))).encode())
    rate = bot.total.iterations / (time.process_time() - t)
    print(args.players, len(ms), h.hexdigest()[:16], f"{rate:.0f} it/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
