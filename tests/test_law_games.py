"""Whole random games with the law cards on, under both window policies.

Every invariant of tests/support/invariants.py is checked at every step, and across the runs
every one of the twenty law cards must have been played somewhere (so each card's code ran inside real games).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from keythedral import engine
from tests.support.invariants import Checks, play_checked
from tests.support.policy import choose

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
ALL_CARDS = 20


def law_loving(state: engine.GameState, acts: list[Any], rng: random.Random) -> Any:
    """The purposeful-random policy, but keen on procuring and playing law cards."""
    laws = [a for a in acts if a.kind == "play_law"]
    if laws and rng.random() < 0.6:
        return rng.choice(laws)
    procure = [a for a in acts if a.kind == "procure_law"]
    if procure and rng.random() < 0.5:
        return rng.choice(procure)
    return choose(state, acts, rng)


GAMES = [
    (n, policy, seed)
    for n in (2, 3, 4, 5)
    for policy in ("always", "when_possible")
    for seed in (1, 2)
]
_played: Counter[str] = Counter()


@pytest.mark.parametrize(("n", "policy", "seed"), GAMES)
def test_games_with_laws_keep_every_invariant(n: int, policy: str, seed: int) -> None:
    config = engine.GameConfig(players=NAMES[:n], seed=seed * 100 + n, reaction_windows=policy)
    record = play_checked(
        config,
        random.Random(seed),
        Checks(sample_applies=2, mutations=1, views_every=3, round_trip_every=60),
        policy=law_loving,
    )
    assert record.final.phase == "game_over"
    _played.update(a.card for a in record.actions if a.kind == "play_law")


def test_every_law_card_was_played_in_those_games() -> None:
    if len(_played) < ALL_CARDS:  # run on its own: play the games here
        for n, policy, seed in GAMES:
            test_games_with_laws_keep_every_invariant(n, policy, seed)
    assert len(_played) == ALL_CARDS, sorted(_played)


@settings(max_examples=4, deadline=None, derandomize=True)
@given(
    n=st.integers(2, 4),
    policy=st.sampled_from(["always", "when_possible"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_legal_action_applies_at_every_step(n: int, policy: str, seed: int) -> None:
    """At every step of games keen on laws, every listed action applies (play_checked applies
    them all), and no seat is asked in a when_possible window without a card to play
    (check_legal)."""
    config = engine.GameConfig(players=NAMES[:n], seed=seed, reaction_windows=policy)
    record = play_checked(
        config,
        random.Random(seed),
        Checks(apply_every=True, mutations=1, views_every=5, round_trip_every=100),
        policy=law_loving,
    )
    assert record.final.phase == "game_over"
