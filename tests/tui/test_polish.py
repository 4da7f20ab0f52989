"""Reach: ASCII drawing, rebindable keys, and the log as plain text."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import pytest
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.filter import LineFilter
from textual.widgets import Footer, OptionList, Static

from keythedral.records import gamelog, persistence
from keythedral.tui import keymap
from keythedral.tui.ascii import AsciiFilter, ascii_char, to_ascii
from keythedral.words.narration import narrate
from tests.support import SAVES
from tests.support.bindings import binding_rows
from tests.support.textshot import read, screen_text

GOLDEN = SAVES / "format1-keythedral-0.1.0.json"


# --- ASCII mode --------------------------------------------------------------------------
def test_the_map_in_ascii_keeps_its_shape() -> None:
    assert to_ascii("╱─────╲ ╱─────╲") == "/-----\\ /-----\\"
    assert to_ascii("│Q ●B │") == "|Q oB |"
    assert to_ascii("╲─────╱▲╲─────╱") == "\\-----/^\\-----/"
    assert to_ascii("B3⌂ ▶ ◀ █ ┄┆") == "B3h > < # -|"
    assert to_ascii("╭──╮ ╰──╯ ┤┴┼") == "+--+ +--+ +++"


def test_the_palettes_search_icon_is_a_prompt_in_ascii_not_question_marks() -> None:
    assert to_ascii("🔎 Search for commands…") == ">  Search for commands."


def test_every_character_keeps_its_width() -> None:
    from rich.cells import cell_len

    samples = "".join(chr(c) for c in range(0x2500, 0x25A0)) + "·•…×→↵⌂★✓✗Zoë漢"
    for ch in samples:
        out = ascii_char(ch)
        assert out.isascii() and cell_len(out) == cell_len(ch), (ch, out)


class Boxes(App[None]):
    CSS = "Static { border: round $primary; } OptionList { border: tall $accent; height: 5; }"
    BINDINGS = [Binding("u", "noop", "Undo ↶", id="undo")]

    def __init__(self, ascii: bool) -> None:
        super().__init__()
        self.ascii = ascii

    def compose(self) -> ComposeResult:
        yield Static("╱─────╲ ●A ▶ the map ◀ · café")
        yield OptionList(*[f"option {i} →" for i in range(20)])
        yield Footer()

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = list(super().get_line_filters())
        return [*filters, AsciiFilter()] if self.ascii else filters


@pytest.mark.english  # the test's own words, in Textual's Footer (not the app's key bar)
@pytest.mark.parametrize("ascii", [False, True])
def test_the_filter_draws_borders_scrollbars_and_footer_in_ascii(ascii: bool) -> None:
    async def run() -> str:
        app = Boxes(ascii)
        async with app.run_test(size=(60, 14)) as pilot:
            await pilot.pause()
            return screen_text(app)

    text = asyncio.run(run())
    assert "the map" in text and "option 1" in text
    assert text.isascii() is ascii
    if ascii:
        assert "/-----\\ oA > the map < . cafe" in text


def test_the_filter_leaves_ascii_segments_alone() -> None:
    seg = Segment("plain")
    assert AsciiFilter().apply([seg], Color(0, 0, 0))[0] is seg


# --- keys ----------------------------------------------------------------------------------
def test_a_keys_file_rebinds_known_ids_and_reports_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "keys.toml"
    path.write_text(
        '[keys]\nundo = "ctrl+z"\n"map.left" = ["left", "h"]\nnope = "x"\nhelp = "not a key"\n'
        "save = 3\n"
    )
    result = keymap.load_keymap(known={"undo", "map.left", "help", "save"}, path=path)
    assert result.keymap == {"undo": "ctrl+z", "map.left": "left,h"}
    problems = " | ".join(result.problems)
    assert "nope: there is no binding with that id" in problems
    assert "help: not a key is not a key name" in problems
    assert "save: give the key as a string" in problems


def test_a_missing_or_broken_keys_file_changes_nothing(tmp_path: Path) -> None:
    assert keymap.load_keymap(path=tmp_path / "none.toml").keymap == {}
    bad = tmp_path / "keys.toml"
    bad.write_text("[keys\nundo = ")
    result = keymap.load_keymap(path=bad)
    assert result.keymap == {} and "not valid TOML" in result.problems[0]


def test_the_config_folder_follows_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KEYTHEDRAL_CONFIG_DIR", str(tmp_path))
    assert keymap.keys_path() == tmp_path / "keys.toml"


def test_a_keymap_rebinds_a_textual_binding() -> None:
    async def run() -> tuple[bool, bool]:
        app = Boxes(False)
        app.set_keymap({"undo": "ctrl+z"})
        async with app.run_test() as pilot:
            await pilot.pause()
            keys = {k for k, ab in app.active_bindings.items() if ab.binding.id == "undo"}
            return "ctrl+z" in keys, "u" in keys

    assert asyncio.run(run()) == (True, False)


def test_the_sample_file_lists_every_binding() -> None:
    rows = binding_rows([("app", Boxes)])
    assert [(r.id, r.keys) for r in rows] == [("undo", "u")]
    text = keymap.sample_file(rows)
    assert '# "undo" = "u"' in text and "[keys]" in text
    assert keymap.parse_keymap(text)[0] == {}  # all commented out


def test_every_binding_has_an_id_and_is_listed_for_rebinding() -> None:
    """Each class of the app with BINDINGS is in binding_owners (so ``keythedral keys`` lists
    it and keys.toml may rebind it), and each of its bindings has an id; two bindings share
    an id only when they are the same key for the same action (Cancel in both dialogs)."""
    import importlib
    import inspect

    import keythedral.tui
    from keythedral.tui.app import binding_owners

    owners = {cls for _, cls in binding_owners()}
    seen: dict[str, tuple[str, str]] = {}
    classes = 0
    root = Path(next(iter(keythedral.tui.__path__)))
    for file in sorted(root.rglob("*.py")):
        name = ".".join(("keythedral", "tui", *file.relative_to(root).with_suffix("").parts))
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ != name or "BINDINGS" not in vars(cls):
                continue
            if cls.BINDINGS is OptionList.BINDINGS:  # a list's keys as Textual has them
                continue
            classes += 1
            assert cls in owners, f"{cls.__qualname__} is not in binding_owners()"
            for b in cls.BINDINGS:
                assert isinstance(b, Binding) and b.id, f"{cls.__qualname__}: {b} has no id"
                assert seen.setdefault(b.id, (b.key, b.action)) == (b.key, b.action), b.id
    assert classes >= len(owners) >= 14
    listed = {r.id for r in binding_rows(binding_owners())}
    assert listed == set(seen)


# --- the log as plain text ---------------------------------------------------------------
def test_the_whole_log_as_plain_text() -> None:
    saved = persistence.load(GOLDEN)
    text = read(gamelog.log_text(saved.config, saved.actions))
    lines = text.splitlines()
    assert lines[0] == "Keythedral · Ann, Bob, Cy, Dee · seed 11"
    assert lines[1] == "== Layout ==" and "begins" in lines[2]
    assert [h for h in lines if h.startswith("== ")] == [
        "== Layout ==",
        "== Round 1 ==",
        "== Round 2 ==",
        "== Round 3 ==",
    ]
    # Every round's heading comes right before the line that begins it.
    for i, line in enumerate(lines):
        if line.startswith("== Round"):
            assert lines[i + 1].startswith(f"Round {line.split()[2]} begins")
    # More than the state keeps: the whole game is there, and it ends with the last event.
    assert len(lines) > 150
    assert lines[-1] == read(narrate(saved.state.log[-1], saved.config.players))
    assert lines[-1] == "Dee harvests 1 wood + 2 stone + 1 water + 1 wine."


def test_a_finished_game_log_ends_with_the_scores() -> None:
    from keythedral import engine
    from keythedral.bots import make_bot

    cfg = engine.GameConfig(players=["Ann", "Bob"], seed=4, no_laws=True)
    state, actions = engine.new_game(cfg), []
    bots = [make_bot("greedy", 0), make_bot("greedy", 1)]
    while state.to_act:
        seat = state.to_act[0]
        a = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        state = engine.apply(state, a)
        actions.append(a)
    text = read(gamelog.log_text(cfg, actions))
    assert state.scores is not None
    assert text.endswith(f"== The end ==\nScores: Ann {state.scores[0]}, Bob {state.scores[1]}.\n")
