"""GameConfig validation: 2 to 5 distinct players, clear ConfigErrors otherwise."""

import pytest

from keythedral import engine
from tests.support.helpers import NAMES


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_two_to_five_players_are_accepted(n):
    cfg = engine.GameConfig(players=list(NAMES[:n]), seed=3)
    assert list(cfg.players) == list(NAMES[:n])
    assert cfg.seed == 3


@pytest.mark.parametrize("players", [["Ann"], ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"], []])
def test_wrong_player_count_is_a_config_error(players):
    with pytest.raises(engine.ConfigError) as err:
        engine.GameConfig(players=players, seed=1)
    assert "2 to 5 players" in str(err.value)
    assert f"not {len(players)}" in str(err.value)


def test_duplicate_names_are_a_config_error():
    with pytest.raises(engine.ConfigError) as err:
        engine.GameConfig(players=["Ann", "Bob", "Ann"], seed=1)
    assert "names must differ" in str(err.value)


def test_names_equal_after_trimming_spaces_are_duplicates():
    with pytest.raises(engine.ConfigError):
        engine.GameConfig(players=["Ann", "Ann "], seed=1)


def test_empty_name_is_a_config_error():
    with pytest.raises(engine.ConfigError) as err:
        engine.GameConfig(players=["Ann", "  "], seed=1)
    assert "name" in str(err.value)


def test_config_error_is_a_value_error():
    # callers that only know ValueError still catch a bad configuration
    with pytest.raises(ValueError):
        engine.GameConfig(players=["Ann"], seed=1)


@pytest.mark.parametrize(
    "bad",
    [{"edition": "third"}, {"reaction_windows": "never"}, {"colour_blind": True}],
)
def test_unknown_variant_values_are_config_errors(bad):
    with pytest.raises(engine.ConfigError):
        engine.GameConfig(players=["Ann", "Bob"], seed=1, **bad)


def test_variants_are_all_off_by_default():
    cfg = engine.GameConfig(players=["Ann", "Bob", "Cy"], seed=1)
    assert cfg.no_laws is False
    assert cfg.open_buildings is False
    assert cfg.edition == "classic"
    assert cfg.long_game is False
    assert cfg.reaction_windows == "always"


@pytest.mark.parametrize(
    "name",
    ["\x1b]0;X\x07", "Ann\x00", "Bo\u202eb", "Bo\x9bb", "x" * 21, "Zoë\u200b"],
    ids=["escape", "nul", "bidi", "c1", "21-chars", "zero-width"],
)
def test_a_name_must_be_printable_text_of_at_most_20_characters(name):
    with pytest.raises(engine.ConfigError) as err:
        engine.GameConfig(players=["Ann", name], seed=1)
    message = str(err.value)
    assert message.startswith("invalid game configuration: players: the name ")
    assert message.isprintable()  # the name is quoted with its control characters escaped


@pytest.mark.parametrize("name", ["[b]Ann", "[/]", "x" * 20, "Zoë", "Ann Lee", "../x", "Ann\t"])
def test_names_that_merely_look_odd_are_names(name):
    cfg = engine.GameConfig(players=["Bob", name], seed=1)
    assert cfg.players == ("Bob", name.strip())
