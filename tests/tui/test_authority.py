"""Who applies a person's action (keythedral.tui.authority), without Textual: the engine for
a game held here, the lessons for the tutorial, the host over the link for a joined seat, and
nobody for a replay (keythedral.tui.session.ReplaySession)."""

from __future__ import annotations

from typing import Any

import pytest

from keythedral import engine
from keythedral.bots import make_bot
from keythedral.net.protocol import StateUpdate
from keythedral.records import faults, replay
from keythedral.records.replay import ReplayCursor
from keythedral.tui.authority import (
    Failed,
    InProcess,
    Lessons,
    OverTheLink,
    Played,
    Refused,
    Sent,
)
from keythedral.tui.remote import RemoteSession
from keythedral.tui.session import GameSession, ReplaySession, Session
from keythedral.tutorial import Tutorial
from tests.support.textshot import read
from tests.support.tui_helpers import config


# --- a game held here -------------------------------------------------------------------------
def test_a_legal_action_is_applied_and_kept() -> None:
    session = Session.new(config())
    action = session.legal()[0]
    assert isinstance(session.authority, InProcess)
    assert session.authority.submit(action) == Played()
    assert session.actions == [action]
    assert len(session.states) == 2


def test_an_illegal_action_is_refused_with_the_engines_reason_and_changes_nothing() -> None:
    session = Session.new(config())
    action = session.legal()[0]
    session.authority.submit(action)
    outcome = session.authority.submit(action)  # the same field again: taken now
    assert isinstance(outcome, Refused)
    assert outcome.reason == session.why_illegal(action)
    assert outcome.reason
    assert session.actions == [action]


def test_a_computer_players_seat_is_refused_without_a_word() -> None:
    session = Session.new(config(), seats=("greedy", "human", "human"))
    action = session.legal()[0]
    assert action.seat == 0
    assert session.authority.submit(action) == Refused(None)
    assert session.actions == []


def test_a_fault_of_the_engine_is_returned_and_the_game_stays_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session.new(config())
    action = session.legal()[0]

    def broken(state: Any, act: Any) -> Any:
        raise faults.EngineFault(act, RuntimeError("broken"))

    monkeypatch.setattr(faults, "apply", broken)
    outcome = session.authority.submit(action)
    assert isinstance(outcome, Failed)
    assert outcome.fault.action == action
    assert session.actions == []
    assert len(session.states) == 1


# --- the tutorial -----------------------------------------------------------------------------
def test_the_lessons_refuse_a_move_before_the_note_is_read_and_take_the_asked_one() -> None:
    t = Tutorial()
    session = Session(config=t.config, states=t.states, actions=t.actions, referee=Lessons(t))
    assert isinstance(session.authority, Lessons)
    t.run()
    assert t.step().kind == "note"
    outcome = session.authority.submit(t.legal()[0])
    assert isinstance(outcome, Refused)
    assert outcome.verdict is not None and not outcome.verdict.ok
    assert outcome.reason == outcome.verdict.reason
    assert t.actions == []
    while t.step().kind != "task":
        assert t.acknowledge()
        t.run()
    step = t.step()
    assert session.authority.submit(step.action) == Played()
    assert session.actions[-1] == step.action  # the session shares the tutorial's lists


# --- a seat of a hosted game ------------------------------------------------------------------
def joined(send: Any) -> RemoteSession:
    game = Session.new(config())
    view = game.view(0)
    update = StateUpdate(at=4, view=view, legal=tuple(game.legal_for(0)), log_from=0, events=())
    return RemoteSession(config=game.config, seat=0, update=update, online=True, send=send)


def test_a_joined_seats_choice_is_sent_with_its_position_and_nothing_else_may_be_chosen() -> None:
    sent: list[tuple[Any, int]] = []
    session = joined(lambda action, at: sent.append((action, at)))
    action = session.legal()[0]
    assert isinstance(session.authority, OverTheLink)
    assert session.authority.submit(action) == Sent()
    assert sent == [(action, 4)]
    assert session.waiting and session.sent_at == 4
    assert session.legal() == []  # until the host answers
    refused = session.authority.submit(action)
    assert isinstance(refused, Refused) and read(refused.reason or "") == (
        "That is not one of your choices now."
    )
    assert sent == [(action, 4)]


def test_a_joined_seat_without_a_link_has_no_authority() -> None:
    assert joined(None).authority is None


# --- a replay ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def recorded() -> replay.Replay:
    cfg = config(seed=5)
    bots = [make_bot("greedy", s) for s in range(cfg.n)]
    state = engine.new_game(cfg)
    actions = []
    while state.to_act and len(actions) < 60:
        seat = state.to_act[0]
        action = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        actions.append(action)
        state = engine.apply(state, action)
    return replay.record(cfg, actions, seats=("human", "greedy", "greedy"))


def test_nothing_can_be_played_in_a_replay(recorded: replay.Replay) -> None:
    cursor = ReplayCursor(recorded, 30)
    game: GameSession = ReplaySession.of(cursor)  # the interface the game screen reads
    assert game.authority is None
    assert game.local is None
    assert game.here == ()
    assert game.legal() == [] and game.legal_for(game.to_act[0]) == []
    assert game.undoable_by() is None and not game.needs_privacy()
    assert game.why_illegal(recorded.actions[30])


def test_a_replay_session_is_the_game_at_the_cursor(recorded: replay.Replay) -> None:
    cursor = ReplayCursor(recorded)
    game = ReplaySession.of(cursor)
    for index in (0, 1, 30, len(cursor)):
        cursor.goto(index)
        state = cursor.state
        assert game.at == index
        assert game.to_act == state.to_act and game.round == state.round
        assert game.log_total == state.log_total
        assert game.over == (not state.to_act)
        for seat in (None, 0, 1, 2):
            assert game.view(seat) == engine.view(state, seat)
        for seat in range(3):
            assert game.holds_laws(seat) == bool(state.players[seat].laws)
    assert game.public_seed == recorded.config.seed


def test_a_replays_seats_are_named_as_the_file_says(recorded: replay.Replay) -> None:
    game = ReplaySession.of(ReplayCursor(recorded))
    names = recorded.config.players
    assert [read(game.seat_label(s)) for s in range(3)] == [
        f"{names[0]} (human)",
        f"{names[1]} (greedy)",
        f"{names[2]} (greedy)",
    ]
    assert [game.is_bot(s) for s in range(3)] == [False, True, True]
    assert game.humans == (0,)
    unnamed = ReplaySession.of(ReplayCursor(replay.record(recorded.config, recorded.actions)))
    assert unnamed.seat_label(1) == names[1]
