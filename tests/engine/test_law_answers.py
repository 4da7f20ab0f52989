"""Laws answered by laws (RULINGS.md, "Laws answered by laws"; rules_en.md ruling 30).

A law takes effect when its window closes and is checked again then, against the game as it is:
what can no longer take effect as played is called off (the card back in its holder's hand, no
action used, one ``LawCalledOff`` event saying why).  A price law answered by a Design change on
its tile goes under the replacement.  And a home's workers still to go out follow the home as it
stands (RULINGS.md, Phase 1).

The first test replays the outside fuzz's reproductions (uniform random choices over the legal
list, ``random.Random(1)``); each crashed or corrupted the game before the fix.  The rest build
each situation by hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from keythedral import engine
from keythedral.engine.catalogue import tile_cost
from keythedral.engine.cubes import COLOURS
from tests.support.helpers import set_cubes
from tests.support.invariants import check_invariants, check_legal
from tests.support.laws import (
    NAMES,
    at_stage,
    back_at_own_turn,
    decline_all,
    effect_of,
    play,
    round_start,
    spend_with,
    until,
    with_store,
)


# --- the fuzz's reproductions -----------------------------------------------------------------
def uniform_game(n: int, seed: int, windows: str, steps: int) -> engine.GameState:
    """``steps`` uniformly random legal actions, checking every invariant and the legal list at
    every step (the outside fuzz's chooser)."""
    config = engine.GameConfig(players=NAMES[:n], seed=seed, reaction_windows=windows)
    state = engine.new_game(config)
    rng = random.Random(1)
    for _ in range(steps):
        check_invariants(state)
        acts = engine.legal_actions(state)
        check_legal(state, acts)
        if not acts:
            break
        state = engine.apply(state, rng.choice(acts))
    check_invariants(state)
    return state


@pytest.mark.parametrize(
    ("n", "seed", "windows", "steps"),
    [
        pytest.param(4, 11, "always", 560, id="F1 Price increase moved, Substitution crashed"),
        pytest.param(4, 70, "always", 530, id="F1 Price decrease under the Substitution's tile"),
        pytest.param(4, 57, "when_possible", 360, id="F2 replaced tile still bought"),
        pytest.param(5, 67, "always", 215, id="F4 Price increase under a face-down tile"),
        pytest.param(3, 109, "when_possible", 85, id="F4 Price decrease under a face-down tile"),
    ],
)
def test_the_fuzz_reproductions_play_on_cleanly(n: int, seed: int, windows: str, steps: int):
    uniform_game(n, seed, windows, steps)


# --- building the situations ------------------------------------------------------------------
def cost_of(tile: str) -> dict[str, int]:
    return {c: k for c, k in zip(COLOURS, tile_cost(tile), strict=True) if k}


def called_off(state: engine.GameState) -> Any:
    offs = [e for e in state.log if e.type == "law_called_off"]
    assert offs, "no law was called off"
    return offs[-1]


# --- F1 / F2: Substitution answered on its own tile ------------------------------------------
def substituting(answer: str, swap: bool) -> tuple[engine.GameState, str]:
    """Stage 3: Ann plays Substitution on a tile with iron (its resources paid in wine, or glass
    paid instead of the iron when ``swap``); Bob holds ``answer``."""
    state = at_stage(spend_with({0: ("substitution",), 1: (answer,)}, n=4), 3)
    tile = next(t for t in state.mat[2] if tile_cost(t)[5])
    if swap:
        hand = cost_of(tile)
        del hand["iron"]
        state = set_cubes(state, 0, glass=1, **hand)
        return play(state, 0, "substitution", tile=tile, cube="glass", instead="iron"), tile
    state = set_cubes(state, 0, wine=sum(tile_cost(tile)[:5]), iron=1)
    return play(state, 0, "substitution", tile=tile), tile


@pytest.mark.parametrize("swap", [False, True], ids=["resources", "craft swap"])
def test_a_substitution_whose_tile_design_change_replaced_is_called_off(swap: bool) -> None:
    """F2: the replaced tile went face down; the Substitution can no longer buy it."""
    state, tile = substituting("design-change", swap)
    before = state.players[0].cubes
    state = play(state, 1, "design-change", tile=tile)
    state = decline_all(state)  # Design change takes effect: the tile goes face down
    assert tile in state.unused[2]
    state = decline_all(state)  # the Substitution's window closes
    off = called_off(state)
    assert (off.seat, off.law.card, off.reason) == (0, "substitution", "tile")
    assert state.players[0].laws == ("substitution",)
    assert tile not in state.players[0].buildings
    assert state.players[0].cubes == before  # nothing paid
    back_at_own_turn(state, 0)


def test_a_substitution_under_a_price_increase_answered_by_design_change_is_called_off():
    """F1: the Price increase moved to the replacement; the Substitution, declared with an
    extra cube on the old tile, no longer fits anything (it used to crash ``apply``)."""
    state = spend_with({0: ("substitution",), 1: ("price-increase",), 2: ("design-change",)})
    tile = state.mat[0][0]
    state = set_cubes(state, 0, **cost_of(tile))
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile))
    state = play(state, 1, "price-increase", tile=tile)
    state = decline_all(decline_all(state))  # the Price increase lies under the tile
    assert (tile, 1) in state.price_mods and not state.windows and state.to_act == (0,)
    extra = next(iter(cost_of(tile)))
    state = set_cubes(state, 0, wine=sum(tile_cost(tile)) + 1)
    state = play(state, 0, "substitution", tile=tile, extra=extra)
    state = play(state, 2, "design-change", tile=tile)
    state = decline_all(state)
    fresh = effect_of(state, "design-change").replacement
    assert fresh is not None and (fresh, 1) in state.price_mods
    state = decline_all(state)
    assert called_off(state).reason == "tile"
    back_at_own_turn(state, 0)


