"""Craftsmen (iron 2, glass 3, gold 4 cubes of any colours, refilled from used cubes in the
store when empty) and the trader (any 2 cubes for 1 resource the store still has)."""

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
    set_store,
    spend_state,
    total_cubes,
)


def _pays(state):
    return sorted(a.cube for a in engine.legal_actions(state) if a.kind == "pay")


@pytest.mark.parametrize("craft,price", [("iron", 2), ("glass", 3), ("gold", 4)])
def test_a_craft_costs_its_price_in_cubes_of_any_colour(craft, price):
    state = set_cubes(spend_state(3), 0, wood=2, stone=2, food=2)
    store = engine.summary(state)["store"]
    state = do(state, "buy_craft", craft=craft)
    paid = ["wood", "stone", "food", "wood"][:price]
    for i, cube in enumerate(paid):
        assert state.to_act == (0,)
        assert kinds(state) == {"pay"}
        assert engine.view(state, 0).payment.owed == price - i
        state = do(state, "pay", cube=cube)
    s = engine.summary(state)
    left = {"wood": 2, "stone": 2, "food": 2}
    for cube in paid:
        left[cube] -= 1
    assert cubes_of(state, 0) == hand(**left, **{craft: 1})
    assert s["craftsmen"] == {"iron": 10, "glass": 10, "gold": 10, craft: 9}
    expected_store = dict(store)
    for cube in paid:
        expected_store[cube] += 1
    assert s["store"] == expected_store
    assert state.to_act == (1,)  # the purchase was Ann's action
    assert total_cubes(state) == TOTAL


def test_crafts_pay_for_crafts_too():
    state = set_cubes(spend_state(3), 0, iron=1, gold=1, wine=1)
    state = do(state, "buy_craft", craft="glass")
    assert _pays(state) == ["gold", "iron", "wine"]
    for cube in ("iron", "gold", "wine"):
        state = do(state, "pay", cube=cube)
    assert cubes_of(state, 0) == hand(glass=1)
    s = engine.summary(state)
    assert s["store"]["iron"] == 1 and s["store"]["gold"] == 1  # used crafts lie in the store
    assert s["craftsmen"] == {"iron": 9, "glass": 9, "gold": 9}


def test_the_payer_offers_only_colours_they_hold():
    state = set_cubes(spend_state(3), 0, food=1, water=1)
    state = do(state, "buy_craft", craft="iron")
    assert _pays(state) == ["food", "water"]
    assert illegal(state, action("pay", 0, cube="gold")) == "Ann has no gold cube to give."
    assert illegal(state, action("pass", 0)).startswith("Ann must choose the cubes to pay")


@pytest.mark.parametrize("craft,price", [("iron", 2), ("glass", 3), ("gold", 4)])
def test_a_craft_needs_enough_cubes_to_finish_the_payment(craft, price):
    state = set_cubes(spend_state(3), 0, wood=price - 1)
    offered = {a.craft for a in engine.legal_actions(state) if a.kind == "buy_craft"}
    assert offered == {c for c, p in (("iron", 2), ("glass", 3), ("gold", 4)) if p < price}
    msg = illegal(state, action("buy_craft", 0, craft=craft))
    assert msg == f"Ann needs {price} cubes of any colour to buy {craft}."


def _craftsmen(state, **stock):
    cur = dict(zip(("iron", "glass", "gold"), state.craftsmen, strict=True))
    cur.update(stock)
    return state.model_copy(update={"craftsmen": (cur["iron"], cur["glass"], cur["gold"])})


def test_an_empty_craftsman_is_refilled_from_used_cubes_in_the_store():
    state = set_cubes(spend_state(3), 0, wood=2)
    state = set_store(_craftsmen(state, iron=0), iron=3)
    assert "buy_craft" in kinds(state)
    state = do(state, "buy_craft", craft="iron")
    state = do(state, "pay", cube="wood")
    state = do(state, "pay", cube="wood")
    s = engine.summary(state)
    assert cubes_of(state, 0) == hand(iron=1)
    assert s["craftsmen"]["iron"] == 2
    assert s["store"]["iron"] == 0


def test_a_craftsman_with_stock_leaves_the_used_cubes_in_the_store():
    state = set_cubes(spend_state(3), 0, wood=2)
    state = set_store(_craftsmen(state, iron=1), iron=3)
    state = do(state, "buy_craft", craft="iron")
    state = do(state, "pay", cube="wood")
    state = do(state, "pay", cube="wood")
    s = engine.summary(state)
    assert s["craftsmen"]["iron"] == 0
    assert s["store"]["iron"] == 3


def test_no_stock_and_no_used_cubes_means_no_sale():
    state = set_cubes(spend_state(3), 0, wood=5)
    state = set_store(_craftsmen(state, gold=0), gold=0)
    assert {a.craft for a in engine.legal_actions(state) if a.kind == "buy_craft"} == {
        "iron",
        "glass",
    }
    msg = illegal(state, action("buy_craft", 0, craft="gold"))
    assert msg == "There is no gold left at the craftsman or in the store."


# --- the trader ------------------------------------------------------------------------------
def test_trade_two_cubes_for_one_resource():
    state = set_cubes(spend_state(3), 0, wood=2, food=1)
    store = engine.summary(state)["store"]
    state = do(state, "trade", take="water")
    assert kinds(state) == {"pay"}
    state = do(state, "pay", cube="wood")
    assert state.to_act == (0,)
    state = do(state, "pay", cube="wood")
    s = engine.summary(state)
    assert cubes_of(state, 0) == hand(food=1, water=1)
    assert s["store"] == {**store, "wood": store["wood"] + 2, "water": store["water"] - 1}
    assert state.to_act == (1,)
    assert total_cubes(state) == TOTAL


def test_trade_may_be_paid_with_crafts():
    state = set_cubes(spend_state(3), 0, gold=1, iron=1)
    state = do(state, "trade", take="stone")
    state = do(state, "pay", cube="gold")
    state = do(state, "pay", cube="iron")
    assert cubes_of(state, 0) == hand(stone=1)


def test_the_trader_offers_every_resource_the_store_has_and_no_craft():
    state = set_cubes(spend_state(3), 0, wood=2)
    offered = sorted(a.take for a in engine.legal_actions(state) if a.kind == "trade")
    assert offered == ["food", "stone", "water", "wine", "wood"]
    msg = illegal(state, {"kind": "trade", "seat": 0, "take": "gold"})
    assert msg.startswith("That is not an action the game knows")


def test_the_trader_cannot_sell_what_the_store_lacks():
    state = set_store(set_cubes(spend_state(3), 0, wood=2), wine=0)
    offered = sorted(a.take for a in engine.legal_actions(state) if a.kind == "trade")
    assert offered == ["food", "stone", "water", "wood"]
    msg = illegal(state, action("trade", 0, take="wine"))
    assert msg == "The store has no wine left for the trader to sell."


def test_trade_needs_two_cubes():
    state = set_cubes(spend_state(3), 0, gold=1)
    assert "trade" not in kinds(state)
    assert illegal(state, action("trade", 0, take="wood")) == (
        "Ann needs 2 cubes of any colour to trade."
    )
