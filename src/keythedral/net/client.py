"""A thin client of a hosted game: connect with a seat token, read states, send actions.

    async with Client(url, token) as c:      # connects and says hello
        c.welcome.seat
        update = await c.next_state()        # the next state (errors kept in c.errors)
        await c.act(update.legal[0], at=update.at)

Used by ``keythedral join`` (a plain-text front end, :func:`run_text_client`), the tests and
the load bench.  Every message from the server is parsed strictly (``protocol.parse_server``).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any

import aiohttp

from keythedral.lang import _, pgettext
from keythedral.net import protocol
from keythedral.net.protocol import ErrorMessage, ProtocolError, StateUpdate, Welcome
from keythedral.safetext import printable
from keythedral.words import terms
from keythedral.words.walkthrough import options_text
from keythedral.words.walkthrough_options import cubes

if TYPE_CHECKING:
    from keythedral.engine import Action
    from keythedral.engine.events import Event


class Closed(Exception):
    """The server closed the connection (or it broke); ``error`` is its last error, if any."""

    def __init__(self, message: str, error: ErrorMessage | None = None) -> None:
        super().__init__(message)
        self.error = error


class Client:
    def __init__(
        self,
        url: str,
        token: str,
        *,
        log_from: int | None = None,
        on_message: Callable[[str], None] | None = None,
    ) -> None:
        self.url = url
        self.token = token
        self.log_from = log_from
        self.on_message = on_message  # every raw message received (tests read them all)
        self.welcome: Welcome | None = None
        self.state: StateUpdate | None = None
        self.errors: list[ErrorMessage] = []
        self.events: list[Event] = []  # the public events received, in order
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None

    async def __aenter__(self) -> Client:
        await self.connect()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def connect(self) -> Welcome:
        """Open the websocket and say hello: the welcome (Closed when the server refuses)."""
        self._session = aiohttp.ClientSession()
        # The token goes in the request too: the server then knows the seat before the
        # upgrade, and strangers waiting to say hello cannot keep it out.
        token = self.token
        named = token.isascii() and token.isprintable() and " " not in token and token
        headers = {"Authorization": f"Bearer {token}"} if named else {}
        try:
            self._ws = await self._session.ws_connect(
                self.url,
                max_msg_size=protocol.MAX_SERVER_MESSAGE,
                heartbeat=30.0,
                headers=headers,
            )
        except aiohttp.ClientConnectorError as exc:
            await self.close()
            # I18N: {url} is the address of a hosted game ("ws://192.168.1.5:8080")
            nobody = _(
                "Cannot reach {url}: nothing answers there (is keythedral host running, at that "
                "address and port?)"
            )
            raise Closed(nobody.format(url=self.url)) from exc
        except (aiohttp.ClientError, OSError) as exc:
            await self.close()
            # I18N: {url} is the address of a hosted game, {problem} the system's reason
            unreached = _("Cannot reach {url}: {problem}")
            raise Closed(unreached.format(url=self.url, problem=exc)) from exc
        await self.send_raw(protocol.hello(self.token, self.log_from))
        message = await self.receive()
        if not isinstance(message, Welcome):
            await self.close()
            if isinstance(message, ErrorMessage):
                raise Closed(message.reason, message)
            raise Closed(_("The server did not welcome this seat."))
        self.welcome = message
        return message

    async def send_raw(self, text: str) -> None:
        assert self._ws is not None, "connect first"
        try:
            await self._ws.send_str(text)
        except (ConnectionError, RuntimeError, aiohttp.ClientError) as exc:
            # I18N: {problem} is the system's reason
            raise Closed(_("The connection broke: {problem}").format(problem=exc)) from exc

    async def act(self, action: Action, at: int | None = None) -> None:
        await self.send_raw(protocol.act(action, at))

    async def receive(self) -> Welcome | StateUpdate | ErrorMessage:
        """The next message (Closed when the connection ends)."""
        assert self._ws is not None, "connect first"
        msg = await self._ws.receive()
        if msg.type != aiohttp.WSMsgType.TEXT:
            last = self.errors[-1] if self.errors else None
            if last is None:
                raise Closed(_("The server closed the connection."), last)
            # I18N: {reason} is the server's last error message, in the server's language
            closed = _("The server closed the connection ({reason}).")
            raise Closed(closed.format(reason=last.reason), last)
        if self.on_message is not None:
            self.on_message(msg.data)
        try:
            message = protocol.parse_server(msg.data)
        except ProtocolError as exc:
            # I18N: {problem} says what could not be read
            unreadable = _("The server sent something unreadable: {problem}")
            raise Closed(unreadable.format(problem=exc.reason)) from exc
        if isinstance(message, StateUpdate):
            self.state = message
            self.events.extend(message.events)
            self.log_from = message.view.log_total
        elif isinstance(message, ErrorMessage):
            self.errors.append(message)
        return message

    async def next_state(self) -> StateUpdate:
        """The next state message (errors on the way are kept in ``errors``)."""
        while True:
            message = await self.receive()
            if isinstance(message, StateUpdate):
                return message

    async def next_error(self) -> ErrorMessage:
        while True:
            message = await self.receive()
            if isinstance(message, ErrorMessage):
                return message

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
            self._ws = None
        if self._session is not None:
            await self._session.close()
            self._session = None


# --- keythedral join, in plain text ----------------------------------------------------------
def describe_action(action: Action) -> str:
    """'place worker: number 2, field [1, 0]' (the action's own fields, plainly)."""
    fields = action.model_dump(exclude={"kind", "seat"}, exclude_none=True)
    words = ", ".join(f"{k} {_plain(v)}" for k, v in fields.items())
    return action.kind.replace("_", " ") + (f": {words}" if words else "")


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return str(value)


async def run_text_client(
    url: str, token: str, *, read_line: Callable[[], str] | None = None
) -> int:
    """``keythedral join URL --token T`` in plain text: the log as it happens, this seat's
    walkthrough and numbered choices when it must act.  Ends with the game (0), or when the
    server refuses or goes (2)."""
    from keythedral.words.narration import narrate  # engine: loaded on use only

    def say(text: str) -> None:
        print(printable(text), flush=True)

    loop = asyncio.get_running_loop()
    reader = read_line or sys.stdin.readline
    client = Client(url, token)
    try:
        welcome = await client.connect()
    except Closed as exc:
        say(f"keythedral join: {exc}")
        return 2
    names = welcome.names
    # I18N: `keythedral join` greets its player: {player} is their name, {seat} their place at
    # the table (1 to 5), {players} lists everyone's names
    say(
        _("You are {player} (seat {seat}) in a game of {players}.").format(
            player=names[welcome.seat], seat=welcome.seat + 1, players=terms.comma_list(names)
        )
    )
    try:
        while True:
            message = await client.receive()
            if isinstance(message, ErrorMessage):
                say(f"! {message.reason}")
                continue
            if not isinstance(message, StateUpdate):
                continue
            for event in message.events:
                say("  " + narrate(event, names, welcome.seat))
            if message.view.winners is not None:
                say(_("The game is over."))
                return 0
            if not message.legal:
                continue
            say("")
            say(options_text(message.view, message.legal))
            if (hand := message.view.me) is not None:
                # I18N: no law card held (French "aucune": la loi)
                laws = terms.comma_list(list(hand.laws)) or pgettext("no law", "none")
                # I18N: no building tile held (French "aucune": la tuile)
                tiles = terms.comma_list(list(hand.buildings)) or pgettext(
                    "no building tile", "none"
                )
                # I18N: `keythedral join`: {cubes} the player's cubes ("2 stone + 1 food"),
                # {laws} their law cards (ids), {tiles} their building tiles (ids)
                mine = _("Your cubes: {cubes}; law cards: {laws}; tiles: {tiles}")
                say(mine.format(cubes=cubes(hand.cubes), laws=laws, tiles=tiles))
            for i, action in enumerate(message.legal, 1):
                say(f"  {i:>3}. {describe_action(action)}")
            choice = await _ask(loop, reader, len(message.legal))
            if choice is None:
                return 0
            await client.act(message.legal[choice], at=message.at)
    except Closed as exc:
        say(f"keythedral join: {exc}")
        return 2
    finally:
        await client.close()


async def _ask(loop: asyncio.AbstractEventLoop, reader: Callable[[], str], n: int) -> int | None:
    """The number typed (0-based), or None at the end of input or on 'q'."""
    while True:
        # I18N: `keythedral join` asks for a choice: {n} is the number of choices; q is the key
        # that leaves
        print(_("Your choice (1-{n}, q to leave): ").format(n=n), end="", flush=True)
        line = await loop.run_in_executor(None, reader)
        if not line or line.strip().lower() == "q":
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= n:
            return int(text) - 1
        print(_("Type a number from 1 to {n}.").format(n=n), flush=True)
