"""Phase 1: work-order markers go round from the start player; the picker places first, then
clockwise; a cottage sends one worker, a house two into different fields; occupied and fenced
fields are closed; idle workers are skipped; placement is compulsory."""

import pytest

from keythedral import engine
from tests.support.helpers import (
    action,
    do,
    illegal,
    kinds,
    play_until,
    round_start,
    with_board,
    with_start_player,
    workers_at,
)

F1, F2 = (20, 20), (21, 20)
A_CORNER, B_CORNER = (20, 19), (20, 20)  # both corners touch F1 and F2 only


def _private_board(state):
    """Every cottage of every seat alone beside a field of its own."""
    fields, cottages = {}, []
    for seat in range(state.n):
        for number in range(1, 6):
            pos = (10 * number, 10 * seat)
            fields[pos] = "woods"
            cottages.append((pos, seat, number, False))  # corner pos touches field pos only
    return with_board(state, fields, cottages)


def _shared_board(state, a_house=False, b_house=False, fences=()):
    return with_board(
        state,
        {F1: "lake", F2: "farm"},
        [(A_CORNER, 0, 1, a_house), (B_CORNER, 1, 1, b_house)],
        fences,
    )


def _fields_offered(state):
    return sorted(tuple(a.field) for a in engine.legal_actions(state) if a.kind == "place_worker")


def _markers(state):
    """Play phase 1 (first legal choices); return who chose each work-order marker."""
    holders = []
    while state.phase == "place_workers":
        if kinds(state) == {"choose_work_order"}:
            holders.append(state.to_act[0])
        state = do(state, **_first(state))
    return holders


def _first(state):
    a = engine.legal_actions(state)[0]
    return a.model_dump()


@pytest.mark.parametrize(
    "n,holders",
    [(2, [0, 1, 0, 1, 0]), (3, [0, 1, 2, 0, 1]), (4, [0, 1, 2, 3, 0]), (5, [0, 1, 2, 3, 4])],
)
def test_markers_go_round_from_the_start_player(n, holders):
    assert _markers(round_start(n)) == holders


def test_markers_start_with_whoever_is_start_player():
    state = with_start_player(round_start(3), 2)
    assert _markers(state) == [2, 0, 1, 2, 0]


def test_the_holder_may_choose_any_free_number():
    state = round_start(3)
    assert engine.legal_actions(state) == [
        action("choose_work_order", 0, number=k) for k in range(1, 6)
    ]
    state = do(_private_board(state), "choose_work_order", number=4)
    state = play_until(state, lambda s: kinds(s) == {"choose_work_order"})
    assert state.to_act == (1,)
    assert sorted(a.number for a in engine.legal_actions(state)) == [1, 2, 3, 5]
    msg = illegal(state, action("choose_work_order", 1, number=4))
    assert msg == "Cottage number 4 has already been chosen this round."
    assert "1 to 5" in illegal(state, action("choose_work_order", 1, number=6))


def test_placing_starts_with_the_picker_and_goes_clockwise():
    state = _private_board(round_start(3))
    order = []
    for number in (3, 5, 1, 2, 4):
        state = do(state, "choose_work_order", number=number)
        placers = []
        while kinds(state) == {"place_worker"}:
            (seat,) = state.to_act
            placers.append(seat)
            state = do(state, "place_worker", number=number, field=(10 * number, 10 * seat))
        order.append(placers)
    assert order == [[0, 1, 2], [1, 2, 0], [2, 0, 1], [0, 1, 2], [1, 2, 0]]
    assert state.phase != "place_workers"


def test_a_cottage_sends_one_worker():
    state = do(_shared_board(round_start(3)), "choose_work_order", number=1)
    assert state.to_act == (0,)
    assert _fields_offered(state) == [F1, F2]
    state = do(state, "place_worker", number=1, field=F1)
    assert state.to_act == (1,)  # Ann's only worker is out: Bob's turn
    assert workers_at(state) == {F1: 0}


def test_a_house_sends_two_workers_into_different_fields():
    state = do(_shared_board(round_start(3), a_house=True), "choose_work_order", number=1)
    state = do(state, "place_worker", number=1, field=F2)
    assert state.to_act == (0,)
    assert _fields_offered(state) == [F1]
    assert "already has a worker" in illegal(state, action("place_worker", 0, number=1, field=F2))
    state = do(state, "place_worker", number=1, field=F1)
    assert workers_at(state) == {F1: 0, F2: 0}
    # Bob's cottage 1 has no free field left: idle, skipped; Cy's is parked: idle too
    assert kinds(state) == {"choose_work_order"}
    assert state.to_act == (1,)
    assert engine.summary(state)["players"][1]["workers_on_board"] == 0


