"""Choosing the language on the command line (issue 31): ``--lang en|fr|nl`` on keythedral
and every subcommand, read before any parser is built (the help is in it); without it, the
environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG); English when neither names one of ours."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from keythedral import cli, lang
from keythedral.cli import common, serve
from tests.support.cli import FakeApp


def test_lang_reaches_the_language_in_use(
    fake_app: type[FakeApp], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["--lang", "nl", "rules"]) == 0
    assert lang.current() == "nl" and "Fase 3" in capsys.readouterr().out  # rules_nl.md
    assert cli.main(["rules", "--lang=fr"]) == 0  # after the subcommand too
    assert lang.current() == "fr" and "dépenser les cubes ressource" in capsys.readouterr().out
    assert cli.main(["--players", "Ann", "Bob", "--lang", "pseudo"]) == 0  # the tests' own
    assert lang.current() == lang.PSEUDO
    assert cli.main(["play", "--lang", "en"]) == 0 and lang.current() == "en"


@pytest.mark.parametrize(
    ("environ", "code"),
    [
        ({"LANGUAGE": "nl:fr", "LANG": "fr_FR.UTF-8"}, "nl"),
        ({"LANG": "fr_BE.UTF-8"}, "fr"),
        ({"LC_ALL": "nl_NL.UTF-8", "LANG": "fr_FR.UTF-8"}, "nl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANGUAGE": "fr", "LC_ALL": "C"}, "en"),  # C: LANGUAGE is not read
    ],
)
def test_without_lang_the_environment_chooses(
    fake_app: type[FakeApp], monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], code: str
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    assert cli.main(["--players", "Ann", "Bob"]) == 0
    assert lang.current() == code
    assert cli.main(["--players", "Ann", "Bob", "--lang", "en"]) == 0  # --lang over it
    assert lang.current() == "en"


def test_the_help_is_in_the_language_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--lang", "pseudo", "--help"])
    assert "[Keythedral for 2 to 5 players at one keyboard.~" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["tutorial", "--help", "--lang", "pseudo"])
    assert "[start the tutorial over" in capsys.readouterr().out  # a subcommand's help


def test_lang_is_on_every_parser_and_offers_no_pseudo_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    parser = cli.build_parser()
    assert "--lang en|fr|nl" in parser.format_help() and "pseudo" not in parser.format_help()
    subcommands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subcommands.choices.items():
        assert any("--lang" in a.option_strings for a in sub._actions), name
    assert parser.parse_args(["join", "ws://x", "--lang", "fr"]).lang == "fr"
    assert parser.parse_args(["--lang", "NL", "host"]).lang == "nl"
    with pytest.raises(SystemExit) as wrong:
        cli.main(["--lang", "de"])
    assert wrong.value.code == 2
    assert "'de' is not a language of the game" in capsys.readouterr().err
    assert lang.current() == "en"  # an unknown --lang: the environment's meanwhile


def test_lang_asked_reads_the_last_lang_before_a_double_dash() -> None:
    assert common.lang_asked(["--lang", "fr", "x", "--lang=nl"]) == "nl"
    assert common.lang_asked(["serve", "--", "--lang", "fr"]) is None  # a game's option
    assert common.lang_asked(["--lang"]) is None and common.lang_asked(["--lang", "xx"]) is None


def test_serve_gives_its_language_to_each_game(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    monkeypatch.setattr(serve, "serve", lambda *args, **kw: seen.append(args[2]))
    assert cli.main(["serve", "--lang", "fr"]) == 0
    assert seen[-1] == ["--lang", "fr"]
    assert cli.main(["serve", "--lang", "fr", "--", "--lang", "nl"]) == 0
    assert seen[-1] == ["--lang", "nl"]  # a game's own --lang is kept
    assert cli.main(["serve"]) == 0
    assert seen[-1] == []  # each game reads the environment, as serve did
