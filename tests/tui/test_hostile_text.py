"""Text from outside (names, paths, theme and key names) is shown as written, never as markup,
and a name never becomes a path: hostile names on every screen that shows names."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from keythedral import engine
from keythedral.engine import GameConfig
from keythedral.records import persistence, replay
from keythedral.records.persistence import SavedGame
from keythedral.tui.app import KeythedralApp, Start
from keythedral.tui.screens.dialogs import LoadDialog
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.new_game import NewGameScreen
from keythedral.tui.screens.replay import ReplayScreen
from keythedral.tui.screens.rules import RuleCard
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.widgets.board import FieldMap
from tests.support.driver import past_handover
from tests.support.notices import notices
from tests.support.textshot import screen_text
from tests.support.tui_helpers import make_app, play_until, saved_game

SIZE = (100, 32)
#: Valid names that look like markup ([b] would make Ann bold, [/] crashes a markup parser) or
#: Markdown (*Cy* would be Cy in italics).
HOSTILE = ("[b]Ann", "[/]", "*Cy*")
CONTROL = "\x1b]0;X\x07"  # sets the terminal's title


def hostile_config(seed: int = 5) -> GameConfig:
    return GameConfig(players=list(HOSTILE), seed=seed)


def messages(app: KeythedralApp) -> list[str]:
    return [n.message for n in notices(app)]


@pytest.mark.parametrize("seat", [0, 1])
async def test_names_that_look_like_markup_are_shown_as_written_on_the_board(seat: int) -> None:
    """The status line, the private screen's title, the privacy screen, the log and the mats:
    the name of the player at the keyboard is there as it is written."""
    name = HOSTILE[seat]
    saved = saved_game(hostile_config(), lambda s: s.round >= 2 and s.to_act == (seat,))
    app = make_app(saved=saved)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        handover = await past_handover(pilot)
        assert f"Pass the keyboard to {name}" in handover
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert f"{name}'s screen (private)" in text  # the hand panel's title
        assert f"to act: {name}" in text
        await pilot.press("g")
        await pilot.pause()
        log = screen_text(app).splitlines()
        assert any(row.startswith(f"{name} ") for row in log)  # lines of the log panel
        await pilot.press("t")
        shown = screen_text(app)
        app.screen.query_one("#mats").scroll_end(animate=False)  # (more than a screen: longer
        await pilot.pause()  # words than English's)
        assert all(n in shown + screen_text(app) for n in HOSTILE)  # the mats list every player


async def test_a_rule_card_names_the_owner_of_a_corner_as_written() -> None:
    """? on a cottage: the card's first line names its owner; on a field with a worker, the
    card's Markdown names the worker's owner (*Cy* is not Cy in italics)."""
    cfg = hostile_config()
    state, actions = play_until(
        engine.new_game(cfg), lambda s: s.round >= 1 and any(w.seat == 2 for w in s.workers)
    )
    app = make_app(saved=SavedGame(cfg, tuple(actions), state))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await past_handover(pilot)
        board = app.screen.query_one(FieldMap)
        board.focus()
        home = next(c for c in state.cottages if c.seat == 1)
        board.set_cursor(("corner", tuple(home.corner)))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RuleCard)
        assert f"[/]'s {'house' if home.house else 'cottage'} {home.number}" in screen_text(app)
        await pilot.press("escape")
        worker = next(w for w in state.workers if w.seat == 2)
        board.set_cursor(("field", tuple(worker.field)))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RuleCard)
        assert "*Cy*'s worker is on it" in screen_text(app)


async def test_the_scores_screen_and_its_chart_show_the_names_as_written() -> None:
    app = make_app(saved=saved_game(hostile_config(2), lambda s: False))  # [/] wins
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        text = screen_text(app)
        final = app.session.state if app.session else None
        assert final is not None and final.winners
        winners = " and ".join(HOSTILE[s] for s in final.winners)
        assert f"{winners} win" in text  # the winner line
        for name in HOSTILE:
            assert f" {name}" in text.split("Seats: the seat values")[0]  # the table
        legend = text.split("bars in seat order:")[1].splitlines()[0]
        assert all(name in legend for name in HOSTILE)


async def test_the_replay_viewer_shows_the_names_as_written(tmp_path: Path) -> None:
    cfg = hostile_config()
    state, actions = play_until(engine.new_game(cfg), lambda s: s.round >= 2)
    rp = replay.record(cfg, actions, ("human",) * 3, final=state)
    path = replay.save(rp, tmp_path / "[b]game.json")
    app = KeythedralApp(start=Start(replay=path), autosave=False, animations=False)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("right")
        text = screen_text(app)
        assert "[b]game.json · action 1" in text
        assert "Action 1 · [b]Ann" in text


async def test_the_new_game_screen_shows_a_refusal_quoting_a_name_as_written() -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=4)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        for i, name in enumerate(("[/]", "[b]Bo\x00", "Cy")):
            screen.query_one(f"#name-{i}").value = name  # type: ignore[attr-defined]
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # not started
        text = screen_text(app)
        assert "Cannot start: The name '[b]Bo\\x00' has a control" in text


@pytest.mark.parametrize("name", [CONTROL, "Bo\x00b", "Bo\u202eb", "x" * 21])
async def test_the_new_game_screen_refuses_names_with_control_characters(name: str) -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=4)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        names = screen.query_one("#name-1")
        names.max_length = 0  # type: ignore[attr-defined]  # as pasted past the field's limit
        names.value = name  # type: ignore[attr-defined]
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.session is None
        assert "Cannot start: The name" in screen_text(app)


async def test_a_pasted_escape_sequence_is_refused_by_the_name_field() -> None:
    app = KeythedralApp(animations=False, autosave=False, seed=4)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#name-0", Input)
        field.value = ""
        field.focus()
        for pasted in (f"Bo{CONTROL}", "Bo\u202eb"):  # an escape sequence, a bidi override
            field.post_message(events.Paste(pasted))
            await pilot.pause()
            assert field.value == ""
        field.post_message(events.Paste("[b]Bo"))
        await pilot.pause()
        assert field.value == "[b]Bo"
        assert "[b]Bo" in screen_text(app)


async def test_a_markup_theme_name_is_told_plainly() -> None:
    app = KeythedralApp(animations=False, autosave=False, theme="[/]")
    notices(app)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert any(m.startswith("There is no theme '[/]'.") for m in messages(app))
        assert "There is no theme '[/]'" in screen_text(app)  # the note is drawn


async def test_a_markup_save_path_is_told_plainly() -> None:
    app = KeythedralApp(start=Start(load=Path("[/]x.json")), autosave=False, animations=False)
    notices(app)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "There is no save at [/]x.json." in messages(app)
        assert "[/]x.json" in screen_text(app)


async def test_a_control_character_in_a_message_never_reaches_the_screen() -> None:
    app = KeythedralApp(start=Start(load=Path(f"{CONTROL}.json")), autosave=False)
    notices(app)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "There is no save at ]0;X.json." in messages(app)


async def test_a_keys_file_line_that_looks_like_markup_is_told_plainly(tmp_path: Path) -> None:
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\nundo = "[red]x[/blue] y"\n', encoding="utf-8")
    app = make_app(saved=saved_game(hostile_config(), lambda s: s.round >= 1), keys_file=keys)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert any("[red]x[/blue] y" in m for m in messages(app))  # the line, as written
        assert "[red]x[/blue] y" in screen_text(app)  # drawn, on the privacy screen
        await past_handover(pilot)
        assert isinstance(app.screen, GameScreen)
        assert "Round 1 · " in screen_text(app)  # the board is drawn


async def test_the_load_dialog_lists_a_file_named_like_markup_as_written(_data_dir: Path) -> None:
    cfg = hostile_config()
    state, actions = play_until(engine.new_game(cfg), lambda s: s.round >= 1)
    folder = persistence.saves_dir(_data_dir)
    persistence.save(folder / "[b]mine.json", cfg, actions, state)
    app = make_app(data_dir=_data_dir)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.action_load()
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        assert "[b]mine  ([b]Ann, [/], *Cy*" in screen_text(app)


@pytest.mark.parametrize("first", ["../../../outside/ESCAPED", "/ABS", "../../esc"])
async def test_the_log_is_saved_inside_the_data_folder_whatever_the_names(
    first: str, tmp_path: Path
) -> None:
    """A name is never a path: the log's file name is a slug, directly in data/logs.  The
    first two names are longer or stranger than GameConfig allows (a game set up before names
    were checked); the last is a valid name."""
    if first == "/ABS":
        first = str(tmp_path / "abs")  # an absolute path (inside the test's folder)
    data = tmp_path / "a" / "b" / "c" / "data"  # deep enough that ../../.. stays in tmp_path
    cfg = GameConfig.model_construct(**{**hostile_config(3).model_dump(), "players": (first, "B")})
    state, actions = play_until(engine.new_game(cfg), lambda s: s.round >= 1)
    app = make_app(saved=SavedGame(cfg, tuple(actions), state), data_dir=data)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.action_save_log()
        await pilot.pause()
    (path,) = (p for p in tmp_path.rglob("*") if p.is_file())  # the log, and nothing else
    assert path.parent == data / "logs"
    assert path.name.endswith("-b-seed-3.txt")
    assert set(path.stem) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
    assert "Keythedral · " in path.read_text(encoding="utf-8")
