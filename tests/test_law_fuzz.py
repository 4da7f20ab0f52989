"""Property games that seek laws answered by laws (issue 26; RULINGS.md, "Laws answered by laws").

Hypothesis draws fresh seeds on every run (not a fixed list: a fixed list finds the same nothing
each time), the variants, and the shares of the law-seeking chooser (tests/support/lawfuzz.py).
Every step of every game checks every invariant and the legal list; at every law window every
listed action is applied and the state it leads to checked, since a law answered by laws fails
only when it takes effect, often on the window's last ``decline``.

A failure names the config, the chooser's seed and the step: ``fuzz_game(config, seed=...)``
reproduces it.  ``bench/soak.py`` plays as many of these games as asked, in parallel.

About 300 games a run (``KT_FUZZ_EXAMPLES`` per case, 50 by default, six cases).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from tests.support.lawfuzz import LawSeeking, fuzz_config, fuzz_game

EXAMPLES = int(os.environ.get("KT_FUZZ_EXAMPLES", "50"))

seeds = st.integers(min_value=0, max_value=2**32 - 1)
shares = st.floats(min_value=0.0, max_value=1.0)


@pytest.mark.parametrize("windows", ["always", "when_possible"])
@pytest.mark.parametrize("players", [3, 4, 5])
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=False,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.generate),  # a seed shrinks to no simpler game
)
@given(
    seed=seeds,
    chooser_seed=seeds,
    open_buildings=st.booleans(),
    long_game=st.booleans(),
    edition=st.sampled_from(["classic", "second"]),
    answer=st.floats(min_value=0.5, max_value=1.0),
    own=st.floats(min_value=0.0, max_value=0.5),
    procure=st.floats(min_value=0.5, max_value=1.0),
)
def test_laws_answered_by_laws_never_crash_or_corrupt_a_game(
    players: int,
    windows: str,
    seed: int,
    chooser_seed: int,
    open_buildings: bool,
    long_game: bool,
    edition: str,
    answer: float,
    own: float,
    procure: float,
) -> None:
    config = fuzz_config(
        players,
        seed,
        reaction_windows=windows,
        open_buildings=open_buildings,
        long_game=long_game,
        edition=edition,
    )
    chooser = LawSeeking(answer=answer, own=own, procure=procure)
    note(f"reproduce: fuzz_game({config!r}, seed={chooser_seed}, chooser={chooser!r})")
    record = fuzz_game(config, chooser_seed, chooser=chooser)
    assert record.final is not None and record.final.phase == "game_over"