@pytest.mark.parametrize("swap", [False, True], ids=["resources", "craft swap"])
def test_a_substitution_answered_by_a_price_decrease_on_its_tile_is_called_off(swap: bool):
    """The seed-70 crash: the price changed under the Substitution while it waited."""
    state, tile = substituting("price-decrease", swap)
    state = play(state, 1, "price-decrease", tile=tile)
    state = decline_all(state)
    assert (tile, -1) in state.price_mods
    state = decline_all(state)
    assert called_off(state).reason == "price"
    assert state.players[0].laws == ("substitution",)
    assert tile in state.mat[2] and tile not in state.players[0].buildings
    back_at_own_turn(state, 0)
    # at the new price it is offered again, with the saved cube to choose
    again = [
        a
        for a in engine.legal_actions(state)
        if a.kind == "play_law" and a.card == "substitution" and a.tile == tile
    ]
    assert again and all(a.less is not None for a in again)


# --- F3 / F6: the holder's own Craft bargain in a nested window --------------------------------
def nested_under(state: engine.GameState, holder_law: dict[str, Any]) -> engine.GameState:
    """Ann plays ``holder_law``; Bob answers with a Price decrease elsewhere (an any-time card);
    in the window on Bob's card, Ann plays her own Craft bargain, giving away her wine."""
    state = play(state, 0, **holder_law)
    other = next(t for t in state.mat[state.stage - 1] if t != holder_law.get("tile"))
    state = play(state, 1, "price-decrease", tile=other)
    state = play(state, 0, "craft-bargain", craft="iron", cube="wine")
    return decline_all(decline_all(state))  # Craft bargain, then Price decrease take effect


def stocked_spend(*cards: str) -> engine.GameState:
    state = spend_with({0: (*cards, "craft-bargain"), 1: ("price-decrease",)}, n=4)
    return with_store(state, "iron", 2)


def test_a_substitution_the_buyer_can_no_longer_pay_is_called_off():
    """F3: the buyer's own Craft bargain, under the pending Substitution, gave away a cube the
    purchase needed (it used to start a payment that could never finish)."""
    state = stocked_spend("substitution")
    tile = state.mat[0][0]
    state = set_cubes(state, 0, wine=sum(tile_cost(tile)))
    state = nested_under(state, {"card": "substitution", "tile": tile})
    state = decline_all(state)
    off = called_off(state)
    assert (off.law.card, off.reason) == ("substitution", "cubes")
    assert state.players[0].laws == ("substitution",)
    back_at_own_turn(state, 0)


def test_a_craft_swap_substitution_the_buyer_can_no_longer_pay_is_called_off():
    """F3, the craft swap: it used to pay a wood the hand no longer had (wood -1)."""
    state = at_stage(stocked_spend("substitution"), 3)
    tile = next(t for t in state.mat[2] if tile_cost(t)[5] and tile_cost(t)[4])  # iron and wine
    hand = cost_of(tile)
    del hand["iron"]
    hand["glass"] = 1
    state = set_cubes(state, 0, **hand)
    state = nested_under(
        state, {"card": "substitution", "tile": tile, "cube": "glass", "instead": "iron"}
    )
    state = decline_all(state)
    assert called_off(state).reason == "cubes"
    back_at_own_turn(state, 0)


def test_a_bargain_whose_holder_gave_away_every_resource_is_called_off():
    """F6: Bargain pending; the holder's own Craft bargain took their only resource (the payment
    used to owe a cube the hand could not have, with an empty legal list)."""
    state = stocked_spend("bargain")
    state = set_cubes(state, 0, wine=1)
    state = nested_under(state, {"card": "bargain"})
    state = decline_all(state)
    off = called_off(state)
    assert (off.law.card, off.reason) == ("bargain", "cubes")
    assert state.players[0].laws == ("bargain",)
    assert state.players[0].cubes[COLOURS.index("iron")] == 1  # the Craft bargain stands
    back_at_own_turn(state, 0)


