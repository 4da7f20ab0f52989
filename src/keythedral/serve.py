"""keythedral serve: the same app in a web browser, through textual-serve.

    keythedral serve                       # http://127.0.0.1:8000, a new-game screen per tab
    keythedral serve --port 9000 -- --players Ann Bob --seed 7

Every browser tab that opens the page starts its own ``keythedral`` process (with the play
options given after ``--``), which draws into an xterm.js terminal in the page.  There is no
authentication: whoever can reach the port can play, and can type into a game.  So the server
binds to 127.0.0.1 unless ``--host`` says otherwise, and says so loudly when it is told to
listen beyond this machine.  All tabs share the user's save folder (and autosave), as several
terminals would.

What the server does not trust (see :mod:`keythedral.serve_web`): pages from other sites (a
websocket whose ``Origin`` is not this server is refused), other host names (DNS rebinding),
the screen size a tab asks for (at most MAX_WIDTH x MAX_HEIGHT), tabs that vanish (their
game is ended) and tabs left alone (their game ends after ``--idle-minutes``, 30 by default).
At most ``--max-sessions`` games run at once.

For scripts and tests: :func:`app_command` (the command each tab runs) and :func:`serve`.
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import socket
import sys
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from keythedral.cli_common import run_alone

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: Each game is a process of about 45 MB that wants a share of a core while it draws.
DEFAULT_MAX_SESSIONS = 6
#: The largest screen a tab may ask for, in cells; more only costs memory and time.
MAX_WIDTH, MAX_HEIGHT = 500, 200
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}

NO_AUTH_WARNING = (
    "keythedral serve has no authentication: anyone who can reach {url} can open a "
    "game and type into it. Bind to 127.0.0.1 (the default) unless this network is yours."
)


def listen_host(host: str) -> str:
    """The address to bind to: ``[::1]`` (as written in URLs) is ``::1``."""
    host = host.strip()
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host


def is_loopback(host: str) -> bool:
    """True for names and addresses that only this machine can reach."""
    host = listen_host(host)
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_any_address(host: str) -> bool:
    """True for 0.0.0.0 and ``::``: every interface, which no browser can connect to."""
    host = listen_host(host)
    try:
        return host == "" or ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def app_command(play_args: Sequence[str] = (), python: str | None = None) -> str:
    """The command textual-serve runs for each browser tab: this Python, this package."""
    args = [python or sys.executable, "-m", "keythedral", *play_args]
    return shlex.join(args)


def _netloc(host: str, port: int, default: int | None = None) -> str:
    host = host.lower()
    if ":" in host:
        host = f"[{host}]"
    return host if port == default else f"{host}:{port}"


def _origin(scheme: str, host: str, port: int) -> str:
    return f"{scheme}://{_netloc(host, port, DEFAULT_PORTS[scheme])}"


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL as a browser sends it in ``Origin``; "" if it is none."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        return ""
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return ""
    return _origin(scheme, parts.hostname, port or DEFAULT_PORTS[scheme])


def public_url(host: str, port: int, given: str | None = None) -> str:
    """The address the page tells the browser to connect back to.

    A server bound to every interface (0.0.0.0 or ::) has no such address of its own, so
    there ``--public-url`` must name it (ValueError otherwise, with what to write).
    """
    if given:
        if not origin_of(given).startswith(("http://", "https://")):
            raise ValueError(f"--public-url {given!r} is not an http:// or https:// address")
        return given.rstrip("/")
    if is_any_address(host):
        raise ValueError(
            f"--host {host} listens on every interface, so the page cannot know which address "
            "browsers on other machines reach it at: say it with --public-url, e.g. "
            f"--public-url http://{_this_machine()}:{port}"
        )
    return _origin("http", listen_host(host), port)


def _this_machine() -> str:
    """This machine's address on its network, as a suggestion (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: only picks a route
            address: str = s.getsockname()[0]
            return address
    except OSError:
        return "ADDRESS"


def trusted_addresses(host: str, port: int, url: str) -> tuple[set[str], set[str]]:
    """The origins whose pages may open games, and the ``Host`` values the server answers to.

    These are the public URL's, and, when the server listens on this machine's loopback, those
    of 127.0.0.1, localhost and [::1] at its port (a page only this server can have served).
    """
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    places = [(scheme, parts.hostname or "", parts.port or DEFAULT_PORTS[scheme])]
    if is_loopback(host) or is_any_address(host):
        places += [("http", name, port) for name in LOOPBACK_NAMES]
    origins = {_origin(*place) for place in places}
    hosts = {_netloc(name, at, DEFAULT_PORTS[s]) for s, name, at in places}
    hosts |= {_netloc(name, at) for _, name, at in places}  # with the default port written
    return origins, hosts


