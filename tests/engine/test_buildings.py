"""Buying a building: the printed cost exactly, only the lowest stage, the next stage turns face
up when a stage is bought out, open buildings shows all, and the last tile ends the game."""

import pytest

from keythedral import engine
from keythedral.engine.catalogue import tile_words
from tests.support.helpers import (
    COSTS,
    TOTAL,
    action,
    cubes_of,
    do,
    hand,
    illegal,
    kinds,
    set_cubes,
    spend_state,
    total_cubes,
)


def _face_up(state):
    return sorted(t["id"] for t in engine.summary(state)["buildings_face_up"])


def _buy_offers(state):
    return sorted(a.tile for a in engine.legal_actions(state) if a.kind == "buy_building")


def _plus(cost, **more):
    out = dict(cost)
    for c, n in more.items():
        out[c] = out.get(c, 0) + n
    return out


@pytest.mark.parametrize("i", [0, 1, 2, 3])
def test_a_building_costs_exactly_its_printed_cost(i):
    state = spend_state(3)
    tile = state.mat[0][i]
    state = set_cubes(state, 0, **_plus(COSTS[tile], wine=2))  # no stage-1 tile asks for wine
    store = engine.summary(state)["store"]
    state = do(state, "buy_building", tile=tile)
    s = engine.summary(state)
    assert cubes_of(state, 0) == hand(wine=2)
    assert s["store"] == {c: store[c] + COSTS[tile].get(c, 0) for c in store}
    assert state.players[0].buildings == (tile,)
    assert s["players"][0]["buildings"] == [1]
    assert s["buildings_left"] == 16
    assert tile not in _face_up(state)
    assert len(_face_up(state)) == 3
    assert state.to_act == (1,)  # the purchase was Ann's action
    assert total_cubes(state) == TOTAL


def test_only_affordable_face_up_tiles_are_offered():
    state = spend_state(3)
    tiles = state.mat[0]
    state = set_cubes(state, 0, **COSTS[tiles[0]])
    expected = sorted(
        t for t in tiles if all(COSTS[tiles[0]].get(c, 0) >= n for c, n in COSTS[t].items())
    )
    assert _buy_offers(state) == expected
    assert tiles[0] in expected


def test_a_building_you_cannot_pay_for_is_illegal():
    state = spend_state(3)
    tile = state.mat[0][0]
    cost = dict(COSTS[tile])
    short = next(iter(cost))
    cost[short] -= 1
    state = set_cubes(state, 0, **cost)
    assert tile not in _buy_offers(state)
    msg = illegal(state, action("buy_building", 0, tile=tile))
    assert msg.startswith(f"Ann cannot pay for {tile_words(tile)}: it costs ")
    assert msg.endswith(f"Ann is short of 1 {short}.")
    assert tile not in msg  # the tile by its stage and cost, as the mat shows it


def test_a_face_down_or_unknown_tile_cannot_be_bought():
    state = spend_state(3)
    later = state.mat[1][0]
    state = set_cubes(state, 0, wood=5, stone=5, food=5, water=5)
    assert later not in _buy_offers(state)
    assert illegal(state, action("buy_building", 0, tile=later)) == (
        f"Only a face-up building tile can be bought, and {tile_words(later)} is not one."
    )
    unused = state.unused[0][0]
    assert illegal(state, action("buy_building", 0, tile=unused)) == (
        f"Only a face-up building tile can be bought, and {tile_words(unused)} is not one."
    )
    assert "no building tile called" in illegal(state, action("buy_building", 0, tile="s9-99"))


def _buy_out_stage_one(state):
    """Ann buys the four stage-1 tiles one per turn; Bob and Cy pass in between."""
    total = {}
    for t in state.mat[0]:
        total = _plus(total, **COSTS[t])
    state = set_cubes(state, 0, **total)
    seen = []
    for t in list(state.mat[0]):
        seen.append(_face_up(state))
        state = do(state, "buy_building", tile=t)
        state = do(state, "pass")
        state = do(state, "pass")
    return state, seen


