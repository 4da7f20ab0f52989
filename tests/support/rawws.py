"""A websocket client's bytes by hand, for tests and benchmarks that play a misbehaving client
(an upgrade that never says hello, a hello that never answers the close): the net tests and
``bench/bench_net.py --abuse`` share them."""

from __future__ import annotations

import base64
import os


def masked(text: str) -> bytes:
    """A client's websocket text frame (clients mask theirs)."""
    data, mask = text.encode(), os.urandom(4)
    size = bytes([0x80 | len(data)]) if len(data) < 126 else b"\xfe" + len(data).to_bytes(2, "big")
    return b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def upgrade(port: int) -> bytes:
    """The HTTP request that opens a websocket on the host at ``port``."""
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()
