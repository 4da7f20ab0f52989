"""The coach: the move the tutorial asks for, and the reason it gives."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from keythedral.bots.greedy import GreedyBot
from keythedral.bots.hints import explain
from keythedral.bots.knowledge import Ctx
from keythedral.engine import PlayerView
from keythedral.engine.board import corner_fields
from keythedral.engine.catalogue import tile_cost
from keythedral.engine.cubes import INDEX
from keythedral.tutorial.steps import LEARNER, field_types
from keythedral.vocab import CRAFT_PRICE

#: The order in which the coach tries the actions the learner has not taken yet.
TRY_ORDER = ("buy_building", "convert_cottage", "trade", "buy_craft", "build_fence", "procure_law")


def _fence_score(view: PlayerView, a: Any) -> tuple[float, ...]:
    """How good a fence is for the lesson: one that closes a rival's home in (so it must move)
    first, then one on a rival home with only two fields (a second fence will close it in),
    then one keeping a rival out of a field the learner's homes touch."""
    corner, fld = tuple(a.corner), tuple(a.field)
    home = next((c for c in view.cottages if tuple(c.corner) == corner), None)
    if home is None:
        return (-1.0,)
    open_left = _open_fields(view, corner)
    rival = home.seat != LEARNER
    mine = {f for c in view.cottages if c.seat == LEARNER for f in corner_fields(c.corner)}
    return (
        float(rival and len(open_left) == 1),
        float(rival and len(open_left) == 2),
        float(rival and fld in mine),
        float(rival),
        -len(open_left),
    )


def _open_fields(view: PlayerView, corner: tuple[int, int]) -> list[tuple[int, int]]:
    """The fields a home at ``corner`` touches that no fence closes to it."""
    types = field_types(view)
    fenced = {tuple(f.field) for f in view.fences if tuple(f.corner) == corner}
    return [f for f in corner_fields(corner) if f in types and f not in fenced]


def _closing_fence(view: PlayerView, acts: list[Any]) -> Any:
    """A fence that closes a rival's home in, if one is open."""
    best = max(acts, key=lambda a: _fence_score(view, a), default=None)
    return best if best is not None and _fence_score(view, best)[0] else None


class Coach:
    """The moves the tutorial asks for: greedy's, but each action tried once when it opens.

    :meth:`move` returns the action and the reason to give for it.
    """

    def __init__(self, seed: int = 0) -> None:
        self.bot = GreedyBot(seed)

    def move(
        self, view: PlayerView, legal: Sequence[Any], tried: set[str], relocated: bool = True
    ) -> tuple[Any, str]:
        mine = [a for a in legal if a.seat == view.seat]
        d = view.decision
        if d == "spend":
            for kind in TRY_ORDER:
                if kind in tried:
                    continue
                acts = [a for a in mine if a.kind == kind]
                if not acts:
                    continue
                if kind == "procure_law" and _keep_for_bid(view, tried):
                    continue
                return self._try(view, kind, acts)
            fences = [a for a in mine if a.kind == "build_fence"]
            if fences and "build_fence" in tried and not relocated:
                closing = _closing_fence(view, fences)
                if closing is not None:
                    home = _home_at(view, closing.corner)
                    return closing, (
                        f"it is the last field {_whose(view, home)} may use: fenced off from "
                        "every field, it must move away"
                    )
            if "pass" not in tried:
                return next(a for a in mine if a.kind == "pass"), (
                    "nothing else is worth doing now: see what passing does"
                )
        if d == "bid" and "bid" not in tried:
            bids = [a for a in mine if a.kind == "bid"]
            if bids:
                return min(bids, key=lambda a: a.amount), (
                    "try a small bid: the winner names the start player, who calls the first "
                    "number and spends first"
                )
        action = self.bot.choose(view, mine)
        return action, explain(view, action, mine)

    def _try(self, view: PlayerView, kind: str, acts: list[Any]) -> tuple[Any, str]:
        """The move that tries ``kind`` for the first time, and why this one."""
        me = view.me
        assert me is not None
        if kind == "build_fence":
            a = max(acts, key=lambda a: _fence_score(view, a))
            home = _home_at(view, a.corner)
            n = len(_open_fields(view, tuple(a.corner)))
            if home is not None and home.seat != LEARNER and n <= 2:
                return a, (
                    f"{_whose(view, home)} touches only {n} fields; fence it off from all of "
                    "them and it must move away, leaving the fields to you"
                )
            return a, "it keeps a rival's workers out of a field your homes touch"
        if kind == "buy_craft":
            a = min(acts, key=lambda a: CRAFT_PRICE[a.craft])
            return a, f"the tiles of stage 3 need iron; {a.craft} is the cheapest craft"
        if kind == "trade":
            target = _cheapest_tile(view)
            if target is not None:
                for a in acts:
                    i = INDEX[a.take]
                    if tile_cost(target)[i] > me.cubes[i]:
                        return a, f"{target} needs {a.take}, and you have none to spare"
            need = Ctx.from_view(view).need()
            a = max(acts, key=lambda a: need[INDEX[a.take]] - me.cubes[INDEX[a.take]])
            return a, f"{a.take} is the resource your coming purchases are shortest of"
        if kind == "procure_law":
            return acts[0], "you have a cube to spare: see what a law card can do"
        a = self.bot.choose(view, acts) if len(acts) > 1 else acts[0]
        return a, explain(view, a, acts)


def _home_at(view: PlayerView, corner: Sequence[int]) -> Any:
    return next((c for c in view.cottages if tuple(c.corner) == tuple(corner)), None)


def _whose(view: PlayerView, home: Any) -> str:
    if home is None:
        return "that cottage"
    kind = "house" if home.house else "cottage"
    if home.seat == LEARNER:
        return f"your {kind} {home.number}"
    return f"{view.players[home.seat].name}'s {kind} {home.number}"


def _cheapest_tile(view: PlayerView) -> str | None:
    me = view.me
    if me is None:
        return None
    best = None
    best_key: tuple[int, str] = (99, "")
    for t in view.tiles:
        if not t.buyable:
            continue
        short = sum(max(0, c - h) for c, h in zip(t.cost, me.cubes, strict=True))
        if (short, t.id) < best_key:
            best, best_key = t.id, (short, t.id)
    return best


def _keep_for_bid(view: PlayerView, tried: set[str]) -> bool:
    """Before the first bidding, keep a cube back so the bidding lesson can bid it."""
    me = view.me
    return "bid" not in tried and me is not None and sum(me.cubes) <= 1
