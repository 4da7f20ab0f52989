"""The words the records show a player (damaged saves and replays, the autosave's notes,
`keythedral log`) are looked up when shown: under the pseudo-language they come out bracketed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from keythedral.records import faults, gamelog, persistence, record, replay
from keythedral.records.journal import Journal, follow_journal
from tests.support.records import played
from tests.words.pseudo import assert_translated


def refusal(text: str | bytes) -> str:
    with pytest.raises(record.RecordError) as caught:
        persistence.loads(text)
    return str(caught.value)


def test_a_damaged_save_is_refused_in_the_readers_language(pseudo: None) -> None:
    cfg, actions, state = played(steps=12)
    good = json.loads(persistence.dumps(cfg, actions, state))
    damaged = [
        b"not json",
        b"{}",
        json.dumps({**good, "version": 99, "game": "9.9"}),
        json.dumps({**good, "version": 0}),
        json.dumps({**good, "version": "x"}),
        json.dumps({**good, "actions": None}),
        json.dumps({**good, "config": {}}),
        json.dumps({**good, "state": {}}),
        json.dumps({**good, "actions": good["actions"][:-1]}),
        json.dumps({**good, "actions": [*good["actions"][:3], {"kind": "pass", "seat": 0}]}),
        json.dumps({**good, "actions": [{"kind": "nonsense"}], "game": "0.0.1"}),
        json.dumps({**good, "seats": ["human"]}),
    ]
    for text in damaged:
        assert_translated(refusal(text))
    for name in ("", "../.."):
        with pytest.raises(persistence.SaveError) as caught:
            persistence.save_path(name)
        assert_translated(str(caught.value))


def test_files_that_cannot_be_read_are_refused_in_the_readers_language(
    pseudo: None, tmp_path: Path
) -> None:
    for what in ("file", "save", "list of seat tokens"):
        with pytest.raises(record.RecordError) as caught:
            record.read_data(tmp_path / "missing.json", what=what)
        assert_translated(str(caught.value))
    with pytest.raises(record.RecordError) as caught:
        record.read_data(tmp_path)  # a folder
    assert_translated(str(caught.value))
    for verb in ("saved", "recorded"):
        for release in ("", "0.0.1"):
            assert_translated(record.other_rules(release, verb).strip())


def test_the_replays_problems_and_account_are_in_the_readers_language(
    pseudo: None, tmp_path: Path
) -> None:
    cfg, actions, _state = played(steps=12)
    rp = replay.record(cfg, actions, ("human", "greedy", "human"))
    data = rp.to_dict()
    for lines in replay.describe(rp).split("\n"):
        assert_translated(lines)
    damaged = [
        "[]",
        json.dumps({**data, "format": "other"}),
        json.dumps({**data, "version": 99}),
        json.dumps({**data, "config": {"players": []}}),
        json.dumps({**data, "seed": -5}),
        json.dumps({**data, "actions": None}),
        json.dumps({**data, "actions": [{"kind": "nonsense"}]}),
        json.dumps({**data, "seats": [1]}),
        json.dumps({**data, "seats": ["a"]}),
        json.dumps({**data, "result": 3}),
        json.dumps({**data, "result": {"scores": None, "winners": None, "rounds": 99}}),
        "not json",
    ]
    for text in damaged:
        with pytest.raises(replay.ReplayError) as caught:
            replay.Replay.from_json(text)
        assert_translated(str(caught.value))
    with pytest.raises(replay.ReplayError) as caught:
        replay.load(tmp_path / "missing.json")
    assert_translated(str(caught.value))


def test_the_log_and_the_notes_are_in_the_readers_language(pseudo: None, tmp_path: Path) -> None:
    cfg, actions, _state = played(steps=40)
    for line in gamelog.log_text(cfg, actions).strip().split("\n"):
        assert_translated(line)
    assert_translated(gamelog._heading(0))
    assert_translated(gamelog._heading(3))
    assert_translated(faults.kept_words(None))
    assert_translated(faults.kept_words(tmp_path / "x.json"))
    saved = persistence.SavedGame(cfg, tuple(actions), _state, "", journal=("j", 0))
    noted = follow_journal(saved, Journal(tmp_path / "j.jsonl", problem="[it is damaged]"))
    assert_translated(noted.note)
