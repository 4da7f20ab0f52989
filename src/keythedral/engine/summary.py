"""summary(state): the whole truth as a plain JSON-able dict, for tests and tools."""

from __future__ import annotations

from typing import Any

from .buildings import face_up
from .catalogue import seat_value, tile_cost
from .cubes import CRAFTS, as_dict
from .fences import fences_left
from .state import GameState


def summary(state: GameState) -> dict[str, Any]:
    edition = state.config.edition
    players = []
    for seat, p in enumerate(state.players):
        mine = [c for c in state.cottages if c.seat == seat]
        players.append(
            {
                "name": p.name,
                "cubes": as_dict(p.cubes),
                "cottages": sum(1 for c in mine if not c.house),
                "houses": sum(1 for c in mine if c.house),
                "fences_left": fences_left(state, seat),
                "fences_on_board": sum(1 for f in state.fences if f.seat == seat),
                "buildings": [seat_value(t, edition) for t in p.buildings],
                "laws_held": len(p.laws),
                "workers_on_board": sum(1 for w in state.workers if w.seat == seat),
                "procured_law_this_round": p.procured,
            }
        )
    return {
        "round": state.round,
        "phase": state.phase,
        "start_player": state.start_player,
        "to_act": list(state.to_act),
        "store": as_dict(state.store),
        "craftsmen": dict(zip(CRAFTS, state.craftsmen, strict=True)),
        "players": players,
        "fields": [
            {
                "pos": list(f.pos),
                "type": f.type,
                "worker": next((w.seat for w in state.workers if w.field == f.pos), None),
            }
            for f in state.fields
        ],
        "cottages": [
            {"corner": list(c.corner), "seat": c.seat, "number": c.number, "house": c.house}
            for c in state.cottages
        ],
        "fences": [
            {"corner": list(f.corner), "field": list(f.field), "seat": f.seat} for f in state.fences
        ],
        "buildings_face_up": [
            {
                "id": t,
                "value": seat_value(t, edition),
                "cost": {k: v for k, v in as_dict(tile_cost(t)).items() if v},
            }
            for t in face_up(state)
        ],
        "buildings_left": sum(len(s) for s in state.mat),
        "laws_in_deck": len(state.law_deck),
        "law_spaces": sum(1 for c in state.law_spaces if c is not None),
        "scores": list(state.scores) if state.scores is not None else None,
        "winners": list(state.winners) if state.winners is not None else None,
    }
