"""The coach thinks while the player reads (issue 27): its search runs off the screen's
thread, started when the game reaches a person's phase 3 turn (the privacy screen is then about
to come up), and the list shows its move when it is drawn.  Until it is ready the suggested
line says the coach is thinking and Enter there plays nothing; the hint key asked meanwhile
gives its hint when it comes.  The suite's other tests use the quick coach
(tests/conftest.py); these use the search."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from keythedral.bots import coach
from keythedral.bots.hints import Hint
from keythedral.tui.app import KeythedralApp
from keythedral.tui.choices import THINKING
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.words.text import describe
from tests.support.driver import panel, started
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import make_app, spending


@pytest.fixture(autouse=True)
def _searching_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEYTHEDRAL_COACH", "search")


def searched_move(app: KeythedralApp) -> Any:
    session = app.session
    assert session is not None and app.keyboard is not None
    return coach.suggest(session.view(app.keyboard), session.legal()).action


async def settled(pilot: Any, app: KeythedralApp) -> None:
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


async def test_the_list_opens_on_the_searched_move() -> None:
    app = make_app(saved=spending(), strict_privacy=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await settled(pilot, app)
        first = panel(app).choices[0]
        assert read(first.text).startswith("suggested: ") and first.command != THINKING
        assert panel(app).option_list.highlighted == 0  # Enter plays it
        move = searched_move(app)
        assert first.action == move or (move.kind == "pass" and first.command == "wait")


async def test_the_search_starts_behind_the_privacy_screen() -> None:
    app = make_app(saved=spending())  # a privacy screen before every decision
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await app.workers.wait_for_complete()  # done while the screen is still up
        session = app.session
        assert session is not None
        seat = session.state.to_act[0]
        ready = app.advice.get(session, seat)  # kept: not started again
        assert ready is not None
        assert ready.action == coach.suggest(session.view(seat), session.legal()).action


async def test_while_the_coach_thinks_enter_plays_nothing_and_the_hint_comes_when_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    go = threading.Event()
    real = coach.suggest

    def slow(*args: Any, **kw: Any) -> Hint:
        go.wait(10)
        return real(*args, **kw)

    monkeypatch.setattr(coach, "suggest", slow)
    app = make_app(saved=spending(), strict_privacy=False)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await started(pilot, app)
        first = panel(app).choices[0]
        assert first.command == THINKING and first.key == ""  # no move's key
        assert panel(app).option_list.highlighted == 0
        assert "the coach is thinking" in screen_text(app)
        before = len(session.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.actions) == before  # no move nobody saw
        assert "still thinking" in screen_text(app)
        await pilot.press("i")
        await pilot.pause()
        assert "the hint comes in a moment" in screen_text(app)
        go.set()
        await settled(pilot, app)
        first = panel(app).choices[0]
        assert first.command != THINKING
        text = screen_text(app)
        assert "Hint:" in text  # given once ready, as asked
        view = session.view(app.keyboard)
        move = searched_move(app)
        if move.kind != "pass":
            assert describe(move, view) in first.text
        await pilot.press("enter")  # now Enter plays what the line shows
        await pilot.pause()
        assert len(session.actions) > before
        assert session.actions[before] == move
