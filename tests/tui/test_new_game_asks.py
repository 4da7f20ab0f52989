"""No game is ever lost: a new game that would take the place of an unfinished game in the
autosave asks first, whether it is started on the new-game screen or from the command line.
Enter starts it and keeps the unfinished one as a named save (which the load dialog lists), r
resumes the unfinished one, Esc goes back to the new-game screen and leaves the autosave alone.
And the new-game screen's switches for the table: the privacy screen at every decision, forced
moves that wait for a key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input

from keythedral import engine
from keythedral.records import persistence
from keythedral.records.persistence import SavedGame
from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.dialogs import LoadDialog, ReplaceDialog
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.screens.new_game import NewGameScreen
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import config, saved_game

SIZE = (100, 32)


def unfinished_autosave(moves: int = 3) -> SavedGame:
    """An unfinished game of Ann, Bob and Cy (seed 3) in the autosave, ``moves`` into it."""
    cfg = config(3)
    state, actions = engine.new_game(cfg), []
    for _ in range(moves):
        actions.append(engine.legal_actions(state)[0])
        state = engine.apply(state, actions[-1])
    persistence.save(persistence.autosave_path(), cfg, actions, state)
    return persistence.load(persistence.autosave_path())


def new_app(way: str, **variants: Any) -> KeythedralApp:
    """The app that starts a new game (seed 77) on the new-game screen, or from the command
    line (Dee and Eve, with ``variants``)."""
    if way == "screen":
        return KeythedralApp(animations=False, seed=77)
    start = Start(players=("Dee", "Eve"), seed=77, variants=variants)
    return KeythedralApp(start=start, animations=False)


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def start_new(pilot: Pilot[Any], app: KeythedralApp, way: str) -> None:
    """Start the new game: Start on the new-game screen (the seed 77 on it), or the command
    line's game (started as the app starts)."""
    await settle(pilot)
    if way == "screen":
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+n")
        await pilot.pause()


def kept_saves() -> list[Path]:
    return persistence.list_saves()


async def asked(pilot: Pilot[Any], app: KeythedralApp, way: str) -> ReplaceDialog:
    """Start the new game; the question on screen."""
    await start_new(pilot, app, way)
    dialog = app.screen
    assert isinstance(dialog, ReplaceDialog)
    return dialog


@pytest.mark.parametrize("way", ["screen", "command line"])
async def test_enter_starts_the_new_game_and_keeps_the_unfinished_one(way: str) -> None:
    old = unfinished_autosave()
    app = new_app(way)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await asked(pilot, app, way)
        text = screen_text(app)
        assert "An unfinished game is in the autosave" in text
        assert "Ann, Bob, Cy · layout · seed 3" in text  # who plays it, and how far it is
        assert dialog.keep_as.startswith("unfinished-ann-bob-cy-seed-3-")
        assert dialog.keep_as in text  # the name it will be kept under
        assert kept_saves() == []  # nothing kept before the answer
        await pilot.press("enter")
        await pilot.pause()
        session = app.session
        assert session is not None and session.config.seed == 77 and not session.actions
        assert isinstance(app.game_screen, GameScreen)
        # The unfinished game is a named save, under the name the question said; it loads as
        # it was, and the autosave holds the new game.
        kept = kept_saves()
        assert [p.stem for p in kept] == [dialog.keep_as]
        back = persistence.load(kept[0])
        assert (back.config, back.actions) == (old.config, old.actions)
        app.files.flush()
        assert persistence.load(persistence.autosave_path()).config == session.config
        # The load dialog lists it.
        app.action_load()
        await pilot.pause()
        load = app.screen
        assert isinstance(load, LoadDialog) and kept[0] in load.paths
        assert dialog.keep_as in screen_text(app)


