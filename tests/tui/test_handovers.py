"""Fewer privacy screens, none of them traded for privacy (issue 27): a law window is asked on
the privacy screen of the person whose turn comes once it goes by, even when passes that stand
come in between (they play themselves, showing nobody's hand); that person then keeps the
keyboard through them, without a second privacy screen."""

from __future__ import annotations

from keythedral import engine
from keythedral.records.persistence import SavedGame
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.session import Session
from keythedral.tui.table import HandOver, SharedWindow, Standing, Table
from tests.support.tui_helpers import config, make_app, saved_game

SIZE = (100, 32)


def window_then_turn(s: engine.GameState) -> bool:
    """A law window in phase 3 (round 2 on), law cards in hand, a spending turn after it."""
    return (
        s.phase == "spend"
        and s.round >= 2
        and engine.decision(s) == "window"
        and any(p.laws for p in s.players)
    )


def at_window() -> SavedGame:
    saved = saved_game(config(0), window_then_turn, seed=0, procure=0.5)
    assert window_then_turn(saved.state)
    return saved


def stands(session: Session, seat: int) -> Standing:
    """``seat`` passed earlier this phase and is done for it (``P``)."""
    return Standing(0, session.state.round, None)


def test_a_window_is_asked_on_the_screen_of_the_person_after_the_passes_that_stand() -> None:
    saved = at_window()
    session = Session.replayed(saved.config, saved.actions)
    asked = session.asked_in_window()
    after = session.window_gone_by().state.to_act[0]  # whose turn follows the window
    table = Table()
    table.standing[after] = stands(session, after)
    decision = table.route(session)
    nxt = (after + 1) % session.config.n
    assert decision == HandOver(nxt, undo_by=None, window=asked)
    # Without the pass that stands, the window goes on the screen of the seat after it.
    assert Table().route(session) == HandOver(after, undo_by=None, window=asked)
    assert not isinstance(decision, SharedWindow)


async def test_the_person_keeps_the_keyboard_through_the_passes_that_stand() -> None:
    saved = at_window()
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and isinstance(app.screen, HandoverScreen)
        after = session.window_gone_by().state.to_act[0]
        nxt = (after + 1) % session.config.n
        app.table.standing[after] = stands(session, after)
        app.mode.route()  # the table asks again, knowing of the pass that stands
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert app.screen.player == saved.config.players[nxt] and app.screen.window
        before = len(session.actions)
        await pilot.press("enter")  # nobody plays a law card; the next person is ready
        await pilot.pause()
        assert not isinstance(app.screen, HandoverScreen)  # no second privacy screen
        assert engine.actions.Pass(seat=after) in session.actions[before:]
        assert session.state.to_act == (nxt,) and app.keyboard == nxt and app.hand_up == nxt
