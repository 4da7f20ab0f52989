"""Command-line pieces that more than one ``keythedral`` command uses.

The game's variant options (``keythedral play`` and ``keythedral simulate`` both take them),
the seats of ``--bots`` (``play`` and ``host``), and the entry point of a subcommand that also
runs on its own (``python -m keythedral.cli.serve``).
Only argparse here: the command line is built before anything else loads.

Help texts are messages looked up when a parser is built (after ``--lang`` is read), never at
import: a constant's help is marked with ``N_``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from keythedral import lang
from keythedral.lang import N_, _, ngettext

#: The variant options: option, GameConfig field, choices (none: a switch that turns the
#: variant on), and help.  An option's ``dest`` is the flag's own name (``--windows``: ``windows``),
#: after a command's prefix.  The help is a message marked with N_ (looked up when the parser
#: is built); the choices are the command line's words, not messages.
VARIANT_OPTIONS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("--no-laws", "no_laws", (), N_("variant: no law cards")),
    ("--open-buildings", "open_buildings", (), N_("variant: every building tile face up")),
    ("--long-game", "long_game", (), N_("variant: one more tile per stage")),
    # I18N: classic and second are words of the command line: keep them.
    ("--edition", "edition", ("classic", "second"), N_("scoring edition (default: classic)")),
    (
        "--windows",
        "reaction_windows",
        ("always", "when_possible"),
        # I18N: always is a word of the command line: keep it.
        N_("when law-card windows open (default: always, which hides who holds what)"),
    ),
)


def players_problem(names: Sequence[str]) -> str | None:
    """What is wrong with ``--players`` as a whole (how many, two alike), in a player's words;
    None when nothing is.  (Each name's own text: lexicon.name_problem.)"""
    if not 2 <= len(names) <= 5:
        # I18N: {n} is how many players were named.
        return _("Keythedral needs 2 to 5 players, not {n}").format(n=len(names))
    seen: set[str] = set()
    for name in names:
        key = name.strip()
        if key in seen:
            # I18N: {name} is a player's name.
            return _("two players are called {name}: give each a name of their own").format(
                name=name.strip()
            )
        seen.add(key)
    return None


def _dest(flag: str, prefix: str) -> str:
    return prefix + flag.removeprefix("--").replace("-", "_")


def add_variant_options(
    p: argparse.ArgumentParser,
    *,
    prefix: str = "",
    defaults: bool = True,
    helps: Mapping[str, str] | None = None,
) -> None:
    """Add --no-laws, --open-buildings, --long-game, --edition and --windows to ``p``, with
    ``prefix`` before each ``dest``.  A choice defaults to its first value; without
    ``defaults`` no option has a default (a subcommand that repeats the options then leaves
    those given before it alone).  ``helps`` replaces help texts, by GameConfig field (in the
    language in use already)."""
    for flag, field, choices, text in VARIANT_OPTIONS:
        kind: dict[str, Any] = {"choices": choices} if choices else {"action": "store_true"}
        default = (choices[0] if choices else False) if defaults else argparse.SUPPRESS
        p.add_argument(
            flag,
            dest=_dest(flag, prefix),
            help=(helps or {}).get(field) or _(text),
            default=default,
            **kind,
        )


def variants_from_args(args: argparse.Namespace, prefix: str = "") -> dict[str, Any]:
    """The variants the options added by :func:`add_variant_options` ask for, as GameConfig's
    keyword arguments."""
    return {field: getattr(args, _dest(flag, prefix)) for flag, field, _, _ in VARIANT_OPTIONS}


def language(text: str) -> str:
    """A ``--lang``: one of the game's languages (or the tests' pseudo-language, not offered)."""
    code = text.strip().lower()
    if code in lang.LANGUAGES or code == lang.PSEUDO:
        return code
    # I18N: {text} is what was given, in quotes; en, fr and nl are the command line's words.
    raise argparse.ArgumentTypeError(
        _("{text} is not a language of the game: choose en, fr or nl").format(text=repr(text))
    )


def add_lang_option(p: argparse.ArgumentParser, *, defaults: bool = True) -> None:
    """``--lang en|fr|nl`` (``pseudo`` is taken too, but not offered).  Its value is read
    before any parser is built (:func:`choose_language`), so that the help is in it; here it is
    only accepted, and said in the help, on every parser."""
    p.add_argument(
        "--lang",
        type=language,
        metavar="en|fr|nl",
        help=_(
            "the language of the game: en (English), fr (Français), nl (Nederlands); by "
            "default the environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"
        ),
        default=None if defaults else argparse.SUPPRESS,
    )


def lang_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang CODE`` or ``--lang=CODE`` asks for in ``argv`` (the last one,
    before any ``--``), if it is one of ours; None otherwise (argparse then says what is wrong
    with it)."""
    asked = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
    if asked is None:
        return None
    try:
        return language(asked)
    except argparse.ArgumentTypeError:
        return None


def choose_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """Choose the language of the run, once, before any parser or screen is built: ``--lang``
    in ``argv``, else the environment's (:func:`keythedral.lang.from_environment`).  Returns
    its code."""
    code = lang_asked(argv) or lang.from_environment(environ)
    lang.use(code)
    return code


def run_alone(
    command: str,
    add_parser: Callable[[Any], argparse.ArgumentParser],
    argv: Sequence[str] | None = None,
) -> int:
    """Run ``keythedral COMMAND ARGV...`` with only that subcommand's parser (``argv``: the
    process's own arguments by default), for ``python -m keythedral.COMMAND``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    choose_language(argv)
    parser = argparse.ArgumentParser(prog="keythedral")
    sub = parser.add_subparsers(dest="command", required=True)
    add_lang_option(add_parser(sub))
    args = parser.parse_args([command, *argv])
    return int(args.func(args))


#: The computer players and the strength levels (keythedral.bots.bot_names() and
#: level_names(), named here so that parsing the command line loads no engine).
BOT_NAMES = ("random", "greedy", "ismcts", "coach")
LEVEL_NAMES = ("easy", "normal", "hard")


def parse_seats(text: str | None, players: int | None) -> tuple[str, ...]:
    """``"human,greedy,ismcts:time=0.5"`` -> one entry per seat ("human" or a bot spec);
    ValueError saying what is wrong.  With the players named (``players``), one entry for each
    of them: a seat left out is an error, not silently a person."""
    if not text:
        return ()
    seats = []
    for part in text.split(","):
        spec = part.strip()
        if spec.lower() in ("human", "person", "me", "-"):
            seats.append("human")
            continue
        # Only the name is checked here (the bots load with the engine, after the first
        # frame); the app explains bad options.
        if spec.split(":")[0].strip().lower() not in BOT_NAMES + LEVEL_NAMES:
            # I18N: {name} is what was asked for (in quotes); {names} the computer players'
            # names, words of the command line ("easy, normal, hard, random, greedy, ...").
            raise ValueError(
                _("no computer player called {name}: choose from human, {names}").format(
                    name=repr(spec), names=", ".join(LEVEL_NAMES + BOT_NAMES)
                )
            )
        seats.append(spec)
    if players is not None and len(seats) != players:
        example = ",".join(["human", *["hard"] * (players - 1)])
        # I18N: {n} is how many seats --bots named, {players} how many players there are,
        # {example} a --bots value to copy ("human,hard,hard").  (The English keeps "seats"
        # for one seat too.)
        named = ngettext(
            "{n} seats named for {players} players: name one for each player, "
            "in seat order (for example {example})",
            "{n} seats named for {players} players: name one for each player, "
            "in seat order (for example {example})",
            len(seats),
        )
        raise ValueError(named.format(n=len(seats), players=players, example=example))
    if len(seats) > 5:
        raise ValueError(_("Keythedral has at most 5 seats"))
    return tuple(seats)
