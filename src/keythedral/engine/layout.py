"""The layout: players lay the field stack and their five cottages before round 1."""

from __future__ import annotations

from functools import cache

from keythedral.vocab import place

from .actions import Action, PlaceCottage, PlaceField, make_place_cottage, make_place_field
from .board import Cottage, Field, MomentMemo, Pos, corner_fields, field_neighbours, index
from .errors import IllegalAction
from .events import CottagePlaced, FieldLaid, new
from .state import GameState, logged

_SPOTS = MomentMemo()
_CORNERS = MomentMemo()


def field_spots(state: GameState) -> tuple[Pos, ...]:
    """Empty lattice points next to a laid field or touching a corner with a cottage."""
    fields, cottages = state.fields, state.cottages
    table = _SPOTS.table((fields, cottages))
    got: tuple[Pos, ...] | None = table.get("spots")
    if got is not None:
        return got
    types = index(fields).types
    spots: set[Pos] = set()
    for f in fields:
        spots.update(field_neighbours(f.pos))
    for c in cottages:
        spots.update(corner_fields(c.corner))
    got = table["spots"] = tuple(sorted(p for p in spots if p not in types))
    return got


def free_corners(state: GameState) -> tuple[Pos, ...]:
    """Empty corners (not the Keythedral's) that touch at least one field."""
    fields, cottages, keythedral = state.fields, state.cottages, state.keythedral
    table = _CORNERS.table((fields, cottages))
    got: tuple[Pos, ...] | None = table.get(keythedral)
    if got is not None:
        return got
    taken = {c.corner for c in cottages}
    if keythedral is not None:
        taken.add(keythedral)
    got = table[keythedral] = tuple(c for c in index(fields).corners if c not in taken)
    return got


_FIELD_CHOICES = MomentMemo()


def _field_choices(seat: int, spots: tuple[Pos, ...]) -> tuple[Action, ...]:
    table = _FIELD_CHOICES.table((spots,))
    got: tuple[Action, ...] | None = table.get(seat)
    if got is None:
        got = table[seat] = tuple(make_place_field(seat, p) for p in spots)
    return got


@cache
def _cottage_choices(seat: int, corner: Pos, numbers: tuple[int, ...]) -> tuple[Action, ...]:
    return tuple(make_place_cottage(seat, corner, n) for n in numbers)


def unplaced_numbers(state: GameState, seat: int) -> list[int]:
    placed = {c.number for c in state.cottages if c.seat == seat}
    return [n for n in range(1, 6) if n not in placed]


def legal(state: GameState) -> list[Action]:
    seat = state.turn
    if state.layout_step % 2 == 0:
        return list(_field_choices(seat, field_spots(state)))
    numbers = tuple(unplaced_numbers(state, seat))
    acts: list[Action] = []
    for c in free_corners(state):
        acts += _cottage_choices(seat, c, numbers)
    return acts


def _advance(state: GameState) -> int:
    """The seat that lays next after this step."""
    step = state.layout_step + 1
    return (state.start_player + step // 2) % state.n


def apply_place_field(state: GameState, action: PlaceField) -> GameState:
    pos = tuple(action.pos)
    if pos in index(state.fields).types:
        raise IllegalAction(f"There is already a field at {place(pos)}.")
    if pos not in field_spots(state):
        raise IllegalAction(
            f"A field at {place(pos)} would not touch the board: lay it next to a field "
            "or beside a cottage."
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
        raise IllegalAction(f"{name} has no unplaced cottage number {action.number}.")
    if corner not in free_corners(state):
        if any(c.corner == corner for c in state.cottages) or corner == state.keythedral:
            raise IllegalAction(f"The corner {place(corner)} is already taken.")
        raise IllegalAction(f"A cottage at {place(corner)} would touch no field.")
    return logged(
        state,
        new(CottagePlaced, seat=seat, number=action.number, corner=corner),
        cottages=(*state.cottages, Cottage(corner, seat, action.number, False)),
        layout_step=state.layout_step + 1,
        turn=_advance(state),
    )
