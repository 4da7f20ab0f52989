"""sample_state: a determinized state is indistinguishable from the real one for its seat."""

from __future__ import annotations

import random

import pytest

from keythedral import engine
from keythedral.engine.cubes import CUBES_IN_GAME


def _states(n: int, seed: int, steps: int, **cfg: object):
    rng = random.Random(seed)
    state = engine.new_game(
        engine.GameConfig(players=[f"P{i}" for i in range(n)], seed=seed, **cfg)
    )
    out = []
    for i in range(steps):
        if not state.to_act:
            break
        acts = engine.legal_actions(state)
        buys = [a for a in acts if a.kind in ("buy_building", "procure_law", "play_law")]
        state = engine.apply(state, rng.choice(buys if buys and rng.random() < 0.8 else acts))
        if i % 37 == 0:
            out.append(state)
    return out


@pytest.mark.parametrize(
    ("n", "cfg"), [(2, {}), (3, {}), (4, {"long_game": True}), (5, {"open_buildings": True})]
)
def test_a_sampled_state_looks_the_same_from_the_seat_and_plays_the_same(n, cfg):
    for k, state in enumerate(_states(n, 11 + n, 1500, **cfg)):
        seat = state.to_act[0] if state.to_act else 0
        seen = engine.view(state, seat)
        for seed in range(3):
            sample = engine.sample_state(seen, seed)
            assert engine.view(sample, seat) == seen, (k, seed)
            assert (
                sum(sample.store)
                + sum(sample.craftsmen)
                + sum(sum(p.cubes) for p in sample.players)
                == CUBES_IN_GAME
            )
            held = [c for p in sample.players for c in p.laws]
            cards = (
                held
                + list(sample.law_deck)
                + [c for c in sample.law_spaces if c]
                + list(sample.law_discard)
            )
            assert len(cards) == len(set(cards))
            if state.to_act and seat in state.to_act:
                mine = [a for a in engine.legal_actions(state) if a.seat == seat]
                assert [a for a in engine.legal_actions(sample) if a.seat == seat] == mine


def test_sample_state_varies_what_is_hidden():
    state = _states(3, 5, 600)[-1]
    seen = engine.view(state, 0)
    hands = {tuple(engine.sample_state(seen, s).players[1].cubes) for s in range(10)}
    assert len(hands) > 1


def _playable(state: engine.GameState, steps: int = 60) -> None:
    rng = random.Random(0)
    for _ in range(steps):
        if not state.to_act:
            return
        acts = engine.legal_actions(state)
        assert acts, engine.decision(state)
        state = engine.apply(state, rng.choice(acts))


def test_another_players_debt_and_bid_are_covered_in_every_sample():
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        for state in _states(4, seed, 900):
            pay, b = state.payment, state.bidding
            other_pays = pay is not None and pay.seat != state.start_player
            high = b is not None and b.winner is None and b.high_seat is not None
            if not (other_pays or high):
                continue
            seat = next(
                s
                for s in range(4)
                if (pay is None or s != pay.seat) and (b is None or s != b.high_seat)
            )
            for _ in range(3):
                sample = engine.sample_state(engine.view(state, seat), rng.randrange(10**6))
                _playable(sample)
                checked += 1
        if checked > 30:
            break
    assert checked > 0


def test_a_sample_places_every_law_card_once_while_laws_wait_in_windows():
    """Cards waiting in windows (a law about to take effect, a Substitution purchase about to
    be paid) are seen by everyone: a sample deals them to nobody."""
    from tests.support.invariants import check_invariants
    from tests.support.lawfuzz import law_seeking

    waiting = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = engine.new_game(engine.GameConfig(players=["A", "B", "C", "D"], seed=seed))
        while state.to_act:
            acts = engine.legal_actions(state)
            if any(w.purchase is not None and w.purchase.kind == "play_law" for w in state.windows):
                waiting += 1
                seat = state.to_act[0]
                check_invariants(engine.sample_state(engine.view(state, seat), seed))
            state = engine.apply(state, law_seeking(state, acts, rng))
    assert waiting  # the games did reach a Substitution waiting in a window
