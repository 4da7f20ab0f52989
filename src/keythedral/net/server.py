"""The game server: one hosted game, its players' websockets, its bots.

    game = HostedGame.new(config, seats, folder)
    server = GameServer(game, host="127.0.0.1", port=0)
    await server.start()          # server.url: ws://127.0.0.1:PORT
    ...
    await server.stop()

Everything that changes the game runs in the event loop, one action at a time (``_lock``):
check (``HostedGame.check``: the seat's own action, its turn, ``engine.apply``), save (the
autosave's journal line, synced, in a thread of its own), then a ``state`` message to every
connected seat with that seat's own view.  A refusal is an ``error`` to the sender only, and
changes nothing.

A client is trusted with nothing: its first message must be a ``hello`` with a seat token
(within HELLO_TIMEOUT), compared in constant time; a second connection with the same token
replaces the first (a reconnect), and is sent the current state.  Sockets waiting to say
hello have a budget of their own (WAITING_PER_ADDRESS, WAITING_TOTAL; keythedral.net.guard),
which a request naming a seat's token (TOKEN_HEADER) never waits in: nobody without a token
can keep a player out.  A refused socket is let go at once; the heartbeat starts after hello.
Each connection has a send queue of at most SEND_QUEUE messages, drained by a task of its own,
so that a slow or dead client never holds up the game or the others: a client whose queue
overflows is told so and dropped (it may reconnect), and so is one over its message budget.  Requests that carry an ``Origin`` (a web page) are refused, and, when the
server listens on loopback, so are requests whose ``Host`` is not a loopback name (DNS
rebinding).  Bots choose in a worker thread; a choice made on a position that has since
changed is dropped and made again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, TypeVar

from aiohttp import WSMsgType, web

from keythedral import engine
from keythedral.lang import N_, _
from keythedral.net import guard, protocol
from keythedral.net.address import is_loopback, listen_host, trusted_addresses
from keythedral.net.guard import Waiting, quiet_errors
from keythedral.net.hosted import HostedGame
from keythedral.net.protocol import Act, Hello, ProtocolError
from keythedral.records import faults

if TYPE_CHECKING:
    from keythedral.engine import Action

T = TypeVar("T")
log = logging.getLogger("keythedral.net")

HELLO_TIMEOUT = 5.0  # seconds a connection has to say hello
#: Sockets that have not said hello yet, at most: per address (an IPv6 /64), and in all.  A
#: socket that names its seat's token in its request (TOKEN_HEADER) counts against that seat
#: instead, never against an address nor the total: strangers cannot keep a player out.
WAITING_PER_ADDRESS = 4
WAITING_TOTAL = 32
SEND_QUEUE = 256  # messages waiting for one client, at most; beyond, it is dropped
HEARTBEAT = 30.0  # seconds between two pings of a player's connection (after its hello)
#: A player's messages: at most MESSAGE_BURST at once, then MESSAGE_RATE a second.
MESSAGE_BURST = 1024
MESSAGE_RATE = 64.0
CLOSE_GRACE = 5.0  # seconds a dropped client's last messages may take before it is cut off
#: aiohttp closes a connection whose message exceeds this (1009); between it and
#: MAX_CLIENT_MESSAGE the client is told "too_big" and may go on.
FRAME_LIMIT = 4 * protocol.MAX_CLIENT_MESSAGE
TOKEN_HEADER = "Authorization"  # "Bearer TOKEN": the seat, known before the upgrade
#: The answer to an address with too many connections waiting (looked up when sent).
BUSY = N_("Too many connections from your address are waiting to say hello: try again shortly.")


class Connection:
    """One player's websocket, after its hello: messages go out through ``send``, in order.

    Its replies wait in ``queue`` for a task of its own to send them: at most SEND_QUEUE (a
    client that does not read is dropped, told why first); the client's own messages are read
    only while the queue is less than half full (``room``), so that a burst of them waits in
    the network, not in memory, and its messages are limited to MESSAGE_BURST at once and
    MESSAGE_RATE a second (``spend``)."""

    def __init__(self, ws: web.WebSocketResponse, seat: int, log_from: int) -> None:
        self.ws = ws
        self.seat = seat
        self.log_from = log_from  # the first public event this client lacks
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.room = asyncio.Event()
        self.room.set()
        self.closed = False
        self.heard = True  # a message (or a pong) came since the last ping
        self.allowance = float(MESSAGE_BURST)
        self.stamp = asyncio.get_running_loop().time()
        self._close: tuple[int, bytes] = (1000, b"")
        self.sender = asyncio.create_task(self._drain())
        self.pulse = asyncio.create_task(self._beat())
        self.closing: asyncio.Task[None] | None = None  # cuts off a client that does not read

    def send(self, text: str) -> bool:
        """Queue ``text``; False (and the connection is being closed) when it overflows."""
        if self.closed:
            return False
        if self.queue.qsize() >= SEND_QUEUE:
            self.close(1008, "too slow", last=too_slow(), drop=True)
            return False
        self.queue.put_nowait(text)
        return True

    async def wait_room(self) -> None:
        """Wait while the queue is half full: the client's own messages wait for it to read."""
        if self.queue.qsize() >= SEND_QUEUE // 2 and not self.closed:
            self.room.clear()
            await self.room.wait()

    def spend(self) -> bool:
        """Count a message from the client: False when it is over its budget."""
        now = asyncio.get_running_loop().time()
        self.allowance = min(MESSAGE_BURST, self.allowance + (now - self.stamp) * MESSAGE_RATE)
        self.stamp = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def close(
        self, code: int = 1000, why: str = "", *, last: str | None = None, drop: bool = False
    ) -> None:
        """Close after what is queued (``drop``: instead of it) and ``last``, a message saying
        why; a client that does not take them within CLOSE_GRACE is cut off."""
        if self.closed:
            return
        self.closed = True
        self._close = (code, why.encode()[:120])
        while drop and not self.queue.empty():
            self.queue.get_nowait()
        if last is not None:
            self.queue.put_nowait(last)
        self.queue.put_nowait(None)
        self.room.set()
        self.pulse.cancel()
        self.closing = asyncio.create_task(self._cut_off(CLOSE_GRACE))

    async def _cut_off(self, after: float) -> None:
        if not (await asyncio.wait({self.sender}, timeout=after))[0]:
            self.sender.cancel()
        with contextlib.suppress(ConnectionError, RuntimeError):
            await self.ws.close(code=self._close[0], message=self._close[1])

    async def _drain(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                if self.queue.qsize() < SEND_QUEUE // 2:
                    self.room.set()
                await self.ws.send_str(text)
            code, why = self._close
            await self.ws.close(code=code, message=why)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass  # the client went away: its handler ends the connection

    async def _beat(self) -> None:
        """Ping every HEARTBEAT; a client that sent nothing since the last ping (not even its
        pong) is gone: cut off."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            if not self.heard:
                self.close(1001, "no answer to ping")
                return
            self.heard = False
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.ping()


def too_slow() -> str:
    """The last message to a client that does not read the game's messages."""
    # I18N: {n} is the number of messages that were waiting
    why = _(
        "Your connection did not take the game's messages ({n} were waiting): the server closed "
        "it. Join again to get the game as it is now."
    )
    return protocol.error("too_slow", why.format(n=SEND_QUEUE))


def too_many() -> str:
    """The last message to a client that sends too many messages."""
    # I18N: {burst} is a number of messages, {rate} a number of messages a second
    why = _(
        "You sent more than {burst} messages at once (or {rate} a second): the server closed "
        "this connection. Join again to go on."
    )
    return protocol.error("too_many", why.format(burst=MESSAGE_BURST, rate=f"{MESSAGE_RATE:.0f}"))


class GameServer:
    def __init__(
        self,
        game: HostedGame,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_pause: float = 0.0,
        on_change: Callable[[HostedGame], None] | None = None,
        public_url: str | None = None,
    ) -> None:
        self.game = game
        self.host = listen_host(host)
        self.port = port
        self.bot_pause = bot_pause
        self.on_change = on_change  # called after every action is saved (the host's console)
        self.public_url = public_url  # the address players use (a TLS proxy's), if not ours
        self.conns: dict[int, Connection] = {}  # seat -> its connection
        self.sockets = 0  # players' websockets open (after their hello)
        self.waiting = Waiting(WAITING_PER_ADDRESS, WAITING_TOTAL)  # before their hello
        self._lock = asyncio.Lock()
        self._runner: web.AppRunner | None = None
        self._hosts: set[str] | None = None
        self._saving = ThreadPoolExecutor(1, thread_name_prefix="host-save")
        self._thinking = ThreadPoolExecutor(1, thread_name_prefix="host-bot")
        self._bot_task: asyncio.Task[None] | None = None
        self._stopping = False

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}"

    # --- starting, stopping --------------------------------------------------------------------
    async def start(self) -> None:
        """Listen (OSError when it cannot); ``port`` is then the port listened on.  On
        loopback, requests must name this server (or ``public_url``, a proxy's address) in
        their ``Host``."""
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/", self._handle)
        quiet_errors(asyncio.get_running_loop())
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, keepalive_timeout=guard.HEADER_TIMEOUT
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        if is_loopback(self.host):
            self._hosts = trusted_addresses(self.host, self.port, self.public_url or self.url)[1]
        self._kick_bots()

    async def stop(self, *, fold: bool = True) -> None:
        """Close every connection and stop listening; with ``fold``, fold the autosave (a
        crash does not: the journal is then what a resumed game follows)."""
        self._stopping = True
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task
        async with self._lock:
            for conn in list(self.conns.values()):
                conn.close(1001, "the server is stopping")
            if self._runner is not None:
                await self._runner.cleanup()
            if fold:
                await self._in(self._saving, self.game.close)
        self._saving.shutdown(wait=False)
        self._thinking.shutdown(wait=False, cancel_futures=True)

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """No web pages (they send an Origin), no other host names on loopback."""
        if request.headers.get("Origin") is not None:
            return web.Response(status=403, text=_("Web pages cannot join a hosted game.") + "\n")
        if self._hosts is not None and request.headers.get("Host", "").lower() not in self._hosts:
            return web.Response(status=403, text=_("Unknown host.") + "\n")
        return await handler(request)

    # --- connections ---------------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.StreamResponse:
        if self._stopping:
            return web.Response(status=503, text=_("The server is stopping.") + "\n")
        seat = self._seat_named(request)
        key = guard.address_key(request.remote) if seat is None else f"seat {seat}"
        if not self.waiting.admit(key, anonymous=seat is None):
            return web.Response(status=503, text=_(BUSY) + "\n", headers={"Retry-After": "5"})
        try:
            # No heartbeat before the hello, and no waiting for a close reply: a socket that
            # is refused is let go at once.
            ws = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, autoping=False, timeout=0)
            if not ws.can_prepare(request).ok:
                return web.Response(
                    status=400, text=_("Join with: keythedral join URL --token T") + "\n"
                )
            await ws.prepare(request)
            conn = await self._greet(ws)
        finally:
            self.waiting.release(key, anonymous=seat is None)
        if conn is None:
            return ws
        self.sockets += 1
        try:
            await self._serve(conn)
        finally:
            self.sockets -= 1
            conn.close()
            if self.conns.get(conn.seat) is conn:
                del self.conns[conn.seat]
            with contextlib.suppress(asyncio.CancelledError):
                await conn.sender
        return ws

    def _seat_named(self, request: web.Request) -> int | None:
        """The seat whose token the request names (``Authorization: Bearer TOKEN``), if any:
        it is let in whatever strangers do (a wrong one is only a stranger)."""
        scheme, _, token = request.headers.get(TOKEN_HEADER, "").partition(" ")
        if scheme.lower() != "bearer" or not 0 < len(token) <= protocol.MAX_TOKEN:
            return None
        return self.game.seat_of(token)

    async def _serve(self, conn: Connection) -> None:
        """A player's messages, until the connection ends."""
        ws = conn.ws
        while not conn.closed:
            await conn.wait_room()
            msg = await ws.receive()
            conn.heard = True
            if msg.type in (WSMsgType.PING, WSMsgType.PONG):
                if msg.type == WSMsgType.PING:
                    with contextlib.suppress(ConnectionError, RuntimeError):
                        await ws.pong(msg.data)
                continue
            if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break
            if not conn.spend():
                conn.close(1008, "too many messages", last=too_many())
                break
            if msg.type == WSMsgType.TEXT:
                await self._on_text(conn, msg.data)
            else:
                conn.send(protocol.error("malformed", _("Messages are JSON text, not binary.")))
        if conn.closing is not None:
            await conn.closing

    async def _greet(self, ws: web.WebSocketResponse) -> Connection | None:
        """The hello, checked: the connection of its seat, or None (told why and closed)."""
        try:
            msg = await ws.receive(timeout=HELLO_TIMEOUT)
        except TimeoutError:
            await self._refuse(ws, "hello_first", _("Say hello (with your seat token) first."))
            return None
        if msg.type != WSMsgType.TEXT:
            if msg.type == WSMsgType.BINARY:
                await self._refuse(ws, "malformed", _("Messages are JSON text, not binary."))
            else:
                await self._refuse(ws, "hello_first", _("Say hello (with your seat token) first."))
            return None
        try:
            hello = protocol.parse_client(msg.data)
        except ProtocolError as exc:
            await self._refuse(ws, exc.code, exc.english)
            return None
        if not isinstance(hello, Hello):
            await self._refuse(ws, "hello_first", _("Say hello (with your seat token) first."))
            return None
        seat = self.game.seat_of(hello.token)
        if seat is None:
            await self._refuse(ws, "bad_token", _("No seat of this game has that token."))
            return None
        async with self._lock:  # between two actions: the state it is sent is the game's
            old = self.conns.get(seat)
            if old is not None:
                old.send(protocol.error("replaced", _("Your seat was opened somewhere else.")))
                old.close(1000, "replaced")
            conn = Connection(ws, seat, hello.log_from or 0)
            self.conns[seat] = conn
            g = self.game
            conn.send(protocol.welcome(seat, g.config.players, self._kinds(), g.config))
            self._send_state(conn, self._legal())
        return conn

    def _kinds(self) -> list[str]:
        return ["human" if s not in self.game.bots else "bot" for s in range(self.game.config.n)]

    async def _refuse(self, ws: web.WebSocketResponse, code: protocol.ErrorCode, why: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_str(protocol.error(code, why))
            await ws.close(code=1008, message=why.encode()[:120])

    async def _on_text(self, conn: Connection, text: str) -> None:
        try:
            message = protocol.parse_client(text)
            if isinstance(message, Hello):
                raise ProtocolError("hello_first", N_("You said hello already."))
            await self.play(conn.seat, message)
        except ProtocolError as exc:
            conn.send(protocol.refused(exc))  # its reason in English (protocol.py)
        except Exception:  # a bug must not end the game for everyone
            log.exception("a message from seat %s could not be handled", conn.seat)
            conn.send(protocol.error("server", _("The server could not do that.")))

    # --- the game ------------------------------------------------------------------------------
    async def play(self, seat: int, act: Act) -> None:
        """Play ``act`` for ``seat`` (ProtocolError: refused, nothing changed), save it, and
        tell everyone."""
        async with self._lock:
            state = self.game.check(seat, act)
            self.game.commit(act.action, state)
            if self.game.saver is not None:  # written before anyone is told
                await self._in(self._saving, self.game.save)
            self._broadcast()
        if self.on_change is not None:
            self.on_change(self.game)
        self._kick_bots()

    def _legal(self) -> list[Action]:
        return engine.legal_actions(self.game.state)

    def _broadcast(self) -> None:
        """Each connected seat's own state: the public part of the view dumped once (it comes
        from the spectator's view, so it can hold nothing private), each seat's hand apart."""
        if not self.conns:
            return
        legal = self._legal()
        public = protocol.public_part(engine.view(self.game.state, None))
        for conn in list(self.conns.values()):
            self._send_state(conn, legal, public)
            if conn.closed:  # dropped (it did not read): the seat is free to come back
                del self.conns[conn.seat]

    def _send_state(self, conn: Connection, legal: list[Action], public: str = "") -> None:
        seat = conn.seat
        view = engine.view(self.game.state, seat)
        own = [a for a in legal if a.seat == seat]
        text = protocol.seat_view(public, view) if public else view.model_dump_json()
        message, conn.log_from = protocol.state_of(self.game.at, text, view, own, conn.log_from)
        conn.send(message)

    def _kick_bots(self) -> None:
        """Start the bots' turns when one of them is to act (one task at a time)."""
        if self._stopping or (self._bot_task is not None and not self._bot_task.done()):
            return
        if self.game.bot_to_act() is not None:
            self._bot_task = asyncio.create_task(self._bots())

    async def _bots(self) -> None:
        """The bots' turns, one after another.  A bot whose move the engine fails on (or that
        fails while choosing, its search going through the engine) plays ``faults.fallback``
        instead, as in the app: the game does not wait on it (the fault is recorded for a bug
        report, ``HostedGame.report``)."""
        while not self._stopping and (seat := self.game.bot_to_act()) is not None:
            state, at = self.game.state, self.game.at
            bot = self.game.bots[seat]
            legal = [a for a in engine.legal_actions(state) if a.seat == seat]
            view = engine.view(state, seat)
            action: Action | None = None
            try:
                action = await self._in(self._thinking, bot.choose, view, legal)
            except Exception as exc:  # a bug: the game goes on with another move (below)
                fault = faults.EngineFault(None, exc)
                self.game.report(fault, f"host: the computer player of seat {seat} choosing")
            if self.bot_pause:
                await asyncio.sleep(self.bot_pause)
            try:
                if action is not None:
                    try:
                        await self.play(seat, Act(action, at))
                        continue
                    except ProtocolError as exc:
                        if exc.code != "engine_fault":
                            raise
                instead = faults.fallback(state, legal, () if action is None else {action})
                if instead is None:
                    log.error("bot seat %s has no move that can be played: the game stops", seat)
                    return
                log.error("bot seat %s plays %s instead", seat, instead[0].kind)
                await self.play(seat, Act(instead[0], at))
            except ProtocolError as exc:
                if exc.code != "stale":  # a person answered first: choose again
                    log.error("bot seat %s: %s", seat, exc.english)
                    return

    async def _in(self, pool: ThreadPoolExecutor, fn: Callable[..., T], *args: object) -> T:
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)
