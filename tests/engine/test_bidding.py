"""Phase 5: A hands the marker to B; from the player left of B each bids once (more than the
highest so far, no more than their cubes) or passes; B speaks last and wins by matching; the
winner pays (to B, or B to the matched player) and names any start player."""

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
    set_cubes,
    spend_state,
    to_bidding,
    to_spend,
    total_cubes,
)


def _bidding(n=3, **cubes_by_seat):
    """Round 1's bidding (A = seat 0, so B = seat 1), with these hands."""
    state = to_bidding(spend_state(n))
    assert state.phase == "bidding"
    for seat in range(n):
        state = set_cubes(state, seat, **cubes_by_seat.get(f"s{seat}", {}))
    return state


def _bids(state):
    return sorted(a.amount for a in engine.legal_actions(state) if a.kind == "bid")


def _start_choices(state):
    return sorted(a.target for a in engine.legal_actions(state) if a.kind == "choose_start_player")


def test_order_is_left_of_b_round_to_b():
    state = _bidding(4, s0={"wood": 1}, s1={"wood": 1}, s2={"wood": 1}, s3={"wood": 1})
    order = []
    while kinds(state) <= {"bid", "pass_bid"}:
        order.append(state.to_act)
        state = do(state, "pass_bid")
    assert order == [(2,), (3,), (0,), (1,)]


def test_nobody_bids_and_b_names_the_start_player_for_free():
    state = _bidding(3, s0={"food": 2}, s1={"food": 2}, s2={"food": 2})
    state = do(state, "pass_bid")  # Cy
    state = do(state, "pass_bid")  # Ann
    assert state.to_act == (1,)
    assert _bids(state) == []  # nothing to match
    assert illegal(state, action("bid", 1, amount=1)).startswith("Nobody has bid")
    state = do(state, "pass_bid")  # Bob
    assert state.to_act == (1,)
    assert kinds(state) == {"choose_start_player"}
    assert _start_choices(state) == [0, 1, 2]
    state = do(state, "choose_start_player", target=2)
    s = engine.summary(state)
    assert s["round"] == 2 and s["phase"] == "place_workers"
    assert s["start_player"] == 2
    assert state.to_act == (2,)
    assert [cubes_of(state, p) for p in range(3)] == [hand(food=2)] * 3


def test_the_highest_bid_wins_and_pays_b():
    state = _bidding(3, s0={"food": 2}, s1={"wine": 1}, s2={"wood": 2, "iron": 1})
    state = do(state, "bid", amount=2)  # Cy
    state = do(state, "pass_bid")  # Ann
    state = do(state, "pass_bid")  # Bob does not match
    assert state.to_act == (2,)
    assert kinds(state) == {"pay"}
    state = do(state, "pay", cube="iron")
    state = do(state, "pay", cube="wood")
    assert cubes_of(state, 2) == hand(wood=1)
    assert cubes_of(state, 1) == hand(wine=1, wood=1, iron=1)
    assert cubes_of(state, 0) == hand(food=2)
    assert kinds(state) == {"choose_start_player"}
    assert state.to_act == (2,)
    state = do(state, "choose_start_player", target=1)
    assert engine.summary(state)["start_player"] == 1
    assert total_cubes(state) == TOTAL


def test_a_later_higher_bid_beats_an_earlier_one():
    state = _bidding(3, s0={"food": 3}, s1={}, s2={"wood": 2})
    state = do(state, "bid", amount=1)  # Cy
    assert _bids(state) == [2, 3]  # Ann must bid more than 1
    state = do(state, "bid", amount=3)  # Ann
    assert _bids(state) == []  # Bob holds no cubes: cannot match
    state = do(state, "pass_bid")  # Bob
    assert state.to_act == (0,) and kinds(state) == {"pay"}
    for _ in range(3):
        state = do(state, "pay", cube="food")
    assert cubes_of(state, 1) == hand(food=3)
    assert cubes_of(state, 2) == hand(wood=2)  # the outbid player pays nothing
    assert state.to_act == (0,) and kinds(state) == {"choose_start_player"}


