"""The web server behind ``keythedral serve``: textual-serve, with the holes closed.

textual-serve starts a process per websocket and trusts whoever opens one.  This subclass:

* refuses requests whose ``Host`` is not an address of this server (DNS rebinding), and
  websockets whose ``Origin`` is another site's page (any page open in the user's browser
  could otherwise start games on 127.0.0.1 and type into them);
* bounds the screen a tab may ask for (:func:`screen_size`);
* ends a tab's game process whenever its connection goes, however it goes: the app is asked
  to quit, then terminated, then killed;
* runs at most ``max_sessions`` games at once, and says so when full;
* ends a tab's game when nothing is typed in it for ``idle_minutes``, so that idle tabs do not
  keep it full; refuses requests with no ``Host``, and lists no folder of its static files.

It is imported only by :func:`keythedral.cli.serve.serve`, so that ``keythedral`` itself never
loads aiohttp.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import shlex
import signal
import time
from asyncio.subprocess import PIPE, Process
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.web import BaseRequest, StreamResponse
from rich.markup import escape
from textual_serve.app_service import AppService
from textual_serve.server import LOGO, Server

from keythedral import lang
from keythedral.cli.netplay import TOKEN_VARIABLE
from keythedral.lang import N_, _, ngettext
from keythedral.net.address import origin_of
from keythedral.net.guard import HEADER_TIMEOUT, quiet_errors

log = logging.getLogger("keythedral.cli.serve")

#: Seconds a game has to quit when asked, and again to stop after SIGTERM, before it is killed.
GRACE = 2.0

#: A websocket's close reasons: at most 123 bytes (the protocol's limit), so not translated
#: (a translation may be longer); the page shows its own words.
FULL_REASON = "keythedral serve is full: close another game's tab, then reload"
IDLE_REASON = "nothing was typed in this tab for a long while: reload the page to play again"
#: Minutes a tab may go without a key, a click or a resize before its game is ended (the
#: README says so; --idle-minutes changes it).
DEFAULT_IDLE_MINUTES = 30.0

#: The page of a full server; its words are filled in by :func:`full_page`.
FULL_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{title}</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:3em">
<h1>Keythedral</h1>
<p>{in_use}</p>
<p>{close}</p>
</body></html>
"""


def full_page(n: int) -> str:
    """The page of a server running all the ``n`` games it may, in the language in use."""
    # I18N: {n} is how many games the server runs at once.  (The English keeps "games" for
    # one too.)
    in_use = ngettext(
        "All {n} games this server runs at once are in use.",
        "All {n} games this server runs at once are in use.",
        n,
    )
    return FULL_PAGE.format(
        # I18N: a web page's title.
        title=_("Keythedral: server full"),
        in_use=in_use.format(n=n),
        close=_("Close the tab of a game you have finished, then reload this page."),
    )


#: The largest screen a tab may ask for, in cells; more only costs memory and time.
MAX_WIDTH, MAX_HEIGHT = 500, 200


def screen_size(width: object, height: object) -> tuple[int, int]:
    """A tab's screen, as asked, within 1..MAX_WIDTH by 1..MAX_HEIGHT (80 by 24 if unreadable)."""

    def clamp(value: object, default: int, largest: int) -> int:
        try:
            number = int(str(value))
        except ValueError:
            return default
        return max(1, min(number, largest))

    return clamp(width, 80, MAX_WIDTH), clamp(height, 24, MAX_HEIGHT)