@pytest.mark.parametrize("way", ["screen", "command line"])
async def test_r_resumes_the_unfinished_game(way: str) -> None:
    old = unfinished_autosave()
    app = new_app(way)
    async with app.run_test(size=SIZE) as pilot:
        await asked(pilot, app, way)
        await pilot.press("r")
        await pilot.pause()
        session = app.session
        assert session is not None
        assert (session.config, tuple(session.actions)) == (old.config, old.actions)
        assert isinstance(app.game_screen, GameScreen)
        assert kept_saves() == []
    loaded = persistence.load(persistence.autosave_path())
    assert (loaded.config, loaded.actions) == (old.config, old.actions)


@pytest.mark.parametrize("way", ["screen", "command line"])
async def test_esc_goes_back_to_the_new_game_screen_leaving_the_autosave(way: str) -> None:
    unfinished_autosave()
    before = persistence.autosave_path().read_bytes()
    app = new_app(way, no_laws=True)
    async with app.run_test(size=SIZE) as pilot:
        await asked(pilot, app, way)
        await pilot.press("escape")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert app.session is None
        if way == "command line":  # set up as the command line asked
            assert screen.query_one("#name-0", Input).value == "Dee"
            assert screen.query_one("#name-1", Input).value == "Eve"
            assert screen.query_one("#no_laws", Checkbox).value
        note = read(str(screen.query_one("#resume-note").render()))  # at the form's foot
        assert "Autosave: Ann, Bob, Cy" in note  # still offered
        # Start asks again.
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, ReplaceDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
    assert persistence.autosave_path().read_bytes() == before
    assert kept_saves() == []


def finished_autosave() -> None:
    saved = saved_game(config(5), lambda s: False)
    assert not saved.state.to_act
    persistence.save(persistence.autosave_path(), saved.config, saved.actions, saved.state)


def broken_autosave() -> None:
    path = persistence.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "keythedral-save", "version": 1, "game": "0.1.0"')


@pytest.mark.parametrize("way", ["screen", "command line"])
@pytest.mark.parametrize("autosave", ["absent", "finished", "broken", "not begun"])
async def test_nothing_asks_without_an_unfinished_game(way: str, autosave: str) -> None:
    """Nor for a game nobody has moved in yet (another tab of ``keythedral serve`` that
    started the same game, say): there is nothing in it to lose."""
    if autosave == "not begun":
        unfinished_autosave(moves=0)
    elif autosave == "finished":
        finished_autosave()
    elif autosave == "broken":
        broken_autosave()  # as before: the new game takes its place
    app = new_app(way)
    async with app.run_test(size=SIZE) as pilot:
        await start_new(pilot, app, way)
        assert not isinstance(app.screen, ReplaceDialog)
        session = app.session
        assert session is not None and session.config.seed == 77
        assert isinstance(app.game_screen, GameScreen)
        app.files.flush()
    assert kept_saves() == []
    assert persistence.load(persistence.autosave_path()).config.seed == 77


