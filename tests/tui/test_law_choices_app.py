"""Law cards whose choices are built in steps in the app: Work order's order of the numbers,
and the question put to the owner of a home with no free field."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from keythedral import engine
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.handover import HandoverScreen
from tests.support.driver import hand_over, panel, take
from tests.support.textshot import read
from tests.support.tui_helpers import config, make_app, saved_game

SIZE = (100, 32)


def work_order_window(state: engine.GameState) -> bool:
    """Phase 1's start window, with someone holding Work order."""
    w = state.windows[-1] if state.windows else None
    return (
        w is not None
        and w.kind == "phase_start"
        and w.phase == "place_workers"
        and any("work-order" in p.laws for p in state.players)
    )


def work_order_game() -> tuple[KeythedralApp, int]:
    """An app at phase 1's start window, one player holding Work order; (the app, that seat)."""
    saved = saved_game(config(1), work_order_window, seed=0, procure=0.6)
    assert work_order_window(saved.state)
    holder = next(i for i, p in enumerate(saved.state.players) if "work-order" in p.laws)
    return make_app(saved=saved), holder


async def claim(pilot: Pilot[Any], app: KeythedralApp, seat: int) -> None:
    """Seat ``seat`` claims the open window and takes the keyboard."""
    await pilot.pause()
    await pilot.press(str(seat + 1))
    assert isinstance(app.screen, HandoverScreen)
    await hand_over(pilot, app)


async def test_work_order_is_set_number_by_number_and_played_as_one_order() -> None:
    app, holder = work_order_game()
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert session is not None
        await claim(pilot, app, holder)
        choices = panel(app).choices
        # One line for the card, not a line per order (there are 120 of them).
        lines = [c for c in choices if "Work order" in c.text]
        assert len(lines) == 1 and "set the order of the five numbers" in lines[0].text
        await pilot.press(lines[0].key)
        await pilot.pause()
        for position, number in enumerate((3, 1, 5, 2)):
            choices = panel(app).choices
            word = ("first", "second", "third", "fourth")[position]
            assert len(choices) == 5 - position
            assert all(f" {word}: " in c.text for c in choices), [c.text for c in choices]
            line = next(c for c in choices if read(c.text).startswith(f"call number {number} "))
            assert line.key == str(number)  # each number on its own key
            await pilot.press(line.key)
            await pilot.pause()
        # The last number is forced: the card is played with the whole order at once.
        played = session.actions[-1]
        assert played.kind == "play_law" and played.card == "work-order"
        assert played.order == (3, 1, 5, 2, 4) and played.seat == holder


async def test_the_driver_takes_a_work_order_play_like_a_player() -> None:
    """Esc backs out of a half-built order; the driver's take() builds one number by number."""
    app, holder = work_order_game()
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        assert session is not None
        await claim(pilot, app, holder)
        line = next(c for c in panel(app).choices if "Work order" in c.text)
        await pilot.press(line.key)
        await pilot.press("5")
        await pilot.pause()
        assert len(panel(app).choices) == 4
        await pilot.press("escape")
        await pilot.pause()
        assert any("Work order" in c.text for c in panel(app).choices)
        want = engine.PlayLaw(seat=holder, card="work-order", order=(5, 4, 3, 2, 1))
        await take(pilot, app, want)
        assert session.actions[-1] == want