class AppProcess(AppService):
    """One tab's game: run without a shell, and always ended by :meth:`stop`."""

    #: How :meth:`stop` ended the game: "quit", "terminated" or "killed".
    ended = ""
    #: Variables added to the game's environment (a seat's token: never on its command line,
    #: which every user of the machine can read).
    extra_env: dict[str, str] = {}  # (replaced whole, never changed in place)

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        # No shell between us and the app: a signal sent to the process reaches the game.
        env = {**self._build_environment(width=width, height=height), **self.extra_env}
        self._process = process = await asyncio.create_subprocess_exec(
            *shlex.split(self.command), stdin=PIPE, stdout=PIPE, stderr=PIPE, env=env
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def set_terminal_size(self, width: int, height: int) -> None:
        await super().set_terminal_size(*screen_size(width, height))

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process else None

    async def stop(self) -> None:
        """Ask the game to quit; terminate it if it has not within GRACE, kill it if still there.

        (textual-serve's own ``stop`` waits for the game's output to end, which never comes
        from a game stuck writing to a tab that is gone.)
        """
        process, task, self._task = self._process, self._task, None
        if process is None or task is None:  # never started, or stopped already
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        with contextlib.suppress(Exception):  # its input may be closed, or full
            await asyncio.wait_for(self.send_meta({"type": "quit"}), GRACE)
        self.ended = await end_process(process)
        # The reader of its output ends with it, unless it is stuck sending to a lost tab.
        if not (await asyncio.wait({task}, timeout=GRACE))[0]:
            task.cancel()
            await asyncio.wait({task})
        if not task.cancelled() and task.exception():
            log.debug("game %s: %r", process.pid, task.exception())


async def end_process(process: Process) -> str:
    """Wait GRACE for ``process`` to exit, then terminate it, then kill it; say which it took."""
    for how, then in (("quit", process.terminate), ("terminated", process.kill)):
        try:
            await asyncio.wait_for(process.wait(), GRACE)
            return how
        except TimeoutError:  # a game stuck writing its output ignores its first SIGTERM
            with contextlib.suppress(ProcessLookupError):
                then()
    await process.wait()
    return "killed"


class KeythedralServer(Server):
    """textual-serve's server, checking who asks and how many games run."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        public_url: str,
        origins: set[str],
        hosts: set[str],
        max_sessions: int,
    ) -> None:
        super().__init__(command, host=host, port=port, title="Keythedral", public_url=public_url)
        self.origins = origins
        self.hosts = hosts
        self.max_sessions = max_sessions
        self.tabs: set[web.WebSocketResponse] = set()
        self.join: str | None = None  # the hosted game /join opens seats of (join's URL)
        self.tickets = Tickets()
        self.idle_minutes = DEFAULT_IDLE_MINUTES  # a tab nothing is typed into ends after it

    def serve(self, debug: bool = False) -> None:
        """textual-serve's ``serve``, but the address is announced once the port is open."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows
                loop.add_signal_handler(signum, self.request_exit)
        quiet_errors(loop)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=self.announce,
            access_log_class=QuietAccessLogger,
            keepalive_timeout=HEADER_TIMEOUT,  # slow headers, and idle keep-alives, end
        )

    async def on_startup(self, app: web.Application) -> None:
        """(textual-serve announces itself here, before it knows that it can listen.)"""

    def announce(self, *_args: object) -> None:
        self.console.print(LOGO, highlight=False)
        # I18N: {url} is the address of the server.
        self.console.print(_("Serving Keythedral on {url}").format(url=self.public_url))
        # I18N: {n} is how many games may run at once, {minutes} a number of minutes (30).
        # (The English keeps "games" for one too.)
        most = ngettext(
            "At most {n} games at once; a game nothing is typed into for {minutes} minutes ends.",
            "At most {n} games at once; a game nothing is typed into for {minutes} minutes ends.",
            self.max_sessions,
        ).format(n=self.max_sessions, minutes=lang.number(self.idle_minutes))
        self.console.print(escape(most) + " [cyan]" + escape(_("Ctrl+C to quit")))

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()

        @web.middleware
        async def check_host(
            request: web.Request,
            handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
        ) -> web.StreamResponse:
            host = request.headers.get("Host")
            if host is None or host.lower() not in self.hosts:  # none: HTTP/1.0, or a script
                log.warning("refused %s: it asked for host %r", request.remote, host)
                # I18N: {url} is the address of the server.
                only = _("This keythedral server answers at {url} only.")
                raise web.HTTPForbidden(text=only.format(url=self.public_url) + "\n")
            if self._is_folder(request.path):  # textual-serve would list what it holds
                raise web.HTTPNotFound()
            return await handler(request)

        app.middlewares.append(check_host)
        app.router.add_get("/join", self.handle_join)
        app.router.add_get("/ws/join/{ticket}", self.handle_join_websocket)
        return app

    def _is_folder(self, path: str) -> bool:
        """Whether ``path`` names a folder of the static files (or their top)."""
        if path != "/static" and not path.startswith("/static/"):
            return False
        inside = path.removeprefix("/static").strip("/")
        return not inside or (Path(self.statics_path) / inside).is_dir()

    def is_full(self) -> bool:
        return len(self.tabs) >= self.max_sessions

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.is_full():
            return web.Response(
                status=503,
                text=full_page(self.max_sessions),
                content_type="text/html",
                headers={"Retry-After": "30"},
            )
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        return await self._run_tab(request, self.command, {})

    async def _run_tab(
        self, request: web.Request, command: str, env: dict[str, str]
    ) -> web.WebSocketResponse:
        """A tab's websocket: ``command`` run for it (with ``env`` added to its environment)
        until either side ends."""
        origin = request.headers.get("Origin")
        if origin is not None and origin_of(origin) not in self.origins:
            log.warning("refused a websocket from %s: its page is %s", request.remote, origin)
            raise web.HTTPForbidden(
                text=_("Pages from other sites may not open games here.") + "\n"
            )
        websocket = web.WebSocketResponse(heartbeat=15)
        if self.is_full():
            log.warning("refused a game for %s: %d are running", request.remote, len(self.tabs))
            await websocket.prepare(request)
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=FULL_REASON.encode())
            return websocket
        width, height = screen_size(request.query.get("width"), request.query.get("height"))
        self.tabs.add(websocket)  # before any await: the count is never overrun
        running = f"{len(self.tabs)} of {self.max_sessions}"

        async def close() -> None:  # the game quit (ctrl+q): so does its tab
            await websocket.close()

        game = AppProcess(
            command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        game.extra_env = env
        how = "its connection closed"
        try:
            await websocket.prepare(request)
            await game.start(width, height)
            log.info("game %s started for %s (%s running)", game.pid, request.remote, running)
            if await self._messages(websocket, game) == "idle":
                how = f"nothing was typed for {self.idle_minutes:g} minutes"
        except Exception as error:  # a lost connection, or a message no page of ours sends
            how = f"{type(error).__name__}: {error}"
        finally:
            await game.stop()
            self.tabs.discard(websocket)
            log.info("game %s for %s %s: %s", game.pid, request.remote, game.ended or "ended", how)
        return websocket

    async def _messages(self, websocket: web.WebSocketResponse, game: AppProcess) -> str:
        """What the tab's page sends, handed to its game until either side ends ("closed"),
        or until the player has done nothing for ``idle_minutes`` ("idle": the tab is closed,
        its page says "Session ended", and its place is free for someone else).  The page's
        own pings keep the connection up, not the game."""
        loop = asyncio.get_running_loop()
        idle = self.idle_minutes * 60
        deadline = loop.time() + idle
        while True:
            try:
                message = await websocket.receive(timeout=max(deadline - loop.time(), 0.001))
            except TimeoutError:
                await websocket.close(code=WSCloseCode.GOING_AWAY, message=IDLE_REASON.encode())
                return "idle"
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return "closed"
            if message.type == WSMsgType.ERROR:
                raise ConnectionError(str(message.data))
            if message.type != WSMsgType.TEXT:
                continue
            envelope = json.loads(message.data)
            if not isinstance(envelope, list) or len(envelope) < 2:
                continue
            kind, data = envelope[0], envelope[1]
            if kind == "ping":
                await websocket.send_json(["pong", data])
                continue
            deadline = loop.time() + idle  # the player did something
            if kind == "stdin" and isinstance(data, str):
                await game.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await game.set_terminal_size(data.get("width", 80), data.get("height", 24))
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()

    # --- a seat of a hosted game: /join?token=T --------------------------------------------
    async def handle_join(self, request: web.Request) -> web.StreamResponse:
        """The page of a hosted game's seat: the token is checked for its form (a wrong one
        is refused by the game itself, in the tab), exchanged for a ticket the page's websocket
        uses once, and never written anywhere: not in the page, not in a log, not on the
        command line of the game the tab runs (its environment holds it)."""
        if self.join is None:
            return _page(404, "No hosted game here", join_page(JOIN_NONE))
        token = request.query.get("token", "")
        if not TOKEN_FORM.fullmatch(token):
            log.warning("refused a join page for %s: no seat token", request.remote)
            return _page(403, "A seat token is needed", join_page(JOIN_NO_TOKEN))
        if self.is_full():
            return _page(503, "Keythedral: server full", full_page(self.max_sessions))
        ticket = self.tickets.issue(token)
        if ticket is None:
            log.warning("refused a join page for %s: too many are waiting", request.remote)
            return _page(503, "Keythedral: join pages waiting", join_page(JOIN_BUSY))
        context = self._page_context(f"/ws/join/{ticket}", request)
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers.update(PRIVATE_PAGE)
        return response

    async def handle_join_websocket(self, request: web.Request) -> web.WebSocketResponse:
        token = self.tickets.redeem(request.match_info["ticket"])
        if token is None or self.join is None:
            log.warning("refused a join websocket for %s: no such ticket", request.remote)
            again = _("Open the join page again (keythedral serve /join).")
            raise web.HTTPForbidden(text=again + "\n")
        command = join_command(self.command, self.join)
        return await self._run_tab(request, command, {TOKEN_VARIABLE: token})

    def _page_context(self, websocket_path: str, request: web.Request) -> dict[str, Any]:
        """textual-serve's page, its terminal connecting to ``websocket_path``."""
        scheme = "wss" if self.public_url.startswith("https") else "ws"
        static = request.app.router["static"].url_for(filename="/")
        return {
            "font_size": 16,
            "app_websocket_url": f"{scheme}:{self.public_url.split(':', 1)[1]}{websocket_path}",
            "config": {"static": {"url": f"{self.public_url}{static}".rstrip("/") + "/"}},
            "application": {"name": self.title},
        }

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab, so that each handler ends its game before the server stops."""
        await asyncio.gather(
            *(
                ws.close(code=WSCloseCode.GOING_AWAY, message=b"server stopped")
                for ws in list(self.tabs)
            ),
            return_exceptions=True,
        )


# --- joining a hosted game from a browser tab ---------------------------------------------------
#: A seat token as keythedral host makes them (secrets.token_urlsafe: 22 characters).
TOKEN_FORM = re.compile(r"[A-Za-z0-9_-]{16,64}")

#: Seconds a join page's ticket may wait for its websocket.
TICKET_LIFE = 120.0
MAX_TICKETS = 64
#: The join page's URL holds the token: not kept by caches, not sent on to any other site.
PRIVATE_PAGE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}

#: The pages of /join when it opens no game: the page, and what it says (HTML, marked with
#: N_; the line breaks are the page source's only).
JOIN_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Keythedral</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:3em">
<h1>Keythedral</h1><p>{text}</p>
</body></html>
"""
# I18N: HTML: keep the <code> tags and what is in them.
JOIN_NONE = N_(
    "This server opens no hosted game: start it with\n"
    "<code>keythedral serve --join ws://HOST:PORT</code> (the address keythedral host printed)."
)
# I18N: HTML: keep the <code> tags and what is in them.
JOIN_NO_TOKEN = N_(
    "This address opens a seat of a hosted game: it needs that seat's token,\n"
    "as <code>/join?token=...</code> (the token keythedral host printed for your seat)."
)
JOIN_BUSY = N_(
    "Too many join pages are open and not yet used. Reload this page in a\nminute or two."
)


def join_page(text: str) -> str:
    """A page of /join saying ``text`` (a message marked with N_) in the language in use."""
    return JOIN_PAGE.format(text=_(text))


def _page(status: int, title: str, html: str) -> web.Response:
    return web.Response(status=status, text=html, content_type="text/html", headers=PRIVATE_PAGE)


def join_command(play_command: str, url: str) -> str:
    """The command a join tab runs: this Python, this package, ``keythedral join URL`` (the
    token goes in its environment)."""
    python = shlex.split(play_command)[0]
    return shlex.join([python, "-m", "keythedral", "join", url])


class Tickets:
    """One-use tickets, each standing for a token for a short while: the join page's
    websocket names a ticket, so that the token itself is in no URL after the first.

    A token has one ticket at a time (its page loaded again replaces it), and a ticket is
    never pushed out by others: when MAX_TICKETS tokens wait, a new one is refused until one
    is used or too old.  Strangers with made-up tokens can delay a join page, not undo one."""

    def __init__(self, life: float = TICKET_LIFE) -> None:
        self.life = life
        self._by_token: dict[str, tuple[str, float]] = {}  # token -> (ticket, until)

    def issue(self, token: str) -> str | None:
        """A new ticket for ``token`` (its older one is void); None when too many wait."""
        now = time.monotonic()
        self._by_token = {k: v for k, v in self._by_token.items() if v[1] > now}
        if token not in self._by_token and len(self._by_token) >= MAX_TICKETS:
            return None
        ticket = secrets.token_urlsafe(16)
        self._by_token[token] = (ticket, now + self.life)
        return ticket

    def redeem(self, ticket: str) -> str | None:
        """The ticket's token, once (None if it was never issued, is used or is too old)."""
        given = ticket.encode("utf-8", "surrogatepass")
        for token, (mine, until) in list(self._by_token.items()):
            if secrets.compare_digest(given, mine.encode()):
                del self._by_token[token]
                return token if until > time.monotonic() else None
        return None


class QuietAccessLogger(AbstractAccessLogger):
    """The access log without query strings (a join page's holds a token) and without the
    tickets of join websockets."""

    def log(self, request: BaseRequest, response: StreamResponse, time: float) -> None:
        path = request.path
        if path.startswith("/ws/join/"):
            path = "/ws/join/…"
        self.logger.info(
            '%s "%s %s" %s %.3fs', request.remote, request.method, path, response.status, time
        )
