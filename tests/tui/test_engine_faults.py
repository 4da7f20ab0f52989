"""The app never loses a game to a fault of the rules engine: when ``engine.apply`` raises
anything but IllegalAction on a move, the game stays at its last good state (in the session and
in the autosave), a record for a bug report is written in the data folder, the people are told
in plain words which file holds it, and the game goes on: a person chooses another move, a
computer player plays another of its legal moves (keythedral.records.faults.fallback)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from keythedral import __version__, engine
from keythedral.records import faults, persistence
from keythedral.tui.app import KeythedralApp
from tests.support.driver import take
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import config, make_app

SIZE = (100, 32)
TOLD = re.compile(r"A record for a bug report is in (\S+\.json)\.")


def told_faults(app: KeythedralApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The notes of the app about faults of the rules engine, as they are said."""
    said: list[str] = []
    notify = app.notify

    def spy(message: str, **kw: Any) -> None:
        if read(kw.get("title") or "") == "The rules engine failed":
            said.append(read(message))
        notify(message, **kw)

    monkeypatch.setattr(app, "notify", spy)
    return said


def the_report(note: str, data: Path) -> dict[str, Any]:
    """The record for a bug report a note names: in the data folder's bug-reports."""
    found = TOLD.search(note)
    assert found is not None, note
    path = Path(found.group(1))
    assert path.parent == data / "bug-reports" and path.is_file()
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "keythedral-bug-report" and record["game"] == __version__
    assert record["error"]["type"] == "RuntimeError"
    assert record["error"]["message"] == "a bug in the rules engine"
    assert "Traceback" in record["error"]["traceback"]
    return record


async def test_a_persons_move_the_engine_fails_on_is_reported_and_another_is_played(
    _data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = config()
    app = make_app(cfg, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        said = told_faults(app, monkeypatch)
        start = session.state
        real = engine.apply
        bad: list[engine.Action] = []

        def failing(state: engine.GameState, action: engine.Action) -> engine.GameState:
            # The first action tried on the first state, and that one only, fails.
            if state is start and (not bad or action == bad[0]):
                bad[:1] = [action]
                raise RuntimeError("a bug in the rules engine")
            return real(state, action)

        monkeypatch.setattr(engine, "apply", failing)
        await pilot.press("enter")  # lays the first field tile: the engine fails on it
        await pilot.pause()
        # No crash, and nothing was played: the game is where it was, and so is the autosave.
        assert app.is_running and app.return_code is None
        assert bad and session.actions == [] and session.state is start
        saved = persistence.load(persistence.autosave_path())
        assert saved.actions == () and saved.state == start
        # The person is told in plain words, and which file holds the record.
        assert len(said) == 1
        assert said[0].startswith("Something went wrong in the game's rules engine with that")
        assert "is saved as it was before it" in said[0] and "Choose another move." in said[0]
        text = screen_text(app)
        assert "That move could not be played" in text and "Traceback" not in text
        record = the_report(said[0], _data_dir)
        assert record["config"] == cfg.model_dump(mode="json") and record["actions"] == []
        assert record["action"] == bad[0].model_dump(mode="json")
        assert record["where"] == "app: with that move"
        # The game goes on from there with another move, saved as ever.
        other = next(a for a in session.legal() if a != bad[0])
        await take(pilot, app, other)
        assert session.actions == [other]
        assert persistence.load(persistence.autosave_path()).state == session.state
        assert len(said) == 1 and app.return_code is None


async def test_a_bots_move_the_engine_fails_on_is_reported_and_it_plays_another(
    _data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cfg = config(4)
    app = make_app(cfg, seats=("human", "greedy", "greedy"), bot_pause=0, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        said = told_faults(app, monkeypatch)
        # Bob's first move (the layout: after Ann's field and cottage) is the one that fails.
        bob = app.runner.bots[1]
        chosen: list[tuple[int, engine.GameState, engine.Action]] = []
        choose = bob.choose

        def watched(view: engine.PlayerView, legal: list[engine.Action]) -> engine.Action:
            action = choose(view, legal)
            if not chosen:
                chosen.append((len(session.actions), session.state, action))
            return action

        real = engine.apply

        def failing(state: engine.GameState, action: engine.Action) -> engine.GameState:
            if chosen and state is chosen[0][1] and action == chosen[0][2]:
                raise RuntimeError("a bug in the rules engine")
            return real(state, action)

        monkeypatch.setattr(bob, "choose", watched)
        monkeypatch.setattr(engine, "apply", failing)
        await take(pilot, app, session.legal_for(0)[0])
        await take(pilot, app, session.legal_for(0)[0])  # Ann's cottage: the bots move
        await pilot.pause()
        assert app.is_running and app.return_code is None
        assert chosen, "Bob never chose"
        at, before, bad = chosen[0]
        # Bob's failed move was never played: the state before it is the last good one, and
        # Bob played another of his legal moves instead, the first that applies.
        assert session.states[at] is before and session.actions[at] != bad
        instead = faults.fallback(
            before, [a for a in engine.legal_actions(before) if a.seat == 1], {bad}
        )
        assert instead is not None and session.actions[at] == instead[0]
        # The bots did not stall: Cy laid out too, and it is Ann's turn again.
        assert len(session.actions) > at + 1 and session.state.to_act == (0,)
        assert app.runner.thinking is None
        assert persistence.load(persistence.autosave_path()).state == session.state
        # The people are told, with the file that holds the record.
        assert len(said) == 1 and "Bob (greedy) plays another move instead" in said[0]
        record = the_report(said[0], _data_dir)
        assert record["action"] == bad.model_dump(mode="json")
        assert record["actions"] == [a.model_dump(mode="json") for a in session.actions[:at]]
        assert record["seats"] == ["human", "greedy", "greedy"]
        assert "Traceback" not in screen_text(app)
        # And the game goes on.
        n = len(session.actions)
        await take(pilot, app, session.legal_for(0)[0])
        assert len(session.actions) > n and app.return_code is None
