"""Phase 1: work-order markers and worker placement.

Markers 1..5 go round from the start player; each holder picks a cottage number not yet picked
(a Work order law hands every pick to its player).  Then, starting with the marker's nominal
holder and going clockwise, every player sends out the workers of their cottage (one) or house
(two) of that number, each into a different free field it touches and is not fenced off from
(Broken fences lets a player ignore fences this round).  A Cottage number law sends out a
second cottage of the player's under the number just picked; that cottage stays home later.
"""

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
from .state import Effects, GameState, Placement, logged, replace


def begin_round(state: GameState, start_player: int) -> GameState:
    """Start a new round at phase 1 with ``start_player`` holding the start-player marker."""
    players = tuple(replace(p, procured=False) if p.procured else p for p in state.players)
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
        effects=Effects(),
        window_done="",
    )


def marker_holder(state: GameState) -> int:
    """The nominal holder of the next work-order marker: markers go round from the start player."""
    return (state.start_player + len(state.work_order)) % state.n


def chooser(state: GameState) -> int:
    """Who picks the next cottage number (the Work order law's player, if one was played)."""
    by = state.effects.work_order_by
    return by if by is not None else marker_holder(state)


def workers_of(state: GameState, seat: int, number: int, renumbered: bool = False) -> int:
    """Workers cottage ``number`` sends out now.

    Under its own number, a cottage already sent out by a Cottage number law sends nobody.
    """
    if not renumbered and (seat, number) in state.effects.spent:
        return 0
    return 2 if state.cottage(seat, number).house else 1


def open_fields(state: GameState, seat: int, number: int) -> list[Pos]:
    """Fields that cottage ``number`` of ``seat`` may send a worker into now."""
    corner = state.cottage(seat, number).corner
    blocked = {w.field for w in state.workers}
    if seat not in state.effects.fence_free:
        blocked.update(f.field for f in state.fences if f.corner == corner)
    return [p for p in index(state.fields).fields_of(corner) if p not in blocked]


def legal(state: GameState) -> list[Action]:
    p = state.placement
    if p is None:
        seat = chooser(state)
        chosen = state.work_order
        return [make_choose_work_order(seat, n) for n in range(1, 6) if n not in chosen]
    seat = p.order[0]
    return [make_place_worker(seat, p.home, f) for f in open_fields(state, seat, p.home)]


def _start_seat(state: GameState, number: int, order: tuple[int, ...]) -> Placement | None:
    if not order:
        return None
    return Placement(
        number=number, order=order, home=number, left=workers_of(state, order[0], number)
    )


def apply_choose_work_order(state: GameState, action: ChooseWorkOrder) -> GameState:
    number = action.number
    if not 1 <= number <= 5:
        raise IllegalAction(f"Cottage numbers run from 1 to 5, not {number}.")
    if number in state.work_order:
        raise IllegalAction(f"Cottage number {number} has already been chosen this round.")
    first = marker_holder(state)
    order = tuple((first + i) % state.n for i in range(state.n))
    marker = len(state.work_order) + 1
    return logged(
        state,
        f"{state.name(action.seat)} puts work-order marker {marker} on number {number}.",
        work_order=(*state.work_order, number),
        placement=_start_seat(state, number, order),
    )


def apply_place_worker(state: GameState, action: PlaceWorker) -> GameState:
    p = state.placement
    assert p is not None
    seat, field = action.seat, tuple(action.field)
    if action.number != p.home:
        raise IllegalAction(
            f"{state.name(seat)} is placing the workers of number {p.home}, not {action.number}."
        )
    if field not in open_fields(state, seat, p.home):
        raise IllegalAction(_why_closed(state, seat, p.home, field))  # type: ignore[arg-type]
    ftype = index(state.fields).types[field]
    return logged(
        state,
        f"{state.name(seat)} sends a worker from {home_name(state, seat, p.home)} to the "
        f"{ftype} at {field}.",
        workers=(*state.workers, Worker(field, seat, p.home)),
        placement=replace(p, left=p.left - 1),
    )


def home_name(state: GameState, seat: int, number: int) -> str:
    return ("house " if state.cottage(seat, number).house else "cottage ") + str(number)


def _why_closed(state: GameState, seat: int, number: int, field: Pos) -> str:
    corner = state.cottage(seat, number).corner
    if field not in index(state.fields).fields_of(corner):
        return f"The field {field} does not touch {home_name(state, seat, number)} of {state.name(seat)}."
    if any(w.field == field for w in state.workers):
        return f"The field {field} already has a worker in it."
    return (
        f"A fence keeps the workers of {state.name(seat)}'s {home_name(state, seat, number)} "
        f"out of the field {field}."
    )


def settle(state: GameState) -> GameState:
    """Move past homes whose workers are all placed or idle; close the number when done."""
    p = state.placement
    events: list[str] = []
    while p is not None:
        seat = p.order[0]
        if p.left > 0:
            if open_fields(state, seat, p.home):
                break
            idle = "worker stays" if p.left == 1 else "workers stay"
            events.append(
                f"{state.name(seat)}'s {home_name(state, seat, p.home)} has no free field: "
                f"{p.left} {idle} idle."
            )
        if p.queue:
            home = p.queue[0]
            p = replace(p, home=home, queue=p.queue[1:], left=workers_of(state, seat, home, True))
        else:
            p = _start_seat(state, p.number, p.order[1:])
    if events:
        return logged(state, *events, placement=p)
    return state if p is state.placement else replace(state, placement=p)
