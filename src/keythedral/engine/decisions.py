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
