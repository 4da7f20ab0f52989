"""``keythedral serve`` in a subprocess on a free localhost port, and what the tests read from it:
its pages, a tab's output over the websocket, the games it started (tests/cli/test_serve.py,
tests/cli/test_net_serve_join.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PLAY_ARGS = ("--players", "Ann", "Bob", "--seed", "3")


def free_port(host: str = "127.0.0.1") -> int:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        s.bind((host.strip("[]"), 0))
        port: int = s.getsockname()[1]
        return port


def wait_for_http(
    url: str,
    proc: subprocess.Popen[bytes] | None = None,
    log: Path | None = None,
    timeout: float = 20.0,
) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            out = log.read_text(errors="replace") if log else ""
            raise AssertionError(f"the server stopped ({proc.returncode}):\n{out}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                return str(resp.read().decode())
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing answered at {url} within {timeout} s")


@dataclass
class Server:
    """A ``keythedral serve`` running in a subprocess: its address, process and log file."""

    url: str
    proc: subprocess.Popen[bytes]
    log: Path

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def running_server(tmp: Path, *options: str, host: str = "127.0.0.1") -> Iterator[Server]:
    """Start ``keythedral serve --host HOST --port FREE OPTIONS -- PLAY_ARGS``; stop it after."""
    port = free_port(host)
    env = dict(os.environ, KEYTHEDRAL_DATA_DIR=str(tmp / "data"))
    env.pop("NO_COLOR", None)
    log = tmp / f"serve-{port}.log"
    with log.open("wb") as out:  # a file, not a pipe: a long log never blocks the server
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "keythedral",
                "serve",
                "--host",
                host,
                "--port",
                str(port),
                *options,
                "--",
                *PLAY_ARGS,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,  # the server and the apps it starts are stopped together
        )
    name = f"[{host.strip('[]')}]" if ":" in host else host
    server = Server(f"http://{name}:{port}", proc, log)
    try:
        wait_for_http(server.url + "/", proc, log)
        yield server
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


async def app_output(
    url: str, until: tuple[bytes, ...], timeout: float = 20.0, path: str = "/ws"
) -> bytes:
    import aiohttp

    ws_url = url.replace("http:", "ws:") + path + "?width=100&height=32"
    got = b""
    async with aiohttp.ClientSession() as session, session.ws_connect(ws_url) as ws:
        deadline = time.monotonic() + timeout
        while not all(u in got for u in until) and time.monotonic() < deadline:
            with contextlib.suppress(asyncio.TimeoutError):
                msg = await ws.receive(timeout=1)
                if msg.type == aiohttp.WSMsgType.BINARY:
                    got += msg.data
                elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    break
        await ws.send_str(json.dumps(["stdin", "\x11"]))  # ctrl+q
    return got


def processes() -> dict[int, int]:
    """Every running process here (zombies have ended): pid -> parent pid."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state, ppid = (entry / "stat").read_text().rpartition(")")[2].split()[:2]
        except OSError:  # it ended meanwhile
            continue
        if state != "Z":
            found[int(entry.name)] = int(ppid)
    return found


def games_of(server: Server) -> set[int]:
    """The processes the server started (and theirs), running now."""
    procs = processes()
    found: set[int] = set()
    parents = {server.proc.pid}
    while parents:
        parents = {pid for pid, ppid in procs.items() if ppid in parents} - found
        found |= parents
    return found
