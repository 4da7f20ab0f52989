"""Command-line pieces that more than one ``keythedral`` command uses.

The game's variant options (``keythedral play`` and ``keythedral simulate`` both take them),
and the entry point of a subcommand that also runs on its own (``python -m keythedral.serve``).
Only argparse here: the command line is built before anything else loads.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: The variant options: option, GameConfig field, choices (none: a switch that turns the
#: variant on), and help.  An option's ``dest`` is the flag's own name (``--windows``: ``windows``),
#: after a command's prefix.
VARIANT_OPTIONS: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    ("--no-laws", "no_laws", (), "variant: no law cards"),
    ("--open-buildings", "open_buildings", (), "variant: every building tile face up"),
    ("--long-game", "long_game", (), "variant: one more tile per stage"),
    ("--edition", "edition", ("classic", "second"), "scoring edition (default: classic)"),
    (
        "--windows",
        "reaction_windows",
        ("always", "when_possible"),
        "when law-card windows open (default: always, which hides who holds what)",
    ),
)


def players_problem(names: Sequence[str]) -> str | None:
    """What is wrong with ``--players`` as a whole (how many, two alike), in a player's words;
    None when nothing is.  (Each name's own text: safetext.name_problem.)"""
    if not 2 <= len(names) <= 5:
        return f"Keythedral needs 2 to 5 players, not {len(names)}"
    seen: set[str] = set()
    for name in names:
        key = name.strip()
        if key in seen:
            return f"two players are called {name.strip()}: give each a name of their own"
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
    those given before it alone).  ``helps`` replaces help texts, by GameConfig field."""
    for flag, field, choices, text in VARIANT_OPTIONS:
        kind: dict[str, Any] = {"choices": choices} if choices else {"action": "store_true"}
        default = (choices[0] if choices else False) if defaults else argparse.SUPPRESS
        p.add_argument(
            flag,
            dest=_dest(flag, prefix),
            help=(helps or {}).get(field, text),
            default=default,
            **kind,
        )


def variants_from_args(args: argparse.Namespace, prefix: str = "") -> dict[str, Any]:
    """The variants the options added by :func:`add_variant_options` ask for, as GameConfig's
    keyword arguments."""
    return {field: getattr(args, _dest(flag, prefix)) for flag, field, _, _ in VARIANT_OPTIONS}


def run_alone(
    command: str,
    add_parser: Callable[[Any], argparse.ArgumentParser],
    argv: Sequence[str] | None = None,
) -> int:
    """Run ``keythedral COMMAND ARGV...`` with only that subcommand's parser (``argv``: the
    process's own arguments by default), for ``python -m keythedral.COMMAND``."""
    parser = argparse.ArgumentParser(prog="keythedral")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args([command, *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))
