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
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from keythedral.cli import serve
from keythedral.net import address
from keythedral.tui.widgets.map_looks import FIELD_COLOURS
from tests.support.serve import (
    Server,
    app_output,
    games_of,
    processes,
    running_server,
    wait_for_http,
)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
BOARD_EDGE = "╱───"  # the top of a field on the map (at any zoom level with boxes)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A running ``keythedral serve`` on a free localhost port (default options)."""
    with running_server(tmp_path_factory.mktemp("serve")) as running:
        yield running


# --- without a server --------------------------------------------------------------------
def test_loopback_addresses() -> None:
    assert address.is_loopback("127.0.0.1") and address.is_loopback("localhost")
    assert address.is_loopback("::1") and address.is_loopback("[::1]")
    assert not address.is_loopback("0.0.0.0") and not address.is_loopback("192.168.1.5")
    assert not address.is_loopback("example.org")


def test_each_tab_runs_this_python_on_this_package() -> None:
    cmd = serve.app_command(["--players", "Ann Lee", "Bob"], python="/x/python")
    assert cmd == "/x/python -m keythedral --players 'Ann Lee' Bob"


def test_public_url_never_hands_out_the_any_address() -> None:
    assert address.public_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert address.public_url("::1", 80) == "http://[::1]"
    assert address.public_url("[::1]", 8000) == "http://[::1]:8000"
    assert address.public_url("0.0.0.0", 1, "https://kt.example/") == "https://kt.example"
    for everywhere in ("0.0.0.0", "::", "[::]"):
        with pytest.raises(ValueError, match="--public-url http://"):
            address.public_url(everywhere, 9000)
    with pytest.raises(ValueError, match="not an http"):
        address.public_url("127.0.0.1", 1, "kt.example")


def test_only_this_servers_pages_and_names_are_trusted() -> None:
    origins, hosts = address.trusted_addresses("127.0.0.1", 8000, "http://127.0.0.1:8000")
    assert origins == {"http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"}
    assert address.origin_of("HTTP://LocalHost:8000") in origins
    for foreign in ("http://evil.example.com", "http://127.0.0.1:8001", "https://127.0.0.1:8000"):
        assert address.origin_of(foreign) not in origins
    assert address.origin_of("null") == "" and address.origin_of("http://x:99999") == ""
    assert {"127.0.0.1:8000", "localhost:8000", "[::1]:8000"} <= hosts
    assert "evil.example.com:8000" not in hosts

    # Behind a proxy: its public name (with or without the default port), and loopback.
    origins, hosts = address.trusted_addresses("127.0.0.1", 8000, "https://KT.example/games")
    assert (
        "https://kt.example" in origins and address.origin_of("https://kt.example:443") in origins
    )
    assert {"kt.example", "kt.example:443", "127.0.0.1:8000"} <= hosts

    # A server on one outside address trusts that address only (another local server's
    # page, at 127.0.0.1 on the same port, is not this server's).
    origins, hosts = address.trusted_addresses("192.168.1.5", 8000, "http://192.168.1.5:8000")
    assert origins == {"http://192.168.1.5:8000"}
    assert hosts == {"192.168.1.5:8000"}


def test_a_tab_asks_for_a_screen_within_bounds() -> None:
    from keythedral.cli import serve_web

    screen_size = serve_web.screen_size
    assert screen_size("120", "40") == (120, 40)
    assert screen_size("3000", "3000") == (serve_web.MAX_WIDTH, serve_web.MAX_HEIGHT) == (500, 200)
    assert screen_size(-5, 0) == (1, 1)
    assert screen_size(None, "1e9") == (80, 24)


def test_defaults_bind_to_localhost_and_a_wider_host_is_warned_about(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve, "serve", lambda *a, **k: calls.append((*a, k)))
    assert serve.main([]) == 0
    host, port, play_args, options = calls[-1]
    assert (host, port, play_args) == ("127.0.0.1", 8000, [])
    assert options["max_sessions"] == serve.DEFAULT_MAX_SESSIONS == 6
    assert "WARNING" not in capsys.readouterr().err

    url = "http://192.168.1.5:9000"
    argv = ["--host", "0.0.0.0", "--port", "9000", "--public-url", url, "--", "--seed", "4"]
    assert serve.main(argv) == 0
    host, port, play_args, options = calls[-1]
    assert (host, port, play_args, options["url"]) == ("0.0.0.0", 9000, ["--seed", "4"], url)
    assert "no authentication" in capsys.readouterr().err

    assert serve.main(["--port", "0"]) == 2
    assert serve.main(["--max-sessions", "0"]) == 2
    assert "at least 1" in capsys.readouterr().err
    assert serve.main(["--max-sessions", "2"]) == 0
    assert calls[-1][-1]["max_sessions"] == 2


