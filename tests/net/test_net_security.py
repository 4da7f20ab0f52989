"""What the server does not trust: tokens, seats, turns, message shapes and sizes, web pages,
host names; and what it never tells: another seat's cubes, laws and tiles, or the seed."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import aiohttp
import pytest

from keythedral import engine
from keythedral.net import protocol, server
from keythedral.net.client import Client, Closed
from keythedral.net.hosted import HostedGame
from keythedral.net.protocol import StateUpdate
from keythedral.net.server import GameServer
from tests.support.net import (
    close_all,
    connect_all,
    new_game,
    play_in_step,
    policy_bots,
    reference_game,
    run,
    started,
)


@asynccontextmanager
async def raw(url: str, **headers: str) -> AsyncIterator[aiohttp.ClientWebSocketResponse]:
    async with aiohttp.ClientSession() as session, session.ws_connect(url, headers=headers) as ws:
        yield ws


async def answers(ws: aiohttp.ClientWebSocketResponse) -> list[Any]:
    """Every message until the server closes the connection."""
    got = []
    async for msg in ws:
        if msg.type == aiohttp.WSMsgType.TEXT:
            got.append(json.loads(msg.data))
    return got


def test_a_wrong_or_missing_token_is_refused() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        other = new_game(seed=8)  # a real token, of another game
        for hello in (
            protocol.hello("not-a-token-of-this-game"),
            protocol.hello(other.tokens[0] or ""),
            protocol.hello((game.tokens[0] or "")[:-1]),
            protocol.hello((game.tokens[0] or "") + "x"),
            protocol.hello("\udc80" * 10),
            '{"v": 1, "type": "hello"}',
            '{"v": 1, "type": "hello", "token": null}',
            protocol.act(engine.Pass(seat=0)),
            "hello",
        ):
            async with raw(srv.url) as ws:
                await ws.send_str(hello)
                got = await answers(ws)
            assert [m["type"] for m in got] == ["error"], (hello, got)
            assert got[0]["code"] in ("bad_token", "malformed", "hello_first")
        with pytest.raises(Closed):
            await Client(srv.url, "wrong-token-xxxxxxxxxx").connect()
        assert game.at == 0 and srv.conns == {}

    run(test)


def test_a_silent_connection_is_closed(monkeypatch: Any) -> None:
    monkeypatch.setattr(server, "HELLO_TIMEOUT", 0.05)

    async def test(game: HostedGame, srv: GameServer) -> None:
        async with raw(srv.url) as ws:
            got = await answers(ws)
        assert [m["code"] for m in got] == ["hello_first"]

    run(test)


def test_a_token_cannot_act_for_another_seat_nor_out_of_turn() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        clients = await connect_all(srv, game)
        try:
            state = await clients[0].next_state()
            seat = state.view.to_act[0]
            mine = clients[seat].state
            assert mine is not None and mine.legal
            before = game.state
            for other in range(3):
                if other == seat:
                    continue
                # another seat sends the seat to act's own legal action, and one of its own seat
                await clients[other].act(mine.legal[0])
                assert (await clients[other].next_error()).code == "not_your_seat"
                forged = mine.legal[0].model_copy(update={"seat": other})
                await clients[other].act(forged)
                assert (await clients[other].next_error()).code == "not_your_turn"
            # stale and illegal ones from the right seat
            await clients[seat].act(mine.legal[0], at=5)
            assert (await clients[seat].next_error()).code == "stale"
            await clients[seat].act(engine.BuyBuilding(seat=seat, tile="s1-01"))
            error = await clients[seat].next_error()
            assert error.code in ("illegal", "malformed") and error.reason
            assert game.state is before and game.at == 0
            # and the right one still plays
            await clients[seat].act(mine.legal[0], at=0)
            assert (await clients[seat].next_state()).at == 1
        finally:
            await close_all(clients)

    run(test)


def test_malformed_and_oversized_messages_change_nothing() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        (ann,) = await connect_all(srv, game, seats=[0])
        try:
            await ann.next_state()
            before = game.state
            sent = [
                "{",
                "[]",
                '{"v": 1, "type": "act", "action": {"kind": "pass", "seat": 0, "extra": 1}}',
                '{"v": 9, "type": "act"}',
                '{"v": 1, "type": "hello", "token": "again"}',
                '{"v": 1, "type": "act", "action": ' + "[" * 5000 + "]" * 5000 + "}",
                '{"v": 1, "type": "act", "pad": "' + "x" * 100_000 + '"}',
            ]
            for text in sent:
                await ann.send_raw(text)
                error = await ann.next_error()
                assert error.code in ("malformed", "version", "hello_first", "too_big"), text[:40]
            assert [e.code for e in ann.errors][-1] == "too_big"
            # binary frames are not messages either
            assert ann._ws is not None
            await ann._ws.send_bytes(b"\x00\x01")
            assert (await ann.next_error()).code == "malformed"
            assert game.state is before and game.at == 0
            # beyond what the server reads at all, the connection is closed; the game goes on
            await ann.send_raw("x" * (server.FRAME_LIMIT + 10))
            with pytest.raises(Closed):
                await ann.next_state()
            assert game.state is before
        finally:
            await ann.close()
        again = Client(srv.url, game.tokens[0] or "")
        await again.connect()
        assert (await again.next_state()).at == 0
        await again.close()

    run(test)


def test_web_pages_and_other_host_names_are_refused() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        token = game.tokens[0] or ""
        async with aiohttp.ClientSession() as session:
            for headers in (
                {"Origin": "http://evil.example"},
                {"Origin": f"http://127.0.0.1:{srv.port}"},
                {"Host": f"evil.example:{srv.port}"},
            ):
                try:
                    async with session.ws_connect(srv.url, headers=headers) as ws:
                        await ws.send_str(protocol.hello(token))
                        raise AssertionError(f"{headers} was let in")
                except aiohttp.WSServerHandshakeError as exc:
                    assert exc.status == 403
            async with session.get(f"http://127.0.0.1:{srv.port}/") as response:
                assert response.status == 400  # not a websocket
            async with session.get(f"http://localhost:{srv.port}/") as response:
                assert response.status == 400  # a loopback name is fine
        assert srv.conns == {}

    run(test)


def test_a_second_connection_of_a_seat_replaces_the_first() -> None:
    async def test(game: HostedGame, srv: GameServer) -> None:
        first = Client(srv.url, game.tokens[1] or "")
        await first.connect()
        await first.next_state()
        second = Client(srv.url, game.tokens[1] or "")
        await second.connect()
        assert (await second.next_state()).at == 0
        assert (await first.next_error()).code == "replaced"
        with pytest.raises(Closed):
            await first.receive()
        assert srv.conns[1] is not None
        await asyncio.gather(first.close(), second.close())

    run(test)


def test_no_message_of_a_whole_game_holds_another_seats_secrets() -> None:
    seed = 987_654_321

    async def main() -> None:
        game = new_game(seed=seed)
        srv = await started(game)
        raw: list[list[str]] = [[], [], []]
        clients = await connect_all(srv, game)
        for seat, c in enumerate(clients):
            c.on_message = raw[seat].append
        try:
            await play_in_step(clients, policy_bots(3))
        finally:
            await close_all(clients)
            await srv.stop()
        actions, _ = reference_game(game.config)
        states = [engine.new_game(game.config)]
        for a in actions:
            states.append(engine.apply(states[-1], a))
        for seat in range(3):
            assert len(raw[seat]) > len(actions)  # a message for every action, at least
            for text in raw[seat]:
                assert str(seed) not in text
                message = protocol.parse_server(text)
                if not isinstance(message, StateUpdate):
                    continue
                state = states[message.at]
                # the view is exactly the seat's own view of the game at that point
                assert message.view == engine.view(state, seat)
                assert all(a.seat == seat for a in message.legal)
                mine = [a for a in engine.legal_actions(state) if a.seat == seat]
                assert list(message.legal) == (mine if seat in state.to_act else [])
                if state.to_act:
                    assert message.view.final is None
                    data = json.loads(text)["view"]
                    assert data["me"]["seat"] == seat
                    for other in range(3):
                        if other == seat:
                            continue
                        hand = engine.view(state, other).me
                        assert hand is not None
                        assert hand.model_dump_json() not in text
                        # the other seat's private fields appear nowhere under its seat
                        assert (
                            json.dumps(
                                {"seat": other, "cubes": list(hand.cubes)}, separators=(",", ":")
                            )[:-1]
                            not in text
                        )

    asyncio.run(main())


def test_behind_a_proxy_its_public_name_is_a_host_too() -> None:
    async def main() -> None:
        game = new_game()
        srv = await started(game, public_url="wss://games.example.org")
        try:
            async with aiohttp.ClientSession() as session:
                for host, status in (("games.example.org", 400), ("evil.example", 403)):
                    url = f"http://127.0.0.1:{srv.port}/"
                    async with session.get(url, headers={"Host": host}) as response:
                        assert response.status == status, host
        finally:
            await srv.stop()

    asyncio.run(main())