def screen_size(width: object, height: object) -> tuple[int, int]:
    """A tab's screen, as asked, within 1..MAX_WIDTH by 1..MAX_HEIGHT (80 by 24 if unreadable)."""

    def clamp(value: object, default: int, largest: int) -> int:
        try:
            number = int(str(value))
        except ValueError:
            return default
        return max(1, min(number, largest))

    return clamp(width, 80, MAX_WIDTH), clamp(height, 24, MAX_HEIGHT)


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    play_args: Sequence[str] = (),
    *,
    url: str | None = None,
    debug: bool = False,
    max_sessions: int = DEFAULT_MAX_SESSIONS,
    join: str | None = None,
    idle_minutes: float | None = None,
) -> None:
    """Run the web server until Ctrl+C (or SIGTERM); OSError if it cannot listen."""
    from keythedral.serve_web import KeythedralServer

    address = public_url(host, port, url)
    origins, hosts = trusted_addresses(host, port, address)
    server = KeythedralServer(
        app_command(play_args),
        host=listen_host(host),
        port=port,
        public_url=address,
        origins=origins,
        hosts=hosts,
        max_sessions=max_sessions,
    )
    server.join = join  # the hosted game whose seats /join opens, if any
    if idle_minutes is not None:
        server.idle_minutes = idle_minutes
    server.serve(debug=debug)


# --- the command line -----------------------------------------------------------------------
def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``keythedral serve`` to an argparse subparsers object (``run_serve`` runs it)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="play in a web browser (no authentication: binds to 127.0.0.1 by default)",
        description=__doc__.split("\n\n")[0]
        + "\n\nThere is no authentication: the server listens on 127.0.0.1 (this machine only) "
        "unless --host says otherwise.  Play options for the app go after '--'.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--host",
        dest="serve_host",
        default=DEFAULT_HOST,
        help=f"address to listen on (default {DEFAULT_HOST}: this machine only; IPv6 as ::1 "
        "or [::1]; 0.0.0.0 or :: need --public-url)",
    )
    p.add_argument(
        "--port",
        dest="serve_port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port to listen on (default {DEFAULT_PORT})",
    )
    p.add_argument(
        "--public-url",
        dest="serve_url",
        metavar="URL",
        help="the address browsers use to reach this server, when it is not host:port "
        "(e.g. https://games.example.org behind a proxy); only its pages may open games",
    )
    p.add_argument(
        "--max-sessions",
        dest="serve_max_sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=f"games (browser tabs) running at once, at most (default {DEFAULT_MAX_SESSIONS})",
    )
    p.add_argument(
        "--join",
        dest="serve_join",
        metavar="URL",
        help="a game keythedral host runs (ws://HOST:PORT): /join?token=T opens that seat in a tab",
    )
    p.add_argument(
        "--idle-minutes",
        dest="serve_idle",
        type=float,
        metavar="MINUTES",
        help="a game nothing is typed into for this long ends, freeing its place (default 30)",
    )
    p.add_argument("--debug", dest="serve_debug", action="store_true", help=argparse.SUPPRESS)
    p.add_argument(
        "play_args",
        nargs=argparse.REMAINDER,
        metavar="-- PLAY OPTIONS",
        help="options for each game, as for 'keythedral play' (e.g. -- --players Ann Bob)",
    )
    p.set_defaults(func=run_serve)
    return p


def run_serve(args: argparse.Namespace) -> int:
    """``keythedral serve``: runs until interrupted; 2 on bad arguments."""
    play_args = list(args.play_args or ())
    if play_args and play_args[0] == "--":
        play_args = play_args[1:]
    if not 0 < args.serve_port < 65536:
        print(f"keythedral serve: no port {args.serve_port}", file=sys.stderr)
        return 2
    try:
        import textual_serve  # noqa: F401
    except ImportError:  # pragma: no cover - it is a dependency
        print("keythedral serve needs textual-serve: pip install textual-serve", file=sys.stderr)
        return 2
    if args.serve_max_sessions < 1:
        print("keythedral serve: --max-sessions must be at least 1", file=sys.stderr)
        return 2
    idle = getattr(args, "serve_idle", None)
    if idle is not None and not 0 < idle <= 24 * 60:
        print("keythedral serve: --idle-minutes takes more than 0, at most 1440", file=sys.stderr)
        return 2
    try:
        url = public_url(args.serve_host, args.serve_port, args.serve_url)
    except ValueError as error:
        print(f"keythedral serve: {error}", file=sys.stderr)
        return 2
    join = args.serve_join
    if join is not None and urlsplit(join).scheme not in ("ws", "wss"):
        print(
            f"keythedral serve: --join {join!r} is not a ws:// or wss:// address", file=sys.stderr
        )
        return 2
    if not is_loopback(args.serve_host):
        print("WARNING: " + NO_AUTH_WARNING.format(url=url), file=sys.stderr)
    host = listen_host(args.serve_host)
    try:
        serve(
            host,
            args.serve_port,
            play_args,
            url=args.serve_url,
            debug=args.serve_debug,
            max_sessions=args.serve_max_sessions,
            join=join,
            idle_minutes=idle,
        )
    except OSError as error:  # the port is taken, the address is not this machine's, ...
        where = _netloc(host, args.serve_port)
        print(f"keythedral serve: cannot listen on {where}: {error}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run as ``python -m keythedral.serve ...`` (the same options as the subcommand)."""
    return run_alone("serve", add_serve_parser, argv)


if __name__ == "__main__":
    sys.exit(main())
