"""legal_actions: every action the rules allow now, and nothing else."""

from __future__ import annotations

from . import bidding, buildings, fences, houses, lawmaster, layout, market, payments, workers
from .actions import Action, make_pass
from .decisions import decision
from .state import GameState


def _spend(state: GameState) -> list[Action]:
    seat = state.turn
    acts: list[Action] = buildings.legal(state, seat)
    acts += houses.legal(state, seat)
    acts += fences.legal(state, seat)
    acts += market.legal(state, seat)
    acts += lawmaster.legal(state, seat)
    acts.append(make_pass(seat))
    return acts


_BY_DECISION = {
    "place_field": layout.legal,
    "place_cottage": layout.legal,
    "choose_work_order": workers.legal,
    "place_worker": workers.legal,
    "spend": _spend,
    "pay": payments.legal,
    "relocate": fences.legal_relocate,
    "bid": bidding.legal,
    "choose_start_player": bidding.legal,
}


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now (for every seat in ``to_act``); empty once the game is over."""
    d = decision(state)
    if d == "game_over":
        return []
    return _BY_DECISION[d](state)