def test_b_matches_and_pays_the_matched_player():
    state = _bidding(3, s0={"food": 3}, s1={"stone": 2, "glass": 1}, s2={"wood": 2})
    state = do(state, "bid", amount=1)  # Cy
    state = do(state, "bid", amount=2)  # Ann
    assert state.to_act == (1,)
    assert _bids(state) == [2]  # B can only match
    msg = illegal(state, action("bid", 1, amount=3))
    assert msg == "Bob speaks last and can only match the highest bid, 2."
    state = do(state, "bid", amount=2)  # Bob matches
    assert state.to_act == (1,) and kinds(state) == {"pay"}
    state = do(state, "pay", cube="glass")
    state = do(state, "pay", cube="stone")
    assert cubes_of(state, 1) == hand(stone=1)
    assert cubes_of(state, 0) == hand(food=3, glass=1, stone=1)
    assert cubes_of(state, 2) == hand(wood=2)
    assert kinds(state) == {"choose_start_player"}
    assert state.to_act == (1,)
    assert _start_choices(state) == [0, 1, 2]
    state = do(state, "choose_start_player", target=1)
    assert engine.summary(state)["start_player"] == 1
    assert total_cubes(state) == TOTAL


def test_bids_must_increase():
    state = _bidding(3, s0={"food": 5}, s1={}, s2={"wood": 5})
    state = do(state, "bid", amount=3)
    assert _bids(state) == [4, 5]
    for amount in (1, 3):
        msg = illegal(state, action("bid", 0, amount=amount))
        assert msg == "A bid must be more than the highest bid so far (3)."


def test_a_bid_cannot_exceed_the_cubes_held():
    state = _bidding(3, s0={}, s1={}, s2={"wood": 1, "gold": 1})
    assert _bids(state) == [1, 2]  # every cube counts one, whatever its colour
    assert illegal(state, action("bid", 2, amount=3)) == "Cy holds only 2 cubes and cannot bid 3."


def test_a_player_with_no_cubes_can_only_pass():
    state = _bidding(3)
    assert engine.legal_actions(state) == [action("pass_bid", 2)]


def test_b_cannot_match_a_bid_higher_than_its_cubes():
    state = _bidding(3, s0={}, s1={"wood": 1}, s2={"wood": 2})
    state = do(state, "bid", amount=2)
    state = do(state, "pass_bid")
    assert _bids(state) == []
    msg = illegal(state, action("bid", 1, amount=2))
    assert msg.startswith("Bob holds only 1 cube") and msg.endswith("cannot bid 2.")


def test_two_player_bidding_a_bids_b_passes():
    state = _bidding(2, s0={"food": 2}, s1={"wood": 1})
    # A (Ann) speaks first, B (Bob) last
    assert state.to_act == (0,)
    state = do(state, "bid", amount=2)
    assert state.to_act == (1,)
    assert _bids(state) == []
    state = do(state, "pass_bid")
    state = do(state, "pay", cube="food")
    state = do(state, "pay", cube="food")
    assert cubes_of(state, 1) == hand(wood=1, food=2)
    assert state.to_act == (0,) and _start_choices(state) == [0, 1]


def test_two_player_bidding_b_matches():
    state = _bidding(2, s0={"food": 1}, s1={"wood": 1})
    state = do(state, "bid", amount=1)
    state = do(state, "bid", amount=1)
    state = do(state, "pay", cube="wood")
    assert cubes_of(state, 0) == hand(food=1, wood=1)
    assert cubes_of(state, 1) == hand()
    assert state.to_act == (1,) and _start_choices(state) == [0, 1]


@pytest.mark.parametrize("target", [0, 1, 2])
def test_the_winner_may_name_anyone_as_start_player(target):
    state = _bidding(3, s0={"food": 1}, s1={}, s2={})
    state = do(state, "pass_bid")
    state = do(state, "bid", amount=1)
    state = do(state, "pass_bid")
    state = do(state, "pay", cube="food")
    state = do(state, "choose_start_player", target=target)
    s = engine.summary(state)
    assert s["start_player"] == target and s["round"] == 2
    assert state.to_act == (target,)
    assert kinds(state) == {"choose_work_order"}


def test_a_start_player_beyond_the_table_is_illegal():
    state = _bidding(3)
    for _ in range(3):
        state = do(state, "pass_bid")
    assert "no seat 3" in illegal(state, action("choose_start_player", 1, target=3))


def test_b_is_left_of_this_rounds_start_player():
    # round 2 with Cy as start player: B is Ann, and bidding starts with Bob
    state = _bidding(3)
    for _ in range(3):
        state = do(state, "pass_bid")
    state = do(state, "choose_start_player", target=2)
    state = to_bidding(to_spend(state))
    order = []
    while kinds(state) <= {"bid", "pass_bid"}:
        order.append(state.to_act[0])
        state = do(state, "pass_bid")
    assert order == [1, 2, 0]
    assert state.to_act == (0,) and kinds(state) == {"choose_start_player"}
