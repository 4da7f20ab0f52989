"""summary(state): the API.md schema, JSON-able, and the GameState JSON round trip."""

import json

import pytest

from keythedral import engine
from tests.support.helpers import (
    COLOURS,
    COSTS,
    do,
    finish_layout,
    new,
    set_cubes,
    spend_state,
    to_bidding,
)

TOP = {
    "round",
    "phase",
    "start_player",
    "to_act",
    "store",
    "craftsmen",
    "players",
    "fields",
    "cottages",
    "fences",
    "buildings_face_up",
    "buildings_left",
    "laws_in_deck",
    "law_spaces",
    "scores",
    "winners",
}
PLAYER = {
    "name",
    "cubes",
    "cottages",
    "houses",
    "fences_left",
    "fences_on_board",
    "buildings",
    "laws_held",
    "workers_on_board",
    "procured_law_this_round",
}
PHASES = {"layout", "place_workers", "harvest", "spend", "retrieve", "bidding", "game_over"}
FIELD_TYPES = {"quarry", "woods", "lake", "farm", "vineyard"}


def _check_schema(s):
    assert set(s) >= TOP
    assert isinstance(s["round"], int)
    assert s["phase"] in PHASES
    assert isinstance(s["start_player"], int)
    assert all(isinstance(x, int) for x in s["to_act"])
    assert set(s["store"]) == set(COLOURS)
    assert set(s["craftsmen"]) == {"iron", "glass", "gold"}
    for p in s["players"]:
        assert set(p) >= PLAYER
        assert set(p["cubes"]) == set(COLOURS)
        assert all(isinstance(v, int) for v in p["buildings"])
        assert isinstance(p["procured_law_this_round"], bool)
    for f in s["fields"]:
        assert set(f) == {"pos", "type", "worker"}
        assert len(f["pos"]) == 2 and f["type"] in FIELD_TYPES
        assert f["worker"] is None or isinstance(f["worker"], int)
    for c in s["cottages"]:
        assert set(c) == {"corner", "seat", "number", "house"}
        assert len(c["corner"]) == 2 and 1 <= c["number"] <= 5
    for f in s["fences"]:
        assert set(f) == {"corner", "field", "seat"}
    for t in s["buildings_face_up"]:
        assert set(t) == {"id", "value", "cost"}
        assert all(c in COLOURS and n > 0 for c, n in t["cost"].items())
    assert isinstance(s["buildings_left"], int)
    assert isinstance(s["laws_in_deck"], int) and isinstance(s["law_spaces"], int)
    assert s["scores"] is None or all(isinstance(x, int) for x in s["scores"])
    assert s["winners"] is None or all(isinstance(x, int) for x in s["winners"])
    assert json.loads(json.dumps(s)) == s


@pytest.mark.parametrize(
    "make",
    [
        lambda: new(3),
        lambda: new(2),
        lambda: finish_layout(new(5)),
        lambda: spend_state(3),
        lambda: to_bidding(spend_state(4)),
    ],
)
def test_summary_matches_the_schema_and_dumps_to_json(make):
    _check_schema(engine.summary(make()))


def test_summary_at_a_known_moment():
    state = spend_state(3)
    s = engine.summary(state)
    assert s["round"] == 1
    assert s["phase"] == "spend"
    assert s["start_player"] == 0
    assert s["to_act"] == [0]
    assert s["scores"] is None and s["winners"] is None
    assert s["buildings_left"] == 17
    assert sorted(t["id"] for t in s["buildings_face_up"]) == sorted(state.mat[0])
    assert all(t["value"] == 1 for t in s["buildings_face_up"])
    assert len(s["cottages"]) == 15
    assert len(s["fields"]) == 19
    assert sum(p["workers_on_board"] for p in s["players"]) == sum(
        1 for f in s["fields"] if f["worker"] is not None
    )
    # every cube is somewhere: store + craftsmen + hands = 115
    total = sum(s["store"].values()) + sum(s["craftsmen"].values())
    total += sum(sum(p["cubes"].values()) for p in s["players"])
    assert total == 115


def test_summary_of_a_finished_game():
    state = spend_state(3)
    last = state.mat[4][0]
    state = state.model_copy(update={"mat": ((), (), (), (), (last,))})
    state = do(set_cubes(state, 0, **COSTS[last]), "buy_building", tile=last)
    s = engine.summary(state)
    _check_schema(s)
    assert s["phase"] == "game_over"
    assert s["to_act"] == []
    assert s["scores"] == [5, 0, 0] and s["winners"] == [0]


@pytest.mark.parametrize(
    "make", [lambda: new(3), lambda: spend_state(3), lambda: to_bidding(spend_state(2))]
)
def test_game_state_json_round_trip(make):
    state = make()
    assert engine.GameState.model_validate_json(state.model_dump_json()) == state
