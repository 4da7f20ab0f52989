"""The coach's mistakes seen in play (issue 27), each on a position built from a real game.

The coach is what the hint key and the suggested line name: ``bots.hints.hint``, the greedy
bot's rules of thumb.  Each position starts from a real round (``round_start``, the layout
played by the engine), is adjusted on documented fields (``with_board``, ``set_cubes``, the
tiles still in play on the ``mat``), and then goes on through ``engine.apply`` only.
"""

from __future__ import annotations

from typing import Any

from helpers import (
    action,
    at_spend,
    play_until,
    round_start,
    set_cubes,
)
from keythedral import engine
from keythedral.bots.hints import hint


def coach(state: engine.GameState) -> Any:
    """The coach's move for the seat to act (what Enter plays on the suggested line)."""
    seat = state.to_act[0]
    return hint(engine.view(state, seat), engine.legal_actions(state))


def coach_payment(state: engine.GameState) -> list[str]:
    """The cubes the coach pays, one step after another (the payment's suggested line)."""
    seat = state.payment.seat
    paid = []
    while engine.decision(state) == "pay" and state.payment.seat == seat:
        step = coach(state).action
        paid.append(step.cube)
        state = engine.apply(state, step)
    return paid


def passing(state: engine.GameState, acts: list[Any]) -> Any:
    """Everyone else lets law windows go by and passes in phase 3 (the first action otherwise)."""
    for a in acts:
        if a.kind in ("decline", "pass"):
            return a
    return acts[0]


def with_tiles(state: engine.GameState, stage: int, tiles: tuple[str, ...]) -> engine.GameState:
    """The lower stages sold out and ``tiles`` the ones left in ``stage`` (as later in a game)."""
    mat = [() if i < stage - 1 else t for i, t in enumerate(state.mat)]
    mat[stage - 1] = tiles
    return state.model_copy(update={"mat": tuple(mat)})


def phase_3(state: engine.GameState, seat: int) -> engine.GameState:
    """Play phase 1 and the harvest (first legal choices), the others passing in phase 3, up to
    ``seat``'s first phase 3 turn."""
    return play_until(state, lambda s: at_spend(s) and s.to_act[0] == seat, policy=passing)


# --- 1. a trade paid in the colour it takes -------------------------------------------------
def test_the_coach_never_pays_a_trade_with_the_colour_it_takes() -> None:
    """Stage 3, Ann holds 1 wood, 1 stone, 1 wine and trades for a stone.  The coach paid
    "1 wood + 1 stone": a stone given for the stone taken, so the trade only threw a wood away.
    Any payment without the stone is a real trade."""
    state = phase_3(with_tiles(round_start(3), 3, ("s3-03", "s3-04", "s3-02", "s3-07")), 0)
    state = set_cubes(state, 0, wood=1, stone=1, wine=1)
    state = engine.apply(state, action("trade", 0, take="stone"))
    paid = coach_payment(state)
    assert len(paid) == 2
    assert "stone" not in paid, paid
