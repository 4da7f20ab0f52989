"""The layout: players lay the field stack and their five cottages before round 1."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable
from functools import cache
from itertools import chain
from operator import itemgetter
from typing import Any, NamedTuple

from keythedral.lang import N_
from keythedral.vocab import place

from .actions import Action, PlaceCottage, PlaceField, make_place_cottage, make_place_field
from .board import (
    Cottage,
    Field,
    MomentMemo,
    Pos,
    corner_fields,
    extends,
    field_corners,
    field_neighbours,
    index,
)
from .errors import IllegalAction
from .events import CottagePlaced, FieldLaid, new
from .state import GameState, logged


class _Facts(NamedTuple):
    """What the layout's lists read, for one (fields, cottages, keythedral) moment."""

    spot_set: frozenset[Pos]
    spots: tuple[Pos, ...]  # sorted
    taken: frozenset[Pos]  # corners holding a cottage or the Keythedral
    free: tuple[Pos, ...]  # the board's corners (sorted) that are not taken
    laid: frozenset[Pos]  # the places holding a field
    corner_set: frozenset[Pos]  # every corner touching a field
    fields: tuple[Field, ...]  # the moment's tuples these were worked out from
    cottages: tuple[Cottage, ...]


_FACTS = MomentMemo()  # bench_caches: "_FACTS"


def _facts(state: GameState) -> _Facts:
    """The layout facts of the moment at hand, worked out from the last moment's when one field
    or one cottage was added to it (every layout step), from scratch otherwise."""
    fields, cottages, keythedral = state.fields, state.cottages, state.keythedral
    memo = _FACTS
    table = memo.table3(fields, cottages, keythedral)
    got: _Facts | None = table.get(None)
    if got is not None:
        return got
    last_moment, last_table = memo.previous()
    last: _Facts | None = last_table.get(None)
    if last is None or keythedral is not last_moment[2]:
        got = _scratch(fields, cottages, keythedral)
    elif cottages is last.cottages and extends(fields, last.fields):
        got = _field_added(last, fields)
    elif fields is last.fields and extends(cottages, last.cottages):
        got = _cottage_added(last, cottages)
    else:
        got = _scratch(fields, cottages, keythedral)
    table[None] = got
    return got


def _scratch(
    fields: tuple[Field, ...], cottages: tuple[Cottage, ...], keythedral: Pos | None
) -> _Facts:
    board = index(fields)
    types = board.types
    spots: set[Pos] = set()
    for f in fields:
        spots.update(field_neighbours(f.pos))
    for c in cottages:
        spots.update(corner_fields(c.corner))
    spot_set = frozenset(p for p in spots if p not in types)
    taken = {c.corner for c in cottages}
    if keythedral is not None:
        taken.add(keythedral)
    free = tuple(c for c in board.corners if c not in taken)
    laid = frozenset(types)
    spots_ = tuple(sorted(spot_set))
    return _Facts(
        spot_set, spots_, frozenset(taken), free, laid, board.corner_set, fields, cottages
    )


def _field_added(last: _Facts, fields: tuple[Field, ...]) -> _Facts:
    """The facts after ``fields[-1]`` was laid (no board index needed: the layout's hot path).

    The sorted tuples take the new places by bisection (a field adds at most four spots and
    four corners), not by sorting them whole again, and a set is copied only when it grows."""
    pos = fields[-1].pos
    laid, spot_set = last.laid | {pos}, last.spot_set
    spots = list(last.spots)
    if pos in spot_set:
        del spots[bisect_left(spots, pos)]
        spot_set = spot_set.difference((pos,))
    added = [p for p in field_neighbours(pos) if p not in laid and p not in spot_set]
    if added:
        for p in added:
            insort(spots, p)
        spot_set = spot_set.union(added)
    taken, corner_set, free = last.taken, last.corner_set, last.free
    corners = [c for c in field_corners(pos) if c not in corner_set]
    if corners:
        corner_set = corner_set.union(corners)
        grown = list(free)
        for c in corners:
            if c not in taken:
                insort(grown, c)
        free = tuple(grown)
    return _Facts(spot_set, tuple(spots), taken, free, laid, corner_set, fields, last.cottages)


def _cottage_added(last: _Facts, cottages: tuple[Cottage, ...]) -> _Facts:
    corner = cottages[-1].corner
    laid, spot_set, spots = last.laid, last.spot_set, last.spots
    added = [p for p in corner_fields(corner) if p not in laid and p not in spot_set]
    if added:
        spot_set = spot_set.union(added)
        grown = list(spots)
        for p in added:
            insort(grown, p)
        spots = tuple(grown)
    free = list(last.free)
    at = bisect_left(free, corner)
    if at < len(free) and free[at] == corner:
        del free[at]
    else:
        free.remove(corner)  # (ValueError: not a free corner, as before)
    taken = last.taken | {corner}
    return _Facts(spot_set, spots, taken, tuple(free), laid, last.corner_set, last.fields, cottages)


