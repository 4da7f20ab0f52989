"""Phase 2: every worker brings in one cube of its field's colour, while the store lasts."""

from __future__ import annotations

from .board import index
from .cubes import COLOURS, FIELD_YIELD, INDEX, describe
from .state import GameState, logged


def harvest(state: GameState) -> GameState:
    """Pay out the harvest from the start player clockwise; a dry store gives nothing."""
    types = index(state.fields).types
    store = list(state.store)
    players = list(state.players)
    events = []
    for i in range(state.n):
        seat = (state.start_player + i) % state.n
        got = [0] * 8
        missed = [0] * 8
        for w in state.workers:
            if w.seat != seat:
                continue
            colour = INDEX[FIELD_YIELD[types[w.field]]]
            if store[colour] > 0:
                store[colour] -= 1
                got[colour] += 1
            else:
                missed[colour] += 1
        if any(got):
            cubes = tuple(a + b for a, b in zip(players[seat].cubes, got, strict=True))
            players[seat] = players[seat].model_copy(update={"cubes": cubes})
            events.append(f"{state.name(seat)} harvests {describe(tuple(got))}.")
        for c, n in enumerate(missed):
            if n:
                events.append(
                    f"The store has no {COLOURS[c]} left: {state.name(seat)} gets nothing "
                    f"from {n} field{'s' if n > 1 else ''}."
                )
    return logged(state, *events, store=tuple(store), players=tuple(players), phase="spend")
