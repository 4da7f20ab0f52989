"""The coach's mistakes seen in play (issue 27), each on a position built from a real game.

The coach is what the hint key and the suggested line name: ``bots.hints.hint``, the greedy
bot's rules of thumb.  Each position starts from a real round (``round_start``, the layout
played by the engine), is adjusted on documented fields (``with_board``, ``set_cubes``, the
tiles still in play on the ``mat``), and then goes on through ``engine.apply`` only.
"""

from __future__ import annotations

from typing import Any

from keythedral import engine
from keythedral.bots.hints import hint
from keythedral.engine.catalogue import tile_words
from tests.support.helpers import (
    action,
    at_spend,
    play_until,
    round_start,
    set_cubes,
    with_board,
    with_start_player,
)


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


# --- 2. a house for a home that finds no free field -----------------------------------------
def test_the_coach_does_not_make_an_idle_cottage_a_house() -> None:
    """Stage 2.  Bob's house 1 is called first and fills both fields Ann's cottage 1 touches:
    it stays idle this round, as it has round after round.  A house there would only have two
    idle workers: the stone and wood are better kept."""
    woods, farm = (1, 0), (1, 1)
    state = with_board(
        round_start(3),
        {woods: "woods", farm: "farm", (5, 5): "lake"},
        [((0, 0), 0, 1, False), ((1, 0), 1, 1, True), ((4, 4), 2, 1, False)],
    )
    state = with_tiles(state, 2, state.mat[1])  # stage 2: no tile for 2 cubes
    state = phase_3(with_start_player(state, 1), 0)
    assert not [w for w in state.workers if w.seat == 0], "Ann's cottage 1 sat idle"
    state = set_cubes(state, 0, wood=1, stone=1)
    assert {"convert_cottage", "pass"} <= {a.kind for a in engine.legal_actions(state)}
    move = coach(state).action
    assert move.kind != "convert_cottage", move


# --- 3. the last cube ------------------------------------------------------------------------
def test_the_coach_spends_a_lone_cube_on_a_law_card_rather_than_pass() -> None:
    """Stage 2 with two tiles left, Ann's phase 3 turn with a single wine: it buys no tile,
    craft, trade, house or fence, and neither tile for sale uses wine (stage 3 will, but a
    lone cube is not a tile): kept, it waits for nothing; the law master takes it for a card
    that may bend a rule when it suits her."""
    state = phase_3(with_tiles(round_start(3), 2, ("s2-07", "s2-04")), 0)
    state = set_cubes(state, 0, wine=1)
    kinds = {a.kind for a in engine.legal_actions(state)}
    assert "procure_law" in kinds and not kinds & {"buy_building", "trade", "buy_craft"}
    got = coach(state)
    assert got.action.kind == "procure_law", got
    assert "law card" in got.reason


# --- 4. a race for a tile ---------------------------------------------------------------------
def test_the_coach_aims_at_a_tile_no_rival_can_buy_first() -> None:
    """Stage 3 with s3-05 (wood, food, water) and s3-07 (wood, water, wine) left.  Ann holds
    wood, water and 2 stone to trade with: one cube short of either.  Bob, who acts before
    Ann's next turn, has just harvested wood, food and water, all to the table's eyes: he can
    buy s3-05 at his turn.  A trade for food (toward s3-05) is wasted; one for wine gets Ann
    s3-07 at her next turn."""
    board = {(1, 0): "woods", (3, 0): "farm", (5, 0): "lake", (7, 0): "lake", (9, 0): "woods"}
    homes = [
        ((0, 0), 1, 1, False),  # Bob: woods, farm and lake
        ((2, 0), 1, 2, False),
        ((4, 0), 1, 3, False),
        ((6, 0), 0, 4, False),  # Ann: lake and woods
        ((8, 0), 0, 5, False),
    ]
    state = with_board(round_start(3), board, homes)
    state = with_tiles(state, 3, ("s3-05", "s3-07"))
    state = phase_3(with_start_player(state, 0), 0)
    assert state.players[1].cubes[:5] == (1, 0, 1, 1, 0)  # Bob: wood, food, water
    state = set_cubes(state, 0, wood=1, stone=2, water=1)
    got = coach(state)
    assert (got.action.kind, got.action.take) == ("trade", "wine"), got
    assert tile_words("s3-07") in got.reason and "Bob" in got.reason
    assert "s3-" not in got.reason  # a tile as a player names it, not its id


def test_in_a_whole_state_the_race_reads_the_rivals_hands_not_the_log() -> None:
    """A playout's world holds every hand: the race needs no reading of the log there (it kept
    ismcts at its speed).  Bob holds s3-05's cubes though the table never saw him take them."""
    from keythedral.bots.knowledge import Ctx, racing

    state = with_tiles(round_start(3), 3, ("s3-05", "s3-07"))
    state = phase_3(with_start_player(state, 0), 0)
    state = set_cubes(state, 1, wood=1, food=1, water=1)  # given, not harvested: no log line
    state = state.model_copy(update={"log": ()})
    assert racing(Ctx.from_state(state, 0)) == {"s3-05": 1}
    assert racing(Ctx.from_view(engine.view(state, 0))) == {}  # the table saw nothing
