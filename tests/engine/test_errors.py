"""Rejected actions raise IllegalAction with a message a player understands (naming the player
where a player is at fault) and leave the state exactly as it was; apply never mutates."""

import random

import pytest

from keythedral import engine
from tests.support.helpers import (
    COSTS,
    action,
    do,
    finish_layout,
    illegal,
    new,
    set_cubes,
    spend_state,
    to_bidding,
)


def _spend_bob(**cubes):
    state = do(spend_state(3), "pass")
    return set_cubes(state, 1, **cubes)


CASES = [
    # (situation, action, the start of the message)
    (lambda: _spend_bob(wood=2), action("convert_cottage", 1, number=1), "Bob has no stone"),
    (lambda: _spend_bob(stone=1), action("convert_cottage", 1, number=1), "Bob has no wood"),
    (lambda: _spend_bob(), action("pass", 0), "It is not Ann's turn: waiting for Bob."),
    (lambda: _spend_bob(wood=1), action("buy_craft", 1, craft="iron"), "Bob needs 2 cubes"),
    (lambda: _spend_bob(wood=1), action("trade", 1, take="stone"), "Bob needs 2 cubes"),
    (lambda: _spend_bob(), action("procure_law", 1, space=0), "Bob needs a cube"),
    (
        lambda: _spend_bob(wine=1),
        action("remove_fence", 1, corner=(0, 0), field=(0, 0)),
        "Bob needs 2 wine",
    ),
    (
        lambda: _spend_bob(),
        action("build_fence", 1, corner=(0, 0), field=(0, 0)),
        "Bob has no wood",
    ),
    (
        lambda: _spend_bob(),
        action("bid", 1, amount=1),
        "Bob must take one phase 3 action now, not bid.",
    ),
    (lambda: _spend_bob(), action("pass", 9), "There is no seat 9 in this game."),
    (
        lambda: new(3),
        action("place_cottage", 0, corner=(1, 0), number=1),
        "Ann must lay the next field tile",
    ),
    (lambda: new(3), action("place_field", 2, pos=(2, 0)), "It is not Cy's turn: waiting for Ann."),
    (
        lambda: finish_layout(new(3)),
        action("choose_work_order", 0, number=0),
        "Cottage numbers run from 1 to 5",
    ),
    (
        lambda: set_cubes(to_bidding(spend_state(3)), 2),
        action("bid", 2, amount=1),
        "Cy holds only 0 cubes",
    ),
]


@pytest.mark.parametrize("make,bad,start", CASES)
def test_rejected_actions_explain_and_leave_the_state_alone(make, bad, start):
    state = make()
    msg = illegal(state, bad)  # checks state == before and the JSON is unchanged
    assert msg.startswith(start)


def test_the_not_your_turn_message_names_both_players():
    msg = illegal(spend_state(3), action("pass", 2))
    assert msg == "It is not Cy's turn: waiting for Ann."


def test_a_short_purchase_names_the_buyer_and_what_is_missing():
    state = spend_state(3)
    tile = state.mat[0][0]
    state = set_cubes(state, 0)
    msg = illegal(state, action("buy_building", 0, tile=tile))
    assert msg.startswith(f"Ann cannot pay for {tile}: it costs ")
    assert "Ann is short of" in msg


@pytest.mark.parametrize(
    "payload",
    [
        {"kind": "steal", "seat": 0},
        {"kind": "pass"},
        {"kind": "trade", "seat": 0, "take": "diamonds"},
        {"kind": "bid", "seat": 0, "amount": "lots"},
    ],
)
def test_malformed_actions_are_illegal_actions_not_crashes(payload):
    msg = illegal(spend_state(3), payload)
    assert msg.startswith("That is not an action the game knows")


def test_a_dict_action_is_accepted():
    state = engine.apply(spend_state(3), {"kind": "pass", "seat": 0})
    assert state.to_act == (1,)


def test_nothing_is_legal_after_the_game():
    state = spend_state(3)
    last = state.mat[4][0]
    state = state.model_copy(update={"mat": ((), (), (), (), (last,))})
    state = do(set_cubes(state, 0, **COSTS[last]), "buy_building", tile=last)
    assert engine.legal_actions(state) == []
    assert state.to_act == ()
    assert illegal(state, action("pass", 0)) == "The game is over: no more actions."


@pytest.mark.parametrize(
    "n,seed,variants", [(3, 11, {}), (2, 12, {}), (5, 13, {"open_buildings": True})]
)
def test_apply_never_mutates_its_input(n, seed, variants):
    rng = random.Random(seed)
    state = new(n, seed=seed, **variants)
    for _ in range(400):
        acts = engine.legal_actions(state)
        if not acts:
            break
        before = state.model_dump_json()
        copy = state.model_copy(deep=True)
        after = engine.apply(state, rng.choice(acts))
        assert after is not state
        assert state.model_dump_json() == before
        assert state == copy
        state = after


@pytest.mark.parametrize("n,seed", [(3, 21), (4, 22)])
def test_every_listed_action_is_accepted_and_the_state_round_trips(n, seed):
    rng = random.Random(seed)
    state = new(n, seed=seed)
    for _ in range(300):
        acts = engine.legal_actions(state)
        if not acts:
            break
        assert {a.seat for a in acts} <= set(state.to_act)
        assert engine.GameState.model_validate_json(state.model_dump_json()) == state
        state = engine.apply(state, rng.choice(acts))
