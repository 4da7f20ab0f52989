"""Fences: 1 wood on the edge between a cottage's corner and a field it touches, at most 3 per
player per game (removed ones count); removing any fence costs 2 wine; a cottage or house fenced
off from every field is relocated at once by its owner (a house stays a house, fences stay)."""

from keythedral import engine
from tests.support.helpers import (
    TOTAL,
    action,
    cubes_of,
    do,
    hand,
    illegal,
    kinds,
    round_start,
    set_cubes,
    to_spend,
    total_cubes,
    with_board,
)

F1, F2, F3 = (20, 20), (21, 20), (20, 21)
G = (31, 31)
H = (1, 1)  # beside the Keythedral's corner (0, 0)
BOB = (20, 19)  # Bob's house 1: touches F1 and F2
CY = (20, 20)  # Cy's cottage 1: touches F1, F2 and F3
ANN = (30, 30)  # Ann's cottage 1: touches G only


def _board(fences=()):
    state = with_board(
        round_start(3),
        {F1: "lake", F2: "farm", F3: "woods", G: "vineyard", H: "quarry"},
        [(ANN, 0, 1, False), (BOB, 1, 1, True), (CY, 2, 1, False)],
        fences,
    )
    state = to_spend(state)
    assert state.to_act == (0,)
    return state


def _edges(state, kind="build_fence"):
    return sorted(
        (tuple(a.corner), tuple(a.field)) for a in engine.legal_actions(state) if a.kind == kind
    )


def _fences(state):
    return sorted(
        (tuple(f["corner"]), tuple(f["field"]), f["seat"]) for f in engine.summary(state)["fences"]
    )


def _cottage(state, seat, number=1):
    (c,) = [
        c for c in engine.summary(state)["cottages"] if c["seat"] == seat and c["number"] == number
    ]
    return tuple(c["corner"]), c["house"]


def test_a_fence_costs_one_wood():
    state = set_cubes(_board(), 0, wood=2, food=1)
    store = engine.summary(state)["store"]
    state = do(state, "build_fence", corner=BOB, field=F1)
    s = engine.summary(state)
    assert cubes_of(state, 0) == hand(wood=1, food=1)
    assert s["store"] == {**store, "wood": store["wood"] + 1}
    assert _fences(state) == [(BOB, F1, 0)]
    assert s["players"][0]["fences_left"] == 2
    assert s["players"][0]["fences_on_board"] == 1
    assert state.to_act == (1,)  # building was Ann's action; Bob's house still touches F2
    assert total_cubes(state) == TOTAL


def test_fences_go_on_any_cottage_edge_that_has_none():
    state = set_cubes(_board(), 0, wood=1)
    assert _edges(state) == sorted([(ANN, G), (BOB, F1), (BOB, F2), (CY, F1), (CY, F2), (CY, F3)])
    state = do(state, "build_fence", corner=CY, field=F3)
    state = set_cubes(state, 1, wood=1)
    assert (CY, F3) not in _edges(state)
    assert len(_edges(state)) == 5


def test_no_wood_no_fence():
    state = set_cubes(_board(), 0, food=3)
    assert _edges(state) == []
    assert illegal(state, action("build_fence", 0, corner=BOB, field=F1)) == (
        "Ann has no wood to build a fence."
    )


def test_fence_placement_rules():
    state = set_cubes(_board(fences=[(CY, F1, 2)]), 0, wood=3)
    msg = illegal(state, action("build_fence", 0, corner=(19, 19), field=F1))
    assert msg.startswith("A fence must stand beside a cottage or house")
    msg = illegal(state, action("build_fence", 0, corner=BOB, field=F3))
    assert msg == "The field (20,21) does not touch the corner (20,19)."
    msg = illegal(state, action("build_fence", 0, corner=CY, field=F1))
    assert msg == "There is already a fence between corner (20,20) and the field at (20,20)."
    # the Keythedral's corner holds no cottage: no fence there
    msg = illegal(state, action("build_fence", 0, corner=(0, 0), field=H))
    assert msg.startswith("A fence must stand beside a cottage or house")


