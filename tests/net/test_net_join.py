"""``keythedral join``'s app (tui/remote.py) under Pilot, against a server on 127.0.0.1.

Textual clients and thin protocol clients play a seeded game to its end: it is the game the
engine plays alone with the same choices.  A client's screen never shows another seat's hand;
a dropped connection comes back with the board still on screen; refusals are notes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from pathlib import Path

import pytest
from textual.pilot import Pilot

from keythedral import bots, engine
from keythedral.net.client import Client
from keythedral.net.hosted import HostedGame
from keythedral.net.server import GameServer
from keythedral.tui.remote import JoinApp, RemoteSession
from keythedral.tui.screens.game import GameScreen
from keythedral.tui.screens.scores import ScoresScreen
from keythedral.tui.session import Session
from keythedral.words.text import law_name
from tests.support.net import new_game, policy_bots, reference_game, started
from tests.support.textshot import screen_text

SIZE = (100, 34)
PAUSES = 3000  # how many short pauses a step may wait for (against a hang, not a clock)


@pytest.fixture(autouse=True)
def _folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KEYTHEDRAL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KEYTHEDRAL_CONFIG_DIR", str(tmp_path / "config"))


def in_a_loop(test: Callable[..., Coroutine[object, object, None]]) -> Callable[..., None]:
    """An async test, run in a loop of its own (the apps, the server and the clients share it)."""

    @functools.wraps(test)
    def run(**fixtures: object) -> None:
        asyncio.run(test(**fixtures))

    return run


def join_app(url: str, token: str | None, **options: object) -> JoinApp:
    options.setdefault("auto_play", False)  # the policy makes every choice, as in the reference
    return JoinApp(url, token or "", retry_delays=(0.05,), **options)  # type: ignore[arg-type]


def remote(app: JoinApp) -> RemoteSession:
    session = app.session
    assert isinstance(session, RemoteSession)
    return session


async def settle(pilot: Pilot[None], done: object) -> None:
    """Let the app run until ``done()`` is true (at most PAUSES short pauses)."""
    for _ in range(PAUSES):
        if done():  # type: ignore[operator]
            await pilot.pause()  # and drawn
            return
        await pilot.pause(0.01)
    raise AssertionError("the app never got there")


def shown(app: JoinApp) -> str:
    """The plain text of everything on the app's screen now."""
    return screen_text(app)  # type: ignore[arg-type]


def info(app: JoinApp) -> str:
    return str(app.screen.query_one("#info").render())


def keeps_secrets(seat: int, text: str, state: engine.GameState, mine: engine.PlayerView) -> None:
    """``text`` (seat's screen) shows no other seat's private screen, and no law card another
    seat holds unless this seat's own view names it (in its own hand, the log, the discard)."""
    public = mine.model_dump_json()
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        assert f"{state.config.players[other]}'s screen" not in text
        for card in player.laws:
            assert law_name(card) not in text or card in public, (seat, other, card)


class Table:
    """Seats played in step by the policy (the lowest seat that may act plays), some through
    Textual apps and the rest through thin clients; with ``record``, every screen each app
    shows is kept (its text, and the view it was drawn from)."""

    def __init__(
        self,
        apps: dict[int, tuple[JoinApp, Pilot[None]]],
        clients: dict[int, Client],
        players: Sequence[bots.Bot],
        record: bool = False,
    ) -> None:
        self.apps, self.clients, self.players = apps, clients, players
        self.record = record
        self.screens: dict[int, list[tuple[str, engine.PlayerView]]] = {s: [] for s in apps}

    def at_least(self, at: int) -> bool:
        for app, _ in self.apps.values():
            session = app.session
            if not isinstance(session, RemoteSession) or session.update is None:
                return False
            if session.at < at or session.waiting:
                return False
        return True

    async def step(self, at: int) -> bool:
        """Play action number ``at``; False once the game is over."""
        for client in self.clients.values():
            while client.state is None or client.state.at < at:
                await client.next_state()
        pilot = next(iter(self.apps.values()))[1]
        await settle(pilot, lambda: self.at_least(at))
        views = {s: c.state.view for s, c in self.clients.items() if c.state is not None}
        for seat, (app, _) in self.apps.items():
            views[seat] = remote(app).view(seat)
        to_act = next(iter(views.values())).to_act
        if not to_act:
            return False  # the scores screen is coming up
        for seat, (app, _) in self.apps.items() if self.record else ():
            self.screens[seat].append((shown(app), views[seat]))
        seat = min(to_act)
        if seat in self.apps:
            app = self.apps[seat][0]
            legal = remote(app).legal()
            assert legal and all(a.seat == seat for a in legal)
            assert app.play(self.players[seat].choose(views[seat], legal))
        else:
            state = self.clients[seat].state
            assert state is not None and state.legal
            action = self.players[seat].choose(state.view, list(state.legal))
            await self.clients[seat].act(action, at=at)
        return True


