"""Rejected actions raise IllegalAction with a message a player understands (naming the player
where a player is at fault) and leave the state exactly as it was; apply never mutates."""

import random

import pytest

from keythedral import engine
from keythedral.engine.catalogue import tile_words
from tests.support.helpers import COSTS, action, do, illegal, new, set_cubes, spend_state
from tests.support.translated import CASES


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
    assert msg.startswith(f"Ann cannot pay for {tile_words(tile)}: it costs ")
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
