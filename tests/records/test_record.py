"""One game record: saves, replays and the tutorial's progress are read, replayed and refused
by one loader with one error type (naming the action and the reason), written by one atomic
writer, and `keythedral log FILE` reads every kind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keythedral import cli, engine
from keythedral.bots import check_spec, make_bot
from keythedral.records import loader, persistence, record, replay
from keythedral.tutorial import Tutorial, TutorialError, progress_game


def played(n_actions: int = 60) -> tuple[engine.GameConfig, list[engine.Action], engine.GameState]:
    cfg = engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=4)
    bots = [make_bot("greedy", s) for s in range(3)]
    state, actions = engine.new_game(cfg), []
    while state.to_act and len(actions) < n_actions:
        seat = state.to_act[0]
        actions.append(bots[seat].choose(engine.view(state, seat), engine.legal_actions(state)))
        state = engine.apply(state, actions[-1])
    return cfg, actions, state


def load_any(path: Path) -> record.Record:
    """Any record, read as ``keythedral log`` reads it."""
    return loader.load(path, tutorial=progress_game, check_seat=check_spec)


def written(tmp_path: Path, kind: str) -> Path:
    """A save or a replay of the same 60 actions."""
    cfg, actions, state = played()
    path = tmp_path / f"{kind}.json"
    if kind == "save":
        persistence.save(path, cfg, actions, state)
    else:
        replay.save(replay.record(cfg, actions), path)
    return path


def test_every_kind_of_record_is_a_record_error_when_refused() -> None:
    assert issubclass(persistence.SaveError, record.RecordError)
    assert issubclass(replay.ReplayError, record.RecordError)
    assert issubclass(TutorialError, record.RecordError)


@pytest.mark.parametrize("kind", ["save", "replay", "tutorial"])
def test_one_loader_reads_every_kind(tmp_path: Path, kind: str) -> None:
    cfg, actions, state = played()
    path = tmp_path / f"{kind}.json"
    if kind == "save":
        persistence.save(path, cfg, actions, state)
    elif kind == "replay":
        replay.save(replay.record(cfg, actions), path)
    else:
        tutorial = Tutorial()
        while len(tutorial.actions) < 30:  # do what each step asks, as a learner would
            tutorial.run()
            step = tutorial.step()
            if step.kind == "note":
                tutorial.acknowledge()
            else:
                assert tutorial.attempt(step.action).ok
        tutorial.save(path)
        cfg, actions = tutorial.config, list(tutorial.actions)
    got = load_any(path)
    assert got.kind == kind and got.config == cfg and list(got.actions) == list(actions)
    state = engine.new_game(cfg)
    for a in actions:
        state = engine.apply(state, a)
    assert list(got.states())[-1] == state


@pytest.mark.parametrize("kind", ["save", "replay"])
def test_a_bad_action_names_its_number_and_reason(tmp_path: Path, kind: str) -> None:
    path = written(tmp_path, kind)
    data = json.loads(path.read_text())
    data["actions"][9] = {"kind": "pass", "seat": 2}
    path.write_text(json.dumps(data))
    with pytest.raises(record.RecordError) as err:
        load_any(path)
    assert err.value.action == 10
    assert "action 10 of 60" in str(err.value) and err.value.reason in str(err.value)


@pytest.mark.parametrize("kind", ["save", "replay"])
def test_an_engine_fault_while_replaying_a_file_is_a_clear_error(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug of the engine met while loading is refused like a damaged file, never a crash."""
    path = written(tmp_path, kind)
    bad = engine.parse_action(json.loads(path.read_text())["actions"][9])
    real = engine.apply

    def apply(state: engine.GameState, action: engine.Action) -> engine.GameState:
        if action == bad:
            raise KeyError("a bug in the rules engine")
        return real(state, action)

    monkeypatch.setattr(engine, "apply", apply)
    with pytest.raises(record.RecordError) as err:
        load_any(path)
    assert err.value.action == 10 and "rules engine failed on it, KeyError" in str(err.value)


def test_a_file_of_no_known_kind_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"format": "something-else"}')
    with pytest.raises(record.RecordError, match="not a Keythedral save, replay or tutorial"):
        load_any(path)


def test_the_one_writer_leaves_the_old_file_whole_when_writing_fails(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    record.write_atomic(path, "old")

    with pytest.raises(TypeError):
        record.write_atomic(path, 42)  # type: ignore[arg-type]
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


@pytest.mark.parametrize("kind", ["save", "replay"])
def test_keythedral_log_reads_every_kind(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, kind)
    assert cli.main(["log", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann, Bob, Cy" in out and "Round 1" in out