def field_spots(state: GameState) -> tuple[Pos, ...]:
    """Empty lattice points next to a laid field or touching a corner with a cottage."""
    return _facts(state).spots


def free_corners(state: GameState) -> tuple[Pos, ...]:
    """Empty corners (not the Keythedral's) that touch at least one field."""
    return _facts(state).free


class _Choices(dict[Pos, Any]):
    """A seat's layout actions by place, made on first use (the same few hundred every game)."""

    def __init__(self, make: Callable[[Pos], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Pos) -> Any:
        got = self[key] = self.make(key)
        return got


@cache  # bench_caches: "layout tables"
def _field_choices(seat: int) -> _Choices:
    return _Choices(lambda pos: make_place_field(seat, pos))


@cache  # bench_caches: "layout tables"
def _cottage_choices(seat: int) -> _Choices:
    """``seat``'s cottage placements by corner, for the numbers 1 to 5 in order."""
    return _Choices(lambda corner: tuple(make_place_cottage(seat, corner, n) for n in range(1, 6)))


def _pick(numbers: tuple[int, ...]) -> Callable[[tuple[Action, ...]], tuple[Action, ...]]:
    """Picks the placements of two or more ``numbers`` out of a corner's five (a tuple)."""
    return itemgetter(*(n - 1 for n in numbers))


def unplaced_numbers(state: GameState, seat: int) -> list[int]:
    placed = [c.number for c in state.cottages if c.seat == seat]
    return [n for n in _NUMBERS if n not in placed]


_NUMBERS = (1, 2, 3, 4, 5)


def legal(state: GameState) -> list[Action]:
    seat = state.turn
    if state.layout_step % 2 == 0:
        return list(map(_field_choices(seat).__getitem__, field_spots(state)))
    fives = map(_cottage_choices(seat).__getitem__, free_corners(state))
    numbers = tuple(unplaced_numbers(state, seat))
    if len(numbers) == 5:
        return list(chain.from_iterable(fives))
    if len(numbers) == 1:  # the last cottage: one placement a corner
        return list(map(_ONE[numbers[0]], fives))
    return list(chain.from_iterable(map(_pick(numbers), fives)))


#: The placement of one number (1..5) out of a corner's five.
_ONE = {n: itemgetter(n - 1) for n in range(1, 6)}


def _advance(state: GameState) -> int:
    """The seat that lays next after this step."""
    step = state.layout_step + 1
    return (state.start_player + step // 2) % len(state.players)


def apply_place_field(state: GameState, action: PlaceField) -> GameState:
    pos = tuple(action.pos)
    if pos not in _facts(state).spot_set:  # a spot is never a laid field
        if pos in index(state.fields).types:
            raise IllegalAction(N_("There is already a field at {pos}."), pos=place(pos))
        raise IllegalAction(
            N_(
                "A field at {pos} would not touch the board: lay it next to a field or beside "
                "a cottage."
            ),
            pos=place(pos),
        )
    ftype = state.field_stack[0]
    return logged(
        state,
        new(FieldLaid, seat=action.seat, pos=pos, field_type=ftype),
        fields=(*state.fields, Field(pos, ftype)),
        field_stack=state.field_stack[1:],
        layout_step=state.layout_step + 1,
        turn=_advance(state),
    )


def apply_place_cottage(state: GameState, action: PlaceCottage) -> GameState:
    seat, corner = action.seat, tuple(action.corner)
    name = state.name(seat)
    if action.number not in unplaced_numbers(state, seat):
        raise IllegalAction(
            N_("{player} has no unplaced cottage number {number}."),
            player=name,
            number=action.number,
        )
    facts = _facts(state)  # free: a corner touching a field, not taken (``free_corners``)
    if corner not in facts.corner_set or corner in facts.taken:
        if any(c.corner == corner for c in state.cottages) or corner == state.keythedral:
            raise IllegalAction(N_("The corner {corner} is already taken."), corner=place(corner))
        raise IllegalAction(N_("A cottage at {corner} would touch no field."), corner=place(corner))
    return logged(
        state,
        new(CottagePlaced, seat=seat, number=action.number, corner=corner),
        cottages=(*state.cottages, Cottage(corner, seat, action.number, False)),
        layout_step=state.layout_step + 1,
        turn=_advance(state),
    )
