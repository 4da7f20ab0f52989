"""The keythedral command: options become the app's start request; clear errors first."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

from keythedral import cli
from tests.support.cli import FakeApp

pytestmark = pytest.mark.usefixtures("fake_app")


def test_players_and_seed_start_a_game_at_once() -> None:
    assert cli.main(["--seed", "3", "--players", "Ann", "Bob", "Cy", "--no-laws"]) == 0
    start = FakeApp.made[0]
    assert start.players == ("Ann", "Bob", "Cy") and start.seed == 3
    assert start.variants["no_laws"] is True and start.variants["edition"] == "classic"


def test_the_app_starts_without_the_cyclic_collector_which_is_back_on_after() -> None:
    """Start-up makes objects that live all run long: collecting among them only slows the
    first frame.  The app turns the collector back on (tests/tui/test_app.py); it is on again
    when the app ends, and after a start that went wrong."""
    assert gc.isenabled()
    assert cli.main(["--players", "Ann", "Bob"]) == 0
    assert FakeApp.collecting == [False] and gc.isenabled()
    assert cli.main(["--players", "Ann", "Bob", "--bots", "nobody"]) == 2
    assert gc.isenabled()
    assert cli.main(["tutorial"]) == 0  # the tutorial starts the same way
    assert FakeApp.collecting == [False, False] and gc.isenabled()


def test_play_subcommand_and_options_before_it() -> None:
    assert cli.main(["--seed", "5", "play", "--players", "A", "B", "--edition", "second"]) == 0
    start = FakeApp.made[0]
    assert start.seed == 5 and start.variants["edition"] == "second"
    assert start.players == ("A", "B")


def test_no_players_opens_the_new_game_screen() -> None:
    assert cli.main([]) == 0
    start = FakeApp.made[0]
    assert start.players == () and start.load is None


def test_resume_without_a_save_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--resume"]) == 2
    assert "there is no interrupted game to resume" in capsys.readouterr().err
    assert FakeApp.made == []


def test_resume_and_load_pass_the_file(tmp_path: Path) -> None:
    (tmp_path / "autosave.json").write_text("{}")
    assert cli.main(["--resume"]) == 0
    assert FakeApp.made[0].load == tmp_path / "autosave.json"
    assert cli.main(["--load", "x.json"]) == 0
    assert FakeApp.made[1].load == Path("x.json")


def test_the_engine_loads_after_the_first_frame() -> None:
    """Starting the command imports no rules engine: it loads behind the app's first frame."""
    import subprocess

    code = (
        "import sys, keythedral.cli, keythedral.tui.app; "
        "print(sorted(m for m in sys.modules if m.startswith(('keythedral.engine', 'pydantic'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_help_mentions_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "--resume" in out and "--seed" in out and "play" in out


def test_the_cli_offers_simulate_replay_and_rules(capsys) -> None:
    from keythedral import cli

    assert (
        cli.main(
            ["simulate", "--players", "greedy,random", "--games", "2", "--seed", "1", "--json"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert '"games": 2' in out or '"games":2' in out
    assert cli.main(["rules"]) == 0
    assert "Phase 3: spending" in capsys.readouterr().out


def test_bots_name_who_plays_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "Ann", "Bob", "Cy", "--bots", "human,greedy,ismcts:iterations=20"]
    assert cli.main([*argv, "--bot-pause", "0.2"]) == 0
    assert FakeApp.made[0].seats == ("human", "greedy", "ismcts:iterations=20")
    assert FakeApp.options[0]["bot_pause"] == 0.2
    # Without --players the new-game screen opens with those seats chosen; fewer is fine.
    assert cli.main(["play", "--bots", "person,random"]) == 0
    assert FakeApp.made[1].seats == ("human", "random") and FakeApp.options[1]["bot_pause"] == 0.7
    assert cli.main(["--players", "A", "B", "--bots", "human,clever"]) == 2
    assert "no computer player called 'clever'" in capsys.readouterr().err
    assert cli.main(["--players", "A", "B", "--bots", "human,greedy,greedy"]) == 2
    assert "3 seats named for 2 players" in capsys.readouterr().err
    # Too few is an error too: Cy is not silently made a person.
    assert cli.main(["--players", "Ann", "Bob", "Cy", "--bots", "human,hard"]) == 2
    err = capsys.readouterr().err
    assert "2 seats named for 3 players: name one for each player" in err
    assert "human,hard,hard" in err
    assert len(FakeApp.made) == 2


@pytest.mark.parametrize("pause", ["inf", "nan", "-1", "-0.5", "-inf", "infinity", "soon"])
def test_a_bot_pause_that_is_no_number_of_seconds_is_refused(
    pause: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--players", "Ann", "Bob", "--bots", "human,greedy", f"--bot-pause={pause}"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"argument --bot-pause: {pause!r} is not a" in err and "Traceback" not in err
    with pytest.raises(SystemExit):
        cli.main(["play", f"--bot-pause={pause}"])
    assert FakeApp.made == []
    assert cli.main(["--bot-pause", "0"]) == 0 and FakeApp.options[0]["bot_pause"] == 0.0


@pytest.mark.parametrize("argv", [["--players", "Ann", "Bob"], ["tutorial"]])
def test_a_crash_inside_the_app_is_a_failed_exit(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Textual ends the app with return code 1 after an exception it caught (and prints it):
    the command fails with it, and says so.  (The real app in a terminal, and what it says of
    the game: test_reliability.py.)"""
    monkeypatch.setattr(FakeApp, "return_code", 1)
    assert cli.main(argv) == 1
    assert "keythedral: stopped by an error in the program" in capsys.readouterr().err


def test_the_cli_knows_every_bot_by_name() -> None:
    from keythedral import bots

    assert tuple(bots.bot_names()) == cli.common.BOT_NAMES
    assert tuple(bots.level_names()) == cli.common.LEVEL_NAMES


def test_bots_take_strength_levels(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--players", "Ann", "Bob", "Cy", "Dee", "--bots", "human,easy,normal,hard:time=0.5"]
    assert cli.main(argv) == 0
    assert FakeApp.made[0].seats == ("human", "easy", "normal", "hard:time=0.5")
    assert cli.main(["--players", "A", "B", "--bots", "human,expert"]) == 2
    assert "choose from human, easy, normal, hard, random" in capsys.readouterr().err


def test_replay_opens_the_viewer_unless_asked_to_print(tmp_path: Path, capsys) -> None:
    from keythedral import bots, engine
    from keythedral.records import replay

    cfg = engine.GameConfig(players=["Ann", "Bob"], seed=2, no_laws=True)
    state, actions = engine.new_game(cfg), []
    players = [bots.make_bot("random", s) for s in range(2)]
    for _ in range(30):
        seat = state.to_act[0]
        actions.append(players[seat].choose(engine.view(state, seat), engine.legal_actions(state)))
        state = engine.apply(state, actions[-1])
    path = replay.save(replay.record(cfg, actions, ("random", "random")), tmp_path / "r.json")
    assert cli.main(["replay", str(path), "--start", "-1", "--ascii", "--no-mouse"]) == 0
    assert FakeApp.made[0].replay == path
    options = FakeApp.options[0]
    assert options["ascii"] is True and options["mouse"] is False and options["autosave"] is False
    assert options["replay_cursor"].index == 30  # -1: the end
    assert capsys.readouterr().out == ""
    assert cli.main(["replay", str(path), "--summary"]) == 0
    assert "2 players: Ann (random), Bob (random)" in capsys.readouterr().out
    assert len(FakeApp.made) == 1
    (tmp_path / "bad.json").write_text("{}")
    assert cli.main(["replay", str(tmp_path / "bad.json")]) == 2
    assert len(FakeApp.made) == 1


def test_python_m_keythedral_cli_runs_the_whole_command_line() -> None:
    """``python -m keythedral.cli`` reaches every subcommand (its main ran before the replay
    subcommand was defined, and stopped at a NameError)."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "keythedral.cli", "replay", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert "replay" in out.stdout


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["Ann"], "--players: Keythedral needs 2 to 5 players, not 1."),
        (["A", "B", "C", "D", "E", "F"], "--players: Keythedral needs 2 to 5 players, not 6."),
        (["Ann", "Bob", "Ann"], "--players: two players are called Ann: give each a name"),
    ],
)
def test_players_that_make_no_game_are_refused_on_the_command_line(
    players: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Said where the player is looking, before any screen opens (issue 27: the error was a
    notice on the new-game screen, 'invalid game configuration: players: ...')."""
    made = len(FakeApp.made)
    assert cli.main(["--players", *players]) == 2
    assert said in capsys.readouterr().err
    assert len(FakeApp.made) == made


def test_coach_on_or_off_is_the_start_requests(capsys: pytest.CaptureFixture[str]) -> None:
    """--coach on|off (issue 27): the game's coach; not given, the save's or the default."""
    assert cli.main(["--players", "Ann", "Bob"]) == 0
    assert FakeApp.made[-1].coach is None
    assert cli.main(["--coach", "off", "--players", "Ann", "Bob"]) == 0
    assert FakeApp.made[-1].coach is False
    assert cli.main(["play", "--coach", "ON", "--players", "Ann", "Bob"]) == 0
    assert FakeApp.made[-1].coach is True
    assert cli.main(["--coach", "off", "play", "--players", "Ann", "Bob"]) == 0
    assert FakeApp.made[-1].coach is False  # given before the subcommand: kept
    made = len(FakeApp.made)
    for bad in ("maybe", "no", ""):
        with pytest.raises(SystemExit) as exit_:
            cli.main(["--coach", bad, "--players", "Ann", "Bob"])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert f"argument --coach: {bad!r} is neither on nor off" in err, err
        assert "Traceback" not in err
    assert len(FakeApp.made) == made
