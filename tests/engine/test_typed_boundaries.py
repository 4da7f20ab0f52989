"""Typed boundaries: the engine's own helpers refuse what they do not know."""

from __future__ import annotations

import pytest


def test_the_engines_replace_refuses_a_field_the_model_does_not_have() -> None:
    import pytest

    from keythedral import engine
    from keythedral.engine.state import replace

    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob"], seed=1))
    assert replace(state, round=3).round == 3
    with pytest.raises(TypeError, match="GameState has no field rounds"):
        replace(state, rounds=3)


def test_the_engines_messages_write_places_as_the_map_does() -> None:
    """One spelling of coordinates everywhere: "(1,0)", never Python's "(1, 0)"."""
    import re

    from keythedral import engine

    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=1))
    taken = state.fields[0].pos
    with pytest.raises(engine.IllegalAction) as err:
        engine.apply(state, engine.PlaceField(seat=0, pos=taken))
    assert f"({taken[0]},{taken[1]})" in str(err.value)
    assert not re.search(r"\(-?\d+, -?\d+\)", str(err.value))
