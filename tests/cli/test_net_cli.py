"""``keythedral host`` and ``keythedral join``: the real program, killed and resumed; the text
client playing a whole game against the server's bots."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

import pytest

from keythedral.cli import main
from keythedral.net.client import Client, run_text_client
from keythedral.net.hosted import HostedGame
from tests.support.net import host, play_in_step, policy_bots


def test_a_killed_host_resumes_with_the_same_tokens(tmp_path: Path) -> None:
    folder = tmp_path / "host"
    proc, url, tokens = host(folder, "--players", "Ann", "Bob", "Cy", "--seed", "5")
    players = policy_bots(3)

    async def play(url: str, at: int, until: int | None) -> int:
        clients = [Client(url, t) for t in tokens]
        await asyncio.gather(*(c.connect() for c in clients))
        try:
            return await play_in_step(clients, players, at=at, until=until)
        finally:
            await asyncio.gather(*(c.close() for c in clients))

    try:
        at = asyncio.run(play(url, 0, 40))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert len(tokens) == 3
    proc, url2, tokens2 = host(folder, "--resume")
    try:
        assert tokens2 == tokens  # the same secrets: the players' lines still work
        assert main(["host", "--folder", str(folder), "--resume"]) == 2  # one host a game
        end = asyncio.run(play(url2, at, None))
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    game = HostedGame.resume(folder)
    assert game.over and game.at == end
    # A finished game is not in the way of a new one; an unfinished one is.
    new = host(folder, "--players", "Ann", "Bob", "--bots", "human,random", "--seed", "1")[0]
    new.send_signal(signal.SIGTERM)
    assert new.wait(timeout=30) == 0
    assert main(["host", "--folder", str(folder), "--players", "Dee", "Eve"]) == 2


def test_a_resumed_game_listens_where_it_was_hosted(tmp_path: Path) -> None:
    """The players' reconnect loops look for the game at its first address: ``--resume``
    without ``--port`` listens there (the free port the first host was given, here)."""
    folder = tmp_path / "host"
    proc, url, tokens = host(folder, "--players", "Ann", "Bob", "--seed", "5")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    proc, again, same = host(folder, "--resume", port=None)
    try:
        assert again == url and same == tokens
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
    # an older game's list of tokens names no address: it resumes all the same
    seats = folder / "seats.json"
    data = json.loads(seats.read_text())
    assert data["address"] == {"host": "127.0.0.1", "port": int(url.rsplit(":", 1)[1])}
    del data["address"]
    seats.write_text(json.dumps(data))
    assert HostedGame.resume(folder).address is None


def test_host_refuses_bad_settings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    base = ["host", "--folder", str(tmp_path), "--port", "0"]
    assert main([*base]) == 2
    assert "--players" in capsys.readouterr().err
    assert main([*base, "--players", "Ann", "\x1b[31mBob"]) == 2
    assert "\x1b" not in capsys.readouterr().err
    assert main([*base, "--players", "Ann", "Bob", "--bots", "human,cheater"]) == 2
    assert main([*base, "--players", "Ann", "Bob", "--bots", "ismcts:time=99999"]) == 2
    assert main([*base, "--players", "Ann"]) == 2  # one player is no game
    assert main([*base, "--players", "Ann", "Bob", "--bots", "greedy,greedy"]) == 2
    assert main([*base, "--resume"]) == 2  # nothing to resume
    assert main(["host", "--port", "70000", "--players", "A", "B"]) == 2
    capsys.readouterr()


def test_join_refuses_a_missing_token_or_a_web_address(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KEYTHEDRAL_TOKEN", raising=False)
    assert main(["join", "ws://127.0.0.1:1"]) == 2
    assert main(["join", "http://127.0.0.1:1", "--token", "x"]) == 2
    assert main(["join", "ws://127.0.0.1:1", "--token", "x", "--plain"]) == 2  # nobody there
    assert "Cannot reach" in capsys.readouterr().out


def test_the_text_client_plays_a_whole_game_against_the_servers_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.support.net import new_game, started

    async def run() -> int:
        game = new_game(seed=2, seats=("human", "greedy", "greedy"))
        server = await started(game)
        try:
            return await run_text_client(server.url, game.tokens[0] or "", read_line=lambda: "1\n")
        finally:
            await server.stop()

    assert asyncio.run(run()) == 0
    out = capsys.readouterr().out
    assert "You are Ann (seat 1)" in out and "The game is over." in out
    assert "Your choice (1-" in out and "Bob" in out and "Your cubes: " in out


def test_join_is_the_app_at_a_terminal_and_a_killed_join_comes_back(tmp_path: Path) -> None:
    """The real ``keythedral join`` in a pseudo-terminal: the game's app at its seat; killed
    with SIGKILL mid-game and started again, the same seat's screen; a wrong token, status 2."""
    from tests.support.ptyterm import PtyApp, app_env

    proc, url, tokens = host(tmp_path / "host", "--players", "Ann", "Bob", "--seed", "4")
    try:
        env = app_env(tmp_path / "data", KEYTHEDRAL_TOKEN=tokens[0])
        with PtyApp(["join", url], env, cols=80, rows=24) as app:
            app.wait_for("Ann's screen (private)")
            app.wait_for("Ann must lay the next field tile")
            mark = app.mark()
            app.send("1")  # the first field: the screen tells what was done
            app.wait_for("You lay", since=mark)
            assert app.kill(signal.SIGKILL) == -signal.SIGKILL
        with PtyApp(["join", url], env, cols=80, rows=24) as app:
            app.wait_for("Ann's screen (private)")
            app.wait_for("Ann must place a cottage")  # the game went on from there
            app.send("\x11")  # ctrl+q
            assert app.proc.wait(timeout=20) == 0
        wrong = app_env(tmp_path / "data", KEYTHEDRAL_TOKEN="A" * 22)
        with PtyApp(["join", url], wrong, cols=80, rows=24) as app:
            assert app.proc.wait(timeout=30) == 2
            app.wait_for("No seat of this game has that token")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
