"""Phase 1: work-order markers and worker placement.

Markers 1..5 go round from the start player; each holder picks a cottage number not yet picked
(a Work order law fixes all five numbers at the start of the phase instead, and the markers then
go on them by themselves).  Then, starting with the marker's nominal holder and going
clockwise, every player sends out the workers of their cottage (one) or house (two) of that
number, each into a different free field it touches and is not fenced off from (Broken fences
lets a player ignore fences this round).  A Cottage number law sends out a second cottage of
the player's under the number just picked; that cottage stays home later.  A home with no free
field sends nobody: its owner is asked only when a law card they hold could change that (see
``settle``), and then may ``decline`` to leave the workers idle.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from itertools import filterfalse
from operator import itemgetter

from keythedral.lang import N_
from keythedral.vocab import FieldType, place

from .actions import (
    Action,
    ChooseWorkOrder,
    Decline,
    PlaceWorker,
    make_choose_work_order,
    make_decline,
    make_place_worker,
)
from .board import MomentMemo, Pos, Worker, as_pos, index
from .errors import IllegalAction
from .events import Event, MarkerFixed, MarkerPlaced, RoundBegan, WorkerSent, WorkersIdle, new
from .state import NO_EFFECTS, GameState, Placement, construct, logged, logged_fresh, renew, replace


def begin_round(state: GameState, start_player: int) -> GameState:
    """Start a new round at phase 1 with ``start_player`` holding the start-player marker."""
    players = tuple(replace(p, procured=False) if p.procured else p for p in state.players)
    rnd = state.round + 1
    return logged(
        state,
        new(RoundBegan, round=rnd, start_player=start_player),
        round=rnd,
        phase="place_workers",
        start_player=start_player,
        players=players,
        work_order=(),
        placement=None,
        bidding=None,
        passes=0,
        effects=NO_EFFECTS,
        window_done="",
    )


def marker_holder(state: GameState) -> int:
    """The nominal holder of the next work-order marker: markers go round from the start player."""
    start: int = state.start_player
    return (start + len(state.work_order)) % len(state.players)


def workers_of(state: GameState, seat: int, number: int, renumbered: bool = False) -> int:
    """Workers cottage ``number`` sends out now.

    Under its own number, a cottage already sent out by a Cottage number law sends nobody.
    """
    if not renumbered and (seat, number) in state.effects.spent:
        return 0
    return 2 if state.cottage(seat, number).house else 1


_OPEN = MomentMemo()  # bench_caches: "_OPEN"


def open_fields(state: GameState, seat: int, number: int) -> tuple[Pos, ...]:
    """Fields that cottage ``number`` of ``seat`` may send a worker into now.

    Asked several times of each moment of phase 1 (settling, listing, checking the chosen
    placement), so the answers are kept while the tuples they read stay the same."""
    cottages, workers, fences, fields = state.cottages, state.workers, state.fences, state.fields
    free = seat in state.effects.fence_free
    table = _OPEN.table4(cottages, workers, fences, fields)
    key = (seat, number, free)
    got: tuple[Pos, ...] | None = table.get(key)
    if got is not None:
        return got
    corner = state.cottage(seat, number).corner
    touching = index(fields).fields_of(corner)
    taken = set(map(_FIELD, workers))  # (C loops, not comprehensions: a miss every placement)
    if not free and fences:
        taken.update([f.field for f in fences if f.corner == corner])
    got = tuple(filterfalse(taken.__contains__, touching))
    table[key] = got
    return got


#: A worker's field (``Worker.field``: its first item).
_FIELD = itemgetter(0)


def legal(state: GameState) -> list[Action]:
    p = state.placement
    if p is None:
        seat = marker_holder(state)
        chosen = state.work_order
        return [make_choose_work_order(seat, n) for n in range(1, 6) if n not in chosen]
    seat, home = p.order[0], p.home
    fields = open_fields(state, seat, home)
    if not fields:  # asked only because a law card could free a field (see settle)
        return [make_decline(seat)]
    return list(_placements(seat, home, fields))


@lru_cache(maxsize=8192)  # bench_caches: "_placements"
def _placements(seat: int, home: int, fields: tuple[Pos, ...]) -> tuple[Action, ...]:
    """The placements of a worker of ``seat``'s home ``home`` into ``fields`` (kept: one
    look-up for the list instead of one a field)."""
    return tuple([make_place_worker(seat, home, f) for f in fields])


def _start_seat(state: GameState, number: int, order: tuple[int, ...]) -> Placement | None:
    if not order:
        return None
    return _placement(number, order, workers_of(state, order[0], number))


def _placement(number: int, order: tuple[int, ...], left: int) -> Placement:
    """A number's workers going out from ``order[0]``'s home of that number."""
    return construct(Placement, number=number, order=order, left=left, home=number, queue=())


def apply_choose_work_order(state: GameState, action: ChooseWorkOrder) -> GameState:
    number = action.number
    if not 1 <= number <= 5:
        raise IllegalAction(N_("Cottage numbers run from 1 to 5, not {number}."), number=number)
    if number in state.work_order:
        raise IllegalAction(
            N_("Cottage number {number} has already been chosen this round."), number=number
        )
    marker = len(state.work_order) + 1
    return _call(state, number, _marker_placed(action.seat, marker, number))


@cache  # bench_caches: "event interning"
def _marker_placed(seat: int, marker: int, number: int) -> MarkerPlaced:
    """The event of a marker placed (kept and shared, see ``_sent``)."""
    return new(MarkerPlaced, seat=seat, marker=marker, number=number)


def _call(state: GameState, number: int, event: Event) -> GameState:
    """The next work-order marker goes on ``number``: its workers go out from its holder on."""
    order = _clockwise(len(state.players), marker_holder(state))
    return logged(
        state,
        event,
        work_order=(*state.work_order, number),
        placement=_start_seat(state, number, order),
    )


@cache  # bench_caches: "seat orders"
def _clockwise(n: int, first: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


def call_fixed(state: GameState) -> GameState:
    """Under a Work order law the next marker goes on the next number of the fixed order."""
    by = state.effects.work_order_by
    assert by is not None
    marker = len(state.work_order) + 1
    number = state.effects.fixed_order[marker - 1]
    return _call(state, number, new(MarkerFixed, by=by, marker=marker, number=number))


def apply_place_worker(state: GameState, action: PlaceWorker) -> GameState:
    p = state.placement
    assert p is not None
    seat, field, home = action.seat, action.field, p.home
    if type(field) is not tuple:  # (a list, in an action parsed from JSON)
        field = as_pos(field)
    if action.number != home:
        raise IllegalAction(
            N_("{player} is placing the workers of number {number}, not {tried}."),
            player=state.name(seat),
            number=home,
            tried=action.number,
        )
    if field not in open_fields(state, seat, home):
        raise _why_closed(state, seat, home, field)
    ftype = index(state.fields).types[field]
    house = state.cottage(seat, home).house
    left = p.left
    if left > 1 or p.queue:
        placement: Placement | None = replace(p, left=left - 1)
    else:  # the home's last worker: on to the next seat (what ``settle`` would do next)
        placement = _start_seat(state, p.number, p.order[1:])
    grown = (*state.workers, _worker(Worker, (field, seat, home)))
    return logged(state, _sent(seat, home, house, field, ftype), workers=grown, placement=placement)


@lru_cache(maxsize=8192)  # bench_caches: "event interning"
def _sent(seat: int, number: int, house: bool, field: Pos, ftype: FieldType) -> WorkerSent:
    """The event of a worker sent out (events are immutable, and these come back game after
    game: kept and shared, like the actions; bounded, as the places vary from board to board)."""
    return new(WorkerSent, seat=seat, number=number, house=house, field=field, field_type=ftype)


#: ``Worker(field, seat, number)`` without the Python-level ``__new__`` of a named tuple.
_worker = tuple.__new__


def _why_closed(state: GameState, seat: int, number: int, field: Pos) -> IllegalAction:
    """Why the field is closed to the workers of ``seat``'s home ``number``: one whole message
    for a house and one for a cottage."""
    home = state.cottage(seat, number)
    says = {"player": state.name(seat), "number": number, "field": place(field)}
    if field not in index(state.fields).fields_of(home.corner):
        if home.house:
            return IllegalAction(
                N_("The field {field} does not touch house {number} of {player}."), **says
            )
        return IllegalAction(
            N_("The field {field} does not touch cottage {number} of {player}."), **says
        )
    if any(w.field == field for w in state.workers):
        return IllegalAction(N_("The field {field} already has a worker in it."), **says)
    if home.house:
        return IllegalAction(
            N_("A fence keeps the workers of {player}'s house {number} out of the field {field}."),
            **says,
        )
    return IllegalAction(
        N_("A fence keeps the workers of {player}'s cottage {number} out of the field {field}."),
        **says,
    )


def _idle(state: GameState, seat: int, number: int, left: int) -> WorkersIdle:
    house = state.cottage(seat, number).house
    return new(WorkersIdle, seat=seat, number=number, house=house, count=left)


def apply_idle(state: GameState, action: Decline) -> GameState:
    """The owner of a home with no free field plays no card: its workers stay idle."""
    p = state.placement
    assert p is not None
    if open_fields(state, action.seat, p.home):
        says = {"player": state.name(action.seat), "number": p.home}
        if state.cottage(action.seat, p.home).house:
            raise IllegalAction(
                N_("{player}'s house {number} still has a free field: its workers must go out."),
                **says,
            )
        raise IllegalAction(
            N_("{player}'s cottage {number} still has a free field: its workers must go out."),
            **says,
        )
    return logged(state, _idle(state, action.seat, p.home, p.left), placement=replace(p, left=0))


#: Could a law card of ``seat`` free a field for its home ``number`` now? (laws.could_free)
Helps = Callable[[GameState, int, int], bool]


def settle(state: GameState, helps: Helps, fresh: bool = False) -> GameState:
    """Move past homes whose workers are all placed or idle; close the number when done.

    A home with workers left but no free field stops here, to ask its owner, when ``helps``
    says a law card they hold could free a field; otherwise its workers stay idle at once.
    ``fresh``: see ``state.renew``.
    """
    start = p = state.placement
    events: list[WorkersIdle] = []
    while p is not None:
        seat = p.order[0]
        if p.left > 0:
            if open_fields(state, seat, p.home):
                break
            if helps(replace(state, placement=p), seat, p.home):
                break
            events.append(_idle(state, seat, p.home, p.left))
        if p.queue:
            home = p.queue[0]
            p = replace(p, home=home, queue=p.queue[1:], left=workers_of(state, seat, home, True))
        else:
            p = _start_seat(state, p.number, p.order[1:])
    if events:
        return (logged_fresh if fresh else logged)(state, *events, placement=p)
    return state if p is start else renew(state, fresh, placement=p)
