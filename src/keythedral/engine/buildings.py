"""Phase 3 action 1: buy a face-up building tile (a seat in the Keythedral)."""

from __future__ import annotations

from .actions import Action, BuyBuilding, make_buy_building
from .catalogue import buildings as catalogue
from .catalogue import tile_cost
from .cubes import describe
from .errors import IllegalAction
from .payments import can_afford, pay_cost, shortfall
from .scoring import finish
from .spend import acted
from .state import GameState, logged, with_player


def buyable(state: GameState) -> tuple[str, ...]:
    """Tiles that may be bought now: those of the lowest stage still in play."""
    stage = state.stage
    return state.mat[stage - 1] if stage <= 5 else ()


def face_up(state: GameState) -> tuple[str, ...]:
    """Tiles whose cost everyone can see."""
    if state.config.open_buildings:
        return tuple(t for stage in state.mat for t in stage)
    return buyable(state)


def legal(state: GameState, seat: int) -> list[Action]:
    hand = state.players[seat].cubes
    return [make_buy_building(seat, t) for t in buyable(state) if can_afford(hand, tile_cost(t))]


def apply_buy(state: GameState, action: BuyBuilding) -> GameState:
    seat, tile = action.seat, action.tile
    name = state.name(seat)
    if tile not in buyable(state):
        if tile not in catalogue():
            raise IllegalAction(f"There is no building tile called {tile!r}.")
        if tile in face_up(state):
            raise IllegalAction(f"{tile} is not for sale until stage {state.stage} is finished.")
        raise IllegalAction(f"{tile} is not a face-up building tile.")
    cost = tile_cost(tile)
    hand = state.players[seat].cubes
    if not can_afford(hand, cost):
        raise IllegalAction(
            f"{name} cannot pay for {tile}: it costs {describe(cost)}, "
            f"and {name} is short of {describe(shortfall(hand, cost))}."
        )
    stage = catalogue()[tile].stage
    state = pay_cost(state, seat, cost)
    mat = list(state.mat)
    mat[stage - 1] = tuple(t for t in mat[stage - 1] if t != tile)
    player = state.players[seat]
    events = [f"{name} buys {tile} (stage {stage}) for {describe(cost)}."]
    if not mat[stage - 1] and stage < 5:
        shown = ", ".join(mat[stage])
        events.append(
            f"Stage {stage} is complete: the stage {stage + 1} tiles turn face up ({shown})."
        )
    state = logged(
        state,
        *events,
        mat=tuple(mat),
        players=with_player(state, seat, buildings=(*player.buildings, tile)),
    )
    if not any(mat):
        return finish(state)
    return acted(state, seat)
