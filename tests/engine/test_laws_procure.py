"""The law master (any 1 cube for a face-down card; the procurer takes no more phase-3 actions),
the pass rule around procured players, and phase 4 (workers return, law spaces refill)."""

from keythedral import engine
from tests.support.helpers import (
    TOTAL,
    action,
    cubes_of,
    do,
    hand,
    illegal,
    kinds,
    play_until,
    set_cubes,
    spend_state,
    total_cubes,
)


def _everyone_has_a_cube(state):
    for seat in range(state.n):
        state = set_cubes(state, seat, food=2)
    return state


def _procure(state, space):
    state = do(state, "procure_law", space=space)
    return do(state, "pay", cube="food")


def test_a_law_costs_one_cube_and_the_card_goes_to_the_hand():
    state = set_cubes(spend_state(3), 0, food=2, iron=1)
    card = state.law_spaces[1]
    store = engine.summary(state)["store"]
    state = do(state, "procure_law", space=1)
    assert kinds(state) == {"pay"}
    assert sorted(a.cube for a in engine.legal_actions(state)) == ["food", "iron"]
    state = do(state, "pay", cube="iron")
    s = engine.summary(state)
    assert cubes_of(state, 0) == hand(food=2)
    assert s["store"] == {**store, "iron": store["iron"] + 1}
    assert state.players[0].laws == (card,)
    assert state.law_spaces[1] is None
    assert s["players"][0]["laws_held"] == 1
    assert s["players"][0]["procured_law_this_round"] is True
    assert s["law_spaces"] == 1
    assert engine.view(state, 0).me.laws == (card,)
    assert total_cubes(state) == TOTAL


def test_both_spaces_are_offered():
    state = set_cubes(spend_state(3), 0, food=1)
    assert [a.space for a in engine.legal_actions(state) if a.kind == "procure_law"] == [0, 1]


def test_no_cube_no_law():
    state = set_cubes(spend_state(3), 0)
    assert "procure_law" not in kinds(state)
    assert illegal(state, action("procure_law", 0, space=0)) == (
        "Ann needs a cube of any colour to pay the law master."
    )


def test_the_procurer_takes_no_more_actions_this_phase():
    state = _procure(_everyone_has_a_cube(spend_state(3)), 0)
    seen = []
    while state.phase == "spend":
        seen.append(state.to_act)
        assert illegal(state, action("pass", 0)).startswith("It is not Ann's turn")
        state = do(state, "pass")
    # only Bob and Cy were asked, and their two passes ended the phase
    assert seen == [(1,), (2,)]
    assert state.phase == "bidding"


def test_procuring_breaks_the_run_of_passes():
    state = _everyone_has_a_cube(spend_state(3))
    state = do(state, "pass")  # Ann
    state = do(state, "pass")  # Bob
    state = _procure(state, 0)  # Cy: not a pass
    assert state.phase == "spend" and state.to_act == (0,)
    state = do(state, "pass")  # Ann
    assert state.phase == "spend" and state.to_act == (1,)
    state = do(state, "pass")  # Bob: both remaining players passed in a row
    assert state.phase == "bidding"


def test_procured_players_are_skipped_in_the_turn_order():
    state = _everyone_has_a_cube(spend_state(3))
    state = do(state, "pass")  # Ann
    state = _procure(state, 0)  # Bob
    assert state.to_act == (2,)
    state = do(state, "trade", take="wood")  # Cy acts
    state = do(state, "pay", cube="food")
    state = do(state, "pay", cube="food")
    assert state.to_act == (0,)  # Bob is skipped
    state = do(state, "pass")  # Ann
    assert state.to_act == (2,)
    state = do(state, "pass")  # Cy
    assert state.phase == "bidding"


def test_when_everyone_has_procured_the_phase_ends_at_once():
    state = _everyone_has_a_cube(spend_state(3))
    state = _procure(state, 0)  # Ann
    state = _procure(state, 1)  # Bob
    assert state.to_act == (2,)
    assert "procure_law" not in kinds(state)  # both spaces are empty now
    # a third card on a space (as if a law had laid one out): Cy takes it too
    deck = state.law_deck
    state = state.model_copy(update={"law_spaces": (deck[0], None), "law_deck": deck[1:]})
    state = _procure(state, 0)
    assert state.phase == "bidding"


def test_with_one_active_player_a_single_pass_ends_the_phase():
    state = _everyone_has_a_cube(spend_state(3))
    state = _procure(state, 0)
    state = _procure(state, 1)
    state = do(state, "pass")  # Cy, the only one left
    assert state.phase == "bidding"


def test_empty_law_spaces_cannot_be_procured():
    state = _everyone_has_a_cube(spend_state(3))
    state = _procure(state, 0)
    assert [a.space for a in engine.legal_actions(state) if a.kind == "procure_law"] == [1]
    assert illegal(state, action("procure_law", 1, space=0)) == (
        "There is no law card waiting on new-law space 1."
    )


def test_two_players_have_one_law_a_round():
    state = _everyone_has_a_cube(spend_state(2))
    assert [a.space for a in engine.legal_actions(state) if a.kind == "procure_law"] == [0]
    state = _procure(state, 0)
    assert state.to_act == (1,)
    assert "procure_law" not in kinds(state)


def test_no_laws_variant_has_no_law_master():
    state = _everyone_has_a_cube(spend_state(3, no_laws=True))
    assert "procure_law" not in kinds(state)
    assert illegal(state, action("procure_law", 0, space=0)) == (
        "There are no law cards in this game."
    )


# --- phase 4 ---------------------------------------------------------------------------------
def test_phase_4_returns_the_workers_and_refills_the_law_spaces():
    state = _everyone_has_a_cube(spend_state(3))
    assert any(p["workers_on_board"] for p in engine.summary(state)["players"])
    top = state.law_deck[0]
    state = _procure(state, 0)
    state = do(state, "pass")
    state = do(state, "pass")
    s = engine.summary(state)
    assert s["phase"] == "bidding"
    assert [p["workers_on_board"] for p in s["players"]] == [0, 0, 0]
    assert all(f["worker"] is None for f in s["fields"])
    assert engine.view(state, None).work_order == ()
    assert s["law_spaces"] == 2
    assert state.law_spaces[0] == top
    assert s["laws_in_deck"] == 17


def test_an_empty_deck_leaves_the_space_empty():
    state = _everyone_has_a_cube(spend_state(3))
    state = state.model_copy(update={"law_deck": ()})
    state = _procure(state, 0)
    state = do(state, "pass")
    state = do(state, "pass")
    s = engine.summary(state)
    assert s["law_spaces"] == 1
    assert s["laws_in_deck"] == 0


def test_the_procured_mark_lasts_only_for_the_round():
    state = _procure(_everyone_has_a_cube(spend_state(3)), 0)
    state = play_until(state, lambda s: s.round == 2)
    assert [p["procured_law_this_round"] for p in engine.summary(state)["players"]] == [
        False,
        False,
        False,
    ]
    # and Ann acts again in round 2's phase 3
    state = play_until(
        state, lambda s: s.phase == "spend" and bool(s.to_act) and "pass" in kinds(s)
    )
    seen = set()
    while state.phase == "spend":
        seen.add(state.to_act[0])
        state = do(state, "pass")
    assert seen == {0, 1, 2}
