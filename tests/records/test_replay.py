"""Replays: config + seed + actions, saved and loaded with validation, stepped both ways."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from keythedral import cli, engine
from keythedral.bots import make_bot
from keythedral.records import replay
from keythedral.records.replay import Replay, ReplayCursor, ReplayError
from keythedral.words.narration import narrate


def _game(n: int = 3, seed: int = 9, **variant: object) -> tuple[Replay, engine.GameState]:
    cfg = engine.GameConfig(players=["Ann", "Bob", "Cy", "Dee"][:n], seed=seed, **variant)
    players = [make_bot("greedy", s) for s in range(n)]
    state = engine.new_game(cfg)
    actions = []
    while state.to_act:
        seat = state.to_act[0]
        action = players[seat].choose(engine.view(state, seat), engine.legal_actions(state))
        actions.append(action)
        state = engine.apply(state, action)
    return replay.record(cfg, actions, seats=("greedy",) * n, final=state), state


@pytest.fixture(scope="module")
def game() -> tuple[Replay, engine.GameState]:
    return _game()


def test_a_saved_replay_loads_and_leads_to_the_same_end(game, tmp_path: Path) -> None:
    rp, final = game
    path = replay.save(rp, tmp_path / "sub" / "game.json")
    assert not list(path.parent.glob("*.tmp"))
    loaded = replay.load(path)
    assert loaded.config == rp.config and loaded.actions == rp.actions
    assert loaded.seed == rp.config.seed == 9
    assert loaded.seats == ("greedy",) * 3
    assert loaded.final() == final
    assert loaded.result == {
        "scores": list(final.scores),
        "winners": list(final.winners),
        "rounds": final.round,
    }
    data = json.loads(path.read_text())
    assert data["format"] == "keythedral-replay" and data["version"] == 1
    assert data["seed"] == 9 and len(data["actions"]) == len(rp)


def test_json_round_trip_in_both_layouts(game) -> None:
    rp, _ = game
    for text in (rp.to_json(), rp.to_json(indent=2)):
        back = Replay.from_json(text)
        assert back.actions == rp.actions and back.config == rp.config


def test_an_unfinished_game_is_a_replay_too() -> None:
    cfg = engine.GameConfig(players=["Ann", "Bob"], seed=4, no_laws=True)
    state = engine.new_game(cfg)
    actions = []
    for _ in range(30):
        action = engine.legal_actions(state)[0]
        actions.append(action)
        state = engine.apply(state, action)
    rp = replay.record(cfg, actions, final=state)
    back = Replay.from_json(rp.to_json())
    assert back.final() == state
    assert back.result == {"scores": None, "winners": None, "rounds": state.round}
    assert "unfinished" in replay.describe(back)


# --- stepping ---------------------------------------------------------------------------------
def test_the_cursor_steps_forwards_and_backwards(game) -> None:
    rp, final = game
    cur = ReplayCursor(rp)
    assert cur.at_start and not cur.at_end and cur.index == 0
    assert cur.state == engine.new_game(rp.config)
    assert cur.last_action is None
    assert cur.events() == cur.state.log
    cur.forward()
    assert cur.index == 1 and cur.last_action == rp.actions[0]
    assert cur.state == engine.apply(engine.new_game(rp.config), rp.actions[0])
    assert cur.events() and cur.events()[-1] == cur.state.log[-1]
    second = cur.forward(5)
    assert cur.index == 6
    cur.back(5)
    assert cur.index == 1
    cur.forward(5)
    assert cur.state is second
    assert cur.to_end() == final and cur.at_end
    cur.forward()
    assert cur.index == len(rp)  # clamped
    assert cur.to_start() == engine.new_game(rp.config)
    cur.back()
    assert cur.index == 0
    cur.goto(len(rp) // 2)
    assert cur.view(1) == engine.view(cur.state, 1)
    assert cur.view(None).me is None
    starts = cur.round_starts()
    assert len(starts) == final.round
    assert all(cur.goto(i).round == cur.goto(i - 1).round + 1 for i in starts)


def test_every_event_of_the_game_is_seen_once_when_stepping(game) -> None:
    rp, final = game
    cur = ReplayCursor(rp)
    seen = list(cur.events())
    while not cur.at_end:
        cur.forward()
        seen += cur.events()
    assert len(seen) == final.log_total
    assert tuple(seen[-len(final.log) :]) == final.log


# --- validation -------------------------------------------------------------------------------
def _tamper(rp: Replay, change) -> str:
    data = rp.to_dict()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="keythedral-save"), "not a replay"),
        (lambda d: d.update(version=99), "version 99 is not supported"),
        (lambda d: d["config"].update(players=["Solo"]), "settings are not valid"),
        (lambda d: d.update(seed=12345), "seed 12345 differs"),
        (lambda d: d.update(actions="none"), "no list of actions"),
        (lambda d: d["actions"].__setitem__(3, {"kind": "teleport", "seat": 0}), "action 4"),
        (lambda d: d["actions"].__setitem__(0, {**d["actions"][0], "seat": 2}), "action 1"),
        (lambda d: d["actions"].insert(5, d["actions"][4]), "action 6"),
        (lambda d: d["result"].update(winners=[2, 1]), "but the replay says"),
        (lambda d: d.update(seats=["greedy"]), "names 1 seats for 3 players"),
        (lambda d: d.update(result=[1]), "result must be an object"),
    ],
)
def test_a_damaged_replay_is_refused_with_a_reason(game, change, words: str) -> None:
    rp, _ = game
    with pytest.raises(ReplayError, match=words):
        Replay.from_json(_tamper(rp, change))


def test_files_that_are_not_replays_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot read"):
        replay.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ReplayError, match="not JSON"):
        replay.load(bad)
    bad.write_text("[1, 2]")
    with pytest.raises(ReplayError, match=r"bad\.json: not a replay"):
        replay.load(bad)


def test_an_illegal_action_is_named_with_its_step_and_player(game) -> None:
    rp, _ = game
    actions = list(rp.actions)
    actions[0] = engine.parse_action({"kind": "pass", "seat": 1})
    with pytest.raises(ReplayError, match=r"action 1 of \d+ \(pass by Bob\) cannot be replayed"):
        Replay(config=rp.config, actions=tuple(actions)).states()


# --- the command ------------------------------------------------------------------------------
def _cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="keythedral")
    sub = parser.add_subparsers(dest="command")
    cli.add_replay_parser(sub)
    args = parser.parse_args(argv)
    return int(args.func(args))


def test_the_replay_command_prints_the_game(game, tmp_path: Path, capsys) -> None:
    rp, final = game
    path = replay.save(rp, tmp_path / "g.json")
    assert _cli(["replay", str(path), "--summary"]) == 0
    out = capsys.readouterr().out
    assert "3 players: Ann (greedy), Bob (greedy), Cy (greedy)" in out
    assert f"{len(rp)} actions, {final.round} rounds" in out
    assert "wins" in out
    assert _cli(["replay", str(path), "--log"]) == 0
    out = capsys.readouterr().out
    assert narrate(final.log[-1], final.config.players) in out
    assert "begins: Ann, Bob, Cy." in out and "(1, " not in out  # places as on the map
    assert _cli(["replay", str(path), "--at", "10"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary == json.loads(json.dumps(engine.summary(ReplayCursor(rp, 10).state)))
    assert _cli(["replay", str(path), "--at", "-1", "--seat", "2"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["seat"] == 2 and view["winners"] == list(final.winners)
    assert _cli(["replay", str(path), "--at", "0", "--seat", "public"]) == 0
    assert json.loads(capsys.readouterr().out)["me"] is None
    assert _cli(["replay", str(path), "--at", "0", "--seat", "7"]) == 2
    assert "no seat 7" in capsys.readouterr().err


def test_the_replay_command_refuses_a_bad_file(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert _cli(["replay", str(bad)]) == 2  # before any viewer opens
    assert "not a replay" in capsys.readouterr().err


def test_a_file_name_per_game(game) -> None:
    rp, _ = game
    name = replay.file_name(rp)
    assert name.startswith("ann-bob-cy-seed-9-") and name.endswith(".json")
    assert replay.file_name(rp) == name  # the same game, the same name
    shorter = Replay(config=rp.config, actions=rp.actions[:-1], seats=rp.seats)
    assert replay.file_name(shorter) != name
    odd = Replay(config=rp.config.model_copy(update={"players": ("A/b", "..", "[/]")}), actions=())
    assert replay.file_name(odd).startswith("a-b-x-x-seed-9-")  # slugs: never a path
