"""``keythedral host`` and ``keythedral join``: network play on the command line.

    keythedral host --players Ann Bob Cy [--bots human,greedy] [variants] [--port 8765]
    keythedral host --resume                     # the interrupted hosted game, same tokens
    keythedral join ws://127.0.0.1:8765 --token TOKEN

Only argparse at import time: the command line is built before anything else loads.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from keythedral.cli.common import (
    add_variant_options,
    parse_seats,
    players_problem,
    variants_from_args,
)
from keythedral.lang import N_, _
from keythedral.lexicon import name_problem
from keythedral.net.address import is_any_address, is_loopback, this_machine
from keythedral.safetext import printable

if TYPE_CHECKING:
    from keythedral.net.hosted import HostedGame

DEFAULT_PORT = 8765
DEFAULT_HOST = "127.0.0.1"
TOKEN_VARIABLE = "KEYTHEDRAL_TOKEN"
#: The description of ``keythedral join`` (a message: looked up when the parser is built).
# I18N: {variable} is the name of an environment variable ($KEYTHEDRAL_TOKEN).
JOIN_HELP = N_(
    "Join a game that keythedral host runs: the game's app at your seat (the map, the mats, "
    "your own hand and choices, the public log), or plain text with --plain. The token may "
    "also come from {variable}, which other users of this machine cannot read."
)


def add_host_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "host",
        help=_("host a game for players at other terminals (keythedral join)"),
        description=_(
            "Start a game server: one game, each person joins it from a terminal of "
            "their own with the line printed for their seat (its token is that seat's secret: "
            "give each line only to its player). Computer players play on the server. The "
            "server listens on 127.0.0.1 (this machine only) unless --host says otherwise."
        ),
    )
    p.add_argument("--players", nargs="+", metavar="NAME", help=_("player names in seat order"))
    p.add_argument(
        "--bots",
        metavar="SEATS",
        help=_(
            "who plays each seat: human or a computer player (random, greedy, ismcts), "
            "e.g. human,human,greedy"
        ),
    )
    p.add_argument("--seed", type=int, help=_("the game's seed (random by default)"))
    add_variant_options(p, prefix="host_")
    p.add_argument(
        "--host",
        dest="host_address",
        # I18N: {address} is an IP address (127.0.0.1).
        help=_("address to listen on (default {address}; with --resume, the game's own)").format(
            address=DEFAULT_HOST
        ),
    )
    p.add_argument(
        "--port",
        dest="host_port",
        type=int,
        # I18N: {port} is a port number (8765).
        help=_(
            "port (default {port}; with --resume, the one the game was hosted on; 0: any free port)"
        ).format(port=DEFAULT_PORT),
    )
    p.add_argument(
        "--public-url",
        dest="host_url",
        metavar="URL",
        help=_(
            "the address players join at, when it is not this one: a TLS proxy's "
            "(wss://games.example.org) or this machine's on the LAN"
        ),
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help=_("continue the interrupted hosted game, with the same tokens"),
    )
    p.add_argument(
        "--replace",
        action="store_true",
        help=_("start a new game even though an unfinished one is saved"),
    )
    p.add_argument(
        "--bot-pause",
        dest="host_bot_pause",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help=_("how long each computer player waits before its move (default 0.5)"),
    )
    p.add_argument(
        "--folder",
        type=Path,
        metavar="DIR",
        help=_("where the hosted game is saved (default: DATA/host)"),
    )
    p.set_defaults(func=run_host)
    return p


def add_join_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "join",
        help=_("join a hosted game (the line keythedral host printed for your seat)"),
        description=_(JOIN_HELP).format(variable=f"${TOKEN_VARIABLE}"),
    )
    p.add_argument("url", metavar="URL", help=_("the server, e.g. ws://127.0.0.1:8765"))
    # I18N: {variable} is the name of an environment variable ($KEYTHEDRAL_TOKEN).
    token = _("your seat's token (default: {variable})").format(variable=f"${TOKEN_VARIABLE}")
    p.add_argument("--token", help=token)
    p.add_argument(
        "--plain",
        action="store_true",
        help=_("plain text instead of the app: the log as it happens, numbered choices"),
    )
    p.add_argument(
        "--no-auto-play",
        dest="join_auto_play",
        action="store_false",
        help=_("a decision with one choice waits for a key instead of playing itself"),
    )
    p.set_defaults(func=run_join)
    return p


def _fail(text: str) -> int:
    print(printable(f"keythedral host: {text}"), file=sys.stderr)
    return 2


def run_host(args: argparse.Namespace) -> int:
    # engine: only when the command runs
    from keythedral.net.hosted import HostedGame, HostError, default_folder

    if args.host_port is not None and not 0 <= args.host_port < 65536:
        return _fail(_("there is no port {port}").format(port=args.host_port))
    if not 0 <= args.host_bot_pause <= 60:
        return _fail(_("--bot-pause takes 0 to 60 seconds"))
    folder = args.folder or default_folder()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not _hold(folder):
            # I18N: {folder} is a folder's path.
            return _fail(
                _("another keythedral host is serving the game in {folder}").format(folder=folder)
            )
    except OSError as exc:
        # I18N: {folder} is a folder's path, {problem} the system's reason (in English).
        return _fail(
            _("cannot use the folder {folder}: {problem}").format(
                folder=folder, problem=exc.strerror or exc
            )
        )
    try:
        if args.resume:
            if args.players or args.bots:
                return _fail(_("--resume continues the saved game: give no --players or --bots"))
            game = HostedGame.resume(folder)
        else:
            game = _new_game(args, folder)
    except (HostError, ValueError, OSError) as exc:
        return _fail(str(exc))
    # A resumed game listens where it was hosted: its players' reconnect loops look there.
    saved_host, saved_port = game.address or (DEFAULT_HOST, DEFAULT_PORT)
    args.host_address = args.host_address or (saved_host if args.resume else DEFAULT_HOST)
    if args.host_port is None:
        args.host_port = saved_port if args.resume else DEFAULT_PORT
    if not is_loopback(args.host_address):
        print(
            _(
                "WARNING: keythedral host listens beyond this machine: anyone who can reach it "
                "can try to join, and only the seat tokens keep them out. Messages are not "
                "encrypted: on a network that is not yours, put a TLS proxy in front "
                "(docs/network.md)."
            ),
            file=sys.stderr,
        )
    import asyncio

    url = args.host_url
    if url is not None and urlsplit(url).scheme not in ("ws", "wss"):
        # I18N: {url} is the address given, in quotes.
        return _fail(_("--public-url {url} is not a ws:// or wss:// address").format(url=repr(url)))
    return asyncio.run(_serve(game, args.host_address, args.host_port, args.host_bot_pause, url))


_held: list[int] = []  # the lock files this process holds, open until it ends


def _hold(folder: Path) -> bool:
    """Take the folder's lock for the life of this process: False when another host has it
    (two servers of one game would each play their own)."""
    if sys.platform == "win32":
        return True
    import fcntl

    fd = os.open(folder / "host.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _held.append(fd)
    return True


def _new_game(args: argparse.Namespace, folder: Path) -> HostedGame:
    """A new hosted game from the options (ValueError, HostError saying what is wrong)."""
    import secrets

    from keythedral import engine  # engine: only when the command runs
    from keythedral.bots import BotSpecError, check_spec  # engine: only when the command runs
    from keythedral.net.hosted import HostedGame  # engine: only when the command runs

    if not args.players:
        raise ValueError(_("name the players with --players (or continue a game with --resume)"))
    for name in args.players:
        if (problem := name_problem(name.strip())) is not None:
            raise ValueError(f"--players: {problem}")
    if (problem := players_problem(args.players)) is not None:
        raise ValueError(f"--players: {problem}")
    seats = parse_seats(args.bots, len(args.players))
    for spec in seats:
        if spec != "human":
            try:
                check_spec(spec)
            except BotSpecError as exc:
                raise ValueError(f"--bots: {exc}") from exc
    if HostedGame.unfinished(folder) and not args.replace:
        # I18N: {folder} is a folder's path.
        raise ValueError(
            _(
                "an unfinished hosted game is saved in {folder}: continue it with --resume, or "
                "start a new one over it with --replace"
            ).format(folder=folder)
        )
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        config = engine.GameConfig(
            players=[n.strip() for n in args.players],
            seed=seed,
            **variants_from_args(args, prefix="host_"),
        )
    except engine.ConfigError as exc:
        raise ValueError(str(exc)) from exc
    return HostedGame.new(config, seats, folder)


async def _serve(
    game: HostedGame, host: str, port: int, bot_pause: float, public_url: str | None
) -> int:
    import asyncio
    import contextlib
    import signal

    from keythedral.net.server import GameServer  # engine: only when the command runs
    from keythedral.words.narration import narrate  # engine: only when the command runs

    shown = [game.state.log_total]

    def report(g: HostedGame) -> None:  # the public log, on the host's console
        state = g.state
        new = state.log_total - shown[0]
        for event in state.log[len(state.log) - min(new, len(state.log)) :]:
            print(printable("  " + narrate(event, state.config.players)), flush=True)
        shown[0] = state.log_total
        if g.over:
            print(_("The game is over. Press Ctrl+C to stop the server."), flush=True)

    server = GameServer(
        game, host=host, port=port, bot_pause=bot_pause, on_change=report, public_url=public_url
    )
    # Ctrl+C and a stop signal end the server cleanly from the moment it is up: before the
    # join lines are printed (a script that reads them may stop it at once).
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await server.start()
    except OSError as exc:
        # I18N: {address} is an address and port (127.0.0.1:8765), {problem} the system's reason.
        return _fail(
            _("cannot listen on {address}: {problem}").format(
                address=f"{host}:{port}", problem=exc.strerror or exc
            )
        )
    try:
        game.remember(host, server.port)
    except OSError as exc:
        # I18N: {folder} is a folder's path, {problem} the system's reason (in English).
        cannot = _("keythedral host: cannot note the address in {folder}: {problem}")
        print(cannot.format(folder=game.folder, problem=exc), file=sys.stderr)
    shown_host = this_machine() if is_any_address(host) else server.host
    url = public_url or server.url.replace(f"//{server.host}:", f"//{shown_host}:", 1)
    names = game.config.players
    # I18N: {players} are the players' names ("Ann, Bob, Cy"), {url} the server's address,
    # {folder} where the game is saved.
    hosting = _("Hosting {players} on {url} (saved in {folder}).")
    players = ", ".join(names)
    print(printable(hosting.format(players=players, url=url, folder=game.folder)))
    print(_("Give each player their own line (its token is their seat's secret):"))
    for seat, token in enumerate(game.tokens):
        if token is not None:
            print(printable(f"  {names[seat]}: keythedral join {url} --token {token}"))
    print(_("Ctrl+C stops the server; keythedral host --resume continues the game."), flush=True)
    await stop.wait()
    await server.stop()
    return 0


def run_join(args: argparse.Namespace) -> int:
    import asyncio

    from keythedral.net.client import run_text_client  # engine: only when the command runs

    token = args.token or os.environ.get(TOKEN_VARIABLE, "")
    if not token:
        # I18N: {variable} is the name of an environment variable ($KEYTHEDRAL_TOKEN).
        give = _("keythedral join: give your seat's token (--token or {variable})")
        print(give.format(variable=f"${TOKEN_VARIABLE}"), file=sys.stderr)
        return 2
    if urlsplit(args.url).scheme not in ("ws", "wss"):
        print(
            _("keythedral join: the address starts with ws:// (or wss:// behind a TLS proxy)"),
            file=sys.stderr,
        )
        return 2
    if args.plain:
        try:
            return asyncio.run(run_text_client(args.url, token))
        except KeyboardInterrupt:
            return 0
    from keythedral.tui.remote import run_join_app  # Textual: only for the app

    return run_join_app(
        args.url,
        token,
        ascii=getattr(args, "ascii", False),
        theme=getattr(args, "theme", None),
        auto_play=args.join_auto_play,
        mouse=not getattr(args, "no_mouse", False),
    )
