"""The coach can be switched off (issue 27): a setting on the new-game screen and ``--coach
on|off``, saved with the game.  Off: phase 3 opens on its first line with no suggested line and
no coach's standing pass (``P`` stays), and the hint key is gone, saying why when pressed.  On
by default for every game: the tutorial, a person against bots, people only (README).  And the
coach's standing pass says, in the line itself, what asks the player again."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from textual.widgets import Checkbox

from keythedral import engine
from keythedral.records import persistence
from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.new_game import NewGameScreen
from keythedral.tui.start import load_start
from keythedral.tui.widgets.keybar import KeyBar
from tests.support.driver import panel, started
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import (
    NAMES,
    at_coach_pass,
    make_app,
    spending,
)


def key_bar(app: KeythedralApp) -> str:
    """The keys the key bar offers ("i Hint"), whether or not they fit its line."""
    items, _palette, _labels = app.screen.query_one(KeyBar).items()
    return "  ".join(f"{item.display} {read(item.description)}" for item in items)


def coach_lines(app: KeythedralApp) -> list[Any]:
    return [
        c for c in panel(app).choices if read(c.text).startswith("suggested") or c.command == "wait"
    ]


# --- coach off ---------------------------------------------------------------------------------
async def test_with_the_coach_off_phase_3_opens_on_its_first_line_and_p_still_passes() -> None:
    for saved in (spending(), at_coach_pass()):
        on = make_app(saved=saved, strict_privacy=False)
        async with on.run_test(size=(80, 24)) as pilot:
            await started(pilot, on)
            assert coach_lines(on)  # the coach's line opens the list (the suggested move)
        app = make_app(saved=saved, strict_privacy=False, coach=False)
        async with app.run_test(size=(80, 24)) as pilot:
            session = await started(pilot, app)
            assert session.coach is False
            choices = panel(app).choices
            assert coach_lines(app) == []  # no suggested line, no coach's standing pass
            assert "suggested" not in screen_text(app)
            assert panel(app).option_list.highlighted == 0  # on its own first line
            assert choices[0].key != "↵"
            assert any(c.command == "done" and c.key == "P" for c in choices)  # P stays
            seat = app.keyboard
            before = len(session.actions)
            await pilot.press("P")
            await pilot.pause()
            assert session.actions[before] == engine.actions.Pass(seat=seat)
            standing = app.table.standing.get(seat)
            assert standing is not None and standing.board is None  # done for the phase


async def test_with_the_coach_off_the_hint_key_is_gone_and_says_why() -> None:
    saved = spending()
    on = make_app(saved=saved, strict_privacy=False)
    async with on.run_test(size=(80, 24)) as pilot:
        await started(pilot, on)
        assert "i Hint" in key_bar(on)
    app = make_app(saved=saved, strict_privacy=False, coach=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        assert "Hint" not in key_bar(app)
        await pilot.press("i")
        await pilot.pause()
        text = screen_text(app)
        assert "the coach is off in this game" in text
        assert "Why:" not in text
        screen = app.game_screen
        assert isinstance(screen, GameScreen) and screen.assist.hint_shown is None


async def test_with_the_coach_off_a_rebound_hint_key_says_why(tmp_path: Path) -> None:
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\nhint = "f6"\n')
    app = make_app(saved=spending(), strict_privacy=False, coach=False, keys_file=keys)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, app)
        await pilot.press("i")  # no longer the hint's key: nothing to say about the coach
        await pilot.pause()
        assert "the coach is off in this game" not in screen_text(app)
        await pilot.press("f6")
        await pilot.pause()
        assert "the coach is off in this game" in screen_text(app)


# --- saved with the game ----------------------------------------------------------------------
async def test_the_coach_setting_is_saved_with_the_game_and_comes_back_with_it() -> None:
    saved = spending()
    app = make_app(saved=saved, strict_privacy=False, coach=False, autosave=True)
    async with app.run_test(size=(80, 24)) as pilot:
        session = await started(pilot, app)
        await pilot.press("p")  # a move, autosaved
        await pilot.pause()
        assert len(session.actions) == len(saved.actions) + 1
        app.files.save_named("no coach")
        app.files.flush()
    autosave = persistence.autosave_path()
    for path in (autosave, persistence.save_path("no coach")):
        assert json.loads(path.read_text())["coach"] is False
        assert persistence.load(path).coach is False
    # keythedral --resume, --load FILE: the game's own setting; --coach on overrides it
    assert load_start(Start(load=autosave))[0].coach is False
    assert load_start(Start(load=persistence.save_path("no coach")))[0].coach is False
    assert load_start(Start(load=autosave, coach=True))[0].coach is True
    resumed = KeythedralApp(start=Start(load=autosave), animations=False, autosave=False)
    async with resumed.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await resumed.workers.wait_for_complete()
        session = await started(pilot, resumed)
        assert session.coach is False and coach_lines(resumed) == []
    # the load dialog's way (Files.load_path), and the unfinished game kept by a new one
    again = make_app(autosave=True, strict_privacy=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.files.load_path(persistence.save_path("no coach"))
        await pilot.pause()
        assert again.session is not None and again.session.coach is False


def test_a_save_from_before_the_setting_loads_with_the_coach_on() -> None:
    saved = spending()
    text = persistence.dumps(saved.config, saved.actions, saved.state, coach=False)
    data = json.loads(text)
    assert data["coach"] is False and persistence.loads(text).coach is False
    del data["coach"]  # as every save written before the setting
    assert persistence.loads(json.dumps(data)).coach is True
    data["coach"] = "later"  # a newer release's word: not understood, the default
    assert persistence.loads(json.dumps(data)).coach is True


# --- the new-game screen and the defaults -----------------------------------------------------
async def test_the_new_game_screen_switches_the_coach_off() -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        box = screen.query_one("#coach", Checkbox)
        assert box.value is True  # on by default, people only
        assert "Coach: suggested moves and hints (i)" in screen_text(app)
        box.value = False
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.session is not None and app.session.coach is False
        app.action_new_game()  # the next game's screen starts as this one was set
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#coach", Checkbox).value is False


async def test_the_command_lines_coach_is_the_new_game_screens_first_value() -> None:
    app = KeythedralApp(start=Start(coach=False), animations=False, autosave=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#coach", Checkbox).value is False


def test_the_coach_is_on_by_default_for_every_kind_of_game() -> None:
    people = Start(players=NAMES, seed=3)
    against_bots = Start(players=NAMES, seed=3, seats=("human", "easy", "normal"))
    assert load_start(people)[0].coach is True  # people only: the README says why
    assert load_start(against_bots)[0].coach is True  # a person against bots
    assert load_start(replace(people, coach=False))[0].coach is False


async def test_the_tutorial_always_has_the_coach() -> None:
    app = KeythedralApp(start=Start(coach=False), animations=False, autosave=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.start_tutorial()
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session is not None and app.session.coach is True
        screen = app.game_screen
        assert screen is not None and screen.check_action("assist", ("hint",)) is True
