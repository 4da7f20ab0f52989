"""pytest-benchmark gates for the engine's inner loop.

The suite runs with ``--benchmark-disable`` (pyproject), so each of these runs once as a plain
test that also checks the result.  Measure with::

    pytest -n 0 tests/engine/test_benchmark.py --benchmark-enable --benchmark-only

and compare runs with ``--benchmark-autosave`` / ``--benchmark-compare``.  For transitions per
second over many games see bench/bench_engine.py.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from keythedral import engine
from tests.support.policy import choose, playout

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def _config(players: int, seed: int = 11, **switches: Any) -> engine.GameConfig:
    return engine.GameConfig(players=list(NAMES[:players]), seed=seed, **switches)


def _states(players: int = 4, seed: int = 11) -> list[engine.GameState]:
    """Every state of one policy game (a realistic mix of decisions)."""
    rng = random.Random(seed)
    state = engine.new_game(_config(players, seed))
    states = [state]
    while state.to_act:
        state = engine.apply(state, choose(state, engine.legal_actions(state), rng))
        states.append(state)
    return states


@pytest.fixture(scope="module")
def game_states() -> list[engine.GameState]:
    return _states()


@pytest.mark.parametrize("players", [3, 4])
def test_bench_complete_game(benchmark: Any, players: int) -> None:
    """A whole game: new_game, then legal_actions + policy + apply at every step."""
    final, steps = benchmark(lambda: playout(_config(players), random.Random(5)))
    assert final.phase == "game_over"
    assert 100 < steps < 5000


def test_bench_legal_actions(benchmark: Any, game_states: list[engine.GameState]) -> None:
    sample = game_states[::3]

    def run() -> int:
        return sum(len(engine.legal_actions(s)) for s in sample)

    assert benchmark(run) >= len(sample) - 1


def test_bench_apply(benchmark: Any, game_states: list[engine.GameState]) -> None:
    """apply alone, on the first legal action of each state of a game."""
    pairs = [(s, engine.legal_actions(s)[0]) for s in game_states[::3] if s.to_act]

    def run() -> int:
        for s, a in pairs:
            engine.apply(s, a)
        return len(pairs)

    assert benchmark(run) == len(pairs)


def test_bench_view(benchmark: Any, game_states: list[engine.GameState]) -> None:
    sample = game_states[::10]

    def run() -> int:
        return sum(1 for s in sample for seat in range(s.config.n) if engine.view(s, seat))

    assert benchmark(run) == 4 * len(sample)


def test_bench_json_round_trip(benchmark: Any, game_states: list[engine.GameState]) -> None:
    state = game_states[len(game_states) // 2]

    def run() -> engine.GameState:
        return engine.GameState.model_validate_json(state.model_dump_json())

    assert benchmark(run) == state
