"""Games for the tests of the words: one example of every action kind a game offers."""

from __future__ import annotations

import random

from keythedral import engine
from tests.support.tui_helpers import choose, config


def every_kind_in_a_game(seed: int) -> dict[str, tuple[object, object]]:
    """One (action, view) example of every action kind offered in a game, playing the test
    policy but taking a law card whenever one is offered (to see them all)."""
    state = engine.new_game(config(seed))
    rng = random.Random(seed)
    seen: dict[str, tuple[object, object]] = {}
    while state.to_act:
        legal = engine.legal_actions(state)
        for a in legal:
            seen.setdefault(a.kind, (a, engine.view(state, a.seat)))
        laws = [a for a in legal if a.kind in ("play_law", "procure_law")]
        if laws and rng.random() < 0.6:
            a = rng.choice(laws)
        elif rng.random() < 0.2:
            a = rng.choice(legal)
        else:
            a = choose(state, rng)
        state = engine.apply(state, a)
    return seen
