"""Small screens: every key the scores screen shows does something; the help card's summary."""

from __future__ import annotations

from tui_helpers import config, make_app, saved_game

from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.widgets.keybar import KeyBar

SIZE = (100, 32)


def finished():
    saved = saved_game(config(5), lambda s: False)
    assert not saved.state.to_act
    return saved


async def shown_keys(app) -> list[str]:
    items, _, _ = app.screen.query_one(KeyBar).items()
    return [item.key for item in items if item.enabled]


async def test_every_key_the_scores_screen_shows_does_something() -> None:
    saved = finished()
    effects = {
        # key -> a check that it did what it says
        "n": lambda app: type(app.screen).__name__ == "NewGameScreen",
        "escape": lambda app: isinstance(app.screen, GameScreen),
        "q": lambda app: app.exited,
    }
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        keys = await shown_keys(app)
    assert {k.split(",")[0] for k in keys} == set(effects), keys
    for key, did in effects.items():
        app = make_app(saved=saved)
        app.exited = False
        exit_ = app.exit

        def exit_and_note(*args, app=app, exit_=exit_, **kw):
            app.exited = True
            exit_(*args, **kw)

        app.exit = exit_and_note
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ScoresScreen)
            await pilot.press(key)
            await pilot.pause()
            assert did(app), f"{key} did nothing on the scores screen"


def test_the_help_cards_game_in_short_names_every_phase() -> None:
    from keythedral.tui.screens.help import GAME_IN_SHORT

    for n in range(1, 6):
        assert f"{n}. " in GAME_IN_SHORT, n
