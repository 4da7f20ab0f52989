"""The hint key: the greedy bot's suggestion for a decision, with a one-line reason.

The reason is worked out from the same knowledge the greedy bot decides with (:class:`Ctx`),
so it says why *that* action looks good to the heuristic, in a player's words::

    from keythedral.bots.hints import hint

    h = hint(engine.view(state, seat), engine.legal_actions(state))
    h.action   # what greedy would do
    h.reason   # "buy whenever you can: a seat worth 1, for 1 stone + 1 food"

Nothing here changes how the bot plays; :func:`explain` only reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from keythedral.engine import Action, PlayerView
from keythedral.engine.facts import corner_fields, field_corners, tile_cost, tile_words
from keythedral.vocab import CRAFT_PRICE, FIELD_YIELD, INDEX
from keythedral.vocab import cost_text as describe

from .base import own_actions
from .greedy import GreedyBot
from .knowledge import Ctx, racing, rounds_left

LAW_REASONS: dict[str, str] = {
    "upgrade-cottage": "a free house: that cottage sends out two workers from now on",
    "work-order": "you decide the order of the cottage numbers this round",
    "craft-bargain": "a craft cube is worth more than the resource you give for it",
    "downgrade-house": "a rival's house sends out one worker fewer from now on",
    "unsafe-fence": "it removes a fence that keeps one of your homes out of a field",
    "broken-fences": "your workers ignore the fences that block your homes this round",
    "price-decrease": "with one cube less you can buy that tile",
    "price-increase": "the rival's purchase of a valuable tile gets dearer, or is called off",
    "design-change": "the tile a rival is buying is swapped for another",
    "repeal-law": "the law just played would hurt you",
    "good-harvest": "you have more workers on that field type than anyone else",
    "poor-harvest": "your rivals' workers, not yours, stand on that field type",
    "double-production": "that worker brings twice the cubes you need",
    "unexpected-harvest": "you choose the colours of those cubes yourself",
    "house-moratorium": "rivals cannot build houses this round, and you can",
    "start-order": "you want to go first: a purchase is in reach and tiles are few",
    "cottage-number": "that cottage goes out early and takes a contested field",
    "substitution": "it lets you buy a tile you cannot pay for as printed",
    "sale": "a cheaper craft that the tile you want needs",
    "bargain": "two cubes you are short of for the price of one",
}


@dataclass(frozen=True)
class Hint:
    """The suggested action and why, in one line."""

    action: Any
    reason: str


def hint(view: PlayerView, legal: Sequence[Action], seed: int = 0) -> Hint:
    """Greedy's choice for ``view.seat`` among ``legal``, with its reason."""
    action = GreedyBot(seed).choose(view, legal)
    return Hint(action, explain(view, action, own_actions(view, legal)))


def explain(view: PlayerView, action: Any, legal: Sequence[Any] = ()) -> str:
    """One line saying why ``action`` is a sensible choice for the seat of ``view``."""
    ctx = Ctx.from_view(view)
    kind = action.kind
    if len(legal) == 1:
        return _only(ctx, action)
    fn = _REASONS.get(kind)
    return fn(ctx, action, legal) if fn is not None else "it is the most useful choice now"


def _only(ctx: Ctx, action: Any) -> str:
    kind = action.kind
    if kind == "pay":
        return "it is the only colour you hold that counts toward this price"
    if kind == "pass_bid":
        return "you hold no cube to bid with" if not sum(ctx.cubes) else "you cannot outbid now"
    if kind == "decline":
        return "no law card of yours can be played at this moment"
    if kind == "pass":
        return "no other action is open to you now"
    return "it is the only choice you have here"


def _colour_of(ctx: Ctx, field: tuple[int, int]) -> str:
    return FIELD_YIELD[ctx.board().types[(field[0], field[1])]]


def _target_text(ctx: Ctx, target: str | None = None) -> str:
    target = target or ctx.target()
    if target is None:
        return "the next stage's tiles"
    return tile_words(target)


def _short(ctx: Ctx, target: str | None = None) -> list[int]:
    target = target or ctx.target()
    if target is None:
        return [0] * 8
    return [max(0, c - h) for h, c in zip(ctx.cubes, tile_cost(target), strict=True)]


