"""A fingerprint of the engine's behaviour: seeded games hashed step by step.

    python bench/fingerprint.py [--random 200] [--greedy 20]

Plays ``--random`` purposeful-random games (tests/support/policy.py; 2 to 5 players, laws on and
off, the variants in turn) and ``--greedy`` four-greedy games, and hashes, at every step, the legal
list (kinds and fields), the action chosen and the state after it as JSON; for the greedy games
also the view the deciding bot was given.  Prints one hash per part: an optimisation of the
engine or of greedy that changes no behaviour leaves every hash as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests package

from tests.support.policy import choose

from keythedral import engine
from keythedral.bots import make_bot

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def _config(g: int) -> engine.GameConfig:
    players = 2 + g % 4
    return engine.GameConfig(
        players=list(NAMES[:players]),
        seed=5000 + g,
        no_laws=g % 5 == 3,
        open_buildings=g % 7 == 2,
        edition="second" if g % 3 == 1 else "classic",
        long_game=g % 11 == 5,
        reaction_windows="when_possible" if g % 4 == 1 else "always",
    )


def _legal_key(acts: list[engine.Action]) -> bytes:
    return repr([a.model_dump() for a in acts]).encode()


def random_games(n: int) -> str:
    h = hashlib.sha256()
    for g in range(n):
        rng = random.Random(g)
        state = engine.new_game(_config(g))
        h.update(state.model_dump_json().encode())
        while state.to_act:
            acts = engine.legal_actions(state)
            h.update(_legal_key(acts))
            action = choose(state, acts, rng)
            state = engine.apply(state, action)
            h.update(action.model_dump_json().encode())
            h.update(state.model_dump_json().encode())
        assert engine.GameState.model_validate_json(state.model_dump_json()) == state
    return h.hexdigest()


def greedy_games(n: int, players: int = 4) -> str:
    h = hashlib.sha256()
    for g in range(n):
        bots = [make_bot("greedy", 1000 + g * 10 + s) for s in range(players)]
        state = engine.new_game(engine.GameConfig(players=list(NAMES[:players]), seed=1000 + g))
        while state.to_act:
            legal = engine.legal_actions(state)
            h.update(_legal_key(legal))
            seat = state.to_act[0]
            mine = [a for a in legal if a.seat == seat]
            if len(mine) == 1:
                action = mine[0]
            else:
                view = engine.view(state, seat)
                h.update(view.model_dump_json().encode())
                action = bots[seat].choose(view, legal)
            state = engine.apply(state, action)
            h.update(action.model_dump_json().encode())
            h.update(state.model_dump_json().encode())
        h.update(engine.view(state, None).model_dump_json().encode())
    return h.hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--random", type=int, default=200)
    ap.add_argument("--greedy", type=int, default=20)
    args = ap.parse_args()
    print(f"random {args.random}: {random_games(args.random)}")
    print(f"greedy {args.greedy}: {greedy_games(args.greedy)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
