"""keythedral serve: the app in a browser through textual-serve, bound to localhost.

A real server is started on a free localhost port in a subprocess; the page is fetched over
HTTP, the app is driven over its websocket, and (where Debian's chromium is installed, as
``.ci/run`` does) a headless Chromium loads the page and must show the board: the text the
page's terminal received holds the map, and a screenshot of the page shows the field colours.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from keythedral import serve
from keythedral.tui.widgets.board import FIELD_COLOURS

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PLAY_ARGS = ("--players", "Ann", "Bob", "--seed", "3")
BOARD_EDGE = "╱───"  # the top of a field on the map (at any zoom level with boxes)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_for_http(
    url: str, proc: subprocess.Popen[bytes] | None = None, timeout: float = 20.0
) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            out = proc.stdout.read().decode() if proc.stdout else ""
            raise AssertionError(f"the server stopped ({proc.returncode}):\n{out}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                return str(resp.read().decode())
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing answered at {url} within {timeout} s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A running ``keythedral serve`` on a free localhost port; yields its address."""
    port = free_port()
    env = dict(os.environ, KEYTHEDRAL_DATA_DIR=str(tmp_path_factory.mktemp("serve-data")))
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "keythedral", "serve", "--port", str(port), "--", *PLAY_ARGS],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        start_new_session=True,  # the server and the apps it starts are stopped together
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_http(url + "/", proc)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        if proc.stdout:
            proc.stdout.close()


# --- without a server --------------------------------------------------------------------
def test_loopback_addresses() -> None:
    assert serve.is_loopback("127.0.0.1") and serve.is_loopback("localhost")
    assert serve.is_loopback("::1") and serve.is_loopback("[::1]")
    assert not serve.is_loopback("0.0.0.0") and not serve.is_loopback("192.168.1.5")
    assert not serve.is_loopback("example.org")


def test_each_tab_runs_this_python_on_this_package() -> None:
    cmd = serve.app_command(["--players", "Ann Lee", "Bob"], python="/x/python")
    assert cmd == "/x/python -m keythedral --players 'Ann Lee' Bob"


def test_public_url_never_hands_out_the_any_address() -> None:
    assert serve.public_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert serve.public_url("0.0.0.0", 9000) == "http://127.0.0.1:9000"
    assert serve.public_url("::1", 80) == "http://[::1]:80"
    assert serve.public_url("0.0.0.0", 1, "https://kt.example/") == "https://kt.example"


def test_defaults_bind_to_localhost_and_a_wider_host_is_warned_about(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve, "serve", lambda *a, **k: calls.append((*a, k)))
    assert serve.main([]) == 0
    host, port, play_args, _ = calls[-1]
    assert (host, port, play_args) == ("127.0.0.1", 8000, [])
    assert "WARNING" not in capsys.readouterr().err

    assert serve.main(["--host", "0.0.0.0", "--port", "9000", "--", "--seed", "4"]) == 0
    host, port, play_args, _ = calls[-1]
    assert (host, port, play_args) == ("0.0.0.0", 9000, ["--seed", "4"])
    assert "no authentication" in capsys.readouterr().err

    assert serve.main(["--port", "0"]) == 2


# --- a real server -----------------------------------------------------------------------
def test_the_page_is_served_on_localhost(server: str) -> None:
    page = wait_for_http(server + "/")
    assert "<div>Keythedral</div>" in page
    port = server.rsplit(":", 1)[1]
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page


