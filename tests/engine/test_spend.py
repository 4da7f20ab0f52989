"""Phase 3 turn structure (one action per turn, from the start player clockwise; the phase ends
when every player who has not procured a law has passed in succession) and the convert action."""

import pytest

from keythedral import engine
from tests.support.helpers import (
    TOTAL,
    action,
    cubes_of,
    do,
    hand,
    illegal,
    kinds,
    play_until,
    round_start,
    set_cubes,
    spend_state,
    to_spend,
    total_cubes,
    with_board,
    with_start_player,
    workers_at,
)


def _rich(state):
    for seat in range(state.n):
        state = set_cubes(state, seat, wood=3, stone=3, food=1)
    return state


def _convert(state):
    """The current player converts their lowest-numbered cottage (1 stone + 1 wood)."""
    seat = state.to_act[0]
    number = min(c.number for c in state.cottages if c.seat == seat and not c.house)
    return do(state, "convert_cottage", number=number)


def test_phase_3_starts_with_the_start_player_and_goes_clockwise():
    state = to_spend(with_start_player(round_start(3), 2))
    order = []
    for _ in range(3):
        order.append(state.to_act)
        state = do(state, "pass")
    assert order == [(2,), (0,), (1,)]


def test_every_player_passing_in_succession_ends_the_phase():
    state = spend_state(3)
    state = do(state, "pass")
    state = do(state, "pass")
    assert state.phase == "spend" and state.to_act == (2,)
    state = do(state, "pass")
    assert state.phase == "bidding"


def test_an_action_in_between_restarts_the_run_of_passes():
    state = _rich(spend_state(3))
    state = do(state, "pass")  # Ann
    state = _convert(state)  # Bob acts: the run starts again
    state = do(state, "pass")  # Cy
    state = do(state, "pass")  # Ann
    assert state.phase == "spend" and state.to_act == (1,)
    state = do(state, "pass")  # Bob: now all three have passed in a row
    assert state.phase == "bidding"


def test_two_passes_then_an_action_then_the_run_starts_again():
    state = _rich(spend_state(3))
    state = do(state, "pass")  # Ann
    state = do(state, "pass")  # Bob
    state = _convert(state)  # Cy
    state = do(state, "pass")  # Ann
    state = do(state, "pass")  # Bob
    assert state.phase == "spend" and state.to_act == (2,)
    state = do(state, "pass")  # Cy
    assert state.phase == "bidding"


def test_a_player_who_passed_may_act_on_a_later_turn():
    state = _rich(spend_state(3))
    state = do(state, "pass")  # Ann
    state = _convert(state)  # Bob
    state = do(state, "pass")  # Cy
    assert state.to_act == (0,)
    assert "convert_cottage" in kinds(state)
    state = _convert(state)  # Ann, who passed before
    assert engine.summary(state)["players"][0]["houses"] == 1


def test_one_action_per_turn():
    state = _rich(spend_state(3))
    state = _convert(state)
    assert state.to_act == (1,)
    msg = illegal(state, action("convert_cottage", 0, number=2))
    assert msg == "It is not Ann's turn: waiting for Bob."


def test_two_player_phase_3_ends_after_two_passes():
    state = spend_state(2)
    state = do(state, "pass")
    assert state.phase == "spend" and state.to_act == (1,)
    state = do(state, "pass")
    assert state.phase == "bidding"


def test_with_no_cubes_pass_is_the_only_action():
    state = set_cubes(spend_state(3), 0)
    assert engine.legal_actions(state) == [action("pass", 0)]


# --- convert a cottage into a house ----------------------------------------------------------
def test_convert_costs_one_stone_and_one_wood():
    state = set_cubes(spend_state(3), 0, stone=2, wood=1, food=1)
    store = engine.summary(state)["store"]
    state = do(state, "convert_cottage", number=3)
    s = engine.summary(state)
    assert cubes_of(state, 0) == hand(stone=1, food=1)
    assert s["store"] == {**store, "stone": store["stone"] + 1, "wood": store["wood"] + 1}
    assert [c["house"] for c in s["cottages"] if c["seat"] == 0 and c["number"] == 3] == [True]
    assert s["players"][0]["houses"] == 1
    assert s["players"][0]["cottages"] == 4
    assert total_cubes(state) == TOTAL


def test_convert_is_offered_for_own_cottages_only():
    state = set_cubes(spend_state(3), 0, stone=1, wood=1)
    offered = sorted(a.number for a in engine.legal_actions(state) if a.kind == "convert_cottage")
    assert offered == [1, 2, 3, 4, 5]
    assert all(a.seat == 0 for a in engine.legal_actions(state))


def test_a_house_cannot_be_converted_again():
    state = set_cubes(spend_state(3), 0, stone=2, wood=2)
    state = do(state, "convert_cottage", number=2)
    state = do(state, "pass")
    state = do(state, "pass")
    offered = sorted(a.number for a in engine.legal_actions(state) if a.kind == "convert_cottage")
    assert offered == [1, 3, 4, 5]
    assert (
        illegal(state, action("convert_cottage", 0, number=2))
        == "Ann's number 2 is already a house."
    )


@pytest.mark.parametrize(
    "cubes,missing",
    [({"wood": 3}, "stone"), ({"stone": 3}, "wood"), ({"food": 5}, "stone and no wood")],
)
def test_convert_without_stone_or_wood_is_illegal(cubes, missing):
    state = do(spend_state(3), "pass")  # Bob's turn
    state = set_cubes(state, 1, **cubes)
    assert "convert_cottage" not in kinds(state)
    msg = illegal(state, action("convert_cottage", 1, number=1))
    assert msg.startswith(f"Bob has no {missing} to convert a cottage")


def test_a_converted_house_sends_two_workers_from_the_next_round():
    f1, f2 = (20, 20), (21, 20)
    state = with_board(round_start(3), {f1: "lake", f2: "farm"}, [((20, 19), 0, 1, False)])
    state = to_spend(state)
    assert workers_at(state) in ({f1: 0}, {f2: 0})  # a cottage: one worker
    state = set_cubes(state, 0, stone=1, wood=1)
    state = do(state, "convert_cottage", number=1)
    state = play_until(state, lambda s: s.round == 2)
    state = to_spend(state)
    assert workers_at(state) == {f1: 0, f2: 0}
