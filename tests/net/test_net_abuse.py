"""A host under abuse: strangers without a token cannot keep a player out or hold the server's
sockets and memory; slow headers are cut off; a player's bursts are answered, and a player
over a budget is told so before being dropped.  Real sockets to an in-process server; what is
checked is counted (sockets, messages, bytes), not timed."""

from __future__ import annotations

import asyncio
import json
import os
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from keythedral import engine
from keythedral.net import guard, protocol, server
from keythedral.net.client import Client
from keythedral.net.hosted import HostedGame
from keythedral.net.server import GameServer
from tests.support.net import run
from tests.support.rawws import masked, upgrade


async def idle_sockets(url: str, n: int, **options: Any) -> tuple[list[Any], list[int]]:
    """``n`` websockets that never say hello: those let in (still open), and the statuses of
    those refused."""
    session = aiohttp.ClientSession(**options)
    held, refused = [], []
    for _ in range(n):
        try:
            held.append(await session.ws_connect(url, autoping=False))
        except aiohttp.WSServerHandshakeError as exc:
            refused.append(exc.status)
    held.append(session)  # closed with them
    return held, refused


async def close_all(held: list[Any]) -> None:
    for thing in held:
        await thing.close()


def test_strangers_waiting_to_say_hello_never_keep_a_player_out() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        held, refused = await idle_sockets(srv.url, 40)
        try:
            # A player who dropped comes back: the token in its request lets it in at once.
            ann = Client(srv.url, game.tokens[0] or "")
            await ann.connect()
            assert (await ann.next_state()).at == 0
            assert len(held) - 1 == server.WAITING_PER_ADDRESS and set(refused) == {503}
            # and so do the others, while the strangers still wait
            bob, cy = Client(srv.url, game.tokens[1] or ""), Client(srv.url, game.tokens[2] or "")
            await asyncio.gather(bob.connect(), cy.connect())
            assert sorted(srv.conns) == [0, 1, 2]
            # A client that names no token waits in line with the strangers (its address's).
            async with aiohttp.ClientSession() as session:
                with pytest.raises(aiohttp.WSServerHandshakeError) as refusal:
                    await session.ws_connect(srv.url)
                assert refusal.value.status == 503
            await asyncio.gather(ann.close(), bob.close(), cy.close())
        finally:
            await close_all(held)

    run(test)


def test_the_budget_before_hello_is_per_address_and_in_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(server, "WAITING_TOTAL", 6)

    async def test(game: HostedGame, srv: GameServer) -> None:
        groups = []
        for last in (2, 3, 4):  # three addresses of this machine's loopback
            local = aiohttp.TCPConnector(local_addr=(f"127.0.0.{last}", 0))
            groups.append(await idle_sockets(srv.url, 5, connector=local))
        try:
            let_in = [len(held) - 1 for held, _ in groups]
            assert let_in == [4, 2, 0]  # 4 an address, 6 in all
            assert len(srv.waiting) == 6
            ann = Client(srv.url, game.tokens[0] or "")
            await ann.connect()  # a token holder is not one of them
            await ann.close()
        finally:
            for held, _ in groups:
                await close_all(held)

    run(test)


def test_requests_that_are_not_websockets_hold_no_place() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        async with aiohttp.ClientSession() as session:
            for _ in range(3 * server.WAITING_PER_ADDRESS):
                async with session.get(f"http://127.0.0.1:{srv.port}/") as response:
                    assert response.status == 400
            assert len(srv.waiting) == 0
            ws = await session.ws_connect(srv.url)  # no token: a place before hello is free
            await ws.send_str(protocol.hello(game.tokens[0] or ""))
            assert json.loads((await ws.receive()).data)["type"] == "welcome"
            await ws.close()

    run(test)


