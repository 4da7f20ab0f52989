"""Phase 3 action 1: buy a face-up building tile (a seat in the Keythedral).

The price is the printed cost, changed by a Price increase (+1 cube of a colour on the tile,
the buyer's choice) or a Price decrease (-1 cube of a colour on the tile, not gold, the buyer's
choice) lying under the tile.  When the last tile of a stage is bought the next stage turns face
up; the last tile of the game ends it at once.
"""

from __future__ import annotations

from functools import lru_cache

from keythedral.lang import N_

from .actions import Action, BuyBuilding, PlayLaw, make_buy_building
from .catalogue import buildings as catalogue
from .catalogue import card_said, tile_cost, tile_said
from .cubes import COLOURS, GOLD, INDEX, Counts, add
from .errors import Cost, IllegalAction, Term
from .events import BuildingBought, Event, StageComplete, new
from .payments import can_afford, pay_cost, shortfall, start
from .scoring import finish
from .spend import acted_fresh
from .state import GameState, Payment, logged_fresh, replace, with_player

PRICE_LAW = {1: "price-increase", -1: "price-decrease"}


def buyable(state: GameState) -> tuple[str, ...]:
    """Tiles that may be bought now: those of the lowest stage still in play."""
    stage = state.stage
    return state.mat[stage - 1] if stage <= 5 else ()


def face_up(state: GameState) -> tuple[str, ...]:
    """Tiles whose cost everyone can see (stage 1 turns up once the layout is done)."""
    if state.config.open_buildings:
        return tuple(t for stage in state.mat for t in stage)
    return () if state.phase == "layout" else buyable(state)


def mods(state: GameState, tile: str) -> tuple[bool, bool]:
    """(a Price increase lies under the tile, a Price decrease does)."""
    under = [d for t, d in state.price_mods if t == tile]
    return 1 in under, -1 in under


def choices(state: GameState, tile: str) -> list[tuple[str | None, str | None]]:
    """The buyer's (extra, less) colour choices for the price laws under a tile."""
    inc, dec = mods(state, tile)
    shown = [c for c, n in zip(COLOURS, tile_cost(tile), strict=True) if n]
    extras: list[str | None] = list(shown) if inc else [None]
    lesses: list[str | None] = [c for c in shown if c != "gold"] if dec else [None]
    return [(e, m) for e in extras for m in lesses]


def price(state: GameState, tile: str, extra: str | None, less: str | None) -> Counts:
    """The cost of ``tile`` with the buyer's colour choices; IllegalAction if they don't fit."""
    inc, dec = mods(state, tile)
    cost = tile_cost(tile)
    if inc != (extra is not None):
        raise IllegalAction(
            # I18N: {card} is a law card's name ("Price increase"), {tile} a building tile as a
            # player names it ("the stage 2 tile (2 stone + 1 food)")
            N_("A {card} lies under {tile}: choose the colour of the extra cube.")
            if inc
            else N_("No {card} lies under {tile}."),
            tile=tile_said(tile),
            card=card_said("price-increase"),
        )
    if dec != (less is not None):
        raise IllegalAction(
            # I18N: {card} is a law card's name ("Price decrease"), {tile} a building tile as a
            # player names it ("the stage 2 tile (2 stone + 1 food)")
            N_("A {card} lies under {tile}: choose the colour of the cube it saves.")
            if dec
            else N_("No {card} lies under {tile}."),
            tile=tile_said(tile),
            card=card_said("price-decrease"),
        )
    if extra is not None:
        if cost[INDEX[extra]] == 0:
            raise IllegalAction(
                N_("The extra cube must be a colour shown on {tile}, not {colour}."),
                tile=tile_said(tile),
                colour=Term("colour", extra),
            )
        cost = add(cost, INDEX[extra])
    if less is not None:
        if tile_cost(tile)[INDEX[less]] == 0 or INDEX[less] == GOLD:
            raise IllegalAction(
                N_("The saved cube must be a non-gold colour shown on {tile}."),
                tile=tile_said(tile),
            )
        cost = add(cost, INDEX[less], -1)
    return cost


def legal(state: GameState, seat: int) -> tuple[Action, ...]:
    hand = state.players[seat].cubes
    if not state.price_mods:
        for tiles in state.mat:  # ``buyable``, inline: the lowest stage with tiles in play
            if tiles:
                return _plain_buys(seat, hand, tiles)
        return ()
    acts: list[Action] = []
    for t in buyable(state):
        acts += [
            make_buy_building(seat, t, e, m)
            for e, m in choices(state, t)
            if can_afford(hand, price(state, t, e, m))
        ]
    return tuple(acts)


@lru_cache(maxsize=8192)  # bench_caches: "plain buys"
def _plain_buys(seat: int, hand: Counts, tiles: tuple[str, ...]) -> tuple[Action, ...]:
    """The purchases ``hand`` affords among ``tiles`` with no price law under them (kept: a
    hand often comes back between two turns)."""
    return tuple([make_buy_building(seat, t) for t in tiles if can_afford(hand, tile_cost(t))])


