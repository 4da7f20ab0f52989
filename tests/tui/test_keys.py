"""The one list of keys (keythedral.tui.keys): every class's bindings, the key bar, the help
screen, ``keythedral keys``, keys.toml and the tutorial's words come from it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.actions import parse
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from keythedral.tui import keymap, keys
from keythedral.tui.app import binding_owners
from keythedral.tui.bindings import bindings
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.handover import HandoverScreen
from keythedral.tui.screens.help import HelpScreen
from keythedral.tui.widgets.keybar import KeyBar
from tests.support.bindings import binding_rows
from tests.support.textshot import read, screen_text
from tests.support.tui_helpers import config, make_app, saved_game


def fields(b: Any) -> tuple[object, ...]:
    assert isinstance(b, Binding)
    return (b.key, b.action, b.description, b.show, b.priority, b.id)


def test_every_class_takes_its_bindings_from_the_list() -> None:
    owners = binding_owners()
    assert [place for place, _ in owners] == list(keys.PLACES)
    listed = 0
    for place, cls in owners:
        assert "BINDINGS" in vars(cls), cls
        want = [(k.keys, k.action, k.label, k.show, k.priority, k.id) for k in keys.keys_in(place)]
        assert [fields(b) for b in cls.BINDINGS] == want, place
        assert want, f"{place}: no keys"
        listed += len(want)
    assert listed == len(keys.KEYS)  # no key of the list is in a place no class takes


def test_the_list_and_the_keys_command_load_no_textual() -> None:
    """The list is plain data: ``keythedral keys`` and keys.toml read it without Textual."""
    code = (
        "import sys\n"
        "from keythedral.tui import keymap\n"
        "assert keymap.app_rows()\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout


def test_a_place_the_list_does_not_have_is_an_error() -> None:
    with pytest.raises(KeyError):
        bindings("nowhere")


def test_one_id_means_one_key_and_one_action_wherever_it_works() -> None:
    seen: dict[str, tuple[str, str]] = {}
    for k in keys.KEYS:
        assert k.label and k.place in keys.PLACES, k
        assert seen.setdefault(k.id, (k.keys, k.action)) == (k.keys, k.action), k.id
        for name in k.keys.split(","):
            assert keymap.KEY_NAME.match(name), (k.id, name)
    places = [(k.id, k.place) for k in keys.KEYS]
    assert len(places) == len(set(places))  # an id once in each place


def test_keys_and_keys_toml_list_what_the_classes_have() -> None:
    """``keythedral keys`` and keys.toml read the list without loading the app: the same rows
    as the bindings of the classes, in the same order."""
    listed = [replace(r, description=read(r.description)) for r in keymap.app_rows()]
    assert listed == binding_rows(binding_owners())
    assert keys.by_id("undo").place == keys.GAME  # first listed: the game's, not the hand-over's


def test_keys_that_work_together_are_places_of_the_list() -> None:
    for pair in keymap.TOGETHER:
        assert pair <= set(keys.PLACES), pair


def test_the_tutorial_names_keys_as_players_read_them() -> None:
    """The lessons' key names come from the list (the texts' braces: tests/tutorial checks
    every one is filled), written as the help writes them."""
    assert keys.LESSON_KEYS["help"] == "?" and keys.LESSON_KEYS["enter"] == "Enter"
    assert {k.lesson: keys.first_key(k) for k in keys.KEYS if k.lesson} == keys.LESSON_KEYS


# --- the help screen and the README ----------------------------------------------------------
def named(key: str, written: str) -> bool:
    """Whether the help's ``written`` keys ("arrows, hjkl, wasd", "1-9, 0, p") name ``key``:
    one of its words is the key as written, or a run of single letters with it ("hjkl"), or
    a range of digits with it ("1-9"), or "arrows" for an arrow key."""
    for word in re.split(r", | / ", written):
        if word == keys.shown(key) or (word == "arrows" and key in ("up", "down", "left", "right")):
            return True
        if len(key) == 1 and word.isalpha() and word.islower() and key in word:
            return True
        span = re.fullmatch(r"(\d)-(\d)", word)
        if span and key.isdigit() and int(span[1]) <= int(key) <= int(span[2]):
            return True
    return False


def test_each_help_line_tells_of_keys_of_the_game() -> None:
    game = {k.id: k for k in keys.KEYS if k.place in (keys.GAME, keys.MAP, keys.EVERYWHERE)}
    for line in keys.HELP:
        assert line.text and line.keys, line
        assert line.ids or line.written, line  # a key of Textual's or the mouse: written
        for binding_id in line.ids:
            assert binding_id in game, (line.keys, binding_id)
        if line.written and line.ids:  # each key of the ids is named in the words
            for binding_id in line.ids:
                for key in game[binding_id].keys.split(","):
                    assert named(key, line.written), (line.written, key)


def test_the_help_derives_the_keys_column_from_the_keys() -> None:
    rows = {k: read(v) for k, v in keys.help_rows()}
    assert rows["m / t / g"].startswith("show the map")
    assert rows["- / +"].startswith("zoom the map out / in")
    assert rows["Esc"] == "back out of a half-made choice"
    assert rows["r"].startswith("read the law cards")  # laws and hand: one key, said once


class HelpApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(HelpScreen())


async def test_the_help_screen_lists_every_line_of_the_help() -> None:
    app = HelpApp()
    async with app.run_test(size=(320, 120)) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
    for written, text in keys.help_rows():
        written, text = read(written), read(text)
        assert any(written in line and text in line for line in lines), written


def test_the_readme_key_table_is_the_lists() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert keys.markdown() in readme
    assert keys.with_key_table(readme) == readme, (
        "the README's key table is not the list's: python -m keythedral.tui.keys --readme README.md"
    )


def test_a_key_left_out_of_the_readme_or_one_too_many_is_found_and_fixed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = keys.markdown()
    lines = table.splitlines(keepends=True)
    readme = f"# Game\n\n### Keys\n\n{table}\nMore words.\n"
    left_out = readme.replace(lines[5], "")
    too_many = readme.replace(lines[5], lines[5] + "| `x` | a key there is not |\n")
    for stale in (left_out, too_many):
        assert stale != readme and keys.with_key_table(stale) == readme
    path = tmp_path / "README.md"
    path.write_text(too_many, encoding="utf-8")
    assert keys.main(["--readme", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == readme
    assert keys.main(["--markdown"]) == 0
    assert capsys.readouterr().out.endswith(table)
    with pytest.raises(ValueError):
        keys.with_key_table("# Game\n\nno table\n")
    assert keys.main([]) == 2


# --- the key bar -----------------------------------------------------------------------------
def places_of(screen: Screen[Any]) -> set[str]:
    """The places whose keys work on ``screen`` with its focus: the screen's class (and the
    classes it is made from), the focused widget's, the app's."""
    owners = binding_owners()
    found = {keys.EVERYWHERE}
    for node in (screen, *(screen.focused.ancestors_with_self if screen.focused else ())):
        found |= {place for place, cls in owners if isinstance(node, cls)}
    return found


def check_the_bar(screen: Screen[Any]) -> None:
    """The bar shows each shown key of the screen's places that its screen (or the app)
    does not hide, one per action, with the list's label; each of its keys is the list's."""
    items, _, _ = screen.query_one(KeyBar).items()
    places = places_of(screen)
    want: dict[str, str] = {}
    for k in keys.KEYS:
        if not k.show or k.place not in places or k.action in want:
            continue
        namespace, name, params = parse(k.action)
        owner = screen.app if k.place == keys.EVERYWHERE or namespace == "app" else screen
        if owner.check_action(name, params) is not False:
            want[k.action] = k.label
    drawn = {read(item.description) for item in items}
    assert drawn == set(want.values()), (drawn, want)
    for item in items:
        assert any(
            item.key in k.keys.split(",") and k.label == read(item.description) for k in keys.KEYS
        )


async def test_the_key_bar_shows_the_lists_words() -> None:
    saved = saved_game(config(3, no_laws=True), lambda s: s.round == 2 and s.phase == "spend")
    app = make_app(saved=saved)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        check_the_bar(app.screen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        check_the_bar(app.screen)