def test_ipv6_hosts_are_taken_with_or_without_brackets(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve, "serve", lambda *a, **k: calls.append((*a, k)))
    assert serve.main(["--host", "[::1]"]) == 0
    assert serve.main(["--host", "::1"]) == 0
    assert [c[0] for c in calls] == ["::1", "::1"]  # what the server binds to
    assert "WARNING" not in capsys.readouterr().err  # ::1 is this machine only


def test_every_interface_needs_a_public_url(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(serve, "serve", lambda *a, **k: calls.append((*a, k)))
    for everywhere in ("0.0.0.0", "::", "[::]"):
        assert serve.main(["--host", everywhere, "--port", "9000"]) == 2
        err = capsys.readouterr().err
        assert "--public-url http://" in err and ":9000" in err, err
        assert "Traceback" not in err
    assert serve.main(["--public-url", "kt.example"]) == 2
    assert "not an http" in capsys.readouterr().err
    assert calls == []


def test_a_port_in_use_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = dict(os.environ, KEYTHEDRAL_DATA_DIR=str(tmp_path))
        cmd = [sys.executable, "-m", "keythedral", "serve", "--port", str(port)]
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stdout + done.stderr


# --- a real server -----------------------------------------------------------------------
def test_the_page_is_served_on_localhost(server: Server) -> None:
    page = wait_for_http(server.url + "/")
    assert "<div>Keythedral</div>" in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{server.port}/ws"' in page


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


def test_the_server_listens_on_loopback_only(server: Server) -> None:
    found = _listening_addresses(server.port)
    if not Path("/proc/net/tcp").exists():  # pragma: no cover
        pytest.skip("no /proc/net/tcp here")
    assert found == {"0100007F"}, found  # 127.0.0.1, little-endian hex


def test_a_tab_gets_its_own_game_over_the_websocket(server: Server) -> None:
    out = asyncio.run(app_output(server.url, (BOARD_EDGE.encode(), b"Ann")))
    text = out.decode("utf-8", errors="replace")
    assert BOARD_EDGE in text, text[-2000:]
    assert "Ann" in text


# --- what the server does not trust ------------------------------------------------------
def _handshake(server: Server, query: str = "", origin: str | None = None) -> int:
    """Open the websocket with aiohttp; its HTTP status (101 when it was accepted)."""
    import aiohttp

    async def go() -> int:
        async with aiohttp.ClientSession() as session:
            try:
                ws = await session.ws_connect(server.url + "/ws" + query, origin=origin)
            except aiohttp.WSServerHandshakeError as refused:
                return refused.status
            await ws.close()
            return 101

    return asyncio.run(go())


def test_a_page_from_another_site_cannot_open_a_game(server: Server) -> None:
    assert _handshake(server, origin="http://evil.example.com") == 403
    assert _handshake(server, origin=f"http://evil.example.com:{server.port}") == 403
    assert _handshake(server, origin="null") == 403
    # This server's own pages may, under any of its loopback names; so may a client (not a
    # browser) that sends no Origin at all.
    assert _handshake(server, origin=server.url) == 101
    assert _handshake(server, origin=f"http://localhost:{server.port}") == 101
    assert _handshake(server) == 101


def test_the_server_answers_only_to_its_own_names(server: Server) -> None:
    """DNS rebinding: evil.example.com resolving to 127.0.0.1 still names the wrong host."""

    def status(host: str) -> int:
        req = urllib.request.Request(server.url + "/", headers={"Host": host})
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return int(resp.status)
        except urllib.error.HTTPError as refused:
            return refused.code

    assert status(f"evil.example.com:{server.port}") == 403
    assert status(f"localhost:{server.port}") == 200
    assert status(f"127.0.0.1:{server.port}") == 200


def test_a_request_with_no_host_is_refused_as_a_wrong_host_is(server: Server) -> None:
    """HTTP/1.0 needs no Host: such a request names no host of this server, and is refused."""

    def answer(request: bytes) -> bytes:
        with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
            sock.sendall(request)
            got = b""
            while chunk := sock.recv(65536):
                got += chunk
            return got

    assert answer(b"GET / HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 403")
    named = f"GET / HTTP/1.0\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
    assert answer(named).startswith(b"HTTP/1.0 200")


def test_the_static_files_are_served_but_their_folders_not_listed(server: Server) -> None:
    def status(path: str) -> int:
        try:
            with urllib.request.urlopen(server.url + path, timeout=10) as resp:
                return int(resp.status)
        except urllib.error.HTTPError as refused:
            return refused.code

    assert status("/static/js/textual.js") == 200
    for folder in ("/static/", "/static", "/static/js", "/static/js/", "/static/css/"):
        assert status(folder) == 404, folder


def test_a_tab_left_alone_ends_and_frees_its_place(tmp_path: Path) -> None:
    """Nothing typed (the page's pings do not count): the tab is closed, saying why, and the
    server is no longer full."""
    import aiohttp

    async def go(url: str) -> tuple[int | None, str]:
        async with aiohttp.ClientSession() as session:
            ws = await session.ws_connect(url.replace("http:", "ws:") + "/ws", origin=url)
            pongs = 0
            while True:
                await ws.send_str(json.dumps(["ping", str(pongs)]))
                msg = await ws.receive(timeout=60)
                if msg.type == aiohttp.WSMsgType.TEXT and json.loads(msg.data)[0] == "pong":
                    pongs += 1
                    await asyncio.sleep(0.2)
                if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    assert pongs >= 1  # the page's pings were answered, and did not count
                    return ws.close_code, str(msg.extra)

    with running_server(tmp_path, "--max-sessions", "1", "--idle-minutes", "0.02") as running:
        code, why = asyncio.run(go(running.url))
        assert code == 1001 and "nothing was typed" in why
        wait_until("the game ended", lambda: "nothing was typed for" in running.output())
        assert wait_for_http(running.url + "/")  # 200: not full any more


def wait_until(what: str, check: Any, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.1)


@contextlib.contextmanager
def raw_tab(server: Server, query: str) -> Iterator[tuple[socket.socket, set[int]]]:
    """A websocket opened by hand, as a script would; yields it and the game it started."""
    if not Path("/proc/self/stat").exists():  # pragma: no cover
        pytest.skip("no /proc here")
    before = games_of(server)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /ws{query} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(request.encode())
        assert sock.recv(4096).startswith(b"HTTP/1.1 101"), server.output()[-2000:]
        new: set[int] = set()

        def started() -> bool:
            new.update(games_of(server) - before)
            return bool(new)

        wait_until("the tab's game started", started)
        yield sock, new


def test_a_tab_cannot_ask_for_a_huge_screen(server: Server) -> None:
    def sizes(game: set[int]) -> set[tuple[int, int]]:
        out = set()
        for pid in game:
            env = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
            found = dict(v.split(b"=", 1) for v in env if b"=" in v)
            if b"ROWS" in found:  # a process seen between fork and exec has the old environment
                out.add((int(found[b"COLUMNS"]), int(found[b"ROWS"])))
        return out

    with raw_tab(server, "?width=3000&height=3000") as (_, game):
        wait_until("the game's own environment", lambda: bool(sizes(game)))
        assert sizes(game) == {(500, 200)}


def test_a_dropped_tab_leaves_no_game_behind(server: Server) -> None:
    def drawing(sock: socket.socket) -> bool:
        """The game's screen is arriving (100 KB of it wait unread), not just its first bytes."""
        try:
            return len(sock.recv(1 << 20, socket.MSG_PEEK | socket.MSG_DONTWAIT)) >= 100_000
        except BlockingIOError:
            return False

    with raw_tab(server, "?width=3000&height=3000") as (sock, game):
        # The tab reads nothing: the game's first screen piles up on the way to it ...
        wait_until("the game drew its screen", lambda: drawing(sock))
        # ... and leaving this block drops the connection without a word, as a killed browser.
    wait_until(f"the game {game} ended", lambda: not game & games_of(server))
    wait_until("the server logged it", lambda: f"game {min(game)} for" in server.output())
    assert "Traceback" not in server.output(), server.output()[-3000:]


@pytest.mark.parametrize(
    ("on_sigterm", "ended", "returncode"),
    [("signal.SIG_DFL", "terminated", -signal.SIGTERM), ("signal.SIG_IGN", "killed", -9)],
)
def test_a_game_that_will_not_quit_is_ended_anyway(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, on_sigterm: str, ended: str, returncode: int
) -> None:
    """A game that ignores "quit" is terminated; one that ignores SIGTERM too is killed."""
    from textual_serve.download_manager import DownloadManager

    from keythedral.cli import serve_web

    monkeypatch.setattr(serve_web, "GRACE", 0.5)
    ready = tmp_path / "ready"
    code = (
        f"import pathlib, signal, time; signal.signal(signal.SIGTERM, {on_sigterm}); "
        f"print('__GANGLION__', flush=True); pathlib.Path({str(ready)!r}).touch(); time.sleep(120)"
    )

    async def nowhere(data: Any = None) -> None:
        pass

    async def go() -> tuple[str, int | None]:
        game = serve_web.AppProcess(
            shlex.join([sys.executable, "-c", code]),
            write_bytes=nowhere,
            write_str=nowhere,
            close=nowhere,
            download_manager=DownloadManager(),
        )
        await game.start(80, 24)
        await asyncio.to_thread(wait_until, "the game started", ready.exists)
        await game.stop()
        return game.ended, game._process.returncode if game._process else None

    assert asyncio.run(go()) == (ended, returncode)


def test_the_number_of_games_is_capped(tmp_path: Path) -> None:
    import aiohttp

    async def first_bytes(ws: aiohttp.ClientWebSocketResponse) -> bytes:
        msg = await ws.receive(timeout=20)
        assert msg.type == aiohttp.WSMsgType.BINARY, msg
        data: bytes = msg.data
        return data

    def index_status(url: str) -> int:
        try:
            with urllib.request.urlopen(url + "/", timeout=10) as resp:
                return int(resp.status)
        except urllib.error.HTTPError as full:
            assert "Close the tab of a game" in full.read().decode()
            return full.code

    async def go(url: str) -> None:
        ws_url = url.replace("http:", "ws:") + "/ws"
        async with aiohttp.ClientSession() as session:
            one = await session.ws_connect(ws_url, origin=url)
            assert await first_bytes(one)
            assert await asyncio.to_thread(index_status, url) == 503
            two = await session.ws_connect(ws_url, origin=url)
            msg = await two.receive(timeout=20)
            assert msg.type == aiohttp.WSMsgType.CLOSE, msg
            assert two.close_code == aiohttp.WSCloseCode.TRY_AGAIN_LATER
            assert "full" in msg.extra
            await one.close()  # a tab closes: its place is free again
            await asyncio.to_thread(
                wait_until, "a place came free", lambda: index_status(url) == 200
            )
            three = await session.ws_connect(ws_url, origin=url)
            assert await first_bytes(three)
            await three.close()

    with running_server(tmp_path, "--max-sessions", "1") as running:
        asyncio.run(go(running.url))


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:  # pragma: no cover
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback here")
def test_the_server_runs_on_ipv6_loopback(tmp_path: Path) -> None:
    with running_server(tmp_path, host="[::1]") as running:
        assert running.url.startswith("http://[::1]:")
        page = wait_for_http(running.url + "/")
        assert f'data-session-websocket-url="ws://[::1]:{running.port}/ws"' in page
        assert _handshake(running, origin=running.url) == 101


def test_stopping_the_server_ends_its_games(tmp_path: Path) -> None:
    with running_server(tmp_path) as running, raw_tab(running, "") as (_, game):
        running.proc.send_signal(signal.SIGTERM)  # the server only, not its process group
        running.proc.wait(timeout=30)
        wait_until(f"the game {game} ended", lambda: not game & set(processes()))
        assert "Traceback" not in running.output(), running.output()[-3000:]


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


async def _browse(url: str, devtools: int, shot: Path) -> tuple[str, list[int]]:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        async with session.get(f"http://127.0.0.1:{devtools}/json/list") as resp:
            targets = await resp.json()
        page = next(t for t in targets if t["type"] == "page")
        async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as ws:
            cdp = Cdp(ws)
            await cdp("Page.enable")
            await cdp("Page.addScriptToEvaluateOnNewDocument", source=HOOK)
            await cdp("Page.navigate", url=url + "/")
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
def test_headless_chromium_shows_the_board(server: Server, tmp_path: Path) -> None:
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
        text, counts = asyncio.run(_browse(server.url, devtools, shot))
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert BOARD_EDGE in text, f"the page's terminal never received the map: {text[-1000:]!r}"
    assert "Ann" in text
    # The start cross is drawn: at least two kinds of field fill the page in their colours.
    painted = [name for name, n in zip(FIELD_COLOURS, counts, strict=True) if n > 150]
    assert len(painted) >= 2, (dict(zip(FIELD_COLOURS, counts, strict=True)), str(shot))
