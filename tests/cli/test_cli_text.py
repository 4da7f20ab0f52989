"""Hostile text on the command line and in the files it reads: a clear refusal, and never a
control character (an escape sequence could retitle the terminal) in what is printed."""

from __future__ import annotations

from pathlib import Path

import pytest

from keythedral import cli, engine
from keythedral.cli import simulate
from keythedral.engine import GameConfig
from keythedral.records import gamelog, persistence, replay
from tests.support.cli import FakeApp

pytestmark = pytest.mark.usefixtures("fake_app")  # no app, own folders

CONTROL = "\x1b]0;X\x07"  # sets the terminal's title


def no_control(text: str) -> bool:
    return all(ch in "\n\t" or ch.isprintable() for ch in text)


def unchecked_config(*players: str) -> GameConfig:
    """A config with names GameConfig now refuses (as in a file written by hand)."""
    return GameConfig.model_construct(**{**GameConfig(players=["A", "B"]).model_dump(),
                                         "players": players})  # fmt: skip


@pytest.mark.parametrize("name", [CONTROL, "Bo\x00b", "x" * 21, "  "])
def test_players_that_cannot_be_names_are_refused_before_the_app_opens(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--players", "Ann", name]) == 2
    err = capsys.readouterr().err
    assert err.startswith("keythedral: --players: ") and no_control(err)
    assert FakeApp.made == []


def test_players_that_look_like_markup_are_names() -> None:
    assert cli.main(["--players", "[b]Ann", "[/]"]) == 0
    assert FakeApp.made[-1].players == ("[b]Ann", "[/]")


def test_log_refuses_a_save_with_a_control_character_in_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = unchecked_config("Ann", CONTROL)
    path = tmp_path / "evil.json"
    path.write_text(persistence.dumps(cfg, [], engine.new_game(cfg)), encoding="utf-8")
    assert cli.main(["log", str(path)]) == 2
    out, err = capsys.readouterr()
    assert "has no valid game settings" in err and "the name '\\x1b]0;X\\x07'" in err
    assert no_control(out + err)


def test_the_log_text_never_holds_control_characters() -> None:
    cfg = unchecked_config("Ann", CONTROL)
    text = gamelog.log_text(cfg, [])
    assert text.startswith("Keythedral · Ann, ]0;X · seed 0\n") and no_control(text)


def test_replay_summary_refuses_a_replay_with_a_control_character_in_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = replay.save(replay.record(unchecked_config(CONTROL, "Bob"), []), tmp_path / "r.json")
    assert cli.main(["replay", str(path), "--summary"]) == 2
    out, err = capsys.readouterr()
    assert "settings are not valid" in err and no_control(out + err)


def test_keys_prints_a_bad_line_without_its_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = tmp_path / "config" / "keys.toml"
    keys.parent.mkdir()
    keys.write_text('[keys]\nundo = "\\u001b]0;X\\u0007"\n', encoding="utf-8")
    assert cli.main(["keys"]) == 0
    out, err = capsys.readouterr()
    assert "undo" in err and no_control(out + err)


def test_simulate_gives_a_long_bot_spec_a_short_player_name() -> None:
    setup = simulate.Setup(bots=("ismcts:iterations=3:width=3:depth=30", "greedy"), games=1)
    assert setup.names == ("bot 1 (ismcts)", "greedy")
    result = simulate.play_game(setup, 0)
    assert result.finished


def test_simulate_shows_a_label_as_written_never_as_markup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rich.console import Console

    setup = simulate.Setup(bots=("[/]", "greedy"), games=1)
    game = simulate.GameResult(
        index=0, seed=1, seating=(0, 1), finished=True, rounds=9, actions=300,
        scores=[20, 18], wins=[1.0, 0.0], seconds=[0.1, 0.1], decisions=[100, 100], wall=0.2,
    )  # fmt: skip
    console = Console(record=True, width=100)
    console.print(simulate.table(simulate.summarize(setup, [game], 0.2, 1)))
    assert "[/]" in console.export_text()
    folder = tmp_path / "[/]replays"
    argv = ["simulate", "--players", "greedy,random", "--games", "1", "--quiet"]
    assert cli.main([*argv, "--save-replays", str(folder)]) == 0
    assert f"1 replays written to {folder}" in capsys.readouterr().err.replace("\n", "")
