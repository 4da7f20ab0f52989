"""Games for the tests of saves and records, also played by the processes those tests start and
kill."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
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


def played(
    steps: int = 30,
    seed: int = 3,
    until: Callable[[GameState], bool] | None = None,
    **variants: Any,
) -> tuple[GameConfig, list[engine.Action], GameState]:
    """A game of three (Ann, Bob, Cy) played by random legal actions, ``seed`` seeding the game
    and the choices: ``steps`` actions, or as many as it takes for ``until(state)`` to hold."""
    cfg = GameConfig(players=["Ann", "Bob", "Cy"], seed=seed, **variants)
    state, rng, actions = engine.new_game(cfg), random.Random(seed), []
    while not until(state) if until is not None else len(actions) < steps:
        a = rng.choice(engine.legal_actions(state))
        state = engine.apply(state, a)
        actions.append(a)
    return cfg, actions, state


def before_any_pass(state: GameState) -> bool:
    """Round 2 or later, phase 3, nobody has passed yet and no payment is waiting."""
    return (
        state.round >= 2 and state.phase == "spend" and state.passes == 0 and state.payment is None
    )
