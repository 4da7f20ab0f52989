"""What the greedy bot's options are worth: the scores of decisions among many similar actions
(the layout, phase 1, payments), and the judgements its handlers and law cards share (is a
field contested, what a number or a house is worth, is going first next round worth it).

:mod:`.greedy` takes the best-scored action; the search bot keeps the best few as the moves
worth searching (``greedy.candidates``) and its playouts score with them too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from keythedral.engine.facts import Pos, corner_fields, field_corners, field_neighbours, tile_cost
from keythedral.vocab import INDEX

from .knowledge import (
    TYPE_COLOUR,
    Ctx,
    corner_worth,
    corner_worths,
    keep_value,
    shortfall_effort,
    type_worth,
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
    mine = {c.corner for c in src.cottages if c.seat == ctx.seat}
    theirs = {c.corner for c in src.cottages if c.seat != ctx.seat}
    types = ctx.board().types
    out = []
    for a in acts:
        corners = field_corners(a.pos)
        s = sum(1.5 * worth for c in corners if c in mine)
        s -= sum(0.6 * worth for c in corners if c in theirs)
        s += 0.1 * sum(1 for p in field_neighbours(a.pos) if p in types)
        out.append(s)
    return out


def score_place_cottage(ctx: Ctx, acts: list[Any]) -> list[float]:
    rivals: dict[Pos, set[int]] = {}
    for c in ctx.src.cottages:
        if c.seat != ctx.seat:
            for f in corner_fields(c.corner):
                rivals.setdefault(f, set()).add(c.number)
    corners = list(dict.fromkeys(a.corner for a in acts))
    worths = dict(zip(corners, corner_worths(ctx, corners), strict=True))
    per_corner: dict[Pos, tuple[float, set[int]]] = {}
    out = []
    for a in acts:
        known = per_corner.get(a.corner)
        if known is None:
            near: set[int] = set()
            for f in corner_fields(a.corner):
                near |= rivals.get(f, set())
            known = per_corner[a.corner] = (worths[a.corner], near)
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
    value: dict[int, float] = {}
    for c in ctx.src.cottages:
        if c.seat != ctx.seat or c.number in called:
            continue
        workers = 2 if c.house else 1
        free = ctx.open_fields(c.corner, ctx.seat)
        contested = sorted(
            (type_worth(types[f], need) for f in free if is_contested(ctx, f, called)),
            reverse=True,
        )
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
    for c in src.cottages:
        if c.seat != ctx.seat or c.number == home or c.number in called:
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
    out = []
    for a in acts:
        f = a.field
        ftype = types[f]
        s = type_worth(ftype, need)
        if store[TYPE_COLOUR[ftype]] == 0:
            s -= 3.0
        if any(
            c.seat != ctx.seat
            and (c.number not in called or (c.number == number and c.seat in after_me))
            for c in homes.get(f, ())
        ):
            s += 0.6
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
