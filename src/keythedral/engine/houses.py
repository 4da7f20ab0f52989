"""Phase 3 action 2: convert a cottage into a house (vocab.HOUSE_PRICE: 1 stone + 1 wood)."""

from __future__ import annotations

from keythedral.lang import N_
from keythedral.vocab import HOUSE_COST

from .actions import Action, ConvertCottage, make_convert
from .catalogue import card_said
from .cubes import STONE, WOOD
from .errors import Count, IllegalAction, Phrase
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
        raise IllegalAction(
            N_("{player} has no cottage number {number}."), player=name, number=number
        )
    if mine[0].house:
        raise IllegalAction(
            N_("{player}'s number {number} is already a house."), player=name, number=number
        )
    if blocked_by_moratorium(state, seat):
        holder = state.name(state.effects.moratorium or 0)  # blocked: a moratorium is set
        raise IllegalAction(
            # I18N: {card} is the law card's name ("House moratorium")
            N_("{player} played {card}: nobody else may build a house this round."),
            player=holder,
            card=card_said("house-moratorium"),
        )
    hand = state.players[seat].cubes
    if hand[STONE] < 1 or hand[WOOD] < 1:
        raise _short(name, hand[STONE] < 1, hand[WOOD] < 1)
    state = pay_cost(state, seat, HOUSE_COST)
    cottages = tuple(c._replace(house=True) if c is mine[0] else c for c in state.cottages)
    state = logged_fresh(  # state: pay_cost's
        state, new(CottageConverted, seat=seat, number=number), cottages=cottages
    )
    return acted_fresh(state, seat)


def _short(name: str, no_stone: bool, no_wood: bool) -> IllegalAction:
    """Why ``name`` cannot pay for a house: a whole message for each cube missing, and both."""
    # I18N: a house's price, counts of cubes added up ("1 stone + 1 wood")
    price = Phrase(N_("{a} + {rest}"), a=Count("stone", 1), rest=Count("wood", 1))
    if no_stone and no_wood:
        # I18N: {price} is a house's price, "1 stone + 1 wood"
        message = N_("{player} has no stone and no wood to convert a cottage (it costs {price}).")
    elif no_stone:
        # I18N: {price} is a house's price, "1 stone + 1 wood"
        message = N_("{player} has no stone to convert a cottage (it costs {price}).")
    else:
        # I18N: {price} is a house's price, "1 stone + 1 wood"
        message = N_("{player} has no wood to convert a cottage (it costs {price}).")
    return IllegalAction(message, player=name, price=price)
