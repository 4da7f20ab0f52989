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
    return [
        *buildings.legal(state, seat),
        *houses.legal(state, seat),
        *fences.legal(state, seat),
        *market.legal(state, seat),
        *lawmaster.legal(state, seat),
        make_pass(seat),
    ]


def _window(state: GameState) -> list[Action]:
    top = state.windows[-1]
    players = state.players
    acts: list[Action] = []
    for seat in top.seats:
        if players[seat].laws:  # (no card, no options)
            acts += laws.options(state, seat, top.kind)
        acts.append(make_decline(seat))
    return acts


_OWN = laws.OWN_DECISIONS

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
    if d in _OWN:
        seat = state.to_act[0]
        if state.players[seat].laws:
            acts += laws.options(state, seat, "own")
    return acts