def check_tile(state: GameState, tile: str) -> None:
    if tile not in buyable(state):
        if tile not in catalogue():
            raise IllegalAction(N_("There is no building tile called {tile}."), tile=repr(tile))
        if tile in face_up(state):
            raise IllegalAction(
                # I18N: {tile} is a building tile as a player names it ("the stage 2 tile (2
                # stone + 1 food)"); {stage} the stage being bought from
                N_("You cannot buy {tile} before stage {stage} is finished."),
                tile=tile_said(tile),
                stage=state.stage,
            )
        raise IllegalAction(
            # I18N: {tile} is a building tile as a player names it ("the stage 2 tile (2 stone +
            # 1 food)")
            N_("Only a face-up building tile can be bought, and {tile} is not one."),
            tile=tile_said(tile),
        )


def check_purchase(state: GameState, action: BuyBuilding) -> Counts:
    """Validate a declared purchase; returns its price."""
    check_tile(state, action.tile)
    cost = price(state, action.tile, action.extra, action.less)
    hand = state.players[action.seat].cubes
    if not can_afford(hand, cost):
        name = state.name(action.seat)
        raise IllegalAction(
            # I18N: {tile} is a building tile as a player names it ("the stage 2 tile (2 stone
            # + 1 food)"); {cost} and {short} are cubes ("1 wood + 2 stone")
            N_(
                "{player} cannot pay for {tile}: it costs {cost}, and {player} is short of {short}."
            ),
            player=name,
            tile=tile_said(action.tile),
            cost=Cost(cost),
            short=Cost(shortfall(hand, cost)),
        )
    return cost


def substituted(state: GameState, action: PlayLaw) -> Counts:
    """The price of a Substitution purchase with a craft swapped (or the base price)."""
    assert action.tile is not None
    cost = price(state, action.tile, action.extra, action.less)
    if action.instead is not None and action.cube is not None:
        cost = add(add(cost, INDEX[action.instead], -1), INDEX[action.cube])
    return cost


def payable(state: GameState, purchase: BuyBuilding | PlayLaw) -> bool:
    """Can the declared ``purchase`` still be paid as declared?  Cards played while it waited
    (a price law on its tile, a Design change, the buyer's own Craft bargain) may change that."""
    assert purchase.tile is not None
    try:
        check_tile(state, purchase.tile)
        if isinstance(purchase, BuyBuilding):
            check_purchase(state, purchase)
            return True
        cost = substituted(state, purchase)
    except IllegalAction:
        return False
    hand = state.players[purchase.seat].cubes
    if purchase.instead is not None:
        return can_afford(hand, cost)
    return sum(hand[:5]) >= sum(cost[:5]) and can_afford(hand[5:], cost[5:])


def complete(state: GameState, purchase: BuyBuilding | PlayLaw) -> GameState:
    """Pay for a purchase nobody stopped, and take the tile."""
    seat = purchase.seat
    assert purchase.tile is not None
    if isinstance(purchase, BuyBuilding):
        cost = price(state, purchase.tile, purchase.extra, purchase.less)
        return take(pay_cost(state, seat, cost), seat, purchase.tile, cost)
    # The Substitution card is spent once the purchase goes ahead.
    state = replace(state, law_discard=(*state.law_discard, purchase.card))
    cost = substituted(state, purchase)
    if purchase.instead is not None:
        return take(pay_cost(state, seat, cost), seat, purchase.tile, cost)
    # Substitution of resources: the crafts as printed, the resources in any colours.
    crafts = (0,) * 5 + cost[5:]
    return start(
        state,
        seat,
        "building",
        need=crafts,
        any_resource=sum(cost[:5]),
        target=purchase.tile,
        fresh=True,
    )


def finish_payment(state: GameState, payment: Payment) -> GameState:
    return take(state, payment.seat, payment.target, payment.paid)


def take(state: GameState, seat: int, tile: str, paid: Counts) -> GameState:
    """The paid-for tile goes behind the buyer's screen; laws under it are discarded."""
    stage = catalogue()[tile].stage
    mat = list(state.mat)
    mat[stage - 1] = tuple(t for t in mat[stage - 1] if t != tile)
    under = [d for t, d in state.price_mods if t == tile]
    events: list[Event] = [new(BuildingBought, seat=seat, tile=tile, stage=stage, paid=paid)]
    if not mat[stage - 1] and stage < 5:
        events.append(new(StageComplete, stage=stage, shown=mat[stage]))
    player = state.players[seat]
    state = logged_fresh(  # state: always one this transition made (pay_cost's, or the payment's)
        state,
        *events,
        mat=tuple(mat),
        players=with_player(state, seat, buildings=(*player.buildings, tile)),
        price_mods=tuple(m for m in state.price_mods if m[0] != tile),
        law_discard=(*state.law_discard, *(PRICE_LAW[d] for d in under)),
    )
    if not any(mat):
        return finish(state)
    return acted_fresh(state, seat)
