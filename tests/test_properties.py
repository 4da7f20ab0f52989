"""Property tests: random games for every player count and every variant, checked at every step.

Each example is a whole game: hypothesis draws the seed, the variant switches the case does not
fix, and the seed of the purposeful-random policy (tests/support/policy.py).  ``play_checked``
(tests/support/invariants.py) checks at every step: cube conservation, workers, fences, cottages, the
legal list (non-empty, seats in to_act, no duplicates), several legal actions applying cleanly,
near-miss actions rejected with IllegalAction iff not listed (state unchanged), apply never
mutating its input, the secrets of every seat's view; every 50th step the JSON round trip; at
the end the replay of the same seed and actions, and a bound on the game's length.

Shrinking a seed makes no game simpler, so the shrink phase is off: a failure reports the config,
the policy seed, the step and the last actions, enough to replay it with ``invariants.replay``.

The examples are derandomized by default, so every run of the suite plays the same games and a
red test is never a fluke; ``KT_PROP_RANDOM=1`` draws fresh seeds and ``KT_PROP_EXAMPLES=N``
plays N games per case (a soak: ``KT_PROP_RANDOM=1 KT_PROP_EXAMPLES=10`` takes about 7 minutes).
"""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from keythedral import engine
from tests.support import ROOT
from tests.support.invariants import Checks, check_invariants, play_checked
from tests.support.policy import choose

EXAMPLES = int(os.environ.get("KT_PROP_EXAMPLES", "2"))

#: A game played by the policy takes 5-14 rounds (measured over hundreds of seeds, long games
#: and two players the longest); 40 is generous and still catches a game that stalls.
MAX_ROUNDS = 40

GAME_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    derandomize=os.environ.get("KT_PROP_RANDOM") is None,
)

#: Each case fixes one variant switch; hypothesis draws the others, so the switches also mix.
VARIANTS: dict[str, dict[str, Any]] = {
    "classic": {"edition": "classic"},
    "second": {"edition": "second"},
    "no_laws": {"no_laws": True},
    "open_buildings": {"open_buildings": True},
    "long_game": {"long_game": True},
    "windows_always": {"no_laws": False, "reaction_windows": "always"},
    "windows_when_possible": {"no_laws": False, "reaction_windows": "when_possible"},
}

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")

seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def configs(draw: st.DrawFn, players: int, fixed: dict[str, Any]) -> engine.GameConfig:
    switches = {
        "no_laws": draw(st.booleans()),
        "open_buildings": draw(st.booleans()),
        "edition": draw(st.sampled_from(["classic", "second"])),
        "long_game": draw(st.booleans()),
        "reaction_windows": draw(st.sampled_from(["always", "when_possible"])),
    }
    switches.update(fixed)
    return engine.GameConfig(players=list(NAMES[:players]), seed=draw(seeds), **switches)


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@GAME_SETTINGS
@given(data=st.data())
def test_random_games_keep_every_invariant(players: int, variant: str, data: st.DataObject) -> None:
    config = data.draw(configs(players, VARIANTS[variant]), label="config")
    policy_seed = data.draw(seeds, label="policy_seed")
    note(f"reproduce: play_checked({config!r}, random.Random({policy_seed}))")
    record = play_checked(config, random.Random(policy_seed), Checks(max_rounds=MAX_ROUNDS))
    final = record.final
    assert final.phase == "game_over"
    assert engine.legal_actions(final) == []
    assert final.to_act == ()
    assert final.winners and set(final.winners) <= set(range(players))
    assert record.rounds <= MAX_ROUNDS
    # every tile in play was bought (a declared purchase may be withdrawn, so count tiles)
    assert sum(len(p.buildings) for p in final.players) == (22 if config.long_game else 17)


@settings(max_examples=max(4, 2 * EXAMPLES), deadline=None, derandomize=True)
@given(players=st.integers(2, 5), seed=seeds, policy_seed=seeds)
def test_same_seed_and_choices_give_the_same_game(
    players: int, seed: int, policy_seed: int
) -> None:
    """Two independent playouts from the same seeds agree step by step (not only at the end)."""
    config = engine.GameConfig(players=list(NAMES[:players]), seed=seed)
    runs = []
    for _ in range(2):
        rng = random.Random(policy_seed)
        state = engine.new_game(config)
        trail = [state]
        while state.to_act:
            state = engine.apply(state, choose(state, engine.legal_actions(state), rng))
            trail.append(state)
        runs.append(trail)
    assert len(runs[0]) == len(runs[1])
    assert runs[0][-1] == runs[1][-1]
    assert runs[0][-1].model_dump_json() == runs[1][-1].model_dump_json()
    for state in runs[0][::97]:
        check_invariants(state)


def test_different_seeds_give_different_layouts() -> None:
    """The seed really drives the shuffles (a constant RNG would pass the determinism test)."""
    stacks = {
        engine.new_game(engine.GameConfig(players=list(NAMES[:4]), seed=s)).field_stack
        for s in range(8)
    }
    assert len(stacks) > 1


_HASH_GAMES = """
import hashlib, random, sys
sys.path.insert(0, {root!r})
from keythedral import engine
from tests.support.policy import playout
h = hashlib.sha256()
for n, windows in ((2, "always"), (3, "when_possible"), (4, "always"), (5, "when_possible")):
    cfg = engine.GameConfig(players={names!r}[:n], seed=4321 + n, reaction_windows=windows,
                            open_buildings=n % 2 == 0)
    final, steps = playout(cfg, random.Random(n))
    h.update(final.model_dump_json().encode())
print(h.hexdigest())
"""


def test_games_replay_identically_across_processes() -> None:
    """Nothing depends on string hashing (set order) or object ids: the same seeds give the same
    game in interpreters with different PYTHONHASHSEEDs, as saves and replays need."""
    code = _HASH_GAMES.format(root=str(ROOT), names=list(NAMES))
    digests = set()
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
        )
        assert out.returncode == 0, out.stderr
        digests.add(out.stdout.strip())
    assert len(digests) == 1, digests
    assert all(len(d) == len(hashlib.sha256().hexdigest()) for d in digests)
