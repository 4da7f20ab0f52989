"""Reach in the app: ASCII and NO_COLOR snapshots, themes, rebound keys, the terminal cursor
following the selection (for screen readers), the chart on the scores screen, the log saved
as text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.widgets.board import LEVELS, FieldMap
from keythedral.tui.widgets.chart import ScoreChart
from keythedral.tui.widgets.decision import DecisionPanel, option_height
from tests.support.driver import map_colours, past_handover
from tests.support.notices import notices
from tests.support.textshot import drawn_text, read, screen_text
from tests.support.tui_helpers import config, make_app, mid_game, saved_game, spending

SnapCompare = Any
SIZE = (100, 32)


# --- snapshots: ASCII and NO_COLOR ---------------------------------------------------------
@pytest.mark.english  # an English SVG snapshot
def test_map_in_ascii(snap_compare: SnapCompare) -> None:
    app = make_app(saved=mid_game(), ascii=True)
    assert snap_compare(app, terminal_size=SIZE, run_before=past_handover)


@pytest.mark.english  # an English SVG snapshot
def test_map_with_no_color(snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(saved=mid_game())
    assert app.no_color
    assert snap_compare(app, terminal_size=SIZE, run_before=past_handover)


@pytest.mark.english  # an English SVG snapshot
def test_scores_in_ascii_with_no_color(
    snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(saved=saved_game(config(5), lambda s: False), ascii=True)
    assert snap_compare(app, terminal_size=(100, 48))


# --- ASCII everywhere -----------------------------------------------------------------------
async def test_every_screen_is_plain_ascii_in_ascii_mode() -> None:
    app = make_app(saved=mid_game(), ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        assert screen_text(app).isascii()
        await pilot.press("enter")
        await pilot.pause()
        shown = screen_text(app)
        assert shown.isascii() and "/-----\\" in shown
        for key in ("t", "g", "m"):  # mats, log, map
            await pilot.press(key)
            await pilot.pause()
            assert screen_text(app).isascii(), key
        app.action_toggle_ascii()  # from the command palette: back to Unicode
        await pilot.pause()
        assert "╱─────╲" in screen_text(app)


# --- themes --------------------------------------------------------------------------------
async def test_the_ansi_theme_and_an_unknown_theme() -> None:
    app = make_app(config(), theme="ansi")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "ansi-dark"
    app = make_app(config(), theme="no-such-theme")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        notes = [str(n.message) for n in notices(app)]
        assert any("There is no theme 'no-such-theme'" in n for n in notes)


def _ansi(name: str) -> int:
    """The number (0-15) of one of the terminal's 16 colours; fails for any other colour."""
    from rich.color import Color, ColorType

    colour = Color.parse(name)
    assert colour.type is ColorType.STANDARD and colour.number is not None, name
    return colour.number


def test_the_ansi_map_palette_keeps_every_distinction() -> None:
    """Under the ANSI themes and on 16-colour terminals the map uses the terminal's own
    colours, and still tells apart: the five fields, the five seats, fields from seats (a
    worker on a field of its seat's hue), the targets, the Keythedral and the cursor."""
    from rich.color import Color, ColorSystem

    from keythedral.tui.widgets.map_looks import ANSI_COLOUR, TRUE_COLOUR, palette_for

    fills = [_ansi(fill) for _, fill in ANSI_COLOUR.fields.values()]
    seats = [_ansi(c) for c in ANSI_COLOUR.seats]
    keythedral = _ansi(str(ANSI_COLOUR.keythedral.bgcolor.name))  # type: ignore[union-attr]
    assert len(set(fills)) == 5 and len(set(seats)) == 5
    assert len({*fills, *seats, keythedral}) == 11
    for letter, fill in ANSI_COLOUR.fields.values():
        assert _ansi(letter) != _ansi(fill)
    assert ANSI_COLOUR.workers_on_seat_colour  # a worker is its seat's colour on any field
    assert ANSI_COLOUR.target.reverse and ANSI_COLOUR.target.bgcolor is None
    assert ANSI_COLOUR.cursor.color is None and ANSI_COLOUR.cursor.bold  # the text colour
    # Why: rounded to 16 colours, the hex palette puts distinct things on one colour.
    down = [Color.parse(c).downgrade(ColorSystem.STANDARD).number for c in TRUE_COLOUR.seats]
    fields = [
        Color.parse(f).downgrade(ColorSystem.STANDARD).number
        for _, f in TRUE_COLOUR.fields.values()
    ]
    assert set(down) & set(fields)
    for ansi, system, palette in [
        (True, "truecolor", ANSI_COLOUR),
        (False, "standard", ANSI_COLOUR),
        (False, "windows", ANSI_COLOUR),
        (False, "256", TRUE_COLOUR),
        (False, "truecolor", TRUE_COLOUR),
    ]:
        assert palette_for(ansi, system) is palette


