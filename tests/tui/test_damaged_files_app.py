"""Damaged files on screen: a save, an autosave, a replay or a keys.toml that cannot be used is
told in a notice the player can read, over the new-game screen (never a blank board), and
the game goes on; a keys.toml with thousands of problems gives one notice, not thousands."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from keythedral.records import persistence
from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.dialogs import LoadDialog
from keythedral.tui.screens.new_game import NewGameScreen
from tests.support.notices import notices
from tests.support.textshot import rows_in, screen_text
from tests.support.tui_helpers import config, make_app, saved_game

# Tall enough that the new-game screen ends above the notices (which ``toasts`` reads).
SIZE = (100, 40)
DEEP = "[" * 100_000 + "]" * 100_000
fifo_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def toasts(app: KeythedralApp) -> str:
    """The text of the notices on screen (right of their ▌ bar), lines joined, without the
    lines and corners of the boxes drawn beside them, nor what the screen shows on the same
    row past a notice (a wide gap ends it: the new-game screen's Quit button)."""
    parts = [
        re.split(" {4,}", line.split("▌", 1)[1].strip())[0]
        for line in screen_text(app).splitlines()
        if "▌" in line
    ]
    return " ".join(re.sub("[\u2500-\u259f]", " ", " ".join(parts)).split())


async def loaded(pilot: Pilot[Any], app: KeythedralApp) -> None:
    """Wait for the threads that load the engine, the game or the replay, and what follows."""
    for _ in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()
    await pilot.pause()


def on_the_new_game_screen(app: KeythedralApp) -> None:
    assert isinstance(app.screen, NewGameScreen)
    assert "Keythedral: a new game" in screen_text(app)  # drawn, not a blank board


def a_save(seats: tuple[str, ...] = ()) -> str:
    game = saved_game(config(), lambda s: s.round >= 1)
    return persistence.dumps(game.config, game.actions, game.state, seats)


def bad_seat(spec: str) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        data = json.loads(a_save(("human", "greedy", "human")))
        data["seats"][1] = spec
        path.write_text(json.dumps(data))

    return make


DAMAGED: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (os.mkfifo, "cannot be loaded: it is a named pipe (FIFO), not a regular file"),
    "deep": (lambda p: p.write_text(DEEP) and None, "its lists or objects are nested too deeply"),
    "bogus-option": (bad_seat("ismcts:bogus=1"), "it has no option bogus"),
    "day-long-search": (bad_seat("ismcts:time=100000"), "of at most 60 seconds"),
}