async def test_nothing_asks_when_the_app_does_not_autosave() -> None:
    """The autosave is not replaced by a game that is not autosaved."""
    unfinished_autosave()
    before = persistence.autosave_path().read_bytes()
    app = KeythedralApp(animations=False, seed=77, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await start_new(pilot, app, "screen")
        assert app.session is not None and app.session.config.seed == 77
    assert persistence.autosave_path().read_bytes() == before


async def test_the_tutorial_leaves_the_autosave_alone() -> None:
    unfinished_autosave()
    before = persistence.autosave_path().read_bytes()
    app = KeythedralApp(animations=False, start=Start(tutorial=True))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert not isinstance(app.screen, ReplaceDialog)
        await pilot.press("enter", "enter")
        await pilot.pause()
    assert persistence.autosave_path().read_bytes() == before
    assert kept_saves() == []


# --- the switches --------------------------------------------------------------------------
@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("auto_play", [False, True])
async def test_the_switches_start_at_the_command_lines_settings(
    strict: bool, auto_play: bool
) -> None:
    app = KeythedralApp(animations=False, strict_privacy=strict, auto_play=auto_play)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#strict_privacy", Checkbox).value is strict
        assert screen.query_one("#wait", Checkbox).value is not auto_play
        strict = read(str(screen.query_one("#strict_privacy", Checkbox).label))
        assert strict == "Hand over the keyboard at every decision"
        assert read(str(screen.query_one("#wait", Checkbox).label)) == "Forced moves wait for a key"


async def to_phase_1(pilot: Pilot[Any], app: KeythedralApp) -> list[str]:
    """Enter through the layout (and any privacy screen) until phase 1; the screens seen in
    phase 1 on the way to its second decision."""
    seen: list[str] = []
    for _ in range(60):
        session = app.session
        assert session is not None
        if engine.decision(session.state) in ("choose_work_order", "place_worker"):
            seen.append(type(app.screen).__name__)
            if len(seen) == 3:
                return seen
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("phase 1 not reached")


@pytest.mark.parametrize("strict", [False, True])
async def test_the_switches_reach_the_game(strict: bool) -> None:
    """The app starts with the opposite settings; the screen's switches are what counts."""
    app = KeythedralApp(animations=False, seed=3, strict_privacy=not strict, auto_play=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#strict_privacy", Checkbox).value = strict
        screen.query_one("#wait", Checkbox).value = True
        screen.query_one("#no_laws", Checkbox).value = True
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert app.table.strict is strict and app.auto_play is False
        seen = await to_phase_1(pilot, app)
        # Strict: the privacy screen before phase 1's decisions; else the shared screen only.
        assert ("HandoverScreen" in seen) is strict, seen
        if not strict:
            assert not isinstance(app.screen, HandoverScreen)


# --- what stops a start, where the player is looking (80x24) ------------------------------
@pytest.mark.parametrize(
    ("names", "seed", "said", "field", "row"),
    [
        (
            ("Ann", "", ""),
            "9",
            "Cannot start: Keythedral needs 2 to 5 players: type a second name, or pick a "
            "computer player under seat 2.",
            "name-1",
            "Ann            seat 2",
        ),
        (
            ("Ann", "Bob", "Ann"),
            "9",
            "Cannot start: Two players are called Ann: give each a different name.",
            "name-2",
            "Ann            Bob            Ann",
        ),
        (
            ("Ann", "Bob", "Cy"),
            "",
            "Cannot start: The seed must be a whole number",
            "seed",
            "Seed:",
        ),
    ],
    ids=["one player", "the same name twice", "no seed"],
)
@pytest.mark.parametrize("how", ["the Start button", "Enter on a name"])
async def test_what_stops_a_start_is_said_in_sight_and_its_field_focused(
    names: tuple[str, ...], seed: str, said: str, field: str, row: str, how: str
) -> None:
    """Said at the top of the screen in a player's words (not the engine's "players:"), the
    field to mend focused and in view, whether Start (at the bottom) or Enter on a name (at the
    top) was pressed; mending the field takes the words away."""
    app = KeythedralApp(animations=False, autosave=False, seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for i, name in enumerate(names):
            screen.query_one(f"#name-{i}", Input).value = name
        screen.query_one("#seed", Input).value = seed
        screen.query_one("#start" if how == "the Start button" else "#name-0").focus()
        await pilot.pause()
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen) and app.session is None
        text = screen_text(app)
        rows = text.splitlines()
        assert " ".join(" ".join(r.split()) for r in rows[:2]).startswith(said), rows[:2]
        assert "start: players:" not in text and "configuration" not in text
        assert app.focused is not None and app.focused.id == field
        assert row in text  # the field to mend is in sight
        await pilot.press("1")
        await pilot.pause()
        assert "Cannot start" not in screen_text(app)


async def test_every_button_fits_at_80_columns() -> None:
    unfinished_autosave()  # Resume shows too: five buttons
    app = KeythedralApp(animations=False, seed=9)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#new-game").scroll_end(animate=False)
        await settle(pilot)
        buttons = [r for r in screen_text(app).splitlines() if "Start" in r and "Quit" in r]
        assert len(buttons) == 1, screen_text(app)
        assert buttons[0].split() == ["Start", "Resume", "Load…", "Tutorial", "Quit"]
        quit_button = screen.query_one("#quit")
        assert quit_button.region.right <= 80