# --- sockets let go at once, the heartbeat after hello ---------------------------------------
def wrong_hello_until_closed(port: int) -> bytes:
    """Upgrade, send a hello with a wrong token, and read until the server ends the TCP
    connection; never answer its close.  (aiohttp waits 10 s for a close answer by default:
    the 5 s here fail if the server does.)  A refusal before the upgrade (503) is all there is
    to read."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(upgrade(port))
        got = b""
        while b"\r\n\r\n" not in got:
            got += sock.recv(65536)
        if got.startswith(b"HTTP/1.1 101"):
            sock.sendall(masked(protocol.hello("not-a-token-of-this-game")))
        while chunk := sock.recv(65536):
            got += chunk
        return got


def test_a_refused_socket_is_let_go_at_once() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        def flood() -> list[bytes]:
            return [wrong_hello_until_closed(srv.port) for _ in range(15)]

        waves = await asyncio.gather(*(asyncio.to_thread(flood) for _ in range(4)))
        upgraded = [got for wave in waves for got in wave if got.startswith(b"HTTP/1.1 101")]
        assert len(upgraded) >= 15  # most of them: each one is let go before the next
        for got in upgraded:
            assert b"bad_token" in got
            assert got.endswith(b"No seat of this game has that token.")  # the close frame
        ann = Client(srv.url, game.tokens[0] or "")
        await ann.connect()
        assert srv.sockets == 1 and len(srv.waiting) == 0  # Ann's alone: none held on to
        await ann.close()

    run(test)


def test_the_heartbeat_starts_after_hello_and_a_silent_player_is_let_go(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(server, "HEARTBEAT", 0.05)
    monkeypatch.setattr(server, "HELLO_TIMEOUT", 0.3)

    async def test(game: HostedGame, srv: GameServer) -> None:
        async with aiohttp.ClientSession() as session:
            # before its hello, a socket is never pinged (its deadline ends it)
            ws = await session.ws_connect(srv.url, autoping=False)
            kinds = []
            async for msg in ws:
                kinds.append(msg.type)
            assert aiohttp.WSMsgType.PING not in kinds and kinds == [aiohttp.WSMsgType.TEXT]
            # after it, it is; one that never answers is closed
            ws = await session.ws_connect(srv.url, autoping=False)
            await ws.send_str(protocol.hello(game.tokens[0] or ""))
            pings = 0
            while True:
                msg = await ws.receive(timeout=10)
                if msg.type == aiohttp.WSMsgType.PING:
                    pings += 1
                elif msg.type != aiohttp.WSMsgType.TEXT:
                    break
            assert pings >= 1 and msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            assert srv.conns.get(0) is None or srv.conns[0].closed

    run(test)


# --- slow headers ------------------------------------------------------------------------------
def test_headers_that_never_end_are_cut_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "HEADER_TIMEOUT", 0.2)

    def trickle(port: int) -> int:
        """Send a request's headers a byte at a time (a byte, then a wait for an answer),
        never ending them: the bytes sent before the server closed the connection (0: it
        took 200 and was still waiting)."""
        sent = 0
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.settimeout(0.05)
            line = upgrade(port)[:-2]  # no blank line: the headers go on
            try:
                while sent < 200:
                    sock.sendall(line[sent % len(line) : sent % len(line) + 1])
                    sent += 1
                    try:
                        if sock.recv(1) == b"":
                            return sent
                    except TimeoutError:
                        continue
            except (BrokenPipeError, ConnectionResetError):
                return sent
        return 0

    async def test(game: HostedGame, srv: GameServer) -> None:
        sent = await asyncio.gather(*(asyncio.to_thread(trickle, srv.port) for _ in range(5)))
        assert all(n > 0 for n in sent)

    run(test)


# --- a player's bursts and budgets -------------------------------------------------------------
def not_yours(game: HostedGame) -> tuple[int, str]:
    """A seat that may not act now, and an act of its own it may not play."""
    seat = next(s for s in range(game.config.n) if s not in game.state.to_act)
    return seat, protocol.act(engine.Pass(seat=seat))


def test_a_burst_of_messages_while_the_client_reads_is_all_answered() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        seat, act = not_yours(game)
        c = Client(srv.url, game.tokens[seat] or "")
        await c.connect()
        await c.next_state()
        burst = 3 * server.SEND_QUEUE // 2  # beyond what may wait unsent for it
        for _ in range(burst):
            await c.send_raw(act)
        codes = [(await c.next_error()).code for _ in range(burst)]
        assert codes == ["not_your_turn"] * burst
        assert srv.conns[seat] is not None and not srv.conns[seat].closed
        await c.close()

    run(test)


def test_a_player_over_its_message_budget_is_told_before_it_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(server, "MESSAGE_BURST", 10)
    monkeypatch.setattr(server, "MESSAGE_RATE", 0.0)

    async def test(game: HostedGame, srv: GameServer) -> None:
        seat, act = not_yours(game)
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(srv.url)
            await ws.send_str(protocol.hello(game.tokens[seat] or ""))
            for _ in range(15):
                await ws.send_str(act)
            got = []
            while len(got) < 20:  # (more would be a 16th answer: none comes)
                msg = await ws.receive(timeout=10)
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                got.append(json.loads(msg.data))
        codes = [m.get("code", m["type"]) for m in got]
        assert codes == ["welcome", "state", *["not_your_turn"] * 10, "too_many"]
        assert "messages" in got[-1]["reason"]

    run(test)


def test_a_player_that_does_not_read_is_told_why_it_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(server, "SEND_QUEUE", 3)

    async def test(game: HostedGame, srv: GameServer) -> None:
        from tests.support.net import connect_all, policy_bots, wait_for

        clients = await connect_all(srv, game)
        players = policy_bots(3)
        stuck = srv.conns[2]
        gate = asyncio.Event()
        send = stuck.ws.send_str

        async def held(text: str, compress: int | None = None) -> None:
            await gate.wait()  # Cy's network stalls here, with messages still coming
            await send(text)

        stuck.ws.send_str = held  # type: ignore[method-assign]
        at = 0
        while not stuck.closed:
            await asyncio.gather(wait_for(clients[0], at), wait_for(clients[1], at))
            seat = min(game.state.to_act)
            own = [a for a in engine.legal_actions(game.state) if a.seat == seat]
            action = players[seat].choose(engine.view(game.state, seat), own)
            await clients[seat].act(action, at=at)
            at += 1
        gate.set()  # its network moves again: what it gets before the close says why
        codes = []
        try:
            while True:
                message = await clients[2].receive()
                codes.append(getattr(message, "code", type(message).__name__))
        except Exception:  # the close
            pass
        assert codes[-1] == "too_slow" and "did not take" in clients[2].errors[-1].reason
        for c in clients:
            await c.close()

    run(test)


def test_a_seat_number_must_be_a_number() -> None:
    for seat in ('"0"', "0.0", "true", '"zero"'):
        text = f'{{"v": 1, "type": "act", "action": {{"kind": "pass", "seat": {seat}}}}}'
        with pytest.raises(protocol.ProtocolError) as refused:
            protocol.parse_client(text)
        assert refused.value.code == "malformed", seat
    text = '{"v": 1, "type": "act", "action": {"kind": "bid", "seat": 0, "amount": "2"}}'
    with pytest.raises(protocol.ProtocolError):
        protocol.parse_client(text)
    good = protocol.parse_client('{"v": 1, "type": "act", "action": {"kind": "pass", "seat": 0}}')
    assert isinstance(good, protocol.Act) and good.action == engine.Pass(seat=0)


def test_every_legal_action_is_read_back_strictly() -> None:
    """Strict reading takes everything the game itself sends: every kind of action of a few
    whole games, through protocol.act and parse_client."""
    import random

    kinds = set()
    for seed in range(3):
        state = engine.new_game(
            engine.GameConfig(players=["A", "B", "C", "D"][: 3 + seed % 2], seed=seed)
        )
        rng = random.Random(seed)
        while state.to_act:
            legal = engine.legal_actions(state)
            for action in legal:
                message = protocol.parse_client(protocol.act(action, 3))
                assert isinstance(message, protocol.Act) and message.action == action
                kinds.add(action.kind)
            state = engine.apply(state, rng.choice(legal))
    assert len(kinds) >= 15, kinds


# --- out of file descriptors --------------------------------------------------------------------
def test_running_out_of_file_descriptors_is_said_once_and_the_host_recovers(
    tmp_path: Path,
) -> None:
    """``keythedral host`` with 64 file descriptors, and 150 connections that send nothing:
    accepting fails for a while; its log says so once, with no traceback; once they are gone
    a player joins."""
    import resource
    import signal
    import subprocess
    import sys
    import time

    from tests.support.net import JOIN, SRC

    def few_files() -> None:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (64, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
        )

    err = tmp_path / "stderr"
    with err.open("w") as stderr:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "keythedral",
                "host",
                "--port",
                "0",
                "--folder",
                str(tmp_path / "host"),
                "--players",
                "Ann",
                "Bob",
            ],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env={**os.environ, "PYTHONPATH": SRC},
            preexec_fn=few_files,
        )
    try:
        assert proc.stdout is not None
        url, tokens = "", []
        while line := proc.stdout.readline():
            if m := JOIN.match(line.rstrip("\n")):
                url = m.group(2)
                tokens.append(m.group(3))
            if line.startswith("Ctrl+C"):
                break
        port = int(url.rsplit(":", 1)[1])
        crowd = [socket.create_connection(("127.0.0.1", port)) for _ in range(150)]
        deadline = time.monotonic() + 60
        while "Cannot accept connections" not in err.read_text():
            assert time.monotonic() < deadline, err.read_text()[-2000:]
            time.sleep(0.1)
        for sock in crowd:
            sock.close()

        async def join() -> int:
            ann = Client(url, tokens[0])
            welcome = await ann.connect()
            await ann.close()
            return welcome.seat

        assert asyncio.run(join()) == 0
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    log = err.read_text()
    assert log.count("Cannot accept connections") == 1 and "Traceback" not in log, log[-3000:]
