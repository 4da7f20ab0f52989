"""Scoring at the immediate end. Classic: seats 1..5, leftover cube worth (gold 4, glass 3,
iron 2, resource 1) only breaks ties, still tied shares the win. Second edition: seats
4/6/8/10/12 plus cube worth, ties shared."""

import pytest

from keythedral import engine
from tests.support.helpers import COSTS, do, set_cubes, set_player, spend_state


def _end(edition, seats, leftovers, n=3):
    """Ann buys the last tile (a stage-5 tile); before that each seat holds ``seats[i]`` tiles
    and, after Ann has paid, ``leftovers[i]`` cubes."""
    state = spend_state(n, edition=edition)
    last = state.mat[4][0]
    state = state.model_copy(update={"mat": ((), (), (), (), (last,))})
    for seat in range(n):
        state = set_player(state, seat, buildings=tuple(seats[seat]))
        cubes = dict(leftovers[seat])
        if seat == 0:
            for c, k in COSTS[last].items():
                cubes[c] = cubes.get(c, 0) + k
        state = set_cubes(state, seat, **cubes)
    state = do(state, "buy_building", tile=last)
    assert state.phase == "game_over"
    return engine.summary(state)


# classic seat values: s1 1, s2 2, s3 3, s4 4, s5 5 (Ann also gets the last tile, 5)
def test_classic_score_is_the_sum_of_seats():
    s = _end("classic", [["s1-01"], ["s4-01", "s3-01"], ["s2-01"]], [{}, {}, {}])
    assert s["scores"] == [6, 7, 2]
    assert s["winners"] == [1]
    assert [p["buildings"] for p in s["players"]] == [[1, 5], [4, 3], [2]]


def test_classic_leftover_cubes_do_not_add_to_the_score():
    s = _end("classic", [["s1-01", "s2-01"], ["s4-01", "s2-02"], []], [{}, {"gold": 5}, {}])
    assert s["scores"] == [8, 6, 0]
    assert s["winners"] == [0]


TIE = [["s1-01", "s2-01"], ["s4-01", "s4-02"], ["s3-01"]]  # Ann 1+2+5 = 8, Bob 8, Cy 3


@pytest.mark.parametrize(
    "bob,winners",
    [
        ({"glass": 1}, [0]),  # 3 < 4
        ({"glass": 1, "iron": 1}, [1]),  # 5 > 4
        ({"glass": 1, "wood": 1}, [0, 1]),  # 4 = 4: shared
        ({"iron": 2}, [0, 1]),
        ({"wood": 1, "stone": 1, "food": 1, "wine": 1}, [0, 1]),
        ({"water": 3}, [0]),
        ({"gold": 1, "water": 1}, [1]),
    ],
)
def test_classic_ties_are_broken_by_cube_worth(bob, winners):
    s = _end("classic", TIE, [{"gold": 1}, bob, {"gold": 5}])
    assert s["scores"] == [8, 8, 3]
    assert s["winners"] == winners


def test_classic_cube_worth_matters_only_among_the_tied():
    s = _end("classic", TIE, [{}, {}, {"gold": 7}])
    assert s["scores"] == [8, 8, 3]
    assert s["winners"] == [0, 1]


def test_classic_three_way_tie():
    s = _end("classic", [["s2-01"], ["s3-01", "s4-01"], ["s5-02", "s2-02"]], [{}, {}, {}])
    assert s["scores"] == [7, 7, 7]
    assert s["winners"] == [0, 1, 2]


# second edition seat values: s1 4, s2 6, s3 8, s4 10, s5 12
def test_second_edition_seats_plus_cube_worth():
    s = _end(
        "second",
        [["s1-01", "s2-01"], ["s4-01", "s4-02"], ["s3-01"]],
        [{"gold": 1}, {"glass": 1, "wood": 2}, {"iron": 1, "food": 1}],
    )
    # Ann 4+6+12 + 4 = 26, Bob 10+10 + 3+2 = 25, Cy 8 + 2+1 = 11
    assert s["scores"] == [26, 25, 11]
    assert s["winners"] == [0]
    assert [p["buildings"] for p in s["players"]] == [[4, 6, 12], [10, 10], [8]]


def test_second_edition_cubes_can_outweigh_seats():
    s = _end("second", [["s1-01"], ["s4-01"], []], [{}, {"gold": 2}, {}])
    # Ann 4 + 12 = 16, Bob 10 + 8 = 18
    assert s["scores"] == [16, 18, 0]
    assert s["winners"] == [1]


def test_second_edition_ties_are_shared_whatever_the_cubes():
    s = _end(
        "second", [["s1-01", "s2-01"], ["s4-01", "s4-02"], []], [{"gold": 1}, {"glass": 2}, {}]
    )
    # Ann 22 + 4 = 26, Bob 20 + 6 = 26
    assert s["scores"] == [26, 26, 0]
    assert s["winners"] == [0, 1]


def test_the_final_view_shows_all_hands():
    state = spend_state(3)
    last = state.mat[4][0]
    state = state.model_copy(update={"mat": ((), (), (), (), (last,))})
    state = set_cubes(state, 0, **COSTS[last])
    state = set_cubes(state, 2, glass=1)
    state = do(state, "buy_building", tile=last)
    for seat in (None, 0, 1):
        final = engine.view(state, seat).final
        assert final is not None
        assert [h.seat for h in final] == [0, 1, 2]
        assert final[0].buildings == (last,)
        assert final[2].cubes == (0, 0, 0, 0, 0, 0, 1, 0)
    assert engine.view(state, None).scores == (5, 0, 0)
    assert engine.view(state, None).winners == (0,)
