"""The coach: the move the tutorial asks for, and the reason it gives."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keythedral.bots.greedy import GreedyBot
from keythedral.bots.hints import explain
from keythedral.bots.knowledge import Ctx, rounds_left, shortfall_effort
from keythedral.engine import PlayerView
from keythedral.engine.board import corner_fields
from keythedral.engine.catalogue import tile_cost
from keythedral.engine.cubes import INDEX, WOOD
from keythedral.engine.events import CraftBought, RoundBegan, Traded
from keythedral.lang import N_, _, ngettext
from keythedral.tutorial.steps import LEARNER, open_fields
from keythedral.words import terms


def _contested_fence(view: PlayerView, fences: list[Any]) -> Any:
    """A fence keeping a rival's home out of a field the learner's homes touch (on the rival
    home with the fewest fields left to it), or None."""
    mine = {f for c in view.cottages if c.seat == LEARNER for f in corner_fields(c.corner)}
    rivals = {tuple(c.corner) for c in view.cottages if c.seat != LEARNER}
    useful = [a for a in fences if tuple(a.corner) in rivals and tuple(a.field) in mine]
    return min(
        useful,
        key=lambda a: (len(open_fields(view, tuple(a.corner))), a.corner, a.field),
        default=None,
    )


class Coach:
    """The moves the tutorial asks for: the greedy bot's, with the reason the hints give for it.

    A lesson may ask for another move only where greedy would *pass* (it has nothing worth
    buying left this round) and the other move is genuinely useful with the cubes left over, so
    it is nearly as good: a fence keeping a rival out of a field the learner's homes use, a law
    card for a cube left over, a one-cube bid when going first pays.  Each is asked for only
    until the learner has tried it.

    :meth:`move` returns the action and the reason to give for it.
    """

    def __init__(self, seed: int = 0) -> None:
        self.bot = GreedyBot(seed)

    def move(self, view: PlayerView, legal: Sequence[Any], tried: set[str]) -> tuple[Any, str]:
        mine = [a for a in legal if a.seat == view.seat]
        best = self.bot.choose(view, mine)
        if best.kind == "pass":
            other = _instead_of_passing(view, mine, tried)
            if other is not None:
                return other
        if best.kind == "pass_bid" and "bid" not in tried:
            bid = _worth_a_bid(view, mine)
            if bid is not None:
                return bid
        return best, explain(view, best, mine)


def _instead_of_passing(
    view: PlayerView, mine: list[Any], tried: set[str]
) -> tuple[Any, str] | None:
    """A useful move not tried yet, where greedy would pass (None: passing it is).  Only cubes
    left over are spent on it, never one just bought at the trader or a craftsman (those are
    meant for a tile)."""
    ctx = Ctx.from_view(view)
    left = _left_over(view)
    fences = [a for a in mine if a.kind == "build_fence"]
    if "build_fence" not in tried and fences and left[WOOD] and rounds_left(ctx) >= 2:
        a = _contested_fence(view, fences)
        if a is not None:
            return a, _fence_reason(view, _home_at(view, a.corner))
    procure = [a for a in mine if a.kind == "procure_law"]
    fresh = "procure_law" not in tried and not ctx.laws
    if fresh and procure and sum(left) and rounds_left(ctx) >= 1.5:
        # I18N: a reason, after "Why: " or "because " (so it starts in lower case).
        return procure[0], _(
            "nothing is worth buying now, and a spare cube buys a law card: it bends one "
            "rule once, when it suits you"
        )
    return None


def _left_over(view: PlayerView) -> list[int]:
    """The learner's cubes, less those bought this round at the trader or a craftsman."""
    me = view.me
    assert me is not None
    left = list(me.cubes)
    for e in reversed(view.log):
        if isinstance(e, RoundBegan):
            break
        if isinstance(e, Traded | CraftBought) and e.seat == view.seat:
            i = INDEX[e.take if isinstance(e, Traded) else e.craft]
            left[i] = max(0, left[i] - 1)
    return left


def _worth_a_bid(view: PlayerView, mine: list[Any]) -> tuple[Any, str] | None:
    """A one-cube bid when going first pays: few tiles left in the stage and one in reach."""
    bids = [a for a in mine if a.kind == "bid" and a.amount == 1]
    ctx = Ctx.from_view(view)
    if not bids or ctx.stage > 5:
        return None
    target = ctx.target()
    left = ctx.remaining[ctx.stage - 1]
    if target is None or left >= ctx.n or shortfall_effort(ctx.cubes, tile_cost(target)) > 2:
        return None
    # I18N: a reason, after "Why: " or "because " (so it starts in lower case): {n} is how
    # many tiles of the stage are left, {tile} a tile's id (Q1).
    reason = ngettext(
        "only {n} tiles of this stage are left and {tile} is nearly in reach: going first "
        "lets you buy before the others",
        "only {n} tiles of this stage are left and {tile} is nearly in reach: going first "
        "lets you buy before the others",
        left,
    )
    return bids[0], reason.format(n=left, tile=target)


def _home_at(view: PlayerView, corner: Sequence[int]) -> Any:
    return next((c for c in view.cottages if tuple(c.corner) == tuple(corner)), None)


#: Why to fence a rival home out of a field: by whose home it is (the learner's?) and whether
#: it is a house.  {whose} is the owner ("Hilda's", French "d'Hilda"), {number} the home's
#: number.  Each is a reason, after "Why: " or "because " (so it starts in lower case).
_FENCE_REASONS = {
    (True, False): N_(
        "your cottage {number} shares that field with your homes; a wood you have no use for "
        "this round keeps it out for good"
    ),
    (True, True): N_(
        "your house {number} shares that field with your homes; a wood you have no use for "
        "this round keeps it out for good"
    ),
    (False, False): N_(
        "{whose} cottage {number} shares that field with your homes; a wood you have no use "
        "for this round keeps it out for good"
    ),
    (False, True): N_(
        "{whose} house {number} shares that field with your homes; a wood you have no use "
        "for this round keeps it out for good"
    ),
}


def _fence_reason(view: PlayerView, home: Any) -> str:
    if home is None:
        return _(
            "that cottage shares that field with your homes; a wood you have no use for this "
            "round keeps it out for good"
        )
    reason = _FENCE_REASONS[home.seat == LEARNER, bool(home.house)]
    return _(reason).format(whose=terms.whose(view.players[home.seat].name), number=home.number)
