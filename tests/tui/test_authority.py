"""Who applies a person's action (keythedral.tui.authority), without Textual: the engine for
a game held here, the lessons for the tutorial, the host over the link for a joined seat."""

from __future__ import annotations

from typing import Any

import pytest

from keythedral.net.protocol import StateUpdate
from keythedral.records import faults
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
from keythedral.tui.session import Session
from keythedral.tutorial import Tutorial
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
    assert session.authority.submit(action) == Refused("That is not one of your choices now.")
    assert sent == [(action, 4)]


def test_a_joined_seat_without_a_link_has_no_authority() -> None:
    assert joined(None).authority is None