@contextlib.asynccontextmanager
async def two_apps(game: HostedGame) -> AsyncIterator[tuple[list[GameServer], Table]]:
    """Ann and Bob in apps, Cy a thin client, on a server of ``game``: the servers (a test may
    start another, the last is stopped at the end) and the table that plays."""
    servers = [await started(game)]
    url = servers[0].url
    ann, bob = join_app(url, game.tokens[0]), join_app(url, game.tokens[1])
    cy = Client(url, game.tokens[2] or "")
    table: Table | None = None
    try:
        async with ann.run_test(size=SIZE) as pa, bob.run_test(size=SIZE) as pb:
            await cy.connect()
            table = Table({0: (ann, pa), 1: (bob, pb)}, {2: cy}, policy_bots(3))
            yield servers, table
    finally:
        await asyncio.gather(*(c.close() for c in (table.clients if table else {2: cy}).values()))
        await servers[-1].stop()


@in_a_loop
async def test_two_apps_and_a_thin_client_play_a_seeded_game_as_the_engine_does() -> None:
    game = new_game(seed=5)  # law cards procured and played, windows answered from the apps
    async with two_apps(game) as (_, table):
        table.record = True
        at = 0
        while await table.step(at):
            at += 1
        for app, pilot in table.apps.values():  # every hand revealed, at the end only
            await settle(pilot, lambda app=app: isinstance(app.screen, ScoresScreen))
            assert "The Keythedral is complete" in shown(app)
    actions, state = reference_game(game.config)
    assert game.actions == actions and game.state == state
    assert Session.replayed(game.config, actions).state == state  # as played hot-seat
    answered = [a for a in actions if a.kind in ("play_law", "decline") and a.seat in (0, 1)]
    assert any(a.kind == "play_law" for a in answered) and len(answered) > 10
    # Each screen showed its own hand, titled with its own name, and never another's.
    for seat, shots in table.screens.items():
        name = game.config.players[seat]
        states = [engine.new_game(game.config)]
        for a in actions[:-1]:
            states.append(engine.apply(states[-1], a))
        for (text, view), state in zip(shots, states, strict=True):  # every position
            assert f"{name}'s screen (private)" in text
            keeps_secrets(seat, text, state, view)


@contextlib.asynccontextmanager
async def ann_joins(
    seed: int, **options: object
) -> AsyncIterator[tuple[HostedGame, JoinApp, Pilot[None], Table]]:
    """A game with Ann in the app, Bob and Cy thin clients; the table that plays it."""
    game = new_game(seed=seed)
    server = await started(game)
    clients = {s: Client(server.url, game.tokens[s] or "") for s in (1, 2)}
    ann = join_app(server.url, game.tokens[0], **options)
    try:
        async with ann.run_test(size=SIZE) as pilot:
            await asyncio.gather(*(c.connect() for c in clients.values()))
            await settle(pilot, lambda: ann.session is not None and remote(ann).update is not None)
            yield game, ann, pilot, Table({0: (ann, pilot)}, clients, policy_bots(3))
    finally:
        await asyncio.gather(*(c.close() for c in clients.values()))
        await server.stop()


@in_a_loop
async def test_the_screen_shows_only_its_own_seats_hand_and_choices() -> None:
    async with ann_joins(seed=3) as (game, ann, pilot, table):
        at = 0
        while at < 120 and await table.step(at):
            at += 1
        await settle(pilot, lambda: game.at == at and table.at_least(at))
        session = remote(ann)
        view = session.view(0)
        # The view is seat 0's own: the server sent nothing else.
        assert view.seat == 0 and view.me is not None
        assert view == engine.view(game.state, 0)
        assert session.public_seed is None
        # The whole game is on the server only: this session holds none of it, and says so.
        assert session.local is None and not hasattr(session, "state")
        keeps_secrets(0, shown(ann), game.state, view)
        for key in ("t", "g", "m"):  # the mats, the log, the map again
            await pilot.press(key)
            keeps_secrets(0, shown(ann), game.state, view)
        assert "seed" not in str(ann.screen.query_one("#status").render())


