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

import heapq
import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from keythedral import engine
from keythedral.engine import GameState
from keythedral.engine.facts import (
    TRADE_PRICE,
    Pos,
    corner_fields,
    tile_cost,
)
from keythedral.engine.facts import board_index as index
from keythedral.engine.playout_moves import layout_sample, pay_by, spend_options
from keythedral.vocab import COLOURS, CRAFT_PRICE, GLASS, GOLD, INDEX, IRON, STONE, VALUE, WOOD

from .greedy import candidates, decide
from .greedy_scores import SCORERS
from .knowledge import (
    TYPE_WORTH,
    Ctx,
    beside,
    cost_terms,
    field_types,
    homes_on,
    keep_value,
    tile_price,
    tile_shortfall,
)

#: Decisions whose options greedy scores one by one, at a cost that grows with their number:
#: a playout scores only a random handful of them (the layout's corners cost some 4 µs each).
SAMPLED = frozenset({"place_field", "place_cottage", "relocate"})
#: How many options of a ``SAMPLED`` decision a playout looks at.
SAMPLE = 8


def seat_actions(state: GameState, seat: int, decision: str) -> list[Any]:
    """``seat``'s legal actions that the playout policy may take (a spending turn without its
    fences: the same list the engine gives otherwise)."""
    if decision == "spend" and state.turn == seat:
        return spend_options(state)
    if state.to_act == (seat,):  # every legal action is the seat's (the usual case)
        return engine.legal_actions(state)
    return [a for a in engine.legal_actions(state) if a.seat == seat]


def _top(scored: list[tuple[float, Any]], rng: random.Random, eps: float) -> Any:
    """The best-scored action, or with chance ``eps`` one of the best three."""
    if eps and len(scored) > 1 and rng.random() < eps:
        scored.sort(key=lambda x: -x[0])
        return rng.choice(scored[:3])[1]
    return max(scored, key=_SCORE)[1]


_SCORE = itemgetter(0)


def _cottage(state: GameState, seat: int, acts: list[Any], rng: random.Random, eps: float) -> Any:
    """Greedy's choice of a cottage's corner and number (``score_place_cottage``: the corner's
    worth, less for a number a rival home nearby uses), looking only at the homes around the
    sampled corners."""
    types = field_types(state.fields)
    around = homes_on(state.cottages)
    # corner -> (its worth, the numbers of the rival homes that share a field with it)
    corners: dict[Pos, tuple[float, set[int]]] = {}
    scored = []
    for a in acts:
        corner = a.corner
        known = corners.get(corner)
        if known is None:
            total = 0.0
            kinds = set()
            near = set()
            for f in corner_fields(corner):
                homes = around.get(f, ())
                for home in homes:
                    if home.seat != seat:
                        near.add(home.number)
                ftype = types.get(f)
                if ftype is None:
                    total += 0.3  # open ground the layout may still fill
                    continue
                kinds.add(ftype)
                total += TYPE_WORTH[ftype] / (1.0 + 0.7 * len(homes))
            known = corners[corner] = (total + 0.2 * len(kinds), near)
        worth, near = known
        number = a.number
        scored.append((worth - (0.4 if number in near else 0.0) - 0.01 * number, a))
    return _top(scored, rng, eps)


def _field(state: GameState, seat: int, acts: list[Any], rng: random.Random, eps: float) -> Any:
    """Greedy's choice of where to lay the next field (``score_place_field``: next to its own
    homes, away from rivals', touching laid fields)."""
    worth = TYPE_WORTH[state.field_stack[0]]
    homes = {c.corner: (1.5 * worth if c.seat == seat else -0.6 * worth) for c in state.cottages}
    types = field_types(state.fields)
    scored = []
    for a in acts:
        corners, neighbours = beside(a.pos)
        s = 0.0
        for c in corners:
            if c in homes:
                s += homes[c]
        for p in neighbours:
            if p in types:
                s += 0.1
        scored.append((s, a))
    return _top(scored, rng, eps)


def move(state: GameState, seat: int, decision: str, rng: random.Random, eps: float) -> Any:
    """The policy's move for ``seat`` (None when it has none: a sampled world the rules cannot
    play on)."""
    if decision == "place_cottage":
        return _cottage(state, seat, layout_sample(state, SAMPLE, rng), rng, eps)
    if decision == "place_field":
        return _field(state, seat, layout_sample(state, SAMPLE, rng), rng, eps)
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

    def choose(hand: tuple[int, ...], colours: Sequence[int]) -> int:
        if len(colours) == 1:  # (no choice: nothing to score, no random draw)
            return colours[0]
        ctx.cubes = hand
        ctx.memo = {}
        need = ctx.need()
        scored = [
            (-keep_value(ctx, need, hand, i) - (10.0 if i == buying else 0.0), i) for i in colours
        ]
        if eps and len(scored) > 1 and rng.random() < eps:
            scored.sort(reverse=True)
            colour: int = rng.choice(scored[:3])[1]
            return colour
        return max(scored)[1]

    return pay_by(state, choose)


