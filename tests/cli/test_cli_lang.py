"""The command line's words are looked up when they are shown: help texts when the parser is
built (after the language is chosen, never at import), messages when they are printed.  Under
the pseudo-language every one comes out bracketed; in English nothing changed."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from keythedral import cli, lang
from keythedral.cli import common, netplay, plots, serve, serve_web, simulate

pytestmark = pytest.mark.usefixtures("pseudo")  # the pseudo-language (tests/conftest.py)


def bracketed(text: str) -> bool:
    """Every line of ``text`` is a looked-up message (it begins and ends with the pseudo-
    language's brackets)."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    return bool(lines) and all(line.startswith("[") and line.endswith("]") for line in lines)


def parsers(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """``parser`` and every subcommand's, with their names."""
    yield parser.prog, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from parsers(sub)
                for choice in action._choices_actions:
                    if choice.dest == name:
                        assert bracketed(str(choice.help)), name


def test_every_help_text_is_looked_up_when_the_parser_is_built() -> None:
    built = list(parsers(cli.build_parser()))
    assert len(built) >= 11
    for prog, parser in built:
        if parser.description:
            for paragraph in parser.description.split("\n\n"):
                assert bracketed(paragraph), prog
        for action in parser._actions:
            if action.help in (None, argparse.SUPPRESS) or action.dest == "help":
                continue  # argparse's own -h words are Python's
            assert bracketed(str(action.help)), (prog, action.dest)
        parser.format_help()  # a longer language still makes a help page
    lang.use("en")
    english = cli.build_parser()
    assert english.description == "Keythedral for 2 to 5 players at one keyboard."
    assert "~]" not in english.format_help()


@pytest.mark.parametrize("main", [serve.main, simulate.main])
def test_a_subcommand_run_alone_builds_its_parser_in_the_language(main: Any, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "pseudo"])  # chosen before the parser is built
    assert "[keythedral " in capsys.readouterr().out


def test_command_line_mistakes_are_explained_in_the_language() -> None:
    assert bracketed(str(common.players_problem(["Ann"])))
    assert bracketed(str(common.players_problem(["Ann", "Ann"])))
    for text, players in (("human,wizard", 2), ("human", 3), ("human," * 5 + "human", None)):
        with pytest.raises(ValueError) as caught:
            common.parse_seats(text, players)
        assert bracketed(str(caught.value)), text
    for check, text in ((cli.on_off, "maybe"), (cli.seconds, "x"), (cli.seconds, "-1")):
        with pytest.raises(argparse.ArgumentTypeError) as wrong:
            check(text)
        assert bracketed(str(wrong.value))


def _err_after(capsys: pytest.CaptureFixture[str], code: int) -> str:
    assert code == 2
    err = capsys.readouterr().err
    return err.split(": ", 1)[1] if err.startswith("keythedral host: ") else err


def test_the_commands_messages_are_looked_up(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def run(argv: list[str]) -> int:
        return cli.main(["--lang", "pseudo", *argv])  # the language is chosen by main

    for argv in (
        ["--players", "Ann"],
        ["--resume", "--load", str(tmp_path / "none.json"), "--players", "A", "A"],
        ["serve", "--port", "0"],
        ["serve", "--max-sessions", "0"],
        ["serve", "--idle-minutes", "0"],
        ["serve", "--join", "http://x"],
        ["join", "http://x", "--token", "t"],
        ["host", "--port", "99999"],
        ["host", "--bot-pause", "99"],
        ["host", "--folder", str(tmp_path / "host")],
        ["host", "--folder", str(tmp_path / "host"), "--resume", "--players", "A", "B"],
    ):
        err = _err_after(capsys, run(argv))
        assert bracketed(err), argv
    monkeypatch.delenv(netplay.TOKEN_VARIABLE, raising=False)
    assert bracketed(_err_after(capsys, run(["join", "ws://x"])))


def test_the_simulation_table_and_charts_are_looked_up() -> None:
    setup = simulate.Setup(bots=("random", "random"), games=2, seed=3, max_rounds=2)
    summary = simulate.run(setup)
    assert summary.finished < summary.games  # the caption names the unfinished games
    table = simulate.table(summary)
    assert bracketed(str(table.title)) and bracketed(str(table.caption))
    for column in table.columns:
        assert bracketed(str(column.header)), column.header
    console = Console(width=100, record=True, color_system=None)
    console.print(plots.plot(summary, width=100))
    out = console.export_text()
    assert "[Win rates" in out and "[Scores, game by game" in out and "[no finished" in out


def test_the_servers_pages_and_words_are_looked_up() -> None:
    assert "<p>[All 3 games" in serve_web.full_page(3)
    assert "<title>[Keythedral: server full" in serve_web.full_page(3)
    for text in (serve_web.JOIN_NONE, serve_web.JOIN_NO_TOKEN, serve_web.JOIN_BUSY):
        page = serve_web.join_page(text)
        body = page.split("<p>", 1)[1].split("</p>", 1)[0]
        assert bracketed(body), text
    assert bracketed(lang._(serve.NO_AUTH_WARNING))
    assert bracketed(lang._(netplay.JOIN_HELP))


def test_in_english_the_pages_read_as_they_always_did() -> None:
    lang.use("en")
    assert serve_web.full_page(2) == (
        "<!DOCTYPE html>\n"
        '<html><head><meta charset="utf-8"><title>Keythedral: server full</title></head>\n'
        '<body style="background:#0c181f;color:#eee;font-family:monospace;padding:3em">\n'
        "<h1>Keythedral</h1>\n"
        "<p>All 2 games this server runs at once are in use.</p>\n"
        "<p>Close the tab of a game you have finished, then reload this page.</p>\n"
        "</body></html>\n"
    )
    assert serve_web.join_page(serve_web.JOIN_BUSY).endswith(
        "<h1>Keythedral</h1><p>Too many join pages are open and not yet used. Reload this page "
        "in a\nminute or two.</p>\n</body></html>\n"
    )
