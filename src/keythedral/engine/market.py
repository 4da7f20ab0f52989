"""Phase 3 actions 4 and 5: the craftsmen (iron, glass, gold) and the trader."""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from keythedral.lang import N_

from .actions import Action, BuyCraft, Trade, make_buy_craft, make_trade
from .cubes import CRAFT_PRICE, CRAFTS, INDEX, RESOURCES, Counts, Craft, Resource, add
from .errors import Count, IllegalAction, Term
from .events import CraftBought, Traded, new
from .payments import start
from .spend import acted_fresh
from .state import GameState, Payment, logged_fresh, with_player

TRADE_PRICE = 2


def craft_available(state: GameState, craft: str) -> bool:
    """The craftsman has a cube, or used ones in the store can refill him."""
    k = CRAFTS.index(craft)
    return state.craftsmen[k] > 0 or state.store[INDEX[craft]] > 0


#: (craftsman index, store colour, price, craft) for each craft.
_CRAFTS = tuple((k, INDEX[c], CRAFT_PRICE[c], c) for k, c in enumerate(CRAFTS))


def legal(state: GameState, seat: int) -> tuple[Action, ...]:
    total = sum(state.players[seat].cubes)
    if total < TRADE_PRICE:  # the cheapest: trading, and iron (also 2)
        return ()
    # (a total above the dearest price changes nothing: it is kept as that price, for the cache)
    return _offers(seat, min(total, _DEAREST), state.store, state.craftsmen)


_DEAREST = max(CRAFT_PRICE.values())


@lru_cache(maxsize=4096)  # bench_caches: "spend offers"
def _offers(
    seat: int, total: int, store: Counts, craftsmen: tuple[int, int, int]
) -> tuple[Action, ...]:
    """The crafts and trades open to a seat holding ``total`` cubes (kept: the store and the
    craftsmen change only now and then between two turns)."""
    acts: list[Action] = [
        make_buy_craft(seat, c)
        for k, colour, price, c in _CRAFTS
        if total >= price and (craftsmen[k] > 0 or store[colour] > 0)
    ]
    acts += [make_trade(seat, r) for i, r in enumerate(RESOURCES) if store[i] > 0]
    return tuple(acts)


def apply_buy_craft(state: GameState, action: BuyCraft) -> GameState:
    seat, craft = action.seat, action.craft
    name = state.name(seat)
    if craft not in CRAFTS:
        raise IllegalAction(
            N_("{craft} is not a craft: the craftsmen sell iron, glass and gold."),
            craft=Term("colour", craft),
        )
    if not craft_available(state, craft):
        raise IllegalAction(
            N_("There is no {craft} left at the craftsman or in the store."),
            craft=Term("colour", craft),
        )
    price = CRAFT_PRICE[craft]
    if sum(state.players[seat].cubes) < price:
        raise IllegalAction(
            # I18N: {cubes} is a number of cubes ("2 cubes"), {craft} a craft cube's colour
            N_("{player} needs {cubes} of any colour to buy {craft}."),
            player=name,
            cubes=Count("cubes", price),
            craft=Term("colour", craft),
        )
    return start(state, seat, "craft", any_cube=price, target=craft)


def finish_craft(state: GameState, payment: Payment) -> GameState:
    craft = payment.target
    k = CRAFTS.index(craft)
    colour = INDEX[craft]
    craftsmen = list(state.craftsmen)
    store = state.store
    if craftsmen[k] == 0:  # refill from the used cubes in the store
        craftsmen[k], store = store[colour], add(store, colour, -store[colour])
    craftsmen[k] -= 1
    hand = add(state.players[payment.seat].cubes, colour)
    state = logged_fresh(  # state: the payment's last step made it (reducer._apply_pay)
        state,
        new(CraftBought, seat=payment.seat, craft=cast(Craft, craft), paid=payment.paid),
        craftsmen=tuple(craftsmen),
        store=store,
        players=with_player(state, payment.seat, cubes=hand),
    )
    return acted_fresh(state, payment.seat)


def apply_trade(state: GameState, action: Trade) -> GameState:
    seat, take = action.seat, action.take
    name = state.name(seat)
    if take not in RESOURCES:
        raise IllegalAction(
            N_("The trader only sells resource cubes, not {colour}."), colour=Term("colour", take)
        )
    if state.store[INDEX[take]] == 0:
        raise IllegalAction(
            N_("The store has no {colour} left for the trader to sell."),
            colour=Term("colour", take),
        )
    if sum(state.players[seat].cubes) < TRADE_PRICE:
        raise IllegalAction(
            # I18N: {cubes} is a number of cubes ("2 cubes")
            N_("{player} needs {cubes} of any colour to trade."),
            player=name,
            cubes=Count("cubes", TRADE_PRICE),
        )
    return start(state, seat, "trade", any_cube=TRADE_PRICE, target=take)


def finish_trade(state: GameState, payment: Payment) -> GameState:
    colour = INDEX[payment.target]
    state = logged_fresh(
        state,
        new(Traded, seat=payment.seat, paid=payment.paid, take=cast(Resource, payment.target)),
        store=add(state.store, colour, -1),
        players=with_player(
            state, payment.seat, cubes=add(state.players[payment.seat].cubes, colour)
        ),
    )
    return acted_fresh(state, payment.seat)
