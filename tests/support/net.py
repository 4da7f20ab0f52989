"""What the network tests share: a policy, a game played directly, clients played in step, a
server run for one test, and the real ``keythedral host`` in a subprocess.

The policy: the lowest seat that may act plays what a greedy bot of its own (seeded by seat)
chooses from its own view and its own legal actions.  Played through the server by thin clients
or directly with the engine, it gives the same game, action for action.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import IO, Any

from keythedral import bots, engine
from keythedral.net.client import Client
from keythedral.net.hosted import HostedGame
from keythedral.net.protocol import StateUpdate
from keythedral.net.server import GameServer

NAMES = ["Ann", "Bob", "Cy"]


def policy_bots(n: int) -> list[bots.Bot]:
    return [bots.make_bot("greedy", seed=100 + seat) for seat in range(n)]


def reference_game(
    config: engine.GameConfig, limit: int | None = None
) -> tuple[list[engine.Action], engine.GameState]:
    """The policy's game played with the engine alone (``limit``: at most that many actions)."""
    players = policy_bots(config.n)
    state = engine.new_game(config)
    actions: list[engine.Action] = []
    while state.to_act and (limit is None or len(actions) < limit):
        seat = min(state.to_act)
        own = [a for a in engine.legal_actions(state) if a.seat == seat]
        action = players[seat].choose(engine.view(state, seat), own)
        state = engine.apply(state, action)
        actions.append(action)
    return actions, state


async def wait_for(client: Client, at: int) -> StateUpdate:
    """The client's state after ``at`` actions (reading what comes before it)."""
    while client.state is None or client.state.at < at:
        await client.next_state()
    assert client.state.at == at, (client.state.at, at)
    return client.state


async def play_in_step(
    clients: Sequence[Client], players: Sequence[bots.Bot], at: int = 0, until: int | None = None
) -> int:
    """Play the policy through ``clients`` (one per seat, seat order) from action ``at`` until
    the game ends or ``until`` actions are played, and every client has seen it; the number of
    actions played by then."""
    while True:
        states = [await wait_for(c, at) for c in clients]
        view = states[0].view
        if not view.to_act or (until is not None and at >= until):
            break
        seat = min(view.to_act)
        mine = states[seat]
        assert mine.legal, f"seat {seat} is to act but was sent no legal action"
        await clients[seat].act(players[seat].choose(mine.view, mine.legal), at=at)
        at += 1
    return at


def new_game(
    seed: int = 7, seats: Sequence[str] = (), folder: Path | None = None, **variants: object
) -> HostedGame:
    config = engine.GameConfig(players=NAMES[: max(3, len(seats))], seed=seed, **variants)
    return HostedGame.new(config, seats, folder)


async def started(game: HostedGame, **options: object) -> GameServer:
    server = GameServer(game, **options)  # type: ignore[arg-type]
    await server.start()
    return server


async def connect_all(
    server: GameServer, game: HostedGame, seats: Sequence[int] | None = None, **options: object
) -> list[Client]:
    chosen = range(game.config.n) if seats is None else seats
    clients = [Client(server.url, game.tokens[s] or "", **options) for s in chosen]  # type: ignore[arg-type]
    await asyncio.gather(*(c.connect() for c in clients))
    return clients


async def close_all(clients: Sequence[Client]) -> None:
    await asyncio.gather(*(c.close() for c in clients))


@asynccontextmanager
async def hosting(game: HostedGame) -> AsyncIterator[tuple[GameServer, list[Client]]]:
    """The game's server, started, with a client connected for every seat (closed after)."""
    server = await started(game)
    clients = await connect_all(server, game)
    try:
        yield server, clients
    finally:
        await close_all(clients)
        await server.stop()


async def play_alone(
    client: Client,
    player: bots.Bot,
    until: int | None = None,
    receive: Callable[[], Awaitable[StateUpdate]] | None = None,
) -> StateUpdate:
    """One seat played by ``player`` through ``client`` (the others are the server's bots)
    until the game ends or ``until`` actions are played: the last state received (by
    ``receive``, the client's next state by default)."""
    while True:
        state = await (receive or client.next_state)()
        if state.view.winners is not None or (until is not None and state.at > until):
            return state
        if state.legal:
            await client.act(player.choose(state.view, state.legal), at=state.at)


def run(test: Callable[[HostedGame, GameServer], Awaitable[None]], **game: Any) -> None:
    async def main() -> None:
        hosted = new_game(**game)
        srv = await started(hosted)
        try:
            await test(hosted, srv)
        finally:
            await srv.stop()

    asyncio.run(main())


#: The source tree, for the programs these tests start (``keythedral host``).
SRC = str(Path(__file__).resolve().parents[2] / "src")


JOIN = re.compile(r"^  (\w+): keythedral join (ws://127\.0\.0\.1:\d+) --token (\S+)$")


def host(
    folder: Path, *args: str, port: str | None = "0"
) -> tuple[subprocess.Popen[str], str, list[str]]:
    """Start ``keythedral host`` on a free port (or ``port``; None: the default): the process,
    its URL and the tokens printed."""
    env = {**os.environ, "PYTHONPATH": SRC}
    where = ["--port", port] if port is not None else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "keythedral", "host", *where, "--folder", str(folder), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    url, tokens = "", []
    for line in _lines(proc.stdout):
        if m := JOIN.match(line.rstrip("\n")):
            url = m.group(2)
            tokens.append(m.group(3))
        if line.startswith("Ctrl+C"):
            break
    assert url, proc.stderr.read() if proc.stderr else ""
    return proc, url, tokens


def _lines(stream: IO[str]) -> Any:
    while line := stream.readline():
        yield line
