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
seat's view.  The scores of decisions among many similar actions (and the judgements the
handlers share) are in :mod:`.greedy_scores`, the law cards' values in :mod:`.greedy_laws`.
It thinks for some 20 µs a decision, about 5 ms in a 4-player game; building
the views it is asked with costs about half that (``python bench/bench_bots.py speed``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby
from operator import attrgetter
from typing import Any

from keythedral.engine import Action, PlayerView
from keythedral.engine.facts import tile_cost
from keythedral.vocab import CRAFT_PRICE, INDEX

from .base import SeededBot, decision_salt
from .greedy_laws import choose_law, law_value
from .greedy_scores import SCORERS, Scorer, convert_score, wants_start
from .knowledge import Ctx, house_worth, keep_value, rounds_left

Handler = Callable[[Ctx, list[Any], int], Any]
MASK = 0xFFFFFFFF


def _best(acts: Sequence[Any], score: Callable[[Any], float], salt: int) -> Any:
    """The action with the highest score; ``salt`` decides between equal scores."""
    return _pick_scored([score(a) for a in acts], acts, salt)


def _pick_scored(scores: Sequence[float], acts: Sequence[Any], salt: int) -> Any:
    """The action of ``acts`` with the highest of ``scores`` (one each); ``salt`` decides
    between equal scores."""
    top = max(scores) - 1e-9
    ties = [i for i, score in enumerate(scores) if score >= top]
    if len(ties) > 1:
        return acts[max(ties, key=lambda i: ((salt ^ (i * 0x9E3779B1)) * 0x85EBCA6B) & MASK)]
    return acts[ties[0]]


def _spare(hand: Sequence[int], need: Sequence[float]) -> int:
    """Cubes held beyond what the seat is saving for."""
    spare = 0
    for h, n in zip(hand, need, strict=True):
        over = h - int(n + 0.75)
        if over > 0:
            spare += over
    return spare


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


def _not_idle(ctx: Ctx, converts: list[Any]) -> list[Any]:
    """The conversions of cottages whose worker is out this round: one that found no free
    field (every field it touches taken or fenced off before its number came) sits idle, and
    as a house it would only have two idle workers."""
    out = {w.number for w in ctx.src.workers if w.seat == ctx.seat}
    return [a for a in converts if a.number in out]


#: Spending actions that bring a cube toward the tile the seat aims at.
_TOWARD = frozenset({"buy_craft", "trade"})

_KIND = attrgetter("kind")

#: Spending actions the greedy bot never takes (fences: the bulk of a spending turn's list).
_NEVER = frozenset({"build_fence", "remove_fence"})


def spend(ctx: Ctx, acts: list[Any], salt: int) -> Any:
    # the actions by kind, each kind in the order given (the legal list gives a kind's actions
    # together: grouped in C, the fences are skipped without a Python step each)
    by: dict[str, list[Any]] = {}
    for kind, group in groupby(acts, _KIND):
        if kind in _NEVER:
            continue
        got = by.get(kind)
        if got is None:
            by[kind] = list(group)
        else:
            got.extend(group)
    hand = ctx.cubes
    buys = by.get("buy_building")
    if buys:
        need = ctx.need()
        return _best(buys, lambda a: _buy_score(ctx, need, hand, a), salt)

    converts = by.get("convert_cottage")
    if converts:
        converts = _not_idle(ctx, converts)
    if converts and house_worth(ctx) > 0:
        scores = [convert_score(ctx, a.number) for a in converts]
        best = _pick_scored(scores, converts, salt)
        if scores[next(i for i, a in enumerate(converts) if a is best)] >= 2:
            return best

    target = ctx.aim() if by.keys() & _TOWARD else None
    if target is not None:
        cost = tile_cost(target)
        spare_for_target = sum([h - c for h, c in zip(hand, cost, strict=True) if h > c])
        short = [c - h if c > h else 0 for h, c in zip(hand, cost, strict=True)]
        crafts = by.get("buy_craft", [])
        for a in sorted(crafts, key=lambda a: -CRAFT_PRICE[a.craft]):
            if short[INDEX[a.craft]] and spare_for_target >= CRAFT_PRICE[a.craft]:
                return a
        trades = [a for a in by.get("trade", []) if short[INDEX[a.take]]]
        if trades and spare_for_target >= 2 and not any(short[5:]):
            return _best(trades, lambda a: short[INDEX[a.take]], salt)

    need = ctx.need()  # (not before: a purchase toward the aim needs none)
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


def bid(ctx: Ctx, acts: list[Any], salt: int) -> Any:
    bids = [a for a in acts if a.kind == "bid"]
    passes = [a for a in acts if a.kind == "pass_bid"]
    if not bids or not wants_start(ctx):
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


def _scored(scorer: Scorer) -> Handler:
    def handler(ctx: Ctx, acts: list[Any], salt: int) -> Any:
        return _pick_scored(scorer(ctx, acts), acts, salt)

    return handler


HANDLERS: dict[str, Handler] = {
    **{d: _scored(f) for d, f in SCORERS.items()},
    "spend": spend,
    "window": decline,
    "bid": bid,
    "choose_start_player": choose_start_player,
}


# --- the policy ---------------------------------------------------------------------------
def decide(ctx: Ctx, acts: list[Any], salt: int = 0) -> Any:
    """The greedy choice among ``acts`` (all of them the seat's own); ``salt`` breaks ties."""
    if len(acts) == 1:
        return acts[0]
    # only a seat holding law cards has any to play (the layout's hundreds of choices are
    # never scanned for them)
    if ctx.laws:
        kinds = list(map(_KIND, acts))  # read in C (a spending turn lists some fifty)
        if "play_law" in kinds:
            plays = [a for a, k in zip(acts, kinds, strict=True) if k == "play_law"]
            pick = choose_law(ctx, plays, acts)
            if pick is not None:
                return pick
            acts = [a for a, k in zip(acts, kinds, strict=True) if k != "play_law"]
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
