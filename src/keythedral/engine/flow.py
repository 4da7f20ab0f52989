"""The round machine: runs the automatic steps between decisions and sets ``to_act``.

After every action the reducer calls ``advance``, which carries the game forward through
anything nobody has to decide (the end of layout, harvest, retrieving, opening the bidding,
seats with idle workers) and stops at the next decision, naming who may act.
"""

from __future__ import annotations

from . import bidding, harvest, lawmaster, spend, workers
from .state import GameState, logged, replace


def _end_layout(state: GameState) -> GameState:
    state = logged(state, "The layout is complete.")
    return workers.begin_round(state, state.start_player)


def _retrieve(state: GameState) -> GameState:
    state = logged(
        state,
        "Workers return home and the work-order markers come off the mat.",
        workers=(),
        work_order=(),
        placement=None,
        passes=0,
    )
    return bidding.open_bidding(lawmaster.refill(state))


def advance(state: GameState) -> GameState:
    """Run automatic steps until a decision is pending; set ``to_act``."""
    while True:
        phase = state.phase
        if phase == "game_over":
            to_act: tuple[int, ...] = ()
        elif state.payment is not None:
            to_act = (state.payment.seat,)
        elif phase == "layout":
            if state.layout_step == 10 * state.n:
                state = _end_layout(state)
                continue
            to_act = (state.turn,)
        elif phase == "place_workers":
            if state.placement is not None:
                state = workers.settle(state)
                if state.placement is not None:
                    to_act = (state.placement.order[0],)
                    break
            if len(state.work_order) == 5:
                state = replace(state, phase="harvest")
                continue
            to_act = (workers.marker_holder(state),)
        elif phase == "harvest":
            state = harvest.harvest(state)
            state = replace(state, phase="spend", turn=state.start_player, passes=0)
            continue
        elif phase == "spend":
            if state.relocation:
                to_act = (state.relocation[0][0],)
            elif spend.phase_over(state):
                state = replace(state, phase="retrieve")
                continue
            else:
                to_act = (state.turn,)
        elif phase == "retrieve":
            state = _retrieve(state)
            continue
        else:  # bidding
            b = state.bidding
            assert b is not None
            to_act = (b.winner,) if b.winner is not None else (b.order[0],)
        break
    if to_act != state.to_act:
        state = replace(state, to_act=to_act)
    return state
