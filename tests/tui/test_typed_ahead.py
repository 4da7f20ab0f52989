"""A key pressed before its screen was up never answers that screen's question, and the first
key after the keyboard changes hands cannot play a move (issue 27): two quick Enters on a
privacy screen show the board and play nothing, a key typed while a forced move or a bot's
move plays itself does not land on the next decision, a quick Enter after a move does not wave
the next player's privacy screen away.  A key pressed on a board that is up still plays at
once.

Nothing here is timed.  A key "typed ahead" is posted to the app while the move before it is
being played (as a terminal delivers a key pressed meanwhile): it is stamped before the next
screen is.  Keys in the settle time after a hand-over: the settle time is set to a minute, far
longer than Pilot takes between two keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Static

from keythedral import engine
from keythedral.engine import GameConfig
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.session import Session
from tests.support.driver import panel, started, take
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import NAMES, ann_spends, config, make_app, saved_game

SIZE = (100, 32)
LONG = 60.0  # a settle time no Pilot key comes after
NOT_TAKEN = "Enter came as this screen appeared: not taken."


def info(app: KeythedralApp) -> str:
    return read(str(app.screen.query_one("#info", Static).content))


def typed_while(obj: Any, name: str, key: str, app: KeythedralApp) -> Callable[..., Any]:
    """``obj.name`` that, the first time it is called, has ``key`` pressed while it runs: the
    key is stamped then and reaches the app after the call, from the terminal (as Pilot sends
    its keys), as a key typed meanwhile does."""
    original = getattr(obj, name)
    typed: list[events.Key] = []

    def typing(*args: Any, **kwargs: Any) -> Any:
        if not typed:
            typed.append(events.Key(key, "\r" if key == "enter" else key).set_sender(app))
            app.post_message(typed[0])
        return original(*args, **kwargs)

    return typing


async def at_privacy_screen(pilot: Pilot[Any], app: KeythedralApp) -> Session:
    """The game on screen, its privacy screen up (for Ann): the session."""
    await pilot.pause()
    assert app.session is not None and isinstance(app.screen, HandoverScreen)
    return app.session


async def test_two_quick_enters_on_a_privacy_screen_show_the_board_and_play_nothing() -> None:
    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await at_privacy_screen(pilot, app)
        app.settle = LONG  # from the board's coming up: no key of Pilot's is after it
        await pilot.press("enter", "enter")  # "I am ready", then at once the board's Enter
        await pilot.pause()
        assert len(session.actions) == len(saved.actions)  # nothing was played
        assert isinstance(app.screen, GameScreen) and app.hand_up == 0
        choices = panel(app).choices
        assert read(choices[0].text).startswith("suggested: ")  # the coach's line, still there
        assert panel(app).option_list.highlighted == 0  # and still under the cursor
        assert NOT_TAKEN in info(app)


async def test_an_enter_typed_while_the_privacy_screen_is_answered_plays_nothing() -> None:
    """No settle time at all: a key pressed before the board was drawn never answers it."""
    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await at_privacy_screen(pilot, app)
        screen = app.screen
        assert isinstance(screen, HandoverScreen)
        screen.answer = typed_while(screen, "answer", "enter", app)  # Enter, Enter
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.actions) == len(saved.actions)
        assert isinstance(app.screen, GameScreen) and app.hand_up == 0
        assert NOT_TAKEN in info(app)
        await pilot.press("enter")  # pressed on the board: it plays, at once
        await pilot.pause()
        assert len(session.actions) > len(saved.actions)


async def test_a_quick_enter_after_a_move_does_not_answer_the_next_privacy_screen() -> None:
    """Ann's pass brings up Bob's privacy screen: her second Enter must not show Bob's hand."""
    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        assert app.hand_up == 0
        app.settle = LONG
        await pilot.press("p", "enter")  # Ann passes, and presses Enter at once
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoverScreen) and screen.player == "Bob"
        assert app.hand_up is None and "Bob's screen (private)" not in screen_text(app)
        assert session.actions[-1].kind == "pass" and session.actions[-1].seat == 0
        assert "Enter came too soon. Bob: press Enter when only you" in screen_text(app)


def burst(app: KeythedralApp, *keys: str) -> None:
    """``keys`` typed together: the terminal hands them to the app in one read, each stamped
    before the app has answered the first."""
    for key in keys:
        app.post_message(events.Key(key, "\r" if key == "enter" else key).set_sender(app))


@pytest.mark.parametrize("keys", [("enter", "enter"), ("1", "1")])
async def test_keys_typed_together_on_the_shared_screen_make_one_move(
    keys: tuple[str, str],
) -> None:
    """A key and the same key again at once: the second was pressed before the next decision
    was up, and does not answer it (nor the next player's, the issue's "1 meant for Bob's
    worker" on Ann's "call number 1")."""
    saved = saved_game(config(4, no_laws=True), lambda s: engine.decision(s) == "choose_work_order")
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and not isinstance(app.screen, HandoverScreen)
        seat = session.state.to_act[0]
        burst(app, *keys)
        await pilot.pause()
        assert len(session.actions) == len(saved.actions) + 1
        assert session.actions[-1].seat == seat
        name = "That choice" if keys[0] == "enter" else keys[0]  # Enter: the list's choice
        assert f"{name} came as this screen appeared: not taken." in info(app)