def test_an_occupied_field_is_closed_to_everyone():
    state = do(_shared_board(round_start(3)), "choose_work_order", number=1)
    state = do(state, "place_worker", number=1, field=F1)
    assert state.to_act == (1,)
    assert _fields_offered(state) == [F2]
    msg = illegal(state, action("place_worker", 1, number=1, field=F1))
    assert msg == "The field (20,20) already has a worker in it."


def test_a_house_with_one_free_field_sends_one_worker_and_one_stays_idle():
    state = do(_shared_board(round_start(3), b_house=True), "choose_work_order", number=1)
    state = do(state, "place_worker", number=1, field=F1)
    state = do(state, "place_worker", number=1, field=F2)
    assert workers_at(state) == {F1: 0, F2: 1}
    assert kinds(state) == {"choose_work_order"}
    assert state.to_act == (1,)


def test_a_fence_closes_the_field_to_that_cottage_only():
    state = _shared_board(round_start(3), fences=[(A_CORNER, F1, 2)])
    state = do(state, "choose_work_order", number=1)
    assert _fields_offered(state) == [F2]
    msg = illegal(state, action("place_worker", 0, number=1, field=F1))
    assert msg.startswith("A fence keeps the workers of Ann's cottage 1")
    state = do(state, "place_worker", number=1, field=F2)
    assert _fields_offered(state) == [F1]  # Bob's corner has no fence


def test_a_fenced_house_sends_only_what_the_fences_allow():
    state = _shared_board(round_start(3), a_house=True, fences=[(A_CORNER, F1, 1)])
    state = do(state, "choose_work_order", number=1)
    state = do(state, "place_worker", number=1, field=F2)
    # Ann's second worker has no legal field: idle; Bob places next
    assert state.to_act == (1,)
    assert _fields_offered(state) == [F1]


def test_a_field_the_cottage_does_not_touch_is_illegal():
    state = do(_shared_board(round_start(3)), "choose_work_order", number=1)
    msg = illegal(state, action("place_worker", 0, number=1, field=(22, 20)))
    assert msg == "The field (22,20) does not touch cottage 1 of Ann."
    msg = illegal(state, action("place_worker", 0, number=2, field=F1))
    assert "1" in msg and "not 2" in msg


def test_idle_workers_are_skipped():
    # Ann's cottage 2 is parked far from every field: her marker's number starts with Bob
    state = with_board(round_start(3), {F1: "lake"}, [(B_CORNER, 1, 2, False)])
    state = do(state, "choose_work_order", number=2)
    assert state.to_act == (1,)
    assert kinds(state) == {"place_worker"}
    state = do(state, "place_worker", number=2, field=F1)
    # Cy idle too: the number is done and Bob takes the next marker
    assert state.to_act == (1,)
    assert kinds(state) == {"choose_work_order"}


def test_a_number_where_everyone_is_idle_passes_straight_to_the_next_marker():
    state = with_board(round_start(3), {F1: "lake"}, [])
    state = do(state, "choose_work_order", number=3)
    assert state.to_act == (1,)
    assert kinds(state) == {"choose_work_order"}


def test_placement_is_compulsory():
    state = do(_shared_board(round_start(3)), "choose_work_order", number=1)
    acts = engine.legal_actions(state)
    assert acts == [
        action("place_worker", 0, number=1, field=F1),
        action("place_worker", 0, number=1, field=F2),
    ]
    assert illegal(state, action("pass", 0)) == "Ann must place a worker now, not pass."
    assert illegal(state, action("choose_work_order", 0, number=2)).startswith("Ann must place")


@pytest.mark.parametrize("n", [2, 3, 5])
def test_no_worker_stays_home_while_a_field_is_free(n):
    state = play_until(round_start(n), lambda s: s.phase != "place_workers")
    fields = {tuple(f["pos"]) for f in engine.summary(state)["fields"]}
    occupied = set(workers_at(state))
    for c in state.cottages:
        out = sum(1 for w in state.workers if (w.seat, w.number) == (c.seat, c.number))
        assert 0 <= out <= (2 if c.house else 1)
        x, y = c.corner
        touching = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)} & fields
        if out < (2 if c.house else 1):
            assert touching <= occupied
