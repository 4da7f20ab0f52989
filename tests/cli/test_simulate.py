"""keythedral simulate: games between bots, tabulated; --jobs, --json, replays."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from keythedral.cli import simulate
from keythedral.cli.simulate import GameResult, Setup, play_game, run, wilson
from keythedral.records import replay


def _cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="keythedral")
    sub = parser.add_subparsers(dest="command")
    simulate.add_simulate_parser(sub)
    args = parser.parse_args(["simulate", *argv])
    return int(args.func(args))


def _strip(g: GameResult) -> tuple:
    return (g.index, g.seed, g.seating, g.finished, g.rounds, g.actions, g.scores, g.wins)


def test_bots_rotate_round_the_table() -> None:
    setup = Setup(bots=("greedy", "random", "greedy"), games=6)
    assert setup.labels == ("greedy", "random", "greedy#2")
    seatings = [setup.seating(i) for i in range(6)]
    for seat in range(3):
        assert sorted(s[seat] for s in seatings) == [0, 0, 1, 1, 2, 2]
    assert Setup(bots=("greedy", "random"), rotate=False).seating(1) == (0, 1)
    assert len({setup.game_seed(i) for i in range(6)}) == 6


def test_a_game_result_is_indexed_by_bot_and_adds_up() -> None:
    setup = Setup(bots=("random", "greedy"), games=2, seed=5)
    g = play_game(setup, 1)
    assert g.finished and g.seating == (1, 0)
    assert sum(g.wins) == pytest.approx(1.0)
    assert g.wins[1] == 1.0 and g.scores[1] > g.scores[0]
    assert g.actions > 100 and g.rounds >= 4
    assert all(d > 0 for d in g.decisions) and all(s > 0 for s in g.seconds)
    assert g.moves == []  # kept only when asked


def test_summary_counts_wins_scores_and_intervals() -> None:
    summary = run(Setup(bots=("greedy", "greedy", "random"), games=6, seed=2))
    assert summary.games == summary.finished == 6
    assert [r.bot for r in summary.rows] == ["greedy", "greedy#2", "random"]
    assert sum(r.wins for r in summary.rows) == pytest.approx(6)
    for r in summary.rows:
        assert r.games == 6
        assert r.win_rate == pytest.approx(r.wins / 6)
        assert r.ci95[0] <= r.win_rate <= r.ci95[1]
        assert r.mean_rounds == summary.mean_rounds > 0
        assert r.mean_actions == summary.mean_actions > 0
    assert summary.rows[2].mean_score < summary.rows[0].mean_score
    data = summary.to_dict(games=True)
    assert json.loads(json.dumps(data)) == data
    assert len(data["per_game"]) == 6 and data["fair_share"] == pytest.approx(1 / 3)


def test_jobs_do_not_change_the_results() -> None:
    setup = Setup(bots=("greedy", "random"), games=4, seed=8, no_laws=True)
    one = run(setup, jobs=1)
    two = run(setup, jobs=2)
    assert [_strip(g) for g in one.results] == [_strip(g) for g in two.results]
    assert two.jobs == 2


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(2.5, 10)[0] < 0.25 < wilson(2.5, 10)[1]
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_command_prints_a_table(capsys) -> None:
    assert _cli(["--players", "greedy,random", "--games", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for word in ("greedy", "random", "win rate", "score", "rounds", "actions", "time/game"):
        assert word in out


def test_the_command_prints_json(capsys) -> None:
    code = _cli(
        [
            "--players",
            "greedy,random,random",
            "--games",
            "3",
            "--json",
            "--per-game",
            "--no-laws",
            "--edition",
            "second",
            "--quiet",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and data["bots"] == ["greedy", "random", "random#2"]
    assert data["variants"]["no_laws"] and data["variants"]["edition"] == "second"
    assert {r["bot"] for r in data["results"]} == set(data["bots"])
    assert len(data["per_game"]) == 3
    row = data["results"][0]
    for key in (
        "wins",
        "win_rate",
        "ci95",
        "mean_score",
        "mean_rounds",
        "mean_actions",
        "seconds_per_game",
    ):
        assert key in row


def test_the_command_saves_replays_that_check_out(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "replays"
    assert (
        _cli(
            ["--players", "greedy,random", "--games", "2", "--save-replays", str(folder), "--quiet"]
        )
        == 0
    )
    files = sorted(folder.glob("*.json"))
    assert [f.name for f in files] == ["game-0001.json", "game-0002.json"]
    rp = replay.load(files[1])
    assert rp.seats == ("random", "greedy")  # the second game rotated the seats
    assert rp.result is not None and rp.result["winners"] == [1]


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ("greedy", "2 to 5 players"),
        ("greedy,chess", "no bot called 'chess'"),
        ("greedy,ismcts:speed=3", "bad options for ismcts"),
    ],
)
def test_the_command_refuses_bad_players(players: str, words: str, capsys) -> None:
    assert _cli(["--players", players, "--games", "1"]) == 2
    assert words in capsys.readouterr().err


def test_the_cli_modules_load_no_engine_until_run() -> None:
    """``keythedral`` builds every subcommand's parser at start: that must stay instant."""
    import subprocess
    import sys

    code = (
        "import sys, keythedral.cli.simulate, keythedral.records.replay\n"
        "heavy = [m for m in sys.modules if m.startswith('keythedral.engine') "
        "or m.startswith('keythedral.bots') or m in ('pydantic', 'rich')]\n"
        "print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _table_without_timings(capsys, jobs: str) -> dict:
    argv = ["--players", "greedy,random", "--games", "4", "--seed", "9", "--no-laws"]
    assert _cli([*argv, "--jobs", jobs, "--json", "--per-game", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data.pop("jobs") == int(jobs)
    del data["wall_seconds"]
    for row in data["results"]:
        del row["seconds_per_game"], row["ms_per_decision"]
    for game in data["per_game"]:
        del game["seconds"], game["wall"]
    return data


def test_the_command_gives_the_same_table_on_one_process_or_two(capsys) -> None:
    one = _table_without_timings(capsys, "1")
    two = _table_without_timings(capsys, "2")
    assert one == two
    assert [g["index"] for g in two["per_game"]] == [0, 1, 2, 3]


def test_jobs_default_to_one_process_per_core(monkeypatch) -> None:
    monkeypatch.setattr(simulate.os, "cpu_count", lambda: 3)
    assert simulate.default_jobs() == 3
    monkeypatch.setattr(simulate.os, "cpu_count", lambda: None)
    assert simulate.default_jobs() == 1
    parser = argparse.ArgumentParser(prog="keythedral")
    simulate.add_simulate_parser(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["simulate", "--players", "greedy,random"]).sim_jobs is None


@pytest.mark.parametrize(
    "code,said", [("en", ("12.5 ms", "1.25 s")), ("fr", ("12,5 ms", "1,25 s"))]
)
def test_the_table_writes_times_and_numbers_in_the_readers_language(code, said, capsys) -> None:
    from keythedral import lang

    lang.use(code)
    assert (simulate._seconds(0.0125), simulate._seconds(1.25)) == said
    lang.use(lang.PSEUDO)
    assert simulate._seconds(0.0125).startswith("[12.5 ms")
    lang.use("fr")
    assert _cli(["--players", "greedy,random", "--games", "2", "--seed", "3"]) == 0
    table = capsys.readouterr().out
    assert re.search(r"\b\d+,\d+ ms\b", table) and re.search(r"\b\d+,\d+ s sur\b", table)
