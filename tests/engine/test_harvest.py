"""Phase 2: one cube of the field's colour per worker, from the start player clockwise; a dry
store gives later claims nothing and takes nothing back."""

import pytest

from keythedral import engine
from tests.support.helpers import (
    TOTAL,
    at_spend,
    cubes_of,
    hand,
    play_until,
    round_start,
    set_store,
    total_cubes,
    with_board,
    with_start_player,
)

TYPES = ("quarry", "woods", "lake", "farm", "vineyard")


def _harvest(state):
    """Play phase 1 with the first legal choices; stop at the first phase-3 turn."""
    return play_until(state, at_spend)


def test_each_field_type_gives_its_colour():
    fields, cottages = {}, []
    for number, ftype in enumerate(TYPES, start=1):
        pos = (10 * number, 0)
        fields[pos] = ftype
        cottages.append((pos, 0, number, False))
    state = with_board(round_start(3), fields, cottages)
    state = _harvest(state)
    assert cubes_of(state, 0) == hand(stone=1, wood=1, water=1, food=1, wine=1)
    assert cubes_of(state, 1) == hand()
    assert engine.summary(state)["store"] == hand(wood=19, stone=19, food=14, water=14, wine=14)
    assert total_cubes(state) == TOTAL


def test_a_house_harvests_one_cube_per_worker():
    state = with_board(round_start(3), {(0, 10): "farm", (1, 10): "farm"}, [((0, 10), 1, 3, True)])
    state = _harvest(state)
    assert cubes_of(state, 1) == hand(food=2)


def test_the_game_moves_on_to_phase_3_with_the_start_player():
    state = _harvest(with_start_player(round_start(3), 2))
    assert state.phase == "spend"
    assert state.to_act == (2,)
    assert engine.summary(state)["round"] == 1


def _vineyards(state, start_player, wine_in_store, a_house=False):
    """Ann's cottage 1 and Bob's cottage 1 each beside a vineyard of their own."""
    state = with_board(
        state,
        {(10, 0): "vineyard", (11, 0): "vineyard", (10, 10): "vineyard"},
        [((10, 0), 0, 1, a_house), ((10, 10), 1, 1, False)],
    )
    state = set_store(state, wine=wine_in_store)
    return with_start_player(state, start_player)


@pytest.mark.parametrize("start,gets", [(0, 0), (1, 1), (2, 0)])
def test_a_dry_store_serves_claims_from_the_start_player_clockwise(start, gets):
    state = _harvest(_vineyards(round_start(3), start, wine_in_store=1))
    wine = [cubes_of(state, s)["wine"] for s in range(3)]
    assert wine == [1 if s == gets else 0 for s in range(3)]
    assert engine.summary(state)["store"]["wine"] == 0


def test_an_empty_store_gives_nothing():
    state = _harvest(_vineyards(round_start(3), 0, wine_in_store=0))
    assert [cubes_of(state, s)["wine"] for s in range(3)] == [0, 0, 0]
    assert engine.summary(state)["store"]["wine"] == 0


def test_the_store_runs_dry_in_the_middle_of_a_claim():
    # Ann's house has two vineyard workers but only one wine is left: she gets 1, Bob 0
    state = _harvest(_vineyards(round_start(3), 0, wine_in_store=1, a_house=True))
    assert engine.summary(state)["players"][0]["workers_on_board"] == 2
    assert [cubes_of(state, s)["wine"] for s in range(3)] == [1, 0, 0]


def test_two_wine_for_three_claims():
    state = _harvest(_vineyards(round_start(3), 1, wine_in_store=2, a_house=True))
    # order Bob, Cy, Ann: Bob takes one, Ann the last one
    assert [cubes_of(state, s)["wine"] for s in range(3)] == [1, 1, 0]
    assert engine.summary(state)["store"]["wine"] == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_harvest_on_a_real_layout_matches_the_workers(n):
    after = _harvest(round_start(n))
    assert after.workers  # the workers stay out until phase 4
    types = {tuple(f["pos"]): f["type"] for f in engine.summary(after)["fields"]}
    colour = {
        "quarry": "stone",
        "woods": "wood",
        "lake": "water",
        "farm": "food",
        "vineyard": "wine",
    }
    for seat in range(n):
        expected = hand()
        for w in after.workers:
            if w.seat == seat:
                expected[colour[types[w.field]]] += 1
        assert cubes_of(after, seat) == expected
    assert total_cubes(after) == TOTAL
