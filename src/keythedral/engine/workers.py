"""Phase 1: work-order markers and worker placement."""

from __future__ import annotations

from .actions import (
    Action,
    ChooseWorkOrder,
    PlaceWorker,
    make_choose_work_order,
    make_place_worker,
)
from .board import Pos, Worker, index
from .errors import IllegalAction
from .state import GameState, Placement, logged, replace


def begin_round(state: GameState, start_player: int) -> GameState:
    """Start a new round at phase 1 with ``start_player`` holding the start-player marker."""
    players = tuple(p.model_copy(update={"procured": False}) for p in state.players)
    rnd = state.round + 1
    return logged(
        state,
        f"Round {rnd} begins; {state.name(start_player)} is the start player.",
        round=rnd,
        phase="place_workers",
        start_player=start_player,
        players=players,
        work_order=(),
        placement=None,
        bidding=None,
        passes=0,
    )


def marker_holder(state: GameState) -> int:
    """Who takes the next work-order marker: markers go round from the start player."""
    return (state.start_player + len(state.work_order)) % state.n


def workers_of(state: GameState, seat: int, number: int) -> int:
    return 2 if state.cottage(seat, number).house else 1


def open_fields(state: GameState, seat: int, number: int) -> list[Pos]:
    """Fields that cottage ``number`` of ``seat`` may send a worker into now."""
    corner = state.cottage(seat, number).corner
    blocked = {w.field for w in state.workers}
    blocked.update(f.field for f in state.fences if f.corner == corner)
    return [p for p in index(state.fields).fields_of(corner) if p not in blocked]


def legal(state: GameState) -> list[Action]:
    p = state.placement
    if p is None:
        seat = marker_holder(state)
        chosen = state.work_order
        return [make_choose_work_order(seat, n) for n in range(1, 6) if n not in chosen]
    seat = p.order[0]
    return [make_place_worker(seat, p.number, f) for f in open_fields(state, seat, p.number)]


def apply_choose_work_order(state: GameState, action: ChooseWorkOrder) -> GameState:
    number = action.number
    if not 1 <= number <= 5:
        raise IllegalAction(f"Cottage numbers run from 1 to 5, not {number}.")
    if number in state.work_order:
        raise IllegalAction(f"Cottage number {number} has already been chosen this round.")
    seat = action.seat
    order = tuple((seat + i) % state.n for i in range(state.n))
    marker = len(state.work_order) + 1
    return logged(
        state,
        f"{state.name(seat)} puts work-order marker {marker} on number {number}.",
        work_order=(*state.work_order, number),
        placement=Placement(number=number, order=order, left=workers_of(state, seat, number)),
    )


def apply_place_worker(state: GameState, action: PlaceWorker) -> GameState:
    p = state.placement
    assert p is not None
    seat, field = action.seat, tuple(action.field)
    if action.number != p.number:
        raise IllegalAction(f"Workers now leave cottages numbered {p.number}, not {action.number}.")
    if field not in open_fields(state, seat, p.number):
        raise IllegalAction(_why_closed(state, seat, p.number, field))  # type: ignore[arg-type]
    ftype = index(state.fields).types[field]
    return logged(
        state,
        f"{state.name(seat)} sends a worker from {_home(state, seat, p.number)} to the {ftype} "
        f"at {field}.",
        workers=(*state.workers, Worker(field, seat, p.number)),
        placement=replace(p, left=p.left - 1),
    )


def _home(state: GameState, seat: int, number: int) -> str:
    return ("house " if state.cottage(seat, number).house else "cottage ") + str(number)


def _why_closed(state: GameState, seat: int, number: int, field: Pos) -> str:
    corner = state.cottage(seat, number).corner
    if field not in index(state.fields).fields_of(corner):
        return (
            f"The field {field} does not touch {_home(state, seat, number)} of {state.name(seat)}."
        )
    if any(w.field == field for w in state.workers):
        return f"The field {field} already has a worker in it."
    return f"A fence keeps the workers of {_home(state, seat, number)} out of the field {field}."


def settle(state: GameState) -> GameState:
    """Move past seats whose workers are all placed or idle; close the number when done."""
    p = state.placement
    events: list[str] = []
    while p is not None:
        seat = p.order[0]
        if p.left > 0:
            if open_fields(state, seat, p.number):
                break
            idle = "worker stays" if p.left == 1 else "workers stay"
            events.append(
                f"{state.name(seat)}'s {_home(state, seat, p.number)} has no free field: "
                f"{p.left} {idle} idle."
            )
        rest = p.order[1:]
        p = (
            Placement(number=p.number, order=rest, left=workers_of(state, rest[0], p.number))
            if rest
            else None
        )
    if events:
        return logged(state, *events, placement=p)
    return state if p is state.placement else replace(state, placement=p)
