"""Phase 3 action 2: convert a cottage into a house (vocab.HOUSE_PRICE: 1 stone + 1 wood)."""

from __future__ import annotations

from keythedral.vocab import HOUSE_COST, HOUSE_PRICE

from .actions import Action, ConvertCottage, make_convert
from .cubes import STONE, WOOD
from .errors import IllegalAction
from .events import CottageConverted, new
from .payments import pay_cost
from .spend import acted_fresh
from .state import GameState, logged_fresh


def blocked_by_moratorium(state: GameState, seat: int) -> bool:
    """A House moratorium of another player's forbids converting this round."""
    holder = state.effects.moratorium
    return holder is not None and holder != seat


def legal(state: GameState, seat: int) -> tuple[Action, ...]:
    hand = state.players[seat].cubes
    if hand[STONE] < 1 or hand[WOOD] < 1:
        return ()
    holder = state.effects.moratorium  # ``blocked_by_moratorium``, inline
    if holder is not None and holder != seat:
        return ()
    cottages = state.cottages
    return tuple([make_convert(seat, c.number) for c in cottages if c.seat == seat and not c.house])


def apply_convert(state: GameState, action: ConvertCottage) -> GameState:
    seat, number = action.seat, action.number
    name = state.name(seat)
    mine = [c for c in state.cottages if c.seat == seat and c.number == number]
    if not mine:
        raise IllegalAction(f"{name} has no cottage number {number}.")
    if mine[0].house:
        raise IllegalAction(f"{name}'s number {number} is already a house.")
    if blocked_by_moratorium(state, seat):
        holder = state.name(state.effects.moratorium or 0)  # blocked: a moratorium is set
        raise IllegalAction(
            f"{holder}'s House moratorium: nobody else may build a house this round."
        )
    hand = state.players[seat].cubes
    missing = [c for c, i in (("stone", STONE), ("wood", WOOD)) if hand[i] < 1]
    if missing:
        raise IllegalAction(
            f"{name} has no {' and no '.join(missing)} to convert a cottage (it costs {HOUSE_PRICE})."
        )
    state = pay_cost(state, seat, HOUSE_COST)
    cottages = tuple(c._replace(house=True) if c is mine[0] else c for c in state.cottages)
    state = logged_fresh(  # state: pay_cost's
        state, new(CottageConverted, seat=seat, number=number), cottages=cottages
    )
    return acted_fresh(state, seat)
