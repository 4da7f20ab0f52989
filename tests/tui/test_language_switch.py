"""Choosing the language (issue 31): on the new-game screen and in the command palette, the
app switches at once, the screen on show drawn again in the new language with nothing kept in
the old one (the key bar, the panels, the log, notes); what the player typed stays.

The pseudo-language marks every message (``[...~~]``): a bracket left on screen after English
is chosen is text kept in the old language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from keythedral import lang
from keythedral.tui.app import KeythedralApp
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.new_game import NewGameScreen
from keythedral.tui.screens.rules import RulesScreen
from keythedral.tui.widgets.panels import EventLog
from tests.support.textshot import drawn_text  # the pseudo-language with its marks
from tests.support.tui_helpers import config, make_app

SIZE = (100, 32)
#: The end of a message in the pseudo-language.
PSEUDO_END = "~]"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    lang.use("en")


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_the_new_game_screen_switches_language_at_once_keeping_the_form() -> None:
    lang.use(lang.PSEUDO)
    app = KeythedralApp(animations=False, seed=77)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert "[Keythedral: a new game" in drawn_text(app)
        choice = screen.query_one("#language", Select)
        assert choice.value == lang.PSEUDO  # the language in use is the one chosen
        screen.query_one("#name-0", Input).value = "Zed"
        screen.query_one("#no_laws", Checkbox).value = True
        screen.query_one("#kind-1", Select).value = "hard"
        await pilot.pause()
        choice.value = "en"
        await settle(pilot)
        assert lang.current() == "en"
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        text = drawn_text(app)
        assert "Keythedral: a new game" in text and PSEUDO_END not in text, text
        # what was typed, picked and ticked is kept
        assert screen.query_one("#name-0", Input).value == "Zed"
        assert screen.query_one("#no_laws", Checkbox).value is True
        assert screen.query_one("#kind-1", Select).value == "hard"
        assert [value for _name, value in language_options(screen)] == ["en", "fr", "nl"]
        # and the game it starts is the one the form said
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) or app.game is not None
        assert app.game is not None and app.game.config.players[0] == "Zed"
        assert app.game.config.no_laws


def language_options(screen: NewGameScreen) -> list[tuple[str, str]]:
    from keythedral.tui.screens.new_game import language_options as options

    return options()


def test_the_languages_are_offered_by_their_own_names() -> None:
    from keythedral.tui.screens.new_game import language_options as options

    for code in ("en", "fr", "nl"):
        lang.use(code)
        assert options() == [("English", "en"), ("Français", "fr"), ("Nederlands", "nl")]


@pytest.mark.english  # it starts in English and switches to the pseudo-language itself
async def test_the_palette_switches_the_language_of_a_game_in_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The log's events told by a message of the app's (the narration's own words are the
    # words package's): the log must be told again in the new language, not kept.
    from keythedral.words import narration

    monkeypatch.setattr(narration, "narrate", lambda *_args: lang._("Pass"))
    app = make_app(config(3), strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        english = drawn_text(app)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Language: Français" in titles and "Language: Nederlands" in titles
        assert "Language: English" not in titles  # the one in use is not offered
        app.use_language(lang.PSEUDO)  # (not offered to players: the tests' language)
        await settle(pilot)
        pseudo = drawn_text(app)
        assert pseudo != english and pseudo.count(PSEUDO_END) > 5, pseudo
        log = app.screen.query_one("#log", EventLog)
        assert log.lines and all(line.endswith(PSEUDO_END) for line in log.lines)
        commands = {c.title: c for c in app.get_system_commands(app.screen)}
        english_command = next(c for t, c in commands.items() if "English" in t)
        assert english_command.title.startswith("[")  # the command's own words: the language's
        english_command.callback()
        await settle(pilot)
        assert lang.current() == "en"
        again = drawn_text(app)
        assert PSEUDO_END not in again, again  # nothing kept in the old language
        assert not any(PSEUDO_END in line for line in log.lines)
        # the screens shown afterwards are in it too
        await pilot.press("f1")
        await settle(pilot)
        assert PSEUDO_END not in drawn_text(app)


async def test_the_palette_command_runs_from_the_palette() -> None:
    app = make_app(config(3), strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"Nederlands")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert lang.current() == "nl"


async def test_the_rules_screen_is_in_the_players_language() -> None:
    from textual.widgets import OptionList

    lang.use("fr")
    app = make_app(config(3), strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = RulesScreen(section="Buy a building")  # an English title: the section's id
        await app.push_screen(screen)
        await settle(pilot)
        assert screen.chapter == "Phase 3: spending"
        toc = screen.query_one("#rules-toc", OptionList)
        shown = [str(toc.get_option_at_index(i).prompt) for i in range(toc.option_count)]
        assert "Présentation" in shown and "Overview" not in shown
        assert "Acheter une tuile construction" in drawn_text(app)


async def test_the_screens_up_when_the_language_changes_are_made_again_in_it() -> None:
    from textual.widgets import OptionList

    app = make_app(config(3), strict_privacy=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = RulesScreen(section="Buy a building")
        await app.push_screen(screen)
        await settle(pilot)
        app.use_language("nl")
        await settle(pilot)
        toc = screen.query_one("#rules-toc", OptionList)
        shown = [str(toc.get_option_at_index(i).prompt) for i in range(toc.option_count)]
        assert "Overview" not in shown and shown[0] == "Overzicht", shown[:3]
        assert screen.chapter == "Phase 3: spending"  # the same place, in Dutch
        assert "Een bouwtegel kopen" in drawn_text(app)
        screen.dismiss(None)
        await settle(pilot)
        app.action_help()
        await settle(pilot)
        app.use_language(lang.PSEUDO)
        await settle(pilot)
        assert "[Keys~" in drawn_text(app)  # the help screen's table, made again


async def test_the_replay_viewer_is_drawn_again_in_the_new_language(tmp_path: Path) -> None:
    from keythedral.records import replay
    from keythedral.tui.app import Start
    from keythedral.tui.screens.replay import ReplayScreen
    from tests.support.tui_helpers import greedy_game

    rp, _final = greedy_game()
    path = replay.save(rp, tmp_path / "game.json")
    app = KeythedralApp(start=Start(replay=path), autosave=False, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert "action 0 of" in drawn_text(app)
        app.use_language(lang.PSEUDO)
        await settle(pilot)
        text = drawn_text(app)
        assert "· action 0 of" in text and "[all hands shown~" in text  # the info line


async def test_the_palette_switches_the_new_game_screen_too() -> None:
    app = KeythedralApp(animations=False, seed=77)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#name-2", Input).value = "Dee"
        app.use_language(lang.PSEUDO)  # as the palette does
        await settle(pilot)
        assert screen.query_one("#language", Select).value == lang.PSEUDO
        assert screen.query_one("#name-2", Input).value == "Dee"
        assert "[Keythedral: a new game" in drawn_text(app)
        app.use_language("fr")
        await settle(pilot)
        assert screen.query_one("#language", Select).value == "fr"