@in_a_loop
async def test_keys_choose_and_a_refusal_is_a_note_never_a_crash() -> None:
    async with ann_joins(seed=9) as (game, ann, pilot, _):
        await settle(pilot, lambda: bool(remote(ann).legal()))
        assert remote(ann).at == 0 and isinstance(ann.screen, GameScreen)
        # The first field of the layout, by keys: n to a target, Enter to place it.
        await pilot.press("n", "enter")
        await settle(pilot, lambda: remote(ann).at == 1 and not remote(ann).waiting)
        assert game.at == 1 and game.actions[0].seat == 0
        # An action sent on a position the game has left is refused: a note, no change.
        placed = game.actions[0]
        await ann.link.act(placed, 0)
        await settle(pilot, lambda: "moved on" in info(ann))
        assert game.at == 1
        # A choice that is not on the list now (the same field again) is not even sent.
        assert not ann.play(placed)
        assert "not one of your choices" in info(ann) and game.at == 1
        await pilot.press("u")  # no undo in a hosted game: a note
        assert "taken back" in info(ann) and game.at == 1


@in_a_loop
async def test_the_hint_key_works_on_a_joined_seats_view() -> None:
    """The coach's hint needs no more than the seat's own view: a joined player has it, in
    the key bar and on the key, as at a hot-seat table."""
    async with ann_joins(seed=9) as (_, ann, pilot, _):
        await settle(pilot, lambda: bool(remote(ann).legal()))
        assert "Hint" in screen_text(ann).splitlines()[-1]  # the key bar
        await pilot.press("i")
        await settle(pilot, lambda: "Hint:" in info(ann))
        assert "coach is off" not in info(ann)


@in_a_loop
async def test_two_screens_letting_one_window_go_by_at_once_are_both_heard() -> None:
    game = new_game(seed=5)
    async with two_apps(game) as (_, table):
        (ann, pa), (bob, _) = table.apps[0], table.apps[1]
        at, windows = 0, 0
        while windows < 3:
            while True:
                await settle(pa, lambda at=at: game.at == at and table.at_least(at))
                if {0, 1} <= set(game.state.to_act):
                    break
                assert await table.step(at)
                at += 1
            # Both let the window go by, on the same position, before either is answered.
            declines = [remote(app).can_decline(seat) for seat, (app, _) in table.apps.items()]
            assert all(declines)
            assert ann.play(declines[0]) and bob.play(declines[1])  # type: ignore[arg-type]
            await settle(pa, lambda at=at: game.at >= at + 2 and table.at_least(at + 2))
            assert set(game.actions[at : at + 2]) == set(declines)  # both heard, once each
            for app in (ann, bob):
                assert "moved on" not in info(app)
            at, windows = at + 2, windows + 1
        await settle(pa, lambda: not ann.mode._stale_expected and not bob.mode._stale_expected)


@in_a_loop
async def test_a_single_choice_plays_itself_and_done_passes_for_the_phase() -> None:
    async with ann_joins(seed=5, auto_play=True) as (game, ann, pilot, table):
        at, played, done_in = 0, set(), None
        while at < 160:
            for client in table.clients.values():
                while client.state is None or client.state.at < min(at, game.at):
                    await client.next_state()
            await settle(pilot, lambda at=at: table.at_least(at))
            if game.at > at:  # Ann's app played a move by itself
                at = game.at
                continue
            seat = min(game.state.to_act)
            view = engine.view(game.state, seat)
            if seat != 0:
                state = table.clients[seat].state
                assert state is not None and state.at == at
                await table.clients[seat].act(
                    table.players[seat].choose(state.view, list(state.legal)), at=at
                )
            else:
                assert (view.round, view.phase) != done_in, "a done player was asked again"
                legal = remote(ann).legal()
                if (
                    view.phase == "spend"
                    and any(a.kind == "pass" for a in legal)
                    and done_in is None
                ):
                    await pilot.press("P")  # pass now and at every later turn of this phase
                    done_in = (view.round, "spend")
                else:
                    assert len(legal) > 1 or (view.me is not None and view.me.laws)
                    assert ann.play(table.players[0].choose(remote(ann).view(0), legal))
                played.add(at)
            at += 1
            await settle(pilot, lambda at=at: game.at >= at)
        assert done_in is not None
        # Every move of Ann's the test did not make was her only choice, or a pass after "P".
        state = engine.new_game(game.config)
        auto = 0
        for n, action in enumerate(game.actions):
            if action.seat == 0 and n not in played:
                own = [a for a in engine.legal_actions(state) if a.seat == 0]
                assert len(own) == 1 or (
                    action.kind == "pass" and (state.round, "spend") == done_in
                )
                auto += 1
            state = engine.apply(state, action)
        assert auto > 0


