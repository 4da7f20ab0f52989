"""When the greedy bot plays a law card: each card's value at this moment (played when it is
clearly good, see :mod:`.greedy`), and which of the seat's plays to make.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keythedral.engine.facts import tile_cost
from keythedral.vocab import INDEX, STONE, VALUE, WOOD

from .greedy_scores import convert_score, is_contested, number_values, wants_start
from .knowledge import TYPE_COLOUR, Ctx, has_cottage, house_worth, keep_value, rounds_left


def _my_workers_on(ctx: Ctx, ftype: str) -> tuple[int, int]:
    """(the seat's workers on fields of ``ftype``, the most any rival has there)."""
    types = ctx.board().types
    counts: dict[int, int] = {}
    for w in ctx.src.workers:
        if types[w.field] == ftype:
            counts[w.seat] = counts.get(w.seat, 0) + 1
    mine = counts.pop(ctx.seat, 0)
    return mine, max(counts.values(), default=0)


def _last_tile(ctx: Ctx) -> bool:
    return ctx.tiles_left() == 1


def _window(ctx: Ctx) -> Any:
    windows = ctx.src.windows
    return windows[-1] if windows else None


def _purchase_window(ctx: Ctx) -> Any:
    w = _window(ctx)
    return w if w is not None and w.kind == "purchase" else None


def _harmful(ctx: Ctx, law: Any) -> bool:
    """Is a law just played by someone else aimed at this seat?"""
    card = law.card
    windows = ctx.src.windows
    below = windows[-2] if len(windows) >= 2 else None
    if card in ("price-increase", "design-change") and below is not None:
        p = below.purchase
        return below.kind == "purchase" and p is not None and p.seat == ctx.seat
    if card == "downgrade-house":
        return bool(law.target == ctx.seat)
    if card == "poor-harvest":
        mine, theirs = _my_workers_on(ctx, law.field_type)
        return mine >= 2 and mine > theirs
    if card == "house-moratorium":
        return has_cottage(ctx) and ctx.cubes[STONE] > 0 and ctx.cubes[WOOD] > 0
    return False


def law_value(ctx: Ctx, a: Any, need: Sequence[float], can_buy: bool) -> float:
    """How clearly good playing ``a`` is now (play the best one if it scores above 0)."""
    card = a.card
    hand = ctx.cubes
    if card == "upgrade-cottage":
        return 3.0 + 0.1 * convert_score(ctx, a.number) if rounds_left(ctx) >= 1 else 0.0
    if card == "work-order":
        # call first the numbers whose workers gain most from going out early
        value = number_values(ctx)
        return 1.5 + 0.01 * sum(value.get(n, 0.0) * (5 - i) for i, n in enumerate(a.order))
    if card == "craft-bargain":
        c = INDEX[a.craft]
        gain = VALUE[c] - keep_value(ctx, need, hand, INDEX[a.cube])
        if need[c] > hand[c]:
            gain += 1.0
        return gain
    if card == "downgrade-house":
        return 1.5 if a.target != ctx.seat and rounds_left(ctx) >= 1 else 0.0
    if card == "unsafe-fence":
        homes = {c.corner for c in ctx.src.cottages if c.seat == ctx.seat}
        return 2.0 if a.corner in homes else 0.0
    if card == "broken-fences":
        if a.target != ctx.seat:
            return 0.0
        fenced = {f.corner for f in ctx.src.fences}
        return (
            1.5 if any(c.seat == ctx.seat and c.corner in fenced for c in ctx.src.cottages) else 0
        )
    if card == "price-decrease":
        if can_buy or a.tile not in ctx.buyable:
            return 0.0
        cost = list(tile_cost(a.tile))
        short = [max(0, c - h) for h, c in zip(hand, cost, strict=True)]
        return 3.0 if sum(short) == 1 and not short[7] else 0.0
    if card in ("price-increase", "design-change"):
        w = _purchase_window(ctx)
        if w is None or w.purchase is None or w.purchase.seat == ctx.seat:
            return 0.0
        if w.purchase.tile != a.tile:
            return 0.0
        stage = int(a.tile[1])
        return 1.5 if stage >= 3 or _last_tile(ctx) else 0.0
    if card == "repeal-law":
        w = _window(ctx)
        return 2.0 if w is not None and w.law is not None and _harmful(ctx, w.law) else 0.0
    if card == "good-harvest":
        mine, theirs = _my_workers_on(ctx, a.field_type)
        return 1.0 * (mine - theirs)
    if card == "poor-harvest":
        mine, theirs = _my_workers_on(ctx, a.field_type)
        return 1.0 if mine == 0 and theirs >= 2 else 0.0
    if card == "double-production":
        ftype = ctx.board().types[a.field]
        colour = TYPE_COLOUR[ftype]
        return 1.0 + 0.2 * need[colour] if ctx.src.store[colour] >= 2 else 0.1
    if card == "unexpected-harvest":
        mine, _ = _my_workers_on(ctx, a.field_type)
        return 0.5 * mine
    if card == "house-moratorium":
        w = _window(ctx)
        phase = w.phase if w is not None else ""
        return 1.0 if phase == "spend" and house_worth(ctx) > 1 else 0.0
    if card == "start-order":
        w = _window(ctx)
        if w is None or w.phase != "spend" or a.target != ctx.seat:
            return 0.0
        return 1.2 if wants_start(ctx) else 0.0
    if card == "cottage-number":
        home = next(c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == a.number)
        called = ctx.src.work_order
        free = ctx.open_fields(home.corner, ctx.seat)
        return 1.2 if any(is_contested(ctx, f, called) for f in free) else 0.0
    if card == "substitution":
        if can_buy:
            return 0.0
        return 3.0 - (0.2 * VALUE[INDEX[a.cube]] if a.cube is not None else 0.0)
    if card == "sale":
        c = INDEX[a.craft]
        return 2.0 if not can_buy and need[c] > hand[c] else 0.0
    if card == "bargain":
        if can_buy:
            return 0.0
        target = ctx.target()
        if target is None:
            return 0.0
        short = [max(0, c - h) for h, c in zip(hand, tile_cost(target), strict=True)]
        return 1.5 if any(short[:5]) else 0.0
    return 0.0


def choose_law(ctx: Ctx, plays: list[Any], acts: list[Any]) -> Any | None:
    need = ctx.need()
    can_buy = any(a.kind == "buy_building" for a in acts)
    best, best_value = None, 0.0
    for a in plays:
        v = law_value(ctx, a, need, can_buy)
        if v > best_value:
            best, best_value = a, v
    return best
