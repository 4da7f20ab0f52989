"""Faults: the server stops mid-game and resumes from its save with the same tokens; a client
drops mid-turn and reconnects; a client that does not read is dropped, not waited for; the rules
engine fails on a seat's move or a bot's, and the game goes on."""

from __future__ import annotations

import asyncio
import json
import stat
from pathlib import Path
from typing import Any

import pytest

from keythedral import __version__, engine
from keythedral.net import server
from keythedral.net.client import Client
from keythedral.net.hosted import SAVE, SEATS, HostedGame, HostError
from keythedral.net.protocol import StateUpdate
from keythedral.records import faults, persistence
from tests.support.net import (
    close_all,
    connect_all,
    hosting,
    new_game,
    play_alone,
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
    monkeypatch.setattr(server, "CLOSE_GRACE", 0.0)  # it never takes its last messages

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
    from keythedral.net.hosted import FOLD_EVERY
    from keythedral.net.protocol import Act
    from keythedral.records import persistence

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


def fails_on(
    monkeypatch: pytest.MonkeyPatch, state: engine.GameState, action: engine.Action
) -> None:
    """``engine.apply`` fails on ``action`` at ``state`` (that one only), as a bug would."""
    real = engine.apply

    def failing(at: engine.GameState, act: engine.Action) -> engine.GameState:
        if at is state and act == action:
            raise RuntimeError("a bug in the rules engine")
        return real(at, act)

    monkeypatch.setattr(engine, "apply", failing)


def reported(data: Path, bad: engine.Action, actions: list[engine.Action]) -> dict[str, Any]:
    """The one record for a bug report the host wrote, checked."""
    (path,) = (data / "bug-reports").iterdir()
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "keythedral-bug-report" and record["game"] == __version__
    assert record["action"] == bad.model_dump(mode="json")
    assert record["actions"] == [a.model_dump(mode="json") for a in actions]
    assert record["error"]["type"] == "RuntimeError" and "Traceback" in record["error"]["traceback"]
    record["file"] = path.name
    return record


def test_an_engine_fault_on_a_seats_move_is_refused_reported_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seat is told (the fault's name, not its traceback), the game stays at its last
    good state and saved, the host writes a record for a bug report, and the server plays on."""
    data = tmp_path / "data"
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(data))
    folder = tmp_path / "host"

    async def main() -> None:
        game = new_game(seed=5, folder=folder)
        players = policy_bots(3)
        async with hosting(game) as (_, clients):
            at = await play_in_step(clients, players, until=12)
            seat = min(game.state.to_act)
            mine = clients[seat].state
            assert mine is not None and mine.at == at
            before, actions = game.state, list(game.actions)
            bad = players[seat].choose(mine.view, mine.legal)
            fails_on(monkeypatch, before, bad)
            await clients[seat].act(bad, at=at)
            error = await clients[seat].next_error()
            assert error.code == "engine_fault"
            assert "rules engine" in error.reason and "RuntimeError" in error.reason
            assert "Traceback" not in error.reason and "Choose another move" in error.reason
            # Nothing changed, in the game or in its save.
            assert game.state is before and game.actions == actions
            assert persistence.load(folder / SAVE).state == before
            # The host keeps the record, and names it to the seat (not where it is).
            record = reported(data, bad, actions)
            assert record["file"] in error.reason and str(data) not in error.reason
            # The server plays on: another move is played and told to everyone.
            other = next(a for a in mine.legal if a != bad)
            await clients[seat].act(other, at=at)
            for c in clients:
                assert (await wait_for(c, at + 1)).at == at + 1
            assert game.actions == [*actions, other]
            assert persistence.load(folder / SAVE).state == game.state

    asyncio.run(main())


def test_an_engine_fault_on_a_hosted_bots_move_is_reported_and_it_plays_another(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(data))

    async def main() -> None:
        game = new_game(seed=11, seats=("human", "greedy", "greedy"))
        bob = game.bots[1]
        choose = bob.choose
        chosen: list[tuple[int, engine.GameState, engine.Action]] = []

        def watched(view: engine.PlayerView, legal: list[engine.Action]) -> engine.Action:
            action = choose(view, legal)
            if not chosen:  # Bob's first move fails
                chosen.append((game.at, game.state, action))
                fails_on(monkeypatch, game.state, action)
            return action

        monkeypatch.setattr(bob, "choose", watched)
        srv = await started(game)
        (ann,) = await connect_all(srv, game, seats=[0])
        (me,) = policy_bots(1)
        try:  # Ann plays until the bots have played well past Bob's fault
            await play_alone(ann, me, until=30, receive=lambda: unless_bots_stop(srv, ann))
        finally:
            await ann.close()
            await srv.stop()
        at, before, bad = chosen[0]
        assert game.actions[at].seat == 1 and game.actions[at] != bad
        legal = [a for a in engine.legal_actions(before) if a.seat == 1]
        instead = faults.fallback(before, legal, {bad})
        assert instead is not None and game.actions[at] == instead[0]
        reported(data, bad, game.actions[:at])

    asyncio.run(main())


async def unless_bots_stop(srv: server.GameServer, client: Client) -> StateUpdate:
    """The client's next state, unless the server's bots stop on an error first (they would
    never move again: the client would wait for ever): then the test fails."""
    got = asyncio.ensure_future(client.next_state())
    while not got.done():
        bots = srv._bot_task
        if bots is not None and bots.done() and not bots.cancelled() and bots.exception():
            got.cancel()
            raise AssertionError(f"the bots stopped: {bots.exception()!r}")
        watch = {got} if bots is None or bots.done() else {got, bots}
        await asyncio.wait(watch, return_when=asyncio.FIRST_COMPLETED)
    return got.result()
