"""Phase 3 action 3: build or remove a fence; and the relocation of a fenced-off cottage.

A fence lies on the edge between a corner holding a cottage or house and one field that corner
touches.  Fences stay where they are when cottages move, so a fence at an empty corner blocks
whatever cottage later moves there.
"""

from __future__ import annotations

from typing import Any, cast

from keythedral.lang import N_
from keythedral.vocab import (
    FENCE_COST,
    FENCES_PER_PLAYER,
    REMOVE_FENCE_COST,
    place,
)

from .actions import (
    Action,
    BuildFence,
    RelocateCottage,
    RemoveFence,
    make_build_fence,
    make_relocate,
    make_remove_fence,
)
from .board import Fence, MomentMemo, Pos, as_pos, extends, index
from .cubes import WINE, WOOD
from .errors import Cost, Count, IllegalAction
from .events import (
    CottageMustMove,
    CottageStays,
    Event,
    FenceBuilt,
    FenceRemoved,
    Relocated,
    new,
)
from .layout import free_corners
from .payments import pay_cost
from .spend import acted_fresh
from .state import GameState, logged, logged_fresh, replace, with_player


def fences_left(state: GameState, seat: int) -> int:
    return FENCES_PER_PLAYER - state.players[seat].fences_built


def open_edges(state: GameState) -> list[tuple[Pos, Pos]]:
    """Every (corner, field) edge where a fence may be built now."""
    fenced = {(f.corner, f.field) for f in state.fences}
    board = index(state.fields)
    return [
        (c.corner, f)
        for c in state.cottages
        for f in board.fields_of(c.corner)
        if (c.corner, f) not in fenced
    ]


_BUILDS = MomentMemo()  # bench_caches: "_BUILDS"


def _build_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    """``seat``'s fence-building actions (kept while the tuples they read stay the same: the
    homes and fences rarely change between two spending turns)."""
    fields, cottages, fences = state.fields, state.cottages, state.fences
    table = _BUILDS.table3(fields, cottages, fences)
    got: tuple[Action, ...] | None = table.get(seat)
    if got is None:
        edges: tuple[tuple[Pos, Pos], ...] | None = table.get(None)
        if edges is None:
            moment, last = _BUILDS.previous()
            if (
                None in last  # then moment is (fields, cottages, fences)
                and moment[0] is fields
                and moment[2] is fences
                and _corners(moment[1]) == _corners(cottages)
            ):  # a cottage became a house: the same edges, the same actions
                table.update(last)
                return _build_actions(state, seat)
            if (
                None in last
                and moment[:2] == (fields, cottages)
                and extends(fences, cast(tuple[Fence, ...], moment[2]))
                and (fences[-1].corner, fences[-1].field) in last[None]
            ):  # one fence was built: its edge goes, from the edges and every seat's actions
                i = last[None].index((fences[-1].corner, fences[-1].field))
                for key, kept in last.items():
                    table[key] = kept[:i] + kept[i + 1 :]
                return _build_actions(state, seat)
            edges = table[None] = tuple(open_edges(state))
        got = table[seat] = tuple([make_build_fence(seat, c, f) for c, f in edges])
    return got


def _corners(cottages: Any) -> list[Pos]:
    return [c.corner for c in cottages]


def _remove_actions(state: GameState, seat: int) -> tuple[Action, ...]:
    return tuple([make_remove_fence(seat, f.corner, f.field) for f in state.fences])


def legal(state: GameState, seat: int) -> tuple[Action, ...]:
    pl = state.players[seat]
    hand = pl.cubes
    builds = (
        _build_actions(state, seat)
        if hand[WOOD] >= 1 and pl.fences_built < FENCES_PER_PLAYER
        else ()
    )
    if hand[WINE] >= REMOVE_FENCE_COST[WINE] and state.fences:
        return builds + _remove_actions(state, seat)
    return builds


def fenced_off(state: GameState, corner: Pos, fences: tuple[Fence, ...]) -> bool:
    """True when every field the corner touches is fenced off from it."""
    fenced = {f.field for f in fences if f.corner == corner}
    return all(f in fenced for f in index(state.fields).fields_of(corner))


def relocation_spots(state: GameState) -> list[Pos]:
    """Empty corners touching at least one field they are not fenced off from."""
    return [c for c in free_corners(state) if not fenced_off(state, c, state.fences)]