def test_next_stage_turns_face_up_when_the_last_tile_of_a_stage_is_bought():
    state = spend_state(3)
    stage1, stage2 = sorted(state.mat[0]), sorted(state.mat[1])
    after, seen = _buy_out_stage_one(state)
    # before each purchase only the stage-1 tiles still unbought were face up
    assert [len(s) for s in seen] == [4, 3, 2, 1]
    assert all(set(s) <= set(stage1) for s in seen)
    assert _face_up(after) == stage2
    assert after.phase == "spend"
    view = engine.view(after, None)
    assert view.stage == 2
    assert sorted(t.id for t in view.tiles if t.buyable) == stage2
    assert sorted(after.players[0].buildings) == stage1
    assert engine.summary(after)["players"][0]["buildings"] == [1, 1, 1, 1]


def test_stage_two_is_bought_at_its_printed_cost_after_the_reveal():
    after, _ = _buy_out_stage_one(spend_state(3))
    tile = after.mat[1][0]
    after = set_cubes(after, 0, **COSTS[tile])
    assert tile in _buy_offers(after)
    after = do(after, "buy_building", tile=tile)
    assert cubes_of(after, 0) == hand()
    assert engine.summary(after)["players"][0]["buildings"] == [1, 1, 1, 1, 2]


def test_open_buildings_shows_every_tile_but_sells_only_the_lowest_stage():
    state = spend_state(3, open_buildings=True)
    every = sorted(t for stage in state.mat for t in stage)
    assert _face_up(state) == every
    later = state.mat[1][0]
    state = set_cubes(state, 0, wood=4, stone=4, food=4, water=4)
    assert set(_buy_offers(state)) <= set(state.mat[0])
    assert later not in _buy_offers(state)
    msg = illegal(state, action("buy_building", 0, tile=later))
    assert msg == f"You cannot buy {tile_words(later)} before stage 1 is finished."
    view = engine.view(state, 0)
    assert {t.id for t in view.tiles if t.buyable} == set(state.mat[0])
    assert view.face_down == (0, 0, 0, 0, 0)


def _last_tiles(state, tiles):
    """Leave only ``tiles`` (stage 5) on the Keythedral mat."""
    return state.model_copy(update={"mat": ((), (), (), (), tuple(tiles))})


def test_the_last_tile_ends_the_game_at_once():
    state = spend_state(3)
    last = state.mat[4][0]
    state = set_cubes(_last_tiles(state, [last]), 0, **COSTS[last])
    state = do(state, "buy_building", tile=last)
    s = engine.summary(state)
    assert s["phase"] == "game_over"
    assert s["to_act"] == []
    assert engine.legal_actions(state) == []
    assert s["buildings_left"] == 0
    assert s["scores"] == [5, 0, 0]
    assert s["winners"] == [0]
    assert illegal(state, action("pass", 1)) == "The game is over: no more actions."


def test_the_second_to_last_tile_does_not_end_the_game():
    state = spend_state(3)
    a, b = state.mat[4]
    state = set_cubes(_last_tiles(state, [a, b]), 0, **COSTS[a])
    state = do(state, "buy_building", tile=a)
    assert state.phase == "spend"
    assert state.to_act == (1,)
    assert engine.summary(state)["scores"] is None
    assert _face_up(state) == [b]


def test_the_game_can_end_in_the_middle_of_phase_3():
    # Bob buys the last tile on his turn: Cy never gets to act this phase
    state = spend_state(3)
    last = state.mat[4][0]
    state = do(state, "pass")
    state = set_cubes(_last_tiles(state, [last]), 1, **COSTS[last])
    assert "buy_building" in kinds(state)
    state = do(state, "buy_building", tile=last)
    assert state.phase == "game_over"
    assert engine.summary(state)["winners"] == [1]
