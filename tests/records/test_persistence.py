"""Saves: round trip, atomic writes, and refusing corrupt, foreign or altered files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from keythedral import engine, lang
from keythedral.bots import check_spec
from keythedral.records import persistence
from keythedral.records.autosave import AutoSaver
from tests.support.records import played


def test_round_trip(data_dir: Path) -> None:
    cfg, actions, state = played(120, long_game=True)
    path = persistence.autosave_path()
    assert path == data_dir / "autosave.json"
    persistence.save(path, cfg, actions, state)
    data = json.loads(path.read_text())
    assert data["format"] == "keythedral-save" and data["version"] == 1
    assert data["config"]["long_game"] is True and len(data["actions"]) == len(actions)
    saved = persistence.load(path)
    assert saved.config == cfg and list(saved.actions) == actions and saved.state == state
    assert "Ann, Bob, Cy" in saved.describe()
    assert list(data_dir.iterdir()) == [path]  # no temporary file left behind


def test_named_saves_are_listed_and_names_are_cleaned(data_dir: Path) -> None:
    cfg, actions, state = played(10, long_game=True)
    path = persistence.save_path("Friday night!/..")
    assert path == data_dir / "saves" / "Friday night.json"
    persistence.save(path, cfg, actions, state)
    assert persistence.list_saves() == [path]
    with pytest.raises(persistence.SaveError, match="needs a name"):
        persistence.save_path("../..")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"\x00\xff not json", "not readable JSON"),
        (b'{"hello": 1}', "not a Keythedral save"),
        (b'{"format": "keythedral-save", "version": 99}', "version 99 save"),
        (b'{"format": "keythedral-save", "version": 1, "config": {"players": ["A"]}}',
         "no valid game settings"),
    ],
)  # fmt: skip
def test_corrupt_or_foreign_files_are_refused_and_left_alone(
    data_dir: Path, text: bytes, message: str
) -> None:
    path = data_dir / "autosave.json"
    path.write_bytes(text)
    with pytest.raises(persistence.SaveError, match=message):
        persistence.load(path)
    assert path.read_bytes() == text


def test_a_tampered_state_is_refused(data_dir: Path) -> None:
    cfg, actions, state = played(120, long_game=True)
    path = persistence.autosave_path()
    persistence.save(path, cfg, actions, state)
    data = json.loads(path.read_text())
    data["state"]["players"][0]["cubes"][7] += 5  # five gold out of nowhere
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(persistence.SaveError, match="was altered"):
        persistence.load(path)
    assert path.read_bytes() == before


def test_a_damaged_action_list_is_refused(data_dir: Path) -> None:
    cfg, actions, state = played(120, long_game=True)
    path = persistence.autosave_path()
    persistence.save(path, cfg, actions, state)
    data = json.loads(path.read_text())
    data["actions"][5] = {"kind": "pass", "seat": 9}
    path.write_text(json.dumps(data))
    with pytest.raises(persistence.SaveError, match="action 6 of 120 cannot be replayed"):
        persistence.load(path)


def test_a_failed_write_keeps_the_previous_save(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg, actions, state = played(20, long_game=True)
    path = persistence.autosave_path()
    persistence.save(path, cfg, actions, state)
    good = path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)  # the atomic writer's last step
    with pytest.raises(persistence.SaveError, match="No space left"):
        persistence.save(path, cfg, actions[:5], engine.new_game(cfg))
    assert path.read_bytes() == good
    assert [p.name for p in data_dir.iterdir()] == ["autosave.json"]


def test_autosaver_writes_the_newest_snapshot(data_dir: Path) -> None:
    cfg, actions, state = played(40, long_game=True)
    saver = AutoSaver(persistence.autosave_path())
    s = engine.new_game(cfg)
    for i, a in enumerate(actions, 1):
        s = engine.apply(s, a)
        saver.submit(cfg, actions[:i], s)
    saver.flush()
    assert saver.error is None
    assert persistence.load(persistence.autosave_path()).state == state


def test_the_seats_of_computer_players_are_kept(data_dir: Path) -> None:
    cfg, actions, state = played(20, long_game=True)
    path = persistence.save_path("bots")
    seats = ("human", "greedy", "ismcts:iterations=50")
    persistence.save(path, cfg, actions, state, seats)
    assert json.loads(path.read_text())["seats"] == list(seats)
    saved = persistence.load(path)
    assert saved.seats == seats and saved.state == state
    assert saved.describe().startswith("Ann, Bob (greedy), Cy (ismcts) · layout")
    in_french = lang.in_language("fr", saved.describe)  # the load dialog's line, as read
    assert in_french.startswith("Ann, Bob (greedy), Cy (ismcts) · mise en place")
    assert f"· graine {cfg.seed}" in in_french
    # Saves of people only say nothing about seats (and read as people only).
    persistence.save(path, cfg, actions, state, ("human",) * 3)
    assert "seats" not in json.loads(path.read_text())
    assert persistence.load(path).seats == ()
    saver = AutoSaver(persistence.autosave_path())
    saver.submit(cfg, actions, state, seats)
    saver.flush()
    assert persistence.load(persistence.autosave_path()).seats == seats


def test_a_save_from_before_computer_players_loads_as_people_only(data_dir: Path) -> None:
    cfg, actions, state = played(10, long_game=True)
    path = data_dir / "old.json"
    persistence.save(path, cfg, actions, state)
    data = json.loads(path.read_text())
    assert "seats" not in data and data["version"] == persistence.VERSION
    assert persistence.load(path).seats == ()


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["human", "greedy"], "damaged list of seats"),
        ("greedy", "damaged list of seats"),
        (["human", 3, "greedy"], "damaged list of seats"),
        (["human", "oracle", "greedy"], "names a computer player this program lacks"),
    ],
)
def test_a_damaged_list_of_seats_is_refused(data_dir: Path, seats: object, message: str) -> None:
    cfg, actions, state = played(10, long_game=True)
    path = data_dir / "bad.json"
    persistence.save(path, cfg, actions, state, ("human", "greedy", "random"))
    data = json.loads(path.read_text())
    data["seats"] = seats
    path.write_text(json.dumps(data))
    with pytest.raises(persistence.SaveError, match=message):
        persistence.load(path, check_seat=check_spec)