def apply_build(state: GameState, action: BuildFence) -> GameState:
    seat, corner, field = action.seat, as_pos(action.corner), as_pos(action.field)
    name = state.name(seat)
    if fences_left(state, seat) <= 0:
        raise IllegalAction(
            # I18N: {fences} is a number of fences ("3 fences")
            N_("{player} has already built all {fences}."),
            player=name,
            fences=Count("fences", FENCES_PER_PLAYER),
        )
    if state.players[seat].cubes[WOOD] < 1:
        raise IllegalAction(N_("{player} has no wood to build a fence."), player=name)
    owner = next((c for c in state.cottages if c.corner == corner), None)
    if owner is None:
        raise IllegalAction(
            N_("A fence must stand beside a cottage or house; {corner} has none."),
            corner=place(corner),
        )
    if field not in index(state.fields).fields_of(corner):
        raise IllegalAction(
            N_("The field {field} does not touch the corner {corner}."),
            field=place(field),
            corner=place(corner),
        )
    if any(f.corner == corner and f.field == field for f in state.fences):
        raise IllegalAction(
            # I18N: {corner} and {field} are places on the map, "(1,-2)"
            N_("There is already a fence between corner {corner} and the field at {field}."),
            corner=place(corner),
            field=place(field),
        )
    state = pay_cost(state, seat, FENCE_COST)
    fences = (*state.fences, Fence(corner, field, seat))
    number, house = owner.number, owner.house
    events: list[Event] = [
        new(FenceBuilt, seat=seat, owner=owner.seat, number=number, house=house, field=field)
    ]
    relocation = state.relocation
    if fenced_off(state, corner, fences):
        spots = relocation_spots(replace(state, fences=fences))
        if spots:
            relocation = (*relocation, (owner.seat, owner.number))
            events.append(new(CottageMustMove, seat=owner.seat, number=number, house=house))
        else:
            events.append(new(CottageStays, seat=owner.seat, number=number, house=house))
    state = logged_fresh(  # state: pay_cost's
        state,
        *events,
        fences=fences,
        relocation=relocation,
        players=with_player(state, seat, fences_built=state.players[seat].fences_built + 1),
    )
    return acted_fresh(state, seat)


def apply_remove(state: GameState, action: RemoveFence) -> GameState:
    seat, corner, field = action.seat, as_pos(action.corner), as_pos(action.field)
    name = state.name(seat)
    if state.players[seat].cubes[WINE] < REMOVE_FENCE_COST[WINE]:
        raise IllegalAction(
            # I18N: {cost} is a number of cubes of a colour, "2 wine"
            N_("{player} needs {cost} to remove a fence."),
            player=name,
            cost=Cost(REMOVE_FENCE_COST),
        )
    fence = next((f for f in state.fences if f.corner == corner and f.field == field), None)
    if fence is None:
        raise IllegalAction(
            # I18N: {corner} and {field} are places on the map, "(1,-2)"
            N_("There is no fence between corner {corner} and the field at {field}."),
            corner=place(corner),
            field=place(field),
        )
    state = pay_cost(state, seat, REMOVE_FENCE_COST)
    state = logged_fresh(
        state,
        new(FenceRemoved, seat=seat, owner=fence.seat, corner=corner, field=field),
        fences=tuple(f for f in state.fences if f is not fence),
    )
    return acted_fresh(state, seat)


def legal_relocate(state: GameState) -> list[Action]:
    seat, number = state.relocation[0]
    return [make_relocate(seat, number, c) for c in relocation_spots(state)]


def apply_relocate(state: GameState, action: RelocateCottage) -> GameState:
    seat, number = state.relocation[0]
    corner = as_pos(action.corner)
    if action.number != number:
        raise IllegalAction(
            N_("{player} must relocate number {number} first."),
            player=state.name(seat),
            number=number,
        )
    if corner not in relocation_spots(state):
        raise IllegalAction(
            N_(
                "The corner {corner} is not free, or touches no field that is not fenced off "
                "from it."
            ),
            corner=place(corner),
        )
    moved = state.cottage(seat, number)
    cottages = tuple(c._replace(corner=corner) if c is moved else c for c in state.cottages)
    return logged(
        state,
        new(Relocated, seat=seat, number=number, house=moved.house, corner=corner),
        cottages=cottages,
        relocation=state.relocation[1:],
    )