class Projection(NamedTuple):
    """What the projected spending leaves, beside the state it started from (everything else
    is as that state has it): each seat's cubes and tiles, the tiles left on the mat, and the
    corners of the cottages that became houses."""

    hands: tuple[tuple[int, ...], ...]
    bought: tuple[tuple[str, ...], ...]
    mat: tuple[tuple[str, ...], ...]
    houses: frozenset[Pos]


def projected(state: GameState) -> Projection:
    """What the spending phase ahead would roughly leave, worked out in one go instead of
    played (for a playout that stops where the spending starts).

    The seats take turns from the start player with greedy's main rules of thumb: buy the
    affordable tile whose price hurts least; else, while houses still pay, turn the cottage
    with the most open fields into a house; else buy the craft, or trade for the resource,
    that the tile they are closest to affording lacks, from cubes that tile does not need;
    else pass.  A round of turns in which everybody passes ends it.  No laws or fences, and
    the store never runs out."""
    n = len(state.players)
    hands = [list(p.cubes) for p in state.players]
    bought = [list(p.buildings) for p in state.players]
    mat = [list(t) for t in state.mat]
    houses: set[Pos] = set()
    houses_pay = sum(len(t) for t in mat) / max(1.0, 0.55 * n) > 2.0  # greedy's house_worth
    seat, idle = state.start_player, 0
    if state.phase == "spend" and state.window_done == "spend":  # under way
        seat, idle = state.turn, state.passes
    for _ in range(12 * n):
        tiles = next((t for t in mat if t), None)
        if tiles is None or idle >= n:
            break
        hand = hands[seat]
        tile = _project_turn(hand, tiles)
        if tile is None and houses_pay and hand[STONE] and hand[WOOD]:
            tile = _convert(state, houses, seat)
            if tile is not None:
                hand[STONE] -= 1
                hand[WOOD] -= 1
        if tile is None:
            idle += 1
        else:
            idle = 0
            if tile:
                tiles.remove(tile)
                bought[seat].append(tile)
        seat = (seat + 1) % n
    return Projection(
        tuple(map(tuple, hands)),
        tuple(map(tuple, bought)),
        tuple(map(tuple, mat)),
        frozenset(houses),
    )


def _convert(state: GameState, houses: set[Pos], seat: int) -> str | None:
    """Turn ``seat``'s cottage with the most open fields (at least one) into a house (its
    corner joins ``houses``): "" if one was, None if none could be."""
    fenced = {(f.corner, f.field) for f in state.fences}
    fields = index(state.fields)
    best, most = None, 0
    for c in state.cottages:
        if c.seat == seat and not c.house and c.corner not in houses:
            open_ = sum(1 for f in fields.fields_of(c.corner) if (c.corner, f) not in fenced)
            if open_ > most:
                best, most = c.corner, open_
    if best is None:
        return None
    houses.add(best)
    return ""


def _project_turn(hand: list[int], tiles: list[str]) -> str | None:
    """One projected spending turn on ``hand`` (changed in place): the tile bought, "" for a
    craft or a trade, None for a pass."""
    best: tuple[float, str] | None = None
    for t in tiles:
        for i, c, _ in cost_terms(t):
            if hand[i] < c:
                break
        else:  # affordable
            key = (tile_price(t), t)
            if best is None or key < best:
                best = key
    if best is not None:
        for i, c, _ in cost_terms(best[1]):
            hand[i] -= c
        return best[1]
    # the tile closest to affording (ties: the lowest id)
    target, least = tiles[0], tile_shortfall(hand, tiles[0])
    for t in tiles[1:]:
        s = tile_shortfall(hand, t)
        if s < least or (s == least and t < target):
            target, least = t, s
    cost = tile_cost(target)
    spare = [h - c if h > c else 0 for h, c in zip(hand, cost, strict=True)]
    short = [c - h if c > h else 0 for h, c in zip(hand, cost, strict=True)]
    spared = sum(spare)
    for craft in (GOLD, GLASS, IRON):
        price = CRAFT_PRICE[COLOURS[craft]]
        if short[craft] and spared >= price:
            _give(hand, spare, price)
            hand[craft] += 1
            return ""
    if not any(short[5:]) and spared >= TRADE_PRICE:
        _give(hand, spare, TRADE_PRICE)
        hand[next(i for i in range(5) if short[i])] += 1
        return ""
    return None


def _give(hand: list[int], spare: list[int], k: int) -> None:
    """Pay ``k`` cubes from ``spare`` (what the target does not need), the cheapest first."""
    for i in sorted(range(8), key=lambda i: VALUE[i]):
        take = min(k, spare[i])
        hand[i] -= take
        k -= take
        if not k:
            return


def tree_options(ctx: Ctx, mine: list[Any], k: int) -> list[Any]:
    """Greedy's move and up to ``k - 1`` runners-up (``candidates``), scoring a decision that
    greedy scores option by option only once (``candidates`` scores it twice: once to choose,
    once to rank)."""
    scorer = SCORERS.get(ctx.decision)
    if scorer is None or len(mine) <= k or any(a.kind == "play_law" for a in mine):
        return candidates(ctx, mine, k) if k > 1 else [decide(ctx, mine)]
    scores = scorer(ctx, mine)
    return [mine[i] for i in heapq.nlargest(k, range(len(mine)), key=scores.__getitem__)]
