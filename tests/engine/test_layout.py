"""Layout: fields touch a field or a cottage's corner; cottages on empty corners touching a
field (never the Keythedral's); each number once; field then cottage, seat by seat."""

import random

import pytest

from keythedral import engine
from keythedral.engine import layout
from tests.support.helpers import action, do, finish_layout, illegal, kinds, new

RING = [(-1, 0), (-1, 1), (0, -1), (0, 2), (1, -1), (1, 2), (2, 0), (2, 1)]


def _spots(state):
    return sorted(tuple(a.pos) for a in engine.legal_actions(state) if a.kind == "place_field")


def _corners(state, number=None):
    return sorted(
        {
            tuple(a.corner)
            for a in engine.legal_actions(state)
            if a.kind == "place_cottage" and (number is None or a.number == number)
        }
    )


def test_first_field_goes_next_to_the_centre():
    state = new(3)
    assert kinds(state) == {"place_field"}
    assert _spots(state) == RING


def test_two_player_first_field_spots():
    state = new(2)
    assert _spots(state) == [(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)]


def test_a_field_away_from_the_board_is_illegal():
    state = new(3)
    msg = illegal(state, action("place_field", 0, pos=(3, 3)))
    assert "would not touch the board" in msg
    assert "already a field" in illegal(state, action("place_field", 0, pos=(1, 1)))


def test_a_field_diagonal_to_a_field_only_is_illegal():
    # (2, 2) touches field (1, 1) only at a corner: not a neighbour
    assert (2, 2) not in _spots(new(3))
    illegal(new(3), action("place_field", 0, pos=(2, 2)))


def test_laid_field_is_the_top_of_the_stack():
    state = new(3)
    top = state.field_stack[0]
    assert engine.view(state, 0).next_field == top
    state = do(state, "place_field", pos=(2, 0))
    fields = {tuple(f["pos"]): f["type"] for f in engine.summary(state)["fields"]}
    assert fields[(2, 0)] == top
    assert engine.view(state, 0).fields_in_stack == 14


def test_a_field_may_touch_a_cottage_corner_instead_of_a_field():
    state = new(3)
    state = do(state, "place_field", pos=(2, 0))
    # cottage on corner (1, 1): touches fields (1, 1), (2, 1), (1, 2), (2, 2)
    state = do(state, "place_cottage", corner=(1, 1), number=1)
    assert state.to_act == (1,)
    # (2, 2) is next to no field but touches the cottage's corner
    assert (2, 2) in _spots(state)
    state = do(state, "place_field", pos=(2, 2))
    assert (2, 2) in {tuple(f["pos"]) for f in engine.summary(state)["fields"]}


def test_cottage_corners_touch_a_field_and_exclude_the_keythedral():
    state = do(new(3), "place_field", pos=(2, 0))
    corners = _corners(state)
    assert (0, 0) not in corners
    # every free corner touching one of the five fields: (0,0),(1,0),(0,1),(1,1),(2,0)
    expected = set()
    for fx, fy in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0)]:
        expected |= {(fx - 1, fy - 1), (fx, fy - 1), (fx - 1, fy), (fx, fy)}
    expected.discard((0, 0))
    assert corners == sorted(expected)
    assert "already taken" in illegal(state, action("place_cottage", 0, corner=(0, 0), number=1))
    assert "touch no field" in illegal(state, action("place_cottage", 0, corner=(5, 5), number=1))


def test_two_players_may_use_the_centre_corner():
    # no Keythedral tile with two players
    state = do(new(2), "place_field", pos=(0, 1))
    assert (0, 0) in _corners(state)


def test_a_taken_corner_is_not_offered_again():
    state = do(new(3), "place_field", pos=(2, 0))
    state = do(state, "place_cottage", corner=(1, 0), number=3)
    state = do(state, "place_field", pos=(2, 1))
    assert (1, 0) not in _corners(state)
    assert "already taken" in illegal(state, action("place_cottage", 1, corner=(1, 0), number=1))


def test_each_cottage_number_once():
    state = do(new(2), "place_field", pos=(2, 0))
    state = do(state, "place_cottage", corner=(1, 0), number=3)
    state = do(state, "place_field", pos=(3, 0))
    state = do(state, "place_cottage", corner=(2, 0), number=3)  # Bob's own 3: fine
    state = do(state, "place_field", pos=(4, 0))
    numbers = {a.number for a in engine.legal_actions(state)}
    assert numbers == {1, 2, 4, 5}
    msg = illegal(state, action("place_cottage", 0, corner=(3, 0), number=3))
    assert msg == "Ann has no unplaced cottage number 3."
    assert "number 7" in illegal(state, action("place_cottage", 0, corner=(3, 0), number=7))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_turn_order_field_then_cottage_from_the_start_player(n):
    state = new(n)
    seen = []
    for _ in range(10 * n):
        (kind,) = kinds(state)
        seen.append((state.to_act, kind))
        state = engine.apply(state, engine.legal_actions(state)[0])
    expected = [((s % n,), k) for s in range(5 * n) for k in ("place_field", "place_cottage")]
    assert seen == expected
    assert state.phase == "place_workers"


def test_wrong_kind_during_layout_is_illegal():
    state = new(3)
    msg = illegal(state, action("place_cottage", 0, corner=(1, 0), number=1))
    assert msg == "Ann must lay the next field tile now, not place cottage."
    assert illegal(state, action("place_field", 1, pos=(2, 0))).startswith("It is not Bob's turn")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_layout_ends_after_five_fields_and_five_cottages_each(n):
    state = finish_layout(new(n))
    s = engine.summary(state)
    assert s["round"] == 1
    assert s["phase"] == "place_workers"
    assert s["to_act"] == [0]
    assert engine.view(state, 0).fields_in_stack == 0
    assert len(s["fields"]) == (2 if n == 2 else 4) + 5 * n
    for seat in range(n):
        assert sorted(c["number"] for c in s["cottages"] if c["seat"] == seat) == [1, 2, 3, 4, 5]
        assert s["players"][seat]["cottages"] == 5
        assert s["players"][seat]["houses"] == 0
    assert not any(c["house"] for c in s["cottages"])
    assert kinds(state) == {"choose_work_order"}


def test_layout_one_step_before_the_end_is_still_layout():
    state = new(3)
    for _ in range(29):
        state = engine.apply(state, engine.legal_actions(state)[0])
    assert state.phase == "layout" and state.round == 0
    assert kinds(state) == {"place_cottage"}
    state = engine.apply(state, engine.legal_actions(state)[0])
    assert state.phase == "place_workers" and state.round == 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_grown_layout_facts_are_those_worked_out_from_scratch(n):
    """Each layout step's facts are grown from the last step's (one field or one cottage more,
    its spots and corners put in place by bisection): at every step they must be what the
    whole board gives from scratch, in the same order (the legal lists follow it)."""
    for seed in range(3):
        state, rng = new(n, seed), random.Random(seed)
        while state.phase == "layout":
            grown = layout._facts(state)
            whole = layout._scratch(state.fields, state.cottages, state.keythedral)
            assert grown[:6] == whole[:6]
            state = engine.apply(state, rng.choice(engine.legal_actions(state)))