def _round_of(state, *moves):
    """Each move is (kind, fields) for the seats in turn; None means pass."""
    for move in moves:
        state = do(state, "pass") if move is None else do(state, move[0], **move[1])
    return state


def test_at_most_three_fences_per_game_counting_removed_ones():
    state = set_cubes(_board(), 0, wood=5)
    state = set_cubes(state, 1, wine=2)
    state = _round_of(
        state,
        ("build_fence", {"corner": CY, "field": F1}),  # Ann
        ("remove_fence", {"corner": CY, "field": F1}),  # Bob removes it
        None,  # Cy
        ("build_fence", {"corner": CY, "field": F3}),  # Ann's second
        None,
        None,
        ("build_fence", {"corner": BOB, "field": F1}),  # Ann's third
        None,
        None,
    )
    assert state.to_act == (0,)
    s = engine.summary(state)
    assert s["players"][0]["fences_left"] == 0
    assert s["players"][0]["fences_on_board"] == 2
    assert cubes_of(state, 0)["wood"] == 2
    assert "build_fence" not in kinds(state)
    msg = illegal(state, action("build_fence", 0, corner=CY, field=F2))
    assert msg == "Ann has already built all 3 fences."


def test_removing_a_fence_costs_two_wine_and_it_leaves_the_game():
    state = _board(fences=[(CY, F1, 2), (BOB, F2, 2)])
    state = set_cubes(state, 0, wine=3, food=1)
    assert _edges(state, "remove_fence") == [(BOB, F2), (CY, F1)]
    store = engine.summary(state)["store"]
    state = do(state, "remove_fence", corner=CY, field=F1)
    s = engine.summary(state)
    assert cubes_of(state, 0) == hand(wine=1, food=1)
    assert s["store"] == {**store, "wine": store["wine"] + 2}
    assert _fences(state) == [(BOB, F2, 2)]
    # the owner does not get it back
    assert s["players"][2]["fences_on_board"] == 1
    assert s["players"][2]["fences_left"] == 3  # (set up on the board, never built by Cy)
    assert total_cubes(state) == TOTAL


def test_one_wine_cannot_remove_a_fence():
    state = set_cubes(_board(fences=[(CY, F1, 2)]), 0, wine=1)
    assert _edges(state, "remove_fence") == []
    assert illegal(state, action("remove_fence", 0, corner=CY, field=F1)) == (
        "Ann needs 2 wine to remove a fence."
    )
    state = set_cubes(state, 0, wine=2)
    assert "no fence between" in illegal(state, action("remove_fence", 0, corner=CY, field=F2))


def test_a_removed_fence_edge_can_be_fenced_again():
    state = set_cubes(_board(fences=[(CY, F1, 2)]), 0, wine=2)
    state = do(state, "remove_fence", corner=CY, field=F1)
    state = set_cubes(state, 1, wood=1)
    assert (CY, F1) in _edges(state)


# --- relocation ------------------------------------------------------------------------------
def _fence_bob_in():
    """Ann fences F1 off Bob's house, Bob passes, Cy fences F2 off: Bob must move."""
    state = set_cubes(_board(), 0, wood=1)
    state = set_cubes(state, 2, wood=1)
    state = do(state, "build_fence", corner=BOB, field=F1)
    assert kinds(state) != {"relocate_cottage"}  # F2 is still open to Bob
    state = do(state, "pass")
    return do(state, "build_fence", corner=BOB, field=F2)


