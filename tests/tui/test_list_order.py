"""The first line of a list (Enter, where the map's cursor starts) is a sensible default:
in the layout, the place nearest the Keythedral (a table pressing Enter through the layout
gets a round board that fits the screen, not a line of fields across the table: the engine
lists places by coordinates); a fence beside another player's home before one's own, a
fence to remove beside one's own home first."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from keythedral import engine
from keythedral.engine.config import GameConfig
from keythedral.tui.choices import action_cell, build_choices, own_homes_ranked

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def first_line(state: engine.GameState) -> engine.Action:
    """What Enter on the list's first line plays: its action, or for a corner's cottages the
    first of that corner's (the next list, narrowed, opens on it)."""
    seat = state.to_act[0]
    acts = [a for a in engine.legal_actions(state) if a.seat == seat]
    first = build_choices(acts, engine.view(state, seat))[0]
    if first.action is not None:
        return first.action
    return next(a for a in acts if action_cell(a) == first.cell)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_enter_through_the_layout_lays_a_round_board(n: int) -> None:
    state = engine.new_game(GameConfig(players=list(NAMES[:n]), seed=3))
    while state.phase == "layout":
        state = engine.apply(state, first_line(state))
    xs = [f.pos[0] for f in state.fields]
    ys = [f.pos[1] for f in state.fields]
    side = math.isqrt(len(state.fields) - 1) + 1  # the smallest square that holds them all
    assert max(xs) - min(xs) + 1 <= side + 1 and max(ys) - min(ys) + 1 <= side + 1


def test_the_first_field_offered_is_one_nearest_the_keythedral() -> None:
    state = engine.new_game(GameConfig(players=list(NAMES[:3]), seed=3))
    for _ in range(6):  # a few tiles in, the ring round the Keythedral part filled
        state = engine.apply(state, first_line(state))
    assert engine.decision(state) == "place_field"
    seat = state.to_act[0]
    acts = [a for a in engine.legal_actions(state) if a.seat == seat]
    kx, ky = state.keythedral or (0, 0)

    def far(a: engine.Action) -> float:
        return (a.pos[0] - kx - 0.5) ** 2 + (a.pos[1] - ky - 0.5) ** 2

    assert far(first_line(state)) == min(far(a) for a in acts)
    assert far(acts[0]) > min(far(a) for a in acts)  # the engine's first is not the nearest


@pytest.mark.parametrize("kind", ["build_fence", "remove_fence"])
def test_fences_beside_other_homes_come_first_to_build_own_first_to_remove(kind: str) -> None:
    def both(state: engine.GameState) -> bool:
        if engine.decision(state) != "spend":
            return False
        seat = state.to_act[0]
        own = {c.corner for c in state.cottages if c.seat == seat}
        corners = {a.corner for a in engine.legal_actions(state) if a.kind == kind}
        return bool(corners & own) and bool(corners - own)

    state = play_until(both)
    seat = state.to_act[0]
    view = engine.view(state, seat)
    own = {c.corner for c in state.cottages if c.seat == seat}
    acts = [a for a in engine.legal_actions(state) if a.seat == seat]
    ranked = own_homes_ranked(acts, view)
    fences = [a.corner in own for a in ranked if a.kind == kind]
    assert fences == sorted(fences, reverse=kind == "remove_fence")  # own last / own first
    # Each kind keeps its places; everything else its order.
    assert [a.kind for a in ranked] == [a.kind for a in acts]
    assert [a for a in ranked if "fence" not in a.kind] == [
        a for a in acts if "fence" not in a.kind
    ]
    lines = build_choices([a for a in acts if a.kind == kind], view, cells=False, kinds=False)
    assert (lines[0].action.corner in own) is (kind == "remove_fence")


def play_until(stop: Callable[[engine.GameState], bool]) -> engine.GameState:
    """A game of four played at random (fences and their removal favoured) until ``stop``."""
    import random

    for seed in range(40):
        rng = random.Random(seed)
        state = engine.new_game(GameConfig(players=list(NAMES[:4]), seed=seed))
        while state.to_act:
            if stop(state):
                return state
            legal = engine.legal_actions(state)
            fences = [a for a in legal if "fence" in a.kind]
            state = engine.apply(
                state, rng.choice(fences if fences and rng.random() < 0.5 else legal)
            )
    raise AssertionError("no such moment in 40 games")
