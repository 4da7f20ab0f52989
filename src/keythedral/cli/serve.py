"""keythedral serve: the same app in a web browser, through textual-serve.

    keythedral serve                       # http://127.0.0.1:8000, a new-game screen per tab
    keythedral serve --port 9000 -- --players Ann Bob --seed 7

Every browser tab that opens the page starts its own ``keythedral`` process (with the play
options given after ``--``), which draws into an xterm.js terminal in the page.  There is no
authentication: whoever can reach the port can play, and can type into a game.  So the server
binds to 127.0.0.1 unless ``--host`` says otherwise, and says so loudly when it is told to
listen beyond this machine.  All tabs share the user's save folder (and autosave), as several
terminals would.

What the server does not trust (see :mod:`keythedral.cli.serve_web`): pages from other sites (a
websocket whose ``Origin`` is not this server is refused), other host names (DNS rebinding),
the screen size a tab asks for (at most MAX_WIDTH x MAX_HEIGHT), tabs that vanish (their
game is ended) and tabs left alone (their game ends after ``--idle-minutes``, 30 by default).
At most ``--max-sessions`` games run at once.

For scripts and tests: :func:`app_command` (the command each tab runs) and :func:`serve`.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from keythedral.cli.common import lang_asked, run_alone
from keythedral.lang import N_, _
from keythedral.net.address import (
    is_loopback,
    listen_host,
    netloc,
    public_url,
    trusted_addresses,
)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: Each game is a process of about 45 MB that wants a share of a core while it draws.
DEFAULT_MAX_SESSIONS = 6

# I18N: {url} is the address the server is reached at.
NO_AUTH_WARNING = N_(
    "keythedral serve has no authentication: anyone who can reach {url} can open a "
    "game and type into it. Bind to 127.0.0.1 (the default) unless this network is yours."
)


def app_command(play_args: Sequence[str] = (), python: str | None = None) -> str:
    """The command textual-serve runs for each browser tab: this Python, this package."""
    args = [python or sys.executable, "-m", "keythedral", *play_args]
    return shlex.join(args)


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
    from keythedral.cli.serve_web import KeythedralServer  # aiohttp: only for serve

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
        help=_("play in a web browser (no authentication: binds to 127.0.0.1 by default)"),
        description=_("keythedral serve: the same app in a web browser, through textual-serve.")
        + "\n\n"
        + _(
            "There is no authentication: the server listens on 127.0.0.1 (this machine only) "
            "unless --host says otherwise.  Play options for the app go after '--'."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--host",
        dest="serve_host",
        default=DEFAULT_HOST,
        # I18N: {address} is an IP address (127.0.0.1).
        help=_(
            "address to listen on (default {address}: this machine only; IPv6 as ::1 "
            "or [::1]; 0.0.0.0 or :: need --public-url)"
        ).format(address=DEFAULT_HOST),
    )
    p.add_argument(
        "--port",
        dest="serve_port",
        type=int,
        default=DEFAULT_PORT,
        help=_("port to listen on (default {port})").format(port=DEFAULT_PORT),
    )
    p.add_argument(
        "--public-url",
        dest="serve_url",
        metavar="URL",
        help=_(
            "the address browsers use to reach this server, when it is not host:port "
            "(e.g. https://games.example.org behind a proxy); only its pages may open games"
        ),
    )
    p.add_argument(
        "--max-sessions",
        dest="serve_max_sessions",
        type=int,
        default=DEFAULT_MAX_SESSIONS,
        metavar="N",
        help=_("games (browser tabs) running at once, at most (default {n})").format(
            n=DEFAULT_MAX_SESSIONS
        ),
    )
    p.add_argument(
        "--join",
        dest="serve_join",
        metavar="URL",
        help=_(
            "a game keythedral host runs (ws://HOST:PORT): /join?token=T opens that seat in a tab"
        ),
    )
    p.add_argument(
        "--idle-minutes",
        dest="serve_idle",
        type=float,
        metavar="MINUTES",
        help=_("a game nothing is typed into for this long ends, freeing its place (default 30)"),
    )
    p.add_argument("--debug", dest="serve_debug", action="store_true", help=argparse.SUPPRESS)
    p.add_argument(
        "play_args",
        nargs=argparse.REMAINDER,
        metavar="-- PLAY OPTIONS",
        help=_("options for each game, as for 'keythedral play' (e.g. -- --players Ann Bob)"),
    )
    p.set_defaults(func=run_serve)
    return p


def run_serve(args: argparse.Namespace) -> int:
    """``keythedral serve``: runs until interrupted; 2 on bad arguments."""
    play_args = list(args.play_args or ())
    if play_args and play_args[0] == "--":
        play_args = play_args[1:]
    if getattr(args, "lang", None) and lang_asked(play_args) is None:
        # serve --lang: each game in it too (else each reads the environment, as serve did)
        play_args = ["--lang", args.lang, *play_args]
    if not 0 < args.serve_port < 65536:
        print(_("keythedral serve: no port {port}").format(port=args.serve_port), file=sys.stderr)
        return 2
    try:
        import textual_serve  # noqa: F401
    except ImportError:  # pragma: no cover - it is a dependency
        print(_("keythedral serve needs textual-serve: pip install textual-serve"), file=sys.stderr)
        return 2
    if args.serve_max_sessions < 1:
        print(_("keythedral serve: --max-sessions must be at least 1"), file=sys.stderr)
        return 2
    idle = getattr(args, "serve_idle", None)
    if idle is not None and not 0 < idle <= 24 * 60:
        print(
            _("keythedral serve: --idle-minutes takes more than 0, at most 1440"), file=sys.stderr
        )
        return 2
    try:
        url = public_url(args.serve_host, args.serve_port, args.serve_url)
    except ValueError as error:
        print(f"keythedral serve: {error}", file=sys.stderr)
        return 2
    join = args.serve_join
    if join is not None and urlsplit(join).scheme not in ("ws", "wss"):
        # I18N: {url} is the address given, in quotes.
        wrong = _("keythedral serve: --join {url} is not a ws:// or wss:// address")
        print(wrong.format(url=repr(join)), file=sys.stderr)
        return 2
    if not is_loopback(args.serve_host):
        # I18N: {warning} is the warning (keythedral serve has no authentication...).
        warning = _("WARNING: {warning}").format(warning=_(NO_AUTH_WARNING).format(url=url))
        print(warning, file=sys.stderr)
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
        where = netloc(host, args.serve_port)
        # I18N: {address} is an address and port (127.0.0.1:8000), {problem} the system's reason.
        cannot = _("keythedral serve: cannot listen on {address}: {problem}")
        print(cannot.format(address=where, problem=error), file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run as ``python -m keythedral.cli.serve ...`` (the same options as the subcommand)."""
    return run_alone("serve", add_serve_parser, argv)


if __name__ == "__main__":
    sys.exit(main())
