"""A whole game through the server: three clients on 127.0.0.1 play a seeded game to its end,
and it is exactly the game the engine plays alone with the same choices."""

from __future__ import annotations

import asyncio

from keythedral import engine
from keythedral.net.client import Client
from keythedral.net.protocol import StateUpdate
from tests.support.net import (
    NAMES,
    close_all,
    connect_all,
    new_game,
    play_alone,
    play_in_step,
    policy_bots,
    reference_game,
    started,
)


def test_the_policy_ends_a_game_directly() -> None:
    config = engine.GameConfig(players=NAMES, seed=7)
    actions, state = reference_game(config)
    assert not state.to_act and 50 < len(actions) < 2000


def all_events(config: engine.GameConfig, actions: list[engine.Action]) -> list[object]:
    """Every public event of a game, in order (a state's log keeps only the latest)."""
    state = engine.new_game(config)
    events = list(state.log)
    for a in actions:
        before = state.log_total
        state = engine.apply(state, a)
        events += state.log[len(state.log) - (state.log_total - before) :]
    return events


def test_three_clients_play_a_seeded_game_to_the_end_as_the_engine_does() -> None:
    async def main() -> None:
        game = new_game(seed=7)
        server = await started(game)
        clients = await connect_all(server, game)
        try:
            assert [c.welcome.seat for c in clients if c.welcome] == [0, 1, 2]
            played = await play_in_step(clients, policy_bots(3))
            for c in clients:  # everyone sees the end, with every hand revealed
                assert c.state is not None and c.state.at == played
                assert c.state.view.winners is not None and c.state.legal == ()
        finally:
            await close_all(clients)
            await server.stop()
        actions, state = reference_game(game.config)
        assert game.actions == actions
        assert game.state == state
        assert game.state.to_act == ()
        # Every client got the whole public log, in order, and its last view is its own.
        everything = all_events(game.config, actions)
        for seat, c in enumerate(clients):
            assert c.events == everything
            assert c.state is not None and c.state.view == engine.view(state, seat)

    asyncio.run(main())


def test_a_bot_seated_on_the_server_plays_its_own_turns() -> None:
    async def main() -> None:
        game = new_game(seed=11, seats=("human", "greedy", "random"))
        assert game.tokens[1] is None and game.tokens[2] is None
        server = await started(game)
        (ann,) = await connect_all(server, game, seats=[0])
        (me,) = policy_bots(1)
        try:
            assert ann.welcome is not None and ann.welcome.seats == ("human", "bot", "bot")
            await play_alone(ann, me)
        finally:
            await ann.close()
            await server.stop()
        assert game.over
        bot_moves = [a for a in game.actions if a.seat != 0]
        assert bot_moves, "the bots never played"
        # the game the server holds replays from its settings
        replayed = engine.new_game(game.config)
        for a in game.actions:
            replayed = engine.apply(replayed, a)
        assert replayed == game.state
        # a stale choice (the bots moved meanwhile) is refused, never played
        assert all(e.code == "stale" for e in ann.errors)

    asyncio.run(main())


def test_a_client_that_joins_late_gets_the_game_so_far() -> None:
    async def main() -> None:
        game = new_game(seed=3)
        server = await started(game)
        clients = await connect_all(server, game)
        try:
            await play_in_step(clients, policy_bots(3), until=25)
            late = Client(server.url, game.tokens[2] or "")
            await late.connect()
            update = await late.next_state()
            assert isinstance(update, StateUpdate) and update.at == 25
            assert update.view == engine.view(game.state, 2)
            await late.close()
        finally:
            await close_all(clients)
            await server.stop()

    asyncio.run(main())
