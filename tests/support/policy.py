"""A "purposeful random" policy for playouts in property tests and benchmarks.

A uniform random policy wastes cubes (crafts bought for nothing, fences built and torn down,
trades in circles) and its games run for hundreds of rounds.  This one is still random, but it
leans towards what ends a game: it buys a building whenever it can, trades or buys crafts
towards the cheapest face-up tile it cannot yet afford, pays with the cubes it needs least,
bids rarely and declines most reaction windows.  A small share of choices stays uniform over
the whole legal list, so every action kind keeps being exercised.

The policy reads the omniscient state (it is a test tool, not a bot) but only chooses among
``legal_actions``, so it works for whatever action kinds the engine grows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from keythedral import engine
from keythedral.engine.cubes import COLOURS, CRAFT_PRICE, INDEX

#: Share of decisions taken uniformly over the whole legal list.
EXPLORE = 0.08
#: Probability of taking a legal building purchase.
BUY = 0.95
#: Probability of bidding (the lowest bid) instead of passing in the start-player bidding.
BID = 0.05
#: Probability of playing a law card when one is offered (otherwise decline / go on).
PLAY_LAW = 0.35


def _hand(state: engine.GameState, seat: int) -> tuple[int, ...]:
    return tuple(state.players[seat].cubes)


def _face_up_costs(state: engine.GameState) -> list[tuple[int, ...]]:
    """Costs of the tiles that can be bought now (the lowest stage in play)."""
    from keythedral.engine.catalogue import tile_cost

    stage = state.stage
    if stage > 5:
        return []
    return [tuple(tile_cost(t)) for t in state.mat[stage - 1]]


def _target_shortfall(state: engine.GameState, seat: int) -> tuple[int, ...] | None:
    """What the seat lacks for the buyable tile it is closest to affording."""
    hand = _hand(state, seat)
    best: tuple[int, ...] | None = None
    for cost in _face_up_costs(state):
        short = tuple(max(0, c - h) for h, c in zip(hand, cost, strict=True))
        if best is None or sum(short) < sum(best):
            best = short
    return best


def _target_cost(state: engine.GameState, seat: int) -> tuple[int, ...]:
    hand = _hand(state, seat)
    best: tuple[int, ...] | None = None
    best_short = 99
    for cost in _face_up_costs(state):
        short = sum(max(0, c - h) for h, c in zip(hand, cost, strict=True))
        if short < best_short:
            best, best_short = cost, short
    return best or (0,) * 8


def _pick(rng: random.Random, acts: Sequence[Any]) -> Any:
    return acts[rng.randrange(len(acts))]


def _choose_pay(state: engine.GameState, acts: Sequence[Any], rng: random.Random) -> Any:
    """Pay with the colour the seat can best spare for its target tile."""
    seat = acts[0].seat
    hand = _hand(state, seat)
    need = _target_cost(state, seat)
    payment = state.payment
    target = getattr(payment, "target", "") if payment is not None else ""

    def spare(a: Any) -> tuple[int, float]:
        i = INDEX[a.cube]
        # never give the craft we are buying a "need" for; crafts are dearer than resources
        surplus = hand[i] - need[i] - (2 if i >= 5 else 0) - (1 if a.cube == target else 0)
        return (surplus, rng.random())

    return max(acts, key=spare)


def _choose_spend(state: engine.GameState, acts: Sequence[Any], rng: random.Random) -> Any:
    by_kind: dict[str, list[Any]] = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    seat = acts[0].seat
    hand = _hand(state, seat)
    short = _target_shortfall(state, seat)
    if short is not None and sum(short):
        need_crafts = [c for c in ("iron", "glass", "gold") if short[INDEX[c]]]
        need_res = [c for c in COLOURS[:5] if short[INDEX[c]]]
        cost = _target_cost(state, seat)
        spare = sum(max(0, h - c) for h, c in zip(hand, cost, strict=True))
        for craft in need_crafts:
            if spare >= CRAFT_PRICE[craft]:
                hit = [a for a in by_kind.get("buy_craft", ()) if a.craft == craft]
                if hit and rng.random() < 0.9:
                    return hit[0]
        if spare >= 2:
            hit = [a for a in by_kind.get("trade", ()) if a.take in need_res]
            if hit and rng.random() < 0.9:
                return _pick(rng, hit)
    r = rng.random()
    if "convert_cottage" in by_kind and r < 0.25:
        return _pick(rng, by_kind["convert_cottage"])
    if "procure_law" in by_kind and r < 0.33:
        return _pick(rng, by_kind["procure_law"])
    fence = by_kind.get("build_fence", []) + by_kind.get("remove_fence", [])
    if fence and r < 0.36:
        return _pick(rng, fence)
    passes = by_kind.get("pass")
    if passes:
        return passes[0]
    return _pick(rng, acts)


def choose(state: engine.GameState, acts: Sequence[Any], rng: random.Random) -> Any:
    """One action from ``acts`` (the legal list of ``state``), drawn with ``rng``."""
    if len(acts) == 1:
        return acts[0]
    if rng.random() < EXPLORE:
        return _pick(rng, acts)
    kinds = {a.kind for a in acts}
    if "buy_building" in kinds and rng.random() < BUY:
        return _pick(rng, [a for a in acts if a.kind == "buy_building"])
    if "play_law" in kinds:
        if rng.random() < PLAY_LAW:
            return _pick(rng, [a for a in acts if a.kind == "play_law"])
        rest = [a for a in acts if a.kind != "play_law"]
        declines = [a for a in rest if a.kind == "decline"]
        if declines:
            return _pick(rng, declines)
        acts = rest
        kinds.discard("play_law")
    if "decline" in kinds:
        return _pick(rng, [a for a in acts if a.kind == "decline"])
    if "pass_bid" in kinds:
        bids = [a for a in acts if a.kind == "bid"]
        if bids and rng.random() < BID:
            return min(bids, key=lambda a: a.amount)
        return next(a for a in acts if a.kind == "pass_bid")
    if kinds == {"pay"}:
        return _choose_pay(state, acts, rng)
    if "pass" in kinds:
        return _choose_spend(state, acts, rng)
    return _pick(rng, acts)


def playout(
    config: engine.GameConfig, rng: random.Random, max_steps: int = 100_000
) -> tuple[engine.GameState, int]:
    """Play a whole game with the policy; returns the final state and the number of steps."""
    state = engine.new_game(config)
    steps = 0
    while state.to_act and steps < max_steps:
        acts = engine.legal_actions(state)
        state = engine.apply(state, choose(state, acts, rng))
        steps += 1
    return state, steps