def _listening_addresses(port: int) -> set[str]:
    """Local addresses listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for name in ("tcp", "tcp6"):
        path = Path("/proc/net") / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            addr, hexport = local.split(":")
            if state == "0A" and int(hexport, 16) == port:  # 0A: LISTEN
                found.add(addr)
    return found


def test_the_server_listens_on_loopback_only(server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    found = _listening_addresses(port)
    if not Path("/proc/net/tcp").exists():  # pragma: no cover
        pytest.skip("no /proc/net/tcp here")
    assert found == {"0100007F"}, found  # 127.0.0.1, little-endian hex


async def _app_output(server: str, until: tuple[bytes, ...], timeout: float = 20.0) -> bytes:
    import aiohttp

    ws_url = server.replace("http:", "ws:") + "/ws?width=100&height=32"
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


def test_a_tab_gets_its_own_game_over_the_websocket(server: str) -> None:
    out = asyncio.run(_app_output(server, (BOARD_EDGE.encode(), b"Ann")))
    text = out.decode("utf-8", errors="replace")
    assert BOARD_EDGE in text, text[-2000:]
    assert "Ann" in text


# --- a real browser ----------------------------------------------------------------------
HOOK = """
(() => {
  window.__kt = "";
  const decoder = new TextDecoder();
  const Real = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Real(...args);
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string") window.__kt += decoder.decode(e.data, {stream: true});
    });
    return ws;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, Real);
})();
"""

#: Counts, in the browser, the pixels of a PNG (the page's screenshot) close to each colour.
COUNT_COLOURS = """
(async () => {
  const img = new Image();
  img.src = "data:image/png;base64,%s";
  await img.decode();
  const c = document.createElement("canvas");
  c.width = img.width; c.height = img.height;
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  const px = g.getImageData(0, 0, c.width, c.height).data;
  const want = %s;
  const counts = want.map(() => 0);
  for (let i = 0; i < px.length; i += 4) {
    for (let k = 0; k < want.length; k++) {
      const [r, gg, b] = want[k];
      if (Math.abs(px[i] - r) + Math.abs(px[i + 1] - gg) + Math.abs(px[i + 2] - b) < 12) counts[k]++;
    }
  }
  return JSON.stringify(counts);
})()
"""


class Cdp:
    """The least of the Chrome DevTools Protocol: send a command, await its answer."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.n = 0

    async def __call__(self, method: str, **params: Any) -> dict[str, Any]:
        self.n += 1
        await self.ws.send_json({"id": self.n, "method": method, "params": params})
        while True:
            msg = await self.ws.receive_json(timeout=30)
            if msg.get("id") == self.n:
                if "error" in msg:
                    raise AssertionError(f"{method}: {msg['error']}")
                result: dict[str, Any] = msg.get("result", {})
                return result

    async def js(self, expression: str) -> Any:
        r = await self("Runtime.evaluate", expression=expression, awaitPromise=True)
        return r.get("result", {}).get("value")


def _devtools_port(profile: Path, proc: subprocess.Popen[bytes], timeout: float = 20) -> int:
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"chromium stopped ({proc.returncode})")
        if marker.exists() and marker.read_text().strip():
            return int(marker.read_text().split()[0])
        time.sleep(0.05)
    raise AssertionError("chromium did not open its DevTools port")


async def _browse(server: str, devtools: int, shot: Path) -> tuple[str, list[int]]:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{devtools}/json/list") as resp:
            targets = await resp.json()
        page = next(t for t in targets if t["type"] == "page")
        async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            cdp = Cdp(ws)
            await cdp("Page.enable")
            await cdp("Page.addScriptToEvaluateOnNewDocument", source=HOOK)
            await cdp("Page.navigate", url=server + "/")
            deadline = time.monotonic() + 30
            text = ""
            while time.monotonic() < deadline:
                text = await cdp.js("window.__kt || ''") or ""
                shown = await cdp.js("document.body.classList.contains('-first-byte')")
                if all(w in text for w in (BOARD_EDGE, "Ann")) and shown:
                    break
                await asyncio.sleep(0.2)
            await asyncio.sleep(0.8)  # the terminal fades in (0.3 s) and paints
            png = (await cdp("Page.captureScreenshot", format="png"))["data"]
            shot.write_bytes(base64.b64decode(png))
            colours = [[int(h[i : i + 2], 16) for i in (1, 3, 5)] for h in FIELD_COLOURS.values()]
            counts = json.loads(await cdp.js(COUNT_COLOURS % (png, json.dumps(colours))))
    return text, counts


@pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (.ci/run installs it)"
)
def test_headless_chromium_shows_the_board(server: str, tmp_path: Path) -> None:
    profile = Path(tempfile.mkdtemp(prefix="kt-chromium-", dir=tmp_path))
    proc = subprocess.Popen(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "--window-size=1100,760",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        devtools = _devtools_port(profile, proc)
        shot = tmp_path / "serve.png"
        text, counts = asyncio.run(_browse(server, devtools, shot))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert BOARD_EDGE in text, f"the page's terminal never received the map: {text[-1000:]!r}"
    assert "Ann" in text
    # The start cross is drawn: at least two kinds of field fill the page in their colours.
    painted = [name for name, n in zip(FIELD_COLOURS, counts, strict=True) if n > 150]
    assert len(painted) >= 2, (dict(zip(FIELD_COLOURS, counts, strict=True)), str(shot))