@in_a_loop
async def test_a_dropped_connection_and_a_host_restart_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "host"
    game = new_game(seed=4, folder=folder)
    async with two_apps(game) as (servers, table):
        (ann, pa), (bob, _) = table.apps[0], table.apps[1]
        at = 0
        while at < 40 or 0 not in game.state.to_act:
            assert await table.step(at)
            at += 1
        # Ann chooses, and her connection breaks at once (her choice may be lost).
        drops: list[int] = []
        told = ann.dropped
        ann.dropped = lambda reason, attempt: (drops.append(attempt), told(reason, attempt))  # type: ignore[method-assign]
        await table.step(at)
        servers[0].conns[0].close(1011, "test: the connection broke")
        await settle(pa, lambda: drops and remote(ann).online and remote(ann).at == game.at)
        assert drops == [1]  # one drop, and the first try got back in
        at = game.at
        while at < 120:
            assert await table.step(at)
            at += 1
        # The host stops (as in a crash: the journal not folded) and comes back.
        await settle(pa, lambda: game.at == at and table.at_least(at))
        await servers[0].stop(fold=False)
        await table.clients[2].close()
        await settle(pa, lambda: ann.status is not None and bob.status is not None)
        for app in (ann, bob):  # the board stays, with a line saying what goes on
            assert "reconnecting" in shown(app) and "screen (private)" in shown(app)
        assert not remote(ann).legal() and not remote(bob).legal()
        back = HostedGame.resume(folder)
        assert back.at == at
        servers.append(await started(back, port=servers[0].port))
        table.clients[2] = Client(servers[1].url, back.tokens[2] or "")
        await table.clients[2].connect()
        await settle(pa, lambda: ann.status is None and bob.status is None)
        while await table.step(at):
            at += 1
    actions, state = reference_game(game.config)
    assert back.actions == actions and back.state == state


@in_a_loop
async def test_a_seat_opened_elsewhere_stops_this_screen_without_a_fight() -> None:
    async with ann_joins(seed=6) as (game, ann, pilot, table):
        url = table.clients[1].url
        other = Client(url, game.tokens[0] or "")  # Ann joins again, from another terminal
        try:
            await other.connect()
            await settle(pilot, lambda: ann.link.ended is not None)
            assert "opened somewhere else" in shown(ann) and "ctrl+q" in shown(ann)
            assert not remote(ann).legal()
            # This screen does not come back to take the seat from the new one.
            state = await other.next_state() if other.state is None else other.state
            assert state.view.seat == 0 and not other.errors
            assert isinstance(ann.screen, GameScreen) and ann.return_code is None
        finally:
            await other.close()


@in_a_loop
async def test_a_wrong_token_ends_the_app_with_the_reason() -> None:
    game = new_game(seed=1)
    server = await started(game)
    app = join_app(server.url, "not-a-token-of-this-game")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, lambda: app.link.ended is not None)
            await settle(pilot, lambda: app.return_code == 2)
    finally:
        await server.stop()
    assert app.session is None and app.return_code == 2
    assert game.at == 0


@in_a_loop
async def test_a_screen_drawn_between_the_welcome_and_the_first_state_does_not_crash() -> None:
    """The host's welcome and its first state are two messages: a screen drawn between them
    (a slow network, a busy machine) shows the connection's line, not a board it has no view
    for; the seat is the app's session from its first state on."""
    from keythedral.net.protocol import StateUpdate, Welcome

    game = new_game(seed=1)
    # Nobody listens there, and the link waits long before it tries again: the app waits.
    app = JoinApp("ws://127.0.0.1:9/", "x", retry_delays=(60.0,), auto_play=False)
    welcome = Welcome(seat=0, names=("Ann", "Bob"), seats=("human", "human"), config=game.config)
    async with app.run_test(size=SIZE):
        screen = app.game_screen
        assert screen is not None and screen.is_mounted
        app.welcomed(welcome)
        app.redraw()  # (asked the session for its view, and failed, before the fix)
        assert app.session is None
        view = engine.view(game.state, 0)
        app.updated(StateUpdate(at=0, view=view, legal=(), log_from=0, events=()))
        assert remote(app).view(0) == view