@pytest.mark.parametrize("name", ["saves/friday.json", "autosave.json"])
@pytest.mark.parametrize("kind", list(DAMAGED))
async def test_a_damaged_save_on_the_command_line_is_told_on_screen(
    _data_dir: Path, kind: str, name: str
) -> None:
    """``keythedral --load FILE`` and ``--resume`` (the autosave): the reason is on screen,
    over the new-game screen."""
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    make, words = DAMAGED[kind]
    path = _data_dir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    make(path)
    app = KeythedralApp(start=Start(load=path), autosave=False, animations=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await loaded(pilot, app)
        on_the_new_game_screen(app)
        shown = toasts(app)
        assert "Cannot start that game" in shown and words in shown, shown
        assert app.session is None


@fifo_only
async def test_an_autosave_that_is_a_pipe_is_told_on_the_new_game_screen(_data_dir: Path) -> None:
    _data_dir.mkdir(parents=True)
    os.mkfifo(persistence.autosave_path())
    app = KeythedralApp(autosave=False, animations=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await loaded(pilot, app)
        on_the_new_game_screen(app)
        shown = toasts(app)
        assert "The autosave cannot be resumed" in shown and "named pipe" in shown, shown


@fifo_only
async def test_the_load_dialog_lists_damaged_saves_and_refuses_them_on_screen(
    _data_dir: Path,
) -> None:
    saves = persistence.saves_dir()
    saves.mkdir(parents=True)
    os.mkfifo(saves / "pipe.json")
    bad_seat("ismcts:bogus=1")(saves / "bots.json")
    os.utime(saves / "pipe.json", (2e9, 2e9))  # the newest: first in the list
    app = KeythedralApp(autosave=False, animations=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await loaded(pilot, app)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        choices = app.screen.query_one(OptionList)
        # the list's lines inside its frame (a refusal wraps there, in every language)
        text = " ".join(" ".join(rows_in(app, choices.scrollable_content_region)).split())
        assert "pipe (cannot be loaded: The file pipe.json cannot be loaded: it is a named" in text
        assert "bots (cannot be loaded: The file bots.json names a computer player" in text
        choices.focus()
        choices.highlighted = 0  # the pipe
        await pilot.press("enter")
        await loaded(pilot, app)
        on_the_new_game_screen(app)
        shown = toasts(app)
        assert "Not loaded" in shown and "named pipe (FIFO), not a regular file" in shown, shown


@fifo_only
async def test_a_replay_that_is_a_pipe_is_told_on_screen(tmp_path: Path) -> None:
    """``keythedral replay FILE`` opening the viewer (the file checked in the app)."""
    path = tmp_path / "game.json"
    os.mkfifo(path)
    app = KeythedralApp(start=Start(replay=path), autosave=False, animations=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await loaded(pilot, app)
        on_the_new_game_screen(app)
        shown = toasts(app)
        assert "Cannot show that replay" in shown and "named pipe" in shown, shown


async def test_bots_that_would_search_for_hours_are_refused_from_the_command_line() -> None:
    """``--bots human,ismcts:time=100000`` is checked as a save's seats are."""
    start = Start(players=("Ann", "Bob"), seats=("human", "ismcts:time=100000"))
    app = KeythedralApp(start=start, autosave=False, animations=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await loaded(pilot, app)
        on_the_new_game_screen(app)
        shown = toasts(app)
        assert "Cannot start that game" in shown and "of at most 60 seconds" in shown, shown


# --- keys.toml -------------------------------------------------------------------------------
async def started_with_keys(tmp_path: Path, text: str) -> tuple[KeythedralApp, str, list[str]]:
    """The app started on a game with ``text`` as keys.toml: (the app, the notices on screen,
    every notification's title and message)."""
    keys = tmp_path / "keys.toml"
    keys.write_text(text)
    app = make_app(config(), keys_file=keys)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        shown = toasts(app)
        messages = [f"{n.title}: {n.message}" for n in notices(app)]
        await pilot.press("t")  # the default key for the mats
        await pilot.pause()
        assert "The Keythedral mat" in screen_text(app)
    return app, shown, messages


async def test_ten_thousand_bad_lines_give_one_notice(tmp_path: Path) -> None:
    text = "[keys]\n" + "".join(f'bogus{i} = "x"\n' for i in range(10_000))
    _, shown, messages = await started_with_keys(tmp_path, text)
    assert len(messages) == 1
    assert messages[0].startswith(f"{tmp_path / 'keys.toml'} was only partly used: - bogus0:")
    assert "bogus0: there is no binding with that id" in shown
    assert "and 9990 more (keythedral keys lists them all)" in shown
    assert messages[0].count("\n") == 10  # ten problems and the count of the rest


async def test_a_keys_file_nested_too_deeply_leaves_the_default_keys(tmp_path: Path) -> None:
    _, shown, messages = await started_with_keys(tmp_path, "[keys]\nundo = " + DEEP)
    assert "its arrays or tables are nested too deeply to read" in shown, shown
    assert len(messages) == 1


async def test_clashing_and_reserved_keys_are_told_and_left_out(tmp_path: Path) -> None:
    text = '[keys]\nundo = "t"\nsave = "ctrl+q"\n"show-log" = "f3"\n'
    app, shown, messages = await started_with_keys(tmp_path, text)  # t still shows the mats
    assert len(messages) == 1
    assert "undo: t is already the key of show-mats (game), so undo keeps u" in shown, shown
    assert "save: ctrl+q is kept by the app (quit); left out" in shown, shown
    assert app.rebound == {"show-log": "f3"}


async def test_a_notice_quotes_the_file_as_written(tmp_path: Path) -> None:
    """Brackets in keys.toml are the player's text, not markup (which could fail to parse)."""
    _, shown, _ = await started_with_keys(tmp_path, '[keys]\n"[bold]" = "x"\n')
    assert "[bold]: there is no binding with that id" in shown, shown
