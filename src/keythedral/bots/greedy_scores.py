"""What the greedy bot's options are worth: the scores of decisions among many similar actions
(the layout, phase 1, payments), and the judgements its handlers and law cards share (is a
field contested, what a number or a house is worth, is going first next round worth it).

:mod:`.greedy` takes the best-scored action; the search bot keeps the best few as the moves
worth searching (``greedy.candidates``) and its playouts score with them too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from keythedral.engine.facts import Pos, corner_fields, tile_cost
from keythedral.vocab import INDEX

from .knowledge import (
    TYPE_COLOUR,
    Ctx,
    beside,
    corner_worth,
    keep_value,
    own_homes,
    shortfall_effort,
    type_worth,
    worth_at,
)


# --- homes --------------------------------------------------------------------------------
def is_contested(ctx: Ctx, field: Pos, called: Sequence[int]) -> bool:
    """Could a rival home whose number is still to be called this round take ``field``?"""
    return any(c.seat != ctx.seat and c.number not in called for c in ctx.homes_on().get(field, ()))


# --- layout -------------------------------------------------------------------------------
# Decisions among many similar options are scored action by action: the handler takes the best,
# and the search bot keeps the best few as the moves worth searching (``candidates``).
Scorer = Callable[[Ctx, list[Any]], list[float]]


def score_place_field(ctx: Ctx, acts: list[Any]) -> list[float]:
    src = ctx.src
    worth = type_worth(ctx.next_field or "woods")
    seat = ctx.seat
    mine = {c.corner for c in src.cottages if c.seat == seat}
    theirs = {c.corner for c in src.cottages if c.seat != seat}
    types = ctx.board().types
    # 1.5 x worth a home of its own at a corner of the place, 0.6 x worth off a rival's, added
    # up as a sum over the corners would (the same floats, so the same ties)
    plus = _sums(1.5 * worth)
    minus = _sums(0.6 * worth)
    out = []
    for a in acts:
        corners, neighbours = beside(a.pos)
        m = t = k = 0
        for c in corners:
            if c in mine:
                m += 1
            if c in theirs:
                t += 1
        for p in neighbours:
            if p in types:
                k += 1
        out.append(plus[m] - minus[t] + 0.1 * k)
    return out


@cache
def _sums(x: float) -> tuple[float, ...]:
    """``sum`` of 0 to 4 copies of ``x`` (a field place has four corners)."""
    return tuple(sum(x for _ in range(m)) for m in range(5))


def score_place_cottage(ctx: Ctx, acts: list[Any]) -> list[float]:
    seat = ctx.seat
    types, homes, fenced = ctx.board().types, ctx.homes_on(), ctx.fenced()
    layout = ctx.src.phase == "layout"
    per_corner: dict[Pos, tuple[float, set[int]]] = {}
    out = []
    for a in acts:
        corner = a.corner
        known = per_corner.get(corner)
        if known is None:
            # the numbers of the rival homes that share a field with the corner
            near: set[int] = set()
            for f in corner_fields(corner):
                for c in homes.get(f, ()):
                    if c.seat != seat:
                        near.add(c.number)
            known = per_corner[corner] = (worth_at(types, homes, fenced, layout, corner), near)
        worth, near = known
        out.append(worth - (0.4 if a.number in near else 0.0) - 0.01 * a.number)
    return out


def score_relocate(ctx: Ctx, acts: list[Any]) -> list[float]:
    return [corner_worth(ctx, a.corner, exclude=(ctx.seat, a.number)) for a in acts]


# --- phase 1 ------------------------------------------------------------------------------
def score_work_order(ctx: Ctx, acts: list[Any]) -> list[float]:
    value = number_values(ctx)
    return [value.get(a.number, 0.0) for a in acts]


def number_values(ctx: Ctx) -> dict[int, float]:
    """What calling each of the seat's numbers not yet called is worth to it now (its workers
    into contested fields, a little for any field at all); worked out once per decision (Work
    order's 120 orders all read it)."""
    got: dict[int, float] | None = ctx.memo.get("number_values")
    if got is None:
        got = ctx.memo["number_values"] = _number_values(ctx)
    return got


def _number_values(ctx: Ctx) -> dict[int, float]:
    need = ctx.need()
    types = ctx.board().types
    called = ctx.src.work_order
    seat = ctx.seat
    homes = ctx.homes_on()
    value: dict[int, float] = {}
    for c in own_homes(ctx.src.cottages, seat):
        if c.number in called:
            continue
        workers = 2 if c.house else 1
        free = ctx.open_fields(c.corner, seat)
        contested = []
        for f in free:
            # is_contested, inline (a few hundred fields a game)
            for home in homes.get(f, ()):
                if home.seat != seat and home.number not in called:
                    contested.append(type_worth(types[f], need))
                    break
        contested.sort(reverse=True)
        value[c.number] = sum(contested[:workers]) + 0.1 * min(workers, len(free))
    return value


def score_place_worker(ctx: Ctx, acts: list[Any]) -> list[float]:
    src = ctx.src
    need = ctx.need()
    types = ctx.board().types
    placement = src.placement
    called = src.work_order
    home = acts[0].number
    # my other homes still to send workers out, and how tight they are
    tight: dict[Pos, float] = {}
    for c in own_homes(src.cottages, ctx.seat):
        if c.number == home or c.number in called:
            continue
        free = ctx.open_fields(c.corner, ctx.seat)
        workers = 2 if c.house else 1
        if len(free) <= workers:
            for f in free:
                tight[f] = tight.get(f, 0.0) + 1.0
    store = src.store
    number = placement.number if placement is not None else 0
    after_me = set(placement.order[1:]) if placement is not None else set()
    homes = ctx.homes_on()
    seat = ctx.seat
    by_type: dict[str, float] = {}
    out = []
    for a in acts:
        f = a.field
        ftype = types[f]
        s = by_type.get(ftype)
        if s is None:
            s = type_worth(ftype, need)
            if store[TYPE_COLOUR[ftype]] == 0:
                s -= 3.0
            by_type[ftype] = s
        # a rival home still to send workers out (this round, or after this seat in this
        # placement) could take the field
        for c in homes.get(f, ()):
            if c.seat != seat and (
                c.number not in called or (c.number == number and c.seat in after_me)
            ):
                s += 0.6
                break
        out.append(s - 0.8 * tight.get(f, 0.0))
    return out


# --- phase 3 ------------------------------------------------------------------------------
def convert_score(ctx: Ctx, number: int) -> float:
    """What turning the seat's cottage ``number`` into a house is worth (its free fields and
    its corner)."""
    home = next(c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == number)
    fields = ctx.board().fields_of(home.corner)
    fenced = {f.field for f in ctx.src.fences if f.corner == home.corner}
    free = [f for f in fields if f not in fenced]
    return len(free) + 0.5 * corner_worth(ctx, home.corner)


def score_pay(ctx: Ctx, acts: list[Any]) -> list[float]:
    hand = ctx.cubes
    need = ctx.need()
    payment = ctx.src.payment
    # a craft or a trade paid in the colour it brings in gives that cube away for nothing
    buying = payment.target if payment is not None and payment.purpose in _BRINGS_IN else None
    return [
        -keep_value(ctx, need, hand, INDEX[a.cube]) - (10.0 if a.cube == buying else 0.0)
        for a in acts
    ]


#: Payments whose target is the colour they bring in (never pay them in that colour).
_BRINGS_IN = frozenset({"craft", "trade"})


def score_choose_cube(ctx: Ctx, acts: list[Any]) -> list[float]:
    hand = ctx.cubes
    need = ctx.need()
    return [need[INDEX[a.cube]] - hand[INDEX[a.cube]] for a in acts]


# --- phase 5 ------------------------------------------------------------------------------
def wants_start(ctx: Ctx) -> bool:
    """Is going first next round worth it (few tiles left in the stage, a purchase in reach)?"""
    stage = ctx.stage
    if stage > 5:
        return False
    left = ctx.remaining[stage - 1]
    target = ctx.target()
    close = target is not None and shortfall_effort(ctx.cubes, tile_cost(target)) <= 2
    return left < ctx.n and close


SCORERS: dict[str, Scorer] = {
    "place_field": score_place_field,
    "place_cottage": score_place_cottage,
    "relocate": score_relocate,
    "choose_work_order": score_work_order,
    "place_worker": score_place_worker,
    "pay": score_pay,
    "choose_cube": score_choose_cube,
}
