"""The keythedral command: options, and clear errors before the app starts."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from keythedral import cli


class FakeApp:
    """Stands in for the Textual app: records how it was asked to start."""

    made: list[dict[str, Any]] = []

    def __init__(self, config: Any, *, saved: Any = None, seed: Any = None) -> None:
        FakeApp.made.append({"config": config, "saved": saved, "seed": seed})

    def run(self) -> None:
        pass


@pytest.fixture(autouse=True)
def fake_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path))
    import keythedral.tui.app as app_module

    monkeypatch.setattr(app_module, "KeythedralApp", FakeApp)
    FakeApp.made.clear()


def test_players_and_seed_start_a_game_at_once() -> None:
    assert cli.main(["--seed", "3", "--players", "Ann", "Bob", "Cy", "--no-laws"]) == 0
    cfg = FakeApp.made[0]["config"]
    assert cfg.players == ("Ann", "Bob", "Cy") and cfg.seed == 3 and cfg.no_laws


def test_play_subcommand_and_options_before_it() -> None:
    assert cli.main(["--seed", "5", "play", "--players", "A", "B", "--edition", "second"]) == 0
    cfg = FakeApp.made[0]["config"]
    assert cfg.seed == 5 and cfg.edition == "second" and cfg.players == ("A", "B")


def test_no_players_opens_the_new_game_screen() -> None:
    assert cli.main([]) == 0
    assert FakeApp.made[0]["config"] is None and FakeApp.made[0]["saved"] is None


def test_resume_without_a_save_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--resume"]) == 2
    assert "There is no save at" in capsys.readouterr().err
    assert FakeApp.made == []


def test_bad_players_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--players", "Solo"]) == 2
    assert "2 to 5 players" in capsys.readouterr().err


def test_resume_loads_the_autosave() -> None:
    from keythedral import engine, persistence

    cfg = engine.GameConfig(players=["A", "B"], seed=1)
    state = engine.new_game(cfg)
    action = engine.legal_actions(state)[0]
    persistence.save(persistence.autosave_path(), cfg, [action], engine.apply(state, action))
    assert cli.main(["--resume"]) == 0
    assert len(FakeApp.made[0]["saved"].actions) == 1


def test_help_mentions_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "--resume" in out and "--seed" in out and "play" in out
    assert sys.modules.get("keythedral.cli") is cli
