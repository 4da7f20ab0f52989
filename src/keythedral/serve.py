"""keythedral serve: the same app in a web browser, through textual-serve.

    keythedral serve                       # http://127.0.0.1:8000, a new-game screen per tab
    keythedral serve --port 9000 -- --players Ann Bob --seed 7

Every browser tab that opens the page starts its own ``keythedral`` process (with the play
options given after ``--``), which draws into an xterm.js terminal in the page.  There is no
authentication: whoever can reach the port can play, and can type into a game.  So the server
binds to 127.0.0.1 unless ``--host`` says otherwise, and says so loudly when it is told to
listen beyond this machine.  All tabs share the user's save folder (and autosave), as several
terminals would.

For scripts and tests: :func:`app_command` (the command each tab runs) and :func:`serve`.
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys
from collections.abc import Sequence
from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000

NO_AUTH_WARNING = (
    "keythedral serve has no authentication: anyone who can reach {host}:{port} can open a "
    "game and type into it. Bind to 127.0.0.1 (the default) unless this network is yours."
)


def is_loopback(host: str) -> bool:
    """True for names and addresses that only this machine can reach."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def app_command(play_args: Sequence[str] = (), python: str | None = None) -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this package."""
    args = [python or sys.executable, "-m", "keythedral", *play_args]
    return shlex.join(args)


def public_url(host: str, port: int, given: str | None = None) -> str:
    """The address the page tells the browser to connect back to.

    A server bound to every interface (0.0.0.0 or ::) cannot hand that out as an address, so
    it offers this machine's loopback one unless ``--public-url`` names the real one.
    """
    if given:
        return given.rstrip("/")
    if host in ("0.0.0.0", "", "::"):
        host = DEFAULT_HOST
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    play_args: Sequence[str] = (),
    *,
    url: str | None = None,
    debug: bool = False,
) -> None:
    """Run the web server until Ctrl+C (or SIGTERM)."""
    from textual_serve.server import Server

    server = Server(
        app_command(play_args),
        host=host,
        port=port,
        title="Keythedral",
        public_url=public_url(host, port, url),
    )
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
        help=f"address to listen on (default {DEFAULT_HOST}: this machine only)",
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
        help="the address browsers use to reach this server, when it is not host:port",
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
    if not is_loopback(args.serve_host):
        print(
            "WARNING: " + NO_AUTH_WARNING.format(host=args.serve_host, port=args.serve_port),
            file=sys.stderr,
        )
    serve(
        args.serve_host,
        args.serve_port,
        play_args,
        url=args.serve_url,
        debug=args.serve_debug,
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run as ``python -m keythedral.serve ...`` (the same options as the subcommand)."""
    parser = argparse.ArgumentParser(prog="keythedral")
    sub = parser.add_subparsers(dest="command", required=True)
    add_serve_parser(sub)
    args = parser.parse_args(["serve", *(sys.argv[1:] if argv is None else argv)])
    return run_serve(args)


if __name__ == "__main__":
    sys.exit(main())