def before_a_forced_move(state: engine.GameState) -> bool:
    """Phase 1: the first choice of this decision is followed by a public move with one choice
    (it plays itself), and then by another decision of phase 1 with several."""
    if state.phase != "place_workers" or not state.to_act:
        return False
    after = engine.apply(state, engine.legal_actions(state)[0])
    forced = engine.legal_actions(after)
    if after.phase != "place_workers" or len(forced) != 1:
        return False
    then = engine.apply(after, forced[0])
    return then.phase == "place_workers" and len(engine.legal_actions(then)) > 1


@pytest.mark.parametrize("key", ["enter", "1"])
async def test_a_key_typed_while_a_forced_move_plays_does_not_answer_the_next_decision(
    key: str,
) -> None:
    """Phase 1 on the shared screen: a key typed while the forced move after a decision plays
    itself (meant for that decision, or for the forced one) does not land on the next
    player's decision."""
    saved = next(
        saved
        for seed in range(20)
        if before_a_forced_move(
            (saved := saved_game(config(seed, no_laws=True), before_a_forced_move, seed)).state
        )
    )
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and not isinstance(app.screen, HandoverScreen)
        mode = app.mode
        mode._play_forced = typed_while(mode, "_play_forced", key, app)  # type: ignore[method-assign]
        await take(pilot, app, session.legal()[0])
        await pilot.pause()
        # The decision and the forced move after it, and nothing more.
        assert len(session.actions) == len(saved.actions) + 2
        assert len(session.legal_for(session.state.to_act[0])) > 1
        name = "Enter" if key == "enter" else key
        assert f"{name} came as this screen appeared: not taken." in info(app)


async def test_a_key_typed_while_the_bots_move_does_not_answer_the_next_decision() -> None:
    """Ann against two quick bots with no pause: her Enter, typed again while the bots play
    theirs, does not play her next decision."""
    cfg = GameConfig(players=list(NAMES), seed=5)
    app = KeythedralApp(
        cfg, seats=("human", "greedy", "greedy"), bot_pause=0, autosave=False, animations=False
    )
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        runner = app.runner
        runner.move = typed_while(runner, "move", "enter", app)  # type: ignore[method-assign]
        ann: list[Any] = []
        for _ in range(8):  # Ann's layout moves, until the bots answer one
            ann = [a for a in session.actions if a.seat == 0]
            await pilot.press("enter")
            await pilot.pause()
            if session.actions[-1].seat != 0:
                break
        assert session.state.to_act == (0,) and session.actions[-1].seat != 0  # bots moved
        assert [a for a in session.actions if a.seat == 0] == [*ann, session.actions[len(ann)]]
        assert NOT_TAKEN in info(app)
        await pilot.press("enter")  # on the board that is up: it plays
        await pilot.pause()
        assert len([a for a in session.actions if a.seat == 0]) == len(ann) + 2


async def test_a_key_on_a_board_that_is_up_plays_at_once() -> None:
    """No key is lost: Enter on the suggested line once the board is up plays it; and the
    settle time is only for a keyboard that has just changed hands, not for the same
    player's next decision."""
    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        assert app.hand_up == 0
        suggested = panel(app).choices[0]
        assert read(suggested.text).startswith("suggested: ")
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.actions) > len(saved.actions)
        assert session.actions[len(saved.actions)].seat == 0
    # The same person's next decision, right after their own move: keys count at once.
    saved = saved_game(
        config(3, no_laws=True),
        lambda s: s.phase == "spend" and sum(s.players[s.to_act[0]].cubes) >= 3,
    )
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        seat = session.state.to_act[0]
        app.settle = LONG
        trade = next(a for a in session.legal() if a.kind == "trade")
        await take(pilot, app, trade)
        assert session.state.to_act == (seat,) and engine.decision(session.state) == "pay"
        paid = len(session.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.actions) > paid and session.actions[paid].kind == "pay"


def test_the_settle_time_is_set_by_the_environment() -> None:
    from keythedral.tui.app import SETTLE, settle_time

    assert settle_time({}) == SETTLE
    assert settle_time({"KEYTHEDRAL_SETTLE": "0.5"}) == 0.5
    assert settle_time({"KEYTHEDRAL_SETTLE": "0"}) == 0
    assert settle_time({"KEYTHEDRAL_SETTLE": "-1"}) == 0
    assert settle_time({"KEYTHEDRAL_SETTLE": "99"}) == 5
    assert settle_time({"KEYTHEDRAL_SETTLE": "soon"}) == SETTLE
    assert settle_time({"KEYTHEDRAL_SETTLE": "nan"}) == SETTLE


