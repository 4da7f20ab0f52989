"""The engine's records are plain frozen dataclasses; pydantic reads and writes them at the edges.

What a pydantic model gave the rest of the program stays: JSON out and back (equal, and
refusing what is not a record), validation of an action made by hand, immutability, hashing.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from keythedral import engine
from keythedral.engine import data, windows
from keythedral.engine import events as ev
from keythedral.engine import state as state_module
from keythedral.engine.data import replace
from keythedral.engine.state import Payment, PlayerState
from tests.support.policy import choose

ENGINE = Path(engine.__file__).parent


def _played(steps: int, seed: int = 3) -> engine.GameState:
    rng = random.Random(seed)
    state = engine.new_game(engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=seed))
    for _ in range(steps):
        state = engine.apply(state, choose(state, engine.legal_actions(state), rng))
    return state


def test_the_state_its_parts_the_actions_events_and_views_are_dataclasses_not_models() -> None:
    state = _played(150)
    records = [state, state.players[0], engine.view(state, 0), engine.legal_actions(state)[0]]
    records += list(state.log[-3:])
    for record in records:
        assert dataclasses.is_dataclass(record), type(record)
        assert not isinstance(record, BaseModel), type(record)
        assert not hasattr(type(record), "__getattr__"), type(record)  # reads need no hook


def test_records_are_immutable_and_hashable() -> None:
    state = _played(40)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.round = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.players[0].fences_built = 2  # type: ignore[misc]
    action = engine.legal_actions(state)[0]
    assert hash(action) == hash(engine.parse_action(json.loads(action.model_dump_json())))


def test_the_json_round_trip_of_the_contract_holds_and_refuses_unknown_keys() -> None:
    state = _played(300)
    assert engine.GameState.model_validate_json(state.model_dump_json()) == state
    data = state.model_dump(mode="json")
    assert engine.GameState.model_validate(data) == state
    data["players"][0]["secret"] = 1
    with pytest.raises(ValidationError):
        engine.GameState.model_validate(data)
    view = engine.view(state, 1)
    assert engine.PlayerView.model_validate_json(view.model_dump_json()) == view


def test_an_action_made_by_hand_is_validated_as_a_model_was() -> None:
    made = engine.PlaceWorker(seat=0, number=1, field=[2, 3])  # type: ignore[arg-type]
    assert made.field == (2, 3) and type(made.field) is tuple  # converted, so hashable
    assert hash(made) == hash(engine.PlaceWorker(seat=0, number=1, field=(2, 3)))
    with pytest.raises(ValidationError):
        engine.Pass(seat="Ann")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        engine.Pay(seat=0, cube="diamond")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        engine.Pass(seat=0, colour="red")  # type: ignore[call-arg]


def test_replace_copies_both_kinds_of_record_and_refuses_unknown_fields() -> None:
    player = PlayerState(name="Ann", cubes=(1,) * 8)
    moved = replace(player, fences_built=2)
    assert (moved.fences_built, moved.cubes, player.fences_built) == (2, (1,) * 8, 0)
    window = engine.legal_actions(_played(10))[0]  # a slotted record: an action
    assert replace(window, seat=window.seat) == window
    with pytest.raises(TypeError, match="has no field colour"):
        replace(window, colour=1)
    with pytest.raises(TypeError, match="Payment has no field owe"):
        replace(Payment(seat=0, purpose="craft"), owe=1)
    assert player.model_copy(update={"name": "Bo"}).name == "Bo"


def test_an_event_compares_equal_to_itself_read_back() -> None:
    event = ev.new(ev.FieldLaid, seat=1, pos=(0, 1), field_type="farm")
    adapter = engine.GameState.adapter()  # any record's adapter reads its parts
    assert adapter is engine.GameState.adapter()
    state = replace(_played(5), log=(event,))
    assert engine.GameState.model_validate_json(state.model_dump_json()).log == (event,)


def test_no_engine_module_reads_a_records_dict_but_the_copy() -> None:
    """The hot path reads fields as attributes; ``__dict__`` is the unslotted copy's alone."""
    found = []
    for path in sorted(ENGINE.glob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"\.__dict__\b", line) and path.name not in ("data.py", "state.py"):
                found.append(f"{path.name}:{n}")
    assert not found
    assert "__dict__" not in (ENGINE / "state.py").read_text().split("def _write")[0]


def test_a_view_holds_exactly_its_own_fields_and_none_of_the_states_hidden_ones() -> None:
    """The view starts from a copy of the state's fields: what it hides must be gone."""
    from keythedral.engine.data import built

    for steps in (0, 120, 250):
        state = _played(steps)
        for seat in (0, None):
            shown = engine.view(state, seat)
            assert set(vars(shown)) == {f.name for f in dataclasses.fields(shown)}
            for hidden in ("rng", "field_stack", "mat", "unused", "law_deck", "law_spaces"):
                assert getattr(shown, hidden, None) != getattr(state, hidden)
    with pytest.raises(TypeError, match="not its fields"):
        built(engine.PlayerView, {**vars(shown), "rng": 1})


def test_a_phase_start_window_is_pushed_into_the_state_the_phase_start_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``windows.phase_start`` marks the phase done in a copy of a state it was given (not one
    of this transition's own) and pushes the window into that copy: one copy, not two, and the
    state given is left as it was."""
    state = next(
        s
        for s in (_played(steps, seed) for seed in range(3, 9) for steps in (150, 200))
        if any(p.laws for p in s.players) and not s.windows  # (the window opens)
    )
    copies: list[str] = []
    real = data.copy_with

    def counted(obj: Any, changes: dict[str, Any]) -> Any:
        copies.append(type(obj).__name__)
        return real(obj, changes)

    monkeypatch.setattr(data, "copy_with", counted)
    monkeypatch.setattr(state_module, "copy_with", counted)
    before = state.model_dump_json()
    after = windows.phase_start(state, "harvest")
    assert after.windows[-1].kind == "phase_start" and after.window_done == "harvest"
    assert copies.count("GameState") == 1
    assert state.model_dump_json() == before