# --- F5: another player's Craft bargain takes the last craft cube ----------------------------
@pytest.mark.parametrize("glass", [1, 2], ids=["the last glass", "glass left"])
def test_a_sale_is_called_off_only_if_another_craft_bargain_took_the_last_cube(glass: int):
    """F5: the craftsman is empty and the store holds ``glass`` used glass; Bob's Craft bargain
    takes one while Ann's Sale waits.  With none left the Sale is off (the craftsman's count
    used to go to -1, a cube made from nothing); with one left it goes on."""
    state = spend_with({0: ("sale",), 1: ("craft-bargain",)}, n=4)
    state = with_store(state, "glass", glass)
    state = set_cubes(state, 0, wood=1)
    state = set_cubes(state, 1, wine=1)
    state = play(state, 0, "sale", craft="glass")
    state = play(state, 1, "craft-bargain", craft="glass", cube="wine")
    state = decline_all(state)
    assert state.players[1].cubes[COLOURS.index("glass")] == 1
    state = decline_all(state)
    if glass == 1:
        off = called_off(state)
        assert (off.law.card, off.reason) == ("sale", "supply")
        assert state.players[0].laws == ("sale",)
        assert state.players[0].cubes == tuple(1 if c == "wood" else 0 for c in COLOURS)
        back_at_own_turn(state, 0)
        return
    assert effect_of(state, "sale") and state.payment is not None
    state = engine.apply(state, engine.Pay(seat=0, cube="wood"))
    assert state.players[0].cubes[COLOURS.index("glass")] == 1
    check_invariants(state)


# --- F4: a price law follows its tile ----------------------------------------------------------
@pytest.mark.parametrize("card", ["price-increase", "price-decrease"])
def test_a_pending_price_law_answered_by_design_change_goes_under_the_replacement(card: str):
    state = spend_with({1: (card,), 2: ("design-change",)})
    tile = state.mat[0][0]
    state = set_cubes(state, 0, **cost_of(tile))
    state = engine.apply(state, engine.BuyBuilding(seat=0, tile=tile))
    state = play(state, 1, card, tile=tile)
    state = play(state, 2, "design-change", tile=tile)
    state = decline_all(state)  # Design change: the purchase is off, the tile face down
    fresh = effect_of(state, "design-change").replacement
    assert fresh is not None and tile in state.unused[0]
    state = decline_all(state)  # the price law takes effect, on the replacement
    d = 1 if card == "price-increase" else -1
    assert state.price_mods == ((fresh, d),)
    assert effect_of(state, card).law.tile == fresh
    check_invariants(state)
    assert not state.windows and state.to_act == (0,)
    # the view shows it under the tile for sale, never under the face-down one
    assert all(t == fresh for t, _ in engine.view(state, 1).price_mods)


def test_a_price_law_already_under_a_tile_moves_with_design_change():
    state = spend_with({0: ("price-decrease", "design-change")})
    tile = state.mat[0][0]
    state = decline_all(play(state, 0, "price-decrease", tile=tile))
    assert state.price_mods == ((tile, -1),)
    state = decline_all(play(state, 0, "design-change", tile=tile))
    fresh = effect_of(state, "design-change").replacement
    assert state.price_mods == ((fresh, -1),)
    check_invariants(state)


# --- F7: a home's workers follow the home as it stands ------------------------------------------
def at_own_placement(card: str, house: bool) -> engine.GameState:
    """Round 1, Ann's number-1 home (a house when ``house``) sending out its workers, Ann
    holding ``card``."""
    state = round_start(3, {0: (card,)})
    cottages = tuple(
        c._replace(house=house) if c.seat == 0 and c.number == 1 else c for c in state.cottages
    )
    state = state.model_copy(update={"cottages": cottages})
    return until(
        state,
        lambda s: (
            s.placement is not None
            and s.placement.order[0] == 0
            and s.placement.home == 1
            and s.to_act == (0,)
            and not s.windows
        ),
    )


def sent_from(state: engine.GameState, seat: int, number: int) -> int:
    return sum(1 for w in state.workers if w.seat == seat and w.number == number)


def test_a_house_downgraded_while_its_workers_go_out_sends_no_more():
    state = at_own_placement("downgrade-house", house=True)
    assert state.placement is not None and state.placement.left == 2
    place = next(a for a in engine.legal_actions(state) if a.kind == "place_worker")
    state = engine.apply(state, place)
    assert sent_from(state, 0, 1) == 1 and state.to_act == (0,)
    state = play(state, 0, "downgrade-house", target=0, number=1)
    state = decline_all(state)
    assert not state.cottage(0, 1).house
    assert state.placement is None or state.placement.order[0] != 0 or state.placement.home != 1
    check_invariants(state)
    assert sent_from(state, 0, 1) == 1  # a cottage sends one


def test_a_cottage_upgraded_before_its_worker_goes_out_sends_two():
    state = at_own_placement("upgrade-cottage", house=False)
    assert state.placement is not None and state.placement.left == 1
    state = play(state, 0, "upgrade-cottage", number=1)
    state = decline_all(state)
    assert state.cottage(0, 1).house
    assert state.placement is not None and state.placement.left == 2
    for _ in range(2):
        place = next(a for a in engine.legal_actions(state) if a.kind == "place_worker")
        state = engine.apply(state, place)
    assert sent_from(state, 0, 1) == 2
    check_invariants(state)
