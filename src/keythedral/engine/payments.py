"""Prices the payer settles one chosen cube at a time (craftsmen, trader, law master, bids)."""

from __future__ import annotations

from functools import lru_cache
from operator import add as add_
from operator import ge, sub

from keythedral.lang import N_

from .actions import Action, Pay, make_pay
from .cubes import COLOURS, INDEX, ZERO, Counts, add
from .errors import IllegalAction, Term
from .state import GameState, Payment, PaymentPurpose, construct, renew, replace, with_player


def can_afford(hand: Counts, cost: Counts) -> bool:
    return all(map(ge, hand, cost))


def shortfall(hand: Counts, cost: Counts) -> Counts:
    return tuple(max(0, c - h) for h, c in zip(hand, cost, strict=True))


def pay_cost(state: GameState, seat: int, cost: Counts) -> GameState:
    """Move ``cost`` from a player's hand into the store (the caller checked it is affordable)."""
    hand = tuple(map(sub, state.players[seat].cubes, cost))  # eight colours each
    store = tuple(map(add_, state.store, cost))
    return replace(state, players=with_player(state, seat, cubes=hand), store=store)


def start(
    state: GameState,
    seat: int,
    purpose: PaymentPurpose,
    *,
    need: Counts = ZERO,
    any_resource: int = 0,
    any_cube: int = 0,
    target: str = "",
    to_seat: int | None = None,
    fresh: bool = False,
) -> GameState:
    """The payment begins (``fresh``: see ``state.renew``)."""
    payment = construct(
        Payment,
        seat=seat,
        purpose=purpose,
        need=need,
        any_resource=any_resource,
        any_cube=any_cube,
        target=target,
        to_seat=to_seat,
        paid=ZERO,
    )
    return renew(state, fresh, payment=payment)


def accepts(p: Payment, colour: int) -> bool:
    return counts_toward(p.need, p.any_resource, p.any_cube, colour)


def counts_toward(need: Counts, any_resource: int, any_cube: int, colour: int) -> bool:
    """Does a cube of ``colour`` count toward a price still owing these?"""
    return need[colour] > 0 or (colour < 5 and any_resource > 0) or any_cube > 0


def legal(state: GameState) -> list[Action]:
    p = state.payment
    assert p is not None
    seat = p.seat
    return list(_payable(seat, state.players[seat].cubes, p.need, p.any_resource, p.any_cube))


@lru_cache(maxsize=8192)  # bench_caches: "pay offers"
def _payable(
    seat: int, hand: Counts, need: Counts, any_resource: int, any_cube: int
) -> tuple[Action, ...]:
    """The cubes of ``hand`` that count toward a price (kept: prices and hands come back)."""
    return tuple(
        [
            make_pay(seat, c)
            for i, c in enumerate(COLOURS)
            if hand[i] and counts_toward(need, any_resource, any_cube, i)
        ]
    )


def pay(state: GameState, action: Pay) -> tuple[GameState, Payment | None]:
    """Give one cube; returns the new state and, when the price is settled, the finished payment."""
    p = state.payment
    assert p is not None
    seat, need, paid = p.seat, p.need, p.paid
    cube = action.cube
    colour = INDEX.get(cube)
    if colour is None:
        raise IllegalAction(
            N_("There are no {colour} cubes in this game."), colour=Term("colour", cube)
        )
    hand = state.players[seat].cubes
    if hand[colour] == 0:
        raise IllegalAction(
            N_("{player} has no {colour} cube to give."),
            player=state.name(seat),
            colour=Term("colour", cube),
        )
    any_resource, any_cube = p.any_resource, p.any_cube
    if need[colour] > 0:
        need = add(need, colour, -1)
    elif colour < 5 and any_resource > 0:
        any_resource -= 1
    elif any_cube > 0:
        any_cube -= 1
    else:
        raise IllegalAction(
            N_("A {colour} cube does not count toward this price."), colour=Term("colour", cube)
        )
    left = replace(
        p, need=need, any_resource=any_resource, any_cube=any_cube, paid=add(paid, colour)
    )
    players = with_player(state, seat, cubes=add(hand, colour, -1))
    store = state.store
    to_seat = p.to_seat
    if to_seat is None:
        store = add(store, colour)
    else:
        receiver = players[to_seat]
        players = (
            *players[:to_seat],
            replace(receiver, cubes=add(receiver.cubes, colour)),
            *players[to_seat + 1 :],
        )
    if sum(need) + any_resource + any_cube == 0:  # settled (``owed``, inline)
        return replace(state, players=players, store=store, payment=None), left
    return replace(state, players=players, store=store, payment=left), None
