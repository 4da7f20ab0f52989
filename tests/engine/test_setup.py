"""new_game: start fields, field stacks, building tiles in play, law spaces, cubes."""

from collections import Counter

import pytest

from keythedral import engine
from tests.support.helpers import LAW_IDS, finish_layout, new

CENTRE = {(0, 0), (1, 0), (0, 1), (1, 1)}
STAGE_IDS = {
    s: {f"s{s}-{i:02d}" for i in range(1, n + 1)}
    for s, n in zip(range(1, 6), (6, 8, 8, 6, 6), strict=True)
}

# RULINGS.md, Components: the backs of the field tiles; a game uses numbers <= players, and the
# number-1 tiles are the start fields (two players: the number-2 tiles form the stack).
STACK = {
    3: {"quarry": 2, "woods": 4, "lake": 3, "farm": 3, "vineyard": 3},
    4: {"quarry": 3, "woods": 5, "lake": 4, "farm": 4, "vineyard": 4},
    5: {"quarry": 4, "woods": 6, "lake": 5, "farm": 5, "vineyard": 5},
    2: {"quarry": 2, "woods": 2, "lake": 2, "farm": 2, "vineyard": 2},
}


def _fields(state):
    return {tuple(f["pos"]): f["type"] for f in engine.summary(state)["fields"]}


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_start_fields_three_to_five_players(n, seed):
    state = new(n, seed=seed)
    fields = _fields(state)
    assert set(fields) == CENTRE
    quarries = {p for p, t in fields.items() if t == "quarry"}
    woods = {p for p, t in fields.items() if t == "woods"}
    assert len(quarries) == 2 and len(woods) == 2
    # quarries face each other across the Keythedral, so do the woods: both pairs are diagonals
    for pair in (quarries, woods):
        (ax, ay), (bx, by) = sorted(pair)
        assert abs(ax - bx) == 1 and abs(ay - by) == 1
    assert state.keythedral == (0, 0)
    assert engine.view(state, None).keythedral == (0, 0)


def test_two_player_start_fields():
    state = new(2)
    assert _fields(state) == {(0, 0): "woods", (1, 0): "quarry"}
    assert state.keythedral is None


@pytest.mark.parametrize("n,size", [(2, 10), (3, 15), (4, 20), (5, 25)])
def test_field_stack_sizes(n, size):
    state = new(n)
    assert engine.view(state, 0).fields_in_stack == size
    assert Counter(state.field_stack) == STACK[n]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_after_layout_the_board_holds_start_fields_plus_the_whole_stack(n):
    state = finish_layout(new(n))
    start = {"woods": 1, "quarry": 1} if n == 2 else {"woods": 2, "quarry": 2}
    expected = Counter(STACK[n]) + Counter(start)
    assert Counter(_fields(state).values()) == expected
    assert len(_fields(state)) == 5 * n + (2 if n == 2 else 4)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_tiles_in_play_4_4_4_3_2(seed):
    state = new(3, seed=seed)
    assert tuple(len(s) for s in state.mat) == (4, 4, 4, 3, 2)
    assert engine.summary(state)["buildings_left"] == 17
    for stage in range(1, 6):
        in_play, unused = set(state.mat[stage - 1]), set(state.unused[stage - 1])
        assert in_play | unused == STAGE_IDS[stage]
        assert not in_play & unused


def test_long_game_tiles_in_play_5_5_5_4_3():
    state = new(4, long_game=True)
    assert tuple(len(s) for s in state.mat) == (5, 5, 5, 4, 3)
    assert engine.summary(state)["buildings_left"] == 22
    for stage in range(1, 6):
        assert set(state.mat[stage - 1]) | set(state.unused[stage - 1]) == STAGE_IDS[stage]


def test_tiles_in_play_are_drawn_at_random():
    draws = {tuple(map(frozenset, new(3, seed=seed).mat)) for seed in range(12)}
    assert len(draws) > 1


def test_same_seed_same_game():
    assert new(4, seed=9) == new(4, seed=9)


@pytest.mark.parametrize(
    "n,variants,spaces,deck",
    [
        (3, {}, 2, 18),
        (4, {}, 2, 18),
        (5, {}, 2, 18),
        (2, {}, 1, 19),
        (3, {"no_laws": True}, 0, 0),
        (2, {"no_laws": True}, 0, 0),
    ],
)
def test_law_spaces(n, variants, spaces, deck):
    state = new(n, **variants)
    s = engine.summary(state)
    assert s["law_spaces"] == spaces
    assert s["laws_in_deck"] == deck
    assert engine.view(state, None).law_spaces == (True,) * spaces


def test_law_cards_are_the_twenty_laws_shuffled():
    state = new(3)
    cards = [c for c in state.law_spaces if c is not None] + list(state.law_deck)
    assert sorted(cards) == sorted(LAW_IDS)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_store_and_craftsmen_at_the_start(n):
    s = engine.summary(new(n))
    assert s["store"] == {
        "wood": 20,
        "stone": 20,
        "food": 15,
        "water": 15,
        "wine": 15,
        "iron": 0,
        "glass": 0,
        "gold": 0,
    }
    assert sum(s["store"].values()) == 85
    assert s["craftsmen"] == {"iron": 10, "glass": 10, "gold": 10}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_players_start_empty_handed(n):
    s = engine.summary(new(n))
    assert [p["name"] for p in s["players"]] == ["Ann", "Bob", "Cy", "Dee", "Eve"][:n]
    for p in s["players"]:
        assert sum(p["cubes"].values()) == 0
        assert p["fences_left"] == 3
        assert p["fences_on_board"] == 0
        assert p["buildings"] == []
        assert p["laws_held"] == 0
        assert p["cottages"] == 0 and p["houses"] == 0


def test_the_game_starts_in_layout_with_seat_0():
    state = new(4)
    s = engine.summary(state)
    assert s["round"] == 0
    assert s["phase"] == "layout"
    assert s["start_player"] == 0
    assert s["to_act"] == [0]


def _face_up(state):
    return [t["id"] for t in engine.summary(state)["buildings_face_up"]]


def test_building_tiles_stay_face_down_during_the_layout():
    # rules_en.md Setup 9: the stage-1 tiles turn face up after the layout, not before
    state = new(3)
    assert _face_up(state) == []
    assert engine.view(state, 0).tiles == ()


def test_stage_one_turns_face_up_after_the_layout():
    state = finish_layout(new(3))
    assert sorted(_face_up(state)) == sorted(state.mat[0])
    view = engine.view(state, None)
    assert sorted(t.id for t in view.tiles) == sorted(state.mat[0])
    assert all(t.buyable for t in view.tiles)
    assert view.face_down == (0, 4, 4, 3, 2)


def test_open_buildings_shows_every_tile_in_play_from_the_setup():
    state = new(3, open_buildings=True)
    assert sorted(_face_up(state)) == sorted(t for stage in state.mat for t in stage)
