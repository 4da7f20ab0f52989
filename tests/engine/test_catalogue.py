"""The catalogue: 34 building tiles (6/8/8/6/6) with the reconstructed costs, and 20 laws."""

from collections import Counter

import pytest

from keythedral import engine
from tests.support.helpers import COSTS, catalogue_yaml, finish_layout, new

TILES = {t["id"]: t for t in catalogue_yaml("building_tiles.yaml")["tiles"]}
LAWS = catalogue_yaml("law_cards.yaml")["cards"]


def test_34_building_tiles_in_stages_of_6_8_8_6_6():
    assert len(TILES) == 34
    by_stage = Counter(t["stage"] for t in TILES.values())
    assert [by_stage[s] for s in range(1, 6)] == [6, 8, 8, 6, 6]


def test_tile_ids_name_their_stage():
    for tid, t in TILES.items():
        assert tid.startswith(f"s{t['stage']}-")


def test_every_tile_costs_exactly_the_reconstructed_table():
    assert {tid: t["cost"] for tid, t in TILES.items()} == COSTS


def test_costs_are_marked_reconstructed():
    assert catalogue_yaml("building_tiles.yaml")["reconstructed"] is True


def test_designer_materials_by_stage():
    # stone only in stages 1-2, wood in 1-3, wine and crafts only from stage 3 on
    for tid, cost in COSTS.items():
        stage = int(tid[1])
        assert 2 <= sum(cost.values()) <= 4
        if "stone" in cost:
            assert stage <= 2, tid
        if "wood" in cost:
            assert stage <= 3, tid
        if {"wine", "iron", "glass", "gold"} & set(cost):
            assert stage >= 3, tid


def test_20_law_cards_numbered_1_to_20_one_of_each():
    assert len(LAWS) == 20
    assert sorted(c["number"] for c in LAWS) == list(range(1, 21))
    assert len({c["id"] for c in LAWS}) == 20


def test_law_names_follow_the_rulebook_appendix():
    names = {c["number"]: c["name"] for c in LAWS}
    assert names == {
        1: "Work order",
        2: "Price increase",
        3: "Price decrease",
        4: "Upgrade cottage",
        5: "Substitution",
        6: "Cottage number",
        7: "Craft bargain",
        8: "Unexpected harvest",
        9: "Broken fences",
        10: "Repeal law",
        11: "Unsafe fence",
        12: "House moratorium",
        13: "Design change",
        14: "Double production",
        15: "Bargain",
        16: "Sale",
        17: "Downgrade house",
        18: "Good harvest",
        19: "Poor harvest",
        20: "Start order",
    }


@pytest.mark.parametrize(
    "edition,values", [("classic", (1, 2, 3, 4, 5)), ("second", (4, 6, 8, 10, 12))]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_engine_shows_catalogue_costs_and_seat_values(edition, values, seed):
    # open buildings: all 17 tiles in play are face up, each with its printed cost
    state = finish_layout(new(3, seed=seed, open_buildings=True, edition=edition))
    shown = engine.summary(state)["buildings_face_up"]
    assert len(shown) == 17
    for tile in shown:
        assert tile["cost"] == COSTS[tile["id"]]
        assert tile["value"] == values[int(tile["id"][1]) - 1]
