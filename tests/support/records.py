"""Games for the records tests, also played by the processes those tests start and kill."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from keythedral import engine
from keythedral.engine import GameConfig, GameState


def journey(seed: int) -> Iterator[tuple[list[Any], GameState]]:
    """A game played at random with an undo now and then: the actions and state after each
    step (the same list, changed in place, as the app's session does)."""
    cfg = GameConfig(players=["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    states, acts = [engine.new_game(cfg)], []
    while states[-1].to_act:
        if acts and rng.random() < 0.2:
            acts.pop()
            states.pop()
        else:
            acts.append(rng.choice(engine.legal_actions(states[-1])))
            states.append(engine.apply(states[-1], acts[-1]))
        yield acts, states[-1]
