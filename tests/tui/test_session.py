"""The session: windows, and which actions may be taken back."""

from __future__ import annotations

from keythedral import engine
from keythedral.tui.session import Session
from tests.support.tui_helpers import config, play_until


def session_at(stop, seed: int = 3, procure: float = 0.0) -> Session:  # type: ignore[no-untyped-def]
    cfg = config(seed)
    _, actions = play_until(engine.new_game(cfg), stop, seed, procure=procure)
    return Session.replayed(cfg, actions)


def step(session: Session, action: object) -> None:
    session.push(action, engine.apply(session.state, action))


def test_laying_a_field_can_be_taken_back_but_not_the_cottage_that_shows_the_next_tile() -> None:
    s = Session.new(config())
    step(s, s.legal()[0])  # Ann lays a field
    assert s.undoable_by() == 0
    step(s, s.legal()[0])  # Ann places a cottage: Bob's field tile turns up
    assert s.undoable_by() is None
    s2 = Session.new(config())
    step(s2, s2.legal()[0])
    s2.undo()
    assert s2.state == Session.new(config()).state and s2.actions == []


def test_paying_cube_by_cube_can_be_taken_back() -> None:
    s = session_at(lambda st: st.phase == "spend" and sum(st.players[st.to_act[0]].cubes) >= 2
                   and not st.windows)  # fmt: skip
    seat = s.state.to_act[0]
    trade = next(a for a in s.legal() if a.kind == "trade")
    step(s, trade)
    assert s.undoable_by() == seat
    step(s, next(a for a in s.legal() if a.kind == "pay"))
    assert s.undoable_by() == seat
    s.undo()
    s.undo()
    assert s.state.payment is None


def test_a_procured_law_card_cannot_be_taken_back() -> None:
    s = session_at(lambda st: st.phase == "spend" and not st.windows
                   and any(a.kind == "procure_law" for a in engine.legal_actions(st)))  # fmt: skip
    step(s, next(a for a in s.legal() if a.kind == "procure_law"))
    while s.state.payment is not None:
        step(s, next(a for a in s.legal() if a.kind == "pay"))
    assert s.undoable_by() is None


def test_a_stage_reveal_cannot_be_taken_back() -> None:
    s = session_at(lambda st: st.stage == 1 and sum(len(m) for m in st.mat[:1]) == 1 and any(
        a.kind == "buy_building" for a in engine.legal_actions(st)) and not st.windows)  # fmt: skip
    step(s, next(a for a in s.legal() if a.kind == "buy_building"))
    while s.window_seats():
        step(s, next(a for a in s.legal() if a.kind == "decline"))
    assert s.state.stage == 2
    assert s.undoable_by() is None


def test_windows_list_every_seat_asked() -> None:
    s = session_at(lambda st: len(st.to_act) > 1, procure=0.5)
    seats = s.window_seats()
    assert len(seats) > 1
    assert all(s.can_decline(seat) is not None for seat in seats)
    assert s.undoable_by() is None or len(s.state.to_act) == 1
