"""A law window offers its moment only to the people holding a law card: how many cards each
player holds is public, so leaving out a seat with none tells the table nothing, and a window
in which no person left holds one goes by without asking anybody."""

from __future__ import annotations

from typing import Any

import pytest

from keythedral import engine
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.words.text import window_seat_line
from tests.support.driver import settle
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import NAMES, config, make_app, saved_game

SIZE = (100, 32)


def some_asked_hold_no_card(s: engine.GameState) -> bool:
    """A window for three or more people: one of them with no law card, two with one."""
    holding = [bool(s.players[x].laws) for x in s.to_act]
    return len(s.to_act) >= 3 and holding.count(False) >= 1 and holding.count(True) >= 2


@pytest.mark.parametrize("phase", ["place_workers", "spend"])
async def test_a_seat_holding_no_law_card_is_not_offered_the_window(phase: str) -> None:
    """On the shared screen (a window before phase 1) and on the privacy screen of the
    person whose turn follows (a window before a spending turn)."""

    def stop(s: engine.GameState) -> bool:
        return s.phase == phase and some_asked_hold_no_card(s)

    saved = saved_game(config(4), stop, procure=0.6)
    assert stop(saved.state)
    state = saved.state
    cardless = [s for s in state.to_act if not state.players[s].laws]
    holders = [s for s in state.to_act if state.players[s].laws]
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and session.asked_in_window() == tuple(holders)
        text = screen_text(app)
        for s in holders:
            offer = f"{s + 1} for {NAMES[s]}" if isinstance(app.screen, HandoverScreen) else None
            line = read(window_seat_line(session.view(None), s))  # answers, or plays a card
            assert (offer or line) in text
        for s in cardless:
            assert f"{s + 1} {NAMES[s]}" not in text
            assert window_seat_line(session.view(None), s) not in text
        assert isinstance(app.screen, HandoverScreen) == (phase == "spend")
        if isinstance(app.screen, HandoverScreen):
            assert sorted(app.screen.window) == holders  # the keys a claim is taken on
        else:  # the status bar names those asked
            acting = text.split("to act: ", 1)[1].split(" · ", 1)[0]
            assert acting == ", ".join(NAMES[s] for s in holders)
        await pilot.press(str(cardless[0] + 1))  # the key of a seat with no card: no claim
        await pilot.pause()
        assert app.table.claimed is None


async def test_a_window_whose_people_hold_no_law_card_goes_by_without_asking() -> None:
    """Only the computer players hold cards: once they have answered, the people are not
    asked (they could not play anything, and everybody can see it)."""

    def only_the_bot_holds_cards(s: engine.GameState) -> bool:
        return (
            len(s.to_act) > 1
            and {0, 1, 2} <= set(s.to_act)
            and not s.players[0].laws
            and not s.players[1].laws
            and bool(s.players[2].laws)
        )

    saved = saved_game(config(4), only_the_bot_holds_cards, seed=1, procure=0.3)
    assert only_the_bot_holds_cards(saved.state)
    window = saved.state.windows[-1]
    app = make_app(saved=saved, seats=("human", "human", "greedy"), bot_pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await settle(pilot, app)
        session = app.session
        assert session is not None
        new: list[Any] = list(session.actions[len(saved.actions) :])
        declined = {a.seat for a in new if a.kind == "decline"}
        assert {0, 1} <= declined  # the people let it go by, unasked
        assert window not in session.state.windows
        assert "Press your seat number" not in screen_text(app)
