"""Faults: the server stops mid-game and resumes from its save with the same tokens; a client
drops mid-turn and reconnects; a client that does not read is dropped, not waited for."""

from __future__ import annotations

import asyncio
import stat
from pathlib import Path
from typing import Any

import pytest

from keythedral import engine
from keythedral.net import server
from keythedral.net.client import Client
from keythedral.net.hosted import SAVE, SEATS, HostedGame, HostError
from test_net_support import (
    close_all,
    connect_all,
    new_game,
    play_in_step,
    policy_bots,
    reference_game,
    started,
    wait_for,
)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("fold", [False, True], ids=["crash", "stop"])
def test_the_server_resumes_from_its_save_with_the_same_tokens(tmp_path: Path, fold: bool) -> None:
    folder = tmp_path / "host"

    async def main() -> None:
        game = new_game(seed=5, folder=folder)
        srv = await started(game)
        clients = await connect_all(srv, game)
        players = policy_bots(3)
        at = await play_in_step(clients, players, until=60)
        await srv.stop(fold=fold)  # fold=False: as a crash leaves it, the journal unfolded
        await close_all(clients)
        # the files: the folder and the tokens are the host's alone
        assert mode(folder) == 0o700
        assert mode(folder / SEATS) == 0o600 and mode(folder / SAVE) == 0o600
        assert HostedGame.unfinished(folder)

        back = HostedGame.resume(folder)
        assert back.tokens == game.tokens and back.at == at == 60
        assert back.state == game.state
        srv2 = await started(back)
        clients = await connect_all(srv2, back)  # the same tokens, a new server (a new port)
        try:
            end = await play_in_step(clients, players, at=at)
        finally:
            await close_all(clients)
            await srv2.stop()
        actions, state = reference_game(game.config)
        assert back.actions == actions and back.state == state and end == len(actions)
        assert not HostedGame.unfinished(folder)
        assert HostedGame.resume(folder).state == state

    asyncio.run(main())


def test_a_damaged_token_list_is_refused_with_a_reason(tmp_path: Path) -> None:
    new_game(folder=tmp_path).close()
    (tmp_path / SEATS).write_text('{"format": "keythedral-host", "version": 1}')
    with pytest.raises(HostError, match="seat tokens"):
        HostedGame.resume(tmp_path)
    (tmp_path / SEATS).write_text("[" * 100_000)
    with pytest.raises(HostError):
        HostedGame.resume(tmp_path)
    with pytest.raises(HostError, match="cannot be resumed"):
        HostedGame.resume(tmp_path / "nothing")


def test_a_client_dropped_mid_turn_reconnects_and_gets_its_turn_back() -> None:
    async def main() -> None:
        game = new_game(seed=9)
        srv = await started(game)
        clients = await connect_all(srv, game)
        players = policy_bots(3)
        try:
            at = await play_in_step(clients, players, until=30)
            seat = min(game.state.to_act)
            cursor = clients[seat].log_from
            await clients[seat].close()  # gone, in the middle of its own turn
            clients[seat] = Client(srv.url, game.tokens[seat] or "", log_from=cursor)
            await clients[seat].connect()
            back = await wait_for(clients[seat], at)
            assert back.legal and back.view == engine.view(game.state, seat)
            assert back.events == ()  # it had every event already
            await play_in_step(clients, players, at=at)
        finally:
            await close_all(clients)
            await srv.stop()
        assert game.actions == reference_game(game.config)[0]

    asyncio.run(main())


def test_a_client_that_does_not_read_is_dropped_and_the_others_play_on(monkeypatch: Any) -> None:
    monkeypatch.setattr(server, "SEND_QUEUE", 3)

    async def main() -> None:
        game = new_game(seed=4)
        srv = await started(game)
        clients = await connect_all(srv, game)
        players = policy_bots(3)
        try:
            # Cy's connection stops taking messages: its sender waits forever.
            stuck = srv.conns[2]
            never = asyncio.Event()

            async def hang(text: str) -> None:
                await never.wait()

            stuck.ws.send_str = hang  # type: ignore[method-assign]
            # The game goes on (Cy still sends: only what it is sent is stuck) until Cy's
            # queue overflows and the server drops it.
            at = 0
            while True:
                await asyncio.gather(wait_for(clients[0], at), wait_for(clients[1], at))
                if stuck.closed:
                    break
                seat = min(game.state.to_act)
                own = [a for a in engine.legal_actions(game.state) if a.seat == seat]
                action = players[seat].choose(engine.view(game.state, seat), own)
                await clients[seat].act(action, at=at)
                at += 1
            assert stuck.closed and srv.conns.get(2) is not stuck
            # Cy comes back with its token and gets the game as it is now
            clients[2] = Client(srv.url, game.tokens[2] or "")
            await clients[2].connect()
            assert (await clients[2].next_state()).at == at
            await play_in_step(clients, players, at=at)
        finally:
            never.set()
            await close_all(clients)
            await srv.stop()
        assert game.actions == reference_game(game.config)[0]

    asyncio.run(main())


def test_the_host_folds_its_journal_every_so_many_actions_and_at_the_end(tmp_path: Path) -> None:
    from keythedral import persistence
    from keythedral.net.hosted import FOLD_EVERY
    from keythedral.net.protocol import Act

    game = new_game(seed=6, folder=tmp_path)
    actions = reference_game(game.config, limit=FOLD_EVERY + 5)[0]
    for a in actions:
        game.play(a.seat, Act(a))
    assert game.saver is not None
    game.saver.flush()
    snapshot = persistence.loads((tmp_path / SAVE).read_bytes())
    assert len(snapshot.actions) == FOLD_EVERY  # the snapshot, folded once
    assert persistence.load(tmp_path / SAVE).actions == tuple(actions)  # with the journal
    game.close()
    assert persistence.loads((tmp_path / SAVE).read_bytes()).actions == tuple(actions)
    assert not (tmp_path / "game.journal").exists()
