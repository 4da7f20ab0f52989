"""The greedy bot: a readable heuristic, one rule of thumb per decision.

- **Layout.** Fields go next to its own cottages, cottages onto corners touching many fields of
  several types that few other homes share, under a number no rival neighbour uses.
- **Phase 1.** It calls the number whose home has the most fields that rivals could take, and
  sends workers to the fields whose cubes it needs, taking contested fields first.
- **Phase 3.** Buy a building whenever it can (the one whose price hurts least); while the game
  is young, turn a cottage with two free fields into a house (not one that sat idle this
  round); otherwise trade or buy a craft toward the tile it is closest to affording (of those no
  rival is sure to buy before its next turn) and ahead of the crafts stages 3 to 5 will want;
  with a cube to spare (or a lone cube no tile for sale uses) and nothing else to do, procure
  a law; else pass.
- **Payments.** Give the cubes it needs least: a surplus resource before anything it is saving;
  never the colour a craft purchase or a trade brings in.
- **Bidding.** Bid one cube (or match one, as the last bidder) only when going first next round
  is worth it (few tiles left in the stage and a purchase in reach) and a cube can be spared;
  the winner names itself.
- **Law cards.** Played when clearly good: a free house at once, a craft bargain that gains
  value, harvest cards where its own workers profit, Price increase / Design change against a
  rival's purchase of a valuable tile, Repeal law against a law aimed at it, Substitution,
  Sale and Bargain as its action when they open a purchase.  Otherwise it lets windows pass.

``decide(ctx, acts, salt)`` is the heuristic itself, over a :class:`~.knowledge.Ctx`; the search
bot reuses it as the playout policy on determinized states.  :class:`GreedyBot` wraps it for a
seat's view.  It thinks for some 40 µs a decision, about 12 ms in a 4-player game; building
the views it is asked with costs about twice that (``python bench/bench_bots.py speed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from keythedral.engine import Action, PlayerView
from keythedral.engine.board import Pos, corner_fields, field_corners, field_neighbours
from keythedral.engine.catalogue import tile_cost
from keythedral.engine.cubes import CRAFT_PRICE, INDEX, STONE, VALUE, WOOD

from .base import SeededBot, decision_salt
from .knowledge import (
    TYPE_COLOUR,
    Ctx,
    corner_worth,
    corner_worths,
    has_cottage,
    house_worth,
    keep_value,
    rounds_left,
    shortfall_effort,
    type_worth,
)

Handler = Callable[[Ctx, list[Any], int], Any]
MASK = 0xFFFFFFFF


def _best(acts: Sequence[Any], score: Callable[[Any], float], salt: int) -> Any:
    """The action with the highest score; ``salt`` decides between equal scores."""
    return _pick([(score(a), a) for a in acts], salt)


def _pick(scored: Sequence[tuple[float, Any]], salt: int) -> Any:
    """The action of the highest (score, action) pair; ``salt`` decides between equal scores."""
    top = max(score for score, _ in scored) - 1e-9
    ties = [i for i, (score, _) in enumerate(scored) if score >= top]
    if len(ties) > 1:
        return scored[max(ties, key=lambda i: ((salt ^ (i * 0x9E3779B1)) * 0x85EBCA6B) & MASK)][1]
    return scored[ties[0]][1]


def _spare(hand: Sequence[int], need: Sequence[float]) -> int:
    """Cubes held beyond what the seat is saving for."""
    return sum(max(0, h - int(n + 0.75)) for h, n in zip(hand, need, strict=True))


# --- homes --------------------------------------------------------------------------------
def _contested(ctx: Ctx, field: Pos, called: Sequence[int]) -> bool:
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
            (type_worth(types[f], need) for f in free if _contested(ctx, f, called)),
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
def _buy_score(ctx: Ctx, need: Sequence[float], hand: Sequence[int], a: Any) -> float:
    cost = list(tile_cost(a.tile))
    extra = getattr(a, "extra", None)
    less = getattr(a, "less", None)
    if extra is not None:
        cost[INDEX[extra]] += 1
    if less is not None:
        cost[INDEX[less]] -= 1
    after = [h - c for h, c in zip(hand, cost, strict=True)]
    return -sum(c * keep_value(ctx, need, hand, i) for i, c in enumerate(cost) if c) + 0.01 * min(
        after
    )


def _convert_score(ctx: Ctx, number: int) -> float:
    home = next(c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == number)
    fields = ctx.board().fields_of(home.corner)
    fenced = {f.field for f in ctx.src.fences if f.corner == home.corner}
    free = [f for f in fields if f not in fenced]
    return len(free) + 0.5 * corner_worth(ctx, home.corner)


def _not_idle(ctx: Ctx, converts: list[Any]) -> list[Any]:
    """The conversions of cottages whose worker is out this round: one that found no free
    field (every field it touches taken or fenced off before its number came) sits idle, and
    as a house it would only have two idle workers."""
    out = {w.number for w in ctx.src.workers if w.seat == ctx.seat}
    return [a for a in converts if a.number in out]


#: Spending actions that bring a cube toward the tile the seat aims at.
_TOWARD = frozenset({"buy_craft", "trade"})

#: Spending actions the greedy bot never takes (fences: the bulk of a spending turn's list).
_NEVER = frozenset({"build_fence", "remove_fence"})


def spend(ctx: Ctx, acts: list[Any], salt: int) -> Any:
    by: dict[str, list[Any]] = {}
    for a in acts:
        kind = a.kind
        if kind in _NEVER:
            continue
        got = by.get(kind)
        if got is None:
            by[kind] = [a]
        else:
            got.append(a)
    hand = ctx.cubes
    need = ctx.need()
    buys = by.get("buy_building")
    if buys:
        return _best(buys, lambda a: _buy_score(ctx, need, hand, a), salt)

    converts = _not_idle(ctx, by.get("convert_cottage", []))
    if converts and house_worth(ctx) > 0:
        best = _best(converts, lambda a: _convert_score(ctx, a.number), salt)
        if _convert_score(ctx, best.number) >= 2:
            return best

    target = ctx.aim() if by.keys() & _TOWARD else None
    if target is not None:
        cost = tile_cost(target)
        spare_for_target = sum(max(0, h - c) for h, c in zip(hand, cost, strict=True))
        short = [max(0, c - h) for h, c in zip(hand, cost, strict=True)]
        crafts = by.get("buy_craft", [])
        for a in sorted(crafts, key=lambda a: -CRAFT_PRICE[a.craft]):
            if short[INDEX[a.craft]] and spare_for_target >= CRAFT_PRICE[a.craft]:
                return a
        trades = [a for a in by.get("trade", []) if short[INDEX[a.take]]]
        if trades and spare_for_target >= 2 and not any(short[5:]):
            return _best(trades, lambda a: short[INDEX[a.take]], salt)

    spare = _spare(hand, need)
    for a in sorted(by.get("buy_craft", []), key=lambda a: -CRAFT_PRICE[a.craft]):
        i = INDEX[a.craft]
        if need[i] - hand[i] >= 0.5 and spare >= CRAFT_PRICE[a.craft] and ctx.stage >= 2:
            return a

    procure = by.get("procure_law")
    # a lone cube buys nothing else (every other purchase takes two or more), and one that no
    # tile for sale uses only waits: the law master takes it for a card.  (A lone cube a tile
    # for sale uses is worth more kept, for the next harvest to complete: bot games say so.)
    lone = sum(hand) == 1 and not any(
        tile_cost(t)[i] for t in ctx.buyable for i, h in enumerate(hand) if h
    )
    if procure and (spare >= 1 or lone) and len(ctx.laws) < 2 and rounds_left(ctx) >= 1.5:
        return procure[0]

    passes = by.get("pass")
    return passes[0] if passes else acts[0]


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
def _wants_start(ctx: Ctx) -> bool:
    stage = ctx.stage
    if stage > 5:
        return False
    left = ctx.remaining[stage - 1]
    target = ctx.target()
    close = target is not None and shortfall_effort(ctx.cubes, tile_cost(target)) <= 2
    return left < ctx.n and close


def bid(ctx: Ctx, acts: list[Any], salt: int) -> Any:
    bids = [a for a in acts if a.kind == "bid"]
    passes = [a for a in acts if a.kind == "pass_bid"]
    if not bids or not _wants_start(ctx):
        return passes[0] if passes else acts[0]
    spare = _spare(ctx.cubes, ctx.need())
    low = min(bids, key=lambda a: a.amount)
    if low.amount <= 1 and spare >= 2:
        return low
    return passes[0] if passes else acts[0]


def choose_start_player(ctx: Ctx, acts: list[Any], salt: int) -> Any:
    for a in acts:
        if a.target == ctx.seat:
            return a
    return acts[0]


def first(ctx: Ctx, acts: list[Any], salt: int) -> Any:
    return acts[0]


def decline(ctx: Ctx, acts: list[Any], salt: int) -> Any:
    for a in acts:
        if a.kind == "decline":
            return a
    return acts[0]


SCORERS: dict[str, Scorer] = {
    "place_field": score_place_field,
    "place_cottage": score_place_cottage,
    "relocate": score_relocate,
    "choose_work_order": score_work_order,
    "place_worker": score_place_worker,
    "pay": score_pay,
    "choose_cube": score_choose_cube,
}


def _scored(scorer: Scorer) -> Handler:
    def handler(ctx: Ctx, acts: list[Any], salt: int) -> Any:
        return _pick(list(zip(scorer(ctx, acts), acts, strict=True)), salt)

    return handler


HANDLERS: dict[str, Handler] = {
    **{d: _scored(f) for d, f in SCORERS.items()},
    "spend": spend,
    "window": decline,
    "bid": bid,
    "choose_start_player": choose_start_player,
}


# --- law cards ----------------------------------------------------------------------------
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
        return 3.0 + 0.1 * _convert_score(ctx, a.number) if rounds_left(ctx) >= 1 else 0.0
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
        return 1.2 if _wants_start(ctx) else 0.0
    if card == "cottage-number":
        home = next(c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == a.number)
        called = ctx.src.work_order
        free = ctx.open_fields(home.corner, ctx.seat)
        return 1.2 if any(_contested(ctx, f, called) for f in free) else 0.0
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


# --- the policy ---------------------------------------------------------------------------
def decide(ctx: Ctx, acts: list[Any], salt: int = 0) -> Any:
    """The greedy choice among ``acts`` (all of them the seat's own); ``salt`` breaks ties."""
    if len(acts) == 1:
        return acts[0]
    # only a seat holding law cards has any to play (the layout's hundreds of choices are
    # never scanned for them)
    if ctx.laws and any(a.kind == "play_law" for a in acts):
        plays = [a for a in acts if a.kind == "play_law"]
        pick = choose_law(ctx, plays, acts)
        if pick is not None:
            return pick
        acts = [a for a in acts if a.kind != "play_law"]
        if len(acts) == 1:
            return acts[0]
    return HANDLERS.get(ctx.decision, first)(ctx, acts, salt)


class GreedyBot(SeededBot):
    """The greedy heuristic for one seat; ``seed`` only breaks ties between equal choices."""

    name = "greedy"

    def pick(self, view: PlayerView, mine: list[Action]) -> Action:
        action: Action = decide(Ctx.from_view(view), mine, decision_salt(self.seed, view))
        return action


# --- moves worth searching ----------------------------------------------------------------
#: For decisions that are not scored action by action: which kinds to search first.
KIND_ORDER = {
    "buy_building": 0,
    "play_law": 1,
    "convert_cottage": 2,
    "buy_craft": 3,
    "trade": 4,
    "procure_law": 5,
    "bid": 6,
    "pass": 7,
    "pass_bid": 7,
    "decline": 7,
    "choose_start_player": 8,
    "build_fence": 9,
    "remove_fence": 10,
}


def candidates(ctx: Ctx, acts: list[Any], k: int, salt: int = 0) -> list[Any]:
    """The greedy choice first, then up to ``k - 1`` other actions worth trying.

    Scored decisions keep their best-scored actions; others are ordered by kind (purchases and
    laws before trades, fences last), bids from the lowest.
    """
    pick = decide(ctx, acts, salt)
    if len(acts) <= k:
        return [pick, *(a for a in acts if a is not pick)]
    scorer = SCORERS.get(ctx.decision)
    if scorer is not None and not any(a.kind == "play_law" for a in acts):
        scores = scorer(ctx, acts)
        order = sorted(range(len(acts)), key=lambda i: -scores[i])
        ranked = [acts[i] for i in order]
    else:
        need = ctx.need()
        can_buy = any(a.kind == "buy_building" for a in acts)

        def key(a: Any) -> tuple[float, float]:
            if a.kind == "play_law":
                return (KIND_ORDER["play_law"], -law_value(ctx, a, need, can_buy))
            if a.kind == "bid":
                return (KIND_ORDER["bid"], a.amount)
            return (KIND_ORDER.get(a.kind, 8), 0.0)

        ranked = sorted(acts, key=key)
    return [pick, *(a for a in ranked if a is not pick)][:k]
