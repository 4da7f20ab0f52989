"""A seat's connection to a hosted game that comes back by itself when it drops.

    link = Link(url, token, listener)
    reason = await link.run()        # connects, reads, reconnects; the reason it ended for good
    await link.act(action, at)       # False when not connected just now
    await link.stop()                # run() returns soon after

The listener (the join app) hears everything in the order it happens: the welcome after each
connection, every state and every refusal, and the link going down (with the try under way).
A refusal that another try cannot cure (a token no seat has, another protocol version, the
seat opened elsewhere) ends the run, and so does failing to connect the first time (a wrong
address); once the seat has been welcomed, a dropped connection is tried again and again,
with the same token, until the host is back.  No Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from keythedral.lang import _
from keythedral.net.client import Client, Closed
from keythedral.net.protocol import ErrorMessage, StateUpdate, Welcome

if TYPE_CHECKING:
    from keythedral.engine import Action

#: Refusals after which trying again would only be refused again.
FINAL = frozenset({"bad_token", "version", "replaced", "hello_first"})
#: Seconds between tries after a drop: quick at first, then every few seconds.
RETRY_DELAYS: tuple[float, ...] = (0.2, 0.5, 1.0, 2.0, 3.0, 5.0)


class Listener(Protocol):
    def welcomed(self, welcome: Welcome) -> None: ...

    def updated(self, update: StateUpdate) -> None: ...

    def refused(self, error: ErrorMessage) -> None: ...

    def dropped(self, reason: str, attempt: int) -> None:
        """The connection is down; ``attempt``: the number of the try about to be made."""


class Link:
    def __init__(
        self,
        url: str,
        token: str,
        listener: Listener,
        *,
        delays: Sequence[float] = RETRY_DELAYS,
    ) -> None:
        self.url = url
        self.token = token
        self.listener = listener
        self.delays = tuple(delays) or (0.0,)
        self.client: Client | None = None  # the connection now, once welcomed
        self.ended: str | None = None  # why the run ended for good
        self._stopped = asyncio.Event()

    @property
    def up(self) -> bool:
        return self.client is not None

    async def run(self) -> str:
        """Connect, read, and connect again after every drop, until stopped or refused for
        good: the reason it ended, for the player."""
        welcomed_once = False
        log_from: int | None = None
        attempt = 0
        while not self._stopped.is_set():
            client = Client(self.url, self.token, log_from=log_from)
            try:
                welcome = await client.connect()
            except Closed as exc:
                code = exc.error.code if exc.error is not None else None
                if not welcomed_once or code in FINAL:
                    return self._end(str(exc))
                attempt += 1
                await self._pause(str(exc), attempt)
                continue
            welcomed_once, attempt = True, 0
            self.client = client
            self.listener.welcomed(welcome)
            reason = await self._read(client)
            log_from = client.log_from
            self.client = None
            await client.close()
            last = client.errors[-1].code if client.errors else None
            if self._stopped.is_set():
                break
            if last in FINAL:
                return self._end(reason)
            attempt += 1
            await self._pause(reason, attempt)
        return self._end(_("You left the game."))

    async def _read(self, client: Client) -> str:
        """Hand every message to the listener until the connection ends: why it ended."""
        try:
            while True:
                message = await client.receive()
                if isinstance(message, StateUpdate):
                    self.listener.updated(message)
                elif isinstance(message, ErrorMessage):
                    self.listener.refused(message)
        except Closed as exc:
            return str(exc)

    async def _pause(self, reason: str, attempt: int) -> None:
        self.listener.dropped(reason, attempt)
        delay = self.delays[min(attempt - 1, len(self.delays) - 1)]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopped.wait(), delay)

    def _end(self, reason: str) -> str:
        self.ended = reason
        return reason

    async def act(self, action: Action, at: int | None) -> bool:
        """Send ``action`` (chosen on the position after ``at`` actions); False when the
        connection is down (the choice is then made again on the state that comes back)."""
        client = self.client
        if client is None:
            return False
        try:
            await client.act(action, at)
        except Closed:
            return False
        return True

    async def stop(self) -> None:
        """End the run: the connection is closed, no other try is made."""
        self._stopped.set()
        if self.client is not None:
            await self.client.close()
