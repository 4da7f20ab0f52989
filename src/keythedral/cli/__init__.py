"""The ``keythedral`` command.

``keythedral`` and ``keythedral play`` open the terminal app: the new-game screen, or straight
into a game when ``--players`` is given, or the interrupted game with ``--resume``.  Other
subcommands (simulate, replay, rules, tutorial, serve) get their own parsers here as they come.

Every help text and message is looked up in the language in use when it is made: the parser's
when :func:`build_parser` runs (after the language is chosen), never at import.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from keythedral import lang
from keythedral.cli import netplay
from keythedral.cli.common import (
    add_lang_option,
    add_variant_options,
    choose_language,
    parse_seats,
    players_problem,
    variants_from_args,
)
from keythedral.lang import _
from keythedral.lexicon import name_problem
from keythedral.records import replay
from keythedral.safetext import printable
from keythedral.tui import keymap
from keythedral.words.rules import print_rules


def _add_play_options(p: argparse.ArgumentParser, *, defaults: bool = True) -> None:
    """The play options; a subcommand repeats them without defaults, so that options given
    before the subcommand are not overwritten."""
    p.add_argument(
        "--players", nargs="+", metavar="NAME", help=_("player names in seat order, 2 to 5")
    )
    p.add_argument(
        "--bots",
        metavar="SEATS",
        help=_(
            "who plays each seat, in seat order: human, a strength level (easy: slips now and "
            "then, for a first game; normal: plays well and at once; hard: the strongest, thinks "
            "up to a second a move) or a computer player (random, greedy, ismcts, options after a "
            "colon: ismcts:time=0.5), e.g. human,normal,hard"
        ),
    )
    p.add_argument(
        "--bot-pause",
        type=seconds,
        metavar="SECONDS",
        help=_("how long each computer player's move stays on screen (default 0.7)"),
        default=0.7 if defaults else argparse.SUPPRESS,
    )
    p.add_argument("--seed", type=int, help=_("the game's seed (random by default)"))
    p.add_argument(
        "--resume", action="store_true", help=_("continue the interrupted game (the autosave)")
    )
    p.add_argument("--load", type=Path, metavar="FILE", help=_("continue a game saved in FILE"))
    add_variant_options(p, defaults=defaults)
    p.add_argument(
        "--strict-privacy",
        action="store_true",
        help=_(
            "the privacy screen before every player's decision, phase 1 included (by default "
            "phase 1 is played on the shared screen, the hand one key away)"
        ),
        default=False if defaults else argparse.SUPPRESS,
    )
    p.add_argument(
        "--no-auto-play",
        dest="auto_play",
        action="store_false",
        help=_(
            "a public decision with one choice (the last number, the only free field) waits "
            "for a key instead of playing itself"
        ),
        default=True if defaults else argparse.SUPPRESS,
    )
    p.add_argument(
        "--coach",
        type=on_off,
        metavar="on|off",
        help=_(
            "the coach: phase 3 opens on a suggested move (and its standing pass), and i "
            "gives a hint; saved with the game (default on; with --resume or --load: the game's own)"
        ),
        default=None if defaults else argparse.SUPPRESS,
    )
    _add_display_options(p, defaults=defaults)


def on_off(text: str) -> bool:
    """An on/off switch (--coach): True for on, False for off (argparse says what is wrong)."""
    word = text.strip().lower()
    if word in ("on", "off"):
        return word == "on"
    # I18N: {text} is what was given (in quotes); on, off and --coach are the command line's.
    raise argparse.ArgumentTypeError(
        _("{text} is neither on nor off: say --coach on or --coach off").format(text=repr(text))
    )


def seconds(text: str) -> float:
    """A --bot-pause: a number of seconds, 0 or more (argparse says what is wrong, exit 2)."""
    try:
        value = float(text)
    except ValueError:
        # I18N: {text} is what was given, in quotes.
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds").format(text=repr(text))
        ) from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(
            _("{text} is not a pause: give a number of seconds, 0 or more (0: no pause)").format(
                text=repr(text)
            )
        )
    return value


def _add_display_options(p: argparse.ArgumentParser, *, defaults: bool = True) -> None:
    """How the app draws and listens: for weak terminals, tmux/ssh, and taste."""
    default: dict[str, Any] = {} if defaults else {"default": argparse.SUPPRESS}
    p.add_argument(
        "--ascii",
        action="store_true",
        help=_("draw with plain ASCII only (for terminals or fonts with weak Unicode)"),
        **default,
    )
    p.add_argument(
        "--no-mouse",
        action="store_true",
        help=_("leave the mouse to the terminal (tmux, ssh: select and copy as usual)"),
        **default,
    )
    p.add_argument(
        "--theme",
        metavar="NAME",
        help=_(
            "colour theme: dark, light, ansi (ansi-dark: the terminal's own 16 colours), "
            "ansi-light, nord, gruvbox, dracula, ... (NO_COLOR=1 turns colour off)"
        ),
        **({"default": None} if defaults else default),
    )


def build_parser() -> argparse.ArgumentParser:
    # Here, not at the top: `python -m keythedral.cli.serve` (or .simulate) runs that module
    # as __main__, and runpy warns when importing this package has loaded it already.
    from keythedral.cli import serve, simulate

    parser = argparse.ArgumentParser(
        prog="keythedral", description=_("Keythedral for 2 to 5 players at one keyboard.")
    )
    _add_play_options(parser)
    add_lang_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = sub.add_parser(
        "play",
        help=_("play a game in the terminal (the default)"),
        argument_default=argparse.SUPPRESS,
    )
    _add_play_options(play, defaults=False)
    simulate.add_simulate_parser(sub)
    _add_display_options(add_replay_parser(sub), defaults=False)
    rules = sub.add_parser("rules", help=_("print the rules as this game plays them"))
    rules.add_argument("--pager", action="store_true", help=_("page through them"))
    rules.set_defaults(func=_rules)
    serve.add_serve_parser(sub)
    netplay.add_host_parser(sub)
    _add_display_options(netplay.add_join_parser(sub), defaults=False)
    log = sub.add_parser(
        "log",
        help=_("print a game's whole public log as plain text (the interrupted game by default)"),
    )
    log.add_argument("file", nargs="?", type=Path, metavar="FILE", help=_("a saved game"))
    log.set_defaults(func=_log)
    keys = sub.add_parser("keys", help=_("list the keys, and where to rebind them"))
    keys.add_argument(
        "--write", action="store_true", help=_("write a keys.toml to edit (if there is none)")
    )
    keys.set_defaults(func=_keys)
    tutorial = sub.add_parser(
        "tutorial", help=_("learn the game: a guided game against two computer players")
    )
    tutorial.add_argument(
        "--restart", action="store_true", help=_("start the tutorial over (forget saved progress)")
    )
    tutorial.add_argument("--name", help=_("your name in the tutorial game (default Robin)"))
    _add_display_options(tutorial, defaults=False)
    tutorial.set_defaults(func=_tutorial)
    for subcommand in sub.choices.values():  # --lang before or after the subcommand
        add_lang_option(subcommand, defaults=False)
    return parser


def _tutorial(args: argparse.Namespace) -> int:
    """Open the app on the tutorial, resumed where it was left unless --restart."""
    with collector_off():
        return _run_tutorial(args)


def _run_tutorial(args: argparse.Namespace) -> int:
    from keythedral.tui.app import KeythedralApp, Start, run_app  # Textual: only for the app

    if args.restart or args.name:
        # engine: only when the command runs
        from keythedral.tutorial import DEFAULT_NAME, Tutorial, TutorialError

        try:
            Tutorial(args.name or DEFAULT_NAME).save()
        except (OSError, TutorialError, ValueError) as exc:  # ValueError: a bad name
            # I18N: {problem} says why.
            cannot = _("keythedral: cannot start the tutorial: {problem}").format(problem=exc)
            print(printable(cannot), file=sys.stderr)
            return 2
    app = KeythedralApp(start=Start(tutorial=True), ascii=args.ascii, theme=args.theme)
    return run_app(app, mouse=not args.no_mouse)


def _log(args: argparse.Namespace) -> int:
    """``keythedral log [FILE]``: the public log, for screen readers, grep and people; FILE
    may be any game record (a save, the autosave, a replay, the tutorial's progress)."""
    from keythedral.bots import check_spec  # engine: only when the command runs

    # not before the first frame
    from keythedral.records import gamelog, loader, persistence, record
    from keythedral.tutorial import progress_game  # engine: only when the command runs

    path = args.file or persistence.autosave_path()
    try:
        game = loader.load(path, tutorial=progress_game, check_seat=check_spec)
    except record.RecordError as exc:
        print(printable(f"keythedral log: {exc}"), file=sys.stderr)
        return 2
    if game.note:
        print(printable(f"keythedral log: {game.note}"), file=sys.stderr)
    sys.stdout.write(gamelog.log_text(game.config, game.actions))  # printable already
    return 0


def _keys(args: argparse.Namespace) -> int:
    """``keythedral keys``: every rebindable key, and the file that rebinds them."""
    return keymap.keys_command(args.write)


def _rules(args: argparse.Namespace) -> int:
    print_rules(pager=args.pager)
    return 0


@contextmanager
def collector_off() -> Iterator[None]:
    """For the app's start-up: it makes a few hundred thousand objects that live for the
    whole run (Textual, the engine, the screen), and the cyclic collector would walk them all,
    again and again, for nothing (30-50 ms before the first frame).  The app turns it back on
    once the game is set up, with everything made so far frozen out of its way
    (KeythedralApp.settle_memory); it is on again here at the latest."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def play(args: argparse.Namespace) -> int:
    """Open the app.  The rules engine loads behind its first frame, so the terminal switches
    to the game at once; a bad setting or a broken save is then explained on screen."""
    with collector_off():
        return _play(args)


def _play(args: argparse.Namespace) -> int:
    from keythedral.tui.app import KeythedralApp, Start, run_app  # Textual: only for the app

    load = args.load
    if args.resume and load is None:
        from keythedral.records import persistence  # not before the first frame

        load = persistence.autosave_path()
        if not load.exists():
            # I18N: {path} is where the interrupted game would be saved.
            none = _("keythedral: there is no interrupted game to resume ({path}).")
            print(printable(none.format(path=load)), file=sys.stderr)
            return 2
    for name in args.players or ():
        # Checked here, before the app (and the engine) loads; the engine checks them again.
        if (problem := name_problem(name.strip())) is not None:
            wrong = _("keythedral: --players: {problem}.").format(problem=problem)
            print(printable(wrong), file=sys.stderr)
            return 2
    if args.players and (problem := players_problem(args.players)) is not None:
        # I18N: {problem} says what is wrong with the players named (a sentence without its
        # full stop).
        wrong = _("keythedral: --players: {problem}.").format(problem=problem)
        print(printable(wrong), file=sys.stderr)
        return 2
    try:
        seats = parse_seats(args.bots, len(args.players) if args.players else None)
    except ValueError as exc:
        print(printable(f"keythedral: --bots: {exc}"), file=sys.stderr)
        return 2
    start = Start(
        players=tuple(args.players or ()),
        seed=args.seed,
        variants=variants_from_args(args),
        load=load,
        seats=seats,
        coach=args.coach,
    )
    app = KeythedralApp(
        start=start,
        ascii=args.ascii,
        theme=args.theme,
        bot_pause=args.bot_pause,
        strict_privacy=args.strict_privacy,
        auto_play=args.auto_play,
    )
    return run_app(app, mouse=not args.no_mouse)


def main(argv: Sequence[str] | None = None) -> int:
    """The ``keythedral`` command.  The language is chosen first (``--lang``, else the
    environment), once: the parsers' help and every screen are made in it."""
    argv = list(sys.argv[1:] if argv is None else argv)
    choose_language(argv)
    args = build_parser().parse_args(argv)
    if args.lang is not None and args.lang != lang.current():  # an abbreviated --lan
        lang.use(args.lang)
    if args.command in (None, "play"):
        return play(args)
    return int(args.func(args)) if hasattr(args, "func") else 2


# --- keythedral replay -----------------------------------------------------------------------
def add_replay_parser(subparsers: Any) -> Any:
    """Add ``keythedral replay FILE`` to an argparse subparsers object (``run_replay`` runs it)."""
    import argparse

    p = subparsers.add_parser(
        "replay",
        help=_("watch a replay in the terminal app, step by step (or print it)"),
        description=_(
            "Check a replay file (every action legal, the stated result right) and open "
            "it in the replay viewer: step forwards and back, by action or by round, from any "
            "seat's view or with every hand shown. --summary prints its settings and result "
            "instead, --log the public log, --at one position as JSON."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, metavar="FILE", help=_("a replay (.json)"))
    p.add_argument(
        "--summary",
        "--text",
        action="store_true",
        help=_("print the players, the settings and the result instead of opening the viewer"),
    )
    p.add_argument(
        "--at",
        type=int,
        metavar="N",
        help=_("print the position after N actions as JSON (negative: from the end)"),
    )
    p.add_argument(
        "--seat",
        default="all",
        metavar="SEAT",
        help=_("with --at: whose view (a seat number, 'public', or 'all' for everything)"),
    )
    p.add_argument("--log", action="store_true", help=_("print the public log, action by action"))
    p.add_argument(
        "--start",
        type=int,
        default=0,
        metavar="N",
        help=_("in the viewer: start after N actions (negative: from the end)"),
    )
    p.set_defaults(func=run_replay)
    return p


def run_replay(args: Any) -> int:
    """``keythedral replay``: 0 when the replay is valid, 2 when it is not.  Without
    ``--summary``, ``--log`` or ``--at`` the replay opens in the terminal app's viewer."""
    import sys

    try:
        rp = replay.load(args.file)
    except replay.ReplayError as exc:
        print(printable(f"keythedral replay: {exc}"), file=sys.stderr)
        return 2
    from keythedral import engine  # engine: only when the command runs

    cur = replay.ReplayCursor(rp)
    if not (getattr(args, "summary", False) or args.log or args.at is not None):
        return _view(args, cur)
    if args.at is not None:
        index = args.at if args.at >= 0 else len(cur) + 1 + args.at
        cur.goto(index)
        seat = str(args.seat).lower()
        if seat == "all":
            print(json.dumps(engine.summary(cur.state), indent=2))
        else:
            try:
                who = None if seat == "public" else int(seat)
                text = cur.view(who).model_dump_json(indent=2)
            except ValueError as exc:
                print(printable(f"keythedral replay: --seat {args.seat}: {exc}"), file=sys.stderr)
                return 2
            print(text)
        return 0
    print(printable(replay.describe(rp)))
    if args.log:
        from keythedral.words.narration import narrate  # engine: only when the command runs

        names = rp.config.players
        width = len(str(len(cur)))
        for event in cur.events():
            print(printable(f"{'':>{width}}  {narrate(event, names)}"))
        while not cur.at_end:
            cur.forward()
            for event in cur.events():
                print(printable(f"{cur.index:>{width}}  {narrate(event, names)}"))
    return 0


def _view(args: Any, cursor: replay.ReplayCursor) -> int:
    """Open the replay viewer of the terminal app on ``cursor``'s replay."""
    from keythedral.tui.app import KeythedralApp, Start, run_app  # Textual: only for the app

    start = getattr(args, "start", 0) or 0
    cursor.goto(start if start >= 0 else len(cursor) + 1 + start)
    app = KeythedralApp(
        start=Start(replay=Path(args.file)),
        ascii=getattr(args, "ascii", False),
        theme=getattr(args, "theme", None),
        autosave=False,
        replay_cursor=cursor,
    )
    return run_app(app, mouse=not getattr(args, "no_mouse", False))
