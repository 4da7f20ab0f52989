"""Typed boundaries: the engine's own helpers refuse what they do not know."""

from __future__ import annotations


def test_the_engines_replace_refuses_a_field_the_model_does_not_have() -> None:
    import pytest

    from keythedral import engine
    from keythedral.engine.state import replace

    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob"], seed=1))
    assert replace(state, round=3).round == 3
    with pytest.raises(TypeError, match="GameState has no field rounds"):
        replace(state, rounds=3)
