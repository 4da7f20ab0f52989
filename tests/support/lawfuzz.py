"""Games that seek laws answered by laws, checked at every step (the soak and the property games).

The purposeful-random policy of ``policy.py`` declines most windows, so its games almost never
stack one law on another; the faults of a law checked only when it is played, not when it takes
effect, live exactly there.  ``law_seeking`` procures laws often, plays Substitution, Sale and
Bargain whenever they are offered, and answers a window with a law most of the time (any-time
cards first: they are the ones that answer a law).  ``fuzz_game`` plays one game with it and
checks, at every step, every invariant of ``invariants.check_invariants`` and the legal list; at
every law window it applies *every* listed action and checks the state each one leads to (a
fault may sit on the last ``decline`` only, when the law takes effect).

    record = fuzz_game(config, seed)   # raises FuzzFailure naming config, seed and step

Used by ``tests/test_law_fuzz.py`` (hypothesis draws the seeds) and ``bench/soak.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from keythedral import engine
from tests.support.invariants import check_invariants, check_legal
from tests.support.policy import choose

#: Cards played as the holder's own phase 3 action: always played when offered.
OWN_ACTION_LAWS = frozenset({"substitution", "sale", "bargain"})
#: Cards that may answer a law (played in the window a law opens).
ANSWERS = frozenset({"craft-bargain", "design-change", "price-decrease", "unsafe-fence"})


@dataclass(frozen=True)
class LawSeeking:
    """A chooser keen on laws and most of all on laws answering laws: it procures laws often,
    plays Substitution, Sale and Bargain whenever offered, keeps its other cards for windows
    (played at its own decisions only ``own`` of the time) and answers a window with a law
    ``answer`` of the time, any-time cards (the ones that answer a law) first.  The property
    games draw these shares too, so that each run seeks the rare states a little differently."""

    answer: float = 0.85
    own: float = 0.15
    procure: float = 0.9

    def __call__(self, state: engine.GameState, acts: Sequence[Any], rng: random.Random) -> Any:
        plays = [a for a in acts if a.kind == "play_law"]
        if plays:
            mine = [a for a in plays if a.card in OWN_ACTION_LAWS]
            if mine:
                return rng.choice(mine)
            if state.windows and rng.random() < self.answer:
                answers = [a for a in plays if a.card in ANSWERS]
                if state.windows[-1].kind == "phase_start":  # any-time cards wait for a law
                    plays = [a for a in plays if a.card not in ANSWERS] or plays
                elif answers and rng.random() < 0.75:
                    aimed = [a for a in answers if _aims_at(a, state.windows[-1])]
                    plays = aimed if aimed and rng.random() < 0.7 else answers
                return rng.choice(plays)
            if not state.windows and rng.random() < self.own:
                return rng.choice(plays)
        procure = [a for a in acts if a.kind == "procure_law"]
        if procure and rng.random() < self.procure:
            return rng.choice(procure)
        return choose(state, acts, rng)


law_seeking = LawSeeking()


def _aims_at(answer: Any, window: Any) -> bool:
    """Does ``answer`` touch what ``window`` waits on: its tile, or the craft it takes?"""
    pending = window.law if window.law is not None else window.purchase
    if pending is None:
        return False
    tile, craft = getattr(pending, "tile", None), getattr(pending, "craft", None)
    return (tile is not None and answer.tile == tile) or (
        craft is not None and answer.craft == craft
    )


@dataclass
class FuzzRecord:
    """What one game went through."""

    steps: int = 0
    laws: Counter[str] = field(default_factory=Counter)  # cards played
    called_off: Counter[str] = field(default_factory=Counter)  # cards called off
    deep: Counter[int] = field(default_factory=Counter)  # states by window depth (>= 1)
    window_applies: int = 0  # listed actions applied at law windows besides the one chosen
    final: engine.GameState | None = None


class FuzzFailure(AssertionError):
    """A fault, with what reproduces it: the config, the chooser's seed and the step."""

    def __init__(self, config: engine.GameConfig, seed: int, step: int, what: str) -> None:
        self.config, self.seed, self.step = config, seed, step
        super().__init__(
            f"{what}\n  reproduce: fuzz_game({config!r}, seed={seed})  (fails at step {step})"
        )


def fuzz_game(
    config: engine.GameConfig,
    seed: int,
    *,
    chooser: Any = law_seeking,
    max_steps: int = 20_000,
) -> FuzzRecord:
    """Play one game with ``chooser`` drawing from ``random.Random(seed)``, checking every step."""
    rng = random.Random(seed)
    record = FuzzRecord()
    state = engine.new_game(config)
    step = 0
    try:
        while True:
            check_invariants(state)
            acts = engine.legal_actions(state)
            check_legal(state, acts)
            if not acts:
                break
            depth = len(state.windows)
            if depth:
                record.deep[depth] += 1
                for a in acts:  # every listed action at a law window
                    try:
                        after = engine.apply(state, a)
                    except Exception as exc:
                        raise AssertionError(
                            f"the listed action {a!r} raised {type(exc).__name__}: {exc}"
                        ) from exc
                    try:
                        check_invariants(after)
                    except AssertionError as exc:
                        raise AssertionError(f"after the listed action {a!r}: {exc}") from exc
                record.window_applies += len(acts)
            action = chooser(state, acts, rng)
            if action.kind == "play_law":
                record.laws[action.card] += 1
            last = state.log[-1] if state.log else None
            state = engine.apply(state, action)
            for e in _new_events(state.log, last):
                if e.type == "law_called_off":
                    record.called_off[e.law.card] += 1
            step += 1
            if step > max_steps:
                raise AssertionError(f"the game did not end within {max_steps} steps")
    except AssertionError as exc:
        raise FuzzFailure(config, seed, step, str(exc)) from exc
    except Exception as exc:
        raise FuzzFailure(config, seed, step, f"{type(exc).__name__}: {exc}") from exc
    record.steps = step
    record.final = state
    return record


def _new_events(log: Sequence[Any], last: Any) -> Sequence[Any]:
    """The events after ``last`` (found by identity: the log keeps only the newest events)."""
    for i in range(len(log) - 1, -1, -1):
        if log[i] is last:
            return log[i + 1 :]
    return log


NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def fuzz_config(players: int, seed: int, **variants: Any) -> engine.GameConfig:
    return engine.GameConfig(players=list(NAMES[:players]), seed=seed, **variants)
