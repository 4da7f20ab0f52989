"""A player who procures a law sees which card they drew before the keyboard leaves them."""

from __future__ import annotations

import dataclasses

from keythedral import engine
from keythedral.tui.screens.drawn import DrawnLawScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.words.text import law_name
from tests.support.driver import started
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import NAMES, config, make_app, saved_game

SIZE = (100, 32)


def can_procure(state: engine.GameState) -> bool:
    return engine.decision(state) == "spend" and any(
        a.kind == "procure_law" for a in engine.legal_actions(state)
    )


def procure(state: engine.GameState) -> engine.Action:
    return next(a for a in engine.legal_actions(state) if a.kind == "procure_law")


async def test_the_drawn_card_is_shown_before_the_hand_over() -> None:
    saved = saved_game(config(3), can_procure)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        action = procure(session.state)
        assert app.mode.play(action)
        await pilot.pause()
        while engine.decision(session.state) == "pay" and session.state.to_act == (action.seat,):
            pay = next(a for a in engine.legal_actions(session.state) if a.kind == "pay")
            assert app.mode.play(pay)
            await pilot.pause()
        card = session.state.players[action.seat].laws[-1]
        assert isinstance(app.screen, DrawnLawScreen)
        text = screen_text(app)
        assert read(law_name(card)) in text and f"{NAMES[action.seat]}, you drew" in text
        assert engine.decision(session.state) != "game_over"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, DrawnLawScreen)
        if session.state.to_act[0] != action.seat:
            assert isinstance(app.screen, HandoverScreen)
            assert read(law_name(card)) not in screen_text(app)  # the next player never sees it


async def test_one_person_against_bots_keeps_the_hand_up_instead() -> None:
    saved = saved_game(config(3), can_procure)
    seat = saved.state.to_act[0]
    seats = tuple("human" if s == seat else "greedy" for s in range(3))
    saved = dataclasses.replace(saved, seats=seats)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None
        assert session.humans == (seat,)
        assert app.mode.play(procure(session.state))
        await pilot.pause()
        while engine.decision(session.state) == "pay" and session.state.to_act == (seat,):
            pay = next(a for a in engine.legal_actions(session.state) if a.kind == "pay")
            assert app.mode.play(pay)
            await pilot.pause()
        assert session.state.players[seat].laws
        assert not isinstance(app.screen, DrawnLawScreen)


def test_the_drawn_card_is_told_in_the_readers_words() -> None:
    """Its text and when it may be played are the catalogue's messages, not law_cards.yaml's
    English (the pseudo-language run found them in English)."""
    from keythedral import lang
    from keythedral.engine.catalogue import card_text_words, card_when_words, laws
    from keythedral.tui.screens.drawn import drawn_text

    english = laws()["upgrade-cottage"]
    lang.use("fr")
    text = drawn_text("Ann", "upgrade-cottage")
    said = card_text_words("upgrade-cottage")
    assert said != english.text and said in text
    assert card_when_words("upgrade-cottage") in text
    assert english.text not in text and english.when not in text
