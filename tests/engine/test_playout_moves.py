"""engine.playout_moves: the playouts' quick moves answer what legal_actions and apply do."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from keythedral import engine
from keythedral.engine import playout_moves as pm
from keythedral.vocab import COLOURS

FENCES = ("build_fence", "remove_fence")


def _games() -> list[engine.GameState]:
    """Every state of random games (2 to 5 seats, the variants on and off)."""
    out = []
    for seed, n, variants in [
        (1, 2, {}),
        (2, 3, {"no_laws": True}),
        (3, 4, {"reaction_windows": "when_possible"}),
        (4, 5, {"edition": "second", "long_game": True}),
        (5, 4, {"open_buildings": True}),
    ]:
        rng = random.Random(seed)
        names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:n]
        state = engine.new_game(engine.GameConfig(players=names, seed=seed, **variants))
        while state.to_act:
            out.append(state)
            legal = engine.legal_actions(state)
            # a random game, but with fewer passes, so that the spending buys and pays
            keen = [a for a in legal if a.kind not in ("pass", "pass_bid", "decline")]
            state = engine.apply(state, rng.choice(keen or legal))
    return out


@pytest.fixture(scope="module")
def states() -> list[engine.GameState]:
    return _games()


def test_spend_options_are_the_legal_actions_but_fences(states: list) -> None:
    spending = [s for s in states if engine.decision(s) == "spend"]
    assert len(spending) > 100
    for state in spending:
        legal = engine.legal_actions(state)
        assert pm.spend_options(state) == [a for a in legal if a.kind not in FENCES]


@pytest.mark.parametrize("decision", ["place_field", "place_cottage"])
def test_layout_samples_are_distinct_legal_placements(states: list, decision: str) -> None:
    layout = [s for s in states if engine.decision(s) == decision]
    assert len(layout) > 20
    rng = random.Random(7)
    for state in layout:
        legal = engine.legal_actions(state)
        for k in (1, 3, 8):
            got = pm.layout_sample(state, k, rng)
            assert len(got) == min(k, len(legal)) == len(set(got))
            assert all(a in legal for a in got)
        assert pm.layout_sample(state, len(legal), rng) == legal


def _choices(seed: int) -> pm.Chooser:
    rng = random.Random(seed)

    def choose(hand: tuple[int, ...], colours: Sequence[int]) -> int:
        assert all(hand[i] for i in colours)
        return rng.choice(list(colours))

    return choose


def _spied(choose: pm.Chooser) -> tuple[pm.Chooser, list[list[int]]]:
    """``choose``, and the list of the colours it was offered, call by call."""
    offered: list[list[int]] = []

    def spy(hand: tuple[int, ...], colours: Sequence[int]) -> int:
        offered.append(list(colours))
        return choose(hand, colours)

    return spy, offered


def test_paying_in_one_call_is_paying_cube_by_cube(states: list) -> None:
    paying = [s for s in states if engine.decision(s) == "pay"]
    assert len(paying) > 20
    for k, state in enumerate(paying[:: max(1, len(paying) // 150)]):
        seat = state.payment.seat
        spy, offered = _spied(_choices(k))
        fast, given = pm.pay_by(state, spy)
        assert given == len(offered) >= 1
        slow = state
        again = _choices(k)
        for colours in offered:
            legal = [a for a in engine.legal_actions(slow) if a.seat == seat]
            assert [COLOURS.index(a.cube) for a in legal] == colours
            colour = COLOURS[again(slow.players[seat].cubes, colours)]
            slow = engine.apply(slow, engine.Pay(seat=seat, cube=colour))
        assert engine.summary(fast) == engine.summary(slow)
        assert fast.payment is None or not any(
            a.kind == "pay" for a in engine.legal_actions(fast) if a.seat == seat
        )


def test_the_quick_moves_refuse_what_apply_refuses(states: list) -> None:
    paying = next(s for s in states if engine.decision(s) == "pay")
    hand = paying.players[paying.payment.seat].cubes
    missing = next(i for i in range(8) if not hand[i])
    with pytest.raises(engine.IllegalAction):
        pm.pay_by(paying, lambda hand, colours: missing)
    other = next(s for s in states if engine.decision(s) not in ("pay", "spend"))
    with pytest.raises(engine.IllegalAction):
        pm.pay_by(other, lambda hand, colours: colours[0])
    with pytest.raises(engine.IllegalAction):
        pm.spend_options(other)
    if engine.decision(other) not in ("place_field", "place_cottage"):
        with pytest.raises(engine.IllegalAction):
            pm.layout_sample(other, 8, random.Random(0))


def test_a_playout_world_is_the_sampled_state_with_fewer_windows(states: list) -> None:
    for state in states[::200]:
        seat = state.to_act[0]
        view = engine.view(state, seat)
        world = pm.playout_world(view, 11)
        sampled = engine.sample_state(view, 11)
        assert world.config.reaction_windows == "when_possible"
        assert world.config.players == sampled.config.players
        assert engine.summary(world) == engine.summary(sampled)
        assert engine.legal_actions(world) or not world.to_act
        assert engine.GameState.model_validate_json(world.model_dump_json()) == world