def _race(ctx: Ctx) -> str:
    """Why a trade or a craft is not for the closest tile: a rival can buy it first ("" when
    it is for the closest tile)."""
    aim, target = ctx.aim(), ctx.target()
    if aim == target or target is None:
        return ""
    rival = ctx.src.players[racing(ctx)[target]].name
    return f"{rival} can buy {tile_words(target)} before your next turn: "


# --- the layout --------------------------------------------------------------------------
def _place_field(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    kind = ctx.next_field or "field"
    mine = [c for c in ctx.src.cottages if c.seat == ctx.seat]
    near_mine = [c for c in mine if c.corner in field_corners(tuple(a.pos))]
    near_rival = [
        c for c in ctx.src.cottages if c.seat != ctx.seat and c.corner in field_corners(a.pos)
    ]
    if near_mine:
        homes = " and ".join(f"cottage {c.number}" for c in near_mine)
        return f"your {homes} can send workers to this {kind}"
    if not mine:
        return f"the {kind} makes room for good cottage corners around it"
    if near_rival:
        return f"it is the spot that helps you most and rivals least with a {kind}"
    return f"a {kind} here leaves good corners open for your next cottages"


def _place_cottage(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    types = ctx.board().types
    kinds = [types[f] for f in corner_fields(tuple(a.corner)) if f in types]
    distinct = sorted(set(kinds))
    rivals = {
        c.number
        for c in ctx.src.cottages
        if c.seat != ctx.seat and set(corner_fields(c.corner)) & set(corner_fields(a.corner))
    }
    n = len(kinds)
    fields = f"{n} field{'s' if n != 1 else ''}"
    what = f"it touches {fields} of {len(distinct)} kind{'s' if len(distinct) != 1 else ''}"
    if distinct:
        what += f" ({', '.join(distinct)})"
    if rivals and a.number not in rivals:
        what += f"; no rival neighbour has number {a.number}"
    return what


def _relocate(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    types = ctx.board().types
    kinds = sorted({types[f] for f in corner_fields(tuple(a.corner)) if f in types})
    return f"of the free corners, it has the best fields for you ({', '.join(kinds)})"


# --- phase 1 -----------------------------------------------------------------------------
def _work_order(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    called = ctx.src.work_order
    homes = [c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == a.number]
    if not homes:
        return f"none of your homes has number {a.number}, and the others matter more to rivals"
    home = homes[0]
    free = ctx.open_fields(home.corner, ctx.seat)
    contested = [
        f
        for f in free
        if any(c.seat != ctx.seat and c.number not in called for c in ctx.homes_on().get(f, ()))
    ]
    kind = "house" if home.house else "cottage"
    if contested:
        return (
            f"rivals could take the fields of your {kind} {a.number}: calling it now "
            "lets you place first"
        )
    return f"your {kind} {a.number} has free fields; calling it now costs you nothing"


def _place_worker(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    colour = _colour_of(ctx, a.field)
    i = INDEX[colour]
    if ctx.src.store[i] == 0:
        return f"every field is poor now; at least this one blocks a rival ({colour} is sold out)"
    need = ctx.need()
    short = need[i] - ctx.cubes[i]
    rival = any(
        c.seat != ctx.seat and c.number not in ctx.src.work_order
        for c in ctx.homes_on().get(tuple(a.field), ())
    )
    target = ctx.target()
    if target is not None and _short(ctx)[i]:
        why = f"you need {colour} for {_target_text(ctx)}"
    elif short >= 0.5:
        why = f"you will need {colour} for the tiles to come"
    else:
        why = f"{colour} is the most useful cube this home can bring in"
    if rival:
        why += ", and a rival could take the field later"
    return why


# --- phase 3 -----------------------------------------------------------------------------
def _buy(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    cost = list(tile_cost(a.tile))
    if getattr(a, "extra", None):
        cost[INDEX[a.extra]] += 1
    if getattr(a, "less", None):
        cost[INDEX[a.less]] -= 1
    value = ctx.seat_value(int(a.tile[1]))
    others = {x.tile for x in legal if x.kind == "buy_building"} - {a.tile}
    why = f"a seat worth {value}, for {describe(tuple(cost))}"
    if others:
        why += ": of the tiles you can pay for, it costs you the cubes you need least"
    return f"buy whenever you can: {why}"


def _convert(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    home = next(c for c in ctx.src.cottages if c.seat == ctx.seat and c.number == a.number)
    fenced = ctx.fenced().get(home.corner, set())
    fields = [f for f in ctx.board().fields_of(home.corner) if f not in fenced]
    rounds = max(1, round(rounds_left(ctx)))
    return (
        f"a house sends out two workers for the ~{rounds} rounds left, and cottage "
        f"{a.number} touches {len(fields)} fields it may use"
    )


def _craft(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    price = CRAFT_PRICE[a.craft]
    short = _short(ctx, ctx.aim())
    if short[INDEX[a.craft]]:
        aim = _target_text(ctx, ctx.aim())
        return f"{_race(ctx)}{aim} needs {a.craft}; you have {price} cubes to spare for it"
    return f"the coming stages need {a.craft}, and you have {price} cubes to spare"


def _trade(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if _short(ctx, ctx.aim())[INDEX[a.take]]:
        aim = _target_text(ctx, ctx.aim())
        return f"{_race(ctx)}you are short of {a.take} for {aim} and have 2 cubes to spare"
    return f"{a.take} is the resource your coming purchases are shortest of"


def _procure(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if sum(ctx.cubes) == 1:
        return "your last cube buys nothing, and no tile for sale uses it: take a law card"
    return "nothing better to buy, a cube to spare, and a law card may help later"


def _pass(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    kinds = {x.kind for x in legal}
    if kinds <= {"pass", "play_law"}:
        return "no other action is open to you now"
    target = ctx.target()
    if target is not None:
        missing = describe(tuple(_short(ctx)))
        return f"keep your cubes: {target} is still short of {missing}, and nothing helps yet"
    return "keep your cubes for the next stage: nothing here is worth them"


def _fence(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    return "it keeps a rival's workers out of a field you want"


def _remove_fence(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    return "that fence keeps your workers out of a field you need"


# --- payments, cubes ---------------------------------------------------------------------
def _pay(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    i = INDEX[a.cube]
    need = ctx.need()
    if ctx.cubes[i] - 1 >= need[i]:
        return f"you have more {a.cube} than your next purchases need"
    return f"of the cubes that count, {a.cube} is the one you will miss least"


def _choose_cube(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    short = _short(ctx)
    if short[INDEX[a.cube]]:
        return f"you are short of {a.cube} for {_target_text(ctx)}"
    return f"{a.cube} is the colour your coming purchases need most"


# --- windows, laws -----------------------------------------------------------------------
def _decline(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if not ctx.laws:
        return "you hold no law card: let the moment go by"
    return "none of your law cards is worth playing at this moment"


def _play_law(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    return LAW_REASONS.get(a.card, "it helps you more than it helps anyone else")


# --- phase 5 -----------------------------------------------------------------------------
def _bid(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    b = ctx.src.bidding
    if b is not None and b.holder == ctx.seat:
        return "matching wins: going first lets you buy before the last tiles of this stage go"
    return "few tiles are left in this stage and you can almost buy one: going first matters"


def _pass_bid(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if not any(x.kind == "bid" for x in legal):
        return "you cannot bid more than the cubes you hold"
    return "going first next round is not worth your cubes now"


def _choose_start(ctx: Ctx, a: Any, legal: Sequence[Any]) -> str:
    if a.target == ctx.seat:
        return "name yourself: you pick the first number, place first and spend first"
    return "that player's turn order suits you best next round"


_REASONS = {
    "place_field": _place_field,
    "place_cottage": _place_cottage,
    "relocate_cottage": _relocate,
    "choose_work_order": _work_order,
    "place_worker": _place_worker,
    "buy_building": _buy,
    "convert_cottage": _convert,
    "build_fence": _fence,
    "remove_fence": _remove_fence,
    "buy_craft": _craft,
    "trade": _trade,
    "procure_law": _procure,
    "pass": _pass,
    "pay": _pay,
    "choose_cube": _choose_cube,
    "decline": _decline,
    "play_law": _play_law,
    "bid": _bid,
    "pass_bid": _pass_bid,
    "choose_start_player": _choose_start,
}

__all__ = ["LAW_REASONS", "Hint", "explain", "hint"]
