"""What keeps strangers from holding a server up, for ``keythedral host`` and ``serve`` alike.

* HEADER_TIMEOUT: a connection has that long to send its request's headers (aiohttp's
  ``keepalive_timeout``, which starts when the connection is accepted, closes it otherwise; it
  is also how long an idle keep-alive connection is kept between two requests).
* :class:`Waiting`: the sockets that have not said who they are yet, counted per address, with
  a budget per address and one in all; a socket beyond it is refused before it is upgraded.
* :func:`quiet_errors`: running out of file descriptors is said once on the log, not with a
  traceback for every connection that could not be accepted (asyncio retries a second later
  by itself); a request that is not HTTP is answered 400 without a traceback on the log.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
from collections import Counter
from typing import Any

from aiohttp.http import HttpProcessingError

log = logging.getLogger("keythedral.net")

#: Seconds a connection has to send its request line and headers.
HEADER_TIMEOUT = 5.0
#: Seconds between two "out of file descriptors" lines on the log, at least.
RESOURCE_NOTE_EVERY = 60.0
_OUT_OF = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def address_key(remote: str | None) -> str:
    """Who a connection counts against: its IPv4 address, or its IPv6 /64 (one machine's
    share of a network is a /64, and it has them all)."""
    if not remote:
        return "?"
    try:
        address = ipaddress.ip_address(remote)
    except ValueError:
        return remote
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class Waiting:
    """Sockets waiting to say who they are, counted per key: at most ``each`` a key, and at
    most ``total`` of those counted in the total (keys that stand for a known seat are not)."""

    def __init__(self, each: int, total: int) -> None:
        self.each = each
        self.total = total
        self.count: Counter[str] = Counter()
        self.anonymous = 0

    def admit(self, key: str, *, anonymous: bool = True) -> bool:
        if self.count[key] >= self.each or (anonymous and self.anonymous >= self.total):
            return False
        self.count[key] += 1
        self.anonymous += anonymous
        return True

    def release(self, key: str, *, anonymous: bool = True) -> None:
        self.count[key] -= 1
        if self.count[key] <= 0:
            del self.count[key]
        self.anonymous -= anonymous

    def __len__(self) -> int:
        return sum(self.count.values())


def quiet_errors(loop: asyncio.AbstractEventLoop) -> None:
    """Say "out of file descriptors" on the log once a RESOURCE_NOTE_EVERY at most, with no
    traceback (every other error goes to the handler there was), and leave out aiohttp's
    traceback of each malformed request (a stranger's bytes, answered 400)."""
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, _NotHttp) for f in server_log.filters):
        server_log.addFilter(_NotHttp())
    if getattr(loop.get_exception_handler(), "keythedral_quiet", False):
        return
    previous = loop.get_exception_handler()
    said = [-RESOURCE_NOTE_EVERY]

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if (
            isinstance(error, OSError)
            and error.errno in _OUT_OF
            and "accept" in str(context.get("message", ""))
        ):
            now = loop.time()
            if now - said[0] >= RESOURCE_NOTE_EVERY:
                said[0] = now
                log.error(
                    "Cannot accept connections: %s. New connections wait until some close "
                    "(said once a minute at most).",
                    error.strerror or error,
                )
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    handler.keythedral_quiet = True  # type: ignore[attr-defined]
    loop.set_exception_handler(handler)


class _NotHttp(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not isinstance(error, HttpProcessingError)
