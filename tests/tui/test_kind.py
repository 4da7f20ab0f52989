"""What a kind of game does is one declared value (keythedral.tui.kind), given to the mode
when it is made: no flags on the mode classes, no empty overrides."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, fields

import pytest

from keythedral.tui.kind import HOT_SEAT, LESSON, GameKind
from keythedral.tui.mode import GameMode
from keythedral.tui.remote import RemoteMode
from keythedral.tui.screens.tutorial import TutorialMode


def test_the_tutorial_does_none_of_what_a_hot_seat_game_does() -> None:
    assert all(getattr(HOT_SEAT, f.name) for f in fields(GameKind))
    assert not any(getattr(LESSON, f.name) for f in fields(GameKind))


def test_a_kind_is_a_value_that_cannot_change() -> None:
    for f in fields(GameKind):
        with pytest.raises(FrozenInstanceError):
            setattr(HOT_SEAT, f.name, False)


@pytest.mark.parametrize("mode", [GameMode, TutorialMode, RemoteMode])
def test_no_mode_class_declares_what_its_kind_says(mode: type[GameMode]) -> None:
    for f in fields(GameKind):
        assert not hasattr(mode, f.name), f"{mode.__name__}.{f.name}"
