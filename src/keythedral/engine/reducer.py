"""apply: check an action against the rules and return the state after it (never mutating)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from pydantic import ValidationError

from keythedral.lang import N_
from keythedral.lexicon import data_problem

from . import (
    bidding,
    buildings,
    fences,
    flow,
    harvest,
    houses,
    lawmaster,
    layout,
    market,
    payments,
    spend,
    windows,
    workers,
)
from .actions import ACTION_CLASSES, Action, Pay, parse_action
from .decisions import KINDS, decision
from .errors import IllegalAction, Joined, Phrase, Term
from .state import Gain, GameState, Payment, renew

Handler = Callable[[GameState, Any], GameState]

_HANDLERS: dict[str, Handler] = {
    "place_field": layout.apply_place_field,
    "place_cottage": layout.apply_place_cottage,
    "choose_work_order": workers.apply_choose_work_order,
    "place_worker": workers.apply_place_worker,
    "buy_building": windows.apply_buy,
    "convert_cottage": houses.apply_convert,
    "build_fence": fences.apply_build,
    "remove_fence": fences.apply_remove,
    "buy_craft": market.apply_buy_craft,
    "trade": market.apply_trade,
    "procure_law": lawmaster.apply_procure,
    "pass": spend.apply_pass,
    "relocate_cottage": fences.apply_relocate,
    "bid": bidding.apply_bid,
    "pass_bid": bidding.apply_pass_bid,
    "choose_start_player": bidding.apply_choose_start,
    "play_law": windows.apply_play,
    "decline": windows.apply_decline,  # (or workers.apply_idle, outside a window)
    "choose_cube": harvest.apply_choose,
}

_FINISH: dict[str, Callable[[GameState, Payment], GameState]] = {
    "craft": market.finish_craft,
    "trade": market.finish_trade,
    "law": lawmaster.finish_procure,
    "bid": bidding.finish_bid,
    "building": buildings.finish_payment,
    # the payment's last step made the state: written in place
    "bargain": lambda state, p: renew(
        state, True, gain=Gain(seat=p.seat, count=2, purpose="bargain")
    ),
}


def _apply_pay(state: GameState, action: Pay) -> GameState:
    state, done = payments.pay(state, action)
    return state if done is None else _FINISH[done.purpose](state, done)


_HANDLERS["pay"] = _apply_pay


_KNOWN = frozenset(ACTION_CLASSES)


def _parse(data: dict[str, Any]) -> Action:
    try:
        return parse_action(data)
    except ValidationError as exc:
        where, problem = data_problem(exc.errors()[0])
        raise IllegalAction(
            # I18N: {problem} says what is wrong with the data ("seat: a value of the wrong
            # kind")
            N_("That is not an action the game knows: {problem}"),
            problem=Phrase(N_("{where}: {problem}"), where=where, problem=Phrase(problem)),
        ) from exc


def _as_action(action: object) -> Action:
    if isinstance(action, dict):
        return _parse(action)
    if not isinstance(action, ACTION_CLASSES):
        shown = repr(action)
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise IllegalAction(
            # I18N: {shown} is the data received, as Python writes it
            N_(
                "That is not an action the game knows: expected an action or a dict describing "
                "one, got {shown}."
            ),
            shown=shown,
        )
    return cast(Action, action)  # an instance of one of the action classes


def apply(state: GameState, action: Action | dict[str, Any]) -> GameState:
    """The state after ``action``; raises IllegalAction (state untouched) when it is not legal."""
    # the usual case: an action object from legal_actions (no ``cast``: a call, every step)
    act: Action = action if type(action) in _KNOWN else _as_action(action)  # type: ignore[assignment]
    d = decision(state)
    if d == "game_over":
        raise IllegalAction(N_("The game is over: no more actions."))
    seat = act.seat
    if seat not in state.to_act:
        if not 0 <= seat < len(state.players):
            raise IllegalAction(N_("There is no seat {seat} in this game."), seat=seat)
        raise IllegalAction(
            # I18N: {waiting} is the names of the players the game waits for ("Ann or Bob")
            N_("It is not {player}'s turn: waiting for {waiting}."),
            player=state.name(seat),
            waiting=Joined("or", [state.name(s) for s in state.to_act]),
        )
    kind = act.kind
    if kind not in KINDS[d]:
        raise IllegalAction(
            # I18N: {asks} is what the decision asks ("place a worker"), {kind} the kind of
            # action tried ("buy building")
            N_("{player} must {asks} now, not {kind}."),
            player=state.name(seat),
            asks=Term("asks", d),
            kind=Term("action", kind),
        )
    return flow.advance(_HANDLERS[kind](state, act), state)
