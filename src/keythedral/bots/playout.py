"""The search bot's playouts: the greedy heuristic as the policy of every seat, over a
determinized state, with shortcuts for what a playout does not need.

- **Spending turns list no fences.**  The greedy policy never builds or removes one, and the
  fence edges are most of a spending turn's options and most of the cost of listing them.
- **A payment is made in one go**: each cube chosen as greedy would choose it (the one it
  needs least, from the hand as it is after the cubes before), without listing the legal
  payments or asking the policy for every cube (payments are about a quarter of the steps).
- **Layout decisions with many options** choose among a random ``SAMPLE`` of them.

Which states a playout stops at is the search's business (:mod:`.ismcts`).
"""

from __future__ import annotations

import random
from typing import Any

from keythedral import engine
from keythedral.engine import GameState, buildings, houses, lawmaster, laws, market, payments
from keythedral.engine.actions import make_pass, make_pay, make_place_cottage, make_place_field
from keythedral.engine.cubes import COLOURS, INDEX
from keythedral.engine.layout import field_spots, free_corners, unplaced_numbers

from .greedy import candidates, decide
from .knowledge import Ctx, keep_value

#: Decisions whose options greedy scores one by one, at a cost that grows with their number:
#: a playout scores only a random handful of them (the layout's corners cost some 4 µs each).
SAMPLED = frozenset({"place_field", "place_cottage", "relocate"})
#: How many options of a ``SAMPLED`` decision a playout looks at.
SAMPLE = 8
#: The parts of a spending turn's options that the greedy policy may take (no fences).
_SPEND_PARTS = (buildings.legal, houses.legal, market.legal, lawmaster.legal)


def seat_actions(state: GameState, seat: int, decision: str) -> list[Any]:
    """``seat``'s legal actions that the playout policy may take (a spending turn without its
    fences: the same list the engine gives otherwise)."""
    if decision == "spend" and state.turn == seat:
        acts: list[Any] = []
        for part in _SPEND_PARTS:
            acts.extend(part(state, seat))
        acts.append(make_pass(seat))
        if state.players[seat].laws:
            acts.extend(laws.options(state, seat, "own"))
        return acts
    return [a for a in engine.legal_actions(state) if a.seat == seat]


def _layout_sample(state: GameState, seat: int, decision: str, rng: random.Random) -> list[Any]:
    """A random ``SAMPLE`` of a layout decision's options (all of them if there are fewer),
    drawn without listing them all."""
    if decision == "place_field":
        spots = field_spots(state)
        if len(spots) > SAMPLE:
            spots = tuple(rng.sample(spots, SAMPLE))
        return [make_place_field(seat, p) for p in spots]
    corners = free_corners(state)
    numbers = unplaced_numbers(state, seat)
    k = len(numbers)
    total = len(corners) * k
    picks = range(total) if total <= SAMPLE else rng.sample(range(total), SAMPLE)
    return [make_place_cottage(seat, corners[i // k], numbers[i % k]) for i in picks]


def move(state: GameState, seat: int, decision: str, rng: random.Random, eps: float) -> Any:
    """The policy's move for ``seat`` (None when it has none: a sampled world the rules cannot
    play on)."""
    if decision in ("place_field", "place_cottage"):
        mine = _layout_sample(state, seat, decision, rng)
    else:
        mine = seat_actions(state, seat, decision)
    if not mine:
        return None
    return policy(state, seat, mine, rng, eps, decision)


def policy(
    state: GameState,
    seat: int,
    mine: list[Any],
    rng: random.Random,
    eps: float,
    decision: str | None = None,
) -> Any:
    """The playout policy: the greedy heuristic on the (sampled) state, sometimes one of its
    runners-up.  ``mine`` are the seat's own legal actions.  Layout decisions with many
    options choose among a random few of them (a playout needs a sensible move, not the best)."""
    if len(mine) == 1:
        return mine[0]
    decision = decision or engine.decision(state)
    if len(mine) > SAMPLE and decision in SAMPLED:
        mine = rng.sample(mine, SAMPLE)
    ctx = Ctx.from_state(state, seat, decision)
    if eps and rng.random() < eps:
        return rng.choice(candidates(ctx, mine, 3, rng.getrandbits(32)))
    return decide(ctx, mine, rng.getrandbits(32))


def pay_all(state: GameState, seat: int, rng: random.Random, eps: float) -> tuple[GameState, int]:
    """Settle the pending payment of ``seat`` as the greedy policy would, cube by cube, and
    return the state after it and the number of cubes given.  Stops early (the payment still
    pending) if the hand holds no cube the price accepts (a sampled world the rules cannot
    play on)."""
    p = state.payment
    assert p is not None and p.seat == seat
    buying = INDEX[p.target] if p.purpose == "craft" else -1
    ctx = Ctx.from_state(state, seat, "pay")
    steps = 0
    while p is not None:
        hand = state.players[seat].cubes
        ctx.cubes = hand
        ctx.memo = {}
        need = ctx.need()
        scored = [
            (-keep_value(ctx, need, hand, i) - (10.0 if i == buying else 0.0), i)
            for i in range(8)
            if hand[i] and payments.accepts(p, i)
        ]
        if not scored:
            break
        if eps and len(scored) > 1 and rng.random() < eps:
            scored.sort(reverse=True)
            colour = rng.choice(scored[:3])[1]
        else:
            colour = max(scored)[1]
        action = make_pay(seat, COLOURS[colour])
        steps += 1
        if p.owed == 1:  # the last cube: the engine finishes what the price bought
            return engine.apply(state, action), steps
        state, _ = payments.pay(state, action)
        p = state.payment
    return state, steps
