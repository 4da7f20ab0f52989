"""One test (or more) per law card: set up the situation, play it, check the effect and its end.

Situations come from a real game (the layout played by first legal action), adjusted with
``model_copy`` on the documented GameState fields; every transition goes through the engine.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from keythedral import engine
from keythedral.engine.board import Cottage, Fence
from keythedral.engine.catalogue import tile_cost
from keythedral.engine.cubes import COLOURS, INDEX
from tests.support.helpers import set_cubes, told
from tests.support.laws import (
    at_spend_turn,
    cubes,
    decline_all,
    give,
    offered,
    play,
    round_start,
    spend_with,
    step,
    until,
    window,
)


# --- 1. Work order --------------------------------------------------------------------------
def test_work_order_fixes_the_whole_order_in_one_decision_and_phase_1_follows_it():
    state = round_start(3, {1: ("work-order",)})
    assert window("place_workers")(state)
    plays = offered(state, "work-order")
    assert {a.order for a in plays} == set(permutations(range(1, 6)))  # one play per order
    state = play(state, 1, "work-order", order=(3, 1, 5, 2, 4))
    state = decline_all(state)  # the phase window
    assert state.effects.fixed_order == (3, 1, 5, 2, 4)
    assert any(
        "Bob fixes the order of the cottage numbers this round: 3, 1, 5, 2, 4." in line
        for line in told(state)
    )
    # Nobody picks a number any more: the markers go on the fixed numbers by themselves, and
    # each number's workers still go out from its marker's nominal holder, clockwise.
    called: list[int] = []
    while state.phase == "place_workers":
        assert engine.decision(state) != "choose_work_order"
        if len(state.work_order) > len(called):
            called = list(state.work_order)
            marker = len(called) - 1
            said = f"Work-order marker {marker + 1} goes on number {called[-1]}"
            assert any(said in line for line in told(state, 6))
            if state.placement is not None and state.placement.number == called[-1]:
                # the seat before the marker's nominal holder places last
                assert state.placement.order[-1] == (marker - 1) % 3
        state = step(state)
    assert called == [3, 1, 5, 2, 4]
    state = until(state, lambda s: s.round == 2 and s.phase == "place_workers" and not s.windows)
    assert state.effects.fixed_order == () and state.effects.work_order_by is None
    assert state.to_act == (state.start_player,)
    assert engine.decision(state) == "choose_work_order"  # back to the usual picks


def test_work_order_is_not_played_marker_by_marker():
    """Once a number is called the card is no longer offered: the order is fixed up front."""
    state = round_start(3, {0: ("work-order",)})
    state = decline_all(state)
    assert engine.decision(state) == "choose_work_order"
    assert not offered(state, "work-order")
    with pytest.raises(engine.IllegalAction):
        engine.apply(state, engine.PlayLaw(seat=0, card="work-order", order=(1, 2, 3, 4, 5)))


# --- 2. Price increase ----------------------------------------------------------------------
def test_price_increase_answers_a_purchase_and_the_buyer_may_withdraw():
    state = spend_with({1: ("price-increase",)})
    tile = state.mat[0][0]
    cost = {c: n for c, n in zip(COLOURS, tile_cost(tile), strict=True) if n}
    state = set_cubes(state, 0, **cost)  # exactly the printed price
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile))
    assert window(kind="purchase")(state)
    assert state.to_act == (1, 2)  # everyone but the buyer may answer
    state = play(state, 1, "price-increase", tile=tile)
    state = decline_all(state)  # nobody repeals
    assert (tile, 1) in state.price_mods
    assert state.to_act == (0,) and not state.windows  # Ann chooses again: no action spent
    assert cubes(state, 0) == cost
    assert not [
        a for a in engine.legal_actions(state) if a.kind == "buy_building" and a.tile == tile
    ]
    with pytest.raises(engine.IllegalAction, match="extra cube"):
        engine.apply(state, engine.BuyBuilding(seat=0, tile=tile))
    # Ann withdraws and passes; the law stays under the tile for the next buyer.
    state = engine.apply(state, engine.Pass(seat=0))
    assert (tile, 1) in state.price_mods


def test_price_increase_is_paid_with_a_colour_of_the_buyers_choice_then_discarded():
    state = spend_with({})
    tile = state.mat[0][0]
    state = state.model_copy(update={"price_mods": ((tile, 1),)})
    base = tile_cost(tile)
    colour = COLOURS[next(i for i, n in enumerate(base) if n)]
    state = set_cubes(state, 0, **{c: base[INDEX[c]] + (c == colour) for c in COLOURS})
    choices = {
        a.extra for a in engine.legal_actions(state) if a.kind == "buy_building" and a.tile == tile
    }
    assert choices <= {c for c, n in zip(COLOURS, base, strict=True) if n} and colour in choices
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile, extra=colour))
    assert tile in state.players[0].buildings
    assert sum(state.players[0].cubes) == 0
    assert state.price_mods == () and "price-increase" in state.law_discard


# --- 3. Price decrease ----------------------------------------------------------------------
def test_price_decrease_lies_under_a_tile_until_bought_never_saving_gold():
    state = spend_with({0: ("price-decrease",)})
    tile = state.mat[0][1]
    state = play(state, 0, "price-decrease", tile=tile)
    assert (tile, -1) in state.price_mods and state.to_act == (0,)  # a law is no action
    base = tile_cost(tile)
    first = COLOURS[next(i for i, n in enumerate(base) if n)]
    pay = {c: base[INDEX[c]] - (c == first) for c in COLOURS}
    state = set_cubes(state, 0, **pay)
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile, less=first))
    assert tile in state.players[0].buildings and sum(state.players[0].cubes) == 0
    assert "price-decrease" in state.law_discard and state.price_mods == ()


def test_price_decrease_cannot_take_off_a_gold_cube():
    state = spend_with({})
    gold = next(t for t in ("s5-01", "s5-02", "s5-03", "s5-04") if tile_cost(t)[INDEX["gold"]])
    mat = (*((),) * 4, (gold,))
    state = state.model_copy(update={"mat": mat, "price_mods": ((gold, -1),)})
    lesses = {
        a.less
        for a in engine.legal_actions(set_cubes(state, 0, gold=1, food=2, water=2, wine=2, iron=1))
        if a.kind == "buy_building"
    }
    assert "gold" not in lesses and lesses
    with pytest.raises(engine.IllegalAction, match="non-gold"):
        engine.apply(
            set_cubes(state, 0, gold=1, food=2, water=2, wine=2, iron=1),
            engine.BuyBuilding(seat=0, tile=gold, less="gold"),
        )


# --- 4. Upgrade cottage ---------------------------------------------------------------------
def test_upgrade_cottage_makes_a_house_for_free_at_the_holders_own_decision():
    state = spend_with({0: ("upgrade-cottage",)})
    before = cubes(state, 0)
    numbers = {a.number for a in offered(state, "upgrade-cottage")}
    assert numbers == {c.number for c in state.cottages if c.seat == 0 and not c.house}
    state = play(state, 0, "upgrade-cottage", number=3)
    assert next(c for c in state.cottages if c.seat == 0 and c.number == 3).house
    assert cubes(state, 0) == before and state.to_act == (0,)
    assert "upgrade-cottage" in state.law_discard and not state.players[0].laws


# --- 5. Substitution ------------------------------------------------------------------------
def test_substitution_pays_a_tiles_resources_in_other_colours():
    state = spend_with({0: ("substitution",)})
    tile = state.mat[0][0]
    need = sum(tile_cost(tile))
    state = set_cubes(state, 0, wine=need)  # wine is never on a stage-1 tile
    assert not [a for a in engine.legal_actions(state) if a.kind == "buy_building"]
    state = play(state, 0, "substitution", tile=tile)
    assert state.payment is not None and state.payment.any_resource == need
    for _ in range(need):
        state = engine.apply(state, engine.Pay(seat=0, cube="wine"))
    assert tile in state.players[0].buildings and cubes(state, 0) == {}
    assert state.to_act != (0,)  # the purchase was Ann's action


def test_substitution_swaps_one_craft_for_another():
    state = spend_with({})
    tile = "s4-01"  # iron + glass + food
    mat = ((), (), (), (tile,), ())
    state = give(state.model_copy(update={"mat": mat}), 0, "substitution")
    state = set_cubes(state, 0, gold=1, glass=1, food=1)
    plays = offered(state, "substitution")
    assert any(a.cube == "gold" and a.instead == "iron" for a in plays)
    assert not any(
        a.cube == "gold" and a.instead == "glass" for a in plays
    )  # would need 2 gold... no iron
    state = play(state, 0, "substitution", tile=tile, cube="gold", instead="iron")
    assert tile in state.players[0].buildings and cubes(state, 0) == {}


# --- 6. Cottage number ----------------------------------------------------------------------
def test_cottage_number_sends_a_second_cottage_now_and_keeps_it_home_later():
    state = round_start(3, {1: ("cottage-number",)})
    state = decline_all(state)
    state = engine.apply(state, engine.ChooseWorkOrder(seat=0, number=1))
    state = until(state, lambda s: s.placement is not None and s.to_act == (1,))
    plays = offered(state, "cottage-number")
    assert plays and all(a.number != 1 for a in plays)
    other = plays[0].number
    state = play(state, 1, "cottage-number", number=other)
    state = until(state, lambda s: s.placement is None or s.placement.order[0] != 1)
    placed = {w.number for w in state.workers if w.seat == 1}
    assert placed == {1, other}
    # When Bob's nominated number comes up, that cottage sends nobody.
    state = until(state, lambda s: s.phase != "place_workers")
    assert sum(1 for w in state.workers if w.seat == 1 and w.number == other) == 1


# --- 7. Craft bargain -----------------------------------------------------------------------
def test_craft_bargain_buys_a_used_craft_from_the_store_for_one_resource():
    state = spend_with({2: ("craft-bargain",)})
    assert not offered(until(state, at_spend_turn(2)), "craft-bargain")  # no used craft yet
    state = state.model_copy(
        update={"store": (*state.store[:5], 1, 0, 0), "craftsmen": (9, 10, 10)}
    )
    state = until(state, at_spend_turn(2))
    state = set_cubes(state, 2, food=1)
    state = play(state, 2, "craft-bargain", craft="iron", cube="food")
    assert cubes(state, 2) == {"iron": 1} and state.store[INDEX["iron"]] == 0
    assert state.to_act == (2,)


# --- 8, 14, 18, 19. The harvest laws --------------------------------------------------------
def harvest_window(holdings: dict[int, tuple[str, ...]]) -> engine.GameState:
    state = round_start(3)
    for seat, cards in holdings.items():
        state = give(state, seat, *cards)
    return until(state, window("harvest"))


def yields(state: engine.GameState) -> dict[int, dict[str, int]]:
    return {s: cubes(state, s) for s in range(state.n)}


def test_good_harvest_doubles_one_field_type_for_everyone_this_round_only():
    state = harvest_window({0: ("good-harvest",)})
    types = {f.pos: f.type for f in state.fields}
    worked = {types[w.field] for w in state.workers}
    ftype = sorted(worked)[0]
    plain = until(state, lambda s: s.phase == "spend")
    state = play(state, 0, "good-harvest", field_type=ftype)
    state = until(state, lambda s: s.phase == "spend")
    colour = {
        "quarry": "stone",
        "woods": "wood",
        "lake": "water",
        "farm": "food",
        "vineyard": "wine",
    }[ftype]
    for s in range(3):
        assert cubes(state, s).get(colour, 0) == 2 * cubes(plain, s).get(colour, 0)
    assert state.effects.good == (ftype,)
    state = until(state, lambda s: s.round == 2)
    assert state.effects.good == ()


def test_poor_harvest_blanks_one_field_type():
    state = harvest_window({1: ("poor-harvest",)})
    types = {f.pos: f.type for f in state.fields}
    ftype = types[state.workers[0].field]
    colour = {
        "quarry": "stone",
        "woods": "wood",
        "lake": "water",
        "farm": "food",
        "vineyard": "wine",
    }[ftype]
    state = play(state, 1, "poor-harvest", field_type=ftype)
    state = until(state, lambda s: s.phase == "spend")
    assert all(cubes(state, s).get(colour, 0) == 0 for s in range(3))


def test_double_production_doubles_one_of_the_holders_workers():
    state = harvest_window({2: ("double-production",)})
    mine = [w for w in state.workers if w.seat == 2]
    assert {a.field for a in offered(state, "double-production")} == {w.field for w in mine}
    plain = until(state, lambda s: s.phase == "spend")
    state = play(state, 2, "double-production", field=mine[0].field)
    state = until(state, lambda s: s.phase == "spend")
    assert sum(state.players[2].cubes) == sum(plain.players[2].cubes) + 1
    assert [sum(p.cubes) for p in state.players[:2]] == [sum(p.cubes) for p in plain.players[:2]]


def test_unexpected_harvest_lets_the_holder_choose_each_cube_colour():
    state = harvest_window({0: ("unexpected-harvest",)})
    types = {f.pos: f.type for f in state.fields}
    ftype = types[next(w for w in state.workers if w.seat == 0).field]
    count = sum(1 for w in state.workers if w.seat == 0 and types[w.field] == ftype)
    plain = until(state, lambda s: s.phase == "spend")
    state = play(state, 0, "unexpected-harvest", field_type=ftype)
    state = until(state, lambda s: s.gain is not None)
    assert state.to_act == (0,) and state.gain.count == count
    for _ in range(count):
        state = engine.apply(
            state, engine.parse_action({"kind": "choose_cube", "seat": 0, "cube": "wine"})
        )
    state = until(state, lambda s: s.phase == "spend")
    colour = {
        "quarry": "stone",
        "woods": "wood",
        "lake": "water",
        "farm": "food",
        "vineyard": "wine",
    }[ftype]
    expect = dict(cubes(plain, 0))
    expect[colour] -= count
    expect["wine"] = expect.get("wine", 0) + count
    assert cubes(state, 0) == {k: v for k, v in expect.items() if v}


# --- 9. Broken fences -----------------------------------------------------------------------
def fenced_round_start(card_holder: int) -> tuple[engine.GameState, Cottage, tuple[int, int]]:
    state = round_start(3, {card_holder: ("broken-fences",)})
    home = next(c for c in state.cottages if c.seat == 0 and c.number == 1)
    fields = {f.pos for f in state.fields}
    x, y = home.corner
    near = [p for p in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)) if p in fields]
    fences = tuple(Fence(home.corner, p, 2) for p in near[:-1])  # all but one field fenced
    state = state.model_copy(update={"fences": fences})
    return state, home, near


def test_broken_fences_lets_one_player_ignore_fences_for_a_round():
    state, _home, near = fenced_round_start(1)
    state = play(state, 1, "broken-fences", target=0)
    state = decline_all(state)
    state = engine.apply(state, engine.ChooseWorkOrder(seat=0, number=1))
    targets = {a.field for a in engine.legal_actions(state) if a.kind == "place_worker"}
    assert targets == {p for p in near if not any(w.field == p for w in state.workers)}
    assert len(targets) > 1
    state = until(state, lambda s: s.round == 2 and s.phase == "place_workers" and not s.windows)
    assert state.effects.fence_free == ()


def test_fences_block_without_broken_fences():
    state, _home, near = fenced_round_start(1)
    state = decline_all(state)
    state = engine.apply(state, engine.ChooseWorkOrder(seat=0, number=1))
    targets = {a.field for a in engine.legal_actions(state) if a.kind == "place_worker"}
    assert targets <= {near[-1]}


# --- 10. Repeal law -------------------------------------------------------------------------
def test_repeal_law_cancels_a_phase_start_law_and_both_cards_are_discarded():
    state = harvest_window({0: ("good-harvest",), 1: ("repeal-law",)})
    types = {f.pos: f.type for f in state.fields}
    ftype = types[state.workers[0].field]
    state = play(state, 0, "good-harvest", field_type=ftype)
    assert window(kind="law_played")(state) and 1 in state.to_act
    state = play(state, 1, "repeal-law")
    assert state.effects.good == ()
    assert {"good-harvest", "repeal-law"} <= set(state.law_discard)


def test_repeal_law_cancels_a_price_increase_and_the_purchase_goes_on():
    state = spend_with({1: ("price-increase",), 0: ("repeal-law",)})
    tile = state.mat[0][0]
    state = set_cubes(
        state, 0, **{c: n for c, n in zip(COLOURS, tile_cost(tile), strict=True) if n}
    )
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile))
    state = play(state, 1, "price-increase", tile=tile)
    state = play(state, 0, "repeal-law")  # the buyer repeals it
    assert state.price_mods == ()
    state = decline_all(state)  # the rest of the purchase window
    assert tile in state.players[0].buildings


def test_repeal_law_cancels_an_own_action_law_and_the_holder_acts_again():
    state = spend_with({0: ("sale",), 2: ("repeal-law",)})
    state = set_cubes(state, 0, food=2)
    state = play(state, 0, "sale", craft="gold")
    state = play(state, 2, "repeal-law")
    assert state.to_act == (0,) and state.payment is None and cubes(state, 0) == {"food": 2}
    assert "sale" in state.law_discard


def test_repeal_law_cancels_an_any_time_law():
    state = spend_with({0: ("upgrade-cottage",), 1: ("repeal-law",)})
    state = play(state, 0, "upgrade-cottage", number=2)
    state = play(state, 1, "repeal-law")
    assert not next(c for c in state.cottages if c.seat == 0 and c.number == 2).house


# --- 11. Unsafe fence -----------------------------------------------------------------------
def test_unsafe_fence_dismantles_a_fence_for_good():
    state = spend_with({0: ("unsafe-fence",)})
    assert not offered(state, "unsafe-fence")  # no fence on the board
    home = next(c for c in state.cottages if c.seat == 1)
    fields = {f.pos for f in state.fields}
    x, y = home.corner
    field = next(p for p in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)) if p in fields)
    players = list(state.players)
    players[1] = players[1].model_copy(update={"fences_built": 1})
    state = state.model_copy(
        update={"fences": (Fence(home.corner, field, 1),), "players": tuple(players)}
    )
    state = play(state, 0, "unsafe-fence", corner=home.corner, field=field)
    assert state.fences == () and state.players[1].fences_built == 1


# --- 12. House moratorium -------------------------------------------------------------------
def test_house_moratorium_stops_everyone_else_converting_this_round():
    state = round_start(3)
    state = give(state, 1, "house-moratorium")
    state = until(state, window("spend"))
    state = play(state, 1, "house-moratorium")
    state = decline_all(state)
    for seat in range(3):
        state = set_cubes(state, seat, stone=1, wood=1)
    assert state.to_act == (0,)
    assert not [a for a in engine.legal_actions(state) if a.kind == "convert_cottage"]
    with pytest.raises(engine.IllegalAction, match="moratorium"):
        engine.apply(state, engine.ConvertCottage(seat=0, number=1))
    state = engine.apply(state, engine.Pass(seat=0))
    assert [a for a in engine.legal_actions(state) if a.kind == "convert_cottage"]  # Bob may
    state = until(state, lambda s: s.round == 2)
    assert state.effects.moratorium is None


# --- 13. Design change ----------------------------------------------------------------------
def test_design_change_swaps_a_face_up_tile_for_a_random_unused_one_of_its_stage():
    state = spend_with({0: ("design-change",)})
    tile = state.mat[0][2]
    pool = set(state.unused[0])
    before = state.mat[0]
    state = play(state, 0, "design-change", tile=tile)
    replacement = state.mat[0][2]  # on the same space
    assert state.mat[0][:2] + state.mat[0][3:] == before[:2] + before[3:]
    assert replacement in pool and replacement != tile
    assert tile in state.unused[0] and replacement not in state.unused[0]


def test_design_change_is_not_offered_without_unused_tiles():
    state = spend_with({0: ("design-change",)})
    state = state.model_copy(update={"unused": ((), *state.unused[1:])})
    assert not offered(state, "design-change")


def test_design_change_during_a_purchase_calls_it_off():
    state = spend_with({2: ("design-change",)})
    tile = state.mat[0][0]
    state = set_cubes(
        state, 0, **{c: n for c, n in zip(COLOURS, tile_cost(tile), strict=True) if n}
    )
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile))
    state = play(state, 2, "design-change", tile=tile)
    state = decline_all(state)
    assert not state.windows and state.to_act == (0,)
    assert tile not in state.mat[0] and tile not in state.players[0].buildings


# --- 15. Bargain ----------------------------------------------------------------------------
def test_bargain_one_resource_for_two_of_the_holders_choice_as_the_trade_action():
    state = spend_with({0: ("bargain",)})
    state = set_cubes(state, 0, stone=1)
    state = play(state, 0, "bargain")
    state = engine.apply(state, engine.Pay(seat=0, cube="stone"))
    assert state.gain is not None and state.gain.count == 2
    state = engine.apply(
        state, engine.parse_action({"kind": "choose_cube", "seat": 0, "cube": "wine"})
    )
    state = engine.apply(
        state, engine.parse_action({"kind": "choose_cube", "seat": 0, "cube": "food"})
    )
    assert cubes(state, 0) == {"wine": 1, "food": 1}
    assert state.to_act == (1,)  # it was Ann's action


# --- 16. Sale -------------------------------------------------------------------------------
@pytest.mark.parametrize(("craft", "price"), [("glass", 1), ("gold", 2)])
def test_sale_sells_glass_or_gold_two_cubes_cheaper(craft: str, price: int):
    state = spend_with({0: ("sale",)})
    state = set_cubes(state, 0, wood=price)
    assert {a.craft for a in offered(state, "sale")} == (
        {"glass", "gold"} if price == 2 else {"glass"}
    )
    state = play(state, 0, "sale", craft=craft)
    for _ in range(price):
        state = engine.apply(state, engine.Pay(seat=0, cube="wood"))
    assert cubes(state, 0) == {craft: 1} and state.to_act == (1,)


# --- 17. Downgrade house --------------------------------------------------------------------
def test_downgrade_house_turns_any_house_back_into_a_cottage():
    state = spend_with({0: ("downgrade-house",)})
    assert not offered(state, "downgrade-house")
    cottages = tuple(
        c._replace(house=True) if c.seat == 1 and c.number == 4 else c for c in state.cottages
    )
    state = state.model_copy(update={"cottages": cottages})
    assert [(a.target, a.number) for a in offered(state, "downgrade-house")] == [(1, 4)]
    state = play(state, 0, "downgrade-house", target=1, number=4)
    assert not any(c.house for c in state.cottages)


# --- 20. Start order ------------------------------------------------------------------------
def test_start_order_names_a_new_start_player_at_a_phase_start():
    state = round_start(3)
    state = give(state, 2, "start-order")
    state = until(state, window("spend"))
    assert {a.target for a in offered(state, "start-order")} == {1, 2}
    state = play(state, 2, "start-order", target=1)
    state = decline_all(state)
    assert state.start_player == 1 and state.to_act == (1,)


# --- windows, policies, secrecy -------------------------------------------------------------
def test_always_windows_ask_every_seat_and_everyone_can_decline():
    state = round_start(3, {2: ("repeal-law",)})
    assert state.windows and state.to_act == (0, 1, 2)  # Ann and Bob are asked too
    for seat in (0, 1, 2):
        assert engine.Decline(seat=seat) in engine.legal_actions(state)
    assert not decline_all(state).windows


def test_when_possible_windows_ask_only_seats_with_a_fitting_card():
    state = round_start(3, {2: ("start-order",)}, reaction_windows="when_possible")
    assert state.to_act == (2,)
    quiet = round_start(3, {2: ("repeal-law",)}, reaction_windows="when_possible")
    assert not quiet.windows  # nothing fits a phase start


def test_no_windows_without_laws():
    state = until(round_start(3, no_laws=True), at_spend_turn(0))
    assert not state.law_spaces and not state.law_deck
    tile = state.mat[0][0]
    state = set_cubes(
        state, 0, **{c: n for c, n in zip(COLOURS, tile_cost(tile), strict=True) if n}
    )
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile))
    assert tile in state.players[0].buildings and not state.windows


def test_held_cards_are_secret_and_played_cards_public():
    state = spend_with({0: ("upgrade-cottage",), 1: ("repeal-law",)})
    other = engine.view(state, 1).model_dump_json()
    assert "upgrade-cottage" not in other
    assert "upgrade-cottage" in engine.view(state, 0).model_dump_json()
    state = play(state, 0, "upgrade-cottage", number=1)
    assert "upgrade-cottage" in engine.view(state, 1).model_dump_json()  # played: public
    assert "repeal-law" not in engine.view(state, 0).model_dump_json()
    assert "repeal-law" not in engine.view(state, None).model_dump_json()


def test_a_law_is_rejected_with_a_reason_when_it_cannot_be_played():
    state = spend_with({0: ("good-harvest",)})
    before = state
    with pytest.raises(engine.IllegalAction, match="cannot be played now"):
        engine.apply(
            state,
            engine.parse_action(
                {"kind": "play_law", "seat": 0, "card": "good-harvest", "field_type": "farm"}
            ),
        )
    with pytest.raises(engine.IllegalAction, match="does not hold"):
        engine.apply(
            state,
            engine.parse_action({"kind": "play_law", "seat": 0, "card": "sale", "craft": "gold"}),
        )
    assert state == before


def test_an_answered_substitution_purchase_gives_the_card_back():
    state = spend_with({0: ("substitution",), 1: ("price-increase",)})
    tile = state.mat[0][0]
    state = set_cubes(state, 0, wine=sum(tile_cost(tile)))
    state = play(state, 0, "substitution", tile=tile)
    state = decline_all(state)  # nobody repeals the Substitution: the purchase is declared
    assert window(kind="purchase")(state)
    state = play(state, 1, "price-increase", tile=tile)
    state = decline_all(state)
    assert state.to_act == (0,) and not state.windows
    assert state.players[0].laws == ("substitution",) and "substitution" not in state.law_discard
