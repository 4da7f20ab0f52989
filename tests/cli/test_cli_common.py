"""The command-line pieces that keythedral play, simulate and serve share."""

from __future__ import annotations

import argparse
from typing import Any, get_args

import pytest

from keythedral.cli import common as cli_common
from keythedral.engine import GameConfig
from keythedral.engine.config import Edition, WindowPolicy


def _variants(argv: list[str], **options: Any) -> dict[str, Any]:
    parser = argparse.ArgumentParser()
    cli_common.add_variant_options(parser, **options)
    prefix = options.get("prefix", "")
    return cli_common.variants_from_args(parser.parse_args(argv), prefix=prefix)


def test_the_variant_options_default_to_the_game_configs_own_defaults() -> None:
    defaults = {name: field.default for name, field in GameConfig.model_fields.items()}
    for prefix in ("", "sim_"):
        variants = _variants([], prefix=prefix)
        assert variants == {name: defaults[name] for name in variants}


def test_the_variant_options_become_game_config_arguments_whatever_the_prefix() -> None:
    argv = ["--no-laws", "--open-buildings", "--long-game", "--edition", "second"]
    argv += ["--windows", "when_possible"]
    for prefix in ("", "sim_"):
        variants = _variants(argv, prefix=prefix)
        config = GameConfig(players=["Ann", "Bob"], seed=1, **variants)
        assert config.no_laws and config.open_buildings and config.long_game
        assert (config.edition, config.reaction_windows) == ("second", "when_possible")


def test_the_variant_choices_are_the_ones_the_engine_knows() -> None:
    choices = {field: c for _, field, c, _ in cli_common.VARIANT_OPTIONS if c}
    assert choices == {"edition": get_args(Edition), "reaction_windows": get_args(WindowPolicy)}


def test_without_defaults_the_variant_options_leave_earlier_values_alone() -> None:
    parser = argparse.ArgumentParser()
    cli_common.add_variant_options(parser, defaults=False)
    namespace = argparse.Namespace(no_laws=True, edition="second")
    args = parser.parse_args(["--windows", "when_possible"], namespace=namespace)
    assert (args.no_laws, args.edition, args.windows) == (True, "second", "when_possible")
    assert not hasattr(args, "long_game")


def test_help_texts_can_be_replaced_by_field() -> None:
    parser = argparse.ArgumentParser()
    cli_common.add_variant_options(parser, helps={"no_laws": "no law cards at all"})
    text = parser.format_help()
    assert "no law cards at all" in text and "variant: no law cards" not in text
    assert "variant: every building tile face up" in text


def test_a_subcommand_runs_alone_with_its_own_parser(capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[argparse.Namespace] = []

    def add_parser(subparsers: Any) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = subparsers.add_parser("echo")
        p.add_argument("--times", type=int, default=1)
        p.set_defaults(func=lambda args: seen.append(args) or args.times)
        return p

    assert cli_common.run_alone("echo", add_parser, ["--times", "3"]) == 3
    assert seen[0].command == "echo"
    with pytest.raises(SystemExit) as exit_:
        cli_common.run_alone("echo", add_parser, ["--help"])
    assert exit_.value.code == 0 and "usage: keythedral echo" in capsys.readouterr().out