async def test_the_map_draws_in_ansi_colours_under_an_ansi_theme() -> None:
    from rich.color import ColorType

    app = make_app(saved=mid_game())
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        board = app.screen.query_one(FieldMap)
        hex_colours = map_colours(board)
        assert any(c.type is ColorType.TRUECOLOR for c in hex_colours)
        app.theme = "ansi-dark"  # changed while playing (ctrl+p, Change theme): redrawn
        await pilot.pause()
        ansi = map_colours(board)
        assert ansi and all(c.type is ColorType.STANDARD for c in ansi), ansi
        assert len(ansi) >= 8  # fields, seats, the Keythedral: all there, none merged
        app.theme = "textual-dark"
        await pilot.pause()
        assert map_colours(board) == hex_colours


async def test_a_16_colour_terminal_gets_the_ansi_palette(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rich.color import ColorType

    monkeypatch.delenv("COLORTERM")
    monkeypatch.setenv("TERM", "xterm")  # 16 colours, as Rich reads it
    app = make_app(saved=mid_game())
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        assert app.console.color_system == "standard"
        colours = map_colours(app.screen.query_one(FieldMap))
        assert colours and all(c.type is ColorType.STANDARD for c in colours), colours


# --- rebound keys --------------------------------------------------------------------------
async def test_keys_from_the_keys_file(tmp_path: Path) -> None:
    keys = tmp_path / "keys.toml"
    keys.write_text('[keys]\n"map.right" = "x"\n"show-mats" = "f2"\nbogus = "y"\n')
    app = make_app(config(), keys_file=keys)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(FieldMap)
        board.focus()
        start = board.cursor
        await pilot.press("x")
        assert board.cursor[1][0] == start[1][0] + 1
        await pilot.press("l")  # no longer bound to the cursor
        assert board.cursor[1][0] == start[1][0] + 1
        bar = screen_text(app).splitlines()[-1]
        assert "f2 Mats" in bar and "t Mats" not in bar  # the key bar shows the new key
        await pilot.press("f2")
        await pilot.pause()
        assert "The Keythedral mat" in screen_text(app)
        notes = [str(n.message) for n in notices(app)]
        assert any("bogus: there is no binding with that id" in n for n in notes)


def test_tests_never_touch_the_users_settings_or_saves(tmp_path: Path) -> None:
    """conftest points the config folder (keys.toml) and the saves at this test's own
    folders, so a player's keys.toml or autosave cannot change what the tests see."""
    from keythedral.records import persistence
    from keythedral.tui import keymap

    assert keymap.config_dir().is_relative_to(tmp_path)
    assert persistence.data_dir().is_relative_to(tmp_path)
    assert keymap.load_keymap().keymap == {}


# --- the footer at 80 columns ----------------------------------------------------------------
@pytest.mark.english  # the English labels fit whole (the pseudo-language's, 40% longer, do not)
@pytest.mark.parametrize("tutorial", [False, True])
async def test_every_key_of_the_game_fits_the_footer_at_80_columns(
    tutorial: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With every binding on at once (undo, back, laws, the coach...), the footer of the game
    and tutorial screens shows each key with its word, i (hint) and e (explain) included, and
    the command palette, in 80 columns."""
    from keythedral.tui.app import KeythedralApp, Start
    from keythedral.tui.screens.game import GameScreen
    from keythedral.tui.screens.tutorial import TutorialScreen

    monkeypatch.setattr(GameScreen, "check_action", lambda self, action, parameters: True)
    monkeypatch.setattr(  # the tutorial has no undo
        TutorialScreen, "check_action", lambda self, action, parameters: action != "undo"
    )
    if tutorial:
        app = KeythedralApp(start=Start(tutorial=True), data_dir=tmp_path, animations=False)
    else:
        app = make_app(saved=spending(later=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await past_handover(pilot)
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen if tutorial else GameScreen)
        footer = screen_text(app).splitlines()[-1]
        shown = [
            f"{app.get_key_display(b)} {b.description}"
            for _, b, enabled, _ in screen.active_bindings.values()
            if b.show and enabled
        ]
        assert {"i Hint", "e Explain", "? Help", "r Laws", "n Target", "g Log"} <= set(shown)
        assert ("f Coach" in shown) is tutorial and ("u Undo" in shown) is not tutorial
        for words in shown:
            assert words in footer, (words, footer)
        assert footer.rstrip().endswith("^p palette")


# --- the terminal cursor follows the selection -------------------------------------------
async def test_the_terminal_cursor_follows_the_map_cursor() -> None:
    """At every zoom level (- to the smallest, then + level by level)."""
    app = make_app(config())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.screen.query_one(FieldMap)
        assert app.focused is board
        await pilot.press(*["minus"] * len(LEVELS))
        for level in range(len(LEVELS)):
            assert board.level == level
            seen = set()
            for key in ("l", "j", "h", "h", "k", "n", "n", "c", "l", "k", "c"):
                await pilot.press(key)
                await pilot.pause()
                x, y = app.cursor_position
                assert (x, y) == board.cursor_offset()
                seen.add((x, y))
                row = screen_text(app).splitlines()[y]
                # The cell is between the cursor's arrows, the only ones on the line.
                assert row.count("▶") == row.count("◀") == 1, row
                assert row.index("▶") < x < row.index("◀") <= x + LEVELS[level].px, row
            assert len(seen) >= 4
            await pilot.press("plus")


async def test_the_first_key_that_takes_the_keyboard_to_the_map_takes_the_cursor() -> None:
    app = make_app(saved=spending(later=True))
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        board = app.screen.query_one(FieldMap)
        assert app.focused is not board
        await pilot.press("l")
        assert app.focused is board
        assert app.cursor_position == board.cursor_offset()


async def test_the_terminal_cursor_follows_the_list_of_choices() -> None:
    app = make_app(saved=spending(later=True))
    async with app.run_test(size=SIZE) as pilot:
        await past_handover(pilot)
        panel = app.screen.query_one(DecisionPanel)
        panel.option_list.focus()
        await pilot.pause()
        for _ in range(3):
            await pilot.press("down")
            await pilot.pause()
            x, y = app.cursor_position
            choice = panel.choices[panel.option_list.highlighted or 0]
            row = drawn_text(app).splitlines()[y]  # as drawn: the columns are the cursor's
            assert row[x:].startswith(choice.text.split()[0]), (row, choice.text)


# --- the scores screen and the log ------------------------------------------------------------
async def test_the_scores_screen_shows_the_chart() -> None:
    app = make_app(saved=saved_game(config(5), lambda s: False))
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoresScreen)
        chart = app.screen.query_one(ScoreChart)
        assert chart.history.rounds and len(chart.history.names) == 3
        text = screen_text(app)
        assert "Seats: the seat values" in text and "bars in seat order: A Ann" in text


async def test_the_log_is_saved_as_plain_text(_data_dir: Path) -> None:
    app = make_app(saved=mid_game(), data_dir=_data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.action_save_log()
        await pilot.pause()
    (path,) = (_data_dir / "logs").glob("*.txt")
    text = read(path.read_text())
    assert path.name == "ann-bob-cy-seed-3.txt"  # a slug of the names: never a path
    assert text.startswith("Keythedral · Ann, Bob, Cy · seed 3\n== Layout ==")
    assert "== Round 3 ==" in text


async def test_the_terminal_cursor_counts_the_wrapped_lines_above_a_choice() -> None:
    app = make_app(saved=spending(later=True))
    async with app.run_test(size=(80, 24)) as pilot:  # a narrow list: long choices wrap
        await past_handover(pilot)
        panel = app.screen.query_one(DecisionPanel)
        choices = panel.option_list
        choices.focus()
        await pilot.pause()
        wrapped = False
        for _ in range(min(choices.option_count, 8) - 1):
            await pilot.press("down")
            await pilot.pause()
            index = choices.highlighted or 0
            x, y = app.cursor_position
            row = drawn_text(app).splitlines()[y]  # as drawn: the columns are the cursor's
            assert row[x:].startswith(panel.choices[index].text.split()[0]), (index, row)
            wrapped = wrapped or option_height(choices.options[index - 1]) > 1
        assert wrapped  # a choice above one checked took two lines or more
