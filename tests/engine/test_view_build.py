"""Views are built without validation for speed: they must equal validated ones exactly."""

from __future__ import annotations

import random

from keythedral import engine


def test_views_validate_and_round_trip_through_json() -> None:
    rng = random.Random(4)
    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob", "Cy", "Dee"], seed=4))
    step = 0
    while state.to_act:
        if step % 7 == 0:
            for seat in (*range(4), None):
                v = engine.view(state, seat)
                assert engine.PlayerView.model_validate(v.model_dump()) == v
                assert engine.PlayerView.model_validate_json(v.model_dump_json()) == v
        acts = engine.legal_actions(state)
        buys = [a for a in acts if a.kind in ("buy_building", "play_law", "procure_law")]
        state = engine.apply(state, rng.choice(buys if buys and rng.random() < 0.8 else acts))
        step += 1
    final = engine.view(state, 0)
    assert final.final is not None and engine.PlayerView.model_validate(final.model_dump()) == final
