"""Which decision the game is waiting for: the single place that reads the state's progress."""

from __future__ import annotations

from typing import Literal

from .state import GameState

Decision = Literal[
    "place_field",
    "place_cottage",
    "choose_work_order",
    "place_worker",
    "spend",
    "pay",
    "choose_cube",
    "window",
    "relocate",
    "bid",
    "choose_start_player",
    "game_over",
]

#: The action kinds each decision accepts.
KINDS: dict[str, frozenset[str]] = {
    "place_field": frozenset({"place_field"}),
    "place_cottage": frozenset({"place_cottage"}),
    "choose_work_order": frozenset({"choose_work_order", "play_law"}),
    "place_worker": frozenset({"place_worker", "play_law", "decline"}),
    "spend": frozenset(
        {
            "play_law",
            "buy_building",
            "convert_cottage",
            "build_fence",
            "remove_fence",
            "buy_craft",
            "trade",
            "procure_law",
            "pass",
        }
    ),
    "pay": frozenset({"pay"}),
    "choose_cube": frozenset({"choose_cube"}),
    "window": frozenset({"play_law", "decline"}),
    "relocate": frozenset({"relocate_cottage"}),
    "bid": frozenset({"bid", "pass_bid", "play_law"}),
    "choose_start_player": frozenset({"choose_start_player", "play_law"}),
    "game_over": frozenset(),
}

#: How a decision is described to players ("Ann must ...").
WORDS: dict[str, str] = {
    "place_field": "lay the next field tile",
    "place_cottage": "place a cottage",
    "choose_work_order": "choose a cottage number for the work-order marker",
    "place_worker": "place a worker",
    "spend": "take a phase 3 action",
    "pay": "choose the cubes to pay",
    "choose_cube": "choose the colour of a cube to take",
    "window": "answer with a law card or let the moment go by",
    "relocate": "relocate a fenced-off cottage",
    "bid": "bid or pass in the start-player bidding",
    "choose_start_player": "name the next start player",
    "game_over": "nothing: the game is over",
}


def decision(state: GameState) -> Decision:
    phase = state.phase
    if phase == "game_over":
        return "game_over"
    if state.payment is not None:
        return "pay"
    if state.gain is not None:
        return "choose_cube"
    if state.windows:
        return "window"
    if phase == "layout":
        return "place_field" if state.layout_step % 2 == 0 else "place_cottage"
    if phase == "place_workers":
        return "choose_work_order" if state.placement is None else "place_worker"
    if phase == "spend":
        return "relocate" if state.relocation else "spend"
    if phase == "bidding":
        assert state.bidding is not None
        return "choose_start_player" if state.bidding.winner is not None else "bid"
    raise AssertionError(f"no decision is pending in phase {phase}")  # pragma: no cover
