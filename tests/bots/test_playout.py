"""The search bot's playout shortcuts choose what the greedy policy would, and only legal moves."""

from __future__ import annotations

import random

import pytest

from keythedral import engine
from keythedral.bots import ismcts, make_bot
from keythedral.bots.greedy_scores import score_place_cottage, score_place_field
from keythedral.bots.knowledge import Ctx, field_types
from keythedral.bots.playout import (
    _cottage,
    _field,
    move,
    pay_all,
    policy,
    projected,
    seat_actions,
)
from keythedral.engine.facts import board_index

NAMES = ("Ann", "Bob", "Cy", "Dee")


def worlds(n: int, seed: int, per_view: int = 2) -> list[engine.GameState]:
    """Sampled worlds of seat 0's decisions in a greedy game (as the search meets them)."""
    bots = [make_bot("greedy", s) for s in range(n)]
    state = engine.new_game(engine.GameConfig(players=list(NAMES[:n]), seed=seed))
    out = []
    while state.to_act:
        legal = engine.legal_actions(state)
        seat = state.to_act[0]
        view = engine.view(state, seat)
        if seat == 0:
            out += [engine.sample_state(view, k) for k in range(per_view)]
        state = engine.apply(state, bots[seat].choose(view, legal))
    return out


@pytest.fixture(scope="module")
def states() -> list[engine.GameState]:
    """States met inside playouts: the sampled worlds and the states the policy leads to."""
    out = []
    rng = random.Random(5)
    for world in worlds(4, 21)[::3]:
        state = world
        for _ in range(12):
            if not state.to_act:
                break
            out.append(state)
            seat = state.to_act[0]
            decision = engine.decision(state)
            if decision == "pay":
                state, _ = pay_all(state, seat, rng, 0.0)
                continue
            action = move(state, seat, decision, rng, 0.05)
            assert action in engine.legal_actions(state)
            state = engine.apply(state, action)
    return out


def test_payments_are_made_as_greedy_makes_them_cube_by_cube(states: list) -> None:
    paying = [s for s in states if engine.decision(s) == "pay"]
    assert len(paying) >= 10
    for state in paying:
        seat = state.to_act[0]
        fast, steps = pay_all(state, seat, random.Random(0), 0.0)
        slow = state
        for _ in range(steps):
            mine = [a for a in engine.legal_actions(slow) if a.seat == seat]
            slow = engine.apply(slow, policy(slow, seat, mine, random.Random(0), 0.0))
        assert fast.payment is None or fast.payment.seat != seat
        assert [p.cubes for p in fast.players] == [p.cubes for p in slow.players]
        assert fast.store == slow.store and fast.to_act == slow.to_act


def test_spending_turns_offer_every_legal_action_but_fences(states: list) -> None:
    spending = [s for s in states if engine.decision(s) == "spend"]
    assert spending
    for state in spending:
        seat = state.to_act[0]
        legal = [a for a in engine.legal_actions(state) if a.seat == seat]
        fenceless = [a for a in legal if a.kind not in ("build_fence", "remove_fence")]
        assert seat_actions(state, seat, "spend") == fenceless


@pytest.mark.parametrize("decision", ["place_field", "place_cottage"])
def test_layout_moves_are_greedy_best_of_legal_options(decision: str) -> None:
    scorer = score_place_field if decision == "place_field" else score_place_cottage
    choose = _field if decision == "place_field" else _cottage
    layout = [s for s in worlds(3, 22, per_view=1) if engine.decision(s) == decision]
    assert layout
    rng = random.Random(1)
    for state in layout:
        seat = state.to_act[0]
        legal = engine.legal_actions(state)
        assert move(state, seat, decision, rng, 0.05) in legal
        options = rng.sample(legal, min(8, len(legal)))
        ctx = Ctx.from_state(state, seat, decision)
        best = max(scorer(ctx, options))
        got = scorer(ctx, [choose(state, seat, options, rng, 0.0)])[0]
        assert got == pytest.approx(best)


def test_the_projected_spending_only_buys_tiles_in_play_with_cubes_held() -> None:
    spend = []
    for state in worlds(4, 23, per_view=1):
        if engine.decision(state) == "spend" and state.window_done == "spend":
            spend.append(state)
    assert spend
    for state in spend:
        after = projected(state)
        for before, hand, tiles_held in zip(state.players, after.hands, after.bought, strict=True):
            assert all(k >= 0 for k in hand)
            new = tiles_held[len(before.buildings) :]
            assert tiles_held[: len(before.buildings)] == before.buildings
            assert all(any(t in tiles for tiles in state.mat) for t in new)
        held = sum(map(len, after.bought)) + sum(len(t) for t in after.mat)
        assert held == sum(len(p.buildings) for p in state.players) + sum(len(t) for t in state.mat)
        homes = {c.corner: c for c in state.cottages}
        assert all(homes[c].seat is not None and not homes[c].house for c in after.houses)


def test_field_types_kept_between_calls_are_the_board_index_types() -> None:
    """field_types grows its last answer by the field the layout adds, and starts afresh from any
    other tuple: the answer is the engine's board index's, laid field by field or not."""
    fields: tuple = ()
    full = worlds(3, 24, per_view=1)[-1].fields
    for f in full:
        fields = (*fields, f)
        assert field_types(fields) == board_index(fields).types
    assert field_types(full[:5]) == board_index(full[:5]).types  # not a growth: afresh
    assert field_types(full) == board_index(full).types


def test_the_homes_production_is_counted_from_the_laid_fields_around_each_home(
    states: list,
) -> None:
    """The evaluation's production (from the fields' types, not the board index) is a cube per
    laid field a home touches and no fence shuts off, at most one for a cottage (two for a house
    or a cottage the projection converts), on the states the playouts meet, layout ones too."""
    assert any(s.phase == "layout" for s in states)
    for state in states:
        converted = frozenset(c.corner for c in state.cottages[::2])
        for houses in (frozenset(), converted):
            fenced = {(f.corner, f.field) for f in state.fences}
            board = board_index(state.fields)
            want = [0.0] * len(state.players)
            for home in state.cottages:
                around = [f for f in board.fields_of(home.corner) if (home.corner, f) not in fenced]
                top = 2 if home.house or home.corner in houses else 1
                want[home.seat] += min(top, len(around))
            ismcts._PRODUCTION.clear()
            assert ismcts._production(state, houses) == want


def test_a_seats_playout_actions_are_its_legal_actions_fences_aside(states: list) -> None:
    """seat_actions is the seat's share of legal_actions (in its order), a spending turn's
    fences left out, whether the seat is alone to act or one of several."""
    several = 0
    for state in states:
        decision = engine.decision(state)
        for seat in state.to_act:
            several += len(state.to_act) > 1
            legal = [a for a in engine.legal_actions(state) if a.seat == seat]
            if decision == "spend":
                legal = [a for a in legal if a.kind not in ("build_fence", "remove_fence")]
            assert seat_actions(state, seat, decision) == legal
    assert several  # windows open to several seats were met
