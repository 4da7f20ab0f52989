"""view(state, seat): each seat sees its own cubes, laws and buildings and nobody else's; the
spectator sees none; face-down tiles, the law deck and spaces, the stack order and the RNG are in
no view."""

import pytest

from keythedral import engine
from keythedral.engine.catalogue import laws as law_catalogue
from keythedral.engine.events import LawProcured
from tests.support.helpers import LAW_IDS, do, new, set_cubes, set_player, spend_state, told


def _secret_game():
    """Round 1, phase 3; Bob holds a law, a building and some cubes; Cy holds other cubes."""
    state = spend_state(3, seed=5)
    law = state.law_deck[0]
    building = state.unused[0][0]  # not on the mat, so never face up
    state = state.model_copy(update={"law_deck": state.law_deck[1:]})
    state = set_player(state, 1, laws=(law,), buildings=(building,))
    state = set_cubes(state, 1, gold=2, wine=1)
    state = set_cubes(state, 2, iron=1)
    return state, law, building


def test_a_seat_sees_its_own_hand():
    state, law, building = _secret_game()
    me = engine.view(state, 1).me
    assert me.seat == 1
    assert me.cubes == (0, 0, 0, 0, 1, 0, 0, 2)
    assert me.laws == (law,)
    assert me.buildings == (building,)
    assert engine.view(state, 2).me.cubes == (0, 0, 0, 0, 0, 1, 0, 0)


@pytest.mark.parametrize("seat", [0, 2, None])
def test_nobody_else_sees_a_hand(seat):
    state, law, building = _secret_game()
    view = engine.view(state, seat)
    assert view.seat == seat
    assert view.final is None
    if seat is None:
        assert view.me is None
    else:
        assert view.me.seat == seat
        assert view.me.laws == ()
    text = view.model_dump_json()
    assert f'"{law}"' not in text
    assert building not in text
    # the public player records carry no cubes, laws or buildings
    for p in view.players:
        assert not {"cubes", "laws", "buildings"} & set(p.model_dump())


def test_the_spectator_sees_no_hand_at_all():
    state, _, _ = _secret_game()
    view = engine.view(state, None)
    assert view.me is None
    assert view.final is None


@pytest.mark.parametrize("seat", [0, 1, None])
def test_face_down_information_is_in_no_view(seat):
    state = spend_state(3, seed=5)
    text = engine.view(state, seat).model_dump_json()
    hidden_tiles = [t for stage in state.mat[1:] for t in stage]
    hidden_tiles += [t for stage in state.unused for t in stage]
    for t in hidden_tiles:
        assert f'"{t}"' not in text, t
    for card in LAW_IDS:  # nobody holds a law yet: no card name at all may show
        assert f'"{card}"' not in text, card
    assert '"rng"' not in text
    assert str(state.rng) not in text


def test_the_seed_is_not_in_the_view():
    state = spend_state(3, seed=5).model_copy()
    cfg = state.config.model_copy(update={"seed": 987654321})
    state = state.model_copy(update={"config": cfg})
    assert "987654321" not in engine.view(state, 0).model_dump_json()


def test_the_field_stack_order_is_secret():
    state = new(3, seed=5)
    view = engine.view(state, 0)
    assert view.fields_in_stack == 15
    assert view.next_field == state.field_stack[0]  # the drawn tile being laid
    text = view.model_dump_json()
    assert "field_stack" not in text


def test_public_information_is_in_every_view():
    state, _, _ = _secret_game()
    for seat in (0, 1, None):
        view = engine.view(state, seat)
        assert view.store == state.store
        assert view.craftsmen == state.craftsmen
        assert view.cottages == state.cottages
        assert view.to_act == state.to_act
        assert sorted(t.id for t in view.tiles) == sorted(state.mat[0])
        assert view.law_spaces == (True, True)
        assert view.law_deck == 17
        assert [p.name for p in view.players] == ["Ann", "Bob", "Cy"]


def test_view_of_a_missing_seat_is_an_error():
    with pytest.raises(ValueError):
        engine.view(spend_state(3), 3)


def test_view_is_a_frozen_model():
    view = engine.view(spend_state(3), 0)
    assert isinstance(view, engine.PlayerView)
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen error
        view.round = 9


def test_a_procured_law_is_seen_by_its_holder_only():
    state = set_cubes(spend_state(3, seed=5), 0, food=1)
    card = state.law_spaces[0]
    state = do(state, "procure_law", space=0)
    state = do(state, "pay", cube="food")
    assert engine.view(state, 0).me.laws == (card,)
    for seat in (1, 2, None):
        assert f'"{card}"' not in engine.view(state, seat).model_dump_json()
    # the log is public: it says a law was taken, not which
    log = engine.view(state, None).log
    assert isinstance(log[-1], LawProcured) and log[-1].seat == 0
    name = law_catalogue()[card].name
    assert not any(card in line or name in line for line in told(state))
    assert card not in "".join(e.model_dump_json() for e in log)
    assert engine.summary(state)["players"][0]["laws_held"] == 1
