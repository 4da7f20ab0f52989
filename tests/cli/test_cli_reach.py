"""The command line of issue 7: --ascii, --no-mouse, --theme, serve, log, keys, simulate --plot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from keythedral import cli
from keythedral.cli import serve
from keythedral.records import persistence
from tests.support import SAVES
from tests.support.cli import FakeApp

pytestmark = pytest.mark.usefixtures("fake_app")  # no app, own folders

GOLDEN = SAVES / "format1-keythedral-0.1.0.json"


def test_display_options_reach_the_app() -> None:
    assert cli.main(["--ascii", "--no-mouse", "--theme", "ansi"]) == 0
    assert FakeApp.options[-1]["ascii"] is True and FakeApp.options[-1]["mouse"] is False
    assert FakeApp.options[-1]["theme"] == "ansi"
    assert cli.main(["play", "--ascii"]) == 0
    assert FakeApp.options[-1]["ascii"] is True and FakeApp.options[-1]["mouse"] is True
    assert cli.main(["--theme", "nord", "play", "--players", "A", "B"]) == 0
    assert FakeApp.options[-1]["theme"] == "nord" and FakeApp.options[-1]["ascii"] is False


def test_the_tutorial_takes_the_display_options_too() -> None:
    assert cli.main(["tutorial", "--ascii", "--no-mouse"]) == 0
    assert FakeApp.made[-1].tutorial and FakeApp.options[-1]["ascii"] is True
    assert FakeApp.options[-1]["mouse"] is False
    assert cli.main(["--theme", "ansi", "tutorial"]) == 0
    assert FakeApp.options[-1]["theme"] == "ansi" and FakeApp.options[-1]["ascii"] is False


def test_serve_is_a_subcommand_bound_to_localhost(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve, "serve", lambda *a, **k: calls.append(a))
    assert cli.main(["serve", "--port", "8123", "--", "--ascii", "--players", "Ann", "Bob"]) == 0
    assert calls == [("127.0.0.1", 8123, ["--ascii", "--players", "Ann", "Bob"])]


def test_log_prints_the_whole_game_as_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["log", str(GOLDEN)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Keythedral · Ann, Bob, Cy, Dee · seed 11\n== Layout ==\n")
    assert "== Round 3 ==" in out


def test_log_of_the_autosave_and_of_a_bad_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["log"]) == 2
    assert "There is no save at" in capsys.readouterr().err
    persistence.write_atomic(persistence.autosave_path(), GOLDEN.read_text())
    assert cli.main(["log"]) == 0
    assert "seed 11" in capsys.readouterr().out
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert cli.main(["log", str(bad)]) == 2
    assert "not readable JSON" in capsys.readouterr().err


def test_keys_lists_the_bindings_and_writes_a_keys_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["keys"]) == 0
    out = capsys.readouterr().out
    for binding in ("undo", "map.left", "show-mats", "pick", "ready", "new-game"):
        assert f"\n{binding} " in "\n" + out, binding
    assert "keythedral keys --write" in out
    assert cli.main(["keys", "--write"]) == 0
    written = tmp_path / "config" / "keys.toml"
    assert written.exists() and '# "undo" = "u"' in written.read_text()
    written.write_text('[keys]\nundo = "z"\nnonsense = "q"\n')
    assert cli.main(["keys"]) == 0
    captured = capsys.readouterr()
    assert "(in use)" in captured.out and "nonsense: there is no binding" in captured.err


def test_simulate_plot(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "greedy,random", "--games", "4", "--quiet", "--plot"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert "Win rates, with 95% Wilson intervals" in out and "Scores, game by game" in out
    assert cli.main([*args, "--ascii", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.out.lstrip().startswith("{")  # JSON keeps stdout to itself
    assert "Win rates" in captured.err