# --- clicks, and the law card just drawn ------------------------------------------------------
def click(app: KeythedralApp, x: int, y: int) -> None:
    """A click at (x, y) of the screen as the terminal reports it: the button's press and its
    release, each stamped now (the app makes the click of them)."""
    for kind in (events.MouseDown, events.MouseUp):
        app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, x, y).set_sender(app))


def first_line_at(app: KeythedralApp) -> tuple[int, int]:
    """Where the list's first line is on the screen (its text)."""
    region = panel(app).option_list.content_region
    return region.x + 4, region.y


async def where_the_first_line_is(saved: Any) -> tuple[int, int]:
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot, app)
        return first_line_at(app)


async def test_a_click_on_a_board_that_is_up_plays_the_line() -> None:
    """The clicks below are held back for their timing alone: this one, on the board that is
    up, chooses its line."""
    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        first = panel(app).choices[0]
        click(app, *first_line_at(app))
        await pilot.pause()
        assert session.actions[len(saved.actions)] == first.action


async def test_a_click_made_while_the_privacy_screen_is_answered_plays_nothing() -> None:
    saved = saved_game(config(3, no_laws=True), ann_spends)
    x, y = await where_the_first_line_is(saved)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await at_privacy_screen(pilot, app)
        screen = app.screen
        assert isinstance(screen, HandoverScreen)
        original = screen.answer

        def answer_and_click(result: Any) -> None:
            click(app, x, y)  # made before the board is up: it reaches it after
            original(result)

        screen.answer = answer_and_click
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.hand_up == 0
        assert len(session.actions) == len(saved.actions)  # nothing was played
        assert "A click came as this screen appeared: not taken." in info(app)


async def test_a_click_in_the_settle_time_after_a_hand_over_plays_nothing() -> None:
    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await at_privacy_screen(pilot, app)
        app.settle = LONG
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.hand_up == 0
        click(app, *first_line_at(app))
        await pilot.pause()
        assert len(session.actions) == len(saved.actions)
        assert "A click came as this screen appeared: not taken." in info(app)


async def test_a_click_on_the_key_bar_of_a_privacy_screen_just_up_is_not_i_am_ready() -> None:
    """The key bar's Enter, clicked in the settle time of the privacy screen (a double click
    meant for the last screen), does not show the next player's board."""
    from keythedral.tui.widgets.keybar import KeyBar

    saved = saved_game(config(3, no_laws=True), ann_spends)
    app = make_app(saved=saved, strict_privacy=False)
    app.settle = LONG
    async with app.run_test(size=SIZE) as pilot:
        await at_privacy_screen(pilot, app)
        screen = app.screen
        assert isinstance(screen, HandoverScreen)
        screen.ask(LONG)  # as the hand-over put it, the settle time now from Pilot's start
        bar = screen.query_one(KeyBar)
        enter = next(item for item in bar._items if item.key == "enter")
        click(app, bar.region.x + enter.start, bar.region.y)
        await pilot.pause()
        assert app.screen is screen and app.hand_up is None
        assert "A click came too soon." in screen_text(app)


def procuring(state: engine.GameState) -> bool:
    """Ann's phase 3 turn, a law card to procure (the keyboard then goes on to Bob)."""
    return (
        engine.decision(state) == "spend"
        and state.to_act == (0,)
        and any(a.kind == "procure_law" for a in engine.legal_actions(state))
    )


async def test_an_enter_typed_while_a_law_card_is_drawn_does_not_take_the_card_away() -> None:
    from keythedral.tui.screens.drawn import DrawnLawScreen

    saved = saved_game(config(3), procuring)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        law = next(c for c in panel(app).choices if c.action and c.action.kind == "procure_law")
        assert law.command.startswith("paying:")  # the card and its cube in one key
        files = app.files
        # Enter, typed as the card is procured (before its cube is paid and the card shown)
        files.autosave = typed_while(files, "autosave", "enter", app)  # type: ignore[method-assign]
        await pilot.press(law.key)
        await pilot.pause()
        assert [a.kind for a in session.actions[-2:]] == ["procure_law", "pay"]
        assert isinstance(app.screen, DrawnLawScreen)  # still up: the Enter came before it
        assert "Enter came as the card appeared: not taken." in screen_text(app)
        await pilot.press("enter")  # pressed on the card that is up: it goes
        await pilot.pause()
        assert not isinstance(app.screen, DrawnLawScreen)


async def test_an_enter_in_the_settle_time_of_a_drawn_law_card_does_not_take_it_away() -> None:
    from keythedral.tui.screens.drawn import DrawnLawScreen

    saved = saved_game(config(3), procuring)
    app = make_app(saved=saved, strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        session = await started(pilot, app)
        app.settle = LONG
        law = next(c for c in panel(app).choices if c.action and c.action.kind == "procure_law")
        assert law.command.startswith("paying:")  # the card and its cube in one key
        await pilot.press(law.key, "enter")  # and Enter again at once
        await pilot.pause()
        assert isinstance(app.screen, DrawnLawScreen)
        assert session.actions[-1].kind == "pay"
        assert "Enter came as the card appeared: not taken." in screen_text(app)
