"""legal_actions: every action the rules allow now, and nothing else."""

from __future__ import annotations

from . import (
    bidding,
    buildings,
    fences,
    harvest,
    houses,
    lawmaster,
    laws,
    layout,
    market,
    payments,
    workers,
)
from .actions import Action, make_decline, make_pass
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


def _window(state: GameState) -> list[Action]:
    top = state.windows[-1]
    acts: list[Action] = []
    for seat in top.seats:
        acts += laws.options(state, seat, top.kind)
        acts.append(make_decline(seat))
    return acts


_BY_DECISION = {
    "place_field": layout.legal,
    "place_cottage": layout.legal,
    "choose_work_order": workers.legal,
    "place_worker": workers.legal,
    "spend": _spend,
    "pay": payments.legal,
    "choose_cube": harvest.legal_choose,
    "window": _window,
    "relocate": fences.legal_relocate,
    "bid": bidding.legal,
    "choose_start_player": bidding.legal,
}


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action now (for every seat in ``to_act``); empty once the game is over."""
    d = decision(state)
    if d == "game_over":
        return []
    acts = _BY_DECISION[d](state)
    if d in laws.OWN_DECISIONS:
        seat = state.to_act[0]
        if state.players[seat].laws:
            acts += laws.options(state, seat, "own")
    return acts