def test_a_fully_fenced_house_is_relocated_at_once_by_its_owner():
    state = _fence_bob_in()
    assert state.to_act == (1,)  # Bob decides, though Cy just acted
    assert kinds(state) == {"relocate_cottage"}
    offered = {tuple(a.corner) for a in engine.legal_actions(state)}
    assert all(a.number == 1 and a.seat == 1 for a in engine.legal_actions(state))
    assert (0, 0) not in offered  # never the Keythedral's corner
    assert {(1, 0), (0, 1), (1, 1)} <= offered  # beside the quarry H
    assert BOB not in offered and CY not in offered and ANN not in offered
    state = do(state, "relocate_cottage", number=1, corner=(1, 0))
    assert _cottage(state, 1) == ((1, 0), True)  # a house stays a house
    assert engine.summary(state)["players"][1]["houses"] == 1
    assert _fences(state) == [(BOB, F1, 0), (BOB, F2, 2)]  # fences stay put
    assert state.to_act == (0,)  # play goes on after Cy


def test_relocation_cannot_go_to_a_taken_or_keythedral_corner():
    state = _fence_bob_in()
    for corner in [(0, 0), CY, (50, 50)]:
        msg = illegal(state, action("relocate_cottage", 1, number=1, corner=corner))
        assert "not free" in msg
    assert illegal(state, action("pass", 0)).startswith("It is not Ann's turn")


def test_the_empty_fenced_corner_is_no_place_to_move_to():
    # after Bob moved, his old corner is empty but fenced off from both its fields
    state = do(_fence_bob_in(), "relocate_cottage", number=1, corner=(1, 0))
    state = set_cubes(state, 0, wood=1)
    state = do(state, "build_fence", corner=ANN, field=G)  # Ann fences her own cottage in
    assert state.to_act == (0,)
    offered = {tuple(a.corner) for a in engine.legal_actions(state)}
    assert BOB not in offered
    assert (19, 19) in offered  # touches F1 and F2 from another corner


def test_a_player_may_fence_in_their_own_cottage_and_move_it():
    state = set_cubes(_board(), 0, wood=1)
    state = do(state, "build_fence", corner=ANN, field=G)
    assert state.to_act == (0,)
    assert kinds(state) == {"relocate_cottage"}
    state = do(state, "relocate_cottage", number=1, corner=(1, 1))
    assert _cottage(state, 0) == ((1, 1), False)  # a cottage stays a cottage
    assert state.to_act == (1,)


def test_removing_a_fence_never_moves_a_cottage_back():
    state = do(_fence_bob_in(), "relocate_cottage", number=1, corner=(1, 0))
    state = set_cubes(state, 0, wine=2)
    state = do(state, "remove_fence", corner=BOB, field=F1)
    assert _cottage(state, 1) == ((1, 0), True)
    assert state.to_act == (1,)


def test_a_fenced_in_cottage_with_nowhere_to_go_stays():
    # F1's four corners: Ann, Bob, Cy and an empty corner already fenced off from F1
    state = with_board(
        round_start(3),
        {F1: "lake"},
        [((19, 19), 0, 1, False), ((20, 19), 1, 1, False), ((19, 20), 2, 1, False)],
        [((20, 20), F1, 2)],
    )
    state = set_cubes(to_spend(state), 0, wood=1)
    state = do(state, "build_fence", corner=(20, 19), field=F1)
    assert state.to_act == (1,)
    assert "relocate_cottage" not in kinds(state)
    assert "pass" in kinds(state)
    assert _cottage(state, 1) == ((20, 19), False)


def test_a_player_who_procured_a_law_still_relocates():
    state = set_cubes(_board(), 0, wood=1)
    state = set_cubes(state, 1, food=1)
    state = set_cubes(state, 2, wood=1)
    state = do(state, "build_fence", corner=BOB, field=F1)  # Ann
    state = do(state, "procure_law", space=0)  # Bob: done for this phase
    state = do(state, "pay", cube="food")
    state = do(state, "build_fence", corner=BOB, field=F2)  # Cy fences Bob in
    assert state.to_act == (1,)
    assert kinds(state) == {"relocate_cottage"}
    state = do(state, "relocate_cottage", number=1, corner=(1, 1))
    assert _cottage(state, 1) == ((1, 1), True)
    assert state.to_act == (0,)  # Bob is still skipped for actions
