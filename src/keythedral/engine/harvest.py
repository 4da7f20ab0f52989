"""Phase 2: every worker brings in one cube of its field's colour, while the store lasts.

Players collect from the start player clockwise.  Laws change the yield this round: Good harvest
doubles a field type, Poor harvest blanks one, Double production doubles one field, and an
Unexpected harvest lets its player choose the colour of every cube from one field type (those
choices are made one cube at a time when that player collects).
"""

from __future__ import annotations

from operator import add as add_
from operator import sub

from keythedral.lang import N_

from .actions import Action, ChooseCube, make_choose_cube
from .board import index
from .cubes import COLOURS, FIELD_YIELD, INDEX, RESOURCES, add
from .errors import IllegalAction, Term
from .events import ColoursToChoose, CubeTaken, Event, Harvested, StoreRanOut, new
from .spend import acted_fresh
from .state import NO_EFFECTS, Gain, GameState, logged, replace, with_player


def claims(state: GameState, seat: int) -> tuple[list[int], int]:
    """(cubes per colour the seat's workers bring in, cubes whose colour the seat chooses)."""
    return every_claim(state)[seat]


#: The colour index of each field type's cube.
_YIELD = {ftype: INDEX[colour] for ftype, colour in FIELD_YIELD.items()}


def every_claim(state: GameState) -> list[tuple[list[int], int]]:
    """``claims`` of every seat, in one pass over the workers."""
    types = index(state.fields).types
    fx = state.effects
    got = [[0] * 8 for _ in state.players]
    free = [0] * len(got)
    if fx is NO_EFFECTS:  # the usual round: one cube a worker, of its field's colour
        for w in state.workers:
            got[w.seat][_YIELD[types[w.field]]] += 1
        return [(g, 0) for g in got]
    for w in state.workers:
        seat = w.seat
        ftype = types[w.field]
        if ftype in fx.poor:
            continue
        amount = (2 if ftype in fx.good else 1) * (2 if w.field in fx.double else 1)
        if (seat, ftype) in fx.unexpected:
            free[seat] += amount
        else:
            got[seat][_YIELD[ftype]] += amount
    return list(zip(got, free, strict=True))


def harvest(state: GameState) -> GameState:
    """Pay out the harvest seat by seat; stop when a player must choose cube colours."""
    store = list(state.store)
    players = list(state.players)
    events: list[Event] = []
    step = state.harvest_next
    gain = None
    n = len(players)
    claimed = every_claim(state)
    while step < n and gain is None:
        seat = (state.start_player + step) % n
        step += 1
        wanted, free = claimed[seat]
        got = list(map(min, wanted, store))  # eight colours each
        store = list(map(sub, store, got))
        if any(got):
            cubes = tuple(map(add_, players[seat].cubes, got))
            players[seat] = replace(players[seat], cubes=cubes)
            events.append(new(Harvested, seat=seat, got=tuple(got)))
        if got != wanted:  # the store ran out of some colour
            for c, (w, g) in enumerate(zip(wanted, got, strict=True)):
                if w > g:
                    events.append(new(StoreRanOut, seat=seat, colour=COLOURS[c], missed=w - g))
        if free and any(store[:5]):
            gain = Gain(seat=seat, count=free, purpose="unexpected_harvest")
            events.append(new(ColoursToChoose, seat=seat, count=free))
    done = step >= state.n and gain is None
    return logged(
        state,
        *events,
        store=tuple(store),
        players=tuple(players),
        gain=gain,
        harvest_next=0 if done else step,
        phase="spend" if done else "harvest",
    )


def legal_choose(state: GameState) -> list[Action]:
    g = state.gain
    assert g is not None
    return [make_choose_cube(g.seat, r) for r in RESOURCES if state.store[INDEX[r]] > 0]


def apply_choose(state: GameState, action: ChooseCube) -> GameState:
    """Take one resource cube of a chosen colour (Unexpected harvest, Bargain)."""
    g = state.gain
    assert g is not None
    colour = INDEX.get(action.cube, -1)
    if not 0 <= colour < 5:
        raise IllegalAction(
            N_("Choose a resource colour, not {colour}."), colour=Term("colour", action.cube)
        )
    if state.store[colour] == 0:
        raise IllegalAction(
            N_("The store has no {colour} left."), colour=Term("colour", action.cube)
        )
    store = add(state.store, colour, -1)
    cubes = add(state.players[g.seat].cubes, colour)
    left = g.count - 1
    done = left == 0 or not any(store[:5])
    state = logged(
        state,
        new(CubeTaken, seat=g.seat, cube=action.cube),
        store=store,
        players=with_player(state, g.seat, cubes=cubes),
        gain=None if done else replace(g, count=left),
    )
    if done and g.purpose == "bargain":
        return acted_fresh(state, g.seat)
    return state
